/*
 * Numbers as written.  Benchmark data is decimal text; going through
 * strtod() first rounds each value to 53 bits, which is what makes the
 * naive mean and sd of NIST NumAcc4 (values near 1e7 differing by 0.1)
 * lose half of their digits.  We keep up to 19 significant digits as an
 * integer mantissa and a decimal exponent, so that a column can later be
 * shifted by a reference value exactly.  The same scanner is the fast path
 * for parsing: no strtod() for ordinary decimals, only for the rare number
 * whose double conversion cannot be done exactly with one operation.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "core/core.h"

/* Powers of ten that are exact doubles. */
const double bs_pow10[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

static int
isblank_c(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int
eqnocase(const char *s, size_t len, const char *w)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (w[i] == '\0')
			return 0;
		if ((s[i] | 0x20) != (w[i] | 0x20))
			return 0;
	}
	return w[i] == '\0';
}

/*
 * Slow but exact conversion for what the fast path refuses: strtod() is
 * correctly rounded in glibc.  The text is copied since it is not
 * NUL-terminated.
 */
static enum bs_numparse
slowpath(const char *s, size_t len, double *val)
{
	char buf[128], *p = buf, *end;
	double d;

	if (len >= sizeof(buf)) {
		if ((p = malloc(len + 1)) == NULL)
			return BS_NUM_NOTNUM;
	}
	memcpy(p, s, len);
	p[len] = '\0';
	errno = 0;
	d = strtod(p, &end);
	if (p != buf)
		free(p);
	if (!isfinite(d))
		return BS_NUM_NONFINITE;
	*val = d;
	return BS_NUM_OK;
}

/*
 * The general scanner's state: up to 19 significant digits in mant, the
 * decimal exponent, and what lies beyond the 19th digit (its first
 * digit, and whether any later one is not zero).
 */
struct scan {
	uint64_t	 mant;
	int		 exp, ndig, any, inexact, first;
};

/* Blanks around the text are not part of the number. */
static inline void
trim_blanks(const char **s, size_t *len)
{
	while (*len > 0 && isblank_c((unsigned char)**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len > 0 && isblank_c((unsigned char)(*s)[*len - 1]))
		(*len)--;
}

/*
 * A text that starts with neither a digit nor a point: missing markers,
 * infinities, or not a number (p is past the sign, tlen its length).
 * perf stat writes "<not supported>" for an event the machine has no
 * counter for and "<not counted>" for one never scheduled, in its text,
 * CSV and JSON alike: no value, not a malformed one.
 */
static enum bs_numparse
parse_word(const char *s, size_t len, const char *p, size_t tlen)
{
	if (p == s && (eqnocase(s, len, "NA") ||
	    eqnocase(s, len, "NaN") || eqnocase(s, len, "null") ||
	    eqnocase(s, len, "N/A") || eqnocase(s, len, "<not supported>") ||
	    eqnocase(s, len, "<not counted>")))
		return BS_NUM_MISSING;
	if (eqnocase(p, tlen, "inf") || eqnocase(p, tlen, "infinity"))
		return BS_NUM_NONFINITE;
	if (p != s && eqnocase(p, tlen, "nan"))
		return BS_NUM_MISSING;
	return BS_NUM_NOTNUM;
}

/*
 * The digits before and after the point into sc; where they end.  Each
 * digit is one step of these loops (the function is inlined into its
 * one caller).
 */
static inline const char *
scan_mantissa(const char *p, const char *end, struct scan *sc)
{
	uint64_t mant = 0;
	int exp = 0, ndig = 0, any = 0, inexact = 0, first = -1;

	/* Leading zeros carry no significance. */
	while (p < end && *p == '0') {
		p++;
		any = 1;
	}
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		any = 1;
		if (ndig < 19) {
			mant = mant * 10 + (uint64_t)(*p - '0');
			ndig++;
		} else {
			exp++;
			if (first < 0)
				first = *p - '0';
			else if (*p != '0')
				inexact = 1;	/* sticky: below the half */
		}
	}
	if (p < end && *p == '.') {
		p++;
		if (mant == 0) {
			/* Zeros right after the point only move the exponent. */
			while (p < end && *p == '0') {
				p++;
				exp--;
				any = 1;
			}
		}
		for (; p < end && *p >= '0' && *p <= '9'; p++) {
			any = 1;
			if (ndig < 19) {
				mant = mant * 10 + (uint64_t)(*p - '0');
				ndig++;
				exp--;
			} else if (first < 0)
				first = *p - '0';
			else if (*p != '0')
				inexact = 1;
		}
	}
	sc->mant = mant;
	sc->exp = exp;
	sc->ndig = ndig;
	sc->any = any;
	sc->inexact = inexact;
	sc->first = first;
	return p;
}

/*
 * An exponent, "e[+-]digits", added to *exp; where it ends, or NULL when
 * no digit follows the e.
 */
static inline const char *
scan_exponent(const char *p, const char *end, int *exp)
{
	long e = 0;
	int eneg = 0;

	p++;
	if (p < end && (*p == '-' || *p == '+')) {
		eneg = *p == '-';
		p++;
	}
	if (p == end || *p < '0' || *p > '9')
		return NULL;
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		if (e < 100000)
			e = e * 10 + (*p - '0');
	*exp += eneg ? -(int)e : (int)e;
	return p;
}

/*
 * More than 19 significant digits: the mantissa is rounded, half to
 * even, as a correctly rounded conversion would, so that the error is at
 * most half a unit of the 19th digit and has no bias (truncation made
 * every such value small).
 */
static inline void
round_mantissa(struct scan *sc)
{
	if (sc->first > 5 || (sc->first == 5 && (sc->inexact ||
	    (sc->mant & 1))))
		sc->mant++;
	if (sc->mant == UINT64_C(10000000000000000000)) {
		sc->mant = UINT64_C(1000000000000000000);
		sc->exp++;
	}
	sc->inexact = sc->first != 0 || sc->inexact;
}

/*
 * The double of a scanned number.  Clinger's fast path: a mantissa below
 * 2^53 and a power of ten up to 1e22 are both exact, so one
 * multiplication or division gives the correctly rounded result; else
 * strtod() on the text.
 */
static inline enum bs_numparse
scan_double(const struct scan *sc, int neg, const char *s, size_t len,
    double *val)
{
	if (!sc->inexact && sc->mant < (UINT64_C(1) << 53) &&
	    sc->exp >= -22 && sc->exp <= 22) {
		double x = (double)sc->mant;

		x = sc->exp < 0 ? x / bs_pow10[-sc->exp] : x *
		    bs_pow10[sc->exp];
		*val = neg ? -x : x;
		return BS_NUM_OK;
	}
	if (sc->mant == 0) {
		*val = neg ? -0.0 : 0.0;
		return BS_NUM_OK;
	}
	if (sc->exp > 400)
		return BS_NUM_NONFINITE;
	return slowpath(s, len, val);
}

static enum bs_numparse parse_general(const char *, size_t, struct bs_dec *,
    double *);

enum bs_numparse
bs_parse_number(const char *s, size_t len, struct bs_dec *d, double *val)
{
	if (bs_number_fast(s, len, d, val))
		return BS_NUM_OK;
	return parse_general(s, len, d, val);
}

/*
 * What bs_number_fast() leaves.  Apart, and never inlined: its
 * registers and stack frame cost 19 instructions a call, on every number
 * of a file when the fast path shared the function.
 */
static __attribute__((noinline)) enum bs_numparse
parse_general(const char *s, size_t len, struct bs_dec *d, double *val)
{
	const char *p, *end;
	struct scan sc;
	int neg = 0;
	size_t tlen;

	trim_blanks(&s, &len);
	if (len == 0)
		return BS_NUM_MISSING;
	p = s;
	end = s + len;
	tlen = len;
	if (*p == '-' || *p == '+') {
		neg = *p == '-';
		p++;
		tlen--;
	}
	if (p == end)
		return BS_NUM_NOTNUM;
	if (*p > '9' || (*p < '0' && *p != '.'))
		return parse_word(s, len, p, tlen);
	p = scan_mantissa(p, end, &sc);
	if (!sc.any)
		return BS_NUM_NOTNUM;
	if (p < end && (*p == 'e' || *p == 'E') &&
	    (p = scan_exponent(p, end, &sc.exp)) == NULL)
		return BS_NUM_NOTNUM;
	if (p != end)
		return BS_NUM_NOTNUM;
	if (sc.first >= 0)
		round_mantissa(&sc);
	if (sc.mant == 0)
		sc.exp = 0;
	d->mant = sc.mant;
	d->exp = sc.exp;
	d->neg = neg;
	d->inexact = sc.inexact;
	return scan_double(&sc, neg, s, len, val);
}

/*
 * 128-bit integers are a GCC and Clang extension, which __extension__
 * says is meant (-Wpedantic); without them the exact shifts are lost.
 */
#ifndef __SIZEOF_INT128__
#error "libstat needs a 128-bit integer type (__int128)"
#endif
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/* 10^k as an unsigned 128-bit integer, k <= 38. */
static u128
pow10_128(int k)
{
	u128 r = 1;

	while (k-- > 0)
		r *= 10;
	return r;
}

/* Correctly rounded (double)(v * 10^exp) for an exact integer v. */
static double
scale10(i128 v, int exp)
{
	int neg = v < 0;
	u128 u = neg ? -(u128)v : (u128)v;
	double x;

	if (u < ((u128)1 << 53) && exp >= -22 && exp <= 22) {
		x = (double)u;
		x = exp < 0 ? x / bs_pow10[-exp] : x * bs_pow10[exp];
	} else {
		/* Two roundings: relative error below 2.3e-16. */
		long double lx = (long double)u;

		lx = exp < 0 ? lx / powl(10.0L, -exp) : lx * powl(10.0L, exp);
		x = (double)lx;
	}
	return neg ? -x : x;
}

double
bs_dec_sub(const struct bs_dec *x, const struct bs_dec *ref)
{
	i128 a, b;
	int e, da, db;

	if (x->mant == 0 && ref->mant == 0)
		return 0.0;
	e = x->exp < ref->exp ? x->exp : ref->exp;
	if (x->mant == 0)
		e = ref->exp;
	else if (ref->mant == 0)
		e = x->exp;
	da = x->exp - e;
	db = ref->exp - e;
	/*
	 * Both mantissas are below 1e19 < 2^64; scaled by up to 10^18
	 * their difference stays below 2^127.  Beyond that the magnitudes are so far
	 * apart that the difference in long double is exact enough.
	 */
	if (da > 18 || db > 18) {
		long double lx = (long double)x->mant * powl(10.0L, x->exp);
		long double lr = (long double)ref->mant * powl(10.0L, ref->exp);

		if (x->neg)
			lx = -lx;
		if (ref->neg)
			lr = -lr;
		return (double)(lx - lr);
	}
	a = (i128)(x->mant * pow10_128(da));
	b = (i128)(ref->mant * pow10_128(db));
	if (x->neg)
		a = -a;
	if (ref->neg)
		b = -b;
	return scale10(a - b, e);
}
