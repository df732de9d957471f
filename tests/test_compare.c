/*
 * Unit tests of libstat/compare/compare.c against R: the samples and R's results
 * are in tests/expected/compare_*.csv, written by tests/oracle/compare.R.
 * Run from the repository root.
 *
 * Tolerances: 1e-9 relative where we compute what R computes the same
 * way; the p values go through GSL's distribution functions instead of
 * R's and agree to about 1e-12.  Where R finds an interval bound or an
 * estimate by uniroot() (rank tests, normal approximation) we return the
 * exact order statistic that R approximates: the oracle stores the
 * pairwise difference nearest to R's result (checked there to be within
 * R's tolerance) and R's own value.  We match the first to 1e-12 relative,
 * not to the bit, because on the oracle's data, rounded to 0.001, several
 * differences lie within 1e-14 of each other and uniroot() cannot tell
 * which one it found; the second to R's tolerance.
 */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "libstat.h"
#include "compare/compare.h"
#include "testutil.h"

#define EXPECTED	"tests/expected/"
#define RTOL		1e-9
#define PTOL		1e-9
#define EXACT		1e-12
#define ROOTTOL		2e-4	/* R's uniroot(tol = 1e-4) */

static void
load(struct tu_csv *c, const char *file)
{
	char	 path[256];

	snprintf(path, sizeof(path), EXPECTED "%s", file);
	if (tu_csv_load(c, path) == -1)
		fail_msg("cannot read %s (run from the repository root)", path);
	assert_true(c->nrows > 0);
}

static void
unload(struct tu_csv *c)
{
	size_t	 i, j;

	for (i = 0; i < c->nrows; i++) {
		for (j = 0; j < c->ncols; j++)
			free(c->rows[i][j]);
		free(c->rows[i]);
	}
	for (j = 0; j < c->ncols; j++)
		free(c->hdr[j]);
	free(c->rows);
	free(c->hdr);
}

static const char *
cell(const struct tu_csv *c, size_t row, const char *name)
{
	int	 k = tu_csv_col(c, name);

	if (k < 0)
		fail_msg("no column %s", name);
	return c->rows[row][k];
}

static double
num(const struct tu_csv *c, size_t row, const char *name)
{
	return tu_num(cell(c, row, name));
}

static double *
vec(const struct tu_csv *c, size_t row, const char *name, size_t *n)
{
	return tu_vec(cell(c, row, name), n);
}

/* ------------------------------------------------------------------ */

static void
test_welch(void **state)
{
	struct tu_csv	 c;
	struct bs_welch	 w;
	double		*b, *x;
	size_t		 nb, nx, i;

	(void)state;
	load(&c, "compare_welch.csv");
	for (i = 0; i < c.nrows; i++) {
		b = vec(&c, i, "base", &nb);
		x = vec(&c, i, "cand", &nx);
		print_message("welch %s\n", cell(&c, i, "name"));
		assert_int_equal(bs_welch(b, nb, x, nx, num(&c, i, "conf"), &w),
		    0);
		assert_close(w.t, num(&c, i, "t"), RTOL, 0);
		assert_close(w.df, num(&c, i, "df"), RTOL, 0);
		assert_close(w.p, num(&c, i, "p"), PTOL, 1e-300);
		assert_close(w.diff, num(&c, i, "diff"), RTOL, 0);
		assert_close(w.ci_lo, num(&c, i, "ci_lo"), RTOL, 0);
		assert_close(w.ci_hi, num(&c, i, "ci_hi"), RTOL, 0);
		free(b);
		free(x);
	}
	unload(&c);
}

static void
test_effect(void **state)
{
	struct tu_csv	 c;
	double		*b, *x, ratio, lo, hi;
	size_t		 nb, nx, i;

	(void)state;
	load(&c, "compare_effect.csv");
	for (i = 0; i < c.nrows; i++) {
		b = vec(&c, i, "base", &nb);
		x = vec(&c, i, "cand", &nx);
		print_message("effect %s\n", cell(&c, i, "name"));
		assert_close(bs_cohen_d(b, nb, x, nx), num(&c, i, "cohen_d"),
		    RTOL, 0);
		assert_close(bs_hedges_g(b, nb, x, nx), num(&c, i, "hedges_g"),
		    RTOL, 0);
		/* Cliff's delta is a ratio of integers: exact. */
		assert_close(bs_cliff_delta(b, nb, x, nx), num(&c, i, "cliff"),
		    EXACT, 0);
		assert_int_equal(bs_fieller(b, nb, x, nx, num(&c, i, "conf"),
		    &ratio, &lo, &hi), 0);
		assert_close(ratio, num(&c, i, "ratio"), RTOL, 0);
		assert_close(lo, num(&c, i, "f_lo"), RTOL, 0);
		assert_close(hi, num(&c, i, "f_hi"), RTOL, 0);
		free(b);
		free(x);
	}
	unload(&c);
}

/*
 * A rank test row: exact rows match R's order statistics; approximate
 * rows match the order statistic R's uniroot() result stands for, and
 * R's result itself to its tolerance.
 */
static void
check_rank(const struct tu_csv *c, size_t i, const struct bs_mwu *r)
{
	assert_close(r->w, num(c, i, "w"), 0, 0);
	assert_int_equal(r->exact, (int)num(c, i, "exact"));
	assert_close(r->p, num(c, i, "p"), PTOL, 1e-300);
	assert_close(r->hl, num(c, i, "hl"), EXACT, 1e-15);
	assert_close(r->hl_lo, num(c, i, "hl_lo"), EXACT, 1e-15);
	assert_close(r->hl_hi, num(c, i, "hl_hi"), EXACT, 1e-15);
	assert_close(r->hl, num(c, i, "r_est"), 0, num(c, i, "r_tol"));
	assert_close(r->hl_lo, num(c, i, "r_lo"), EXACT, ROOTTOL);
	assert_close(r->hl_hi, num(c, i, "r_hi"), EXACT, ROOTTOL);
}

static void
test_mwu(void **state)
{
	struct tu_csv	 c;
	struct bs_mwu	 r;
	double		*b, *x;
	size_t		 nb, nx, i;

	(void)state;
	load(&c, "compare_mwu.csv");
	for (i = 0; i < c.nrows; i++) {
		b = vec(&c, i, "base", &nb);
		x = vec(&c, i, "cand", &nx);
		print_message("mwu %s\n", cell(&c, i, "name"));
		assert_int_equal(bs_mann_whitney(b, nb, x, nx,
		    num(&c, i, "conf"), &r), 0);
		check_rank(&c, i, &r);
		free(b);
		free(x);
	}
	unload(&c);
}

static void
test_paired(void **state)
{
	struct tu_csv	 c;
	struct bs_mwu	 r;
	struct bs_welch	 w;
	double		*b, *x;
	size_t		 nb, nx, i;

	(void)state;
	load(&c, "compare_paired.csv");
	for (i = 0; i < c.nrows; i++) {
		b = vec(&c, i, "base", &nb);
		x = vec(&c, i, "cand", &nx);
		assert_int_equal(nb, nx);
		print_message("paired %s\n", cell(&c, i, "name"));
		assert_int_equal(bs_paired_t(b, x, nb, num(&c, i, "conf"), &w),
		    0);
		assert_close(w.t, num(&c, i, "t"), RTOL, 0);
		assert_close(w.df, num(&c, i, "df"), 0, 0);
		assert_close(w.p, num(&c, i, "t_p"), PTOL, 1e-300);
		assert_close(w.diff, num(&c, i, "diff"), RTOL, 0);
		assert_close(w.ci_lo, num(&c, i, "t_lo"), RTOL, 0);
		assert_close(w.ci_hi, num(&c, i, "t_hi"), RTOL, 0);
		assert_int_equal(bs_signed_rank(b, x, nb, num(&c, i, "conf"),
		    &r), 0);
		check_rank(&c, i, &r);
		free(b);
		free(x);
	}
	unload(&c);
}

static void
test_p_adjust(void **state)
{
	struct tu_csv	 c;
	const char	*m;
	enum bs_adjust	 method;
	double		*p, *want, *got;
	size_t		 n, nw, i, j;

	(void)state;
	load(&c, "compare_padjust.csv");
	for (i = 0; i < c.nrows; i++) {
		p = vec(&c, i, "p", &n);
		want = vec(&c, i, "adj", &nw);
		assert_int_equal(n, nw);
		m = cell(&c, i, "method");
		method = strcmp(m, "holm") == 0 ? BS_ADJ_HOLM :
		    strcmp(m, "BH") == 0 ? BS_ADJ_BH : BS_ADJ_NONE;
		got = malloc(n * sizeof(*got));
		assert_non_null(got);
		print_message("p.adjust %s %s\n", cell(&c, i, "name"), m);
		assert_int_equal(bs_p_adjust(p, n, method, got), 0);
		for (j = 0; j < n; j++)
			assert_close(got[j], want[j], 1e-15, 0);
		/* In place. */
		assert_int_equal(bs_p_adjust(p, n, method, p), 0);
		for (j = 0; j < n; j++)
			assert_close(p[j], want[j], 1e-15, 0);
		free(p);
		free(want);
		free(got);
	}
	unload(&c);
}

/* ------------------------------------------------------------------ */
/* Benchmark-sized samples, from the formulas in compare.R */

static double *
big(size_t n, int which)
{
	double		*v = malloc(n * sizeof(*v));
	uint64_t	 i;

	assert_non_null(v);
	for (i = 0; i < n; i++) {
		if (which == 0)		/* big_base */
			v[i] = (double)((i * 7919 + (i * i % 10007) * 31) %
			    100003 + 1000);
		else if (which == 1)	/* big_cand */
			v[i] = (double)((i * 104729 + (i * i % 7919) * 17) %
			    99991 + 1150);
		else			/* big_pair */
			v[i] = (double)((i * 7919 + (i * i % 10007) * 31) %
			    100003 + 1000) + (double)((i * 131 +
			    (i * i % 97) * 7) % 2001) - 990;
	}
	return v;
}

static void
test_large(void **state)
{
	struct tu_csv	 c;
	struct bs_mwu	 r;
	double		*b, *x;
	size_t		 n, i;

	(void)state;
	load(&c, "compare_large.csv");
	for (i = 0; i < c.nrows; i++) {
		n = (size_t)num(&c, i, "n");
		b = big(n, 0);
		print_message("large %s\n", cell(&c, i, "name"));
		if (strncmp(cell(&c, i, "name"), "mwu", 3) == 0) {
			x = big(n, 1);
			assert_int_equal(bs_mann_whitney(b, n, x, n, 95, &r),
			    0);
		} else {
			x = big(n, 2);
			assert_int_equal(bs_signed_rank(b, x, n, 95, &r), 0);
		}
		assert_int_equal(r.exact, 0);
		assert_close(r.w, num(&c, i, "w"), 0, 0);
		assert_close(r.p, num(&c, i, "p"), PTOL, 0);
		assert_close(r.hl, num(&c, i, "hl"), 0, 0);
		assert_close(r.hl_lo, num(&c, i, "hl_lo"), 0, 0);
		assert_close(r.hl_hi, num(&c, i, "hl_hi"), 0, 0);
		assert_close(r.hl, num(&c, i, "r_est"), 0, 1);
		assert_close(r.hl_lo, num(&c, i, "r_lo"), 0, ROOTTOL);
		assert_close(r.hl_hi, num(&c, i, "r_hi"), 0, ROOTTOL);
		free(b);
		free(x);
	}
	unload(&c);
}

/* ------------------------------------------------------------------ */
/* Checks that need no oracle */

static int
cmp_d(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int
member(const double *s, size_t n, double v)
{
	return bsearch(&v, s, n, sizeof(*s), cmp_d) != NULL;
}

/*
 * The Hodges-Lehmann estimates found by selection against a sort of all
 * the differences (Walsh averages), on samples with many ties and sizes
 * that force several selection rounds: n*m is well above the count that
 * is finished by quickselect.  The interval bounds must be among them.
 */
static void
test_hl_bruteforce(void **state)
{
	struct bs_mwu	 r;
	size_t		 n = 3000, m = 700, i, j, k;
	double		*x, *y, *d, want;

	(void)state;
	x = malloc(n * sizeof(*x));
	y = malloc(n * sizeof(*y));
	d = malloc(n * n * sizeof(*d));
	assert_true(x && y && d);
	for (i = 0; i < n; i++)
		x[i] = (double)((i * 37 + 11) % 1013) / 4;
	for (j = 0; j < n; j++)
		y[j] = (double)((j * 53 + 5) % 887) / 8;

	for (k = 0, i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			d[k++] = x[i] - y[j];
	qsort(d, k, sizeof(*d), cmp_d);
	want = k % 2 ? d[k / 2] : (d[k / 2 - 1] + d[k / 2]) / 2;
	assert_int_equal(bs_mann_whitney(y, m, x, n, 95, &r), 0);
	assert_close(r.hl, want, 0, 0);
	assert_true(member(d, k, r.hl_lo) && member(d, k, r.hl_hi));
	assert_true(r.hl_lo <= r.hl && r.hl <= r.hl_hi);

	/* Walsh averages of x - y[0..n), zeros dropped as R drops them. */
	for (i = 0; i < n; i++)
		x[i] = x[i] - y[i] != 0 ? x[i] - y[i] : 0;
	for (k = 0, i = 0; i < n; i++)
		for (j = i; j < n; j++)
			if (x[i] != 0 && x[j] != 0)
				d[k++] = (x[i] + x[j]) / 2;
	qsort(d, k, sizeof(*d), cmp_d);
	want = k % 2 ? d[k / 2] : (d[k / 2 - 1] + d[k / 2]) / 2;
	for (i = 0; i < n; i++)
		x[i] += y[i];
	assert_int_equal(bs_signed_rank(y, x, n, 90, &r), 0);
	assert_close(r.hl, want, 0, 0);
	assert_true(member(d, k, r.hl_lo) && member(d, k, r.hl_hi));
	assert_true(r.hl_lo <= r.hl && r.hl <= r.hl_hi);
	free(d);
	free(x);
	free(y);
}

static void
test_invalid(void **state)
{
	struct bs_welch	 w;
	struct bs_mwu	 r;
	double		 a[] = { 1, 2, 3 }, one[] = { 1 }, ratio, lo, hi;
	double		 nan2[] = { NAN, 4 }, out[3];

	(void)state;
	/* Too few values, NaN not counted. */
	assert_int_equal(bs_welch(one, 1, a, 3, 95, &w), -1);
	assert_int_equal(bs_welch(nan2, 2, a, 3, 95, &w), -1);
	assert_int_equal(bs_paired_t(one, one, 1, 95, &w), -1);
	assert_int_equal(bs_fieller(a, 3, one, 1, 95, &ratio, &lo, &hi), -1);
	assert_int_equal(bs_mann_whitney(a, 3, a, 0, 95, &r), -1);
	assert_int_equal(bs_signed_rank(a, a, 0, 95, &r), -1);
	/* Confidence is a percentage strictly between 0 and 100. */
	assert_int_equal(bs_welch(a, 3, a, 3, 0, &w), -1);
	assert_int_equal(bs_welch(a, 3, a, 3, 100, &w), -1);
	assert_int_equal(bs_welch(a, 3, a, 3, 0.95 * NAN, &w), -1);
	assert_int_equal(bs_mann_whitney(a, 3, a, 3, 101, &r), -1);
	assert_true(isnan(bs_cohen_d(one, 1, one, 1)));
	assert_true(isnan(bs_hedges_g(a, 1, a, 2)));
	assert_true(isnan(bs_cliff_delta(a, 0, a, 3)));
	assert_int_equal(bs_p_adjust(a, 3, (enum bs_adjust)42, out), -1);
	/* Constant data: R refuses; we give NaN, not an error. */
	assert_int_equal(bs_welch(a, 1, a, 1, 95, &w), -1);
	{
		double	 c1[] = { 5, 5, 5 }, c2[] = { 5, 5, 5, 5 };

		assert_int_equal(bs_welch(c1, 3, c2, 4, 95, &w), 0);
		assert_true(isnan(w.t) && isnan(w.p));
		assert_close(w.diff, 0, 0, 0);
		assert_int_equal(bs_mann_whitney(c1, 3, c2, 4, 95, &r), 0);
		assert_true(isnan(r.p));
		assert_close(r.hl, 0, 0, 0);
		assert_int_equal(bs_signed_rank(c1, c1, 3, 95, &r), 0);
		assert_true(isnan(r.p) && isnan(r.hl));
	}
}

/*
 * Scale does not matter: the unit of a benchmark (s, ns, or tiny
 * fractions) must not change t, df, p or a ratio.  Fourth powers of
 * standard errors near 1e-100 would underflow.
 */
static void
test_scale(void **state)
{
	double		 b[] = { 1.5, 2.25, 1.75, 2.0 }, x[] = { 3.1, 2.9, 4.4 };
	double		 bs[4], xs[3], r1, l1, h1, r2, l2, h2;
	struct bs_welch	 w1, w2;
	size_t		 i;

	(void)state;
	for (i = 0; i < 4; i++)
		bs[i] = b[i] * 1e-100;
	for (i = 0; i < 3; i++)
		xs[i] = x[i] * 1e-100;
	assert_int_equal(bs_welch(b, 4, x, 3, 95, &w1), 0);
	assert_int_equal(bs_welch(bs, 4, xs, 3, 95, &w2), 0);
	assert_close(w2.t, w1.t, 1e-12, 0);
	assert_close(w2.df, w1.df, 1e-12, 0);
	assert_close(w2.p, w1.p, 1e-12, 0);
	assert_close(w2.ci_lo, w1.ci_lo * 1e-100, 1e-12, 0);
	assert_int_equal(bs_fieller(b, 4, x, 3, 95, &r1, &l1, &h1), 0);
	assert_int_equal(bs_fieller(bs, 4, xs, 3, 95, &r2, &l2, &h2), 0);
	assert_close(r2, r1, 1e-12, 0);
	assert_close(l2, l1, 1e-12, 0);
	assert_close(h2, h1, 1e-12, 0);
	assert_close(bs_hedges_g(bs, 4, xs, 3), bs_hedges_g(b, 4, x, 3),
	    1e-12, 0);
}

/* NaN values are left out, as R leaves out NA. */
static void
test_nan_dropped(void **state)
{
	double		 b[] = { 1.5, NAN, 2.25 }, x[] = { 3.1, 2.9, NAN, 4.4 };
	double		 b2[] = { 1.5, 2.25 }, x2[] = { 3.1, 2.9, 4.4 };
	struct bs_welch	 w1, w2;
	struct bs_mwu	 r1, r2;

	(void)state;
	assert_int_equal(bs_welch(b, 3, x, 4, 90, &w1), 0);
	assert_int_equal(bs_welch(b2, 2, x2, 3, 90, &w2), 0);
	assert_close(w1.t, w2.t, 0, 0);
	assert_close(w1.ci_lo, w2.ci_lo, 0, 0);
	assert_int_equal(bs_mann_whitney(b, 3, x, 4, 90, &r1), 0);
	assert_int_equal(bs_mann_whitney(b2, 2, x2, 3, 90, &r2), 0);
	assert_close(r1.p, r2.p, 0, 0);
	assert_close(r1.hl_lo, r2.hl_lo, 0, 0);
	assert_close(bs_cliff_delta(b, 3, x, 4), 1, 0, 0);
}


/*
 * What a column's name says (units.c): every spelling of a rate improves
 * upward; times, latencies, sizes and counts of work downward; a name
 * that matches no rule is lower-is-better by default and says so.
 */
static void
test_column_direction(void **state)
{
	static const struct {
		const char	*name;
		int		 higher;
		enum bs_rule	 rule;
		const char	*unit;
	} c[] = {
		{ "throughput_msg_per_sec", 1, BS_RULE_RATE, "msg/s" },
		{ "ops_per_sec", 1, BS_RULE_RATE, "ops/s" },
		{ "ops_per_second", 1, BS_RULE_RATE, "ops/s" },
		{ "throughput_rps", 1, BS_RULE_RATE, "" },
		{ "req/s", 1, BS_RULE_RATE, "req/s" },
		{ "ops/s", 1, BS_RULE_RATE, "ops/s" },
		{ "MB/s", 1, BS_RULE_RATE, "MB/s" },
		{ "throughput_mb_s", 1, BS_RULE_RATE, "MB/s" },
		{ "qps", 1, BS_RULE_RATE, "" },
		{ "tps", 1, BS_RULE_RATE, "" },
		{ "iops", 1, BS_RULE_RATE, "" },
		{ "bw_bytes", 1, BS_RULE_RATE, "B" },
		{ "bandwidth", 1, BS_RULE_RATE, "" },
		{ "Throughput", 1, BS_RULE_RATE, "" },
		{ "bytes_per_second", 1, BS_RULE_RATE, "B/s" },
		{ "latency_us", 0, BS_RULE_TIME, "us" },
		{ "p99_latency_ms", 0, BS_RULE_TIME, "ms" },
		{ "ns/op", 0, BS_RULE_TIME, "ns" },
		/* Bare: a time, in no unit unless the format declares one. */
		{ "time", 0, BS_RULE_TIME, "" },
		{ "elapsed", 0, BS_RULE_TIME, "" },
		{ "elapsed_s", 0, BS_RULE_TIME, "s" },
		{ "latency_sec", 0, BS_RULE_TIME, "s" },
		/* Issue 26: <count>_s, <count>_sec, <count>/s are rates. */
		{ "ops_sec", 1, BS_RULE_RATE, "ops/s" },
		{ "ops_s", 1, BS_RULE_RATE, "ops/s" },
		{ "req_s", 1, BS_RULE_RATE, "req/s" },
		{ "msgs_s", 1, BS_RULE_RATE, "msgs/s" },
		{ "rows_s", 1, BS_RULE_RATE, "rows/s" },
		{ "tx_s", 1, BS_RULE_RATE, "tx/s" },
		{ "insert_rows_sec", 1, BS_RULE_RATE, "rows/s" },
		{ "msgs/s", 1, BS_RULE_RATE, "msgs/s" },
		{ "tx/sec", 1, BS_RULE_RATE, "tx/s" },
		/* Operations, flops, frames: rates by their word. */
		{ "ops", 1, BS_RULE_RATE, "" },
		{ "kops", 1, BS_RULE_RATE, "" },
		{ "mops", 1, BS_RULE_RATE, "" },
		{ "flops", 1, BS_RULE_RATE, "" },
		{ "gflops", 1, BS_RULE_RATE, "" },
		{ "fps", 1, BS_RULE_RATE, "" },
		/* What is wanted more of. */
		{ "hits", 1, BS_RULE_BENEFIT, "" },
		{ "cache_hit_rate", 1, BS_RULE_BENEFIT, "" },
		{ "l1_hit_ratio", 1, BS_RULE_BENEFIT, "" },
		{ "score", 1, BS_RULE_BENEFIT, "" },
		/* Issue 26 item 3: a rate counter is a rate, unless unwanted. */
		{ "rate", 1, BS_RULE_RATE, "" },
		{ "items_rate", 1, BS_RULE_RATE, "" },
		{ "error_rate", 0, BS_RULE_COST, "" },
		{ "miss_rate", 0, BS_RULE_COST, "" },
		{ "packet_drop_rate", 0, BS_RULE_COST, "" },
		{ "real_time", 0, BS_RULE_TIME, "" },
		{ "cpu_time", 0, BS_RULE_TIME, "" },
		{ "elapsed_us", 0, BS_RULE_TIME, "us" },
		{ "clat_p99_ns", 0, BS_RULE_TIME, "ns" },
		{ "B/op", 0, BS_RULE_COST, "B" },
		{ "allocs/op", 0, BS_RULE_COST, "allocs/op" },
		{ "memory_usage_byte", 0, BS_RULE_COST, "B" },
		{ "widgets", 0, BS_RULE_DEFAULT, "" },
		{ "value", 0, BS_RULE_DEFAULT, "" },
	};
	struct bs_colunit u;

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		bs_column_unit(c[i].name, &u);
		if (u.higher != c[i].higher || u.rule != c[i].rule ||
		    strcmp(u.unit, c[i].unit) != 0)
			fail_msg("%s: higher %d rule %s unit '%s', expected "
			    "%d %s '%s'", c[i].name, u.higher,
			    bs_rule_name(u.rule), u.unit, c[i].higher,
			    bs_rule_name(c[i].rule), c[i].unit);
	}
}

/* A unit the input format declares decides over the name (JMH's score). */
static void
test_column_declared(void **state)
{
	static const struct {
		const char	*name, *decl;
		int		 higher;
		enum bs_qty	 qty;
	} c[] = {
		{ "score", "ops/ms", 1, BS_QTY_RATE },
		{ "score", "ops/us", 1, BS_QTY_RATE },
		{ "score", "ops/s", 1, BS_QTY_RATE },
		{ "score", "us/op", 0, BS_QTY_TIME },
		{ "score", "ns/op", 0, BS_QTY_TIME },
		{ "real_time", "ns", 0, BS_QTY_TIME },
		{ "value", "s", 0, BS_QTY_TIME },
		{ "bw_bytes", "B/s", 1, BS_QTY_RATE },
		{ "throughput", "ms", 0, BS_QTY_TIME },
		/* A unit declared alone: "B" is bytes (pyperf's "byte"). */
		{ "value", "B", 0, BS_QTY_SIZE },
		{ "value", "KiB", 0, BS_QTY_SIZE },
		{ "us", "%", 0, BS_QTY_COUNT },
		{ "rxkB/s", "KiB/s", 1, BS_QTY_RATE },
	};
	struct bs_colunit u;

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		bs_column_unit_as(c[i].name, c[i].decl, &u);
		if (u.higher != c[i].higher || u.qty != c[i].qty)
			fail_msg("%s in %s: higher %d qty %d", c[i].name,
			    c[i].decl, u.higher, (int)u.qty);
	}
	/*
	 * vmstat's "us" in %: a percentage, the whole name its base, its
	 * direction the format's (not a time's).
	 */
	bs_column_unit_as("us", "%", &u);
	assert_string_equal(u.unit, "%");
	assert_int_equal(u.baselen, 2);
	assert_int_equal(u.rule, BS_RULE_FORMAT);
	bs_column_unit_as("rxkB/s", "KiB/s", &u);
	assert_string_equal(u.unit, "KiB/s");
	assert_int_equal(u.rule, BS_RULE_FORMAT);
}

/* A result whose building failed says so when written; no cell escapes. */
static void
test_result_sticky(void **state)
{
	struct bs_result *r = bs_result_new();
	FILE *fp = tmpfile();

	(void)state;
	assert_non_null(r);
	assert_non_null(fp);
	assert_int_equal(bs_result_addcol(r, "a"), 0);
	/* Out of range: ignored, not written past the cells. */
	assert_int_equal(bs_result_str(r, 3, 0, "x"), -1);
	bs_result_num(r, 0, 7, 1.0);
	assert_int_equal(bs_result_addrow(r), 0);
	assert_int_equal(bs_result_str(r, 0, 0, "ok"), 0);
	assert_int_equal(bs_result_write(r, BS_OUT_CSV, fp), 0);
	r->failed = 1;	/* as after a failed allocation */
	assert_int_equal(bs_result_addrow(r), -1);
	assert_int_equal(bs_result_write(r, BS_OUT_CSV, fp), -1);
	fclose(fp);
	bs_result_free(r);
}

/*
 * The list of comparison methods: every method can compare and say
 * itself; a --test value finds its method; a paired form needs pairs;
 * the options choose the method as bcompare's flags did.
 */
static void
test_methods(void **state)
{
	const struct bs_method *m;
	struct bs_cmp_opts o;
	char buf[128];
	size_t i, ntest = 0;

	(void)state;
	for (i = 0; (m = bs_methods[i]) != NULL; i++) {
		assert_non_null(m->name);
		assert_non_null(m->compare);
		assert_non_null(m->sentence);
		assert_non_null(m->title);
		assert_true(m->centre == BS_MC_STAT || m->centre_en != NULL);
		assert_true(m->paired == NULL ||
		    (m->paired->needs & BS_MN_PAIRS));
		assert_true(m->paired != NULL || m->unpaired != NULL ||
		    (m->needs & BS_MN_PAIRS));
		if (m->test != NULL) {
			assert_ptr_equal(bs_method_find(m->test), m);
			ntest++;
		}
	}
	assert_true(ntest >= 2);
	assert_null(bs_method_find("nope"));
	/* "welch or mwu", and a new one listed by itself. */
	bs_method_tests(buf, sizeof(buf));
	assert_non_null(strstr(buf, " or "));
	for (i = 0; (m = bs_methods[i]) != NULL; i++)
		assert_true(m->test == NULL || strstr(buf, m->test) != NULL);
	assert_int_equal(strncmp(buf, "welch", 5), 0);

	bs_cmp_opts_default(&o);
	assert_string_equal(bs_test_name(&o), "welch");
	assert_ptr_equal(bs_cmp_method(&o), bs_cmp_test(&o));
	o.paired = 1;
	assert_string_equal(bs_test_name(&o), "paired-t");
	o.test = bs_method_find("mwu");
	assert_string_equal(bs_test_name(&o), "signed-rank");
	bs_method_option(bs_cmp_method(&o), &o, buf, sizeof(buf));
	assert_string_equal(buf, "--paired");
	o.paired = 0;
	assert_string_equal(bs_test_name(&o), "mwu");
	bs_method_option(bs_cmp_method(&o), &o, buf, sizeof(buf));
	assert_string_equal(buf, "--test mwu");
	o.test = NULL;
	assert_int_equal(bs_cmp_stat_parse("p99", &o), 0);
	m = bs_cmp_method(&o);
	assert_int_equal(m->centre, BS_MC_STAT);
	assert_string_equal(bs_test_name(&o), "welch");
	bs_method_option(m, &o, buf, sizeof(buf));
	assert_string_equal(buf, "--stat p99");
	assert_int_equal(bs_cmp_stat_parse("mean", &o), 0);
	assert_ptr_equal(bs_cmp_method(&o), bs_cmp_test(&o));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_effect),
		cmocka_unit_test(test_mwu),
		cmocka_unit_test(test_paired),
		cmocka_unit_test(test_p_adjust),
		cmocka_unit_test(test_large),
		cmocka_unit_test(test_hl_bruteforce),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_nan_dropped),
		cmocka_unit_test(test_column_direction),
		cmocka_unit_test(test_result_sticky),
		cmocka_unit_test(test_column_declared),
		cmocka_unit_test(test_methods),
	};

	gsl_set_error_handler_off();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
