/*
 * Serially dependent runs: a side whose lag-1 autocorrelation says its
 * runs are not independent is worth fewer runs than it has.  Its
 * effective size (n_eff below) replaces n in the test and the interval,
 * so that the verdict cannot rest on the dependence alone.
 *
 * The estimate r1 of the lag-1 autocorrelation is biased low, by about
 * (1 + 4 r1) / n for an AR(1) series; r1* = (n r1 + 1) / (n - 3),
 * clamped to [0, 0.95], corrects most of it.  n_eff = n (1 - r1*) /
 * (1 + r1*) is the size of an independent sample whose mean has the
 * variance an AR(1) series' mean has (Bayley and Hammersley 1946; Zwiers
 * and von Storch 1995).  Simulated with n = 30 (tests/oracle/aa.R),
 * Welch's t on the effective sizes holds the A/A rate near 5% for
 * phi = 0.3 and 0.6, where a moving-block bootstrap of 30 runs stays
 * too liberal.
 */
#include <math.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "compare/compare.h"

double
bs_r1_corrected(double r1, size_t n)
{
	double r;

	if (!isfinite(r1) || n <= 3)
		return NAN;
	r = ((double)n * r1 + 1) / (double)(n - 3);
	return r < 0 ? 0 : r > BS_DEP_R1MAX ? BS_DEP_R1MAX : r;
}

double
bs_neff(double r1, size_t n)
{
	double r = bs_r1_corrected(r1, n), e;

	if (isnan(r))
		return (double)n;
	e = (double)n * (1 - r) / (1 + r);
	return e < 2 ? 2 : e;
}

/*
 * The bound is low on purpose: three quarters of the standard error of
 * a white-noise r1, 1/sqrt(n).  Missed dependence makes false alarms
 * (at phi = 0.3, n = 30, the usual 2/sqrt(n) leaves the A/A rate at 8%);
 * independent runs taken as dependent only widen an interval a little
 * (1 to 2 points of power at n = 30).  It is never under BS_DEP_R1MIN:
 * past 900 runs 0.75/sqrt(n) would take a quarter of independent
 * samples for dependent (r1 0.0026 of a million white-noise runs), for
 * an interval wider by a fraction of a percent and a note that says the
 * runs are not independent; an r1 under 0.025 widens it by under 2.5%.
 */
double
bs_dep_limit(size_t n)
{
	double l = 0.75 / sqrt((double)n);

	return l > BS_DEP_R1MIN ? l : BS_DEP_R1MIN;
}

int
bs_dependent(struct bs_metric *m)
{
	m->neff_b = m->neff_c = 0;
	if (m->nb < BS_DEP_MINN || m->nc < BS_DEP_MINN)
		return 0;
	if (!(m->r1_b > bs_dep_limit(m->nb)) &&
	    !(m->r1_c > bs_dep_limit(m->nc)))
		return 0;
	m->neff_b = bs_neff(m->r1_b, m->nb);
	m->neff_c = bs_neff(m->r1_c, m->nc);
	m->note |= BS_CN_DEPEND;
	if (m->nb < BS_DEP_FEWN || m->nc < BS_DEP_FEWN)
		m->note |= BS_CN_DEPFEW;
	return 1;
}

/*
 * A test without effective sizes of its own (the rank tests, a
 * percentile's bootstrap): its statistic's standard error is taken to
 * grow as the mean's does, by k = sqrt((vb/nb' + vc/nc') / (vb/nb +
 * vc/nc)) (nb', nc' the effective sizes).  For a Gaussian AR(1) series
 * the ranks' lag-1 autocorrelation is (6 / pi) asin(phi / 2), within
 * 0.01 of phi up to phi = 0.6, so the rank sum's variance inflates by
 * nearly the same factor.  The normal deviate of p is divided by k and
 * the interval's half-widths multiplied by it.
 */
void
bs_dep_scale(struct bs_metric *m)
{
	double mb, vb, mc, vc, se, sed, k, z;

	bs_mean_var(m->b, m->nb, &mb, &vb);
	bs_mean_var(m->c, m->nc, &mc, &vc);
	se = vb / (double)m->nb + vc / (double)m->nc;
	sed = vb / m->neff_b + vc / m->neff_c;
	if (!(se > 0) || !isfinite(sed))
		return;
	k = sqrt(sed / se);
	if (isfinite(m->p) && m->p < 1) {
		z = gsl_cdf_ugaussian_Qinv(m->p / 2) / k;
		m->p = 2 * gsl_cdf_ugaussian_Q(z);
	}
	if (isfinite(m->diff)) {
		m->diff_lo = m->diff - k * (m->diff - m->diff_lo);
		m->diff_hi = m->diff + k * (m->diff_hi - m->diff);
	}
}

/*
 * A trend over run order, by the t test of the least-squares slope
 * (rather than Mann-Kendall: the slope also says how large the drift
 * is, which the note reports; both have the same power against a
 * linear drift in normal noise).  Positive dependence makes the test
 * too liberal, hence its strict level (BS_TREND_P, 1%).
 */
double
bs_order_trend(const double *x, size_t n, double *p)
{
	double mx = ((double)n - 1) / 2, my = 0, sxx = 0, sxy = 0, syy = 0;
	double b, s2, t;
	size_t i;

	*p = NAN;
	if (n < 3)
		return NAN;
	for (i = 0; i < n; i++)
		my += x[i];
	my /= (double)n;
	for (i = 0; i < n; i++) {
		double dx = (double)i - mx, dy = x[i] - my;

		sxx += dx * dx;
		sxy += dx * dy;
		syy += dy * dy;
	}
	if (!(syy > 0))
		return NAN;
	b = sxy / sxx;
	s2 = fmax(0, syy - b * sxy) / (double)(n - 2);
	if (!(s2 > 0)) {
		*p = 0;
		return b;
	}
	t = b / sqrt(s2 / sxx);
	*p = 2 * gsl_cdf_tdist_Q(fabs(t), (double)(n - 2));
	return b;
}
