/*
 * Exact running sums of decimal values: the moments of the streaming
 * table (bstat --sketch, --every).  A value as parsed is an integer
 * mantissa times a power of ten (struct bs_dec); scaled to the smallest
 * exponent of the values, the values, their sum and the sum of their
 * squares are integers, kept exactly (128 and 192 bits), and the sum of
 * squared deviations is one exact subtraction, n Q - S^2, rounded once.
 * So the sums do not depend on the order the values came in: the sums
 * of the parts of a file (chunks read in parallel, -j) merge into the
 * very sums of the whole, and -j N prints -j 1's bytes.
 *
 * A value that does not fit ends it (bs_xsum.on = 0): more than 19
 * digits, or a scaled mantissa of 2^63 or more, which takes values more
 * than 10^18 times apart in their last digits; the caller goes on with
 * Welford's running mean.  Whether it ends depends on the values alone
 * (does every one fit at the smallest exponent of all?), never on their
 * order or on where a file was cut: what the merge of two parts tests.
 *
 * GCC's unsigned __int128 does the arithmetic.  A big-number library
 * (GMP) would allocate, and be slower on a path that runs once a value,
 * for sums whose size is bounded (n < 2^64 values under 2^63 each).
 * No long double: valgrind computes it with a double's 53 bits, and
 * its runs of the tests must print what the native runs print.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "stat/stat.h"

typedef unsigned __int128 u128;

/* (2^63 - 1) / 10^k: the largest mantissa that fits scaled by 10^k. */
static const uint64_t fitmax[19] = {
	INT64_MAX, INT64_MAX / 10, INT64_MAX / 100, INT64_MAX / 1000,
	INT64_MAX / 10000, INT64_MAX / 100000, INT64_MAX / 1000000,
	INT64_MAX / 10000000, INT64_MAX / 100000000,
	INT64_MAX / 1000000000, INT64_MAX / 10000000000,
	INT64_MAX / 100000000000, INT64_MAX / 1000000000000,
	INT64_MAX / 10000000000000, INT64_MAX / 100000000000000,
	INT64_MAX / 1000000000000000, INT64_MAX / 10000000000000000,
	INT64_MAX / 100000000000000000, INT64_MAX / 1000000000000000000
};

static uint64_t
pow10u(int k)
{
	uint64_t p = 1;

	while (k-- > 0)
		p *= 10;
	return p;
}

static u128
getsum(const struct bs_xsum *x)
{
	return (u128)x->s[1] << 64 | x->s[0];
}

static void
putsum(struct bs_xsum *x, u128 s)
{
	x->s[0] = (uint64_t)s;
	x->s[1] = (uint64_t)(s >> 64);
}

/* q (192 bits) times f < 2^64; no overflow by the bound on the values. */
static void
qmul(uint64_t q[3], uint64_t f)
{
	u128 c = 0;

	for (int i = 0; i < 3; i++) {
		c += (u128)q[i] * f;
		q[i] = (uint64_t)c;
		c >>= 64;
	}
}

/* The sums scaled by 10^k (k <= 18), when the largest value still fits. */
static int
rescale(struct bs_xsum *x, int k)
{
	uint64_t f;

	if (k == 0 || x->amax == 0)
		return 0;
	if (k > 18 || x->amax > fitmax[k])
		return -1;
	f = pow10u(k);
	putsum(x, getsum(x) * f);
	qmul(x->q, f);
	qmul(x->q, f);
	x->amax *= f;
	return 0;
}

int
bs_xsum_start(struct bs_xsum *x, const struct bs_dec *d)
{
	memset(x, 0, sizeof(*x));
	if (d->inexact || d->mant >> 63)
		return -1;
	x->on = 1;
	x->scale = d->exp;
	bs_xsum_put(x, d->mant, d->neg);
	return 0;
}

int
bs_xsum_slow(struct bs_xsum *x, const struct bs_dec *d)
{
	int k;

	if (!x->on || d->inexact || d->mant >> 63)
		return -1;
	if (d->mant == 0)
		return 0;	/* a zero is one at any scale */
	if (x->amax == 0)
		x->scale = d->exp;	/* zeros so far: no scale yet */
	if (d->exp > x->scale) {
		k = d->exp - x->scale;
		if (k > 18 || d->mant > fitmax[k])
			return -1;
		bs_xsum_put(x, d->mant * pow10u(k), d->neg);
		return 0;
	}
	if (rescale(x, x->scale - d->exp) == -1)
		return -1;
	x->scale = d->exp;
	bs_xsum_put(x, d->mant, d->neg);
	return 0;
}

int
bs_xsum_merge(struct bs_xsum *a, const struct bs_xsum *b)
{
	struct bs_xsum t = *a, u = *b;
	u128 q;
	int e;

	if (!a->on || !b->on)
		return -1;
	if (b->amax == 0)
		return 0;
	if (a->amax == 0) {
		*a = *b;
		return 0;
	}
	e = a->scale < b->scale ? a->scale : b->scale;
	if (rescale(&t, t.scale - e) == -1 || rescale(&u, u.scale - e) == -1)
		return -1;
	t.scale = e;
	putsum(&t, getsum(&t) + getsum(&u));
	q = (u128)t.q[0] + u.q[0];
	t.q[0] = (uint64_t)q;
	q = (q >> 64) + t.q[1] + u.q[1];
	t.q[1] = (uint64_t)q;
	t.q[2] += u.q[2] + (uint64_t)(q >> 64);
	if (u.amax > t.amax)
		t.amax = u.amax;
	*a = t;
	return 0;
}

/*
 * The decimal digits of a, after p (a buffer's end): written backwards,
 * the first of them returned.
 */
static char *
u128dig(char *p, u128 a)
{
	*--p = '\0';
	do {
		*--p = (char)('0' + (int)(a % 10));
		a /= 10;
	} while (a != 0);
	return p;
}

/*
 * The decimal "[-]DIGITS.FRACTIONe<k>" to a double, rounded once by
 * strtod(): the only way to scale by a power of ten with one rounding
 * where the power is no double (10^23 and beyond), as DBL_MAX's digits
 * need.  Done once a series, not once a value.
 */
static double
decimal(int neg, const char *digits, const char *frac, int k)
{
	char buf[160];

	snprintf(buf, sizeof(buf), "%s%s.%se%d", neg ? "-" : "", digits,
	    frac, k);
	return strtod(buf, NULL);
}

double
bs_xsum_sum(const struct bs_xsum *x)
{
	__int128 s = (__int128)getsum(x);
	char b[48];

	if (x->amax == 0)
		return 0.0;
	return decimal(s < 0, u128dig(b + sizeof(b), s < 0 ? -(u128)s :
	    (u128)s), "0", x->scale);
}

/*
 * S / n times 10^scale: the quotient's digits, then the remainder's by
 * long division until 20 significant digits, and a last 1 where the
 * remainder is not yet 0 (a tie then rounds as the exact value does).
 */
double
bs_xsum_mean(const struct bs_xsum *x, uint64_t n)
{
	__int128 s = (__int128)getsum(x);
	u128 a = s < 0 ? -(u128)s : (u128)s, q, r;
	char b[48], f[64], *dig;
	size_t i = 0, sig;

	if (x->amax == 0 || n == 0)
		return 0.0;
	q = a / n;
	r = a % n;
	dig = u128dig(b + sizeof(b), q);
	sig = q != 0 ? strlen(dig) : 0;
	while (r != 0 && sig < 20 && i < sizeof(f) - 2) {
		r *= 10;
		f[i++] = (char)('0' + (int)(r / n));
		r %= n;
		if (sig > 0 || f[i - 1] != '0')
			sig++;
	}
	if (r != 0)
		f[i++] = '1';
	if (i == 0)
		f[i++] = '0';
	f[i] = '\0';
	return decimal(s < 0, dig, f, x->scale);
}

/* A double x times 10^k, rounded once (its 17 digits are exact enough). */
static double
scale10(double x, int k)
{
	char buf[40], *e;

	if (k == 0 || x == 0.0 || !isfinite(x))
		return x;
	snprintf(buf, sizeof(buf), "%.17e", x);
	if ((e = strchr(buf, 'e')) == NULL)
		return x;
	snprintf(e, sizeof(buf) - (size_t)(e - buf), "e%d",
	    atoi(e + 1) + k);
	return strtod(buf, NULL);
}

/*
 * A 256-bit v (4 limbs, low first) as a double, rounded once: its top
 * 128 bits from the highest bit set, the bits below them folded into
 * the lowest (sticky: they decide a tie), then libgcc's conversion.
 */
static double
u256d(const uint64_t v[4])
{
	int i = 3, sh;
	u128 top;
	uint64_t below = 0;

	while (i > 0 && v[i] == 0)
		i--;
	if (i == 0)
		return (double)v[0];
	sh = __builtin_clzll(v[i]);
	top = ((u128)v[i] << 64 | v[i - 1]) << sh;
	if (i >= 2) {
		if (sh > 0)
			top |= v[i - 2] >> (64 - sh);
		below = v[i - 2] << sh;
		for (int j = 0; j < i - 2; j++)
			below |= v[j];
	}
	return ldexp((double)(top | (below != 0)), 64 * (i - 1) - sh);
}

/*
 * The sum of squared deviations from the mean, (n Q - S^2) / n, from the
 * exact numerator: n Q (64 x 192 bits) less S^2 (128 x 128), 256 bits.
 */
double
bs_xsum_m2(const struct bs_xsum *x, uint64_t n)
{
	__int128 ss = (__int128)getsum(x);
	u128 a = ss < 0 ? -(u128)ss : (u128)ss, c = 0, p;
	uint64_t nq[4], s2[4], al = (uint64_t)a, ah = (uint64_t)(a >> 64);
	uint64_t b = 0;

	if (x->amax == 0 || n < 2)
		return 0.0;
	for (int i = 0; i < 3; i++) {
		c += (u128)x->q[i] * n;
		nq[i] = (uint64_t)c;
		c >>= 64;
	}
	nq[3] = (uint64_t)c;
	p = (u128)al * al;
	s2[0] = (uint64_t)p;
	c = (p >> 64) + (u128)al * ah;	/* < 2^128: no carry lost */
	p = (u128)(uint64_t)c + (u128)al * ah;
	s2[1] = (uint64_t)p;
	c = (c >> 64) + (p >> 64) + (u128)ah * ah;
	s2[2] = (uint64_t)c;
	s2[3] = (uint64_t)(c >> 64);
	for (int i = 0; i < 4; i++) {
		u128 d = (u128)nq[i] - s2[i] - b;

		nq[i] = (uint64_t)d;
		b = (uint64_t)(d >> 64) != 0;
	}
	return scale10(u256d(nq) / (double)n, 2 * x->scale);
}
