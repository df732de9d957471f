/*
 * Kolmogorov-Smirnov (--test ks): whether the two distributions differ
 * anywhere, not only in location (a tail that grows while the median
 * stays, asv#752).  D is the largest gap between the two empirical
 * distribution functions; p as R's ks.test(cand, base): exact below
 * 10000 pairs of values (R's psmirnov(): lattice paths, with ties
 * counted only where a tie group ends), else the limiting Kolmogorov
 * distribution (R's pkstwo()).  GSL has neither, so both are here.  The
 * shift shown beside it is the Hodges-Lehmann shift with its interval,
 * as --test mwu shows it, each side summarised by its median.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "compare/compare.h"

/* D of sorted x (n) against sorted y (m): the largest |F_x - F_y|. */
static double
ks_stat(const double *x, size_t n, const double *y, size_t m)
{
	size_t	 i = 0, j = 0;
	double	 d = 0, v;

	while (i < n && j < m) {
		v = x[i] < y[j] ? x[i] : y[j];
		while (i < n && x[i] == v)
			i++;
		while (j < m && y[j] == v)
			j++;
		d = fmax(d, fabs((double)i / n - (double)j / m));
	}
	return d;
}

/*
 * P(D >= d) exactly, as R's psmirnov(d, c(n, m), z, lower.tail = FALSE):
 * the lattice paths from (0, 0) to (n, m) whose |u/n - v/m| stays below
 * the statistic wherever a tie group of the pooled sorted sample w ends,
 * over choose(n + m, n).  NaN when out of memory.
 */
static double
ks_exact(double d, size_t n, size_t m, const double *w)
{
	size_t	 N = n + m, k, u, ulo, uhi;
	double	*f, q, cnt, logc;

	if ((f = calloc(n + 1, sizeof(*f))) == NULL)
		return NAN;
	q = (0.5 + floor(d * (double)n * (double)m - 1e-7)) /
	    ((double)n * (double)m);
	f[0] = 1;
	for (k = 1; k <= N; k++) {
		ulo = k > m ? k - m : 0;
		uhi = k < n ? k : n;
		for (u = uhi; ; u--) {
			/* From (u - 1, v) and (u, v - 1) of diagonal k - 1. */
			double from = u >= 1 ? f[u - 1] : 0;

			if (u <= k - 1)
				from += f[u];
			f[u] = from;
			if (u == ulo)
				break;
		}
		if (ulo > 0)
			f[ulo - 1] = 0;
		if (k == N || w[k - 1] != w[k])
			for (u = ulo; u <= uhi; u++)
				if (fabs((double)u / n - (double)(k - u) / m) >=
				    q)
					f[u] = 0;
	}
	cnt = f[n];
	free(f);
	logc = lgamma((double)N + 1) - lgamma((double)n + 1) -
	    lgamma((double)m + 1);
	return 1 - cnt / exp(logc);
}

/* 1 - K(x), the limiting distribution, as R's pkstwo(x, tol = 1e-6). */
static double
ks_limit(double x)
{
	const double tol = 1e-6;
	double	 s, z, w, p, old, cur;
	int	 k, kmax = (int)sqrt(2 - log(tol));

	if (x <= 0)
		return 1;
	if (x < 1) {
		z = -(M_PI_2 * M_PI_4) / (x * x);
		w = log(x);
		s = 0;
		for (k = 1; k < kmax; k += 2)
			s += exp(k * k * z - w);
		p = s / (1 / sqrt(2 * M_PI));
	} else {
		z = -2 * x * x;
		s = -1;
		old = 0;
		cur = 1;
		for (k = 1; fabs(old - cur) > tol; k++) {
			old = cur;
			cur += 2 * s * exp(z * k * k);
			s *= -1;
		}
		p = cur;
	}
	return 1 - p;
}

/* D and its two-sided p, as R's ks.test(x, y); -1 when out of memory. */
int
bs_ks_test(const double *base, size_t nb, const double *cand, size_t nc,
    double *d, double *p)
{
	double	*x, *y, *w;
	int	 rc = -1;

	x = malloc((nc + 1) * sizeof(*x));
	y = malloc((nb + 1) * sizeof(*y));
	w = malloc((nb + nc + 1) * sizeof(*w));
	if (x != NULL && y != NULL && w != NULL && nb > 0 && nc > 0) {
		memcpy(x, cand, nc * sizeof(*x));
		memcpy(y, base, nb * sizeof(*y));
		qsort(x, nc, sizeof(*x), bs_cmp_double);
		qsort(y, nb, sizeof(*y), bs_cmp_double);
		memcpy(w, x, nc * sizeof(*w));
		memcpy(w + nc, y, nb * sizeof(*w));
		qsort(w, nb + nc, sizeof(*w), bs_cmp_double);
		*d = ks_stat(x, nc, y, nb);
		if ((double)nb * (double)nc < 10000)
			*p = ks_exact(*d, nc, nb, w);
		else
			*p = *d < 2.220446049250313e-16 ? 1 : ks_limit(sqrt(
			    (double)nb * nc / (double)(nb + nc)) * *d);
		rc = isnan(*p) ? -1 : 0;
	}
	free(x);
	free(y);
	free(w);
	return rc;
}

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_mwu w;
	double d, p;
	int rc;

	rc = bs_mann_whitney(m->b, m->nb, m->c, m->nc, o->confidence, &w);
	if (rc == 0 && bs_ks_test(m->b, m->nb, m->c, m->nc, &d, &p) == -1)
		return -1;
	if (rc == 0)
		w.p = p;
	/* W's mean under the null gives the direction; P(D = 1) the floor. */
	bs_metric_take_ranks(m, o, rc, &w, (double)m->nb * (double)m->nc / 2,
	    2.0 * exp(-(lgamma((double)(m->nb + m->nc) + 1) -
	    lgamma((double)m->nb + 1) - lgamma((double)m->nc + 1))));
	if (rc == 0)
		m->stat = d;
	/* The medians' shift cannot tell it: the tails (or spread) can. */
	if (rc == 0 && p < o->alpha && m->diff_lo <= 0 && m->diff_hi >= 0)
		m->note |= BS_CN_TAILS;
	return 0;
}

const struct bs_method bs_method_ks = {
	.name = "ks",
	.test = "ks",
	.centre = BS_MC_MEDIAN,
	.needs = BS_MN_VALUES,
	.unpaired = "the Kolmogorov-Smirnov test compares two independent "
	    "samples",
	.constp = 1,
	.compare = compare,
	.sentence = bs_sentence_ranks,
	.centre_en = "median",
	.centre_zh = "中位数",
	.title = "Kolmogorov-Smirnov",
	.words = "Kolmogorov-Smirnov",
	.symbol = "D",
	.effect = "Hodges-Lehmann",
};
