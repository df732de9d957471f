/*
 * Empirical CDF per series as a step function, with guides at the
 * 50th, 95th and 99th percentiles.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

static const double guide_p[] = { 0.5, 0.95, 0.99 };
static const char *const guide_name[] = { "p50", "p95", "p99" };
#define NGUIDE	3

void
bp_cdf_opts_init(struct bp_cdf_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->guides = 1;
}

/*
 * The p-quantile of the step function itself (type 1, the inverse of
 * the ECDF), so that the guide meets the curve where the marker is.
 */
static double
ecdf_inv(const double *v, size_t n, double p)
{
	size_t k = (size_t)ceil(p * (double)n - 1e-9);

	if (k < 1)
		k = 1;
	return v[k - 1];
}

/*
 * The legend's percentiles are bstat's (type 7, its default), so that
 * the numbers a reader sees here are those of bstat's table; the
 * markers stay where the step curve crosses each guide (ecdf_inv).
 * Out of memory, the crossings (type 1) stand in.
 */
static void
legend_pctl(const double *v, size_t n, double *q)
{
	double *c;

	if ((c = malloc(n * sizeof(*c))) != NULL) {
		/* bs_quantiles reorders what it is given: v stays sorted. */
		memcpy(c, v, n * sizeof(*c));
		if (bs_quantiles(c, n, guide_p, NGUIDE, 7, q) == 0) {
			free(c);
			return;
		}
		free(c);
	}
	for (int g = 0; g < NGUIDE; g++)
		q[g] = ecdf_inv(v, n, guide_p[g]);
}

/* Legend pass: each series with its count and guide percentiles. */
static void
cdf_legend(struct bp_legend *leg, const struct bp_cdf_opts *o,
    const struct bp_cdf_series *s, size_t ns, double *const *v,
    const size_t *n)
{
	char q[NGUIDE][64];
	double x7[NGUIDE];

	for (size_t i = 0; i < ns; i++) {
		/* Panels' common legend: figures of no panel left out. */
		if (o->chart.legend_only) {
			bp_legend_add(leg, BP_LEG_LINE, bp_palette(i), i, "%s",
			    s[i].name ? s[i].name : "?");
			continue;
		}
		if (n[i] == 0) {
			bp_legend_add(leg, BP_LEG_LINE, bp_palette(i), i,
			    bs_tr("%s (no data)"), s[i].name ? s[i].name : "?");
			continue;
		}
		/*
		 * Each percentile, its value and unit joined by no-break
		 * spaces: a line may end between two of them, never inside
		 * one.
		 */
		legend_pctl(v[i], n[i], x7);
		for (int g = 0; g < NGUIDE; g++) {
			double x = x7[g];
			char num[24];

			bp_fmt_num(num, sizeof(num), x);
			snprintf(q[g], sizeof(q[g]), "%s\xc2\xa0%s%s%s",
			    guide_name[g], num, o->unit && *o->unit ?
			    "\xc2\xa0" : "", o->unit ? o->unit : "");
			bp_utf8_trim(q[g]);
		}
		if (o->guides)
			bp_legend_add(leg, BP_LEG_LINE, bp_palette(i), i,
			    "%s (n\xc2\xa0=\xc2\xa0%zu)\n%s \xc2\xb7 %s \xc2\xb7 %s",
			    s[i].name ? s[i].name : "?", n[i], q[0], q[1],
			    q[2]);
		else
			bp_legend_add(leg, BP_LEG_LINE, bp_palette(i), i,
			    "%s (n = %zu)", s[i].name ? s[i].name : "?",
			    n[i]);
	}
}

/*
 * Guides pass: dashed lines at the guide fractions, their names in the
 * right margin.
 */
static void
cdf_guides(cairo_t *cr, const struct bp_frame *f, double gh)
{
	double dash[] = { f->st.line * 3, f->st.line * 2 };
	double ly[NGUIDE];

	cairo_save(cr);
	cairo_set_line_width(cr, f->st.thin * 1.2);
	cairo_set_dash(cr, dash, 2, 0);
	bp_set_rgb(cr, bp_grey(0.45));
	for (int g = 0; g < NGUIDE; g++) {
		double y = bp_fy(f, guide_p[g]);

		cairo_move_to(cr, f->px, y);
		cairo_line_to(cr, f->px + f->pw, y);
		ly[g] = y;
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	/*
	 * p95 and p99 lie close together: push labels apart,
	 * top one first, keeping a line of text between centres.
	 */
	for (int g = NGUIDE - 1; g > 0; g--)
		if (ly[g - 1] - ly[g] < gh * 0.95)
			ly[g - 1] = ly[g] + gh * 0.95;
	for (int g = 0; g < NGUIDE; g++)
		bp_text(cr, guide_name[g], f->st.small, 0, 0, 0,
		    f->px + f->pw + f->st.gap, ly[g], BP_HLEFT,
		    BP_VMIDDLE, 0, bp_grey(0.3));
}

int
bp_cdf(cairo_t *cr, double w, double h, const struct bp_cdf_opts *o,
    const struct bp_cdf_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	double **v = NULL, fx = bp_factor(&o->chart.x);
	double xmin = HUGE_VAL, xmax = -HUGE_VAL, gw = 0, gh = 0, tw, th;
	size_t *n = NULL;
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	if (ns == 0)
		return bp_err(err, "cdf: no series");
	if (ns > BP_MAX_SERIES)
		return bp_err(err, "cdf: %zu series, at most %d", ns,
		    BP_MAX_SERIES);
	if ((v = calloc(ns, sizeof(*v))) == NULL ||
	    (n = calloc(ns, sizeof(*n))) == NULL) {
		bp_err(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < ns; i++) {
		if ((v[i] = bp_finite_sorted(s[i].v, s[i].n, fx, &n[i])) ==
		    NULL) {
			bp_err(err, "out of memory");
			goto out;
		}
		if (n[i] > 0) {
			xmin = fmin(xmin, v[i][0]);
			xmax = fmax(xmax, v[i][n[i] - 1]);
		}
	}
	if (!(xmax >= xmin)) {
		bp_err(err, "cdf: no finite values");
		goto out;
	}

	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = o->chart.x.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ax.padlo = f.ax.padhi = 0.02;
	if (bp_axspec_set(&f.ax, &o->chart.x, xmin, xmax, err) == -1)
		goto out;
	f.ay.kind = BP_SCALE_LINEAR;
	f.ay.label = o->chart.y.label ? o->chart.y.label :
	    bs_tr("Cumulative fraction");
	f.ay.grid = 1;
	f.ay.dmin = 0;
	f.ay.dmax = 1;
	f.ay.fixed = 1;

	cdf_legend(&leg, o, s, ns, v, n);
	/* The guides' names go in the right margin. */
	if (o->guides) {
		for (int g = 0; g < NGUIDE; g++) {
			bp_measure(cr, guide_name[g], f.st.small, 0, 0, 0, &tw,
			    &th);
			gw = fmax(gw, tw);
			gh = fmax(gh, th);
		}
		f.right = gw + f.st.gap * 2;
	}
	/* A legend this wide goes below the plot. */
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;

	if (o->guides)
		cdf_guides(cr, &f, gh);
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	for (size_t i = 0; i < ns; i++) {
		double x0 = f.xt.lo, x1 = f.xt.hi;

		if (n[i] == 0)
			continue;
		cairo_set_line_width(cr, f.st.line);
		bp_set_rgb(cr, bp_palette(i));
		cairo_move_to(cr, bp_fx(&f, x0), bp_fy(&f, 0));
		for (size_t j = 0; j < n[i]; j++) {
			double x = bp_fx(&f, v[i][j]);
			size_t first = j;

			/* Ties: one step of the combined height. */
			while (j + 1 < n[i] && v[i][j + 1] == v[i][j])
				j++;
			cairo_line_to(cr, x, bp_fy(&f, (double)first / n[i]));
			cairo_line_to(cr, x, bp_fy(&f,
			    (double)(j + 1) / n[i]));
		}
		cairo_line_to(cr, bp_fx(&f, x1), bp_fy(&f, 1));
		cairo_stroke(cr);
		/* Where each series crosses the guides. */
		if (o->guides)
			for (int g = 0; g < NGUIDE; g++) {
				double x = ecdf_inv(v[i], n[i], guide_p[g]);

				bp_marker(cr, i, bp_fx(&f, x),
				    bp_fy(&f, guide_p[g]), f.st.marker * 0.85,
				    bp_palette(i));
			}
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	if (v != NULL)
		for (size_t i = 0; i < ns; i++)
			free(v[i]);
	free(v);
	free(n);
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kind: the values of -y per series, as empirical CDFs */

static int
cdf_chart(struct bp_surface *s, const struct bp_request *q,
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
	bs_column_unit_as(q->y, bp_declared_unit(in->t, q->y), &cu);
	bp_unit_choose(cu.unit, sm->maxabs, &u);
	po.unit = u.name[0] ? u.name : cu.unit;
	rc = bp_cdf(s->cr, s->width, s->height, &po, cs, sm->nser, e);
out:
	free(cs);
	free(xt);
	return rc;
}

static int
cdf_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	return cdf_chart(s, d->q, d->in, d->data, e);
}

const struct bp_kind bp_kind_cdf = {
	.name = "cdf",
	.synopsis = "-y COL [--series COL] [options] [FILE...] -o OUT",
	.takes = BP_REQ_VLINE | BP_REQ_HLINE | BP_REQ_FACET,
	.refuses = { { BP_REQ_LOGY, BP_MISUSE_CDF_LOGY },
	    { BP_REQ_X, BP_MISUSE_CDF_X } },
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.gather = bp_drawing_samples,
	.draw = cdf_draw,
	.release = bp_drawing_samples_free
};
