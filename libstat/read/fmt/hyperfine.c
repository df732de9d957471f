/*
 * hyperfine --export-json: one row per timed run of each command, with
 * its exit code, memory and parameters; failed runs are left out with a
 * warning.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

static int
hyperfine(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *res = json_object_get(root, "results"), *o;
	size_t i;

	(void)file;
	(void)e;
	json_array_foreach(res, i, o) {
		json_t *times = json_object_get(o, "times");
		json_t *codes = json_object_get(o, "exit_codes");
		json_t *mem = json_object_get(o, "memory_usage_byte");
		json_t *params = json_object_get(o, "parameters");
		const char *cmd = json_string_value(json_object_get(o,
		    "command"));
		size_t j, bad = 0;
		json_t *t;

		json_array_foreach(times, j, t) {
			json_t *code = json_array_get(codes, j);
			const char *k;
			json_t *pv;
			char *col;

			if (json_is_integer(code) && json_integer_value(code)
			    != 0) {
				bad++;
				continue;
			}
			if (codes && json_is_null(code) &&
			    j < json_array_size(codes)) {
				bad++;	/* killed by a signal */
				continue;
			}
			bs_rows_set(r, "command", cmd ? cmd : "");
			bs_rows_setint(r, "run", (long long)j + 1);
			bs_rows_setjson(r, "time", t);
			bs_rows_unit(r, "time", "s");
			if (code)
				bs_rows_setjson(r, "exit_code", code);
			if (mem)
			{
				bs_rows_setjson(r, "memory_usage_byte",
				    json_array_get(mem, j));
				bs_rows_unit(r, "memory_usage_byte", "B");
			}
			json_object_foreach(params, k, pv) {
				if (asprintf(&col, "parameter_%s", k) == -1) {
					r->failed = 1;
					break;
				}
				bs_rows_setjson(r, col, pv);
				free(col);
			}
			if (json_is_string(json_object_get(o, "parameter"))) {
				bs_rows_setjson(r, "parameter",
				    json_object_get(o, "parameter"));
			}
			bs_rows_endrow(r, 0);
		}
		if (bad)
			bs_reader_warn(cb, "hyperfine: '%s': %zu of %zu runs "
			    "exited with a non-zero status or a signal: left out",
			    cmd ? cmd : "?", bad, json_array_size(times));
	}
	return 0;
}

/*
 * hyperfine --export-csv: one summary per command, no runs.  It is read
 * as what it is, a summary: the columns as written but stddev named sd,
 * so that mean, sd (and n, which this file lacks) are where summaries
 * are looked for; times in seconds.
 */
struct hcsv {
	const struct bs_reader_cb *cb;
};

static int
hcsv_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	static const char *const secs[] = { "mean", "sd", "median", "user",
	    "system", "min", "max", NULL };
	const struct hcsv *h = arg;
	struct bs_field *g;
	int rc;

	if ((g = calloc(n + 1, sizeof(*g))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		g[i] = f[i];
		if (f[i].len == 6 && memcmp(f[i].s, "stddev", 6) == 0) {
			g[i].s = "sd";
			g[i].len = 2;
		}
	}
	rc = h->cb->header(h->cb->arg, g, n, e);
	for (size_t i = 0; rc == 0 && h->cb->unit != NULL && i < n; i++)
		for (size_t k = 0; secs[k] != NULL; k++)
			if (g[i].len == strlen(secs[k]) &&
			    memcmp(g[i].s, secs[k], g[i].len) == 0)
				h->cb->unit(h->cb->arg, secs[k], "s");
	free(g);
	return rc;
}

static int
hcsv_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	const struct hcsv *h = arg;

	return h->cb->record(h->cb->arg, r, e);
}

static void
hcsv_warn(void *arg, const char *msg)
{
	const struct hcsv *h = arg;

	bs_reader_warn(h->cb, "%s", msg);
}

#define HF_CSV_HEADER	"command,mean,stddev,median,user,system,min,max"

static int
bs_hyperfine_csv_detect(const char *p, size_t len)
{
	size_t hl = strlen(HF_CSV_HEADER);

	return len >= hl && memcmp(p, HF_CSV_HEADER, hl) == 0;
}

static int
hyperfine_csv(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct hcsv h = { cb };
	struct bs_reader_cb hcb = { hcsv_header, hcsv_record, &h,
	    cb->warn ? hcsv_warn : NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL };

	bs_reader_warn(cb, "hyperfine: --export-csv holds one summary per "
	    "command (mean, stddev, min, max), not the runs: read as "
	    "summaries; the time of every run is in --export-json");
	return bs_read_delim(s, ',', 0, &hcb, e);
}

static int
bs_hyperfine_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "\"results\"") &&
	    bs_contains(p, len, "\"times\"") &&
	    bs_contains(p, len, "\"command\"");
}

/*
 * hyperfine's --export-markdown table and its console text: one summary
 * per command, as --export-csv's (mean, sd, min, max; the console adds
 * n, its runs, and user and system), times brought to seconds from the
 * unit each prints ("Mean [ms]", "12.9 ms").
 */
#define HF_MD_HEADER	"| Command | Mean ["
#define HF_PM		"\xc2\xb1"		/* ± */
#define HF_ELLIPSIS	"\xe2\x80\xa6"		/* … */

/* The power of ten of a time unit in seconds, or 99. */
static int
hf_shift(const char *u, size_t n)
{
	static const struct {
		const char	*u;
		int		 shift;
	} t[] = { { "s", 0 }, { "ms", -3 }, { "\xc2\xb5s", -6 },
	    { "\xce\xbcs", -6 }, { "us", -6 }, { "ns", -9 } };

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strlen(t[i].u) == n && memcmp(t[i].u, u, n) == 0)
			return t[i].shift;
	return 99;
}

/* Past the blanks from p on, up to end. */
static const char *
hf_skip(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* A number and its unit at *p ("12.9 ms"): into col, scaled; 0 or -1. */
static int
hf_time(struct bs_rows *r, const char *col, const char **p, const char *end,
    int shift)
{
	const char *v = hf_skip(*p, end), *u;
	size_t vl = 0, ul = 0;

	while (v + vl < end && (isdigit((unsigned char)v[vl]) || v[vl] == '.'))
		vl++;
	if (vl == 0)
		return -1;
	u = hf_skip(v + vl, end);
	if (shift == 99) {	/* the unit follows the number */
		while (u + ul < end && u[ul] != ' ' && u[ul] != ',' &&
		    u[ul] != ']')
			ul++;
		if ((shift = hf_shift(u, ul)) == 99)
			return -1;
		u += ul;
	}
	bs_rows_setscaled(r, col, v, vl, shift);
	*p = u;
	return 0;
}

/* The cells of a Markdown row, between its bars. */
static size_t
hf_cells(const char *s, size_t ll, const char **c, size_t *cl, size_t max)
{
	size_t k = 0, i = 0, b;

	if (ll == 0 || s[0] != '|')
		return 0;
	for (i = 1; i < ll && k < max; i++) {
		/* hyperfine writes a bar in a command as "\|" */
		for (b = i; i < ll && !(s[i] == '|' && s[i - 1] != '\\'); i++)
			;
		c[k] = s + b;
		cl[k] = i - b;
		bs_trim(&c[k], &cl[k]);
		k++;
	}
	return k;
}

static int
hf_markdown(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb, const char *file, struct bs_err *e)
{
	const char *s, *c[8], *q;
	size_t pos = 0, ll, line = 1, cl[8], k, ul;
	int shift;

	bs_nextline(p, len, &pos, &s, &ll);
	q = memchr(s, '[', ll);
	for (ul = 0; q != NULL && q + 1 + ul < s + ll && q[1 + ul] != ']'; ul++)
		;
	if (q == NULL || (shift = hf_shift(q + 1, ul)) == 99)
		return bs_seterr(e, file, 1, "hyperfine: the Markdown table's "
		    "unit is not one of s, ms, µs");
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		/* hyperfine ends every line: one without its end was cut. */
		if (pos > len && ll > 0) {
			bs_reader_warn(cb, "hyperfine: line %zu is cut short "
			    "(the input ends within it): read up to line %zu",
			    line, line - 1);
			break;
		}
		if ((k = hf_cells(s, ll, c, cl, 8)) < 5 || cl[1] == 0 ||
		    c[1][0] == ':' || c[1][0] == '-')
			continue;
		if (cl[0] >= 2 && c[0][0] == '`' && c[0][cl[0] - 1] == '`')
			c[0]++, cl[0] -= 2;
		bs_rows_setn(r, "command", c[0], cl[0]);
		q = c[1];
		if (hf_time(r, "mean", &q, c[1] + cl[1], shift) == -1)
			return bs_seterr(e, file, line, "hyperfine: no mean "
			    "time in the Markdown row");
		if ((size_t)(c[1] + cl[1] - q) > 2 && memcmp(q, HF_PM, 2) == 0) {
			q += 2;
			hf_time(r, "sd", &q, c[1] + cl[1], shift);
		}
		q = c[2];
		hf_time(r, "min", &q, c[2] + cl[2], shift);
		q = c[3];
		hf_time(r, "max", &q, c[3] + cl[3], shift);
		bs_rows_endrow(r, line);
	}
	return 0;
}

/* "Benchmark 1: CMD" (1.x), "Benchmark #1: CMD" (older), "Benchmark: CMD" */
static const char *
hf_bench(const char *s, size_t ll, size_t *cl)
{
	const char *c;

	if (ll < 11 || memcmp(s, "Benchmark", 9) != 0 || (s[9] != ' ' &&
	    s[9] != ':') || (c = memmem(s, ll, ": ", 2)) == NULL)
		return NULL;
	*cl = (size_t)(s + ll - c - 2);
	return c + 2;
}

static int
hf_console(const char *p, size_t len, struct bs_rows *r,
    const struct bs_reader_cb *cb)
{
	const char *s, *q, *end, *cmd = NULL;
	size_t pos = 0, ll, line = 0, cmdl = 0, at = 0;

	while (bs_nextline(p, len, &pos, &s, &ll)) {
		line++;
		if (pos > len && ll > 0)
			break;	/* cut: the benchmark begun is said below */
		end = s + ll;
		if ((q = hf_bench(s, ll, &cmdl)) != NULL) {
			cmd = q;
			at = line;
			bs_rows_setn(r, "command", cmd, cmdl);
			continue;
		}
		if (cmd == NULL)
			continue;
		q = hf_skip(s, end);
		if ((q = memmem(s, ll, "):", 2)) != NULL && bs_contains(s, ll,
		    "Time (")) {
			q += 2;
			hf_time(r, "mean", &q, end, 99);
			q = hf_skip(q, end);
			if ((size_t)(end - q) > 2 && memcmp(q, HF_PM, 2) == 0) {
				q += 2;
				hf_time(r, "sd", &q, end, 99);
			}
			if ((q = memmem(s, ll, "[User:", 6)) != NULL) {
				q += 6;
				hf_time(r, "user", &q, end, 99);
				if ((q = memmem(s, ll, "System:", 7)) != NULL) {
					q += 7;
					hf_time(r, "system", &q, end, 99);
				}
			}
		} else if ((q = memmem(s, ll, "Range (", 7)) != NULL &&
		    (q = memmem(s, ll, "):", 2)) != NULL) {
			q += 2;
			hf_time(r, "min", &q, end, 99);
			if ((q = memmem(q, (size_t)(end - q), HF_ELLIPSIS, 3)) !=
			    NULL) {
				q += 3;
				hf_time(r, "max", &q, end, 99);
				q = hf_skip(q, end);
				if (bs_contains(q, (size_t)(end - q), " runs"))
					bs_rows_setscaled(r, "n", q, strspn(q,
					    "0123456789"), 0);
			}
			bs_rows_endrow(r, at);
			cmd = NULL;
		}
	}
	/* A single run prints no Range ("Time (abs ≡)"): its row ends here. */
	if (cmd != NULL) {
		if (pos > len || line == at)
			bs_reader_warn(cb, "hyperfine: the benchmark of line %zu "
			    "is cut short: read up to the one before it", at);
		else
			bs_rows_endrow(r, at);
	}
	return 0;
}

static int
hf_markdown_detect(const char *p, size_t len)
{
	size_t hl = strlen(HF_MD_HEADER);

	return len >= hl && memcmp(p, HF_MD_HEADER, hl) == 0;
}

static int
hf_console_detect(const char *p, size_t len)
{
	size_t cl;

	return hf_bench(p, len < 256 ? len : 256, &cl) != NULL &&
	    bs_contains(p, len, "  Time (") && (bs_contains(p, len,
	    "  Range (min " HF_ELLIPSIS " max):") || bs_contains(p, len,
	    "Time (abs "));
}

static int
hyperfine_text(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e, int md)
{
	struct bs_rows r;
	static const char *const secs[] = { "mean", "sd", "min", "max",
	    "user", "system" };
	int rc;

	memset(&r, 0, sizeof(r));
	bs_reader_warn(cb, "hyperfine: its %s holds one summary per command "
	    "(mean, stddev, min, max), not the runs: read as summaries; the "
	    "time of every run is in --export-json", md ? "--export-markdown"
	    : bs_tr("console text"));
	if (md)
		rc = hf_markdown(s->win, s->len, &r, cb, s->name, e);
	else
		rc = hf_console(s->win, s->len, &r, cb);
	/* Units of the columns there are only: a unit names its column. */
	for (size_t i = 0; i < sizeof(secs) / sizeof(secs[0]); i++)
		for (size_t c = 0; c < r.ncols; c++)
			if (strcmp(r.cols[c], secs[i]) == 0)
				bs_rows_unit(&r, secs[i], "s");
	if (rc == 0)
		rc = bs_rows_emit(&r, s->name, "hyperfine", cb, e);
	bs_rows_free(&r);
	return rc;
}

static int
bs_read_hyperfine(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	size_t bom;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	bom = bs_skipbom(s->win, s->len);
	if (hf_markdown_detect(s->win + bom, s->len - bom))
		return hyperfine_text(s, cb, e, 1);
	if (hf_console_detect(s->win + bom, s->len - bom))
		return hyperfine_text(s, cb, e, 0);
	if (bs_hyperfine_csv_detect(s->win + bs_skipbom(s->win, s->len),
	    s->len - bs_skipbom(s->win, s->len)))
		return hyperfine_csv(s, cb, e);
	return bs_rows_read_json(s, "hyperfine", hyperfine, cb, e);
}

/* Its JSON export. */
static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_hyperfine_detect(p, len);
}

/* Its CSV and Markdown exports and its console text (summaries). */
static int
detect_csv(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && (bs_hyperfine_csv_detect(p, len) ||
	    hf_markdown_detect(p, len) || hf_console_detect(p, len));
}

static const char *const metacols[] = { "run", "exit_code", NULL };
static const struct bs_idcol idcols[] = { { "command", 0 },
    { "parameter_", BS_ID_PREFIX | BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_hyperfine = {
	.name = "hyperfine",
	.detect = { { detect_json, 20 }, { detect_csv, 140 } },
	.read = bs_read_hyperfine,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.summary = "time",		/* --export-json: time */
};
