/*
 * Box plots: per category (and series side by side) a box from Q1 to
 * Q3 (type-7 quantiles, R's default), the median, whiskers to the most
 * extreme values inside the Tukey fences, and the values beyond them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

void
bp_box_opts_init(struct bp_box_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->nseries = 1;
	o->k = 1.5;
}

struct boxstat {
	double	*v;		/* sorted, finite, scaled */
	size_t	 n;
	double	 q1, med, q3, wlo, whi;
};

/*
 * Statistics of sorted v[0..n), n > 0: the quartiles and fences are
 * libstat's (type 7, Tukey); the whiskers end at the most extreme
 * values inside the fences.  -1 when out of memory.
 */
static int
sorted_stats(const double *v, size_t n, double k, struct bp_boxstat *b)
{
	static const double p[3] = { 0.25, 0.5, 0.75 };
	struct bs_fences f;
	double q[3], *c;

	memset(b, 0, sizeof(*b));
	/* bs_quantiles reorders what it is given: v stays sorted. */
	if ((c = malloc(n * sizeof(*c))) == NULL)
		return -1;
	memcpy(c, v, n * sizeof(*c));
	if (bs_quantiles(c, n, p, 3, 7, q) == -1 ||
	    bs_tukey_fences(v, n, k, &f) == -1) {
		free(c);
		return -1;
	}
	free(c);
	b->n = n;
	b->q1 = q[0];
	b->median = q[1];
	b->q3 = q[2];
	b->lo_fence = f.lo_inner;
	b->hi_fence = f.hi_inner;
	b->wlo = b->q1;
	b->whi = b->q3;
	for (size_t i = 0; i < n; i++)
		if (v[i] >= b->lo_fence) {
			b->wlo = fmin(v[i], b->q1);
			break;
		}
	for (size_t i = n; i-- > 0;)
		if (v[i] <= b->hi_fence) {
			b->whi = fmax(v[i], b->q3);
			break;
		}
	for (size_t i = 0; i < n; i++)
		if (v[i] < b->wlo || v[i] > b->whi)
			b->noutliers++;
	return 0;
}

int
bp_box_stats(const double *v, size_t n, double k, struct bp_boxstat *b)
{
	double *c;
	size_t m;
	int rc = 0;

	memset(b, 0, sizeof(*b));
	if ((c = bp_finite_sorted(v, n, 1, &m)) == NULL)
		return -1;
	if (m > 0)
		rc = sorted_stats(c, m, k, b);
	free(c);
	return rc;
}

static int
box_stats(const struct bp_sample *s, double f, double k, struct boxstat *b)
{
	struct bp_boxstat st;

	memset(b, 0, sizeof(*b));
	if ((b->v = bp_finite_sorted(s->v, s->n, f, &b->n)) == NULL)
		return -1;
	if (b->n == 0)
		return 0;
	if (sorted_stats(b->v, b->n, k, &st) == -1)
		return -1;
	b->q1 = st.q1;
	b->med = st.median;
	b->q3 = st.q3;
	b->wlo = st.wlo;
	b->whi = st.whi;
	return 0;
}

/* One box: whiskers with caps, the box, its median, the outliers. */
static void
draw_box(cairo_t *cr, const struct bp_frame *f, const struct boxstat *x,
    struct bp_rgb col, double x0, double x1, double xm)
{
	double capw = (x1 - x0) * 0.25, last = 0;

	cairo_set_line_width(cr, f->st.thin * 1.6);
	/* Whiskers. */
	bp_set_rgb(cr, bp_grey(0.25));
	cairo_move_to(cr, xm, bp_fy(f, x->q3));
	cairo_line_to(cr, xm, bp_fy(f, x->whi));
	cairo_move_to(cr, xm - capw, bp_fy(f, x->whi));
	cairo_line_to(cr, xm + capw, bp_fy(f, x->whi));
	cairo_move_to(cr, xm, bp_fy(f, x->q1));
	cairo_line_to(cr, xm, bp_fy(f, x->wlo));
	cairo_move_to(cr, xm - capw, bp_fy(f, x->wlo));
	cairo_line_to(cr, xm + capw, bp_fy(f, x->wlo));
	cairo_stroke(cr);
	/* Box. */
	cairo_rectangle(cr, x0, bp_fy(f, x->q3), x1 - x0,
	    bp_fy(f, x->q1) - bp_fy(f, x->q3));
	bp_set_rgba(cr, col, 0.35);
	cairo_fill_preserve(cr);
	bp_set_rgb(cr, col);
	cairo_stroke(cr);
	/* Median. */
	cairo_set_line_width(cr, f->st.line * 1.6);
	bp_set_rgb(cr, bp_grey(0.1));
	cairo_move_to(cr, x0, bp_fy(f, x->med));
	cairo_line_to(cr, x1, bp_fy(f, x->med));
	cairo_stroke(cr);
	/*
	 * Outliers: hollow circles, stroked as one path.  A circle within
	 * an eighth of a unit (pixel, point) of the last one drawn would
	 * add nothing to be seen, and overlapping circles by the thousand
	 * made cairo's scan conversion quadratic (640,000 lognormal values
	 * took 1.4 s, 160,000 0.18 s): it is left out.  The values are
	 * sorted, so near ones are neighbours.
	 */
	cairo_set_line_width(cr, f->st.thin * 1.4);
	bp_set_rgb(cr, col);
	for (size_t i = 0, drawn = 0; i < x->n; i++)
		if (x->v[i] < x->wlo || x->v[i] > x->whi) {
			double y = bp_fy(f, x->v[i]);

			if (drawn && fabs(y - last) < 0.125)
				continue;
			cairo_new_sub_path(cr);
			cairo_arc(cr, xm, y, f->st.marker * 0.9, 0, 2 * M_PI);
			last = y;
			drawn = 1;
		}
	cairo_stroke(cr);
}

int
bp_box(cairo_t *cr, double w, double h, const struct bp_box_opts *o,
    const char *const *cat, size_t ncat, const struct bp_sample *s,
    struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	struct boxstat *b = NULL;
	size_t ns = o->nseries ? o->nseries : 1, nb = ncat * ns;
	double fy = bp_factor(&o->chart.y);
	double k = o->k > 0 ? o->k : 1.5;
	double ymin = HUGE_VAL, ymax = -HUGE_VAL, slot, bw;
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	if (ncat == 0)
		return bp_err(err, "box plot: no categories");
	if (ncat > BP_MAX_TICKS)
		return bp_err(err, "box plot: at most %d categories",
		    BP_MAX_TICKS);
	if (ns > BP_MAX_SERIES)
		return bp_err(err, "box plot: %zu series, at most %d", ns,
		    BP_MAX_SERIES);
	if ((b = calloc(nb, sizeof(*b))) == NULL)
		return bp_err(err, "out of memory");
	for (size_t i = 0; i < nb; i++) {
		if (box_stats(&s[i], fy, k, &b[i]) != 0) {
			bp_err(err, "out of memory");
			goto out;
		}
		if (b[i].n > 0) {
			ymin = fmin(ymin, b[i].v[0]);
			ymax = fmax(ymax, b[i].v[b[i].n - 1]);
		}
	}
	if (!(ymax >= ymin)) {
		bp_err(err, "box plot: no finite values");
		goto out;
	}

	if (bp_frame_categories(&f, w, h, &o->chart, cat, ncat, ymin, ymax,
	    0.03, err) == -1)
		goto out;

	if (ns > 1)
		for (size_t j = 0; j < ns; j++)
			bp_legend_add(&leg, BP_LEG_BOX, bp_palette(j), 0, "%s",
			    o->series && o->series[j] ? o->series[j] : "?");
	bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0,
	    bs_tr("box: quartiles and median; whiskers: most extreme values "
	    "within %g IQR; points: beyond"), k);
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;

	slot = 0.8 / (double)ns;	/* of one category's width */
	bw = slot * 0.75;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t c = 0; c < ncat; c++)
		for (size_t j = 0; j < ns; j++) {
			struct boxstat *x = &b[c * ns + j];
			struct bp_rgb col = ns > 1 ? bp_palette(j) :
			    bp_palette(0);
			double cx = (double)c - 0.4 + slot * ((double)j + 0.5);
			double x0 = bp_fx(&f, cx - bw / 2);
			double x1 = bp_fx(&f, cx + bw / 2);
			double xm = bp_fx(&f, cx);

			if (x->n > 0)
				draw_box(cr, &f, x, col, x0, x1, xm);
		}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	for (size_t i = 0; i < nb; i++)
		free(b[i].v);
	free(b);
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kind: values per category (-x) and series, drawn as boxes */

static int
box_chart(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, struct bp_samples *sm, struct bs_err *e)
{
	struct bp_sample *bs = calloc(sm->ncat * sm->nser + 1, sizeof(*bs));
	struct bp_box_opts po;
	struct bp_refs rf;
	char *yt = NULL, *name;
	int rc = -1;

	/* Without -x, one category named after the column. */
	if (bs == NULL || (in->r.kx < 0 && (name = strdup(q->y)) == NULL)) {
		bp_err(e, "out of memory");
		goto out;
	}
	if (in->r.kx < 0) {
		free(sm->cat[0]);
		sm->cat[0] = name;
	}
	for (size_t i = 0; i < sm->ncat * sm->nser; i++) {
		bs[i].v = sm->v[i];
		bs[i].n = sm->n[i];
	}
	bp_box_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, NULL, q->y);
	po.chart.x.label = q->xlabel ? q->xlabel : q->x;
	if (bp_axis_title_in(&yt, in, q->y, q->ylabel, sm->maxabs,
	    &po.chart.y.factor, e) == -1)
		goto out;
	po.chart.y.label = yt;
	po.series = (const char *const *)sm->ser;
	po.nseries = sm->nser;
	rc = bp_box(s->cr, s->width, s->height, &po,
	    (const char *const *)sm->cat, sm->ncat, bs, e);
out:
	free(bs);
	free(yt);
	return rc;
}

static int
box_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	return box_chart(s, d->q, d->in, d->data, e);
}

const struct bp_kind bp_kind_box = {
	.name = "box",
	.synopsis = "[-x COL] -y COL [--series COL] [options] [FILE...] -o OUT",
	.takes = BP_REQ_HLINE | BP_REQ_FACET,
	.refuses = { { BP_REQ_LOGX, BP_MISUSE_BOX_LOGX } },
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.gather = bp_drawing_samples,
	.draw = box_draw,
	.release = bp_drawing_samples_free
};
