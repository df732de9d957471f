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

#include "libstat.h"
#include "compare/compare.h"

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

int
bs_steady_auto(const double *x, size_t n, int higher, struct bs_steady *r,
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
