/*
 * redis-benchmark's text report and its -q lines, with the progress
 * lines it writes between them ("SET: rps=64007.8 (overall: ...)
 * avg_msec=...", ended by a carriage return, not a newline) left out:
 * one row per test (identity test, as its --csv names it), a summary of
 * that test, in the columns of its --csv: rps (req/s), and
 * avg_latency_ms, min_latency_ms, p50_latency_ms, p95_latency_ms,
 * p99_latency_ms, max_latency_ms (ms) where the report gives them (6.2
 * and later: its "latency summary (msec)"; -q: the p50 only), with
 * requests, clients and payload_bytes (meta) from the report's header.
 * The latency distributions of the long report are left out.  A report
 * cut short is read up to its last whole test, with a warning naming
 * the line.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

struct red {
	const struct bs_reader_cb *cb;
	struct bs_rows	*r;
	int		 intest;	/* a test's report begun */
	int		 hasrps;
	size_t		 testline;
	const char	*lat;		/* the latency summary's header line */
	size_t		 latl;
};

/* The next segment: up to a newline or a carriage return. */
static int
nextseg(const char *p, size_t len, size_t *pos, const char **s, size_t *n)
{
	size_t i;

	if (*pos >= len)
		return 0;
	for (i = *pos; i < len && p[i] != '\n' && p[i] != '\r'; i++)
		;
	*s = p + *pos;
	*n = i - *pos;
	*pos = i + 1;
	bs_trim(s, n);
	return 1;
}

/* "SET: 56022.41 requests per second, p50=0.487 msec" (-q); r NULL: is it? */
static int
quiet(const char *s, size_t n, struct bs_rows *r)
{
	const char *c = memmem(s, n, ": ", 2), *v, *p;
	size_t vl, pl;

	if (c == NULL || c == s)
		return 0;
	v = c + 2;
	if ((vl = bs_numlen(v, (size_t)(s + n - v))) == 0 ||
	    (size_t)(s + n - v) < vl + 20 || memcmp(v + vl,
	    " requests per second", 20) != 0)
		return 0;
	if (r == NULL)
		return 1;	/* only asked whether it is one */
	bs_rows_setn(r, "test", s, (size_t)(c - s));
	bs_rows_setn(r, "rps", v, vl);
	if ((p = memmem(s, n, "p50=", 4)) != NULL && (pl = bs_numlen(p + 4,
	    (size_t)(s + n - p - 4))) > 0)
		bs_rows_setn(r, "p50_latency_ms", p + 4, pl);
	return 1;
}

static void
endtest(struct red *g)
{
	if (!g->intest)
		return;
	if (g->hasrps)
		bs_rows_endrow(g->r, g->testline);
	else
		bs_reader_warn(g->cb, "redis-benchmark: the report of the "
		    "test of line %zu is cut short (the input ends within it, "
		    "or before its requests per second): left out",
		    g->testline);
	g->intest = g->hasrps = 0;
	g->lat = NULL;
}

/* The numbers under "avg min p50 p95 p99 max", by the header's words. */
static void
latrow(struct red *g, const char *s, size_t n)
{
	const char *h = g->lat, *he = g->lat + g->latl, *e = s + n;
	char col[40];

	while (h < he && s < e) {
		size_t hl = 0, vl;

		while (h < he && *h == ' ')
			h++;
		while (s < e && *s == ' ')
			s++;
		while (h + hl < he && h[hl] != ' ')
			hl++;
		if ((vl = bs_numlen(s, (size_t)(e - s))) == 0 || hl == 0 ||
		    hl > 8)
			return;
		snprintf(col, sizeof(col), "%.*s_latency_ms", (int)hl, h);
		bs_rows_setn(g->r, col, s, vl);
		h += hl;
		s += vl;
	}
	g->lat = NULL;
}

/* A line of a test's long report. */
static void
report(struct red *g, const char *s, size_t n)
{
	static const char *const hdr[][2] = {
		{ " requests completed in ", "requests" },
		{ " parallel clients", "clients" },
		{ " bytes payload", "payload_bytes" },
	};
	const char *v;
	size_t vl;

	if (g->lat != NULL && bs_numlen(s, n) > 0) {
		latrow(g, s, n);
		return;
	}
	if (n > 3 && memcmp(s, "avg", 3) == 0) {
		g->lat = s;
		g->latl = n;
		return;
	}
	for (size_t i = 0; i < 3; i++)
		if ((vl = bs_numlen(s, n)) > 0 && bs_contains(s, n, hdr[i][0]) &&
		    memcmp(s + vl, hdr[i][0], strlen(hdr[i][0])) == 0)
			bs_rows_setn(g->r, hdr[i][1], s, vl);
	/* 6.2+: "throughput summary: N requests per second"; older: bare. */
	v = s;
	if (n > 20 && memcmp(s, "throughput summary: ", 20) == 0)
		v = s + 20;
	vl = bs_numlen(v, (size_t)(s + n - v));
	if (vl > 0 && (size_t)(s + n - v) == vl + 20 && memcmp(v + vl,
	    " requests per second", 20) == 0) {
		bs_rows_setn(g->r, "rps", v, vl);
		g->hasrps = 1;
	}
}

static int
redis(const char *p, size_t len, struct red *g)
{
	static const char *const ms[] = { "avg_latency_ms", "min_latency_ms",
	    "p50_latency_ms", "p95_latency_ms", "p99_latency_ms",
	    "max_latency_ms" };
	const char *s, *t;
	size_t pos = 0, n, line = 1, at;

	while ((at = pos, nextseg(p, len, &pos, &s, &n))) {
		if (at > 0 && p[at - 1] == '\n')
			line++;
		/* Its lines end in \n or \r: one without its end was cut. */
		if (pos > len && n > 0 && g->intest) {
			g->hasrps = 0;
			break;
		}
		/* The progress line before the header shares its segment. */
		if ((t = memmem(s, n, "====== ", 7)) != NULL && n - (size_t)(
		    t - s) > 14 && memcmp(s + n - 7, " ======", 7) == 0) {
			endtest(g);
			g->intest = 1;
			g->testline = line;
			bs_rows_setn(g->r, "test", t + 7, (size_t)(s + n - 7 -
			    t - 7));
		} else if (bs_contains(s, n, ": rps="))
			continue;
		else if (g->intest)
			report(g, s, n);
		else if (quiet(s, n, g->r))
			bs_rows_endrow(g->r, line);
	}
	endtest(g);
	bs_rows_unit(g->r, "rps", "req/s");
	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
		bs_rows_unit(g->r, ms[i], "ms");
	bs_rows_unit(g->r, "payload_bytes", "B");
	return 0;
}

static int
bs_read_redis(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	struct red g;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	memset(&g, 0, sizeof(g));
	g.cb = cb;
	g.r = &r;
	rc = redis(s->win, s->len, &g);
	if (rc == 0)
		rc = bs_rows_emit(&r, s->name, "redis-benchmark", cb, e);
	bs_rows_free(&r);
	return rc;
}

/* The long report's header, or a -q line among the first segments. */
static int
detect(const char *p, size_t len)
{
	const char *s;
	size_t pos = 0, n, k = 0;
	int yes = 0;

	if (bs_opens_json(p, len))
		return 0;
	/* As bs_detect_redis_text() (detect.c, a layer that calls this). */
	if (bs_contains(p, len, "====== ") && bs_contains(p, len,
	    " requests completed in "))
		return 1;
	if (!bs_contains(p, len, " requests per second"))
		return 0;
	while (!yes && k++ < 200 && nextseg(p, len, &pos, &s, &n))
		yes = quiet(s, n, NULL) && (bs_contains(p, len, ": rps=") ||
		    bs_contains(s, n, ", p50=") || s == p);
	return yes;
}

static const char *const metacols[] = { "requests", "clients",
	"payload_bytes", NULL };
static const struct bs_idcol idcols[] = { { "test", 0 }, { NULL, 0 } };

const struct bs_fmt bs_fmt_redis = {
	.name = "redis-benchmark",
	.detect = { { detect, 335 } },
	.read = bs_read_redis,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
