/*
 * fio --output-format=json (or normal,json: the text after the JSON
 * is left): one row per job and I/O direction that did any I/O, with
 * bandwidth, IOPS, mean latency and every latency percentile fio
 * reported, in nanoseconds.  The same rows, in the same columns, from
 * --output-format=terse (version 3, fields by position: bandwidth in
 * KiB/s, times in µs) and from its normal text (its numbers as rounded
 * as it prints them: "IOPS=77.5k", "BW=17.8MiB/s").
 */
#include <ctype.h>
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

/* ---- terse (version 3) and normal text */

/* The ;-separated fields of s[0..n), at most max. */
static size_t
semis(const char *s, size_t n, const char **f, size_t *fl, size_t max)
{
	size_t k = 0, i = 0, b;

	while (k < max) {
		for (b = i; i < n && s[i] != ';'; i++)
			;
		f[k] = s + b;
		fl[k++] = i - b;
		if (i++ >= n)
			break;
	}
	return k;
}

static double
tnum(const char *s, size_t n)
{
	char buf[64];

	if (n == 0 || n >= sizeof(buf))
		return NAN;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return strtod(buf, NULL);
}

/* A terse line: "3;fio-3.33;jobname;groupid;error;..." */
static int
terse_line(const char *s, size_t n)
{
	return n > 8 && memcmp(s, "3;fio-", 6) == 0;
}

/* One direction of a terse line, its 41 fields from f[0]. */
static void
terse_dir(struct bs_rows *r, const char *job, size_t jl, const char *rw,
    const char **f, size_t *fl, size_t line)
{
	char p[32], col[64], k[32];
	const char *eq;

	if (!(tnum(f[0], fl[0]) > 0) && !(tnum(f[1], fl[1]) > 0) &&
	    !(tnum(f[2], fl[2]) > 0))
		return;		/* no I/O this way */
	bs_rows_setn(r, "jobname", job, jl);
	bs_rows_set(r, "rw", rw);
	bs_rows_setn(r, "iops", f[2], fl[2]);
	bs_rows_setnum(r, "bw_bytes", tnum(f[1], fl[1]) * 1024);
	bs_rows_setscaled(r, "lat_mean_ns", f[34], fl[34], 3);
	for (size_t i = 12; i < 32; i++) {
		if ((eq = memchr(f[i], '=', fl[i])) == NULL || eq - f[i] < 2 ||
		    (size_t)(eq - f[i]) >= sizeof(k))
			continue;
		memcpy(k, f[i], (size_t)(eq - f[i]) - 1);	/* no '%' */
		k[eq - f[i] - 1] = '\0';
		if (!pctname(k, p, sizeof(p)))
			continue;
		snprintf(col, sizeof(col), "clat_p%s_ns", p);
		bs_rows_setscaled(r, col, eq + 1, (size_t)(f[i] + fl[i] - eq -
		    1), 3);
	}
	bs_rows_endrow(r, line);
}

static int
terse(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb, const char *file, struct bs_err *e)
{
	const char *s, *f[200];
	size_t pos = 0, ll, line = 0, fl[200], k, last = 0;

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (!terse_line(s, ll))
			continue;
		k = semis(s, ll, f, fl, 200);
		/* Two directions (fio 3: read, write) or three (and trim). */
		if (k < 5 + 82 + 5 || pos > len) {
			bs_reader_warn(cb, "fio: line %zu is cut short (%zu "
			    "fields): read up to line %zu", line, k, last);
			continue;
		}
		terse_dir(r, f[2], fl[2], "read", f + 5, fl + 5, line);
		terse_dir(r, f[2], fl[2], "write", f + 46, fl + 46, line);
		if (fl[87] > 0 && f[87][fl[87] - 1] != '%' && k >= 5 + 123 + 5)
			terse_dir(r, f[2], fl[2], "trim", f + 87, fl + 87, line);
		last = line;
	}
	(void)file;
	(void)e;
	return 0;
}

/* fio's number with its suffix ("77.5k", "11598k", "4553"): times 10^x. */
static int
ksuffix(const char *s, size_t n, size_t *nl)
{
	size_t i = 0;

	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.'))
		i++;
	*nl = i;
	if (i < n && s[i] == 'k')
		return 3;
	if (i < n && s[i] == 'M')
		return 6;
	return 0;
}

/* The ns of a unit in "(usec)", "(nsec)", "(msec)": a power of ten. */
static int
tunit(const char *s, size_t n)
{
	return bs_contains(s, n, "(nsec)") ? 0 : bs_contains(s, n, "(usec)") ?
	    3 : bs_contains(s, n, "(msec)") ? 6 : -1;
}

/* The value after key= in s[0..n), scaled by 10^shift, into col. */
static void
kv(struct bs_rows *r, const char *col, const char *s, size_t n,
    const char *key, int shift)
{
	const char *v = memmem(s, n, key, strlen(key));
	size_t vl, rest;
	int x;

	if (v == NULL)
		return;
	v += strlen(key);
	rest = (size_t)(s + n - v);
	while (rest > 0 && *v == ' ')
		v++, rest--;
	x = ksuffix(v, rest, &vl);
	if (vl > 0)
		bs_rows_setscaled(r, col, v, vl, shift + x);
}

/* "BW=17.8MiB/s", "BW=7872KiB/s": bytes per second. */
static void
bw(struct bs_rows *r, const char *s, size_t n)
{
	static const struct {
		const char	*u;
		double		 mul;
	} u[] = { { "GiB/s", 1073741824.0 }, { "MiB/s", 1048576.0 },
	    { "KiB/s", 1024.0 }, { "B/s", 1.0 } };
	const char *v = memmem(s, n, "BW=", 3);
	size_t vl, rest;

	if (v == NULL)
		return;
	v += 3;
	rest = (size_t)(s + n - v);
	ksuffix(v, rest, &vl);
	for (size_t i = 0; vl > 0 && i < sizeof(u) / sizeof(u[0]); i++)
		if (rest >= vl + strlen(u[i].u) && memcmp(v + vl, u[i].u,
		    strlen(u[i].u)) == 0) {
			bs_rows_setnum(r, "bw_bytes", tnum(v, vl) * u[i].mul);
			return;
		}
}

/* " |  1.00th=[   33],  5.00th=[   39]," into <lat>_p<pct>_ns. */
static void
pctrow(struct bs_rows *r, const char *lat, const char *s, size_t n,
    int shift)
{
	const char *q = s, *end = s + n, *t, *b;
	char k[32], p[32], col[64];
	size_t vl;

	while ((t = memmem(q, (size_t)(end - q), "th=[", 4)) != NULL) {
		for (b = t; b > q && (isdigit((unsigned char)b[-1]) ||
		    b[-1] == '.'); b--)
			;
		if (t - b > 0 && (size_t)(t - b) < sizeof(k)) {
			memcpy(k, b, (size_t)(t - b));
			k[t - b] = '\0';
			q = t + 4;
			while (q < end && *q == ' ')
				q++;
			ksuffix(q, (size_t)(end - q), &vl);
			if (vl > 0 && pctname(k, p, sizeof(p))) {
				snprintf(col, sizeof(col), "%s_p%s_ns", lat, p);
				bs_rows_setscaled(r, col, q, vl, shift);
			}
		}
		q = t + 4;
	}
}

struct ftext {
	struct bs_rows	*r;
	const char	*job;
	size_t		 jl, line;
	int		 indir, shift;
	const char	*pct;		/* the percentiles being read */
};

static void
enddir(struct ftext *t)
{
	if (t->indir)
		bs_rows_endrow(t->r, t->line);
	t->indir = 0;
	t->pct = NULL;
}

/* A line of a job's report in the normal text. */
static void
textline(struct ftext *t, const char *s, size_t ll, size_t line)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	const char *q = s;
	size_t n = ll;

	bs_trim(&q, &n);
	for (size_t d = 0; d < 3; d++) {
		size_t dl = strlen(dirs[d]);

		if (n > dl + 7 && memcmp(q, dirs[d], dl) == 0 &&
		    memcmp(q + dl, ": IOPS=", 7) == 0) {
			enddir(t);
			t->indir = 1;
			t->line = line;
			bs_rows_setn(t->r, "jobname", t->job, t->jl);
			bs_rows_set(t->r, "rw", dirs[d]);
			kv(t->r, "iops", q, n, "IOPS=", 0);
			bw(t->r, q, n);
			return;
		}
	}
	if (!t->indir)
		return;
	if (t->pct != NULL && n > 0 && q[0] == '|') {
		pctrow(t->r, t->pct, q, n, t->shift);
		return;
	}
	t->pct = NULL;
	if (n > 5 && memcmp(q, "lat (", 5) == 0 && bs_contains(q, n, "avg=")) {
		if ((t->shift = tunit(q, n)) >= 0)
			kv(t->r, "lat_mean_ns", q, n, "avg=", t->shift);
	} else if (bs_contains(q, n, "percentiles (") && (t->shift = tunit(q,
	    n)) >= 0)
		t->pct = n > 4 && memcmp(q, "clat", 4) == 0 ? "clat" : n > 4 &&
		    memcmp(q, "slat", 4) == 0 ? "slat" : "lat";
	else if (n > 4 && (memcmp(q, "cpu ", 4) == 0 || (memcmp(q, "lat (",
	    5) == 0 && bs_contains(q, n, "%"))))
		enddir(t);
}

static int
normal(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb)
{
	struct ftext t;
	const char *s, *g;
	size_t pos = 0, ll, line = 0;

	memset(&t, 0, sizeof(t));
	t.r = r;
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		/* "NAME: (groupid=0, jobs=1): err= 0: pid=..." */
		if (ll > 0 && s[0] != ' ' && (g = memmem(s, ll, ": (groupid=",
		    11)) != NULL) {
			enddir(&t);
			t.job = s;
			t.jl = (size_t)(g - s);
		} else if (t.job != NULL)
			textline(&t, s, ll, line);
	}
	/* fio ends every line: a direction's report without one was cut. */
	if (t.indir && len > 0 && p[len - 1] != '\n') {
		bs_reader_warn(cb, "fio: the report of the direction on line "
		    "%zu is cut short at line %zu (the input ends within it): "
		    "left out", t.line, line);
		return 0;
	}
	enddir(&t);
	return 0;
}

static int
fio_text_parse(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb, const char *file, struct bs_err *e)
{
	const char *s;
	size_t pos = 0, ll;
	int rc = 0, isterse = 0;

	while (!isterse && bs_nextline(p, len, &pos, &s, &ll))
		isterse = terse_line(s, ll) ? 3 : ll > 6 && s[1] == ';' &&
		    memcmp(s + 2, "fio-", 4) == 0 ? s[0] : 0;
	if (isterse != 0 && isterse != 3)
		return bs_seterr(e, file, 0, "fio: terse version %c is not "
		    "read (version 3 is, fio's default; or its JSON)",
		    isterse);
	if (isterse)
		rc = terse(p, len, r, cb, file, e);
	else
		rc = normal(p, len, r, cb);
	return rc;
}

static int
fio_text(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_rows r;
	int rc;

	memset(&r, 0, sizeof(r));
	rc = fio_text_parse(s->win, s->len, &r, cb, s->name, e);
	bs_rows_unit(&r, "iops", "ops/s");
	bs_rows_unit(&r, "bw_bytes", "B/s");
	for (size_t i = 0; i < r.ncols; i++)
		if (strlen(r.cols[i]) > 3 && strcmp(r.cols[i] +
		    strlen(r.cols[i]) - 3, "_ns") == 0)
			bs_rows_unit(&r, r.cols[i], "ns");
	if (rc == 0)
		rc = bs_rows_emit(&r, s->name, "fio", cb, e);
	bs_rows_free(&r);
	return rc;
}

/*
 * Terse lines ("3;fio-3.33;..."; version 2's are not read), or the
 * normal text's job line with its direction's IOPS.
 */
static int
fio_text_detect(const char *p, size_t len)
{
	if (bs_opens_json(p, len))
		return 0;
	if (len > 8 && p[0] >= '2' && p[0] <= '5' && memcmp(p + 1, ";fio-",
	    5) == 0)
		return 1;	/* terse: versions other than 3 refused */
	return bs_contains(p, len, ": (groupid=") && bs_contains(p, len,
	    ": IOPS=");
}

static int
bs_read_fio(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	size_t dl;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	dl = s->len < BS_DETECT_LEN ? s->len : BS_DETECT_LEN;
	if (bs_fio_detect(s->win, dl))
		return bs_rows_read_json(s, "fio", fio, cb, e);
	return fio_text(s, cb, e);
}

static const struct bs_idcol idcols[] = { { "jobname", 0 }, { "rw", 0 },
    { NULL, 0 } };

/*
 * Asked first, whatever the input opens with: its JSON may follow the
 * text of --output-format=normal,json.
 */
const struct bs_fmt bs_fmt_fio = {
	.name = "fio",
	.detect = { { bs_fio_detect, 10 }, { fio_text_detect, 345 } },
	.read = bs_read_fio,
	.name_errors = 1,
	.identity = idcols,
};
