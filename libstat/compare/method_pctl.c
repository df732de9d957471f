/*
 * The change of a percentile (--stat median|pNN): the difference of the
 * two sides' type-7 quantiles, its interval and p from pctdiff.c
 * (a seeded bootstrap, or order statistics for large samples); each
 * side summarised by its quantile, the change that difference over the
 * baseline's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "compare/compare.h"

/* The type-7 quantile p of x[0..n), n > 0, left as it is; 0 or -1. */
static int
side_quantile(const double *x, size_t n, double p, double *q)
{
	double *c = malloc(n * sizeof(*c));
	int rc;

	if (c == NULL)
		return -1;
	memcpy(c, x, n * sizeof(*c));
	rc = bs_quantiles(c, n, &p, 1, 7, q);
	free(c);
	return rc;
}

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_qdiff q;

	if (m->ub != NULL && m->uc != NULL ? bs_quantile_diff_units(m->b,
	    m->ub, m->nub, m->nb, m->c, m->uc, m->nuc, m->nc, o->stat_p,
	    o->confidence, &q) == -1 : bs_quantile_diff(m->b, m->nb, m->c,
	    m->nc, o->stat_p, o->confidence, &q) == -1)
		return -1;
	m->stat_b = q.qb;
	m->stat_c = q.qc;
	m->qmethod = q.method;
	m->p = q.p;
	m->diff = q.diff;
	m->diff_lo = q.lo;
	m->diff_hi = q.hi;
	m->sign = (q.diff > 0) - (q.diff < 0);
	m->testable = isfinite(m->p);
	if (fmin(o->stat_p, 1 - o->stat_p) * (double)(m->nb < m->nc ? m->nb :
	    m->nc) < BS_QTHIN_TAIL)
		m->note |= BS_CN_THINTAIL;
	return 0;
}

/* Each side's own quantile, where it has values (the other is missing). */
static int
sides(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	if ((m->nb > 0 && side_quantile(m->b, m->nb, o->stat_p,
	    &m->stat_b) == -1) || (m->nc > 0 && side_quantile(m->c, m->nc,
	    o->stat_p, &m->stat_c) == -1))
		return -1;
	return 0;
}

/* A side with one value: the difference of the quantiles, no test. */
static int
untested(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	if (compare(m, o) == -1)
		return -1;
	m->p = m->diff_lo = m->diff_hi = NAN;
	m->testable = 0;
	if (m->stat_b > 0)
		m->change = m->diff / m->stat_b;
	return 0;
}

/* The method behind a metric's interval depends on its sizes. */
static const char *
label(const struct bs_metric *m)
{
	return m->qmethod == BS_QM_ORDER ? "order-stat" :
	    m->qmethod == BS_QM_BOOT ? "bootstrap" : "";
}

static void
sentence(const struct bs_method *mt, const struct bs_metric *r,
    const struct bs_cmp_opts *o, double conf, const char *ch, FILE *fp)
{
	(void)mt;
	fprintf(fp, bs_tr("Difference of %s at %g%% confidence: %.6g [%.6g, "
	    "%.6g]; change %s; p = %.4g (%s)\n"), o->stat_name, conf, r->diff,
	    r->diff_lo, r->diff_hi, ch, r->p, bs_tr(r->qmethod == BS_QM_ORDER ?
	    "order statistics, MOVER" : "percentile bootstrap, 2000 resamples"
	    ));
}

const struct bs_method bs_method_pctl = {
	.name = "percentile",
	.stat = BS_STAT_QUANTILE,
	.centre = BS_MC_STAT,
	.needs = BS_MN_VALUES,
	.compare = compare,
	.sides = sides,
	.untested = untested,
	.label = label,
	.runs = bs_runs_pctl,
	.runs_sim = 1,
	.sentence = sentence,
	.title = "percentile bootstrap, or order statistics for large samples",
	.unpaired = "a percentile's change is compared on unpaired samples "
	    "only",
};
