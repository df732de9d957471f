/*
 * Catch2 benchmark console output (BENCHMARK in Catch2 v2.9+ and v3):
 * one row per benchmark from its three lines,
 *   name  samples  iterations  estimated-run-time
 *         mean     low-mean    high-mean
 *         std-dev  low-std-dev high-std-dev
 * n is the number of samples, each of `iterations` runs; mean and sd
 * are per run, with Catch2's bootstrap confidence bounds (mean_low,
 * mean_high, sd_low, sd_high); all times in ns whatever the unit of
 * each line.
 */
#include <ctype.h>
#include <string.h>

#include "libstat.h"
#include "extern.h"

/* Up to max (number, unit) pairs from s[0..n); how many were found. */
static int
pairs(const char *s, size_t n, const char **num, size_t *nl,
    const char **unit, size_t *ul, int max)
{
	size_t i = 0;
	int np = 0;

	while (np < max) {
		while (i < n && isspace((unsigned char)s[i]))
			i++;
		if (i == n)
			break;
		num[np] = s + i;
		while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.'))
			i++;
		nl[np] = (size_t)(s + i - num[np]);
		while (i < n && s[i] == ' ')
			i++;
		unit[np] = s + i;
		while (i < n && !isspace((unsigned char)s[i]))
			i++;
		ul[np] = (size_t)(s + i - unit[np]);
		if (nl[np] == 0 || bs_ns_shift(unit[np], ul[np]) == -99)
			return -1;
		np++;
	}
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return i == n ? np : -1;
}

/*
 * The first line of a benchmark: a name, then samples and iterations
 * (integers) and the estimated run time with its unit.
 */
static int
headline(const char *s, size_t n, size_t *namel, const char **smp,
    size_t *sl, const char **it, size_t *il)
{
	const char *tok[4];
	size_t tl[4], e = n;
	int k;

	for (k = 3; k >= 0; k--) {
		while (e > 0 && isspace((unsigned char)s[e - 1]))
			e--;
		tl[k] = 0;
		while (e > 0 && !isspace((unsigned char)s[e - 1]))
			e--, tl[k]++;
		tok[k] = s + e;
		if (tl[k] == 0)
			return 0;
	}
	while (e > 0 && isspace((unsigned char)s[e - 1]))
		e--;
	if (e == 0 || isspace((unsigned char)s[0]) ||
	    strspn(tok[0], "0123456789") != tl[0] ||
	    strspn(tok[1], "0123456789") != tl[1] ||
	    strspn(tok[2], "0123456789.") != tl[2] ||
	    bs_ns_shift(tok[3], tl[3]) == -99)
		return 0;
	*namel = e;
	*smp = tok[0];
	*sl = tl[0];
	*it = tok[1];
	*il = tl[1];
	return 1;
}

static int
catch2(const char *p, size_t len, struct bs_rows *r, const char *file,
    struct bs_err *e)
{
	static const char *const mcols[] = { "mean", "mean_low", "mean_high" };
	static const char *const scols[] = { "sd", "sd_low", "sd_high" };
	const char *s, *s2, *s3, *smp, *it, *num[2][3], *unit[2][3];
	size_t pos = 0, ll, l2, l3, line = 0, namel, sl, il, nl[2][3];
	size_t ul[2][3];
	int k, any = 0;

	(void)file;
	(void)e;
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		size_t save = pos;

		line++;
		if (!headline(s, ll, &namel, &smp, &sl, &it, &il))
			continue;
		if (!bs_nextline(p, len, &pos, &s2, &l2) ||
		    !bs_nextline(p, len, &pos, &s3, &l3) ||
		    pairs(s2, l2, num[0], nl[0], unit[0], ul[0], 3) != 3 ||
		    pairs(s3, l3, num[1], nl[1], unit[1], ul[1], 3) != 3) {
			pos = save;
			continue;
		}
		bs_rows_setn(r, "name", s, namel);
		bs_rows_setn(r, "n", smp, sl);
		bs_rows_setn(r, "iterations", it, il);
		for (k = 0; k < 3; k++) {
			bs_rows_setscaled(r, mcols[k], num[0][k], nl[0][k],
			    bs_ns_shift(unit[0][k], ul[0][k]));
			bs_rows_setscaled(r, scols[k], num[1][k], nl[1][k],
			    bs_ns_shift(unit[1][k], ul[1][k]));
		}
		bs_rows_endrow(r, line);
		line += 2;
		any = 1;
	}
	for (k = 0; any && k < 3; k++) {
		bs_rows_unit(r, mcols[k], "ns");
		bs_rows_unit(r, scols[k], "ns");
	}
	return 0;
}

int
bs_catch2_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "benchmark name") &&
	    bs_contains(p, len, "low mean") &&
	    bs_contains(p, len, "std dev");
}

int
bs_read_catch2(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_text(s, "Catch2 benchmark", catch2, cb, e);
}
