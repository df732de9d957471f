/*
 * wrk's text output (and wrk2's, which prints the same summary): one row
 * per percentile of its --latency distribution (kind "percentile":
 * percentile 0-100 and value, the latency in ms), then one summary row
 * per run (kind "summary") holding the thread statistics, the totals,
 * Requests/sec, Transfer/sec and the error counts.  wrk prints every
 * number with a unit suffix of its own choosing per number (us, ms, s,
 * m, h; k, M, G; KB, MB with 1024): each column is brought to one unit,
 * in decimal arithmetic, so that 0.94k is 940 and not 939.9999.  The
 * percentile rows are one distribution, not runs: their column roles
 * say so (BS_ROLE_PERCENTILE, BS_ROLE_QUANTILE); the summary rows are
 * measurements of their run like any other.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

struct sfx {
	const char	*s;
	uint64_t	 mul;
	int		 div10;		/* then divided by 10^div10 */
};

/* Times to ms (the run's length to s); counts (Req/Sec) to ones; sizes to bytes. */
static const struct sfx time_sfx[] = {
	{ "us", 1, 3 }, { "ms", 1, 0 }, { "s", 1000, 0 }, { "m", 60000, 0 },
	{ "h", 3600000, 0 }, { NULL, 0, 0 }
};
static const struct sfx sec_sfx[] = {
	{ "us", 1, 6 }, { "ms", 1, 3 }, { "s", 1, 0 }, { "m", 60, 0 },
	{ "h", 3600, 0 }, { NULL, 0, 0 }
};
static const struct sfx count_sfx[] = {
	{ "", 1, 0 }, { "k", 1000, 0 }, { "M", 1000000, 0 },
	{ "G", 1000000000, 0 }, { "T", 1000000000000, 0 }, { NULL, 0, 0 }
};
static const struct sfx byte_sfx[] = {
	{ "B", 1, 0 }, { "KB", 1024, 0 }, { "MB", 1048576, 0 },
	{ "GB", 1073741824, 0 }, { "TB", 1099511627776, 0 }, { NULL, 0, 0 }
};
static const struct sfx pct_sfx[] = {
	{ "%", 1, 0 }, { NULL, 0, 0 }
};

/*
 * The number s[0..len), digits with at most one point and one of the
 * suffixes in tab after it, in the suffixes' common unit, as decimal
 * text in out; -1 when it is no such number (or too long to be exact).
 */
static int
scaled(const char *s, size_t len, const struct sfx *tab, char *out,
    size_t outsz)
{
	uint64_t d = 0;
	size_t i = 0, ndig = 0, dec = 0, ndec;
	int point = 0;
	char dig[48];
	const struct sfx *x;

	for (; i < len && (isdigit((unsigned char)s[i]) || (s[i] == '.' &&
	    !point)); i++) {
		if (s[i] == '.') {
			point = 1;
			continue;
		}
		if (++ndig > 18)
			return -1;
		d = d * 10 + (uint64_t)(s[i] - '0');
		dec += point;
	}
	if (ndig == 0)
		return -1;
	for (x = tab; x->s != NULL; x++)
		if (strlen(x->s) == len - i && memcmp(x->s, s + i, len - i) ==
		    0)
			break;
	if (x->s == NULL || (x->mul > 1 && d > UINT64_MAX / x->mul))
		return -1;
	d *= x->mul;
	ndec = dec + (size_t)x->div10;
	/* d with ndec decimals: pad, place the point, drop trailing 0s. */
	snprintf(dig, sizeof(dig), "%0*" PRIu64, (int)(ndec + 1), d);
	ndig = strlen(dig);
	if (ndig + 2 > outsz)
		return -1;
	memcpy(out, dig, ndig - ndec);
	i = ndig - ndec;
	if (ndec > 0) {
		out[i++] = '.';
		memcpy(out + i, dig + ndig - ndec, ndec);
		i += ndec;
		while (out[i - 1] == '0')
			i--;
		if (out[i - 1] == '.')
			i--;
	}
	out[i] = '\0';
	return 0;
}

#define MAXTOK	16

struct tok {
	const char	*s;
	size_t		 len;
};

static size_t
tokens(const char *s, size_t len, struct tok *t)
{
	size_t k = 0, n = 0;

	while (k < len && n < MAXTOK) {
		while (k < len && (s[k] == ' ' || s[k] == '\t' || s[k] == ','))
			k++;
		if (k == len)
			break;
		t[n].s = s + k;
		while (k < len && s[k] != ' ' && s[k] != '\t' && s[k] != ',')
			k++;
		t[n].len = (size_t)(s + k - t[n].s);
		n++;
	}
	return n;
}

static int
is(const struct tok *t, const char *w)
{
	return t->len == strlen(w) && memcmp(t->s, w, t->len) == 0;
}

/* Units of the columns this reader makes. */
static const char *const units[][2] = {
	{ "value", "ms" }, { "latency_avg_ms", "ms" },
	{ "latency_stdev_ms", "ms" }, { "latency_max_ms", "ms" },
	{ "duration_s", "s" }, { "read_bytes", "B" },
	{ "requests_per_sec", "ops/s" }, { "transfer_bytes_per_sec", "B/s" },
	{ "thread_requests_per_sec_avg", "ops/s" },
	{ "thread_requests_per_sec_stdev", "ops/s" },
	{ "thread_requests_per_sec_max", "ops/s" },
};

/*
 * The summary's cells as they come: percentile rows come before the
 * summary lines in wrk's text and are ended one by one, so the
 * summary is kept here and set as one row when its run ends.
 */
struct cells {
	char	*col[48];
	char	*val[48];
	size_t	 n;
	int	 failed;
};

static void
cell(struct cells *c, const char *col, const char *val, size_t vlen)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->col[i], col) == 0)
			break;
	if (i == c->n) {
		if (c->n == sizeof(c->col) / sizeof(c->col[0]))
			return;
		if ((c->col[i] = strdup(col)) == NULL) {
			c->failed = 1;
			return;
		}
		c->val[i] = NULL;
		c->n++;
	}
	free(c->val[i]);
	if ((c->val[i] = bs_strndup(val, vlen)) == NULL)
		c->failed = 1;
}

static int
cellsc(struct cells *c, const char *col, const struct tok *t,
    const struct sfx *tab)
{
	char buf[64];

	if (scaled(t->s, t->len, tab, buf, sizeof(buf)) == -1)
		return -1;
	cell(c, col, buf, strlen(buf));
	return 0;
}

static void
cells_clear(struct cells *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->col[i]);
		free(c->val[i]);
	}
	c->n = 0;
}

/* End a run: its summary row, when it said anything. */
static void
flush(struct bs_rows *r, struct cells *c, long long run, size_t line)
{
	if (c->n == 0)
		return;
	bs_rows_set(r, "kind", "summary");
	bs_rows_setint(r, "run", run);
	for (size_t i = 0; i < c->n; i++)
		bs_rows_set(r, c->col[i], c->val[i]);
	bs_rows_endrow(r, line);
	cells_clear(c);
}

/* A --latency line ("99%  1.20ms"): a row of the run's distribution. */
static int
pctrow(struct bs_rows *r, const struct tok *t, long long run,
    const char *dist, const char *name, size_t line, struct bs_err *e)
{
	char v[64];

	if (scaled(t[1].s, t[1].len, time_sfx, v, sizeof(v)) == -1)
		return bs_seterr(e, name, line, "the latency at a percentile "
		    "is no time in us, ms, s, m or h");
	bs_rows_set(r, "kind", "percentile");
	bs_rows_setint(r, "run", run);
	if (dist != NULL)
		bs_rows_set(r, "distribution", dist);
	bs_rows_setn(r, "percentile", t[0].s, t[0].len - 1);
	bs_rows_set(r, "value", v);
	bs_rows_endrow(r, line);
	return 0;
}

/*
 * "Socket errors: connect 0, read 3, write 0, timeout 12": a count
 * each, in the run's summary (the error names the last bad one).
 */
static int
sockerrs(struct cells *c, const struct tok *t, size_t n, const char *name,
    size_t line, struct bs_err *e)
{
	int rc = 0;

	for (size_t k = 2; k + 1 < n; k += 2) {
		char col[40];

		if (t[k].len > 16)
			continue;
		snprintf(col, sizeof(col), "errors_%.*s", (int)t[k].len,
		    t[k].s);
		if (cellsc(c, col, &t[k + 1], count_sfx) == -1)
			rc = bs_seterr(e, name, line, "Socket errors: %s is "
			    "no count", col + 7);
	}
	return rc;
}

/*
 * The lines of wrk's report: a run from its "Running" line on, its
 * statistics and totals into its summary row, its --latency
 * percentiles rows of their own.
 */
static int
wrk(const char *p, size_t len, struct bs_rows *r, const char *name,
    struct bs_err *e)
{
	struct cells c;
	struct tok t[MAXTOK];
	size_t pos = 0, line = 0, sumline = 0;
	long long run = 1;
	const char *dist = NULL;
	int rc = 0;

	memset(&c, 0, sizeof(c));
	while (pos < len && rc == 0) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll = end - pos, n;
		const char *s = p + pos;

		line++;
		pos = end + 1;
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		n = tokens(s, ll, t);
		if (n == 0)
			continue;
		if (is(&t[0], "Running") && n >= 4 && is(&t[2], "test") &&
		    is(&t[3], "@")) {
			if (c.n > 0 || sumline > 0)
				flush(r, &c, run++, sumline);
			sumline = line;
			dist = NULL;
			if (n >= 5)
				cell(&c, "url", t[4].s, t[4].len);
		} else if (n == 5 && is(&t[1], "threads") &&
		    is(&t[2], "and") && is(&t[4], "connections")) {
			if (cellsc(&c, "threads", &t[0], count_sfx) == -1 ||
			    cellsc(&c, "connections", &t[3], count_sfx) == -1)
				rc = bs_seterr(e, name, line, "threads and "
				    "connections are no counts");
		} else if (n == 5 && is(&t[0], "Latency")) {
			if (cellsc(&c, "latency_avg_ms", &t[1], time_sfx) ||
			    cellsc(&c, "latency_stdev_ms", &t[2], time_sfx) ||
			    cellsc(&c, "latency_max_ms", &t[3], time_sfx) ||
			    cellsc(&c, "latency_within_stdev_pct", &t[4],
			    pct_sfx))
				rc = bs_seterr(e, name, line, "Latency: a value "
				    "is no time in us, ms, s, m or h");
		} else if (n == 5 && is(&t[0], "Req/Sec")) {
			if (cellsc(&c, "thread_requests_per_sec_avg", &t[1],
			    count_sfx) ||
			    cellsc(&c, "thread_requests_per_sec_stdev", &t[2],
			    count_sfx) ||
			    cellsc(&c, "thread_requests_per_sec_max", &t[3],
			    count_sfx) ||
			    cellsc(&c, "thread_requests_within_stdev_pct",
			    &t[4], pct_sfx))
				rc = bs_seterr(e, name, line, "Req/Sec: a value "
				    "is no count");
		} else if (n >= 2 && is(&t[0], "Latency") &&
		    is(&t[1], "Distribution")) {
			dist = bs_contains(s, ll, "Uncorrected") ?
			    "uncorrected" : bs_contains(s, ll, "Recorded") ?
			    "recorded" : NULL;
		} else if (n == 2 && t[0].len > 1 &&
		    t[0].s[t[0].len - 1] == '%' &&
		    isdigit((unsigned char)t[0].s[0])) {
			rc = pctrow(r, t, run, dist, name, line, e);
		} else if (n >= 6 && is(&t[1], "requests") &&
		    is(&t[2], "in") && is(&t[5], "read")) {
			if (cellsc(&c, "requests", &t[0], count_sfx) ||
			    cellsc(&c, "duration_s", &t[3], sec_sfx) ||
			    cellsc(&c, "read_bytes", &t[4], byte_sfx)) {
				rc = bs_seterr(e, name, line, "the totals line "
				    "has no count, time or size where wrk "
				    "prints them");
				break;
			}
		} else if (n >= 3 && is(&t[0], "Socket") &&
		    is(&t[1], "errors:")) {
			rc = sockerrs(&c, t, n, name, line, e);
		} else if (n == 5 && is(&t[0], "Non-2xx") &&
		    is(&t[3], "responses:")) {
			if (cellsc(&c, "non_2xx_3xx_responses", &t[4],
			    count_sfx) == -1)
				rc = bs_seterr(e, name, line, "Non-2xx or 3xx "
				    "responses: no count");
		} else if (n == 2 && is(&t[0], "Requests/sec:")) {
			if (cellsc(&c, "requests_per_sec", &t[1],
			    count_sfx) == -1)
				rc = bs_seterr(e, name, line, "Requests/sec: "
				    "no number");
		} else if (n == 2 && is(&t[0], "Transfer/sec:")) {
			if (cellsc(&c, "transfer_bytes_per_sec", &t[1],
			    byte_sfx) == -1)
				rc = bs_seterr(e, name, line, "Transfer/sec: "
				    "no size");
		}
	}
	if (rc == 0)
		flush(r, &c, run, sumline ? sumline : line);
	if (c.failed)
		r->failed = 1;
	cells_clear(&c);
	return rc;
}

/* wrk's first line, or its thread statistics over Requests/sec. */
static int
bs_wrk_detect(const char *p, size_t len)
{
	const char *nl = memchr(p, '\n', len);
	size_t l = nl ? (size_t)(nl - p) : len;

	if (l > 8 && memcmp(p, "Running ", 8) == 0 &&
	    bs_contains(p, l, " test @ "))
		return 1;
	return bs_contains(p, len, "Thread Stats") &&
	    bs_contains(p, len, "Requests/sec:");
}

/* wrk's rows with their units declared. */
static int
wrk_rows(const char *p, size_t len, struct bs_rows *r, const char *name,
    struct bs_err *e)
{
	if (wrk(p, len, r, name, e) == -1)
		return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (bs_strhash_get(&r->colh, units[i][0],
		    strlen(units[i][0])) >= 0)
			bs_rows_unit(r, units[i][0], units[i][1]);
	/* The --latency rows are a distribution, not runs (the summary is). */
	if (bs_strhash_get(&r->colh, "value", 5) >= 0) {
		bs_rows_role(r, "percentile", BS_ROLE_PERCENTILE);
		bs_rows_role(r, "value", BS_ROLE_QUANTILE);
	}
	return 0;
}

static int
bs_read_wrk(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_text(s, "wrk", wrk_rows, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_wrk_detect(p, len);
}

static const char *const metacols[] = { "run", "percentile", "threads",
    "connections", "total_count", NULL };

const struct bs_fmt bs_fmt_wrk = {
	.name = "wrk",
	.detect = { { detect, 160 } },
	.read = bs_read_wrk,
	.name_errors = 1,
	.meta = metacols,
};
