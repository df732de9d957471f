/*
 * Percentile chart: each series' value at percentile p against p on an
 * axis of 1/(1 - p), as HdrHistogram plots its distributions, so that
 * 50, 90, 99, 99.9 and 99.99 lie evenly spaced and the tail, where
 * latencies part, gets the room the median does not need.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

void
bp_pctl_opts_init(struct bp_pctl_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
}

/* Where percentile p lies on the axis. */
static double
pos(double p)
{
	return 100 / (100 - p);
}

/*
 * Ticks at 0, 90, 99, ... nines as far as the data reach; the axis ends
 * with the data (120 values end at 99.2%: an axis to 99.9% left a third
 * of the plot empty).
 */
static void
pctl_ticks(double xmax, struct bp_ticks *t)
{
	static const char *const lab[] = { "0%", "90%", "99%", "99.9%",
	    "99.99%", "99.999%", "99.9999%", "99.99999%" };
	size_t k;

	memset(t, 0, sizeof(*t));
	t->kind = BP_SCALE_LOG10;
	for (k = 0; k < 8; k++) {
		t->v[k] = pow(10, (double)k);
		snprintf(t->label[k], BP_TICK_LABEL, "%s", lab[k]);
		if (t->v[k] >= xmax * (1 - 1e-9))
			break;
	}
	t->n = k < 8 ? k + 1 : 8;
	/* The last tick beyond the data goes, when one is left below. */
	if (t->n > 1 && t->v[t->n - 1] > xmax * (1 + 1e-9))
		t->n--;
	/* 50% sits between 0% and 90%: ticked too, as HdrHistogram does. */
	if (xmax >= 2 * (1 - 1e-9)) {
		memmove(&t->v[2], &t->v[1], (t->n - 1) * sizeof(t->v[0]));
		memmove(t->label[2], t->label[1], (t->n - 1) * BP_TICK_LABEL);
		t->v[1] = 2;
		snprintf(t->label[1], BP_TICK_LABEL, "50%%");
		t->n++;
	}
	t->lo = 1;
	t->hi = fmax(xmax, t->v[t->n - 1]);
}

/*
 * Series i's band: its intervals' lows forth and highs back, a polygon
 * per run of points that have one.
 */
static void
pctl_band(cairo_t *cr, const struct bp_frame *f, const struct bp_pctl_series
    *s, size_t i, double fy)
{
	size_t j = 0, k;

	while (j < s->n) {
		if (!isfinite(s->lo[j]) || !(s->p[j] > 0 && s->p[j] < 100)) {
			j++;
			continue;
		}
		for (k = j; k < s->n && isfinite(s->lo[k]) && s->p[k] < 100;
		    k++)
			cairo_line_to(cr, bp_fx(f, pos(s->p[k])), bp_fy(f,
			    s->lo[k] * fy));
		for (size_t b = k; b-- > j;)
			cairo_line_to(cr, bp_fx(f, pos(s->p[b])), bp_fy(f,
			    s->hi[b] * fy));
		cairo_close_path(cr);
		bp_set_rgba(cr, bp_palette(i), 0.2);
		cairo_fill(cr);
		j = k;
	}
}

int
bp_pctl(cairo_t *cr, double w, double h, const struct bp_pctl_opts *o,
    const struct bp_pctl_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	struct bp_ticks xt;
	double fy = bp_factor(&o->chart.y), xmax = 2, ymin = HUGE_VAL;
	double ymax = -HUGE_VAL;
	int rc = -1, band = 0;

	memset(&leg, 0, sizeof(leg));
	if (ns == 0 || ns > BP_MAX_SERIES)
		return bp_err(err, "percentiles: %zu series (1 to %d)", ns,
		    BP_MAX_SERIES);
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < s[i].n; j++) {
			double y = s[i].v[j] * fy;

			if (!isfinite(y) || !(s[i].p[j] > 0 && s[i].p[j] < 100))
				continue;
			xmax = fmax(xmax, pos(s[i].p[j]));
			ymin = fmin(ymin, y);
			ymax = fmax(ymax, y);
			if (s[i].lo != NULL && isfinite(s[i].lo[j])) {
				ymin = fmin(ymin, s[i].lo[j] * fy);
				ymax = fmax(ymax, s[i].hi[j] * fy);
				band = 1;
			}
		}
	if (!(ymax >= ymin))
		return bp_err(err, "percentiles: no percentile between 0 and "
		    "100 with a value");
	/* Panels: the tail every one reaches, so that all tick alike. */
	if (o->chart.x.share != NULL && o->chart.x.share->apply &&
	    o->chart.x.share->hi >= o->chart.x.share->lo)
		xmax = fmax(xmax, o->chart.x.share->hi);
	pctl_ticks(xmax, &xt);
	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = BP_SCALE_LOG10;
	f.ax.given = &xt;
	f.ax.padhi = 0.02;
	f.ay.kind = o->chart.y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ay.padhi = 0.04;
	if (!o->chart.y.log && ymin > 0)
		ymin = 0;
	if (bp_axspec_set(&f.ax, &o->chart.x, 1, xt.hi, err) == -1 ||
	    bp_axspec_set(&f.ay, &o->chart.y, ymin, ymax, err) == -1)
		goto out;
	for (size_t i = 0; i < ns; i++)
		/* A marker in the legend only where the chart draws them. */
		bp_legend_add(&leg, BP_LEG_LINE, bp_palette(i), s[i].curve ||
		    s[i].n > 40 ? BP_MARK_NONE : i, "%s", s[i].name ?
		    s[i].name : "?");
	if (ns == 1)
		bp_legend_free(&leg);	/* one series: no legend */
	if (band)
		bp_legend_add(&leg, BP_LEG_BAND, bp_grey(0.45), 0, bs_tr("%g%% "
		    "interval of each percentile (order statistics)"),
		    o->ci_level);
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < ns; i++)
		if (s[i].lo != NULL)
			pctl_band(cr, &f, &s[i], i, fy);
	for (size_t i = 0; i < ns; i++) {
		int pen = 0;

		cairo_set_line_width(cr, f.st.line);
		bp_set_rgb(cr, bp_palette(i));
		for (size_t j = 0; j < s[i].n; j++) {
			double x, y = s[i].v[j] * fy;

			if (!isfinite(y) || !(s[i].p[j] > 0 && s[i].p[j] < 100))
				continue;
			x = bp_fx(&f, pos(s[i].p[j]));
			if (pen)
				cairo_line_to(cr, x, bp_fy(&f, y));
			else
				cairo_move_to(cr, x, bp_fy(&f, y));
			pen = 1;
		}
		cairo_stroke(cr);
		/* Markers only where the points are few (a computed set). */
		for (size_t j = 0; !s[i].curve && s[i].n <= 40 && j < s[i].n;
		    j++)
			if (isfinite(s[i].v[j]) && s[i].p[j] > 0 &&
			    s[i].p[j] < 100)
				bp_marker(cr, i, bp_fx(&f, pos(s[i].p[j])),
				    bp_fy(&f, s[i].v[j] * fy), f.st.marker *
				    0.7, bp_palette(i));
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/*
 * The kind: percentiles from raw values of -y, from rows of percentile
 * and value (hgrm, wrk) or from bstat's pNN columns.
 */

/* A bstat percentile column: pNN, p99.9 (or the median, p50). */
static int
is_pcol(const char *s, double *p)
{
	char *end;

	if (strcmp(s, "median") == 0) {
		*p = 50;
		return 1;
	}
	if (s[0] != 'p' || s[1] < '0' || s[1] > '9')
		return 0;
	*p = strtod(s + 1, &end);
	return *end == '\0' && *p > 0 && *p < 100;
}

static void
pctl_plan(const struct bp_request *q, const struct bp_header *h,
    struct bp_plan *pl)
{
	double p;

	/* HdrHistogram and wrk: rows of a percentile and its value. */
	if (bp_header_has(h, "percentile") && bp_header_has(h, "value") &&
	    (q->y == NULL || strcmp(q->y, "value") == 0))
		pl->pctl = BP_PCTL_ROWS;
	else if (q->y != NULL)
		pl->pctl = BP_PCTL_RAW;
	else {
		pl->pctl = BP_PCTL_NONE;
		for (size_t i = 0; i < h->n; i++)
			if (is_pcol(h->names[i], &p)) {
				pl->pctl = BP_PCTL_COLS;
				break;
			}
	}
}

static void
pctl_columns(struct bp_cols *c, const struct bp_request *q,
    const struct bp_plan *p, const struct bp_header *h)
{
	double v;

	if (p->pctl == BP_PCTL_ROWS)
		bp_cols_add(c, "percentile,value");
	else if (p->pctl == BP_PCTL_COLS) {
		for (size_t i = 0; i < h->n; i++)
			if (is_pcol(h->names[i], &v))
				bp_cols_add(c, h->names[i]);
	} else
		bp_cols_add(c, q->y);
}

struct pctls {
	struct bp_pctl_series *s;
	double		**p, **v, **band;
	char		**name;
	size_t		 n;
	double		 maxabs;
};

static void
pctls_free(struct pctls *ps)
{
	for (size_t i = 0; i < ps->n; i++) {
		free(ps->p[i]);
		free(ps->v[i]);
		free(ps->band[i]);
	}
	free(ps->p);
	free(ps->v);
	free(ps->band);
	free(ps->s);
	bp_names_free(ps->name, ps->n);
}

/*
 * The empirical curve of raw values x[0..m), sorted here: each order
 * statistic x(i) at p = i/m (the share of values at or below it, as
 * HdrHistogram lists its percentiles), i = 1 .. m - 1 (the maximum sits
 * at p = 1, beyond the axis).  Nine computed percentiles joined by
 * straight lines drew a jump at p98 as a ramp from p95 to p99; every
 * order statistic shows it where it is.  In the body, where thousands
 * of them share a pixel, a point is kept only once the axis position
 * has moved by a 4000th of its span; the tail keeps all of its own.
 */
size_t
bp_pctl_curve(double *x, size_t m, double *p, double *v)
{
	double span, last = -HUGE_VAL;
	size_t n = 0;

	qsort(x, m, sizeof(*x), bs_cmp_double);
	if (m < 2)
		return 0;
	span = log((double)m);
	for (size_t i = 1; i < m; i++) {
		double q = (double)i / (double)m, at = -log1p(-q);

		if (at - last < span / 4000 && i + 1 < m)
			continue;
		p[n] = 100 * q;
		v[n++] = x[i - 1];
		last = at;
	}
	return n;
}

void
bp_pctl_band(const double *x, size_t m, const double *p, size_t n,
    double confidence, double *lo, double *hi)
{
	for (size_t i = 0; i < n; i++) {
		size_t l, u;

		lo[i] = hi[i] = NAN;
		if (bs_quantile_ci_index(m, p[i] / 100, confidence, &l, &u) ==
		    0) {
			lo[i] = x[l - 1];
			hi[i] = x[u - 1];
		}
	}
}

/* p and v of group g, as the plan says they are given. */
static int
pctl_group(const struct bp_inputs *in, const struct bp_plan *pl, size_t g,
    double **pp, double **vp, size_t *np, double conf, double **band)
{
	const struct bs_table *t = in->t;
	const struct bs_group *gr = &t->groups[g];
	double *p, *v;
	size_t n = 0, m;

	m = pl->pctl == BP_PCTL_COLS ? t->nvcols : gr->s[0].n;
	if ((p = calloc(m + 1, sizeof(*p))) == NULL ||
	    (v = calloc(m + 1, sizeof(*v))) == NULL) {
		free(p);
		return -1;
	}
	*pp = p;
	*vp = v;
	if (pl->pctl == BP_PCTL_RAW) {
		double *x = bs_series_values(&gr->s[0], in->r.skip, &m);

		if (x == NULL)
			return -1;
		n = bp_pctl_curve(x, m, p, v);
		/* x is sorted now; band[0] holds lo, band[0] + n hi. */
		if (band != NULL && n > 0 && (*band = calloc(2 * n,
		    sizeof(**band))) == NULL) {
			free(x);
			return -1;
		}
		if (band != NULL && n > 0)
			bp_pctl_band(x, m, p, n, conf, *band, *band + n);
		free(x);
	} else if (pl->pctl == BP_PCTL_COLS) {
		for (size_t i = 0; i < t->nvcols; i++) {
			const char *c = bs_table_vname(t, i);
			const struct bs_series *s = &gr->s[i];

			if (s->n == 0 || isnan(s->v[0]))
				continue;
			p[n] = strcmp(c, "median") == 0 ? 50 : atof(c + 1);
			v[n++] = bs_series_value(s, 0);
		}
	} else
		/* The footer's rows have no percentile: left out. */
		for (size_t i = in->r.skip; i < gr->s[0].n; i++) {
			if (isnan(gr->s[0].v[i]) || isnan(gr->s[1].v[i]))
				continue;
			p[n] = bs_series_value(&gr->s[0], i);
			v[n] = bs_series_value(&gr->s[1], i);
			if (p[n] > 0 && p[n] < 100)
				n++;
		}
	*np = n;
	return 0;
}

/*
 * --facet: a series is a group per panel, the other panels' empty; one
 * entry each, where its name first appears (its colour in every panel),
 * with the values of its panel.  Returns how many are left in s.
 */
static size_t
pctl_facet_series(struct bp_pctl_series *s, size_t n)
{
	size_t k = 0, j;

	for (size_t g = 0; g < n; g++) {
		for (j = 0; j < k && strcmp(s[j].name, s[g].name) != 0; j++)
			;
		if (j == k)
			s[k++] = s[g];
		else if (s[j].n == 0 && s[g].n > 0)
			s[j] = s[g];
	}
	return k;
}

static int
pctl_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	const struct bp_request *q = d->q;
	const struct bp_inputs *in = d->in;
	const struct bp_plan *pl = d->pl;
	const struct bs_table *t = in->t;
	struct pctls ps;
	struct bp_pctl_opts po;
	struct bp_refs rf;
	const char *ycol = pl->pctl == BP_PCTL_ROWS ? "value" : pl->pctl ==
	    BP_PCTL_COLS ? bs_table_vname(t, 0) : q->y;
	char *yt = NULL;
	int rc = -1;

	memset(&ps, 0, sizeof(ps));
	ps.n = t->ngroups;
	ps.s = calloc(ps.n + 1, sizeof(*ps.s));
	ps.p = calloc(ps.n + 1, sizeof(*ps.p));
	ps.v = calloc(ps.n + 1, sizeof(*ps.v));
	ps.name = calloc(ps.n + 1, sizeof(*ps.name));
	ps.band = calloc(ps.n + 1, sizeof(*ps.band));
	if (ps.s == NULL || ps.p == NULL || ps.v == NULL || ps.name == NULL ||
	    ps.band == NULL) {
		ps.n = 0;
		bp_err(e, "out of memory");
		goto out;
	}
	for (size_t g = 0; g < ps.n; g++) {
		if (pctl_group(in, pl, g, &ps.p[g], &ps.v[g], &ps.s[g].n,
		    d->conf, q->ci ? &ps.band[g] : NULL) == -1 ||
		    (ps.name[g] = bp_group_series(&in->r, g)) == NULL) {
			bp_err(e, "out of memory");
			goto out;
		}
		ps.s[g].name = *ps.name[g] ? ps.name[g] : ycol;
		ps.s[g].p = ps.p[g];
		ps.s[g].v = ps.v[g];
		ps.s[g].curve = pl->pctl == BP_PCTL_RAW;
		if (ps.band[g] != NULL) {
			ps.s[g].lo = ps.band[g];
			ps.s[g].hi = ps.band[g] + ps.s[g].n;
		}
		for (size_t i = 0; i < ps.s[g].n; i++)
			ps.maxabs = fmax(ps.maxabs, fabs(ps.v[g][i]));
	}
	bp_pctl_opts_init(&po);
	po.ci_level = d->conf;
	bp_chart_request(&po.chart, q, in, &rf, NULL, ycol);
	/* A --vline names a percentile: it goes where that percentile is. */
	for (size_t i = 0; i < po.chart.x.nref; i++)
		rf.x[i].v = rf.x[i].v > 0 && rf.x[i].v < 100 ? 100 /
		    (100 - rf.x[i].v) : NAN;
	if (bp_axis_title_in(&yt, in, ycol, q->ylabel, ps.maxabs,
	    &po.chart.y.factor, e) == -1)
		goto out;
	po.chart.y.label = yt;
	po.chart.x.label = q->xlabel ? q->xlabel :
	    bs_tr("percentile");
	rc = bp_pctl(s->cr, s->width, s->height, &po, ps.s, in->r.kfacet >= 0 ?
	    pctl_facet_series(ps.s, ps.n) : ps.n, e);
out:
	free(yt);
	pctls_free(&ps);
	return rc;
}

const struct bp_kind bp_kind_percentiles = {
	.name = "percentiles",
	.synopsis = "[-y COL] [--series COL] [options] [FILE...] -o OUT",
	.flags = BP_KF_ROWS,
	.takes = BP_REQ_VLINE | BP_REQ_HLINE | BP_REQ_CI | BP_REQ_FACET,
	.refuses = { { BP_REQ_LOGX, BP_MISUSE_LOGX_KIND },
	    { BP_REQ_X, BP_MISUSE_NOX } },
	.plan = pctl_plan,
	.columns = pctl_columns,
	.draw = pctl_draw
};
