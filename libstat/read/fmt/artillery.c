/*
 * Artillery's report (artillery run --output FILE, 2.x): "intermediate",
 * the metrics of each reporting period (10 s by default), and
 * "aggregate", those of the whole run; each holds "counters"
 * (http.requests, http.codes.200, vusers.created, ...), "rates"
 * (http.request_rate) and "summaries" (http.response_time,
 * vusers.session_length, per endpoint: min, max, count, mean, median,
 * p50 to p999).
 *
 * One row per metric of each period (kind "interval") and of the run
 * (kind "aggregate"): kind and metric the identity; a summary's min,
 * max, mean, median and percentiles in ms (Artillery's summaries are
 * of times in ms), count a count; a counter's value as count, a rate's
 * as rate (ops/s); period, the row's time (ms since the epoch), is
 * metadata, with the first and last counter times.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static void
summaries(json_t *sum, const char *kind, json_t *period, struct bs_rows *r)
{
	const char *m, *k;
	json_t *o, *v;

	json_object_foreach(sum, m, o) {
		if (!json_is_object(o))
			continue;
		bs_rows_set(r, "kind", kind);
		bs_rows_setjson(r, "period", period);
		bs_rows_set(r, "metric", m);
		json_object_foreach(o, k, v) {
			bs_rows_setjson(r, k, v);
			if (strcmp(k, "count") != 0)
				bs_rows_unit(r, k, "ms");
		}
		bs_rows_endrow(r, 0);
	}
}

static void
scalars(json_t *o, const char *kind, json_t *period, const char *col,
    struct bs_rows *r)
{
	const char *m;
	json_t *v;

	json_object_foreach(o, m, v) {
		if (!json_is_number(v))
			continue;
		bs_rows_set(r, "kind", kind);
		bs_rows_setjson(r, "period", period);
		bs_rows_set(r, "metric", m);
		bs_rows_setjson(r, col, v);
		bs_rows_endrow(r, 0);
	}
}

static void
section(json_t *s, const char *kind, struct bs_rows *r)
{
	json_t *period = json_object_get(s, "period");

	if (!json_is_object(s))
		return;
	summaries(json_object_get(s, "summaries"), kind, period, r);
	scalars(json_object_get(s, "counters"), kind, period, "count", r);
	scalars(json_object_get(s, "rates"), kind, period, "rate", r);
}

static int
artillery(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *in = json_object_get(root, "intermediate"), *s;
	size_t i;

	(void)cb;
	if (!json_is_object(json_object_get(root, "aggregate")))
		return bs_seterr(e, file, 0, "Artillery: a report without its "
		    "\"aggregate\" object (1.x's \"latency\" reports) is not "
		    "supported");
	json_array_foreach(in, i, s)
		section(s, "interval", r);
	section(json_object_get(root, "aggregate"), "aggregate", r);
	bs_rows_unit(r, "rate", "ops/s");
	bs_rows_unit(r, "period", "ms");
	return 0;
}

static int
read_artillery(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "Artillery", artillery, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_contains(p, len, "\"aggregate\"")
	    && bs_contains(p, len, "\"intermediate\"") &&
	    bs_contains(p, len, "\"counters\"");
}

static const struct bs_idcol idcols[] = { { "kind", 0 }, { "metric", 0 },
    { NULL, 0 } };
static const char *const metacols[] = { "period", NULL };

const struct bs_fmt bs_fmt_artillery = {
	.name = "artillery",
	.label = "Artillery",
	.detect = { { detect, 291 } },
	.read = read_artillery,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_INTERVALS,
	.time = "period",
};
