/*
 * iperf3's output, -J JSON, --json-stream or its text: one row per
 * interval and stream (kind "interval"), and the end's summaries (kind
 * "summary", side "sender" or "receiver"; "udp" for a UDP stream's own
 * end report), TCP or UDP.  stream is the stream's socket number as
 * iperf3 prints it in brackets, or "SUM" for the sums over several
 * streams (-P N; with one stream the sum is that stream, so it is left
 * out).  Columns: bytes (B), bits_per_second (bit/s: a rate, higher is
 * better), retransmits, snd_cwnd (B) and rtt (µs) for TCP, jitter_ms
 * (ms), lost_packets, packets and lost_percent (%) for UDP; start, end
 * and seconds (s) are metadata of the row.  The JSON's start object
 * (version, system, protocol, streams, block size, duration, reverse)
 * goes to the meta hook.
 *
 * The text's sizes are iperf3's binary units (KBytes = 1024 bytes), its
 * rates decimal (Gbits/sec = 10^9 bit/s), as iperf3 computes them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static const char *const units[][2] = {
	{ "bytes", "B" }, { "bits_per_second", "bit/s" }, { "snd_cwnd", "B" },
	{ "rtt", "us" }, { "jitter_ms", "ms" }, { "lost_percent", "%" },
	{ "start", "s" }, { "end", "s" }, { "seconds", "s" },
};

static void
declare(struct bs_rows *r)
{
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		bs_rows_unit(r, units[i][0], units[i][1]);
}

/* ---- -J */

static void
jmeta(const struct bs_reader_cb *cb, json_t *o, const char *key,
    const char *as)
{
	json_t *v = json_object_get(o, key);
	char num[64];

	if (cb->meta == NULL || v == NULL)
		return;
	if (json_is_string(v))
		cb->meta(cb->arg, as, json_string_value(v));
	else if (json_is_integer(v)) {
		snprintf(num, sizeof(num), "%lld", (long long)
		    json_integer_value(v));
		cb->meta(cb->arg, as, num);
	}
}

/* One interval or summary object's numbers. */
static void
jcells(struct bs_rows *r, json_t *o)
{
	static const char *const keys[] = { "start", "end", "seconds",
	    "bytes", "bits_per_second", "retransmits", "snd_cwnd", "rtt",
	    "jitter_ms", "lost_packets", "packets", "lost_percent", NULL };
	json_t *v;

	for (size_t i = 0; keys[i] != NULL; i++)
		if (json_is_number(v = json_object_get(o, keys[i])))
			bs_rows_setnum(r, keys[i], json_number_value(v));
	if (json_is_true(json_object_get(o, "omitted")))
		bs_rows_set(r, "omitted", "1");
}

static void
jrow(struct bs_rows *r, json_t *o, const char *kind, const char *stream,
    const char *side)
{
	char id[32];

	if (!json_is_object(o))
		return;
	if (stream == NULL) {
		snprintf(id, sizeof(id), "%lld", (long long)json_integer_value(
		    json_object_get(o, "socket")));
		stream = id;
	}
	bs_rows_set(r, "kind", kind);
	bs_rows_set(r, "stream", stream);
	if (side == NULL)
		side = json_is_false(json_object_get(o, "sender")) ?
		    "receiver" : "sender";
	bs_rows_set(r, "side", side);
	jcells(r, o);
	bs_rows_endrow(r, 0);
}

static void
jend(struct bs_rows *r, json_t *end, int many)
{
	json_t *streams = json_object_get(end, "streams"), *s;
	size_t i;

	json_array_foreach(streams, i, s) {
		jrow(r, json_object_get(s, "sender"), "summary", NULL,
		    "sender");
		jrow(r, json_object_get(s, "receiver"), "summary", NULL,
		    "receiver");
		jrow(r, json_object_get(s, "udp"), "summary", NULL, "udp");
	}
	if (!many)
		return;
	jrow(r, json_object_get(end, "sum_sent"), "summary", "SUM", "sender");
	jrow(r, json_object_get(end, "sum_received"), "summary", "SUM",
	    "receiver");
	if (json_object_get(end, "sum_sent") == NULL)
		jrow(r, json_object_get(end, "sum"), "summary", "SUM", "udp");
}

static int
iperf_json(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *start = json_object_get(root, "start"), *ts, *iv, *s;
	json_t *ivs = json_object_get(root, "intervals");
	const char *err = json_string_value(json_object_get(root, "error"));
	size_t i, j, nstreams = 0;

	if (err != NULL && json_array_size(ivs) == 0)
		return bs_seterr(e, file, 0, "iperf3 reported an error and no "
		    "interval: %s", err);
	jmeta(cb, start, "version", "version");
	jmeta(cb, start, "system_info", "system_info");
	jmeta(cb, json_object_get(start, "timestamp"), "time", "timestamp");
	ts = json_object_get(start, "test_start");
	jmeta(cb, ts, "protocol", "protocol");
	jmeta(cb, ts, "num_streams", "num_streams");
	jmeta(cb, ts, "blksize", "blksize");
	jmeta(cb, ts, "duration", "duration");
	jmeta(cb, ts, "reverse", "reverse");
	jmeta(cb, json_object_get(root, "end"), "sender_tcp_congestion",
	    "tcp_congestion");
	nstreams = (size_t)json_integer_value(json_object_get(ts,
	    "num_streams"));
	if (!json_is_array(ivs))
		return bs_seterr(e, file, 0, "iperf3 JSON without its "
		    "\"intervals\" array");
	declare(r);
	json_array_foreach(ivs, i, iv) {
		json_array_foreach(json_object_get(iv, "streams"), j, s)
			jrow(r, s, "interval", NULL, NULL);
		if (nstreams > 1)
			jrow(r, json_object_get(iv, "sum"), "interval", "SUM",
			    NULL);
	}
	jend(r, json_object_get(root, "end"), nstreams > 1);
	return 0;
}

/*
 * --json-stream (iperf3 3.10 on): one event a line, {"event": "start" |
 * "interval" | "end" | "error", "data": ...}, written as the test runs,
 * so that a run cut short leaves its intervals so far: every whole line
 * is read, a line that is no JSON event left out with a warning.
 */
static int
iperf_stream(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb, const char *file, struct bs_err *e)
{
	size_t pos = 0, ll, line = 0, bad = 0, badline = 0, j;
	const char *s, *ev, *err = NULL;
	json_t *o, *d, *x;
	int many = 0, rows = 0;
	char msg[256] = "";

	declare(r);
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (ll == 0)
			continue;
		o = json_loadb(s, ll, 0, NULL);
		ev = json_string_value(json_object_get(o, "event"));
		d = json_object_get(o, "data");
		if (ev == NULL) {
			if (bad++ == 0)
				badline = line;
		} else if (strcmp(ev, "start") == 0) {
			x = json_object_get(d, "test_start");
			many = json_integer_value(json_object_get(x,
			    "num_streams")) > 1;
			jmeta(cb, d, "version", "version");
			jmeta(cb, d, "system_info", "system_info");
			jmeta(cb, x, "protocol", "protocol");
			jmeta(cb, x, "num_streams", "num_streams");
		} else if (strcmp(ev, "interval") == 0) {
			json_array_foreach(json_object_get(d, "streams"), j, x)
				jrow(r, x, "interval", NULL, NULL), rows++;
			if (many)
				jrow(r, json_object_get(d, "sum"), "interval",
				    "SUM", NULL);
		} else if (strcmp(ev, "end") == 0) {
			jend(r, d, many);
			rows++;
		} else if (strcmp(ev, "error") == 0 && (err =
		    json_string_value(d)) != NULL && msg[0] == '\0')
			snprintf(msg, sizeof(msg), "%s", err);
		json_decref(o);
	}
	if (bad > 0)
		bs_reader_warn(cb, "iperf3: %zu line%s of --json-stream not an "
		    "event: left out, the first line %zu", bad, bad > 1 ? "s" :
		    "", badline);
	if (rows == 0 && msg[0] != '\0')
		return bs_seterr(e, file, 0, "iperf3 reported an error and no "
		    "interval: %s", msg);
	return 0;
}

/* ---- text */

#define MAXTOK	24

static int
tnum(const struct bs_tok *t)
{
	return t->n > 0 && (isdigit((unsigned char)t->s[0]) || t->s[0] == '.');
}

/* "1012 MBytes": bytes, in iperf3's binary units. */
static int
bytes(struct bs_rows *r, const char *col, const struct bs_tok *num,
    const struct bs_tok *unit)
{
	static const char *const u[] = { "Bytes", "KBytes", "MBytes",
	    "GBytes", "TBytes", NULL };
	double v = strtod(num->s, NULL), m = 1;

	for (size_t i = 0; u[i] != NULL; i++, m *= 1024)
		if (bs_tok_is(unit, u[i])) {
			bs_rows_setnum(r, col, v * m);
			return 0;
		}
	return -1;
}

/* "8.49 Gbits/sec": bit/s, in decimal units (exact: a shift of 10^k). */
static int
bits(struct bs_rows *r, const struct bs_tok *num, const struct bs_tok *unit)
{
	static const char *const u[] = { "bits/sec", "Kbits/sec", "Mbits/sec",
	    "Gbits/sec", "Tbits/sec", NULL };

	for (int i = 0; u[i] != NULL; i++)
		if (bs_tok_is(unit, u[i]))
			return bs_rows_setscaled(r, "bits_per_second", num->s,
			    num->n, 3 * i);
	return -1;
}

/* What follows the rate: Retr [Cwnd], or Jitter Lost/Total (%), or datagrams. */
static void
rest(struct bs_rows *r, const struct bs_tok *t, size_t i, size_t nt)
{
	const char *sl;

	for (; i < nt; i++) {
		if (i + 1 < nt && tnum(&t[i]) && bs_tok_is(&t[i + 1], "ms")) {
			bs_rows_setn(r, "jitter_ms", t[i].s, t[i].n);
			i++;
		} else if (tnum(&t[i]) && (sl = memchr(t[i].s, '/', t[i].n))) {
			bs_rows_setn(r, "lost_packets", t[i].s,
			    (size_t)(sl - t[i].s));
			bs_rows_setn(r, "packets", sl + 1,
			    (size_t)(t[i].s + t[i].n - sl - 1));
		} else if (t[i].s[0] == '(' && t[i].n > 3) {
			bs_rows_setn(r, "lost_percent", t[i].s + 1, t[i].n - 3);
		} else if (i + 1 < nt && tnum(&t[i]) && bytes(r, "snd_cwnd",
		    &t[i], &t[i + 1]) == 0) {
			i++;
		} else if (tnum(&t[i]))
			bs_rows_setn(r, "retransmits", t[i].s, t[i].n);
	}
}

/* "[  5]   0.00-1.00   sec  1012 MBytes  8.49 Gbits/sec  1  767 KBytes" */
static int
textline(struct bs_rows *r, const char *s, size_t ll, int udp, int reverse,
    size_t line)
{
	const char *rb = memchr(s, ']', ll), *id = s + 1, *dash;
	size_t idn, nt;
	struct bs_tok t[MAXTOK];
	const char *side = NULL;

	if (rb == NULL)
		return 0;
	idn = (size_t)(rb - id);
	bs_trim(&id, &idn);
	if (idn == 0 || bs_tok_is(&(struct bs_tok){ id, idn }, "ID"))
		return 0;
	nt = bs_tokens(rb + 1, (size_t)(s + ll - rb - 1), t, MAXTOK);
	if (nt < 6 || !bs_tok_is(&t[1], "sec") || (dash = memchr(t[0].s, '-',
	    t[0].n)) == NULL)
		return 0;
	if (bs_tok_is(&t[nt - 1], "sender") || bs_tok_is(&t[nt - 1], "receiver"))
		side = bs_tok_is(&t[nt - 1], "sender") ? "sender" : "receiver";
	bs_rows_set(r, "kind", side ? "summary" : "interval");
	bs_rows_setn(r, "stream", id, idn);
	/* An interval line is the side this end is: -R receives. */
	bs_rows_set(r, "side", side ? side : reverse ? "receiver" : "sender");
	bs_rows_setn(r, "start", t[0].s, (size_t)(dash - t[0].s));
	bs_rows_setn(r, "end", dash + 1, (size_t)(t[0].s + t[0].n - dash - 1));
	if (bytes(r, "bytes", &t[2], &t[3]) == -1 || bits(r, &t[4], &t[5]) ==
	    -1)
		return -1;
	/* A UDP client's interval lines end in its datagrams sent. */
	if (udp && side == NULL && nt == 7 && tnum(&t[6]))
		bs_rows_setn(r, "packets", t[6].s, t[6].n);
	else
		rest(r, t, 6, side ? nt - 1 : nt);
	bs_rows_endrow(r, line);
	return 1;
}

static int
iperf_text(const char *p, size_t len, struct bs_rows *r, char *err,
    size_t *bad)
{
	size_t pos = 0, ll, line = 0, rows = 0;
	const char *s;
	int udp = 0, reverse = 0, rc;

	declare(r);
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (bs_contains(s, ll, "Jitter") || bs_contains(s, ll,
		    "Datagrams"))
			udp = 1;
		if (bs_contains(s, ll, "Reverse mode"))
			reverse = 1;
		/* "iperf3: error - unable to connect to server: ..." */
		if (ll > 16 && memcmp(s, "iperf3: error - ", 16) == 0 &&
		    err[0] == '\0')
			snprintf(err, 256, "%.*s", (int)(ll - 16), s + 16);
		if (ll == 0 || s[0] != '[')
			continue;
		if ((rc = textline(r, s, ll, udp, reverse, line)) == -1) {
			if ((*bad)++ == 0)
				bad[1] = line;
		} else
			rows += (size_t)rc;
	}
	return (int)rows;
}

/* --json-stream's lines: {"event":"start","data":... */
static int
stream_events(const char *p, size_t len)
{
	size_t n = len < 64 ? len : 64;

	return bs_opens(p, len, '{') && bs_contains(p, n, "\"event\"") &&
	    bs_contains(p, n, "\"data\"");
}

static int
read_iperf3(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	size_t i, len, bad[2] = { 0, 0 };
	char err[256] = "";
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	i = bs_json_skipws(s->win, bs_skipbom(s->win, s->len), s->len);
	if (i < s->len && s->win[i] == '{' && !stream_events(s->win + i,
	    s->len - i))
		return bs_rows_read_json(s, "iperf3", iperf_json, cb, e);
	memset(&r, 0, sizeof(r));
	len = bs_text_whole(s->win, s->len, "iperf3", cb);
	if (stream_events(s->win, s->len)) {
		if ((rc = iperf_stream(s->win, len, &r, cb, s->name, e)) == 0)
			rc = bs_rows_emit(&r, s->name, "iperf3", cb, e);
		bs_rows_free(&r);
		return rc;
	}
	if (iperf_text(s->win, len, &r, err, bad) == 0 && err[0] != '\0') {
		bs_rows_free(&r);
		return bs_seterr(e, s->name, 0, "iperf3 reported an error and "
		    "no interval: %s", err);
	}
	if (bad[0] > 0)
		bs_reader_warn(cb, "iperf3: %zu line%s of numbers not read "
		    "(a unit not iperf3's), the first line %zu", bad[0],
		    bad[0] > 1 ? "s" : "", bad[1]);
	rc = bs_rows_emit(&r, s->name, "iperf3", cb, e);
	bs_rows_free(&r);
	return rc;
}

static int
detect_json(const char *p, size_t len)
{
	/* A run refused (no server) has no test_start, only its version. */
	if (stream_events(p, len))
		return bs_contains(p, len, "\"version\":\"iperf 3") ||
		    bs_contains(p, len, "\"event\":\"interval\"");
	return bs_opens(p, len, '{') && bs_contains(p, len, "\"intervals\"") &&
	    (bs_contains(p, len, "\"test_start\"") || bs_contains(p, len,
	    "\"iperf 3"));
}

static int
detect_text(const char *p, size_t len)
{
	if (bs_opens_json(p, len))
		return 0;
	/* Its one line when it could not run: said, not read as CSV. */
	if (len > 16 && memcmp(p, "iperf3: error - ", 16) == 0)
		return 1;
	return bs_contains(p, len, "[ ID] Interval") && (bs_contains(p, len,
	    "Bitrate") || bs_contains(p, len, "Bandwidth"));
}

static const char *const metacols[] = { "start", "end", "seconds", "omitted",
    NULL };
static const struct bs_idcol idcols[] = { { "kind", BS_ID_VARIES },
    { "stream", BS_ID_VARIES }, { "side", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_iperf3 = {
	.name = "iperf3",
	.detect = { { detect_json, 83 }, { detect_text, 233 } },
	.read = read_iperf3,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
