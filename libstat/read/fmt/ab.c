/*
 * ApacheBench's text (ab 2.3): per run (run, meta: runs appended to one
 * file are numbered from 1) one summary row (kind "summary":
 * concurrency (meta), time_taken (s), complete_requests,
 * failed_requests, non_2xx_responses, total_transferred and
 * html_transferred (B), requests_per_sec (req/s), time_per_request and
 * time_per_request_all (ms: the mean, and the mean across all concurrent
 * requests), transfer_rate (ab's Kbytes/sec: KiB/s), and its Connection
 * Times table, a column per phase and statistic: connect_, processing_,
 * waiting_, total_ with min, mean, sd, median, max (ms; -S prints min,
 * avg and max only: min, mean, max)); and one row per line
 * of its "Percentage of the requests served within a certain time"
 * (kind "percentile", percentile 0-100 and value in ms): one
 * distribution, not runs, as wrk's and HdrHistogram's percentiles are.
 * The server, document and ab's version go to the meta hook.  -g's and
 * -e's files are delimited text (delim.c reads them).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

struct abr {
	const struct bs_reader_cb *cb;
	struct bs_rows	*r;
	long long	 run;
	int		 tpr;		/* "Time per request:" lines seen */
	int		 insum;		/* a summary row begun */
	size_t		 sumline;
};

/* The summary's lines: their key, column and unit. */
static const char *const sumkeys[][3] = {
	{ "Concurrency Level", "concurrency", NULL },
	{ "Time taken for tests", "time_taken", "s" },
	{ "Complete requests", "complete_requests", NULL },
	{ "Failed requests", "failed_requests", NULL },
	{ "Non-2xx responses", "non_2xx_responses", NULL },
	{ "Total transferred", "total_transferred", "B" },
	{ "HTML transferred", "html_transferred", "B" },
	{ "Requests per second", "requests_per_sec", "req/s" },
	{ "Time per request", "time_per_request", "ms" },
	{ "Transfer rate", "transfer_rate", "KiB/s" },
};
#define NSUMKEYS	(sizeof(sumkeys) / sizeof(sumkeys[0]))

static const char *const metakeys[] = { "Server Software", "Server Hostname",
	"Server Port", "Document Path", "Document Length", NULL };

static const char *const phases[] = { "Connect", "Processing", "Waiting",
	"Total", NULL };

/* The leading number of s[0..n) and its length, or 0. */
static size_t
numlen(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.' ||
	    (i == 0 && s[i] == '-')))
		i++;
	return i > 0 && isdigit((unsigned char)s[i - 1]) ? i : 0;
}

static void
meta(struct abr *a, const char *k, size_t kl, const char *v, size_t vl)
{
	char kb[64], vb[256];

	if (a->cb->meta == NULL || kl >= sizeof(kb) || vl >= sizeof(vb))
		return;
	for (size_t i = 0; i < kl; i++)
		kb[i] = k[i] == ' ' ? '_' : (char)tolower((unsigned char)k[i]);
	kb[kl] = '\0';
	memcpy(vb, v, vl);
	vb[vl] = '\0';
	a->cb->meta(a->cb->arg, kb, vb);
}

static void
endsum(struct abr *a)
{
	if (!a->insum)
		return;
	bs_rows_endrow(a->r, a->sumline);
	a->insum = 0;
}

/* The run's summary row, begun at its first number. */
static void
begin(struct abr *a, size_t line)
{
	if (a->insum)
		return;
	bs_rows_set(a->r, "kind", "summary");
	bs_rows_setint(a->r, "run", a->run);
	a->insum = 1;
	a->sumline = line;
}

/* "Key:   value ..." of the summary or the server's description. */
static int
keyline(struct abr *a, const char *s, size_t ll, size_t line)
{
	const char *c = memchr(s, ':', ll), *v;
	size_t kl, vl, nl;

	if (c == NULL)
		return 0;
	kl = (size_t)(c - s);
	v = c + 1;
	vl = ll - kl - 1;
	bs_trim(&v, &vl);
	for (size_t i = 0; metakeys[i] != NULL; i++)
		if (strlen(metakeys[i]) == kl && memcmp(s, metakeys[i],
		    kl) == 0) {
			meta(a, s, kl, v, vl);
			return 1;
		}
	for (size_t i = 0; i < NSUMKEYS; i++) {
		const char *col = sumkeys[i][1];

		if (strlen(sumkeys[i][0]) != kl || memcmp(s, sumkeys[i][0],
		    kl) != 0 || (nl = numlen(v, vl)) == 0)
			continue;
		begin(a, line);
		if (strcmp(col, "time_per_request") == 0 && a->tpr++ > 0)
			col = "time_per_request_all";
		bs_rows_setn(a->r, col, v, nl);
		return 1;
	}
	return 0;
}

/* "Connect:        0    0   0.0      0       0" */
static int
phaseline(struct abr *a, const char *s, size_t ll, size_t line)
{
	static const char *const five[] = { "min", "mean", "sd", "median",
	    "max" };
	static const char *const three[] = { "min", "mean", "max" };
	const char *c = memchr(s, ':', ll), *v[6];
	size_t kl, i, nv = 0, vl[6], n;
	char col[64];

	if (c == NULL)
		return 0;
	kl = (size_t)(c - s);
	for (i = 0; phases[i] != NULL; i++)
		if (strlen(phases[i]) == kl && memcmp(s, phases[i], kl) == 0)
			break;
	if (phases[i] == NULL)
		return 0;
	for (i = kl + 1; i < ll && nv < 6;) {
		while (i < ll && s[i] == ' ')
			i++;
		if (i == ll)
			break;
		if ((n = numlen(s + i, ll - i)) == 0)
			return 0;
		v[nv] = s + i;
		vl[nv++] = n;
		i += n;
	}
	if (nv != 5 && nv != 3)
		return 0;
	begin(a, line);
	for (i = 0; i < nv; i++) {
		snprintf(col, sizeof(col), "%.*s_%s", (int)kl, s, nv == 5 ?
		    five[i] : three[i]);
		col[0] = (char)tolower((unsigned char)col[0]);
		bs_rows_setn(a->r, col, v[i], vl[i]);
		bs_rows_unit(a->r, col, "ms");
	}
	return 1;
}

/* "  50%      1", " 100%     18 (longest request)" */
static int
pctline(struct abr *a, const char *s, size_t ll, size_t line)
{
	const char *p = s, *v;
	size_t n = ll, pl, vl;

	bs_trim(&p, &n);
	if ((pl = numlen(p, n)) == 0 || pl >= n || p[pl] != '%')
		return 0;
	v = p + pl + 1;
	vl = n - pl - 1;
	bs_trim(&v, &vl);
	if ((vl = numlen(v, vl)) == 0)
		return 0;
	endsum(a);
	bs_rows_set(a->r, "kind", "percentile");
	bs_rows_setint(a->r, "run", a->run);
	bs_rows_setn(a->r, "percentile", p, pl);
	bs_rows_setn(a->r, "value", v, vl);
	bs_rows_endrow(a->r, line);
	return 1;
}

static void
units(struct bs_rows *r)
{
	static const char *const ms[] = { "value", "time_per_request_all" };

	for (size_t i = 0; i < NSUMKEYS; i++)
		if (sumkeys[i][2] != NULL)
			bs_rows_unit(r, sumkeys[i][1], sumkeys[i][2]);
	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
		bs_rows_unit(r, ms[i], "ms");
	bs_rows_role(r, "percentile", BS_ROLE_PERCENTILE);
	bs_rows_role(r, "value", BS_ROLE_QUANTILE);
}

static int
abtext(const char *p, size_t len, struct abr *a)
{
	const char *s;
	size_t pos = 0, ll, line = 0, last = 0;
	int sect = 0;	/* 1 Connection Times, 2 Percentage */

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		/* ab ends every line: one without its end was cut short. */
		if (pos > len && ll > 0) {
			bs_reader_warn(a->cb, "ab: line %zu is cut short (the "
			    "input ends within it): read up to line %zu", line,
			    last);
			break;
		}
		if (ll >= 19 && memcmp(s, "This is ApacheBench", 19) == 0) {
			endsum(a);
			a->run++;
			a->tpr = 0;
			sect = 0;
			meta(a, "ab version", 10, s + 20, ll - 20);
		} else if (bs_contains(s, ll, "Connection Times (ms)"))
			sect = 1;
		else if (bs_contains(s, ll, "Percentage of the requests"))
			sect = 2, endsum(a);
		else if (sect == 1 && phaseline(a, s, ll, line))
			last = line;
		else if (sect == 2 && pctline(a, s, ll, line))
			last = line;
		else if (sect == 0 && keyline(a, s, ll, line))
			last = line;
	}
	endsum(a);
	units(a->r);
	return 0;
}

static int
bs_read_ab(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_rows r;
	struct abr a;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	memset(&a, 0, sizeof(a));
	a.cb = cb;
	a.r = &r;
	if (!bs_contains(s->win, s->len < 4096 ? s->len : 4096,
	    "This is ApacheBench"))
		a.run = 1;
	rc = abtext(s->win, s->len, &a);
	if (rc == 0)
		rc = bs_rows_emit(&r, s->name, "ApacheBench", cb, e);
	bs_rows_free(&r);
	return rc;
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && (bs_contains(p, len,
	    "This is ApacheBench, Version") || (bs_contains(p, len,
	    "Requests per second:") && bs_contains(p, len, " [#/sec] (mean)")));
}

static const char *const metacols[] = { "run", "percentile", "concurrency",
	NULL };
static const struct bs_idcol idcols[] = { { "kind", BS_ID_VARIES },
	{ NULL, 0 } };

const struct bs_fmt bs_fmt_ab = {
	.name = "ab",
	.label = "ApacheBench",
	.detect = { { detect, 325 } },
	.read = bs_read_ab,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
