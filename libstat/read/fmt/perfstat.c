/*
 * perf stat's output, in its three syntaxes: the default text, -x,
 * (CSV: value,unit,event[,variance],runtime,pcnt,metric,metric-unit) and
 * -j (one JSON object a line), each with -I (a time stamp first: one row
 * per interval) or without (one row per run: a file of runs written with
 * --append, or appended, holds one row per "Performance counter stats"
 * block; in CSV and JSON a run ends where an event comes again).
 *
 * A row is wide: a column per event, named as perf names it
 * ("task-clock" in ms, "cycles", "instructions": counts, lower is better
 * by their names), a column per derived metric perf prints after '#'
 * ("task-clock/s" for its /sec, K/sec, M/sec, brought to one per second;
 * "ipc" for insn per cycle, higher is better; "cpus_utilized"; "ghz";
 * others as "EVENT METRIC"), and the text's elapsed, user and sys in s.
 * "<not supported>" and "<not counted>" leave the cell empty: a missing
 * value, counted as one.
 *
 * perf stat -r N prints means and their relative standard errors
 * ("( +-  2.56% )": the standard error of the mean over the N runs, in
 * per cent of it): those rows are summaries, one per event (column,
 * mean, se, rse_percent, and n and sd when the text says N), which
 * bcompare compares as summaries of N runs; CSV and JSON do not say N:
 * their rows are means, the event in "event".  Events without a count are
 * left out of them with a note.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/* One counter line, in whichever syntax it came. */
struct pev {
	char	 time[48];	/* -I time stamp, or "" */
	char	 val[64];	/* counter value, or "" when not counted */
	char	 unit[32];	/* "msec", "" */
	char	 event[128];
	double	 rse;		/* +- per cent, NaN when none */
	double	 mval;		/* metric value, NaN when none */
	char	 munit[64];	/* "CPUs utilized", "K/sec" */
};

struct perf {
	struct bs_rows		 r;
	const struct bs_reader_cb *cb;
	long			 runs;		/* "(N runs)", 0 unknown */
	int			 open;		/* a wide row being built */
	char			 rowtime[48];
	char			**seen;		/* events of the open row */
	size_t			 nseen, cseen;
	size_t			 line, left;	/* left out of summaries */
	char			 leftname[128];
};

static void
cpy(char *dst, size_t sz, const char *s, size_t n)
{
	if (n >= sz)
		n = sz - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static int
notcounted(const char *s, size_t n)
{
	return n >= 4 && memcmp(s, "<not", 4) == 0;
}

static void
endrun(struct perf *p)
{
	if (p->open)
		bs_rows_endrow(&p->r, p->line);
	p->open = 0;
	for (size_t i = 0; i < p->nseen; i++)
		free(p->seen[i]);
	p->nseen = 0;
}

/* Has the open row this event already (a new run has begun)? */
static int
seen(struct perf *p, const char *ev)
{
	char **n;

	for (size_t i = 0; i < p->nseen; i++)
		if (strcmp(p->seen[i], ev) == 0)
			return 1;
	if (p->nseen == p->cseen) {
		n = realloc(p->seen, (p->cseen * 2 + 8) * sizeof(*n));
		if (n == NULL) {
			p->r.failed = 1;
			return 0;
		}
		p->seen = n;
		p->cseen = p->cseen * 2 + 8;
	}
	if ((p->seen[p->nseen] = strdup(ev)) == NULL)
		p->r.failed = 1;
	else
		p->nseen++;
	return 0;
}

/* The derived metric of an event as a column of its own. */
static void
metric(struct perf *p, const struct pev *v)
{
	static const struct { const char *u; double mul; } per[] = {
		{ "/sec", 1 }, { "K/sec", 1e3 }, { "M/sec", 1e6 },
		{ "G/sec", 1e9 }, { NULL, 0 } };
	char col[256];

	if (isnan(v->mval) || v->munit[0] == '\0' || v->val[0] == '\0')
		return;
	for (size_t i = 0; per[i].u != NULL; i++)
		if (strcmp(v->munit, per[i].u) == 0) {
			snprintf(col, sizeof(col), "%s/s", v->event);
			bs_rows_setnum(&p->r, col, v->mval * per[i].mul);
			bs_rows_unit(&p->r, col, "1/s");
			return;
		}
	if (strcmp(v->munit, "insn per cycle") == 0)
		snprintf(col, sizeof(col), "ipc");
	else if (strcmp(v->munit, "CPUs utilized") == 0)
		snprintf(col, sizeof(col), "cpus_utilized");
	else if (strcmp(v->munit, "GHz") == 0)
		/* The clock rate cycles gives: no count of work, no cost. */
		snprintf(col, sizeof(col), "ghz");
	else
		snprintf(col, sizeof(col), "%s %s", v->event, v->munit);
	bs_rows_setnum(&p->r, col, v->mval);
	/* "of all branches", "frontend cycles idle": per cent of a whole. */
	if (strncmp(v->munit, "of ", 3) == 0 || strstr(v->munit, "idle"))
		bs_rows_unit(&p->r, col, "%");
	else if (strcmp(v->munit, "GHz") == 0)
		bs_rows_unit(&p->r, col, "GHz");
}

static const char *
unitof(const char *u)
{
	return strcmp(u, "msec") == 0 ? "ms" : u;
}

/* -r N: one summary row per event. */
static void
summary(struct perf *p, const struct pev *v)
{
	double m, se;

	if (v->val[0] == '\0') {
		if (p->left++ == 0)
			cpy(p->leftname, sizeof(p->leftname), v->event,
			    strlen(v->event));
		return;
	}
	m = strtod(v->val, NULL);
	/*
	 * Named "column", the summaries' metric is the event (bcompare,
	 * bstat's passthrough); without N (CSV, JSON) they are no
	 * summaries, only means, and the event is a group like another.
	 */
	bs_rows_set(&p->r, p->runs > 0 ? "column" : "event", v->event);
	bs_rows_set(&p->r, "mean", v->val);
	se = isnan(v->rse) ? 0 : fabs(m) * v->rse / 100;
	bs_rows_setnum(&p->r, "se", se);
	bs_rows_setnum(&p->r, "rse_percent", isnan(v->rse) ? 0 : v->rse);
	if (p->runs > 0) {
		bs_rows_setint(&p->r, "n", p->runs);
		bs_rows_setnum(&p->r, "sd", se * sqrt((double)p->runs));
	}
	if (v->unit[0] != '\0')
		bs_rows_set(&p->r, "unit", unitof(v->unit));
	bs_rows_endrow(&p->r, p->line);
}

static void
add(struct perf *p, const struct pev *v)
{
	if (p->runs > 0 || !isnan(v->rse)) {
		summary(p, v);
		return;
	}
	if (p->open && (strcmp(v->time, p->rowtime) != 0 ||
	    seen(p, v->event)))
		endrun(p);
	if (!p->open) {
		p->open = 1;
		seen(p, v->event);
		cpy(p->rowtime, sizeof(p->rowtime), v->time, strlen(v->time));
		if (v->time[0] != '\0') {
			bs_rows_set(&p->r, "time", v->time);
			bs_rows_unit(&p->r, "time", "s");
		}
	}
	if (v->val[0] != '\0' && bs_rows_setscaled(&p->r, v->event, v->val,
	    strlen(v->val), 0) == -1)
		bs_rows_set(&p->r, v->event, v->val);
	else if (v->val[0] == '\0')
		bs_rows_set(&p->r, v->event, "");
	if (v->unit[0] != '\0')
		bs_rows_unit(&p->r, v->event, unitof(v->unit));
	metric(p, v);
}

#define MAXTOK	32

/* "( +-  2.56% )" from token i on: the per cent, or NaN. */
static double
plusminus(const struct bs_tok *t, size_t nt, size_t i)
{
	for (; i + 2 < nt; i++)
		if (bs_tok_is(&t[i], "(") && bs_tok_is(&t[i + 1], "+-"))
			return strtod(t[i + 2].s, NULL);
	return NAN;
}

/* The text's "0.22 seconds time elapsed", "0.066 seconds user" lines. */
static int
timeline(struct perf *p, const struct bs_tok *t, size_t nt)
{
	const char *col;
	size_t i = 1;
	struct pev v;

	if (nt < 3 || !bs_isnum(t[0].s, t[0].n))
		return 0;
	if (bs_tok_is(&t[1], "+-") && nt >= 5)
		i = 3;
	if (!bs_tok_is(&t[i], "seconds"))
		return 0;
	if (i + 2 < nt && bs_tok_is(&t[i + 1], "time") && bs_tok_is(&t[i + 2], "elapsed"))
		col = "elapsed";
	else if (i + 1 < nt && bs_tok_is(&t[i + 1], "user"))
		col = "user";
	else if (i + 1 < nt && bs_tok_is(&t[i + 1], "sys"))
		col = "sys";
	else
		return 0;
	memset(&v, 0, sizeof(v));
	cpy(v.val, sizeof(v.val), t[0].s, t[0].n);
	cpy(v.event, sizeof(v.event), col, strlen(col));
	v.rse = plusminus(t, nt, i);
	v.mval = NAN;
	if (p->runs == 0)
		cpy(v.time, sizeof(v.time), p->rowtime, strlen(p->rowtime));
	add(p, &v);
	bs_rows_unit(&p->r, col, "s");
	return 1;
}

/*
 * A counter line of the default text: [time] value [unit] event [# m];
 * -1 when the line is none (another program's, interleaved).
 */
static int
textline(struct perf *p, const char *s, size_t ll, int interval)
{
	struct bs_tok t[MAXTOK];
	size_t nt = bs_tokens(s, ll, t, MAXTOK), i = 0, j, end;
	struct pev v;

	if (nt == 0 || timeline(p, t, nt))
		return 0;
	if (nt < 2)
		return -1;
	memset(&v, 0, sizeof(v));
	v.mval = v.rse = NAN;
	if (interval && bs_isnum(t[0].s, t[0].n)) {
		cpy(v.time, sizeof(v.time), t[0].s, t[0].n);
		i = 1;
	}
	if (i < nt && notcounted(t[i].s, t[i].n) && i + 1 < nt)
		i += 2;
	else if (i < nt && (bs_isnum(t[i].s, t[i].n) || isdigit((unsigned char)
	    t[i].s[0]))) {
		cpy(v.val, sizeof(v.val), t[i].s, t[i].n);
		i++;
	} else
		return -1;
	for (end = i; end < nt && !bs_tok_is(&t[end], "#") && t[end].s[0] != '(';)
		end++;
	if (end == i)
		return -1;
	if (end - i >= 2) {
		cpy(v.unit, sizeof(v.unit), t[i].s, t[i].n);
		i++;
	}
	cpy(v.event, sizeof(v.event), t[i].s, t[i].n);
	if (end < nt && bs_tok_is(&t[end], "#") && end + 2 < nt) {
		v.mval = strtod(t[end + 1].s, NULL);
		for (j = end + 2; j < nt && t[j].s[0] != '('; j++)
			;
		cpy(v.munit, sizeof(v.munit), t[end + 2].s,
		    (size_t)(t[j - 1].s + t[j - 1].n - t[end + 2].s));
		if (t[end + 1].s[t[end + 1].n - 1] == '%' && v.munit[0] == '\0')
			snprintf(v.munit, sizeof(v.munit), "%%");
	}
	v.rse = plusminus(t, nt, end);
	add(p, &v);
	return 0;
}

/* -x, lines: [time,]value,unit,event[,variance%],runtime,pcnt,mval,munit */
static int
csvline(struct perf *p, const char *s, size_t ll)
{
	const char *f[16];
	size_t fl[16], nf = 0, o = 0, k;
	const char *q = s, *c;
	struct pev v;

	while (nf < 16) {
		c = memchr(q, ',', (size_t)(s + ll - q));
		f[nf] = q;
		fl[nf++] = c ? (size_t)(c - q) : (size_t)(s + ll - q);
		if (c == NULL)
			break;
		q = c + 1;
	}
	if (nf >= 2 && (bs_isnum(f[1], fl[1]) || notcounted(f[1], fl[1])))
		o = 1;
	if (nf < o + 5)
		return -1;
	memset(&v, 0, sizeof(v));
	v.mval = v.rse = NAN;
	if (o) {
		const char *ts = f[0];
		size_t tn = fl[0];

		bs_trim(&ts, &tn);
		cpy(v.time, sizeof(v.time), ts, tn);
	}
	if (!notcounted(f[o], fl[o]))
		cpy(v.val, sizeof(v.val), f[o], fl[o]);
	cpy(v.unit, sizeof(v.unit), f[o + 1], fl[o + 1]);
	cpy(v.event, sizeof(v.event), f[o + 2], fl[o + 2]);
	k = o + 3;
	if (fl[k] > 0 && f[k][fl[k] - 1] == '%')
		v.rse = strtod(f[k++], NULL);
	if (k + 3 < nf && fl[k + 2] > 0 && fl[k + 3] > 0) {
		v.mval = strtod(f[k + 2], NULL);
		cpy(v.munit, sizeof(v.munit), f[k + 3], fl[k + 3]);
	}
	if (v.event[0] == '\0')
		return -1;
	add(p, &v);
	return 0;
}

static void
jstr(json_t *o, const char *k, char *dst, size_t sz)
{
	const char *s = json_string_value(json_object_get(o, k));

	if (s != NULL)
		cpy(dst, sz, s, strlen(s));
}

/* -j lines: {"counter-value" : "80.49", "unit" : "msec", ...} */
static int
jsonline(struct perf *p, const char *s, size_t ll)
{
	json_t *o = json_loadb(s, ll, 0, NULL), *x;
	struct pev v;

	if (!json_is_object(o)) {
		json_decref(o);
		return -1;
	}
	memset(&v, 0, sizeof(v));
	v.mval = v.rse = NAN;
	jstr(o, "counter-value", v.val, sizeof(v.val));
	if (notcounted(v.val, strlen(v.val)))
		v.val[0] = '\0';
	jstr(o, "unit", v.unit, sizeof(v.unit));
	jstr(o, "event", v.event, sizeof(v.event));
	jstr(o, "metric-unit", v.munit, sizeof(v.munit));
	if (json_is_number(x = json_object_get(o, "metric-value")))
		v.mval = json_number_value(x);
	if (json_is_number(x = json_object_get(o, "variance")))
		v.rse = json_number_value(x);
	if (json_is_number(x = json_object_get(o, "interval")))
		snprintf(v.time, sizeof(v.time), "%.9f", json_number_value(x));
	json_decref(o);
	if (v.event[0] == '\0')
		return -1;
	add(p, &v);
	return 0;
}

/* " Performance counter stats for 'CMD' (5 runs):" */
static void
header(struct perf *p, const char *s, size_t ll)
{
	const char *q = memchr(s, '\'', ll), *e;
	char cmd[512];

	endrun(p);
	if (q != NULL && (e = memchr(q + 1, '\'', (size_t)(s + ll - q - 1)))) {
		cpy(cmd, sizeof(cmd), q + 1, (size_t)(e - q - 1));
		if (p->cb->meta != NULL)
			p->cb->meta(p->cb->arg, "command", cmd);
		if ((q = strstr(e, "(")) != NULL && q < s + ll)
			p->runs = strtol(q + 1, NULL, 10);
	}
}

/*
 * Does a counter line open with an aggregation's label (-A's "CPU3",
 * --per-core's "S0-D0-C1", --per-socket's "S0", --per-node's "N0"),
 * after -I's time stamp?  Such counts are one per processor, not one
 * per run: refused rather than read as events of one run.
 */
static int
aggregated(const char *s, size_t n)
{
	size_t k = 0, w;

	for (int word = 0; word < 2; word++) {
		while (k < n && (s[k] == ' ' || s[k] == '\t'))
			k++;
		for (w = k; w < n && s[w] != ' ' && s[w] != '\t' && s[w] != ',';
		    w++)
			;
		if (w - k > 3 && memcmp(s + k, "CPU", 3) == 0 &&
		    isdigit((unsigned char)s[k + 3]))
			return 1;
		if (w - k > 1 && (s[k] == 'S' || s[k] == 'N') &&
		    isdigit((unsigned char)s[k + 1]))
			return 1;
		if (!bs_isnum(s + k, w - k))
			return 0;
		k = w + (w < n && s[w] == ',');
	}
	return 0;
}

static int
perf_parse(struct perf *p, const char *text, size_t len, const char *name,
    struct bs_err *e)
{
	size_t pos = 0, ll, bad = 0, badline = 0;
	const char *s;
	int interval = 0, kind = 0, rc = 0;	/* kind: 1 text, 2 csv, 3 json */
	char buf[256];

	while (bs_nextline(text, len, &pos, &s, &ll)) {
		const char *t = s;
		size_t tl = ll;

		p->line++;
		bs_trim(&t, &tl);
		if (tl == 0)
			continue;
		if (tl > 13 && memcmp(t, "# started on ", 13) == 0) {
			cpy(buf, sizeof(buf), t + 13, tl - 13);
			if (p->cb->meta != NULL)
				p->cb->meta(p->cb->arg, "start_time", buf);
			endrun(p);
			continue;
		}
		if (t[0] == '#') {
			interval |= bs_contains(t, tl, "time") &&
			    bs_contains(t, tl, "counts");
			continue;
		}
		if (bs_contains(t, tl, "Performance counter stats for")) {
			header(p, t, tl);
			kind = 1;
			continue;
		}
		if (kind == 0)
			kind = t[0] == '{' ? 3 : memchr(t, ',', tl) ? 2 : 1;
		if (kind != 3 && aggregated(t, tl)) {
			rc = bs_seterr(e, name, p->line, "perf stat: counts "
			    "per CPU, core, socket or node (-A, --per-core, "
			    "--per-socket, --per-node) are not read; run "
			    "without them");
			break;
		}
		if ((kind == 2 && csvline(p, t, tl) == -1) || (kind == 3 &&
		    jsonline(p, t, tl) == -1) || (kind == 1 && textline(p, t,
		    tl, interval || p->rowtime[0] != '\0') == -1)) {
			if (bad++ == 0)
				badline = p->line;
		}
	}
	endrun(p);
	free(p->seen);
	if (rc != 0)
		return rc;
	if (bad > 0)
		bs_reader_warn(p->cb, "perf stat: %zu line%s not read, the "
		    "first line %zu", bad, bad > 1 ? "s" : "", badline);
	if (p->left > 0)
		bs_reader_note(p->cb, "perf stat: %zu event%s without a count "
		    "(%s: <not supported> or <not counted>) left out of the "
		    "summaries", p->left, p->left > 1 ? "s" : "", p->leftname);
	return 0;
}

static int
bs_read_perfstat(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct perf p;
	size_t len;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&p, 0, sizeof(p));
	p.cb = cb;
	len = bs_text_whole(s->win, s->len, "perf stat", cb);
	if ((rc = perf_parse(&p, s->win, len, s->name, e)) == 0)
		rc = bs_rows_emit(&p.r, s->name, "perf stat", cb, e);
	bs_rows_free(&p.r);
	return rc;
}

/*
 * -I text (its "# time counts unit events" header skipped): a line of
 * a time stamp with nine decimals, perf's "%lu.%09lu", then a count.
 */
static int
detect_interval(const char *p, size_t len)
{
	const char *dot;
	struct bs_tok t[MAXTOK];
	size_t nt = 0, pos = 0, ll;
	const char *s;

	/* Its header and the blank line before it are not skipped yet. */
	while (bs_nextline(p, len, &pos, &s, &ll))
		if ((nt = bs_tokens(s, ll, t, MAXTOK)) > 0 && t[0].s[0] != '#')
			break;
	if (nt < 3 || !bs_isnum(t[0].s, t[0].n) || (dot = memchr(t[0].s, '.',
	    t[0].n)) == NULL || t[0].s + t[0].n - dot != 10)
		return 0;
	return (bs_isnum(t[1].s, t[1].n) || notcounted(t[1].s, t[1].n)) &&
	    !bs_isnum(t[2].s, t[2].n);
}

/* The text's block header, or its -I lines. */
static int
detect_text(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && (bs_contains(p, len,
	    "Performance counter stats for") || detect_interval(p, len));
}

/* A unit field of -x, output: empty, or a word ("msec", "Joules"). */
static int
unitfield(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)s[i]))
			return 0;
	return n <= 8;
}

/* value,unit,event,[variance%,]runtime,pcnt: fields of these kinds. */
static int
detect_csv(const char *p, size_t len)
{
	const char *nl = memchr(p, '\n', len), *f[10];
	size_t n = nl ? (size_t)(nl - p) : len, nf = 0, fl[10], o = 0;
	const char *q = p, *c;

	if (bs_opens_json(p, len))
		return 0;
	while (nf < 10) {
		c = memchr(q, ',', (size_t)(p + n - q));
		f[nf] = q;
		fl[nf++] = c ? (size_t)(c - q) : (size_t)(p + n - q);
		if (c == NULL)
			break;
		q = c + 1;
	}
	if (nf < 7)
		return 0;
	/* -A's and --per-socket's: its label, a value, its unit field. */
	if (aggregated(p, n))
		return unitfield(f[2], fl[2]) || unitfield(f[3], fl[3]);
	if (bs_isnum(f[1], fl[1]) || notcounted(f[1], fl[1]))
		o = 1;
	if (!(bs_isnum(f[o], fl[o]) || notcounted(f[o], fl[o])) ||
	    fl[o + 2] == 0 || bs_isnum(f[o + 2], fl[o + 2]))
		return 0;
	if (fl[o + 1] > 0 && !isalpha((unsigned char)f[o + 1][0]))
		return 0;
	if (fl[o + 3] > 0 && f[o + 3][fl[o + 3] - 1] == '%')
		o++;
	return o + 5 <= nf && bs_isnum(f[o + 3], fl[o + 3]) &&
	    bs_isnum(f[o + 4], fl[o + 4]);
}

static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_contains(p, len,
	    "\"counter-value\"") && bs_contains(p, len, "\"event\"");
}

static int
detect(const char *p, size_t len)
{
	return detect_text(p, len) || detect_csv(p, len);
}

static const char *const metacols[] = { "time", "unit", "rse_percent",
    "se", NULL };
static const struct bs_idcol idcols[] = { { "column", BS_ID_VARIES },
    { "event", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_perfstat = {
	.name = "perf-stat",
	.label = "perf stat",
	.detect = { { detect, 243 }, { detect_json, 87 } },
	.read = bs_read_perfstat,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
