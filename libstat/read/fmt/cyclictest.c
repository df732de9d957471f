/*
 * cyclictest --json=FILE (rt-tests 2.x): one row per measuring thread
 * (its key under "thread": thread), with that thread's latency
 * statistics over the run, lat_min, lat_avg and lat_max, in µs (ns when
 * the file says "resolution_in_ns": 1, cyclictest --nsecs), and cycles,
 * cpu and node as metadata of the row.  The version, command line and
 * times go to the meta hook.  A file without a thread has no values: an
 * error, not an empty table.
 *
 * Its text: the summary lines ("T: 0 (25205) P: 0 I:1000 C: 2000 Min:
 * 49 Act: 76 Avg: 198 Max: 8623", the last one of each thread: without
 * -q cyclictest rewrites them as it runs), one row per thread with
 * lat_min, lat_act, lat_avg, lat_max (µs) and cycles, pid, priority,
 * interval_us as metadata; or the -h/-H histogram, its "# Min
 * Latencies:" ... lines a summary row per thread (lat_min, lat_avg,
 * lat_max, histogram_count, overflows; -H's pooled column is thread
 * "all").
 *
 * A histogram (text, or the JSON's "histogram" object) is a
 * distribution: kind "histogram", one row per latency counted (its
 * bucket, µs, as many times as the count; at most CT_HIST_MAX), so that
 * its percentiles are the distribution's.  The overflows, latencies
 * above the histogram's last bucket whose values it does not keep, are
 * rows with an empty latency: counted as missing, with a warning that
 * the percentiles are of the rest.  The summary rows are kind "summary".
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

#define CT_HIST_MAX	1000000ull	/* latencies a histogram expands to */

/* count rows of kind histogram of thread th at latency lat ("" missing). */
static int
histrows(struct bs_rows *r, const char *th, const char *lat,
    unsigned long long count, unsigned long long *total, const char *file,
    struct bs_err *e)
{
	if (count > CT_HIST_MAX - *total)
		return bs_seterr(e, file, 0, "cyclictest: a histogram of more "
		    "than %llu latencies is not read", CT_HIST_MAX);
	*total += count;
	for (unsigned long long i = 0; i < count; i++) {
		bs_rows_set(r, "kind", "histogram");
		bs_rows_set(r, "thread", th);
		if (lat[0] != '\0')
			bs_rows_set(r, "latency", lat);
		bs_rows_endrow(r, 0);
	}
	return 0;
}

/* The JSON's "histogram": {"LATENCY": COUNT, ...} of one thread. */
static int
jsonhist(struct bs_rows *r, const char *th, json_t *h, const char *unit,
    unsigned long long *total, const char *file, struct bs_err *e)
{
	const char *k;
	json_t *v;

	json_object_foreach(h, k, v)
		if (json_is_integer(v) && json_integer_value(v) > 0 &&
		    histrows(r, th, k, (unsigned long long)json_integer_value(v),
		    total, file, e) == -1)
			return -1;
	bs_rows_unit(r, "latency", unit);
	return 0;
}

static void
meta(const struct bs_reader_cb *cb, json_t *root, const char *key,
    const char *as)
{
	const char *v = json_string_value(json_object_get(root, key));

	if (v != NULL && cb->meta != NULL)
		cb->meta(cb->arg, as, v);
}

/* Has any thread a histogram of counts (then rows say their kind)? */
static int
anyhist(json_t *threads)
{
	const char *k;
	json_t *th;

	json_object_foreach(threads, k, th)
		if (json_object_size(json_object_get(th, "histogram")) > 0)
			return 1;
	return 0;
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
	unsigned long long total = 0;

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
		if (jsonhist(r, k, json_object_get(th, "histogram"), unit,
		    &total, file, e) == -1)
			return -1;
		if (total > 0 || anyhist(threads))
			bs_rows_set(r, "kind", "summary");
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


/* ---- text */

#define CT_MAXCOL	64	/* threads in one histogram line, and -H's */

struct ctthread {
	char	 id[16];
	char	 f[8][24];	/* pid priority interval cycles min act avg max */
};

struct cttext {
	struct ctthread	*th;
	size_t		 nth, cth;
	/* histogram: per column, its footer's numbers */
	size_t		 ncol;
	unsigned long long total, over[CT_MAXCOL];
	char		 foot[5][CT_MAXCOL][24];	/* total min avg max over */
	int		 hist;
};

static struct ctthread *
ctthread(struct cttext *c, const char *id, size_t n)
{
	struct ctthread *t;

	for (size_t i = 0; i < c->nth; i++)
		if (strlen(c->th[i].id) == n && memcmp(c->th[i].id, id, n) == 0)
			return &c->th[i];
	if (c->nth == c->cth) {
		if ((t = realloc(c->th, (c->cth * 2 + 4) * sizeof(*t))) == NULL)
			return NULL;
		c->th = t;
		c->cth = c->cth * 2 + 4;
	}
	t = &c->th[c->nth++];
	memset(t, 0, sizeof(*t));
	snprintf(t->id, sizeof(t->id), "%.*s", (int)n, id);
	return t;
}

/* "T: 0 (25205) P: 0 I:1000 C: 2000 Min: 49 Act: 76 Avg: 198 Max: 8623" */
static int
summaryline(struct cttext *c, const char *s, size_t ll)
{
	static const char *const keys[] = { "(", "P:", "I:", "C:", "Min:",
	    "Act:", "Avg:", "Max:" };
	const char *p = s + 2, *end = s + ll, *k, *id;
	struct ctthread *t;
	char f[8][24];
	size_t n, idn;

	while (p < end && *p == ' ')
		p++;
	for (n = 0; p + n < end && isdigit((unsigned char)p[n]); n++)
		;
	if (n == 0)
		return -1;
	id = p;
	idn = n;
	for (size_t i = 0; i < 8; i++) {
		if ((k = memmem(p, (size_t)(end - p), keys[i],
		    strlen(keys[i]))) == NULL)
			return -1;
		p = k + strlen(keys[i]);
		while (p < end && *p == ' ')
			p++;
		for (n = 0; p + n < end && isdigit((unsigned char)p[n]); n++)
			;
		if (n == 0)
			return -1;
		snprintf(f[i], sizeof(f[i]), "%.*s", (int)n, p);
	}
	/* A whole line only: a line cut short leaves the last one whole. */
	if ((t = ctthread(c, id, idn)) == NULL)
		return -1;
	memcpy(t->f, f, sizeof(f));
	return 0;
}

/* "000064 000013	000002": a bucket and each column's count. */
static int
bucketline(struct cttext *c, struct bs_rows *r, const char *s, size_t ll,
    const char *file, struct bs_err *e)
{
	char lat[24], th[16], *q;
	const char *p = s, *end = s + ll;
	unsigned long long v;
	size_t col = 0;

	v = strtoull(p, &q, 10);
	snprintf(lat, sizeof(lat), "%llu", v);
	for (p = q; p < end && col < CT_MAXCOL; col++) {
		v = strtoull(p, &q, 10);
		/* strtoull skips white space, a line end too: not past it. */
		if (q == p || q > end)
			break;
		p = q;
		if (c->ncol > 0 && col == c->ncol - 1 && c->hist == 2)
			snprintf(th, sizeof(th), "all");
		else
			snprintf(th, sizeof(th), "%zu", col);
		if (histrows(r, th, lat, v, &c->total, file, e) == -1)
			return -1;
	}
	return 0;
}

/* "# Max Latencies: 29640 71768": one footer line's numbers. */
static void
footer(struct cttext *c, const char *s, size_t ll)
{
	static const char *const keys[] = { "# Total:", "# Min Latencies:",
	    "# Avg Latencies:", "# Max Latencies:", "# Histogram Overflows:" };
	const char *p, *end = s + ll;
	size_t n, col;

	for (size_t k = 0; k < 5; k++) {
		if (ll < strlen(keys[k]) || memcmp(s, keys[k], strlen(keys[k])))
			continue;
		p = s + strlen(keys[k]);
		for (col = 0; col < CT_MAXCOL; col++) {
			while (p < end && (*p == ' ' || *p == '\t'))
				p++;
			for (n = 0; p + n < end && isdigit((unsigned char)p[n]);
			    n++)
				;
			if (n == 0)
				break;
			/* Leading zeros: cyclictest's %05lu. */
			while (n > 1 && *p == '0')
				p++, n--;
			snprintf(c->foot[k][col], sizeof(c->foot[k][col]),
			    "%.*s", (int)n, p);
			if (k == 4)
				c->over[col] = strtoull(p, NULL, 10);
			p += n;
		}
		if (k == 0)
			c->ncol = col;
	}
}

/* The footer's summary of each histogram column, and its overflows. */
static int
histsummary(struct cttext *c, struct bs_rows *r, const struct bs_reader_cb
    *cb, const char *file, struct bs_err *e)
{
	static const char *const cols[] = { "histogram_count", "lat_min",
	    "lat_avg", "lat_max", "overflows" };
	unsigned long long over = 0, n = 0;
	char th[16];

	for (size_t col = 0; col < c->ncol; col++) {
		if (col == c->ncol - 1 && c->hist == 2)
			snprintf(th, sizeof(th), "all");
		else
			snprintf(th, sizeof(th), "%zu", col);
		if (histrows(r, th, "", c->over[col], &c->total, file, e) == -1)
			return -1;
		if (c->hist != 2 || col < c->ncol - 1)
			over += c->over[col], n += c->over[col] +
			    strtoull(c->foot[0][col], NULL, 10);
		bs_rows_set(r, "kind", "summary");
		bs_rows_set(r, "thread", th);
		for (size_t k = 0; k < 5; k++)
			if (c->foot[k][col][0] != '\0')
				bs_rows_set(r, cols[k], c->foot[k][col]);
		bs_rows_endrow(r, 0);
	}
	if (over > 0)
		bs_reader_warn(cb, "cyclictest: %llu of %llu latencies above "
		    "the histogram's last bucket (overflows): counted as "
		    "missing, the percentiles are of the rest", over, n);
	return 0;
}

static void
threadrows(struct cttext *c, struct bs_rows *r)
{
	static const char *const cols[] = { "pid", "priority", "interval_us",
	    "cycles", "lat_min", "lat_act", "lat_avg", "lat_max" };

	for (size_t i = 0; i < c->nth; i++) {
		bs_rows_set(r, "thread", c->th[i].id);
		for (size_t k = 0; k < 8; k++)
			bs_rows_set(r, cols[k], c->th[i].f[k]);
		bs_rows_endrow(r, 0);
	}
}

/* Where the first line that is no comment starts. */
static size_t
bucket0(const char *p, size_t len)
{
	size_t pos = 0, at = 0, ll;
	const char *s;

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		if (ll > 0 && s[0] != '#')
			return at;
		at = pos;
	}
	return 0;
}

static int
cyclic_text(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb, const char *file, struct bs_err *e)
{
	struct cttext c;
	size_t pos = 0, ll, line = 0, bad = 0, badline = 0;
	const char *s;
	int rc = 0;

	memset(&c, 0, sizeof(c));
	/* The footer first: -H's pooled column is known by it. */
	while (bs_nextline(p, len, &pos, &s, &ll))
		if (ll > 2 && s[0] == '#')
			footer(&c, s, ll);
	if (c.ncol > 0)
		c.hist = c.foot[1][c.ncol - 1][0] == '\0' ? 2 : 1;
	else if (len > 7 && memcmp(p + bucket0(p, len), "000000 ", 7) == 0) {
		/* Buckets without the footer: a histogram cut short. */
		c.hist = 3;
		bs_reader_warn(cb, "cyclictest: a histogram without its footer "
		    "(cut short?): its overflows and summary are unknown");
	}
	for (pos = 0; rc == 0 && bs_nextline(p, len, &pos, &s, &ll);) {
		line++;
		if (ll == 0 || s[0] == '#')
			continue;
		if (ll > 3 && memcmp(s, "T:", 2) == 0) {
			if (summaryline(&c, s, ll) == -1 && bad++ == 0)
				badline = line;
		} else if (c.hist && isdigit((unsigned char)s[0]))
			rc = bucketline(&c, r, s, ll, file, e);
		else if (bad++ == 0)
			badline = line;
	}
	if (rc == 0 && (c.hist == 1 || c.hist == 2))
		rc = histsummary(&c, r, cb, file, e);
	if (rc == 0)
		threadrows(&c, r);
	if (bad > 0)
		bs_reader_warn(cb, "cyclictest: %zu line%s not read, the first "
		    "line %zu", bad, bad > 1 ? "s" : "", badline);
	free(c.th);
	return rc;
}

static void
text_units(struct bs_rows *r)
{
	static const char *const us[] = { "lat_min", "lat_act", "lat_avg",
	    "lat_max", "latency", "interval_us", NULL };

	for (size_t i = 0; us[i] != NULL; i++)
		bs_rows_unit(r, us[i], "us");
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
	struct bs_rows r;
	size_t i, len;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	i = bs_json_skipws(s->win, bs_skipbom(s->win, s->len), s->len);
	if (i < s->len && s->win[i] == '{')
		return bs_rows_read_json(s, "cyclictest", cyclictest, cb, e);
	memset(&r, 0, sizeof(r));
	text_units(&r);
	len = bs_text_whole(s->win, s->len, "cyclictest", cb);
	if ((rc = cyclic_text(s->win, len, &r, cb, s->name, e)) == 0)
		rc = bs_rows_emit(&r, s->name, "cyclictest", cb, e);
	bs_rows_free(&r);
	return rc;
}

static int
detect(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_cyclictest_detect(p, len);
}

/*
 * Its text: a summary line first, or (the comments skipped) the
 * histogram's first two buckets.
 */
static int
detect_text(const char *p, size_t len)
{
	if (bs_opens_json(p, len))
		return 0;
	if (len > 5 && memcmp(p, "T: ", 3) == 0)
		return bs_contains(p, len, " P:") && bs_contains(p, len,
		    " C:") && bs_contains(p, len, " Min:") && bs_contains(p,
		    len, " Max:");
	/* Its first buckets, 0 and 1, in cyclictest's "%06d %06lu". */
	return len > 20 && memcmp(p, "000000 ", 7) == 0 && bs_contains(p, 128,
	    "\n000001 ");
}

static const char *const metacols[] = { "cycles", "cpu", "node", "pid",
    "priority", "interval_us", "histogram_count", NULL };
static const struct bs_idcol idcols[] = { { "kind", BS_ID_VARIES },
    { "thread", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_cyclictest = {
	.name = "cyclictest",
	.detect = { { detect, 80 }, { detect_text, 247 } },
	.read = bs_read_cyclictest,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
