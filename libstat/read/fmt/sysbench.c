/*
 * sysbench's text (1.0: cpu, memory, threads, mutex, fileio, oltp_*):
 * kind "summary", one row per run (a run starts at its "sysbench X.Y"
 * banner: runs appended to one file are rows of their own), with the
 * rates (events_per_sec, operations_per_sec, reads_per_sec, tps, qps,
 * ..., per second; MiB/s), total_time (s), events, the latency
 * statistics sysbench prints (latency_min, latency_avg, latency_max,
 * latency_pNN for --percentile=NN, latency_sum: ms) and the threads'
 * fairness (fairness_events_avg/_stddev, fairness_time_avg/_stddev in
 * s); kind "interval", one row per --report-interval line ("[ 1s ] thds:
 * 1 eps: 867.53 lat (ms,95%): 8.43"), time (s) and threads as metadata;
 * kind "histogram", --histogram's distribution as one row per event
 * counted (latency, ms: each bucket's value as many times as its count,
 * so that its percentiles are the distribution's), at most
 * SB_HIST_MAX events (a row each, some 500 bytes of memory: a larger
 * histogram is refused).  threads ("Number of threads") is metadata.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

#define SB_HIST_MAX	1000000ull	/* events a histogram expands to */

struct sb {
	struct bs_rows		 r;
	const struct bs_reader_cb *cb;
	int			 insum, inhist, inlat;
	char			 threads[32];
	size_t			 line;
	unsigned long long	 hist;		/* events expanded so far */
	char			 fatal[256];	/* its first FATAL: line */
};

static const char *const units[][2] = {
	{ "total_time", "s" }, { "latency_min", "ms" }, { "latency_avg", "ms" },
	{ "latency_max", "ms" }, { "latency_sum", "ms" }, { "latency", "ms" },
	{ "fairness_time_avg", "s" }, { "fairness_time_stddev", "s" },
	{ "events_per_sec", "events/s" }, { "operations_per_sec", "ops/s" },
	{ "reads_per_sec", "ops/s" }, { "writes_per_sec", "ops/s" },
	{ "fsyncs_per_sec", "ops/s" }, { "tps", "tx/s" }, { "qps", "ops/s" },
	{ "qps_read", "ops/s" }, { "qps_write", "ops/s" },
	{ "qps_other", "ops/s" }, { "read_mib_per_sec", "MiB/s" },
	{ "written_mib_per_sec", "MiB/s" }, { "transferred_mib", "MiB" },
	{ "transferred_mib_per_sec", "MiB/s" }, { "time", "s" },
};

static void
sumstart(struct sb *b)
{
	if (b->insum)
		return;
	b->insum = 1;
	bs_rows_set(&b->r, "kind", "summary");
	if (b->threads[0] != '\0')
		bs_rows_set(&b->r, "threads", b->threads);
}

static void
sumend(struct sb *b)
{
	if (b->insum)
		bs_rows_endrow(&b->r, b->line);
	b->insum = b->inlat = 0;
}

/* A summary cell from the text after a label: its first number. */
static void
cell(struct sb *b, const char *col, const char *v, size_t n)
{
	size_t k;

	bs_trim(&v, &n);
	if ((k = bs_numlen(v, n)) == 0)
		return;
	sumstart(b);
	bs_rows_setn(&b->r, col, v, k);
}

/* "2097152 (3074683.99 per second)": the count and its rate. */
static void
cellrate(struct sb *b, const char *count, const char *rate, const char *v,
    size_t n)
{
	const char *p = memchr(v, '(', n);

	cell(b, count, v, n);
	if (p != NULL)
		cell(b, rate, p + 1, (size_t)(v + n - p - 1));
}

/* "3754.0000/0.00": avg and stddev. */
static void
cellpair(struct sb *b, const char *a, const char *s, const char *v, size_t n)
{
	const char *sl = memchr(v, '/', n);

	cell(b, a, v, n);
	if (sl != NULL)
		cell(b, s, sl + 1, (size_t)(v + n - sl - 1));
}

static int
lab(const char *k, size_t kn, const char *w)
{
	return kn == strlen(w) && memcmp(k, w, kn) == 0;
}

/* A "label: value" line of the summary. */
static void
sumline(struct sb *b, const char *k, size_t kn, const char *v, size_t vn)
{
	static const char *const plain[][2] = {
		{ "events per second", "events_per_sec" },
		{ "total number of events", "events" },
		{ "reads/s", "reads_per_sec" }, { "writes/s", "writes_per_sec" },
		{ "fsyncs/s", "fsyncs_per_sec" },
		{ "read, MiB/s", "read_mib_per_sec" },
		{ "written, MiB/s", "written_mib_per_sec" },
		{ "read", "queries_read" }, { "write", "queries_write" },
		{ "other", "queries_other" }, { "total", "queries_total" },
	};
	char col[64];

	if (b->inlat && (lab(k, kn, "min") || lab(k, kn, "avg") ||
	    lab(k, kn, "max") || lab(k, kn, "sum"))) {
		snprintf(col, sizeof(col), "latency_%.*s", (int)kn, k);
		cell(b, col, v, vn);
		return;
	}
	if (b->inlat && kn > 11 && memcmp(k + kn - 11, " percentile", 11) ==
	    0) {
		snprintf(col, sizeof(col), "latency_p%.*s", (int)bs_numlen(k, kn),
		    k);
		cell(b, col, v, vn);
		return;
	}
	if (lab(k, kn, "total time"))
		cell(b, "total_time", v, vn);
	else if (lab(k, kn, "events (avg/stddev)"))
		cellpair(b, "fairness_events_avg", "fairness_events_stddev", v,
		    vn);
	else if (lab(k, kn, "execution time (avg/stddev)"))
		cellpair(b, "fairness_time_avg", "fairness_time_stddev", v, vn);
	else if (lab(k, kn, "Total operations"))
		cellrate(b, "operations", "operations_per_sec", v, vn);
	else if (lab(k, kn, "transactions"))
		cellrate(b, "transactions", "tps", v, vn);
	else if (lab(k, kn, "queries"))
		cellrate(b, "queries", "qps", v, vn);
	else if (lab(k, kn, "ignored errors"))
		cellrate(b, "ignored_errors", "ignored_errors_per_sec", v, vn);
	else if (lab(k, kn, "reconnects"))
		cellrate(b, "reconnects", "reconnects_per_sec", v, vn);
	else
		for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
			if (lab(k, kn, plain[i][0])) {
				cell(b, plain[i][1], v, vn);
				return;
			}
}

/*
 * "[ 1s ] thds: 1 eps: 867.53 lat (ms,95%): 8.43", oltp's and fileio's;
 * 1 when it is none.
 */
static int
intervalline(struct sb *b, const char *s, size_t ll)
{
	static const char *const keys[][2] = {
		{ "eps:", "events_per_sec" }, { "tps:", "tps" },
		{ "qps:", "qps" }, { "err/s:", "errors_per_sec" },
		{ "reconn/s:", "reconnects_per_sec" },
		{ "reads:", "read_mib_per_sec" },
		{ "writes:", "written_mib_per_sec" },
		{ "fsyncs:", "fsyncs_per_sec" },
	};
	const char *e = memchr(s, ']', ll), *p, *q, *end = s + ll;
	size_t n;

	if (e == NULL || e - s < 3 || (n = bs_numlen(s + 2, (size_t)(e - s -
	    2))) == 0)
		return 1;
	bs_rows_set(&b->r, "kind", "interval");
	bs_rows_setn(&b->r, "time", s + 2, n);
	for (p = e + 1; p < end;) {
		while (p < end && *p == ' ')
			p++;
		for (q = p; q < end && *q != ' '; q++)
			;
		n = (size_t)(q - p);
		while (q < end && *q == ' ')
			q++;
		if (lab(p, n, "thds:"))
			bs_rows_setn(&b->r, "threads", q, bs_numlen(q, (size_t)(end -
			    q)));
		else if (n > 5 && p[0] == '(' && memcmp(p + n - 3, "%):", 3) ==
		    0) {
			char col[32];
			const char *c = memchr(p, ',', n);

			snprintf(col, sizeof(col), "latency_p%.*s", (int)(c ?
			    bs_numlen(c + 1, n) : 0), c ? c + 1 : "");
			bs_rows_setn(&b->r, col, q, bs_numlen(q, (size_t)(end -
			    q)));
			bs_rows_unit(&b->r, col, "ms");
		} else if (lab(p, n, "(r/w/o:")) {
			const char *cols[] = { "qps_read", "qps_write",
			    "qps_other" };

			for (int i = 0; i < 3 && q < end; i++) {
				size_t k = bs_numlen(q, (size_t)(end - q));

				bs_rows_setn(&b->r, cols[i], q, k);
				q += k + 1;
			}
		} else if (n > 0 && isdigit((unsigned char)p[0]) && q + 7 <=
		    end && memcmp(q, "MiB/sec", 7) == 0)
			bs_rows_setn(&b->r, "transferred_mib_per_sec", p, bs_numlen(p,
			    n));
		else
			for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]);
			    i++)
				if (lab(p, n, keys[i][0]))
					bs_rows_setn(&b->r, keys[i][1], q,
					    bs_numlen(q, (size_t)(end - q)));
		p = q;
	}
	bs_rows_endrow(&b->r, b->line);
	return 0;
}

/* "       0.192 |*********      275": one row per event counted. */
static int
histline(struct sb *b, const char *s, size_t ll, struct bs_err *e,
    const char *name)
{
	const char *bar = memchr(s, '|', ll), *v = s, *c;
	size_t vn, cn;
	unsigned long long count;

	if (bar == NULL)
		return 0;
	vn = (size_t)(bar - s);
	bs_trim(&v, &vn);
	for (c = s + ll; c > bar && isdigit((unsigned char)c[-1]); c--)
		;
	cn = (size_t)(s + ll - c);
	if (bs_numlen(v, vn) != vn || vn == 0 || cn == 0)
		return 0;
	count = strtoull(c, NULL, 10);
	if (count > SB_HIST_MAX - b->hist)
		return bs_seterr(e, name, b->line, "sysbench: a histogram of "
		    "more than %llu events is not read", SB_HIST_MAX);
	b->hist += count;
	for (unsigned long long i = 0; i < count; i++) {
		bs_rows_set(&b->r, "kind", "histogram");
		bs_rows_setn(&b->r, "latency", v, vn);
		bs_rows_endrow(&b->r, b->line);
	}
	return 1;
}

static int
sb_line(struct sb *b, const char *s, size_t ll, const char *name,
    struct bs_err *e)
{
	const char *t = s, *colon;
	size_t tl = ll;

	bs_trim(&t, &tl);
	if (tl == 0) {
		b->inhist = 0;
		return 0;
	}
	if (tl > 9 && memcmp(t, "sysbench ", 9) == 0) {
		sumend(b);
		b->threads[0] = '\0';
		if (b->cb->meta != NULL) {
			char v[128];

			snprintf(v, sizeof(v), "%.*s", (int)(tl - 9), t + 9);
			b->cb->meta(b->cb->arg, "sysbench", v);
		}
		return 0;
	}
	/* "FATAL: Cannot find benchmark 'foo'": the run's own error. */
	if (tl > 7 && memcmp(t, "FATAL: ", 7) == 0 && b->fatal[0] == '\0')
		snprintf(b->fatal, sizeof(b->fatal), "%.*s", (int)tl, t);
	if (bs_contains(t, tl, "Latency histogram")) {
		b->inhist = 1;
		return 0;
	}
	if (b->inhist)
		return histline(b, t, tl, e, name) == -1 ? -1 : 0;
	if (t[0] == '[' && !b->insum)
		return intervalline(b, t, tl);
	if (lab(t, tl, "Latency (ms):")) {
		b->inlat = 1;
		return 0;
	}
	if (tl > 18 && memcmp(t, "Number of threads:", 18) == 0) {
		size_t k;

		t += 18, tl -= 18;
		bs_trim(&t, &tl);
		k = bs_numlen(t, tl);
		snprintf(b->threads, sizeof(b->threads), "%.*s", (int)k, t);
		return 0;
	}
	/* "2048.00 MiB transferred (3002.62 MiB/sec)" */
	if (bs_contains(t, tl, "MiB transferred (")) {
		cellrate(b, "transferred_mib", "transferred_mib_per_sec", t, tl);
		return 0;
	}
	if ((colon = memchr(t, ':', tl)) != NULL && colon + 1 < t + tl)
		sumline(b, t, (size_t)(colon - t), colon + 1,
		    (size_t)(t + tl - colon - 1));
	return 0;
}

static int
read_sysbench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct sb b;
	size_t len, pos = 0, ll;
	const char *l;
	int rc = 0;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&b, 0, sizeof(b));
	b.cb = cb;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		bs_rows_unit(&b.r, units[i][0], units[i][1]);
	len = bs_text_whole(s->win, s->len, "sysbench", cb);
	while (rc == 0 && bs_nextline(s->win, len, &pos, &l, &ll)) {
		b.line++;
		if ((rc = sb_line(&b, l, ll, s->name, e)) == 1) {
			bs_reader_warn(cb, "sysbench: line %zu is no report "
			    "line: left out", b.line);
			rc = 0;
		}
	}
	sumend(&b);
	if (rc == 0 && b.r.nrows == 0 && b.fatal[0] != '\0')
		rc = bs_seterr(e, s->name, 0, "sysbench reported an error and "
		    "no result: %s", b.fatal);
	if (rc == 0)
		rc = bs_rows_emit(&b.r, s->name, "sysbench", cb, e);
	bs_rows_free(&b.r);
	return rc;
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && len > 9 && memcmp(p, "sysbench ",
	    9) == 0 && (bs_contains(p, len, "Running the test with") ||
	    bs_contains(p, len, "General statistics:") || bs_contains(p, len,
	    "\nFATAL: "));
}

static const char *const metacols[] = { "time", "threads", NULL };
static const struct bs_idcol idcols[] = { { "kind", BS_ID_VARIES },
    { NULL, 0 } };

const struct bs_fmt bs_fmt_sysbench = {
	.name = "sysbench",
	.detect = { { detect, 237 } },
	.read = read_sysbench,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
