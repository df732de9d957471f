/*
 * pytest-benchmark JSON (--benchmark-json): one row per round, in
 * seconds per iteration, when every benchmark kept its rounds
 * (--benchmark-save-data wrote stats.data, all of it); else one summary
 * row per benchmark from its stats (n = rounds, mean, sd = stddev, the
 * sample standard deviation, min, max, median, in seconds).  One shape
 * for the whole file.
 */
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/* Are the rounds all there: as many numbers as stats.rounds says? */
static int
hasdata(json_t *st)
{
	json_t *d = json_object_get(st, "data"), *v;
	json_t *n = json_object_get(st, "rounds");
	size_t i;

	if (!json_is_array(d) || json_array_size(d) == 0 ||
	    (json_is_integer(n) && (json_int_t)json_array_size(d) !=
	    json_integer_value(n)))
		return 0;
	json_array_foreach(d, i, v)
		if (!json_is_number(v))
			return 0;
	return 1;
}

static void
common(json_t *b, struct bs_rows *r)
{
	const char *name = json_string_value(json_object_get(b, "name"));

	bs_rows_set(r, "name", name ? name : "");
	bs_rows_setjson(r, "fullname", json_object_get(b, "fullname"));
	bs_rows_setjson(r, "group", json_object_get(b, "group"));
	bs_rows_setjson(r, "param", json_object_get(b, "param"));
}

static int
pytestbench(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *bl = json_object_get(root, "benchmarks"), *b, *v;
	size_t i, j, partial = 0;
	int raw = json_array_size(bl) > 0;
	static const char *const cols[] = { "mean", "sd", "min", "max",
	    "median" };

	if (!json_is_array(bl))
		return bs_seterr(e, file, 0, "not pytest-benchmark JSON "
		    "output: no \"benchmarks\" array");
	/* The machine and the commit, flattened ("cpu.brand_raw"). */
	bs_meta_json(cb, "", json_object_get(root, "machine_info"));
	bs_meta_json(cb, "commit_info", json_object_get(root, "commit_info"));
	json_array_foreach(bl, i, b) {
		json_t *st = json_object_get(b, "stats");

		if (!hasdata(st)) {
			raw = 0;
			partial += json_is_array(json_object_get(st, "data"));
		}
	}
	if (partial)
		bs_reader_warn(cb, "pytest-benchmark: stats.data of %zu "
		    "benchmark%s is not all the rounds: the summaries are read",
		    partial, partial == 1 ? "" : "s");
	json_array_foreach(bl, i, b) {
		json_t *st = json_object_get(b, "stats");

		if (!json_is_object(st))
			continue;
		if (raw) {
			json_array_foreach(json_object_get(st, "data"), j, v) {
				common(b, r);
				bs_rows_setint(r, "round", (long long)j + 1);
				bs_rows_setjson(r, "time", v);
				bs_rows_endrow(r, 0);
			}
			continue;
		}
		common(b, r);
		bs_rows_setjson(r, "n", json_object_get(st, "rounds"));
		bs_rows_setjson(r, "mean", json_object_get(st, "mean"));
		bs_rows_setjson(r, "sd", json_object_get(st, "stddev"));
		bs_rows_setjson(r, "min", json_object_get(st, "min"));
		bs_rows_setjson(r, "max", json_object_get(st, "max"));
		bs_rows_setjson(r, "median", json_object_get(st, "median"));
		bs_rows_endrow(r, 0);
	}
	if (raw)
		bs_rows_unit(r, "time", "s");
	else
		for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
			bs_rows_unit(r, cols[i], "s");
	return 0;
}

static int
bs_pytestbench_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"benchmarks\"") &&
	    bs_contains(p, len, "\"stats\"") &&
	    (bs_contains(p, len, "\"machine_info\"") ||
	    bs_contains(p, len, "\"rounds\""));
}

static int
bs_read_pytestbench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "pytest-benchmark", pytestbench, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_pytestbench_detect(p, len);
}

static const char *const metacols[] = { "round", NULL };
static const struct bs_idcol idcols[] = { { "fullname", 0 },
    { "name", BS_ID_ELSE }, { "param", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_pytestbench = {
	.name = "pytest-benchmark",
	.detect = { { detect, 70 } },
	.read = bs_read_pytestbench,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.summary = "time",		/* with its rounds: time */
};
