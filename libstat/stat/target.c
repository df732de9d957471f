/*
 * Absolute targets ("throughput > 1M msg/s", "p99 < 50 us"): parsing an
 * expression and judging a summary against it.  A target on the mean is
 * judged by its confidence interval: met when the whole interval meets
 * it, missed when none of it does, unproven when the interval straddles
 * the target (or there is none, n < 2).  A target on the median or a
 * percentile is judged the same way by its order-statistic interval
 * (k6's p(95)<500 made honest: unproven while the interval straddles
 * 500, or when there are too few values for one).  A target on another
 * point statistic (min, max, a CI bound, ...) is met or missed as it
 * stands: ci_lo(COL) >= V is "met with the interval's confidence".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "stat/stat.h"

/* A target's status: its name, and as the table of targets shows it. */
static const struct {
	enum bs_target_status	 st;
	const char		*name, *shown;
} statuses[] = {
	{ BS_TARGET_MET, "met", "\xe2\x9c\x85 met" },
	{ BS_TARGET_MISSED, "missed", "\xe2\x9d\x8c missed" },
	{ BS_TARGET_UNPROVEN, "unproven", "\xe2\x9d\x94 unproven" }
};

static const char *
status_text(enum bs_target_status s, int shown)
{
	for (size_t i = 0; i < sizeof(statuses) / sizeof(statuses[0]); i++)
		if (statuses[i].st == s)
			return shown ? statuses[i].shown : statuses[i].name;
	return "?";
}

const char *
bs_target_status_name(enum bs_target_status s)
{
	return status_text(s, 0);
}

/* ------------------------------------------------------------------ */

/* "mean", "p99.9", "median", ...: a statistic --target takes; -1 if not. */
static int
parse_stat(const char *s, size_t len, struct bs_target *t)
{
	char buf[64];

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if ((t->stat = bs_stat_find(buf, &t->pct)) == NULL ||
	    t->stat->target == 0)
		return -1;
	return 0;
}

/* "error_rate", "apdex": a statistic of the requests, no column. */
static int
rate_alone(const char *s, size_t n, struct bs_target *t)
{
	struct bs_target r = { 0 };

	if (parse_stat(s, n, &r) == -1 || !(r.stat->flags & BS_SF_RATE))
		return 0;
	t->stat = r.stat;
	return 1;
}

static int
target_stat_err(const char *expr, struct bs_err *e)
{
	char names[256];

	bs_stat_names(names, sizeof(names), 1, " or ");
	return bs_seterr(e, NULL, 0, "--target '%s': STAT(COL) takes %s",
	    expr, names);
}

int
bs_target_parse(const char *expr, struct bs_target *t, struct bs_err *e)
{
	const char *p = expr, *open, *close, *opat;
	size_t n;

	memset(t, 0, sizeof(*t));
	t->expr = expr;
	t->stat = bs_stat_find("mean", NULL);
	/* The operator: the first of < > in the text. */
	if ((opat = strpbrk(expr, "<>")) == NULL)
		return bs_seterr(e, NULL, 0, "--target '%s': no comparison "
		    "(>=, >, <=, <)", expr);
	open = memchr(expr, '(', (size_t)(opat - expr));
	close = open ? memchr(open, ')', (size_t)(opat - open)) : NULL;
	if (open != NULL) {
		if (close == NULL || close + 1 != opat ||
		    parse_stat(expr, (size_t)(open - expr), t) == -1)
			return target_stat_err(expr, e);
		p = open + 1;
		n = (size_t)(close - p);
	} else
		n = (size_t)(opat - p);
	while (n > 0 && p[n - 1] == ' ')
		n--;
	while (n > 0 && *p == ' ') {
		p++;
		n--;
	}
	/* A rate alone (k6's rate<0.01): of every value column's requests. */
	if (open == NULL && rate_alone(p, n, t)) {
		if (bs_cond_parse(opat, &t->cond, &p) == -1)
			return bs_seterr(e, NULL, 0, "--target '%s': the "
			    "comparison takes a number after %s", expr, p);
		return 0;
	}
	if (n == 0)
		return bs_seterr(e, NULL, 0, "--target '%s': no column", expr);
	if ((t->column = bs_strndup(p, n)) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	if (bs_cond_parse(opat, &t->cond, &p) == -1) {
		free(t->column);
		t->column = NULL;
		return bs_seterr(e, NULL, 0, "--target '%s': the comparison "
		    "takes a number after %s", expr, p);
	}
	return 0;
}

void
bs_target_free(struct bs_target *t)
{
	if (t != NULL)
		free(t->column);
}

int
bs_target_pct_index(const struct bs_target *t,
    const struct bs_summary_opts *so)
{
	for (size_t i = 0; i < so->npct; i++)
		if (so->pct[i] == t->pct)
			return (int)i;
	return -1;
}

/* A target on a percentile: pNN, its index among so's percentiles. */
static int
on_pct(const struct bs_target *t)
{
	return (t->stat->needs & BS_SN_PCT) != 0;
}

/* A target on the median: judged by its order-statistic interval. */
static int
on_median(const struct bs_target *t)
{
	return strcmp(t->stat->name, "median") == 0;
}

/* A target judged by where an interval lies: the mean's, a quantile's. */
static int
by_interval(const struct bs_target *t)
{
	return (t->stat->flags & BS_SF_INTERVAL) != 0 || on_pct(t) ||
	    on_median(t);
}

void
bs_target_needs(const struct bs_target *t, struct bs_summary_opts *so)
{
	bs_stat_needs_rates(t->stat, so);
	if (on_pct(t) || on_median(t))
		so->pct_ci_judge = 1;
}

/*
 * The interval a target judges: a quantile's order-statistic interval
 * (k its percentile's index), its statistic's own, else the mean's.
 */
static void
interval(const struct bs_target *t, const struct bs_summary *s, int k,
    double *lo, double *hi)
{
	const char *b = (const char *)s;

	if (on_median(t) || (on_pct(t) && k < 0)) {
		*lo = on_median(t) ? s->median_lo : (double)NAN;
		*hi = on_median(t) ? s->median_hi : (double)NAN;
		return;
	}
	if (on_pct(t)) {
		*lo = s->pct_lo[k];
		*hi = s->pct_hi[k];
		return;
	}
	if (t->stat->lo == 0) {
		*lo = s->ci_lo;
		*hi = s->ci_hi;
		return;
	}
	*lo = *(const double *)(const void *)(b + t->stat->lo);
	*hi = *(const double *)(const void *)(b + t->stat->hi);
}

/* Does target t judge the series of value column name? */
static int
target_on(const struct bs_target *t, const char *name)
{
	return t->column == NULL || strcmp(t->column, name) == 0;
}

enum bs_target_status
bs_target_eval(const struct bs_target *t, const struct bs_summary *s,
    const struct bs_summary_opts *so, double *measured)
{
	double x, lo, hi;
	int k = -1;

	if (on_pct(t)) {
		k = bs_target_pct_index(t, so);
		x = k >= 0 ? bs_stat_value(t->stat, s, (size_t)k) : NAN;
	} else
		x = bs_stat_value(t->stat, s, 0);
	*measured = x;
	if (isnan(x))
		return BS_TARGET_UNPROVEN;
	if (!by_interval(t))
		return bs_cond_holds(&t->cond, x) ? BS_TARGET_MET :
		    BS_TARGET_MISSED;
	interval(t, s, k, &lo, &hi);
	if (!isfinite(lo) || !isfinite(hi))
		return BS_TARGET_UNPROVEN;
	if (bs_cond_holds(&t->cond, lo) && bs_cond_holds(&t->cond, hi))
		return BS_TARGET_MET;
	if (!bs_cond_holds(&t->cond, lo) && !bs_cond_holds(&t->cond, hi))
		return BS_TARGET_MISSED;
	return BS_TARGET_UNPROVEN;
}

/* ------------------------------------------------------------------ */
/* Targets over a table (bstat --target) */

int
bs_targets_check(const struct bs_target *tg, size_t n,
    const struct bs_table *t, const struct bs_summary_opts *so,
    struct bs_err *e)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		if ((tg[i].stat->needs & BS_SN_RATES) && !so->rates)
			return bs_seterr(e, NULL, 0, "--target '%s': no "
			    "request failed or succeeded: --ok COND says "
			    "which succeed", tg[i].expr);
		for (k = 0; k < t->nvcols; k++)
			if (target_on(&tg[i], bs_table_vname(t, k)))
				break;
		if (k == t->nvcols)
			return bs_seterr(e, NULL, 0, "--target '%s': '%s' is "
			    "not a value column", tg[i].expr,
			    tg[i].column ? tg[i].column : "");
		if (on_pct(&tg[i]) && bs_target_pct_index(&tg[i], so) < 0)
			return bs_seterr(e, NULL, 0, "--target '%s': p%g is "
			    "not computed (add %g to --percentiles)",
			    tg[i].expr, tg[i].pct, tg[i].pct);
		if (so->no_quantiles && (tg[i].stat->needs & BS_SN_SORTED))
			return bs_seterr(e, NULL, 0, "--target '%s': "
			    "--no-quantiles keeps no values for order "
			    "statistics", tg[i].expr);
	}
	return 0;
}

struct bs_result *
bs_target_table_new(const struct bs_table *t)
{
	struct bs_result *r = bs_result_new();
	static const char *const cols[] = { "target", "measured", "status" };

	if (r == NULL)
		return NULL;
	for (size_t k = 0; k < t->ngcols; k++)
		bs_result_addcol(r, t->names[t->gcols[k]]);
	/* md's table, for people: --lang's words (bs_tr()). */
	for (size_t k = 0; k < 3; k++)
		bs_result_addcol(r, bs_tr(cols[k]));
	return r;
}

int
bs_targets_judge(const struct bs_target *tg, size_t n, const struct bs_table *t,
    size_t g, size_t c, const struct bs_summary *s,
    const struct bs_summary_opts *so, struct bs_result *tres)
{
	enum bs_target_status st;
	int all = -1;
	char a[40], b[40], d[40], text[160], what[64];
	double x;
	size_t i, k;
	long row;

	for (i = 0; i < n; i++) {
		if (!target_on(&tg[i], bs_table_vname(t, c)))
			continue;
		st = bs_target_eval(&tg[i], s, so, &x);
		if (all < 0 || st == BS_TARGET_MISSED ||
		    (st == BS_TARGET_UNPROVEN && all == BS_TARGET_MET))
			all = (int)st;
		if (tres == NULL || (row = bs_result_addrow(tres)) < 0)
			continue;
		for (k = 0; k < t->ngcols; k++)
			bs_result_str(tres, (size_t)row, k,
			    t->groups[g].key[k]);
		if (on_pct(&tg[i]))
			snprintf(what, sizeof(what), "p%g", tg[i].pct);
		bs_fmt_num(d, sizeof(d), tg[i].cond.v);
		snprintf(text, sizeof(text), bs_tr("%s of %s %s %s"),
		    on_pct(&tg[i]) ? what : by_interval(&tg[i]) ?
		    bs_tr(tg[i].stat->name) : "", bs_table_vname(t, c),
		    bs_cond_op_text(tg[i].cond.op), d);
		if (!by_interval(&tg[i]) && !on_pct(&tg[i])) {
			const char *p = strchr(tg[i].expr, '(');

			/* The statistic as written (median), in words. */
			snprintf(what, sizeof(what), "%.*s",
			    (int)(p - tg[i].expr), tg[i].expr);
			snprintf(text, sizeof(text), bs_tr("%s of %s %s %s"),
			    bs_tr(what), bs_table_vname(t, c),
			    bs_cond_op_text(tg[i].cond.op), d);
		}
		bs_result_str(tres, (size_t)row, k++, text);
		bs_fmt_num(a, sizeof(a), x);
		if (by_interval(&tg[i])) {
			double lo, hi;

			interval(&tg[i], s, on_pct(&tg[i]) ?
			    bs_target_pct_index(&tg[i], so) : -1, &lo, &hi);
			bs_fmt_num(b, sizeof(b), lo);
			bs_fmt_num(d, sizeof(d), hi);
			if (isnan(lo) || isnan(hi))
				snprintf(text, sizeof(text), bs_tr("%s (too "
				    "few values for an interval)"), a);
			else
				snprintf(text, sizeof(text), "%s [%s, %s]", a,
				    b, d);
		} else
			snprintf(text, sizeof(text), "%s", a);
		bs_result_str(tres, (size_t)row, k++, text);
		/* tres is md's, for people: --lang's words. */
		bs_result_str(tres, (size_t)row, k, bs_tr(status_text(st, 1)));
	}
	return all;
}

