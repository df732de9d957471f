/*
 * bstat: summary statistics per group and value column, with confidence
 * intervals of the mean and percentiles.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

enum {
	OPT_PCT = OPT_TOOL,
	OPT_QTYPE,
	OPT_AUTOCORR,
	OPT_STEADY,
	OPT_STEADYTOL,
	OPT_NOQUANT
};


static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: bstat [options] [FILE...]\n"
"Summary statistics of benchmark results, one row per group and value column.\n"
"\n"
"  -c, --column LIST       value columns (names or 1-based numbers);\n"
"                          default: every numeric column not used to group\n"
"  -g, --group LIST        group by these columns (first-appearance order)\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    auto, csv, tsv, json, ndjson, kv, plain,\n"
"                          hyperfine, gbench, gobench, pyperf, fio\n"
"  -f, --format F          table (default), csv, tsv, json, md\n"
"  -o, --output FILE       write there (whole or not at all)\n"
"      --confidence P      confidence level of the interval, percent (95)\n"
"      --skip N            drop the first N samples of every group (warm-up)\n"
"      --percentiles LIST  percentile columns (default 95,99; 99.9 gives p99.9)\n"
"      --quantile-type N   Hyndman-Fan quantile type 1-9 (default 7, as R)\n"
"      --autocorr          add r1, the lag-1 autocorrelation in input order\n"
"      --steady W          compare the means of the last two windows of W\n"
"                          samples: columns steady_diff and steady\n"
"      --steady-tol PCT    relative difference counted as steady (default 2)\n"
"      --no-quantiles      keep no values: memory per group, not per value;\n"
"                          mean, sd, se, interval, min, max and cv only\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Columns: <groups>, column, n, missing, mean, sd, se, ci_lo, ci_hi, min, q1,\n"
"median, q3, max, iqr, cv, p95, p99 [, r1] [, steady_diff, steady].\n"
"With several FILEs, a first group column 'file' names the input.\n");
	exit(status);
}

/* Commas in a list: the number of its items less one. */
static size_t
ncommas(const char *s)
{
	size_t n = 0;

	while ((s = strchr(s, ',')) != NULL)
		n++, s++;
	return n;
}

static void
pctname(char *buf, size_t len, double p)
{
	char num[40];

	bs_fmt_double(num, sizeof(num), p);
	snprintf(buf, len, "p%s", num);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "percentiles",   required_argument, NULL, OPT_PCT },
		{ "quantile-type", required_argument, NULL, OPT_QTYPE },
		{ "autocorr",	   no_argument,	      NULL, OPT_AUTOCORR },
		{ "steady",	   required_argument, NULL, OPT_STEADY },
		{ "steady-tol",	   required_argument, NULL, OPT_STEADYTOL },
		{ "no-quantiles",  no_argument,	      NULL, OPT_NOQUANT },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct bs_summary_opts so;
	struct bs_table *t;
	struct bs_result *res;
	struct bs_summary s;
	struct bs_err e;
	char name[64], *label, *warmlabel = NULL;
	size_t nwarm = 0, n1 = 0, n0 = 0;
	size_t g, c, k, col;
	long row;
	int ch, np;
	double tol;

	tool_init("bstat", &com, argv);
	bs_summary_opts_default(&so);
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_PCT:
			np = bs_parse_dlist(optarg, so.pct, BS_MAX_PCT);
			if (np < 0 && ncommas(optarg) >= BS_MAX_PCT)
				die("--percentiles takes at most %d values, not "
				    "%zu", BS_MAX_PCT, ncommas(optarg) + 1);
			if (np < 0)
				die("--percentiles takes a comma-separated list "
				    "of numbers, not '%s'", optarg);
			for (k = 0; k < (size_t)np; k++)
				if (!(so.pct[k] >= 0 && so.pct[k] <= 100))
					die("--percentiles: %g is not between 0 "
					    "and 100", so.pct[k]);
			so.npct = (size_t)np;
			break;
		case OPT_QTYPE:
			if (bs_parse_size(optarg, &k) == -1 || k < 1 || k > 9)
				die("--quantile-type takes 1 to 9, not '%s'",
				    optarg);
			so.qtype = (int)k;
			break;
		case OPT_AUTOCORR:
			so.autocorr = 1;
			break;
		case OPT_STEADY:
			if (bs_parse_size(optarg, &so.steady) == -1 ||
			    so.steady < 1)
				die("--steady takes a window of at least 1 "
				    "sample, not '%s'", optarg);
			break;
		case OPT_NOQUANT:
			so.no_quantiles = 1;
			break;
		case OPT_STEADYTOL:
			if (bs_parse_double(optarg, &tol) == -1 || tol < 0)
				die("--steady-tol takes a percentage, not '%s'",
				    optarg);
			so.steady_tol = tol / 100.0;
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	so.confidence = com.confidence;
	so.skip = com.skip;
	if (so.no_quantiles) {
		if (so.autocorr || so.steady)
			die("--no-quantiles keeps no values: --autocorr and "
			    "--steady need them");
		/* Stream: running moments per series, O(groups) memory. */
		com.topts.moments = 1;
		com.topts.skip = com.skip;
		so.skip = 0;
	}

	t = tool_read_table(&com, argc, argv);
	if ((res = bs_result_new()) == NULL)
		die("out of memory");
	for (k = 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	bs_result_addcol(res, "column");
	{
		static const char *const cols[] = { "n", "missing", "mean",
		    "sd", "se", "ci_lo", "ci_hi", "min", "q1", "median", "q3",
		    "max", "iqr", "cv" };

		for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
			bs_result_addcol(res, cols[k]);
	}
	for (k = 0; k < so.npct; k++) {
		pctname(name, sizeof(name), so.pct[k]);
		bs_result_addcol(res, name);
	}
	if (so.autocorr)
		bs_result_addcol(res, "r1");
	if (so.steady) {
		bs_result_addcol(res, "steady_diff");
		bs_result_addcol(res, "steady");
	}

	for (g = 0; g < t->ngroups; g++)
		for (c = 0; c < t->nvcols; c++) {
			struct bs_series *ser = &t->groups[g].s[c];

			if (bs_summarize(ser, &so, 0, &s, &e) == -1) {
				label = tool_label(t, t->groups[g].key, 0,
				    bs_table_vname(t, c));
				die("%s: %s", label, e.msg);
			}
			if ((row = bs_result_addrow(res)) < 0)
				die("out of memory");
			for (col = 0; col < t->ngcols; col++)
				bs_result_str(res, (size_t)row, col,
				    t->groups[g].key[col]);
			bs_result_str(res, (size_t)row, col++,
			    bs_table_vname(t, c));
			bs_result_int(res, (size_t)row, col++,
			    (long long)s.n);
			bs_result_int(res, (size_t)row, col++,
			    (long long)s.missing);
			{
				const double v[] = { s.mean, s.sd, s.se,
				    s.ci_lo, s.ci_hi, s.min, s.q1, s.median,
				    s.q3, s.max, s.iqr, s.cv };

				for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
					bs_result_num(res, (size_t)row, col++,
					    v[k]);
			}
			for (k = 0; k < so.npct; k++)
				bs_result_num(res, (size_t)row, col++,
				    s.pct[k]);
			if (so.autocorr)
				bs_result_num(res, (size_t)row, col++, s.r1);
			if (so.steady) {
				bs_result_num(res, (size_t)row, col++,
				    s.steady_diff);
				if (s.steady >= 0)
					bs_result_str(res, (size_t)row, col,
					    s.steady ? "yes" : "no");
				col++;
			}

			label = tool_label(t, t->groups[g].key, 0,
			    bs_table_vname(t, c));
			if (s.n == 1 && n1++ < 3)
				warnmsg("note: %s: single observation: no "
				    "statistical inference", label);
			else if (s.n == 0 && n0++ < 3)
				warnmsg("note: %s: no values (n = 0)", label);
			if (so.autocorr && isfinite(s.r1) && s.n >= 3 &&
			    fabs(s.r1) > bs_autocorr_limit(s.n))
				tool_autocorr_warning(label, "runs", s.r1, s.n);
			if (so.steady && s.steady < 0 && s.n > 0)
				warnmsg("note: %s: fewer than 2 x %zu samples: "
				    "steady state not judged", label,
				    so.steady);
			if (s.warmup && nwarm++ == 0)
				warmlabel = label;
			else
				free(label);
		}
	if (n1 > 3)
		warnmsg("note: %zu more series with a single observation: no "
		    "statistical inference", n1 - 3);
	if (n0 > 3)
		warnmsg("note: %zu more series with no values (n = 0)", n0 - 3);
	if (nwarm == 1)
		warnmsg("hint: %s: the first samples sit far from the rest "
		    "(warm-up?); consider --skip", warmlabel);
	else if (nwarm > 1)
		warnmsg("hint: %zu series (%s, ...): the first samples sit far "
		    "from the rest (warm-up?); consider --skip", nwarm,
		    warmlabel);
	free(warmlabel);
	tool_write_result(&com, res);
	bs_result_free(res);
	bs_table_free(t);
	return 0;
}
