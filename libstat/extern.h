/*
 * Declarations shared between libstat's files but not public.
 */
#ifndef LIBSTAT_EXTERN_H
#define LIBSTAT_EXTERN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
/* t, or its copy in *tmp with control characters escaped (output.c). */
const char *bs_oneline(const char *t, char **tmp);

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
 * An arena: many small allocations carved out of a few blocks, freed
 * together, without the 16 bytes and the rounding malloc adds to each
 * (a million group keys of 8 bytes take 8 MB, not 32).  Zero-initialise.
 * Allocations are aligned to 8 bytes (pointers, doubles, 64-bit
 * integers; not long double); NULL when out of memory.
 */
struct bs_arena {
	struct bs_ablock *head;
	size_t		  used, size;	/* in head */
	size_t		  next;		/* size of the next block */
};

void	*bs_arena_alloc(struct bs_arena *, size_t);
char	*bs_arena_strndup(struct bs_arena *, const char *, size_t);
void	 bs_arena_free(struct bs_arena *);

/* bs_typical() of v[0..n), which it reorders and overwrites: no copy. */
double	 bs_typical_scratch(double *v, size_t n);

/*
 * The geometric mean of the changes of every value column (and, with a
 * variant, candidate) in one pass, linear in the metrics: cls[i] (room
 * for cmp->n) the class of metric i, numbered by first appearance;
 * *gm (allocated) each class's mean, as bs_geomean_change() gives it.
 * 0, or -1 when out of memory.
 */
struct bs_comparison;
struct bs_geomean;
int	 bs_geomean_classes(const struct bs_comparison *, int mwu,
	    double confidence, size_t *cls, struct bs_geomean **gm,
	    size_t *ncls);

/*
 * jansson could not parse for want of memory: it says so, or (2.14, deep
 * in the parser) leaves the error text empty.  Use where jansson.h is.
 */
#define JSON_OOM(je) (json_error_code(je) == json_error_out_of_memory || \
	(je)->text[0] == '\0')

/*
 * The readers, in layers; each calls only the layers below it, never
 * one above, so that no reader depends on dispatch or on another format
 * of its own layer (gbench's CSV reporter goes through the delimited
 * reader, one layer down):
 *
 *   read.c       bs_read(): detection and dispatch, the field limits
 *   detect.c     which format an input is in
 *   hyperfine.c gbench.c gobench.c pyperf.c fio.c
 *                the real tools' formats, over the row builder
 *   rowbuild.c   rows built cell by cell, handed over as records
 *   delim.c json.c kv.c plain.c
 *                the generic formats
 *   source.c     bytes: files, standard input, memory, gzip, binary
 *   spans.c      where each record lies, for writing it back
 */

/* ---- source.c */

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

/* Bytes of the start of an input that detection looks at. */
#define BS_DETECT_LEN	65536u

/*
 * Open buf (when non-NULL) or path ("-" or NULL: standard input) with
 * the first BS_DETECT_LEN bytes in the window, gzip inflated, and empty
 * or binary input refused.  On failure nothing is left to close.
 */
int	 bs_src_open(struct bs_src *, const struct bs_buf *, const char *path,
	    struct bs_err *);
void	 bs_src_close(struct bs_src *);
/* Read more input; keep bytes from win[keep] on.  1 more, 0 eof, -1 err. */
int	 bs_src_fill(struct bs_src *, size_t keep, struct bs_err *);
/* Read all that is left into memory (for JSON). */
int	 bs_src_slurp(struct bs_src *, struct bs_err *);
/* Offset of the first byte after a UTF-8 byte order mark. */
size_t	 bs_skipbom(const char *p, size_t len);

/* Leave out the blanks (space, tab) around a field. */
static inline void
bs_trim(const char **s, size_t *len)
{
	while (*len > 0 && (**s == ' ' || **s == '\t'))
		(*s)++, (*len)--;
	while (*len > 0 && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
		(*len)--;
}

/* Does the text p[0..len) hold the string w? */
static inline int
bs_contains(const char *p, size_t len, const char *w)
{
	return memmem(p, len, w, strlen(w)) != NULL;
}

/* ---- spans.c */

/*
 * Where each record lies in an input held in memory.  Records mostly
 * follow one another, so a record costs 4 bytes: its length, with the
 * length of its line end (0, 1 or 2 bytes) in the top two bits that a
 * record of at most BS_MAX_RECORD bytes leaves free.  A record that
 * does not start where the one before it ended (the first; one after a
 * blank line or a header) also has its offset in jump[].
 */
struct bs_spans {
	uint32_t	*len;
	size_t		 n, cap;
	struct bs_jump {
		size_t	 row, off;
	}		*jump;
	size_t		 njump, jcap;
	size_t		 next;		/* where a next record would start */
};

#define BS_SPAN_LEN(l)	((l) & 0x3fffffffu)
#define BS_SPAN_EOL(l)	((l) >> 30)

/* Note a record that does not follow the one before; 0 or -1. */
int	 bs_spans_jump(struct bs_spans *, size_t off);
/* Room for one more record; 0 or -1. */
int	 bs_spans_grow(struct bs_spans *);

/* Note where a record lies (called for every record: inline). */
static inline int
bs_spans_add(struct bs_spans *sp, size_t off, size_t len, size_t eollen)
{
	if ((sp->n == 0 || off != sp->next) && bs_spans_jump(sp, off) == -1)
		return -1;
	if (sp->n == sp->cap && bs_spans_grow(sp) == -1)
		return -1;
	sp->len[sp->n++] = (uint32_t)len | (uint32_t)eollen << 30;
	sp->next = off + len + eollen;
	return 0;
}

/* ---- the generic formats */

/* delim.c: records split at delim; no_header names the columns 1, 2... */
int	 bs_read_delim(struct bs_src *, int delim, int no_header,
	    const struct bs_reader_cb *, struct bs_err *);
/*
 * The delimiter of delimited text: the candidate (, tab ; |) that splits
 * the first lines into the same number of fields.
 */
int	 bs_delim_detect(const char *p, size_t len);

/* json.c: an array of records, an object holding one, or NDJSON. */
int	 bs_read_json(struct bs_src *, enum bs_format,
	    const struct bs_reader_cb *, struct bs_err *);
/* JSON or NDJSON, for text whose first byte is '[' or '{'. */
enum bs_format bs_json_kind(const char *p, size_t len);
/* Index of the first byte from i on that is not JSON white space. */
size_t	 bs_json_skipws(const char *p, size_t i, size_t n);
/* Index just past the JSON value starting at i (which is valid JSON). */
size_t	 bs_json_skipval(const char *p, size_t i, size_t n);

/* kv.c: key=value lines. */
int	 bs_read_kv(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
/* Does the line hold a key=value token? */
int	 bs_kv_line(const char *s, size_t len);

/* plain.c: one number a line. */
int	 bs_read_plain(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
/* Is the line one number, perhaps with a # comment? */
int	 bs_plain_line(const char *s, size_t len);
/* Does a line that is no number look like a malformed one ("0x10")? */
int	 bs_plain_looks_numeric(const char *s, size_t len);

/* ---- rowbuild.c */

/*
 * Rows built cell by cell: set cells of the current row by column name
 * (columns are added as they are first named), end the row, and hand
 * all of them over at the end.  Out of memory sets failed, which
 * bs_rows_emit() reports.  Zero-initialise.
 */
struct bs_rows {
	char		**cols;
	size_t		 ncols, ccap;
	char		***cells;	/* per row, ncols-wide (grows) */
	size_t		*rowcols;	/* columns known when row was made */
	size_t		*lines;
	size_t		 nrows, rcap, lcap, rccap;
	char		**cur;		/* row being built */
	size_t		 curcap;
	int		 failed;
	/* Lookups in constant time: many rows or columns stay linear. */
	struct bs_strhash colh;		/* column name -> index */
	struct bs_strhash nameh;	/* "name" cell -> index in nname */
	long long	*nname;		/* rows so far with that name */
	size_t		 nnames, nncap;
	char		**units;	/* per column: declared unit, or NULL */
	size_t		 ucap;
	unsigned char	*roles;		/* per column: enum bs_colrole, or 0 */
	size_t		 rolecap;
};

struct json_t;

void	 bs_rows_setn(struct bs_rows *, const char *col, const char *val,
	    size_t len);
/*
 * A text format read whole: parse(text, len, rows, name, err) builds the
 * rows (0, or -1 with err), which then go to cb as one table, named what
 * in messages.
 */
int	 bs_rows_read_text(struct bs_src *, const char *what,
	    int (*parse)(const char *, size_t, struct bs_rows *, const char *,
	    struct bs_err *), const struct bs_reader_cb *, struct bs_err *);
/* Declare the unit of a column (handed to the reader's unit hook). */
void	 bs_rows_unit(struct bs_rows *, const char *col, const char *unit);
/* Declare what a column is (handed to the reader's role hook). */
void	 bs_rows_role(struct bs_rows *, const char *col, enum bs_colrole);
void	 bs_rows_set(struct bs_rows *, const char *col, const char *val);
/* A finite number as its shortest text; nothing for NaN and infinities. */
void	 bs_rows_setnum(struct bs_rows *, const char *col, double);
void	 bs_rows_setint(struct bs_rows *, const char *col, long long);
/* A JSON number, string or boolean as text; nothing for others. */
void	 bs_rows_setjson(struct bs_rows *, const char *col, struct json_t *);
void	 bs_rows_endrow(struct bs_rows *, size_t line);
/* Rows so far whose "name" cell is name, plus one. */
long long bs_rows_nextrep(struct bs_rows *, const char *name);
/* Hand the rows over; "no <what> results" when there are none. */
int	 bs_rows_emit(struct bs_rows *, const char *name, const char *what,
	    const struct bs_reader_cb *, struct bs_err *);
void	 bs_rows_free(struct bs_rows *);
/*
 * A tool's JSON document, loaded tolerantly (bare NaN, notices before
 * it), must be an object; fill builds the rows from it (0, or -1 with
 * the error set), which are then handed over.
 */
int	 bs_rows_read_json(struct bs_src *, const char *what,
	    int (*fill)(struct json_t *, struct bs_rows *,
	    const struct bs_reader_cb *, const char *name, struct bs_err *),
	    const struct bs_reader_cb *, struct bs_err *);
/* Tell the caller's warn hook, if any, what a reader left out. */
void	 bs_reader_warn(const struct bs_reader_cb *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Tell the caller's note hook, if any, a remark on the input. */
void	 bs_reader_note(const struct bs_reader_cb *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* ---- the real tools' formats: detection over the first bytes, reader */
int	 bs_hyperfine_detect(const char *p, size_t len);
int	 bs_read_hyperfine(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_gbench_detect(const char *p, size_t len);
int	 bs_gbench_csv_detect(const char *p, size_t len);
int	 bs_read_gbench(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_gobench_detect(const char *p, size_t len);
/*
 * The columns that identify one benchmark in a format's rows (read.c):
 * the default group.  Terminated by a NULL name.
 */
#define BS_ID_PREFIX	1	/* every column whose name starts so */
#define BS_ID_VARIES	2	/* a group column only where it varies */
#define BS_ID_ELSE	4	/* only when the entry before is absent */
struct bs_idcol {
	const char	*name;
	int		 flags;
};
const struct bs_idcol *bs_format_identity(enum bs_format);
/* The quantity a format's summaries describe ("time"), or NULL. */
const char *bs_format_summary_name(enum bs_format);
/* bstat's own table for people: 1 aligned, 2 Markdown, 0 neither. */
int	 bs_detect_bstat_table(const char *p, size_t len);
int	 bs_detect_xml(const char *p, size_t len);
int	 bs_detect_redis_text(const char *p, size_t len);
/* hyperfine --export-csv: the summaries (read by bs_read_hyperfine()). */
int	 bs_hyperfine_csv_detect(const char *p, size_t len);
/* go test -json: test2json events (read by bs_read_gobench()). */
int	 bs_gobench_json_detect(const char *p, size_t len);
int	 bs_read_gobench(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_pyperf_detect(const char *p, size_t len);
int	 bs_read_pyperf(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_fio_detect(const char *p, size_t len);
int	 bs_read_fio(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
/* Readers of JSON arrays (JMH, custom-json): object or array at the top. */
int	 bs_rows_read_anyjson(struct bs_src *, const char *what,
	    int (*fill)(struct json_t *, struct bs_rows *,
	    const struct bs_reader_cb *, const char *, struct bs_err *),
	    const struct bs_reader_cb *, struct bs_err *);
/* One unit for a column's rows, or mixed (customjson.c). */
struct bs_unitvote {
	char	 unit[64], other[64];
	int	 mixed;
};
void	 bs_unitvote(struct bs_unitvote *, const char *unit);
/* Text readers' helpers (libtest.c). */
int	 bs_nextline(const char *p, size_t len, size_t *pos, const char **s,
	    size_t *ll);
int	 bs_rows_setscaled(struct bs_rows *, const char *col, const char *s,
	    size_t n, int shift);
int	 bs_ns_shift(const char *unit, size_t n);
int	 bs_bencher_line(const char *s, size_t ll, const char **name,
	    size_t *nl, const char **med, size_t *ml, const char **rng,
	    size_t *rl);
int	 bs_jmh_detect(const char *p, size_t len);
int	 bs_read_jmh(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_bdn_detect(const char *p, size_t len);
int	 bs_read_bdn(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_pytestbench_detect(const char *p, size_t len);
int	 bs_read_pytestbench(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_libtest_detect(const char *p, size_t len);
int	 bs_read_libtest(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_criterion_detect(const char *p, size_t len);
int	 bs_read_criterion(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_catch2_xml_detect(const char *p, size_t len);
int	 bs_catch2_detect(const char *p, size_t len);
int	 bs_read_catch2(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_benchmarkjs_detect(const char *p, size_t len);
int	 bs_read_benchmarkjs(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_customjson_detect(const char *p, size_t len);
int	 bs_read_customjson(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);

/* ws.c: blank-aligned tables (vmstat, iostat, sar); wrk.c, hgrm.c. */
int	 bs_ws_detect(const char *p, size_t len);
int	 bs_read_ws(struct bs_src *, const struct bs_read_opts *,
	    const struct bs_reader_cb *, struct bs_err *);
int	 bs_wrk_detect(const char *p, size_t len);
int	 bs_read_wrk(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
int	 bs_hgrm_detect(const char *p, size_t len);
int	 bs_read_hgrm(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
/* cyclictest.c: cyclictest --json, one row per thread. */
int	 bs_cyclictest_detect(const char *p, size_t len);
int	 bs_read_cyclictest(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);
/*
 * lmbench.c: lmbench's result lines and tables.  loose: also the
 * tables without a header, which only lmbench writes among the text
 * given to ws (read.c hands ws input to lmbench when it is lmbench's).
 */
int	 bs_lmbench_detect(const char *p, size_t len, int loose);
int	 bs_read_lmbench(struct bs_src *, const struct bs_reader_cb *,
	    struct bs_err *);

/* ---- detect.c */

/*
 * The format of an input from its first bytes; *delim is set for
 * delimited text.
 */
enum bs_format bs_detect(const char *p, size_t len, int *delim);

/* ---- metadata (meta.c) */
struct json_t;
/* Hand a JSON value to cb's meta hook under prefix, flattened. */
void	 bs_meta_json(const struct bs_reader_cb *, const char *prefix,
	    struct json_t *);
int	 bs_meta_scalar(struct json_t *, char *buf, size_t len);
/*
 * "# key: value" (a metadata comment before a table): key and value
 * bounds; 0 when the line is no such comment.
 */
int	 bs_meta_comment(const char *s, size_t len, const char **k,
	    size_t *klen, const char **v, size_t *vlen);
/* The bytes of the leading lines that start with '#' (detection). */
size_t	 bs_skip_comments(const char *p, size_t len);
/* Bytes of the valid UTF-8 sequence at s[0..len), or 0 (output.c). */
size_t	 bs_utf8_seq(const unsigned char *s, size_t len);

/* ---- selection (select.c) */
/* The k-th smallest of a[lo..hi] put at a[k] (lo <= k <= hi). */
void	 bs_select_range(double *a, size_t lo, size_t hi, size_t k);

/*
 * The quantiles of the values a summary holds (summary.c): those of
 * bs_stats[] with a probability (q1, median, q3) and every bit of need
 * (BS_SN_SORTED from the values, BS_SN_SKETCH from a sketch), then
 * o->pct[];
 * probs[i] is each one's probability, out[i] where it goes in r.  At
 * most BS_MAX_QUANT; their count.
 */
#define BS_MAX_QUANT	(8 + BS_MAX_PCT)
struct bs_summary;
struct bs_summary_opts;
size_t	 bs_summary_quantiles(struct bs_summary *r,
	    const struct bs_summary_opts *o, unsigned need, double *probs,
	    double **out);

#endif /* LIBSTAT_EXTERN_H */
