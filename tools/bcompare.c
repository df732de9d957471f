/*
 * bcompare: baseline against candidate.  The comparison itself (pairing,
 * tests, changes and intervals, direction, verdicts) is libstat's
 * (verdict.c); this file holds the options, the wording and the output.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

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
	OPT_LIB
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
};

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
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    auto, csv, tsv, json, ndjson, kv, plain,\n"
"                          hyperfine, gbench, gobench, pyperf, fio\n"
"  -f, --format F          table (default), csv, tsv, json, md\n"
"  -o, --output FILE       write there (whole or not at all)\n"
"      --confidence P      confidence level of the intervals (95)\n"
"      --skip N            drop the first N samples of every group and side\n"
"      --test welch|mwu    Welch's t (default) or Mann-Whitney U\n"
"      --alpha A           significance level (0.05)\n"
"      --threshold [COL=]PCT  smallest change that matters, percent (0);\n"
"                          repeat for columns (names or globs)\n"
"      --equivalence PCT   margin of \"unchanged\" when no threshold (1)\n"
"      --higher-is-better LIST  these columns improve upward (names or\n"
"                          globs; rates already do: /s, _per_sec, rps, ...)\n"
"      --lower-is-better LIST   these columns improve downward\n"
"      --adjust holm|bh|none    multiple-comparison adjustment (holm)\n"
"      --gate              exit 1 if any metric regressed\n"
"      --paired            paired samples (interleaved A/B runs): paired t\n"
"                          or Wilcoxon signed rank\n"
"      --variant COL       one input split by the values of COL\n"
"      --baseline V        the baseline value of COL (default: the first)\n"
"      --candidate V       one candidate value (default: every other)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Columns (csv, tsv, json): <groups>, column, n_base, n_cand, mean_base,\n"
"mean_cand, median_base, median_cand, diff, diff_ci_lo, diff_ci_hi, change,\n"
"change_ci_lo, change_ci_hi, test, statistic, df, p, p_adj, cohen_d,\n"
"cliff_delta, verdict, direction, note, direction_rule (and baseline,\n"
"candidate with --variant).\n"
"Verdicts: improved/regressed (p_adj < alpha and |change| >= threshold),\n"
"unchanged (the interval lies within +-margin), inconclusive, missing.\n"
"Exit status: 0, or 1 with --gate when a metric regressed; 2 on error.\n");
	exit(status);
}

static void
fmt_pct(char *buf, size_t len, double x)
{
	if (isnan(x))
		snprintf(buf, len, "n/a");
	else if (isinf(x))
		snprintf(buf, len, "%cinf%%", x > 0 ? '+' : '-');
	else
		snprintf(buf, len, "%+.1f%%", 100 * x);
}

/* "+4.2% [+1.1%, +7.3%]", with what is unknown said so. */
static void
change_ci(char *buf, size_t len, double x, double lo, double hi)
{
	char a[40], b[40], c[40];

	fmt_pct(a, sizeof(a), x);
	if (isnan(x)) {
		snprintf(buf, len, "-");
		return;
	}
	if (!isfinite(lo) && !isfinite(hi)) {
		snprintf(buf, len, "%s", a);
		return;
	}
	fmt_pct(b, sizeof(b), lo);
	fmt_pct(c, sizeof(c), hi);
	snprintf(buf, len, "%s [%s, %s]", a, isfinite(lo) ? b : "-inf",
	    isfinite(hi) ? c : "+inf");
}

static void
fmt_num(char *buf, size_t len, double x)
{
	if (!isfinite(x))
		snprintf(buf, len, "-");
	else if (fabs(x) >= 1e6 && fabs(x) < 1e15)
		snprintf(buf, len, "%.0f", x);
	else
		snprintf(buf, len, "%.6g", x);
}

static void
fmt_p(char *buf, size_t len, double p)
{
	if (!isfinite(p))
		snprintf(buf, len, "-");
	else if (p < 0.0001)
		snprintf(buf, len, "<0.0001");
	else
		snprintf(buf, len, "%.4f", p);
}

static const char *
dirname_of(const struct bs_metric *m)
{
	return m->higher ? "higher" : "lower";
}

/* The machine-readable result: the contract's columns, then ours. */
static struct bs_result *
machine(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct opts *o)
{
	struct bs_result *res = bs_result_new();
	static const char *const cols[] = { "column", "n_base", "n_cand",
	    "mean_base", "mean_cand", "median_base", "median_cand", "diff",
	    "diff_ci_lo", "diff_ci_hi", "change", "change_ci_lo",
	    "change_ci_hi", "test", "statistic", "df", "p", "p_adj",
	    "cohen_d", "cliff_delta", "verdict", "direction", "note",
	    "direction_rule" };
	char note[512];
	size_t i, k, c;

	if (res == NULL)
		die("out of memory");
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
		bs_result_addcol(res, cols[k]);
	if (o->variant) {
		bs_result_addcol(res, "baseline");
		bs_result_addcol(res, "candidate");
	}
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *r = &cmp->m[i];
		size_t row = (size_t)bs_result_addrow(res);
		const double v[] = { r->mean_b, r->mean_c, r->med_b,
		    r->med_c, r->diff, r->diff_lo, r->diff_hi, r->change,
		    r->change_lo, r->change_hi };

		c = 0;
		for (k = cmp->keyfrom; k < t->ngcols; k++)
			bs_result_str(res, row, c++, r->key[k]);
		bs_result_str(res, row, c++, r->column);
		bs_result_int(res, row, c++, (long long)r->nb);
		bs_result_int(res, row, c++, (long long)r->nc);
		for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
			bs_result_num(res, row, c++, v[k]);
		if (r->v != BS_V_MISSING)
			bs_result_str(res, row, c, bs_test_name(&o->c));
		c++;
		bs_result_num(res, row, c++, r->stat);
		bs_result_num(res, row, c++, r->df);
		bs_result_num(res, row, c++, r->p);
		bs_result_num(res, row, c++, r->p_adj);
		bs_result_num(res, row, c++, r->d);
		bs_result_num(res, row, c++, r->delta);
		bs_result_str(res, row, c++, bs_verdict_name(r->v));
		bs_result_str(res, row, c++, dirname_of(r));
		bs_metric_note(r, note, sizeof(note));
		bs_result_str(res, row, c++, note);
		bs_result_str(res, row, c++, bs_rule_name(r->rule));
		if (o->variant) {
			bs_result_str(res, row, c++, r->vb);
			bs_result_str(res, row, c++, r->vc);
		}
	}
	return res;
}

/* The order of the rows for people: Markdown puts regressions first. */
static size_t *
human_order(const struct bs_comparison *cmp, int md)
{
	static const enum bs_verdict pri[] = { BS_V_REGRESSED, BS_V_IMPROVED,
	    BS_V_INCONCLUSIVE, BS_V_MISSING, BS_V_UNCHANGED };
	size_t *order, i, j = 0;

	if ((order = malloc((cmp->n + 1) * sizeof(*order))) == NULL)
		die("out of memory");
	if (!md) {
		for (i = 0; i < cmp->n; i++)
			order[i] = i;
		return order;
	}
	for (size_t q = 0; q < 5; q++)
		for (i = 0; i < cmp->n; i++)
			if (cmp->m[i].v == pri[q])
				order[j++] = i;
	return order;
}

/* A geomean row per value column (and candidate), after the metrics. */
static void
geomean_rows(struct bs_result *res, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct opts *o, double conf, size_t lead)
{
	struct bs_geomean gm;
	char buf[160];
	size_t i, j, c;

	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		size_t row;

		/* One row per value column and candidate, at its first. */
		for (j = 0; j < i; j++)
			if (strcmp(cmp->m[j].column, m->column) == 0 &&
			    (m->vc == NULL || strcmp(cmp->m[j].vc, m->vc) == 0))
				break;
		if (j < i)
			continue;
		bs_geomean_change(cmp, o->c.mwu, m->column, m->vc, conf, &gm);
		if (gm.k < 2)
			continue;
		row = (size_t)bs_result_addrow(res);
		c = lead + t->ngcols - cmp->keyfrom;
		for (j = 0; j < c; j++)
			bs_result_str(res, row, j, "");
		if (lead)
			bs_result_str(res, row, 0, m->vc);
		snprintf(buf, sizeof(buf), "geomean %s", m->column);
		bs_result_str(res, row, c, buf);
		change_ci(buf, sizeof(buf), gm.change, gm.lo, gm.hi);
		bs_result_str(res, row, c + 3, buf);
		snprintf(buf, sizeof(buf), "(%zu metrics)", gm.k);
		bs_result_str(res, row, c + 7, buf);
	}
}

/* The table for people, and the Markdown report. */
static struct bs_result *
human(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct opts *o, double conf, int md)
{
	struct bs_result *res = bs_result_new();
	char buf[160], note[512];
	size_t i, k, c, j, row, lead = o->nvc > 1;
	size_t *order = human_order(cmp, md);

	if (res == NULL)
		die("out of memory");
	if (lead)
		bs_result_addcol(res, "candidate");
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	bs_result_addcol(res, "column");
	bs_result_addcol(res, o->c.mwu ? "baseline (median)" :
	    "baseline (mean)");
	bs_result_addcol(res, o->c.mwu ? "candidate (median)" :
	    "candidate (mean)");
	snprintf(buf, sizeof(buf), "change [%g%% CI]", conf);
	bs_result_addcol(res, buf);
	bs_result_addcol(res, "p_adj");
	bs_result_addcol(res, "cohen_d");
	bs_result_addcol(res, "cliff_delta");
	bs_result_addcol(res, "verdict");
	bs_result_addcol(res, "note");
	for (j = 0; j < cmp->n; j++) {
		const struct bs_metric *r = &cmp->m[order[j]];

		row = (size_t)bs_result_addrow(res);
		c = 0;
		if (lead)
			bs_result_str(res, row, c++, r->vc);
		for (k = cmp->keyfrom; k < t->ngcols; k++)
			bs_result_str(res, row, c++, r->key[k]);
		bs_result_str(res, row, c++, r->column);
		fmt_num(buf, sizeof(buf), o->c.mwu ? r->med_b : r->mean_b);
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nb);
		bs_result_str(res, row, c++, buf);
		fmt_num(buf, sizeof(buf), o->c.mwu ? r->med_c : r->mean_c);
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nc);
		bs_result_str(res, row, c++, buf);
		change_ci(buf, sizeof(buf), r->change, r->change_lo,
		    r->change_hi);
		if (r->v == BS_V_MISSING)
			snprintf(buf, sizeof(buf), "-");
		bs_result_str(res, row, c++, buf);
		fmt_p(buf, sizeof(buf), r->p_adj);
		bs_result_str(res, row, c++, buf);
		bs_result_num(res, row, c++, isfinite(r->d) ?
		    round(r->d * 100) / 100 : NAN);
		bs_result_num(res, row, c++, isfinite(r->delta) ?
		    round(r->delta * 100) / 100 : NAN);
		bs_result_str(res, row, c++, bs_verdict_name(r->v));
		bs_metric_note(r, note, sizeof(note));
		bs_result_str(res, row, c++, note);
	}
	free(order);
	geomean_rows(res, cmp, t, o, conf, lead);
	(void)i;
	return res;
}

/* One pair: ministat's sentence, with the interval and the verdict. */
static void
sentence(FILE *fp, const struct bs_metric *r, const struct opts *o,
    double conf)
{
	char ch[128], note[512];

	if (r->v == BS_V_MISSING)
		return;
	change_ci(ch, sizeof(ch), r->change, r->change_lo, r->change_hi);
	if (!isfinite(r->diff_lo))
		;
	else if (o->c.mwu)
		fprintf(fp, "Shift (%s) at %g%% confidence: %.6g [%.6g, %.6g]; "
		    "change %s; p = %.4g (%s, %s = %.6g)\n", o->c.paired ?
		    "pseudo-median of the differences" : "Hodges-Lehmann",
		    conf, r->diff, r->diff_lo, r->diff_hi, ch, r->p,
		    o->c.paired ? "Wilcoxon signed rank" : "Mann-Whitney U",
		    o->c.paired ? "V" : "W", r->stat);
	else
		fprintf(fp, "Difference at %g%% confidence: %.6g +/- %.6g, "
		    "change %s%s; p = %.4g (%s, t = %.4g, df = %.4g)\n", conf,
		    r->diff, (r->diff_hi - r->diff_lo) / 2, ch, o->c.paired ?
		    "" : " (Fieller)", r->p, o->c.paired ? "paired t" :
		    "Welch", r->stat, r->df);
	bs_metric_note(r, note, sizeof(note));
	switch (r->v) {
	case BS_V_IMPROVED:
	case BS_V_REGRESSED:
		fprintf(fp, "%s (%s is better), beyond --threshold %g%%.\n",
		    r->v == BS_V_IMPROVED ? "Improved" : "Regressed",
		    dirname_of(r), 100 * r->threshold);
		break;
	case BS_V_UNCHANGED:
		fprintf(fp, "Unchanged: the change lies within +-%g%% at %g%% "
		    "confidence.\n", 100 * r->margin, conf);
		break;
	default:
		fprintf(fp, "Inconclusive: %s.\n", *note ? note :
		    "nothing could be concluded");
		break;
	}
}

static void
summary_line(FILE *fp, const struct bs_comparison *cmp)
{
	size_t cnt[5] = { 0 };
	static const enum bs_verdict order[] = { BS_V_REGRESSED, BS_V_IMPROVED,
	    BS_V_UNCHANGED, BS_V_INCONCLUSIVE, BS_V_MISSING };
	int first = 1;

	for (size_t i = 0; i < cmp->n; i++)
		cnt[cmp->m[i].v]++;
	for (size_t q = 0; q < 5; q++) {
		if (cnt[order[q]] == 0)
			continue;
		fprintf(fp, "%s%zu %s", first ? "" : ", ", cnt[order[q]],
		    bs_verdict_name(order[q]));
		first = 0;
	}
	fputs("\n\n", fp);
}

/*
 * The rules in force, below a report: each value column's direction and
 * why, its threshold and the margin of "unchanged".
 */
static void
rules_text(FILE *fp, const struct bs_comparison *cmp, int md)
{
	size_t i, j;

	fprintf(fp, "\n%s\n", md ? "Rules in force:\n" : "Rules:");
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		for (j = 0; j < i; j++)
			if (strcmp(cmp->m[j].column, m->column) == 0)
				break;
		if (j < i)
			continue;
		fprintf(fp, "%s%s%s%s: %s is better (%s); threshold %g%%; "
		    "unchanged within +-%g%%\n", md ? "- " : "  ",
		    md ? "`" : "", m->column, md ? "`" : "", dirname_of(m),
		    m->rule == BS_RULE_OPTION ? "option" :
		    m->rule == BS_RULE_DEFAULT ? "default: the name matches no "
		    "rule" : m->rule == BS_RULE_RATE ? "a rate, by its name" :
		    m->rule == BS_RULE_TIME ? "a time, by its name" :
		    m->rule == BS_RULE_COST ? "a cost, by its name" :
		    bs_rule_name(m->rule), 100 * m->threshold, 100 * m->margin);
	}
}

static void
write_out(const struct tool_common *com, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct opts *o)
{
	struct bs_afile a;
	struct bs_err e;
	struct bs_result *res;
	FILE *fp = stdout;
	int md = com->outfmt == BS_OUT_MD;
	int human_fmt = com->outfmt == BS_OUT_TABLE || md;

	memset(&a, 0, sizeof(a));
	if (com->output && strcmp(com->output, "-") != 0) {
		if (bs_afile_open(&a, com->output, &e) == -1)
			die_err(&e);
		fp = a.fp;
	}
	res = human_fmt ? human(cmp, t, o, com->confidence, md) :
	    machine(cmp, t, o);
	if (res->failed)
		die("out of memory");
	if (md) {
		fputs("**bcompare:** ", fp);
		summary_line(fp, cmp);
	}
	if (human_fmt && o->variant) {
		fprintf(fp, "Baseline %s=%s; candidate%s ", o->variant,
		    o->vbase, o->nvc > 1 ? "s" : "");
		for (size_t i = 0; i < o->nvc; i++)
			fprintf(fp, "%s%s=%s", i ? ", " : "", o->variant,
			    o->vc[i]);
		fputs(".\n\n", fp);
	}
	if (bs_result_write(res, com->outfmt, fp) == -1) {
		if (a.fp)
			bs_afile_abort(&a);
		die("%s: write error: %s", a.fp ? com->output :
		    "standard output", strerror(errno));
	}
	if (human_fmt && cmp->n == 1) {
		fputc('\n', fp);
		sentence(fp, &cmp->m[0], o, com->confidence);
	}
	if (human_fmt && cmp->n > 0)
		rules_text(fp, cmp, md);
	if (md) {
		size_t tested = 0;

		for (size_t i = 0; i < cmp->n; i++)
			tested += cmp->m[i].testable;
		fprintf(fp, "\n%s; p adjusted by %s across the %zu metric%s "
		    "tested; alpha %g; intervals at %g%%, not adjusted.\n",
		    o->c.paired ? (o->c.mwu ? "Wilcoxon signed rank" :
		    "paired t") : (o->c.mwu ? "Mann-Whitney U" : "Welch's t"),
		    o->c.adjust == BS_ADJ_HOLM ? "Holm" : o->c.adjust ==
		    BS_ADJ_BH ? "Benjamini-Hochberg" : "nothing", tested,
		    tested == 1 ? "" : "s", o->c.alpha, com->confidence);
	}
	bs_result_free(res);
	if (a.fp) {
		if (bs_afile_commit(&a, &e) == -1)
			die_err(&e);
	} else
		tool_close_stdout();
}

/* What the comparison flagged, one line per finding, in metric order. */
static void
warnings(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct opts *o)
{
	for (size_t i = 0; i < cmp->nunmeasured; i++)
		warnmsg("note: %s: no value in either input: left out",
		    cmp->unmeasured[i]);
	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		char *label;

		if (m->warn == 0)
			continue;
		label = tool_label(t, m->key, cmp->keyfrom, m->column);
		if (m->warn & BS_CW_ONESIDE)
			warnmsg("warning: %s: only in the %s: verdict missing",
			    label, m->b ? "baseline" : "candidate");
		if (m->warn & BS_CW_TOOFEW)
			warnmsg("warning: %s: fewer than 2 values on a side "
			    "(%zu baseline, %zu candidate): no test", label,
			    m->nb, m->nc);
		if (m->warn & BS_CW_FEWREPS)
			warnmsg("warning: %s: %zu baseline and %zu candidate "
			    "values: run at least 10 repetitions", label,
			    m->nb, m->nc);
		if (m->warn & BS_CW_NOSPREAD)
			warnmsg("warning: %s: every value on each side is "
			    "identical: no spread", label);
		if (m->warn & BS_CW_MINP)
			warnmsg("warning: %s: with %zu and %zu values the %s "
			    "test cannot reach p < %g (smallest p %.3g): add "
			    "repetitions", label, m->nb, m->nc, o->c.paired ?
			    "signed-rank" : "Mann-Whitney", o->c.alpha,
			    m->minp);
		if (m->warn & BS_CW_AC_BASE)
			tool_autocorr_warning(label, "baseline runs", m->r1_b,
			    m->nb);
		if (m->warn & BS_CW_AC_CAND)
			tool_autocorr_warning(label, "candidate runs", m->r1_c,
			    m->nc);
		free(label);
	}
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

/* --threshold PCT or --threshold COL=PCT (the last '=' splits). */
static void
threshold_opt(struct opts *o, const char *arg)
{
	const char *eq = strrchr(arg, '=');
	double v;

	if (bs_parse_double(eq ? eq + 1 : arg, &v) == -1 || !(v >= 0) ||
	    !isfinite(v))
		die("--threshold takes a percentage (>= 0) or COL=PCT, not "
		    "'%s'", arg);
	if (eq == NULL) {
		o->c.threshold = v / 100;
		return;
	}
	if (eq == arg)
		die("--threshold %s: no column before '='", arg);
	if (o->c.nthr == sizeof(o->thr) / sizeof(o->thr[0]))
		die("--threshold: at most %zu column rules",
		    sizeof(o->thr) / sizeof(o->thr[0]));
	if ((o->thr[o->c.nthr].pat = strndup(arg, (size_t)(eq - arg))) ==
	    NULL)
		die("out of memory");
	o->thr[o->c.nthr++].v = v / 100;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
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
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct opts o;
	struct bs_table *tb, *tc = NULL;
	struct bs_comparison cmp;
	struct bs_err e;
	char *groups = NULL;
	double v;
	int ch, rc;

	tool_init("bcompare", &com, argv);
	com.topts.raw = 1;	/* ties must stay ties */
	memset(&o, 0, sizeof(o));
	bs_cmp_opts_default(&o.c);
	o.c.thr = o.thr;
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_TEST:
			if (strcmp(optarg, "welch") == 0)
				o.c.mwu = 0;
			else if (strcmp(optarg, "mwu") == 0)
				o.c.mwu = 1;
			else
				die("--test takes welch or mwu, not '%s'",
				    optarg);
			break;
		case OPT_ALPHA:
			if (bs_parse_double(optarg, &o.c.alpha) == -1 ||
			    !(o.c.alpha > 0 && o.c.alpha < 1))
				die("--alpha takes a level between 0 and 1, not "
				    "'%s'", optarg);
			break;
		case OPT_THRESHOLD:
			threshold_opt(&o, optarg);
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
		case OPT_ADJUST:
			if (strcmp(optarg, "holm") == 0)
				o.c.adjust = BS_ADJ_HOLM;
			else if (strcmp(optarg, "bh") == 0)
				o.c.adjust = BS_ADJ_BH;
			else if (strcmp(optarg, "none") == 0)
				o.c.adjust = BS_ADJ_NONE;
			else
				die("--adjust takes holm, bh or none, not '%s'",
				    optarg);
			break;
		case OPT_GATE:
			o.gate = 1;
			break;
		case OPT_PAIRED:
			o.c.paired = 1;
			break;
		case OPT_VARIANT:
			o.variant = optarg;
			break;
		case OPT_BASELINE:
			o.vbase = optarg;
			break;
		case OPT_CANDIDATE:
			o.vcand = optarg;
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	if ((o.vbase || o.vcand) && !o.variant)
		die("--baseline and --candidate go with --variant");
	o.c.hib = o.hib;
	o.c.lib = o.lib;
	o.c.confidence = com.confidence;
	o.c.skip = com.skip;
	if (o.variant) {
		if (argc > 1)
			die("--variant takes one input, not %d", argc);
		/* The variant is the first group column. */
		if (asprintf(&groups, "%s%s%s", o.variant,
		    com.topts.groups ? "," : "", com.topts.groups ?
		    com.topts.groups : "") == -1)
			die("out of memory");
		com.topts.groups = groups;
		tb = tool_read_table(&com, argc, argv);
		if (bs_variant_sides(tb, o.variant, &o.vbase, o.vcand, &o.vc,
		    &o.nvc, &e) == -1)
			die("%s", e.msg);
	} else {
		if (argc != 2)
			die("two inputs, BASELINE and CANDIDATE, or --variant "
			    "COL (see bcompare --help)");
		tb = tool_read_table(&com, 1, &argv[0]);
		tc = tool_read_table(&com, 1, &argv[1]);
	}
	if (bs_cmp_check_list("--higher-is-better", o.c.hib, tb, &e) == -1 ||
	    bs_cmp_check_list("--lower-is-better", o.c.lib, tb, &e) == -1 ||
	    bs_cmp_check_rules(&o.c, tb, &e) == -1)
		die("%s", e.msg);
	rc = o.variant ? bs_compare_variant(&cmp, tb, o.vbase, o.vc, o.nvc,
	    &o.c, &e) : bs_compare_tables(&cmp, tb, tc, &o.c, &e);
	if (rc == -1)
		die("%s", e.msg);
	warnings(&cmp, tb, &o);
	write_out(&com, &cmp, tb, &o);
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
