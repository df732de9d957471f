/*
 * pyperf JSON (python -m pyperf ... -o FILE, often gzip-compressed): one
 * row per value of every run; calibration runs, which hold warm-ups
 * only, are left out.  The value is in the unit pyperf's metadata
 * states (second, byte, integer), declared when every benchmark has
 * the same.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/*
 * The unit pyperf's metadata states (second, byte, integer; second when
 * none is stated) as the unit of the value column: "s", "B", none for a
 * count.  NULL for a unit pyperf does not have: none declared.
 */
static const char *
pyperf_unit(const char *unit)
{
	if (unit == NULL || strcmp(unit, "second") == 0)
		return "s";
	if (strcmp(unit, "byte") == 0)
		return "B";
	return NULL;
}

static int
pyperf(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *fmeta = json_object_get(root, "metadata");
	json_t *bl = json_object_get(root, "benchmarks"), *b, *run, *v;
	const char *first = NULL;	/* the first benchmark's unit */
	int mixed = 0;
	size_t i, j, k, nrun;

	(void)file;
	(void)e;
	/* pyperf's run metadata (CPU, kernel, Python): not columns. */
	bs_meta_json(cb, "", fmeta);
	json_array_foreach(bl, i, b) {
		json_t *bmeta = json_object_get(b, "metadata");
		const char *name = json_string_value(json_object_get(bmeta,
		    "name"));
		const char *unit = json_string_value(json_object_get(bmeta,
		    "unit"));

		if (name == NULL)
			name = json_string_value(json_object_get(fmeta,
			    "name"));
		if (unit == NULL)
			unit = json_string_value(json_object_get(fmeta,
			    "unit"));
		if (unit == NULL)
			unit = "second";
		nrun = 0;
		json_array_foreach(json_object_get(b, "runs"), j, run) {
			json_t *vals = json_object_get(run, "values");

			/* Calibration runs have warm-ups only. */
			if (json_array_size(vals) == 0)
				continue;
			nrun++;
			json_array_foreach(vals, k, v) {
				bs_rows_set(r, "benchmark", name ? name : "");
				bs_rows_setint(r, "run", (long long)nrun);
				bs_rows_setjson(r, "value", v);
				bs_rows_set(r, "unit", unit);
				bs_rows_endrow(r, 0);
			}
		}
		/*
		 * One value column for every benchmark: its unit is
		 * declared when they all have the same.
		 */
		if (first == NULL)
			first = unit;
		else if (!mixed && strcmp(first, unit) != 0) {
			mixed = 1;
			bs_reader_warn(cb, "pyperf: values in several units "
			    "(%s, %s): value has no declared unit; group by "
			    "unit", first, unit);
		}
	}
	if (first != NULL && !mixed)
		bs_rows_unit(r, "value", pyperf_unit(first));
	return 0;
}

static int
bs_pyperf_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"benchmarks\"") &&
	    bs_contains(p, len, "\"runs\"") &&
	    (bs_contains(p, len, "\"values\"") ||
	    bs_contains(p, len, "\"warmups\""));
}

static int
bs_read_pyperf(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "pyperf", pyperf, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_pyperf_detect(p, len);
}

static const char *const metacols[] = { "run", NULL };
static const char *const levels[] = { "run", NULL };
static const struct bs_idcol idcols[] = { { "benchmark", 0 },
    { NULL, 0 } };

const struct bs_fmt bs_fmt_pyperf = {
	.name = "pyperf",
	.detect = { { detect, 30 } },
	.read = bs_read_pyperf,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.levels = levels,
};
