/*
 * Locust's --csv PREFIX files: PREFIX_stats.csv (format locust), one
 * row per request name with the run's statistics of it (Type, Name,
 * Request Count, Failure Count, Median/Average/Min/Max Response Time,
 * Average Content Size, Requests/s, Failures/s, the percentiles 50% to
 * 100%) and the "Aggregated" row of all of them; and
 * PREFIX_stats_history.csv (format locust-history), the same for each
 * second of the run (Timestamp, User Count, then the current
 * percentiles and the totals so far), Aggregated only unless
 * --csv-full-history.  Locust 0.x named the columns "Method", "# requests",
 * "Median response time": those are read too.
 *
 * Type and Name are the identity; response times and percentiles in
 * ms, content sizes in B, rates in ops/s; Timestamp (s since the epoch,
 * the row's time) and User Count are metadata; "N/A" (no request yet)
 * is missing; the Aggregated row's empty Type is read as "all" (every
 * method: a row of its own, not one that lacks its identity).  Streamed
 * (reqlog.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

static const char *const units[][2] = {
	{ "Median Response Time", "ms" }, { "Average Response Time", "ms" },
	{ "Min Response Time", "ms" }, { "Max Response Time", "ms" },
	{ "Average Content Size", "B" }, { "Requests/s", "ops/s" },
	{ "Failures/s", "ops/s" }, { "50%", "ms" }, { "66%", "ms" },
	{ "75%", "ms" }, { "80%", "ms" }, { "90%", "ms" }, { "95%", "ms" },
	{ "98%", "ms" }, { "99%", "ms" }, { "99.9%", "ms" },
	{ "99.99%", "ms" }, { "99.999%", "ms" }, { "100%", "ms" },
	{ "Total Median Response Time", "ms" },
	{ "Total Average Response Time", "ms" },
	{ "Total Min Response Time", "ms" },
	{ "Total Max Response Time", "ms" },
	{ "Total Average Content Size", "B" }, { "Timestamp", "s" },
	/* Locust 0.x */
	{ "Median response time", "ms" }, { "Average response time", "ms" },
	{ "Min response time", "ms" }, { "Max response time", "ms" },
	{ NULL, NULL }
};

/* The first line, quotes left out, holds the words of one of them. */
static int
first_line(const char *p, size_t len, const char *a, const char *b)
{
	const char *nl = memchr(p, '\n', len);
	size_t l = nl ? (size_t)(nl - p) : len;

	return bs_contains(p, l, a) && bs_contains(p, l, b);
}

static int
is_history(const char *p, size_t len)
{
	return first_line(p, len, "Timestamp", "User Count") &&
	    first_line(p, len, "Name", "Total Request Count");
}

static int
is_stats(const char *p, size_t len)
{
	return !is_history(p, len) && first_line(p, len, "Name", "Requests/s")
	    && (first_line(p, len, "Request Count", "Failure Count") ||
	    first_line(p, len, "# requests", "# failures"));
}

struct lctx {
	const struct bs_reader_cb *cb;
	long	 type;		/* the Type column, or -1 */
};

static int
lheader(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct lctx *c = arg;

	c->type = -1;
	for (size_t k = 0; k < n; k++)
		if (f[k].len == 4 && memcmp(f[k].s, "Type", 4) == 0)
			c->type = (long)k;
	return c->cb->header(c->cb->arg, f, n, e);
}

static int
lrecord(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct lctx *c = arg;

	if (c->type >= 0 && (size_t)c->type < r->nf &&
	    r->f[c->type].len == 0) {
		struct bs_field *f = (struct bs_field *)r->f;

		/* bs_csvlog's own copy of the fields: ours to change. */
		f[c->type].s = "all";
		f[c->type].len = 3;
	}
	return c->cb->record(c->cb->arg, r, e);
}

static int
read_locust(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct lctx c = { cb, -1 };
	struct bs_csvlog lg = { .what = "Locust", .delim = ',',
	    .units = units, .time = "Timestamp", .record = lrecord,
	    .header = lheader, .arg = &c };

	return bs_csvlog_read(s, &lg, cb, e);
}

static int
detect_stats(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && is_stats(p, len);
}

static int
detect_history(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && is_history(p, len);
}

static const struct bs_idcol idcols[] = { { "Type", BS_ID_VARIES },
    { "Method", BS_ID_VARIES }, { "Name", 0 }, { NULL, 0 } };
static const char *const metacols[] = { "Timestamp", "User Count", NULL };

const struct bs_fmt bs_fmt_locust = {
	.name = "locust",
	.label = "Locust",
	.detect = { { detect_stats, 296 } },
	.read = read_locust,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_SUMMARIES,
};

const struct bs_fmt bs_fmt_locust_history = {
	.name = "locust-history",
	.label = "Locust",
	.detect = { { detect_history, 295 } },
	.read = read_locust,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_INTERVALS,
	.time = "Timestamp",
};
