/*
 * Percentile chart: each series' value at percentile p against p on an
 * axis of 1/(1 - p), as HdrHistogram plots its distributions, so that
 * 50, 90, 99, 99.9 and 99.99 lie evenly spaced and the tail, where
 * latencies part, gets the room the median does not need.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

const double bp_pctl_fixed[BP_PCTL_N] = { 50, 75, 90, 95, 99, 99.5, 99.9,
	99.99, 99.999 };

void
bp_pctl_opts_init(struct bp_pctl_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
}

/* Where percentile p lies on the axis. */
static double
pos(double p)
{
	return 100 / (100 - p);
}

/* Ticks at 0, 90, 99, ... nines as far as the data reach. */
static void
pctl_ticks(double xmax, struct bp_ticks *t)
{
	static const char *const lab[] = { "0%", "90%", "99%", "99.9%",
	    "99.99%", "99.999%", "99.9999%", "99.99999%" };
	size_t k;

	memset(t, 0, sizeof(*t));
	t->kind = BP_SCALE_LOG10;
	for (k = 0; k < 8; k++) {
		t->v[k] = pow(10, (double)k);
		snprintf(t->label[k], BP_TICK_LABEL, "%s", lab[k]);
		if (t->v[k] >= xmax)
			break;
	}
	t->n = k < 8 ? k + 1 : 8;
	/* 50% sits between 0% and 90%: ticked too, as HdrHistogram does. */
	if (t->n > 1) {
		memmove(&t->v[2], &t->v[1], (t->n - 1) * sizeof(t->v[0]));
		memmove(t->label[2], t->label[1], (t->n - 1) * BP_TICK_LABEL);
		t->v[1] = 2;
		snprintf(t->label[1], BP_TICK_LABEL, "50%%");
		t->n++;
	}
	t->lo = 1;
	t->hi = t->v[t->n - 1];
}

int
bp_pctl(cairo_t *cr, double w, double h, const struct bp_pctl_opts *o,
    const struct bp_pctl_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	struct bp_ticks xt;
	double fy = bp_factor(&o->chart.y), xmax = 2, ymin = HUGE_VAL;
	double ymax = -HUGE_VAL;
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	if (ns == 0 || ns > BP_MAX_SERIES)
		return bp_err(err, "percentiles: %zu series (1 to %d)", ns,
		    BP_MAX_SERIES);
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < s[i].n; j++) {
			double y = s[i].v[j] * fy;

			if (!isfinite(y) || !(s[i].p[j] > 0 && s[i].p[j] < 100))
				continue;
			xmax = fmax(xmax, pos(s[i].p[j]));
			ymin = fmin(ymin, y);
			ymax = fmax(ymax, y);
		}
	if (!(ymax >= ymin))
		return bp_err(err, "percentiles: no percentile between 0 and "
		    "100 with a value");
	pctl_ticks(xmax, &xt);
	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = BP_SCALE_LOG10;
	f.ax.given = &xt;
	f.ax.padhi = 0.02;
	f.ay.kind = o->chart.y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ay.padhi = 0.04;
	if (!o->chart.y.log && ymin > 0)
		ymin = 0;
	if (bp_axspec_set(&f.ax, &o->chart.x, 1, xt.hi, err) == -1 ||
	    bp_axspec_set(&f.ay, &o->chart.y, ymin, ymax, err) == -1)
		goto out;
	for (size_t i = 0; i < ns; i++)
		bp_legend_add(&leg, BP_LEG_LINE, bp_palette(i), i, "%s",
		    s[i].name ? s[i].name : "?");
	if (ns == 1)
		bp_legend_free(&leg);	/* one series: no legend */
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < ns; i++) {
		int pen = 0;

		cairo_set_line_width(cr, f.st.line);
		bp_set_rgb(cr, bp_palette(i));
		for (size_t j = 0; j < s[i].n; j++) {
			double x, y = s[i].v[j] * fy;

			if (!isfinite(y) || !(s[i].p[j] > 0 && s[i].p[j] < 100))
				continue;
			x = bp_fx(&f, pos(s[i].p[j]));
			if (pen)
				cairo_line_to(cr, x, bp_fy(&f, y));
			else
				cairo_move_to(cr, x, bp_fy(&f, y));
			pen = 1;
		}
		cairo_stroke(cr);
		/* Markers only where the points are few (a computed set). */
		for (size_t j = 0; s[i].n <= 40 && j < s[i].n; j++)
			if (isfinite(s[i].v[j]) && s[i].p[j] > 0 &&
			    s[i].p[j] < 100)
				bp_marker(cr, i, bp_fx(&f, pos(s[i].p[j])),
				    bp_fy(&f, s[i].v[j] * fy), f.st.marker *
				    0.7, bp_palette(i));
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	bp_legend_free(&leg);
	return rc;
}
