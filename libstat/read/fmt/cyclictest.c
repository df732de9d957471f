/*
 * cyclictest --json=FILE (rt-tests 2.x): one row per measuring thread
 * (its key under "thread": thread), with that thread's latency
 * statistics over the run, lat_min, lat_avg and lat_max, in µs (ns when
 * the file says "resolution_in_ns": 1, cyclictest --nsecs), and cycles,
 * cpu and node as metadata of the row.  The per-thread histogram (-h) is
 * left out.  The version, command line and times go to the meta hook.
 * A file without a thread has no values: an error, not an empty table.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static void
meta(const struct bs_reader_cb *cb, json_t *root, const char *key,
    const char *as)
{
	const char *v = json_string_value(json_object_get(root, key));

	if (v != NULL && cb->meta != NULL)
		cb->meta(cb->arg, as, v);
}

static int
cyclictest(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	static const char *const stats[][2] = { { "min", "lat_min" },
	    { "avg", "lat_avg" }, { "max", "lat_max" } };
	static const char *const info[] = { "cycles", "cpu", "node" };
	json_t *threads = json_object_get(root, "thread"), *th, *v;
	json_t *res = json_object_get(root, "resolution_in_ns");
	const char *k, *unit = json_is_integer(res) &&
	    json_integer_value(res) == 1 ? "ns" : "us";
	size_t any = 0;

	/* rt-tests writes these two keys with a colon in the name. */
	meta(cb, root, "rt_test_version:", "rt_test_version");
	meta(cb, root, "cmdline:", "cmdline");
	meta(cb, root, "start_time", "start_time");
	if (!json_is_object(threads))
		return bs_seterr(e, file, 0, "cyclictest JSON without its "
		    "\"thread\" object: no latencies");
	json_object_foreach(threads, k, th) {
		if (!json_is_object(th))
			continue;
		bs_rows_set(r, "thread", k);
		for (size_t i = 0; i < 3; i++) {
			v = json_object_get(th, stats[i][0]);
			if (!json_is_number(v))
				return bs_seterr(e, file, 0, "cyclictest thread "
				    "%s has no number '%s'", k, stats[i][0]);
			bs_rows_setnum(r, stats[i][1], json_number_value(v));
			bs_rows_unit(r, stats[i][1], unit);
		}
		for (size_t i = 0; i < 3; i++)
			if (json_is_number(v = json_object_get(th, info[i])))
				bs_rows_setnum(r, info[i],
				    json_number_value(v));
		bs_rows_endrow(r, 0);
		any++;
	}
	if (any == 0)
		return bs_seterr(e, file, 0, "cyclictest JSON with no thread: "
		    "no latencies");
	return 0;
}

/* Its keys: "rt_test_version:" (sic) and the per-thread object. */
static int
bs_cyclictest_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"rt_test_version") &&
	    bs_contains(p, len, "\"file_version\"");
}

static int
bs_read_cyclictest(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "cyclictest", cyclictest, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_cyclictest_detect(p, len);
}

static const char *const metacols[] = { "cycles", "cpu", "node", NULL };
static const struct bs_idcol idcols[] = { { "thread", BS_ID_VARIES },
    { NULL, 0 } };

const struct bs_fmt bs_fmt_cyclictest = {
	.name = "cyclictest",
	.detect = { { detect, 80 } },
	.read = bs_read_cyclictest,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
