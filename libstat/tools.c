/*
 * Readers for what real benchmark tools write: hyperfine JSON, Google
 * Benchmark JSON and CSV, go test -bench text (benchfmt), pyperf JSON and
 * fio JSON.  Each becomes ordinary rows and columns, so every tool works
 * on it unchanged.  The rows are collected first (the files are small and
 * their columns are only known at the end), then handed over.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "extern.h"

/* ------------------------------------------------------------------ */
/* Collected rows */

struct rows {
	char		**cols;
	size_t		 ncols, ccap;
	char		***cells;	/* per row, ncols-wide (grows) */
	size_t		*rowcols;	/* columns known when row was made */
	size_t		*lines;
	size_t		 nrows, rcap, lcap, rccap;
	char		**cur;		/* row being built */
	size_t		 curcap;
	int		 failed;
	/* Lookups in constant time: many rows or columns stay linear. */
	struct bs_strhash colh;		/* column name -> index */
	struct bs_strhash nameh;	/* "name" cell -> index in nname */
	long long	*nname;		/* rows so far with that name */
	size_t		 nnames, nncap;
};

static long
colidx(struct rows *r, const char *name)
{
	long i = bs_strhash_get(&r->colh, name, strlen(name));

	if (i >= 0)
		return i;
	if (bs_grow(&r->cols, &r->ccap, r->ncols + 1, sizeof(*r->cols)) == -1 ||
	    (r->cols[r->ncols] = strdup(name)) == NULL) {
		r->failed = 1;
		return -1;
	}
	if (bs_strhash_put(&r->colh, r->cols[r->ncols], strlen(name),
	    r->ncols) == -1) {
		free(r->cols[r->ncols]);
		r->failed = 1;
		return -1;
	}
	return (long)r->ncols++;
}

/* Cell col of the current row: len bytes of val, copied. */
static void
setn(struct rows *r, const char *col, const char *val, size_t len)
{
	long i = colidx(r, col);

	if (i < 0 || val == NULL)
		return;
	if ((size_t)i >= r->curcap) {
		/* New cells start empty. */
		size_t ncap = r->ncols + 8;
		char **n = realloc(r->cur, ncap * sizeof(*n));

		if (n == NULL) {
			r->failed = 1;
			return;
		}
		memset(n + r->curcap, 0, (ncap - r->curcap) * sizeof(*n));
		r->cur = n;
		r->curcap = ncap;
	}
	free(r->cur[i]);
	if ((r->cur[i] = strndup(val, len)) == NULL)
		r->failed = 1;
}

static void
set(struct rows *r, const char *col, const char *val)
{
	if (val != NULL)
		setn(r, col, val, strlen(val));
}

static void
setnum(struct rows *r, const char *col, double v)
{
	char buf[40];

	if (!isfinite(v))
		return;
	bs_fmt_double(buf, sizeof(buf), v);
	set(r, col, buf);
}

static void
setint(struct rows *r, const char *col, long long v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%lld", v);
	set(r, col, buf);
}

/* A JSON number or numeric string as text; NULL for anything else. */
static void
setjson(struct rows *r, const char *col, json_t *v)
{
	if (json_is_integer(v))
		setint(r, col, json_integer_value(v));
	else if (json_is_real(v))
		setnum(r, col, json_real_value(v));
	else if (json_is_string(v))
		set(r, col, json_string_value(v));
	else if (json_is_true(v))
		set(r, col, "true");
	else if (json_is_false(v))
		set(r, col, "false");
}

static void
endrow(struct rows *r, size_t line)
{
	long ci;

	if (r->failed)
		return;
	if (bs_grow(&r->cells, &r->rcap, r->nrows + 1, sizeof(*r->cells)) ==
	    -1 || bs_grow(&r->lines, &r->lcap, r->nrows + 1,
	    sizeof(*r->lines)) == -1 || bs_grow(&r->rowcols, &r->rccap,
	    r->nrows + 1, sizeof(*r->rowcols)) == -1) {
		r->failed = 1;
		return;
	}
	/* Count the rows of each "name" (the row keeps the string). */
	if ((ci = bs_strhash_get(&r->colh, "name", 4)) >= 0 &&
	    (size_t)ci < r->curcap && r->cur[ci] != NULL) {
		const char *n = r->cur[ci];
		long k = bs_strhash_get(&r->nameh, n, strlen(n));

		if (k < 0) {
			if (bs_grow(&r->nname, &r->nncap, r->nnames + 1,
			    sizeof(*r->nname)) == -1 ||
			    bs_strhash_put(&r->nameh, n, strlen(n),
			    r->nnames) == -1) {
				r->failed = 1;
				return;
			}
			k = (long)r->nnames;
			r->nname[r->nnames++] = 0;
		}
		r->nname[k]++;
	}
	r->cells[r->nrows] = r->cur;
	r->rowcols[r->nrows] = r->curcap;
	r->lines[r->nrows++] = line;
	r->cur = NULL;
	r->curcap = 0;
}

static void
rows_free(struct rows *r)
{
	for (size_t i = 0; i < r->nrows; i++) {
		for (size_t k = 0; k < r->rowcols[i]; k++)
			free(r->cells[i][k]);
		free(r->cells[i]);
	}
	for (size_t k = 0; k < r->curcap; k++)
		free(r->cur[k]);
	free(r->cur);
	for (size_t i = 0; i < r->ncols; i++)
		free(r->cols[i]);
	free(r->cols);
	free(r->cells);
	free(r->rowcols);
	free(r->lines);
	bs_strhash_free(&r->colh);
	bs_strhash_free(&r->nameh);
	free(r->nname);
}

static int
rows_emit(struct rows *r, const char *name, const char *what,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_field *f;
	struct bs_record rec;
	size_t i, k;
	int rc = -1;

	if (r->failed)
		return bs_seterr(e, name, 0, "out of memory");
	if (r->nrows == 0)
		return bs_seterr(e, name, 0, "no %s results in the input",
		    what);
	if ((f = calloc(r->ncols + 1, sizeof(*f))) == NULL)
		return bs_seterr(e, name, 0, "out of memory");
	for (k = 0; k < r->ncols; k++) {
		f[k].s = r->cols[k];
		f[k].len = strlen(r->cols[k]);
	}
	if (cb->header(cb->arg, f, r->ncols, e) == -1)
		goto out;
	for (i = 0; i < r->nrows; i++) {
		for (k = 0; k < r->ncols; k++) {
			const char *s = k < r->rowcols[i] ? r->cells[i][k] :
			    NULL;

			f[k].s = s;
			f[k].len = s ? strlen(s) : 0;
		}
		memset(&rec, 0, sizeof(rec));
		rec.f = f;
		rec.nf = r->ncols;
		rec.line = r->lines[i];
		rec.recno = i + 1;
		if (cb->record(cb->arg, &rec, e) == -1)
			goto out;
	}
	rc = 0;
out:
	free(f);
	return rc;
}

static void
warn(const struct bs_reader_cb *cb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
warn(const struct bs_reader_cb *cb, const char *fmt, ...)
{
	char *buf;
	va_list ap;
	int rc;

	if (cb->warn == NULL)
		return;
	va_start(ap, fmt);
	rc = vasprintf(&buf, fmt, ap);
	va_end(ap);
	if (rc == -1)
		return;
	cb->warn(cb->arg, buf);
	free(buf);
}

/* ------------------------------------------------------------------ */
/* JSON loading, tolerant of what the tools write */

/*
 * Google Benchmark writes NaN and infinities as bare tokens, and fio
 * may print notices before its JSON: turn the tokens into null (outside
 * strings) and start at the first '{'.
 */
static json_t *
loadjson(const char *p, size_t len, const char *name, struct bs_err *e)
{
	static const char *const toks[] = { "-Infinity", "Infinity", "NaN" };
	struct bs_sbuf c = { 0 };
	json_error_t je;
	json_t *root;
	size_t i, s = 0, last;
	int instr = 0;

	while (s < len && p[s] != '{' && p[s] != '[')
		s++;
	last = s;
	for (i = s; i < len; i++) {
		if (instr) {
			if (p[i] == '\\')
				i++;
			else if (p[i] == '"')
				instr = 0;
			continue;
		}
		if (p[i] == '"') {
			instr = 1;
			continue;
		}
		for (int t = 0; t < 3; t++) {
			size_t l = strlen(toks[t]);

			if (i + l <= len && memcmp(p + i, toks[t], l) == 0) {
				if (bs_sbuf_add(&c, p + last, i - last) == -1 ||
				    bs_sbuf_add(&c, "null", 4) == -1) {
					bs_sbuf_free(&c);
					bs_seterr(e, name, 0, "out of memory");
					return NULL;
				}
				i += l - 1;
				last = i + 1;
				break;
			}
		}
	}
	if (c.p && bs_sbuf_add(&c, p + last, len - last) == -1) {
		bs_sbuf_free(&c);
		bs_seterr(e, name, 0, "out of memory");
		return NULL;
	}
	/*
	 * A key repeated in one object keeps its last value, as jansson
	 * does: fio 3.1 repeats percentile keys ("0.00").  (Plain JSON
	 * input refuses repeated keys.)
	 */
	root = c.p ? json_loadb(c.p, c.len, JSON_ALLOW_NUL, &je) :
	    json_loadb(p + s, len - s, JSON_ALLOW_NUL, &je);
	bs_sbuf_free(&c);
	if (root == NULL && JSON_OOM(&je))
		bs_seterr(e, name, 0, "out of memory");
	else if (root == NULL) {
		/* Lines count from the start, notices before the JSON too. */
		size_t line = je.line > 0 ? (size_t)je.line : 0;

		for (i = 0; line > 0 && i < s; i++)
			line += p[i] == '\n';
		bs_seterr(e, name, line, "invalid JSON: %s", je.text);
	}
	return root;
}

/* ------------------------------------------------------------------ */
/* hyperfine */

static int
hyperfine(json_t *root, struct rows *r, const struct bs_reader_cb *cb)
{
	json_t *res = json_object_get(root, "results"), *o;
	size_t i;

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
			set(r, "command", cmd ? cmd : "");
			setint(r, "run", (long long)j + 1);
			setjson(r, "time", t);
			if (code)
				setjson(r, "exit_code", code);
			if (mem)
				setjson(r, "memory_usage_byte",
				    json_array_get(mem, j));
			json_object_foreach(params, k, pv) {
				if (asprintf(&col, "parameter_%s", k) == -1) {
					r->failed = 1;
					break;
				}
				setjson(r, col, pv);
				free(col);
			}
			if (json_is_string(json_object_get(o, "parameter"))) {
				setjson(r, "parameter", json_object_get(o,
				    "parameter"));
			}
			endrow(r, 0);
		}
		if (bad)
			warn(cb, "hyperfine: '%s': %zu of %zu runs exited "
			    "with a non-zero status or a signal: left out",
			    cmd ? cmd : "?", bad, json_array_size(times));
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Google Benchmark */

static int
endswith(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && strcmp(s + a - b, suf) == 0;
}

static int
gbench_aggregate_name(const char *n)
{
	return endswith(n, "_mean") || endswith(n, "_median") ||
	    endswith(n, "_stddev") || endswith(n, "_cv") ||
	    endswith(n, "_BigO") || endswith(n, "_RMS");
}

/* Repetition number of name: how many rows it had before, plus one. */
static long long
nextrep(struct rows *r, const char *name)
{
	long k = bs_strhash_get(&r->nameh, name, strlen(name));

	return k < 0 ? 1 : r->nname[k] + 1;
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
set_scaled(struct rows *r, const char *col, const char *text, size_t len,
    int k)
{
	char *buf;
	const char *e = memchr(text, 'e', len);
	int rc;

	if (e == NULL)
		e = memchr(text, 'E', len);
	if (k == 0 || len == 0) {
		setn(r, col, text, len);
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
	set(r, col, buf);
	free(buf);
}

static void
set_time(struct rows *r, const char *col, json_t *v, int k)
{
	char buf[40];

	if (!json_is_number(v) || k <= 0) {
		setjson(r, col, v);
		return;
	}
	if (json_is_integer(v))
		snprintf(buf, sizeof(buf), "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
	else
		bs_fmt_double(buf, sizeof(buf), json_real_value(v));
	set_scaled(r, col, buf, strlen(buf), k);
}

static int
gbench_json(json_t *root, struct rows *r, const struct bs_reader_cb *cb)
{
	static const char *const meta[] = { "name", "run_name", "run_type",
	    "family_index", "per_family_instance_index", "repetitions",
	    "repetition_index", "threads", "iterations", "real_time",
	    "cpu_time", "time_unit", "aggregate_name", "aggregate_unit",
	    "error_occurred", "error_message", "skipped", "skip_message",
	    "label", "big_o", "cpu_coefficient", "real_coefficient", "rms",
	    NULL };
	json_t *arr = json_object_get(root, "benchmarks"), *o, *v;
	const char *k;
	size_t i, nerr = 0, naggr = 0;

	json_array_foreach(arr, i, o) {
		const char *name = json_string_value(json_object_get(o,
		    "name"));

		if (json_is_string(json_object_get(o, "aggregate_name")))
			naggr++;
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
				warn(cb, "gbench: '%s' failed (%zu run%s): %s: "
				    "left out", name, nerr, nerr > 1 ? "s" : "",
				    m ? m : "error");
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
		    (rt == NULL && gbench_aggregate_name(name)) ||
		    json_object_get(o, "big_o") || json_object_get(o, "rms"))
			continue;
		if (run == NULL)
			run = name;
		set(r, "name", run);
		if (json_is_integer(rep))
			setint(r, "repetition", json_integer_value(rep) + 1);
		else
			setint(r, "repetition", nextrep(r, run));
		setjson(r, "threads", json_object_get(o, "threads"));
		setjson(r, "iterations", json_object_get(o, "iterations"));
		{
			const char *u = json_string_value(json_object_get(o,
			    "time_unit"));
			int k = unit_exp(u);

			set_time(r, "real_time", json_object_get(o,
			    "real_time"), k);
			set_time(r, "cpu_time", json_object_get(o, "cpu_time"),
			    k);
			set(r, "time_unit", k >= 0 ? "ns" : u);
		}
		json_object_foreach(o, k, v) {
			size_t m;

			for (m = 0; meta[m] && strcmp(meta[m], k) != 0; m++)
				;
			if (meta[m] == NULL && json_is_number(v))
				setjson(r, k, v);
		}
		if (json_is_string(json_object_get(o, "label")))
			setjson(r, "label", json_object_get(o, "label"));
		endrow(r, 0);
	}
	/* Written with --benchmark_report_aggregates_only: nothing to use. */
	return r->nrows == 0 && naggr > 0 ? 2 : 0;
}

/* Google Benchmark's CSV reporter, read through the CSV reader. */
struct gcsv {
	struct rows		*r;
	const struct bs_reader_cb *cb;
	char			**hdr;
	size_t			 nhdr;
	char			*lasterr;
};

static int
gcsv_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct gcsv *g = arg;

	if ((g->hdr = calloc(n + 1, sizeof(*g->hdr))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (size_t i = 0; i < n; i++)
		if ((g->hdr[i] = strndup(f[i].s, f[i].len)) == NULL)
			return bs_seterr(e, NULL, 0, "out of memory");
	g->nhdr = n;
	return 0;
}

static int
gcsv_record(void *arg, const struct bs_record *rec, struct bs_err *e)
{
	struct gcsv *g = arg;
	char *name = NULL, *unit;
	const char *errf = NULL;
	size_t i;
	int k = 0;

	for (i = 0; i < rec->nf && i < g->nhdr; i++) {
		if (strcmp(g->hdr[i], "name") == 0 && name == NULL &&
		    rec->f[i].s != NULL && (name = strndup(rec->f[i].s,
		    rec->f[i].len)) == NULL)
			return bs_seterr(e, NULL, 0, "out of memory");
		if (strcmp(g->hdr[i], "error_occurred") == 0 &&
		    rec->f[i].len == 4 && memcmp(rec->f[i].s, "true", 4) == 0)
			errf = "error";
	}
	if (name == NULL && (name = strdup("")) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	if (errf) {
		if (g->lasterr == NULL || strcmp(g->lasterr, name) != 0)
			warn(g->cb, "gbench: '%s' failed (line %zu): left out",
			    name, rec->line);
		free(g->lasterr);
		g->lasterr = name;
		return 0;
	}
	if (gbench_aggregate_name(name)) {
		free(name);
		return 0;
	}
	set(g->r, "name", name);
	setint(g->r, "repetition", nextrep(g->r, name));
	for (i = 0; i < rec->nf && i < g->nhdr; i++)
		if (strcmp(g->hdr[i], "time_unit") == 0) {
			if ((unit = strndup(rec->f[i].s, rec->f[i].len)) ==
			    NULL) {
				free(name);
				return bs_seterr(e, NULL, 0, "out of memory");
			}
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
			set(g->r, "time_unit", "ns");
			continue;
		}
		if (strcmp(g->hdr[i], "name") == 0 ||
		    strcmp(g->hdr[i], "error_occurred") == 0 ||
		    strcmp(g->hdr[i], "error_message") == 0 ||
		    rec->f[i].len == 0)
			continue;
		setn(g->r, g->hdr[i], rec->f[i].s, rec->f[i].len);
	}
	endrow(g->r, rec->line);
	free(name);
	return 0;
}

/* ------------------------------------------------------------------ */
/* go test -bench */

/* Is s[0..len) a configuration key (lower-case start, no space/upper)? */
static int
configkey(const char *s, size_t len)
{
	if (len == 0 || !islower((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (isspace((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

struct kvpair {
	char	*k, *v;
};

static int
gobench(const char *p, size_t len, struct rows *r)
{
	struct kvpair *cfg = NULL;
	size_t ncfg = 0, cap = 0, pos = 0, line = 0, i;
	char *tok[64];	/* whole tokens: a number cut short is another */

	while (pos < len) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll;
		const char *s = p + pos, *c;
		int nt = 0;

		line++;
		ll = end - pos;
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		pos = end + 1;
		if (ll > 9 && memcmp(s, "Benchmark", 9) == 0 &&
		    !isspace((unsigned char)s[9])) {
			size_t k = 0, l;

			/* Split at runs of blanks. */
			while (k < ll && nt < 64) {
				while (k < ll && (s[k] == ' ' || s[k] == '\t'))
					k++;
				if (k == ll)
					break;
				l = k;
				while (k < ll && s[k] != ' ' && s[k] != '\t')
					k++;
				if ((tok[nt] = strndup(s + l, k - l)) == NULL) {
					r->failed = 1;
					break;
				}
				nt++;
			}
			if (r->failed || nt < 4 || (nt % 2) != 0)
				goto freetok;	/* a name alone, or no result */
			{
				char *name = tok[0] + 9, *dash;
				const char *procs = NULL;
				char *iend;

				strtoll(tok[1], &iend, 10);
				if (*iend != '\0')
					goto freetok;
				dash = strrchr(name, '-');
				if (dash && dash[1] && strspn(dash + 1,
				    "0123456789") == strlen(dash + 1)) {
					*dash = '\0';
					procs = dash + 1;
				}
				set(r, "name", name);
				if (procs)
					set(r, "procs", procs);
				set(r, "iterations", tok[1]);
				for (int t = 2; t + 1 < nt; t += 2)
					set(r, tok[t + 1], tok[t]);
				for (i = 0; i < ncfg; i++)
					if (cfg[i].v[0])
						set(r, cfg[i].k, cfg[i].v);
				endrow(r, line);
			}
freetok:
			while (nt > 0)
				free(tok[--nt]);
			continue;
		}
		c = memchr(s, ':', ll);
		if (c && configkey(s, (size_t)(c - s)) &&
		    (c + 1 == s + ll || c[1] == ' ' || c[1] == '\t')) {
			size_t kl = (size_t)(c - s);
			const char *v = c + 1;
			size_t vl = ll - kl - 1;

			while (vl > 0 && (*v == ' ' || *v == '\t'))
				v++, vl--;
			for (i = 0; i < ncfg; i++)
				if (strlen(cfg[i].k) == kl &&
				    memcmp(cfg[i].k, s, kl) == 0)
					break;
			if (i == ncfg) {
				if (bs_grow(&cfg, &cap, ncfg + 1,
				    sizeof(*cfg)) == -1) {
					r->failed = 1;
					break;
				}
				cfg[ncfg].k = strndup(s, kl);
				cfg[ncfg].v = NULL;
				ncfg++;
			}
			free(cfg[i].v);
			cfg[i].v = strndup(v, vl);
			if (cfg[i].k == NULL || cfg[i].v == NULL)
				r->failed = 1;
		}
	}
	for (i = 0; i < ncfg; i++) {
		free(cfg[i].k);
		free(cfg[i].v);
	}
	free(cfg);
	return 0;
}

/* ------------------------------------------------------------------ */
/* pyperf */

static int
pyperf(json_t *root, struct rows *r)
{
	json_t *fmeta = json_object_get(root, "metadata");
	json_t *bl = json_object_get(root, "benchmarks"), *b, *run, *v;
	size_t i, j, k, nrun;

	json_array_foreach(bl, i, b) {
		json_t *bmeta = json_object_get(b, "metadata");
		const char *name = json_string_value(json_object_get(bmeta,
		    "name"));
		const char *unit = json_string_value(json_object_get(bmeta,
		    "unit"));

		if (name == NULL)
			name = json_string_value(json_object_get(fmeta, "name"));
		if (unit == NULL)
			unit = json_string_value(json_object_get(fmeta, "unit"));
		nrun = 0;
		json_array_foreach(json_object_get(b, "runs"), j, run) {
			json_t *vals = json_object_get(run, "values");

			/* Calibration runs have warm-ups only. */
			if (json_array_size(vals) == 0)
				continue;
			nrun++;
			json_array_foreach(vals, k, v) {
				set(r, "benchmark", name ? name : "");
				setint(r, "run", (long long)nrun);
				setjson(r, "value", v);
				set(r, "unit", unit ? unit : "second");
				endrow(r, 0);
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* fio */

static double
jnum(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static int
fio(json_t *root, struct rows *r)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	static const struct { const char *key, *col; } pcts[] = {
		{ "50.000000", "clat_p50_ns" }, { "95.000000", "clat_p95_ns" },
		{ "99.000000", "clat_p99_ns" }, { "99.900000", "clat_p99.9_ns" },
	};
	const char *ver = json_string_value(json_object_get(root,
	    "fio version"));
	json_t *jobs = json_object_get(root, "jobs"), *job;
	int v2 = ver && strncmp(ver, "fio-2.", 6) == 0;
	size_t i;

	json_array_foreach(jobs, i, job) {
		for (int d = 0; d < 3; d++) {
			json_t *dj = json_object_get(job, dirs[d]);
			json_t *lat, *clat, *pct;
			double iops, bw, scale;

			if (!json_is_object(dj))
				continue;
			iops = jnum(dj, "iops");
			bw = jnum(dj, "bw_bytes");
			if (isnan(bw))
				bw = jnum(dj, "bw") * 1024;	/* KiB/s */
			if (!(iops > 0) && !(bw > 0) && !(jnum(dj,
			    "total_ios") > 0))
				continue;	/* no I/O this way */
			set(r, "jobname", json_string_value(json_object_get(job,
			    "jobname")));
			set(r, "rw", dirs[d]);
			setnum(r, "iops", iops);
			setnum(r, "bw_bytes", bw);
			/* fio 3 reports in ns; fio 2 in µs. */
			if ((lat = json_object_get(dj, "lat_ns")) != NULL)
				scale = 1;
			else {
				lat = json_object_get(dj, "lat");
				scale = 1000;
			}
			setnum(r, "lat_mean_ns", jnum(lat, "mean") * scale);
			clat = json_object_get(dj, v2 || !json_object_get(dj,
			    "clat_ns") ? "clat" : "clat_ns");
			pct = json_object_get(clat, "percentile");
			if (pct == NULL)
				pct = json_object_get(dj, "percentile");
			for (size_t k = 0; k < 4; k++)
				setnum(r, pcts[k].col, jnum(pct, pcts[k].key) *
				    scale);
			endrow(r, 0);
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */

static int
contains(const char *p, size_t len, const char *w)
{
	return memmem(p, len, w, strlen(w)) != NULL;
}

enum bs_format
bs_detect_tool(const char *p, size_t len)
{
	size_t i = 0;

	if (contains(p, len, "\"fio version\""))
		return BS_FMT_FIO;
	while (i < len && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' ||
	    p[i] == '\t'))
		i++;
	if (i < len && p[i] == '{') {
		if (contains(p, len, "\"results\"") &&
		    contains(p, len, "\"times\"") &&
		    contains(p, len, "\"command\""))
			return BS_FMT_HYPERFINE;
		if (contains(p, len, "\"benchmarks\"") &&
		    contains(p, len, "\"runs\"") &&
		    (contains(p, len, "\"values\"") ||
		    contains(p, len, "\"warmups\"")))
			return BS_FMT_PYPERF;
		if (contains(p, len, "\"benchmarks\"") &&
		    (contains(p, len, "\"real_time\"") ||
		    contains(p, len, "\"run_type\"") ||
		    contains(p, len, "\"context\"")))
			return BS_FMT_GBENCH;
		return BS_FMT_AUTO;
	}
	if (len - i >= 50 && strncmp(p + i, "name,iterations,real_time,"
	    "cpu_time,time_unit", 44) == 0)
		return BS_FMT_GBENCH;
	/* A go test -bench result line anywhere in the first lines. */
	for (size_t pos = i; pos < len; ) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len;

		if (end - pos > 12 && memcmp(p + pos, "Benchmark", 9) == 0) {
			const char *t = memchr(p + pos, '\t', end - pos);
			const char *sp = memchr(p + pos, ' ', end - pos);

			if ((t || sp) && (memmem(p + pos, end - pos, "/op", 3) ||
			    memmem(p + pos, end - pos, "/s", 2)))
				return BS_FMT_GOBENCH;
		}
		if (nl == NULL)
			break;
		pos = end + 1;
	}
	return BS_FMT_AUTO;
}

int
bs_read_tools(struct bs_src *s, enum bs_format f,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct rows r;
	json_t *root = NULL;
	int rc = -1;
	static const char *const what[] = { [BS_FMT_HYPERFINE] = "hyperfine",
	    [BS_FMT_GBENCH] = "Google Benchmark", [BS_FMT_GOBENCH] =
	    "go test -bench", [BS_FMT_PYPERF] = "pyperf", [BS_FMT_FIO] = "fio"
	};

	if (f < BS_FMT_HYPERFINE || f > BS_FMT_FIO)
		return bs_seterr(e, s->name, 0, "unknown input format");
	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	if (f == BS_FMT_GOBENCH) {
		gobench(s->win, s->len, &r);
	} else if (f == BS_FMT_GBENCH && s->len > 0 &&
	    s->win[strspn(s->win, " \t\r\n")] != '{') {
		struct gcsv g = { &r, cb, NULL, 0, NULL };
		struct bs_reader_cb gcb = { gcsv_header, gcsv_record, &g,
		    NULL, NULL };

		rc = bs_read_delim(s, ',', 0, &gcb, e);
		for (size_t i = 0; i < g.nhdr; i++)
			free(g.hdr[i]);
		free(g.hdr);
		free(g.lasterr);
		if (rc == -1)
			goto out;
	} else {
		if ((root = loadjson(s->win, s->len, s->name, e)) == NULL)
			goto out;
		if (!json_is_object(root)) {
			bs_seterr(e, s->name, 0, "not %s JSON output", what[f]);
			goto out;
		}
		switch (f) {
		case BS_FMT_HYPERFINE:
			hyperfine(root, &r, cb);
			break;
		case BS_FMT_GBENCH:
			if (gbench_json(root, &r, cb) == 2) {
				bs_seterr(e, s->name, 0, "only aggregates (mean, "
				    "median, stddev) in this Google Benchmark "
				    "output: run it without "
				    "--benchmark_report_aggregates_only");
				goto out;
			}
			break;
		case BS_FMT_PYPERF:
			pyperf(root, &r);
			break;
		default:
			fio(root, &r);
			break;
		}
	}
	rc = rows_emit(&r, s->name, what[f], cb, e);
out:
	json_decref(root);
	rows_free(&r);
	return rc;
}
