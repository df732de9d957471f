/*
 * HdrHistogram's percentile distribution (.hgrm), as its
 * outputPercentileDistribution() and wrk2 --latency print it: a header
 * "Value Percentile TotalCount 1/(1-Percentile)", one line per reported
 * percentile, and a footer "#[Mean = m, StdDeviation = s]", "#[Max = x,
 * Total count = n]", "#[Buckets = b, SubBuckets = sb]".
 *
 * One row per percentile line (kind "percentile"): percentile on 0-100
 * (the file's fraction times 100, shifted in decimal so that 0.999 is
 * 99.9 exactly), value, total_count.  The last column, 1/(1-p), follows
 * from percentile and is left out, except where the printed percentiles
 * of neighbouring rows tie (six decimals: the tail): there the exact
 * percentile 100 (1 - 1/X) is taken from it.  The footer is one more row (kind
 * "summary"): mean, stddev, max and count.  The file never states the
 * unit of its values (the printer divides by a ratio it was given), so
 * none is declared: a caller who knows it names it.  The percentile
 * rows are one distribution, not runs: their column roles say so
 * (BS_ROLE_PERCENTILE, BS_ROLE_QUANTILE), and a table refuses to pool
 * them in one series.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

struct hf {
	const char	*s;
	size_t		 len;
};

static size_t
fields(const char *s, size_t len, struct hf *f, size_t max, const char *sep)
{
	size_t k = 0, n = 0;

	while (k < len && n < max) {
		while (k < len && strchr(sep, s[k]) != NULL)
			k++;
		if (k == len)
			break;
		f[n].s = s + k;
		while (k < len && strchr(sep, s[k]) == NULL)
			k++;
		f[n].len = (size_t)(s + k - f[n].s);
		n++;
	}
	return n;
}

static int
num(const struct hf *f)
{
	struct bs_dec d;
	double v;

	return bs_parse_number(f->s, f->len, &d, &v) == BS_NUM_OK;
}

/*
 * A fraction "0.999000000000" as a percentage "99.9": the point moved
 * two places right, in the text; -1 when it is no plain decimal.
 */
static int
percent(const struct hf *f, char *out, size_t outsz)
{
	char dig[64];
	size_t nd = 0, point = 0, i, o = 0;
	int seen = 0;

	if (f->len >= sizeof(dig) - 4 || outsz < f->len + 4)
		return -1;
	for (i = 0; i < f->len; i++) {
		if (f->s[i] == '.' && !seen) {
			seen = 1;
			point = nd;
		} else if (isdigit((unsigned char)f->s[i]))
			dig[nd++] = f->s[i];
		else
			return -1;
	}
	if (nd == 0)
		return -1;
	if (!seen)
		point = nd;
	while (nd < point + 2)
		dig[nd++] = '0';
	point += 2;
	/* Leading zeros of the whole part go, all but one. */
	for (i = 0; i + 1 < point && dig[i] == '0'; i++)
		;
	for (; i < point; i++)
		out[o++] = dig[i];
	if (nd > point) {
		size_t e = nd;

		while (e > point && dig[e - 1] == '0')
			e--;
		if (e > point) {
			out[o++] = '.';
			memcpy(out + o, dig + point, e - point);
			o += e - point;
		}
	}
	out[o] = '\0';
	return 0;
}

/* "#[Mean    =        0.892, StdDeviation   =        0.919]" */
static int
footer(struct bs_rows *r, const char *s, size_t len)
{
	static const char *const keys[][2] = {
		{ "Mean", "mean" }, { "StdDeviation", "stddev" },
		{ "Max", "max" }, { "Total count", "count" },
	};
	size_t pos = 2, any = 0;

	if (len < 3 || s[len - 1] != ']')
		return 0;
	len--;
	while (pos < len) {
		const char *c = memchr(s + pos, ',', len - pos);
		size_t end = c ? (size_t)(c - s) : len;
		const char *eq = memchr(s + pos, '=', end - pos);

		if (eq != NULL) {
			const char *k = s + pos, *v = eq + 1;
			size_t kl = (size_t)(eq - k), vl = (size_t)(s + end - v);

			bs_trim(&k, &kl);
			bs_trim(&v, &vl);
			for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]);
			    i++)
				if (strlen(keys[i][0]) == kl &&
				    memcmp(keys[i][0], k, kl) == 0) {
					bs_rows_setn(r, keys[i][1], v, vl);
					any++;
				}
		}
		pos = end + 1;
	}
	return any > 0;
}

/*
 * The printed percentile (second field) of the next data line after
 * p[pos..len), blank lines and comments skipped; empty when none.
 */
static void
nextfrac(const char *p, size_t pos, size_t len, struct hf *out)
{
	struct hf f[3];

	out->s = "";
	out->len = 0;
	while (pos < len) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll = end - pos;
		const char *s = p + pos;

		pos = end + 1;
		bs_trim(&s, &ll);
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		if (ll == 0 || s[0] == '#')
			continue;
		if (fields(s, ll, f, 3, " \t") >= 2)
			*out = f[1];
		return;
	}
}

static int
hgrm(const char *p, size_t len, struct bs_rows *r, const char *name,
    struct bs_err *e)
{
	struct hf f[8], prev = { "", 0 }, nf;
	size_t pos = bs_skipbom(p, len), line = 0, sumline = 0, n;
	int header = 0, summary = 0;

	while (pos < len) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll = end - pos;
		const char *s = p + pos;
		char pct[80];

		line++;
		pos = end + 1;
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		bs_trim(&s, &ll);
		if (ll == 0)
			continue;
		if (ll >= 2 && s[0] == '#' && s[1] == '[') {
			if (footer(r, s, ll)) {
				summary = 1;
				if (sumline == 0)
					sumline = line;
			}
			continue;
		}
		if (s[0] == '#')
			continue;
		n = fields(s, ll, f, 8, " \t");
		if (!header) {
			if (n >= 3 && f[0].len == 5 &&
			    memcmp(f[0].s, "Value", 5) == 0) {
				header = 1;
				continue;
			}
			return bs_seterr(e, name, line, "no HdrHistogram "
			    "header (Value Percentile TotalCount "
			    "1/(1-Percentile)) before the values");
		}
		if (summary)
			return bs_seterr(e, name, line, "values after the "
			    "#[...] footer");
		if (n < 3 || n > 4 || !num(&f[0]) || !num(&f[2]) ||
		    percent(&f[1], pct, sizeof(pct)) == -1)
			return bs_seterr(e, name, line, "a percentile line is "
			    "Value Percentile TotalCount [1/(1-Percentile)], "
			    "numbers");
		/*
		 * Printed to six decimals (wrk2, HdrHistogram_c), the tail's
		 * percentiles tie ("1.000000" for 0.9999995 and 1): a row
		 * whose printed percentile is its neighbour's takes the exact
		 * one, 100 (1 - 1/X), from its 1/(1-Percentile) column X, so
		 * that no two percentiles are pooled.
		 */
		nextfrac(p, pos, len, &nf);
		if (n == 4 && ((prev.len == f[1].len && memcmp(prev.s, f[1].s,
		    f[1].len) == 0) || (nf.len == f[1].len && memcmp(nf.s,
		    f[1].s, f[1].len) == 0))) {
			struct bs_dec d;
			double x;

			if (bs_parse_number(f[3].s, f[3].len, &d, &x) ==
			    BS_NUM_OK && x >= 1)
				snprintf(pct, sizeof(pct), "%.10g",
				    100 * (1 - 1 / x));
		}
		prev = f[1];
		bs_rows_set(r, "kind", "percentile");
		bs_rows_set(r, "percentile", pct);
		bs_rows_setn(r, "value", f[0].s, f[0].len);
		bs_rows_setn(r, "total_count", f[2].s, f[2].len);
		bs_rows_endrow(r, line);
	}
	if (summary) {
		bs_rows_set(r, "kind", "summary");
		bs_rows_endrow(r, sumline);
	}
	/* The percentile lines are one distribution, not runs. */
	if (bs_strhash_get(&r->colh, "value", 5) >= 0) {
		bs_rows_role(r, "percentile", BS_ROLE_PERCENTILE);
		bs_rows_role(r, "value", BS_ROLE_QUANTILE);
	}
	return 0;
}

/* The header line first, the footer's words ahead of any value. */
static int
bs_hgrm_detect(const char *p, size_t len)
{
	struct hf f[5];
	const char *nl = memchr(p, '\n', len);
	size_t l = nl ? (size_t)(nl - p) : len;

	return fields(p, l, f, 5, " \t\r") == 4 && f[0].len == 5 &&
	    memcmp(f[0].s, "Value", 5) == 0 && f[1].len == 10 &&
	    memcmp(f[1].s, "Percentile", 10) == 0 && f[2].len == 10 &&
	    memcmp(f[2].s, "TotalCount", 10) == 0;
}

static int
bs_read_hgrm(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_text(s, "HdrHistogram", hgrm, cb, e);
}

static int
detect(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_hgrm_detect(p, len);
}

/* As wrk's, whose --latency rows are a distribution as these are. */
static const char *const metacols[] = { "run", "percentile", "threads",
    "connections", "total_count", NULL };

const struct bs_fmt bs_fmt_hgrm = {
	.name = "hgrm",
	.detect = { { detect, 170 } },
	.read = bs_read_hgrm,
	.name_errors = 1,
	.meta = metacols,
};
