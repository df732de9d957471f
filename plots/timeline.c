/*
 * Timeline: a request log over time in windows, as small multiples that
 * share the time axis (never a second y axis): the p50, p90 and p99 of
 * each window on top, the requests per second below, and the error
 * rate when the input says which requests succeeded (a column
 * success).  Each series (run, file) is drawn from its own start, so
 * that two runs overlay: the first solid, the second dashed, the third
 * dotted.  An empty window breaks the percentile lines (no
 * interpolation) and counts 0 requests.  The windows are bstat
 * --every's (bs_windows_at()), their length the shortest of 1, 2, 5,
 * 10, 15, 30 s, ... giving at most 60 of 30 requests on average.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

#define TL_MAXSER	3		/* line styles: solid, dashed, dotted */
#define TL_MARKS_MAX	40		/* windows a line marks each of */

struct tl_series {
	char		*name;
	size_t		 g;		/* its group */
	struct bs_window *w;
	size_t		 nw;
	struct bp_warm	 warm;		/* --steady auto */
	double		*mid, xend;	/* an interval log: each one's middle */
};

struct tl {
	struct tl_series s[TL_MAXSER];
	size_t		 ns;
	double		 every;
	int		 rates;		/* error rates counted */
	int		 steady;	/* --steady auto: warm-up shaded */
	int		 hlog;		/* an interval log's histograms */
	double		 lenmin, lenmax;	/* its intervals' lengths */
	double		 ymax[3];	/* per panel */
};

static const double tl_pct[3] = { 50, 90, 99 };

/* A group's first and last stamp. */
static void
group_span(const struct bs_group *gr, double *lo, double *hi)
{
	*lo = HUGE_VAL;
	*hi = -HUGE_VAL;
	for (size_t i = 0; i < gr->nrows; i++) {
		*lo = fmin(*lo, gr->time[i]);
		*hi = fmax(*hi, gr->time[i]);
	}
}

/*
 * The start of group g's run: its input's first stamp over every
 * series drawn from that input (labels of one log share its clock;
 * runs in files of their own each start at 0).
 */
static double
run_start(const struct tl *tl, const struct bs_table *t, size_t g)
{
	size_t line;
	const char *src = bs_table_group_source(t, g, &line), *o;
	double lo, hi, start;

	group_span(&t->groups[g], &start, &hi);
	for (size_t i = 0; src != NULL && i < tl->ns; i++) {
		o = bs_table_group_source(t, tl->s[i].g, &line);
		if (o == NULL || strcmp(o, src) != 0)
			continue;
		group_span(&t->groups[tl->s[i].g], &lo, &hi);
		start = fmin(start, lo);
	}
	return start;
}

static int tl_hlog(struct tl *, const struct bs_table *, struct bs_err *);

/*
 * The series drawn, a group each.  --facet: a panel's groups that hold
 * rows, each series name once (the common legend's table has every
 * panel's groups of it).
 */
static int
tl_pick(struct tl *tl, const struct bp_inputs *in, struct bs_err *e)
{
	const struct bs_table *t = in->t;
	size_t i;

	if (in->facet == NULL && t->ngroups > TL_MAXSER)
		return bp_err(e, "timeline: %zu series, at most %d (solid, "
		    "dashed, dotted)", t->ngroups, TL_MAXSER);
	for (size_t g = 0; g < t->ngroups; g++) {
		char *name;

		if (in->facet != NULL && t->groups[g].nrows == 0)
			continue;
		if ((name = bp_group_series(&in->r, g)) == NULL)
			return bp_err(e, "out of memory");
		for (i = 0; in->facet != NULL && i < tl->ns &&
		    strcmp(tl->s[i].name, name) != 0; i++)
			;
		if (in->facet != NULL && i < tl->ns) {
			free(name);
			continue;
		}
		if (tl->ns == TL_MAXSER) {
			free(name);
			return bp_err(e, "timeline: more than %d series in a "
			    "panel (solid, dashed, dotted)", TL_MAXSER);
		}
		tl->s[tl->ns].name = name;
		tl->s[tl->ns++].g = g;
	}
	return 0;
}

/* The longest span of a group's stamps, and the fewest rows of one. */
static void
tl_span(const struct bs_table *t, int facet, double *span, size_t *nmin)
{
	double lo, hi;

	*span = 0;
	*nmin = SIZE_MAX;
	for (size_t g = 0; g < t->ngroups; g++) {
		if (facet && t->groups[g].nrows == 0)
			continue;	/* another panel's */
		group_span(&t->groups[g], &lo, &hi);
		*span = fmax(*span, hi - lo);
		*nmin = t->groups[g].nrows < *nmin ? t->groups[g].nrows : *nmin;
	}
}

/*
 * --facet: each of the three panels' y axis up to the highest of every
 * chart's (the first passes find them).
 */
static void
tl_share(struct tl *tl, struct bp_facet *fc)
{
	for (int p = 0; p < 3; p++)
		if (!fc->sub[p].apply)
			fc->sub[p].hi = fmax(fc->sub[p].hi, tl->ymax[p]);
		else if (fc->sub[p].hi >= 0)
			tl->ymax[p] = fc->sub[p].hi;
}

/* The panels' tops: the highest p99, throughput and error rate. */
static void
tl_ymax(struct tl *tl, const struct tl_series *s)
{
	for (size_t k = 0; k < s->nw; k++) {
		const struct bs_summary *m = &s->w[k].s;

		tl->ymax[0] = fmax(tl->ymax[0], isfinite(m->pct[2]) ?
		    m->pct[2] : 0);
		tl->ymax[1] = fmax(tl->ymax[1], isfinite(s->w[k].throughput) ?
		    s->w[k].throughput : 0);
		tl->ymax[2] = fmax(tl->ymax[2], isfinite(m->error_rate) ?
		    m->error_rate * 100 : 0);
	}
}

/* Each series' windows from its own start, one length for all. */
static int
tl_gather(struct tl *tl, const struct bp_inputs *in, double every,
    struct bs_err *e)
{
	const struct bs_table *t = in->t;
	struct bs_summary_opts so;
	double span = 0, lo, hi;
	size_t nmin = SIZE_MAX;
	int unsorted;

	if (tl_pick(tl, in, e) == -1)
		return -1;
	if (tl->hlog)
		return tl_hlog(tl, t, e);
	/* --facet: one window length, for every panel's requests. */
	tl_span(in->facet != NULL ? in->facet->whole->t : t, in->facet != NULL,
	    &span, &nmin);
	tl->every = every > 0 ? every : bp_time_step(span, nmin);
	if (span / tl->every > 1e5)
		return bp_err(e, "timeline: --every %g s makes more than 10^5 "
		    "windows", every);
	bs_summary_opts_default(&so);
	memcpy(so.pct, tl_pct, sizeof(tl_pct));
	so.npct = 3;
	so.skip = in->r.skip;
	/* (--facet: the first group may be another panel's, emptied.) */
	so.rates = tl->rates = tl->ns > 0 && t->groups[tl->s[0].g].okrow !=
	    NULL;
	for (size_t i = 0; i < tl->ns; i++) {
		struct tl_series *s = &tl->s[i];
		double origin;

		group_span(&t->groups[s->g], &lo, &hi);
		origin = run_start(tl, t, s->g);	/* window 0 from it */
		s->nw = (size_t)floor((hi - origin) / tl->every) + 1;
		if ((s->w = calloc(s->nw + 1, sizeof(*s->w))) == NULL)
			return bp_err(e, "out of memory");
		if (bs_windows_at(t, s->g, 0, tl->every, origin, s->nw, &so,
		    s->w, &unsorted, e) == -1)
			return -1;
		tl_ymax(tl, s);
	}
	if (in->facet != NULL)
		tl_share(tl, in->facet);
	return 0;
}

/* The HdrHistogram interval log's columns (bs_fmt hlog's) a timeline reads. */
static const char *const tl_hcols[] = { "p50", "p90", "p99", "count",
    "interval" };

/* Is the input an interval log of histograms (hlog's columns)? */
static int
tl_is_hlog(const struct bp_header *h)
{
	return h != NULL && bp_header_has(h, "interval_max") &&
	    bp_header_has(h, "p99.99") && bp_header_has(h, "interval");
}

/* Value column name of t, or -1. */
static long
tl_vcol(const struct bs_table *t, const char *name)
{
	for (size_t i = 0; i < t->nvcols; i++)
		if (strcmp(bs_table_vname(t, i), name) == 0)
			return (long)i;
	return -1;
}

/*
 * An interval log (.hlog): each row an interval's histogram, its
 * percentiles as HdrHistogram gives them (the reader's p50, p90, p99:
 * the highest value equivalent to the bucket reaching the count) and
 * its requests a second (count / interval); the windows are the
 * intervals, placed from each series' first, the first one's length.
 */
static int
tl_hlog(struct tl *tl, const struct bs_table *t, struct bs_err *e)
{
	long c[5];
	double lo, hi;

	for (size_t k = 0; k < 5; k++)
		if ((c[k] = tl_vcol(t, tl_hcols[k])) < 0)
			return bp_err(e, "timeline: no column '%s' in the "
			    "interval log", tl_hcols[k]);
	tl->lenmin = HUGE_VAL;
	for (size_t si = 0; si < tl->ns; si++) {
		struct tl_series *s = &tl->s[si];
		const struct bs_group *gr = &t->groups[s->g];

		group_span(gr, &lo, &hi);
		s->nw = gr->nrows < gr->s[c[0]].n ? gr->nrows : gr->s[c[0]].n;
		if ((s->w = calloc(s->nw + 1, sizeof(*s->w))) == NULL ||
		    (s->mid = calloc(s->nw + 1, sizeof(*s->mid))) == NULL)
			return bp_err(e, "out of memory");
		for (size_t i = 0; i < s->nw; i++) {
			struct bs_window *w = &s->w[i];
			double n = bs_series_value(&gr->s[c[3]], i);
			double len = bs_series_value(&gr->s[c[4]], i);

			for (size_t k = 0; k < 3; k++)
				w->s.pct[k] = bs_series_value(&gr->s[c[k]], i);
			w->s.median = w->s.pct[0];
			w->s.n = isfinite(n) && n > 0 ? (size_t)n : 0;
			w->start = gr->time[i] - lo;
			w->throughput = len > 0 ? n / len : NAN;
			s->mid[i] = w->start + (len > 0 ? len / 2 : 0);
			s->xend = fmax(s->xend, w->start + (len > 0 ? len : 0));
			tl->lenmin = fmin(tl->lenmin, len);
			tl->lenmax = fmax(tl->lenmax, len);
		}
		tl_ymax(tl, s);
	}
	/* What bp_warm_* take for a window's length: unused here. */
	tl->every = 1;
	return 0;
}

/*
 * --steady auto: each series' windows' medians classified, as bstat
 * --every --steady auto classifies them; the unit of -y says which way
 * is better.
 */
static int
tl_steady(struct tl *tl, const struct bs_table *t, struct bs_err *e)
{
	struct bs_colunit u;
	double *med;

	bs_column_unit_as(bs_table_vname(t, 0), bs_table_unit(t, 0), &u);
	for (size_t i = 0; i < tl->ns; i++) {
		struct tl_series *s = &tl->s[i];

		if ((med = malloc((s->nw + 1) * sizeof(*med))) == NULL)
			return bp_err(e, "out of memory");
		for (size_t k = 0; k < s->nw; k++)
			med[k] = s->w[k].s.n > 0 ? s->w[k].s.median : NAN;
		if (bp_warmup(med, s->nw, u.higher, &s->warm, e) == -1) {
			free(med);
			return -1;
		}
		free(med);
	}
	return 0;
}

/* Panel p's value of window w: a percentile k, throughput, errors %. */
static double
tl_value(const struct bs_window *w, int p, size_t k)
{
	if (p == 0)
		return w->s.pct[k];
	if (p == 1)
		return (double)w->throughput;
	return w->s.error_rate * 100;
}

/*
 * The markers of one line: at every window when there are few (the
 * legend's shapes: p50 a circle, p90 a square, p99 a triangle; a run's
 * rates circles), else only where a window stands alone between empty
 * ones, which a line cannot show.
 */
static void
tl_marks(cairo_t *cr, const struct bp_frame *f, const struct tl *tl,
    const struct tl_series *s, int p, size_t k, double fy, struct bp_rgb c)
{
	int few = s->nw <= TL_MARKS_MAX;

	for (size_t j = 0; j < s->nw; j++) {
		double v = tl_value(&s->w[j], p, k);

		if (!isfinite(v) || (!few && ((j > 0 &&
		    isfinite(tl_value(&s->w[j - 1], p, k))) || (j + 1 < s->nw &&
		    isfinite(tl_value(&s->w[j + 1], p, k))))))
			continue;
		bp_marker(cr, p == 0 ? k : 0, bp_fx(f, s->mid != NULL ?
		    s->mid[j] : ((double)j + 0.5) * tl->every),
		    bp_fy(f, v * fy), f->st.marker * 0.8, c);
	}
}

/* One panel's lines: per series (its dash), per percentile (colour). */
static void
tl_lines(cairo_t *cr, const struct bp_frame *f, const struct tl *tl, int p,
    double fy)
{
	static const double dash[TL_MAXSER][2] = { { 0, 0 }, { 6, 3 },
	    { 1.5, 2.5 } };

	cairo_save(cr);
	bp_frame_clip(cr, f);
	cairo_set_line_width(cr, f->st.line);
	for (size_t i = 0; i < tl->ns; i++) {
		const struct tl_series *s = &tl->s[i];
		double d[2] = { dash[i][0] * f->st.line, dash[i][1] *
		    f->st.line };

		cairo_set_dash(cr, d, i == 0 ? 0 : 2, 0);
		for (size_t k = 0; k < (p == 0 ? 3 : 1); k++) {
			struct bp_rgb rgb = p == 0 ? bp_palette(k) :
			    bp_grey(0.15);
			int pen = 0;

			bp_set_rgb(cr, rgb);
			for (size_t j = 0; j < s->nw; j++) {
				double v = tl_value(&s->w[j], p, k);
				double x = bp_fx(f, s->mid != NULL ?
				    s->mid[j] : ((double)j + 0.5) * tl->every);

				if (!isfinite(v)) {
					pen = 0;
					continue;
				}
				if (pen)
					cairo_line_to(cr, x, bp_fy(f, v * fy));
				else
					cairo_move_to(cr, x, bp_fy(f, v * fy));
				pen = 1;
			}
			cairo_stroke(cr);
			tl_marks(cr, f, tl, s, p, k, fy, rgb);
		}
	}
	cairo_restore(cr);
}

/* Panel p's frame: its axes from the data, the time axis shared. */
static int
tl_frame(struct bp_frame *f, double w, double h, const struct bp_chart *c,
    const struct tl *tl, int p, double xmax, struct bs_err *e)
{
	bp_frame_init(f, w, h, c);
	f->ax.kind = f->ay.kind = BP_SCALE_LINEAR;
	f->ax.padlo = f->ax.padhi = 0;
	f->ay.padlo = 0.02;
	f->ay.padhi = 0.06;
	if (bp_axspec_set(&f->ax, &c->x, 0, xmax, e) == -1 ||
	    bp_axspec_set(&f->ay, &c->y, 0, tl->ymax[p] > 0 ? tl->ymax[p] *
	    bp_factor(&c->y) : 1, e) == -1)
		return -1;
	return 0;
}

/*
 * The panels top to bottom, their plot areas starting alike: each laid
 * out once to find the widest left margin, then drawn with it.
 */
static int
tl_chart(cairo_t *cr, double w, double h, struct bp_chart c[3],
    const struct tl *tl, struct bs_err *e)
{
	double share[3] = { 0.45, 0.22, 0.33 }, y = 0, left = 0, xmax = 0;
	int np = tl->rates ? 3 : 2, rc = -1;
	struct bp_frame f;
	struct bp_legend leg, none;

	memset(&none, 0, sizeof(none));
	if (!tl->rates)
		share[0] = 0.55, share[1] = 0.45;
	/* --steady auto's entries: the last panel holds a taller legend. */
	if (tl->steady && tl->rates)
		share[0] = 0.40, share[1] = 0.20, share[2] = 0.40;
	else if (tl->steady)
		share[0] = 0.50, share[1] = 0.50;
	for (size_t i = 0; i < tl->ns; i++)
		xmax = fmax(xmax, tl->s[i].mid != NULL ? tl->s[i].xend :
		    (double)tl->s[i].nw * tl->every);
	memset(&leg, 0, sizeof(leg));
	for (size_t k = 0; k < 3; k++)
		bp_legend_add(&leg, BP_LEG_LINE, bp_palette(k), k, "p%g",
		    tl_pct[k]);
	for (size_t i = 0; tl->ns > 1 && i < tl->ns; i++)
		bp_legend_add(&leg, i == 0 ? BP_LEG_LINE : i == 1 ?
		    BP_LEG_DASHED : BP_LEG_DOTTED, bp_grey(0.15), 0, "%s",
		    tl->s[i].name ? tl->s[i].name : "?");
	for (size_t i = 0; tl->steady && i < tl->ns; i++)
		bp_warm_legend(&leg, &tl->s[i].warm, tl->ns > 1 ?
		    tl->s[i].name : NULL, tl->every);
	if (tl->hlog)
		(void)(bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0,
		    bs_tr("the log's intervals (%.3g to %.3g s), each run "
		    "from its start"), tl->lenmin, tl->lenmax) == -1 || bp_legend_add(
		    &leg, BP_LEG_TEXT, bp_grey(0), 0, "%s", bs_tr("p50, p90, "
		    "p99: the histograms' bucket values (their precision)")));
	else
		bp_legend_add(&leg, BP_LEG_TEXT, bp_grey(0), 0, bs_tr("windows "
		    "of %g s, each run from its start"), tl->every);
	for (size_t i = 0; tl->steady && i < tl->ns; i++)
		if (tl->s[i].warm.upto > 0) {
			bp_warm_note(&leg, &tl->s[i].warm, 1);
			break;
		}
	/*
	 * The legend below the last panel: where it would leave that panel
	 * less than a quarter of the height (long series names), the panels
	 * above give it room, in proportion.
	 */
	if (!c[np - 1].legend_only) {
		double lh, need, rest = 0;

		if (tl_frame(&f, w, h, &c[np - 1], tl, np - 1, xmax, e) == -1)
			goto done;
		bp_legend_place(cr, &leg, &f);
		lh = leg.n > 0 && !leg.right ? leg.h + f.st.gap : 0;
		need = (lh + h * 0.25) / h - share[np - 1];
		for (int p = 0; p + 1 < np; p++)
			rest += share[p];
		if (need > 0 && rest - need >= 0.15 * (np - 1)) {
			for (int p = 0; p + 1 < np; p++)
				share[p] *= (rest - need) / rest;
			share[np - 1] += need;
		}
	}
	/*
	 * The widest left margin, the last panel laid out above its legend
	 * (a shorter panel may wrap its y label, which widens the margin).
	 */
	for (int p = 0; p < np && !c[np - 1].legend_only; p++) {
		if (tl_frame(&f, w, h * share[p], &c[p], tl, p, xmax, e) == -1)
			goto done;
		if (p + 1 == np)
			bp_legend_place(cr, &leg, &f);
		if (bp_frame_layout(cr, &f, e) == -1)
			goto done;
		left = fmax(left, f.px);
	}
	/* --facet's common legend: the legend alone, the whole cell. */
	if (c[np - 1].legend_only) {
		if (tl_frame(&f, w, h, &c[np - 1], tl, np - 1, xmax, e) == -1 ||
		    bp_frame_open(cr, &f, &leg, &c[np - 1], e) != 0)
			goto done;
		rc = bp_frame_finish(cr, &f, &leg, e);
		goto done;
	}
	for (int p = 0; p < np; p++) {
		cairo_save(cr);
		cairo_translate(cr, 0, y);
		if (tl_frame(&f, w, h * share[p], &c[p], tl, p, xmax, e) == -1)
			goto out;
		f.left = left;
		/* The legend under the last panel: every panel as wide. */
		if (bp_frame_open(cr, &f, p + 1 == np ? &leg : &none, &c[p],
		    e) != 0)
			goto out;
		for (size_t i = 0; tl->steady && i < tl->ns; i++)
			bp_warm_shade(cr, &f, &tl->s[i].warm, tl->every);
		tl_lines(cr, &f, tl, p, bp_factor(&c[p].y));
		if (bp_frame_finish(cr, &f, p + 1 == np ? &leg : &none, e) ==
		    -1)
			goto out;
		cairo_restore(cr);
		y += h * share[p];
	}
	rc = 0;
out:
	if (rc == -1)
		cairo_restore(cr);
done:
	bp_legend_free(&leg);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The kind: -x the time stamps, -y the latencies */

static void
tl_columns(struct bp_cols *c, const struct bp_request *q,
    const struct bp_plan *p, const struct bp_header *h)
{
	(void)p;
	/* An interval log: its percentiles, counts and lengths. */
	if (tl_is_hlog(h))
		for (size_t k = 0; k < 5; k++)
			bp_cols_add(c, tl_hcols[k]);
	else
		bp_cols_add(c, q->y);
}

static int
tl_draw(struct bp_surface *s, struct bp_drawing *d, struct bs_err *e)
{
	const struct bp_request *q = d->q;
	struct bp_chart c[3];
	struct bp_style st;
	struct bp_refs rf;
	struct tl tl;
	char *yt = NULL;
	int rc = -1;

	memset(&tl, 0, sizeof(tl));
	tl.steady = q->steady_auto;
	tl.hlog = tl_vcol(d->in->t, "interval") >= 0 && tl_vcol(d->in->t,
	    "p99") >= 0 && tl_vcol(d->in->t, "count") >= 0 &&
	    d->in->t->format != NULL && strcmp(bs_format_name(
	    d->in->t->format), "hlog") == 0;
	if (tl.hlog && (tl.steady || q->every > 0)) {
		bp_err(e, "timeline: an interval log's windows are its "
		    "intervals: no --every or --steady auto");
		goto out;
	}
	if (tl_gather(&tl, d->in, q->every, e) == -1 || (tl.steady &&
	    tl_steady(&tl, d->in->t, e) == -1))
		goto out;
	bp_style_init(&st, s->width, s->height, 0);
	for (int p = 0; p < 3; p++) {
		bp_chart_init(&c[p]);
		bp_chart_request(&c[p], q, d->in, &rf, NULL, NULL);
		/* --facet: each panel's y by tl_share(), the panels' font. */
		c[p].y.share = NULL;
		if (d->in->facet == NULL)
			c[p].font_size = st.tick;
		c[p].legend = p == (tl.rates ? 2 : 1) && c[p].legend !=
		    BP_LEGEND_NONE ? BP_LEGEND_BELOW : BP_LEGEND_NONE;
		if (p > 0)
			c[p].title = NULL;
		c[p].x.label = p == (tl.rates ? 2 : 1) ? (q->xlabel ?
		    q->xlabel : bs_tr("time (s from each run's start)")) : NULL;
	}
	if (tl.hlog)
		/* The log never says the recorder's unit. */
		c[0].y.label = q->ylabel ? q->ylabel :
		    bs_tr("latency (the recorder's unit)");
	else if (bp_axis_title_in(&yt, d->in, q->y, q->ylabel, tl.ymax[0],
	    &c[0].y.factor, e) == -1)
		goto out;
	else
		c[0].y.label = yt;
	c[1].y.label = bs_tr("req/s");
	c[2].y.label = bs_tr("errors (%)");
	rc = tl_chart(s->cr, s->width, s->height, c, &tl, e);
out:
	for (size_t i = 0; i < tl.ns; i++) {
		free(tl.s[i].w);
		free(tl.s[i].mid);
		free(tl.s[i].name);
	}
	free(yt);
	return rc;
}

const struct bp_kind bp_kind_timeline = {
	.name = "timeline",
	.synopsis = "[-x TIME] -y LATENCY [--series COL] [options] [FILE...] "
	    "-o OUT",
	/* x is the time stamps the table keeps, no key. */
	.flags = BP_KF_LABELKEY | BP_KF_TIME | BP_KF_LEGEND_STRIP |
	    BP_KF_TALL_PANELS | BP_KF_XTIME,
	.takes = BP_REQ_EVERY | BP_REQ_STEADY_AUTO | BP_REQ_FACET,
	.refuses = { { BP_REQ_LOGX, BP_MISUSE_LOGX_KIND },
	    { BP_REQ_LOGY, BP_MISUSE_TIMELINE_LOGY } },
	.needs = { BP_REQ_NOX | BP_REQ_NOY, BP_MISUSE_TIMELINE_XY },
	.columns = tl_columns,
	.draw = tl_draw
};
