/*
 * bcompare: baseline against candidate.  Per metric (group and value
 * column): Welch's t or Mann-Whitney U, the change with a confidence
 * interval, effect sizes, p-values adjusted across the run, and a verdict
 * that a CI job can gate on.
 */
#include <math.h>
#include <pthread.h>
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

enum verdict { V_IMPROVED, V_REGRESSED, V_UNCHANGED, V_INCONCLUSIVE,
	V_MISSING };
static const char *const vnames[] = { "improved", "regressed", "unchanged",
	"inconclusive", "missing" };

struct opts {
	int		 mwu;
	double		 alpha;
	double		 threshold;	/* ratio */
	const char	*hib, *lib;
	enum bs_adjust	 adjust;
	int		 gate;
	int		 paired;
	const char	*variant;
	const char	*vbase, *vcand;
};

/* One compared metric. */
struct row {
	char		**key;		/* group key (ngcols) */
	const char	*column;
	double		*b, *c;		/* values, missing left out */
	size_t		 nb, nc;
	double		 mean_b, mean_c, med_b, med_c;
	double		 diff, diff_lo, diff_hi;
	double		 change, change_lo, change_hi;
	double		 stat, df, p, p_adj, d, delta;
	int		 higher;	/* higher is better */
	int		 paired;
	enum verdict	 v;
	int		 testable;
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

/* Room for one more row. */
static struct row *
addrow(struct row **rows, size_t *n, size_t *cap)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		if ((*rows = realloc(*rows, *cap * sizeof(**rows))) == NULL)
			die("out of memory");
	}
	memset(&(*rows)[*n], 0, sizeof(**rows));
	return &(*rows)[(*n)++];
}

static int
inlist(const char *list, const char *name)
{
	size_t l = strlen(name);
	const char *p = list;

	while (p && *p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);

		if (n == l && strncmp(p, name, n) == 0)
			return 1;
		p = c ? c + 1 : NULL;
	}
	return 0;
}

/*
 * The direction of a column: as --higher-is-better and --lower-is-better
 * say; else upward for what is written as a rate (go's MB/s and other
 * units in /s, Google Benchmark's *_per_second counters, fio's iops and
 * bw_bytes), downward for everything else (time, latency).
 */
static int
israte(const char *c)
{
	size_t l = strlen(c);

	return (l > 2 && strcmp(c + l - 2, "/s") == 0) ||
	    strstr(c, "per_second") != NULL || strcmp(c, "iops") == 0 ||
	    strcmp(c, "bw_bytes") == 0;
}

static int
higher_is_better(const struct opts *o, const char *column)
{
	if (o->hib && inlist(o->hib, column))
		return 1;
	if (o->lib && inlist(o->lib, column))
		return 0;
	return israte(column);
}

/* Every name in a --higher/--lower-is-better list must be a column. */
static void
checklist(const char *opt, const char *list, const struct bs_table *t)
{
	const char *p = list;

	while (p && *p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p), k;

		for (k = 0; k < t->nvcols; k++)
			if (strlen(bs_table_vname(t, k)) == n &&
			    strncmp(bs_table_vname(t, k), p, n) == 0)
				break;
		if (k == t->nvcols)
			die("%s: '%.*s' is not a value column", opt, (int)n, p);
		p = c ? c + 1 : NULL;
	}
}

/* The values of a series after --skip, missing left out, unshifted. */
static double *
values(const struct bs_series *s, size_t skip, size_t *n)
{
	size_t i, w = 0, st = skip < s->n ? skip : s->n;
	double *v = malloc((s->n + 1) * sizeof(*v));

	if (v == NULL)
		die("out of memory");
	for (i = st; i < s->n; i++)
		if (!isnan(s->v[i]))
			v[w++] = bs_series_value(s, i);
	*n = w;
	return v;
}

static double
median(const double *x, size_t n)
{
	static const double half = 0.5;
	double *c, m;

	if (n == 0)
		return NAN;
	if ((c = malloc(n * sizeof(*c))) == NULL)
		die("out of memory");
	memcpy(c, x, n * sizeof(*c));
	bs_quantiles(c, n, &half, 1, 7, &m);
	free(c);
	return m;
}

static int
allsame(const double *x, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (x[i] != x[0])
			return 0;
	return 1;
}

static double
choose_log(size_t n, size_t k)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) -
	    lgamma((double)(n - k) + 1);
}

/*
 * The change of medians for the rank tests, with a CI from the
 * Hodges-Lehmann interval of the log values when every value is
 * positive: exp() of it is a distribution-free interval for the ratio,
 * and it carries the uncertainty of both samples.  Otherwise the shift
 * interval is divided by the baseline median.  The log test is as costly
 * as the test itself, so it runs on a second thread meanwhile.
 */
struct logtest {
	const struct row *r;
	double		 conf;
	double		 lo, hi;
	int		 ok;
	pthread_t	 th;
	int		 started;
};

static void *
logtest_run(void *arg)
{
	struct logtest *lt = arg;
	const struct row *r = lt->r;
	struct bs_mwu lm;
	double *lb, *lc;
	size_t i;

	lb = malloc((r->nb + 1) * sizeof(*lb));
	lc = malloc((r->nc + 1) * sizeof(*lc));
	if (lb != NULL && lc != NULL) {
		for (i = 0; i < r->nb; i++)
			lb[i] = log(r->b[i]);
		for (i = 0; i < r->nc; i++)
			lc[i] = log(r->c[i]);
		if (bs_mann_whitney(lb, r->nb, lc, r->nc, lt->conf, &lm) == 0) {
			lt->lo = exp(lm.hl_lo) - 1;
			lt->hi = exp(lm.hl_hi) - 1;
			lt->ok = 1;
		}
	}
	free(lb);
	free(lc);
	return NULL;
}

static void
logtest_start(struct logtest *lt, const struct row *r, const struct opts *o,
    double conf)
{
	size_t i;
	int pos = 1;

	memset(lt, 0, sizeof(*lt));
	lt->r = r;
	lt->conf = conf;
	for (i = 0; i < r->nb && pos; i++)
		pos = r->b[i] > 0;
	for (i = 0; i < r->nc && pos; i++)
		pos = r->c[i] > 0;
	if (!pos || o->paired)
		return;
	if (pthread_create(&lt->th, NULL, logtest_run, lt) == 0)
		lt->started = 1;
	else
		logtest_run(lt);	/* no thread: the same, in turn */
}

static void
rank_change(struct row *r, struct logtest *lt)
{
	if (lt->started)
		pthread_join(lt->th, NULL);
	r->change = r->med_b != 0 ? r->med_c / r->med_b - 1 : NAN;
	if (r->paired) {
		/*
		 * Paired: the pseudo-median of the differences relative to
		 * the baseline median, so that the change and its interval
		 * come from one estimator.
		 */
		if (r->med_b != 0) {
			r->change = r->diff / fabs(r->med_b);
			r->change_lo = r->diff_lo / fabs(r->med_b);
			r->change_hi = r->diff_hi / fabs(r->med_b);
		}
	} else if (lt->ok) {
		r->change_lo = lt->lo;
		r->change_hi = lt->hi;
	} else if (r->med_b != 0) {
		r->change_lo = r->diff_lo / fabs(r->med_b);
		r->change_hi = r->diff_hi / fabs(r->med_b);
	}
}

static void
compare(struct row *r, const struct opts *o, double conf, const char *label)
{
	struct bs_welch w;
	struct bs_mwu m;
	double ratio, lo, hi, minp;
	int rc;

	r->diff = r->diff_lo = r->diff_hi = NAN;
	r->change = r->change_lo = r->change_hi = NAN;
	r->stat = r->df = r->p = r->p_adj = r->d = r->delta = NAN;
	r->mean_b = r->mean_c = r->med_b = r->med_c = NAN;
	if (r->nb > 0) {
		double sd;

		bs_mean_sd(r->b, r->nb, &r->mean_b, &sd);
		r->mean_b = bs_snap(r->mean_b);
		r->med_b = median(r->b, r->nb);
	}
	if (r->nc > 0) {
		double sd;

		bs_mean_sd(r->c, r->nc, &r->mean_c, &sd);
		r->mean_c = bs_snap(r->mean_c);
		r->med_c = median(r->c, r->nc);
	}
	if (r->nb < 2 || r->nc < 2) {
		double cb = o->mwu ? r->med_b : r->mean_b;
		double cc = o->mwu ? r->med_c : r->mean_c;

		/* No test, but the change is still what was seen. */
		if (isfinite(cb) && isfinite(cc) && cb != 0)
			r->change = cc / cb - 1;
		r->v = V_INCONCLUSIVE;
		warnmsg("warning: %s: fewer than 2 values on a side (%zu "
		    "baseline, %zu candidate): no test", label, r->nb, r->nc);
		return;
	}
	if (r->nb < 10 || r->nc < 10)
		warnmsg("warning: %s: %zu baseline and %zu candidate values: "
		    "run at least 10 repetitions", label, r->nb, r->nc);
	r->d = bs_cohen_d(r->b, r->nb, r->c, r->nc);
	r->delta = bs_cliff_delta(r->b, r->nb, r->c, r->nc);
	if (allsame(r->b, r->nb) && allsame(r->c, r->nc)) {
		warnmsg("warning: %s: every value on each side is identical: "
		    "no spread, no test", label);
		r->v = V_INCONCLUSIVE;
		r->diff = r->mean_c - r->mean_b;
		r->change = r->mean_b != 0 ? r->mean_c / r->mean_b - 1 : NAN;
		return;
	}
	if (!o->mwu) {
		rc = o->paired ? bs_paired_t(r->b, r->c, r->nb, conf, &w) :
		    bs_welch(r->b, r->nb, r->c, r->nc, conf, &w);
		if (rc == 0) {
			r->stat = w.t;
			r->df = w.df;
			r->p = w.p;
			r->diff = w.diff;
			r->diff_lo = w.ci_lo;
			r->diff_hi = w.ci_hi;
		}
		r->change = r->mean_b != 0 ? r->mean_c / r->mean_b - 1 : NAN;
		if (o->paired) {
			/* The paired CI of the difference over the mean. */
			if (r->mean_b != 0) {
				r->change_lo = r->diff_lo / fabs(r->mean_b);
				r->change_hi = r->diff_hi / fabs(r->mean_b);
			}
		} else if (bs_fieller(r->b, r->nb, r->c, r->nc, conf, &ratio,
		    &lo, &hi) == 0) {
			r->change_lo = lo - 1;
			r->change_hi = hi - 1;
		}
		r->testable = isfinite(r->p);
	} else {
		struct logtest lt;

		logtest_start(&lt, r, o, conf);
		rc = o->paired ? bs_signed_rank(r->b, r->c, r->nb, conf, &m) :
		    bs_mann_whitney(r->b, r->nb, r->c, r->nc, conf, &m);
		if (rc == 0) {
			r->stat = m.w;
			r->p = m.p;
			r->diff = m.hl;
			r->diff_lo = m.hl_lo;
			r->diff_hi = m.hl_hi;
		}
		r->paired = o->paired;
		rank_change(r, &lt);
		/* The smallest p the exact test can give at these sizes. */
		minp = o->paired ? 2.0 / pow(2.0, (double)r->nb) :
		    2.0 * exp(-choose_log(r->nb + r->nc, r->nb));
		r->testable = isfinite(r->p);
		if (minp > o->alpha) {
			warnmsg("warning: %s: with %zu and %zu values the %s "
			    "test cannot reach p < %g (smallest p %.3g): add "
			    "repetitions", label, r->nb, r->nc, o->paired ?
			    "signed-rank" : "Mann-Whitney", o->alpha, minp);
			r->testable = 0;
		}
	}
	{
		double rb = bs_autocorr1(r->b, r->nb, r->mean_b);
		double rcd = bs_autocorr1(r->c, r->nc, r->mean_c);
		double lim_b = 2.0 / sqrt((double)r->nb);
		double lim_c = 2.0 / sqrt((double)r->nc);

		if (r->nb >= 10 && fabs(rb) > lim_b)
			warnmsg("warning: %s: baseline runs are autocorrelated "
			    "(r1 = %.2g > %.2g): they are not independent and "
			    "the p-value is too small", label, rb, lim_b);
		if (r->nc >= 10 && fabs(rcd) > lim_c)
			warnmsg("warning: %s: candidate runs are autocorrelated "
			    "(r1 = %.2g > %.2g): they are not independent and "
			    "the p-value is too small", label, rcd, lim_c);
	}
}

static void
decide(struct row *r, const struct opts *o)
{
	if (r->v == V_MISSING || r->v == V_INCONCLUSIVE)
		return;
	if (!r->testable) {
		r->v = V_INCONCLUSIVE;
		return;
	}
	double ch = r->change;

	/* From a baseline of zero the change is infinite, signed by diff. */
	if (isnan(ch) && isfinite(r->diff) && r->diff != 0)
		ch = copysign(INFINITY, r->diff);
	if (r->p_adj < o->alpha && !isnan(ch) && fabs(ch) >= o->threshold) {
		int up = ch > 0;

		r->v = up == r->higher ? V_IMPROVED : V_REGRESSED;
	} else
		r->v = V_UNCHANGED;
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
machine(struct row *rows, size_t n, const struct bs_table *t,
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
	for (k = o->variant ? 1 : 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
		bs_result_addcol(res, cols[k]);
	for (i = 0; i < n; i++) {
		struct row *r = &rows[i];
		long row = bs_result_addrow(res);

		if (row < 0)
			die("out of memory");
		c = 0;
		for (k = o->variant ? 1 : 0; k < t->ngcols; k++)
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
		if (r->v != V_MISSING)
			bs_result_str(res, (size_t)row, c, o->paired ?
			    (o->mwu ? "signed-rank" : "paired-t") :
			    (o->mwu ? "mwu" : "welch"));
		c++;
		bs_result_num(res, (size_t)row, c++, r->stat);
		bs_result_num(res, (size_t)row, c++, r->df);
		bs_result_num(res, (size_t)row, c++, r->p);
		bs_result_num(res, (size_t)row, c++, r->p_adj);
		bs_result_num(res, (size_t)row, c++, r->d);
		bs_result_num(res, (size_t)row, c++, r->delta);
		bs_result_str(res, (size_t)row, c++, vnames[r->v]);
	}
	return res;
}

/*
 * The geometric mean of the ratios of the rows of one value column that
 * were compared (both sides with 2 values or more), as a change.  Ratios
 * of different columns (ns/op and MB/s) are not mixed.
 */
static double
geomean(const struct row *rows, size_t n, const struct opts *o,
    const char *column, size_t *k)
{
	double s = 0;

	*k = 0;
	for (size_t i = 0; i < n; i++) {
		double b = o->mwu ? rows[i].med_b : rows[i].mean_b;
		double c = o->mwu ? rows[i].med_c : rows[i].mean_c;

		if (strcmp(rows[i].column, column) != 0 ||
		    rows[i].v == V_MISSING || rows[i].nb < 2 ||
		    rows[i].nc < 2 || !(b > 0) || !(c > 0))
			continue;
		s += log(c / b);
		(*k)++;
	}
	return *k ? exp(s / (double)*k) - 1 : NAN;
}

/* The table for people, and the Markdown report. */
static struct bs_result *
human(struct row *rows, size_t n, const struct bs_table *t,
    const struct opts *o, double conf, int md)
{
	struct bs_result *res = bs_result_new();
	char buf[128], a[40], b[40], cistr[40];
	size_t i, k, c, j, ng;
	size_t *order;

	if (res == NULL || (order = malloc((n + 1) * sizeof(*order))) == NULL)
		die("out of memory");
	for (k = o->variant ? 1 : 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	bs_result_addcol(res, "column");
	bs_result_addcol(res, o->mwu ? "baseline (median)" :
	    "baseline (mean)");
	bs_result_addcol(res, o->mwu ? "candidate (median)" :
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
		static const enum verdict pri[] = { V_REGRESSED, V_IMPROVED,
		    V_INCONCLUSIVE, V_MISSING, V_UNCHANGED };

		for (size_t q = 0; q < 5; q++)
			for (i = 0; i < n; i++)
				if (rows[i].v == pri[q])
					order[j++] = i;
	} else
		for (i = 0; i < n; i++)
			order[j++] = i;
	for (j = 0; j < n; j++) {
		struct row *r = &rows[order[j]];
		long row = bs_result_addrow(res);

		c = 0;
		for (k = o->variant ? 1 : 0; k < t->ngcols; k++)
			bs_result_str(res, (size_t)row, c++, r->key[k]);
		bs_result_str(res, (size_t)row, c++, r->column);
		fmt_num(buf, sizeof(buf), o->mwu ? r->med_b : r->mean_b);
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nb);
		bs_result_str(res, (size_t)row, c++, buf);
		fmt_num(buf, sizeof(buf), o->mwu ? r->med_c : r->mean_c);
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
		if (r->v == V_MISSING)
			snprintf(buf, sizeof(buf), "-");
		bs_result_str(res, (size_t)row, c++, buf);
		fmt_p(buf, sizeof(buf), r->p_adj);
		bs_result_str(res, (size_t)row, c++, buf);
		bs_result_num(res, (size_t)row, c++, isfinite(r->d) ?
		    round(r->d * 100) / 100 : NAN);
		bs_result_num(res, (size_t)row, c++, isfinite(r->delta) ?
		    round(r->delta * 100) / 100 : NAN);
		bs_result_str(res, (size_t)row, c++, vnames[r->v]);
	}
	for (i = 0; i < n; i++) {
		double g;
		long row;

		/* One geomean row per value column, at its first row. */
		for (j = 0; j < i; j++)
			if (strcmp(rows[j].column, rows[i].column) == 0)
				break;
		if (j < i)
			continue;
		g = geomean(rows, n, o, rows[i].column, &ng);
		if (ng < 2)
			continue;
		row = bs_result_addrow(res);
		c = o->variant ? t->ngcols - 1 : t->ngcols;
		for (k = 0; k < c; k++)
			bs_result_str(res, (size_t)row, k, "");
		snprintf(buf, sizeof(buf), "geomean %s", rows[i].column);
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
sentence(FILE *fp, const struct row *r, const struct opts *o, double conf)
{
	if (r->v == V_MISSING || !isfinite(r->diff_lo))
		return;
	char ch[96];

	pct_ci(ch, sizeof(ch), r->change, r->change_lo, r->change_hi);
	if (o->mwu)
		fprintf(fp, "Shift (%s) at %g%% confidence: %.6g [%.6g, %.6g]; "
		    "change %s; p = %.4g (%s, %s = %.6g)\n", o->paired ?
		    "pseudo-median of the differences" : "Hodges-Lehmann",
		    conf, r->diff, r->diff_lo, r->diff_hi, ch, r->p,
		    o->paired ? "Wilcoxon signed rank" : "Mann-Whitney U",
		    o->paired ? "V" : "W", r->stat);
	else
		fprintf(fp, "Difference at %g%% confidence: %.6g +/- %.6g, "
		    "%s%s; p = %.4g (%s, t = %.4g, df = %.4g)\n", conf,
		    r->diff, (r->diff_hi - r->diff_lo) / 2, ch, o->paired ?
		    "" : " (Fieller)", r->p, o->paired ? "paired t" : "Welch",
		    r->stat, r->df);
	if (r->v == V_UNCHANGED && r->p_adj < o->alpha)
		fprintf(fp, "Statistically significant, but smaller than "
		    "--threshold %g%%: unchanged.\n", 100 * o->threshold);
	else if (r->v == V_UNCHANGED)
		fprintf(fp, "No difference proven at %g%% confidence.\n",
		    100 * (1 - o->alpha));
}

static void
summary_line(FILE *fp, const struct row *rows, size_t n)
{
	size_t cnt[5] = { 0 };
	static const enum verdict order[] = { V_REGRESSED, V_IMPROVED,
	    V_UNCHANGED, V_INCONCLUSIVE, V_MISSING };
	int first = 1;

	for (size_t i = 0; i < n; i++)
		cnt[rows[i].v]++;
	for (size_t q = 0; q < 5; q++) {
		if (cnt[order[q]] == 0)
			continue;
		fprintf(fp, "%s%zu %s", first ? "" : ", ", cnt[order[q]],
		    vnames[order[q]]);
		first = 0;
	}
	fputs("\n\n", fp);
}

static void
write_out(const struct tool_common *com, struct row *rows, size_t n,
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
	res = human_fmt ? human(rows, n, t, o, com->confidence,
	    com->outfmt == BS_OUT_MD) : machine(rows, n, t, o);
	if (com->outfmt == BS_OUT_MD) {
		fputs("**bcompare:** ", fp);
		summary_line(fp, rows, n);
	}
	bs_result_write(res, com->outfmt, fp);
	if (human_fmt && n == 1) {
		fputc('\n', fp);
		sentence(fp, &rows[0], o, com->confidence);
	}
	if (com->outfmt == BS_OUT_MD) {
		size_t tested = 0;

		for (size_t i = 0; i < n; i++)
			tested += rows[i].testable;
		fprintf(fp, "\n%s; p adjusted by %s across the %zu metric%s "
		    "tested; alpha %g, threshold %g%%; intervals are not "
		    "adjusted.\n", o->paired ? (o->mwu ?
		    "Wilcoxon signed rank" : "paired t") : (o->mwu ?
		    "Mann-Whitney U" : "Welch's t"), o->adjust == BS_ADJ_HOLM ?
		    "Holm" : o->adjust == BS_ADJ_BH ? "Benjamini-Hochberg" :
		    "nothing", tested, tested == 1 ? "" : "s", o->alpha,
		    100 * o->threshold);
	}
	bs_result_free(res);
	if (a.fp) {
		if (bs_afile_commit(&a, &e) == -1)
			die_err(&e);
	} else
		tool_close_stdout();
}

/* Key of group g without the variant column. */
/* Rows for the value columns of group g, missing until filled. */
static size_t
grouprows(const struct bs_table *t, size_t g, struct row **rows,
    size_t *nrows, size_t *cap)
{
	size_t first = *nrows;

	for (size_t c = 0; c < t->nvcols; c++) {
		struct row *r = addrow(rows, nrows, cap);

		r->key = t->groups[g].key;
		r->column = bs_table_vname(t, c);
		r->v = V_MISSING;
	}
	return first;
}

/*
 * One input split by its first group column: each group of the baseline
 * or candidate value meets its partner (the same key with the other
 * value) through the table's hash, so pairing stays linear in the number
 * of groups.  Rows come in the order their first side appears.
 */
static void
pair_variant(const struct bs_table *t, const struct opts *o, size_t skip,
    struct row **rows, size_t *nrows, size_t *cap)
{
	size_t *base, g, c;
	char **key;

	if ((base = calloc(t->ngroups + 1, sizeof(*base))) == NULL ||
	    (key = calloc(t->ngcols + 1, sizeof(*key))) == NULL)
		die("out of memory");
	for (g = 0; g < t->ngroups; g++) {
		char *const *gk = t->groups[g].key;
		int isb = strcmp(gk[0], o->vbase) == 0;
		long p;
		size_t first;

		if (!isb && strcmp(gk[0], o->vcand) != 0)
			continue;
		memcpy(key, gk, t->ngcols * sizeof(*key));
		key[0] = (char *)(isb ? o->vcand : o->vbase);
		if ((p = bs_table_find_group(t, key)) == -2)
			die("out of memory");
		if (p >= 0 && (size_t)p < g)
			first = base[p] - 1;
		else
			first = grouprows(t, g, rows, nrows, cap);
		base[g] = first + 1;
		for (c = 0; c < t->nvcols; c++) {
			struct row *r = &(*rows)[first + c];

			if (isb)
				r->b = values(&t->groups[g].s[c], skip, &r->nb);
			else
				r->c = values(&t->groups[g].s[c], skip, &r->nc);
		}
	}
	free(base);
	free(key);
}

/*
 * Two inputs: the baseline's rows in its order, then each candidate
 * metric joins its baseline row (group by the baseline table's hash,
 * column by name) or, when the baseline lacks it, comes after them.
 */
static void
pair_inputs(const struct bs_table *tb, const struct bs_table *tc,
    size_t skip, struct row **rows, size_t *nrows, size_t *cap)
{
	long *colmap;
	size_t g, c, k;

	if ((colmap = calloc(tc->nvcols + 1, sizeof(*colmap))) == NULL)
		die("out of memory");
	for (c = 0; c < tc->nvcols; c++) {
		colmap[c] = -1;
		for (k = 0; k < tb->nvcols; k++)
			if (strcmp(bs_table_vname(tb, k),
			    bs_table_vname(tc, c)) == 0) {
				colmap[c] = (long)k;
				break;
			}
	}
	for (g = 0; g < tb->ngroups; g++) {
		size_t first = grouprows(tb, g, rows, nrows, cap);

		for (c = 0; c < tb->nvcols; c++) {
			struct row *r = &(*rows)[first + c];

			r->b = values(&tb->groups[g].s[c], skip, &r->nb);
		}
	}
	for (g = 0; g < tc->ngroups; g++) {
		long gb = bs_table_find_group(tb, tc->groups[g].key);

		if (gb == -2)
			die("out of memory");
		for (c = 0; c < tc->nvcols; c++) {
			struct row *r;

			if (gb >= 0 && colmap[c] >= 0)
				r = &(*rows)[(size_t)gb * tb->nvcols +
				    (size_t)colmap[c]];
			else {
				r = addrow(rows, nrows, cap);
				r->key = tc->groups[g].key;
				r->column = bs_table_vname(tc, c);
				r->v = V_MISSING;
			}
			r->c = values(&tc->groups[g].s[c], skip, &r->nc);
		}
	}
	free(colmap);
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
	struct row *rows = NULL;
	size_t nrows = 0, cap = 0, i, g;
	double *ps;
	char *groups = NULL, *label;
	int ch, regressed = 0;

	tool_init("bcompare", &com, argv);
	com.topts.raw = 1;	/* ties must stay ties */
	memset(&o, 0, sizeof(o));
	o.alpha = 0.05;
	o.adjust = BS_ADJ_HOLM;
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_TEST:
			if (strcmp(optarg, "welch") == 0)
				o.mwu = 0;
			else if (strcmp(optarg, "mwu") == 0)
				o.mwu = 1;
			else
				die("--test takes welch or mwu, not '%s'",
				    optarg);
			break;
		case OPT_ALPHA:
			if (bs_parse_double(optarg, &o.alpha) == -1 ||
			    !(o.alpha > 0 && o.alpha < 1))
				die("--alpha takes a level between 0 and 1, not "
				    "'%s'", optarg);
			break;
		case OPT_THRESHOLD:
			if (bs_parse_double(optarg, &o.threshold) == -1 ||
			    o.threshold < 0)
				die("--threshold takes a percentage (>= 0), not "
				    "'%s'", optarg);
			o.threshold /= 100;
			break;
		case OPT_HIB:
			o.hib = optarg;
			break;
		case OPT_ADJUST:
			if (strcmp(optarg, "holm") == 0)
				o.adjust = BS_ADJ_HOLM;
			else if (strcmp(optarg, "bh") == 0)
				o.adjust = BS_ADJ_BH;
			else if (strcmp(optarg, "none") == 0)
				o.adjust = BS_ADJ_NONE;
			else
				die("--adjust takes holm, bh or none, not '%s'",
				    optarg);
			break;
		case OPT_GATE:
			o.gate = 1;
			break;
		case OPT_PAIRED:
			o.paired = 1;
			break;
		case OPT_VARIANT:
			o.variant = optarg;
			break;
		case OPT_BASELINE:
			o.vbase = optarg;
			break;
		case OPT_LIB:
			o.lib = optarg;
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
		{
			const char *vb = o.vbase, *vc = o.vcand;

			for (g = 0; g < tb->ngroups && (!vb || !vc); g++) {
				const char *v = tb->groups[g].key[0];

				if (!vb && (!vc || strcmp(v, vc) != 0))
					vb = v;
				else if (!vc && strcmp(v, vb) != 0)
					vc = v;
			}
			if (!vb || !vc)
				die("--variant %s: needs two distinct values, "
				    "found %s", o.variant, vb ? "one" : "none");
			o.vbase = vb;
			o.vcand = vc;
			for (int s = 0; s < 2; s++) {
				const char *want = s ? vc : vb;

				for (g = 0; g < tb->ngroups; g++)
					if (strcmp(tb->groups[g].key[0],
					    want) == 0)
						break;
				if (g == tb->ngroups)
					die("--variant %s: no row has the %s "
					    "value '%s'", o.variant, s ?
					    "candidate" : "baseline", want);
			}
			if (strcmp(vb, vc) == 0)
				die("--baseline and --candidate are both "
				    "'%s'", vb);
		}
		pair_variant(tb, &o, com.skip, &rows, &nrows, &cap);
	} else {
		if (argc != 2)
			die("two inputs, BASELINE and CANDIDATE, or --variant "
			    "COL (see bcompare --help)");
		tb = tool_read_table(&com, 1, &argv[0]);
		tc = tool_read_table(&com, 1, &argv[1]);
		pair_inputs(tb, tc, com.skip, &rows, &nrows, &cap);
	}

	checklist("--higher-is-better", o.hib, tb);
	checklist("--lower-is-better", o.lib, tb);
	if ((ps = calloc(nrows + 1, sizeof(*ps))) == NULL)
		die("out of memory");
	for (i = 0; o.paired && i < nrows; i++)
		if (rows[i].b && rows[i].c && rows[i].nb != rows[i].nc)
			die("%s: --paired needs as many candidate as baseline "
			    "values (%zu and %zu)", rows[i].column, rows[i].nc,
			    rows[i].nb);
	for (i = 0; i < nrows; i++) {
		struct row *r = &rows[i];

		label = tool_label(tb, r->key, o.variant ? 1 : 0, r->column);
		r->higher = higher_is_better(&o, r->column);
		if (r->b == NULL || r->c == NULL) {
			warnmsg("warning: %s: only in the %s: verdict missing",
			    label, r->b ? "baseline" : "candidate");
			r->v = V_MISSING;
			r->stat = r->df = r->p = r->p_adj = NAN;
			r->diff = r->diff_lo = r->diff_hi = NAN;
			r->change = r->change_lo = r->change_hi = NAN;
			r->d = r->delta = NAN;
			r->mean_b = NAN;
			if (r->b)
				r->med_b = median(r->b, r->nb);
			else
				r->med_b = NAN;
			r->med_c = r->c ? median(r->c, r->nc) : NAN;
			{
				double sd;

				if (r->b && r->nb)
					bs_mean_sd(r->b, r->nb, &r->mean_b,
					    &sd);
				r->mean_c = NAN;
				if (r->c && r->nc)
					bs_mean_sd(r->c, r->nc, &r->mean_c,
					    &sd);
			}
			ps[i] = NAN;
			free(label);
			continue;
		}
		r->v = V_UNCHANGED;
		compare(r, &o, com.confidence, label);
		ps[i] = r->testable ? r->p : NAN;
		free(label);
	}
	if (bs_p_adjust(ps, nrows, o.adjust, ps) == -1)
		die("out of memory");
	for (i = 0; i < nrows; i++) {
		rows[i].p_adj = rows[i].testable ? ps[i] : NAN;
		decide(&rows[i], &o);
		if (rows[i].v == V_REGRESSED)
			regressed = 1;
	}
	write_out(&com, rows, nrows, tb, &o);

	for (i = 0; i < nrows; i++) {
		free(rows[i].b);
		free(rows[i].c);
	}
	free(rows);
	free(ps);
	free(groups);
	bs_table_free(tb);
	bs_table_free(tc);
	return o.gate && regressed ? 1 : 0;
}
