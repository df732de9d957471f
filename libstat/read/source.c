/*
 * Input sources, the bottom layer of the readers: a file or standard
 * input read in windows, or a whole input kept in memory (struct bs_buf);
 * gzip inflated whole; binary data refused before any reader sees it.
 * Nothing here knows a format.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <zlib.h>

#include "libstat.h"
#include "read/read.h"

#define CHUNK	(1u << 20)

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
	int		 inq, esc;	/* JSON: inside a string, after '\\' */
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
	if (g->kind == 2) {
		/*
		 * Only the bytes inside a string count: a long array of
		 * numbers holds no string at all.
		 */
		for (size_t i = from; i < len; i++) {
			char c = data[i];

			if (!g->inq) {
				if (c == '"') {
					g->inq = 1;
					g->run = 0;
				}
				continue;
			}
			if (g->esc)
				g->esc = 0;
			else if (c == '\\')
				g->esc = 1;
			else if (c == '"') {
				g->inq = 0;
				continue;
			}
			if (++g->run > BS_MAX_FIELD)
				return bs_seterr(e, name, lineof(data, i),
				    "a JSON string longer than %u bytes (the "
				    "limit)", BS_MAX_FIELD);
		}
		return 0;
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
	struct loadguard g = { 0, 0, 0, 0 };
	struct stat st;
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
	/*
	 * A regular file's size is known: one allocation of it, rather than
	 * a buffer doubled (and perhaps copied) a dozen times on the way.
	 */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size < SIZE_MAX / 2 &&
	    bs_grow(&b->data, &cap, (size_t)st.st_size + CHUNK + 1, 1) == -1) {
		bs_seterr(e, b->name, 0, "out of memory");
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

/*
 * The size bytes of file fd mapped private, with a byte past them that
 * reads as 0 (an anonymous page reserved first, the file mapped over
 * it), so that the text ends in a NUL; size + 1 bytes to unmap, or
 * MAP_FAILED.
 */
static char *
map_nul(int fd, size_t size, int prot)
{
	char *m = mmap(NULL, size + 1, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1,
	    0);

	if (m != MAP_FAILED && mmap(m, size, prot, MAP_PRIVATE | MAP_FIXED,
	    fd, 0) == MAP_FAILED) {
		munmap(m, size + 1);
		m = MAP_FAILED;
	}
	return m;
}

/*
 * A regular file mapped (private, copy-on-write), not read into memory
 * and copied: a 10M-row CSV is 99 MB.  Space for a byte past its end is
 * reserved first (map_nul(), as bs_src_map() maps): the text ends in a
 * NUL as bs_buf_load()'s does.  The limits are checked in the
 * steps bs_buf_load() reads in, so that an error names the same line.
 * Returns 0, -1 with the error set, or 1 when the file is not one to map
 * (standard input, not regular, empty, gzip): then it is loaded.
 */
static int
buf_map(struct bs_buf *b, const char *path, struct bs_err *e)
{
	struct loadguard g = { 0, 0, 0, 0 };
	struct stat st;
	size_t size;
	char *m;
	int fd;

	if (path == NULL || strcmp(path, "-") == 0 ||
	    (fd = open(path, O_RDONLY)) == -1)
		return 1;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) || st.st_size < 2 ||
	    (uintmax_t)st.st_size >= SIZE_MAX / 2) {
		close(fd);
		return 1;
	}
	size = (size_t)st.st_size;
	m = map_nul(fd, size, PROT_READ | PROT_WRITE);
	close(fd);
	if (m == MAP_FAILED || isgzip(m, size)) {
		if (m != MAP_FAILED)
			munmap(m, size + 1);
		return 1;
	}
	if ((b->name = strdup(dispname(path))) == NULL) {
		munmap(m, size + 1);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	b->data = m;
	b->len = size;
	b->maplen = size + 1;
	for (size_t at = 0; at < size; at += CHUNK)
		if (guard(&g, m, at, size - at < CHUNK ? size : at + CHUNK,
		    b->name, e) == -1) {
			bs_buf_free(b);
			return -1;
		}
	return 0;
}

int
bs_buf_map(struct bs_buf *b, const char *path, struct bs_err *e)
{
	int rc;

	memset(b, 0, sizeof(*b));
	if ((rc = buf_map(b, path, e)) != 1)
		return rc;
	return bs_buf_load(b, path, e);
}

void
bs_buf_free(struct bs_buf *b)
{
	if (b->maplen > 0)
		munmap(b->data, b->maplen);
	else
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
	struct loadguard g = { 0, 0, 0, 0 };
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
/* What every reader needs to know of the bytes */

size_t
bs_skipbom(const char *p, size_t len)
{
	if (len >= 3 && (unsigned char)p[0] == 0xef &&
	    (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf)
		return 3;
	return 0;
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
bs_src_open(struct bs_src *s, const struct bs_buf *buf, const char *path,
    struct bs_err *e)
{
	memset(s, 0, sizeof(*s));
	if (buf != NULL) {
		s->name = buf->name;
		s->fd = -1;
		s->win = buf->data;
		s->len = buf->len;
		s->eof = 1;
	} else {
		s->name = dispname(path);
		if (path == NULL || strcmp(path, "-") == 0)
			s->fd = STDIN_FILENO;
		else if ((s->fd = open(path, O_RDONLY)) == -1)
			return bs_seterr(e, s->name, 0, "%s", strerror(errno));
		if (bs_src_fill(s, 0, e) == -1)
			goto err;
		/* Fill the first window fully for detection. */
		while (!s->eof && s->len < BS_DETECT_LEN)
			if (bs_src_fill(s, 0, e) == -1)
				goto err;
	}
	if (isgzip(s->win, s->len) && gunzip(s, e) == -1)
		goto err;
	if (s->len == 0) {
		bs_seterr(e, s->name, 0, "empty input");
		goto err;
	}
	if (binary(s, e) == -1)
		goto err;
	return 0;
err:
	bs_src_close(s);
	return -1;
}

void
bs_src_close(struct bs_src *s)
{
	if (s->fd > STDIN_FILENO)
		close(s->fd);
	s->fd = -1;
	free(s->own);
	s->own = NULL;
	if (s->map != NULL)
		munmap(s->map, s->maplen);
	s->map = NULL;
}

/*
 * The whole file in memory without a copy, for its chunks' threads.
 * Space for a byte past its end is reserved first, anonymous and so
 * zero, then the file mapped over its start: readers may find a NUL
 * after the last byte, as after a window (bs_src_fill()), even when
 * the file ends at a page's end.
 */
int
bs_src_map(struct bs_src *s)
{
	struct stat st;
	size_t size;
	char *m;

	if (s->fd <= STDIN_FILENO || s->map != NULL ||
	    fstat(s->fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	    st.st_size <= 0 || (uintmax_t)st.st_size >= SIZE_MAX / 2)
		return -1;
	size = (size_t)st.st_size;
	/* The window read so far must be the file's start, whole. */
	if (s->base + s->len > size)
		return -1;
	if ((m = map_nul(s->fd, size, PROT_READ)) == MAP_FAILED)
		return -1;
	s->map = m;
	s->maplen = size + 1;
	s->win = m;
	s->len = size;
	s->base = 0;
	s->eof = 1;
	return 0;
}
