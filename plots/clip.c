/*
 * Clipping by hand for SVG.  ImageMagick's SVG renderer (6.9) draws
 * what a clipPath should hide and hides what it should show, so that
 * a chart's bands vanished and its lines ran past the plot; librsvg and
 * browsers clip right.  Into SVG, what is stroked or filled under a
 * clip is therefore cut to the clip's rectangle here (Liang and
 * Barsky's segment clipping for strokes, Sutherland and Hodgman's
 * polygon clipping for fills) and drawn with no clip, so the file holds
 * no clipPath and every renderer draws the same.  cairo's own clipping
 * is kept for its state (saved and restored with the rest) and for the
 * other surfaces; cairo has no option to flatten clips into paths.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

/* The macros of plots_extern.h would call these functions themselves. */
#undef cairo_stroke
#undef cairo_stroke_preserve
#undef cairo_fill
#undef cairo_fill_preserve

struct box {
	double	 x0, y0, x1, y1;
};

/*
 * The clip's rectangle when cr draws into SVG under a clip narrower
 * than the surface; 0 when there is nothing to do by hand.
 */
static int
svg_clip(cairo_t *cr, struct box *b)
{
	double u0, v0, u1, v1;

	if (cairo_surface_get_type(cairo_get_target(cr)) !=
	    CAIRO_SURFACE_TYPE_SVG)
		return 0;
	cairo_clip_extents(cr, &b->x0, &b->y0, &b->x1, &b->y1);
	cairo_save(cr);
	cairo_reset_clip(cr);
	cairo_clip_extents(cr, &u0, &v0, &u1, &v1);
	cairo_restore(cr);
	return b->x0 > u0 || b->y0 > v0 || b->x1 < u1 || b->y1 < v1;
}

/* Liang-Barsky: the part of segment a-b inside b; 0 when none. */
static int
clip_segment(const struct box *r, double *ax, double *ay, double *bx,
    double *by)
{
	double dx = *bx - *ax, dy = *by - *ay, t0 = 0, t1 = 1;
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { *ax - r->x0, r->x1 - *ax, *ay - r->y0, r->y1 - *ay };

	for (int i = 0; i < 4; i++) {
		double t;

		if (p[i] == 0) {
			if (q[i] < 0)
				return 0;
			continue;
		}
		t = q[i] / p[i];
		if (p[i] < 0 && t > t0)
			t0 = t;
		else if (p[i] > 0 && t < t1)
			t1 = t;
		if (t0 > t1)
			return 0;
	}
	*bx = *ax + t1 * dx;
	*by = *ay + t1 * dy;
	*ax += t0 * dx;
	*ay += t0 * dy;
	return 1;
}

/*
 * The stroke's segments cut to r, as a new path of cr; with split each
 * piece stroked on its own (ImageMagick joins the pieces of a dashed
 * path: the CDF's three guides became a zigzag).
 */
static void
stroke_path(cairo_t *cr, const cairo_path_t *p, const struct box *r,
    int split)
{
	double sx = 0, sy = 0, cx = 0, cy = 0, ex = NAN, ey = NAN;

	for (int i = 0; i < p->num_data; i += p->data[i].header.length) {
		const cairo_path_data_t *d = &p->data[i];
		double ax = cx, ay = cy, bx, by;

		switch (d->header.type) {
		case CAIRO_PATH_MOVE_TO:
			sx = cx = d[1].point.x;
			sy = cy = d[1].point.y;
			continue;
		case CAIRO_PATH_CLOSE_PATH:
			bx = sx;
			by = sy;
			break;
		default:	/* lines: the path is flat */
			bx = d[1].point.x;
			by = d[1].point.y;
			break;
		}
		cx = bx;
		cy = by;
		if (!clip_segment(r, &ax, &ay, &bx, &by))
			continue;
		/* Joined where the segments meet, as they were drawn. */
		if (ax != ex || ay != ey) {
			if (split && !isnan(ex))
				cairo_stroke(cr);
			cairo_move_to(cr, ax, ay);
		}
		cairo_line_to(cr, bx, by);
		ex = bx;
		ey = by;
	}
}

/* Sutherland-Hodgman: polygon v[0..n) against one edge, into w. */
static size_t
clip_edge(const double *v, size_t n, double *w, int edge, double at)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		const double *a = v + 2 * ((i + n - 1) % n), *b = v + 2 * i;
		int k = edge & 1;
		/* edge 0, 1: x >= at, y >= at; 2, 3: x <= at, y <= at */
		int ina = edge < 2 ? a[k] >= at : a[k] <= at;
		int inb = edge < 2 ? b[k] >= at : b[k] <= at;

		if (ina != inb) {
			double t = (at - a[k]) / (b[k] - a[k]);

			w[2 * m + k] = at;
			w[2 * m + 1 - k] = a[1 - k] + t * (b[1 - k] - a[1 - k]);
			m++;
		}
		if (inb) {
			w[2 * m] = b[0];
			w[2 * m + 1] = b[1];
			m++;
		}
	}
	return m;
}

/* One subpath of a fill, v[0..n) points, cut to r into cr. */
static int
fill_polygon(cairo_t *cr, const double *v, size_t n, const struct box *r)
{
	const double at[4] = { r->x0, r->y0, r->x1, r->y1 };
	/* Each pass at most doubles the points: room for four. */
	size_t cap = 16 * n + 16;
	double *a, *b, *t;

	if (n < 3)
		return 0;
	a = malloc(cap * 2 * sizeof(*a));
	b = malloc(cap * 2 * sizeof(*b));
	if (a == NULL || b == NULL) {
		free(a);
		free(b);
		return -1;
	}
	memcpy(a, v, n * 2 * sizeof(*a));
	for (int e = 0; e < 4 && n > 0; e++) {
		n = clip_edge(a, n, b, e, at[e]);
		t = a;
		a = b;
		b = t;
	}
	for (size_t i = 0; i < n; i++)
		if (i == 0)
			cairo_move_to(cr, a[0], a[1]);
		else
			cairo_line_to(cr, a[2 * i], a[2 * i + 1]);
	if (n > 0)
		cairo_close_path(cr);
	free(a);
	free(b);
	return 0;
}

/* The fill's subpaths cut to r, as a new path of cr. */
static int
fill_path(cairo_t *cr, const cairo_path_t *p, const struct box *r)
{
	size_t n = 0, cap = (size_t)p->num_data * 2 + 16;
	double *v = malloc(cap * 2 * sizeof(*v));

	if (v == NULL)
		return -1;
	for (int i = 0; i <= p->num_data; ) {
		const cairo_path_data_t *d = i < p->num_data ? &p->data[i] :
		    NULL;

		if (d == NULL || d->header.type == CAIRO_PATH_MOVE_TO) {
			if (fill_polygon(cr, v, n, r) == -1) {
				free(v);
				return -1;
			}
			n = 0;
		}
		if (d == NULL)
			break;
		if (d->header.type != CAIRO_PATH_CLOSE_PATH) {
			v[2 * n] = d[1].point.x;
			v[2 * n + 1] = d[1].point.y;
			n++;
		}
		i += d->header.length;
	}
	free(v);
	return 0;
}

static void
draw_cut(cairo_t *cr, int fill, int preserve)
{
	struct box r = { -HUGE_VAL, -HUGE_VAL, HUGE_VAL, HUGE_VAL };
	int svg = cairo_surface_get_type(cairo_get_target(cr)) ==
	    CAIRO_SURFACE_TYPE_SVG;
	int cut = svg && svg_clip(cr, &r);
	int split = svg && !fill && cairo_get_dash_count(cr) > 0;
	cairo_path_t *p = cut || split ? cairo_copy_path_flat(cr) : NULL;

	if (p == NULL || p->status != CAIRO_STATUS_SUCCESS) {
		if (p != NULL)
			cairo_path_destroy(p);
		if (fill)
			preserve ? cairo_fill_preserve(cr) : cairo_fill(cr);
		else
			preserve ? cairo_stroke_preserve(cr) :
			    cairo_stroke(cr);
		return;
	}
	cairo_new_path(cr);
	/* The path is not part of the saved state: drawn, then gone. */
	cairo_save(cr);
	if (cut)
		cairo_reset_clip(cr);
	if (fill) {
		fill_path(cr, p, &r);
		cairo_fill(cr);
	} else {
		stroke_path(cr, p, &r, split);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
	if (preserve)
		cairo_append_path(cr, p);
	cairo_path_destroy(p);
}

void
bp_stroke(cairo_t *cr, int preserve)
{
	draw_cut(cr, 0, preserve);
}

void
bp_fill(cairo_t *cr, int preserve)
{
	draw_cut(cr, 1, preserve);
}
