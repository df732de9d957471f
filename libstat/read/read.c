/*
 * bs_read(), the top of the readers: opens the source, detects the
 * format, and hands the input to the reader of that format through
 * callbacks that hold every format to the same limits and, when asked,
 * note where each record lies (struct bs_spans) for writing it back.
 * The readers below never call back up here.
 */
#include <stdio.h>
#include <string.h>

#include "libstat.h"
#include "extern.h"

static const char *const fmtnames[BS_FMT__MAX] = {
	"auto", "csv", "tsv", "json", "ndjson", "kv", "plain",
	"hyperfine", "gbench", "gobench", "pyperf", "fio",
	"ws", "wrk", "hgrm",
	"jmh", "bdn", "pytest-benchmark", "libtest", "criterion", "catch2",
	"benchmarkjs", "custom-json", "lmbench", "cyclictest"
};

const char *const *
bs_format_meta(enum bs_format f)
{
	static const char *const none[] = { NULL };
	static const char *const hyperfine[] = { "run", "exit_code", NULL };
	static const char *const gbench[] = { "repetition", "threads",
	    "iterations", NULL };
	static const char *const gobench[] = { "procs", "iterations", NULL };
	static const char *const pyperf[] = { "run", NULL };
	static const char *const pct[] = { "run", "percentile", "threads",
	    "connections", "total_count", NULL };
	static const char *const jmh[] = { "threads", "fork", "iteration",
	    NULL };
	static const char *const bdn[] = { "launch", "iteration", NULL };
	static const char *const pytestbench[] = { "round", NULL };
	static const char *const catch2[] = { "iterations", NULL };
	/* benchmark.js's n: the runs sampled, not a measurement. */
	static const char *const benchmarkjs[] = { "n", NULL };
	static const char *const cyclictest[] = { "cycles", "cpu", "node",
	    NULL };
	static const char *const lmbench[] = { "run", "stride", "size_kb",
	    "ovr", "jobs", "size_mb", "procs", "usecs", "files", NULL };

	switch (f) {
	case BS_FMT_HYPERFINE:
		return hyperfine;
	case BS_FMT_GBENCH:
		return gbench;
	case BS_FMT_GOBENCH:
		return gobench;
	case BS_FMT_PYPERF:
		return pyperf;
	case BS_FMT_WRK:
	case BS_FMT_HGRM:
		return pct;
	case BS_FMT_JMH:
		return jmh;
	case BS_FMT_BDN:
		return bdn;
	case BS_FMT_PYTEST_BENCHMARK:
		return pytestbench;
	case BS_FMT_CATCH2:
		return catch2;
	case BS_FMT_BENCHMARKJS:
		return benchmarkjs;
	case BS_FMT_LMBENCH:
		return lmbench;
	case BS_FMT_CYCLICTEST:
		return cyclictest;
	default:
		return none;
	}
}

/*
 * The columns that identify one benchmark in a format's rows: with no
 * -g the rows are grouped by them (one benchmark, one series), and a
 * group given with -g that mixes rows differing in one mixes different
 * things (table.c warns).  BS_ID_PREFIX: every column whose name starts
 * so (hyperfine's parameter_SIZE); BS_ID_ELSE: only when the entry
 * before it is not a column of the input; BS_ID_VARIES: grouped by only when
 * its value varies in the input (Go's procs and pkg: a constant one
 * says nothing of which benchmark a row is).  Terminated by a NULL
 * name; none for the generic formats.
 */
const struct bs_idcol *
bs_format_identity(enum bs_format f)
{
	static const struct bs_idcol none[] = { { NULL, 0 } };
	static const struct bs_idcol name[] = { { "name", 0 }, { NULL, 0 } };
	static const struct bs_idcol hyperfine[] = { { "command", 0 },
	    { "parameter_", BS_ID_PREFIX | BS_ID_VARIES }, { NULL, 0 } };
	static const struct bs_idcol gbench[] = { { "name", 0 },
	    { "threads", BS_ID_VARIES }, { NULL, 0 } };
	static const struct bs_idcol gobench[] = { { "name", 0 },
	    { "procs", BS_ID_VARIES }, { "pkg", BS_ID_VARIES }, { NULL, 0 } };
	static const struct bs_idcol pyperf[] = { { "benchmark", 0 },
	    { NULL, 0 } };
	static const struct bs_idcol fio[] = { { "jobname", 0 }, { "rw", 0 },
	    { NULL, 0 } };
	static const struct bs_idcol jmh[] = { { "benchmark", 0 },
	    { "param_", BS_ID_PREFIX | BS_ID_VARIES }, { "mode", 0 },
	    { "threads", BS_ID_VARIES }, { NULL, 0 } };
	static const struct bs_idcol pytestbench[] = { { "fullname", 0 },
	    { "name", BS_ID_ELSE }, { "param", BS_ID_VARIES }, { NULL, 0 } };
	static const struct bs_idcol lmbench[] = { { "name", 0 },
	    { "stride", BS_ID_VARIES }, { "size_kb", BS_ID_VARIES },
	    { "jobs", BS_ID_VARIES }, { "size_mb", BS_ID_VARIES },
	    { "procs", BS_ID_VARIES }, { "usecs", BS_ID_VARIES },
	    { NULL, 0 } };
	static const struct bs_idcol cyclictest[] = { { "thread",
	    BS_ID_VARIES }, { NULL, 0 } };
	static const struct bs_idcol ws[] = { { "Device", BS_ID_VARIES },
	    { "IFACE", BS_ID_VARIES }, { "CPU", BS_ID_VARIES },
	    { "PID", BS_ID_VARIES }, { "Command", BS_ID_VARIES },
	    { NULL, 0 } };

	switch (f) {
	case BS_FMT_HYPERFINE:
		return hyperfine;
	case BS_FMT_GBENCH:
		return gbench;
	case BS_FMT_GOBENCH:
		return gobench;
	case BS_FMT_PYPERF:
		return pyperf;
	case BS_FMT_FIO:
		return fio;
	case BS_FMT_JMH:
		return jmh;
	case BS_FMT_PYTEST_BENCHMARK:
		return pytestbench;
	case BS_FMT_LMBENCH:
		return lmbench;
	case BS_FMT_WS:
		return ws;
	case BS_FMT_CYCLICTEST:
		return cyclictest;
	case BS_FMT_BDN:	/* FullName: type, method, parameters */
	case BS_FMT_LIBTEST:
	case BS_FMT_CRITERION:
	case BS_FMT_CATCH2:
	case BS_FMT_BENCHMARKJS:
	case BS_FMT_CUSTOM_JSON:
		return name;
	default:
		return none;
	}
}

/*
 * What the value of a format's summaries is, named as the format's
 * readers of values name it (hyperfine's and BenchmarkDotNet's "time"),
 * or NULL: a summary row's mean, sd, median, min and max are the
 * statistics of this quantity.
 */
const char *
bs_format_summary_name(enum bs_format f)
{
	switch (f) {
	case BS_FMT_HYPERFINE:		/* --export-json: time */
	case BS_FMT_BDN:		/* with measurements: time */
	case BS_FMT_PYTEST_BENCHMARK:	/* with its rounds: time */
	case BS_FMT_CATCH2:		/* the time of a run */
		return "time";
	default:
		return NULL;
	}
}

const char *
bs_format_name(enum bs_format f)
{
	return (unsigned)f < BS_FMT__MAX ? fmtnames[f] : "?";
}

int
bs_format_parse(const char *name)
{
	for (int i = 0; i < BS_FMT__MAX; i++)
		if (strcmp(name, fmtnames[i]) == 0)
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */

/*
 * Every reader hands its fields over through these, so the cap on the
 * size of one field (BS_MAX_FIELD) holds for every format, the JSON ones
 * and the real tools' included, whatever the reader's own limits.
 */
struct capctx {
	const struct bs_reader_cb *cb;
	const char	*name;
	struct bs_spans	*spans;		/* NULL unless asked for */
};

static int
capcheck(const struct capctx *c, const struct bs_field *f, size_t n,
    const struct bs_record *r, struct bs_err *e)
{
	for (size_t i = 0; i < n; i++) {
		if (f[i].len <= BS_MAX_FIELD)
			continue;
		if (r == NULL)
			return bs_seterr(e, c->name, 0, "column name %zu is "
			    "longer than %u bytes (the limit)", i + 1,
			    BS_MAX_FIELD);
		if (r->line == 0)
			return bs_seterr(e, c->name, 0, "record %zu: field %zu "
			    "is longer than %u bytes (the limit)", r->recno,
			    i + 1, BS_MAX_FIELD);
		return bs_seterr(e, c->name, r->line, "field %zu is longer "
		    "than %u bytes (the limit)", i + 1, BS_MAX_FIELD);
	}
	return 0;
}

static int
cap_header(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	const struct capctx *c = arg;

	/*
	 * Formats whose records bring their own keys (kv, JSON) hand over
	 * every record as wide as all keys: a key made from data (an id, a
	 * time) would make that quadratic.
	 */
	if (n > BS_MAX_COLUMNS)
		return bs_seterr(e, c->name, 0, "%zu columns (distinct keys), "
		    "more than %u (the limit)", n, BS_MAX_COLUMNS);
	if (capcheck(c, f, n, NULL, e) == -1)
		return -1;
	return c->cb->header(c->cb->arg, f, n, e);
}

static int
cap_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	const struct capctx *c = arg;

	if (capcheck(c, r->f, r->nf, r, e) == -1)
		return -1;
	if (c->spans != NULL) {
		/* A span keeps 30 bits of length: a buffer may be made. */
		if (BS_SPAN_LEN(r->len) != r->len)
			return bs_seterr(e, c->name, r->line, "record longer "
			    "than %u bytes", BS_SPAN_LEN(~0u));
		if (bs_spans_add(c->spans, r->off, r->len, r->eollen) == -1)
			return bs_seterr(e, c->name, r->line, "out of memory");
	}
	return c->cb->record(c->cb->arg, r, e);
}

static void
cap_warn(void *arg, const char *msg)
{
	const struct capctx *c = arg;

	c->cb->warn(c->cb->arg, msg);
}

static void
cap_note(void *arg, const char *msg)
{
	const struct capctx *c = arg;

	c->cb->note(c->cb->arg, msg);
}

static void
cap_format(void *arg, enum bs_format f)
{
	const struct capctx *c = arg;

	c->cb->format(c->cb->arg, f);
}

static void
cap_unit(void *arg, const char *column, const char *unit)
{
	const struct capctx *c = arg;

	c->cb->unit(c->cb->arg, column, unit);
}

static void
cap_meta(void *arg, const char *key, const char *value)
{
	const struct capctx *c = arg;

	c->cb->meta(c->cb->arg, key, value);
}

static void
cap_role(void *arg, const char *column, enum bs_colrole role)
{
	const struct capctx *c = arg;

	c->cb->role(c->cb->arg, column, role);
}

/* The readers that need nothing but the source, by format. */
static int (*const readers[BS_FMT__MAX])(struct bs_src *,
    const struct bs_reader_cb *, struct bs_err *) = {
	[BS_FMT_KV] = bs_read_kv,
	[BS_FMT_PLAIN] = bs_read_plain,
	[BS_FMT_HYPERFINE] = bs_read_hyperfine,
	[BS_FMT_GBENCH] = bs_read_gbench,
	[BS_FMT_GOBENCH] = bs_read_gobench,
	[BS_FMT_PYPERF] = bs_read_pyperf,
	[BS_FMT_FIO] = bs_read_fio,
	[BS_FMT_WRK] = bs_read_wrk,
	[BS_FMT_HGRM] = bs_read_hgrm,
	[BS_FMT_JMH] = bs_read_jmh,
	[BS_FMT_BDN] = bs_read_bdn,
	[BS_FMT_PYTEST_BENCHMARK] = bs_read_pytestbench,
	[BS_FMT_LIBTEST] = bs_read_libtest,
	[BS_FMT_CRITERION] = bs_read_criterion,
	[BS_FMT_CATCH2] = bs_read_catch2,
	[BS_FMT_BENCHMARKJS] = bs_read_benchmarkjs,
	[BS_FMT_CUSTOM_JSON] = bs_read_customjson,
	[BS_FMT_LMBENCH] = bs_read_lmbench,
	[BS_FMT_CYCLICTEST] = bs_read_cyclictest,
};

int
bs_read(const struct bs_buf *buf, const char *path,
    const struct bs_read_opts *o, const struct bs_reader_cb *ucb,
    enum bs_format *used, int *useddelim, struct bs_err *e)
{
	struct bs_src s;
	enum bs_format f = o->format;
	int delim = o->delim, rc = -1;
	struct capctx cc = { ucb, NULL, NULL };
	struct bs_reader_cb wcb = { cap_header, cap_record, &cc,
	    ucb->warn ? cap_warn : NULL, ucb->format ? cap_format : NULL,
	    ucb->unit ? cap_unit : NULL, ucb->meta ? cap_meta : NULL,
	    ucb->note ? cap_note : NULL, ucb->role ? cap_role : NULL };
	const struct bs_reader_cb *cb = &wcb;
	size_t dlen, bom;

	if (bs_src_open(&s, buf, path, e) == -1)
		return -1;
	cc.name = s.name;
	dlen = s.len < BS_DETECT_LEN ? s.len : BS_DETECT_LEN;
	bom = bs_skipbom(s.win, dlen);
	if (f == BS_FMT_AUTO && delim != 0)
		f = delim == '\t' ? BS_FMT_TSV : BS_FMT_CSV;	/* -d given */
	else if (f == BS_FMT_AUTO)
		f = bs_detect(s.win, dlen, &delim);
	/*
	 * lmbench's results are among the blank-aligned text ws reads:
	 * its own reader has them, its headerless tables too.
	 */
	if (f == BS_FMT_WS && bs_lmbench_detect(s.win + bom, dlen - bom, 1))
		f = BS_FMT_LMBENCH;
	if ((f == BS_FMT_CSV || f == BS_FMT_TSV) && delim == 0)
		delim = f == BS_FMT_TSV ? '\t' :
		    bs_delim_detect(s.win + bom, dlen - bom);
	if (used)
		*used = f;
	if (useddelim)
		*useddelim = delim;
	if (cb->format)
		cb->format(cb->arg, f);
	/* bstat's table for people read back: say what to write instead. */
	if (o->format == BS_FMT_AUTO && f != BS_FMT_JSON &&
	    f != BS_FMT_NDJSON && (f < BS_FMT_HYPERFINE || f == BS_FMT_WS) &&
	    (rc = bs_detect_bstat_table(s.win + bom, dlen - bom)) != 0) {
		bs_seterr(e, s.name, 1, "this is bstat's %s table, for "
		    "people: to read its numbers again, write them with -f csv",
		    rc == 2 ? "Markdown" : "aligned");
		bs_src_close(&s);
		return -1;
	}
	/*
	 * XML that is no Catch2 report would be read as key="value"
	 * lines, its attributes pooled: said instead.
	 */
	if (o->format == BS_FMT_AUTO && f < BS_FMT_HYPERFINE &&
	    (rc = bs_detect_xml(s.win, dlen)) != 0) {
		if (rc == 1)
			bs_seterr(e, s.name, 0, "JUnit XML is not read: a test "
			    "report, no measurements (give the benchmark's "
			    "own output: Catch2's -r xml or console)");
		else
			bs_seterr(e, s.name, 0, "XML is not read: no reader "
			    "knows this document (of XML, Catch2's -r xml "
			    "report is read)");
		bs_src_close(&s);
		return -1;
	}
	if (o->format == BS_FMT_AUTO && f < BS_FMT_HYPERFINE &&
	    bs_detect_redis_text(s.win, dlen)) {
		bs_seterr(e, s.name, 0, "redis-benchmark's text report is not "
		    "read (its progress lines would pass for key=value data): "
		    "run it with --csv");
		bs_src_close(&s);
		return -1;
	}
	/* Only text read from memory has bytes to write back. */
	if (buf != NULL && f != BS_FMT_JSON && f < BS_FMT_HYPERFINE)
		cc.spans = o->spans;
	switch (f) {
	case BS_FMT_CSV:
	case BS_FMT_TSV:
		rc = bs_read_delim(&s, delim, o->no_header, cb, e);
		break;
	case BS_FMT_JSON:
	case BS_FMT_NDJSON:
		rc = bs_read_json(&s, f, cb, e);
		break;
	case BS_FMT_WS:
		rc = bs_read_ws(&s, o, cb, e);
		break;
	default:
		rc = (unsigned)f < BS_FMT__MAX && readers[f] != NULL ?
		    readers[f](&s, cb, e) :
		    bs_seterr(e, s.name, 0, "unknown input format");
		break;
	}
	/*
	 * A tool's format is told by what its output holds, which other
	 * text may hold too: an error names the format the input was
	 * taken for, unless it does already.
	 */
	if (rc == -1 && o->format == BS_FMT_AUTO && f >= BS_FMT_HYPERFINE &&
	    f < BS_FMT__MAX && strstr(e->msg, fmtnames[f]) == NULL &&
	    strstr(e->msg, "Google Benchmark") == NULL &&
	    strstr(e->msg, "go test") == NULL &&
	    strstr(e->msg, " is not read") == NULL &&	/* named already */
	    strstr(e->msg, "out of memory") == NULL) {
		size_t ml = strlen(e->msg);

		snprintf(e->msg + ml, sizeof(e->msg) - ml, " (read as %s "
		    "output; --input-format chooses another)", fmtnames[f]);
	}
	bs_src_close(&s);
	return rc;
}
