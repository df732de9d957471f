/*
 * btrend: when did performance change, across the whole history of
 * results.  One row per change point: where, by how much, and whether
 * for the better (the method is libstat/compare/trend.c's, the verdict
 * verdict.c's).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"

enum {
	OPT_MAXP = OPT_TOOL,
	OPT_MINCHANGE,
	OPT_SINCE,
	OPT_LAST,
	OPT_GATE,
	OPT_MINSEG,
	OPT_WINDOW,
	OPT_HIB,
	OPT_LIB,
	OPT_STATE
};

#define MAXRULES	64
#define MAXNOTES	10	/* series named on standard error, then a count */

static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: btrend [options] [FILE...]\n"
"Change points in a history of results: when each metric's level moved.\n"
"\n"
"  -x, --order COL         the order column (commit_index, date, run); rows\n"
"                          with the same value are repetitions of one revision;\n"
"                          default: several FILEs are revisions in the order\n"
"                          given, one FILE is one revision a row\n"
"  -c, --column LIST       value columns (default: every numeric column)\n"
"  -g, --group LIST        one series per group and value column\n"
"                          (default: the benchmarks of a tool's format;\n"
"                          -g '' pools them)\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    auto, csv, tsv, json, ndjson, kv, plain, and the\n"
"                          benchmark tools' formats (as bstat)\n"
"      --table NAME        the table to read of several\n"
"  -j, --jobs N            threads to parse a file by: the CPUs, at most 4\n"
"                          (files of 1 MiB a thread and more); -j 1 one.\n"
"                          The results are -j 1's, byte for byte\n"
"  -f, --format F          %s\n"
"  -o, --output FILE       write there (whole or not at all)\n"
"      --confidence P      confidence level of the change's interval (95)\n"
"      --max-p P           keep a change point when its p (times the places it\n"
"                          could have been: Bonferroni) is below P (0.001)\n"
"      --min-change [COL=]PCT  smallest change reported, percent (0);\n"
"                          repeatable, as bcompare's --threshold\n"
"      --higher-is-better LIST  these columns improve upward\n"
"      --lower-is-better LIST   these columns improve downward\n"
"      --min-segment N     revisions after a change to confirm it, and on each\n"
"                          side of one inside the history (default 2)\n"
"      --window N          revisions per E-divisive window (default 500)\n"
"      --state FILE        keep the searches there for the next run: a history\n"
"                          one revision longer is searched again in its last\n"
"                          window only (the same change points)\n"
"      --since VALUE       report change points at or after this order value\n"
"      --last N            report change points among the last N revisions\n"
"      --gate              exit 1 when a reported step regressed (provisional\n"
"                          ones too; not outliers or withdrawn steps)\n"
"      --tag KEY=VALUE     a constant first column, repeatable\n"
"      --sort ORDER        natural (table, md) or first (csv, tsv, json)\n"
"  -q, --quiet             no notes, hints or warnings\n"
"      --lang en|zh        the words for people, Chinese with zh (en)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Columns: <groups>, column, <order>, n_before, n_after, mean_before,\n"
"mean_after, change, change_ci_lo, change_ci_hi, p, direction, verdict,\n"
"kind (step, outlier, drift), status (confirmed, provisional, moved,\n"
"withdrawn), was, end, slope, slope_lo and slope_hi (a drift's last\n"
"revision, change per revision and its interval); column is metric where a\n"
"group column has that name.  table, md:\n"
"<groups>, metric, <order>, kind, status, before, after, change, p, verdict.\n"
"Exit status: 0; 1 with --gate when a regression is reported; 2 error.\n",
	    tool_outfmts(NULL));
	exit(status);
}

struct opts {
	struct bs_trend_opts	 to;
	struct bs_cmp_opts	 c;
	struct bs_colrule	 thr[MAXRULES];
	const char		*x;
	const char		*since;
	const char		*state;		/* --state FILE */
	size_t			 last;
	int			 haslast, gate;
};

/*
 * The operands into a table: the order column grouped last, so that
 * each group is one revision (the CSV reader skips the headers a history
 * appended to run after run repeats).
 */
static struct bs_table *
readall(struct tool_common *com, const struct opts *o, int argc,
    char **argv, long *xcol)
{
	static char *std[] = { "-" };
	struct bs_table *t;
	struct bs_buf buf;
	struct bs_err e;
	int i;

	if (o->x != NULL) {
		com->topts.postgroups = o->x;
		com->topts.rowgroups = 1;
	}
	/* Several files without -x: each file one revision, in order. */
	com->topts.file_group = o->x == NULL && argc > 1;
	com->topts.warn = tool_readwarn;
	com->topts.note = tool_readnote;
	if (argc == 0) {
		argc = 1;
		argv = std;
	}
	if ((t = bs_table_new(&com->topts)) == NULL)
		die("out of memory");
	for (i = 0; i < argc; i++) {
		if (bs_buf_load(&buf, argv[i], &e) == -1)
			die_err(&e);
		if (bs_table_read(t, &buf, NULL, &e) == -1)
			die_err(&e);
		bs_buf_free(&buf);
	}
	if (bs_table_finish(t, &e) == -1)
		die_err(&e);
	tool_group_note(t);
	tool_factor_note(t, com->topts.groups != NULL);
	*xcol = o->x != NULL ? (long)t->ngcols - 1 :
	    com->topts.file_group ? 0 : -1;
	/* The order column must not be read as a metric. */
	for (size_t k = 0; o->x != NULL && k < t->nvcols; k++)
		if (strcmp(bs_table_vname(t, k), t->names[t->gcols[*xcol]]) ==
		    0)
			die("-x %s is also a value column (-c)", o->x);
	return t;
}

static char *
label(const struct bs_table *t, const struct bs_trend *tr,
    const struct bs_trend_series *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		die("out of memory");
	for (size_t k = 0; k < t->ngcols; k++)
		if ((long)k != tr->xcol)
			fprintf(fp, "%s=%s ", t->names[t->gcols[k]], s->key[k]);
	fputs(s->column, fp);
	if (fclose(fp) == EOF || buf == NULL)
		die("out of memory");
	return buf;
}

static struct bs_result *
newresult(const struct bs_table *t, const struct bs_trend *tr,
    const char *const *cols, size_t ncols)
{
	struct bs_result *r;

	if ((r = bs_result_new()) == NULL)
		die("out of memory");
	for (size_t k = 0; k < t->ngcols; k++)
		if ((long)k != tr->xcol)
			bs_result_addcol(r, t->names[t->gcols[k]]);
	for (size_t k = 0; k < ncols; k++)
		bs_result_addcol(r, cols[k]);
	return r;
}

/* The group cells of a row; the index of the next column. */
static size_t
keycells(struct bs_result *r, size_t row, const struct bs_table *t,
    const struct bs_trend *tr, const struct bs_trend_series *s)
{
	size_t col = 0;

	for (size_t k = 0; k < t->ngcols; k++)
		if ((long)k != tr->xcol)
			bs_result_str(r, row, col++, s->key[k]);
	bs_result_str(r, row, col++, s->column);
	return col;
}

/* What the options ask, as conditions of the compatibility rules. */
enum cond { C_SKIP, C_SINCE, C_LAST };
#define IS(c)		TOOL_BIT(C_##c)

/* Which options go together, in this order. */
static const struct tool_rule rules[] = {
	{ IS(SKIP), 0, "--skip does not apply: a history's first revisions "
	    "are revisions, not warm-up" },
	{ IS(SINCE), IS(LAST), "--since and --last both restrict the report: "
	    "choose one" },
	{ 0, 0, NULL }
};

/* Exit 2 when options that do not go together are given. */
static void
check_options(const struct tool_common *com, const struct opts *o)
{
	tool_check_rules(rules, TOOL_IF(C_SKIP, com->skip > 0 ||
	    com->skip_auto) | TOOL_IF(C_SINCE, o->since != NULL) | TOOL_IF(C_LAST, o->haslast),
	    NULL);
}

/*
 * --state FILE: the searches of the run before, when there was one (a
 * file that is not one is an error, never replaced).
 */
static void
state_load(struct opts *o, const struct tool_common *com, int argc,
    char **argv)
{
	struct bs_buf buf;
	struct bs_err e;
	struct stat st;

	if (o->state == NULL)
		return;
	if (strcmp(o->state, "-") == 0 || *o->state == '\0')
		die("--state takes a file name, not '%s'", o->state);
	tool_output_not_input(o->state, "--state", argc, argv);
	if (com->output != NULL && strcmp(com->output, o->state) == 0)
		die("--state %s is the output (-o): give each its own file",
		    o->state);
	if ((o->to.cache = bs_trend_cache_new()) == NULL)
		die("out of memory");
	if (stat(o->state, &st) == -1 && errno == ENOENT)
		return;
	if (bs_buf_load(&buf, o->state, &e) == -1 ||
	    bs_trend_cache_load(o->to.cache, &buf, &e) == -1)
		die_err(&e);
	bs_buf_free(&buf);
}

/* What this run searched, for the next one; how much it reused. */
static void
state_save(struct opts *o)
{
	struct bs_afile a;
	struct bs_err e;
	size_t reused, made;

	if (o->to.cache == NULL)
		return;
	if (bs_afile_open(&a, o->state, &e) == -1)
		die_err(&e);
	if (bs_trend_cache_write(o->to.cache, a.fp) == -1) {
		bs_afile_abort(&a);
		die("%s: write error: %s", o->state, strerror(errno));
	}
	if (bs_afile_commit(&a, &e) == -1)
		die_err(&e);
	bs_trend_cache_counts(o->to.cache, &reused, &made);
	warnmsg(bs_tr("note: --state %s: %zu of %zu segments searched, %zu "
	    "kept from the run before"), o->state, made, made + reused,
	    reused);
	bs_trend_cache_free(o->to.cache);
	o->to.cache = NULL;
}

/* The two results and what was said about the series without any. */
struct report {
	struct bs_result	*res;		/* the change points */
	struct bs_result	*none;		/* the series without one */
	size_t			 nnone, nshort, nquiet;
	int			 regressed;
	int			 human;		/* table, md: cells for people */
};

static const char *const kinds[] = { "step", "outlier", "drift" };
static const char *const statuses[] = { "confirmed", "provisional", "moved",
    "withdrawn" };

/*
 * The column a series' values are a summary of: bstat's output names
 * it in its group column `column` (NULL when there is none).
 */
static const char *
summary_of(const struct bs_table *t, const struct bs_trend *tr,
    const struct bs_trend_series *s)
{
	for (size_t k = 0; k < t->ngcols; k++)
		if ((long)k != tr->xcol &&
		    strcmp(t->names[t->gcols[k]], "column") == 0)
			return s->key[k];
	return NULL;
}

/*
 * A drift's slope per revision as a percentage of the level before it:
 * as bcompare writes a change, but a slow drift moves by less than
 * 0.1% a revision, where one decimal would say +0.1% for 0.05% and
 * 0.14% alike: three decimals below 1%.
 */
static void
slope_pct(char *buf, size_t len, double slope, double level)
{
	double x = level != 0 ? slope / level : NAN;

	if (isfinite(x) && fabs(x) < 0.01)
		snprintf(buf, len, "%+.3f%%", 100 * x);
	else
		bs_fmt_pct(buf, len, x);
}

/* One change point's cells after the group and metric columns. */
static void
cp_cells(struct report *r, size_t row, size_t col,
    const struct bs_trend_series *s, const struct bs_trend_cp *c,
    const char *of)
{
	struct bs_trend_cells tx;
	char st[160], kd[192];

	bs_result_str(r->res, row, col++, s->x[c->at]);
	/* People read their language (bs_tr); scripts the names. */
	if (c->status == BS_TS_MOVED && c->was != SIZE_MAX)
		snprintf(st, sizeof(st), r->human ? bs_tr("moved (was %s)") :
		    "moved (was %s)", s->x[c->was]);
	else
		snprintf(st, sizeof(st), "%s", r->human ?
		    bs_tr(statuses[c->status]) : statuses[c->status]);
	if (r->human) {
		bs_trend_text(s, c, of, &tx);
		if (c->kind == BS_TK_DRIFT) {
			char sl[48], lo[48], hi[48];
			double b = fabs(c->mean_b);

			slope_pct(sl, sizeof(sl), c->slope, b);
			slope_pct(lo, sizeof(lo), c->slope_lo, b);
			slope_pct(hi, sizeof(hi), c->slope_hi, b);
			snprintf(kd, sizeof(kd), bs_tr("drift to %s (%s/rev "
			    "[%s, %s])"), s->x[c->end], sl, lo, hi);
			bs_result_str(r->res, row, col++, kd);
		} else
			bs_result_str(r->res, row, col++,
			    bs_tr(kinds[c->kind]));
		bs_result_str(r->res, row, col++, st);
		bs_result_str(r->res, row, col++, tx.before);
		bs_result_str(r->res, row, col++, tx.after);
		bs_result_str(r->res, row, col++, tx.change);
		bs_result_str(r->res, row, col++, tx.p);
		bs_result_str(r->res, row, col++, bs_tr(bs_verdict_name(c->v)));
		return;
	}
	bs_result_int(r->res, row, col++, (long long)c->nb);
	bs_result_int(r->res, row, col++, (long long)c->na);
	bs_result_num(r->res, row, col++, c->mean_b);
	bs_result_num(r->res, row, col++, c->mean_a);
	bs_result_num(r->res, row, col++, c->change);
	bs_result_num(r->res, row, col++, c->change_lo);
	bs_result_num(r->res, row, col++, c->change_hi);
	bs_result_num(r->res, row, col++, c->p);
	bs_result_str(r->res, row, col++, c->higher ? "higher" : "lower");
	bs_result_str(r->res, row, col++, bs_verdict_name(c->v));
	bs_result_str(r->res, row, col++, kinds[c->kind]);
	bs_result_str(r->res, row, col++, statuses[c->status]);
	bs_result_str(r->res, row, col++, c->was != SIZE_MAX ? s->x[c->was] :
	    "");
	bs_result_str(r->res, row, col++, c->kind == BS_TK_DRIFT ?
	    s->x[c->end] : "");
	bs_result_num(r->res, row, col++, c->slope);
	bs_result_num(r->res, row, col++, c->kind == BS_TK_DRIFT ?
	    c->slope_lo : NAN);
	bs_result_num(r->res, row, col++, c->kind == BS_TK_DRIFT ?
	    c->slope_hi : NAN);
}

/* The change points of series s that the report shows (--since, --last). */
static size_t
cp_rows(struct report *r, const struct bs_table *t, const struct bs_trend *tr,
    const struct bs_trend_series *s, const struct opts *o)
{
	size_t k, row, col, from = 0, shown = 0;

	if (o->since != NULL)
		from = bs_trend_since(tr, s, o->since);
	else if (o->haslast)
		from = s->nrev > o->last ? s->nrev - o->last : 0;
	for (k = 0; k < s->ncp; k++) {
		const struct bs_trend_cp *c = &s->cp[k];

		if (from == SIZE_MAX || c->at < from)
			continue;
		shown++;
		row = (size_t)bs_result_addrow(r->res);
		col = keycells(r->res, row, t, tr, s);
		cp_cells(r, row, col, s, c, summary_of(t, tr, s));
		/* A spike is no change; a withdrawn point is no longer one. */
		r->regressed |= c->v == BS_V_REGRESSED && c->kind !=
		    BS_TK_OUTLIER && c->status != BS_TS_WITHDRAWN;
	}
	return shown;
}

/* Nothing to report for series s: said, with why. */
static void
none_row(struct report *r, const struct bs_table *t, const struct bs_trend *tr,
    const struct bs_trend_series *s, const struct opts *o)
{
	char *lab, note[128];
	size_t row, col;

	/* The note for people in their language; csv, json in English. */
#define TR(x)	(r->human ? bs_tr(x) : (x))
	if (s->tooshort)
		snprintf(note, sizeof(note), TR("too short to test: %zu "
		    "revision%s, %zu needed"), s->nrev, s->nrev == 1 ?
		    "" : "s", o->to.min_seg + 1);
	else if (s->ncp > 0 && o->since != NULL)
		snprintf(note, sizeof(note), TR("no change point since "
		    "%s (%zu before)"), o->since, s->ncp);
	else if (s->ncp > 0)
		snprintf(note, sizeof(note), TR("no change point in the "
		    "last %zu revisions (%zu before)"), o->last, s->ncp);
	else
		snprintf(note, sizeof(note), TR("no change point in %zu "
		    "revisions"), s->nrev);
#undef TR
	row = (size_t)bs_result_addrow(r->none);
	col = keycells(r->none, row, t, tr, s);
	bs_result_int(r->none, row, col++, (long long)s->nrev);
	bs_result_str(r->none, row, col, note);
	r->nnone++;
	if (s->tooshort ? r->nshort++ < MAXNOTES : r->nquiet++ < MAXNOTES) {
		lab = label(t, tr, s);
		warnmsg("note: %s: %s", lab, note);
		free(lab);
	}
}

/*
 * The name of the metric's column: "column" as every tool's machine
 * output has it, "metric" where a group column already has that name
 * (bstat's output grouped by its column) and always for people.
 */
static const char *
metric_name(const struct bs_table *t, const struct bs_trend *tr, int human)
{
	for (size_t k = 0; k < t->ngcols; k++)
		if ((long)k != tr->xcol &&
		    strcmp(t->names[t->gcols[k]], "column") == 0)
			return "metric";
	return human ? "metric" : "column";
}

/*
 * The history's change points, series by series, and the series
 * without one.
 */
static void
build_report(struct report *r, const struct bs_table *t, const struct bs_trend *tr,
    const struct opts *o, const struct tool_common *com)
{
	const char *xname = tr->xcol >= 0 ? t->names[t->gcols[tr->xcol]] :
	    "index";
	int human = com->outfmt == BS_OUT_TABLE || com->outfmt == BS_OUT_MD;
	const char *metric = metric_name(t, tr, human);
	char chg[64];
	const char *cols[] = { metric, xname, "n_before", "n_after",
	    "mean_before", "mean_after", "change", "change_ci_lo",
	    "change_ci_hi", "p", "direction", "verdict", "kind", "status",
	    "was", "end", "slope", "slope_lo", "slope_hi" };
	const char *hcols[] = { bs_tr(metric), xname, bs_tr("kind"),
	    bs_tr("status"), bs_tr("before"), bs_tr("after"), chg, "p",
	    bs_tr("verdict") };
	const char *ncols[] = { human ? bs_tr(metric) : metric, human ?
	    bs_tr("revisions") : "revisions", human ? bs_tr("note") : "note" };

	if (tr->warn & BS_TW_SORTED)
		warnmsg(bs_tr("warning: the rows are not in order of %s: "
		    "revisions sorted by it"), xname);
	if (tr->warn & BS_TW_DUP)
		warnmsg(bs_tr("warning: %s=%s: rows of this revision lie apart "
		    "in the input (a history appended twice?): taken together "
		    "as its repetitions"), xname, tr->dupx);
	memset(r, 0, sizeof(*r));
	r->human = human;
	snprintf(chg, sizeof(chg), bs_tr("change [%g%% CI]"), com->confidence);
	if (human)
		r->res = newresult(t, tr, hcols, sizeof(hcols) /
		    sizeof(hcols[0]));
	else
		r->res = newresult(t, tr, cols, sizeof(cols) / sizeof(cols[0]));
	r->none = newresult(t, tr, ncols, 3);
	for (size_t i = 0; i < tr->n; i++)
		if (cp_rows(r, t, tr, &tr->s[i], o) == 0)
			none_row(r, t, tr, &tr->s[i], o);
	if (r->nshort > MAXNOTES)
		warnmsg(bs_tr("note: %zu more series too short to test"),
		    r->nshort - MAXNOTES);
	if (r->nquiet > MAXNOTES)
		warnmsg(bs_tr("note: %zu more series without a change point"),
		    r->nquiet - MAXNOTES);
}

/*
 * People read the series without a change point as a table of their
 * own; machines get the change points only, every time the same
 * columns.
 */
static void
write_report(const struct tool_common *com, const struct report *r)
{
	int human = com->outfmt == BS_OUT_TABLE || com->outfmt == BS_OUT_MD;

	if (human && r->res->nrows == 0)
		tool_write_result(com, r->none);
	else if (human && r->nnone > 0) {
		const struct bs_result *both[2] = { r->res, r->none };

		tool_write_results(com, both, 2);
	} else
		tool_write_result(com, r->res);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "order",	      required_argument, NULL, 'x' },
		{ "max-p",	      required_argument, NULL, OPT_MAXP },
		{ "min-change",	      required_argument, NULL, OPT_MINCHANGE },
		{ "since",	      required_argument, NULL, OPT_SINCE },
		{ "last",	      required_argument, NULL, OPT_LAST },
		{ "gate",	      no_argument,	 NULL, OPT_GATE },
		{ "min-segment",      required_argument, NULL, OPT_MINSEG },
		{ "window",	      required_argument, NULL, OPT_WINDOW },
		{ "higher-is-better", required_argument, NULL, OPT_HIB },
		{ "lower-is-better",  required_argument, NULL, OPT_LIB },
		{ "state",	      required_argument, NULL, OPT_STATE },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct opts o;
	struct bs_table *t;
	struct bs_trend tr;
	struct report r;
	struct bs_err e;
	size_t i;
	long xcol;
	int ch;

	tool_init("btrend", &com, argv);
	memset(&o, 0, sizeof(o));
	bs_trend_opts_default(&o.to);
	bs_cmp_opts_default(&o.c);
	o.c.thr = o.thr;
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS "x:",
	    longopts, NULL)) != -1) {
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case 'x':
			o.x = optarg;
			break;
		case OPT_MAXP:
			if (bs_parse_double(optarg, &o.to.max_p) == -1 ||
			    !(o.to.max_p > 0 && o.to.max_p < 1))
				die("--max-p takes a probability between 0 and 1 "
				    "(exclusive), not '%s'", optarg);
			break;
		case OPT_MINCHANGE:
			tool_pct_rule("min-change", optarg, &o.c.threshold,
			    o.thr, &o.c.nthr, MAXRULES);
			break;
		case OPT_SINCE:
			o.since = optarg;
			break;
		case OPT_LAST:
			if (bs_parse_size(optarg, &o.last) == -1 || o.last < 1)
				die("--last takes a number of revisions (>= 1), "
				    "not '%s'", optarg);
			o.haslast = 1;
			break;
		case OPT_GATE:
			o.gate = 1;
			break;
		case OPT_MINSEG:
			if (bs_parse_size(optarg, &o.to.min_seg) == -1 ||
			    o.to.min_seg < 2)
				die("--min-segment takes a number of revisions "
				    "(>= 2), not '%s'", optarg);
			break;
		case OPT_WINDOW:
			if (bs_parse_size(optarg, &o.to.window) == -1 ||
			    o.to.window < 8)
				die("--window takes a number of revisions (>= 8), "
				    "not '%s'", optarg);
			break;
		case OPT_HIB:
			o.c.hib = optarg;
			break;
		case OPT_LIB:
			o.c.lib = optarg;
			break;
		case OPT_STATE:
			o.state = optarg;
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	tool_output_not_input(com.output, "-o", argc, argv);
	check_options(&com, &o);
	state_load(&o, &com, argc, argv);
	o.to.confidence = com.confidence;
	o.to.cmp = &o.c;
	o.c.confidence = com.confidence;

	t = readall(&com, &o, argc, argv, &xcol);
	if (bs_cmp_check_list("--higher-is-better", o.c.hib, t, &e) == -1 ||
	    bs_cmp_check_list("--lower-is-better", o.c.lib, t, &e) == -1)
		die_err(&e);
	for (i = 0; i < o.c.nthr; i++)
		if (bs_cmp_check_list("--min-change", o.thr[i].pat, t, &e) ==
		    -1)
			die_err(&e);
	if (bs_trend_table(&tr, t, xcol, &o.to, &e) == -1)
		die_err(&e);
	build_report(&r, t, &tr, &o, &com);
	write_report(&com, &r);
	state_save(&o);
	bs_result_free(r.res);
	bs_result_free(r.none);
	bs_trend_free(&tr);
	bs_table_free(t);
	for (i = 0; i < o.c.nthr; i++)
		free((char *)o.thr[i].pat);
	return o.gate && r.regressed ? 1 : 0;
}
