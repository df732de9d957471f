/*
 * bplot: charts of benchmark results (scalability with CI error bars
 * and a fitted USL or Amdahl model, heatmap, box plot, empirical CDF,
 * trend, latency-throughput path, percentiles, histogram, violin, runs)
 * as PNG, PDF or SVG, with SLO, limit and Little's-law checks.  The table is built and summarised by libstat,
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

/* The kinds' names, "scalability, heatmap, ...", from plots' registry. */
static const char *
kind_list(void)
{
	static char buf[512];
	size_t len = 0;

	for (size_t i = 0; bp_kinds[i] != NULL && len < sizeof(buf); i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
		    i ? ", " : "", bp_kinds[i]->name);
	return buf;
}

/*
 * A line per kind from plots' registry, its synopsis's continuations
 * under the first; kinds of the same synopsis share a line, a|b|c.
 */
static void
usage_kinds(FILE *fp)
{
	for (size_t i = 0; bp_kinds[i] != NULL; i++) {
		const struct bp_kind *k = bp_kinds[i];

		fprintf(fp, "%s bplot %s", i == 0 ? "usage:" : "      ",
		    k->name);
		while (bp_kinds[i + 1] != NULL && strcmp(bp_kinds[i +
		    1]->synopsis, k->synopsis) == 0)
			fprintf(fp, "|%s", bp_kinds[++i]->name);
		putc(' ', fp);
		for (const char *p = k->synopsis; *p != '\0'; p++)
			if (*p == '\n')
				fputs("\n             ", fp);
			else
				putc(*p, fp);
		putc('\n', fp);
	}
}

static void
usage(FILE *fp, int status)
{
	usage_kinds(fp);
	fprintf(fp,
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
"      --fit-table         draw the fitted parameters as a table\n"
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
"                          changes, 1 for ratios); signed data get one\n"
"                          centred at 0, better values blue\n"
"      --reverse           heatmap: turn the colour map round\n"
"      --label COL         path: label each point with COL (its load level)\n"
"      --xlo/--xhi/--ylo/--yhi COL  path: interval columns (default X_ci_lo...)\n"
"      --hline V, --vline V  reference lines (--hline-label T, --vline-label T\n"
"                          label the last one given)\n"
"      --slo 'COL<=V'      path, scalability: the best level meeting the SLO\n"
"      --little N=COL,X=COL,R=COL  check Little's law N = X R per level\n"
"      --limit 'COL<=V'    draw a limit, warn for points beyond it\n"
"      --density           hist: density instead of counts\n"
"      --steady W          runs: mark the two last windows of W runs\n"
"      --steady auto       latency-map, timeline: shade the windows before\n"
"                          steady state (bstat --every --steady auto's);\n"
"                          runs: each series' runs before its steady\n"
"                          state, as bstat --steady auto finds it\n"
"      --ci                percentiles from raw values: the interval of each\n"
"                          percentile as a band (--confidence)\n"
"      --every DURATION    latency-map, timeline: the length of a column or\n"
"                          window (10s, 500ms; default: from the span)\n"
"      --ymax V            latency-map: leave out latencies above V (the\n"
"                          outliers counted in the legend); the map and\n"
"                          its axis end at V\n"
"      --facet COL         scalability, box, cdf, hist, violin, runs,\n"
"                          percentiles, path, trend, heatmap, latency-map,\n"
"                          offset-map, timeline: a panel per value of COL\n"
"                          (small multiples), axes, units and colours\n"
"                          shared, one legend\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    %s\n"
"      --table NAME        the table to read of several (iostat: avg-cpu, device)\n"
"  -j, --jobs N            threads to parse a file by: the CPUs, at most 4\n"
"                          (files of 1 MiB a thread and more); -j 1 one.\n"
"                          The results are -j 1's, byte for byte\n"
"  -o, --output OUT        the image (required; whole or not at all)\n"
"      --confidence P      confidence level of the error bars and the fit\n"
"                          band, percent (95)\n"
"      --skip N            drop the first N rows of every group (warm-up);\n"
"                          runs: auto shades what bstat --skip auto drops\n"
"  -q, --quiet             no notes or warnings\n"
"      --lang en|zh        the words for people, Chinese with zh (en)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Repeated rows per x become their mean with a t confidence interval.  Input\n"
"with columns mean, ci_lo, ci_hi (bstat -f csv) is drawn as given.\n",
	    tool_informats(26, 76));
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
static const char *const lohi_opt[4] = { "--xlo", "--xhi", "--ylo", "--yhi" };
static const char *const check_opt[5] = { "--slo", "--limit", "--little N",
	"--little X", "--little R" };

static void
scan_fail(const struct bp_inputs *in, const struct bp_scan *sc,
    const struct bp_request *o)
{
	const char *file = in->bufs[sc->file].name;
	const char *opt = sc->role == BP_ROLE_X && (o->kind->flags &
	    BP_KF_LABELKEY) ?
	    "--label" : role_opt[sc->role], *col = sc->r[sc->role].col;
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
scan_input(const struct bp_inputs *in, const struct tool_common *com,
    const struct bp_request *o, const struct bp_plan *pl)
{
	struct bp_scan sc;

	bp_request_scan(o, pl, &sc);
	if (pl->sfile && in->nbufs > BP_MAX_SERIES)
		die("%zu files: a chart shows at most %d series", in->nbufs,
		    BP_MAX_SERIES);
	if (bp_scan_inputs(&sc, in->bufs, in->nbufs, &com->topts.read) == -1)
		scan_fail(in, &sc, o);
}

/*
 * Load every operand (standard input can be read only once, and the
 * first input's header decides between raw rows and bstat's output),
 * then build the table of the roles' groups.
 */
static void
read_input(struct bp_inputs *in, struct tool_common *com,
    struct bp_request *o, int argc, char **argv, struct bp_plan *pl)
{
	const char *stdin_only[] = { "-" };
	struct bp_header h;
	struct bs_err e;
	int bad;

	if (argc == 0) {
		argc = 1;
		argv = (char **)stdin_only;
	}
	if (bp_inputs_load(in, (const char *const *)argv, (size_t)argc,
	    &e) == -1)
		die_err(&e);
	/* The first header: does it name what the options name? */
	if (bp_header_read(&h, &in->bufs[0], &com->topts.read, &e) == -1)
		die_err(&e);
	/* A time kind with no -x: the format's column of time stamps. */
	if (o->x == NULL && (o->kind->flags & BP_KF_XTIME)) {
		const char *tc = bs_format_time(h.fmt);

		if (tc == NULL || !bp_header_has(&h, tc))
			die("%s needs -x COL, the time stamps (%s has no "
			    "column the format keeps them in)", o->kind->name,
			    in->bufs[0].name);
		o->x = tc;
	}
	bp_request_plan(o, &h, in->nbufs, pl);
	if ((o->kind->flags & BP_KF_MEANS) && o->y == NULL && !pl->bstat)
		die("%s needs -y COL (or bstat's output with columns mean, "
		    "ci_lo and ci_hi)", o->kind->name);
	if (pl->filecol && (in->fname = bp_file_labels(in->bufs, in->nbufs,
	    &bad)) == NULL)
		die("out of memory");
	if (pl->filecol && bad)
		warnmsg("%s", bs_tr("warning: a file name is not valid UTF-8: "
		    "the legend shows U+FFFD for its bad bytes"));
	if (!com->topts.read.no_header) {
		check_column(&h, in->bufs[0].name, "-x", o->x);
		if (!pl->bstat)
			check_column(&h, in->bufs[0].name, "-y", o->y);
		check_column(&h, in->bufs[0].name, "-z", o->z);
		if (!pl->sfile)
			check_column(&h, in->bufs[0].name, "--series",
			    o->series);
		check_column(&h, in->bufs[0].name, "--label", o->label);
		check_column(&h, in->bufs[0].name, "--facet", o->facet);
		for (int i = 0; i < 4; i++)
			check_column(&h, in->bufs[0].name, lohi_opt[i],
			    o->lohi[i]);
		for (int i = 0; i < 5; i++)
			check_column(&h, in->bufs[0].name, check_opt[i],
			    i == 0 ? (o->slo.set ? o->slo.col : NULL) : i == 1 ?
			    (o->limit.set ? o->limit.col : NULL) :
			    *o->little[i - 2] ? o->little[i - 2] : NULL);
	}
	if (pl->pctl == BP_PCTL_NONE)
		die("percentiles needs -y COL (raw values), columns pNN (bstat "
		    "--percentiles) or percentile and value (hgrm, wrk)");
	bp_header_free(&h);
	scan_input(in, com, o, pl);
	com->topts.warn = tool_readwarn;
	com->topts.note = tool_readnote;
	if (bp_inputs_table(in, o, pl, &com->topts, com->skip, &e) == -1)
		die_err(&e);
	/* One series per benchmark, said as the other tools say it. */
	tool_group_note_as(in->t, "--series ''");
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
surface(const struct tool_common *com, const struct bp_request *o)
{
	struct bp_surface *s;
	struct bs_err e;

	if ((s = bp_surface_create(com->output, o->width, o->height, &e)) ==
	    NULL)
		die_err(&e);
	return s;
}

/* The inputs being drawn, for errors about their data. */
static const struct bp_inputs *drawn;

/*
 * An error about the data (no points, a log axis over values <= 0, a fit
 * without enough levels) that names no file: it is said of the inputs,
 * "FILE: what" (files joined with commas when several).
 */
static void
die_data(const struct bs_err *e, const char *series)
{
	char files[512] = "";
	size_t len = 0;

	if (e->file[0] != '\0' || drawn == NULL || drawn->nbufs == 0)
		die_err(e);
	for (size_t i = 0; i < drawn->nbufs && len < sizeof(files); i++)
		len += (size_t)snprintf(files + len, sizeof(files) - len,
		    "%s%s", i ? ", " : "", drawn->bufs[i].name ?
		    drawn->bufs[i].name : "<stdin>");
	die("%s: %s%s%s", files, series ? series : "", series ? ": " : "",
	    e->msg);
}

static void
finish(struct bp_surface *s, int rc, struct bs_err *e)
{
	if (rc != 0) {
		bp_surface_abort(s);
		die_data(e, NULL);
	}
	if (bp_surface_finish(s, e) != 0)
		die_err(e);
}

/* ------------------------------------------------------------------ */
/* Charts */

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
lines_fail(const struct bp_lines *ls, const struct bp_request *o)
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
fit_lines(const struct bp_lines *ls, const struct bp_request *o, double conf,
    struct bs_usl *fit)
{
	struct bs_err e;

	for (size_t i = 0; i < ls->n; i++)
		if (bs_usl_fit(ls->l[i].rx, ls->l[i].ry, ls->l[i].nraw,
		    (enum bs_usl_model)o->fit, conf, &fit[i], &e) == -1) {
			die_data(&e, *ls->l[i].name ? ls->l[i].name : NULL);
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
	/* A poor fit is warned of with the JSON report too. */
	for (size_t i = 0; i < ls->n; i++) {
		if ((t = bs_usl_report_text(&fit[i], ls->n > 1 ||
		    *names[i] ? names[i] : NULL)) == NULL)
			die("out of memory");
		for (line = t; line != NULL; line = nl) {
			if ((nl = strchr(line, '\n')) != NULL)
				*nl++ = '\0';
			if (path == NULL || strncmp(line, "warning: ", 9) == 0)
				warnmsg("%s", line);
		}
		free(t);
	}
	free(names);
}

static void
plot_scalability(const struct bp_inputs *in, const struct tool_common *com,
    const struct bp_request *o, const struct bp_plan *pl)
{
	struct bs_summary_opts so;
	struct bp_lines ls;
	struct bp_surface *s;
	struct bs_usl *fit;
	struct bs_err e;

	summary_opts(com, &so);
	if (bp_lines_gather(&in->r, o->y, pl->bstat, &so, &ls) == -1)
		lines_fail(&ls, o);
	if (in->r.kcol >= 0 && ls.colkey == NULL)
		die("the input holds no means of column '%s'", o->y);
	if (ls.npts == 0)
		die("no values to draw (every %s value is missing)",
		    o->y ? o->y : "mean");
	for (size_t i = 0; i < ls.n; i++)
		if (ls.l[i].n == 0)
			warnmsg(bs_tr("warning: %s: no values"), ls.l[i].name);
	fit = xcalloc(ls.n, sizeof(*fit));
	if (o->fit >= 0)
		fit_lines(&ls, o, com->confidence, fit);
	if (o->fit >= 0 && o->fitreport != NULL)
		open_fit_report(o->fitreport);	/* before the image */
	s = surface(com, o);
	finish(s, bp_draw_scalability(s, o, in, &ls, o->fit >= 0 ? fit : NULL,
	    com->confidence, pl->bstat, &e), &e);
	if (o->fit >= 0)
		report_fits(&ls, fit, o->fitreport);
	bp_lines_free(&ls);
	free(fit);
}

/*
 * Every other kind: gathered (errors before the image is made) and
 * drawn by plots/ through its descriptor.
 */
static void
plot_chart(const struct bp_inputs *in, const struct tool_common *com,
    const struct bp_request *o, const struct bp_plan *pl)
{
	struct bp_drawing d;
	struct bp_surface *s;
	struct bs_err e;

	if (bp_chart_gather(&d, o, in, pl, com->confidence, com->skip, &e) ==
	    -1)
		die_err(&e);
	s = surface(com, o);
	finish(s, bp_chart_draw(s, &d, &e), &e);
	bp_chart_free(&d);
}

/*
 * --slo, --little and --limit look at the load levels before anything is
 * drawn; the SLO's report file is opened before the image, as a fit's.
 */
static void
check_levels(struct bp_inputs *in, const struct tool_common *com,
    const struct bp_request *o, const struct bp_plan *pl)
{
	struct bs_err e;

	if (pl->bstat)
		die("--slo, --little and --limit read rows of measurements, "
		    "not bstat's means");
	if (bp_inputs_check(in, o, com->confidence, &e) == -1)
		die_err(&e);
	if (o->slo.set && o->fitreport != NULL)
		open_fit_report(o->fitreport);
}

/* ------------------------------------------------------------------ */

/*
 * A timeline's windows take each series' rows in time order whatever
 * the input's: rows out of order are said, as bstat --every says them.
 */
static void
order_notes(const struct bp_inputs *in, const struct bp_request *o)
{
	const struct bs_table *t = in->t;

	if (!(o->kind->flags & BP_KF_TIME) || t == NULL)
		return;
	for (size_t g = 0; g < t->ngroups; g++) {
		char *label;

		if (!bs_table_time_unsorted(t, g))
			continue;
		label = tool_label(t, t->groups[g].key, 0, o->y);
		warnmsg(bs_tr("note: %s: time stamps out of order: each window "
		    "takes its rows in time order%s"), label, "");
		free(label);
	}
}

/* Options that mean nothing for this kind are errors, not ignored. */
static void
check_applies(const struct bp_request *o, const struct tool_common *com)
{
	static const char *const text_opt[] = { "--title", "--xlabel",
	    "--ylabel", "--zlabel" };
	enum bp_misuse m;
	size_t which;
	char msg[160];

	switch (m = bp_request_check(o, &which)) {
	case BP_MISUSE_NONE:
		break;
	case BP_MISUSE_SAME_XY:
		die("-x and -y name the same column '%s'", o->x);
	case BP_MISUSE_TEXT_UTF8:
		die("%s: the text is not valid UTF-8", text_opt[which]);
	default:
		bp_misuse_text(m, o->kind, msg, sizeof(msg));
		die("%s", msg);
	}
	if (com->output == NULL)
		die("no output file: give -o OUT with .png, .pdf or .svg");
	if (bp_format_from_path(com->output) < 0)
		die("%s: unknown image format (use .png, .pdf or .svg)",
		    com->output);
	if (o->fitreport != NULL && o->fit >= 0 && o->slo.set)
		die("--fit-report holds the fit or the SLO's findings, not both");
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
	static const struct option common[] = { TOOL_COMMON_LONGOPTS };
	struct option longopts[sizeof(common) / sizeof(common[0]) + 64];
	size_t nlong = 0;
	struct bs_err e;
	struct tool_common com;
	struct bp_request o;
	struct bp_inputs in;
	struct bp_plan pl;
	int ch, k;
	const struct bp_kind *kind;

	/* The tools' common options, then the charts' (plots' table). */
	for (size_t i = 0; i < sizeof(common) / sizeof(common[0]); i++)
		longopts[nlong++] = common[i];
	for (size_t i = 0; bp_optdefs[i].name != NULL; i++)
		longopts[nlong++] = (struct option){ bp_optdefs[i].name,
		    bp_optdefs[i].arg ? required_argument : no_argument, NULL,
		    bp_optdefs[i].code };
	longopts[nlong] = (struct option){ NULL, 0, NULL, 0 };
	tool_init("bplot", &com, argv);
	bp_log_init(glib_fatal);
	bp_request_init(&o);
	/* -y is ours here; -c, -g and -f are not (see check below). */
	while ((ch = getopt_long(argc, argv, "x:y:z:c:g:d:f:o:hqj:", longopts,
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
		if ((k = bp_request_opt(&o, ch, optarg, &e)) == -1)
			die_err(&e);
		if (k == 1)
			usage(stderr, 2);
	}
	if (com.ntags > 0)
		die("--tag adds columns to tables; bplot writes none");
	argc -= optind;
	argv += optind;
	if (argc == 0)
		die("no chart kind given (%s; see bplot --help)", kind_list());
	if ((kind = bp_kind_find(argv[0])) == NULL)
		die("unknown chart kind '%s' (%s)", argv[0], kind_list());
	o.kind = kind;
	argc--;
	argv++;
	/* --skip auto: a runs chart shades what it drops (every run drawn). */
	if (com.skip_auto && strcmp(kind->name, "runs") != 0)
		die("--skip auto applies to runs charts (they shade the runs "
		    "before each series' steady state), not %s: give --skip N",
		    kind->name);
	if (com.skip_auto)
		o.steady_auto = 1;
	tool_output_not_input(com.output, "-o", argc, argv);
	tool_output_not_input(o.fitreport, "--fit-report", argc, argv);
	check_applies(&o, &com);

	read_input(&in, &com, &o, argc, argv, &pl);
	drawn = &in;
	order_notes(&in, &o);
	if (pl.bstat && com.skip)
		die("--skip drops raw rows; the input holds means already "
		    "(give --skip to bstat)");
	if (o.slo.set || o.limit.set || *o.little[0])
		check_levels(&in, &com, &o, &pl);
	/* Fontconfig's failure said in one line, not a crash in Pango. */
	if (bp_fonts_init(&e) == -1)
		die_err(&e);
	/* A kind plots/ does not draw is scalability, with its fits. */
	if (o.kind->draw == NULL)
		plot_scalability(&in, &com, &o, &pl);
	else
		plot_chart(&in, &com, &o, &pl);
	for (size_t i = 0; i < in.found.nline; i++)
		warnmsg("%s", in.found.line[i]);
	if (o.slo.set && o.fitreport != NULL && (fputs(in.found.json,
	    report.fp) == EOF || bs_afile_commit(&report, &e) == -1))
		die("%s: write error", o.fitreport);
	bp_inputs_free(&in);
	return 0;
}
