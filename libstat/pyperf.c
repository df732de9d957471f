/*
 * pyperf JSON (python -m pyperf ... -o FILE, often gzip-compressed): one
 * row per value of every run; calibration runs, which hold warm-ups
 * only, are left out.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "extern.h"

static int
pyperf(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *fmeta = json_object_get(root, "metadata");
	json_t *bl = json_object_get(root, "benchmarks"), *b, *run, *v;
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
				bs_rows_set(r, "unit", unit ? unit : "second");
				/* pyperf's units: second, byte, integer. */
				if (unit == NULL || strcmp(unit, "second") == 0)
					bs_rows_unit(r, "value", "s");
				else if (strcmp(unit, "byte") == 0)
					bs_rows_unit(r, "value", "B");
				bs_rows_endrow(r, 0);
			}
		}
	}
	return 0;
}

int
bs_pyperf_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"benchmarks\"") &&
	    bs_contains(p, len, "\"runs\"") &&
	    (bs_contains(p, len, "\"values\"") ||
	    bs_contains(p, len, "\"warmups\""));
}

int
bs_read_pyperf(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "pyperf", pyperf, cb, e);
}
