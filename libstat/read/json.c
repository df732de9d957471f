/*
 * JSON input through jansson: an array of records, an object holding
 * one, or NDJSON (one object per line).  jansson keeps numbers as double
 * or long long, not as text; integers are exact, and a real is turned
 * back into its shortest round-trip text, which gives the digits that
 * were written whenever they were 15 or fewer significant ones.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/*
 * A key twice in one object is an error (jansson would keep the last
 * silently).  Nesting deeper than JSON_PARSER_MAX_DEPTH (2048) is one
 * too: "maximum parsing depth reached".
 */
#define JSON_LOADFLAGS	(JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES)

struct jctx {
	const struct bs_reader_cb *cb;
	const char	*name;
	const char	**keys;		/* union of keys, first-seen order */
	size_t		 nkeys, kcap;
	struct bs_field	*vals;
	char		(*num)[40];	/* number text per key */
	size_t		 nrec;
	struct bs_strhash hash;		/* key -> index */
};

static long
keyidx(struct jctx *c, const char *k)
{
	return bs_strhash_get(&c->hash, k, strlen(k));
}

static int
addkeys(struct jctx *c, json_t *obj)
{
	const char *k;
	json_t *v;

	json_object_foreach(obj, k, v) {
		if (keyidx(c, k) >= 0)
			continue;
		if (bs_grow(&c->keys, &c->kcap, c->nkeys + 1,
		    sizeof(*c->keys)) == -1 ||
		    bs_strhash_put(&c->hash, k, strlen(k), c->nkeys) == -1)
			return -1;
		c->keys[c->nkeys++] = k;
	}
	return 0;
}

/*
 * Hand over one object as a record; where holds its line and, for
 * NDJSON, the bytes of that line (JSON arrays have none to give).
 */
static int
emitobj(struct jctx *c, json_t *obj, const struct bs_record *where,
    struct bs_err *e)
{
	struct bs_record r;
	const char *k;
	json_t *v;
	long i;

	for (size_t j = 0; j < c->nkeys; j++) {
		c->vals[j].s = NULL;
		c->vals[j].len = 0;
	}
	json_object_foreach(obj, k, v) {
		if ((i = keyidx(c, k)) < 0)
			continue;
		switch (json_typeof(v)) {
		case JSON_STRING:
			c->vals[i].s = json_string_value(v);
			c->vals[i].len = json_string_length(v);
			break;
		case JSON_INTEGER:
			c->vals[i].len = (size_t)snprintf(c->num[i],
			    sizeof(c->num[i]), "%" JSON_INTEGER_FORMAT,
			    json_integer_value(v));
			c->vals[i].s = c->num[i];
			break;
		case JSON_REAL:
			bs_fmt_double(c->num[i], sizeof(c->num[i]),
			    json_real_value(v));
			c->vals[i].s = c->num[i];
			c->vals[i].len = strlen(c->num[i]);
			break;
		case JSON_TRUE:
			c->vals[i].s = "true";
			c->vals[i].len = 4;
			break;
		case JSON_FALSE:
			c->vals[i].s = "false";
			c->vals[i].len = 5;
			break;
		case JSON_NULL:
			/* Missing, but there: an empty cell, not an absent key. */
			c->vals[i].s = "";
			c->vals[i].len = 0;
			break;
		default:
			/* Nested values are missing. */
			break;
		}
	}
	r = *where;
	r.f = c->vals;
	r.nf = c->nkeys;
	r.recno = ++c->nrec;
	return c->cb->record(c->cb->arg, &r, e);
}

static int
prepare(struct jctx *c, struct bs_err *e)
{
	struct bs_field *h;
	int rc;

	if (c->nkeys == 0)
		return bs_seterr(e, c->name, 0, "no fields in the JSON records");
	c->vals = calloc(c->nkeys, sizeof(*c->vals));
	c->num = calloc(c->nkeys, sizeof(*c->num));
	h = calloc(c->nkeys, sizeof(*h));
	if (c->vals == NULL || c->num == NULL || h == NULL) {
		free(h);
		return bs_seterr(e, c->name, 0, "out of memory");
	}
	for (size_t i = 0; i < c->nkeys; i++) {
		h[i].s = c->keys[i];
		h[i].len = strlen(c->keys[i]);
	}
	rc = c->cb->header(c->cb->arg, h, c->nkeys, e);
	free(h);
	return rc;
}

/* The array of records in a document: itself, or an array it holds. */
static json_t *
records(json_t *root)
{
	const char *k;
	json_t *v;

	if (json_is_array(root))
		return root;
	if (!json_is_object(root))
		return NULL;
	json_object_foreach(root, k, v)
		if (json_is_array(v) && json_array_size(v) > 0 &&
		    json_is_object(json_array_get(v, 0)))
			return v;
	return NULL;
}

static int
read_json(struct bs_src *s, struct jctx *c, struct bs_err *e)
{
	static const struct bs_record nowhere;
	json_error_t je;
	json_t *root, *arr, *o;
	size_t i;
	int rc = -1;

	root = json_loadb(s->win, s->len, JSON_LOADFLAGS, &je);
	if (root == NULL)
		return JSON_OOM(&je) ?
		    bs_seterr(e, s->name, 0, "out of memory") :
		    bs_seterr(e, s->name, (size_t)(je.line > 0 ? je.line : 0),
		    "invalid JSON: %s", je.text);
	if ((arr = records(root)) == NULL && json_is_object(root)) {
		/* A lone object is one record. */
		if (addkeys(c, root) == -1) {
			bs_seterr(e, s->name, 0, "out of memory");
			goto out;
		}
		/* These say what went wrong ({} has no fields). */
		if (prepare(c, e) == -1 || emitobj(c, root, &nowhere, e) == -1)
			goto out;
		rc = 0;
		goto out;
	}
	if (arr == NULL) {
		bs_seterr(e, s->name, 0, "JSON input is not an array of "
		    "records, nor an object holding one");
		goto out;
	}
	json_array_foreach(arr, i, o) {
		if (!json_is_object(o)) {
			bs_seterr(e, s->name, 0, "JSON record %zu is not an "
			    "object", i + 1);
			goto out;
		}
		if (addkeys(c, o) == -1) {
			bs_seterr(e, s->name, 0, "out of memory");
			goto out;
		}
	}
	if (json_array_size(arr) == 0) {
		bs_seterr(e, s->name, 0, "no data records");
		goto out;
	}
	if (prepare(c, e) == -1)
		goto out;
	json_array_foreach(arr, i, o)
		if (emitobj(c, o, &nowhere, e) == -1)
			goto out;
	rc = 0;
out:
	json_decref(root);
	return rc;
}

static int
read_ndjson(struct bs_src *s, struct jctx *c, struct bs_err *e)
{
	json_error_t je;
	json_t **objs = NULL;
	struct bs_record *where = NULL;
	size_t n = 0, cap = 0, wcap = 0, pos = 0, line = 1;
	const char *nl;
	size_t end, k;
	int rc = -1;

	while (pos < s->len) {
		nl = memchr(s->win + pos, '\n', s->len - pos);
		end = nl ? (size_t)(nl - s->win) : s->len;
		for (k = pos; k < end && (s->win[k] == ' ' ||
		    s->win[k] == '\t' || s->win[k] == '\r'); k++)
			;
		if (k < end) {
			json_t *o = json_loadb(s->win + pos, end - pos,
			    JSON_LOADFLAGS, &je);

			if (o == NULL) {
				if (JSON_OOM(&je))
					bs_seterr(e, s->name, line,
					    "out of memory");
				else
					bs_seterr(e, s->name, line,
					    "invalid JSON: %s", je.text);
				goto out;
			}
			if (!json_is_object(o)) {
				json_decref(o);
				bs_seterr(e, s->name, line,
				    "NDJSON line is not an object");
				goto out;
			}
			if (bs_grow(&objs, &cap, n + 1, sizeof(*objs)) == -1 ||
			    bs_grow(&where, &wcap, n + 1, sizeof(*where)) == -1) {
				json_decref(o);
				bs_seterr(e, s->name, line, "out of memory");
				goto out;
			}
			memset(&where[n], 0, sizeof(where[n]));
			where[n].line = line;
			where[n].off = s->base + pos;
			where[n].len = end - pos;
			where[n].eollen = nl ? 1 : 0;
			objs[n++] = o;
			if (addkeys(c, o) == -1) {
				bs_seterr(e, s->name, line, "out of memory");
				goto out;
			}
		}
		line++;
		pos = end + 1;
	}
	if (n == 0) {
		bs_seterr(e, s->name, 0, "no data records");
		goto out;
	}
	if (prepare(c, e) == -1)
		goto out;
	for (k = 0; k < n; k++)
		if (emitobj(c, objs[k], &where[k], e) == -1)
			goto out;
	rc = 0;
out:
	for (k = 0; k < n; k++)
		json_decref(objs[k]);
	free(objs);
	free(where);
	return rc;
}

static int
bs_read_json(struct bs_src *s, int ndjson, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct jctx c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.cb = cb;
	c.name = s->name;
	if (bs_src_slurp(s, e) == -1)
		return -1;
	rc = ndjson ? read_ndjson(s, &c, e) : read_json(s, &c, e);
	free(c.keys);
	free(c.vals);
	free(c.num);
	bs_strhash_free(&c.hash);
	return rc;
}

/* ------------------------------------------------------------------ */
/*
 * Scanning JSON text without building it: enough to tell JSON from
 * NDJSON and, for boutlier, to find where each record lies so that it
 * can be written back with the digits it was written with (jansson
 * would print 0.1 back as 0.10000000000000001).
 */

size_t
bs_json_skipws(const char *p, size_t i, size_t n)
{
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
	    p[i] == '\r'))
		i++;
	return i;
}

size_t
bs_json_skipval(const char *p, size_t i, size_t n)
{
	int depth = 0, instr = 0;

	if (i < n && p[i] != '{' && p[i] != '[' && p[i] != '"') {
		while (i < n && p[i] != ',' && p[i] != '}' && p[i] != ']' &&
		    p[i] != ' ' && p[i] != '\n' && p[i] != '\r' && p[i] != '\t')
			i++;
		return i;
	}
	for (; i < n; i++) {
		char ch = p[i];

		if (instr) {
			if (ch == '\\')
				i++;
			else if (ch == '"') {
				instr = 0;
				if (depth == 0)
					return i + 1;
			}
		} else if (ch == '"')
			instr = 1;
		else if (ch == '{' || ch == '[')
			depth++;
		else if ((ch == '}' || ch == ']') && --depth == 0)
			return i + 1;
	}
	return n;
}

const struct bs_fmt *
bs_json_kind(const char *p, size_t len)
{
	size_t j;

	/* One object per line is NDJSON; anything else JSON. */
	if (len == 0 || p[0] != '{')
		return &bs_fmt_json;
	for (j = bs_json_skipval(p, 0, len); j < len && (p[j] == ' ' ||
	    p[j] == '\t' || p[j] == '\r'); j++)
		;
	if (j < len && p[j] == '\n') {
		/* Another object must follow for NDJSON. */
		j = bs_json_skipws(p, j, len);
		if (j < len && p[j] == '{')
			return &bs_fmt_ndjson;
	}
	return &bs_fmt_json;
}

static int
read_array(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	return bs_read_json(s, 0, cb, e);
}

static int
read_lines(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	return bs_read_json(s, 1, cb, e);
}

/* Rewritten by boutlier, not copied: its records are no byte ranges. */
const struct bs_fmt bs_fmt_json = {
	.name = "json",
	.read = read_array,
	.refuse = BS_REFUSE_XML | BS_REFUSE_REDIS,
};

const struct bs_fmt bs_fmt_ndjson = {
	.name = "ndjson",
	.read = read_lines,
	.spans = 1,
	.refuse = BS_REFUSE_XML | BS_REFUSE_REDIS,
};
