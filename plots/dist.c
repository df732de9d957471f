/*
 * Distributions: a histogram of each series over shared bins, and
 * violins (a kernel density mirrored about each category), both with
 * the median and the mean marked, so that two runs' shapes, not only
 * their centres, can be compared.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

#define MAXBINS	200
#define NGRID	128

void
bp_hist_opts_init(struct bp_hist_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->rule = BP_BINS_FD;
}

void
bp_violin_opts_init(struct bp_violin_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->nseries = 1;
}

/* Finite values times f (log10 of them for a log axis), sorted. */
static double *
values(const struct bp_dist_series *s, double f, int logx, size_t *n)
{
	double *v = bp_finite_sorted(s->v, s->n, f, n);
	size_t k = 0;

	for (size_t i = 0; v != NULL && logx && i < *n; i++)
		if (v[i] > 0)
			v[k++] = log10(v[i]);
	if (logx && v != NULL)
		*n = k;
	return v;
}

int
bp_hist_bins(const struct bp_dist_series *s, size_t ns, double f,
    enum bp_binrule rule, int logx, double *lo, double *width,
    size_t *nbins)
{
	static const double pq[2] = { 0.25, 0.75 };
	double *all = NULL, *v, q[2], mean, sd, hi, w, span;
	size_t n = 0, m;

	for (size_t i = 0; i < ns; i++) {
		double *a;

		if ((v = values(&s[i], f, logx, &m)) == NULL)
			goto fail;
		if ((a = realloc(all, (n + m + 1) * sizeof(*a))) == NULL) {
			free(v);
			goto fail;
		}
		all = a;
		memcpy(all + n, v, m * sizeof(*v));
		n += m;
		free(v);
	}
	if (n == 0)
		goto fail;
	bs_mean_sd(all, n, &mean, &sd);
	if (bs_quantiles(all, n, pq, 2, 7, q) == -1)
		goto fail;
	*lo = all[0];
	hi = all[0];
	for (size_t i = 0; i < n; i++) {
		*lo = fmin(*lo, all[i]);
		hi = fmax(hi, all[i]);
	}
	free(all);
	/*
	 * Freedman-Diaconis (2 IQR n^-1/3) resists the outliers of a
	 * latency tail; Scott's (3.49 sd n^-1/3) suits a normal sample.
	 * Either gives way to Sturges' count when it has no spread.
	 */
	w = (rule == BP_BINS_FD ? 2 * (q[1] - q[0]) : 3.49 * sd) *
	    pow((double)n, -1.0 / 3);
	if (!(w > 0) || !isfinite(w))
		w = (hi - *lo) / (ceil(log2((double)n)) + 1);
	if (!(w > 0) || !isfinite(w))
		w = *lo != 0 ? fabs(*lo) * 0.1 : 1;
	/* A tenth of the smallest subnormals is 0: the value itself then. */
	if (!(w > 0))
		w = *lo != 0 ? fabs(*lo) : 1;
	/* Values near +-1e308: the span is beyond a double, its parts not. */
	span = isfinite(hi - *lo) ? (hi - *lo) / w : hi / w - *lo / w;
	if (!(span <= MAXBINS)) {
		w = isfinite(hi - *lo) ? (hi - *lo) / MAXBINS : hi / MAXBINS -
		    *lo / MAXBINS;
		span = MAXBINS;
	}
	*nbins = (size_t)fmin(floor(span), MAXBINS) + 1;
	*width = w;
	return 0;
fail:
	free(all);
	return -1;
}

/* The median and mean of sorted v[0..n) in display units. */
static void
centres(const double *v, size_t n, int logx, double *med, double *mean)
{
	double sum = 0;

	*med = bs_median(v, n);
	for (size_t i = 0; i < n; i++)
		sum += logx ? pow(10, v[i]) : v[i];
	*mean = sum / (double)n;
	if (logx)
		*med = pow(10, *med);
}

/*
 * A series' entry: its count, median and mean, each with its unit; unit
 * NULL, its name alone (the common legend of panels: the figures would
 * be the whole series', of no panel).
 */
static void
hist_legend(struct bp_legend *leg, size_t i, const char *name, size_t n,
    double med, double mean, const char *unit)
{
	const char *sp = unit != NULL && unit[0] ? "\xc2\xa0" : "";
	char a[32], b[32];

	if (unit == NULL) {
		bp_legend_add(leg, BP_LEG_BOX, bp_palette(i), i, "%s",
		    name ? name : "?");
		return;
	}

	bp_fmt_num(a, sizeof(a), med);
	bp_fmt_num(b, sizeof(b), mean);
	/* Values and units joined by no-break spaces. */
	bp_legend_add(leg, BP_LEG_BOX, bp_palette(i), i, bs_tr("%s "
	    "(n\xc2\xa0=\xc2\xa0%zu): median\xc2\xa0%s%s%s, "
	    "mean\xc2\xa0%s%s%s"),
	    name ? name : "?", n, a, sp, unit, b, sp, unit);
}

int
bp_hist(cairo_t *cr, double w, double h, const struct bp_hist_opts *o,
    const struct bp_dist_series *s, size_t ns, struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	double fx = bp_factor(&o->chart.x), lo, bw, ymax = 0;
	double dash[2];
	double *cnt = NULL;
	size_t nb, *n = NULL;
	int logx = o->chart.x.log, rc = -1;
	const char *unit = o->unit ? o->unit : "";

	memset(&leg, 0, sizeof(leg));
	if (ns == 0 || ns > BP_MAX_SERIES)
		return bp_err(err, "hist: %zu series (1 to %d)", ns,
		    BP_MAX_SERIES);
	if (bp_hist_bins(o->bins ? o->bins : s, o->bins ? o->nbins : ns, fx,
	    o->rule, logx, &lo, &bw, &nb) == -1)
		return bp_err(err, "hist: no finite%s values", logx ?
		    " positive" : "");
	if ((cnt = calloc(ns * nb + 1, sizeof(*cnt))) == NULL ||
	    (n = calloc(ns + 1, sizeof(*n))) == NULL) {
		bp_err(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < ns; i++) {
		double *v = values(&s[i], fx, logx, &n[i]), med, mean;

		if (v == NULL) {
			bp_err(err, "out of memory");
			goto out;
		}
		for (size_t j = 0; j < n[i]; j++) {
			double q = isfinite(v[j] - lo) ?
			    floor((v[j] - lo) / bw) : floor(v[j] / bw - lo / bw);
			size_t k = q >= 0 && q < (double)nb ? (size_t)q :
			    q >= 0 ? nb - 1 : 0;

			cnt[i * nb + k] += 1;
		}
		for (size_t k = 0; k < nb; k++) {
			if (o->density && n[i] > 0)
				cnt[i * nb + k] /= (double)n[i] * bw;
			ymax = fmax(ymax, cnt[i * nb + k]);
		}
		if (n[i] > 0) {
			centres(v, n[i], logx, &med, &mean);
			hist_legend(&leg, i, s[i].name, n[i], med, mean,
			    o->chart.legend_only ? NULL : unit);
		}
		free(v);
	}
	bp_legend_add(&leg, BP_LEG_LINE, bp_grey(0.2), BP_MARK_NONE, "%s",
	    bs_tr("median"));
	bp_legend_add(&leg, BP_LEG_DASHED, bp_grey(0.2), 0, "%s",
	    bs_tr("mean"));
	bp_frame_init(&f, w, h, &o->chart);
	f.ax.kind = logx ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	f.ay.kind = BP_SCALE_LINEAR;
	/* Counts are whole: no tick at 2.5. */
	f.ay.integer = !o->density;
	f.ay.padhi = 0.05;
	if (bp_axspec_set(&f.ax, &o->chart.x, logx ? pow(10, lo) : lo,
	    logx ? pow(10, lo + bw * (double)nb) : lo + bw * (double)nb,
	    err) == -1 || bp_axspec_set(&f.ay, &o->chart.y, 0, ymax,
	    err) == -1)
		goto out;
	f.ax.padlo = f.ax.padhi = 0.02;
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	dash[0] = f.st.line * 3;
	dash[1] = f.st.line * 2;
	for (size_t i = 0; i < ns; i++) {
		struct bp_rgb c = bp_palette(i);
		double *v, med, mean;
		size_t m;

		/* Each series an outline over a light fill: overlaps show. */
		cairo_move_to(cr, bp_fx(&f, logx ? pow(10, lo) : lo),
		    bp_fy(&f, 0));
		for (size_t k = 0; k < nb; k++) {
			double e0 = lo + bw * (double)k, e1 = e0 + bw;
			double y = bp_fy(&f, cnt[i * nb + k]);

			cairo_line_to(cr, bp_fx(&f, logx ? pow(10, e0) : e0), y);
			cairo_line_to(cr, bp_fx(&f, logx ? pow(10, e1) : e1), y);
		}
		cairo_line_to(cr, bp_fx(&f, logx ? pow(10, lo + bw *
		    (double)nb) : lo + bw * (double)nb), bp_fy(&f, 0));
		bp_set_rgba(cr, c, ns > 1 ? 0.25 : 0.45);
		cairo_fill_preserve(cr);
		bp_set_rgb(cr, c);
		cairo_set_line_width(cr, f.st.line);
		cairo_stroke(cr);
		if (n[i] == 0 || (v = values(&s[i], fx, logx, &m)) == NULL)
			continue;
		centres(v, m, logx, &med, &mean);
		free(v);
		cairo_set_line_width(cr, f.st.line * 1.4);
		cairo_move_to(cr, bp_fx(&f, med), f.py);
		cairo_line_to(cr, bp_fx(&f, med), f.py + f.ph);
		cairo_stroke(cr);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, bp_fx(&f, mean), f.py);
		cairo_line_to(cr, bp_fx(&f, mean), f.py + f.ph);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	free(cnt);
	free(n);
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Violins */

/* Silverman's rule of thumb as R's bw.nrd0. */
static double
bw_nrd0(const double *v, size_t n)
{
	static const double pq[2] = { 0.25, 0.75 };
	double mean, sd, q[2], lo, *c = malloc((n + 1) * sizeof(*c));

	if (c == NULL || n < 2) {
		free(c);
		return NAN;
	}
	memcpy(c, v, n * sizeof(*c));
	bs_mean_sd(c, n, &mean, &sd);
	bs_quantiles(c, n, pq, 2, 7, q);
	free(c);
	lo = fmin(sd, (q[1] - q[0]) / 1.34);
	if (!(lo > 0))
		lo = sd > 0 ? sd : fabs(v[0]) > 0 ? fabs(v[0]) : 1;
	return 0.9 * lo * pow((double)n, -0.2);
}

/* The density of sorted v at NGRID points from its min to its max. */
static void
kde(const double *v, size_t n, double *d, double *dmax)
{
	double bw = bw_nrd0(v, n), lo = v[0], hi = v[n - 1];

	*dmax = 0;
	for (int k = 0; k < NGRID; k++) {
		double y = lo + (hi - lo) * k / (NGRID - 1), sum = 0;

		for (size_t i = 0; i < n; i++) {
			double z = (y - v[i]) / bw;

			if (fabs(z) < 8)
				sum += exp(-z * z / 2);
		}
		d[k] = isfinite(bw) ? sum / ((double)n * bw * sqrt(2 * M_PI)) :
		    1;
		*dmax = fmax(*dmax, d[k]);
	}
}

int
bp_violin(cairo_t *cr, double w, double h, const struct bp_violin_opts *o,
    const char *const *cat, size_t ncat, const struct bp_dist_series *s,
    struct bs_err *err)
{
	struct bp_frame f;
	struct bp_legend leg;
	size_t ns = o->nseries ? o->nseries : 1, nv = ncat * ns;
	double fy = bp_factor(&o->chart.y), ymin = HUGE_VAL, ymax = -HUGE_VAL;
	double **v = NULL, *d = NULL, *dm = NULL, dmax = 0;
	size_t *n = NULL;
	int rc = -1;

	memset(&leg, 0, sizeof(leg));
	if (ncat == 0 || ncat > BP_MAX_SERIES || ns > BP_MAX_SERIES)
		return bp_err(err, "violin: %zu categories, %zu series", ncat,
		    ns);
	v = calloc(nv + 1, sizeof(*v));
	n = calloc(nv + 1, sizeof(*n));
	d = calloc(nv * NGRID + 1, sizeof(*d));
	dm = calloc(nv + 1, sizeof(*dm));
	if (v == NULL || n == NULL || d == NULL || dm == NULL) {
		bp_err(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < nv; i++) {
		if ((v[i] = bp_finite_sorted(s[i].v, s[i].n, fy, &n[i])) ==
		    NULL) {
			bp_err(err, "out of memory");
			goto out;
		}
		if (n[i] == 0)
			continue;
		ymin = fmin(ymin, v[i][0]);
		ymax = fmax(ymax, v[i][n[i] - 1]);
		kde(v[i], n[i], d + i * NGRID, &dm[i]);
		dmax = fmax(dmax, dm[i]);
	}
	if (!(ymax >= ymin)) {
		bp_err(err, "violin: no finite values");
		goto out;
	}
	if (bp_frame_categories(&f, w, h, &o->chart, cat, ncat, ymin, ymax,
	    0.04, err) == -1)
		goto out;
	for (size_t i = 0; ns > 1 && i < ns; i++)
		bp_legend_add(&leg, BP_LEG_BOX, bp_palette(i), i, "%s",
		    o->series[i]);
	bp_legend_add(&leg, BP_LEG_LINE, bp_grey(0.1), BP_MARK_NONE, "%s",
	    bs_tr("median"));
	bp_legend_add(&leg, BP_LEG_MARKER, bp_grey(1), 3, "%s", bs_tr("mean"));
	bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, "%s",
	    bs_tr("width: kernel density, one scale for all"));
	if (bp_frame_open(cr, &f, &leg, &o->chart, err) != 0)
		goto out;
	cairo_save(cr);
	bp_frame_clip(cr, &f);
	for (size_t i = 0; i < nv; i++) {
		size_t ic = i / ns, is = i % ns;
		double slot = (bp_fx(&f, 1) - bp_fx(&f, 0)) * 0.8 / (double)ns;
		double cx = bp_fx(&f, (double)ic) - slot * (double)ns / 2 +
		    slot * ((double)is + 0.5), half = slot * 0.48, med, mean;
		struct bp_rgb c = bp_palette(is);

		if (n[i] == 0)
			continue;
		/* One scale for all: a wider violin holds denser values. */
		for (int k = 0; k < NGRID; k++) {
			double y = v[i][0] + (v[i][n[i] - 1] - v[i][0]) * k /
			    (NGRID - 1);

			cairo_line_to(cr, cx + half * d[i * NGRID + k] / dmax,
			    bp_fy(&f, y));
		}
		for (int k = NGRID - 1; k >= 0; k--) {
			double y = v[i][0] + (v[i][n[i] - 1] - v[i][0]) * k /
			    (NGRID - 1);

			cairo_line_to(cr, cx - half * d[i * NGRID + k] / dmax,
			    bp_fy(&f, y));
		}
		cairo_close_path(cr);
		bp_set_rgba(cr, c, 0.45);
		cairo_fill_preserve(cr);
		bp_set_rgb(cr, c);
		cairo_set_line_width(cr, f.st.thin * 1.5);
		cairo_stroke(cr);
		centres(v[i], n[i], 0, &med, &mean);
		cairo_set_line_width(cr, f.st.line * 1.6);
		bp_set_rgb(cr, bp_grey(0.1));
		cairo_move_to(cr, cx - half * 0.6, bp_fy(&f, med));
		cairo_line_to(cr, cx + half * 0.6, bp_fy(&f, med));
		cairo_stroke(cr);
		bp_marker(cr, 3, cx, bp_fy(&f, mean), f.st.marker * 0.8,
		    bp_grey(1));
	}
	cairo_restore(cr);
	rc = bp_frame_finish(cr, &f, &leg, err);
out:
	for (size_t i = 0; v != NULL && i < nv; i++)
		free(v[i]);
	free(v);
	free(n);
	free(d);
	free(dm);
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kinds: the values of -y per series, binned or as densities */

static int
hist_draw(struct bp_surface *s, struct bp_drawing *dr, struct bs_err *e)
{
	const struct bp_request *q = dr->q;
	const struct bp_inputs *in = dr->in;
	const struct bp_inputs *all = in->facet ? in->facet->whole : NULL;
	struct bp_samples sm, wsm;
	struct bp_dist_series *d = NULL, *wd = NULL;
	struct bp_refs rf;
	struct bp_hist_opts o;
	struct bp_chart *c = &o.chart;
	char *t = NULL, unit[64];
	int rc = -1;

	memset(&wsm, 0, sizeof(wsm));
	if (bp_samples_gather(&in->r, &sm) == -1 || (all != NULL &&
	    bp_samples_gather(&all->r, &wsm) == -1)) {
		bp_samples_free(&sm);
		bp_samples_free(&wsm);
		return bp_err(e, "out of memory");
	}
	if ((d = bp_dist_series_of(&sm, q->y, e)) == NULL || (all != NULL &&
	    (wd = bp_dist_series_of(&wsm, q->y, e)) == NULL))
		goto out;
	bp_hist_opts_init(&o);
	/* Panels: bins of every panel's values, the same in each. */
	o.bins = wd;
	o.nbins = wsm.nser;
	o.density = q->density;
	bp_chart_request(c, q, in, &rf, q->y, NULL);
	rc = bp_axis_title_in(&t, in, q->y, q->xlabel, sm.maxabs,
	    &c->x.factor, e);
	c->x.label = t;
	c->y.label = q->ylabel ? q->ylabel :
	    bs_tr(q->density ? "density" : "count");
	bp_legend_unit(in, q->y, sm.maxabs, c->x.factor, unit, sizeof(unit));
	o.unit = unit;
	if (rc == 0)
		rc = bp_hist(s->cr, s->width, s->height, &o, d, sm.nser, e);
out:
	free(d);
	free(wd);
	free(t);
	bp_samples_free(&sm);
	bp_samples_free(&wsm);
	return rc;
}

const struct bp_kind bp_kind_hist = {
	.name = "hist",
	.synopsis = "-y COL [--series COL] [options] [FILE...] -o OUT",
	.takes = BP_REQ_DENSITY | BP_REQ_VLINE | BP_REQ_HLINE | BP_REQ_FACET,
	.refuses = { { BP_REQ_X, BP_MISUSE_NOX } },
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.draw = hist_draw
};

static int
violin_draw(struct bp_surface *s, struct bp_drawing *dr, struct bs_err *e)
{
	const struct bp_request *q = dr->q;
	const struct bp_inputs *in = dr->in;
	struct bp_samples sm;
	struct bp_dist_series *d = NULL;
	struct bp_refs rf;
	struct bp_violin_opts o;
	struct bp_chart *c = &o.chart;
	char *t = NULL;
	int rc = -1;

	if (bp_samples_gather(&in->r, &sm) == -1) {
		bp_samples_free(&sm);
		return bp_err(e, "out of memory");
	}
	if ((d = bp_dist_series_of(&sm, q->y, e)) == NULL)
		goto out;
	bp_violin_opts_init(&o);
	o.series = (const char *const *)sm.ser;
	o.nseries = sm.nser;
	/* Without -x, one category named after the column. */
	if (in->r.kx < 0) {
		free(sm.cat[0]);
		if ((sm.cat[0] = strdup(q->y)) == NULL) {
			bp_err(e, "out of memory");
			goto out;
		}
	}
	bp_chart_request(c, q, in, &rf, NULL, q->y);
	if (bp_axis_title_in(&t, in, q->y, q->ylabel, sm.maxabs, &c->y.factor,
	    e) == -1)
		goto out;
	c->y.label = t;
	c->x.label = q->xlabel ? q->xlabel : q->x;
	rc = bp_violin(s->cr, s->width, s->height, &o,
	    (const char *const *)sm.cat, sm.ncat, d, e);
out:
	free(d);
	free(t);
	bp_samples_free(&sm);
	return rc;
}

const struct bp_kind bp_kind_violin = {
	.name = "violin",
	.synopsis = "-y COL [--series COL] [options] [FILE...] -o OUT",
	.takes = BP_REQ_HLINE | BP_REQ_FACET,
	.refuses = { { BP_REQ_LOGX, BP_MISUSE_LOGX_KIND } },
	.needs = { BP_REQ_NOY, BP_MISUSE_NEED_Y },
	.draw = violin_draw
};
