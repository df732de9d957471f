/*
 * bcompare: baseline against candidate.  The comparison itself (pairing,
 * tests, changes and intervals, direction, verdicts) is libstat's
 * (verdict.c); this file holds the options, the wording and the output.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"
#include "htmlchart.h"
#include "plots.h"

enum {
	OPT_TEST = OPT_TOOL,
	OPT_ALPHA,
	OPT_THRESHOLD,
	OPT_EQUIV,
	OPT_HIB,
	OPT_ADJUST,
	OPT_GATE,
	OPT_PAIRED,
	OPT_VARIANT,
	OPT_BASELINE,
	OPT_CANDIDATE,
	OPT_LIB,
	OPT_STAT,
	OPT_SAME_ENV,
	OPT_OK,
	OPT_APDEX,
	OPT_SPREAD,
	OPT_POWER,
	OPT_PLAN,
	OPT_SHIFT,
	OPT_STEADY
};

struct opts {
	struct bs_cmp_opts	 c;
	int			 gate;
	const char		*variant;
	const char		*vbase, *vcand;
	const char		**vc;		/* the candidates of a variant */
	size_t			 nvc;
	struct bs_colrule	 thr[64];	/* --threshold COL=PCT */
	char			*hib, *lib;	/* joined when repeated */
	const char		*test;		/* --test as given, or NULL */
	int			 same_env;	/* --same-env */
	int			 zh;		/* --lang zh */
	enum bs_spread		 spread;	/* --spread */
	int			 report;	/* -f record or html: BS_OUT_* */
	const char		*name_b, *name_c;
	int			 shift;		/* --shift */
};

/* The reports only bcompare writes, beside the result tables. */
static const struct tool_outfmt formats[] = {
	{ "record", BS_OUT_RECORD, "(the experiment record, Markdown)", 0 },
	{ "html", BS_OUT_HTML, "(one file)", 0 },
	{ NULL, 0, NULL, 0 }
};

/* --power P: the power of the runs needed, 0 < P < 1. */
static double
power_arg(const char *arg)
{
	double	 v;

	if (bs_parse_double(arg, &v) == -1 || !(v > 0 && v < 1))
		die("--power takes a power between 0 and 1, not '%s'", arg);
	return v;
}

/* --plan 2% or 2: the change to detect, as a ratio (a threshold). */
static double
plan_pct(const char *arg)
{
	char	 buf[64];
	size_t	 len = strlen(arg);
	double	 v;

	if (len > 0 && len < sizeof(buf) && arg[len - 1] == '%')
		len--;
	if (len >= sizeof(buf))
		len = 0;
	memcpy(buf, arg, len);
	buf[len] = '\0';
	if (bs_parse_double(buf, &v) == -1 || !(v > 0) || !(v < 1e6))
		die("--plan takes a percentage (> 0), not '%s'", arg);
	return v / 100;
}

static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: bcompare [options] BASELINE CANDIDATE\n"
"       bcompare [options] --variant COL [--baseline V] [--candidate V] [FILE]\n"
"Did the candidate change the metrics? Per group and value column: a test,\n"
"the change with its confidence interval, effect sizes and a verdict.\n"
"\n"
"  -c, --column LIST       value columns (default: every numeric column but\n"
"                          run, rep, repetition, iteration, iter, trial, seq,\n"
"                          index, id)\n"
"  -g, --group LIST        match metrics by these columns\n"
"                          (default: the benchmarks of a tool's format;\n"
"                          -g '' pools them)\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    %s\n"
"      --table NAME        the table to read of several (iostat: avg-cpu, device)\n"
"  -j, --jobs N            threads to parse a file by: the CPUs, at most 4\n"
"                          (files of 1 MiB a thread and more); -j 1 one.\n"
"                          The results are -j 1's, byte for byte\n"
"  -f, --format F          %s\n"
"  -o, --output FILE       write there (whole or not at all)\n"
"      --confidence P      confidence level of the intervals (95)\n"
"      --skip N            drop the first N samples of every group and side\n"
"                          (auto: each side's runs before its steady state,\n"
"                          as --steady auto finds it, said in a note)\n"
"      --steady auto       classify each side's runs (flat, warm-up,\n"
"                          slowdown, no steady state) from change points: a\n"
"                          note and the verdict's note name a side not steady\n"
"      --replicate COL     the values sit in units numbered by COL (a process,\n"
"                          a fork), repeatable, outermost first: the methods\n"
"                          compare the top units' means (default: the\n"
"                          format's nesting; '' every value a run)\n"
"      --test welch|mwu|ks  Welch's t (default), Mann-Whitney U or\n"
"                          Kolmogorov-Smirnov (the whole distribution)\n"
"      --stat mean|median|pNN  compare this statistic (p99, p99.9): its\n"
"                          change with a bootstrap or order-statistic\n"
"                          interval (default: the test's own)\n"
"      --alpha A           significance level (0.05)\n"
"      --threshold [COL=]PCT  smallest change that matters, percent (0);\n"
"                          repeat for columns (names or globs)\n"
"      --equivalence PCT   margin of \"unchanged\" when no threshold (1)\n"
"      --power P           power of the runs needed an inconclusive verdict\n"
"                          names (0.8)\n"
"      --plan PCT          the runs per side that detect PCT (2%%) for every\n"
"                          metric, in its note (sets --threshold PCT)\n"
"      --shift             the shift function after the table: each decile's\n"
"                          difference (Harrell-Davis) with intervals that\n"
"                          hold together at 95%% (csv, tsv, json: its rows only)\n"
"      --higher-is-better LIST  these columns improve upward (names or\n"
"                          globs; rates already do: /s, _per_sec, rps, ...)\n"
"      --lower-is-better LIST   these columns improve downward\n"
"      --adjust holm|bh|none    multiple-comparison adjustment (holm)\n"
"      --gate              exit 1 if any metric regressed\n"
"      --spread ci|sd      -f md: a centre's ± is its own interval's\n"
"                          half-width (ci, default) or the runs' sd/mean\n"
"      --paired            paired samples (interleaved A/B runs): paired t\n"
"                          or Wilcoxon signed rank\n"
"      --variant COL       one input split by the values of COL\n"
"      --ok COND           which requests succeed (status<400, COL=TEXT, or a\n"
"                          success flag COL): a metric error_rate per group,\n"
"                          the difference with Newcombe's interval, Fisher's\n"
"                          exact p for small counts; lower is better\n"
"      --apdex T           a metric apdex per group at T in the values' unit\n"
"                          or with its own (500ms: in each column's unit)\n"
"                          (satisfied <= T, tolerating <= 4T); higher is better\n"
"      --baseline V        the baseline value of COL (default: the first)\n"
"      --candidate V       one candidate value (default: every other)\n"
"      --tag KEY=VALUE     a constant first column in csv, tsv, json; repeatable\n"
"      --same-env          with --gate: the two sides' fingerprints must not\n"
"                          differ in what changes performance (CPU,\n"
"                          governor, boost, kernel, cores): exit 2 if they do\n"
"      --lang en|zh        the words for people: table, md, record, html (en)\n"
"      --raw               no unit scaling in table and md\n"
"      --sort ORDER        natural (table, md) or first (csv, tsv, json)\n"
"  -q, --quiet             no notes, hints or warnings\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Columns (csv, tsv, json): <groups>, column, n_base, n_cand, mean_base,\n"
"mean_cand, median_base, median_cand, diff, diff_ci_lo, diff_ci_hi, change,\n"
"change_ci_lo, change_ci_hi, test, statistic, df, p, p_adj, cohen_d,\n"
"cliff_delta, verdict, direction, note, direction_rule (and baseline,\n"
"candidate with --variant; stat, stat_base, stat_cand with --stat).\n"
"Verdicts: improved/regressed (p_adj < alpha and |change| >= threshold),\n"
"unchanged (the interval lies within +-margin), inconclusive, missing.\n"
"Exit status: 0, or 1 with --gate when a metric regressed; 2 on error.\n",
	    tool_informats(26, 76), tool_outfmts(formats));
	exit(status);
}

struct report {
	const struct bs_comparison	*cmp;
	const struct bs_table		*t;
	struct bs_report_opts		 ro;
	enum bs_outfmt			 f;
	struct bs_result		*shift;	/* --shift's, or NULL */
};

/* Does the HTML report draw a chart: a metric with values on a side? */
static int
charted(const struct bs_comparison *cmp)
{
	for (size_t i = 0; i < cmp->n; i++)
		if (!cmp->m[i].summary && cmp->m[i].b != NULL &&
		    cmp->m[i].c != NULL && cmp->m[i].nb + cmp->m[i].nc > 0)
			return 1;
	return 0;
}

/*
 * GLib ends the process when it cannot allocate or start a thread under
 * Pango: an error like any other, one line, exit 2, the output file's
 * temporary removed.
 */
static int errfd = 2;	/* standard error, also while it is muted */

static void
glib_fatal(const char *msg)
{
	bs_tmp_cleanup();
	fflush(stdout);
	dprintf(errfd, "%s: drawing the charts: %s\n", progname, msg);
	_exit(2);
}

/*
 * Set the fonts up with standard error muted: fontconfig prints its own
 * lines when it fails ("Fontconfig error: ... out of memory"); the
 * failure is said in one line by the caller.
 */
static int
fonts_quiet(struct bs_err *e)
{
	int save = dup(2), null = open("/dev/null", O_WRONLY), rc;

	fflush(stderr);
	if (save != -1 && null != -1) {
		dup2(null, 2);
		errfd = save;
	}
	rc = bp_fonts_init(e);
	if (save != -1 && null != -1) {
		dup2(save, 2);
		errfd = 2;
	}
	if (save != -1)
		close(save);
	if (null != -1)
		close(null);
	return rc;
}

static int
report_put(FILE *fp, void *arg)
{
	const struct report *r = arg;

	if (bs_comparison_write(fp, r->cmp, r->t, &r->ro, r->f) == -1)
		return -1;
	/* --shift: its section after the report for people. */
	if (r->shift != NULL && (fputc('\n', fp) == EOF ||
	    bs_result_write(r->shift, r->f, fp) == -1))
		return -1;
	return 0;
}

/*
 * --shift: the shift function of every metric, nine rows each, named as
 * the comparison's machine rows are; a note where the medians agree and
 * a tail does not, or a side is too small for the critical value.
 */
static struct bs_result *
shift_result(const struct bs_comparison *cmp, const struct bs_table *t)
{
	static const char *const cols[] = { "column", "decile", "base",
	    "cand", "diff", "ci_lo", "ci_hi" };
	struct bs_result *res;
	struct bs_shift sh;
	size_t i, k, c, row;
	char *label, dec[64];
	int d, n;

	if ((res = bs_result_new()) == NULL)
		die("out of memory");
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
		bs_result_addcol(res, cols[k]);
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		if (bs_shift_function(m->b, m->nb, m->c, m->nc, &sh) == -1)
			continue;
		for (d = 0; d < BS_SHIFT_N; d++) {
			row = (size_t)bs_result_addrow(res);
			c = 0;
			for (k = cmp->keyfrom; k < t->ngcols; k++)
				if ((long)k != cmp->keyskip)
					bs_result_str(res, row, c++, m->key[k]);
			bs_result_str(res, row, c++, m->column);
			bs_result_num(res, row, c++, (d + 1) / 10.0);
			bs_result_num(res, row, c++, sh.base[d]);
			bs_result_num(res, row, c++, sh.cand[d]);
			bs_result_num(res, row, c++, sh.diff[d]);
			bs_result_num(res, row, c++, sh.lo[d]);
			bs_result_num(res, row, c++, sh.hi[d]);
		}
		label = tool_label(t, m->key, cmp->keyfrom, m->column);
		if (sh.tails) {
			dec[0] = '\0';
			for (d = 0, n = 0; d < BS_SHIFT_N; d++)
				if (sh.differ & (1u << d))
					n += snprintf(dec + n, sizeof(dec) - n,
					    "%s%d", n ? ", " : "", d + 1);
			warnmsg(bs_tr("note: %s: the medians agree (the "
			    "shift function's interval at the median holds 0) "
			    "but decile%s %s differ%s: the tails or the spread "
			    "changed"), label, strchr(dec, ',') ? "s" : "", dec,
			    strchr(dec, ',') ? "" : "s");
		}
		if (sh.fewer)
			warnmsg(bs_tr("note: %s: fewer than 10 values on a "
			    "side: the shift function's intervals may not hold "
			    "together at 95%%"), label);
		if (sh.jackknife)
			warnmsg(bs_tr("note: %s: more than %d values on a side: "
			    "the shift function's standard errors are the "
			    "jackknife's (Harrell and Davis 1982), not the "
			    "bootstrap's"), label, BS_SHIFT_BOOT_MAX);
		free(label);
	}
	if (res->failed)
		die("out of memory");
	return res;
}

/* The comparison written out: its fonts first for the HTML report. */
static void
write_out(const struct tool_common *com, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_table *tc, const struct opts *o)
{
	struct html_charts hc = { 0 };
	struct report r = { cmp, t, { &o->c, com->confidence, o->variant,
	    o->vbase, o->vc, o->nvc, &t->meta, tc ? &tc->meta : &t->meta,
	    o->name_b, o->name_c, o->zh, html_chart, &hc, tool_natural(com),
	    com->raw, tool_width(com), o->spread },
	    o->report ? (enum bs_outfmt)o->report : com->outfmt, NULL };

	struct bs_result *res;
	struct bs_err e;

	if (o->shift && (com->outfmt == BS_OUT_CSV || com->outfmt ==
	    BS_OUT_TSV || com->outfmt == BS_OUT_JSON)) {
		/* One rectangle in a machine format: the shift's rows. */
		res = shift_result(cmp, t);
		tool_write_result(com, res);
		bs_result_free(res);
		return;
	}
	if (o->report == BS_OUT_HTML && charted(cmp)) {
		/* Only the HTML report's charts lay text out (Pango). */
		bp_log_init(glib_fatal);
		if (fonts_quiet(&e) == -1)
			die_err(&e);
	}
	/*
	 * --tag: the machine formats are what histories are made of; they
	 * get the tag columns first.  The reports for people stay as they
	 * are.
	 */
	if (com->ntags > 0 && (com->outfmt == BS_OUT_CSV ||
	    com->outfmt == BS_OUT_TSV || com->outfmt == BS_OUT_JSON)) {
		if ((res = bs_comparison_machine(cmp, t, &r.ro)) == NULL)
			die("out of memory");
		tool_write_result(com, res);
		bs_result_free(res);
		return;
	}
	if (o->shift)
		r.shift = shift_result(cmp, t);
	tool_write(com, report_put, &r);
	bs_result_free(r.shift);
}

#define NWARN		10	/* kinds of warning (BS_CW_*) */
#define WARNMAX		5	/* lines of one kind before a count */

/* A side whose runs trend over their order (BS_CW_TREND_*). */
static void
trend_warning(const char *label, const struct bs_metric *m)
{
	for (int c = 0; c < 2; c++)
		if (m->warn & (c ? BS_CW_TREND_C : BS_CW_TREND_B))
			warnmsg(bs_tr("warning: %s: %s runs trend over run "
			    "order (%+.1f%% from first to last run, slope p "
			    "%.2g): a drift of the machine may be the change; "
			    "interleave the two sides"), label,
			    bs_tr(c ? "candidate" : "baseline"),
			    100 * (c ? m->trend_c : m->trend_b), c ? m->trend_pc :
			    m->trend_pb);
}

/*
 * What the comparison flagged, one line per finding in metric order: the
 * first WARNMAX of each kind, then how many more (thousands of groups
 * would otherwise bury the table).
 */
static void
warnings(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct opts *o)
{
	static const char *const what[NWARN] = { "in one input only",
	    "with fewer than 2 values on a side", "with fewer than 10 values "
	    "on a side", "without spread", "whose rank test cannot reach "
	    "alpha", "with autocorrelated baseline runs", "with "
	    "autocorrelated candidate runs", "that look multimodal", "whose "
	    "baseline runs trend", "whose candidate runs trend" };
	size_t seen[NWARN] = { 0 }, k;

	for (size_t i = 0; i < cmp->nunmeasured; i++)
		warnmsg(bs_tr("note: %s: no value in either input: left out"),
		    cmp->unmeasured[i]);
	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		unsigned w = 0;
		char *label;

		for (k = 0; k < NWARN; k++)
			if ((m->warn & (1u << k)) && seen[k]++ < WARNMAX)
				w |= 1u << k;
		if (w == 0)
			continue;
		label = tool_label(t, m->key, cmp->keyfrom, m->column);
		if (w & BS_CW_ONESIDE)
			warnmsg(bs_tr("warning: %s: only in the %s: verdict "
			    "missing"), label, bs_tr(m->has_b ? "baseline" :
			    "candidate"));
		if (w & BS_CW_TOOFEW)
			warnmsg(bs_tr("warning: %s: fewer than 2 values on a "
			    "side (%zu baseline, %zu candidate): no test"),
			    label, m->nb, m->nc);
		if ((w & BS_CW_FEWREPS) && (m->lv_b.state == BS_LV_ON ||
		    m->lv_c.state == BS_LV_ON))
			warnmsg(bs_tr("warning: %s: %zu baseline and %zu "
			    "candidate %s (units of replication): run at least "
			    "10"),
			    label, m->nb, m->nc, tool_plural(t->nrep > 0 ?
			    t->names[t->repcols[0]] : "unit"));
		else if (w & BS_CW_FEWREPS)
			warnmsg(bs_tr("warning: %s: %zu baseline and %zu "
			    "candidate values: run at least 10 repetitions"),
			    label,
			    m->nb, m->nc);
		if (w & BS_CW_NOSPREAD)
			warnmsg(bs_tr("warning: %s: every value on each side "
			    "is identical: no spread"), label);
		if (w & BS_CW_MINP)
			warnmsg(bs_tr("warning: %s: with %zu and %zu values "
			    "the %s test cannot reach p < %g (smallest p "
			    "%.3g): add repetitions"), label, m->nb, m->nc,
			    o->c.paired ? "signed-rank" : "Mann-Whitney",
			    o->c.alpha, m->minp);
		if (w & BS_CW_AC_BASE)
			tool_autocorr_warning(label, "baseline runs", m->r1_b,
			    m->nb);
		if (w & BS_CW_AC_CAND)
			tool_autocorr_warning(label, "candidate runs", m->r1_c,
			    m->nc);
		if (w & BS_CW_MODES) {
			int mb = m->mv_b >= BS_MVALUE_MODES;
			int mc = m->mv_c >= BS_MVALUE_MODES;
			char mv[64];

			if (mb && mc)
				snprintf(mv, sizeof(mv), bs_tr("baseline and "
				    "candidate look multimodal (mvalue %.2f and "
				    "%.2f)"), m->mv_b, m->mv_c);
			else
				snprintf(mv, sizeof(mv), bs_tr("%s looks "
				    "multimodal (mvalue %.2f)"), bs_tr(mb ?
				    "baseline" : "candidate"), mb ? m->mv_b :
				    m->mv_c);
			warnmsg(bs_tr("warning: %s: the %s: a mean hides the "
			    "modes; compare medians and percentiles (--test "
			    "mwu, --stat pNN)"), label, mv);
		}
		if (w & (BS_CW_TREND_B | BS_CW_TREND_C))
			trend_warning(label, m);
		free(label);
	}
	for (k = 0; k < NWARN; k++)
		if (seen[k] > WARNMAX)
			warnmsg(bs_tr("warning: %zu more metrics %s"),
			    seen[k] - WARNMAX, bs_tr(what[k]));
}

/*
 * The two sides' fingerprints: a note for each key that differs, a
 * warning for one that changes performance.  --same-env with --gate
 * refuses those (exit 2): the comparison would measure the machine, not
 * the change.  Without --gate it says so as a warning.
 */
static void
env_compare(const struct bs_meta *b, const struct bs_meta *c,
    const struct opts *o)
{
	struct bs_metadiff *d;
	size_t n, i, l = 0;
	char keys[512] = "";

	if (o->same_env && (b->n == 0 || c->n == 0)) {
		const char *side = b->n == 0 && c->n == 0 ? "both sides "
		    "carry" : b->n == 0 ? "the baseline carries" :
		    "the candidate carries";

		if (o->gate)
			die("--same-env: %s no fingerprint (put benv's output "
			    "before the results)", side);
		warnmsg(bs_tr("warning: --same-env: %s no fingerprint (put "
		    "benv's output before the results); an error with --gate"),
		    bs_tr(side));
	}
	if (bs_meta_diff(b, c, &d, &n) == -1)
		die("out of memory");
	for (i = 0; o->same_env && i < n; i++)
		if (d[i].kind == BS_MK_PERF && l < sizeof(keys))
			l += (size_t)snprintf(keys + l, sizeof(keys) - l,
			    "%s%s (%s -> %s)", l ? ", " : "", d[i].key, d[i].b ?
			    d[i].b : "(none)", d[i].c ? d[i].c : "(none)");
	if (l > 0 && o->gate)
		die("--same-env: the environments differ in %s: the "
		    "comparison is not valid", keys);
	if (l > 0)
		warnmsg(bs_tr("warning: --same-env: the environments differ in "
		    "%s: the comparison is not valid; an error with --gate"),
		    keys);
	/* Each key once: those --same-env named are said. */
	for (i = 0; i < n; i++) {
		if (l > 0 && d[i].kind == BS_MK_PERF)
			continue;
		warnmsg(bs_tr("%s: environment differs in %s%s: %s -> %s"),
		    d[i].kind == BS_MK_PERF ? "warning" : "note", d[i].key,
		    d[i].kind == BS_MK_PERF ? bs_tr(", which changes "
		    "performance") : "", d[i].b ? d[i].b : bs_tr("(none)"),
		    d[i].c ? d[i].c : bs_tr("(none)"));
	}
	free(d);
}

static int
regressed(const struct bs_comparison *cmp)
{
	for (size_t i = 0; i < cmp->n; i++)
		if (cmp->m[i].v == BS_V_REGRESSED)
			return 1;
	return 0;
}

/* Append a comma list to a repeated option's list. */
static void
addlist(char **list, const char *arg)
{
	char *n;

	if (asprintf(&n, "%s%s%s", *list ? *list : "", *list ? "," : "",
	    arg) == -1)
		die("out of memory");
	free(*list);
	*list = n;
}

/*
 * What the options ask, as conditions of the compatibility rules: an
 * option given, what --stat chose, how many operands.
 */
enum cond {
	C_BASE, C_CAND, C_VARIANT, C_STATMEAN, C_STATPCT, C_NOTMEAN, C_TEST,
	C_MANY, C_NOTTWO, C_RATES, C_SKIPAUTO, C_PAIRED
};
#define IS(c)		TOOL_BIT(C_##c)

/*
 * Which options go together, in this order.  A statistic brings its own
 * method: the mean Welch's t, a percentile the bootstrap or order
 * statistics.
 */
static const struct tool_rule rules[] = {
	{ IS(BASE) | IS(CAND), TOOL_UNLESS | IS(VARIANT), "--baseline and "
	    "--candidate go with --variant" },
	{ IS(STATMEAN), IS(NOTMEAN), "--stat mean is compared by Welch's t: "
	    "not with --test %s" },
	{ IS(STATPCT), IS(TEST), "--stat %s has its own interval (bootstrap or "
	    "order statistics): not with --test %s" },
	{ IS(VARIANT), IS(MANY), "--variant takes one input, not %s" },
	{ IS(RATES), IS(VARIANT), "--ok and --apdex compare two inputs' "
	    "requests: not with --variant" },
	{ IS(SKIPAUTO), IS(PAIRED) | IS(RATES), "--skip auto drops each "
	    "side's runs before its own steady state: not with --paired (the "
	    "runs pair up), --ok or --apdex (the requests' rows count alike)" },
	{ IS(NOTTWO), TOOL_UNLESS | IS(VARIANT), "two inputs, BASELINE and "
	    "CANDIDATE, or --variant COL (see bcompare --help)" },
	{ 0, 0, NULL }
};

/*
 * Exit 2 when options that do not go together are given, or operands
 * that do not go with them (argc of them).
 */
static void
check_options(const struct opts *o, int argc, int skip_auto)
{
	const char *vals[C_PAIRED + 1] = { NULL };
	char n[32];

	snprintf(n, sizeof(n), "%d", argc);
	vals[C_STATPCT] = o->c.stat_name;
	vals[C_TEST] = o->test;
	vals[C_NOTMEAN] = o->test;
	vals[C_MANY] = n;
	if (o->shift && o->report)
		die("--shift: not with -f record or html");
	tool_check_rules(rules, TOOL_IF(C_BASE, o->vbase) |
	    TOOL_IF(C_CAND, o->vcand) | TOOL_IF(C_VARIANT, o->variant) |
	    TOOL_IF(C_STATMEAN, o->c.stat == BS_STAT_MEAN) |
	    TOOL_IF(C_STATPCT, o->c.stat == BS_STAT_QUANTILE) |
	    TOOL_IF(C_NOTMEAN, o->c.test != NULL &&
	    o->c.test->centre != BS_MC_MEAN) | TOOL_IF(C_TEST, o->test) |
	    TOOL_IF(C_MANY, argc > 1) | TOOL_IF(C_NOTTWO, argc != 2) |
	    TOOL_IF(C_RATES, o->c.rates || o->c.apdex > 0) |
	    TOOL_IF(C_SKIPAUTO, skip_auto) |
	    TOOL_IF(C_PAIRED, o->c.paired), vals);
}

/*
 * The baseline and, unless --variant splits one input, the candidate
 * (*tc); the fingerprints of two inputs compared.  *groups is the
 * grouping the candidate was read with (allocated), or NULL.
 */
static struct bs_table *
read_sides(struct tool_common *com, struct opts *o, int argc, char **argv,
    struct bs_table **tc, char **groups)
{
	struct bs_table *tb;
	struct bs_err e;

	*tc = NULL;
	*groups = NULL;
	if (o->variant) {
		/* The variant is the first group column. */
		com->topts.pregroups = o->variant;
		tb = tool_read_table(com, argc, argv);
		if (bs_variant_sides(tb, o->variant, &o->vbase, o->vcand, &o->vc,
		    &o->nvc, &e) == -1)
			die_err(&e);
		return tb;
	}
	tb = tool_read_table(com, 1, &argv[0]);
	/* Both sides grouped alike: the candidate as the baseline. */
	if (com->topts.groups == NULL && tb->nauto > 0)
		com->topts.groups = *groups = tool_auto_groups(tb);
	*tc = tool_read_table(com, 1, &argv[1]);
	o->name_b = argv[0];
	o->name_c = argv[1];
	env_compare(&tb->meta, &(*tc)->meta, o);
	return tb;
}

/*
 * Nested runs: what was compared (the top-level units' means; a
 * percentile's values, its interval resampling the units), once; a
 * side of one unit, which is compared value by value, warned.
 */
static void
levels_notes(const struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, const struct opts *o)
{
	const struct bs_table *t2 = tc != NULL ? tc : tb;
	int said = 0;

	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		char *label;

		if (m->lv_b.state == BS_LV_NONE && m->lv_c.state == BS_LV_NONE)
			continue;
		label = tool_label(tb, m->key, cmp->keyfrom, m->column);
		tool_levels_warn(tb, &m->lv_b, label);
		tool_levels_warn(t2, &m->lv_c, label);
		if (!said && (m->lv_b.state == BS_LV_ON ||
		    m->lv_c.state == BS_LV_ON)) {
			char cb[128];

			said = 1;
			tool_levels_note(tb->nrep > 0 ? tb : t2);
			snprintf(cb, sizeof(cb), "%s", m->lv_b.state ==
			    BS_LV_ON ? tool_levels_count(tb, &m->lv_b) :
			    bs_tr("the values"));
			warnmsg(bs_tr("note: %s: compared at the unit of "
			    "replication: %s vs %s (%s)"), label, cb,
			    m->lv_c.state == BS_LV_ON ? tool_levels_count(t2,
			    &m->lv_c) : bs_tr("the values"), bs_tr(o->c.stat ==
			    BS_STAT_QUANTILE ? "the percentiles of the values, "
			    "the interval by resampling the units" : "the "
			    "methods take the units' means"));
		}
		free(label);
	}
}

/*
 * --steady auto: each side whose runs are not flat, in a note (the
 * verdict's own note says it rests on them), or that every side is;
 * --skip auto: what it dropped of each side, or that it dropped nothing.
 */
static void
steady_notes(const struct bs_comparison *cmp, const struct bs_table *t,
    int skip_auto)
{
	size_t nflat = 0, nside = 0;

	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		char *label, *sl;

		for (int k = 0; k < 2; k++) {
			const struct bs_steady *st = &m->st[k];

			if (!m->has_st[k])
				continue;
			nside++;
			label = tool_label(t, m->key, cmp->keyfrom, m->column);
			if (asprintf(&sl, bs_tr("%s (%s)"), label,
			    bs_tr(k ? "candidate" : "baseline")) == -1)
				die("out of memory");
			if (skip_auto)
				tool_skip_auto_note(sl, st, m->skip[k],
				    m->nst[k]);
			else if (st->cls == BS_SC_FLAT)
				nflat++;
			else if (st->cls == BS_SC_NONE)
				warnmsg(bs_tr("note: %s: steady state: none (%zu "
				    "segments; the last from run %zu holds under "
				    "a quarter of the %zu runs): the verdict is "
				    "of a moving level"), sl, st->nseg,
				    st->start + 1, m->nst[k]);
			else
				warnmsg(bs_tr("note: %s: not steady: %s, steady "
				    "state from run %zu (%zu segments in %zu runs): "
				    "the verdict includes the runs before it; --skip "
				    "auto drops them"), sl,
				    bs_tr(bs_steady_name(st->cls)),
				    st->start + 1, st->nseg, m->nst[k]);
			free(sl);
			free(label);
		}
	}
	if (!skip_auto && nside > 0 && nflat == nside)
		warnmsg(bs_tr("note: --steady auto: the runs of every side are "
		    "flat (%zu sides, no change point)"), nside);
}

/*
 * The comparison of the sides read, with its warnings: values by a
 * test, summaries (bstat's output, hyperfine's CSV) by their moments.
 */
static void
compare(struct bs_comparison *cmp, const struct tool_common *com,
    const struct opts *o, const struct bs_table *tb,
    const struct bs_table *tc)
{
	struct bs_side_steady *sb = NULL, *sc = NULL;
	struct bs_cmp_opts c;
	struct bs_err e;
	int rc, summary;

	if (bs_cmp_check_list("--higher-is-better", o->c.hib, tb, &e) == -1 ||
	    bs_cmp_check_list("--lower-is-better", o->c.lib, tb, &e) == -1 ||
	    bs_cmp_check_rules(&o->c, tb, &e) == -1)
		die_err(&e);
	summary = com->topts.columns == NULL && bs_table_is_summary(tb);
	if (tc != NULL && summary != (com->topts.columns == NULL &&
	    bs_table_is_summary(tc)))
		die("one input holds summaries (n, mean, sd) and the other "
		    "values: compare like with like");
	if (summary && o->variant)
		die("--variant %s: the input holds summaries (n, mean, sd); "
		    "give the two sides as two files", o->variant);
	if (summary && (o->c.steady || com->skip_auto))
		die("--steady auto and --skip auto need the runs: the input "
		    "holds summaries (n, mean, sd)");
	c = o->c;
	c.skip_auto = com->skip_auto;
	if (!summary && (c.steady || c.skip_auto) && (bs_cmp_steady(tb, &c,
	    &sb, &e) == -1 || (tc != NULL && bs_cmp_steady(tc, &c, &sc,
	    &e) == -1)))
		die_err(&e);
	c.side_b = sb;
	c.side_c = tc != NULL ? sc : sb;
	if (summary)
		rc = bs_compare_summaries(cmp, tb, tc, &c, &e);
	else if (o->variant)
		rc = bs_compare_variant(cmp, tb, o->vbase, o->vc, o->nvc, &c,
		    &e);
	else
		rc = bs_compare_tables(cmp, tb, tc, &c, &e);
	free(sb);
	free(sc);
	if (rc == -1)
		die_err(&e);
	warnings(cmp, tb, o);
	levels_notes(cmp, tb, tc, o);
	steady_notes(cmp, tb, c.skip_auto);
}

/* --ok COND, --apdex T: the requests' rates compared. */
static void
rates_opt(int ch, const char *arg, struct tool_common *com,
    struct bs_cmp_opts *c)
{
	if (ch == OPT_OK) {
		com->topts.ok = arg;
		c->rates = 1;
	} else {
		double raw, sec;

		if (bs_parse_apdex(arg, &raw, &sec) == -1)
			die("--apdex takes a latency T > 0, in the values' "
			    "unit or with its own (500ms), not '%s'", arg);
		c->apdex = raw > 0 ? raw : sec;		/* > 0: asked for */
		com->topts.apdex = raw;		/* the table counts by T */
		com->topts.apdex_s = sec;
	}
}

/* --spread, --adjust and --steady: one of a few words. */
static void
choice_opt(int ch, const char *arg, struct opts *o)
{
	if (ch == OPT_STEADY) {
		if (strcmp(arg, "auto") != 0)
			die("--steady takes auto (each side's runs classified), "
			    "not '%s'", arg);
		o->c.steady = 1;
	} else if (ch == OPT_SPREAD) {
		if (strcmp(arg, "ci") == 0)
			o->spread = BS_SPREAD_CI;
		else if (strcmp(arg, "sd") == 0)
			o->spread = BS_SPREAD_SD;
		else
			die("--spread takes ci or sd, not '%s'", arg);
	} else if (strcmp(arg, "holm") == 0)
		o->c.adjust = BS_ADJ_HOLM;
	else if (strcmp(arg, "bh") == 0)
		o->c.adjust = BS_ADJ_BH;
	else if (strcmp(arg, "none") == 0)
		o->c.adjust = BS_ADJ_NONE;
	else
		die("--adjust takes holm, bh or none, not '%s'", arg);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		TOOL_RAW_LONGOPT,
		{ "test",	      required_argument, NULL, OPT_TEST },
		{ "alpha",	      required_argument, NULL, OPT_ALPHA },
		{ "threshold",	      required_argument, NULL, OPT_THRESHOLD },
		{ "equivalence",      required_argument, NULL, OPT_EQUIV },
		{ "higher-is-better", required_argument, NULL, OPT_HIB },
		{ "adjust",	      required_argument, NULL, OPT_ADJUST },
		{ "gate",	      no_argument,	 NULL, OPT_GATE },
		{ "paired",	      no_argument,	 NULL, OPT_PAIRED },
		{ "variant",	      required_argument, NULL, OPT_VARIANT },
		{ "baseline",	      required_argument, NULL, OPT_BASELINE },
		{ "candidate",	      required_argument, NULL, OPT_CANDIDATE },
		{ "lower-is-better",  required_argument, NULL, OPT_LIB },
		{ "stat",	      required_argument, NULL, OPT_STAT },
		{ "same-env",	      no_argument,	 NULL, OPT_SAME_ENV },
		{ "ok",		      required_argument, NULL, OPT_OK },
		{ "apdex",	      required_argument, NULL, OPT_APDEX },
		{ "spread",	      required_argument, NULL, OPT_SPREAD },
		{ "power",	      required_argument, NULL, OPT_POWER },
		{ "plan",	      required_argument, NULL, OPT_PLAN },
		{ "shift",	      no_argument,	 NULL, OPT_SHIFT },
		{ "steady",	      required_argument, NULL, OPT_STEADY },
		TOOL_REPLICATE_LONGOPT,
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct opts o;
	struct bs_table *tb, *tc;
	struct bs_comparison cmp;
	char *groups;
	double v;
	int ch, rc;

	tool_init("bcompare", &com, argv);
	com.outfmts = formats;
	memset(&o, 0, sizeof(o));
	bs_cmp_opts_default(&o.c);
	o.c.thr = o.thr;
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_SAME_ENV:
			o.same_env = 1;
			break;
		case OPT_SPREAD:
		case OPT_STEADY:
		case OPT_ADJUST:
			choice_opt(ch, optarg, &o);
			break;
		case OPT_TEST:
			if ((o.c.test = bs_method_find(optarg)) == NULL) {
				char tests[256];

				bs_method_tests(tests, sizeof(tests));
				die("--test takes %s, not '%s'", tests, optarg);
			}
			o.test = optarg;
			break;
		case OPT_STAT:
			if (bs_cmp_stat_parse(optarg, &o.c) == -1)
				die("--stat takes mean, median or pNN (p50, p99, "
				    "p99.9), not '%s'", optarg);
			break;
		case OPT_ALPHA:
			if (bs_parse_double(optarg, &o.c.alpha) == -1 ||
			    !(o.c.alpha > 0 && o.c.alpha < 1))
				die("--alpha takes a level between 0 and 1, not "
				    "'%s'", optarg);
			break;
		case OPT_THRESHOLD:
			tool_pct_rule("threshold", optarg, &o.c.threshold, o.thr,
			    &o.c.nthr, sizeof(o.thr) / sizeof(o.thr[0]));
			break;
		case OPT_POWER:
			o.c.power = power_arg(optarg);
			o.c.simulate = 1;
			break;
		case OPT_PLAN:
			o.c.threshold = plan_pct(optarg);
			o.c.plan = o.c.simulate = 1;
			break;
		case OPT_EQUIV:
			if (bs_parse_double(optarg, &v) == -1 || !(v > 0) ||
			    !isfinite(v))
				die("--equivalence takes a percentage (> 0), "
				    "not '%s'", optarg);
			o.c.equivalence = v / 100;
			break;
		case OPT_HIB:
			addlist(&o.hib, optarg);
			break;
		case OPT_LIB:
			addlist(&o.lib, optarg);
			break;
		case OPT_GATE:
		case OPT_SHIFT:
			*(ch == OPT_GATE ? &o.gate : &o.shift) = 1;
			break;
		case OPT_PAIRED:
			o.c.paired = 1;
			break;
		case OPT_VARIANT:
			o.variant = optarg;
			break;
		case OPT_BASELINE:
		case OPT_CANDIDATE:
			*(ch == OPT_BASELINE ? &o.vbase : &o.vcand) = optarg;
			break;
		case OPT_OK:
		case OPT_APDEX:
			rates_opt(ch, optarg, &com, &o.c);
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	o.zh = bs_lang_get() == BS_LANG_ZH;
	tool_output_not_input(com.output, "-o", argc, argv);
	/* The two reports only bcompare writes; the rest are common. */
	o.report = com.ownfmt;
	check_options(&o, argc, com.skip_auto);
	com.topts.levels = 1;
	o.c.hib = o.hib;
	o.c.lib = o.lib;
	o.c.confidence = com.confidence;
	o.c.skip = com.skip;
	com.topts.rates_skip = com.skip;
	tb = read_sides(&com, &o, argc, argv, &tc, &groups);
	compare(&cmp, &com, &o, tb, tc);
	write_out(&com, &cmp, tb, tc, &o);
	rc = o.gate && regressed(&cmp) ? 1 : 0;
	bs_comparison_free(&cmp);
	for (size_t i = 0; i < o.c.nthr; i++)
		free((char *)o.thr[i].pat);
	free(o.vc);
	free(o.hib);
	free(o.lib);
	free(groups);
	bs_table_free(tb);
	bs_table_free(tc);
	return rc;
}
