/*
 * Declarations shared between libstat's files but not public.
 */
#ifndef LIBSTAT_EXTERN_H
#define LIBSTAT_EXTERN_H

#include <stddef.h>
#include <stdint.h>

/* 1e0 .. 1e22, the powers of ten that are exact doubles. */
extern const double bs_pow10[23];

/* FNV-1a hash of a string, for the hash tables of readers and tables. */
uint64_t bs_fnv1a(const char *s, size_t len);

/* Growable byte buffer. */
struct bs_sbuf {
	char	*p;
	size_t	 len, cap;
};

int	 bs_sbuf_add(struct bs_sbuf *, const void *, size_t);
void	 bs_sbuf_free(struct bs_sbuf *);

/*
 * A set of strings by content, each with an index; the strings are not
 * copied and must outlive the set.  Zero-initialise; get returns the
 * index or -1; put adds (no check for presence), 0 or -1.
 */
struct bs_strhash {
	struct bs_strent {
		const char	*s;
		size_t		 len, idx;
	}		*e;
	size_t		 cap, n;
};

long	 bs_strhash_get(const struct bs_strhash *, const char *, size_t);
int	 bs_strhash_put(struct bs_strhash *, const char *, size_t, size_t);
void	 bs_strhash_free(struct bs_strhash *);

/* Grow *pp (elements of size sz) to hold at least need; 0 or -1. */
int	 bs_grow(void *pp, size_t *cap, size_t need, size_t sz);

/*
 * The end of the delimited record that starts at p[pos]: the index of the
 * line feed that ends it outside quotes, or len; *nls counts the line
 * feeds inside quotes, *open says a quote is still open at len.
 */
size_t	 bs_delim_record_end(const char *p, size_t pos, size_t len,
	    size_t *nls, int *open);

/*
 * jansson could not parse for want of memory: it says so, or (2.14, deep
 * in the parser) leaves the error text empty.  Use where jansson.h is.
 */
#define JSON_OOM(je) (json_error_code(je) == json_error_out_of_memory || \
	(je)->text[0] == '\0')

/* Readers by format; all hand records to the callbacks. */
struct bs_src;
int	 bs_read_delim(struct bs_src *, int delim, int no_header,
	    const struct bs_reader_cb *, struct bs_err *);
int	 bs_read_json(struct bs_src *, enum bs_format,
	    const struct bs_reader_cb *, struct bs_err *);
int	 bs_read_kv(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_read_plain(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_read_tools(struct bs_src *, enum bs_format,
	    const struct bs_reader_cb *, struct bs_err *);
/* Detect a real tool's format in the start of an input; 0 when none. */
enum bs_format bs_detect_tool(const char *p, size_t len);

/*
 * An input source: either all of it in memory, or a file read in
 * chunks.  Readers ask for more with bs_src_fill(), which keeps the
 * unconsumed tail (from `keep` on) at the start of the window.
 */
struct bs_src {
	const char	*name;		/* for messages */
	int		 fd;		/* -1 when in memory */
	char		*win;		/* current window */
	size_t		 len;		/* bytes in window */
	size_t		 base;		/* input offset of win[0] */
	int		 eof;
	char		*own;		/* buffer we allocated */
	size_t		 cap;
};

/* Read more input; keep bytes from win[keep] on.  1 more, 0 eof, -1 err. */
int	 bs_src_fill(struct bs_src *, size_t keep, struct bs_err *);
/* Read all that is left into memory (for JSON). */
int	 bs_src_slurp(struct bs_src *, struct bs_err *);

#endif /* LIBSTAT_EXTERN_H */
