/*
 * Criterion.rs console output (cargo bench with criterion): one row per
 * benchmark from its "time: [lower estimate upper]" line, the bounds of
 * the confidence interval around the estimate (the slope of the linear
 * fit, or the mean), all in ns whatever unit each line uses; a
 * "thrpt: [...]" line under it gives thrpt, thrpt_lower, thrpt_upper in
 * elem/s or B/s.  Criterion's "bencher" output ("test X ... bench: N
 * ns/iter (+/- M)") gives time and range: M is a spread, no standard
 * deviation.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/* Throughput units: base unit and power of 1000 or 1024 to scale by. */
static int
thrpt_unit(const char *u, size_t n, const char **base, double *mul)
{
	static const struct {
		const char	*u, *base;
		double		 mul;
	} t[] = {
		{ "elem/s", "elem/s", 1 }, { "Kelem/s", "elem/s", 1e3 },
		{ "Melem/s", "elem/s", 1e6 }, { "Gelem/s", "elem/s", 1e9 },
		{ "B/s", "B/s", 1 }, { "KiB/s", "B/s", 1024.0 },
		{ "MiB/s", "B/s", 1048576.0 }, { "GiB/s", "B/s", 1073741824.0 },
		{ "KB/s", "B/s", 1e3 }, { "MB/s", "B/s", 1e6 },
		{ "GB/s", "B/s", 1e9 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strlen(t[i].u) == n && memcmp(t[i].u, u, n) == 0) {
			*base = t[i].base;
			*mul = t[i].mul;
			return 1;
		}
	return 0;
}

/* Split s[0..n) at blanks into at most max tokens. */
static int
tokens(const char *s, size_t n, const char **tok, size_t *tl, int max)
{
	size_t i = 0;
	int nt = 0;

	while (i < n && nt < max) {
		while (i < n && isspace((unsigned char)s[i]))
			i++;
		if (i == n)
			break;
		tok[nt] = s + i;
		while (i < n && !isspace((unsigned char)s[i]))
			i++;
		tl[nt] = (size_t)(s + i - tok[nt]);
		nt++;
	}
	return nt;
}

/*
 * "[a u b u c u]" after the label in s[0..n): the three values into
 * cols[], times scaled to ns or rates to their base unit; 0 when the
 * brackets do not hold that.
 */
static int
triple(struct bs_rows *r, const char *s, size_t n, const char *const *cols,
    int rate)
{
	const char *o = memchr(s, '[', n), *c, *tok[7], *base = NULL;
	size_t tl[7];
	double mul = 1;
	char *end;
	int i;

	if (o == NULL || (c = memchr(o, ']', n - (size_t)(o - s))) == NULL ||
	    tokens(o + 1, (size_t)(c - o - 1), tok, tl, 7) != 6)
		return 0;
	/* Check all three before setting any: a row is never half set. */
	for (i = 0; i < 3; i++) {
		if (rate ? !thrpt_unit(tok[2 * i + 1], tl[2 * i + 1], &base,
		    &mul) : bs_ns_shift(tok[2 * i + 1], tl[2 * i + 1]) == -99)
			return 0;
		/* Plain decimals only: strtod would take "0x1p3" too. */
		if (strspn(tok[2 * i], "0123456789.") < tl[2 * i] ||
		    strtod(tok[2 * i], &end) < 0 || end != tok[2 * i] +
		    tl[2 * i])
			return 0;
	}
	for (i = 0; i < 3; i++) {
		if (!rate) {
			bs_rows_setscaled(r, cols[i], tok[2 * i], tl[2 * i],
			    bs_ns_shift(tok[2 * i + 1], tl[2 * i + 1]));
			continue;
		}
		thrpt_unit(tok[2 * i + 1], tl[2 * i + 1], &base, &mul);
		bs_rows_setnum(r, cols[i], strtod(tok[2 * i], NULL) * mul);
		bs_rows_unit(r, cols[i], base);
	}
	return 1;
}

static const char *
trimmed(const char *s, size_t *n)
{
	while (*n > 0 && isspace((unsigned char)*s))
		s++, (*n)--;
	while (*n > 0 && isspace((unsigned char)s[*n - 1]))
		(*n)--;
	return s;
}

static int
criterion(const char *p, size_t len, struct bs_rows *r, const char *file,
    struct bs_err *e)
{
	static const char *const tcols[] = { "time_lower", "time",
	    "time_upper" };
	static const char *const rcols[] = { "thrpt_lower", "thrpt",
	    "thrpt_upper" };
	const char *s, *t, *prev = NULL, *name, *med, *rng, *nm;
	size_t pos = 0, ll, line = 0, prevl = 0, nl, ml, rl, k;
	int open = 0, anytime = 0, anybench = 0;

	(void)file;
	(void)e;
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (bs_bencher_line(s, ll, &name, &nl, &med, &ml, &rng,
		    &rl)) {
			if (open)
				bs_rows_endrow(r, line - 1);
			open = 0;
			bs_rows_setn(r, "name", name, nl);
			bs_rows_setscaled(r, "time", med, ml, 0);
			if (rng != NULL)
				bs_rows_setscaled(r, "range", rng, rl, 0);
			bs_rows_endrow(r, line);
			anybench = 1;
			continue;
		}
		if ((t = memmem(s, ll, "time:", 5)) != NULL &&
		    memchr(t, '[', ll - (size_t)(t - s)) != NULL) {
			if (open)
				bs_rows_endrow(r, line - 1);
			k = (size_t)(t - s);
			nm = trimmed(s, &k);
			/* A long name stands on the line above. */
			if (k == 0 && prev != NULL) {
				k = prevl;
				nm = trimmed(prev, &k);
			}
			open = triple(r, t + 5, ll - (size_t)(t - s) - 5,
			    tcols, 0);
			if (open) {
				bs_rows_setn(r, "name", nm, k);
				anytime = 1;
			}
			prev = NULL;
			continue;
		}
		if (open && (t = memmem(s, ll, "thrpt:", 6)) != NULL) {
			triple(r, t + 6, ll - (size_t)(t - s) - 6, rcols, 1);
			continue;
		}
		if (ll > 0 && !isspace((unsigned char)s[0])) {
			prev = s;
			prevl = ll;
		}
	}
	if (open)
		bs_rows_endrow(r, line);
	if (anytime) {
		for (k = 0; k < 3; k++)
			bs_rows_unit(r, tcols[k], "ns");
	} else if (anybench)
		bs_rows_unit(r, "time", "ns");
	if (anybench)
		bs_rows_unit(r, "range", "ns");
	return 0;
}

static int
bs_criterion_detect(const char *p, size_t len)
{
	const char *s, *t;
	size_t pos = 0, ll;

	if (bs_contains(p, len, "Criterion.rs") ||
	    bs_contains(p, len, "cargo-criterion"))
		return 1;
	while (bs_nextline(p, len, &pos, &s, &ll))
		if ((t = memmem(s, ll, "time:   [", 9)) != NULL &&
		    memchr(t, ']', ll - (size_t)(t - s)) != NULL)
			return 1;
	return 0;
}

static int
bs_read_criterion(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_text(s, "criterion", criterion, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_criterion_detect(p, len);
}

static const struct bs_idcol idcols[] = { { "name", 0 }, { NULL, 0 } };

/* Before libtest's: Criterion prints its lines too. */
const struct bs_fmt bs_fmt_criterion = {
	.name = "criterion",
	.detect = { { detect, 180 } },
	.read = bs_read_criterion,
	.name_errors = 1,
	.identity = idcols,
};
