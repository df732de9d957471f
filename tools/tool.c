/*
 * Shared front-end code for the tools: option values, messages, reading
 * the operands and writing the result.  Only the tools print and exit.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "tool.h"

const char *progname = "b-tools";
static char **tool_argv;

/*
 * A signal that ends the run removes the temporary files of the outputs
 * being written, then ends the process as the signal would have (the
 * status tells the caller which signal it was).  The action was reset
 * to the default on entry (SA_RESETHAND), so the raised signal ends the
 * process, at once or as the handler returns.
 */
static void
on_signal(int sig)
{
	bs_tmp_cleanup();
	raise(sig);
}

void
tool_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		/* A signal ignored by whoever started us (nohup, &) stays so. */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
	/* die() and exit() on an error path leave no temporary file either. */
	atexit(bs_tmp_cleanup);
}

void
tool_init(const char *name, struct tool_common *c, char **argv)
{
	tool_argv = argv;
	progname = name;
	tool_signals();
	opterr = 0;	/* bad options are reported in one line below */
	/* GSL's default handler aborts; the library checks statuses. */
	gsl_set_error_handler_off();
	memset(c, 0, sizeof(*c));
	c->outfmt = BS_OUT_TABLE;
	c->confidence = 95.0;
	c->sort = -1;
}

/*
 * One message line on standard error, "PROG: text": a control character
 * in a label or file name (a newline in a quoted CSV label) is written
 * escaped, so that the message stays one line.
 */
static void
vmessage(const char *fmt, va_list ap)
{
	char small[1024], *buf = small, *esc;
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n >= (int)sizeof(small) && (buf = malloc((size_t)n + 1)) != NULL)
		vsnprintf(buf, (size_t)n + 1, fmt, ap);
	else if (buf == NULL)
		buf = small;
	esc = bs_has_ctl(buf) ? bs_escape_ctl(buf) : NULL;
	fprintf(stderr, "%s: %s\n", progname, esc ? esc : buf);
	free(esc);
	if (buf != small)
		free(buf);
}

void
die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	exit(2);
}

void
die_err(const struct bs_err *e)
{
	char buf[1024];

	bs_err_format(e, buf, sizeof(buf));
	die("%s", buf);
}

void
die_group(const struct bs_table *t, size_t g, const char *fmt, ...)
{
	struct bs_err e;
	va_list ap;
	size_t line;
	const char *file = bs_table_group_source(t, g, &line);

	memset(&e, 0, sizeof(e));
	va_start(ap, fmt);
	vsnprintf(e.msg, sizeof(e.msg), fmt, ap);
	va_end(ap);
	if (file != NULL)
		snprintf(e.file, sizeof(e.file), "%s", file);
	e.line = line;
	die_err(&e);
}

void
warnmsg(const char *fmt, ...)
{
	va_list ap;

	if (tool_quiet)
		return;
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

int tool_quiet;

int
tool_natural(const struct tool_common *c)
{
	if (c->sort >= 0)
		return c->sort;
	return c->outfmt == BS_OUT_TABLE || c->outfmt == BS_OUT_MD;
}

/*
 * --tag KEY=VALUE: a constant column, so that results appended run after
 * run keep what they were measured on (commit, date, machine).
 */
static char *keys[TOOL_MAXTAGS];

/* The tags live to the end of the run, and go with it. */
static void
tags_free(void)
{
	for (size_t i = 0; i < TOOL_MAXTAGS; i++)
		free(keys[i]);
}

static void
tag_opt(struct tool_common *c, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char *key;

	if (eq == NULL || eq == arg)
		die("--tag takes KEY=VALUE, not '%s'", arg);
	if (c->ntags == TOOL_MAXTAGS)
		die("--tag: at most %d tags", TOOL_MAXTAGS);
	if (c->ntags == 0 && atexit(tags_free) != 0)
		die("out of memory");
	if ((key = bs_strndup(arg, (size_t)(eq - arg))) == NULL)
		die("out of memory");
	for (size_t i = 0; i < c->ntags; i++)
		if (strcmp(c->tagkey[i], key) == 0) {
			keys[c->ntags] = key;	/* reachable while dying */
			die("--tag %s given twice", key);
		}
	keys[c->ntags] = key;
	c->tagkey[c->ntags] = key;
	c->tagval[c->ntags++] = eq + 1;
}

/*
 * --replicate COL, repeatable: the columns joined outermost first;
 * '' (alone) none.
 */
static void
replicate_opt(struct tool_common *c, const char *arg)
{
	static char list[1024];
	size_t len = strlen(list);

	if (strchr(arg, ',') != NULL)
		die("--replicate takes one column (repeat it for deeper "
		    "nesting, outermost first), not '%s'", arg);
	if (*arg == '\0' || c->topts.replicate == NULL ||
	    *c->topts.replicate == '\0')
		len = 0;
	if (len + strlen(arg) + 2 > sizeof(list))
		die("--replicate: too many columns");
	snprintf(list + len, sizeof(list) - len, "%s%s", len ? "," : "",
	    arg);
	c->topts.replicate = list;
}

/*
 * -f NAME: one of the tool's own formats (its code in c->ownfmt, the
 * result tables' format left as it was), else a result table's.  The
 * error lists the result tables' formats only.
 */
static void
outfmt_opt(struct tool_common *c, const char *arg)
{
	const struct tool_outfmt *of;
	const char *name;
	char list[256];
	size_t i, l = 0;
	int f;

	for (of = c->outfmts; of != NULL && of->name != NULL; of++)
		if (strcmp(arg, of->name) == 0) {
			c->ownfmt = of->code;
			return;
		}
	if ((f = bs_outfmt_parse(arg)) >= 0) {
		c->outfmt = (enum bs_outfmt)f;
		c->ownfmt = 0;
		return;
	}
	list[0] = '\0';
	for (i = 0; (name = bs_outfmt_name(i, NULL)) != NULL &&
	    l < sizeof(list); i++)
		l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%s",
		    i > 0 ? ", " : "", name);
	die("unknown output format '%s' (%s)", arg, list);
}

/* Where usage() texts start an option's description, and their width. */
#define USAGE_INDENT	26
#define USAGE_WIDTH	80

const char *
tool_outfmts(const struct tool_outfmt *own)
{
	static char buf[1024];
	char text[512], *w, *save = NULL;
	const char *name;
	enum bs_outfmt f;
	size_t i, l = 0, n = 0, col = USAGE_INDENT;

	text[0] = '\0';
	for (i = 0; (name = bs_outfmt_name(i, &f)) != NULL &&
	    l < sizeof(text); i++)
		l += (size_t)snprintf(text + l, sizeof(text) - l, "%s%s%s",
		    i > 0 ? ", " : "", name, f == BS_OUT_TABLE ?
		    " (default)" : "");
	for (; own != NULL && own->name != NULL && l < sizeof(text); own++)
		l += (size_t)snprintf(text + l, sizeof(text) - l, "%s%s%s%s",
		    own->apart ? "; " : ", ", own->name, own->gloss ? " " : "",
		    own->gloss ? own->gloss : "");
	/* Words as they fit, the lines after the first indented alike. */
	buf[0] = '\0';
	for (w = strtok_r(text, " ", &save); w != NULL && n < sizeof(buf);
	    w = strtok_r(NULL, " ", &save)) {
		int brk = col > USAGE_INDENT && col + 1 + strlen(w) >
		    USAGE_WIDTH;

		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%*s%s",
		    brk ? "\n" : col > USAGE_INDENT ? " " : "",
		    brk ? USAGE_INDENT : 0, "", w);
		col = (brk ? USAGE_INDENT : col + (col > USAGE_INDENT)) +
		    strlen(w);
	}
	return buf;
}

/*
 * The value a rule's message names for m: that of the first condition
 * of m that holds and has one; NULL if none has.
 */
static const char *
rule_value(uint64_t m, uint64_t holds, const char *const *vals)
{
	m &= holds & ~TOOL_UNLESS;
	for (int n = 0; vals != NULL && m != 0 && n < 63; n++)
		if ((m & TOOL_BIT(n)) && vals[n] != NULL)
			return vals[n];
	return NULL;
}

void
tool_check_rules(const struct tool_rule *r, uint64_t holds,
    const char *const *vals)
{
	const char *v[2], *p;
	char msg[1024];
	size_t l = 0, k = 0, nv = 0;

	for (; r->msg != NULL; r++) {
		uint64_t b = r->b & ~TOOL_UNLESS;

		if ((r->a & holds) == 0)
			continue;
		if ((r->b & TOOL_UNLESS) ? (b & holds) != 0 :
		    b != 0 && (b & holds) == 0)
			continue;
		if ((v[nv] = rule_value(r->a, holds, vals)) != NULL)
			nv++;
		if ((v[nv] = rule_value(r->b, holds, vals)) != NULL)
			nv++;
		/* Each "%s" as printf would: the values, a's first. */
		for (p = r->msg; *p != '\0' && l + 1 < sizeof(msg); p++)
			if (p[0] == '%' && p[1] == 's' && k < nv) {
				l += (size_t)snprintf(msg + l, sizeof(msg) - l,
				    "%s", v[k++]);
				p++;
			} else
				msg[l++] = *p;
		msg[l < sizeof(msg) ? l : sizeof(msg) - 1] = '\0';
		die("%s", msg);
	}
}

size_t
tool_width(const struct tool_common *c)
{
	const char *s = getenv("COLUMNS");
	size_t w;

	if (c->outfmt != BS_OUT_TABLE || s == NULL || (c->output != NULL &&
	    strcmp(c->output, "-") != 0) || bs_parse_size(s, &w) == -1)
		return 0;
	return w;
}

/*
 * The input formats' names, as libstat's registry lists them, joined by
 * ", ": on one line when width is 0; else a line is broken before a name
 * that would end past column width, and the lines after the first are
 * indented to col, where the first starts (a usage() text's column).
 */
const char *
tool_informats(size_t col, size_t width)
{
	static char buf[2048];
	const char *name;
	size_t n = 0, at = col;
	int w;

	for (size_t i = 0; (name = bs_format_nth(i)) != NULL; i++) {
		const char *comma = bs_format_nth(i + 1) != NULL ? "," : "";
		size_t l = strlen(name) + strlen(comma);
		int brk = i > 0 && width > 0 && at + 1 + l > width;

		w = snprintf(buf + n, sizeof(buf) - n, "%s%*s%s%s",
		    brk ? "\n" : i > 0 ? " " : "", brk ? (int)col : 0, "",
		    name, comma);
		if (w < 0 || (size_t)w >= sizeof(buf) - n)
			break;
		n += (size_t)w;
		at = (brk ? col : at + (i > 0)) + l;
	}
	return buf;
}

int
tool_common_opt(int ch, const char *arg, struct tool_common *c,
    void (*usage)(FILE *, int))
{
	switch (ch) {
	case 'c':
		c->topts.columns = arg;
		return 1;
	case 'g':
		c->topts.groups = arg;
		return 1;
	case 'd':
		if (strcmp(arg, "\\t") == 0 || strcmp(arg, "tab") == 0)
			c->topts.read.delim = '\t';
		else if (strlen(arg) == 1 && arg[0] != '"' && arg[0] != '\n')
			c->topts.read.delim = (unsigned char)arg[0];
		else
			die("--delimiter takes one character, not '%s'", arg);
		return 1;
	case OPT_NOHEADER:
		c->topts.read.no_header = 1;
		return 1;
	case OPT_INFMT:
		if ((c->topts.read.format = bs_format_find(arg)) == NULL)
			die("unknown input format '%s' (%s)", arg,
			    tool_informats(0, 0));
		/* "auto" is detection, as no option is. */
		if (strcmp(arg, "auto") == 0)
			c->topts.read.format = NULL;
		return 1;
	case 'f':
		outfmt_opt(c, arg);
		return 1;
	case 'o':
		c->output = arg;
		return 1;
	case OPT_CONFIDENCE:
		if (bs_parse_double(arg, &c->confidence) == -1 ||
		    !(c->confidence > 0 && c->confidence < 100))
			die("--confidence must be a percentage between 0 and "
			    "100 (exclusive), not '%s'", arg);
		/*
		 * Nobody asks for a 0.95% interval: a level below 1 is
		 * a fraction written as R and scipy take it (0.95 is
		 * 95%), said in a note (docs/INTERFACE.md).
		 */
		if (c->confidence < 1) {
			c->confidence *= 100;
			warnmsg(bs_tr("note: --confidence %s read as a "
			    "fraction: a %g%% interval (95 or 0.95 both mean "
			    "95%%)"), arg, c->confidence);
		}
		return 1;
	case 'q':
		tool_quiet = 1;
		return 1;
	case 'j': {
		size_t j;

		/* Threads a file is parsed by; the results are -j 1's. */
		if (bs_parse_size(arg, &j) == -1 || j < 1 || j > BS_JOBS_MAX)
			die("-j takes a number of threads from 1 to %d, not "
			    "'%s'", BS_JOBS_MAX, arg);
		c->topts.read.jobs = (int)j;
		return 1;
	}
	case OPT_LANG:
		/* The words for people (bs_tr); never the machine formats. */
		if (strcmp(arg, "en") == 0)
			bs_lang_set(BS_LANG_EN);
		else if (strcmp(arg, "zh") == 0)
			bs_lang_set(BS_LANG_ZH);
		else
			die("--lang takes en or zh, not '%s'", arg);
		return 1;
	case OPT_SORT:
		if (strcmp(arg, "first") == 0)
			c->sort = 0;
		else if (strcmp(arg, "natural") == 0)
			c->sort = 1;
		else
			die("--sort takes first or natural, not '%s'", arg);
		return 1;
	case OPT_RAW:
		c->raw = 1;
		return 1;
	case OPT_TABLE:
		c->topts.read.table = arg;
		return 1;
	case OPT_TAG:
		tag_opt(c, arg);
		return 1;
	case OPT_REPLICATE:
		replicate_opt(c, arg);
		return 1;
	case OPT_SKIP:
		/* auto: each series from its steady state (the tools'). */
		c->skip_auto = strcmp(arg, "auto") == 0;
		c->skip = 0;
		if (!c->skip_auto && bs_parse_size(arg, &c->skip) == -1)
			die("--skip takes a count of samples, not '%s'", arg);
		return 1;
	case 'h':
		usage(stdout, 0);
		return 1;
	case OPT_VERSION:
		printf("%s (b-tools) %s\n", progname, BS_VERSION);
		exit(0);
	case '?':
		if (optopt)
			die("unknown option '-%c' or missing value (see %s "
			    "--help)", optopt, progname);
		die("unknown option '%s' or missing value (see %s --help)",
		    tool_argv[optind - 1], progname);
	default:
		return 0;
	}
}

void
tool_readwarn(const char *file, const char *msg)
{
	warnmsg("warning: %s: %s", file, msg);
}

void
tool_readnote(const char *file, const char *msg)
{
	warnmsg("note: %s: %s", file, msg);
}

struct bs_table *
tool_read_table(struct tool_common *c, int argc, char **argv)
{
	struct bs_table *t;
	struct bs_err e;
	int i;

	c->topts.file_group = argc > 1;
	c->topts.warn = tool_readwarn;
	c->topts.note = tool_readnote;
	if ((t = bs_table_new(&c->topts)) == NULL)
		die("out of memory");
	if (argc == 0) {
		if (bs_table_read(t, NULL, "-", &e) == -1)
			die_err(&e);
	}
	for (i = 0; i < argc; i++)
		if (bs_table_read(t, NULL, argv[i], &e) == -1)
			die_err(&e);
	if (bs_table_finish(t, &e) == -1)
		die_err(&e);
	tool_group_note(t);
	tool_factor_note(t, c->topts.groups != NULL);
	return t;
}

/*
 * The factor columns left out of the default value columns (the table
 * says which), once: a hint to split by each that splits the series
 * apart (libstat decides which do), a note for the others.  grouped: -g
 * was given.
 */
void
tool_factor_note(const struct bs_table *t, int grouped)
{
	static int said;

	if (said || t->nfactors == 0)
		return;
	said = 1;
	for (size_t i = 0; i < t->nfactors; i++) {
		const struct bs_factor *fc = &t->factors[i];
		const char *f = t->names[fc->col];

		if (bs_factor_splits(fc))
			warnmsg(bs_tr("hint: %s: %zu integer values, each in "
			    "several rows: a factor, not summarised; the medians "
			    "of %s across them lie %.2fx apart: %s%s splits the "
			    "runs (-c %s summarises it)"), f, fc->nlevels,
			    bs_table_vname(t, fc->spreadcol), fc->spread,
			    grouped ? bs_tr("adding it to -g ") : "-g ", f, f);
		else
			warnmsg(bs_tr("note: %s: %zu integer values, each in "
			    "several rows: a factor, not summarised (-c %s "
			    "summarises it)"), f, fc->nlevels, f);
	}
}

/* The default group's column names joined by sep (allocated). */
static char *
autojoin(const struct bs_table *t, const char *sep)
{
	size_t len = 1, k;
	char *b;

	for (k = t->autofrom; k < t->autofrom + t->nauto; k++)
		len += strlen(t->names[t->gcols[k]]) + strlen(sep);
	if ((b = malloc(len)) == NULL)
		die("out of memory");
	*b = '\0';
	for (k = t->autofrom; k < t->autofrom + t->nauto; k++) {
		if (k > t->autofrom)
			strcat(b, sep);
		strcat(b, t->names[t->gcols[k]]);
	}
	return b;
}

char *
tool_auto_groups(const struct bs_table *t)
{
	return autojoin(t, ",");
}

void
tool_group_note(const struct bs_table *t)
{
	tool_group_note_as(t, "-g ''");
}

void
tool_group_note_as(const struct bs_table *t, const char *pool)
{
	static int said;
	char *g;

	if (said || t->nauto == 0)
		return;
	said = 1;
	g = autojoin(t, ", ");
	warnmsg(bs_tr("note: grouped by %s (the benchmarks of the input); %s "
	    "pools them"), g, pool);
	free(g);
}

const char *
tool_plural(const char *w)
{
	static char buf[128];
	size_t n = strlen(w);
	int es = n > 0 && (w[n - 1] == 's' || w[n - 1] == 'x' || (n > 1 &&
	    (w[n - 1] == 'h' && (w[n - 2] == 'c' || w[n - 2] == 's'))));

	snprintf(buf, sizeof(buf), "%s%s", w, es ? "es" : "s");
	return buf;
}

void
tool_levels_note(const struct bs_table *t)
{
	static int said;
	char b[512];
	size_t n = 0;

	if (said || t->nrep == 0 || !t->repfmt)
		return;
	said = 1;
	b[0] = '\0';
	for (size_t L = 0; L < t->nrep && n < sizeof(b); L++)
		n += (size_t)snprintf(b + n, sizeof(b) - n, "%s%s", L > 0 ?
		    " > " : "", t->names[t->repcols[L]]);
	warnmsg(bs_tr("note: replicated by %s (the format's nesting); "
	    "--replicate '' treats every value as a run"), b);
}

const char *
tool_levels_count(const struct bs_table *t, const struct bs_levels *lv)
{
	static char buf[128];
	const size_t top = lv->n[0], nv = lv->n[lv->nlev - 1];
	const char *name = t->names[t->repcols[0]];

	if (nv % top == 0)
		snprintf(buf, sizeof(buf), "%zu %s × %zu", top, top == 1 ?
		    name : tool_plural(name), nv / top);
	else
		snprintf(buf, sizeof(buf), bs_tr("%zu %s, %zu values"), top,
		    top == 1 ?
		    name : tool_plural(name), nv);
	return buf;
}

void
tool_levels_warn(const struct bs_table *t, const struct bs_levels *lv,
    const char *label)
{
	const char *name;

	if (lv->state != BS_LV_ONE)
		return;
	name = t->names[t->repcols[0]];
	warnmsg(bs_tr("warning: %s: one %s: no interval across %s; its %zu "
	    "values taken as runs (the interval is too narrow if they are "
	    "not)"), label, name, tool_plural(name), lv->n[lv->nlev - 1]);
}

void
tool_output_not_input(const char *out, const char *opt, int argc,
    char *const *argv)
{
	int i;

	if (out == NULL)
		return;
	if (argc == 0 && bs_output_is_input(out, "-"))
		die("%s %s is the file standard input reads: the output would "
		    "replace the input", opt, out);
	for (i = 0; i < argc; i++)
		if (bs_output_is_input(out, argv[i]))
			die("%s %s is the input %s: the output would replace "
			    "it", opt, out, argv[i]);
}

void
tool_close_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output: %s\n",
		    progname, strerror(errno));
		exit(2);
	}
}

void
tool_write_result(const struct tool_common *c, const struct bs_result *r)
{
	tool_write_results(c, &r, 1);
}

void
tool_write(const struct tool_common *c, int (*fn)(FILE *, void *),
    void *arg)
{
	struct bs_afile a;
	struct bs_err e;
	FILE *fp = stdout;

	memset(&a, 0, sizeof(a));
	if (c->output != NULL && strcmp(c->output, "-") != 0) {
		if (bs_afile_open(&a, c->output, &e) == -1)
			die_err(&e);
		fp = a.fp;
	}
	if (fn(fp, arg) == -1) {
		int err = errno, tofile = a.fp != NULL;

		/* The abort clears a: whether it was a file is asked first. */
		if (tofile)
			bs_afile_abort(&a);
		if (err == ENOMEM)
			die("out of memory");
		if (!tofile)
			die("write error on standard output: %s",
			    strerror(err));
		die("%s: write error: %s", c->output, strerror(err));
	}
	if (a.fp == NULL)
		tool_close_stdout();
	else if (bs_afile_commit(&a, &e) == -1)
		die_err(&e);
}

struct results {
	const struct bs_result *const *r;
	size_t		 n;
	enum bs_outfmt	 f;
};

static int
write_results(FILE *fp, void *arg)
{
	const struct results *rs = arg;

	for (size_t i = 0; i < rs->n; i++)
		if ((i > 0 && fputc('\n', fp) == EOF) ||
		    bs_result_write(rs->r[i], rs->f, fp) == -1)
			return -1;
	return 0;
}

void
tool_tags_clash(const struct tool_common *c, const char *const *names,
    size_t n)
{
	for (size_t k = 0; k < c->ntags; k++)
		for (size_t i = 0; i < n; i++)
			if (names[i] != NULL && strcmp(names[i],
			    c->tagkey[k]) == 0)
				die("--tag %s: the output already has a column "
				    "named '%s'", c->tagkey[k], names[i]);
}

const struct bs_result *
tool_tagged(const struct tool_common *c, const struct bs_result *r)
{
	struct bs_result *t;
	size_t i, k, row;

	if (c->ntags == 0)
		return r;
	tool_tags_clash(c, (const char *const *)r->cols, r->ncols);
	if ((t = bs_result_new()) == NULL)
		die("out of memory");
	for (k = 0; k < c->ntags; k++)
		bs_result_addcol(t, c->tagkey[k]);
	for (k = 0; k < r->ncols; k++)
		bs_result_addcol(t, r->cols[k]);
	for (i = 0; i < r->nrows; i++) {
		row = (size_t)bs_result_addrow(t);
		for (k = 0; k < c->ntags; k++)
			bs_result_str(t, row, k, c->tagval[k]);
		for (k = 0; k < r->ncols; k++) {
			const struct bs_cell *cl = &r->cells[i * r->ncols + k];

			if (cl->type == BS_CELL_STR)
				bs_result_str(t, row, c->ntags + k, cl->s);
			else if (cl->type == BS_CELL_NUM)
				bs_result_num(t, row, c->ntags + k, cl->d);
			else if (cl->type == BS_CELL_INT)
				bs_result_int(t, row, c->ntags + k, cl->i);
		}
	}
	if (t->failed || r->failed)
		die("out of memory");
	return t;
}

/* Several results, one after the other with a blank line between. */
void
tool_write_results(const struct tool_common *c,
    const struct bs_result *const *r, size_t n)
{
	const struct bs_result **tr;
	struct results rs = { NULL, n, c->outfmt };

	if ((tr = calloc(n + 1, sizeof(*tr))) == NULL)
		die("out of memory");
	for (size_t i = 0; i < n; i++) {
		if (r[i]->failed)
			die("out of memory");
		tr[i] = tool_tagged(c, r[i]);
	}
	rs.r = tr;
	tool_write(c, write_results, &rs);
	for (size_t i = 0; i < n; i++)
		if (tr[i] != r[i])
			bs_result_free((struct bs_result *)tr[i]);
	free(tr);
}

char *
tool_label(const struct bs_table *t, char *const *key, size_t from,
    const char *column)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	/* Labels come from the input: no fixed buffer can hold them all. */
	if ((fp = open_memstream(&buf, &len)) == NULL)
		die("out of memory");
	for (size_t k = from; k < t->ngcols; k++)
		fprintf(fp, "%s=%s ", t->names[t->gcols[k]], key[k]);
	fputs(column, fp);
	if (fclose(fp) == EOF || buf == NULL)
		die("out of memory");
	return buf;
}

void
tool_autocorr_warning(const char *label, const char *what, double r1,
    size_t n)
{
	double lim = bs_autocorr_limit(n);
	/* Two decimals; three at the floor: "r1 = 0.031 > 0.025". */
	int d = lim > BS_AUTOCORR_MIN ? 2 : 3;

	/*
	 * Positive autocorrelation makes a sample look more certain than it
	 * is; negative makes it look less certain.  Say which, by its sign.
	 */
	if (r1 > 0)
		warnmsg(bs_tr("warning: %s: %s are positively autocorrelated "
		    "(r1 = %.*f > %.*f): they are not independent; intervals "
		    "are too narrow and p-values too small"), label,
		    bs_tr(what), d, r1, d, lim);
	else
		warnmsg(bs_tr("warning: %s: %s are negatively autocorrelated "
		    "(r1 = %.*f < -%.*f): they are not independent; intervals "
		    "are too wide and p-values too large"), label,
		    bs_tr(what), d, r1, d, lim);
}

void
tool_pct_rule(const char *opt, const char *arg, double *all,
    struct bs_colrule *rules, size_t *n, size_t max)
{
	const char *col;
	size_t len;
	double v;
	int rc = bs_parse_change(arg, &v, &col, &len);

	if (rc == -1)
		die("--%s takes a percentage (>= 0) or COL=PCT, not '%s'", opt,
		    arg);
	if (col == NULL) {
		*all = v;
		return;
	}
	if (rc == -2)
		die("--%s %s: no column before '='", opt, arg);
	if (*n == max)
		die("--%s: at most %zu column rules", opt, max);
	if ((rules[*n].pat = bs_strndup(col, len)) == NULL)
		die("out of memory");
	rules[(*n)++].v = v;
}

/*
 * --skip auto's note: how many of a series' first runs it dropped, and
 * why, or why none (flat, no steady state); never silent.
 */
void
tool_skip_auto_note(const char *label, const struct bs_steady *st,
    size_t drop, size_t n)
{
	if (st->cls == BS_SC_FLAT)
		warnmsg(bs_tr("note: %s: --skip auto: flat: no run dropped "
		    "(%zu runs)"), label, n);
	else if (st->cls == BS_SC_NONE)
		warnmsg(bs_tr("note: %s: --skip auto: no steady state: no run "
		    "dropped (%zu runs)"), label, n);
	else
		warnmsg(bs_tr("note: %s: --skip auto: runs 1-%zu dropped (%s; "
		    "steady state from run %zu of %zu)"), label, drop,
		    bs_tr(bs_steady_name(st->cls)), drop + 1, n);
}
