/*
 * Google Benchmark, JSON (--benchmark_format=json) or CSV: one row per
 * repetition, times scaled to nanoseconds, aggregates left out with a
 * note (they are statistics of rows that are there), failed runs left
 * out with a warning, a library built as DEBUG warned about.  Both
 * readers say these in the same words (gb_*() below).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static int
endswith(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Google Benchmark's aggregates; others (user statistics) counted apart. */
static const char *const aggr_kinds[] = { "mean", "median", "stddev", "cv",
    "BigO", "RMS", NULL };
#define AGGR_OTHER	6

/* The aggregates left out of one input, by kind. */
struct gb_aggr {
	size_t		 n;
	unsigned	 seen;	/* bit k: aggr_kinds[k]; AGGR_OTHER */
};

/* The kind of an aggregate named NAME_kind (CSV, old JSON), or -1. */
static int
gbench_aggregate_name(const char *n)
{
	char suf[16];

	for (int k = 0; aggr_kinds[k]; k++) {
		snprintf(suf, sizeof(suf), "_%s", aggr_kinds[k]);
		if (endswith(n, suf))
			return k;
	}
	return -1;
}

/* One aggregate left out: kind an index of aggr_kinds or AGGR_OTHER. */
static void
gb_aggr_add(struct gb_aggr *a, int kind)
{
	a->n++;
	a->seen |= 1u << (kind < 0 ? AGGR_OTHER : kind);
}

/* The kind of JSON's aggregate_name. */
static int
aggr_kind(const char *name)
{
	for (int k = 0; name && aggr_kinds[k]; k++)
		if (strcmp(name, aggr_kinds[k]) == 0)
			return k;
	return AGGR_OTHER;
}

/* The note on the aggregates of one input, JSON or CSV alike. */
static void
gb_aggr_note(const struct bs_reader_cb *cb, const struct gb_aggr *a)
{
	char kinds[80] = "";

	if (a->n == 0)
		return;
	for (int k = 0; k <= AGGR_OTHER; k++)
		if (a->seen & (1u << k))
			snprintf(kinds + strlen(kinds), sizeof(kinds) -
			    strlen(kinds), "%s%s", kinds[0] ? ", " : "",
			    k == AGGR_OTHER ? "other" : aggr_kinds[k]);
	bs_reader_note(cb, "gbench: %zu aggregate row%s (%s) left out: "
	    "statistics of the repetitions, which are read", a->n, a->n == 1 ?
	    "" : "s", kinds);
}

/* A library built as DEBUG: the JSON's context says so, the CSV's too. */
static void
gb_debug_warn(const struct bs_reader_cb *cb)
{
	bs_reader_warn(cb, "gbench: the library was built as DEBUG: "
	    "timings may be affected");
}

/* Nothing but aggregates (--benchmark_report_aggregates_only). */
static int
gb_only_aggregates(const char *file, struct bs_err *e)
{
	return bs_seterr(e, file, 0, "only aggregates (mean, median, "
	    "stddev) in this Google Benchmark output: run it without "
	    "--benchmark_report_aggregates_only");
}

/*
 * Google Benchmark writes each benchmark's times in its own unit (ns,
 * us, ms, s), so that one file, or a baseline and a candidate, can mix
 * them.  Times are given in nanoseconds here, time_unit says "ns"; the
 * scaling moves the decimal exponent of the text, so it adds no rounding.
 */
static int
unit_exp(const char *u)
{
	if (u == NULL || strcmp(u, "ns") == 0)
		return 0;
	if (strcmp(u, "us") == 0)
		return 3;
	if (strcmp(u, "ms") == 0)
		return 6;
	if (strcmp(u, "s") == 0)
		return 9;
	return -1;
}

static void
set_scaled(struct bs_rows *r, const char *col, const char *text, size_t len,
    int k)
{
	char *buf;
	const char *e = memchr(text, 'e', len);
	int rc;

	if (e == NULL)
		e = memchr(text, 'E', len);
	if (k == 0 || len == 0) {
		bs_rows_setn(r, col, text, len);
		return;
	}
	if (e != NULL)
		rc = asprintf(&buf, "%.*se%ld", (int)(e - text), text,
		    strtol(e + 1, NULL, 10) + k);
	else
		rc = asprintf(&buf, "%.*se%d", (int)len, text, k);
	if (rc == -1) {
		r->failed = 1;
		return;
	}
	bs_rows_set(r, col, buf);
	free(buf);
}

static void
set_time(struct bs_rows *r, const char *col, json_t *v, int k)
{
	char buf[40];

	if (!json_is_number(v) || k <= 0) {
		bs_rows_setjson(r, col, v);
		return;
	}
	if (json_is_integer(v))
		snprintf(buf, sizeof(buf), "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
	else
		bs_fmt_double(buf, sizeof(buf), json_real_value(v));
	set_scaled(r, col, buf, strlen(buf), k);
}

/*
 * The threads of a run: the JSON says so; the CSV does not, but the
 * name ends in "/threads:N" whenever N is not the default, 1.
 */
static long long
name_threads(const char *name)
{
	const char *t = strstr(name, "/threads:");
	long long n = 0;

	if (t == NULL)
		return 1;
	for (t += 9; *t >= '0' && *t <= '9' && n < 1000000000; t++)
		n = n * 10 + (*t - '0');
	return n > 0 && (*t == '\0' || *t == '/') ? n : 1;
}

static int
gbench_json(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	static const char *const meta[] = { "name", "run_name", "run_type",
	    "family_index", "per_family_instance_index", "repetitions",
	    "repetition_index", "threads", "iterations", "real_time",
	    "cpu_time", "time_unit", "aggregate_name", "aggregate_unit",
	    "error_occurred", "error_message", "skipped", "skip_message",
	    "label", "big_o", "cpu_coefficient", "real_coefficient", "rms",
	    NULL };
	json_t *arr = json_object_get(root, "benchmarks"), *o, *v;
	json_t *ctx = json_object_get(root, "context");
	const char *k, *bt;
	size_t i, nerr = 0;
	struct gb_aggr agg = { 0, 0 };

	/* The machine and build the run had: metadata, never columns. */
	bs_meta_json(cb, "", ctx);
	if ((bt = json_string_value(json_object_get(ctx,
	    "library_build_type"))) != NULL && strcasecmp(bt, "debug") == 0)
		gb_debug_warn(cb);
	json_array_foreach(arr, i, o) {
		const char *name = json_string_value(json_object_get(o,
		    "name"));
		const char *run = json_string_value(json_object_get(o,
		    "run_name"));
		const char *rt = json_string_value(json_object_get(o,
		    "run_type"));
		json_t *rep = json_object_get(o, "repetition_index");

		if (name == NULL)
			continue;
		if (json_is_true(json_object_get(o, "error_occurred"))) {
			const char *m = json_string_value(json_object_get(o,
			    "error_message"));
			const char *nx = json_string_value(json_object_get(
			    json_array_get(arr, i + 1), "name"));

			/* One message per failing benchmark. */
			nerr++;
			if (nx == NULL || strcmp(nx, name) != 0) {
				bs_reader_warn(cb, "gbench: '%s' failed (%zu "
				    "run%s): %s: left out", name, nerr, nerr > 1 ? "s" : "",
				    m ? m : bs_tr("error"));
				nerr = 0;
			}
			continue;
		}
		if (json_is_true(json_object_get(o, "skipped")) ||
		    (json_is_integer(json_object_get(o, "skipped")) &&
		    json_integer_value(json_object_get(o, "skipped")) != 0))
			continue;
		if ((rt && strcmp(rt, "aggregate") == 0) ||
		    json_object_get(o, "aggregate_name") != NULL ||
		    (rt == NULL && gbench_aggregate_name(name) >= 0) ||
		    json_object_get(o, "big_o") || json_object_get(o, "rms")) {
			const char *an = json_string_value(json_object_get(o,
			    "aggregate_name"));

			gb_aggr_add(&agg, an ? aggr_kind(an) :
			    json_object_get(o, "big_o") ? 4 :
			    json_object_get(o, "rms") ? 5 :
			    gbench_aggregate_name(name));
			continue;
		}
		if (run == NULL)
			run = name;
		bs_rows_set(r, "name", run);
		if (json_is_integer(rep))
			bs_rows_setint(r, "repetition",
			    json_integer_value(rep) + 1);
		else
			bs_rows_setint(r, "repetition",
			    bs_rows_nextrep(r, run));
		if (json_is_integer(json_object_get(o, "threads")))
			bs_rows_setjson(r, "threads", json_object_get(o,
			    "threads"));
		else
			bs_rows_setint(r, "threads", name_threads(run));
		bs_rows_setjson(r, "iterations", json_object_get(o,
		    "iterations"));
		{
			const char *u = json_string_value(json_object_get(o,
			    "time_unit"));
			int ux = unit_exp(u);

			set_time(r, "real_time", json_object_get(o,
			    "real_time"), ux);
			set_time(r, "cpu_time", json_object_get(o, "cpu_time"),
			    ux);
			bs_rows_set(r, "time_unit", ux >= 0 ? "ns" : u);
			if (ux >= 0) {
				bs_rows_unit(r, "real_time", "ns");
				bs_rows_unit(r, "cpu_time", "ns");
			}
		}
		json_object_foreach(o, k, v) {
			size_t m;

			for (m = 0; meta[m] && strcmp(meta[m], k) != 0; m++)
				;
			if (meta[m] == NULL && json_is_number(v))
				bs_rows_setjson(r, k, v);
		}
		if (json_is_string(json_object_get(o, "label")))
			bs_rows_setjson(r, "label", json_object_get(o,
			    "label"));
		bs_rows_endrow(r, 0);
	}
	/* Written with --benchmark_report_aggregates_only: nothing to use. */
	if (r->nrows == 0 && agg.n > 0)
		return gb_only_aggregates(file, e);
	gb_aggr_note(cb, &agg);
	return 0;
}

/* Google Benchmark's CSV reporter, split here (see gbench_csv()). */
struct gcsv {
	struct bs_rows		*r;
	const struct bs_reader_cb *cb;
	char			**hdr;
	size_t			 nhdr;
	const char		*file;
	char			*lasterr, *lastmsg;
	size_t			 nerr;
	struct gb_aggr		 agg;
};

static int
gcsv_header(struct gcsv *g, const struct bs_field *f, size_t n)
{
	if ((g->hdr = calloc(n + 1, sizeof(*g->hdr))) == NULL)
		return -1;
	/* The fields are not terminated: copy len bytes, not a string. */
	for (size_t i = 0; i < n; i++) {
		if ((g->hdr[i] = malloc(f[i].len + 1)) == NULL)
			return -1;
		memcpy(g->hdr[i], f[i].s, f[i].len);
		g->hdr[i][f[i].len] = '\0';
	}
	g->nhdr = n;
	return 0;
}

/* The failures of one benchmark are told once, as the JSON reader does. */
static void
gcsv_flusherr(struct gcsv *g)
{
	if (g->nerr > 0)
		bs_reader_warn(g->cb, "gbench: '%s' failed (%zu run%s): %s: "
		    "left out", g->lasterr, g->nerr, g->nerr > 1 ? "s" : "",
		    g->lastmsg && g->lastmsg[0] ? g->lastmsg : bs_tr("error"));
	free(g->lasterr);
	free(g->lastmsg);
	g->lasterr = g->lastmsg = NULL;
	g->nerr = 0;
}

static int
gcsv_record(struct gcsv *g, const struct bs_record *rec, struct bs_err *e)
{
	char *name = NULL, *unit, *msg = NULL;
	int errf = 0;
	size_t i;
	int k = 0;

	for (i = 0; i < rec->nf && i < g->nhdr; i++) {
		if (strcmp(g->hdr[i], "name") == 0 && name == NULL &&
		    rec->f[i].s != NULL && (name = bs_strndup(rec->f[i].s,
		    rec->f[i].len)) == NULL)
			goto oom;
		if (strcmp(g->hdr[i], "error_occurred") == 0 &&
		    rec->f[i].len == 4 && memcmp(rec->f[i].s, "true", 4) == 0)
			errf = 1;
		if (strcmp(g->hdr[i], "error_message") == 0 && msg == NULL &&
		    (msg = bs_strndup(rec->f[i].s, rec->f[i].len)) == NULL)
			goto oom;
	}
	if (name == NULL && (name = strdup("")) == NULL)
		goto oom;
	if (g->lasterr != NULL && (!errf || strcmp(g->lasterr, name) != 0))
		gcsv_flusherr(g);
	if (errf) {
		if (g->lasterr == NULL) {
			g->lasterr = name;
			g->lastmsg = msg;
		} else {
			free(name);
			free(msg);
		}
		g->nerr++;
		return 0;
	}
	free(msg);
	/*
	 * An errored row stops after error_message, without the user
	 * counters; any other row must be as wide as the header.
	 */
	if (rec->nf != g->nhdr) {
		free(name);
		return bs_seterr(e, g->file, rec->line, "row has %zu fields, the "
		    "header has %zu", rec->nf, g->nhdr);
	}
	if (gbench_aggregate_name(name) >= 0) {
		gb_aggr_add(&g->agg, gbench_aggregate_name(name));
		free(name);
		return 0;
	}
	bs_rows_set(g->r, "name", name);
	bs_rows_setint(g->r, "repetition", bs_rows_nextrep(g->r, name));
	bs_rows_setint(g->r, "threads", name_threads(name));
	for (i = 0; i < rec->nf && i < g->nhdr; i++)
		if (strcmp(g->hdr[i], "time_unit") == 0) {
			if ((unit = bs_strndup(rec->f[i].s, rec->f[i].len)) ==
			    NULL)
				goto oom;
			k = unit_exp(unit);
			free(unit);
		}
	for (i = 0; i < rec->nf && i < g->nhdr; i++) {
		if ((strcmp(g->hdr[i], "real_time") == 0 ||
		    strcmp(g->hdr[i], "cpu_time") == 0) && k > 0) {
			set_scaled(g->r, g->hdr[i], rec->f[i].s, rec->f[i].len,
			    k);
			continue;
		}
		if (strcmp(g->hdr[i], "time_unit") == 0 && k >= 0) {
			bs_rows_set(g->r, "time_unit", "ns");
			bs_rows_unit(g->r, "real_time", "ns");
			bs_rows_unit(g->r, "cpu_time", "ns");
			continue;
		}
		if (strcmp(g->hdr[i], "name") == 0 ||
		    strcmp(g->hdr[i], "threads") == 0 ||
		    strcmp(g->hdr[i], "error_occurred") == 0 ||
		    strcmp(g->hdr[i], "error_message") == 0 ||
		    rec->f[i].len == 0)
			continue;
		bs_rows_setn(g->r, g->hdr[i], rec->f[i].s, rec->f[i].len);
	}
	bs_rows_endrow(g->r, rec->line);
	free(name);
	return 0;
oom:
	free(name);
	free(msg);
	return bs_seterr(e, g->file, 0, "out of memory");
}

#define GB_CSV_HEADER	"name,iterations,real_time,cpu_time,time_unit"

/* Does a line of p[0..len) start with the CSV reporter's header? */
static size_t
csv_header_at(const char *p, size_t len)
{
	size_t hl = strlen(GB_CSV_HEADER);

	for (size_t pos = 0; pos < len; ) {
		const char *nl = memchr(p + pos, '\n', len - pos);

		if (len - pos >= hl && memcmp(p + pos, GB_CSV_HEADER, hl) == 0)
			return pos;
		if (nl == NULL)
			break;
		pos = (size_t)(nl - p) + 1;
	}
	return (size_t)-1;
}

static int
bs_gbench_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"benchmarks\"") &&
	    (bs_contains(p, len, "\"real_time\"") ||
	    bs_contains(p, len, "\"run_type\"") ||
	    bs_contains(p, len, "\"context\""));
}

/*
 * --benchmark_out_format=csv writes the context (date, host, caches,
 * load) before the header; --benchmark_format=csv writes it to standard
 * error.  Either way the header is a line of its own.
 */
static int
bs_gbench_csv_detect(const char *p, size_t len)
{
	return csv_header_at(p, len) != (size_t)-1;
}

/*
 * Split one line of the CSV reporter: names are quoted, with quotes
 * doubled; no field holds a line break.  The fields point into buf.
 */
static size_t
csv_split(const char *s, size_t len, char *buf, struct bs_field *f,
    size_t maxf)
{
	size_t nf = 0, i = 0, o = 0;

	for (;;) {
		size_t start = o;

		if (i < len && s[i] == '"') {
			for (i++; i < len; i++) {
				if (s[i] == '"' && i + 1 < len && s[i + 1] ==
				    '"')
					buf[o++] = s[i++];
				else if (s[i] == '"') {
					i++;
					break;
				} else
					buf[o++] = s[i];
			}
		}
		while (i < len && s[i] != ',')
			buf[o++] = s[i++];
		if (nf < maxf) {
			f[nf].s = buf + start;
			f[nf].len = o - start;
		}
		nf++;
		if (i >= len)
			break;
		i++;
	}
	return nf;
}

static int
gbench_csv(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_rows r;
	struct gcsv g = { &r, cb, NULL, 0, s->name, NULL, NULL, 0, { 0, 0 } };
	struct bs_field *f = NULL;
	struct bs_record rec;
	char *buf = NULL;
	size_t pos, line = 1, maxf = 0, hdr = csv_header_at(s->win, s->len);
	int rc = -1;

	memset(&r, 0, sizeof(r));
	if (hdr == (size_t)-1)
		return bs_seterr(e, s->name, 0, "no Google Benchmark CSV "
		    "header (name,iterations,real_time,...)");
	for (pos = 0; pos < hdr; pos++)
		line += s->win[pos] == '\n';
	if (memmem(s->win, hdr, "built as DEBUG", 14) != NULL)
		gb_debug_warn(cb);
	/* No line has more fields than bytes. */
	for (pos = hdr; pos < s->len; pos++)
		maxf += s->win[pos] == ',';
	if ((f = calloc(maxf + 2, sizeof(*f))) == NULL ||
	    (buf = malloc(s->len - hdr + 1)) == NULL) {
		bs_seterr(e, s->name, 0, "out of memory");
		goto out;
	}
	for (pos = hdr; pos < s->len; line++) {
		const char *nl = memchr(s->win + pos, '\n', s->len - pos);
		size_t end = nl ? (size_t)(nl - s->win) : s->len, ll, nf;

		ll = end - pos;
		if (ll > 0 && s->win[pos + ll - 1] == '\r')
			ll--;
		nf = csv_split(s->win + pos, ll, buf, f, maxf + 2);
		if (ll > 0 && pos == hdr) {
			if (gcsv_header(&g, f, nf) == -1) {
				bs_seterr(e, s->name, 0, "out of memory");
				goto out;
			}
		} else if (ll > 0) {
			memset(&rec, 0, sizeof(rec));
			rec.f = f;
			rec.nf = nf;
			rec.line = line;
			if (gcsv_record(&g, &rec, e) == -1)
				goto out;
		}
		pos = end + 1;
	}
	gcsv_flusherr(&g);
	if (r.nrows == 0 && g.agg.n > 0)
		gb_only_aggregates(s->name, e);
	else {
		gb_aggr_note(cb, &g.agg);
		rc = bs_rows_emit(&r, s->name, "Google Benchmark", cb, e);
	}
out:
	for (size_t i = 0; i < g.nhdr; i++)
		free(g.hdr[i]);
	free(g.hdr);
	free(g.lasterr);
	free(g.lastmsg);
	free(f);
	free(buf);
	bs_rows_free(&r);
	return rc;
}

/* ---- the console reporter (--benchmark_format=console, the default) */

/* Where the console's header ("Benchmark  Time  CPU  Iterations") is. */
static size_t
console_header_at(const char *p, size_t len)
{
	const char *s;
	size_t pos = 0, at, ll;

	while ((at = pos, bs_nextline(p, len, &pos, &s, &ll)))
		if (ll > 10 && memcmp(s, "Benchmark ", 10) == 0 &&
		    bs_contains(s, ll, " Time ") && bs_contains(s, ll, " CPU ")
		    && bs_contains(s, ll, " Iterations"))
			return at;
	return (size_t)-1;
}

/*
 * A counter's printed value ("2.22101G/s", "246.428M/s", "7.91%"): the
 * console prints a rate's prefix in powers of 1000, or of 1024 for a
 * counter made with kIs1024, of which the console says nothing: of
 * those, the library's own is bytes_per_second (SetBytesProcessed),
 * read in powers of 1024; user counters in powers of 1000.
 */
static int
counter(struct bs_rows *r, const char *k, size_t kl, const char *v,
    size_t vl)
{
	static const char pre[] = "kMGTPEZY";
	char col[128], num[64], *end;
	double x, base = kl == 16 && memcmp(k, "bytes_per_second", 16) == 0 ?
	    1024 : 1000;
	const char *q;

	if (kl == 0 || kl >= sizeof(col) || vl == 0 || vl >= sizeof(num))
		return 0;
	memcpy(num, v, vl);
	num[vl] = '\0';
	x = strtod(num, &end);
	if (end == num)
		return 0;
	if (*end == 'K')
		*end = 'k';
	if (*end != '\0' && (q = strchr(pre, *end)) != NULL) {
		for (long i = 0; i <= q - pre; i++)
			x *= base;
		end++;
	} else if (*end == 'm' || *end == 'u' || *end == 'n') {
		x /= *end == 'm' ? 1e3 : *end == 'u' ? 1e6 : 1e9;
		end++;
	}
	if (*end == '/' && end[1] == 's')
		end += 2;
	if (*end != '\0')
		return 0;
	memcpy(col, k, kl);
	col[kl] = '\0';
	bs_rows_setnum(r, col, x);
	return 1;
}

/* The blank-separated fields of s[0..n), at most max. */
static size_t
gfields(const char *s, size_t n, const char **f, size_t *fl, size_t max)
{
	size_t i = 0, k = 0;

	while (i < n && k < max) {
		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		f[k] = s + i;
		while (i < n && s[i] != ' ')
			i++;
		fl[k] = (size_t)(s + i - f[k]);
		k++;
	}
	return k;
}

/*
 * The counters' names of --benchmark_counters_tabular=true, the words of
 * the header after "Iterations" (the header repeats when they change).
 */
struct gb_tab {
	const char	*name[32];
	size_t		 len[32], n;
};

static void
console_tab(struct gb_tab *t, const char *s, size_t ll)
{
	const char *f[40];
	size_t fl[40], k = gfields(s, ll, f, fl, 40);

	t->n = 0;
	for (size_t i = 4; i < k && t->n < 32; i++) {
		t->name[t->n] = f[i];
		t->len[t->n++] = fl[i];
	}
}

/*
 * "BM_Sum/64  70.8 ns  28.8 ns  680165 items_per_second=2.22101G/s", or
 * with tabular counters "... 680165 2.22101G/s" under their names.
 */
static int
console_line(struct bs_rows *r, struct gb_aggr *agg, const char *s,
    size_t ll, size_t line, const struct gb_tab *tab)
{
	const char *f[64], *eq;
	size_t fl[64], k = gfields(s, ll, f, fl, 64);
	char name[512], unit[8];
	int x;

	if (k < 6 || fl[0] >= sizeof(name) || fl[2] >= sizeof(unit) ||
	    fl[2] != fl[4] || memcmp(f[2], f[4], fl[2]) != 0)
		return 0;
	memcpy(unit, f[2], fl[2]);
	unit[fl[2]] = '\0';
	memcpy(name, f[0], fl[0]);
	name[fl[0]] = '\0';
	/* An aggregate's unit may be none of time's (_cv: "%"). */
	if (gbench_aggregate_name(name) >= 0) {
		gb_aggr_add(agg, gbench_aggregate_name(name));
		return 1;
	}
	if ((x = unit_exp(unit)) < 0 || strspn(f[5], "0123456789") != fl[5])
		return 0;
	bs_rows_set(r, "name", name);
	bs_rows_setint(r, "repetition", bs_rows_nextrep(r, name));
	bs_rows_setint(r, "threads", name_threads(name));
	bs_rows_setn(r, "iterations", f[5], fl[5]);
	set_scaled(r, "real_time", f[1], fl[1], x);
	set_scaled(r, "cpu_time", f[3], fl[3], x);
	bs_rows_set(r, "time_unit", "ns");
	for (size_t i = 6; i < k; i++)
		if ((eq = memchr(f[i], '=', fl[i])) != NULL)
			counter(r, f[i], (size_t)(eq - f[i]), eq + 1,
			    (size_t)(f[i] + fl[i] - eq - 1));
		else if (i - 6 < tab->n)
			counter(r, tab->name[i - 6], tab->len[i - 6], f[i],
			    fl[i]);
	bs_rows_endrow(r, line);
	return 1;
}

static int
gbench_console(struct bs_src *src, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	struct gb_aggr agg = { 0, 0 };
	struct gb_tab tab;
	const char *p = src->win, *s;
	size_t len = src->len, pos = console_header_at(p, len), ll, line = 0,
	    last = 0, nerr = 0;
	int rc;

	memset(&r, 0, sizeof(r));
	memset(&tab, 0, sizeof(tab));
	for (size_t i = 0; i < pos; i++)
		line += p[i] == '\n';
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (ll >= 10 && memcmp(s, "Benchmark ", 10) == 0)
			console_tab(&tab, s, ll);
		if (ll == 0 || s[0] == '-' || memcmp(s, "Benchmark ", ll < 10 ?
		    ll : 10) == 0)
			continue;
		if (pos <= len && console_line(&r, &agg, s, ll, line, &tab))
			last = line;
		else if (bs_contains(s, ll, " ERROR OCCURRED: "))
			nerr++;
		else if (pos > len)
			bs_reader_warn(cb, "gbench: line %zu is cut short (the "
			    "input ends within it): read up to line %zu", line,
			    last);
	}
	if (nerr > 0)
		bs_reader_warn(cb, "gbench: %zu benchmark%s reported an error: "
		    "left out", nerr, nerr == 1 ? "" : "s");
	gb_aggr_note(cb, &agg);
	bs_rows_unit(&r, "real_time", "ns");
	bs_rows_unit(&r, "cpu_time", "ns");
	if (r.nrows == 0 && agg.n > 0)
		rc = gb_only_aggregates(src->name, e);
	else
		rc = bs_rows_emit(&r, src->name, "Google Benchmark", cb, e);
	bs_rows_free(&r);
	return rc;
}

static int
bs_read_gbench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	if (bs_src_slurp(s, e) == -1)
		return -1;
	if (csv_header_at(s->win, s->len) == (size_t)-1 &&
	    console_header_at(s->win, s->len) != (size_t)-1)
		return gbench_console(s, cb, e);
	if (s->len > 0 && s->win[strspn(s->win, " \t\r\n")] != '{')
		return gbench_csv(s, cb, e);
	return bs_rows_read_json(s, "Google Benchmark", gbench_json, cb, e);
}

/* Its JSON reporter. */
static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_gbench_detect(p, len);
}

/* Its CSV reporter, or its console's (a header under a line of dashes). */
static int
detect_csv(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && (bs_gbench_csv_detect(p, len) ||
	    (console_header_at(p, len) != (size_t)-1 && bs_contains(p, len,
	    "-----\nBenchmark ")));
}

static const char *const metacols[] = { "repetition", "threads",
    "iterations", NULL };
static const struct bs_idcol idcols[] = { { "name", 0 },
    { "threads", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_gbench = {
	.name = "gbench",
	.label = "Google Benchmark",
	.detect = { { detect_json, 40 }, { detect_csv, 130 } },
	.read = bs_read_gbench,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
