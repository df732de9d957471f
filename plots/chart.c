/*
 * The charts a command line asks for, from the data gathered from its
 * inputs: what each chart takes from the request (titles, axes, the
 * colour map) and the units of its columns, so that a tool only reads,
 * words its errors and writes the file.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

/* One axis's reference lines: the user's, then an SLO's and a limit's. */
static size_t
axis_refs(struct bp_ref *r, const struct bp_ref *user, size_t nuser,
    const struct bp_request *q, const char *col, char lab[2][200])
{
	const struct bp_cond *c[2] = { &q->slo, &q->limit };
	size_t n = nuser;

	memcpy(r, user, nuser * sizeof(*r));
	for (int i = 0; i < 2; i++) {
		size_t k;

		if (!c[i]->set || col == NULL || strcmp(c[i]->col, col) != 0)
			continue;
		/* A line the user drew at the same value says it already. */
		for (k = 0; k < nuser && user[k].v != c[i]->v; k++)
			;
		if (k < nuser)
			continue;
		snprintf(lab[i], sizeof(lab[i]), "%s %s %s %g", i == 0 ? "SLO" :
		    "limit", c[i]->col, (const char *[]){ "\xe2\x89\xa4", "<",
		    "\xe2\x89\xa5", ">" }[c[i]->op], c[i]->v);
		bp_utf8_trim(lab[i]);
		r[n].v = c[i]->v;
		r[n].label = lab[i];
		r[n++].kind = i == 0 ? BP_REF_SLO : BP_REF_LIMIT;
	}
	return n;
}

/*
 * What every chart takes from the request (bp_request_check() vetted
 * it): xcol and ycol are the columns its axes show, for the lines of
 * --slo and --limit; rf holds the lines.
 */
void
bp_chart_request(struct bp_chart *c, const struct bp_request *q,
    const struct bp_inputs *in, struct bp_refs *rf, const char *xcol,
    const char *ycol)
{
	c->title = q->title;
	c->legend = q->legend;
	c->x.log = q->logx;
	c->y.log = q->logy;
	c->x.ref = rf->x;
	c->x.nref = axis_refs(rf->x, q->vline, q->nvline, q, xcol, rf->xl);
	c->y.ref = rf->y;
	c->y.nref = axis_refs(rf->y, q->hline, q->nhline, q, ycol, rf->yl);
	c->callout = in->found.call;
	c->ncallout = in->found.ncall;
}

/*
 * The unit the input format declared for a value column (pyperf's
 * "value" in s, Google Benchmark's real_time in ns), or NULL: then the
 * name says what it can.
 */
static const char *
declared_unit(const struct bs_table *t, const char *col)
{
	for (size_t i = 0; i < t->nvcols; i++)
		if (strcmp(bs_table_vname(t, i), col) == 0)
			return bs_table_unit(t, i);
	return NULL;
}

/* The title of the axis of column col, allocated (*t); -1 no memory. */
int
bp_axis_title_in(char **t, const struct bp_inputs *in, const char *col,
    const char *given, double maxabs, double *factor, struct bs_err *e)
{
	if ((*t = bp_axis_title_as(col, declared_unit(in->t, col), given,
	    maxabs, factor)) == NULL)
		return bp_err(e, "out of memory");
	return 0;
}

int
bp_draw_scalability(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_lines *ls,
    const struct bs_usl *fit, double confidence, int bstat,
    struct bs_err *e)
{
	struct bp_scal_series *ss = calloc(ls->n + 1, sizeof(*ss));
	struct bp_scal_opts po;
	struct bp_refs rf;
	const char *ycol = q->y;
	char *xt = NULL, *yt = NULL;
	int rc = -1;

	bp_scal_opts_init(&po);
	if (ycol == NULL || strcmp(ycol, "mean") == 0)
		ycol = ls->colkey ? ls->colkey : "mean";
	bp_chart_request(&po.chart, q, in, &rf, q->x, ycol);
	po.fit_table = q->fit_table;
	if (ycol == NULL || strcmp(ycol, "mean") == 0)
		ycol = ls->colkey ? ls->colkey : "mean";
	/* x is a count of workers: no unit of a format applies to it. */
	if ((xt = bp_axis_title(q->x, q->xlabel, ls->xmax,
	    &po.chart.x.factor)) == NULL || ss == NULL) {
		bp_err(e, "out of memory");
		goto out;
	}
	if (bp_axis_title_in(&yt, in, ycol, q->ylabel, ls->ymax, &po.chart.y.factor,
	    e) == -1)
		goto out;
	po.chart.x.label = xt;
	po.chart.y.label = yt;
	/*
	 * The level of intervals read from bstat: as told, else read back
	 * from its n and se when every row agrees, else not stated.
	 */
	po.ci_level = bstat && !q->confset ? (ls->level > 0 ? ls->level : 0) :
	    confidence;
	for (size_t i = 0; i < ls->n; i++) {
		/* One unnamed line: its points are means. */
		ss[i].name = *ls->l[i].name ? ls->l[i].name : "mean";
		ss[i].x = ls->l[i].x;
		ss[i].y = ls->l[i].y;
		ss[i].lo = ls->l[i].lo;
		ss[i].hi = ls->l[i].hi;
		ss[i].n = ls->l[i].n;
		ss[i].fit = fit != NULL ? &fit[i] : NULL;
	}
	rc = bp_scalability(s->cr, s->width, s->height, &po, ss, ls->n, e);
out:
	free(ss);
	free(xt);
	free(yt);
	return rc;
}

int
bp_draw_heatmap(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_grid *gr, struct bs_err *e)
{
	struct bp_heatmap_opts po;
	struct bp_refs rf;
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
	bp_heat_colors(&po, q->z, declared_unit(in->t, q->z), gr->z,
	    gr->nx * gr->ny, q->cmap, isfinite(q->center) ? q->center *
	    po.zfactor : NAN, q->reverse);
	rc = bp_heatmap(s->cr, s->width, s->height, &po,
	    (const char *const *)gr->xcat, gr->nx,
	    (const char *const *)gr->ycat, gr->ny, gr->z, e);
	free(zt);
	return rc;
}

int
bp_draw_box(struct bp_surface *s, const struct bp_request *q,
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

int
bp_draw_cdf(struct bp_surface *s, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_samples *sm,
    struct bs_err *e)
{
	struct bp_cdf_series *cs = calloc(sm->nser + 1, sizeof(*cs));
	struct bp_cdf_opts po;
	struct bp_refs rf;
	struct bs_colunit cu;
	struct bp_unit u;
	char *xt = NULL;
	int rc = -1;

	if (cs == NULL) {
		bp_err(e, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < sm->nser; i++) {
		cs[i].name = *sm->ser[i] ? sm->ser[i] : q->y;
		cs[i].v = sm->v[i];
		cs[i].n = sm->n[i];
	}
	bp_cdf_opts_init(&po);
	bp_chart_request(&po.chart, q, in, &rf, q->y, NULL);
	if (bp_axis_title_in(&xt, in, q->y, q->xlabel, sm->maxabs,
	    &po.chart.x.factor, e) == -1)
		goto out;
	po.chart.x.label = xt;
	po.chart.y.label = q->ylabel;
	/* The legend's percentiles in the axis's unit. */
	bs_column_unit_as(q->y, declared_unit(in->t, q->y), &cu);
	bp_unit_choose(cu.unit, sm->maxabs, &u);
	po.unit = u.name[0] ? u.name : cu.unit;
	rc = bp_cdf(s->cr, s->width, s->height, &po, cs, sm->nser, e);
out:
	free(cs);
	free(xt);
	return rc;
}

void
bp_heat_colors(struct bp_heatmap_opts *po, const char *col,
    const char *declared, const double *z, size_t n, int cmap,
    double center, int reverse)
{
	struct bs_colunit c;
	int neg = 0, pos = 0;

	for (size_t i = 0; i < n; i++) {
		neg |= z[i] < 0;
		pos |= z[i] > 0;
	}
	po->reverse = reverse;
	po->center = center;
	if (cmap >= 0)
		po->cmap = (enum bp_cmap)cmap;
	/* A centre, or changes both ways, ask for the diverging map. */
	if (cmap < 0 && (isfinite(center) || (neg && pos))) {
		po->cmap = BP_CMAP_DIVERGING;
		if (!isfinite(center))
			po->center = 0;
	}
	if (po->cmap != BP_CMAP_DIVERGING)
		return;
	/*
	 * The map runs blue (low) to red (high); where higher is better
	 * (a throughput) it is turned round, so that blue is always the
	 * better side and red the worse.  A name that says nothing of its
	 * direction keeps the map as it is and the bar says nothing.
	 */
	bs_column_unit_as(col, declared, &c);
	if (c.rule == BS_RULE_DEFAULT)
		return;
	po->better = c.higher ? 1 : -1;
	if (c.higher)
		po->reverse = !po->reverse;
}
