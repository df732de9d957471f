/*
 * The DDSketch protobuf encoding (the message DDSketch of Datadog's
 * sketches libraries, shared by their Java, Go, Python and JavaScript
 * versions), read and written for bstat -f ddsketch and --merge:
 *
 *   DDSketch     1 mapping (IndexMapping)  2 positiveValues (Store)
 *                3 negativeValues (Store)  4 zeroCount (double)
 *   IndexMapping 1 gamma (double)  2 indexOffset (double)
 *                3 interpolation (enum: 0 none, 1 linear, 2 quadratic,
 *                  3 cubic)
 *   Store        1 binCounts (map<sint32, double>)
 *                2 contiguousBinCounts (repeated double, packed)
 *                3 contiguousBinIndexOffset (sint32)
 *
 * A value v > 0 is in bin ceil(log_gamma v) + indexOffset, the bins of
 * bstat's sketch (sketch.c) when indexOffset is 0.  Only the wire format
 * is here: what the bins mean, and merging them, is sketch.c's.
 *
 * Written here and not with libprotobuf-c: that library needs its code
 * generator (protoc-c) in the build for three messages of five field
 * types, which this file reads and writes in under 300 lines, unknown
 * fields skipped as protobuf requires.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "stat/stat.h"

/* ------------------------------------------------------------------ */
/* Reading */

struct rd {
	const unsigned char *p, *end;
};

static int
varint(struct rd *r, uint64_t *v)
{
	uint64_t x = 0;
	int shift;

	for (shift = 0; shift < 64 && r->p < r->end; shift += 7) {
		unsigned char b = *r->p++;

		x |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*v = x;
			return 0;
		}
	}
	return -1;
}

static int
fixed64(struct rd *r, double *d)
{
	uint64_t u = 0;

	if (r->end - r->p < 8)
		return -1;
	for (int i = 7; i >= 0; i--)
		u = u << 8 | r->p[i];
	r->p += 8;
	memcpy(d, &u, sizeof(*d));
	return 0;
}

/* A length-delimited field: *sub covers its bytes. */
static int
lendelim(struct rd *r, struct rd *sub)
{
	uint64_t n;

	if (varint(r, &n) == -1 || n > (uint64_t)(r->end - r->p))
		return -1;
	sub->p = r->p;
	sub->end = r->p + n;
	r->p += n;
	return 0;
}

/* Skip a field of an unknown number. */
static int
skip(struct rd *r, unsigned wt)
{
	struct rd sub;
	uint64_t v;

	switch (wt) {
	case 0:
		return varint(r, &v);
	case 1:
		if (r->end - r->p < 8)
			return -1;
		r->p += 8;
		return 0;
	case 2:
		return lendelim(r, &sub);
	case 5:
		if (r->end - r->p < 4)
			return -1;
		r->p += 4;
		return 0;
	}
	return -1;
}

static int32_t
unzigzag(uint64_t v)
{
	return (int32_t)((uint32_t)(v >> 1) ^ -(uint32_t)(v & 1));
}

static int
addbin(struct bs_dds_store *s, int64_t key, double count)
{
	if (key < INT32_MIN || key > INT32_MAX)
		return -1;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		struct bs_dds_bin *b = realloc(s->b, cap * sizeof(*b));

		if (b == NULL)
			return -1;
		s->b = b;
		s->cap = cap;
	}
	s->b[s->n].key = (int32_t)key;
	s->b[s->n].count = count;
	s->n++;
	return 0;
}

/* One binCounts entry: key 1 (sint32), count 2 (double). */
static int
mapentry(struct rd *r, struct bs_dds_store *s)
{
	uint64_t tag, v;
	double count = 0;
	int32_t key = 0;

	while (r->p < r->end) {
		if (varint(r, &tag) == -1)
			return -1;
		if (tag == (1 << 3 | 0)) {
			if (varint(r, &v) == -1)
				return -1;
			key = unzigzag(v);
		} else if (tag == (2 << 3 | 1)) {
			if (fixed64(r, &count) == -1)
				return -1;
		} else if (skip(r, tag & 7) == -1)
			return -1;
	}
	return addbin(s, key, count);
}

/* Append a double to a growing array. */
static int
push(double **a, size_t *n, size_t *cap, double d)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		double *b = realloc(*a, c * sizeof(*b));

		if (b == NULL)
			return -1;
		*a = b;
		*cap = c;
	}
	(*a)[(*n)++] = d;
	return 0;
}

/*
 * A Store: its map entries as they come, its contiguous counts numbered
 * from the offset, wherever the offset stands in the message.
 */
static int
store(struct rd *r, struct bs_dds_store *s)
{
	struct rd sub;
	uint64_t tag, v;
	double d, *c = NULL;
	size_t nc = 0, cap = 0, i;
	int64_t off = 0;
	int rc = -1;

	while (r->p < r->end) {
		if (varint(r, &tag) == -1)
			goto out;
		switch (tag) {
		case 1 << 3 | 2:
			if (lendelim(r, &sub) == -1 || mapentry(&sub, s) == -1)
				goto out;
			break;
		case 2 << 3 | 2:	/* packed */
			if (lendelim(r, &sub) == -1)
				goto out;
			while (sub.p < sub.end)
				if (fixed64(&sub, &d) == -1 ||
				    push(&c, &nc, &cap, d) == -1)
					goto out;
			break;
		case 2 << 3 | 1:	/* one count, unpacked */
			if (fixed64(r, &d) == -1 || push(&c, &nc, &cap, d) == -1)
				goto out;
			break;
		case 3 << 3 | 0:
			if (varint(r, &v) == -1)
				goto out;
			off = unzigzag(v);
			break;
		default:
			if (skip(r, tag & 7) == -1)
				goto out;
		}
	}
	for (i = 0; i < nc; i++)
		if (c[i] != 0 && addbin(s, off + (int64_t)i, c[i]) == -1)
			goto out;
	rc = 0;
out:
	free(c);
	return rc;
}

static int
mapping(struct rd *r, struct bs_dds *d)
{
	uint64_t tag, v;

	while (r->p < r->end) {
		if (varint(r, &tag) == -1)
			return -1;
		if (tag == (1 << 3 | 1)) {
			if (fixed64(r, &d->gamma) == -1)
				return -1;
		} else if (tag == (2 << 3 | 1)) {
			if (fixed64(r, &d->offset) == -1)
				return -1;
		} else if (tag == (3 << 3 | 0)) {
			if (varint(r, &v) == -1)
				return -1;
			d->interpolation = v > 3 ? 4 : (int)v;
		} else if (skip(r, tag & 7) == -1)
			return -1;
	}
	d->has_mapping = 1;
	return 0;
}

int
bs_dds_decode(struct bs_dds *d, const void *buf, size_t len)
{
	struct rd r = { buf, (const unsigned char *)buf + len }, sub;
	uint64_t tag;

	memset(d, 0, sizeof(*d));
	while (r.p < r.end) {
		if (varint(&r, &tag) == -1)
			return -1;
		switch (tag) {
		case 1 << 3 | 2:
			if (lendelim(&r, &sub) == -1 || mapping(&sub, d) == -1)
				return -1;
			break;
		case 2 << 3 | 2:
			if (lendelim(&r, &sub) == -1 || store(&sub, &d->pos) == -1)
				return -1;
			break;
		case 3 << 3 | 2:
			if (lendelim(&r, &sub) == -1 || store(&sub, &d->neg) == -1)
				return -1;
			break;
		case 4 << 3 | 1:
			if (fixed64(&r, &d->zero) == -1)
				return -1;
			break;
		default:
			if (skip(&r, tag & 7) == -1)
				return -1;
		}
	}
	return 0;
}

void
bs_dds_free(struct bs_dds *d)
{
	free(d->pos.b);
	free(d->neg.b);
	memset(d, 0, sizeof(*d));
}

/* ------------------------------------------------------------------ */
/* Writing */

static int
putvarint(FILE *fp, uint64_t v)
{
	do {
		unsigned char b = v & 0x7f;

		if ((v >>= 7) != 0)
			b |= 0x80;
		if (putc(b, fp) == EOF)
			return -1;
	} while (v != 0);
	return 0;
}

static int
putdouble(FILE *fp, double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	for (int i = 0; i < 8; i++, u >>= 8)
		if (putc((int)(u & 0xff), fp) == EOF)
			return -1;
	return 0;
}

static size_t
varlen(uint64_t v)
{
	size_t n = 1;

	while (v >>= 7)
		n++;
	return n;
}

static uint64_t
zigzag(int32_t k)
{
	return (uint64_t)(((uint32_t)k << 1) ^ (uint32_t)(k >> 31));
}

/*
 * A Store as contiguous counts from its lowest bin (the form every
 * library reads; sketches-js reads no other): its bins must ascend.
 */
static size_t
storelen(const struct bs_dds_store *s, size_t *packed)
{
	size_t n;

	if (s->n == 0) {
		*packed = 0;
		return 0;
	}
	n = (size_t)((int64_t)s->b[s->n - 1].key - s->b[0].key + 1);
	*packed = 8 * n;
	return 1 + varlen(*packed) + *packed + 1 + varlen(zigzag(s->b[0].key));
}

static int
putstore(FILE *fp, unsigned field, const struct bs_dds_store *s)
{
	size_t packed, len = storelen(s, &packed), i;
	int32_t k;

	if (putvarint(fp, field << 3 | 2) == -1 || putvarint(fp, len) == -1)
		return -1;
	if (len == 0)
		return 0;
	if (putvarint(fp, 2 << 3 | 2) == -1 || putvarint(fp, packed) == -1)
		return -1;
	for (i = 0, k = s->b[0].key; i < s->n; k++) {
		double c = 0;

		if (s->b[i].key == k)
			c = s->b[i++].count;
		if (putdouble(fp, c) == -1)
			return -1;
	}
	if (putvarint(fp, 3 << 3 | 0) == -1 ||
	    putvarint(fp, zigzag(s->b[0].key)) == -1)
		return -1;
	return 0;
}

int
bs_dds_encode(const struct bs_dds *d, FILE *fp)
{
	/* gamma and indexOffset; interpolation 0 (none) is the default. */
	if (putvarint(fp, 1 << 3 | 2) == -1 || putvarint(fp, 18) == -1 ||
	    putvarint(fp, 1 << 3 | 1) == -1 || putdouble(fp, d->gamma) == -1 ||
	    putvarint(fp, 2 << 3 | 1) == -1 || putdouble(fp, d->offset) == -1)
		return -1;
	if (putstore(fp, 2, &d->pos) == -1 || putstore(fp, 3, &d->neg) == -1)
		return -1;
	if (putvarint(fp, 4 << 3 | 1) == -1 || putdouble(fp, d->zero) == -1)
		return -1;
	return fflush(fp) == EOF ? -1 : 0;
}
