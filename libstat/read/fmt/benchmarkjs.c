/*
 * benchmark.js text ("NAME x N ops/sec ±P% (K runs sampled)", as its
 * String(bench) writes): one row per line.  N is the benchmark's hz,
 * 1 / mean time of a run, in ops/s; P is its relative margin of error,
 * the half-width of the 95% t interval of that mean time as a percentage
 * of it; K the number of runs.  Neither is a standard deviation of the
 * rate, so the columns are ops_per_sec, rme_percent and n.
 */
#include <ctype.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/* strspn() within s[0..n): the input need not end in a NUL. */
static size_t
spn(const char *s, size_t n, const char *set)
{
	size_t i = 0;

	while (i < n && s[i] != '\0' && strchr(set, s[i]) != NULL)
		i++;
	return i;
}

static int
bjsline(const char *s, size_t ll, struct bs_rows *r)
{
	static const char ops[] = " ops/sec \xc2\xb1";
	const char *x, *o, *q, *end = s + ll, *hz, *rme, *k;
	size_t hl, rl, kl;

	if ((o = memmem(s, ll, ops, sizeof(ops) - 1)) == NULL)
		return 0;
	/* The name ends at the last " x " before the number. */
	for (x = o; x > s && !(x[-1] == 'x' && x - 1 > s && x[-2] == ' ' &&
	    x[0] == ' '); x--)
		;
	if (x <= s + 1)
		return 0;
	hz = x + 1;
	hl = (size_t)(o - hz);
	if (hl == 0 || spn(hz, hl, "0123456789,.") < hl)
		return 0;
	rme = o + sizeof(ops) - 1;
	rl = spn(rme, (size_t)(end - rme), "0123456789.");
	q = rme + rl;
	if (rl == 0 || q >= end || *q != '%')
		return 0;
	q++;
	if ((size_t)(end - q) < 3 || memcmp(q, " (", 2) != 0)
		return 0;
	k = q + 2;
	kl = spn(k, (size_t)(end - k), "0123456789,");
	if (kl == 0 || (size_t)(end - k) < kl + 13 ||
	    memcmp(k + kl, " runs sampled", 13) != 0)
		return 0;
	bs_rows_setn(r, "name", s, (size_t)(x - 2 - s));
	bs_rows_setscaled(r, "ops_per_sec", hz, hl, 0);
	bs_rows_setn(r, "rme_percent", rme, rl);
	bs_rows_setscaled(r, "n", k, kl, 0);
	return 1;
}

static int
benchmarkjs(const char *p, size_t len, struct bs_rows *r, const char *file,
    struct bs_err *e)
{
	const char *s;
	size_t pos = 0, ll, line = 0;

	(void)file;
	(void)e;
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (bjsline(s, ll, r))
			bs_rows_endrow(r, line);
	}
	bs_rows_unit(r, "ops_per_sec", "ops/s");
	bs_rows_unit(r, "rme_percent", "%");
	return 0;
}

static int
bs_benchmarkjs_detect(const char *p, size_t len)
{
	return bs_contains(p, len, " ops/sec \xc2\xb1") &&
	    bs_contains(p, len, " runs sampled)");
}

static int
bs_read_benchmarkjs(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_text(s, "benchmark.js", benchmarkjs, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_benchmarkjs_detect(p, len);
}

/* benchmark.js's n: the runs sampled, not a measurement. */
static const char *const metacols[] = { "n", NULL };
static const struct bs_idcol idcols[] = { { "name", 0 }, { NULL, 0 } };

const struct bs_fmt bs_fmt_benchmarkjs = {
	.name = "benchmarkjs",
	.detect = { { detect, 200 } },
	.read = bs_read_benchmarkjs,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
