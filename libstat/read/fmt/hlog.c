/*
 * HdrHistogram's interval log (.hlog: HistogramLogWriter of Java's
 * HdrHistogram, of hdr-histogram-js, of wrk2 and others): "#[StartTime:
 * S (seconds since epoch), ...]" and "#[BaseTime: ...]" comments, a
 * legend "StartTimestamp","Interval_Length","Interval_Max",
 * "Interval_Compressed_Histogram", then one line per interval,
 * [Tag=T,]start,length,max,HISTFAAA...: the interval's histogram in
 * base64, compressed.
 *
 * One row per interval (a distribution per interval), its histogram
 * decoded: count, min, mean, stddev, max and the percentiles p50, p90,
 * p99, p99.9, p99.99 of the recorded values, as HdrHistogram computes
 * them (the mean and deviation over the buckets' median equivalents;
 * a percentile the highest equivalent value of the bucket that reaches
 * its count; min and max the bucket ends), and interval_max as the line
 * gives it (the max over the writer's unit ratio).  The tag, where it
 * varies, is the identity; timestamp (s since the epoch: the start plus
 * the log's base or start time) and interval (s) are metadata.  The log
 * never states the unit of its values (the recorder chose it: µs, ns),
 * so none is declared.  Streamed (reqlog.c).
 *
 * Why the decoder is ours: Debian has no C HdrHistogram library
 * (HdrHistogram_c is not packaged), and the encoding is small and
 * documented (HdrHistogram's "Histogram encoding" and ZigZagEncoding):
 * a 4-byte cookie (V2 compressed 0x1c849304 | word size bits), a
 * length, then zlib's stream (inflated by zlib, a Debian library) of
 * the V2 encoding: cookie, payload length, normalizing offset,
 * significant digits, lowest and highest trackable values, the integer
 * to double ratio, then the counts as ZigZag LEB128 numbers, a negative
 * one a run of empty buckets.  base64 is decoded here too, a dozen
 * lines not worth a library.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "libstat.h"
#include "read/read.h"

#define HIST_V2		0x1c849303u
#define HIST_V2_Z	0x1c849304u
#define HIST_V1		0x1c849301u
#define HIST_V1_Z	0x1c849302u
#define HIST_MAXCOUNTS	(1u << 24)	/* buckets of one histogram */

struct hist {
	int64_t		*counts;
	size_t		 n, cap;
	int		 unitmag, halfmag;	/* of the bucket layout */
	int64_t		 subcount, total;
};

struct hctx {
	struct bs_fixrec	 fr;
	const struct bs_reader_cb *cb;
	const char		*name;
	size_t			 n;
	double			 start, base;
	int			 hasstart, hasbase;
	int			 tags, toldtag;	/* a tag column; one said */
	unsigned char		*raw, *inf;
	size_t			 rawcap, infcap;
	struct hist		 h;
	/* bs_hlog_buckets(): each interval's buckets to bfn, no rows. */
	int			(*bfn)(void *, const struct bs_hlog_interval *);
	void			*barg;
	double			*bv, *bc;
	size_t			 bcap, ccap;
};

static const char *const cols[] = { "tag", "timestamp", "interval",
    "interval_max", "count", "min", "mean", "stddev", "max", "p50", "p90",
    "p99", "p99.9", "p99.99", NULL };
static const double pcts[] = { 50, 90, 99, 99.9, 99.99 };
static const char *const units[][2] = { { "timestamp", "s" },
    { "interval", "s" }, { NULL, NULL } };

/* base64 (RFC 4648) into out; its length, or -1. */
static long
unbase64(const char *s, size_t len, unsigned char *out)
{
	static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
	    "qrstuvwxyz0123456789+/";
	uint32_t acc = 0;
	size_t o = 0;
	int bits = 0;

	for (size_t i = 0; i < len && s[i] != '='; i++) {
		const char *c = memchr(al, s[i], 64);

		if (c == NULL || s[i] == '\0')
			return -1;
		acc = acc << 6 | (uint32_t)(c - al);
		if ((bits += 6) >= 8) {
			bits -= 8;
			out[o++] = (unsigned char)(acc >> bits);
		}
	}
	return (long)o;
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static int64_t
be64(const unsigned char *p)
{
	return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

/* The zlib stream p[0..len) into c->inf; its length, or -1. */
static long
inflated(struct hctx *c, const unsigned char *p, size_t len)
{
	z_stream z;
	int rc = Z_BUF_ERROR;

	memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK)
		return -1;
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)len;
	do {
		if (z.total_out + 4096 > c->infcap && (z.total_out > 64 *
		    (size_t)HIST_MAXCOUNTS || bs_grow(&c->inf, &c->infcap,
		    z.total_out + 65536, 1) == -1))
			break;
		z.next_out = c->inf + z.total_out;
		z.avail_out = (uInt)(c->infcap - z.total_out);
		rc = inflate(&z, Z_NO_FLUSH);
	} while (rc == Z_OK);
	inflateEnd(&z);
	return rc == Z_STREAM_END ? (long)z.total_out : -1;
}

/* One ZigZag LEB128 number (at most 9 bytes, the 9th whole). */
static int
zigzag(const unsigned char *p, size_t len, size_t *pos, int64_t *v)
{
	uint64_t u = 0;
	int shift = 0;

	for (int i = 0; i < 9; i++) {
		unsigned b;

		if (*pos >= len)
			return -1;
		b = p[(*pos)++];
		if (i == 8) {
			u |= (uint64_t)b << 56;
			break;
		}
		u |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			break;
	}
	*v = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
	return 0;
}

/* The V2 encoding p[0..len) into c->h; NULL, or what is wrong. */
static const char *
decode(struct hctx *c, const unsigned char *p, size_t len)
{
	struct hist *h = &c->h;
	uint32_t plen;
	int digits;
	int64_t lowest, v;
	size_t pos = 40, end;
	double big;

	if (len < 40 || (be32(p) & ~0xf0u) != HIST_V2)
		return "not HdrHistogram's V2 encoding";
	plen = be32(p + 4);
	digits = (int)be32(p + 12);
	lowest = be64(p + 16);
	/*
	 * The normalizing offset (at 8) is left as hdr-histogram-js leaves
	 * it, which writes 1 for none; Java's writers write 0.
	 */
	if (digits < 0 || digits > 5 || lowest < 1 || plen > len - 40)
		return "a histogram header out of range";
	end = 40 + plen;
	big = 2 * pow(10, digits);
	h->halfmag = (int)ceil(log2(big));
	h->halfmag = (h->halfmag > 1 ? h->halfmag : 1) - 1;
	h->subcount = (int64_t)1 << (h->halfmag + 1);
	h->unitmag = (int)floor(log2((double)lowest));
	h->n = 0;
	h->total = 0;
	while (pos < end) {
		if (zigzag(p, end, &pos, &v) == -1)
			return "a histogram's counts cut short";
		if (v == INT64_MIN || (v > 0 && v > INT64_MAX - h->total))
			return "a histogram whose counts overflow";
		if (v < 0 ? (uint64_t)-v > HIST_MAXCOUNTS - h->n :
		    h->n >= HIST_MAXCOUNTS)
			return "a histogram of too many buckets";
		if (h->n + (v < 0 ? (size_t)-v : 1) > h->cap &&
		    bs_grow(&h->counts, &h->cap, h->n + (v < 0 ? (size_t)-v :
		    1), sizeof(*h->counts)) == -1)
			return "out of memory";
		if (v < 0) {
			memset(h->counts + h->n, 0, (size_t)-v *
			    sizeof(*h->counts));
			h->n += (size_t)-v;
		} else {
			h->counts[h->n++] = v;
			h->total += v;
		}
	}
	/* Its last bucket's values must be 64-bit numbers, as its writer's. */
	if (h->n > 0 && (int64_t)((h->n - 1) >> h->halfmag) + h->unitmag +
	    h->halfmag + 1 > 62)
		return "a histogram of values beyond 64 bits";
	return NULL;
}

/* The value at bucket index i (HdrHistogram's valueFromIndex). */
static int64_t
valueat(const struct hist *h, size_t i)
{
	int64_t b = (int64_t)(i >> h->halfmag) - 1;
	int64_t sb = (int64_t)(i & (size_t)(h->subcount / 2 - 1)) +
	    h->subcount / 2;

	if (b < 0) {
		sb -= h->subcount / 2;
		b = 0;
	}
	return sb << (b + h->unitmag);
}

/* The lowest value equivalent to v, and the size of its range. */
static int64_t
lowest(const struct hist *h, int64_t v, int64_t *size)
{
	uint64_t mask = (uint64_t)(h->subcount - 1) << h->unitmag;
	int b = 64 - h->unitmag - h->halfmag - 1 -
	    __builtin_clzll((uint64_t)v | mask);
	int64_t sb = v >> (b + h->unitmag);

	*size = (int64_t)1 << (h->unitmag + (sb >= h->subcount ? b + 1 : b));
	return sb << (b + h->unitmag);
}

static int64_t
highest(const struct hist *h, int64_t v)
{
	int64_t size, lo = lowest(h, v, &size);

	return lo + size - 1;
}

static double
median(const struct hist *h, int64_t v)
{
	int64_t size, lo = lowest(h, v, &size);

	return (double)(lo + (size >> 1));
}

/* getValueAtPercentile(p) (hdr-histogram-js 3, HdrHistogram 2.1). */
static int64_t
atpct(const struct hist *h, double p)
{
	double fp = (p < 100 ? p : 100) / 100.0 * (double)h->total;
	double need = ceil(fp - (fp > 0 ? nextafter(fp, INFINITY) - fp : 0));
	int64_t sum = 0;

	if (need < 1)
		need = 1;
	for (size_t i = 0; i < h->n; i++)
		if ((double)(sum += h->counts[i]) >= need)
			return p == 0 ? valueat(h, i) : highest(h,
			    valueat(h, i));
	return 0;
}

/* The interval's statistics into the record, from its column k on. */
static void
stats(struct hctx *c, long k)
{
	const struct hist *h = &c->h;
	double mean = 0, dev = 0;
	int64_t min = -1, max = 0, size;

	for (size_t i = 0; i < h->n; i++)
		if (h->counts[i] > 0) {
			int64_t v = valueat(h, i);

			mean += median(h, v) * (double)h->counts[i];
			if (min < 0 && v != 0)
				min = lowest(h, v, &size);
			max = v;
		}
	mean /= (double)h->total;
	for (size_t i = 0; i < h->n; i++)
		if (h->counts[i] > 0) {
			double d = median(h, valueat(h, i)) - mean;

			dev += d * d * (double)h->counts[i];
		}
	bs_fixrec_setnum(&c->fr, k++, (double)h->total);
	bs_fixrec_setnum(&c->fr, k++, min < 0 ? 0 : (double)min);
	bs_fixrec_setnum(&c->fr, k++, mean);
	bs_fixrec_setnum(&c->fr, k++, sqrt(dev / (double)h->total));
	bs_fixrec_setnum(&c->fr, k++, max == 0 ? 0 : (double)highest(h, max));
	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++)
		bs_fixrec_setnum(&c->fr, k++, (double)atpct(h, pcts[i]));
}

/* "#[StartTime: 1441812279.474 (seconds since epoch), ...]" */
static void
comment(struct hctx *c, const char *s, size_t len)
{
	static const char *const keys[] = { "#[StartTime: ", "#[BaseTime: " };

	for (int i = 0; i < 2; i++) {
		size_t kl = strlen(keys[i]);
		char b[40], *end;
		double v;

		if (len <= kl || memcmp(s, keys[i], kl) != 0)
			continue;
		snprintf(b, sizeof(b), "%.*s", (int)(len - kl), s + kl);
		v = strtod(b, &end);
		if (end == b)
			continue;
		if (i == 0) {
			c->start = v;
			c->hasstart = 1;
		} else {
			c->base = v;
			c->hasbase = 1;
		}
	}
}

static int
number(const char *s, size_t len, double *v)
{
	struct bs_dec d;

	return bs_parse_number(s, len, &d, v) == BS_NUM_OK ? 0 : -1;
}

/* The histogram of base64 b[0..bl) into c->h; NULL, or what is wrong. */
static const char *
histogram(struct hctx *c, const char *b, size_t bl, int *refuse)
{
	long n, m;

	*refuse = 0;
	if (bs_grow(&c->raw, &c->rawcap, bl, 1) == -1)
		return "out of memory";
	if ((n = unbase64(b, bl, c->raw)) < 8)
		return "no base64 histogram";
	if ((be32(c->raw) & ~0xf0u) == HIST_V1_Z ||
	    (be32(c->raw) & ~0xf0u) == HIST_V1 ||
	    (be32(c->raw) & ~0xf0u) == HIST_V2) {
		*refuse = 1;
		return "an uncompressed or V0/V1 encoded histogram is not "
		    "supported (the compressed V2 encoding is read)";
	}
	if ((be32(c->raw) & ~0xf0u) != HIST_V2_Z || be32(c->raw + 4) >
	    (uint32_t)n - 8)
		return "not a compressed histogram";
	if ((m = inflated(c, c->raw + 8, be32(c->raw + 4))) == -1)
		return "its compressed histogram does not inflate";
	return decode(c, c->inf, (size_t)m);
}

/* The interval's non-empty buckets to c->bfn. */
static int
buckets(struct hctx *c, const char *tag, size_t tl, double ts, double iv,
    size_t line, struct bs_err *e)
{
	const struct hist *h = &c->h;
	struct bs_hlog_interval in;
	size_t n = 0;

	for (size_t i = 0; i < h->n; i++)
		n += h->counts[i] > 0;
	if (bs_grow(&c->bv, &c->bcap, n + 1, sizeof(*c->bv)) == -1 ||
	    bs_grow(&c->bc, &c->ccap, n + 1, sizeof(*c->bc)) == -1)
		return bs_seterr(e, c->name, line, "out of memory");
	n = 0;
	for (size_t i = 0; i < h->n; i++)
		if (h->counts[i] > 0) {
			/* The value its percentiles report: the highest. */
			c->bv[n] = (double)highest(h, valueat(h, i));
			c->bc[n++] = (double)h->counts[i];
		}
	memset(&in, 0, sizeof(in));
	in.tag = tag;
	in.taglen = tl;
	in.start = ts;
	in.length = iv;
	in.value = c->bv;
	in.count = c->bc;
	in.n = n;
	if (c->bfn(c->barg, &in) == -1)
		return bs_seterr(e, c->name, line, "out of memory");
	c->n++;
	return 0;
}

static int
hline(void *arg, const char *s, size_t len, size_t line, struct bs_err *e)
{
	struct hctx *c = arg;
	const char *f[5], *tag = NULL, *why;
	size_t fl[5], n = 0, st = 0, tl = 0;
	double ts, iv, mx;
	long k;
	int refuse, rc;

	bs_trim(&s, &len);
	if (len == 0)
		return 0;
	if (s[0] == '#') {
		comment(c, s, len);
		return 0;
	}
	if (s[0] == '"')
		return 0;	/* the legend */
	if (len > 4 && memcmp(s, "Tag=", 4) == 0) {
		const char *cm = memchr(s, ',', len);

		if (cm == NULL)
			return BS_LINE_BROKEN;
		tag = s + 4;
		tl = (size_t)(cm - tag);
		len -= (size_t)(cm + 1 - s);
		s = cm + 1;
	}
	for (size_t i = 0; i <= len && n < 5; i++)
		if (i == len || s[i] == ',') {
			f[n] = s + st;
			fl[n++] = i - st;
			st = i + 1;
		}
	if (n != 4 || number(f[0], fl[0], &ts) == -1 ||
	    number(f[1], fl[1], &iv) == -1 || number(f[2], fl[2], &mx) == -1)
		return BS_LINE_BROKEN;
	if ((why = histogram(c, f[3], fl[3], &refuse)) != NULL) {
		if (refuse || strcmp(why, "out of memory") == 0)
			return bs_seterr(e, c->name, line, "HdrHistogram: %s",
			    why);
		return BS_LINE_BROKEN;
	}
	if (c->h.total <= 0)
		return 0;	/* an empty interval: no distribution */
	if (tag != NULL && c->tags)
		bs_fixrec_set(&c->fr, 0, tag, tl);
	else if (tag != NULL && !c->toldtag) {
		c->toldtag = 1;
		bs_reader_warn(c->cb, "HdrHistogram: line %zu: a tag first "
		    "seen after the start of the log: its intervals are read "
		    "untagged", line);
	}
	if (c->hasbase)
		ts += c->base;
	else if (c->hasstart && ts < 365.0 * 24 * 3600)
		ts += c->start;
	if (c->bfn != NULL)
		return buckets(c, tag, tl, ts, iv, line, e);
	k = c->tags;
	bs_fixrec_setnum(&c->fr, k++, ts);
	bs_fixrec_setnum(&c->fr, k++, iv);
	bs_fixrec_setnum(&c->fr, k++, mx);
	stats(c, k);
	rc = bs_fixrec_emit(&c->fr, line, c->cb, e);
	c->n += rc == 0;
	return rc;
}

static int
read_hlog(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct hctx c;
	int rc = -1;

	memset(&c, 0, sizeof(c));
	c.cb = cb;
	c.name = s->name;
	/*
	 * A tag column only for a log whose start has tags: a column of
	 * none would be an empty identity (a tag first seen later is left
	 * out, said).
	 */
	c.tags = bs_contains(s->win, s->len, "\nTag=");
	for (size_t k = c.tags ? 0 : 1; cols[k] != NULL; k++)
		bs_fixrec_col(&c.fr, cols[k], strlen(cols[k]));
	if (bs_fixrec_header(&c.fr, units, cb, s->name, e) == 0 &&
	    (rc = bs_lines_read(s, "HdrHistogram", hline, &c, cb, e)) == 0 &&
	    c.n == 0)
		rc = bs_seterr(e, s->name, 0, "no HdrHistogram intervals in "
		    "the input");
	bs_fixrec_free(&c.fr);
	free(c.raw);
	free(c.inf);
	free(c.h.counts);
	return rc;
}

static int
no_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	(void)arg, (void)f, (void)n, (void)e;
	return 0;
}

static int
no_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	(void)arg, (void)r, (void)e;
	return 0;
}

int
bs_hlog_buckets(const struct bs_buf *b,
    int (*fn)(void *, const struct bs_hlog_interval *), void *arg,
    struct bs_err *e)
{
	struct bs_reader_cb cb;
	struct bs_src s;
	struct hctx c;
	int rc;

	memset(&cb, 0, sizeof(cb));
	cb.header = no_header;
	cb.record = no_record;
	memset(&c, 0, sizeof(c));
	c.cb = &cb;
	c.bfn = fn;
	c.barg = arg;
	if (bs_src_open(&s, b, NULL, e) == -1)
		return -1;
	c.name = s.name;
	c.tags = bs_contains(s.win, s.len, "\nTag=");
	if ((rc = bs_lines_read(&s, "HdrHistogram", hline, &c, &cb, e)) == 0 &&
	    c.n == 0)
		rc = bs_seterr(e, s.name, 0, "no HdrHistogram intervals in "
		    "the input");
	bs_src_close(&s);
	free(c.raw);
	free(c.inf);
	free(c.h.counts);
	free(c.bv);
	free(c.bc);
	return rc;
}

/* The legend, or an interval line of a compressed histogram. */
static int
detect(const char *p, size_t len)
{
	const char *nl = memchr(p, '\n', len);
	size_t l = nl ? (size_t)(nl - p) : len;

	if (bs_opens_json(p, len))
		return 0;
	if (l > 16 && memcmp(p, "\"StartTimestamp\"", 16) == 0)
		return bs_contains(p, l, "Interval_Compressed_Histogram");
	return memmem(p, l, ",HIST", 5) != NULL;
}

static const struct bs_idcol idcols[] = { { "tag", BS_ID_VARIES },
    { NULL, 0 } };
static const char *const metacols[] = { "timestamp", "interval", NULL };

const struct bs_fmt bs_fmt_hlog = {
	.name = "hlog",
	.label = "HdrHistogram",
	.detect = { { detect, 298 } },
	.read = read_hlog,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_INTERVAL_DISTS,
	.time = "timestamp",
};
