/*
 * The change of a percentile between a baseline and a candidate sample
 * (bcompare --stat median|pNN): the difference of the two type-7
 * quantiles, its confidence interval and a p-value that agrees with it.
 *
 * Two methods, chosen by how many values lie beyond the percentile:
 *
 * - a seeded percentile bootstrap of the difference (BS_QBOOT_B
 *   resamples of each side, GSL's MT19937 with a fixed seed), while
 *   either side has fewer than BS_QORDER_TAIL values expected beyond
 *   the percentile; there the sampling distribution of a tail quantile
 *   is skewed and lumpy, and the bootstrap follows it (widened when
 *   fewer than two values are expected beyond it: see widen());
 * - beyond that, the binomial interval of each side's quantile, a
 *   pair of (interpolated) order statistics, combined into an
 *   interval of the difference by MOVER (Zou and Donner 2008), which
 *   keeps each side's asymmetry (with a correction of z for the noise
 *   of the spacings: see os_interval()).  It needs a few selections,
 *   O(n), where the bootstrap would resample a million values
 *   thousands of times.
 *
 * The seed is fixed and the work is done in one thread, so a result
 * depends on the data only.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>

#include "libstat.h"
#include "compare/compare.h"

/*
 * R's type-7 position (quantile.default, fuzz included): 0-based order
 * statistic j and weight h, q = (1-h) x[j] + h x[j+1].
 */
static void
pos7(size_t n, double p, size_t *j, double *h)
{
	const double fuzz = 4.0 * 2.220446049250313e-16;
	double nppm = p * (double)(n - 1);
	double f = floor(nppm + fuzz);

	*j = (size_t)f;
	*h = nppm - f;
	if (fabs(*h) < fuzz)
		*h = 0;
	if (*j >= n - 1) {
		*j = n - 1;
		*h = 0;
	}
}

static double
interp(double lo, double hi, double h)
{
	if (h == 0 || lo == hi)
		return lo;
	return (1 - h) * lo + h * hi;
}

/*
 * A sorted copy of x[0..n); NULL when out of memory.  By the radix sort
 * (a million values: a fifth of qsort()'s time), unless x holds a -0,
 * which it puts before every +0 where qsort() keeps input order, or a
 * NaN, which it does not sort.
 */
static double *
sorted(const double *x, size_t n)
{
	double *s = malloc((n + 1) * sizeof(*s));
	int negzero = 0;

	if (s == NULL)
		return NULL;
	memcpy(s, x, n * sizeof(*s));
	for (size_t i = 0; i < n; i++)
		negzero |= (s[i] == 0 && signbit(s[i])) || isnan(s[i]);
	if (negzero)
		qsort(s, n, sizeof(*s), bs_cmp_double);
	else
		bs_sort_doubles(s, n, 0);
	return s;
}

/*
 * The type-7 quantile of a resample of the sorted xs: n draws counted
 * per index (cnt, n entries, zero on entry and on return), then the
 * order statistics j and j+1 of the resample found by walking the
 * counts from the nearer end.
 */
static double
resample_q(gsl_rng *r, const double *xs, size_t n, size_t j, double h,
    unsigned *cnt)
{
	size_t i, seen, want;
	double lo = NAN, hi = NAN;

	for (i = 0; i < n; i++)
		cnt[gsl_rng_uniform_int(r, n)]++;
	if (j < n / 2) {
		for (i = 0, seen = 0; i < n && isnan(hi); i++) {
			seen += cnt[i];
			if (isnan(lo) && seen > j)
				lo = xs[i];
			if (seen > j + 1 || (seen > j && j + 1 >= n))
				hi = xs[i];
		}
	} else {
		/* From the top: j is the (n - 1 - j)-th largest, 0-based. */
		want = n - 1 - j;
		for (i = n, seen = 0; i > 0 && isnan(lo); i--) {
			seen += cnt[i - 1];
			if (isnan(hi) && (want == 0 || seen >= want))
				hi = xs[i - 1];
			if (seen > want)
				lo = xs[i - 1];
		}
	}
	memset(cnt, 0, n * sizeof(*cnt));
	if (isnan(hi))
		hi = lo;
	return interp(lo, hi, h);
}

/*
 * The widening of the bootstrap interval when a side expects t < 2
 * values beyond the percentile (t = n min(p, 1 - p) of the smaller
 * side): its normal quantile is multiplied by 1 + BS_QBOOT_WIDEN / t^2.
 * No resample holds a value past a sample's largest, so when the
 * percentile lies among its last few values the resampled quantiles
 * vary less than the sample's quantile does, and the plain percentile
 * interval of p99 from 50 values covered 88-90% of the time in the
 * simulations of tests/oracle/coverage.R and 87-94% over five families
 * (lognormal, exponential, normal, Weibull, a two-mode mixture).  At
 * t = 0.5 the factor is 1.28 (a 95% interval taken at the 98.8% level
 * of the resamples), at t = 1 1.07, at t = 2 1.02, and it fades beyond;
 * the constant was chosen from those simulations (0.05 gave 93-95% at
 * n = 50, 0.07 95-96%) and is checked by the coverage table.
 */
static double
widen(double t)
{
	return 1 + BS_QBOOT_WIDEN / (t * t);
}

/*
 * With one or two values expected beyond the percentile (1 <= t < 2) a
 * resample seldom holds the side's largest values, so when one side's
 * tail grows (lognormal sdlog 0.5 -> 0.6, Pareto alpha 2.5 -> 2.2 at p99
 * of 100 runs: tests/oracle/coverage_tail.R) the resampled differences
 * fall short of it and the interval lay wholly below the true change 6-7%
 * of the time (coverage 93.7% and 92.9%).  The interval (and its p) is
 * then taken at a normal quantile 1 + BS_QBOOT_TAIL / t^2 times the
 * widened one's (1.2 at t = 1, 1.06 at t = 1.9), both ends: when the tail
 * shrinks the lower end falls short alike, and which side's tail is the
 * heavier the last values cannot tell (the longer last spacing picked the
 * wrong end: 92.3% when Pareto's tail shrinks).  The constant was chosen
 * from those simulations (0.2) and is checked by the table.
 */
static double
tailwiden(double t)
{
	return 1 + BS_QBOOT_TAIL / (t * t);
}

static int
boot(const double *bs, size_t nb, const double *cs, size_t nc, double p,
    double confidence, struct bs_qdiff *q)
{
	const size_t B = BS_QBOOT_B;
	double *d, lim[2], a = 1 - confidence / 100, pr[2], hb, hc, m, s;
	double e, t, zo;
	size_t i, jb, jc, below = 0, above = 0, ties;
	unsigned *cnt;
	gsl_rng *r;

	d = malloc(B * sizeof(*d));
	cnt = calloc((nb > nc ? nb : nc) + 1, sizeof(*cnt));
	r = gsl_rng_alloc(gsl_rng_mt19937);
	if (d == NULL || cnt == NULL || r == NULL) {
		free(d);
		free(cnt);
		if (r)
			gsl_rng_free(r);
		return -1;
	}
	gsl_rng_set(r, BS_QBOOT_SEED);
	pos7(nb, p, &jb, &hb);
	pos7(nc, p, &jc, &hc);
	for (i = 0; i < B; i++) {
		double qb = resample_q(r, bs, nb, jb, hb, cnt);

		d[i] = resample_q(r, cs, nc, jc, hc, cnt) - qb;
		below += d[i] < 0;
		above += d[i] > 0;
	}
	ties = B - below - above;
	/*
	 * The smallest two-sided level at which the percentile interval
	 * excludes 0: twice the share of resampled differences on the far
	 * side of 0 from the estimate, ties counted half.  When none lies
	 * there the counts say only p < 1/B; the normal tail of the
	 * bootstrap distribution then says how far below, so that a clear
	 * change can survive an adjustment across many rows.
	 */
	if (q->diff > 0 || (q->diff == 0 && above > below))
		q->p = (2.0 * (double)below + (double)ties) / (double)B;
	else if (q->diff < 0 || below > above)
		q->p = (2.0 * (double)above + (double)ties) / (double)B;
	else
		q->p = 1;
	if (q->p == 0) {
		bs_mean_sd(d, B, &m, &s);
		q->p = s > 0 ? fmin(2 * gsl_cdf_ugaussian_Q(fabs(m) / s),
		    1.0 / (double)B) : 0;
	}
	q->p = fmin(q->p, 1);
	/*
	 * Widened: the interval at level a is the resamples' interval at
	 * the level whose normal quantile is e times a's, and the p-value
	 * the level at which that interval reaches 0.
	 */
	t = fmin(p, 1 - p) * (double)(nb < nc ? nb : nc);
	e = t > 0 ? widen(t) : HUGE_VAL;
	/* One or two values beyond it: widened again (tailwiden()). */
	if (t >= 1 && t < 2)
		e *= tailwiden(t);
	if (q->p > 0 && q->p < 1) {
		zo = gsl_cdf_ugaussian_Qinv(q->p / 2);
		q->p = 2 * gsl_cdf_ugaussian_Q(zo / e);
	}
	pr[0] = gsl_cdf_ugaussian_P(-gsl_cdf_ugaussian_Qinv(a / 2) * e);
	pr[1] = 1 - pr[0];
	if (bs_quantiles(d, B, pr, 2, 7, lim) == -1) {
		free(d);
		free(cnt);
		gsl_rng_free(r);
		return -1;
	}
	q->lo = lim[0];
	q->hi = lim[1];
	q->method = BS_QM_BOOT;
	free(d);
	free(cnt);
	gsl_rng_free(r);
	return 0;
}

/*
 * The order-statistic interval of one side's quantile: the order
 * statistics at ranks h -+ z sqrt(n p (1 - p)) around the type-7
 * position h = 1 + (n - 1) p, interpolated between neighbours.  This is
 * the binomial interval (the count below the true quantile is
 * Binomial(n, p)) in its normal form, which is close when n p (1 - p)
 * is large, as it is here; interpolating keeps its coverage at the
 * level asked instead of above it, as whole ranks would (97% for the
 * median at n = 200).  -1 when a rank falls outside the sample.
 */
static int
os_interval(const double *x, size_t n, double p, double a, double *lo,
    double *hi)
{
	double h = 1 + (double)(n - 1) * p, s = sqrt((double)n * p * (1 - p));
	double z = gsl_cdf_ugaussian_Pinv(1 - a / 2), r[2], f;
	size_t j;

	/*
	 * MOVER reads each side's variance from the squared distance
	 * between its estimate and an end, a sum of k = z s spacings, whose
	 * own noise adds about 1/k to it: left as it is, the interval of
	 * the difference covered 96-97% at n = 50 to 5,000 in simulation,
	 * 95-96% with this correction.
	 */
	z /= sqrt(1 + 1 / (z * s));

	r[0] = h - z * s;
	r[1] = h + z * s;
	if (r[0] < 1 || r[1] > (double)n)
		return -1;
	for (int k = 0; k < 2; k++) {
		f = floor(r[k]);
		j = (size_t)f - 1;
		*(k ? hi : lo) = j + 1 < n ? interp(x[j], x[j + 1], r[k] - f) :
		    x[j];
	}
	return 0;
}

static int
order(const double *bs, size_t nb, const double *cs, size_t nc, double p,
    double confidence, struct bs_qdiff *q)
{
	double a = 1 - confidence / 100, z, lb, ub, lc, uc, slo, shi;

	if (os_interval(bs, nb, p, a, &lb, &ub) == -1 ||
	    os_interval(cs, nc, p, a, &lc, &uc) == -1)
		return 1;
	/*
	 * MOVER: each end of the difference from the ends of the two
	 * intervals that bound it, as the square root of the sum of the
	 * squared distances from each estimate.
	 */
	slo = sqrt((q->qc - lc) * (q->qc - lc) + (ub - q->qb) * (ub - q->qb));
	shi = sqrt((uc - q->qc) * (uc - q->qc) + (q->qb - lb) * (q->qb - lb));
	q->lo = q->diff - slo;
	q->hi = q->diff + shi;
	/*
	 * The p-value of the same interval: the level at which the end
	 * facing 0, its spread scaled as a normal quantile, reaches 0.
	 */
	z = gsl_cdf_ugaussian_Pinv(1 - a / 2);
	if (q->diff > 0)
		q->p = slo > 0 ? 2 * gsl_cdf_ugaussian_Q(q->diff / (slo / z)) :
		    0;
	else if (q->diff < 0)
		q->p = shi > 0 ? 2 * gsl_cdf_ugaussian_Q(-q->diff /
		    (shi / z)) : 0;
	else
		q->p = 1;
	q->method = BS_QM_ORDER;
	return 0;
}

int
bs_quantile_diff(const double *b, size_t nb, const double *c, size_t nc,
    double p, double confidence, struct bs_qdiff *q)
{
	double *bs = NULL, *cs = NULL, h, tail;
	size_t j;
	int rc = -1;

	q->qb = q->qc = q->diff = q->lo = q->hi = q->p = NAN;
	q->method = BS_QM_NONE;
	if (nb == 0 || nc == 0 || !(p >= 0 && p <= 1))
		return 0;
	if ((bs = sorted(b, nb)) == NULL || (cs = sorted(c, nc)) == NULL)
		goto out;
	pos7(nb, p, &j, &h);
	q->qb = interp(bs[j], bs[j + (j + 1 < nb)], h);
	pos7(nc, p, &j, &h);
	q->qc = interp(cs[j], cs[j + (j + 1 < nc)], h);
	q->diff = q->qc - q->qb;
	rc = 0;
	if (nb < 2 || nc < 2)
		goto out;
	tail = fmin(p, 1 - p) * (double)(nb < nc ? nb : nc);
	if (tail >= BS_QORDER_TAIL && (rc = order(bs, nb, cs, nc, p,
	    confidence, q)) <= 0)
		goto out;
	rc = boot(bs, nb, cs, nc, p, confidence, q);
out:
	free(bs);
	free(cs);
	return rc;
}

/*
 * Nested runs: one side's values grouped by unit (vals, unit u's at
 * off[u] .. off[u + 1]), for a bootstrap that draws whole units.
 */
struct uside {
	double	*vals, *buf;
	size_t	*off, nu;
};

static void
uside_free(struct uside *s)
{
	free(s->vals);
	free(s->buf);
	free(s->off);
}

static int
uside_make(const double *x, const uint32_t *u, size_t nu, size_t n,
    struct uside *s)
{
	size_t *fill, most = 0;

	memset(s, 0, sizeof(*s));
	s->nu = nu;
	s->off = calloc(nu + 2, sizeof(*s->off));
	fill = calloc(nu + 1, sizeof(*fill));
	s->vals = malloc((n + 1) * sizeof(*s->vals));
	if (s->off == NULL || fill == NULL || s->vals == NULL)
		goto oom;
	for (size_t i = 0; i < n; i++)
		s->off[u[i] + 1]++;
	for (size_t k = 0; k < nu; k++) {
		if (s->off[k + 1] > most)
			most = s->off[k + 1];
		s->off[k + 1] += s->off[k];
	}
	for (size_t i = 0; i < n; i++)
		s->vals[s->off[u[i]] + fill[u[i]]++] = x[i];
	if ((s->buf = malloc((nu * most + 1) * sizeof(*s->buf))) == NULL)
		goto oom;
	free(fill);
	return 0;
oom:
	free(fill);
	uside_free(s);
	return -1;
}

/* The type-7 quantile p of a resample of the side's units. */
static double
uside_q(gsl_rng *r, struct uside *s, double p)
{
	size_t n = 0;
	double q;

	for (size_t k = 0; k < s->nu; k++) {
		size_t u = gsl_rng_uniform_int(r, s->nu);
		size_t len = s->off[u + 1] - s->off[u];

		memcpy(s->buf + n, s->vals + s->off[u], len * sizeof(*s->buf));
		n += len;
	}
	if (n == 0 || bs_quantiles(s->buf, n, &p, 1, 7, &q) == -1)
		return NAN;
	return q;
}

/*
 * The percentile bootstrap over units: BS_QBOOT_B resamples of each
 * side's units (as many as it has, with replacement), the difference of
 * the quantiles of their values; p twice the share on the far side of 0
 * (ties counted half), below 1/B from the normal tail.  With 5 forks of
 * 20 a side, bcompare --gate --stat p50 called 4.3% of 1000 A/A pairs of
 * tests/oracle/aa.R changed (77.6% resampling the iterations as runs).
 */
static int
unit_boot(struct uside *sb, struct uside *sc, double p, double confidence,
    struct bs_qdiff *q)
{
	const size_t B = BS_QBOOT_B;
	double *d = malloc(B * sizeof(*d)), a = 1 - confidence / 100, m, sd;
	double pr[2] = { a / 2, 1 - a / 2 }, lim[2];
	size_t below = 0, above = 0, ties, k = 0;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	if (d == NULL || r == NULL)
		goto fail;
	gsl_rng_set(r, BS_QBOOT_SEED);
	for (size_t i = 0; i < B; i++) {
		double qb = uside_q(r, sb, p), x = uside_q(r, sc, p) - qb;

		if (isnan(x))
			continue;
		d[k++] = x;
		below += x < 0;
		above += x > 0;
	}
	if (k == 0)
		goto fail;
	ties = k - below - above;
	if (q->diff > 0 || (q->diff == 0 && above > below))
		q->p = (2.0 * (double)below + (double)ties) / (double)k;
	else if (q->diff < 0 || below > above)
		q->p = (2.0 * (double)above + (double)ties) / (double)k;
	else
		q->p = 1;
	if (q->p == 0) {
		bs_mean_sd(d, k, &m, &sd);
		q->p = sd > 0 ? fmin(2 * gsl_cdf_ugaussian_Q(fabs(m) / sd),
		    1.0 / (double)k) : 0;
	}
	q->p = fmin(q->p, 1);
	if (bs_quantiles(d, k, pr, 2, 7, lim) == -1)
		goto fail;
	q->lo = lim[0];
	q->hi = lim[1];
	q->method = BS_QM_BOOT;
	free(d);
	gsl_rng_free(r);
	return 0;
fail:
	free(d);
	if (r != NULL)
		gsl_rng_free(r);
	return -1;
}

int
bs_quantile_diff_units(const double *b, const uint32_t *ub, size_t nub,
    size_t nb, const double *c, const uint32_t *uc, size_t nuc, size_t nc,
    double p, double confidence, struct bs_qdiff *q)
{
	struct uside sb, sc;
	double *x;
	size_t j;
	double h;
	int rc = -1;

	q->qb = q->qc = q->diff = q->lo = q->hi = q->p = NAN;
	q->method = BS_QM_NONE;
	if (nb == 0 || nc == 0 || !(p >= 0 && p <= 1))
		return 0;
	if ((x = sorted(b, nb)) == NULL)
		return -1;
	pos7(nb, p, &j, &h);
	q->qb = interp(x[j], x[j + (j + 1 < nb)], h);
	free(x);
	if ((x = sorted(c, nc)) == NULL)
		return -1;
	pos7(nc, p, &j, &h);
	q->qc = interp(x[j], x[j + (j + 1 < nc)], h);
	free(x);
	q->diff = q->qc - q->qb;
	if (nub < 2 || nuc < 2)
		return 0;
	if (uside_make(b, ub, nub, nb, &sb) == -1)
		return -1;
	if (uside_make(c, uc, nuc, nc, &sc) == -1) {
		uside_free(&sb);
		return -1;
	}
	rc = unit_boot(&sb, &sc, p, confidence, q);
	uside_free(&sb);
	uside_free(&sc);
	return rc;
}

int
bs_cmp_stat_parse(const char *s, struct bs_cmp_opts *o)
{
	double v;

	if (strcmp(s, "mean") == 0) {
		o->stat = BS_STAT_MEAN;
		o->stat_p = NAN;
		o->stat_name = "mean";
		return 0;
	}
	if (strcmp(s, "median") == 0)
		v = 50;
	else if (s[0] != 'p' || s[1] < '0' || s[1] > '9' ||
	    bs_parse_double(s + 1, &v) == -1 || !(v > 0 && v < 100))
		return -1;
	o->stat = BS_STAT_QUANTILE;
	o->stat_p = bs_pct_prob(v);
	o->stat_name = s;
	return 0;
}

/* The type-7 quantile p of sorted xs[0..n), n > 0. */
double
bs_q7_sorted(const double *xs, size_t n, double p)
{
	double h;
	size_t j;

	pos7(n, p, &j, &h);
	return interp(xs[j], xs[j + (j + 1 < n)], h);
}

/*
 * The order statistics' interval of the difference of sorted samples
 * and its p (order() above), whatever the tail holds: the runs-needed
 * simulation's test where bcompare would bootstrap (2000 resamples in
 * each of its experiments at every n it tries would take minutes); 1
 * when the order statistics give no interval at these sizes.
 */
int
bs_quantile_diff_os(const double *bs, size_t nb, const double *cs,
    size_t nc, double p, double confidence, struct bs_qdiff *q)
{
	q->qb = bs_q7_sorted(bs, nb, p);
	q->qc = bs_q7_sorted(cs, nc, p);
	q->diff = q->qc - q->qb;
	q->lo = q->hi = q->p = NAN;
	return order(bs, nb, cs, nc, p, confidence, q);
}
