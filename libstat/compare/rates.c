/*
 * The requests' rates compared between two runs (bcompare --ok,
 * --apdex): the error rate or Apdex of each side, x of n, their
 * difference with Newcombe's hybrid score interval (his method 10: the
 * two sides' Wilson intervals combined, Newcombe 1998), and the p of
 * Fisher's exact test when an expected count of the 2x2 table is under
 * 5 (Cochran's rule), else of the score test (R's prop.test without
 * continuity correction).  Apdex counts half a tolerating request as
 * a success: no integer table, so always the score test.
 */
#include <math.h>
#include <stddef.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "libstat.h"
#include "compare/compare.h"

void
bs_newcombe(double xb, double nb, double xc, double nc, double confidence,
    double *lo, double *hi)
{
	double pb = xb / nb, pc = xc / nc, d = pc - pb;
	double lb, ub, lc, uc;

	bs_wilson(xb, nb, confidence, &lb, &ub);
	bs_wilson(xc, nc, confidence, &lc, &uc);
	*lo = d - sqrt((pc - lc) * (pc - lc) + (ub - pb) * (ub - pb));
	*hi = d + sqrt((uc - pc) * (uc - pc) + (pb - lb) * (pb - lb));
}

/*
 * Fisher's exact two-sided p of the table (xb, nb - xb; xc, nc - xc) as
 * R's fisher.test: the tables of the same margins no likelier than the
 * one seen (within a relative 1e-7, R's tolerance for ties).
 */
double
bs_fisher_p(unsigned xb, unsigned nb, unsigned xc, unsigned nc)
{
	unsigned n1 = xb + xc, n2 = nb + nc - n1, t = nc;
	unsigned lo = t > n2 ? t - n2 : 0, hi = t < n1 ? t : n1;
	double seen = gsl_ran_hypergeometric_pdf(xc, n1, n2, t), p = 0;

	for (unsigned k = lo; k <= hi; k++) {
		double d = gsl_ran_hypergeometric_pdf(k, n1, n2, t);

		if (d <= seen * (1 + 1e-7))
			p += d;
	}
	return p > 1 ? 1 : p;
}

/* An expected count of the 2x2 table under 5: too few for the score test. */
static int
small_counts(const struct bs_metric *m)
{
	double n = m->rn_b + m->rn_c, x = m->rx_b + m->rx_c;
	double e[4] = { m->rn_b * x / n, m->rn_b * (n - x) / n,
	    m->rn_c * x / n, m->rn_c * (n - x) / n };

	for (size_t i = 0; i < 4; i++)
		if (e[i] < 5)
			return 1;
	return 0;
}

void
bs_rate_compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	double pb, pc, pp, se;

	m->diff = m->diff_lo = m->diff_hi = NAN;
	m->change = m->change_lo = m->change_hi = NAN;
	m->stat = m->df = m->p = m->p_adj = m->d = m->delta = NAN;
	m->med_b = m->med_c = m->stat_b = m->stat_c = NAN;
	m->r1_b = m->r1_c = m->minp = m->mv_b = m->mv_c = NAN;
	m->mean_b = m->rn_b > 0 ? m->rx_b / m->rn_b : NAN;
	m->mean_c = m->rn_c > 0 ? m->rx_c / m->rn_c : NAN;
	m->ratetest = "newcombe";
	if (!m->has_b || !m->has_c) {
		m->note |= BS_CN_ONESIDE;
		m->v = BS_V_MISSING;
		return;
	}
	m->v = BS_V_INCONCLUSIVE;
	if (!(m->rn_b > 0 && m->rn_c > 0)) {
		m->note |= BS_CN_TOOFEW;
		return;
	}
	pb = m->mean_b;
	pc = m->mean_c;
	m->diff = pc - pb;
	m->sign = (m->diff > 0) - (m->diff < 0);
	bs_newcombe(m->rx_b, m->rn_b, m->rx_c, m->rn_c, o->confidence,
	    &m->diff_lo, &m->diff_hi);
	/* No relative change of a zero rate; the difference says it. */
	if (pb > 0)
		m->change = m->diff / pb;
	pp = (m->rx_b + m->rx_c) / (m->rn_b + m->rn_c);
	se = sqrt(pp * (1 - pp) * (1 / m->rn_b + 1 / m->rn_c));
	m->testable = 1;
	if (m->rate == BS_RATE_ERRORS && small_counts(m)) {
		m->ratetest = "fisher";
		m->p = bs_fisher_p((unsigned)m->rx_b, (unsigned)m->rn_b,
		    (unsigned)m->rx_c, (unsigned)m->rn_c);
		return;
	}
	if (se > 0) {
		m->stat = m->diff / se;
		m->p = 2 * gsl_cdf_ugaussian_Q(fabs(m->stat));
	} else
		m->p = 1;	/* every request alike on both sides */
}
