/*
 * Comparison statistics behind bcompare: Welch's and the paired t test,
 * the Wilcoxon rank tests with their Hodges-Lehmann estimates, Fieller's
 * interval for a ratio of means, effect sizes and p-value adjustment.
 *
 * The reference is R: each function gives the numbers of the R call
 * named in its comment, computed the way R computes them, except where a
 * comment says otherwise (the normal-approximation intervals of the rank
 * tests, which R finds with uniroot() and we find exactly).
 *
 * Missing values (NaN) are left out, as R leaves out NA; for the paired
 * functions a pair is left out when either of its values is missing.
 */

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "libstat.h"
#include "compare/compare.h"

/* ------------------------------------------------------------------ */
/* Helpers */

static int
conf_ok(double confidence)
{
	return confidence > 0 && confidence < 100;
}

/* Sorts by absolute value, for signed ranks. */
static int
cmp_abs(const void *a, const void *b)
{
	double x = fabs(*(const double *)a), y = fabs(*(const double *)b);

	return (x > y) - (x < y);
}

/*
 * Sort n doubles (no NaN), by value or with byabs by absolute value, by
 * an LSD radix sort of their bit patterns mapped to integers in the same
 * order: 11 bits a pass, a pass skipped when all keys share its digit.
 * Benchmark samples reach millions of values, where this is several times
 * faster than qsort() with its comparison callback.  Small arrays, and
 * any array when out of memory, go to qsort().
 */
#define RADIX_BITS	11
#define RADIX_PASSES	6
#define RADIX_SIZE	(1u << RADIX_BITS)
#define RADIX_MIN	256

static uint64_t
radix_key(double d, int byabs)
{
	uint64_t	 b;

	memcpy(&b, &d, sizeof(b));
	if (byabs)	/* magnitude, then sign: equal |d| stay together */
		return (b << 1) | (b >> 63);
	return b >> 63 ? ~b : b | (1ULL << 63);
}

static double
radix_value(uint64_t k, int byabs)
{
	uint64_t	 b;
	double		 d;

	if (byabs)
		b = (k >> 1) | (k << 63);
	else
		b = k >> 63 ? k & ~(1ULL << 63) : ~k;
	memcpy(&d, &b, sizeof(d));
	return d;
}

void
bs_sort_doubles(double *v, size_t n, int byabs)
{
	uint64_t	*key, *tmp, *sw;
	size_t		*cnt, i, pass, sum, c, sh;

	key = tmp = NULL;
	cnt = NULL;
	if (n < RADIX_MIN ||
	    (key = malloc(n * sizeof(*key))) == NULL ||
	    (tmp = malloc(n * sizeof(*tmp))) == NULL ||
	    (cnt = calloc(RADIX_PASSES * RADIX_SIZE, sizeof(*cnt))) == NULL) {
		free(key);
		free(tmp);
		qsort(v, n, sizeof(*v), byabs ? cmp_abs : bs_cmp_double);
		return;
	}
	for (i = 0; i < n; i++) {
		key[i] = radix_key(v[i], byabs);
		for (pass = 0; pass < RADIX_PASSES; pass++)
			cnt[pass * RADIX_SIZE + ((key[i] >> (pass *
			    RADIX_BITS)) & (RADIX_SIZE - 1))]++;
	}
	for (pass = 0; pass < RADIX_PASSES; pass++) {
		size_t	*h = cnt + pass * RADIX_SIZE;

		sh = pass * RADIX_BITS;
		if (h[(key[0] >> sh) & (RADIX_SIZE - 1)] == n)
			continue;
		for (sum = 0, c = 0; c < RADIX_SIZE; c++) {
			i = h[c];
			h[c] = sum;
			sum += i;
		}
		for (i = 0; i < n; i++)
			tmp[h[(key[i] >> sh) & (RADIX_SIZE - 1)]++] = key[i];
		sw = key;
		key = tmp;
		tmp = sw;
	}
	for (i = 0; i < n; i++)
		v[i] = radix_value(key[i], byabs);
	free(key);
	free(tmp);
	free(cnt);
}

/*
 * A copy of x[0..n) without its NaNs; *np gets the count.  Never returns
 * NULL for an empty result, so that NULL always means out of memory.
 */
static double *
copy_finite(const double *x, size_t n, size_t *np)
{
	double	*v;
	size_t	 i, k = 0;

	if ((v = malloc((n ? n : 1) * sizeof(*v))) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (!isnan(x[i]))
			v[k++] = x[i];
	*np = k;
	return v;
}

static double *
sorted_copy(const double *x, size_t n, size_t *np)
{
	double	*v;

	if ((v = copy_finite(x, n, np)) != NULL)
		bs_sort_doubles(v, *np, 0);
	return v;
}


/* R's mean(c(a, b)), as median() uses it for an even count. */
static double
mean2(double a, double b)
{
	long double	 s = ((long double)a + b) / 2;

	s += ((a - s) + (b - s)) / 2;
	return (double)s;
}

/* Median of a sorted array, as R's median(). */
static double
median_sorted(const double *x, size_t n)
{
	if (n == 0)
		return NAN;
	if (n % 2)
		return x[n / 2];
	return mean2(x[n / 2 - 1], x[n / 2]);
}

/* Two-sided p of a t statistic, 2 * pt(-|t|, df). */
static double
t_pvalue(double t, double df)
{
	return 2 * gsl_cdf_tdist_P(-fabs(t), df);
}

/* Two-sided p of a normal statistic. */
static double
z_pvalue(double z)
{
	return 2 * gsl_cdf_ugaussian_P(-fabs(z));
}

/* Sum of t^3 - t over the runs of equal values of a sorted array. */
static double
tie_sum_sorted(const double *x, size_t n)
{
	double	 s = 0, t;
	size_t	 i, j;

	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && x[j] == x[i]; j++)
			continue;
		t = (double)(j - i);
		s += t * t * t - t;
	}
	return s;
}

/*
 * splitmix64: a small generator for the pivot samples below.  Its state
 * is local to each call, so results never depend on earlier calls (and
 * the order statistics found do not depend on it at all).
 */
static uint64_t
splitmix64(uint64_t *s)
{
	uint64_t	 z;

	z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}


/* ------------------------------------------------------------------ */
/* Order statistics of pairwise sums without forming them */

/*
 * The sums a[i] + b[j] of two ascending arrays form a matrix whose rows
 * and columns are sorted: the Hodges-Lehmann shift of two samples is the
 * median of x[i] - y[j] = x[i] + (-y)[j], and the pseudo-median of one
 * sample the median of the Walsh sums x[i] + x[j], j >= i (the upper
 * triangle of the same matrix, "tri"), halved.  With a million values a
 * side there are 1e12 sums, so they are never formed.
 *
 * The k-th smallest is found by selection over the matrix, in the manner
 * of Johnson and Mizoguchi (1978) and Monahan (1984): every row keeps a
 * range [lo, hi) of columns that may still hold the answer.  A round draws
 * a stratified random sample of the live sums, takes two sample order
 * statistics that bracket the target rank (as Floyd and Rivest do),
 * counts how many sums lie below and at each of the two pivots with one
 * O(na + nb) staircase walk (both arrays are sorted), and shrinks every
 * row to the part between the pivots.  A sample of s values keeps about
 * 5/sqrt(s) of the live sums, so for a million values a side five rounds
 * leave few enough to copy out and finish by quickselect.  Should the
 * pivots miss, a round still removes at least one of them, so the result
 * never depends on the sample, only the time.  The answer is one of the
 * sums as computed in double, a[i] + b[j], so it is the order statistic
 * R finds by sorting outer(x, y, "-"), to the bit.
 *
 * Rounding is monotonic, so the computed sums are sorted along rows and
 * columns too, and the counts agree with a sort of the computed sums.
 *
 * Weighted (not tri): a and b hold distinct values, a[i] standing for
 * wa[i] equal values and b[j] for wcum[j + 1] - wcum[j]; a cell then
 * counts as the product of its row's and its column's weights.  Samples
 * of timings in whole nanoseconds repeat each value a dozen times at a
 * million values, and the walks go over the distinct ones only.  The
 * sums computed are those of the unweighted matrix, so are the answers.
 */
struct sumsel {
	const double	*a, *b;
	const uint64_t	*wa;		/* weights of a, NULL: all 1 */
	const uint64_t	*wcum;		/* cumulative weights of b (nb + 1) */
	size_t		 na, nb;
	int		 tri;		/* only j >= i (then a == b) */
	uint64_t	 total;
	uint64_t	 cells;		/* live cells, by sumsel_live() */
	size_t		*lo, *hi;	/* live columns per row */
	size_t		*ca, *cb;	/* per-row counts of the last walk */
	uint64_t	*cum;		/* cumulative live weights */
	double		*samp;
	size_t		 nsamp;
	double		*buf;		/* the last live sums */
	uint64_t	*wbuf;		/* and their weights, when weighted */
	size_t		 nbuf;
	uint64_t	 rng;
	/* sumsel_bracket(): the live columns holding ranks blo+1 .. bhi */
	size_t		*slo, *shi;
	uint64_t	 blo, bhi;
};

#define SUMSEL_MINBUF	4096
#define SUMSEL_MINSAMP	1024
#define SUMSEL_MAXSAMP	65536

static void
sumsel_free(struct sumsel *s)
{
	free(s->lo);
	free(s->hi);
	free(s->ca);
	free(s->cb);
	free(s->cum);
	free(s->samp);
	free(s->buf);
	free(s->wbuf);
	free(s->slo);
	free(s->shi);
	memset(s, 0, sizeof(*s));
}

/* wa and wcum both NULL (unweighted) or both given, then tri is 0. */
static int
sumsel_init(struct sumsel *s, const double *a, const uint64_t *wa,
    size_t na, const double *b, const uint64_t *wcum, size_t nb, int tri)
{
	size_t	 rows, i;
	uint64_t wr;

	memset(s, 0, sizeof(*s));
	s->a = a;
	s->wa = wa;
	s->na = na;
	s->b = b;
	s->wcum = wcum;
	s->nb = nb;
	s->tri = tri;
	s->total = tri ? (uint64_t)na * (na + 1) / 2 : (uint64_t)na * nb;
	if (wa != NULL) {
		for (wr = 0, i = 0; i < na; i++)
			wr += wa[i];
		s->total = wr * wcum[nb];
	}
	s->rng = 0x2545f4914f6cdd1dULL;
	rows = na ? na : 1;
	s->nbuf = na + nb;
	if (s->nbuf < SUMSEL_MINBUF)
		s->nbuf = SUMSEL_MINBUF;
	s->nsamp = (na + nb) / 8;
	if (s->nsamp < SUMSEL_MINSAMP)
		s->nsamp = SUMSEL_MINSAMP;
	if (s->nsamp > SUMSEL_MAXSAMP)
		s->nsamp = SUMSEL_MAXSAMP;
	s->lo = malloc(rows * sizeof(*s->lo));
	s->hi = malloc(rows * sizeof(*s->hi));
	s->ca = malloc(rows * sizeof(*s->ca));
	s->cb = malloc(rows * sizeof(*s->cb));
	s->cum = malloc(rows * sizeof(*s->cum));
	s->samp = malloc(s->nsamp * sizeof(*s->samp));
	s->buf = malloc(s->nbuf * sizeof(*s->buf));
	if (wa != NULL)
		s->wbuf = malloc(s->nbuf * sizeof(*s->wbuf));
	if (s->lo == NULL || s->hi == NULL || s->ca == NULL ||
	    s->cb == NULL || s->cum == NULL || s->samp == NULL ||
	    s->buf == NULL || (wa != NULL && s->wbuf == NULL)) {
		sumsel_free(s);
		return -1;
	}
	return 0;
}

/* sumsel_walk() of a weighted matrix. */
static void
sumsel_walk_w(struct sumsel *s, double pa, double pb, uint64_t n[4])
{
	const double	*a = s->a, *b = s->b;
	const uint64_t	*wa = s->wa, *wc = s->wcum;
	const size_t	 na = s->na;
	size_t		*ca = s->ca, *cb = s->cb;
	size_t		 i, j0 = s->nb, j1 = s->nb, j2 = s->nb, j3 = s->nb;
	uint64_t	 n0 = 0, n1 = 0, n2 = 0, n3 = 0, w;
	double		 ai;

	for (i = 0; i < na; i++) {
		ai = a[i];
		w = wa[i];
		while (j0 > 0 && !(ai + b[j0 - 1] < pa))
			j0--;
		while (j1 > 0 && ai + b[j1 - 1] > pa)
			j1--;
		while (j2 > 0 && !(ai + b[j2 - 1] < pb))
			j2--;
		while (j3 > 0 && ai + b[j3 - 1] > pb)
			j3--;
		n0 += w * wc[j0];
		n1 += w * wc[j1];
		n2 += w * wc[j2];
		n3 += w * wc[j3];
		ca[i] = j1;
		cb[i] = j2;
	}
	n[0] = n0;
	n[1] = n1;
	n[2] = n2;
	n[3] = n3;
}

/*
 * One staircase walk for two pivots pa <= pb: as a[i] grows, the number
 * of b[j] with a[i] + b[j] below a pivot can only fall.  n[0..3] get the
 * counts of sums < pa, <= pa, < pb, <= pb over the whole matrix (the
 * triangle when tri); per row, ca the columns <= pa and cb those < pb.
 */
static void
sumsel_walk(struct sumsel *s, double pa, double pb, uint64_t n[4])
{
	const double	*a = s->a, *b = s->b;
	const size_t	 na = s->na;
	const int	 tri = s->tri;
	size_t		*ca = s->ca, *cb = s->cb;
	size_t		 i, j0 = s->nb, j1 = s->nb, j2 = s->nb, j3 = s->nb, st;
	uint64_t	 n0 = 0, n1 = 0, n2 = 0, n3 = 0;
	double		 ai;

	if (s->wa != NULL) {
		sumsel_walk_w(s, pa, pb, n);
		return;
	}
	/*
	 * In locals: stores through ca, cb (size_t, as n is) would make the
	 * compiler reload every pointer and count each row (92
	 * instructions a row, a quarter of bcompare --test mwu's).
	 */
	for (i = 0; i < na; i++) {
		ai = a[i];
		while (j0 > 0 && !(ai + b[j0 - 1] < pa))
			j0--;
		while (j1 > 0 && ai + b[j1 - 1] > pa)
			j1--;
		while (j2 > 0 && !(ai + b[j2 - 1] < pb))
			j2--;
		while (j3 > 0 && ai + b[j3 - 1] > pb)
			j3--;
		if (!tri) {
			n0 += j0;
			n1 += j1;
			n2 += j2;
			n3 += j3;
		} else {
			st = i;
			n0 += j0 > st ? j0 - st : 0;
			n1 += j1 > st ? j1 - st : 0;
			n2 += j2 > st ? j2 - st : 0;
			n3 += j3 > st ? j3 - st : 0;
		}
		ca[i] = j1;
		cb[i] = j2;
	}
	n[0] = n0;
	n[1] = n1;
	n[2] = n2;
	n[3] = n3;
}

/*
 * Keep in every row only the columns c with lo <= c < hi: with lo the
 * count of sums <= a lower pivot (from ca, or 0 for none) and hi that of
 * sums < an upper one (from cb, or nb).  Rows never turn inside out.
 */
static void
sumsel_shrink(struct sumsel *s, const size_t *lo, const size_t *hi)
{
	size_t	 i, l, h;

	for (i = 0; i < s->na; i++) {
		l = s->lo[i];
		h = s->hi[i];
		if (lo != NULL && lo[i] > l)
			l = lo[i] < h ? lo[i] : h;
		if (hi != NULL && hi[i] < h)
			h = hi[i] > l ? hi[i] : l;
		s->lo[i] = l;
		s->hi[i] = h;
	}
}

/*
 * The weight of the live sums (s->cum its cumulative sums by row, and
 * s->cells their number), *below that of the sums under them.
 */
static uint64_t
sumsel_live(struct sumsel *s, uint64_t *below)
{
	const uint64_t	*wa = s->wa, *wc = s->wcum;
	uint64_t	 live = 0, bl = 0, cells = 0;
	size_t		 i, l, h;

	if (wa == NULL) {
		for (i = 0; i < s->na; i++) {
			bl += s->lo[i] - (s->tri ? i : 0);
			live += s->hi[i] - s->lo[i];
			s->cum[i] = live;
		}
		s->cells = live;
		*below = bl;
		return live;
	}
	for (i = 0; i < s->na; i++) {
		l = s->lo[i];
		h = s->hi[i];
		bl += wa[i] * wc[l];
		live += wa[i] * (wc[h] - wc[l]);
		cells += h - l;
		s->cum[i] = live;
	}
	s->cells = cells;
	*below = bl;
	return live;
}

/*
 * The column of row i holding the live sum at weight u from the row's
 * first live one: j in [lo, hi) with wcum[j] <= wcum[lo] + u / wa[i] <
 * wcum[j + 1].
 */
static size_t
sumsel_col(const struct sumsel *s, size_t i, uint64_t u)
{
	const uint64_t	*wc = s->wcum;
	size_t		 l, h, mid;
	uint64_t	 t;

	if (s->wa == NULL)
		return s->lo[i] + u;
	t = wc[s->lo[i]] + u / s->wa[i];
	for (l = s->lo[i], h = s->hi[i] - 1; l < h; ) {
		mid = l + (h - l + 1) / 2;
		if (wc[mid] <= t)
			l = mid;
		else
			h = mid - 1;
	}
	return l;
}

/*
 * One live sum drawn at random from each of nsamp equal strata of the
 * live sums (by weight) in row order, sorted; the positions come
 * ascending, so one pass over the rows finds them.
 */
static void
sumsel_sample(struct sumsel *s, uint64_t live)
{
	uint64_t	 u;
	size_t		 i, q;
	double		 pos;

	for (i = 0, q = 0; q < s->nsamp; q++) {
		pos = (q + (splitmix64(&s->rng) >> 11) * 0x1p-53) /
		    s->nsamp * (double)live;
		u = (uint64_t)pos < live ? (uint64_t)pos : live - 1;
		while (s->cum[i] <= u)
			i++;
		u -= i ? s->cum[i - 1] : 0;
		s->samp[q] = s->a[i] + s->b[sumsel_col(s, i, u)];
	}
	bs_sort_doubles(s->samp, s->nsamp, 0);
}

/*
 * Where a selection starts: every column live, or the bracket of
 * sumsel_bracket() when it holds rank k.
 */
static void
sumsel_start(struct sumsel *s, uint64_t k)
{
	if (s->slo != NULL && k > s->blo && k <= s->bhi) {
		memcpy(s->lo, s->slo, s->na * sizeof(*s->lo));
		memcpy(s->hi, s->shi, s->na * sizeof(*s->hi));
		return;
	}
	for (size_t i = 0; i < s->na; i++) {
		s->lo[i] = s->tri ? i : 0;
		s->hi[i] = s->nb;
	}
}

/*
 * The value at weighted rank r (from 0) of v[0..n) with weights w[]:
 * the smallest v whose weight and that of the values below exceed r.
 * Quickselect with three-way partitions (v and w reordered).
 */
static double
wselect(double *v, uint64_t *w, size_t n, uint64_t r)
{
	size_t		 lo = 0, hi = n, lt, gt, i;
	uint64_t	 wl, we, tw;
	double		 p, a, b, c, td;

	for (;;) {
		a = v[lo];
		b = v[lo + (hi - lo) / 2];
		c = v[hi - 1];
		p = a < b ? (b < c ? b : a < c ? c : a) :
		    (a < c ? a : b < c ? c : b);
		/* [lo, lt) < p, [lt, i) == p, [gt, hi) > p */
		wl = we = 0;
		for (lt = i = lo, gt = hi; i < gt; ) {
			if (v[i] < p) {
				wl += w[i];
				td = v[i], v[i] = v[lt], v[lt] = td;
				tw = w[i], w[i] = w[lt], w[lt] = tw;
				lt++;
				i++;
			} else if (v[i] > p) {
				gt--;
				td = v[i], v[i] = v[gt], v[gt] = td;
				tw = w[i], w[i] = w[gt], w[gt] = tw;
			} else {
				we += w[i];
				i++;
			}
		}
		if (r < wl)
			hi = lt;
		else if (r < wl + we)
			return p;
		else {
			r -= wl + we;
			lo = gt;
		}
	}
}

/* The live sums copied out, and the one at rank r (from 1) of them. */
static double
sumsel_last(struct sumsel *s, uint64_t r)
{
	const uint64_t	*wa = s->wa, *wc = s->wcum;
	size_t		 i, q, cnt = 0;

	if (wa == NULL) {
		for (i = 0; i < s->na; i++)
			for (q = s->lo[i]; q < s->hi[i]; q++)
				s->buf[cnt++] = s->a[i] + s->b[q];
		return bs_select(s->buf, cnt, (size_t)(r - 1));
	}
	for (i = 0; i < s->na; i++)
		for (q = s->lo[i]; q < s->hi[i]; q++) {
			s->buf[cnt] = s->a[i] + s->b[q];
			s->wbuf[cnt++] = wa[i] * (wc[q + 1] - wc[q]);
		}
	return wselect(s->buf, s->wbuf, cnt, r - 1);
}

/* The k-th smallest sum, k from 1 to s->total. */
static double
sumsel_kth(struct sumsel *s, uint64_t k)
{
	uint64_t	 below, live, r, n[4];
	size_t		 ia, ib;
	double		 pos, delta, pa, pb;

	sumsel_start(s, k);
	for (;;) {
		live = sumsel_live(s, &below);
		r = k - below;		/* rank within the live sums */
		if (s->cells <= s->nbuf)
			return sumsel_last(s, r);
		sumsel_sample(s, live);

		/* Two sample quantiles that likely bracket the answer. */
		pos = (double)r / (double)live * (double)s->nsamp;
		delta = 2.5 * sqrt((double)s->nsamp) + 1;
		ia = pos - delta > 0 ? (size_t)(pos - delta) : 0;
		ib = pos + delta < s->nsamp - 1 ?
		    (size_t)(pos + delta) : s->nsamp - 1;
		pa = s->samp[ia];
		pb = s->samp[ib];

		sumsel_walk(s, pa, pb, n);
		if (k <= n[0]) {
			/* Below pa: walk again for the counts < pa in cb. */
			sumsel_walk(s, pa, pa, n);
			sumsel_shrink(s, NULL, s->cb);
		} else if (k <= n[1])
			return pa;
		else if (k <= n[2])
			sumsel_shrink(s, s->ca, s->cb);
		else if (k <= n[3])
			return pb;
		else {
			/* Above pb: walk again for the counts <= pb in ca. */
			sumsel_walk(s, pb, pb, n);
			sumsel_shrink(s, s->ca, NULL);
		}
	}
}

/*
 * The first round of the selections of ranks klo to khi together (the
 * Hodges-Lehmann shift and the bounds of its interval, all near the
 * median of the sums): the live sums between two sample quantiles that
 * likely bracket them all, kept for sumsel_start().  Each selection
 * then begins at its second round: two rounds saved, the same results
 * (a selection's answer never depends on where it starts).  Nothing
 * kept when the pivots miss, memory is short or few sums are live.
 */
static void
sumsel_bracket(struct sumsel *s, uint64_t klo, uint64_t khi)
{
	uint64_t	 below, live, n[4];
	size_t		 ia, ib;
	double		 pos, delta;

	sumsel_start(s, 0);
	live = sumsel_live(s, &below);
	if (s->cells <= s->nbuf || klo < 1 || khi > s->total || klo > khi)
		return;
	sumsel_sample(s, live);
	delta = 2.5 * sqrt((double)s->nsamp) + 1;
	pos = (double)klo / (double)live * (double)s->nsamp - delta;
	ia = pos > 0 ? (size_t)pos : 0;
	pos = (double)khi / (double)live * (double)s->nsamp + delta;
	ib = pos < s->nsamp - 1 ? (size_t)pos : s->nsamp - 1;
	sumsel_walk(s, s->samp[ia], s->samp[ib], n);
	if (!(n[1] < klo && khi <= n[2]))
		return;
	if ((s->slo = malloc(s->na * sizeof(*s->slo))) == NULL ||
	    (s->shi = malloc(s->na * sizeof(*s->shi))) == NULL) {
		free(s->slo);
		s->slo = NULL;
		return;
	}
	sumsel_shrink(s, s->ca, s->cb);
	memcpy(s->slo, s->lo, s->na * sizeof(*s->slo));
	memcpy(s->shi, s->hi, s->na * sizeof(*s->shi));
	s->blo = n[1];
	s->bhi = n[2];
}

/*
 * The (k + 1)-th smallest sum given v, the k-th: v again when more sums
 * equal it, else the smallest sum above v, the first past the staircase
 * in some row.  One walk instead of another selection.
 */
static double
sumsel_next(struct sumsel *s, uint64_t k, double v)
{
	uint64_t	 n[4];
	size_t		 i, j;
	double		 best = INFINITY;

	sumsel_walk(s, v, v, n);
	if (n[1] > k)
		return v;
	for (i = 0; i < s->na; i++) {
		j = s->ca[i];
		if (s->tri && j < i)
			j = i;
		if (j < s->nb && s->a[i] + s->b[j] < best)
			best = s->a[i] + s->b[j];
	}
	return best;
}

/* ------------------------------------------------------------------ */
/* Exact null distributions */

/*
 * Frequencies f[u], u = 0..nx*ny, of the Mann-Whitney U of a sample of
 * nx against one of ny without ties: how many of the choose(nx+ny, nx)
 * ways to give nx of the ranks 1..nx+ny to the first sample give it the
 * count u of (x, y) pairs with x > y (its rank sum minus nx(nx+1)/2).
 * The counting recursion is the one behind R's cwilcox():
 *
 *	f(a, b; u) = f(a - 1, b; u - b) + f(a, b - 1; u)
 *
 * since the largest of the a + b values is either an x, which exceeds
 * all b of the y, or a y, which adds nothing.  It is run bottom-up over
 * a, keeping f(a - 1, .) and f(a, .) for every b: O(nx^2 ny^2 / 4) sums.
 * The counts reach 2.5e28 at 49 and 49, beyond exact integers in double,
 * as in R; the relative error stays near DBL_EPSILON.
 */
static double *
wilcox_freq(size_t nx, size_t ny)
{
	size_t	 stride = nx * ny + 1, a, b, u, top;
	double	*prev, *cur, *tmp, *res;

	prev = calloc((ny + 1) * stride, sizeof(*prev));
	cur = calloc((ny + 1) * stride, sizeof(*cur));
	res = malloc(stride * sizeof(*res));
	if (prev == NULL || cur == NULL || res == NULL) {
		free(prev);
		free(cur);
		free(res);
		return NULL;
	}
	/* a = 0: U is 0 whatever b. */
	for (b = 0; b <= ny; b++)
		prev[b * stride] = 1;
	for (a = 1; a <= nx; a++) {
		cur[0] = 1;	/* b = 0 */
		for (b = 1; b <= ny; b++) {
			top = a * b;
			for (u = 0; u <= top; u++)
				cur[b * stride + u] =
				    cur[(b - 1) * stride + u] +
				    (u >= b ? prev[b * stride + u - b] : 0);
		}
		tmp = prev;
		prev = cur;
		cur = tmp;
	}
	memcpy(res, prev + ny * stride, stride * sizeof(*res));
	free(prev);
	free(cur);
	return res;
}

/*
 * Frequencies f[v], v = 0..n(n+1)/2, of the signed rank statistic: how
 * many subsets of {1..n} sum to v, by the knapsack recursion R's
 * csignrank() uses (add the element j to every subset of 1..j-1).  The
 * counts stay below 2^49, exact in double.
 */
static double *
signrank_freq(size_t n)
{
	size_t	 top = n * (n + 1) / 2, i, j;
	double	*w;

	if ((w = calloc(top + 1, sizeof(*w))) == NULL)
		return NULL;
	w[0] = 1;
	for (j = 1; j <= n; j++)
		for (i = j * (j + 1) / 2; i >= j; i--)
			w[i] += w[i - j];
	return w;
}

/*
 * Tail sums of a symmetric discrete law on 0..top given by frequencies f
 * with total c, the way R's pwilcox() and psignrank() sum them: term by
 * term over the shorter tail, the other tail as one minus that.  With
 * upper set, P(S > q), else P(S <= q).
 */
static double
freq_tail(const double *f, size_t top, double c, double q, int upper)
{
	double	 p = 0;
	size_t	 i, qi;

	q = floor(q + 1e-7);
	if (q < 0)
		return upper ? 1 : 0;
	if (q >= top)
		return upper ? 0 : 1;
	qi = (size_t)q;
	if (q <= top / 2.0) {
		for (i = 0; i <= qi; i++)
			p += f[i] / c;
	} else {
		/* P(S > q) = P(S < top - q) by symmetry. */
		for (i = 0; i < top - qi; i++)
			p += f[i] / c;
		upper = !upper;
	}
	return upper ? 1 - p : p;
}

/*
 * Two-sided exact p of a statistic s, as R's wilcox.test: twice the tail
 * on the side s lies, at most 1.
 */
static double
freq_twosided(const double *f, size_t top, double c, double s)
{
	double	 p;

	if (s > top / 2.0)
		p = freq_tail(f, top, c, s - 1, 1);
	else
		p = freq_tail(f, top, c, s, 0);
	p *= 2;
	return p < 1 ? p : 1;
}

/*
 * The lower quantile of the law at probability x <= 0.5, as R's
 * qwilcox() and qsignrank(): the smallest q with P(S <= q) >= x, with
 * R's allowance of 10 DBL_EPSILON for rounding.
 */
static size_t
freq_quantile(const double *f, size_t top, double c, double x)
{
	double	 p = 0;
	size_t	 q = 0;

	x -= 10 * DBL_EPSILON;
	for (;;) {
		p += f[q] / c;
		if (p >= x || q == top)
			break;
		q++;
	}
	return q;
}

/*
 * R's signif(x, 2) of a positive x: halves to even (0.125 is 0.12), as
 * rint() in the default rounding mode; scaled up by an exact power of
 * ten so that k / 2^n stays a half where it is one.
 */
static double
round_sig2(double x)
{
	double	 e = pow(10, 1 - floor(log10(x)));

	return rint(x * e) / e;
}

/* ------------------------------------------------------------------ */
/* t tests */

/*
 * Welch-Satterthwaite degrees of freedom of a sum of two squared standard
 * errors va (from na values) and vb (from nb): (va + vb)^2 / (va^2/(na - 1)
 * + vb^2/(nb - 1)), computed on the shares of the sum so that fourth
 * powers of tiny standard errors cannot underflow to 0/0.
 */
static double
satterthwaite(double va, double na, double vb, double nb)
{
	double	 s = va + vb, a = va / s, b = vb / s;

	return 1 / (a * a / (na - 1) + b * b / (nb - 1));
}

/*
 * R's t.test() refuses data whose standard error is below this, "data
 * are essentially constant"; we leave t, df and p NaN instead.
 */
static int
t_constant(double se, double scale)
{
	return !(se >= 10 * DBL_EPSILON * scale);
}

/* Welch's t test, as R's t.test(cand, base, conf.level = c / 100). */
int
bs_welch_moments(size_t nb, double mb, double vb, size_t nc, double mc,
    double vc, double confidence, struct bs_welch *r)
{
	return bs_welch_eff((double)nb, mb, vb, (double)nc, mc, vc,
	    confidence, r);
}

/*
 * The same with sample sizes that need not be whole: effective sizes of
 * serially dependent runs (depend.c), each side's variance over its own.
 */
int
bs_welch_eff(double nb, double mb, double vb, double nc, double mc,
    double vc, double confidence, struct bs_welch *r)
{
	double	 sx, sy, se, q;

	if (r == NULL || !conf_ok(confidence) || nb < 2 || nc < 2)
		return -1;
	/* The same steps as R, so that rounding agrees. */
	sx = sqrt(vc / nc);
	sy = sqrt(vb / nb);
	se = sqrt(sx * sx + sy * sy);
	r->diff = mc - mb;
	r->t = r->df = r->p = r->ci_lo = r->ci_hi = NAN;
	if (!t_constant(se, fmax(fabs(mc), fabs(mb)))) {
		r->df = satterthwaite(sx * sx, nc, sy * sy, nb);
		r->t = (mc - mb) / se;
		r->p = t_pvalue(r->t, r->df);
		q = gsl_cdf_tdist_Qinv((1 - confidence / 100) / 2, r->df);
		r->ci_lo = (r->t - q) * se;
		r->ci_hi = (r->t + q) * se;
	}
	return 0;
}

int
bs_welch(const double *base, size_t nb, const double *cand, size_t nc,
    double confidence, struct bs_welch *r)
{
	double	*x = NULL, *y = NULL;
	double	 mx, vx, my, vy;
	size_t	 n, m;
	int	 rc = -1;

	if (r == NULL || !conf_ok(confidence))
		return -1;
	if ((x = copy_finite(cand, nc, &n)) == NULL ||
	    (y = copy_finite(base, nb, &m)) == NULL || n < 2 || m < 2)
		goto out;
	bs_mean_var(x, n, &mx, &vx);
	bs_mean_var(y, m, &my, &vy);
	rc = bs_welch_moments(m, my, vy, n, mx, vx, confidence, r);
out:
	free(x);
	free(y);
	return rc;
}

/*
 * The differences cand[i] - base[i] of the pairs where both are known,
 * as R's t.test and wilcox.test with paired = TRUE take them.
 */
static double *
pair_diffs(const double *base, const double *cand, size_t n, size_t *np)
{
	double	*d;
	size_t	 i, k = 0;

	if ((d = malloc((n ? n : 1) * sizeof(*d))) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (!isnan(base[i]) && !isnan(cand[i]))
			d[k++] = cand[i] - base[i];
	*np = k;
	return d;
}

/* Paired t test, as R's t.test(cand, base, paired = TRUE). */
int
bs_paired_t(const double *base, const double *cand, size_t n,
    double confidence, struct bs_welch *r)
{
	double	*d;
	double	 md, vd, se, q;
	size_t	 k;
	int	 rc = -1;

	if (r == NULL || !conf_ok(confidence) || base == NULL || cand == NULL)
		return -1;
	if ((d = pair_diffs(base, cand, n, &k)) == NULL || k < 2)
		goto out;
	bs_mean_var(d, k, &md, &vd);
	se = sqrt(vd / k);
	r->diff = md;
	r->df = k - 1;
	r->t = r->p = r->ci_lo = r->ci_hi = NAN;
	if (!t_constant(se, fabs(md))) {
		r->t = md / se;
		r->p = t_pvalue(r->t, r->df);
		q = gsl_cdf_tdist_Qinv((1 - confidence / 100) / 2, r->df);
		r->ci_lo = (r->t - q) * se;
		r->ci_hi = (r->t + q) * se;
	}
	rc = 0;
out:
	free(d);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Wilcoxon rank sum (Mann-Whitney U) */

/*
 * A sorted sample of n values: v[0..d) ascending, with w NULL every
 * value once (d == n), else the distinct values, v[i] standing for w[i]
 * of them.  The functions below count runs of equal entries either way.
 */
struct ssamp {
	double		*v;
	uint64_t	*w;
	size_t		 d, n;
};

/* Folded when the distinct values are at most 1/SSAMP_FOLD of them. */
#define SSAMP_FOLD	2
#define SSAMP_W(s, i)	((s)->w != NULL ? (s)->w[i] : 1)

/* Sum of t^3 - t over the runs of equal values of a sorted sample. */
static double
ssamp_ties(const struct ssamp *x)
{
	double		 s = 0, t;
	uint64_t	 c;
	size_t		 i, j;

	for (i = 0; i < x->d; i = j) {
		for (c = 0, j = i; j < x->d && x->v[j] == x->v[i]; j++)
			c += SSAMP_W(x, j);
		t = (double)c;
		s += t * t * t - t;
	}
	return s;
}

/*
 * The distinct values of the sorted v[0..n) folded into s (in place,
 * with their counts) when they are few, else s holds v as it is: the
 * walks of the selections of the differences then go over the distinct
 * values.  Kept unfolded, whatever their number, when an infinity or a
 * -0 is among them: their differences (NaN, or a zero's sign) are left
 * to the unweighted selection, as they were.  -1 when out of memory.
 */
/*
 * The number of distinct values of the sorted v[0..n); *ok whether all
 * are finite and none is -0 (the zeros, wherever they are, are together).
 */
static size_t
ssamp_distinct(const double *v, size_t n, int *ok)
{
	size_t	 i, lo, hi, mid, d = n > 0;

	for (i = 1; i < n; i++)
		d += v[i] != v[i - 1];
	*ok = n == 0 || (isfinite(v[0]) && isfinite(v[n - 1]));
	for (lo = 0, hi = n; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		if (v[mid] < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < n && v[i] == 0; i++)
		if (signbit(v[i]))
			*ok = 0;
	return d;
}

static int
ssamp_fold(struct ssamp *x, struct ssamp *y)
{
	struct ssamp	*s[2] = { x, y };
	size_t		 d[2], i, j, k, q;
	int		 ok[2];

	for (q = 0; q < 2; q++) {
		s[q]->w = NULL;
		s[q]->d = s[q]->n;
		d[q] = ssamp_distinct(s[q]->v, s[q]->n, &ok[q]);
	}
	if (!ok[0] || !ok[1] || (d[0] + d[1]) * SSAMP_FOLD > x->n + y->n)
		return 0;
	for (q = 0; q < 2; q++)
		if ((s[q]->w = malloc(d[q] * sizeof(*s[q]->w))) == NULL)
			return -1;
	for (q = 0; q < 2; q++) {
		double	*v = s[q]->v;
		size_t	 n = s[q]->n;

		for (k = 0, i = 0; i < n; i = j) {
			for (j = i + 1; j < n && v[j] == v[i]; j++)
				continue;
			v[k] = v[i];
			s[q]->w[k++] = j - i;
		}
		s[q]->d = k;
	}
	return 0;
}

/*
 * Rank statistics of the sorted samples x - d and y as R's rank() of
 * c(x - d, y) gives them: U = sum of the ranks of x - d less
 * n(n + 1)/2, which is #(x - d > y) + #(x - d == y)/2, and the sum of
 * t^3 - t over the groups of tied values of the pooled sample.  One
 * merge, O(n + m).  x - d is rounded as R rounds it.
 */
static inline void
mwu_ranks_at(const struct ssamp *xs, double d, const struct ssamp *ys,
    double *u, double *ties, const int weighted)
{
	const double	*x = xs->v, *y = ys->v;
	const uint64_t	*xw = xs->w, *yw = ys->w;
	const size_t	 n = xs->d, m = ys->d;
	size_t		 i = 0, j = 0;
	uint64_t	 cx, cy, below = 0;
	double		 v, t, su = 0, st = 0;

	while (i < n || j < m) {
		if (j == m || (i < n && x[i] - d < y[j]))
			v = x[i] - d;
		else
			v = y[j];
		for (cx = 0; i < n && x[i] - d == v; i++)
			cx += weighted ? xw[i] : 1;
		for (cy = 0; j < m && y[j] == v; j++)
			cy += weighted ? yw[j] : 1;
		/* below: the y under v */
		su += (double)cx * (double)below + 0.5 * (double)cx * cy;
		below += cy;
		t = (double)(cx + cy);
		st += t * t * t - t;
	}
	*u = su;
	*ties = st;
}

/* mwu_ranks_at() with a loop of its own for unfolded samples. */
static void
mwu_ranks(const struct ssamp *xs, double d, const struct ssamp *ys,
    double *u, double *ties)
{
	if (xs->w != NULL && ys->w != NULL)
		mwu_ranks_at(xs, d, ys, u, ties, 1);
	else
		mwu_ranks_at(xs, d, ys, u, ties, 0);
}

/* Standard deviation of U under the null with a tie sum. */
static double
mwu_sigma(size_t n, size_t m, double ties)
{
	double	 nm = (double)n * m, big = (double)n + m;

	return sqrt((nm / 12) * ((big + 1) - ties / (big * (big - 1))));
}

/*
 * R's continuity-corrected normal statistic of wilcox.test's interval
 * code, W(d), for a shift d: what its uniroot() looks for the roots of.
 */
static double
mwu_zfun(const struct ssamp *x, const struct ssamp *y, double d)
{
	double	 u, ties, dz, c;

	mwu_ranks(x, d, y, &u, &ties);
	dz = u - (double)x->n * y->n / 2;
	c = dz > 0 ? 0.5 : dz < 0 ? -0.5 : 0;
	return (dz - c) / mwu_sigma(x->n, y->n, ties);
}

/*
 * The selection of the differences x[i] - y[j] = x[i] + (-y)[j] of the
 * sorted samples, rows the shorter; *ny, *nw and *wc get what it points
 * to, for the caller to free.  x[i] + (-y[j]) rounds exactly as x[i] -
 * y[j], and a + b as b + a, so the rows taken change nothing.
 */
static int
mwu_sumsel(struct sumsel *ss, const struct ssamp *x, const struct ssamp *y,
    double **ny, uint64_t **nw, uint64_t **wc)
{
	const struct ssamp	*bs;
	const uint64_t		*bw;
	size_t			 j, m = y->d;

	if ((*ny = malloc(m * sizeof(**ny))) == NULL)
		return -1;
	for (j = 0; j < m; j++)
		(*ny)[j] = -y->v[m - 1 - j];
	if (x->w == NULL)
		return x->d <= m ? sumsel_init(ss, x->v, NULL, x->d, *ny, NULL,
		    m, 0) : sumsel_init(ss, *ny, NULL, m, x->v, NULL, x->d, 0);
	if ((*nw = malloc(m * sizeof(**nw))) == NULL)
		return -1;
	for (j = 0; j < m; j++)
		(*nw)[j] = y->w[m - 1 - j];
	bs = x->d <= m ? y : x;
	bw = x->d <= m ? *nw : x->w;
	if ((*wc = malloc((bs->d + 1) * sizeof(**wc))) == NULL)
		return -1;
	for ((*wc)[0] = 0, j = 0; j < bs->d; j++)
		(*wc)[j + 1] = (*wc)[j] + bw[j];
	return x->d <= m ? sumsel_init(ss, x->v, x->w, x->d, *ny, *wc, m, 0) :
	    sumsel_init(ss, *ny, *nw, m, x->v, *wc, x->d, 0);
}

/*
 * The first round of the selections of the normal test's Hodges-Lehmann
 * shift and interval, together (sumsel_bracket()): the ranks of the
 * interval's bounds as bs_mann_whitney() finds them, and the median's.
 */
static void
mwu_bracket(struct sumsel *ss, const struct ssamp *x, const struct ssamp *y,
    double alpha, uint64_t half)
{
	double		 nm = (double)x->n * y->n, z, sig, lo, hi;
	uint64_t	 klo, khi;

	z = gsl_cdf_ugaussian_Qinv(alpha / 2);
	sig = mwu_sigma(x->n, y->n, ssamp_ties(x) + ssamp_ties(y));
	lo = ceil(nm / 2 - 0.5 - z * sig);
	hi = floor(nm / 2 + 0.5 + z * sig) + 1;
	if (!isfinite(lo) || !isfinite(hi))
		return;
	klo = lo < 1 ? 1 : lo > ss->total ? ss->total : (uint64_t)lo;
	khi = hi < 1 ? 1 : hi > ss->total ? ss->total : (uint64_t)hi;
	sumsel_bracket(ss, klo < half ? klo : half,
	    khi > half + 1 ? khi : half + 1 > ss->total ? ss->total : half + 1);
}

/*
 * Mann-Whitney U / Wilcoxon rank sum test of cand against base, as R's
 * wilcox.test(cand, base, conf.int = TRUE, conf.level = c / 100).
 *
 * The estimate is the Hodges-Lehmann shift, the median of all n*m
 * differences cand[i] - base[j].  With the exact test its interval is
 * R's: the differences at the ranks given by qwilcox().  With the normal
 * approximation R finds the interval and the estimate by uniroot() on
 * the continuity-corrected statistic W(d), to 1e-4 in the units of the
 * data.  W(d) is a step function of d that jumps only where d is one of
 * the differences, and between them
 *
 *	W(d) = (#{diff > d} - nm/2 - 1/2 sign) / sigma(d),
 *
 * where sigma counts the ties within each sample only (ties across the
 * samples arise only at a difference).  So its crossing of a normal
 * quantile z is at an order statistic of the differences whose rank
 * follows in closed form: the lower bound is the k-th smallest with
 * k = ceil(nm/2 - 1/2 - z sigma), the upper the (nm + 1 - k)-th.  We
 * return those order statistics exactly, where R's values lie within
 * its uniroot tolerance of them, and the true median for the estimate,
 * where R returns some root of W(d) = 0 near it.  When W does not change
 * sign between the smallest and the largest difference R returns that
 * end of the range, and so do we.
 */
int
bs_mann_whitney(const double *base, size_t nb, const double *cand,
    size_t nc, double confidence, struct bs_mwu *r)
{
	return bs_mann_whitney_delta(base, nb, cand, nc, confidence, r, NULL);
}

/*
 * Cliff's delta of the sorted samples x (cand) and y (base), n, m > 0;
 * weighted when both are folded (ssamp_fold() folds both or neither),
 * else a loop without counts.
 */
static inline double
cliff_at(const struct ssamp *x, const struct ssamp *y, const int weighted)
{
	const double	*xv = x->v, *yv = y->v;
	const uint64_t	*xw = x->w, *yw = y->w;
	const size_t	 nx = x->d, ny = y->d, m = y->n;
	uint64_t	 gt = 0, lt = 0, bl = 0, be = 0;
	size_t		 i, jl = 0, je = 0;

	for (i = 0; i < nx; i++) {
		for (; jl < ny && yv[jl] < xv[i]; jl++)
			bl += weighted ? yw[jl] : 0;
		for (; je < ny && yv[je] <= xv[i]; je++)
			be += weighted ? yw[je] : 0;
		if (!weighted) {
			gt += jl;		/* base values below x[i] */
			lt += m - je;		/* base values above x[i] */
		} else {
			gt += xw[i] * bl;
			lt += xw[i] * (m - be);
		}
	}
	return ((double)gt - (double)lt) / ((double)x->n * m);
}

static double
cliff_sorted(const struct ssamp *x, const struct ssamp *y)
{
	if (x->w != NULL && y->w != NULL)
		return cliff_at(x, y, 1);
	return cliff_at(x, y, 0);
}

/*
 * The normal test's p and interval of bs_mann_whitney_delta(), the
 * shift's selection ss ready.
 */
static void
mwu_normal(struct sumsel *ss, const struct ssamp *x, const struct ssamp *y,
    double u, double ties, double alpha, struct bs_mwu *r)
{
	double		 nm = (double)x->n * y->n, z, sig, wmin, wmax, mumin,
			 mumax, kd;
	uint64_t	 total = ss->total, k;

	sig = mwu_sigma(x->n, y->n, ties);
	z = u - nm / 2;
	z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / sig;
	r->p = z_pvalue(z);

	z = gsl_cdf_ugaussian_Qinv(alpha / 2);
	mumin = x->v[0] - y->v[y->d - 1];
	mumax = x->v[x->d - 1] - y->v[0];
	wmin = mwu_zfun(x, y, mumin);
	wmax = mwu_zfun(x, y, mumax);
	r->hl_lo = r->hl_hi = NAN;
	if (!isfinite(wmin) || !isfinite(wmax))
		return;
	sig = mwu_sigma(x->n, y->n, ssamp_ties(x) + ssamp_ties(y));
	kd = ceil(nm / 2 - 0.5 - z * sig);
	k = kd < 1 ? 1 : kd > total ? total : (uint64_t)kd;
	if (wmin - z <= 0)
		r->hl_lo = mumin;
	else if (wmax - z >= 0)
		r->hl_lo = mumax;
	else
		r->hl_lo = sumsel_kth(ss, k);
	kd = floor(nm / 2 + 0.5 + z * sig) + 1;
	k = kd < 1 ? 1 : kd > total ? total : (uint64_t)kd;
	if (wmin + z <= 0)
		r->hl_hi = mumin;
	else if (wmax + z >= 0)
		r->hl_hi = mumax;
	else
		r->hl_hi = sumsel_kth(ss, k);
}

int
bs_mann_whitney_delta(const double *base, size_t nb, const double *cand,
    size_t nc, double confidence, struct bs_mwu *r, double *delta)
{
	struct sumsel	 ss;
	struct ssamp	 x = { 0 }, y = { 0 };
	double		*ny = NULL, *f = NULL;
	uint64_t	*nw = NULL, *wc = NULL;
	double		 u, ties, alpha, c, kd;
	uint64_t	 total, half;
	size_t		 j, qu;
	int		 rc = -1;

	memset(&ss, 0, sizeof(ss));
	if (delta != NULL)
		*delta = NAN;
	if (r == NULL || !conf_ok(confidence)) {
		if (delta != NULL)
			*delta = bs_cliff_delta(base, nb, cand, nc);
		return -1;
	}
	if ((x.v = sorted_copy(cand, nc, &x.n)) == NULL ||
	    (y.v = sorted_copy(base, nb, &y.n)) == NULL || x.n < 1 ||
	    y.n < 1 || ssamp_fold(&x, &y) == -1)
		goto out;
	if (delta != NULL)
		*delta = cliff_sorted(&x, &y);
	if (mwu_sumsel(&ss, &x, &y, &ny, &nw, &wc) == -1)
		goto out;
	total = ss.total;
	alpha = 1 - confidence / 100;

	mwu_ranks(&x, 0, &y, &u, &ties);
	r->w = u;
	r->conf = confidence;
	r->exact = x.n < 50 && y.n < 50 && ties == 0;

	/* Hodges-Lehmann: the median of the differences. */
	half = total / 2;
	if (!r->exact)
		mwu_bracket(&ss, &x, &y, alpha, half);
	if (total % 2)
		r->hl = sumsel_kth(&ss, half + 1);
	else {
		kd = sumsel_kth(&ss, half);
		r->hl = mean2(kd, sumsel_next(&ss, half, kd));
	}

	if (!r->exact) {
		mwu_normal(&ss, &x, &y, u, ties, alpha, r);
		rc = 0;
		goto out;
	}
	if ((f = wilcox_freq(x.n > y.n ? x.n : y.n,
	    x.n > y.n ? y.n : x.n)) == NULL)
		goto out;
	for (c = 0, j = 0; j <= (size_t)total; j++)
		c += f[j];
	r->p = freq_twosided(f, (size_t)total, c, u);
	qu = freq_quantile(f, (size_t)total, c, alpha / 2);
	if (qu == 0)
		qu = 1;
	r->hl_lo = sumsel_kth(&ss, qu);
	r->hl_hi = sumsel_kth(&ss, total - qu + 1);
	/* R's label: the attainable level when far from the asked. */
	kd = 2 * freq_tail(f, (size_t)total, c, (double)qu - 1, 0);
	if (kd - alpha > alpha / 2)
		r->conf = 100 * (1 - kd);
	rc = 0;
out:
	sumsel_free(&ss);
	free(x.v);
	free(x.w);
	free(y.v);
	free(y.w);
	free(ny);
	free(nw);
	free(wc);
	free(f);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Wilcoxon signed rank */

/*
 * Signed rank statistic of x - d as R computes it: values equal to d
 * dropped, ranks of |x - d| with ties averaged, V the sum of the ranks
 * of the positive ones; *ties the sum of t^3 - t over tied groups of
 * |x - d|, *nz the count kept.  Returns -1 when out of memory.
 */
static int
signrank_stat(const double *x, size_t n, double d, double *v,
    double *ties, size_t *nz)
{
	double	*a, sv = 0, st = 0, t, rank;
	size_t	 i, j, k = 0, q;

	if ((a = malloc((n ? n : 1) * sizeof(*a))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (x[i] - d != 0)
			a[k++] = x[i] - d;
	bs_sort_doubles(a, k, 1);
	for (i = 0; i < k; i = j) {
		for (j = i + 1; j < k && fabs(a[j]) == fabs(a[i]); j++)
			continue;
		rank = ((double)i + 1 + (double)j) / 2;
		for (q = i; q < j; q++)
			if (a[q] > 0)
				sv += rank;
		t = (double)(j - i);
		st += t * t * t - t;
	}
	free(a);
	*v = sv;
	*ties = st;
	*nz = k;
	return 0;
}

static double
signrank_sigma(size_t n, double ties)
{
	double	 nn = (double)n;

	return sqrt(nn * (nn + 1) * (2 * nn + 1) / 24 - ties / 48);
}

/* R's W(d) of the paired interval code; NaN when nothing is left. */
static int
signrank_zfun(const double *x, size_t n, double d, double *w)
{
	double	 v, ties, zd, c;
	size_t	 k;

	if (signrank_stat(x, n, d, &v, &ties, &k) == -1)
		return -1;
	zd = v - (double)k * (k + 1) / 4;
	c = zd > 0 ? 0.5 : zd < 0 ? -0.5 : 0;
	*w = (zd - c) / signrank_sigma(k, ties);
	return 0;
}

/*
 * Wilcoxon signed rank test of the differences cand - base, as R's
 * wilcox.test(cand, base, paired = TRUE, conf.int = TRUE).
 *
 * Like R, zero differences are dropped before anything else, the
 * estimate and interval included: the estimate is the pseudo-median,
 * the median of the Walsh averages (x[i] + x[j])/2, i <= j, of the
 * nonzero differences.  The exact test (fewer than 50 nonzero
 * differences, no ties, no zeros) takes R's interval from qsignrank().
 * With the normal approximation the interval is found as for the rank
 * sum test above: between Walsh averages R's W(d) is
 * (#{walsh > d} - M/2 - 1/2 sign) / sigma with M = n(n + 1)/2 averages,
 * so the bounds are the Walsh averages of ranks ceil(M/2 - 1/2 - z sigma)
 * and M + 1 minus that, exact where R's uniroot() comes within 1e-4.
 * R first doubles alpha until W changes sign over the range of the
 * data (small samples with ties), and gives the median of the data as
 * both bounds when alpha reaches 1; so do we.
 */
int
bs_signed_rank(const double *base, const double *cand, size_t n,
    double confidence, struct bs_mwu *r)
{
	struct sumsel	 ss;
	double		*d = NULL, *x = NULL, *f = NULL;
	double		 v, ties, alpha, z, sig, c, wmin, wmax, kd, mm;
	uint64_t	 total, k, half;
	size_t		 nd, nx, i, qu;
	int		 rc = -1, zeros;

	memset(&ss, 0, sizeof(ss));
	if (r == NULL || !conf_ok(confidence) || base == NULL || cand == NULL)
		return -1;
	if ((d = pair_diffs(base, cand, n, &nd)) == NULL || nd < 1)
		goto out;
	if ((x = malloc(nd * sizeof(*x))) == NULL)
		goto out;
	for (nx = 0, i = 0; i < nd; i++)
		if (d[i] != 0)
			x[nx++] = d[i];
	zeros = nx < nd;
	bs_sort_doubles(x, nx, 0);
	alpha = 1 - confidence / 100;

	if (signrank_stat(x, nx, 0, &v, &ties, &nx) == -1)
		goto out;
	r->w = v;
	r->conf = confidence;
	r->exact = nx < 50 && ties == 0 && !zeros;
	r->hl = r->hl_lo = r->hl_hi = r->p = NAN;
	if (nx == 0) {
		/* Every difference is zero: R's statistic is 0/0. */
		r->exact = 0;
		rc = 0;
		goto out;
	}
	if (sumsel_init(&ss, x, NULL, nx, x, NULL, nx, 1) == -1)
		goto out;
	total = ss.total;
	mm = (double)total;

	half = total / 2;
	if (total % 2)
		r->hl = sumsel_kth(&ss, half + 1) / 2;
	else {
		kd = sumsel_kth(&ss, half);
		r->hl = mean2(kd / 2, sumsel_next(&ss, half, kd) / 2);
	}

	if (r->exact) {
		if ((f = signrank_freq(nx)) == NULL)
			goto out;
		c = ldexp(1, (int)nx);
		r->p = freq_twosided(f, (size_t)total, c, v);
		qu = freq_quantile(f, (size_t)total, c, alpha / 2);
		if (qu == 0)
			qu = 1;
		r->hl_lo = sumsel_kth(&ss, qu) / 2;
		r->hl_hi = sumsel_kth(&ss, total - qu + 1) / 2;
		/* R rounds this label to 2 significant digits. */
		kd = 2 * freq_tail(f, (size_t)total, c, (double)qu - 1, 0);
		if (kd - alpha > alpha / 2)
			r->conf = 100 * (1 - round_sig2(kd));
		rc = 0;
		goto out;
	}

	z = v - mm / 2;
	z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / signrank_sigma(nx, ties);
	r->p = z_pvalue(z);

	if (signrank_zfun(x, nx, x[0], &wmin) == -1 ||
	    signrank_zfun(x, nx, x[nx - 1], &wmax) == -1)
		goto out;
	rc = 0;
	if (!isfinite(wmin) || !isfinite(wmax))
		goto out;
	for (;;) {
		if (alpha >= 1)
			break;
		z = gsl_cdf_ugaussian_Qinv(alpha / 2);
		if (wmin - z < 0 || wmax + z > 0)
			alpha *= 2;
		else
			break;
	}
	if (alpha >= 1 || 1 - confidence / 100 < alpha * 0.75)
		r->conf = 100 * (1 - fmin(1, alpha));
	if (alpha >= 1) {
		r->hl_lo = r->hl_hi = median_sorted(x, nx);
		goto out;
	}
	/* Between Walsh averages only duplicates of x tie. */
	sig = signrank_sigma(nx, tie_sum_sorted(x, nx));
	kd = ceil(mm / 2 - 0.5 - z * sig);
	k = kd < 1 ? 1 : kd > total ? total : (uint64_t)kd;
	r->hl_lo = sumsel_kth(&ss, k) / 2;
	kd = floor(mm / 2 + 0.5 + z * sig) + 1;
	k = kd < 1 ? 1 : kd > total ? total : (uint64_t)kd;
	r->hl_hi = sumsel_kth(&ss, k) / 2;
out:
	sumsel_free(&ss);
	free(d);
	free(x);
	free(f);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Ratio of means */

/*
 * mean(cand)/mean(base) with Fieller's interval for independent
 * samples: the ratios rho for which the statistic
 *
 *	(a - rho b) / sqrt(va + rho^2 vb)
 *
 * (a, b the means, va, vb their squared standard errors) stays within
 * the t quantile, the roots of
 *
 *	(b^2 - t^2 vb) rho^2 - 2 a b rho + (a^2 - t^2 va) = 0.
 *
 * The t quantile takes the Welch-Satterthwaite degrees of freedom of
 * a - rho b at the estimated ratio (Tamhane and Logan 2004, R package
 * mratios' ttestratio): (va + rho^2 vb)^2 / (va^2/(nc - 1) +
 * rho^4 vb^2/(nb - 1)), which is Welch's df when the ratio is 1.  When
 * the baseline mean is not significantly nonzero (g = t^2 vb / b^2 >= 1)
 * the set is unbounded and both bounds are NaN; so they are when both
 * samples are constant.
 *
 * Everything is divided by b^2 first, so that only the ratio and the
 * standard errors relative to b appear: products such as a^2 vb are of
 * the fourth power of the unit and would underflow or overflow for
 * values far from 1.
 */
int
bs_fieller_moments(size_t nb, double b, double vb, size_t nc, double a,
    double va, double confidence, double *ratio, double *lo, double *hi)
{
	return bs_fieller_eff((double)nb, b, vb, (double)nc, a, va,
	    confidence, ratio, lo, hi);
}

/* The same with effective sample sizes (see bs_welch_eff). */
int
bs_fieller_eff(double nb, double b, double vb, double nc, double a,
    double va, double confidence, double *ratio, double *lo, double *hi)
{
	double	 rho, ra, rb, df, t, g, s, r1, r2;

	if (ratio == NULL || lo == NULL || hi == NULL ||
	    !conf_ok(confidence) || nb < 2 || nc < 2)
		return -1;
	*ratio = *lo = *hi = NAN;
	if (b == 0)
		return 0;
	*ratio = rho = a / b;
	/* Squared standard errors of a and b relative to b. */
	ra = sqrt(va / nc) / fabs(b);
	rb = sqrt(vb / nb) / fabs(b);
	ra *= ra;
	rb *= rb;
	if (!(ra + rho * rho * rb > 0) || !isfinite(ra + rho * rho * rb))
		return 0;
	df = satterthwaite(ra, nc, rho * rho * rb, nb);
	t = gsl_cdf_tdist_Qinv((1 - confidence / 100) / 2, df);
	g = t * t * rb;
	if (!(g < 1))
		return 0;
	/* (1 - g) rho^2 - 2 A rho + (A^2 - t^2 ra) = 0, A the estimate. */
	s = t * sqrt(rho * rho * rb + ra - g * ra);
	r1 = (rho - s) / (1 - g);
	r2 = (rho + s) / (1 - g);
	*lo = fmin(r1, r2);
	*hi = fmax(r1, r2);
	return 0;
}

int
bs_fieller(const double *base, size_t nb, const double *cand, size_t nc,
    double confidence, double *ratio, double *lo, double *hi)
{
	double	*x = NULL, *y = NULL;
	double	 a, b, va, vb;
	size_t	 n, m;
	int	 rc = -1;

	if (ratio == NULL || lo == NULL || hi == NULL || !conf_ok(confidence))
		return -1;
	if ((x = copy_finite(cand, nc, &n)) == NULL ||
	    (y = copy_finite(base, nb, &m)) == NULL || n < 2 || m < 2)
		goto out;
	bs_mean_var(x, n, &a, &va);
	bs_mean_var(y, m, &b, &vb);
	rc = bs_fieller_moments(m, b, vb, n, a, va, confidence, ratio, lo,
	    hi);
out:
	free(x);
	free(y);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Effect sizes */

/*
 * (mean(cand) - mean(base)) / s, s the pooled standard deviation
 * sqrt(((nc - 1) var(cand) + (nb - 1) var(base)) / (nc + nb - 2)).
 * NaN when it cannot be computed (no degrees of freedom, s = 0).
 */
double
bs_cohen_d_moments(size_t nb, double mb, double vb, size_t nc, double mc,
    double vc)
{
	double	 ss = 0, s;

	if (nb < 1 || nc < 1 || nb + nc < 3)
		return NAN;
	if (nc > 1)
		ss += (double)(nc - 1) * vc;
	if (nb > 1)
		ss += (double)(nb - 1) * vb;
	s = sqrt(ss / (double)(nb + nc - 2));
	return s > 0 ? (mc - mb) / s : NAN;
}

double
bs_cohen_d(const double *base, size_t nb, const double *cand, size_t nc)
{
	double	*x = NULL, *y = NULL;
	double	 mx, vx = 0, my, vy = 0, res = NAN;
	size_t	 n, m;

	if ((x = copy_finite(cand, nc, &n)) == NULL ||
	    (y = copy_finite(base, nb, &m)) == NULL ||
	    n < 1 || m < 1 || n + m < 3)
		goto out;
	bs_mean_var(x, n, &mx, &vx);
	bs_mean_var(y, m, &my, &vy);
	res = bs_cohen_d_moments(m, my, vy, n, mx, vx);
out:
	free(x);
	free(y);
	return res;
}

/*
 * Hedges' g: Cohen's d times the exact small-sample correction
 *
 *	J(df) = Gamma(df/2) / (sqrt(df/2) Gamma((df - 1)/2)),
 *
 * df = nc + nb - 2, that makes it unbiased under normality (Hedges
 * 1981), rather than its approximation 1 - 3/(4 df - 1).  The ratio of
 * gamma functions is GSL's Pochhammer symbol (a)_{1/2}, accurate for
 * large df where a difference of lgamma() values would not be.  NaN for
 * df < 2, where J is 0 or undefined.
 */
double
bs_hedges_g(const double *base, size_t nb, const double *cand, size_t nc)
{
	gsl_sf_result	 res;
	double		 d, df;
	size_t		 n = 0, m = 0, i;

	for (i = 0; i < nc; i++)
		n += !isnan(cand[i]);
	for (i = 0; i < nb; i++)
		m += !isnan(base[i]);
	if (n < 1 || m < 1 || n + m < 4)
		return NAN;
	d = bs_cohen_d(base, nb, cand, nc);
	df = (double)(n + m - 2);
	if (isnan(d) || gsl_sf_lnpoch_e((df - 1) / 2, 0.5, &res) != GSL_SUCCESS)
		return NAN;
	return d * exp(res.val) / sqrt(df / 2);
}

/*
 * Cliff's delta, P(cand > base) - P(cand < base) over all pairs,
 * counted on the sorted samples by a merge: O((n + m) log(n + m)).
 */
double
bs_cliff_delta(const double *base, size_t nb, const double *cand,
    size_t nc)
{
	struct ssamp	 xs = { 0 }, ys = { 0 };
	double		*x = NULL, *y = NULL, res = NAN;
	size_t		 n, m;

	if ((x = sorted_copy(cand, nc, &n)) == NULL ||
	    (y = sorted_copy(base, nb, &m)) == NULL || n < 1 || m < 1)
		goto out;
	xs.v = x;
	xs.d = xs.n = n;
	ys.v = y;
	ys.d = ys.n = m;
	res = cliff_sorted(&xs, &ys);
out:
	free(x);
	free(y);
	return res;
}

/* ------------------------------------------------------------------ */
/* Multiple comparisons */

struct pidx {
	double	 p;
	size_t	 i;
};

static int
cmp_pidx(const void *a, const void *b)
{
	const struct pidx *x = a, *y = b;

	if (x->p != y->p)
		return (x->p > y->p) - (x->p < y->p);
	return (x->i > y->i) - (x->i < y->i);
}

/*
 * R's p.adjust(p, method): NaN entries are left out and stay NaN, and
 * n counts the others (R's default n = length(p) is evaluated after
 * its NAs are removed).  Holm: p_(i) (n + 1 - i), made monotone upward
 * by a running maximum; Benjamini-Hochberg: p_(i) n / i, made monotone
 * downward by a running minimum from the largest; both capped at 1.
 */
int
bs_p_adjust(const double *p, size_t n, enum bs_adjust method, double *out)
{
	struct pidx	*v;
	size_t		 i, m = 0;
	double		 acc, t;

	if (out == NULL || (n > 0 && p == NULL))
		return -1;
	if (method != BS_ADJ_NONE && method != BS_ADJ_HOLM &&
	    method != BS_ADJ_BH)
		return -1;
	if ((v = malloc((n ? n : 1) * sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (!isnan(p[i])) {
			v[m].p = p[i];
			v[m++].i = i;
		}
	for (i = 0; i < n; i++)
		out[i] = p[i];
	if (m <= 1 || method == BS_ADJ_NONE) {
		free(v);
		return 0;
	}
	qsort(v, m, sizeof(*v), cmp_pidx);
	if (method == BS_ADJ_HOLM) {
		acc = -INFINITY;
		for (i = 0; i < m; i++) {
			t = (double)(m - i) * v[i].p;
			if (t > acc)
				acc = t;
			out[v[i].i] = acc < 1 ? acc : 1;
		}
	} else {
		acc = INFINITY;
		for (i = m; i-- > 0; ) {
			t = ((double)m / (i + 1)) * v[i].p;
			if (t < acc)
				acc = t;
			out[v[i].i] = acc < 1 ? acc : 1;
		}
	}
	free(v);
	return 0;
}

/*
 * The two-sided p of the rank-sum test of sorted x (n) against sorted
 * y (m) by R's continuity-corrected normal approximation, ties counted:
 * what bs_mann_whitney() gives there, without the Hodges-Lehmann shift
 * and its interval (the runs-needed simulation asks only for p).
 */
double
bs_mwu_p_sorted(const double *x, size_t n, const double *y, size_t m)
{
	struct ssamp	 xs = { (double *)x, NULL, n, n },
			 ys = { (double *)y, NULL, m, m };
	double		 u, ties, z;

	if (n < 1 || m < 1)
		return NAN;
	mwu_ranks(&xs, 0, &ys, &u, &ties);
	z = u - (double)n * m / 2;
	z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / mwu_sigma(n, m, ties);
	return isfinite(z) ? z_pvalue(z) : NAN;
}
