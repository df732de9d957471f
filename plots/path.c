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

/*
 * Data pass: the ranges of x and y, intervals included, except that an
 * interval does not take a linear axis below 0 when no value is below
 * it (a latency, a throughput): its bar is cut at the axis.
 */
static int
path_range(const struct bp_path_series *s, size_t ns, double fx, double fy,
    int logx, int logy, double r[4])
{
	double lo[2] = { HUGE_VAL, HUGE_VAL };

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
				if (k % 3 == 0)
					lo[k / 3] = fmin(lo[k / 3], x);
				r[k < 3 ? 0 : 2] = fmin(r[k < 3 ? 0 : 2], x);
				r[k < 3 ? 1 : 3] = fmax(r[k < 3 ? 1 : 3], x);
			}
		}
	if (!logx && lo[0] >= 0 && r[0] < 0)
		r[0] = 0;
	if (!logy && lo[1] >= 0 && r[2] < 0)
		r[2] = 0;
	return r[1] >= r[0] && r[3] >= r[2] ? 0 : -1;
}

/* A box: x0, y0, x1, y1. */
struct box {
	double	 a[4];
};

/* Line segments drawn: x0, y0, x1, y1 each. */
struct segs {
	double	(*a)[4];
	size_t	 n, cap;
};

/*
 * Where the points are drawn and what lies on the plot: xy[] each
 * point's place (series after series, moved so that no mark hides
 * another), hide[] the radius of what covers the point (its marker, a
 * filled callout's), ext[] of all drawn there (an open callout's too);
 * the boxes of the reference lines, their labels and the labels placed;
 * the lines of the paths and error bars.
 */
struct scene {
	const struct bp_frame *f;
	const struct bp_path_series *s;
	size_t		 ns, n;
	double		 fx, fy;
	double		*xy, *hide, *ext;
	struct box	*obst;
	size_t		 nobst;
	struct box	*done;
	size_t		 nd;
	struct segs	 line;
	double		*off;		/* the callouts' moves: dx, dy */
};

/* Points dodged when a chart has at most this many (labelled levels). */
#define PATH_DODGE_MAX	512

static int
overlaps(const struct box *b, const struct box *c)
{
	return b->a[0] < c->a[2] && c->a[0] < b->a[2] && b->a[1] < c->a[3] &&
	    c->a[1] < b->a[3];
}

/* Does segment l cross box b (Liang-Barsky)? */
static int
seg_crosses(const double l[4], const struct box *b)
{
	double t0 = 0, t1 = 1, d[2] = { l[2] - l[0], l[3] - l[1] };

	for (int k = 0; k < 4; k++) {
		double p = k % 2 ? d[k / 2] : -d[k / 2];
		double q = k % 2 ? b->a[2 + k / 2] - l[k / 2] :
		    l[k / 2] - b->a[k / 2];

		if (p == 0) {
			if (q < 0)
				return 0;
		} else if (p < 0)
			t0 = fmax(t0, q / p);
		else
			t1 = fmin(t1, q / p);
		if (t0 > t1)
			return 0;
	}
	return 1;
}

/* A segment drawn (cr) and kept as a line labels keep off (g). */
static void
seg_add(cairo_t *cr, struct segs *g, double x0, double y0, double x1,
    double y1)
{
	if (cr != NULL) {
		cairo_move_to(cr, x0, y0);
		cairo_line_to(cr, x1, y1);
	}
	if (g == NULL || !isfinite(x0 + y0 + x1 + y1))
		return;
	if (g->n == g->cap) {
		size_t c = g->cap ? g->cap * 2 : 64;
		void *a;

		if ((a = realloc(g->a, c * sizeof(*g->a))) == NULL)
			return;
		g->a = a;
		g->cap = c;
	}
	g->a[g->n][0] = x0;
	g->a[g->n][1] = y0;
	g->a[g->n][2] = x1;
	g->a[g->n++][3] = y1;
}

/*
 * One end e of an error bar through c (x across, or y up), cut at the
 * plot area's edges lo..hi: a cap, or where the bar runs out of the
 * plot a chevron at the edge pointing on.
 */
static void
bar_end(cairo_t *cr, struct segs *g, int vertical, double c, double e,
    double lo, double hi, double cap)
{
	double t = fmin(fmax(e, lo), hi), s = t < e ? -1 : 1;

	if (t == e) {
		if (vertical)
			seg_add(cr, g, c - cap, e, c + cap, e);
		else
			seg_add(cr, g, e, c - cap, e, c + cap);
	} else if (vertical) {
		seg_add(cr, g, c - cap, t + s * cap, c, t);
		seg_add(cr, g, c, t, c + cap, t + s * cap);
	} else {
		seg_add(cr, g, t + s * cap, c - cap, t, c);
		seg_add(cr, g, t, c, t + s * cap, c + cap);
	}
}

/* The error bars of point j drawn at (x, y), its place. */
static void
bars(cairo_t *cr, struct segs *g, const struct bp_frame *f,
    const struct bp_level *p, double x, double y, double fx, double fy)
{
	double cap = f->st.marker * 0.8, a, b;
	double x0 = f->px, x1 = f->px + f->pw, y0 = f->py, y1 = f->py + f->ph;

	if (isfinite(p->xlo) && isfinite(p->xhi)) {
		a = bp_fx(f, p->xlo * fx) + x - bp_fx(f, p->x * fx);
		b = bp_fx(f, p->xhi * fx) + x - bp_fx(f, p->x * fx);
		seg_add(cr, g, fmin(fmax(a, x0), x1), y, fmin(fmax(b, x0), x1),
		    y);
		bar_end(cr, g, 0, y, a, x0, x1, cap);
		bar_end(cr, g, 0, y, b, x0, x1, cap);
	}
	if (isfinite(p->ylo) && isfinite(p->yhi)) {
		a = bp_fy(f, p->ylo * fy) + y - bp_fy(f, p->y * fy);
		b = bp_fy(f, p->yhi * fy) + y - bp_fy(f, p->y * fy);
		seg_add(cr, g, x, fmin(fmax(a, y0), y1), x, fmin(fmax(b, y0),
		    y1));
		bar_end(cr, g, 1, x, a, y0, y1, cap);
		bar_end(cr, g, 1, x, b, y0, y1, cap);
	}
}

/* Is callout k at point p? */
static int
callout_at(const struct bp_chart *c, size_t k, const struct bp_level *p)
{
	return c->callout[k].x == p->x && c->callout[k].y == p->y;
}

/*
 * Each point's place, and the radius of its marks: the data marker's
 * (its outline included), a callout's around it.
 */
static void
scene_points(struct scene *sc)
{
	const struct bp_frame *f = sc->f;
	const struct bp_chart *c = f->chart;
	double m = f->st.marker * 0.8;
	size_t i, j, k, n = 0;

	for (i = 0; i < sc->ns; i++)
		for (j = 0; j < sc->s[i].n; j++, n++) {
			const struct bp_level *p = &sc->s[i].p[j];
			/* The shapes past the circle are a little larger. */
			double r = m * (bp_marker_shape(i) == 0 ? 1 : 1.25);

			sc->xy[2 * n] = bp_fx(f, p->x * sc->fx);
			sc->xy[2 * n + 1] = bp_fy(f, p->y * sc->fy);
			sc->hide[n] = sc->ext[n] = r + fmax(0.6, r * 0.22) / 2;
			for (k = 0; k < c->ncallout; k++) {
				double e;
				int open;

				if (!callout_at(c, k, p))
					continue;
				e = bp_callout_extent(f, c->callout[k].kind,
				    &open);
				sc->ext[n] = fmax(sc->ext[n], e);
				if (!open)
					sc->hide[n] = fmax(sc->hide[n], e);
			}
		}
}

/*
 * Load levels (every point labelled) whose marks would overlap drawn
 * apart, each by at most two markers (a few pixels, within the error
 * bars of levels that close), along the line between them (across, for
 * points that coincide); points, their bars and the path move together.
 * Raw rows stay where they are: many at one place are one place.
 */
static void
dodge(struct scene *sc)
{
	double lim = sc->f->st.marker * 2, gap = sc->f->st.thin;
	double *home;
	size_t i, j;

	if (sc->n > PATH_DODGE_MAX)
		return;
	for (i = 0; i < sc->ns; i++)
		for (j = 0; j < sc->s[i].n; j++)
			if (sc->s[i].p[j].label == NULL)
				return;
	if ((home = malloc(2 * sc->n * sizeof(*home))) == NULL)
		return;
	memcpy(home, sc->xy, 2 * sc->n * sizeof(*home));
	for (int it = 0; it < 100; it++) {
		int moved = 0;

		for (i = 0; i < sc->n; i++)
			for (j = i + 1; j < sc->n; j++) {
				double *a = &sc->xy[2 * i], *b = &sc->xy[2 * j];
				double dx = b[0] - a[0], dy = b[1] - a[1];
				double d = hypot(dx, dy), need = sc->hide[i] +
				    sc->hide[j] + gap, u;

				if (!isfinite(d) || d >= need - 1e-6)
					continue;
				if (d < 1e-9) {
					dx = 1;
					dy = 0;
					d = 1;
					u = need / 2;
				} else
					u = (need - d) / 2 + 1e-3;
				for (int k = 0; k < 2; k++) {
					double v = (k ? dy : dx) / d * u;

					a[k] -= v;
					b[k] += v;
				}
				moved = 1;
			}
		/* Not further than lim from where the data put them. */
		for (i = 0; i < 2 * sc->n; i++)
			sc->xy[i] = fmin(fmax(sc->xy[i], home[i] - lim),
			    home[i] + lim);
		if (!moved)
			break;
	}
	free(home);
}

/*
 * Is box b free: in the plot area, over no label placed, no mark, no
 * callout, reference line or its label, and no line drawn?
 */
static int
scene_free(const struct scene *sc, const struct box *b, size_t j)
{
	const struct bp_frame *f = sc->f;
	size_t q;

	if (b->a[0] < f->px || b->a[2] > f->px + f->pw ||
	    b->a[1] < f->py || b->a[3] > f->py + f->ph)
		return 0;
	for (q = 0; q < sc->nd; q++)
		if (overlaps(b, &sc->done[q]))
			return 0;
	for (q = 0; q < sc->nobst; q++)
		if (overlaps(b, &sc->obst[q]))
			return 0;
	for (q = 0; q < sc->n; q++) {
		const double *p = &sc->xy[2 * q];
		struct box mk = { { p[0] - sc->ext[q], p[1] - sc->ext[q],
		    p[0] + sc->ext[q], p[1] + sc->ext[q] } };

		if (q != j && overlaps(b, &mk))
			return 0;
	}
	for (q = 0; q < sc->line.n; q++)
		if (seg_crosses(sc->line.a[q], b))
			return 0;
	return 1;
}

/* Is box b nearer point j than every other point? */
static int
scene_nearest(const struct scene *sc, const struct box *b, size_t j)
{
	double cx = (b->a[0] + b->a[2]) / 2, cy = (b->a[1] + b->a[3]) / 2;
	double d = hypot(cx - sc->xy[2 * j], cy - sc->xy[2 * j + 1]);

	for (size_t q = 0; q < sc->n; q++)
		if (q != j && hypot(cx - sc->xy[2 * q], cy - sc->xy[2 * q +
		    1]) <= d)
			return 0;
	return 1;
}

/*
 * Labels pass: each point's label at the first of eight places beside
 * its marks (up and to the left first: the path runs right, then up)
 * that is free (scene_free()) and nearer its point than any other;
 * where none is, the label is left out, the point kept.
 */
static void
path_labels(cairo_t *cr, struct scene *sc, size_t i, size_t n0)
{
	static const int place[8][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 },
	    { 1, 1 }, { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };
	const struct bp_frame *f = sc->f;
	const struct bp_path_series *s = &sc->s[i];
	double sz = f->st.small * 0.9, w, h, pad = f->st.marker * 0.2;
	struct box b;
	size_t j, k;

	for (j = 0; j < s->n; j++) {
		double x = sc->xy[2 * (n0 + j)], y = sc->xy[2 * (n0 + j) + 1];
		double d = sc->ext[n0 + j] + pad;

		if (s->p[j].label == NULL || !isfinite(x) || !isfinite(y))
			continue;
		bp_measure(cr, s->p[j].label, sz, 0, 0, -f->pw / 6, &w, &h);
		for (k = 0; k < 8; k++) {
			double dx = place[k][0], dy = place[k][1];

			b.a[0] = dx < 0 ? x - d - w : dx > 0 ? x + d : x - w / 2;
			b.a[2] = b.a[0] + w;
			b.a[1] = dy < 0 ? y - d - h : dy > 0 ? y + d : y - h / 2;
			b.a[3] = b.a[1] + h;
			if (scene_free(sc, &b, n0 + j) &&
			    scene_nearest(sc, &b, n0 + j))
				break;
		}
		if (k == 8)
			continue;	/* no free place: the point unlabelled */
		sc->done[sc->nd++] = b;
		bp_text(cr, s->p[j].label, sz, 0, 0, -f->pw / 6, b.a[0],
		    b.a[1], BP_HLEFT, BP_VTOP, 0, bp_grey(0.25));
	}
}

/*
 * The callouts' moves (with their points, into sc->off) and what labels
 * keep off: the reference lines and their labels and, when there are
 * labels (lines), the paths and the error bars.
 */
static void
scene_obstacles(cairo_t *cr, struct scene *sc, int lines)
{
	const struct bp_frame *f = sc->f;
	const struct bp_chart *c = f->chart;
	size_t i, j, n = 0, k;

	for (i = 0; i < sc->ns; i++)
		for (j = 0; j < sc->s[i].n; j++, n++) {
			const struct bp_level *p = &sc->s[i].p[j];
			double *q = &sc->xy[2 * n];

			for (k = 0; k < c->ncallout; k++)
				if (callout_at(c, k, p)) {
					sc->off[2 * k] = q[0] - bp_fx(f,
					    p->x * sc->fx);
					sc->off[2 * k + 1] = q[1] - bp_fy(f,
					    p->y * sc->fy);
				}
			if (!lines)
				continue;
			if (j > 0)
				seg_add(NULL, &sc->line, q[-2], q[-1], q[0],
				    q[1]);
			bars(NULL, &sc->line, f, p, q[0], q[1], sc->fx, sc->fy);
		}
	for (int v = 0; v < 2; v++) {
		const struct bp_axspec *a = v ? &f->ax : &f->ay;

		for (i = 0; i < a->nref; i++) {
			struct box *o = &sc->obst[sc->nobst];

			if (bp_frame_ref_box(cr, f, v, i, o[0].a, o[1].a) == 0)
				sc->nobst += 2;
		}
	}
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

/*
 * A path of more than BP_DOTS_MIN segments after M4 (x going back and
 * forth: a scribble at any size) as one image: each segment a line of device pixels (Bresenham's) in
 * colour c, the image painted over the plot area.  cairo's stroker took
 * 7 s on 10^6 raw rows without antialiasing and 100 s with; the result
 * is what those strokes cover, a pixel wide.  0, or -1 when out of
 * memory (the caller strokes instead).
 */
static int
path_raster(cairo_t *cr, const struct bp_frame *f, const double *xy,
    const size_t *keep, size_t nk, struct bp_rgb c)
{
	int w = (int)ceil(f->pw) + 1, h = (int)ceil(f->ph) + 1, stride;
	cairo_surface_t *img;
	uint32_t *px, col;
	long x0 = 0, y0 = 0;

	img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(img);
		return -1;
	}
	cairo_surface_flush(img);
	px = (uint32_t *)(void *)cairo_image_surface_get_data(img);
	stride = cairo_image_surface_get_stride(img) / 4;
	col = 0xff000000u | (uint32_t)lround(c.r * 255) << 16 |
	    (uint32_t)lround(c.g * 255) << 8 | (uint32_t)lround(c.b * 255);
	for (size_t q = 0; q < nk; q++) {
		size_t j = keep != NULL ? keep[q] : q;
		long x1 = lround(xy[2 * j] - f->px), y1 = lround(xy[2 * j + 1] -
		    f->py), dx, dy, sx, sy, err;

		if (q == 0) {
			x0 = x1;
			y0 = y1;
		}
		dx = labs(x1 - x0);
		dy = -labs(y1 - y0);
		sx = x0 < x1 ? 1 : -1;
		sy = y0 < y1 ? 1 : -1;
		err = dx + dy;
		for (;;) {
			long e2 = 2 * err;

			if (x0 >= 0 && x0 < w && y0 >= 0 && y0 < h)
				px[y0 * stride + x0] = col;
			if (x0 == x1 && y0 == y1)
				break;
			if (e2 >= dy) {
				err += dy;
				x0 += sx;
			}
			if (e2 <= dx) {
				err += dx;
				y0 += sy;
			}
		}
	}
	cairo_surface_mark_dirty(img);
	cairo_save(cr);
	cairo_set_source_surface(cr, img, f->px, f->py);
	cairo_paint(cr);
	cairo_restore(cr);
	cairo_surface_destroy(img);
	return 0;
}

/* Marks pass: error bars, the path, markers and labels of one series. */
static void
path_series(cairo_t *cr, const struct bp_path_opts *o, struct scene *sc,
    size_t i, size_t n0)
{
	const struct bp_frame *f = sc->f;
	const struct bp_path_series *s = &sc->s[i];
	const double *xy = &sc->xy[2 * n0];
	struct bp_rgb c = bp_palette(i);
	size_t j, q, nk, *keep;
	int pen = 0;

	cairo_set_line_width(cr, f->st.thin * 1.4);
	bp_set_rgba(cr, c, 0.8);
	for (j = 0; j < s->n; j++)
		bars(cr, NULL, f, &s->p[j], xy[2 * j], xy[2 * j + 1], sc->fx,
		    sc->fy);
	cairo_stroke(cr);
	/* The path itself, in the order of the input. */
	cairo_set_line_width(cr, f->st.line);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	if (s->n > 256)
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	bp_set_rgb(cr, c);
	keep = s->n > 4 * (size_t)(f->pw + 1) ? malloc(s->n * sizeof(*keep)) :
	    NULL;
	if ((nk = m4(cr, f, s, sc->fx, keep)) == 0)
		nk = s->n;
	/* What M4 leaves of a path is a line; more is a scribble. */
	if (nk > BP_DOTS_MIN && path_raster(cr, f, xy, keep != NULL &&
	    nk < s->n ? keep : NULL, nk, c) == 0)
		nk = 0;		/* drawn */
	for (q = 0; q < nk; q++) {
		size_t j = keep != NULL && nk < s->n ? keep[q] : q;
		double x = xy[2 * j], y = xy[2 * j + 1];

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
				bp_dots_add(&d, cr, xy[2 * j], xy[2 * j + 1]);
			bp_dots_draw(&d, cr, i, f->st.marker * 0.8, c);
		}
	} else
		for (j = 0; j < s->n; j++)
			bp_marker(cr, i, xy[2 * j], xy[2 * j + 1],
			    f->st.marker * 0.8, c);
	if (o->labels)
		path_labels(cr, sc, i, n0);
}

static void
scene_free_all(struct scene *sc)
{
	free(sc->xy);
	free(sc->hide);
	free(sc->ext);
	free(sc->obst);
	free(sc->done);
	free(sc->line.a);
	free(sc->off);
}

/*
 * The scene of a placed frame: where each point is drawn, what its
 * labels keep off; 0, or -1 out of memory.
 */
static int
scene_open(cairo_t *cr, struct scene *sc, const struct bp_frame *f,
    const struct bp_path_opts *o, const struct bp_path_series *s,
    size_t ns)
{
	size_t i, nc = f->chart->ncallout, nl = 0;

	memset(sc, 0, sizeof(*sc));
	sc->f = f;
	sc->s = s;
	sc->ns = ns;
	sc->fx = bp_factor(&o->chart.x);
	sc->fy = bp_factor(&o->chart.y);
	for (i = 0; i < ns; i++) {
		sc->n += s[i].n;
		for (size_t j = 0; o->labels && j < s[i].n; j++)
			nl += s[i].p[j].label != NULL;
	}
	sc->xy = calloc(2 * sc->n + 1, sizeof(*sc->xy));
	sc->hide = calloc(sc->n + 1, sizeof(*sc->hide));
	sc->ext = calloc(sc->n + 1, sizeof(*sc->ext));
	sc->obst = calloc(2 * (f->ax.nref + f->ay.nref) + 1,
	    sizeof(*sc->obst));
	sc->done = calloc(sc->n + 1, sizeof(*sc->done));
	sc->off = calloc(2 * nc + 1, sizeof(*sc->off));
	if (sc->xy == NULL || sc->hide == NULL || sc->ext == NULL ||
	    sc->obst == NULL || sc->done == NULL || sc->off == NULL) {
		scene_free_all(sc);
		return -1;
	}
	scene_points(sc);
	dodge(sc);
	scene_obstacles(cr, sc, nl > 0);
	return 0;
}

int
bp_path(cairo_t *cr, double w, double h, const struct bp_path_opts *o,
    const struct bp_path_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	struct scene sc;
	double fx = bp_factor(&o->chart.x), fy = bp_factor(&o->chart.y), r[4];
	int rc = -1, bars = 0;
	size_t n0 = 0;

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
	if (scene_open(cr, &sc, &f, o, s, ns) == -1) {
		bp_err(err, "out of memory");
		goto out;
	}
	f.calloff = sc.off;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < ns; n0 += s[i++].n)
		path_series(cr, o, &sc, i, n0);
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
	scene_free_all(&sc);
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
