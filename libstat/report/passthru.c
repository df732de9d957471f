/*
 * Writing an input back with columns added to every record, in the
 * input's own format: delimited rows keep their bytes (quoting, spacing,
 * line ends) with the new fields before (the leading ones) and after
 * them; key=value lines gain "key=value" pairs; plain numbers gain a
 * "# key=value" comment; JSON and NDJSON records gain keys, inserted
 * into the original text so that the numbers keep the digits they were
 * written with (jansson would print 0.1 back as 0.10000000000000001).
 *
 * The text formats are written from the spans the first read noted
 * (struct bs_spans): each record's bytes are copied, not read again.
 * A JSON array, whose reader (jansson) knows no byte offsets, is
 * scanned for its records; the real tools' formats, which have no rows
 * of their own, are read again and written as CSV.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "core/core.h"
#include "read/read.h"

/*
 * Output through a buffer of our own: a record is a few short pieces,
 * and stdio's per-call cost was most of the time of writing them.
 */
#define OBUFSZ	(64u * 1024)

struct obuf {
	FILE	*fp;		/* NULL: this stream is not written */
	char	*p;
	size_t	 n;
	/*
	 * A block of records formatted on a thread of its own goes to
	 * memory (mem, cap: it grows) and is written after the blocks
	 * before it.
	 */
	size_t	 cap;
	int	 mem;
};

struct pctx {
	const struct bs_buf	*buf;
	const struct bs_passthru *pt;
	struct obuf		 o[2];	/* 0 rejects, 1 output */
	int			 delim;
	const struct bs_fmt	*fmt;
	size_t			 row;
	const char		**vals;
	/*
	 * The delimited form of each added column's last value: a value
	 * given again (a class name, a tag) is not measured or scanned again.
	 */
	struct vform {
		const char	*s;
		size_t		 len;
		int		 plain;	/* no quoting needed */
		/*
		 * A plain value of up to VTEXT - 2 bytes with its delimiter
		 * (after a leading column's, before a trailing one's), tlen
		 * bytes, for delim_row(); tlen 0 when there is none.
		 */
		size_t		 tlen;
		char		 text[32];
	}			*vf;
	/*
	 * The forms: vf is vfbuf, or with codes (bs_passthru.codes) the
	 * ncols of the current record's code, vfbuf[code * ncols ...].
	 */
	struct vform		*vfbuf;
	/* With codes, of delimited text: each code's added bytes, or NULL. */
	const struct cform	*cf;
	/*
	 * With bs_passthru.codes_for: the codes of records cbase .. cend,
	 * in cbuf (room for SPAN_BLOCK).
	 */
	unsigned char		*cbuf;
	size_t			 cbase, cend;
};

/*
 * What a code's record gains in delimited text: its leading added fields
 * with their delimiters, lead bytes, and the trailing ones, trail bytes;
 * ok 0 when a value needs quoting or they are longer than a copy
 * (VTEXT): its records are written value by value.
 */
struct cform {
	char		 l[32], t[32];
	unsigned char	 lead, trail, ok;
};

#define VTEXT	32u

/* Records a block, threads at most (span_pool()). */
#define SPAN_BLOCK	(64u * 1024)
#define SPAN_THREADS	4

static void
flush(struct obuf *o)
{
	if (o->n > 0)
		fwrite_unlocked(o->p, 1, o->n, o->fp);
	o->n = 0;
}

/* Room for n more bytes of a block in memory; 0, or -1 (o->mem -1). */
static __attribute__((noinline)) int
memroom(struct obuf *o, size_t n)
{
	size_t cap = o->cap ? o->cap : OBUFSZ;
	char *q;

	while (cap - o->n < n)
		cap *= 2;
	if ((q = realloc(o->p, cap)) == NULL) {
		o->mem = -1;
		return -1;
	}
	o->p = q;
	o->cap = cap;
	return 0;
}

static inline void
put(struct obuf *o, const void *p, size_t n)
{
	if (o->fp == NULL || n == 0)
		return;
	if (n > o->cap - o->n) {
		if (o->mem) {
			if (o->mem == -1 || memroom(o, n) == -1)
				return;
		} else {
			flush(o);
			if (n > o->cap) {
				fwrite_unlocked(p, 1, n, o->fp);
				return;
			}
		}
	}
	memcpy(o->p + o->n, p, n);
	o->n += n;
}

static inline void
putstr(struct obuf *o, const char *s)
{
	put(o, s, strlen(s));
}

/*
 * The added values of record row (the caller's annotation, or its code's
 * values) in c->vals, their forms in c->vf: the stream of o it goes to.
 */
static inline struct obuf *
record_vals(struct pctx *c, struct obuf *o, size_t row)
{
	const struct bs_passthru *pt = c->pt;
	size_t code, nc = pt->ncols;

	if (pt->annotate != NULL)
		return &o[pt->annotate(pt->arg, row, c->vals) ? 1 : 0];
	if (pt->codes != NULL)
		code = pt->codes[row];
	else if (row >= c->cbase && row < c->cend)
		code = c->cbuf[row - c->cbase];
	else {
		unsigned char u;

		pt->codes_for(pt->arg, row, row + 1, &u);
		code = u;
	}
	for (size_t k = 0; k < nc; k++)
		c->vals[k] = pt->forms[code * nc + k];
	c->vf = c->vfbuf + code * nc;
	return &o[pt->keep[code] ? 1 : 0];
}

/* Ask the caller about the next record: the stream it goes to. */
static struct obuf *
next(struct pctx *c)
{
	return record_vals(c, c->o, c->row++);
}

/* The forms (struct vform) bs_passthru() keeps: one set, or one a code. */
static size_t
nforms(const struct bs_passthru *pt)
{
	return (pt->annotate == NULL ? pt->ncodes : 1) * pt->ncols + 1;
}

/*
 * Does s[0..len) go out as it is, holding no delimiter d, quote or line
 * end?  Short values (a class name) in one pass, not four memchr()s.
 */
static int
plain(const char *s, size_t len, char d)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] == d || s[i] == '"' || s[i] == '\n' || s[i] == '\r')
			return 0;
	return 1;
}

/*
 * One field of delimited text, quoted (RFC 4180) when it holds the
 * delimiter d, a quote or a line end, as a --tag value may.  NULL is an
 * empty field.
 */
static void
field(struct obuf *o, const char *s, size_t len, char d)
{
	size_t i;

	if (s == NULL)
		return;
	if (plain(s, len, d)) {
		put(o, s, len);
		return;
	}
	putstr(o, "\"");
	for (i = 0; i < len; i++) {
		if (s[i] == '"')
			putstr(o, "\"");
		put(o, s + i, 1);
	}
	putstr(o, "\"");
}

static void
dfield(struct pctx *c, struct obuf *o, const char *s)
{
	field(o, s, strlen(s), (char)c->delim);
}

/* The form of added value k, s (struct vform). */
static __attribute__((noinline)) void
vform_set(struct pctx *c, size_t k, const char *s)
{
	struct vform *v = &c->vf[k];
	char d = (char)c->delim;

	v->s = s;
	v->len = strlen(s);
	v->plain = plain(s, v->len, d);
	v->tlen = 0;
	if (!v->plain || v->len > VTEXT - 2)
		return;
	memset(v->text, 0, VTEXT);
	if (k < c->pt->nlead) {
		memcpy(v->text, s, v->len);
		v->text[v->len] = d;
	} else {
		v->text[0] = d;
		memcpy(v->text + 1, s, v->len);
	}
	v->tlen = v->len + 1;
}

/* Added value k of a delimited record, its form kept (struct vform). */
static inline void
vfield(struct pctx *c, struct obuf *o, size_t k)
{
	const char *s = c->vals[k];
	struct vform *v = &c->vf[k];
	char d = (char)c->delim;

	if (s != v->s)
		vform_set(c, k, s);
	if (v->plain)
		put(o, s, v->len);
	else
		field(o, s, v->len, d);
}

/*
 * The header of delimited input, with the new column names: the text
 * before it (metadata comment lines) as it was, the leading names at
 * the start of the header line, the others at its end.
 */
static void
header(struct pctx *c, struct obuf *o, size_t hdrend)
{
	size_t s = 0, e = hdrend, k;
	const char *p = c->buf->data;
	char d = (char)c->delim;

	while (e > s && (p[e - 1] == '\n' || p[e - 1] == '\r'))
		e--;
	/* The header line starts after the last line end before e. */
	for (s = e; s > 0 && p[s - 1] != '\n'; s--)
		;
	put(o, p, s);
	for (k = 0; k < c->pt->nlead; k++) {
		dfield(c, o, c->pt->cols[k]);
		put(o, &d, 1);
	}
	put(o, p + s, e - s);
	for (k = c->pt->nlead; k < c->pt->ncols; k++) {
		put(o, &d, 1);
		dfield(c, o, c->pt->cols[k]);
	}
	/* The header's own line end. */
	putstr(o, e < hdrend && p[e] == '\r' ? "\r\n" : "\n");
}

/* The leading added fields of a text record (none for plain numbers). */
static void
leadcols(struct pctx *c, struct obuf *o)
{
	char d = (char)c->delim;

	if (c->fmt == &bs_fmt_plain)
		return;
	for (size_t k = 0; k < c->pt->nlead; k++) {
		if (c->fmt == &bs_fmt_kv) {
			putstr(o, c->pt->cols[k]);
			putstr(o, "=");
			putstr(o, c->vals[k]);
			putstr(o, " ");
		} else {
			vfield(c, o, k);
			put(o, &d, 1);
		}
	}
}

/* The trailing added fields of a text record, as its format writes them. */
static void
addcols(struct pctx *c, struct obuf *o)
{
	char d = (char)c->delim;

	for (size_t k = c->fmt == &bs_fmt_plain ? 0 : c->pt->nlead;
	    k < c->pt->ncols; k++) {
		if (c->fmt == &bs_fmt_kv)
			putstr(o, " ");
		else if (c->fmt == &bs_fmt_plain)
			putstr(o, k ? " " : " # ");
		else {
			put(o, &d, 1);
			vfield(c, o, k);
			continue;
		}
		putstr(o, c->pt->cols[k]);
		putstr(o, "=");
		putstr(o, c->vals[k]);
	}
}

/* One added key and its value, quoted. */
static void
jsonkey(struct pctx *c, struct obuf *o, size_t k)
{
	/* Only added when the stream is written: quoting takes time. */
	if (o->fp == NULL)
		return;
	flush(o);
	bs_json_string(o->fp, c->pt->cols[k], strlen(c->pt->cols[k]));
	putstr(o, ": ");
	flush(o);
	bs_json_string(o->fp, c->vals[k], strlen(c->vals[k]));
}

/*
 * Write one record object p[s..e) with the leading keys after its '{'
 * and the others after its last member, before the white space and '}'
 * that close it.
 */
static void
jsonrec(struct pctx *c, struct obuf *o, const char *p, size_t s, size_t e)
{
	size_t last = e - 1, k;
	int empty;

	while (last > s + 1 && (p[last - 1] == ' ' || p[last - 1] == '\n' ||
	    p[last - 1] == '\r' || p[last - 1] == '\t'))
		last--;
	empty = last == s + 1;
	put(o, p + s, 1);
	for (k = 0; k < c->pt->nlead; k++) {
		jsonkey(c, o, k);
		if (k + 1 < c->pt->ncols || !empty)
			putstr(o, ", ");
	}
	put(o, p + s + 1, last - s - 1);
	for (k = c->pt->nlead; k < c->pt->ncols; k++) {
		putstr(o, k > c->pt->nlead || !empty ? ", " : "");
		jsonkey(c, o, k);
	}
	put(o, p + last, e - last);
}

/*
 * An NDJSON line p[pos..end): its object gains the keys.  The reader
 * took the line as one object, so only white space follows the '}'.
 */
static void
ndjsonrec(struct pctx *c, struct obuf *o, const char *p, size_t pos,
    size_t end)
{
	size_t s = bs_json_skipws(p, pos, end), ve = end;

	while (ve > s && (p[ve - 1] == ' ' || p[ve - 1] == '\t' ||
	    p[ve - 1] == '\r' || p[ve - 1] == '\n'))
		ve--;
	put(o, p + pos, s - pos);
	jsonrec(c, o, p, s, ve);
	put(o, p + ve, end - ve);
	putstr(o, "\n");
}

/*
 * Record rec[0..len) at d, copied as 32 bytes when it is shorter and
 * slack says that many may be read; the byte after it.
 */
static inline char *
rec_body(char *d, const char *rec, size_t len, int slack)
{
	memcpy(d, rec, slack && len <= VTEXT ? VTEXT : len);
	return d + len;
}

/* Its line end at d: its own eol bytes after rec[len], or a line feed. */
static inline char *
rec_eol(char *d, const char *rec, size_t len, size_t eol)
{
	if (eol == 0)
		*d++ = '\n';
	for (size_t k = 0; k < eol; k++)
		*d++ = rec[len + k];
	return d;
}

/*
 * A delimited record rec[0..len) and its line end (eol bytes after it),
 * the added values about it, as leadcols(), put() and addcols() write
 * them, but with one test of room and copies of whole 32 bytes (slack:
 * rec may be read that far): 0 when a value has no short plain form
 * (struct vform) or the record is too long, and nothing was written.
 */
static inline int
delim_row(struct pctx *c, struct obuf *o, const char *rec, size_t len,
    size_t eol, int slack)
{
	size_t need = len + 2 * VTEXT, k, nc = c->pt->ncols, nl = c->pt->nlead;
	char *d;

	for (k = 0; k < nc; k++) {
		if (c->vals[k] != c->vf[k].s)
			vform_set(c, k, c->vals[k]);
		if (c->vf[k].tlen == 0)
			return 0;
		need += VTEXT;
	}
	if (need > o->cap - o->n) {
		if (o->mem) {
			if (o->mem == -1 || memroom(o, need) == -1)
				return 1;	/* failed: said by o->mem */
		} else {
			flush(o);
			if (need > o->cap)
				return 0;
		}
	}
	d = o->p + o->n;
	for (k = 0; k < nl; k++) {
		memcpy(d, c->vf[k].text, VTEXT);
		d += c->vf[k].tlen;
	}
	d = rec_body(d, rec, len, slack);
	for (k = nl; k < nc; k++) {
		memcpy(d, c->vf[k].text, VTEXT);
		d += c->vf[k].tlen;
	}
	o->n = (size_t)(rec_eol(d, rec, len, eol) - o->p);
	return 1;
}

/* Is the input delimited text (the formats with spans but these)? */
static int
delimited(const struct pctx *c)
{
	return c->fmt != &bs_fmt_ndjson && c->fmt != &bs_fmt_plain &&
	    c->fmt != &bs_fmt_kv;
}

/* Record p[at..at+len) and its line end, value by value (w written). */
static void
text_row(struct pctx *c, struct obuf *w, const char *p, size_t at,
    size_t len, size_t eol)
{
	if (c->fmt == &bs_fmt_ndjson)
		ndjsonrec(c, w, p, at, at + len);
	else if (delimited(c) && delim_row(c, w, p + at, len, eol,
	    at + VTEXT <= c->buf->len))
		;
	else {
		leadcols(c, w);
		put(w, p + at, len);
		addcols(c, w);
		if (eol)
			put(w, p + at + len, eol);
		else
			putstr(w, "\n");
	}
}

/*
 * span_rows() of delimited text with codes (c->cf): a record is its
 * code's leading bytes, its own, its code's trailing bytes and its line
 * end, each copied whole (32 bytes, the record's too when it is shorter
 * and as many may be read), with one test of room.
 */
static void
code_rows(struct pctx *c, struct obuf *o, const struct bs_spans *sp,
    size_t from, size_t to, size_t *off, size_t *j)
{
	const char *p = c->buf->data;
	const size_t blen = c->buf->len, njump = sp->njump;
	const unsigned char *keep = c->pt->keep;
	const uint32_t *lens = sp->len;
	const struct cform *cf = c->cf;
	size_t at = *off, jj = *j;
	/* The codes of from..to, codes[0] from's. */
	const unsigned char *codes = c->pt->codes != NULL ? c->pt->codes +
	    from : c->cbuf;

	for (size_t i = from; i < to; i++) {
		size_t len = BS_SPAN_LEN(lens[i]), eol = BS_SPAN_EOL(lens[i]);
		const struct cform *f = &cf[codes[i - from]];
		struct obuf *w = &o[keep[codes[i - from]] ? 1 : 0];
		char *d;

		if (jj < njump && sp->jump[jj].row == i)
			at = sp->jump[jj++].off;
		if (w->fp == NULL)
			goto next;
		if (!f->ok || (len + 4 * VTEXT > w->cap - w->n && (!w->mem ||
		    w->mem == -1 || memroom(w, len + 4 * VTEXT) == -1))) {
			(void)record_vals(c, o, i);
			text_row(c, w, p, at, len, eol);
			goto next;
		}
		d = w->p + w->n;
		memcpy(d, f->l, VTEXT);
		d += f->lead;
		d = rec_body(d, p + at, len, at + VTEXT <= blen);
		memcpy(d, f->t, VTEXT);
		d += f->trail;
		w->n = (size_t)(rec_eol(d, p + at, len, eol) - w->p);
next:
		at += len + eol;
	}
	*off = at;
	*j = jj;
}

/* span_rows() of records from..to, their codes asked for already. */
static void
rows_of(struct pctx *c, struct obuf *o, const struct bs_spans *sp,
    size_t from, size_t to, size_t *off, size_t *j)
{
	const char *p = c->buf->data;
	size_t at = *off, jj = *j;

	if (c->cf != NULL) {
		code_rows(c, o, sp, from, to, off, j);
		return;
	}
	for (size_t i = from; i < to; i++) {
		size_t len = BS_SPAN_LEN(sp->len[i]);
		size_t eol = BS_SPAN_EOL(sp->len[i]);
		struct obuf *w;

		if (jj < sp->njump && sp->jump[jj].row == i)
			at = sp->jump[jj++].off;
		w = record_vals(c, o, i);
		if (w->fp != NULL)
			text_row(c, w, p, at, len, eol);
		at += len + eol;
	}
	*off = at;
	*j = jj;
}

/*
 * Records from..to of the spans, the first at offset *off with jump *j
 * next: each written to the stream its annotation chooses; with
 * bs_passthru.codes_for, a block (SPAN_BLOCK) at a time, its codes
 * asked for first.
 */
static void
span_rows(struct pctx *c, struct obuf *o, const struct bs_spans *sp,
    size_t from, size_t to, size_t *off, size_t *j)
{
	const struct bs_passthru *pt = c->pt;

	if (pt->annotate != NULL || pt->codes != NULL) {
		rows_of(c, o, sp, from, to, off, j);
		return;
	}
	for (size_t b = from, e; b < to; b = e) {
		e = to - b > SPAN_BLOCK ? b + SPAN_BLOCK : to;
		pt->codes_for(pt->arg, b, e, c->cbuf);
		c->cbase = b;
		c->cend = e;
		rows_of(c, o, sp, b, e, off, j);
	}
	c->cbase = c->cend = 0;
}

/*
 * With a concurrent annotation (bs_passthru.concurrent), the records are
 * cut into blocks of SPAN_BLOCK, and block b is formatted into memory by
 * thread b mod nt (this one is thread 0), which then waits for its turn
 * and writes it: the blocks go out in order, each thread formatting its
 * next block while another writes.  So the bytes are one thread's, in
 * memory of a block a thread.
 */
struct spanpool {
	const struct bs_spans	*sp;
	size_t			 nb;		/* blocks */
	size_t			*off, *jmp;	/* where block b starts */
	struct obuf		*out;		/* the streams (c->o) */
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	size_t			 turn;		/* the block to write next */
	int			 failed;
	int			 idle[SPAN_THREADS];	/* not started */
};

struct spanjob {
	_Alignas(64) struct pctx c;
	struct spanpool		*pool;
	size_t			 t, nt;
	pthread_t		 th;
	int			 started;
};

/* Write a formatted block to the stream (fp set; mem == -1: failed). */
static void
span_out(struct obuf *to, struct obuf *from)
{
	if (to->fp != NULL && from->n > 0)
		fwrite_unlocked(from->p, 1, from->n, to->fp);
	from->n = 0;
}

static void *
span_job(void *arg)
{
	struct spanjob *b = arg;
	struct spanpool *pl = b->pool;

	for (size_t k = b->t; k < pl->nb; k++) {
		size_t from = k * SPAN_BLOCK, to = from + SPAN_BLOCK;
		size_t off = pl->off[k], j = pl->jmp[k];

		/* Thread 0 takes the blocks of a thread that did not start. */
		if (k % b->nt != b->t && (b->t != 0 || !pl->idle[k % b->nt]))
			continue;
		if (to > pl->sp->n)
			to = pl->sp->n;
		span_rows(&b->c, b->c.o, pl->sp, from, to, &off, &j);
		pthread_mutex_lock(&pl->mu);
		while (pl->turn != k)
			pthread_cond_wait(&pl->cv, &pl->mu);
		for (int s = 0; s < 2; s++) {
			if (b->c.o[s].mem == -1)
				pl->failed = 1;
			span_out(&pl->out[s], &b->c.o[s]);
		}
		pl->turn++;
		pthread_cond_broadcast(&pl->cv);
		pthread_mutex_unlock(&pl->mu);
	}
	return NULL;
}

/* The bytes of n records that follow one another, line ends included. */
static size_t
span_bytes(const uint32_t *len, size_t n)
{
	size_t a = 0, b = 0, k;

	/* Two sums: the loop is the serial part of writing (10M records). */
	for (k = 0; k + 1 < n; k += 2) {
		a += BS_SPAN_LEN(len[k]) + BS_SPAN_EOL(len[k]);
		b += BS_SPAN_LEN(len[k + 1]) + BS_SPAN_EOL(len[k + 1]);
	}
	if (k < n)
		a += BS_SPAN_LEN(len[k]) + BS_SPAN_EOL(len[k]);
	return a + b;
}

/*
 * Where each block starts: its offset and next jump, as span_rows()
 * would find them going through the records before it; 0 or -1.
 */
static int
span_starts(struct spanpool *pl)
{
	const struct bs_spans *sp = pl->sp;
	size_t at = 0, j = 0, i = 0;

	pl->nb = (sp->n + SPAN_BLOCK - 1) / SPAN_BLOCK;
	if ((pl->off = malloc(pl->nb * sizeof(*pl->off))) == NULL ||
	    (pl->jmp = malloc(pl->nb * sizeof(*pl->jmp))) == NULL)
		return -1;
	for (size_t b = 0; b < pl->nb; b++) {
		size_t end = (b + 1) * SPAN_BLOCK < sp->n ?
		    (b + 1) * SPAN_BLOCK : sp->n;

		pl->off[b] = at;
		pl->jmp[b] = j;
		/* Runs of records between jumps. */
		while (i < end) {
			size_t stop = end;

			if (j < sp->njump && sp->jump[j].row == i)
				at = sp->jump[j++].off;
			if (j < sp->njump && sp->jump[j].row > i &&
			    sp->jump[j].row < stop)
				stop = sp->jump[j].row;
			at += span_bytes(sp->len + i, stop - i);
			i = stop;
		}
	}
	return 0;
}

/* The records on nt threads (thread 0 this one); 0 or -1. */
static int
span_pool(struct pctx *c, const struct bs_spans *sp, size_t nt)
{
	_Alignas(64) struct spanjob b[SPAN_THREADS];
	struct spanpool pl;
	size_t k;
	int rc = 0;

	memset(&pl, 0, sizeof(pl));
	memset(b, 0, sizeof(b));
	pl.sp = sp;
	pl.out = c->o;
	if (span_starts(&pl) == -1) {
		free(pl.off);
		return -1;
	}
	/* What this thread's buffers hold (the header) goes first. */
	for (int s = 0; s < 2; s++)
		if (c->o[s].fp != NULL)
			flush(&c->o[s]);
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.cv, NULL);
	for (k = 0; k < nt; k++) {
		b[k].c = *c;
		b[k].c.vals = NULL;
		b[k].c.vf = NULL;
		b[k].c.vfbuf = NULL;
		b[k].c.cbuf = NULL;
		b[k].pool = &pl;
		b[k].t = k;
		b[k].nt = nt;
		for (int s = 0; s < 2; s++)
			b[k].c.o[s] = (struct obuf){ .fp = c->o[s].fp,
			    .mem = 1 };
		if ((b[k].c.vals = bs_line_calloc((c->pt->ncols + 1) *
		    sizeof(*b[k].c.vals))) == NULL ||
		    (b[k].c.vfbuf = bs_line_calloc(nforms(c->pt) *
		    sizeof(*b[k].c.vf))) == NULL ||
		    (b[k].c.cbuf = bs_line_calloc(SPAN_BLOCK)) == NULL)
			rc = -1;
		b[k].c.vf = b[k].c.vfbuf;
	}
	for (k = 1; rc == 0 && k < nt; k++)
		pl.idle[k] = !(b[k].started = pthread_create(&b[k].th, NULL,
		    span_job, &b[k]) == 0);
	if (rc == 0) {
		span_job(&b[0]);
		for (k = 1; k < nt; k++)
			if (b[k].started)
				pthread_join(b[k].th, NULL);
	}
	for (k = 0; k < nt; k++) {
		free(b[k].c.vals);
		free(b[k].c.vfbuf);
		free(b[k].c.cbuf);
		free(b[k].c.o[0].p);
		free(b[k].c.o[1].p);
	}
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.cv);
	free(pl.off);
	free(pl.jmp);
	return rc == -1 || pl.failed ? -1 : 0;
}

/* Each code's added bytes of delimited text (struct cform); 0 or -1. */
static int
code_forms(struct pctx *c, struct cform **cfp)
{
	const struct bs_passthru *pt = c->pt;
	const char d = (char)c->delim;
	struct cform *cf;

	if ((*cfp = cf = calloc(pt->ncodes, sizeof(*cf))) == NULL)
		return -1;
	for (size_t code = 0; code < pt->ncodes; code++) {
		size_t l = 0, t = 0;

		cf[code].ok = 1;
		for (size_t k = 0; k < pt->ncols; k++) {
			const char *v = pt->forms[code * pt->ncols + k];
			size_t n = strlen(v);
			char *to = k < pt->nlead ? cf[code].l + l :
			    cf[code].t + t;

			if (!plain(v, n, d) || (k < pt->nlead ? l : t) + n + 1 >
			    VTEXT) {
				cf[code].ok = 0;
				break;
			}
			if (k < pt->nlead) {
				memcpy(to, v, n);
				to[n] = d;
				l += n + 1;
			} else {
				to[0] = d;
				memcpy(to + 1, v, n);
				t += n + 1;
			}
		}
		cf[code].lead = (unsigned char)l;
		cf[code].trail = (unsigned char)t;
	}
	return 0;
}

/* passthru_spans() with the codes' bytes worked out. */
static int
spans_out(struct pctx *c, const struct bs_spans *sp,
    const struct bs_read_opts *ro, struct bs_err *e)
{
	size_t off = 0, j = 0, nt;

	if (sp->n > 0 && !ro->no_header && (c->fmt == &bs_fmt_csv ||
	    c->fmt == &bs_fmt_tsv)) {
		header(c, &c->o[1], sp->jump[0].off);
		header(c, &c->o[0], sp->jump[0].off);
	}
	/* NDJSON's keys are quoted straight to the stream: one thread. */
	nt = (c->pt->concurrent || c->pt->annotate == NULL) &&
	    c->fmt != &bs_fmt_ndjson ?
	    bs_threads(ro->jobs, SPAN_THREADS, sp->n, 2 * SPAN_BLOCK, 0) : 1;
	if (nt < 2) {
		span_rows(c, c->o, sp, 0, sp->n, &off, &j);
		return 0;
	}
	if (span_pool(c, sp, nt) == -1)
		return bs_seterr(e, c->buf->name, 0, "out of memory");
	return 0;
}

/* Text formats: every record copied from where the first read saw it. */
static int
passthru_spans(struct pctx *c, const struct bs_spans *sp,
    const struct bs_read_opts *ro, struct bs_err *e)
{
	struct cform *cf = NULL;
	int rc = 0;

	if (c->pt->annotate == NULL && delimited(c)) {
		if (code_forms(c, &cf) == -1)
			return bs_seterr(e, c->buf->name, 0, "out of memory");
		c->cf = cf;
	}
	rc = spans_out(c, sp, ro, e);
	c->cf = NULL;
	free(cf);
	return rc;
}

/*
 * The real tools' formats have no rows of their own to write back: their
 * records are written as CSV, the columns the reader made, plus ours.
 */
static void
csvrow(struct pctx *c, struct obuf *o, const struct bs_field *f, size_t n,
    const char *const *extra)
{
	size_t k;

	for (k = 0; k < c->pt->nlead; k++) {
		field(o, extra[k], strlen(extra[k]), ',');
		putstr(o, ",");
	}
	for (size_t i = 0; i < n; i++) {
		if (i)
			putstr(o, ",");
		field(o, f[i].s, f[i].len, ',');
	}
	for (k = c->pt->nlead; k < c->pt->ncols; k++) {
		putstr(o, ",");
		field(o, extra[k], strlen(extra[k]), ',');
	}
	putstr(o, "\n");
}

static int
tool_hdr(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct pctx *c = arg;

	(void)e;
	csvrow(c, &c->o[1], f, n, c->pt->cols);
	csvrow(c, &c->o[0], f, n, c->pt->cols);
	return 0;
}

static int
tool_rec(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct pctx *c = arg;

	(void)e;
	csvrow(c, next(c), r->f, r->nf, c->vals);
	return 0;
}

/* ------------------------------------------------------------------ */
/* A JSON array, found by scanning the text */

/*
 * The records array: the document itself, or the first member holding a
 * non-empty array of objects (the rule the JSON reader uses).  Returns
 * the index of its '[' or (size_t)-1.
 */
static size_t
findarray(const char *p, size_t n)
{
	size_t i = bs_json_skipws(p, 0, n), v;

	if (i < n && p[i] == '[')
		return i;
	if (i >= n || p[i] != '{')
		return (size_t)-1;
	i++;
	for (;;) {
		i = bs_json_skipws(p, i, n);
		if (i >= n || p[i] != '"')
			return (size_t)-1;
		i = bs_json_skipval(p, i, n);		/* the key */
		i = bs_json_skipws(p, i, n);
		if (i >= n || p[i] != ':')
			return (size_t)-1;
		v = bs_json_skipws(p, i + 1, n);
		if (v < n && p[v] == '[') {
			size_t f = bs_json_skipws(p, v + 1, n);

			if (f < n && p[f] == '{')
				return v;
		}
		i = bs_json_skipws(p, bs_json_skipval(p, v, n), n);
		if (i >= n || p[i] != ',')
			return (size_t)-1;
		i++;
	}
}

static int
passthru_json(struct pctx *c, struct bs_err *e)
{
	const char *p = c->buf->data;
	size_t n = c->buf->len, a, i, s, ws, prevend;
	int any[2] = { 0, 0 }, keep;
	struct obuf *o;

	if ((a = findarray(p, n)) == (size_t)-1) {
		/* A lone object is one record. */
		s = bs_json_skipws(p, 0, n);
		if (s >= n || p[s] != '{')
			return bs_seterr(e, c->buf->name, 0, "cannot find the "
			    "records in the JSON text");
		i = bs_json_skipval(p, s, n);
		o = next(c);
		put(o, p, s);
		jsonrec(c, o, p, s, i);
		put(o, p + i, n - i);
		return 0;
	}
	put(&c->o[1], p, a + 1);
	put(&c->o[0], p, a + 1);
	prevend = a + 1;
	i = bs_json_skipws(p, a + 1, n);
	while (i < n && p[i] != ']') {
		s = i;
		i = bs_json_skipval(p, s, n);
		o = next(c);
		keep = o == &c->o[1];
		/*
		 * The first record kept keeps the white space after '['; later
		 * ones the separator that stood before them, comma included.
		 */
		if (any[keep])
			put(o, p + prevend, s - prevend);
		else
			put(o, p + a + 1, bs_json_skipws(p, a + 1, n) - (a + 1));
		jsonrec(c, o, p, s, i);
		any[keep] = 1;
		prevend = i;
		i = bs_json_skipws(p, i, n);
		if (i < n && p[i] == ',')
			i = bs_json_skipws(p, i + 1, n);
	}
	/* The rest of the document: white space before ']' and after. */
	for (s = prevend; s < n && p[s] != ']'; s++)
		;
	for (ws = s; ws > prevend && (p[ws - 1] == ' ' || p[ws - 1] == '\n' ||
	    p[ws - 1] == '\r' || p[ws - 1] == '\t'); ws--)
		;
	put(&c->o[1], p + ws, n - ws);
	put(&c->o[0], p + ws, n - ws);
	return 0;
}

/* ------------------------------------------------------------------ */

static int
nop_hdr(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	(void)arg;
	(void)f;
	(void)n;
	(void)e;
	return 0;
}

static int
nop_rec(void *arg, const struct bs_record *r, struct bs_err *e)
{
	(void)arg;
	(void)r;
	(void)e;
	return 0;
}

static int
dispatch(struct pctx *c, const struct bs_read_opts *ro, struct bs_err *e)
{
	struct bs_reader_cb cb = { tool_hdr, tool_rec, c, NULL, NULL, NULL,
	    NULL, NULL, NULL, NULL, NULL, NULL };
	struct bs_read_opts again;
	struct bs_spans *own;
	int rc;

	if (ro->format == &bs_fmt_json)
		return passthru_json(c, e);
	/* The formats whose records are byte ranges of the input. */
	if (ro->format != NULL && ro->format->spans) {
		if (ro->spans != NULL && ro->spans->n > 0)
			return passthru_spans(c, ro->spans, ro, e);
		/* Not noted by the first read: read once more to note them. */
		if ((own = bs_spans_new()) == NULL)
			return bs_seterr(e, c->buf->name, 0, "out of memory");
		again = *ro;
		again.spans = own;
		cb.header = nop_hdr;
		cb.record = nop_rec;
		cb.arg = NULL;
		rc = bs_read(c->buf, NULL, &again, &cb, NULL, NULL, e);
		if (rc == 0)
			rc = passthru_spans(c, own, ro, e);
		bs_spans_free(own);
		return rc;
	}
	return bs_read(c->buf, NULL, ro, &cb, NULL, NULL, e);
}

int
bs_passthru(const struct bs_buf *buf, const struct bs_read_opts *ro,
    const struct bs_passthru *pt, FILE *out, FILE *rej, struct bs_err *e)
{
	struct pctx c;
	const char **vals;
	int rc;

	/* One added value per column: as many as the table has (10,000). */
	memset(&c, 0, sizeof(c));
	if ((vals = calloc(pt->ncols + 1, sizeof(*vals))) == NULL ||
	    (c.vfbuf = calloc(nforms(pt), sizeof(*c.vf))) == NULL ||
	    (c.cbuf = malloc(SPAN_BLOCK)) == NULL) {
		free(vals);
		free(c.vfbuf);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	c.buf = buf;
	c.pt = pt;
	c.o[1].fp = out;
	c.o[0].fp = rej;
	c.vals = vals;
	c.vf = c.vfbuf;
	c.delim = ro->delim ? ro->delim : ',';
	c.fmt = ro->format;
	for (int k = 0; k < 2; k++)
		if (c.o[k].fp != NULL &&
		    (c.o[k].p = malloc(OBUFSZ)) == NULL) {
			free(c.o[0].p);
			free(vals);
			free(c.vfbuf);
			free(c.cbuf);
			return bs_seterr(e, NULL, 0, "out of memory");
		} else
			c.o[k].cap = OBUFSZ;
	rc = dispatch(&c, ro, e);
	for (int k = 0; k < 2; k++) {
		if (c.o[k].fp != NULL)
			flush(&c.o[k]);
		free(c.o[k].p);
	}
	free(vals);
	free(c.vfbuf);
	free(c.cbuf);
	return rc;
}
