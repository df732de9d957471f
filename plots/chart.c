/*
 * The charts a command line asks for, from the data gathered from its
 * inputs: what each chart takes from the request (titles, axes, the
 * colour map) and the units of its columns, so that a tool only reads,
 * words its errors and writes the file.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

/* How a reference line's label writes a comparison: <=, >= as symbols. */
static const struct {
	enum bp_op	 op;
	const char	*sym;
} opsyms[] = {
	{ BP_OP_LE, "\xe2\x89\xa4" }, { BP_OP_LT, "<" },
	{ BP_OP_GE, "\xe2\x89\xa5" }, { BP_OP_GT, ">" },
};

static const char *
op_symbol(enum bp_op op)
{
	for (size_t i = 0; i < sizeof(opsyms) / sizeof(opsyms[0]); i++)
		if (opsyms[i].op == op)
			return opsyms[i].sym;
	return "?";
}

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
		    bs_tr("limit"), c[i]->col, op_symbol(c[i]->op), c[i]->v);
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
	if (in->facet != NULL) {
		c->title = in->facet->title;
		c->font_size = in->facet->font;
		c->legend = in->facet->legend_only ? q->legend :
		    BP_LEGEND_NONE;
		c->legend_only = in->facet->legend_only;
		c->legend_n = &in->facet->legend_n;
		c->x.share = &in->facet->x;
		c->y.share = &in->facet->y;
	}
}

/*
 * The largest value of column col that a panel's unit is chosen for:
 * every panel's, so that all say the same unit (the first pass records
 * them).
 */
static double
facet_maxabs(const struct bp_inputs *in, const char *col, double m)
{
	struct bp_facet *f = in->facet;
	size_t i;

	if (f == NULL || col == NULL)
		return m;
	for (i = 0; i < BP_FACET_UNITS && f->unit[i].col != NULL &&
	    strcmp(f->unit[i].col, col) != 0; i++)
		;
	if (i == BP_FACET_UNITS)
		return m;
	if (f->unit[i].col == NULL) {
		f->unit[i].col = col;
		f->unit[i].maxabs = m;
	}
	if (!f->apply)
		f->unit[i].maxabs = fmax(f->unit[i].maxabs, m);
	return fmax(m, f->unit[i].maxabs);
}

/*
 * The unit the input format declared for a value column (pyperf's
 * "value" in s, Google Benchmark's real_time in ns), or NULL: then the
 * name says what it can.
 */
const char *
bp_declared_unit(const struct bs_table *t, const char *col)
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
	maxabs = facet_maxabs(in, col, maxabs);
	if ((*t = bp_axis_title_as(col, bp_declared_unit(in->t, col), given,
	    maxabs, factor)) == NULL)
		return bp_err(e, "out of memory");
	return 0;
}

void
bp_legend_unit(const struct bp_inputs *in, const char *col, double maxabs,
    double factor, char *buf, size_t len)
{
	struct bs_colunit cu;
	struct bp_unit u;

	maxabs = facet_maxabs(in, col, maxabs);
	bs_column_unit_as(col, bp_declared_unit(in->t, col), &cu);
	bp_unit_choose(cu.unit, maxabs, &u);
	if (factor == u.factor && cu.unit[0] != '\0')
		snprintf(buf, len, "%s", u.name);
	else if (!(factor > 0) || factor == 1)
		snprintf(buf, len, "%s", cu.unit);
	else
		/* Counts in thousands: the axis says so, not each value. */
		buf[0] = '\0';
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

void
bp_drawing_summary(const struct bp_drawing *d, struct bs_summary_opts *so)
{
	bs_summary_opts_default(so);
	so->confidence = d->conf;
	so->skip = d->skip;
	so->no_quantiles = 1;
}

/* ------------------------------------------------------------------ */
/* Small multiples */

void
bp_panels_layout(cairo_t *cr, const char *title, double w, double h,
    size_t ncell, struct bp_panels *p)
{
	bp_panels_layout_as(cr, title, w, h, ncell, 1, p);
}

void
bp_panels_layout_as(cairo_t *cr, const char *title, double w, double h,
    size_t ncell, double tall, struct bp_panels *p)
{
	struct bp_style st;
	double best = HUGE_VAL, tw, th;

	bp_style_init(&st, w, h, 0);
	/* A little smaller than one chart's: a panel is a third as wide. */
	p->font = fmax(8, st.tick * 0.85);
	p->top = 0;
	if (title != NULL && *title != '\0') {
		bp_measure(cr, title, st.title, 0, 1, w - 2 * st.pad, &tw, &th);
		bp_text(cr, title, st.title, 0, 1, w - 2 * st.pad, w / 2,
		    st.pad, BP_HCENTER, BP_VTOP, 0, bp_grey(0));
		p->top = th + st.pad;
	}
	p->cols = p->rows = 1;
	p->left = 0;
	/* The grid whose cells are nearest the image's shape. */
	for (size_t c = 1; c <= ncell; c++) {
		size_t r = (ncell + c - 1) / c;
		double d = fabs(log((w / (double)c) / ((h - p->top) /
		    (double)r) / (w / h / tall)));

		if (c * r - ncell >= c)
			continue;	/* a whole row empty */
		if (d < best - 1e-9) {
			best = d;
			p->cols = c;
			p->rows = r;
		}
	}
	p->cw = w / (double)p->cols;
	p->ch = (h - p->top) / (double)p->rows;
}

void
bp_panels_cell(cairo_t *cr, const struct bp_panels *p, size_t i)
{
	cairo_translate(cr, p->left + p->cw * (double)(i % p->cols), p->top +
	    p->ch * (double)(i / p->cols));
}

/* ------------------------------------------------------------------ */
/* A request's chart through its kind */

int
bp_chart_gather(struct bp_drawing *d, const struct bp_request *q,
    const struct bp_inputs *in, const struct bp_plan *pl, double conf,
    size_t skip, struct bs_err *e)
{
	memset(d, 0, sizeof(*d));
	d->q = q;
	d->in = in;
	d->pl = pl;
	d->conf = conf;
	d->skip = skip;
	return q->kind->gather != NULL ? q->kind->gather(d, e) : 0;
}

/*
 * Small multiples: the panels' values of the facet column (in order of
 * value when they are numbers), each group's panel in gp[].
 */
static char **
facet_values(const struct bs_table *t, long k, size_t *gp, size_t *np)
{
	char **v = calloc(t->ngroups + 1, sizeof(*v)), **o;
	size_t *map = calloc(t->ngroups + 1, sizeof(*map)), j;

	*np = 0;
	if (v == NULL || map == NULL || (o = calloc(t->ngroups + 1,
	    sizeof(*o))) == NULL)
		goto fail;
	for (size_t g = 0; g < t->ngroups; g++) {
		for (j = 0; j < *np && strcmp(v[j], t->groups[g].key[k]); j++)
			;
		if (j == *np)
			v[(*np)++] = t->groups[g].key[k];
		gp[g] = j;
	}
	if (bp_order_categories(v, *np, map, 0) == -1) {
		free(o);
		goto fail;
	}
	for (j = 0; j < *np; j++)
		o[map[j]] = v[j];
	for (size_t g = 0; g < t->ngroups; g++)
		gp[g] = map[gp[g]];
	free(v);
	free(map);
	return o;
fail:
	free(v);
	free(map);
	return NULL;
}

/*
 * Panel p's chart: the kind's own, over a table whose groups of other
 * panels are empty (so that every panel has the same series, colours and
 * categories), drawn in cell p.
 */
static int
facet_panel(struct bp_surface *s, struct bp_drawing *d,
    const struct bp_panels *pn, size_t cell, int discard,
    struct bp_facet *fc, struct bp_inputs *pin, struct bs_err *e)
{
	struct bp_surface ps = *s;
	struct bp_drawing pd = *d;
	cairo_pattern_t *pat;
	int rc;

	pin->facet = fc;
	pd.in = pin;
	pd.data = NULL;
	ps.width = pn->cw;
	ps.height = pn->ch;
	cairo_save(s->cr);
	bp_panels_cell(s->cr, pn, cell);
	if (discard)
		cairo_push_group(s->cr);
	rc = d->q->kind->gather != NULL ? d->q->kind->gather(&pd, e) : 0;
	if (rc == 0)
		rc = d->q->kind->draw(&ps, &pd, e);
	if (d->q->kind->release != NULL)
		d->q->kind->release(&pd);
	if (discard && (pat = cairo_pop_group(s->cr)) != NULL)
		cairo_pattern_destroy(pat);
	cairo_restore(s->cr);
	return rc;
}

/* Table t with only panel p's groups holding rows, into pt. */
static void
facet_table(const struct bs_table *t, const size_t *gp, size_t p,
    struct bs_group *g, struct bs_series *none, struct bs_table *pt)
{
	*pt = *t;
	pt->groups = g;
	for (size_t i = 0; i < t->ngroups; i++) {
		g[i] = t->groups[i];
		if (gp[i] == p)
			continue;
		g[i].s = none;
		g[i].nrows = 0;
		g[i].time = NULL;
		g[i].okrow = NULL;
	}
}

/* What the panels share, gathered anew (before pass 0 and 1). */
static void
facet_reset(struct bp_facet *fc)
{
	struct bp_axshare *sh[] = { &fc->x, &fc->y, &fc->z, &fc->vsize,
	    &fc->sub[0], &fc->sub[1], &fc->sub[2] };

	for (size_t i = 0; i < sizeof(sh) / sizeof(sh[0]); i++) {
		sh[i]->lo = HUGE_VAL;
		sh[i]->hi = -HUGE_VAL;
	}
}

/* 1: the ranges gathered are applied (the pass that draws). */
static void
facet_apply(struct bp_facet *fc, int on)
{
	fc->x.apply = fc->y.apply = fc->z.apply = fc->vsize.apply = on;
	for (int i = 0; i < 3; i++)
		fc->sub[i].apply = on;
}

/*
 * The panels' grid with the common legend: the grid's cell after the
 * panels, or with a strip (sw > 0) the right sw of the image beside a
 * grid of the panels alone; lp and *cell say where the legend goes.
 */
static void
facet_legend_cell(struct bp_surface *s, size_t np, double sw,
    double d_tall, const char *title, struct bp_panels *pn, struct bp_panels *lp,
    size_t *cell)
{
	/* A timeline's panel is three charts high: a cell three times as tall. */
	bp_panels_layout_as(s->cr, title, s->width - sw, s->height, np +
	    (sw > 0 ? 0 : 1), d_tall, pn);
	*lp = *pn;
	*cell = np;
	if (sw > 0) {
		lp->left = s->width - sw;
		lp->cols = lp->rows = 1;
		lp->cw = sw;
		lp->ch = s->height - pn->top;
		*cell = 0;
	}
}

static int
facet_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	const struct bs_table *t = d->in->t;
	struct bs_group *g = calloc(t->ngroups + 1, sizeof(*g));
	struct bs_series *none = calloc(t->nvcols + 1, sizeof(*none));
	size_t *gp = calloc(t->ngroups + 1, sizeof(*gp)), np = 0;
	char **val = gp != NULL ? facet_values(t, d->in->r.kfacet, gp, &np) :
	    NULL;
	struct bp_facet fc;
	struct bp_panels pn, lp;
	struct bp_inputs pin = *d->in, lin = *d->in;
	struct bs_table pt;
	int rc = -1, legend = d->q->legend != BP_LEGEND_NONE;
	/* A strip of a fifth of the width: a colour bar, a few lines. */
	double sw = d->q->kind->flags & BP_KF_LEGEND_STRIP ? s->width * 0.2 :
	    0, tall = d->q->kind->flags & BP_KF_TALL_PANELS ? 3 : 1;
	size_t lcell;

	memset(&fc, 0, sizeof(fc));
	fc.whole = d->in;
	facet_reset(&fc);
	if (g == NULL || none == NULL || val == NULL) {
		bp_err(e, "out of memory");
		goto out;
	}
	/* More panels than this leave none a readable size. */
	if (np > BP_MAX_PANELS) {
		bp_err(e, "--facet: %zu values, small multiples show at most "
		    "%d panels", np, BP_MAX_PANELS);
		goto out;
	}
	if (legend) {
		/* A legend without entries (one series) gets no cell. */
		facet_legend_cell(s, np, sw, tall, NULL, &pn, &lp, &lcell);
		fc.font = pn.font;
		fc.legend_only = 1;
		(void)facet_panel(s, d, &lp, lcell, 1, &fc, &lin, e);
		fc.legend_only = 0;
		legend = fc.legend_n > 0;
	}
	if (legend)
		facet_legend_cell(s, np, sw, tall, d->q->title, &pn, &lp,
		    &lcell);
	else
		bp_panels_layout_as(s->cr, d->q->title, s->width, s->height,
		    np, tall, &pn);
	fc.font = pn.font;
	pin.t = &pt;
	pin.r.t = &pt;
	/*
	 * Pass 0 finds the unit of the largest value, pass 1 the ranges in
	 * it, each on a group thrown away; pass 2 draws.
	 */
	for (int pass = 0; pass < 3; pass++) {
		fc.apply = pass >= 1;
		if (pass == 1)
			facet_reset(&fc);
		facet_apply(&fc, pass == 2);
		for (size_t p = 0; p < np; p++) {
			facet_table(t, gp, p, g, none, &pt);
			fc.title = val[p];
			if (facet_panel(s, d, &pn, p, pass < 2, &fc, &pin,
			    e) == -1)
				goto out;
		}
	}
	rc = 0;
	if (legend) {
		/* The whole table's legend: every series, once. */
		fc.title = NULL;
		fc.legend_only = 1;
		rc = facet_panel(s, d, &lp, lcell, 0, &fc, &lin, e);
	}
out:
	free(g);
	free(none);
	free(gp);
	free(val);
	return rc;
}

int
bp_chart_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	if (d->q->kind->draw == NULL)
		return bp_err(e, "%s charts are drawn by the tool",
		    d->q->kind->name);
	if (d->in->r.kfacet >= 0)
		return facet_draw(s, d, e);
	return d->q->kind->draw(s, d, e);
}

void
bp_chart_free(struct bp_drawing *d)
{
	if (d->q != NULL && d->q->kind->release != NULL)
		d->q->kind->release(d);
	d->data = NULL;
}
