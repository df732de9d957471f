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

/* Draw a marker on every pixel hit, and free the grid. */
void
bp_dots_draw(struct bp_dots *d, cairo_t *cr, size_t kind, double r,
    struct bp_rgb c)
{
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
