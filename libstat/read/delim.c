/*
 * Delimited text (CSV, TSV, any one-byte delimiter): records split at
 * the delimiter directly when they hold no quote, through libcsv when
 * they do, since libcsv knows RFC 4180's rules.  Every record is handed
 * over with its line number and the bytes it spans, so that errors can
 * name the place and boutlier can write a record back unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "libstat.h"
#include "read/read.h"

/*
 * libcsv grows its field buffer by this much at a time (128 bytes by
 * default): a long quoted field cost a quadratic number of bytes copied,
 * 200 s for 8 MiB where realloc cannot grow in place (ASan, valgrind).
 */
#define CSV_BLK	(1u << 20)

/*
 * Choose the delimiter of delimited text: the candidate that splits the
 * first lines into the same number of fields (more than one), counting
 * outside quotes; ties go to the order , tab ; |.
 */
int
bs_delim_detect(const char *p, size_t len)
{
	static const char cand[] = { ',', '\t', ';', '|' };
	size_t counts[4][20], nl = 0, i;
	int inq = 0, best = ',', c;
	size_t bestn = 0;

	memset(counts, 0, sizeof(counts));
	for (i = 0; i < len && nl < 20; i++) {
		c = (unsigned char)p[i];
		if (c == '"')
			inq = !inq;
		else if (!inq && c == '\n')
			nl++;
		else if (!inq)
			for (int k = 0; k < 4; k++)
				if (c == cand[k])
					counts[k][nl]++;
	}
	if (i == len && nl < 20 && i > 0 && p[i - 1] != '\n')
		nl++;
	for (int k = 0; k < 4; k++) {
		size_t n0 = counts[k][0];
		int same = n0 > 0;

		for (size_t l = 1; l < nl && same; l++)
			if (counts[k][l] != n0 && !(l == nl - 1 &&
			    counts[k][l] == 0))
				same = 0;
		if (same && n0 > bestn) {
			bestn = n0;
			best = cand[k];
		}
	}
	if (bestn == 0) {
		/* No consistent candidate: the most frequent in line 1. */
		for (int k = 0; k < 4; k++)
			if (counts[k][0] > bestn) {
				bestn = counts[k][0];
				best = cand[k];
			}
	}
	return best;
}

struct dctx {
	struct bs_src		*src;
	const struct bs_reader_cb *cb;
	struct bs_err		*e;
	struct csv_parser	 csv;
	int			 delim;
	int			 no_header;
	int			 have_header;
	size_t			 nhdr;
	char			*hdr;		/* the header line's bytes */
	size_t			 hdrlen;
	char			**hnames;	/* its names, for a header again */
	uint64_t		 hlens;		/* bit min(len, 63) of each name */
	struct bs_strhash	 hset;		/* the same, in constant time */
	/* fields of the current record */
	struct bs_field		*f;
	size_t			 nf, fcap;
	struct bs_sbuf		 text;		/* copies for quoted records */
	size_t			*foff;		/* offsets into text */
	size_t			 foffcap;
	int			 failed;
	/*
	 * What plain_record() stops at: 1 the delimiter, 2 a line feed, 3
	 * a quote; 0 every other byte.  fast: it may be used (a delimiter
	 * that is none of those, nor a carriage return).
	 */
	unsigned char		 cls[256];
	int			 fast;
	int			 split;		/* bs_chunks() was called */
};

/* libcsv field callback: copy the field, since libcsv reuses its buffer. */
static void
csv_cb1(void *s, size_t len, void *arg)
{
	struct dctx *c = arg;

	if (c->failed)
		return;
	if (bs_grow(&c->foff, &c->foffcap, c->nf + 2, sizeof(size_t)) == -1 ||
	    bs_grow(&c->f, &c->fcap, c->nf + 2, sizeof(*c->f)) == -1 ||
	    bs_sbuf_add(&c->text, s ? s : "", s ? len : 0) == -1) {
		c->failed = 1;
		return;
	}
	c->foff[c->nf] = c->text.len - len;
	c->f[c->nf].len = len;
	c->nf++;
}

static void
csv_cb2(int ch, void *arg)
{
	(void)ch;
	(void)arg;
}

/* Keep the header's names, to know a different header line again. */
static int
keep_names(struct dctx *c, const struct bs_record *r)
{
	if ((c->hnames = calloc(r->nf + 1, sizeof(*c->hnames))) == NULL)
		return -1;
	for (size_t k = 0; k < r->nf; k++)
		if ((c->hnames[k] = bs_strndup(r->f[k].s, r->f[k].len)) ==
		    NULL || bs_strhash_put(&c->hset, c->hnames[k], r->f[k].len,
		    k) == -1)
			return -1;
		else
			c->hlens |= UINT64_C(1) << (r->f[k].len < 63 ?
			    r->f[k].len : 63);
	return 0;
}

/*
 * A header line other than the first one: every field a text that is no
 * number, more than half of them (and at least one) names of the header's
 * columns.  It is no data row: inputs appended with different columns.
 */
static int
other_header(const struct dctx *c, const struct bs_record *r)
{
	size_t names = 0, others = 0;
	struct bs_dec d;
	double v;

	/*
	 * Most rows are told at their first fields, without parsing; a
	 * field of a length no name has is looked up in no hash (a data
	 * row's cost on every line).
	 */
	for (size_t k = 0; k < r->nf; k++) {
		size_t l = r->f[k].len < 63 ? r->f[k].len : 63;

		if ((c->hlens >> l & 1) &&
		    bs_strhash_get(&c->hset, r->f[k].s, r->f[k].len) >= 0) {
			names++;
			continue;
		}
		if (2 * ++others >= r->nf || bs_parse_number(r->f[k].s,
		    r->f[k].len, &d, &v) != BS_NUM_NOTNUM)
			return 0;
	}
	return names > 0 && 2 * names > r->nf;
}

/*
 * ApacheBench's -e file: the percentile curve of the request times,
 * "Percentage served,Time in ms" over the rows 0 to 100.  Those rows are
 * one distribution, not runs: read as the HdrHistogram and wrk readers
 * read theirs, columns percentile (0-100) and value (ms), with the
 * roles that keep a table from pooling them.
 */
static int
ab_percentiles(const struct bs_record *r)
{
	return r->nf == 2 && r->f[0].len == 17 &&
	    memcmp(r->f[0].s, "Percentage served", 17) == 0 &&
	    r->f[1].len == 10 && memcmp(r->f[1].s, "Time in ms", 10) == 0;
}

static int
ab_header(struct dctx *c)
{
	const struct bs_field h[2] = { { .s = "percentile", .len = 10 },
	    { .s = "value", .len = 5 } };

	if (c->cb->header(c->cb->arg, h, 2, c->e) == -1)
		return -1;
	if (c->cb->unit != NULL)
		c->cb->unit(c->cb->arg, "value", "ms");
	if (c->cb->role != NULL) {
		c->cb->role(c->cb->arg, "percentile", BS_ROLE_PERCENTILE);
		c->cb->role(c->cb->arg, "value", BS_ROLE_QUANTILE);
	}
	return 0;
}

/*
 * ApacheBench's -g file, one line per request: starttime (text),
 * seconds (the request's start, epoch seconds: when, not how long),
 * ctime, dtime, ttime, wait (connect, processing, total and waiting
 * times, ms).
 */
static void
ab_gnuplot(struct dctx *c, const struct bs_record *r)
{
	static const char *const cols[] = { "starttime", "seconds", "ctime",
	    "dtime", "ttime", "wait" };

	if (r->nf != 6)
		return;
	for (size_t k = 0; k < 6; k++)
		if (r->f[k].len != strlen(cols[k]) ||
		    memcmp(r->f[k].s, cols[k], r->f[k].len) != 0)
			return;
	if (c->cb->role != NULL)
		c->cb->role(c->cb->arg, "seconds", BS_ROLE_META);
	for (size_t k = 2; c->cb->unit != NULL && k < 6; k++)
		c->cb->unit(c->cb->arg, cols[k], "ms");
}

/*
 * The first record: the header (1 when it is a record too, with
 * --no-header: the columns are then named 1, 2, ...), 0, or -1.
 */
static __attribute__((noinline)) int
first_record(struct dctx *c, const struct bs_record *r)
{
	c->have_header = 1;
	c->nhdr = r->nf;
	if (!c->no_header && keep_names(c, r) == -1)
		return bs_seterr(c->e, c->src->name, r->line,
		    "out of memory");
	if (c->no_header) {
		/* Columns are named 1, 2, ... */
		struct bs_field *h = calloc(r->nf, sizeof(*h));
		char *names = malloc(r->nf * 24 + 1);
		int rc;

		if (h == NULL || names == NULL) {
			free(h);
			free(names);
			return bs_seterr(c->e, c->src->name, 0,
			    "out of memory");
		}
		for (size_t k = 0; k < r->nf; k++) {
			h[k].s = names + 24 * k;
			h[k].len = (size_t)snprintf(names + 24 * k, 24,
			    "%zu", k + 1);
		}
		rc = c->cb->header(c->cb->arg, h, r->nf, c->e);
		free(h);
		free(names);
		return rc == -1 ? -1 : 1;
	} else if (ab_percentiles(r))
		return ab_header(c);
	if (c->cb->header(c->cb->arg, r->f, r->nf, c->e) == -1)
		return -1;
	ab_gnuplot(c, r);
	return 0;
}

/* A record that is no data row: the header again, or of another width. */
static __attribute__((noinline)) int
bad_record(struct dctx *c, const struct bs_record *r, int header)
{
	if (header)
		return bs_seterr(c->e, c->src->name, r->line,
		    "a header line other than the first (inputs appended "
		    "with different columns?)");
	return bs_seterr(c->e, c->src->name, r->line,
	    "row has %zu fields, the header has %zu", r->nf, c->nhdr);
}

/*
 * Hand a complete record (fields in c->f) to the header or record hook.
 * Called for every record: what is rare is in functions of its own, so
 * that this one saves no registers and ends in a jump to the hook.
 */
static int
emit(struct dctx *c, const struct bs_record *r)
{
	int rc;

	if (!c->have_header && (rc = first_record(c, r)) != 1)
		return rc;
	if (!c->no_header && other_header(c, r))
		return bad_record(c, r, 1);
	if (r->nf != c->nhdr)
		return bad_record(c, r, 0);
	return c->cb->record(c->cb->arg, r, c->e);
}

/*
 * Split a record without a quote at the delimiter: the fields, trimmed,
 * into c->f.  Most fields have no blank at either end, which two
 * comparisons tell (space and tab are both at most ' '), so bs_trim() is
 * called only for those that may.
 */
static int
split_plain(struct dctx *c, const char *p, size_t len)
{
	const char *q = p, *end = p + len, *d;
	const char delim = (char)c->delim;
	/* In locals: stores through f would make the compiler reload c. */
	struct bs_field *f = c->f;
	size_t nf = 0, cap = c->fcap, fl;

	for (;;) {
		for (d = q; d < end && *d != delim; d++)
			;
		if (nf == cap) {
			if (bs_grow(&c->f, &c->fcap, nf + 1, sizeof(*f)) == -1)
				return -1;
			f = c->f;
			cap = c->fcap;
		}
		fl = (size_t)(d - q);
		if (fl > 0 && ((unsigned char)q[0] <= ' ' ||
		    (unsigned char)q[fl - 1] <= ' '))
			bs_trim(&q, &fl);
		f[nf].s = q;
		f[nf].len = fl;
		nf++;
		if (d == end)
			break;
		q = d + 1;
	}
	c->nf = nf;
	return 0;
}

/*
 * One physical record p[0..len) without its line end.  Records without a
 * quote (quoted 0: record_end() looked already) are split at the
 * delimiter directly; quoted ones go through libcsv, which knows RFC
 * 4180's rules.
 */
static int
delim_record(struct dctx *c, const char *p, size_t len, int quoted,
    size_t line, size_t off, size_t eollen)
{
	struct bs_record r;
	size_t i;

	/*
	 * A line identical to the header repeats it (a history appended to
	 * with >>, each run writing its header): skipped, as a blank line.
	 */
	if (c->have_header && !c->no_header) {
		if (len == c->hdrlen && memcmp(p, c->hdr, len) == 0)
			return 0;
	} else if (!c->have_header && !c->no_header) {
		if ((c->hdr = malloc(len + 1)) == NULL)
			return bs_seterr(c->e, c->src->name, line,
			    "out of memory");
		memcpy(c->hdr, p, len);
		c->hdrlen = len;
	}
	c->nf = 0;
	if (!quoted) {
		if (split_plain(c, p, len) == -1)
			return bs_seterr(c->e, c->src->name, line,
			    "out of memory");
	} else {
		c->text.len = 0;
		if (csv_parse(&c->csv, p, len, csv_cb1, csv_cb2, c) != len ||
		    csv_fini(&c->csv, csv_cb1, csv_cb2, c) != 0) {
			int err = csv_error(&c->csv);

			csv_free(&c->csv);
			csv_init(&c->csv, CSV_STRICT | CSV_STRICT_FINI);
			csv_set_delim(&c->csv, (unsigned char)c->delim);
			csv_set_blk_size(&c->csv, CSV_BLK);
			return bs_seterr(c->e, c->src->name, line,
			    "malformed quoted field (%s)", csv_strerror(err));
		}
		if (c->failed)
			return bs_seterr(c->e, c->src->name, line,
			    "out of memory");
		for (i = 0; i < c->nf; i++)
			c->f[i].s = c->text.p + c->foff[i];
	}
	r = (struct bs_record){ .f = c->f, .nf = c->nf, .line = line,
	    .off = off, .len = len, .eollen = eollen };
	return emit(c, &r);
}

/*
 * A record after the header in one pass over its bytes, the common case
 * of a large file: no quote, a line feed in the window.  The general
 * path scans a record three times (line feed, quote, delimiter) and
 * costs a third of a plain file's time.  The record at win[pos] is split
 * as delim_record() splits it, checked as it checks it, and emitted: 1
 * with *endp the index of its line feed; 0 when it is not that case
 * (nothing done); -1 on error.
 */
/* One more field q[0..fl) of c->f, trimmed; 0 or -1 (out of memory). */
static inline int
add_field(struct dctx *c, size_t nf, const char *q, size_t fl)
{
	if (nf == c->fcap && bs_grow(&c->f, &c->fcap, nf + 1,
	    sizeof(*c->f)) == -1)
		return -1;
	bs_trim(&q, &fl);
	c->f[nf].s = q;
	c->f[nf].len = fl;
	return 0;
}

static inline __attribute__((always_inline)) int
plain_record(struct dctx *c, const struct bs_src *s, size_t pos,
    size_t line, size_t *endp)
{
	const char *p = s->win + pos, *e = s->win + s->len, *q = p, *d;
	const unsigned char *cls = c->cls;
	size_t nf = 0, len;
	struct bs_record r;
	int cl;

	/* The fields before the last, each ended by a delimiter. */
	for (;;) {
		d = bs_stop_at(cls, q, e);
		if (d == e)
			return 0;
		if ((cl = cls[(unsigned char)*d]) != 1)
			break;
		if (add_field(c, nf++, q, (size_t)(d - q)) == -1)
			return bs_seterr(c->e, c->src->name, line,
			    "out of memory");
		q = d + 1;
	}
	if (cl == 3)
		return 0;	/* a quote */
	len = (size_t)(d - p);
	r.eollen = 1;
	if (len > 0 && d[-1] == '\r') {
		len--;
		r.eollen = 2;
	}
	if (len == 0 || len > BS_MAX_RECORD)
		return 0;	/* a blank line; one too long */
	/* The last field ends where the record does, before a '\r'. */
	if (add_field(c, nf++, q, (size_t)(p + len - q)) == -1)
		return bs_seterr(c->e, c->src->name, line, "out of memory");
	*endp = (size_t)(d - s->win);
	c->nf = nf;
	if (!c->no_header && len == c->hdrlen && memcmp(p, c->hdr, len) == 0)
		return 1;	/* the header again */
	r = (struct bs_record){ .f = c->f, .nf = nf, .line = line,
	    .off = s->base + pos, .len = len, .eollen = r.eollen };
	return emit(c, &r) == -1 ? -1 : 1;
}

/*
 * The end of the delimited record that starts at p[pos]: the index of the
 * line feed that ends it outside quotes, or len; *nls counts the line
 * feeds inside quotes, *open says a quote is still open at len, *quoted
 * that the record holds a quote.
 */
static size_t
record_end(const char *p, size_t pos, size_t len, size_t *nls,
    int *open, int *quoted)
{
	const char *nl = memchr(p + pos, '\n', len - pos);
	size_t end = nl ? (size_t)(nl - p) : len, k;
	int inq = 0;

	*nls = 0;
	*open = 0;
	*quoted = 0;
	if (memchr(p + pos, '"', end - pos) == NULL)
		return end;
	*quoted = 1;
	/* Quotes: line feeds inside them do not end the record. */
	for (k = pos; k < len; k++) {
		if (p[k] == '"')
			inq = !inq;
		else if (p[k] == '\n') {
			if (!inq)
				break;
			(*nls)++;
		}
	}
	*open = inq;
	return k;
}

/* A "# key: value" comment to the meta hook; other comments say nothing. */
static void
comment_meta(const struct bs_reader_cb *cb, const char *s, size_t len)
{
	const char *k, *v;
	size_t kl, vl;
	char *key, *val;

	if (cb->meta == NULL || !bs_meta_comment(s, len, &k, &kl, &v, &vl))
		return;
	key = bs_strndup(k, kl);
	val = bs_strndup(v, vl);
	if (key != NULL && val != NULL)
		cb->meta(cb->arg, key, val);
	free(key);
	free(val);
}

/*
 * One chunk of a file read in parallel (bs_chunks()): the records of
 * s->win[pos .. s->len) after the header, as bs_read_delim() reads
 * them, into cb; arg is that reader's state, whose header is shared,
 * read only.  A record with a quote may go on past a line feed, so it
 * stops the chunk (1): it is read in one thread.
 */
static int
delim_chunk(void *arg, struct bs_src *s, size_t pos, size_t line0,
    const struct bs_reader_cb *cb, size_t *lines, size_t *stop,
    struct bs_err *e)
{
	struct dctx c = *(const struct dctx *)arg;
	size_t line = line0, end = 0, nls, k, eol;
	int rc = 0, r, inq, quoted;

	c.src = s;
	c.cb = cb;
	c.e = e;
	c.f = NULL;
	c.fcap = c.nf = 0;
	c.foff = NULL;
	c.foffcap = 0;
	memset(&c.text, 0, sizeof(c.text));
	while (pos < s->len) {
		if ((r = plain_record(&c, s, pos, line, &end)) == -1) {
			rc = -1;
			break;
		}
		if (r == 0) {
			/* A blank line, a quote, the last line unended. */
			end = record_end(s->win, pos, s->len, &nls, &inq,
			    &quoted);
			if (quoted) {
				*stop = pos;
				rc = 1;
				break;
			}
			eol = end < s->len ? 1 : 0;
			k = end;
			if (k > pos && s->win[k - 1] == '\r') {
				k--;
				eol++;
			}
			if (k - pos > BS_MAX_RECORD) {
				rc = bs_seterr(e, s->name, line, "record "
				    "longer than %u bytes", BS_MAX_RECORD);
				break;
			}
			if (k > pos && delim_record(&c, s->win + pos, k - pos,
			    0, line, s->base + pos, eol) == -1) {
				rc = -1;
				break;
			}
		}
		line++;
		pos = end + 1;
	}
	*lines = line - line0;
	free(c.f);
	return rc;
}

/* The rest of the file in chunks (bs_chunks()), once: 0 or -1. */
static int
in_chunks(struct dctx *c, struct bs_src *s, size_t *pos, size_t *line,
    struct bs_err *e)
{
	if (s->jobs == 1 || c->split)
		return 0;
	c->split = 1;
	return bs_chunks(s, pos, line, delim_chunk, c, c->cb, e);
}

/*
 * Records without a quote from *pos on, as long as they come (the rest
 * of the file in chunks after the first): 1 when one was read, 0 when
 * the record at *pos is not one, -1 on error.
 */
static int
plain_run(struct dctx *c, struct bs_src *s, size_t *pos, size_t *line,
    struct bs_err *e)
{
	size_t end = 0;
	int r;

	if ((r = plain_record(c, s, *pos, *line, &end)) != 1)
		return r;
	++*line;
	*pos = end + 1;
	if (in_chunks(c, s, pos, line, e) == -1)
		return -1;
	while (*pos < s->len && (r = plain_record(c, s, *pos, *line,
	    &end)) == 1) {
		++*line;
		*pos = end + 1;
	}
	return r == -1 ? -1 : 1;
}

int
bs_read_delim(struct bs_src *s, int delim, int no_header,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct dctx c;
	size_t pos, line = 1, end = 0, k, nls, eol;
	const char *nl;
	int rc = -1, r, inq, quoted;

	memset(&c, 0, sizeof(c));
	c.src = s;
	c.cb = cb;
	c.e = e;
	c.delim = delim;
	c.no_header = no_header;
	if (csv_init(&c.csv, CSV_STRICT | CSV_STRICT_FINI) != 0)
		return bs_seterr(e, s->name, 0, "out of memory");
	csv_set_delim(&c.csv, (unsigned char)delim);
	csv_set_blk_size(&c.csv, CSV_BLK);
	c.fast = delim != '\n' && delim != '\r' && delim != '"';
	c.cls[(unsigned char)delim] = 1;
	c.cls['\n'] = 2;
	c.cls['"'] = 3;
	pos = bs_skipbom(s->win, s->len);
	for (;;) {
		/*
		 * Lines starting with '#' before the header are comments;
		 * "# key: value" ones carry metadata (a benv fingerprint).
		 * Quotes in them quote nothing, so they end at a line feed.
		 */
		if (!c.have_header && pos < s->len && s->win[pos] == '#') {
			nl = memchr(s->win + pos, '\n', s->len - pos);
			if (nl == NULL && !s->eof) {
				if (s->len - pos > BS_MAX_RECORD) {
					bs_seterr(e, s->name, line, "line "
					    "longer than %u bytes", BS_MAX_RECORD);
					goto out;
				}
				if (bs_src_fill(s, pos, e) == -1)
					goto out;
				pos = 0;
				continue;
			}
			end = nl ? (size_t)(nl - s->win) : s->len;
			comment_meta(cb, s->win + pos, end - pos);
			line++;
			if (nl == NULL)
				break;
			pos = end + 1;
			if (pos >= s->len && s->eof)
				break;
			continue;
		}
		if (c.have_header && c.fast &&
		    (r = plain_run(&c, s, &pos, &line, e)) != 0) {
			if (r == -1)
				goto out;
			if (pos >= s->len && s->eof)
				break;
			continue;
		}
		end = record_end(s->win, pos, s->len, &nls, &inq, &quoted);
		nl = end < s->len ? s->win + end : NULL;
		if (nl == NULL && s->eof && inq) {
			bs_seterr(e, s->name, line, "unterminated quoted field");
			goto out;
		}
		if (nl == NULL && !s->eof) {
			if (end - pos > BS_MAX_RECORD) {
				bs_seterr(e, s->name, line,
				    "record longer than %u bytes",
				    BS_MAX_RECORD);
				goto out;
			}
			if ((r = bs_src_fill(s, pos, e)) == -1)
				goto out;
			pos = 0;
			continue;
		}
		eol = nl ? 1 : 0;
		k = end;
		if (k > pos && s->win[k - 1] == '\r') {
			k--;
			eol++;
		}
		if (k - pos > BS_MAX_RECORD) {
			bs_seterr(e, s->name, line,
			    "record longer than %u bytes", BS_MAX_RECORD);
			goto out;
		}
		if (k > pos && delim_record(&c, s->win + pos, k - pos,
		    quoted, line, s->base + pos, eol) == -1)
			goto out;
		line += 1 + nls;
		if (nl == NULL)
			break;
		pos = end + 1;
		if (pos >= s->len && s->eof)
			break;
	}
	if (!c.have_header) {
		bs_seterr(e, s->name, 0, "empty input");
		goto out;
	}
	rc = 0;
out:
	csv_free(&c.csv);
	free(c.f);
	free(c.foff);
	free(c.hdr);
	for (size_t j = 0; c.hnames != NULL && c.hnames[j] != NULL; j++)
		free(c.hnames[j]);
	free(c.hnames);
	bs_strhash_free(&c.hset);
	bs_sbuf_free(&c.text);
	return rc;
}

/* Split at the delimiter bs_read() chose (-d, or detected). */
static int
read_delimited(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_read_delim(s, s->delim, s->opts != NULL &&
	    s->opts->no_header, cb, e);
}

const struct bs_fmt bs_fmt_csv = {
	.name = "csv",
	.read = read_delimited,
	.spans = 1,
	.chunks = 1,
	.refuse = BS_REFUSE_BSTAT | BS_REFUSE_XML |
	    BS_REFUSE_REDIS,
};

const struct bs_fmt bs_fmt_tsv = {
	.name = "tsv",
	.read = read_delimited,
	.spans = 1,
	.chunks = 1,
	.refuse = BS_REFUSE_BSTAT | BS_REFUSE_XML |
	    BS_REFUSE_REDIS,
};
