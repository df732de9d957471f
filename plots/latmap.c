/*
 * Latency heat map (Gregg, "Visualizing system latency", ACM Queue
 * 2010): x the time of each request in columns of a fixed length, y its
 * latency in buckets of a log scale (ten a decade, each 1.259 times the
 * one below), colour the requests in the cell.  The colour follows the
 * logarithm of the count, log10(1 + count) over the largest cell's, so
 * that one hot cell does not wash the rest out to the colour of
 * nothing; an empty cell is left blank.  The p50 and p99 of each column
 * are drawn over it.  --ymax clips the map at a latency (Gregg's second
 * map: the outliers left out, their count said), which the legend says.
 * The subsecond-offset map (offset-map) is the same drawing with x each
 * second and y the offset within it, in rows of 20 ms.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

#define LM_PER_DECADE	10	/* latency buckets per factor of 10 */
#define LM_MAXCOLS	60	/* time columns at most */
#define LM_PERCOL	30	/* requests a column at least, on average */
#define LM_OFFMS	20	/* offset-map: rows of 20 ms in the second */
#define LM_OFFCOLS	600	/* offset-map: seconds at most */

/* The map: counts per column (time) and row (latency bucket). */
struct latmap {
	double		*t, *v;		/* each request: seconds, latency */
	size_t		 n, clipped, nonpos;
	double		 t0, step;	/* the first column's start, length */
	size_t		 ncol;
	long		 b0;		/* the lowest bucket's exponent */
	size_t		 nrow;
	double		*count;		/* ncol x nrow, row-major by column */
	double		 cmax;
	double		*p50, *p99;	/* per column; NaN when empty */
	/*
	 * The subsecond-offset map (Gregg): columns of one second, rows of
	 * LM_OFFMS ms of the offset within it, linear; no percentiles.
	 */
	int		 offset;
	double		 every;		/* --every: the column length, or 0 */
	/*
	 * --facet: every panel's time stamps (first, last, how many), so
	 * that all panels cut the same columns from the same origin; 0 in
	 * span_n: the map's own.
	 */
	double		 span_lo, span_hi;
	size_t		 span_n;
};

/* An epoch time stamp's seconds by its magnitude (s, ms, us, ns). */
static double
epoch_seconds(double v)
{
	double a = fabs(v);

	return v * (a >= 1e17 ? 1e-9 : a >= 1e14 ? 1e-6 : a >= 1e11 ? 1e-3 :
	    1);
}

/*
 * A column length of 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 30 min, ...:
 * the shortest giving at most LM_MAXCOLS columns of LM_PERCOL requests
 * on average (fewer make a column's percentiles noise).
 */
double
bp_time_step(double span, size_t n)
{
	static const double steps[] = { 0.001, 0.002, 0.005, 0.01, 0.02,
	    0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
	    900, 1800, 3600, 7200, 21600, 43200, 86400 };

	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (span / steps[i] <= LM_MAXCOLS && (span / steps[i] + 1) *
		    LM_PERCOL <= (double)n)
			return steps[i];
	/* Too few requests for any: one column of whole days. */
	return fmax(ceil(span / LM_MAXCOLS / 86400), 1) * 86400;
}

/*
 * The requests of every group: time and latency both present; of the
 * offset map (iy < 0) the time and its offset within its second, ms.
 */
static int
lm_requests(struct latmap *m, const struct bs_table *t, long ix, long iy,
    double ymax)
{
	size_t cap = 0;

	for (size_t g = 0; g < t->ngroups; g++) {
		const struct bs_series *sx = &t->groups[g].s[ix];
		const struct bs_series *sy = &t->groups[g].s[iy < 0 ? ix : iy];

		for (size_t i = 0; i < sx->n && i < sy->n; i++) {
			double x, y;

			if (isnan(sx->v[i]) || isnan(sy->v[i]))
				continue;
			x = epoch_seconds(bs_series_value(sx, i));
			y = iy < 0 ? (x - floor(x)) * 1000 + 1e-9 :
			    bs_series_value(sy, i);
			if (!(y > 0)) {
				m->nonpos++;
				continue;
			}
			if (isfinite(ymax) && y > ymax) {
				m->clipped++;
				continue;
			}
			if (m->n == cap) {
				size_t nc = cap ? cap * 2 : 1024;
				double *a = realloc(m->t, nc * sizeof(*a));
				double *b = a ? realloc(m->v, nc * sizeof(*b)) :
				    NULL;

				if (a != NULL)
					m->t = a;
				if (b == NULL)
					return -1;
				m->v = b;
				cap = nc;
			}
			m->t[m->n] = x;
			m->v[m->n++] = y;
		}
	}
	return 0;
}

static long
bucket(const struct latmap *m, double v)
{
	if (m->offset)
		return (long)fmin(floor(v / LM_OFFMS), 1000 / LM_OFFMS - 1);
	return (long)floor(log10(v) * LM_PER_DECADE + 1e-9);
}

/* The lower edge of bucket b: ms of the offset, or a latency. */
static double
edge(const struct latmap *m, long b)
{
	if (m->offset)
		return (double)(b * LM_OFFMS);
	return pow(10, (double)b / LM_PER_DECADE);
}

/* Columns, buckets and counts; each column's p50 and p99 (type 7). */
static int
lm_cells(struct latmap *m)
{
	double tmin = HUGE_VAL, tmax = -HUGE_VAL, *col;
	long bmin = 0, bmax = 0;
	size_t i, c, *fill;

	for (i = 0; i < m->n; i++) {
		long b = bucket(m, m->v[i]);

		tmin = fmin(tmin, m->t[i]);
		tmax = fmax(tmax, m->t[i]);
		bmin = i == 0 || b < bmin ? b : bmin;
		bmax = i == 0 || b > bmax ? b : bmax;
	}
	if (m->span_n > 0) {
		tmin = fmin(tmin, m->span_lo);
		tmax = fmax(tmax, m->span_hi);
	}
	m->step = m->offset ? 1 : m->every > 0 ? m->every :
	    bp_time_step(tmax - tmin, m->span_n > 0 ? m->span_n : m->n);
	if ((tmax - tmin) / m->step > 1e5)
		return -3;
	m->t0 = floor(tmin / m->step) * m->step;
	m->ncol = (size_t)floor((tmax - m->t0) / m->step) + 1;
	if (m->offset && m->ncol > LM_OFFCOLS)
		return -2;
	m->b0 = m->offset ? 0 : bmin;
	m->nrow = m->offset ? 1000 / LM_OFFMS : (size_t)(bmax - bmin) + 1;
	m->count = calloc(m->ncol * m->nrow, sizeof(*m->count));
	m->p50 = calloc(m->ncol, sizeof(*m->p50));
	m->p99 = calloc(m->ncol, sizeof(*m->p99));
	fill = calloc(m->ncol + 1, sizeof(*fill));
	col = malloc((m->n + 1) * sizeof(*col));
	if (m->count == NULL || m->p50 == NULL || m->p99 == NULL ||
	    fill == NULL || col == NULL) {
		free(fill);
		free(col);
		return -1;
	}
	for (i = 0; i < m->n; i++) {
		c = (size_t)floor((m->t[i] - m->t0) / m->step);
		if (c >= m->ncol)
			c = m->ncol - 1;
		m->count[c * m->nrow + (size_t)(bucket(m, m->v[i]) - m->b0)]++;
		fill[c]++;
	}
	for (i = 0; i < m->ncol * m->nrow; i++)
		m->cmax = fmax(m->cmax, m->count[i]);
	/* Each column's values together, for its percentiles. */
	for (c = 1; c <= m->ncol; c++)
		fill[c] += fill[c - 1];
	for (i = m->n; i-- > 0;) {
		c = (size_t)floor((m->t[i] - m->t0) / m->step);
		if (c >= m->ncol)
			c = m->ncol - 1;
		col[--fill[c]] = m->v[i];
	}
	for (c = 0; c < m->ncol; c++) {
		size_t n = (c + 1 < m->ncol + 1 ? fill[c + 1] : m->n) - fill[c];
		double p[2] = { 0.5, 0.99 }, q[2] = { NAN, NAN };

		if (c + 1 == m->ncol)
			n = m->n - fill[c];
		if (n > 0 && bs_quantiles(col + fill[c], n, p, 2, 7, q) == -1)
			q[0] = q[1] = NAN;
		m->p50[c] = q[0];
		m->p99[c] = q[1];
	}
	free(fill);
	free(col);
	return 0;
}

static uint32_t
argb(struct bp_rgb c)
{
	return 0xff000000u | (uint32_t)lround(c.r * 255) << 16 |
	    (uint32_t)lround(c.g * 255) << 8 | (uint32_t)lround(c.b * 255);
}

/* Marks pass: the cells as one image (no seams), scaled without blur. */
static int
lm_image(cairo_t *cr, const struct bp_frame *f, const struct latmap *m,
    double fy, struct bs_err *e)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    (int)m->ncol, (int)m->nrow);
	double x0 = bp_fx(f, 0), x1 = bp_fx(f, (double)m->ncol * m->step);
	double ylo = bp_fy(f, edge(m, m->b0) * fy);
	double yhi = bp_fy(f, edge(m, m->b0 + (long)m->nrow) * fy);
	unsigned char *data;
	int stride;

	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(img);
		return bp_err(e, "latency-map: image");
	}
	cairo_surface_flush(img);
	data = cairo_image_surface_get_data(img);
	stride = cairo_image_surface_get_stride(img);
	for (size_t c = 0; c < m->ncol; c++)
		for (size_t r = 0; r < m->nrow; r++) {
			double k = m->count[c * m->nrow + r];
			uint32_t px = 0;	/* empty: transparent */

			if (k > 0)
				px = argb(bp_cmap_color(BP_CMAP_VIRIDIS,
				    log10(1 + k) / log10(1 + m->cmax)));
			*(uint32_t *)(void *)(data + (size_t)stride *
			    (m->nrow - 1 - r) + 4 * c) = px;
		}
	cairo_surface_mark_dirty(img);
	cairo_save(cr);
	cairo_translate(cr, x0, yhi);
	cairo_scale(cr, (x1 - x0) / (double)m->ncol, (ylo - yhi) /
	    (double)m->nrow);
	cairo_set_source_surface(cr, img, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
	cairo_rectangle(cr, 0, 0, (double)m->ncol, (double)m->nrow);
	cairo_fill(cr);
	cairo_restore(cr);
	cairo_surface_destroy(img);
	return 0;
}

/* A percentile's line across the columns, broken at an empty one. */
static void
lm_line(cairo_t *cr, const struct bp_frame *f, const struct latmap *m,
    const double *p, double fy, struct bp_rgb c, int dashed)
{
	double d[2] = { f->st.line * 3, f->st.line * 2 };
	int pen = 0;

	cairo_save(cr);
	cairo_set_line_width(cr, f->st.line * 1.2);
	cairo_set_dash(cr, d, dashed ? 2 : 0, 0);
	bp_set_rgb(cr, c);
	for (size_t k = 0; k < m->ncol; k++) {
		double x = bp_fx(f, ((double)k + 0.5) * m->step);

		if (!isfinite(p[k])) {
			pen = 0;
			continue;
		}
		if (pen)
			cairo_line_to(cr, x, bp_fy(f, p[k] * fy));
		else
			cairo_move_to(cr, x, bp_fy(f, p[k] * fy));
		pen = 1;
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

static int
lm_chart(cairo_t *cr, double w, double h, const struct bp_chart *ch,
    const struct latmap *m, double ymax, struct bs_err *e)
{
	const struct bp_rgb p50c = { 1, 1, 1 }, p99c = { 0.85, 0.12, 0.10 };
	double fy = bp_factor(&ch->y);
	struct bp_frame f;
	struct bp_legend leg;
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	bp_frame_init(&f, w, h, ch);
	f.ax.kind = BP_SCALE_LINEAR;
	f.ay.kind = m->offset ? BP_SCALE_LINEAR : BP_SCALE_LOG10;
	f.ax.padlo = f.ax.padhi = 0;
	f.ay.padlo = f.ay.padhi = 0;
	if (bp_axspec_set(&f.ax, &ch->x, 0, (double)m->ncol * m->step, e) ==
	    -1 || bp_axspec_set(&f.ay, &ch->y, edge(m, m->b0) * fy, edge(m,
	    m->b0 + (long)m->nrow) * fy, e) == -1)
		return -1;
	if (m->offset)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("cells: "
		    "1 s \xc3\x97 %d ms of the offset in it"), LM_OFFMS);
	else
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("cells: "
		    "%g s \xc3\x97 %d latency buckets a decade (\xc3\x97"
		    "1.259)"),
		    m->step, LM_PER_DECADE);
	bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("colour: "
	    "log10(1 + requests), most %g"), m->cmax);
	if (!m->offset) {
		bp_legend_add(&leg, BP_LEG_LINE, p99c, 0, "%s",
		    bs_tr("p99 of each column"));
		bp_legend_add(&leg, BP_LEG_LINE, bp_grey(0.55), 0, "%s",
		    bs_tr("p50 (white)"));
	}
	if (m->clipped > 0)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("%zu "
		    "above --ymax %g left out"), m->clipped, ymax);
	if (bp_frame_open(cr, &f, &leg, ch, e) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	if (lm_image(cr, &f, m, fy, e) == -1) {
		cairo_restore(cr);
		goto out;
	}
	if (!m->offset) {
		lm_line(cr, &f, m, m->p50, fy, p50c, 0);
		lm_line(cr, &f, m, m->p99, fy, p99c, 1);
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, e);
out:
	bp_legend_free(&leg);
	return rc;
}

static void
lm_free(struct latmap *m)
{
	free(m->t);
	free(m->v);
	free(m->count);
	free(m->p50);
	free(m->p99);
}

/* ------------------------------------------------------------------ */
/* The kind: -x the time stamps, -y the latencies */

static void
lm_columns(struct bp_cols *c, const struct bp_request *q,
    const struct bp_plan *p, const struct bp_header *h)
{
	(void)p, (void)h;
	bp_cols_add(c, q->x);
	bp_cols_add(c, q->y);
}

/* Both maps: the requests, the cells, the chart; offset: no -y. */
/*
 * Small multiples: the span of every panel's requests (the columns all
 * panels cut), read from the whole table; -1 out of memory.
 */
static int
lm_span(struct latmap *m, const struct bs_table *whole, long ix, long iy,
    double ymax)
{
	struct latmap w;
	int rc;

	memset(&w, 0, sizeof(w));
	w.offset = m->offset;
	if ((rc = lm_requests(&w, whole, ix, iy, ymax)) == 0) {
		m->span_lo = HUGE_VAL;
		m->span_hi = -HUGE_VAL;
		for (size_t i = 0; i < w.n; i++) {
			m->span_lo = fmin(m->span_lo, w.t[i]);
			m->span_hi = fmax(m->span_hi, w.t[i]);
		}
		m->span_n = w.n;
	}
	lm_free(&w);
	return rc;
}

/*
 * Small multiples: one colour scale, the fullest cell of any panel (the
 * first passes find it; the common legend says it).
 */
static void
lm_share(struct latmap *m, struct bp_facet *fc)
{
	if (!fc->z.apply)
		fc->z.hi = fmax(fc->z.hi, m->cmax);
	else if (fc->z.hi > 0)
		m->cmax = fc->z.hi;
}

static int
lm_map(struct bp_surface *s, struct bp_drawing *d, int offset,
    struct bs_err *e)
{
	const struct bp_request *q = d->q;
	const struct bs_table *t = d->in->t;
	struct latmap m;
	struct bp_chart ch;
	struct bp_refs rf;
	char *yt = NULL;
	long ix = -1, iy = -1;
	int rc = -1, cells = 0;

	memset(&m, 0, sizeof(m));
	m.offset = offset;
	m.every = q->every;
	for (size_t i = 0; i < t->nvcols; i++) {
		if (strcmp(bs_table_vname(t, i), q->x) == 0)
			ix = (long)i;
		if (!offset && strcmp(bs_table_vname(t, i), q->y) == 0)
			iy = (long)i;
	}
	if (ix < 0 || (!offset && iy < 0))
		return bp_err(e, "%s: no column '%s'", d->q->kind->name,
		    ix < 0 ? q->x : q->y);
	if ((d->in->facet != NULL && lm_span(&m, d->in->facet->whole->t, ix,
	    iy, q->ymax) == -1) || lm_requests(&m, t, ix, iy, q->ymax) == -1 ||
	    (m.n > 0 && (cells = lm_cells(&m)) == -1)) {
		bp_err(e, "out of memory");
		goto out;
	}
	if (cells == -3) {
		bp_err(e, "%s: --every %g s makes more than 10^5 columns",
		    q->kind->name, q->every);
		goto out;
	}
	if (cells == -2) {
		bp_err(e, "offset-map: %zu s of time stamps, at most %d (a "
		    "column a second)", m.ncol, LM_OFFCOLS);
		goto out;
	}
	if (m.n == 0 && offset) {
		bp_err(e, "offset-map: no time stamp");
		goto out;
	}
	if (m.n == 0) {
		bp_err(e, "latency-map: no request with a time stamp and a "
		    "latency above 0%s", m.clipped ? " under --ymax" : "");
		goto out;
	}
	if (d->in->facet != NULL)
		lm_share(&m, d->in->facet);
	bp_chart_init(&ch);
	bp_chart_request(&ch, q, d->in, &rf, NULL, offset ? NULL : q->y);
	ch.y.log = !offset;
	if (offset)
		ch.y.label = q->ylabel ? q->ylabel :
		    bs_tr("offset in the second (ms)");
	else if (bp_axis_title_in(&yt, d->in, q->y, q->ylabel, edge(&m,
	    m.b0 + (long)m.nrow), &ch.y.factor, e) == -1)
		goto out;
	else
		ch.y.label = yt;
	ch.x.label = q->xlabel ? q->xlabel :
	    bs_tr("time (s from the first column)");
	rc = lm_chart(s->cr, s->width, s->height, &ch, &m, q->ymax, e);
out:
	free(yt);
	lm_free(&m);
	return rc;
}

static int
lm_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	return lm_map(s, d, 0, e);
}

static void
off_columns(struct bp_cols *c, const struct bp_request *q,
    const struct bp_plan *p, const struct bp_header *h)
{
	(void)p, (void)h;
	bp_cols_add(c, q->x);
}

static int
off_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	return lm_map(s, d, 1, e);
}

const struct bp_kind bp_kind_latmap = {
	.name = "latency-map",
	.synopsis = "-x TIME -y LATENCY [--ymax V] [options] [FILE...] -o OUT",
	/* x is a value (the time stamps), no key: every request a row. */
	.flags = BP_KF_LABELKEY | BP_KF_LEGEND_STRIP,
	.takes = BP_REQ_YMAX | BP_REQ_EVERY | BP_REQ_FACET,
	.refuses = { { BP_REQ_SERIES | BP_REQ_LOGX | BP_REQ_LOGY,
	    BP_MISUSE_LATMAP_AXES } },
	.needs = { BP_REQ_NOX | BP_REQ_NOY, BP_MISUSE_LATMAP_XY },
	.columns = lm_columns,
	.draw = lm_draw
};

/*
 * The subsecond-offset map: x each second, y where in the second a
 * request came (periodic work shows as lines), colour as the latency
 * map's.
 */
const struct bp_kind bp_kind_offmap = {
	.name = "offset-map",
	.synopsis = "-x TIME [options] [FILE...] -o OUT",
	.flags = BP_KF_LABELKEY | BP_KF_LEGEND_STRIP,
	.takes = BP_REQ_FACET,
	.refuses = { { BP_REQ_SERIES | BP_REQ_LOGX | BP_REQ_LOGY,
	    BP_MISUSE_LATMAP_AXES } },
	.needs = { BP_REQ_NOX, BP_MISUSE_OFFMAP_X },
	.columns = off_columns,
	.draw = off_draw
};
