/*
 * Scalability models: Gunther's Universal Scalability Law and Amdahl's
 * law, fitted by nonlinear least squares.
 *
 *	USL:	X(N) = lambda N / (1 + alpha (N - 1) + beta N (N - 1))
 *	Amdahl:	X(N) = lambda N / (1 + alpha (N - 1))	(beta = 0)
 *
 * lambda is the throughput of one worker, alpha the contention (serial)
 * fraction, beta the coherency (crosstalk) cost.  alpha and beta are
 * kept non-negative.
 *
 * This header is separate for now; its contents belong in libstat.h
 * and will be merged there.  It needs struct bs_err from libstat.h.
 */
#ifndef LIBSTAT_USL_H
#define LIBSTAT_USL_H

#include <stddef.h>

#include "libstat.h"

enum bs_usl_model {
	BS_USL_USL = 0,
	BS_USL_AMDAHL
};

/* Fewest distinct N values a fit accepts. */
#define BS_USL_MIN_DISTINCT	6

/* Flags in bs_usl.at_bound: a parameter pinned at its bound of zero. */
#define BS_USL_ALPHA_AT_0	0x1
#define BS_USL_BETA_AT_0	0x2

struct bs_usl {
	enum bs_usl_model model;
	double	 lambda, alpha, beta;
	/*
	 * Standard errors from the asymptotic covariance s^2 (J'J)^-1,
	 * s^2 = RSS / (n - p), as R's summary.nls; 0 for a parameter that
	 * is not estimated (beta of Amdahl, a parameter at its bound).
	 */
	double	 se_lambda, se_alpha, se_beta;
	/* Wald intervals: estimate -/+ t_{(1+c)/2, n-p} se. */
	double	 lambda_lo, lambda_hi, alpha_lo, alpha_hi, beta_lo, beta_hi;
	/*
	 * USL: the N of the throughput maximum, N* = sqrt((1 - alpha) /
	 * beta), and X(N*).  NaN when there is no finite maximum (beta = 0
	 * or alpha >= 1).  Amdahl: peak_n is NaN and peak_y the ceiling.
	 */
	double	 peak_n, peak_y;
	int	 peak_outside;	/* N* outside [nmin, nmax] (or no peak) */
	/* lambda / alpha, the limit as N grows when beta = 0; else NaN. */
	double	 ceiling;
	double	 r2;		/* 1 - RSS / TSS over all points */
	double	 rss, sigma;	/* residual sum of squares, sqrt(RSS/df) */
	size_t	 n;		/* points used */
	size_t	 ndistinct;	/* distinct N values */
	double	 nmin, nmax;	/* measured range of N */
	double	 df;		/* residual degrees of freedom n - p */
	double	 confidence;	/* percent */
	double	 tq;		/* t_{(1+c)/2, df} */
	int	 at_bound;	/* BS_USL_*_AT_0 */
	size_t	 iterations;
	/* Covariance of (lambda, alpha, beta); rows/cols of fixed ones 0. */
	double	 cov[3][3];
};

/*
 * Fit model to the points (n[i], x[i]), i < len: n the concurrency
 * (threads, clients; > 0), x the measured throughput.  Repeated
 * measurements at one N are separate points.  confidence is in percent
 * (0 < c < 100) and sets the intervals.  Refuses fewer than
 * BS_USL_MIN_DISTINCT distinct N, non-finite values, N <= 0, and data
 * from which no fit converges.  Returns 0, or -1 with err filled.
 */
int	 bs_usl_fit(const double *n, const double *x, size_t len,
	    enum bs_usl_model model, double confidence, struct bs_usl *,
	    struct bs_err *);

/* The fitted X(N). */
double	 bs_usl_eval(const struct bs_usl *, double n);

/*
 * The fitted X(N) and the confidence band of the fitted mean at N, by
 * the delta method: var = g' C g with g the gradient of X(N) in the
 * parameters; half width t_{(1+c)/2, df} sqrt(var).
 */
void	 bs_usl_band(const struct bs_usl *, double n, double *y,
	    double *lo, double *hi);

const char	*bs_usl_model_name(enum bs_usl_model);
/* "usl" or "amdahl"; -1 for anything else. */
int		 bs_usl_model_parse(const char *);

#endif /* LIBSTAT_USL_H */
