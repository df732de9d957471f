/*
 * The core layer of libstat (libstat/core/), private to the library:
 * buffers, hash tables and arenas, exact numbers, metadata, result
 * cells and numbers for people, below every other layer.  Declarations
 * that no tool uses; the API is libstat.h (libstat(3)).  A layer's
 * header includes the one of the layer below it, never one above.
 */
#ifndef LIBSTAT_CORE_H
#define LIBSTAT_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "libstat.h"

/* ------------------------------------------------------------------ */
/* Exact decimal numbers */

/* x - ref, exactly rounded where possible. */
double	 bs_dec_sub(const struct bs_dec *x, const struct bs_dec *ref);

/* ------------------------------------------------------------------ */
/* Metadata and environment fingerprints (meta.c, env.c) */

/* 0, or -1 when out of memory. */
int	 bs_meta_set(struct bs_meta *, const char *key, const char *val);
const char *bs_meta_get(const struct bs_meta *, const char *key);
void	 bs_meta_free(struct bs_meta *);

/* The keys equal on both sides, not volatile: the controlled variables. */
int	 bs_meta_same(const struct bs_meta *b, const struct bs_meta *c,
	    const char ***keys, size_t *n);

/* ------------------------------------------------------------------ */
/* Summary statistics */

/*
 * The k-th smallest (0-based) of a[0..n), n > 0, by selection; a is
 * reordered around it.
 */
double	 bs_select(double *a, size_t n, size_t k);

/* ------------------------------------------------------------------ */
/* What a column name means (units.c) */

/* "rate", "time", "cost", "option", "format", "default". */
const char *bs_rule_name(enum bs_rule);

/* ------------------------------------------------------------------ */
/* Result tables and output */

/* In bs_result's unit classes: the cell is a spread (bs_result_unit()). */
#define BS_UNIT_SPREAD	((uint32_t)1 << 31)

/*
 * Say that a numeric cell is a quantity in unit u (bs_column_unit_as)
 * for the formats people read: table and md show it scaled to a
 * readable unit (bs_scale_choose), one scale for all the cells of the
 * same key, from the median magnitude of those that are levels, not
 * spreads (a mean, not its sd: spread set).  csv, tsv and json ignore it.
 */
int	 bs_result_unit(struct bs_result *, size_t row, size_t col,
	    const struct bs_colunit *u, const char *key, int spread);

/* Shortest text that reads back as the same double. */
void	 bs_fmt_double(char *buf, size_t len, double);
/* Display width of UTF-8 text in a terminal (CJK counts two). */
size_t	 bs_utf8_width(const char *s, size_t len);

/* ------------------------------------------------------------------ */
/* Numbers for people (format.c); machine formats use bs_fmt_double */

/* Six significant digits, all of an integer part up to 1e15; "-" if none. */
void	 bs_fmt_num(char *, size_t, double);
/* "+4.2% [+1.1%, +7.3%]", an open side "-inf"/"+inf"; "-" when NaN. */
void	 bs_fmt_change(char *, size_t, double x, double lo, double hi);
/* "0.0123", "0.500", "<0.001", "-": three significant digits. */
void	 bs_fmt_p(char *, size_t, double p);
/*
 * Cliff's delta in words by Romano et al.'s (2006) cut-offs: |d| < 0.147
 * "negligible", < 0.33 "small", < 0.474 "medium", else "large"; "" NaN.
 */
const char *bs_effect_name(double delta);

/* Significant digits of a scaled quantity: 2.918 ms, 11.10 us. */
#define BS_SIG_DIGITS	4

/*
 * How the values of one quantity are shown to people: multiplied by
 * factor, then prefix and unit ("387.7k msg/s", "2.918 ms").  on is 0
 * when the unit is not one we scale (the values are shown as they are).
 */
struct bs_scale {
	int		 on;
	double		 factor;
	char		 prefix[8];
	char		 unit[136];
};

/*
 * The scale for values in unit u whose typical magnitude is typical (in
 * u): times in ns, us, ms or s; sizes in B, KiB, MiB, GiB; byte rates in
 * B/s, kB/s, MB/s, GB/s; other rates per second with a k, M or G prefix.
 * The largest unit the typical value fills at least once.
 */
void	 bs_scale_choose(struct bs_scale *, const struct bs_colunit *u,
	    double typical);
/* x scaled, BS_SIG_DIGITS significant digits; bs_fmt_num when off. */
void	 bs_fmt_scaled(char *, size_t, double x, const struct bs_scale *);
/* The median of the finite non-zero magnitudes, or NaN if none. */
double	 bs_typical(const double *, size_t);

/* 1e0 .. 1e22, the powers of ten that are exact doubles. */
extern const double bs_pow10[23];

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * The 8 digits of x (its bytes as read, the first the lowest) as their
 * number in *v: 1, or 0 when a byte is no digit (Lemire's eight digits
 * at once).  x - '0's sets a byte's high bit when it was below '0' or
 * from 0xb0; x + 0x46s when it was above '9'.
 */
static inline int
bs_digits8(uint64_t x, uint64_t *v)
{
	uint64_t d = x - UINT64_C(0x3030303030303030);

	if ((((x + UINT64_C(0x4646464646464646)) | d) &
	    UINT64_C(0x8080808080808080)) != 0)
		return 0;
	d = d * 10 + (d >> 8);		/* pairs of digits in bytes 0, 2, 4, 6 */
	*v = ((d & UINT64_C(0x000000ff000000ff)) * (100 +
	    (UINT64_C(1000000) << 32)) + ((d >> 16) &
	    UINT64_C(0x000000ff000000ff)) * (1 + (UINT64_C(10000) << 32))) >>
	    32;
	return 1;
}

/*
 * 8 to 16 digits and nothing else (a time stamp in epoch seconds, ms or
 * us) as a number below 2^53 in *val, so exactly the double
 * bs_parse_number() makes of them: 1, else 0 for the general parse.
 * Reads only its len bytes, eight at a time.
 */
static inline int
bs_digits_fast(const char *s, size_t len, double *val)
{
	static const uint64_t p10[] = { 1, 10, 100, 1000, 10000, 100000,
	    1000000, 10000000, 100000000 };
	uint64_t x, a, b;

	if (len < 8 || len > 16)
		return 0;
	memcpy(&x, s, 8);
	if (!bs_digits8(x, &a))
		return 0;
	if (len > 8) {
		size_t n = len - 8;

		/* The last 8 bytes, those of the first 8 read as zeros. */
		memcpy(&x, s + n, 8);
		if (n < 8) {
			uint64_t m = (UINT64_C(1) << (8 * (8 - n))) - 1;

			x = (x & ~m) | (UINT64_C(0x3030303030303030) & m);
		}
		if (!bs_digits8(x, &b))
			return 0;
		a = a * p10[n] + b;
	}
	if (a >= (UINT64_C(1) << 53))
		return 0;
	*val = (double)a;
	return 1;
}

/*
 * 4 to 8 digits and nothing else as their number in *v: 1, else 0.
 * The first and the last four bytes are read (they overlap below 8) and
 * put together as eight digits, zeros in front, for bs_digits8(): no
 * loop over the digits, whose every step waits for the one before.
 */
static inline int
bs_digits_short(const char *s, size_t len, uint64_t *v)
{
	uint32_t lo, hi;
	unsigned n = (unsigned)(8 - len);
	uint64_t x;

	memcpy(&lo, s, 4);
	memcpy(&hi, s + len - 4, 4);
	x = ((((uint64_t)lo << (8 * n)) | (UINT64_C(0x30303030) &
	    ((UINT64_C(1) << (8 * n)) - 1))) & UINT64_C(0xffffffff)) |
	    ((uint64_t)hi << 32);
	return bs_digits8(x, v);
}
#else
static inline int
bs_digits_fast(const char *s, size_t len, double *val)
{
	(void)s, (void)len, (void)val;
	return 0;
}

static inline int
bs_digits_short(const char *s, size_t len, uint64_t *v)
{
	(void)s, (void)len, (void)v;
	return 0;
}
#endif

/*
 * The common case first: [-]digits[.digits], 1 to 19 digits in all, no
 * blanks, no exponent.  Returns 0 when the text is anything else, for
 * the general scanner.  bs_parse_number() begins with it; here for the
 * readers of large files to call inline (bs_parse_number() when it says
 * 0: the same answer, a call less on every value).
 */
static inline __attribute__((always_inline)) int
bs_number_fast(const char *s, size_t len, struct bs_dec *d, double *val)
{
	const char *p = s, *end = s + len, *q;
	uint64_t mant = 0;
	int neg = 0, nint, nfrac = 0;

	/* A plain integer of 4 to 8 digits, a time in ns or us: at once. */
	if (len >= 4 && len <= 8 && bs_digits_short(s, len, &mant)) {
		d->mant = mant;
		d->exp = 0;
		d->neg = 0;
		d->inexact = 0;
		*val = (double)mant;
		return 1;
	}
	if (p < end && *p == '-') {
		neg = 1;
		p++;
	}
	for (q = p; p < end && (unsigned)(*p - '0') < 10; p++)
		mant = mant * 10 + (uint64_t)(*p - '0');
	nint = (int)(p - q);
	if (p < end && *p == '.') {
		for (q = ++p; p < end && (unsigned)(*p - '0') < 10; p++)
			mant = mant * 10 + (uint64_t)(*p - '0');
		nfrac = (int)(p - q);
	}
	if (p != end || nint + nfrac == 0 || nint + nfrac > 19 ||
	    nfrac > 22)
		return 0;
	d->mant = mant;
	d->exp = mant ? -nfrac : 0;
	d->neg = neg;
	d->inexact = 0;
	if (mant >= (UINT64_C(1) << 53))
		return 0;	/* the general path rounds it exactly */
	*val = nfrac ? (double)mant / bs_pow10[nfrac] : (double)mant;
	if (neg)
		*val = -*val;
	return 1;
}


/* FNV-1a hash of a string, for the hash tables of readers and tables. */
uint64_t bs_fnv1a(const char *s, size_t len);
/*
 * Threads for `work` units, a thread worth `per` of them: jobs when
 * given (> 0), at most max; else the online CPUs, at most
 * BS_JOBS_DEFAULT; no more than the work is worth when jobs is not
 * given, or fit is set; at least 1 (read/chunks.c, stat/summary.c).
 */
size_t	 bs_threads(long jobs, size_t max, size_t work, size_t per, int fit);

/* Growable byte buffer. */
struct bs_sbuf {
	char	*p;
	size_t	 len, cap;
};

int	 bs_sbuf_add(struct bs_sbuf *, const void *, size_t);
void	 bs_sbuf_free(struct bs_sbuf *);
/* t, or its copy in *tmp with control characters escaped (output.c). */
const char *bs_oneline(const char *t, char **tmp);

/*
 * A set of strings by content, each with an index; the strings are not
 * copied and must outlive the set.  Zero-initialise; get returns the
 * index or -1; put adds (no check for presence), 0 or -1.
 */
struct bs_strhash {
	struct bs_strent {
		const char	*s;
		size_t		 len, idx;
	}		*e;
	size_t		 cap, n;
};

long	 bs_strhash_get(const struct bs_strhash *, const char *, size_t);
int	 bs_strhash_put(struct bs_strhash *, const char *, size_t, size_t);
void	 bs_strhash_free(struct bs_strhash *);

/* Grow *pp (elements of size sz) to hold at least need; 0 or -1. */
int	 bs_grow(void *pp, size_t *cap, size_t need, size_t sz);

/*
 * An arena: many small allocations carved out of a few blocks, freed
 * together, without the 16 bytes and the rounding malloc adds to each
 * (a million group keys of 8 bytes take 8 MB, not 32).  Zero-initialise.
 * Allocations are aligned to 8 bytes (pointers, doubles, 64-bit
 * integers; not long double); NULL when out of memory.
 */
struct bs_arena {
	struct bs_ablock *head;
	size_t		  used, size;	/* in head */
	size_t		  next;		/* size of the next block */
};

void	*bs_arena_alloc(struct bs_arena *, size_t);
char	*bs_arena_strndup(struct bs_arena *, const char *, size_t);
void	 bs_arena_free(struct bs_arena *);

/*
 * Zeroed memory in whole cache lines of its own (n bytes rounded up to
 * 64, aligned to 64): what one thread writes a record shares no line
 * with what another's reads, which made two threads slower than one.
 * free() it; NULL when out of memory.
 */
void	*bs_line_calloc(size_t n);

/* bs_typical() of v[0..n), which it reorders and overwrites: no copy. */
double	 bs_typical_scratch(double *v, size_t n);

struct json_t;

/* ---- metadata (meta.c) */
struct json_t;
/* Hand a JSON value to cb's meta hook under prefix, flattened. */
void	 bs_meta_json(const struct bs_reader_cb *, const char *prefix,
	    struct json_t *);
int	 bs_meta_scalar(struct json_t *, char *buf, size_t len);
/*
 * "# key: value" (a metadata comment before a table): key and value
 * bounds; 0 when the line is no such comment.
 */
int	 bs_meta_comment(const char *s, size_t len, const char **k,
	    size_t *klen, const char **v, size_t *vlen);
/* The bytes of the leading lines that start with '#' (detection). */
size_t	 bs_skip_comments(const char *p, size_t len);
/* Bytes of the valid UTF-8 sequence at s[0..len), or 0 (output.c). */
size_t	 bs_utf8_seq(const unsigned char *s, size_t len);

/* ---- selection (select.c) */
/* The k-th smallest of a[lo..hi] put at a[k] (lo <= k <= hi). */
void	 bs_select_range(double *a, size_t lo, size_t hi, size_t k);

/* How a difference in key matters to a comparison (enum bs_metakind). */
enum bs_metakind bs_meta_kind(const char *key);

/* ---- a comparison with a threshold (cond.c) */
/* "<=", "<", ">=", ">". */
const char *bs_cond_op_text(enum bs_cond_op);

#endif /* LIBSTAT_CORE_H */
