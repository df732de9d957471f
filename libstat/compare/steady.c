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
 * when that segment is better.
 */
#include <math.h>
#include <stdlib.h>

#include "libstat.h"
#include "compare/compare.h"

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
	return 0;
}

const char *
bs_steady_name(enum bs_steady_class c)
{
	static const char *const names[] = { "flat", "warm-up", "slowdown",
		"no steady state" };

	return names[c];
}
