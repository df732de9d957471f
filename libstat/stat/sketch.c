/*
 * Relative-error quantile sketches (DDSketch, Masson, Rim and Lee, VLDB
 * 2019) for bstat --sketch, and their -f sketch files for --merge.
 *
 * A positive value x is counted in bucket k = ceil(ln x / ln g), with
 * g = (1 + a) / (1 - a): the bucket holds (g^(k-1), g^k], and its
 * estimate 2 g^k / (g + 1) lies within a relative a of each of them.
 * Negative values are counted by magnitude in a store of their own and
 * zero in a count.  A store is a dense array of counts over the keys
 * seen, grown at either end; the keys of all positive doubles, from the
 * smallest subnormal (ln = -744.4) to the largest (709.8), number
 * 1454.2 / ln g + 2, so a store can never hold more: 145,420 counts
 * (1.1 MiB) at a = 0.5 %, 727,000 (5.5 MiB) at the smallest accuracy
 * allowed, 0.1 %.  No bucket is ever collapsed, which is what makes two
 * sketches merge exactly by adding counts.
 *
 * A sketch of a few values keeps the values themselves, sorted, in the
 * room its two stores take (BS_SKETCH_EXACT of them), and answers with
 * them exactly; the value that would outgrow the room promotes it to
 * buckets (promote()), which count the values it held as if they had
 * come one by one, so that the buckets, and merging, are the same
 * whenever the promotion happened.  A million groups of a value each
 * are then a million sketches of no allocation but their own.
 *
 * bs_sketch_trim() packs a store the stream has left (a window of
 * bstat --every) to its counted keys, each count in the fewest bytes
 * (1, 2 or 4) that hold the largest: a window's few thousand requests
 * over ~250 keys take a byte a key, not 8.  Every reader goes through
 * cnt(); a count added later unpacks the store first (reserve()).
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "stat/stat.h"

struct store {
	union {
		uint64_t	*c;	/* pw 0: growable counts */
		uint8_t		*c1;	/* pw 1, 2, 4: packed, read only */
		uint16_t	*c2;
		uint32_t	*c4;
	};
	int32_t		 lo;		/* key of c[0] */
	uint8_t		 pw;		/* bytes a packed count; 0 unpacked */
	size_t		 len;
};

/* Count i of a store, packed or not. */
static inline uint64_t
cnt(const struct store *s, size_t i)
{
	switch (s->pw) {
	case 0:
		return s->c[i];
	case 1:
		return s->c1[i];
	case 2:
		return s->c2[i];
	default:
		return s->c4[i];
	}
}

/* A packed store back to counts of 8 bytes, that can grow. */
static int
unpack(struct store *s)
{
	uint64_t *c;

	if (s->pw == 0)
		return 0;
	if ((c = malloc((s->len + 1) * sizeof(*c))) == NULL)
		return -1;
	for (size_t i = 0; i < s->len; i++)
		c[i] = cnt(s, i);
	free(s->c1);
	s->c = c;
	s->pw = 0;
	return 0;
}

struct bs_sketch {
	double		 a;		/* relative accuracy */
	double		 lng;		/* ln g */
	double		 ilng;		/* 1 / ln g */
	double		 lnrep;		/* ln(2 / (g + 1)) */
	int32_t		 kmin, kmax;	/* keys of the extreme doubles */
	int		 exact;		/* the n values are in x[] */
	union {
		struct {
			struct store	 pos, neg;
		};
		double	 x[BS_SKETCH_EXACT];	/* ascending */
	};
	uint64_t	 zero, n;	/* zero: buckets only */
	double		 sum;
};

_Static_assert(sizeof(double[BS_SKETCH_EXACT]) <= 2 * sizeof(struct store),
    "the exact values take the stores' room");

/*
 * The key of x > 0, clamped to the keys a double can have.  The ceiling
 * by conversion and one comparison: ceil() is a call, or a dozen
 * instructions, without SSE4.1, and this runs once a value.  |f| is at
 * most 1454 / ln g, far inside an int32_t.
 */
static inline int32_t
key(const struct bs_sketch *k, double x)
{
	double f = log(x) * k->ilng;
	int32_t i = (int32_t)f;

	i += (double)i < f;
	if (i < k->kmin)
		return k->kmin;
	if (i > k->kmax)
		return k->kmax;
	return i;
}

/*
 * key() without a log() a value, the same key for every double: a table
 * a binade (the doubles of one exponent), cut by the top KT_BITS bits of
 * the mantissa into intervals narrower than a bucket (a ratio of at most
 * 1 + 2^-10, a bucket's is g >= 1.002 at the finest accuracy allowed),
 * so that at most one bucket boundary falls in each.  An interval holds
 * its first double's key k and that boundary b, the first double whose
 * key is k + 1, found by bisection over the doubles with key() itself;
 * a value a relative 2^-30 or more below b has key k, at or above it
 * k + 1, and one nearer is given to key() (log() is not proved monotone:
 * near b its rounding decides).  The tables are built with key() when a
 * binade is first met, for one g in the process (the first asked; any
 * other goes through key()), shared by every sketch and thread: built
 * under a lock, published with release and read with acquire.  Why not
 * log(): its latency is on every value (a third of bstat --sketch's
 * time on a CSV file), a lookup's is a load.
 */
#define KT_BITS		10
#define KT_BAND		0x1p-30

struct kent {
	double	 lo, hi;	/* x < lo: k; x >= hi: k + 1; else key() */
	int32_t	 k;
};

struct ktab {
	pthread_mutex_t	 mu;
	double		 ilng;		/* the g's, 0 until the first table */
	struct kent	*bin[2048];	/* by biased exponent */
};

static struct ktab kt = { .mu = PTHREAD_MUTEX_INITIALIZER };

/* The double of bits u. */
static double
dbl(uint64_t u)
{
	double x;

	memcpy(&x, &u, sizeof(x));
	return x;
}

/* Binade e's table, built with key() (under kt.mu); NULL when none. */
static struct kent *
kt_build(const struct bs_sketch *k, unsigned e)
{
	struct kent *t;
	const uint64_t step = UINT64_C(1) << (52 - KT_BITS);

	if ((t = malloc(sizeof(*t) << KT_BITS)) == NULL)
		return NULL;
	for (uint64_t i = 0; i < (UINT64_C(1) << KT_BITS); i++) {
		uint64_t lo = (uint64_t)e << 52 | i * step, hi = lo + step - 1;
		int32_t k0 = key(k, dbl(lo)), k1 = key(k, dbl(hi));

		t[i].k = k0;
		if (k1 == k0) {
			t[i].lo = t[i].hi = (double)INFINITY;
			continue;
		}
		if (k1 != k0 + 1) {	/* no table for it: key() */
			t[i].lo = -(double)INFINITY;
			t[i].hi = (double)INFINITY;
			continue;
		}
		while (hi - lo > 1) {	/* key(lo) = k0 < key(hi) */
			uint64_t m = lo + (hi - lo) / 2;

			if (key(k, dbl(m)) > k0)
				hi = m;
			else
				lo = m;
		}
		t[i].lo = dbl(hi) * (1 - KT_BAND);
		t[i].hi = dbl(hi) * (1 + KT_BAND);
	}
	return t;
}

/* key(k, x) for x > 0, by kt's tables when they are for k's g. */
static inline int32_t
key_table(struct ktab *kt, const struct bs_sketch *k, double x)
{
	uint64_t u;
	unsigned e;
	struct kent *t;
	const struct kent *en;

	memcpy(&u, &x, sizeof(u));
	e = (unsigned)(u >> 52);
	if (e == 0 || e >= 2047)
		return key(k, x);	/* subnormal, infinite */
	if ((t = __atomic_load_n(&kt->bin[e], __ATOMIC_ACQUIRE)) == NULL) {
		pthread_mutex_lock(&kt->mu);
		if (kt->ilng == 0)
			kt->ilng = k->ilng;
		if ((t = kt->bin[e]) == NULL && kt->ilng == k->ilng &&
		    (t = kt_build(k, e)) != NULL)
			__atomic_store_n(&kt->bin[e], t, __ATOMIC_RELEASE);
		pthread_mutex_unlock(&kt->mu);
		if (t == NULL)
			return key(k, x);
	}
	if (k->ilng != kt->ilng)
		return key(k, x);
	en = &t[(u >> (52 - KT_BITS)) & ((1u << KT_BITS) - 1)];
	if (x < en->lo)
		return en->k;
	if (x >= en->hi)
		return en->k + 1;
	return key(k, x);
}

/* key(k, x) for x > 0: the process's tables. */
static inline int32_t
key_fast(const struct bs_sketch *k, double x)
{
	return key_table(&kt, k, x);
}

/*
 * For the tests: the first of x[0 .. n) (each > 0) whose key by tables
 * of its own for accuracy a differs from key()'s, n when none does, or
 * SIZE_MAX when no sketch of a can be made.
 */
size_t
bs_sketch_key_check(double a, const double *x, size_t n)
{
	struct ktab t = { .mu = PTHREAD_MUTEX_INITIALIZER };
	struct bs_sketch *k = bs_sketch_new(a);
	size_t i;

	if (k == NULL)
		return SIZE_MAX;
	for (i = 0; i < n; i++)
		if (key_table(&t, k, x[i]) != key(k, x[i]))
			break;
	for (size_t e = 0; e < 2048; e++)
		free(t.bin[e]);
	bs_sketch_free(k);
	return i;
}

struct bs_sketch *
bs_sketch_new(double a)
{
	struct bs_sketch *k;
	double g;

	if (!(a >= BS_SKETCH_MINACC && a <= BS_SKETCH_MAXACC))
		return NULL;
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return NULL;
	g = (1 + a) / (1 - a);
	k->a = a;
	k->lng = log(g);
	k->ilng = 1 / k->lng;
	k->lnrep = log(2 / (g + 1));
	/* Not through key(): that clamps to these. */
	k->kmin = (int32_t)ceil(log(DBL_TRUE_MIN) * k->ilng);
	k->kmax = (int32_t)ceil(log(DBL_MAX) * k->ilng);
	k->exact = 1;
	return k;
}

void
bs_sketch_free(struct bs_sketch *k)
{
	if (k == NULL)
		return;
	if (!k->exact) {
		free(k->pos.c);
		free(k->neg.c);
	}
	free(k);
}

int
bs_sketch_exact(const struct bs_sketch *k)
{
	return k->exact;
}

/*
 * Make the store cover keys klo..khi.  It grows by half as much again
 * as it covers, so that a range widening a key at a time is copied a
 * logarithmic number of times, but never beyond the keys of the doubles:
 * that keeps the bound in the comment at the top.
 */
static int
reserve(struct store *s, int32_t klo, int32_t khi, int32_t kmin, int32_t kmax)
{
	int64_t lo, hi, pad;
	uint64_t *c;

	if (unpack(s) == -1)
		return -1;
	if (s->len > 0) {
		if (klo >= s->lo && khi <= s->lo + (int64_t)s->len - 1)
			return 0;
		if (klo > s->lo)
			klo = s->lo;
		if (khi < s->lo + (int64_t)s->len - 1)
			khi = (int32_t)(s->lo + (int64_t)s->len - 1);
	}
	/*
	 * A new store holds a few keys (one value in each of a million
	 * groups is common): it starts small and grows as above.
	 */
	pad = ((int64_t)khi - klo + 1) / 2 + (s->len > 0 ? 32 : 2);
	lo = (int64_t)klo - pad < kmin ? kmin : (int64_t)klo - pad;
	hi = (int64_t)khi + pad > kmax ? kmax : (int64_t)khi + pad;
	if ((c = calloc((size_t)(hi - lo + 1), sizeof(*c))) == NULL)
		return -1;
	if (s->len > 0)
		memcpy(c + (s->lo - lo), s->c, s->len * sizeof(*c));
	free(s->c);
	s->c = c;
	s->lo = (int32_t)lo;
	s->len = (size_t)(hi - lo + 1);
	return 0;
}

/*
 * Count x in the buckets (n and sum are the caller's).  Inline, as add1
 * into bs_sketch_add: a value of a --sketch series paid three calls.
 */
static inline __attribute__((always_inline)) int
bucket(struct bs_sketch *k, double x)
{
	struct store *s = &k->pos;
	int32_t i;

	if (x == 0) {
		k->zero++;
		return 0;
	}
	if (x < 0)
		s = &k->neg;
	i = key_fast(k, fabs(x));
	if ((s->pw != 0 || i < s->lo || i >= s->lo + (int64_t)s->len) &&
	    reserve(s, i, i, k->kmin, k->kmax) == -1)
		return -1;
	s->c[i - s->lo]++;
	return 0;
}

/*
 * From exact values to buckets: the values counted as bs_sketch_add()
 * would have counted them.  Out of memory, the sketch is left as it was.
 */
static int
promote(struct bs_sketch *k)
{
	double x[BS_SKETCH_EXACT];
	size_t i, n = (size_t)k->n;

	if (!k->exact)
		return 0;
	memcpy(x, k->x, sizeof(x));
	memset(&k->pos, 0, sizeof(k->pos));
	memset(&k->neg, 0, sizeof(k->neg));
	k->exact = 0;
	k->zero = 0;
	for (i = 0; i < n; i++)
		if (bucket(k, x[i]) == -1) {
			free(k->pos.c);
			free(k->neg.c);
			memcpy(k->x, x, sizeof(x));
			k->exact = 1;
			k->zero = 0;
			return -1;
		}
	return 0;
}

/* Keep x among the exact values, in order (room has been checked). */
static void
keep(struct bs_sketch *k, double x)
{
	size_t i = (size_t)k->n;

	/* -0 is counted as zero, as the buckets count it. */
	x += 0.0;
	while (i > 0 && k->x[i - 1] > x) {
		k->x[i] = k->x[i - 1];
		i--;
	}
	k->x[i] = x;
}

/* Count x: kept, or in the buckets (the sum is the caller's). */
static inline __attribute__((always_inline)) int
add1(struct bs_sketch *k, double x)
{
	if (k->exact && k->n < BS_SKETCH_EXACT)
		keep(k, x);
	else if ((k->exact && promote(k) == -1) || bucket(k, x) == -1)
		return -1;
	k->n++;
	return 0;
}

int
bs_sketch_add(struct bs_sketch *k, double x)
{
	if (add1(k, x) == -1)
		return -1;
	k->sum += x;
	return 0;
}

/* The first and last keys with a count; 0 when the store is empty. */
static int
used(const struct store *s, int32_t *lo, int32_t *hi)
{
	size_t i, j;

	for (i = 0; i < s->len && cnt(s, i) == 0; i++)
		;
	if (i == s->len)
		return 0;
	for (j = s->len - 1; cnt(s, j) == 0; j--)
		;
	*lo = s->lo + (int32_t)i;
	*hi = s->lo + (int32_t)j;
	return 1;
}

/* A store to its counted keys, packed (see the top); packed once. */
static void
store_trim(struct store *s)
{
	int32_t lo, hi;
	uint64_t max = 0;
	size_t i, n, off;
	uint8_t pw;
	void *c;

	if (s->len == 0 || s->pw != 0)
		return;
	if (!used(s, &lo, &hi)) {
		free(s->c);
		s->c = NULL;
		s->len = 0;
		return;
	}
	n = (size_t)(hi - lo + 1);
	off = (size_t)(lo - s->lo);
	for (i = 0; i < n; i++)
		if (s->c[off + i] > max)
			max = s->c[off + i];
	pw = max <= UINT8_MAX ? 1 : max <= UINT16_MAX ? 2 : max <=
	    UINT32_MAX ? 4 : 0;
	if (pw == 0 && n == s->len)
		return;
	if ((c = malloc(n * (pw == 0 ? sizeof(uint64_t) : pw))) == NULL)
		return;
	for (i = 0; i < n; i++)
		switch (pw) {
		case 0:
			((uint64_t *)c)[i] = s->c[off + i];
			break;
		case 1:
			((uint8_t *)c)[i] = (uint8_t)s->c[off + i];
			break;
		case 2:
			((uint16_t *)c)[i] = (uint16_t)s->c[off + i];
			break;
		default:
			((uint32_t *)c)[i] = (uint32_t)s->c[off + i];
		}
	free(s->c);
	s->c = c;
	s->pw = pw;
	s->lo = lo;
	s->len = n;
}

void
bs_sketch_trim(struct bs_sketch *k)
{
	if (k == NULL || k->exact)
		return;
	store_trim(&k->pos);
	store_trim(&k->neg);
}

/* Do two stores count the same (whatever room each has)? */
static int
samestore(const struct store *a, const struct store *b)
{
	int32_t alo, ahi, blo, bhi;
	int ua = used(a, &alo, &ahi), ub = used(b, &blo, &bhi);

	if (ua != ub)
		return 0;
	if (!ua)
		return 1;
	if (alo != blo || ahi != bhi)
		return 0;
	for (int32_t i = alo; i <= ahi; i++)
		if (cnt(a, (size_t)(i - a->lo)) != cnt(b, (size_t)(i - b->lo)))
			return 0;
	return 1;
}

static int
store_merge(struct store *d, const struct store *s, int32_t kmin,
    int32_t kmax)
{
	int32_t lo, hi;

	if (!used(s, &lo, &hi))
		return 0;
	if (reserve(d, lo, hi, kmin, kmax) == -1)
		return -1;
	for (int32_t i = lo; i <= hi; i++)
		d->c[i - d->lo] += cnt(s, (size_t)(i - s->lo));
	return 0;
}

int
bs_sketch_merge(struct bs_sketch *d, const struct bs_sketch *s,
    struct bs_err *e)
{
	if (d->a != s->a)
		return bs_seterr(e, NULL, 0, "sketches of different accuracy "
		    "(%g%% and %g%%) do not merge", 100 * d->a, 100 * s->a);
	if (d->n + s->n < d->n)
		return bs_seterr(e, NULL, 0, "too many values to count");
	if (s->exact) {
		/* As if its values had come one by one. */
		for (size_t i = 0; i < (size_t)s->n; i++)
			if (add1(d, s->x[i]) == -1)
				return bs_seterr(e, NULL, 0, "out of memory");
		d->sum += s->sum;
		return 0;
	}
	if ((d->exact && promote(d) == -1) ||
	    store_merge(&d->pos, &s->pos, d->kmin, d->kmax) == -1 ||
	    store_merge(&d->neg, &s->neg, d->kmin, d->kmax) == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	d->zero += s->zero;
	d->n += s->n;
	d->sum += s->sum;
	return 0;
}

double
bs_sketch_accuracy(const struct bs_sketch *k)
{
	return k->a;
}

uint64_t
bs_sketch_count(const struct bs_sketch *k)
{
	return k->n;
}

/*
 * The estimate of the values of bucket i, in one exp() so that it does
 * not overflow on the way.  The last bucket's estimate can lie beyond
 * the largest double: then it is that double.  Subnormal estimates are
 * rounded to the coarse steps of the subnormals, so the accuracy holds
 * from the smallest normal double up.
 */
static double
value(const struct bs_sketch *k, int32_t i)
{
	double v = exp((double)i * k->lng + k->lnrep);

	return isinf(v) ? DBL_MAX : v;
}

double
bs_sketch_rank(const struct bs_sketch *k, uint64_t r)
{
	uint64_t below = 0;
	size_t i;

	if (r < 1 || r > k->n)
		return NAN;
	if (k->exact)
		return k->x[r - 1];
	/* Most negative first: the largest magnitudes of the negatives. */
	for (i = k->neg.len; i-- > 0;)
		if ((below += cnt(&k->neg, i)) >= r)
			return -value(k, k->neg.lo + (int32_t)i);
	if ((below += k->zero) >= r)
		return 0.0;
	for (i = 0; i < k->pos.len; i++)
		if ((below += cnt(&k->pos, i)) >= r)
			return value(k, k->pos.lo + (int32_t)i);
	return NAN;
}

/* The rank of R's type-1 p-quantile of n values: see qpos() in summary.c. */
static uint64_t
rank1(uint64_t n, double p)
{
	const double fuzz = 4.0 * 2.220446049250313e-16;
	double nppm = (double)n * p, j = floor(nppm + fuzz);
	uint64_t r;

	r = (uint64_t)(j < 0 ? 0 : j) + (nppm > j ? 1 : 0);
	return r < 1 ? 1 : r > n ? n : r;
}

double
bs_sketch_quantile(const struct bs_sketch *k, double p)
{
	if (k->n == 0 || !(p >= 0 && p <= 1))
		return NAN;
	return bs_sketch_rank(k, rank1(k->n, p));
}

/* ------------------------------------------------------------------ */
/* Sets of sketched series */

struct setpriv {
	/*
	 * Joined key -> group, for merging files; made when first needed
	 * (a set taken from a table has its groups unique already), of
	 * the groups [0, hashed).
	 */
	struct bs_strhash	 h;
	size_t			 hashed;
	struct bs_arena		 arena;	/* keys, joined keys */
	struct bs_sbuf		 look;	/* the key looked up, joined */
	size_t			 kcap, scap;
	int			 anon;	/* its column named by DDSketch input */
};

/*
 * The group's key values joined, each followed by a NUL, so that no
 * two different keys join alike whatever bytes they hold; in b.
 */
static int
joinkey(struct bs_sbuf *b, char *const *key, size_t n)
{
	b->len = 0;
	for (size_t i = 0; i < n; i++)
		if (bs_sbuf_add(b, key[i], strlen(key[i]) + 1) == -1)
			return -1;
	return bs_sbuf_add(b, "", 0);
}

/* Group g into the hash, under its joined key kept in the arena. */
static int
hashgroup(struct setpriv *p, const char *j, size_t len, size_t g)
{
	char *k = bs_arena_alloc(&p->arena, len ? len : 1);

	if (k == NULL)
		return -1;
	memcpy(k, j, len);
	return bs_strhash_put(&p->h, k, len, g);
}

static struct setpriv *
setpriv(struct bs_sketchset *set)
{
	if (set->priv == NULL)
		set->priv = calloc(1, sizeof(struct setpriv));
	return set->priv;
}

/*
 * A new group with this key (a copy), its series empty and without
 * sketches; its index, or -1.
 */
static long
addgroup(struct bs_sketchset *set, char *const *key)
{
	struct setpriv *p = setpriv(set);
	size_t g, k, c;

	if (p == NULL)
		return -1;
	g = set->ngroups;
	if (bs_grow(&set->keys, &p->kcap, (g + 1) * set->ngcols + 1,
	    sizeof(*set->keys)) == -1 ||
	    bs_grow(&set->s, &p->scap, (g + 1) * set->nvcols + 1,
	    sizeof(*set->s)) == -1)
		return -1;
	for (k = 0; k < set->ngcols; k++)
		if ((set->keys[g * set->ngcols + k] = bs_arena_strndup(
		    &p->arena, key[k], strlen(key[k]))) == NULL)
			return -1;
	for (c = 0; c < set->nvcols; c++) {
		struct bs_sketch_series *s = &set->s[g * set->nvcols + c];

		memset(s, 0, sizeof(*s));
		s->mean = s->m2 = s->min = s->max = NAN;
	}
	set->ngroups++;
	return (long)g;
}

/* The index of the group with this key, added (empty) if new; -1. */
static long
setgroup(struct bs_sketchset *set, char *const *key)
{
	struct setpriv *p = setpriv(set);
	size_t c;
	long found, g;

	if (p == NULL)
		return -1;
	for (; p->hashed < set->ngroups; p->hashed++)
		if (joinkey(&p->look, set->keys + p->hashed * set->ngcols,
		    set->ngcols) == -1 || hashgroup(p, p->look.p, p->look.len,
		    p->hashed) == -1)
			return -1;
	if (joinkey(&p->look, key, set->ngcols) == -1)
		return -1;
	if ((found = bs_strhash_get(&p->h, p->look.p, p->look.len)) >= 0)
		return found;
	if ((g = addgroup(set, key)) < 0)
		return -1;
	for (c = 0; c < set->nvcols; c++)
		if ((set->s[(size_t)g * set->nvcols + c].sk =
		    bs_sketch_new(set->accuracy)) == NULL)
			return -1;
	if (hashgroup(p, p->look.p, p->look.len, (size_t)g) == -1)
		return -1;
	p->hashed++;
	return g;
}

void
bs_sketchset_free(struct bs_sketchset *set)
{
	struct setpriv *p = set->priv;
	size_t i;

	for (i = 0; i < set->ngcols; i++)
		free(set->gnames[i]);
	for (i = 0; i < set->nvcols; i++)
		free(set->vnames[i]);
	for (i = 0; set->s && i < set->ngroups * set->nvcols; i++)
		bs_sketch_free(set->s[i].sk);
	free(set->gnames);
	free(set->vnames);
	free(set->keys);
	free(set->s);
	if (p != NULL) {
		bs_strhash_free(&p->h);
		bs_arena_free(&p->arena);
		bs_sbuf_free(&p->look);
		free(p);
	}
	memset(set, 0, sizeof(*set));
}

static char **
dupnames(const char *const *names, size_t n)
{
	char **v = calloc(n + 1, sizeof(*v));

	for (size_t i = 0; v != NULL && i < n; i++)
		if ((v[i] = strdup(names[i])) == NULL)
			return NULL;
	return v;
}

int
bs_sketchset_from_table(struct bs_sketchset *set, struct bs_table *t,
    double accuracy, struct bs_err *e)
{
	const char **names;
	size_t g, c, k;

	set->accuracy = accuracy;
	set->ngcols = t->ngcols;
	set->nvcols = t->nvcols;
	if ((names = calloc(t->ngcols + t->nvcols + 1, sizeof(*names))) ==
	    NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (k = 0; k < t->ngcols; k++)
		names[k] = t->names[t->gcols[k]];
	for (c = 0; c < t->nvcols; c++)
		names[t->ngcols + c] = t->names[t->vcols[c]];
	set->gnames = dupnames(names, t->ngcols);
	set->vnames = dupnames(names + t->ngcols, t->nvcols);
	free(names);
	if (set->gnames == NULL || set->vnames == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	/* The table's groups are distinct: no lookup. */
	for (g = 0; g < t->ngroups; g++) {
		long sg = addgroup(set, t->groups[g].key);

		if (sg < 0)
			return bs_seterr(e, NULL, 0, "out of memory");
		for (c = 0; c < t->nvcols; c++) {
			struct bs_series *ts = &t->groups[g].s[c];
			struct bs_moments *m = ts->mom;
			struct bs_sketch_series *s =
			    &set->s[(size_t)sg * set->nvcols + c];

			s->missing += ts->missing;
			s->present |= ts->present;
			s->req += ts->req;
			s->err += ts->err;
			s->sat += ts->sat;
			s->tol += ts->tol;
			s->apn += ts->apn;
			if (m != NULL && m->sk != NULL) {
				s->sk = m->sk;
				m->sk = NULL;
			} else if ((s->sk = bs_sketch_new(accuracy)) == NULL)
				return bs_seterr(e, NULL, 0, "out of memory");
			if (m == NULL || m->n == 0)
				continue;
			if (!isfinite(s->m2 = bs_moments_m2(m)))
				return bs_seterr(e, NULL, 0, "%s: the running "
				    "sums of squares overflow for values this "
				    "far apart", set->vnames[c]);
			s->n = m->n;
			s->mean = bs_moments_mean(m, ts->refd);
			s->min = m->rmin;
			s->max = m->rmax;
			s->sum = bs_moments_sum(m);
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The -f sketch format: one JSON object, a series a line */

static int
putnum(FILE *fp, const char *name, double d)
{
	char buf[40];

	if (!isfinite(d))
		return fprintf(fp, ", \"%s\": null", name) < 0 ? -1 : 0;
	bs_fmt_double(buf, sizeof(buf), d);
	return fprintf(fp, ", \"%s\": %s", name, buf) < 0 ? -1 : 0;
}

static int
putnames(FILE *fp, char *const *v, size_t n)
{
	if (fputc('[', fp) == EOF)
		return -1;
	for (size_t i = 0; i < n; i++)
		if ((i > 0 && fputs(", ", fp) == EOF) ||
		    bs_json_string(fp, v[i], strlen(v[i])) == -1)
			return -1;
	return fputc(']', fp) == EOF ? -1 : 0;
}

/*
 * The non-empty buckets of a store: their keys, ascending, and counts.
 * Keys rather than a dense run from an offset, since data with gaps
 * (1 and 1e6) would write thousands of zeros.
 */
static int
putstore(FILE *fp, const char *name, const struct store *s)
{
	const char *sep = "";
	size_t i;

	if (fprintf(fp, ", \"%s\": {\"keys\": [", name) < 0)
		return -1;
	for (i = 0; i < s->len; i++)
		if (cnt(s, i) != 0) {
			if (fprintf(fp, "%s%ld", sep, (long)(s->lo +
			    (int32_t)i)) < 0)
				return -1;
			sep = ",";
		}
	if (fputs("], \"counts\": [", fp) == EOF)
		return -1;
	for (i = 0, sep = ""; i < s->len; i++)
		if (cnt(s, i) != 0) {
			if (fprintf(fp, "%s%llu", sep,
			    (unsigned long long)cnt(s, i)) < 0)
				return -1;
			sep = ",";
		}
	return fputs("]}", fp) == EOF ? -1 : 0;
}

/*
 * The zero count and the buckets of a sketch; a sketch that keeps its
 * values writes them too ("values", ascending), after buckets that
 * count them as if promoted, which a reader without "values" takes.
 */
static int
putbuckets(FILE *fp, const struct bs_sketch *k)
{
	struct bs_sketch t;
	const struct bs_sketch *b = k;
	char buf[40];
	int rc;

	if (k->exact) {
		t = *k;
		if (promote(&t) == -1) {
			errno = ENOMEM;
			return -1;
		}
		b = &t;
	}
	rc = fprintf(fp, ", \"zero\": %llu", (unsigned long long)b->zero) < 0 ||
	    putstore(fp, "positive", &b->pos) == -1 ||
	    putstore(fp, "negative", &b->neg) == -1 ? -1 : 0;
	if (k->exact) {
		free(t.pos.c);
		free(t.neg.c);
		if (rc == 0 && fputs(", \"values\": [", fp) == EOF)
			rc = -1;
		for (size_t i = 0; rc == 0 && i < (size_t)k->n; i++) {
			bs_fmt_double(buf, sizeof(buf), k->x[i]);
			if (fprintf(fp, "%s%s", i ? "," : "", buf) < 0)
				rc = -1;
		}
		if (rc == 0 && fputc(']', fp) == EOF)
			rc = -1;
	}
	return rc;
}

int
bs_sketchset_write(const struct bs_sketchset *set, FILE *fp)
{
	char buf[40];
	size_t g, c, any = 0;

	bs_fmt_double(buf, sizeof(buf), set->accuracy);
	if (fprintf(fp, "{\"format\": \"bstat-sketch\", \"version\": %d, "
	    "\"accuracy\": %s,\n \"mapping\": \"key = ceil(ln|x| / "
	    "ln((1+a)/(1-a))), value 2 g^key / (g + 1)\",\n \"groups\": ",
	    BS_SKETCH_VERSION, buf) < 0 ||
	    putnames(fp, set->gnames, set->ngcols) == -1 ||
	    fputs(", \"columns\": ", fp) == EOF ||
	    putnames(fp, set->vnames, set->nvcols) == -1 ||
	    fputs(",\n \"series\": [", fp) == EOF)
		return -1;
	for (g = 0; g < set->ngroups; g++)
		for (c = 0; c < set->nvcols; c++) {
			const struct bs_sketch_series *s =
			    &set->s[g * set->nvcols + c];

			/* A column no row of the group had: no series. */
			if (!s->present)
				continue;
			if (fputs(any++ ? ",\n  {\"key\": " :
			    "\n  {\"key\": ", fp) == EOF ||
			    putnames(fp, set->keys + g * set->ngcols,
			    set->ngcols) == -1 ||
			    fputs(", \"column\": ", fp) == EOF ||
			    bs_json_string(fp, set->vnames[c],
			    strlen(set->vnames[c])) == -1 ||
			    fprintf(fp, ", \"n\": %llu, \"missing\": %llu",
			    (unsigned long long)s->n,
			    (unsigned long long)s->missing) < 0 ||
			    putnum(fp, "sum", s->sum) == -1 ||
			    putnum(fp, "mean", s->mean) == -1 ||
			    putnum(fp, "m2", s->m2) == -1 ||
			    putnum(fp, "min", s->min) == -1 ||
			    putnum(fp, "max", s->max) == -1 ||
			    (s->estimated && fputs(", \"estimated\": true",
			    fp) == EOF) ||
			    putbuckets(fp, s->sk) == -1 ||
			    fputc('}', fp) == EOF)
				return -1;
		}
	return fputs("\n]}\n", fp) == EOF || fflush(fp) == EOF ? -1 : 0;
}

/* Chan, Golub and LeVeque's pairwise update: a takes b in. */
static void
chan(struct bs_sketch_series *a, const struct bs_sketch_series *b)
{
	double d, n;

	a->missing += b->missing;
	a->present |= b->present;
	a->estimated |= b->estimated;
	if (b->n == 0)
		return;
	if (a->n == 0) {
		a->n = b->n;
		a->mean = b->mean;
		a->m2 = b->m2;
		a->min = b->min;
		a->max = b->max;
		a->sum = b->sum;
		return;
	}
	n = (double)a->n + (double)b->n;
	d = b->mean - a->mean;
	a->mean += d * ((double)b->n / n);
	a->m2 += b->m2 + d * d * ((double)a->n * ((double)b->n / n));
	a->min = fmin(a->min, b->min);
	a->max = fmax(a->max, b->max);
	a->sum += b->sum;
	a->n += b->n;
}

/* A JSON array of strings, as allocated strings; NULL when it is not. */
static char **
getnames(json_t *a, size_t *n)
{
	char **v;
	size_t i;

	if (!json_is_array(a))
		return NULL;
	*n = json_array_size(a);
	if ((v = calloc(*n + 1, sizeof(*v))) == NULL)
		return NULL;
	for (i = 0; i < *n; i++) {
		json_t *s = json_array_get(a, i);

		if (!json_is_string(s) ||
		    (v[i] = strdup(json_string_value(s))) == NULL) {
			while (i-- > 0)
				free(v[i]);
			free(v);
			return NULL;
		}
	}
	return v;
}

static void
freenames(char **v, size_t n)
{
	for (size_t i = 0; v != NULL && i < n; i++)
		free(v[i]);
	free(v);
}

static int
samenames(char **a, size_t na, char **b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

/* "a, b" for messages. */
static void
listnames(char *buf, size_t len, char **v, size_t n)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? "," : "",
		    v[i]);
	if (n == 0)
		snprintf(buf, len, "(none)");
}

/* A count: a non-negative JSON integer. */
static int
getcount(json_t *o, const char *name, uint64_t *v)
{
	json_t *j = json_object_get(o, name);

	if (!json_is_integer(j) || json_integer_value(j) < 0)
		return -1;
	*v = (uint64_t)json_integer_value(j);
	return 0;
}

/* A number, or null for NaN. */
static int
getnum(json_t *o, const char *name, double *v)
{
	json_t *j = json_object_get(o, name);

	if (json_is_null(j)) {
		*v = NAN;
		return 0;
	}
	if (!json_is_number(j))
		return -1;
	*v = json_number_value(j);
	return 0;
}

/* One store of a series into a sketch; 0, or -1 with why in *why. */
static int
getstore(json_t *o, const char *name, struct bs_sketch *k, struct store *s,
    uint64_t *total, const char **why)
{
	json_t *st = json_object_get(o, name), *ks, *cs, *kj, *cj;
	json_int_t lo, hi, prev;
	size_t i, n;

	*why = "a store is not {\"keys\": [...], \"counts\": [...]} of "
	    "one length";
	if (!json_is_object(st) || !json_is_array(ks =
	    json_object_get(st, "keys")) || !json_is_array(cs =
	    json_object_get(st, "counts")) || json_array_size(ks) !=
	    json_array_size(cs))
		return -1;
	if ((n = json_array_size(ks)) == 0)
		return 0;
	*why = "bucket keys not ascending integers within those of the "
	    "doubles at this accuracy";
	kj = json_array_get(ks, 0);
	cj = json_array_get(ks, n - 1);
	if (!json_is_integer(kj) || !json_is_integer(cj))
		return -1;
	lo = json_integer_value(kj);
	hi = json_integer_value(cj);
	if (lo < k->kmin || hi > k->kmax || lo > hi)
		return -1;
	if (reserve(s, (int32_t)lo, (int32_t)hi, k->kmin, k->kmax) == -1) {
		*why = "out of memory";
		return -1;
	}
	for (i = 0, prev = lo - 1; i < n; i++) {
		json_int_t key;
		uint64_t v;

		kj = json_array_get(ks, i);
		cj = json_array_get(cs, i);
		*why = "bucket keys not ascending integers within those of "
		    "the doubles at this accuracy";
		if (!json_is_integer(kj) || (key = json_integer_value(kj)) <=
		    prev || key > hi)
			return -1;
		prev = key;
		*why = "a bucket count is not a positive integer";
		if (!json_is_integer(cj) || json_integer_value(cj) <= 0)
			return -1;
		v = (uint64_t)json_integer_value(cj);
		s->c[key - s->lo] = v;
		*why = "the bucket counts overflow";
		if (*total + v < *total)
			return -1;
		*total += v;
	}
	return 0;
}

/*
 * The values a series of few kept ("values"), when it has them: then
 * its sketch is made of them, exact, after they are found to be the n
 * values (ascending, finite, from min to max) that its buckets count.
 */
static int
getvalues(json_t *o, struct bs_sketch_series *ss, const char **why)
{
	json_t *a = json_object_get(o, "values");
	struct bs_sketch *k;
	size_t i, n;
	int same;

	if (a == NULL)
		return 0;
	*why = "\"values\" are not the series' n values (at most "
	    BS_SKETCH_EXACT_S "), ascending, from min to max";
	if (!json_is_array(a) || (n = json_array_size(a)) != ss->n ||
	    n > BS_SKETCH_EXACT)
		return -1;
	if ((k = bs_sketch_new(ss->sk->a)) == NULL) {
		*why = "out of memory";
		return -1;
	}
	for (i = 0; i < n; i++) {
		json_t *v = json_array_get(a, i);
		double x = json_is_number(v) ? json_number_value(v) : NAN;

		if (!isfinite(x) || (i > 0 && x < k->x[i - 1]) ||
		    (i == 0 && x != ss->min) || (i == n - 1 && x != ss->max)) {
			bs_sketch_free(k);
			return -1;
		}
		keep(k, x);
		k->n++;
	}
	k->sum = ss->sum;
	*why = "\"values\" that its buckets do not count";
	{
		struct bs_sketch t = *k;

		if (promote(&t) == -1) {
			bs_sketch_free(k);
			*why = "out of memory";
			return -1;
		}
		same = samestore(&t.pos, &ss->sk->pos) &&
		    samestore(&t.neg, &ss->sk->neg) && t.zero == ss->sk->zero;
		free(t.pos.c);
		free(t.neg.c);
	}
	if (!same) {
		bs_sketch_free(k);
		return -1;
	}
	bs_sketch_free(ss->sk);
	ss->sk = k;
	return 0;
}

/* One series of a file, checked, into ss (its sketch made here). */
static int
getseries(json_t *o, const struct bs_sketchset *f, size_t *col,
    struct bs_sketch_series *ss, const char **why)
{
	json_t *cj = json_object_get(o, "column");
	uint64_t total, zero;

	ss->present = 1;	/* written: a row had it */
	*why = "a series without a column of the file's columns";
	if (!json_is_string(cj))
		return -1;
	for (*col = 0; *col < f->nvcols; (*col)++)
		if (strcmp(f->vnames[*col], json_string_value(cj)) == 0)
			break;
	if (*col == f->nvcols)
		return -1;
	*why = "a series needs counts n, missing and zero, and numbers "
	    "sum, mean, m2, min, max";
	if (getcount(o, "n", &ss->n) == -1 ||
	    getcount(o, "missing", &ss->missing) == -1 ||
	    getcount(o, "zero", &zero) == -1 ||
	    getnum(o, "sum", &ss->sum) == -1 ||
	    getnum(o, "mean", &ss->mean) == -1 ||
	    getnum(o, "m2", &ss->m2) == -1 ||
	    getnum(o, "min", &ss->min) == -1 ||
	    getnum(o, "max", &ss->max) == -1)
		return -1;
	if ((ss->sk = bs_sketch_new(f->accuracy)) == NULL ||
	    promote(ss->sk) == -1) {
		*why = "out of memory";
		return -1;
	}
	total = zero;
	if (getstore(o, "positive", ss->sk, &ss->sk->pos, &total, why) == -1 ||
	    getstore(o, "negative", ss->sk, &ss->sk->neg, &total, why) == -1)
		return -1;
	*why = "the buckets do not add up to n";
	if (total != ss->n)
		return -1;
	*why = "n > 0 without mean, min and max, or min > max";
	if (ss->n > 0 && (!isfinite(ss->mean) || !isfinite(ss->min) ||
	    !isfinite(ss->max) || ss->min > ss->max))
		return -1;
	ss->sk->zero = zero;
	ss->sk->n = total;
	ss->sk->sum = ss->sum;
	ss->estimated = json_is_true(json_object_get(o, "estimated"));
	return getvalues(o, ss, why);
}

/* Merge the series of one parsed file (f holds its names) into set. */
static int
mergefile(struct bs_sketchset *set, const struct bs_sketchset *f,
    json_t *series, const char *path, struct bs_err *e)
{
	struct bs_sketch_series ss;
	struct bs_err me;
	char **key = NULL;
	const char *why;
	size_t i, nk = 0, col;
	long g;
	int rc = -1;

	memset(&ss, 0, sizeof(ss));

	for (i = 0; i < json_array_size(series); i++) {
		json_t *o = json_array_get(series, i);

		memset(&ss, 0, sizeof(ss));
		if (!json_is_object(o) || (key = getnames(json_object_get(o,
		    "key"), &nk)) == NULL || nk != f->ngcols) {
			bs_seterr(e, path, 0, "series %zu: its key is not %zu "
			    "strings", i + 1, f->ngcols);
			goto out;
		}
		if (getseries(o, f, &col, &ss, &why) == -1) {
			bs_seterr(e, path, 0, "series %zu: %s", i + 1, why);
			goto out;
		}
		if ((g = setgroup(set, key)) < 0) {
			bs_seterr(e, path, 0, "out of memory");
			goto out;
		}
		chan(&set->s[(size_t)g * set->nvcols + col], &ss);
		if (bs_sketch_merge(set->s[(size_t)g * set->nvcols + col].sk,
		    ss.sk, &me) == -1) {
			bs_seterr(e, path, 0, "%s", me.msg);
			goto out;
		}
		bs_sketch_free(ss.sk);
		ss.sk = NULL;
		freenames(key, nk);
		key = NULL;
	}
	rc = 0;
out:
	bs_sketch_free(ss.sk);
	freenames(key, nk);
	return rc;
}

/* ------------------------------------------------------------------ */
/* DDSketch protobuf messages (ddsketch.c has the wire format) */

/* Does the file hold JSON (a -f sketch file) rather than a protobuf? */
static int
jsonish(const struct bs_buf *b)
{
	size_t i;

	for (i = 0; i < b->len && strchr(" \t\r\n", b->data[i]) != NULL; i++)
		;
	return i < b->len && b->data[i] == '{';
}

/*
 * The bins of one store into the sketch: whole counts, their keys moved
 * by the mapping's offset into bstat's keys.
 */
static const char *
takebins(struct bs_sketch *k, struct store *s, const struct bs_dds_store *d,
    int64_t off)
{
	for (size_t i = 0; i < d->n; i++) {
		double c = d->b[i].count;
		int64_t key = (int64_t)d->b[i].key - off;

		if (c == 0)
			continue;
		if (!(c > 0 && c <= 9007199254740992.0 && c == floor(c)))
			return "a count that is not a whole number (weighted "
			    "sketches do not merge into counts)";
		if (key < k->kmin || key > k->kmax)
			return "a bin beyond the values a double can have";
		if (reserve(s, (int32_t)key, (int32_t)key, k->kmin,
		    k->kmax) == -1)
			return "out of memory";
		if (s->c[key - s->lo] + (uint64_t)c < s->c[key - s->lo])
			return "too many values to count";
		s->c[key - s->lo] += (uint64_t)c;
		k->n += (uint64_t)c;
	}
	return NULL;
}

/*
 * A protobuf carries no moments: they are taken from the bins, each
 * value as its bin's estimate (so within the accuracy, relative, for
 * the mean, min and max of values of one sign).
 */
/* Welford's update by a value v counted c times. */
static void
wadd(double *n, double *mean, double *m2, double v, uint64_t c)
{
	double d = v - *mean;

	*n += (double)c;
	*mean += d * ((double)c / *n);
	*m2 += d * (v - *mean) * (double)c;
}

static void
binmoments(struct bs_sketch_series *ss)
{
	const struct bs_sketch *k = ss->sk;
	double n = 0, mean = 0, m2 = 0;
	size_t i;

	/* In ascending order of value: most negative first. */
	for (i = k->neg.len; i-- > 0;)
		if (cnt(&k->neg, i) != 0)
			wadd(&n, &mean, &m2, -value(k, k->neg.lo + (int32_t)i),
			    cnt(&k->neg, i));
	if (k->zero != 0)
		wadd(&n, &mean, &m2, 0.0, k->zero);
	for (i = 0; i < k->pos.len; i++)
		if (cnt(&k->pos, i) != 0)
			wadd(&n, &mean, &m2, value(k, k->pos.lo + (int32_t)i),
			    cnt(&k->pos, i));
	ss->n = k->n;
	ss->present = 1;
	ss->estimated = 1;
	if (k->n == 0)
		return;
	ss->mean = mean;
	ss->m2 = m2;
	ss->sum = mean * n;
	ss->min = bs_sketch_rank(k, 1);
	ss->max = bs_sketch_rank(k, k->n);
}

/*
 * A DDSketch's index mapping as an accuracy: the logarithmic mapping
 * only (bstat's bins), a whole offset; near the set's own accuracy (the
 * libraries compute gamma their own way, an ulp apart), that one.
 */
static const char *
ddsacc(const struct bs_sketchset *set, const struct bs_dds *d, double *a)
{
	char buf[32];

	if (!d->has_mapping || !(d->gamma > 1))
		return "a DDSketch without its index mapping";
	if (d->interpolation != 0)
		return "an interpolated index mapping (linear, quadratic or "
		    "cubic): only the logarithmic one has bstat's bins";
	if (d->offset != floor(d->offset) || fabs(d->offset) > 1e9)
		return "an index offset that is not a whole number";
	*a = (d->gamma - 1) / (d->gamma + 1);
	if (set->vnames != NULL && fabs(*a - set->accuracy) <=
	    1e-9 * set->accuracy)
		*a = set->accuracy;
	else {
		snprintf(buf, sizeof(buf), "%.9g", *a);
		*a = strtod(buf, NULL);
	}
	if (!(*a >= BS_SKETCH_MINACC && *a <= BS_SKETCH_MAXACC))
		return "an accuracy outside 0.1% to 20%";
	return NULL;
}

/* A set made by DDSketch messages alone: its one column, "value". */
static int
ddsset(struct bs_sketchset *set, double a)
{
	const char *v = "value";

	set->accuracy = a;
	set->ngcols = 0;
	set->nvcols = 1;
	set->gnames = dupnames(NULL, 0);
	set->vnames = dupnames(&v, 1);
	if (set->gnames == NULL || set->vnames == NULL || setpriv(set) == NULL)
		return -1;
	((struct setpriv *)set->priv)->anon = 1;
	return 0;
}

static int
read_ddsketch(struct bs_sketchset *set, const struct bs_buf *buf,
    struct bs_err *e)
{
	struct bs_sketch_series ss;
	struct bs_dds d;
	struct bs_err me;
	const char *why = NULL;
	double a = 0;
	char *nokey[1] = { NULL };
	long g;
	int rc = -1;

	memset(&ss, 0, sizeof(ss));
	if (bs_dds_decode(&d, buf->data, buf->len) == -1) {
		bs_dds_free(&d);
		return bs_seterr(e, buf->name, 0, "not a sketch file (bstat -f "
		    "sketch) nor a DDSketch protobuf message");
	}
	if ((why = ddsacc(set, &d, &a)) != NULL)
		goto out;
	if (set->vnames != NULL && a != set->accuracy) {
		bs_seterr(e, buf->name, 0, "accuracy %g%% differs from %g%% of "
		    "the files before: sketches of different accuracy do not "
		    "merge", 100 * a, 100 * set->accuracy);
		goto done;
	}
	if (set->vnames != NULL && (set->ngcols != 0 || set->nvcols != 1)) {
		bs_seterr(e, buf->name, 0, "a DDSketch is one series without "
		    "groups; the files before have %zu group and %zu value "
		    "columns", set->ngcols, set->nvcols);
		goto done;
	}
	why = "out of memory";
	if ((set->vnames == NULL && ddsset(set, a) == -1) ||
	    (ss.sk = bs_sketch_new(a)) == NULL || promote(ss.sk) == -1)
		goto out;
	if ((why = takebins(ss.sk, &ss.sk->pos, &d.pos, (int64_t)d.offset)) ||
	    (why = takebins(ss.sk, &ss.sk->neg, &d.neg, (int64_t)d.offset)))
		goto out;
	why = "a zero count that is not a whole number";
	if (!(d.zero >= 0 && d.zero <= 9007199254740992.0 &&
	    d.zero == floor(d.zero)))
		goto out;
	ss.sk->zero = (uint64_t)d.zero;
	ss.sk->n += ss.sk->zero;
	binmoments(&ss);
	ss.sk->sum = ss.sum;
	why = "out of memory";
	if ((g = setgroup(set, nokey)) < 0)
		goto out;
	chan(&set->s[g], &ss);
	if (bs_sketch_merge(set->s[g].sk, ss.sk, &me) == -1) {
		bs_seterr(e, buf->name, 0, "%s", me.msg);
		goto done;
	}
	rc = 0;
	goto done;
out:
	bs_seterr(e, buf->name, 0, "DDSketch: %s", why);
done:
	bs_sketch_free(ss.sk);
	bs_dds_free(&d);
	return rc;
}

/* One store's non-empty bins, ascending, into the wire format's. */
static int
putbins(struct bs_dds_store *d, const struct store *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->len; i++)
		n += cnt(s, i) != 0;
	if (n == 0)
		return 0;
	if ((d->b = calloc(n, sizeof(*d->b))) == NULL)
		return -1;
	for (i = 0; i < s->len; i++)
		if (cnt(s, i) != 0) {
			d->b[d->n].key = s->lo + (int32_t)i;
			d->b[d->n++].count = (double)cnt(s, i);
		}
	d->cap = n;
	return 0;
}

/* The one series with data of the set, or NULL. */
static const struct bs_sketch_series *
oneseries(const struct bs_sketchset *set, size_t *n)
{
	const struct bs_sketch_series *one = NULL;

	*n = 0;
	for (size_t i = 0; i < set->ngroups * set->nvcols; i++)
		if (set->s[i].present) {
			one = &set->s[i];
			(*n)++;
		}
	return *n == 1 ? one : NULL;
}

int
bs_sketchset_estimated(const struct bs_sketchset *set)
{
	for (size_t i = 0; i < set->ngroups * set->nvcols; i++)
		if (set->s[i].estimated)
			return 1;
	return 0;
}

int
bs_sketchset_ddsketch_check(const struct bs_sketchset *set,
    struct bs_err *e)
{
	size_t n;

	if (oneseries(set, &n) != NULL)
		return 0;
	return bs_seterr(e, NULL, 0, "-f ddsketch writes one sketch: the input "
	    "has %zu series (one per group and value column); choose one with "
	    "-c and -g, or write -f sketch", n);
}

int
bs_sketchset_write_ddsketch(const struct bs_sketchset *set, FILE *fp)
{
	const struct bs_sketch_series *ss;
	struct bs_sketch t;
	struct bs_dds d;
	size_t n;
	int rc = -1;

	if ((ss = oneseries(set, &n)) == NULL) {
		errno = EINVAL;
		return -1;
	}
	/* A sketch that keeps its values writes the bins they fill. */
	t = *ss->sk;
	if (t.exact && promote(&t) == -1) {
		errno = ENOMEM;
		return -1;
	}
	memset(&d, 0, sizeof(d));
	d.gamma = (1 + t.a) / (1 - t.a);
	d.zero = (double)t.zero;
	if (putbins(&d.pos, &t.pos) == -1 || putbins(&d.neg, &t.neg) == -1)
		errno = ENOMEM;
	else
		rc = bs_dds_encode(&d, fp);
	bs_dds_free(&d);
	if (ss->sk->exact) {
		free(t.pos.c);
		free(t.neg.c);
	}
	return rc;
}

int
bs_sketchset_read(struct bs_sketchset *set, const char *path,
    struct bs_err *e)
{
	struct bs_sketchset f;
	struct bs_buf buf;
	json_error_t je;
	json_t *root = NULL, *j, *series;
	char a[256], b[256];
	int rc = -1;

	memset(&f, 0, sizeof(f));
	if (bs_buf_load(&buf, path, e) == -1)
		return -1;
	if (!jsonish(&buf)) {
		rc = read_ddsketch(set, &buf, e);
		bs_buf_free(&buf);
		return rc;
	}
	if ((root = json_loadb(buf.data, buf.len, 0, &je)) == NULL) {
		bs_seterr(e, buf.name, (size_t)je.line, "not a sketch file "
		    "(bstat -f sketch): %s", je.text);
		goto out;
	}
	j = json_object_get(root, "format");
	if (!json_is_string(j) || strcmp(json_string_value(j),
	    "bstat-sketch") != 0) {
		bs_seterr(e, buf.name, 0, "not a sketch file (bstat -f "
		    "sketch): no \"format\": \"bstat-sketch\"");
		goto out;
	}
	j = json_object_get(root, "version");
	if (!json_is_integer(j) || json_integer_value(j) !=
	    BS_SKETCH_VERSION) {
		bs_seterr(e, buf.name, 0, "sketch format version %lld: this "
		    "bstat reads version %d", json_is_integer(j) ?
		    (long long)json_integer_value(j) : -1LL,
		    BS_SKETCH_VERSION);
		goto out;
	}
	j = json_object_get(root, "accuracy");
	f.accuracy = json_is_number(j) ? json_number_value(j) : NAN;
	if (!(f.accuracy >= BS_SKETCH_MINACC &&
	    f.accuracy <= BS_SKETCH_MAXACC)) {
		bs_seterr(e, buf.name, 0, "the accuracy is not a ratio from "
		    "%g to %g", BS_SKETCH_MINACC, BS_SKETCH_MAXACC);
		goto out;
	}
	series = json_object_get(root, "series");
	if ((f.gnames = getnames(json_object_get(root, "groups"),
	    &f.ngcols)) == NULL || (f.vnames = getnames(json_object_get(root,
	    "columns"), &f.nvcols)) == NULL || !json_is_array(series)) {
		bs_seterr(e, buf.name, 0, "a sketch file needs \"groups\" and "
		    "\"columns\" (arrays of strings) and \"series\"");
		goto out;
	}
	if (set->vnames == NULL) {
		/* The first file: the set takes its names and accuracy. */
		set->accuracy = f.accuracy;
		set->gnames = f.gnames;
		set->ngcols = f.ngcols;
		set->vnames = f.vnames;
		set->nvcols = f.nvcols;
		if ((f.gnames = dupnames((const char *const *)set->gnames,
		    set->ngcols)) == NULL || (f.vnames = dupnames(
		    (const char *const *)set->vnames, set->nvcols)) == NULL) {
			bs_seterr(e, buf.name, 0, "out of memory");
			goto out;
		}
	} else if (f.accuracy != set->accuracy) {
		bs_seterr(e, buf.name, 0, "accuracy %g%% differs from %g%% of "
		    "the files before: sketches of different accuracy do not "
		    "merge", 100 * f.accuracy, 100 * set->accuracy);
		goto out;
	} else if (!samenames(f.gnames, f.ngcols, set->gnames, set->ngcols)) {
		listnames(a, sizeof(a), f.gnames, f.ngcols);
		listnames(b, sizeof(b), set->gnames, set->ngcols);
		bs_seterr(e, buf.name, 0, "group columns %s differ from %s of "
		    "the files before", a, b);
		goto out;
	} else if (set->priv != NULL && ((struct setpriv *)set->priv)->anon &&
	    f.ngcols == 0 &&
	    f.nvcols == 1) {
		/* Only DDSketch input before: its series takes this name. */
		char *v = strdup(f.vnames[0]);

		if (v == NULL) {
			bs_seterr(e, buf.name, 0, "out of memory");
			goto out;
		}
		free(set->vnames[0]);
		set->vnames[0] = v;
		((struct setpriv *)set->priv)->anon = 0;
	} else if (!samenames(f.vnames, f.nvcols, set->vnames, set->nvcols)) {
		listnames(a, sizeof(a), f.vnames, f.nvcols);
		listnames(b, sizeof(b), set->vnames, set->nvcols);
		bs_seterr(e, buf.name, 0, "value columns %s differ from %s of "
		    "the files before", a, b);
		goto out;
	}
	rc = mergefile(set, &f, series, buf.name, e);
out:
	freenames(f.gnames, f.ngcols);
	freenames(f.vnames, f.nvcols);
	json_decref(root);
	bs_buf_free(&buf);
	return rc;
}

/* ------------------------------------------------------------------ */

int
bs_sketch_summarize(const struct bs_sketch_series *s,
    const struct bs_summary_opts *o, struct bs_summary *r, struct bs_err *e)
{
	double hw, probs[BS_MAX_QUANT], *out[BS_MAX_QUANT];
	size_t i, nq;

	bs_summary_clear(r);
	bs_rates_fill(s->req, s->err, s->sat, s->tol, s->apn, o, r);
	r->n = (size_t)s->n;
	r->missing = (size_t)s->missing;
	if (s->n == 0)
		return 0;
	if (!isfinite(s->mean) || (s->n > 1 && !isfinite(s->m2)))
		return bs_seterr(e, NULL, 0, "the running sums overflow for "
		    "values this far apart; without --sketch all values are "
		    "kept and scaled");
	r->mean = bs_snap(s->mean);
	r->min = s->min;
	r->max = s->max;
	if (s->n > 1) {
		r->sd = sqrt(s->m2 / (double)(s->n - 1));
		r->se = r->sd / sqrt((double)s->n);
		hw = bs_t_halfwidth(r->sd, r->n, o->confidence);
		r->ci_lo = r->mean - hw;
		r->ci_hi = r->mean + hw;
		r->cv = r->mean != 0.0 ? r->sd / r->mean : NAN;
	}
	/* The quantiles the statistics need, by rank from the sketch. */
	nq = bs_summary_quantiles(r, o, BS_SN_SKETCH, probs, out);
	for (i = 0; i < nq; i++) {
		uint64_t k = rank1(s->n, probs[i]);
		double q;

		/*
		 * The extremes are known exactly; between them, the
		 * estimate is kept inside [min, max], which can only bring
		 * it nearer the order statistic.
		 */
		if (k == 1)
			q = s->min;
		else if (k == s->n)
			q = s->max;
		else
			q = fmin(fmax(bs_sketch_rank(s->sk, k), s->min),
			    s->max);
		*out[i] = q;
	}
	r->iqr = r->q3 - r->q1;
	if (isinf(r->cv))
		r->cv = NAN;
	bs_summary_mde(r, o);
	return 0;
}
