/*
 * Markers of a long series on the device pixels they fall on: one
 * (opaque) marker on each pixel that holds a point, once however many
 * it holds.  cairo fills a marker in ~70,000 instructions (100,000 with
 * its edge), so a million points drawn one by one took seconds; on an
 * 800 by 500 chart they are at most some ten thousand pixels' worth.
 * The points move by at most half a pixel, under a marker's radius, and
 * look the same.  Series shorter than BP_DOTS_MIN keep a marker a point.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

int
bp_dots_open(struct bp_dots *d, cairo_t *cr, const struct bp_frame *f)
{
	double w = f->pw, h = f->ph;

	memset(d, 0, sizeof(*d));
	d->x0 = f->px;
	d->y0 = f->py;
	cairo_user_to_device(cr, &d->x0, &d->y0);
	cairo_user_to_device_distance(cr, &w, &h);
	d->nx = (size_t)ceil(fabs(w)) + 2;
	d->ny = (size_t)ceil(fabs(h)) + 2;
	d->hit = calloc(d->nx * d->ny, 1);
	return d->hit == NULL ? -1 : 0;
}

/* The point (x, y), in user space. */
void
bp_dots_add(struct bp_dots *d, cairo_t *cr, double x, double y)
{
	long ix, iy;

	if (!isfinite(x) || !isfinite(y))
		return;
	cairo_user_to_device(cr, &x, &y);
	ix = lround(x - d->x0) + 1;
	iy = lround(y - d->y0) + 1;
	/* Beyond the plot area (clipped anyway): on its edge. */
	ix = ix < 0 ? 0 : ix >= (long)d->nx ? (long)d->nx - 1 : ix;
	iy = iy < 0 ? 0 : iy >= (long)d->ny ? (long)d->ny - 1 : iy;
	d->hit[(size_t)iy * d->nx + (size_t)ix] = 1;
}

/*
 * Onto an image: cairo draws the marker once, into a stamp, and each
 * hit pixel gets the stamp, composited OVER in the order cairo would
 * have drawn them (premultiplied ARGB, as cairo keeps its images), on a
 * layer painted once: ten thousand markers are ten thousand copies of
 * some hundred pixels, where cairo's fills cost 3 x 10^9 instructions
 * (bplot path on 10^5 raw rows).  The stamp is drawn at the plot's
 * sub-pixel offset, so every marker sits where cairo would put it.  0
 * when the target is not an image (PDF and SVG keep vector markers) or
 * out of memory.
 */
static int
dots_raster(struct bp_dots *d, cairo_t *cr, size_t kind, double r,
    struct bp_rgb c)
{
	cairo_surface_t *tgt = cairo_get_target(cr), *st, *ly;
	cairo_matrix_t m;
	cairo_t *sc;
	double rd = r, zero = 0, fx, fy;
	uint32_t *sp, *lp, px, q;
	int S, M, sstr, lstr, lw, lh, u, v, ch;
	size_t k;

	if (cairo_surface_get_type(tgt) != CAIRO_SURFACE_TYPE_IMAGE)
		return 0;
	cairo_user_to_device_distance(cr, &rd, &zero);
	M = (int)ceil(fabs(rd) * 1.3 + 3);
	S = 2 * M + 2;
	fx = d->x0 - floor(d->x0);
	fy = d->y0 - floor(d->y0);
	lw = (int)d->nx + S;
	lh = (int)d->ny + S;
	st = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, S, S);
	ly = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, lw, lh);
	if (cairo_surface_status(st) != CAIRO_STATUS_SUCCESS ||
	    cairo_surface_status(ly) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(st);
		cairo_surface_destroy(ly);
		return 0;
	}
	/* The marker at the stamp's centre, in the chart's scale. */
	sc = cairo_create(st);
	cairo_get_matrix(cr, &m);
	m.x0 = M + fx;
	m.y0 = M + fy;
	cairo_set_matrix(sc, &m);
	bp_marker(sc, kind, 0, 0, r, c);
	cairo_destroy(sc);
	cairo_surface_flush(st);
	cairo_surface_flush(ly);
	sp = (uint32_t *)cairo_image_surface_get_data(st);
	lp = (uint32_t *)cairo_image_surface_get_data(ly);
	sstr = cairo_image_surface_get_stride(st) / 4;
	lstr = cairo_image_surface_get_stride(ly) / 4;
	for (k = 0; k < d->nx * d->ny; k++) {
		int x = (int)(k % d->nx) - 1, y = (int)(k / d->nx) - 1;

		if (!d->hit[k])
			continue;
		for (v = 0; v < S; v++) {
			if (y + v < 0 || y + v >= lh)
				continue;
			for (u = 0; u < S; u++) {
				uint32_t s4 = sp[v * sstr + u], *dp, na;

				if (s4 == 0 || x + u < 0 || x + u >= lw)
					continue;
				dp = &lp[(y + v) * lstr + x + u];
				na = 255 - (s4 >> 24);
				for (px = 0, ch = 0; ch < 32; ch += 8) {
					q = ((*dp >> ch) & 0xff) * na + 127;
					q = ((s4 >> ch) & 0xff) + (q + (q >> 8)) /
					    256;
					px |= (q > 255 ? 255 : q) << ch;
				}
				*dp = px;
			}
		}
	}
	cairo_surface_mark_dirty(ly);
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_set_source_surface(cr, ly, floor(d->x0) - M, floor(d->y0) - M);
	cairo_paint(cr);
	cairo_restore(cr);
	cairo_surface_destroy(st);
	cairo_surface_destroy(ly);
	return 1;
}

/* Draw a marker on every pixel hit, and free the grid. */
void
bp_dots_draw(struct bp_dots *d, cairo_t *cr, size_t kind, double r,
    struct bp_rgb c)
{
	if (!dots_raster(d, cr, kind, r, c))
		for (size_t k = 0; k < d->nx * d->ny; k++) {
			double x, y;

			if (!d->hit[k])
				continue;
			x = d->x0 + (double)(k % d->nx) - 1;
			y = d->y0 + (double)(k / d->nx) - 1;
			cairo_device_to_user(cr, &x, &y);
			bp_marker(cr, kind, x, y, r, c);
		}
	free(d->hit);
	d->hit = NULL;
}
