/*
 * JMH JSON (java -jar benchmarks.jar -rf json): one row per measured
 * iteration of every fork (primaryMetric.rawData), with the benchmark,
 * its mode, threads and parameters; secondary metrics (profilers: gc,
 * stack, ...) are columns beside the score, iteration by iteration.
 * The score's unit is JMH's scoreUnit ("ops/s", "us/op"), declared, so
 * that the direction follows from it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/* JMH writes its own marker before some metric names: "·gc.alloc.rate". */
static const char *
metricname(const char *k)
{
	if (strncmp(k, "\xc2\xb7", 2) == 0)
		return k + 2;
	return k;
}

static void
secondary(json_t *sec, struct bs_rows *r, size_t fork, size_t it)
{
	const char *k;
	json_t *m;

	json_object_foreach(sec, k, m) {
		json_t *raw = json_object_get(m, "rawData");
		const char *unit = json_string_value(json_object_get(m,
		    "scoreUnit"));

		if (!json_is_array(raw))
			continue;
		bs_rows_setjson(r, metricname(k),
		    json_array_get(json_array_get(raw, fork), it));
		bs_rows_unit(r, metricname(k), unit);
	}
}

static int
jmh(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	struct bs_unitvote uv;
	json_t *b;
	size_t i;

	if (!json_is_array(root))
		return bs_seterr(e, file, 0, "not JMH JSON output: the input "
		    "is not an array of benchmarks");
	memset(&uv, 0, sizeof(uv));
	json_array_foreach(root, i, b) {
		json_t *pm = json_object_get(b, "primaryMetric");
		json_t *raw = json_object_get(pm, "rawData"), *fk, *v, *pv;
		json_t *sec = json_object_get(b, "secondaryMetrics");
		const char *name = json_string_value(json_object_get(b,
		    "benchmark"));
		const char *unit = json_string_value(json_object_get(pm,
		    "scoreUnit"));
		const char *k;
		size_t f, it;
		char *col;

		if (name == NULL)
			continue;
		if (!json_is_array(raw)) {
			/* Sample mode keeps histograms (rawDataHistogram). */
			bs_reader_warn(cb, "jmh: '%s': no rawData (sample-mode "
			    "histograms are not read): left out", name);
			continue;
		}
		bs_unitvote(&uv, unit);
		json_array_foreach(raw, f, fk) {
			json_array_foreach(fk, it, v) {
				bs_rows_set(r, "benchmark", name);
				bs_rows_setjson(r, "mode",
				    json_object_get(b, "mode"));
				bs_rows_setjson(r, "threads",
				    json_object_get(b, "threads"));
				json_object_foreach(json_object_get(b,
				    "params"), k, pv) {
					if (asprintf(&col, "param_%s", k) ==
					    -1) {
						r->failed = 1;
						break;
					}
					bs_rows_setjson(r, col, pv);
					free(col);
				}
				bs_rows_setint(r, "fork", (long long)f + 1);
				bs_rows_setint(r, "iteration",
				    (long long)it + 1);
				bs_rows_setjson(r, "score", v);
				bs_rows_set(r, "score_unit", unit);
				secondary(sec, r, f, it);
				bs_rows_endrow(r, 0);
			}
		}
	}
	if (uv.mixed)
		bs_reader_warn(cb, "jmh: scores in several units (%s, %s): "
		    "score has no declared unit; group by score_unit",
		    uv.unit, uv.other);
	else if (uv.unit[0] != '\0')
		bs_rows_unit(r, "score", uv.unit);
	return 0;
}

static int
bs_jmh_detect(const char *p, size_t len)
{
	return len > 0 && p[0] == '[' &&
	    bs_contains(p, len, "\"primaryMetric\"") &&
	    bs_contains(p, len, "\"benchmark\"") &&
	    bs_contains(p, len, "\"mode\"");
}

static int
bs_read_jmh(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_anyjson(s, "JMH", jmh, cb, e);
}

static const char *const metacols[] = { "threads", "fork", "iteration", NULL };
static const char *const levels[] = { "fork", NULL };
static const struct bs_idcol idcols[] = { { "benchmark", 0 },
    { "param_", BS_ID_PREFIX | BS_ID_VARIES }, { "mode", 0 },
    { "threads", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_jmh = {
	.name = "jmh",
	.detect = { { bs_jmh_detect, 100 } },
	.read = bs_read_jmh,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.levels = levels,
};
