/*
 * cargo bench / libtest text (the unstable #[bench] harness, and the
 * "bencher" output of other harnesses): one row per line
 * "test NAME ... bench: N ns/iter (+/- M)".  libtest's N is the median
 * of its samples in ns per iteration and M their max - min (after it
 * winsorises them at 5%), so the columns are median and range: M is no
 * standard deviation.
 *
 * Also the helpers of the text readers: lines, and numbers as written
 * scaled by a power of ten without rounding.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/*
 * The next line of p[0..len) from *pos: its start and length without
 * the line end; 0 at the end of the input.
 */
int
bs_nextline(const char *p, size_t len, size_t *pos, const char **s,
    size_t *ll)
{
	const char *nl;
	size_t end;

	if (*pos >= len)
		return 0;
	nl = memchr(p + *pos, '\n', len - *pos);
	end = nl ? (size_t)(nl - p) : len;
	*s = p + *pos;
	*ll = end - *pos;
	if (*ll > 0 && (*s)[*ll - 1] == '\r')
		(*ll)--;
	*pos = end + 1;
	return 1;
}

/*
 * Cell col: the decimal number s[0..n) ("1,431,759", "41.731", "-2")
 * times 10^shift, as exact text: units convert without a rounding.
 * Returns -1 (cell left empty) when s is no such number.
 */
int
bs_rows_setscaled(struct bs_rows *r, const char *col, const char *s,
    size_t n, int shift)
{
	char dig[128], out[200];
	size_t nd = 0, i = 0, o = 0;
	long point = -1, k;
	int neg = 0;

	if (n > 0 && (s[0] == '-' || s[0] == '+'))
		neg = s[i++] == '-';
	for (; i < n; i++) {
		if (isdigit((unsigned char)s[i])) {
			if (nd == sizeof(dig))
				return -1;
			dig[nd++] = s[i];
		} else if (s[i] == '.' && point < 0)
			point = (long)nd;
		else if (s[i] != ',' || point >= 0)
			return -1;
	}
	if (nd == 0 || shift < -30 || shift > 30)
		return -1;
	if (point < 0)
		point = (long)nd;
	point += shift;
	if (neg)
		out[o++] = '-';
	/* Integer part: digits before the point, zeros past the end. */
	if (point <= 0)
		out[o++] = '0';
	for (k = 0; k < point; k++)
		out[o++] = k < (long)nd ? dig[k] : '0';
	if (point < (long)nd) {
		out[o++] = '.';
		for (k = point; k < 0; k++)
			out[o++] = '0';
		for (k = point < 0 ? 0 : point; k < (long)nd; k++)
			out[o++] = dig[k];
	}
	out[o] = '\0';
	bs_rows_set(r, col, out);
	return 0;
}

/*
 * Power of ten from unit u[0..n) to ns ("us" 3, "ps" -3), or -99 for
 * no time unit.
 */
int
bs_ns_shift(const char *u, size_t n)
{
	static const struct {
		const char	*u;
		int		 shift;
	} t[] = {
		{ "ps", -3 }, { "ns", 0 }, { "us", 3 }, { "\xc2\xb5s", 3 },
		{ "\xce\xbcs", 3 }, { "ms", 6 }, { "s", 9 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strlen(t[i].u) == n && memcmp(t[i].u, u, n) == 0)
			return t[i].shift;
	return -99;
}

/* Is s[0..n) a number with thousands separators, as libtest prints? */
static size_t
numlen(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == ',' ||
	    s[i] == '.'))
		i++;
	return i;
}

/*
 * "test NAME ... bench: N ns/iter (+/- M)": the name, N and M in
 * *name, *med, *rng (lengths in the _len); 0 when the line is not one.
 */
int
bs_bencher_line(const char *s, size_t ll, const char **name, size_t *nl,
    const char **med, size_t *ml, const char **rng, size_t *rl)
{
	const char *b, *q, *end = s + ll;
	static const char mark[] = " ... bench:";

	if (ll < 5 || memcmp(s, "test ", 5) != 0 ||
	    (b = memmem(s, ll, mark, sizeof(mark) - 1)) == NULL)
		return 0;
	*name = s + 5;
	*nl = (size_t)(b - s) - 5;
	q = b + sizeof(mark) - 1;
	while (q < end && *q == ' ')
		q++;
	*med = q;
	*ml = numlen(q, (size_t)(end - q));
	q += *ml;
	if (*ml == 0 || (size_t)(end - q) < 9 || memcmp(q, " ns/iter", 8))
		return 0;
	q += 8;
	*rng = NULL;
	*rl = 0;
	while (q < end && *q == ' ')
		q++;
	if ((size_t)(end - q) > 5 && memcmp(q, "(+/- ", 5) == 0) {
		*rng = q + 5;
		*rl = numlen(*rng, (size_t)(end - *rng));
	}
	return *nl > 0;
}

static int
libtest(const char *p, size_t len, struct bs_rows *r, const char *file,
    struct bs_err *e)
{
	const char *s, *name, *med, *rng;
	size_t pos = 0, ll, line = 0, nl, ml, rl;

	(void)file;
	(void)e;
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (!bs_bencher_line(s, ll, &name, &nl, &med, &ml, &rng, &rl))
			continue;
		bs_rows_setn(r, "name", name, nl);
		bs_rows_setscaled(r, "median", med, ml, 0);
		if (rng != NULL)
			bs_rows_setscaled(r, "range", rng, rl, 0);
		bs_rows_endrow(r, line);
	}
	bs_rows_unit(r, "median", "ns");
	bs_rows_unit(r, "range", "ns");
	return 0;
}

static int
bs_libtest_detect(const char *p, size_t len)
{
	const char *s, *a, *b, *c;
	size_t pos = 0, ll, x, y, z;

	while (bs_nextline(p, len, &pos, &s, &ll))
		if (bs_bencher_line(s, ll, &a, &x, &b, &y, &c, &z))
			return 1;
	return 0;
}

static int
bs_read_libtest(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_text(s, "cargo bench", libtest, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_libtest_detect(p, len);
}

static const struct bs_idcol idcols[] = { { "name", 0 }, { NULL, 0 } };

/* After criterion's, which prints these lines too. */
const struct bs_fmt bs_fmt_libtest = {
	.name = "libtest",
	.detect = { { detect, 210 } },
	.read = bs_read_libtest,
	.name_errors = 1,
	.identity = idcols,
};

/*
 * How much of a tool's text to read: a log cut short (a crash mid-run,
 * a copy interrupted) ends in a line without its line end, which may be
 * half a record; it is left out with a warning naming it, and what is
 * before it read.  Text of one line is read whole.
 */
size_t
bs_text_whole(const char *p, size_t len, const char *tool,
    const struct bs_reader_cb *cb)
{
	const char *nl;
	size_t lines = 1;

	if (len == 0 || p[len - 1] == '\n' || (nl = memrchr(p, '\n',
	    len)) == NULL)
		return len;
	for (const char *q = p; (q = memchr(q, '\n', (size_t)(nl - q))) !=
	    NULL; q++)
		lines++;
	bs_reader_warn(cb, "%s: line %zu is cut short (no line end): left "
	    "out, read up to line %zu", tool, lines + 1, lines);
	return (size_t)(nl - p) + 1;
}

size_t
bs_tokens(const char *s, size_t len, struct bs_tok *t, size_t max)
{
	size_t k = 0, n = 0;

	while (n < max) {
		while (k < len && isspace((unsigned char)s[k]))
			k++;
		if (k == len)
			break;
		t[n].s = s + k;
		while (k < len && !isspace((unsigned char)s[k]))
			k++;
		t[n].n = (size_t)(s + k - t[n].s);
		n++;
	}
	return n;
}

int
bs_tok_is(const struct bs_tok *t, const char *w)
{
	return t->n == strlen(w) && memcmp(t->s, w, t->n) == 0;
}

int
bs_isnum(const char *s, size_t n)
{
	char buf[64], *end;

	if (n == 0 || n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	strtod(buf, &end);
	return *end == '\0' && (isdigit((unsigned char)buf[0]) ||
	    buf[0] == '.' || buf[0] == '-');
}

size_t
bs_numlen(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.'))
		i++;
	return i;
}
