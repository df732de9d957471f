/*
 * Heatmap: categorical x and y, cells drawn as one image scaled with
 * nearest-neighbour filtering (no seams between cells, crisp edges in
 * PDF too), each value written in its cell in black or white by the
 * cell's luminance, and a labelled colour bar.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

void
bp_heatmap_opts_init(struct bp_heatmap_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->cmap = BP_CMAP_VIRIDIS;
	o->center = NAN;
	o->zmin = o->zmax = NAN;
	o->zfactor = 1;
	o->values = 1;
}

/* The colour scale: value to [0, 1]. */
struct zscale {
	double	 lo, hi;
	int	 reverse;
	enum bp_cmap cmap;
};

/* Position of v between lo and hi, in halves so that nothing overflows. */
static double
zs_frac(const struct zscale *z, double v)
{
	return (v / 2 - z->lo / 2) / (z->hi / 2 - z->lo / 2);
}

static double
zs_t(const struct zscale *z, double v)
{
	double t = zs_frac(z, v);

	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	return z->reverse ? 1 - t : t;
}

static struct bp_rgb
zs_color(const struct zscale *z, double v)
{
	return bp_cmap_color(z->cmap, zs_t(z, v));
}

static uint32_t
argb(struct bp_rgb c)
{
	return 0xff000000u | (uint32_t)lround(c.r * 255) << 16 |
	    (uint32_t)lround(c.g * 255) << 8 | (uint32_t)lround(c.b * 255);
}

/* The colour of an empty cell, under its hatching. */
static const struct bp_rgb empty_cell = { 0.96, 0.96, 0.96 };

/*
 * Decimals for a cell value: three significant digits of the value
 * itself, so that a small cell beside a large one keeps its digits
 * (9 MB/s among GB/s is 0.009, not 0.01).
 */
static int
value_decimals(double v)
{
	int d;

	if (!(fabs(v) > 0) || !isfinite(v))
		return 0;
	d = 2 - (int)floor(log10(fabs(v)));
	return d < 0 ? 0 : d > 8 ? 8 : d;
}

void
bp_cell_value(double v, int whole, char *buf, size_t len)
{
	int dec = whole ? 0 : value_decimals(v);
	size_t n;

	/*
	 * Beyond what fixed decimals can show (dec stops at 8), three
	 * significant digits with an exponent.
	 */
	if (fabs(v) >= 1e6 || (v != 0 && dec >= 8 && fabs(v) < 1e-5)) {
		snprintf(buf, len, "%.3g", v);
		return;
	}
	snprintf(buf, len, "%s%.*f", v < 0 ? "\xe2\x88\x92" : "", dec,
	    fabs(v));
	/* Three digits, not three decimals: 0.5 rather than 0.500. */
	if (strchr(buf, '.') != NULL) {
		n = strlen(buf);
		while (n > 0 && buf[n - 1] == '0')
			buf[--n] = '\0';
		if (n > 0 && buf[n - 1] == '.')
			buf[--n] = '\0';
	}
	/* "-0": no minus. */
	if (v < 0 && strcmp(buf + 3, "0") == 0)
		memmove(buf, buf + 3, strlen(buf + 3) + 1);
}

static void
format_value(const struct bp_heatmap_opts *o, int whole, double v, char *buf,
    size_t len)
{
	if (o->fmt != NULL) {
		snprintf(buf, len, o->fmt, v);
		bp_utf8_trim(buf);
		return;
	}
	bp_cell_value(v, whole, buf, len);
}

static void
hatch(cairo_t *cr, double x, double y, double w, double h, double step,
    double lw)
{
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_set_line_width(cr, lw);
	bp_set_rgb(cr, bp_grey(0.62));
	for (double d = -h; d < w; d += step) {
		cairo_move_to(cr, x + d, y + h);
		cairo_line_to(cr, x + d + h, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* What the passes of a heatmap share. */
struct heat {
	const struct bp_heatmap_opts *o;
	const double	*z;
	size_t		 nx, ny;
	double		 zf;		/* unit factor of z */
	struct zscale	 zs;
	struct bp_ticks	 zt;		/* colour bar ticks */
	struct bp_frame	 f;
	size_t		 nempty;	/* cells without a value */
	int		 dec;		/* whole numbers: no decimals */
	double		 barw, ztw, zl_h;
	double		 cw, ch;	/* cell size */
};

/* 1 when every value is a whole number: cells then show no decimals. */
static int
all_integers(const struct heat *hm)
{
	for (size_t i = 0; i < hm->nx * hm->ny; i++) {
		double v = hm->z[i] * hm->zf;

		/* 1e-310 is within 1e-9 of 0, but no integer. */
		if (isfinite(v) && (fabs(v - round(v)) > 1e-9 *
		    fmax(1, fabs(v)) || (v != 0 && fabs(v) < 0.5)))
			return 0;
	}
	return 1;
}

/* Scale pass: the colour scale's range and the cells' decimals. */
static void
heat_scale(struct heat *hm)
{
	const struct bp_heatmap_opts *o = hm->o;
	struct zscale *zs = &hm->zs;
	double zmin = HUGE_VAL, zmax = -HUGE_VAL, maxabs = 0;

	for (size_t i = 0; i < hm->nx * hm->ny; i++) {
		double v = hm->z[i] * hm->zf;

		if (!isfinite(v)) {
			hm->nempty++;
			continue;
		}
		zmin = fmin(zmin, v);
		zmax = fmax(zmax, v);
		maxabs = fmax(maxabs, fabs(v));
	}
	if (hm->nempty == hm->nx * hm->ny) {
		zmin = 0;
		zmax = 1;
	}
	if (isfinite(o->zmin))
		zmin = o->zmin;
	if (isfinite(o->zmax))
		zmax = o->zmax;
	zs->cmap = o->cmap;
	zs->reverse = o->reverse;
	zs->lo = zmin;
	zs->hi = zmax;
	if (isfinite(o->center)) {
		double d = fmax(fabs(zmax - o->center), fabs(zmin - o->center));

		if (!(d > 0))
			d = 1;
		zs->lo = o->center - d;
		zs->hi = o->center + d;
	}
	if (!(zs->hi > zs->lo)) {
		double d = zs->lo == 0 ? 1 : fabs(zs->lo) * 0.1;

		/* A tenth of a subnormal value may round to nothing. */
		if (!(zs->lo - d < zs->hi + d))
			d = DBL_MIN;
		zs->lo -= d;
		zs->hi += d;
	}
	hm->dec = all_integers(hm);
	(void)maxabs;
}

/*
 * Layout pass: the frame of category axes, with room on the right for
 * the colour bar, its ticks and title, measured first.
 */
static int
heat_layout(cairo_t *cr, struct heat *hm, double w, double h,
    const char *const *xcat, const char *const *ycat, struct bs_err *err)
{
	const struct bp_heatmap_opts *o = hm->o;
	struct bp_frame *f = &hm->f;
	double tw, th, zl_w = 0;

	memset(f, 0, sizeof(*f));
	f->w = w;
	f->h = h;
	bp_style_init(&f->st, w, h, o->chart.font_size);
	f->title = o->chart.title;
	f->ax.kind = BP_SCALE_CATEGORY;
	f->ax.cat = xcat;
	f->ax.ncat = hm->nx;
	f->ax.label = o->chart.x.label;
	f->ay.kind = BP_SCALE_CATEGORY;
	f->ay.cat = ycat;
	f->ay.ncat = hm->ny;
	f->ay.reversed = 1;
	f->ay.label = o->chart.y.label;
	if (bp_ticks_linear(hm->zs.lo, hm->zs.hi, 6, &hm->zt) != 0)
		return bp_err(err, "heatmap: values from %g to %g: %s",
		    hm->zs.lo, hm->zs.hi, isfinite(hm->zs.hi - hm->zs.lo) ?
		    "too close together for the colour bar's ticks (below "
		    "double precision)" : "the range overflows");
	for (size_t i = 0; i < hm->zt.n; i++) {
		bp_measure(cr, hm->zt.label[i], f->st.tick, 1, 0, 0, &tw, &th);
		hm->ztw = fmax(hm->ztw, tw);
	}
	if (o->zlabel != NULL && *o->zlabel != '\0')
		bp_measure(cr, o->zlabel, f->st.label, 0, 0, h * 0.6, &zl_w,
		    &hm->zl_h);
	hm->barw = f->st.tick * 1.3;
	f->right = f->st.gap * 3 + hm->barw + f->st.ticklen + f->st.gap +
	    hm->ztw + (hm->zl_h > 0 ? f->st.gap * 1.5 + hm->zl_h : 0);
	if (o->bar == BP_BAR_ALONE) {
		/* The bar by itself, down the cell, from its left edge. */
		f->px = f->st.gap * 2 - f->st.gap * 3;
		f->pw = 0;
		f->py = f->st.gap * 2 + f->st.small * 1.5;
		f->ph = fmax(h - f->py * 2 - (hm->nempty > 0 ? f->st.small *
		    2 : 0), f->st.tick);
		return 0;
	}
	if (o->bar == BP_BAR_NONE)
		f->right = f->st.gap;
	else if (hm->nempty > 0) {
		bp_measure(cr, bs_tr("no data"), f->st.small, 0, 0, 0, &tw,
		    &th);
		f->right = fmax(f->right, f->st.gap * 3 + hm->barw * 1.6 + tw);
	}
	if (bp_frame_place(cr, f, &o->chart, err) != 0)
		return -1;
	hm->cw = f->pw / (double)hm->nx;
	hm->ch = f->ph / (double)hm->ny;
	return 0;
}

/*
 * Cells pass: one pixel per cell, scaled up without interpolation.  PDF
 * and SVG viewers may smooth a scaled image whatever the filter says
 * (an SVG from cairo 1.16 cannot say it at all), so for vector targets
 * each cell is a block of k x k pixels: smoothing then blurs only 1/k
 * of a cell at its edges.  Empty cells are hatched.
 */
/*
 * Into SVG, up to BP_SVG_CELLS cells, each cell a rectangle: cairo
 * writes an image as a pattern of a <use>, which ImageMagick draws
 * black.  Each reaches half a unit into its right and lower neighbours,
 * drawn after it, so that no seam shows between them.
 */
#define BP_SVG_CELLS	4096
static void
svg_blocks(cairo_t *cr, double x, double y, double cw, double ch,
    size_t nx, size_t ny, const struct heat *hm, int bar)
{
	for (size_t iy = 0; iy < ny; iy++)
		for (size_t ix = 0; ix < nx; ix++) {
			const struct zscale *zs = &hm->zs;
			double v = bar ? zs->hi - (zs->hi / 2 - zs->lo / 2) * 2 *
			    (double)iy / (double)(ny - 1) : hm->z[iy * nx + ix] *
			    hm->zf;
			struct bp_rgb c = isfinite(v) ? zs_color(zs, v) :
			    empty_cell;

			cairo_rectangle(cr, x + cw * (double)ix, y + ch *
			    (double)iy, cw + (ix + 1 < nx ? 0.5 : 0), ch +
			    (iy + 1 < ny ? 0.5 : 0));
			bp_set_rgb(cr, c);
			cairo_fill(cr);
		}
}

static int
heat_cells(cairo_t *cr, const struct heat *hm, struct bs_err *err)
{
	const struct bp_frame *f = &hm->f;
	size_t k = 1, nx = hm->nx, ny = hm->ny;
	cairo_surface_t *img;
	unsigned char *data;
	int stride;

	if (cairo_surface_get_type(cairo_get_target(cr)) ==
	    CAIRO_SURFACE_TYPE_SVG && nx * ny <= BP_SVG_CELLS) {
		svg_blocks(cr, f->px, f->py, hm->cw, hm->ch, nx, ny, hm, 0);
		goto hatch;
	}
	if (cairo_surface_get_type(cairo_get_target(cr)) !=
	    CAIRO_SURFACE_TYPE_IMAGE) {
		k = 128;
		while (k > 1 && (double)(nx * k) * (double)(ny * k) > 4e6)
			k /= 2;
	}
	img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(nx * k),
	    (int)(ny * k));
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		bp_err(err, "heatmap: %s", cairo_status_to_string(
		    cairo_surface_status(img)));
		cairo_surface_destroy(img);
		return -1;
	}
	cairo_surface_flush(img);
	data = cairo_image_surface_get_data(img);
	stride = cairo_image_surface_get_stride(img);
	for (size_t py = 0; py < ny * k; py++) {
		uint32_t *row = (uint32_t *)(void *)(data + (size_t)stride * py);

		for (size_t px = 0; px < nx * k; px++) {
			double v = hm->z[(py / k) * nx + px / k] * hm->zf;

			row[px] = argb(isfinite(v) ? zs_color(&hm->zs, v) :
			    empty_cell);
		}
	}
	cairo_surface_mark_dirty(img);
	cairo_save(cr);
	cairo_translate(cr, f->px, f->py);
	cairo_scale(cr, hm->cw / (double)k, hm->ch / (double)k);
	cairo_set_source_surface(cr, img, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
	cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
	cairo_rectangle(cr, 0, 0, (double)(nx * k), (double)(ny * k));
	cairo_fill(cr);
	cairo_restore(cr);
	cairo_surface_destroy(img);
hatch:
	for (size_t iy = 0; iy < ny; iy++)
		for (size_t ix = 0; ix < nx; ix++)
			if (!isfinite(hm->z[iy * nx + ix] * hm->zf))
				hatch(cr, f->px + hm->cw * (double)ix,
				    f->py + hm->ch * (double)iy, hm->cw, hm->ch,
				    f->st.tick * 0.6, f->st.thin);
	return 0;
}

/*
 * The size of the cell values, one for all cells: a little above the
 * tick size, shrunk until the widest value fits; 0 (left out) when that
 * gets too small to read.
 */
/* The widest and tallest cell value at a size. */
static void
value_extent(cairo_t *cr, const struct heat *hm, double size, double *maxw,
    double *maxh)
{
	double tw, th;
	char buf[64];

	*maxw = *maxh = 0;
	for (size_t i = 0; i < hm->nx * hm->ny; i++) {
		if (!isfinite(hm->z[i] * hm->zf))
			continue;
		format_value(hm->o, hm->dec, hm->z[i] * hm->zf, buf,
		    sizeof(buf));
		bp_measure(cr, buf, size, 0, 0, 0, &tw, &th);
		*maxw = fmax(*maxw, tw);
		*maxh = fmax(*maxh, th);
	}
}

static double
value_size(cairo_t *cr, const struct heat *hm)
{
	double size = hm->f.st.tick * 1.1, maxw, maxh, w1;

	value_extent(cr, hm, size, &maxw, &maxh);
	/*
	 * Hinted glyphs do not shrink in proportion at small sizes (their
	 * advances round to whole pixels): measured again at the smaller
	 * size, and shrunk again while the widest still overflows (small
	 * cells: the panels of --facet).
	 */
	for (int k = 0; k < 6 && maxw > hm->cw * 0.88; k++) {
		size *= hm->cw * 0.88 / maxw;
		value_extent(cr, hm, size, &w1, &maxh);
		maxh *= hm->f.st.tick * 1.1 / size;
		maxw = w1;
	}
	if (maxh * size / (hm->f.st.tick * 1.1) > hm->ch * 0.9)
		size = fmin(size, hm->f.st.tick * 1.1 * hm->ch * 0.9 / maxh);
	return size < 5 || size < hm->f.st.tick * 0.5 ? 0 : size;
}

/* Labels pass: each cell's value in black or white by its colour. */
static void
heat_values(cairo_t *cr, const struct heat *hm)
{
	double size;
	char buf[64];

	if (!hm->o->values)
		return;
	size = value_size(cr, hm);
	/* Panels: one size for all, or no values in any. */
	if (hm->o->vsize != NULL && !hm->o->vsize->apply)
		hm->o->vsize->lo = fmin(hm->o->vsize->lo, size);
	else if (hm->o->vsize != NULL && isfinite(hm->o->vsize->lo))
		size = hm->o->vsize->lo;
	if (size == 0)
		return;
	for (size_t iy = 0; iy < hm->ny; iy++)
		for (size_t ix = 0; ix < hm->nx; ix++) {
			double v = hm->z[iy * hm->nx + ix] * hm->zf;

			if (!isfinite(v))
				continue;
			format_value(hm->o, hm->dec, v, buf, sizeof(buf));
			bp_text(cr, buf, size, 0, 0, 0,
			    hm->f.px + hm->cw * ((double)ix + 0.5),
			    hm->f.py + hm->ch * ((double)iy + 0.5),
			    BP_HCENTER, BP_VMIDDLE, 0,
			    bp_contrast_text(zs_color(&hm->zs, v)));
		}
}

/* The colour bar's gradient: a 256-step image, scaled smoothly. */
static int
bar_gradient(cairo_t *cr, const struct heat *hm, double barx,
    struct bs_err *err)
{
	cairo_surface_t *bar;
	const struct zscale *zs = &hm->zs;
	unsigned char *data;
	int stride;

	if (cairo_surface_get_type(cairo_get_target(cr)) ==
	    CAIRO_SURFACE_TYPE_SVG) {
		svg_blocks(cr, barx, hm->f.py, hm->barw, hm->f.ph / 256.0, 1,
		    256, hm, 1);
		return 0;
	}
	bar = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 256);
	if (cairo_surface_status(bar) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(bar);
		return bp_err(err, "heatmap: colour bar image");
	}
	cairo_surface_flush(bar);
	data = cairo_image_surface_get_data(bar);
	stride = cairo_image_surface_get_stride(bar);
	for (int i = 0; i < 256; i++) {
		double v = zs->hi - (zs->hi / 2 - zs->lo / 2) * 2 * i / 255.0;

		*(uint32_t *)(void *)(data + (size_t)stride * i) =
		    argb(zs_color(zs, v));
	}
	cairo_surface_mark_dirty(bar);
	cairo_save(cr);
	cairo_translate(cr, barx, hm->f.py);
	cairo_scale(cr, hm->barw, hm->f.ph / 256.0);
	cairo_set_source_surface(cr, bar, 0, 0);
	cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
	cairo_rectangle(cr, 0, 0, 1, 256);
	cairo_fill(cr);
	cairo_restore(cr);
	cairo_surface_destroy(bar);
	return 0;
}

/* Colour bar pass: gradient, frame, ticks, title and the empty key. */
static int
heat_colorbar(cairo_t *cr, const struct heat *hm, struct bs_err *err)
{
	const struct bp_frame *f = &hm->f;
	const struct zscale *zs = &hm->zs;
	double barx = f->px + f->pw + f->st.gap * 3, barw = hm->barw;
	double tx = barx + barw + f->st.ticklen + f->st.gap;

	if (bar_gradient(cr, hm, barx, err) == -1)
		return -1;
	cairo_save(cr);
	cairo_set_line_width(cr, f->st.thin);
	bp_set_rgb(cr, bp_grey(0.35));
	cairo_rectangle(cr, barx, f->py, barw, f->ph);
	cairo_stroke(cr);
	for (size_t i = 0; i < hm->zt.n; i++) {
		double y, t = zs_frac(zs, hm->zt.v[i]);

		if (t < -1e-9 || t > 1 + 1e-9)
			continue;
		y = f->py + f->ph * (1 - t);
		cairo_move_to(cr, barx + barw, y);
		cairo_line_to(cr, barx + barw + f->st.ticklen, y);
		cairo_stroke(cr);
		bp_text(cr, hm->zt.label[i], f->st.tick, 1, 0, 0, tx, y,
		    BP_HLEFT, BP_VMIDDLE, 0, bp_grey(0.15));
	}
	cairo_restore(cr);
	if (hm->zl_h > 0)
		bp_text(cr, hm->o->zlabel, f->st.label, 0, 0, f->h * 0.6,
		    tx + hm->ztw + f->st.gap * 1.5 + hm->zl_h,
		    f->py + f->ph / 2, BP_HCENTER, BP_VBOTTOM, M_PI / 2,
		    bp_grey(0.15));
	if (hm->o->better != 0)
		bp_text(cr, bs_tr(hm->o->better > 0 ? "\xe2\x96\xb2 better" :
		    "\xe2\x96\xbc better"), f->st.small, 0, 1, 0, barx,
		    hm->o->better > 0 ? f->py - f->st.gap * 0.5 : f->py +
		    f->ph + f->st.gap * 0.5, BP_HLEFT, hm->o->better > 0 ?
		    BP_VBOTTOM : BP_VTOP, 0, bp_grey(0.15));
	if (hm->nempty > 0) {
		double y = f->py + f->ph + f->st.ticklen + f->st.gap +
		    (hm->o->better < 0 ? f->st.small * 1.4 : 0);

		cairo_save(cr);
		cairo_rectangle(cr, barx, y, barw * 1.3, f->st.small * 1.2);
		bp_set_rgb(cr, empty_cell);
		cairo_fill(cr);
		hatch(cr, barx, y, barw * 1.3, f->st.small * 1.2,
		    f->st.tick * 0.6, f->st.thin);
		cairo_restore(cr);
		bp_text(cr, bs_tr("no data"), f->st.small, 0, 0, 0,
		    barx + barw * 1.3 + f->st.gap, y + f->st.small * 0.6,
		    BP_HLEFT, BP_VMIDDLE, 0, bp_grey(0.15));
	}
	return 0;
}

int
bp_heatmap(cairo_t *cr, double w, double h, const struct bp_heatmap_opts *o,
    const char *const *xcat, size_t nx, const char *const *ycat, size_t ny,
    const double *z, struct bs_err *err)
{
	struct heat hm;

	if (nx == 0 || ny == 0)
		return bp_err(err, "heatmap: no categories");
	if (nx > BP_MAX_TICKS || ny > BP_MAX_TICKS)
		return bp_err(err, "heatmap: at most %d categories per axis",
		    BP_MAX_TICKS);
	if ((int)o->cmap < 0 || o->cmap >= BP_CMAP__MAX)
		return bp_err(err, "heatmap: unknown colour map");
	memset(&hm, 0, sizeof(hm));
	hm.o = o;
	hm.z = z;
	hm.nx = nx;
	hm.ny = ny;
	hm.zf = o->zfactor > 0 && isfinite(o->zfactor) ? o->zfactor : 1;
	heat_scale(&hm);
	/* The common colour bar keys the hatching of any panel's cells. */
	if (o->bar == BP_BAR_ALONE)
		hm.nempty = o->anyempty ? 1 : 0;
	if (heat_layout(cr, &hm, w, h, xcat, ycat, err) == -1)
		return -1;
	if (o->bar != BP_BAR_ALONE) {
		if (heat_cells(cr, &hm, err) == -1)
			return -1;
		heat_values(cr, &hm);
		bp_frame_axes(cr, &hm.f);
	}
	if (o->bar != BP_BAR_NONE && heat_colorbar(cr, &hm, err) == -1)
		return -1;
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		return bp_err(err, "drawing failed: %s",
		    cairo_status_to_string(cairo_status(cr)));
	return 0;
}

/* ------------------------------------------------------------------ */
/* The kind: -z's mean in the cell of each -x and -y */

static void
heat_columns(struct bp_cols *c, const struct bp_request *q,
    const struct bp_plan *p, const struct bp_header *h)
{
	(void)p;
	(void)h;
	bp_cols_add(c, q->z);
}

static int
heat_gather(struct bp_drawing *d, struct bs_err *e)
{
	struct bs_summary_opts so;
	struct bp_grid *gr;

	if (d->pl->filecol)
		return bp_err(e, "heatmap draws one input at a time (got %zu "
		    "files)", d->in->nbufs);
	if ((gr = calloc(1, sizeof(*gr))) == NULL)
		return bp_err(e, "out of memory");
	d->data = gr;
	bp_drawing_summary(d, &so);
	return bp_grid_gather(&d->in->r, &so, gr, e);
}

/*
 * Small multiples: every panel's colours on one scale, the range of all
 * their cells (gathered on the first passes, in the displayed unit),
 * and one colour bar, alone in the common legend's cell.
 */
static void
heat_facet(struct bp_heatmap_opts *po, const struct bp_inputs *in,
    const struct bp_grid *gr, double range[2])
{
	struct bp_axshare *z = &in->facet->z;

	range[0] = HUGE_VAL;
	range[1] = -HUGE_VAL;
	for (size_t i = 0; i < gr->nx * gr->ny; i++) {
		if (!isfinite(gr->z[i]) && !in->facet->legend_only)
			in->facet->anyempty = 1;
		if (isfinite(gr->z[i])) {
			range[0] = fmin(range[0], gr->z[i] * po->zfactor);
			range[1] = fmax(range[1], gr->z[i] * po->zfactor);
		}
	}
	if (!z->apply) {
		z->lo = fmin(z->lo, range[0]);
		z->hi = fmax(z->hi, range[1]);
	} else if (z->lo <= z->hi) {
		range[0] = po->zmin = z->lo;
		range[1] = po->zmax = z->hi;
	}
	po->bar = in->facet->legend_only ? BP_BAR_ALONE : BP_BAR_NONE;
	po->vsize = &in->facet->vsize;
	po->anyempty = in->facet->anyempty;
	if (in->facet->legend_only)
		in->facet->legend_n = 1;	/* the bar is an entry */
}

static int
heat_chart(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_grid *gr, struct bs_err *e)
{
	struct bp_heatmap_opts po;
	struct bp_refs rf;
	double range[2];
	char *zt;
	int rc;

	bp_heatmap_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, NULL, NULL);
	po.chart.x.label = q->xlabel ? q->xlabel : q->x;
	po.chart.y.label = q->ylabel ? q->ylabel : q->y;
	/*
	 * A colour bar title the user wrote is kept as written, unit and
	 * all, and the values stay in that unit: the cells print numbers
	 * that the title must name.
	 */
	if (q->zlabel != NULL)
		zt = strdup(q->zlabel);
	else if (bp_axis_title_in(&zt, in, q->z, NULL, gr->maxabs, &po.zfactor,
	    e) == -1)
		return -1;
	if (zt == NULL)
		return bp_err(e, "out of memory");
	po.zlabel = zt;
	if (in->facet != NULL)
		heat_facet(&po, in, gr, range);
	/* With panels, the map is chosen for all their values. */
	bp_heat_colors(&po, q->z, bp_declared_unit(in->t, q->z),
	    in->facet != NULL ? range : gr->z, in->facet != NULL ? 2 :
	    gr->nx * gr->ny, q->cmap, isfinite(q->center) ? q->center *
	    po.zfactor : NAN, q->reverse);
	rc = bp_heatmap(s->cr, s->width, s->height, &po,
	    (const char *const *)gr->xcat, gr->nx,
	    (const char *const *)gr->ycat, gr->ny, gr->z, e);
	free(zt);
	return rc;
}

static int
heat_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	return heat_chart(s, d->q, d->in, d->data, e);
}

static void
heat_release(struct bp_drawing *d)
{
	if (d->data != NULL)
		bp_grid_free(d->data);
	free(d->data);
}

const struct bp_kind bp_kind_heatmap = {
	.name = "heatmap",
	.synopsis = "-x COL -y COL -z COL [--colormap MAP] [--center V]\n"
	    "[options] [FILE] -o OUT",
	.flags = BP_KF_YKEY | BP_KF_LEGEND_STRIP,
	.takes = BP_REQ_Z | BP_REQ_FACET,
	.refuses = { { BP_REQ_SERIES | BP_REQ_LOGX | BP_REQ_LOGY,
	    BP_MISUSE_HEAT_AXES }, { BP_REQ_LEGEND, BP_MISUSE_HEAT_LEGEND } },
	.needs = { BP_REQ_NOX | BP_REQ_NOY | BP_REQ_NOZ, BP_MISUSE_NEED_XYZ },
	.columns = heat_columns,
	.gather = heat_gather,
	.draw = heat_draw,
	.release = heat_release
};
