/*
 * The registry of input formats: every format once, one line each.
 * A format's row (struct bs_fmt: name, detectors and their orders,
 * reader, spans, identity and run-describing columns, summaries,
 * levels) is defined in the file that reads it; this list is the only
 * place that names them all.  Its order is the order the tools list the
 * names in (--help, the "takes" error); detection has its own, the
 * orders of the rows' detectors, so that neither depends on the other,
 * and a format is its row: there is no other handle.
 */
#include <string.h>

#include "libstat.h"
#include "read/read.h"

#define FORMATS(F)		\
	F(auto)			\
	F(csv)			\
	F(tsv)			\
	F(json)			\
	F(ndjson)		\
	F(kv)			\
	F(plain)		\
	F(hyperfine)		\
	F(gbench)		\
	F(gobench)		\
	F(pyperf)		\
	F(fio)			\
	F(ws)			\
	F(wrk)			\
	F(hgrm)			\
	F(jmh)			\
	F(bdn)			\
	F(pytestbench)		\
	F(libtest)		\
	F(criterion)		\
	F(catch2)		\
	F(benchmarkjs)		\
	F(customjson)		\
	F(lmbench)		\
	F(cyclictest)		\
	F(iperf3)		\
	F(sysbench)		\
	F(perfstat)	\
	F(stressng)		\
	F(pgbench)		\
	F(ab)			\
	F(redis)		\
	F(jmeter)		\
	F(locust)		\
	F(locust_history)	\
	F(autocannon)		\
	F(vegeta)		\
	F(artillery)		\
	F(k6)			\
	F(hlog)

#define DECLARE(n)	extern const struct bs_fmt bs_fmt_##n;
#define POINTER(n)	&bs_fmt_##n,

FORMATS(DECLARE)

const struct bs_fmt *const bs_formats[] = { FORMATS(POINTER) NULL };

/* Detect first: the format is chosen by detection or named (-i auto). */
const struct bs_fmt bs_fmt_auto = {
	.name = "auto",
};

int
bs_format_auto(const struct bs_fmt *f)
{
	return f == NULL || f == &bs_fmt_auto;
}

const char *
bs_format_name(const struct bs_fmt *f)
{
	return f != NULL ? f->name : "auto";
}

const struct bs_fmt *
bs_format_find(const char *name)
{
	for (size_t i = 0; bs_formats[i] != NULL; i++)
		if (strcmp(name, bs_formats[i]->name) == 0)
			return bs_formats[i];
	return NULL;
}

const char *
bs_format_nth(size_t i)
{
	for (size_t k = 0; bs_formats[k] != NULL; k++)
		if (k == i)
			return bs_formats[k]->name;
	return NULL;
}

const char *const *
bs_format_meta(const struct bs_fmt *d)
{
	static const char *const none[] = { NULL };

	return d != NULL && d->meta != NULL ? d->meta : none;
}

const struct bs_idcol *
bs_format_identity(const struct bs_fmt *d)
{
	static const struct bs_idcol none[] = { { NULL, 0 } };

	return d != NULL && d->identity != NULL ? d->identity : none;
}

const char *const *
bs_format_levels(const struct bs_fmt *d)
{
	static const char *const none[] = { NULL };

	return d != NULL && d->levels != NULL ? d->levels : none;
}

const char *
bs_format_summary_name(const struct bs_fmt *d)
{

	return d != NULL ? d->summary : NULL;
}

int
bs_format_rows(const struct bs_fmt *d)
{

	return d != NULL ? d->rows : BS_ROWS_RUNS;
}

const char *
bs_format_time(const struct bs_fmt *d)
{

	return d != NULL ? d->time : NULL;
}

const char *
bs_format_ok(const struct bs_fmt *d)
{

	return d != NULL && d->ok != NULL ? d->ok : "success";
}
