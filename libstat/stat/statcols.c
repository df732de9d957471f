/*
 * The statistics of a row for bstat: --stats, the compact set people
 * read, or the full set of docs/INTERFACE.md; their column names, their
 * values from a summary, and which are in the unit of the values.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"

/*
 * The statistics a row holds, in order: --stats, else the compact set
 * for the table people read, else the full set of docs/INTERFACE.md
 * that scripts rely on.
 */
static const char *const statnames[] = { "n", "missing", "mean", "sd",
	"se", "ci_lo", "ci_hi", "ci_half", "min", "q1", "median", "q3", "max",
	"iqr", "cv", NULL, "median_lo", "median_hi", NULL, NULL, "r1",
	"steady_diff", "steady", "mvalue" };

/* Is the statistic in the unit of the values (scaled for people)? */
static int
in_unit(enum bs_stat id)
{
	return id != BS_ST_N && id != BS_ST_MISSING && id != BS_ST_CV && id != BS_ST_R1 &&
	    id != BS_ST_STEADY_DIFF && id != BS_ST_STEADY && id != BS_ST_MVALUE;
}

/* Is it a spread, shown in the unit its levels choose? */
static int
spread(enum bs_stat id)
{
	return id == BS_ST_SD || id == BS_ST_SE || id == BS_ST_CI_HALF || id == BS_ST_IQR;
}

static int
stat_add(struct bs_statcols *st, enum bs_stat id, size_t k,
    const struct bs_summary_opts *so, struct bs_err *e)
{
	struct bs_statcol *c;
	char num[40];

	for (size_t i = 0; i < st->n; i++)
		if (st->c[i].id == id && st->c[i].k == k)
			return 0;
	if (st->n == BS_MAXSTATS)
		return bs_seterr(e, NULL, 0, "--stats: at most %d statistics",
		    BS_MAXSTATS);
	c = &st->c[st->n++];
	c->id = id;
	c->k = k;
	if (statnames[id] != NULL) {
		snprintf(c->name, sizeof(c->name), "%s", statnames[id]);
		return 0;
	}
	bs_fmt_double(num, sizeof(num), so->pct[k]);
	snprintf(c->name, sizeof(c->name), "p%s%s", num, id == BS_ST_PCT_LO ?
	    "_lo" : id == BS_ST_PCT_HI ? "_hi" : "");
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
 * --stats LIST: the names of the output columns; "ci" is both bounds,
 * "pNN" any percentile.  Statistics that need an option turn it on.
 */
static int
parse_stats(struct bs_statcols *st, const char *list,
    struct bs_summary_opts *so, int *mvalue, struct bs_err *e)
{
	char *dup, *p, *tok, *end;
	double pc;
	size_t i;
	long k;
	int rc = -1;

	if ((dup = strdup(list)) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (p = dup; (tok = strsep(&p, ",")) != NULL;) {
		size_t l = strlen(tok);
		enum bs_stat id = BS_ST_PCT;

		if (strcmp(tok, "ci") == 0) {
			if (stat_add(st, BS_ST_CI_LO, 0, so, e) == -1 ||
			    stat_add(st, BS_ST_CI_HI, 0, so, e) == -1)
				goto out;
			continue;
		}
		for (i = 0; i < sizeof(statnames) / sizeof(statnames[0]); i++)
			if (statnames[i] != NULL && strcmp(tok, statnames[i]) ==
			    0)
				break;
		if (i < sizeof(statnames) / sizeof(statnames[0])) {
			id = (enum bs_stat)i;
			if (id == BS_ST_MEDIAN_LO || id == BS_ST_MEDIAN_HI)
				so->pct_ci = 1;
			else if (id == BS_ST_R1)
				so->autocorr = 1;
			else if (id == BS_ST_MVALUE)
				*mvalue = 1;
			else if ((id == BS_ST_STEADY ||
			    id == BS_ST_STEADY_DIFF) && so->steady == 0) {
				bs_seterr(e, NULL, 0, "--stats %s needs --steady W",
				    tok);
				goto out;
			}
			if (stat_add(st, id, 0, so, e) == -1)
				goto out;
			continue;
		}
		if (l > 3 && strcmp(tok + l - 3, "_lo") == 0)
			id = BS_ST_PCT_LO;
		else if (l > 3 && strcmp(tok + l - 3, "_hi") == 0)
			id = BS_ST_PCT_HI;
		if (id != BS_ST_PCT)
			tok[l - 3] = '\0';
		errno = 0;
		if (tok[0] != 'p' || tok[1] == '\0' ||
		    (pc = strtod(tok + 1, &end), *end != '\0') || errno != 0 ||
		    !(pc >= 0 && pc <= 100)) {
			bs_seterr(e, NULL, 0, "--stats: unknown statistic '%s' "
			    "(n, missing, mean, sd, se, ci, ci_lo, ci_hi, "
			    "ci_half, min, q1, median, q3, max, iqr, cv, pNN, "
			    "median_lo, median_hi, pNN_lo, pNN_hi, r1, "
			    "steady_diff, steady, mvalue)", tok);
			goto out;
		}
		if (id != BS_ST_PCT)
			so->pct_ci = 1;
		if ((k = pct_index(so, pc, e)) < 0 ||
		    stat_add(st, id, (size_t)k, so, e) == -1)
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
 * any set, after it.
 */
int
bs_statcols_choose(struct bs_statcols *st, const char *list, int compact,
    struct bs_summary_opts *so, int *mvalue, struct bs_err *e)
{
	static const enum bs_stat full[] = { BS_ST_N, BS_ST_MISSING, BS_ST_MEAN, BS_ST_SD,
	    BS_ST_SE, BS_ST_CI_LO, BS_ST_CI_HI, BS_ST_MIN, BS_ST_Q1, BS_ST_MEDIAN, BS_ST_Q3, BS_ST_MAX,
	    BS_ST_IQR, BS_ST_CV };
	size_t k;

	st->n = 0;	/* st->wide is the caller's */
	if (list != NULL) {
		if (parse_stats(st, list, so, mvalue, e) == -1)
			return -1;
	} else if (compact) {
		/* What people look at first: centre, its spread, the tail. */
		if (stat_add(st, BS_ST_N, 0, so, e) == -1)
			return -1;
		if (stat_add(st, BS_ST_MEAN, 0, so, e) == -1)
			return -1;
		if (stat_add(st, BS_ST_CI_HALF, 0, so, e) == -1)
			return -1;
		if (!so->no_quantiles) {
			if (stat_add(st, BS_ST_MEDIAN, 0, so, e) == -1)
			return -1;
			for (k = 0; k < so->npct; k++)
				if (stat_add(st, BS_ST_PCT, k, so, e) == -1)
			return -1;
		}
		if (stat_add(st, BS_ST_MIN, 0, so, e) == -1)
			return -1;
		if (stat_add(st, BS_ST_MAX, 0, so, e) == -1)
			return -1;
	} else {
		for (k = 0; k < sizeof(full) / sizeof(full[0]); k++)
			if (stat_add(st, full[k], 0, so, e) == -1)
			return -1;
		for (k = 0; k < so->npct; k++)
			if (stat_add(st, BS_ST_PCT, k, so, e) == -1)
			return -1;
	}
	if (so->pct_ci && list == NULL) {
		if (stat_add(st, BS_ST_MEDIAN_LO, 0, so, e) == -1)
			return -1;
		if (stat_add(st, BS_ST_MEDIAN_HI, 0, so, e) == -1)
			return -1;
		for (k = 0; k < so->npct; k++) {
			if (stat_add(st, BS_ST_PCT_LO, k, so, e) == -1)
			return -1;
			if (stat_add(st, BS_ST_PCT_HI, k, so, e) == -1)
			return -1;
		}
	}
	if (so->autocorr)
		if (stat_add(st, BS_ST_R1, 0, so, e) == -1)
			return -1;
	if (so->steady) {
		if (stat_add(st, BS_ST_STEADY_DIFF, 0, so, e) == -1)
			return -1;
		if (stat_add(st, BS_ST_STEADY, 0, so, e) == -1)
			return -1;
	}
	if (*mvalue)
		if (stat_add(st, BS_ST_MVALUE, 0, so, e) == -1)
			return -1;
	return 0;
}

/*
 * The name of a statistic's column: the table shows the half-width of
 * the interval as "±" (mean ± half-width); the machine formats keep the
 * name a script can use.
 */
static int
machine_fmt(enum bs_outfmt f)
{
	return f != BS_OUT_TABLE && f != BS_OUT_MD;
}

const char *
bs_statcol_heading(const struct bs_statcol *c, enum bs_outfmt f)
{
	if (c->id == BS_ST_CI_HALF && !machine_fmt(f))
		return "\xc2\xb1";
	return c->name;
}

double
bs_statcol_value(const struct bs_statcol *c, const struct bs_summary *s)
{
	switch (c->id) {
	case BS_ST_MEAN:		return s->mean;
	case BS_ST_SD:		return s->sd;
	case BS_ST_SE:		return s->se;
	case BS_ST_CI_LO:		return s->ci_lo;
	case BS_ST_CI_HI:		return s->ci_hi;
	case BS_ST_CI_HALF:	return (s->ci_hi - s->ci_lo) / 2;
	case BS_ST_MIN:		return s->min;
	case BS_ST_Q1:		return s->q1;
	case BS_ST_MEDIAN:		return s->median;
	case BS_ST_Q3:		return s->q3;
	case BS_ST_MAX:		return s->max;
	case BS_ST_IQR:		return s->iqr;
	case BS_ST_CV:		return s->cv;
	case BS_ST_PCT:		return s->pct[c->k];
	case BS_ST_MEDIAN_LO:	return s->median_lo;
	case BS_ST_MEDIAN_HI:	return s->median_hi;
	case BS_ST_PCT_LO:		return s->pct_lo[c->k];
	case BS_ST_PCT_HI:		return s->pct_hi[c->k];
	case BS_ST_R1:		return s->r1;
	case BS_ST_STEADY_DIFF:	return s->steady_diff;
	case BS_ST_MVALUE:		return s->mvalue;
	default:		return NAN;
	}
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

		if (c->id == BS_ST_N || c->id == BS_ST_MISSING) {
			/* A summary that does not say its n: empty. */
			if (!s->n_unknown)
				bs_result_int(res, row, col, (long long)(c->id ==
				    BS_ST_N ? s->n : s->missing));
		}
		else if (c->id == BS_ST_STEADY) {
			if (s->steady >= 0)
				bs_result_str(res, row, col, s->steady ? "yes" :
				    "no");
		} else {
			bs_result_num(res, row, col, bs_statcol_value(c, s));
			if (u != NULL && in_unit(c->id))
				bs_result_unit(res, row, col, u, key,
				    spread(c->id));
		}
	}
	return col;
}

