/*
 * bplot: charts of benchmark results (scalability with CI error bars
 * and a fitted USL or Amdahl model, heatmap, box plot, empirical CDF)
 * as PNG, PDF or SVG.  The table is built and summarised by libstat,
 * the models fitted by libstat/usl, the drawing done by plots/; this
 * file only wires them together.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <glib.h>

#include "plots.h"
#include "tool.h"

enum {
	OPT_SERIES = OPT_TOOL,
	OPT_FIT,
	OPT_FITREPORT,
	OPT_LOGX,
	OPT_LOGY,
	OPT_TITLE,
	OPT_XLABEL,
	OPT_YLABEL,
	OPT_ZLABEL,
	OPT_LEGEND,
	OPT_WIDTH,
	OPT_HEIGHT,
	OPT_CMAP,
	OPT_CENTER
};

enum kind { K_SCAL, K_HEAT, K_BOX, K_CDF };

static const char *const kind_names[] = { "scalability", "heatmap", "box",
	"cdf" };

struct opts {
	enum kind	 kind;
	const char	*x, *y, *z, *series;
	const char	*title, *xlabel, *ylabel, *zlabel;
	int		 logx, logy;
	int		 legend;	/* BP_LEGEND_* */
	double		 width, height;
	int		 fit;		/* -1 or enum bs_usl_model */
	const char	*fitreport;
	int		 cmap;		/* -1: default */
	double		 center;	/* NaN: none */
	int		 confset;	/* --confidence was given */
};

/* Everything read: the table and what its group columns mean. */
struct input {
	struct bs_table	*t;
	struct bs_buf	*bufs;
	size_t		 nbufs;
	char		**fname;	/* labels of the files in legends */
	struct bp_roles	 r;
	char		*groups;	/* the group columns, "a,b" */
};

static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: bplot scalability -x COL [-y COL] [--series COL] [--fit usl|amdahl]\n"
"             [--fit-report FILE] [options] [FILE...] -o OUT\n"
"       bplot heatmap -x COL -y COL -z COL [--colormap MAP] [--center V]\n"
"             [options] [FILE] -o OUT\n"
"       bplot box [-x COL] -y COL [--series COL] [options] [FILE...] -o OUT\n"
"       bplot cdf -y COL [--series COL] [options] [FILE...] -o OUT\n"
"Charts of benchmark results; the extension of OUT (.png, .pdf, .svg) chooses\n"
"the format.\n"
"\n"
"  -x COL                  x column (scalability: concurrency; heatmap and\n"
"                          box: categories)\n"
"  -y COL                  y column (the measured values; heatmap:\n"
"                          categories)\n"
"  -z COL                  heatmap: the value coloured in each cell\n"
"      --series COL        one line, box or curve per value of COL; with\n"
"                          several FILEs, 'file' names the input\n"
"      --fit usl|amdahl    scalability: fit the model per series and draw it\n"
"                          with its confidence band\n"
"      --fit-report FILE   write the fitted parameters there as JSON\n"
"      --logx, --logy      logarithmic axes\n"
"      --title T           chart title\n"
"      --xlabel T          x-axis title (default: the column name and unit)\n"
"      --ylabel T          y-axis title (default: the column name and unit)\n"
"      --zlabel T          heatmap colour bar title\n"
"      --legend WHERE      auto (default), right, below, or none\n"
"      --width W           image width: pixels for PNG, points for PDF and\n"
"                          SVG (default 800)\n"
"      --height H          image height (default 500)\n"
"      --colormap MAP      heatmap: viridis (default), cividis, diverging\n"
"      --center V          heatmap: diverging map centred at V (0 for\n"
"                          changes, 1 for ratios)\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    auto, csv, tsv, json, ndjson, kv, plain,\n"
"                          hyperfine, gbench, gobench, pyperf, fio\n"
"  -o, --output OUT        the image (required; whole or not at all)\n"
"      --confidence P      confidence level of the error bars and the fit\n"
"                          band, percent (95)\n"
"      --skip N            drop the first N rows of every group (warm-up)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Repeated rows per x become their mean with a t confidence interval.  Input\n"
"with columns mean, ci_lo, ci_hi (bstat -f csv) is drawn as given.\n");
	exit(status);
}

/* calloc of n + 1 that ends the run when memory runs out. */
static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n + 1, size);

	if (p == NULL)
		die("out of memory");
	return p;
}

/*
 * The name whose unit a column's values have: the column's own, except
 * where the input format says more than the name (pyperf's "value" is
 * in seconds).
 */
static const char *
unit_column(const struct bs_table *t, const char *col)
{
	if (t->format == BS_FMT_PYPERF && strcmp(col, "value") == 0)
		return "value_s";
	return col;
}

/* ------------------------------------------------------------------ */
/* Reading */

/*
 * A column named by an option must be in the header, by name or by
 * its 1-based number, as libstat resolves it; said here in the
 * option's terms rather than as an unknown group or value column.
 */
static void
check_column(const struct bp_header *h, const char *file, const char *opt,
    const char *col)
{
	char *list;

	if (col == NULL || bp_header_resolves(h, col))
		return;
	if ((list = bp_header_list(h, 400)) == NULL)
		die("out of memory");
	die("%s: %s %s: no such column (columns are: %s)", file, opt, col,
	    list);
}

/* ------------------------------------------------------------------ */
/*
 * A first pass over every input (plots' bp_scan_inputs), before the
 * table is built: its findings are said here with FILE:LINE, in the
 * options' terms.
 */

static const char *const role_opt[BP_ROLE__N] = { "--series", "-x", "-y" };

static void
scan_fail(const struct input *in, const struct bp_scan *sc,
    const struct opts *o)
{
	const char *file = in->bufs[sc->file].name;
	const char *opt = role_opt[sc->role], *col = sc->r[sc->role].col;
	char at[64];

	if (sc->line > 0)
		snprintf(at, sizeof(at), ":%zu", sc->line);
	else
		snprintf(at, sizeof(at), ": record %zu", sc->recno);
	switch (sc->fail) {
	case BP_SCAN_NAME_UTF8:
		die("%s: the name of column %zu is not valid UTF-8", file,
		    sc->column);
	case BP_SCAN_UTF8:
		die("%s%s: %s %s: the value is not valid UTF-8", file, at, opt,
		    col);
	case BP_SCAN_XNUM:
		die("%s%s: -x %s: '%s' is not a number (scalability needs a "
		    "numeric x; for categories use box)", file, at, col,
		    sc->value);
	case BP_SCAN_XPOS:
		die("%s%s: -x %s: concurrency %s is not positive (a %s fit "
		    "needs N > 0)", file, at, col, sc->value,
		    bs_usl_model_name((enum bs_usl_model)o->fit));
	default:
		die("%s%s: more than %zu %s (%s %s): a chart shows at most %zu",
		    file, at, sc->r[sc->role].limit, sc->role == BP_ROLE_SERIES ?
		    "series" : "categories", opt, col, sc->r[sc->role].limit);
	}
}

static void
scan_input(struct input *in, struct tool_common *com, const struct opts *o,
    int sfile)
{
	struct bp_scan sc;

	memset(&sc, 0, sizeof(sc));
	sc.filecol = in->r.filecol;
	sc.xnum = o->kind == K_SCAL;
	sc.xpos = o->fit >= 0;
	sc.r[BP_ROLE_SERIES].col = sfile ? NULL : o->series;
	sc.r[BP_ROLE_SERIES].label = 1;
	sc.r[BP_ROLE_SERIES].limit = BP_MAX_SERIES;
	sc.r[BP_ROLE_X].col = o->x;
	sc.r[BP_ROLE_X].label = o->kind != K_SCAL;
	sc.r[BP_ROLE_X].limit = o->kind != K_SCAL ? BP_MAX_TICKS : 0;
	sc.r[BP_ROLE_Y].col = o->kind == K_HEAT ? o->y : NULL;
	sc.r[BP_ROLE_Y].label = 1;
	sc.r[BP_ROLE_Y].limit = BP_MAX_TICKS;
	if (sfile && in->nbufs > BP_MAX_SERIES)
		die("%zu files: a chart shows at most %d series", in->nbufs,
		    BP_MAX_SERIES);
	if (bp_scan_inputs(&sc, in->bufs, in->nbufs, &com->topts.read) == -1)
		scan_fail(in, &sc, o);
}

/*
 * Load every operand (standard input can be read only once, and the
 * first input's header decides between raw rows and bstat's output),
 * then build the table: groups are the roles (series, x, y) in that
 * order, after the file column that several inputs add.
 */
static void
read_input(struct input *in, struct tool_common *com, struct opts *o,
    int argc, char **argv, int *bstat_mode)
{
	const char *stdin_only[] = { "-" }, *role[4];
	struct bp_header h;
	struct bs_err e;
	int bycol = 0, sfile, bad;

	memset(in, 0, sizeof(*in));
	if (argc == 0) {
		argc = 1;
		argv = (char **)stdin_only;
	}
	in->nbufs = (size_t)argc;
	in->bufs = xcalloc(in->nbufs, sizeof(*in->bufs));
	for (size_t i = 0; i < in->nbufs; i++)
		if (bs_buf_load(&in->bufs[i], argv[i], &e) == -1)
			die_err(&e);
	/* The first header: does it name what the options name? */
	if (bp_header_read(&h, &in->bufs[0], &com->topts.read, &e) == -1)
		die_err(&e);
	*bstat_mode = o->kind == K_SCAL && bp_header_bstat(&h, o->y, &bycol);
	if (o->kind == K_SCAL && o->y == NULL && !*bstat_mode)
		die("scalability needs -y COL (or bstat's output with columns "
		    "mean, ci_lo and ci_hi)");
	/*
	 * Several inputs get a first group column "file"; --series file
	 * asks for it even with one input, unless a real column has the
	 * name.
	 */
	sfile = o->series != NULL && strcmp(o->series, "file") == 0 &&
	    !bp_header_has(&h, "file");
	in->r.filecol = argc > 1 || sfile;
	if (in->r.filecol && (in->fname = bp_file_labels(in->bufs, in->nbufs,
	    &bad)) == NULL)
		die("out of memory");
	if (in->r.filecol && bad)
		warnmsg("warning: a file name is not valid UTF-8: the legend "
		    "shows U+FFFD for its bad bytes");
	if (!com->topts.read.no_header) {
		check_column(&h, in->bufs[0].name, "-x", o->x);
		if (!*bstat_mode)
			check_column(&h, in->bufs[0].name, "-y", o->y);
		check_column(&h, in->bufs[0].name, "-z", o->z);
		if (!sfile)
			check_column(&h, in->bufs[0].name, "--series",
			    o->series);
	}
	bp_header_free(&h);
	scan_input(in, com, o, sfile);

	/* The series column "file" is the file column itself. */
	role[0] = sfile ? NULL : o->series;
	role[1] = o->x;
	role[2] = o->kind == K_HEAT ? o->y : NULL;
	role[3] = bycol ? "column" : NULL;
	if (bp_roles_groups(&in->r, role, &in->groups) == -1)
		die("out of memory");
	com->topts.groups = in->groups;
	com->topts.columns = *bstat_mode ? "mean,ci_lo,ci_hi" :
	    o->kind == K_HEAT ? o->z : o->y;
	com->topts.file_group = in->r.filecol;
	com->topts.warn = tool_readwarn;
	if ((in->t = bs_table_new(&com->topts)) == NULL)
		die("out of memory");
	for (size_t k = 0; k < in->nbufs; k++)
		if (bs_table_read(in->t, &in->bufs[k], NULL, &e) == -1)
			die_err(&e);
	if (bs_table_finish(in->t, &e) == -1)
		die_err(&e);
	in->r.t = in->t;
	in->r.bufs = in->bufs;
	in->r.flabel = in->fname;
	in->r.nbufs = in->nbufs;
	in->r.skip = com->skip;
}

/* ------------------------------------------------------------------ */
/*
 * The fit report is opened before the image is drawn, so that a path it
 * cannot be written to stops the run before the image replaces an
 * existing one; it is committed after the image.  A run that dies in
 * between removes its temporary file.
 */
static struct bs_afile report;

static void
report_abort(void)
{
	bs_afile_abort(&report);
}

static void
open_fit_report(const char *path)
{
	struct bs_err e;

	if (bs_afile_open(&report, path, &e) == -1)
		die_err(&e);
	atexit(report_abort);
}

static struct bp_surface *
surface(const struct tool_common *com, const struct opts *o)
{
	struct bp_surface *s;
	struct bs_err e;

	if ((s = bp_surface_create(com->output, o->width, o->height, &e)) ==
	    NULL)
		die_err(&e);
	return s;
}

static void
finish(struct bp_surface *s, int rc, struct bs_err *e)
{
	if (rc != 0) {
		bp_surface_abort(s);
		die_err(e);
	}
	if (bp_surface_finish(s, e) != 0)
		die_err(e);
}

/* ------------------------------------------------------------------ */
/* Charts */

/* An axis title from plots' bp_axis_title(), or the end of the run. */
static char *
title(const char *col, const char *given, double maxabs, double *factor)
{
	char *t;

	if ((t = bp_axis_title(col, given, maxabs, factor)) == NULL)
		die("out of memory");
	return t;
}

/* What every chart takes from the options (check_applies() vetted it). */
static void
chart_opts(struct bp_chart *c, const struct opts *o)
{
	c->title = o->title;
	c->legend = o->legend;
	c->x.log = o->logx;
	c->y.log = o->logy;
}

/* Means with t intervals, no quantiles: what a point or a cell shows. */
static void
summary_opts(const struct tool_common *com, struct bs_summary_opts *so)
{
	bs_summary_opts_default(so);
	so->confidence = com->confidence;
	so->skip = com->skip;
	so->no_quantiles = 1;
}

static void
lines_fail(const struct bp_lines *ls, const struct opts *o)
{
	switch (ls->fail) {
	case BP_LINES_SUMMARY:
		die_err(&ls->err);
	case BP_LINES_XNUM:
		die("-x %s: '%s' is not a number (scalability needs a numeric "
		    "x; for categories use box)", o->x, ls->a);
	case BP_LINES_COLUMNS:
		die("the input holds means of several columns (%s, %s, ...): "
		    "choose one with -y", ls->a, ls->b);
	case BP_LINES_MEANS:
		die("%zu rows of means for %s = %s%s%s: tell them apart with "
		    "--series", ls->count, o->x, ls->a, *ls->b ? " in " : "",
		    ls->b);
	default:
		die("out of memory");
	}
}

/* Fit every line first: a refused fit leaves no image behind. */
static void
fit_lines(const struct bp_lines *ls, const struct opts *o, double conf,
    struct bs_usl *fit)
{
	struct bs_err e;

	for (size_t i = 0; i < ls->n; i++)
		if (bs_usl_fit(ls->l[i].rx, ls->l[i].ry, ls->l[i].nraw,
		    (enum bs_usl_model)o->fit, conf, &fit[i], &e) == -1) {
			if (*ls->l[i].name)
				die("%s: %s", ls->l[i].name, e.msg);
			die_err(&e);
		}
}

/* The fits as JSON in --fit-report, else one line each on stderr. */
static void
report_fits(const struct bp_lines *ls, const struct bs_usl *fit,
    const char *path)
{
	const char **names = xcalloc(ls->n, sizeof(*names));
	struct bs_err e;
	char *t, *line, *nl;

	for (size_t i = 0; i < ls->n; i++)
		names[i] = ls->l[i].name;
	if (path != NULL) {
		if (bs_usl_report_json(report.fp, fit, names, ls->n) == -1) {
			bs_afile_abort(&report);
			die("%s: write error", path);
		}
		if (bs_afile_commit(&report, &e) == -1)
			die_err(&e);
	}
	for (size_t i = 0; path == NULL && i < ls->n; i++) {
		if ((t = bs_usl_report_text(&fit[i], ls->n > 1 ||
		    *names[i] ? names[i] : NULL)) == NULL)
			die("out of memory");
		for (line = t; line != NULL; line = nl) {
			if ((nl = strchr(line, '\n')) != NULL)
				*nl++ = '\0';
			warnmsg("%s", line);
		}
		free(t);
	}
	free(names);
}

static void
plot_scalability(struct input *in, struct tool_common *com, struct opts *o,
    int bstat_mode)
{
	struct bs_summary_opts so;
	struct bp_lines ls;
	struct bp_scal_series *ss;
	struct bp_scal_opts po;
	struct bp_surface *s;
	struct bs_usl *fit;
	struct bs_err e;
	const char *ycol = o->y;
	char *xt, *yt;
	int rc;

	summary_opts(com, &so);
	if (bp_lines_gather(&in->r, o->y, bstat_mode, &so, &ls) == -1)
		lines_fail(&ls, o);
	if (in->r.kcol >= 0 && ls.colkey == NULL)
		die("the input holds no means of column '%s'", o->y);
	if (ls.npts == 0)
		die("no values to draw (every %s value is missing)",
		    o->y ? o->y : "mean");
	for (size_t i = 0; i < ls.n; i++)
		if (ls.l[i].n == 0)
			warnmsg("warning: %s: no values", ls.l[i].name);
	fit = xcalloc(ls.n, sizeof(*fit));
	if (o->fit >= 0)
		fit_lines(&ls, o, com->confidence, fit);

	bp_scal_opts_init(&po);
	chart_opts(&po.chart, o);
	if (ycol == NULL || strcmp(ycol, "mean") == 0)
		ycol = ls.colkey ? ls.colkey : "mean";
	xt = title(o->x, o->xlabel, ls.xmax, &po.chart.x.factor);
	yt = title(unit_column(in->t, ycol), o->ylabel, ls.ymax,
	    &po.chart.y.factor);
	po.chart.x.label = xt;
	po.chart.y.label = yt;
	/* The level of intervals read from bstat is known only if told. */
	po.ci_level = bstat_mode && !o->confset ? 0 : com->confidence;
	ss = xcalloc(ls.n, sizeof(*ss));
	for (size_t i = 0; i < ls.n; i++) {
		/* One unnamed line: its points are means. */
		ss[i].name = *ls.l[i].name ? ls.l[i].name : "mean";
		ss[i].x = ls.l[i].x;
		ss[i].y = ls.l[i].y;
		ss[i].lo = ls.l[i].lo;
		ss[i].hi = ls.l[i].hi;
		ss[i].n = ls.l[i].n;
		ss[i].fit = o->fit >= 0 ? &fit[i] : NULL;
	}
	if (o->fit >= 0 && o->fitreport != NULL)
		open_fit_report(o->fitreport);	/* before the image */
	s = surface(com, o);
	rc = bp_scalability(s->cr, s->width, s->height, &po, ss, ls.n, &e);
	finish(s, rc, &e);
	if (o->fit >= 0)
		report_fits(&ls, fit, o->fitreport);
	bp_lines_free(&ls);
	free(fit);
	free(ss);
	free(xt);
	free(yt);
}

static void
plot_heatmap(struct input *in, struct tool_common *com, struct opts *o)
{
	struct bs_summary_opts so;
	struct bp_heatmap_opts po;
	struct bp_surface *s;
	struct bp_grid gr;
	struct bs_err e;
	char *zt;
	int rc;

	if (in->r.filecol)
		die("heatmap draws one input at a time (got %zu files)",
		    in->nbufs);
	summary_opts(com, &so);
	if (bp_grid_gather(&in->r, &so, &gr, &e) == -1)
		die_err(&e);
	bp_heatmap_opts_init(&po);
	chart_opts(&po.chart, o);
	po.chart.x.label = o->xlabel ? o->xlabel : o->x;
	po.chart.y.label = o->ylabel ? o->ylabel : o->y;
	zt = title(unit_column(in->t, o->z), o->zlabel, gr.maxabs,
	    &po.zfactor);
	po.zlabel = zt;
	if (o->cmap >= 0)
		po.cmap = (enum bp_cmap)o->cmap;
	if (isfinite(o->center)) {
		po.center = o->center * po.zfactor;
		if (o->cmap < 0)
			po.cmap = BP_CMAP_DIVERGING;
	}
	s = surface(com, o);
	rc = bp_heatmap(s->cr, s->width, s->height, &po,
	    (const char *const *)gr.xcat, gr.nx, (const char *const *)gr.ycat,
	    gr.ny, gr.z, &e);
	finish(s, rc, &e);
	bp_grid_free(&gr);
	free(zt);
}

/* Values per category and series, for box plots and CDFs. */
static void
gather(struct input *in, struct bp_samples *sm)
{
	if (bp_samples_gather(&in->r, sm) == -1)
		die("out of memory");
}

static void
plot_box(struct input *in, struct tool_common *com, struct opts *o)
{
	struct bp_samples sm;
	struct bp_box_opts po;
	struct bp_sample *bs;
	struct bp_surface *s;
	struct bs_err e;
	char *yt;
	int rc;

	gather(in, &sm);
	if (in->r.kx < 0) {
		/* One category, named after the column. */
		free(sm.cat[0]);
		if ((sm.cat[0] = strdup(o->y)) == NULL)
			die("out of memory");
	}
	bs = xcalloc(sm.ncat * sm.nser, sizeof(*bs));
	for (size_t i = 0; i < sm.ncat * sm.nser; i++) {
		bs[i].v = sm.v[i];
		bs[i].n = sm.n[i];
	}
	bp_box_opts_init(&po);
	chart_opts(&po.chart, o);
	po.chart.x.label = o->xlabel ? o->xlabel : o->x;
	yt = title(unit_column(in->t, o->y), o->ylabel, sm.maxabs,
	    &po.chart.y.factor);
	po.chart.y.label = yt;
	po.series = (const char *const *)sm.ser;
	po.nseries = sm.nser;
	s = surface(com, o);
	rc = bp_box(s->cr, s->width, s->height, &po,
	    (const char *const *)sm.cat, sm.ncat, bs, &e);
	finish(s, rc, &e);
	free(bs);
	free(yt);
	bp_samples_free(&sm);
}

static void
plot_cdf(struct input *in, struct tool_common *com, struct opts *o)
{
	struct bp_samples sm;
	struct bp_cdf_opts po;
	struct bp_cdf_series *cs;
	struct bp_surface *s;
	struct bs_err e;
	char *xt;
	int rc;

	gather(in, &sm);
	cs = xcalloc(sm.nser, sizeof(*cs));
	for (size_t i = 0; i < sm.nser; i++) {
		cs[i].name = *sm.ser[i] ? sm.ser[i] : o->y;
		cs[i].v = sm.v[i];
		cs[i].n = sm.n[i];
	}
	bp_cdf_opts_init(&po);
	chart_opts(&po.chart, o);
	xt = title(unit_column(in->t, o->y), o->xlabel, sm.maxabs,
	    &po.chart.x.factor);
	po.chart.x.label = xt;
	po.chart.y.label = o->ylabel;
	s = surface(com, o);
	rc = bp_cdf(s->cr, s->width, s->height, &po, cs, sm.nser, &e);
	finish(s, rc, &e);
	free(cs);
	free(xt);
	bp_samples_free(&sm);
}

/* ------------------------------------------------------------------ */

static double
size_opt(const char *name, const char *arg)
{
	double v;

	if (bs_parse_double(arg, &v) == -1 || !(v >= 16 && v <= 30000))
		die("--%s takes a size from 16 to 30000 (pixels for PNG, "
		    "points for PDF and SVG), not '%s'", name, arg);
	return v;
}

/* Options that mean nothing for this kind are errors, not ignored. */
static void
check_applies(const struct opts *o, const struct tool_common *com)
{
	const char *k = kind_names[o->kind];

	if (o->kind != K_SCAL && o->fit >= 0)
		die("--fit applies to scalability charts, not %s", k);
	if (o->fitreport != NULL && o->fit < 0)
		die("--fit-report needs --fit usl or --fit amdahl");
	if (o->kind != K_HEAT && (o->z != NULL || o->cmap >= 0 ||
	    isfinite(o->center) || o->zlabel != NULL))
		die("-z, --zlabel, --colormap and --center apply to heatmaps, "
		    "not %s", k);
	if (o->kind == K_HEAT && (o->series != NULL || o->logx || o->logy))
		die("--series, --logx and --logy do not apply to heatmaps");
	if (o->kind == K_HEAT && o->legend != BP_LEGEND_AUTO)
		die("--legend does not apply to heatmaps (the colour bar is "
		    "their legend)");
	if (o->kind == K_BOX && o->logx)
		die("--logx does not apply to box plots (x is categories)");
	if (o->kind == K_CDF && o->logy)
		die("--logy does not apply to a CDF (y is a fraction)");
	if (o->kind == K_CDF && o->x != NULL)
		die("a CDF has no -x: its values come from -y COL");
	if (o->cmap >= 0 && o->cmap != BP_CMAP_DIVERGING &&
	    isfinite(o->center))
		die("--center needs the diverging colour map");
	if (o->kind == K_SCAL && o->x == NULL)
		die("scalability needs -x COL (the concurrency column)");
	if (o->kind == K_HEAT && (o->x == NULL || o->y == NULL ||
	    o->z == NULL))
		die("heatmap needs -x COL, -y COL and -z COL");
	if ((o->kind == K_BOX || o->kind == K_CDF) && o->y == NULL)
		die("%s needs -y COL (the values)", k);
	if (o->x != NULL && o->y != NULL && strcmp(o->x, o->y) == 0)
		die("-x and -y name the same column '%s'", o->x);
	if (o->series != NULL && ((o->x != NULL &&
	    strcmp(o->series, o->x) == 0) || (o->y != NULL &&
	    strcmp(o->series, o->y) == 0)))
		die("--series names the same column as -x or -y");
	{
		/* Titles are drawn as text: they must be UTF-8. */
		const char *const txt[] = { o->title, o->xlabel, o->ylabel,
		    o->zlabel };
		const char *const name[] = { "--title", "--xlabel",
		    "--ylabel", "--zlabel" };

		for (size_t i = 0; i < 4; i++)
			if (txt[i] != NULL && !g_utf8_validate(txt[i], -1,
			    NULL))
				die("%s: the text is not valid UTF-8", name[i]);
	}
	if (com->output == NULL)
		die("no output file: give -o OUT with .png, .pdf or .svg");
	if (bp_format_from_path(com->output) < 0)
		die("%s: unknown image format (use .png, .pdf or .svg)",
		    com->output);
	if (o->fitreport != NULL && bs_same_output(o->fitreport, com->output))
		die("%s: --fit-report and -o name the same file", o->fitreport);
}

/*
 * GLib, under Pango, ends the process when it cannot allocate memory or
 * start a thread (g_error, then a trap).  That end is an error like any
 * other: one line, exit status 2, no temporary file left behind (the
 * plots layer has removed the image's already).
 */
static void
glib_fatal(const char *msg)
{
	report_abort();
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", progname, msg);
	_exit(2);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "series",	required_argument, NULL, OPT_SERIES },
		{ "fit",	required_argument, NULL, OPT_FIT },
		{ "fit-report",	required_argument, NULL, OPT_FITREPORT },
		{ "logx",	no_argument,	   NULL, OPT_LOGX },
		{ "logy",	no_argument,	   NULL, OPT_LOGY },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ "xlabel",	required_argument, NULL, OPT_XLABEL },
		{ "ylabel",	required_argument, NULL, OPT_YLABEL },
		{ "zlabel",	required_argument, NULL, OPT_ZLABEL },
		{ "legend",	required_argument, NULL, OPT_LEGEND },
		{ "width",	required_argument, NULL, OPT_WIDTH },
		{ "height",	required_argument, NULL, OPT_HEIGHT },
		{ "colormap",	required_argument, NULL, OPT_CMAP },
		{ "colourmap",	required_argument, NULL, OPT_CMAP },
		{ "center",	required_argument, NULL, OPT_CENTER },
		{ "centre",	required_argument, NULL, OPT_CENTER },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct opts o;
	struct input in;
	const char *kind;
	size_t k;
	int ch, bstat_mode;

	tool_init("bplot", &com, argv);
	bp_log_init(glib_fatal);
	memset(&o, 0, sizeof(o));
	o.fit = o.cmap = -1;
	o.center = NAN;
	o.width = 800;
	o.height = 500;
	o.legend = BP_LEGEND_AUTO;
	/* -y is ours here; -c, -g and -f are not (see check below). */
	while ((ch = getopt_long(argc, argv, "x:y:z:c:g:d:f:o:h", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'x':
			o.x = optarg;
			continue;
		case 'y':
			o.y = optarg;
			continue;
		case 'z':
			o.z = optarg;
			continue;
		case 'c':
		case 'g':
			die("--%s does not apply: bplot takes its columns from "
			    "-x, -y, -z and --series", ch == 'c' ? "column" :
			    "group");
		case 'f':
			die("--format does not apply: the extension of -o OUT "
			    "chooses the image format");
		case OPT_CONFIDENCE:
			o.confset = 1;
			break;
		default:
			break;
		}
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_SERIES:
			o.series = optarg;
			break;
		case OPT_FIT:
			if ((o.fit = bs_usl_model_parse(optarg)) < 0)
				die("--fit takes usl or amdahl, not '%s'",
				    optarg);
			break;
		case OPT_FITREPORT:
			o.fitreport = optarg;
			break;
		case OPT_LOGX:
			o.logx = 1;
			break;
		case OPT_LOGY:
			o.logy = 1;
			break;
		case OPT_TITLE:
			o.title = optarg;
			break;
		case OPT_XLABEL:
			o.xlabel = optarg;
			break;
		case OPT_YLABEL:
			o.ylabel = optarg;
			break;
		case OPT_ZLABEL:
			o.zlabel = optarg;
			break;
		case OPT_LEGEND:
			if ((o.legend = bp_legend_parse(optarg)) < 0)
				die("--legend takes auto, right, below or "
				    "none, not '%s'", optarg);
			break;
		case OPT_WIDTH:
			o.width = size_opt("width", optarg);
			break;
		case OPT_HEIGHT:
			o.height = size_opt("height", optarg);
			break;
		case OPT_CMAP:
			if ((o.cmap = bp_cmap_parse(optarg)) < 0)
				die("--colormap takes viridis, cividis or "
				    "diverging, not '%s'", optarg);
			break;
		case OPT_CENTER:
			if (bs_parse_double(optarg, &o.center) == -1)
				die("--center takes a number, not '%s'",
				    optarg);
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		die("no chart kind given (scalability, heatmap, box, cdf; "
		    "see bplot --help)");
	kind = argv[0];
	for (k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++)
		if (strcmp(kind, kind_names[k]) == 0)
			break;
	if (k == sizeof(kind_names) / sizeof(kind_names[0]))
		die("unknown chart kind '%s' (scalability, heatmap, box, cdf)",
		    kind);
	o.kind = (enum kind)k;
	argc--;
	argv++;
	check_applies(&o, &com);

	read_input(&in, &com, &o, argc, argv, &bstat_mode);
	if (bstat_mode && com.skip)
		die("--skip drops raw rows; the input holds means already "
		    "(give --skip to bstat)");
	switch (o.kind) {
	case K_SCAL:
		plot_scalability(&in, &com, &o, bstat_mode);
		break;
	case K_HEAT:
		plot_heatmap(&in, &com, &o);
		break;
	case K_BOX:
		plot_box(&in, &com, &o);
		break;
	case K_CDF:
		plot_cdf(&in, &com, &o);
		break;
	}
	bs_table_free(in.t);
	for (k = 0; k < in.nbufs; k++) {
		bs_buf_free(&in.bufs[k]);
		if (in.fname != NULL)
			free(in.fname[k]);
	}
	free(in.fname);
	free(in.groups);
	free(in.bufs);
	return 0;
}
