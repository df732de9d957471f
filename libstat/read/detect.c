/*
 * Format detection, from the first BS_DETECT_LEN bytes of an input: the
 * real tools' formats by what they always write (each format's detector
 * and its place in the order are in its row of the registry), then JSON
 * by its first byte, then the line formats (plain numbers, key=value,
 * blank-aligned, delimited) by what their first lines hold: these last
 * questions, and their order, are here.
 */
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/*
 * A real tool's format in p[0..len) (white space skipped): the format
 * of the detector of lowest order (bs_fmt.detect) that says yes;
 * NULL when none does.  Only detectors that could still win are
 * asked, but any may be, so none can rely on another having said no.
 */
static const struct bs_fmt *
detect_tool(const char *p, size_t len)
{
	const struct bs_fmt *best = NULL, *d;
	int border = 0;
	size_t i = 0;

	while (i < len && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' ||
	    p[i] == '\t'))
		i++;
	for (size_t k = 0; (d = bs_formats[k]) != NULL; k++)
		for (size_t j = 0; j < BS_NDETECT; j++) {
			const struct bs_detector *t = &d->detect[j];

			if (t->fn != NULL && (best == NULL ||
			    t->order < border) && t->fn(p + i, len - i)) {
				best = d;
				border = t->order;
			}
		}
	return best;
}

/*
 * Is p[0..len) delimited text under a well-formed header: a first record
 * of two or more non-empty names without '=', and every later complete
 * record of the same number of fields (counted outside quotes, a quoted
 * field may hold a newline)?  Such a header wins over key=value text in
 * a quoted cell, wherever that row falls.
 */
static int
csv_header_wins(const char *p, size_t len)
{
	int d = bs_delim_detect(p, len), inq = 0, eq = 0, empty = 0;
	size_t i, nf = 1, hdr = 0, flen = 0;

	for (i = 0; i < len; i++) {
		int c = (unsigned char)p[i];

		if (c == '"') {
			inq = !inq;
			flen++;
			continue;
		}
		if (inq) {
			flen++;
			continue;
		}
		if (c == '\r')
			continue;
		if (c == '\n' && hdr > 0 && nf == 1 && flen == 0)
			continue;	/* a blank line */
		if (c == d || c == '\n') {
			if (hdr == 0 && flen == 0)
				empty = 1;
			flen = 0;
			if (c == d) {
				nf++;
				continue;
			}
			if (hdr == 0) {
				if (nf < 2 || eq || empty)
					return 0;
				hdr = nf;
			} else if (nf != hdr) {
				return 0;
			}
			nf = 1;
			continue;
		}
		if (c != ' ' && c != '\t')
			flen++;
		if (hdr == 0 && c == '=')
			eq = 1;
	}
	/* The last record may be cut by the detection window: not judged. */
	return hdr > 0;
}

const struct bs_fmt *
bs_detect(const char *p, size_t len, int *delim)
{
	size_t i = bs_skipbom(p, len), ls, nlines = 0;
	int allplain = 1, anykv = 0, firstnum = -1, anydelim = 0;
	int firstlooks = 0;
	const char *nl;
	const struct bs_fmt *t;

	while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	    p[i] == '\n'))
		i++;
	/* Metadata comments ("# cpu_model: ...") come before a table. */
	i += bs_skip_comments(p + i, len - i);
	if ((t = detect_tool(p + i, len - i)) != NULL)
		return t;
	if (i < len && (p[i] == '[' || p[i] == '{'))
		return bs_json_kind(p + i, len - i);
	for (ls = i; ls < len && nlines < 20; ) {
		size_t le;

		nl = memchr(p + ls, '\n', len - ls);
		le = nl ? (size_t)(nl - p) : len;
		{
			size_t s = ls, e = le;

			while (s < e && (p[s] == ' ' || p[s] == '\t'))
				s++;
			while (e > s && (p[e - 1] == '\r' || p[e - 1] == ' '))
				e--;
			if (e > s && p[s] != '#') {
				int num = bs_plain_line(p + s, e - s);

				nlines++;
				if (!num)
					allplain = 0;
				if (firstnum < 0) {
					firstnum = num;
					firstlooks = !num && bs_plain_looks_numeric(
					    p + s, e - s);
				}
				for (size_t q = s; q < e && !anydelim; q++)
					anydelim = p[q] == ',' || p[q] == ';' ||
					    p[q] == '|' || p[q] == '\t';
				if (nlines <= 3 && bs_kv_line(p + s, e - s))
					anykv = 1;
			}
		}
		if (nl == NULL)
			break;
		ls = le + 1;
	}
	/*
	 * A column of numbers is plain; so is one that starts with a number
	 * and has no delimiter, so that a stray word is an error on its own
	 * line rather than the first number taken for a header.  A first
	 * line that looks like a number but is not one is such a stray
	 * word too: a header must not look numeric.
	 */
	if (nlines > 0 && (allplain || ((firstnum == 1 || firstlooks) &&
	    !anydelim && !anykv)))
		return &bs_fmt_plain;
	if (anykv && !(anydelim && csv_header_wins(p + i, len - i)))
		return &bs_fmt_kv;
	/* Blank-aligned columns only where no delimiter would do. */
	if (bs_ws_detect(p + i, len - i))
		return &bs_fmt_ws;
	*delim = bs_delim_detect(p + i, len - i);
	return *delim == '\t' ? &bs_fmt_tsv : &bs_fmt_csv;
}

/*
 * Is p[0..len) a table bstat wrote for people: aligned columns (1) or
 * Markdown (2)?  Its header holds "column", "n" and "mean" as words
 * between runs of blanks or between bars; read back as data it would
 * fail far from its cause, so the reader says what to write instead.
 */
int
bs_detect_bstat_table(const char *p, size_t len)
{
	const char *nl = memchr(p, '\n', len);
	size_t ll = nl ? (size_t)(nl - p) : len, i = 0;
	int md = ll > 0 && p[0] == '|', col = 0, mean = 0;

	if (ll == 0 || memchr(p, ',', ll) != NULL || memchr(p, '\t', ll) !=
	    NULL)
		return 0;
	/* Words between blanks (and bars in Markdown). */
	while (i < ll) {
		size_t w;

		while (i < ll && (p[i] == ' ' || (md && p[i] == '|')))
			i++;
		for (w = i; i < ll && p[i] != ' ' && p[i] != '|'; i++)
			;
		if (i == w) {
			i++;	/* a bar outside Markdown: a byte, not a word */
			continue;
		}
		if (i - w == 6 && memcmp(p + w, "column", 6) == 0)
			col = 1;
		if (i - w == 4 && memcmp(p + w, "mean", 4) == 0)
			mean = 1;
	}
	return col && mean ? md + 1 : 0;
}

/*
 * redis-benchmark's text report ("====== SET ======", "10000 requests
 * completed in 0.16 seconds"): its progress lines ("SET: rps=0.0 ...")
 * would pass for key=value data, its report for nothing read.
 */
int
bs_detect_redis_text(const char *p, size_t len)
{
	return bs_contains(p, len, "====== ") &&
	    bs_contains(p, len, " requests completed in ");
}

/*
 * XML that no reader reads (Catch2's is detected as catch2): 1 for
 * JUnit's test report (<testsuites>, <testsuite>), 2 for other XML, 0
 * when p[0..len) is no XML.
 */
int
bs_detect_xml(const char *p, size_t len)
{
	size_t i = bs_skipbom(p, len);

	while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	    p[i] == '\n'))
		i++;
	if (i + 1 >= len || p[i] != '<' || !(p[i + 1] == '?' ||
	    p[i + 1] == '!' || (p[i + 1] >= 'A' && p[i + 1] <= 'Z') ||
	    (p[i + 1] >= 'a' && p[i + 1] <= 'z')))
		return 0;
	return bs_contains(p + i, len - i, "<testsuites") ||
	    bs_contains(p + i, len - i, "<testsuite ") ? 1 : 2;
}
