/*
 * Scalability chart: y (throughput) against concurrency, one line and
 * marker style per series, CI error bars, optional fitted USL/Amdahl
 * model with its confidence band, the linear-scaling bound, the Amdahl
 * ceiling and the peak.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

#define NCURVE	240

void
bp_scal_opts_init(struct bp_scal_opts *o)
{
	memset(o, 0, sizeof(*o));
	bp_chart_init(&o->chart);
	o->ci_level = 95;
	o->ci_of = "of the mean";
	o->band = o->linear = o->ceiling = o->peak = o->zero = 1;
}

struct pt {
	double	 x, y, lo, hi;
};

static int
pt_cmp(const void *a, const void *b)
{
	const struct pt *p = a, *q = b;

	return (p->x > q->x) - (p->x < q->x);
}

/* Points of series s with finite x and y, scaled, sorted by x. */
static struct pt *
series_points(const struct bp_scal_series *s, double fx, double fy,
    size_t *np)
{
	struct pt *p = calloc(s->n ? s->n : 1, sizeof(*p));
	size_t k = 0;

	if (p == NULL)
		return NULL;
	for (size_t i = 0; i < s->n; i++) {
		if (!isfinite(s->x[i]) || !isfinite(s->y[i]))
			continue;
		p[k].x = s->x[i] * fx;
		p[k].y = s->y[i] * fy;
		p[k].lo = s->lo && isfinite(s->lo[i]) ? s->lo[i] * fy : NAN;
		p[k].hi = s->hi && isfinite(s->hi[i]) ? s->hi[i] * fy : NAN;
		k++;
	}
	qsort(p, k, sizeof(*p), pt_cmp);
	*np = k;
	return p;
}

/* 1 when two series have a point at the same x. */
static int
shared_x(struct pt *const *pts, const size_t *np, size_t ns)
{
	for (size_t i = 0; i < ns; i++)
		for (size_t k = i + 1; k < ns; k++)
			for (size_t a = 0, b = 0; a < np[i] && b < np[k];) {
				if (pts[i][a].x == pts[k][b].x)
					return 1;
				if (pts[i][a].x < pts[k][b].x)
					a++;
				else
					b++;
			}
	return 0;
}

/* x positions at which to sample a curve across the axis. */
static double
curve_x(const struct bp_frame *f, size_t i)
{
	double lo = f->xt.lo, hi = f->xt.hi, t = (double)i / (NCURVE - 1);

	if (f->xt.kind == BP_SCALE_LOG10 || f->xt.kind == BP_SCALE_LOG2)
		return lo * pow(hi / lo, t);
	if (lo < 0)
		lo = 0;
	return lo + (hi - lo) * t;
}

/* The fitted X(N) between axis values x0 and x1 as a path. */
static void
curve_path(cairo_t *cr, const struct bp_frame *f, const struct bs_usl *u,
    double fx, double fy, double x0, double x1)
{
	int lg = f->xt.kind == BP_SCALE_LOG10 || f->xt.kind == BP_SCALE_LOG2;

	cairo_new_path(cr);
	for (size_t i = 0; i < NCURVE; i++) {
		double t = (double)i / (NCURVE - 1);
		double x = lg && x0 > 0 ? x0 * pow(x1 / x0, t) :
		    x0 + (x1 - x0) * t;
		double y = bs_usl_eval(u, x / fx) * fy;

		if (i == 0)
			cairo_move_to(cr, bp_fx(f, x), bp_fy(f, y));
		else
			cairo_line_to(cr, bp_fx(f, x), bp_fy(f, y));
	}
}

static void
draw_fit(cairo_t *cr, const struct bp_frame *f, const struct bp_scal_opts *o,
    const struct bs_usl *u, double fx, double fy, struct bp_rgb c)
{
	const struct bp_style *st = &f->st;
	double dots[] = { st->line * 0.4, st->line * 2.6 };
	double x, y, lo, hi;

	cairo_save(cr);
	bp_frame_clip(cr, f);
	if (o->band) {
		for (size_t i = 0; i < NCURVE; i++) {
			x = curve_x(f, i);
			bs_usl_band(u, x / fx, &y, &lo, &hi);
			if (i == 0)
				cairo_move_to(cr, bp_fx(f, x), bp_fy(f, hi * fy));
			else
				cairo_line_to(cr, bp_fx(f, x), bp_fy(f, hi * fy));
		}
		for (size_t i = NCURVE; i-- > 0;) {
			x = curve_x(f, i);
			bs_usl_band(u, x / fx, &y, &lo, &hi);
			cairo_line_to(cr, bp_fx(f, x), bp_fy(f, lo * fy));
		}
		cairo_close_path(cr);
		bp_set_rgba(cr, c, 0.18);
		cairo_fill(cr);
	}

	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_width(cr, st->line);
	cairo_set_dash(cr, dots, 2, 0);
	bp_set_rgba(cr, c, 0.85);
	if (o->linear) {
		/* lambda N, sampled: a straight line only on linear axes. */
		for (size_t i = 0; i < NCURVE; i++) {
			x = curve_x(f, i);
			y = u->lambda * (x / fx) * fy;
			if (i == 0)
				cairo_move_to(cr, bp_fx(f, x), bp_fy(f, y));
			else
				cairo_line_to(cr, bp_fx(f, x), bp_fy(f, y));
		}
		cairo_stroke(cr);
	}
	if (o->ceiling && isfinite(u->ceiling)) {
		y = bp_fy(f, u->ceiling * fy);
		cairo_move_to(cr, f->px, y);
		cairo_line_to(cr, f->px + f->pw, y);
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);

	/*
	 * The fitted curve itself: solid over the measured range of N,
	 * dashed where it extrapolates.
	 */
	{
		double a = f->xt.kind == BP_SCALE_LINEAR ? fmax(f->xt.lo, 0) :
		    f->xt.lo;
		double b = f->xt.hi;
		double m0 = fmax(a, u->nmin * fx), m1 = fmin(b, u->nmax * fx);
		double dash[] = { st->line * 3, st->line * 2 };

		cairo_set_line_width(cr, st->line * 1.3);
		bp_set_rgb(cr, c);
		if (m1 > m0) {
			curve_path(cr, f, u, fx, fy, m0, m1);
			cairo_stroke(cr);
		}
		cairo_set_dash(cr, dash, 2, 0);
		if (m0 > a) {
			curve_path(cr, f, u, fx, fy, a, m0);
			cairo_stroke(cr);
		}
		if (b > m1) {
			curve_path(cr, f, u, fx, fy, m1, b);
			cairo_stroke(cr);
		}
		cairo_set_dash(cr, NULL, 0, 0);
	}
	cairo_restore(cr);
}

/* What the passes of a scalability chart share. */
struct scal {
	const struct bp_scal_opts *o;
	const struct bp_scal_series *s;
	size_t		 ns;
	struct pt	**pts;		/* per series, scaled, by x */
	size_t		*np, nall;
	double		 fx, fy;
	double		 xmin, xmax, ymin, ymax;
	double		*dodge;		/* sideways shift per series */
	int		 anyci;
	int		 table;		/* the fit table is drawn */
	double		 tw, th;	/* its size */
	struct bp_frame	 f;
	struct bp_legend leg;
};

/* Series i's colour and marker: its own across panels, else its place. */
static size_t
scal_col(const struct scal *sc, size_t i)
{
	return sc->s[i].color > 0 ? sc->s[i].color - 1 : i;
}

static int
scal_anyfit(const struct scal *sc)
{
	for (size_t i = 0; i < sc->ns; i++)
		if (sc->s[i].fit != NULL)
			return 1;
	return 0;
}

/* Data pass: the finite points of every series and their ranges. */
static int
scal_points(struct scal *sc, struct bs_err *err)
{
	sc->xmin = sc->ymin = HUGE_VAL;
	sc->xmax = sc->ymax = -HUGE_VAL;
	if ((sc->pts = calloc(sc->ns, sizeof(*sc->pts))) == NULL ||
	    (sc->np = calloc(sc->ns, sizeof(*sc->np))) == NULL)
		return bp_err(err, "out of memory");
	for (size_t i = 0; i < sc->ns; i++) {
		if ((sc->pts[i] = series_points(&sc->s[i], sc->fx, sc->fy,
		    &sc->np[i])) == NULL)
			return bp_err(err, "out of memory");
		sc->nall += sc->np[i];
		for (size_t j = 0; j < sc->np[i]; j++) {
			struct pt *p = &sc->pts[i][j];

			sc->xmin = fmin(sc->xmin, p->x);
			sc->xmax = fmax(sc->xmax, p->x);
			sc->ymin = fmin(sc->ymin, p->y);
			sc->ymax = fmax(sc->ymax, p->y);
			if (isfinite(p->lo) || isfinite(p->hi))
				sc->anyci = 1;
			if (isfinite(p->lo))
				sc->ymin = fmin(sc->ymin, p->lo);
			if (isfinite(p->hi))
				sc->ymax = fmax(sc->ymax, p->hi);
		}
	}
	if (sc->nall == 0)
		return bp_err(err, "scalability chart: no finite points");
	/* The peak and a near ceiling belong in the picture. */
	for (size_t i = 0; i < sc->ns; i++) {
		const struct bs_usl *u = sc->s[i].fit;

		if (u == NULL)
			continue;
		if (sc->o->peak && !u->peak_outside && isfinite(u->peak_y))
			sc->ymax = fmax(sc->ymax, u->peak_y * sc->fy);
		if (sc->o->ceiling && isfinite(u->ceiling) &&
		    u->ceiling * sc->fy < sc->ymax * 1.5)
			sc->ymax = fmax(sc->ymax, u->ceiling * sc->fy);
	}
	return 0;
}

void
bp_dodge(const double *xs, size_t nx, double lo, double hi, size_t ns,
    double marker, double *off)
{
	double gap = HUGE_VAL, room, step;

	for (size_t i = 0; i < ns; i++)
		off[i] = 0;
	if (ns < 2 || nx == 0)
		return;
	for (size_t i = 1; i < nx; i++)
		gap = fmin(gap, xs[i] - xs[i - 1]);
	/*
	 * The spread is a fraction of the smallest gap between positions,
	 * so that neighbouring groups stay apart, and the outermost points
	 * keep a marker's width inside the plot.
	 */
	room = fmin(gap * 0.6, 2 * (fmin(xs[0] - lo, hi - xs[nx - 1]) -
	    marker));
	step = fmin(marker * 2.4, fmax(room, 0) / (double)(ns - 1));
	for (size_t i = 0; i < ns; i++)
		off[i] = ((double)i - (double)(ns - 1) / 2) * step;
}

static int
dbl_cmp(const void *a, const void *b)
{
	double p = *(const double *)a, q = *(const double *)b;

	return (p > q) - (p < q);
}

/* Does the chart dodge: error bars of several series at one x. */
static int
scal_dodges(const struct scal *sc)
{
	size_t k;

	for (k = 0; k < sc->ns && sc->s[k].fit == NULL; k++)
		;
	return sc->ns > 1 && k == sc->ns && sc->anyci &&
	    shared_x(sc->pts, sc->np, sc->ns);
}

/*
 * Room beside the outermost x: 3% of the range, or where series are
 * dodged a third of the smallest gap between x values, so that the
 * dodged points stay inside the plot.  x is sorted here.
 */
static double
scal_xpad(const struct scal *sc, double *x, int lg)
{
	double gap = HUGE_VAL, range;

	if (!scal_dodges(sc) || sc->nall < 2)
		return 0.03;
	qsort(x, sc->nall, sizeof(*x), dbl_cmp);
	for (size_t i = 1; i < sc->nall; i++) {
		double d = lg ? log(x[i] / x[i - 1]) : x[i] - x[i - 1];

		if (d > 0)
			gap = fmin(gap, d);
	}
	range = lg ? log(x[sc->nall - 1] / x[0]) : x[sc->nall - 1] - x[0];
	if (!(range > 0) || !isfinite(gap))
		return 0.03;
	return fmax(0.03, fmin(0.25, gap / range / 3));
}

/* Scale pass: the axes, x in powers of two when the data are. */
static int
scal_scale(struct scal *sc, double w, double h, const struct bp_chart *c,
    struct bs_err *err)
{
	double *allx;
	size_t k = 0;

	if ((allx = malloc(sc->nall * sizeof(*allx))) == NULL)
		return bp_err(err, "out of memory");
	for (size_t i = 0; i < sc->ns; i++)
		for (size_t j = 0; j < sc->np[i]; j++)
			allx[k++] = sc->pts[i][j].x / sc->fx;
	bp_frame_init(&sc->f, w, h, c);
	sc->f.ax.kind = bp_axis_kind(&c->x, allx, sc->nall);
	sc->f.ax.base2 = c->x.base2 == 1 || (c->x.base2 == BP_AUTO &&
	    bp_all_pow2(allx, sc->nall));
	sc->f.ax.integer = 1;
	for (size_t i = 0; i < sc->nall; i++)
		if (allx[i] != floor(allx[i]))
			sc->f.ax.integer = 0;
	sc->f.ax.padlo = sc->f.ax.padhi = scal_xpad(sc, allx,
	    sc->f.ax.kind != BP_SCALE_LINEAR);
	free(allx);
	sc->f.ay.kind = c->y.log ? BP_SCALE_LOG10 : BP_SCALE_LINEAR;
	if (!c->y.log && sc->o->zero && sc->ymin > 0)
		sc->ymin = 0;
	sc->f.ay.padlo = sc->ymin == 0 ? 0 : 0.03;
	sc->f.ay.padhi = 0.03;
	if (bp_axspec_set(&sc->f.ax, &c->x, sc->xmin, sc->xmax, err) == -1 ||
	    bp_axspec_set(&sc->f.ay, &c->y, sc->ymin, sc->ymax, err) == -1)
		return -1;
	return 0;
}

/*
 * Legend pass, before the plot area is sized: one entry per series (none
 * for a single series without a fit: the axis title names it), then
 * what the fit's marks mean, once for all series, in grey; the fitted
 * parameters go to the fit table.  detail 1 leaves the notes out.
 */
/*
 * What a reader must not miss of each fit, kept when the legend sheds
 * detail: a poor fit (R² under 0.95, or lambda far from what N = 1
 * measured), and a peak beyond every measured point, extrapolated (the
 * table says so when it is drawn).
 */
static void
scal_fit_notes(struct scal *sc, int detail)
{
	int table = sc->o->fit_table && detail < 3;

	for (size_t i = 0; i < sc->ns; i++) {
		const struct bs_usl *u = sc->s[i].fit;
		const char *name = sc->s[i].name ? sc->s[i].name : "";
		const char *sep = *name ? ": " : "";
		char a[32], who[160];

		if (u == NULL)
			continue;
		/* In the legend of panels, the panel says whose fit. */
		if (sc->s[i].panel != NULL) {
			snprintf(who, sizeof(who), "%s%s%s", sc->s[i].panel,
			    *name ? " / " : "", name);
			bp_utf8_trim(who);
			name = who;
			sep = ": ";
		}
		if (u->poor & BS_USL_POOR_R2)
			bp_legend_add(&sc->leg, BP_LEG_TEXT, bp_grey(0), 0,
			    bs_tr("%s%spoor fit (R\xc2\xb2 %.3f)"), name, sep,
			    u->r2);
		else if (u->poor & BS_USL_POOR_LAMBDA)
			bp_legend_add(&sc->leg, BP_LEG_TEXT, bp_grey(0), 0,
			    bs_tr("%s%spoor fit (\xce\xbb %.0f%% off "
			    "N\xc2\xa0=\xc2\xa0" "1)"), name, sep, 100 *
			    fabs(u->lambda - u->x1) / fabs(u->x1));
		if (!table && u->model == BS_USL_USL && isfinite(u->peak_n) &&
		    u->peak_outside) {
			bp_fmt_num(a, sizeof(a), u->peak_n * sc->fx);
			bp_legend_add(&sc->leg, BP_LEG_TEXT, bp_grey(0), 0,
			    bs_tr("%s%speak N* %s beyond the data "
			    "(extrapolated)"),
			    name, sep, a);
		}
	}
}

static void
scal_legend(struct scal *sc, int detail)
{
	const struct bp_scal_opts *o = sc->o;
	const struct bs_usl *u0 = NULL;
	struct bp_legend *leg = &sc->leg;
	struct bp_rgb g = bp_grey(0.45);
	int ceil = 0, peak = 0;
	char def[32];

	for (size_t i = 0; i < sc->ns; i++) {
		const struct bs_usl *u = sc->s[i].fit;

		if (u == NULL)
			continue;
		u0 = u0 ? u0 : u;
		ceil |= o->ceiling && isfinite(u->ceiling);
		peak |= o->peak && u->model == BS_USL_USL &&
		    isfinite(u->peak_n) && !u->peak_outside;
	}
	for (size_t i = 0; i < sc->ns && (o->legend_only ? o->single_entry :
	    sc->ns > 1 || o->single_entry); i++) {
		const char *name = sc->s[i].name;
		size_t j;

		/* Panels: a series' first line speaks for it in all. */
		for (j = 0; j < i && scal_col(sc, j) != scal_col(sc, i); j++)
			;
		if (j < i)
			continue;
		if (name == NULL) {
			snprintf(def, sizeof(def), bs_tr("series %zu"), i + 1);
			name = def;
		}
		bp_legend_add(leg, BP_LEG_LINE, bp_palette(scal_col(sc, i)), scal_col(sc, i),
		    "%s", name);
	}
	if (u0 != NULL) {
		const char *m = u0->model == BS_USL_AMDAHL ? "Amdahl" : "USL";

		if (o->band)
			bp_legend_add(leg, BP_LEG_BAND, g, 0,
			    bs_tr("%s fit, %g%% band"), m, u0->confidence);
		else
			bp_legend_add(leg, BP_LEG_LINE, g, BP_MARK_NONE,
			    bs_tr("%s fit"), m);
		if (o->linear)
			bp_legend_add(leg, BP_LEG_DOTTED, g, 0,
			    "%s", bs_tr("linear scaling \xce\xbb" "N"));
		if (ceil)
			bp_legend_add(leg, BP_LEG_DOTTED, g, 0, "%s",
			    bs_tr("ceiling \xce\xbb/\xce\xb1"));
		if (peak)
			bp_legend_add(leg, BP_LEG_MARKER, g, BP_MARK_STAR |
			    BP_MARK_OPEN, "%s", bs_tr("peak N* of the fit"));
	}
	bp_legend_callouts(leg, &o->chart);
	/* The legend of panels sheds the notes first (detail 1). */
	if (!o->legend_only || detail == 0)
		scal_fit_notes(sc, detail);
	if (detail >= 1 && !o->legend_only)
		return;
	if (sc->anyci && o->ci_level > 0)
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0,
		    bs_tr("error bars: %g%% CI %s"), o->ci_level,
		    o->ci_of ? bs_tr(o->ci_of) : "");
	else if (sc->anyci)
		bp_legend_add(leg, BP_LEG_TEXT, bp_grey(0), 0, "%s",
		    bs_tr("error bars: the input's intervals (level not "
		    "stated)"));
}

/* ------------------------------------------------------------------ */
/* The fit table: one row per fitted series, its parameters. */

#define FT_COLS	6

/* Cell c of row i (i = ns: the header) of the fit table. */
static void
ft_cell(const struct scal *sc, size_t i, int c, char *buf, size_t len)
{
	static const char *const head[FT_COLS] = { "", "\xce\xb1",
	    "\xce\xb2", "\xce\xbb", "N*", "R\xc2\xb2" };
	const struct bs_usl *u;

	if (i == sc->ns) {
		const char *yl = sc->o->chart.y.label, *br;
		size_t yn = yl ? strlen(yl) : 0;

		/* λ in the axis's scale, named as the axis names it. */
		if (c == 3 && yn > 0 && yl[yn - 1] == ')' &&
		    (br = strrchr(yl, '(')) != NULL)
			snprintf(buf, len, "%s %s", head[c], br);
		else
			snprintf(buf, len, "%s", head[c]);
		return;
	}
	u = sc->s[i].fit;
	*buf = '\0';
	switch (c) {
	case 0:
		snprintf(buf, len, "%s", sc->s[i].name ? sc->s[i].name : "");
		bp_utf8_trim(buf);
		break;
	case 1:
		bp_fmt_num(buf, len, u->alpha);
		break;
	case 2:
		if (u->model == BS_USL_USL)
			bp_fmt_num(buf, len, u->beta);
		break;
	case 3:
		bp_fmt_num(buf, len, u->lambda * sc->fy / sc->fx);
		break;
	case 4:
		if (u->model == BS_USL_USL && isfinite(u->peak_n)) {
			bp_fmt_num(buf, len, u->peak_n * sc->fx);
			if (u->peak_outside)
				strncat(buf, bs_tr(" (extrap.)"), len -
				    strlen(buf) - 1);
		}
		break;
	default:
		snprintf(buf, len, "%.3f", u->r2);
		break;
	}
}

/* Measure the table: column widths into cw, its size into *w, *h. */
static void
ft_measure(cairo_t *cr, const struct scal *sc, double *cw, double *w,
    double *h)
{
	const struct bp_style *st = &sc->f.st;
	double tw, th, rowh = st->small * 1.35;
	size_t rows = 1;
	char buf[96];

	*w = *h = 0;
	for (int c = 0; c < FT_COLS; c++)
		cw[c] = 0;
	for (size_t i = 0; i <= sc->ns; i++) {
		if (i < sc->ns && sc->s[i].fit == NULL)
			continue;
		rows += i < sc->ns;
		for (int c = 0; c < FT_COLS; c++) {
			ft_cell(sc, i, c, buf, sizeof(buf));
			/* The header is drawn bold: measured so. */
			bp_measure(cr, buf, st->small, 0, i == sc->ns,
			    c == 0 ? -sc->f.w * 0.3 : 0, &tw, &th);
			cw[c] = fmax(cw[c], tw);
		}
	}
	cw[0] += st->small * 1.6;	/* the colour swatch */
	for (int c = 0; c < FT_COLS; c++)
		*w += cw[c] + (c ? st->gap * 2 : 0);
	*h = (double)rows * rowh;
}

static void
ft_draw(cairo_t *cr, const struct scal *sc, double x, double y)
{
	const struct bp_style *st = &sc->f.st;
	double cw[FT_COLS], w, h, rowh = st->small * 1.35;
	char buf[96];

	ft_measure(cr, sc, cw, &w, &h);
	for (size_t k = 0; k <= sc->ns; k++) {
		/* The header first, then the series in order. */
		size_t i = k == 0 ? sc->ns : k - 1;
		double cx = x;

		if (i < sc->ns && sc->s[i].fit == NULL)
			continue;
		if (i < sc->ns) {
			cairo_save(cr);
			bp_set_rgb(cr, bp_palette(scal_col(sc, i)));
			cairo_rectangle(cr, x, y + rowh * 0.2, st->small,
			    st->small);
			cairo_fill(cr);
			cairo_restore(cr);
		}
		for (int c = 0; c < FT_COLS; c++) {
			ft_cell(sc, i, c, buf, sizeof(buf));
			if (c == 0)
				bp_text(cr, buf, st->small, 0, 0,
				    -sc->f.w * 0.3, cx + st->small * 1.6, y,
				    BP_HLEFT, BP_VTOP, 0, bp_grey(0.15));
			else
				bp_text(cr, buf, st->small, 0, i == sc->ns, 0,
				    cx + cw[c], y, BP_HRIGHT, BP_VTOP, 0,
				    bp_grey(0.15));
			cx += cw[c] + st->gap * 2;
		}
		if (k == 0) {
			cairo_save(cr);
			cairo_set_line_width(cr, st->thin);
			bp_set_rgb(cr, bp_grey(0.6));
			cairo_move_to(cr, x, y + rowh - st->thin);
			cairo_line_to(cr, x + w, y + rowh - st->thin);
			cairo_stroke(cr);
			cairo_restore(cr);
		}
		y += rowh;
	}
}

/*
 * Series measured at the same x would hide each other's error bars:
 * shift each series sideways (a dodge, as ggplot2's position_dodge).
 * Not with fitted models, whose curves the points must stay on.
 */
static int
scal_dodge(struct scal *sc, struct bs_err *err)
{
	size_t nx = 0;
	double *xs;

	if ((sc->dodge = calloc(sc->ns, sizeof(*sc->dodge))) == NULL ||
	    (xs = calloc(sc->nall + 1, sizeof(*xs))) == NULL)
		return bp_err(err, "out of memory");
	if (scal_dodges(sc)) {
		for (size_t i = 0; i < sc->ns; i++)
			for (size_t j = 0; j < sc->np[i]; j++)
				xs[nx++] = bp_fx(&sc->f, sc->pts[i][j].x);
		qsort(xs, nx, sizeof(*xs), dbl_cmp);
		{
			size_t u = 0;

			for (size_t j = 0; j < nx; j++)
				if (u == 0 || xs[j] - xs[u - 1] > 0.5)
					xs[u++] = xs[j];
			nx = u;
		}
		bp_dodge(xs, nx, sc->f.px, sc->f.px + sc->f.pw, sc->ns,
		    sc->f.st.marker, sc->dodge);
	}
	free(xs);
	return 0;
}

/* Series i's points joined (clipped), where no model is drawn. */
static void
scal_line(cairo_t *cr, const struct scal *sc, size_t i)
{
	const struct bp_frame *f = &sc->f;

	cairo_save(cr);
	bp_frame_clip(cr, f);
	cairo_set_line_width(cr, f->st.line);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	bp_set_rgb(cr, bp_palette(scal_col(sc, i)));
	for (size_t j = 0; j < sc->np[i]; j++) {
		double x = bp_fx(f, sc->pts[i][j].x) + sc->dodge[i];
		double y = bp_fy(f, sc->pts[i][j].y);

		if (j == 0)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Series i's error bars with caps. */
static void
scal_errorbars(cairo_t *cr, const struct scal *sc, size_t i)
{
	const struct bp_frame *f = &sc->f;
	double cap = f->st.marker * 1.1;

	cairo_set_line_width(cr, f->st.thin * 1.6);
	bp_set_rgb(cr, bp_palette(scal_col(sc, i)));
	for (size_t j = 0; j < sc->np[i]; j++) {
		struct pt *p = &sc->pts[i][j];
		double x = bp_fx(f, p->x) + sc->dodge[i];
		double lo = isfinite(p->lo) ? p->lo : p->y;
		double hi = isfinite(p->hi) ? p->hi : p->y;

		if (lo == hi)
			continue;
		cairo_move_to(cr, x, bp_fy(f, lo));
		cairo_line_to(cr, x, bp_fy(f, hi));
		cairo_move_to(cr, x - cap, bp_fy(f, lo));
		cairo_line_to(cr, x + cap, bp_fy(f, lo));
		cairo_move_to(cr, x - cap, bp_fy(f, hi));
		cairo_line_to(cr, x + cap, bp_fy(f, hi));
	}
	cairo_stroke(cr);
}

/* The USL peak: a star on the curve when inside the axis range. */
static void
scal_peak(cairo_t *cr, const struct scal *sc, size_t i)
{
	const struct bs_usl *u = sc->s[i].fit;
	const struct bp_frame *f = &sc->f;
	double x;

	if (u == NULL || !sc->o->peak || u->model != BS_USL_USL ||
	    !isfinite(u->peak_n) || u->peak_outside)
		return;
	x = u->peak_n * sc->fx;
	if (x < f->xt.lo || x > f->xt.hi)
		return;
	cairo_save(cr);
	cairo_set_line_width(cr, f->st.thin);
	bp_set_rgba(cr, bp_palette(scal_col(sc, i)), 0.6);
	cairo_move_to(cr, bp_fx(f, x), bp_fy(f, u->peak_y * sc->fy));
	cairo_line_to(cr, bp_fx(f, x), f->py + f->ph);
	cairo_stroke(cr);
	cairo_restore(cr);
	/*
	 * An open star, larger than a marker and drawn under the points,
	 * so that a point measured at the peak stays in sight inside it.
	 */
	bp_marker(cr, BP_MARK_STAR | BP_MARK_OPEN, bp_fx(f, x),
	    bp_fy(f, u->peak_y * sc->fy), f->st.marker * 2.2, bp_palette(scal_col(sc, i)));
}

/* Marks pass: fits, lines, error bars, then markers and peaks on top. */
static void
scal_marks(cairo_t *cr, const struct scal *sc)
{
	const struct bp_frame *f = &sc->f;

	for (size_t i = 0; i < sc->ns; i++)
		if (sc->s[i].fit != NULL)
			draw_fit(cr, f, sc->o, sc->s[i].fit, sc->fx, sc->fy,
			    bp_palette(scal_col(sc, i)));
	cairo_save(cr);
	for (size_t i = 0; i < sc->ns; i++)
		if (sc->s[i].fit == NULL && sc->np[i] >= 2)
			scal_line(cr, sc, i);
	for (size_t i = 0; i < sc->ns; i++)
		scal_errorbars(cr, sc, i);
	for (size_t i = 0; i < sc->ns; i++)
		scal_peak(cr, sc, i);
	for (size_t i = 0; i < sc->ns; i++)
		for (size_t j = 0; j < sc->np[i]; j++)
			bp_marker(cr, scal_col(sc, i), bp_fx(f, sc->pts[i][j].x) +
			    sc->dodge[i], bp_fy(f, sc->pts[i][j].y),
			    f->st.marker, bp_palette(scal_col(sc, i)));
	cairo_restore(cr);
}

/*
 * The legend of small multiples, alone in its cell of w x h: what every
 * panel's colours and marks mean, in the style of the whole image (the
 * caller's font size), without the notes of single fits (the fit
 * report and the warnings say those).
 */
static int
scal_legend_alone(cairo_t *cr, struct scal *sc, double w, double h,
    struct bs_err *err)
{
	struct bp_legend *leg = &sc->leg;

	bp_frame_init(&sc->f, w, h, &sc->o->chart);
	/* The notes of the fits, when they leave no room, are shed. */
	for (int detail = 0; detail < 2; detail++) {
		bp_legend_free(leg);
		scal_legend(sc, detail);
		/* Room for the symbols beside the text. */
		leg->wrap = leg->notewrap = w - 2 * sc->f.st.pad -
		    5 * sc->f.st.legend;
		leg->ncol = 1;
		bp_legend_measure(cr, leg, &sc->f.st);
		if (leg->h <= h && leg->w <= w)
			break;
		if (detail == 1)
			return bp_err(err, "the legend does not fit in its "
			    "cell of %.0f x %.0f (make the image larger)", w, h);
	}
	if (leg->n == 0)
		return 0;
	bp_legend_draw(cr, leg, &sc->f.st, (w - leg->w) / 2,
	    (h - leg->h) / 2);
	return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : bp_err(err,
	    "drawing: %s", cairo_status_to_string(cairo_status(cr)));
}

int
bp_scalability(cairo_t *cr, double w, double h, const struct bp_scal_opts *o,
    const struct bp_scal_series *s, size_t ns, struct bs_err *err)
{
	struct scal sc;
	struct bp_chart c;	/* the frame points to it to the end */
	int rc = -1;

	if (ns == 0)
		return bp_err(err, "scalability chart: no series");
	if (ns > BP_MAX_SERIES)
		return bp_err(err, "scalability chart: %zu series, at most %d",
		    ns, BP_MAX_SERIES);
	memset(&sc, 0, sizeof(sc));
	sc.o = o;
	sc.s = s;
	sc.ns = ns;
	sc.fx = bp_factor(&o->chart.x);
	sc.fy = bp_factor(&o->chart.y);
	if (scal_points(&sc, err) == -1)
		goto out;
	if (o->chart.range != NULL) {
		o->chart.range[0] = sc.xmin;
		o->chart.range[1] = sc.xmax;
		o->chart.range[2] = sc.ymin;
		o->chart.range[3] = sc.ymax;
	}
	if (o->share != NULL) {
		sc.xmin = fmin(sc.xmin, o->share[0]);
		sc.xmax = fmax(sc.xmax, o->share[1]);
		sc.ymin = fmin(sc.ymin, o->share[2]);
		sc.ymax = fmax(sc.ymax, o->share[3]);
	}
	if (o->legend_only) {
		rc = scal_legend_alone(cr, &sc, w, h, err);
		goto out;
	}
	/*
	 * A chart that cannot fit its legend drops detail before it is
	 * refused: the notes, then the legend's place beside the plot,
	 * then the fit table, then the legend.
	 */
	for (int detail = 0;; detail++) {
		double cw[FT_COLS];

		c = o->chart;
		if (detail >= 2 && c.legend != BP_LEGEND_NONE)
			c.legend = BP_LEGEND_BELOW;
		if (detail >= 4)
			c.legend = BP_LEGEND_NONE;
		/* One series: its legend is a line or two under the plot. */
		if (c.legend == BP_LEGEND_AUTO && ns == 1)
			c.legend = BP_LEGEND_BELOW;
		bp_legend_free(&sc.leg);
		if (scal_scale(&sc, w, h, &c, err) == -1)
			goto out;
		scal_legend(&sc, detail);
		bp_legend_place(cr, &sc.leg, &sc.f);
		sc.table = o->fit_table && detail < 3 && scal_anyfit(&sc);
		if (sc.table) {
			ft_measure(cr, &sc, cw, &sc.tw, &sc.th);
			sc.f.bottom += sc.th + sc.f.st.gap;
		}
		if (bp_frame_place(cr, &sc.f, &o->chart, err) == 0)
			break;
		if (detail >= 4)
			goto out;
	}
	bp_frame_back(cr, &sc.f);
	if (scal_dodge(&sc, err) == -1)
		goto out;
	scal_marks(cr, &sc);
	if (sc.table)
		ft_draw(cr, &sc, sc.f.px, sc.f.bottom_y + (sc.leg.n > 0 &&
		    !sc.leg.right ? sc.leg.h + sc.f.st.gap : 0));
	rc = bp_frame_finish(cr, &sc.f, &sc.leg, err);
out:
	bp_legend_free(&sc.leg);
	if (sc.pts != NULL)
		for (size_t i = 0; i < ns; i++)
			free(sc.pts[i]);
	free(sc.pts);
	free(sc.np);
	free(sc.dodge);
	return rc;
}

/* ------------------------------------------------------------------ */
/*
 * The kind: the mean of -y per -x (concurrency) with its interval, or
 * bstat's means as given; drawn by the tool, whose are the fits.
 */

/*
 * Small multiples of the lines: the panel of each line's facet value (in
 * order of value when they are numbers), the series' names and colours
 * (ss[].name, ss[].color) the same in every panel.  *np: how many.
 */
static size_t *
facet_panels(struct bp_scal_series *ss, const struct bp_lines *ls,
    size_t *np, size_t *nser)
{
	char **fac = calloc(ls->n + 1, sizeof(*fac));
	const char **ser = calloc(ls->n + 1, sizeof(*ser));
	size_t *panel = calloc(ls->n + 1, sizeof(*panel));
	size_t *map = calloc(ls->n + 1, sizeof(*map)), k;

	*np = *nser = 0;
	if (fac == NULL || ser == NULL || panel == NULL || map == NULL)
		goto fail;
	for (size_t i = 0; i < ls->n; i++) {
		const struct bp_line *l = &ls->l[i];

		for (k = 0; k < *np && strcmp(fac[k], l->facet) != 0; k++)
			;
		if (k == *np)
			fac[(*np)++] = l->facet;
		panel[i] = k;
		for (k = 0; k < *nser && strcmp(ser[k], l->series) != 0; k++)
			;
		if (k == *nser)
			ser[(*nser)++] = l->series;
		/* Unnamed: the panel's title and the axis say what it is. */
		ss[i].name = *l->series ? l->series : NULL;
		ss[i].color = k + 1;
		ss[i].panel = l->facet;
	}
	if (bp_order_categories(fac, *np, map, 0) == -1)
		goto fail;
	for (size_t i = 0; i < ls->n; i++)
		panel[i] = map[panel[i]];
	free(fac);
	free(ser);
	free(map);
	return panel;
fail:
	free(fac);
	free(ser);
	free(map);
	free(panel);
	return NULL;
}

/* Panel p's series into ps, *title its value; returns how many. */
static size_t
facet_series(const struct bp_scal_series *ss, const struct bp_lines *ls,
    const size_t *panel, size_t p, struct bp_scal_series *ps,
    const char **title)
{
	size_t n = 0;

	for (size_t i = 0; i < ls->n; i++)
		if (panel[i] == p) {
			ps[n++] = ss[i];
			*title = ls->l[i].facet;
		}
	return n;
}

/* One pass over the panels: drawn on a group (pass 0) or for good. */
static int
facet_pass(struct bp_surface *s, const struct bp_panels *pn,
    struct bp_scal_opts *pp, const struct bp_scal_series *ss,
    const struct bp_lines *ls, const size_t *panel, size_t npanel,
    struct bp_scal_series *ps, double *u, struct bs_err *e)
{
	double r[4];

	for (size_t p = 0; p < npanel; p++) {
		size_t n = facet_series(ss, ls, panel, p, ps, &pp->chart.title);
		cairo_pattern_t *pat;
		int rc;

		cairo_save(s->cr);
		bp_panels_cell(s->cr, pn, p);
		if (u != NULL)
			cairo_push_group(s->cr);
		pp->chart.range = u != NULL ? r : NULL;
		rc = bp_scalability(s->cr, pn->cw, pn->ch, pp, ps, n, e);
		if (u != NULL && (pat = cairo_pop_group(s->cr)) != NULL)
			cairo_pattern_destroy(pat);
		cairo_restore(s->cr);
		if (rc == -1)
			return -1;
		if (u != NULL) {
			u[0] = fmin(u[0], r[0]);
			u[1] = fmax(u[1], r[1]);
			u[2] = fmin(u[2], r[2]);
			u[3] = fmax(u[3], r[3]);
		}
	}
	return 0;
}

/*
 * Small multiples (--facet): a panel per value, the axes every panel
 * would choose for itself made one (their union, drawn once on a group
 * to learn them), the units the whole table's (po's factors), and the
 * legend once, in a cell of its own after the panels.
 */
static int
scal_facets(struct bp_surface *s, const struct bp_request *q,
    const struct bp_scal_opts *po, struct bp_scal_series *ss,
    const struct bp_lines *ls, struct bs_err *e)
{
	struct bp_scal_series *ps = calloc(ls->n + 1, sizeof(*ps));
	struct bp_scal_opts pp = *po;
	struct bp_panels pn;
	double u[4] = { HUGE_VAL, -HUGE_VAL, HUGE_VAL, -HUGE_VAL };
	size_t npanel, nser, *panel = facet_panels(ss, ls, &npanel, &nser);
	int legend, rc = -1, marks = 0;

	if (ps == NULL || panel == NULL) {
		bp_err(e, "out of memory");
		goto out;
	}
	/* More panels than this leave none a readable size. */
	if (npanel > BP_MAX_PANELS) {
		bp_err(e, "--facet: %zu values, small multiples show at most "
		    "%d panels", npanel, BP_MAX_PANELS);
		goto out;
	}
	/* The legend names the series, the fits' marks, the error bars. */
	for (size_t i = 0; i < ls->n; i++)
		for (size_t j = 0; j < ss[i].n && !marks; j++)
			marks = ss[i].fit != NULL || isfinite(ss[i].lo[j]) ||
			    isfinite(ss[i].hi[j]);
	legend = q->legend != BP_LEGEND_NONE && (nser > 1 || marks);
	bp_panels_layout(s->cr, q->title, s->width, s->height, npanel +
	    (legend ? 1 : 0), &pn);
	pp.chart.font_size = pn.font;
	pp.chart.legend = BP_LEGEND_NONE;
	if (facet_pass(s, &pn, &pp, ss, ls, panel, npanel, ps, u, e) == -1)
		goto out;
	pp.share = u;
	if (facet_pass(s, &pn, &pp, ss, ls, panel, npanel, ps, NULL, e) == -1)
		goto out;
	rc = 0;
	if (legend) {
		pp = *po;
		pp.chart.font_size = pn.font;
		pp.chart.title = NULL;
		pp.legend_only = 1;
		pp.single_entry = nser > 1;
		cairo_save(s->cr);
		bp_panels_cell(s->cr, &pn, npanel);
		rc = bp_scalability(s->cr, pn.cw, pn.ch, &pp, ss, ls->n, e);
		cairo_restore(s->cr);
	}
out:
	free(ps);
	free(panel);
	return rc;
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
	if (bp_axis_title_in(&yt, in, ycol, q->ylabel, ls->ymax,
	    &po.chart.y.factor, e) == -1)
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
	if (in->r.kfacet >= 0)
		rc = scal_facets(s, q, &po, ss, ls, e);
	else
		rc = bp_scalability(s->cr, s->width, s->height, &po, ss,
		    ls->n, e);
out:
	free(ss);
	free(xt);
	free(yt);
	return rc;
}

const struct bp_kind bp_kind_scalability = {
	.name = "scalability",
	.synopsis = "-x COL [-y COL] [--series COL] [--fit usl|amdahl]\n"
	    "[--fit-report FILE] [options] [FILE...] -o OUT",
	.flags = BP_KF_MEANS | BP_KF_XNUM | BP_KF_XLINE,
	.takes = BP_REQ_FIT | BP_REQ_CHECKS | BP_REQ_VLINE | BP_REQ_HLINE |
	    BP_REQ_FACET,
	.needs = { BP_REQ_NOX, BP_MISUSE_NEED_X }
};
