/*
 * go test -bench text (the benchfmt of golang.org/x/perf): one row per
 * result line, its unit pairs as columns, the configuration lines
 * ("goos: linux") above it as columns too.  go test -json (test2json
 * events) is read by joining the output events of each package.
 *
 * The name's -N suffix is GOMAXPROCS, which Go leaves out when it is 1,
 * so "Dash/size-100" may be the sub-benchmark size-100 at one
 * processor.  The input is read twice: first every name, so that a
 * suffix is taken for procs only when the other lines of the package
 * agree (see procs_split()).  When several packages are read, a name
 * is prefixed by its package ("example.com/bq/sub.Hash"), as benchstat
 * keeps packages apart.
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/* A set of strings it owns, found by content. */
struct goset {
	struct bs_strhash h;
	char		**s;
	size_t		 n, cap;
};

static long
goset_get(const struct goset *g, const char *s, size_t len)
{
	return bs_strhash_get(&g->h, s, len);
}

/* Add s (when absent); its index, or -1 out of memory. */
static long
goset_add(struct goset *g, const char *s, size_t len)
{
	long i = goset_get(g, s, len);

	if (i >= 0)
		return i;
	if (bs_grow(&g->s, &g->cap, g->n + 1, sizeof(*g->s)) == -1 ||
	    (g->s[g->n] = bs_strndup(s, len)) == NULL)
		return -1;
	if (bs_strhash_put(&g->h, g->s[g->n], len, g->n) == -1) {
		free(g->s[g->n]);
		return -1;
	}
	return (long)g->n++;
}

static void
goset_free(struct goset *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->s[i]);
	free(g->s);
	bs_strhash_free(&g->h);
}

struct kvpair {
	char	*k, *v;
};

struct goctx {
	struct bs_rows	*r;
	int		 pass;		/* 1: names only; 2: rows */
	int		 nolines;	/* test2json: no line of the input */
	struct goset	 names;		/* pkg \037 raw name */
	struct goset	 pkgs;
	struct goset	 procs;		/* pkg \037 N: seen with and without */
	int		*unsuffixed;	/* per package: a name has no -N */
	size_t		 ucap;
	struct goset	 sfx;		/* pkg \037 N: a trailing -N */
	size_t		*nsfx;		/* per sfx: names that end so */
	size_t		 scap;
	struct bs_sbuf	 key;
	const struct bs_reader_cb *cb;	/* configuration lines as metadata */
};

/* Is s[0..len) a configuration key (lower-case start, no space/upper)? */
static int
configkey(const char *s, size_t len)
{
	if (len == 0 || !islower((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (isspace((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Length of the digits of a trailing "-N" of s[0..len), or 0. */
static size_t
dashnum(const char *s, size_t len)
{
	size_t d = 0;

	while (d < len && isdigit((unsigned char)s[len - 1 - d]))
		d++;
	return d > 0 && d < len && s[len - 1 - d] == '-' ? d : 0;
}

/* key = pkg \037 s[0..len) */
static const char *
mkkey(struct goctx *c, const char *pkg, const char *s, size_t len)
{
	char sep = '\037', nul = '\0';

	c->key.len = 0;
	if (bs_sbuf_add(&c->key, pkg, strlen(pkg)) == -1 ||
	    bs_sbuf_add(&c->key, &sep, 1) == -1 ||
	    bs_sbuf_add(&c->key, s, len) == -1 ||
	    bs_sbuf_add(&c->key, &nul, 1) == -1) {
		c->r->failed = 1;
		return NULL;
	}
	c->key.len--;
	return c->key.p;
}

/*
 * Where the procs suffix of name[0..len) starts (the '-'), or len when
 * it has none.  A trailing -N is procs when N is a GOMAXPROCS value of
 * the package, known from a benchmark seen both without a suffix (at
 * 1) and with -N; a name that itself is seen again with such a suffix
 * has none.  When no name of the package lacks a suffix, every line
 * was run with GOMAXPROCS above 1 and each trailing -N is procs;
 * otherwise an -N is procs when two or more names end in it.
 */
static size_t
procs_split(struct goctx *c, const char *pkg, long pi, const char *name,
    size_t len)
{
	size_t d = dashnum(name, len), pl = strlen(pkg);
	int anyprocs = 0;

	/* Seen again with a suffix: this one is at GOMAXPROCS 1. */
	for (size_t i = 0; i < c->procs.n; i++) {
		const char *k = c->procs.s[i], *kk;

		if (strncmp(k, pkg, pl) != 0 || k[pl] != '\037')
			continue;
		anyprocs = 1;
		if (mkkey(c, pkg, name, len) == NULL ||
		    bs_sbuf_add(&c->key, "-", 1) == -1 ||
		    bs_sbuf_add(&c->key, k + pl + 1, strlen(k + pl + 1)) == -1) {
			c->r->failed = 1;
			return len;
		}
		kk = c->key.p;
		if (goset_get(&c->names, kk, c->key.len) >= 0)
			return len;
	}
	if (d == 0)
		return len;
	if (anyprocs) {
		if (mkkey(c, pkg, name + len - d, d) == NULL)
			return len;
		return goset_get(&c->procs, c->key.p, c->key.len) >= 0 ?
		    len - d - 1 : len;
	}
	if (pi < 0 || (size_t)pi >= c->ucap || !c->unsuffixed[pi])
		return len - d - 1;
	if (mkkey(c, pkg, name + len - d, d) == NULL)
		return len;
	pi = goset_get(&c->sfx, c->key.p, c->key.len);
	return pi >= 0 && c->nsfx[pi] >= 2 ? len - d - 1 : len;
}

/* Pass 1: what the names of the package say about GOMAXPROCS. */
static void
note_name(struct goctx *c, const char *pkg, const char *name)
{
	size_t len = strlen(name), d = dashnum(name, len);
	size_t old = c->ucap;
	long pi;

	if ((pi = goset_add(&c->pkgs, pkg, strlen(pkg))) < 0 ||
	    bs_grow(&c->unsuffixed, &c->ucap, (size_t)pi + 1,
	    sizeof(*c->unsuffixed)) == -1 ||
	    mkkey(c, pkg, name, len) == NULL ||
	    goset_add(&c->names, c->key.p, c->key.len) < 0) {
		c->r->failed = 1;
		return;
	}
	memset(c->unsuffixed + old, 0, (c->ucap - old) *
	    sizeof(*c->unsuffixed));
	if (d == 0)
		c->unsuffixed[pi] = 1;
}

/* Pass 1's end: the suffixes seen on a name also seen without one. */
static void
note_procs(struct goctx *c)
{
	for (size_t i = 0; i < c->names.n; i++) {
		const char *k = c->names.s[i], *sep = strchr(k, '\037');
		size_t len = strlen(k), d = dashnum(k, len);
		char *base;

		size_t old = c->scap;
		long si;

		if (d == 0 || sep == NULL || (size_t)(sep - k) + 1 >= len - d)
			continue;
		if ((base = malloc((size_t)(sep - k) + 2 + d)) == NULL) {
			c->r->failed = 1;
			return;
		}
		memcpy(base, k, (size_t)(sep - k) + 1);
		memcpy(base + (sep - k) + 1, k + len - d, d);
		base[(sep - k) + 1 + d] = '\0';
		if ((si = goset_add(&c->sfx, base, strlen(base))) < 0 ||
		    bs_grow(&c->nsfx, &c->scap, c->sfx.n, sizeof(*c->nsfx)) ==
		    -1 || (goset_get(&c->names, k, len - d - 1) >= 0 &&
		    goset_add(&c->procs, base, strlen(base)) < 0)) {
			free(base);
			c->r->failed = 1;
			return;
		}
		memset(c->nsfx + old, 0, (c->scap - old) * sizeof(*c->nsfx));
		c->nsfx[si]++;
		free(base);
	}
}

static void
result_line(struct goctx *c, char **tok, int nt, const char *pkg,
    const struct kvpair *cfg, size_t ncfg, size_t line)
{
	char *name = tok[0] + 9;
	size_t len = strlen(name), cut;
	long pi = goset_get(&c->pkgs, pkg, strlen(pkg));

	if (c->pass == 1) {
		note_name(c, pkg, name);
		return;
	}
	cut = procs_split(c, pkg, pi, name, len);
	if (c->pkgs.n > 1 && pkg[0] != '\0') {
		/* Several packages: the package is part of the name. */
		if (mkkey(c, pkg, name, cut) == NULL)
			return;
		c->key.p[strlen(pkg)] = '.';
		bs_rows_set(c->r, "name", c->key.p);
	} else
		bs_rows_setn(c->r, "name", name, cut);
	bs_rows_set(c->r, "procs", cut < len ? name + cut + 1 : "1");
	bs_rows_set(c->r, "iterations", tok[1]);
	for (int t = 2; t + 1 < nt; t += 2)
		bs_rows_set(c->r, tok[t + 1], tok[t]);
	for (size_t i = 0; i < ncfg; i++)
		if (cfg[i].v[0])
			bs_rows_set(c->r, cfg[i].k, cfg[i].v);
	bs_rows_endrow(c->r, c->nolines ? 0 : line);
}

static void
gobench(struct goctx *c, const char *p, size_t len)
{
	struct kvpair *cfg = NULL;
	size_t ncfg = 0, cap = 0, pos = 0, line = 0, i;
	char *tok[64];	/* whole tokens: a number cut short is another */
	int inlog = 0;

	while (pos < len && !c->r->failed) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll;
		const char *s = p + pos, *col, *pkg;
		int nt = 0;

		line++;
		ll = end - pos;
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		pos = end + 1;
		/*
		 * b.Log's lines follow "--- BENCH: name", indented; they
		 * are the benchmark's own text, never results or context.
		 */
		if (ll >= 4 && memcmp(s, "--- ", 4) == 0) {
			inlog = 1;
			continue;
		}
		if (inlog && ll > 0 && (s[0] == ' ' || s[0] == '\t'))
			continue;
		inlog = 0;
		if (ll > 9 && memcmp(s, "Benchmark", 9) == 0 &&
		    !isspace((unsigned char)s[9])) {
			size_t k = 0, l;
			char *iend;

			/* Split at runs of blanks. */
			while (k < ll && nt < 64) {
				while (k < ll && (s[k] == ' ' || s[k] == '\t'))
					k++;
				if (k == ll)
					break;
				l = k;
				while (k < ll && s[k] != ' ' && s[k] != '\t')
					k++;
				if ((tok[nt] = bs_strndup(s + l, k - l)) == NULL) {
					c->r->failed = 1;
					break;
				}
				nt++;
			}
			/* A name alone, or no result, is no row. */
			if (!c->r->failed && nt >= 4 && (nt % 2) == 0) {
				strtoll(tok[1], &iend, 10);
				pkg = "";
				for (i = 0; i < ncfg; i++)
					if (strcmp(cfg[i].k, "pkg") == 0)
						pkg = cfg[i].v;
				if (*iend == '\0')
					result_line(c, tok, nt, pkg, cfg, ncfg,
					    line);
			}
			while (nt > 0)
				free(tok[--nt]);
			continue;
		}
		col = memchr(s, ':', ll);
		if (col && configkey(s, (size_t)(col - s)) &&
		    (col + 1 == s + ll || col[1] == ' ' || col[1] == '\t')) {
			size_t kl = (size_t)(col - s);
			const char *v = col + 1;
			size_t vl = ll - kl - 1;

			while (vl > 0 && (*v == ' ' || *v == '\t'))
				v++, vl--;
			for (i = 0; i < ncfg; i++)
				if (strlen(cfg[i].k) == kl &&
				    memcmp(cfg[i].k, s, kl) == 0)
					break;
			if (i == ncfg) {
				if (bs_grow(&cfg, &cap, ncfg + 1,
				    sizeof(*cfg)) == -1) {
					c->r->failed = 1;
					break;
				}
				cfg[ncfg].k = bs_strndup(s, kl);
				cfg[ncfg].v = NULL;
				ncfg++;
			}
			free(cfg[i].v);
			cfg[i].v = bs_strndup(v, vl);
			if (cfg[i].k == NULL || cfg[i].v == NULL)
				c->r->failed = 1;
			/* The last value of a key is what the run had. */
			else if (c->pass == 2 && c->cb->meta != NULL)
				c->cb->meta(c->cb->arg, cfg[i].k, cfg[i].v);
		}
	}
	for (i = 0; i < ncfg; i++) {
		free(cfg[i].k);
		free(cfg[i].v);
	}
	free(cfg);
}

/*
 * Custom units only ("BenchmarkSize 1 100 text-bytes"): a result line
 * is told by its shape, a name, a whole iteration count, then value
 * and unit pairs whose values are numbers.
 */
static int
resultshape(const char *s, size_t len)
{
	size_t i = 0, nt = 0;

	while (i < len) {
		size_t w;

		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		if (i == len)
			break;
		for (w = i; i < len && s[i] != ' ' && s[i] != '\t' &&
		    s[i] != '\r'; i++)
			;
		if (nt == 1 && strspn(s + w, "0123456789") != i - w)
			return 0;
		if (nt >= 2 && nt % 2 == 0 && (!isdigit((unsigned char)s[w]) ||
		    strspn(s + w, "0123456789.eE+-") != i - w))
			return 0;
		nt++;
	}
	return nt >= 4 && nt % 2 == 0;
}

/* A go test -bench result line anywhere in the first lines. */
static int
bs_gobench_detect(const char *p, size_t len)
{
	for (size_t pos = 0; pos < len; ) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len;

		if (end - pos > 12 && memcmp(p + pos, "Benchmark", 9) == 0) {
			const char *t = memchr(p + pos, '\t', end - pos);
			const char *sp = memchr(p + pos, ' ', end - pos);

			if ((t || sp) && (memmem(p + pos, end - pos, "/op", 3) ||
			    memmem(p + pos, end - pos, "/s", 2) ||
			    resultshape(p + pos, end - pos)))
				return 1;
		}
		if (nl == NULL)
			break;
		pos = end + 1;
	}
	return 0;
}

/* go test -json: test2json events, one JSON object a line. */
static int
bs_gobench_json_detect(const char *p, size_t len)
{
	return len > 0 && p[0] == '{' && bs_contains(p, len, "\"Action\":\"") &&
	    bs_contains(p, len, "\"Package\":\"");
}

/*
 * The output of each package, joined in the order of its events: one
 * line of output may come in several events, and packages run at once
 * may interleave theirs.
 */
static int
test2json(struct bs_src *s, struct bs_sbuf *out, struct bs_err *e)
{
	struct goset pk = { 0 };
	struct bs_sbuf *bufs = NULL;
	size_t bcap = 0, pos = 0, line = 0;
	int rc = -1;

	while (pos < s->len) {
		const char *p = s->win + pos, *nl = memchr(p, '\n',
		    s->len - pos);
		size_t ll = nl ? (size_t)(nl - p) : s->len - pos;
		const char *act, *pkg, *o;
		json_error_t je;
		json_t *ev;
		long i;

		line++;
		pos += ll + 1;
		if (bs_json_skipws(p, 0, ll) == ll)
			continue;
		if ((ev = json_loadb(p, ll, 0, &je)) == NULL) {
			bs_seterr(e, s->name, line, "not a go test -json "
			    "event: %s", je.text);
			goto out;
		}
		act = json_string_value(json_object_get(ev, "Action"));
		pkg = json_string_value(json_object_get(ev, "Package"));
		o = json_string_value(json_object_get(ev, "Output"));
		if (act && strcmp(act, "output") == 0 && o != NULL) {
			size_t old = bcap;

			if (pkg == NULL)
				pkg = "";
			/* Room first, so that every package has its buffer. */
			if (bs_grow(&bufs, &bcap, pk.n + 1, sizeof(*bufs)) ==
			    -1) {
				json_decref(ev);
				goto oom;
			}
			memset(bufs + old, 0, (bcap - old) * sizeof(*bufs));
			if ((i = goset_add(&pk, pkg, strlen(pkg))) < 0 ||
			    bs_sbuf_add(&bufs[i], o, strlen(o)) == -1) {
				json_decref(ev);
				goto oom;
			}
		}
		json_decref(ev);
	}
	rc = 0;
	for (size_t i = 0; i < pk.n && rc == 0; i++)
		if (bufs[i].len > 0 && (bs_sbuf_add(out, bufs[i].p,
		    bufs[i].len) == -1 || bs_sbuf_add(out, "\n", 1) == -1))
			rc = bs_seterr(e, s->name, 0, "out of memory");
	if (0) {
oom:
		bs_seterr(e, s->name, 0, "out of memory");
	}
out:
	for (size_t i = 0; i < pk.n; i++)
		bs_sbuf_free(&bufs[i]);
	free(bufs);
	goset_free(&pk);
	return rc;
}

static int
bs_read_gobench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	struct goctx c;
	struct bs_sbuf j = { 0 };
	const char *p;
	size_t len, i;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	p = s->win;
	len = s->len;
	i = bs_json_skipws(p, 0, len);
	memset(&c, 0, sizeof(c));
	if (i < len && p[i] == '{') {
		if (test2json(s, &j, e) == -1) {
			bs_sbuf_free(&j);
			return -1;
		}
		p = j.p ? j.p : "";
		len = j.len;
		c.nolines = 1;
	}
	memset(&r, 0, sizeof(r));
	c.r = &r;
	c.cb = cb;
	c.pass = 1;
	gobench(&c, p, len);
	note_procs(&c);
	c.pass = 2;
	gobench(&c, p, len);
	rc = bs_rows_emit(&r, s->name, "go test -bench", cb, e);
	bs_rows_free(&r);
	goset_free(&c.names);
	goset_free(&c.pkgs);
	goset_free(&c.procs);
	goset_free(&c.sfx);
	free(c.nsfx);
	free(c.unsuffixed);
	bs_sbuf_free(&c.key);
	bs_sbuf_free(&j);
	return rc;
}

/* go test -json events. */
static int
detect_json(const char *p, size_t len)
{
	return bs_opens(p, len, '{') && bs_gobench_json_detect(p, len);
}

/* go test -bench text. */
static int
detect_text(const char *p, size_t len)
{
	return !bs_opens_json(p, len) && bs_gobench_detect(p, len);
}

static const char *const metacols[] = { "procs", "iterations", NULL };
static const struct bs_idcol idcols[] = { { "name", 0 },
    { "procs", BS_ID_VARIES }, { "pkg", BS_ID_VARIES }, { NULL, 0 } };

const struct bs_fmt bs_fmt_gobench = {
	.name = "gobench",
	.label = "go test",
	.detect = { { detect_json, 50 }, { detect_text, 150 } },
	.read = bs_read_gobench,
	.name_errors = 1,
	.identity = idcols,
	.meta = metacols,
};
