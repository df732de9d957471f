/*
 * boutlier: flag outlier candidates per group and value column (Tukey
 * fences or the modified z-score), writing every input row back in its
 * own format with the flag added.  Rows are only left out when --drop
 * says so, and then they go to --rejects.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

enum {
	OPT_K = OPT_TOOL,
	OPT_METHOD,
	OPT_THRESHOLD,
	OPT_DROP,
	OPT_REJECTS,
	OPT_STEADY
};

enum drop { DROP_NONE, DROP_MILD, DROP_SEVERE };

struct state {
	struct bs_table	*t;
	struct bs_fences *fences;	/* ngroups * nvcols */
	size_t		*seen;		/* rows seen per group */
	size_t		(*counts)[5];	/* per group and column, per class */
	const char	*name[5];	/* of each class, asked for once */
	enum drop	 drop;
	const char *const *tagval;	/* --tag values, ntags of them */
	size_t		 ntags;
	/*
	 * --steady auto, --skip auto: per group and column, the runs'
	 * class, the runs classified, the rows --skip auto left out of the
	 * fences and the flagged rows before the steady state.
	 */
	int		 steady, skip_auto;
	struct bs_steady *st;
	size_t		*nst, *drop_at, *early;
	int		 jobs;		/* -j */
	/*
	 * One group and one value column: the added values of each class
	 * (forms: the --tag values, the flag) and whether its rows are
	 * kept, for bs_passthru(), which asks for the rows' classes block by
	 * block (block_codes()) on its threads: the counts are added under
	 * mu, counted rows in all; the rows from at on are the steady
	 * state's.
	 */
	const char	**forms;
	unsigned char	 keep[BS_OUT_HIGH_SEVERE + 1];
	pthread_mutex_t	 mu;
	size_t		 counted, at;
};

static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: boutlier [options] [FILE]\n"
"Flag outlier candidates; every row is written back, in order, in the input's\n"
"format, with a column outlier (outlier_<column> for several value columns):\n"
"none, low-mild, high-mild, low-severe or high-severe.\n"
"\n"
"  -c, --column LIST       value columns (default: every numeric column not\n"
"                          used to group)\n"
"  -g, --group LIST        fences per group of these columns\n"
"                          (default: the benchmarks of a tool's format;\n"
"                          -g '' pools them)\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data\n"
"      --input-format F    %s\n"
"      --table NAME        the table to read of several (iostat: avg-cpu, device)\n"
"  -j, --jobs N            threads to parse a file and write it back by: the\n"
"                          CPUs, at most 4 (files of 1 MiB a thread and\n"
"                          more); -j 1 one.\n"
"                          The results are -j 1's, byte for byte\n"
"  -o, --output FILE       write there (whole or not at all)\n"
"      --skip N            leave the first N samples of every group out of\n"
"                          the fences (they are still flagged); auto: the\n"
"                          runs before each series' steady state, said\n"
"      --steady auto       classify each series' runs (flat, warm-up,\n"
"                          slowdown, no steady state) from change points,\n"
"                          with the flagged runs before the steady state\n"
"      --k K               Tukey inner fence at K x IQR (default 1.5); the\n"
"                          outer fence is at 2K\n"
"      --method iqr|mad    Tukey fences (default) or the modified z-score\n"
"      --threshold Z       modified z-score threshold (default 3.5; 2Z is\n"
"                          severe)\n"
"      --drop mild|severe  leave flagged rows out: mild drops every flagged\n"
"                          row, severe only the severe ones\n"
"      --rejects FILE      write the rows left out there, in the same format\n"
"      --tag KEY=VALUE     a constant first column, repeatable\n"
"  -q, --quiet             no notes, warnings or summary\n"
"      --lang en|zh        the words for people, Chinese with zh (en)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"A summary per group and column (fences, counts) goes to standard error.\n",
	    tool_informats(26, 76));
	exit(status);
}

/* Is a row of class o left out (--drop)? */
static int
dropped(const struct state *st, enum bs_outlier o)
{
	return (st->drop == DROP_MILD && o != BS_OUT_NONE) ||
	    (st->drop == DROP_SEVERE && (o == BS_OUT_LOW_SEVERE ||
	    o == BS_OUT_HIGH_SEVERE));
}

static int
annotate(void *arg, size_t row, const char **vals)
{
	struct state *st = arg;
	struct bs_table *t = st->t;
	size_t g = t->rowgroup != NULL ? t->rowgroup[row] : 0;
	size_t i = st->seen[g]++, c;
	int keep = 1;

	/* --tag values first: constant on every row. */
	for (c = 0; c < st->ntags; c++)
		vals[c] = st->tagval[c];
	vals += st->ntags;
	for (c = 0; c < t->nvcols; c++) {
		struct bs_series *s = &t->groups[g].s[c];
		enum bs_outlier o = bs_classify(&st->fences[g * t->nvcols + c],
		    s->v[i]);

		vals[c] = st->name[o];
		st->counts[g * t->nvcols + c][o]++;
		if (st->st != NULL && o != BS_OUT_NONE &&
		    i < st->st[g * t->nvcols + c].start)
			st->early[g * t->nvcols + c]++;
		if (dropped(st, o))
			keep = 0;
	}
	return keep;
}

/*
 * One group: its row is its run, and the flags were counted before
 * (count_flags()), so records may be annotated on several threads.
 */
static int
annotate1(void *arg, size_t row, const char **vals)
{
	const struct state *st = arg;
	const struct bs_table *t = st->t;
	size_t c;
	int keep = 1;

	for (c = 0; c < st->ntags; c++)
		vals[c] = st->tagval[c];
	vals += st->ntags;
	for (c = 0; c < t->nvcols; c++) {
		enum bs_outlier o = bs_classify(&st->fences[c],
		    t->groups[0].s[c].v[row]);

		vals[c] = st->name[o];
		if (dropped(st, o))
			keep = 0;
	}
	return keep;
}

/* annotate()'s counts of one group's flags, for annotate1(). */
static void
count_flags(struct state *st)
{
	const struct bs_table *t = st->t;

	for (size_t c = 0; c < t->nvcols; c++) {
		const struct bs_series *s = &t->groups[0].s[c];
		size_t head[BS_OUT_HIGH_SEVERE + 1] = { 0 };
		size_t at = st->st == NULL ? 0 : st->st[c].start < s->n ?
		    st->st[c].start : s->n;

		/* The runs before the steady state, and after. */
		bs_classify_counts(&st->fences[c], s->v, at, st->jobs, head);
		for (int o = BS_OUT_NONE; o <= BS_OUT_HIGH_SEVERE; o++) {
			st->counts[c][o] += head[o];
			if (o != BS_OUT_NONE && st->st != NULL)
				st->early[c] += head[o];
		}
		bs_classify_counts(&st->fences[c], s->v + at, s->n - at,
		    st->jobs, st->counts[c]);
	}
}

/*
 * --steady auto beside the series' candidates: its runs' class, and how
 * many flagged runs come before its steady state (a warm-up is not a set
 * of outliers); --skip auto: what it left out of the fences.
 */
static void
steady_note(const struct state *st, const char *label, size_t i,
    size_t flagged)
{
	const struct bs_steady *s = &st->st[i];
	size_t n = st->nst[i];

	if (st->steady && s->cls == BS_SC_FLAT)
		warnmsg(bs_tr("note: %s: steady state: flat (no change point in "
		    "%zu runs)"), label, n);
	else if (st->steady && s->cls == BS_SC_NONE)
		warnmsg(bs_tr("note: %s: steady state: none (%zu segments; the "
		    "last from run %zu holds under a quarter of the %zu runs): "
		    "the fences are of a moving level"), label, s->nseg,
		    s->start + 1, n);
	else if (st->steady)
		warnmsg(bs_tr("note: %s: steady state: %s, from run %zu (%zu "
		    "segments in %zu runs): %zu of the %zu flagged come "
		    "before it (a %s is not a set of outliers)%s"), label,
		    bs_tr(bs_steady_name(s->cls)), s->start + 1, s->nseg, n,
		    st->early[i], flagged, bs_tr(bs_steady_name(s->cls)),
		    st->skip_auto ? "" : bs_tr("; --skip auto leaves those "
		    "runs out of the fences"));
	if (st->skip_auto)
		tool_skip_auto_note(label, s, st->drop_at[i], n);
}

static void
summary(const struct state *st)
{
	const struct bs_table *t = st->t;
	char *label, a[40], b[40], c[40], d[40];

	for (size_t g = 0; g < t->ngroups; g++)
		for (size_t k = 0; k < t->nvcols; k++) {
			const struct bs_fences *f = &st->fences[g * t->nvcols +
			    k];
			const size_t *n = st->counts[g * t->nvcols + k];
			const struct bs_series *s = &t->groups[g].s[k];
			size_t flagged = n[1] + n[2] + n[3] + n[4];
			size_t tot = s->n - s->missing;

			label = tool_label(t, t->groups[g].key, 0,
			    bs_table_vname(t, k));
			snprintf(a, sizeof(a), "%.6g", s->refd + f->lo_outer);
			snprintf(b, sizeof(b), "%.6g", s->refd + f->lo_inner);
			snprintf(c, sizeof(c), "%.6g", s->refd + f->hi_inner);
			snprintf(d, sizeof(d), "%.6g", s->refd + f->hi_outer);
			warnmsg(bs_tr("%s: %s %s %s | %s %s: %zu of %zu flagged "
			    "(%.1f%%): %zu low-severe, %zu low-mild, %zu "
			    "high-mild, %zu high-severe"), label, bs_tr(f->mad ?
			    "limits" : "fences"), a, b, c, d,
			    flagged, tot, tot ? 100.0 * (double)flagged /
			    (double)tot : 0.0, n[BS_OUT_LOW_SEVERE],
			    n[BS_OUT_LOW_MILD], n[BS_OUT_HIGH_MILD],
			    n[BS_OUT_HIGH_SEVERE]);
			if (st->st != NULL)
				steady_note(st, label, g * t->nvcols + k,
				    flagged);
			free(label);
		}
}

/*
 * What the options ask, as conditions of the compatibility rules: an
 * option given, or more than one operand.
 */
enum cond { C_FORMAT, C_INPUTS, C_THRESHOLD, C_MAD, C_REJECTS, C_DROP };
#define IS(c)		TOOL_BIT(C_##c)

/* Which options go together, in this order. */
static const struct tool_rule rules[] = {
	{ IS(FORMAT), 0, "boutlier writes in its input's format; -f does not "
	    "apply (convert with bstat or another tool)" },
	{ IS(INPUTS), 0, "one input at a time (got %s files)" },
	{ IS(THRESHOLD), TOOL_UNLESS | IS(MAD), "--threshold is the modified "
	    "z-score's (--method mad); for Tukey fences use --k" },
	{ IS(REJECTS), TOOL_UNLESS | IS(DROP), "--rejects needs --drop mild or "
	    "--drop severe" },
	{ 0, 0, NULL }
};

/* Exit 2 when options that do not go together are given. */
static void
check_options(int fmtset, int argc, int zset, int mad, const char *rejects,
    enum drop drop)
{
	const char *vals[C_DROP + 1] = { NULL };
	char n[32];

	snprintf(n, sizeof(n), "%d", argc);
	vals[C_INPUTS] = n;
	tool_check_rules(rules, TOOL_IF(C_FORMAT, fmtset) |
	    TOOL_IF(C_INPUTS, argc > 1) | TOOL_IF(C_THRESHOLD, zset) |
	    TOOL_IF(C_MAD, mad) | TOOL_IF(C_REJECTS, rejects) |
	    TOOL_IF(C_DROP, drop != DROP_NONE), vals);
}

/*
 * The input into st->t, its text kept in buf for the second pass.  The
 * first read notes each row's group and where its bytes lie: the second
 * pass copies them with the flag added, parsing nothing.
 */
static void
read_input(struct tool_common *com, struct state *st, struct bs_buf *buf,
    const char *file)
{
	struct bs_err e;

	/*
	 * Standard input is read once and kept for the second pass; a
	 * file is mapped, not copied.
	 */
	if (bs_buf_map(buf, file, &e) == -1)
		die_err(&e);
	com->topts.rowgroups = 1;
	com->topts.use = BS_USE_OUTLIERS;
	/* Runs a reader leaves out (hyperfine's failed ones) are said here too. */
	com->topts.warn = tool_readwarn;
	com->topts.note = tool_readnote;
	if ((com->topts.read.spans = bs_spans_new()) == NULL)
		die("out of memory");
	if ((st->t = bs_table_new(&com->topts)) == NULL)
		die("out of memory");
	if (bs_table_read(st->t, buf, NULL, &e) == -1 ||
	    bs_table_finish(st->t, &e) == -1)
		die_err(&e);
	tool_group_note(st->t);
	tool_factor_note(st->t, com->topts.groups != NULL);
}

/*
 * The fences of every group and column, from the values after the
 * first skip of each (Tukey's at k, or the modified z-score's at z),
 * and the counts the rows will fill.
 */
/*
 * --steady auto, --skip auto: series i (s, column c) classified after
 * its first skip rows (--skip auto: all), and the rows its fences leave
 * out: skip, or with --skip auto those before its steady state.
 */
static size_t
series_steady(struct state *st, size_t i, const struct bs_series *s,
    size_t c, size_t skip)
{
	const struct bs_table *t = st->t;
	struct bs_colunit u;
	struct bs_err e;

	if (st->st == NULL)
		return skip;
	bs_column_unit_as(bs_table_vname(t, c), bs_table_unit(t, c), &u);
	if (bs_steady_series(s, st->skip_auto ? 0 : skip, u.higher, &st->st[i],
	    &st->nst[i], &st->drop_at[i], &e) == -1)
		die("%s: %s", bs_table_vname(t, c), e.msg);
	return st->skip_auto ? st->drop_at[i] : skip;
}

static void
set_fences(struct state *st, size_t skip, int mad, double k, double z)
{
	const struct bs_table *t = st->t;
	size_t nser = t->ngroups * t->nvcols + 1;

	st->fences = calloc(nser, sizeof(*st->fences));
	st->counts = calloc(nser, sizeof(*st->counts));
	st->seen = calloc(t->ngroups + 1, sizeof(*st->seen));
	if (st->fences == NULL || st->counts == NULL || st->seen == NULL)
		die("out of memory");
	if ((st->steady || st->skip_auto) && ((st->st = calloc(nser,
	    sizeof(*st->st))) == NULL || (st->nst = calloc(nser,
	    sizeof(*st->nst))) == NULL || (st->drop_at = calloc(nser,
	    sizeof(*st->drop_at))) == NULL || (st->early = calloc(nser,
	    sizeof(*st->early))) == NULL))
		die("out of memory");
	for (size_t g = 0; g < t->ngroups; g++)
		for (size_t c = 0; c < t->nvcols; c++) {
			struct bs_series *s = &t->groups[g].s[c];
			size_t sq = series_steady(st, g * t->nvcols + c, s, c,
			    skip);
			size_t sk = sq < s->n ? sq : s->n;
			int rc = mad ? bs_mad_fences(s->v + sk, s->n - sk,
			    z, &st->fences[g * t->nvcols + c]) :
			    bs_tukey_fences_jobs(s->v + sk, s->n - sk, k,
			    st->jobs,
			    &st->fences[g * t->nvcols + c]);

			if (rc == -1)
				die("out of memory");
		}
}

/*
 * The columns added to every record: room for the --tag columns first,
 * then the flags, "outlier" or "outlier_<column>" (names, allocated,
 * each).
 */
static const char **
added_columns(const struct tool_common *com, const struct state *st,
    char ***names)
{
	const struct bs_table *t = st->t;
	const char **cols;
	size_t c;

	cols = calloc(t->nvcols + com->ntags + 1, sizeof(*cols));
	*names = calloc(t->nvcols + 1, sizeof(**names));
	if (cols == NULL || *names == NULL)
		die("out of memory");
	for (c = 0; c < t->nvcols; c++) {
		if (t->nvcols == 1)
			(*names)[c] = strdup("outlier");
		else if (asprintf(&(*names)[c], "outlier_%s",
		    bs_table_vname(t, c)) == -1)
			(*names)[c] = NULL;
		if ((*names)[c] == NULL)
			die("out of memory");
		cols[com->ntags + c] = (*names)[c];
	}
	return cols;
}

/*
 * The classes of rows from..to (bs_passthru.codes_for) of one group's
 * one value column, counted as count_flags() counts them; rows past the
 * series (none: every record is a row) are none, not counted.
 */
static void
block_codes(void *arg, size_t from, size_t to, unsigned char *codes)
{
	struct state *st = arg;
	const struct bs_series *s = &st->t->groups[0].s[0];
	size_t head[BS_OUT_HIGH_SEVERE + 1] = { 0 };
	size_t cnt[BS_OUT_HIGH_SEVERE + 1] = { 0 };
	size_t end = to < s->n ? to : s->n, mid;

	if (from >= end) {
		memset(codes, BS_OUT_NONE, to - from);
		return;
	}
	memset(codes + (end - from), BS_OUT_NONE, to - end);
	/* from..mid before the steady state, mid..end after. */
	mid = from < st->at ? (end < st->at ? end : st->at) : from;
	bs_classify_codes(&st->fences[0], s->v + from, mid - from, 1, head,
	    codes);
	bs_classify_codes(&st->fences[0], s->v + mid, end - mid, 1, cnt,
	    codes + (mid - from));
	pthread_mutex_lock(&st->mu);
	for (int o = BS_OUT_NONE; o <= BS_OUT_HIGH_SEVERE; o++) {
		st->counts[0][o] += head[o] + cnt[o];
		if (o != BS_OUT_NONE && st->st != NULL)
			st->early[0] += head[o];
	}
	st->counted += end - from;
	pthread_mutex_unlock(&st->mu);
}

/*
 * One value column of one group: the records' added values by their
 * class (block_codes()), as annotate1() gives them.
 */
static void
code_forms(struct state *st, struct bs_passthru *pt)
{
	const struct bs_series *s = &st->t->groups[0].s[0];
	size_t nc = st->ntags + 1;

	st->at = st->st == NULL ? 0 : st->st[0].start < s->n ?
	    st->st[0].start : s->n;
	pthread_mutex_init(&st->mu, NULL);
	if ((st->forms = calloc((BS_OUT_HIGH_SEVERE + 1) * nc,
	    sizeof(*st->forms))) == NULL)
		die("out of memory");
	for (int o = BS_OUT_NONE; o <= BS_OUT_HIGH_SEVERE; o++) {
		for (size_t c = 0; c < st->ntags; c++)
			st->forms[o * nc + c] = st->tagval[c];
		st->forms[o * nc + st->ntags] = st->name[o];
		st->keep[o] = !dropped(st, (enum bs_outlier)o);
	}
	pt->annotate = NULL;
	pt->codes = NULL;
	pt->codes_for = block_codes;
	pt->forms = st->forms;
	pt->keep = st->keep;
	pt->ncodes = BS_OUT_HIGH_SEVERE + 1;
}

/*
 * Every record written back with the columns added, to -o (or standard
 * output) and the rows dropped to rejects, both atomically.
 */
static void
write_flagged(const struct tool_common *com, struct state *st,
    const struct bs_buf *buf, const char *rejects, const char **cols,
    char *const *names)
{
	struct bs_read_opts ro;
	struct bs_passthru pt;
	struct bs_afile out, rej;
	struct bs_err e;

	memset(&pt, 0, sizeof(pt));
	memset(&out, 0, sizeof(out));
	memset(&rej, 0, sizeof(rej));
	if (com->output && strcmp(com->output, "-") != 0 &&
	    bs_afile_open(&out, com->output, &e) == -1)
		die_err(&e);
	if (rejects && bs_afile_open(&rej, rejects, &e) == -1) {
		bs_afile_abort(&out);
		die_err(&e);
	}
	/* Large buffers: the output is as long as the input. */
	setvbuf(out.fp ? out.fp : stdout, NULL, _IOFBF, 1 << 20);
	if (rej.fp)
		setvbuf(rej.fp, NULL, _IOFBF, 1 << 20);
	ro = com->topts.read;
	ro.format = st->t->format;
	ro.delim = st->t->delim;
	pt.cols = cols;
	/*
	 * --tag: the constant columns first (before the record's own CSV/TSV
	 * columns, JSON keys, key=value pairs; in the trailing comment of
	 * plain numbers), the flags after the record.
	 */
	tool_tags_clash(com, (const char *const *)st->t->names,
	    st->t->nnames);
	tool_tags_clash(com, (const char *const *)names, st->t->nvcols);
	for (size_t c = 0; c < com->ntags; c++)
		cols[c] = com->tagkey[c];
	st->ntags = com->ntags;
	st->tagval = com->tagval;
	pt.ncols = st->t->nvcols + com->ntags;
	pt.nlead = com->ntags;
	pt.annotate = annotate;
	pt.arg = st;
	pt.concurrent = 0;
	if (st->t->ngroups == 1 && st->t->nvcols == 1)
		code_forms(st, &pt);
	else if (st->t->ngroups == 1) {
		count_flags(st);
		pt.annotate = annotate1;
		pt.concurrent = 1;
	}
	if (bs_passthru(buf, &ro, &pt, out.fp ? out.fp : stdout, rej.fp,
	    &e) == -1) {
		bs_afile_abort(&out);
		bs_afile_abort(&rej);
		die_err(&e);
	}
	/* Not every row written back (none is not): counted again, whole. */
	if (pt.codes_for != NULL && st->counted != st->t->groups[0].s[0].n) {
		memset(st->counts, 0, sizeof(*st->counts));
		if (st->early != NULL)
			st->early[0] = 0;
		count_flags(st);
	}
	/*
	 * The rejects first: a run killed between the two renames leaves
	 * new rejects beside the old output, so every dropped row is in
	 * the rejects; never a new output beside old rejects, where the
	 * rows it dropped would be in neither file.
	 */
	if (rej.fp && bs_afile_commit(&rej, &e) == -1) {
		bs_afile_abort(&out);
		die_err(&e);
	}
	if (out.fp && bs_afile_commit(&out, &e) == -1)
		die_err(&e);
	tool_close_stdout();
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "k",		required_argument, NULL, OPT_K },
		{ "method",	required_argument, NULL, OPT_METHOD },
		{ "threshold",	required_argument, NULL, OPT_THRESHOLD },
		{ "drop",	required_argument, NULL, OPT_DROP },
		{ "rejects",	required_argument, NULL, OPT_REJECTS },
		{ "steady",	required_argument, NULL, OPT_STEADY },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct state st;
	struct bs_buf buf;
	const char *rejects = NULL, **cols;
	char **names;
	double k = 1.5, z = 3.5;
	int ch, mad = 0, fmtset = 0, zset = 0;
	size_t c;

	tool_init("boutlier", &com, argv);
	memset(&st, 0, sizeof(st));
	for (int o = BS_OUT_NONE; o <= BS_OUT_HIGH_SEVERE; o++)
		st.name[o] = bs_outlier_name((enum bs_outlier)o);
	while ((ch = getopt_long(argc, argv, TOOL_COMMON_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (ch == 'f')
			fmtset = 1;
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_K:
			if (bs_parse_double(optarg, &k) == -1 || !(k > 0))
				die("--k takes a positive number, not '%s'",
				    optarg);
			break;
		case OPT_METHOD:
			if (strcmp(optarg, "iqr") == 0)
				mad = 0;
			else if (strcmp(optarg, "mad") == 0)
				mad = 1;
			else
				die("--method takes iqr or mad, not '%s'",
				    optarg);
			break;
		case OPT_THRESHOLD:
			if (bs_parse_double(optarg, &z) == -1 || !(z > 0))
				die("--threshold takes a positive number, not "
				    "'%s'", optarg);
			zset = 1;
			break;
		case OPT_DROP:
			if (strcmp(optarg, "mild") == 0)
				st.drop = DROP_MILD;
			else if (strcmp(optarg, "severe") == 0)
				st.drop = DROP_SEVERE;
			else
				die("--drop takes mild or severe, not '%s'",
				    optarg);
			break;
		case OPT_REJECTS:
			rejects = optarg;
			break;
		case OPT_STEADY:
			if (strcmp(optarg, "auto") != 0)
				die("--steady takes auto (each series' runs "
				    "classified), not '%s'", optarg);
			st.steady = 1;
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	check_options(fmtset, argc, zset, mad, rejects, st.drop);
	tool_output_not_input(com.output, "-o", argc, argv);
	tool_output_not_input(rejects, "--rejects", argc, argv);
	/* One would replace the other: the kept rows, or the rejects, lost. */
	if (rejects && com.output && strcmp(com.output, "-") != 0 &&
	    bs_same_output(com.output, rejects))
		die("%s: -o and --rejects name the same file", rejects);
	read_input(&com, &st, &buf, argc ? argv[0] : "-");
	st.skip_auto = com.skip_auto;
	st.jobs = com.topts.read.jobs;
	set_fences(&st, com.skip, mad, k, z);
	cols = added_columns(&com, &st, &names);
	write_flagged(&com, &st, &buf, rejects, cols, names);
	summary(&st);

	for (c = 0; c < st.t->nvcols; c++)
		free(names[c]);
	free(names);
	free(cols);
	free(st.fences);
	free(st.counts);
	free(st.seen);
	free(st.st);
	free(st.nst);
	free(st.drop_at);
	free(st.early);
	free(st.forms);
	bs_table_free(st.t);
	bs_spans_free(com.topts.read.spans);
	bs_buf_free(&buf);
	return 0;
}
