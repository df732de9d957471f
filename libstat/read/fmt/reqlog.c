/*
 * What the readers of load testers' request logs share (JMeter's JTL,
 * k6's --out json and csv, vegeta's encodings): they are streamed, a
 * record at a time, never held whole, so that a log of 10^8 requests
 * is read in the memory of one record (the table, under bstat
 * --sketch, keeps a sketch per series and no values); and a log cut
 * short by a crash, or two writers' lines mixed in one file, is read
 * up to its last whole record with a warning naming the line where it
 * broke, not refused and not silently cut.
 *
 * bs_fixrec: a record of columns fixed before the first one is handed
 * over (a streamed table has one header), built cell by cell.
 * bs_lines_read: the lines of a log, through a window of the source.
 * bs_csvlog_read: a delimited log through bs_read_delim(), with its
 * units, flags and a truncated tail.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

long
bs_fixrec_col(struct bs_fixrec *r, const char *name, size_t len)
{
	long k = bs_strhash_get(&r->colh, name, len);
	char *c;

	if (k >= 0 || r->sent || r->failed)
		return k;
	if (r->ncols == r->ccap && bs_grow(&r->cols, &r->ccap, r->ncols + 1,
	    sizeof(*r->cols)) == -1)
		goto oom;
	if ((c = bs_strndup(name, len)) == NULL)
		goto oom;
	r->cols[r->ncols] = c;
	if (bs_strhash_put(&r->colh, c, len, r->ncols) == -1)
		goto oom;
	return (long)r->ncols++;
oom:
	r->failed = 1;
	return -1;
}

void
bs_fixrec_set(struct bs_fixrec *r, long col, const char *s, size_t len)
{
	if (col < 0 || !r->sent || (size_t)col >= r->ncols)
		return;
	if (bs_grow(&r->buf, &r->bcap, r->blen + len + 1, 1) == -1) {
		r->failed = 1;
		return;
	}
	memcpy(r->buf + r->blen, s, len);
	r->off[col] = r->blen;
	r->len[col] = len;
	r->blen += len;
}

void
bs_fixrec_setnum(struct bs_fixrec *r, long col, double v)
{
	char b[40];

	if (isfinite(v))
		bs_fixrec_set(r, col, b, (size_t)snprintf(b, sizeof(b),
		    "%.17g", v));
}

int
bs_fixrec_header(struct bs_fixrec *r, const char *const (*units)[2],
    const struct bs_reader_cb *cb, const char *name, struct bs_err *e)
{
	if (r->failed || (r->off = calloc(r->ncols + 1, sizeof(*r->off))) ==
	    NULL || (r->len = malloc((r->ncols + 1) * sizeof(*r->len))) ==
	    NULL || (r->f = calloc(r->ncols + 1, sizeof(*r->f))) == NULL)
		return bs_seterr(e, name, 0, "out of memory");
	for (size_t k = 0; k < r->ncols; k++) {
		r->f[k].s = r->cols[k];
		r->f[k].len = strlen(r->cols[k]);
		r->len[k] = SIZE_MAX;
	}
	r->sent = 1;
	if (cb->header(cb->arg, r->f, r->ncols, e) == -1)
		return -1;
	for (size_t i = 0; units != NULL && units[i][0] != NULL; i++)
		if (cb->unit != NULL && bs_strhash_get(&r->colh, units[i][0],
		    strlen(units[i][0])) >= 0)
			cb->unit(cb->arg, units[i][0], units[i][1]);
	return 0;
}

int
bs_fixrec_emit(struct bs_fixrec *r, size_t line,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_record rec;

	if (r->failed)
		return bs_seterr(e, NULL, line, "out of memory");
	for (size_t k = 0; k < r->ncols; k++) {
		r->f[k].s = r->len[k] == SIZE_MAX ? NULL : r->buf + r->off[k];
		r->f[k].len = r->len[k] == SIZE_MAX ? 0 : r->len[k];
		r->len[k] = SIZE_MAX;
	}
	r->blen = 0;
	memset(&rec, 0, sizeof(rec));
	rec.f = r->f;
	rec.nf = r->ncols;
	rec.line = line;
	rec.recno = ++r->recno;
	return cb->record(cb->arg, &rec, e);
}

void
bs_fixrec_free(struct bs_fixrec *r)
{
	for (size_t k = 0; k < r->ncols; k++)
		free(r->cols[k]);
	free(r->cols);
	bs_strhash_free(&r->colh);
	free(r->buf);
	free(r->off);
	free(r->len);
	free(r->f);
	memset(r, 0, sizeof(*r));
}

/* The lines from pos on, counted for the warning. */
static int
rest(struct bs_src *s, size_t pos, size_t *n, struct bs_err *e)
{
	for (;;) {
		const char *nl = memchr(s->win + pos, '\n', s->len - pos);
		int rc;

		if (nl != NULL) {
			(*n)++;
			pos = (size_t)(nl - s->win) + 1;
			continue;
		}
		if (s->eof || (rc = bs_src_fill(s, pos, e)) == 0) {
			*n += pos < s->len;
			return 0;
		}
		if (rc == -1)
			return -1;
		pos = 0;
	}
}

static void
broken(const struct bs_reader_cb *cb, const char *what, size_t line,
    size_t after, const char *why)
{
	bs_reader_warn(cb, "%s: line %zu is no whole record (%s: a log cut "
	    "short or written by two at once): read up to line %zu, %zu "
	    "line%s from it on left out", what, line, why, line - 1,
	    after + 1, after == 0 ? "" : "s");
}

int
bs_lines_read(struct bs_src *s, const char *what,
    int (*fn)(void *, const char *, size_t, size_t, struct bs_err *),
    void *arg, const struct bs_reader_cb *cb, struct bs_err *e)
{
	size_t pos = bs_skipbom(s->win, s->len), line = 0, after = 0;
	int rc;

	for (;;) {
		const char *p = s->win + pos, *nl = memchr(p, '\n',
		    s->len - pos);
		size_t ll;

		if (nl == NULL && !s->eof) {
			if (s->len - pos > BS_MAX_RECORD)
				return bs_seterr(e, s->name, line + 1, "line "
				    "longer than %u bytes", BS_MAX_RECORD);
			if (bs_src_fill(s, pos, e) == -1)
				return -1;
			pos = 0;
			continue;
		}
		if (nl == NULL && pos == s->len)
			return 0;
		line++;
		ll = nl ? (size_t)(nl - p) : s->len - pos;
		pos += ll + (nl != NULL);
		if (ll > 0 && p[ll - 1] == '\r')
			ll--;
		if ((rc = fn(arg, p, ll, line, e)) == -1)
			return -1;
		if (rc == BS_LINE_BROKEN) {
			if (rest(s, pos, &after, e) == -1)
				return -1;
			broken(cb, what, line, after, bs_tr(nl == NULL ?
			    "no line end" : "not whole"));
			return 0;
		}
	}
}

/* ---- delimited logs */

/*
 * Coordinated omission seen in a log's timing (issue 30 item 6): per
 * thread the end of its last request; pairs counted, and whether a
 * request started before the previous answer came (an open loop, or
 * several requests in flight), after which nothing is looked at.  The
 * start is the time stamp csv_record() parsed.
 */
struct closed {
	long		 ct, cl;	/* the thread and latency columns */
	struct bs_strhash h;
	char		**name;
	double		*end;
	size_t		 n, ncap, ecap, pairs, overlap;
	int		 failed;
};

#define CL_MIN_PAIRS	20	/* fewer say nothing of a loop */

static void
closed_add(struct closed *c, const struct bs_record *r, double start,
    double res)
{
	const struct bs_field *ft, *fl;
	struct bs_dec d;
	double lat;
	long k;

	/* One overlap is an open loop: nothing more to look at. */
	if (c->ct < 0 || c->cl < 0 || c->failed || c->overlap > 0 ||
	    (size_t)c->ct >= r->nf || (size_t)c->cl >= r->nf)
		return;
	ft = &r->f[c->ct];
	fl = &r->f[c->cl];
	if (ft->s == NULL || fl->s == NULL ||
	    bs_parse_number(fl->s, fl->len, &d, &lat) != BS_NUM_OK)
		return;
	if ((k = bs_strhash_get(&c->h, ft->s, ft->len)) >= 0) {
		c->pairs++;
		c->overlap += start < c->end[k] - res;
		c->end[k] = start + lat;
		return;
	}
	if (bs_grow(&c->name, &c->ncap, c->n + 1, sizeof(*c->name)) == -1 ||
	    bs_grow(&c->end, &c->ecap, c->n + 1, sizeof(*c->end)) == -1 ||
	    (c->name[c->n] = bs_strndup(ft->s, ft->len)) == NULL ||
	    bs_strhash_put(&c->h, c->name[c->n], ft->len, c->n) == -1) {
		c->failed = 1;
		return;
	}
	c->end[c->n++] = start + lat;
}

/* The note of a closed loop; the state freed. */
static void
closed_done(struct closed *c, const struct bs_reader_cb *cb, const char *what)
{
	if (!c->failed && c->pairs >= CL_MIN_PAIRS && c->overlap == 0)
		bs_reader_note(cb, "%s: each of the %zu threads sent every "
		    "request only after the answer to its previous one (a "
		    "closed loop, %zu requests): a slow answer delayed the "
		    "requests behind it, which are not counted as waiting, so "
		    "the latency percentiles are understated (coordinated "
		    "omission: measure at a constant rate, as wrk2 does, or "
		    "correct the histogram for the expected interval, as "
		    "HdrHistogram does)", what, c->n, c->pairs + c->n);
	for (size_t i = 0; i < c->n; i++)
		free(c->name[i]);
	free(c->name);
	free(c->end);
	bs_strhash_free(&c->h);
}

struct csvctx {
	const struct bs_csvlog	*lg;
	const struct bs_reader_cb *cb;
	struct bs_src		*src;
	size_t			 nf;
	unsigned char		*isflag;
	struct bs_field		*g;
	size_t			 records, lastline;
	long			 tcol;		/* the time column, or -1 */
	int			 tnum;		/* its first value a number */
	int			 tpass;		/* handed over parsed */
	int			 downstream;	/* the error is the caller's */
	int			 cut;		/* a last record without line end */
	struct closed		 cl;
};

static int
csv_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct csvctx *c = arg;
	const struct bs_csvlog *lg = c->lg;
	size_t k;
	int rc;

	if ((c->isflag = calloc(n + 1, 1)) == NULL ||
	    (c->g = calloc(n + 1, sizeof(*c->g))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (k = 0; k < n; k++) {
		c->g[k] = f[k];
		if (lg->no_header && lg->names != NULL)
			for (size_t i = 0; lg->names[i] != NULL; i++)
				if (i == k) {
					c->g[k].s = lg->names[i];
					c->g[k].len = strlen(lg->names[i]);
				}
		for (size_t i = 0; lg->flags != NULL && lg->flags[i]; i++)
			if (c->g[k].len == strlen(lg->flags[i]) && memcmp(
			    c->g[k].s, lg->flags[i], c->g[k].len) == 0)
				c->isflag[k] = 1;
	}
	c->nf = n;
	c->tcol = c->cl.ct = c->cl.cl = -1;
	for (k = 0; lg->time != NULL && k < n; k++)
		if (c->g[k].len == strlen(lg->time) && memcmp(c->g[k].s,
		    lg->time, c->g[k].len) == 0)
			c->tcol = (long)k;
	for (k = 0; lg->thread != NULL && lg->latency != NULL && k < n; k++) {
		if (c->g[k].len == strlen(lg->thread) && memcmp(c->g[k].s,
		    lg->thread, c->g[k].len) == 0)
			c->cl.ct = (long)k;
		if (c->g[k].len == strlen(lg->latency) && memcmp(c->g[k].s,
		    lg->latency, c->g[k].len) == 0)
			c->cl.cl = (long)k;
	}
	rc = lg->header != NULL ? lg->header(lg->arg, c->g, n, e) :
	    c->cb->header(c->cb->arg, c->g, n, e);
	if (rc == -1) {
		c->downstream = 1;
		return -1;
	}
	for (size_t i = 0; lg->units != NULL && lg->units[i][0]; i++)
		for (k = 0; c->cb->unit != NULL && k < n; k++)
			if (c->g[k].len == strlen(lg->units[i][0]) && memcmp(
			    c->g[k].s, lg->units[i][0], c->g[k].len) == 0)
				c->cb->unit(c->cb->arg, lg->units[i][0],
				    lg->units[i][1]);
	/*
	 * The time stamp goes to the caller with the number parsed of it
	 * (bs_record.num), as its field is: its own, not a flag, no hook's.
	 */
	c->tpass = c->tcol >= 0 && lg->record == NULL && !c->isflag[c->tcol];
	/* A flag the caller never reads is left as it is (projection). */
	for (k = 0; lg->header == NULL && lg->record == NULL &&
	    c->cb->want != NULL && k < n; k++)
		if (c->isflag[k] && !c->cb->want(c->cb->arg, k))
			c->isflag[k] = 0;
	return 0;
}

/* "true" and "false" as 1 and 0; anything else as it is. */
static void
flag(struct bs_field *f)
{
	if (f->len == 4 && strncasecmp(f->s, "true", 4) == 0)
		*f = (struct bs_field){ "1", 1 };
	else if (f->len == 5 && strncasecmp(f->s, "false", 5) == 0)
		*f = (struct bs_field){ "0", 1 };
}

static int
csv_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct csvctx *c = arg;
	struct bs_record q = *r;
	struct bs_dec d;
	double v;
	int rc, isnum = 0;

	/*
	 * A writer ends every record with its line end: a last one without
	 * may be cut in its last field ("20" of "203"), which would pass.
	 */
	if (r->eollen == 0 && c->src->eof && r->off + r->len >=
	    c->src->base + c->src->len) {
		c->cut = 1;
		c->lastline = r->line;
		return 0;
	}
	/*
	 * A time stamp that is no number where the first was one: another
	 * writer's bytes run into the record (its fields may still count
	 * right).
	 */
	if (c->tcol >= 0 && (size_t)c->tcol < r->nf) {
		const struct bs_field *t = &r->f[c->tcol];

		isnum = bs_digits_fast(t->s, t->len, &v) ||
		    bs_parse_number(t->s, t->len, &d, &v) == BS_NUM_OK;

		if (c->records == 0)
			c->tnum = isnum;
		else if (c->tnum && !isnum)
			return bs_seterr(e, c->src->name, r->line, "its "
			    "%s is no number", c->lg->time);
		if (isnum)
			closed_add(&c->cl, r, v, c->lg->res);
	}
	for (size_t k = 0; k < r->nf && k < c->nf; k++) {
		c->g[k] = r->f[k];
		if (c->isflag[k])
			flag(&c->g[k]);
	}
	q.f = c->g;
	/* The stamp as parsed, for the caller not to parse it again. */
	if (isnum && c->tpass) {
		q.num = &v;
		q.numf = (size_t)c->tcol;
	}
	rc = c->lg->record != NULL ? c->lg->record(c->lg->arg, &q, e) :
	    c->cb->record(c->cb->arg, &q, e);
	if (rc == -1)
		c->downstream = 1;
	else
		c->records++;
	return rc;
}

static void
csv_warn(void *arg, const char *msg)
{
	const struct csvctx *c = arg;

	bs_reader_warn(c->cb, "%s", msg);
}

int
bs_csvlog_read(struct bs_src *s, const struct bs_csvlog *lg,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct csvctx c = { lg, cb, s, 0, NULL, NULL, 0, 0, -1, 0, 0, 0, 0,
	    { -1, -1, { 0 }, NULL, NULL, 0, 0, 0, 0, 0, 0 } };
	struct bs_reader_cb ccb = { csv_header, csv_record, &c,
	    cb->warn ? csv_warn : NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL };
	int rc = bs_read_delim(s, lg->delim, lg->no_header, &ccb, e);

	if (rc == -1 && !c.downstream && c.records > 0 && e->line > 0 &&
	    strstr(e->msg, "out of memory") == NULL) {
		/* The delimited reader stopped at the line it refused. */
		bs_reader_warn(cb, "%s: line %zu is no whole record (%s: a log "
		    "cut short or written by two at once): read up to line "
		    "%zu", lg->what, e->line, e->msg, e->line - 1);
		memset(e, 0, sizeof(*e));
		rc = 0;
	} else if (rc == 0 && c.cut)
		broken(cb, lg->what, c.lastline, 0, bs_tr("no line end"));
	/* A log read in part says nothing of its loop. */
	if (rc != 0)
		c.cl.failed = 1;
	closed_done(&c.cl, cb, lg->what);
	free(c.isflag);
	free(c.g);
	return rc;
}

/* n digits of s as a number, or -1. */
static long
digits(const char *s, size_t n)
{
	long v = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; Hinnant's). */
static long long
days(long y, long m, long d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return (long long)era * 146097 + doe - 719468;
}

int
bs_rfc3339_ns(const char *s, size_t len, long long *ns)
{
	long y, mo, d, h, mi, se, off = 0;
	long long frac = 0, scale = 1000000000;
	size_t i = 19;

	if (len < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' &&
	    s[10] != ' ' && s[10] != 't') || s[13] != ':' || s[16] != ':')
		return -1;
	if ((y = digits(s, 4)) < 0 || (mo = digits(s + 5, 2)) < 1 ||
	    mo > 12 || (d = digits(s + 8, 2)) < 1 || d > 31 ||
	    (h = digits(s + 11, 2)) < 0 || h > 23 ||
	    (mi = digits(s + 14, 2)) < 0 || mi > 59 ||
	    (se = digits(s + 17, 2)) < 0 || se > 60)
		return -1;
	if (s[i] == '.') {
		for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			if (scale > 1) {
				scale /= 10;
				frac += (s[i] - '0') * scale;
			}
	}
	if (i < len && (s[i] == 'Z' || s[i] == 'z') && i + 1 == len)
		off = 0;
	else if (i + 6 == len && (s[i] == '+' || s[i] == '-') &&
	    s[i + 3] == ':' && digits(s + i + 1, 2) >= 0 &&
	    digits(s + i + 4, 2) >= 0) {
		off = digits(s + i + 1, 2) * 3600 + digits(s + i + 4, 2) * 60;
		if (s[i] == '-')
			off = -off;
	} else
		return -1;
	*ns = ((days(y, mo, d) * 86400 + h * 3600 + mi * 60 + se - off) *
	    1000000000LL) + frac;
	return 0;
}
