/*
 * Plain numbers: one value a line, perhaps followed by a # comment; the
 * column is called "value".
 */
#include <string.h>
#include <strings.h>

#include "libstat.h"
#include "read/read.h"

static bs_chunk_fn plain_chunk;

/* Is the line s[0..len) one number, perhaps with a # comment? */
int
bs_plain_line(const char *s, size_t len)
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
int
bs_plain_looks_numeric(const char *s, size_t len)
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

/*
 * Plain numbers: one pass over each line finds both its end and a '#'
 * (lines are short, so a byte loop beats two memchr() calls); the rest
 * of a line with a comment is searched for its end alone.  From pos
 * on, the first line numbered line; the lines read go in *lines.  A
 * file is read in chunks (chunks = 0, bs_chunks()) after its first
 * record; a chunk is read as the whole is.
 */
static int
plain_lines(struct bs_src *s, size_t pos, size_t line,
    const struct bs_reader_cb *cb, size_t *lines, int chunks,
    struct bs_err *e)
{
	struct bs_field f;
	struct bs_record r;
	const char *p, *q, *lim, *hash;
	unsigned char cls[256] = { 0 };
	size_t line0 = line;

	memset(&r, 0, sizeof(r));
	r.f = &f;
	r.nf = 1;
	cls['\n'] = 1;
	cls['#'] = 2;
	for (;;) {
		if (pos >= s->len && s->eof && chunks == 0)
			break;	/* a chunk's end, after its line feed */
		p = s->win + pos;
		lim = s->win + s->len;
		hash = NULL;
		q = bs_stop_at(cls, p, lim);
		if (q < lim && *q == '#') {
			hash = q;
			if ((q = memchr(q, '\n', (size_t)(lim - q))) == NULL)
				q = lim;
		}
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
		bs_trim(&f.s, &f.len);
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
		if (f.len > 0 && chunks && s->jobs != 1) {
			chunks = 0;
			if (bs_chunks(s, &pos, &line, plain_chunk, NULL, cb,
			    e) == -1)
				return -1;
		}
	}
	*lines = line - line0;
	return 0;
}

/* One chunk of a file read in parallel: its lines, as the whole's. */
static int
plain_chunk(void *arg, struct bs_src *s, size_t pos, size_t line,
    const struct bs_reader_cb *cb, size_t *lines, size_t *stop,
    struct bs_err *e)
{
	(void)arg;
	(void)stop;
	return plain_lines(s, pos, line, cb, lines, 0, e);
}

static int
bs_read_plain(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_field h = { "value", 5 };
	size_t lines;

	if (cb->header(cb->arg, &h, 1, e) == -1)
		return -1;
	return plain_lines(s, bs_skipbom(s->win, s->len), 1, cb, &lines, 1,
	    e);
}

const struct bs_fmt bs_fmt_plain = {
	.name = "plain",
	.read = bs_read_plain,
	.spans = 1,
	.chunks = 1,
	.refuse = BS_REFUSE_BSTAT | BS_REFUSE_XML |
	    BS_REFUSE_REDIS,
};
