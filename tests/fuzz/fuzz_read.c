/*
 * libFuzzer target for the readers: the input is read through a bs_table
 * as the tools read it (from memory as boutlier does, and streamed from a
 * file as bstat does), every series is summarised, a result is written
 * in every output format, and boutlier's second pass (bs_passthru) writes
 * the input back.  Built once per input format, named as the registry
 * names it (--input-format): -DFUZZ_FORMAT_NAME='"csv"'.
 *
 * Besides the sanitizers, it checks what must hold for any input:
 * an error is one line; the table's counts agree; the second pass sees
 * exactly the records the first one did (boutlier indexes its per-row
 * arrays with them); JSON written out parses back.
 */
#include <math.h>

#include "common.h"

#ifndef FUZZ_FORMAT_NAME
#define FUZZ_FORMAT_NAME "auto"
#endif

/* The format the target reads, found in the registry by its name. */
static const struct bs_fmt *
fuzz_format(void)
{
	static const struct bs_fmt *f;

	if (f == NULL) {
		f = bs_format_find(FUZZ_FORMAT_NAME);
		FUZZ_CHECK(f != NULL, "FUZZ_FORMAT_NAME is no format's name");
	}
	return f;
}

struct pt {
	struct bs_table	*t;
	size_t		*seen;
	size_t		 rows, kept;
};

static int
annotate(void *arg, size_t row, const char **vals)
{
	struct pt *p = arg;
	struct bs_table *t = p->t;
	size_t g, i;

	/* What boutlier's annotate relies on. */
	FUZZ_CHECK(row == p->rows, "rows out of order");
	FUZZ_CHECK(row < t->nrows, "second pass has more records");
	g = t->rowgroup != NULL ? t->rowgroup[row] : 0;	/* none: all in 0 */
	FUZZ_CHECK(g < t->ngroups, "row group out of range");
	i = p->seen[g]++;
	FUZZ_CHECK(i < t->groups[g].nrows, "group has more records");
	for (size_t c = 0; c < t->nvcols; c++) {
		FUZZ_CHECK(i < t->groups[g].s[c].n, "series too short");
		vals[c] = (row % 3) ? "none" : "high-mild";
	}
	p->rows++;
	if (row % 3 == 0)
		return 0;
	p->kept++;
	return 1;
}

/* JSON written back must still be JSON. */
static void
check_json_out(const struct bs_fmt *f, const char *p, size_t n)
{
	json_error_t je;
	json_t *j;

	if (f == &bs_fmt_json) {
		if (n == 0)
			return;	/* a lone object went to the other file */
		j = json_loadb(p, n, JSON_ALLOW_NUL, &je);
		if (j == NULL)
			fprintf(stderr, "passthru JSON: %s\n", je.text);
		FUZZ_CHECK(j != NULL, "passthru wrote invalid JSON");
		json_decref(j);
		return;
	}
	for (size_t pos = 0; pos < n; ) {
		const char *nl = memchr(p + pos, '\n', n - pos);
		size_t end = nl ? (size_t)(nl - p) : n;

		if (strspn(p + pos, " \t\r") < end - pos) {
			j = json_loadb(p + pos, end - pos, JSON_ALLOW_NUL,
			    &je);
			if (j == NULL)
				fprintf(stderr, "passthru NDJSON: %s\n",
				    je.text);
			FUZZ_CHECK(j != NULL, "passthru wrote invalid NDJSON");
			json_decref(j);
		}
		pos = end + 1;
	}
}

static void
passthru(const struct bs_buf *b, const struct bs_table_opts *o,
    struct bs_table *t)
{
	static const char *const cols1[] = { "outlier" };
	const char **cols;
	struct bs_read_opts ro = o->read;
	struct bs_passthru pt = { 0 };
	struct pt p;
	struct bs_err e;
	char *op = NULL, *rp = NULL;
	size_t on = 0, rn = 0;
	FILE *out, *rej;
	int rc;

	memset(&p, 0, sizeof(p));
	p.t = t;
	p.seen = calloc(t->ngroups + 1, sizeof(*p.seen));
	cols = calloc(t->nvcols + 1, sizeof(*cols));
	FUZZ_CHECK(p.seen && cols, "calloc");
	for (size_t c = 0; c < t->nvcols; c++)
		cols[c] = t->nvcols == 1 ? cols1[0] : bs_table_vname(t, c);
	ro.format = t->format;
	ro.delim = t->delim;
	pt.cols = cols;
	pt.ncols = t->nvcols;
	pt.annotate = annotate;
	pt.arg = &p;
	out = open_memstream(&op, &on);
	rej = open_memstream(&rp, &rn);
	FUZZ_CHECK(out && rej, "open_memstream");
	rc = bs_passthru(b, &ro, &pt, out, rej, &e);
	fclose(out);
	fclose(rej);
	if (rc == -1)
		fuzz_check_err(&e);
	else {
		if (p.rows != t->nrows)
			fprintf(stderr, "first pass %zu records, second %zu\n",
			    t->nrows, p.rows);
		FUZZ_CHECK(p.rows == t->nrows,
		    "second pass lost or invented records");
		if (t->format == &bs_fmt_json || t->format == &bs_fmt_ndjson) {
			check_json_out(t->format, op, on);
			check_json_out(t->format, rp, rn);
		}
	}
	free(op);
	free(rp);
	free(p.seen);
	free(cols);
}

static void
summarise(struct bs_table *t)
{
	struct bs_summary_opts so;
	struct bs_summary s;
	struct bs_result *r;
	struct bs_err e;
	size_t total = 0;

	bs_summary_opts_default(&so);
	so.autocorr = 1;
	so.steady = 2;
	r = bs_result_new();
	FUZZ_CHECK(r != NULL, "bs_result_new");
	for (size_t k = 0; k < t->ngcols; k++)
		bs_result_addcol(r, t->names[t->gcols[k]]);
	bs_result_addcol(r, "column");
	bs_result_addcol(r, "n");
	bs_result_addcol(r, "mean");
	bs_result_addcol(r, "sd");
	bs_result_addcol(r, "p99");
	for (size_t g = 0; g < t->ngroups; g++) {
		total += t->groups[g].nrows;
		for (size_t c = 0; c < t->nvcols; c++) {
			struct bs_series *ser = &t->groups[g].s[c];
			struct bs_fences f;
			long row;
			size_t col = 0;

			FUZZ_CHECK(ser->n == t->groups[g].nrows,
			    "series length differs from group rows");
			if (ser->v != NULL) {
				bs_tukey_fences(ser->v, ser->n, 1.5, &f);
				bs_mad_fences(ser->v, ser->n, 3.5, &f);
				for (size_t i = 0; i < ser->n; i++)
					(void)bs_classify(&f, ser->v[i]);
			}
			if (bs_summarize(ser, &so, 1, &s, &e) == -1) {
				fuzz_check_err(&e);
				continue;
			}
			FUZZ_CHECK(s.n + s.missing <= ser->n, "counts");
			if (s.n > 0) {
				/* Finite input gives finite results. */
				FUZZ_CHECK(isfinite(s.min) && isfinite(s.max),
				    "min/max not finite");
				FUZZ_CHECK(s.min <= s.max, "min > max");
				/* No median in moments mode. */
				FUZZ_CHECK(isnan(s.median) || (s.median >= s.min &&
				    s.median <= s.max), "median outside range");
			}
			row = bs_result_addrow(r);
			FUZZ_CHECK(row >= 0, "addrow");
			for (; col < t->ngcols; col++)
				bs_result_str(r, (size_t)row, col,
				    t->groups[g].key[col]);
			bs_result_str(r, (size_t)row, col++,
			    bs_table_vname(t, c));
			bs_result_int(r, (size_t)row, col++, (long long)s.n);
			bs_result_num(r, (size_t)row, col++, s.mean);
			bs_result_num(r, (size_t)row, col++, s.sd);
			bs_result_num(r, (size_t)row, col++, s.pct[1]);
		}
	}
	FUZZ_CHECK(total == t->nrows, "group rows do not add up");
	fuzz_write_result(r);
	bs_result_free(r);
}

static void
one(const struct bs_buf *b, const char *path, int no_header,
    const char *groups)
{
	struct bs_table_opts o;
	struct bs_table *t;
	struct bs_err e;

	memset(&o, 0, sizeof(o));
	o.read.format = fuzz_format();
	o.read.no_header = no_header;
	o.groups = groups;
	o.rowgroups = b != NULL;
	o.raw = 1;
	/* Streamed, as bstat --no-quantiles reads: running moments only. */
	o.moments = b == NULL;
	o.skip = b == NULL;
	t = bs_table_new(&o);
	FUZZ_CHECK(t != NULL, "bs_table_new");
	memset(&e, 0, sizeof(e));
	if (bs_table_read(t, b, path, &e) == -1 ||
	    bs_table_finish(t, &e) == -1) {
		fuzz_check_err(&e);
		bs_table_free(t);
		return;
	}
	FUZZ_CHECK(t->nvcols > 0, "a table without value columns");
	summarise(t);
	if (b != NULL)
		passthru(b, &o, t);
	bs_table_free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bs_buf b;
	char path[64];
	int fd;

	fuzz_buf(&b, data, size);
	one(&b, NULL, 0, NULL);
	if (bs_format_auto(fuzz_format()) || fuzz_format() == &bs_fmt_csv ||
	    fuzz_format() == &bs_fmt_tsv)
		one(&b, NULL, 1, "1");
	bs_buf_free(&b);
	fd = fuzz_file(data, size, path, sizeof(path));
	one(NULL, path, 0, "1");
	close(fd);
	return 0;
}
