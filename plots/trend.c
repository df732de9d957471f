/*
 * Trend chart: each series against its order (revisions: numbers, dates
 * on a time axis, or commits as labelled ticks), its values as points
 * with an optional interval band, the level of each segment between
 * change points as a step line, every step marked by a dashed line
 * (dotted while provisional) labelled with its change, regressions in
 * red, and outlier revisions ringed.
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

/* Marks pass: band, points, levels of one series. */
static void
trend_series(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_opts *o, const struct bp_trend_series *s,
    size_t i, double fy)
{
	struct bp_rgb c = bp_palette(i);
	size_t j;
	int pen;

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
	/* The levels as steps: flat within a segment, a jump at a change. */
	cairo_set_line_width(cr, f->st.line * 1.6);
	bp_set_rgb(cr, c);
	for (j = 0, pen = 0; j < s->n; j++) {
		int ramp;
		double y = bp_fy(f, level(s, j, &ramp) * fy), xl, xr;

		/* A drift: a sloped line through its revisions. */
		if (ramp && pen) {
			cairo_line_to(cr, bp_fx(f, s->x[j]), y);
			continue;
		}
		/* Each revision owns the x range to halfway to its neighbours. */
		xl = j > 0 ? (bp_fx(f, s->x[j - 1]) + bp_fx(f, s->x[j])) / 2 :
		    bp_fx(f, s->x[j]);
		xr = j + 1 < s->n ? (bp_fx(f, s->x[j]) +
		    bp_fx(f, s->x[j + 1])) / 2 : bp_fx(f, s->x[j]);
		if (!pen) {
			cairo_move_to(cr, xl, y);
			pen = 1;
		} else
			cairo_line_to(cr, xl, y);
		cairo_line_to(cr, xr, y);
	}
	cairo_stroke(cr);
}

/* Change points: a dashed line at each, its change above the plot. */
static void
trend_changes(cairo_t *cr, const struct bp_frame *f,
    const struct bp_trend_series *s, size_t ns, double fy)
{
	double dash[] = { f->st.line * 3, f->st.line * 2 },
	    dot[] = { f->st.line, f->st.line * 2 };
	char buf[64], pct[48];

	for (size_t i = 0; i < ns; i++)
		for (size_t k = 0; k < s[i].ncp; k++) {
			const struct bp_trend_cp *c = &s[i].cp[k];
			struct bp_rgb col = c->regressed ? worse : better;
			double x;
			int right;

			if (c->outlier) {
				/* A ring round the revision: no step. */
				cairo_save(cr);
				cairo_set_line_width(cr, f->st.line * 1.2);
				bp_marker(cr, BP_MARK_OPEN, bp_fx(f,
				    s[i].x[c->at]), bp_fy(f, s[i].y[c->at] * fy),
				    f->st.marker * 1.3,
				    col);
				cairo_restore(cr);
				continue;
			}
			x = (bp_fx(f, s[i].x[c->at]) + bp_fx(f,
			    s[i].x[c->at > 0 ? c->at - 1 : 0])) / 2;
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
			bs_fmt_pct(pct, sizeof(pct), c->change);
			snprintf(buf, sizeof(buf), "%s%s", pct, c->provisional ?
			    "?" : "");
			/* Near the right edge the label goes left of its line. */
			right = x > f->px + f->pw * 0.8;
			bp_text(cr, buf, f->st.small, 0, 0, 0, right ? x -
			    f->st.gap / 2 : x + f->st.gap / 2, f->py +
			    f->st.gap + (double)(i * 2 + k % 2) * f->st.small *
			    1.4, right ? BP_HRIGHT : BP_HLEFT, BP_VTOP, 0, col);
		}
}

int
bp_trend(cairo_t *cr, double w, double h, const struct bp_trend_opts *o,
    const struct bp_trend_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	double fy = bp_factor(&o->chart.y), x0, x1, y0, y1;
	int rc = -1, anyreg = 0, anyimp = 0, anyprov = 0, anyout = 0,
	    anyband = 0;

	memset(&leg, 0, sizeof(leg));
	if (ns == 0)
		return bp_err(err, "trend: no series");
	if (ns > BP_MAX_SERIES)
		return bp_err(err, "trend: %zu series, at most %d", ns,
		    BP_MAX_SERIES);
	if (trend_range(s, ns, fy, &x0, &x1, &y0, &y1) == -1)
		return bp_err(err, "trend: no finite values");
	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = BP_SCALE_LINEAR;
	f.ax.padlo = f.ax.padhi = 0.02;
	if (bp_axspec_set(&f.ax, &o->chart.x, x0, x1, err) == -1)
		goto out;
	f.ax.given = o->xticks;
	f.ay.kind = o->chart.y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ay.padlo = 0.04;
	/* Room at the top for the change labels. */
	f.ay.padhi = 0.08 + 0.06 * (double)ns;
	if (bp_axspec_set(&f.ay, &o->chart.y, y0, y1, err) == -1)
		goto out;
	for (size_t i = 0; i < ns; i++) {
		bp_legend_add(&leg, BP_LEG_LINE, bp_palette(i), i, "%s",
		    s[i].name ? s[i].name : "?");
		for (size_t j = 0; o->band && s[i].lo != NULL && s[i].hi !=
		    NULL && j < s[i].n; j++)
			anyband |= isfinite(s[i].lo[j]) && isfinite(s[i].hi[j]);
		for (size_t k = 0; k < s[i].ncp; k++) {
			const struct bp_trend_cp *c = &s[i].cp[k];

			anyout |= c->outlier;
			anyprov |= !c->outlier && c->provisional;
			anyreg |= !c->outlier && c->regressed;
			anyimp |= !c->outlier && !c->regressed;
		}
	}
	/* What the bars round each revision's point are. */
	if (anyband)
		bp_legend_add(&leg, BP_LEG_BAND, bp_grey(0.6), 0, bs_tr("each "
		    "revision: mean, %g%% CI of its runs"), o->conf > 0 ?
		    o->conf : 95);
	if (anyreg)
		bp_legend_add(&leg, BP_LEG_DASHED, worse, 0, "%s",
		    bs_tr("regression"));
	if (anyimp)
		bp_legend_add(&leg, BP_LEG_DASHED, better, 0, "%s",
		    bs_tr("improvement"));
	if (anyprov)
		bp_legend_add(&leg, BP_LEG_DOTTED, bp_grey(0.3), 0, "%s",
		    bs_tr("provisional (?): too few revisions after it yet"));
	if (anyout)
		bp_legend_add(&leg, BP_LEG_MARKER, bp_grey(0.3), BP_MARK_OPEN,
		    "%s", bs_tr("outlier revision (ringed)"));
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < ns; i++)
		trend_series(cr, &f, o, &s[i], i, fy);
	trend_changes(cr, &f, s, ns, fy);
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
