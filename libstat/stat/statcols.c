/*
 * The statistics registry, bs_stats[]: one row per statistic, the only
 * list of their names, read by bstat's columns, --stats, --target,
 * the summarizers (the quantiles they compute, the overflow check) and
 * the error messages that list them.  Then the statistics of a row for
 * bstat from it: --stats, the compact set people read, or the full set
 * of docs/INTERFACE.md; their column names, headings and values.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "stat/stat.h"

/*
 * The getters of the rows that are not a double of struct bs_summary
 * (those are read at their offset).  A new statistic is its row, and
 * its getter if it needs one (and, when new, its field in struct
 * bs_summary and where bs_summarize computes it).
 */
static double
get_n(const struct bs_summary *s, size_t k)
{
	(void)k;
	return (double)s->n;
}

static double
get_missing(const struct bs_summary *s, size_t k)
{
	(void)k;
	return (double)s->missing;
}

static double
get_ci_half(const struct bs_summary *s, size_t k)
{
	(void)k;
	return (s->ci_hi - s->ci_lo) / 2;
}

static double
get_pct(const struct bs_summary *s, size_t k)
{
	return s->pct[k];
}

static double
get_pct_lo(const struct bs_summary *s, size_t k)
{
	return s->pct_lo[k];
}

static double
get_pct_hi(const struct bs_summary *s, size_t k)
{
	return s->pct_hi[k];
}

/* steady: 1 yes, 0 no, -1 unknown. */
static double
get_steady(const struct bs_summary *s, size_t k)
{
	(void)k;
	return s->steady;
}

#define MOM	BS_SN_SKETCH		/* from the moments: always */
#define ORD	(BS_SN_SORTED | BS_SN_SKETCH)	/* an order statistic */
#define FIN	BS_SF_FINITE
#define AT(f)	offsetof(struct bs_summary, f)
#define RATE	(BS_SF_INTERVAL | BS_SF_RATE)	/* by its own interval */

/*
 * The statistics, in the order of the columns (and of the --stats
 * error's list): name, unit class, needs, flags, getter (NULL: the
 * double at the field), probability of a quantile of the values, field,
 * heading for people, place in --target's list.
 */
const struct bs_stat bs_stats[] = {
	{ "n", BS_SU_COUNT, MOM, 0, get_n, 0, 0, NULL, 14, 0, 0 },
	{ "missing", BS_SU_COUNT, MOM, 0, get_missing, 0, 0, NULL, 0, 0, 0 },
	{ "mean", BS_SU_VALUE, MOM, FIN | BS_SF_INTERVAL, NULL, 0, AT(mean),
	    NULL, 1, 0, 0 },
	{ "sd", BS_SU_SPREAD, MOM, FIN, NULL, 0, AT(sd), NULL, 8, 0, 0 },
	{ "se", BS_SU_SPREAD, MOM, FIN, NULL, 0, AT(se), NULL, 9, 0, 0 },
	{ "ci_lo", BS_SU_VALUE, MOM, FIN, NULL, 0, AT(ci_lo), NULL, 12, 0, 0 },
	{ "ci_hi", BS_SU_VALUE, MOM, FIN, NULL, 0, AT(ci_hi), NULL, 13, 0, 0 },
	/* The table heads the half-width "± CI": mean ± that of its CI. */
	{ "ci_half", BS_SU_SPREAD, MOM, 0, get_ci_half, 0, 0,
	    "\xc2\xb1 CI", 0, 0, 0 },
	{ "min", BS_SU_VALUE, MOM, FIN, NULL, 0, AT(min), NULL, 4, 0, 0 },
	{ "q1", BS_SU_VALUE, ORD, FIN, NULL, 0.25, AT(q1), NULL, 6, 0, 0 },
	{ "median", BS_SU_VALUE, ORD, FIN, NULL, 0.5, AT(median), NULL, 2,
	    0, 0 },
	{ "q3", BS_SU_VALUE, ORD, FIN, NULL, 0.75, AT(q3), NULL, 7, 0, 0 },
	{ "max", BS_SU_VALUE, MOM, FIN, NULL, 0, AT(max), NULL, 5, 0, 0 },
	{ "iqr", BS_SU_SPREAD, ORD, FIN, NULL, 0, AT(iqr), NULL, 10, 0, 0 },
	{ "cv", BS_SU_RATIO, MOM, 0, NULL, 0, AT(cv), NULL, 11, 0, 0 },
	{ "pNN", BS_SU_VALUE, ORD | BS_SN_PCT, 0, get_pct, 0, 0, NULL, 3,
	    0, 0 },
	{ "median_lo", BS_SU_VALUE, BS_SN_SORTED | BS_SN_PCTCI, 0, NULL, 0,
	    AT(median_lo), NULL, 0, 0, 0 },
	{ "median_hi", BS_SU_VALUE, BS_SN_SORTED | BS_SN_PCTCI, 0, NULL, 0,
	    AT(median_hi), NULL, 0, 0, 0 },
	{ "pNN_lo", BS_SU_VALUE, BS_SN_SORTED | BS_SN_PCT | BS_SN_PCTCI, 0,
	    get_pct_lo, 0, 0, NULL, 0, 0, 0 },
	{ "pNN_hi", BS_SU_VALUE, BS_SN_SORTED | BS_SN_PCT | BS_SN_PCTCI, 0,
	    get_pct_hi, 0, 0, NULL, 0, 0, 0 },
	{ "r1", BS_SU_RATIO, BS_SN_AUTOCORR, 0, NULL, 0, AT(r1), NULL, 0,
	    0, 0 },
	{ "steady_diff", BS_SU_RATIO, BS_SN_STEADY, FIN, NULL, 0,
	    AT(steady_diff), NULL, 0, 0, 0 },
	{ "steady", BS_SU_FLAG, BS_SN_STEADY, 0, get_steady, 0, 0, NULL, 0,
	    0, 0 },
	{ "mvalue", BS_SU_RATIO, BS_SN_SORTED | BS_SN_MVALUE, 0, NULL, 0,
	    AT(mvalue), NULL, 0, 0, 0 },
	{ "mde", BS_SU_SPREAD, MOM | BS_SN_MDE, FIN, NULL, 0, AT(mde), NULL,
	    0, 0, 0 },
	/* The requests' rates: counted by the table (--ok, --apdex). */
	{ "errors", BS_SU_COUNT, MOM | BS_SN_RATES, 0, NULL, 0, AT(errors),
	    NULL, 0, 0, 0 },
	{ "error_rate", BS_SU_RATIO, MOM | BS_SN_RATES, RATE, NULL, 0,
	    AT(error_rate), NULL, 15, AT(error_lo), AT(error_hi) },
	{ "error_lo", BS_SU_RATIO, MOM | BS_SN_RATES, 0, NULL, 0,
	    AT(error_lo), NULL, 0, 0, 0 },
	{ "error_hi", BS_SU_RATIO, MOM | BS_SN_RATES, 0, NULL, 0,
	    AT(error_hi), NULL, 0, 0, 0 },
	{ "apdex", BS_SU_RATIO, MOM | BS_SN_APDEX, RATE, NULL, 0, AT(apdex),
	    NULL, 16, AT(apdex_lo), AT(apdex_hi) },
	{ "apdex_lo", BS_SU_RATIO, MOM | BS_SN_APDEX, 0, NULL, 0,
	    AT(apdex_lo), NULL, 0, 0, 0 },
	{ "apdex_hi", BS_SU_RATIO, MOM | BS_SN_APDEX, 0, NULL, 0,
	    AT(apdex_hi), NULL, 0, 0, 0 },
	{ NULL }
};

#undef MOM
#undef ORD
#undef FIN
#undef AT
#undef RATE

/* A name that stands for several statistics: "ci" for both bounds. */
static const struct {
	const char	*name;
	const char	*is[2];
} aliases[] = {
	{ "ci", { "ci_lo", "ci_hi" } }
};

/*
 * The sets of statistics of a row without --stats: the compact set for
 * the table people read (what they look at first: centre, its spread,
 * the tail), the full set of docs/INTERFACE.md that scripts rely on;
 * "pNN" is every percentile.
 */
static const char *const compact_set[] = { "n", "mean", "ci_half", "median",
	"pNN", "min", "max", NULL };
static const char *const full_set[] = { "n", "missing", "mean", "sd", "se",
	"ci_lo", "ci_hi", "min", "q1", "median", "q3", "max", "iqr", "cv",
	"pNN", NULL };
/* The options that add their statistics to any set, after it, in order. */
static const unsigned added_by[] = { BS_SN_PCTCI, BS_SN_AUTOCORR,
	BS_SN_STEADY, BS_SN_MVALUE, BS_SN_MDE, BS_SN_RATES, BS_SN_APDEX };

void
bs_stat_needs_rates(const struct bs_stat *id, struct bs_summary_opts *so)
{
	if (id->needs & BS_SN_RATES)
		so->rates = 1;
	/* Apdex's T by default: 500, JMeter's (its latencies in ms). */
	if ((id->needs & BS_SN_APDEX) && !(so->apdex > 0) &&
	    !(so->apdex_s > 0)) {
		so->apdex = BS_APDEX_T;		/* in a column of no unit */
		so->apdex_s = BS_APDEX_T_S;
	}
}

/* Is the option of need b on (pct_ci adds only to a set, not to --stats)? */
static int
option_on(unsigned b, const struct bs_summary_opts *so, const char *list,
    int mvalue)
{
	switch (b) {
	case BS_SN_PCTCI:
		return so->pct_ci && list == NULL;
	case BS_SN_AUTOCORR:
		return so->autocorr;
	case BS_SN_STEADY:
		return so->steady != 0;
	case BS_SN_RATES:
		return so->rates;
	case BS_SN_APDEX:
		return so->apdex > 0 || so->apdex_s > 0;
	case BS_SN_MDE:
		return so->mde_power > 0;
	default:
		return mvalue;
	}
}

/*
 * Does the list name a statistic of the rates' family b already
 * (--stats n,error_rate)?  Then it is the list asked for, no more.
 */
static int
family_named(const struct bs_statcols *st, unsigned b)
{
	if (b != BS_SN_RATES && b != BS_SN_APDEX)
		return 0;
	for (size_t k = 0; k < st->n; k++)
		if (st->c[k].stat->needs & b)
			return 1;
	return 0;
}

/* What a percentile's name has after "pNN": "_lo", or "". */
static const char *
pct_suffix(const struct bs_stat *st)
{
	const char *u = strchr(st->name, '_');

	return u != NULL ? u : "";
}

/* "pNN_lo" against "p99.9_lo": the percentile, or -1 when it is not. */
static int
pct_match(const struct bs_stat *st, const char *name, double *pct)
{
	const char *suf = pct_suffix(st);
	size_t l = strlen(name), ls = strlen(suf);
	char *end;
	double pc;

	if (l <= ls + 1 || name[0] != 'p' || strcmp(name + l - ls, suf) != 0)
		return -1;
	errno = 0;
	pc = strtod(name + 1, &end);
	if (end != name + l - ls || errno != 0 || !(pc >= 0 && pc <= 100))
		return -1;
	if (pct != NULL)
		*pct = pc;
	return 0;
}

/* The row of that name as bs_stats[] spells it ("pNN" too), or NULL. */
static const struct bs_stat *
row_named(const char *name)
{
	for (size_t i = 0; bs_stats[i].name != NULL; i++)
		if (strcmp(bs_stats[i].name, name) == 0)
			return &bs_stats[i];
	return NULL;
}

const struct bs_stat *
bs_stat_find(const char *name, double *pct)
{
	size_t i;

	for (i = 0; bs_stats[i].name != NULL; i++)
		if (!(bs_stats[i].needs & BS_SN_PCT) &&
		    strcmp(bs_stats[i].name, name) == 0)
			return &bs_stats[i];
	for (i = 0; bs_stats[i].name != NULL; i++)
		if ((bs_stats[i].needs & BS_SN_PCT) &&
		    pct_match(&bs_stats[i], name, pct) == 0)
			return &bs_stats[i];
	return NULL;
}

/* Append s to buf, within len. */
static void
cat(char *buf, size_t len, const char *s)
{
	size_t l = strlen(buf);

	if (l + 1 < len)
		snprintf(buf + l, len - l, "%s", s);
}

void
bs_stat_names(char *buf, size_t len, int target, const char *last)
{
	const struct bs_stat *row[64];
	size_t i, j, n = 0;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; bs_stats[i].name != NULL && n < 64; i++)
		if (!target || bs_stats[i].target > 0)
			row[n++] = &bs_stats[i];
	/* --target's list in its own order: the most asked for first. */
	for (i = 1; target && i < n; i++)
		for (j = i; j > 0 && row[j - 1]->target > row[j]->target; j--) {
			const struct bs_stat *t = row[j];

			row[j] = row[j - 1];
			row[j - 1] = t;
		}
	for (i = 0; i < n; i++) {
		if (i > 0)
			cat(buf, len, i + 1 == n ? last : ", ");
		for (j = 0; !target && j < sizeof(aliases) /
		    sizeof(aliases[0]); j++)
			if (strcmp(aliases[j].is[0], row[i]->name) == 0) {
				cat(buf, len, aliases[j].name);
				cat(buf, len, ", ");
			}
		cat(buf, len, row[i]->name);
	}
}

static int
stat_add(struct bs_statcols *st, const struct bs_stat *id, size_t k,
    const struct bs_summary_opts *so, struct bs_err *e)
{
	struct bs_statcol *c;
	char num[40];

	for (size_t i = 0; i < st->n; i++)
		if (st->c[i].stat == id && st->c[i].k == k)
			return 0;
	if (st->n == BS_MAXSTATS)
		return bs_seterr(e, NULL, 0, "--stats: at most %d statistics",
		    BS_MAXSTATS);
	c = &st->c[st->n++];
	c->stat = id;
	c->k = k;
	if (!(id->needs & BS_SN_PCT)) {
		snprintf(c->name, sizeof(c->name), "%s", id->name);
		return 0;
	}
	/* "pNN_lo": the percentile as written, then the suffix. */
	bs_fmt_double(num, sizeof(num), so->pct[k]);
	snprintf(c->name, sizeof(c->name), "p%s%s", num, pct_suffix(id));
	return 0;
}

/* A statistic, or every percentile's with pNN. */
static int
stat_add_all(struct bs_statcols *st, const struct bs_stat *id,
    const struct bs_summary_opts *so, struct bs_err *e)
{
	if (!(id->needs & BS_SN_PCT))
		return stat_add(st, id, 0, so, e);
	for (size_t k = 0; k < so->npct; k++)
		if (stat_add(st, id, k, so, e) == -1)
			return -1;
	return 0;
}

/* The index of percentile p, added to those computed if new. */
static long
pct_index(struct bs_summary_opts *so, double p, struct bs_err *e)
{
	size_t k;

	for (k = 0; k < so->npct; k++)
		if (so->pct[k] == p)
			return (long)k;
	if (so->npct == BS_MAX_PCT)
		return bs_seterr(e, NULL, 0, "--stats: at most %d "
		    "percentiles", BS_MAX_PCT);
	so->pct[so->npct] = p;
	return (long)so->npct++;
}

/*
 * An unknown statistic, named as the user wrote it less the suffix of
 * a percentile's interval ("px" of "px_lo").
 */
static int
unknown_stat(char *tok, struct bs_err *e)
{
	char names[512];
	size_t l = strlen(tok);

	for (size_t i = 0; bs_stats[i].name != NULL; i++) {
		const char *suf;
		size_t ls;

		if (!(bs_stats[i].needs & BS_SN_PCT))
			continue;
		suf = pct_suffix(&bs_stats[i]);
		ls = strlen(suf);
		if (ls > 0 && l > ls && strcmp(tok + l - ls, suf) == 0) {
			tok[l - ls] = '\0';
			break;
		}
	}
	bs_stat_names(names, sizeof(names), 0, ", ");
	return bs_seterr(e, NULL, 0, "--stats: unknown statistic '%s' (%s)",
	    tok, names);
}

/* The options a statistic of --stats needs, turned on; -1 when refused. */
static int
stat_needs(const struct bs_stat *id, const char *tok,
    struct bs_summary_opts *so, int *mvalue, struct bs_err *e)
{
	if (id->needs & BS_SN_PCTCI)
		so->pct_ci = 1;
	if (id->needs & BS_SN_AUTOCORR)
		so->autocorr = 1;
	if (id->needs & BS_SN_MVALUE)
		*mvalue = 1;
	if ((id->needs & BS_SN_MDE) && !(so->mde_power > 0))
		so->mde_power = so->mde_power < 0 ? -so->mde_power : 0.8;
	bs_stat_needs_rates(id, so);
	if ((id->needs & BS_SN_STEADY) && so->steady == 0)
		return bs_seterr(e, NULL, 0, "--stats %s needs --steady W",
		    tok);
	return 0;
}

/*
 * --stats LIST: the names of the output columns; "ci" is both bounds,
 * "pNN" any percentile.  Statistics that need an option turn it on.
 */
static int
parse_stats(struct bs_statcols *st, const char *list,
    struct bs_summary_opts *so, int *mvalue, struct bs_err *e)
{
	const struct bs_stat *id;
	char *dup, *p, *tok;
	double pc;
	size_t i;
	long k;
	int rc = -1;

	if ((dup = strdup(list)) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (p = dup; (tok = strsep(&p, ",")) != NULL;) {
		for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
			if (strcmp(tok, aliases[i].name) == 0)
				break;
		if (i < sizeof(aliases) / sizeof(aliases[0])) {
			if (stat_add(st, row_named(aliases[i].is[0]), 0, so,
			    e) == -1 || stat_add(st, row_named(aliases[i].is[1]),
			    0, so, e) == -1)
				goto out;
			continue;
		}
		if ((id = bs_stat_find(tok, &pc)) == NULL) {
			unknown_stat(tok, e);
			goto out;
		}
		if (stat_needs(id, tok, so, mvalue, e) == -1)
			goto out;
		k = 0;
		if ((id->needs & BS_SN_PCT) && (k = pct_index(so, pc, e)) < 0)
			goto out;
		if (stat_add(st, id, (size_t)k, so, e) == -1)
			goto out;
	}
	if (st->n == 0) {
		bs_seterr(e, NULL, 0, "--stats takes a comma-separated list "
		    "of statistics");
		goto out;
	}
	rc = 0;
out:
	free(dup);
	return rc;
}

/*
 * The statistics of a row.  The options that add columns add them to
 * any set, after it: their statistics in the order of bs_stats[], a
 * percentile's (pNN_lo, pNN_hi) for each percentile in turn.
 */
int
bs_statcols_choose(struct bs_statcols *st, const char *list, int compact,
    struct bs_summary_opts *so, int *mvalue, struct bs_err *e)
{
	const char *const *set = compact ? compact_set : full_set;
	const struct bs_stat *id;
	size_t i, j, k;

	st->n = 0;	/* st->wide is the caller's */
	if (list != NULL) {
		if (parse_stats(st, list, so, mvalue, e) == -1)
			return -1;
	} else
		for (i = 0; set[i] != NULL; i++) {
			/* --spread sd: the runs' sd beside the mean. */
			id = row_named(compact && so->spread_sd &&
			    strcmp(set[i], "ci_half") == 0 ? "sd" : set[i]);
			/* Order statistics in the compact set need them. */
			if (compact && so->no_quantiles &&
			    (id->needs & BS_SN_SORTED))
				continue;
			if (stat_add_all(st, id, so, e) == -1)
				return -1;
		}
	for (j = 0; j < sizeof(added_by) / sizeof(added_by[0]); j++) {
		unsigned b = added_by[j];

		if (!option_on(b, so, list, *mvalue) || family_named(st, b))
			continue;
		for (i = 0; bs_stats[i].name != NULL; i++)
			if ((bs_stats[i].needs & b) &&
			    !(bs_stats[i].needs & BS_SN_PCT) &&
			    stat_add(st, &bs_stats[i], 0, so, e) == -1)
				return -1;
		for (k = 0; k < so->npct; k++)
			for (i = 0; bs_stats[i].name != NULL; i++)
				if ((bs_stats[i].needs & b) &&
				    (bs_stats[i].needs & BS_SN_PCT) &&
				    stat_add(st, &bs_stats[i], k, so, e) == -1)
					return -1;
	}
	return 0;
}

/*
 * The name of a statistic's column: the table people read may show a
 * heading of its own (ci_half's "±"); the machine formats keep the
 * name a script can use.
 */
double
bs_stat_value(const struct bs_stat *st, const struct bs_summary *s, size_t k)
{
	if (st->get != NULL)
		return st->get(s, k);
	return *(const double *)(const void *)((const char *)s + st->off);
}

const char *
bs_statcol_heading(const struct bs_statcol *c, enum bs_outfmt f)
{
	/* People read their language (bs_tr); scripts the names. */
	if (f == BS_OUT_TABLE || f == BS_OUT_MD)
		return bs_tr(c->stat->heading != NULL ? c->stat->heading :
		    c->name);
	return c->name;
}

double
bs_statcol_value(const struct bs_statcol *c, const struct bs_summary *s)
{
	return bs_stat_value(c->stat, s, c->k);
}

/*
 * The statistics of one series from column col of row on; u, when
 * not NULL, the unit of its values for the table people read.
 */
size_t
bs_statcols_put(struct bs_result *res, size_t row, size_t col,
    const struct bs_statcols *st, const struct bs_summary *s,
    const struct bs_colunit *u, const char *key)
{
	for (size_t k = 0; k < st->n; k++, col++) {
		const struct bs_statcol *c = &st->c[k];
		double v = bs_statcol_value(c, s);

		switch (c->stat->unit) {
		case BS_SU_COUNT:
			/* A summary that does not say its n: empty. */
			if (!s->n_unknown && !isnan(v))
				bs_result_int(res, row, col, (long long)v);
			break;
		case BS_SU_FLAG:
			if (v >= 0)
				bs_result_str(res, row, col, v ? "yes" : "no");
			break;
		default:
			bs_result_num(res, row, col, v);
			if (u != NULL && c->stat->unit != BS_SU_RATIO)
				bs_result_unit(res, row, col, u, key,
				    c->stat->unit == BS_SU_SPREAD);
		}
	}
	return col;
}
