/*
 * What the command-line tools share: the common options of
 * docs/INTERFACE.md, messages, and the output file.
 */
#ifndef TOOL_H
#define TOOL_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "libstat.h"

/* Option codes for long options without a short form. */
enum {
	OPT_NOHEADER = 1000,
	OPT_INFMT,
	OPT_CONFIDENCE,
	OPT_SKIP,
	OPT_VERSION,
	OPT_TABLE,
	OPT_SORT,
	OPT_TAG,
	OPT_RAW,
	OPT_REPLICATE,
	OPT_LANG,
	OPT_TOOL = 1100		/* tools number their own from here */
};

#define TOOL_MAXTAGS	16

/*
 * An output format of the tool's own (-f NAME), beside the result
 * tables' (bs_outfmt_name()): one row of a NULL-terminated table the
 * tool sets in tool_common.outfmts, from which -f is parsed and the
 * usage() list written (tool_outfmts()).
 */
struct tool_outfmt {
	const char	*name;
	int		 code;	/* > 0: in tool_common.ownfmt when chosen */
	const char	*gloss;	/* after the name in usage(), or NULL */
	int		 apart;	/* another kind of output: after a ';' */
};

struct tool_common {
	struct bs_table_opts	 topts;
	enum bs_outfmt		 outfmt;	/* the last -f of result tables */
	const struct tool_outfmt *outfmts;	/* the tool's own, or NULL */
	int			 ownfmt;	/* the last -f was one: its code */
	const char		*output;
	double			 confidence;
	size_t			 skip;
	int			 skip_auto;	/* --skip auto (tools that take it) */
	int			 sort;		/* -1 by format, 0 first, 1 natural */
	/* --tag KEY=VALUE: constant columns written first (histories). */
	const char		*tagkey[TOOL_MAXTAGS];
	const char		*tagval[TOOL_MAXTAGS];
	size_t			 ntags;
	int			 raw;		/* --raw: no unit scaling */
};

/* -q: no notes, hints, warnings or summaries; errors still print. */
extern int tool_quiet;

extern const char *progname;

/* The long options every tool has; tools append theirs. */
#define TOOL_COMMON_LONGOPTS \
	{ "column",	  required_argument, NULL, 'c' }, \
	{ "group",	  required_argument, NULL, 'g' }, \
	{ "delimiter",	  required_argument, NULL, 'd' }, \
	{ "no-header",	  no_argument,	     NULL, OPT_NOHEADER }, \
	{ "input-format", required_argument, NULL, OPT_INFMT }, \
	{ "format",	  required_argument, NULL, 'f' }, \
	{ "output",	  required_argument, NULL, 'o' }, \
	{ "confidence",	  required_argument, NULL, OPT_CONFIDENCE }, \
	{ "skip",	  required_argument, NULL, OPT_SKIP }, \
	{ "help",	  no_argument,	     NULL, 'h' }, \
	{ "version",	  no_argument,	     NULL, OPT_VERSION }, \
	{ "table",	  required_argument, NULL, OPT_TABLE }, \
	{ "quiet",	  no_argument,	     NULL, 'q' }, \
	{ "sort",	  required_argument, NULL, OPT_SORT }, \
	{ "tag",	  required_argument, NULL, OPT_TAG }, \
	{ "lang",	  required_argument, NULL, OPT_LANG }, \
	{ "jobs",	  required_argument, NULL, 'j' }
#define TOOL_COMMON_SHORTOPTS "c:g:d:f:o:hqj:"

/*
 * Option-compatibility rules, one NULL-terminated table per tool.  A
 * row is broken when one of the conditions of a holds and one of those
 * of b does (b with TOOL_UNLESS: when none of them does; b 0: a alone).
 * Conditions are bits the tool sets from its parsed options
 * (TOOL_BIT(n): an option given, or a fact about a value).
 */
#define TOOL_BIT(n)	((uint64_t)1 << (n))
#define TOOL_IF(n, x)	((x) ? TOOL_BIT(n) : 0)
#define TOOL_UNLESS	TOOL_BIT(63)
struct tool_rule {
	uint64_t	 a, b;
	const char	*msg;
};
/*
 * Exit 2 with the message of the first broken rule, in table order.
 * vals[n] (vals may be NULL, an entry NULL) is the text condition n
 * gives a message: the "%s" in it are, in order, the value of the first
 * condition of a that holds and has one, then the same of b.
 */
void	 tool_check_rules(const struct tool_rule *, uint64_t holds,
	    const char *const *vals);
/*
 * The list of -f in usage(): the result tables' formats, the first the
 * default, then the tool's own (own may be NULL), wrapped as usage()
 * texts are (the lines after the first indented to their column 26).
 * A static buffer.
 */
const char *tool_outfmts(const struct tool_outfmt *own);

/* Set up a tool: names, defaults, and tool_signals(). */
void	 tool_init(const char *name, struct tool_common *, char **argv);
/*
 * Install the handlers that remove the outputs' temporary files on
 * SIGINT, SIGTERM, SIGHUP and SIGPIPE, and at exit; tool_init() calls it.
 */
void	 tool_signals(void);
/* Handle a common option: 1 handled, 0 not common. Exits on bad values. */
int	 tool_common_opt(int ch, const char *arg, struct tool_common *,
	    void (*usage)(FILE *, int));
/*
 * Should groups come in natural order (numbers numerically)?  --sort,
 * else natural for table and md, input order for the machine formats.
 */
int	 tool_natural(const struct tool_common *);
/*
 * The width a table for people must fit: COLUMNS when it is set and the
 * table goes to standard output; 0, no limit.
 */
size_t	 tool_width(const struct tool_common *);
/*
 * The input formats' names from libstat's registry, joined by ", ";
 * width 0: one line; else wrapped before column width, the lines after
 * the first indented to col (usage()).  A static buffer.
 */
const char *tool_informats(size_t col, size_t width);
/* The long option --raw, for the tools whose tables scale units. */
#define TOOL_RAW_LONGOPT { "raw", no_argument, NULL, OPT_RAW }
/*
 * --replicate COL, for the tools that summarise or compare (bstat,
 * bcompare): repeatable, outermost first; '' treats every value as a
 * run.  Handled by tool_common_opt(), which keeps the units
 * (bs_table_opts.levels) only for the tools that give the option.
 */
#define TOOL_REPLICATE_LONGOPT \
	{ "replicate", required_argument, NULL, OPT_REPLICATE }
/*
 * The nesting in force, said once per run: with the format's levels
 * "replicated by fork (the format's nesting); --replicate '' treats
 * every value as a run".  The plural of a level's name (forks,
 * launches) in a static buffer.
 */
void	 tool_levels_note(const struct bs_table *);
const char *tool_plural(const char *);
/*
 * What one series' levels say, once for each kind: one top-level unit
 * (no interval across units, the values taken as runs).  label names
 * the series.
 */
void	 tool_levels_warn(const struct bs_table *, const struct bs_levels *,
	    const char *label);
/* "5 forks x 20" (or "5 forks, 97 values") for a series' levels. */
const char *tool_levels_count(const struct bs_table *,
	    const struct bs_levels *);
/* Print "prog: msg" and exit 2. */
void	 die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
	    noreturn));
void	 die_err(const struct bs_err *) __attribute__((noreturn));
/*
 * "prog: FILE:LINE: msg" naming where group g of the table begins (its
 * first row), or "prog: msg" when that is unknown; exit 2.
 */
struct bs_table;
void	 die_group(const struct bs_table *, size_t g, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4), noreturn));
void	 warnmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * The reader's warning about a file (bs_table_opts.warn), as every tool
 * words it: "prog: warning: FILE: MSG"; its remarks (bs_table_opts.note)
 * "prog: note: FILE: MSG".
 */
void	 tool_readwarn(const char *file, const char *msg);
void	 tool_readnote(const char *file, const char *msg);
/* Read all operands into a new table (exits on error). */
struct bs_table *tool_read_table(struct tool_common *, int argc,
	    char **argv);
/*
 * The note that a table is grouped by the columns that identify a
 * benchmark in its format (no -g), said once per run; and those
 * columns as a -g list (allocated).
 */
void	 tool_group_note(const struct bs_table *);
/* The factors the table left out of the value columns: a hint or note. */
void	 tool_factor_note(const struct bs_table *, int grouped);
/* The same note, naming the option that pools ("--series ''"). */
void	 tool_group_note_as(const struct bs_table *, const char *pool);
char	*tool_auto_groups(const struct bs_table *);
/* Exit 2 when a --tag key is one of names[0..n) (NULLs skipped). */
void	 tool_tags_clash(const struct tool_common *, const char *const *names,
	    size_t n);
/*
 * A copy of r with the --tag columns first, each row holding their
 * values; r itself (not a copy) when there is no tag.  Exits when out of
 * memory, and when a tag has the name of one of r's columns.
 */
const struct bs_result *tool_tagged(const struct tool_common *,
	    const struct bs_result *r);
/*
 * Write a result to -o (atomically) or standard output, with the --tag
 * columns first; exits on error.
 */
void	 tool_write_result(const struct tool_common *,
	    const struct bs_result *);
void	 tool_write_results(const struct tool_common *,
	    const struct bs_result *const *, size_t);
/*
 * Write to -o (atomically) or standard output through fn, which returns
 * 0 or -1 with errno; exits 2 on any failure, leaving no half file.
 */
void	 tool_write(const struct tool_common *, int (*fn)(FILE *, void *),
	    void *);
/*
 * "g1=v1 g2=v2 column" for messages, from group column `from` on;
 * allocated (any length), the caller frees it.
 */
char	*tool_label(const struct bs_table *, char *const *key, size_t from,
	    const char *column);
/*
 * The warning for runs whose lag-1 autocorrelation r1 is beyond
 * bs_autocorr_limit(n), worded by its sign.
 */
/*
 * --skip auto's note on a series (label): the runs dropped before its
 * steady state st (drop of n), or none and why (flat, no steady state).
 */
void	 tool_skip_auto_note(const char *label, const struct bs_steady *st,
	    size_t drop, size_t n);
void	 tool_autocorr_warning(const char *label, const char *what, double r1,
	    size_t n);
/*
 * Exit 2 when an output (its option's name opt: "-o", "--rejects") would
 * replace one of the inputs (none: standard input).
 */
void	 tool_output_not_input(const char *out, const char *opt, int argc,
	    char *const *argv);
/* Check that a FILE (standard output) was written; exits 2 if not. */
void	 tool_close_stdout(void);
/*
 * --OPT PCT or --OPT COL=PCT (the last '=' splits; bcompare's --threshold,
 * btrend's --min-change): PCT/100 into *all, or a rule for COL appended
 * to rules[*n] (at most max).  Dies on a bad value.
 */
void	 tool_pct_rule(const char *opt, const char *arg, double *all,
	    struct bs_colrule *rules, size_t *n, size_t max);

#endif
