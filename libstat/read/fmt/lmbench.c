/*
 * lmbench's results, as its programs print them on standard error and
 * its script gathers them in a results file.  Three kinds of line make
 * rows:
 *
 * - "LABEL: N UNIT" (micro(), nano(), mb(), milli(), kb() and lines
 *   like them: "Simple syscall: 0.1234 microseconds", "Pipe bandwidth:
 *   1234.56 MB/sec", tlb's "tlb: 32 pages 1.2 nanoseconds"): one row,
 *   name LABEL, each number in the column its unit names as lmbench
 *   writes it (microseconds, nanoseconds, milliseconds, MB/sec and
 *   KB/sec declared: lmbench's MB is 10^6 bytes); a lone number
 *   (par_ops) is "value".  "LABEL: -1" is a failed run: left out, said.
 *
 * - "X Y" lines, the tables of lat_mem_rd, lat_ctx, bw_mem, bw_file_rd,
 *   lat_mmap, par_mem, bw_tcp ("X Y MB/sec"): a series starts at a
 *   quoted header ("stride=128 of lat_mem_rd, "size=0k ovr=1.23 of
 *   lat_ctx, "read bandwidth of the script) or a title line ("Memory
 *   read bandwidth") and ends at a blank line.  KEY=VALUE words of a
 *   header are columns (a size in k, "size=0k", is size_kb), its other
 *   words the series' name; a header of parameters alone takes the
 *   title over it ("Memory load latency"), else the program's name.
 *   X is size_mb (lat_ctx: procs; lat_pmake: usecs), Y is named by the
 *   series: nanoseconds (stride=), microseconds (lat_ctx, mappings),
 *   MB/sec (a bandwidth or bcopy), parallelism, else value.
 *
 * - lat_fs's "SIZEk FILES CREATES REMOVES" under its header.
 *
 * A label met N times (a benchmark run in a loop) gives N rows of one
 * name, numbered by run (also the rows of one series and X).  The
 * results file's "[KEY: value]" lines and "# key: value" comments are
 * metadata; other lines are skipped.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "libstat.h"
#include "read/read.h"

#define LM_MAXT	16	/* fields of a line worth a look */
#define LM_MAXP	8	/* KEY=VALUE words of a header kept */

struct tok {
	const char	*s;
	size_t		 len;
};

/* lmbench's unit words and what they are; the first five say lmbench. */
static const struct {
	const char	*word, *unit;
} units[] = {
	{ "microseconds", "us" }, { "nanoseconds", "ns" },
	{ "milliseconds", "ms" }, { "MB/sec", "MB/s" }, { "KB/sec", "kB/s" },
};
#define NUNITS	(sizeof(units) / sizeof(units[0]))

/* What a series' X and Y are, by the program that printed it. */
enum kind { K_NONE, K_MEMRD, K_CTX, K_PMAKE, K_BW, K_MMAP, K_PAR };

static const struct {
	const char	*x, *y, *prog;
} kinds[] = {
	[K_NONE] = { "size_mb", "value", NULL },
	[K_MEMRD] = { "size_mb", "nanoseconds", "lat_mem_rd" },
	[K_CTX] = { "procs", "microseconds", "lat_ctx" },
	[K_PMAKE] = { "usecs", "microseconds", NULL },
	[K_BW] = { "size_mb", "MB/sec", NULL },
	[K_MMAP] = { "size_mb", "microseconds", NULL },
	[K_PAR] = { "size_mb", "parallelism", NULL },
};

enum line { L_BLANK, L_BANNER, L_META, L_RESULT, L_FAILED, L_HEADER, L_PAIR,
    L_FS, L_TITLE, L_OTHER };

struct lm {
	struct bs_rows	 r;
	const struct bs_reader_cb *cb;
	char		*title;		/* the title line in force */
	char		*titlekeys;	/* the KEY= words of headers under it */
	int		 titlerows;	/* rows stood right under the title */
	int		 inseries;
	enum kind	 kind;
	char		*sname;		/* the series' name */
	char		*pcol[LM_MAXP], *pval[LM_MAXP];
	size_t		 np;
	struct bs_strhash runh;		/* a row's identity -> index in runn */
	char		**runkey;
	long long	*runn;
	size_t		 nrun, runcap, keycap;
	unsigned	 seen;		/* unit words met, bit per units[] */
	size_t		 failed, failline;
	char		*failname;
};

static size_t
tokens(const char *s, size_t ll, struct tok *t, size_t max)
{
	size_t k = 0, n = 0;

	while (k < ll) {
		size_t b;

		while (k < ll && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k == ll)
			break;
		b = k;
		while (k < ll && s[k] != ' ' && s[k] != '\t')
			k++;
		if (n < max) {
			t[n].s = s + b;
			t[n].len = k - b;
		}
		n++;
	}
	return n;
}

static int
isnum(const struct tok *t)
{
	struct bs_dec d;
	double v;

	return bs_parse_number(t->s, t->len, &d, &v) == BS_NUM_OK &&
	    isfinite(v);
}

static int
tokis(const struct tok *t, const char *w)
{
	return t->len == strlen(w) && memcmp(t->s, w, t->len) == 0;
}

/* A column the reader names itself: no unit or parameter may be one. */
static int
reserved(const struct tok *t)
{
	return tokis(t, "name") || tokis(t, "run");
}

/* A unit: a word that starts with a letter ("pages", "MB/sec"). */
static int
isunit(const struct tok *t)
{
	return t->len > 0 && isalpha((unsigned char)t->s[0]) && !isnum(t) &&
	    !reserved(t);
}

/* Index of lmbench's own unit word t in units[], or -1. */
static int
lmunit(const struct tok *t)
{
	for (size_t i = 0; i < NUNITS; i++)
		if (tokis(t, units[i].word))
			return (int)i;
	return -1;
}

/*
 * "LABEL: N [UNIT] [N UNIT]...": the label and the fields after the
 * last ": " in *lab, t[0..*nt).  0 when the line is no such line.
 */
static int
resultline(const char *s, size_t ll, struct tok *lab, struct tok *t,
    size_t *nt)
{
	size_t i = ll, n;

	while (i > 0 && !(s[i - 1] == ':' && i < ll && (s[i] == ' ' ||
	    s[i] == '\t')))
		i--;
	if (i < 2 || s[0] == '"' || s[0] == '[' || s[0] == '#')
		return 0;
	lab->s = s;
	lab->len = i - 1;
	bs_trim(&lab->s, &lab->len);
	n = tokens(s + i, ll - i, t, LM_MAXT);
	if (lab->len == 0 || n == 0 || n > LM_MAXT || (n > 1 && n % 2 == 1))
		return 0;
	for (size_t k = 0; k < n; k += 2)
		if (!isnum(&t[k]) || (k + 1 < n && !isunit(&t[k + 1])))
			return 0;
	*nt = n;
	return 1;
}

/* "SIZEk" of lat_fs: the digits before the k. */
static int
kilo(const struct tok *t, struct tok *dig)
{
	size_t i = 0;

	while (i < t->len && isdigit((unsigned char)t->s[i]))
		i++;
	if (i == 0 || i + 1 != t->len || t->s[i] != 'k')
		return 0;
	dig->s = t->s;
	dig->len = i;
	return 1;
}

/*
 * What a line is.  strict: a result line says lmbench only in one of
 * lmbench's units.
 */
static enum line
classify(const char *s, size_t ll, int strict)
{
	struct tok t[LM_MAXT], lab, d;
	size_t n, k;

	bs_trim(&s, &ll);
	if (ll == 0)
		return L_BLANK;
	n = tokens(s, ll, t, LM_MAXT);
	if (s[0] == '[')
		return ll > 8 && memcmp(s, "[lmbench", 8) == 0 ? L_BANNER :
		    s[ll - 1] == ']' ? L_META : L_OTHER;
	if (s[0] == '"')
		return ll > 1 && memchr(s + 1, '"', ll - 1) == NULL ?
		    L_HEADER : L_OTHER;
	if (s[0] == '#')
		return L_OTHER;
	if (resultline(s, ll, &lab, t, &n)) {
		if (n == 1 && tokis(&t[0], "-1"))
			return L_FAILED;
		for (k = 1; strict && k < n; k += 2)
			if (lmunit(&t[k]) >= 0)
				return L_RESULT;
		return strict ? L_OTHER : L_RESULT;
	}
	if ((n == 2 || n == 3) && isnum(&t[0]) && isnum(&t[1]) &&
	    (n == 2 || isunit(&t[2])))
		return L_PAIR;
	if (n == 4 && kilo(&t[0], &d) && isnum(&t[1]) && isnum(&t[2]) &&
	    isnum(&t[3]))
		return L_FS;
	if (isalpha((unsigned char)s[0]) && memchr(s, ':', ll) == NULL)
		return L_TITLE;
	return L_OTHER;
}

/* Words of a line (a title's, for detection). */
static size_t
words(const char *s, size_t ll)
{
	struct tok t[1];

	return tokens(s, ll, t, 1);
}

static int
bs_lmbench_detect(const char *p, size_t len, int loose)
{
	const char *s;
	size_t pos = 0, ll, n = 0, w[3] = { 0, 0, 0 };
	enum line c[3] = { L_OTHER, L_OTHER, L_OTHER };

	while (n < 3 && bs_nextline(p, len, &pos, &s, &ll)) {
		enum line k = classify(s, ll, !loose);

		if (k == L_BLANK || (ll > 0 && s[0] == '#'))
			continue;
		w[n] = words(s, ll);
		c[n++] = k;
	}
	if (c[0] == L_BANNER || c[0] == L_RESULT ||
	    (c[0] == L_HEADER && c[1] == L_PAIR) ||
	    (c[0] == L_TITLE && c[1] == L_HEADER && c[2] == L_PAIR))
		return 1;
	/*
	 * Given blank-aligned text to read: lmbench's tables without
	 * their header, which ws cannot read, and a title over them
	 * unless it names as many columns as the lines have (a table).
	 */
	return loose && (c[0] == L_PAIR || c[0] == L_FAILED ||
	    (c[0] == L_TITLE && c[1] == L_PAIR && w[0] != w[1]));
}

/* ------------------------------------------------------------------ */

static char *
dup(struct lm *m, const char *s, size_t n)
{
	char *d = bs_strndup(s, n);

	if (d == NULL)
		m->r.failed = 1;
	return d;
}

static void
endseries(struct lm *m)
{
	for (size_t i = 0; i < m->np; i++) {
		free(m->pcol[i]);
		free(m->pval[i]);
	}
	m->np = 0;
	free(m->sname);
	m->sname = NULL;
	m->inseries = 0;
	m->kind = K_NONE;
}

static void
endtitle(struct lm *m)
{
	free(m->title);
	free(m->titlekeys);
	m->title = m->titlekeys = NULL;
	m->titlerows = 0;
}

static enum kind
kindofname(const char *name)
{
	if (name == NULL)
		return K_NONE;
	if (strcasestr(name, "bandwidth") || strcasestr(name, "bcopy"))
		return K_BW;
	if (strcasestr(name, "mappings"))
		return K_MMAP;
	if (strcasestr(name, "parallelism"))
		return K_PAR;
	return K_NONE;
}

static void
title(struct lm *m, const char *s, size_t ll)
{
	endseries(m);
	endtitle(m);
	bs_trim(&s, &ll);
	m->title = dup(m, s, ll);
	m->sname = dup(m, s, ll);
	m->kind = kindofname(m->sname);
	m->inseries = 1;
}

/* A quoted header: its KEY=VALUE words, its name, the title over it. */
static void
header(struct lm *m, const char *s, size_t ll)
{
	struct tok t[LM_MAXT], d;
	struct bs_sbuf name = { 0 }, keys = { 0 };
	size_t n, i;
	int rc = 0;

	endseries(m);
	s++;
	ll--;
	n = tokens(s, ll, t, LM_MAXT);
	for (i = 0; i < n && i < LM_MAXT; i++) {
		const char *eq = memchr(t[i].s, '=', t[i].len);

		if (eq == NULL || eq == t[i].s || eq + 1 == t[i].s + t[i].len) {
			rc |= (name.len > 0 ? bs_sbuf_add(&name, " ", 1) : 0) |
			    bs_sbuf_add(&name, t[i].s, t[i].len);
			continue;
		}
		if (m->np == LM_MAXP)
			continue;
		{
			struct tok k = { t[i].s, (size_t)(eq - t[i].s) };
			struct tok v = { eq + 1, t[i].len - k.len - 1 };
			char *c;

			if (reserved(&k))
				continue;

			rc |= bs_sbuf_add(&keys, k.s, k.len) |
			    bs_sbuf_add(&keys, " ", 1);
			if (kilo(&v, &d)) {
				if ((c = malloc(k.len + 4)) != NULL)
					snprintf(c, k.len + 4, "%.*s_kb",
					    (int)k.len, k.s);
				v = d;
			} else
				c = bs_strndup(k.s, k.len);
			m->pcol[m->np] = c;
			m->pval[m->np] = bs_strndup(v.s, v.len);
			if (c == NULL || m->pval[m->np] == NULL)
				rc = -1;
			m->np++;
			if (tokis(&k, "stride"))
				m->kind = K_MEMRD;
			else if ((tokis(&k, "ovr") || tokis(&k, "size")) &&
			    m->kind != K_MEMRD)
				m->kind = K_CTX;
			else if (tokis(&k, "jobs") && m->kind == K_NONE)
				m->kind = K_PMAKE;
		}
	}
	if (rc != 0 || bs_sbuf_add(&keys, "", 1) == -1 ||
	    bs_sbuf_add(&name, "", 1) == -1) {
		m->r.failed = 1;
		goto out;
	}
	if (m->np > 0 && name.p[0] == '\0') {
		/* Parameters alone: the title's series, or the program's. */
		if (m->title != NULL && !m->titlerows && (m->titlekeys ==
		    NULL || strcmp(m->titlekeys, keys.p) == 0)) {
			if (m->titlekeys == NULL) {
				m->titlekeys = keys.p;
				keys.p = NULL;
			}
			m->sname = dup(m, m->title, strlen(m->title));
		} else {
			endtitle(m);
			if (kinds[m->kind].prog != NULL)
				m->sname = dup(m, kinds[m->kind].prog,
				    strlen(kinds[m->kind].prog));
		}
	} else {
		endtitle(m);
		if (name.p[0] != '\0') {
			m->sname = name.p;
			name.p = NULL;
		}
	}
	if (m->kind == K_NONE)
		m->kind = kindofname(m->sname);
	m->inseries = 1;
out:
	bs_sbuf_free(&name);
	bs_sbuf_free(&keys);
}

/*
 * Start a row: its name, the series' parameters, and its run, the
 * count of rows so far with the same name, parameters and id (X).
 */
static void
startrow(struct lm *m, const char *name, size_t nl, int params,
    const char *id, size_t il)
{
	struct bs_sbuf k = { 0 };
	long idx;
	int rc;

	if (name != NULL && nl > 0)
		bs_rows_setn(&m->r, "name", name, nl);
	rc = bs_sbuf_add(&k, name ? name : "", name ? nl : 0);
	for (size_t i = 0; params && i < m->np; i++) {
		bs_rows_set(&m->r, m->pcol[i], m->pval[i]);
		rc |= bs_sbuf_add(&k, "\x1f", 1) |
		    bs_sbuf_add(&k, m->pcol[i], strlen(m->pcol[i])) |
		    bs_sbuf_add(&k, "=", 1) |
		    bs_sbuf_add(&k, m->pval[i], strlen(m->pval[i]));
	}
	rc |= bs_sbuf_add(&k, "\x1f", 1) | bs_sbuf_add(&k, id, il);
	if (rc != 0) {
		bs_sbuf_free(&k);
		m->r.failed = 1;
		return;
	}
	if ((idx = bs_strhash_get(&m->runh, k.p, k.len)) >= 0) {
		bs_sbuf_free(&k);
		m->runn[idx]++;
	} else if (bs_grow(&m->runkey, &m->keycap, m->nrun + 1,
	    sizeof(*m->runkey)) == -1 || bs_grow(&m->runn, &m->runcap,
	    m->nrun + 1, sizeof(*m->runn)) == -1 ||
	    bs_strhash_put(&m->runh, k.p, k.len, m->nrun) == -1) {
		bs_sbuf_free(&k);
		m->r.failed = 1;
		return;
	} else {
		idx = (long)m->nrun;
		m->runkey[m->nrun] = k.p;
		m->runn[m->nrun++] = 1;
	}
	bs_rows_setint(&m->r, "run", m->runn[idx]);
}

static void
failed(struct lm *m, const char *name, size_t nl, size_t line)
{
	if (m->failed++ == 0) {
		m->failname = dup(m, name, nl);
		m->failline = line;
	}
}

/* A number in the column its unit names; lmbench's units noted. */
static void
setval(struct lm *m, const struct tok *v, const char *col, size_t cl)
{
	char buf[128];
	int u;

	snprintf(buf, sizeof(buf), "%.*s", (int)(cl < 127 ? cl : 127), col);
	for (u = 0; u < (int)NUNITS; u++)
		if (strcmp(buf, units[u].word) == 0)
			m->seen |= 1u << u;
	bs_rows_setn(&m->r, buf, v->s, v->len);
}

static void
result(struct lm *m, const char *s, size_t ll, size_t line)
{
	struct tok lab, t[LM_MAXT];
	size_t n;

	endseries(m);
	endtitle(m);
	if (!resultline(s, ll, &lab, t, &n))
		return;
	if (n == 1 && tokis(&t[0], "-1")) {
		failed(m, lab.s, lab.len, line);
		return;
	}
	startrow(m, lab.s, lab.len, 0, "", 0);
	if (n == 1)
		setval(m, &t[0], "value", 5);
	for (size_t k = 0; k + 1 < n; k += 2)
		setval(m, &t[k], t[k + 1].s, t[k + 1].len);
	bs_rows_endrow(&m->r, line);
}

static void
pair(struct lm *m, const char *s, size_t ll, size_t line)
{
	struct tok t[3];
	const char *y = kinds[m->kind].y;
	size_t n = tokens(s, ll, t, 3);

	if (m->title != NULL && m->titlekeys == NULL && m->inseries)
		m->titlerows = 1;
	startrow(m, m->sname, m->sname ? strlen(m->sname) : 0, 1, t[0].s,
	    t[0].len);
	bs_rows_setn(&m->r, kinds[m->kind].x, t[0].s, t[0].len);
	if (n == 3)
		setval(m, &t[1], t[2].s, t[2].len);
	else
		setval(m, &t[1], y, strlen(y));
	bs_rows_endrow(&m->r, line);
}

/* lat_fs: "SIZEk FILES CREATES REMOVES", -1 where it failed. */
static void
fsline(struct lm *m, const char *s, size_t ll, size_t line)
{
	static const char *const cols[] = { "files", "creates_per_sec",
	    "removes_per_sec" };
	const char *name = m->sname ? m->sname : "lat_fs";
	struct tok t[4], d;

	tokens(s, ll, t, 4);
	kilo(&t[0], &d);
	startrow(m, name, strlen(name), 1, d.s, d.len);
	bs_rows_setn(&m->r, "size_kb", d.s, d.len);
	for (int i = 0; i < 3; i++)
		if (tokis(&t[i + 1], "-1"))
			failed(m, name, strlen(name), line);
		else
			bs_rows_setn(&m->r, cols[i], t[i + 1].s, t[i + 1].len);
	bs_rows_endrow(&m->r, line);
}

/* "[KEY: value]" and the banner "[lmbench3.0 results for UNAME]". */
static void
meta(struct lm *m, const char *s, size_t ll)
{
	const char *k, *v, *c;
	size_t kl, vl;
	char *key, *val;

	if (m->cb->meta == NULL)
		return;
	s++;
	ll -= s[ll - 2] == ']' ? 2 : 1;
	if (ll > 7 && memcmp(s, "lmbench", 7) == 0 &&
	    (c = memmem(s, ll, " results for ", 13)) != NULL) {
		k = "uname";
		kl = 5;
		v = c + 13;
		vl = ll - (size_t)(v - s);
	} else {
		for (kl = 0; kl < ll && s[kl] != ':' && s[kl] != ' ' &&
		    s[kl] != '\t'; kl++)
			;
		if (kl == 0 || kl + 1 >= ll || s[kl] != ':' ||
		    (s[kl + 1] != ' ' && s[kl + 1] != '\t'))
			return;
		k = s;
		v = s + kl + 1;
		vl = ll - kl - 1;
	}
	bs_trim(&v, &vl);
	key = bs_strndup(k, kl);
	val = bs_strndup(v, vl);
	if (key != NULL && val != NULL) {
		for (char *p = key; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		m->cb->meta(m->cb->arg, key, val);
	}
	free(key);
	free(val);
}

static void
comment(struct lm *m, const char *s, size_t ll)
{
	const char *k, *v;
	size_t kl, vl;
	char *key, *val;

	if (m->cb->meta == NULL || !bs_meta_comment(s, ll, &k, &kl, &v, &vl))
		return;
	key = bs_strndup(k, kl);
	val = bs_strndup(v, vl);
	if (key != NULL && val != NULL)
		m->cb->meta(m->cb->arg, key, val);
	free(key);
	free(val);
}

static void
lm_free(struct lm *m)
{
	endseries(m);
	endtitle(m);
	for (size_t i = 0; i < m->nrun; i++)
		free(m->runkey[i]);
	free(m->runkey);
	free(m->runn);
	bs_strhash_free(&m->runh);
	free(m->failname);
	bs_rows_free(&m->r);
}

static int
bs_read_lmbench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct lm m;
	const char *l;
	size_t pos, ll, line = 0;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&m, 0, sizeof(m));
	m.cb = cb;
	pos = bs_skipbom(s->win, s->len);
	while (!m.r.failed && bs_nextline(s->win, s->len, &pos, &l, &ll)) {
		line++;
		bs_trim(&l, &ll);
		switch (classify(l, ll, 0)) {
		case L_BLANK:
			if (m.title != NULL && m.titlerows)
				endtitle(&m);
			endseries(&m);
			break;
		case L_BANNER:
		case L_META:
			meta(&m, l, ll);
			break;
		case L_RESULT:
		case L_FAILED:
			result(&m, l, ll, line);
			break;
		case L_HEADER:
			header(&m, l, ll);
			break;
		case L_PAIR:
			pair(&m, l, ll, line);
			break;
		case L_FS:
			fsline(&m, l, ll, line);
			break;
		case L_TITLE:
			title(&m, l, ll);
			break;
		default:
			if (ll > 0 && l[0] == '#')
				comment(&m, l, ll);
			break;
		}
	}
	for (size_t u = 0; u < NUNITS; u++)
		if (m.seen & 1u << u)
			bs_rows_unit(&m.r, units[u].word, units[u].unit);
	if (bs_strhash_get(&m.r.colh, "ovr", 3) >= 0)
		bs_rows_unit(&m.r, "ovr", "us");
	if (m.failed > 0)
		bs_reader_warn(cb, "lmbench: %zu failed measurement%s (-1) "
		    "left out, the first of '%s' on line %zu", m.failed,
		    m.failed > 1 ? "s" : "", m.failname ? m.failname : "",
		    m.failline);
	rc = bs_rows_emit(&m.r, s->name, "lmbench", cb, e);
	lm_free(&m);
	return rc;
}

/* Its results file, by its "[lmbench" banner: before JSON arrays. */
static int
detect_results(const char *p, size_t len)
{
	return bs_opens(p, len, '[') && bs_lmbench_detect(p, len, 0);
}

/* Its lines by the first ones: its banner, units or table header. */
static int
detect_lines(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_lmbench_detect(p, len, 0);
}

/* Of the text given to ws, the tables only lmbench writes, too. */
static int
claim(const char *p, size_t len)
{
	return bs_lmbench_detect(p, len, 1);
}

static const char *const metacols[] = { "run", "stride", "size_kb", "ovr",
    "jobs", "size_mb", "procs", "usecs", "files", NULL };
static const struct bs_idcol idcols[] = { { "name", 0 },
    { "stride", BS_ID_VARIES }, { "size_kb", BS_ID_VARIES },
    { "jobs", BS_ID_VARIES }, { "size_mb", BS_ID_VARIES },
    { "procs", BS_ID_VARIES }, { "usecs", BS_ID_VARIES },
    { NULL, 0 } };

/*
 * Its lines asked last: of the other formats' lines, some would pass for
 * its own.
 */
const struct bs_fmt bs_fmt_lmbench = {
	.name = "lmbench",
	.detect = { { detect_results, 90 }, { detect_lines, 220 } },
	.under = &bs_fmt_ws,
	.claim = claim,
	.read = bs_read_lmbench,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
