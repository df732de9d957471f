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
#include "read/read.h"

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

/*
 * hyperfine --export-csv: one summary per command, no runs.  It is read
 * as what it is, a summary: the columns as written but stddev named sd,
 * so that mean, sd (and n, which this file lacks) are where summaries
 * are looked for; times in seconds.
 */
struct hcsv {
	const struct bs_reader_cb *cb;
};

static int
hcsv_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	static const char *const secs[] = { "mean", "sd", "median", "user",
	    "system", "min", "max", NULL };
	const struct hcsv *h = arg;
	struct bs_field *g;
	int rc;

	if ((g = calloc(n + 1, sizeof(*g))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		g[i] = f[i];
		if (f[i].len == 6 && memcmp(f[i].s, "stddev", 6) == 0) {
			g[i].s = "sd";
			g[i].len = 2;
		}
	}
	rc = h->cb->header(h->cb->arg, g, n, e);
	for (size_t i = 0; rc == 0 && h->cb->unit != NULL && i < n; i++)
		for (size_t k = 0; secs[k] != NULL; k++)
			if (g[i].len == strlen(secs[k]) &&
			    memcmp(g[i].s, secs[k], g[i].len) == 0)
				h->cb->unit(h->cb->arg, secs[k], "s");
	free(g);
	return rc;
}

static int
hcsv_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	const struct hcsv *h = arg;

	return h->cb->record(h->cb->arg, r, e);
}

static void
hcsv_warn(void *arg, const char *msg)
{
	const struct hcsv *h = arg;

	bs_reader_warn(h->cb, "%s", msg);
}

#define HF_CSV_HEADER	"command,mean,stddev,median,user,system,min,max"

static int
bs_hyperfine_csv_detect(const char *p, size_t len)
{
	size_t hl = strlen(HF_CSV_HEADER);

	return len >= hl && memcmp(p, HF_CSV_HEADER, hl) == 0;
}

static int
hyperfine_csv(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct hcsv h = { cb };
	struct bs_reader_cb hcb = { hcsv_header, hcsv_record, &h,
	    cb->warn ? hcsv_warn : NULL, NULL, NULL, NULL, NULL, NULL };

	bs_reader_warn(cb, "hyperfine: --export-csv holds one summary per "
	    "command (mean, stddev, min, max), not the runs: read as "
	    "summaries; the time of every run is in --export-json");
	return bs_read_delim(s, ',', 0, &hcb, e);
}

static int
bs_hyperfine_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"results\"") &&
	    bs_contains(p, len, "\"times\"") &&
	    bs_contains(p, len, "\"command\"");
}

static int
bs_read_hyperfine(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	if (bs_src_slurp(s, e) == -1)
		return -1;
	if (bs_hyperfine_csv_detect(s->win + bs_skipbom(s->win, s->len),
	    s->len - bs_skipbom(s->win, s->len)))
		return hyperfine_csv(s, cb, e);
	return bs_rows_read_json(s, "hyperfine", hyperfine, cb, e);
}

/* Its JSON export. */
static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_hyperfine_detect(p, len);
}

/* Its CSV export (summaries). */
static int
detect_csv(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_hyperfine_csv_detect(p, len);
}

static const char *const metacols[] = { "run", "exit_code", NULL };
static const struct bs_idcol idcols[] = { { "command", 0 },
    { "parameter_", BS_ID_PREFIX | BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_hyperfine = {
	.name = "hyperfine",
	.detect = { { detect_json, 20 }, { detect_csv, 140 } },
	.read = bs_read_hyperfine,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.summary = "time",		/* --export-json: time */
};
