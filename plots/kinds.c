/*
 * The chart kinds drawn from a table alone, request to picture: path,
 * percentiles, hist, violin, runs and trend.  Each gathers what its
 * chart takes from the groups, titles the axes with the units of the
 * columns, and draws; the tool only reads, words errors and writes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

static int
draw_path(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, double conf, struct bs_err *e)
{
	struct bp_levels ls;
	struct bp_path_series *ps;
	struct bp_path_opts po;
	struct bp_refs rf;
	char *xt = NULL, *yt = NULL;
	int rc = -1;

	if (bp_levels_gather(&in->r, q, conf, &ls, e) == -1)
		goto out0;
	if (ls.npts == 0) {
		bp_err(e, "no points to draw (every %s or %s value is missing)",
		    q->x, q->y);
		goto out0;
	}
	if ((ps = calloc(ls.n + 1, sizeof(*ps))) == NULL) {
		bp_err(e, "out of memory");
		goto out0;
	}
	for (size_t i = 0; i < ls.n; i++) {
		ps[i].name = *ls.s[i].name ? ls.s[i].name : q->y;
		ps[i].p = ls.s[i].p;
		ps[i].n = ls.s[i].n;
	}
	bp_path_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, q->x, q->y);
	po.ci_level = q->lohi[0] || q->lohi[2] ? 0 : conf;
	if (bp_axis_title_in(&xt, in, q->x, q->xlabel, ls.xmax,
	    &po.chart.x.factor, e) == -1 || bp_axis_title_in(&yt, in, q->y,
	    q->ylabel, ls.ymax, &po.chart.y.factor, e) == -1)
		goto out;
	po.chart.x.label = xt;
	po.chart.y.label = yt;
	rc = bp_path(s->cr, s->width, s->height, &po, ps, ls.n, e);
out:
	free(ps);
	free(xt);
	free(yt);
out0:
	bp_levels_free(&ls);
	return rc;
}

/* Values per series (one category) as the distribution charts take. */
static struct bp_dist_series *
dist_series(const struct bp_samples *sm, const char *col, struct bs_err *e)
{
	struct bp_dist_series *d = calloc(sm->ncat * sm->nser + 1,
	    sizeof(*d));

	if (d == NULL) {
		bp_err(e, "out of memory");
		return NULL;
	}
	for (size_t i = 0; i < sm->ncat * sm->nser; i++) {
		d[i].name = *sm->ser[i % sm->nser] ? sm->ser[i % sm->nser] :
		    col;
		d[i].v = sm->v[i];
		d[i].n = sm->n[i];
	}
	return d;
}

static int
draw_dist(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, size_t skip, struct bs_err *e)
{
	struct bp_samples sm;
	struct bp_dist_series *d = NULL;
	struct bp_refs rf;
	struct bp_chart *c;
	union {
		struct bp_hist_opts h;
		struct bp_violin_opts v;
		struct bp_runs_opts r;
	} o;
	char *t = NULL;
	int rc = -1;
	struct bp_roles r = in->r;

	/* A runs chart shows the warm-up that --skip drops. */
	if (q->kind == BP_KIND_RUNS)
		r.skip = 0;
	if (bp_samples_gather(&r, &sm) == -1) {
		bp_samples_free(&sm);
		return bp_err(e, "out of memory");
	}
	if ((d = dist_series(&sm, q->y, e)) == NULL)
		goto out;
	if (q->kind == BP_KIND_HIST) {
		bp_hist_opts_init(&o.h);
		c = &o.h.chart;
		o.h.density = q->density;
		bp_chart_request(c, q, in, &rf, q->y, NULL);
		rc = bp_axis_title_in(&t, in, q->y, q->xlabel, sm.maxabs,
		    &c->x.factor, e);
		c->x.label = t;
		c->y.label = q->ylabel ? q->ylabel : q->density ? "density" :
		    "count";
		if (rc == 0)
			rc = bp_hist(s->cr, s->width, s->height, &o.h, d,
			    sm.nser, e);
		goto out;
	}
	if (q->kind == BP_KIND_VIOLIN) {
		bp_violin_opts_init(&o.v);
		c = &o.v.chart;
		o.v.series = (const char *const *)sm.ser;
		o.v.nseries = sm.nser;
		/* Without -x, one category named after the column. */
		if (in->r.kx < 0) {
			free(sm.cat[0]);
			if ((sm.cat[0] = strdup(q->y)) == NULL) {
				bp_err(e, "out of memory");
				goto out;
			}
		}
	} else {
		bp_runs_opts_init(&o.r);
		c = &o.r.chart;
		o.r.skip = skip;
		o.r.steady = q->steady;
	}
	bp_chart_request(c, q, in, &rf, NULL, q->y);
	if (bp_axis_title_in(&t, in, q->y, q->ylabel, sm.maxabs, &c->y.factor,
	    e) == -1)
		goto out;
	c->y.label = t;
	c->x.label = q->xlabel ? q->xlabel : q->kind == BP_KIND_RUNS ? "run" :
	    q->x;
	rc = q->kind == BP_KIND_VIOLIN ? bp_violin(s->cr, s->width, s->height,
	    &o.v, (const char *const *)sm.cat, sm.ncat, d, e) :
	    bp_runs(s->cr, s->width, s->height, &o.r, d, sm.nser, e);
out:
	free(d);
	free(t);
	bp_samples_free(&sm);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Percentiles */

struct pctls {
	struct bp_pctl_series *s;
	double		**p, **v;
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
	}
	free(ps->p);
	free(ps->v);
	free(ps->s);
	bp_names_free(ps->name, ps->n);
}

/* p and v of group g, as the plan says they are given. */
static int
pctl_group(const struct bp_inputs *in, const struct bp_plan *pl, size_t g,
    double **pp, double **vp, size_t *np)
{
	const struct bs_table *t = in->t;
	const struct bs_group *gr = &t->groups[g];
	double *p, *v;
	size_t n = 0, m;

	m = pl->pctl == BP_PCTL_COLS ? t->nvcols : pl->pctl == BP_PCTL_RAW ?
	    BP_PCTL_N : gr->s[0].n;
	if ((p = calloc(m + 1, sizeof(*p))) == NULL ||
	    (v = calloc(m + 1, sizeof(*v))) == NULL) {
		free(p);
		return -1;
	}
	*pp = p;
	*vp = v;
	if (pl->pctl == BP_PCTL_RAW) {
		double *x = bs_series_values(&gr->s[0], in->r.skip, &m), q[
		    BP_PCTL_N];

		if (x == NULL)
			return -1;
		for (size_t i = 0; i < BP_PCTL_N; i++)
			q[i] = bp_pctl_fixed[i] / 100;
		/* Type 7 needs more values the further out the tail is. */
		if (m > 0 && bs_quantiles(x, m, q, BP_PCTL_N, 7, v) == 0)
			for (size_t i = 0; i < BP_PCTL_N; i++)
				if ((double)m * (1 - q[i]) >= 1) {
					p[n] = bp_pctl_fixed[i];
					v[n++] = v[i];
				}
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

static int
draw_pctl(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_plan *pl, struct bs_err *e)
{
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
	if (ps.s == NULL || ps.p == NULL || ps.v == NULL || ps.name == NULL) {
		ps.n = 0;
		bp_err(e, "out of memory");
		goto out;
	}
	for (size_t g = 0; g < ps.n; g++) {
		if (pctl_group(in, pl, g, &ps.p[g], &ps.v[g], &ps.s[g].n) ==
		    -1 || (ps.name[g] = bp_group_series(&in->r, g)) == NULL) {
			bp_err(e, "out of memory");
			goto out;
		}
		ps.s[g].name = *ps.name[g] ? ps.name[g] : ycol;
		ps.s[g].p = ps.p[g];
		ps.s[g].v = ps.v[g];
		for (size_t i = 0; i < ps.s[g].n; i++)
			ps.maxabs = fmax(ps.maxabs, fabs(ps.v[g][i]));
	}
	bp_pctl_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, NULL, ycol);
	/* A --vline names a percentile: it goes where that percentile is. */
	for (size_t i = 0; i < po.chart.x.nref; i++)
		rf.x[i].v = rf.x[i].v > 0 && rf.x[i].v < 100 ? 100 /
		    (100 - rf.x[i].v) : NAN;
	if (bp_axis_title_in(&yt, in, ycol, q->ylabel, ps.maxabs,
	    &po.chart.y.factor, e) == -1)
		goto out;
	po.chart.y.label = yt;
	po.chart.x.label = q->xlabel ? q->xlabel : "percentile";
	rc = bp_pctl(s->cr, s->width, s->height, &po, ps.s, ps.n, e);
out:
	free(yt);
	pctls_free(&ps);
	return rc;
}

int
bp_draw_kind(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_plan *pl, double conf,
    size_t skip, struct bs_err *e)
{
	switch (q->kind) {
	case BP_KIND_PATH:
		return draw_path(s, q, in, conf, e);
	case BP_KIND_PCTL:
		return draw_pctl(s, q, in, pl, e);
	case BP_KIND_TREND:
		return bp_draw_trend(s, q, in, conf, e);
	default:
		return draw_dist(s, q, in, skip, e);
	}
}
