/*
 * Result tables and their output formats (aligned table, CSV, TSV, JSON,
 * Markdown), number formatting, and files that appear whole or not at
 * all, with the list of temporary files a signal handler removes.  The
 * library writes to a stream the caller gives it; it never picks
 * standard output itself, and it installs no signal handler.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "libstat.h"
#include "core/core.h"

/*
 * The output formats of result tables, in the order the tools list them
 * (their -f); an alias is accepted but not listed.
 */
static const struct {
	const char	*name;
	enum bs_outfmt	 f;
	int		 alias;
} outfmts[] = {
	{ "table",	BS_OUT_TABLE,	0 },
	{ "csv",	BS_OUT_CSV,	0 },
	{ "tsv",	BS_OUT_TSV,	0 },
	{ "json",	BS_OUT_JSON,	0 },
	{ "md",		BS_OUT_MD,	0 },
	{ "markdown",	BS_OUT_MD,	1 },
};
#define NOUTFMTS	(sizeof(outfmts) / sizeof(outfmts[0]))

int
bs_outfmt_parse(const char *s)
{
	for (size_t i = 0; i < NOUTFMTS; i++)
		if (strcmp(s, outfmts[i].name) == 0)
			return (int)outfmts[i].f;
	return -1;
}

const char *
bs_outfmt_name(size_t i, enum bs_outfmt *f)
{
	size_t k;

	for (k = 0; k < NOUTFMTS; k++)
		if (!outfmts[k].alias && i-- == 0)
			break;
	if (k == NOUTFMTS)
		return NULL;
	if (f != NULL)
		*f = outfmts[k].f;
	return outfmts[k].name;
}

void
bs_fmt_double(char *buf, size_t len, double d)
{
	if (isnan(d)) {
		snprintf(buf, len, "NaN");
		return;
	}
	if (d == 0.0) {
		snprintf(buf, len, "0");
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			return;
	}
}

/*
 * Terminal width of UTF-8 text.  wcwidth() would need a UTF-8 locale to
 * be set, which a filter cannot count on; the East Asian wide ranges are
 * few enough to list.
 */
size_t
bs_utf8_width(const char *s, size_t len)
{
	size_t w = 0, i = 0;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		unsigned cp;
		int n;

		if (c < 0x80) {
			cp = c;
			n = 1;
		} else if ((c & 0xe0) == 0xc0) {
			cp = c & 0x1f;
			n = 2;
		} else if ((c & 0xf0) == 0xe0) {
			cp = c & 0x0f;
			n = 3;
		} else if ((c & 0xf8) == 0xf0) {
			cp = c & 0x07;
			n = 4;
		} else {
			w++;
			i++;
			continue;
		}
		for (int k = 1; k < n && i + (size_t)k < len; k++)
			cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3f);
		i += (size_t)n;
		if ((cp >= 0x0300 && cp <= 0x036f) || cp == 0x200b)
			continue;	/* combining marks, zero width */
		if ((cp >= 0x1100 && cp <= 0x115f) ||
		    (cp >= 0x2e80 && cp <= 0xa4cf) ||
		    (cp >= 0xac00 && cp <= 0xd7a3) ||
		    (cp >= 0xf900 && cp <= 0xfaff) ||
		    (cp >= 0xfe30 && cp <= 0xfe4f) ||
		    (cp >= 0xff00 && cp <= 0xff60) ||
		    (cp >= 0xffe0 && cp <= 0xffe6) ||
		    (cp >= 0x1f300 && cp <= 0x1f64f) ||
		    (cp >= 0x20000 && cp <= 0x3fffd))
			w += 2;
		else
			w += 1;
	}
	return w;
}

/*
 * Bytes in the valid UTF-8 sequence at s[0..len), or 0 (as jansson):
 * overlong forms, surrogates and code points past U+10FFFF are not valid.
 */
size_t
bs_utf8_seq(const unsigned char *s, size_t len)
{
	unsigned cp, n, k;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len < n)
		return 0;
	for (k = 1; k < n; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

/*
 * Labels and column names are bytes: csv, tsv, tables, Markdown and
 * boutlier's output pass them through unchanged, valid UTF-8 or not.
 * JSON text must be UTF-8, and jansson writes nothing for a string that
 * is not (the document was left broken): a byte that is not part of
 * valid UTF-8 is written as the character of the same number, U+0080 to
 * U+00FF (as Latin-1 reads it), which keeps distinct labels distinct.
 */
int
bs_json_string(FILE *fp, const char *s, size_t len)
{
	struct bs_sbuf fix = { 0 };
	json_t *j;
	size_t i, n;
	int rc;

	for (i = 0; i < len; i += n)
		if ((n = bs_utf8_seq((const unsigned char *)s + i, len - i)) == 0)
			break;
	if (i < len) {
		for (i = 0; i < len; i += n) {
			unsigned char c = (unsigned char)s[i];
			char two[2] = { (char)(0xc0 | c >> 6),
			    (char)(0x80 | (c & 0x3f)) };

			if ((n = bs_utf8_seq((const unsigned char *)s + i,
			    len - i)) > 0)
				rc = bs_sbuf_add(&fix, s + i, n);
			else {
				n = 1;
				rc = bs_sbuf_add(&fix, two, 2);
			}
			if (rc == -1) {
				bs_sbuf_free(&fix);
				return -1;
			}
		}
		s = fix.p;
		len = fix.len;
	}
	j = json_stringn_nocheck(s, len);
	rc = j == NULL ? -1 : json_dumpf(j, fp, JSON_ENCODE_ANY);
	json_decref(j);
	bs_sbuf_free(&fix);
	return rc;
}

/* ------------------------------------------------------------------ */

struct bs_result *
bs_result_new(void)
{
	return calloc(1, sizeof(struct bs_result));
}

void
bs_result_free(struct bs_result *r)
{
	if (r == NULL)
		return;
	if (r->text != NULL) {
		bs_arena_free(r->text);
		free(r->text);
	}
	if (r->ukhash != NULL) {
		bs_strhash_free(r->ukhash);
		free(r->ukhash);
	}
	for (size_t i = 0; i < r->ncols; i++)
		free(r->cols[i]);
	free(r->cols);
	free(r->cells);
	free(r->numeric);
	for (size_t i = 0; i < r->nunits; i++)
		free(r->ukeys[i]);
	free(r->ukeys);
	free(r->units);
	free(r->uclass);
	free(r);
}

int
bs_result_addcol(struct bs_result *r, const char *name)
{
	char **c;
	int *num;

	if (r->failed || r->nrows > 0)
		return r->failed = -1;
	if ((c = realloc(r->cols, (r->ncols + 1) * sizeof(*c))) == NULL)
		return r->failed = -1;
	r->cols = c;
	if ((num = realloc(r->numeric, (r->ncols + 1) * sizeof(*num))) == NULL)
		return r->failed = -1;
	r->numeric = num;
	r->numeric[r->ncols] = 0;
	if ((r->cols[r->ncols] = strdup(name)) == NULL)
		return r->failed = -1;
	r->ncols++;
	return 0;
}

long
bs_result_addrow(struct bs_result *r)
{
	if (r->failed || bs_grow(&r->cells, &r->cap, (r->nrows + 1) *
	    r->ncols, sizeof(*r->cells)) == -1)
		return r->failed = -1;
	memset(r->cells + r->nrows * r->ncols, 0,
	    r->ncols * sizeof(*r->cells));
	return (long)r->nrows++;
}

/* The cell at (row, col), or NULL after a failure or out of range. */
static struct bs_cell *
cell(struct bs_result *r, size_t row, size_t col)
{
	if (r->failed || row >= r->nrows || col >= r->ncols)
		return NULL;
	return &r->cells[row * r->ncols + col];
}

int
bs_result_str(struct bs_result *r, size_t row, size_t col, const char *s)
{
	struct bs_cell *c = cell(r, row, col);

	const struct bs_cell *above;
	size_t len;
	char *t;

	if (c == NULL)
		return -1;
	/*
	 * The text lives in the result's arena (one allocation a cell
	 * would cost more than the cell); the same text as the cell above,
	 * as a column name or a note repeated down the rows, is shared.
	 */
	above = row > 0 ? &r->cells[(row - 1) * r->ncols + col] : NULL;
	if (above != NULL && above->type == BS_CELL_STR &&
	    strcmp(above->s, s) == 0) {
		c->type = BS_CELL_STR;
		c->s = above->s;
		return 0;
	}
	if (r->text == NULL &&
	    (r->text = calloc(1, sizeof(struct bs_arena))) == NULL)
		return r->failed = -1;
	len = strlen(s);
	if ((t = bs_arena_strndup(r->text, s, len)) == NULL)
		return r->failed = -1;
	c->type = BS_CELL_STR;
	c->s = t;
	return 0;
}

void
bs_result_num(struct bs_result *r, size_t row, size_t col, double d)
{
	struct bs_cell *c = cell(r, row, col);

	if (c == NULL)
		return;
	r->numeric[col] = 1;
	c->type = isfinite(d) ? BS_CELL_NUM : BS_CELL_NULL;
	c->d = d;
}

void
bs_result_int(struct bs_result *r, size_t row, size_t col, long long i)
{
	struct bs_cell *c = cell(r, row, col);

	if (c == NULL)
		return;
	r->numeric[col] = 1;
	c->type = BS_CELL_INT;
	c->i = i;
}

int
bs_result_unit(struct bs_result *r, size_t row, size_t col,
    const struct bs_colunit *u, const char *key, int spread)
{
	size_t i, n = r->nrows * r->ncols, cap;
	long f;
	struct bs_colunit *nu;
	char **nk;

	if (cell(r, row, col) == NULL || u->unit[0] == '\0')
		return -1;
	/* The key's quantity, through a hash: a key a column is common. */
	if (r->ukhash == NULL &&
	    (r->ukhash = calloc(1, sizeof(struct bs_strhash))) == NULL)
		return r->failed = -1;
	if ((f = bs_strhash_get(r->ukhash, key, strlen(key))) >= 0)
		i = (size_t)f;
	else {
		i = r->nunits;
		if ((nu = realloc(r->units, (i + 1) * sizeof(*nu))) == NULL)
			return r->failed = -1;
		r->units = nu;
		if ((nk = realloc(r->ukeys, (i + 1) * sizeof(*nk))) == NULL)
			return r->failed = -1;
		r->ukeys = nk;
		if ((r->ukeys[i] = strdup(key)) == NULL)
			return r->failed = -1;
		if (bs_strhash_put(r->ukhash, r->ukeys[i], strlen(key), i) ==
		    -1) {
			free(r->ukeys[i]);
			return r->failed = -1;
		}
		r->units[i] = *u;
		r->nunits++;
	}
	if (r->nuclass < n) {
		/*
		 * Rows come after the units of earlier rows were set; grown
		 * by doubling (once a row would copy it a row at a time).
		 */
		cap = r->uccap;
		if (bs_grow(&r->uclass, &cap, n, sizeof(*r->uclass)) == -1)
			return r->failed = -1;
		r->uccap = cap;
		memset(r->uclass + r->nuclass, 0, (n - r->nuclass) *
		    sizeof(*r->uclass));
		r->nuclass = n;
	}
	if (i + 1 >= BS_UNIT_SPREAD)
		return r->failed = -1;
	r->uclass[row * r->ncols + col] = (uint32_t)(i + 1) |
	    (spread ? BS_UNIT_SPREAD : 0);
	return 0;
}

/*
 * One display scale per quantity, from the median magnitude of its
 * cells, so that a column reads in one unit; NULL when there is none.
 */
static struct bs_scale *
scales(const struct bs_result *r)
{
	struct bs_scale *sc;
	double *v = NULL;
	size_t i, q, *off = NULL, *fill = NULL, *nlev = NULL;

	if (r->nunits == 0)
		return NULL;
	/*
	 * The numeric cells of each quantity in one pass, levels before
	 * spreads (off[q] .. off[q + 1]: nlev[q] levels, then spreads),
	 * not a pass per quantity: a quantity a column is common.
	 */
	if ((sc = calloc(r->nunits, sizeof(*sc))) == NULL ||
	    (off = calloc(r->nunits + 1, sizeof(*off))) == NULL ||
	    (fill = calloc(r->nunits + 1, sizeof(*fill))) == NULL ||
	    (nlev = calloc(r->nunits + 1, sizeof(*nlev))) == NULL) {
		free(sc);
		sc = NULL;
		goto out;
	}
	for (i = 0; i < r->nuclass; i++) {
		q = r->uclass[i] & ~BS_UNIT_SPREAD;
		if (q == 0 || r->cells[i].type != BS_CELL_NUM)
			continue;
		off[q]++;
		if (!(r->uclass[i] & BS_UNIT_SPREAD))
			nlev[q - 1]++;
	}
	for (q = 0; q < r->nunits; q++) {
		off[q + 1] += off[q];
		fill[q] = off[q];
	}
	/* Room for the cells with a quantity only, not every cell. */
	if ((v = malloc((off[r->nunits] + 1) * sizeof(*v))) == NULL) {
		free(sc);
		sc = NULL;
		goto out;
	}
	/* Levels first, then spreads, each in cell order. */
	for (i = 0; i < r->nuclass; i++) {
		q = r->uclass[i] & ~BS_UNIT_SPREAD;
		if (q != 0 && r->cells[i].type == BS_CELL_NUM &&
		    !(r->uclass[i] & BS_UNIT_SPREAD))
			v[fill[q - 1]++] = r->cells[i].d;
	}
	for (i = 0; i < r->nuclass; i++) {
		q = r->uclass[i] & ~BS_UNIT_SPREAD;
		if (q != 0 && r->cells[i].type == BS_CELL_NUM &&
		    (r->uclass[i] & BS_UNIT_SPREAD))
			v[fill[q - 1]++] = r->cells[i].d;
	}
	for (q = 0; q < r->nunits; q++) {
		/* Levels choose the unit, spreads follow it; or, alone, they. */
		size_t k = nlev[q] ? nlev[q] : off[q + 1] - off[q];

		bs_scale_choose(&sc[q], &r->units[q],
		    bs_typical_scratch(v + off[q], k));
	}
out:
	free(v);
	free(off);
	free(fill);
	free(nlev);
	return sc;
}

/* Text of a cell for machine formats (shortest round trip). */
static const char *
celltext(const struct bs_cell *c, char *buf, size_t len)
{
	switch (c->type) {
	case BS_CELL_STR:
		return c->s;
	case BS_CELL_NUM:
		bs_fmt_double(buf, len, c->d);
		return buf;
	case BS_CELL_INT:
		snprintf(buf, len, "%lld", c->i);
		return buf;
	default:
		return "";
	}
}

/*
 * Text of a number for people: six significant digits, but never fewer
 * digits than the integer part has (a mean of 10000000.2 is not 1e+07).
 */
static const char *
humantext(const struct bs_cell *c, const struct bs_scale *sc, char *buf,
    size_t len)
{
	double a;

	if (c->type != BS_CELL_NUM)
		return celltext(c, buf, len);
	if (sc != NULL && sc->on) {
		bs_fmt_scaled(buf, len, c->d, sc);
		return buf;
	}
	a = fabs(c->d);
	if (a >= 1e6 && a < 1e15)
		snprintf(buf, len, "%.0f", c->d);
	else
		snprintf(buf, len, "%.6g", c->d);
	return buf;
}

static void
putcsv(FILE *fp, const char *s, char delim)
{
	if (strpbrk(s, "\"\r\n") == NULL && strchr(s, delim) == NULL) {
		fputs(s, fp);
		return;
	}
	if (delim == '\t') {
		/* TSV has no quoting: tabs and newlines become spaces. */
		for (; *s; s++)
			fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s,
			    fp);
		return;
	}
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

static void
write_delim(const struct bs_result *r, FILE *fp, char delim)
{
	char buf[64];

	for (size_t j = 0; j < r->ncols; j++) {
		if (j)
			fputc(delim, fp);
		putcsv(fp, r->cols[j], delim);
	}
	fputc('\n', fp);
	for (size_t i = 0; i < r->nrows; i++) {
		for (size_t j = 0; j < r->ncols; j++) {
			if (j)
				fputc(delim, fp);
			putcsv(fp, celltext(&r->cells[i * r->ncols + j], buf,
			    sizeof(buf)), delim);
		}
		fputc('\n', fp);
	}
}

static void
write_json(const struct bs_result *r, FILE *fp)
{
	char buf[64];

	fputs("[", fp);
	for (size_t i = 0; i < r->nrows; i++) {
		fputs(i ? ",\n  {" : "\n  {", fp);
		for (size_t j = 0; j < r->ncols; j++) {
			const struct bs_cell *c = &r->cells[i * r->ncols + j];

			if (j)
				fputs(", ", fp);
			bs_json_string(fp, r->cols[j], strlen(r->cols[j]));
			fputs(": ", fp);
			if (c->type == BS_CELL_STR)
				bs_json_string(fp, c->s, strlen(c->s));
			else if (c->type == BS_CELL_NULL)
				fputs("null", fp);
			else
				fputs(celltext(c, buf, sizeof(buf)), fp);
		}
		fputs("}", fp);
	}
	fputs(r->nrows ? "\n]\n" : "]\n", fp);
}

static void
pad(FILE *fp, size_t n)
{
	while (n-- > 0)
		fputc(' ', fp);
}

/*
 * Markdown text: a '|' would end the cell, so it is escaped; *extra
 * grows by the characters added, for the padding.
 */
static void
mdput(FILE *fp, const char *s, size_t *width)
{
	for (; *s; s++) {
		if (*s == '|') {
			fputc('\\', fp);
			(*width)++;
		}
		fputc(*s == '\n' ? ' ' : *s, fp);
	}
}

/* The text people see in a cell; md writes a null as an en dash. */
static const char *
showntext(const struct bs_result *r, const struct bs_scale *sc, size_t i,
    size_t j, int md, char *buf, size_t len)
{
	const struct bs_cell *c = &r->cells[i * r->ncols + j];
	size_t k = i * r->ncols + j, q;

	if (c->type == BS_CELL_NULL)
		return md ? "\xe2\x80\x93" : "-";
	q = sc != NULL && k < r->nuclass ? r->uclass[k] & ~BS_UNIT_SPREAD : 0;
	return humantext(c, q ? &sc[q - 1] : NULL, buf, len);
}

/*
 * Text cut to w columns, its end replaced by an ellipsis; the columns
 * written.  Cuts fall between UTF-8 sequences, never inside one.
 */
static size_t
put_cut(FILE *fp, const char *t, size_t w)
{
	size_t l = bs_utf8_width(t, strlen(t)), i = 0, used = 0, n;

	if (l <= w) {
		fputs(t, fp);
		return l;
	}
	while (t[i] != '\0') {
		for (n = 1; (t[i + n] & 0xc0) == 0x80; n++)
			;
		if (used + bs_utf8_width(t + i, n) + 1 > w)
			break;
		used += bs_utf8_width(t + i, n);
		fwrite(t + i, 1, n, fp);
		i += n;
	}
	fputs("\xe2\x80\xa6", fp);
	return used + 1;
}

/*
 * Narrow the text columns, widest first, until the table fits width;
 * numbers are never cut, and no column goes below 8.
 */
static void
fit(const struct bs_result *r, size_t *w)
{
	size_t total = 0, j, best;

	for (j = 0; j < r->ncols; j++)
		total += w[j] + (j ? 2 : 0);
	while (total > r->width) {
		best = r->ncols;
		for (j = 0; j < r->ncols; j++)
			if (!r->numeric[j] && w[j] > 8 && (best == r->ncols ||
			    w[j] > w[best]))
				best = j;
		if (best == r->ncols)
			return;
		w[best]--;
		total--;
	}
}

/*
 * Text for people on one line: t, or its copy with control characters
 * escaped (in *tmp, for the caller to free).
 */
const char *
bs_oneline(const char *t, char **tmp)
{
	*tmp = NULL;
	if (!bs_has_ctl(t))
		return t;
	*tmp = bs_escape_ctl(t);
	return *tmp != NULL ? *tmp : t;
}

/* Aligned columns for people; markdown is the same with pipes. */
static int
write_aligned(const struct bs_result *r, FILE *fp, int md)
{
	struct bs_scale *sc = scales(r);
	size_t *w, i, j;
	char buf[256], *tmp;
	const char *t;

	if ((w = calloc(r->ncols + 1, sizeof(*w))) == NULL ||
	    (r->nunits > 0 && sc == NULL)) {
		free(w);
		free(sc);
		return -1;
	}
	for (j = 0; j < r->ncols; j++) {
		t = bs_oneline(r->cols[j], &tmp);
		w[j] = bs_utf8_width(t, strlen(t));
		free(tmp);
	}
	for (i = 0; i < r->nrows; i++)
		for (j = 0; j < r->ncols; j++) {
			size_t l;

			t = bs_oneline(showntext(r, sc, i, j, md, buf,
			    sizeof(buf)), &tmp);
			l = bs_utf8_width(t, strlen(t));
			for (const char *q = t; md && *q; q++)
				l += *q == '|';
			if (l > w[j])
				w[j] = l;
			free(tmp);
		}
	/* A Markdown delimiter cell needs three characters: "--:". */
	for (j = 0; md && j < r->ncols; j++)
		if (w[j] < 3)
			w[j] = 3;
	if (!md && r->width > 0)
		fit(r, w);
	for (j = 0; j < r->ncols; j++) {
		const char *h = bs_oneline(r->cols[j], &tmp);
		size_t l = bs_utf8_width(h, strlen(h));

		fputs(md ? (j ? " | " : "| ") : (j ? "  " : ""), fp);
		if (r->numeric[j] && l < w[j])
			pad(fp, w[j] - l);
		if (md)
			fputs(h, fp);
		else
			l = put_cut(fp, h, w[j]);
		if (!r->numeric[j] && (md || j + 1 < r->ncols) && l < w[j])
			pad(fp, w[j] - l);
		free(tmp);
	}
	fputs(md ? " |\n" : "\n", fp);
	if (md) {
		for (j = 0; j < r->ncols; j++) {
			fputs(j ? " | " : "| ", fp);
			for (size_t k = 0; k < w[j]; k++)
				fputc(r->numeric[j] && k + 1 == w[j] ? ':' :
				    '-', fp);
		}
		fputs(" |\n", fp);
	}
	for (i = 0; i < r->nrows; i++) {
		for (j = 0; j < r->ncols; j++) {
			size_t l;

			t = bs_oneline(showntext(r, sc, i, j, md, buf,
			    sizeof(buf)), &tmp);
			l = bs_utf8_width(t, strlen(t));
			fputs(md ? (j ? " | " : "| ") : (j ? "  " : ""), fp);
			if (r->numeric[j] && l < w[j])
				pad(fp, w[j] - l);
			if (md)
				mdput(fp, t, &l);
			else if (r->numeric[j])
				fputs(t, fp);
			else
				l = put_cut(fp, t, w[j]);
			if (!r->numeric[j] && (md || j + 1 < r->ncols) &&
			    l < w[j])
				pad(fp, w[j] - l);
			free(tmp);
		}
		fputs(md ? " |\n" : "\n", fp);
	}
	free(w);
	free(sc);
	return 0;
}

int
bs_result_write(const struct bs_result *r, enum bs_outfmt f, FILE *fp)
{
	if (r->failed)
		return -1;	/* building the result ran out of memory */
	switch (f) {
	case BS_OUT_CSV:
		write_delim(r, fp, ',');
		break;
	case BS_OUT_TSV:
		write_delim(r, fp, '\t');
		break;
	case BS_OUT_JSON:
		write_json(r, fp);
		break;
	case BS_OUT_MD:
		if (write_aligned(r, fp, 1) == -1)
			return -1;
		break;
	default:
		if (write_aligned(r, fp, 0) == -1)
			return -1;
		break;
	}
	return ferror(fp) ? -1 : 0;
}

/* ------------------------------------------------------------------ */

/*
 * Temporary files that a signal may have to remove.  The list is fixed
 * in size and holds pointers to the names the files own, so that a
 * handler can walk it and call unlink(2), which is async-signal-safe,
 * without taking a lock or allocating.  A name is set in its slot before
 * the pointer is published and the slot is cleared before the name is
 * freed, so the handler never sees a freed name.
 */
#define BS_NTMP 16
static char *volatile tmplist[BS_NTMP];

static int
tmp_register(char *name)
{
	for (size_t i = 0; i < BS_NTMP; i++)
		if (tmplist[i] == NULL) {
			tmplist[i] = name;
			return 0;
		}
	return -1;
}

static void
tmp_forget(const char *name)
{
	for (size_t i = 0; i < BS_NTMP; i++)
		if (tmplist[i] == name)
			tmplist[i] = NULL;
}

void
bs_tmp_cleanup(void)
{
	for (size_t i = 0; i < BS_NTMP; i++) {
		char *p = tmplist[i];

		if (p != NULL) {
			tmplist[i] = NULL;
			(void)unlink(p);
		}
	}
}

/*
 * The descriptor that /dev/stdout, /dev/stderr, /dev/fd/N or
 * /proc/self/fd/N stand for, or -1.  Those are written through a copy
 * of the descriptor: opening the name anew would lose an append mode
 * and start at offset 0, and replacing it would replace the link.
 */
static int
std_fd(const char *path)
{
	const char *n;
	char *end;
	long fd;

	if (strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		n = path + 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		n = path + 14;
	else
		return -1;
	if (*n < '0' || *n > '9')
		return -1;
	errno = 0;
	fd = strtol(n, &end, 10);
	if (errno != 0 || *end != '\0' || fd > INT_MAX)
		return -1;
	return (int)fd;
}

/*
 * The name a path leads to once its symbolic links are followed, so
 * that a link is written through (its target replaced) and not replaced
 * itself.  The result may not exist (a link to a file yet to be made).
 * NULL with errno set on a loop or no memory.
 */
static char *
follow_links(const char *path)
{
	char *cur, *next, buf[PATH_MAX];
	const char *slash;
	struct stat st;
	ssize_t l = 0;

	if ((cur = strdup(path)) == NULL)
		return NULL;
	for (int n = 0;; n++) {
		if (lstat(cur, &st) == -1 || !S_ISLNK(st.st_mode))
			return cur;
		if (n == 40 || (l = readlink(cur, buf, sizeof(buf))) == -1 ||
		    (size_t)l == sizeof(buf)) {
			if (n == 40)
				errno = ELOOP;
			else if (l != -1)
				errno = ENAMETOOLONG;	/* cut short */
			free(cur);
			return NULL;
		}
		buf[l] = '\0';
		/* A relative link is relative to the link's folder. */
		slash = strrchr(cur, '/');
		if (buf[0] == '/' || slash == NULL)
			next = strdup(buf);
		else if (asprintf(&next, "%.*s/%s", (int)(slash - cur), cur,
		    buf) == -1)
			next = NULL;
		free(cur);
		if ((cur = next) == NULL)
			return NULL;
	}
}

/* Files that are written in place, not replaced: all but regular files. */
static int
in_place(const struct stat *st)
{
	return !S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode);
}

/*
 * The folder of a name that may not exist yet, resolved, then the name:
 * two spellings of one new file ("a/../b/x", "./b/x") compare equal.
 */
static char *
canonical_new(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir, *real, *r;

	if (slash == path)
		dir = strdup("/");
	else if (slash == NULL)
		dir = strdup(".");
	else
		dir = bs_strndup(path, (size_t)(slash - path));
	if (dir == NULL)
		return NULL;
	real = realpath(dir, NULL);
	free(dir);
	if (real == NULL)
		return strdup(path);
	if (asprintf(&r, "%s/%s", real, slash ? slash + 1 : path) == -1)
		r = NULL;
	free(real);
	return r;
}

int
bs_same_output(const char *a, const char *b)
{
	struct stat sa, sb;
	char *ta, *tb, *ca = NULL, *cb = NULL;
	int ea, eb, same;

	if (std_fd(a) >= 0 || std_fd(b) >= 0)
		return 0;	/* streams, written in place */
	ta = follow_links(a);
	tb = follow_links(b);
	if (ta == NULL || tb == NULL) {
		same = strcmp(a, b) == 0;
		goto out;
	}
	ea = stat(ta, &sa) == 0;
	eb = stat(tb, &sb) == 0;
	if (ea && eb)
		/* Devices and FIFOs are not replaced: two writers may share. */
		same = sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
		    !in_place(&sa);
	else if (ea != eb)
		same = 0;
	else if ((ca = canonical_new(ta)) == NULL ||
	    (cb = canonical_new(tb)) == NULL)
		same = strcmp(ta, tb) == 0;
	else
		same = strcmp(ca, cb) == 0;
out:
	free(ta);
	free(tb);
	free(ca);
	free(cb);
	return same;
}

int
bs_output_is_input(const char *out, const char *in)
{
	struct stat so, si;
	char *t;
	int r;

	if (out == NULL || strcmp(out, "-") == 0 || std_fd(out) >= 0)
		return 0;	/* standard output: replaces nothing */
	/* The output replaces the file its links lead to, if it exists. */
	if ((t = follow_links(out)) == NULL)
		return 0;
	r = stat(t, &so);
	free(t);
	if (r == -1 || in_place(&so))
		return 0;
	/* An input through its links (stat follows them), or stdin's file. */
	if (in == NULL || strcmp(in, "-") == 0 ? fstat(STDIN_FILENO, &si) :
	    stat(in, &si))
		return 0;
	return so.st_dev == si.st_dev && so.st_ino == si.st_ino;
}

int
bs_afile_check(const char *path, struct bs_err *e)
{
	struct stat st;
	char *t, *dir;
	const char *slash;
	int fd, rc = 0;

	if (*path == '\0')
		return bs_seterr(e, NULL, 0, "an empty output file name");
	if ((fd = std_fd(path)) >= 0) {
		if (fcntl(fd, F_GETFD) == -1)
			return bs_seterr(e, path, 0, "cannot write: %s",
			    strerror(errno));
		return 0;
	}
	if ((t = follow_links(path)) == NULL)
		return bs_seterr(e, path, 0, "cannot create: %s",
		    strerror(errno));
	if (stat(t, &st) == 0 && S_ISDIR(st.st_mode))
		rc = bs_seterr(e, path, 0, "cannot create: %s",
		    strerror(EISDIR));
	else if (stat(t, &st) == 0 && in_place(&st)) {
		if (access(t, W_OK) == -1)
			rc = bs_seterr(e, path, 0, "cannot write: %s",
			    strerror(errno));
	} else {
		/* The temporary file is made in the target's folder. */
		slash = strrchr(t, '/');
		dir = slash == NULL ? strdup(".") : slash == t ? strdup("/") :
		    bs_strndup(t, (size_t)(slash - t));
		if (dir == NULL)
			rc = bs_seterr(e, path, 0, "out of memory");
		else if (access(dir, W_OK | X_OK) == -1)
			rc = bs_seterr(e, path, 0, "cannot create: %s",
			    strerror(errno));
		free(dir);
	}
	free(t);
	return rc;
}

/* Open a stream that is written in place (a device, FIFO, terminal). */
static int
open_in_place(struct bs_afile *a, const char *path, const char *target,
    int stdfd, struct bs_err *e)
{
	int fd;

	if (stdfd >= 0)
		fd = fcntl(stdfd, F_DUPFD_CLOEXEC, 3);
	else
		fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd == -1)
		return bs_seterr(e, path, 0, "cannot write: %s",
		    strerror(errno));
	if ((a->path = strdup(path)) == NULL ||
	    (a->fp = fdopen(fd, "w")) == NULL) {
		bs_seterr(e, path, 0, "%s", strerror(errno));
		close(fd);
		free(a->path);
		memset(a, 0, sizeof(*a));
		return -1;
	}
	return 0;
}

/*
 * Give the new file the old one's owner and permissions, so that a
 * private (0600) file stays private; a new file gets what open(2) would
 * give it, 0666 less the umask.  Only the owner, or root, may change a
 * file's owner: EPERM is expected and leaves the file ours, and then
 * without set-id bits, which belonged to the other owner.
 */
static int
copy_mode(int fd, const struct stat *old)
{
	mode_t um, mode;

	if (old == NULL) {
		um = umask(0);
		umask(um);
		return fchmod(fd, 0666 & ~um);
	}
	mode = old->st_mode & 07777;
	if (fchown(fd, old->st_uid, old->st_gid) == -1) {
		if (errno != EPERM)
			return -1;
		mode &= 0777;
		/* The group, at least, when we are a member of it. */
		if (fchown(fd, (uid_t)-1, old->st_gid) == -1 &&
		    errno != EPERM)
			return -1;
	}
	return fchmod(fd, mode);
}

int
bs_afile_open(struct bs_afile *a, const char *path, struct bs_err *e)
{
	struct stat st;
	sigset_t all, old;
	char *target;
	int fd, exists, stdfd;
	size_t l;

	memset(a, 0, sizeof(*a));
	if (*path == '\0')	/* it made a temporary file in the current folder */
		return bs_seterr(e, NULL, 0, "an empty output file name");
	if ((stdfd = std_fd(path)) >= 0)
		return open_in_place(a, path, NULL, stdfd, e);
	if ((target = follow_links(path)) == NULL)
		return bs_seterr(e, path, 0, "cannot create: %s",
		    strerror(errno));
	/* A folder is left to rename(2), which refuses it (EISDIR). */
	exists = stat(target, &st) == 0;
	if (exists && in_place(&st)) {
		/* /dev/null must stay a device, a FIFO a FIFO. */
		int rc = open_in_place(a, path, target, -1, e);

		free(target);
		return rc;
	}

	/* The temporary file: "TARGET.tmpXXXXXX" in the target's folder. */
	l = strlen(target);
	if ((a->path = strdup(path)) == NULL ||
	    (a->tmp = malloc(l + 11)) == NULL) {
		free(target);
		free(a->path);
		return bs_seterr(e, path, 0, "out of memory");
	}
	snprintf(a->tmp, l + 11, "%s.tmpXXXXXX", target);
	free(target);
	/*
	 * Signals wait while the file is made and listed: one that came in
	 * between would leave it, and one that came while mkstemp() tries
	 * names would remove a name it had not made.
	 */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if ((fd = mkstemp(a->tmp)) != -1 && tmp_register(a->tmp) == -1) {
		unlink(a->tmp);
		close(fd);
		fd = -1;
		errno = EMFILE;	/* more outputs than the list holds */
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (fd == -1) {
		bs_seterr(e, path, 0, "cannot create: %s", strerror(errno));
		free(a->path);
		free(a->tmp);
		memset(a, 0, sizeof(*a));
		return -1;
	}
	/* mkstemp makes 0600 files. */
	if (copy_mode(fd, exists ? &st : NULL) == -1 ||
	    (a->fp = fdopen(fd, "w")) == NULL) {
		bs_seterr(e, path, 0, "cannot create: %s", strerror(errno));
		close(fd);
		unlink(a->tmp);
		tmp_forget(a->tmp);
		free(a->path);
		free(a->tmp);
		memset(a, 0, sizeof(*a));
		return -1;
	}
	return 0;
}

int
bs_afile_commit(struct bs_afile *a, struct bs_err *e)
{
	char *target = NULL;
	int rc = 0;

	if (a->fp == NULL)
		return 0;
	if (fflush(a->fp) != 0 || ferror(a->fp)) {
		bs_seterr(e, a->path, 0, "write error: %s", strerror(errno));
		rc = -1;
	}
	/* On disk before the rename, so a crash leaves old or new. */
	if (rc == 0 && a->tmp != NULL && fsync(fileno(a->fp)) == -1) {
		bs_seterr(e, a->path, 0, "write error: %s", strerror(errno));
		rc = -1;
	}
	if (fclose(a->fp) != 0 && rc == 0) {
		bs_seterr(e, a->path, 0, "write error: %s", strerror(errno));
		rc = -1;
	}
	a->fp = NULL;
	if (a->tmp != NULL) {
		/* The target is the temporary name less ".tmpXXXXXX". */
		if (rc == 0 && (target = bs_strndup(a->tmp, strlen(a->tmp) -
		    10)) == NULL) {
			bs_seterr(e, a->path, 0, "out of memory");
			rc = -1;
		}
		if (rc == 0 && rename(a->tmp, target) == -1) {
			bs_seterr(e, a->path, 0, "cannot rename: %s",
			    strerror(errno));
			rc = -1;
		}
		if (rc == -1)
			unlink(a->tmp);
		tmp_forget(a->tmp);
	}
	free(target);
	free(a->path);
	free(a->tmp);
	a->path = a->tmp = NULL;
	return rc;
}

void
bs_afile_abort(struct bs_afile *a)
{
	if (a->fp != NULL) {
		fclose(a->fp);
		if (a->tmp != NULL) {
			unlink(a->tmp);
			tmp_forget(a->tmp);
		}
	}
	free(a->path);
	free(a->tmp);
	memset(a, 0, sizeof(*a));
}
