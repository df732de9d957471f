/*
 * Power and runs needed (issue 31 item 1): how many runs per side would
 * detect a given change with a given power, at the spread observed.  The
 * t tests' power is R's power.t.test(strict = FALSE): the upper tail of
 * the noncentral t beyond the central t's critical value, with Welch's
 * degrees of freedom at equal sizes (power.t.test's 2(n - 1) when the two
 * spreads are equal).  GSL has no noncentral t, so its distribution
 * function is here: R's pnt(), Lenth's algorithm AS 243.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>

#include "libstat.h"
#include "compare/compare.h"

/*
 * P(T <= t) of the noncentral t with df degrees of freedom and
 * noncentrality delta, as R's pt(t, df, ncp): Lenth (1989), AS 243, with
 * R's allowances (the series to 1e-12, at most 1000 terms; a normal
 * approximation for df above 4e5).
 */
double
bs_pnt(double t, double df, double delta)
{
	double	 x, lambda, p, q, s, a, b, rxb, albeta, xodd, godd, xeven,
		 geven, tnc, del, tt, errbd;
	int	 neg, it;

	if (!(df > 0) || isnan(t) || isnan(delta))
		return NAN;
	if (df > 4e5) {
		/* Abramowitz and Stegun 26.7.10, as R. */
		s = 1 / (4 * df);
		return gsl_cdf_ugaussian_P((t * (1 - s) - delta) /
		    sqrt(1 + t * t * 2 * s));
	}
	neg = t < 0;
	tt = neg ? -t : t;
	del = neg ? -delta : delta;
	x = tt * tt / (tt * tt + df);
	tnc = 0;
	if (x > 0) {
		lambda = del * del;
		p = 0.5 * exp(-0.5 * lambda);
		q = sqrt(2 / M_PI) * p * del;
		s = 0.5 - p;
		if (s < 1e-7)
			s = -0.5 * expm1(-0.5 * lambda);
		a = 0.5;
		b = 0.5 * df;
		rxb = pow(1 - x, b);
		albeta = 0.5 * log(M_PI) + lgamma(b) - lgamma(0.5 + b);
		xodd = gsl_sf_beta_inc(a, b, x);
		godd = 2 * rxb * exp(a * log(x) - albeta);
		tnc = b * x;
		xeven = tnc < DBL_EPSILON ? tnc : 1 - rxb;
		geven = tnc * rxb;
		tnc = p * xodd + q * xeven;
		for (it = 1; it <= 1000; it++) {
			a += 1;
			xodd -= godd;
			xeven -= geven;
			godd *= x * (a + b - 1) / a;
			geven *= x * (a + b - 0.5) / (a + 0.5);
			p *= lambda / (2 * it);
			q *= lambda / (2 * it + 1);
			tnc += p * xodd + q * xeven;
			s -= p;
			if (s < -1e-10 || (s <= 0 && it > 1))
				break;
			errbd = 2 * s * (xodd - godd);
			if (fabs(errbd) < 1e-12)
				break;
		}
	}
	tnc += gsl_cdf_ugaussian_P(-del);
	if (tnc > 1)
		tnc = 1;
	return neg ? 1 - tnc : tnc;
}

/*
 * Power of the two-sided t test at level alpha of a true difference
 * delta with n runs per side and standard deviations sb, sc (Welch), or
 * with paired set, n pairs whose differences have standard deviation sb.
 */
double
bs_t_power(double sb, double sc, int paired, double n, double delta,
    double alpha)
{
	double	 v, df, q;

	if (!(n >= 2) || !(alpha > 0 && alpha < 1) || !isfinite(delta))
		return NAN;
	if (paired) {
		v = sb * sb / n;
		df = n - 1;
	} else {
		v = (sb * sb + sc * sc) / n;
		df = (sb * sb + sc * sc) * (sb * sb + sc * sc) * (n - 1) /
		    (sb * sb * sb * sb + sc * sc * sc * sc);
	}
	if (!(v > 0) || !isfinite(v))
		return NAN;
	q = gsl_cdf_tdist_Qinv(alpha / 2, df);
	return 1 - bs_pnt(q, df, fabs(delta) / sqrt(v));
}

/*
 * The fewest runs per side (pairs with paired set), from 2, whose power
 * reaches power: doubling, then bisection (power grows with n).  0 when
 * it cannot be computed or more than BS_RUNS_MAX would be needed.
 */
size_t
bs_t_runs_needed(double sb, double sc, int paired, double delta,
    double alpha, double power)
{
	size_t	 lo = 2, hi = 2, mid;
	double	 pw;

	if (!(power > 0 && power < 1) || !(fabs(delta) > 0))
		return 0;
	for (;;) {
		pw = bs_t_power(sb, sc, paired, (double)hi, delta, alpha);
		if (isnan(pw))
			return 0;
		if (pw >= power)
			break;
		if (hi >= BS_RUNS_MAX)
			return 0;
		lo = hi;
		hi = hi * 2 > BS_RUNS_MAX ? BS_RUNS_MAX : hi * 2;
	}
	if (hi == 2)
		return 2;
	/* power(lo) < power <= power(hi) */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (bs_t_power(sb, sc, paired, (double)mid, delta, alpha) >=
		    power)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* The sample standard deviation of n values (NaN below 2). */
static double
sdev(const double *x, size_t n)
{
	double	 m, v;

	if (n < 2)
		return NAN;
	bs_mean_var(x, n, &m, &v);
	return sqrt(v);
}

/*
 * Serially dependent runs (BS_CN_DEPEND) carry less than one run's
 * worth each: the runs needed grow by n over the effective n.
 */
static size_t
dep_scale(const struct bs_metric *m, size_t n)
{
	double	 k = 1;

	if (n == 0 || !(m->note & BS_CN_DEPEND))
		return n;
	if (m->neff_b > 0)
		k = fmax(k, (double)m->nb / m->neff_b);
	if (m->neff_c > 0)
		k = fmax(k, (double)m->nc / m->neff_c);
	return (size_t)ceil((double)n * k);
}

/* Welch's t: each side's spread, or a summary's sd. */
size_t
bs_runs_welch(const struct bs_metric *m, const struct bs_cmp_opts *o,
    double delta)
{
	double	 sb = m->summary ? m->sd_b : sdev(m->b, m->nb),
		 sc = m->summary ? m->sd_c : sdev(m->c, m->nc);

	return dep_scale(m, bs_t_runs_needed(sb, sc, 0, delta, o->alpha,
	    o->power));
}

/* The paired t: the spread of the pairs' differences. */
size_t
bs_runs_paired_t(const struct bs_metric *m, const struct bs_cmp_opts *o,
    double delta)
{
	double	*d, sd;
	size_t	 k = 0;

	if (m->nb != m->nc || (d = malloc((m->nb + 1) * sizeof(*d))) == NULL)
		return 0;
	for (size_t i = 0; i < m->nb; i++)
		if (!isnan(m->b[i]) && !isnan(m->c[i]))
			d[k++] = m->c[i] - m->b[i];
	sd = sdev(d, k);
	free(d);
	return bs_t_runs_needed(sd, sd, 1, delta, o->alpha, o->power);
}
