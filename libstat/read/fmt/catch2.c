/*
 * Catch2 benchmark output (BENCHMARK in Catch2 v2.9+ and v3), the
 * console's or the XML reporter's (-r xml): one row per benchmark.
 * The console gives three lines,
 *   name  samples  iterations  estimated-run-time
 *         mean     low-mean    high-mean
 *         std-dev  low-std-dev high-std-dev
 * n is the number of samples, each of `iterations` runs; mean and sd
 * are per run, with Catch2's bootstrap confidence bounds (mean_low,
 * mean_high, sd_low, sd_high); all times in ns whatever the unit of
 * each line.  The XML reporter gives a <BenchmarkResults name samples
 * iterations> element holding <mean value lowerBound upperBound> and
 * <standardDeviation ...>, in ns: the same row.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/* Up to max (number, unit) pairs from s[0..n); how many were found. */
static int
pairs(const char *s, size_t n, const char **num, size_t *nl,
    const char **unit, size_t *ul, int max)
{
	size_t i = 0;
	int np = 0;

	while (np < max) {
		while (i < n && isspace((unsigned char)s[i]))
			i++;
		if (i == n)
			break;
		num[np] = s + i;
		while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.'))
			i++;
		nl[np] = (size_t)(s + i - num[np]);
		while (i < n && s[i] == ' ')
			i++;
		unit[np] = s + i;
		while (i < n && !isspace((unsigned char)s[i]))
			i++;
		ul[np] = (size_t)(s + i - unit[np]);
		if (nl[np] == 0 || bs_ns_shift(unit[np], ul[np]) == -99)
			return -1;
		np++;
	}
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return i == n ? np : -1;
}

/*
 * The first line of a benchmark: a name, then samples and iterations
 * (integers) and the estimated run time with its unit.
 */
static int
headline(const char *s, size_t n, size_t *namel, const char **smp,
    size_t *sl, const char **it, size_t *il)
{
	const char *tok[4];
	size_t tl[4], e = n;
	int k;

	for (k = 3; k >= 0; k--) {
		while (e > 0 && isspace((unsigned char)s[e - 1]))
			e--;
		tl[k] = 0;
		while (e > 0 && !isspace((unsigned char)s[e - 1]))
			e--, tl[k]++;
		tok[k] = s + e;
		if (tl[k] == 0)
			return 0;
	}
	while (e > 0 && isspace((unsigned char)s[e - 1]))
		e--;
	if (e == 0 || isspace((unsigned char)s[0]) ||
	    strspn(tok[0], "0123456789") != tl[0] ||
	    strspn(tok[1], "0123456789") != tl[1] ||
	    strspn(tok[2], "0123456789.") != tl[2] ||
	    bs_ns_shift(tok[3], tl[3]) == -99)
		return 0;
	*namel = e;
	*smp = tok[0];
	*sl = tl[0];
	*it = tok[1];
	*il = tl[1];
	return 1;
}

static int
catch2(const char *p, size_t len, struct bs_rows *r, const char *file,
    struct bs_err *e)
{
	static const char *const mcols[] = { "mean", "mean_low", "mean_high" };
	static const char *const scols[] = { "sd", "sd_low", "sd_high" };
	const char *s, *s2, *s3, *smp, *it, *num[2][3], *unit[2][3];
	size_t pos = 0, ll, l2, l3, line = 0, namel, sl, il, nl[2][3];
	size_t ul[2][3];
	int k, any = 0;

	(void)file;
	(void)e;
	while (bs_nextline(p, len, &pos, &s, &ll)) {
		size_t save = pos;

		line++;
		if (!headline(s, ll, &namel, &smp, &sl, &it, &il))
			continue;
		if (!bs_nextline(p, len, &pos, &s2, &l2) ||
		    !bs_nextline(p, len, &pos, &s3, &l3) ||
		    pairs(s2, l2, num[0], nl[0], unit[0], ul[0], 3) != 3 ||
		    pairs(s3, l3, num[1], nl[1], unit[1], ul[1], 3) != 3) {
			pos = save;
			continue;
		}
		bs_rows_setn(r, "name", s, namel);
		bs_rows_setn(r, "n", smp, sl);
		bs_rows_setn(r, "iterations", it, il);
		for (k = 0; k < 3; k++) {
			bs_rows_setscaled(r, mcols[k], num[0][k], nl[0][k],
			    bs_ns_shift(unit[0][k], ul[0][k]));
			bs_rows_setscaled(r, scols[k], num[1][k], nl[1][k],
			    bs_ns_shift(unit[1][k], ul[1][k]));
		}
		bs_rows_endrow(r, line);
		line += 2;
		any = 1;
	}
	for (k = 0; any && k < 3; k++) {
		bs_rows_unit(r, mcols[k], "ns");
		bs_rows_unit(r, scols[k], "ns");
	}
	return 0;
}

/* ---- The XML reporter (-r xml) ---- */

/*
 * The value of attribute `name` in the tag t[0..tl), its five entities
 * unescaped, into out; 0 when absent (or too long).
 */
static int
xattr(const char *t, size_t tl, const char *name, char *out, size_t outsz)
{
	size_t nl = strlen(name), i, o = 0;
	static const char *const ent[][2] = { { "&amp;", "&" },
	    { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" },
	    { "&apos;", "'" } };

	for (i = 1; i + nl + 2 <= tl; i++) {
		const char *v, *end;

		if (!isspace((unsigned char)t[i - 1]) ||
		    memcmp(t + i, name, nl) != 0 || t[i + nl] != '=' ||
		    (t[i + nl + 1] != '"' && t[i + nl + 1] != '\''))
			continue;
		v = t + i + nl + 2;
		if ((end = memchr(v, t[i + nl + 1], (size_t)(t + tl - v))) ==
		    NULL)
			return 0;
		while (v < end) {
			size_t k, el = 1;
			const char *rep = NULL;

			for (k = 0; *v == '&' && k < 5; k++)
				if ((size_t)(end - v) >= strlen(ent[k][0]) &&
				    memcmp(v, ent[k][0], strlen(ent[k][0])) ==
				    0) {
					rep = ent[k][1];
					el = strlen(ent[k][0]);
					break;
				}
			if (o + 1 >= outsz)
				return 0;
			out[o++] = rep ? rep[0] : *v;
			v += el;
		}
		out[o] = '\0';
		return 1;
	}
	return 0;
}

/* The tag "<name ...>" at or after p[pos..end): its text; NULL if none. */
static const char *
xtag(const char *p, size_t pos, size_t end, const char *name, size_t *tl)
{
	size_t nl = strlen(name);

	for (size_t i = pos; i + nl + 1 < end; i++) {
		const char *gt;

		if (p[i] != '<' || memcmp(p + i + 1, name, nl) != 0 ||
		    !(isspace((unsigned char)p[i + nl + 1]) ||
		    p[i + nl + 1] == '>' || p[i + nl + 1] == '/'))
			continue;
		if ((gt = memchr(p + i, '>', end - i)) == NULL)
			return NULL;
		*tl = (size_t)(gt - (p + i));
		return p + i;
	}
	return NULL;
}

static size_t
lineof(const char *p, const char *at)
{
	size_t line = 1;

	for (; p < at; p++)
		line += *p == '\n';
	return line;
}

static int
catch2xml(const char *p, size_t len, struct bs_rows *r, const char *file,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	static const char *const b3[] = { "value", "lowerBound", "upperBound" };
	static const char *const mcols[] = { "mean", "mean_low", "mean_high" };
	static const char *const scols[] = { "sd", "sd_low", "sd_high" };
	const char *t, *m, *sd, *close;
	size_t pos = 0, tl, ml, sl, end, nres = 0;
	char name[1024], v[128];
	int k;

	while ((t = xtag(p, pos, len, "BenchmarkResults", &tl)) != NULL) {
		size_t at = (size_t)(t - p), line = lineof(p, t);

		nres++;
		close = NULL;
		for (size_t i = at; i + 19 <= len; i++)
			if (memcmp(p + i, "</BenchmarkResults>", 19) == 0) {
				close = p + i;
				break;
			}
		end = close ? (size_t)(close - p) : len;
		pos = end;
		if (!xattr(t, tl, "name", name, sizeof(name)) ||
		    !xattr(t, tl, "samples", v, sizeof(v)))
			return bs_seterr(e, file, line, "a Catch2 "
			    "BenchmarkResults element without its name or "
			    "samples");
		m = xtag(p, at + tl, end, "mean", &ml);
		sd = xtag(p, at + tl, end, "standardDeviation", &sl);
		if (m == NULL || sd == NULL) {
			/* A benchmark that failed (<failed message=...>). */
			bs_reader_warn(cb, "%s:%zu: Catch2 benchmark '%s' has "
			    "no mean (failed?): left out", file, line, name);
			continue;
		}
		bs_rows_set(r, "name", name);
		bs_rows_set(r, "n", v);
		if (xattr(t, tl, "iterations", v, sizeof(v)))
			bs_rows_set(r, "iterations", v);
		for (k = 0; k < 3; k++) {
			if (xattr(m, ml, b3[k], v, sizeof(v)))
				bs_rows_set(r, mcols[k], v);
			if (xattr(sd, sl, b3[k], v, sizeof(v)))
				bs_rows_set(r, scols[k], v);
		}
		bs_rows_endrow(r, line);
	}
	if (nres == 0)
		return bs_seterr(e, file, 0, "Catch2's XML report holds no "
		    "BenchmarkResults: test results, no measurements");
	for (k = 0; k < 3; k++) {
		bs_rows_unit(r, mcols[k], "ns");
		bs_rows_unit(r, scols[k], "ns");
	}
	return 0;
}

/* Catch2's XML reporter: its root element, v2's <Catch> or v3's. */
static int
bs_catch2_xml_detect(const char *p, size_t len)
{
	size_t tl;

	return xtag(p, 0, len, "Catch", &tl) != NULL ||
	    xtag(p, 0, len, "Catch2TestRun", &tl) != NULL;
}

static int
bs_catch2_detect(const char *p, size_t len)
{
	return bs_contains(p, len, "benchmark name") &&
	    bs_contains(p, len, "low mean") &&
	    bs_contains(p, len, "std dev");
}

static int
bs_read_catch2(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	size_t i;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	i = bs_skipbom(s->win, s->len);
	while (i < s->len && isspace((unsigned char)s->win[i]))
		i++;
	if (i == s->len || s->win[i] != '<')
		return bs_rows_read_text(s, "Catch2 benchmark", catch2, cb, e);
	memset(&r, 0, sizeof(r));
	if ((rc = catch2xml(s->win, s->len, &r, s->name, cb, e)) == 0)
		rc = bs_rows_emit(&r, s->name, "Catch2 benchmark", cb, e);
	bs_rows_free(&r);
	return rc;
}

/* Its XML reporter's report: before every text format's lines. */
static int
detect_xml(const char *p, size_t len)
{
	return bs_opens(p, len, '<') && bs_catch2_xml_detect(p, len);
}

/* Its console output. */
static int
detect_console(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_catch2_detect(p, len);
}

static const char *const metacols[] = { "iterations", NULL };
static const struct bs_idcol idcols[] = { { "name", 0 }, { NULL, 0 } };

const struct bs_fmt bs_fmt_catch2 = {
	.name = "catch2",
	.detect = { { detect_xml, 120 }, { detect_console, 190 } },
	.read = bs_read_catch2,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
	.summary = "time",		/* the time of a run */
};
