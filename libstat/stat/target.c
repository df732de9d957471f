/*
 * Absolute targets ("throughput > 1M msg/s", "p99 < 50 us"): parsing an
 * expression and judging a summary against it.  A target on the mean is
 * judged by its confidence interval: met when the whole interval meets
 * it, missed when none of it does, unproven when the interval straddles
 * the target (or there is none, n < 2).  A target on a point statistic
 * (median, pNN, min, max, a CI bound, ...) is met or missed as it
 * stands: ci_lo(COL) >= V is "met with the interval's confidence".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"

static const char *const stnames[] = { "mean", "median", "min", "max",
	"q1", "q3", "sd", "se", "iqr", "cv", "ci_lo", "ci_hi", "n" };

static const char *const statusnames[] = { "met", "missed", "unproven" };

const char *
bs_target_status_name(enum bs_target_status s)
{
	return (unsigned)s < 3 ? statusnames[s] : "?";
}

static int
parse_op(const char **p, enum bs_target_op *op)
{
	static const struct { const char *s; enum bs_target_op op; } ops[] = {
		{ ">=", BS_TOP_GE }, { "<=", BS_TOP_LE }, { ">", BS_TOP_GT },
		{ "<", BS_TOP_LT }
	};

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strncmp(*p, ops[i].s, strlen(ops[i].s)) == 0) {
			*op = ops[i].op;
			*p += strlen(ops[i].s);
			return 0;
		}
	return -1;
}

/* "mean", "p99.9", "median", ...: the statistic; -1 when none. */
static int
parse_stat(const char *s, size_t len, struct bs_target *t)
{
	char buf[64], *end;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	for (size_t i = 0; i < sizeof(stnames) / sizeof(stnames[0]); i++)
		if (strcmp(buf, stnames[i]) == 0) {
			t->stat = (enum bs_target_stat)i;
			return 0;
		}
	if (buf[0] == 'p' && buf[1] != '\0') {
		t->pct = strtod(buf + 1, &end);
		if (*end == '\0' && t->pct >= 0 && t->pct <= 100) {
			t->stat = BS_TST_PCT;
			return 0;
		}
	}
	return -1;
}

int
bs_target_parse(const char *expr, struct bs_target *t, struct bs_err *e)
{
	const char *p = expr, *open, *close, *opat;
	size_t n;

	memset(t, 0, sizeof(*t));
	t->expr = expr;
	t->stat = BS_TST_MEAN;
	/* The operator: the first of < > in the text. */
	if ((opat = strpbrk(expr, "<>")) == NULL)
		return bs_seterr(e, NULL, 0, "--target '%s': no comparison "
		    "(>=, >, <=, <)", expr);
	open = memchr(expr, '(', (size_t)(opat - expr));
	close = open ? memchr(open, ')', (size_t)(opat - open)) : NULL;
	if (open != NULL) {
		if (close == NULL || close + 1 != opat ||
		    parse_stat(expr, (size_t)(open - expr), t) == -1)
			return bs_seterr(e, NULL, 0, "--target '%s': STAT(COL) "
			    "takes mean, median, pNN, min, max, q1, q3, sd, se, "
			    "iqr, cv, ci_lo, ci_hi or n", expr);
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
	if (n == 0)
		return bs_seterr(e, NULL, 0, "--target '%s': no column", expr);
	if ((t->column = bs_strndup(p, n)) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	p = opat;
	if (parse_op(&p, &t->op) == -1 || bs_parse_double(p, &t->v) == -1 ||
	    !isfinite(t->v)) {
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

static int
holds(enum bs_target_op op, double x, double v)
{
	switch (op) {
	case BS_TOP_GE:
		return x >= v;
	case BS_TOP_GT:
		return x > v;
	case BS_TOP_LE:
		return x <= v;
	default:
		return x < v;
	}
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

enum bs_target_status
bs_target_eval(const struct bs_target *t, const struct bs_summary *s,
    const struct bs_summary_opts *so, double *measured)
{
	const double f[] = { s->mean, s->median, s->min, s->max, s->q1,
	    s->q3, s->sd, s->se, s->iqr, s->cv, s->ci_lo, s->ci_hi,
	    (double)s->n };
	double x;
	int k;

	if (t->stat == BS_TST_PCT) {
		k = bs_target_pct_index(t, so);
		x = k >= 0 ? s->pct[k] : NAN;
	} else
		x = f[t->stat];
	*measured = x;
	if (isnan(x))
		return BS_TARGET_UNPROVEN;
	if (t->stat != BS_TST_MEAN)
		return holds(t->op, x, t->v) ? BS_TARGET_MET :
		    BS_TARGET_MISSED;
	/* The mean: by where its interval lies. */
	if (!isfinite(s->ci_lo) || !isfinite(s->ci_hi))
		return BS_TARGET_UNPROVEN;
	if (holds(t->op, s->ci_lo, t->v) && holds(t->op, s->ci_hi, t->v))
		return BS_TARGET_MET;
	if (!holds(t->op, s->ci_lo, t->v) && !holds(t->op, s->ci_hi, t->v))
		return BS_TARGET_MISSED;
	return BS_TARGET_UNPROVEN;
}

const char *
bs_target_op_text(enum bs_target_op op)
{
	static const char *const s[] = { ">=", ">", "<=", "<" };

	return (unsigned)op < 4 ? s[op] : "?";
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
		for (k = 0; k < t->nvcols; k++)
			if (strcmp(bs_table_vname(t, k), tg[i].column) == 0)
				break;
		if (k == t->nvcols)
			return bs_seterr(e, NULL, 0, "--target '%s': '%s' is "
			    "not a value column", tg[i].expr, tg[i].column);
		if (tg[i].stat == BS_TST_PCT && bs_target_pct_index(&tg[i],
		    so) < 0)
			return bs_seterr(e, NULL, 0, "--target '%s': p%g is "
			    "not computed (add %g to --percentiles)",
			    tg[i].expr, tg[i].pct, tg[i].pct);
		if (so->no_quantiles && (tg[i].stat == BS_TST_PCT ||
		    tg[i].stat == BS_TST_MEDIAN || tg[i].stat == BS_TST_Q1 ||
		    tg[i].stat == BS_TST_Q3 || tg[i].stat == BS_TST_IQR))
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
	for (size_t k = 0; k < 3; k++)
		bs_result_addcol(r, cols[k]);
	return r;
}

int
bs_targets_judge(const struct bs_target *tg, size_t n, const struct bs_table *t,
    size_t g, size_t c, const struct bs_summary *s,
    const struct bs_summary_opts *so, struct bs_result *tres)
{
	static const char *const icon[] = { "\xe2\x9c\x85 met",
	    "\xe2\x9d\x8c missed", "\xe2\x9d\x94 unproven" };
	enum bs_target_status st;
	int all = -1;
	char a[40], b[40], d[40], text[160], what[32];
	double x;
	size_t i, k;
	long row;

	for (i = 0; i < n; i++) {
		if (strcmp(tg[i].column, bs_table_vname(t, c)) != 0)
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
		if (tg[i].stat == BS_TST_PCT)
			snprintf(what, sizeof(what), "p%g", tg[i].pct);
		bs_fmt_num(d, sizeof(d), tg[i].v);
		snprintf(text, sizeof(text), "%s of %s %s %s",
		    tg[i].stat == BS_TST_PCT ? what :
		    tg[i].stat == BS_TST_MEAN ? "mean" : "", tg[i].column,
		    bs_target_op_text(tg[i].op), d);
		if (tg[i].stat != BS_TST_MEAN && tg[i].stat != BS_TST_PCT) {
			const char *p = strchr(tg[i].expr, '(');

			snprintf(text, sizeof(text), "%.*s of %s %s %s",
			    (int)(p - tg[i].expr), tg[i].expr, tg[i].column,
			    bs_target_op_text(tg[i].op), d);
		}
		bs_result_str(tres, (size_t)row, k++, text);
		bs_fmt_num(a, sizeof(a), x);
		if (tg[i].stat == BS_TST_MEAN) {
			bs_fmt_num(b, sizeof(b), s->ci_lo);
			bs_fmt_num(d, sizeof(d), s->ci_hi);
			snprintf(text, sizeof(text), "%s [%s, %s]", a, b, d);
		} else
			snprintf(text, sizeof(text), "%s", a);
		bs_result_str(tres, (size_t)row, k++, text);
		bs_result_str(tres, (size_t)row, k, icon[st]);
	}
	return all;
}

