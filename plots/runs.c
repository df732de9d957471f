/*
 * Runs chart: each value against its run number, so that warm-up, drift
 * and steady state show before they are averaged away: a moving median
 * over BP_RUNS_WINDOW runs (centred, narrower at the ends), the warm-up
 * runs that --skip drops shaded, and the two last windows that --steady
 * compares bracketed with their relative difference; --steady auto (and
 * --skip auto) shades each series' runs before its steady state.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

void
bp_runs_opts_init(struct bp_runs_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
}

/* The moving median at run j of v[0..n) (NaN kept as gaps). */
static double
moving_median(const double *v, size_t n, size_t j)
{
	double w[BP_RUNS_WINDOW];
	size_t h = BP_RUNS_WINDOW / 2, a = j >= h ? j - h : 0, m = 0;

	for (size_t i = a; i < n && i <= j + h; i++)
		if (isfinite(v[i]))
			w[m++] = v[i];
	return m > 0 ? bs_median(w, m) : NAN;
}

/*
 * The moving median's line, one device pixel column at a time.  A
 * column of at most COL_MAX points is drawn through all of them, as
 * given; a fuller one (a long series on a narrow chart) through its
 * first, lowest, highest and last points in the order they come, which
 * covers the same pixels.  Cairo's stroker finds the crossings of a
 * path's segments: a line of 10^5 runs zigzagging across 700 pixels
 * crosses itself ~10^9 times, and the stroke took minutes.
 */
#define COL_MAX	4

struct column {
	double	 x[COL_MAX], y[COL_MAX];
	size_t	 n;		/* points seen in this column */
	double	 key;		/* the device pixel column */
	double	 lx, ly;	/* the last point */
	double	 minx, miny, maxx, maxy;
	size_t	 imin, imax;	/* when min and max came */
};

static void
col_to(cairo_t *cr, int *pen, double x, double y)
{
	if (*pen)
		cairo_line_to(cr, x, y);
	else
		cairo_move_to(cr, x, y);
	*pen = 1;
}

/* The column's points onto the path (the first is on it already). */
static void
col_flush(cairo_t *cr, struct column *c, int pen)
{
	size_t last = c->n - 1;

	if (c->n > COL_MAX) {
		int minfirst = c->imin < c->imax;
		size_t i1 = minfirst ? c->imin : c->imax;
		size_t i2 = minfirst ? c->imax : c->imin;

		/* In the order they came; none twice, the first not again. */
		if (i1 != 0 && i1 != last)
			col_to(cr, &pen, minfirst ? c->minx : c->maxx,
			    minfirst ? c->miny : c->maxy);
		if (i2 != 0 && i2 != last && i2 != i1)
			col_to(cr, &pen, minfirst ? c->maxx : c->minx,
			    minfirst ? c->maxy : c->miny);
		col_to(cr, &pen, c->lx, c->ly);
	} else
		for (size_t k = 1; k < c->n; k++)
			col_to(cr, &pen, c->x[k], c->y[k]);
	c->n = 0;
}

static void
col_add(cairo_t *cr, struct column *c, int *pen, double x, double y)
{
	double dx = x, dy = y, key;

	cairo_user_to_device(cr, &dx, &dy);
	key = floor(dx);
	if (c->n > 0 && key != c->key)
		col_flush(cr, c, *pen);
	if (c->n == 0) {
		/* The first point of a column goes on the path at once. */
		col_to(cr, pen, x, y);
		c->key = key;
		c->minx = c->maxx = x;
		c->miny = c->maxy = y;
		c->imin = c->imax = 0;
	}
	if (c->n < COL_MAX) {
		c->x[c->n] = x;
		c->y[c->n] = y;
	}
	/* Skipping the first: it is on the path already. */
	if (c->n > 0 && y < c->miny) {
		c->minx = x;
		c->miny = y;
		c->imin = c->n;
	}
	if (c->n > 0 && y > c->maxy) {
		c->maxx = x;
		c->maxy = y;
		c->imax = c->n;
	}
	c->lx = x;
	c->ly = y;
	c->n++;
}

static double
window_mean(const double *v, size_t a, size_t b)
{
	double s = 0;
	size_t m = 0;

	for (size_t i = a; i < b; i++)
		if (isfinite(v[i])) {
			s += v[i];
			m++;
		}
	return m > 0 ? s / (double)m : NAN;
}

/* The two windows of --steady over the last 2W runs, and the change. */
static void
runs_steady(cairo_t *cr, const struct bp_frame *f, const double *v, size_t n,
    size_t wn, double fy, size_t i, size_t ns)
{
	struct bp_rgb c = bp_palette(i);
	double m[2], d, y;
	char buf[96];

	if (n < 2 * wn)
		return;
	for (int k = 0; k < 2; k++) {
		size_t a = n - (2 - (size_t)k) * wn;
		double x0 = bp_fx(f, (double)a + 0.5), x1 = bp_fx(f,
		    (double)(a + wn) + 0.5);

		m[k] = window_mean(v, a, a + wn);
		y = bp_fy(f, m[k] * fy);
		cairo_set_line_width(cr, f->st.line * 2);
		bp_set_rgba(cr, c, 0.8);
		cairo_move_to(cr, x0 + f->st.line, y);
		cairo_line_to(cr, x1 - f->st.line, y);
		cairo_stroke(cr);
	}
	d = fabs(m[1] - m[0]) / fabs(m[0]);
	snprintf(buf, sizeof(buf), bs_tr("last %zu vs previous %zu: %.1f%%"),
	    wn, wn, d * 100);
	bp_text(cr, buf, f->st.small, 0, 0, -f->pw / 2, f->px + f->pw -
	    f->st.gap, f->py + f->st.gap + (double)(ns - 1 - i) * f->st.small *
	    1.5, BP_HRIGHT, BP_VTOP, 0, c);
}

/*
 * --steady auto: series s's runs classified (libstat's classes after
 * Barrett et al.), *at the run where its steady state begins (gaps are
 * runs); BS_SC_FLAT when it cannot be told.
 */
static enum bs_steady_class
runs_class(const struct bp_dist_series *s, int higher, size_t *at)
{
	struct bs_steady st;
	struct bs_err e;
	double *v;
	size_t m = 0, j, k;

	*at = 0;
	if ((v = malloc((s->n + 1) * sizeof(*v))) == NULL)
		return BS_SC_FLAT;
	for (j = 0; j < s->n; j++)
		if (isfinite(s->v[j]))
			v[m++] = s->v[j];
	if (bs_steady_auto(v, m, higher, &st, &e) == -1)
		st.cls = BS_SC_FLAT;
	free(v);
	for (j = 0, k = 0; j < s->n; j++)
		if (isfinite(s->v[j]) && k++ == st.start)
			break;
	*at = j;
	return st.cls;
}

/*
 * A warm-up's or a slowdown's runs before the steady state (at) shaded
 * in the series' colour, a line where it begins.
 */
static void
runs_segments(cairo_t *cr, const struct bp_frame *f, size_t i,
    enum bs_steady_class cls, size_t at)
{
	double x1 = bp_fx(f, (double)at + 0.5);

	if (cls != BS_SC_WARMUP && cls != BS_SC_SLOWDOWN)
		return;
	bp_set_rgba(cr, bp_palette(i), 0.12);
	cairo_rectangle(cr, f->px, f->py, x1 - f->px, f->ph);
	cairo_fill(cr);
	bp_set_rgba(cr, bp_palette(i), 0.7);
	cairo_set_line_width(cr, f->st.line);
	cairo_move_to(cr, x1, f->py);
	cairo_line_to(cr, x1, f->py + f->ph);
	cairo_stroke(cr);
}

/*
 * The legend: each series (with --steady auto its class, which cls and
 * at keep for the shading), the moving median, what --skip and --steady
 * mark.
 */
static void
runs_legend(struct bp_legend *lg, const struct bp_runs_opts *o,
    const struct bp_dist_series *s, size_t ns, enum bs_steady_class *cls,
    size_t *at)
{
	for (size_t i = 0; i < ns; i++) {
		const char *nm = s[i].name ? s[i].name : "?";

		if (!o->steady_auto) {
			bp_legend_add(lg, BP_LEG_LINE, bp_palette(i), i, "%s",
			    nm);
			continue;
		}
		cls[i] = runs_class(&s[i], o->higher, &at[i]);
		if (cls[i] == BS_SC_WARMUP || cls[i] == BS_SC_SLOWDOWN)
			bp_legend_add(lg, BP_LEG_LINE, bp_palette(i), i,
			    bs_tr("%s: %s, steady from run %zu"), nm,
			    bs_tr(bs_steady_name(cls[i])), at[i] + 1);
		else
			bp_legend_add(lg, BP_LEG_LINE, bp_palette(i), i,
			    "%s: %s", nm, bs_tr(bs_steady_name(cls[i])));
	}
	bp_legend_add(lg, BP_LEG_TEXT, bp_grey(0), 0,
	    bs_tr("line: moving median of %d runs"), BP_RUNS_WINDOW);
	if (o->skip > 0)
		bp_legend_add(lg, BP_LEG_BOX, bp_grey(0.85), 0,
		    bs_tr("warm-up: the %zu run%s --skip drops"), o->skip,
		    o->skip > 1 ? "s" :
		    "");
	if (o->steady > 0)
		bp_legend_add(lg, BP_LEG_TEXT, bp_grey(0), 0,
		    bs_tr("bars: means of the two windows --steady %zu "
		    "compares"), o->steady);
	if (o->steady_auto)
		bp_legend_add(lg, BP_LEG_BOX, bp_grey(0.85), 0,
		    bs_tr("shaded: the runs before the steady state (--steady "
		    "auto)"));
}

int
bp_runs(cairo_t *cr, double w, double h, const struct bp_runs_opts *o,
    const struct bp_dist_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	double fy = bp_factor(&o->chart.y), ymin = HUGE_VAL, ymax = -HUGE_VAL;
	enum bs_steady_class cls[BP_MAX_SERIES];
	size_t nmax = 0, at[BP_MAX_SERIES];
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	if (ns == 0 || ns > BP_MAX_SERIES)
		return bp_err(err, "runs: %zu series (1 to %d)", ns,
		    BP_MAX_SERIES);
	for (size_t i = 0; i < ns; i++) {
		nmax = s[i].n > nmax ? s[i].n : nmax;
		for (size_t j = 0; j < s[i].n; j++)
			if (isfinite(s[i].v[j] * fy)) {
				ymin = fmin(ymin, s[i].v[j] * fy);
				ymax = fmax(ymax, s[i].v[j] * fy);
			}
	}
	if (!(ymax >= ymin))
		return bp_err(err, "runs: no finite values");
	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = BP_SCALE_LINEAR;
	f.ax.integer = 1;
	f.ax.padlo = f.ax.padhi = 0.02;
	f.ay.kind = o->chart.y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ay.padlo = 0.04;
	f.ay.padhi = 0.04 + (o->steady ? 0.07 * (double)ns : 0);
	if (bp_axspec_set(&f.ax, &o->chart.x, 0.5, (double)nmax + 0.5,
	    err) == -1 || bp_axspec_set(&f.ay, &o->chart.y, ymin, ymax,
	    err) == -1)
		goto out;
	runs_legend(&leg, o, s, ns, cls, at);
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	if (o->skip > 0) {
		double x1 = bp_fx(&f, (double)o->skip + 0.5);

		bp_set_rgba(cr, bp_grey(0.6), 0.25);
		cairo_rectangle(cr, f.px, f.py, x1 - f.px, f.ph);
		cairo_fill(cr);
	}
	for (size_t i = 0; o->steady_auto && i < ns; i++)
		runs_segments(cr, &f, i, cls[i], at[i]);
	for (size_t i = 0; i < ns; i++) {
		struct bp_rgb c = bp_palette(i);
		double *v = malloc((s[i].n + 1) * sizeof(*v));
		struct column col;
		int pen = 0;

		if (v == NULL) {
			cairo_restore(cr);
			bp_err(err, "out of memory");
			goto out;
		}
		for (size_t j = 0; j < s[i].n; j++)
			v[j] = s[i].v[j];
		bp_set_rgba(cr, c, 0.55);
		if (s[i].n > BP_DOTS_MIN) {
			struct bp_dots d;

			if (bp_dots_open(&d, cr, &f) == -1) {
				free(v);
				cairo_restore(cr);
				bp_err(err, "out of memory");
				goto out;
			}
			for (size_t j = 0; j < s[i].n; j++)
				bp_dots_add(&d, cr, bp_fx(&f, (double)(j + 1)),
				    bp_fy(&f, v[j] * fy));
			bp_dots_draw(&d, cr, i, f.st.marker * 0.5, c);
		} else
			for (size_t j = 0; j < s[i].n; j++)
				if (isfinite(v[j]))
					bp_marker(cr, i, bp_fx(&f, (double)(j +
					    1)), bp_fy(&f, v[j] * fy),
					    f.st.marker * 0.5, c);
		cairo_set_line_width(cr, f.st.line * 1.3);
		bp_set_rgb(cr, c);
		col.n = 0;
		for (size_t j = 0; j < s[i].n; j++) {
			double m = moving_median(v, s[i].n, j);

			if (!isfinite(m)) {
				col_flush(cr, &col, pen);
				pen = 0;
				continue;
			}
			col_add(cr, &col, &pen, bp_fx(&f, (double)(j + 1)),
			    bp_fy(&f, m * fy));
		}
		col_flush(cr, &col, pen);
		cairo_stroke(cr);
		if (o->steady > 0)
			runs_steady(cr, &f, v, s[i].n, o->steady, fy, i, ns);
		free(v);
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kind: the values of -y per series in the order they were run */

static int
runs_draw(struct bp_surface *s, struct bp_drawing *dr, struct bs_err *e)
{
	const struct bp_request *q = dr->q;
	const struct bp_inputs *in = dr->in;
	struct bp_samples sm;
	struct bp_dist_series *d = NULL;
	struct bp_refs rf;
	struct bp_runs_opts o;
	struct bs_colunit u;
	struct bp_chart *c = &o.chart;
	char *t = NULL;
	int rc = -1;
	struct bp_roles r = in->r;

	/* A runs chart shows the warm-up that --skip drops. */
	r.skip = 0;
	if (bp_samples_gather(&r, &sm) == -1) {
		bp_samples_free(&sm);
		return bp_err(e, "out of memory");
	}
	if ((d = bp_dist_series_of(&sm, q->y, e)) == NULL)
		goto out;
	bp_runs_opts_init(&o);
	o.skip = dr->skip;
	o.steady = q->steady;
	o.steady_auto = q->steady_auto;
	bs_column_unit_as(q->y, NULL, &u);
	o.higher = u.higher;
	bp_chart_request(c, q, in, &rf, NULL, q->y);
	if (bp_axis_title_in(&t, in, q->y, q->ylabel, sm.maxabs, &c->y.factor,
	    e) == -1)
		goto out;
	c->y.label = t;
	c->x.label = q->xlabel ? q->xlabel : bs_tr("run");
	rc = bp_runs(s->cr, s->width, s->height, &o, d, sm.nser, e);
out:
	free(d);
	free(t);
	bp_samples_free(&sm);
	return rc;
}

const struct bp_kind bp_kind_runs = {
	.name = "runs",
	.synopsis = "-y COL [--series COL] [options] [FILE...] -o OUT",
	.takes = BP_REQ_STEADY | BP_REQ_STEADY_AUTO | BP_REQ_VLINE |
	    BP_REQ_HLINE | BP_REQ_FACET,
	.refuses = { { BP_REQ_LOGX, BP_MISUSE_LOGX_KIND },
	    { BP_REQ_X, BP_MISUSE_NOX } },
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.draw = runs_draw
};
