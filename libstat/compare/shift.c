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
#define SHIFT_BOOT_MAX	BS_SHIFT_BOOT_MAX

/*
 * The Harrell-Davis weights of n sorted values at q: w_i = I_{i/n}(a, b)
 * - I_{(i-1)/n}(a, b), a = (n + 1) q, b = (n + 1)(1 - q), those of
 * ranks lo + 1 .. hi (1-based) in w[0 .. hi - lo): outside them every
 * w_i is 0 exactly (the distribution function 0 below, 1 above), found
 * by bisection, so that a million values cost a window of ~40 standard
 * deviations of a rank, not a million incomplete beta functions.
 */
struct hdw {
	size_t	 lo, hi;
	double	*w;
};

static double
hd_cdf(size_t i, size_t n, double a, double b)
{
	return i == 0 ? 0 : i >= n ? 1 : gsl_cdf_beta_P((double)i / n, a, b);
}

static int
hd_weights(size_t n, double q, struct hdw *h)
{
	double a = (n + 1) * q, b = (n + 1) * (1 - q), prev, cur;
	size_t lo = 0, hi = n, x, y;

	/* lo: the last i with I_{i/n} = 0 (0 = I_0 counts) */
	for (x = 0, y = n; y - x > 1;) {
		size_t m = x + (y - x) / 2;

		if (hd_cdf(m, n, a, b) > 0)
			y = m;
		else
			x = m;
	}
	lo = x;
	/* hi: the first i with I_{i/n} = 1 (n at most) */
	for (x = lo, y = n; y - x > 1;) {
		size_t m = x + (y - x) / 2;

		if (hd_cdf(m, n, a, b) >= 1)
			y = m;
		else
			x = m;
	}
	hi = y;
	if ((h->w = malloc((hi - lo) * sizeof(*h->w))) == NULL)
		return -1;
	h->lo = lo;
	h->hi = hi;
	prev = hd_cdf(lo, n, a, b);
	for (size_t i = lo + 1; i <= hi; i++) {
		cur = hd_cdf(i, n, a, b);
		h->w[i - 1 - lo] = cur - prev;
		prev = cur;
	}
	return 0;
}

/* The estimate of weights h over sorted x. */
static double
dot(const struct hdw *h, const double *x)
{
	double s = 0;

	for (size_t i = h->lo; i < h->hi; i++)
		s += h->w[i - h->lo] * x[i];
	return s;
}

/*
 * The bootstrap variance of the nine estimates (n - 1 in the
 * denominator as R's var()): SHIFT_B resamples of sorted s.  A resample
 * is drawn as Wilcox draws it, n indices at random, and sorted by
 * counting them: s repeated as often as its index came, the same values
 * in the same order as sorting the draws, in linear time.
 */
static int
boot_var(const double *s, size_t n, const struct hdw *h, const double *est,
    gsl_rng *r, double *var)
{
	double *x = malloc(n * sizeof(*x)), sum[BS_SHIFT_N] = { 0 };
	double ss[BS_SHIFT_N] = { 0 };
	size_t *cnt = calloc(n, sizeof(*cnt));

	if (x == NULL || cnt == NULL) {
		free(x);
		free(cnt);
		return -1;
	}
	for (size_t j = 0; j < SHIFT_B; j++) {
		size_t i, k, m;

		for (i = 0; i < n; i++)
			cnt[gsl_rng_uniform_int(r, n)]++;
		for (i = 0, m = 0; i < n; i++) {
			for (k = 0; k < cnt[i]; k++)
				x[m++] = s[i];
			cnt[i] = 0;
		}
		for (k = 0; k < BS_SHIFT_N; k++) {
			/* Centred on the estimate: no loss of digits. */
			double d = dot(&h[k], x) - est[k];

			sum[k] += d;
			ss[k] += d * d;
		}
	}
	for (size_t k = 0; k < BS_SHIFT_N; k++)
		var[k] = (ss[k] - sum[k] * sum[k] / SHIFT_B) / (SHIFT_B - 1);
	free(x);
	free(cnt);
	return 0;
}

/*
 * The jackknife variance of the estimate at q (Harrell and Davis 1982,
 * who gave it for their estimator): (n - 1) / n times the sum of the
 * squared deviations of the n estimates with one value left out from
 * their mean.  Without value i (sorted, 0-based) the n - 1 weights w'
 * (window h1) meet s[j] for j < i and s[j + 1] from there: the estimate
 * is a prefix sum plus a suffix sum, and outside the window one of two
 * constants, so all n cost the window.
 */
static double
jack_var(const double *s, size_t n, const struct hdw *h1)
{
	size_t lo = h1->lo, hi = h1->hi, nw = hi - lo, i;
	long double cl = 0, ch = 0, pre = 0, suf, t, mean, dev, sum2;
	long double *th;

	/* w'_j (0-based j in lo .. hi - 1) on s[j] (cl) or on s[j + 1] (ch) */
	for (i = lo; i < hi; i++) {
		cl += (long double)h1->w[i - lo] * s[i];
		ch += (long double)h1->w[i - lo] * s[i + 1];
	}
	/* left out i in lo .. hi (inclusive): prefix on s[j], suffix on s[j+1] */
	if ((th = malloc((nw + 1) * sizeof(*th))) == NULL)
		return (double)NAN;
	suf = ch;
	for (i = lo; i <= hi; i++) {
		th[i - lo] = pre + suf;
		if (i < hi) {
			pre += (long double)h1->w[i - lo] * s[i];
			suf -= (long double)h1->w[i - lo] * s[i + 1];
		}
	}
	/* i < lo: every weight on s[j + 1] (ch); i > hi: on s[j] (cl) */
	t = ch * lo + cl * (n - hi - 1);
	for (i = 0; i <= nw; i++)
		t += th[i];
	mean = t / n;
	dev = ch - mean;
	sum2 = dev * dev * lo;
	dev = cl - mean;
	sum2 += dev * dev * (n - hi - 1);
	for (i = 0; i <= nw; i++) {
		dev = th[i] - mean;
		sum2 += dev * dev;
	}
	free(th);
	return (double)(sum2 * (n - 1) / n);
}

/*
 * One side: its nine estimates (est) and the variance of each (var), by
 * the bootstrap up to SHIFT_BOOT_MAX values, by the jackknife above
 * (jack); -1 when out of memory.
 */
static int
side(const double *v, size_t n, gsl_rng *r, int jack, double *est,
    double *var)
{
	struct hdw h[BS_SHIFT_N] = { { 0 } }, h1 = { 0 };
	double *s = malloc(n * sizeof(*s));
	int rc = -1;
	size_t k;

	if (s == NULL)
		return -1;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), bs_cmp_double);
	for (k = 0; k < BS_SHIFT_N; k++) {
		if (hd_weights(n, (k + 1) / 10.0, &h[k]) == -1)
			goto out;
		est[k] = dot(&h[k], s);
	}
	if (!jack)
		rc = boot_var(s, n, h, est, r, var);
	else {
		for (k = 0; k < BS_SHIFT_N; k++) {
			free(h1.w);
			h1.w = NULL;
			if (hd_weights(n - 1, (k + 1) / 10.0, &h1) == -1 ||
			    isnan(var[k] = jack_var(s, n, &h1)))
				goto out;
		}
		rc = 0;
	}
out:
	for (k = 0; k < BS_SHIFT_N; k++)
		free(h[k].w);
	free(h1.w);
	free(s);
	return rc;
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
	sh->jackknife = nb > SHIFT_BOOT_MAX || nc > SHIFT_BOOT_MAX;
	if (side(base, nb, r, sh->jackknife, sh->base, vb) == 0 &&
	    side(cand, nc, r, sh->jackknife, sh->cand, vc) == 0) {
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
