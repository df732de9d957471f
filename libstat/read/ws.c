/*
 * Blank-aligned tables: what the system monitors run beside a benchmark
 * print (vmstat, iostat -x, sar, mpstat), and column -t.  Runs of blanks
 * separate fields.  A line with no number in it is a header; a header
 * followed by another header was a banner (sysstat's "Linux ... (host)"
 * line, vmstat's "procs ---memory---" groups) and is dropped.  A header
 * seen before is a repeat and starts no new table.  A header whose
 * first field ends in ':' names its table ("avg-cpu:"); otherwise the
 * table is named after its first column that is not a time ("Device",
 * "IFACE").  sar's time stamps ("12:00:01 AM" is one field) are a
 * column named "time", kept as text; its "Average:" lines are no runs
 * and are left out.  An input of several tables gives one (see
 * bs_read_opts.table).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "libstat.h"
#include "read/read.h"

#define WS_MAXF	512	/* fields a line may have: wider is no monitor */

struct wsf {
	const char	*s;
	size_t		 len;
};

struct wstab {
	char		*key;		/* the header as headerkey() writes it */
	char		*name;
	char		**cols;		/* as the header names them */
	size_t		 ncols;
	struct bs_rows	 rows;
};

struct ws {
	struct wstab	*t;
	size_t		 nt, cap;
	int		 failed;
};

/* Is s[0..len) a clock time, "16:55:38" or "12:00:01 AM"? */
static int
istime(const char *s, size_t len)
{
	size_t i, colons = 0;

	for (i = 0; i < len && (isdigit((unsigned char)s[i]) || s[i] == ':');
	    i++)
		colons += s[i] == ':';
	if (colons == 0 || i == 0 || !isdigit((unsigned char)s[0]))
		return 0;
	if (i == len)
		return 1;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return len - i == 2 && (strncasecmp(s + i, "AM", 2) == 0 ||
	    strncasecmp(s + i, "PM", 2) == 0);
}

/* Is s[0..len) a date as ISO 8601 writes it, "2026-12-02"? */
static int
isdate(const char *s, size_t len)
{
	static const char pat[] = "dddd-dd-dd";

	if (len != sizeof(pat) - 1)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (pat[i] == 'd' ? !isdigit((unsigned char)s[i]) :
		    s[i] != pat[i])
			return 0;
	return 1;
}

/*
 * Split a line at runs of blanks; a time followed by AM or PM is one
 * field, and so is a date followed by a time (vmstat -t's time stamp,
 * under one name: its time zone).  Returns the number of fields; only
 * the first max are kept.
 */
static size_t
split(const char *s, size_t len, struct wsf *f, size_t max)
{
	size_t k = 0, n = 0;

	while (k < len) {
		size_t b;

		while (k < len && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k == len)
			break;
		b = k;
		while (k < len && s[k] != ' ' && s[k] != '\t')
			k++;
		if (n > 0 && n <= max && k - b == 2 &&
		    (strncasecmp(s + b, "AM", 2) == 0 ||
		    strncasecmp(s + b, "PM", 2) == 0) &&
		    istime(f[n - 1].s, f[n - 1].len)) {
			f[n - 1].len = (size_t)(s + k - f[n - 1].s);
			continue;
		}
		if (n > 0 && n <= max && isdate(f[n - 1].s, f[n - 1].len) &&
		    istime(s + b, k - b)) {
			f[n - 1].len = (size_t)(s + k - f[n - 1].s);
			continue;
		}
		if (n < max) {
			f[n].s = s + b;
			f[n].len = k - b;
		}
		n++;
	}
	return n;
}

static int
isnum(const struct wsf *f)
{
	struct bs_dec d;
	double v;

	return bs_parse_number(f->s, f->len, &d, &v) == BS_NUM_OK;
}

/* Fields that are numbers (a time stamp is none). */
static size_t
numbers(const struct wsf *f, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += isnum(&f[i]);
	return c;
}

static int
islabel(const struct wsf *f, size_t n)
{
	return n >= 2 && f[0].len > 1 && f[0].s[f[0].len - 1] == ':' &&
	    !istime(f[0].s, f[0].len);
}

/*
 * A header as one string, to know it again: its fields joined by a
 * space, a leading time (sar's, which changes) as "\1".  NULL when out
 * of memory.
 */
static char *
headerkey(const struct wsf *h, size_t nh)
{
	struct bs_sbuf b;

	memset(&b, 0, sizeof(b));
	for (size_t i = 0; i < nh; i++) {
		int rc;

		if (i == 0 && istime(h[i].s, h[i].len))
			rc = bs_sbuf_add(&b, "\1", 1);
		else
			rc = (i > 0 ? bs_sbuf_add(&b, " ", 1) : 0) |
			    bs_sbuf_add(&b, h[i].s, h[i].len);
		if (rc != 0) {
			bs_sbuf_free(&b);
			return NULL;
		}
	}
	if (bs_sbuf_add(&b, "", 1) == -1) {
		bs_sbuf_free(&b);
		return NULL;
	}
	return b.p;
}

/*
 * Column names from a header line and the width of the first row under
 * it: a leading time is "time"; a label ("avg-cpu:") names the table,
 * unless the rows have a field for it too (older iostat's "Device:").
 * A name met twice in one header gets "_2", "_3" after it.
 */
static struct wstab *
newtable(struct ws *w, const struct wsf *h, size_t nh, size_t nrow)
{
	struct wstab *t;
	size_t from = 0, i;
	int label = islabel(h, nh) && nrow + 1 == nh;

	if (bs_grow(&w->t, &w->cap, w->nt + 1, sizeof(*w->t)) == -1)
		return NULL;
	t = &w->t[w->nt];
	memset(t, 0, sizeof(*t));
	if (label)
		from = 1;
	t->ncols = nh - from;
	w->nt++;
	if ((t->cols = calloc(t->ncols, sizeof(*t->cols))) == NULL ||
	    (t->key = headerkey(h, nh)) == NULL)
		return NULL;
	for (i = 0; i < t->ncols; i++) {
		const struct wsf *c = &h[from + i];
		size_t l = c->len, dup = 1;

		if (i == 0 && istime(c->s, c->len)) {
			t->cols[i] = strdup("time");
		} else {
			if (l > 1 && c->s[l - 1] == ':')
				l--;	/* "Device:" */
			t->cols[i] = bs_strndup(c->s, l);
		}
		if (t->cols[i] == NULL)
			return NULL;
		for (size_t j = 0; j < i; j++)
			dup += strcmp(t->cols[j], t->cols[i]) == 0;
		if (dup > 1) {
			char *s;
			size_t sl = strlen(t->cols[i]) + 24;

			if ((s = malloc(sl)) == NULL)
				return NULL;
			snprintf(s, sl, "%s_%zu", t->cols[i], dup);
			free(t->cols[i]);
			t->cols[i] = s;
		}
	}
	if (label)
		t->name = bs_strndup(h[0].s, h[0].len - 1);
	else
		t->name = strdup(t->ncols > 1 && strcmp(t->cols[0], "time") ==
		    0 ? t->cols[1] : t->cols[0]);
	if (t->name == NULL)
		return NULL;
	for (char *p = t->name; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return t;
}

/* The table this header repeats, or NULL. */
static struct wstab *
known(struct ws *w, const struct wsf *h, size_t nh)
{
	char *key = headerkey(h, nh);
	struct wstab *t = NULL;

	if (key == NULL) {
		w->failed = 1;
		return NULL;
	}
	for (size_t k = 0; k < w->nt && t == NULL; k++)
		if (strcmp(w->t[k].key, key) == 0)
			t = &w->t[k];
	free(key);
	return t;
}

static void
addrow(struct wstab *t, const struct wsf *f, size_t line)
{
	for (size_t i = 0; i < t->ncols; i++)
		bs_rows_setn(&t->rows, t->cols[i], f[i].s, f[i].len);
	bs_rows_endrow(&t->rows, line);
}

static void
ws_free(struct ws *w)
{
	for (size_t k = 0; k < w->nt; k++) {
		for (size_t i = 0; i < w->t[k].ncols; i++)
			free(w->t[k].cols[i]);
		free(w->t[k].cols);
		free(w->t[k].key);
		free(w->t[k].name);
		bs_rows_free(&w->t[k].rows);
	}
	free(w->t);
}

static int
has(const struct wstab *t, const char *col)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (strcmp(t->cols[i], col) == 0)
			return 1;
	return 0;
}

static int
endswith(const char *s, const char *end)
{
	size_t l = strlen(s), el = strlen(end);

	return l > el && strcmp(s + l - el, end) == 0;
}

/*
 * vmstat's table: its header begins "r b swpd free" (procs and memory)
 * and holds the CPU columns.
 */
static int
isvmstat(const struct wstab *t)
{
	return t->ncols >= 7 && strcmp(t->cols[0], "r") == 0 &&
	    strcmp(t->cols[1], "b") == 0 && strcmp(t->cols[2], "swpd") == 0 &&
	    strcmp(t->cols[3], "free") == 0 && has(t, "us") && has(t, "sy") &&
	    has(t, "id");
}

/*
 * What the monitors' own column names mean, where the name alone would
 * be read otherwise.  vmstat's CPU columns us, sy, id, wa, st (and gu,
 * newer vmstat) are percentages of CPU time, not microseconds and
 * seconds, and id (idle) is a value, not an index: said for vmstat's
 * table only, so that a column "us" elsewhere keeps its meaning.
 * sysstat's (iostat, sar, mpstat, pidstat): a name beginning with "%"
 * is a percentage (%user, %idle, %util, %ifutil); kB and MB are 1024
 * and 1024^2 bytes (iostat divides sectors by 2, sar bytes by 1024):
 * rkB/s, wkB/s, rxkB/s, txkB/s, kB_read/s are KiB/s, rMB/s MiB/s,
 * kB_read KiB; r_await, w_await, await, svctm are ms; rareq-sz,
 * wareq-sz, areq-sz (the average request) are KiB.
 */
static void
declare(struct wstab *t)
{
	static const char *const cpu[] = { "us", "sy", "id", "wa", "st", "gu",
	    NULL };
	static const char *const ms[] = { "await", "svctm", NULL };
	static const char *const req[] = { "rareq-sz", "wareq-sz",
	    "dareq-sz", "areq-sz", NULL };
	struct bs_rows *r = &t->rows;
	int vmstat = isvmstat(t);

	/*
	 * pidstat's table: a task is its PID (an identity column), UID its
	 * owner and CPU the processor it last ran on: neither a value nor
	 * a benchmark (mpstat's and sar's CPU is the processor measured).
	 */
	if (has(t, "PID") && has(t, "Command")) {
		if (has(t, "UID"))
			bs_rows_role(r, "UID", BS_ROLE_META);
		if (has(t, "CPU"))
			bs_rows_role(r, "CPU", BS_ROLE_META);
	}

	for (size_t i = 0; i < t->ncols; i++) {
		const char *c = t->cols[i];
		size_t k;

		for (k = 0; vmstat && cpu[k] != NULL; k++)
			if (strcmp(c, cpu[k]) == 0)
				break;
		if (vmstat && cpu[k] != NULL) {
			bs_rows_unit(r, c, "%");
			bs_rows_role(r, c, BS_ROLE_VALUE);
			continue;
		}
		if (c[0] == '%' && c[1] != '\0') {
			bs_rows_unit(r, c, "%");
			continue;
		}
		if (endswith(c, "kB/s") || (strncmp(c, "kB_", 3) == 0 &&
		    endswith(c, "/s")))
			bs_rows_unit(r, c, "KiB/s");
		else if (endswith(c, "MB/s") || (strncmp(c, "MB_", 3) == 0 &&
		    endswith(c, "/s")))
			bs_rows_unit(r, c, "MiB/s");
		else if (strncmp(c, "kB_", 3) == 0 && c[3] != '\0')
			bs_rows_unit(r, c, "KiB");
		else if (strncmp(c, "MB_", 3) == 0 && c[3] != '\0')
			bs_rows_unit(r, c, "MiB");
		for (k = 0; ms[k] != NULL; k++)
			if (strcmp(c, ms[k]) == 0 || (endswith(c, ms[k]) &&
			    c[strlen(c) - strlen(ms[k]) - 1] == '_'))
				bs_rows_unit(r, c, "ms");
		for (k = 0; req[k] != NULL; k++)
			if (strcmp(c, req[k]) == 0)
				bs_rows_unit(r, c, "KiB");
	}
}

/* How many of the comma-separated names in list table t has. */
static size_t
score(const struct wstab *t, const char *list)
{
	size_t n = 0;

	while (list != NULL && *list) {
		const char *c = strchr(list, ',');
		size_t l = c ? (size_t)(c - list) : strlen(list);

		for (size_t i = 0; i < t->ncols; i++)
			if (strlen(t->cols[i]) == l &&
			    memcmp(t->cols[i], list, l) == 0)
				n++;
		list = c ? c + 1 : NULL;
	}
	return n;
}

/* The table asked for, or the error; the tables are listed in it. */
static struct wstab *
choose(struct ws *w, const struct bs_read_opts *o, const char *name,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	char list[256];
	size_t k, best = 0, bests = 0, l = 0;

	list[0] = '\0';
	for (k = 0; k < w->nt && l < sizeof(list); k++)
		l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%s",
		    k ? ", " : "", w->t[k].name);
	if (o->table != NULL) {
		for (k = 0; k < w->nt; k++)
			if (strcasecmp(w->t[k].name, o->table) == 0)
				return &w->t[k];
		bs_seterr(e, name, 0, "no table '%s' in the input (tables: "
		    "%s)", o->table, list);
		return NULL;
	}
	for (k = 0; k < w->nt; k++) {
		size_t s = score(&w->t[k], o->columns) +
		    score(&w->t[k], o->groups);

		if (s > bests) {
			bests = s;
			best = k;
		}
	}
	if (w->nt > 1 && bests == 0)
		bs_reader_warn(cb, "%zu tables (%s): read %s; --table chooses",
		    w->nt, list, w->t[0].name);
	return &w->t[best];
}

static int
bs_read_ws(struct bs_src *s, const struct bs_read_opts *o,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	struct ws w;
	struct wsf *f = NULL, *pend = NULL;
	size_t npend = 0, pendline = 0, pos = 0, line = 0;
	struct wstab *cur = NULL, *t;
	const char *p;
	int rc = -1;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&w, 0, sizeof(w));
	if ((f = calloc(WS_MAXF, sizeof(*f))) == NULL ||
	    (pend = calloc(WS_MAXF, sizeof(*pend))) == NULL) {
		bs_seterr(e, s->name, 0, "out of memory");
		goto out;
	}
	p = s->win;
	pos = bs_skipbom(p, s->len);
	while (pos < s->len) {
		const char *nl = memchr(p + pos, '\n', s->len - pos);
		size_t end = nl ? (size_t)(nl - p) : s->len, ll = end - pos, n;

		line++;
		if (ll > 0 && p[pos + ll - 1] == '\r')
			ll--;
		n = split(p + pos, ll, f, WS_MAXF);
		pos = end + 1;
		if (n == 0 || f[0].s[0] == '#')
			continue;
		if (n > WS_MAXF) {
			bs_seterr(e, s->name, line, "more than %u fields",
			    WS_MAXF);
			goto out;
		}
		/* sar's averages are no runs, nor their header. */
		if (f[0].len == 8 && memcmp(f[0].s, "Average:", 8) == 0)
			continue;
		if (numbers(f, n) == 0) {
			if ((t = known(&w, f, n)) != NULL) {
				cur = t;
				npend = 0;
			} else {
				memcpy(pend, f, n * sizeof(*f));
				npend = n;
				pendline = line;
			}
			continue;
		}
		if (npend > 0 && (npend == n || (npend == n + 1 &&
		    islabel(pend, npend)))) {
			if ((cur = newtable(&w, pend, npend, n)) == NULL) {
				bs_seterr(e, s->name, line, "out of memory");
				goto out;
			}
		} else if (cur == NULL) {
			bs_seterr(e, s->name, line, "%zu fields under no header "
			    "line of as many names", n);
			goto out;
		} else if (cur->ncols != n) {
			if (npend > 0)
				bs_seterr(e, s->name, line, "%zu fields, the "
				    "header on line %zu has %zu", n, pendline,
				    npend);
			else
				bs_seterr(e, s->name, line, "%zu fields, the "
				    "table's header has %zu", n, cur->ncols);
			goto out;
		}
		npend = 0;
		addrow(cur, f, line);
	}
	if (w.failed) {
		bs_seterr(e, s->name, 0, "out of memory");
		goto out;
	}
	if (w.nt == 0) {
		bs_seterr(e, s->name, 0, "no table (a header line over lines "
		    "of as many blank-separated fields)");
		goto out;
	}
	for (size_t k = 0; k < w.nt; k++)
		if (w.t[k].rows.failed) {
			bs_seterr(e, s->name, 0, "out of memory");
			goto out;
		}
	if ((t = choose(&w, o, s->name, cb, e)) == NULL)
		goto out;
	declare(t);
	/*
	 * vmstat's first line and iostat's first report are averages since
	 * boot, not intervals like the rest: said, since they skew a mean.
	 */
	for (size_t k = 0; k < w.nt; k++) {
		int vm = isvmstat(&w.t[k]);

		if (vm || strcasecmp(w.t[k].name, "avg-cpu") == 0) {
			bs_reader_note(cb, "%s: the first %s is the average "
			    "since boot, not an interval%s: --skip 1 leaves it "
			    "out", vm ? "vmstat" : "iostat", bs_tr(vm ? "line" :
			    "report"), vm ? "" :
			    bs_tr(" (unless iostat ran with -y)"));
			break;
		}
	}
	rc = bs_rows_emit(&t->rows, s->name, "table", cb, e);
out:
	free(f);
	free(pend);
	ws_free(&w);
	return rc;
}

/*
 * Blank-aligned text, never what another line format reads: every line
 * has two fields or more and none has a comma, semicolon or pipe; tabs,
 * when every line has as many, make it TSV; and a header line (no
 * number in it) stands over a line of numbers as wide (or one field
 * narrower, under a label such as "avg-cpu:").
 */
int
bs_ws_detect(const char *p, size_t len)
{
	struct wsf f[64];
	size_t pos = 0, nlines = 0, hdr = 0, tabs0 = 0;
	int sametabs = 1, table = 0, hdrlab = 0;

	while (pos < len && nlines < 20) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll = end - pos, n, t;
		const char *s = p + pos;

		if (nl == NULL && nlines > 0)
			break;	/* perhaps a line cut short by the window */
		pos = end + 1;
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		n = split(s, ll, f, 64);
		if (n == 0 || f[0].s[0] == '#')
			continue;
		if (n < 2 || memchr(s, ',', ll) || memchr(s, ';', ll) ||
		    memchr(s, '|', ll) || memchr(s, '=', ll))
			return 0;
		t = 0;
		for (size_t i = 0; i < ll; i++)
			t += s[i] == '\t';
		if (nlines == 0)
			tabs0 = t;
		else if (t != tabs0)
			sametabs = 0;
		nlines++;
		if (n > 64)
			continue;
		if (numbers(f, n) == 0) {
			hdr = n;
			hdrlab = islabel(f, n);
		} else if (hdr != 0 && (hdr == n || (hdr == n + 1 && hdrlab)))
			table = 1;
	}
	return table && !(sametabs && tabs0 > 0);
}

/* The table asked for through the options bs_read() was given. */
static int
read_ws(struct bs_src *s, const struct bs_reader_cb *cb, struct bs_err *e)
{
	static const struct bs_read_opts none;

	return bs_read_ws(s, s->opts != NULL ? s->opts : &none, cb, e);
}

static const struct bs_idcol idcols[] = { { "Device", BS_ID_VARIES },
    { "IFACE", BS_ID_VARIES }, { "CPU", BS_ID_VARIES },
    { "PID", BS_ID_VARIES }, { "Command", BS_ID_VARIES },
    { NULL, 0 } };

/*
 * Guessed by bs_detect()'s rules; an error says it was read as ws, as
 * a tool's format's does (blank-aligned text is many things).
 */
const struct bs_fmt bs_fmt_ws = {
	.name = "ws",
	.read = read_ws,
	.name_errors = 1,
	.refuse = BS_REFUSE_BSTAT,
	.identity = idcols,
};
