/*
 * The read layer of libstat (libstat/read/, libstat/read/fmt/), private
 * to the library: sources, the format registry and its rows (struct
 * bs_fmt), detection, the generic formats, the row builder, the spans
 * boutlier writes back.  Includes the core layer's header; the API is
 * libstat.h (libstat(3)).
 */
#ifndef LIBSTAT_READ_H
#define LIBSTAT_READ_H

#include "core/core.h"

/* Limits on hostile input; documented in the man pages. */
#define BS_MAX_FIELD	(4u * 1024 * 1024)	/* bytes in one field */
#define BS_MAX_RECORD	(16u * 1024 * 1024)	/* bytes in one record */
#define BS_MAX_COLUMNS	10000u			/* columns (distinct keys) */

/* ------------------------------------------------------------------ */
/* Input */

/*
 * Columns of a real tool's format that describe a run rather than
 * measure it (run numbers, iteration counts): never value columns by
 * default.  NULL-terminated.
 */
const char *const *bs_format_meta(const struct bs_fmt *);

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
 *   formats.c    the registry: every format's row, listed once
 *   fmt/NAME.c   the real tools' formats, over the row builder; each
 *                defines its row (struct bs_fmt)
 *   rowbuild.c   rows built cell by cell, handed over as records
 *   delim.c json.c kv.c plain.c
 *                the generic formats
 *   source.c     bytes: files, standard input, memory, gzip, binary
 *   spans.c      where each record lies, for writing it back
 */

/* ---- the format registry (formats.c) */

/*
 * One input format, described where it is read: bs_fmt_hyperfine in
 * fmt/hyperfine.c, bs_fmt_csv in delim.c.  The registry, bs_formats[]
 * in formats.c, lists every one once; dispatch, detection, the names
 * the tools list and what the layers above ask of a format (its
 * identity, run-describing columns, summaries) come from these rows.
 */
struct bs_src;
#define BS_NDETECT	2	/* detectors of one format, at most */
struct bs_fmt {
	const char	*name;	/* --input-format's; messages; fuzz target */
	/*
	 * What the reader's messages call the format when not its name
	 * ("Google Benchmark" for gbench): a message that says it names
	 * the format already.  NULL: the name.
	 */
	const char	*label;
	/*
	 * Detection: is p[0..len) this format's, in one of its syntaxes
	 * (JSON and CSV exports: a detector each)?  p is the start of the
	 * input with its byte order mark, white space and leading '#'
	 * lines skipped.  Every detector of every format may be asked; the
	 * one of lowest order that says yes gives the format.  None (the
	 * generic formats): guessed by bs_detect()'s rules when no
	 * detector says yes.  Unused entries have fn NULL.
	 */
	struct bs_detector {
		int	(*fn)(const char *p, size_t len);
		int	 order;
	}		 detect[BS_NDETECT];
	/*
	 * An input read as the format under (given or detected) is this
	 * one's when claim(p, len) says so (lmbench's tables among the
	 * blank-aligned text ws reads).  claim NULL: none.
	 */
	const struct bs_fmt *under;
	int		(*claim)(const char *p, size_t len);
	/* The reader; the source's opts and delim are set (bs_read()). */
	int		(*read)(struct bs_src *, const struct bs_reader_cb *,
			    struct bs_err *);
	/*
	 * Its records are copied from the input by bs_passthru()
	 * (boutlier), so bs_read() notes their spans; a format without
	 * comes out of boutlier otherwise (JSON rewritten, a tool's as
	 * CSV).
	 */
	int		 spans;
	/*
	 * A detected input that fails to read says which format it was
	 * taken for ("(read as NAME output; --input-format chooses
	 * another)"): a tool's format is told by what its output holds,
	 * which other text may hold too.
	 */
	int		 name_errors;
	/*
	 * What a detected input of this format may really be, refused
	 * with what to give instead (BS_REFUSE_*).
	 */
	unsigned	 refuse;
	/*
	 * The columns that identify one benchmark in its rows: with no
	 * -g the rows are grouped by them (one benchmark, one series),
	 * and a group given with -g that mixes rows differing in one
	 * mixes different things (table.c warns).  NULL-name terminated;
	 * NULL: none (the generic formats).
	 */
	const struct bs_idcol *identity;
	/*
	 * Columns that describe a run rather than measure it (run
	 * numbers, iteration counts): never value columns by default.
	 * NULL-terminated; NULL: none.
	 */
	const char *const *meta;
	/*
	 * What the value of its summaries is, named as its readers of
	 * values name it (hyperfine's "time"): a summary row's mean, sd,
	 * median, min and max are the statistics of this quantity.  NULL:
	 * no summaries of a named quantity.
	 */
	const char	*summary;
	/*
	 * The nesting of its rows, outermost first: the columns whose
	 * values number the units a measurement sits in above its own
	 * level (JMH: "fork", a fork's iterations being the values;
	 * pyperf: "run"; BenchmarkDotNet: "launch").  With no --replicate
	 * the table groups the values of a series into units by them
	 * (bs_table_opts.replicate).  NULL-terminated; NULL: one level
	 * (every value a run).
	 */
	const char *const *levels;
	/*
	 * What one row is (BS_ROWS_*): a run (0), a per-interval sample,
	 * one request of a load tester's log, a summary, one point of a
	 * distribution, a distribution per interval.
	 */
	int		 rows;
	/*
	 * The column holding each row's time stamp, a number in the unit
	 * the reader declares for it (JMeter's timeStamp, ms since the
	 * epoch): what a window in time is taken by.  Kept as metadata,
	 * no value.  NULL: none.
	 */
	const char	*time;
	/*
	 * Which of its requests succeeded, as --ok takes it ("success", a
	 * flag; "error=", an empty field): what --ok with no condition
	 * means for the format.  NULL: a flag column "success".
	 */
	const char	*ok;
	/*
	 * Its lines stand alone after the first records (no state across
	 * lines but a header's), so that a file may be read in chunks in
	 * parallel (bs_read_opts.jobs, chunks.c): its reader calls
	 * bs_chunks().  0, the default: read in one thread.
	 */
	int		 chunks;
};

/* What a format's rows are (bs_fmt.rows). */
#define BS_ROWS_RUNS		0	/* one measurement a row */
#define BS_ROWS_INTERVALS	1	/* one interval's sample a row */
#define BS_ROWS_REQUESTS	2	/* one request a row (load testers) */
#define BS_ROWS_SUMMARIES	3	/* statistics of many, one row */
#define BS_ROWS_DISTRIBUTION	4	/* points of one distribution */
#define BS_ROWS_INTERVAL_DISTS	5	/* a distribution per interval */

/* What a detected input may be (bs_fmt.refuse). */
#define BS_REFUSE_BSTAT	1	/* bstat's own table for people */
#define BS_REFUSE_XML	2	/* XML no reader reads (JUnit's, other) */
#define BS_REFUSE_REDIS	4	/* redis-benchmark's text report */

/* bs_fmt.identity: one column, or a family of them. */
#define BS_ID_PREFIX	1	/* every column whose name starts so */
#define BS_ID_VARIES	2	/* a group column only where it varies */
#define BS_ID_ELSE	4	/* only when the entry before is absent */
struct bs_idcol {
	const char	*name;
	int		 flags;
};

/* Every format, NULL-terminated, in the order the tools list them. */
extern const struct bs_fmt *const bs_formats[];
/*
 * The rows the layers above test a format against (generic input: its
 * factors, bstat's own table; what boutlier writes back), and auto's.
 */
extern const struct bs_fmt bs_fmt_auto, bs_fmt_csv, bs_fmt_tsv, bs_fmt_json,
    bs_fmt_ndjson, bs_fmt_kv, bs_fmt_plain, bs_fmt_ws;
/* Is f auto (NULL, or auto's row): to be detected? */
int	 bs_format_auto(const struct bs_fmt *f);
/* The identity columns of a format (never NULL: an empty list). */
const struct bs_idcol *bs_format_identity(const struct bs_fmt *);
/*
 * The replicate columns of a format's rows, outermost first (JMH:
 * "fork"; the innermost level, the values, has none); never NULL.
 */
const char *const *bs_format_levels(const struct bs_fmt *);
/* The quantity a format's summaries describe ("time"), or NULL. */
const char *bs_format_summary_name(const struct bs_fmt *);
/* What a format's rows are (BS_ROWS_*; BS_ROWS_RUNS for NULL). */
int	 bs_format_rows(const struct bs_fmt *);


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
	/*
	 * What bs_read() was asked and chose, for the readers that take
	 * options (ws's table; delimited text's header): NULL and 0 until
	 * it sets them.
	 */
	const struct bs_read_opts *opts;
	int		 delim;		/* delimited text's delimiter */
	/*
	 * Threads to read in (bs_fmt.chunks, bs_read_opts.jobs; 0 the
	 * default, 1 one), and the file mapped whole once bs_chunks()
	 * split it (win then points into it).
	 */
	int		 jobs;
	char		*map;
	size_t		 maplen;
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
/*
 * Map a regular file whole and read on from the mapping, a NUL byte
 * after its end (the window then spans all of it, eof set): 0, or -1
 * when it cannot be (standard input, memory, gzip, a pipe), nothing
 * changed.
 */
int	 bs_src_map(struct bs_src *);

/*
 * ---- chunks.c: a file read in chunks in parallel.  A format's reader
 * (bs_fmt.chunks) calls bs_chunks() once, after its first records, with
 * win[*pos] the start of a line (*line its number): the rest of the
 * file (a pipe: each segment of it, one after the other; chunks.c) is
 * split at line feeds, each chunk after the first read by
 * parse() in a thread of its own into the callbacks the consumer's
 * split() gives, the first into cb meanwhile, then joined in order.
 * *pos and *line are left where reading in one thread goes on (the end
 * of the input, or a chunk that could not be read alone or merged).
 * 0, or -1 with e.
 *
 * parse(arg, s, pos, line, cb, lines, stop, e) reads s->win[pos ..
 * s->len) (whole lines; the last of the input may lack its line end)
 * into cb, the first line numbered line: 0 when done (*lines the lines
 * read), 1 when a line cannot be read alone (a quote), *stop its
 * offset and *lines the lines before it, -1 on error.
 */
typedef int	 bs_chunk_fn(void *arg, struct bs_src *, size_t pos,
		    size_t line, const struct bs_reader_cb *, size_t *lines,
		    size_t *stop, struct bs_err *);
int	 bs_chunks(struct bs_src *, size_t *pos, size_t *line, bs_chunk_fn *,
	    void *arg, const struct bs_reader_cb *, struct bs_err *);

/* Offset of the first byte after a UTF-8 byte order mark. */
size_t	 bs_skipbom(const char *p, size_t len);

/*
 * Leave out the blanks (space, tab) around a field.  Most fields have
 * none, which two comparisons tell (both blanks are at most ' ').
 */
static inline void
bs_trim(const char **s, size_t *len)
{
	if (*len == 0 || ((unsigned char)(*s)[0] > ' ' &&
	    (unsigned char)(*s)[*len - 1] > ' '))
		return;
	while (*len > 0 && (**s == ' ' || **s == '\t'))
		(*s)++, (*len)--;
	while (*len > 0 && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
		(*len)--;
}

/*
 * The first byte of q[0..e) whose class in cls[] is not 0, or e: four
 * bytes a step, the loop of the readers of lines and fields, most of
 * which are a few bytes long.
 */
static inline const char *
bs_stop_at(const unsigned char *cls, const char *q, const char *e)
{
	const unsigned char *u = (const unsigned char *)q;
	const unsigned char *ue = (const unsigned char *)e;

	for (; ue - u >= 4; u += 4) {
		if (cls[u[0]])
			return (const char *)u;
		if (cls[u[1]])
			return (const char *)u + 1;
		if (cls[u[2]])
			return (const char *)u + 2;
		if (cls[u[3]])
			return (const char *)u + 3;
	}
	for (; u < ue && !cls[*u]; u++)
		;
	return (const char *)u;
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
/* s's records after d's (a chunk's, joined); 0 or -1. */
int	 bs_spans_append(struct bs_spans *d, const struct bs_spans *s);

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

/*
 * json.c: JSON (an array of records, an object holding one), NDJSON.
 * JSON or NDJSON, for text whose first byte is '[' or '{':
 */
const struct bs_fmt *bs_json_kind(const char *p, size_t len);
/* Index of the first byte from i on that is not JSON white space. */
size_t	 bs_json_skipws(const char *p, size_t i, size_t n);
/* Index just past the JSON value starting at i (which is valid JSON). */
size_t	 bs_json_skipval(const char *p, size_t i, size_t n);

/* kv.c: key=value lines.  Does the line hold a key=value token? */
int	 bs_kv_line(const char *s, size_t len);

/* plain.c: one number a line.  Is the line one, perhaps with a # comment? */
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

/*
 * ---- the real tools' formats (fmt/): each file defines its row
 * (bs_fmt_NAME) and keeps its detector and reader; what they share:
 */
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

/*
 * The part of a tool's text to read: up to the last line end, a last
 * line cut short left out with a warning naming it (libtest.c).
 */
size_t	 bs_text_whole(const char *p, size_t len, const char *tool,
	    const struct bs_reader_cb *);
/*
 * The blank-separated words of a tool's line (fmt/libtest.c): at most
 * max of them into t, their number returned; bs_tok_is: is t word w?
 */
struct bs_tok {
	const char	*s;
	size_t		 n;
};
size_t	 bs_tokens(const char *s, size_t len, struct bs_tok *t, size_t max);
int	 bs_tok_is(const struct bs_tok *, const char *w);
/* The length of the unsigned decimal at s (digits and points); 0: none. */
size_t	 bs_numlen(const char *s, size_t n);
/*
 * Is s[0..n) a whole number as a tool prints it: strtod reads all of
 * it, and it starts with a digit, a point or a minus (not "inf", "nan"
 * or a hex float)?  (fmt/perfstat.c, fmt/stressng.c)
 */
int	 bs_isnum(const char *s, size_t n);
/*
 * Load testers' request logs (reqlog.c), streamed a record at a time
 * so that a log of 10^8 requests is read in bounded memory (bstat
 * --sketch), and a truncated or interleaved log is read up to its last
 * whole record, with a warning naming the line where it broke.
 *
 * A record of columns fixed before the first is handed over: columns
 * added by name (bs_fixrec_col()), then the header, then for each
 * record its cells set and the record emitted.  Zero-initialise.
 */
struct bs_fixrec {
	char		**cols;
	size_t		 ncols, ccap;
	struct bs_strhash colh;
	char		*buf;		/* the current record's cells */
	size_t		 blen, bcap;
	size_t		*off, *len;	/* per column; len SIZE_MAX: none */
	struct bs_field	*f;
	size_t		 recno;
	int		 failed, sent;
};
/* The index of column name, added when new and the header not sent. */
long	 bs_fixrec_col(struct bs_fixrec *, const char *name, size_t len);
void	 bs_fixrec_set(struct bs_fixrec *, long col, const char *s,
	    size_t len);
void	 bs_fixrec_setnum(struct bs_fixrec *, long col, double v);
/* The header (with the units given, column and unit pairs). */
int	 bs_fixrec_header(struct bs_fixrec *, const char *const (*units)[2],
	    const struct bs_reader_cb *, const char *name, struct bs_err *);
/* Hand over the record (then cleared). */
int	 bs_fixrec_emit(struct bs_fixrec *, size_t line,
	    const struct bs_reader_cb *, struct bs_err *);
void	 bs_fixrec_free(struct bs_fixrec *);
/*
 * The lines of a log, streamed: line(arg, s, len, lineno, e) is 0 for a
 * line taken, -1 for an error (e set), BS_LINE_BROKEN for one that is no
 * whole record, where reading stops with a warning naming it (what: the
 * tool, for the words).  done(arg, e), when not NULL, after the last.
 */
#define BS_LINE_BROKEN	1
int	 bs_lines_read(struct bs_src *, const char *what,
	    int (*line)(void *, const char *, size_t, size_t, struct bs_err *),
	    void *arg, const struct bs_reader_cb *, struct bs_err *);
/*
 * A delimited request log, streamed through bs_read_delim(): the
 * columns' units declared after the header, flag columns ("true",
 * "false") as 1 and 0, names for a log without a header line; a record
 * the delimited reader refuses, or a last one with no line end, ends
 * the log with a warning naming its line (what: the tool).
 */
struct bs_csvlog {
	const char		*what;
	int			 delim, no_header;
	const char *const	(*units)[2];	/* column, unit; NULL-ended */
	const char *const	*flags;		/* NULL-ended, or NULL */
	const char *const	*names;		/* no_header: the columns */
	/*
	 * The time column: when its first value is a number, a record
	 * whose is not ends the log (two writers' bytes in one record).
	 */
	const char		*time;
	/*
	 * Optional: the thread (connection) of each request and its
	 * latency, in the time column's unit (res its resolution): a log
	 * whose every thread issued each request only after the answer to
	 * its previous one (start[i+1] >= start[i] + latency[i] - res) is
	 * a closed loop, said in a note (coordinated omission).
	 */
	const char		*thread, *latency;
	double			 res;
	/* Optional: the records go here instead of to the caller's hook. */
	int	(*record)(void *, const struct bs_record *, struct bs_err *);
	int	(*header)(void *, const struct bs_field *, size_t,
		    struct bs_err *);
	void			*arg;
};
int	 bs_csvlog_read(struct bs_src *, const struct bs_csvlog *,
	    const struct bs_reader_cb *, struct bs_err *);
/*
 * An RFC 3339 time ("2017-05-09T14:34:45.239531499+02:00", k6's and
 * vegeta's) as ns since the epoch; 0, or -1 when it is none.
 */
int	 bs_rfc3339_ns(const char *s, size_t len, long long *ns);

/* ws.c: blank-aligned tables (vmstat, iostat, sar). */
int	 bs_ws_detect(const char *p, size_t len);

/* ---- detect.c */

/* bstat's own table for people: 1 aligned, 2 Markdown, 0 neither. */
int	 bs_detect_bstat_table(const char *p, size_t len);
int	 bs_detect_xml(const char *p, size_t len);
int	 bs_detect_redis_text(const char *p, size_t len);

/*
 * What a detector (bs_fmt.detect) is given opens with: a JSON
 * format's detector answers only for '{' or '[' , a text format's
 * only for neither (JSON is never read as lines of text).
 */
static inline int
bs_opens(const char *p, size_t len, char c)
{
	return len > 0 && p[0] == c;
}

static inline int
bs_opens_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') || bs_opens(p, len, '[');
}

/*
 * The format of an input from its first bytes; *delim is set for
 * delimited text.
 */
const struct bs_fmt *bs_detect(const char *p, size_t len, int *delim);

#endif /* LIBSTAT_READ_H */
