/*
 * stress-ng --metrics or --metrics-brief (its "metrc:" table on
 * standard error; "info:" before 0.13) and --yaml FILE: one row per
 * stressor (identity stressor), a summary of the run, with bogo_ops,
 * real_time, usr_time, sys_time (s), bogo_ops_per_s_real and
 * bogo_ops_per_s_cpu (bogo ops per second of wall clock and of usr+sys
 * time, ops/s: higher is better), and with --metrics cpu_used_percent
 * (% per instance) and rss_max (KiB).  The YAML's system-info goes to
 * the meta hook.  A table or document cut short (the tool killed) is
 * read up to its last whole stressor, with a warning naming the line.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/* The columns of the text table, in its order, and their units. */
static const char *const tcols[][2] = {
	{ "bogo_ops", NULL }, { "real_time", "s" }, { "usr_time", "s" },
	{ "sys_time", "s" }, { "bogo_ops_per_s_real", "ops/s" },
	{ "bogo_ops_per_s_cpu", "ops/s" }, { "cpu_used_percent", "%" },
	{ "rss_max", "KiB" }
};
#define NTCOLS	(sizeof(tcols) / sizeof(tcols[0]))

/* The keys of --yaml's metrics, as the text table's columns. */
static const char *const ykeys[][2] = {
	{ "bogo-ops", "bogo_ops" }, { "wall-clock-time", "real_time" },
	{ "user-time", "usr_time" }, { "system-time", "sys_time" },
	{ "bogo-ops-per-second-real-time", "bogo_ops_per_s_real" },
	{ "bogo-ops-per-second-usr-sys-time", "bogo_ops_per_s_cpu" },
	{ "cpu-usage-per-instance", "cpu_used_percent" },
	{ "max-rss", "rss_max" }
};
#define NYKEYS	(sizeof(ykeys) / sizeof(ykeys[0]))

struct sng {
	const struct bs_reader_cb *cb;
	struct bs_rows	*r;
};

static void
units(struct bs_rows *r)
{
	for (size_t i = 0; i < NTCOLS; i++)
		if (tcols[i][1] != NULL)
			bs_rows_unit(r, tcols[i][0], tcols[i][1]);
}

/* Past "stress-ng: metrc: [PID] " (or info:), or NULL. */
static const char *
prefix(const char *s, size_t ll)
{
	const char *end = s + ll, *b;

	if (ll < 12 || memcmp(s, "stress-ng: ", 11) != 0)
		return NULL;
	if ((b = memchr(s, '[', ll)) == NULL || (b = memchr(b, ']',
	    (size_t)(end - b))) == NULL)
		return NULL;
	b++;
	while (b < end && *b == ' ')
		b++;
	return b;
}

/* A row of the table: a stressor and 6 (brief) or 8 numbers; 0 none. */
static int
tline(const char *s, size_t n, struct bs_rows *r)
{
	struct bs_tok t[12];
	size_t k = bs_tokens(s, n, t, 12);

	if (k != 7 && k != 9)
		return 0;
	for (size_t i = 1; i < k; i++)
		if (!bs_isnum(t[i].s, t[i].n))
			return 0;
	bs_rows_setn(r, "stressor", t[0].s, t[0].n);
	for (size_t i = 1; i < k; i++)
		bs_rows_setn(r, tcols[i - 1][0], t[i].s, t[i].n);
	return 1;
}

static int
text(const char *p, size_t len, struct sng *g)
{
	const char *s, *b;
	size_t pos = 0, ll, line = 0, last = 0;
	int intable = 0;

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if ((b = prefix(s, ll)) == NULL)
			continue;
		ll -= (size_t)(b - s);
		if (bs_contains(b, ll, "stressor") && bs_contains(b, ll,
		    "bogo ops")) {
			intable = 1;
			continue;
		}
		if (!intable || (ll > 0 && b[0] == '('))
			continue;
		if (pos <= len && tline(b, ll, g->r)) {
			bs_rows_endrow(g->r, line);
			last = line;
		} else if (pos > len)
			bs_reader_warn(g->cb, "stress-ng: line %zu is cut short "
			    "(the input ends within it): read up to line %zu",
			    line, last);
		else
			intable = 0;
	}
	units(g->r);
	return 0;
}

/* "key: value" of YAML's block style, its value unquoted. */
static int
ykv(const char *s, size_t ll, const char **k, size_t *kl, const char **v,
    size_t *vl)
{
	const char *c;

	bs_trim(&s, &ll);
	if (ll > 2 && s[0] == '-' && s[1] == ' ')
		s += 2, ll -= 2;
	bs_trim(&s, &ll);
	if ((c = memchr(s, ':', ll)) == NULL || c == s)
		return 0;
	*k = s;
	*kl = (size_t)(c - s);
	*v = c + 1;
	*vl = ll - *kl - 1;
	bs_trim(v, vl);
	if (*vl >= 2 && ((*v)[0] == '\'' || (*v)[0] == '"') &&
	    (*v)[*vl - 1] == (*v)[0])
		(*v)++, *vl -= 2;
	return 1;
}

/*
 * system-info's keys under the names the environment comparison knows
 * (libstat's meta.c: kernel and cpu_count matter to a comparison, date,
 * time and timestamp change every run); its memory readings of the
 * moment (free, shared, buffer RAM, free swap) describe no environment
 * and are left out.
 */
static const char *const ykeymap[][2] = {
	{ "release", "kernel" }, { "cpus", "cpu_count" },
	{ "date-yyyy-mm-dd", "date" }, { "time-hh-mm-ss", "time" },
	{ "epoch-secs", "timestamp" }, { "freeram", NULL },
	{ "sharedram", NULL }, { "bufferram", NULL }, { "freeswap", NULL },
};

static void
ymeta(struct sng *g, const char *k, size_t kl, const char *v, size_t vl)
{
	char kb[128], vb[512];

	if (g->cb->meta == NULL || kl >= sizeof(kb) || vl >= sizeof(vb))
		return;
	memcpy(kb, k, kl);
	kb[kl] = '\0';
	memcpy(vb, v, vl);
	vb[vl] = '\0';
	for (size_t i = 0; i < sizeof(ykeymap) / sizeof(ykeymap[0]); i++)
		if (strcmp(kb, ykeymap[i][0]) == 0) {
			if (ykeymap[i][1] == NULL)
				return;
			snprintf(kb, sizeof(kb), "%s", ykeymap[i][1]);
			break;
		}
	g->cb->meta(g->cb->arg, kb, vb);
}

/* A key of ykeys[]: its value noted, 1; else 0. */
static int
yknown(const char *k, size_t kl, const char *v, size_t vl, const char **yv,
    size_t *yl, unsigned *have)
{
	for (size_t i = 0; i < NYKEYS; i++)
		if (strlen(ykeys[i][0]) == kl && memcmp(k, ykeys[i][0],
		    kl) == 0) {
			yv[i] = v;
			yl[i] = vl;
			*have |= 1u << i;
			return 1;
		}
	return 0;
}

/* A key of a later version: kept, as a column of its own name. */
static void
ycell(struct sng *g, const char *k, size_t kl, const char *v, size_t vl)
{
	char col[128];

	if (kl >= sizeof(col) || !bs_isnum(v, vl))
		return;
	for (size_t i = 0; i < kl; i++)
		col[i] = k[i] == '-' ? '_' : k[i];
	col[kl] = '\0';
	bs_rows_setn(g->r, col, v, vl);
}

/*
 * One stressor's record, p[0..n) from its "- stressor:" line: the cells
 * set when set, the keys of ykeys[] it has returned as bits.
 */
static unsigned
yrecord(struct sng *g, const char *p, size_t n, int set)
{
	const char *s, *k, *v, *yv[NYKEYS];
	size_t pos = 0, ll, kl, vl, yl[NYKEYS];
	unsigned have = 0;

	while (bs_nextline(p, n, &pos, &s, &ll)) {
		if (!ykv(s, ll, &k, &kl, &v, &vl))
			continue;
		if (kl == 8 && memcmp(k, "stressor", 8) == 0) {
			if (set)
				bs_rows_setn(g->r, "stressor", v, vl);
		} else if (yknown(k, kl, v, vl, yv, yl, &have) == 0 && set)
			ycell(g, k, kl, v, vl);
	}
	/* The known columns in the text table's order, whatever the file's. */
	for (size_t i = 0; set && i < NYKEYS; i++)
		if (have & 1u << i)
			bs_rows_setn(g->r, ykeys[i][1], yv[i], yl[i]);
	return have;
}

/*
 * A record ends where the next begins, or the section or document does.
 * One without the six columns every version writes, when the document
 * has no end ("..."): the file was cut within it, and it is left out.
 */
static void
yend(struct sng *g, const char *p, size_t from, size_t to, size_t start,
    size_t line, int cut)
{
	if (cut && (start == 0 || (yrecord(g, p + from, to - from, 0) &
	    0x3f) == 0x3f)) {
		bs_reader_warn(g->cb, "stress-ng: the YAML ends at line %zu "
		    "without its end (\"...\"), cut short: read up to the last "
		    "whole stressor", line);
		if (start == 0)
			return;
	} else if (start == 0)
		return;
	else if (cut) {
		bs_reader_warn(g->cb, "stress-ng: the stressor of line %zu is "
		    "cut short at line %zu (the input ends within it): read up "
		    "to the one before it", start, line);
		return;
	}
	yrecord(g, p + from, to - from, 1);
	bs_rows_endrow(g->r, start);
}

static int
yaml(const char *p, size_t len, struct sng *g)
{
	const char *s, *k, *v;
	size_t pos = 0, ll, line = 0, kl, vl, start = 0, from = 0, at;
	int sect = 0, done = 0;	/* 1 system-info, 2 metrics */

	while (!done && (at = pos, bs_nextline(p, len, &pos, &s, &ll))) {
		line++;
		if (ll == 3 && memcmp(s, "...", 3) == 0)
			done = 1;
		else if (ll > 0 && s[0] != ' ' && s[0] != '-') {
			sect = ll >= 8 && memcmp(s, "metrics:", 8) == 0 ? 2 :
			    ll >= 12 && memcmp(s, "system-info:", 12) == 0;
			yend(g, p, from, at, start, line, 0);
			start = 0;
		}
		if (done || (ll > 0 && s[0] != ' ') || !ykv(s, ll, &k, &kl,
		    &v, &vl))
			continue;
		if (sect == 1)
			ymeta(g, k, kl, v, vl);
		if (sect == 2 && kl == 8 && memcmp(k, "stressor", 8) == 0) {
			yend(g, p, from, at, start, line, 0);
			start = line;
			from = at;
		}
	}
	yend(g, p, from, done ? at : len, start, line, !done);
	units(g->r);
	return 0;
}

static int
bs_read_stressng(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	struct sng g = { cb, &r };
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	if (bs_contains(s->win, s->len < 256 ? s->len : 256, "system-info:") ||
	    bs_contains(s->win, s->len < 256 ? s->len : 256, "metrics:"))
		rc = yaml(s->win, s->len, &g);
	else
		rc = text(s->win, s->len, &g);
	if (rc == 0)
		rc = bs_rows_emit(&r, s->name, "stress-ng", cb, e);
	bs_rows_free(&r);
	return rc;
}

/* The table's header, or the YAML's first section and its version key. */
static int
detect(const char *p, size_t len)
{
	if (bs_opens_json(p, len))
		return 0;
	if (bs_contains(p, len, "stress-ng: ") && bs_contains(p, len,
	    "] stressor ") && bs_contains(p, len, " bogo ops "))
		return 1;
	return (bs_opens(p, len, '-') || bs_opens(p, len, 's') ||
	    bs_opens(p, len, 'm')) && bs_contains(p, len,
	    "stress-ng-version:") && bs_contains(p, len, "\nmetrics:");
}

static const char *const metacols[] = { NULL };
static const struct bs_idcol idcols[] = { { "stressor", 0 }, { NULL, 0 } };

const struct bs_fmt bs_fmt_stressng = {
	.name = "stress-ng",
	.detect = { { detect, 305 } },
	.read = bs_read_stressng,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
