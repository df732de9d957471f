/*
 * Selection: the k-th smallest of an array in expected linear time
 * (bs_select), and the comparator of doubles every sort shares.  Below
 * every layer: the formats of numbers for people (core/format.c) take a
 * median by it, the summaries (stat/summary.c) their order statistics.
 */
#include <stdlib.h>

#include "libstat.h"
#include "core/core.h"

static void
swap(double *a, size_t i, size_t j)
{
	double t = a[i];

	a[i] = a[j];
	a[j] = t;
}

int
bs_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Put the k-th smallest of a[lo..hi] at a[k], smaller ones before it,
 * larger after (Hoare's FIND with a median-of-three pivot).  Falls back
 * to a full sort of the range when partitioning goes badly, so the worst
 * case stays O(n log n).
 */
void
bs_select_range(double *a, size_t lo, size_t hi, size_t k)
{
	size_t budget = 64;

	while (hi > lo) {
		size_t i, j, mid;
		double piv;

		if (hi - lo < 16 || budget-- == 0) {
			qsort(a + lo, hi - lo + 1, sizeof(*a), bs_cmp_double);
			return;
		}
		mid = lo + (hi - lo) / 2;
		if (a[mid] < a[lo])
			swap(a, mid, lo);
		if (a[hi] < a[lo])
			swap(a, hi, lo);
		if (a[hi] < a[mid])
			swap(a, hi, mid);
		piv = a[mid];
		i = lo;
		j = hi;
		while (i <= j) {
			while (a[i] < piv)
				i++;
			while (a[j] > piv)
				j--;
			if (i <= j) {
				swap(a, i, j);
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		/* Now a[lo..j] <= piv <= a[i..hi], and j < i. */
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

double
bs_select(double *a, size_t n, size_t k)
{
	bs_select_range(a, 0, n - 1, k);
	return a[k];
}
