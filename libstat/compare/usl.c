/*
 * Universal Scalability Law and Amdahl fits by nonlinear least squares
 * (GSL's trust-region solver, Levenberg-Marquardt subproblem).
 *
 * Non-negativity of alpha and beta.  A transformation such as
 * alpha = a^2 keeps the search feasible but breaks the inference: at
 * a = 0 the Jacobian column vanishes and the standard error collapses
 * to zero or the covariance becomes singular.  So the model is fitted
 * in its natural parameters, with an active-set search over the faces
 * of the feasible region instead: fit the full model unconstrained; fit
 * each boundary model (alpha = 0, beta = 0, both) the same way; of the
 * fits whose free alpha and beta came out non-negative, keep the one
 * with the smallest residual sum of squares.  With two bounded
 * parameters that is at most four small fits, and it finds the
 * constrained least-squares optimum that R's nls(algorithm = "port",
 * lower = 0) finds.  A parameter pinned at zero is flagged in at_bound;
 * its standard error, like every other's, is the one R's summary()
 * reports there, from the model's full Jacobian at the optimum.
 *
 * Conditioning.  Throughput may be 1e6 while beta is 1e-5, so the
 * solver works on scaled quantities of order one: t = N / Nmax,
 * y = X / Xmax, u0 = lambda Nmax / Xmax, u1 = alpha Nmax,
 * u2 = beta Nmax^2, for which y = u0 t / (1 + u1 (t - 1/Nmax) +
 * u2 t (t - 1/Nmax)).  Results are mapped back at the end, covariance
 * included.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_vector.h>

#include "libstat.h"

/* The scaled problem handed to GSL. */
struct usl_data {
	const double	*t;	/* N / Nmax */
	const double	*y;	/* X / Xmax */
	size_t		 n;
	double		 inv;	/* 1 / Nmax */
	int		 free[3]; /* which of u0, u1, u2 are estimated */
	size_t		 p;	/* number of free parameters */
};

/* One candidate fit in scaled parameters. */
struct usl_cand {
	int	 ok;
	int	 free[3];
	double	 u[3];
	double	 rss;		/* scaled */
	size_t	 p;
	size_t	 iter;
};

/* Errors carry no file or line: the caller adds its own. */
#define usl_err(e, ...)	bs_seterr((e), NULL, 0, __VA_ARGS__)

static void
usl_full(const struct usl_data *d, const gsl_vector *v, double u[3])
{
	size_t k = 0;

	for (size_t j = 0; j < 3; j++)
		u[j] = d->free[j] ? gsl_vector_get(v, k++) : 0.0;
}

static int
usl_f(const gsl_vector *v, void *arg, gsl_vector *f)
{
	const struct usl_data *d = arg;
	double u[3];

	usl_full(d, v, u);
	for (size_t i = 0; i < d->n; i++) {
		double t = d->t[i];
		double den = 1.0 + u[1] * (t - d->inv) +
		    u[2] * t * (t - d->inv);

		/*
		 * An unconstrained trial step may make the denominator
		 * vanish; a huge residual makes the trust region reject
		 * the step and shrink instead.
		 */
		if (!(den > 1e-12))
			gsl_vector_set(f, i, 1e10);
		else
			gsl_vector_set(f, i, u[0] * t / den - d->y[i]);
	}
	return GSL_SUCCESS;
}

static int
usl_df(const gsl_vector *v, void *arg, gsl_matrix *jac)
{
	const struct usl_data *d = arg;
	double u[3], g[3];

	usl_full(d, v, u);
	for (size_t i = 0; i < d->n; i++) {
		double t = d->t[i];
		double a = t - d->inv, b = t * (t - d->inv);
		double den = 1.0 + u[1] * a + u[2] * b;
		size_t k = 0;

		if (!(den > 1e-12)) {
			g[0] = g[1] = g[2] = 0.0;
		} else {
			g[0] = t / den;
			g[1] = -u[0] * t * a / (den * den);
			g[2] = -u[0] * t * b / (den * den);
		}
		for (size_t j = 0; j < 3; j++)
			if (d->free[j])
				gsl_matrix_set(jac, i, k++, g[j]);
	}
	return GSL_SUCCESS;
}

/*
 * The covariance (J'J)^-1 of the free parameters at u, from the
 * Jacobian of those parameters there, unscaled by s^2; rows and columns
 * of fixed parameters are 0.  0, or -1 when out of memory or not finite.
 */
static int
usl_covar(struct usl_data *d, const int free[3], const double u[3],
    double cov[3][3])
{
	gsl_vector *v = NULL;
	gsl_matrix *jac = NULL, *covar = NULL;
	size_t p = 0, k = 0, kk;
	int rc = -1;

	memset(cov, 0, 3 * sizeof(cov[0]));
	for (size_t j = 0; j < 3; j++)
		p += (d->free[j] = free[j]) != 0;
	d->p = p;
	if ((v = gsl_vector_alloc(p)) == NULL ||
	    (jac = gsl_matrix_alloc(d->n, p)) == NULL ||
	    (covar = gsl_matrix_alloc(p, p)) == NULL)
		goto out;
	for (size_t j = 0; j < 3; j++)
		if (free[j])
			gsl_vector_set(v, k++, u[j]);
	usl_df(v, d, jac);
	if (gsl_multifit_nlinear_covar(jac, 0.0, covar) != GSL_SUCCESS)
		goto out;
	rc = 0;
	k = 0;
	for (size_t i = 0; i < 3; i++) {
		if (!free[i])
			continue;
		kk = 0;
		for (size_t j = 0; j < 3; j++)
			if (free[j]) {
				cov[i][j] = gsl_matrix_get(covar, k, kk++);
				if (!isfinite(cov[i][j]))
					rc = -1;
			}
		k++;
	}
out:
	gsl_matrix_free(covar);
	gsl_matrix_free(jac);
	gsl_vector_free(v);
	return rc;
}

/* Fit one candidate (set of free parameters) from the start u0. */
static void
usl_try(struct usl_data *d, const int free[3], const double start[3],
    struct usl_cand *c)
{
	const gsl_multifit_nlinear_type *T = gsl_multifit_nlinear_trust;
	gsl_multifit_nlinear_parameters fp;
	gsl_multifit_nlinear_workspace *w = NULL;
	gsl_multifit_nlinear_fdf fdf;
	gsl_vector *x0 = NULL;
	double chisq;
	size_t p = 0;
	int status, info = 0;

	memset(c, 0, sizeof(*c));
	for (size_t j = 0; j < 3; j++) {
		d->free[j] = c->free[j] = free[j];
		p += free[j] != 0;
	}
	d->p = c->p = p;
	if (d->n <= p)
		return;

	fp = gsl_multifit_nlinear_default_parameters();
	fp.trs = gsl_multifit_nlinear_trs_lm;
	fp.scale = gsl_multifit_nlinear_scale_more;
	fp.solver = gsl_multifit_nlinear_solver_qr;
	if ((w = gsl_multifit_nlinear_alloc(T, &fp, d->n, p)) == NULL ||
	    (x0 = gsl_vector_alloc(p)) == NULL)
		goto out;
	for (size_t j = 0, m = 0; j < 3; j++)
		if (free[j])
			gsl_vector_set(x0, m++, start[j]);

	memset(&fdf, 0, sizeof(fdf));
	fdf.f = usl_f;
	fdf.df = usl_df;
	fdf.fvv = NULL;
	fdf.n = d->n;
	fdf.p = p;
	fdf.params = d;

	if (gsl_multifit_nlinear_init(x0, &fdf, w) != GSL_SUCCESS)
		goto out;
	status = gsl_multifit_nlinear_driver(500, 1e-12, 1e-12, 0.0,
	    NULL, NULL, &info, w);
	/*
	 * GSL_ENOPROG means no step reduced the cost any further: at an
	 * optimum reached to machine precision that is convergence too.
	 */
	if (status != GSL_SUCCESS && status != GSL_ENOPROG)
		goto out;

	usl_full(d, gsl_multifit_nlinear_position(w), c->u);
	gsl_blas_ddot(gsl_multifit_nlinear_residual(w),
	    gsl_multifit_nlinear_residual(w), &chisq);
	if (!isfinite(chisq) || chisq >= 1e19)
		goto out;
	c->rss = chisq;
	c->iter = gsl_multifit_nlinear_niter(w);
	c->ok = isfinite(c->u[0]) && isfinite(c->u[1]) && isfinite(c->u[2]);
out:
	gsl_vector_free(x0);
	if (w != NULL)
		gsl_multifit_nlinear_free(w);
}

/*
 * Start values from the linearised law.  With measurements at N = 1,
 * X(1) estimates lambda and N X(1) / X(N) - 1 = alpha (N - 1) +
 * beta N (N - 1) is a regression through the origin.  Without them,
 * N / X(N) = (1 + alpha (N - 1) + beta N (N - 1)) / lambda is linear
 * in 1, N - 1 and N (N - 1).  Works in the scaled units.
 */
static void
usl_start(const struct usl_data *d, int usebeta, double u[3])
{
	gsl_multifit_linear_workspace *w = NULL;
	gsl_matrix *X = NULL, *cov = NULL;
	gsl_vector *yv = NULL, *c = NULL;
	double x1 = 0.0, chisq, ymax = 0.0;
	size_t n1 = 0, p, i, k;

	u[0] = u[1] = u[2] = 0.0;
	for (i = 0; i < d->n; i++) {
		if (fabs(d->t[i] - d->inv) < 1e-12 * d->inv) {
			x1 += d->y[i];
			n1++;
		}
		if (d->y[i] / d->t[i] > ymax)
			ymax = d->y[i] / d->t[i];
	}
	/* Fallback: the best per-worker rate seen. */
	u[0] = ymax;

	p = (n1 > 0 ? 0 : 1) + 1 + (usebeta ? 1 : 0);
	if (d->n <= p)
		return;
	X = gsl_matrix_alloc(d->n, p);
	yv = gsl_vector_alloc(d->n);
	c = gsl_vector_alloc(p);
	cov = gsl_matrix_alloc(p, p);
	w = gsl_multifit_linear_alloc(d->n, p);
	if (X == NULL || yv == NULL || c == NULL || cov == NULL || w == NULL)
		goto out;
	for (i = 0; i < d->n; i++) {
		double t = d->t[i];

		k = 0;
		if (n1 == 0)
			gsl_matrix_set(X, i, k++, 1.0);
		gsl_matrix_set(X, i, k++, t - d->inv);
		if (usebeta)
			gsl_matrix_set(X, i, k++, t * (t - d->inv));
		if (n1 > 0)
			gsl_vector_set(yv, i,
			    t * (x1 / n1) / d->inv / d->y[i] - 1.0);
		else
			gsl_vector_set(yv, i, t / d->y[i]);
	}
	if (gsl_multifit_linear(X, yv, c, cov, &chisq, w) != GSL_SUCCESS)
		goto out;
	if (n1 > 0) {
		u[0] = x1 / n1 / d->inv;
		u[1] = gsl_vector_get(c, 0);
		u[2] = usebeta ? gsl_vector_get(c, 1) : 0.0;
	} else if (gsl_vector_get(c, 0) > 0.0) {
		double c0 = gsl_vector_get(c, 0);

		u[0] = 1.0 / c0;
		u[1] = gsl_vector_get(c, 1) / c0;
		u[2] = usebeta ? gsl_vector_get(c, 2) / c0 : 0.0;
	}
	/* Start inside the feasible region. */
	if (!(u[1] > 0.0))
		u[1] = 0.0;
	if (!(u[2] > 0.0))
		u[2] = 0.0;
out:
	gsl_multifit_linear_free(w);
	gsl_matrix_free(X);
	gsl_matrix_free(cov);
	gsl_vector_free(yv);
	gsl_vector_free(c);
}

/*
 * Refuse what no fit can be made of; otherwise the largest N and |X|,
 * by which the problem is scaled, the smallest N and the number of
 * distinct N.
 */
static int
usl_check(const double *n, const double *x, size_t len,
    enum bs_usl_model model, double confidence, struct bs_usl *r,
    double *ymax, struct bs_err *err)
{
	double *sorted;
	size_t i;

	if (model != BS_USL_USL && model != BS_USL_AMDAHL)
		return usl_err(err, "unknown scalability model %d", model);
	if (!(confidence > 0.0 && confidence < 100.0))
		return usl_err(err, "confidence %g: not between 0 and 100",
		    confidence);
	*ymax = 0.0;
	for (i = 0; i < len; i++) {
		if (!isfinite(n[i]) || !isfinite(x[i]))
			return usl_err(err, "scalability fit: point %zu is "
			    "not a finite number", i + 1);
		if (n[i] <= 0.0)
			return usl_err(err, "scalability fit: concurrency "
			    "%g at point %zu is not positive", n[i], i + 1);
		if (n[i] > r->nmax)
			r->nmax = n[i];
		if (fabs(x[i]) > *ymax)
			*ymax = fabs(x[i]);
	}
	if ((sorted = malloc((len ? len : 1) * sizeof(*sorted))) == NULL)
		return usl_err(err, "out of memory");
	memcpy(sorted, n, len * sizeof(*sorted));
	qsort(sorted, len, sizeof(*sorted), bs_cmp_double);
	for (i = 0; i < len; i++)
		if (i == 0 || sorted[i] != sorted[i - 1])
			r->ndistinct++;
	r->nmin = len > 0 ? sorted[0] : 0.0;
	free(sorted);
	if (r->ndistinct < BS_USL_MIN_DISTINCT)
		return usl_err(err, "%s fit needs at least %d distinct "
		    "concurrency values, got %zu", bs_usl_model_name(model),
		    BS_USL_MIN_DISTINCT, r->ndistinct);
	if (!(*ymax > 0.0))
		return usl_err(err, "scalability fit: throughput is zero "
		    "throughout");
	return 0;
}

/*
 * The constrained optimum: every face of the feasible region the model
 * has (USL: all four; Amdahl: beta fixed at 0 throughout), fitted from
 * the start values; of the fits inside the region, the one with the
 * smallest residual sum of squares.  0, or -1 when none converged.
 */
static int
usl_search(struct usl_data *d, enum bs_usl_model model,
    struct usl_cand *best)
{
	static const int faces[4][3] = {
		{ 1, 1, 1 }, { 1, 1, 0 }, { 1, 0, 1 }, { 1, 0, 0 }
	};
	struct usl_cand cand;
	double start[3], s[3];

	usl_start(d, model == BS_USL_USL, start);
	memset(best, 0, sizeof(*best));
	for (size_t i = 0; i < 4; i++) {
		if (model == BS_USL_AMDAHL && faces[i][2])
			continue;
		s[0] = start[0];
		s[1] = faces[i][1] ? start[1] : 0.0;
		s[2] = faces[i][2] ? start[2] : 0.0;
		usl_try(d, faces[i], s, &cand);
		if (!cand.ok || cand.u[1] < 0.0 || cand.u[2] < 0.0 ||
		    cand.u[0] <= 0.0)
			continue;
		if (!best->ok || cand.rss < best->rss * (1.0 - 1e-12))
			*best = cand;
	}
	return best->ok ? 0 : -1;
}

/*
 * Estimates, covariance and intervals in the caller's units.  The
 * covariance is that of every parameter of the model, from its full
 * Jacobian at the optimum, on n - p degrees of freedom with p the
 * model's parameters, also where the optimum lies on a bound: R's
 * summary() of nls(algorithm = "port", lower = 0) reports it so, and
 * the interval of a parameter at 0 then says how far from 0 the data
 * would let it be, where the face's own covariance would claim it is
 * known exactly.
 */
static int
usl_infer(struct usl_data *d, const struct usl_cand *best, double ymax,
    struct bs_usl *r)
{
	int free[3] = { 1, 1, r->model == BS_USL_USL };
	double k[3], cov[3][3], *se[3] = { &r->se_lambda, &r->se_alpha,
	    &r->se_beta };
	double *est[3] = { &r->lambda, &r->alpha, &r->beta };
	double *lo[3] = { &r->lambda_lo, &r->alpha_lo, &r->beta_lo };
	double *hi[3] = { &r->lambda_hi, &r->alpha_hi, &r->beta_hi };

	if (usl_covar(d, free, best->u, cov) == -1)
		return -1;
	/* Back to the caller's units. */
	k[0] = ymax / r->nmax;
	k[1] = 1.0 / r->nmax;
	k[2] = 1.0 / (r->nmax * r->nmax);
	r->df = (double)(r->n - (size_t)(2 + free[2]));
	r->rss = best->rss * ymax * ymax;
	r->sigma = sqrt(r->rss / r->df);
	r->tq = gsl_cdf_tdist_Pinv(0.5 + r->confidence / 200.0, r->df);
	for (size_t i = 0; i < 3; i++) {
		*est[i] = best->u[i] * k[i];
		for (size_t j = 0; j < 3; j++)
			r->cov[i][j] = cov[i][j] * (best->rss / r->df) *
			    k[i] * k[j];
		*se[i] = sqrt(r->cov[i][i]);
		*lo[i] = *est[i] - r->tq * *se[i];
		*hi[i] = *est[i] + r->tq * *se[i];
	}
	if (!best->free[1])
		r->at_bound |= BS_USL_ALPHA_AT_0;
	if (r->model == BS_USL_USL && !best->free[2])
		r->at_bound |= BS_USL_BETA_AT_0;
	return 0;
}

/*
 * The throughput maximum, or without one (beta = 0, or alpha >= 1) the
 * ceiling lambda / alpha in its place, as for Amdahl.
 */
static void
usl_peak(struct bs_usl *r)
{
	r->ceiling = NAN;
	if (r->beta == 0.0 && r->alpha > 0.0)
		r->ceiling = r->lambda / r->alpha;
	r->peak_n = NAN;
	r->peak_y = NAN;
	r->peak_outside = 1;
	if (r->model == BS_USL_USL && r->beta > 0.0 && r->alpha < 1.0) {
		r->peak_n = sqrt((1.0 - r->alpha) / r->beta);
		r->peak_y = bs_usl_eval(r, r->peak_n);
		r->peak_outside = r->peak_n < r->nmin || r->peak_n > r->nmax;
	} else
		r->peak_y = r->ceiling;
}

/*
 * Whether the fit can be read at a glance.  Besides a low R^2: lambda
 * is the model's throughput at N = 1, and one far from what was
 * measured there says the curve was bent to the points further out
 * (Gunther reads lambda off N = 1).
 */
static void
usl_poor(struct bs_usl *r, const double *n, const double *x, size_t len)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < len; i++)
		if (n[i] == 1) {
			sum += x[i];
			k++;
		}
	r->x1 = k > 0 ? sum / (double)k : NAN;
	r->poor = 0;
	if (!(r->r2 >= BS_USL_POOR_R2_MIN))
		r->poor |= BS_USL_POOR_R2;
	if (isfinite(r->x1) && fabs(r->lambda - r->x1) >
	    BS_USL_POOR_LAMBDA_OFF * fabs(r->x1))
		r->poor |= BS_USL_POOR_LAMBDA;
}

int
bs_usl_fit(const double *n, const double *x, size_t len,
    enum bs_usl_model model, double confidence, struct bs_usl *r,
    struct bs_err *err)
{
	struct usl_data d;
	struct usl_cand best;
	double *t, *y, ymax = 0.0, mean = 0.0, tss = 0.0;
	size_t i;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (usl_check(n, x, len, model, confidence, r, &ymax, err) == -1) {
		memset(r, 0, sizeof(*r));
		return -1;
	}
	r->model = model;
	r->n = len;
	r->confidence = confidence;
	t = malloc(len * sizeof(*t));
	y = malloc(len * sizeof(*y));
	if (t == NULL || y == NULL) {
		usl_err(err, "out of memory");
		goto out;
	}
	for (i = 0; i < len; i++) {
		t[i] = n[i] / r->nmax;
		y[i] = x[i] / ymax;
		mean += (x[i] - mean) / (double)(i + 1);
	}
	for (i = 0; i < len; i++)
		tss += (x[i] - mean) * (x[i] - mean);
	memset(&d, 0, sizeof(d));
	d.t = t;
	d.y = y;
	d.n = len;
	d.inv = 1.0 / r->nmax;
	if (usl_search(&d, model, &best) == -1 ||
	    usl_infer(&d, &best, ymax, r) == -1) {
		usl_err(err, "%s fit did not converge",
		    bs_usl_model_name(model));
		goto out;
	}
	r->iterations = best.iter;
	r->r2 = tss > 0.0 ? 1.0 - r->rss / tss : NAN;
	usl_peak(r);
	usl_poor(r, n, x, len);
	rc = 0;
out:
	if (rc == -1)
		memset(r, 0, sizeof(*r));
	free(t);
	free(y);
	return rc;
}

double
bs_usl_eval(const struct bs_usl *r, double n)
{
	return r->lambda * n /
	    (1.0 + r->alpha * (n - 1.0) + r->beta * n * (n - 1.0));
}

void
bs_usl_band(const struct bs_usl *r, double n, double *y, double *lo,
    double *hi)
{
	double den = 1.0 + r->alpha * (n - 1.0) + r->beta * n * (n - 1.0);
	double g[3], var = 0.0, h;

	g[0] = n / den;
	g[1] = -r->lambda * n * (n - 1.0) / (den * den);
	g[2] = -r->lambda * n * n * (n - 1.0) / (den * den);
	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 3; j++)
			var += g[i] * r->cov[i][j] * g[j];
	h = r->tq * sqrt(var > 0.0 ? var : 0.0);
	*y = r->lambda * n / den;
	if (lo != NULL)
		*lo = *y - h;
	if (hi != NULL)
		*hi = *y + h;
}

const char *
bs_usl_model_name(enum bs_usl_model m)
{
	return m == BS_USL_AMDAHL ? "amdahl" : "usl";
}

int
bs_usl_model_parse(const char *s)
{
	if (strcmp(s, "usl") == 0)
		return BS_USL_USL;
	if (strcmp(s, "amdahl") == 0)
		return BS_USL_AMDAHL;
	return -1;
}
