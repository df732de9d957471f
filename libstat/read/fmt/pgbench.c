/*
 * pgbench (PostgreSQL's), in its three outputs:
 *
 * - its text: every -P progress line ("progress: 1.0 s, 723.5 tps, lat
 *   2.740 ms stddev 3.156, 0 failed") a per-interval sample (kind
 *   "interval": time (s, meta), tps, latency and latency_stddev (ms),
 *   lag (ms, with -R), failed, skipped), and the final summary one row
 *   (kind "summary": tps without the initial connection time,
 *   tps_including_connections where pgbench 13 and older print it,
 *   latency, latency_stddev, lag (ms), transactions, failed,
 *   connection_time (ms)); the run's settings (transaction type,
 *   clients, threads, duration ...) go to the meta hook;
 * - -l's per-transaction log ("client_id transaction_no time script_no
 *   time_epoch time_us [schedule_lag] [retries]"): one row per
 *   transaction, latency (µs), lag (µs), client and script identity
 *   (where they vary), transaction and timestamp (the epoch seconds with
 *   their µs: meta); a failed or skipped transaction has no latency;
 * - --aggregate-interval's log ("interval_start num_transactions
 *   sum_latency sum_latency_2 min_latency max_latency [lag fields]
 *   [skipped] [retried retries] [failures]"): one row per interval,
 *   transactions, latency (the interval's mean), latency_stddev (its
 *   population sd, from the sums), latency_min, latency_max (µs), lag
 *   likewise, skipped, retried, retries, serialization_failures,
 *   deadlock_failures.
 *
 * A log cut short (pgbench killed) is read up to its last whole line,
 * with a warning naming the line.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

#define PG_MAXF	20

struct pgb {
	const struct bs_reader_cb *cb;
	struct bs_rows	*r;
	const char	*file;
};

/* The blank-separated fields of s[0..n), at most max (then max + 1). */
static size_t
fields(const char *s, size_t n, const char **f, size_t *fl, size_t max)
{
	size_t i = 0, k = 0;

	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n)
			break;
		if (k == max)
			return max + 1;
		f[k] = s + i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		fl[k] = (size_t)(s + i - f[k]);
		k++;
	}
	return k;
}

static int
isint(const char *s, size_t n)
{
	size_t i = n > 0 && s[0] == '-';

	if (i == n || n > 20)
		return 0;
	for (; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static double
num(const char *s, size_t n)
{
	char buf[64];

	if (n >= sizeof(buf))
		return NAN;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return strtod(buf, NULL);
}

/* ---- the logs */

/* A field of a log's "time" column that is no latency (PG 15). */
static int
nolat(const char *s, size_t n)
{
	return (n == 7 && memcmp(s, "skipped", 7) == 0) || (n == 6 &&
	    memcmp(s, "failed", 6) == 0) || (n == 13 && memcmp(s,
	    "serialization", 13) == 0) || (n == 8 && memcmp(s, "deadlock",
	    8) == 0);
}

/* Is the line one of -l's log: 6 to 8 fields, an epoch in the fifth? */
static int
txline(const char *s, size_t ll)
{
	const char *f[PG_MAXF];
	size_t fl[PG_MAXF], k = fields(s, ll, f, fl, PG_MAXF);
	double ep;

	if (k < 6 || k > 8)
		return 0;
	for (size_t i = 0; i < k; i++)
		if (!isint(f[i], fl[i]) && !(i == 2 && nolat(f[i], fl[i])))
			return 0;
	ep = num(f[4], fl[4]);
	return ep >= 1e9 && ep < 1e10 && num(f[5], fl[5]) < 1e6;
}

/*
 * Is the line one of --aggregate-interval's log: 6, 7, 8, 10, 11 or 15
 * whole numbers, an epoch first, min <= max?
 */
static int
aggline(const char *s, size_t ll)
{
	const char *f[PG_MAXF];
	size_t fl[PG_MAXF], k = fields(s, ll, f, fl, PG_MAXF);
	double ep;

	if (k < 6 || k == 9 || (k > 11 && k != 15) || k > PG_MAXF)
		return 0;
	for (size_t i = 0; i < k; i++)
		if (!isint(f[i], fl[i]))
			return 0;
	ep = num(f[0], fl[0]);
	return ep >= 1e9 && ep < 1e10 && (num(f[1], fl[1]) == 0 ||
	    num(f[4], fl[4]) <= num(f[5], fl[5]));
}

/* The mean and population sd of an interval from its sums. */
static void
moments(struct bs_rows *r, const char *col, double n, double sum,
    double sum2)
{
	char sd[64];
	double m, v;

	if (!(n > 0))
		return;
	m = sum / n;
	v = sum2 / n - m * m;
	bs_rows_setnum(r, col, m);
	snprintf(sd, sizeof(sd), "%s_stddev", col);
	bs_rows_setnum(r, sd, v > 0 ? sqrt(v) : 0);
}

static void
aggrow(struct pgb *g, const char **f, size_t *fl, size_t k)
{
	/* PG 15 writes every field; older ones the lag only with -R. */
	static const char *const pg15[] = { "skipped", "retried", "retries",
	    "serialization_failures", "deadlock_failures" };
	double n = num(f[1], fl[1]);
	size_t at = 6;

	bs_rows_setn(g->r, "timestamp", f[0], fl[0]);
	bs_rows_setn(g->r, "transactions", f[1], fl[1]);
	moments(g->r, "latency", n, num(f[2], fl[2]), num(f[3], fl[3]));
	if (n > 0) {
		bs_rows_setn(g->r, "latency_min", f[4], fl[4]);
		bs_rows_setn(g->r, "latency_max", f[5], fl[5]);
	}
	if (k == 7 || k == 8) {		/* PG 15 dev: failures after max */
		bs_rows_setn(g->r, "failures", f[6], fl[6]);
		return;
	}
	if (k >= 10) {
		moments(g->r, "lag", n, num(f[6], fl[6]), num(f[7], fl[7]));
		if (n > 0) {
			bs_rows_setn(g->r, "lag_min", f[8], fl[8]);
			bs_rows_setn(g->r, "lag_max", f[9], fl[9]);
		}
		at = 10;
	}
	for (size_t i = 0; at < k && i < 5; i++, at++)
		bs_rows_setn(g->r, pg15[i], f[at], fl[at]);
}

/* --aggregate-interval's log (small: one line an interval), read whole. */
static int
aggs(const char *p, size_t len, struct pgb *g)
{
	static const char *const us[] = { "latency", "latency_stddev",
	    "latency_min", "latency_max", "lag", "lag_stddev", "lag_min",
	    "lag_max" };
	const char *s, *f[PG_MAXF];
	size_t pos = 0, ll, line = 0, last = 0, fl[PG_MAXF], k;

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (ll == 0)
			continue;
		/*
		 * Cut (killed) or interleaved: the whole lines kept.  pgbench
		 * ends every line: one without its end was cut, even when
		 * what is left of it would pass for a line.
		 */
		if (pos > len || !aggline(s, ll)) {
			if (pos > len)
				bs_reader_warn(g->cb, "pgbench: line %zu is cut "
				    "short (the log ends within it): read up "
				    "to line %zu", line, last);
			else
				bs_reader_warn(g->cb, "pgbench: line %zu is no "
				    "line of its --aggregate-interval log "
				    "(another writer's?): read up to line %zu",
				    line, last);
			break;
		}
		k = fields(s, ll, f, fl, PG_MAXF);
		aggrow(g, f, fl, k);
		bs_rows_endrow(g->r, line);
		last = line;
	}
	for (size_t i = 0; i < sizeof(us) / sizeof(us[0]); i++)
		bs_rows_unit(g->r, us[i], "us");
	bs_rows_unit(g->r, "timestamp", "s");
	bs_rows_role(g->r, "timestamp", BS_ROLE_META);
	return 0;
}

/*
 * -l's log streamed: one record per line straight to the caller, none
 * kept, so that a log of 10^8 transactions is read in bounded memory
 * (bstat --sketch).  The columns are the first line's: lag with -R,
 * retries with --max-tries; a line of another width, or of another
 * writer, ends the log with a warning, as a cut last line does.
 */
struct txs {
	struct bs_field	 h[7], f[7];
	size_t		 nf;
	char		 ts[64];
};

static int
txs_header(struct txs *t, size_t k, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	static const char *const names[] = { "client", "script",
	    "transaction", "timestamp", "latency", "lag", "retries" };

	t->nf = k == 8 ? 7 : k == 7 ? 6 : 5;
	for (size_t i = 0; i < t->nf; i++) {
		t->h[i].s = names[i];
		t->h[i].len = strlen(names[i]);
	}
	if (cb->header(cb->arg, t->h, t->nf, e) == -1)
		return -1;
	if (cb->unit != NULL) {
		cb->unit(cb->arg, "latency", "us");
		if (t->nf > 5)
			cb->unit(cb->arg, "lag", "us");
		cb->unit(cb->arg, "timestamp", "s");
	}
	if (cb->role != NULL)
		cb->role(cb->arg, "timestamp", BS_ROLE_META);
	return 0;
}

/* A line's record: 1 handed over, 0 not a line of this log, -1 error. */
static int
txs_line(struct txs *t, const char *s, size_t ll, struct bs_record *r,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	const char *f[PG_MAXF];
	size_t fl[PG_MAXF], k;
	static const int at[] = { 0, 3, 1, -1, 2, 6, 7 };

	if (!txline(s, ll) || (k = fields(s, ll, f, fl, PG_MAXF)) !=
	    (t->nf == 7 ? 8 : t->nf == 6 ? 7 : 6))
		return 0;
	snprintf(t->ts, sizeof(t->ts), "%.*s.%06lld", (int)fl[4], f[4],
	    (long long)num(f[5], fl[5]));
	for (size_t i = 0; i < t->nf; i++) {
		if (at[i] < 0) {
			t->f[i].s = t->ts;
			t->f[i].len = strlen(t->ts);
		} else {
			t->f[i].s = f[at[i]];
			t->f[i].len = fl[at[i]];
		}
	}
	if (nolat(f[2], fl[2]))
		t->f[4].len = 0;	/* failed, skipped: no latency */
	r->f = t->f;
	r->nf = t->nf;
	return cb->record(cb->arg, r, e) == -1 ? -1 : 1;
}

static size_t
nfields(const char *s, size_t ll)
{
	const char *f[PG_MAXF];
	size_t fl[PG_MAXF];

	return fields(s, ll, f, fl, PG_MAXF);
}

static int
txstream(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct txs t;
	struct bs_record r;
	const char *p, *q, *lim;
	size_t pos = 0, line = 0, last = 0, ll;
	int rc;

	memset(&t, 0, sizeof(t));
	memset(&r, 0, sizeof(r));
	for (;;) {
		p = s->win + pos;
		lim = s->win + s->len;
		if ((q = memchr(p, '\n', (size_t)(lim - p))) == NULL &&
		    !s->eof) {
			if (s->len - pos > BS_MAX_RECORD)
				return bs_seterr(e, s->name, line + 1, "line "
				    "longer than %u bytes", BS_MAX_RECORD);
			if (bs_src_fill(s, pos, e) == -1)
				return -1;
			pos = 0;
			continue;
		}
		if (q == NULL && p == lim)
			break;
		line++;
		ll = (size_t)((q ? q : lim) - p);
		if (ll > 0 && p[ll - 1] == '\r')
			ll--;
		if (t.nf == 0 && txline(p, ll) && txs_header(&t, nfields(p, ll),
		    cb, e) == -1)
			return -1;
		r.line = line;
		r.recno = line;
		r.off = s->base + pos;
		r.len = ll;
		r.eollen = q ? (size_t)(q - p) + 1 - ll : 0;
		/* pgbench ends every line: one without its end was cut. */
		if (q == NULL || (rc = txs_line(&t, p, ll, &r, cb, e)) == 0) {
			bs_reader_warn(cb, q == NULL ? "pgbench: line %zu is cut "
			    "short (the log ends within it): read up to line "
			    "%zu" : "pgbench: line %zu is no line of its -l log "
			    "(another writer's?): read up to line %zu", line,
			    last);
			break;
		}
		if (rc == -1)
			return -1;
		last = line;
		pos = (size_t)(q - s->win) + 1;
	}
	if (last == 0)
		return bs_seterr(e, s->name, 0, "no pgbench results in the "
		    "input");
	return 0;
}

/* ---- the text */

/* The number after the word w in s[0..n) ("lat 2.740"), or NULL. */
static const char *
after(const char *s, size_t n, const char *w, size_t *nl)
{
	const char *q = memmem(s, n, w, strlen(w)), *end = s + n;
	size_t i;

	if (q == NULL)
		return NULL;
	q += strlen(w);
	for (i = 0; q + i < end && (isdigit((unsigned char)q[i]) ||
	    q[i] == '.' || q[i] == '-'); i++)
		;
	*nl = i;
	return i > 0 ? q : NULL;
}

/* The number before the word w ("0 failed", "723.5 tps"), or NULL. */
static const char *
before(const char *s, size_t n, const char *w, size_t *nl)
{
	const char *q = memmem(s, n, w, strlen(w)), *b;

	if (q == NULL)
		return NULL;
	for (b = q; b > s && (isdigit((unsigned char)b[-1]) || b[-1] == '.');
	    b--)
		;
	*nl = (size_t)(q - b);
	return *nl > 0 ? b : NULL;
}

static void
cell(struct bs_rows *r, const char *col, const char *v, size_t vl)
{
	if (v != NULL)
		bs_rows_setn(r, col, v, vl);
}

/* "progress: 1.0 s, 723.5 tps, lat 2.740 ms stddev 3.156, 0 failed" */
static int
progress(const char *s, size_t ll, struct bs_rows *r)
{
	const char *t, *v;
	size_t tl, vl;

	if (ll < 10 || memcmp(s, "progress: ", 10) != 0 ||
	    (t = after(s, ll, "progress: ", &tl)) == NULL ||
	    (v = before(s, ll, " tps", &vl)) == NULL)
		return 0;
	bs_rows_set(r, "kind", "interval");
	bs_rows_setn(r, "time", t, tl);
	bs_rows_setn(r, "tps", v, vl);
	v = after(s, ll, " lat ", &vl);
	cell(r, "latency", v, vl);
	v = after(s, ll, " stddev ", &vl);
	cell(r, "latency_stddev", v, vl);
	v = after(s, ll, " lag ", &vl);
	cell(r, "lag", v, vl);
	v = before(s, ll, " failed", &vl);
	cell(r, "failed", v, vl);
	v = before(s, ll, " skipped", &vl);
	cell(r, "skipped", v, vl);
	return 1;
}

/* The summary's numbers, by the start of their line. */
static const char *const sumlines[][2] = {
	{ "number of transactions actually processed: ", "transactions" },
	{ "number of failed transactions: ", "failed" },
	{ "latency average = ", "latency" },
	{ "latency stddev = ", "latency_stddev" },
	{ "rate limit schedule lag: avg ", "lag" },
	{ "initial connection time = ", "connection_time" },
};
/* The run's settings: metadata. */
static const char *const settings[] = { "transaction type", "scaling factor",
	"query mode", "number of clients", "number of threads",
	"maximum number of tries", "duration", "number of transactions per "
	"client", NULL };

static void
setting(struct pgb *g, const char *s, size_t ll)
{
	char k[64], v[256];
	size_t kl, vl;
	const char *c;

	for (size_t i = 0; settings[i] != NULL; i++) {
		kl = strlen(settings[i]);
		if (ll < kl + 2 || memcmp(s, settings[i], kl) != 0 ||
		    s[kl] != ':' || g->cb->meta == NULL)
			continue;
		c = s + kl + 1;
		vl = ll - kl - 1;
		bs_trim(&c, &vl);
		if (vl >= sizeof(v))
			return;
		memcpy(k, s, kl);
		k[kl] = '\0';
		for (size_t j = 0; j < kl; j++)
			if (k[j] == ' ')
				k[j] = '_';
		memcpy(v, c, vl);
		v[vl] = '\0';
		g->cb->meta(g->cb->arg, k, v);
	}
}

/* A line of the summary: 1 when it held a number of it. */
static int
summary(const char *s, size_t ll, struct bs_rows *r)
{
	const char *v;
	size_t vl, kl;

	for (size_t i = 0; i < sizeof(sumlines) / sizeof(sumlines[0]); i++) {
		kl = strlen(sumlines[i][0]);
		if (ll > kl && memcmp(s, sumlines[i][0], kl) == 0 &&
		    (v = after(s, ll, sumlines[i][0], &vl)) != NULL) {
			bs_rows_setn(r, sumlines[i][1], v, vl);
			return 1;
		}
	}
	if (ll < 6 || memcmp(s, "tps = ", 6) != 0 || (v = after(s, ll,
	    "tps = ", &vl)) == NULL)
		return 0;
	/* 14 and later: "without initial connection time"; 13: both. */
	if (bs_contains(s, ll, "(including"))
		bs_rows_setn(r, "tps_including_connections", v, vl);
	else
		bs_rows_setn(r, "tps", v, vl);
	return 1;
}

static int
text(const char *p, size_t len, struct pgb *g)
{
	static const char *const ms[] = { "latency", "latency_stddev", "lag",
	    "connection_time" };
	const char *s;
	size_t pos = 0, ll, line = 0, sumline = 0, last = 0;

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (pos <= len && progress(s, ll, g->r)) {
			bs_rows_endrow(g->r, line);
			last = line;
		} else if (pos > len && ll >= 10 && memcmp(s, "progress: ",
		    10) == 0)
			bs_reader_warn(g->cb, "pgbench: line %zu is cut short "
			    "(the input ends within it): read up to line %zu",
			    line, last);
		else if (summary(s, ll, g->r)) {
			if (sumline == 0)
				bs_rows_set(g->r, "kind", "summary");
			sumline = line;
		} else
			setting(g, s, ll);
		/* A summary ends with its tps (the last line pgbench prints). */
		if (sumline != 0 && ll >= 6 && memcmp(s, "tps = ", 6) == 0 &&
		    !bs_contains(s, ll, "(including")) {
			bs_rows_endrow(g->r, sumline);
			sumline = 0;
		}
	}
	if (sumline != 0) {
		bs_reader_warn(g->cb, "pgbench: the summary ends at line %zu "
		    "without its tps (cut short?): read as far as it goes",
		    line);
		bs_rows_endrow(g->r, sumline);
	}
	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
		bs_rows_unit(g->r, ms[i], "ms");
	bs_rows_unit(g->r, "tps", "tx/s");
	bs_rows_unit(g->r, "tps_including_connections", "tx/s");
	bs_rows_unit(g->r, "time", "s");
	return 0;
}

/* Which output: 1 text, 2 -l log, 3 aggregate log, 0 none. */
static int
kind(const char *p, size_t len)
{
	const char *s;
	size_t pos = 0, ll, n = 0, tx = 0, agg = 0;

	if ((bs_contains(p, len, "progress: ") && bs_contains(p, len,
	    " tps, lat ")) || (bs_contains(p, len, "transaction type: ") &&
	    bs_contains(p, len, "\ntps = ")))
		return 1;
	/* The logs: their first lines, all of them, of one kind. */
	while (n < 20 && bs_nextline(p, len, &pos, &s, &ll)) {
		if (pos > len && n > 0)
			break;	/* the detection window may cut the last */
		n++;
		tx += txline(s, ll);
		agg += aggline(s, ll);
	}
	return n == 0 ? 0 : tx == n ? 2 : agg == n ? 3 : 0;
}

static int
bs_read_pgbench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	struct pgb g = { cb, &r, s->name };
	int rc, k;

	/* The detection window's lines tell which; -l's log is streamed. */
	if (kind(s->win, s->len) == 2)
		return txstream(s, cb, e);
	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	if ((k = kind(s->win, s->len)) == 0)
		rc = bs_seterr(e, s->name, 0, "pgbench: neither its text "
		    "(progress: lines, the summary) nor its -l or "
		    "--aggregate-interval log");
	else if (k == 1)
		rc = text(s->win, s->len, &g);
	else
		rc = aggs(s->win, s->len, &g);
	if (rc == 0)
		rc = bs_rows_emit(&r, s->name, "pgbench", cb, e);
	bs_rows_free(&r);
	return rc;
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && kind(p, len) != 0;
}

static const char *const metacols[] = { "time", "transaction", "timestamp",
	"transactions", NULL };
static const struct bs_idcol idcols[] = { { "kind", BS_ID_VARIES },
	{ "client", BS_ID_VARIES }, { "script", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_pgbench = {
	.name = "pgbench",
	.detect = { { detect, 315 } },
	.read = bs_read_pgbench,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
