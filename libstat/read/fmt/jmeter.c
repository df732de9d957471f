/*
 * Apache JMeter's results file (JTL) in its CSV form
 * (jmeter.save.saveservice.output_format=csv, the default since 2.12):
 * a header line naming the fields saved, timeStamp first (the sample's
 * start, ms since the epoch), then elapsed, label, responseCode,
 * responseMessage, threadName, dataType, success, failureMessage, bytes,
 * sentBytes, grpThreads, allThreads, URL, Latency, IdleTime, Connect as
 * the saveservice properties choose; the delimiter is
 * default_delimiter's (a comma, or a tab).
 *
 * One row per request (sample), as in the file: label is its identity;
 * elapsed, Latency, Connect and IdleTime in ms, bytes and sentBytes in
 * B; success, a flag, as 1 or 0 (its mean the success ratio);
 * timeStamp, the row's time, and the fields that describe a sample
 * (code, message, thread, URL, thread counts) are metadata.  Streamed
 * (reqlog.c): a log of any length in the memory of one record.  The
 * XML form (output_format=xml) is detected and refused, saying how to
 * write CSV.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

static const char *const units[][2] = {
	{ "elapsed", "ms" }, { "Latency", "ms" }, { "Connect", "ms" },
	{ "IdleTime", "ms" }, { "bytes", "B" }, { "sentBytes", "B" },
	{ "timeStamp", "ms" },
	{ NULL, NULL }
};
static const char *const flags[] = { "success", NULL };

/* "timeStamp" and the delimiter after it, then "elapsed". */
static int
jtl_delim(const char *p, size_t len)
{
	if (len < 18 || memcmp(p, "timeStamp", 9) != 0 ||
	    (p[9] != ',' && p[9] != '\t' && p[9] != ';' && p[9] != '|'))
		return 0;
	return memcmp(p + 10, "elapsed", 7) == 0 ? p[9] : 0;
}

/* JMeter's XML results: <testResults> holding <httpSample>s. */
static int
is_xml(const char *p, size_t len)
{
	return bs_opens(p, len, '<') && bs_contains(p, len, "<testResults") &&
	    (bs_contains(p, len, "<httpSample") || bs_contains(p, len,
	    "<sample"));
}

static int
read_jmeter(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	size_t o = bs_skipbom(s->win, s->len);
	struct bs_csvlog lg = { .what = "JMeter", .units = units,
	    .flags = flags, .time = "timeStamp", .thread = "threadName",
	    .latency = "elapsed", .res = 1 };

	if (is_xml(s->win + o, s->len - o))
		return bs_seterr(e, s->name, 1, "JMeter: a JTL in XML is not "
		    "supported; save it as CSV "
		    "(jmeter.save.saveservice.output_format=csv)");
	if ((lg.delim = jtl_delim(s->win + o, s->len - o)) == 0)
		return bs_seterr(e, s->name, 1, "JMeter: a JTL CSV opens "
		    "with its header line (timeStamp,elapsed,...); one "
		    "without (print_field_names=false) or in XML is not "
		    "supported");
	return bs_csvlog_read(s, &lg, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && jtl_delim(p, len) != 0;
}

/* Its XML form, detected to be refused with what to do instead. */
static int
detect_xml(const char *p, size_t len)
{
	return is_xml(p, len);
}

static const struct bs_idcol idcols[] = { { "label", 0 }, { NULL, 0 } };
static const char *const metacols[] = { "timeStamp", "responseCode",
    "responseMessage", "threadName", "dataType", "failureMessage",
    "grpThreads", "allThreads", "URL", "Hostname", "SampleCount",
    "ErrorCount", "Filename", NULL };

const struct bs_fmt bs_fmt_jmeter = {
	.name = "jmeter",
	.label = "JMeter",
	.detect = { { detect, 297 }, { detect_xml, 299 } },
	.read = read_jmeter,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.rows = BS_ROWS_REQUESTS,
	.time = "timeStamp",
};
