/*
 * Summary statistics of one series: moments by the corrected two-pass
 * algorithm on values shifted by a reference, the t interval of the mean,
 * and quantiles by selection (no full sort) as R's quantile() types 1-9.
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "stat/stat.h"

void
bs_summary_opts_default(struct bs_summary_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->confidence = 95.0;
	o->qtype = 7;
	o->pct[0] = 95.0;
	o->pct[1] = 99.0;
	o->npct = 2;
	o->steady_tol = 0.02;
}

/*
 * Corrected two-pass algorithm (Chan, Golub and LeVeque): the second pass
 * subtracts the rounding error left in the first mean; the squares are
 * summed with Neumaier's compensation (R sums them in long double: a
 * plain sum of 10^7 drifts by 10^-13 relative).  Inline in every
 * caller, sc a constant there: the products by 1.0, exact, fold away.
 */
static inline __attribute__((always_inline)) void
mean_var(const double *x, size_t n, double sc, double *mean, double *var)
{
	double s = 0.0, m, c = 0.0, ss = 0.0, comp = 0.0, d, t;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i] * sc;
	m = s / (double)n;
	for (i = 0; i < n; i++) {
		d = x[i] * sc - m;
		c += d;
		d *= d;
		t = ss + d;
		comp += ss >= d ? (ss - t) + d : (d - t) + ss;
		ss = t;
	}
	if (isfinite(comp))
		ss += comp;
	*mean = m + c / (double)n;
	*var = n > 1 ? (ss - c * c / (double)n) / (double)(n - 1) : NAN;
}

/*
 * Corrected two-pass algorithm (Chan, Golub and LeVeque): the second pass
 * subtracts the rounding error left in the first mean.  Values near the
 * largest double overflow the sums; they are then scaled by 2^-600
 * (exact, a power of two; what underflows is below 2^-150 of the largest
 * value) and the results scaled back.  A variance beyond the range of a
 * double comes back infinite, for the caller to refuse.  Deviations
 * below 2^-511 have squares among the subnormals, with fewer digits or
 * none (the sd of 1e-160, 2e-160, 3e-160 came out 9.99994e-161, of
 * 1e-310, 2e-310, 3e-310 zero): the values are then scaled by 2^600.
 */
#define TINY_VAR	0x1p-900	/* deviations below about 2^-450 */

/* Values too small for their squares: scaled up, mean and var back. */
static int
tiny(const double *x, size_t n, double *mean, double *var)
{
	double m, v;

	mean_var(x, n, 0x1p600, &m, &v);
	if (!isfinite(m) || !isfinite(v))
		return 0;
	*mean = m * 0x1p-600;
	*var = v;	/* still scaled by 2^1200 */
	return 1;
}

void
bs_mean_var(const double *x, size_t n, double *mean, double *var)
{
	double m, v;

	if (n == 0) {
		*mean = *var = NAN;
		return;
	}
	mean_var(x, n, 1.0, mean, var);
	if (isfinite(*mean) && (n < 2 || isfinite(*var))) {
		if (n > 1 && *var < TINY_VAR && tiny(x, n, &m, &v)) {
			*mean = m;
			*var = v * 0x1p-600 * 0x1p-600;
		}
		return;
	}
	mean_var(x, n, 0x1p-600, mean, var);
	*mean *= 0x1p600;
	*var = *var * 0x1p600 * 0x1p600;	/* inf when beyond */
}

void
bs_mean_sd(const double *x, size_t n, double *mean, double *sd)
{
	double var, m, v;

	if (n == 0) {
		*mean = *sd = NAN;
		return;
	}
	mean_var(x, n, 1.0, mean, &var);
	if (!isfinite(*mean) || (n > 1 && !isfinite(var))) {
		mean_var(x, n, 0x1p-600, mean, &var);
		*mean *= 0x1p600;
		*sd = n > 1 ? sqrt(var) * 0x1p600 : NAN;
		return;
	}
	if (n > 1 && var < TINY_VAR && tiny(x, n, &m, &v)) {
		*mean = m;
		*sd = sqrt(v) * 0x1p-600;
		return;
	}
	*sd = n > 1 ? sqrt(var) : NAN;
}

double
bs_autocorr1(const double *x, size_t n, double mean)
{
	double num = 0.0, den = 0.0;
	size_t i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++)
		den += (x[i] - mean) * (x[i] - mean);
	for (i = 0; i + 1 < n; i++)
		num += (x[i] - mean) * (x[i + 1] - mean);
	return den > 0.0 ? num / den : NAN;
}

double
bs_t_halfwidth(double sd, size_t n, double confidence)
{
	double t;

	if (n < 2 || !isfinite(sd))
		return NAN;
	t = gsl_cdf_tdist_Pinv(0.5 + confidence / 200.0, (double)(n - 1));
	return t * sd / sqrt((double)n);
}

/* ------------------------------------------------------------------ */
/* Selection of several order statistics (one is bs_select, core/select.c) */

/*
 * Several order statistics at once: ks sorted ascending; each selection
 * splits the range for the others, so the cost is O(n log nk).
 */
static void
select_multi(double *a, size_t lo, size_t hi, const size_t *ks, size_t nk)
{
	size_t m, k;

	while (nk > 0) {
		m = nk / 2;
		k = ks[m];
		bs_select_range(a, lo, hi, k);
		if (m > 0 && k > lo)
			select_multi(a, lo, k - 1, ks, m);
		ks += m + 1;
		nk -= m + 1;
		lo = k + 1;
		if (lo > hi)
			return;
	}
}

static int
cmpsz(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* An unsigned key in the order of the doubles (NaN-free input). */
static inline uint64_t
okey(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return (u >> 63) ? ~u : u | (UINT64_C(1) << 63);
}

#define NBUCKET	65536
#define BPARTS_MIN	(1u << 20)	/* values a thread, at least */

/*
 * One thread's part of bucket_select()'s passes over x[from..to): the
 * key range (pass 1), its own bucket counts (2), and the copy of its
 * values of the wanted buckets to at[b] on (3).  The parts' results
 * combine exactly (least and greatest keys, sums of counts, the copies
 * in the values' order), so the answer is one thread's.
 */
struct bpart {
	/* A part a cache line of its own: the threads write their parts. */
	_Alignas(64) const double *x;
	size_t		 from, to;
	uint64_t	 lo, hi, klo;
	unsigned	 shift;
	size_t		*cnt, *at;
	const unsigned char *want;
	double		*buf;
	int		 pass;
	/*
	 * Pass 4, order_summary()'s: the least and greatest value, the
	 * first of equal ones (mn, mx) and the last (lo2, hi2, as fmin()
	 * and fmax() keep them).  Pass 5, the mvalue's: counts of bins h
	 * wide from blo, nb of them, into cnt (nb + 2).
	 */
	double		 mn, mx, lo2, hi2, blo, h;
	size_t		 nb;
};

/* The passes of order_summary() and the mvalue (NaN-free x). */
static void
bpart_more(struct bpart *p)
{
	const double *x = p->x;
	size_t i, k;

	if (p->pass == 4) {
		double mn, mx, lo2, hi2;

		mn = mx = lo2 = hi2 = x[p->from];
		for (i = p->from + 1; i < p->to; i++) {
			if (x[i] < mn)
				mn = x[i];
			if (x[i] > mx)
				mx = x[i];
			lo2 = lo2 < x[i] ? lo2 : x[i];
			hi2 = hi2 > x[i] ? hi2 : x[i];
		}
		p->mn = mn;
		p->mx = mx;
		p->lo2 = lo2;
		p->hi2 = hi2;
	}
	/* x[i] - blo >= 0 (blo the least, or less): floor() is the cast's. */
	for (i = p->from; p->pass == 5 && i < p->to; i++) {
		k = (size_t)((x[i] - p->blo) / p->h);
		p->cnt[1 + (k < p->nb ? k : p->nb - 1)]++;
	}
}

static void *
bpart_run(void *arg)
{
	struct bpart *p = arg;
	size_t i, b;
	uint64_t k;

	for (i = p->from; p->pass == 1 && i < p->to; i++) {
		k = okey(p->x[i]);
		if (k < p->lo)
			p->lo = k;
		if (k > p->hi)
			p->hi = k;
	}
	for (i = p->from; p->pass == 2 && i < p->to; i++)
		p->cnt[(okey(p->x[i]) - p->klo) >> p->shift]++;
	for (i = p->from; p->pass == 3 && i < p->to; i++) {
		b = (okey(p->x[i]) - p->klo) >> p->shift;
		if (p->want[b])
			p->buf[p->at[b]++] = p->x[i];
	}
	if (p->pass > 3)
		bpart_more(p);
	return NULL;
}

/*
 * A pass of the np parts, the first on this thread, each other on one
 * of its own (POSIX threads: see read/chunks.c for why no library); a
 * part whose thread cannot start runs here after.
 */
static void
bpart_pass(struct bpart *part, size_t np, int pass)
{
	pthread_t th[BS_JOBS_MAX];
	int started[BS_JOBS_MAX];
	size_t k;

	for (k = 0; k < np; k++)
		part[k].pass = pass;
	for (k = 1; k < np; k++)
		started[k] = pthread_create(&th[k], NULL, bpart_run,
		    &part[k]) == 0;
	bpart_run(&part[0]);
	for (k = 1; k < np; k++)
		if (started[k])
			pthread_join(th[k], NULL);
		else
			bpart_run(&part[k]);
}

/* Threads for a series of n values: jobs (0: the online CPUs), 4 at most. */
static size_t
nparts(int jobs, size_t n)
{
	return bs_threads(jobs, BS_JOBS_DEFAULT, n, BPARTS_MIN, 1);
}

/* x[0..n) in np parts (at most BS_JOBS_DEFAULT), all else zero. */
static size_t
bpart_split(struct bpart *part, const double *x, size_t n, int jobs)
{
	size_t np = nparts(jobs, n);

	memset(part, 0, BS_JOBS_DEFAULT * sizeof(*part));
	for (size_t k = 0; k < np; k++) {
		part[k].x = x;
		part[k].from = n / np * k;
		part[k].to = k + 1 < np ? n / np * (k + 1) : n;
		part[k].lo = UINT64_MAX;
	}
	return np;
}

/* The parts' counts summed into cnt (part 0's), each part's copy start. */
static int
bpart_starts(struct bpart *part, size_t np, const unsigned char *want,
    const size_t *start)
{
	for (size_t k = 0; k < np; k++)
		if ((part[k].at = malloc(NBUCKET * sizeof(size_t))) == NULL)
			return -1;
	for (size_t b = 0; b < NBUCKET; b++) {
		size_t at = start[b];

		for (size_t k = 0; k < np; k++) {
			part[k].at[b] = at;
			if (want[b])
				at += part[k].cnt[b];
		}
	}
	return 0;
}

/*
 * Order statistics of a large array by bucketing: one pass for the key
 * range, one to count 65536 buckets of equal key width (keys are ordered
 * like the doubles and grow with their logarithm, so latency data spreads
 * well), one to copy out the few buckets that hold the wanted ranks, and
 * a selection within each.  Three linear passes instead of the
 * log(k) + 2 of repeated quickselect, and x is left as it was; the passes
 * split among threads (jobs) from BPARTS_MIN values a thread.  Returns
 * -1 when the wanted buckets are too full (heavy ties), so that the
 * caller falls back to selection in place.
 */
static int
bucket_select(const double *x, size_t n, const size_t *ks, size_t nk,
    double *out, int jobs)
{
	struct bpart part[BS_JOBS_DEFAULT];
	uint64_t lo = UINT64_MAX, hi = 0;
	size_t *cnt = NULL, *start = NULL, i, b, k, tot = 0, nb = 0, np;
	size_t bk[64], rank[64];
	double *buf = NULL;
	unsigned shift = 0;
	unsigned char *want = NULL;
	int rc = -1;

	if (nk > 64)
		return -1;
	np = bpart_split(part, x, n, jobs);
	bpart_pass(part, np, 1);
	for (k = 0; k < np; k++) {
		lo = part[k].lo < lo ? part[k].lo : lo;
		hi = part[k].hi > hi ? part[k].hi : hi;
	}
	while (((hi - lo) >> shift) >= NBUCKET)
		shift++;
	for (k = 0; k < np; k++) {
		part[k].klo = lo;
		part[k].shift = shift;
		if ((part[k].cnt = calloc(NBUCKET, sizeof(size_t))) == NULL)
			goto out;
	}
	cnt = calloc(NBUCKET, sizeof(*cnt));
	want = calloc(NBUCKET, 1);
	if (cnt == NULL || want == NULL)
		goto out;
	bpart_pass(part, np, 2);
	for (k = 0; k < np; k++)
		for (b = 0; b < NBUCKET; b++)
			cnt[b] += part[k].cnt[b];
	/* Which bucket holds each rank, and the rank within it. */
	for (i = 0, b = 0, tot = 0; i < nk; i++) {
		while (tot + cnt[b] <= ks[i]) {
			tot += cnt[b];
			b++;
		}
		bk[i] = b;
		rank[i] = ks[i] - tot;
		if (!want[b]) {
			want[b] = 1;
			nb += cnt[b];
		}
	}
	if (nb > n / 4 + 1024)
		goto out;
	start = calloc(NBUCKET, sizeof(*start));
	buf = malloc((nb + 1) * sizeof(*buf));
	if (start == NULL || buf == NULL)
		goto out;
	for (b = 0, tot = 0; b < NBUCKET; b++)
		if (want[b]) {
			start[b] = tot;
			tot += cnt[b];
		}
	if (bpart_starts(part, np, want, start) == -1)
		goto out;
	for (k = 0; k < np; k++) {
		part[k].want = want;
		part[k].buf = buf;
	}
	bpart_pass(part, np, 3);
	for (i = 0; i < nk; i++) {
		double *p = buf + start[bk[i]];

		bs_select_range(p, 0, cnt[bk[i]] - 1, rank[i]);
		out[i] = p[rank[i]];
	}
	rc = 0;
out:
	for (k = 0; k < np; k++) {
		free(part[k].cnt);
		free(part[k].at);
	}
	free(cnt);
	free(want);
	free(start);
	free(buf);
	return rc;
}

/*
 * out[i] = the ks[i]-th smallest of x (ks sorted, distinct).  With x
 * NULL the data is ro, read only: only the bucketed selection, which
 * copies what it needs, may be used; -1 when it declines.
 */
static int
order_stats(double *x, const double *ro, size_t n, const size_t *ks,
    size_t nk, double *out, int jobs)
{
	if (n >= 65536 && bucket_select(x ? x : ro, n, ks, nk, out, jobs) ==
	    0)
		return 0;
	if (x == NULL)
		return -1;
	select_multi(x, 0, n - 1, ks, nk);
	for (size_t i = 0; i < nk; i++)
		out[i] = x[ks[i]];
	return 0;
}

static double
stat_at(const size_t *ks, const double *v, size_t nk, size_t k)
{
	size_t lo = 0, hi = nk;

	while (lo < hi) {
		size_t m = (lo + hi) / 2;

		if (ks[m] < k)
			lo = m + 1;
		else
			hi = m;
	}
	return v[lo];
}

/*
 * The position of a quantile in R's terms: 1-based order statistic j and
 * weight h, so that q = (1-h) x[j] + h x[j+1] with x[0] = x[1] and
 * x[n+1] = x[n].  This is quantile.default() of R 4, fuzz included.
 */
static void
qpos(size_t n, double p, int type, long *j, double *h)
{
	const double fuzz = 4.0 * 2.220446049250313e-16;
	double nppm, a = 0, b = 0;
	long jj;

	if (type <= 3) {
		nppm = type == 3 ? (double)n * p - 0.5 : (double)n * p;
		jj = (long)floor(nppm + fuzz);
		switch (type) {
		case 1:
			*h = nppm > (double)jj ? 1.0 : 0.0;
			break;
		case 2:
			*h = ((nppm > (double)jj ? 1.0 : 0.0) + 1.0) / 2.0;
			break;
		default:
			*h = (nppm != (double)jj || (jj % 2) == 1) ? 1.0 : 0.0;
			break;
		}
	} else {
		switch (type) {
		case 4: a = 0; b = 1; break;
		case 5: a = 0.5; b = 0.5; break;
		case 6: a = 0; b = 0; break;
		case 7: a = 1; b = 1; break;
		case 8: a = 1.0 / 3; b = 1.0 / 3; break;
		default: a = 3.0 / 8; b = 3.0 / 8; break;
		}
		nppm = a + p * ((double)n + 1 - a - b);
		jj = (long)floor(nppm + fuzz);
		*h = nppm - (double)jj;
		if (fabs(*h) < fuzz)
			*h = 0.0;
	}
	*j = jj;
}

/* x[j] in R's 1-based terms with the ends repeated. */
static size_t
clampidx(long j, size_t n)
{
	if (j < 1)
		return 0;
	if ((size_t)j > n)
		return n - 1;
	return (size_t)j - 1;
}

/*
 * Quantiles of x, or of ro read only (see order_stats()), as R computes
 * them: each from the one or two order statistics it lies between, as
 * off + x[k], so that values stored shifted by off are interpolated
 * from the doubles they stand for (off + x[k] must be exactly that).
 */
static int
quantiles(double *x, const double *ro, size_t n, const double *p, size_t np,
    int type, double off, double *out, int jobs)
{
	size_t *ks, nk = 0, i, w;
	long j;
	double h, lo, hi, *vals;

	if (type < 1 || type > 9)
		return -1;
	if (n == 0) {
		for (i = 0; i < np; i++)
			out[i] = NAN;
		return 0;
	}
	if ((ks = malloc((2 * np + 1) * sizeof(*ks))) == NULL)
		return -1;
	for (i = 0; i < np; i++) {
		qpos(n, p[i], type, &j, &h);
		ks[nk++] = clampidx(j, n);
		ks[nk++] = clampidx(j + 1, n);
	}
	qsort(ks, nk, sizeof(*ks), cmpsz);
	for (i = 0, w = 0; i < nk; i++)
		if (w == 0 || ks[w - 1] != ks[i])
			ks[w++] = ks[i];
	if ((vals = malloc((w + 1) * sizeof(*vals))) == NULL) {
		free(ks);
		return -1;
	}
	if (order_stats(x, ro, n, ks, w, vals, jobs) == -1) {
		free(ks);
		free(vals);
		return -1;
	}
	for (i = 0; i < np; i++) {
		qpos(n, p[i], type, &j, &h);
		lo = stat_at(ks, vals, w, clampidx(j, n));
		hi = stat_at(ks, vals, w, clampidx(j + 1, n));
		if (off != 0.0) {
			lo += off;
			hi += off;
		}
		if (h == 0.0 || lo == hi)
			out[i] = lo;
		else if (h == 1.0)
			out[i] = hi;
		else
			out[i] = (1.0 - h) * lo + h * hi;
	}
	free(ks);
	free(vals);
	return 0;
}

int
bs_quantiles(double *x, size_t n, const double *p, size_t np, int type,
    double *out)
{
	return quantiles(x, NULL, n, p, np, type, 0.0, out, 1);
}

/*
 * The mean of running moments: from the exact sums while they hold, else
 * the compensated sum of the values as parsed over n, within an ulp or
 * two of the exact mean even near zero, where the shifted mean (refd +
 * the running mean) loses to cancellation what the first value's
 * magnitude has over the mean's (2e-11 relative at a mean 1e-4 of values
 * near 1).  Welford's where the sum overflows.
 */
double
bs_moments_mean(const struct bs_moments *m, double refd)
{
	double	 s = m->rsum + m->rcomp;

	if (m->x.on)
		return bs_xsum_mean(&m->x, m->n);
	return isfinite(s) ? s / (double)m->n : refd + m->mean;
}

double
bs_moments_m2(const struct bs_moments *m)
{
	return m->x.on ? bs_xsum_m2(&m->x, m->n) : m->m2;
}

double
bs_moments_sum(const struct bs_moments *m)
{
	return m->x.on ? bs_xsum_sum(&m->x) : m->rsum + m->rcomp;
}

int
bs_moments_overflow(const struct bs_moments *m)
{
	return !isfinite(bs_moments_m2(m));
}

/*
 * refd + v rounds twice, which can turn an input 1.1 into
 * 1.0999999999999999.  Inputs rarely carry more than 15 significant
 * digits, so a result within 2 ulp of a 15-digit decimal is that decimal.
 */
double
bs_snap(double y)
{
	char buf[40];
	double z, up, ulp;

	if (!isfinite(y) || y == 0.0)
		return y;
	snprintf(buf, sizeof(buf), "%.15g", y);
	z = strtod(buf, NULL);
	/*
	 * Near the largest double the 15 digits round up beyond it (z is
	 * infinite) and the step above it is infinite too: the value stays
	 * as it is.
	 */
	up = nextafter(fabs(y), INFINITY);
	ulp = isinf(up) ? fabs(y) - nextafter(fabs(y), 0) : up - fabs(y);
	if (isfinite(z) && fabs(z - y) <= 2.0 * ulp)
		return z;
	return y;
}

/* ------------------------------------------------------------------ */

/*
 * Finite values can have statistics beyond the largest double (an sd or
 * an interval of values near +-1.8e308).  Such a result is an error, not
 * an empty cell; a cv that overflows (a mean near zero) is undefined, as
 * for a mean of zero.
 */
static int
overflowed(struct bs_summary *r, const struct bs_summary_opts *o,
    struct bs_err *e)
{
	const struct bs_stat *st;

	if (isinf(r->cv))
		r->cv = NAN;
	for (st = bs_stats; st->name != NULL; st++)
		if ((st->flags & BS_SF_FINITE) && !(st->needs & BS_SN_PCT) &&
		    isinf(bs_stat_value(st, r, 0)))
			return bs_seterr(e, NULL, 0, "the %s is beyond the "
			    "range of a double (values near +-1.8e308)",
			    st->name);
	for (size_t i = 0; i < o->npct; i++)
		if (isinf(r->pct[i]))
			return bs_seterr(e, NULL, 0, "a percentile is beyond "
			    "the range of a double");
	return 0;
}

size_t
bs_summary_quantiles(struct bs_summary *r, const struct bs_summary_opts *o,
    unsigned need, double *probs, double **out)
{
	const struct bs_stat *st;
	size_t n = 0;

	for (st = bs_stats; st->name != NULL; st++)
		if (st->p > 0 && (st->needs & need) == need &&
		    n < BS_MAX_QUANT - BS_MAX_PCT) {
			probs[n] = st->p;
			out[n++] = (double *)(void *)((char *)r + st->off);
		}
	for (size_t i = 0; i < o->npct; i++) {
		probs[n] = bs_pct_prob(o->pct[i]);
		out[n++] = &r->pct[i];
	}
	return n;
}

/*
 * The order-statistic intervals of the median and each percentile: the
 * order statistics of bs_quantile_ci_index, found by one selection.
 */
static int
pct_intervals(double *x, size_t n, double off,
    const struct bs_summary_opts *o, struct bs_summary *r)
{
	size_t ks[2 * (1 + BS_MAX_PCT)], nk = 0, l, u, i, w;
	double vals[2 * (1 + BS_MAX_PCT)], p, *lo, *hi;

	for (i = 0; i <= o->npct; i++) {
		lo = i == 0 ? &r->median_lo : &r->pct_lo[i - 1];
		hi = i == 0 ? &r->median_hi : &r->pct_hi[i - 1];
		*lo = *hi = NAN;
		p = i == 0 ? 0.5 : bs_pct_prob(o->pct[i - 1]);
		if (bs_quantile_ci_index(n, p, o->confidence, &l, &u) == 0) {
			ks[nk++] = l - 1;
			ks[nk++] = u - 1;
		}
	}
	if (nk == 0)
		return 0;
	qsort(ks, nk, sizeof(*ks), cmpsz);
	for (i = 0, w = 0; i < nk; i++)
		if (w == 0 || ks[w - 1] != ks[i])
			ks[w++] = ks[i];
	if (order_stats(x, NULL, n, ks, w, vals, 1) == -1)
		return -1;
	for (i = 0; i <= o->npct; i++) {
		p = i == 0 ? 0.5 : bs_pct_prob(o->pct[i - 1]);
		if (bs_quantile_ci_index(n, p, o->confidence, &l, &u) == -1)
			continue;
		lo = i == 0 ? &r->median_lo : &r->pct_lo[i - 1];
		hi = i == 0 ? &r->median_hi : &r->pct_hi[i - 1];
		*lo = off + stat_at(ks, vals, w, l - 1);
		*hi = off + stat_at(ks, vals, w, u - 1);
	}
	return 0;
}

/* Counts 0; every double a row of bs_stats[] is, and the arrays, NaN. */
void
bs_summary_clear(struct bs_summary *r)
{
	memset(r, 0, sizeof(*r));
	for (const struct bs_stat *st = bs_stats; st->name != NULL; st++)
		if (st->get == NULL)
			*(double *)(void *)((char *)r + st->off) = NAN;
	r->steady = -1;
	for (size_t i = 0; i < BS_MAX_PCT; i++)
		r->pct[i] = r->pct_lo[i] = r->pct_hi[i] = NAN;
}

void
bs_wilson(double x, double n, double confidence, double *lo, double *hi)
{
	double z, z2, p, c, h;

	if (!(n > 0)) {
		*lo = *hi = NAN;
		return;
	}
	/* Wilson (1927): the p whose score test at z just accepts x / n. */
	z = gsl_cdf_ugaussian_Pinv(0.5 + confidence / 200.0);
	z2 = z * z;
	p = x / n;
	c = (p + z2 / (2 * n)) / (1 + z2 / n);
	h = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
	*lo = x <= 0 ? 0 : c - h;
	*hi = x >= n ? 1 : c + h;
}

/*
 * The error rate and Apdex of the counts the table kept: Wilson
 * intervals; Apdex's counts half a tolerating request as a success,
 * and its score (0, 1/2, 1) varies at most as a success does, so the
 * interval is conservative.
 */
void
bs_rates_fill(uint64_t req, uint64_t err, uint64_t sat, uint64_t tol,
    uint64_t apn, const struct bs_summary_opts *o, struct bs_summary *r)
{
	if (o->rates) {
		r->requests = (double)req;
		r->errors = (double)err;
		if (req > 0)
			r->error_rate = (double)err / (double)req;
		bs_wilson((double)err, (double)req, o->confidence,
		    &r->error_lo, &r->error_hi);
	}
	if ((o->apdex > 0 || o->apdex_s > 0) && apn > 0) {
		double x = (double)sat + (double)tol / 2;

		r->apdex = x / (double)apn;
		bs_wilson(x, (double)apn, o->confidence, &r->apdex_lo,
		    &r->apdex_hi);
	}
}

static void
rates(const struct bs_series *s, const struct bs_summary_opts *o,
    struct bs_summary *r)
{
	bs_rates_fill(s->req, s->err, s->sat, s->tol, s->apn, o, r);
}

/* A summary from the running moments the streaming table kept. */
static int
summarize_moments(const struct bs_series *s, const struct bs_summary_opts *o,
    struct bs_summary *r, struct bs_err *e)
{
	const struct bs_moments *mo = s->mom;
	double hw, m2;

	r->missing = s->missing;
	r->skipped = o->skip < s->n ? o->skip : s->n;
	r->n = mo ? mo->n : 0;
	if (r->n == 0)
		return 0;
	if (!isfinite(m2 = bs_moments_m2(mo)))
		return bs_seterr(e, NULL, 0, "the running sums of "
		    "squares overflow for values this far apart; "
		    "without --no-quantiles all values are kept and "
		    "scaled");
	r->mean = bs_snap(bs_moments_mean(mo, s->refd));
	r->min = mo->rmin;
	r->max = mo->rmax;
	if (r->n > 1) {
		r->sd = sqrt(m2 / (double)(r->n - 1));
		r->se = r->sd / sqrt((double)r->n);
		hw = bs_t_halfwidth(r->sd, r->n, o->confidence);
		r->ci_lo = r->mean - hw;
		r->ci_hi = r->mean + hw;
		r->cv = r->mean != 0.0 ? r->sd / r->mean : NAN;
	}
	bs_summary_mde(r, o);
	return overflowed(r, o, e);
}

/*
 * The values after the warm-up, missing ones left out: *x a copy (*own,
 * to free) when keep is set or the series cannot be compacted in place,
 * else the series itself, compacted.  Their count, or -1 no memory.
 */
static long
take_values(struct bs_series *s, size_t start, int keep, double **x,
    double **own, size_t *nmiss)
{
	size_t i, w, n = s->n - start;

	*own = NULL;
	for (i = start, *nmiss = 0; i < s->n; i++)
		if (isnan(s->v[i]))
			(*nmiss)++;
	if (keep || (*nmiss > 0 && start > 0)) {
		if ((*own = malloc((n - *nmiss + 1) * sizeof(**own))) == NULL)
			return -1;
		*x = *own;
	} else
		*x = s->v;
	/* In place without a value missing: every value where it is. */
	if (*x == s->v && *nmiss == 0 && start == 0)
		return (long)n;
	for (i = start, w = 0; i < s->n; i++)
		if (!isnan(s->v[i])) {
			/* In place, what says how each value was parsed too. */
			if (*x == s->v && s->ulp)
				s->ulp[w] = s->ulp[i];
			if (*x == s->v && s->raw)
				s->raw[w] = s->raw[i];
			(*x)[w++] = s->v[i];
		}
	return (long)w;
}

/* The moments of the values x[0..n) (shifted by s->refd), and r1. */
static void
moments(const struct bs_series *s, const double *x, size_t n,
    const struct bs_summary_opts *o, struct bs_summary *r, double *m)
{
	double sd, hw;

	bs_mean_sd(x, n, m, &sd);
	r->mean = bs_snap(s->refd + *m);
	r->sd = sd;
	if (n > 1) {
		r->se = sd / sqrt((double)n);
		hw = bs_t_halfwidth(sd, n, o->confidence);
		r->ci_lo = r->mean - hw;
		r->ci_hi = r->mean + hw;
		r->cv = r->mean != 0.0 ? sd / r->mean : NAN;
	}
	if (o->autocorr)
		r->r1 = bs_autocorr1(x, n, *m);
	bs_summary_mde(r, o);
}

/* --mde: the smallest change n runs of this sd detect (power_t.c). */
void
bs_summary_mde(struct bs_summary *r, const struct bs_summary_opts *o)
{
	if (o->mde_power > 0 && !r->n_unknown)
		r->mde = bs_t_mde(r->sd, (double)r->n, 1 - o->confidence / 100,
		    o->mde_power);
}

/* Are the last two windows of --steady W within the tolerance? */
static void
steadiness(const struct bs_series *s, const double *x, size_t n,
    const struct bs_summary_opts *o, struct bs_summary *r)
{
	double a = 0, b = 0;
	size_t i;

	if (o->steady == 0 || n < 2 * o->steady)
		return;
	for (i = n - 2 * o->steady; i < n - o->steady; i++)
		a += x[i];
	for (; i < n; i++)
		b += x[i];
	a = s->refd + a / (double)o->steady;
	b = s->refd + b / (double)o->steady;
	r->steady_diff = a != 0.0 ? fabs(b - a) / fabs(a) : NAN;
	if (!isnan(r->steady_diff))
		r->steady = r->steady_diff < o->steady_tol;
}

/*
 * Warm-up hint: the mean of the first tenth sits more than 3 sd from
 * the mean of the rest and beyond the Tukey outer fence of the rest.
 */
static void
warmup(const double *x, size_t n, struct bs_summary *r)
{
	size_t h, nr, i;
	double m1, s1, mh = 0, q[2], rest[1000];
	static const double pq[2] = { 0.25, 0.75 };

	if (n < 8)
		return;
	h = n / 10 ? n / 10 : 1;
	nr = n - h < 1000 ? n - h : 1000;
	bs_mean_sd(x + h, n - h, &m1, &s1);
	for (i = 0; i < h; i++)
		mh += x[i];
	mh /= (double)h;
	/* Quartiles of (the start of) the rest, on a small copy. */
	memcpy(rest, x + h, nr * sizeof(*rest));
	bs_quantiles(rest, nr, pq, 2, 7, q);
	if (s1 > 0 && fabs(mh - m1) > 3 * s1 &&
	    (mh < q[0] - 3 * (q[1] - q[0]) ||
	    mh > q[1] + 3 * (q[1] - q[0])))
		r->warmup = 1;
}

/*
 * Order statistics are input values, or R's interpolation between
 * two: from the doubles as parsed, not from the shifted values (far
 * from the first value, these have lost digits).  Shifting back is
 * exact when every refd + v[i] is the parsed value: then the shifted
 * values are ordered alike and quantiles() maps the few it needs.
 * Otherwise x becomes the parsed values, in place (the series is given
 * up: keep was not set) or in the copy.  The offset to add to x.
 */
static double
parsed_values(struct bs_series *s, double *x, size_t n, size_t start)
{
	size_t i, w;

	/* refd + v[i] is every value as parsed: see struct bs_series. */
	if (s->ulp == NULL && s->raw == NULL)
		return s->refd;
	if (x == s->v) {
		for (i = 0; i < n; i++)
			x[i] = s->raw ? s->raw[i] : s->ulp[i] ?
			    bs_ulp_step(s->refd + x[i], s->ulp[i]) :
			    s->refd + x[i];
		free(s->ulp);
		s->ulp = NULL;
		memset(&s->ref, 0, sizeof(s->ref));
		s->refd = 0.0;
	} else
		for (i = start, w = 0; i < s->n; i++)
			if (!isnan(s->v[i]))
				x[w++] = bs_series_value(s, i);
	return 0.0;
}

/*
 * fmin() and fmax() as glibc computes them (a NaN gives the other
 * operand; of two equal ones, zeros of either sign, the second), inline:
 * a call for every value was 4% of bstat's time on a large file.
 */
static inline double
min2(double a, double b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	return a < b ? a : b;
}

static inline double
max2(double a, double b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	return a > b ? a : b;
}

static double mvalue_of(const double *, size_t, double, double, double,
    double, int);

/*
 * The order statistics of x[0..n), their offset off: 0, -1 no memory.
 * mean and sd: bs_mean_sd() of x as it is (moments'), or NaN.  A large
 * x is read where it is when the bucketed selection takes it; then the
 * mvalue needs neither the mean and sd nor the least and greatest
 * value again: the same function of the same values in the same order.
 */
static int
order_summary(double *x, size_t n, double off, double mean, double sd,
    const struct bs_summary_opts *o, struct bs_summary *r)
{
	double probs[BS_MAX_QUANT], qs[BS_MAX_QUANT], *out[BS_MAX_QUANT];
	double lo, hi;
	struct bpart part[BS_JOBS_DEFAULT];
	size_t i, nq, np;
	int ro;

	nq = bs_summary_quantiles(r, o, BS_SN_SORTED, probs, out);
	ro = n >= 65536 && quantiles(NULL, x, n, probs, nq, o->qtype, off,
	    qs, o->jobs) == 0;
	if (!ro && quantiles(x, NULL, n, probs, nq, o->qtype, off, qs,
	    o->jobs) == -1)
		return -1;
	/* x holds no NaN: min2() and max2() are their comparisons. */
	np = bpart_split(part, x, n, o->jobs);
	bpart_pass(part, np, 4);
	r->min = part[0].mn;
	r->max = part[0].mx;
	lo = part[0].lo2;
	hi = part[0].hi2;
	for (i = 1; i < np; i++) {
		if (part[i].mn < r->min)
			r->min = part[i].mn;
		if (part[i].mx > r->max)
			r->max = part[i].mx;
		lo = lo < part[i].lo2 ? lo : part[i].lo2;
		hi = hi > part[i].hi2 ? hi : part[i].hi2;
	}
	/* Not snapped (bs_snap()): these are inputs or R's arithmetic. */
	r->min += off;
	r->max += off;
	for (i = 0; i < nq; i++)
		*out[i] = qs[i];
	r->iqr = r->q3 - r->q1;
	r->mvalue = ro && !isnan(sd) && n >= BS_MVALUE_MIN_N ?
	    mvalue_of(x, n, mean, sd, lo, hi, o->jobs) : bs_mvalue(x, n);
	if ((o->pct_ci || o->pct_ci_judge) &&
	    pct_intervals(x, n, off, o, r) == -1)
		return -1;
	return 0;
}

int
bs_summarize(struct bs_series *s, const struct bs_summary_opts *o, int keep,
    struct bs_summary *r, struct bs_err *e)
{
	double *x, *own, m, off, sd;
	size_t start, n, nmiss;
	long w;

	bs_summary_clear(r);
	rates(s, o, r);
	if (s->mom != NULL || (s->v == NULL && s->n > 0))
		/* Streaming mode: the table kept running moments only. */
		return summarize_moments(s, o, r, e);
	start = o->skip < s->n ? o->skip : s->n;
	r->skipped = start;
	if ((w = take_values(s, start, keep, &x, &own, &nmiss)) < 0)
		return bs_seterr(e, NULL, 0, "out of memory");
	r->missing = nmiss;
	n = (size_t)w;
	r->n = n;
	if (n == 0)
		goto done;
	moments(s, x, n, o, r, &m);
	steadiness(s, x, n, o, r);
	warmup(x, n, r);
	if (o->no_quantiles)
		goto done;
	/* x stays what moments() summed unless the parsed values replace it. */
	sd = s->ulp == NULL && s->raw == NULL ? r->sd : (double)NAN;
	off = parsed_values(s, x, n, start);
	if (order_summary(x, n, off, m, sd, o, r) == -1) {
		free(own);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
done:
	free(own);
	return overflowed(r, o, e);
}

/* ------------------------------------------------------------------ */
/* Outlier fences */

static const struct {
	enum bs_outlier	 o;
	const char	*name;
} outnames[] = {
	{ BS_OUT_NONE, "none" }, { BS_OUT_LOW_MILD, "low-mild" },
	{ BS_OUT_HIGH_MILD, "high-mild" }, { BS_OUT_LOW_SEVERE, "low-severe" },
	{ BS_OUT_HIGH_SEVERE, "high-severe" },
};

const char *
bs_outlier_name(enum bs_outlier o)
{
	for (size_t i = 0; i < sizeof(outnames) / sizeof(outnames[0]); i++)
		if (outnames[i].o == o)
			return outnames[i].name;
	return "?";
}

/* A NaN-free copy of x. */
static double *
finite_copy(const double *x, size_t n, size_t *m)
{
	double *c = malloc((n + 1) * sizeof(*c));
	size_t i, w = 0;

	if (c == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (!isnan(x[i]))
			c[w++] = x[i];
	*m = w;
	return c;
}

/*
 * The common start of the fences: a NaN-free copy in *c.  Returns 1 to go
 * on; 0 when there is no value (fences at infinity, nothing flagged);
 * -1, with *c NULL and *m set, when out of memory.
 */
static int
fences_start(const double *x, size_t n, double k, struct bs_fences *f,
    double **c, size_t *m)
{
	memset(f, 0, sizeof(*f));
	f->k = k;
	*m = 1;
	if ((*c = finite_copy(x, n, m)) == NULL)
		return -1;
	if (*m == 0) {
		free(*c);
		*c = NULL;
		f->lo_outer = f->lo_inner = -INFINITY;
		f->hi_inner = f->hi_outer = INFINITY;
		return 0;
	}
	return 1;
}

int
bs_tukey_fences(const double *x, size_t n, double k, struct bs_fences *f)
{
	return bs_tukey_fences_jobs(x, n, k, 1, f);
}

int
bs_tukey_fences_jobs(const double *x, size_t n, double k, int jobs,
    struct bs_fences *f)
{
	static const double p[2] = { 0.25, 0.75 };
	double q[2], iqr, *c;
	size_t m, i;

	/*
	 * A large series without missing values is read where it is: the
	 * bucketed selection needs no copy of it (boutlier's 10M rows).
	 */
	for (i = 0; n >= 65536 && i < n && !isnan(x[i]); i++)
		;
	if (n >= 65536 && i == n && quantiles(NULL, x, n, p, 2, 7, 0.0, q,
	    jobs) == 0) {
		memset(f, 0, sizeof(*f));
		f->k = k;
	} else {
		if (fences_start(x, n, k, f, &c, &m) <= 0)
			return c == NULL && m ? -1 : 0;
		bs_quantiles(c, m, p, 2, 7, q);
		free(c);
	}
	iqr = q[1] - q[0];
	f->lo_inner = q[0] - k * iqr;
	f->hi_inner = q[1] + k * iqr;
	f->lo_outer = q[0] - 2 * k * iqr;
	f->hi_outer = q[1] + 2 * k * iqr;
	f->center = (q[0] + q[1]) / 2;
	f->scale = iqr;
	return 0;
}

int
bs_mad_fences(const double *x, size_t n, double k, struct bs_fences *f)
{
	static const double half = 0.5;
	double med, mad, *c;
	size_t m, i;

	if (fences_start(x, n, k, f, &c, &m) <= 0)
		return c == NULL && m ? -1 : 0;
	f->mad = 1;
	bs_quantiles(c, m, &half, 1, 7, &med);
	for (i = 0; i < m; i++)
		c[i] = fabs(c[i] - med);
	bs_quantiles(c, m, &half, 1, 7, &mad);
	free(c);
	f->center = med;
	f->scale = 1.4826 * mad;
	f->lo_inner = med - k * f->scale;
	f->hi_inner = med + k * f->scale;
	f->lo_outer = med - 2 * k * f->scale;
	f->hi_outer = med + 2 * k * f->scale;
	return 0;
}

enum bs_outlier
bs_classify(const struct bs_fences *f, double x)
{
	if (isnan(x))
		return BS_OUT_NONE;
	if (x < f->lo_outer)
		return BS_OUT_LOW_SEVERE;
	if (x > f->hi_outer)
		return BS_OUT_HIGH_SEVERE;
	if (x < f->lo_inner)
		return BS_OUT_LOW_MILD;
	if (x > f->hi_inner)
		return BS_OUT_HIGH_MILD;
	return BS_OUT_NONE;
}

/* One thread's part of bs_classify_counts(). */
struct cpart {
	const struct bs_fences	*f;
	const double		*x;
	unsigned char		*codes;		/* NULL: only counted */
	size_t			 from, to, cnt[BS_OUT_HIGH_SEVERE + 1];
	pthread_t		 th;
	int			 started;
};

static void *
cpart_run(void *arg)
{
	struct cpart *p = arg;
	const struct bs_fences *f = p->f;
	const double *x = p->x;
	unsigned char *codes = p->codes;
	/* In locals: another thread's part is in the next cache line. */
	size_t cnt[BS_OUT_HIGH_SEVERE + 1] = { 0 }, to = p->to;

	if (codes == NULL)
		for (size_t i = p->from; i < to; i++)
			cnt[bs_classify(f, x[i])]++;
	else
		for (size_t i = p->from; i < to; i++) {
			enum bs_outlier o = bs_classify(f, x[i]);

			codes[i] = (unsigned char)o;
			cnt[o]++;
		}
	memcpy(p->cnt, cnt, sizeof(cnt));
	return NULL;
}

/* Sums of counts: the same whatever the parts (threads as read/chunks.c). */
void
bs_classify_counts(const struct bs_fences *f, const double *x, size_t n,
    int jobs, size_t *counts)
{
	bs_classify_codes(f, x, n, jobs, counts, NULL);
}

void
bs_classify_codes(const struct bs_fences *f, const double *x, size_t n,
    int jobs, size_t *counts, unsigned char *codes)
{
	struct cpart part[BS_JOBS_DEFAULT];
	size_t np = bs_threads(jobs, BS_JOBS_DEFAULT, n, BPARTS_MIN, 0), k;

	memset(part, 0, sizeof(part));
	for (k = 0; k < np; k++) {
		part[k].f = f;
		part[k].x = x;
		part[k].codes = codes;
		part[k].from = n / np * k;
		part[k].to = k + 1 < np ? n / np * (k + 1) : n;
	}
	for (k = 1; k < np; k++)
		part[k].started = pthread_create(&part[k].th, NULL, cpart_run,
		    &part[k]) == 0;
	cpart_run(&part[0]);
	for (k = 1; k < np; k++) {
		if (part[k].started)
			pthread_join(part[k].th, NULL);
		else
			cpart_run(&part[k]);
	}
	for (k = 0; k < np; k++)
		for (int o = 0; o <= BS_OUT_HIGH_SEVERE; o++)
			counts[o] += part[k].cnt[o];
}

/* ------------------------------------------------------------------ */
/* Values of a series, as the tools take them */

double *
bs_series_values(const struct bs_series *s, size_t skip, size_t *n)
{
	size_t i, w = 0, st = skip < s->n ? skip : s->n;
	double *v = malloc((s->n + 1) * sizeof(*v));

	*n = 0;
	if (v == NULL)
		return NULL;
	for (i = st; i < s->n; i++)
		if (!isnan(s->v[i]))
			v[w++] = bs_series_value(s, i);
	*n = w;
	return v;
}

double
bs_median(const double *x, size_t n)
{
	static const double half = 0.5;
	double *c, m;

	if (n == 0 || (c = malloc(n * sizeof(*c))) == NULL)
		return NAN;
	memcpy(c, x, n * sizeof(*c));
	if (bs_quantiles(c, n, &half, 1, 7, &m) == -1)
		m = NAN;
	free(c);
	return m;
}

/*
 * |r1| beyond it is warned of: 2/sqrt(n), white noise's 95% band, and
 * never under BS_AUTOCORR_MIN: past 6,400 runs the band alone warns of
 * one independent sample in twenty for a dependence that narrows the
 * interval by a fraction of a percent (r1 0.0026 of a million runs);
 * an r1 under 0.025 narrows it by under 2.5%.
 */
double
bs_autocorr_limit(size_t n)
{
	double l = 2.0 / sqrt((double)n);

	return l > BS_AUTOCORR_MIN ? l : BS_AUTOCORR_MIN;
}

/* ------------------------------------------------------------------ */
/* Shape: modes; and intervals of quantiles */

/*
 * The data's resolution: the smallest gap between two distinct values
 * (1 for timings rounded to 1 ms, 0.01 for two decimals).  0 when out of
 * memory or every value is the same.
 */
static double
resolution(const double *x, size_t n)
{
	double	*c, r = 0;

	if ((c = malloc(n * sizeof(*c))) == NULL)
		return 0;
	memcpy(c, x, n * sizeof(*c));
	qsort(c, n, sizeof(*c), bs_cmp_double);
	for (size_t i = 1; i < n; i++)
		if (c[i] > c[i - 1] && (r == 0 || c[i] - c[i - 1] < r))
			r = c[i] - c[i - 1];
	free(c);
	return r;
}

/*
 * Scott's width, except on data of a coarse resolution (whole numbers):
 * a bin narrower than the resolution leaves every other bin empty, and
 * one of a few resolutions holds one value in some bins and two in
 * others; either way the counts go up and down and one mode looks like
 * many (Poisson(4) counts: an mvalue of 5.4 where one mode is 2).  Where
 * the width is below 10 resolutions it is rounded up to a whole number of
 * them and the bins start half a resolution below the minimum, so that
 * every value lies mid-bin.
 */
/*
 * The resolution without sorting every value: each value into a bucket
 * h / 10 wide.  Two distinct values in one bucket are less than h / 10
 * apart, so the resolution cannot make h under 10 of it (a gap between
 * two values is at least the least gap between neighbours): *r = 0,
 * nothing to round.  Else each bucket holds one distinct value, the
 * buckets are in the values' order, and *r is the least difference of
 * neighbouring buckets' values, as resolution() finds it.  -1 when the
 * buckets would be too many (resolution() decides).  The sort of every
 * value took half of bstat's time on 10^7 values.
 */
static int
bucket_resolution(const double *x, size_t n, double lo, double hi, double h,
    double *r)
{
	double	 w = h / 10, *first, nb, prev = NAN;
	size_t	 i, k, m;
	int	 rc = 0;

	nb = floor((hi - lo) / w) + 1;
	if (!(w > 0) || !(nb >= 1) || nb > (double)(1 << 21))
		return -1;
	m = (size_t)nb;
	if ((first = malloc(m * sizeof(*first))) == NULL)
		return -1;
	for (k = 0; k < m; k++)
		first[k] = NAN;
	*r = 0;
	for (i = 0; i < n; i++) {
		k = (size_t)floor((x[i] - lo) / w);
		if (k >= m)
			k = m - 1;
		if (isnan(first[k]))
			first[k] = x[i];
		else if (x[i] != first[k]) {
			double gap = x[i] > first[k] ? x[i] - first[k] :
			    first[k] - x[i];

			if (!(h < 10 * gap))
				goto out;	/* *r = 0: h stands */
			rc = -1;	/* rounding put them together */
			goto out;
		}
	}
	for (k = 0; k < m; k++)
		if (!isnan(first[k])) {
			if (!isnan(prev) && first[k] > prev && (*r == 0 ||
			    first[k] - prev < *r))
				*r = first[k] - prev;
			prev = first[k];
		}
out:
	free(first);
	return rc;
}

static double
bin_width(const double *x, size_t n, double sd, double *lo, double hi)
{
	double	 h = 3.49 * sd * pow((double)n, -1.0 / 3), r;

	if (!(h > 0) || !isfinite(h))
		return h;
	if (bucket_resolution(x, n, *lo, hi, h, &r) == -1)
		r = resolution(x, n);
	if (r > 0 && h < 10 * r) {
		h = ceil(h / r) * r;
		*lo -= r / 2;
	}
	return h;
}

double
bs_mvalue(const double *x, size_t n)
{
	double mean, sd, lo, hi;
	size_t i;

	if (n < BS_MVALUE_MIN_N)
		return NAN;
	bs_mean_sd(x, n, &mean, &sd);
	lo = hi = x[0];
	for (i = 1; i < n; i++) {
		lo = min2(lo, x[i]);
		hi = max2(hi, x[i]);
	}
	return mvalue_of(x, n, mean, sd, lo, hi, 1);
}

/* The mvalue of x[0..n), of that mean, sd, least and greatest value. */
static double
mvalue_of(const double *x, size_t n, double mean, double sd, double lo,
    double hi, int jobs)
{
	double h, sum = 0, top = 0;
	size_t nb, i, k, np, *cnt;
	struct bpart part[BS_JOBS_DEFAULT];

	(void)mean;
	if (!isfinite(hi - lo) || !isfinite(sd)) {
		/*
		 * Values near +-1e308: the span (or sd) overflows and the bin
		 * count would be NaN.  The mvalue does not change with scale:
		 * it is that of the values divided by 16.
		 */
		double *y, mv;

		if (!isfinite(lo) || !isfinite(hi) ||
		    (y = malloc(n * sizeof(*y))) == NULL)
			return NAN;
		for (i = 0; i < n; i++)
			y[i] = x[i] / 16;
		mv = bs_mvalue(y, n);
		free(y);
		return mv;
	}
	h = bin_width(x, n, sd, &lo, hi);
	if (!(h > 0) || !isfinite(h) || !(hi > lo))
		return NAN;
	/* A far outlier must not ask for millions of bins. */
	if ((hi - lo) / h > 100000)
		h = (hi - lo) / 100000;
	nb = (size_t)floor((hi - lo) / h) + 1;
	/* Each part counts its own bins; the counts are summed. */
	np = bpart_split(part, x, n, jobs);
	for (k = 0; k < np; k++) {
		part[k].blo = lo;
		part[k].h = h;
		part[k].nb = nb;
		if ((part[k].cnt = calloc(nb + 2, sizeof(*cnt))) == NULL) {
			while (k-- > 0)
				free(part[k].cnt);
			return NAN;
		}
	}
	bpart_pass(part, np, 5);
	cnt = part[0].cnt;
	for (k = 1; k < np; k++) {
		for (i = 0; i < nb + 2; i++)
			cnt[i] += part[k].cnt[i];
		free(part[k].cnt);
	}
	/* cnt[0] and cnt[nb + 1] are the empty bins at either end. */
	for (i = 0; i <= nb; i++)
		sum += fabs((double)cnt[i + 1] - (double)cnt[i]);
	for (i = 1; i <= nb; i++)
		top = fmax(top, (double)cnt[i]);
	free(cnt);
	return sum / top;
}

/* R's qbinom(q, n, p): the smallest k with P(B <= k) >= q. */
static size_t
qbinom(double q, size_t n, double p)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (gsl_cdf_binomial_P((unsigned)mid, p, (unsigned)n) >= q)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

int
bs_quantile_ci_index(size_t n, double p, double confidence, size_t *l,
    size_t *u)
{
	double a = 1 - confidence / 100;

	*l = *u = 0;
	if (n == 0 || n > 4000000000u || !(p > 0 && p < 1))
		return -1;
	*l = qbinom(a / 2, n, p);
	*u = qbinom(1 - a / 2, n, p) + 1;
	return *l >= 1 && *u <= n ? 0 : -1;
}

size_t
bs_quantile_ci_minn(double p, double confidence)
{
	size_t n = 1, l, u;

	/* Doubling, then bisection: the interval exists from some n on. */
	while (n < 4000000000u && bs_quantile_ci_index(n, p, confidence, &l,
	    &u) == -1)
		n *= 2;
	for (size_t lo = n / 2 + 1, hi = n; lo < hi;) {
		size_t mid = lo + (hi - lo) / 2;

		if (bs_quantile_ci_index(mid, p, confidence, &l, &u) == 0)
			hi = mid;
		else
			lo = mid + 1;
		n = hi;
	}
	return n;
}
