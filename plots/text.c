/*
 * Text through Pango, so that Chinese, µ and any other UTF-8 render
 * with font fallback; and the small helpers every chart needs.
 */
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <sys/mman.h>

#include "plots_extern.h"

/* Address space fontconfig and Pango's threads need (stacks of 8 MiB). */
#define FONT_ROOM	((size_t)64 << 20)

int
bp_fonts_init(struct bs_err *err)
{
	static int done;
	PangoFontMap *fm;
	PangoContext *ctx;
	PangoFontDescription *fd;
	PangoFont *f;
	void *room;

	if (done)
		return 0;
	/*
	 * Fontconfig does not survive running out of memory in Pango's
	 * threads (it crashes in FcFontSetSort): without room for it and
	 * those threads' stacks the charts are refused here, in one line.
	 */
	if ((room = mmap(NULL, FONT_ROOM, PROT_NONE, MAP_PRIVATE |
	    MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) == MAP_FAILED)
		return bs_seterr(err, NULL, 0, "cannot set up the fonts for "
		    "the charts: out of memory");
	munmap(room, FONT_ROOM);
	/*
	 * Pango starts fontconfig in a thread of its own and crashes there
	 * when fontconfig fails; started here first, its failure is seen.
	 */
	if (!FcInit() || FcConfigGetCurrent() == NULL)
		return bs_seterr(err, NULL, 0, "cannot set up the fonts for "
		    "the charts (fontconfig failed: out of memory or no "
		    "configuration)");
	if ((fm = pango_cairo_font_map_get_default()) == NULL ||
	    (ctx = pango_font_map_create_context(fm)) == NULL)
		return bs_seterr(err, NULL, 0, "cannot set up the fonts for "
		    "the charts (Pango has no font map)");
	fd = pango_font_description_from_string(BP_FONT);
	f = fd != NULL ? pango_font_map_load_font(fm, ctx, fd) : NULL;
	if (fd != NULL)
		pango_font_description_free(fd);
	g_object_unref(ctx);
	if (f == NULL)
		return bs_seterr(err, NULL, 0, "cannot set up the fonts for "
		    "the charts (no font for '%s')", BP_FONT);
	g_object_unref(f);
	done = 1;
	return 0;
}

PangoLayout *
bp_layout(cairo_t *cr, const char *text, double size, int markup, int bold,
    double wrap)
{
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *fd = pango_font_description_from_string(BP_FONT);
	cairo_font_options_t *fo = cairo_font_options_create();

	/*
	 * Unhinted metrics: the same layout on an image surface and on a
	 * PDF, so sizes in pixels and in points give the same picture.
	 */
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(pango_layout_get_context(l), fo);
	pango_layout_context_changed(l);
	cairo_font_options_destroy(fo);

	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	/*
	 * Labels can be of any length (a 2000-character series name):
	 * wrapped text stops after BP_MAX_LINES lines, a single line at
	 * its width, both with an ellipsis, so that no label takes the
	 * whole image.
	 */
	if (wrap > 0) {
		pango_layout_set_width(l, (int)(wrap * PANGO_SCALE));
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
		pango_layout_set_height(l, -BP_MAX_LINES);
	} else if (wrap < 0) {
		pango_layout_set_width(l, (int)(-wrap * PANGO_SCALE));
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	}
	/*
	 * Text that is not UTF-8 (a label from a file in Latin-1) would
	 * make Pango warn and lay out nothing, and a cairo text path fail
	 * the whole drawing: invalid bytes become U+FFFD instead.
	 */
	if (!g_utf8_validate(text, -1, NULL)) {
		char *ok = g_utf8_make_valid(text, -1);

		if (markup)
			pango_layout_set_markup(l, ok, -1);
		else
			pango_layout_set_text(l, ok, -1);
		g_free(ok);
	} else if (markup)
		pango_layout_set_markup(l, text, -1);
	else
		pango_layout_set_text(l, text, -1);
	return l;
}

void
bp_layout_size(PangoLayout *l, double *w, double *h)
{
	PangoRectangle ink, log;

	pango_layout_get_extents(l, &ink, &log);
	*w = (double)log.width / PANGO_SCALE;
	*h = (double)log.height / PANGO_SCALE;
}

void
bp_measure(cairo_t *cr, const char *text, double size, int markup,
    int bold, double wrap, double *w, double *h)
{
	PangoLayout *l;

	if (text == NULL || *text == '\0') {
		*w = *h = 0;
		return;
	}
	l = bp_layout(cr, text, size, markup, bold, wrap);
	bp_layout_size(l, w, h);
	g_object_unref(l);
}

void
bp_text_size(cairo_t *cr, const char *text, double size, double *w,
    double *h)
{
	bp_measure(cr, text, size, 0, 0, 0, w, h);
}

void
bp_text(cairo_t *cr, const char *text, double size, int markup, int bold,
    double wrap, double x, double y, enum bp_halign ha, enum bp_valign va,
    double angle, struct bp_rgb c)
{
	PangoLayout *l;
	PangoRectangle ink, log;
	double w, h, dx, dy;

	if (text == NULL || *text == '\0')
		return;
	l = bp_layout(cr, text, size, markup, bold, wrap);
	if (ha == BP_HCENTER)
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	else if (ha == BP_HRIGHT)
		pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
	pango_layout_get_extents(l, &ink, &log);
	w = (double)log.width / PANGO_SCALE;
	h = (double)log.height / PANGO_SCALE;
	dx = ha == BP_HLEFT ? 0 : ha == BP_HCENTER ? -w / 2 : -w;
	dy = va == BP_VTOP ? 0 : va == BP_VMIDDLE ? -h / 2 : -h;
	/* The logical box may not start at 0 with wrapping alignment. */
	dx -= (double)log.x / PANGO_SCALE;
	dy -= (double)log.y / PANGO_SCALE;

	cairo_save(cr);
	cairo_translate(cr, x, y);
	if (angle != 0)
		cairo_rotate(cr, -angle);
	cairo_move_to(cr, dx, dy);
	bp_set_rgb(cr, c);
	pango_cairo_update_layout(cr, l);
	/*
	 * Into SVG the glyphs go as outlines: cairo writes shown text as
	 * <symbol>s drawn by <use>, which ImageMagick's renderer leaves
	 * out (a chart without a word); a path renders the same in
	 * librsvg, ImageMagick and a browser.
	 */
	if (cairo_surface_get_type(cairo_get_target(cr)) ==
	    CAIRO_SURFACE_TYPE_SVG) {
		pango_cairo_layout_path(cr, l);
		cairo_fill(cr);
	} else
		pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}

void
bp_style_init(struct bp_style *st, double w, double h, double font_size)
{
	double base = font_size;

	if (!(base > 0)) {
		/* About 12 units on an 800 x 500 image. */
		base = sqrt(w * h) / 52;
		if (base < 8)
			base = 8;
		if (base > 22)
			base = 22;
	}
	st->tick = base;
	st->label = base * 1.1;
	st->title = base * 1.35;
	st->legend = base;
	st->small = base * 0.9;
	st->pad = base * 0.9;
	st->gap = base * 0.45;
	st->ticklen = base * 0.4;
	st->line = fmax(1.0, base / 7.0);
	st->thin = fmax(0.6, base / 16.0);
	st->marker = base * 0.33;
}

void
bp_set_rgb(cairo_t *cr, struct bp_rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

void
bp_set_rgba(cairo_t *cr, struct bp_rgb c, double a)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, a);
}

struct bp_rgb
bp_grey(double v)
{
	struct bp_rgb c = { v, v, v };

	return c;
}

int
bp_marker_shape(size_t kind)
{
	if (kind & BP_MARK_NONE)
		return -1;
	if (kind & BP_MARK_STAR)
		return 7;
	/* A series' index: the eighth series was drawn with the star. */
	return (int)((kind & 0xff) % 7);
}

void
bp_marker(cairo_t *cr, size_t kind, double x, double y, double r,
    struct bp_rgb c)
{
	struct bp_rgb edge = { c.r * 0.6, c.g * 0.6, c.b * 0.6 };
	int stroke_only = (kind & BP_MARK_OPEN) != 0;

	if (bp_marker_shape(kind) == -1)
		return;
	cairo_save(cr);
	cairo_new_path(cr);
	switch (bp_marker_shape(kind)) {
	case 0:
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
		break;
	case 1:
		r *= 0.9;
		cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r);
		break;
	case 2:
		r *= 1.2;
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x + r * 0.866, y + r * 0.5);
		cairo_line_to(cr, x - r * 0.866, y + r * 0.5);
		cairo_close_path(cr);
		break;
	case 3:
		r *= 1.25;
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x + r * 0.8, y);
		cairo_line_to(cr, x, y + r);
		cairo_line_to(cr, x - r * 0.8, y);
		cairo_close_path(cr);
		break;
	case 4:
		r *= 1.2;
		cairo_move_to(cr, x, y + r);
		cairo_line_to(cr, x + r * 0.866, y - r * 0.5);
		cairo_line_to(cr, x - r * 0.866, y - r * 0.5);
		cairo_close_path(cr);
		break;
	case 5:
		r *= 1.2;
		cairo_move_to(cr, x - r, y);
		cairo_line_to(cr, x + r, y);
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x, y + r);
		stroke_only = 1;
		break;
	case 6:
		r *= 1.0;
		cairo_move_to(cr, x - r, y - r);
		cairo_line_to(cr, x + r, y + r);
		cairo_move_to(cr, x - r, y + r);
		cairo_line_to(cr, x + r, y - r);
		stroke_only = 1;
		break;
	default:
		r *= 1.35;
		for (int i = 0; i < 10; i++) {
			double a = -M_PI / 2 + i * M_PI / 5;
			double rr = i % 2 ? r * 0.45 : r;

			if (i == 0)
				cairo_move_to(cr, x + rr * cos(a),
				    y + rr * sin(a));
			else
				cairo_line_to(cr, x + rr * cos(a),
				    y + rr * sin(a));
		}
		cairo_close_path(cr);
		break;
	}
	if (stroke_only && (kind & BP_MARK_OPEN)) {
		cairo_set_line_width(cr, fmax(1, r * 0.16));
		bp_set_rgb(cr, c);
		cairo_stroke(cr);
	} else if (stroke_only) {
		cairo_set_line_width(cr, fmax(1.2, r * 0.45));
		bp_set_rgb(cr, c);
		cairo_stroke(cr);
	} else {
		bp_set_rgb(cr, c);
		cairo_fill_preserve(cr);
		cairo_set_line_width(cr, fmax(0.6, r * 0.22));
		bp_set_rgb(cr, edge);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
}

void
bp_utf8_trim(char *buf)
{
	const char *end;

	if (!g_utf8_validate(buf, -1, &end))
		buf[end - buf] = '\0';
}

/* The finite values of v[0..n) times f, sorted; NULL when out of memory. */
double *
bp_finite_sorted(const double *v, size_t n, double f, size_t *m)
{
	double *c = malloc((n ? n : 1) * sizeof(*c));

	*m = 0;
	if (c == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			c[(*m)++] = v[i] * f;
	qsort(c, *m, sizeof(*c), bs_cmp_double);
	return c;
}

void
bp_fmt_num(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "%s", isnan(v) ? "n/a" : v > 0 ? "\xe2\x88\x9e" :
		    "\xe2\x88\x92\xe2\x88\x9e");
	else if (fabs(v) >= 1e6 || (fabs(v) < 1e-3 && v != 0))
		snprintf(buf, len, "%.3g", v);
	else if (fabs(v) >= 1000)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.4g", v);
}
