/*
 * A file read in chunks in parallel (-j, bs_read_opts.jobs): the rest
 * of a file after its first records, split at line feeds, each chunk
 * parsed by its format's reader into an accumulator of its own (the
 * consumer's split() and join() hooks) in a thread of its own, then
 * merged in file order.  What is order-dependent stays in one thread's
 * order: the consumer appends each chunk's values after those before
 * it, and a chunk that cannot be read alone (a quote, which may hold a
 * line feed; a warning, a note or an error, whose words and order are
 * one thread's) is read again, with all after it, in one thread from
 * where it starts.  So every result is byte-identical to -j 1's.  A
 * pipe is read so a segment at a time (pipe_passes()).
 *
 * POSIX threads and no library: a few threads, each started once on
 * its chunk and joined in order, are what pthread_create() and
 * pthread_join() do; a pool (GLib's, OpenMP's) would add a dependency,
 * or a compiler's runtime, for nothing they would do here.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "libstat.h"
#include "read/read.h"

/* One chunk: its bytes, its callbacks, what reading it found. */
struct chunk {
	struct bs_src	 src;		/* the mapping, up to the chunk's end */
	size_t		 pos;		/* where the chunk starts */
	size_t		 end;
	bs_chunk_fn	*parse;
	void		*parg;
	struct bs_reader_cb ucb;	/* the consumer's, for this chunk */
	struct bs_reader_cb cb;		/* ours over them */
	size_t		 lines, stop;
	int		 rc;		/* 0 read, 1 not alone, -1 failed */
	int		 noisy;		/* a warning or a note */
	struct bs_err	 e;
	pthread_t	 th;
	int		 started;
	int		 check;		/* hold fields to BS_MAX_FIELD */
	char		*map;		/* the file's mapping, or NULL */
	size_t		 dropped;	/* its pages before this are given back */
};

/*
 * The pages of the mapping a chunk has read are given back as it goes
 * (a private mapping of a file: read again, they come back from the
 * page cache as they were), so that the file does not stay in the
 * process's memory beside its values: a 10M-row CSV is 99 MB.
 */
#define DROP_STEP	(4u << 20)

static void
drop_pages(struct chunk *c, size_t upto)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), from, to;

	from = (c->dropped + pg - 1) / pg * pg;
	to = upto / pg * pg;
	if (c->map != NULL && to > from)
		(void)madvise(c->map + from, to - from, MADV_DONTNEED);
	c->dropped = upto;
}

/*
 * A chunk's records are held to BS_MAX_FIELD as bs_read()'s are; a
 * field over it fails the chunk, which is then read in one thread,
 * where the limit's error names its line.
 */
static int
chunk_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct chunk *c = arg;

	/* The first chunk's hooks are bs_read()'s, which hold the limit. */
	for (size_t i = 0; c->check && i < r->nf; i++)
		if (r->f[i].len > BS_MAX_FIELD)
			return bs_seterr(e, NULL, 0, "field too long");
	if (r->off - c->dropped >= DROP_STEP)
		drop_pages(c, r->off);
	return c->ucb.record(c->ucb.arg, r, e);
}

static void
chunk_say(void *arg, const char *msg)
{
	struct chunk *c = arg;

	(void)msg;
	c->noisy = 1;
}

static void *
chunk_run(void *arg)
{
	struct chunk *c = arg;

	c->rc = c->parse(c->parg, &c->src, c->pos, 1, &c->cb, &c->lines,
	    &c->stop, &c->e);
	drop_pages(c, c->end);
	return NULL;
}

/* The threads: -j, or the online CPUs up to BS_JOBS_DEFAULT. */
static size_t
jobs(const struct bs_src *s, size_t rest)
{
	/* By default a chunk is worth a thread from BS_CHUNK_MIN bytes. */
	return bs_threads(s->jobs, BS_JOBS_MAX, rest, BS_CHUNK_MIN, 0);
}

/*
 * Chunk boundaries: b[0] = pos, b[k] just after the first line feed
 * from pos + k * (len - pos) / n on, b[n] = len; empty chunks are left
 * out.  The number of chunks.
 */
static size_t
bounds(const struct bs_src *s, size_t pos, size_t n, size_t *b)
{
	size_t m = 1, rest = s->len - pos;
	const char *nl;

	b[0] = pos;
	for (size_t k = 1; k < n; k++) {
		size_t at = pos + (size_t)((double)rest * (double)k /
		    (double)n);

		if (at <= b[m - 1])
			at = b[m - 1];
		nl = memchr(s->win + at, '\n', s->len - at);
		if (nl == NULL)
			break;
		at = (size_t)(nl - s->win) + 1;
		if (at >= s->len)
			break;
		if (at > b[m - 1])
			b[m++] = at;
	}
	b[m] = s->len;
	return m;
}

/*
 * Start the threads of chunks 1 .. m-1; one that cannot start is read
 * in one thread with those after it.
 */
static void
start(struct chunk *ch, size_t m, const struct bs_src *s, const size_t *b,
    bs_chunk_fn *parse, void *parg, const struct bs_reader_cb *ucbs)
{
	for (size_t k = 1; k < m; k++) {
		struct chunk *c = &ch[k];

		c->src = *s;
		c->src.own = NULL;
		c->src.map = NULL;
		c->src.fd = -1;
		c->src.len = b[k + 1];
		c->pos = b[k];
		c->end = b[k + 1];
		c->parse = parse;
		c->parg = parg;
		c->ucb = ucbs[k - 1];
		c->cb = (struct bs_reader_cb){ .header = c->ucb.header,
		    .record = chunk_record, .arg = c, .warn = chunk_say,
		    .note = chunk_say };
		c->map = s->map;
		c->dropped = c->pos;
		c->check = 1;
		if (pthread_create(&c->th, NULL, chunk_run, c) != 0)
			c->rc = -1;	/* read in one thread instead */
		else
			c->started = 1;
	}
}

/*
 * Chunks 1 .. m-1 after the first was read (ok: up to b[1], where
 * *pos and *line are): joined while they merge, dropped from the first
 * that does not; -1 only for the consumer's error.
 */
static int
merge(struct chunk *ch, size_t m, int ok, size_t *pos, size_t *line,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	int rc = 0, r;

	for (size_t k = 1; k < m; k++) {
		struct chunk *c = &ch[k];

		if (c->started)
			pthread_join(c->th, NULL);
		if (ok && c->rc == 0 && !c->noisy) {
			if ((r = cb->join(cb->arg, c->ucb.arg, 1, e)) == -1) {
				ok = 0;
				rc = -1;
				continue;
			}
			if (r == 0) {
				*pos = c->end;
				*line += c->lines;
				continue;
			}
		} else
			(void)cb->join(cb->arg, c->ucb.arg, 0, e);
		ok = 0;
	}
	return rc;
}

/* Give back the chunks' callbacks from k on, unused. */
static void
drop(const struct bs_reader_cb *cb, struct bs_reader_cb *ucbs, size_t k,
    size_t n, struct bs_err *e)
{
	for (; k < n; k++)
		(void)cb->join(cb->arg, ucbs[k].arg, 0, e);
}

/*
 * One pass of chunks over s->win[at .. s->len), the window's whole
 * lines (s->win[at] the start of one): n threads at most, the first
 * chunk on this one, the others into the n - 1 callbacks of ucbs (the
 * consumer's split()).  *pos and *line are left where reading in one
 * thread goes on (s->len when every chunk merged); 0, or -1 with e.
 */
static int
pass(struct bs_src *s, size_t at, size_t n, struct bs_reader_cb *ucbs,
    size_t *pos, size_t *line, bs_chunk_fn *parse, void *arg,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	size_t m, b[BS_JOBS_MAX + 1], lines = 0, stop = 0;
	struct chunk *ch;
	struct bs_src first;
	int rc;

	*pos = at;
	m = bounds(s, at, n, b);
	drop(cb, ucbs, m - 1, n - 1, e);
	if (m < 2 || (ch = calloc(m, sizeof(*ch))) == NULL) {
		drop(cb, ucbs, 0, m - 1, e);
		return 0;
	}
	start(ch, m, s, b, parse, arg, ucbs);
	/*
	 * The first chunk on this thread, into the caller's own hooks
	 * (through chunk_record(), which gives its pages back).
	 */
	first = *s;
	first.len = b[1];
	ch[0].ucb = *cb;
	ch[0].cb = (struct bs_reader_cb){ .record = chunk_record,
	    .arg = &ch[0] };
	ch[0].map = s->map;
	ch[0].dropped = at;
	rc = parse(arg, &first, at, *line, &ch[0].cb, &lines, &stop, e);
	drop_pages(&ch[0], rc == 0 ? b[1] : at);
	if (rc == 0) {
		*pos = b[1];
		*line += lines;
	} else if (rc == 1) {
		*pos = stop;
		*line += lines;
	}
	if (merge(ch, m, rc == 0, pos, line, cb, rc == -1 ? &ch[0].e : e) ==
	    -1 && rc != -1)
		rc = -1;
	free(ch);
	return rc == -1 ? -1 : 0;
}

/*
 * A pipe is read in segments of PIPE_SEG bytes or so, each cut after
 * its last line feed and read in chunks as a file is (pass()), one
 * segment after the other into the same hooks: the window holds one
 * segment at a time, so memory does not grow with the input.
 */
#define PIPE_SEG	(2u * BS_JOBS_DEFAULT * BS_CHUNK_MIN)

/* The window from *pos on, filled to PIPE_SEG bytes or the input's end. */
static int
segment(struct bs_src *s, size_t *pos, struct bs_err *e)
{
	if (s->eof)
		return 0;
	if (*pos > 0 || s->len < PIPE_SEG) {
		if (bs_src_fill(s, *pos, e) == -1)
			return -1;
		*pos = 0;
	}
	while (!s->eof && s->len < PIPE_SEG)
		if (bs_src_fill(s, 0, e) == -1)
			return -1;
	return 0;
}

static int
pipe_passes(struct bs_src *s, size_t *pos, size_t *line, bs_chunk_fn *parse,
    void *arg, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_reader_cb ucbs[BS_JOBS_MAX];
	struct bs_src seg;
	const char *nl;
	size_t cut, n, at;

	for (;;) {
		if (segment(s, pos, e) == -1)
			return -1;
		if (*pos >= s->len)
			return 0;
		/* Whole lines; at the end, the last even unended. */
		cut = s->len;
		if (!s->eof) {
			if ((nl = memrchr(s->win + *pos, '\n', s->len - *pos)) ==
			    NULL)
				return 0;
			cut = (size_t)(nl - s->win) + 1;
		}
		if ((n = jobs(s, cut - *pos)) < 2)
			return 0;
		memset(ucbs, 0, sizeof(ucbs));
		if (cb->split(cb->arg, n - 1, ucbs) == -1)
			return 0;
		/* The segment alone, as a file in memory is. */
		seg = *s;
		seg.len = cut;
		seg.fd = -1;
		seg.eof = 1;
		seg.own = NULL;
		at = *pos;
		if (pass(&seg, at, n, ucbs, pos, line, parse, arg, cb, e) ==
		    -1)
			return -1;
		if (*pos < cut)
			return 0;	/* read on in one thread from there */
	}
}

int
bs_chunks(struct bs_src *s, size_t *pos, size_t *line, bs_chunk_fn *parse,
    void *arg, const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct bs_reader_cb ucbs[BS_JOBS_MAX];
	size_t at, n;
	struct stat st;
	uintmax_t size;

	if (s->jobs == 1 || cb->split == NULL || cb->join == NULL)
		return 0;
	/* In memory whole (bs_buf, gzip), or a regular file to map. */
	if (s->fd == -1 && s->eof && s->base == 0)
		size = s->len;
	else if (s->fd > STDIN_FILENO && fstat(s->fd, &st) == 0 &&
	    S_ISREG(st.st_mode) && st.st_size > 0)
		size = (uintmax_t)st.st_size;
	else if (s->fd != -1)
		return pipe_passes(s, pos, line, parse, arg, cb, e);
	else
		return 0;
	at = s->base + *pos;
	if (size <= at || size > SIZE_MAX / 2 ||
	    (n = jobs(s, (size_t)size - at)) < 2)
		return 0;
	/* Asked first: a consumer that declines keeps the window. */
	memset(ucbs, 0, sizeof(ucbs));
	if (cb->split(cb->arg, n - 1, ucbs) == -1)
		return 0;
	if (s->fd != -1 && bs_src_map(s) == -1) {
		drop(cb, ucbs, 0, n - 1, e);
		return 0;	/* read on from the window, in one thread */
	}
	*pos = at;
	return pass(s, at, n, ucbs, pos, line, parse, arg, cb, e);
}
