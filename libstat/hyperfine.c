/*
 * hyperfine --export-json: one row per timed run of each command, with
 * its exit code, memory and parameters; failed runs are left out with a
 * warning.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "extern.h"

static int
hyperfine(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *res = json_object_get(root, "results"), *o;
	size_t i;

	(void)file;
	(void)e;
	json_array_foreach(res, i, o) {
		json_t *times = json_object_get(o, "times");
		json_t *codes = json_object_get(o, "exit_codes");
		json_t *mem = json_object_get(o, "memory_usage_byte");
		json_t *params = json_object_get(o, "parameters");
		const char *cmd = json_string_value(json_object_get(o,
		    "command"));
		size_t j, bad = 0;
		json_t *t;

		json_array_foreach(times, j, t) {
			json_t *code = json_array_get(codes, j);
			const char *k;
			json_t *pv;
			char *col;

			if (json_is_integer(code) && json_integer_value(code)
			    != 0) {
				bad++;
				continue;
			}
			if (codes && json_is_null(code) &&
			    j < json_array_size(codes)) {
				bad++;	/* killed by a signal */
				continue;
			}
			bs_rows_set(r, "command", cmd ? cmd : "");
			bs_rows_setint(r, "run", (long long)j + 1);
			bs_rows_setjson(r, "time", t);
			bs_rows_unit(r, "time", "s");
			if (code)
				bs_rows_setjson(r, "exit_code", code);
			if (mem)
			{
				bs_rows_setjson(r, "memory_usage_byte",
				    json_array_get(mem, j));
				bs_rows_unit(r, "memory_usage_byte", "B");
			}
			json_object_foreach(params, k, pv) {
				if (asprintf(&col, "parameter_%s", k) == -1) {
					r->failed = 1;
					break;
				}
				bs_rows_setjson(r, col, pv);
				free(col);
			}
			if (json_is_string(json_object_get(o, "parameter"))) {
				bs_rows_setjson(r, "parameter",
				    json_object_get(o, "parameter"));
			}
			bs_rows_endrow(r, 0);
		}
		if (bad)
			bs_reader_warn(cb, "hyperfine: '%s': %zu of %zu runs "
			    "exited with a non-zero status or a signal: left out",
			    cmd ? cmd : "?", bad, json_array_size(times));
	}
	return 0;
}

int
bs_hyperfine_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"results\"") &&
	    bs_contains(p, len, "\"times\"") &&
	    bs_contains(p, len, "\"command\"");
}

int
bs_read_hyperfine(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "hyperfine", hyperfine, cb, e);
}
