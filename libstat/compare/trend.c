/*
 * Change points across a history of results (btrend): when did a
 * metric's level move, by how much, and was it for the better.
 *
 * The method is Hunter's and Apache Otava's (Fleming et al. 2023),
 * after MongoDB's (Daly et al. 2020): E-divisive means (Matteson and
 * James 2014) proposes change points by recursive splitting, and a
 * deterministic test keeps or merges them in place of E-divisive's
 * random permutations, so that the same history always gives the same
 * answer.  The test uses what the whole history knows (btrend(1)):
 *
 * 1. The model.  A revision's mean varies by the night's own effect
 *    (sb2, the same for all) plus its runs' variance of their mean;
 *    the spread of revision means, tau, comes from the whole history
 *    robustly (the median absolute successive difference).
 * 2. Outliers.  A revision off the medians of its neighbours on both
 *    sides, the same way, is reported as such and left out.
 * 3. Proposal.  In each window of o->window revisions (half overlapping,
 *    so that long histories cost O(n log n) per window), a segment is
 *    split at the tau maximising Q(tau) with kappa at the segment's end,
 *    leaving o->min_seg revisions on each side, while the test gives p
 *    below PROPOSE_P; the last min_seg places are proposed too.
 * 4. Merging.  Each candidate is tested between its neighbours: t with
 *    Satterthwaite's df, each side's variance the model's or its own
 *    where larger, p times the places it could have been (Bonferroni).
 *    The weakest failing candidate is removed, its two segments merge,
 *    and the tests are made again, until every candidate passes.
 * 5. Drifts: steps the same way with sloping stretches between them are
 *    one.  Provisional: fewer than min_seg revisions after a step.
 *    Stability: the history without its last revision is searched too,
 *    and a step that moved or went is said to have.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "compare/compare.h"

/*
 * Proposals are cheap to reject later and costly to miss: a loose test
 * lets the recursion look inside segments that hold several changes,
 * whose first split may be weak.
 */
#define PROPOSE_P	0.05

void
bs_trend_opts_default(struct bs_trend_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->max_p = BS_TREND_MAXP;
	o->min_seg = BS_TREND_MINSEG;
	o->window = BS_TREND_WINDOW;
	o->confidence = 95;
}

/* ------------------------------------------------------------------ */
/* E-divisive means */

/* Work space of the splitting, for windows of up to cap revisions. */
struct rk {
	uint64_t k;		/* the value's bits, in the values' order */
	size_t	 i;
};

struct scratch {
	double	*left, *right, *fs;
	size_t	*fc, *rank;
	struct rk *ord;		/* two arrays of cap + 1 */
};

static int
scratch_new(struct scratch *w, size_t cap)
{
	w->left = malloc((cap + 1) * sizeof(*w->left));
	w->right = malloc((cap + 1) * sizeof(*w->right));
	w->fs = malloc((cap + 1) * sizeof(*w->fs));
	w->fc = malloc((cap + 1) * sizeof(*w->fc));
	w->rank = malloc((cap + 1) * sizeof(*w->rank));
	w->ord = malloc(2 * (cap + 1) * sizeof(*w->ord));
	return w->left == NULL || w->right == NULL || w->fs == NULL ||
	    w->fc == NULL || w->rank == NULL || w->ord == NULL ? -1 : 0;
}

static void
scratch_free(struct scratch *w)
{
	free(w->left);
	free(w->right);
	free(w->fs);
	free(w->fc);
	free(w->rank);
	free(w->ord);
}

/*
 * rank[i]: the place of x[i] among x[0..n), equal values in index
 * order.  A radix sort of the values' bits (sign flipped, negatives
 * complemented: unsigned order is the numbers' order; -0 as +0), a byte
 * a pass, passes where every value shares the byte skipped: qsort's
 * comparisons through a pointer were a tenth of btrend's time.  Stable,
 * so equal values keep index order, as the comparison sort's tie-break
 * by index gave.
 */
static void
ranks(const double *x, size_t n, struct scratch *w)
{
	struct rk *a = w->ord, *b = w->ord + n + 1, *t;
	size_t cnt[256], i, d, sum, c;
	uint64_t u;
	double v;

	for (i = 0; i < n; i++) {
		v = x[i] == 0 ? 0.0 : x[i];
		memcpy(&u, &v, sizeof(u));
		a[i].k = u >> 63 ? ~u : u | 0x8000000000000000ULL;
		a[i].i = i;
	}
	for (d = 0; d < 64; d += 8) {
		memset(cnt, 0, sizeof(cnt));
		for (i = 0; i < n; i++)
			cnt[(a[i].k >> d) & 0xff]++;
		if (n == 0 || cnt[(a[0].k >> d) & 0xff] == n)
			continue;
		for (sum = 0, c = 0; c < 256; c++) {
			size_t k = cnt[c];

			cnt[c] = sum;
			sum += k;
		}
		for (i = 0; i < n; i++)
			b[cnt[(a[i].k >> d) & 0xff]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	for (i = 0; i < n; i++)
		w->rank[a[i].i] = i;
}

/*
 * Distances to the values seen so far, from a Fenwick tree of their
 * counts and sums by rank: the c below x (sum s) are x c - s away, the
 * others (S - s) - (seen - c) x.  O(log n) each where a sum over the
 * values seen is O(n): the splitting is O(n log n) per segment, not
 * O(n^2) (no Debian library has the tree; it is a dozen lines).
 */
static double
fen_dist(struct scratch *w, size_t n, size_t r, double x, double S,
    size_t seen)
{
	double s = 0;
	size_t c = 0, i;

	for (i = r + 1; i > 0; i -= i & (~i + 1)) {
		s += w->fs[i];
		c += w->fc[i];
	}
	for (i = r + 1; i <= n; i += i & (~i + 1)) {
		w->fs[i] += x;
		w->fc[i]++;
	}
	return x * (double)c - s + (S - s) - x * (double)(seen - c);
}

/*
 * Row sums of the distance matrix of x[0..n) split at every tau: left[t]
 * the distances of x[t] to x[0..t), right[t] those to x(t..n).
 */
static void
rowsums(const double *x, size_t n, struct scratch *w)
{
	double S, xi;
	size_t i;

	ranks(x, n, w);
	/* Centred on x[0]: the sums keep their precision. */
	memset(w->fs, 0, (n + 1) * sizeof(*w->fs));
	memset(w->fc, 0, (n + 1) * sizeof(*w->fc));
	for (S = 0, i = 0; i < n; i++) {
		xi = x[i] - x[0];
		w->left[i] = fen_dist(w, n, w->rank[i], xi, S, i);
		S += xi;
	}
	memset(w->fs, 0, (n + 1) * sizeof(*w->fs));
	memset(w->fc, 0, (n + 1) * sizeof(*w->fc));
	for (S = 0, i = n; i-- > 0;) {
		xi = x[i] - x[0];
		w->right[i] = fen_dist(w, n, w->rank[i], xi, S, n - 1 - i);
		S += xi;
	}
}

/*
 * Q(tau) of Matteson and James (alpha 1) for every tau in [lo, hi]:
 * within-left, within-right and cross sums updated as x[tau] moves from
 * the right side to the left.  Returns the best tau, *qbest its Q.
 */
static size_t
best_split(const double *x, size_t n, size_t lo, size_t hi,
    struct scratch *w, double *qbest)
{
	double wl = 0, wr = 0, b = 0, q, m, k, e, *left = w->left,
	    *right = w->right;
	size_t t, best = lo;

	rowsums(x, n, w);
	for (t = 0; t < n; t++)
		wr += right[t];
	*qbest = -INFINITY;
	for (t = 0; t <= hi; t++) {
		if (t >= lo) {
			m = (double)t;
			k = (double)(n - t);
			e = 2 * b / (m * k) - 2 * wl / (m * (m - 1)) -
			    2 * wr / (k * (k - 1));
			q = m * k / (m + k) * e;
			if (q > *qbest) {
				*qbest = q;
				best = t;
			}
		}
		/* x[t] joins the left side. */
		wl += left[t];
		wr -= right[t];
		b += right[t] - left[t];
	}
	return best;
}

double
bs_edivisive_q(const double *x, size_t n, size_t tau)
{
	double wl = 0, wr = 0, b = 0, m, k;
	size_t i, j;

	if (tau < 2 || n < tau + 2)
		return NAN;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			double d = fabs(x[i] - x[j]);

			if (j < tau)
				wl += d;
			else if (i >= tau)
				wr += d;
			else
				b += d;
		}
	m = (double)tau;
	k = (double)(n - tau);
	return m * k / (m + k) * (2 * b / (m * k) - 2 * wl / (m * (m - 1)) -
	    2 * wr / (k * (k - 1)));
}

/* ------------------------------------------------------------------ */
/* The model of a history: night effect and run noise */

/*
 * A revision's mean is its night's level plus the noise of its runs:
 * var = sb2 + w_i, sb2 the variance of the nights' own effects (the
 * same for every revision), w_i = s_i^2 / n_i that of the mean of its
 * runs.  The runs of one night are not independent of that night's
 * effect, so more runs never take the variance below sb2; and the
 * revision-to-revision spread is the history's, not a segment's: the
 * median absolute difference of successive revision means, over
 * 0.6745 sqrt(2), is tau, the sd of a revision mean, whatever steps
 * (few), drifts (slow) and spikes (rare) the history holds.  sb2 is
 * tau^2 less the median w_i.  With the whole history behind it, one
 * revision after a clear step is evidence enough; the estimate is worth
 * about 0.37 (n - 1) degrees of freedom (the efficiency of the MAD),
 * which the t quantiles of the tests use.
 */
struct model {
	double	 tau2;		/* variance of a revision mean */
	double	 sb2;		/* of the nights' own effects */
	double	 df, q;		/* of tau2; the interval's t quantile */
	double	*V;		/* per revision: sb2 + w_i */
};

#define MAD_EFF		0.37

static int
has_runs(const double *var, const size_t *n, size_t i)
{
	return var != NULL && n != NULL && n[i] > 1 && isfinite(var[i]);
}

static int
model_build(struct model *md, const double *mean, const double *var,
    const size_t *n, size_t len, double confidence)
{
	double *d, sd = 0, wmed = 0, s = 0;
	size_t i, nw = 0;

	md->V = malloc((len + 1) * sizeof(*md->V));
	d = malloc((len + 1) * sizeof(*d));
	if (md->V == NULL || d == NULL) {
		free(d);
		return -1;
	}
	for (i = 0; i + 1 < len; i++)
		s += d[i] = fabs(mean[i + 1] - mean[i]);
	if (len > 1)
		sd = bs_median(d, len - 1) / (0.6744897501960817 * M_SQRT2);
	/*
	 * Most successive revisions equal (quantised values): the mean
	 * absolute difference, 2 sd / sqrt(pi) for normal noise, instead.
	 */
	if (!(sd > 0) && len > 1)
		sd = s / (double)(len - 1) * sqrt(M_PI) / 2;
	md->tau2 = sd * sd;
	for (i = 0; i < len; i++)
		if (has_runs(var, n, i))
			d[nw++] = var[i] / (double)n[i];
	if (nw > 0)
		wmed = bs_median(d, nw);
	md->sb2 = fmax(0, md->tau2 - wmed);
	for (i = 0; i < len; i++)
		md->V[i] = md->sb2 + (has_runs(var, n, i) ?
		    var[i] / (double)n[i] : wmed);
	md->df = fmax(1, MAD_EFF * (double)(len > 1 ? len - 1 : 1));
	md->q = gsl_cdf_tdist_Qinv((1 - confidence / 100) / 2, md->df);
	free(d);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Segments and their test */

/*
 * Prefix sums over the revisions: s1 of the means, shifted by a centre
 * so that they keep their precision, and sv of the revisions'
 * variances V (the model's).
 */
struct prefix {
	double	*s1, *s2, *sv;
	double	 c;
};

struct seg {
	size_t	 n;
	double	 mean, vm;	/* mean of revision means, its variance */
	double	 ss, sv;	/* squares about the mean; sum of V */
};

static struct seg
segment(const struct prefix *p, size_t a, size_t b)
{
	struct seg s;
	double n = (double)(b - a);

	double s1 = p->s1[b] - p->s1[a];

	s.n = b - a;
	s.mean = p->c + s1 / n;
	s.sv = p->sv[b] - p->sv[a];
	s.vm = s.sv / (n * n);
	s.ss = fmax(0, p->s2[b] - p->s2[a] - s1 * s1 / n);
	return s;
}

/* Exactly, for what is written out: two passes over the segment. */
static struct seg
segment_exact(const double *mean, const struct model *md, size_t a,
    size_t b)
{
	struct seg s;
	double sum = 0, c = 0, v = 0, ss = 0;
	size_t i;

	for (i = a; i < b; i++)
		sum += mean[i];
	s.n = b - a;
	s.mean = sum / (double)s.n;
	for (i = a; i < b; i++) {
		c += mean[i] - s.mean;
		v += md->V[i];
	}
	s.mean += c / (double)s.n;
	for (i = a; i < b; i++)
		ss += (mean[i] - s.mean) * (mean[i] - s.mean);
	s.ss = ss;
	s.sv = v;
	s.vm = v / ((double)s.n * (double)s.n);
	return s;
}

/* The test of a step: the difference of the levels, its interval, p. */
struct test {
	double	 d, se, df, p;
	double	 vl, vr;	/* each side's variance of its level */
};

/*
 * A segment's variance of its level: the model's, or where its
 * revisions spread more about their own level than the model says (a
 * noisier stretch of history; three revisions or more), theirs, with
 * n - 1 degrees of freedom.
 */
static void
side(struct seg s, const struct model *md, double *v, double *df)
{
	double own = s.n >= 3 ? s.ss / (double)(s.n - 1) / (double)s.n : 0;

	*v = s.vm;
	*df = md->df;
	if (own > s.vm) {
		*v = own;
		*df = (double)(s.n - 1);
	}
}

/*
 * The difference of two segments' levels against its variance, each
 * side's by side(), by Student's t with Welch and Satterthwaite's
 * degrees of freedom; with no variance at all, 0 when the levels
 * differ and 1 when they do not (as bcompare says of constants:
 * certain).  One revision after a step is tested against the history's
 * noise, known from all of it.
 */
static double
seg_test(struct seg l, struct seg r, const struct model *md, struct test *t)
{
	double dl, dr;

	side(l, md, &t->vl, &dl);
	side(r, md, &t->vr, &dr);
	t->d = r.mean - l.mean;
	t->se = sqrt(t->vl + t->vr);
	t->df = t->se > 0 ? t->se * t->se * t->se * t->se /
	    (t->vl * t->vl / dl + t->vr * t->vr / dr) : md->df;
	if (!(t->se > 0))
		return t->p = t->d != 0 ? 0 : 1;
	return t->p = 2 * gsl_cdf_tdist_Q(fabs(t->d) / t->se, t->df);
}

/*
 * Fieller's interval of r.mean / l.mean with the same variances and t
 * quantile: the theta with (r - theta l)^2 <= q^2 (vr + theta^2 vl).
 * NaN when l's level is not known to be away from zero.
 */
static void
ratio_ci(struct seg l, struct seg r, double q, double *lo, double *hi)
{
	double a = l.mean * l.mean - q * q * l.vm, b = r.mean * l.mean,
	    c = r.mean * r.mean - q * q * r.vm, disc = b * b - a * c;

	*lo = *hi = NAN;
	if (!(a > 0) || disc < 0)
		return;
	*lo = (b - sqrt(disc)) / a;
	*hi = (b + sqrt(disc)) / a;
}

static int
prefix_build(struct prefix *p, const double *mean, const struct model *md,
    size_t len)
{
	size_t i;

	p->s1 = calloc(len + 1, sizeof(*p->s1));
	p->s2 = calloc(len + 1, sizeof(*p->s2));
	p->sv = calloc(len + 1, sizeof(*p->sv));
	if (p->s1 == NULL || p->s2 == NULL || p->sv == NULL)
		return -1;
	for (p->c = 0, i = 0; i < len; i++)
		p->c += mean[i];
	p->c /= (double)len;
	for (i = 0; i < len; i++) {
		p->s1[i + 1] = p->s1[i] + (mean[i] - p->c);
		p->s2[i + 1] = p->s2[i] + (mean[i] - p->c) * (mean[i] - p->c);
		p->sv[i + 1] = p->sv[i] + md->V[i];
	}
	return 0;
}

static void
prefix_free(struct prefix *p)
{
	free(p->s1);
	free(p->s2);
	free(p->sv);
}

/* What a series' tests share. */
struct ctx {
	const struct bs_trend_opts *o;
	const char	*column, *unit;
	struct model	 md;
	struct prefix	 p;
	size_t		 m, len;	/* min_seg, revisions */
	struct bs_trend_cache *cache;	/* the splits found before */
};

/* ------------------------------------------------------------------ */
/* Proposal */

/*
 * A proposed place and the strength of its step: |d| / se, not p, to
 * choose between two places a revision apart, since a place that puts
 * a revision of the new level on the old side widens that side's own
 * variance but adds to its degrees of freedom, and p can prefer it.
 */
struct cand {
	size_t	 at;
	double	 s;
};

struct cands {
	struct cand *c;
	size_t	 n, cap;
};

static int
cand_add(struct cands *cs, size_t at, double s)
{
	if (bs_grow(&cs->c, &cs->cap, cs->n + 1, sizeof(*cs->c)) == -1)
		return -1;
	cs->c[cs->n].at = at;
	cs->c[cs->n++].s = s;
	return 0;
}

static double
strength(const struct test *w)
{
	return w->se > 0 ? fabs(w->d) / w->se : w->d != 0 ? INFINITY : 0;
}

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return (x->s < y->s) - (x->s > y->s);
}

/*
 * The best split of x[0..n), from the cache when a run (or the search
 * of the history without its last revision) made it before: it depends
 * on the values and m alone.
 */
static int
split(const double *x, size_t n, const struct ctx *cx, struct scratch *sc,
    size_t *t, double *q)
{
	struct tc_key k;

	trend_cache_key(&k, x, n, cx->m);
	if (trend_cache_get(cx->cache, &k, t, q))
		return 0;
	*t = best_split(x, n, cx->m, n - cx->m, sc, q);
	return trend_cache_put(cx->cache, &k, *t, *q);
}

/*
 * Recursive splitting of window [w0, w1), by an explicit stack of
 * segments (a history may hold many changes; the C stack is not for
 * them).
 */
static int
propose(const double *mean, const struct ctx *cx, size_t w0, size_t w1,
    struct scratch *sc, struct cands *cs)
{
	size_t *stack = NULL, ns = 0, cap = 0, a, b, t, m = cx->m;
	struct test w;
	double q, pv;
	int rc = -1;

	if (bs_grow(&stack, &cap, 2, sizeof(*stack)) == -1)
		return -1;
	stack[ns++] = w0;
	stack[ns++] = w1;
	while (ns > 0) {
		b = stack[--ns];
		a = stack[--ns];
		if (b - a < 2 * m)
			continue;
		if (split(mean + a, b - a, cx, sc, &t, &q) == -1)
			goto out;
		t += a;
		if (!(q > 0))
			continue;
		pv = seg_test(segment(&cx->p, a, t), segment(&cx->p, t, b),
		    &cx->md, &w);
		if (!(pv < PROPOSE_P))
			continue;
		if (cand_add(cs, t, strength(&w)) == -1 ||
		    bs_grow(&stack, &cap, ns + 4, sizeof(*stack)) == -1)
			goto out;
		stack[ns++] = a;
		stack[ns++] = t;
		stack[ns++] = t;
		stack[ns++] = b;
	}
	rc = 0;
out:
	free(stack);
	return rc;
}

/*
 * The last revisions, fewer than min_seg after the place, which the
 * splitting never proposes: a step in the last night is to be seen the
 * morning after (provisional), against the window before it.
 */
static int
propose_tail(const struct ctx *cx, struct cands *cs)
{
	struct test w;
	size_t k, t, a;
	double pv;

	for (k = 1; k <= cx->m && k < cx->len; k++) {
		t = cx->len - k;
		if (t < cx->m)
			break;
		a = t > cx->o->window ? t - cx->o->window : 0;
		pv = seg_test(segment(&cx->p, a, t), segment(&cx->p, t,
		    cx->len), &cx->md, &w);
		if (pv < PROPOSE_P && cand_add(cs, t, strength(&w)) == -1)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Merging */

/*
 * The verdict of a change by the metric's rules: m's change, interval
 * and p set, alpha max_p (the verdict's significance is the kept
 * point's).
 */
static void
verdict(struct bs_trend_cp *c, struct bs_metric *m, const struct ctx *cx)
{
	struct bs_cmp_opts co;

	if (cx->o->cmp != NULL)
		co = *cx->o->cmp;
	else
		bs_cmp_opts_default(&co);
	co.alpha = cx->o->max_p;
	m->column = cx->column;
	m->unit = cx->unit;
	m->p = m->p_adj = c->p;
	m->testable = isfinite(c->p);
	m->sign = (m->diff > 0) - (m->diff < 0);
	m->delta = NAN;
	bs_metric_judge(m, &co);
	c->higher = m->higher;
	c->v = m->v;
	c->change = m->change;
	c->change_lo = m->change_lo;
	c->change_hi = m->change_hi;
}

/*
 * The test of a candidate between its neighbours (or the series' ends),
 * with the change and the verdict by the metric's rules.
 */
static void
judge(struct bs_trend_cp *c, struct seg l, struct seg r, const struct ctx *cx)
{
	struct bs_metric m;
	struct test w;
	size_t places, m2 = 2 * cx->m;
	double q;

	memset(&m, 0, sizeof(m));
	m.change = m.change_lo = m.change_hi = NAN;
	/*
	 * The split was the best of every place it could have been made
	 * between its neighbours, not one place chosen beforehand: the p
	 * is multiplied by the number of those places (Bonferroni), which
	 * keeps pure noise from passing for a change however long the
	 * history.  At the history's end the places with fewer than
	 * min_seg revisions after them count too.
	 */
	places = l.n + r.n + 1 > m2 ? l.n + r.n + 1 - m2 : 1;
	if (c->to == cx->len)
		places += cx->m - 1;
	seg_test(l, r, &cx->md, &w);
	c->p = fmin(1, w.p * (double)places);
	q = gsl_cdf_tdist_Qinv((1 - cx->o->confidence / 100) / 2, w.df);
	/* The interval of the ratio with the variances the test used. */
	l.vm = w.vl;
	r.vm = w.vr;
	c->mean_b = l.mean;
	c->mean_a = r.mean;
	c->nb = l.n;
	c->na = r.n;
	m.diff = w.d;
	m.diff_lo = w.d - q * w.se;
	m.diff_hi = w.d + q * w.se;
	/* The change as bcompare gives it: a ratio, Fieller's interval. */
	if (l.mean > 0) {
		m.change = r.mean / l.mean - 1;
		ratio_ci(l, r, q, &m.change_lo, &m.change_hi);
		m.change_lo -= 1;
		m.change_hi -= 1;
	}
	verdict(c, &m, cx);
	c->kind = BS_TK_STEP;
	c->status = c->to - c->at < cx->m ? BS_TS_PROVISIONAL :
	    BS_TS_CONFIRMED;
	c->was = SIZE_MAX;
	c->end = c->at;
	c->slope = c->slope_lo = c->slope_hi = NAN;
}

/* Does a candidate fail: not significant, or a change below threshold? */
static int
fails(const struct bs_trend_cp *c, const struct bs_trend_opts *o)
{
	return !(c->p < o->max_p) || (c->v != BS_V_IMPROVED &&
	    c->v != BS_V_REGRESSED);
}

/* A failing candidate waiting for removal: heap entry. */
struct hent {
	double	 p;
	size_t	 i;		/* candidate index (order of at) */
	unsigned ver;		/* the candidate's judgement it was made of */
};

/* Does a come out before b: higher p, then the earlier candidate. */
static int
hbefore(const struct hent *a, const struct hent *b)
{
	return a->p > b->p || (a->p == b->p && a->i < b->i);
}

static void
hpush(struct hent *h, size_t *nh, struct hent x)
{
	size_t k = (*nh)++;

	while (k > 0 && hbefore(&x, &h[(k - 1) / 2])) {
		h[k] = h[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	h[k] = x;
}

static struct hent
hpop(struct hent *h, size_t *nh)
{
	struct hent top = h[0], x = h[--*nh];
	size_t k = 0, c;

	while ((c = 2 * k + 1) < *nh) {
		if (c + 1 < *nh && hbefore(&h[c + 1], &h[c]))
			c++;
		if (!hbefore(&h[c], &x))
			break;
		h[k] = h[c];
		k = c;
	}
	if (*nh > 0)
		h[k] = x;
	return top;
}

/*
 * The merging of step 3 over cp[0..*ncp) (sorted by at): the weakest
 * failing candidate (the highest p; of equal ones the first) removed,
 * its neighbours judged again, until none fails.  The same removals,
 * in the same order, as judging every candidate after each removal.
 */
static int
merge(struct bs_trend_cp *cp, size_t *ncp, const struct ctx *cx)
{
	size_t n = *ncp, nh = 0, i, k, *prv, *nxt;
	unsigned *ver;
	unsigned char *dead;
	struct hent *h;
	int rc = -1;

	prv = malloc(n * sizeof(*prv));
	nxt = malloc(n * sizeof(*nxt));
	ver = calloc(n, sizeof(*ver));
	dead = calloc(n, 1);
	/* n at first, at most two more per removal. */
	h = n < SIZE_MAX / 3 / sizeof(*h) ? malloc(3 * n * sizeof(*h)) : NULL;
	if (prv == NULL || nxt == NULL || ver == NULL || dead == NULL ||
	    h == NULL)
		goto out;
	for (i = 0; i < n; i++) {
		prv[i] = i > 0 ? i - 1 : SIZE_MAX;
		nxt[i] = i + 1 < n ? i + 1 : SIZE_MAX;
		cp[i].from = i > 0 ? cp[i - 1].at : 0;
		cp[i].to = i + 1 < n ? cp[i + 1].at : cx->len;
		judge(&cp[i], segment(&cx->p, cp[i].from, cp[i].at),
		    segment(&cx->p, cp[i].at, cp[i].to), cx);
		if (fails(&cp[i], cx->o))
			hpush(h, &nh, (struct hent){ cp[i].p, i, 0 });
	}
	while (nh > 0) {
		struct hent top = hpop(h, &nh);
		size_t nb[2];

		i = top.i;
		if (dead[i] || top.ver != ver[i])
			continue;
		dead[i] = 1;
		if (prv[i] != SIZE_MAX)
			nxt[prv[i]] = nxt[i];
		if (nxt[i] != SIZE_MAX)
			prv[nxt[i]] = prv[i];
		nb[0] = prv[i];
		nb[1] = nxt[i];
		for (k = 0; k < 2; k++) {
			size_t j = nb[k];

			if (j == SIZE_MAX)
				continue;
			cp[j].from = prv[j] != SIZE_MAX ? cp[prv[j]].at : 0;
			cp[j].to = nxt[j] != SIZE_MAX ? cp[nxt[j]].at : cx->len;
			judge(&cp[j], segment(&cx->p, cp[j].from, cp[j].at),
			    segment(&cx->p, cp[j].at, cp[j].to), cx);
			ver[j]++;
			if (fails(&cp[j], cx->o))
				hpush(h, &nh, (struct hent){ cp[j].p, j,
				    ver[j] });
		}
	}
	for (i = 0, k = 0; i < n; i++)
		if (!dead[i])
			cp[k++] = cp[i];
	*ncp = k;
	rc = 0;
out:
	free(prv);
	free(nxt);
	free(ver);
	free(dead);
	free(h);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Drifts */

/*
 * Is [a, b) a stretch of a drift in direction sign, between two steps
 * of at least minrise each: its least-squares line rises that way by
 * half of minrise or more over its revisions, with t beyond 1.5 (two
 * revisions: the second beyond the first by a quarter of minrise)?  A
 * staircase of a slow drift rises between its steps as much as at
 * them; two steps the same way with a level between them are flat
 * there.
 */
static int
drifting(const double *mean, size_t a, size_t b, int sign, double minrise)
{
	double n = (double)(b - a), xb = (double)(a + b - 1) / 2, yb = 0,
	    sxx = 0, sxy = 0, ss = 0, sl, r;
	size_t i;

	if (b - a < 2)
		return 0;
	if (b - a == 2)
		return sign * (mean[a + 1] - mean[a]) * 2 >= minrise / 2;
	for (i = a; i < b; i++)
		yb += mean[i] / n;
	for (i = a; i < b; i++) {
		sxx += ((double)i - xb) * ((double)i - xb);
		sxy += ((double)i - xb) * (mean[i] - yb);
	}
	sl = sxy / sxx;
	for (i = a; i < b; i++) {
		r = mean[i] - yb - sl * ((double)i - xb);
		ss += r * r;
	}
	if (sign * sl * n < minrise / 2)
		return 0;
	return ss > 0 ? sign * sl / sqrt(ss / (n - 2) / sxx) > 1.5 : 1;
}

static int
cp_sign(const struct bs_trend_cp *c)
{
	return (c->mean_a > c->mean_b) - (c->mean_a < c->mean_b);
}

/*
 * Steps one after another the same way, with the stretches between
 * them drifting (the steps' own sizes as they are judged, before any
 * merge), are one change spread over its revisions: a drift
 * from the first step to the last, its change between the level before
 * the first and the level after the last (the test and interval of
 * those two segments), its slope the change over the revisions it took.
 */
static void
drifts(struct bs_trend_cp *cp, size_t *ncp, const double *mean,
    const struct ctx *cx)
{
	size_t i, k, n = *ncp, out = 0;
	int sign;

	for (i = 0; i < n; i = k + 1) {
		sign = cp_sign(&cp[i]);
		for (k = i; k + 1 < n && cp_sign(&cp[k + 1]) == sign &&
		    cp[k].kind == BS_TK_STEP && cp[k + 1].kind == BS_TK_STEP &&
		    drifting(mean, cp[k].at, cp[k + 1].at, sign,
		    fmin(fabs(cp[k].mean_a - cp[k].mean_b),
		    fabs(cp[k + 1].mean_a - cp[k + 1].mean_b))); k++)
			;
		cp[out] = cp[i];
		if (k > i) {
			struct bs_trend_cp *d = &cp[out];

			d->to = cp[k].to;
			judge(d, segment_exact(mean, &cx->md, d->from, d->at),
			    segment_exact(mean, &cx->md, cp[k].at, d->to), cx);
			d->kind = BS_TK_DRIFT;
			d->end = cp[k].at;
			d->slope = (d->mean_a - d->mean_b) /
			    (double)(d->end - d->at + 1);
			d->slope_lo = d->change_lo * d->mean_b /
			    (double)(d->end - d->at + 1);
			d->slope_hi = d->change_hi * d->mean_b /
			    (double)(d->end - d->at + 1);
			d->status = d->to - d->end < cx->m ?
			    BS_TS_PROVISIONAL : BS_TS_CONFIRMED;
		}
		out++;
	}
	*ncp = out;
}

/*
 * A ramp over the span [F, T): level a up to revision s, a + b from
 * revision e on, a straight line between (a continuous piecewise line,
 * h its 0..1 basis).  Least squares from the span's prefix sums (local
 * x, y about the span's mean), so each (s, e) is O(1).
 */
struct rsum {
	double	*p0, *p1, *p2, *y, *xy;	/* prefix: 1, x, x^2, y, x y */
	double	 yy;			/* squares of y over the span */
	size_t	 L;
};

struct rfit {
	size_t	 s, e;
	double	 a, b, rss, va, vb, cab;
};

static int
rsum_build(struct rsum *r, const double *mean, size_t F, size_t T)
{
	size_t i, L = T - F;
	double c = 0, x, y;

	r->L = L;
	r->p0 = malloc(5 * (L + 1) * sizeof(double));
	if (r->p0 == NULL)
		return -1;
	r->p1 = r->p0 + (L + 1);
	r->p2 = r->p1 + (L + 1);
	r->y = r->p2 + (L + 1);
	r->xy = r->y + (L + 1);
	for (i = F; i < T; i++)
		c += mean[i] / (double)L;
	r->p0[0] = r->p1[0] = r->p2[0] = r->y[0] = r->xy[0] = r->yy = 0;
	for (i = 0; i < L; i++) {
		x = (double)i;
		y = mean[F + i] - c;
		r->p0[i + 1] = r->p0[i] + 1;
		r->p1[i + 1] = r->p1[i] + x;
		r->p2[i + 1] = r->p2[i] + x * x;
		r->y[i + 1] = r->y[i] + y;
		r->xy[i + 1] = r->xy[i] + x * y;
		r->yy += y * y;
	}
	return 0;
}

/*
 * A ramp (s, e) local to the span (s < e < L): its basis' sum sh, its
 * squares about their mean sxx, its products with y sxy, the slope b
 * and the squares left.  The search's inner loop (inlined: a call there
 * costs 4% of btrend); ramp_fit adds the
 * variances, from the same bits.
 */
struct rmom {
	double	 sh, sxx, sxy, b, rss;
};

static inline __attribute__((always_inline)) void
ramp_mom(const struct rsum *r, size_t s, size_t e, struct rmom *m)
{
	double n = (double)r->L, w = (double)(e - s), xs = (double)s;
	double c0 = r->p0[e] - r->p0[s + 1], c1 = r->p1[e] - r->p1[s + 1],
	    c2 = r->p2[e] - r->p2[s + 1], cy = r->y[e] - r->y[s + 1],
	    cxy = r->xy[e] - r->xy[s + 1];
	double tail = n - (double)e, ty = r->y[r->L] - r->y[e];
	double shh, shy, sy = r->y[r->L];

	m->sh = (c1 - xs * c0) / w + tail;
	shh = (c2 - 2 * xs * c1 + xs * xs * c0) / (w * w) + tail;
	shy = (cxy - xs * cy) / w + ty;
	m->sxx = shh - m->sh * m->sh / n;
	m->sxy = shy - m->sh * sy / n;
	m->b = m->sxx > 0 ? m->sxy / m->sxx : 0;
	m->rss = fmax(0, r->yy - sy * sy / n - m->b * m->sxy);
}

/* The ramp's fit with s and e local to the span (s < e < L). */
static void
ramp_fit(const struct rsum *r, size_t s, size_t e, struct rfit *f)
{
	double n = (double)r->L, s2, sh, sxx;
	struct rmom m;

	ramp_mom(r, s, e, &m);
	sh = m.sh;
	sxx = m.sxx;
	f->s = s;
	f->e = e;
	f->b = m.b;
	f->a = (r->y[r->L] - f->b * sh) / n;
	f->rss = m.rss;
	s2 = n > 4 ? f->rss / (n - 4) : NAN;
	f->vb = s2 / sxx;
	f->va = s2 * (1 / n + (sh / n) * (sh / n) / sxx);
	f->cab = -s2 * (sh / n) / sxx;
}

/*
 * The best ramp with its start s in [s0, s1] and end e in [e0, e1]
 * (local), e - s >= 2: on a grid of at most RAMP_GRID places a side,
 * then place by place around the grid's best.
 */
#define RAMP_GRID	120

static int
ramp_best(const struct rsum *r, size_t s0, size_t s1, size_t e0, size_t e1,
    struct rfit *best)
{
	size_t g, s, e, lo, hi, elo, ehi, span, bs = 0, be = 0;
	struct rmom m;
	double brss = 0;
	int found = 0, pass;

	memset(best, 0, sizeof(*best));

	span = s1 - s0 > e1 - e0 ? s1 - s0 : e1 - e0;
	g = span / RAMP_GRID + 1;
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			if (!found || g == 1)
				break;
			lo = bs > s0 + g ? bs - g : s0;
			hi = bs + g < s1 ? bs + g : s1;
			elo = be > e0 + g ? be - g : e0;
			ehi = be + g < e1 ? be + g : e1;
			g = 1;
		} else {
			lo = s0;
			hi = s1;
			elo = e0;
			ehi = e1;
		}
		for (s = lo; s <= hi; s += g)
			for (e = elo; e <= ehi; e += g) {
				if (e < s + 2)
					continue;
				ramp_mom(r, s, e, &m);
				if (!found || m.rss < brss) {
					brss = m.rss;
					bs = s;
					be = e;
					found = 1;
				}
			}
	}
	if (found)
		ramp_fit(r, bs, be, best);
	return found;
}

/*
 * The squares left by the best single step anywhere in the span: a run
 * of steps the same way may be one real step and a weak one beside it,
 * which a long ramp through both fits better than the two steps.
 */
/*
 * How much better than the best single step a ramp must fit, in units
 * of BIC's penalty per parameter: a clear step in 5% noise is fitted
 * better by a ramp over its neighbours about one time in fifty by one
 * penalty; a slow drift's ramp wins by a dozen.
 */
#define RAMP_MARGIN	3

static double
step_best(const struct rsum *r)
{
	double best = r->yy, y1, y2, n1, n2, v;
	size_t t;

	for (t = 1; t < r->L; t++) {
		y1 = r->y[t];
		y2 = r->y[r->L] - y1;
		n1 = (double)t;
		n2 = (double)(r->L - t);
		v = r->yy - y1 * y1 / n1 - y2 * y2 / n2;
		if (v < best)
			best = v;
	}
	return fmax(0, best);
}

/*
 * Are the steps cp[i..k], one after another the same way, a drift: a
 * ramp over their span [from of the first, to of the last) explains it
 * better than the steps do, by the Bayesian information criterion (the
 * ramp has 4 parameters, k - i + 1 steps 2 (k - i + 1) + 1; a slow drift
 * cut into steps leaves a slope inside each segment, a step cut into a
 * ramp leaves its middle revisions off both levels), and its change is
 * significant?  Then cp[i] becomes the drift: from the ramp's first
 * revision off the old level to its first on the new one (end), the
 * change between the two levels with its interval (delta method on the
 * fit's covariance), p times the span's places (Bonferroni), the slope
 * per revision with its interval.
 */
static int
ramp(struct bs_trend_cp *cp, size_t i, size_t k, const double *mean,
    const struct ctx *cx)
{
	size_t F = cp[i].from, T = cp[k].to, j, nst = k - i + 1;
	struct bs_trend_cp d = cp[i];
	struct bs_metric m;
	struct rsum r;
	struct rfit f;
	struct seg g;
	double L = (double)(T - F), rss = 0, rss1, q, se, w, ratio, vr;
	int ok;

	memset(&f, 0, sizeof(f));
	/* min_seg revisions on each level, as a step has. */
	if (T - F < 8 || cp[i].at < F + cx->m || cp[k].at + cx->m > T)
		return 0;
	for (j = i; j <= k + 1; j++) {
		g = segment_exact(mean, &cx->md, j == i ? F : cp[j - 1].at,
		    j <= k ? cp[j].at : T);
		rss += g.ss;
	}
	if (!(rss > 0) || rsum_build(&r, mean, F, T) == -1)
		return 0;
	ok = ramp_best(&r, cx->m - 1, cp[i].at - 1 - F, cp[k].at - F,
	    T - cx->m - F, &f);
	rss1 = step_best(&r);
	free(r.p0);
	if (!ok || L * log(f.rss) + 4 * log(L) >=
	    L * log(rss) + (double)(2 * nst + 1) * log(L) ||
	    L * log(f.rss) + RAMP_MARGIN * log(L) >= L * log(rss1))
		return 0;
	q = gsl_cdf_tdist_Qinv((1 - cx->o->confidence / 100) / 2, L - 4);
	se = sqrt(f.vb);
	memset(&m, 0, sizeof(m));
	m.change = m.change_lo = m.change_hi = NAN;
	d.p = se > 0 ? fmin(1, 2 * gsl_cdf_tdist_Q(fabs(f.b) / se, L - 4) *
	    L) : 0;
	/* The levels in the series' units: the fit's y is about its mean. */
	g = segment_exact(mean, &cx->md, F, T);
	d.mean_b = g.mean + f.a;
	d.mean_a = g.mean + f.a + f.b;
	m.diff = f.b;
	m.diff_lo = f.b - q * se;
	m.diff_hi = f.b + q * se;
	if (d.mean_b > 0) {
		ratio = f.b / d.mean_b;
		vr = (f.vb - 2 * ratio * f.cab + ratio * ratio * f.va) /
		    (d.mean_b * d.mean_b);
		m.change = ratio;
		m.change_lo = ratio - q * sqrt(fmax(0, vr));
		m.change_hi = ratio + q * sqrt(fmax(0, vr));
	}
	verdict(&d, &m, cx);
	if (!(d.p < cx->o->max_p) || (d.v != BS_V_IMPROVED &&
	    d.v != BS_V_REGRESSED) || (d.mean_a > d.mean_b) !=
	    (cp[i].mean_a > cp[i].mean_b))
		return 0;
	w = (double)(f.e - f.s);
	d.from = F;
	d.to = T;
	d.at = F + f.s + 1;
	d.end = F + f.e;
	d.nb = f.s + 1;
	d.na = T - d.end;
	d.kind = BS_TK_DRIFT;
	d.slope = f.b / w;
	d.slope_lo = m.diff_lo / w;
	d.slope_hi = m.diff_hi / w;
	d.status = T - d.end < cx->m ? BS_TS_PROVISIONAL : BS_TS_CONFIRMED;
	d.was = SIZE_MAX;
	cp[i] = d;
	return 1;
}

/*
 * Runs of steps the same way that a ramp explains better are drifts
 * (the whole run, else each step of it alone); what is left, steps.
 */
static void
ramps(struct bs_trend_cp *cp, size_t *ncp, const double *mean,
    const struct ctx *cx)
{
	size_t i, k, j, n = *ncp, out = 0;
	int sign;

	for (i = 0; i < n; i = k + 1) {
		sign = cp_sign(&cp[i]);
		for (k = i; k + 1 < n && cp_sign(&cp[k + 1]) == sign; k++)
			;
		if (ramp(cp, i, k, mean, cx)) {
			cp[out++] = cp[i];
			continue;
		}
		for (j = i; j <= k; j++) {
			if (k > i)
				(void)ramp(cp, j, j, mean, cx);
			cp[out++] = cp[j];
		}
	}
	*ncp = out;
}

/*
 * The steps of one series without its outliers: proposals in windows
 * and at the end, merged.  *out in the series' own indices.
 */
static int
steps(const double *mean, const double *var, const size_t *n, size_t len,
    struct ctx *cx, struct bs_trend_cp **out, size_t *nout)
{
	struct cands cs;
	struct scratch sc;
	struct bs_trend_cp *cp = NULL;
	size_t m = cx->m, w, step, w0, i, k, ncp;
	int rc = -1;

	*out = NULL;
	*nout = 0;
	memset(&cs, 0, sizeof(cs));
	memset(&sc, 0, sizeof(sc));
	cx->len = len;
	if (model_build(&cx->md, mean, var, n, len, cx->o->confidence) == -1 ||
	    prefix_build(&cx->p, mean, &cx->md, len) == -1)
		goto out;
	w = cx->o->window < 4 * m ? 4 * m : cx->o->window;
	if (w > len)
		w = len;
	step = w / 2;
	if (len >= 2 * m && scratch_new(&sc, w) == -1)
		goto out;
	/* Windows half overlapping, the last one ending at the series' end. */
	for (w0 = 0; len >= 2 * m; w0 += step) {
		if (w0 + w > len)
			w0 = len - w;
		if (propose(mean, cx, w0, w0 + w, &sc, &cs) == -1)
			goto out;
		if (w0 + w >= len)
			break;
	}
	if (propose_tail(cx, &cs) == -1)
		goto out;
	/*
	 * Candidates from overlapping windows: one per place, and of two
	 * closer than a segment, the stronger.
	 */
	if (cs.n > 0)
		qsort(cs.c, cs.n, sizeof(*cs.c), cand_cmp);
	for (i = 0, k = 0; i < cs.n; i++) {
		if (k > 0 && cs.c[i].at - cs.c[k - 1].at < m) {
			if (cs.c[i].s > cs.c[k - 1].s)
				cs.c[k - 1] = cs.c[i];
			continue;
		}
		cs.c[k++] = cs.c[i];
	}
	ncp = k;
	if (ncp > 0 && (cp = calloc(ncp, sizeof(*cp))) == NULL)
		goto out;
	for (i = 0; i < ncp; i++)
		cp[i].at = cs.c[i].at;
	/*
	 * Remove the weakest failing candidate until none fails.  A
	 * candidate's test depends only on its neighbours, so a removal
	 * re-judges the two beside it; the failing ones wait in a heap,
	 * weakest (highest p, then first) on top, stale entries skipped:
	 * O(k log k) for k candidates rather than a pass over all of them
	 * per removal (a drifting history fails most of thousands).
	 */
	if (ncp > 0 && merge(cp, &ncp, cx) == -1)
		goto out;
	/* What is written out, from the values themselves. */
	for (i = 0; i < ncp; i++)
		judge(&cp[i], segment_exact(mean, &cx->md, cp[i].from,
		    cp[i].at), segment_exact(mean, &cx->md, cp[i].at,
		    cp[i].to), cx);
	ramps(cp, &ncp, mean, cx);
	drifts(cp, &ncp, mean, cx);
	*out = cp;
	*nout = ncp;
	cp = NULL;
	rc = 0;
out:
	free(cp);
	free(cs.c);
	scratch_free(&sc);
	prefix_free(&cx->p);
	free(cx->md.V);
	cx->md.V = NULL;
	return rc;
}

/* ------------------------------------------------------------------ */
/* Outliers */

#define OUT_K	5	/* neighbours on each side an outlier is judged by */

/* The median of x[0..k), k <= OUT_K, by insertion. */
static double
median_small(const double *x, size_t k)
{
	double s[OUT_K], v;
	size_t i, j;

	for (i = 0; i < k; i++) {
		v = x[i];
		for (j = i; j > 0 && s[j - 1] > v; j--)
			s[j] = s[j - 1];
		s[j] = v;
	}
	return k % 2 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
}

/*
 * Is revision i a single revision off its level: away, the same way,
 * from the median of the OUT_K revisions before it and from that of
 * the OUT_K after it (two spikes in a row still leave both medians at
 * the level), significantly (Bonferroni over the history's revisions)
 * and by more than the metric's threshold?  The last revision has none
 * after it: there a step and a spike look alike (provisional).
 */
static int
outlier(const double *mean, size_t len, size_t i, const struct ctx *cx,
    struct bs_trend_cp *c)
{
	size_t kl = i < OUT_K ? i : OUT_K, kr = len - 1 - i < OUT_K ?
	    len - 1 - i : OUT_K, k;
	double ml, mr, dl, dr, d, level, se, v = cx->md.V[i];
	struct bs_metric m;

	if (kl < 1 || kr < 1)
		return 0;
	ml = median_small(mean + i - kl, kl);
	mr = median_small(mean + i + 1, kr);
	dl = mean[i] - ml;
	dr = mean[i] - mr;
	if (dl == 0 || dr == 0 || (dl > 0) != (dr > 0))
		return 0;
	d = fabs(dl) < fabs(dr) ? dl : dr;
	level = fabs(dl) < fabs(dr) ? ml : mr;
	k = kl < kr ? kl : kr;
	/* A median of k is about pi/2 times as variable as a mean of k. */
	se = sqrt(v + M_PI_2 * cx->md.tau2 / (double)k);
	memset(c, 0, sizeof(*c));
	c->p = se > 0 ? fmin(1, 2 * gsl_cdf_tdist_Q(fabs(d) / se,
	    cx->md.df) * (double)len) : 0;
	if (!(c->p < cx->o->max_p))
		return 0;
	memset(&m, 0, sizeof(m));
	m.diff = d;
	m.diff_lo = d - cx->md.q * se;
	m.diff_hi = d + cx->md.q * se;
	m.change = m.change_lo = m.change_hi = NAN;
	if (level > 0) {
		m.change = mean[i] / level - 1;
		m.change_lo = m.diff_lo / level;
		m.change_hi = m.diff_hi / level;
	}
	c->from = i - kl;
	c->at = i;
	c->to = i + 1;
	c->nb = kl + kr;
	c->na = 1;
	c->mean_b = level;
	c->mean_a = mean[i];
	verdict(c, &m, cx);
	c->kind = BS_TK_OUTLIER;
	c->status = BS_TS_CONFIRMED;
	c->was = SIZE_MAX;
	c->end = i;
	c->slope = c->slope_lo = c->slope_hi = NAN;
	return c->v == BS_V_IMPROVED || c->v == BS_V_REGRESSED;
}

static int
cp_cmp(const void *a, const void *b)
{
	const struct bs_trend_cp *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->kind - y->kind;
}

/* A series' outliers and steps, in its indices, sorted. */
static int
detect(const double *mean, const double *var, const size_t *n, size_t len,
    struct ctx *cx, struct bs_trend_cp **out, size_t *nout)
{
	struct bs_trend_cp *cp = NULL, *st = NULL, c;
	double *cm = NULL, *cv = NULL;
	size_t *cn = NULL, *keep = NULL, ncp = 0, cap = 0, nst = 0, nk, i;
	int rc = -1;

	*out = NULL;
	*nout = 0;
	if (model_build(&cx->md, mean, var, n, len, cx->o->confidence) == -1)
		return -1;
	cm = malloc((len + 1) * sizeof(*cm));
	cv = malloc((len + 1) * sizeof(*cv));
	cn = malloc((len + 1) * sizeof(*cn));
	keep = malloc((len + 1) * sizeof(*keep));
	if (cm == NULL || cv == NULL || cn == NULL || keep == NULL)
		goto out;
	for (i = 0, nk = 0; i < len; i++) {
		if (outlier(mean, len, i, cx, &c)) {
			if (bs_grow(&cp, &cap, ncp + 1, sizeof(*cp)) == -1)
				goto out;
			cp[ncp++] = c;
			continue;
		}
		cm[nk] = mean[i];
		cv[nk] = var != NULL ? var[i] : NAN;
		cn[nk] = n != NULL ? n[i] : 1;
		keep[nk++] = i;
	}
	free(cx->md.V);
	cx->md.V = NULL;
	/* The steps of what is left, in the series' indices again. */
	if (nk >= cx->m + 1 && steps(cm, cv, cn, nk, cx, &st, &nst) == -1)
		goto out;
	if (bs_grow(&cp, &cap, ncp + nst + 1, sizeof(*cp)) == -1)
		goto out;
	for (i = 0; i < nst; i++) {
		c = st[i];
		c.from = keep[c.from];
		c.end = keep[c.end];
		c.at = keep[c.at];
		c.to = c.to == nk ? len : keep[c.to];
		cp[ncp++] = c;
	}
	if (ncp > 0)
		qsort(cp, ncp, sizeof(*cp), cp_cmp);
	*out = cp;
	*nout = ncp;
	cp = NULL;
	rc = 0;
out:
	free(cx->md.V);
	cx->md.V = NULL;
	free(cp);
	free(st);
	free(cm);
	free(cv);
	free(cn);
	free(keep);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Stability */

/* Step j of prev, unclaimed, near c: within a revision, else in c's span. */
static size_t
match(const struct bs_trend_cp *c, const struct bs_trend_cp *prev,
    size_t nprev, const unsigned char *used, int near)
{
	size_t j, best = SIZE_MAX, db = SIZE_MAX, dd;
	int sign = (c->mean_a > c->mean_b) - (c->mean_a < c->mean_b);

	for (j = 0; j < nprev; j++) {
		const struct bs_trend_cp *q = &prev[j];

		if (used[j] || q->kind == BS_TK_OUTLIER || sign !=
		    (q->mean_a > q->mean_b) - (q->mean_a < q->mean_b))
			continue;
		dd = q->at > c->at ? q->at - c->at : c->at - q->at;
		if (near ? dd > 1 : q->at <= c->from || q->at >= c->to)
			continue;
		if (dd < db) {
			db = dd;
			best = j;
		}
	}
	return best;
}

/*
 * What changed since the history without its last revision: a step
 * found there and here (within a revision) keeps its status; one found
 * there elsewhere in its span has moved (was); one found there and no
 * longer is added, withdrawn, with that history's values.  A nightly
 * report says so rather than dropping a change it gave yesterday.
 */
static int
stability(struct bs_trend_cp **cp, size_t *ncp, const struct bs_trend_cp *prev,
    size_t nprev)
{
	unsigned char *used;
	size_t i, j, n = *ncp, cap = *ncp;
	int near;

	if (nprev == 0)
		return 0;
	if ((used = calloc(nprev, 1)) == NULL)
		return -1;
	for (near = 1; near >= 0; near--)
		for (i = 0; i < *ncp; i++) {
			struct bs_trend_cp *c = &(*cp)[i];

			if (c->kind == BS_TK_OUTLIER || c->was != SIZE_MAX ||
			    (j = match(c, prev, nprev, used, near)) == SIZE_MAX)
				continue;
			used[j] = 1;
			c->was = prev[j].at;
			if (!near && prev[j].at != c->at)
				c->status = BS_TS_MOVED;
		}
	for (i = 0; i < *ncp; i++)
		if ((*cp)[i].status != BS_TS_MOVED)
			(*cp)[i].was = SIZE_MAX;
	for (j = 0; j < nprev; j++) {
		if (used[j] || prev[j].kind == BS_TK_OUTLIER)
			continue;
		if (bs_grow(cp, &cap, n + 1, sizeof(**cp)) == -1) {
			free(used);
			return -1;
		}
		(*cp)[n] = prev[j];
		(*cp)[n++].status = BS_TS_WITHDRAWN;
	}
	free(used);
	if (n > *ncp)
		qsort(*cp, n, sizeof(**cp), cp_cmp);
	*ncp = n;
	return 0;
}

int
bs_trend_detect(const double *mean, const double *var, const size_t *n,
    size_t len, const char *column, const char *unit,
    const struct bs_trend_opts *o, struct bs_trend_cp **out, size_t *nout,
    struct bs_err *e)
{
	struct bs_trend_cp *prev = NULL;
	struct bs_trend_cache *own = NULL;
	struct ctx cx;
	size_t i, nprev = 0;
	int rc;

	*out = NULL;
	*nout = 0;
	memset(&cx, 0, sizeof(cx));
	cx.o = o;
	cx.column = column;
	cx.unit = unit;
	cx.m = o->min_seg < 2 ? 2 : o->min_seg;
	if (len < cx.m + 1)
		return 0;
	for (i = 0; i < len; i++)
		if (!isfinite(mean[i]))
			return bs_seterr(e, NULL, 0, "%s: revision %zu: not a "
			    "finite number", column, i + 1);
	/* The two searches share all windows but their last. */
	if ((cx.cache = o->cache) == NULL &&
	    (cx.cache = own = bs_trend_cache_new()) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	rc = detect(mean, var, n, len, &cx, out, nout) == -1 ||
	    (len > cx.m + 1 && detect(mean, var, n, len - 1, &cx, &prev,
	    &nprev) == -1) || stability(out, nout, prev, nprev) == -1;
	bs_trend_cache_free(own);
	free(prev);
	if (rc) {
		free(*out);
		*out = NULL;
		*nout = 0;
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	if (*nout == 0) {
		free(*out);
		*out = NULL;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* From a table: series, revisions and their order */

struct ord {
	const struct bs_table *t;
	long	 xcol;
	int	 kind;		/* 0 input order, 1 numbers, 2 ISO dates */
	double	*num;		/* per group: the order value as a number */
};

/* Do two groups belong to one series (every key but the order's)? */
static int
keycmp(const struct ord *o, size_t g, size_t h)
{
	char *const *a = o->t->groups[g].key, *const *b = o->t->groups[h].key;
	int c;

	for (size_t k = 0; k < o->t->ngcols; k++)
		if ((long)k != o->xcol && (c = strcmp(a[k], b[k])) != 0)
			return c;
	return 0;
}

static const struct ord *sortord;	/* qsort has no argument */

/*
 * ser[g]: the series of group g, numbered in order of their first
 * group, by a hash of the key less the order's column (a sort of a
 * million groups by their keys cost a tenth of btrend's time); gs the
 * groups of series 0, then of 1, ..., each series' in input order.
 */
static int
series_of(const struct ord *o, size_t *gs, size_t *ser, size_t *nser)
{
	const struct bs_table *t = o->t;
	size_t cap = 16, *slot, *id, *at, g, i, k;
	uint64_t h;

	while (cap < 2 * t->ngroups)
		cap *= 2;
	slot = malloc(cap * sizeof(*slot));
	id = malloc(cap * sizeof(*id));
	if (slot == NULL || id == NULL) {
		free(slot);
		free(id);
		return -1;
	}
	for (i = 0; i < cap; i++)
		slot[i] = SIZE_MAX;
	*nser = 0;
	for (g = 0; g < t->ngroups; g++) {
		for (h = 0, k = 0; k < t->ngcols; k++)
			if ((long)k != o->xcol)
				h = h * 0x100000001b3ULL ^ bs_fnv1a(
				    t->groups[g].key[k],
				    strlen(t->groups[g].key[k]));
		for (i = (size_t)h & (cap - 1); slot[i] != SIZE_MAX &&
		    keycmp(o, slot[i], g) != 0; i = (i + 1) & (cap - 1))
			;
		if (slot[i] == SIZE_MAX) {
			slot[i] = g;
			id[i] = (*nser)++;
		}
		ser[g] = id[i];
	}
	free(slot);
	free(id);
	/* By series, stably: counts, then each group at its place. */
	if ((at = calloc(*nser + 1, sizeof(*at))) == NULL)
		return -1;
	for (g = 0; g < t->ngroups; g++)
		at[ser[g] + 1]++;
	for (i = 0; i < *nser; i++)
		at[i + 1] += at[i];
	for (g = 0; g < t->ngroups; g++)
		gs[at[ser[g]]++] = g;
	free(at);
	return 0;
}

/* By order value; equal values (cannot be: groups) by input order. */
static int
byorder(const void *a, const void *b)
{
	size_t g = *(const size_t *)a, h = *(const size_t *)b;
	const struct ord *o = sortord;
	int c = 0;

	if (o->kind == 1)
		c = (o->num[g] > o->num[h]) - (o->num[g] < o->num[h]);
	else if (o->kind == 2)
		c = strcmp(o->t->groups[g].key[o->xcol],
		    o->t->groups[h].key[o->xcol]);
	return c != 0 ? c : (g > h) - (g < h);
}

static const size_t *sortfirst;

static int
byfirst(const void *a, const void *b)
{
	size_t x = sortfirst[*(const size_t *)a], y = sortfirst[*(const size_t *)b];

	return (x > y) - (x < y);
}

/* "2024-05-01", "2024-05-01T12:00:00Z": ISO 8601 sorts as text. */
static int
isodate(const char *s)
{
	static const char pat[] = "dddd-dd-dd";

	for (size_t i = 0; pat[i] != '\0'; i++)
		if (pat[i] == 'd' ? !isdigit((unsigned char)s[i]) :
		    s[i] != pat[i])
			return 0;
	return s[10] == '\0' || s[10] == 'T' || s[10] == ' ';
}

/* How the order column sorts: numbers, ISO dates, or not at all. */
static int
order_kind(struct ord *o)
{
	const struct bs_table *t = o->t;
	int num = 1, iso = 1;

	if ((o->num = calloc(t->ngroups + 1, sizeof(*o->num))) == NULL)
		return -1;
	for (size_t g = 0; g < t->ngroups; g++) {
		const char *s = t->groups[g].key[o->xcol];

		if (num && bs_parse_double(s, &o->num[g]) == -1)
			num = 0;
		if (iso && !isodate(s))
			iso = 0;
	}
	o->kind = num ? 1 : iso ? 2 : 0;
	return 0;
}

/* Revisions of series s, value column c: their means, spreads, values. */
static int
fill(struct bs_trend_series *s, const struct bs_table *t, const size_t *gs,
    size_t ng, size_t c, long xcol)
{
	size_t i, j, nv;

	s->mean = malloc((ng + 1) * sizeof(*s->mean));
	s->var = malloc((ng + 1) * sizeof(*s->var));
	s->n = malloc((ng + 1) * sizeof(*s->n));
	s->x = malloc((ng + 1) * sizeof(*s->x));
	if (s->mean == NULL || s->var == NULL || s->n == NULL || s->x == NULL)
		return -1;
	for (i = 0, j = 0; i < ng; i++) {
		double *v, mu, sd;

		if ((v = bs_series_values(&t->groups[gs[i]].s[c], 0, &nv)) ==
		    NULL)
			return -1;
		if (nv > 0) {
			bs_mean_sd(v, nv, &mu, &sd);
			s->mean[j] = mu;
			s->var[j] = nv > 1 ? sd * sd : NAN;
			s->n[j] = nv;
			s->x[j++] = t->groups[gs[i]].key[xcol];
		}
		free(v);
	}
	s->nrev = j;
	return 0;
}

/* Without an order column: every value a revision, in input order. */
static int
fill_rows(struct bs_trend_series *s, const struct bs_series *ser)
{
	size_t i, j;

	s->mean = malloc((ser->n + 1) * sizeof(*s->mean));
	s->x = calloc(ser->n + 1, sizeof(*s->x));
	if (s->mean == NULL || s->x == NULL)
		return -1;
	for (i = 0, j = 0; i < ser->n; i++) {
		double y = bs_series_value(ser, i);

		if (isnan(y))
			continue;
		/* The row's place within the series, 1-based, as its name. */
		if (asprintf((char **)&s->x[j], "%zu", i + 1) == -1) {
			s->x[j] = NULL;
			return -1;
		}
		s->mean[j++] = y;
		s->nrev = j;
	}
	return 0;
}

static int
addseries(struct bs_trend *tr, size_t *cap, const struct bs_table *t,
    size_t g, size_t c)
{
	struct bs_trend_series *s;

	if (bs_grow(&tr->s, cap, tr->n + 1, sizeof(*tr->s)) == -1)
		return -1;
	s = &tr->s[tr->n++];
	memset(s, 0, sizeof(*s));
	s->key = t->groups[g].key;
	s->column = bs_table_vname(t, c);
	s->unit = bs_table_unit(t, c);
	return 0;
}

/* Rows of one revision must lie together in their series; say if not. */
static void
check_dups(struct bs_trend *tr, const struct bs_table *t, const size_t *ser,
    size_t nser, size_t *last, unsigned char *seen)
{
	size_t r, g, u;

	for (u = 0; u < nser; u++)
		last[u] = SIZE_MAX;
	for (r = 0; r < t->nrows; r++) {
		g = t->rowgroup[r];
		u = ser[g];
		if (last[u] == g)
			continue;
		if (seen[g] && !(tr->warn & BS_TW_DUP)) {
			tr->warn |= BS_TW_DUP;
			tr->dupx = t->groups[g].key[tr->xcol];
		}
		seen[g] = 1;
		last[u] = g;
	}
}

/*
 * The series of gs (the groups by series, ser[] the series of each)
 * in order of their first appearance: the least group of
 * each run is its first in the input.  0, or -1 when out of memory.
 */
static int
add_in_input_order(struct bs_trend *tr, size_t *cap, const struct bs_table *t,
    const size_t *gs, const size_t *ser, size_t nser, long xcol)
{
	size_t *first, *runat, *idx, s, k, i, j, c;
	int rc = -1;

	first = malloc((nser + 1) * sizeof(*first));
	runat = malloc((nser + 1) * sizeof(*runat));
	idx = malloc((nser + 1) * sizeof(*idx));
	if (first == NULL || runat == NULL || idx == NULL)
		goto out;
	for (i = 0, s = 0; i < t->ngroups; i = j, s++) {
		size_t lo = gs[i];

		for (j = i; j < t->ngroups && ser[gs[j]] == ser[gs[i]]; j++)
			if (gs[j] < lo)
				lo = gs[j];
		first[s] = lo;
		runat[s] = i;
	}
	/* The series by their first group: input order. */
	for (s = 0; s < nser; s++)
		idx[s] = s;
	sortfirst = first;
	qsort(idx, nser, sizeof(*idx), byfirst);
	for (k = 0; k < nser; k++) {
		size_t bi = idx[k], len;

		len = (bi + 1 < nser ? runat[bi + 1] : t->ngroups) - runat[bi];
		for (c = 0; c < t->nvcols; c++)
			if (addseries(tr, cap, t, first[bi], c) == -1 ||
			    fill(&tr->s[tr->n - 1], t, gs + runat[bi], len, c,
			    xcol) == -1)
				goto out;
	}
	rc = 0;
out:
	free(idx);
	free(first);
	free(runat);
	return rc;
}

int
bs_trend_table(struct bs_trend *tr, const struct bs_table *t, long xcol,
    const struct bs_trend_opts *o, struct bs_err *e)
{
	struct ord ord;
	size_t *gs = NULL, *ser = NULL, *last = NULL, cap = 0, i, j, c, nser;
	unsigned char *seen = NULL;
	int rc = -1;

	memset(tr, 0, sizeof(*tr));
	memset(&ord, 0, sizeof(ord));
	ord.t = t;
	ord.xcol = tr->xcol = xcol;
	tr->nkey = xcol >= 0 ? t->ngcols - 1 : t->ngcols;
	if (xcol < 0) {
		tr->xkind = 1;	/* the rows' numbers */
		for (i = 0; i < t->ngroups; i++)
			for (c = 0; c < t->nvcols; c++)
				if (addseries(tr, &cap, t, i, c) == -1 ||
				    fill_rows(&tr->s[tr->n - 1],
				    &t->groups[i].s[c]) == -1)
					goto nomem;
		goto detect;
	}
	if ((gs = malloc((t->ngroups + 1) * sizeof(*gs))) == NULL ||
	    (ser = malloc((t->ngroups + 1) * sizeof(*ser))) == NULL ||
	    order_kind(&ord) == -1)
		goto nomem;
	if (ord.kind == 0)
		tr->warn |= BS_TW_INORDER;
	tr->xkind = ord.kind;
	/* Groups of one series together, each series in input order. */
	if (series_of(&ord, gs, ser, &nser) == -1)
		goto nomem;
	sortord = &ord;
	for (i = 0; i < t->ngroups; i = j) {
		for (j = i; j < t->ngroups && ser[gs[j]] == ser[gs[i]]; j++)
			;
		/* The series' revisions in order of their order values. */
		if (ord.kind != 0) {
			size_t *tmp, k;

			if ((tmp = malloc((j - i) * sizeof(*tmp))) == NULL)
				goto nomem;
			memcpy(tmp, gs + i, (j - i) * sizeof(*tmp));
			qsort(tmp, j - i, sizeof(*tmp), byorder);
			for (k = 0; k < j - i; k++)
				if (tmp[k] != gs[i + k])
					tr->warn |= BS_TW_SORTED;
			memcpy(gs + i, tmp, (j - i) * sizeof(*tmp));
			free(tmp);
		}
	}
	if (t->rowgroup != NULL) {
		if ((last = malloc((nser + 1) * sizeof(*last))) == NULL ||
		    (seen = calloc(t->ngroups + 1, 1)) == NULL)
			goto nomem;
		check_dups(tr, t, ser, nser, last, seen);
	}
	if (add_in_input_order(tr, &cap, t, gs, ser, nser, ord.xcol) == -1)
		goto nomem;
detect:
	for (i = 0; i < tr->n; i++) {
		struct bs_trend_series *s = &tr->s[i];

		s->tooshort = s->nrev < (o->min_seg < 2 ? 2 : o->min_seg) + 1;
		if (bs_trend_detect(s->mean, s->var, s->n, s->nrev, s->column,
		    s->unit, o, &s->cp, &s->ncp, e) == -1)
			goto out;
	}
	rc = 0;
	goto out;
nomem:
	rc = bs_seterr(e, NULL, 0, "out of memory");
out:
	free(gs);
	free(ser);
	free(last);
	free(seen);
	free(ord.num);
	return rc;
}

size_t
bs_trend_since(const struct bs_trend *tr, const struct bs_trend_series *s,
    const char *since)
{
	double v, x;
	size_t i;

	if (tr->xkind == 1 && bs_parse_double(since, &v) == 0) {
		for (i = 0; i < s->nrev; i++)
			if (bs_parse_double(s->x[i], &x) == 0 && x >= v)
				return i;
		return SIZE_MAX;
	}
	if (tr->xkind == 2) {
		for (i = 0; i < s->nrev; i++)
			if (strcmp(s->x[i], since) >= 0)
				return i;
		return SIZE_MAX;
	}
	for (i = 0; i < s->nrev; i++)
		if (strcmp(s->x[i], since) == 0)
			return i;
	return SIZE_MAX;
}

size_t
bs_history_unheader(struct bs_buf *b, const struct bs_read_opts *ro)
{
	const struct bs_fmt *f = ro->format;
	size_t hl, i, n = 0;
	const char *nl;
	int delim;

	if (bs_format_auto(f))
		f = bs_detect(b->data, b->len < BS_DETECT_LEN ? b->len :
		    BS_DETECT_LEN, &delim);
	if ((f != &bs_fmt_csv && f != &bs_fmt_tsv) || ro->no_header ||
	    (nl = memchr(b->data, '\n', b->len)) == NULL)
		return 0;
	hl = (size_t)(nl - b->data);
	if (hl > 0 && b->data[hl - 1] == '\r')
		hl--;
	if (hl == 0)
		return 0;
	for (i = (size_t)(nl - b->data) + 1; i < b->len;) {
		const char *e = memchr(b->data + i, '\n', b->len - i);
		size_t end = e ? (size_t)(e - b->data) : b->len, len = end - i;

		if (len > 0 && b->data[end - 1] == '\r')
			len--;
		if (len == hl && memcmp(b->data + i, b->data, hl) == 0) {
			/* Spaces would be a record; the line is made empty. */
			memmove(b->data + i, b->data + end, b->len - end);
			b->len -= end - i;
			n++;
			end = i;
		}
		i = end + 1;
	}
	b->data[b->len] = '\0';	/* kept terminated, as loaded */
	return n;
}

void
bs_trend_free(struct bs_trend *tr)
{
	if (tr == NULL)
		return;
	for (size_t i = 0; i < tr->n; i++) {
		struct bs_trend_series *s = &tr->s[i];

		/* Without an order column the names are ours. */
		if (s->var == NULL && s->x != NULL)
			for (size_t k = 0; k < s->nrev; k++)
				free((char *)s->x[k]);
		free(s->x);
		free(s->mean);
		free(s->var);
		free(s->n);
		free(s->cp);
	}
	free(tr->s);
	memset(tr, 0, sizeof(*tr));
}
