/*
 * BenchmarkDotNet's full JSON exporter (*-report-full.json): one row per
 * measured iteration when the measurements are in the file (the
 * "Result" stage of the workload, overhead taken off; else its "Actual"
 * stage), the time per operation in ns; else one summary row per
 * benchmark from its Statistics (n, mean, sd, min, max, median in ns).
 * One shape for the whole file: a file where some benchmarks lack
 * measurements gives the summaries of all.
 */
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static int
isstage(json_t *m, const char *stage)
{
	const char *mode = json_string_value(json_object_get(m,
	    "IterationMode"));
	const char *st = json_string_value(json_object_get(m,
	    "IterationStage"));

	return mode && st && strcmp(mode, "Workload") == 0 &&
	    strcmp(st, stage) == 0;
}

/* The stage whose measurements give the rows, or NULL when none does. */
static const char *
stageof(json_t *b)
{
	json_t *ms = json_object_get(b, "Measurements"), *m;
	size_t i;
	int actual = 0;

	json_array_foreach(ms, i, m) {
		if (isstage(m, "Result"))
			return "Result";
		actual |= isstage(m, "Actual");
	}
	return actual ? "Actual" : NULL;
}

static void
common(json_t *b, struct bs_rows *r)
{
	const char *name = json_string_value(json_object_get(b, "FullName"));

	bs_rows_set(r, "name", name ? name : "");
	bs_rows_setjson(r, "method", json_object_get(b, "Method"));
	bs_rows_setjson(r, "parameters", json_object_get(b, "Parameters"));
}

static void
memory(json_t *b, struct bs_rows *r)
{
	json_t *a = json_object_get(json_object_get(b, "Memory"),
	    "BytesAllocatedPerOperation");

	if (json_is_number(a)) {
		bs_rows_setjson(r, "allocated_bytes_per_op", a);
		bs_rows_unit(r, "allocated_bytes_per_op", "B");
	}
}

static int
bdn(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *bl = json_object_get(root, "Benchmarks"), *b, *m;
	size_t i, j;
	int raw = json_array_size(bl) > 0;

	(void)cb;
	if (!json_is_array(bl))
		return bs_seterr(e, file, 0, "not BenchmarkDotNet JSON output: "
		    "no \"Benchmarks\" array");
	json_array_foreach(bl, i, b)
		if (stageof(b) == NULL)
			raw = 0;
	json_array_foreach(bl, i, b) {
		json_t *st = json_object_get(b, "Statistics");
		const char *stage = stageof(b);

		if (!raw) {
			if (!json_is_object(st))
				continue;
			common(b, r);
			bs_rows_setjson(r, "n", json_object_get(st, "N"));
			bs_rows_setjson(r, "mean", json_object_get(st, "Mean"));
			bs_rows_setjson(r, "sd", json_object_get(st,
			    "StandardDeviation"));
			bs_rows_setjson(r, "min", json_object_get(st, "Min"));
			bs_rows_setjson(r, "max", json_object_get(st, "Max"));
			bs_rows_setjson(r, "median", json_object_get(st,
			    "Median"));
			memory(b, r);
			bs_rows_endrow(r, 0);
			continue;
		}
		json_array_foreach(json_object_get(b, "Measurements"), j, m) {
			json_t *ns = json_object_get(m, "Nanoseconds");
			json_t *ops = json_object_get(m, "Operations");

			if (!isstage(m, stage) || !json_is_number(ns) ||
			    !json_is_number(ops) || json_number_value(ops) <= 0)
				continue;
			common(b, r);
			bs_rows_setjson(r, "launch", json_object_get(m,
			    "LaunchIndex"));
			bs_rows_setjson(r, "iteration", json_object_get(m,
			    "IterationIndex"));
			bs_rows_setnum(r, "time", json_number_value(ns) /
			    json_number_value(ops));
			memory(b, r);
			bs_rows_endrow(r, 0);
		}
	}
	if (raw)
		bs_rows_unit(r, "time", "ns");
	else {
		bs_rows_unit(r, "mean", "ns");
		bs_rows_unit(r, "sd", "ns");
		bs_rows_unit(r, "min", "ns");
		bs_rows_unit(r, "max", "ns");
		bs_rows_unit(r, "median", "ns");
	}
	return 0;
}

static int
bs_bdn_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"Benchmarks\"") &&
	    (bs_contains(p, len, "\"HostEnvironmentInfo\"") ||
	    bs_contains(p, len, "\"BenchmarkDotNetVersion\""));
}

static int
bs_read_bdn(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "BenchmarkDotNet", bdn, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_bdn_detect(p, len);
}

static const char *const metacols[] = { "launch", "iteration", NULL };
/* FullName: type, method, parameters. */
static const char *const levels[] = { "launch", NULL };
static const struct bs_idcol idcols[] = { { "name", 0 }, { NULL, 0 } };

const struct bs_fmt bs_fmt_bdn = {
	.name = "bdn",
	.detect = { { detect, 60 } },
	.read = bs_read_bdn,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.levels = levels,
	.summary = "time",		/* with measurements: time */
};
