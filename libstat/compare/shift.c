/*
 * The shift function (Rousselet, Pernet and Wilcox 2017, "Beyond
 * differences in means: robust graphical methods to compare two groups
 * in neuroscience"; Wilcox's shifthd()): at each decile, the candidate's
 * Harrell-Davis estimate minus the baseline's, with an interval from
 * the bootstrap standard errors of the two estimates, c * sqrt(se_b^2 +
 * se_c^2), whose c = 80.1 / n^2 + 2.73 (n the smaller side, Wilcox
 * 1995) makes the nine hold together at 95%.  Where the median's
 * interval holds 0 and a tail decile's does not, the medians agree but
 * the distributions do not (asv#752).
 *
 * Wilcox draws 200 resamples for each decile; here 2000 resamples of
 * each side serve all nine (the same estimate of each standard error,
 * steadier), from a fixed seed so that the result depends on the data
 * only.  GSL has the beta distribution the weights need, not the
 * estimator.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>

#include "libstat.h"
#include "compare/compare.h"

#define SHIFT_B		2000
#define SHIFT_SEED	20171031ul

/*
 * The Harrell-Davis weights of n sorted values at q: w_i = I_{i/n}(a, b)
 * - I_{(i-1)/n}(a, b), a = (n + 1) q, b = (n + 1)(1 - q).
 */
static void
hd_weights(size_t n, double q, double *w)
{
	double a = (n + 1) * q, b = (n + 1) * (1 - q), prev = 0, cur;

	for (size_t i = 1; i <= n; i++) {
		cur = i == n ? 1 : gsl_cdf_beta_P((double)i / n, a, b);
		w[i - 1] = cur - prev;
		prev = cur;
	}
}

static double
dot(const double *w, const double *x, size_t n)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += w[i] * x[i];
	return s;
}

/*
 * One side: its nine estimates (est) and the bootstrap variance of each
 * (var, n - 1 in the denominator as R's var()); -1 when out of memory.
 */
static int
side(const double *v, size_t n, gsl_rng *r, double *est, double *var)
{
	double *w, *s, *x, sum[BS_SHIFT_N] = { 0 }, ss[BS_SHIFT_N] = { 0 };
	size_t k, i, j;

	w = malloc(BS_SHIFT_N * n * sizeof(*w));
	s = malloc(n * sizeof(*s));
	x = malloc(n * sizeof(*x));
	if (w == NULL || s == NULL || x == NULL) {
		free(w);
		free(s);
		free(x);
		return -1;
	}
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), bs_cmp_double);
	for (k = 0; k < BS_SHIFT_N; k++) {
		hd_weights(n, (k + 1) / 10.0, w + k * n);
		est[k] = dot(w + k * n, s, n);
	}
	for (j = 0; j < SHIFT_B; j++) {
		for (i = 0; i < n; i++)
			x[i] = s[gsl_rng_uniform_int(r, n)];
		qsort(x, n, sizeof(*x), bs_cmp_double);
		for (k = 0; k < BS_SHIFT_N; k++) {
			/* Centred on the estimate: no loss of digits. */
			double d = dot(w + k * n, x, n) - est[k];

			sum[k] += d;
			ss[k] += d * d;
		}
	}
	for (k = 0; k < BS_SHIFT_N; k++)
		var[k] = (ss[k] - sum[k] * sum[k] / SHIFT_B) / (SHIFT_B - 1);
	free(w);
	free(s);
	free(x);
	return 0;
}

int
bs_shift_function(const double *base, size_t nb, const double *cand,
    size_t nc, struct bs_shift *sh)
{
	double vb[BS_SHIFT_N], vc[BS_SHIFT_N], n, h;
	gsl_rng *r;
	int rc = -1;

	memset(sh, 0, sizeof(*sh));
	if (nb < 2 || nc < 2)
		return -1;
	if ((r = gsl_rng_alloc(gsl_rng_mt19937)) == NULL)
		return -1;
	gsl_rng_set(r, SHIFT_SEED);
	n = (double)(nb < nc ? nb : nc);
	sh->crit = 80.1 / (n * n) + 2.73;
	sh->fewer = nb < 10 || nc < 10;
	if (side(base, nb, r, sh->base, vb) == 0 &&
	    side(cand, nc, r, sh->cand, vc) == 0) {
		for (int k = 0; k < BS_SHIFT_N; k++) {
			sh->diff[k] = sh->cand[k] - sh->base[k];
			h = sh->crit * sqrt(vb[k] + vc[k]);
			sh->lo[k] = sh->diff[k] - h;
			sh->hi[k] = sh->diff[k] + h;
			if (sh->lo[k] > 0 || sh->hi[k] < 0)
				sh->differ |= 1u << k;
		}
		/* The median (decile 5) agrees, a tail does not. */
		sh->tails = !(sh->differ & (1u << 4)) && sh->differ != 0;
		rc = 0;
	}
	gsl_rng_free(r);
	return rc;
}
