/*
 * bs_read(), the top of the readers: opens the source, detects the
 * format, and hands the input to the reader of that format through
 * callbacks that hold every format to the same limits and, when asked,
 * note where each record lies (struct bs_spans) for writing it back.
 * The formats are rows of the registry (formats.c): bs_read() asks
 * them what to refuse, whether to note spans, how to read, and how to
 * word a failure.  The readers below never call back up here.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/*
 * Every reader hands its fields over through these, so the cap on the
 * size of one field (BS_MAX_FIELD) holds for every format, the JSON ones
 * and the real tools' included, whatever the reader's own limits.
 */
struct capctx {
	const struct bs_reader_cb *cb;
	const char	*name;
	struct bs_spans	*spans;		/* NULL unless asked for */
};

static __attribute__((noinline)) int
capcheck(const struct capctx *c, const struct bs_field *f, size_t n,
    const struct bs_record *r, struct bs_err *e)
{
	for (size_t i = 0; i < n; i++) {
		if (f[i].len <= BS_MAX_FIELD)
			continue;
		if (r == NULL)
			return bs_seterr(e, c->name, 0, "column name %zu is "
			    "longer than %u bytes (the limit)", i + 1,
			    BS_MAX_FIELD);
		if (r->line == 0)
			return bs_seterr(e, c->name, 0, "record %zu: field %zu "
			    "is longer than %u bytes (the limit)", r->recno,
			    i + 1, BS_MAX_FIELD);
		return bs_seterr(e, c->name, r->line, "field %zu is longer "
		    "than %u bytes (the limit)", i + 1, BS_MAX_FIELD);
	}
	return 0;
}

static int
cap_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	const struct capctx *c = arg;

	/*
	 * Formats whose records bring their own keys (kv, JSON) hand over
	 * every record as wide as all keys: a key made from data (an id, a
	 * time) would make that quadratic.
	 */
	if (n > BS_MAX_COLUMNS)
		return bs_seterr(e, c->name, 0, "%zu columns (distinct keys), "
		    "more than %u (the limit)", n, BS_MAX_COLUMNS);
	if (capcheck(c, f, n, NULL, e) == -1)
		return -1;
	return c->cb->header(c->cb->arg, f, n, e);
}

/* Note where record r lies, for boutlier. */
static __attribute__((noinline)) int
cap_span(const struct capctx *c, const struct bs_record *r, struct bs_err *e)
{
	/* A span keeps 30 bits of length: a buffer may be made. */
	if (BS_SPAN_LEN(r->len) != r->len)
		return bs_seterr(e, c->name, r->line, "record longer "
		    "than %u bytes", BS_SPAN_LEN(~0u));
	if (bs_spans_add(c->spans, r->off, r->len, r->eollen) == -1)
		return bs_seterr(e, c->name, r->line, "out of memory");
	return 0;
}

/*
 * Called for every record of every input: the rare work (a field over
 * the limit, spans) is in functions of their own, so that this one
 * saves no registers and ends in a jump to the caller's hook.
 */
static int
cap_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	const struct capctx *c = arg;

	for (size_t i = 0; i < r->nf; i++)
		if (r->f[i].len > BS_MAX_FIELD)
			return capcheck(c, r->f, r->nf, r, e);
	if (c->spans != NULL && cap_span(c, r, e) == -1)
		return -1;
	return c->cb->record(c->cb->arg, r, e);
}

/*
 * Where spans are noted (boutlier), a chunk read on a thread of its own
 * notes its records' spans in a list of its own, appended to the
 * input's when the chunk joins: in file order, as one thread notes them.
 */
struct spanchunk {
	struct bs_reader_cb	 inner;	/* the consumer's, for the chunk */
	struct bs_spans		 sp;
	int			 failed;
};

static int
span_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct spanchunk *k = arg;

	return k->inner.header(k->inner.arg, f, n, e);
}

static int
span_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct spanchunk *k = arg;

	/* Too long a record, or no memory: the chunk is read again. */
	if (BS_SPAN_LEN(r->len) != r->len ||
	    bs_spans_add(&k->sp, r->off, r->len, r->eollen) == -1) {
		k->failed = 1;
		return bs_seterr(e, NULL, 0, "span");
	}
	return k->inner.record(k->inner.arg, r, e);
}

static int
cap_split(void *arg, size_t n, struct bs_reader_cb *cbs)
{
	const struct capctx *c = arg;
	struct spanchunk *k;
	size_t i;

	if (c->cb->split(c->cb->arg, n, cbs) == -1)
		return -1;
	if (c->spans == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		if ((k = calloc(1, sizeof(*k))) == NULL)
			break;
		k->inner = cbs[i];
		cbs[i] = (struct bs_reader_cb){ .header = span_header,
		    .record = span_record, .arg = k };
	}
	if (i == n)
		return 0;
	/* Out of memory: every chunk given back, read in one thread. */
	for (size_t j = 0; j < n; j++) {
		void *ua = cbs[j].arg;

		if (j < i) {
			k = cbs[j].arg;
			ua = k->inner.arg;
			free(k);
		}
		(void)c->cb->join(c->cb->arg, ua, 0, NULL);
	}
	return -1;
}

/*
 * A chunk's spans appended on a thread of their own while the consumer
 * joins its values (both are copies of millions of records).
 */
struct spanappend {
	struct bs_spans		*d;
	const struct bs_spans	*s;
	int			 rc;
};

#define APPEND_THREAD	(1u << 20)	/* records, at least */

static void *
span_append(void *arg)
{
	struct spanappend *a = arg;

	a->rc = bs_spans_append(a->d, a->s);
	return NULL;
}

/*
 * The consumer's join of chunk k with its spans appended beside it: 0,
 * 1 (not kept: the spans appended are taken back) or -1.
 */
static int
join_spans(const struct capctx *c, struct spanchunk *k, struct bs_err *e)
{
	struct spanappend a = { c->spans, &k->sp, 0 };
	struct bs_spans was = *c->spans;
	pthread_t th;
	int rc, started;

	started = k->sp.n >= APPEND_THREAD && pthread_create(&th, NULL,
	    span_append, &a) == 0;
	rc = c->cb->join(c->cb->arg, k->inner.arg, 1, e);
	if (started)
		pthread_join(th, NULL);
	else if (rc == 0)
		span_append(&a);
	if (rc == 0 && a.rc == -1)
		rc = bs_seterr(e, c->name, 0, "out of memory");
	if (rc != 0 && started) {
		/* Only records were added after d's: the lists as they were. */
		c->spans->n = was.n;
		c->spans->njump = was.njump;
		c->spans->next = was.next;
	}
	return rc;
}

static int
cap_join(void *arg, void *chunkarg, int keep, struct bs_err *e)
{
	const struct capctx *c = arg;
	struct spanchunk *k = chunkarg;
	int rc;

	if (c->spans == NULL)
		return c->cb->join(c->cb->arg, chunkarg, keep, e);
	keep = keep && !k->failed;
	rc = keep ? join_spans(c, k, e) : c->cb->join(c->cb->arg,
	    k->inner.arg, 0, e);
	free(k->sp.len);
	free(k->sp.jump);
	free(k);
	return rc;
}

static void
cap_warn(void *arg, const char *msg)
{
	const struct capctx *c = arg;

	c->cb->warn(c->cb->arg, msg);
}

static void
cap_note(void *arg, const char *msg)
{
	const struct capctx *c = arg;

	c->cb->note(c->cb->arg, msg);
}

static void
cap_format(void *arg, const struct bs_fmt *f)
{
	const struct capctx *c = arg;

	c->cb->format(c->cb->arg, f);
}

static void
cap_unit(void *arg, const char *column, const char *unit)
{
	const struct capctx *c = arg;

	c->cb->unit(c->cb->arg, column, unit);
}

static void
cap_meta(void *arg, const char *key, const char *value)
{
	const struct capctx *c = arg;

	c->cb->meta(c->cb->arg, key, value);
}

static void
cap_role(void *arg, const char *column, enum bs_colrole role)
{
	const struct capctx *c = arg;

	c->cb->role(c->cb->arg, column, role);
}

static int
cap_want(void *arg, size_t k)
{
	const struct capctx *c = arg;

	return c->cb->want(c->cb->arg, k);
}

/*
 * The format an input read as f is when another format claims it
 * (bs_fmt.under, .claim: lmbench's tables among ws's text).
 */
static const struct bs_fmt *
claimed(const struct bs_fmt *f, const char *p, size_t len)
{
	for (size_t i = 0; bs_formats[i] != NULL; i++)
		if (bs_formats[i]->claim != NULL && bs_formats[i]->under == f &&
		    bs_formats[i]->claim(p, len))
			return bs_formats[i];
	return f;
}

/*
 * What a detected input of format d may really be, and is refused
 * (bs_fmt.refuse): -1 with the error set, 0 when it is read.
 */
static int
refused(const struct bs_fmt *d, const struct bs_src *s, size_t bom,
    size_t dlen, struct bs_err *e)
{
	int rc;

	/* bstat's table for people read back: say what to write instead. */
	if ((d->refuse & BS_REFUSE_BSTAT) &&
	    (rc = bs_detect_bstat_table(s->win + bom, dlen - bom)) != 0)
		return bs_seterr(e, s->name, 1, "this is bstat's %s table, for "
		    "people: to read its numbers again, write them with -f csv",
		    rc == 2 ? "Markdown" : "aligned");
	/*
	 * XML that is no Catch2 report would be read as key="value"
	 * lines, its attributes pooled: said instead.
	 */
	if ((d->refuse & BS_REFUSE_XML) &&
	    (rc = bs_detect_xml(s->win, dlen)) != 0) {
		if (rc == 1)
			return bs_seterr(e, s->name, 0, "JUnit XML is not "
			    "read: a test report, no measurements (give the "
			    "benchmark's own output: Catch2's -r xml or "
			    "console)");
		return bs_seterr(e, s->name, 0, "XML is not read: no reader "
		    "knows this document (of XML, Catch2's -r xml report is "
		    "read)");
	}
	if ((d->refuse & BS_REFUSE_REDIS) &&
	    bs_detect_redis_text(s->win, dlen))
		return bs_seterr(e, s->name, 0, "redis-benchmark's text report "
		    "is not read (its progress lines would pass for key=value "
		    "data): run it with --csv");
	return 0;
}

/*
 * A tool's format is told by what its output holds, which other text
 * may hold too: an error names the format the input was taken for
 * (bs_fmt.name_errors), unless it does already (by its name or its
 * label), it is one no other format would have avoided, or it is about
 * an option's value.
 */
static void
name_error(const struct bs_fmt *d, struct bs_err *e)
{
	size_t ml;

	/* An error of an option's value is no format's ("--ok 'x': ..."). */
	if (!d->name_errors || strncmp(e->msg, "--", 2) == 0 ||
	    strstr(e->msg, d->name) != NULL ||
	    (d->label != NULL && strstr(e->msg, d->label) != NULL) ||
	    strstr(e->msg, " is not read") != NULL ||	/* named already */
	    strstr(e->msg, "out of memory") != NULL)
		return;
	ml = strlen(e->msg);
	snprintf(e->msg + ml, sizeof(e->msg) - ml, " (read as %s output; "
	    "--input-format chooses another)", d->name);
}

int
bs_read(const struct bs_buf *buf, const char *path,
    const struct bs_read_opts *o, const struct bs_reader_cb *ucb,
    const struct bs_fmt **used, int *useddelim, struct bs_err *e)
{
	struct bs_src s;
	const struct bs_fmt *f = bs_format_auto(o->format) ? NULL : o->format;
	const struct bs_fmt *d;
	int detect = f == NULL;
	int delim = o->delim, rc = -1;
	struct capctx cc = { ucb, NULL, NULL };
	struct bs_reader_cb wcb = { cap_header, cap_record, &cc,
	    ucb->warn ? cap_warn : NULL, ucb->format ? cap_format : NULL,
	    ucb->unit ? cap_unit : NULL, ucb->meta ? cap_meta : NULL,
	    ucb->note ? cap_note : NULL, ucb->role ? cap_role : NULL,
	    ucb->want ? cap_want : NULL,
	    ucb->split ? cap_split : NULL, ucb->join ? cap_join : NULL };
	const struct bs_reader_cb *cb = &wcb;
	size_t dlen, bom;

	if (bs_src_open(&s, buf, path, e) == -1)
		return -1;
	cc.name = s.name;
	dlen = s.len < BS_DETECT_LEN ? s.len : BS_DETECT_LEN;
	bom = bs_skipbom(s.win, dlen);
	if (f == NULL && delim != 0)
		f = delim == '\t' ? &bs_fmt_tsv : &bs_fmt_csv;	/* -d given */
	else if (f == NULL)
		f = bs_detect(s.win, dlen, &delim);
	f = claimed(f, s.win + bom, dlen - bom);
	if ((f == &bs_fmt_csv || f == &bs_fmt_tsv) && delim == 0)
		delim = f == &bs_fmt_tsv ? '\t' :
		    bs_delim_detect(s.win + bom, dlen - bom);
	if (used)
		*used = f;
	if (useddelim)
		*useddelim = delim;
	if (cb->format)
		cb->format(cb->arg, f);
	d = f;
	if (detect && d != NULL &&
	    refused(d, &s, bom, dlen, e) == -1) {
		bs_src_close(&s);
		return -1;
	}
	/* Only text read from memory has bytes to write back. */
	if (buf != NULL && d != NULL && d->spans)
		cc.spans = o->spans;
	s.opts = o;
	s.delim = delim;
	/*
	 * In chunks only where the registry says its lines stand alone;
	 * spans are noted per chunk (cap_split()).
	 */
	s.jobs = d != NULL && d->chunks ? o->jobs : 1;
	rc = d != NULL && d->read != NULL ? d->read(&s, cb, e) :
	    bs_seterr(e, s.name, 0, "unknown input format");
	if (rc == -1 && detect && d != NULL)
		name_error(d, e);
	bs_src_close(&s);
	return rc;
}
