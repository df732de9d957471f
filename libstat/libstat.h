/*
 * libstat: the statistics and input/output library behind b-tools.
 *
 * One public header.  The library never prints and never exits: every
 * function that can fail returns a status (0 on success, -1 on failure)
 * or NULL, and fills a struct bs_err that the caller turns into a message.
 */
#ifndef LIBSTAT_H
#define LIBSTAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BS_VERSION "0.1.0"

/* ------------------------------------------------------------------ */
/* Errors */

struct bs_err {
	char	 file[256];	/* "" when no file is involved */
	size_t	 line;		/* 0 when no line is known */
	char	 msg[512];
};

/* Set an error; returns -1 so callers can "return bs_seterr(...)". */
int	 bs_seterr(struct bs_err *, const char *file, size_t line,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Format "FILE:LINE: msg" (or less when unknown) into buf. */
void	 bs_err_format(const struct bs_err *, char *buf, size_t len);
/* Control characters as C escapes (\n, \t, \xNN), for messages and tables. */
int	 bs_has_ctl(const char *);
char	*bs_escape_ctl(const char *);

/* ------------------------------------------------------------------ */
/* Exact decimal numbers */

/*
 * A number as written: sign * mant * 10^exp, with up to 19 significant
 * digits kept exactly; more are rounded to 19, half to even.  Keeping the digits lets columns be shifted by a
 * reference value without the rounding error of going through double
 * first (NIST NumAcc3/4, 19-digit nanosecond timestamps).
 */
struct bs_dec {
	uint64_t mant;
	int	 exp;
	int	 neg;
	int	 inexact;	/* rounded: more than 19 digits given */
};

enum bs_numparse {
	BS_NUM_OK = 0,
	BS_NUM_MISSING,		/* empty, NA, NaN, null */
	BS_NUM_NOTNUM,		/* text that is no number */
	BS_NUM_NONFINITE	/* inf, 1e999 */
};

/* Parse s[0..len) (surrounding blanks allowed) into d and its double. */
enum bs_numparse bs_parse_number(const char *s, size_t len,
	    struct bs_dec *d, double *val);

/* ------------------------------------------------------------------ */
/* Input */

/*
 * An input format: its row of the registry (libstat/read/formats.c),
 * defined in the file that reads it, opaque here.  NULL, or the row of
 * "auto", detects the format.
 */
struct bs_fmt;

/* The format of a name ("csv", "hyperfine", "auto"), or NULL if none. */
const struct bs_fmt *bs_format_find(const char *name);
/* Its name ("auto" for NULL). */
const char	*bs_format_name(const struct bs_fmt *);
/* The column of a format's rows' time stamps (JMeter's timeStamp), or NULL. */
const char	*bs_format_time(const struct bs_fmt *);
/*
 * Which of a format's requests succeeded, as --ok takes it: "success"
 * (a flag; the default), "expected_response" (k6), "error=" (an empty
 * field: vegeta).
 */
const char	*bs_format_ok(const struct bs_fmt *);
/*
 * The name of the i-th format of the registry ("auto" first), in the
 * order the tools list them; NULL past the last.
 */
const char	*bs_format_nth(size_t i);

/*
 * A whole input in memory, kept for tools that write their input back
 * (boutlier).  Standard input is read once into it.
 */
struct bs_buf {
	char	*data;
	size_t	 len;
	char	*name;		/* file name for messages; "-" is "<stdin>" */
	size_t	 maplen;	/* 0, or data is a mapping of this length */
};

int	 bs_buf_load(struct bs_buf *, const char *path, struct bs_err *);
/* bs_buf_load(), a regular file's text mapped instead of copied. */
int	 bs_buf_map(struct bs_buf *, const char *path, struct bs_err *);
void	 bs_buf_free(struct bs_buf *);

struct bs_field {
	const char	*s;
	size_t		 len;
};

/*
 * One record as a reader hands it over: its fields in header order (a
 * field a record lacks is NULL/0), the line it starts on, and for the
 * text formats the bytes of the record in the input (without its line
 * end) so that it can be written back unchanged.
 */
struct bs_record {
	const struct bs_field	*f;
	size_t			 nf;
	size_t			 line;	/* 0 when unknown (JSON) */
	size_t			 recno;	/* 1-based record number */
	size_t			 off;	/* record start in the input */
	size_t			 len;	/* record bytes, without line end */
	size_t			 eollen; /* bytes of its line end (0, 1, 2) */
	/*
	 * Optional (NULL: none): field numf as the number the reader has
	 * parsed it to already, the double bs_parse_number() makes of it,
	 * for the caller not to parse it again (a request log's time
	 * stamps, which its reader checks on every record).
	 */
	const double		*num;
	size_t			 numf;
};

/*
 * What a reader knows of a column that its name does not say
 * (bs_reader_cb.role).
 */
enum bs_colrole {
	/*
	 * A value column by default, though its name is an index
	 * column's (bs_index_column()): vmstat's "id", the idle CPU time.
	 */
	BS_ROLE_VALUE = 1,
	/*
	 * The percentile (0-100) of each row of a percentile distribution
	 * (HdrHistogram's and wrk's "percentile").
	 */
	BS_ROLE_PERCENTILE,
	/*
	 * The value at that percentile: the rows holding it are the
	 * reported percentiles of one distribution, not runs, and a
	 * series that pools several of them is no sample (see
	 * bs_table_opts.use).
	 */
	BS_ROLE_QUANTILE,
	/*
	 * A column that describes a row rather than measures it or names
	 * its benchmark, as bs_format_meta()'s do, known only from the
	 * input's own header (pidstat's UID, PID and CPU; ApacheBench's
	 * epoch seconds): no value column and no default group column.
	 */
	BS_ROLE_META
};

struct bs_reader_cb {
	/* Called once with the column names. */
	int	(*header)(void *arg, const struct bs_field *names, size_t n,
		    struct bs_err *);
	/* Called for every data record. */
	int	(*record)(void *arg, const struct bs_record *, struct bs_err *);
	void	*arg;
	/* Optional: something was left out of the data (a failed run). */
	void	(*warn)(void *arg, const char *msg);
	/* Optional: the format, once detected, before the header. */
	void	(*format)(void *arg, const struct bs_fmt *);
	/*
	 * Optional: the unit a reader declares for a column it makes
	 * ("ns", "s", "B", "B/s", "ops/s"; hyperfine's time is in s, Google
	 * Benchmark's real_time in ns), after the header, before records.
	 */
	void	(*unit)(void *arg, const char *column, const char *unit);
	/*
	 * Optional: metadata the input carries beside its data (a benv
	 * fingerprint, Go's "cpu: ..." lines, Google Benchmark's context,
	 * pyperf's metadata, pytest-benchmark's machine_info), any time.
	 * Metadata is never a column.
	 */
	void	(*meta)(void *arg, const char *key, const char *value);
	/*
	 * Optional: a remark on what a reader did that is no fault of the
	 * input (Google Benchmark's aggregates left out: they are
	 * statistics of rows that are read).
	 */
	void	(*note)(void *arg, const char *msg);
	/*
	 * Optional: what a column the reader makes is, beyond its name
	 * and unit (enum bs_colrole), after the header, before records.
	 */
	void	(*role)(void *arg, const char *column, enum bs_colrole);
	/*
	 * Optional: whether the caller reads field k (0-based, of the
	 * header it was given) of the records, asked after the header; a
	 * field it never reads a reader may hand over as it is, sparing
	 * it its conversions (a column projection: a JMeter log's success
	 * flags not turned into 1 and 0 for a map of time and latency).
	 */
	int	(*want)(void *arg, size_t k);
	/*
	 * Optional: reading a file in chunks in parallel
	 * (bs_read_opts.jobs).  After the first records, a reader of a
	 * format whose lines stand alone asks split() for the callbacks of
	 * the n chunks after the one these callbacks keep reading
	 * (cbs[0..n), header and record set, each with its own arg): 0
	 * when given, -1 to read on in one thread.  Each chunk's records go
	 * to its own callbacks, from a thread of its own.  Then join() is
	 * called for each chunk in file order, from the caller's thread:
	 * keep 1, its records follow those before it (0 merged, 1 it
	 * cannot be: it and those after it are read again in one thread,
	 * -1 error); keep 0, it is dropped (the chunks after a chunk that
	 * failed, an error).  Either way its arg is the consumer's to
	 * free.  A chunk whose reading warns, notes or fails is read again
	 * in one thread, so that the records, the messages and their
	 * order are those of one thread.
	 */
	int	(*split)(void *arg, size_t n, struct bs_reader_cb *cbs);
	int	(*join)(void *arg, void *chunkarg, int keep, struct bs_err *);
};

/*
 * Where each record of an input held in memory lies, noted while it is
 * read (bs_read_opts.spans) so that bs_passthru() can write the records
 * back by copying their bytes, without reading the input again.
 */
struct bs_spans;
struct bs_spans	*bs_spans_new(void);
void		 bs_spans_free(struct bs_spans *);

struct bs_read_opts {
	const struct bs_fmt *format;	/* NULL (or auto's) to detect */
	int		 delim;		/* 0 to detect */
	int		 no_header;
	struct bs_spans	*spans;		/* NULL, or filled by bs_read(buf) */
	/*
	 * An input of several tables (iostat's avg-cpu and Device) gives
	 * one: the one named table, else the one holding most of the
	 * names in columns and groups ("a,b"), else the first.  NULL: none.
	 */
	const char	*table;
	const char	*columns, *groups;
	/*
	 * Threads an input is parsed by, in chunks (-j): 0 the online
	 * CPUs up to BS_JOBS_DEFAULT, for inputs of at least BS_CHUNK_MIN
	 * bytes a chunk; 1 one thread.  A regular file or memory is split
	 * whole, a pipe in segments (chunks.c).  Formats whose lines
	 * depend on the lines before them are read in one thread.  The results are those of one
	 * thread, byte for byte.
	 */
	int		 jobs;
};
#define BS_JOBS_DEFAULT	4		/* threads at most, by default */
#define BS_JOBS_MAX	64		/* -j at most */
#define BS_CHUNK_MIN	(1u << 20)	/* bytes a chunk, by default */

/*
 * Read a whole input, from memory (buf) or streamed from a file or
 * standard input (buf NULL, path given; "-" is standard input).  The
 * detected format goes back in *used (may be NULL).
 */
int	 bs_read(const struct bs_buf *buf, const char *path,
	    const struct bs_read_opts *, const struct bs_reader_cb *,
	    const struct bs_fmt **used, int *useddelim, struct bs_err *);

/*
 * An HdrHistogram interval log's histograms (the hlog format's reader):
 * fn is called for each interval with a histogram, in the log's order:
 * its tag (taglen bytes, NULL untagged), start (s since the epoch, as
 * the hlog rows' timestamp) and length (s), and its non-empty buckets,
 * n of them, each the highest value equivalent to it (the values its
 * percentiles report) and its count, lowest first.  fn returns 0, or -1
 * to stop (out of memory).  0, or -1 and e.
 */
struct bs_hlog_interval {
	const char	*tag;
	size_t		 taglen;
	double		 start, length;
	const double	*value, *count;
	size_t		 n;
};
int	 bs_hlog_buckets(const struct bs_buf *,
	    int (*fn)(void *, const struct bs_hlog_interval *), void *arg,
	    struct bs_err *);

/* ------------------------------------------------------------------ */
/* Metadata and environment fingerprints (meta.c, env.c) */

/* Keys and values in the order first set; setting a key again replaces. */
struct bs_meta {
	char		**key, **val;
	size_t		 n, cap;
};

/* How a difference in a key matters to a comparison (bs_meta_kind). */
enum bs_metakind {
	BS_MK_NOTE = 0,		/* worth knowing: hostname, OS, memory */
	BS_MK_PERF,		/* changes performance: CPU, governor, boost */
	BS_MK_VOLATILE		/* differs every run: load, dates; ignored */
};

/* One key whose values differ; b or c NULL when one side lacks it. */
struct bs_metadiff {
	const char	*key, *b, *c;
	enum bs_metakind kind;
};

/*
 * The keys whose values differ between two sides' metadata, volatile
 * keys left out, in the baseline's key order then the candidate's own.
 * When either side carries no metadata nothing is compared (*n = 0).
 * The strings point into b and c; free *d.  0, or -1 out of memory.
 */
int	 bs_meta_diff(const struct bs_meta *b, const struct bs_meta *c,
	    struct bs_metadiff **d, size_t *n);

/*
 * The fingerprint of the machine (env.c), read from files only: root
 * prefixes /proc, /sys and /etc (NULL or "" the real ones; for tests),
 * path is the PATH searched for compilers (NULL: none), gitdir the
 * repository's .git (NULL: found from the working directory up).
 * Missing files leave their keys out; files that exist but cannot be
 * read are named in unreadable (key: the path, value: the reason).
 */
struct bs_env {
	struct bs_meta	 kv;
	struct bs_meta	 unreadable;
};
int	 bs_env_capture(struct bs_env *, const char *root, const char *path,
	    const char *gitdir, struct bs_err *);
void	 bs_env_free(struct bs_env *);

/* A condition of a fingerprint that spoils benchmarks (bs_env_check). */
struct bs_envwarn {
	char	 key[64];
	char	 msg[256];
};
/* Up to max warnings into w; returns how many there are. */
size_t	 bs_env_check(const struct bs_meta *, struct bs_envwarn *w,
	    size_t max);

/* ------------------------------------------------------------------ */
/* Tables: values grouped by key, per value column, in input order */

/*
 * Running moments of a series that is not stored (streaming mode):
 * Welford's updates on the shifted values, which keep them accurate.
 * The extremes are also kept as parsed, for order statistics exact to
 * the double.
 */
/*
 * The exact sums of decimal values (xsum.c): the values scaled to the
 * smallest exponent of those not zero (scale), their sum (s, two's
 * complement) and the sum of their squares (q), the largest magnitude;
 * on while every value fits.
 */
struct bs_xsum {
	uint64_t	 s[2], q[3], amax;
	int		 scale, on;
};

struct bs_moments {
	size_t		 n;		/* values counted (after skip) */
	struct bs_xsum	 x;		/* while on, the moments: the rest
					   below (mean, m2, rsum) unused */
	double		 mean, m2;	/* Welford, of the shifted values */
	double		 rmin, rmax;	/* min and max as parsed */
	double		 rsum, rcomp;	/* the values as parsed, summed with
					   Neumaier's compensation: the mean
					   (bs_moments_mean) */
	struct bs_sketch *sk;		/* bs_table_opts.sketch: quantiles */
};

/* Did the sum of squared deviations leave the doubles (not finite)? */
int	 bs_moments_overflow(const struct bs_moments *);

/* ------------------------------------------------------------------ */
/* Relative-error quantile sketches: bstat --sketch, --merge (sketch.c) */

/*
 * A DDSketch (Masson, Rim and Lee, VLDB 2019): a value x > 0 is counted
 * in bucket k = ceil(log_g x), g = (1 + a) / (1 - a), which holds
 * (g^(k-1), g^k]; its estimate 2 g^k / (g + 1) is within a relative
 * accuracy a of every value of the bucket.  Negative values are counted
 * by their magnitude in a second store, zero in a count of its own.
 * Every double, subnormals included, has its own bucket: at a = 0.5 %
 * the keys of one sign number about 145,000 (1454 / ln g), 1.2 MB of
 * counts at most per store whatever the number of values, so nothing
 * collapses and merging two sketches is adding their counts.
 */
struct bs_sketch;

#define BS_SKETCH_ACCURACY	0.005	/* default relative accuracy */
#define BS_SKETCH_MINACC	0.001	/* keeps a sketch under 12 MiB */
#define BS_SKETCH_MAXACC	0.2

/* One series summarised for merging: exact counts and moments, a sketch. */
struct bs_sketch_series {
	uint64_t	 n, missing;
	double		 sum;		/* of the values as parsed */
	double		 mean, m2;	/* Welford; merged by Chan et al. */
	double		 min, max;	/* exact */
	struct bs_sketch *sk;
	int		 present;	/* a row had the column (bs_series) */
	/*
	 * The moments (sum, mean, m2, min, max) are estimates from the
	 * buckets: a DDSketch protobuf carries none (bs_sketchset_read).
	 */
	int		 estimated;
	/* The table's rates (bs_series.req ...); no -f sketch file has them. */
	uint64_t	 req, err, sat, tol, apn;
};

/*
 * The sketches of every group and value column: of a table read with
 * bs_table_opts.sketch, or of -f sketch files merged.  s[g * nvcols + c].
 */
struct bs_sketchset {
	double		 accuracy;
	char		**gnames, **vnames;
	size_t		 ngcols, nvcols;
	char		**keys;		/* ngroups * ngcols */
	struct bs_sketch_series *s;
	size_t		 ngroups;
	void		*priv;
};

/*
 * Take the moments and sketches of a table streamed with
 * bs_table_opts.sketch = accuracy (they move; the set was zeroed).
 */
struct bs_table;
int	 bs_sketchset_from_table(struct bs_sketchset *, struct bs_table *,
	    double accuracy, struct bs_err *);
/*
 * Read a -f sketch file ("-" standard input; gzip too) and merge it into
 * the set (zeroed before the first): counts and buckets add, the moments
 * by Chan et al.'s pairwise formulas; groups new to the set are added in
 * order.  Different accuracy, group columns or value columns are errors.
 * A DDSketch protobuf message (-f ddsketch, or Datadog's libraries with
 * the logarithmic mapping) is one series without groups, its column
 * "value" (or the set's one column); its moments are estimated.
 */
int	 bs_sketchset_read(struct bs_sketchset *, const char *path,
	    struct bs_err *);
/* Write the set in the -f sketch format; 0, or -1 with errno. */
int	 bs_sketchset_write(const struct bs_sketchset *, FILE *);
/*
 * -f ddsketch: the set's one series as a DDSketch protobuf message, the
 * encoding of Datadog's sketches libraries.  bs_sketchset_ddsketch_check
 * says why a set cannot be (it has not exactly one series); the write
 * returns 0, or -1 with errno.
 */
int	 bs_sketchset_ddsketch_check(const struct bs_sketchset *,
	    struct bs_err *);
int	 bs_sketchset_write_ddsketch(const struct bs_sketchset *, FILE *);
/* Has a series moments estimated from buckets (DDSketch input)? */
int	 bs_sketchset_estimated(const struct bs_sketchset *);
void	 bs_sketchset_free(struct bs_sketchset *);
/*
 * A summary from a sketched series: n, missing, mean, sd, se, the t
 * interval and cv from the moments, min and max exact, q1, median, q3
 * and o->pct[] from the sketch (type 1, within its accuracy).
 */
struct bs_summary;
struct bs_summary_opts;
int	 bs_sketch_summarize(const struct bs_sketch_series *,
	    const struct bs_summary_opts *, struct bs_summary *,
	    struct bs_err *);

/*
 * A factor of generic input (struct bs_table): col its input column,
 * nlevels its distinct values; spread the largest ratio of the largest
 * to the smallest median of one value column's series across its values
 * (within a group), spreadcol that value column (index into vcols), or
 * spread 0 when no series could be split.
 */
struct bs_factor {
	size_t		 col, nlevels, spreadcol;
	double		 spread;
};

/*
 * The values of one value column within one group.  Values are stored
 * shifted by the first value of the series (ref), computed from the exact
 * decimal text, for the moments; v[i] is NaN where the input was missing.
 * Order statistics need the values as parsed instead: refd + v[i] is
 * that double for most values, and where it is not, ulp[i] says how
 * many steps along the doubles it lies away (1 byte a value, allocated
 * only when a value needs it).  A value more than 127 steps away is one
 * far smaller in magnitude than the reference, which then helps the
 * moments little: the series is re-based on zero (refd 0, v as parsed).
 */
struct bs_series {
	double		*v;
	signed char	*ulp;		/* NULL: refd + v[i] is as parsed */
	double		*raw;		/* the values as parsed, if asked for */
	struct bs_moments *mom;		/* streaming mode: v stays NULL */
	size_t		 n;		/* stored, missing included */
	size_t		 cap;
	size_t		 missing;
	struct bs_dec	 ref;
	double		 refd;
	int		 hasref;
	/*
	 * A row of the group had the column (a value, or an empty cell or
	 * null: missing).  0 when every row lacked it, as the rows of the
	 * formats that make a column per unit or per key do.
	 */
	int		 present;
	/*
	 * With bs_table_opts.ok or apdex: the requests of the series (its
	 * rows past rates_skip), those failed by ok, and of its values those
	 * within apdex (satisfied), within 4 apdex (tolerating) and all.
	 */
	size_t		 req, err, sat, tol, apn;
};

struct bs_group {
	char		**key;		/* ngcols strings */
	struct bs_series *s;		/* nvcols series */
	size_t		 nrows;		/* rows seen for this group */
	/*
	 * With bs_table_opts.timecol: each row's time stamp in seconds
	 * (nrows of them, in input order), and with ok whether its request
	 * succeeded (1) or not (0).
	 */
	double		*time;
	unsigned char	*okrow;
	size_t		 tcap;
	/*
	 * With bs_table_opts.every (streaming): no stamps kept, but the
	 * series of each window, nvcols a window, of the windows wlo ..
	 * wlo + nwin - 1 (a stamp's window is floor(seconds / every)), the
	 * first skip rows of the group left out; tlast the latest stamp so
	 * far, unsorted when one came before it.
	 */
	struct bs_series *win;
	int64_t		 wlo;
	size_t		 nwin;
	double		 tlast;
	int		 unsorted;
	/* With timecol: the group's first and last stamp (tn of them). */
	double		 tmin, tmax;
	size_t		 tn;
};

struct bs_table {
	char		**names;	/* every input column */
	size_t		 nnames;
	size_t		*gcols;		/* group column indices */
	size_t		 ngcols;
	size_t		*vcols;		/* value column indices */
	size_t		 nvcols;
	struct bs_group	*groups;
	size_t		 ngroups;
	size_t		 nrows;
	/*
	 * The group of each row, if asked for (bs_table_opts.rowgroups);
	 * NULL while every row is of group 0.
	 */
	uint32_t	*rowgroup;
	const struct bs_fmt *format;	/* of the first input */
	int		 delim;
	/*
	 * With no -g (bs_table_opts.groups NULL): gcols[autofrom] and the
	 * nauto after it are the columns that identify a benchmark in the
	 * input's format (a benchmark's name, its parameters, procs; fio's
	 * job and direction), those that vary; nauto 0 when the format
	 * declares none.
	 */
	size_t		 autofrom, nauto;
	/* With timecol: the first and last time stamp, seconds. */
	double		 tmin, tmax;
	double		 every;		/* bs_table_opts.every, when windowed */
	char		**units;	/* per input column: the unit its reader
					   declared, or NULL (bs_table_unit) */
	struct bs_meta	 meta;		/* what the inputs carried (meta hook) */
	/*
	 * The factors left out of the default value columns (generic
	 * input, no -c), in input order: integer columns of at most
	 * BS_FACTOR_MAX distinct values, each in at least 3 rows, whose
	 * names say no quantity (threads 1, 2, 4, 8), while a numeric
	 * column that is none remains.  nfactors 0: none.
	 */
	struct bs_factor *factors;
	size_t		 nfactors;
	/*
	 * Replication (bs_table_opts.levels): repcols[0..nrep) are the
	 * columns whose values number the units the values of a series
	 * sit in, outermost first (JMH's fork); the values are the
	 * innermost level.  repfmt: they are the format's (no
	 * --replicate).  nrep 0: every value a run.
	 */
	size_t		*repcols, nrep;
	int		 repfmt;
	/* private */
	void		*priv;
};

/* What a caller makes of a table's series (bs_table_opts.use). */
enum bs_use {
	BS_USE_STATS = 0,	/* a sample: summaries, tests, change points */
	BS_USE_OUTLIERS,	/* each value against the rest of its series */
	BS_USE_CHART,		/* drawn as a sample: box, CDF, histogram */
	BS_USE_ROWS		/* every row as it is: bplot percentiles, path */
};

struct bs_table_opts {
	struct bs_read_opts	 read;
	/*
	 * "a,b" names or numbers.  NULL: the columns that identify one
	 * benchmark in the input's format (bs_table.nauto); "": none, the
	 * rows pooled on purpose (no warning of mixed benchmarks).
	 */
	const char		*groups;
	/*
	 * Grouped before and after groups or its default: bcompare's
	 * --variant column, btrend's order column.
	 */
	const char		*pregroups, *postgroups;
	/* Groups NULL means none (bplot's roles are its groups). */
	int			 nodefault;
	/*
	 * NULL: every numeric column but the group columns and the index
	 * columns (bs_index_column()).
	 */
	const char		*columns;
	const char		*exclude;	/* never value columns */
	int			 file_group;	/* add a "file" group column */
	int			 rowgroups;	/* keep the group of each row */
	int			 raw;		/* keep unshifted values too */
	/*
	 * Streaming: keep only running moments per series (O(groups)
	 * memory, no quantiles); the first `skip` rows of every series are
	 * left out as they arrive.
	 */
	int			 moments;
	size_t			 skip;
	/* With moments: a bs_sketch of this accuracy per series too. */
	double			 sketch;
	/* Optional: told what a reader left out (failed runs). */
	void			(*warn)(const char *file, const char *msg);
	/* Optional: a reader's remarks (bs_reader_cb.note). */
	void			(*note)(const char *file, const char *msg);
	/*
	 * What the caller makes of each series.  Rows that are the
	 * percentiles of one distribution (BS_ROLE_QUANTILE) pooled in a
	 * series make bs_table_finish() fail, saying what to do instead,
	 * unless the caller reads every row as it is (BS_USE_ROWS).
	 */
	enum bs_use		 use;
	/*
	 * Keep the unit of replication of every value (bs_table.repcols,
	 * bs_table_units()): the columns of replicate ("a,b", outermost
	 * first, each of which must exist; "": none), or with replicate
	 * NULL the format's nesting (JMH's forks, pyperf's runs,
	 * BenchmarkDotNet's launches) where the input has it.  With
	 * moments the columns are named (bs_table.repcols) but no unit is
	 * kept: the values are runs.
	 */
	int			 levels;
	const char		*replicate;
	/*
	 * Rates (bstat --ok, --apdex): ok, a request's success, "COL<400"
	 * (a comparison with a number: a cell no number fails), "COL=TEXT"
	 * (equal text), or "COL" (a success flag: true, yes, ok, 1 succeed;
	 * anything else fails); the column is never a value column.  ""
	 * names the column "success" when the input has one.  apdex > 0:
	 * the threshold T in the unit of the values as written; a failed
	 * request is frustrated.  Both counted in bs_series (req, err, sat,
	 * tol, apn), the first rates_skip rows of each series left out.
	 */
	const char		*ok;
	double			 apdex;
	/*
	 * apdex_s > 0: T in seconds, each value column's T in its own
	 * time unit (declared or in its name); a column with none takes
	 * apdex (the default's 500), else is refused.
	 */
	double			 apdex_s;
	size_t			 rates_skip;
	/*
	 * Time windows (bstat --every): timecol, the column of each row's
	 * time stamp (never a value column), kept per group in seconds
	 * (bs_group.time); tscale the seconds of its unit, 0: the unit the
	 * reader declares or its name says (_ms, _us, _ns, _s), else by
	 * magnitude (epoch seconds, ms, us or ns: a later stamp of another
	 * magnitude is an error naming its line).
	 */
	const char		*timecol;
	double			 tscale;
	/* No timecol: the format's column of time stamps (or an error). */
	int			 time_auto;
	/*
	 * timecol's stamps checked (one unit for the whole log, else an
	 * error naming the line) and their range noted, not kept: a
	 * latency map reads the column as values of its own.
	 */
	int			 time_check;
	/*
	 * The option the caller keeps series apart with, as the warning of
	 * a group mixing benchmarks names it ("add -g label"): NULL "-g";
	 * bplot's "--facet".
	 */
	const char		*group_opt;
	/*
	 * With moments and timecol: each series cut as it streams into
	 * windows of every seconds (bs_group.win), a sketch each with
	 * sketch (bstat --every --sketch): memory by windows, not rows.
	 */
	double			 every;
};

struct bs_table *bs_table_new(const struct bs_table_opts *);
/* Did group g's time stamps come out of time order (timecol kept)? */
int	 bs_table_time_unsorted(const struct bs_table *, size_t g);
/* Apdex's T of value column c in its values' unit (apdex_s taken in it). */
double	 bs_table_apdex(const struct bs_table *, size_t c);
/*
 * Add one input (path, or buf when non-NULL) to the table.  Several
 * inputs must have the same columns.
 */
int	 bs_table_read(struct bs_table *, const struct bs_buf *buf,
	    const char *path, struct bs_err *);
/* After the last read: resolve column choices, check there is data. */
int	 bs_table_finish(struct bs_table *, struct bs_err *);
void	 bs_table_free(struct bs_table *);
/*
 * Where group g's first row came from: its file (NULL when unknown) and
 * line (0 when the reader gives none), for errors about that row.
 */
const char *bs_table_group_source(const struct bs_table *, size_t g,
	    size_t *line);
/*
 * The groups in the order people read them: with natural, numbers
 * numerically and text in first-appearance order, key by key; else
 * first appearance.  An allocated permutation of 0..ngroups-1, or NULL.
 */
size_t	*bs_table_order(const struct bs_table *, int natural);
/* The unit the reader declared for value column i, or NULL. */
const char *bs_table_unit(const struct bs_table *, size_t i);
/* Name of value column i. */
const char *bs_table_vname(const struct bs_table *, size_t i);

/*
 * y moved k steps along the doubles (k small; y finite).  The bits of a
 * double, with the sign bit flipped for positive numbers and every bit
 * for negative ones, count in the order of the doubles.
 */
static inline double
bs_ulp_step(double y, int k)
{
	union { double d; uint64_t u; } b;

	b.d = y;
	b.u = (b.u >> 63) ? ~b.u : b.u | (UINT64_C(1) << 63);
	b.u += (uint64_t)(int64_t)k;
	b.u = (b.u >> 63) ? b.u & ~(UINT64_C(1) << 63) : ~b.u;
	return b.d;
}

/* The value at index i of a series, unshifted: exactly as parsed. */
static inline double
bs_series_value(const struct bs_series *s, size_t i)
{
	if (s->raw)
		return s->raw[i];
	if (s->ulp && s->ulp[i])
		return bs_ulp_step(s->refd + s->v[i], s->ulp[i]);
	return s->refd + s->v[i];
}

/* ------------------------------------------------------------------ */
/* Summary statistics */

#define BS_MAX_PCT	32

struct bs_summary_opts {
	double	 confidence;	/* percent, 0 < c < 100 */
	int	 qtype;		/* 1..9 */
	double	 pct[BS_MAX_PCT];
	size_t	 npct;
	size_t	 skip;		/* warm-up values dropped per series */
	int	 autocorr;
	size_t	 steady;	/* window; 0 = off */
	double	 steady_tol;	/* ratio, e.g. 0.02 */
	int	 no_quantiles;	/* O(1) memory: no order statistics */
	int	 pct_ci;	/* order-statistic intervals of the
				   median and the percentiles */
	int	 pct_ci_judge;	/* the same, computed for --target to
				   judge by, not shown */
	int	 rates;		/* errors, error rate: the table counted ok */
	double	 apdex;		/* > 0: Apdex at this T was counted */
	double	 apdex_s;	/* > 0: T in seconds (bs_table_opts) */
	int	 spread_sd;	/* --spread sd: the compact set shows the
				   sd where it shows ± the CI's half-width */
	double	 mde_power;	/* > 0: mde at this power (bstat --mde);
				   < 0: minus the power --stats mde takes */
	int	 jobs;		/* threads for the passes of the order
				   statistics over a large series (-j; 0:
				   the online CPUs up to BS_JOBS_DEFAULT):
				   the same results */
};

struct bs_summary {
	size_t	 n, missing, skipped;
	double	 mean, sd, se, ci_lo, ci_hi;
	double	 min, q1, median, q3, max, iqr, cv;
	double	 pct[BS_MAX_PCT];
	double	 r1;		/* NaN when not computed or n < 2 */
	double	 steady_diff;	/* NaN when not computed */
	int	 steady;	/* 1 yes, 0 no, -1 unknown */
	int	 warmup;	/* 1 when the first values sit far off */
	double	 mvalue;	/* Gregg's modality value, NaN if n < 30 */
	/*
	 * With mde_power: the smallest difference of means that a
	 * comparison with as many runs of this sd on each side detects
	 * (Welch, two-sided at 1 - confidence) with that power.
	 */
	double	 mde;
	/* With pct_ci: distribution-free intervals, NaN when n is short. */
	double	 median_lo, median_hi;
	double	 pct_lo[BS_MAX_PCT], pct_hi[BS_MAX_PCT];
	/*
	 * With rates: the requests, the failed ones, their share and its
	 * Wilson interval; with apdex: Apdex (satisfied + tolerating / 2)
	 * over the values and its Wilson interval (conservative: a score
	 * of 0, 1/2 or 1 varies less than a success); NaN when not counted.
	 */
	double	 requests, errors, error_rate, error_lo, error_hi;
	double	 apdex, apdex_lo, apdex_hi;
	/*
	 * 1: a summary that does not say its n (hyperfine --export-csv):
	 * n and missing are unknown, written empty, not 0.
	 */
	int	 n_unknown;
};

void	 bs_summary_opts_default(struct bs_summary_opts *);
/*
 * Summarise a series.  Order statistics are found by selection on a copy
 * when keep is set, else in place (the series order is then lost).
 * NaN in fields that cannot be computed (n = 0, sd with n = 1, ...).
 */
int	 bs_summarize(struct bs_series *, const struct bs_summary_opts *,
	    int keep, struct bs_summary *, struct bs_err *);

/*
 * Mean and variance (or sd) of x[0..n) by the corrected two-pass
 * algorithm; NaN for n < 2.  Values near the largest double are scaled
 * so that the sums do not overflow.
 */
void	 bs_mean_sd(const double *x, size_t n, double *mean, double *sd);
/*
 * Quantiles of x[0..n) (NaN-free) at probabilities p[0..np), Hyndman
 * and Fan type 1..9 as R computes them.  x is reordered.
 */
int	 bs_quantiles(double *x, size_t n, const double *p, size_t np,
	    int type, double *out);
/*
 * A statistic of the requests' rates turns them on in so (rates; apdex
 * at BS_APDEX_T unless set): --stats and --target asking for them.
 */
#define BS_APDEX_T	500.0
#define BS_APDEX_T_S	0.5	/* the same in seconds: a column's unit */
struct bs_stat;
void	 bs_stat_needs_rates(const struct bs_stat *, struct bs_summary_opts *);
/*
 * Wilson's score interval of a proportion, x successes of n (x may be a
 * fraction: Apdex's half-counts), at confidence (percent), without
 * continuity correction (R's prop.test(x, n, correct = FALSE)); NaN
 * bounds for n = 0.
 */
void	 bs_wilson(double x, double n, double confidence, double *lo,
	    double *hi);
/*
 * Time windows of every seconds (bstat --every) over a table read with
 * timecol: they start at its first stamp floored to a multiple of
 * every (bs_window_origin()), bs_window_count() of them to its last.
 * bs_windows() fills w[0 .. count) for series c of group g, after the
 * first so->skip rows: each window's start (seconds from the origin),
 * its rows (requests, missing values too) and their rate per second,
 * and the summary of its values in time order (the rates of --ok and
 * --apdex as the table's); *unsorted when the stamps were out of order
 * (taken in time order).  0, or -1 with e.
 */
struct bs_window {
	double		 start;
	size_t		 requests;
	double		 throughput;
	struct bs_summary s;
};
double	 bs_window_origin(const struct bs_table *, double every);
size_t	 bs_window_count(const struct bs_table *, double every);
int	 bs_windows(const struct bs_table *, size_t g, size_t c, double every,
	    const struct bs_summary_opts *, struct bs_window *w, int *unsorted,
	    struct bs_err *);
/*
 * The windows of a table streamed with bs_table_opts.every (bstat
 * --every --sketch): w[0 .. bs_window_count()) as bs_windows() fills
 * them, the quantiles from each window's sketch (within its accuracy),
 * n, mean, sd, min, max, requests and rates exact; a stamp's window is
 * floor(seconds / every), the first from the table's first stamp.
 * *unsorted when the group's stamps came out of order (which a sketch
 * does not mind).  0, or -1 with e.
 */
int	 bs_windows_sketched(const struct bs_table *, size_t g, size_t c,
	    const struct bs_summary_opts *, struct bs_window *w, int *unsorted,
	    struct bs_err *);
/*
 * The same for windows first .. first + nw - 1 only, into w[0 .. nw)
 * (cut to those there are): a slice at a time, the summaries of a long
 * log's windows are not all held at once.
 */
int	 bs_windows_sketched_range(const struct bs_table *, size_t g,
	    size_t c, const struct bs_summary_opts *, size_t first, size_t nw,
	    struct bs_window *w, int *unsorted, struct bs_err *);
/*
 * The same from origin (seconds, as the stamps), nw windows: one run's
 * windows from its own start (bplot timeline overlays two runs).
 */
int	 bs_windows_at(const struct bs_table *, size_t g, size_t c,
	    double every, double origin, size_t nw,
	    const struct bs_summary_opts *, struct bs_window *w, int *unsorted,
	    struct bs_err *);
/*
 * The values of a series after skipping its first skip rows, missing
 * ones left out, unshifted (as parsed); NULL when out of memory.
 */
double	*bs_series_values(const struct bs_series *, size_t skip, size_t *n);

/*
 * Nested runs (Kalibera and Jones 2013): series g, c of a table that
 * keeps units of replication (bs_table_opts.levels), after skipping its
 * first skip rows.  nlev levels, outermost first: the replicate
 * columns' and last the values'; n[L] the units at level L (n[nlev -
 * 1] the values).  With state BS_LV_ON the grand mean is the mean of
 * the top level's unit means (each unit's mean that of its children),
 * se and the interval at confidence (percent) are the t interval over
 * those n[0] means; s2[L] the pooled variance of level L about its
 * parents' means (S_i^2), t2[L] its variance component (T_i^2, clamped
 * at 0), share[L] its part of their sum, reps[L] (L >= 1) its units
 * per unit of level L - 1, advice[L] (L >= 1) the repetitions per unit
 * of level L - 1 worth their cost at equal costs per repetition
 * (ceil(sqrt(T_L^2 / T_{L-1}^2)); 0: the level above adds no variance).
 * Otherwise the values are runs: state BS_LV_NONE (no replicate
 * column), BS_LV_ONE (one top-level unit: no interval across units),
 * BS_LV_FLAT (one value a unit: nothing nested).  means, when not
 * NULL, is given the top level's unit means (BS_LV_ON) or the values,
 * allocated, n[0] of them.  -1 when out of memory.
 */
#define BS_MAX_LEVELS	8
enum bs_lvstate { BS_LV_NONE = 0, BS_LV_ON, BS_LV_ONE, BS_LV_FLAT };
struct bs_levels {
	enum bs_lvstate	 state;
	size_t		 nlev;
	size_t		 n[BS_MAX_LEVELS];
	double		 mean, se, ci_lo, ci_hi;
	double		 s2[BS_MAX_LEVELS], t2[BS_MAX_LEVELS];
	double		 share[BS_MAX_LEVELS], reps[BS_MAX_LEVELS];
	size_t		 advice[BS_MAX_LEVELS];
};
int	 bs_levels_compute(const struct bs_table *, size_t g, size_t c,
	    size_t skip, double confidence, struct bs_levels *,
	    double **means);
/*
 * The advice again with the cost of one repetition at each level,
 * cost[0 .. nlev), outermost first, all > 0 (a fork's and an
 * iteration's time): advice[L] = ceil(sqrt(cost[L - 1] T_L^2 / (cost[L]
 * T_{L-1}^2))), Kalibera and Jones's.  NULL: equal costs.
 */
void	 bs_levels_advise(struct bs_levels *, const double *cost);
/* Gregg's modality value (bs_summary.mvalue, mv_b, mv_c): its fewest values. */
#define BS_MVALUE_MIN_N		30
#define BS_MVALUE_MODES		2.4	/* at or above: more than one mode */
/*
 * The distribution-free interval of the p-quantile of n values at
 * confidence (percent): the 1-based order statistics l < u with
 * P(l <= B <= u - 1) >= confidence, B ~ Binomial(n, p), l and u - 1 the
 * binomial quantiles at (1 - c)/2 and (1 + c)/2 (as R's qbinom).  -1
 * when n is too small for such an interval; bs_quantile_ci_minn gives
 * the smallest n that has one.
 */
size_t	 bs_quantile_ci_minn(double p, double confidence);
/* The probability of the percentile pct (0..100) as its decimal says it. */
double	 bs_pct_prob(double pct);
/*
 * The order statistics *l < *u (1-based) of that interval for n values
 * and the p-quantile (0 < p < 1); -1 when n is too small for one.
 */
int	 bs_quantile_ci_index(size_t n, double p, double confidence,
	    size_t *l, size_t *u);
/* strndup() that reads no byte past s[n - 1] (fields are unterminated). */
char	*bs_strndup(const char *s, size_t n);
/* qsort() order of doubles (no NaN): the one comparator of the tree. */
int	 bs_cmp_double(const void *, const void *);
/* Type-7 median of x[0..n) (left as it is); NaN when n is 0. */
double	 bs_median(const double *x, size_t n);
/*
 * |r1| beyond 2/sqrt(n), and beyond BS_AUTOCORR_MIN: the runs are not
 * independent (the usual large-sample bound of a white-noise
 * autocorrelation), by enough to narrow the interval by 2.5% or more.
 */
#define BS_AUTOCORR_MIN	0.025
double	 bs_autocorr_limit(size_t n);
/* Half width of the t interval: t_{(1+c)/2, n-1} * sd / sqrt(n). */
double	 bs_t_halfwidth(double sd, size_t n, double confidence);

/* ------------------------------------------------------------------ */
/* What a column name means (units.c) */

enum bs_qty { BS_QTY_NONE, BS_QTY_TIME, BS_QTY_SIZE, BS_QTY_RATE,
	BS_QTY_COUNT };

/* Why a column improves upward or downward. */
enum bs_rule {
	BS_RULE_DEFAULT,	/* the name matched no rule: lower is better */
	BS_RULE_RATE,		/* a rate: higher is better */
	BS_RULE_TIME,		/* a time or latency: lower is better */
	BS_RULE_COST,		/* a size or count of work: lower is better */
	BS_RULE_OPTION,		/* --higher-is-better / --lower-is-better */
	BS_RULE_FORMAT,		/* the input format says so */
	BS_RULE_BENEFIT		/* hits, a hit rate, a score: higher */
};

struct bs_colunit {
	size_t		 baselen;	/* the name before its unit */
	char		 unit[64];	/* "us", "B", "MB/s", "msg/s"; "" none */
	char		 per[64];	/* "/op" after the unit, or "" */
	enum bs_qty	 qty;
	int		 higher;	/* 1: higher values are better */
	enum bs_rule	 rule;		/* why */
};

/* Medians this far apart across a factor's values: the split matters. */
#define BS_FACTOR_SPREAD	1.2
/*
 * Does a factor split the series (their medians BS_FACTOR_SPREAD apart
 * across its values)?  Then it, not the runs, explains their modes, and
 * it is suggested for -g.
 */
int	 bs_factor_splits(const struct bs_factor *);
/* Does any factor of the table split its series? */
int	 bs_table_factor_splits(const struct bs_table *);

/* Unit, quantity and direction of a column from its name. */
void	 bs_column_unit(const char *name, struct bs_colunit *);
/*
 * The same, where the input format declared the column's unit (NULL:
 * none): the declared unit wins over what the name suggests.
 */
void	 bs_column_unit_as(const char *name, const char *declared,
	    struct bs_colunit *);
/* Is unit one of the time units ("ns", "us", "ms", "s")? */
int	 bs_is_time_unit(const char *unit);

/* ------------------------------------------------------------------ */
/* Comparisons (bcompare) */

enum bs_adjust { BS_ADJ_NONE, BS_ADJ_HOLM, BS_ADJ_BH };

/* ------------------------------------------------------------------ */
/*
 * Scalability models: Gunther's Universal Scalability Law and Amdahl's
 * law, fitted by nonlinear least squares.
 *
 *	USL:	X(N) = lambda N / (1 + alpha (N - 1) + beta N (N - 1))
 *	Amdahl:	X(N) = lambda N / (1 + alpha (N - 1))	(beta = 0)
 *
 * lambda is the throughput of one worker, alpha the contention (serial)
 * fraction, beta the coherency (crosstalk) cost.  alpha and beta are
 * kept non-negative.
 */

enum bs_usl_model {
	BS_USL_USL = 0,
	BS_USL_AMDAHL
};

/* Fewest distinct N values a fit accepts. */
#define BS_USL_MIN_DISTINCT	6

/* Flags in bs_usl.at_bound: a parameter pinned at its bound of zero. */
#define BS_USL_ALPHA_AT_0	0x1
#define BS_USL_BETA_AT_0	0x2

struct bs_usl {
	enum bs_usl_model model;
	double	 lambda, alpha, beta;
	/*
	 * Standard errors from the asymptotic covariance s^2 (J'J)^-1,
	 * s^2 = RSS / (n - p), as R's summary.nls, p the model's parameters
	 * (3 for the USL, 2 for Amdahl) and J its full Jacobian, also at a
	 * bound (as R's port algorithm reports it); 0 for beta of Amdahl.
	 */
	double	 se_lambda, se_alpha, se_beta;
	/* Wald intervals: estimate -/+ t_{(1+c)/2, n-p} se. */
	double	 lambda_lo, lambda_hi, alpha_lo, alpha_hi, beta_lo, beta_hi;
	/*
	 * USL: the N of the throughput maximum, N* = sqrt((1 - alpha) /
	 * beta), and X(N*).  NaN when there is no finite maximum (beta = 0
	 * or alpha >= 1).  Amdahl: peak_n is NaN and peak_y the ceiling.
	 */
	double	 peak_n, peak_y;
	int	 peak_outside;	/* N* outside [nmin, nmax] (or no peak) */
	/* lambda / alpha, the limit as N grows when beta = 0; else NaN. */
	double	 ceiling;
	double	 r2;		/* 1 - RSS / TSS over all points */
	double	 rss, sigma;	/* residual sum of squares, sqrt(RSS/df) */
	size_t	 n;		/* points used */
	size_t	 ndistinct;	/* distinct N values */
	double	 nmin, nmax;	/* measured range of N */
	double	 df;		/* residual degrees of freedom n - p */
	double	 confidence;	/* percent */
	double	 tq;		/* t_{(1+c)/2, df} */
	int	 at_bound;	/* BS_USL_*_AT_0 */
	size_t	 iterations;
	/* Covariance of (lambda, alpha, beta); rows/cols of fixed ones 0. */
	double	 cov[3][3];
	/*
	 * A fit not to be trusted at a glance: BS_USL_POOR_R2 (R^2 below
	 * BS_USL_POOR_R2_MIN), BS_USL_POOR_LAMBDA (lambda, the model's
	 * X(1), more than BS_USL_POOR_LAMBDA_OFF off x1); 0 none.
	 */
	int	 poor;
	double	 x1;		/* the mean measured at N = 1; NaN: none */
};
#define BS_USL_POOR_R2		0x1
#define BS_USL_POOR_LAMBDA	0x2
#define BS_USL_POOR_R2_MIN	0.95
#define BS_USL_POOR_LAMBDA_OFF	0.2	/* a fraction of x1 */

/*
 * Fit model to the points (n[i], x[i]), i < len: n the concurrency
 * (threads, clients; > 0), x the measured throughput.  Repeated
 * measurements at one N are separate points.  confidence is in percent
 * (0 < c < 100) and sets the intervals.  Refuses fewer than
 * BS_USL_MIN_DISTINCT distinct N, non-finite values, N <= 0, and data
 * from which no fit converges.  Returns 0, or -1 with err filled.
 */
int	 bs_usl_fit(const double *n, const double *x, size_t len,
	    enum bs_usl_model model, double confidence, struct bs_usl *,
	    struct bs_err *);

/* The fitted X(N). */
double	 bs_usl_eval(const struct bs_usl *, double n);

/*
 * The fitted X(N) and the confidence band of the fitted mean at N, by
 * the delta method: var = g' C g with g the gradient of X(N) in the
 * parameters; half width t_{(1+c)/2, df} sqrt(var).
 */
void	 bs_usl_band(const struct bs_usl *, double n, double *y,
	    double *lo, double *hi);

const char	*bs_usl_model_name(enum bs_usl_model);
/* "usl" or "amdahl"; -1 for anything else. */
int		 bs_usl_model_parse(const char *);

/*
 * The fit report (usl_report.c).  As JSON, the objects of docs/INTERFACE.md: one
 * object for n = 1, else an array of n with names[i] as each one's
 * "series"; 0, or -1 when fp has an error.  As text for people: one
 * line, "NAME: usl fit: lambda = ... R^2 = ...", and a second line
 * "warning: ..." when the model fits poorly (R^2 < 0.9); name NULL
 * leaves out the prefix.  Allocated (the caller frees it); NULL when out
 * of memory.
 */
int	 bs_usl_report_json(FILE *, const struct bs_usl *,
	    const char *const *names, size_t n);
char	*bs_usl_report_text(const struct bs_usl *, const char *name);

/* ------------------------------------------------------------------ */
/* Outliers */

enum bs_outlier {
	BS_OUT_NONE = 0,
	BS_OUT_LOW_MILD,
	BS_OUT_HIGH_MILD,
	BS_OUT_LOW_SEVERE,
	BS_OUT_HIGH_SEVERE
};
const char	*bs_outlier_name(enum bs_outlier);

struct bs_fences {
	double	 lo_outer, lo_inner, hi_inner, hi_outer;
	double	 center, scale;	/* mad method: median and 1.4826*MAD */
	int	 mad;
	double	 k;
};

/* Tukey fences from type-7 quartiles; x is not changed. */
int	 bs_tukey_fences(const double *x, size_t n, double k,
	    struct bs_fences *);
/* The same, the quartiles' passes on jobs threads (0: the CPUs, up to 4). */
int	 bs_tukey_fences_jobs(const double *x, size_t n, double k, int jobs,
	    struct bs_fences *);
/* Modified z-score fences: |x - median| / (1.4826 MAD) > k (mild). */
int	 bs_mad_fences(const double *x, size_t n, double k,
	    struct bs_fences *);
enum bs_outlier	 bs_classify(const struct bs_fences *, double x);
/*
 * counts[o] += how many of x[0..n) bs_classify() puts in class o
 * (counts has BS_OUT_HIGH_SEVERE + 1 entries); on jobs threads (0: the
 * CPUs up to 4, from 1M values a thread).
 */
void	 bs_classify_counts(const struct bs_fences *, const double *x,
	    size_t n, int jobs, size_t *counts);
/* The same, and codes[i] = bs_classify(x[i]) when codes is not NULL. */
void	 bs_classify_codes(const struct bs_fences *, const double *x,
	    size_t n, int jobs, size_t *counts, unsigned char *codes);

/* ------------------------------------------------------------------ */
/* Writing an input back with added columns (boutlier) */

struct bs_passthru {
	const char *const *cols;	/* names of the added columns */
	size_t		 ncols;
	/*
	 * The first nlead of them go before the record's own fields (first
	 * columns, first keys, first pairs); the rest after.  Plain numbers
	 * have them all in their trailing comment.
	 */
	size_t		 nlead;
	/*
	 * Fill vals[0..ncols) for record `row` (0-based, input order);
	 * return 1 to write it to the output, 0 to the rejects.  A value
	 * pointer given again must hold the same text (a class name, a
	 * tag): its quoting is worked out once.
	 */
	int		(*annotate)(void *arg, size_t row, const char **vals);
	void		*arg;
	/*
	 * 1: annotate may be called from several threads at once, rows in
	 * any order (it writes only vals); the records are then formatted
	 * on ro->jobs threads (bs_read_opts.jobs), the bytes one thread's.
	 */
	int		 concurrent;
	/*
	 * Or, annotate NULL: the added values of record row are
	 * forms[codes[row] * ncols + 0 .. ncols), and it goes to the output
	 * when keep[codes[row]], else to the rejects; every code is below
	 * ncodes.  The records are formatted as with concurrent 1.
	 */
	const unsigned char	*codes;
	const char *const	*forms;
	const unsigned char	*keep;
	size_t			 ncodes;
	/*
	 * Or, codes NULL too: codes_for(arg, from, to, codes) fills
	 * codes[0 .. to - from) with the codes of records from..to before
	 * they are written, on the thread that writes them (several threads
	 * at once, each for records of its own).
	 */
	void		(*codes_for)(void *arg, size_t from, size_t to,
			    unsigned char *codes);
};

/*
 * Write buf back in its format (ro->format must be the detected one, and
 * ro->delim the delimiter) with the added columns; rejected records go
 * to rej (may be NULL), with the header where the format has one.
 */
int	 bs_passthru(const struct bs_buf *buf, const struct bs_read_opts *ro,
	    const struct bs_passthru *, FILE *out, FILE *rej, struct bs_err *);

/* ------------------------------------------------------------------ */
/* Result tables and output */

enum bs_outfmt { BS_OUT_TABLE, BS_OUT_CSV, BS_OUT_TSV, BS_OUT_JSON,
	BS_OUT_MD,
	BS_OUT_RECORD,	/* bcompare's experiment record (record.c) */
	BS_OUT_HTML };	/* bcompare's HTML report (html.c) */
int	 bs_outfmt_parse(const char *);
/*
 * The i-th output format of result tables (table, csv, tsv, json, md),
 * in the order the tools list them, its value in *f (may be NULL); NULL
 * after the last.  Aliases (markdown) are parsed, not listed.
 */
const char *bs_outfmt_name(size_t i, enum bs_outfmt *f);

enum bs_celltype { BS_CELL_NULL, BS_CELL_STR, BS_CELL_NUM, BS_CELL_INT };

/*
 * 16 bytes: a million rows of ten columns are 160 MB of cells.  The text
 * of a string cell belongs to the result (kept in blocks, not one
 * allocation each), valid until bs_result_free().
 */
struct bs_cell {
	enum bs_celltype type;
	union {
		const char	*s;	/* BS_CELL_STR */
		double		 d;	/* BS_CELL_NUM */
		long long	 i;	/* BS_CELL_INT */
	};
};

/* A rectangular result: column names and rows of cells. */
struct bs_result {
	char		**cols;
	size_t		 ncols;
	struct bs_cell	*cells;	/* nrows * ncols */
	size_t		 nrows, cap;
	int		*numeric;	/* per column: right-aligned in tables */
	int		 failed;	/* sticky: an allocation failed */
	/* Quantities for people (bs_result_unit): table and md only. */
	uint32_t	*uclass;	/* per cell: 1 + its quantity, or 0;
					   BS_UNIT_SPREAD set: a spread */
	size_t		 nuclass;	/* cells uclass covers */
	size_t		 uccap;
	struct bs_colunit *units;	/* per quantity */
	char		**ukeys;
	size_t		 nunits;
	/*
	 * table: the width to fit (COLUMNS), text cells ellipsised to fit
	 * it; 0, no limit.  Machine formats and md never cut.
	 */
	size_t		 width;
	/* private: the cells' text; the unit keys' hash */
	void		*text;
	void		*ukhash;
};

struct bs_result *bs_result_new(void);
void	 bs_result_free(struct bs_result *);
int	 bs_result_addcol(struct bs_result *, const char *name);
/*
 * Start a new row, all null; returns its index or -1.  As with cairo, a
 * failure is sticky: later calls do nothing, cells out of range are
 * ignored, and bs_result_write() reports the failure, so that building a
 * result needs no check at every call.
 */
long	 bs_result_addrow(struct bs_result *);
int	 bs_result_str(struct bs_result *, size_t row, size_t col, const char *);
/* NaN is stored as null. */
void	 bs_result_num(struct bs_result *, size_t row, size_t col, double);
void	 bs_result_int(struct bs_result *, size_t row, size_t col, long long);
/* Write in a format; 0 on success, -1 with errno on a write error. */
int	 bs_result_write(const struct bs_result *, enum bs_outfmt, FILE *);

/* Escape a string as JSON, quotes included, into a FILE. */
int	 bs_json_string(FILE *, const char *s, size_t len);

/*
 * Output files that appear whole or not at all: written to a temporary
 * name in the target's folder ("TARGET.tmpXXXXXX"), renamed over the
 * target on commit.  A symbolic link is followed and its target
 * replaced; an existing file's permissions (and owner, where allowed)
 * are kept, a new file gets 0666 less the umask.  What is not a regular
 * file (a device, a FIFO, a terminal, /dev/stdout or /dev/fd/N) is
 * written in place, with no temporary file (tmp is NULL).  Temporary
 * files are listed for bs_tmp_cleanup() from open to commit or abort.
 */
struct bs_afile {
	FILE	*fp;
	char	*path;
	char	*tmp;
};

int	 bs_afile_open(struct bs_afile *, const char *path, struct bs_err *);
int	 bs_afile_commit(struct bs_afile *, struct bs_err *);
void	 bs_afile_abort(struct bs_afile *);
/*
 * Whether bs_afile_open(path) can be expected to work, creating nothing:
 * a name, not a folder, in a folder that can be written to (or a stream
 * that can be written).  0, or -1 with e filled.
 */
int	 bs_afile_check(const char *path, struct bs_err *);
/*
 * 1 when two output names lead to the same file (after symbolic links;
 * the same device and inode when it exists, the same resolved folder
 * and name when not), so that one output would replace the other.
 * Devices, FIFOs and standard streams, written in place, never are.
 */
int	 bs_same_output(const char *a, const char *b);
/*
 * 1 when writing the output name would replace input in (a file name,
 * or "-" or NULL: the file standard input reads, if it is one): the
 * same device and inode, through symbolic and hard links.  Standard
 * output, devices and FIFOs, written in place, never do.
 */
int	 bs_output_is_input(const char *out, const char *in);
/*
 * Remove every temporary file of an open bs_afile.  Async-signal-safe
 * (unlink(2) only): for a tool's signal handler and exit path.  The
 * library installs no handler itself.
 */
void	 bs_tmp_cleanup(void);

/* ------------------------------------------------------------------ */
/* Option helpers shared by the tools */

/* Parse a comma-separated list of doubles. Returns count or -1. */
int	 bs_parse_dlist(const char *s, double *out, size_t max);
/* Strict number parsing for option values. */
int	 bs_parse_double(const char *s, double *out);
/* A duration > 0, "10s", "500ms", "250us", "1m", "1h" or seconds: 0, -1. */
int	 bs_parse_duration(const char *s, double *sec);
/*
 * Apdex's T (--apdex): a number, in the values' unit, into *raw; a
 * latency with its unit ("500ms", "0.2s", "50us", "ns") into *sec,
 * which each column takes in its own unit.  -1 when neither.
 */
int	 bs_parse_apdex(const char *s, double *raw, double *sec);
int	 bs_parse_size(const char *s, size_t *out);
/*
 * A change as an option gives it, PCT or COL=PCT (the last '=' splits:
 * bcompare --threshold, btrend --min-change): *ratio PCT/100 (>= 0),
 * *col and *collen the column before '=' (NULL and 0 without one).  0,
 * or -1 for a bad percentage, -2 for nothing before '='.
 */
int	 bs_parse_change(const char *arg, double *ratio, const char **col,
	    size_t *collen);

/* ------------------------------------------------------------------ */
/* The change of a percentile between two samples (pctdiff.c) */

/* What bcompare compares (bs_cmp_opts.stat; bcompare --stat). */
enum bs_cmp_stat { BS_STAT_DEFAULT, BS_STAT_MEAN, BS_STAT_QUANTILE };

/* How the interval of a percentile's change was found. */
enum bs_qmethod { BS_QM_NONE, BS_QM_BOOT, BS_QM_ORDER };

/*
 * A note (bs_metric.note): a side expects fewer than BS_QTHIN_TAIL
 * values beyond the percentile, which then lies past its largest values
 * most of the time; the widened bootstrap was checked down to 0.5 (p99
 * of 50 values) and below that no verdict rests on the interval.
 */
#define BS_CN_THINTAIL	0x2000

struct bs_cmp_opts;
/* "mean", "median", "pNN" (0 < NN < 100) into o; -1 for anything else. */
int	 bs_cmp_stat_parse(const char *, struct bs_cmp_opts *o);

/* ------------------------------------------------------------------ */
/* Baseline against candidate, metric by metric (verdict.c) */

enum bs_verdict { BS_V_IMPROVED, BS_V_REGRESSED, BS_V_UNCHANGED,
	BS_V_INCONCLUSIVE, BS_V_MISSING };

/* What a tool may warn about (bits of bs_metric.warn). */
#define BS_CW_ONESIDE	0x01	/* on one side only: verdict missing */
#define BS_CW_TOOFEW	0x02	/* fewer than 2 values on a side: no test */
#define BS_CW_FEWREPS	0x04	/* fewer than 10 values on a side */
#define BS_CW_NOSPREAD	0x08	/* every value on each side identical */
#define BS_CW_MINP	0x10	/* the rank test cannot reach alpha */
#define BS_CW_AC_BASE	0x20	/* baseline runs autocorrelated */
#define BS_CW_AC_CAND	0x40	/* candidate runs autocorrelated */
#define BS_CW_MODES	0x80	/* a side looks multimodal (mv_b, mv_c) */
#define BS_CW_TREND_B	0x100	/* baseline runs trend over run order */
#define BS_CW_TREND_C	0x200	/* candidate runs trend over run order */

/* Why a verdict is what it is (bits of bs_metric.note; bs_metric_note). */
#define BS_CN_TOOFEW	0x001	/* fewer than 2 values on a side */
#define BS_CN_MINP	0x002	/* the rank test cannot reach alpha */
#define BS_CN_WIDE	0x004	/* not significant, interval beyond margin */
#define BS_CN_SMALLWIDE	0x008	/* below threshold, interval beyond margin */
#define BS_CN_SMALL	0x010	/* significant, below the threshold */
#define BS_CN_NOREL	0x020	/* baseline centre <= 0: no relative change */
#define BS_CN_CERTAIN	0x040	/* no spread, different values */
#define BS_CN_SAME	0x080	/* no spread, the same value */
#define BS_CN_DEFDIR	0x100	/* direction by default: name matched none */
#define BS_CN_ONESIDE	0x200	/* in one input only */
#define BS_CN_NOTEST	0x400	/* the test could not be computed */
#define BS_CN_SUMMARY	0x800	/* compared from summaries (n, mean, sd) */
#define BS_CN_NON	0x1000	/* a summary without n: no test */
#define BS_CN_DEPEND	0x10000	/* runs serially dependent: effective n */
#define BS_CN_DEPSIG	0x20000	/* significant only as if independent */
#define BS_CN_DEPFEW	0x40000	/* dependent and fewer than 15 runs */
#define BS_CN_ANCOVA	0x80000	/* blocked: change adjusted for a drift */
#define BS_CN_CONF	0x100000 /* interval at conf_got: asked unattainable */
#define BS_CN_TAILS	0x200000 /* ks: distributions differ, the shift's
				    interval holds 0 (a tail, a spread) */

/* The two sides' runs in time (a clock column on both sides). */
enum bs_design { BS_DESIGN_UNKNOWN, BS_DESIGN_INTERLEAVED,
	BS_DESIGN_BLOCKED };

/* A value for the columns a name or glob matches: --threshold COL=PCT. */
struct bs_colrule {
	const char	*pat;
	double		 v;
};

/*
 * A run sequence's class after Barrett et al. (bs_steady_auto()): start
 * the first run of the steady segment (0 when flat; meaningless with
 * BS_SC_NONE), nseg the segments.
 */
enum bs_steady_class { BS_SC_FLAT, BS_SC_WARMUP, BS_SC_SLOWDOWN,
	BS_SC_NONE };
struct bs_steady {
	enum bs_steady_class cls;
	size_t		 start, nseg;
};
/* One series of a table classified for a comparison (bs_cmp_steady()). */
struct bs_side_steady {
	int		 has;		/* 0: no values kept, not classified */
	struct bs_steady st;		/* st.start a row of the series */
	size_t		 n;		/* the runs classified */
	size_t		 skip;		/* the rows left out at its start */
};

struct bs_method;

struct bs_cmp_opts {
	const struct bs_method *test;	/* --test (bs_method_find()); NULL:
					   Welch's t */
	int		 paired;	/* --paired: the test's paired form */
	double		 alpha;
	double		 threshold;	/* smallest change that matters, ratio */
	double		 equivalence;	/* margin for "unchanged" when the
					   threshold is 0, ratio (0.01) */
	const struct bs_colrule *thr;	/* per-column thresholds, ratios */
	size_t		 nthr;
	double		 confidence;	/* percent */
	enum bs_adjust	 adjust;
	size_t		 skip;		/* warm-up rows per group and side */
	int		 steady;	/* --steady auto: each side's runs
					   classified (bs_metric.st) */
	int		 skip_auto;	/* --skip auto: each side from its
					   steady state (bs_steady_series()'s
					   drop), skip ignored */
	/*
	 * --steady auto, --skip auto: each series of the baseline's and the
	 * candidate's table classified (bs_cmp_steady(); with a variant
	 * both the one table's), or NULL.
	 */
	const struct bs_side_steady *side_b, *side_c;
	const char	*hib, *lib;	/* comma lists of names or globs */
	enum bs_cmp_stat stat;		/* BS_STAT_DEFAULT: the test's own */
	double		 stat_p;	/* BS_STAT_QUANTILE: 0.99 for p99 */
	const char	*stat_name;	/* "p99", "median", "mean" */
	/*
	 * The tables counted the requests' rates (bs_table_opts.ok,
	 * apdex): metrics error_rate and apdex per group, of its first
	 * value column, after the values' metrics (two inputs only).
	 */
	int		 rates;
	double		 apdex;
	double		 power;		/* --power: of the runs needed (0.8) */
	int		 plan;		/* --plan: the runs needed for every
					   tested metric, not only the
					   inconclusive */
	int		 simulate;	/* --plan or --power: the methods whose
					   runs needed are simulated give it */
};

void	 bs_cmp_opts_default(struct bs_cmp_opts *);

/* One compared metric: a group key and a value column. */
struct bs_metric {
	char *const	*key;		/* the table's group key */
	const char	*column;
	const char	*vb, *vc;	/* the variant's two sides, or NULL */
	const char	*unit;		/* declared by the input format, or NULL */
	double		*b, *c;		/* values, missing left out */
	size_t		 nb, nc;
	/*
	 * Nested runs (the tables' units of replication): with state
	 * BS_LV_ON, b and c are the means of a side's nb, nc top-level
	 * units (of lv.n[lv.nlev - 1] values), which the methods compare;
	 * else the values, state BS_LV_ONE saying they are of one unit.
	 */
	struct bs_levels lv_b, lv_c;
	/*
	 * --stat pNN of nested runs (lv state BS_LV_ON): b and c are the
	 * values, ub and uc the top-level unit of each (of nub, nuc), which
	 * the percentile's bootstrap resamples; NULL otherwise.
	 */
	uint32_t	*ub, *uc;
	size_t		 nub, nuc;
	int		 has_b, has_c;	/* present on that side */
	int		 summary;	/* from (n, mean, sd): no values */
	double		 sd_b, sd_c;	/* summaries: the sds given */
	double		 mean_b, mean_c, med_b, med_c;
	double		 diff, diff_lo, diff_hi;
	double		 change, change_lo, change_hi;
	double		 stat, df, p, p_adj, d, delta;
	int		 higher;	/* higher is better */
	enum bs_rule	 rule;		/* why */
	double		 threshold;	/* the one that applied, ratio */
	double		 margin;	/* of "unchanged", ratio */
	int		 testable;	/* p can decide */
	int		 sign;		/* of the effect: -1, 0, +1 */
	enum bs_verdict	 v;
	unsigned	 warn;		/* BS_CW_* */
	unsigned	 note;		/* BS_CN_* */
	double		 minp;		/* BS_CW_MINP: smallest p reachable */
	double		 r1_b, r1_c;	/* lag-1 autocorrelations */
	double		 mv_b, mv_c;	/* mvalues (bs_mvalue), NaN if few */
	double		 stat_b, stat_c; /* --stat: each side's statistic */
	enum bs_qmethod	 qmethod;	/* --stat pNN: how its interval */
	double		 neff_b, neff_c; /* BS_CN_DEPEND: effective sizes,
					   else 0 */
	double		 p_indep;	/* BS_CN_DEPEND: p as if independent */
	double		 p_indep_adj;	/* the same adjusted across metrics */
	double		 trend_b, trend_c; /* BS_CW_TREND_*: the fitted line's
					   change from first to last run over
					   the mean, ratio */
	double		 trend_pb, trend_pc; /* and the p of its slope */
	double		*tm_b, *tm_c;	/* each run's time (a clock column on
					   both sides), or NULL */
	int		 isclock;	/* the clock itself: not compared */
	enum bs_design	 design;	/* from tm_b, tm_c */
	/*
	 * A rate of the requests (BS_RATE_*, 0 none): x of n on each side
	 * (Apdex's x counts half a tolerating request); mean_b, mean_c the
	 * proportions, diff their difference with Newcombe's interval, p
	 * Fisher's exact test's (ratetest "fisher") when an expected count
	 * is under 5, else the score test's ("newcombe": prop.test's
	 * chi-square without correction; always for Apdex).
	 */
	int		 rate;
	double		 rx_b, rn_b, rx_c, rn_c;
	const char	*ratetest;
	double		 conf_got;	/* BS_CN_CONF: the interval's level, %,
					   the one asked being unattainable */
	size_t		 need_n;	/* BS_CN_WIDE: runs (units) per side
					   that detect the threshold (margin)
					   with power o->power; 0: unknown */
	double		 power_asked;	/* that power (o->power) */
	/*
	 * --steady auto or --skip auto: each side's runs in input order
	 * (0 baseline, 1 candidate) classified, after --skip N (with --skip
	 * auto: all of them), has_st 0 where there are no runs (one side,
	 * summaries); skip[] the rows left out at each side's start, nst
	 * the runs classified.
	 */
	int		 has_st[2];
	struct bs_steady st[2];
	size_t		 skip[2], nst[2];
};
enum { BS_RATE_ERRORS = 1, BS_RATE_APDEX };

struct bs_comparison {
	struct bs_metric *m;
	size_t		 n, cap;
	size_t		 keyfrom;	/* 1 with a variant column, else 0 */
	long		 keyskip;	/* a group column that names the
					   metric (summaries), or -1 */
	const char	**unmeasured;	/* columns without any value */
	size_t		 nunmeasured;
};

/*
 * Pair the metrics of two tables (group key, column name), or of the
 * groups of one table whose first group column is vb and each of the
 * nvc values vc[], and compare each: the test, the change with its
 * interval, effect sizes, p adjusted across all metrics, the direction
 * and the verdict.  Pairing is by hash, linear in the number of groups.
 * Metrics without a value on either side are left out and named in
 * unmeasured.
 */
int	 bs_compare_tables(struct bs_comparison *, const struct bs_table *tb,
	    const struct bs_table *tc, const struct bs_cmp_opts *,
	    struct bs_err *);
int	 bs_compare_variant(struct bs_comparison *, const struct bs_table *,
	    const char *vb, const char *const *vc, size_t nvc,
	    const struct bs_cmp_opts *, struct bs_err *);
/*
 * Is the table made of summaries: value columns mean and sd (and n),
 * one row per group, as bstat writes them and as some tools report
 * only (hyperfine --export-csv, BenchmarkDotNet's statistics)?
 */
int	 bs_table_is_summary(const struct bs_table *);
/*
 * Group g of a table of summaries as a bs_summary: n, mean, sd and the
 * min, q1, median, q3, max the table has as given (NaN where it has
 * none; n_unknown set when it has no n), se and the t interval from n
 * and sd, cv; *column the metric's name (bs_summary_name()).
 */
int	 bs_summary_row(const struct bs_table *, size_t g, double confidence,
	    struct bs_summary *, const char **column, struct bs_err *);
/*
 * The unit the reader declared for a table of summaries (that of its
 * mean: hyperfine and pytest-benchmark "s", BenchmarkDotNet and Catch2
 * "ns"), or NULL.
 */
const char *bs_summary_unit(const struct bs_table *);
/*
 * Two tables of summaries: Welch's t from each side's n, mean and sd
 * (exactly R's t.test on any data with those moments), the change with
 * Fieller's interval, Cohen's d; no rank test, median or Cliff's delta
 * (they need the values).  A group column named "column" (bstat's
 * output) names each metric; else the metric is "mean".
 */
int	 bs_compare_summaries(struct bs_comparison *, const struct bs_table *tb,
	    const struct bs_table *tc, const struct bs_cmp_opts *,
	    struct bs_err *);
/*
 * The baseline value of a variant column (the first group column) and
 * its candidates: as given, or the first value in input order and every
 * other value (*vc allocated, the caller frees it); an error when a
 * value given is not there or there is no candidate.
 */
int	 bs_variant_sides(const struct bs_table *, const char *col,
	    const char **vb, const char *vcgiven, const char ***vc,
	    size_t *nvc, struct bs_err *);
/* Every name of a --higher/--lower-is-better list must match a column. */
int	 bs_cmp_check_list(const char *opt, const char *list,
	    const struct bs_table *, struct bs_err *);
/* Every --threshold COL=PCT must match a column. */
int	 bs_cmp_check_rules(const struct bs_cmp_opts *,
	    const struct bs_table *, struct bs_err *);
void	 bs_comparison_free(struct bs_comparison *);

const char *bs_verdict_name(enum bs_verdict);

/* ------------------------------------------------------------------ */
/*
 * Comparison methods: one descriptor a method, each in its own file
 * (compare/method_*.c), listed once in bs_methods[] (compare/methods.c).
 * verdict.c calls a method's functions and the reports ask it for its
 * words; nothing else knows which method it has.
 */

/* What a method summarises each side by: the centre shown and divided by. */
enum bs_mcentre { BS_MC_MEAN, BS_MC_MEDIAN, BS_MC_STAT };

/* What a method needs of a metric (bits of bs_method.needs). */
#define BS_MN_VALUES	0x01	/* the values: no test from summaries */
#define BS_MN_PAIRS	0x02	/* as many candidate as baseline values,
				   paired by position */

struct bs_method {
	const char	*name;		/* the test column, bs_test_name() */
	const char	*test;		/* the --test value that chooses it, or
					   NULL (chosen by --paired, --stat) */
	enum bs_cmp_stat stat;		/* the --stat kind that chooses it, or
					   BS_STAT_DEFAULT */
	const struct bs_method *paired;	/* what --paired makes of it, or NULL
					   (refused) */
	enum bs_mcentre	 centre;	/* BS_MC_STAT: bs_metric.stat_b, stat_c */
	unsigned	 needs;		/* BS_MN_* */
	int		 constp;	/* two constant sides that differ: the
					   test's own p, not 0 (an infinite t) */
	int		 neff;		/* compare and change take the effective
					   sizes bs_metric.neff_b, neff_c when
					   set; else bs_dep_scale() scales */
	/*
	 * Both sides with at least 2 values and some spread: the test
	 * (stat, df, p, testable), the difference and its interval
	 * (diff, diff_lo, diff_hi) and its sign.  -1 when out of memory.
	 */
	int		(*compare)(struct bs_metric *, const struct bs_cmp_opts *);
	/*
	 * The relative change and its interval after compare; NULL: the
	 * difference and its interval over the baseline's centre.
	 */
	void		(*change)(struct bs_metric *, const struct bs_cmp_opts *);
	/*
	 * The test and change from each side's n, mean and sd (summaries
	 * without values); NULL when it needs the values.
	 */
	void		(*moments)(struct bs_metric *, const struct bs_cmp_opts *);
	/* BS_MC_STAT: each side's statistic where it has values; -1: OOM. */
	int		(*sides)(struct bs_metric *, const struct bs_cmp_opts *);
	/*
	 * A side with one value: the change seen, without a test; NULL:
	 * the difference of the centres over the baseline's.  -1: OOM.
	 */
	int		(*untested)(struct bs_metric *, const struct bs_cmp_opts *);
	/* The test column of one metric; NULL: name. */
	const char	*(*label)(const struct bs_metric *);
	/* The sentence of a one-pair comparison, the change as ch. */
	void		(*sentence)(const struct bs_method *,
			    const struct bs_metric *, const struct bs_cmp_opts *,
			    double confidence, const char *ch, FILE *);
	/* Words of the reports. */
	const char	*centre_en;	/* "mean", "median"; NULL: --stat's */
	const char	*centre_zh;
	const char	*title;		/* the method line: "Welch's t" */
	const char	*words;		/* in the sentence: "Welch" */
	const char	*symbol;	/* its statistic: "t", "W", "V" */
	const char	*effect;	/* the change's estimate or interval:
					   "Hodges-Lehmann", "Fieller", NULL */
	const char	*unpaired;	/* why not with --paired */
	/*
	 * Runs per side (pairs) that would detect a true change of delta
	 * (in the values' unit) with the power asked, at the spread the
	 * metric has (bs_metric.need_n); NULL or 0: not known.
	 */
	size_t		(*runs)(const struct bs_metric *, const struct bs_cmp_opts *,
			    double delta);
	/*
	 * runs simulates (a second or so a metric): only asked for with
	 * bs_cmp_opts.simulate (--plan, --power), not on every verdict.
	 */
	int		 runs_sim;
	/*
	 * compare sets bs_metric.delta (Cliff's) itself, from the sorted
	 * copies its test makes anyway: not computed before it.
	 */
	int		 own_delta;
};

/* The method of a --test value, or NULL. */
const struct bs_method *bs_method_find(const char *test);
/* The --test values, "a, b or c", into buf. */
void	 bs_method_tests(char *buf, size_t len);

/*
 * The shift function (bcompare --shift, bplot shift): at each decile
 * 0.1 .. 0.9 the candidate's Harrell-Davis estimate minus the
 * baseline's, with intervals that hold together at 95% (Rousselet,
 * Pernet and Wilcox 2017; bootstrap standard errors, jackknife ones
 * above BS_SHIFT_BOOT_MAX values a side; Wilcox's critical value 80.1 /
 * n^2 + 2.73, n the smaller side; a fixed seed).
 */
#define BS_SHIFT_N	9
/*
 * Up to this many values a side, the bootstrap's standard errors (2000
 * resamples, as Wilcox); above, the jackknife's (Harrell and Davis 1982),
 * whose cost is a window of ranks, not the values times the resamples.
 */
#define BS_SHIFT_BOOT_MAX	5000
struct bs_shift {
	double		 base[BS_SHIFT_N], cand[BS_SHIFT_N];	/* deciles */
	double		 diff[BS_SHIFT_N];	/* cand - base */
	double		 lo[BS_SHIFT_N], hi[BS_SHIFT_N];
	double		 crit;		/* the interval's multiple of the SE */
	unsigned	 differ;	/* bit k: decile k + 1's interval
					   excludes 0 */
	int		 tails;		/* the median's holds 0, another not */
	int		 fewer;		/* a side below 10 values (the
					   critical value is for n >= 10) */
	int		 jackknife;	/* a side over BS_SHIFT_BOOT_MAX values:
					   jackknife standard errors */
};
/* -1 when a side has fewer than 2 values or out of memory. */
int	 bs_shift_function(const double *base, size_t nb, const double *cand,
	    size_t nc, struct bs_shift *sh);

/* ------------------------------------------------------------------ */
/* Change points across a history of results (trend.c; btrend) */

struct bs_trend_opts {
	double		 max_p;		/* keep a change point below this p */
	size_t		 min_seg;	/* shortest segment, revisions (>= 2) */
	size_t		 window;	/* E-divisive window, revisions */
	double		 confidence;	/* of the change's interval, percent */
	const struct bs_cmp_opts *cmp;	/* directions, thresholds (--min-change) */
	struct bs_trend_cache *cache;	/* searches kept from a run before, and
					   for the next (btrend --state); NULL:
					   none kept */
};

void	 bs_trend_opts_default(struct bs_trend_opts *);

/*
 * The searches a history's change points come from, kept from run to
 * run (trend_cache.c): a history one revision longer is searched again
 * only in its last window, and its change points are those a search
 * from scratch finds.  load reads a file bs_trend_cache_write wrote (an
 * empty one is an empty cache; another file is an error, -1 and e);
 * write gives what this run used or made, returns -1 with errno on a
 * write error; counts: the segments' searches reused and made.
 */
struct bs_trend_cache;
struct bs_trend_cache *bs_trend_cache_new(void);
int	 bs_trend_cache_load(struct bs_trend_cache *, const struct bs_buf *,
	    struct bs_err *);
int	 bs_trend_cache_write(const struct bs_trend_cache *, FILE *);
void	 bs_trend_cache_counts(const struct bs_trend_cache *, size_t *reused,
	    size_t *computed);
void	 bs_trend_cache_free(struct bs_trend_cache *);

/*
 * One change point: revisions [from, at) before it, [at, to) after it
 * (the adjacent segments), their means of revision means, the relative
 * change with Fieller's interval, Welch's p, and the verdict by the
 * metric's rules (bs_metric_judge).
 */
struct bs_trend_cp {
	size_t		 from, at, to;
	double		 mean_b, mean_a;
	double		 change, change_lo, change_hi, p;
	int		 higher;	/* the metric improves upward */
	enum bs_verdict	 v;
	int		 kind;		/* BS_TK_*: a step, an outlier */
	int		 status;	/* BS_TS_* */
	size_t		 was;		/* BS_TS_MOVED: its revision before the
					   last one arrived */
	size_t		 nb, na;	/* revisions of the two sides, outliers
					   left out (outlier: neighbours, 1) */
	size_t		 end;		/* drift: its last revision; else at */
	double		 slope;		/* drift: change per revision */
	double		 slope_lo, slope_hi; /* drift: its interval */
};

#define BS_TK_STEP	0	/* the level moved at `at` */
#define BS_TK_OUTLIER	1	/* revision `at` alone is off its level */
#define BS_TK_DRIFT	2	/* the level moved from `at` to `end` */

#define BS_TS_CONFIRMED	 0	/* min_seg revisions after it agree */
#define BS_TS_PROVISIONAL 1	/* fewer after it (the history's end) */
#define BS_TS_MOVED	 2	/* found elsewhere (was) without the last
				   revision */
#define BS_TS_WITHDRAWN	 3	/* found without the last revision, no
				   longer: the values are that history's */

/* One series: a group and a value column over its revisions. */
struct bs_trend_series {
	char *const	*key;		/* the table's group key */
	const char	*column;
	const char	*unit;		/* declared by the input format, or NULL */
	size_t		 nrev;
	const char	**x;		/* order value per revision; NULL: 1.. */
	double		*mean, *var;	/* per revision; var NaN with one value */
	size_t		*n;		/* values per revision */
	struct bs_trend_cp *cp;
	size_t		 ncp;
	int		 tooshort;	/* fewer than 2 x min_seg revisions */
};

#define BS_TW_SORTED	0x01	/* revisions were not in order: sorted */
#define BS_TW_DUP	0x02	/* a revision's rows lie apart: merged */
#define BS_TW_INORDER	0x04	/* order values not comparable: input order */

struct bs_trend {
	struct bs_trend_series *s;
	size_t		 n;
	size_t		 nkey;		/* group columns naming a series */
	long		 xcol;		/* the order's group column, or -1 */
	int		 xkind;		/* 0 input order, 1 numbers, 2 ISO dates */
	unsigned	 warn;		/* BS_TW_* */
	const char	*dupx;		/* the first revision merged (BS_TW_DUP) */
};

/*
 * The history in t, by series: with xcol >= 0, that group column is the
 * order (its groups are revisions, their rows repetitions; with the
 * table's rowgroups, rows of one revision apart are noted), else every
 * row is a revision in input order.  Numbers and ISO dates in the order
 * column are sorted; other values keep their input order.  Then each
 * series' change points: E-divisive means proposing, Welch's test
 * between adjacent segments keeping or merging (bs_trend_detect).
 */
int	 bs_trend_table(struct bs_trend *, const struct bs_table *t,
	    long xcol, const struct bs_trend_opts *, struct bs_err *);
/*
 * The first revision of s at or after `since`: numbers compared as
 * numbers, ISO dates as text, other order values by the revision that
 * has it; SIZE_MAX when no revision of s is there (or at or after it).
 */
size_t	 bs_trend_since(const struct bs_trend *,
	    const struct bs_trend_series *, const char *since);
void	 bs_trend_free(struct bs_trend *);

/* A change point's cells for people (table, md): see bs_trend_text. */
struct bs_trend_cells {
	char		 before[96], after[96];	/* "2.918 ms (n=12)" */
	char		 change[128];		/* "+4.9% [+4.4%, +5.5%]" */
	char		 p[32];			/* "<0.001", "0.0123" */
};

/*
 * The levels of c before and after it in the series' unit (declared, or
 * by the name of the column, or of `of` when not NULL: the column a
 * summary's mean is of, as bstat's output names it in its column
 * `column`), scaled as bcompare scales them, with their revision
 * counts; the change with its interval and the p as bcompare writes
 * them.
 */
void	 bs_trend_text(const struct bs_trend_series *,
	    const struct bs_trend_cp *, const char *of,
	    struct bs_trend_cells *);
/*
 * Where steady state begins in a run sequence (steady.c; bstat --steady
 * auto): Barrett et al.'s classes on the change points of
 * bs_trend_detect() over the runs in order; start the first run of the
 * steady segment (0 when flat; meaningless with BS_SC_NONE), nseg the
 * segments.  higher: the metric improves upward.  -1 and e on failure.
 */
int	 bs_steady_auto(const double *x, size_t n, int higher,
	    struct bs_steady *, struct bs_err *);
const char *bs_steady_name(enum bs_steady_class);
/*
 * --steady auto and --skip auto on a series of a table: its values after
 * its first skip rows (missing left out) classified by bs_steady_auto(),
 * st->start then the row, counted from the series' first, where steady
 * state begins; *n the values classified, *drop the rows --skip auto
 * leaves out: those before the steady state of a warm-up or a slowdown,
 * skip when flat or without a steady state (nothing more dropped).  -1
 * and e without values kept (streaming) or on failure.
 */
int	 bs_steady_series(const struct bs_series *, size_t skip, int higher,
	    struct bs_steady *st, size_t *n, size_t *drop, struct bs_err *);
/*
 * --steady auto, --skip auto of a comparison: every series of t (group
 * g, column c at g * t->nvcols + c) classified by bs_steady_series()
 * after o->skip rows (with o->skip_auto: all), its direction as the
 * comparison takes it (o->hib, o->lib, then the name), and the rows the
 * comparison leaves out; *out allocated (free()), for o->side_b or
 * side_c.  -1 and e when out of memory.
 */
int	 bs_cmp_steady(const struct bs_table *t, const struct bs_cmp_opts *o,
	    struct bs_side_steady **out, struct bs_err *);
/*
 * The machine columns of a comparison (csv, tsv, json of
 * bs_comparison_write) as a result, for a tool to add to (--tag); NULL
 * when out of memory.
 */
struct bs_report_opts;
struct bs_result *bs_comparison_machine(const struct bs_comparison *,
	    const struct bs_table *, const struct bs_report_opts *);

/* ------------------------------------------------------------------ */
/* Absolute targets: bstat --target 'p99(latency_us)<50' (target.c) */

/*
 * A comparison with a threshold, "<=50" (--target, bplot --slo and
 * --limit): does x op v hold?
 */
enum bs_cond_op { BS_COND_LE, BS_COND_LT, BS_COND_GE, BS_COND_GT };
struct bs_cond {
	enum bs_cond_op	 op;
	double		 v;
};
/*
 * s at "<=", "<", ">=" or ">", then a finite number: 0, else -1; *rest,
 * when not NULL, where the number begins (s when there is no operator).
 */
int	 bs_cond_parse(const char *s, struct bs_cond *, const char **rest);
int	 bs_cond_holds(const struct bs_cond *, double x);

enum bs_target_status { BS_TARGET_MET, BS_TARGET_MISSED,
	BS_TARGET_UNPROVEN };

struct bs_target {
	const char		*expr;		/* as given */
	char			*column;
	const struct bs_stat	*stat;		/* COL alone: the mean */
	double			 pct;		/* stat pNN: 99.9 */
	struct bs_cond		 cond;
};

/* "COL>=V", "COL<V", "STAT(COL)<=V"; 0 or -1 with the reason. */
int	 bs_target_parse(const char *, struct bs_target *, struct bs_err *);
void	 bs_target_free(struct bs_target *);
const char *bs_target_status_name(enum bs_target_status);
/*
 * What a target needs computed, turned on in so: the rates for
 * error_rate and apdex, the order-statistic intervals for a median or
 * a percentile (judged by its interval, as the mean by its CI).
 */
void	 bs_target_needs(const struct bs_target *, struct bs_summary_opts *);
/* Every target names a value column and a statistic so computes. */
int	 bs_targets_check(const struct bs_target *, size_t,
	    const struct bs_table *, const struct bs_summary_opts *,
	    struct bs_err *);
/*
 * The table of targets (the methodology's: group, target, measured,
 * status with an icon), to fill with bs_targets_judge; NULL no memory.
 */
struct bs_result *bs_target_table_new(const struct bs_table *);
/*
 * The targets on value column c of group g of t: missed if one is
 * missed, else unproven if one is, else met (an enum
 * bs_target_status); -1 when none applies.  With tres, a row of the
 * target table for each.
 */
int	 bs_targets_judge(const struct bs_target *, size_t,
	    const struct bs_table *, size_t g, size_t c,
	    const struct bs_summary *, const struct bs_summary_opts *,
	    struct bs_result *tres);

/* ------------------------------------------------------------------ */
/* A comparison written out (report.c) */

/*
 * What "±" after a centre of the md report is (--spread): the relative
 * half-width of the centre's own interval at the confidence level
 * (BS_SPREAD_CI, the default, as benchstat's "± 3%": the t interval of
 * a mean, the order-statistic interval of a median or percentile, the
 * larger side), or the runs' coefficient of variation, sd / mean
 * (BS_SPREAD_SD).
 */
enum bs_spread { BS_SPREAD_CI, BS_SPREAD_SD };

struct bs_report_opts {
	const struct bs_cmp_opts *c;
	double		 confidence;	/* percent, for the headings */
	const char	*variant;	/* the variant column, or NULL */
	const char	*vbase;		/* its baseline value */
	const char *const *vc;		/* its candidate values */
	size_t		 nvc;
	/*
	 * The two sides' metadata (NULL: none): keys that differ are listed
	 * in every format (the note column of csv, tsv and json; a section
	 * of table and md); the record and the HTML report show both.
	 */
	const struct bs_meta *meta_b, *meta_c;
	const char	*name_b, *name_c;	/* the inputs, for headings */
	int		 zh;			/* record: Chinese headings */
	/*
	 * HTML: write a metric's chart (box plot, or CDF when cdf is set)
	 * as one <svg> element; 0, or -1 to leave it out.  NULL: no charts.
	 * The drawing layer lies above libstat, so the tool supplies it.
	 */
	int		(*chart)(void *arg, FILE *, const struct bs_metric *,
			    int cdf);
	void		*chart_arg;
	int		 natural;	/* table, md: metrics in natural order */
	int		 raw;		/* table, md: values unscaled */
	size_t		 width;		/* table: fit it (COLUMNS); 0 none */
	enum bs_spread	 spread;	/* md: what a centre's ± is */
};

/*
 * Write a comparison in format f: csv/tsv/json the machine columns
 * (<groups>, column, ..., verdict, direction, note, direction_rule, and
 * baseline, candidate with a variant); table and md for people, with the
 * rules in force (md: the pull-request report).  0, or -1 with errno.
 */
int	 bs_comparison_write(FILE *, const struct bs_comparison *,
	    const struct bs_table *, const struct bs_report_opts *,
	    enum bs_outfmt);

/* ------------------------------------------------------------------ */
/* Numbers for people (format.c); machine formats use bs_fmt_double */

/* "+4.2%", "n/a", "+inf%". */
void	 bs_fmt_pct(char *, size_t, double ratio);
/*
 * The language of the words written for people (--lang): bs_tr(en) is
 * en's Chinese with BS_LANG_ZH when the message table has it, else en
 * itself (also for NULL).  Process-wide, set once by a tool before it
 * writes; machine formats never go through it.
 */
enum bs_lang { BS_LANG_EN, BS_LANG_ZH };
void	 bs_lang_set(enum bs_lang);
enum bs_lang bs_lang_get(void);
const char *bs_tr(const char *en);

/* ------------------------------------------------------------------ */
/* The statistics of a row, as bstat writes them (statcols.c) */

/*
 * What a statistic is counted in (bs_stat.unit): the unit of the values
 * (scaled for people), a spread in that unit (in the unit its levels
 * choose), a count (n: an integer, empty when a summary does not say
 * it), a ratio or a coefficient (unscaled), yes or no (steady).
 */
enum bs_stat_unit { BS_SU_VALUE, BS_SU_SPREAD, BS_SU_COUNT, BS_SU_RATIO,
	BS_SU_FLAG };

/* What a statistic needs (bits of bs_stat.needs). */
#define BS_SN_SORTED	0x01	/* the values kept (not --no-quantiles) */
#define BS_SN_SKETCH	0x02	/* a sketch gives it too (--sketch) */
#define BS_SN_PCT	0x04	/* one per percentile: pNN, its index k */
#define BS_SN_PCTCI	0x08	/* bs_summary_opts.pct_ci */
#define BS_SN_AUTOCORR	0x10	/* bs_summary_opts.autocorr */
#define BS_SN_STEADY	0x20	/* bs_summary_opts.steady (--steady W) */
#define BS_SN_MVALUE	0x40	/* bstat --mvalue */
#define BS_SN_RATES	0x80	/* bs_summary_opts.rates (--ok) */
#define BS_SN_APDEX	0x100	/* bs_summary_opts.apdex (--apdex) */
#define BS_SN_MDE	0x200	/* bs_summary_opts.mde_power (--mde) */
/* What is known of it (bits of bs_stat.flags). */
#define BS_SF_FINITE	0x01	/* beyond a double: an error, not a cell */
#define BS_SF_INTERVAL	0x02	/* a target judges it by ci_lo, ci_hi */
/* A rate of the requests: a target on it needs no column (error_rate<V). */
#define BS_SF_RATE	0x04

/*
 * One statistic of a summary, defined once (statcols.c) for bstat's
 * columns, --stats, --target and --sketch.  name is the column's and
 * the option values' ("pNN", "pNN_lo": any percentile); get its value
 * in a summary (k: the percentile's index), NULL for a statistic that
 * is the double at off in struct bs_summary (NaN in a cleared one);
 * p, for a quantile of the values other than pNN, its probability
 * (q1: 0.25), which bs_summarize and bs_sketch_summarize compute into
 * that double; heading, when not NULL, the column's heading
 * for people (table, md); target, its place in --target's list of
 * statistics (0: no target on it); lo, hi (BS_SF_INTERVAL, not 0) the
 * doubles of its interval's bounds, 0: ci_lo and ci_hi.
 */
struct bs_summary;
struct bs_stat {
	const char	*name;
	enum bs_stat_unit unit;
	unsigned	 needs;
	unsigned	 flags;
	double		(*get)(const struct bs_summary *, size_t k);
	double		 p;
	size_t		 off;
	const char	*heading;
	int		 target;
	size_t		 lo, hi;
};

struct bs_statcol {
	const struct bs_stat *stat;
	size_t		 k;		/* the percentile's index */
	char		 name[48];
};

#define BS_MAXSTATS	(24 + 3 * BS_MAX_PCT)

struct bs_statcols {
	struct bs_statcol c[BS_MAXSTATS];
	size_t		 n;
	int		 wide;
};

/*
 * The statistics of a row: --stats LIST (names of output columns; "ci"
 * is both bounds, "pNN" any percentile; what needs an option turns it
 * on in so or *mvalue), else the compact set people read (compact), else
 * the full set; then the columns the options add.  0, or -1 with e.
 */
int	 bs_statcols_choose(struct bs_statcols *, const char *list,
	    int compact, struct bs_summary_opts *, int *mvalue,
	    struct bs_err *);
/* A statistic's column heading in format f ("±" for ci_half in a table). */
const char *bs_statcol_heading(const struct bs_statcol *, enum bs_outfmt);
/*
 * The statistics of one summary into row of res from column col on, in
 * unit u (NULL: unscaled) under the scale key; the next column.
 */
size_t	 bs_statcols_put(struct bs_result *, size_t row, size_t col,
	    const struct bs_statcols *, const struct bs_summary *,
	    const struct bs_colunit *u, const char *key);

#endif /* LIBSTAT_H */
