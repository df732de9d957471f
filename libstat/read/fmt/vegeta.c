/*
 * vegeta's results, as vegeta encode writes them (from its
 * documentation: vegeta is not packaged by Debian): --to json, one JSON
 * object a line ({"attack":"","seq":0,"code":200,"timestamp":
 * "2024-...Z","latency":1234567,"bytes_out":0,"bytes_in":12,"error":"",
 * "body":"...","method":"GET","url":"...","headers":{...}}), and --to
 * csv, no header, the columns timestamp (ns since the epoch), code,
 * latency, bytes_out, bytes_in, error, body (base64), attack, seq,
 * method, url, headers (base64).
 *
 * One row per request: attack (where it varies), method (where it
 * varies) and url the identity; latency in ns, bytes_out and bytes_in
 * in B; timestamp (ns since the epoch, the row's time), code, error,
 * body and headers metadata.  Streamed (reqlog.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static const char *const cols[] = { "timestamp", "code", "latency",
    "bytes_out", "bytes_in", "error", "body", "attack", "seq", "method",
    "url", "headers", NULL };
static const char *const units[][2] = { { "latency", "ns" },
    { "bytes_out", "B" }, { "bytes_in", "B" }, { "timestamp", "ns" },
    { NULL, NULL } };

struct vctx {
	struct bs_fixrec	 fr;
	const struct bs_reader_cb *cb;
	const char		*name;
	size_t			 n;
};

static int
vline(void *arg, const char *s, size_t len, size_t line, struct bs_err *e)
{
	struct vctx *c = arg;
	json_error_t je;
	json_t *o, *v;
	long long ns;
	int rc;

	while (len > 0 && (*s == ' ' || *s == '\t'))
		s++, len--;
	if (len == 0)
		return 0;
	if ((o = json_loadb(s, len, 0, &je)) == NULL)
		return JSON_OOM(&je) ? bs_seterr(e, c->name, line, "out of "
		    "memory") : BS_LINE_BROKEN;
	if (!json_is_object(o) || !json_is_number(json_object_get(o,
	    "latency"))) {
		json_decref(o);
		return BS_LINE_BROKEN;
	}
	for (long i = 0; cols[i] != NULL; i++) {
		long k = bs_strhash_get(&c->fr.colh, cols[i], strlen(cols[i]));
		const char *t;
		char b[32];

		v = json_object_get(o, cols[i]);
		if (k < 0)
			continue;
		if (i == 0 && (t = json_string_value(v)) != NULL) {
			if (bs_rfc3339_ns(t, strlen(t), &ns) == 0)
				bs_fixrec_set(&c->fr, k, b, (size_t)snprintf(b,
				    sizeof(b), "%lld", ns));
		} else if (json_is_integer(v))
			bs_fixrec_set(&c->fr, k, b, (size_t)snprintf(b,
			    sizeof(b), "%" JSON_INTEGER_FORMAT,
			    json_integer_value(v)));
		else if (json_is_real(v))
			bs_fixrec_setnum(&c->fr, k, json_real_value(v));
		else if ((t = json_string_value(v)) != NULL)
			bs_fixrec_set(&c->fr, k, t, json_string_length(v));
	}
	json_decref(o);
	rc = bs_fixrec_emit(&c->fr, line, c->cb, e);
	c->n += rc == 0;
	return rc;
}

static int
read_json(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct vctx c = { { 0 }, cb, s->name, 0 };
	int rc = -1;

	for (size_t k = 0; cols[k] != NULL; k++)
		if (k != 6 && k != 11)	/* no body, no headers in JSON rows */
			bs_fixrec_col(&c.fr, cols[k], strlen(cols[k]));
	if (bs_fixrec_header(&c.fr, units, cb, s->name, e) == 0 &&
	    (rc = bs_lines_read(s, "vegeta", vline, &c, cb, e)) == 0 &&
	    c.n == 0)
		rc = bs_seterr(e, s->name, 0, "no vegeta results in the "
		    "input");
	bs_fixrec_free(&c.fr);
	return rc;
}

/*
 * --to csv's first line: timestamp in ns, a status code, numbers, and a
 * method in its tenth field.
 */
static int
is_csv(const char *p, size_t len)
{
	const char *nl = memchr(p, '\n', len), *f[12];
	size_t l = nl ? (size_t)(nl - p) : len, n = 0, fl[12], i, st = 0;

	for (i = 0; i <= l && n < 12; i++)
		if (i == l || p[i] == ',') {
			f[n] = p + st;
			fl[n++] = i - st;
			st = i + 1;
		}
	if (n < 11 || fl[0] < 16 || fl[1] == 0 || fl[1] > 3 || fl[9] == 0)
		return 0;
	for (i = 0; i < 5; i++)
		for (size_t k = 0; k < fl[i]; k++)
			if (f[i][k] < '0' || f[i][k] > '9')
				return 0;
	for (size_t k = 0; k < fl[9]; k++)
		if (f[9][k] < 'A' || f[9][k] > 'Z')
			return 0;
	return 1;
}

static int
read_vegeta(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	size_t o = bs_skipbom(s->win, s->len);
	struct bs_csvlog lg = { .what = "vegeta", .delim = ',',
	    .no_header = 1, .units = units, .names = cols,
	    .time = "timestamp" };

	if (bs_opens(s->win + o, s->len - o, '{'))
		return read_json(s, cb, e);
	return bs_csvlog_read(s, &lg, cb, e);
}

static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_contains(p, len, "\"latency\":") &&
	    bs_contains(p, len, "\"bytes_in\":") &&
	    bs_contains(p, len, "\"bytes_out\":") &&
	    bs_contains(p, len, "\"code\":");
}

static int
detect_csv(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && is_csv(p, len);
}

static const struct bs_idcol idcols[] = { { "attack", BS_ID_VARIES },
    { "method", BS_ID_VARIES }, { "url", 0 }, { NULL, 0 } };
static const char *const metacols[] = { "timestamp", "code", "error",
    "body", "headers", NULL };

const struct bs_fmt bs_fmt_vegeta = {
	.name = "vegeta",
	.detect = { { detect_json, 292 }, { detect_csv, 293 } },
	.read = read_vegeta,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_REQUESTS,
	.time = "timestamp",
	.ok = "error=",
};
