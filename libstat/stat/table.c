/*
 * Tables: the records of one or more inputs, grouped by the values of
 * the group columns (first-appearance order, no sorting needed), with
 * each value column stored as a contiguous array of doubles per group.
 * That columnar layout costs 8 bytes a value and no allocation per cell.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "libstat.h"
#include "stat/stat.h"

enum colstate { COL_UNKNOWN, COL_NUMERIC, COL_TEXT };

struct tpriv {
	const struct bs_table_opts *o;
	char		*optgroups, *optcolumns, *optexclude;
	int		 file_group;
	const char	*curfile;	/* file being read (the last of fnames) */
	char		**fnames;	/* our copies: the caller frees its bufs */
	size_t		 nfnames, fncap;
	/* per group: the file and line of its first row */
	struct gsrc { const char *file; size_t line; } *gsrc;
	size_t		 ngsrc, gsrccap;
	size_t		 nfiles;
	/* value candidates: input column index -> slot, or -1 */
	long		*slot;
	size_t		 nslots;
	size_t		*slotcol;	/* slot -> input column */
	enum colstate	*state;		/* per slot */
	int		 explicit_cols;
	int		 plain;		/* plain input: the column is numeric */
	/* group hash: open addressing on key text */
	size_t		*hash;		/* group index + 1, 0 = empty */
	size_t		 hcap;
	struct bs_sbuf	 keybuf;
	/*
	 * What every group keeps for itself comes from one arena, not one
	 * malloc a piece (a million groups of one value each are common):
	 * its joined key, the key's fields (pointing into it), its series.
	 */
	struct bs_arena	 arena;
	char		**keytext;	/* per group: joined key */
	size_t		*keylen;
	uint64_t	*keyhash;	/* per group: bs_fnv1a() of its key */
	size_t		 gcap;
	long		 lastg;
	size_t		 rgcap;
	size_t		 ingcols;	/* group columns that come from input */
	const char *const *meta;	/* never value columns by default */
	/*
	 * Identity columns (bs_format_identity()) outside the group: the
	 * first value each group saw, ngroups x nid, and whether the group
	 * was found mixing values, to warn once per group and column (the
	 * first IDWARN_MAX groups of a column in full, then a count).
	 */
	const struct bs_idcol *ident;
	const struct bs_fmt *infmt;	/* the format of the first input */
	size_t		*idcols, nid;
	int		 pool;		/* -g '': pooled on purpose */
	unsigned char	*gvaries;	/* per group column: BS_ID_VARIES */
	size_t		*idmiss;	/* per default group column: rows
					   of this input without it */
	char		**idfirst;
	size_t		 idcap;
	unsigned char	*idmixed;
	size_t		 idmcap;
	size_t		*idcount;	/* per column: groups found mixing */
	size_t		*idcounted;	/* of those beyond IDWARN_MAX, said */
	int		 sawcomma;	/* a text column looked like 2,5 */
	int		 sawindex;	/* an index column was left out */
	/* per input column: left out by default for its index name only */
	unsigned char	*idxout;
	/*
	 * A percentile distribution's rows (BS_ROLE_PERCENTILE,
	 * BS_ROLE_QUANTILE): the percentile column (-1 none), the
	 * quantile columns (per input column), and per group the
	 * percentile of its first row holding a quantile, how many such
	 * rows it has, their range, whether they are of several
	 * percentiles; the first group found so and its file.
	 */
	long		 pctcol;
	unsigned char	*quant;
	double		*gpct, *gpmin, *gpmax;
	size_t		*gqrows;
	unsigned char	*gmixed;
	size_t		 gqcap;
	long		 mixg;
	char		*mixfile;
	/*
	 * Replication (bs_table_opts.levels): per group and level
	 * (ngroups x t->nrep, outermost level first), the unit of each
	 * row, found by its key (the input's number and the replicate
	 * columns' values down to the level) in the level's hash; the
	 * keys live in the arena.
	 */
	struct gunits {
		uint32_t	*row;
		size_t		 n, cap, nunits;
		struct bs_strhash h;
	}		*gu;
	size_t		 gucap;
	struct bs_sbuf	 ukey;
	/*
	 * --ok: its column (-1 none), how a cell is judged (a comparison
	 * with okcond, equal text oktext, or a success flag) and the
	 * judgement of the row being read.
	 */
	long		 okcol;
	enum { OK_CMP, OK_TEXT, OK_FLAG } okmode;
	struct bs_cond	 okcond;
	char		*oktext;
	int		 rowok;
	/*
	 * --every: the time column (-1 none), the seconds of its unit (0
	 * until the first stamp), and when that came from the magnitude of
	 * the first stamp, its order of magnitude (a later one must match).
	 */
	long		 tcol;
	double		 tsc;
	int		 tguess;
	/*
	 * Apdex's T of each slot in its values' unit (bs_table_opts.apdex_s
	 * taken in the column's time unit), set at the first row.
	 */
	double		*apdexT;
	size_t		 napdexT;
	/*
	 * The magnitudes a stamp may have, [tvlo, tvhi): with tguess those
	 * of the unit's order, else any; none until the first stamp.
	 */
	double		 tvlo, tvhi;
	/*
	 * Streaming windows: the seconds [wclo, wchi) known to be window
	 * wcj (empty at first), for the next stamp to be tested against
	 * before any division; and the window the last stamp outside them
	 * fell in (wcmissn when there is one): a second stamp there makes
	 * it the known one.
	 */
	double		 wclo, wchi;
	int64_t		 wcj, wcmiss;
	int		 wcmissn;
	int		 stream;	/* tcol, every and moments: windows */
	/*
	 * Rows may take on_record()'s short way (fast_record()): 1 yes, -1
	 * no, 0 not yet asked (fast_table(); again after a header, a role
	 * or a new slot).
	 */
	int		 fast;
	size_t		 fastk[4], nfast;	/* its slots not of text */
};

struct bs_table *
bs_table_new(const struct bs_table_opts *o)
{
	struct bs_table *t;
	struct tpriv *p;

	if ((t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	if ((p = calloc(1, sizeof(*p))) == NULL) {
		free(t);
		return NULL;
	}
	t->priv = p;
	p->o = o;
	p->file_group = o->file_group;
	p->lastg = -1;
	p->pctcol = -1;
	p->mixg = -1;
	p->okcol = -1;
	p->tcol = -1;
	return t;
}

static void
series_free(struct bs_series *s)
{
	free(s->v);
	free(s->ulp);
	free(s->raw);
	if (s->mom != NULL)	/* in the table's arena */
		bs_sketch_free(s->mom->sk);
}

/*
 * A series is stored shifted by its first value for accuracy; when a
 * value's difference from it overflows (values of opposite signs near
 * the largest double) the shift has nothing left to give, and the
 * series is re-based on zero: every value stored as parsed from then on.
 */
static void
reshift(struct bs_series *s)
{
	for (size_t i = 0; s->v != NULL && i < s->n; i++)
		if (!isnan(s->v[i]))
			s->v[i] += s->refd;
	if (s->mom != NULL && s->mom->n > 0) {
		s->mom->mean += s->refd;
	}
	memset(&s->ref, 0, sizeof(s->ref));
	s->refd = 0.0;
}

/* A parsed value relative to its series' reference. */
static double
shifted(struct bs_series *s, const struct bs_dec *d)
{
	double v = bs_dec_sub(d, &s->ref);

	if (isinf(v)) {
		reshift(s);
		v = bs_dec_sub(d, &s->ref);
	}
	return v;
}

/*
 * shifted(), the same double without bs_dec_sub()'s 128-bit arithmetic
 * in the common case: the same scale, exact integers whose difference
 * is below 2^53 (and so exact), a power of ten up to 1e22 (exact too):
 * one correctly rounded division, as bs_dec_sub() does then.  A zero
 * difference is +0, as there.  Streaming mode's cost on every value
 * (84 of 800 M instructions for 1M rows with --sketch).
 */
static double
shifted_same(struct bs_series *s, const struct bs_dec *d)
{
	if (d->exp == s->ref.exp && d->mant < (UINT64_C(1) << 53) &&
	    s->ref.mant < (UINT64_C(1) << 53) && d->exp >= -22 &&
	    d->exp <= 0) {
		double a = d->neg ? -(double)d->mant : (double)d->mant;
		double b = s->ref.neg ? -(double)s->ref.mant :
		    (double)s->ref.mant;
		double x = a - b;

		if (fabs(x) < 0x1p53)
			return x == 0.0 ? 0.0 : d->exp == 0 ? x :
			    x / bs_pow10[-d->exp];
	}
	return shifted(s, d);
}

/* The bits of a double, counting in the order of the doubles. */
static uint64_t
okey(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return (u >> 63) ? ~u : u | (UINT64_C(1) << 63);
}

/*
 * Store x, a value relative to the series' reference, whose double as
 * parsed is d.  Where refd + x is not d, the steps between them are noted
 * (see struct bs_series), or the series is re-based on zero when they are
 * too many to note.  Room for one more value has been made.
 */
static int
series_put(struct bs_series *s, double x, double d)
{
	double y = s->refd + x;
	uint64_t ky, kd, dist;

	if (s->raw)
		s->raw[s->n] = d;
	if (s->ulp)
		s->ulp[s->n] = 0;
	if (y != d) {
		ky = okey(y);
		kd = okey(d);
		dist = kd > ky ? kd - ky : ky - kd;
		if (dist > 127) {
			reshift(s);
			x = d;
		} else {
			if (s->ulp == NULL &&
			    (s->ulp = calloc(s->cap, sizeof(*s->ulp))) == NULL)
				return -1;
			s->ulp[s->n] = (signed char)(kd > ky ? (int)dist :
			    -(int)dist);
		}
	}
	s->v[s->n++] = x;
	return 0;
}

/*
 * Room for more values.  A series starts with room for 3 (the 24 bytes
 * of malloc's smallest chunk: most groups of a large table have a value
 * or two) and doubles.
 */
static int
series_grow(struct bs_series *s, int raw)
{
	size_t nc = s->cap ? s->cap * 2 : 3;
	double *v, *w;
	signed char *u;

	if (nc < s->cap || nc > SIZE_MAX / sizeof(double))
		return -1;
	if (raw) {
		if ((w = realloc(s->raw, nc * sizeof(*w))) == NULL)
			return -1;
		s->raw = w;
	}
	if (s->ulp != NULL) {
		if ((u = realloc(s->ulp, nc)) == NULL)
			return -1;
		s->ulp = u;
	}
	if ((v = realloc(s->v, nc * sizeof(*v))) == NULL)
		return -1;
	s->v = v;
	s->cap = nc;
	return 0;
}

/*
 * The exact sums of series s's moments end at a value that does not fit
 * them: the n values so far become Welford's running moments (of the
 * values shifted by the series' reference) and Neumaier's sum, which
 * go on from there.
 */
static void
moments_inexact(struct bs_moments *m, double refd)
{
	double sum = bs_xsum_sum(&m->x);

	m->mean = bs_xsum_mean(&m->x, m->n) - refd;
	m->m2 = bs_xsum_m2(&m->x, m->n);
	m->rsum = sum;
	m->rcomp = 0.0;
	m->x.on = 0;
}

/* Welford's and Neumaier's step: x shifted, raw as parsed. */
static void
moments_welford(struct bs_moments *m, double x, double raw)
{
	double d = m->rsum + raw;

	m->n++;
	/* Neumaier: what each addition of raw rounds off, kept apart. */
	m->rcomp += fabs(m->rsum) >= fabs(raw) ? (m->rsum - d) + raw :
	    (raw - d) + m->rsum;
	m->rsum = d;
	d = x - m->mean;
	m->mean += d / (double)m->n;
	m->m2 += d * (x - m->mean);	/* not finite once, never again */
}

/*
 * Streaming mode: count one row of a series, fold its value in: d as
 * parsed (NULL: missing), raw its double.  The moments come from the
 * arena a.  Exact sums while the values fit them (xsum.c), so that
 * parts of a file read apart merge into the sums of the whole.
 */
static inline __attribute__((always_inline)) int
moments_add(struct bs_arena *a, struct bs_series *s, size_t skip,
    const struct bs_dec *d, double raw, double sketch)
{
	struct bs_moments *m = s->mom;

	/* In the table's arena, as the series that points to it. */
	if (m == NULL) {
		if ((m = s->mom = bs_arena_alloc(a, sizeof(*m))) == NULL)
			return -1;
		memset(m, 0, sizeof(*m));
	}
	/* The sketch counts the value as parsed: its buckets are absolute. */
	if (sketch > 0 && d != NULL && s->n >= skip) {
		if (m->sk == NULL && (m->sk = bs_sketch_new(sketch)) == NULL)
			return -1;
		if (bs_sketch_add(m->sk, raw) == -1)
			return -1;
	}
	if (s->n++ < skip)
		return 0;
	if (d == NULL) {
		s->missing++;
		return 0;
	}
	if (m->n == 0 || raw < m->rmin)
		m->rmin = raw;
	if (m->n == 0 || raw > m->rmax)
		m->rmax = raw;
	if (m->n == 0 ? bs_xsum_start(&m->x, d) == 0 : m->x.on &&
	    bs_xsum_add(&m->x, d) == 0) {
		m->n++;
		return 0;
	}
	if (m->x.on)
		moments_inexact(m, s->refd);
	moments_welford(m, shifted_same(s, d), raw);
	return 0;
}

void
bs_table_free(struct bs_table *t)
{
	struct tpriv *p;

	if (t == NULL)
		return;
	p = t->priv;
	for (size_t g = 0; g < t->ngroups; g++) {
		size_t ns = p ? p->nslots : t->nvcols;

		for (size_t c = 0; c < ns; c++)
			series_free(&t->groups[g].s[c]);
		for (size_t c = 0; c < t->groups[g].nwin * ns; c++)
			series_free(&t->groups[g].win[c]);
		free(t->groups[g].win);
		free(t->groups[g].time);
		free(t->groups[g].okrow);
	}
	free(t->groups);
	for (size_t i = 0; p && i < p->idcap; i++)
		free(p->idfirst[i]);
	if (p) {
		free(p->idfirst);
		free(p->idcols);
		free(p->idmixed);
		free(p->idcount);
		free(p->idcounted);
		free(p->gvaries);
		free(p->idmiss);
		for (size_t i = 0; p->gu != NULL && i < p->gucap; i++) {
			free(p->gu[i].row);
			bs_strhash_free(&p->gu[i].h);
		}
		free(p->gu);
		bs_sbuf_free(&p->ukey);
		free(p->oktext);
	}
	free(t->repcols);
	for (size_t i = 0; i < t->nnames; i++)
		free(t->names[i]);
	free(t->names);
	for (size_t i = 0; t->units != NULL && i < t->nnames; i++)
		free(t->units[i]);
	free(t->units);
	bs_meta_free(&t->meta);
	free(t->gcols);
	free(t->vcols);
	free(t->factors);
	free(t->rowgroup);
	if (p) {
		free(p->idxout);
		free(p->quant);
		free(p->gpct);
		free(p->gpmin);
		free(p->gpmax);
		free(p->gqrows);
		free(p->gmixed);
		free(p->mixfile);
		for (size_t i = 0; i < p->nfnames; i++)
			free(p->fnames[i]);
		free(p->fnames);
		free(p->gsrc);
		free(p->slot);
		free(p->slotcol);
		free(p->apdexT);
		free(p->state);
		free(p->hash);
		free(p->keytext);
		free(p->keylen);
		free(p->keyhash);
		bs_sbuf_free(&p->keybuf);
		bs_arena_free(&p->arena);
		free(p);
	}
	free(t);
}

/*
 * Resolve one column reference (a name, or a 1-based number when no
 * column has that name) against the header.
 */
static long
resolve(const struct bs_table *t, const char *ref, size_t len, size_t off)
{
	size_t i, v = 0;

	for (i = off; i < t->nnames; i++)
		if (strlen(t->names[i]) == len &&
		    memcmp(t->names[i], ref, len) == 0)
			return (long)i;
	for (i = 0; i < len; i++) {
		if (ref[i] < '0' || ref[i] > '9')
			return -1;
		v = v * 10 + (size_t)(ref[i] - '0');
		if (v > t->nnames)
			return -1;
	}
	if (len == 0 || v == 0 || v + off > t->nnames)
		return -1;
	return (long)(v - 1 + off);
}

/* Turn "a,b,3" into input column indices. */
static int
resolve_list(struct bs_table *t, const char *list, size_t **out, size_t *n,
    const char *what, const char *file, struct bs_err *e)
{
	const char *p = list, *c;
	size_t len, cap = 0, off = t->priv &&
	    ((struct tpriv *)t->priv)->file_group ? 1 : 0;
	long i;

	*n = 0;
	*out = NULL;
	if (list == NULL)
		return 0;
	for (;;) {
		c = strchr(p, ',');
		len = c ? (size_t)(c - p) : strlen(p);
		if ((i = resolve(t, p, len, off)) < 0) {
			struct bs_sbuf names = { 0 };

			for (size_t k = off; k < t->nnames && names.len < 300;
			    k++) {
				if (k > off)
					bs_sbuf_add(&names, ", ", 2);
				bs_sbuf_add(&names, t->names[k],
				    strlen(t->names[k]));
			}
			bs_seterr(e, file, 0, "unknown %s column '%.*s' "
			    "(columns are: %s)", what, (int)len, p,
			    names.p ? names.p : "");
			bs_sbuf_free(&names);
			return -1;
		}
		if (bs_grow(out, &cap, *n + 1, sizeof(**out)) == -1)
			return bs_seterr(e, NULL, 0, "out of memory");
		(*out)[(*n)++] = (size_t)i;
		if (c == NULL)
			break;
		p = c + 1;
	}
	return 0;
}

/*
 * Columns that number the runs rather than measure them: a run's index
 * is numeric, but its mean or a test of it means nothing.  Matched
 * whole and without regard to case (Run, ITERATION).
 */
int
bs_index_column(const char *name)
{
	static const char *const idx[] = { "run", "rep", "repetition",
	    "iteration", "iter", "trial", "seq", "index", "id", NULL };

	for (size_t i = 0; idx[i] != NULL; i++)
		if (strcasecmp(name, idx[i]) == 0)
			return 1;
	return 0;
}

static int
inlist(const size_t *v, size_t n, size_t x)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == x)
			return 1;
	return 0;
}

/* Is input column i the identity column (or prefix) of entry m? */
static int
idmatch(const struct bs_table *t, const struct bs_idcol *m, size_t i)
{
	return (m->flags & BS_ID_PREFIX) ? strncmp(t->names[i], m->name,
	    strlen(m->name)) == 0 && t->names[i][strlen(m->name)] != '\0' :
	    strcmp(t->names[i], m->name) == 0;
}

/*
 * Is input column i one that identifies a benchmark (a name, a
 * parameter)?  Never a value column by default, grouped or not.
 */
static int
isident(const struct bs_table *t, size_t i)
{
	const struct tpriv *p = t->priv;

	for (size_t m = 0; p->ident && p->ident[m].name; m++)
		if (idmatch(t, &p->ident[m], i))
			return 1;
	return 0;
}

/* Append input column i to the list unless it is there already. */
static int
addcol(size_t **v, size_t *n, size_t *cap, size_t i)
{
	if (inlist(*v, *n, i))
		return 0;
	if (bs_grow(v, cap, *n + 1, sizeof(**v)) == -1)
		return -1;
	(*v)[(*n)++] = i;
	return 0;
}

/* Resolve a list and append its columns. */
static int
addlist(struct bs_table *t, const char *list, size_t **v, size_t *n,
    size_t *cap, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	size_t *part = NULL, np = 0;
	int rc = 0;

	if (list == NULL || *list == '\0')
		return 0;
	if (resolve_list(t, list, &part, &np, "group", p->curfile, e) == -1)
		return -1;
	for (size_t k = 0; k < np && rc == 0; k++)
		if (addcol(v, n, cap, part[k]) == -1)
			rc = bs_seterr(e, NULL, 0, "out of memory");
	free(part);
	return rc;
}

/*
 * The group columns: the file (several inputs), the pregroups, then
 * -g or, without it, the columns that identify one benchmark in the
 * input's format, then the postgroups.  Identity columns outside the
 * group are watched for rows that mix benchmarks (identity()), unless
 * -g '' pools them on purpose.
 */
/*
 * bstat's own table read back as generic input (<groups>, column, then
 * statistics with mean and sd among them): one summary a row, named by
 * every column up to column, its identity, kept even where constant
 * (so that one series keeps its name).  Their number from off, or 0.
 */
static size_t
bstat_table(const struct bs_table *t, size_t off)
{
	const struct tpriv *p = t->priv;
	size_t c, i;
	int mean = 0, sd = 0;

	if (p->infmt != &bs_fmt_csv && p->infmt != &bs_fmt_tsv &&
	    p->infmt != &bs_fmt_json && p->infmt != &bs_fmt_ndjson)
		return 0;
	for (c = off; c < t->nnames && strcmp(t->names[c], "column") != 0; c++)
		;
	for (i = c + 1; i < t->nnames; i++) {
		mean |= strcmp(t->names[i], "mean") == 0;
		sd |= strcmp(t->names[i], "sd") == 0;
	}
	return c < t->nnames && mean && sd ? c - off + 1 : 0;
}

static int
groups_setup(struct bs_table *t, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const struct bs_table_opts *o = p->o;
	size_t off = p->file_group ? 1 : 0, *l = NULL, n = 0, cap = 0;
	unsigned char *var;

	if (off && addcol(&l, &n, &cap, 0) == -1)
		goto oom;
	if (addlist(t, o->pregroups, &l, &n, &cap, e) == -1)
		goto fail;
	t->autofrom = n;
	if ((var = calloc(t->nnames + 1, 1)) == NULL)
		goto oom;
	p->gvaries = var;
	if (o->groups == NULL && !o->nodefault && p->ident != NULL) {
		int prev = 0;

		for (size_t m = 0; p->ident[m].name != NULL; m++) {
			int found = 0;

			if ((p->ident[m].flags & BS_ID_ELSE) && prev)
				continue;
			for (size_t i = off; i < t->nnames; i++) {
				if (!idmatch(t, &p->ident[m], i))
					continue;
				found = 1;
				if (inlist(l, n, i))
					continue;
				if (addcol(&l, &n, &cap, i) == -1)
					goto oom;
				var[n - 1] = (p->ident[m].flags &
				    BS_ID_VARIES) != 0;
			}
			prev = found;
		}
		for (size_t i = off, nb = p->ident[0].name == NULL ?
		    bstat_table(t, off) : 0; i < off + nb; i++)
			if (!inlist(l, n, i) && addcol(&l, &n, &cap, i) == -1)
				goto oom;
		t->nauto = n - t->autofrom;
		if (t->nauto > 0 && (p->idmiss = calloc(t->nauto,
		    sizeof(*p->idmiss))) == NULL)
			goto oom;
	} else if (addlist(t, o->groups, &l, &n, &cap, e) == -1)
		goto fail;
	if (addlist(t, o->postgroups, &l, &n, &cap, e) == -1)
		goto fail;
	t->gcols = l;
	t->ngcols = n;
	p->ingcols = n - off;
	p->pool = o->groups != NULL && *o->groups == '\0';
	for (size_t m = 0; !p->pool && p->ident && p->ident[m].name; m++)
		for (size_t i = off; i < t->nnames; i++)
			if (idmatch(t, &p->ident[m], i) &&
			    !inlist(t->gcols, t->ngcols, i) &&
			    !inlist(p->idcols, p->nid, i)) {
				size_t *nc = realloc(p->idcols, (p->nid + 1) *
				    sizeof(*nc));

				if (nc == NULL)
					return bs_seterr(e, NULL, 0,
					    "out of memory");
				p->idcols = nc;
				p->idcols[p->nid++] = i;
			}
	if (p->nid > 0 && ((p->idcount = calloc(p->nid,
	    sizeof(*p->idcount))) == NULL || (p->idcounted = calloc(p->nid,
	    sizeof(*p->idcounted))) == NULL))
		return bs_seterr(e, NULL, 0, "out of memory");
	return 0;
oom:
	bs_seterr(e, NULL, 0, "out of memory");
fail:
	free(l);
	return -1;
}

/*
 * The replicate columns (bs_table_opts.levels): those named, each of
 * which must exist, or the format's that the input has (its first
 * absent one ends them).  In streaming mode they are named but no unit
 * is kept (there are no values to group): the caller says so.
 */
static int
levels_setup(struct bs_table *t, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const struct bs_table_opts *o = p->o;
	const char *const *fl = bs_format_levels(p->infmt);
	size_t off = p->file_group ? 1 : 0, n;
	long i;

	if (!o->levels)
		return 0;
	if (o->replicate != NULL) {
		if (resolve_list(t, *o->replicate ? o->replicate : NULL,
		    &t->repcols, &t->nrep, "replicate", p->curfile, e) == -1)
			return -1;
		if (t->nrep >= BS_MAX_LEVELS)
			return bs_seterr(e, NULL, 0, "--replicate: at most "
			    "%d columns", BS_MAX_LEVELS - 1);
		return 0;
	}
	for (n = 0; fl[n] != NULL; n++)
		;
	if (n == 0)
		return 0;
	if ((t->repcols = calloc(n, sizeof(*t->repcols))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (n = 0; fl[n] != NULL; n++) {
		if ((i = resolve(t, fl[n], strlen(fl[n]), off)) < 0 ||
		    strcmp(t->names[i], fl[n]) != 0)
			break;
		t->repcols[t->nrep++] = (size_t)i;
	}
	t->repfmt = t->nrep > 0;
	return 0;
}

/*
 * Row r of group g in its unit at every level: the key of level L is
 * the input's number and the replicate columns' values down to L.
 */
static int
record_units(struct bs_table *t, size_t g, const struct bs_record *r)
{
	struct tpriv *p = t->priv;
	const size_t off = p->file_group ? 1 : 0;
	struct bs_sbuf *k = &p->ukey;
	size_t have = p->gucap, need = (g + 1) * t->nrep;
	char num[24];
	long u;

	if (need > have) {
		if (bs_grow(&p->gu, &p->gucap, need + 8 * t->nrep,
		    sizeof(*p->gu)) == -1)
			return -1;
		memset(p->gu + have, 0, (p->gucap - have) * sizeof(*p->gu));
	}
	k->len = 0;
	snprintf(num, sizeof(num), "%zu", p->nfiles);
	if (bs_sbuf_add(k, num, strlen(num)) == -1)
		return -1;
	for (size_t L = 0; L < t->nrep; L++) {
		struct gunits *gu = &p->gu[g * t->nrep + L];
		const struct bs_field *f = &r->f[t->repcols[L] - off];
		char *key;

		if (bs_sbuf_add(k, "\x1f", 1) == -1 ||
		    (f->s != NULL && bs_sbuf_add(k, f->s, f->len) == -1))
			return -1;
		if ((u = bs_strhash_get(&gu->h, k->p, k->len)) < 0) {
			if ((key = bs_arena_strndup(&p->arena, k->p,
			    k->len)) == NULL || bs_strhash_put(&gu->h, key,
			    k->len, gu->nunits) == -1)
				return -1;
			u = (long)gu->nunits++;
		}
		if (bs_grow(&gu->row, &gu->cap, gu->n + 1,
		    sizeof(*gu->row)) == -1)
			return -1;
		gu->row[gu->n++] = (uint32_t)u;
	}
	return 0;
}

const uint32_t *
bs_table_units(const struct bs_table *t, size_t g, size_t level,
    size_t *nunits)
{
	const struct tpriv *p = t->priv;
	const struct gunits *gu;

	*nunits = 0;
	if (level >= t->nrep || g >= t->ngroups || p->gu == NULL ||
	    (g + 1) * t->nrep > p->gucap)
		return NULL;
	gu = &p->gu[g * t->nrep + level];
	*nunits = gu->nunits;
	return gu->row;
}

/* Is Apdex asked for (T as a number, or with its unit)? */
static int
apdex_on(const struct bs_table_opts *o)
{
	return o->apdex > 0 || o->apdex_s > 0;
}

/*
 * --ok EXPR: "COL<400" (any comparison with a number), "COL=TEXT", or
 * "COL", a success flag; "" the column "success" when there is one.
 */
static int
ok_setup(struct bs_table *t, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const char *x = p->o->ok, *op;
	size_t off = p->file_group ? 1 : 0, len;
	int soft = 0;

	/*
	 * Apdex without --ok: a failed request is frustrated where the log
	 * says which failed (its own flag), as JMeter counts it.
	 */
	if (x == NULL && apdex_on(p->o)) {
		x = "";
		soft = 1;
	}
	if (x == NULL)
		return 0;
	if (*x == '\0')	/* the format's own success flag */
		x = bs_format_ok(p->infmt);
	op = strpbrk(x, "<>=");
	len = op ? (size_t)(op - x) : strlen(x);
	if (op == NULL)
		p->okmode = OK_FLAG;
	else if (*op == '=') {
		p->okmode = OK_TEXT;
		if ((p->oktext = strdup(op + 1)) == NULL)
			return bs_seterr(e, NULL, 0, "out of memory");
	} else {
		p->okmode = OK_CMP;
		if (bs_cond_parse(op, &p->okcond, NULL) == -1)
			return bs_seterr(e, NULL, 0, "--ok '%s': the "
			    "comparison takes a number (status<400)", x);
	}
	if ((p->okcol = resolve(t, x, len, off)) < 0 && soft)
		return 0;
	if (p->okcol < 0 && *p->o->ok == '\0')
		return bs_seterr(e, p->curfile, 0, "no column '%.*s' says "
		    "which requests failed: --ok COND does (status<400)",
		    (int)len, x);
	if (p->okcol < 0)
		return bs_seterr(e, p->curfile, 0, "--ok '%s': no column "
		    "'%.*s'", x, (int)len, x);
	return 0;
}

/* Did the request of record r succeed, by --ok? */
static int
row_ok(const struct tpriv *p, const struct bs_record *r, size_t off)
{
	const struct bs_field *f = &r->f[p->okcol - (long)off];
	static const char *const yes[] = { "true", "yes", "ok", "1" };
	struct bs_dec d;
	double v;

	/* COL= (nothing after '='): an empty field is a success. */
	if (p->okmode == OK_TEXT && *p->oktext == '\0')
		return f->s == NULL || f->len == 0;
	if (f->s == NULL || f->len == 0)
		return 0;
	switch (p->okmode) {
	case OK_CMP:
		return bs_parse_number(f->s, f->len, &d, &v) == BS_NUM_OK &&
		    bs_cond_holds(&p->okcond, v);
	case OK_TEXT:
		return strlen(p->oktext) == f->len &&
		    memcmp(p->oktext, f->s, f->len) == 0;
	default:
		for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
			if (strlen(yes[i]) == f->len &&
			    strncasecmp(yes[i], f->s, f->len) == 0)
				return 1;
		return 0;
	}
}

/*
 * The rates of series s for one row (its index i in the series): a
 * request, failed or not, when it has a value v in the column (a row
 * without is no request of this column's: k6 writes a row a metric);
 * v against Apdex's T.
 */
static void
rates_add(const struct tpriv *p, struct bs_series *s, size_t i, size_t skip,
    double v, size_t k)
{
	double T = p->apdexT != NULL ? p->apdexT[k] : p->o->apdex;

	if (i < skip || isnan(v))
		return;
	if (p->okcol >= 0) {
		s->req++;
		s->err += !p->rowok;
	}
	if (T > 0) {
		s->apn++;
		if (p->okcol >= 0 && !p->rowok)
			return;		/* a failure is frustrated */
		if (v <= T)
			s->sat++;
		else if (v <= 4 * T)
			s->tol++;
	}
}

/* bs_parse_number(), its common case inline: a call less on every value. */
static inline enum bs_numparse
parse_field(const struct bs_field *f, struct bs_dec *d, double *v)
{
	if (bs_number_fast(f->s, f->len, d, v))
		return BS_NUM_OK;
	return bs_parse_number(f->s, f->len, d, v);
}

/*
 * Apdex's T of every slot (bs_table_opts.apdex_s in each column's time
 * unit, as declared or named; apdex where it has none), once the
 * reader has declared its units: at the first row.
 */
static double unit_seconds(const char *, size_t);

static int
apdex_setup(struct bs_table *t, struct bs_err *e)
{
	struct tpriv *p = t->priv;

	free(p->apdexT);
	if ((p->apdexT = calloc(p->nslots + 1, sizeof(*p->apdexT))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	p->napdexT = p->nslots;
	for (size_t k = 0; k < p->nslots; k++) {
		size_t c = p->slotcol[k];
		struct bs_colunit u;
		double us;

		bs_column_unit_as(t->names[c], t->units != NULL ?
		    t->units[c] : NULL, &u);
		us = unit_seconds(u.unit, strlen(u.unit));
		if (us > 0)
			p->apdexT[k] = p->o->apdex_s / us;
		else if (p->o->apdex > 0)
			p->apdexT[k] = p->o->apdex;
		else
			return bs_seterr(e, p->curfile, 0, "--apdex %gs: "
			    "column '%s' has no time unit: give T as a "
			    "number in its unit", p->o->apdex_s, t->names[c]);
	}
	return 0;
}

/* The seconds of a time unit's name ("ms"), 0 when it is none. */
static double
unit_seconds(const char *u, size_t n)
{
	static const struct { const char *u; double s; } units[] = {
		{ "s", 1 }, { "sec", 1 }, { "ms", 1e-3 }, { "us", 1e-6 },
		{ "\xc2\xb5s", 1e-6 }, { "ns", 1e-9 }
	};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i].u) == n && memcmp(units[i].u, u, n) == 0)
			return units[i].s;
	return 0;
}

/* An epoch time stamp's unit by its magnitude: s, ms, us or ns. */
static double
epoch_scale(double v)
{
	v = fabs(v);
	return v >= 1e17 ? 1e-9 : v >= 1e14 ? 1e-6 : v >= 1e11 ? 1e-3 : 1;
}

/* The magnitudes [*lo, *hi) that epoch_scale() takes for unit sc. */
static void
epoch_range(double sc, double *lo, double *hi)
{
	*lo = sc == 1e-9 ? 1e17 : sc == 1e-6 ? 1e14 : sc == 1e-3 ? 1e11 : 0;
	*hi = sc == 1e-9 ? (double)INFINITY : sc == 1e-6 ? 1e17 : sc == 1e-3 ?
	    1e14 : 1e11;
}

/*
 * The unit of the time column: the reader's, its name's suffix, else
 * by the magnitude of its first stamp v; when that, or a first stamp
 * that is an epoch in the unit declared, every stamp is checked.
 */
static void
time_unit(struct bs_table *t, double v)
{
	struct tpriv *p = t->priv;
	const char *name = t->names[p->tcol], *us;

	if (p->o->tscale > 0)
		p->tsc = p->o->tscale;
	else if (t->units != NULL && t->units[p->tcol] != NULL)
		p->tsc = unit_seconds(t->units[p->tcol],
		    strlen(t->units[p->tcol]));
	else if ((us = strrchr(name, '_')) != NULL)
		p->tsc = unit_seconds(us + 1, strlen(us + 1));
	if (p->tsc == 0) {
		p->tsc = epoch_scale(v);
		p->tguess = 1;
	} else if (epoch_scale(v) == p->tsc && fabs(v) * p->tsc >= 1e8)
		/*
		 * An epoch stamp in the unit declared: later ones are held
		 * to its magnitude too (a JTL with one stamp in seconds).
		 */
		p->tguess = 1;
	if (p->tguess)
		epoch_range(p->tsc, &p->tvlo, &p->tvhi);
	else {
		p->tvlo = 0;
		p->tvhi = (double)INFINITY;
	}
}

/* Row r's time stamp as a number, parsed here: 0, or -1 with e. */
static int
time_parse(struct bs_table *t, const struct bs_record *r, size_t off,
    double *v, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const struct bs_field *f = &r->f[p->tcol - (long)off];
	struct bs_dec d;

	if (f->s != NULL && (bs_digits_fast(f->s, f->len, v) ||
	    parse_field(f, &d, v) == BS_NUM_OK))
		return 0;
	return bs_seterr(e, p->curfile, r->line, "column '%s': '%.*s' is no "
	    "time stamp (a number)", t->names[p->tcol], f->s ? (int)(f->len >
	    40 ? 40 : f->len) : 0, f->s ? f->s : "");
}

/*
 * A stamp v outside the magnitudes [tvlo, tvhi) of the stamps so far:
 * the first, which sets the unit (and them), or one in other units than
 * the first's, an error.
 */
static int
time_odd(struct bs_table *t, const struct bs_record *r, size_t off,
    double v, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const struct bs_field *f = &r->f[p->tcol - (long)off];

	if (p->tsc == 0) {
		time_unit(t, v);
		return 0;
	}
	return bs_seterr(e, p->curfile, r->line, "column '%s': time stamp "
	    "%.*s is in other units than the first (a log mixing time "
	    "units)", t->names[p->tcol], (int)f->len, f->s);
}

/*
 * Row r's time stamp in seconds (the table's first and last noted): the
 * number its reader parsed of it, if it did.
 */
static inline int
time_stamp(struct bs_table *t, const struct bs_record *r, size_t off,
    double *sec, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	double v;

	if (r->num != NULL && r->numf == (size_t)(p->tcol - (long)off))
		v = *r->num;
	else if (time_parse(t, r, off, &v, e) == -1)
		return -1;
	if (!(fabs(v) >= p->tvlo && fabs(v) < p->tvhi) &&
	    time_odd(t, r, off, v, e) == -1)
		return -1;
	*sec = v * p->tsc;
	if (t->nrows == 1 || *sec < t->tmin)
		t->tmin = *sec;
	if (t->nrows == 1 || *sec > t->tmax)
		t->tmax = *sec;
	return 0;
}

/* A stamp of group gr: its first and last noted. */
static void
group_stamp(struct bs_group *gr, double sec)
{
	if (gr->tn++ == 0 || sec < gr->tmin)
		gr->tmin = sec;
	if (gr->tn == 1 || sec > gr->tmax)
		gr->tmax = sec;
}


/* Row r's time stamp, in seconds, kept for group g (and its success). */
static int
time_add(struct bs_table *t, size_t g, const struct bs_record *r,
    size_t off, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	struct bs_group *gr = &t->groups[g];
	double sec;
	size_t cap = gr->tcap;

	if (time_stamp(t, r, off, &sec, e) == -1)
		return -1;
	group_stamp(gr, sec);
	if (p->o->time_check)
		return 0;	/* checked (one unit), not kept */
	if (bs_grow(&gr->time, &cap, gr->nrows + 1, sizeof(*gr->time)) ==
	    -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	if (p->okcol >= 0) {
		cap = gr->tcap;
		if (bs_grow(&gr->okrow, &cap, gr->nrows + 1, 1) == -1)
			return bs_seterr(e, p->curfile, r->line,
			    "out of memory");
		gr->okrow[gr->nrows - 1] = (unsigned char)p->rowok;
	}
	gr->tcap = cap;
	gr->time[gr->nrows - 1] = sec;
	return 0;
}

/*
 * Streaming windows (bs_table_opts.every): the series of group g's
 * window of row r (grown at either end, new windows empty); NULL with
 * e, or NULL and no error for a row of the group's warm-up (skip).
 */
#define WINDOWS_MAX	10000000	/* as bstat --every refuses */

/* The window of a stamp of sec seconds. */
static inline int64_t
window_of(double sec, double every)
{
	return (int64_t)floor(sec / every);
}

/*
 * In *x a second where window j begins: window_of(*x) >= j, and one
 * ulp below it < j; 1, or 0 when not found within a few ulps of
 * j * every.  sec / every rounds monotonically, so a window is an
 * interval of seconds and one bound each way is all there is.
 */
static int
window_start(int64_t j, double every, double *x)
{
	double c = (double)j * every;

	if (!isfinite(c))
		return 0;
	for (int k = 0; k < 16; k++)
		if (window_of(c, every) < j)
			c = nextafter(c, (double)INFINITY);
		else if (window_of(nextafter(c, -(double)INFINITY), every) >= j)
			c = nextafter(c, -(double)INFINITY);
		else {
			*x = c;
			return 1;
		}
	return 0;
}

/*
 * The window of sec: the known one when sec is within its bounds (a
 * log in time order goes on in it), else by division; the window two
 * stamps in a row fell in outside them becomes the known one.
 */
static inline int64_t
window_find(struct tpriv *p, double sec)
{
	double every = p->o->every, lo, hi;
	int64_t j;

	if (sec >= p->wclo && sec < p->wchi)
		return p->wcj;
	j = window_of(sec, every);
	if (!p->wcmissn || j != p->wcmiss) {
		p->wcmiss = j;
		p->wcmissn = 1;
	} else if (j < INT64_MAX && window_start(j, every, &lo) &&
	    window_start(j + 1, every, &hi) && lo < hi) {
		p->wclo = lo;
		p->wchi = hi;
		p->wcj = j;
	}
	return j;
}

static struct bs_series *
window_add(struct bs_table *t, size_t g, const struct bs_record *r,
    size_t off, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	struct bs_group *gr = &t->groups[g];
	size_t ns = p->nslots, n;
	struct bs_series *w;
	int64_t j, lo, hi;
	double sec;

	e->msg[0] = '\0';
	if (time_stamp(t, r, off, &sec, e) == -1)
		return NULL;
	group_stamp(gr, sec);
	j = window_find(p, sec);
	if (gr->nrows > 1 && sec < gr->tlast)
		gr->unsorted = 1;
	else {
		/*
		 * The stream has left the window before the last: its
		 * sketches give back their spare room (a row still late
		 * for it grows them again).
		 */
		int64_t jl;

		/*
		 * The last stamp in the known window with this one: the
		 * same window (windows are intervals), nothing left.
		 */
		if (gr->nrows <= 1 || (j == p->wcj && gr->tlast >= p->wclo))
			jl = j - 1;
		else
			jl = window_of(gr->tlast, p->o->every) - 1;
		if (j > jl + 1 && jl >= gr->wlo &&
		    jl < gr->wlo + (int64_t)gr->nwin)
			for (size_t k = 0; k < ns; k++) {
				struct bs_series *s = &gr->win[(size_t)(jl -
				    gr->wlo) * ns + k];

				if (s->mom != NULL)
					bs_sketch_trim(s->mom->sk);
			}
		gr->tlast = sec;
	}
	if (gr->nrows <= p->o->skip)
		return NULL;
	/* j in wlo .. wlo + nwin - 1, one comparison (none when nwin 0) */
	if ((uint64_t)j - (uint64_t)gr->wlo < gr->nwin)
		return &gr->win[(size_t)((uint64_t)j - (uint64_t)gr->wlo) * ns];
	lo = gr->nwin == 0 || j < gr->wlo ? j : gr->wlo;
	hi = gr->nwin == 0 || j >= gr->wlo + (int64_t)gr->nwin ? j :
	    gr->wlo + (int64_t)gr->nwin - 1;
	if (hi - lo >= WINDOWS_MAX) {
		bs_seterr(e, p->curfile, r->line, "--every %g s cuts the time "
		    "stamps into more than 10^7 windows", p->o->every);
		return NULL;
	}
	n = (size_t)(hi - lo + 1);
	/* Grown by half again, as a sketch's store, at the end it grows. */
	if ((w = calloc((n + n / 2) * ns + 1, sizeof(*w))) == NULL) {
		bs_seterr(e, p->curfile, r->line, "out of memory");
		return NULL;
	}
	if (j < gr->wlo && gr->nwin > 0)
		lo -= (int64_t)(n / 2);
	if (gr->nwin > 0)
		memcpy(w + (size_t)(gr->wlo - lo) * ns, gr->win, gr->nwin * ns *
		    sizeof(*w));
	free(gr->win);
	gr->win = w;
	gr->wlo = lo;
	gr->nwin = n + n / 2;
	return &gr->win[(size_t)(j - gr->wlo) * ns];
}

/* First header: names, group columns, value column candidates. */
static int
setup(struct bs_table *t, const struct bs_field *h, size_t n,
    struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const struct bs_table_opts *o = p->o;
	size_t off = p->file_group ? 1 : 0, *ex = NULL, nex = 0, *vc = NULL;
	size_t nvc = 0;
	int rc = -1;
	struct bs_strhash seen = { 0 };	/* names so far, in constant time */
	long dup;

	t->nnames = n + off;
	if ((t->names = calloc(t->nnames, sizeof(*t->names))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	if (off && (t->names[0] = strdup("file")) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (h[i].len == 0) {
			/* Unnamed columns are named by their number. */
			char num[24];

			snprintf(num, sizeof(num), "%zu", i + 1);
			t->names[i + off] = strdup(num);
		} else
			t->names[i + off] = bs_strndup(h[i].s, h[i].len);
		if (t->names[i + off] == NULL ||
		    ((dup = bs_strhash_get(&seen, t->names[i + off],
		    strlen(t->names[i + off]))) < 0 && bs_strhash_put(&seen,
		    t->names[i + off], strlen(t->names[i + off]), i) == -1)) {
			bs_strhash_free(&seen);
			return bs_seterr(e, NULL, 0, "out of memory");
		}
		if (dup >= 0) {
			bs_strhash_free(&seen);
			return bs_seterr(e, p->curfile, 1,
			    "duplicate column name '%s' (columns %ld and %zu)",
			    t->names[i + off], dup + 1, i + 1);
		}
	}
	bs_strhash_free(&seen);
	if (groups_setup(t, e) == -1 || levels_setup(t, e) == -1 ||
	    ok_setup(t, e) == -1)
		goto out;
	if (o->timecol != NULL && (p->tcol = resolve(t, o->timecol,
	    strlen(o->timecol), off)) < 0) {
		bs_seterr(e, p->curfile, 0, "-t '%s': no such column",
		    o->timecol);
		goto out;
	}
	/* --every with no -t: the format's column of time stamps. */
	if (o->timecol == NULL && o->time_auto &&
	    (bs_format_time(p->infmt) == NULL || (p->tcol = resolve(t,
	    bs_format_time(p->infmt), strlen(bs_format_time(p->infmt)),
	    off)) < 0)) {
		bs_seterr(e, p->curfile, 0, "--every needs a column of time "
		    "stamps: -t COL names it");
		goto out;
	}
	p->stream = p->tcol >= 0 && o->every > 0 && o->moments;
	if (resolve_list(t, o->exclude, &ex, &nex, "", p->curfile, e) == -1)
		goto out;
	if (o->columns) {
		if (resolve_list(t, o->columns, &vc, &nvc, "value",
		    p->curfile, e) == -1)
			goto out;
		p->explicit_cols = 1;
	} else {
		if ((vc = malloc(t->nnames * sizeof(*vc))) == NULL ||
		    (p->idxout = calloc(t->nnames, 1)) == NULL) {
			bs_seterr(e, NULL, 0, "out of memory");
			goto out;
		}
		/*
		 * By default neither group columns, nor index columns (in
		 * every format), nor what a tool's format says describes a
		 * run or identifies a benchmark are values; -c names any of
		 * them.
		 */
		for (size_t i = off; i < t->nnames; i++) {
			size_t m = 0;

			while (p->meta && p->meta[m] &&
			    strcmp(p->meta[m], t->names[i]) != 0)
				m++;
			int other = inlist(t->gcols, t->ngcols, i) ||
			    inlist(t->repcols, t->nrep, i) ||
			    inlist(ex, nex, i) || (p->meta && p->meta[m]) ||
			    isident(t, i) || (long)i == p->okcol ||
			    (long)i == p->tcol;

			/* A reader may say it is a value (on_role). */
			if (bs_index_column(t->names[i])) {
				p->sawindex = 1;
				p->idxout[i] = !other;
			} else if (!other)
				vc[nvc++] = i;
		}
	}
	p->slot = malloc(t->nnames * sizeof(*p->slot));
	p->slotcol = malloc((nvc + 1) * sizeof(*p->slotcol));
	p->state = calloc(nvc + 1, sizeof(*p->state));
	if (p->slot == NULL || p->slotcol == NULL || p->state == NULL) {
		bs_seterr(e, NULL, 0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < t->nnames; i++)
		p->slot[i] = -1;
	for (size_t k = 0; k < nvc; k++) {
		if (p->slot[vc[k]] >= 0)
			continue;	/* named twice: once is enough */
		p->slot[vc[k]] = (long)p->nslots;
		p->slotcol[p->nslots] = vc[k];
		p->state[p->nslots] = p->explicit_cols || p->plain ?
		    COL_NUMERIC : COL_UNKNOWN;
		p->nslots++;
	}
	rc = 0;
out:
	free(ex);
	free(vc);
	return rc;
}

static int
on_header(void *arg, const struct bs_field *h, size_t n, struct bs_err *e)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;
	size_t off = p->file_group ? 1 : 0;

	p->fast = 0;
	if (t->names == NULL)
		return setup(t, h, n, e);
	/* A later input must have the same columns. */
	if (n + off != t->nnames)
		return bs_seterr(e, p->curfile, 1, "has %zu columns, the "
		    "first input has %zu", n, t->nnames - off);
	for (size_t i = 0; i < n; i++)
		if (h[i].len != 0 &&
		    (strlen(t->names[i + off]) != h[i].len ||
		    memcmp(t->names[i + off], h[i].s, h[i].len) != 0))
			return bs_seterr(e, p->curfile, 1, "column %zu is "
			    "'%.*s', in the first input it is '%s'", i + 1,
			    (int)h[i].len, h[i].s, t->names[i + off]);
	return 0;
}

static int
rehash(struct tpriv *p, size_t ngroups)
{
	size_t ncap = p->hcap ? p->hcap * 2 : 64, *nh, i, j;

	if ((nh = calloc(ncap, sizeof(*nh))) == NULL)
		return -1;
	for (i = 0; i < ngroups; i++) {
		j = p->keyhash[i] & (ncap - 1);
		while (nh[j])
			j = (j + 1) & (ncap - 1);
		nh[j] = i + 1;
	}
	free(p->hash);
	p->hash = nh;
	p->hcap = ncap;
	return 0;
}

/*
 * Create a group for the key fields, whose joined text (each field
 * followed by a NUL) is kt, of hash h (bs_fnv1a()); returns its index
 * or -1.
 */
static long
newgroup(struct bs_table *t, const struct bs_field *kf, const char *kt,
    size_t kl, uint64_t h)
{
	struct tpriv *p = t->priv;
	struct bs_group *g;
	size_t gi = t->ngroups, cap = p->gcap;

	if (bs_grow(&t->groups, &cap, gi + 1, sizeof(*t->groups)) == -1)
		return -1;
	cap = p->gcap;
	if (bs_grow(&p->keytext, &cap, gi + 1, sizeof(*p->keytext)) == -1)
		return -1;
	cap = p->gcap;
	if (bs_grow(&p->keylen, &cap, gi + 1, sizeof(*p->keylen)) == -1)
		return -1;
	cap = p->gcap;
	if (bs_grow(&p->keyhash, &cap, gi + 1, sizeof(*p->keyhash)) == -1)
		return -1;
	p->gcap = cap;
	g = &t->groups[gi];
	memset(g, 0, sizeof(*g));
	g->key = bs_arena_alloc(&p->arena, t->ngcols * sizeof(*g->key));
	g->s = bs_arena_alloc(&p->arena, p->nslots * sizeof(*g->s));
	p->keytext[gi] = bs_arena_strndup(&p->arena, kt, kl);
	if (g->key == NULL || g->s == NULL || p->keytext[gi] == NULL)
		return -1;
	memset(g->s, 0, p->nslots * sizeof(*g->s));
	p->keylen[gi] = kl;
	p->keyhash[gi] = h;
	/* The fields are the key text's, NUL-terminated in it. */
	for (size_t k = 0, o = 0; k < t->ngcols; k++) {
		g->key[k] = p->keytext[gi] + o;
		o += kf[k].len + 1;
	}
	t->ngroups++;
	if ((t->ngroups) * 2 > p->hcap && rehash(p, t->ngroups) == -1)
		return -1;
	else {
		size_t j = h & (p->hcap - 1);

		while (p->hash[j] && p->hash[j] != gi + 1)
			j = (j + 1) & (p->hcap - 1);
		p->hash[j] = gi + 1;
	}
	return (long)gi;
}

/* The group of a record: cached when equal to the previous one. */
static long
findgroup(struct bs_table *t, const struct bs_record *r)
{
	struct tpriv *p = t->priv;
	struct bs_field kf[64];
	size_t i, j;
	uint64_t h;
	const size_t off = p->file_group ? 1 : 0;
	const char sep = '\0';

	if (t->ngcols == 0) {
		if (t->ngroups == 0)
			return newgroup(t, NULL, "", 0, bs_fnv1a("", 0));
		return 0;
	}
	if (t->ngcols > 64)
		return -2;
	/* The key: each value and a NUL, in one buffer grown once. */
	for (i = 0, j = 0; i < t->ngcols; i++) {
		if (off && i == 0) {
			kf[0].s = p->curfile;
			kf[0].len = strlen(p->curfile);
		} else
			kf[i] = r->f[t->gcols[i] - off];
		if (kf[i].s == NULL) {
			kf[i].s = "";
			kf[i].len = 0;
		}
		j += kf[i].len + 1;
	}
	if (bs_grow(&p->keybuf.p, &p->keybuf.cap, j + 1, 1) == -1)
		return -1;
	p->keybuf.len = j;
	p->keybuf.p[j] = '\0';
	for (i = 0, j = 0; i < t->ngcols; i++) {
		memcpy(p->keybuf.p + j, kf[i].s, kf[i].len);
		j += kf[i].len;
		p->keybuf.p[j++] = sep;
	}
	if (p->lastg >= 0 && p->keylen[p->lastg] == p->keybuf.len &&
	    memcmp(p->keytext[p->lastg], p->keybuf.p, p->keybuf.len) == 0)
		return p->lastg;
	h = bs_fnv1a(p->keybuf.p, p->keybuf.len);
	if (p->hcap) {
		j = h & (p->hcap - 1);
		while (p->hash[j]) {
			size_t g = p->hash[j] - 1;

			/* The hashes first: a probe past another key is cheap. */
			if (p->keyhash[g] == h && p->keylen[g] == p->keybuf.len &&
			    memcmp(p->keytext[g], p->keybuf.p,
			    p->keybuf.len) == 0)
				return p->lastg = (long)g;
			j = (j + 1) & (p->hcap - 1);
		}
	}
	return p->lastg = newgroup(t, kf, p->keybuf.p, p->keybuf.len, h);
}

/* Does the text look like a number written with a decimal comma? */
static int
decimal_comma(const char *s, size_t n)
{
	size_t i = 0, commas = 0, digits = 0;

	if (i < n && s[i] == '-')
		i++;
	for (; i < n; i++) {
		if (s[i] == ',')
			commas++;
		else if (s[i] >= '0' && s[i] <= '9')
			digits++;
		else
			return 0;
	}
	return commas == 1 && digits > 1;
}

/*
 * A group whose rows differ in an identity column pools different
 * things (Go benchmarks of two packages, or at two GOMAXPROCS, lmbench's
 * sizes): said once per group and column, naming the group and two of
 * the values; past IDWARN_MAX groups of a column, only counted, and the
 * count said at the end of the input (idwarn_more()), as the tools cap
 * their notes.
 */
#define IDWARN_MAX	3

static int
identity(struct bs_table *t, size_t g, const struct bs_record *r)
{
	struct tpriv *p = t->priv;
	const size_t off = p->file_group ? 1 : 0;
	size_t need = (g + 1) * p->nid, old = p->idcap;

	if (need > p->idcap) {
		if (bs_grow(&p->idfirst, &p->idcap, need,
		    sizeof(*p->idfirst)) == -1)
			return -1;
		memset(p->idfirst + old, 0, (p->idcap - old) *
		    sizeof(*p->idfirst));
	}
	if (need > p->idmcap) {
		old = p->idmcap;
		if (bs_grow(&p->idmixed, &p->idmcap, need,
		    sizeof(*p->idmixed)) == -1)
			return -1;
		memset(p->idmixed + old, 0, p->idmcap - old);
	}
	for (size_t k = 0; k < p->nid; k++) {
		const struct bs_field *f = &r->f[p->idcols[k] - off];
		const char *v = f->s ? f->s : "";
		size_t vl = f->s ? f->len : 0;
		char **first = &p->idfirst[g * p->nid + k];
		unsigned char *mixed = &p->idmixed[g * p->nid + k];
		struct bs_sbuf msg = { 0 };

		if (*first == NULL) {
			if ((*first = bs_strndup(v, vl)) == NULL)
				return -1;
			continue;
		}
		if (*mixed || (strlen(*first) == vl &&
		    memcmp(*first, v, vl) == 0))
			continue;
		*mixed = 1;
		if (++p->idcount[k] > IDWARN_MAX || p->o->warn == NULL)
			continue;
		for (size_t i = 0; i < t->ngcols; i++) {
			const char *n = t->names[t->gcols[i]];
			const char *kv = t->groups[g].key[i];

			if ((i > 0 && bs_sbuf_add(&msg, " ", 1) == -1) ||
			    bs_sbuf_add(&msg, n, strlen(n)) == -1 ||
			    bs_sbuf_add(&msg, "=", 1) == -1 ||
			    bs_sbuf_add(&msg, kv, strlen(kv)) == -1) {
				bs_sbuf_free(&msg);
				return -1;
			}
		}
		{
			char *w;
			const char *col = t->names[p->idcols[k]];

			/* Words for people: --lang's (bs_tr()). */
			if (asprintf(&w, bs_tr("%s%s mixes rows of different %s "
			    "('%s', '%.*s'): add %s %s to keep them apart"),
			    bs_tr(t->ngcols > 0 ? "group " : "the input"),
			    t->ngcols > 0 ? msg.p : "", col, *first,
			    (int)(vl > 200 ? 200 : vl), v, p->o->group_opt ?
			    p->o->group_opt : "-g", col) == -1) {
				bs_sbuf_free(&msg);
				return -1;
			}
			p->o->warn(p->curfile, w);
			free(w);
		}
		bs_sbuf_free(&msg);
	}
	return 0;
}

/*
 * After an input: how many more groups than IDWARN_MAX were found
 * mixing each identity column (those of this input not said yet).
 */
static void
idwarn_more(struct bs_table *t)
{
	struct tpriv *p = t->priv;

	/* Rows without a column of the default group: kept, under "". */
	for (size_t k = 0; k < t->nauto; k++) {
		const char *col = t->names[t->gcols[t->autofrom + k]];
		char *w;

		if (p->idmiss[k] == 0)
			continue;
		if (p->o->warn != NULL && asprintf(&w, bs_tr("%zu row%s no "
		    "%s: grouped under an empty %s"), p->idmiss[k],
		    p->idmiss[k] == 1 ? " has" : "s have", col, col) != -1) {
			p->o->warn(p->curfile, w);
			free(w);
		}
		p->idmiss[k] = 0;
	}

	for (size_t k = 0; k < p->nid; k++) {
		size_t more = p->idcount[k] > IDWARN_MAX ? p->idcount[k] -
		    IDWARN_MAX - p->idcounted[k] : 0;
		const char *col = t->names[p->idcols[k]];
		char *w;

		if (more == 0)
			continue;
		p->idcounted[k] += more;
		if (p->o->warn == NULL)
			continue;
		if (asprintf(&w, bs_tr("%zu more group%s mix%s rows of "
		    "different %s: add %s %s to keep them apart"), more,
		    more == 1 ? "" : "s", more == 1 ? "es" : "", col,
		    p->o->group_opt ? p->o->group_opt : "-g", col) == -1)
			continue;
		p->o->warn(p->curfile, w);
		free(w);
	}
}

/*
 * A row of a percentile distribution: when it holds a value in a
 * quantile column that is a value column, its percentile is noted for
 * its group, and a group that gets rows of two percentiles is mixed.
 */
static int
pctrow(struct bs_table *t, size_t g, const struct bs_record *r)
{
	struct tpriv *p = t->priv;
	const size_t off = p->file_group ? 1 : 0;
	const struct bs_field *f;
	struct bs_dec d;
	double pct = (double)NAN;
	size_t k;

	for (k = 0; k < p->nslots; k++) {
		f = &r->f[p->slotcol[k] - off];
		if (p->quant[p->slotcol[k]] && f->s != NULL && f->len > 0)
			break;
	}
	if (k == p->nslots)
		return 0;
	if (g >= p->gqcap) {
		size_t old = p->gqcap, cap;

		cap = old;
		if (bs_grow(&p->gpct, &cap, g + 1, sizeof(*p->gpct)) == -1)
			return -1;
		cap = old;
		if (bs_grow(&p->gpmin, &cap, g + 1, sizeof(*p->gpmin)) == -1)
			return -1;
		cap = old;
		if (bs_grow(&p->gpmax, &cap, g + 1, sizeof(*p->gpmax)) == -1)
			return -1;
		cap = old;
		if (bs_grow(&p->gmixed, &cap, g + 1, 1) == -1)
			return -1;
		cap = old;
		if (bs_grow(&p->gqrows, &cap, g + 1, sizeof(*p->gqrows)) ==
		    -1)
			return -1;
		memset(p->gqrows + old, 0, (cap - old) * sizeof(*p->gqrows));
		memset(p->gmixed + old, 0, cap - old);
		p->gqcap = cap;
	}
	f = &r->f[p->pctcol - (long)off];
	if (f->s == NULL || bs_parse_number(f->s, f->len, &d, &pct) !=
	    BS_NUM_OK)
		pct = (double)NAN;
	if (p->gqrows[g]++ == 0) {
		p->gpct[g] = p->gpmin[g] = p->gpmax[g] = pct;
		return 0;
	}
	if (pct < p->gpmin[g])
		p->gpmin[g] = pct;
	if (pct > p->gpmax[g])
		p->gpmax[g] = pct;
	if (!p->gmixed[g] && !(pct == p->gpct[g] || (isnan(pct) &&
	    isnan(p->gpct[g])))) {
		p->gmixed[g] = 1;
		if (p->mixg < 0) {
			p->mixg = (long)g;
			if ((p->mixfile = strdup(p->curfile)) == NULL)
				return -1;
		}
	}
	return 0;
}

/*
 * The group of row t->nrows noted (bs_table_opts.rowgroups).  Rows are
 * of group 0 until one is not: only then is the array made, those rows
 * before it 0; a table of one group has none (t->rowgroup NULL).
 */
static int
rowgroup_note(struct bs_table *t, size_t g)
{
	struct tpriv *p = t->priv;
	int first = t->rowgroup == NULL;

	if (bs_grow(&t->rowgroup, &p->rgcap, t->nrows + 1,
	    sizeof(*t->rowgroup)) == -1)
		return -1;
	if (first)
		memset(t->rowgroup, 0, t->nrows * sizeof(*t->rowgroup));
	t->rowgroup[t->nrows] = (uint32_t)g;
	return 0;
}

/*
 * The group of record r, noted where it first came from, with the rows
 * it counts; its index, or -1 with e.
 */
static long
record_group(struct bs_table *t, const struct bs_record *r, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const size_t off = p->file_group ? 1 : 0;
	long g;

	/* Without group columns every row is in group 0: no call. */
	if (t->ngcols == 0 && t->ngroups == 1)
		g = 0;
	else if ((g = findgroup(t, r)) < 0)
		return bs_seterr(e, p->curfile, r->line, g == -2 ?
		    "too many group columns" : "out of memory");
	/* Groups are made in order: a new one is the next index. */
	if ((size_t)g == p->ngsrc) {
		if (bs_grow(&p->gsrc, &p->gsrccap, p->ngsrc + 1,
		    sizeof(*p->gsrc)) == -1)
			return bs_seterr(e, p->curfile, r->line,
			    "out of memory");
		p->gsrc[p->ngsrc].file = p->curfile;
		p->gsrc[p->ngsrc++].line = r->line;
	}
	if (p->o->rowgroups && (g != 0 || t->rowgroup != NULL) &&
	    rowgroup_note(t, (size_t)g) == -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	t->groups[g].nrows++;
	t->nrows++;
	for (size_t k = 0; k < t->nauto; k++) {
		const struct bs_field *f = &r->f[t->gcols[t->autofrom + k] -
		    off];

		if (f->s == NULL || f->len == 0)
			p->idmiss[k]++;
	}
	if (p->nid > 0 && identity(t, (size_t)g, r) == -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	if (p->pctcol >= 0 && p->quant != NULL &&
	    pctrow(t, (size_t)g, r) == -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	return g;
}

/*
 * Field f of slot k is no number (rc): the first of a text column, which
 * is then no value column (0), else an error (-1).
 */
static int
bad_field(struct bs_table *t, size_t k, const struct bs_field *f,
    const struct bs_record *r, enum bs_numparse rc, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const char *name = t->names[p->slotcol[k]];
	int len = (int)(f->len > 40 ? 40 : f->len);

	if (rc != BS_NUM_NOTNUM)
		return bs_seterr(e, p->curfile, r->line,
		    "column '%s': '%.*s' is not a finite number", name, len,
		    f->s);
	if (p->state[k] == COL_UNKNOWN) {
		/* A text column: not a value column. */
		p->state[k] = COL_TEXT;
		p->fast = 0;	/* fast_record()'s slots, again */
		p->sawcomma |= decimal_comma(f->s, f->len);
		return 0;
	}
	if (r->line == 0)
		return bs_seterr(e, p->curfile, 0, "record %zu: column '%s': "
		    "'%.*s' is not a number", r->recno, name, len, f->s);
	return bs_seterr(e, p->curfile, r->line,
	    "column '%s': '%.*s' is not a number%s", name, len, f->s,
	    decimal_comma(f->s, f->len) ?
	    " (a decimal comma? numbers are read with a point)" : "");
}


/*
 * A number into the running moments (and sketch) of its series, the
 * first skip rows of the series left out (a window's: none).
 */
static int
field_moments(struct bs_table *t, size_t k, struct bs_series *s,
    const struct bs_field *f, const struct bs_record *r, size_t skip,
    size_t rskip, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	enum bs_numparse rc;
	struct bs_dec d;
	double v;

	rc = f->s ? parse_field(f, &d, &v) : BS_NUM_MISSING;
	if (p->okcol >= 0 || apdex_on(p->o))
		rates_add(p, s, s->n, rskip, rc == BS_NUM_OK ? v : (double)NAN,
		    k);
	if (rc == BS_NUM_OK && !s->hasref) {
		s->ref = d;
		s->refd = v;
		s->hasref = 1;
	}
	if (rc != BS_NUM_OK && rc != BS_NUM_MISSING)
		return bad_field(t, k, f, r, rc, e);
	if (moments_add(&p->arena, s, skip, rc == BS_NUM_OK ? &d : NULL, v,
	    p->o->sketch) == -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	if (rc == BS_NUM_OK && p->state[k] != COL_NUMERIC)
		p->state[k] = COL_NUMERIC;
	return 0;
}

/* d (v as a double) shifted by the first value of s, which it may be. */
static double
shift_value(struct bs_series *s, const struct bs_dec *d, double v)
{
	if (!s->hasref) {
		s->ref = *d;
		s->refd = v;
		s->hasref = 1;
		return 0.0;
	}
	/* Shifted by zero: the value as parsed. */
	if (s->ref.mant == 0)
		return v;
	if (d->exp == s->ref.exp && !d->inexact && !s->ref.inexact &&
	    d->mant < (UINT64_C(1) << 53) && s->ref.mant < (UINT64_C(1) << 53) &&
	    d->exp >= -22 && d->exp <= 0) {
		/* Common case: same scale, exact ints. */
		double a = d->neg ? -(double)d->mant : (double)d->mant;
		double b = s->ref.neg ? -(double)s->ref.mant :
		    (double)s->ref.mant;

		/* a - b is exact; one division rounds. */
		return d->exp == 0 ? a - b : (a - b) / bs_pow10[-d->exp];
	}
	return shifted(s, d);
}

/* A value (or a missing one) appended to its series. */
static int
field_value(struct bs_table *t, size_t k, struct bs_series *s,
    const struct bs_field *f, const struct bs_record *r, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	enum bs_numparse rc;
	struct bs_dec d;
	double v;

	if (s->n == s->cap && series_grow(s, p->o->raw) == -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	rc = f->s ? parse_field(f, &d, &v) : BS_NUM_MISSING;
	if (p->okcol >= 0 || apdex_on(p->o))
		rates_add(p, s, s->n, p->o->rates_skip, rc == BS_NUM_OK ? v :
		    (double)NAN, k);
	switch (rc) {
	case BS_NUM_OK:
		if (series_put(s, shift_value(s, &d, v), v) == -1)
			return bs_seterr(e, p->curfile, r->line,
			    "out of memory");
		if (p->state[k] != COL_NUMERIC)
			p->state[k] = COL_NUMERIC;
		return 0;
	case BS_NUM_MISSING:
		if (s->raw)
			s->raw[s->n] = (double)NAN;
		if (s->ulp)
			s->ulp[s->n] = 0;
		s->v[s->n++] = (double)NAN;
		s->missing++;
		return 0;
	default:
		return bad_field(t, k, f, r, rc, e);
	}
}

/*
 * Can rows take the short way (fast_record())?  No group columns, no
 * option that looks at a row beyond its values, a few value columns.
 */
#define FAST_SLOTS	4	/* tpriv.fastk */

static int
fast_table(struct bs_table *t)
{
	struct tpriv *p = t->priv;

	if (!(t->ngcols == 0 && t->nauto == 0 && t->nrep == 0 &&
	    p->nid == 0 && p->pctcol < 0 && p->okcol < 0 && p->tcol < 0 &&
	    !p->stream && !apdex_on(p->o) && p->nslots <= FAST_SLOTS))
		return 0;
	p->nfast = 0;
	for (size_t k = 0; k < p->nslots; k++)
		if (p->state[k] != COL_TEXT)
			p->fastk[p->nfast++] = k;
	return p->nfast > 0;
}

/*
 * The common row of a table fast_table() allows, what record_slow()
 * would make of it without its questions: group 0 noted already and
 * holding the row alone, each value column numeric (with room for one
 * more value, unless in moments), each value a number of the fast form
 * (bs_number_fast()).  Stored, a value is shift_value()'s common case
 * that needs no note (series_put()); in moments, moments_add()'s.  1
 * when the row is counted, -1 with e on error; 0, nothing done, for the
 * general path.
 */
static int
fast_record(struct bs_table *t, const struct bs_record *r, size_t off,
    struct bs_err *e)
{
	struct tpriv *p = t->priv;
	struct bs_group *g;
	double x[FAST_SLOTS], v[FAST_SLOTS];
	struct bs_dec d[FAST_SLOTS];
	const int moments = p->o->moments;
	const size_t nf = p->nfast;

	if (t->ngroups != 1 || p->ngsrc != 1 || t->rowgroup != NULL)
		return 0;
	g = &t->groups[0];	/* not before: no groups, no array */
	for (size_t i = 0; i < nf; i++) {
		size_t k = p->fastk[i];
		const struct bs_field *f = &r->f[p->slotcol[k] - off];
		const struct bs_series *s = &g->s[k];

		if (p->state[k] != COL_NUMERIC || !s->hasref ||
		    f->s == NULL || !bs_number_fast(f->s, f->len, &d[i], &v[i]))
			return 0;
		if (moments)
			continue;
		if (s->n == s->cap)
			return 0;
		if (s->ref.mant == 0)
			x[i] = v[i];
		else if (d[i].exp == s->ref.exp && !s->ref.inexact &&
		    d[i].mant < (UINT64_C(1) << 53) &&
		    s->ref.mant < (UINT64_C(1) << 53)) {
			double a = d[i].neg ? -(double)d[i].mant :
			    (double)d[i].mant;
			double b = s->ref.neg ? -(double)s->ref.mant :
			    (double)s->ref.mant;

			x[i] = d[i].exp == 0 ? a - b : (a - b) /
			    bs_pow10[-d[i].exp];
		} else
			return 0;
		if (s->refd + x[i] != v[i])
			return 0;
	}
	for (size_t i = 0; i < nf; i++) {
		struct bs_series *s = &g->s[p->fastk[i]];

		s->present = 1;
		if (moments) {
			if (moments_add(&p->arena, s, p->o->skip, &d[i], v[i],
			    p->o->sketch) == -1)
				return bs_seterr(e, p->curfile, r->line,
				    "out of memory");
			continue;
		}
		if (s->raw)
			s->raw[s->n] = v[i];
		if (s->ulp)
			s->ulp[s->n] = 0;
		s->v[s->n++] = x[i];
	}
	g->nrows++;
	t->nrows++;
	return 1;
}

static __attribute__((noinline)) int
record_slow(struct bs_table *t, const struct bs_record *r, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const size_t off = p->file_group ? 1 : 0;
	struct bs_series *win = NULL;
	long g;

	if (p->o->apdex_s > 0 && p->napdexT != p->nslots &&
	    apdex_setup(t, e) == -1)
		return -1;
	if ((g = record_group(t, r, e)) < 0)
		return -1;
	if (t->nrep > 0 && !p->o->moments && record_units(t, (size_t)g, r) ==
	    -1)
		return bs_seterr(e, p->curfile, r->line, "out of memory");
	if (p->okcol >= 0)
		p->rowok = row_ok(p, r, off);
	if (p->stream) {
		if ((win = window_add(t, (size_t)g, r, off, e)) == NULL &&
		    e->msg[0] != '\0')
			return -1;
	} else if (p->tcol >= 0 && time_add(t, (size_t)g, r, off, e) == -1)
		return -1;
	for (size_t k = 0; k < p->nslots; k++) {
		const struct bs_field *f = &r->f[p->slotcol[k] - off];
		struct bs_series *s;

		if (p->state[k] == COL_TEXT)
			continue;
		s = &t->groups[g].s[k];
		if (f->s != NULL)
			s->present = 1;
		if (win != NULL) {
			/* The window's series; the group's says present. */
			s = &win[k];
			s->present |= f->s != NULL;
		} else if (p->stream)
			continue;	/* the warm-up */
		if ((p->o->moments ? field_moments(t, k, s, f, r, win ? 0 :
		    p->o->skip, win ? 0 : p->o->rates_skip, e) :
		    field_value(t, k, s, f, r, e)) == -1)
			return -1;
	}
	return 0;
}

/*
 * A record: the short way when it may (fast_record()), else every
 * question asked (record_slow(), a function of its own so that this one
 * saves no registers).
 */
static int
on_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;

	if (p->fast == 0)
		p->fast = fast_table(t) ? 1 : -1;
	if (p->fast > 0) {
		int rc = fast_record(t, r, p->file_group ? 1 : 0, e);

		if (rc != 0)
			return rc > 0 ? 0 : -1;
	}
	return record_slow(t, r, e);
}

static void
on_format(void *arg, const struct bs_fmt *f)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;

	p->meta = bs_format_meta(f);
	if (t->names == NULL) {
		p->ident = bs_format_identity(f);
		p->infmt = f;
	}
	/* Plain input has one column, of numbers: a word in it is an error. */
	p->plain = f == &bs_fmt_plain;
}

/* A unit the reader declared for an input column, kept by name. */
static void
on_unit(void *arg, const char *column, const char *unit)
{
	struct bs_table *t = arg;

	for (size_t i = 0; i < t->nnames; i++) {
		if (strcmp(t->names[i], column) != 0)
			continue;
		if (t->units == NULL &&
		    (t->units = calloc(t->nnames + 1, sizeof(*t->units))) ==
		    NULL)
			return;	/* a unit is a nicety: its absence is none */
		free(t->units[i]);
		t->units[i] = strdup(unit);
		return;
	}
}

/*
 * Input column i, left out by default for its index name alone, is a
 * value column after all: a slot in column order, while no group
 * holds series yet (the first input's roles come before its records).
 */
static void
addslot(struct bs_table *t, size_t i)
{
	struct tpriv *p = t->priv;
	size_t *sc, pos, k;
	enum colstate *st;

	if (p->slot == NULL || p->slot[i] >= 0 || t->ngroups > 0)
		return;
	p->fast = 0;
	sc = realloc(p->slotcol, (p->nslots + 2) * sizeof(*sc));
	if (sc == NULL)
		return;
	p->slotcol = sc;
	st = realloc(p->state, (p->nslots + 2) * sizeof(*st));
	if (st == NULL)
		return;
	p->state = st;
	for (pos = 0; pos < p->nslots && p->slotcol[pos] < i; pos++)
		;
	memmove(p->slotcol + pos + 1, p->slotcol + pos, (p->nslots - pos) *
	    sizeof(*p->slotcol));
	memmove(p->state + pos + 1, p->state + pos, (p->nslots - pos) *
	    sizeof(*p->state));
	p->slotcol[pos] = i;
	p->state[pos] = COL_UNKNOWN;
	p->nslots++;
	for (k = 0; k < p->nslots; k++)
		p->slot[p->slotcol[k]] = (long)k;
	p->idxout[i] = 0;
}

/*
 * Input column i described as metadata (BS_ROLE_META) after the header,
 * before any row: out of the default value columns and of the default
 * group (an identity column of the format, such as ws's CPU, that this
 * table's header says is no identity), and not watched as one.
 */
static void
unmeasure(struct bs_table *t, size_t i)
{
	struct tpriv *p = t->priv;
	size_t k;

	if (t->ngroups > 0 || p->slot == NULL)
		return;
	if (!p->explicit_cols && p->slot[i] >= 0) {
		size_t pos = (size_t)p->slot[i];

		memmove(p->slotcol + pos, p->slotcol + pos + 1,
		    (p->nslots - pos - 1) * sizeof(*p->slotcol));
		memmove(p->state + pos, p->state + pos + 1,
		    (p->nslots - pos - 1) * sizeof(*p->state));
		p->nslots--;
		p->slot[i] = -1;
		for (k = 0; k < p->nslots; k++)
			p->slot[p->slotcol[k]] = (long)k;
	}
	if (p->idxout != NULL)
		p->idxout[i] = 0;
	for (k = t->autofrom; k < t->autofrom + t->nauto; k++) {
		if (t->gcols[k] != i)
			continue;
		memmove(t->gcols + k, t->gcols + k + 1, (t->ngcols - k - 1) *
		    sizeof(*t->gcols));
		memmove(p->gvaries + k, p->gvaries + k + 1, t->ngcols - k - 1);
		if (p->idmiss != NULL)
			memmove(p->idmiss + (k - t->autofrom), p->idmiss +
			    (k - t->autofrom) + 1, (t->autofrom + t->nauto -
			    k - 1) * sizeof(*p->idmiss));
		t->ngcols--;
		t->nauto--;
		p->ingcols--;
		break;
	}
	for (k = 0; k < p->nid; k++)
		if (p->idcols[k] == i) {
			memmove(p->idcols + k, p->idcols + k + 1,
			    (p->nid - k - 1) * sizeof(*p->idcols));
			p->nid--;
			break;
		}
}

/*
 * What a reader says of a column: a value whatever its name (taken
 * into the default value columns), or a percentile distribution's
 * percentile or values (checked by bs_table_finish()).  Like a unit, a
 * role that finds no memory is left out.
 */
static void
on_role(void *arg, const char *column, enum bs_colrole role)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;
	size_t i;

	p->fast = 0;
	for (i = 0; i < t->nnames; i++)
		if (strcmp(t->names[i], column) == 0)
			break;
	if (i == t->nnames)
		return;
	switch (role) {
	case BS_ROLE_VALUE:
		if (!p->explicit_cols && p->idxout != NULL && p->idxout[i])
			addslot(t, i);
		break;
	case BS_ROLE_PERCENTILE:
		p->pctcol = (long)i;
		break;
	case BS_ROLE_QUANTILE:
		if (p->quant == NULL &&
		    (p->quant = calloc(t->nnames, 1)) == NULL)
			return;
		p->quant[i] = 1;
		break;
	case BS_ROLE_META:
		unmeasure(t, i);
		break;
	}
}

const char *
bs_table_unit(const struct bs_table *t, size_t i)
{
	return t->units != NULL && i < t->nvcols ? t->units[t->vcols[i]] :
	    NULL;
}

/*
 * Metadata an input carried: kept by key, the last value winning.  Like
 * a unit it is a nicety: without memory it is left out, not an error.
 */
static void
on_meta(void *arg, const char *key, const char *value)
{
	struct bs_table *t = arg;

	(void)bs_meta_set(&t->meta, key, value);
}

static void
on_warn(void *arg, const char *msg)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;

	if (p->o->warn)
		p->o->warn(p->curfile, msg);
}

static void
on_note(void *arg, const char *msg)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;

	if (p->o->note)
		p->o->note(p->curfile, msg);
}

/*
 * Does the table read field k of the records (the reader's numbering)?
 * Only the columns it was set up with: values, groups, levels, identity,
 * percentiles, --ok, the time.
 */
static int
on_want(void *arg, size_t k)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;
	size_t i = k + (p->file_group ? 1 : 0);

	if (t->names == NULL || i >= t->nnames)
		return 1;
	return (p->slot != NULL && p->slot[i] >= 0) ||
	    inlist(t->gcols, t->ngcols, i) || inlist(t->repcols, t->nrep, i) ||
	    inlist(p->idcols, p->nid, i) || (long)i == p->pctcol ||
	    (p->quant != NULL && p->quant[i]) || (long)i == p->okcol ||
	    (long)i == p->tcol;
}

/*
 * A file read in chunks in parallel (bs_read_opts.jobs): each chunk's
 * records go to a table of its own, a copy of this one's columns with
 * one group, whose series start empty and shifted by the reference
 * the table's series have (their first value), so that every value is
 * stored as one thread would store it; joined, its series are appended
 * to the table's.  Only a table whose records touch nothing but its
 * one group's series and counts is read so (no group columns, units,
 * identity, rates, times, percentiles, streaming moments), once every
 * value column is known to be numeric or text; others are read in one
 * thread.
 */
struct chunktab {
	struct bs_table	 t;
	struct tpriv	 p;
	struct bs_group	 g;
};

static int
splittable(const struct bs_table *t)
{
	const struct tpriv *p = t->priv;

	if (t->ngcols != 0 || t->ngroups != 1 || t->nrep != 0 ||
	    t->nauto != 0 || p->okcol >= 0 ||
	    apdex_on(p->o) || p->tcol >= 0 || p->nid != 0 ||
	    (p->pctcol >= 0 && p->quant != NULL) || p->o->every > 0 ||
	    (p->o->moments && (p->o->skip > 0 || p->o->rates_skip > 0)))
		return 0;
	for (size_t k = 0; k < p->nslots; k++)
		if (p->state[k] == COL_UNKNOWN || (p->state[k] ==
		    COL_NUMERIC && !t->groups[0].s[k].hasref))
			return 0;
	return 1;
}

static void
chunktab_free(struct chunktab *c)
{
	for (size_t k = 0; k < c->p.nslots; k++)
		series_free(&c->g.s[k]);
	bs_arena_free(&c->p.arena);	/* its own: its series' moments */
	free(c->g.s);
	free(c->p.state);
	free(c->t.rowgroup);
	free(c);
}

static struct chunktab *
chunktab_new(const struct bs_table *t)
{
	const struct tpriv *p = t->priv;
	struct chunktab *c;
	size_t ns = p->nslots;

	if ((c = bs_line_calloc(sizeof(*c))) == NULL)
		return NULL;
	c->t = *t;
	c->p = *p;
	c->g = t->groups[0];
	c->t.priv = &c->p;
	c->t.groups = &c->g;
	c->t.nrows = 0;
	c->t.rowgroup = NULL;
	memset(&c->p.arena, 0, sizeof(c->p.arena));
	c->p.rgcap = 0;
	c->g.nrows = 0;
	c->g.s = bs_line_calloc((ns ? ns : 1) * sizeof(*c->g.s));
	c->p.state = bs_line_calloc((ns ? ns : 1) * sizeof(*c->p.state));
	if (c->g.s == NULL || c->p.state == NULL) {
		chunktab_free(c);
		return NULL;
	}
	memcpy(c->p.state, p->state, ns * sizeof(*p->state));
	for (size_t k = 0; k < ns; k++) {
		c->g.s[k].ref = t->groups[0].s[k].ref;
		c->g.s[k].refd = t->groups[0].s[k].refd;
		c->g.s[k].hasref = t->groups[0].s[k].hasref;
	}
	return c;
}

static int
on_split(void *arg, size_t n, struct bs_reader_cb *cbs)
{
	struct bs_table *t = arg;
	struct chunktab *c;

	if (!splittable(t))
		return -1;
	for (size_t i = 0; i < n; i++) {
		if ((c = chunktab_new(t)) == NULL) {
			while (i-- > 0)
				chunktab_free(cbs[i].arg);
			return -1;
		}
		cbs[i] = (struct bs_reader_cb){ .header = on_header,
		    .record = on_record, .arg = c };
	}
	return 0;
}

/* Are series s and c shifted by the same reference (none re-based)? */
static int
sameref(const struct bs_series *s, const struct bs_series *c)
{
	return c->hasref == s->hasref && c->refd == s->refd &&
	    signbit(c->refd) == signbit(s->refd) &&
	    c->ref.mant == s->ref.mant && c->ref.exp == s->ref.exp &&
	    c->ref.neg == s->ref.neg && c->ref.inexact == s->ref.inexact;
}

/* Series c after series s, of the same reference: values appended. */
static int
series_append(struct bs_series *s, const struct bs_series *c)
{
	size_t n = s->n + c->n;

	if (c->n == 0) {
		s->present |= c->present;
		return 0;
	}
	if (n > s->cap) {
		double *v = realloc(s->v, n * sizeof(*v));

		if (v == NULL)
			return -1;
		s->v = v;
		if (c->raw != NULL || s->raw != NULL) {
			if ((v = realloc(s->raw, n * sizeof(*v))) == NULL)
				return -1;
			s->raw = v;
		}
		if (s->ulp != NULL) {
			signed char *u = realloc(s->ulp, n);

			if (u == NULL)
				return -1;
			s->ulp = u;
		}
		s->cap = n;
	}
	if (c->ulp != NULL && s->ulp == NULL &&
	    (s->ulp = calloc(s->cap, 1)) == NULL)
		return -1;
	memcpy(s->v + s->n, c->v, c->n * sizeof(*c->v));
	if (c->raw != NULL)
		memcpy(s->raw + s->n, c->raw, c->n * sizeof(*c->raw));
	if (s->ulp != NULL) {
		if (c->ulp != NULL)
			memcpy(s->ulp + s->n, c->ulp, c->n);
		else
			memset(s->ulp + s->n, 0, c->n);
	}
	s->n = n;
	s->missing += c->missing;
	s->present |= c->present;
	return 0;
}

/*
 * Can series c's streaming moments follow s's as one thread would have
 * counted them?  Both still exact sums (xsum.c), and merged they fit.
 */
static int
moments_joinable(const struct bs_series *s, const struct bs_series *c)
{
	const struct bs_moments *m = s->mom, *cm = c->mom;
	struct bs_xsum x;

	if (cm == NULL || cm->n == 0)
		return 1;
	if (m == NULL || m->n == 0)
		return cm->x.on;
	x = m->x;
	return bs_xsum_merge(&x, &cm->x) == 0;
}

/* Series c's streaming moments and sketch after s's (joinable). */
static int
moments_join(struct bs_arena *a, struct bs_series *s, struct bs_series *c,
    struct bs_err *e)
{
	struct bs_moments *m = s->mom, *cm = c->mom;

	s->n += c->n;
	s->missing += c->missing;
	s->present |= c->present;
	if (cm == NULL || cm->n == 0)
		return 0;
	if (m == NULL) {
		if ((m = s->mom = bs_arena_alloc(a, sizeof(*m))) == NULL)
			return -1;
		memset(m, 0, sizeof(*m));
	}
	if (m->n == 0) {
		bs_sketch_free(m->sk);
		*m = *cm;
		cm->sk = NULL;
		return 0;
	}
	(void)bs_xsum_merge(&m->x, &cm->x);
	/* As one thread's strict comparisons: the first of equals kept. */
	if (cm->rmin < m->rmin)
		m->rmin = cm->rmin;
	if (cm->rmax > m->rmax)
		m->rmax = cm->rmax;
	m->n += cm->n;
	if (cm->sk == NULL)
		return 0;
	if (m->sk == NULL) {
		m->sk = cm->sk;
		cm->sk = NULL;
		return 0;
	}
	return bs_sketch_merge(m->sk, cm->sk, e);
}

static int
on_join(void *arg, void *chunkarg, int keep, struct bs_err *e)
{
	struct bs_table *t = arg;
	struct tpriv *p = t->priv;
	struct chunktab *c = chunkarg;
	int rc = 0;

	/*
	 * A column found text or numeric, a series re-based: not as one
	 * thread would have read it.
	 */
	for (size_t k = 0; keep && rc == 0 && k < p->nslots; k++)
		if (c->p.state[k] != p->state[k] || (p->state[k] != COL_TEXT &&
		    !sameref(&t->groups[0].s[k], &c->g.s[k])))
			rc = 1;
	for (size_t k = 0; keep && rc == 0 && p->o->moments &&
	    k < p->nslots; k++)
		if (p->state[k] != COL_TEXT &&
		    !moments_joinable(&t->groups[0].s[k], &c->g.s[k]))
			rc = 1;
	for (size_t k = 0; keep && rc == 0 && k < p->nslots; k++)
		if (p->state[k] != COL_TEXT)
			rc = p->o->moments ? moments_join(&p->arena,
			    &t->groups[0].s[k], &c->g.s[k], e) :
			    series_append(&t->groups[0].s[k], &c->g.s[k]);
	if (keep && rc == 0 && t->rowgroup != NULL && c->t.nrows > 0) {
		if (bs_grow(&t->rowgroup, &p->rgcap, t->nrows + c->t.nrows,
		    sizeof(*t->rowgroup)) == -1)
			rc = -1;
		else
			memset(t->rowgroup + t->nrows, 0, c->t.nrows *
			    sizeof(*t->rowgroup));
	}
	if (keep && rc == 0) {
		t->groups[0].nrows += c->g.nrows;
		t->nrows += c->t.nrows;
	}
	chunktab_free(c);
	if (rc == -1)
		return bs_seterr(e, p->curfile, 0, "out of memory");
	return rc;
}

int
bs_table_read(struct bs_table *t, const struct bs_buf *buf, const char *path,
    struct bs_err *e)
{
	struct tpriv *p = t->priv;
	struct bs_reader_cb cb = { on_header, on_record, t, on_warn,
	    on_format, on_unit, on_meta, on_note, on_role, on_want, on_split,
	    on_join };
	const struct bs_fmt *used;
	int delim;
	size_t before = t->nrows;
	struct bs_read_opts ro = p->o->read;

	/*
	 * The name outlives the buffer: bs_table_finish() and the warnings
	 * name the last file read after the caller freed its bs_buf.
	 */
	if (bs_grow(&p->fnames, &p->fncap, p->nfnames + 1,
	    sizeof(*p->fnames)) == -1 || (p->fnames[p->nfnames] =
	    strdup(buf ? buf->name : (path == NULL || strcmp(path, "-") == 0 ?
	    "<stdin>" : path))) == NULL) {
		p->curfile = "";
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	p->curfile = p->fnames[p->nfnames++];
	p->lastg = -1;
	/* A reader of several tables chooses by the names asked for. */
	if (ro.columns == NULL && ro.groups == NULL) {
		ro.columns = p->o->columns;
		ro.groups = p->o->groups;
	}
	if (bs_read(buf, path, &ro, &cb, &used, &delim, e) == -1)
		return -1;
	idwarn_more(t);
	if (p->nfiles++ == 0) {
		t->format = used;
		t->delim = delim;
	}
	if (t->nrows == before)
		return bs_seterr(e, p->curfile, 0, "no data rows");
	return 0;
}

/*
 * Rows that are the reported percentiles of a distribution (p50, p99,
 * ...) are not runs: a mean, a p99 or a test across them is a figure of
 * nothing.  A series that pools rows of several percentiles is refused
 * unless the caller reads every row as it is; the error says how to
 * read them instead, for what the caller does.
 */
static int pctmsg(struct bs_table *, struct bs_err *, const char *,
    const char *, const char *);

static int
pctcheck(struct bs_table *t, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	const char *col = NULL, *pcol;
	size_t g, k;
	char what[160];
	struct bs_sbuf gl = { 0 };
	int rc;

	if (p->mixg < 0 || p->o->use == BS_USE_ROWS)
		return 0;
	g = (size_t)p->mixg;
	for (k = 0; k < t->nvcols && col == NULL; k++)
		if (p->quant[t->vcols[k]])
			col = t->names[t->vcols[k]];
	if (col == NULL)
		return 0;
	pcol = t->names[p->pctcol];
	if (!isnan(p->gpmin[g]) && !isnan(p->gpmax[g]))
		snprintf(what, sizeof(what), "the %zu rows of '%s' are the "
		    "percentiles %.10g to %.10g of a distribution", p->gqrows[g],
		    col, p->gpmin[g], p->gpmax[g]);
	else
		snprintf(what, sizeof(what), "the %zu rows of '%s' are "
		    "percentiles of a distribution", p->gqrows[g], col);
	for (k = p->file_group ? 1 : 0; k < t->ngcols; k++)
		if (bs_sbuf_add(&gl, t->names[t->gcols[k]],
		    strlen(t->names[t->gcols[k]])) == -1 ||
		    bs_sbuf_add(&gl, ",", 1) == -1) {
			bs_sbuf_free(&gl);
			return bs_seterr(e, NULL, 0, "out of memory");
		}
	bs_sbuf_add(&gl, "", 1);
	rc = pctmsg(t, e, what, gl.p ? gl.p : "", pcol);
	bs_sbuf_free(&gl);
	return rc;
}

static int
pctmsg(struct bs_table *t, struct bs_err *e, const char *what,
    const char *groups, const char *pcol)
{
	struct tpriv *p = t->priv;

	switch (p->o->use) {
	case BS_USE_OUTLIERS:
		return bs_seterr(e, p->mixfile, 0, "%s, not runs: outliers "
		    "among them mean nothing; bplot percentiles draws them",
		    what);
	case BS_USE_CHART:
		return bs_seterr(e, p->mixfile, 0, "%s, not runs: drawn as a "
		    "sample they mean nothing; bplot percentiles draws them",
		    what);
	default:
		return bs_seterr(e, p->mixfile, 0, "%s, not runs: a summary "
		    "or test across them means nothing; -g %s%s%s takes each "
		    "percentile as reported, bplot percentiles draws them%s",
		    what, groups, "", pcol,
		    p->explicit_cols ? "" : " (-c chooses other columns)");
	}
}

/*
 * The default group's columns that only matter where they vary (Go's
 * procs and pkg): one with the same value in every group is no group
 * column after all.  The groups stay as they are; their keys, and the
 * hash of the joined keys, lose the column.
 */
static int
dropconst(struct bs_table *t)
{
	struct tpriv *p = t->priv;
	size_t k = t->autofrom, g;
	int changed = 0;
	const char sep = '\0';	/* as findgroup() joins a key */

	while (k < t->autofrom + t->nauto && t->ngroups > 0) {
		int same = p->gvaries[k];

		for (g = 1; same && g < t->ngroups; g++)
			same = strcmp(t->groups[g].key[k],
			    t->groups[0].key[k]) == 0;
		if (!same) {
			k++;
			continue;
		}
		/* The keys are the table's arena's: nothing to free. */
		for (g = 0; g < t->ngroups; g++) {
			memmove(t->groups[g].key + k, t->groups[g].key + k + 1,
			    (t->ngcols - k - 1) * sizeof(*t->groups[g].key));
		}
		memmove(t->gcols + k, t->gcols + k + 1, (t->ngcols - k - 1) *
		    sizeof(*t->gcols));
		memmove(p->gvaries + k, p->gvaries + k + 1, t->ngcols - k - 1);
		t->ngcols--;
		t->nauto--;
		p->ingcols--;
		changed = 1;
	}
	if (!changed)
		return 0;
	for (g = 0; g < t->ngroups; g++) {
		struct bs_sbuf kb = { 0 };

		for (k = 0; k < t->ngcols; k++)
			if (bs_sbuf_add(&kb, t->groups[g].key[k],
			    strlen(t->groups[g].key[k])) == -1 ||
			    bs_sbuf_add(&kb, &sep, 1) == -1) {
				bs_sbuf_free(&kb);
				return -1;
			}
		/* The joined key anew, in the arena (the old one stays
		 * there: the key fields point into it). */
		if ((p->keytext[g] = bs_arena_strndup(&p->arena,
		    kb.len > 0 ? kb.p : "", kb.len)) == NULL) {
			bs_sbuf_free(&kb);
			return -1;
		}
		p->keylen[g] = kb.len;
		p->keyhash[g] = bs_fnv1a(p->keytext[g], kb.len);
		bs_sbuf_free(&kb);
	}
	p->lastg = -1;
	p->hcap /= 2;	/* rehash() doubles it back */
	return rehash(p, t->ngroups);
}

/*
 * Whether slot k of generic input is a factor, not a measurement: every
 * value an integer (below 2^53, where doubles are exact), at most BS_FACTOR_MAX distinct, each in at least 3
 * rows, at least 2 of them, and a name (or declared unit) that says no
 * quantity: 'latency_ms' rounded to integers stays a measurement.  Its
 * distinct values go to lv, sorted; their number is returned, 0 if not.
 */
static size_t
factorlevels(const struct bs_table *t, size_t k, double *lv)
{
	const struct tpriv *p = t->priv;
	size_t col = p->slotcol[k], nl = 0, cnt[BS_FACTOR_MAX];
	struct bs_colunit cu;

	if (t->units != NULL && t->units[col] != NULL)
		return 0;
	bs_column_unit(t->names[col], &cu);
	if (cu.qty != BS_QTY_NONE || cu.unit[0] != '\0')
		return 0;
	for (size_t g = 0; g < t->ngroups; g++) {
		const struct bs_series *s = &t->groups[g].s[k];

		if (s->n > 0 && s->v == NULL)
			return 0;	/* streaming: not kept */
		for (size_t i = 0; i < s->n; i++) {
			double x = s->v[i] + s->refd;
			size_t l;

			if (isnan(s->v[i]))
				continue;
			/* Beyond 2^53 a double tells no integers apart. */
			if (!(fabs(x) < 9007199254740992.0) || x != floor(x))
				return 0;
			for (l = 0; l < nl && lv[l] != x; l++)
				;
			if (l == nl) {
				if (nl == BS_FACTOR_MAX)
					return 0;
				lv[nl] = x;
				cnt[nl++] = 0;
			}
			cnt[l]++;
		}
	}
	if (nl < 2)
		return 0;
	for (size_t l = 0; l < nl; l++)
		if (cnt[l] < 3)
			return 0;
	qsort(lv, nl, sizeof(*lv), bs_cmp_double);
	return nl;
}

/*
 * How far apart the medians of slot j's series lie across the factor's
 * values (slot k, nl values lv) within each group: the largest ratio of
 * the largest to the smallest median, of positive medians; 0 if none.
 * Rows are paired by position, so only where both series hold a cell
 * for every row of the group.
 */
static double
factorspread(const struct bs_table *t, size_t k, size_t j, const double *lv,
    size_t nl)
{
	double best = 0, *buf = NULL;
	size_t cap = 0;

	for (size_t g = 0; g < t->ngroups; g++) {
		const struct bs_series *f = &t->groups[g].s[k];
		const struct bs_series *s = &t->groups[g].s[j];
		double lo = INFINITY, hi = 0;
		int nmed = 0;

		if (f->n != s->n || s->v == NULL || f->n == 0)
			continue;
		if (cap < s->n) {
			free(buf);
			if ((buf = malloc(s->n * sizeof(*buf))) == NULL)
				return 0;
			cap = s->n;
		}
		for (size_t l = 0; l < nl; l++) {
			size_t m = 0;

			for (size_t i = 0; i < s->n; i++)
				if (!isnan(f->v[i]) && !isnan(s->v[i]) &&
				    f->v[i] + f->refd == lv[l])
					buf[m++] = s->v[i] + s->refd;
			if (m == 0)
				continue;
			double md = bs_median(buf, m);

			if (!(md > 0))
				continue;
			nmed++;
			if (md < lo)
				lo = md;
			if (md > hi)
				hi = md;
		}
		if (nmed >= 2 && hi / lo > best)
			best = hi / lo;
	}
	free(buf);
	return best;
}

/*
 * With generic input and no -c, the factors among the numeric slots
 * (factorlevels()) are no value columns, as long as a numeric slot that
 * is none remains (the only numeric columns are what was measured,
 * whatever they hold): noted in the table, each with how far it splits
 * the other columns' medians.  isfac[k] is set for each; returns their
 * number, or -1 when out of memory.
 */
static long
findfactors(struct bs_table *t, unsigned char *isfac)
{
	struct tpriv *p = t->priv;
	double lv[BS_FACTOR_MAX];
	size_t nl[BS_FACTOR_MAX], nf = 0, nnum = 0, k;

	if (p->explicit_cols || (t->format != &bs_fmt_csv &&
	    t->format != &bs_fmt_tsv && t->format != &bs_fmt_json &&
	    t->format != &bs_fmt_ndjson && t->format != &bs_fmt_kv))
		return 0;
	for (k = 0; k < p->nslots; k++) {
		if (p->state[k] != COL_NUMERIC)
			continue;
		nnum++;
		if (nf < BS_FACTOR_MAX && (nl[nf] = factorlevels(t, k, lv)) > 0) {
			isfac[k] = 1;
			nf++;
		}
	}
	if (nf == 0 || nf == nnum) {
		memset(isfac, 0, p->nslots);
		return 0;
	}
	if ((t->factors = calloc(nf, sizeof(*t->factors))) == NULL)
		return -1;
	for (k = 0; k < p->nslots; k++) {
		struct bs_factor *f;

		if (!isfac[k])
			continue;
		f = &t->factors[t->nfactors];
		f->col = p->slotcol[k];
		f->nlevels = nl[t->nfactors++];
		factorlevels(t, k, lv);
		for (size_t j = 0; j < p->nslots; j++) {
			double r;

			if (isfac[j] || p->state[j] != COL_NUMERIC)
				continue;
			if ((r = factorspread(t, k, j, lv, f->nlevels)) >
			    f->spread) {
				f->spread = r;
				f->spreadcol = j;	/* a slot until compacted */
			}
		}
	}
	return (long)nf;
}

/*
 * Does a factor split the series (their medians BS_FACTOR_SPREAD apart
 * across its values)?  Then it, not the runs, explains their modes.
 */
int
bs_factor_splits(const struct bs_factor *f)
{
	return f->spread >= BS_FACTOR_SPREAD;
}

int
bs_table_factor_splits(const struct bs_table *t)
{
	for (size_t i = 0; i < t->nfactors; i++)
		if (bs_factor_splits(&t->factors[i]))
			return 1;
	return 0;
}

/*
 * The windows' series (bs_group.win) kept for the value columns that
 * bs_table_finish() keeps, as it keeps the groups' (the same test), a
 * window after another: nslots a window becomes nvcols.
 */
static void
windows_compact(struct bs_table *t, const unsigned char *isfac)
{
	struct tpriv *p = t->priv;
	size_t g, w, k, nv;

	t->every = p->o->moments && p->tcol >= 0 ? p->o->every : 0;
	for (g = 0; g < t->ngroups; g++) {
		struct bs_group *gr = &t->groups[g];

		for (nv = 0, w = 0; w < gr->nwin; w++)
			for (k = 0; k < p->nslots; k++) {
				struct bs_series *s = &gr->win[w * p->nslots +
				    k];

				if ((p->state[k] == COL_NUMERIC ||
				    (p->explicit_cols && p->state[k] !=
				    COL_TEXT)) && !isfac[k])
					gr->win[nv++] = *s;
				else
					series_free(s);
			}
	}
}

int
bs_table_finish(struct bs_table *t, struct bs_err *e)
{
	struct tpriv *p = t->priv;
	size_t k, nv = 0;
	unsigned char *isfac;

	if (t->names == NULL)
		return bs_seterr(e, NULL, 0, "no input");
	if (dropconst(t) == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	if ((t->vcols = calloc(p->nslots + 1, sizeof(*t->vcols))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	/*
	 * Keep the value columns that hold numbers; compact the series
	 * arrays of every group to match.  Columns whose every cell was
	 * missing stay when they were asked for.  A factor is left out.
	 */
	if ((isfac = calloc(p->nslots + 1, 1)) == NULL ||
	    findfactors(t, isfac) == -1) {
		free(isfac);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	windows_compact(t, isfac);
	for (k = 0; k < p->nslots; k++) {
		int keep = (p->state[k] == COL_NUMERIC ||
		    (p->explicit_cols && p->state[k] != COL_TEXT)) &&
		    !isfac[k];

		for (size_t i = 0; i < t->nfactors; i++)
			if (t->factors[i].spread > 0 &&
			    t->factors[i].spreadcol == k)
				t->factors[i].spreadcol = nv;

		for (size_t g = 0; g < t->ngroups; g++) {
			struct bs_series *s = t->groups[g].s;

			if (keep)
				s[nv] = s[k];
			else
				series_free(&s[k]);
		}
		if (keep)
			t->vcols[nv++] = p->slotcol[k];
	}
	free(isfac);
	p->nslots = nv;
	t->nvcols = nv;
	if (nv > 0 && pctcheck(t, e) == -1)
		return -1;
	if (nv == 0)
		return bs_seterr(e, p->curfile, 0, "no numeric column to "
		    "summarise (use -c to name one)%s%s", p->sawindex ?
		    "; index columns such as run or id are not values unless "
		    "named" : "", p->sawcomma ?
		    "; numbers with a decimal comma are text: write them "
		    "with a point" : "");
	return 0;
}

static int
samekey(char *const *a, char *const *b, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (strcmp(a[k], b[k]) != 0)
			return 0;
	return 1;
}

/*
 * The group with this key, through the table's own hash of the joined
 * key text, so that pairing the groups of two tables stays linear.
 * Tables without a hash (none has fewer than one group) are scanned.
 */
long
bs_table_find_group(const struct bs_table *t, char *const *key)
{
	const struct tpriv *p = t->priv;
	struct bs_sbuf kb = { 0 };
	const char sep = '\0';
	size_t j, k;
	long found = -1;

	if (p == NULL || p->hcap == 0) {
		for (size_t g = 0; g < t->ngroups; g++)
			if (samekey(t->groups[g].key, key, t->ngcols))
				return (long)g;
		return -1;
	}
	for (k = 0; k < t->ngcols; k++)
		if (bs_sbuf_add(&kb, key[k], strlen(key[k])) == -1 ||
		    bs_sbuf_add(&kb, &sep, 1) == -1) {
			bs_sbuf_free(&kb);
			return -2;
		}
	j = bs_fnv1a(kb.p, kb.len) & (p->hcap - 1);
	while (p->hash[j]) {
		size_t g = p->hash[j] - 1;

		if (samekey(t->groups[g].key, key, t->ngcols)) {
			found = (long)g;
			break;
		}
		j = (j + 1) & (p->hcap - 1);
	}
	bs_sbuf_free(&kb);
	return found;
}

int
bs_table_time_unsorted(const struct bs_table *t, size_t g)
{
	const struct bs_group *gr = &t->groups[g];

	if (gr->unsorted)
		return 1;
	for (size_t i = 1; gr->time != NULL && i < gr->nrows; i++)
		if (gr->time[i] < gr->time[i - 1])
			return 1;
	return 0;
}

double
bs_table_apdex(const struct bs_table *t, size_t c)
{
	const struct tpriv *p = t->priv;

	return p->apdexT != NULL && c < p->napdexT ? p->apdexT[c] :
	    p->o->apdex;
}

const char *
bs_table_vname(const struct bs_table *t, size_t i)
{
	return t->names[t->vcols[i]];
}

/* ------------------------------------------------------------------ */
/* The order of the groups for people */

struct ordctx {
	const struct bs_table *t;
	double		*num;		/* ngroups x ngcols: NaN if text */
	size_t		*rank;		/* ngroups x ngcols: first appearance */
};

static const struct ordctx *ordc;	/* qsort has no argument */

static int
natcmp(const void *a, const void *b)
{
	size_t ga = *(const size_t *)a, gb = *(const size_t *)b, k, n;
	const struct ordctx *c = ordc;

	n = c->t->ngcols;
	for (k = 0; k < n; k++) {
		double x = c->num[ga * n + k], y = c->num[gb * n + k];
		size_t rx = c->rank[ga * n + k], ry = c->rank[gb * n + k];

		if (!isnan(x) && !isnan(y) && x != y)
			return x < y ? -1 : 1;
		if ((isnan(x) || isnan(y)) && rx != ry)
			return rx < ry ? -1 : 1;
	}
	return ga < gb ? -1 : ga > gb;
}

size_t *
bs_table_order(const struct bs_table *t, int natural)
{
	struct ordctx c = { t, NULL, NULL };
	struct bs_strhash *seen = NULL;
	size_t *ord, g, k, n = t->ngcols;
	struct bs_dec d;
	double v;

	if ((ord = malloc((t->ngroups + 1) * sizeof(*ord))) == NULL)
		return NULL;
	for (g = 0; g < t->ngroups; g++)
		ord[g] = g;
	if (!natural || n == 0 || t->ngroups < 2)
		return ord;
	if ((c.num = malloc(t->ngroups * n * sizeof(*c.num))) == NULL ||
	    (c.rank = malloc(t->ngroups * n * sizeof(*c.rank))) == NULL ||
	    (seen = calloc(n, sizeof(*seen))) == NULL)
		goto fail;
	/*
	 * Numbers compare as numbers; text keeps the order in which each
	 * value first appeared (rank), so "baseline" stays before
	 * "candidate" and 2 before 10.
	 */
	for (g = 0; g < t->ngroups; g++)
		for (k = 0; k < n; k++) {
			const char *key = t->groups[g].key[k];
			long r = bs_strhash_get(&seen[k], key, strlen(key));

			if (r < 0) {
				r = (long)seen[k].n;
				if (bs_strhash_put(&seen[k], key, strlen(key),
				    (size_t)r) == -1)
					goto fail;
			}
			c.rank[g * n + k] = (size_t)r;
			c.num[g * n + k] = bs_parse_number(key, strlen(key),
			    &d, &v) == BS_NUM_OK ? v : (double)NAN;
		}
	ordc = &c;
	qsort(ord, t->ngroups, sizeof(*ord), natcmp);
	ordc = NULL;
	goto out;
fail:
	free(ord);
	ord = NULL;
out:
	for (k = 0; seen != NULL && k < n; k++)
		bs_strhash_free(&seen[k]);
	free(seen);
	free(c.num);
	free(c.rank);
	return ord;
}

const char *
bs_table_group_source(const struct bs_table *t, size_t g, size_t *line)
{
	const struct tpriv *p = t->priv;

	*line = 0;
	if (p == NULL || g >= p->ngsrc)
		return NULL;
	*line = p->gsrc[g].line;
	return p->gsrc[g].file;
}
