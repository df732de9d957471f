/*
 * The shift function (Rousselet, Pernet and Wilcox 2017): x the
 * baseline's deciles, y the candidate's decile minus the baseline's,
 * each with its simultaneous 95% interval as a bar, a line at zero, the
 * median marked.  The first series is the baseline, the second the
 * candidate (two files, or --series with two values); the numbers are
 * libstat's bs_shift_function(), those of bcompare --shift.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

/* The bars, the line through the nine, the median's marker. */
static void
shift_marks(cairo_t *cr, const struct bp_frame *f, const struct bs_shift *sh,
    double fx)
{
	struct bp_rgb c = bp_palette(0), m = bp_palette(1);
	double cap = f->st.marker * 0.8, x;

	cairo_save(cr);
	bp_frame_clip(cr, f);
	cairo_set_line_width(cr, f->st.line);
	bp_set_rgb(cr, c);
	for (int k = 0; k < BS_SHIFT_N; k++) {
		x = bp_fx(f, sh->base[k] * fx);
		cairo_move_to(cr, x, bp_fy(f, sh->lo[k] * fx));
		cairo_line_to(cr, x, bp_fy(f, sh->hi[k] * fx));
		cairo_move_to(cr, x - cap, bp_fy(f, sh->lo[k] * fx));
		cairo_line_to(cr, x + cap, bp_fy(f, sh->lo[k] * fx));
		cairo_move_to(cr, x - cap, bp_fy(f, sh->hi[k] * fx));
		cairo_line_to(cr, x + cap, bp_fy(f, sh->hi[k] * fx));
	}
	cairo_stroke(cr);
	cairo_set_line_width(cr, f->st.thin);
	for (int k = 0; k < BS_SHIFT_N; k++)
		(k ? cairo_line_to : cairo_move_to)(cr,
		    bp_fx(f, sh->base[k] * fx), bp_fy(f, sh->diff[k] * fx));
	cairo_stroke(cr);
	for (int k = 0; k < BS_SHIFT_N; k++)
		bp_marker(cr, k == 4 ? 1 : 0, bp_fx(f, sh->base[k] * fx),
		    bp_fy(f, sh->diff[k] * fx), f->st.marker * (k == 4 ?
		    1.2 : 0.85), k == 4 ? m : c);
	cairo_restore(cr);
}

/* The legend: what the bars are, the median's difference, the note. */
static void
shift_legend(struct bp_legend *leg, const struct bs_shift *sh,
    const char *const *name, const size_t *n, const char *unit, double fx)
{
	char d[24], dec[64];
	int k, w = 0;

	bp_legend_add(leg, BP_LEG_LINE, bp_palette(0), 0,
	    bs_tr("%s \xe2\x88\x92 %s at each decile (n\xc2\xa0=\xc2\xa0%zu, "
	    "%zu), simultaneous 95%% intervals"), name[1], name[0], n[1], n[0]);
	bp_fmt_num(d, sizeof(d), sh->diff[4] * fx);	/* the axes' unit */
	bp_legend_add(leg, BP_LEG_MARKER, bp_palette(1), 1,
	    bs_tr("median: %s%s%s%s"), sh->diff[4] > 0 ? "+" : "", d,
	    unit && *unit ? "\xc2\xa0" : "", unit ? unit : "");
	if (sh->tails) {
		dec[0] = '\0';
		for (k = 0; k < BS_SHIFT_N; k++)
			if (sh->differ & (1u << k))
				w += snprintf(dec + w, sizeof(dec) - w, "%s%d",
				    w ? ", " : "", k + 1);
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0.3), 0,
		    bs_tr("the medians agree, deciles %s differ"), dec);
	}
	if (sh->fewer)
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0.3), 0, "%s",
		    bs_tr("fewer than 10 values on a side: the intervals may "
		    "not hold together"));
	if (sh->jackknife)
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0.3), 0,
		    bs_tr("standard errors by the jackknife (over %d values a "
		    "side)"), BS_SHIFT_BOOT_MAX);
}

/* The range of the axes: the deciles; the intervals and 0. */
static void
shift_range(const struct bs_shift *sh, double fx, double *x, double *y)
{
	x[0] = y[0] = HUGE_VAL;
	x[1] = y[1] = -HUGE_VAL;
	y[0] = y[1] = 0;
	for (int k = 0; k < BS_SHIFT_N; k++) {
		x[0] = fmin(x[0], sh->base[k] * fx);
		x[1] = fmax(x[1], sh->base[k] * fx);
		y[0] = fmin(y[0], sh->lo[k] * fx);
		y[1] = fmax(y[1], sh->hi[k] * fx);
	}
	if (!(x[1] > x[0])) {
		x[0] -= 0.5;
		x[1] += 0.5;
	}
	if (!(y[1] > y[0]))
		y[1] = y[0] + 1;
}

static int
shift_plot(cairo_t *cr, double w, double h, const struct bp_chart *c,
    const struct bp_samples *sm, const char *unit, struct bs_err *err)
{
	struct bs_shift sh;
	struct bp_frame f;
	struct bp_legend leg;
	double fx = bp_factor(&c->x), xr[2], yr[2], dash[2];
	const char *name[2];
	int rc = -1;

	if (sm->nser != 2)
		return bp_err(err, "shift: %zu series, not 2 (the baseline and "
		    "the candidate: two files, or --series with two values)",
		    sm->nser);
	if (bs_shift_function(sm->v[0], sm->n[0], sm->v[1], sm->n[1], &sh) ==
	    -1)
		return bp_err(err, "shift: fewer than 2 values on a side, or "
		    "out of memory");
	for (int i = 0; i < 2; i++)
		name[i] = *sm->ser[i] ? sm->ser[i] : bs_tr(i ? "candidate" :
		    "baseline");
	memset(&leg, 0, sizeof(leg));
	shift_range(&sh, fx, xr, yr);
	bp_frame_init(&f, w, h, c);
	f.ax.kind = c->x.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ax.padlo = f.ax.padhi = 0.04;
	if (bp_axspec_set(&f.ax, &c->x, xr[0], xr[1], err) == -1)
		goto out;
	f.ay.kind = BP_SCALE_LINEAR;
	f.ay.padlo = f.ay.padhi = 0.04;
	if (bp_axspec_set(&f.ay, &c->y, yr[0], yr[1], err) == -1)
		goto out;
	f.ay.grid = 1;
	shift_legend(&leg, &sh, name, sm->n, unit, fx);
	if (bp_frame_open(cr, &f, &leg, c, err) != 0)
		goto out;
	/* The line at zero: no difference. */
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	dash[0] = f.st.line * 3;
	dash[1] = f.st.line * 2;
	cairo_set_dash(cr, dash, 2, 0);
	cairo_set_line_width(cr, f.st.thin * 1.2);
	bp_set_rgb(cr, bp_grey(0.35));
	cairo_move_to(cr, f.px, bp_fy(&f, 0));
	cairo_line_to(cr, f.px + f.pw, bp_fy(&f, 0));
	cairo_stroke(cr);
	cairo_restore(cr);
	shift_marks(cr, &f, &sh, fx);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kind: -y of two series, the baseline first */

static int
shift_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	const struct bp_request *q = d->q;
	const struct bp_samples *sm = d->data;
	struct bp_chart ch;
	struct bp_refs rf;
	struct bs_colunit cu;
	struct bp_unit u;
	char *xt = NULL, xl[512], yt[512];
	int rc = -1;

	memset(&ch, 0, sizeof(ch));
	bp_chart_init(&ch);
	bp_chart_request(&ch, q, d->in, &rf, q->y, q->y);
	if (bp_axis_title_in(&xt, d->in, q->y, q->xlabel, sm->maxabs,
	    &ch.x.factor, e) == -1)
		goto out;
	snprintf(xl, sizeof(xl), bs_tr("Baseline's deciles, %s"), xt);
	ch.x.label = q->xlabel ? q->xlabel : xl;
	ch.y.factor = ch.x.factor;
	snprintf(yt, sizeof(yt), bs_tr("Candidate \xe2\x88\x92 baseline, %s"),
	    xt);
	ch.y.label = q->ylabel ? q->ylabel : yt;
	bs_column_unit_as(q->y, bp_declared_unit(d->in->t, q->y), &cu);
	bp_unit_choose(cu.unit, sm->maxabs, &u);
	rc = shift_plot(s->cr, s->width, s->height, &ch, sm, u.name[0] ?
	    u.name : cu.unit, e);
out:
	free(xt);
	return rc;
}

const struct bp_kind bp_kind_shift = {
	.name = "shift",
	.synopsis = "-y COL [--series COL] [options] BASE CAND -o OUT",
	.takes = BP_REQ_HLINE,
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.gather = bp_drawing_samples,
	.draw = shift_draw,
	.release = bp_drawing_samples_free
};
