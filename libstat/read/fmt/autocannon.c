/*
 * autocannon's report (autocannon --json, or the result object its API
 * gives): one JSON object per run with the statistics of its latency
 * (ms), of its requests per second and of its throughput (B/s) over
 * the per-second samples ("average", "stddev", "min", "max",
 * percentiles "p50", "p99_9", ...; "total" and "sent" counts), and the
 * run's counts (errors, timeouts, non2xx, 2xx, ...).
 *
 * One row per report, a summary of the run: the url (and title) its
 * identity; latency_* in ms, requests_* in ops/s (requests_total and
 * requests_sent counts), throughput_* in B/s (throughput_total in B),
 * duration in s; connections, pipelining, workers, samples and
 * sampleInt describe the run (metadata), start and finish go to the
 * meta hook.  Several reports appended to one file are one row each.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static void
family(json_t *o, const char *fam, const char *unit, const char *totunit,
    struct bs_rows *r)
{
	const char *k;
	json_t *v;
	char col[96];

	json_object_foreach(o, k, v) {
		if (!json_is_number(v) || strcmp(k, "mean") == 0)
			continue;	/* "mean" repeats "average" */
		snprintf(col, sizeof(col), "%s_%s", fam, k);
		bs_rows_setnum(r, col, json_number_value(v));
		if (strcmp(k, "total") == 0 || strcmp(k, "sent") == 0 ||
		    strcmp(k, "totalCount") == 0) {
			if (totunit != NULL)
				bs_rows_unit(r, col, totunit);
		} else
			bs_rows_unit(r, col, unit);
	}
}

static int
autocannon(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	static const char *const counts[] = { "errors", "timeouts",
	    "mismatches", "non2xx", "resets", "1xx", "2xx", "3xx", "4xx",
	    "5xx", "connections", "pipelining", "workers", "samples",
	    "sampleInt", NULL };
	json_t *lat = json_object_get(root, "latency");

	if (!json_is_object(lat) || !json_is_object(json_object_get(root,
	    "requests")))
		return bs_seterr(e, file, 0, "autocannon: a report without "
		    "its \"latency\" and \"requests\" statistics is not "
		    "supported");
	bs_rows_setjson(r, "url", json_object_get(root, "url"));
	bs_rows_setjson(r, "title", json_object_get(root, "title"));
	family(lat, "latency", "ms", NULL, r);
	family(json_object_get(root, "requests"), "requests", "ops/s", NULL,
	    r);
	family(json_object_get(root, "throughput"), "throughput", "B/s",
	    "B", r);
	for (size_t i = 0; counts[i] != NULL; i++)
		bs_rows_setjson(r, counts[i], json_object_get(root,
		    counts[i]));
	bs_rows_setjson(r, "duration", json_object_get(root, "duration"));
	bs_rows_unit(r, "duration", "s");
	for (size_t i = 0; i < 2 && cb->meta != NULL; i++) {
		const char *key = i == 0 ? "start" : "finish";
		const char *v = json_string_value(json_object_get(root, key));

		if (v != NULL)
			cb->meta(cb->arg, key, v);
	}
	bs_rows_endrow(r, 0);
	return 0;
}

static int
read_autocannon(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "autocannon", autocannon, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_contains(p, len, "\"latency\"") &&
	    bs_contains(p, len, "\"requests\"") &&
	    bs_contains(p, len, "\"throughput\"") &&
	    bs_contains(p, len, "\"pipelining\"");
}

static const struct bs_idcol idcols[] = { { "url", 0 },
    { "title", BS_ID_VARIES }, { NULL, 0 } };
static const char *const metacols[] = { "connections", "pipelining",
    "workers", "samples", "sampleInt", NULL };

const struct bs_fmt bs_fmt_autocannon = {
	.name = "autocannon",
	.detect = { { detect, 294 } },
	.read = read_autocannon,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_SUMMARIES,
};
