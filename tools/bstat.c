/*
 * bstat: summary statistics per group and value column, with confidence
 * intervals of the mean and percentiles.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

/* A result format for people: table, md (their headings in --lang). */
#define HUMAN(f)	((f) == BS_OUT_TABLE || (f) == BS_OUT_MD)

enum {
	OPT_PCT = OPT_TOOL,
	OPT_QTYPE,
	OPT_AUTOCORR,
	OPT_SPREAD,
	OPT_STEADY,
	OPT_STEADYTOL,
	OPT_NOQUANT,
	OPT_TARGET,
	OPT_GATE,
	OPT_PCTCI,
	OPT_MVALUE,
	OPT_SKETCH,
	OPT_SKETCHACC,
	OPT_MERGE,
	OPT_STATS,
	OPT_WIDE,
	OPT_LEVELS,
	OPT_LEVELCOST,
	OPT_OK,
	OPT_APDEX,
	OPT_EVERY,
	OPT_MDE,
	OPT_POWER
};

#define MAXTARGETS	32

/* bstat's own output format, beside the result tables'. */
enum { FMT_SKETCH = 1, FMT_DDSKETCH };

static const struct tool_outfmt formats[] = {
	/* A file of sketches for --merge, no result table. */
	{ "sketch", FMT_SKETCH, NULL, 1 },
	/* One series as a DDSketch protobuf, for Datadog's libraries. */
	{ "ddsketch", FMT_DDSKETCH, NULL, 1 },
	{ NULL, 0, NULL, 0 }
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
"      --confidence P      confidence level of the interval, percent (95)\n"
"      --skip N            drop the first N samples of every group (warm-up)\n"
"                          (auto: each series' runs before its steady state,\n"
"                          as --steady auto finds it, said in a note)\n"
"      --replicate COL     the values sit in units numbered by COL (a process,\n"
"                          a fork), repeatable, outermost first: the mean and\n"
"                          its interval from the top units' means (default:\n"
"                          the format's nesting; '' every value a run)\n"
"      --levels            instead of the statistics, each level's variance\n"
"                          component and the repetitions worth their cost\n"
"      --level-cost LIST   --levels with the cost of one repetition at each\n"
"                          level, outermost first (30,1; default equal)\n"
"      --percentiles LIST  percentile columns (default 95,99; 99.9 gives p99.9)\n"
"      --quantile-type N   Hyndman-Fan quantile type 1-9 (default 7, as R)\n"
"      --spread ci|sd      the table's spread beside the mean: the half-width\n"
"                          of its CI (ci, default, headed ± CI) or the sd\n"
"      --autocorr          add r1, the lag-1 autocorrelation in input order\n"
"      --steady W|auto     compare the means of the last two windows of W\n"
"                          samples; auto: classify the runs (flat, warm-up,\n"
"                          slowdown, no steady state) from change points\n"
"                          samples: columns steady_diff and steady\n"
"                          (auto with --every: over the windows' medians)\n"
"      --steady-tol PCT    relative difference counted as steady (default 2)\n"
"      --no-quantiles      keep no values: memory per group, not per value;\n"
"                          mean, sd, se, interval, min, max and cv only\n"
"      --sketch            percentiles from a relative-error sketch (type 1,\n"
"                          within --sketch-accuracy), memory per group\n"
"      --sketch-accuracy PCT  relative accuracy, 0.1 to 20 (default 0.5)\n"
"      --merge             the FILEs are -f sketch or -f ddsketch outputs (or\n"
"                          DDSketch protobufs of Datadog's libraries): merge\n"
"                          them\n"
"      --target EXPR       an absolute target, repeatable: COL>=V (the mean,\n"
"                          judged by its interval), STAT(COL)<V with STAT\n"
"                          mean, median, pNN, min, max, q1, q3, sd, se, iqr,\n"
"                          cv, ci_lo, ci_hi, n; column target: met, missed,\n"
"                          unproven\n"
"      --gate              exit 1 when a target is missed\n"
"      --ok COND           which requests succeed: COL<400 (any comparison),\n"
"                          COL=TEXT, or COL a success flag (true, yes, ok, 1):\n"
"                          columns errors, error_rate and its Wilson interval\n"
"                          error_lo, error_hi; targets error_rate<V; a rate\n"
"                          without --ok reads the log's own flag (success)\n"
"      --every DURATION    cut each series into windows of DURATION (10s,\n"
"                          500ms, 1m) by the time stamps of -t COL (default:\n"
"                          a request log's own, JMeter's timeStamp): a row per\n"
"                          window (column window: its start, s), an empty\n"
"                          one empty, with throughput (requests per second);\n"
"                          with --sketch a sketch a window, no values kept\n"
"  -t, --time COL          the column of time stamps (epoch s, ms, us or ns by\n"
"                          magnitude, or the unit its name ends in: _ms)\n"
"      --apdex T           Apdex at T in the values' unit, or with its own\n"
"                          (500ms; satisfied <= T, tolerating <= 4T; default\n"
"                          0.5 s in a column of time, JMeter's, else 500):\n"
"                          columns apdex, apdex_lo, apdex_hi; targets apdex>=V\n"
"      --percentile-ci     distribution-free intervals of the median and the\n"
"                          percentiles: median_lo, median_hi, pNN_lo, pNN_hi\n"
"      --mvalue            add mvalue, Gregg's modality value (about 2 for\n"
"                          one mode; a warning from 2.4 on, n >= 30)\n"
"      --mde               add mde, the minimum detectable change: the\n"
"                          smallest difference of means that as many runs\n"
"                          per side detect (Welch) with 80%% power\n"
"      --power P           the power of mde, 0 < P < 1 (default 0.8)\n"
"      --tag KEY=VALUE     a constant first column, repeatable (commit, date)\n"
"      --stats LIST        the statistics, in order, in every format: n, mean,\n"
"                          ci (both bounds), ci_half, median, p99, ...; default:\n"
"                          a compact set in table, all in csv/tsv/json/md\n"
"      --wide              one row per group, columns COLUMN_STAT per metric\n"
"      --raw               no unit scaling in table and md\n"
"      --sort ORDER        natural (table, md) or first (csv, tsv, json)\n"
"  -q, --quiet             no notes, hints or warnings\n"
"      --lang en|zh        the words for people, Chinese with zh (en)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Columns: <groups>, column, n, missing, mean, sd, se, ci_lo, ci_hi, min, q1,\n"
"median, q3, max, iqr, cv, p95, p99 [, r1] [, steady_diff, steady]\n"
"[, target] [, units].  Exit status: 0; 1 with --gate when a target is missed; 2 error.\n"
"With several FILEs, a first group column 'file' names the input.\n",
	    tool_informats(26, 76), tool_outfmts(formats));
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

/*
 * The result's columns: groups, column, the statistics asked for, the
 * top-level units of nested runs (units), the target.
 */
static struct bs_result *
columns(const struct bs_table *t, const struct bs_statcols *st, size_t ntg,
    long skip, enum bs_outfmt f, int units)
{
	struct bs_result *res;
	char name[512];
	size_t k, c;

	if ((res = bs_result_new()) == NULL)
		die("out of memory");
	for (k = 0; k < t->ngcols; k++)
		if ((long)k != skip)
			bs_result_addcol(res, t->names[t->gcols[k]]);
	if (st->wide) {
		/* A block of columns per metric: latency_us_mean, ... */
		for (c = 0; c < t->nvcols; c++) {
			for (k = 0; k < st->n; k++) {
				snprintf(name, sizeof(name), "%s_%s",
				    bs_table_vname(t, c), st->c[k].name);
				bs_result_addcol(res, name);
			}
			snprintf(name, sizeof(name), "%s_units",
			    bs_table_vname(t, c));
			if (units)
				bs_result_addcol(res, name);
		}
		return res;
	}
	bs_result_addcol(res, "column");
	for (k = 0; k < st->n; k++)
		bs_result_addcol(res, bs_statcol_heading(&st->c[k], f));
	/* People read their language (bs_tr); scripts the names. */
	if (units)
		bs_result_addcol(res, HUMAN(f) ? bs_tr("units") : "units");
	if (ntg > 0)
		bs_result_addcol(res, HUMAN(f) ? bs_tr("target") : "target");
	return res;
}

/* The group's key cells; the row's index. */
static size_t
keyrow(struct bs_result *res, const struct bs_table *t, size_t g,
    long skip, size_t *col)
{
	size_t row = (size_t)bs_result_addrow(res), k;

	for (*col = 0, k = 0; k < t->ngcols; k++)
		if ((long)k != skip)
			bs_result_str(res, row, (*col)++, t->groups[g].key[k]);
	return row;
}

/* One row: the summary of value column c of group g. */
static void
addrow(struct bs_result *res, const struct bs_table *t, size_t g,
    const char *column, long skip, const struct bs_summary *s,
    const struct bs_statcols *st, const struct bs_colunit *u)
{
	size_t col, row = keyrow(res, t, g, skip, &col);

	bs_result_str(res, row, col++, column);
	bs_statcols_put(res, row, col, st, s, u, column);
}

/* --steady auto: classify each series' runs (steady_note()). */
static int steady_auto;
/* --mde, at --power's power. */
static int mde_on;
static double mde_power = 0.8;

/* What is said about the series, the first few of each kind in full. */
struct notes {
	size_t	 n1, n0, nwarm, nmodes, nshort, nabsent;
	int	 mvalue;	/* --mvalue (or in --stats) */
	size_t	 nmvfew;	/* series it is left empty for */
	char	*warmlabel;
	double	 shortpct, shortconf;	/* --percentile-ci's note, for the
					   count of the rest */
	size_t	 shortminn;
};

/*
 * Notes on one series.  Its label is built only when something is said
 * (a million groups need no million labels); the first warm-up label is
 * kept for the closing hint.
 */
static void
notes(struct notes *nt, const struct bs_table *t, size_t g, size_t c,
    const struct bs_summary *s, const struct bs_summary_opts *so)
{
	int one = s->n == 1 && nt->n1++ < 3, zero = s->n == 0 &&
	    nt->n0++ < 3;
	int ac = so->autocorr && isfinite(s->r1) && s->n >= 3 &&
	    fabs(s->r1) > bs_autocorr_limit(s->n);
	int st = so->steady && s->steady < 0 && s->n > 0;
	int warm = s->warmup && nt->nwarm++ == 0;
	/* A factor that splits the series explains their modes (its hint). */
	int modes = s->mvalue >= BS_MVALUE_MODES &&
	    !bs_table_factor_splits(t) && nt->nmodes++ < 3;

	if (nt->mvalue && s->n > 0 && s->n < BS_MVALUE_MIN_N)
		nt->nmvfew++;
	int shortci = so->pct_ci && s->n > 0 && isnan(s->pct_lo[so->npct ?
	    so->npct - 1 : 0]) && so->npct > 0 && nt->nshort++ < 3;
	char *label;

	if (!one && !zero && !ac && !st && !warm && !modes && !shortci)
		return;
	label = tool_label(t, t->groups[g].key, 0, bs_table_vname(t, c));
	if (one)
		warnmsg(bs_tr("note: %s: single observation: no statistical "
		    "inference"), label);
	else if (zero)
		warnmsg(bs_tr("note: %s: no values (n = 0)"), label);
	if (ac)
		tool_autocorr_warning(label, "runs", s->r1, s->n);
	if (st)
		warnmsg(bs_tr("note: %s: fewer than 2 x %zu samples: steady "
		    "state not judged"), label, so->steady);
	if (modes)
		warnmsg(bs_tr("warning: %s: looks multimodal (mvalue %.2f >= "
		    "%.1f): a mean hides the modes; split the runs, or compare "
		    "medians and percentiles"), label, s->mvalue,
		    BS_MVALUE_MODES);
	if (shortci) {
		nt->shortpct = so->pct[so->npct - 1];
		nt->shortconf = so->confidence;
		nt->shortminn = bs_quantile_ci_minn(bs_pct_prob(nt->shortpct),
		    so->confidence);
		warnmsg(bs_tr("note: %s: p%g at %g%% needs at least %zu values "
		    "for an interval (%zu here)"), label, nt->shortpct,
		    nt->shortconf, nt->shortminn, s->n);
	}
	if (warm)
		nt->warmlabel = label;
	else
		free(label);
}

/* Pairs of group and value column that no row had, left out. */
static void
absent_note(size_t n)
{
	warnmsg(bs_tr("note: %zu group and column pairs that no row has left "
	    "out"), n);
}

static void
closing_notes(struct notes *nt)
{
	if (nt->n1 > 3)
		warnmsg(bs_tr("note: %zu more series with a single "
		    "observation: no statistical inference"), nt->n1 - 3);
	if (nt->n0 > 3)
		warnmsg(bs_tr("note: %zu more series with no values (n = 0)"),
		    nt->n0 - 3);
	if (nt->nmvfew > 0)
		warnmsg(bs_tr("note: mvalue left empty for %zu series with "
		    "fewer than %d values (too few for its histogram)"),
		    nt->nmvfew, BS_MVALUE_MIN_N);
	if (nt->nabsent > 0)
		absent_note(nt->nabsent);
	if (nt->nmodes > 3)
		warnmsg(bs_tr("warning: %zu more series look multimodal"),
		    nt->nmodes - 3);
	if (nt->nshort > 3)
		warnmsg(bs_tr("note: %zu more series with fewer than %zu "
		    "values: no interval of p%g at %g%%"), nt->nshort - 3,
		    nt->shortminn, nt->shortpct, nt->shortconf);
	if (nt->nwarm == 1)
		warnmsg(bs_tr("hint: %s: the first samples sit far from the "
		    "rest (warm-up?); consider --skip"), nt->warmlabel);
	else if (nt->nwarm > 1)
		warnmsg(bs_tr("hint: %zu series (%s, ...): the first samples "
		    "sit far from the rest (warm-up?); consider --skip"),
		    nt->nwarm, nt->warmlabel);
	free(nt->warmlabel);
}

/*
 * Streaming keeps no values to group into units: a format's nesting
 * is not used, said (--replicate itself is refused with these).
 */
static void
unnested_note(const struct bs_table *t, const char *opt)
{
	if (t->nrep > 0)
		warnmsg(bs_tr("warning: %s keeps no values: the format's "
		    "nesting (%s) is not used, every value is taken as a run "
		    "(the interval is too narrow if they are not)"), opt,
		    t->names[t->repcols[0]]);
}

/*
 * --sketch, -f sketch and --merge: percentiles from relative-error
 * sketches, in memory that does not grow with the input, and sketch
 * files that merge into the summary of all their data.  A path of its
 * own beside the main loop: the statistics it can give are fewer.
 */
struct sketchopts {
	int	 on, merge, out;	/* --sketch, --merge, -f sketch */
	double	 acc;			/* --sketch-accuracy, ratio; 0 unset */
};

/*
 * The result of a sketch: the same statistics as without it (the
 * compact set in the table, all in the machine formats), in the same
 * units, and in the machine formats the relative accuracy.
 */
static struct bs_result *
sketch_columns(const struct bs_sketchset *set, const struct bs_statcols *st,
    enum bs_outfmt f)
{
	struct bs_result *res;
	size_t k;

	if ((res = bs_result_new()) == NULL)
		die("out of memory");
	for (k = 0; k < set->ngcols; k++)
		bs_result_addcol(res, set->gnames[k]);
	bs_result_addcol(res, "column");
	for (k = 0; k < st->n; k++)
		bs_result_addcol(res, bs_statcol_heading(&st->c[k], f));
	if (f != BS_OUT_TABLE)
		bs_result_addcol(res, "accuracy");
	return res;
}

static void
units_free(char **units, size_t n)
{
	for (size_t i = 0; units != NULL && i < n; i++)
		free(units[i]);
	free(units);
}

static int
sketch_put(FILE *fp, void *set)
{
	return bs_sketchset_write(set, fp);
}

static int
ddsketch_put(FILE *fp, void *set)
{
	return bs_sketchset_write_ddsketch(set, fp);
}

/*
 * The sketches of the operands: merged from sketch files (--merge), or
 * read through the table's streaming mode, a sketch per series; *units
 * the units the readers declared, per value column (NULL when merged).
 */
static void
sketch_read(struct tool_common *com, const struct sketchopts *sko,
    struct bs_sketchset *set, char ***units, int argc, char **argv)
{
	double acc = sko->acc > 0 ? sko->acc : BS_SKETCH_ACCURACY;
	const char *std[] = { "-" };
	struct bs_table *t;
	struct bs_err e;
	size_t g, c;
	int i;

	memset(set, 0, sizeof(*set));
	*units = NULL;
	if (sko->merge) {
		if (argc == 0) {
			argc = 1;
			argv = (char **)std;
		}
		for (i = 0; i < argc; i++)
			if (bs_sketchset_read(set, argv[i], &e) == -1)
				die_err(&e);
		return;
	}
	com->topts.moments = 1;
	com->topts.skip = com->skip;
	com->topts.sketch = acc;
	com->topts.levels = 1;
	t = tool_read_table(com, argc, argv);
	/* A summary's mean and sd are no values to sketch. */
	if (com->topts.columns == NULL && bs_table_is_summary(t))
		die("a sketch needs the values: the input holds summaries (n, "
		    "mean, sd), which bstat without --sketch passes through");
	unnested_note(t, "--sketch");
	/* The units the readers declared, for the table people read. */
	if ((*units = calloc(t->nvcols + 1, sizeof(**units))) == NULL)
		die("out of memory");
	for (c = 0; c < t->nvcols; c++)
		if (bs_table_unit(t, c) != NULL &&
		    ((*units)[c] = strdup(bs_table_unit(t, c))) == NULL)
			die("out of memory");
	/* The sketch's sums overflow: said with where its group is. */
	for (g = 0; g < t->ngroups; g++)
		for (c = 0; c < t->nvcols; c++) {
			const struct bs_moments *m = t->groups[g].s[c].mom;

			if (m != NULL && bs_moments_overflow(m))
				die_group(t, g, "%s: the running sums "
				    "of squares overflow for values "
				    "this far apart", tool_label(t,
				    t->groups[g].key, 0,
				    bs_table_vname(t, c)));
		}
	if (bs_sketchset_from_table(set, t, acc, &e) == -1)
		die_err(&e);
	bs_table_free(t);
}

/*
 * The statistics of every sketched series, as without --sketch; the
 * series no row had are counted in *absent.
 */
static struct bs_result *
sketch_summaries(const struct tool_common *com, struct bs_summary_opts *so,
    const struct bs_sketchset *set, char **units, size_t *absent)
{
	struct bs_statcols st = { .n = 0 };
	struct bs_colunit u;
	struct bs_result *res;
	struct bs_summary s;
	struct bs_err e;
	int mvalue = 0;
	size_t g, c, k, col, row;

	so->skip = 0;
	if (bs_statcols_choose(&st, NULL, com->outfmt == BS_OUT_TABLE, so,
	    &mvalue, &e) == -1)
		die_err(&e);
	res = sketch_columns(set, &st, com->outfmt);
	res->width = tool_width(com);
	for (g = 0; g < set->ngroups; g++)
		for (c = 0; c < set->nvcols; c++) {
			/* As without --sketch: no series where no row had it. */
			if (!set->s[g * set->nvcols + c].present) {
				(*absent)++;
				continue;
			}
			if (bs_sketch_summarize(&set->s[g * set->nvcols + c], so,
			    &s, &e) == -1)
				die("%s: %s", set->vnames[c], e.msg);
			bs_column_unit_as(set->vnames[c], units ? units[c] :
			    NULL, &u);
			row = (size_t)bs_result_addrow(res);
			for (col = 0, k = 0; k < set->ngcols; k++)
				bs_result_str(res, row, col++,
				    set->keys[g * set->ngcols + k]);
			bs_result_str(res, row, col++, set->vnames[c]);
			col = bs_statcols_put(res, row, col, &st, &s, com->raw ?
			    NULL : &u, set->vnames[c]);
			if (com->outfmt != BS_OUT_TABLE)
				bs_result_num(res, row, col, set->accuracy);
		}
	return res;
}

static void rates_opts(struct tool_common *, const struct bs_summary_opts *);

static int
sketch_main(struct tool_common *com, struct bs_summary_opts *so,
    const struct sketchopts *sko, int argc, char **argv)
{
	struct bs_sketchset set;
	char **units;	/* declared units, per value column */
	struct bs_result *res;
	size_t absent = 0;

	rates_opts(com, so);
	sketch_read(com, sko, &set, &units, argc, argv);
	if (sko->out) {
		struct bs_err e;

		if (sko->out == 2 && bs_sketchset_ddsketch_check(&set, &e) == -1)
			die_err(&e);
		tool_write(com, sko->out == 2 ? ddsketch_put : sketch_put,
		    (void *)&set);
		units_free(units, set.nvcols);
		bs_sketchset_free(&set);
		return 0;
	}
	res = sketch_summaries(com, so, &set, units, &absent);
	if (bs_sketchset_estimated(&set))
		warnmsg(bs_tr("note: q1, median, q3 and percentiles from a "
		    "sketch: each within +-%g%% (relative) of R's "
		    "quantile(type = 1); n exact; mean, min and max estimated "
		    "from the buckets of DDSketch input (within +-%g%% for "
		    "values of one sign), sd from them too (not bounded "
		    "relative to itself)"), 100 * set.accuracy, 100 *
		    set.accuracy);
	else
		warnmsg(bs_tr("note: q1, median, q3 and percentiles from a "
		    "sketch: each within +-%g%% (relative) of R's "
		    "quantile(type = 1); n, mean, sd, min and max exact"), 100 *
		    set.accuracy);
	if (absent > 0)
		absent_note(absent);
	tool_write_result(com, res);
	bs_result_free(res);
	units_free(units, set.nvcols);
	bs_sketchset_free(&set);
	return 0;
}

/*
 * What the options ask, as conditions of the compatibility rules: an
 * option given (with a value other than its default), or a fact about a
 * value (C_QTYPE: a quantile type a sketch does not estimate).
 */
enum cond {
	C_SKETCH, C_MERGE, C_FSKETCH, C_SKACC, C_STATS, C_WIDE, C_PCTCI,
	C_MVALUE, C_NOQUANT, C_AUTOCORR, C_STEADY, C_TARGET, C_GATE, C_QTYPE,
	C_GROUP, C_COLUMN, C_EXCLUDE, C_SKIP, C_NOHEADER, C_DELIM, C_INFMT,
	C_REPLICATE, C_LEVELS, C_RATES, C_EVERY, C_TIME, C_SKIPAUTO
};
#define IS(c)		TOOL_BIT(C_##c)
#define SKETCHY		(IS(SKETCH) | IS(MERGE) | IS(FSKETCH) | IS(SKACC))
#define INPUTOPTS	(IS(GROUP) | IS(COLUMN) | IS(EXCLUDE) | IS(SKIP) | \
			    IS(NOHEADER) | IS(DELIM) | IS(INFMT))

/*
 * Which options go together, checked in this order: what a sketch
 * cannot give, then what the values' options need.
 */
static const struct tool_rule rules[] = {
	{ IS(STATS) | IS(WIDE), SKETCHY, "--stats and --wide are not "
	    "available with --sketch, --merge or -f sketch" },
	{ IS(PCTCI), SKETCHY, "--percentile-ci is not available with "
	    "--sketch, --merge or -f sketch: a sketch keeps no values to rank "
	    "or bin" },
	{ IS(MVALUE), SKETCHY, "--mvalue is not available with --sketch, "
	    "--merge or -f sketch: a sketch keeps no values to rank or bin" },
	{ IS(NOQUANT), SKETCHY, "--no-quantiles gives no percentiles; "
	    "--sketch gives them approximately: choose one" },
	{ IS(EVERY), IS(STEADY) | IS(AUTOCORR), "--every takes --steady "
	    "auto (over the windows' medians), not --steady W or --autocorr" },
	{ IS(AUTOCORR) | IS(STEADY), SKETCHY, "--sketch keeps no values: "
	    "--autocorr and --steady need them" },
	{ IS(TARGET) | IS(GATE), SKETCHY, "--target and --gate are not "
	    "available with --sketch or --merge" },
	{ IS(RATES), IS(MERGE) | IS(FSKETCH) | IS(LEVELS), "--ok and --apdex "
	    "are not available with --merge, -f sketch or --levels (a sketch "
	    "file keeps no rates)" },
	{ IS(EVERY), IS(MERGE) | IS(FSKETCH) | IS(LEVELS) | IS(WIDE) |
	    IS(TARGET) | IS(NOQUANT) | IS(REPLICATE), "--every is not "
	    "available with --merge, -f sketch, --levels, --wide, --target, "
	    "--no-quantiles or --replicate" },
	{ IS(TIME), TOOL_UNLESS | IS(EVERY), "-t COL goes with --every" },
	{ IS(QTYPE), SKETCHY, "--sketch estimates type-1 quantiles (R's "
	    "quantile(type = 1)): --quantile-type %s does not apply" },
	{ IS(MERGE), IS(SKETCH) | IS(SKACC), "--merge takes the accuracy of "
	    "its sketch files: no --sketch or --sketch-accuracy" },
	{ IS(MERGE), INPUTOPTS, "--merge reads sketch files as they were "
	    "made: no -c, -g, --skip or input options" },
	{ IS(NOQUANT), IS(AUTOCORR) | IS(STEADY), "--no-quantiles keeps no "
	    "values: --autocorr and --steady need them" },
	{ IS(SKIPAUTO), SKETCHY | IS(NOQUANT) | IS(EVERY) | IS(LEVELS) |
	    IS(RATES), "--skip auto needs each series' runs in order, kept: "
	    "not with --sketch, --merge, -f sketch, --no-quantiles, --every, "
	    "--levels, --ok or --apdex" },
	{ IS(GATE), TOOL_UNLESS | IS(TARGET), "--gate needs a --target" },
	{ IS(REPLICATE) | IS(LEVELS), SKETCHY | IS(NOQUANT), "--replicate "
	    "and --levels need the values: not with --sketch, --merge, -f "
	    "sketch or --no-quantiles" },
	{ IS(LEVELS), IS(STATS) | IS(WIDE) | IS(TARGET), "--levels writes "
	    "the levels, not the statistics: no --stats, --wide or --target" },
	{ IS(WIDE), IS(TARGET), "--target is not available with --wide: one "
	    "row a series has one target column" },
	{ 0, 0, NULL }
};

/* Exit 2 when options that do not go together are given. */
static void
check_options(const struct tool_common *com, const struct bs_summary_opts *so,
    const struct sketchopts *sko, const char *statlist, int wide,
    int mvalue, size_t ntg, int gate, int levels)
{
	const struct bs_table_opts *to = &com->topts;
	const char *vals[C_SKIPAUTO + 1] = { NULL };
	char qtype[32];
	uint64_t h;

	h = TOOL_IF(C_SKETCH, sko->on) | TOOL_IF(C_MERGE, sko->merge) |
	    TOOL_IF(C_FSKETCH, sko->out) | TOOL_IF(C_SKACC, sko->acc > 0) |
	    TOOL_IF(C_STATS, statlist != NULL) | TOOL_IF(C_WIDE, wide) |
	    TOOL_IF(C_PCTCI, so->pct_ci) | TOOL_IF(C_MVALUE, mvalue) |
	    TOOL_IF(C_NOQUANT, so->no_quantiles) |
	    TOOL_IF(C_AUTOCORR, so->autocorr) | TOOL_IF(C_STEADY, so->steady || (steady_auto && !(levels & 2))) |
	    TOOL_IF(C_TARGET, ntg > 0) | TOOL_IF(C_GATE, gate) |
	    TOOL_IF(C_QTYPE, so->qtype != 7 && so->qtype != 1) |
	    TOOL_IF(C_GROUP, to->groups) | TOOL_IF(C_COLUMN, to->columns) |
	    TOOL_IF(C_EXCLUDE, to->exclude) | TOOL_IF(C_SKIP, com->skip ||
	    com->skip_auto) |
	    TOOL_IF(C_NOHEADER, to->read.no_header) |
	    TOOL_IF(C_DELIM, to->read.delim) |
	    TOOL_IF(C_INFMT, to->read.format != NULL) |
	    TOOL_IF(C_REPLICATE, to->replicate) | TOOL_IF(C_LEVELS, levels & 1) |
	    TOOL_IF(C_RATES, so->rates || so->apdex > 0 || so->apdex_s > 0) |
	    TOOL_IF(C_EVERY, levels & 2) | TOOL_IF(C_TIME, to->timecol) |
	    TOOL_IF(C_SKIPAUTO, com->skip_auto);
	snprintf(qtype, sizeof(qtype), "%d", so->qtype);
	vals[C_QTYPE] = qtype;
	tool_check_rules(rules, h, vals);
}

/* What one run over the values or summaries builds, and says. */
struct run {
	struct tool_common	*com;
	struct bs_summary_opts	*so;
	const struct bs_statcols *st;
	const struct bs_target	*tg;
	size_t			 ntg;
	struct bs_table		*t;
	struct bs_result	*res;
	struct bs_result	*tres;		/* targets for md, or NULL */
	long			 skip;		/* summaries' group 'column' */
	struct notes		 nt;
	int			 missed;	/* a target missed */
	int			 units;		/* a units column */
	size_t			 nunits;	/* series replicated */
	char			*unitlabel;	/* the first, and its count */
	char			 unitcount[128];
};

/*
 * Summaries (n, mean, sd) pass through, one row a group, with the
 * median, min and max they state, in the unit the format declares.
 */
static void
summary_rows(struct run *r, const size_t *ord)
{
	struct bs_summary s;
	struct bs_colunit u;
	struct bs_err e;
	const char *col;
	size_t g, gi;

	warnmsg("%s", bs_tr("note: the input holds summaries (n, mean, sd): "
	    "passed through with the median, min and max they state; "
	    "other order statistics need the values"));
	for (gi = 0; gi < r->t->ngroups; gi++) {
		g = ord[gi];
		if (bs_summary_row(r->t, g, r->so->confidence, &s, &col,
		    &e) == -1)
			die_err(&e);
		bs_column_unit_as(col, bs_summary_unit(r->t), &u);
		addrow(r->res, r->t, g, col, r->skip, &s, r->st, r->com->raw ?
		    NULL : &u);
	}
}

/*
 * A series of nested runs (bs_levels_compute()): the mean and its
 * interval are the top level's (Kalibera and Jones); the other
 * statistics stay those of every value.  One top-level unit: the
 * values are runs, said.
 */
static void
replicated(struct run *r, size_t g, size_t c, const struct bs_levels *lv,
    struct bs_summary *s)
{
	const struct bs_table *t = r->t;
	char *label;

	if (lv->state == BS_LV_ONE) {
		label = tool_label(t, t->groups[g].key, 0,
		    bs_table_vname(t, c));
		tool_levels_warn(t, lv, label);
		free(label);
	}
	if (lv->state != BS_LV_ON)
		return;
	tool_levels_note(t);
	s->mean = lv->mean;
	s->se = lv->se;
	s->ci_lo = lv->ci_lo;
	s->ci_hi = lv->ci_hi;
	if (r->nunits++ == 0) {
		r->unitlabel = tool_label(t, t->groups[g].key, 0,
		    bs_table_vname(t, c));
		snprintf(r->unitcount, sizeof(r->unitcount), "%s",
		    tool_levels_count(t, lv));
	}
}

/*
 * --steady auto's class of a sequence, in one note: of the runs, or of
 * the windows' medians (of: the words before "steady state"); from: where
 * steady state begins ("run 31", "window 40 s").
 */
static void
steady_say(const char *label, const char *of, const struct bs_steady *st,
    size_t n, const char *units, const char *from)
{
	if (st->cls == BS_SC_FLAT)
		warnmsg(bs_tr("note: %s: %ssteady state: flat (no change point "
		    "in %zu %s)"), label, of, n, units);
	else if (st->cls == BS_SC_NONE)
		warnmsg(bs_tr("note: %s: %ssteady state: none (%zu segments; "
		    "the last from %s holds under a quarter of the %zu %s)"),
		    label, of, st->nseg, from, n, units);
	else
		warnmsg(bs_tr("note: %s: %ssteady state: %s, from %s (%zu "
		    "segments in %zu %s)"), label, of,
		    bs_tr(bs_steady_name(st->cls)), from, st->nseg, n, units);
}

/*
 * --steady auto: the series' runs in order classified (flat, warm-up,
 * slowdown, no steady state) and where steady state begins, from the
 * change points libstat finds (bs_steady_series()); --skip auto: the
 * rows before it, which *skip is set to, and a note of them.
 */
static void
steady_note(const struct bs_table *t, size_t g, size_t c,
    const struct bs_series *ser, size_t *skip, int skip_auto)
{
	struct bs_steady st;
	struct bs_colunit u;
	struct bs_err e;
	size_t n, drop;
	char *label, from[64];

	bs_column_unit_as(bs_table_vname(t, c), bs_table_unit(t, c), &u);
	label = tool_label(t, t->groups[g].key, 0, bs_table_vname(t, c));
	if (bs_steady_series(ser, *skip, u.higher, &st, &n, &drop, &e) == -1)
		die_group(t, g, "%s: %s", label, e.msg);
	snprintf(from, sizeof(from), bs_tr("run %zu"), st.start + 1);
	if (steady_auto)
		steady_say(label, "", &st, n, bs_tr("runs"), from);
	if (skip_auto) {
		tool_skip_auto_note(label, &st, drop, n);
		*skip = drop;
	}
	free(label);
}

/* The row (or with --wide the cells) of value column c of group g. */
static void
value_row(struct run *r, size_t g, size_t c, size_t row, size_t *col)
{
	const struct bs_table *t = r->t;
	struct bs_series *ser = &t->groups[g].s[c];
	const char *vn = bs_table_vname(t, c);
	struct bs_summary_opts so = *r->so;
	struct bs_summary s;
	struct bs_colunit u;
	struct bs_levels lv;
	struct bs_err e;

	/*
	 * A column no row of the group has (formats with a column per
	 * unit or key): not a series of the group.  One with missing
	 * values stays, n = 0.
	 */
	if (!ser->present && !r->st->wide) {
		r->nt.nabsent++;
		return;
	}
	/*
	 * Before the summary, which reorders the values; --skip auto this
	 * series' own skip, from its steady state.
	 */
	if (steady_auto || r->com->skip_auto)
		steady_note(t, g, c, ser, &so.skip, r->com->skip_auto);
	if (bs_levels_compute(t, g, c, so.skip, so.confidence, &lv,
	    NULL) == -1)
		die("out of memory");
	if (bs_summarize(ser, &so, 0, &s, &e) == -1)
		die_group(t, g, "%s: %s", tool_label(t, t->groups[g].key, 0,
		    vn), e.msg);
	replicated(r, g, c, &lv, &s);
	bs_column_unit_as(vn, bs_table_unit(t, c), &u);
	if (r->st->wide)
		*col = bs_statcols_put(r->res, row, *col, r->st, &s,
		    r->com->raw ? NULL : &u, vn);
	else
		addrow(r->res, t, g, vn, -1, &s, r->st, r->com->raw ? NULL :
		    &u);
	if (r->units) {
		size_t uc = r->st->wide ? (*col)++ : r->res->ncols - 1 -
		    (r->ntg > 0);

		if (lv.state == BS_LV_ON)
			bs_result_int(r->res, r->res->nrows - 1, uc,
			    (long long)lv.n[0]);
	}
	if (r->ntg > 0) {
		int ts = bs_targets_judge(r->tg, r->ntg, t, g, c, &s, &so,
		    r->tres);
		const char *tn = ts >= 0 ? bs_target_status_name(
		    (enum bs_target_status)ts) : NULL;

		/* The table people read: --lang's words; scripts the names. */
		if (tn != NULL)
			bs_result_str(r->res, r->res->nrows - 1,
			    r->res->ncols - 1, HUMAN(r->com->outfmt) ?
			    bs_tr(tn) : tn);
		r->missed |= ts == BS_TARGET_MISSED;
	}
	notes(&r->nt, t, g, c, &s, &so);
}

/* Is any series replicated (the units column is then written)? */
static int
any_replicated(const struct bs_table *t, size_t skip, double confidence)
{
	struct bs_levels lv;

	for (size_t g = 0; t->nrep > 0 && g < t->ngroups; g++)
		for (size_t c = 0; c < t->nvcols; c++) {
			if (bs_levels_compute(t, g, c, skip, confidence, &lv,
			    NULL) == -1)
				die("out of memory");
			if (lv.state == BS_LV_ON)
				return 1;
		}
	return 0;
}

/* What the units column and the means say, once. */
static void
units_note(struct run *r)
{
	const char *top;

	if (r->nunits == 0)
		return;
	top = r->t->names[r->t->repcols[0]];
	if (r->nunits == 1)
		warnmsg(bs_tr("note: %s: %s: the mean and its interval over "
		    "the %s' means, the other statistics over every value"),
		    r->unitlabel, r->unitcount, tool_plural(top));
	else
		warnmsg(bs_tr("note: %zu series replicated by %s (%s: %s): the "
		    "mean and its interval over the %s' means, the other "
		    "statistics over every value"), r->nunits, top,
		    r->unitlabel, r->unitcount, tool_plural(top));
	free(r->unitlabel);
}

/* The values summarised, series by series, in the groups' order. */
static void
value_rows(struct run *r, const size_t *ord)
{
	for (size_t gi = 0; gi < r->t->ngroups; gi++) {
		size_t row = 0, col = 0;

		if (r->st->wide)
			row = keyrow(r->res, r->t, ord[gi], -1, &col);
		for (size_t c = 0; c < r->t->nvcols; c++)
			value_row(r, ord[gi], c, row, &col);
	}
	closing_notes(&r->nt);
	units_note(r);
}

/*
 * What the table counts for the rates: --ok (or the column "success"
 * when a rate is asked for without it), Apdex's T, after --skip.
 */
static void
rates_opts(struct tool_common *com, const struct bs_summary_opts *so)
{
	if (so->rates && com->topts.ok == NULL)
		com->topts.ok = "";
	com->topts.apdex = so->apdex;
	com->topts.apdex_s = so->apdex_s;
	com->topts.rates_skip = com->skip;
}

/* The result's columns with --every: groups, window, column, ... */
static struct bs_result *
window_columns(const struct bs_table *t, const struct bs_statcols *st,
    enum bs_outfmt f)
{
	struct bs_result *res;

	if ((res = bs_result_new()) == NULL)
		die("out of memory");
	for (size_t k = 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	bs_result_addcol(res, "window");
	bs_result_addcol(res, "column");
	for (size_t k = 0; k < st->n; k++)
		bs_result_addcol(res, bs_statcol_heading(&st->c[k], f));
	bs_result_addcol(res, HUMAN(f) ? bs_tr("throughput") : "throughput");
	return res;
}

/*
 * --every with --steady auto: the windows' medians (of those with
 * requests, m of them, med[] starting at start[]) as a sample in time
 * order, classified as --steady auto classifies runs: are the last
 * windows steady?
 */
static void
window_steady(const struct bs_table *t, size_t g, size_t c,
    const double *start, const double *med, size_t m)
{
	const char *vn = bs_table_vname(t, c);
	struct bs_steady st;
	struct bs_colunit u;
	struct bs_err e;
	char *label, from[64];

	bs_column_unit_as(vn, bs_table_unit(t, c), &u);
	label = tool_label(t, t->groups[g].key, 0, vn);
	if (bs_steady_auto(med, m, u.higher, &st, &e) == -1)
		die_group(t, g, "%s: %s", label, e.msg);
	snprintf(from, sizeof(from), bs_tr("window %g s"), m > 0 ?
	    start[st.start] : 0.0);
	steady_say(label, bs_tr("the windows' medians: "), &st, m,
	    bs_tr("windows"), from);
	free(label);
}

/*
 * Windows streamed into sketches are summarised this many at a time
 * (1 KiB a summary): a 10^8-row log's 15,000 windows would hold 16 MB.
 */
#define WINDOW_SLICE	1024

/* The windows of value column c of group g, a row each. */
static void
window_rows(struct bs_result *res, const struct tool_common *com,
    const struct bs_summary_opts *so, const struct bs_statcols *st,
    const struct bs_table *t, size_t g, size_t c, double every,
    struct bs_window *w)
{
	const char *vn = bs_table_vname(t, c);
	size_t nw = bs_window_count(t, every), row, col, k0, nk, m = 0;
	struct bs_colunit u;
	struct bs_err e;
	double *med = NULL, *start = NULL;
	int unsorted;
	char *label;

	if (steady_auto && ((med = calloc(nw + 1, sizeof(*med))) == NULL ||
	    (start = calloc(nw + 1, sizeof(*start))) == NULL))
		die("out of memory");
	bs_column_unit_as(vn, bs_table_unit(t, c), &u);
	for (k0 = 0; k0 < nw || k0 == 0; k0 += nk) {
		nk = t->every > 0 && nw - k0 > WINDOW_SLICE ? WINDOW_SLICE :
		    nw - k0;
		if ((t->every > 0 ? bs_windows_sketched_range(t, g, c, so, k0,
		    nk, w, &unsorted, &e) : bs_windows(t, g, c, every, so, w,
		    &unsorted, &e)) == -1)
			die_err(&e);
		if (unsorted && c == 0 && k0 == 0) {
			label = tool_label(t, t->groups[g].key, 0, vn);
			warnmsg(bs_tr("note: %s: time stamps out of order: "
			    "each window takes its rows in time order%s"),
			    label, t->every > 0 ? bs_tr(" (a sketch counts "
			    "them in any order)") : "");
			free(label);
		}
		for (size_t k = 0; k < nk; k++) {
			if (steady_auto && w[k].s.n > 0) {
				start[m] = w[k].start;
				med[m++] = w[k].s.median;
			}
			row = keyrow(res, t, g, -1, &col);
			bs_result_num(res, row, col++, w[k].start);
			bs_result_str(res, row, col++, vn);
			col = bs_statcols_put(res, row, col, st, &w[k].s,
			    com->raw ? NULL : &u, vn);
			bs_result_num(res, row, col, w[k].throughput);
		}
		if (nk == 0)
			break;
	}
	if (steady_auto)
		window_steady(t, g, c, start, med, m);
	free(med);
	free(start);
}

/*
 * --every D -t COL: each series cut into windows of D seconds by its
 * time stamps, a row per window (an empty one empty) with its
 * statistics and requests per second.
 */
static int
every_main(struct tool_common *com, struct bs_summary_opts *so,
    struct bs_statcols *st, const char *statlist, double every,
    const struct sketchopts *sko, int argc, char **argv)
{
	struct bs_result *res;
	struct bs_window *w;
	struct bs_table *t;
	struct bs_err e;
	size_t *ord, gi, c;
	int mvalue = 0;

	if (bs_statcols_choose(st, statlist, com->outfmt == BS_OUT_TABLE, so,
	    &mvalue, &e) == -1)
		die_err(&e);
	rates_opts(com, so);
	com->topts.time_auto = 1;	/* no -t: the format's time stamps */
	if (sko->on) {
		/* A sketch a window as the rows stream: no values kept. */
		com->topts.moments = 1;
		com->topts.skip = com->skip;
		com->topts.sketch = sko->acc > 0 ? sko->acc :
		    BS_SKETCH_ACCURACY;
		com->topts.every = every;
		so->skip = 0;
	}
	t = tool_read_table(com, argc, argv);
	if (sko->on)
		warnmsg(bs_tr("note: q1, median, q3 and percentiles of each "
		    "window from a sketch: each within +-%g%% (relative) of "
		    "R's quantile(type = 1); n, mean, sd, min, max, throughput "
		    "and the rates exact"), 100 * com->topts.sketch);
	if ((double)bs_window_count(t, every) > 1e7)
		die("--every %g s cuts %g s of time stamps into more than 10^7 "
		    "windows", every, t->tmax - t->tmin);
	res = window_columns(t, st, com->outfmt);
	res->width = tool_width(com);
	w = calloc((t->every > 0 && bs_window_count(t, every) > WINDOW_SLICE ?
	    WINDOW_SLICE : bs_window_count(t, every)) + 1, sizeof(*w));
	if (w == NULL || (ord = bs_table_order(t, tool_natural(com))) == NULL)
		die("out of memory");
	for (gi = 0; gi < t->ngroups; gi++)
		for (c = 0; c < t->nvcols; c++)
			if (t->groups[ord[gi]].s[c].present)
				window_rows(res, com, so, st, t, ord[gi], c,
				    every, w);
	tool_write_result(com, res);
	free(w);
	free(ord);
	bs_result_free(res);
	bs_table_free(t);
	return 0;
}

/*
 * The run without a sketch: the table read (streamed with
 * --no-quantiles), each series summarised, the targets judged.
 */
static int
stat_main(struct tool_common *com, struct bs_summary_opts *so,
    struct bs_statcols *st, const char *statlist, int mvalue,
    struct bs_target *tg, size_t ntg, int gate, int argc, char **argv)
{
	struct run r = { .com = com, .so = so, .st = st, .tg = tg,
	    .ntg = ntg, .skip = -1 };
	struct bs_err e;
	size_t k, *ord;
	int summ;

	if (so->no_quantiles) {
		/* Stream: running moments per series, O(groups) memory. */
		com->topts.moments = 1;
		com->topts.skip = com->skip;
		so->skip = 0;
	}
	for (k = 0; k < ntg; k++)
		bs_target_needs(&tg[k], so);
	if (bs_statcols_choose(st, statlist, com->outfmt == BS_OUT_TABLE, so,
	    &mvalue, &e) == -1)
		die_err(&e);
	rates_opts(com, so);
	com->topts.levels = 1;
	r.t = tool_read_table(com, argc, argv);
	if (so->no_quantiles)
		unnested_note(r.t, "--no-quantiles");
	if (bs_targets_check(tg, ntg, r.t, so, &e) == -1) {
		bs_table_free(r.t);	/* nothing is left for the leak checker */
		die_err(&e);
	}
	summ = com->topts.columns == NULL && bs_table_is_summary(r.t);
	for (k = 0; summ && k < r.t->ngcols; k++)
		if (strcmp(r.t->names[r.t->gcols[k]], "column") == 0)
			r.skip = (long)k;
	if (summ && st->wide)
		die("--wide needs the values: the input holds summaries");
	if (summ && com->skip_auto)
		die("--skip auto needs the runs: the input holds summaries");
	r.units = !summ && statlist == NULL &&
	    any_replicated(r.t, so->skip, so->confidence);
	r.res = columns(r.t, st, ntg, r.skip, com->outfmt, r.units);
	r.res->width = tool_width(com);
	if (ntg > 0 && com->outfmt == BS_OUT_MD)
		if ((r.tres = bs_target_table_new(r.t)) == NULL)
			die("out of memory");
	r.nt.mvalue = mvalue;
	if ((ord = bs_table_order(r.t, tool_natural(com))) == NULL)
		die("out of memory");
	if (summ)
		summary_rows(&r, ord);
	else
		value_rows(&r, ord);
	{
		const struct bs_result *out[2] = { r.res, r.tres };

		tool_write_results(com, out, r.tres ? 2 : 1);
	}
	free(ord);
	bs_result_free(r.res);
	bs_result_free(r.tres);
	for (k = 0; k < ntg; k++)
		bs_target_free(&tg[k]);
	bs_table_free(r.t);
	return gate && r.missed ? 1 : 0;
}

/* --level-cost: the cost of one repetition per level, outermost first. */
struct levelcost {
	double	 c[BS_MAX_LEVELS];
	size_t	 n;		/* 0: equal costs */
};

/* The name of level L of a table's series: a replicate column's, or the values'. */
static const char *
level_name(const struct bs_table *t, size_t L)
{
	if (L < t->nrep)
		return t->names[t->repcols[L]];
	for (size_t i = 0; i < t->nnames; i++)
		if (strcmp(t->names[i], "iteration") == 0)
			return "iteration";
	return "value";
}

/*
 * What --levels says of a series in words: each level's part of the
 * variance and the repetitions worth their cost per unit of the level
 * above (Kalibera and Jones, at equal costs).
 */
static void
levels_words(const struct bs_table *t, const struct bs_levels *lv,
    const char *label, int costs)
{
	for (size_t L = 1; L < lv->nlev; L++) {
		char lname[128], up[128];
		double now = lv->reps[L];

		snprintf(lname, sizeof(lname), "%s", tool_plural(level_name(t,
		    L)));
		snprintf(up, sizeof(up), "%s", level_name(t, L - 1));
		if (lv->advice[L] == 0)
			warnmsg(bs_tr("note: %s: %s add %.1f%% of the variance, "
			    "%s none of their own: more %s per %s, not more "
			    "%s"), label,
			    lname, 100 * lv->share[L], tool_plural(up), lname,
			    up, tool_plural(up));
		else if ((double)lv->advice[L] < now)
			warnmsg(bs_tr("note: %s: %s add %.1f%% of the variance: "
			    "%zu per %s %s enough (%.3g now); run more %s"), label,
			    lname, 100 * lv->share[L], lv->advice[L], up,
			    lv->advice[L] == 1 ? "is" : "are", now,
			    tool_plural(up));
		else
			warnmsg(bs_tr("note: %s: %s add %.1f%% of the variance: "
			    "%zu per %s are worth their cost (%.3g now)"), label,
			    lname, 100 * lv->share[L], lv->advice[L], up, now);
	}
	if (!costs)
		warnmsg("%s", bs_tr("note: the repetitions assume the same "
		    "cost for one repetition at every level (Kalibera and Jones "
		    "2013; --level-cost gives them)"));
}

/* The rows of one series under --levels: one a level. */
static void
levels_series(struct bs_result *res, const struct bs_table *t, size_t g,
    size_t c, const struct bs_summary_opts *so, const struct levelcost *cost,
    int *said)
{
	struct bs_levels lv;
	char *label;
	size_t L, col, row;

	if (bs_levels_compute(t, g, c, so->skip, so->confidence, &lv,
	    NULL) == -1)
		die("out of memory");
	label = tool_label(t, t->groups[g].key, 0, bs_table_vname(t, c));
	tool_levels_warn(t, &lv, label);
	if (lv.state != BS_LV_ON) {
		free(label);
		return;
	}
	if (cost->n > 0 && cost->n != lv.nlev)
		die("--level-cost: %zu costs for %zu levels (%s: %zu replicate "
		    "columns and the values)", cost->n, lv.nlev, label,
		    lv.nlev - 1);
	if (cost->n > 0)
		bs_levels_advise(&lv, cost->c);
	for (L = 0; L < lv.nlev; L++) {
		row = keyrow(res, t, g, -1, &col);
		bs_result_str(res, row, col++, bs_table_vname(t, c));
		bs_result_str(res, row, col++, level_name(t, L));
		bs_result_int(res, row, col++, (long long)lv.n[L]);
		bs_result_num(res, row, col++, lv.reps[L]);
		bs_result_num(res, row, col++, lv.s2[L]);
		bs_result_num(res, row, col++, lv.t2[L]);
		bs_result_num(res, row, col++, 100 * lv.share[L]);
		if (L > 0 && lv.advice[L] > 0)
			bs_result_int(res, row, col, (long long)lv.advice[L]);
	}
	if ((*said)++ < 3)
		levels_words(t, &lv, label, cost->n > 0);
	free(label);
}

/*
 * --levels: for each series of nested runs, each level's units, its
 * pooled variance about the level above (S^2), its variance component
 * (T^2) and share, and the repetitions per unit of the level above
 * worth their cost.
 */
static int
levels_main(struct tool_common *com, struct bs_summary_opts *so,
    const struct levelcost *cost, int argc, char **argv)
{
	static const char *const cols[] = { "column", "level", "units",
	    "per_unit", "s2", "component", "share_pct", "advice", NULL };
	struct bs_result *res;
	struct bs_table *t;
	size_t k, *ord;
	int said = 0;

	com->topts.levels = 1;
	t = tool_read_table(com, argc, argv);
	if (t->nrep == 0)
		die("--levels: the values are not nested (no --replicate, and "
		    "the format declares no nesting)");
	tool_levels_note(t);
	if ((res = bs_result_new()) == NULL ||
	    (ord = bs_table_order(t, tool_natural(com))) == NULL)
		die("out of memory");
	res->width = tool_width(com);
	for (k = 0; k < t->ngcols; k++)
		bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; cols[k] != NULL; k++)
		bs_result_addcol(res, cols[k]);
	for (size_t gi = 0; gi < t->ngroups; gi++)
		for (size_t c = 0; c < t->nvcols; c++)
			levels_series(res, t, ord[gi], c, so, cost, &said);
	if (said > 3)
		warnmsg(bs_tr("note: %d more series: their levels in the table"),
		    said - 3);
	tool_write_result(com, res);
	free(ord);
	bs_result_free(res);
	bs_table_free(t);
	return 0;
}

/* --percentiles LIST into so. */
static void
pct_opt(const char *arg, struct bs_summary_opts *so)
{
	int np = bs_parse_dlist(arg, so->pct, BS_MAX_PCT);

	if (np < 0 && ncommas(arg) >= BS_MAX_PCT)
		die("--percentiles takes at most %d values, not %zu",
		    BS_MAX_PCT, ncommas(arg) + 1);
	if (np < 0)
		die("--percentiles takes a comma-separated list of numbers, "
		    "not '%s'", arg);
	for (size_t k = 0; k < (size_t)np; k++)
		if (!(so->pct[k] >= 0 && so->pct[k] <= 100))
			die("--percentiles: %g is not between 0 and 100",
			    so->pct[k]);
	so->npct = (size_t)np;
}

/* --sketch-accuracy PCT, as a fraction. */
static double
sketchacc_opt(const char *arg)
{
	double acc;

	if (bs_parse_double(arg, &acc) == -1 ||
	    !(acc >= 100 * BS_SKETCH_MINACC && acc <= 100 * BS_SKETCH_MAXACC))
		die("--sketch-accuracy takes a percentage from %g to %g, not "
		    "'%s'", 100 * BS_SKETCH_MINACC, 100 * BS_SKETCH_MAXACC, arg);
	return acc / 100;
}

/* --level-cost LIST into cost. */
static void
levelcost_opt(const char *arg, struct levelcost *cost)
{
	int np = bs_parse_dlist(arg, cost->c, BS_MAX_LEVELS);

	for (size_t k = 0; np > 0 && k < (size_t)np; k++)
		if (!(cost->c[k] > 0) || !isfinite(cost->c[k]))
			np = -1;
	if (np < 2)
		die("--level-cost takes the cost of one repetition at each "
		    "level, outermost first, each > 0 (30,1: a fork costs 30 "
		    "iterations), not '%s'", arg);
	cost->n = (size_t)np;
}

/* The options of a request log: --ok, --apdex, --every, -t. */
static void
load_opt(int ch, const char *arg, struct tool_common *com,
    struct bs_summary_opts *so, double *every)
{
	switch (ch) {
	case OPT_OK:
		com->topts.ok = arg;
		so->rates = 1;
		break;
	case OPT_EVERY:
		if (bs_parse_duration(arg, every) == -1)
			die("--every takes a duration (10s, 500ms, 1m), not "
			    "'%s'", arg);
		break;
	case 't':
		com->topts.timecol = arg;
		break;
	default:
		if (bs_parse_apdex(arg, &so->apdex, &so->apdex_s) == -1)
			die("--apdex takes a latency T > 0, in the values' "
			    "unit or with its own (500ms), not '%s'", arg);
	}
}

/* The options that set a value of the summaries' options. */
static void
summary_opt(int ch, const char *arg, struct bs_summary_opts *so)
{
	double tol;
	size_t k;

	switch (ch) {
	case OPT_QTYPE:
		if (bs_parse_size(arg, &k) == -1 || k < 1 || k > 9)
			die("--quantile-type takes 1 to 9, not '%s'", arg);
		so->qtype = (int)k;
		break;
	case OPT_SPREAD:
		if (strcmp(arg, "ci") != 0 && strcmp(arg, "sd") != 0)
			die("--spread takes ci or sd, not '%s'", arg);
		so->spread_sd = arg[0] == 's';
		break;
	case OPT_STEADY:
		if (strcmp(arg, "auto") == 0) {
			steady_auto = 1;
			break;
		}
		if (bs_parse_size(arg, &so->steady) == -1 || so->steady < 1)
			die("--steady takes a window of at least 1 sample, not "
			    "'%s'", arg);
		break;
	case OPT_MDE:
		mde_on = 1;
		break;
	case OPT_POWER:
		if (bs_parse_double(arg, &mde_power) == -1 ||
		    !(mde_power > 0 && mde_power < 1))
			die("--power takes a power between 0 and 1, not '%s'",
			    arg);
		break;
	default:	/* OPT_STEADYTOL */
		if (bs_parse_double(arg, &tol) == -1 || tol < 0)
			die("--steady-tol takes a percentage, not '%s'", arg);
		so->steady_tol = tol / 100.0;
	}
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "percentiles",   required_argument, NULL, OPT_PCT },
		{ "quantile-type", required_argument, NULL, OPT_QTYPE },
		{ "autocorr",	   no_argument,	      NULL, OPT_AUTOCORR },
		{ "spread",	   required_argument, NULL, OPT_SPREAD },
		{ "steady",	   required_argument, NULL, OPT_STEADY },
		{ "steady-tol",	   required_argument, NULL, OPT_STEADYTOL },
		{ "no-quantiles",  no_argument,	      NULL, OPT_NOQUANT },
		{ "target",	   required_argument, NULL, OPT_TARGET },
		{ "percentile-ci", no_argument,	      NULL, OPT_PCTCI },
		{ "mvalue",	   no_argument,	      NULL, OPT_MVALUE },
		{ "gate",	   no_argument,	      NULL, OPT_GATE },
		{ "sketch",	   no_argument,	      NULL, OPT_SKETCH },
		{ "sketch-accuracy", required_argument, NULL, OPT_SKETCHACC },
		{ "merge",	   no_argument,	      NULL, OPT_MERGE },
		{ "stats",	   required_argument, NULL, OPT_STATS },
		{ "wide",	   no_argument,	      NULL, OPT_WIDE },
		{ "levels",	   no_argument,	      NULL, OPT_LEVELS },
		{ "level-cost",	   required_argument, NULL, OPT_LEVELCOST },
		{ "ok",		   required_argument, NULL, OPT_OK },
		{ "apdex",	   required_argument, NULL, OPT_APDEX },
		{ "every",	   required_argument, NULL, OPT_EVERY },
		{ "mde",	   no_argument,	      NULL, OPT_MDE },
		{ "power",	   required_argument, NULL, OPT_POWER },
		{ "time",	   required_argument, NULL, 't' },
		TOOL_RAW_LONGOPT,
		TOOL_REPLICATE_LONGOPT,
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct bs_summary_opts so;
	struct bs_err e;
	struct bs_target tg[MAXTARGETS];
	size_t ntg = 0;
	int gate = 0;
	struct bs_statcols st = { .n = 0 };
	const char *statlist = NULL;
	struct sketchopts sko;
	int mvalue = 0, levels = 0;
	struct levelcost cost = { .n = 0 };
	int ch;
	double every = 0;

	tool_init("bstat", &com, argv);
	com.outfmts = formats;
	bs_summary_opts_default(&so);
	memset(&sko, 0, sizeof(sko));
	memset(&st, 0, sizeof(st));
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS "t:",
	    longopts, NULL)) != -1) {
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_PCT:
			pct_opt(optarg, &so);
			break;
		case OPT_AUTOCORR:
			so.autocorr = 1;
			break;
		case OPT_QTYPE:
		case OPT_SPREAD:
		case OPT_STEADY:
		case OPT_STEADYTOL:
		case OPT_MDE:
		case OPT_POWER:
			summary_opt(ch, optarg, &so);
			break;
		case OPT_NOQUANT:
			so.no_quantiles = 1;
			break;
		case OPT_TARGET:
			if (ntg == MAXTARGETS)
				die("--target: at most %d targets", MAXTARGETS);
			if (bs_target_parse(optarg, &tg[ntg], &e) == -1)
				die_err(&e);
			ntg++;
			break;
		case OPT_GATE:
			gate = 1;
			break;
		case OPT_PCTCI:
			so.pct_ci = 1;
			break;
		case OPT_MVALUE:
			mvalue = 1;
			break;
		case OPT_SKETCH:
			sko.on = 1;
			break;
		case OPT_SKETCHACC:
			sko.acc = sketchacc_opt(optarg);
			break;
		case OPT_MERGE:
			sko.merge = 1;
			break;
		case OPT_STATS:
			statlist = optarg;
			break;
		case OPT_WIDE:
			st.wide = 1;
			break;
		case OPT_LEVELS:
			levels = 1;
			break;
		case OPT_LEVELCOST:
			levelcost_opt(optarg, &cost);
			levels = 1;
			break;
		case OPT_OK:
		case OPT_EVERY:
		case 't':
		case OPT_APDEX:
			load_opt(ch, optarg, &com, &so, &every);
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	tool_output_not_input(com.output, "-o", argc, argv);
	so.confidence = com.confidence;
	so.jobs = com.topts.read.jobs;
	so.skip = com.skip;
	/* Without --mde, the power --stats mde takes (its column off). */
	so.mde_power = mde_on ? mde_power : -mde_power;
	/* -f sketch is bstat's own format, no result table's. */
	sko.out = com.ownfmt == FMT_SKETCH ? 1 : com.ownfmt == FMT_DDSKETCH ?
	    2 : 0;
	check_options(&com, &so, &sko, statlist, st.wide, mvalue, ntg, gate,
	    levels | (every > 0) << 1);
	if (every > 0)
		return every_main(&com, &so, &st, statlist, every, &sko, argc,
		    argv);
	if (sko.on || sko.merge || sko.out || sko.acc > 0)
		return sketch_main(&com, &so, &sko, argc, argv);
	if (levels)
		return levels_main(&com, &so, &cost, argc, argv);
	return stat_main(&com, &so, &st, statlist, mvalue, tg, ntg, gate, argc,
	    argv);
}
