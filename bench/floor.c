/*
 * floor: the single-thread floor for bstat on one numeric column, the
 * oracle of bench/run.sh's floor rows: the least a program of bstat's
 * kind must do, written for that purpose and nothing else.
 *
 *   floor FILE COLUMN     a CSV file with a header; COLUMN by name
 *   floor FILE            plain numbers, one a line
 *
 * One pass over the mmap()ed file: the field found by counting commas,
 * the decimal parsed exactly (up to 19 digits into an integer and a
 * power of ten; Clinger's fast path, strtod beyond it), the value kept.
 * Then n, mean and sd (two passes over the values), min, max, and the
 * quartiles, p95 and p99 as R's type 7 by selection (quickselect of the
 * two order statistics each needs).  It prints them as CSV.  No error
 * handling beyond refusing what it cannot parse: it measures, it does
 * not serve users.
 */
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const double pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Parse the number at p (up to end or a delimiter); *q after it. */
static double
parse(const char *p, const char *end, const char **q)
{
	const char *s = p;
	uint64_t m = 0;
	int neg = 0, nd = 0, e = 0;

	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	for (; p < end && *p >= '0' && *p <= '9'; p++, nd++)
		m = m * 10 + (uint64_t)(*p - '0');
	if (p < end && *p == '.')
		for (p++; p < end && *p >= '0' && *p <= '9'; p++, nd++, e--)
			m = m * 10 + (uint64_t)(*p - '0');
	*q = p;
	if (nd == 0 || nd > 19 || (p < end && (*p == 'e' || *p == 'E')) ||
	    m > (1ULL << 53) || e < -22) {
		char buf[64];
		size_t n = (size_t)(end - s) < 63 ? (size_t)(end - s) : 63;
		char *x;
		double d;

		memcpy(buf, s, n);
		buf[n] = '\0';
		d = strtod(buf, &x);
		*q = s + (x - buf);
		return d;
	}
	return (neg ? -1.0 : 1.0) * (double)m / pow10[-e];
}

static double
select_k(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		double pv = v[lo + (hi - lo) / 2], t;
		size_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < pv)
				i++;
			while (v[j] > pv)
				j--;
			if (i <= j) {
				t = v[i], v[i] = v[j], v[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return v[k];
	}
	return v[k];
}

/* R's type 7: v is permuted, not sorted. */
static double
q7(double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p, lo;
	size_t j = (size_t)floor(h);

	lo = select_k(v, n, j);
	if (j + 1 >= n || h == (double)j)
		return lo;
	/* The next order statistic: the least of what lies above j. */
	double hi = v[j + 1];
	for (size_t i = j + 2; i < n; i++)
		if (v[i] < hi)
			hi = v[i];
	return lo + (h - (double)j) * (hi - lo);
}

int
main(int argc, char **argv)
{
	const char *p, *end, *q;
	struct stat st;
	double *v, sum = 0, ss = 0, mean, mn = INFINITY, mx = -INFINITY;
	size_t n = 0, cap = 1 << 20, col = 0, i;
	int fd;

	if (argc < 2 || (fd = open(argv[1], O_RDONLY)) == -1 ||
	    fstat(fd, &st) == -1)
		return 2;
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return 2;
	madvise((void *)p, (size_t)st.st_size, MADV_SEQUENTIAL);
	end = p + st.st_size;
	if (argc > 2) {
		/* The column's index in the header. */
		size_t len = strlen(argv[2]);
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		for (q = p; q < nl; col++) {
			const char *c = memchr(q, ',', (size_t)(nl - q));

			if (c == NULL)
				c = nl;
			if ((size_t)(c - q) == len && memcmp(q, argv[2], len) == 0)
				break;
			q = c + 1;
		}
		if (q >= nl)
			return 2;
		p = nl + 1;
	}
	if ((v = malloc(cap * sizeof(*v))) == NULL)
		return 2;
	while (p < end) {
		for (i = 0; i < col; i++) {
			const char *c = memchr(p, ',', (size_t)(end - p));

			if (c == NULL)
				return 2;
			p = c + 1;
		}
		if (n == cap && (v = realloc(v, (cap *= 2) * sizeof(*v))) == NULL)
			return 2;
		v[n++] = parse(p, end, &q);
		p = memchr(q, '\n', (size_t)(end - q));
		p = p == NULL ? end : p + 1;
	}
	for (i = 0; i < n; i++) {
		sum += v[i];
		if (v[i] < mn)
			mn = v[i];
		if (v[i] > mx)
			mx = v[i];
	}
	mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	printf("n,mean,sd,min,q1,median,q3,p95,p99,max\n");
	printf("%zu,%.17g,%.17g,%.17g", n, mean, sqrt(ss / (double)(n - 1)), mn);
	printf(",%.17g", q7(v, n, 0.25));
	printf(",%.17g", q7(v, n, 0.5));
	printf(",%.17g", q7(v, n, 0.75));
	printf(",%.17g", q7(v, n, 0.95));
	printf(",%.17g", q7(v, n, 0.99));
	printf(",%.17g\n", mx);
	return 0;
}
