/*
 * Change points across a history of results (btrend): when did a
 * metric's level move, by how much, and was it for the better.
 *
 * The method is Hunter's and Apache Otava's (Fleming et al. 2023),
 * after MongoDB's (Daly et al. 2020): E-divisive means (Matteson and
 * James 2014) proposes change points by recursive splitting, and a
 * deterministic test, Welch's t between the adjacent segments, keeps or
 * merges them in place of E-divisive's random permutations, so that the
 * same history always gives the same answer.
 *
 * 1. Revisions.  Repetitions of one revision are summarised first: the
 *    revision's mean is the unit of the series, its spread a floor under
 *    the segments' variance (below).
 * 2. Proposal.  In each window of o->window revisions (half overlapping,
 *    so that long histories cost O(n window), not O(n^2)), a segment is
 *    split at the tau maximising Q(tau) with kappa at the segment's end,
 *    leaving o->min_seg revisions on each side; the split is kept when
 *    Welch's p between its sides is below PROPOSE_P, and both sides are
 *    split again.
 * 3. Merging.  Over the whole series, each candidate is tested against
 *    its neighbours: Welch's t between the segment before it and the one
 *    after it.  The weakest failing candidate (p >= o->max_p, or a change
 *    below the metric's threshold) is removed, its two segments merge,
 *    and the tests are made again, until every candidate passes.
 *
 * A single spike cannot make a segment of its own (min_seg revisions),
 * and within a longer segment it widens the segment's variance, which
 * makes it weaker, not stronger.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Row sums of the distance matrix of x[0..n) split at every tau: left[t]
 * the distances of x[t] to x[0..t), right[t] those to x(t..n).  Every
 * pair once: O(n^2) with no matrix kept.
 */
static void
rowsums(const double *x, size_t n, double *left, double *right)
{
	size_t i, k;

	for (i = 0; i < n; i++)
		left[i] = right[i] = 0;
	for (i = 0; i < n; i++) {
		double xi = x[i], s = 0;

		for (k = i + 1; k < n; k++) {
			double d = fabs(xi - x[k]);

			s += d;
			left[k] += d;
		}
		right[i] = s;
	}
}

/*
 * Q(tau) of Matteson and James (alpha 1) for every tau in [lo, hi]:
 * within-left, within-right and cross sums updated as x[tau] moves from
 * the right side to the left.  Returns the best tau, *qbest its Q.
 */
static size_t
best_split(const double *x, size_t n, size_t lo, size_t hi, double *left,
    double *right, double *qbest)
{
	double wl = 0, wr = 0, b = 0, q, m, k, e;
	size_t t, best = lo;

	rowsums(x, n, left, right);
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
/* Segments and their test */

/*
 * Prefix sums over the revisions, shifted by a centre so that sums of
 * squares keep their precision: s1, s2 of the means, fl of each
 * revision's variance of its mean (var/n) and nf the revisions that
 * have one.
 */
struct prefix {
	double	*s1, *s2, *fl;
	size_t	*nf;
	double	 c;
	double	 noise;		/* the series' noise variance (noise_var) */
};

struct seg {
	size_t	 n;
	double	 mean, var;
};

/*
 * A segment's mean of revision means and the variance used in its test:
 * the variance of the revision means, never below the mean variance of
 * a revision's mean implied by its repetitions, so that a few revisions
 * that happen to agree do not pass for a certain level.
 */
static struct seg
segment(const struct prefix *p, size_t a, size_t b)
{
	struct seg s;
	double n = (double)(b - a), s1 = p->s1[b] - p->s1[a],
	    s2 = p->s2[b] - p->s2[a];
	size_t nf = p->nf[b] - p->nf[a];

	s.n = b - a;
	s.mean = p->c + s1 / n;
	s.var = b - a > 1 ? fmax(0, (s2 - s1 * s1 / n) / (n - 1)) : NAN;
	if (nf > 0)
		s.var = fmax(s.var, (p->fl[b] - p->fl[a]) / (double)nf);
	s.var = fmax(s.var, p->noise);
	return s;
}

/* Exactly, for what is written out: two passes over the segment. */
static struct seg
segment_exact(const double *mean, const double *var, const size_t *n,
    size_t a, size_t b, double noise)
{
	struct seg s;
	double sum = 0, ss = 0, fl = 0;
	size_t i, nf = 0;

	for (i = a; i < b; i++)
		sum += mean[i];
	s.n = b - a;
	s.mean = sum / (double)s.n;
	for (i = a; i < b; i++) {
		ss += (mean[i] - s.mean) * (mean[i] - s.mean);
		if (var != NULL && n != NULL && n[i] > 1 && isfinite(var[i])) {
			fl += var[i] / (double)n[i];
			nf++;
		}
	}
	s.var = s.n > 1 ? ss / (double)(s.n - 1) : NAN;
	if (nf > 0)
		s.var = fmax(s.var, fl / (double)nf);
	s.var = fmax(s.var, noise);
	return s;
}

/*
 * Welch's p between two segments; with no spread on either side, 0 when
 * their levels differ and 1 when they do not (as bcompare says of
 * constants: certain).
 */
static double
seg_p(struct seg l, struct seg r, double confidence, struct bs_welch *w)
{
	w->diff = r.mean - l.mean;
	w->ci_lo = w->ci_hi = w->p = NAN;
	if (l.n < 2 || r.n < 2)
		return NAN;
	if (bs_welch_moments(l.n, l.mean, l.var, r.n, r.mean, r.var,
	    confidence, w) == -1)
		return NAN;
	if (isnan(w->p) && l.var == 0 && r.var == 0) {
		w->p = l.mean == r.mean ? 1 : 0;
		w->ci_lo = w->ci_hi = w->diff;
	}
	return w->p;
}

/*
 * The noise of a series, robustly: the median absolute difference of
 * successive revision means, over 0.6745 sqrt(2), is its sd whatever
 * steps (few), drifts (slow) and spikes (rare) it holds.  A segment's
 * variance is never taken below it: three revisions that happen to
 * agree are no evidence of a level known to be exact.
 */
static int
noise_var(const double *mean, size_t len, double *out)
{
	double *d, sd;
	size_t i;

	*out = 0;
	if (len < 3)
		return 0;
	if ((d = malloc((len - 1) * sizeof(*d))) == NULL)
		return -1;
	for (i = 0; i + 1 < len; i++)
		d[i] = fabs(mean[i + 1] - mean[i]);
	sd = bs_median(d, len - 1) / (0.6744897501960817 * M_SQRT2);
	*out = sd * sd;
	free(d);
	return 0;
}

static int
prefix_build(struct prefix *p, const double *mean, const double *var,
    const size_t *n, size_t len)
{
	size_t i;

	p->s1 = calloc(len + 1, sizeof(*p->s1));
	p->s2 = calloc(len + 1, sizeof(*p->s2));
	p->fl = calloc(len + 1, sizeof(*p->fl));
	p->nf = calloc(len + 1, sizeof(*p->nf));
	if (p->s1 == NULL || p->s2 == NULL || p->fl == NULL || p->nf == NULL)
		return -1;
	for (p->c = 0, i = 0; i < len; i++)
		p->c += mean[i];
	p->c /= (double)len;
	for (i = 0; i < len; i++) {
		double d = mean[i] - p->c;
		int f = var != NULL && n != NULL && n[i] > 1 &&
		    isfinite(var[i]);

		p->s1[i + 1] = p->s1[i] + d;
		p->s2[i + 1] = p->s2[i] + d * d;
		p->fl[i + 1] = p->fl[i] + (f ? var[i] / (double)n[i] : 0);
		p->nf[i + 1] = p->nf[i] + (size_t)f;
	}
	return 0;
}

static void
prefix_free(struct prefix *p)
{
	free(p->s1);
	free(p->s2);
	free(p->fl);
	free(p->nf);
}

/* ------------------------------------------------------------------ */
/* Proposal */

struct cand {
	size_t	 at;
	double	 p;
};

struct cands {
	struct cand *c;
	size_t	 n, cap;
};

static int
cand_add(struct cands *cs, size_t at, double p)
{
	if (bs_grow(&cs->c, &cs->cap, cs->n + 1, sizeof(*cs->c)) == -1)
		return -1;
	cs->c[cs->n].at = at;
	cs->c[cs->n++].p = p;
	return 0;
}

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return (x->p > y->p) - (x->p < y->p);
}

/*
 * Recursive splitting of window [w0, w1), by an explicit stack of
 * segments (a history may hold many changes; the C stack is not for
 * them).
 */
static int
propose(const double *mean, const struct prefix *p, size_t w0, size_t w1,
    size_t m, double confidence, double *left, double *right,
    struct cands *cs)
{
	size_t *stack = NULL, ns = 0, cap = 0, a, b, t;
	struct bs_welch w;
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
		t = a + best_split(mean + a, b - a, m, b - a - m, left, right,
		    &q);
		if (!(q > 0))
			continue;
		pv = seg_p(segment(p, a, t), segment(p, t, b), confidence, &w);
		if (!(pv < PROPOSE_P))
			continue;
		if (cand_add(cs, t, pv) == -1 ||
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

/* ------------------------------------------------------------------ */
/* Merging */

/*
 * The test of candidate k between its neighbours (or the series' ends),
 * with the change and the verdict by the metric's rules.
 */
static void
judge(struct bs_trend_cp *c, struct seg l, struct seg r, const char *column,
    const char *unit, const struct bs_trend_opts *o)
{
	struct bs_cmp_opts defo;
	struct bs_metric m;
	struct bs_welch w;
	double ratio, lo, hi;
	size_t places;

	if (o->cmp == NULL)
		bs_cmp_opts_default(&defo);
	memset(&m, 0, sizeof(m));
	m.column = column;
	m.unit = unit;
	m.diff = m.diff_lo = m.diff_hi = NAN;
	m.change = m.change_lo = m.change_hi = NAN;
	m.delta = NAN;
	/*
	 * The split was the best of every place it could have been made
	 * between its neighbours, not one place chosen beforehand: Welch's
	 * p is multiplied by the number of those places (Bonferroni), which
	 * keeps pure noise from passing for a change however long the
	 * history.
	 */
	places = l.n + r.n + 1 > 2 * o->min_seg ? l.n + r.n + 1 - 2 *
	    o->min_seg : 1;
	c->p = fmin(1, seg_p(l, r, o->confidence, &w) * (double)places);
	c->mean_b = l.mean;
	c->mean_a = r.mean;
	m.p = m.p_adj = c->p;
	m.testable = isfinite(c->p);
	m.diff = w.diff;
	m.diff_lo = w.ci_lo;
	m.diff_hi = w.ci_hi;
	m.sign = (w.diff > 0) - (w.diff < 0);
	/* The change as bcompare gives Welch's: a ratio, Fieller's interval. */
	if (l.mean > 0) {
		m.change = r.mean / l.mean - 1;
		if (l.var == 0 && r.var == 0)
			m.change_lo = m.change_hi = m.change;
		else if (bs_fieller_moments(l.n, l.mean, l.var, r.n, r.mean,
		    r.var, o->confidence, &ratio, &lo, &hi) == 0) {
			m.change_lo = lo - 1;
			m.change_hi = hi - 1;
		}
	}
	/* alpha is max_p: the verdict's significance is the kept point's. */
	{
		struct bs_cmp_opts co = o->cmp ? *o->cmp : defo;

		co.alpha = o->max_p;
		bs_metric_judge(&m, &co);
		c->higher = m.higher;
		c->v = m.v;
	}
	c->change = m.change;
	c->change_lo = m.change_lo;
	c->change_hi = m.change_hi;
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
merge(struct bs_trend_cp *cp, size_t *ncp, size_t len,
    const struct prefix *p, const char *column, const char *unit,
    const struct bs_trend_opts *o)
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
		cp[i].to = i + 1 < n ? cp[i + 1].at : len;
		judge(&cp[i], segment(p, cp[i].from, cp[i].at),
		    segment(p, cp[i].at, cp[i].to), column, unit, o);
		if (fails(&cp[i], o))
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
			cp[j].to = nxt[j] != SIZE_MAX ? cp[nxt[j]].at : len;
			judge(&cp[j], segment(p, cp[j].from, cp[j].at),
			    segment(p, cp[j].at, cp[j].to), column, unit, o);
			ver[j]++;
			if (fails(&cp[j], o))
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

int
bs_trend_detect(const double *mean, const double *var, const size_t *n,
    size_t len, const char *column, const char *unit,
    const struct bs_trend_opts *o, struct bs_trend_cp **out, size_t *nout,
    struct bs_err *e)
{
	struct prefix p;
	struct cands cs;
	struct bs_trend_cp *cp = NULL;
	double *left = NULL, *right = NULL;
	size_t m = o->min_seg < 2 ? 2 : o->min_seg, w, step, w0, i, k, ncp;
	int rc = -1;

	*out = NULL;
	*nout = 0;
	memset(&p, 0, sizeof(p));
	memset(&cs, 0, sizeof(cs));
	if (len < 2 * m)
		return 0;
	for (i = 0; i < len; i++)
		if (!isfinite(mean[i]))
			return bs_seterr(e, NULL, 0, "%s: revision %zu: not a "
			    "finite number", column, i + 1);
	w = o->window < 4 * m ? 4 * m : o->window;
	if (w > len)
		w = len;
	step = w / 2;
	if (prefix_build(&p, mean, var, n, len) == -1 ||
	    noise_var(mean, len, &p.noise) == -1 ||
	    (left = malloc(w * sizeof(*left))) == NULL ||
	    (right = malloc(w * sizeof(*right))) == NULL)
		goto nomem;
	/* Windows half overlapping, the last one ending at the series' end. */
	for (w0 = 0;; w0 += step) {
		if (w0 + w > len)
			w0 = len - w;
		if (propose(mean, &p, w0, w0 + w, m, o->confidence, left,
		    right, &cs) == -1)
			goto nomem;
		if (w0 + w >= len)
			break;
	}
	/*
	 * Candidates from overlapping windows: one per place, and of two
	 * closer than a segment, the stronger.
	 */
	if (cs.n > 0)
		qsort(cs.c, cs.n, sizeof(*cs.c), cand_cmp);
	for (i = 0, k = 0; i < cs.n; i++) {
		if (k > 0 && cs.c[i].at - cs.c[k - 1].at < m) {
			if (cs.c[i].p < cs.c[k - 1].p)
				cs.c[k - 1] = cs.c[i];
			continue;
		}
		cs.c[k++] = cs.c[i];
	}
	ncp = k;
	if (ncp > 0 && (cp = calloc(ncp, sizeof(*cp))) == NULL)
		goto nomem;
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
	if (ncp > 0 && merge(cp, &ncp, len, &p, column, unit, o) == -1)
		goto nomem;
	/* What is written out, from the values themselves. */
	for (i = 0; i < ncp; i++)
		judge(&cp[i], segment_exact(mean, var, n, cp[i].from, cp[i].at,
		    p.noise), segment_exact(mean, var, n, cp[i].at, cp[i].to,
		    p.noise), column, unit, o);
	if (ncp == 0) {
		free(cp);
		cp = NULL;
	}
	*out = cp;
	*nout = ncp;
	cp = NULL;
	rc = 0;
	goto out;
nomem:
	rc = bs_seterr(e, NULL, 0, "out of memory");
out:
	free(cp);
	free(cs.c);
	free(left);
	free(right);
	prefix_free(&p);
	return rc;
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

static int
bykey(const void *a, const void *b)
{
	size_t g = *(const size_t *)a, h = *(const size_t *)b;
	int c = keycmp(sortord, g, h);

	return c != 0 ? c : (g > h) - (g < h);
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
 * The series of gs (the groups sorted by key, ser[] the series of each)
 * in order of their first appearance: sorted by key, the first group of
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
	for (i = 0; i < t->ngroups; i++)
		gs[i] = i;
	sortord = &ord;
	qsort(gs, t->ngroups, sizeof(*gs), bykey);
	nser = 0;
	for (i = 0; i < t->ngroups; i = j) {
		for (j = i; j < t->ngroups && keycmp(&ord, gs[i], gs[j]) == 0;
		    j++)
			ser[gs[j]] = nser;
		nser++;
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

		s->tooshort = s->nrev < 2 * (o->min_seg < 2 ? 2 : o->min_seg);
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
