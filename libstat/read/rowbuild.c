/*
 * The row builder under the readers of real benchmark tools' formats:
 * each reader sets cells by column name as it walks its input and ends
 * rows; the columns are only known at the end, when the rows are handed
 * over as ordinary records.  The files are small, so collecting them
 * first costs little.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static long
colidx(struct bs_rows *r, const char *name)
{
	long i = bs_strhash_get(&r->colh, name, strlen(name));

	if (i >= 0)
		return i;
	if (bs_grow(&r->cols, &r->ccap, r->ncols + 1, sizeof(*r->cols)) == -1 ||
	    (r->cols[r->ncols] = strdup(name)) == NULL) {
		r->failed = 1;
		return -1;
	}
	if (bs_strhash_put(&r->colh, r->cols[r->ncols], strlen(name),
	    r->ncols) == -1) {
		free(r->cols[r->ncols]);
		r->failed = 1;
		return -1;
	}
	return (long)r->ncols++;
}

/* Cell col of the current row: len bytes of val, copied. */
void
bs_rows_setn(struct bs_rows *r, const char *col, const char *val,
    size_t len)
{
	long i = colidx(r, col);

	if (i < 0 || val == NULL)
		return;
	if ((size_t)i >= r->curcap) {
		/* New cells start empty. */
		size_t ncap = r->ncols + 8;
		char **n = realloc(r->cur, ncap * sizeof(*n));

		if (n == NULL) {
			r->failed = 1;
			return;
		}
		memset(n + r->curcap, 0, (ncap - r->curcap) * sizeof(*n));
		r->cur = n;
		r->curcap = ncap;
	}
	free(r->cur[i]);
	if ((r->cur[i] = bs_strndup(val, len)) == NULL)
		r->failed = 1;
}

void
bs_rows_set(struct bs_rows *r, const char *col, const char *val)
{
	if (val != NULL)
		bs_rows_setn(r, col, val, strlen(val));
}

void
bs_rows_setnum(struct bs_rows *r, const char *col, double v)
{
	char buf[40];

	if (!isfinite(v))
		return;
	bs_fmt_double(buf, sizeof(buf), v);
	bs_rows_set(r, col, buf);
}

void
bs_rows_setint(struct bs_rows *r, const char *col, long long v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%lld", v);
	bs_rows_set(r, col, buf);
}

/* A JSON number or numeric string as text; NULL for anything else. */
void
bs_rows_setjson(struct bs_rows *r, const char *col, json_t *v)
{
	if (json_is_integer(v))
		bs_rows_setint(r, col, json_integer_value(v));
	else if (json_is_real(v))
		bs_rows_setnum(r, col, json_real_value(v));
	else if (json_is_string(v))
		bs_rows_set(r, col, json_string_value(v));
	else if (json_is_true(v))
		bs_rows_set(r, col, "true");
	else if (json_is_false(v))
		bs_rows_set(r, col, "false");
}

void
bs_rows_endrow(struct bs_rows *r, size_t line)
{
	long ci;

	if (r->failed)
		return;
	if (bs_grow(&r->cells, &r->rcap, r->nrows + 1, sizeof(*r->cells)) ==
	    -1 || bs_grow(&r->lines, &r->lcap, r->nrows + 1,
	    sizeof(*r->lines)) == -1 || bs_grow(&r->rowcols, &r->rccap,
	    r->nrows + 1, sizeof(*r->rowcols)) == -1) {
		r->failed = 1;
		return;
	}
	/* Count the rows of each "name" (the row keeps the string). */
	if ((ci = bs_strhash_get(&r->colh, "name", 4)) >= 0 &&
	    (size_t)ci < r->curcap && r->cur[ci] != NULL) {
		const char *n = r->cur[ci];
		long k = bs_strhash_get(&r->nameh, n, strlen(n));

		if (k < 0) {
			if (bs_grow(&r->nname, &r->nncap, r->nnames + 1,
			    sizeof(*r->nname)) == -1 ||
			    bs_strhash_put(&r->nameh, n, strlen(n),
			    r->nnames) == -1) {
				r->failed = 1;
				return;
			}
			k = (long)r->nnames;
			r->nname[r->nnames++] = 0;
		}
		r->nname[k]++;
	}
	r->cells[r->nrows] = r->cur;
	r->rowcols[r->nrows] = r->curcap;
	r->lines[r->nrows++] = line;
	r->cur = NULL;
	r->curcap = 0;
}

void
bs_rows_free(struct bs_rows *r)
{
	for (size_t i = 0; i < r->nrows; i++) {
		for (size_t k = 0; k < r->rowcols[i]; k++)
			free(r->cells[i][k]);
		free(r->cells[i]);
	}
	for (size_t k = 0; k < r->curcap; k++)
		free(r->cur[k]);
	free(r->cur);
	for (size_t i = 0; i < r->ncols; i++)
		free(r->cols[i]);
	free(r->cols);
	free(r->cells);
	free(r->rowcols);
	free(r->lines);
	for (size_t k = 0; k < r->ucap; k++)
		free(r->units[k]);
	free(r->units);
	free(r->roles);
	bs_strhash_free(&r->colh);
	bs_strhash_free(&r->nameh);
	free(r->nname);
}

void
bs_rows_unit(struct bs_rows *r, const char *col, const char *unit)
{
	long i = colidx(r, col);
	size_t cap = r->ucap;

	if (i < 0 || unit == NULL)
		return;
	if ((size_t)i >= r->ucap) {
		if (bs_grow(&r->units, &cap, (size_t)i + 1,
		    sizeof(*r->units)) == -1) {
			r->failed = 1;
			return;
		}
		memset(r->units + r->ucap, 0, (cap - r->ucap) *
		    sizeof(*r->units));
		r->ucap = cap;
	}
	free(r->units[i]);
	if ((r->units[i] = strdup(unit)) == NULL)
		r->failed = 1;
}

void
bs_rows_role(struct bs_rows *r, const char *col, enum bs_colrole role)
{
	long i = colidx(r, col);
	size_t cap = r->rolecap;

	if (i < 0)
		return;
	if ((size_t)i >= r->rolecap) {
		if (bs_grow(&r->roles, &cap, (size_t)i + 1,
		    sizeof(*r->roles)) == -1) {
			r->failed = 1;
			return;
		}
		memset(r->roles + r->rolecap, 0, cap - r->rolecap);
		r->rolecap = cap;
	}
	r->roles[i] = (unsigned char)role;
}

int
bs_rows_emit(struct bs_rows *r, const char *name, const char *what,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_field *f;
	struct bs_record rec;
	size_t i, k;
	int rc = -1;

	if (r->failed)
		return bs_seterr(e, name, 0, "out of memory");
	if (r->nrows == 0)
		return bs_seterr(e, name, 0, "no %s results in the input",
		    what);
	if ((f = calloc(r->ncols + 1, sizeof(*f))) == NULL)
		return bs_seterr(e, name, 0, "out of memory");
	for (k = 0; k < r->ncols; k++) {
		f[k].s = r->cols[k];
		f[k].len = strlen(r->cols[k]);
	}
	if (cb->header(cb->arg, f, r->ncols, e) == -1)
		goto out;
	for (k = 0; cb->unit != NULL && k < r->ucap && k < r->ncols; k++)
		if (r->units[k] != NULL)
			cb->unit(cb->arg, r->cols[k], r->units[k]);
	for (k = 0; cb->role != NULL && k < r->rolecap && k < r->ncols; k++)
		if (r->roles[k] != 0)
			cb->role(cb->arg, r->cols[k],
			    (enum bs_colrole)r->roles[k]);
	for (i = 0; i < r->nrows; i++) {
		for (k = 0; k < r->ncols; k++) {
			const char *s = k < r->rowcols[i] ? r->cells[i][k] :
			    NULL;

			f[k].s = s;
			f[k].len = s ? strlen(s) : 0;
		}
		memset(&rec, 0, sizeof(rec));
		rec.f = f;
		rec.nf = r->ncols;
		rec.line = r->lines[i];
		rec.recno = i + 1;
		if (cb->record(cb->arg, &rec, e) == -1)
			goto out;
	}
	rc = 0;
out:
	free(f);
	return rc;
}

/* A formatted message to a reader's hook (warn or note), if it has one. */
static void
tell(void (*hook)(void *, const char *), void *arg, const char *fmt,
    va_list ap)
{
	char *buf;

	if (hook == NULL || vasprintf(&buf, fmt, ap) == -1)
		return;
	hook(arg, buf);
	free(buf);
}

/*
 * The one way a reader says what it left out: formatted here, handed to
 * the caller's warn hook (bs_table_opts.warn for a table), never
 * printed.  The format is looked up in --lang's table (bs_tr()), so a
 * row there is the whole message, its conversions in the same order.
 */
void
bs_reader_warn(const struct bs_reader_cb *cb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tell(cb->warn, cb->arg, bs_tr(fmt), ap);
	va_end(ap);
}

/* The same for a remark: the caller's note hook, if any. */
void
bs_reader_note(const struct bs_reader_cb *cb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tell(cb->note, cb->arg, bs_tr(fmt), ap);
	va_end(ap);
}

/* ------------------------------------------------------------------ */
/* JSON loading, tolerant of what the tools write */

/*
 * Google Benchmark writes NaN and infinities as bare tokens: turn them
 * into null (outside strings, from the first '{' or '['; what comes
 * before, fio's notices, is copied as it is) in a copy, *q (NULL when
 * there are none; the line ends stay where they were, so lines count
 * as in p).
 */
static int
denan(const char *p, size_t len, struct bs_sbuf *q)
{
	static const char *const toks[] = { "-Infinity", "Infinity", "NaN" };
	size_t i = 0, last = 0;
	int instr = 0;

	memset(q, 0, sizeof(*q));
	while (i < len && p[i] != '{' && p[i] != '[')
		i++;
	for (; i < len; i++) {
		if (instr) {
			if (p[i] == '\\')
				i++;
			else if (p[i] == '"')
				instr = 0;
			continue;
		}
		if (p[i] == '"') {
			instr = 1;
			continue;
		}
		for (int t = 0; t < 3; t++) {
			size_t l = strlen(toks[t]);

			if (i + l <= len && memcmp(p + i, toks[t], l) == 0) {
				if (bs_sbuf_add(q, p + last, i - last) == -1 ||
				    bs_sbuf_add(q, "null", 4) == -1)
					return -1;
				i += l - 1;
				last = i + 1;
				break;
			}
		}
	}
	if (q->p && bs_sbuf_add(q, p + last, len - last) == -1)
		return -1;
	return 0;
}

/*
 * The JSON document of p[0..len) that starts at the first '{' or '['
 * from `from` (fio may print notices before its JSON); with textafter,
 * what follows it is left (fio --output-format=normal,json writes its
 * text report after the JSON, and appended runs another document) and
 * *end is where the document ends.
 */
static json_t *
loadjson(const char *p, size_t len, size_t from, const char *name,
    int textafter, size_t *end, struct bs_err *e)
{
	json_error_t je;
	json_t *root;
	size_t i, s = from;
	int flags;

	while (s < len && p[s] != '{' && p[s] != '[')
		s++;
	flags = JSON_ALLOW_NUL | (textafter ? JSON_DISABLE_EOF_CHECK : 0);
	/*
	 * A key repeated in one object keeps its last value, as jansson
	 * does: fio 3.1 repeats percentile keys ("0.00").  (Plain JSON
	 * input refuses repeated keys.)
	 */
	root = json_loadb(p + s, len - s, flags, &je);
	if (root == NULL && JSON_OOM(&je))
		bs_seterr(e, name, 0, "out of memory");
	else if (root == NULL) {
		/* Lines count from the start, notices before the JSON too. */
		size_t line = je.line > 0 ? (size_t)je.line : 0;

		for (i = 0; line > 0 && i < s; i++)
			line += p[i] == '\n';
		bs_seterr(e, name, line, "invalid JSON: %s", je.text);
	} else if (end != NULL)
		*end = s + (je.position > 0 ? (size_t)je.position : 0);
	return root;
}

/*
 * Where the next of several documents appended to one file starts (fio
 * run after run with >>): the '{' before the next key `key`, with only
 * blanks between; len when there is none.
 */
static size_t
nextdoc(const char *p, size_t len, size_t from, const char *key)
{
	size_t kl = strlen(key), i, k;

	for (i = from; i + kl <= len; i++) {
		if (p[i] != '"' || memcmp(p + i, key, kl) != 0)
			continue;
		for (k = i; k > from && (p[k - 1] == ' ' || p[k - 1] == '\t' ||
		    p[k - 1] == '\n' || p[k - 1] == '\r'); k--)
			;
		if (k > from && p[k - 1] == '{')
			return k - 1;
	}
	return len;
}

/* Repetition number of name: how many rows it had before, plus one. */
long long
bs_rows_nextrep(struct bs_rows *r, const char *name)
{
	long k = bs_strhash_get(&r->nameh, name, strlen(name));

	return k < 0 ? 1 : r->nname[k] + 1;
}

int
bs_rows_read_json(struct bs_src *s, const char *what,
    int (*fill)(json_t *, struct bs_rows *, const struct bs_reader_cb *,
    const char *, struct bs_err *), const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	int textafter = strcmp(what, "fio") == 0;
	struct bs_rows r;
	struct bs_sbuf q;
	const char *p;
	size_t len, at = 0, end = 0;
	json_t *root;
	int rc = -1;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	if (denan(s->win, s->len, &q) == -1) {
		bs_sbuf_free(&q);
		return bs_seterr(e, s->name, 0, "out of memory");
	}
	p = q.p ? q.p : s->win;
	len = q.p ? q.len : s->len;
	memset(&r, 0, sizeof(r));
	/*
	 * fio's runs appended to one file (fio ... >> runs.json) are
	 * documents one after another: every one is read.
	 */
	for (;;) {
		if ((root = loadjson(p, len, at, s->name, textafter, &end,
		    e)) == NULL)
			goto out;
		if (!json_is_object(root)) {
			bs_seterr(e, s->name, 0, "not %s JSON output", what);
			json_decref(root);
			goto out;
		}
		if (fill(root, &r, cb, s->name, e) == -1) {
			json_decref(root);
			goto out;
		}
		json_decref(root);
		if (!textafter || (at = nextdoc(p, len, end,
		    "\"fio version\"")) == len)
			break;
	}
	rc = bs_rows_emit(&r, s->name, what, cb, e);
out:
	bs_sbuf_free(&q);
	bs_rows_free(&r);
	return rc;
}

int
bs_rows_read_text(struct bs_src *s, const char *what,
    int (*parse)(const char *, size_t, struct bs_rows *, const char *,
    struct bs_err *), const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_rows r;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	if ((rc = parse(s->win, s->len, &r, s->name, e)) == 0)
		rc = bs_rows_emit(&r, s->name, what, cb, e);
	bs_rows_free(&r);
	return rc;
}
