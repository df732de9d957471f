/*
 * fio --output-format=json (or normal,json: the text after the JSON
 * is left): one row per job and I/O direction that did any I/O, with
 * bandwidth, IOPS, mean latency and every latency percentile fio
 * reported, in nanoseconds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static double
jnum(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * A percentile key as fio writes it ("99.990000") shortened for a
 * column name ("99.99"); 0 for the padding older versions write
 * ("0.00": 0), which is no percentile.
 */
static int
pctname(const char *k, char *buf, size_t sz)
{
	size_t n = strlen(k);
	char *end;

	if (n == 0 || n >= sz || !(strtod(k, &end) > 0) || *end != '\0')
		return 0;
	memcpy(buf, k, n + 1);
	if (strchr(buf, '.') != NULL) {
		while (n > 0 && buf[n - 1] == '0')
			buf[--n] = '\0';
		if (n > 0 && buf[n - 1] == '.')
			buf[--n] = '\0';
	}
	return 1;
}

/*
 * Every percentile fio reported for one latency (clat by default,
 * lat with --lat_percentiles, slat with --slat_percentiles; the list
 * of --percentile_list): a column "<lat>_p<pct>_ns" each.
 */
static void
percentiles(struct bs_rows *r, const char *lat, json_t *pct, double scale)
{
	const char *k;
	json_t *v;
	char p[32], col[64];

	json_object_foreach(pct, k, v) {
		if (!json_is_number(v) || !pctname(k, p, sizeof(p)))
			continue;
		snprintf(col, sizeof(col), "%s_p%s_ns", lat, p);
		bs_rows_setnum(r, col, json_number_value(v) * scale);
		bs_rows_unit(r, col, "ns");
	}
}

static int
fio(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	static const char *const lats[] = { "slat", "clat", "lat" };
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
			json_t *lat;
			double iops, bw, scale;
			char key[16];

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
			bs_rows_unit(r, "iops", "ops/s");
			bs_rows_setnum(r, "bw_bytes", bw);
			bs_rows_unit(r, "bw_bytes", "B/s");
			/* fio 3 reports in ns ("lat_ns"); fio 2 in µs ("lat"). */
			scale = !v2 && json_object_get(dj, "lat_ns") != NULL ?
			    1 : 1000;
			for (int l = 0; l < 3; l++) {
				snprintf(key, sizeof(key), "%s%s", lats[l],
				    scale == 1 ? "_ns" : "");
				lat = json_object_get(dj, key);
				if (l == 2) {
					bs_rows_setnum(r, "lat_mean_ns",
					    jnum(lat, "mean") * scale);
					bs_rows_unit(r, "lat_mean_ns", "ns");
				}
				percentiles(r, lats[l], json_object_get(lat,
				    "percentile"), scale);
			}
			/* fio 2.1 put clat's percentiles beside it. */
			percentiles(r, "clat", json_object_get(dj,
			    "percentile"), scale);
			bs_rows_endrow(r, 0);
		}
	}
	return 0;
}

static int
bs_fio_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"fio version\"");
}

static int
bs_read_fio(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_json(s, "fio", fio, cb, e);
}

static const struct bs_idcol idcols[] = { { "jobname", 0 }, { "rw", 0 },
    { NULL, 0 } };

/*
 * Asked first, whatever the input opens with: its JSON may follow the
 * text of --output-format=normal,json.
 */
const struct bs_fmt bs_fmt_fio = {
	.name = "fio",
	.detect = { { bs_fio_detect, 10 } },
	.read = bs_read_fio,
	.name_errors = 1,
	.identity = idcols,
};
