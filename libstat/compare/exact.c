/*
 * Exact rank tests with ties: the permutation distribution of the rank
 * statistic given the midranks the data have, as R's coin package
 * computes it (wilcox_test(), wilcoxsign_test(zero.method = "Wilcoxon"),
 * distribution = "exact").  R's wilcox.test() falls back to the normal
 * approximation as soon as two values tie; with few runs that
 * approximation can give a p below anything a permutation can reach (5
 * against 5, fully separated, one tie: 0.00558 where the smallest is
 * 2/choose(10, 5) = 0.00794).  No Debian C library counts these (GSL
 * has no rank distributions), so the counting is here.
 *
 * Midranks are halves, so twice a midrank is an integer and the
 * distribution of twice the rank sum is a table of counts over
 * integers.  Two-sided p as coin's: P(|S - E S| >= |s - E S|), which
 * with ties is not twice a tail (the law need not be symmetric).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "compare/compare.h"

/*
 * Sum of f[s] / total over the s (twice a rank sum) at least as far from
 * the mean mu2 (twice E S) as s2.  Integers throughout: no tolerance.
 */
static double
far_share(const double *f, size_t top, double mu2, double s2)
{
	double	 dev = fabs(s2 - mu2), far = 0, all = 0;

	for (size_t s = 0; s <= top; s++) {
		all += f[s];
		if (fabs((double)s - mu2) >= dev)
			far += f[s];
	}
	return all > 0 ? far / all : NAN;
}

/*
 * Two-sided exact p of the rank sum of x (n values) in the pooled sample
 * of x and y (m values), both sorted: the counts g[k][s] of the ways to
 * choose k of the pooled values whose doubled midranks sum to s, built
 * tie group by tie group (q of a group of t: choose(t, q) ways).
 * O(N n S) for N = n + m values and S = N (N + 1); NaN when out of
 * memory.
 */
double
bs_mwu_exact_ties(const double *x, size_t n, const double *y, size_t m)
{
	size_t	 N = n + m, top = N * (N + 1), i = 0, j = 0, k, c, t, s,
		 pos = 0, seen = 0;
	double	*g, r2, v, s2 = 0, p;

	/* |S - E S| is the same for either sample: count the smaller. */
	if (n > m)
		return bs_mwu_exact_ties(y, m, x, n);
	if ((g = calloc((n + 1) * (top + 1), sizeof(*g))) == NULL)
		return NAN;
	g[0] = 1;
	while (i < n || j < m) {
		v = j == m || (i < n && x[i] < y[j]) ? x[i] : y[j];
		for (c = 0; i < n && x[i] == v; i++)
			c++;
		for (t = c; j < m && y[j] == v; j++)
			t++;
		/* Positions pos+1 .. pos+t: doubled midrank 2 pos + t + 1. */
		r2 = (double)(2 * pos + t + 1);
		s2 += (double)c * r2;
		seen += t;
		for (k = n < seen ? n : seen; k >= 1; k--) {
			for (s = top; ; s--) {
				double add = 0, cq = 1;

				for (size_t q = 1; q <= t && q <= k &&
				    (double)s >= q * r2; q++) {
					cq = cq * (double)(t - q + 1) / q;
					add += cq * g[(k - q) * (top + 1) + s -
					    (size_t)(q * r2)];
				}
				g[k * (top + 1) + s] += add;
				if (s == 0)
					break;
			}
		}
		pos += t;
	}
	p = far_share(g + n * (top + 1), top, (double)n * (double)(N + 1),
	    s2);
	free(g);
	return p;
}

/*
 * Two-sided exact p of the signed rank statistic of the n nonzero values
 * x, sorted by absolute value: every value's sign free, the counts h[s]
 * of the sign patterns whose positive doubled midranks sum to s.  Zeros
 * are left out before (coin's zero.method = "Wilcoxon", as R's
 * wilcox.test drops them).  NaN when out of memory.
 */
double
bs_signrank_exact_ties(const double *x, size_t n)
{
	size_t	 top = n * (n + 1), i, j, t, c, s;
	double	*h, r2, s2 = 0, p;

	if ((h = calloc(top + 1, sizeof(*h))) == NULL)
		return NAN;
	h[0] = 1;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && fabs(x[j]) == fabs(x[i]); j++)
			continue;
		t = j - i;
		r2 = (double)(i + 1 + j);
		for (c = i; c < j; c++)
			if (x[c] > 0)
				s2 += r2;
		for (s = top; ; s--) {
			double add = 0, cc = 1;

			for (c = 1; c <= t && (double)s >= c * r2; c++) {
				cc = cc * (double)(t - c + 1) / c;
				add += cc * h[s - (size_t)(c * r2)];
			}
			h[s] += add;
			if (s == 0)
				break;
		}
	}
	p = far_share(h, top, (double)top / 2, s2);
	free(h);
	return p;
}
