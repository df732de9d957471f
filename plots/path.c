/*
 * Path chart: y against x joined in the order the points were measured,
 * not sorted by x, so that a load test that raises its load step by step
 * draws the latency-throughput "hockey stick" (throughput levels off
 * while latency climbs), with error bars on both axes and each point
 * labelled with its load level.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

void
bp_path_opts_init(struct bp_path_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->labels = 1;
	o->ci_level = 95;
}

/* Data pass: the ranges of x and y, intervals included. */
static int
path_range(const struct bp_path_series *s, size_t ns, double fx, double fy,
    int logx, int logy, double r[4])
{
	r[0] = r[2] = HUGE_VAL;
	r[1] = r[3] = -HUGE_VAL;
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < s[i].n; j++) {
			const struct bp_level *p = &s[i].p[j];
			double v[6] = { p->x, p->xlo, p->xhi, p->y, p->ylo,
			    p->yhi };

			for (int k = 0; k < 6; k++) {
				double f = k < 3 ? fx : fy, x = v[k] * f;
				int lg = k < 3 ? logx : logy;

				if (!isfinite(x) || (lg && !(x > 0)))
					continue;
				r[k < 3 ? 0 : 2] = fmin(r[k < 3 ? 0 : 2], x);
				r[k < 3 ? 1 : 3] = fmax(r[k < 3 ? 1 : 3], x);
			}
		}
	return r[1] >= r[0] && r[3] >= r[2] ? 0 : -1;
}

/* A box: x0, y0, x1, y1. */
struct box {
	double	 a[4];
};

static int
overlaps(const struct box *b, const struct box *c)
{
	return b->a[0] < c->a[2] && c->a[0] < b->a[2] && b->a[1] < c->a[3] &&
	    c->a[1] < b->a[3];
}

/* Does box b cover a callout's ring (drawn later by the frame)? */
static int
on_callout(const struct bp_frame *f, const struct box *b, double fx,
    double fy)
{
	const struct bp_chart *c = f->chart;
	double r = f->st.marker * 3.4;
	struct box k;

	for (size_t i = 0; c != NULL && i < c->ncallout; i++) {
		double x = bp_fx(f, c->callout[i].x * fx),
		    y = bp_fy(f, c->callout[i].y * fy);

		k.a[0] = x - r;
		k.a[1] = y - r;
		k.a[2] = x + r;
		k.a[3] = y + r;
		if (overlaps(b, &k))
			return 1;
	}
	return 0;
}

/*
 * Labels pass: each point's label at the first of six places beside
 * its marker, then six beyond a callout's ring (up and to the left
 * first: the path runs right, then up) where it overlaps no
 * label placed before it, no other point's marker nor a callout's ring
 * and stays in the plot area; where none is free the label is left out,
 * the point kept.
 */
static void
path_labels(cairo_t *cr, const struct bp_frame *f,
    const struct bp_path_series *s, double fx, double fy)
{
	static const int place[6][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 },
	    { 1, 1 }, { -1, 0 }, { 1, 0 } };
	double m = f->st.marker, sz = f->st.small * 0.9, w, h;
	struct box *done, b, mk;
	size_t nd = 0, j, k, q;

	if ((done = calloc(s->n + 1, sizeof(*done))) == NULL)
		return;
	for (j = 0; j < s->n; j++) {
		double x = bp_fx(f, s->p[j].x * fx), y = bp_fy(f,
		    s->p[j].y * fy);

		if (s->p[j].label == NULL)
			continue;
		bp_measure(cr, s->p[j].label, sz, 0, 0, -f->pw / 6, &w, &h);
		/* Beside the marker, else beyond a callout's ring. */
		for (k = 0; k < 12; k++) {
			double dx = place[k % 6][0], dy = place[k % 6][1];
			double d = k < 6 ? m : m * 3.5;

			b.a[0] = dx < 0 ? x - d - w : x + d;
			b.a[2] = b.a[0] + w;
			b.a[1] = dy < 0 ? y - d - h : dy > 0 ? y + d : y - h / 2;
			b.a[3] = b.a[1] + h;
			if (b.a[0] < f->px || b.a[2] > f->px + f->pw ||
			    b.a[1] < f->py || b.a[3] > f->py + f->ph)
				continue;
			for (q = 0; q < nd && !overlaps(&b, &done[q]); q++)
				;
			if (q < nd)
				continue;
			for (q = 0; q < s->n; q++) {
				double px = bp_fx(f, s->p[q].x * fx),
				    py = bp_fy(f, s->p[q].y * fy);

				mk.a[0] = px - m * 0.8;
				mk.a[1] = py - m * 0.8;
				mk.a[2] = px + m * 0.8;
				mk.a[3] = py + m * 0.8;
				if (q != j && overlaps(&b, &mk))
					break;
			}
			if (q == s->n && !on_callout(f, &b, fx, fy))
				break;
		}
		if (k == 12)
			continue;	/* no free place: the point unlabelled */
		done[nd++] = b;
		bp_text(cr, s->p[j].label, sz, 0, 0, -f->pw / 6, b.a[0],
		    b.a[1], BP_HLEFT, BP_VTOP, 0, bp_grey(0.25));
	}
	free(done);
}

/*
 * The points of a long path whose x never decreases that draw the same
 * line: in each device pixel column its first and last point and those
 * with the least and the greatest y, in input order (M4: Jugel et al.,
 * VLDB 2014); a line through a million points crosses an 800-pixel
 * chart with some thousands.  keep[] the indices; their number, or 0
 * when every point is to be drawn (short, x going back, not finite).
 */
static size_t
m4(cairo_t *cr, const struct bp_frame *f, const struct bp_path_series *s,
    double fx, size_t *keep)
{
	size_t j, n = 0, a = 0, lo = 0, hi = 0, t[4], k, q;
	double x, y = 0, colx = 0;

	if (keep == NULL || s->n < 4 * (size_t)(f->pw + 1))
		return 0;
	for (j = 0; j < s->n; j++)
		if (!isfinite(s->p[j].x) || !isfinite(s->p[j].y) ||
		    (j > 0 && s->p[j].x < s->p[j - 1].x))
			return 0;
	for (j = 0; j <= s->n; j++) {
		if (j < s->n) {
			x = bp_fx(f, s->p[j].x * fx);
			cairo_user_to_device(cr, &x, &y);
			x = floor(x);
		}
		if (j > 0 && j < s->n && x == colx) {
			if (s->p[j].y < s->p[lo].y)
				lo = j;
			if (s->p[j].y > s->p[hi].y)
				hi = j;
			continue;
		}
		if (j > 0) {
			/* The column's four in order, each once. */
			t[0] = a;
			t[1] = lo < hi ? lo : hi;
			t[2] = lo < hi ? hi : lo;
			t[3] = j - 1;
			for (k = 0; k < 4; k++) {
				for (q = 0; q < k && t[q] != t[k]; q++)
					;
				if (q == k)
					keep[n++] = t[k];
			}
		}
		a = lo = hi = j;
		colx = x;
	}
	return n;
}

/* Marks pass: error bars, the path, markers and labels of one series. */
static void
path_series(cairo_t *cr, const struct bp_frame *f, const struct bp_path_opts
    *o, const struct bp_path_series *s, size_t i, double fx, double fy)
{
	struct bp_rgb c = bp_palette(i);
	double cap = f->st.marker * 0.8;
	size_t j, q, nk, *keep;
	int pen = 0;

	cairo_set_line_width(cr, f->st.thin * 1.4);
	bp_set_rgba(cr, c, 0.8);
	for (j = 0; j < s->n; j++) {
		const struct bp_level *p = &s->p[j];
		double x = bp_fx(f, p->x * fx), y = bp_fy(f, p->y * fy);

		if (isfinite(p->xlo) && isfinite(p->xhi)) {
			double a = bp_fx(f, p->xlo * fx), b = bp_fx(f,
			    p->xhi * fx);

			cairo_move_to(cr, a, y);
			cairo_line_to(cr, b, y);
			cairo_move_to(cr, a, y - cap);
			cairo_line_to(cr, a, y + cap);
			cairo_move_to(cr, b, y - cap);
			cairo_line_to(cr, b, y + cap);
		}
		if (isfinite(p->ylo) && isfinite(p->yhi)) {
			double a = bp_fy(f, p->ylo * fy), b = bp_fy(f,
			    p->yhi * fy);

			cairo_move_to(cr, x, a);
			cairo_line_to(cr, x, b);
			cairo_move_to(cr, x - cap, a);
			cairo_line_to(cr, x + cap, a);
			cairo_move_to(cr, x - cap, b);
			cairo_line_to(cr, x + cap, b);
		}
	}
	cairo_stroke(cr);
	/* The path itself, in the order of the input. */
	cairo_set_line_width(cr, f->st.line);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	if (s->n > 256)
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	bp_set_rgb(cr, c);
	keep = s->n > 4 * (size_t)(f->pw + 1) ? malloc(s->n * sizeof(*keep)) :
	    NULL;
	if ((nk = m4(cr, f, s, fx, keep)) == 0)
		nk = s->n;
	for (q = 0; q < nk; q++) {
		size_t j = keep != NULL && nk < s->n ? keep[q] : q;
		double x = bp_fx(f, s->p[j].x * fx), y = bp_fy(f,
		    s->p[j].y * fy);

		if (!pen)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
		pen = 1;
		/*
		 * Stroked a few hundred segments at a time: cairo's stroker
		 * finds the crossings of one path's segments, and a path of
		 * 10^5 raw rows crossing itself took minutes.  The round
		 * joins and caps make the pieces meet as one line.
		 */
		if (q % 256 == 255) {
			cairo_stroke(cr);
			cairo_move_to(cr, x, y);
		}
	}
	cairo_stroke(cr);
	free(keep);
	if (s->n > BP_DOTS_MIN) {
		struct bp_dots d;

		if (bp_dots_open(&d, cr, f) == 0) {
			for (j = 0; j < s->n; j++)
				bp_dots_add(&d, cr, bp_fx(f, s->p[j].x * fx),
				    bp_fy(f, s->p[j].y * fy));
			bp_dots_draw(&d, cr, i, f->st.marker * 0.8, c);
		}
	} else
		for (j = 0; j < s->n; j++)
			bp_marker(cr, i, bp_fx(f, s->p[j].x * fx), bp_fy(f,
			    s->p[j].y * fy), f->st.marker * 0.8, c);
	if (o->labels)
		path_labels(cr, f, s, fx, fy);
}

int
bp_path(cairo_t *cr, double w, double h, const struct bp_path_opts *o,
    const struct bp_path_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	double fx = bp_factor(&o->chart.x), fy = bp_factor(&o->chart.y), r[4];
	int rc = -1, bars = 0;

	memset(&leg, 0, sizeof(leg));
	if (ns == 0)
		return bp_err(err, "path: no series");
	if (ns > BP_MAX_SERIES)
		return bp_err(err, "path: %zu series, at most %d", ns,
		    BP_MAX_SERIES);
	if (path_range(s, ns, fx, fy, o->chart.x.log, o->chart.y.log, r) == -1)
		return bp_err(err, "path: no finite values");
	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = o->chart.x.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ay.kind = o->chart.y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ax.padlo = f.ax.padhi = 0.03;
	f.ay.padlo = 0.03;
	f.ay.padhi = 0.06;
	/* Throughput and latency both start from nothing. */
	if (!o->chart.x.log && r[0] > 0)
		r[0] = 0;
	if (!o->chart.y.log && r[2] > 0)
		r[2] = 0;
	if (bp_axspec_set(&f.ax, &o->chart.x, r[0], r[1], err) == -1 ||
	    bp_axspec_set(&f.ay, &o->chart.y, r[2], r[3], err) == -1)
		goto out;
	for (size_t i = 0; i < ns; i++) {
		bp_legend_add(&leg, BP_LEG_LINE, bp_palette(i), i, "%s",
		    s[i].name ? s[i].name : "?");
		for (size_t j = 0; j < s[i].n; j++)
			bars |= isfinite(s[i].p[j].xhi) ||
			    isfinite(s[i].p[j].yhi);
	}
	if (bars && o->ci_level > 0)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0,
		    bs_tr("error bars: %g%% CI of the mean"), o->ci_level);
	else if (bars)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, "%s",
		    bs_tr("error bars: the intervals given"));
	if (o->note != NULL)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, "%s", o->note);
	if (ns == 1 && !bars && o->note == NULL)
		bp_legend_free(&leg);	/* one series: no legend */
	bp_legend_callouts(&leg, &o->chart);
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < ns; i++)
		path_series(cr, &f, o, &s[i], i, fx, fy);
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/*
 * The kind: y against x, both measured, in the order of the input;
 * each --label a point (a load level), else each row.
 */

static void
path_columns(struct bp_cols *c, const struct bp_request *q,
    const struct bp_plan *p, const struct bp_header *h)
{
	char buf[160];

	(void)p;
	bp_cols_add(c, q->x);
	bp_cols_add(c, q->y);
	for (int i = 0; i < 4; i++) {
		const char *ax = i < 2 ? q->x : q->y;

		/* Intervals a join of bstat's outputs may hold. */
		snprintf(buf, sizeof(buf), "%s_ci_%s", ax, i % 2 ? "hi" :
		    "lo");
		if (q->lohi[i] != NULL)
			bp_cols_add(c, q->lohi[i]);
		else if (strlen(ax) < 100 && bp_header_has(h, buf))
			bp_cols_add(c, buf);
	}
}

static int
path_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	const struct bp_request *q = d->q;
	const struct bp_inputs *in = d->in;
	double conf = d->conf;
	struct bp_levels ls;
	struct bp_path_series *ps;
	struct bp_path_opts po;
	struct bp_refs rf;
	char *xt = NULL, *yt = NULL;
	int rc = -1;

	if (bp_levels_gather(&in->r, q, conf, &ls, e) == -1)
		goto out0;
	if (ls.npts == 0) {
		bp_err(e, "no points to draw (every %s or %s value is missing)",
		    q->x, q->y);
		goto out0;
	}
	if ((ps = calloc(ls.n + 1, sizeof(*ps))) == NULL) {
		bp_err(e, "out of memory");
		goto out0;
	}
	for (size_t i = 0; i < ls.n; i++) {
		ps[i].name = *ls.s[i].name ? ls.s[i].name : q->y;
		ps[i].p = ls.s[i].p;
		ps[i].n = ls.s[i].n;
	}
	bp_path_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, q->x, q->y);
	po.ci_level = q->lohi[0] || q->lohi[2] ? 0 : conf;
	if (bp_axis_title_in(&xt, in, q->x, q->xlabel, ls.xmax,
	    &po.chart.x.factor, e) == -1 || bp_axis_title_in(&yt, in, q->y,
	    q->ylabel, ls.ymax, &po.chart.y.factor, e) == -1)
		goto out;
	po.chart.x.label = xt;
	po.chart.y.label = yt;
	rc = bp_path(s->cr, s->width, s->height, &po, ps, ls.n, e);
out:
	free(ps);
	free(xt);
	free(yt);
out0:
	bp_levels_free(&ls);
	return rc;
}

const struct bp_kind bp_kind_path = {
	.name = "path",
	.synopsis = "-x COL -y COL [--label COL] "
	    "[--xlo/--xhi/--ylo/--yhi COL]\n"
	    "[--series COL] [options] [FILE...] -o OUT",
	.flags = BP_KF_LABELKEY | BP_KF_XLINE,
	.takes = BP_REQ_PATHOPT | BP_REQ_CHECKS | BP_REQ_VLINE | BP_REQ_HLINE |
	    BP_REQ_FACET,
	.needs = { BP_REQ_NOX | BP_REQ_NOY, BP_MISUSE_PATH_XY },
	.columns = path_columns,
	.draw = path_draw
};
