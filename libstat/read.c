/*
 * Input sources, format detection and the text readers (delimited
 * through libcsv, key=value lines, plain numbers).  Readers hand over one
 * record at a time with its line number and byte range, so that errors
 * can name the place and boutlier can write a record back unchanged.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <csv.h>
#include <zlib.h>

#include "libstat.h"
#include "extern.h"

#define CHUNK	(1u << 20)
/*
 * libcsv grows its field buffer by this much at a time (128 bytes by
 * default): a long quoted field cost a quadratic number of bytes copied,
 * 200 s for 8 MiB where realloc cannot grow in place (ASan, valgrind).
 */
#define CSV_BLK	(1u << 20)

static const char *const fmtnames[BS_FMT__MAX] = {
	"auto", "csv", "tsv", "json", "ndjson", "kv", "plain",
	"hyperfine", "gbench", "gobench", "pyperf", "fio"
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

	switch (f) {
	case BS_FMT_HYPERFINE:
		return hyperfine;
	case BS_FMT_GBENCH:
		return gbench;
	case BS_FMT_GOBENCH:
		return gobench;
	case BS_FMT_PYPERF:
		return pyperf;
	default:
		return none;
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

/*
 * Limits applied while a whole input is loaded (boutlier and bplot keep
 * it; gzip is inflated whole): a 2 GB line or a gzip bomb is refused at
 * the limit, not after it is all in memory.  Text must break into lines
 * of at most BS_MAX_RECORD bytes; JSON (first byte '[' or '{') has no
 * lines to count, so its strings are held to BS_MAX_FIELD instead.
 */
struct loadguard {
	int		 kind;		/* 0 not yet known, 1 lines, 2 JSON */
	size_t		 run;		/* bytes since the last break */
};

static int	isgzip(const char *, size_t);
static int	inflate_all(const char *, size_t, char **, size_t *, size_t *,
		    const char *, struct loadguard *, struct bs_err *);

/* Line of offset off in data (for the message of a limit). */
static size_t
lineof(const char *data, size_t off)
{
	size_t line = 1;

	for (const char *p = data; (p = memchr(p, '\n', off - (size_t)(p -
	    data))) != NULL; p++)
		line++;
	return line;
}

/* Check the new bytes data[from..len) against the limits. */
static int
guard(struct loadguard *g, const char *data, size_t from, size_t len,
    const char *name, struct bs_err *e)
{
	const char brk = g->kind == 2 ? '"' : '\n';
	const size_t lim = g->kind == 2 ? BS_MAX_FIELD + 2 : BS_MAX_RECORD;
	const char *last;

	if (g->kind == 0) {
		size_t i = from;

		while (i < len && data[i] != '\0' &&
		    strchr(" \t\r\n", data[i]) != NULL)
			i++;
		if (i + 3 <= len && memcmp(data + i, "\xef\xbb\xbf", 3) == 0)
			i += 3;
		if (i == len)
			return 0;	/* not yet known */
		g->kind = data[i] == '[' || data[i] == '{' ? 2 : 1;
		return guard(g, data, from, len, name, e);
	}
	last = memrchr(data + from, brk, len - from);
	if (last == NULL)
		g->run += len - from;
	else
		g->run = len - (size_t)(last - data) - 1;
	if (g->run <= lim)
		return 0;
	if (g->kind == 2)
		return bs_seterr(e, name, lineof(data, len), "a JSON string "
		    "longer than %u bytes (the limit)", BS_MAX_FIELD);
	return bs_seterr(e, name, lineof(data, len), "line longer than %u "
	    "bytes (the limit)", BS_MAX_RECORD);
}

/* ------------------------------------------------------------------ */
/* Sources */

static const char *
dispname(const char *path)
{
	return path == NULL || strcmp(path, "-") == 0 ? "<stdin>" : path;
}

int
bs_buf_load(struct bs_buf *b, const char *path, struct bs_err *e)
{
	struct loadguard g = { 0, 0 };
	int fd, gz = -1;
	size_t cap = 0, seen = 0;
	ssize_t r;

	memset(b, 0, sizeof(*b));
	if ((b->name = strdup(dispname(path))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	if (path == NULL || strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1) {
		bs_seterr(e, b->name, 0, "%s", strerror(errno));
		goto err;
	}
	for (;;) {
		if (bs_grow(&b->data, &cap, b->len + CHUNK + 1, 1) == -1) {
			bs_seterr(e, b->name, 0, "out of memory");
			goto err;
		}
		r = read(fd, b->data + b->len, CHUNK);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			bs_seterr(e, b->name, 0, "%s", strerror(errno));
			goto err;
		}
		if (r == 0)
			break;
		b->len += (size_t)r;
		if (gz == -1 && b->len >= 2)
			gz = isgzip(b->data, b->len);
		if (gz == 0) {
			if (guard(&g, b->data, seen, b->len, b->name, e) == -1)
				goto err;
			seen = b->len;
		}
	}
	b->data[b->len] = '\0';
	if (fd != STDIN_FILENO)
		close(fd);
	fd = -1;
	if (isgzip(b->data, b->len)) {
		char *out;
		size_t len;

		if (inflate_all(b->data, b->len, &out, &len, NULL, b->name,
		    &g, e) == -1)
			goto err;
		free(b->data);
		b->data = out;
		b->len = len;
	}
	return 0;
err:
	if (fd > STDIN_FILENO)
		close(fd);
	bs_buf_free(b);
	return -1;
}

void
bs_buf_free(struct bs_buf *b)
{
	free(b->data);
	free(b->name);
	memset(b, 0, sizeof(*b));
}

int
bs_src_fill(struct bs_src *s, size_t keep, struct bs_err *e)
{
	ssize_t r;
	size_t rest;

	if (s->eof)
		return 0;
	rest = s->len - keep;
	if (keep > 0)	/* own is NULL before the first fill */
		memmove(s->own, s->own + keep, rest);
	s->base += keep;
	s->len = rest;
	if (s->cap - s->len < CHUNK) {
		if (bs_grow(&s->own, &s->cap, s->len + CHUNK + 1, 1) == -1)
			return bs_seterr(e, s->name, 0, "out of memory");
	}
	s->win = s->own;
	for (;;) {
		r = read(s->fd, s->own + s->len, s->cap - s->len - 1);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1)
			return bs_seterr(e, s->name, 0, "%s", strerror(errno));
		break;
	}
	if (r == 0) {
		s->eof = 1;
		s->own[s->len] = '\0';
		return 0;
	}
	s->len += (size_t)r;
	s->own[s->len] = '\0';
	return 1;
}

int
bs_src_slurp(struct bs_src *s, struct bs_err *e)
{
	int r;

	if (s->fd == -1)
		return 0;
	/* Keep everything: fill with keep = 0 moves nothing. */
	while ((r = bs_src_fill(s, 0, e)) == 1)
		;
	return r;
}

/*
 * A gzip-compressed input (pyperf writes .json.gz) is inflated into
 * memory whole; the readers then see the text.
 */
static int
isgzip(const char *p, size_t len)
{
	return len >= 2 && (unsigned char)p[0] == 0x1f &&
	    (unsigned char)p[1] == 0x8b;
}

static int
inflate_all(const char *in, size_t inlen, char **outp, size_t *outlen,
    size_t *outcap, const char *name, struct loadguard *g, struct bs_err *e)
{
	z_stream z;
	char *out = NULL;
	size_t cap = 0, len = 0;
	int zr;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 15 + 32) != Z_OK)
		return bs_seterr(e, name, 0, "cannot inflate");
	z.next_in = (unsigned char *)(uintptr_t)in;
	z.avail_in = (uInt)inlen;
	do {
		if (bs_grow(&out, &cap, len + CHUNK + 1, 1) == -1) {
			inflateEnd(&z);
			free(out);
			return bs_seterr(e, name, 0, "out of memory");
		}
		z.next_out = (unsigned char *)out + len;
		z.avail_out = CHUNK;
		zr = inflate(&z, Z_NO_FLUSH);
		len += CHUNK - z.avail_out;
		if (guard(g, out, len - (CHUNK - z.avail_out), len, name,
		    e) == -1) {
			inflateEnd(&z);
			free(out);
			return -1;
		}
		if (zr == Z_BUF_ERROR && z.avail_in == 0)
			zr = Z_DATA_ERROR;	/* truncated */
		if (zr != Z_OK && zr != Z_STREAM_END) {
			inflateEnd(&z);
			free(out);
			return bs_seterr(e, name, 0, "corrupt or truncated gzip "
			    "data");
		}
	} while (zr != Z_STREAM_END);
	inflateEnd(&z);
	out[len] = '\0';
	*outp = out;
	*outlen = len;
	if (outcap)
		*outcap = cap;
	return 0;
}

static int
gunzip(struct bs_src *s, struct bs_err *e)
{
	struct loadguard g = { 0, 0 };
	char *out;
	size_t len, cap;

	if (bs_src_slurp(s, e) == -1 ||
	    inflate_all(s->win, s->len, &out, &len, &cap, s->name, &g,
	    e) == -1)
		return -1;
	free(s->own);
	s->own = out;
	s->cap = cap;
	s->win = out;
	s->len = len;
	s->base = 0;
	s->eof = 1;
	if (s->fd > STDIN_FILENO)
		close(s->fd);
	s->fd = -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Detection */

/* Offset of the first byte after a UTF-8 byte order mark. */
static size_t
skipbom(const char *p, size_t len)
{
	if (len >= 3 && (unsigned char)p[0] == 0xef &&
	    (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf)
		return 3;
	return 0;
}

/* Is the line s[0..len) one number, perhaps with a # comment? */
static int
plainline(const char *s, size_t len)
{
	const char *h = memchr(s, '#', len);
	struct bs_dec d;
	double v;

	if (h)
		len = (size_t)(h - s);
	return bs_parse_number(s, len, &d, &v) != BS_NUM_NOTNUM;
}

/*
 * Does a line that is not a number still look like one: a sign (ASCII or
 * U+2212) or nothing, then a digit or ".digit", or nan/inf written some
 * other way ("nan(0x1)", "infinity")?  Such a first line is a malformed
 * value, never a column name: "−3", "0x10", "1_000".
 */
static int
looks_numeric(const char *s, size_t len)
{
	size_t i = 0;

	if (i < len && (s[i] == '-' || s[i] == '+'))
		i++;
	else if (len >= 3 && memcmp(s, "\xe2\x88\x92", 3) == 0)
		i += 3;
	if (i < len && s[i] >= '0' && s[i] <= '9')
		return 1;
	if (i + 1 < len && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9')
		return 1;
	if (len - i >= 3 && (strncasecmp(s + i, "nan", 3) == 0 ||
	    strncasecmp(s + i, "inf", 3) == 0))
		return len - i == 3 || s[i + 3] == '(' ||
		    (len - i == 8 && strncasecmp(s + i, "infinity", 8) == 0);
	return 0;
}

/* Does the line hold a key=value token? */
static int
kvline(const char *s, size_t len)
{
	size_t i = 0, k;

	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		k = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '=' &&
		    s[i] != ',' && s[i] != '"')
			i++;
		if (i < len && s[i] == '=' && i > k && i + 1 < len &&
		    s[i + 1] != ' ')
			return 1;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
	}
	return 0;
}

/*
 * Choose the delimiter of delimited text: the candidate that splits the
 * first lines into the same number of fields (more than one), counting
 * outside quotes; ties go to the order , tab ; |.
 */
static int
detect_delim(const char *p, size_t len)
{
	static const char cand[] = { ',', '\t', ';', '|' };
	size_t counts[4][20], nl = 0, i;
	int inq = 0, best = ',', c;
	size_t bestn = 0;

	memset(counts, 0, sizeof(counts));
	for (i = 0; i < len && nl < 20; i++) {
		c = (unsigned char)p[i];
		if (c == '"')
			inq = !inq;
		else if (!inq && c == '\n')
			nl++;
		else if (!inq)
			for (int k = 0; k < 4; k++)
				if (c == cand[k])
					counts[k][nl]++;
	}
	if (i == len && nl < 20 && i > 0 && p[i - 1] != '\n')
		nl++;
	for (int k = 0; k < 4; k++) {
		size_t n0 = counts[k][0];
		int same = n0 > 0;

		for (size_t l = 1; l < nl && same; l++)
			if (counts[k][l] != n0 && !(l == nl - 1 &&
			    counts[k][l] == 0))
				same = 0;
		if (same && n0 > bestn) {
			bestn = n0;
			best = cand[k];
		}
	}
	if (bestn == 0) {
		/* No consistent candidate: the most frequent in line 1. */
		for (int k = 0; k < 4; k++)
			if (counts[k][0] > bestn) {
				bestn = counts[k][0];
				best = cand[k];
			}
	}
	return best;
}

static enum bs_format
detect(const char *p, size_t len, int *delim)
{
	size_t i = skipbom(p, len), ls, nlines = 0;
	int allplain = 1, anykv = 0, firstnum = -1, anydelim = 0;
	int firstlooks = 0;
	const char *nl;
	enum bs_format t;

	while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	    p[i] == '\n'))
		i++;
	if ((t = bs_detect_tool(p + i, len - i)) != BS_FMT_AUTO)
		return t;
	if (i < len && (p[i] == '[' || p[i] == '{')) {
		/* One object per line is NDJSON; anything else JSON. */
		if (p[i] == '{') {
			int depth = 0, instr = 0;
			size_t j;

			for (j = i; j < len; j++) {
				char c = p[j];

				if (instr) {
					if (c == '\\')
						j++;
					else if (c == '"')
						instr = 0;
				} else if (c == '"')
					instr = 1;
				else if (c == '{' || c == '[')
					depth++;
				else if ((c == '}' || c == ']') && --depth == 0)
					break;
			}
			for (j++; j < len && (p[j] == ' ' || p[j] == '\t' ||
			    p[j] == '\r'); j++)
				;
			if (j < len && p[j] == '\n') {
				/* Another object must follow for NDJSON. */
				while (j < len && (p[j] == ' ' || p[j] == '\t' ||
				    p[j] == '\r' || p[j] == '\n'))
					j++;
				if (j < len && p[j] == '{')
					return BS_FMT_NDJSON;
			}
		}
		return BS_FMT_JSON;
	}
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
				int num = plainline(p + s, e - s);

				nlines++;
				if (!num)
					allplain = 0;
				if (firstnum < 0) {
					firstnum = num;
					firstlooks = !num && looks_numeric(
					    p + s, e - s);
				}
				for (size_t q = s; q < e && !anydelim; q++)
					anydelim = p[q] == ',' || p[q] == ';' ||
					    p[q] == '|' || p[q] == '\t';
				if (nlines <= 3 && kvline(p + s, e - s))
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
		return BS_FMT_PLAIN;
	if (anykv)
		return BS_FMT_KV;
	*delim = detect_delim(p + i, len - i);
	return *delim == '\t' ? BS_FMT_TSV : BS_FMT_CSV;
}

/* ------------------------------------------------------------------ */
/* Delimited text */

struct dctx {
	struct bs_src		*src;
	const struct bs_reader_cb *cb;
	struct bs_err		*e;
	struct csv_parser	 csv;
	int			 delim;
	int			 no_header;
	int			 have_header;
	size_t			 nhdr;
	/* fields of the current record */
	struct bs_field		*f;
	size_t			 nf, fcap;
	struct bs_sbuf		 text;		/* copies for quoted records */
	size_t			*foff;		/* offsets into text */
	size_t			 foffcap;
	int			 failed;
};

static inline void
trim(const char **s, size_t *len)
{
	while (*len > 0 && (**s == ' ' || **s == '\t'))
		(*s)++, (*len)--;
	while (*len > 0 && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
		(*len)--;
}

/* libcsv field callback: copy the field, since libcsv reuses its buffer. */
static void
csv_cb1(void *s, size_t len, void *arg)
{
	struct dctx *c = arg;

	if (c->failed)
		return;
	if (bs_grow(&c->foff, &c->foffcap, c->nf + 2, sizeof(size_t)) == -1 ||
	    bs_grow(&c->f, &c->fcap, c->nf + 2, sizeof(*c->f)) == -1 ||
	    bs_sbuf_add(&c->text, s ? s : "", s ? len : 0) == -1) {
		c->failed = 1;
		return;
	}
	c->foff[c->nf] = c->text.len - len;
	c->f[c->nf].len = len;
	c->nf++;
}

static void
csv_cb2(int ch, void *arg)
{
	(void)ch;
	(void)arg;
}

/* Hand a complete record (fields in c->f) to the header or record hook. */
static int
emit(struct dctx *c, const struct bs_record *r)
{
	if (!c->have_header) {
		c->have_header = 1;
		c->nhdr = r->nf;
		if (c->no_header) {
			/* Columns are named 1, 2, ... */
			struct bs_field *h = calloc(r->nf, sizeof(*h));
			char *names = malloc(r->nf * 24 + 1);
			int rc;

			if (h == NULL || names == NULL) {
				free(h);
				free(names);
				return bs_seterr(c->e, c->src->name, 0,
				    "out of memory");
			}
			for (size_t k = 0; k < r->nf; k++) {
				h[k].s = names + 24 * k;
				h[k].len = (size_t)snprintf(names + 24 * k, 24,
				    "%zu", k + 1);
			}
			rc = c->cb->header(c->cb->arg, h, r->nf, c->e);
			free(h);
			free(names);
			if (rc == -1)
				return -1;
		} else
			return c->cb->header(c->cb->arg, r->f, r->nf, c->e);
	}
	if (r->nf != c->nhdr)
		return bs_seterr(c->e, c->src->name, r->line,
		    "row has %zu fields, the header has %zu", r->nf, c->nhdr);
	return c->cb->record(c->cb->arg, r, c->e);
}

/*
 * One physical record p[0..len) without its line end.  Records without a
 * quote are split at the delimiter directly; quoted ones go through
 * libcsv, which knows RFC 4180's rules.
 */
static int
delim_record(struct dctx *c, const char *p, size_t len, size_t line,
    size_t off, size_t eollen)
{
	struct bs_record r;
	size_t i, start;

	c->nf = 0;
	if (memchr(p, '"', len) == NULL) {
		for (start = 0, i = 0; ; i++) {
			if (i == len || p[i] == c->delim) {
				if (c->nf == c->fcap && bs_grow(&c->f, &c->fcap,
				    c->nf + 1, sizeof(*c->f)) == -1)
					return bs_seterr(c->e, c->src->name,
					    line, "out of memory");
				c->f[c->nf].s = p + start;
				c->f[c->nf].len = i - start;
				trim(&c->f[c->nf].s, &c->f[c->nf].len);
				c->nf++;
				start = i + 1;
				if (i == len)
					break;
			}
		}
	} else {
		c->text.len = 0;
		if (csv_parse(&c->csv, p, len, csv_cb1, csv_cb2, c) != len ||
		    csv_fini(&c->csv, csv_cb1, csv_cb2, c) != 0) {
			int err = csv_error(&c->csv);

			csv_free(&c->csv);
			csv_init(&c->csv, CSV_STRICT | CSV_STRICT_FINI);
			csv_set_delim(&c->csv, (unsigned char)c->delim);
			csv_set_blk_size(&c->csv, CSV_BLK);
			return bs_seterr(c->e, c->src->name, line,
			    "malformed quoted field (%s)", csv_strerror(err));
		}
		if (c->failed)
			return bs_seterr(c->e, c->src->name, line,
			    "out of memory");
		for (i = 0; i < c->nf; i++)
			c->f[i].s = c->text.p + c->foff[i];
	}
	r.f = c->f;
	r.nf = c->nf;
	r.line = line;
	r.off = off;
	r.len = len;
	r.eollen = eollen;
	return emit(c, &r);
}

size_t
bs_delim_record_end(const char *p, size_t pos, size_t len, size_t *nls,
    int *open)
{
	const char *nl = memchr(p + pos, '\n', len - pos);
	size_t end = nl ? (size_t)(nl - p) : len, k;
	int inq = 0;

	*nls = 0;
	*open = 0;
	if (memchr(p + pos, '"', end - pos) == NULL)
		return end;
	/* Quotes: line feeds inside them do not end the record. */
	for (k = pos; k < len; k++) {
		if (p[k] == '"')
			inq = !inq;
		else if (p[k] == '\n') {
			if (!inq)
				break;
			(*nls)++;
		}
	}
	*open = inq;
	return k;
}

int
bs_read_delim(struct bs_src *s, int delim, int no_header,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct dctx c;
	size_t pos, line = 1, end, k, nls, eol;
	const char *nl;
	int rc = -1, r, inq;

	memset(&c, 0, sizeof(c));
	c.src = s;
	c.cb = cb;
	c.e = e;
	c.delim = delim;
	c.no_header = no_header;
	if (csv_init(&c.csv, CSV_STRICT | CSV_STRICT_FINI) != 0)
		return bs_seterr(e, s->name, 0, "out of memory");
	csv_set_delim(&c.csv, (unsigned char)delim);
	csv_set_blk_size(&c.csv, CSV_BLK);
	pos = skipbom(s->win, s->len);
	for (;;) {
		end = bs_delim_record_end(s->win, pos, s->len, &nls, &inq);
		nl = end < s->len ? s->win + end : NULL;
		if (nl == NULL && s->eof && inq) {
			bs_seterr(e, s->name, line, "unterminated quoted field");
			goto out;
		}
		if (nl == NULL && !s->eof) {
			if (end - pos > BS_MAX_RECORD) {
				bs_seterr(e, s->name, line,
				    "record longer than %u bytes",
				    BS_MAX_RECORD);
				goto out;
			}
			if ((r = bs_src_fill(s, pos, e)) == -1)
				goto out;
			pos = 0;
			continue;
		}
		eol = nl ? 1 : 0;
		k = end;
		if (k > pos && s->win[k - 1] == '\r') {
			k--;
			eol++;
		}
		if (k - pos > BS_MAX_RECORD) {
			bs_seterr(e, s->name, line,
			    "record longer than %u bytes", BS_MAX_RECORD);
			goto out;
		}
		if (k > pos && delim_record(&c, s->win + pos, k - pos, line,
		    s->base + pos, eol) == -1)
			goto out;
		line += 1 + nls;
		if (nl == NULL)
			break;
		pos = end + 1;
		if (pos >= s->len && s->eof)
			break;
	}
	if (!c.have_header) {
		bs_seterr(e, s->name, 0, "empty input");
		goto out;
	}
	rc = 0;
out:
	csv_free(&c.csv);
	free(c.f);
	free(c.foff);
	bs_sbuf_free(&c.text);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Line-oriented readers: key=value and plain numbers */

/*
 * Call fn for every line of the (whole, in memory) source with its
 * bounds, line end length and number.
 */
static int
eachline(struct bs_src *s, int (*fn)(void *, const char *, size_t, size_t,
    size_t, size_t, struct bs_err *), void *arg, struct bs_err *e)
{
	size_t pos = skipbom(s->win, s->len), line = 1, end, k, eol;
	const char *nl;

	while (pos < s->len) {
		nl = memchr(s->win + pos, '\n', s->len - pos);
		end = nl ? (size_t)(nl - s->win) : s->len;
		eol = nl ? 1 : 0;
		k = end;
		if (k > pos && s->win[k - 1] == '\r') {
			k--;
			eol++;
		}
		if (k - pos > BS_MAX_RECORD)
			return bs_seterr(e, s->name, line,
			    "line longer than %u bytes", BS_MAX_RECORD);
		if (fn(arg, s->win + pos, k - pos, line, s->base + pos, eol,
		    e) == -1)
			return -1;
		line++;
		pos = end + 1;
	}
	return 0;
}

struct kvctx {
	const struct bs_reader_cb *cb;
	const char	*name;
	struct bs_field	*keys;		/* distinct keys, first-seen order */
	size_t		 nkeys, kcap;
	struct bs_field	*vals;		/* per record, by key index */
	size_t		 vcap;
	int		 pass;
	size_t		 nrec;
	struct bs_strhash hash;		/* key -> index */
	const char	*dup;		/* a key given twice on a line */
	size_t		 duplen;
};

/* Split a kv line into (key, value) tokens; calls tok for each. */
static int
kvtokens(const char *s, size_t len,
    int (*tok)(struct kvctx *, const char *, size_t, const char *, size_t),
    struct kvctx *c)
{
	size_t i = 0, k, v, n = 0;

	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		k = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '=')
			i++;
		if (i < len && s[i] == '=' && i > k) {
			size_t klen = i - k;

			v = ++i;
			if (i < len && s[i] == '"') {
				v = ++i;
				while (i < len && s[i] != '"')
					i++;
				if (tok(c, s + k, klen, s + v, i - v) == -1)
					return -1;
				if (i < len)
					i++;
			} else {
				while (i < len && s[i] != ' ' && s[i] != '\t')
					i++;
				/* A trailing comma separates, it is no digit. */
				size_t vl = i - v;

				if (vl > 0 && s[v + vl - 1] == ',')
					vl--;
				if (tok(c, s + k, klen, s + v, vl) == -1)
					return -1;
			}
			n++;
		} else
			while (i < len && s[i] != ' ' && s[i] != '\t')
				i++;
	}
	return (int)n;
}

static long
kvfind(struct kvctx *c, const char *k, size_t klen)
{
	return bs_strhash_get(&c->hash, k, klen);
}

static int
kvtok(struct kvctx *c, const char *k, size_t klen, const char *v,
    size_t vlen)
{
	long i = kvfind(c, k, klen);

	if (c->pass == 0) {
		if (i >= 0)
			return 0;
		if (bs_grow(&c->keys, &c->kcap, c->nkeys + 1,
		    sizeof(*c->keys)) == -1 ||
		    bs_strhash_put(&c->hash, k, klen, c->nkeys) == -1)
			return -1;
		c->keys[c->nkeys].s = k;
		c->keys[c->nkeys].len = klen;
		c->nkeys++;
		return 0;
	}
	if (i >= 0) {
		if (c->vals[i].s != NULL) {
			/* Which one counts?  No silent pick. */
			c->dup = k;
			c->duplen = klen;
			return -1;
		}
		c->vals[i].s = v;
		c->vals[i].len = vlen;
	}
	return 0;
}

static int
kvline_cb(void *arg, const char *s, size_t len, size_t line, size_t off,
    size_t eol, struct bs_err *e)
{
	struct kvctx *c = arg;
	struct bs_record r;
	int n;

	if (c->pass == 1)
		for (size_t i = 0; i < c->nkeys; i++) {
			c->vals[i].s = NULL;
			c->vals[i].len = 0;
		}
	if ((n = kvtokens(s, len, kvtok, c)) == -1 && c->dup != NULL)
		return bs_seterr(e, c->name, line, "key '%.*s' appears twice "
		    "on the line", (int)(c->duplen > 40 ? 40 : c->duplen),
		    c->dup);
	if (n == -1)
		return bs_seterr(e, c->name, line, "out of memory");
	if (c->pass == 0 || n == 0)
		return 0;
	r.f = c->vals;
	r.nf = c->nkeys;
	r.line = line;
	r.off = off;
	r.len = len;
	r.eollen = eol;
	c->nrec++;
	return c->cb->record(c->cb->arg, &r, e);
}

int
bs_read_kv(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct kvctx c;
	int rc = -1;

	memset(&c, 0, sizeof(c));
	c.cb = cb;
	c.name = s->name;
	if (bs_src_slurp(s, e) == -1)
		return -1;
	if (eachline(s, kvline_cb, &c, e) == -1)
		goto out;
	if (c.nkeys == 0) {
		bs_seterr(e, s->name, 0, "no key=value pairs in the input");
		goto out;
	}
	if ((c.vals = calloc(c.nkeys, sizeof(*c.vals))) == NULL) {
		bs_seterr(e, s->name, 0, "out of memory");
		goto out;
	}
	if (cb->header(cb->arg, c.keys, c.nkeys, e) == -1)
		goto out;
	c.pass = 1;
	if (eachline(s, kvline_cb, &c, e) == -1)
		goto out;
	rc = 0;
out:
	free(c.keys);
	free(c.vals);
	bs_strhash_free(&c.hash);
	return rc;
}

/*
 * Plain numbers: one pass over each line finds both its end and a '#'
 * (lines are short, so a byte loop beats two memchr() calls).
 */
int
bs_read_plain(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_field h = { "value", 5 }, f;
	struct bs_record r;
	size_t pos, line = 1;
	const char *p, *q, *lim, *hash;

	if (cb->header(cb->arg, &h, 1, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	r.f = &f;
	r.nf = 1;
	pos = skipbom(s->win, s->len);
	for (;;) {
		p = s->win + pos;
		lim = s->win + s->len;
		hash = NULL;
		for (q = p; q < lim && *q != '\n'; q++)
			if (*q == '#' && hash == NULL)
				hash = q;
		if (q == lim && !s->eof) {
			if (s->len - pos > BS_MAX_RECORD)
				return bs_seterr(e, s->name, line,
				    "line longer than %u bytes", BS_MAX_RECORD);
			if (bs_src_fill(s, pos, e) == -1)
				return -1;
			pos = 0;
			continue;
		}
		r.len = (size_t)(q - p);
		r.eollen = q < lim ? 1 : 0;
		if (r.len > 0 && p[r.len - 1] == '\r') {
			r.len--;
			r.eollen++;
		}
		f.s = p;
		f.len = hash ? (size_t)(hash - p) : r.len;
		trim(&f.s, &f.len);
		if (f.len > 0) {
			r.line = line;
			r.off = s->base + pos;
			if (cb->record(cb->arg, &r, e) == -1)
				return -1;
		}
		line++;
		if (q == lim)
			break;
		pos = (size_t)(q - s->win) + 1;
	}
	return 0;
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
	return c->cb->record(c->cb->arg, r, e);
}

static void
cap_warn(void *arg, const char *msg)
{
	const struct capctx *c = arg;

	c->cb->warn(c->cb->arg, msg);
}

static void
cap_format(void *arg, enum bs_format f)
{
	const struct capctx *c = arg;

	c->cb->format(c->cb->arg, f);
}

/*
 * No text format holds a NUL byte: binary garbage (a core file, an image,
 * UTF-16 text) is said to be so at once, on the line of the first NUL
 * in the window read (the whole input when it is in memory), rather
 * than read as odd text.
 */
static int
binary(const struct bs_src *s, struct bs_err *e)
{
	const char *nul = memchr(s->win, '\0', s->len), *p;
	const unsigned char *u = (const unsigned char *)s->win;
	size_t line = 1;

	if (nul == NULL)
		return 0;
	for (p = s->win; p < nul; p++)
		line += *p == '\n';
	if ((s->len >= 2 && ((u[0] == 0xff && u[1] == 0xfe) ||
	    (u[0] == 0xfe && u[1] == 0xff))) || (s->len >= 4 &&
	    (u[0] == 0) != (u[1] == 0) && (u[0] == 0) == (u[2] == 0) &&
	    (u[1] == 0) == (u[3] == 0)))
		return bs_seterr(e, s->name, line, "binary data (a NUL byte): "
		    "UTF-16 text?  Convert it to UTF-8 (iconv -f UTF-16)");
	return bs_seterr(e, s->name, line, "binary data (a NUL byte at "
	    "offset %zu), not text", s->base + (size_t)(nul - s->win));
}

int
bs_read(const struct bs_buf *buf, const char *path,
    const struct bs_read_opts *o, const struct bs_reader_cb *ucb,
    enum bs_format *used, int *useddelim, struct bs_err *e)
{
	struct bs_src s;
	enum bs_format f = o->format;
	int delim = o->delim, rc = -1;
	struct capctx cc = { ucb, NULL };
	struct bs_reader_cb wcb = { cap_header, cap_record, &cc,
	    ucb->warn ? cap_warn : NULL, ucb->format ? cap_format : NULL };
	const struct bs_reader_cb *cb = &wcb;

	memset(&s, 0, sizeof(s));
	if (buf != NULL) {
		s.name = buf->name;
		s.fd = -1;
		s.win = buf->data;
		s.len = buf->len;
		s.eof = 1;
	} else {
		s.name = dispname(path);
		if (path == NULL || strcmp(path, "-") == 0)
			s.fd = STDIN_FILENO;
		else if ((s.fd = open(path, O_RDONLY)) == -1)
			return bs_seterr(e, s.name, 0, "%s", strerror(errno));
		if (bs_src_fill(&s, 0, e) == -1)
			goto out;
		/* Fill the first window fully for detection. */
		while (!s.eof && s.len < 65536)
			if (bs_src_fill(&s, 0, e) == -1)
				goto out;
	}
	cc.name = s.name;
	if (isgzip(s.win, s.len) && gunzip(&s, e) == -1)
		goto out;
	if (s.len == 0) {
		bs_seterr(e, s.name, 0, "empty input");
		goto out;
	}
	if (binary(&s, e) == -1)
		goto out;
	if (f == BS_FMT_AUTO && delim != 0)
		f = delim == '\t' ? BS_FMT_TSV : BS_FMT_CSV;	/* -d given */
	else if (f == BS_FMT_AUTO)
		f = detect(s.win, s.len < 65536 ? s.len : 65536, &delim);
	if ((f == BS_FMT_CSV || f == BS_FMT_TSV) && delim == 0)
		delim = f == BS_FMT_TSV ? '\t' :
		    detect_delim(s.win + skipbom(s.win, s.len),
		    (s.len < 65536 ? s.len : 65536) - skipbom(s.win, s.len));
	if (used)
		*used = f;
	if (useddelim)
		*useddelim = delim;
	if (cb->format)
		cb->format(cb->arg, f);
	switch (f) {
	case BS_FMT_CSV:
	case BS_FMT_TSV:
		rc = bs_read_delim(&s, delim, o->no_header, cb, e);
		break;
	case BS_FMT_JSON:
	case BS_FMT_NDJSON:
		rc = bs_read_json(&s, f, cb, e);
		break;
	case BS_FMT_KV:
		rc = bs_read_kv(&s, cb, e);
		break;
	case BS_FMT_PLAIN:
		rc = bs_read_plain(&s, cb, e);
		break;
	default:
		rc = bs_read_tools(&s, f, cb, e);
		break;
	}
out:
	if (s.fd > STDIN_FILENO)
		close(s.fd);
	free(s.own);
	return rc;
}
