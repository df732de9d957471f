/*
 * Writing an input back with columns added to every record, in the
 * input's own format: delimited rows keep their bytes (quoting, spacing,
 * line ends) with the new fields appended; key=value lines gain
 * " key=value"; plain numbers gain a "# key=value" comment; JSON and
 * NDJSON records gain keys, inserted into the original text so that the
 * numbers keep the digits they were written with (jansson would print
 * 0.1 back as 0.10000000000000001).
 */
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "extern.h"

struct pctx {
	const struct bs_buf	*buf;
	const struct bs_passthru *pt;
	FILE			*out, *rej;
	int			 delim;
	enum bs_format		 fmt;
	size_t			 row;
	int			 started;
	int			 no_header;
	const char		**vals;
};

static inline void
put(FILE *fp, const void *p, size_t n)
{
	if (fp && n)
		fwrite_unlocked(p, 1, n, fp);
}

static void
putstr(FILE *fp, const char *s)
{
	put(fp, s, strlen(s));
}

/* The header line of delimited input, with the new column names. */
static void
header(struct pctx *c, FILE *fp, size_t hdrend)
{
	size_t s = 0, e = hdrend, k;
	const char *p = c->buf->data;
	char d = (char)c->delim;

	if (fp == NULL)
		return;
	while (e > s && (p[e - 1] == '\n' || p[e - 1] == '\r'))
		e--;
	put(fp, p, e);
	for (k = 0; k < c->pt->ncols; k++) {
		put(fp, &d, 1);
		putstr(fp, c->pt->cols[k]);
	}
	/* The header's own line end. */
	k = e;
	if (k < hdrend && p[k] == '\r')
		putstr(fp, "\r\n");
	else
		putstr(fp, "\n");
}

static int
rec_cb(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct pctx *c = arg;
	const char *p = c->buf->data;
	int keep;
	FILE *fp;
	size_t k;

	(void)e;
	if (!c->started && !c->no_header &&
	    (c->fmt == BS_FMT_CSV || c->fmt == BS_FMT_TSV)) {
		header(c, c->out, r->off);
		header(c, c->rej, r->off);
	}
	c->started = 1;
	keep = c->pt->annotate(c->pt->arg, c->row++, c->vals);
	fp = keep ? c->out : c->rej;
	if (fp == NULL)
		return 0;
	put(fp, p + r->off, r->len);
	for (k = 0; k < c->pt->ncols; k++) {
		char d = (char)c->delim;

		switch (c->fmt) {
		case BS_FMT_KV:
			fprintf(fp, " %s=%s", c->pt->cols[k], c->vals[k]);
			break;
		case BS_FMT_PLAIN:
			fprintf(fp, "%s%s=%s", k ? " " : " # ", c->pt->cols[k],
			    c->vals[k]);
			break;
		default:
			put(fp, &d, 1);
			putstr(fp, c->vals[k]);
			break;
		}
	}
	if (r->eollen)
		put(fp, p + r->off + r->len, r->eollen);
	else
		putstr(fp, "\n");
	return 0;
}

static int
hdr_cb(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	(void)arg;
	(void)f;
	(void)n;
	(void)e;
	return 0;
}

/*
 * The real tools' formats have no rows of their own to write back: their
 * records are written as CSV, the columns the reader made, plus ours.
 */
static void
csvfield(FILE *fp, const char *s, size_t len)
{
	if (fp == NULL)
		return;
	if (s == NULL)
		return;
	if (memchr(s, ',', len) == NULL && memchr(s, '"', len) == NULL &&
	    memchr(s, '\n', len) == NULL && memchr(s, '\r', len) == NULL) {
		put(fp, s, len);
		return;
	}
	putstr(fp, "\"");
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '"')
			putstr(fp, "\"");
		put(fp, s + i, 1);
	}
	putstr(fp, "\"");
}

static void
csvrow(struct pctx *c, FILE *fp, const struct bs_field *f, size_t n,
    const char *const *extra)
{
	if (fp == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		if (i)
			putstr(fp, ",");
		csvfield(fp, f[i].s, f[i].len);
	}
	for (size_t k = 0; k < c->pt->ncols; k++) {
		putstr(fp, ",");
		putstr(fp, extra[k]);
	}
	putstr(fp, "\n");
}

static int
tool_hdr(void *arg, const struct bs_field *f, size_t n, struct bs_err *e)
{
	struct pctx *c = arg;

	(void)e;
	csvrow(c, c->out, f, n, c->pt->cols);
	csvrow(c, c->rej, f, n, c->pt->cols);
	return 0;
}

static int
tool_rec(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct pctx *c = arg;
	int keep = c->pt->annotate(c->pt->arg, c->row++, c->vals);

	(void)e;
	csvrow(c, keep ? c->out : c->rej, r->f, r->nf, c->vals);
	return 0;
}

/* ------------------------------------------------------------------ */
/* JSON text scanning */

static size_t
skipws(const char *p, size_t i, size_t n)
{
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
	    p[i] == '\r'))
		i++;
	return i;
}

/* Index just past the JSON value starting at i (which is valid JSON). */
static size_t
skipval(const char *p, size_t i, size_t n)
{
	int depth = 0, instr = 0;

	if (i < n && p[i] != '{' && p[i] != '[' && p[i] != '"') {
		while (i < n && p[i] != ',' && p[i] != '}' && p[i] != ']' &&
		    p[i] != ' ' && p[i] != '\n' && p[i] != '\r' && p[i] != '\t')
			i++;
		return i;
	}
	for (; i < n; i++) {
		char ch = p[i];

		if (instr) {
			if (ch == '\\')
				i++;
			else if (ch == '"') {
				instr = 0;
				if (depth == 0)
					return i + 1;
			}
		} else if (ch == '"')
			instr = 1;
		else if (ch == '{' || ch == '[')
			depth++;
		else if ((ch == '}' || ch == ']') && --depth == 0)
			return i + 1;
	}
	return n;
}

/*
 * Write one record object p[s..e) with the new keys after its last
 * member, before the white space and '}' that close it.
 */
static void
jsonrec(struct pctx *c, FILE *fp, const char *p, size_t s, size_t e)
{
	size_t last = e - 1, k;
	int empty;

	while (last > s + 1 && (p[last - 1] == ' ' || p[last - 1] == '\n' ||
	    p[last - 1] == '\r' || p[last - 1] == '\t'))
		last--;
	empty = last == s + 1;
	put(fp, p + s, last - s);
	for (k = 0; k < c->pt->ncols; k++) {
		putstr(fp, k > 0 || !empty ? ", " : "");
		bs_json_string(fp, c->pt->cols[k], strlen(c->pt->cols[k]));
		putstr(fp, ": ");
		bs_json_string(fp, c->vals[k], strlen(c->vals[k]));
	}
	put(fp, p + last, e - last);
}

/*
 * The records array: the document itself, or the first member holding a
 * non-empty array of objects (the rule the JSON reader uses).  Returns
 * the index of its '[' or (size_t)-1.
 */
static size_t
findarray(const char *p, size_t n)
{
	size_t i = skipws(p, 0, n), v;

	if (i < n && p[i] == '[')
		return i;
	if (i >= n || p[i] != '{')
		return (size_t)-1;
	i++;
	for (;;) {
		i = skipws(p, i, n);
		if (i >= n || p[i] != '"')
			return (size_t)-1;
		i = skipval(p, i, n);		/* the key */
		i = skipws(p, i, n);
		if (i >= n || p[i] != ':')
			return (size_t)-1;
		v = skipws(p, i + 1, n);
		if (v < n && p[v] == '[') {
			size_t f = skipws(p, v + 1, n);

			if (f < n && p[f] == '{')
				return v;
		}
		i = skipws(p, skipval(p, v, n), n);
		if (i >= n || p[i] != ',')
			return (size_t)-1;
		i++;
	}
}

static int
passthru_json(struct pctx *c, struct bs_err *e)
{
	const char *p = c->buf->data;
	size_t n = c->buf->len, a, i, s, ws, prevend;
	int any[2] = { 0, 0 }, keep;
	FILE *fps[2] = { c->rej, c->out };

	if ((a = findarray(p, n)) == (size_t)-1) {
		/* A lone object is one record. */
		s = skipws(p, 0, n);
		if (s >= n || p[s] != '{')
			return bs_seterr(e, c->buf->name, 0, "cannot find the "
			    "records in the JSON text");
		i = skipval(p, s, n);
		keep = c->pt->annotate(c->pt->arg, c->row++, c->vals) ? 1 : 0;
		if (fps[keep]) {
			put(fps[keep], p, s);
			jsonrec(c, fps[keep], p, s, i);
			put(fps[keep], p + i, n - i);
		}
		return 0;
	}
	put(c->out, p, a + 1);
	put(c->rej, p, a + 1);
	prevend = a + 1;
	i = skipws(p, a + 1, n);
	while (i < n && p[i] != ']') {
		s = i;
		i = skipval(p, s, n);
		keep = c->pt->annotate(c->pt->arg, c->row++, c->vals) ? 1 : 0;
		if (fps[keep]) {
			/*
			 * The first record kept keeps the white space after
			 * '['; later ones the separator that stood before
			 * them, comma included.
			 */
			if (any[keep])
				put(fps[keep], p + prevend, s - prevend);
			else
				put(fps[keep], p + a + 1,
				    skipws(p, a + 1, n) - (a + 1));
			jsonrec(c, fps[keep], p, s, i);
		}
		any[keep] = 1;
		prevend = i;
		i = skipws(p, i, n);
		if (i < n && p[i] == ',')
			i = skipws(p, i + 1, n);
	}
	/* The rest of the document: white space before ']' and after. */
	for (s = prevend; s < n && p[s] != ']'; s++)
		;
	for (ws = s; ws > prevend && (p[ws - 1] == ' ' || p[ws - 1] == '\n' ||
	    p[ws - 1] == '\r' || p[ws - 1] == '\t'); ws--)
		;
	put(c->out, p + ws, n - ws);
	put(c->rej, p + ws, n - ws);
	return 0;
}

static int
passthru_ndjson(struct pctx *c, struct bs_err *e)
{
	const char *p = c->buf->data;
	size_t n = c->buf->len, pos = 0, end, s, ve;
	const char *nl;

	(void)e;
	while (pos < n) {
		nl = memchr(p + pos, '\n', n - pos);
		end = nl ? (size_t)(nl - p) : n;
		s = skipws(p, pos, end);
		if (s < end) {
			int keep = c->pt->annotate(c->pt->arg, c->row++,
			    c->vals);
			FILE *fp = keep ? c->out : c->rej;

			ve = skipval(p, s, end);
			if (fp) {
				put(fp, p + pos, s - pos);
				jsonrec(c, fp, p, s, ve);
				put(fp, p + ve, end - ve);
				putstr(fp, "\n");
			}
		}
		pos = end + 1;
	}
	return 0;
}

/*
 * Delimited text: the first pass has checked every record, so this one
 * only needs their bounds, found as the reader finds them (a record ends
 * at a line end outside quotes; empty lines are skipped), not their
 * fields.
 */
static int
passthru_delim(struct pctx *c, struct bs_err *e)
{
	const char *p = c->buf->data;
	size_t n = c->buf->len, pos = 0, end, k, line = 1, nls;
	struct bs_record r;
	int header = !c->no_header, inq;

	if (n >= 3 && (unsigned char)p[0] == 0xef &&
	    (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf)
		pos = 3;
	memset(&r, 0, sizeof(r));
	while (pos < n) {
		end = bs_delim_record_end(p, pos, n, &nls, &inq);
		k = end;
		r.eollen = end < n ? 1 : 0;
		if (k > pos && p[k - 1] == '\r') {
			k--;
			r.eollen++;
		}
		if (k > pos) {
			if (header)
				header = 0;	/* written with the first record */
			else {
				r.off = pos;
				r.len = k - pos;
				r.line = line;
				if (rec_cb(c, &r, e) == -1)
					return -1;
			}
		}
		line += 1 + nls;
		pos = end + 1;
	}
	return 0;
}

int
bs_passthru(const struct bs_buf *buf, const struct bs_read_opts *ro,
    const struct bs_passthru *pt, FILE *out, FILE *rej, struct bs_err *e)
{
	struct bs_reader_cb cb = { hdr_cb, rec_cb, NULL, NULL, NULL };
	struct pctx c;
	const char *vals[64];
	enum bs_format used;
	int rc;

	if (pt->ncols > 64)
		return bs_seterr(e, NULL, 0, "too many columns to add");
	memset(&c, 0, sizeof(c));
	c.buf = buf;
	c.pt = pt;
	c.out = out;
	c.rej = rej;
	c.vals = vals;
	c.delim = ro->delim ? ro->delim : ',';
	c.fmt = ro->format;
	c.no_header = ro->no_header;
	cb.arg = &c;
	switch (ro->format) {
	case BS_FMT_JSON:
		return passthru_json(&c, e);
	case BS_FMT_NDJSON:
		return passthru_ndjson(&c, e);
	case BS_FMT_CSV:
	case BS_FMT_TSV:
		return passthru_delim(&c, e);
	case BS_FMT_KV:
	case BS_FMT_PLAIN:
		rc = bs_read(buf, NULL, ro, &cb, &used, NULL, e);
		return rc;
	default:
		cb.header = tool_hdr;
		cb.record = tool_rec;
		return bs_read(buf, NULL, ro, &cb, &used, NULL, e);
	}
}
