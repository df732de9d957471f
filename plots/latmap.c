/*
 * Latency heat map (Gregg, "Visualizing system latency", ACM Queue
 * 2010): x the time of each request in columns of a fixed length, y its
 * latency in buckets of a log scale (ten a decade, each 1.259 times the
 * one below), colour the requests in the cell.  The colour follows the
 * logarithm of the count, log10(1 + count) over the largest cell's, so
 * that one hot cell does not wash the rest out to the colour of
 * nothing; an empty cell is left blank.  The p50 and p99 of each column
 * are drawn over it.  --ymax clips the map at a latency V (Gregg's second
 * map: the outliers left out, their count said, which the legend says):
 * the map ends at V.  Its buckets are laid through V instead of through
 * the powers of ten (still ten a decade, each 1.259 times the one
 * below), so that the top one ends at V and is as tall as the others,
 * and the axis' top is V, labelled; a V on a power-of-ten edge (100,
 * 1000) keeps the unclipped map's buckets.
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
	size_t		 n, clipped, nonpos;	/* requests drawn, left out */
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
	int		 steady;	/* --steady auto: warm */
	struct bp_warm	 warm;
	int		 hlog;		/* an interval log's histograms */
	size_t		 nint;		/* its intervals */
	/*
	 * --facet: every panel's time stamps (first, last, how many), so
	 * that all panels cut the same columns from the same origin; 0 in
	 * span_n: the map's own.
	 */
	double		 span_lo, span_hi;
	size_t		 span_n;
	/*
	 * --ymax V (finite; else HUGE_VAL): the buckets' edges are
	 * 10^((b + shift) / LM_PER_DECADE), shift in [0, 1) putting one
	 * at V; btop is the bucket below it, the top row (a value at V
	 * itself, on its upper edge, is counted there).
	 */
	double		 ymax, shift;
	long		 btop;
};

/* --ymax V: the grid of buckets through V and its top bucket. */
static void
lm_clip_grid(struct latmap *m, double ymax)
{
	double t;

	m->ymax = HUGE_VAL;
	m->shift = 0;
	m->btop = 0;
	if (m->offset || !isfinite(ymax) || !(ymax > 0))
		return;
	m->ymax = ymax;
	t = log10(ymax) * LM_PER_DECADE;
	m->shift = t - floor(t);
	if (m->shift < 1e-9 || m->shift > 1 - 1e-9)
		m->shift = 0;
	m->btop = lround(t - m->shift) - 1;
}

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
	/* Too few requests for any: one column, the shortest that holds all. */
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (span < steps[i])
			return steps[i];
	return fmax(ceil(span / LM_MAXCOLS / 86400), 1) * 86400;
}

int
bp_warmup(const double *med, size_t nw, int higher, struct bp_warm *w,
    struct bs_err *e)
{
	double *x = malloc((nw + 1) * sizeof(*x));
	size_t *at = malloc((nw + 1) * sizeof(*at));
	int rc = -1;

	memset(w, 0, sizeof(*w));
	if (x == NULL || at == NULL) {
		bp_err(e, "out of memory");
		goto out;
	}
	for (size_t k = 0; k < nw; k++)
		if (isfinite(med[k])) {
			at[w->n] = k;
			x[w->n++] = med[k];
		}
	if (bs_steady_auto(x, w->n, higher, &w->st, e) == -1)
		goto out;
	/* Warm-up or slowdown: what comes before the steady segment. */
	if ((w->st.cls == BS_SC_WARMUP || w->st.cls == BS_SC_SLOWDOWN) &&
	    w->st.start < w->n)
		w->upto = at[w->st.start];
	rc = 0;
out:
	free(x);
	free(at);
	return rc;
}

int
bp_warm_legend(struct bp_legend *leg, const struct bp_warm *w,
    const char *who, double step)
{
	const char *of = who != NULL ? who : "", *sep = who != NULL ? ": " :
	    "";

	/* Short: a timeline's legend shares a row with p50, p90 and p99. */
	if (w->upto > 0)
		return bp_legend_add(leg, BP_LEG_BOX, bp_grey(0.85), 0,
		    bs_tr("%s%s%s to %g s"), of, sep,
		    bs_tr(bs_steady_name(w->st.cls)),
		    (double)w->upto * step);
	if (w->st.cls == BS_SC_NONE)
		return bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0,
		    bs_tr("%s%s--steady auto: no steady state (%zu segments "
		    "in %zu windows), none shaded"), of, sep, w->st.nseg, w->n);
	return bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("%s%s"
	    "--steady auto: flat (no change point in %zu windows), none "
	    "shaded"), of,
	    sep, w->n);
}

int
bp_warm_note(struct bp_legend *leg, const struct bp_warm *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (w[i].upto > 0)
			return bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0,
			    bs_tr("shaded: before steady state (--steady "
			    "auto, %zu window%s)"), w[i].upto, w[i].upto > 1 ? "s" :
			    "");
	return 0;
}

void
bp_warm_shade(cairo_t *cr, const struct bp_frame *f, const struct bp_warm *w,
    double step)
{
	double x0, x1;

	if (w->upto == 0)
		return;
	x0 = bp_fx(f, 0);
	x1 = bp_fx(f, (double)w->upto * step);
	cairo_save(cr);
	bp_frame_clip(cr, f);
	bp_set_rgba(cr, bp_grey(0.6), 0.25);
	cairo_rectangle(cr, x0, f->py, x1 - x0, f->ph);
	cairo_fill(cr);
	cairo_restore(cr);
}

/*
 * The requests of every group are read from the table where they are,
 * in up to three passes (range, counts, each column's values), not
 * copied out: at 10^7 requests a copy of both was 160 MB.
 */
struct lm_src {
	const struct bs_table *t;
	long		 ix, iy;	/* iy < 0: the offset map */
	double		 ymax;
};

/*
 * Request i of group g: its time (s) and latency, or of the offset map
 * its time's offset within its second (ms); 1, else 0 when either is
 * missing (-1 when not above 0, -2 when above --ymax).
 */
static inline int
lm_get(const struct lm_src *src, size_t g, size_t i, double *x, double *y)
{
	const struct bs_series *sx = &src->t->groups[g].s[src->ix];
	const struct bs_series *sy = &src->t->groups[g].s[src->iy < 0 ?
	    src->ix : src->iy];

	if (isnan(sx->v[i]) || isnan(sy->v[i]))
		return 0;
	*x = epoch_seconds(bs_series_value(sx, i));
	*y = src->iy < 0 ? (*x - floor(*x)) * 1000 + 1e-9 :
	    bs_series_value(sy, i);
	if (!(*y > 0))
		return -1;
	if (isfinite(src->ymax) && *y > src->ymax)
		return -2;
	return 1;
}

/* The rows of group g both series hold. */
static inline size_t
lm_rows(const struct lm_src *src, size_t g)
{
	const struct bs_series *sx = &src->t->groups[g].s[src->ix];
	const struct bs_series *sy = &src->t->groups[g].s[src->iy < 0 ?
	    src->ix : src->iy];

	return sx->n < sy->n ? sx->n : sy->n;
}

static long
bucket(const struct latmap *m, double v)
{
	long b;

	if (m->offset)
		return (long)fmin(floor(v / LM_OFFMS), 1000 / LM_OFFMS - 1);
	b = (long)floor(log10(v) * LM_PER_DECADE - m->shift + 1e-9);
	/* Under --ymax no value is above V: V itself is in the top row. */
	return isfinite(m->ymax) && b > m->btop ? m->btop : b;
}

/* The lower edge of bucket b: ms of the offset, or a latency. */
static double
edge(const struct latmap *m, long b)
{
	if (m->offset)
		return (double)(b * LM_OFFMS);
	return pow(10, ((double)b + m->shift) / LM_PER_DECADE);
}

/* The map's top: V under --ymax, else the top row's upper edge. */
static double
lm_top(const struct latmap *m)
{
	if (!m->offset && isfinite(m->ymax))
		return m->ymax;
	return edge(m, m->b0 + (long)m->nrow);
}

/*
 * The requests counted, the skipped ones too, and their range: time,
 * and latency (whose buckets' range is that of its ends': bucket() never
 * falls as v rises).
 */
static void
lm_range(struct latmap *m, const struct lm_src *src, double *tmin,
    double *tmax, long *bmin, long *bmax)
{
	double vmin = HUGE_VAL, vmax = -HUGE_VAL, x, y;

	*tmin = HUGE_VAL;
	*tmax = -HUGE_VAL;
	for (size_t g = 0; g < src->t->ngroups; g++)
		for (size_t i = 0, n = lm_rows(src, g); i < n; i++)
			switch (lm_get(src, g, i, &x, &y)) {
			case -1:
				m->nonpos++;
				break;
			case -2:
				m->clipped++;
				*tmin = fmin(*tmin, x);	/* in a column */
				*tmax = fmax(*tmax, x);
				break;
			case 1:
				*tmin = fmin(*tmin, x);
				*tmax = fmax(*tmax, x);
				vmin = fmin(vmin, y);
				vmax = fmax(vmax, y);
				m->n++;
				break;
			}
	if (m->n > 0) {
		*bmin = bucket(m, vmin);
		/* --ymax: the map reaches V, requests there or not. */
		*bmax = !m->offset && isfinite(m->ymax) ? m->btop :
		    bucket(m, vmax);
	}
}

/* Request (x, y)'s column. */
static inline size_t
lm_col(const struct latmap *m, double x)
{
	size_t c = (size_t)floor((x - m->t0) / m->step);

	return c >= m->ncol ? m->ncol - 1 : c;
}

/*
 * Each column's p50 and p99 (type 7) from its values gathered in col:
 * of every request, those above --ymax too (the clipped map's lines are
 * the full map's; a p99 above V runs off its top).
 */
static void
lm_pctl(struct latmap *m, const struct lm_src *src, size_t *fill,
    double *col)
{
	double x, y;

	for (size_t c = 1; c <= m->ncol; c++)
		fill[c] += fill[c - 1];
	for (size_t g = src->t->ngroups; g-- > 0;)
		for (size_t i = lm_rows(src, g); i-- > 0;) {
			int k = lm_get(src, g, i, &x, &y);

			if (k == 1 || k == -2)
				col[--fill[lm_col(m, x)]] = y;
		}
	for (size_t c = 0; c < m->ncol; c++) {
		size_t n = (c + 1 == m->ncol ? m->n + m->clipped :
		    fill[c + 1]) - fill[c];
		double p[2] = { 0.5, 0.99 }, q[2] = { NAN, NAN };

		if (n > 0 && bs_quantiles(col + fill[c], n, p, 2, 7, q) == -1)
			q[0] = q[1] = NAN;
		m->p50[c] = q[0];
		m->p99[c] = q[1];
	}
}

/* Columns, buckets and counts; each column's p50 and p99. */
static int
lm_cells(struct latmap *m, const struct lm_src *src)
{
	double tmin, tmax, x, y, *col;
	long bmin = 0, bmax = 0;
	size_t c, *fill;

	lm_range(m, src, &tmin, &tmax, &bmin, &bmax);
	if (m->n == 0)
		return 0;
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
	col = malloc((m->n + m->clipped + 1) * sizeof(*col));
	if (m->count == NULL || m->p50 == NULL || m->p99 == NULL ||
	    fill == NULL || col == NULL) {
		free(fill);
		free(col);
		return -1;
	}
	for (size_t g = 0; g < src->t->ngroups; g++)
		for (size_t i = 0, n = lm_rows(src, g); i < n; i++) {
			int k = lm_get(src, g, i, &x, &y);

			if (k != 1 && k != -2)
				continue;
			c = lm_col(m, x);
			if (k == 1)
				m->count[c * m->nrow + (size_t)(bucket(m, y) -
				    m->b0)]++;
			fill[c]++;	/* the percentiles': every request */
		}
	for (size_t i = 0; i < m->ncol * m->nrow; i++)
		m->cmax = fmax(m->cmax, m->count[i]);
	if (!m->offset)
		lm_pctl(m, src, fill, col);
	free(fill);
	free(col);
	return 0;
}

/*
 * An HdrHistogram interval log (.hlog): the buckets of each interval's
 * histogram, at the interval's middle, each its count of requests at
 * its value (the highest equivalent one, which HdrHistogram's
 * percentiles report: the histogram's precision, not the requests').
 */
struct lm_hb {
	double		 t, v, k;	/* time, value, count */
};

struct lm_hlog {
	struct latmap	*m;
	struct lm_hb	*b;
	size_t		 n, cap;
	double		 ymax;
};

static int
lm_hlog_add(void *arg, const struct bs_hlog_interval *in)
{
	struct lm_hlog *h = arg;
	double t = in->start + (in->length > 0 ? in->length / 2 : 0);

	h->m->nint++;
	for (size_t i = 0; i < in->n; i++) {
		if (!(in->value[i] > 0)) {
			h->m->nonpos += (size_t)in->count[i];
			continue;
		}
		if (isfinite(h->ymax) && in->value[i] > h->ymax) {
			h->m->clipped += (size_t)in->count[i];
			continue;
		}
		if (h->n == h->cap) {
			size_t nc = h->cap ? h->cap * 2 : 256;
			struct lm_hb *p = realloc(h->b, nc * sizeof(*p));

			if (p == NULL)
				return -1;
			h->b = p;
			h->cap = nc;
		}
		h->b[h->n++] = (struct lm_hb){ t, in->value[i], in->count[i] };
	}
	return 0;
}

static int
hb_cmp(const void *a, const void *b)
{
	const struct lm_hb *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return (x->v > y->v) - (x->v < y->v);
}

/*
 * A column's percentile p (0..1) as HdrHistogram's getValueAtPercentile
 * takes it: the first bucket whose running count reaches p of the
 * total (rounded up, less an ulp), of the column's buckets b[0..n)
 * sorted by value.
 */
static double
hb_pct(const struct lm_hb *b, size_t n, double total, double p)
{
	double fp = p * total, need, sum = 0;

	need = ceil(fp - (fp > 0 ? nextafter(fp, INFINITY) - fp : 0));
	if (need < 1)
		need = 1;
	for (size_t i = 0; i < n; i++)
		if ((sum += b[i].k) >= need)
			return b[i].v;
	return NAN;
}

/* Each column's p50 and p99 from its buckets merged (sorted by value). */
static void
lm_hlog_pctl(struct latmap *m, struct lm_hb *b, size_t n)
{
	size_t i = 0;

	for (size_t c = 0; c < m->ncol; c++)
		m->p50[c] = m->p99[c] = NAN;
	/* By column, then value: a column's buckets together in order. */
	for (size_t k = 0; k < n; k++)
		b[k].t = (double)lm_col(m, b[k].t);
	qsort(b, n, sizeof(*b), hb_cmp);
	while (i < n) {
		size_t j = i, c = (size_t)b[i].t;
		double total = 0;

		while (j < n && b[j].t == b[i].t)
			total += b[j++].k;
		m->p50[c] = hb_pct(b + i, j - i, total, 0.5);
		m->p99[c] = hb_pct(b + i, j - i, total, 0.99);
		i = j;
	}
}

/* The map's cells from an interval log's buckets (lm_cells' codes). */
static int
lm_hlog_cells(struct latmap *m, struct lm_hb *b, size_t n)
{
	double tmin = HUGE_VAL, tmax = -HUGE_VAL, vmin = HUGE_VAL;
	double vmax = -HUGE_VAL, total = 0;

	for (size_t i = 0; i < n; i++) {
		tmin = fmin(tmin, b[i].t);
		tmax = fmax(tmax, b[i].t);
		vmin = fmin(vmin, b[i].v);
		vmax = fmax(vmax, b[i].v);
		total += b[i].k;
	}
	m->n = (size_t)total;
	if (n == 0)
		return 0;
	m->step = m->every > 0 ? m->every : bp_time_step(tmax - tmin, m->n);
	if ((tmax - tmin) / m->step > 1e5)
		return -3;
	m->t0 = floor(tmin / m->step) * m->step;
	m->ncol = (size_t)floor((tmax - m->t0) / m->step) + 1;
	m->b0 = bucket(m, vmin);
	m->nrow = (size_t)((isfinite(m->ymax) ? m->btop : bucket(m, vmax)) -
	    m->b0) + 1;
	m->count = calloc(m->ncol * m->nrow, sizeof(*m->count));
	m->p50 = calloc(m->ncol, sizeof(*m->p50));
	m->p99 = calloc(m->ncol, sizeof(*m->p99));
	if (m->count == NULL || m->p50 == NULL || m->p99 == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		m->count[lm_col(m, b[i].t) * m->nrow + (size_t)(bucket(m,
		    b[i].v) - m->b0)] += b[i].k;
	for (size_t i = 0; i < m->ncol * m->nrow; i++)
		m->cmax = fmax(m->cmax, m->count[i]);
	lm_hlog_pctl(m, b, n);
	return 0;
}

/* Every input's intervals into the map: lm_cells' codes, e set on -1. */
static int
lm_hlog(struct latmap *m, const struct bp_inputs *in, double ymax,
    struct bs_err *e)
{
	struct lm_hlog h;
	int rc;

	memset(&h, 0, sizeof(h));
	h.m = m;
	h.ymax = ymax;
	m->hlog = 1;
	for (size_t k = 0; k < in->nbufs; k++)
		if (bs_hlog_buckets(&in->bufs[k], lm_hlog_add, &h, e) == -1) {
			free(h.b);
			return -4;
		}
	rc = lm_hlog_cells(m, h.b, h.n);
	free(h.b);
	return rc;
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
	double yhi = bp_fy(f, lm_top(m) * fy);
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
		else if (m->hlog && (k + 1 == m->ncol || !isfinite(p[k + 1]))) {
			/*
			 * An interval alone between empty columns: a tick
			 * across its column (a lone point draws nothing).
			 */
			double hw = (bp_fx(f, m->step) - bp_fx(f, 0)) / 2;

			cairo_move_to(cr, x - hw, bp_fy(f, p[k] * fy));
			cairo_line_to(cr, x + hw, bp_fy(f, p[k] * fy));
		} else
			cairo_move_to(cr, x, bp_fy(f, p[k] * fy));
		pen = 1;
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/*
 * --ymax: the latency axis' ticks from the map's foot to top = V (the
 * axis' units), which ends the axis and is labelled itself; a tick
 * whose label would crowd V's (within 5% of the axis' log range) makes
 * way for it.  -1 when there are no ticks to be had (the axis' own
 * choice then stands).
 */
static int
lm_clip_ticks(double lo, double top, struct bp_ticks *t)
{
	double s, l;
	size_t k = 0;

	if (!(lo > 0) || !(top > lo) || bp_ticks_log10(lo, top, t) != 0)
		return -1;
	l = log10(top / t->lo);
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i] <= top * (1 + 1e-9) &&
		    log10(top / t->v[i]) >= 0.05 * l) {
			t->v[k] = t->v[i];
			memmove(t->label[k], t->label[i], BP_TICK_LABEL);
			k++;
		}
	t->n = k;
	if (t->n < BP_MAX_TICKS) {
		/* The label's digits: V's own, six significant at most. */
		s = pow(10, floor(log10(top)));
		for (int d = 0; d < 5 && fabs(round(top / s) * s - top) >
		    1e-9 * top; d++)
			s /= 10;
		t->v[t->n] = top;
		bp_format_tick(top, s, t->label[t->n], BP_TICK_LABEL);
		t->n++;
	}
	t->hi = top;
	return 0;
}

static int
lm_chart(cairo_t *cr, double w, double h, const struct bp_chart *ch,
    const struct latmap *m, double ymax, struct bs_err *e)
{
	const struct bp_rgb p50c = { 1, 1, 1 }, p99c = { 0.85, 0.12, 0.10 };
	double fy = bp_factor(&ch->y);
	struct bp_frame f;
	struct bp_legend leg;
	struct bp_ticks yt;
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	bp_frame_init(&f, w, h, ch);
	f.ax.kind = BP_SCALE_LINEAR;
	f.ay.kind = m->offset ? BP_SCALE_LINEAR : BP_SCALE_LOG10;
	f.ax.padlo = f.ax.padhi = 0;
	f.ay.padlo = f.ay.padhi = 0;
	if (bp_axspec_set(&f.ax, &ch->x, 0, (double)m->ncol * m->step, e) ==
	    -1 || bp_axspec_set(&f.ay, &ch->y, edge(m, m->b0) * fy,
	    lm_top(m) * fy, e) == -1)
		return -1;
	/* --ymax: the axis ends at V, as the map does. */
	if (!m->offset && isfinite(m->ymax) && !f.ay.fixed &&
	    lm_clip_ticks(f.ay.dmin, m->ymax * fy, &yt) == 0)
		f.ay.given = &yt;
	if (m->offset)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("cells: "
		    "1 s \xc3\x97 %d ms of the offset in it"), LM_OFFMS);
	else
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("cells: "
		    "%g s \xc3\x97 %d latency buckets a decade (\xc3\x97"
		    "1.259)"),
		    m->step, LM_PER_DECADE);
	bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("colour: "
	    "log10(1 + count), max %g"), m->cmax);
	if (m->hlog)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("%zu "
		    "requests of %zu intervals at the histograms' bucket "
		    "values (their precision)"), m->n, m->nint);
	if (!m->offset) {
		bp_legend_add(&leg, BP_LEG_LINE, p99c, 0, "%s",
		    bs_tr("p99 of each column"));
		bp_legend_add(&leg, BP_LEG_LINE, bp_grey(0.55), 0, "%s",
		    bs_tr("p50 (white)"));
	}
	if (m->clipped > 0)
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("%zu "
		    "above --ymax %g left out of the cells, not of p50 and "
		    "p99"), m->clipped, ymax);
	if (m->steady && (bp_warm_legend(&leg, &m->warm, NULL, m->step) ==
	    -1 || bp_warm_note(&leg, &m->warm, 1) == -1))
		goto out;
	if (bp_frame_open(cr, &f, &leg, ch, e) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	if (lm_image(cr, &f, m, fy, e) == -1) {
		cairo_restore(cr);
		goto out;
	}
	if (m->steady)
		bp_warm_shade(cr, &f, &m->warm, m->step);
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

/*
 * --steady auto: the columns' p50 (of every request of the map) as the
 * windows' medians; the unit of -y says which way is better.
 */
static int
lm_steady(struct latmap *m, const struct bp_request *q,
    const struct bs_table *t, long iy, struct bs_err *e)
{
	struct bs_colunit u;

	bs_column_unit_as(q->y, bs_table_unit(t, (size_t)iy), &u);
	return bp_warmup(m->p50, m->ncol, u.higher, &m->warm, e);
}

/*
 * Small multiples: the span of every panel's requests (the columns all
 * panels cut), from the whole table.
 */
static void
lm_span(struct latmap *m, const struct bs_table *whole,
    const struct lm_src *like)
{
	struct latmap w;
	struct lm_src src = *like;
	double lo, hi;
	long b0, b1;

	memset(&w, 0, sizeof(w));
	w.offset = m->offset;
	w.ymax = m->ymax;
	w.shift = m->shift;
	w.btop = m->btop;
	src.t = whole;
	lm_range(&w, &src, &lo, &hi, &b0, &b1);
	if (w.n > 0) {
		m->span_lo = lo;
		m->span_hi = hi;
		m->span_n = w.n;
	}
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

/* Both maps: the requests, the cells, the chart; offset: no -y. */
static int
lm_map(struct bp_surface *s, struct bp_drawing *d, int offset,
    struct bs_err *e)
{
	const struct bp_request *q = d->q;
	const struct bs_table *t = d->in->t;
	struct latmap m;
	struct lm_src src;
	struct bp_chart ch;
	struct bp_refs rf;
	char *yt = NULL;
	long ix = -1, iy = -1;
	int rc = -1, cells = 0;

	memset(&m, 0, sizeof(m));
	m.offset = offset;
	m.every = q->every;
	m.steady = q->steady_auto && !offset;
	lm_clip_grid(&m, q->ymax);
	for (size_t i = 0; i < t->nvcols; i++) {
		if (strcmp(bs_table_vname(t, i), q->x) == 0)
			ix = (long)i;
		if (!offset && strcmp(bs_table_vname(t, i), q->y) == 0)
			iy = (long)i;
	}
	if (ix < 0 || (!offset && iy < 0))
		return bp_err(e, "%s: no column '%s'", d->q->kind->name,
		    ix < 0 ? q->x : q->y);
	src.t = t;
	src.ix = ix;
	src.iy = offset ? -1 : iy;
	src.ymax = q->ymax;
	if (d->in->facet != NULL)
		lm_span(&m, d->in->facet->whole->t, &src);
	cells = t->format != NULL && strcmp(bs_format_name(t->format),
	    "hlog") == 0 && !offset ? lm_hlog(&m, d->in, q->ymax, e) :
	    lm_cells(&m, &src);
	if (cells == -4)
		goto out;
	if (cells == -1) {
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
	if (m.n > 0 && m.steady && lm_steady(&m, q, t, iy, e) == -1)
		goto out;
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
	else if (m.hlog)
		/* The log never says the recorder's unit. */
		ch.y.label = q->ylabel ? q->ylabel :
		    bs_tr("latency (the recorder's unit)");
	else if (bp_axis_title_in(&yt, d->in, q->y, q->ylabel, lm_top(&m),
	    &ch.y.factor, e) == -1)
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
	.synopsis = "[-x TIME] -y LATENCY [--ymax V] [options] [FILE...] -o OUT",
	/* x is a value (the time stamps), no key: every request a row. */
	.flags = BP_KF_LABELKEY | BP_KF_LEGEND_STRIP | BP_KF_XTIME,
	.takes = BP_REQ_YMAX | BP_REQ_EVERY | BP_REQ_STEADY_AUTO | BP_REQ_FACET,
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
	.synopsis = "[-x TIME] [options] [FILE...] -o OUT",
	.flags = BP_KF_LABELKEY | BP_KF_LEGEND_STRIP | BP_KF_XTIME,
	.takes = BP_REQ_FACET,
	.refuses = { { BP_REQ_SERIES | BP_REQ_LOGX | BP_REQ_LOGY,
	    BP_MISUSE_LATMAP_AXES } },
	.needs = { BP_REQ_NOX, BP_MISUSE_OFFMAP_X },
	.columns = off_columns,
	.draw = off_draw
};
