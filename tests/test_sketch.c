/*
 * Unit tests of the relative-error sketches (libstat/stat/sketch.c): their
 * quantiles against R's exact type-1 quantiles (tests/oracle/sketch.R),
 * merged sketches against the sketch of all the data, bucket for bucket,
 * and the -f sketch files read back and merged through tables.
 */
#include "testutil.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "libstat.h"
#include "stat/stat.h"

#define LOGNORMAL	"testdata/oracle/sketch_lognormal.txt"
#define MIXED		"testdata/oracle/sketch_mixed.txt"

static double *
load(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "r");
	size_t cap = 1024;
	double *v = malloc(cap * sizeof(*v));
	char line[64];

	assert_non_null(fp);
	*n = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (*n == cap)
			v = realloc(v, (cap *= 2) * sizeof(*v));
		v[(*n)++] = strtod(line, NULL);
	}
	fclose(fp);
	return v;
}

/*
 * The guarantee: within a, relative, of the order statistic (type 1);
 * 1e-9 of slack for the rounding of the bucket boundaries.
 */
static void
assert_within(double est, double exact, double a, double p)
{
	if (fabs(est - exact) <= a * fabs(exact) * (1 + 1e-9))
		return;
	print_error("p = %g: estimate %.17g, R's type 1 %.17g, beyond %g%%\n",
	    p, est, exact, 100 * a);
	fail();
}

static void
check_r(const char *name, const char *path, double a)
{
	struct tu_csv c;
	struct bs_sketch *k = bs_sketch_new(a);
	size_t n, i, rows = 0;
	double *x = load(path, &n);

	assert_non_null(k);
	for (i = 0; i < n; i++)
		assert_int_equal(bs_sketch_add(k, x[i]), 0);
	assert_int_equal(bs_sketch_count(k), n);
	assert_int_equal(tu_csv_load(&c, "tests/expected/sketch_quantiles.csv"),
	    0);
	for (i = 0; i < c.nrows; i++) {
		double p = tu_num(c.rows[i][2]), q1 = tu_num(c.rows[i][3]);

		if (strcmp(c.rows[i][0], name) != 0)
			continue;
		assert_int_equal(strtoul(c.rows[i][1], NULL, 10), n);
		assert_within(bs_sketch_quantile(k, p), q1, a, p);
		rows++;
	}
	assert_true(rows > 10);
	bs_sketch_free(k);
	free(x);
}

static void
test_lognormal_r(void **state)
{
	(void)state;
	check_r("lognormal", LOGNORMAL, 0.005);
	check_r("lognormal", LOGNORMAL, 0.001);
	check_r("lognormal", LOGNORMAL, 0.02);
}

static void
test_mixed_r(void **state)
{
	(void)state;
	check_r("mixed", MIXED, 0.005);
	check_r("mixed", MIXED, 0.001);
	check_r("mixed", MIXED, 0.05);
}

/* Sketches of parts, merged, are the sketch of the whole, bit for bit. */
static void
test_merge_bitwise(void **state)
{
	const char *paths[] = { LOGNORMAL, MIXED };
	struct bs_err e;

	(void)state;
	for (size_t f = 0; f < 2; f++) {
		struct bs_sketch *all = bs_sketch_new(0.005), *part[4];
		size_t n, i;
		double *x = load(paths[f], &n);

		for (i = 0; i < 4; i++)
			part[i] = bs_sketch_new(0.005);
		for (i = 0; i < n; i++) {
			bs_sketch_add(all, x[i]);
			/* Uneven parts, in blocks: as hours of a run. */
			bs_sketch_add(part[i < n / 7 ? 0 : i < n / 2 ? 1 :
			    i < n - 3 ? 2 : 3], x[i]);
		}
		for (i = 1; i < 4; i++)
			assert_int_equal(bs_sketch_merge(part[0], part[i], &e),
			    0);
		assert_int_equal(bs_sketch_count(part[0]), n);
		for (uint64_t r = 1; r <= n; r++) {
			double u = bs_sketch_rank(all, r), v =
			    bs_sketch_rank(part[0], r);

			assert_memory_equal(&u, &v, sizeof(u));
		}
		bs_sketch_free(all);
		for (i = 0; i < 4; i++)
			bs_sketch_free(part[i]);
		free(x);
	}
}

static void
test_merge_accuracy(void **state)
{
	struct bs_sketch *a = bs_sketch_new(0.005), *b = bs_sketch_new(0.01);
	struct bs_err e;

	(void)state;
	assert_int_equal(bs_sketch_merge(a, b, &e), -1);
	assert_non_null(strstr(e.msg, "different accuracy"));
	bs_sketch_free(a);
	bs_sketch_free(b);
	assert_null(bs_sketch_new(0.0005));
	assert_null(bs_sketch_new(0.5));
	assert_null(bs_sketch_new(NAN));
}

/* One value alone is its own order statistic, at either end of the range. */
static void
test_extremes(void **state)
{
	static const double v[] = { DBL_MIN, 1e-300, 1e-5, 1, 3, 1e300,
	    DBL_MAX / 2, -DBL_MIN, -1, -1e300, -DBL_MAX / 2, 0, -0.0 };
	const double a = 0.005;

	(void)state;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct bs_sketch *k = bs_sketch_new(a);

		assert_int_equal(bs_sketch_add(k, v[i]), 0);
		assert_within(bs_sketch_rank(k, 1), v[i], a, 0);
		assert_true(isnan(bs_sketch_rank(k, 2)));
		bs_sketch_free(k);
	}
	{
		/* Whole range in one sketch: memory bounded, order kept. */
		struct bs_sketch *k = bs_sketch_new(a);

		assert_int_equal(bs_sketch_add(k, DBL_TRUE_MIN), 0);
		assert_int_equal(bs_sketch_add(k, DBL_MAX), 0);
		assert_int_equal(bs_sketch_add(k, -DBL_MAX), 0);
		assert_true(bs_sketch_rank(k, 1) < -1e308);
		assert_true(bs_sketch_rank(k, 2) >= 0 &&
		    bs_sketch_rank(k, 2) < 1e-320);
		assert_true(bs_sketch_rank(k, 3) > 1e308);
		bs_sketch_free(k);
	}
}

/* A sketch set of a plain file streamed through a table. */
static void
table_set(const char *path, struct bs_sketchset *set)
{
	struct bs_table_opts o;
	struct bs_table *t;
	struct bs_err e;

	memset(&o, 0, sizeof(o));
	o.moments = 1;
	o.sketch = 0.005;
	assert_non_null(t = bs_table_new(&o));
	assert_int_equal(bs_table_read(t, NULL, path, &e), 0);
	assert_int_equal(bs_table_finish(t, &e), 0);
	memset(set, 0, sizeof(*set));
	assert_int_equal(bs_sketchset_from_table(set, t, 0.005, &e), 0);
	bs_table_free(t);
}

static void
writeset(const struct bs_sketchset *set, const char *path)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	assert_int_equal(bs_sketchset_write(set, fp), 0);
	assert_int_equal(fclose(fp), 0);
}

/*
 * Parts written by -f sketch and merged from their files: the counts and
 * every percentile as of the whole, mean and sd as R's to 1e-12.
 */
static void
test_files_merge(void **state)
{
	const char *names[] = { "lognormal", "mixed" };
	const char *paths[] = { LOGNORMAL, MIXED };
	struct bs_summary_opts so;
	struct tu_csv c;
	struct bs_err e;

	(void)state;
	bs_summary_opts_default(&so);
	so.npct = 0;
	for (double p = 0; p <= 100; p += 0.5)
		if (so.npct < BS_MAX_PCT)
			so.pct[so.npct++] = p == 0 ? 99.9 : p == 0.5 ? 99.99 :
			    p * 3 < 100 ? p * 3 : 100;
	assert_int_equal(tu_csv_load(&c, "tests/expected/sketch_quantiles.csv"),
	    0);
	for (size_t f = 0; f < 2; f++) {
		struct bs_sketchset whole, merged;
		struct bs_summary sw, sm;
		char part[3][64], skf[64];
		FILE *fp[3];
		size_t n, i;
		double *x = load(paths[f], &n), rmean = NAN, rsd = NAN;

		for (i = 0; i < 3; i++) {
			snprintf(part[i], sizeof(part[i]), "tests/out/sk_%zu_%zu.txt",
			    f, i);
			assert_non_null(fp[i] = fopen(part[i], "w"));
		}
		for (i = 0; i < n; i++)
			fprintf(fp[i < n / 3 ? 0 : i < n - 100 ? 1 : 2],
			    "%.17g\n", x[i]);
		for (i = 0; i < 3; i++)
			assert_int_equal(fclose(fp[i]), 0);
		memset(&merged, 0, sizeof(merged));
		for (i = 0; i < 3; i++) {
			struct bs_sketchset one;

			table_set(part[i], &one);
			snprintf(skf, sizeof(skf), "tests/out/sk_%zu_%zu.json",
			    f, i);
			writeset(&one, skf);
			bs_sketchset_free(&one);
			assert_int_equal(bs_sketchset_read(&merged, skf, &e), 0);
		}
		table_set(paths[f], &whole);
		assert_int_equal(merged.ngroups, 1);
		assert_int_equal(merged.s[0].n, n);
		assert_int_equal(bs_sketch_summarize(&whole.s[0], &so, &sw, &e),
		    0);
		assert_int_equal(bs_sketch_summarize(&merged.s[0], &so, &sm,
		    &e), 0);
		for (i = 0; i < c.nrows; i++)
			if (strcmp(c.rows[i][0], names[f]) == 0) {
				rmean = tu_num(c.rows[i][5]);
				rsd = tu_num(c.rows[i][6]);
			}
		assert_close(sm.mean, rmean, 1e-12, 0);
		assert_close(sm.sd, rsd, 1e-12, 0);
		assert_close(sw.mean, rmean, 1e-12, 0);
		assert_close(sw.sd, rsd, 1e-12, 0);
		assert_true(sm.min == sw.min && sm.max == sw.max);
		assert_true(sm.q1 == sw.q1 && sm.median == sw.median &&
		    sm.q3 == sw.q3);
		for (i = 0; i < so.npct; i++)
			assert_memory_equal(&sm.pct[i], &sw.pct[i],
			    sizeof(double));
		for (uint64_t r = 1; r <= n; r++) {
			double u = bs_sketch_rank(whole.s[0].sk, r), v =
			    bs_sketch_rank(merged.s[0].sk, r);

			assert_memory_equal(&u, &v, sizeof(u));
		}
		/*
		 * The summary's quartiles keep the guarantee against R (the
		 * pNN columns divide by 100, which R's p need not equal).
		 */
		for (i = 0; i < c.nrows; i++) {
			double p = tu_num(c.rows[i][2]), q = tu_num(c.rows[i][3]);

			if (strcmp(c.rows[i][0], names[f]) != 0)
				continue;
			if (p == 0.25)
				assert_within(sm.q1, q, 0.005, p);
			else if (p == 0.5)
				assert_within(sm.median, q, 0.005, p);
			else if (p == 0.75)
				assert_within(sm.q3, q, 0.005, p);
			else if (p == 0 || p == 1)
				assert_true((p == 0 ? sm.min : sm.max) == q);
		}
		bs_sketchset_free(&whole);
		bs_sketchset_free(&merged);
		free(x);
	}
}

/* The ranks of two sketches, bit for bit. */
static void
assert_same_ranks(const struct bs_sketch *a, const struct bs_sketch *b)
{
	assert_int_equal(bs_sketch_count(a), bs_sketch_count(b));
	for (uint64_t r = 1; r <= bs_sketch_count(a); r++) {
		double u = bs_sketch_rank(a, r), v = bs_sketch_rank(b, r);

		assert_memory_equal(&u, &v, sizeof(u));
	}
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * A sketch of at most BS_SKETCH_EXACT values answers with them exactly;
 * the next value promotes it to buckets that are those of the values
 * counted one by one, whatever the order and wherever a merge promoted.
 */
static void
test_exact(void **state)
{
	static const double v[] = { 3.25, -1.5, 0, 1e-300, -0.0, 77, 2.5,
	    1e300, -8, 3.25, 0.1, 12 };
	const size_t nv = sizeof(v) / sizeof(v[0]);
	struct bs_err e;

	(void)state;
	for (size_t n = 1; n <= nv; n++) {
		struct bs_sketch *k = bs_sketch_new(0.005),
		    *rev = bs_sketch_new(0.005);
		double s[16];

		for (size_t i = 0; i < n; i++) {
			assert_int_equal(bs_sketch_add(k, v[i]), 0);
			assert_int_equal(bs_sketch_add(rev, v[n - 1 - i]), 0);
			s[i] = v[i] + 0.0;
		}
		qsort(s, n, sizeof(s[0]), cmpd);
		assert_int_equal(bs_sketch_exact(k), n <= BS_SKETCH_EXACT);
		for (size_t r = 1; r <= n; r++) {
			if (n <= BS_SKETCH_EXACT)
				assert_true(bs_sketch_rank(k, r) == s[r - 1]);
			else
				assert_within(bs_sketch_rank(k, r), s[r - 1],
				    0.005, (double)r);
		}
		assert_same_ranks(k, rev);
		/* Every split of the values, merged: the same sketch. */
		for (size_t cut = 0; cut <= n; cut++) {
			struct bs_sketch *a = bs_sketch_new(0.005),
			    *b = bs_sketch_new(0.005);

			for (size_t i = 0; i < n; i++)
				assert_int_equal(bs_sketch_add(i < cut ? a : b,
				    v[i]), 0);
			assert_int_equal(bs_sketch_merge(a, b, &e), 0);
			assert_int_equal(bs_sketch_exact(a),
			    n <= BS_SKETCH_EXACT);
			assert_same_ranks(a, k);
			bs_sketch_free(a);
			bs_sketch_free(b);
		}
		bs_sketch_free(k);
		bs_sketch_free(rev);
	}
}

/*
 * Groups of few values through -f sketch and --merge: exact, as the
 * sketch of the whole; "values" that disagree with the buckets refused.
 */
static void
test_files_exact(void **state)
{
	struct bs_sketchset a, m;
	struct bs_summary_opts so;
	struct bs_summary s;
	struct bs_err e;
	FILE *fp;
	const char *bad[] = {
		/* 2 is not in bucket 0 */
		"\"values\": [1,2]",
		/* not ascending */
		"\"values\": [2,1]",
		/* one short */
		"\"values\": [1]",
		"\"values\": {}",
	};

	(void)state;
	assert_non_null(fp = fopen("tests/out/sk_exact.txt", "w"));
	fputs("10.5\n-3\n7.25\n", fp);
	assert_int_equal(fclose(fp), 0);
	table_set("tests/out/sk_exact.txt", &a);
	writeset(&a, "tests/out/sk_exact.json");
	bs_sketchset_free(&a);
	memset(&m, 0, sizeof(m));
	assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_exact.json",
	    &e), 0);
	assert_true(bs_sketch_exact(m.s[0].sk));
	bs_summary_opts_default(&so);
	assert_int_equal(bs_sketch_summarize(&m.s[0], &so, &s, &e), 0);
	assert_true(s.median == 7.25 && s.min == -3 && s.max == 10.5);
	/* Twice: 6 values, still exact; three times: 9, buckets. */
	assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_exact.json",
	    &e), 0);
	assert_true(bs_sketch_exact(m.s[0].sk));
	assert_true(bs_sketch_rank(m.s[0].sk, 4) == 7.25);
	assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_exact.json",
	    &e), 0);
	assert_false(bs_sketch_exact(m.s[0].sk));
	assert_int_equal(bs_sketch_count(m.s[0].sk), 9);
	bs_sketchset_free(&m);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&m, 0, sizeof(m));
		assert_non_null(fp = fopen("tests/out/sk_badv.json", "w"));
		fprintf(fp, "{\"format\": \"bstat-sketch\", \"version\": 1, "
		    "\"accuracy\": 0.005, \"groups\": [], \"columns\": "
		    "[\"value\"], \"series\": [{\"key\": [], \"column\": "
		    "\"value\", \"n\": 2, \"missing\": 0, \"sum\": 3, "
		    "\"mean\": 1.5, \"m2\": 0.5, \"min\": 1, \"max\": 2, "
		    "\"zero\": 0, \"positive\": {\"keys\": [0], \"counts\": "
		    "[2]}, \"negative\": {\"keys\": [], \"counts\": []}, "
		    "%s}]}\n", bad[i]);
		assert_int_equal(fclose(fp), 0);
		assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_badv.json",
		    &e), -1);
		assert_non_null(strstr(e.msg, "\"values\""));
		bs_sketchset_free(&m);
	}
}

/* Files that must not merge. */
static void
test_files_refused(void **state)
{
	struct bs_sketchset a, m;
	struct bs_err e;
	FILE *fp;

	(void)state;
	table_set("testdata/oracle/sketch_mixed.txt", &a);
	writeset(&a, "tests/out/sk_ref.json");
	a.accuracy = 0.01;
	writeset(&a, "tests/out/sk_acc.json");
	bs_sketchset_free(&a);
	memset(&m, 0, sizeof(m));
	assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_ref.json", &e),
	    0);
	assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_acc.json", &e),
	    -1);
	assert_non_null(strstr(e.msg, "accuracy"));
	assert_non_null(fp = fopen("tests/out/sk_bad.json", "w"));
	fputs("{\"format\": \"bstat-sketch\", \"version\": 1, \"accuracy\": "
	    "0.005, \"groups\": [], \"columns\": [\"value\"], \"series\": [{"
	    "\"key\": [], \"column\": \"value\", \"n\": 3, \"missing\": 0, "
	    "\"sum\": 3, \"mean\": 1, \"m2\": 0, \"min\": 1, \"max\": 1, "
	    "\"zero\": 0, \"positive\": {\"keys\": [0], \"counts\": [2]}, "
	    "\"negative\": {\"keys\": [], \"counts\": []}}]}\n", fp);
	fclose(fp);
	assert_int_equal(bs_sketchset_read(&m, "tests/out/sk_bad.json", &e),
	    -1);
	assert_non_null(strstr(e.msg, "add up"));
	assert_int_equal(bs_sketchset_read(&m, "tests/out/nonexistent.json",
	    &e), -1);
	bs_sketchset_free(&m);
}

/*
 * bs_sketch_trim() gives back room, never a count: every quantile the
 * same after it, and a value added after it (below and above the keys
 * kept, as a late row of a window) counted as in an untrimmed sketch.
 */
static void
test_trim(void **state)
{
	struct bs_sketch *a = bs_sketch_new(0.005), *b = bs_sketch_new(0.005);
	double p;
	int i;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	for (i = 1; i <= 1000; i++) {
		assert_int_equal(bs_sketch_add(a, 100 + i % 97), 0);
		assert_int_equal(bs_sketch_add(b, 100 + i % 97), 0);
	}
	bs_sketch_trim(a);
	for (p = 0; p <= 1; p += 0.01)
		assert_true(bs_sketch_quantile(a, p) ==
		    bs_sketch_quantile(b, p));
	assert_int_equal(bs_sketch_add(a, 3), 0);
	assert_int_equal(bs_sketch_add(b, 3), 0);
	assert_int_equal(bs_sketch_add(a, 9000), 0);
	assert_int_equal(bs_sketch_add(b, 9000), 0);
	assert_true(bs_sketch_count(a) == bs_sketch_count(b));
	for (p = 0; p <= 1; p += 0.01)
		assert_true(bs_sketch_quantile(a, p) ==
		    bs_sketch_quantile(b, p));
	bs_sketch_free(a);
	bs_sketch_free(b);
}

/*
 * A trimmed store is packed to the fewest bytes its largest count needs
 * (1, 2, 4): with counts up to 200, 300 and 70,000 a key, the quantiles,
 * merging from and into a packed sketch, and a count added after it are
 * those of a sketch never trimmed.
 */
static void
test_trim_packed(void **state)
{
	const int per[] = { 200, 300, 70000 };
	double p;

	(void)state;
	for (size_t w = 0; w < sizeof(per) / sizeof(per[0]); w++) {
		struct bs_sketch *a = bs_sketch_new(0.01);
		struct bs_sketch *b = bs_sketch_new(0.01);
		struct bs_sketch *c = bs_sketch_new(0.01);
		struct bs_sketch *d = bs_sketch_new(0.01);
		struct bs_err e;
		int i, j;

		assert_non_null(a);
		assert_non_null(b);
		assert_non_null(c);
		assert_non_null(d);
		/* Keys 1 apart: 1, 2, ... 40 times per[w]/(1 + i%4). */
		for (i = 0; i < 40; i++)
			for (j = 0; j < per[w] / (1 + i % 4); j++) {
				double x = pow(1.0202, i) * (i % 2 ? -1 : 1);

				assert_int_equal(bs_sketch_add(a, x), 0);
				assert_int_equal(bs_sketch_add(b, x), 0);
			}
		assert_int_equal(bs_sketch_add(a, 0), 0);
		assert_int_equal(bs_sketch_add(b, 0), 0);
		bs_sketch_trim(a);
		for (p = 0; p <= 1; p += 0.005)
			assert_true(bs_sketch_quantile(a, p) ==
			    bs_sketch_quantile(b, p));
		/* From a packed sketch, and into one. */
		assert_int_equal(bs_sketch_merge(c, a, &e), 0);
		assert_int_equal(bs_sketch_merge(d, b, &e), 0);
		bs_sketch_trim(c);
		assert_int_equal(bs_sketch_merge(c, b, &e), 0);
		assert_int_equal(bs_sketch_merge(d, b, &e), 0);
		assert_true(bs_sketch_count(c) == bs_sketch_count(d));
		for (p = 0; p <= 1; p += 0.005)
			assert_true(bs_sketch_quantile(c, p) ==
			    bs_sketch_quantile(d, p));
		/* Added after packing: unpacked, counted. */
		for (j = 0; j < per[w]; j++) {
			assert_int_equal(bs_sketch_add(a, 1.5), 0);
			assert_int_equal(bs_sketch_add(b, 1.5), 0);
		}
		assert_int_equal(bs_sketch_add(a, 1e9), 0);
		assert_int_equal(bs_sketch_add(b, 1e9), 0);
		bs_sketch_trim(a);
		assert_true(bs_sketch_count(a) == bs_sketch_count(b));
		for (p = 0; p <= 1; p += 0.005)
			assert_true(bs_sketch_quantile(a, p) ==
			    bs_sketch_quantile(b, p));
		bs_sketch_free(a);
		bs_sketch_free(b);
		bs_sketch_free(c);
		bs_sketch_free(d);
	}
}

/* ------------------------------------------------------------------ */
/* Exact sums of decimals (xsum.c): the moments --sketch merges, -j */

static void
xsum_of(struct bs_xsum *x, char (*v)[32], size_t lo, size_t hi, int *on)
{
	struct bs_dec d;
	double dv;

	*on = 1;
	for (size_t i = lo; i < hi; i++) {
		assert_int_equal(bs_parse_number(v[i], strlen(v[i]), &d, &dv),
		    BS_NUM_OK);
		if (*on && (i == lo ? bs_xsum_start(x, &d) :
		    bs_xsum_add(x, &d)) == -1)
			*on = 0;
	}
}

/* The values of seed: every form a benchmark prints; one odd at odd. */
static size_t
xsum_values(char (*v)[32], size_t n, unsigned seed, long odd)
{
	static const char *const fmt[] = { "%.0f", "%.2f", "%.4e", "-%.3f",
	    "%.6f", "%.0fe3", "0" };
	uint64_t r = seed;

	for (size_t i = 0; i < n; i++) {
		double x;

		r = r * 6364136223846793005u + 1442695040888963407u;
		x = (double)(r >> 11) / 0x1p53 * 5000.0;
		snprintf(v[i], 32, fmt[(r >> 7) % 7], x);
	}
	if (odd >= 0)
		snprintf(v[odd], 32, "1e-30");
	return n;
}

/*
 * Sums of the parts merged are the sums of the whole, bit for bit,
 * wherever it is cut; a value that ends the whole's exact sums (1e-30
 * among thousands: 10^33 times apart) ends a part's, or their merge.
 */
static void
test_xsum_merge(void **state)
{
	static char v[3000][32];
	const size_t cuts[] = { 1, 2, 17, 1500, 2999 };
	struct bs_xsum whole, a, b;
	int on, aon, bon;

	(void)state;
	for (long odd = -1; odd < 3000; odd += 1000) {
		xsum_values(v, 3000, 33 + (unsigned)odd, odd);
		xsum_of(&whole, v, 0, 3000, &on);
		assert_int_equal(on, odd < 0);
		for (size_t c = 0; c < sizeof(cuts) / sizeof(*cuts); c++) {
			xsum_of(&a, v, 0, cuts[c], &aon);
			xsum_of(&b, v, cuts[c], 3000, &bon);
			if (!on) {
				assert_true(!aon || !bon ||
				    bs_xsum_merge(&a, &b) == -1);
				continue;
			}
			assert_true(aon && bon);
			assert_int_equal(bs_xsum_merge(&a, &b), 0);
			assert_memory_equal(&a, &whole, sizeof(a));
		}
	}
	(void)state;
}

/* Results from the definitions: each rounded once from the exact value. */
static void
test_xsum_values(void **state)
{
	static char v[4][32] = { "0.1", "0.2", "1.7976931348623157e308",
	    "1.7976931348623157e308" };
	static char w[4][32] = { "1", "2", "3", "4" };
	struct bs_xsum x;
	int on;

	(void)state;
	xsum_of(&x, v, 0, 2, &on);
	assert_true(on);
	/* 0.1 + 0.2 in doubles is 0.30000000000000004 */
	assert_true(bs_xsum_sum(&x) == 0.3);
	assert_true(bs_xsum_mean(&x, 2) == 0.15);
	xsum_of(&x, v, 2, 4, &on);
	assert_true(on && bs_xsum_mean(&x, 2) == DBL_MAX);
	assert_true(bs_xsum_m2(&x, 2) == 0.0);
	xsum_of(&x, w, 0, 4, &on);
	assert_true(on && bs_xsum_mean(&x, 4) == 2.5 &&
	    bs_xsum_m2(&x, 4) == 5.0);
}

/*
 * The bucket keys by lookup table are log()'s for every accuracy, on
 * doubles spread over every binade (their bits at random), on integers
 * (latencies in ns), and on each bucket boundary g^j of the range that
 * benchmarks have and its neighbours: a few ulps either way and at the
 * table's band of 2^-30 either way.
 */
static void
test_key_table(void **state)
{
	static const double accs[] = { BS_SKETCH_MINACC, 0.002,
	    BS_SKETCH_ACCURACY, 0.01, 0.05, BS_SKETCH_MAXACC };
	size_t n = 0, cap = 1 << 21;
	double *x = malloc(cap * sizeof(*x));
	uint64_t r = UINT64_C(0x9e3779b97f4a7c15);
	(void)state;

	assert_non_null(x);
	for (size_t a = 0; a < sizeof(accs) / sizeof(accs[0]); a++) {
		double g = (1 + accs[a]) / (1 - accs[a]);

		n = 0;
		for (int i = 0; i < 200000; i++) {
			uint64_t u;
			double v;

			r ^= r << 13, r ^= r >> 7, r ^= r << 17;
			u = r & ~(UINT64_C(1) << 63);
			memcpy(&v, &u, sizeof(v));
			if (isfinite(v) && v > 0)
				x[n++] = v;
		}
		for (double v = 1; v < 3e6; v += 7)
			x[n++] = v;
		for (int j = -4000; j <= 12000 && n + 16 < cap; j++) {
			double b = pow(g, j);

			if (!(b > 1e-12 && b < 1e15))
				continue;
			x[n++] = b;
			x[n++] = b * (1 + 0x1p-30);
			x[n++] = b * (1 - 0x1p-30);
			x[n++] = b * (1 + 0x1p-29);
			x[n++] = b * (1 - 0x1p-29);
			for (int k = 1; k <= 3; k++) {
				x[n++] = b = nextafter(b, 0);
			}
			b = pow(g, j);
			for (int k = 1; k <= 3; k++)
				x[n++] = b = nextafter(b, INFINITY);
		}
		assert_true(n > 300000);
		assert_int_equal(bs_sketch_key_check(accs[a], x, n), n);
	}
	/* the check can fail: a value of no key has none in the tables */
	x[0] = 1;
	assert_int_equal(bs_sketch_key_check(0.7, x, 1), SIZE_MAX);
	free(x);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lognormal_r),
		cmocka_unit_test(test_key_table),
		cmocka_unit_test(test_mixed_r),
		cmocka_unit_test(test_merge_bitwise),
		cmocka_unit_test(test_merge_accuracy),
		cmocka_unit_test(test_extremes),
		cmocka_unit_test(test_files_merge),
		cmocka_unit_test(test_files_refused),
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_files_exact),
		cmocka_unit_test(test_trim),
		cmocka_unit_test(test_trim_packed),
		cmocka_unit_test(test_xsum_merge),
		cmocka_unit_test(test_xsum_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
