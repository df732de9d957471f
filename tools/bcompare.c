/*
 * bcompare: baseline against candidate.  Per metric (group and value
 * column): Welch's t or Mann-Whitney U, the change with a confidence
 * interval, effect sizes, p-values adjusted across the run, and a verdict
 * that a CI job can gate on.
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
"  -c, --column LIST       value columns (default: every numeric column)\n"
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
"      --threshold PCT     smallest relative change that matters, percent (0)\n"
"      --higher-is-better LIST  these columns improve upward (throughput);\n"
"                          all others improve downward (time, latency),\n"
"                          but for rates: units in /s, *_per_second, iops\n"
"      --lower-is-better LIST   these columns improve downward, rates too\n"
"      --adjust holm|bh|none    multiple-comparison adjustment (holm)\n"
"      --gate              exit 1 if any metric regressed\n"
"      --paired            paired samples (interleaved A/B runs): paired t\n"
"                          or Wilcoxon signed rank\n"
"      --variant COL       one input split by the values of COL\n"
"      --baseline V        the baseline value of COL (default: the first)\n"
"      --candidate V       the candidate value of COL (default: the second)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Columns (csv, tsv, json): <groups>, column, n_base, n_cand, mean_base,\n"
"mean_cand, median_base, median_cand, diff, diff_ci_lo, diff_ci_hi, change,\n"
"change_ci_lo, change_ci_hi, test, statistic, df, p, p_adj, cohen_d,\n"
"cliff_delta, verdict.\n"
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

/* "+4.21% [+1.10%, +7.30%]" for the sentence, or what is unknown. */
static const char *
pct_ci(char *buf, size_t len, double x, double lo, double hi)
{
	if (isnan(x)) {
		snprintf(buf, len, "change n/a (baseline centre 0)");
		return buf;
	}
	if (isfinite(lo) && isfinite(hi))
		snprintf(buf, len, "%+.2f%% [%+.2f%%, %+.2f%%]", 100 * x,
		    100 * lo, 100 * hi);
	else
		snprintf(buf, len, "%+.2f%% [interval unbounded]", 100 * x);
	return buf;
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

/* The machine-readable result: exactly the contract's columns. */
static struct bs_result *
machine(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct opts *o)
{
	struct bs_result *res = bs_result_new();
	static const char *const cols[] = { "column", "n_base", "n_cand",
	    "mean_base", "mean_cand", "median_base", "median_cand", "diff",
	    "diff_ci_lo", "diff_ci_hi", "change", "change_ci_lo",
	    "change_ci_hi", "test", "statistic", "df", "p", "p_adj",
	    "cohen_d", "cliff_delta", "verdict" };
	size_t i, k, c;

	if (res == NULL)
		die("out of memory");
	for (k = cmp->keyfrom ? 1 : 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
		bs_result_addcol(res, cols[k]);
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *r = &cmp->m[i];
		long row = bs_result_addrow(res);

		if (row < 0)
			die("out of memory");
		c = 0;
		for (k = cmp->keyfrom ? 1 : 0; k < t->ngcols; k++)
			bs_result_str(res, (size_t)row, c++, r->key[k]);
		bs_result_str(res, (size_t)row, c++, r->column);
		bs_result_int(res, (size_t)row, c++, (long long)r->nb);
		bs_result_int(res, (size_t)row, c++, (long long)r->nc);
		{
			const double v[] = { r->mean_b, r->mean_c, r->med_b,
			    r->med_c, r->diff, r->diff_lo, r->diff_hi,
			    r->change, r->change_lo, r->change_hi };

			for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
				bs_result_num(res, (size_t)row, c++, v[k]);
		}
		if (r->v != BS_V_MISSING)
			bs_result_str(res, (size_t)row, c,
			    bs_test_name(&o->c));
		c++;
		bs_result_num(res, (size_t)row, c++, r->stat);
		bs_result_num(res, (size_t)row, c++, r->df);
		bs_result_num(res, (size_t)row, c++, r->p);
		bs_result_num(res, (size_t)row, c++, r->p_adj);
		bs_result_num(res, (size_t)row, c++, r->d);
		bs_result_num(res, (size_t)row, c++, r->delta);
		bs_result_str(res, (size_t)row, c++, bs_verdict_name(r->v));
	}
	return res;
}

/* The table for people, and the Markdown report. */
static struct bs_result *
human(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct opts *o, double conf, int md)
{
	struct bs_result *res = bs_result_new();
	char buf[128], a[40], b[40], cistr[40];
	size_t i, k, c, j, ng;
	size_t *order;

	if (res == NULL || (order = malloc((cmp->n + 1) *
	    sizeof(*order))) == NULL)
		die("out of memory");
	for (k = cmp->keyfrom ? 1 : 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	bs_result_addcol(res, "column");
	bs_result_addcol(res, o->c.mwu ? "baseline (median)" :
	    "baseline (mean)");
	bs_result_addcol(res, o->c.mwu ? "candidate (median)" :
	    "candidate (mean)");
	snprintf(cistr, sizeof(cistr), "change [%g%% CI]", conf);
	bs_result_addcol(res, cistr);
	bs_result_addcol(res, "p_adj");
	bs_result_addcol(res, "cohen_d");
	bs_result_addcol(res, "cliff_delta");
	bs_result_addcol(res, "verdict");
	/* Markdown puts regressions first, then improvements. */
	j = 0;
	if (md) {
		static const enum bs_verdict pri[] = { BS_V_REGRESSED, BS_V_IMPROVED,
		    BS_V_INCONCLUSIVE, BS_V_MISSING, BS_V_UNCHANGED };

		for (size_t q = 0; q < 5; q++)
			for (i = 0; i < cmp->n; i++)
				if (cmp->m[i].v == pri[q])
					order[j++] = i;
	} else
		for (i = 0; i < cmp->n; i++)
			order[j++] = i;
	for (j = 0; j < cmp->n; j++) {
		const struct bs_metric *r = &cmp->m[order[j]];
		long row = bs_result_addrow(res);

		c = 0;
		for (k = cmp->keyfrom ? 1 : 0; k < t->ngcols; k++)
			bs_result_str(res, (size_t)row, c++, r->key[k]);
		bs_result_str(res, (size_t)row, c++, r->column);
		fmt_num(buf, sizeof(buf), o->c.mwu ? r->med_b : r->mean_b);
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nb);
		bs_result_str(res, (size_t)row, c++, buf);
		fmt_num(buf, sizeof(buf), o->c.mwu ? r->med_c : r->mean_c);
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nc);
		bs_result_str(res, (size_t)row, c++, buf);
		fmt_pct(buf, sizeof(buf), r->change);
		if (isfinite(r->change_lo) || isfinite(r->change_hi)) {
			fmt_pct(a, sizeof(a), r->change_lo);
			fmt_pct(b, sizeof(b), r->change_hi);
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			    " [%s, %s]", isfinite(r->change_lo) ? a : "-inf",
			    isfinite(r->change_hi) ? b : "+inf");
		}
		if (r->v == BS_V_MISSING)
			snprintf(buf, sizeof(buf), "-");
		bs_result_str(res, (size_t)row, c++, buf);
		fmt_p(buf, sizeof(buf), r->p_adj);
		bs_result_str(res, (size_t)row, c++, buf);
		bs_result_num(res, (size_t)row, c++, isfinite(r->d) ?
		    round(r->d * 100) / 100 : NAN);
		bs_result_num(res, (size_t)row, c++, isfinite(r->delta) ?
		    round(r->delta * 100) / 100 : NAN);
		bs_result_str(res, (size_t)row, c++, bs_verdict_name(r->v));
	}
	for (i = 0; i < cmp->n; i++) {
		double g;
		long row;

		/* One geomean row per value column, at its first row. */
		for (j = 0; j < i; j++)
			if (strcmp(cmp->m[j].column, cmp->m[i].column) == 0)
				break;
		if (j < i)
			continue;
		g = bs_geomean_change(cmp, o->c.mwu, cmp->m[i].column,
		    &ng);
		if (ng < 2)
			continue;
		row = bs_result_addrow(res);
		c = cmp->keyfrom ? t->ngcols - 1 : t->ngcols;
		for (k = 0; k < c; k++)
			bs_result_str(res, (size_t)row, k, "");
		snprintf(buf, sizeof(buf), "geomean %s", cmp->m[i].column);
		bs_result_str(res, (size_t)row, c, buf);
		fmt_pct(buf, sizeof(buf), g);
		bs_result_str(res, (size_t)row, c + 3, buf);
		snprintf(buf, sizeof(buf), "(%zu metrics)", ng);
		bs_result_str(res, (size_t)row, c + 7, buf);
	}
	free(order);
	return res;
}

/* One pair: ministat's sentence, with the Welch or Hodges-Lehmann CI. */
static void
sentence(FILE *fp, const struct bs_metric *r, const struct opts *o, double conf)
{
	if (r->v == BS_V_MISSING || !isfinite(r->diff_lo))
		return;
	char ch[96];

	pct_ci(ch, sizeof(ch), r->change, r->change_lo, r->change_hi);
	if (o->c.mwu)
		fprintf(fp, "Shift (%s) at %g%% confidence: %.6g [%.6g, %.6g]; "
		    "change %s; p = %.4g (%s, %s = %.6g)\n", o->c.paired ?
		    "pseudo-median of the differences" : "Hodges-Lehmann",
		    conf, r->diff, r->diff_lo, r->diff_hi, ch, r->p,
		    o->c.paired ? "Wilcoxon signed rank" : "Mann-Whitney U",
		    o->c.paired ? "V" : "W", r->stat);
	else
		fprintf(fp, "Difference at %g%% confidence: %.6g +/- %.6g, "
		    "%s%s; p = %.4g (%s, t = %.4g, df = %.4g)\n", conf,
		    r->diff, (r->diff_hi - r->diff_lo) / 2, ch, o->c.paired ?
		    "" : " (Fieller)", r->p, o->c.paired ? "paired t" : "Welch",
		    r->stat, r->df);
	if (r->v == BS_V_UNCHANGED && r->p_adj < o->c.alpha)
		fprintf(fp, "Statistically significant, but smaller than "
		    "--threshold %g%%: unchanged.\n", 100 * o->c.threshold);
	else if (r->v == BS_V_UNCHANGED)
		fprintf(fp, "No difference proven at %g%% confidence.\n",
		    100 * (1 - o->c.alpha));
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

static void
write_out(const struct tool_common *com, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct opts *o)
{
	struct bs_afile a;
	struct bs_err e;
	struct bs_result *res;
	FILE *fp = stdout;
	int human_fmt = com->outfmt == BS_OUT_TABLE ||
	    com->outfmt == BS_OUT_MD;

	memset(&a, 0, sizeof(a));
	if (com->output && strcmp(com->output, "-") != 0) {
		if (bs_afile_open(&a, com->output, &e) == -1)
			die_err(&e);
		fp = a.fp;
	}
	res = human_fmt ? human(cmp, t, o, com->confidence,
	    com->outfmt == BS_OUT_MD) : machine(cmp, t, o);
	if (com->outfmt == BS_OUT_MD) {
		fputs("**bcompare:** ", fp);
		summary_line(fp, cmp);
	}
	if (res->failed)
		die("out of memory");
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
	if (com->outfmt == BS_OUT_MD) {
		size_t tested = 0;

		for (size_t i = 0; i < cmp->n; i++)
			tested += cmp->m[i].testable;
		fprintf(fp, "\n%s; p adjusted by %s across the %zu metric%s "
		    "tested; alpha %g, threshold %g%%; intervals are not "
		    "adjusted.\n", o->c.paired ? (o->c.mwu ?
		    "Wilcoxon signed rank" : "paired t") : (o->c.mwu ?
		    "Mann-Whitney U" : "Welch's t"), o->c.adjust == BS_ADJ_HOLM ?
		    "Holm" : o->c.adjust == BS_ADJ_BH ? "Benjamini-Hochberg" :
		    "nothing", tested, tested == 1 ? "" : "s", o->c.alpha,
		    100 * o->c.threshold);
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
			    "identical: no spread, no test", label);
		if (m->warn & BS_CW_MINP)
			warnmsg("warning: %s: with %zu and %zu values the %s "
			    "test cannot reach p < %g (smallest p %.3g): add "
			    "repetitions", label, m->nb, m->nc, o->c.paired ?
			    "signed-rank" : "Mann-Whitney", o->c.alpha,
			    m->minp);
		if (m->warn & BS_CW_AC_BASE)
			warnmsg("warning: %s: baseline runs are autocorrelated "
			    "(r1 = %.2g > %.2g): they are not independent and "
			    "the p-value is too small", label, m->r1_b,
			    bs_autocorr_limit(m->nb));
		if (m->warn & BS_CW_AC_CAND)
			warnmsg("warning: %s: candidate runs are autocorrelated "
			    "(r1 = %.2g > %.2g): they are not independent and "
			    "the p-value is too small", label, m->r1_c,
			    bs_autocorr_limit(m->nc));
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

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "test",	      required_argument, NULL, OPT_TEST },
		{ "alpha",	      required_argument, NULL, OPT_ALPHA },
		{ "threshold",	      required_argument, NULL, OPT_THRESHOLD },
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
	int ch, rc;

	tool_init("bcompare", &com, argv);
	com.topts.raw = 1;	/* ties must stay ties */
	memset(&o, 0, sizeof(o));
	o.c.alpha = 0.05;
	o.c.adjust = BS_ADJ_HOLM;
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
			if (bs_parse_double(optarg, &o.c.threshold) == -1 ||
			    o.c.threshold < 0)
				die("--threshold takes a percentage (>= 0), not "
				    "'%s'", optarg);
			o.c.threshold /= 100;
			break;
		case OPT_HIB:
			o.c.hib = optarg;
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
		case OPT_LIB:
			o.c.lib = optarg;
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
		if (bs_variant_sides(tb, o.variant, &o.vbase, &o.vcand,
		    &e) == -1)
			die("%s", e.msg);
	} else {
		if (argc != 2)
			die("two inputs, BASELINE and CANDIDATE, or --variant "
			    "COL (see bcompare --help)");
		tb = tool_read_table(&com, 1, &argv[0]);
		tc = tool_read_table(&com, 1, &argv[1]);
	}
	if (bs_cmp_check_list("--higher-is-better", o.c.hib, tb, &e) == -1 ||
	    bs_cmp_check_list("--lower-is-better", o.c.lib, tb, &e) == -1)
		die("%s", e.msg);
	rc = o.variant ? bs_compare_variant(&cmp, tb, o.vbase, o.vcand, &o.c,
	    &e) : bs_compare_tables(&cmp, tb, tc, &o.c, &e);
	if (rc == -1)
		die("%s", e.msg);
	warnings(&cmp, tb, &o);
	write_out(&com, &cmp, tb, &o);
	rc = o.gate && regressed(&cmp) ? 1 : 0;
	bs_comparison_free(&cmp);
	free(groups);
	bs_table_free(tb);
	bs_table_free(tc);
	return rc;
}
