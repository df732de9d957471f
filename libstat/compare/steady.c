/*
 * Where steady state begins (issue 31 item 2, bstat --steady auto): a
 * run sequence classified as flat, warm-up, slowdown or no steady state
 * after Barrett et al., "Virtual machine warmup blows hot and cold"
 * (OOPSLA 2017), on the change points btrend's engine finds in it
 * (trend.c's bs_trend_detect(), each run a revision of one value).  No
 * change point: flat.  The steady state is the last segment, and must
 * hold at least a quarter of the runs (Barrett's last 500 of 2000
 * in-process iterations), else there is none.  It is a warm-up when the
 * segment before it is worse (slower, or lower for a rate), a slowdown
 * when that segment is better; its start then moves past the change
 * points found within it that go the same way (refine()).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "compare/compare.h"

/*
 * The runs as normal scores, Phi^-1((r - 1/2) / n) of their mid-ranks r:
 * the change points are searched in those.  btrend's engine takes a
 * sequence's noise from the spread of its values, estimated robustly,
 * which for a skewed sample (latencies: lognormal, a long right tail)
 * is well under the spread its means have: on independent lognormal
 * runs (sdlog 0.6) it found change points in 15 of 20 sequences of 200
 * and in all of 1,000.  Scores are normal whatever the runs' shape, and
 * keep their order: a level that moves moves them as it moves the runs.
 * NULL when out of memory.
 */
static double *
normal_scores(const double *x, size_t n)
{
	double *s = malloc((n + 1) * sizeof(*s)), *z;
	size_t i, lo, hi, a, b, m;

	if (s == NULL)
		return NULL;
	if ((z = malloc((n + 1) * sizeof(*z))) == NULL) {
		free(s);
		return NULL;
	}
	memcpy(s, x, n * sizeof(*s));
	bs_sort_doubles(s, n, 0);
	for (i = 0; i < n; i++) {
		/* s[lo .. hi) are the values equal to x[i]. */
		for (a = 0, b = n; a < b;) {
			m = a + (b - a) / 2;
			if (s[m] < x[i])
				a = m + 1;
			else
				b = m;
		}
		lo = a;
		for (b = n; a < b;) {
			m = a + (b - a) / 2;
			if (s[m] <= x[i])
				a = m + 1;
			else
				b = m;
		}
		hi = a;
		z[i] = gsl_cdf_ugaussian_Pinv(((double)(lo + hi) / 2) /
		    (double)n);
	}
	free(s);
	return z;
}

/*
 * A warm-up that decays smoothly (an exponential, as a JIT's) leaves its
 * tail in the segment the first pass calls steady: the change points
 * are searched again within that segment, with the minimum segment of
 * the whole, while a change point moves it in the same direction and
 * what follows still holds a quarter of the runs.
 */
static int
refine(const double *x, size_t n, int higher, const struct bs_trend_opts *o,
    struct bs_steady *r, struct bs_err *e)
{
	struct bs_trend_cp *cp;
	size_t ncp, at;
	int worse;

	for (;;) {
		cp = NULL;
		ncp = 0;
		if (bs_trend_detect(x + r->start, NULL, NULL, n - r->start,
		    "value", NULL, o, &cp, &ncp, e) == -1)
			return -1;
		if (ncp == 0) {
			free(cp);
			return 0;
		}
		at = r->start + cp[ncp - 1].at;
		worse = (cp[ncp - 1].mean_b > cp[ncp - 1].mean_a) !=
		    (higher != 0);
		free(cp);
		if (4 * (n - at) < n || worse != (r->cls == BS_SC_WARMUP))
			return 0;
		r->start = at;
		r->nseg += ncp;
	}
}

/*
 * The scale the change points are searched on: the runs' normal scores,
 * normal whatever the runs' shape, from STEADY_RANKS_MIN runs; fewer
 * runs that are all above 0 (a load test's windows) by their logarithms
 * (a change is a factor; a lognormal sample's logarithms are normal),
 * where ranks would leave too little power: 4 warm-up windows of 24 are
 * a step in logarithms, the top 4 ranks in scores.  The engine's
 * spread, from the median absolute successive difference, is that of
 * normal noise: on the logarithms of exponential runs it found change
 * points in 7 of 20 sequences of 2,000, on normal scores in none.
 */
#define STEADY_RANKS_MIN	32

static double *
scaled(const double *x, size_t n)
{
	double *z;
	size_t i;

	for (i = 0; i < n && x[i] > 0 && isfinite(x[i]); i++)
		;
	if (i < n || n >= STEADY_RANKS_MIN)
		return normal_scores(x, n);
	if ((z = malloc((n + 1) * sizeof(*z))) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		z[i] = log(x[i]);
	return z;
}

static int
steady_scores(const double *x, size_t n, int higher, struct bs_steady *r,
    struct bs_err *e);

int
bs_steady_auto(const double *x, size_t n, int higher, struct bs_steady *r,
    struct bs_err *e)
{
	double *z;
	int rc;

	r->cls = BS_SC_FLAT;
	r->start = 0;
	r->nseg = 1;
	if (n == 0)
		return 0;
	if ((z = scaled(x, n)) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	rc = steady_scores(z, n, higher, r, e);
	free(z);
	return rc;
}

/* bs_steady_auto() on the runs' normal scores x. */
static int
steady_scores(const double *x, size_t n, int higher, struct bs_steady *r,
    struct bs_err *e)
{
	struct bs_trend_opts	 o;
	struct bs_trend_cp	*cp = NULL;
	const struct bs_trend_cp *last;
	size_t			 ncp = 0;

	r->cls = BS_SC_FLAT;
	r->start = 0;
	r->nseg = 1;
	bs_trend_opts_default(&o);
	/* A segment of a twentieth of the runs at least, as warmup_stats. */
	if (n / 20 > o.min_seg)
		o.min_seg = n / 20;
	if (bs_trend_detect(x, NULL, NULL, n, "value", NULL, &o, &cp, &ncp,
	    e) == -1)
		return -1;
	if (ncp > 0) {
		last = &cp[ncp - 1];
		r->nseg = ncp + 1;
		r->start = last->at;
		if (4 * (n - last->at) < n)
			r->cls = BS_SC_NONE;
		else if ((last->mean_b > last->mean_a) != (higher != 0))
			r->cls = BS_SC_WARMUP;
		else
			r->cls = BS_SC_SLOWDOWN;
	}
	free(cp);
	if (r->cls == BS_SC_WARMUP || r->cls == BS_SC_SLOWDOWN)
		return refine(x, n, higher, &o, r, e);
	return 0;
}


int
bs_steady_series(const struct bs_series *s, size_t skip, int higher,
    struct bs_steady *st, size_t *n, size_t *drop, struct bs_err *e)
{
	size_t i, j, from = skip < s->n ? skip : s->n;
	double *v;

	*n = 0;
	*drop = from;
	if (s->v == NULL)
		return bs_seterr(e, NULL, 0, "no values kept: the runs' "
		    "order is needed");
	if ((v = bs_series_values(s, from, n)) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	if (bs_steady_auto(v, *n, higher, st, e) == -1) {
		free(v);
		return -1;
	}
	free(v);
	/* The value's index back to its row: missing cells are rows too. */
	for (i = from, j = 0; i < s->n; i++)
		if (!isnan(s->v[i]) && j++ == st->start)
			break;
	st->start = i < s->n ? i : from;
	if (st->cls == BS_SC_WARMUP || st->cls == BS_SC_SLOWDOWN)
		*drop = st->start;
	return 0;
}

int
bs_cmp_steady(const struct bs_table *t, const struct bs_cmp_opts *o,
    struct bs_side_steady **out, struct bs_err *e)
{
	struct bs_side_steady *ss;
	enum bs_rule rule;
	size_t g, c, i, drop;
	int higher;

	if ((ss = calloc(t->ngroups * t->nvcols + 1, sizeof(*ss))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (g = 0; g < t->ngroups; g++)
		for (c = 0; c < t->nvcols; c++) {
			const struct bs_series *s = &t->groups[g].s[c];

			i = g * t->nvcols + c;
			ss[i].skip = o->skip_auto ? 0 : o->skip;
			/* Summaries and streams keep no runs to classify. */
			if (s->v == NULL)
				continue;
			bs_cmp_direction(bs_table_vname(t, c), bs_table_unit(t,
			    c), o, &higher, &rule);
			if (bs_steady_series(s, ss[i].skip, higher, &ss[i].st,
			    &ss[i].n, &drop, e) == -1) {
				free(ss);
				return -1;
			}
			ss[i].has = 1;
			if (o->skip_auto)
				ss[i].skip = drop;
		}
	*out = ss;
	return 0;
}
