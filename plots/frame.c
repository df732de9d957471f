/*
 * The chart frame: two-pass layout (measure every label, then size the
 * plot area), axes with ticks and titles, and legends.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

void
bp_chart_init(struct bp_chart *c)
{
	memset(c, 0, sizeof(*c));
	c->x.base2 = c->y.base2 = BP_AUTO;
	c->x.min = c->x.max = c->y.min = c->y.max = NAN;
	c->x.factor = c->y.factor = 1;
}

double
bp_factor(const struct bp_axis *a)
{
	return a->factor > 0 && isfinite(a->factor) ? a->factor : 1;
}

enum bp_scale_kind
bp_axis_kind(const struct bp_axis *a, const double *v, size_t n)
{
	if (!a->log)
		return BP_SCALE_LINEAR;
	if (a->base2 == 1 || (a->base2 == BP_AUTO && bp_all_pow2(v, n)))
		return BP_SCALE_LOG2;
	return BP_SCALE_LOG10;
}

/* Ticks for one axis with about m of them. */
static int
axis_ticks(const struct bp_axspec *a, size_t m, struct bp_ticks *t)
{
	int rc;

	if (a->given != NULL) {
		*t = *a->given;
		rc = 0;
		goto pad;
	}
	switch (a->kind) {
	case BP_SCALE_CATEGORY:
		memset(t, 0, sizeof(*t));
		t->kind = BP_SCALE_CATEGORY;
		for (size_t i = 0; i < a->ncat && i < BP_MAX_TICKS; i++) {
			t->v[i] = (double)i;
			t->n++;
		}
		t->lo = -0.5;
		t->hi = (double)a->ncat - 0.5;
		return 0;
	case BP_SCALE_LOG10:
		rc = bp_ticks_log10(a->dmin, a->dmax, t);
		break;
	case BP_SCALE_LOG2:
		rc = bp_ticks_pow2(a->dmin, a->dmax, m, 1, t);
		break;
	default:
		if (a->base2)
			rc = bp_ticks_pow2(a->dmin, a->dmax, m, 0, t);
		else if (a->integer)
			rc = bp_ticks_integer(a->dmin, a->dmax, m, t);
		else
			rc = bp_ticks_linear(a->dmin, a->dmax, m, t);
		break;
	}
	if (rc != 0)
		return rc;
pad:
	if (a->fixed) {
		/* The caller's range; drop ticks outside it. */
		size_t k = 0;
		double eps = (a->dmax - a->dmin) * 1e-9;

		for (size_t i = 0; i < t->n; i++)
			if (t->v[i] >= a->dmin - eps &&
			    t->v[i] <= a->dmax + eps) {
				t->v[k] = t->v[i];
				memmove(t->label[k], t->label[i],
				    BP_TICK_LABEL);
				k++;
			}
		t->n = k;
		t->lo = a->dmin;
		t->hi = a->dmax;
	} else {
		double lo, hi, r;

		/*
		 * Padding that would take the axis beyond the doubles
		 * (data near 1.8e308) is left out.
		 */
		if (t->kind == BP_SCALE_LOG10 || t->kind == BP_SCALE_LOG2) {
			r = log(t->hi / t->lo);
			lo = t->lo * exp(-r * a->padlo);
			hi = t->hi * exp(r * a->padhi);
		} else {
			r = t->hi / 2 - t->lo / 2;
			lo = t->lo - 2 * r * a->padlo;
			hi = t->hi + 2 * r * a->padhi;
		}
		if (lo < hi && isfinite(lo) && isfinite(hi) &&
		    (t->kind == BP_SCALE_LINEAR || lo > 0)) {
			t->lo = lo;
			t->hi = hi;
		}
	}
	return 0;
}

/*
 * Why an axis got no ticks.  Every range of finite numbers gets ticks
 * but one: values so close together near zero (subnormal numbers such
 * as 5e-324 and 1e-323) that no two tick positions differ.
 */
static int
ticks_err(const struct bp_axspec *a, const char *name, struct bs_err *err)
{
	if (!isfinite(a->dmin) || !isfinite(a->dmax))
		return bp_err(err, "%s axis: the values overflow (from %g to "
		    "%g)", name, a->dmin, a->dmax);
	if ((a->kind == BP_SCALE_LOG10 || a->kind == BP_SCALE_LOG2) &&
	    !(a->dmin > 0))
		return bp_err(err, "%s axis: a log axis needs positive "
		    "values, not %g", name, a->dmin);
	return bp_err(err, "%s axis: values from %g to %g lie too close "
	    "together for ticks (below double precision)", name, a->dmin,
	    a->dmax);
}

/*
 * Category names can be of any length: one line of at most a quarter
 * of the image, cut with an ellipsis (see bp_layout()).
 */
static double
tick_wrap(const struct bp_frame *f, const struct bp_ticks *t)
{
	return t->kind == BP_SCALE_CATEGORY ? -f->w * 0.25 : 0;
}

/* Label of tick i: category names are plain text, numbers markup. */
static const char *
tick_text(const struct bp_frame *f, const struct bp_axspec *a,
    const struct bp_ticks *t, size_t i, int *markup)
{
	(void)f;
	if (t->kind == BP_SCALE_CATEGORY) {
		*markup = 0;
		return a->cat[i] ? a->cat[i] : "";
	}
	*markup = 1;
	return t->label[i];
}

static void
measure_ticks(cairo_t *cr, const struct bp_frame *f,
    const struct bp_axspec *a, const struct bp_ticks *t, double *maxw,
    double *maxh, double *firstw, double *lastw)
{
	double w, h;
	int markup;

	*maxw = *maxh = *firstw = *lastw = 0;
	for (size_t i = 0; i < t->n; i++) {
		const char *s = tick_text(f, a, t, i, &markup);

		bp_measure(cr, s, f->st.tick, markup, 0, tick_wrap(f, t), &w,
		    &h);
		if (w > *maxw)
			*maxw = w;
		if (h > *maxh)
			*maxh = h;
		if (i == 0)
			*firstw = w;
		*lastw = w;
	}
}

int
bp_frame_layout(cairo_t *cr, struct bp_frame *f, struct bs_err *err)
{
	const struct bp_style *st = &f->st;
	double title_w, xl_w, xl_h = 0, yl_w, yl_h = 0;
	double pw = f->w * 0.7, ph = f->h * 0.65;
	double xtw = st->tick * 3, xth = 0, ytw = 0, yth = 0, xfirst, xlast;
	double yfirst, ylast, left, right, top, bottom;
	size_t mx, my;

	f->title_h = 0;
	if (f->title != NULL && *f->title != '\0')
		bp_measure(cr, f->title, st->title, 0, 1,
		    f->w - 2 * st->pad, &title_w, &f->title_h);
	if (f->ax.label != NULL && *f->ax.label != '\0')
		bp_measure(cr, f->ax.label, st->label, 0, 0,
		    f->w - 2 * st->pad, &xl_w, &xl_h);

	for (int pass = 0; pass < 3; pass++) {
		/*
		 * Tick counts from the plot size of the previous pass: x
		 * labels need room for their width, y labels for about
		 * three lines of text.
		 */
		mx = (size_t)(pw / fmax(xtw * 1.8, st->tick * 5));
		my = (size_t)(ph / (st->tick * 3.2));
		if (mx < 2)
			mx = 2;
		if (my < 2)
			my = 2;
		if (mx > 12)
			mx = 12;
		if (my > 10)
			my = 10;
		if (axis_ticks(&f->ax, mx, &f->xt) != 0)
			return ticks_err(&f->ax, "x", err);
		if (axis_ticks(&f->ay, my, &f->yt) != 0)
			return ticks_err(&f->ay, "y", err);
		measure_ticks(cr, f, &f->ax, &f->xt, &xtw, &xth, &xfirst,
		    &xlast);
		measure_ticks(cr, f, &f->ay, &f->yt, &ytw, &yth, &yfirst,
		    &ylast);

		yl_h = 0;
		if (f->ay.label != NULL && *f->ay.label != '\0')
			bp_measure(cr, f->ay.label, st->label, 0, 0,
			    fmax(ph, st->label * 4), &yl_w, &yl_h);

		left = st->pad + (yl_h > 0 ? yl_h + st->gap * 1.5 : 0) +
		    ytw + st->gap + st->ticklen;
		right = st->pad + f->right;
		/* Half of the last x label may stick out to the right. */
		if (f->ax.kind != BP_SCALE_CATEGORY &&
		    xlast / 2 + st->pad > right)
			right = xlast / 2 + st->pad;
		if (f->ax.kind != BP_SCALE_CATEGORY &&
		    xfirst / 2 + st->pad > left)
			left = xfirst / 2 + st->pad;

		/*
		 * Category labels that do not fit side by side are
		 * turned to read upwards.
		 */
		f->xrot = 0;
		if (f->ax.kind == BP_SCALE_CATEGORY && f->ax.ncat > 0 &&
		    xtw + st->gap > (f->w - left - right) /
		    (double)f->ax.ncat)
			f->xrot = 1;
		f->xtick_h = f->xrot ? xtw : xth;

		top = st->pad + (f->title_h > 0 ? f->title_h + st->gap * 2 :
		    0);
		/* Room for half the top y label. */
		if (top < st->pad + yth / 2)
			top = st->pad + yth / 2;
		bottom = st->ticklen + st->gap + f->xtick_h +
		    (xl_h > 0 ? st->gap + xl_h : 0) + st->pad + f->bottom;
		/* Panels sharing an axis start their plot areas alike. */
		if (left < f->left)
			left = f->left;
		pw = f->w - left - right;
		ph = f->h - top - bottom;
		f->px = left;
		f->py = top;
		f->pw = pw;
		f->ph = ph;
		if (pw < st->tick * 3 || ph < st->tick * 3)
			return bp_err(err, "image too small for its labels "
			    "(%g x %g): make it larger (--width, --height) or "
			    "leave the legend out (--legend none)", f->w, f->h);
	}
	f->xlabel_y = f->py + f->ph + st->ticklen + st->gap + f->xtick_h +
	    st->gap;
	f->bottom_y = f->xlabel_y + xl_h + st->gap;
	return 0;
}

/*
 * Position of v along the axis, 0 at lo and 1 at hi.  Values a log
 * axis cannot show (0, negative) and non-finite ones go far outside,
 * where the clip removes them, never to NaN: a NaN coordinate would put
 * the cairo context in an error state.
 */
static double
axis_t(const struct bp_ticks *t, double v)
{
	double r;

	if (t->kind == BP_SCALE_LOG10 || t->kind == BP_SCALE_LOG2) {
		if (!(v > 0))
			return -10;
		r = (log(v) - log(t->lo)) / (log(t->hi) - log(t->lo));
	} else
		r = (v - t->lo) / (t->hi - t->lo);
	if (!isfinite(r))
		return v > 0 ? 10 : -10;
	return fmax(-10, fmin(10, r));
}

double
bp_fx(const struct bp_frame *f, double v)
{
	return f->px + axis_t(&f->xt, v) * f->pw;
}

double
bp_fy(const struct bp_frame *f, double v)
{
	double t = axis_t(&f->yt, v);

	if (f->ay.reversed)
		t = 1 - t;
	return f->py + f->ph - t * f->ph;
}

void
bp_frame_clip(cairo_t *cr, const struct bp_frame *f)
{
	cairo_rectangle(cr, f->px, f->py, f->pw, f->ph);
	cairo_clip(cr);
}

void
bp_frame_back(cairo_t *cr, const struct bp_frame *f)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, f->px, f->py, f->pw, f->ph);
	cairo_fill(cr);
	cairo_set_line_width(cr, f->st.thin);
	bp_set_rgb(cr, bp_grey(0.88));
	if (f->ax.grid && f->xt.kind != BP_SCALE_CATEGORY)
		for (size_t i = 0; i < f->xt.n; i++) {
			double x = bp_fx(f, f->xt.v[i]);

			cairo_move_to(cr, x, f->py);
			cairo_line_to(cr, x, f->py + f->ph);
		}
	if (f->ay.grid && f->yt.kind != BP_SCALE_CATEGORY)
		for (size_t i = 0; i < f->yt.n; i++) {
			double y = bp_fy(f, f->yt.v[i]);

			cairo_move_to(cr, f->px, y);
			cairo_line_to(cr, f->px + f->pw, y);
		}
	cairo_stroke(cr);
	cairo_restore(cr);
}

void
bp_frame_init(struct bp_frame *f, double w, double h,
    const struct bp_chart *c)
{
	memset(f, 0, sizeof(*f));
	f->w = w;
	f->h = h;
	bp_style_init(&f->st, w, h, c->font_size);
	f->title = c->title;
	f->legend = c->legend;
	f->chart = c;
}

int
bp_frame_place(cairo_t *cr, struct bp_frame *f, const struct bp_chart *c,
    struct bs_err *err)
{
	if (bp_frame_layout(cr, f, err) != 0)
		return -1;
	if (c->plot_area != NULL) {
		c->plot_area->x = f->px;
		c->plot_area->y = f->py;
		c->plot_area->w = f->pw;
		c->plot_area->h = f->ph;
	}
	return 0;
}

int
bp_frame_finish(cairo_t *cr, const struct bp_frame *f,
    const struct bp_legend *leg, struct bs_err *err)
{
	if (f->chart->legend_only) {
		cairo_pattern_destroy(cairo_pop_group(cr));
		goto status;
	}
	bp_frame_refs(cr, f);
	bp_frame_axes(cr, f);
	bp_legend_draw_placed(cr, leg, f);
status:
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		return bp_err(err, "drawing failed: %s",
		    cairo_status_to_string(cairo_status(cr)));
	return 0;
}

int
bp_axspec_set(struct bp_axspec *a, const struct bp_axis *o, double dmin,
    double dmax, struct bs_err *err)
{
	a->label = o->label;
	a->grid = 1;
	a->dmin = dmin;
	a->dmax = dmax;
	a->ref = o->ref;
	a->nref = o->nref;
	a->factor = bp_factor(o);
	/* A reference line the reader asked for must be in view. */
	for (size_t i = 0; i < a->nref; i++) {
		double v = a->ref[i].v * a->factor;

		if (!isfinite(v) || ((a->kind == BP_SCALE_LOG10 ||
		    a->kind == BP_SCALE_LOG2) && !(v > 0)))
			continue;
		a->dmin = fmin(a->dmin, v);
		a->dmax = fmax(a->dmax, v);
	}
	/* Panels: every one's range gathered, then covered by each. */
	if (o->share != NULL && !o->share->apply) {
		o->share->lo = fmin(o->share->lo, a->dmin);
		o->share->hi = fmax(o->share->hi, a->dmax);
	} else if (o->share != NULL && o->share->lo <= o->share->hi) {
		a->dmin = fmin(a->dmin, o->share->lo);
		a->dmax = fmax(a->dmax, o->share->hi);
	}
	if (isfinite(o->min) && isfinite(o->max)) {
		a->dmin = o->min;
		a->dmax = o->max;
		a->fixed = 1;
	}
	if ((a->kind == BP_SCALE_LOG10 || a->kind == BP_SCALE_LOG2) &&
	    !(a->dmin > 0))
		return bp_err(err, "log axis: values must be positive");
	return 0;
}

/*
 * Horizontal x labels must not overlap: on a log axis less than a decade
 * or two wide, 80, 90 and 100 sit close together.  Labels of powers of
 * ten are placed first, then the others where they fit; a tick whose
 * label does not fit keeps its mark.
 */
static void
xlabels_fit(cairo_t *cr, const struct bp_frame *cf)
{
	struct bp_frame *f = (struct bp_frame *)cf;
	double lo[BP_MAX_TICKS], hi[BP_MAX_TICKS], w, h, gap = f->st.gap;
	size_t n = f->xt.n < BP_MAX_TICKS ? f->xt.n : BP_MAX_TICKS, i, j;
	int placed[BP_MAX_TICKS], markup = 0;

	for (i = 0; i < BP_MAX_TICKS; i++) {
		f->xskip[i] = f->yskip[i] = 0;
		placed[i] = 0;
	}
	/*
	 * Categories: when their labels are taller (or wider) than the
	 * cells, label every k-th one.
	 */
	if (f->xt.kind == BP_SCALE_CATEGORY && n > 1) {
		double need = 0, cell = f->pw / (double)n;
		size_t k;

		for (i = 0; i < n; i++) {
			bp_measure(cr, tick_text(f, &f->ax, &f->xt, i, &markup),
			    f->st.tick, markup, 0, tick_wrap(f, &f->xt), &w,
			    &h);
			need = fmax(need, f->xrot ? h : w);
		}
		k = (size_t)ceil((need + gap) / cell);
		for (i = 0; k > 1 && i < n; i++)
			f->xskip[i] = i % k != 0;
	}
	if (f->yt.kind == BP_SCALE_CATEGORY && f->yt.n > 1) {
		size_t ny = f->yt.n < BP_MAX_TICKS ? f->yt.n : BP_MAX_TICKS, k;
		double cell = f->ph / (double)ny;

		bp_measure(cr, "0", f->st.tick, 0, 0, 0, &w, &h);
		k = (size_t)ceil((h + gap / 2) / cell);
		for (i = 0; k > 1 && i < ny; i++)
			f->yskip[i] = i % k != 0;
	}
	if (f->xrot || f->xt.kind == BP_SCALE_CATEGORY)
		return;
	for (i = 0; i < n; i++) {
		double x = bp_fx(f, f->xt.v[i]);

		bp_measure(cr, tick_text(f, &f->ax, &f->xt, i, &markup),
		    f->st.tick, markup, 0, 0, &w, &h);
		lo[i] = x - w / 2 - gap / 2;
		hi[i] = x + w / 2 + gap / 2;
	}
	for (int pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			double l10 = log10(fabs(f->xt.v[i]));
			int decade = f->xt.v[i] != 0 && l10 == floor(l10);
			int ok = 1;

			if (placed[i] || (pass == 0 && !decade))
				continue;
			for (j = 0; j < n && ok; j++)
				if (placed[j] && lo[i] < hi[j] && lo[j] < hi[i])
					ok = 0;
			placed[i] = ok;
			f->xskip[i] = !ok;
		}
}

void
bp_frame_axes(cairo_t *cr, const struct bp_frame *f)
{
	const struct bp_style *st = &f->st;
	struct bp_rgb ink = bp_grey(0.15), axis = bp_grey(0.35);
	double x0 = f->px, y0 = f->py + f->ph;
	int markup;

	cairo_save(cr);
	cairo_set_line_width(cr, st->thin * 1.3);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	bp_set_rgb(cr, axis);
	cairo_move_to(cr, x0, f->py);
	cairo_line_to(cr, x0, y0);
	cairo_line_to(cr, f->px + f->pw, y0);
	cairo_stroke(cr);

	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	xlabels_fit(cr, f);
	for (size_t i = 0; i < f->xt.n; i++) {
		double x = bp_fx(f, f->xt.v[i]);
		const char *s = tick_text(f, &f->ax, &f->xt, i, &markup);

		cairo_move_to(cr, x, y0);
		cairo_line_to(cr, x, y0 + st->ticklen);
		cairo_stroke(cr);
		if (i < BP_MAX_TICKS && f->xskip[i])
			continue;	/* its label would overlap another */
		if (f->xrot)
			bp_text(cr, s, st->tick, markup, 0,
			    tick_wrap(f, &f->xt), x,
			    y0 + st->ticklen + st->gap, BP_HRIGHT,
			    BP_VMIDDLE, M_PI / 2, ink);
		else
			bp_text(cr, s, st->tick, markup, 0,
			    tick_wrap(f, &f->xt), x,
			    y0 + st->ticklen + st->gap, BP_HCENTER,
			    BP_VTOP, 0, ink);
	}
	for (size_t i = 0; i < f->yt.n; i++) {
		double y = bp_fy(f, f->yt.v[i]);
		const char *s = tick_text(f, &f->ay, &f->yt, i, &markup);

		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x0 - st->ticklen, y);
		cairo_stroke(cr);
		if (i < BP_MAX_TICKS && f->yskip[i])
			continue;
		bp_text(cr, s, st->tick, markup, 0, tick_wrap(f, &f->yt),
		    x0 - st->ticklen - st->gap, y, BP_HRIGHT, BP_VMIDDLE, 0,
		    ink);
	}

	if (f->ax.label != NULL)
		bp_text(cr, f->ax.label, st->label, 0, 0,
		    f->w - 2 * st->pad, f->px + f->pw / 2, f->xlabel_y,
		    BP_HCENTER, BP_VTOP, 0, ink);
	if (f->ay.label != NULL)
		bp_text(cr, f->ay.label, st->label, 0, 0,
		    fmax(f->ph, st->label * 4), st->pad, f->py + f->ph / 2,
		    BP_HCENTER, BP_VTOP, M_PI / 2, ink);
	if (f->title != NULL)
		bp_text(cr, f->title, st->title, 0, 1, f->w - 2 * st->pad,
		    f->w / 2, st->pad, BP_HCENTER, BP_VTOP, 0, ink);
	cairo_restore(cr);
}

/* ------------------------------------------------------------------ */
/* Legends */

int
bp_legend_add(struct bp_legend *l, enum bp_legend_kind kind,
    struct bp_rgb c, size_t marker, const char *fmt, ...)
{
	struct bp_legend_item *it;
	va_list ap;
	char *text;
	int rc;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 8;
		void *p = realloc(l->items, cap * sizeof(*l->items));

		if (p == NULL)
			return -1;
		l->items = p;
		l->cap = cap;
	}
	/* Entries are series names of any length: never cut. */
	va_start(ap, fmt);
	rc = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (rc < 0)
		return -1;
	if ((text = bp_hyphen_join(text)) == NULL)
		return -1;
	it = &l->items[l->n++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->color = c;
	it->marker = marker;
	it->text = text;
	return 0;
}

/*
 * A word joiner (U+2060) after every hyphen-minus: Pango may break a line
 * after a hyphen, which cuts names such as "gcc-O2" or "-O2" in two.
 */
char *
bp_hyphen_join(char *s)
{
	size_t n = 0, len = strlen(s);
	char *t, *p;

	for (const char *q = s; *q; q++)
		n += *q == '-';
	if (n == 0)
		return s;
	if ((t = malloc(len + n * 3 + 1)) == NULL) {
		free(s);
		return NULL;
	}
	p = t;
	for (const char *q = s; *q; q++) {
		*p++ = *q;
		if (*q == '-') {
			memcpy(p, "\xe2\x81\xa0", 3);
			p += 3;
		}
	}
	*p = '\0';
	free(s);
	return t;
}

void
bp_legend_free(struct bp_legend *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i].text);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

static double
legend_symw(const struct bp_style *st)
{
	return st->legend * 2.4;
}

/*
 * Rows and columns of the entries: entries with a symbol fill rows of
 * ncol; a note (no symbol) takes a row of its own, as wide as the legend.
 * The height of every row goes to rowh (l->n entries), the count of
 * rows is returned.
 */
static size_t
legend_grid(cairo_t *cr, struct bp_legend *l, const struct bp_style *st,
    double *rowh)
{
	size_t nc = l->ncol > 1 ? l->ncol : 1, row = 0, col = 0;
	double w, h;

	for (size_t i = 0; i < l->n; i++) {
		struct bp_legend_item *it = &l->items[i];
		int note = it->kind == BP_LEG_TEXT && nc > 1;

		if ((note && col > 0) || col == nc) {
			row++;
			col = 0;
		}
		if (col == 0)
			rowh[row] = st->legend * 1.2;
		it->row = row;
		it->col = col;
		bp_measure(cr, it->text, st->legend, 0, 0, note ? l->notewrap :
		    l->wrap, &w, &h);
		rowh[row] = fmax(rowh[row], h);
		col = note ? nc : col + 1;
	}
	return l->n ? row + 1 : 0;
}

void
bp_legend_measure(cairo_t *cr, struct bp_legend *l, const struct bp_style *st)
{
	size_t nc = l->ncol > 1 ? l->ncol : 1, nr;
	double w, h, maxw = 0, notew = 0, *rowh;

	for (size_t i = 0; i < l->n; i++) {
		int note = l->items[i].kind == BP_LEG_TEXT && nc > 1;

		bp_measure(cr, l->items[i].text, st->legend, 0, 0, note ?
		    l->notewrap : l->wrap, &w, &h);
		if (note)
			notew = fmax(notew, w);
		else
			maxw = fmax(maxw, w);
	}
	l->colw = legend_symw(st) + st->gap + maxw;
	l->w = l->n ? fmax(l->colw * (double)nc + st->gap * 3 *
	    (double)(nc - 1), notew + legend_symw(st) + st->gap) : 0;
	l->h = 0;
	if (l->n == 0 || (rowh = calloc(l->n, sizeof(*rowh))) == NULL)
		return;
	nr = legend_grid(cr, l, st, rowh);
	for (size_t r = 0; r < nr; r++)
		l->h += rowh[r] + st->gap * 0.6;
	free(rowh);
}

void
bp_legend_draw(cairo_t *cr, const struct bp_legend *l,
    const struct bp_style *st, double x, double y)
{
	double sw = legend_symw(st), x0 = x, y0 = y, *rowh, *rowy;
	size_t nc = l->ncol > 1 ? l->ncol : 1, nr;

	if (l->n == 0 || (rowh = calloc(l->n * 2, sizeof(*rowh))) == NULL)
		return;
	rowy = rowh + l->n;
	nr = legend_grid(cr, (struct bp_legend *)l, st, rowh);
	for (size_t r = 0; r < nr; r++)
		rowy[r] = r == 0 ? y0 : rowy[r - 1] + rowh[r - 1] +
		    st->gap * 0.6;
	cairo_save(cr);
	for (size_t i = 0; i < l->n; i++) {
		const struct bp_legend_item *it = &l->items[i];
		int note = it->kind == BP_LEG_TEXT && nc > 1;
		double cy;
		double dots[] = { st->line * 0.5, st->line * 2.5 };
		double dash[] = { st->line * 4, st->line * 2.5 };

		/* Entries run left to right in rows of nc. */
		y = rowy[it->row];
		x = x0 + (double)it->col * (l->colw + st->gap * 3);
		/* Symbol level with the first line of text. */
		cy = y + st->legend * 0.6;
		cairo_set_line_width(cr, st->line);
		cairo_set_dash(cr, NULL, 0, 0);
		switch (it->kind) {
		case BP_LEG_LINE:
			bp_set_rgb(cr, it->color);
			cairo_move_to(cr, x, cy);
			cairo_line_to(cr, x + sw, cy);
			cairo_stroke(cr);
			bp_marker(cr, it->marker, x + sw / 2, cy, st->marker,
			    it->color);
			break;
		case BP_LEG_MARKER:
			bp_marker(cr, it->marker, x + sw / 2, cy, st->marker,
			    it->color);
			break;
		case BP_LEG_DOTTED:
		case BP_LEG_DASHED:
			cairo_set_line_cap(cr, it->kind == BP_LEG_DOTTED ?
			    CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
			cairo_set_dash(cr, it->kind == BP_LEG_DOTTED ? dots :
			    dash, 2, 0);
			bp_set_rgb(cr, it->color);
			cairo_move_to(cr, x, cy);
			cairo_line_to(cr, x + sw, cy);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
			break;
		case BP_LEG_BAND:
			bp_set_rgba(cr, it->color, 0.22);
			cairo_rectangle(cr, x, cy - st->legend * 0.45, sw,
			    st->legend * 0.9);
			cairo_fill(cr);
			bp_set_rgb(cr, it->color);
			cairo_move_to(cr, x, cy);
			cairo_line_to(cr, x + sw, cy);
			cairo_stroke(cr);
			break;
		case BP_LEG_BOX:
			bp_set_rgba(cr, it->color, 0.35);
			cairo_rectangle(cr, x + sw * 0.2,
			    cy - st->legend * 0.45, sw * 0.6,
			    st->legend * 0.9);
			cairo_fill_preserve(cr);
			cairo_set_line_width(cr, st->thin * 1.5);
			bp_set_rgb(cr, it->color);
			cairo_stroke(cr);
			break;
		case BP_LEG_TEXT:
			break;
		}
		bp_text(cr, it->text, st->legend, 0, 0, note ? l->notewrap :
		    l->wrap, x + sw + st->gap, y,
		    BP_HLEFT, BP_VTOP, 0, bp_grey(0.15));
	}
	cairo_restore(cr);
	free(rowh);
}

int
bp_legend_parse(const char *s)
{
	if (strcmp(s, "auto") == 0 || strcmp(s, "on") == 0)
		return BP_LEGEND_AUTO;
	if (strcmp(s, "right") == 0)
		return BP_LEGEND_RIGHT;
	if (strcmp(s, "below") == 0 || strcmp(s, "bottom") == 0)
		return BP_LEGEND_BELOW;
	if (strcmp(s, "none") == 0 || strcmp(s, "off") == 0)
		return BP_LEGEND_NONE;
	return -1;
}

/*
 * The legend goes to the right of the plot area when it takes at most
 * about a third of the width (wrapping long entries); otherwise below
 * the x-axis title, where it never covers data either.  A legend of
 * notes alone (no symbols to match) goes below too: a column of wrapped
 * text beside the plot would take a third of the width for a sentence
 * that fits in a line or two underneath.
 */
void
bp_legend_place(cairo_t *cr, struct bp_legend *l, struct bp_frame *f)
{
	size_t nnotes = 0;

	if (f->legend == BP_LEGEND_NONE) {
		for (size_t i = 0; i < l->n; i++)
			free(l->items[i].text);
		l->n = 0;
	}
	if (l->n == 0)
		return;
	for (size_t i = 0; i < l->n; i++)
		if (l->items[i].kind == BP_LEG_TEXT)
			nnotes++;
	l->wrap = f->w * 0.28;
	bp_legend_measure(cr, l, &f->st);
	if (f->legend == BP_LEGEND_RIGHT || (f->legend != BP_LEGEND_BELOW &&
	    nnotes < l->n && l->w <= f->w * 0.36 && l->h <= f->h * 0.8)) {
		l->xoff = f->right;
		f->right += l->w + f->st.gap * 3;
		l->right = 1;
		return;
	}
	l->right = 0;
	l->ncol = 1;
	l->wrap = f->w - 2 * f->st.pad - legend_symw(&f->st) - f->st.gap;
	bp_legend_measure(cr, l, &f->st);
	/*
	 * Below the plot, entries that are short enough go side by side in
	 * columns, so that many series take a few rows, not one each; the
	 * notes keep rows of their own.
	 */
	l->notewrap = l->wrap;
	if (l->n - nnotes > 1) {
		double avail = f->w - 2 * f->st.pad;
		size_t nc, nsym = l->n - nnotes;

		l->wrap = f->w * 0.3;
		l->ncol = 2;	/* measure the entries with symbols alone */
		bp_legend_measure(cr, l, &f->st);
		nc = (size_t)((avail + f->st.gap * 3) / (l->colw +
		    f->st.gap * 3));
		if (nc > nsym)
			nc = nsym;
		if (nc < 2) {
			nc = 1;
			l->wrap = l->notewrap;
		} else {
			/* Balanced rows: 7 entries in 4 + 3, not 6 + 1. */
			size_t rows = (nsym + nc - 1) / nc;

			nc = (nsym + rows - 1) / rows;
		}
		l->ncol = nc;
		bp_legend_measure(cr, l, &f->st);
	}
	f->bottom += l->h + f->st.gap;
}

void
bp_legend_draw_placed(cairo_t *cr, const struct bp_legend *l,
    const struct bp_frame *f)
{
	if (l->n == 0)
		return;
	if (l->right)
		bp_legend_draw(cr, l, &f->st, f->px + f->pw + l->xoff +
		    f->st.gap * 2.5, f->py);
	else
		bp_legend_draw(cr, l, &f->st, f->px, f->bottom_y);
}

/* ------------------------------------------------------------------ */
/* Reference lines and callouts */

static struct bp_rgb
ref_color(enum bp_ref_kind k)
{
	static const struct bp_rgb slo = { 0.85, 0.37, 0.0 };
	static const struct bp_rgb limit = { 0.80, 0.12, 0.10 };

	return k == BP_REF_SLO ? slo : k == BP_REF_LIMIT ? limit :
	    bp_grey(0.3);
}

/* One axis's lines: dashed (an SLO, a plain level) or solid (a limit). */
static void
frame_ref_lines(cairo_t *cr, const struct bp_frame *f,
    const struct bp_axspec *a, int vertical)
{
	double dash[] = { f->st.line * 3, f->st.line * 2 };

	for (size_t i = 0; i < a->nref; i++) {
		const struct bp_ref *r = &a->ref[i];
		struct bp_rgb c = ref_color(r->kind);
		double v = r->v * a->factor, p;

		if (!isfinite(v) || a->kind == BP_SCALE_CATEGORY)
			continue;
		p = vertical ? bp_fx(f, v) : bp_fy(f, v);
		if (vertical ? p < f->px - 0.5 || p > f->px + f->pw + 0.5 :
		    p < f->py - 0.5 || p > f->py + f->ph + 0.5)
			continue;
		cairo_save(cr);
		cairo_set_line_width(cr, f->st.line * 1.1);
		if (r->kind != BP_REF_LIMIT)
			cairo_set_dash(cr, dash, 2, 0);
		bp_set_rgb(cr, c);
		if (vertical) {
			cairo_move_to(cr, p, f->py);
			cairo_line_to(cr, p, f->py + f->ph);
		} else {
			cairo_move_to(cr, f->px, p);
			cairo_line_to(cr, f->px + f->pw, p);
		}
		cairo_stroke(cr);
		cairo_restore(cr);
		if (r->label == NULL || *r->label == '\0')
			continue;
		/*
		 * A level's label sits at its left end, above it, where a
		 * curve that climbs to the right is still low; a vertical
		 * line's at its top.
		 */
		if (vertical)
			bp_text(cr, r->label, f->st.small, 0, 0, -f->ph * 0.9,
			    p - f->st.gap / 2, f->py + f->st.gap, BP_HRIGHT,
			    BP_VBOTTOM, M_PI / 2, c);
		else
			bp_text(cr, r->label, f->st.small, 0, 0, -f->pw * 0.6,
			    f->px + f->st.gap, p - f->st.gap / 3,
			    BP_HLEFT, BP_VBOTTOM, 0, c);
	}
}

/*
 * Where the i-th reference line of axis a is drawn: -1 when it is not
 * (not finite, out of view); else 0 with its line, as a band of its
 * width, and its label (all 0 for none) as boxes x0, y0, x1, y1.
 */
int
bp_frame_ref_box(cairo_t *cr, const struct bp_frame *f, int vertical,
    size_t i, double line[4], double label[4])
{
	const struct bp_axspec *a = vertical ? &f->ax : &f->ay;
	const struct bp_ref *r = &a->ref[i];
	double v = r->v * a->factor, p, hw = f->st.line * 0.55, w, h;

	if (!isfinite(v) || a->kind == BP_SCALE_CATEGORY)
		return -1;
	p = vertical ? bp_fx(f, v) : bp_fy(f, v);
	if (vertical ? p < f->px - 0.5 || p > f->px + f->pw + 0.5 :
	    p < f->py - 0.5 || p > f->py + f->ph + 0.5)
		return -1;
	line[0] = vertical ? p - hw : f->px;
	line[1] = vertical ? f->py : p - hw;
	line[2] = vertical ? p + hw : f->px + f->pw;
	line[3] = vertical ? f->py + f->ph : p + hw;
	memset(label, 0, 4 * sizeof(*label));
	if (r->label == NULL || *r->label == '\0')
		return 0;
	/* As frame_ref_lines() draws it: turned, its box w across. */
	bp_measure(cr, r->label, f->st.small, 0, 0, vertical ? -f->ph * 0.9 :
	    -f->pw * 0.6, &w, &h);
	label[0] = vertical ? p - f->st.gap / 2 - h : f->px + f->st.gap;
	label[1] = vertical ? f->py + f->st.gap : p - f->st.gap / 3 - h;
	label[2] = vertical ? p - f->st.gap / 2 : label[0] + w;
	label[3] = vertical ? label[1] + w : p - f->st.gap / 3;
	return 0;
}

/* How each kind of callout is drawn and named in the legend. */
static const struct {
	struct bp_rgb	 c;
	size_t		 mark;
	const char	*name;
} callstyle[BP_CALL__N] = {
	[BP_CALL_GOOD] = { { 0.05, 0.50, 0.25 }, 0 | BP_MARK_OPEN,
	    "best level within the SLO" },
	[BP_CALL_BAD] = { { 0.80, 0.12, 0.10 }, 6, "first level past the SLO" },
	/* Its own colour, and the outermost ring: never under another. */
	[BP_CALL_LIMIT] = { { 0.85, 0.42, 0.00 }, 1 | BP_MARK_OPEN,
	    "beyond the limit" },
	[BP_CALL_LITTLE] = { { 0.50, 0.20, 0.60 }, 3 | BP_MARK_OPEN,
	    "N \xe2\x89\xa0 X\xc2\xb7R (Little's law, > 10%)" }
};

void
bp_legend_callouts(struct bp_legend *l, const struct bp_chart *c)
{
	int seen[BP_CALL__N] = { 0 };

	for (size_t i = 0; c != NULL && i < c->ncallout; i++)
		if (c->callout[i].kind < BP_CALL__N)
			seen[c->callout[i].kind] = 1;
	for (int k = 0; k < BP_CALL__N; k++)
		if (seen[k])
			bp_legend_add(l, BP_LEG_MARKER, callstyle[k].c,
			    callstyle[k].mark, "%s", bs_tr(callstyle[k].name));
}

/* A callout's size as bp_marker() takes it. */
static double
callout_size(const struct bp_frame *f, enum bp_callout_kind k)
{
	return f->st.marker * (k == BP_CALL_GOOD ? 2.2 : k == BP_CALL_BAD ?
	    1.6 : k == BP_CALL_LIMIT ? 3.4 : 2.8);
}

double
bp_callout_extent(const struct bp_frame *f, enum bp_callout_kind k,
    int *open)
{
	double r = callout_size(f, k);

	if (k >= BP_CALL__N)
		return 0;
	if (open != NULL)
		*open = (callstyle[k].mark & BP_MARK_OPEN) != 0;
	/* The shapes' own scales and half the stroke (text.c). */
	switch (bp_marker_shape(callstyle[k].mark)) {
	case 1:
		return r * 0.9 + fmax(1, r * 0.9 * 0.16) / 2;
	case 3:
		return r * 1.25 + fmax(1, r * 1.25 * 0.16) / 2;
	case 6:
		return r + fmax(1.2, r * 0.45) / 2;
	default:
		return r + fmax(1, r * 0.16) / 2;
	}
}

void
bp_frame_refs(cairo_t *cr, const struct bp_frame *f)
{
	const struct bp_chart *c = f->chart;

	cairo_save(cr);
	bp_frame_clip(cr, f);
	frame_ref_lines(cr, f, &f->ax, 1);
	frame_ref_lines(cr, f, &f->ay, 0);
	for (size_t i = 0; c != NULL && i < c->ncallout; i++) {
		const struct bp_callout *k = &c->callout[i];
		double x = bp_fx(f, k->x * bp_factor(&c->x));
		double y = bp_fy(f, k->y * bp_factor(&c->y)), r = f->st.marker;

		if (!isfinite(x) || !isfinite(y) || k->kind >= BP_CALL__N)
			continue;
		if (f->calloff != NULL) {
			x += f->calloff[2 * i];
			y += f->calloff[2 * i + 1];
		}
		/* Larger than the data's markers, around them. */
		cairo_save(cr);
		cairo_set_line_width(cr, f->st.line * 1.2);
		bp_marker(cr, callstyle[k->kind].mark, x, y, callout_size(f,
		    k->kind), callstyle[k->kind].c);
		cairo_restore(cr);
		if (k->text != NULL)
			bp_text(cr, k->text, f->st.small, 0, 0, -f->pw * 0.45,
			    x > f->px + f->pw / 2 ? x - r * 2.8 : x + r * 2.8,
			    y - r, x > f->px + f->pw / 2 ? BP_HRIGHT : BP_HLEFT,
			    BP_VBOTTOM, 0, callstyle[k->kind].c);
	}
	cairo_restore(cr);
}

/*
 * The legend of small multiples, alone in the middle of its cell, one
 * entry a row; the chart is still laid out (its kind draws it) but on a
 * group that bp_frame_finish() throws away.
 */
static int
legend_alone(cairo_t *cr, struct bp_frame *f, struct bp_legend *l,
    const struct bp_chart *c, struct bs_err *err)
{
	int rc;

	if (c->legend_n != NULL)
		*c->legend_n = l->n;
	if (l->n > 0) {
		l->right = 0;
		l->ncol = 1;
		l->wrap = l->notewrap = f->w - 2 * f->st.pad -
		    legend_symw(&f->st) - f->st.gap;
		bp_legend_measure(cr, l, &f->st);
		if (l->h > f->h)
			return bp_err(err, "the legend does not fit in its "
			    "cell of %.0f x %.0f (make the image larger)",
			    f->w, f->h);
		bp_legend_draw(cr, l, &f->st, (f->w - l->w) / 2,
		    (f->h - l->h) / 2);
	}
	f->legend = BP_LEGEND_NONE;
	bp_legend_place(cr, l, f);
	cairo_push_group(cr);
	if ((rc = bp_frame_place(cr, f, c, err)) != 0) {
		cairo_pattern_destroy(cairo_pop_group(cr));
		return rc;
	}
	return 0;
}

int
bp_frame_open(cairo_t *cr, struct bp_frame *f, struct bp_legend *leg,
    const struct bp_chart *c, struct bs_err *err)
{
	int rc;

	if (c->legend_only)
		return legend_alone(cr, f, leg, c, err);
	bp_legend_place(cr, leg, f);
	if ((rc = bp_frame_place(cr, f, c, err)) != 0)
		return rc;
	bp_frame_back(cr, f);
	return 0;
}

int
bp_frame_categories(struct bp_frame *f, double w, double h,
    const struct bp_chart *c, const char *const *cat, size_t ncat,
    double ymin, double ymax, double pad, struct bs_err *err)
{
	bp_frame_init(f, w, h, c);
	f->ax.kind = BP_SCALE_CATEGORY;
	f->ax.cat = cat;
	f->ax.ncat = ncat;
	f->ax.label = c->x.label;
	f->ay.kind = c->y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f->ay.padlo = f->ay.padhi = pad;
	return bp_axspec_set(&f->ay, &c->y, ymin, ymax, err);
}
