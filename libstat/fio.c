/*
 * fio --output-format=json: one row per job and I/O direction that did
 * any I/O, with bandwidth, IOPS and latency percentiles in nanoseconds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "extern.h"

static double
jnum(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static int
fio(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	static const struct { const char *key, *col; } pcts[] = {
		{ "50.000000", "clat_p50_ns" }, { "95.000000", "clat_p95_ns" },
		{ "99.000000", "clat_p99_ns" }, { "99.900000", "clat_p99.9_ns" },
	};
	const char *ver = json_string_value(json_object_get(root,
	    "fio version"));
	json_t *jobs = json_object_get(root, "jobs"), *job;
	int v2 = ver && strncmp(ver, "fio-2.", 6) == 0;
	size_t i;

	(void)cb;
	(void)file;
	(void)e;
	json_array_foreach(jobs, i, job) {
		for (int d = 0; d < 3; d++) {
			json_t *dj = json_object_get(job, dirs[d]);
			json_t *lat, *clat, *pct;
			double iops, bw, scale;

			if (!json_is_object(dj))
				continue;
			iops = jnum(dj, "iops");
			bw = jnum(dj, "bw_bytes");
			if (isnan(bw))
				bw = jnum(dj, "bw") * 1024;	/* KiB/s */
			if (!(iops > 0) && !(bw > 0) && !(jnum(dj,
			    "total_ios") > 0))
				continue;	/* no I/O this way */
			bs_rows_set(r, "jobname", json_string_value(
			    json_object_get(job, "jobname")));
			bs_rows_set(r, "rw", dirs[d]);
			bs_rows_setnum(r, "iops", iops);
			bs_rows_setnum(r, "bw_bytes", bw);
			bs_rows_unit(r, "bw_bytes", "B/s");
			/* fio 3 reports in ns; fio 2 in µs. */
			if ((lat = json_object_get(dj, "lat_ns")) != NULL)
				scale = 1;
			else {
				lat = json_object_get(dj, "lat");
				scale = 1000;
			}
			bs_rows_setnum(r, "lat_mean_ns", jnum(lat, "mean") *
			    scale);
			clat = json_object_get(dj, v2 || !json_object_get(dj,
			    "clat_ns") ? "clat" : "clat_ns");
			pct = json_object_get(clat, "percentile");
			if (pct == NULL)
				pct = json_object_get(dj, "percentile");
			for (size_t k = 0; k < 4; k++)
				bs_rows_setnum(r, pcts[k].col, jnum(pct,
				    pcts[k].key) * scale);
			bs_rows_endrow(r, 0);
		}
	}
	return 0;
}

int
bs_fio_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"fio version\"");
}

int
bs_read_fio(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "fio", fio, cb, e);
}
