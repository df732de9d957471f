/*
 * The compare layer of libstat (libstat/compare/), private to the
 * library: the tests and effect sizes, the methods' internals, verdicts,
 * percentile changes and change points.  Includes the stat layer's
 * header; the API is libstat.h (libstat(3)).
 */
#ifndef LIBSTAT_COMPARE_H
#define LIBSTAT_COMPARE_H

#include "stat/stat.h"

/* ------------------------------------------------------------------ */
/* Comparisons (bcompare) */

struct bs_welch {
	double	 t, df, p;
	double	 diff, ci_lo, ci_hi;	/* mean(cand) - mean(base) */
};

/* Welch's t test of cand against base, as R's t.test(cand, base). */
int	 bs_welch(const double *base, size_t nb, const double *cand,
	    size_t nc, double confidence, struct bs_welch *);
/*
 * The same from each side's n, mean and variance: R's t.test on any
 * data with these moments (summaries without their values).
 */
int	 bs_welch_moments(size_t nb, double mb, double vb, size_t nc,
	    double mc, double vc, double confidence, struct bs_welch *);

struct bs_mwu {
	double	 w;		/* R's W: the candidate's U */
	double	 p;		/* two-sided */
	int	 exact;
	double	 hl, hl_lo, hl_hi;	/* Hodges-Lehmann shift and CI */
	double	 conf;		/* the interval's level, %, as R labels it:
				   the one asked, or the attainable one */
};

/*
 * Mann-Whitney U of cand against base as R's wilcox.test(cand, base,
 * conf.int = TRUE): exact when both n < 50 and no ties, else normal with
 * tie and continuity correction.
 */
int	 bs_mann_whitney(const double *base, size_t nb, const double *cand,
	    size_t nc, double confidence, struct bs_mwu *);
/*
 * bs_mann_whitney(), and Cliff's delta (bs_cliff_delta()) into *delta
 * from the same sorted copies of the samples: a sort of each side less
 * (a seventh of bcompare --test mwu's instructions on 1M a side).
 */
int	 bs_mann_whitney_delta(const double *base, size_t nb,
	    const double *cand, size_t nc, double confidence, struct bs_mwu *,
	    double *delta);

/* Paired t test and Wilcoxon signed rank of cand - base. */
int	 bs_paired_t(const double *base, const double *cand, size_t n,
	    double confidence, struct bs_welch *);
int	 bs_signed_rank(const double *base, const double *cand, size_t n,
	    double confidence, struct bs_mwu *);

/*
 * Exact two-sided p of the rank tests given their ties (exact.c), as R's
 * coin: of the rank sum of x (n) against y (m), both sorted; of the
 * signed ranks of n nonzero values sorted by absolute value.  NaN when
 * out of memory.  For fewer than BS_EXACT_TIES values (a side's).
 */
/*
 * Power and runs needed (power.c, on stat/power_t.c's bs_t_power()):
 * the fewest runs per side, at most BS_RUNS_MAX (0: more, or
 * unknown); the methods' runs hooks.
 */
#define BS_RUNS_MAX	10000000
size_t	 bs_t_runs_needed(double sb, double sc, int paired, double delta,
	    double alpha, double power);
size_t	 bs_runs_welch(const struct bs_metric *, const struct bs_cmp_opts *,
	    double delta);
size_t	 bs_runs_paired_t(const struct bs_metric *,
	    const struct bs_cmp_opts *, double delta);
/*
 * Runs needed by a seeded simulation from the observed samples
 * (power.c): --test mwu and --stat pNN.  BS_SIM_REPS experiments at
 * each n tried, at most BS_SIM_BUDGET values drawn in all (0 beyond).
 */
#define BS_SIM_REPS	200
#define BS_SIM_SEED	3101
#define BS_SIM_BUDGET	50000000.0
size_t	 bs_runs_mwu(const struct bs_metric *, const struct bs_cmp_opts *,
	    double delta);
size_t	 bs_runs_pctl(const struct bs_metric *, const struct bs_cmp_opts *,
	    double delta);
/* The simulation's tests: R's normal rank-sum p; order statistics. */
double	 bs_mwu_p_sorted(const double *x, size_t n, const double *y,
	    size_t m);
double	 bs_q7_sorted(const double *xs, size_t n, double p);
struct bs_qdiff;
int	 bs_quantile_diff_os(const double *bs, size_t nb, const double *cs,
	    size_t nc, double p, double confidence, struct bs_qdiff *);

/*
 * Kolmogorov-Smirnov D of cand against base and its two-sided p, as R's
 * ks.test(cand, base) (method_ks.c); -1 when out of memory.
 */
int	 bs_ks_test(const double *base, size_t nb, const double *cand,
	    size_t nc, double *d, double *p);

#define BS_EXACT_TIES	50
double	 bs_mwu_exact_ties(const double *x, size_t n, const double *y,
	    size_t m);
double	 bs_signrank_exact_ties(const double *x, size_t n);


/* Ratio of means mean(cand)/mean(base) with Fieller's CI. */
int	 bs_fieller(const double *base, size_t nb, const double *cand,
	    size_t nc, double confidence, double *ratio, double *lo,
	    double *hi);
int	 bs_fieller_moments(size_t nb, double mb, double vb, size_t nc,
	    double mc, double vc, double confidence, double *ratio,
	    double *lo, double *hi);

double	 bs_cohen_d(const double *base, size_t nb, const double *cand,
	    size_t nc);
double	 bs_cohen_d_moments(size_t nb, double mb, double vb, size_t nc,
	    double mc, double vc);
double	 bs_hedges_g(const double *base, size_t nb, const double *cand,
	    size_t nc);
/* P(cand > base) - P(cand < base). */
double	 bs_cliff_delta(const double *base, size_t nb, const double *cand,
	    size_t nc);

/* p.adjust: out may equal p; NaN entries are left out as R does. */
int	 bs_p_adjust(const double *p, size_t n, enum bs_adjust, double *out);

/* ------------------------------------------------------------------ */
/* The change of a percentile between two samples (pctdiff.c) */

#define BS_QBOOT_B	2000		/* bootstrap resamples */
#define BS_QBOOT_WIDEN	0.07		/* see pctdiff.c widen() */
#define BS_QBOOT_TAIL	0.2		/* see pctdiff.c tailwiden() */
#define BS_QBOOT_SEED	20261130ul	/* fixed: results depend on data only */
/*
 * Order statistics (MOVER over each side's binomial interval) when both
 * sides expect at least this many values beyond the percentile,
 * n min(p, 1 - p); the bootstrap below.
 */
#define BS_QORDER_TAIL	20.0
#define BS_QTHIN_TAIL	0.5

struct bs_qdiff {
	double		 qb, qc;	/* type-7 quantiles of each side */
	double		 diff, lo, hi;	/* qc - qb and its interval */
	double		 p;		/* two-sided, consistent with lo, hi */
	enum bs_qmethod	 method;	/* BS_QM_NONE: no interval (n < 2) */
};

/* ------------------------------------------------------------------ */
/* Baseline against candidate, metric by metric (verdict.c) */

/*
 * The name of the metric of group g of a table of summaries: its group
 * column "column" (bstat's output), else the quantity the format's
 * summaries describe, named as its readers of values name it
 * (hyperfine, BenchmarkDotNet, pytest-benchmark, Catch2: "time"), else
 * "mean".
 */
const char *bs_summary_name(const struct bs_table *, size_t g);
/* The note of a metric, "; " between its parts ("" when none). */
void	 bs_metric_note(const struct bs_metric *, int zh, char *buf,
	    size_t len);

/* The name of bs_cmp_test(): "welch", "mwu", "paired-t", "signed-rank". */
const char *bs_test_name(const struct bs_cmp_opts *);

/* ------------------------------------------------------------------ */
/*
 * Comparison methods: one descriptor a method, each in its own file
 * (compare/method_*.c), listed once in bs_methods[] (compare/methods.c).
 * verdict.c calls a method's functions and the reports ask it for its
 * words; nothing else knows which method it has.
 */

/* Every method, NULL-terminated: the one list. */
extern const struct bs_method *const bs_methods[];

/* The method of --test and --paired, --stat aside. */
const struct bs_method *bs_cmp_test(const struct bs_cmp_opts *);
/*
 * The method a comparison uses: the one a --stat kind brings (a
 * percentile's change), else bs_cmp_test().
 */
const struct bs_method *bs_cmp_method(const struct bs_cmp_opts *);
/* The option that chose a method: "--paired", "--test mwu", "--stat p99". */
void	 bs_method_option(const struct bs_method *, const struct bs_cmp_opts *,
	    char *buf, size_t len);

/* ------------------------------------------------------------------ */
/* Change points across a history of results (trend.c; btrend) */

#define BS_TREND_MAXP	0.001	/* --max-p */
#define BS_TREND_MINSEG	2	/* revisions on each side of a change */
#define BS_TREND_WINDOW	500	/* revisions per E-divisive window */

/*
 * The change points of one series of len revision means (var and n per
 * revision may be NULL: one value each); *cp allocated, the caller
 * frees it.
 */
int	 bs_trend_detect(const double *mean, const double *var,
	    const size_t *n, size_t len, const char *column, const char *unit,
	    const struct bs_trend_opts *, struct bs_trend_cp **cp, size_t *ncp,
	    struct bs_err *);
/* The searches' cache (trend_cache.c): a segment's key, its split. */
struct tc_key {
	uint64_t	 h1, h2;
	size_t		 n, m;
};
void	 trend_cache_key(struct tc_key *, const double *x, size_t n,
	    size_t m);
/* 1 and the split t, q of Q(t) when the key is there, else 0. */
int	 trend_cache_get(struct bs_trend_cache *, const struct tc_key *,
	    size_t *t, double *q);
int	 trend_cache_put(struct bs_trend_cache *, const struct tc_key *,
	    size_t t, double q);
/*
 * A CSV or TSV history appended to run after run repeats its header:
 * blank every later line equal to the first (blank lines are skipped
 * by the reader, and line numbers stay right); the count blanked.
 * Kept for callers: the reader itself now skips such lines.
 */
size_t	 bs_history_unheader(struct bs_buf *, const struct bs_read_opts *);
/*
 * The rules (direction, threshold) and the verdict of a metric whose
 * test the caller made: diff, change and its interval, p_adj, testable
 * (verdict.c, as bcompare decides).
 */
void	 bs_metric_judge(struct bs_metric *, const struct bs_cmp_opts *);

/*
 * The geometric mean of the changes of every value column (and, with a
 * variant, candidate) in one pass, linear in the metrics: cls[i] (room
 * for cmp->n) the class of metric i, numbered by first appearance;
 * *gm (allocated) each class's mean, as bs_geomean_change() gives it.
 * 0, or -1 when out of memory.
 */
struct bs_comparison;
struct bs_geomean;
int	 bs_geomean_classes(const struct bs_comparison *,
	    const struct bs_method *test, double confidence, size_t *cls,
	    struct bs_geomean **gm, size_t *ncls);

/*
 * What the comparison methods (compare/method_*.c, declared and listed
 * in compare/methods.c) share (compare/method.c).
 */
/* A t test's result as the metric's: t, df, p, the difference. */
void	 bs_metric_take_t(struct bs_metric *, const struct bs_welch *);
/*
 * A rank test's result (rc its return) as the metric's: W (or V) against
 * mid, its mean under the null, for the sign when the shift is 0; minp
 * the smallest p the exact test can give at these sizes.
 */
void	 bs_metric_take_ranks(struct bs_metric *, const struct bs_cmp_opts *,
	    int rc, const struct bs_mwu *, double mid, double minp);
/*
 * Serially dependent runs: r1 corrected for its bias, (n r1 + 1) /
 * (n - 3) clamped to [0, 0.95] (NaN for n <= 3); the effective size of
 * n runs with that r1, n (1 - r1*) / (1 + r1*), at least 2 (n when r1
 * is NaN); the bound on r1 beyond which bcompare takes the runs as
 * dependent, 0.75 / sqrt(n).
 */
double	 bs_r1_corrected(double r1, size_t n);
double	 bs_neff(double r1, size_t n);
double	 bs_dep_limit(size_t n);
/*
 * The least-squares line of x[0..n) over its order 0..n-1: its slope
 * per run and the two-sided p of the slope's t test (n - 2 df); NaN
 * for n < 3 or no spread.  bcompare notes a side with p < BS_TREND_P.
 */
#define BS_TREND_P	0.01
double	 bs_order_trend(const double *x, size_t n, double *p);
/*
 * Welch's t and Fieller's interval from sizes that need not be whole:
 * the effective sizes of serially dependent runs (compare.c).
 */
int	 bs_welch_eff(double nb, double mb, double vb, double nc, double mc,
	    double vc, double confidence, struct bs_welch *);
int	 bs_fieller_eff(double nb, double b, double vb, double nc, double a,
	    double va, double confidence, double *ratio, double *lo,
	    double *hi);
/*
 * Sort n doubles (no NaN) by value, or with byabs by magnitude: a radix
 * sort of their bit patterns (compare.c), -0 before +0.
 */
void	 bs_sort_doubles(double *v, size_t n, int byabs);
/*
 * Serially dependent runs (depend.c).  bs_dependent(): are a metric's
 * runs dependent (a side of at least BS_DEP_MINN runs whose r1 exceeds
 * bs_dep_limit(n))?  If so its effective sizes neff_b,
 * neff_c are set (else 0) and the notes BS_CN_DEPEND, BS_CN_DEPFEW.
 * bs_dep_scale(): a test without effective sizes of its own scaled to
 * them (p and the difference's interval).
 */
#define BS_DEP_MINN	10	/* fewer runs: too few to tell */
#define BS_DEP_FEWN	15	/* fewer runs: even n_eff under-covers */
#define BS_DEP_R1MAX	0.95
#define BS_DEP_R1MIN	0.025	/* r1 under it is not acted on */
int	 bs_dependent(struct bs_metric *);
void	 bs_dep_scale(struct bs_metric *);
/*
 * The design in time (design.c): when both tables have a clock column
 * (timestamp, start, started_at, epoch, timeStamp), bs_cmp_clocks()
 * marks its metrics (not compared) and gives the others their runs' times
 * (after each side's skip, bs_metric.skip);
 * bs_design() classifies them and, blocked, estimates the change by
 * ANCOVA (value ~ side + time).
 */
/*
 * The requests' rates (rates.c): Newcombe's interval of xc/nc - xb/nb
 * (method 10), Fisher's exact two-sided p as R's fisher.test, and a
 * rate metric compared (BS_RATE_*: diff, its interval, p, ratetest).
 */
void	 bs_newcombe(double xb, double nb, double xc, double nc,
	    double confidence, double *lo, double *hi);
double	 bs_fisher_p(unsigned xb, unsigned nb, unsigned xc, unsigned nc);
void	 bs_rate_compare(struct bs_metric *, const struct bs_cmp_opts *);
/*
 * Is higher better for a column, and by what rule (verdict.c): --higher-
 * or --lower-is-better, then what its name and unit say.
 */
void	 bs_cmp_direction(const char *column, const char *unit,
	    const struct bs_cmp_opts *, int *higher, enum bs_rule *rule);
int	 bs_is_clock(const char *column);
int	 bs_cmp_clocks(struct bs_comparison *, const struct bs_table *tb,
	    const struct bs_table *tc);
void	 bs_design(struct bs_metric *, double confidence);
/*
 * What weakens a metric's verdict, "; " between its parts ("" when
 * none), in Chinese with zh: the serial dependence (with dep; the note
 * says it too), autocorrelation the effective sizes did not take,
 * multimodal sides, fewer than 10 runs on a side: the warnings bcompare
 * prints, for the reports that have no standard error.
 */
void	 bs_metric_caveats(const struct bs_metric *, int zh, int dep,
	    char *buf, size_t len);
/* The sentences of the t tests and of the rank tests (their words). */
void	 bs_sentence_t(const struct bs_method *, const struct bs_metric *,
	    const struct bs_cmp_opts *, double confidence, const char *ch,
	    FILE *);
void	 bs_sentence_ranks(const struct bs_method *, const struct bs_metric *,
	    const struct bs_cmp_opts *, double confidence, const char *ch,
	    FILE *);

/*
 * The geometric mean of the ratios of the compared metrics of one value
 * column (and one candidate, vc, with a variant; NULL otherwise): tested
 * on both sides, positive centres.  A t interval over the metrics' log
 * ratios when k >= 2; *k is the number of metrics it covers.
 */
struct bs_geomean {
	double		 change, lo, hi;
	size_t		 k;
};
void	 bs_geomean_change(const struct bs_comparison *,
	    const struct bs_method *test, const char *column, const char *vc,
	    double confidence, struct bs_geomean *);

/* The E-divisive statistic Q(tau) of x[0..n) split at tau, kappa = n. */
double	 bs_edivisive_q(const double *x, size_t n, size_t tau);

/*
 * The quantile p (0..1) of cand minus that of base, with an interval at
 * confidence (percent) and its p-value; the inputs are left as they are.
 * 0, or -1 when out of memory.
 */
int	 bs_quantile_diff(const double *base, size_t nb, const double *cand,
	    size_t nc, double p, double confidence, struct bs_qdiff *);
/*
 * The same with the values in units of replication (ub[i], uc[i]: the
 * unit of each value, nub and nuc units): the interval and p from a
 * seeded bootstrap that resamples whole units, as many as each side
 * has, and takes the type-7 quantile of their values.
 */
int	 bs_quantile_diff_units(const double *base, const uint32_t *ub,
	    size_t nub, size_t nb, const double *cand, const uint32_t *uc,
	    size_t nuc, size_t nc, double p, double confidence,
	    struct bs_qdiff *);

#endif /* LIBSTAT_COMPARE_H */
