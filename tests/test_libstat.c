/*
 * Unit tests of libstat's core: exact number parsing, the shift by a
 * reference value, quantiles of every type against R, moments against
 * NIST's certified values, fences, the output formats and the registry
 * of input formats.
 */
#include "testutil.h"

#include "libstat.h"
#include "stat/stat.h"
#include "core/core.h"

static double
parse(const char *s)
{
	struct bs_dec d;
	double v;

	assert_int_equal(bs_parse_number(s, strlen(s), &d, &v), BS_NUM_OK);
	return v;
}

static void
test_parse_exact(void **state)
{
	static const char *const cases[] = { "0", "1", "-1", "0.1", "1e-5",
	    "123456.789", "-0.000123", "1.7976931348623157e308",
	    "4.9406564584124654e-324", "9007199254740993", "1e22", "1e23",
	    "3.14159265358979323846264338", "  42  ", "+7.5", ".5", "5.",
	    "2.2250738585072014e-308", "123456789012345678901234567890",
	    "0.30000000000000004" };
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_true(parse(cases[i]) == strtod(cases[i], NULL));
}

static void
test_parse_kinds(void **state)
{
	static const struct { const char *s; enum bs_numparse k; } c[] = {
		{ "", BS_NUM_MISSING }, { "  ", BS_NUM_MISSING },
		{ "NA", BS_NUM_MISSING }, { "NaN", BS_NUM_MISSING },
		{ "null", BS_NUM_MISSING }, { "nan", BS_NUM_MISSING },
		{ "inf", BS_NUM_NONFINITE }, { "-Infinity", BS_NUM_NONFINITE },
		{ "1e999", BS_NUM_NONFINITE }, { "abc", BS_NUM_NOTNUM },
		{ "1.2.3", BS_NUM_NOTNUM }, { "12ms", BS_NUM_NOTNUM },
		{ "-", BS_NUM_NOTNUM }, { "1e", BS_NUM_NOTNUM },
		{ "0x10", BS_NUM_NOTNUM }, { "1e-999", BS_NUM_OK },
	};
	struct bs_dec d;
	double v;
	(void)state;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		assert_int_equal(bs_parse_number(c[i].s, strlen(c[i].s), &d,
		    &v), c[i].k);
}

/*
 * bs_number_fast(), the readers' inline parse, on plain integers of
 * every length it reads at once (4 to 8, two overlapping loads) and
 * around it, each byte in turn made a non-digit (the bytes next to '0'
 * and '9', a point, a sign, a blank, bytes with the high bit): a string
 * of digits alone is that integer (strtoull), anything it accepts is
 * strtod()'s double, and what it refuses is no plain number of the form
 * [-]digits[.digits].
 */
static int
plain_form(const char *s)
{
	size_t i = 0, nd = 0;

	if (s[i] == '-')
		i++;
	for (; s[i] >= '0' && s[i] <= '9'; i++)
		nd++;
	if (s[i] == '.')
		for (i++; s[i] >= '0' && s[i] <= '9'; i++)
			nd++;
	return s[i] == '\0' && nd > 0 && nd <= 19;
}

static void
test_parse_fast(void **state)
{
	static const char odd[] = { '/', ':', '.', '-', 'a', ' ', '+',
	    (char)0x80, (char)0xb0, (char)0xb9, (char)0xff, 'e' };
	const char *digits = "9081726354";
	char buf[32];
	struct bs_dec d;
	double v = 0;
	(void)state;

	for (size_t len = 1; len <= 12; len++) {
		for (size_t rot = 0; rot < 10; rot++) {
			for (size_t i = 0; i < len; i++)
				buf[i] = digits[(i + rot) % 10];
			buf[len] = '\0';
			/* the bytes after it must not count */
			buf[len + 1] = '7';
			assert_int_equal(bs_number_fast(buf, len, &d, &v), 1);
			assert_true(d.mant == strtoull(buf, NULL, 10));
			assert_int_equal(d.exp, 0);
			assert_int_equal(d.neg, 0);
			assert_true(v == strtod(buf, NULL));
			for (size_t i = 0; i < len; i++)
				for (size_t k = 0; k < sizeof(odd); k++) {
					char c = buf[i];
					int ok;

					buf[i] = odd[k];
					ok = bs_number_fast(buf, len, &d, &v);
					assert_int_equal(ok, plain_form(buf));
					if (ok)
						assert_true(v ==
						    strtod(buf, NULL));
					buf[i] = c;
				}
		}
		memset(buf, '0', len);
		buf[len] = '\0';
		assert_int_equal(bs_number_fast(buf, len, &d, &v), 1);
		assert_true(d.mant == 0 && d.exp == 0 && v == 0.0);
	}
}

static void
test_dec_sub(void **state)
{
	struct bs_dec a, b;
	double v;
	(void)state;

	bs_parse_number("1732934400123456791", 19, &a, &v);
	bs_parse_number("1732934400123456789", 19, &b, &v);
	assert_true(bs_dec_sub(&a, &b) == 2.0);
	bs_parse_number("10000000.1", 10, &a, &v);
	bs_parse_number("10000000.2", 10, &b, &v);
	assert_true(bs_dec_sub(&a, &b) == -0.1);
	bs_parse_number("1e-30", 5, &a, &v);
	bs_parse_number("1e30", 4, &b, &v);
	assert_close(bs_dec_sub(&a, &b), -1e30, 1e-15, 0);
	bs_parse_number("-2.5", 4, &a, &v);
	bs_parse_number("0", 1, &b, &v);
	assert_true(bs_dec_sub(&a, &b) == -2.5);
}

/*
 * Beyond 19 significant digits the mantissa is rounded half to even:
 * each case is the text, then the 19-digit mantissa and exponent it must
 * keep (written out by hand).
 */
static void
test_parse_round19(void **state)
{
	static const struct {
		const char *s;
		uint64_t mant;
		int exp;
	} cases[] = {
		{ "12345678901234567894", UINT64_C(1234567890123456789), 1 },
		{ "12345678901234567896", UINT64_C(1234567890123456790), 1 },
		/* Exactly half: to the even neighbour, up from an odd one. */
		{ "12345678901234567895", UINT64_C(1234567890123456790), 1 },
		{ "12345678901234567885", UINT64_C(1234567890123456788), 1 },
		/* Not exactly half: a later digit says up. */
		{ "123456789012345678850001", UINT64_C(1234567890123456789),
		    5 },
		{ "99999999999999999995", UINT64_C(1000000000000000000), 2 },
		{ "0.12345678901234567891", UINT64_C(1234567890123456789),
		    -19 },
		{ "1.23456789012345678951", UINT64_C(1234567890123456790),
		    -18 },
		{ "-1.23456789012345678950", UINT64_C(1234567890123456790),
		    -18 },
		{ "12345678901234567890", UINT64_C(1234567890123456789), 1 },
	};
	struct bs_dec d;
	double v;
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(bs_parse_number(cases[i].s,
		    strlen(cases[i].s), &d, &v), BS_NUM_OK);
		assert_true(d.mant == cases[i].mant);
		assert_int_equal(d.exp, cases[i].exp);
		/* The double is still strtod()'s, from all the digits. */
		assert_true(v == strtod(cases[i].s, NULL));
	}
	/* Only the trailing zero was dropped: nothing was rounded. */
	bs_parse_number("12345678901234567890", 20, &d, &v);
	assert_int_equal(d.inexact, 0);
}

/* Every row of R's quantile() for types 1-9. */
static void
test_quantiles_r(void **state)
{
	struct tu_csv c;
	int cx, ct, cp, cq;
	(void)state;

	assert_int_equal(tu_csv_load(&c, "tests/expected/quantiles.csv"), 0);
	cx = tu_csv_col(&c, "x");
	ct = tu_csv_col(&c, "type");
	cp = tu_csv_col(&c, "p");
	cq = tu_csv_col(&c, "q");
	assert_true(c.nrows > 100);
	for (size_t i = 0; i < c.nrows; i++) {
		size_t n;
		double *x = tu_vec(c.rows[i][cx], &n), p = tu_num(c.rows[i][cp]);
		double q;

		assert_int_equal(bs_quantiles(x, n, &p, 1,
		    atoi(c.rows[i][ct]), &q), 0);
		assert_close(q, tu_num(c.rows[i][cq]), 1e-12, 1e-300);
		free(x);
	}
}

/* Read a NIST data file (one number per line) into a series. */
static struct bs_table *
nist(const char *name)
{
	static struct bs_table_opts o;
	struct bs_table *t = bs_table_new(&o);
	struct bs_err e;
	char path[256];

	snprintf(path, sizeof(path), "testdata/nist/%s.txt", name);
	assert_non_null(t);
	assert_int_equal(bs_table_read(t, NULL, path, &e), 0);
	assert_int_equal(bs_table_finish(t, &e), 0);
	return t;
}

/* Number of correct significant digits (LRE, McCullough). */
static double
lre(double x, double c)
{
	if (x == c)
		return 17;
	return -log10(fabs(x - c) / fabs(c));
}

static void
test_nist(void **state)
{
	struct tu_csv c;
	struct bs_summary_opts o;
	struct bs_summary s;
	struct bs_err e;
	(void)state;

	bs_summary_opts_default(&o);
	o.autocorr = 1;
	assert_int_equal(tu_csv_load(&c, "tests/expected/nist_certified.csv"),
	    0);
	assert_int_equal(c.nrows, 9);
	for (size_t i = 0; i < c.nrows; i++) {
		struct bs_table *t = nist(c.rows[i][0]);

		assert_int_equal(bs_summarize(&t->groups[0].s[0], &o, 0, &s,
		    &e), 0);
		assert_int_equal(s.n, atoi(c.rows[i][1]));
		if (lre(s.mean, tu_num(c.rows[i][2])) < 13 ||
		    lre(s.sd, tu_num(c.rows[i][3])) < 13 ||
		    lre(s.r1, tu_num(c.rows[i][4])) < 13)
			fail_msg("%s: mean %.17g sd %.17g r1 %.17g: LRE %.1f "
			    "%.1f %.1f", c.rows[i][0], s.mean, s.sd, s.r1,
			    lre(s.mean, tu_num(c.rows[i][2])),
			    lre(s.sd, tu_num(c.rows[i][3])),
			    lre(s.r1, tu_num(c.rows[i][4])));
		bs_table_free(t);
	}
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * A one-column table of the numbers in text (one a line), read from
 * memory; moments set for the streaming mode.
 */
static struct bs_table *
table_of(char *text, struct bs_table_opts *o)
{
	struct bs_table *t = bs_table_new(o);
	struct bs_buf b = { .data = text, .len = strlen(text),
	    .name = "test" };
	struct bs_err e;

	o->read.format = &bs_fmt_plain;
	assert_non_null(t);
	assert_int_equal(bs_table_read(t, &b, NULL, &e), 0);
	assert_int_equal(bs_table_finish(t, &e), 0);
	return t;
}

/*
 * Order statistics are the values as strtod() reads them, or R's
 * interpolation of those (bs_quantiles(), checked against R above),
 * whatever the shift of the series: decimals whose shifted value does
 * not add back to the parsed double, and a first value far from the
 * rest (1e9, then values near 1.2346e-3, which lost all but a few
 * digits in the shifted values).
 */
static void
check_exact(char *text, int moments)
{
	struct bs_table_opts o;
	struct bs_summary_opts so;
	struct bs_summary r[2];
	struct bs_table *t;
	struct bs_series *s;
	struct bs_err e;
	double *want, p[5] = { 0.25, 0.5, 0.75, 0.9, 0.99 }, q[5];
	size_t n = 0, cap = 0;
	char *line, *save, *copy = strdup(text);

	want = NULL;
	for (line = strtok_r(copy, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (n == cap)
			want = realloc(want, (cap = cap ? 2 * cap : 64) *
			    sizeof(*want));
		want[n++] = strtod(line, NULL);
	}
	free(copy);
	memset(&o, 0, sizeof(o));
	o.moments = moments;
	t = table_of(text, &o);
	s = &t->groups[0].s[0];
	assert_int_equal(s->n, n);
	for (size_t i = 0; !moments && i < n; i++)
		assert_true(bs_series_value(s, i) == want[i]);
	bs_summary_opts_default(&so);
	so.npct = 2;
	so.pct[0] = 90;
	so.pct[1] = 99;
	so.no_quantiles = moments;
	assert_int_equal(bs_summarize(s, &so, 1, &r[0], &e), 0);
	if (!moments)
		assert_int_equal(bs_summarize(s, &so, 0, &r[1], &e), 0);
	qsort(want, n, sizeof(*want), cmpd);
	for (int k = 0; k < (moments ? 1 : 2); k++) {
		assert_true(r[k].min == want[0]);
		assert_true(r[k].max == want[n - 1]);
	}
	if (!moments) {
		assert_int_equal(bs_quantiles(want, n, p, 5, 7, q), 0);
		for (int k = 0; k < 2; k++) {
			assert_true(r[k].q1 == q[0]);
			assert_true(r[k].median == q[1]);
			assert_true(r[k].q3 == q[2]);
			assert_true(r[k].iqr == q[2] - q[0]);
			assert_true(r[k].pct[0] == q[3]);
			assert_true(r[k].pct[1] == q[4]);
		}
	}
	free(want);
	bs_table_free(t);
}

static void
test_order_stats_exact(void **state)
{
	char far[] = "1e9\n0.00123456789\n0.0012345678\n0.00123456788\n"
	    "0.001234567891\n0.0012346\n";
	char dec[20000], *p = dec;
	uint32_t r = 12345;
	(void)state;

	/* Decimals with 3 to 6 places, many of them an ulp off shifted. */
	for (int i = 0; i < 1000; i++) {
		r = r * 1103515245 + 12345;
		p += sprintf(p, "%u.%0*u\n", 100 + (r >> 8) % 900, 3 + i % 4,
		    (r >> 2) % (i % 4 == 0 ? 1000 : i % 4 == 1 ? 10000 :
		    i % 4 == 2 ? 100000 : 1000000));
	}
	check_exact(far, 0);
	check_exact(far, 1);
	check_exact(dec, 0);
	check_exact(dec, 1);
}

/*
 * Large inputs take the bucketed selection; it must give the order
 * statistics a full sort gives, with ties, negatives and a wide range.
 */
static void
test_quantiles_large(void **state)
{
	static const double p[] = { 0, 0.001, 0.25, 0.5, 0.75, 0.95, 0.99,
	    0.999, 1 };
	size_t n = 300001, i;
	double *x = malloc(n * sizeof(*x)), *y = malloc(n * sizeof(*y));
	double q[9];
	unsigned seed = 12345;
	(void)state;

	for (int kind = 0; kind < 3; kind++) {
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			if (kind == 0)
				x[i] = exp((double)(seed >> 8) / 1e6) - 50;
			else if (kind == 1)
				x[i] = (double)((seed >> 16) % 7);
			else
				x[i] = (i % 1000 == 0) ? 1e12 : (double)(seed >> 4);
		}
		memcpy(y, x, n * sizeof(*x));
		qsort(y, n, sizeof(*y), cmpd);
		for (int type = 1; type <= 9; type++) {
			memcpy(x, y, n * sizeof(*x));
			/* Shuffle so that the selection sees no order. */
			for (i = n - 1; i > 0; i--) {
				size_t j;
				double t;

				seed = seed * 1103515245u + 12345u;
				j = seed % (i + 1);
				t = x[i];
				x[i] = x[j];
				x[j] = t;
			}
			assert_int_equal(bs_quantiles(x, n, p, 9, type, q), 0);
			/* Type 1 at these p picks an order statistic. */
			if (type == 1)
				for (int k = 0; k < 9; k++) {
					size_t idx = (size_t)ceil(p[k] * n);

					idx = idx ? idx - 1 : 0;
					assert_true(q[k] == y[idx]);
				}
			assert_true(q[0] == y[0] && q[8] == y[n - 1]);
		}
	}
	free(x);
	free(y);
}

/* Large series take a no-copy path for the fences: same fences. */
static void
test_fences_large(void **state)
{
	static const double pq[2] = { 0.25, 0.75 };
	size_t n = 200003, i;
	double *x = malloc(n * sizeof(*x)), *y = malloc(n * sizeof(*y)), q[2];
	unsigned seed = 99;
	struct bs_fences f;
	(void)state;

	for (i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		x[i] = (double)(seed >> 9) / 1000.0;
	}
	memcpy(y, x, n * sizeof(*x));
	qsort(y, n, sizeof(*y), cmpd);
	/* Type 7 by hand on the sorted copy. */
	for (int k = 0; k < 2; k++) {
		double hh = pq[k] * (double)(n - 1);
		size_t j = (size_t)floor(hh);

		q[k] = y[j] + (hh - (double)j) * (y[j + 1] - y[j]);
	}
	assert_int_equal(bs_tukey_fences(x, n, 1.5, &f), 0);
	assert_close(f.lo_inner, q[0] - 1.5 * (q[1] - q[0]), 1e-12, 0);
	assert_close(f.hi_outer, q[1] + 3 * (q[1] - q[0]), 1e-12, 0);
	/* x was only read: it is still in its order, not sorted. */
	for (i = 0, seed = 99; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		assert_true(x[i] == (double)(seed >> 9) / 1000.0);
	}
	free(x);
	free(y);
}

static void
test_t_halfwidth(void **state)
{
	(void)state;
	/* qt(0.975, 9) = 2.2621571627982049 (R). */
	assert_close(bs_t_halfwidth(3.0, 10, 95.0),
	    2.2621571627982049 * 3.0 / sqrt(10.0), 1e-12, 0);
	assert_true(isnan(bs_t_halfwidth(1.0, 1, 95.0)));
}

static void
test_fences(void **state)
{
	/* R: quantile(1:9, c(.25,.75)) = 3, 7; IQR 4. */
	double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, NAN };
	struct bs_fences f;
	(void)state;

	assert_int_equal(bs_tukey_fences(x, 10, 1.5, &f), 0);
	assert_close(f.lo_inner, -3, 0, 1e-12);
	assert_close(f.hi_inner, 13, 0, 1e-12);
	assert_close(f.lo_outer, -9, 0, 1e-12);
	assert_close(f.hi_outer, 19, 0, 1e-12);
	assert_int_equal(bs_classify(&f, 13), BS_OUT_NONE);
	assert_int_equal(bs_classify(&f, 13.5), BS_OUT_HIGH_MILD);
	assert_int_equal(bs_classify(&f, 19.5), BS_OUT_HIGH_SEVERE);
	assert_int_equal(bs_classify(&f, -4), BS_OUT_LOW_MILD);
	assert_int_equal(bs_classify(&f, -10), BS_OUT_LOW_SEVERE);
	/* R: median(1:9) = 5, mad(1:9, constant=1) = 2. */
	assert_int_equal(bs_mad_fences(x, 10, 3.5, &f), 0);
	assert_close(f.center, 5, 0, 1e-12);
	assert_close(f.scale, 2 * 1.4826, 1e-12, 0);
}

/*
 * The result formats' names: every listed one parses back to its value,
 * the alias parses and is not listed, and the list is what the tools'
 * -f error and usage lines say.
 */
static void
test_outfmt_names(void **state)
{
	char list[128] = "";
	const char *name;
	enum bs_outfmt f;
	size_t i;

	(void)state;
	for (i = 0; (name = bs_outfmt_name(i, &f)) != NULL; i++) {
		assert_int_equal(bs_outfmt_parse(name), (int)f);
		strcat(list, i > 0 ? "," : "");
		strcat(list, name);
	}
	assert_string_equal(list, "table,csv,tsv,json,md");
	assert_int_equal(bs_outfmt_parse("markdown"), BS_OUT_MD);
	assert_int_equal(bs_outfmt_parse("record"), -1);
	assert_null(bs_outfmt_name(i + 1, NULL));
}

static void
test_fmt_double(void **state)
{
	char b[64];
	(void)state;

	bs_fmt_double(b, sizeof(b), 0.1);
	assert_string_equal(b, "0.1");
	bs_fmt_double(b, sizeof(b), 1.0 / 3);
	assert_string_equal(b, "0.3333333333333333");
	bs_fmt_double(b, sizeof(b), 1e21);
	assert_string_equal(b, "1e+21");
	/* 16 and 17 digits where 15 do not read back. */
	bs_fmt_double(b, sizeof(b), -79.63129434228522);
	assert_string_equal(b, "-79.63129434228522");
	bs_fmt_double(b, sizeof(b), 0.1 + 0.2);
	assert_string_equal(b, "0.30000000000000004");
	/* Any double reads back as itself (bit patterns from an LCG). */
	for (uint64_t u = 1, i = 0; i < 100000; i++) {
		double d;

		u = u * UINT64_C(6364136223846793005) +
		    UINT64_C(1442695040888963407);
		memcpy(&d, &u, sizeof(d));
		if (!isfinite(d))
			continue;
		bs_fmt_double(b, sizeof(b), d);
		assert_true(strtod(b, NULL) == d);
		assert_true(strlen(b) <= 24);
	}
	assert_int_equal(bs_utf8_width("吞吐量", strlen("吞吐量")), 6);
	assert_int_equal(bs_utf8_width("µs", strlen("µs")), 2);
}

static void
test_result_csv_quoting(void **state)
{
	struct bs_result *r = bs_result_new();
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	(void)state;

	bs_result_addcol(r, "name");
	bs_result_addcol(r, "x");
	bs_result_addrow(r);
	bs_result_str(r, 0, 0, "a,\"b\"");
	bs_result_num(r, 0, 1, NAN);
	assert_int_equal(bs_result_write(r, BS_OUT_CSV, fp), 0);
	fclose(fp);
	assert_string_equal(buf, "name,x\n\"a,\"\"b\"\"\",\n");
	free(buf);
	bs_result_free(r);
}

/* Flag every third record; the rest are kept. */
static int
every_third(void *arg, size_t row, const char **vals)
{
	(void)arg;
	vals[0] = row % 3 == 2 ? "yes" : "no";
	return row % 3 != 2;
}

/* every_third() as codes (bs_passthru.codes): 1 every third, rejected. */
static const char *const third_forms[] = { "no", "yes" };
static const unsigned char third_keep[] = { 1, 0 };

static unsigned char *
third_codes(size_t n)
{
	unsigned char *c = malloc(n + 1);

	assert_non_null(c);
	for (size_t i = 0; i < n; i++)
		c[i] = i % 3 == 2;
	return c;
}

/* third_codes() a block at a time (bs_passthru.codes_for). */
static void
third_for(void *arg, size_t from, size_t to, unsigned char *codes)
{
	(void)arg;
	for (size_t i = from; i < to; i++)
		codes[i - from] = i % 3 == 2;
}

/*
 * The annotation of pt: every_third() (0), its codes for n records (1),
 * or asked for (2).
 */
static void
third_by(struct bs_passthru *pt, int codes, size_t n)
{
	if (!codes)
		return;
	pt->annotate = NULL;
	pt->codes = codes == 1 ? third_codes(n) : NULL;
	pt->codes_for = third_for;
	pt->forms = third_forms;
	pt->keep = third_keep;
	pt->ncodes = 2;
}

static int
nohdr(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	(void)arg;
	(void)f;
	(void)n;
	(void)e;
	return 0;
}

static int
norec(void *arg, const struct bs_record *r, struct bs_err *e)
{
	(void)arg;
	(void)r;
	(void)e;
	return 0;
}

/* Write buf back, the spans of a first read given or not. */
static void
passthru_to(const char *text, const struct bs_fmt *f, int first, int codes,
    char **out, char **rej)
{
	static const char *const cols[] = { "flag" };
	struct bs_passthru pt = { .cols = cols, .ncols = 1,
	    .annotate = every_third };
	struct bs_reader_cb cb = { .header = nohdr, .record = norec };
	struct bs_read_opts ro = { .format = f };
	struct bs_buf buf = { .data = strdup(text), .len = strlen(text),
	    .name = strdup("t") };
	struct bs_err e;
	size_t olen, rlen;
	FILE *ofp = open_memstream(out, &olen), *rfp = open_memstream(rej,
	    &rlen);
	int delim = 0;

	if (first) {
		assert_non_null(ro.spans = bs_spans_new());
		assert_int_equal(bs_read(&buf, NULL, &ro, &cb, NULL, &delim,
		    &e), 0);
	}
	ro.delim = f == &bs_fmt_csv ? ',' : 0;
	third_by(&pt, codes, 16);
	assert_int_equal(bs_passthru(&buf, &ro, &pt, ofp, rfp, &e), 0);
	fclose(ofp);
	fclose(rfp);
	bs_spans_free(ro.spans);
	bs_buf_free(&buf);
	free((void *)pt.codes);
}

static void
test_passthru_spans(void **state)
{
	static const struct {
		const struct bs_fmt *f;
		const char	*in, *out, *rej;
	} cases[] = {
		{ &bs_fmt_csv, "a,b\r\n\n1,\"x\ny\"\r\n2,z\n\n3,w\n4,v",
		    "a,b,flag\r\n1,\"x\ny\",no\r\n2,z,no\n4,v,no\n",
		    "a,b,flag\r\n3,w,yes\n" },
		{ &bs_fmt_ndjson, "{\"a\": 1}\n\n{\"a\":2 } \r\n{}\n",
		    "{\"a\": 1, \"flag\": \"no\"}\n{\"a\":2, \"flag\": "
		    "\"no\" } \r\n", "{\"flag\": \"yes\"}\n" },
		{ &bs_fmt_kv, "a=1\nno pair\na=2\r\na=3",
		    "a=1 flag=no\na=2 flag=no\r\n", "a=3 flag=yes\n" },
		{ &bs_fmt_plain, "# c\n1\n\n2 # two\n3\n",
		    "1 # flag=no\n2 # two # flag=no\n", "3 # flag=yes\n" },
	};
	(void)state;

	for (size_t i = 0; i < 3 * sizeof(cases) / sizeof(cases[0]); i++)
		for (int first = 0; first < 2; first++) {
			size_t k = i / 3;
			char *out, *rej;

			passthru_to(cases[k].in, cases[k].f, first, i % 3, &out,
			    &rej);
			assert_string_equal(out, cases[k].out);
			assert_string_equal(rej, cases[k].rej);
			free(out);
			free(rej);
		}
}

/*
 * Records written back in rounds of blocks on threads (concurrent, -j 3)
 * are the records as the definition writes them: 200,000 rows (CRLF,
 * blank lines and a quoted field among them), every third rejected,
 * the last without its line end; annotated, or by codes (codes 1, or
 * 2: asked for a block at a time).
 */
static void
passthru_concurrent(int codes)
{
	static const char *const cols[] = { "flag" };
	struct bs_passthru pt = { .cols = cols, .ncols = 1,
	    .annotate = every_third, .concurrent = 1 };
	struct bs_reader_cb cb = { .header = nohdr, .record = norec };
	struct bs_read_opts ro = { .format = &bs_fmt_csv, .delim = ',',
	    .jobs = 3 };
	struct bs_buf buf;
	struct bs_err e;
	char *in, *out, *rej, *wout, *wrej, line[64];
	size_t ilen, olen, rlen, wolen, wrlen, n = 200000;
	FILE *ifp, *ofp, *rfp, *wo, *wr;
	int delim = 0;

	assert_non_null(ifp = open_memstream(&in, &ilen));
	assert_non_null(wo = open_memstream(&wout, &wolen));
	assert_non_null(wr = open_memstream(&wrej, &wrlen));
	fputs("a,b\n", ifp);
	fputs("a,b,flag\n", wo);
	fputs("a,b,flag\n", wr);
	for (size_t i = 0; i < n; i++) {
		const char *eol = i == n - 1 ? "" : i % 7 == 3 ? "\r\n" : "\n";

		snprintf(line, sizeof(line), i % 1000 == 5 ? "%zu,\"q,%zu\"" :
		    "%zu,v%zu", i, i);
		fprintf(ifp, "%s%s%s", line, eol, i % 50000 == 1 ? "\n" : "");
		fprintf(i % 3 == 2 ? wr : wo, "%s,%s%s", line, i % 3 == 2 ?
		    "yes" : "no", *eol ? eol : "\n");
	}
	fclose(ifp);
	fclose(wo);
	fclose(wr);
	buf = (struct bs_buf){ .data = in, .len = ilen, .name = strdup("t") };
	third_by(&pt, codes, n);
	assert_non_null(ro.spans = bs_spans_new());
	assert_int_equal(bs_read(&buf, NULL, &ro, &cb, NULL, &delim, &e), 0);
	assert_int_equal(ro.spans->n, n);
	assert_non_null(ofp = open_memstream(&out, &olen));
	assert_non_null(rfp = open_memstream(&rej, &rlen));
	assert_int_equal(bs_passthru(&buf, &ro, &pt, ofp, rfp, &e), 0);
	fclose(ofp);
	fclose(rfp);
	assert_int_equal(olen, wolen);
	assert_int_equal(rlen, wrlen);
	assert_memory_equal(out, wout, olen);
	assert_memory_equal(rej, wrej, rlen);
	bs_spans_free(ro.spans);
	bs_buf_free(&buf);
	free(out);
	free(rej);
	free(wout);
	free(wrej);
	free((void *)pt.codes);
}

static void
test_passthru_concurrent(void **state)
{
	(void)state;
	passthru_concurrent(0);
	passthru_concurrent(1);
	passthru_concurrent(2);
}

/* Numbers for people: each unit family scaled, p-values, effects. */
static void
test_fmt_scaled(void **state)
{
	static const struct {
		const char	*col;
		double		 x;
		const char	*want;
	} c[] = {
		{ "latency_ns", 2918000, "2.918 ms" },
		{ "latency_us", 11.1, "11.10 \xc2\xb5s" },
		{ "time_s", 75.5, "75.50 s" },
		/* A bare time has no unit unless its format declares one. */
		{ "time", 75.5, "75.5" },
		{ "size_bytes", 1572864, "1.500 MiB" },
		{ "bw_mb_s", 1210, "1.210 GB/s" },
		{ "throughput_msg_per_sec", 387700, "387.7k msg/s" },
		{ "ns/op", 2918, "2.918 \xc2\xb5s/op" },
		{ "ops", 5, "5" },
	};
	struct bs_colunit u;
	struct bs_scale sc;
	char buf[160];

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		bs_column_unit(c[i].col, &u);
		bs_scale_choose(&sc, &u, c[i].x);
		bs_fmt_scaled(buf, sizeof(buf), c[i].x, &sc);
		assert_string_equal(buf, c[i].want);
	}
	/* A declared percentage keeps its scale; KiB/s is scaled in 1024. */
	bs_column_unit_as("us", "%", &u);
	bs_scale_choose(&sc, &u, 51.2);
	bs_fmt_scaled(buf, sizeof(buf), 51.2, &sc);
	assert_string_equal(buf, "51.20 %");
	bs_scale_choose(&sc, &u, 12000);
	bs_fmt_scaled(buf, sizeof(buf), 12000, &sc);
	assert_string_equal(buf, "12000 %");
	bs_column_unit_as("rkB/s", "KiB/s", &u);
	bs_scale_choose(&sc, &u, 2606.63);
	bs_fmt_scaled(buf, sizeof(buf), 2606.63, &sc);
	assert_string_equal(buf, "2.546 MiB/s");
	bs_fmt_p(buf, sizeof(buf), 0.0004);
	assert_string_equal(buf, "<0.001");
	bs_fmt_p(buf, sizeof(buf), 0.01234);
	assert_string_equal(buf, "0.0123");
	bs_fmt_p(buf, sizeof(buf), 0.5);
	assert_string_equal(buf, "0.500");
	assert_string_equal(bs_effect_name(0.1), "negligible");
	assert_string_equal(bs_effect_name(-0.2), "small");
	assert_string_equal(bs_effect_name(0.4), "medium");
	assert_string_equal(bs_effect_name(0.474), "large");
}

/*
 * The registry of input formats (read/formats.c) is the only list: every
 * row is found by its name, every name one format, and detection has no tie
 * (the lowest order that says yes wins: two rows of one order would
 * leave the choice to the list's order).
 */
static void
test_format_registry(void **state)
{
	static unsigned char seen[1000];
	size_t n = 0;

	(void)state;
	for (size_t i = 0; bs_formats[i] != NULL; i++, n++) {
		const struct bs_fmt *d = bs_formats[i];

		assert_ptr_equal(bs_format_find(d->name), d);
		assert_string_equal(bs_format_name(d), d->name);
		assert_string_equal(bs_format_nth(i), d->name);
		assert_true(d == &bs_fmt_auto || d->read != NULL);
		if (d->claim != NULL) {
			size_t u;

			for (u = 0; bs_formats[u] != NULL &&
			    bs_formats[u] != d->under; u++)
				;
			assert_non_null(bs_formats[u]);
		}
		for (size_t k = 0; k < i; k++) {
			assert_ptr_not_equal(bs_formats[k], d);
			assert_true(strcmp(bs_formats[k]->name, d->name) != 0);
		}
		for (size_t j = 0; j < BS_NDETECT; j++) {
			if (d->detect[j].fn == NULL)
				continue;
			assert_false(seen[d->detect[j].order]);
			seen[d->detect[j].order] = 1;
		}
	}
	assert_true(n >= 25);
	assert_null(bs_format_nth(n));
	assert_null(bs_format_find("no-such-format"));
	assert_string_equal(bs_format_name(NULL), "auto");
	assert_true(bs_format_auto(NULL) && bs_format_auto(&bs_fmt_auto) &&
	    !bs_format_auto(&bs_fmt_csv));
}

/*
 * What a format's rows are and their time column (issue 29): a request
 * log has a time column, which is metadata (no value, no group) where
 * the format lists its metadata; no format's is anything else.
 */
static void
test_format_rows_time(void **state)
{
	size_t logs = 0;

	(void)state;
	for (size_t i = 0; bs_formats[i] != NULL; i++) {
		const struct bs_fmt *d = bs_formats[i];
		const char *t = bs_format_time(d);
		const char *const *m = bs_format_meta(d);
		int r = bs_format_rows(d);

		assert_true(r >= BS_ROWS_RUNS && r <= BS_ROWS_INTERVAL_DISTS);
		if (r == BS_ROWS_REQUESTS) {
			assert_non_null(t);
			logs++;
		}
		if (t == NULL || d->meta == NULL)
			continue;
		while (*m != NULL && strcmp(*m, t) != 0)
			m++;
		assert_non_null(*m);
	}
	assert_true(logs >= 3);	/* jmeter, k6, vegeta */
	assert_int_equal(bs_format_rows(NULL), BS_ROWS_RUNS);
	assert_null(bs_format_time(NULL));
	assert_string_equal(bs_format_time(bs_format_find("jmeter")),
	    "timeStamp");
}

/*
 * The statistics registry: names unique, every row with a getter, a
 * quantile's field where its getter reads; names found as --stats and
 * --target spell them; a comparison with a threshold.
 */
static void
test_stat_registry(void **state)
{
	struct bs_summary s;
	struct bs_cond c;
	const struct bs_stat *st;
	const char *rest;
	char names[512];
	double pct = 0;
	size_t i, j;

	(void)state;
	bs_summary_clear(&s);
	for (i = 0; bs_stats[i].name != NULL; i++) {
		for (j = 0; j < i; j++)
			assert_string_not_equal(bs_stats[i].name,
			    bs_stats[j].name);
		/* A field read at its offset: NaN when cleared. */
		if (bs_stats[i].get == NULL)
			assert_true(isnan(bs_stat_value(&bs_stats[i], &s, 0)));
		if (bs_stats[i].p > 0) {
			assert_null(bs_stats[i].get);
			*(double *)(void *)((char *)&s + bs_stats[i].off) = 7.5;
			assert_true(bs_stat_value(&bs_stats[i], &s, 0) == 7.5);
		}
	}
	s.n = 12;
	assert_true(bs_stat_value(bs_stat_find("n", NULL), &s, 0) == 12);
	assert_string_equal(bs_stat_find("median", NULL)->name, "median");
	assert_true(bs_stat_find("median", NULL)->p == 0.5);
	st = bs_stat_find("p99.9_hi", &pct);
	assert_non_null(st);
	assert_string_equal(st->name, "pNN_hi");
	assert_true(pct == 99.9);
	assert_null(bs_stat_find("pNN", NULL));
	assert_null(bs_stat_find("p101", NULL));
	assert_null(bs_stat_find("p_lo", NULL));
	bs_stat_names(names, sizeof(names), 1, " or ");
	assert_string_equal(names, "mean, median, pNN, min, max, q1, q3, sd, "
	    "se, iqr, cv, ci_lo, ci_hi, n, error_rate or apdex");
	bs_stat_names(names, sizeof(names), 0, ", ");
	assert_string_equal(names, "n, missing, mean, sd, se, ci, ci_lo, "
	    "ci_hi, ci_half, min, q1, median, q3, max, iqr, cv, pNN, "
	    "median_lo, median_hi, pNN_lo, pNN_hi, r1, steady_diff, steady, "
	    "mvalue, mde, errors, error_rate, error_lo, error_hi, apdex, "
	    "apdex_lo, apdex_hi");
	assert_int_equal(bs_cond_parse("<=50", &c, &rest), 0);
	assert_int_equal(c.op, BS_COND_LE);
	assert_true(c.v == 50);
	assert_true(bs_cond_holds(&c, 50) && !bs_cond_holds(&c, 50.5));
	assert_int_equal(bs_cond_parse(">1e6", &c, NULL), 0);
	assert_true(!bs_cond_holds(&c, 1e6) && bs_cond_holds(&c, 2e6));
	assert_string_equal(bs_cond_op_text(c.op), ">");
	assert_int_equal(bs_cond_parse(">=x", &c, &rest), -1);
	assert_string_equal(rest, "x");
	assert_int_equal(bs_cond_parse("=1", &c, &rest), -1);
	assert_int_equal(bs_cond_parse("<inf", &c, NULL), -1);
}

/*
 * bs_windows_sketched_range() a slice at a time is bs_windows_sketched()
 * whole: 500 rows out of time order over ten 1 s windows (so that late
 * rows come to windows the stream has left, packed), every window's
 * start, requests, n, moments and quantiles the same, slices past the
 * last window cut.
 */
static void
test_windows_range(void **state)
{
	struct bs_table_opts o;
	struct bs_summary_opts so;
	struct bs_window all[10], w[4];
	struct bs_table *t;
	struct bs_err e;
	struct bs_buf b;
	char *text = malloc(500 * 32 + 8), *p = text;
	size_t k, first, total = 0;
	int uns;

	(void)state;
	assert_non_null(text);
	p += sprintf(p, "t,v\n");
	for (int i = 0; i < 500; i++)
		p += sprintf(p, "%.2f,%d\n", (i * 7919 % 500) * 0.02,
		    1 + i * 37 % 101);
	memset(&o, 0, sizeof(o));
	o.read.format = &bs_fmt_csv;
	o.moments = 1;
	o.sketch = 0.005;
	o.timecol = "t";
	o.tscale = 1;
	o.every = 1;
	b = (struct bs_buf){ .data = text, .len = strlen(text),
	    .name = "test" };
	assert_non_null(t = bs_table_new(&o));
	assert_int_equal(bs_table_read(t, &b, NULL, &e), 0);
	assert_int_equal(bs_table_finish(t, &e), 0);
	assert_int_equal(bs_window_count(t, 1), 10);
	bs_summary_opts_default(&so);
	assert_int_equal(bs_windows_sketched(t, 0, 0, &so, all, &uns, &e), 0);
	assert_int_equal(uns, 1);
	for (first = 0; first < 10; first += 3) {
		size_t nk = first + 3 > 10 ? 10 - first : 3;

		memset(w, 0, sizeof(w));
		assert_int_equal(bs_windows_sketched_range(t, 0, 0, &so, first,
		    3, w, &uns, &e), 0);
		for (k = 0; k < nk; k++) {
			const struct bs_window *x = &all[first + k];

			assert_true(w[k].start == (double)(first + k));
			assert_true(w[k].start == x->start);
			assert_int_equal(w[k].requests, x->requests);
			assert_int_equal(w[k].s.n, x->s.n);
			assert_true(w[k].s.mean == x->s.mean);
			assert_true(w[k].s.sd == x->s.sd);
			assert_true(w[k].s.min == x->s.min);
			assert_true(w[k].s.max == x->s.max);
			assert_true(w[k].s.q1 == x->s.q1);
			assert_true(w[k].s.median == x->s.median);
			assert_true(w[k].s.q3 == x->s.q3);
			assert_true(w[k].s.pct[0] == x->s.pct[0]);
			total += w[k].s.n;
		}
		/* Cut at the last window: nothing written beyond it. */
		for (; k < 3; k++)
			assert_true(w[k].start == 0 && w[k].requests == 0);
	}
	assert_int_equal(total, 500);
	memset(w, 0, sizeof(w));
	assert_int_equal(bs_windows_sketched_range(t, 0, 0, &so, 20, 3, w,
	    &uns, &e), 0);
	assert_true(w[0].start == 0 && w[0].requests == 0);
	bs_table_free(t);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_exact),
		cmocka_unit_test(test_parse_kinds),
		cmocka_unit_test(test_parse_fast),
		cmocka_unit_test(test_dec_sub),
		cmocka_unit_test(test_parse_round19),
		cmocka_unit_test(test_order_stats_exact),
		cmocka_unit_test(test_quantiles_r),
		cmocka_unit_test(test_quantiles_large),
		cmocka_unit_test(test_fences_large),
		cmocka_unit_test(test_nist),
		cmocka_unit_test(test_t_halfwidth),
		cmocka_unit_test(test_fences),
		cmocka_unit_test(test_outfmt_names),
		cmocka_unit_test(test_fmt_double),
		cmocka_unit_test(test_fmt_scaled),
		cmocka_unit_test(test_result_csv_quoting),
		cmocka_unit_test(test_passthru_spans),
		cmocka_unit_test(test_passthru_concurrent),
		cmocka_unit_test(test_format_registry),
		cmocka_unit_test(test_format_rows_time),
		cmocka_unit_test(test_stat_registry),
		cmocka_unit_test(test_windows_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
