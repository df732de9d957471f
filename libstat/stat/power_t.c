/*
 * The power of the two-sided t test (R's power.t.test, strict = FALSE)
 * and the noncentral t it needs: bcompare's runs needed (compare/power.c)
 * and bstat --mde, the smallest change the current n detects.  GSL has
 * no noncentral t, so its distribution function is here: R's pnt(),
 * Lenth's algorithm AS 243.
 */
#include <float.h>
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>

#include "libstat.h"
#include "stat/stat.h"

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
 * The smallest true difference that n runs per side (standard deviation
 * sd on both) detect with power at level alpha: power.t.test(n = n,
 * sd = sd, power = power)$delta, by bisection on the power (which grows
 * with delta) to a relative 1e-10.  NaN below 2 runs or without spread.
 */
double
bs_t_mde(double sd, double n, double alpha, double power)
{
	double	 lo = 0, hi = sd, mid;
	int	 i;

	if (!(n >= 2) || !(sd > 0) || !isfinite(sd) ||
	    !(power > alpha / 2 && power < 1))
		return NAN;
	for (i = 0; bs_t_power(sd, sd, 0, n, hi, alpha) < power; i++) {
		if (i > 200)
			return NAN;
		lo = hi;
		hi *= 2;
	}
	while (hi - lo > 1e-10 * hi) {
		mid = lo + (hi - lo) / 2;
		if (bs_t_power(sd, sd, 0, n, mid, alpha) >= power)
			hi = mid;
		else
			lo = mid;
	}
	return lo + (hi - lo) / 2;
}
