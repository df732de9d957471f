/*
 * The stat layer of libstat (libstat/stat/), private to the library:
 * the table's internals, summaries, sketches, the statistics' registry
 * and targets.  Includes the read layer's header; the API is libstat.h
 * (libstat(3)).
 */
#ifndef LIBSTAT_STAT_H
#define LIBSTAT_STAT_H

#include "read/read.h"

/* ------------------------------------------------------------------ */
/* Exact sums of decimal values: the streaming moments (xsum.c) */

/* Begin with the first value; -1 (x off) when it does not fit. */
int	 bs_xsum_start(struct bs_xsum *, const struct bs_dec *);
/* A value of another exponent; 0, or -1 when it does not fit (x kept). */
int	 bs_xsum_slow(struct bs_xsum *, const struct bs_dec *);
/* b's values added to a's; 0, or -1 (a kept) when they would not fit. */
int	 bs_xsum_merge(struct bs_xsum *a, const struct bs_xsum *b);
/* The sum, the mean and the sum of squared deviations of n values. */
double	 bs_xsum_sum(const struct bs_xsum *);
double	 bs_xsum_mean(const struct bs_xsum *, uint64_t n);
double	 bs_xsum_m2(const struct bs_xsum *, uint64_t n);

/* A scaled magnitude m < 2^63 of sign neg into the sums. */
static inline void
bs_xsum_put(struct bs_xsum *x, uint64_t m, int neg)
{
	unsigned __int128 s = (unsigned __int128)x->s[1] << 64 | x->s[0];
	unsigned __int128 q = (unsigned __int128)x->q[1] << 64 | x->q[0];
	unsigned __int128 m2 = (unsigned __int128)m * m;

	s = neg ? s - m : s + m;
	x->s[0] = (uint64_t)s;
	x->s[1] = (uint64_t)(s >> 64);
	q += m2;
	x->q[0] = (uint64_t)q;
	x->q[1] = (uint64_t)(q >> 64);
	x->q[2] += q < m2;
	if (m > x->amax)
		x->amax = m;
}

/* A value into the sums: 0, or -1 when it does not fit (x kept). */
static inline int
bs_xsum_add(struct bs_xsum *x, const struct bs_dec *d)
{
	if (d->exp != x->scale || d->mant >> 63 || d->inexact ||
	    x->amax == 0)
		return bs_xsum_slow(x, d);
	bs_xsum_put(x, d->mant, d->neg);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Relative-error quantile sketches: bstat --sketch, --merge (sketch.c) */

#define BS_SKETCH_VERSION	1	/* of the -f sketch format */
/*
 * A sketch of at most this many values keeps them and answers exactly;
 * one more promotes it to buckets (the -f sketch file writes both).
 */
#define BS_SKETCH_EXACT		6
#define BS_SKETCH_EXACT_S	"6"

/* A sketch of relative accuracy a (BS_SKETCH_MINACC..MAXACC), or NULL. */
struct bs_sketch *bs_sketch_new(double a);
void	 bs_sketch_free(struct bs_sketch *);
/* Count a finite value; 0, or -1 when out of memory. */
int	 bs_sketch_add(struct bs_sketch *, double x);
/*
 * For the tests: the first of x[0 .. n) (> 0) whose bucket key by the
 * lookup tables differs from the key by log(), n when none does.
 */
size_t	 bs_sketch_key_check(double a, const double *x, size_t n);
/*
 * Give back the room the stores keep beyond their counted keys (a
 * window the stream has passed: bstat --every --sketch keeps thousands)
 * and pack the counts into the fewest bytes (1, 2 or 4) the largest
 * needs; a later count unpacks and grows them again.  Out of memory,
 * left as it was.
 */
void	 bs_sketch_trim(struct bs_sketch *);
/* Add src's counts to dst (same accuracy); 0 or -1 with the reason. */
int	 bs_sketch_merge(struct bs_sketch *dst, const struct bs_sketch *src,
	    struct bs_err *);
double	 bs_sketch_accuracy(const struct bs_sketch *);
/* Does the sketch still hold its values (BS_SKETCH_EXACT)? */
int	 bs_sketch_exact(const struct bs_sketch *);
uint64_t bs_sketch_count(const struct bs_sketch *);
/*
 * The estimate of the order statistic of 1-based rank r (1 <= r <= n):
 * within the accuracy, relative, of the r-th smallest value counted;
 * that value itself while the sketch is exact.
 * NaN when r is out of range.
 */
double	 bs_sketch_rank(const struct bs_sketch *, uint64_t r);
/*
 * The p-quantile (0 <= p <= 1) as R's quantile(type = 1), the order
 * statistic of rank ceil(n p) (fuzz as R), estimated: within the
 * accuracy of R's value.  Type 1 and not 7 because the guarantee holds
 * for order statistics; an interpolation between two of opposite signs
 * has none.  NaN when the sketch is empty.
 */
double	 bs_sketch_quantile(const struct bs_sketch *, double p);

/*
 * The DDSketch protobuf encoding of Datadog's sketches libraries, the
 * wire format only (ddsketch.c); sketch.c turns it into bins and back.
 */
struct bs_dds_bin {
	int32_t		 key;
	double		 count;
};
struct bs_dds_store {
	struct bs_dds_bin *b;	/* as read; ascending to be written */
	size_t		 n, cap;
};
struct bs_dds {
	double		 gamma, offset, zero;
	int		 interpolation;	/* 0 none ... 3 cubic, 4 unknown */
	int		 has_mapping;
	struct bs_dds_store pos, neg;
};
/* Decode a DDSketch message; 0, or -1 when it is not one. */
int	 bs_dds_decode(struct bs_dds *, const void *, size_t);
/* Encode it (contiguous counts); 0, or -1 with errno. */
int	 bs_dds_encode(const struct bs_dds *, FILE *);
void	 bs_dds_free(struct bs_dds *);

/* Index of the group with this key (hashed), -1 if none, -2 no memory. */
long	 bs_table_find_group(const struct bs_table *, char *const *key);
/*
 * Is this the name of an index column (run, rep, repetition, iteration,
 * iter, trial, seq, index, id; any case), never a value column unless
 * named with -c?
 */
int	 bs_index_column(const char *name);

/* ------------------------------------------------------------------ */
/* Summary statistics */

/* Nothing known: counts 0, statistics NaN, steady -1. */
void	 bs_summary_clear(struct bs_summary *);

/*
 * y, or the 15-significant-digit decimal within 2 ulp of it: a result
 * such as 207.35000000000002 that is an input's decimal plus rounding.
 */
double	 bs_snap(double y);
/* Lag-1 autocorrelation as NIST defines it. */
double	 bs_autocorr1(const double *x, size_t n, double mean);

/* ------------------------------------------------------------------ */
/* What a column name means (units.c) */

/* The most distinct values a factor column has (struct bs_table). */
#define BS_FACTOR_MAX	16

/* ------------------------------------------------------------------ */
/* Absolute targets: bstat --target 'p99(latency_us)<50' (target.c) */

/*
 * Judge a summary: a mean by its interval (met, missed, or unproven when
 * the interval straddles V or there is none); any other statistic as it
 * stands.  *measured is the statistic.
 */
enum bs_target_status bs_target_eval(const struct bs_target *,
	    const struct bs_summary *, const struct bs_summary_opts *,
	    double *measured);

/* ------------------------------------------------------------------ */
/* The statistics of a row, as bstat writes them (statcols.c) */

/* Every statistic, in the order of the columns; name NULL ends it. */
extern const struct bs_stat bs_stats[];
/* A statistic's value in a summary (k: the percentile's index). */
double	 bs_stat_value(const struct bs_stat *, const struct bs_summary *,
	    size_t k);
/*
 * The statistic named name ("mean", "p99.9": *pct, when not NULL, set
 * to 99.9), or NULL.
 */
const struct bs_stat *bs_stat_find(const char *name, double *pct);
/*
 * The names of the statistics (with target, those --target takes, in
 * its order) into buf, separated by ", " and the last by last: "n,
 * missing, ..." (", ") or "mean, median, ... or n" (" or ").
 */
void	 bs_stat_names(char *buf, size_t len, int target, const char *last);

/* A statistic's value in a summary (NaN when it has none). */
double	 bs_statcol_value(const struct bs_statcol *, const struct bs_summary *);

/*
 * The quantiles of the values a summary holds (summary.c): those of
 * bs_stats[] with a probability (q1, median, q3) and every bit of need
 * (BS_SN_SORTED from the values, BS_SN_SKETCH from a sketch), then
 * o->pct[];
 * probs[i] is each one's probability, out[i] where it goes in r.  At
 * most BS_MAX_QUANT; their count.
 */
#define BS_MAX_QUANT	(8 + BS_MAX_PCT)
struct bs_summary;
struct bs_summary_opts;
size_t	 bs_summary_quantiles(struct bs_summary *r,
	    const struct bs_summary_opts *o, unsigned need, double *probs,
	    double **out);

/*
 * Mean and variance (or sd) of x[0..n) by the corrected two-pass
 * algorithm; NaN for n < 2.  Values near the largest double are scaled
 * so that the sums do not overflow.
 */
void	 bs_mean_var(const double *x, size_t n, double *mean, double *var);


/* Index of the target's pNN among so's percentiles, or -1. */
int	 bs_target_pct_index(const struct bs_target *,
	    const struct bs_summary_opts *);

/*
 * Gregg's mvalue of x[0..n): the sum of the absolute differences of
 * adjacent bin heights of a histogram over the largest height, with bins
 * of Scott's width 3.49 sd n^(-1/3) from the minimum and an empty bin at
 * each end (a unimodal sample gives about 2, two modes about 4).  NaN
 * for fewer than BS_MVALUE_MIN_N values or no spread.
 */
double	 bs_mvalue(const double *x, size_t n);

/*
 * The mean of a series' running moments (summary.c): the compensated sum
 * of its values as parsed over n; refd + the running mean where that sum
 * overflows.
 */
double	 bs_moments_mean(const struct bs_moments *, double refd);
/* Their sum of squared deviations, their sum. */
double	 bs_moments_m2(const struct bs_moments *);
double	 bs_moments_sum(const struct bs_moments *);

/* ---- units of replication (table.c, levels.c) */
/*
 * The unit of each row of group g at replicate level `level` (0 the
 * outermost): unit numbers 0 .. *nunits - 1 in order of appearance, one
 * per row of the group (the values of its series, missing ones
 * included, in order).  A unit is one input's rows with the same
 * values of the replicate columns down to the level.  NULL (and
 * *nunits 0) when the table keeps none.
 */
const uint32_t *bs_table_units(const struct bs_table *, size_t g,
	    size_t level, size_t *nunits);
/*
 * The top-level unit of each value bs_series_values() gives (after
 * skip, missing ones left out), numbered 0 .. *nunits - 1 in order of
 * appearance; allocated; NULL when the table keeps no units (or out of
 * memory).
 */
uint32_t *bs_levels_units(const struct bs_table *, size_t g, size_t c,
	    size_t skip, size_t *nunits);

/*
 * The error rate and Apdex of a series' counts (summary.c): for
 * bs_summarize() and a sketch's summary alike.
 */
void	 bs_rates_fill(uint64_t req, uint64_t err, uint64_t sat, uint64_t tol,
	    uint64_t apn, const struct bs_summary_opts *, struct bs_summary *);

/* ------------------------------------------------------------------ */
/* Power of the t test (power_t.c): bcompare's runs needed, bstat --mde */

/* P(T <= t) of the noncentral t, as R's pt(t, df, ncp). */
double	 bs_pnt(double t, double df, double delta);
/*
 * Power of the two-sided t test at level alpha of a true difference
 * delta, n runs per side with standard deviations sb, sc (Welch's df at
 * equal sizes), or paired: n pairs whose differences have sd sb.
 */
double	 bs_t_power(double sb, double sc, int paired, double n,
	    double delta, double alpha);
/* The smallest difference n runs per side of sd detect with power. */
struct bs_summary;
struct bs_summary_opts;
void	 bs_summary_mde(struct bs_summary *, const struct bs_summary_opts *);
double	 bs_t_mde(double sd, double n, double alpha, double power);

#endif /* LIBSTAT_STAT_H */
