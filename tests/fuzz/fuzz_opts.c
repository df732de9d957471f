/*
 * libFuzzer target for option values and column choices.  The tools
 * parse options with getopt and exit on a bad value, so this target
 * fuzzes what they hand the values to: bs_parse_double, bs_parse_size,
 * bs_parse_dlist, bs_format_find, bs_outfmt_parse, and the resolution
 * of -g/-c lists (names or 1-based numbers) against a header in
 * bs_table, followed by summaries with the parsed percentiles,
 * confidence and quantile type (validated as bstat validates them).
 *
 * Input: lines
 *   1 an option value (every parser gets it)
 *   2 --group list   3 --column list   4 exclude list
 *   5 --percentiles  6 --confidence    7 --quantile-type
 *   then the data (CSV by default detection); a fixed table if none.
 * A missing line is an option not given.
 */
#include <math.h>

#include "common.h"

#define NLINES 7

static const char defdata[] =
    "threads,impl,ns,a b,3,\"q,x\"\n"
    "1,x,10,1,2,3\n2,x,12,2,3,4\n1,y,11,3,4,5\n2,y,13,4,5,6\n";

static void
parsers(const char *s)
{
	double d, list[BS_MAX_PCT];
	const struct bs_fmt *fm;
	size_t z;
	int n, f;

	if (bs_parse_double(s, &d) == 0)
		FUZZ_CHECK(isfinite(d), "bs_parse_double gave a non-finite");
	(void)bs_parse_size(s, &z);
	n = bs_parse_dlist(s, list, BS_MAX_PCT);
	FUZZ_CHECK(n >= -1 && n <= BS_MAX_PCT, "bs_parse_dlist count");
	for (int i = 0; i < n; i++)
		FUZZ_CHECK(isfinite(list[i]), "bs_parse_dlist non-finite");
	n = bs_parse_dlist(s, list, 1);
	FUZZ_CHECK(n >= -1 && n <= 1, "bs_parse_dlist max");
	fm = bs_format_find(s);
	if (fm != NULL)
		FUZZ_CHECK(strcmp(bs_format_name(fm), s) == 0,
		    "format name round trip");
	f = bs_outfmt_parse(s);
	FUZZ_CHECK(f >= -1 && f <= BS_OUT_MD, "bs_outfmt_parse");
}

static void
table(const struct bs_buf *b, char *const *line, int files)
{
	struct bs_table_opts o;
	struct bs_summary_opts so;
	struct bs_summary s;
	struct bs_table *t;
	struct bs_err e;
	double d, pct[BS_MAX_PCT];
	size_t z;
	int n;

	memset(&o, 0, sizeof(o));
	o.groups = line[1];
	o.columns = line[2];
	o.exclude = line[3];
	o.file_group = files > 1;
	t = bs_table_new(&o);
	FUZZ_CHECK(t != NULL, "bs_table_new");
	for (int i = 0; i < files; i++)
		if (bs_table_read(t, b, NULL, &e) == -1) {
			fuzz_check_err(&e);
			goto out;
		}
	if (bs_table_finish(t, &e) == -1) {
		fuzz_check_err(&e);
		goto out;
	}
	for (size_t k = 0; k < t->ngcols; k++)
		FUZZ_CHECK(t->gcols[k] < t->nnames, "group column index");
	for (size_t k = 0; k < t->nvcols; k++)
		FUZZ_CHECK(t->vcols[k] < t->nnames, "value column index");
	bs_summary_opts_default(&so);
	/* As bstat: a list that fails to parse or is out of range exits. */
	if (line[4] && (n = bs_parse_dlist(line[4], pct, BS_MAX_PCT)) > 0) {
		int ok = 1;

		for (int i = 0; i < n; i++)
			if (!(pct[i] >= 0 && pct[i] <= 100))
				ok = 0;
		if (ok) {
			memcpy(so.pct, pct, (size_t)n * sizeof(*pct));
			so.npct = (size_t)n;
		}
	}
	if (line[5] && bs_parse_double(line[5], &d) == 0 && d > 0 && d < 100)
		so.confidence = d;
	if (line[6] && bs_parse_size(line[6], &z) == 0 && z >= 1 && z <= 9)
		so.qtype = (int)z;
	if (line[6] && bs_parse_size(line[6], &z) == 0)
		so.skip = z;
	for (size_t g = 0; g < t->ngroups; g++)
		for (size_t c = 0; c < t->nvcols; c++)
			if (bs_summarize(&t->groups[g].s[c], &so, 1, &s,
			    &e) == -1)
				fuzz_check_err(&e);
			else if (s.n > 0)
				for (size_t k = 0; k < so.npct; k++)
					FUZZ_CHECK(isnan(s.pct[k]) ||
					    (s.pct[k] >= s.min &&
					    s.pct[k] <= s.max),
					    "percentile outside the data");
out:
	bs_table_free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *line[NLINES], *p;
	struct bs_buf b;
	int n = 0;

	FUZZ_CHECK(copy != NULL, "malloc");
	memcpy(copy, data, size);
	copy[size] = '\0';
	memset(line, 0, sizeof(line));
	p = copy;
	while (n < NLINES && p < copy + size) {
		char *nl = memchr(p, '\n', (size_t)(copy + size - p));

		line[n++] = p;
		if (nl == NULL) {
			p = copy + size;
			break;
		}
		*nl = '\0';
		p = nl + 1;
	}
	if (line[0])
		parsers(line[0]);
	if (p < copy + size)
		fuzz_buf(&b, (const uint8_t *)p, (size_t)(copy + size - p));
	else
		fuzz_buf(&b, (const uint8_t *)defdata, sizeof(defdata) - 1);
	table(&b, line, 1);
	table(&b, line, 2);
	bs_buf_free(&b);
	free(copy);
	return 0;
}
