/*
 * Trend chart: each series against its order (revisions: numbers, dates
 * on a time axis, or commits as labelled ticks), its values as points
 * with an optional interval band, the level of each segment between
 * change points as a step line, every step marked by a dashed line
 * (dotted while provisional) labelled with its change, regressions in
 * red, and outlier revisions ringed.  Labels that would overlap are
 * left out; more revisions than the pixels can tell apart are drawn a
 * pixel column at a time, many outliers as dots (the legend says so).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "plots_extern.h"

/* Red for worse, green for better: what a reader looks for first. */
static const struct bp_rgb worse = { 0.80, 0.12, 0.10 };
static const struct bp_rgb better = { 0.05, 0.50, 0.25 };

void
bp_trend_opts_init(struct bp_trend_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->band = 1;
}

/* Data pass: the ranges of x and of y (values, bands and levels). */
static int
trend_range(const struct bp_trend_series *s, size_t ns, double fy,
    double *x0, double *x1, double *y0, double *y1)
{
	*x0 = *y0 = HUGE_VAL;
	*x1 = *y1 = -HUGE_VAL;
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < s[i].n; j++) {
			double y = s[i].y[j] * fy;

			if (!isfinite(y) || !isfinite(s[i].x[j]))
				continue;
			*x0 = fmin(*x0, s[i].x[j]);
			*x1 = fmax(*x1, s[i].x[j]);
			*y0 = fmin(*y0, y);
			*y1 = fmax(*y1, y);
			if (s[i].lo && isfinite(s[i].lo[j]))
				*y0 = fmin(*y0, s[i].lo[j] * fy);
			if (s[i].hi && isfinite(s[i].hi[j]))
				*y1 = fmax(*y1, s[i].hi[j] * fy);
		}
	return *x1 >= *x0 && *y1 >= *y0 ? 0 : -1;
}

/*
 * The level of revision j: the mean of its segment; within a drift,
 * on the straight line from the level before it to the level after it
 * (*ramp set).
 */
static double
level(const struct bp_trend_series *s, size_t j, int *ramp)
{
	const struct bp_trend_cp *last = NULL, *first = NULL, *c;
	size_t k;

	*ramp = 0;
	for (k = 0; k < s->ncp; k++) {
		c = &s->cp[k];
		if (c->outlier)
			continue;
		if (c->end > c->at && j >= c->at && j <= c->end) {
			*ramp = 1;
			return c->before + (c->after - c->before) *
			    (double)(j - c->at + 1) / (double)(c->end -
			    c->at + 1);
		}
		if (first == NULL)
			first = c;
		if (c->at <= j)
			last = c;
	}
	if (first == NULL)
		return s->mean;
	return last == NULL ? first->before : last->after;
}

/*
 * Many revisions: over TREND_PERCOL revisions a device pixel column of
 * the plot area (a point's marker is 4.4 pixels across at 800 by 500,
 * so at 2 a column each lies under some 8 others: none can be told
 * apart), a series
 * is drawn as what the pixels show: per column the range of its values
 * (lighter) and their middle half (darker), under its level line.  A
 * column holds every one of its values, the extremes included: none is
 * left out.  Over TREND_RINGS outlier revisions in a chart they are
 * dots, not rings, and the legend says how many.
 */
#define TREND_PERCOL	2
#define TREND_RINGS	50

/* What the chart's layout decided, for the legend and the marks. */
struct trend_info {
	int	 many;		/* columns, not markers */
	size_t	 npts;		/* revisions drawn (of the longest series) */
	size_t	 ncol;		/* device pixel columns of the plot area */
	size_t	 nout;		/* outlier revisions */
	int	 outreg, outimp;
	size_t	 nlab, ndrop;	/* change labels, those left out */
	int	 crowded;	/* some left out when the labels were planned */
};

/* A device pixel column of a many-revision series. */
struct tcol {
	size_t	 n;
	double	 lo, hi, q1, q3;	/* of the values, displayed units */
	double	 blo, bhi;		/* of the intervals; NAN: none */
};

/* The levels of a series revision by revision (level(), in O(1) each). */
struct lvl {
	const struct bp_trend_series *s;
	size_t	*idx, *drift;	/* the steps by at; the drifts among them */
	size_t	 nidx, ndrift, p;
	int	 slow;		/* steps not sorted: level() itself */
};

static void
lvl_open(struct lvl *l, const struct bp_trend_series *s)
{
	memset(l, 0, sizeof(*l));
	l->s = s;
	if ((l->idx = malloc(2 * (s->ncp + 1) * sizeof(*l->idx))) == NULL) {
		l->slow = 1;
		return;
	}
	l->drift = l->idx + s->ncp + 1;
	for (size_t k = 0; k < s->ncp; k++) {
		const struct bp_trend_cp *c = &s->cp[k];

		if (c->outlier)
			continue;
		if (l->nidx > 0 && c->at < s->cp[l->idx[l->nidx - 1]].at)
			l->slow = 1;
		l->idx[l->nidx++] = k;
		if (c->end > c->at)
			l->drift[l->ndrift++] = k;
	}
}

/* level(s, j, ramp), the same number, for j never smaller than before. */
static double
lvl_at(struct lvl *l, size_t j, int *ramp)
{
	const struct bp_trend_series *s = l->s;

	if (l->slow)
		return level(s, j, ramp);
	*ramp = 0;
	for (size_t k = 0; k < l->ndrift; k++) {
		const struct bp_trend_cp *c = &s->cp[l->drift[k]];

		if (j >= c->at && j <= c->end) {
			*ramp = 1;
			return c->before + (c->after - c->before) *
			    (double)(j - c->at + 1) / (double)(c->end -
			    c->at + 1);
		}
	}
	if (l->nidx == 0)
		return s->mean;
	while (l->p < l->nidx && s->cp[l->idx[l->p]].at <= j)
		l->p++;
	return l->p == 0 ? s->cp[l->idx[0]].before :
	    s->cp[l->idx[l->p - 1]].after;
}

static void
lvl_close(struct lvl *l)
{
	free(l->idx);
}

/*
 * The level line of a many-revision series, with the points a pixel
 * cannot show left out: a flat run is its two ends, and a drift's
 * points (a straight line) are kept half a device pixel apart.
 */
struct thin {
	cairo_t	*cr;
	double	 ex, ey, px, py;	/* last point drawn; one pending */
	double	 half;			/* half a device pixel, user space */
	int	 n, pend;
};

static void
thin_add(struct thin *t, double x, double y, int ramp)
{
	if (t->n == 0) {
		cairo_move_to(t->cr, x, y);
		t->ex = x;
		t->ey = y;
		t->n = 1;
		return;
	}
	if (t->pend && ((t->py == y && t->ey == y) || (ramp &&
	    fabs(x - t->ex) < t->half))) {
		t->px = x;
		t->py = y;
		return;
	}
	if (t->pend) {
		cairo_line_to(t->cr, t->px, t->py);
		t->ex = t->px;
		t->ey = t->py;
	}
	t->px = x;
	t->py = y;
	t->pend = 1;
}

static void
thin_end(struct thin *t)
{
	if (t->pend)
		cairo_line_to(t->cr, t->px, t->py);
	t->pend = 0;
}

/* The levels as steps: flat within a segment, a jump at a change. */
static void
trend_levels(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_series *s, size_t i, double fy, int many)
{
	struct bp_rgb c = bp_palette(i);
	struct thin t;
	struct lvl l;
	double hx = 0.5, hy = 0;
	size_t j;
	int pen;

	memset(&t, 0, sizeof(t));
	t.cr = cr;
	cairo_device_to_user_distance(cr, &hx, &hy);
	t.half = fabs(hx);
	lvl_open(&l, s);
	cairo_set_line_width(cr, f->st.line * 1.6);
	bp_set_rgb(cr, c);
	for (j = 0, pen = 0; j < s->n; j++) {
		int ramp;
		double y = bp_fy(f, lvl_at(&l, j, &ramp) * fy), xl, xr;

		/* A drift: a sloped line through its revisions. */
		if (ramp && pen) {
			if (many)
				thin_add(&t, bp_fx(f, s->x[j]), y, 1);
			else
				cairo_line_to(cr, bp_fx(f, s->x[j]), y);
			continue;
		}
		/* Each revision owns the x range to halfway to its neighbours. */
		xl = j > 0 ? (bp_fx(f, s->x[j - 1]) + bp_fx(f, s->x[j])) / 2 :
		    bp_fx(f, s->x[j]);
		xr = j + 1 < s->n ? (bp_fx(f, s->x[j]) +
		    bp_fx(f, s->x[j + 1])) / 2 : bp_fx(f, s->x[j]);
		if (many) {
			thin_add(&t, xl, y, 0);
			thin_add(&t, xr, y, 0);
			pen = 1;
			continue;
		}
		if (!pen) {
			cairo_move_to(cr, xl, y);
			pen = 1;
		} else
			cairo_line_to(cr, xl, y);
		cairo_line_to(cr, xr, y);
	}
	if (many)
		thin_end(&t);
	cairo_stroke(cr);
	lvl_close(&l);
}

/* The k-th smallest of a[0..n) (Hoare's selection; a reordered). */
static double
kth(double *a, long n, long k)
{
	long l = 0, r = n - 1;

	while (l < r) {
		double x = a[k], t;
		long i = l, j = r;

		do {
			while (a[i] < x)
				i++;
			while (x < a[j])
				j--;
			if (i <= j) {
				t = a[i];
				a[i++] = a[j];
				a[j--] = t;
			}
		} while (i <= j);
		if (j < k)
			l = i;
		if (k < i)
			r = j;
	}
	return a[k];
}

/* The device pixel column of the plot area x (user space) falls in. */
static long
dev_col(cairo_t *cr, double x, double base)
{
	double y = 0;

	cairo_user_to_device(cr, &x, &y);
	return (long)(floor(x) - base);
}

/*
 * The columns of series s: counts, ranges, quartiles (the values
 * bucketed by column, then selected).  NULL: out of memory.
 */
static struct tcol *
trend_columns(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_series *s, double fy, size_t ncol, double base)
{
	struct tcol *col = calloc(ncol, sizeof(*col));
	size_t *at = calloc(ncol + 1, sizeof(*at)), j, k, m;
	long *cj = malloc((s->n + 1) * sizeof(*cj));
	double *v = malloc((s->n + 1) * sizeof(*v));

	if (col == NULL || at == NULL || cj == NULL || v == NULL) {
		free(col);
		col = NULL;
		goto out;
	}
	for (k = 0; k < ncol; k++)
		col[k].blo = col[k].bhi = NAN;
	for (j = 0; j < s->n; j++) {
		long q = isfinite(s->y[j]) && isfinite(s->x[j]) ?
		    dev_col(cr, bp_fx(f, s->x[j]), base) : -1;
		struct tcol *c;

		/* Beyond the axis (clipped), or no value: in no column. */
		cj[j] = q >= 0 && q < (long)ncol ? q : -1;
		if (cj[j] < 0)
			continue;
		c = &col[q];
		c->n++;
		if (s->lo != NULL && s->hi != NULL && isfinite(s->lo[j]) &&
		    isfinite(s->hi[j])) {
			c->blo = isnan(c->blo) ? s->lo[j] * fy :
			    fmin(c->blo, s->lo[j] * fy);
			c->bhi = isnan(c->bhi) ? s->hi[j] * fy :
			    fmax(c->bhi, s->hi[j] * fy);
		}
	}
	for (k = 0, m = 0; k < ncol; k++) {
		at[k] = m;
		m += col[k].n;
	}
	for (j = 0; j < s->n; j++)
		if (cj[j] >= 0)
			v[at[cj[j]]++] = s->y[j] * fy;
	for (k = 0, m = 0; k < ncol; m += col[k++].n) {
		struct tcol *c = &col[k];
		double *a = v + m;
		long n = (long)c->n;

		if (n == 0)
			continue;
		c->lo = c->hi = a[0];
		for (long q = 1; q < n; q++) {
			c->lo = fmin(c->lo, a[q]);
			c->hi = fmax(c->hi, a[q]);
		}
		c->q1 = kth(a, n, (n - 1) / 4);
		c->q3 = kth(a, n, (3 * (n - 1) + 3) / 4);
	}
out:
	free(at);
	free(cj);
	free(v);
	return col;
}

/* Rectangles a column wide from a to b (data), at least a pixel tall. */
static void
col_rect(cairo_t *cr, const struct bp_frame *f, double x, double w,
    double a, double b)
{
	double ya = bp_fy(f, a), yb = bp_fy(f, b), y0 = fmin(ya, yb),
	    h = fabs(ya - yb);

	if (!isfinite(y0) || !isfinite(h))
		return;
	if (h < w) {
		y0 -= (w - h) / 2;
		h = w;
	}
	cairo_rectangle(cr, x, y0, w, h);
}

/* Marks pass of a many-revision series: its columns, then its levels. */
static void
trend_many(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_opts *o, const struct bp_trend_series *s,
    size_t i, double fy)
{
	struct bp_rgb c = bp_palette(i);
	double x0 = f->px, y0 = f->py, w = f->pw, h = 0, base, u;
	struct tcol *col;
	size_t ncol, k;
	int pass;

	cairo_user_to_device(cr, &x0, &y0);
	cairo_user_to_device_distance(cr, &w, &h);
	base = floor(x0);
	ncol = (size_t)ceil(x0 + fabs(w) - base) + 1;
	/* User units a device pixel. */
	u = f->pw / fmax(fabs(w), 1);
	if ((col = trend_columns(cr, f, s, fy, ncol, base)) == NULL) {
		trend_levels(cr, f, s, i, fy, 1);
		return;
	}
	for (pass = 0; pass < 3; pass++) {
		if (pass == 0 && !o->band)
			continue;
		bp_set_rgba(cr, c, pass == 0 ? 0.18 : pass == 1 ? 0.25 : 0.45);
		for (k = 0; k < ncol; k++) {
			const struct tcol *q = &col[k];
			double x = f->px + ((double)k + base - x0) * u;

			if (q->n == 0 || (pass == 0 && isnan(q->blo)))
				continue;
			if (pass == 0)
				col_rect(cr, f, x, u, q->blo, q->bhi);
			else if (pass == 1)
				col_rect(cr, f, x, u, q->lo, q->hi);
			else
				col_rect(cr, f, x, u, q->q1, q->q3);
		}
		cairo_fill(cr);
	}
	free(col);
	trend_levels(cr, f, s, i, fy, 1);
}

/* Marks pass: band, points, levels of one series. */
static void
trend_series(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_opts *o, const struct bp_trend_series *s,
    size_t i, double fy, int many)
{
	struct bp_rgb c = bp_palette(i);
	size_t j;

	if (many) {
		trend_many(cr, f, o, s, i, fy);
		return;
	}
	if (o->band && s->lo != NULL && s->hi != NULL) {
		bp_set_rgba(cr, c, 0.18);
		for (j = 0; j < s->n; j++) {
			double w, x;

			if (!isfinite(s->lo[j]) || !isfinite(s->hi[j]))
				continue;
			/* Half the distance to the neighbours each side. */
			x = bp_fx(f, s->x[j]);
			w = s->n > 1 ? fabs(bp_fx(f, s->x[j > 0 ? j - 1 : 1]) -
			    x) / 2 : f->st.marker;
			cairo_rectangle(cr, x - w, bp_fy(f, s->hi[j] * fy),
			    2 * w, bp_fy(f, s->lo[j] * fy) -
			    bp_fy(f, s->hi[j] * fy));
		}
		cairo_fill(cr);
	}
	bp_set_rgba(cr, c, 0.75);
	for (j = 0; j < s->n; j++)
		if (isfinite(s->y[j]))
			bp_marker(cr, i, bp_fx(f, s->x[j]),
			    bp_fy(f, s->y[j] * fy), f->st.marker * 0.55, c);
	trend_levels(cr, f, s, i, fy, 0);
}

/* Too many outlier revisions to ring: a dot each, worse then better. */
static void
trend_outdots(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_series *s, size_t ns, double fy)
{
	double r = f->st.marker * 0.35;

	for (int reg = 1; reg >= 0; reg--) {
		bp_set_rgba(cr, reg ? worse : better, 0.85);
		for (size_t i = 0; i < ns; i++)
			for (size_t k = 0; k < s[i].ncp; k++) {
				const struct bp_trend_cp *c = &s[i].cp[k];
				double x, y;

				if (!c->outlier || !c->regressed != !reg)
					continue;
				x = bp_fx(f, s[i].x[c->at]);
				y = bp_fy(f, s[i].y[c->at] * fy);
				if (!isfinite(x) || !isfinite(y))
					continue;
				cairo_new_sub_path(cr);
				cairo_arc(cr, x, y, r, 0, 2 * M_PI);
			}
		cairo_fill(cr);
	}
}

/*
 * Where a change's label goes: in its preferred row of the series'
 * two (the rows alternate), else the other, else nowhere (-1) when it
 * would overlap a label already placed in both; its extent recorded.
 */
struct trow {
	double	*a;		/* extents placed, two numbers each */
	size_t	 n[2], cap;
};

static int
label_row(struct trow *t, int pref, double a, double b, double pad)
{
	for (int q = 0; q < 2; q++) {
		int r = q == 0 ? pref : !pref;
		size_t m;

		if (t->a == NULL)
			return pref;	/* out of memory: as placed before */
		for (m = 0; m < t->n[r]; m++) {
			const double *e = &t->a[(r * t->cap + m) * 2];

			if (a < e[1] + pad && e[0] < b + pad)
				break;
		}
		if (m < t->n[r])
			continue;
		t->a[(r * t->cap + t->n[r]) * 2] = a;
		t->a[(r * t->cap + t->n[r]++) * 2 + 1] = b;
		return r;
	}
	return -1;
}

/*
 * Change point k of series i: its dashed line (what & TC_LINE), its
 * label placed (TC_PLACE) and drawn (TC_TEXT).
 */
#define TC_LINE		1
#define TC_PLACE	2
#define TC_TEXT		4
static void
trend_change(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_series *s, size_t i, size_t k, struct trow *t,
    int what, struct trend_info *ti)
{
	double dash[] = { f->st.line * 3, f->st.line * 2 },
	    dot[] = { f->st.line, f->st.line * 2 };
	const struct bp_trend_cp *c = &s[i].cp[k];
	struct bp_rgb col = c->regressed ? worse : better;
	char buf[64], pct[48];
	double x, lw, lh, a;
	int right, row;

	x = (bp_fx(f, s[i].x[c->at]) + bp_fx(f,
	    s[i].x[c->at > 0 ? c->at - 1 : 0])) / 2;
	if (what & TC_LINE) {
		cairo_save(cr);
		cairo_set_line_width(cr, f->st.line * 1.2);
		if (c->provisional)
			cairo_set_dash(cr, dot, 2, 0);
		else
			cairo_set_dash(cr, dash, 2, 0);
		bp_set_rgb(cr, col);
		cairo_move_to(cr, x, f->py);
		cairo_line_to(cr, x, f->py + f->ph);
		cairo_stroke(cr);
		cairo_restore(cr);
	}
	if (!(what & TC_PLACE))
		return;
	bs_fmt_pct(pct, sizeof(pct), c->change);
	snprintf(buf, sizeof(buf), "%s%s", pct, c->provisional ? "?" : "");
	/* Near the right edge the label goes left of its line. */
	right = x > f->px + f->pw * 0.8;
	bp_measure(cr, buf, f->st.small, 0, 0, 0, &lw, &lh);
	a = right ? x - f->st.gap / 2 - lw : x + f->st.gap / 2;
	ti->nlab++;
	/* Half an em between labels in a row: they read as two. */
	if ((row = label_row(t, (int)(k % 2), a, a + lw,
	    f->st.small * 0.5)) == -1) {
		ti->ndrop++;
		return;
	}
	if ((what & TC_TEXT) && ti->crowded) {
		/* Crowded: on a ground of its own, over the other lines. */
		cairo_save(cr);
		bp_set_rgba(cr, bp_grey(1), 0.85);
		cairo_rectangle(cr, a - f->st.gap / 4, f->py + f->st.gap +
		    (double)(i * 2 + (size_t)row) * f->st.small * 1.4,
		    lw + f->st.gap / 2, lh);
		cairo_fill(cr);
		cairo_restore(cr);
	}
	if (what & TC_TEXT)
		bp_text(cr, buf, f->st.small, 0, 0, 0, right ? x -
		    f->st.gap / 2 : x + f->st.gap / 2, f->py + f->st.gap +
		    (double)(i * 2 + (size_t)row) * f->st.small * 1.4,
		    right ? BP_HRIGHT : BP_HLEFT, BP_VTOP, 0, col);
}

/*
 * Change points: a dashed line at each, its change above the plot (a
 * label that would overlap another left out, its line kept); outlier
 * revisions ringed, or dotted when too many.  draw 0: only count the
 * labels (ti's nlab, ndrop).
 */
static void
trend_changes(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_series *s, size_t ns, double fy, int draw,
    struct trend_info *ti)
{
	int dots = ti->nout > TREND_RINGS, what = TC_PLACE;

	ti->crowded = ti->ndrop > 0;
	ti->nlab = ti->ndrop = 0;
	if (draw && dots)
		trend_outdots(cr, f, s, ns, fy);
	/* Crowded: the lines first, then the labels over them all. */
	if (draw && ti->crowded)
		for (size_t i = 0; i < ns; i++)
			for (size_t k = 0; k < s[i].ncp; k++)
				if (!s[i].cp[k].outlier)
					trend_change(cr, f, s, i, k, NULL,
					    TC_LINE, ti);
	if (draw)
		what |= ti->crowded ? TC_TEXT : TC_LINE | TC_TEXT;
	for (size_t i = 0; i < ns; i++) {
		struct trow t;

		memset(&t, 0, sizeof(t));
		t.cap = s[i].ncp + 1;
		t.a = malloc(4 * t.cap * sizeof(*t.a));
		for (size_t k = 0; k < s[i].ncp; k++) {
			const struct bp_trend_cp *c = &s[i].cp[k];
			struct bp_rgb col = c->regressed ? worse : better;

			if (c->outlier && draw && !dots) {
				/* A ring round the revision: no step. */
				cairo_save(cr);
				cairo_set_line_width(cr, f->st.line * 1.2);
				bp_marker(cr, BP_MARK_OPEN, bp_fx(f,
				    s[i].x[c->at]), bp_fy(f, s[i].y[c->at] * fy),
				    f->st.marker * 1.3,
				    col);
				cairo_restore(cr);
			}
			if (!c->outlier)
				trend_change(cr, f, s, i, k, &t, what, ti);
		}
		free(t.a);
	}
}

/* 1234567 as "1,234,567". */
static const char *
grouped(char *buf, size_t len, size_t v)
{
	char d[32];
	size_t n, o = 0;

	n = (size_t)snprintf(d, sizeof(d), "%zu", v);
	for (size_t k = 0; k < n && o + 2 < len; k++) {
		if (k > 0 && (n - k) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = d[k];
	}
	buf[o] = '\0';
	return buf;
}

/* The legend: series, intervals, changes and what was summarised. */
static void
trend_legend(struct bp_legend *leg, const struct bp_trend_opts *o,
    const struct bp_trend_series *s, size_t ns, const struct trend_info *ti)
{
	int anyreg = 0, anyimp = 0, anyprov = 0, anyband = 0;
	char n1[32], n2[32];

	memset(leg, 0, sizeof(*leg));
	for (size_t i = 0; i < ns; i++) {
		bp_legend_add(leg, ti->many ? BP_LEG_BAND : BP_LEG_LINE,
		    bp_palette(i), i, "%s", s[i].name ? s[i].name : "?");
		for (size_t j = 0; o->band && s[i].lo != NULL && s[i].hi !=
		    NULL && j < s[i].n; j++)
			anyband |= isfinite(s[i].lo[j]) && isfinite(s[i].hi[j]);
		for (size_t k = 0; k < s[i].ncp; k++) {
			const struct bp_trend_cp *c = &s[i].cp[k];

			anyprov |= !c->outlier && c->provisional;
			anyreg |= !c->outlier && c->regressed;
			anyimp |= !c->outlier && !c->regressed;
		}
	}
	if (ti->many)
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("%s%s "
		    "revisions, ~%s a pixel column: its range light, its "
		    "middle half darker"), ns > 1 ? bs_tr("up to ") : "",
		    grouped(n1, sizeof(n1), ti->npts), grouped(n2, sizeof(n2),
		    (ti->npts + ti->ncol / 2) / (ti->ncol > 0 ? ti->ncol : 1)));
	/* What the bars round each revision's point are. */
	if (anyband)
		bp_legend_add(leg, BP_LEG_BAND, bp_grey(0.6), 0, bs_tr("each "
		    "revision: mean, %g%% CI of its runs"), o->conf > 0 ?
		    o->conf : 95);
	if (anyreg)
		bp_legend_add(leg, BP_LEG_DASHED, worse, 0, "%s",
		    bs_tr("regression"));
	if (anyimp)
		bp_legend_add(leg, BP_LEG_DASHED, better, 0, "%s",
		    bs_tr("improvement"));
	if (anyprov)
		bp_legend_add(leg, BP_LEG_DOTTED, bp_grey(0.3), 0, "%s",
		    bs_tr("provisional (?): too few revisions after it yet"));
	if (ti->nout > TREND_RINGS)
		bp_legend_add(leg, BP_LEG_MARKER, ti->outreg ? worse : better,
		    0, bs_tr("outlier revisions: %s (too many to ring: a "
		    "dot each%s)"), grouped(n1, sizeof(n1), ti->nout),
		    ti->outreg && ti->outimp ? bs_tr(", red worse, green "
		    "better") : "");
	else if (ti->nout > 0)
		bp_legend_add(leg, BP_LEG_MARKER, bp_grey(0.3), BP_MARK_OPEN,
		    "%s", bs_tr("outlier revision (ringed)"));
	if (ti->ndrop > 0)
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("change "
		    "labels: %zu of %zu left out where they would overlap "
		    "(every change keeps its line)"), ti->ndrop, ti->nlab);
}

/* The frame on its axes' ranges r (x0, x1, y0, y1). */
static int
trend_frame(struct bp_frame *f, double w, double h,
    const struct bp_trend_opts *o, size_t ns, const double *r,
    struct bs_err *err)
{
	bp_frame_init(f, w, h, &o->chart);
	f->ax.kind = BP_SCALE_LINEAR;
	f->ax.padlo = f->ax.padhi = 0.02;
	if (bp_axspec_set(&f->ax, &o->chart.x, r[0], r[1], err) == -1)
		return -1;
	f->ax.given = o->xticks;
	f->ay.kind = o->chart.y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f->ay.padlo = 0.04;
	/* Room at the top for the change labels. */
	f->ay.padhi = 0.08 + 0.06 * (double)ns;
	return bp_axspec_set(&f->ay, &o->chart.y, r[2], r[3], err);
}

/*
 * The layout the legend depends on, found on a frame drawn into a
 * group thrown away: whether the revisions are many for the plot
 * area's pixel columns, and which change labels would overlap (the
 * legend's note of them changes the plot area, so again until the
 * count holds).  Nothing to find (no two labels in a series, few
 * revisions): no frame drawn.
 */
static int
trend_plan(cairo_t *cr, double w, double h, const struct bp_trend_opts *o,
    const struct bp_trend_series *s, size_t ns, const double *r,
    struct trend_info *ti, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	size_t nstep = 0, most = 0;
	int rc = 0;

	for (size_t i = 0; i < ns; i++) {
		size_t m = 0;

		for (size_t k = 0; k < s[i].ncp; k++) {
			ti->nout += s[i].cp[k].outlier;
			ti->outreg |= s[i].cp[k].outlier && s[i].cp[k].regressed;
			ti->outimp |= s[i].cp[k].outlier &&
			    !s[i].cp[k].regressed;
			m += !s[i].cp[k].outlier;
		}
		nstep = m > nstep ? m : nstep;
		for (size_t j = 0, m = 0; j < s[i].n; j++) {
			m += isfinite(s[i].y[j]) && isfinite(s[i].x[j]);
			ti->npts = m > ti->npts ? m : ti->npts;
		}
		most = s[i].n > most ? s[i].n : most;
	}
	/*
	 * Fewer revisions than a plot area has pixel columns; or small
	 * multiples' common legend (no plot area: the panels decide).
	 */
	if ((nstep < 2 && most <= 32) || o->chart.legend_only)
		return 0;
	for (int pass = 0; pass < 4 && rc == 0; pass++) {
		size_t ndrop = ti->ndrop;
		int many = ti->many;

		trend_legend(&leg, o, s, ns, ti);
		if ((rc = trend_frame(&f, w, h, o, ns, r, err)) == 0) {
			cairo_push_group(cr);
			rc = bp_frame_open(cr, &f, &leg, &o->chart, err);
			if (rc == 0 && pass == 0) {
				double pw = f.pw, z = 0;

				/* Decided once: the legend it adds moves little. */
				cairo_user_to_device_distance(cr, &pw, &z);
				ti->ncol = (size_t)ceil(fabs(pw));
				for (size_t i = 0; i < ns; i++)
					ti->many |= s[i].n > TREND_PERCOL *
					    ti->ncol;
			}
			if (rc == 0)
				trend_changes(cr, &f, s, ns, 1, 0, ti);
			cairo_pattern_destroy(cairo_pop_group(cr));
		}
		bp_legend_free(&leg);
		if (ti->ndrop == ndrop && ti->many == many)
			break;
	}
	return rc;
}

int
bp_trend(cairo_t *cr, double w, double h, const struct bp_trend_opts *o,
    const struct bp_trend_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	struct trend_info ti;
	double fy = bp_factor(&o->chart.y), r[4];
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	memset(&ti, 0, sizeof(ti));
	if (ns == 0)
		return bp_err(err, "trend: no series");
	if (ns > BP_MAX_SERIES)
		return bp_err(err, "trend: %zu series, at most %d", ns,
		    BP_MAX_SERIES);
	if (trend_range(s, ns, fy, &r[0], &r[1], &r[2], &r[3]) == -1)
		return bp_err(err, "trend: no finite values");
	if (trend_plan(cr, w, h, o, s, ns, r, &ti, err) == -1)
		return -1;
	if (trend_frame(&f, w, h, o, ns, r, err) == -1)
		goto out;
	trend_legend(&leg, o, s, ns, &ti);
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < ns; i++)
		trend_series(cr, &f, o, &s[i], i, fy, ti.many);
	trend_changes(cr, &f, s, ns, fy, 1, &ti);
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/*
 * A history from a table, drawn with the change points btrend finds
 * (libstat's method, default settings), each revision's mean with its
 * interval.
 */

static void
trend_series_free(struct bp_trend_series *ts, size_t n)
{
	for (size_t i = 0; ts != NULL && i < n; i++) {
		free((void *)ts[i].x);
		free((void *)ts[i].lo);
		free((void *)ts[i].hi);
		free((void *)ts[i].cp);
	}
	free(ts);
}

/*
 * An ISO 8601 date or time ("2026-11-05", "2026-11-05T02:00:00Z") as
 * days since 1970 (UTC; a zone offset is not read: histories are
 * written in UTC); -1 when it is none.
 */
static int
isodays(const char *s, double *d)
{
	struct tm tm;
	int y, mo, da, h = 0, mi = 0, se = 0, n = 0;

	if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &da, &n) != 3 || n != 10)
		return -1;
	if (s[10] == 'T' || s[10] == ' ')
		(void)sscanf(s + 11, "%2d:%2d:%2d", &h, &mi, &se);
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = da;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = se;
	*d = (double)timegm(&tm) / 86400;
	return 0;
}

/*
 * Dates as dates: about six ticks on the days (the extended
 * algorithm's), labelled as dates, with the time when they are less
 * than a day apart.
 */
static int
date_ticks(double d0, double d1, struct bp_ticks *t)
{
	if (bp_ticks_linear(d0, d1, 6, t) != 0)
		return -1;
	for (size_t i = 0; i < t->n; i++) {
		time_t tt = (time_t)llround(t->v[i] * 86400);
		struct tm tm;

		gmtime_r(&tt, &tm);
		strftime(t->label[i], BP_TICK_LABEL, t->step < 1 ?
		    "%m-%d %H:%M" : "%Y-%m-%d", &tm);
	}
	return 0;
}

/*
 * Commits (order values that are neither numbers nor dates) at 1, 2,
 * ..., labelled with their names, every k-th of many; the names as
 * plain text in Pango's markup.
 */
static void
name_ticks(const char *const *x, size_t n, struct bp_ticks *t)
{
	size_t k = n / 30 + 1, i, j, o;

	memset(t, 0, sizeof(*t));
	t->kind = BP_SCALE_LINEAR;
	for (i = 0; i < n && t->n < BP_MAX_TICKS; i += k) {
		char *l = t->label[t->n];

		t->v[t->n] = (double)(i + 1);
		for (j = 0, o = 0; x[i][j] != '\0' && o + 6 < BP_TICK_LABEL;
		    j++) {
			const char *e = x[i][j] == '&' ? "&amp;" :
			    x[i][j] == '<' ? "&lt;" : x[i][j] == '>' ? "&gt;" :
			    NULL;

			if (e != NULL) {
				memcpy(l + o, e, strlen(e));
				o += strlen(e);
			} else
				l[o++] = x[i][j];
		}
		l[o] = '\0';
		t->n++;
	}
	t->lo = 1;
	t->hi = (double)(n > 1 ? n : 2);
	t->step = (double)k;
}

/* Series i of the chart from btrend's series a; -1: no memory. */
static int
trend_from(const struct bs_table *t, long xcol, long kfacet,
    const struct bs_trend_series *a, double conf, struct bp_trend_series *b,
    double *maxabs)
{
	struct bp_trend_cp *cp;
	double *x, *lo, *hi, sum = 0, v;
	size_t j, k, ncp;
	int num = 1, iso = 1;

	b->x = x = calloc(a->nrev + 1, sizeof(*x));
	b->lo = lo = calloc(a->nrev + 1, sizeof(*lo));
	b->hi = hi = calloc(a->nrev + 1, sizeof(*hi));
	b->cp = cp = calloc(a->ncp + 1, sizeof(*cp));
	if (x == NULL || lo == NULL || hi == NULL || cp == NULL)
		return -1;
	for (j = 0; j < a->nrev; j++)
		if (bs_parse_double(a->x[j], &x[j]) == -1)
			num = 0;
	for (j = 0; !num && iso && j < a->nrev; j++)
		if (isodays(a->x[j], &x[j]) == -1)
			iso = 0;
	if (!num)
		num = iso;
	for (j = 0; j < a->nrev; j++) {
		double hw = a->n != NULL && a->n[j] > 1 ?
		    bs_t_halfwidth(sqrt(a->var[j]), a->n[j], conf) : NAN;

		/* Revisions that are no numbers are drawn one apart. */
		if (!num)
			x[j] = (double)(j + 1);
		lo[j] = a->mean[j] - hw;
		hi[j] = a->mean[j] + hw;
		sum += a->mean[j];
		v = fabs(isfinite(hi[j]) ? fmax(hi[j], -lo[j]) : a->mean[j]);
		*maxabs = fmax(*maxabs, v);
	}
	/* Steps withdrawn are none; an outlier is drawn as such. */
	for (k = 0, ncp = 0; k < a->ncp; k++) {
		if (a->cp[k].status == BS_TS_WITHDRAWN)
			continue;
		cp[ncp].at = a->cp[k].at;
		cp[ncp].before = a->cp[k].mean_b;
		cp[ncp].after = a->cp[k].mean_a;
		cp[ncp].change = a->cp[k].change;
		cp[ncp].regressed = a->cp[k].v == BS_V_REGRESSED;
		cp[ncp].provisional = a->cp[k].status == BS_TS_PROVISIONAL;
		cp[ncp].end = a->cp[k].kind == BS_TK_DRIFT ? a->cp[k].end :
		    a->cp[k].at;
		cp[ncp++].outlier = a->cp[k].kind == BS_TK_OUTLIER;
	}
	b->name = NULL;
	/* The panel's value is its title, not the series' name. */
	for (k = 0; k < t->ngcols; k++)
		if ((long)k != xcol && (long)k != kfacet)
			b->name = a->key[k];
	if (b->name == NULL)
		b->name = a->column;
	b->y = a->mean;
	b->n = a->nrev;
	/* The level without a step: the mean of all but the outliers. */
	for (k = 0, j = a->nrev; k < ncp; k++)
		if (cp[k].outlier) {
			sum -= a->mean[cp[k].at];
			j--;
		}
	b->mean = j > 0 ? sum / (double)j : NAN;
	b->ncp = ncp;
	return 0;
}

/*
 * The series drawn, copied after the n of s: all of them, or with
 * --facet one a name (where it first appears: its colour in every
 * panel), with its panel's revisions (the other panels' have none).
 * Returns how many.
 */
static size_t
trend_facet_series(struct bp_trend_series *s, size_t n)
{
	struct bp_trend_series *d = s + n;
	size_t k = 0, j;

	for (size_t i = 0; i < n; i++) {
		for (j = 0; j < k && strcmp(d[j].name, s[i].name) != 0; j++)
			;
		if (j == k)
			d[k++] = s[i];
		else if (d[j].n == 0 && s[i].n > 0)
			d[j] = s[i];
	}
	return k;
}

static int
trend_chart(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, double conf, struct bs_err *e)
{
	const struct bs_table *t = in->t;
	struct bs_trend_opts to;
	struct bs_trend tr;
	struct bp_trend_opts po;
	struct bp_trend_series *ts;
	struct bp_refs rf;
	struct bp_ticks xt;
	double maxabs = 0, d0 = HUGE_VAL, d1 = -HUGE_VAL, v;
	char *yt = NULL;
	/* -x is the last group column but for --facet's, after it. */
	long xcol = q->x == NULL ? -1 : in->r.kfacet >= 0 ? in->r.kx :
	    (long)t->ngcols - 1;
	size_t nd;
	int rc = -1;

	bs_trend_opts_default(&to);
	to.confidence = conf;
	if (bs_trend_table(&tr, t, xcol, &to, e) == -1)
		return -1;
	/* Room for the series drawn after them (trend_facet_series()). */
	if ((ts = calloc(2 * tr.n + 1, sizeof(*ts))) == NULL) {
		bp_err(e, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < tr.n; i++)
		if (trend_from(t, xcol, in->r.kfacet, &tr.s[i], conf, &ts[i],
		    &maxabs) ==
		    -1) {
			bp_err(e, "out of memory");
			goto out;
		}
	bp_trend_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, NULL, q->y);
	po.chart.x.log = 0;
	po.chart.x.label = q->xlabel ? q->xlabel : q->x ? q->x :
	    bs_tr("revision");
	if (bp_axis_title_in(&yt, in, q->y, q->ylabel, maxabs,
	    &po.chart.y.factor, e) == -1)
		goto out;
	po.chart.y.label = yt;
	po.conf = conf;
	/* Dates on a time axis, commits as their names. */
	if (xcol >= 0 && tr.xkind == 2) {
		for (size_t i = 0; i < tr.n; i++)
			for (size_t j = 0; j < tr.s[i].nrev; j++)
				if (isodays(tr.s[i].x[j], &v) == 0) {
					d0 = fmin(d0, v);
					d1 = fmax(d1, v);
				}
		if (d1 >= d0 && date_ticks(d0, d1, &xt) == 0)
			po.xticks = &xt;
	} else if (xcol >= 0 && tr.xkind == 0 && tr.n > 0) {
		name_ticks(tr.s[0].x, tr.s[0].nrev, &xt);
		po.xticks = &xt;
	}
	nd = in->r.kfacet >= 0 ? trend_facet_series(ts, tr.n) : tr.n;
	rc = bp_trend(s->cr, s->width, s->height, &po, in->r.kfacet >= 0 ?
	    ts + tr.n : ts, nd, e);
out:
	trend_series_free(ts, tr.n);
	free(yt);
	bs_trend_free(&tr);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kind: a history of -y along -x (or the order of the input) */

static int
trend_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	return trend_chart(s, d->q, d->in, d->conf, e);
}

const struct bp_kind bp_kind_trend = {
	.name = "trend",
	.synopsis = "[-x ORDER] -y COL [--series COL] [options] [FILE] -o OUT",
	.flags = BP_KF_XLINE,
	.takes = BP_REQ_VLINE | BP_REQ_HLINE | BP_REQ_FACET,
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.draw = trend_draw
};
