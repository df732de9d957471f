/*
 * A change point for people (btrend's table and md): the levels in the
 * series' unit, scaled as bstat and bcompare scale them, the change as
 * bcompare writes it, and its p.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "libstat.h"
#include "core/core.h"

void
bs_trend_text(const struct bs_trend_series *s, const struct bs_trend_cp *c,
    const char *of, struct bs_trend_cells *out)
{
	struct bs_colunit u;
	struct bs_scale sc;
	char a[64], b[64];

	bs_column_unit_as(s->column, s->unit, &u);
	/* A mean of bstat's output is in the unit of the column it is of. */
	if (u.unit[0] == '\0' && of != NULL)
		bs_column_unit_as(of, NULL, &u);
	/* One scale for both sides: the level before it is the typical. */
	bs_scale_choose(&sc, &u, fabs(c->mean_b));
	bs_fmt_scaled(a, sizeof(a), c->mean_b, &sc);
	bs_fmt_scaled(b, sizeof(b), c->mean_a, &sc);
	snprintf(out->before, sizeof(out->before), "%s (n=%zu)", a, c->nb);
	snprintf(out->after, sizeof(out->after), "%s (n=%zu)", b, c->na);
	bs_fmt_change(out->change, sizeof(out->change), c->change,
	    c->change_lo, c->change_hi);
	bs_fmt_p(out->p, sizeof(out->p), c->p);
}
