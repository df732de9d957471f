/*
 * Unit tests for libstat/compare/usl.c against R's nls() (tests/oracle/usl.R,
 * tests/expected/usl.csv) on the data sets in testdata/usl/.
 */
#include "testutil.h"

#include <gsl/gsl_errno.h>

#include "libstat.h"

struct pts {
	double	*n, *x;
	size_t	 len;
};

static void
load_points(const char *name, struct pts *p)
{
	char path[256];
	struct tu_csv c;
	int cn, cx;

	snprintf(path, sizeof(path), "testdata/usl/%s.csv", name);
	assert_int_equal(tu_csv_load(&c, path), 0);
	cn = tu_csv_col(&c, "threads");
	cx = tu_csv_col(&c, "throughput");
	assert_true(cn >= 0 && cx >= 0);
	p->len = c.nrows;
	p->n = malloc(p->len * sizeof(double));
	p->x = malloc(p->len * sizeof(double));
	for (size_t i = 0; i < c.nrows; i++) {
		p->n[i] = tu_num(c.rows[i][cn]);
		p->x[i] = tu_num(c.rows[i][cx]);
	}
}

/* Every row of the oracle output: fit the same data, compare. */
static void
test_usl_oracle(void **state)
{
	struct tu_csv e;
	size_t rows = 0;

	(void)state;
	assert_int_equal(tu_csv_load(&e, "tests/expected/usl.csv"), 0);
	for (size_t r = 0; r < e.nrows; r++) {
		char **row = e.rows[r];
		const char *set = row[tu_csv_col(&e, "dataset")];
		const char *model = row[tu_csv_col(&e, "model")];
		struct pts p;
		struct bs_usl u;
		struct bs_err err;
		double y, lo, hi;
		int m = bs_usl_model_parse(model);

#define COL(name) tu_num(row[tu_csv_col(&e, name)])
		assert_true(m >= 0);
		load_points(set, &p);
		if (bs_usl_fit(p.n, p.x, p.len, m, 95.0, &u, &err) != 0)
			fail_msg("%s/%s: %s", set, model, err.msg);
		/* Same optimum: parameters to 1e-5 relative. */
		assert_close(u.lambda, COL("lambda"), 1e-5, 0);
		assert_close(u.alpha, COL("alpha"), 1e-5, 0);
		assert_close(u.beta, COL("beta"), 1e-5, 1e-12);
		assert_close(u.rss, COL("rss"), 1e-8, 0);
		assert_close(u.r2, COL("r2"), 1e-9, 0);
		assert_close(u.df, COL("df"), 0, 0);
		/* Standard errors: same covariance formula. */
		assert_close(u.se_lambda, COL("se_lambda"), 1e-4, 0);
		assert_close(u.se_alpha, COL("se_alpha"), 1e-4, 0);
		assert_close(u.se_beta, COL("se_beta"), 1e-4, 1e-15);
		assert_close(u.peak_n, COL("peak_n"), 1e-5, 0);
		assert_close(u.peak_y, COL("peak_y"), 1e-5, 0);
		/* Delta-method band at N = 10. */
		bs_usl_band(&u, 10.0, &y, &lo, &hi);
		assert_close(y, COL("fit10"), 1e-6, 0);
		assert_close((hi - lo) / 2, COL("band10"), 1e-4, 0);
		assert_close(y, bs_usl_eval(&u, 10.0), 1e-15, 0);
#undef COL
		/* The CI is the stated t interval. */
		assert_close(u.lambda_hi - u.lambda, u.tq * u.se_lambda,
		    1e-12, 0);
		assert_close(u.alpha_hi - u.alpha, u.tq * u.se_alpha,
		    1e-12, 1e-300);
		assert_close(u.beta - u.beta_lo, u.tq * u.se_beta,
		    1e-12, 1e-300);
		assert_true(u.lambda_lo < u.lambda && u.lambda < u.lambda_hi);
		free(p.n);
		free(p.x);
		rows++;
	}
	assert_true(rows >= 7);
}

static void
test_usl_peak(void **state)
{
	struct pts p;
	struct bs_usl u;
	struct bs_err err;

	(void)state;
	load_points("peak", &p);
	assert_int_equal(bs_usl_fit(p.n, p.x, p.len, BS_USL_USL, 95, &u,
	    &err), 0);
	/* N* about 22, inside 1..64; X(N*) is the maximum of the curve. */
	assert_false(u.peak_outside);
	assert_true(u.peak_n > 15 && u.peak_n < 30);
	assert_true(u.peak_y > bs_usl_eval(&u, u.peak_n - 1));
	assert_true(u.peak_y > bs_usl_eval(&u, u.peak_n + 1));
	assert_int_equal(u.at_bound, 0);
	assert_true(isnan(u.ceiling));
	free(p.n);
	free(p.x);

	load_points("linear", &p);
	assert_int_equal(bs_usl_fit(p.n, p.x, p.len, BS_USL_USL, 95, &u,
	    &err), 0);
	/* N* about 105: beyond the measured 64, flagged. */
	assert_true(u.peak_outside);
	assert_true(u.peak_n > 64);
	free(p.n);
	free(p.x);
}

/*
 * Amdahl-shaped data fitted with the USL: the unconstrained optimum
 * has beta < 0, so the constrained one lies on beta = 0 and equals the
 * Amdahl fit (R's port algorithm with lower = 0 agrees).  Its intervals
 * are not the Amdahl fit's: like R's summary(), they come from the
 * USL's full Jacobian at that point, on n - 3 degrees of freedom (the
 * standard errors themselves are checked against R in the oracle test).
 */
static void
test_usl_bound(void **state)
{
	struct pts p;
	struct bs_usl u, a;
	struct bs_err err;
	char *text;

	(void)state;
	load_points("amdahl", &p);
	assert_int_equal(bs_usl_fit(p.n, p.x, p.len, BS_USL_USL, 95, &u,
	    &err), 0);
	assert_int_equal(bs_usl_fit(p.n, p.x, p.len, BS_USL_AMDAHL, 95, &a,
	    &err), 0);
	assert_int_equal(u.at_bound, BS_USL_BETA_AT_0);
	assert_true(u.beta == 0.0);
	assert_close(u.lambda, 199.2104101, 1e-7, 0);
	assert_close(u.alpha, 0.0793941, 1e-6, 0);
	assert_close(u.lambda, a.lambda, 1e-8, 0);
	assert_close(u.alpha, a.alpha, 1e-8, 0);
	assert_close(u.df, (double)p.len - 3, 0, 0);
	assert_close(a.df, (double)p.len - 2, 0, 0);
	assert_true(u.se_alpha > 2 * a.se_alpha);
	assert_true(u.se_beta > 0.0);
	assert_close(u.beta_hi, u.tq * u.se_beta, 1e-12, 0);
	assert_close(u.beta_lo, -u.beta_hi, 1e-12, 0);
	/* No finite peak: the ceiling lambda / alpha is approached. */
	assert_true(isnan(u.peak_n));
	assert_true(u.peak_outside);
	assert_close(u.ceiling, u.lambda / u.alpha, 1e-15, 0);
	assert_close(u.peak_y, u.ceiling, 1e-15, 0);
	assert_close(a.ceiling, a.lambda / a.alpha, 1e-15, 0);
	assert_close(a.peak_y, a.ceiling, 1e-15, 0);
	/* The text names the ceiling, not a peak. */
	assert_non_null(text = bs_usl_report_text(&u, NULL));
	assert_non_null(strstr(text, "ceiling lambda/alpha = 2509"));
	assert_null(strstr(text, "peak"));
	free(text);
	free(p.n);
	free(p.x);

	/* Coherency without contention: alpha on its bound instead. */
	load_points("coherency", &p);
	assert_int_equal(bs_usl_fit(p.n, p.x, p.len, BS_USL_USL, 95, &u,
	    &err), 0);
	assert_int_equal(u.at_bound, BS_USL_ALPHA_AT_0);
	assert_true(u.alpha == 0.0 && u.se_alpha > 0.0);
	assert_true(isfinite(u.peak_n) && isnan(u.ceiling));
	free(p.n);
	free(p.x);
}

/* Exact USL data without noise: the fit recovers the parameters. */
static void
test_usl_exact(void **state)
{
	double n[12], x[12];
	struct bs_usl u;
	struct bs_err err;
	size_t k = 0;

	(void)state;
	/* No N = 1 point: the start values come from the 3-term form. */
	for (int t = 2; t <= 4096; t *= 2, k++) {
		n[k] = t;
		x[k] = 2.5e6 * t / (1 + 0.03 * (t - 1) + 1e-6 * t * (t - 1.0));
	}
	assert_int_equal(bs_usl_fit(n, x, k, BS_USL_USL, 90, &u, &err), 0);
	assert_close(u.lambda, 2.5e6, 1e-9, 0);
	assert_close(u.alpha, 0.03, 1e-8, 0);
	assert_close(u.beta, 1e-6, 1e-7, 0);
	assert_close(u.r2, 1.0, 1e-12, 0);
	assert_close(u.peak_n, sqrt(0.97 / 1e-6), 1e-7, 0);
}

static void
test_usl_refuse(void **state)
{
	double n[] = { 1, 2, 4, 8, 16, 1, 2, 4, 8, 16 };
	double x[] = { 1, 2, 3, 4, 5, 1, 2, 3, 4, 5 };
	double bad[] = { 1, 2, 4, 8, 16, 0, 2, 4, 8, 32 };
	struct bs_usl u;
	struct bs_err err;

	(void)state;
	memset(&err, 0, sizeof(err));
	assert_int_equal(bs_usl_fit(n, x, 10, BS_USL_USL, 95, &u, &err), -1);
	assert_non_null(strstr(err.msg, "at least 6 distinct"));
	assert_non_null(strstr(err.msg, "got 5"));
	assert_int_equal(bs_usl_fit(n, x, 10, BS_USL_AMDAHL, 95, &u, &err),
	    -1);
	assert_int_equal(bs_usl_fit(n, x, 0, BS_USL_USL, 95, &u, &err), -1);
	/* N = 0 is refused. */
	assert_int_equal(bs_usl_fit(bad, x, 10, BS_USL_USL, 95, &u, &err),
	    -1);
	assert_non_null(strstr(err.msg, "not positive"));
	bad[5] = NAN;
	assert_int_equal(bs_usl_fit(bad, x, 10, BS_USL_USL, 95, &u, &err),
	    -1);
	assert_int_equal(bs_usl_fit(n, x, 10, BS_USL_USL, 100, &u, &err),
	    -1);
	assert_int_equal(bs_usl_model_parse("amdahl"), BS_USL_AMDAHL);
	assert_int_equal(bs_usl_model_parse("usl"), BS_USL_USL);
	assert_int_equal(bs_usl_model_parse("gustafson"), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_usl_oracle),
		cmocka_unit_test(test_usl_peak),
		cmocka_unit_test(test_usl_bound),
		cmocka_unit_test(test_usl_exact),
		cmocka_unit_test(test_usl_refuse),
	};

	gsl_set_error_handler_off();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
