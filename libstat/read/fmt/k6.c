/*
 * k6's outputs (from its documentation: k6 is not packaged by Debian):
 * --out json, one JSON object a line, a "Metric" line declaring each
 * metric ({"type":"Metric","data":{"name":..,"type":"trend","contains":
 * "time"},"metric":..}) and a "Point" line per sample ({"type":"Point",
 * "data":{"time":"2024-...+02:00","value":5.8,"tags":{"method":"GET",
 * "name":..,"status":"200",...}},"metric":"http_req_duration"});
 * --out csv, the same samples with the header metric_name, timestamp
 * (s since the epoch), metric_value, then the tags; and
 * --summary-export, one JSON object of the run's statistics per metric.
 *
 * The samples are one row each (a request's http_req_duration, its
 * http_req_waiting, ... are rows of their own, as k6 writes them): the
 * value in the column named by its metric, so that each column has the
 * metric's unit (ms where the metric "contains" time, B where data,
 * k6's built-in metrics known without their Metric line); the tags
 * name, method and status (where they vary) the identity (samples of
 * no request, vus, have none); timestamp (s since the epoch, the row's time), url,
 * proto, error and the other tags metadata.  Streamed (reqlog.c): the
 * columns are fixed by the start of the log (the first 64 KiB, and
 * k6's built-in metrics and system tags); a metric or tag first seen
 * later is left out with a warning.
 *
 * The summary export is one row, the run's: a column per metric and
 * statistic ("http_req_duration.p(95)"), ms for the times; the JSON of
 * handleSummary()'s data (each metric's "type", "contains", "values")
 * is read the same way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/* k6's built-in metrics and what they hold (time in ms, data in B). */
static const char *const builtin[][2] = {
	{ "http_reqs", NULL }, { "http_req_duration", "ms" },
	{ "http_req_blocked", "ms" }, { "http_req_connecting", "ms" },
	{ "http_req_tls_handshaking", "ms" }, { "http_req_sending", "ms" },
	{ "http_req_waiting", "ms" }, { "http_req_receiving", "ms" },
	{ "http_req_failed", NULL }, { "iterations", NULL },
	{ "iteration_duration", "ms" }, { "group_duration", "ms" },
	{ "vus", NULL }, { "vus_max", NULL }, { "checks", NULL },
	{ "data_sent", "B" }, { "data_received", "B" },
	{ "dropped_iterations", NULL }, { "ws_sessions", NULL },
	{ "ws_connecting", "ms" }, { "ws_session_duration", "ms" },
	{ "ws_msgs_sent", NULL }, { "ws_msgs_received", NULL },
	{ "ws_ping", "ms" }, { "grpc_req_duration", "ms" },
	{ NULL, NULL }
};
/* Its system tags: identity first, then metadata. */
static const char *const systags[] = { "name", "method", "status",
    "group", "scenario", "check", "url", "proto", "subproto",
    "tls_version", "error", "error_code", "expected_response", "service",
    NULL };

struct kcol {
	char	 kind;		/* 'v' a metric's values, 't' a tag, 'T' time */
	char	 unit;		/* 'm' ms, 'B', 0 none */
};

struct kctx {
	struct bs_fixrec	 fr;
	const struct bs_reader_cb *cb;
	const char		*name;
	size_t			 n;
	struct kcol		*kc;
	size_t			 nkc;
	int			 toldm, toldt;
	/* --out csv: where its fields are (-1: absent), per CSV column */
	long			 cmetric, cvalue, ctime, *ctag;
	size_t			 ncsv;
	char			*buf0;		/* the start of the CSV */
	size_t			 len0;
};

static const char *
unitof(char u)
{
	return u == 'm' ? "ms" : u == 'B' ? "B" : NULL;
}

/* Column name, made when new, of kind and unit (a metric's kept). */
static long
addcol(struct kctx *c, const char *name, size_t len, char kind, char unit)
{
	long k = bs_fixrec_col(&c->fr, name, len);
	size_t had = c->nkc;

	if (k < 0)
		return k;
	for (size_t i = 0; kind == 't' && systags[i] != NULL; i++)
		if (strlen(systags[i]) == len && memcmp(systags[i], name,
		    len) == 0)
			kind = 's';
	if ((size_t)k >= c->nkc) {
		if (bs_grow(&c->kc, &c->nkc, (size_t)k + 1, sizeof(*c->kc)) ==
		    -1) {
			c->fr.failed = 1;
			return -1;
		}
		memset(c->kc + had, 0, (c->nkc - had) * sizeof(*c->kc));
	}
	if (c->kc[k].kind == 0)
		c->kc[k].kind = kind;
	if (c->kc[k].kind == 'v' && unit != 0)
		c->kc[k].unit = unit;
	return k;
}

static void
addmetric(struct kctx *c, const char *m, size_t len, const char *contains)
{
	char u = 0;

	for (size_t i = 0; builtin[i][0] != NULL; i++)
		if (strlen(builtin[i][0]) == len && memcmp(builtin[i][0], m,
		    len) == 0 && builtin[i][1] != NULL)
			u = builtin[i][1][0];
	if (contains != NULL)
		u = strcmp(contains, "time") == 0 ? 'm' : strcmp(contains,
		    "data") == 0 ? 'B' : 0;
	addcol(c, m, len, 'v', u);
}

/* The metrics and tags of the whole lines of p[0..len) (the window). */
static void
scan_json(struct kctx *c, const char *p, size_t len)
{
	size_t pos = 0;

	while (pos < len) {
		const char *nl = memchr(p + pos, '\n', len - pos), *k, *ty;
		size_t ll = nl ? (size_t)(nl - p) - pos : len - pos;
		json_t *o, *d, *v;

		if (nl == NULL)
			break;	/* perhaps cut by the window */
		if ((o = json_loadb(p + pos, ll, 0, NULL)) != NULL) {
			d = json_object_get(o, "data");
			ty = json_string_value(json_object_get(o, "type"));
			k = json_string_value(json_object_get(o, "metric"));
			if (k != NULL)
				addmetric(c, k, strlen(k), ty != NULL &&
				    strcmp(ty, "Metric") == 0 ?
				    json_string_value(json_object_get(d,
				    "contains")) : NULL);
			json_object_foreach(json_object_get(d, "tags"), k, v)
				addcol(c, k, strlen(k), 't', 0);
			json_decref(o);
		}
		pos += ll + 1;
	}
}

/*
 * The columns: timestamp, k6's system tags, the metrics and tags of the
 * start of the log, k6's built-in metrics; then the header, units and
 * roles (a tag not k6's own is metadata).
 */
static int
columns(struct kctx *c, const char *p, size_t len,
    void (*scan)(struct kctx *, const char *, size_t), struct bs_err *e)
{
	const char *(*u)[2];
	size_t nu = 0, k;
	int rc;

	addcol(c, "timestamp", 9, 'T', 0);
	for (k = 0; systags[k] != NULL; k++)
		addcol(c, systags[k], strlen(systags[k]), 's', 0);
	scan(c, p, len);
	for (k = 0; builtin[k][0] != NULL; k++)
		addmetric(c, builtin[k][0], strlen(builtin[k][0]), NULL);
	if (c->fr.failed || (u = calloc(c->fr.ncols + 2, sizeof(*u))) ==
	    NULL)
		return bs_seterr(e, c->name, 0, "out of memory");
	u[nu][0] = "timestamp";
	u[nu++][1] = "s";
	for (k = 0; k < c->fr.ncols && k < c->nkc; k++)
		if (unitof(c->kc[k].unit) != NULL) {
			u[nu][0] = c->fr.cols[k];
			u[nu++][1] = unitof(c->kc[k].unit);
		}
	rc = bs_fixrec_header(&c->fr, (const char *const (*)[2])u, c->cb,
	    c->name, e);
	free(u);
	for (k = 0; rc == 0 && k < c->fr.ncols && k < c->nkc; k++)
		if (c->kc[k].kind == 't' && c->cb->role != NULL)
			c->cb->role(c->cb->arg, c->fr.cols[k], BS_ROLE_META);
	return rc;
}

static void
warn_late(struct kctx *c, int *told, const char *what, const char *s,
    size_t len, size_t line)
{
	if (!*told)
		bs_reader_warn(c->cb, "k6: line %zu: %s '%.*s' first seen "
		    "after the start of the log, which fixed the columns: "
		    "left out", line, bs_tr(what), (int)len, s);
	*told = 1;
}

/* One sample: its value in its metric's column, its time, its tags. */
static int
sample(struct kctx *c, const char *m, size_t ml, const char *val,
    size_t vl, long long ns, size_t line)
{
	long col = bs_strhash_get(&c->fr.colh, m, ml);
	char b[48];

	if (col < 0 || (size_t)col >= c->nkc || c->kc[col].kind != 'v') {
		warn_late(c, &c->toldm, "metric", m, ml, line);
		return 0;
	}
	bs_fixrec_set(&c->fr, col, val, vl);
	if (ns != -1)
		bs_fixrec_set(&c->fr, 0, b, (size_t)snprintf(b, sizeof(b),
		    "%lld.%09lld", ns / 1000000000, ns % 1000000000));
	return 1;
}

static void
tag(struct kctx *c, const char *k, size_t kl, const char *v, size_t vl,
    size_t line)
{
	long col = bs_strhash_get(&c->fr.colh, k, kl);

	if (col < 0 || (size_t)col >= c->nkc || (c->kc[col].kind != 't' &&
	    c->kc[col].kind != 's'))
		warn_late(c, &c->toldt, "tag", k, kl, line);
	else
		bs_fixrec_set(&c->fr, col, v, vl);
}

static int
kline(void *arg, const char *s, size_t len, size_t line, struct bs_err *e)
{
	struct kctx *c = arg;
	json_error_t je;
	json_t *o, *d, *v, *val;
	const char *m, *ty, *t, *k;
	long long ns = -1;
	char b[40];
	int rc = 0;

	if (len == 0)
		return 0;
	if ((o = json_loadb(s, len, 0, &je)) == NULL)
		return JSON_OOM(&je) ? bs_seterr(e, c->name, line, "out of "
		    "memory") : BS_LINE_BROKEN;
	ty = json_string_value(json_object_get(o, "type"));
	m = json_string_value(json_object_get(o, "metric"));
	d = json_object_get(o, "data");
	val = json_object_get(d, "value");
	if (ty == NULL || m == NULL || !json_is_object(d)) {
		json_decref(o);
		return BS_LINE_BROKEN;
	}
	if (strcmp(ty, "Point") != 0 || !json_is_number(val))
		goto out;
	if ((t = json_string_value(json_object_get(d, "time"))) != NULL &&
	    bs_rfc3339_ns(t, strlen(t), &ns) == -1)
		ns = -1;
	if (!sample(c, m, strlen(m), b, (size_t)snprintf(b, sizeof(b),
	    "%.17g", json_number_value(val)), ns, line))
		goto out;
	json_object_foreach(json_object_get(d, "tags"), k, v)
		if ((t = json_string_value(v)) != NULL)
			tag(c, k, strlen(k), t, strlen(t), line);
	rc = bs_fixrec_emit(&c->fr, line, c->cb, e);
	c->n += rc == 0;
out:
	json_decref(o);
	return rc;
}

static int
read_ndjson(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct kctx c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.cb = cb;
	c.name = s->name;
	if ((rc = columns(&c, s->win, s->len, scan_json, e)) == 0 &&
	    (rc = bs_lines_read(s, "k6", kline, &c, cb, e)) == 0 && c.n == 0)
		rc = bs_seterr(e, s->name, 0, "no k6 samples in the input");
	bs_fixrec_free(&c.fr);
	free(c.kc);
	return rc;
}

/* ---- --out csv */

/* The CSV's first field of each whole line after the header: metrics. */
static void
scan_csv(struct kctx *c, const char *p, size_t len)
{
	const char *nl = memchr(p, '\n', len);
	size_t pos = nl ? (size_t)(nl - p) + 1 : len;

	while (pos < len && (nl = memchr(p + pos, '\n', len - pos)) != NULL) {
		const char *cm = memchr(p + pos, ',', (size_t)(nl - p) - pos);

		if (cm != NULL)
			addmetric(c, p + pos, (size_t)(cm - p) - pos, NULL);
		pos = (size_t)(nl - p) + 1;
	}
}

static int
csv_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct kctx *c = arg;

	c->cmetric = c->cvalue = c->ctime = -1;
	addcol(c, "timestamp", 9, 'T', 0);
	if ((c->ctag = calloc(n + 1, sizeof(*c->ctag))) == NULL)
		return bs_seterr(e, c->name, 0, "out of memory");
	c->ncsv = n;
	for (size_t k = 0; k < n; k++) {
		c->ctag[k] = -1;
		if (f[k].len == 11 && memcmp(f[k].s, "metric_name", 11) == 0)
			c->cmetric = (long)k;
		else if (f[k].len == 12 && memcmp(f[k].s, "metric_value", 12)
		    == 0)
			c->cvalue = (long)k;
		else if (f[k].len == 9 && memcmp(f[k].s, "timestamp", 9) == 0)
			c->ctime = (long)k;
		else if (!(f[k].len == 10 && memcmp(f[k].s, "extra_tags", 10)
		    == 0) && !(f[k].len == 8 && memcmp(f[k].s, "metadata", 8)
		    == 0))
			c->ctag[k] = addcol(c, f[k].s, f[k].len, 't', 0);
	}
	if (c->cmetric < 0 || c->cvalue < 0)
		return bs_seterr(e, c->name, 1, "k6: a CSV without "
		    "metric_name and metric_value is not supported");
	return columns(c, c->buf0, c->len0, scan_csv, e);
}

static int
csv_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct kctx *c = arg;
	const struct bs_field *m, *v;
	int rc;

	if ((size_t)c->cmetric >= r->nf || (size_t)c->cvalue >= r->nf)
		return 0;
	m = &r->f[c->cmetric];
	v = &r->f[c->cvalue];
	if (!sample(c, m->s, m->len, v->s, v->len, -1, r->line))
		return 0;
	if (c->ctime >= 0 && (size_t)c->ctime < r->nf)
		bs_fixrec_set(&c->fr, 0, r->f[c->ctime].s, r->f[c->ctime].len);
	for (size_t k = 0; k < r->nf && k < c->ncsv; k++)
		if (c->ctag[k] >= 0 && r->f[k].len > 0)
			bs_fixrec_set(&c->fr, c->ctag[k], r->f[k].s,
			    r->f[k].len);
	rc = bs_fixrec_emit(&c->fr, r->line, c->cb, e);
	c->n += rc == 0;
	return rc;
}

static int
read_csv(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct kctx c;
	struct bs_csvlog lg = { .what = "k6", .delim = ',', .time =
	    "timestamp", .record = csv_record, .header = csv_header,
	    .arg = &c };
	int rc;

	memset(&c, 0, sizeof(c));
	c.cb = cb;
	c.name = s->name;
	/* The window before the first record is read: its start. */
	if ((c.buf0 = malloc(s->len + 1)) == NULL)
		return bs_seterr(e, s->name, 0, "out of memory");
	memcpy(c.buf0, s->win, s->len);
	c.len0 = s->len;
	if ((rc = bs_csvlog_read(s, &lg, cb, e)) == 0 && c.n == 0)
		rc = bs_seterr(e, s->name, 0, "no k6 samples in the input");
	bs_fixrec_free(&c.fr);
	free(c.kc);
	free(c.ctag);
	free(c.buf0);
	return rc;
}

/* ---- --summary-export */

/*
 * The unit of statistic k of metric m (of k6 type type, NULL when not
 * said) whose values are in u: a time trend's statistics in ms, a data
 * counter's count in B and rate in B/s, another counter's rate in
 * ops/s; a rate metric's rate (checks, http_req_failed) is a ratio.
 */
static const char *
statunit(const char *m, const char *type, const char *u, const char *k)
{
	int ratio = (type != NULL && strcmp(type, "rate") == 0) ||
	    strcmp(m, "checks") == 0 || strcmp(m, "http_req_failed") == 0;

	if (strcmp(k, "rate") == 0)
		return ratio ? NULL : u != NULL && strcmp(u, "B") == 0 ?
		    "B/s" : "ops/s";
	if (strcmp(k, "count") == 0)
		return u != NULL && strcmp(u, "B") == 0 ? "B" : NULL;
	if (strcmp(k, "passes") == 0 || strcmp(k, "fails") == 0 ||
	    strcmp(k, "thresholds") == 0)
		return NULL;
	return u;
}

static int
summary(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *ms = json_object_get(root, "metrics"), *o, *v;
	const char *m, *k;
	char col[256];

	(void)cb;
	if (!json_is_object(ms))
		return bs_seterr(e, file, 0, "k6: a summary without its "
		    "\"metrics\" object is not supported");
	json_object_foreach(ms, m, o) {
		const char *u = NULL, *cont, *type;
		size_t ml = strcspn(m, "{");	/* a submetric's is its own */

		cont = json_string_value(json_object_get(o, "contains"));
		type = json_string_value(json_object_get(o, "type"));

		for (size_t i = 0; builtin[i][0] != NULL; i++)
			if (strlen(builtin[i][0]) == ml &&
			    memcmp(builtin[i][0], m, ml) == 0)
				u = builtin[i][1];
		/*
		 * handleSummary()'s data (k6 >= 0.30) nests them in "values"
		 * and says what the metric holds.
		 */
		if (cont != NULL)
			u = strcmp(cont, "time") == 0 ? "ms" : strcmp(cont,
			    "data") == 0 ? "B" : NULL;
		if (json_is_object(json_object_get(o, "values")))
			o = json_object_get(o, "values");
		json_object_foreach(o, k, v) {
			if (!json_is_number(v))
				continue;
			snprintf(col, sizeof(col), "%s.%s", m, k);
			bs_rows_setjson(r, col, v);
			bs_rows_unit(r, col, statunit(m, type, u, k));
		}
	}
	bs_rows_endrow(r, 0);
	return 0;
}

static int
is_summary(const char *p, size_t len)
{
	return bs_contains(p, len, "\"metrics\"") &&
	    bs_contains(p, len, "\"root_group\"");
}

static int
is_ndjson(const char *p, size_t len)
{
	return (bs_contains(p, len, "\"type\":\"Point\"") ||
	    bs_contains(p, len, "\"type\":\"Metric\"")) &&
	    bs_contains(p, len, "\"metric\":");
}

static int
read_k6(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	size_t o = bs_skipbom(s->win, s->len);
	const char *p = s->win + o;
	size_t len = s->len - o;

	if (!bs_opens(p, len, '{'))
		return read_csv(s, cb, e);
	if (is_summary(p, len) && !is_ndjson(p, len))
		return bs_rows_read_json(s, "k6", summary, cb, e);
	return read_ndjson(s, cb, e);
}

static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && (is_ndjson(p, len) ||
	    is_summary(p, len));
}

static int
detect_csv(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && len > 34 &&
	    memcmp(p, "metric_name,timestamp,metric_value", 34) == 0;
}

static const struct bs_idcol idcols[] = { { "name", BS_ID_VARIES },
    { "method", BS_ID_VARIES }, { "status", BS_ID_VARIES },
    { NULL, 0 } };
static const char *const metacols[] = { "timestamp", "url", "proto",
    "subproto", "tls_version", "error", "error_code",
    "expected_response", "service", "group", "scenario", "check", NULL };

const struct bs_fmt bs_fmt_k6 = {
	.name = "k6",
	.detect = { { detect_json, 290 }, { detect_csv, 289 } },
	.read = read_k6,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_REQUESTS,
	.time = "timestamp",
	.ok = "expected_response",
};
