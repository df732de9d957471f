/*
 * Load levels: the points of a path (y against x in the order of the
 * input) and of a scalability line, with the columns that an SLO, a
 * limit and Little's law look at, and what those checks find.  A load
 * test is read as its levels were run, so nothing here sorts a path.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "plots_extern.h"

/* The index of value column name, or -1. */
static long
vcol(const struct bs_table *t, const char *name)
{
	if (name == NULL || *name == '\0')
		return -1;
	for (size_t i = 0; i < t->nvcols; i++)
		if (strcmp(bs_table_vname(t, i), name) == 0)
			return (long)i;
	return -1;
}

/* Mean and t interval of rows [from, to) of a series (skip applied). */
static void
span_mean(const struct bs_series *s, size_t from, size_t to, double conf,
    double *m, double *lo, double *hi)
{
	double sum = 0, ss = 0, v;
	size_t n = 0;

	*m = *lo = *hi = NAN;
	for (size_t i = from; i < to && i < s->n; i++)
		if (!isnan(s->v[i])) {
			sum += bs_series_value(s, i);
			n++;
		}
	if (n == 0)
		return;
	*m = sum / (double)n;
	for (size_t i = from; i < to && i < s->n; i++)
		if (!isnan(s->v[i])) {
			v = bs_series_value(s, i) - *m;
			ss += v * v;
		}
	if (n > 1) {
		double hw = bs_t_halfwidth(sqrt(ss / (double)(n - 1)), n, conf);

		*lo = *m - hw;
		*hi = *m + hw;
	}
}

static struct bp_lvseries *
series_of(const struct bp_roles *r, size_t g, struct bp_levels *ls)
{
	struct bp_lvseries *l;
	char *name;

	if ((name = bp_group_series(r, g)) == NULL)
		return NULL;
	for (size_t i = 0; i < ls->n; i++)
		if (strcmp(ls->s[i].name, name) == 0) {
			free(name);
			return &ls->s[i];
		}
	if ((l = realloc(ls->s, (ls->n + 1) * sizeof(*l))) == NULL) {
		free(name);
		return NULL;
	}
	ls->s = l;
	memset(&l[ls->n], 0, sizeof(*l));
	l[ls->n].name = name;
	return &l[ls->n++];
}

static struct bp_level *
level_new(struct bp_lvseries *l)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		struct bp_level *p = realloc(l->p, cap * sizeof(*p));

		if (p == NULL)
			return NULL;
		l->p = p;
		l->cap = cap;
	}
	return &l->p[l->n++];
}

/* Columns of one point: rows [a, b) of group gr. */
struct cols {
	long	 x, y, lohi[4], c[BP_C__N];
	int	 ckey[BP_C__N];		/* the check's column is the level */
};

static void
fill(struct bp_level *p, const struct bs_group *gr, const struct cols *k,
    size_t a, size_t b, double conf)
{
	double m, lo, hi, d[4];

	p->x = p->y = p->xlo = p->xhi = p->ylo = p->yhi = NAN;
	if (k->x >= 0)
		span_mean(&gr->s[k->x], a, b, conf, &p->x, &p->xlo, &p->xhi);
	if (k->y >= 0)
		span_mean(&gr->s[k->y], a, b, conf, &p->y, &p->ylo, &p->yhi);
	/* Intervals the input gives win over the rows' own. */
	for (int i = 0; i < 4; i++) {
		d[i] = NAN;
		if (k->lohi[i] >= 0)
			span_mean(&gr->s[k->lohi[i]], a, b, conf, &d[i], &lo,
			    &hi);
	}
	if (k->lohi[0] >= 0 || k->lohi[1] >= 0) {
		p->xlo = d[0];
		p->xhi = d[1];
	}
	if (k->lohi[2] >= 0 || k->lohi[3] >= 0) {
		p->ylo = d[2];
		p->yhi = d[3];
	}
	for (int i = 0; i < BP_C__N; i++) {
		p->c[i] = p->clo[i] = p->chi[i] = NAN;
		if (k->ckey[i])
			p->c[i] = p->load;
		else if (k->c[i] >= 0) {
			span_mean(&gr->s[k->c[i]], a, b, conf, &m, &lo, &hi);
			p->c[i] = m;
			p->clo[i] = lo;
			p->chi[i] = hi;
		}
	}
	/* The SLO column drawn on an axis has that axis's interval. */
	if (k->c[BP_C_SLO] >= 0 && k->c[BP_C_SLO] == k->y) {
		p->clo[BP_C_SLO] = p->ylo;
		p->chi[BP_C_SLO] = p->yhi;
	} else if (k->c[BP_C_SLO] >= 0 && k->c[BP_C_SLO] == k->x) {
		p->clo[BP_C_SLO] = p->xlo;
		p->chi[BP_C_SLO] = p->xhi;
	}
}

static int
level_cmp(const void *a, const void *b)
{
	const struct bp_level *p = a, *q = b;

	return (p->load > q->load) - (p->load < q->load);
}

int
bp_levels_gather(const struct bp_roles *r, const struct bp_request *q,
    double conf, struct bp_levels *ls, struct bs_err *e)
{
	const struct bs_table *t = r->t;
	const char *key = bp_keycol(q);
	const char *ccol[BP_C__N] = { q->slo.set ? q->slo.col : NULL,
	    q->limit.set ? q->limit.col : NULL, q->little[0], q->little[1],
	    q->little[2] };
	struct cols k;
	struct bs_dec d;

	memset(ls, 0, sizeof(*ls));
	k.x = q->kind->flags & BP_KF_LABELKEY ? vcol(t, q->x) : -1;
	k.y = vcol(t, q->y);
	for (int i = 0; i < 4; i++) {
		char buf[160];

		snprintf(buf, sizeof(buf), "%s_ci_%s", i < 2 ? q->x : q->y,
		    i % 2 ? "hi" : "lo");
		k.lohi[i] = !(q->kind->flags & BP_KF_LABELKEY) ? -1 :
		    q->lohi[i] != NULL ? vcol(t, q->lohi[i]) : vcol(t, buf);
	}
	for (int i = 0; i < BP_C__N; i++) {
		k.ckey[i] = ccol[i] != NULL && key != NULL &&
		    strcmp(ccol[i], key) == 0;
		k.c[i] = vcol(t, ccol[i]);
	}
	for (size_t g = 0; g < t->ngroups; g++) {
		const struct bs_group *gr = &t->groups[g];
		struct bp_lvseries *l = series_of(r, g, ls);
		size_t nrow = t->nvcols > 0 ? gr->s[0].n : 0, a, b;
		const char *lab = r->kx >= 0 ? gr->key[r->kx] : NULL;
		double load = NAN;

		if (l == NULL)
			return bp_err(e, "out of memory");
		if (lab != NULL && bs_parse_number(lab, strlen(lab), &d,
		    &load) != BS_NUM_OK)
			load = NAN;
		/* A level per group, or without one a point per row. */
		for (a = r->skip; a < nrow; a = b) {
			struct bp_level *p;

			b = lab != NULL ? nrow : a + 1;
			if ((p = level_new(l)) == NULL)
				return bp_err(e, "out of memory");
			p->label = lab;
			p->load = lab != NULL ? load : (double)(a + 1);
			fill(p, gr, &k, a, b, conf);
			if (q->kind->flags & BP_KF_XNUM)
				p->x = load;
			if (!isfinite(p->x) || !isfinite(p->y)) {
				l->n--;
				continue;
			}
			ls->npts++;
			ls->xmax = fmax(ls->xmax, fmax(fabs(p->x),
			    isfinite(p->xhi) ? fabs(p->xhi) : 0));
			ls->ymax = fmax(ls->ymax, fmax(fabs(p->y),
			    isfinite(p->yhi) ? fabs(p->yhi) : 0));
		}
	}
	/* A scalability line's levels go up with the load. */
	for (size_t i = 0; (q->kind->flags & BP_KF_XNUM) && i < ls->n; i++)
		qsort(ls->s[i].p, ls->s[i].n, sizeof(*ls->s[i].p), level_cmp);
	return 0;
}

void
bp_levels_free(struct bp_levels *ls)
{
	for (size_t i = 0; i < ls->n; i++) {
		free(ls->s[i].name);
		free(ls->s[i].p);
	}
	free(ls->s);
	memset(ls, 0, sizeof(*ls));
}

/* ------------------------------------------------------------------ */
/* Checks */

struct out {
	GPtrArray	*lines;
	GString		*json;
	GArray		*call;
	const struct bp_request *q;
	const char	*keyname;	/* the level column */
};

static void
num(char *buf, size_t len, double v)
{
	/* Whole numbers from 10000 on: bytes and requests read in full. */
	if (!isfinite(v))
		snprintf(buf, len, "?");
	else if (fabs(v) >= 1e4 && fabs(v) < 1e15)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.4g", v);
}

/* A level for people: "clients=48", or the point's number. */
static void
level_name(const struct out *o, const struct bp_level *p, size_t i,
    char *buf, size_t len)
{
	if (p->label != NULL && o->keyname != NULL)
		snprintf(buf, len, "%s=%s", o->keyname, p->label);
	else
		snprintf(buf, len, "point %zu", i + 1);
	bp_utf8_trim(buf);
}

static void
json_str(GString *g, const char *s)
{
	g_string_append_c(g, '"');
	for (; s != NULL && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			g_string_append_printf(g, "\\%c", c);
		else if (c < 0x20)
			g_string_append_printf(g, "\\u%04x", c);
		else
			g_string_append_c(g, (char)c);
	}
	g_string_append_c(g, '"');
}

static void
json_num(GString *g, double v)
{
	if (isfinite(v))
		g_string_append_printf(g, "%.10g", v);
	else
		g_string_append(g, "null");
}

static void
line(struct out *o, const char *series, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
line(struct out *o, const char *series, const char *fmt, ...)
{
	va_list ap;
	GString *g = g_string_new(NULL);

	if (series != NULL && *series)
		g_string_append_printf(g, "%s: ", series);
	/* A finding is for people: in the language --lang chose. */
	va_start(ap, fmt);
	g_string_append_vprintf(g, bs_tr(fmt), ap);
	va_end(ap);
	g_ptr_array_add(o->lines, g_string_free(g, FALSE));
}

static void
callout(struct out *o, const struct bp_level *p, enum bp_callout_kind k)
{
	struct bp_callout c = { p->x, p->y, k, NULL };

	g_array_append_val(o->call, c);
}

/* The bound of the SLO's column that must meet it: the worse end. */
static double
slo_bound(const struct bp_cond *c, const struct bp_level *p)
{
	double b = c->op == BP_OP_LE || c->op == BP_OP_LT ? p->chi[BP_C_SLO] :
	    p->clo[BP_C_SLO];

	return isfinite(b) ? b : p->c[BP_C_SLO];
}

/* The throughput of a level: a path's x, a scalability line's y. */
static double
thr(const struct out *o, const struct bp_level *p)
{
	return o->q->kind->flags & BP_KF_LABELKEY ? p->x : p->y;
}

/* The interval of a level's throughput, when it has one. */
static int
thr_interval(const struct out *o, const struct bp_level *p, double *lo,
    double *hi)
{
	int path = (o->q->kind->flags & BP_KF_LABELKEY) != 0;

	*lo = path ? p->xlo : p->ylo;
	*hi = path ? p->xhi : p->yhi;
	return isfinite(*lo) && isfinite(*hi);
}

/*
 * Where throughput saturates: the first level from which it is flat
 * within its intervals to the last (one value lies in all of them), at
 * least two levels before the end; -1 when it never does or a level has
 * no interval.
 */
static long
saturation(const struct out *o, const struct bp_lvseries *l)
{
	double lo, hi, mlo = -HUGE_VAL, mhi = HUGE_VAL;
	long from = -1;

	for (size_t k = l->n; k-- > 0;) {
		if (!thr_interval(o, &l->p[k], &lo, &hi))
			return from;
		mlo = fmax(mlo, lo);
		mhi = fmin(mhi, hi);
		if (mlo > mhi)
			break;
		if (l->n - k >= 3)
			from = (long)k;
	}
	return from;
}

/*
 * The levels of one series against the SLO: which meet it (by the
 * worse bound of the SLO's column), the highest load meeting it, the
 * first broken, where throughput saturates, and the best level: the
 * lowest saturated one meeting it when throughput saturates (more load
 * buys nothing there), else the highest meeting it.
 */
struct slo_find {
	unsigned char	*meets;		/* per level: 1, 0, or 2 unknown */
	long		 high, brk, sat, best;
	int		 gap;		/* a broken level between two that meet */
};

static int
slo_find(const struct out *o, const struct bp_lvseries *l,
    struct slo_find *sf)
{
	const struct bp_cond *c = &o->q->slo;
	long last = -1;

	sf->high = sf->brk = sf->best = -1;
	sf->gap = 0;
	if ((sf->meets = calloc(l->n + 1, 1)) == NULL)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		const struct bp_level *p = &l->p[i];
		double b = slo_bound(c, p);

		sf->meets[i] = isnan(b) ? 2 : bp_cond_holds(c, b);
		if (sf->meets[i] == 0 && sf->brk < 0)
			sf->brk = (long)i;
		if (sf->meets[i] != 1)
			continue;
		if (last >= 0 && sf->brk >= 0 && sf->brk > last)
			sf->gap = 1;
		last = (long)i;
		/* The highest load; without loads, the last run. */
		if (sf->high < 0 || !(p->load <= l->p[sf->high].load))
			sf->high = (long)i;
	}
	for (size_t i = 0; sf->gap == 0 && last >= 0 && i < (size_t)last; i++)
		if (sf->meets[i] == 0 && i > 0)
			for (size_t j = 0; j < i; j++)
				sf->gap |= sf->meets[j] == 1;
	sf->sat = saturation(o, l);
	for (long i = sf->sat; i >= 0 && i < (long)l->n && sf->best < 0; i++)
		if (sf->meets[i] == 1)
			sf->best = i;
	if (sf->best < 0)
		sf->best = sf->high;
	return 0;
}

/* The best and the broken level into the fit report's JSON. */
static void
slo_json(struct out *o, const struct bp_lvseries *l, const struct slo_find *sf)
{
	const struct bp_cond *c = &o->q->slo;

	g_string_append_printf(o->json, "%s{\"series\": ", o->json->str[
	    o->json->len - 1] == '[' ? "" : ", ");
	json_str(o->json, l->name);
	for (int k = 0; k < 3; k++) {
		long i = k == 0 ? sf->best : k == 1 ? sf->brk : sf->sat;
		const struct bp_level *p = i >= 0 ? &l->p[i] : NULL;

		g_string_append_printf(o->json, ", \"%s\": ", k == 0 ? "best" :
		    k == 1 ? "broken" : "saturated");
		if (p == NULL) {
			g_string_append(o->json, "null");
			continue;
		}
		g_string_append(o->json, "{\"level\": ");
		json_str(o->json, p->label);
		g_string_append(o->json, ", \"load\": ");
		json_num(o->json, p->load);
		g_string_append(o->json, ", \"throughput\": ");
		json_num(o->json, thr(o, p));
		g_string_append(o->json, ", \"value\": ");
		json_num(o->json, p->c[BP_C_SLO]);
		g_string_append(o->json, ", \"bound\": ");
		json_num(o->json, slo_bound(c, p));
		g_string_append(o->json, "}");
	}
	g_string_append(o->json, ", \"meeting\": [");
	for (size_t i = 0, n = 0; i < l->n; i++)
		if (sf->meets[i] == 1) {
			g_string_append(o->json, n++ ? ", " : "");
			json_str(o->json, l->p[i].label);
		}
	g_string_append_printf(o->json, "], \"contiguous\": %s}", sf->gap ?
	    "false" : "true");
}

/*
 * "clients=1, 2, 4": the levels before level end that meet the SLO
 * (want 1), or break it (0).
 */
static void
level_list(const struct out *o, const struct bp_lvseries *l,
    const unsigned char *meets, int want, size_t end, GString *g)
{
	char lv[160];

	for (size_t i = 0, n = 0; i < end && i < l->n; i++) {
		if (meets[i] != want)
			continue;
		if (n++ == 0)
			level_name(o, &l->p[i], i, lv, sizeof(lv));
		else if (l->p[i].label != NULL)
			snprintf(lv, sizeof(lv), "%s", l->p[i].label);
		else
			snprintf(lv, sizeof(lv), "%zu", i + 1);
		g_string_append_printf(g, "%s%s", n > 1 ? ", " : "", lv);
	}
}

/* The lines of one series' findings. */
static void
slo_lines(struct out *o, const struct bp_lvseries *l,
    const struct slo_find *sf)
{
	const struct bp_cond *c = &o->q->slo;
	const char *tcol = o->q->kind->flags & BP_KF_LABELKEY ? o->q->x :
	    o->q->y;
	const struct bp_level *p = &l->p[sf->high];
	int up = c->op == BP_OP_LE || c->op == BP_OP_LT;
	double bnd = up ? p->chi[BP_C_SLO] : p->clo[BP_C_SLO];
	char lv[2][160], v[3][32];
	GString *g = g_string_new(NULL), *b = g_string_new(NULL);

	level_name(o, p, (size_t)sf->high, lv[0], sizeof(lv[0]));
	num(v[0], sizeof(v[0]), thr(o, p));
	num(v[1], sizeof(v[1]), p->c[BP_C_SLO]);
	num(v[2], sizeof(v[2]), bnd);
	line(o, l->name, "slo %s: met up to %s, %s %s at %s %s%s%s%s%s",
	    c->text, lv[0], tcol, v[0], c->col, v[1], isfinite(bnd) ? " (" : "",
	    isfinite(bnd) ? bs_tr(up ? "upper bound " : "lower bound ") : "",
	    isfinite(bnd) ? v[2] : "", isfinite(bnd) ? ")" : "");
	level_list(o, l, sf->meets, 1, l->n, g);
	if (sf->gap) {
		size_t last = l->n;

		while (last > 0 && sf->meets[last - 1] != 1)
			last--;
		level_list(o, l, sf->meets, 0, last, b);
		line(o, l->name, "slo %s: met at %s: not contiguous, broken "
		    "at %s between them", c->text, g->str, b->str);
	}
	else
		line(o, l->name, "slo %s: met at %s", c->text, g->str);
	if (sf->sat >= 0) {
		level_name(o, &l->p[sf->sat], (size_t)sf->sat, lv[0],
		    sizeof(lv[0]));
		level_name(o, &l->p[sf->best], (size_t)sf->best, lv[1],
		    sizeof(lv[1]));
		num(v[0], sizeof(v[0]), thr(o, &l->p[sf->best]));
		line(o, l->name, "%s saturated from %s (flat within its "
		    "intervals from there on): best level %s, %s %s, the "
		    "lowest saturated one meeting the slo", tcol, lv[0],
		    lv[1], tcol, v[0]);
	}
	g_string_free(g, TRUE);
	g_string_free(b, TRUE);
}

/*
 * Coordinated omission: throughput that falls, beyond its intervals,
 * at a higher load whose latency is higher.  A closed-loop load tool
 * (each client waits for its answer) then sends less while the system
 * is slow, so the slow times are sampled less than they occur and its
 * percentiles are understated.
 */
static void
check_omission(struct out *o, const struct bp_lvseries *l)
{
	double alo, ahi, blo, bhi;
	char lv[2][160];

	for (size_t i = 0; i < l->n; i++)
		for (size_t j = i + 1; j < l->n; j++) {
			const struct bp_level *a = &l->p[i], *b = &l->p[j];

			if (!thr_interval(o, a, &alo, &ahi) ||
			    !thr_interval(o, b, &blo, &bhi) || !(bhi < alo) ||
			    !(b->c[BP_C_SLO] > a->c[BP_C_SLO]))
				continue;
			level_name(o, a, i, lv[0], sizeof(lv[0]));
			level_name(o, b, j, lv[1], sizeof(lv[1]));
			line(o, l->name, "note: throughput falls from %s to %s "
			    "while %s rises: a closed-loop load tool waits for "
			    "each answer and sends less while the system is "
			    "slow (coordinated omission), so its percentiles "
			    "are understated; measure at a constant rate (wrk2) "
			    "or correct the histogram (HdrHistogram's expected "
			    "interval)", lv[0], lv[1], o->q->slo.col);
			return;
		}
}

static void
check_slo(struct out *o, const struct bp_lvseries *l)
{
	const struct bp_cond *c = &o->q->slo;
	const char *tcol = o->q->kind->flags & BP_KF_LABELKEY ? o->q->x :
	    o->q->y;
	struct slo_find sf;
	char lv[160], v[2][32];

	if (slo_find(o, l, &sf) == -1) {
		line(o, l->name, "slo %s: out of memory", c->text);
		return;
	}
	slo_json(o, l, &sf);
	if (sf.best >= 0)
		callout(o, &l->p[sf.best], BP_CALL_GOOD);
	if (sf.brk >= 0)
		callout(o, &l->p[sf.brk], BP_CALL_BAD);
	if (sf.high < 0)
		line(o, l->name, "slo %s: no level meets it", c->text);
	else
		slo_lines(o, l, &sf);
	if (sf.high >= 0 && sf.brk < 0)
		line(o, l->name, "slo %s: no level breaks it", c->text);
	else if (sf.high >= 0) {
		level_name(o, &l->p[sf.brk], (size_t)sf.brk, lv, sizeof(lv));
		num(v[0], sizeof(v[0]), thr(o, &l->p[sf.brk]));
		num(v[1], sizeof(v[1]), l->p[sf.brk].c[BP_C_SLO]);
		line(o, l->name, "slo %s: first broken at %s, %s %s at %s %s",
		    c->text, lv, tcol, v[0], c->col, v[1]);
	}
	check_omission(o, l);
	free(sf.meets);
}

/* The seconds in one unit of a time column; NaN if it names none. */
static double
seconds(const char *col, const struct bs_table *t)
{
	struct bs_colunit u;
	long i = vcol(t, col);
	const char *decl = i >= 0 ? bs_table_unit(t, (size_t)i) : NULL;

	bs_column_unit_as(col, decl, &u);
	if (strcmp(u.unit, "s") == 0)
		return 1;
	if (strcmp(u.unit, "ms") == 0)
		return 1e-3;
	if (strcmp(u.unit, "us") == 0 || strcmp(u.unit, "\xc2\xb5s") == 0)
		return 1e-6;
	if (strcmp(u.unit, "ns") == 0)
		return 1e-9;
	return NAN;
}

static void
check_little(struct out *o, const struct bp_lvseries *l, double rs)
{
	size_t off = 0;
	char lv[160], v[3][32];

	for (size_t i = 0; i < l->n; i++) {
		const struct bp_level *p = &l->p[i];
		double xr = p->c[BP_C_X] * p->c[BP_C_R] * rs, n = p->c[BP_C_N];
		double d = (xr - n) / n;

		if (!isfinite(d) || fabs(d) <= 0.10)
			continue;
		off++;
		level_name(o, p, i, lv, sizeof(lv));
		num(v[0], sizeof(v[0]), n);
		num(v[1], sizeof(v[1]), xr);
		snprintf(v[2], sizeof(v[2]), "%.0f%%", fabs(d) * 100);
		line(o, l->name, "little: %s: N %s but X\xc2\xb7R %s, %s %s: "
		    "%s", lv, v[0], v[1], v[2], bs_tr(d < 0 ? "fewer" : "more"),
		    bs_tr(d < 0 ? "think time, client-side queueing or "
		    "coordinated omission in the load tool" : "more requests "
		    "in flight than N (an open-loop load, or latencies "
		    "corrected for coordinated omission)"));
		callout(o, p, BP_CALL_LITTLE);
	}
	if (off == 0)
		line(o, l->name, "little: N and X\xc2\xb7R agree within 10%% "
		    "at all %zu levels", l->n);
}

static void
check_limit(struct out *o, const struct bp_lvseries *l)
{
	const struct bp_cond *c = &o->q->limit;
	char lv[160], v[32];

	for (size_t i = 0; i < l->n; i++) {
		const struct bp_level *p = &l->p[i];

		if (isnan(p->c[BP_C_LIMIT]) || bp_cond_holds(c, p->c[BP_C_LIMIT]))
			continue;
		level_name(o, p, i, lv, sizeof(lv));
		num(v, sizeof(v), p->c[BP_C_LIMIT]);
		line(o, l->name, "warning: %s: %s %s is beyond the limit %s",
		    lv, c->col, v, c->text);
		callout(o, p, BP_CALL_LIMIT);
	}
}

int
bp_levels_check(const struct bp_request *q, const struct bs_table *t,
    const struct bp_levels *ls, struct bp_findings *f, struct bs_err *e)
{
	struct out o;
	double rs = 1;

	memset(f, 0, sizeof(*f));
	o.q = q;
	o.keyname = bp_keycol(q);
	if (q->little[0][0] && !isfinite(rs = seconds(q->little[2], t)))
		return bp_err(e, "--little: R=%s names no time unit (ns, us, "
		    "ms, s)", q->little[2]);
	o.lines = g_ptr_array_new();
	o.json = g_string_new("{");
	o.call = g_array_new(FALSE, FALSE, sizeof(struct bp_callout));
	if (q->slo.set) {
		g_string_append(o.json, "\"slo\": ");
		json_str(o.json, q->slo.text);
		g_string_append(o.json, ", \"levels\": [");
		for (size_t i = 0; i < ls->n; i++)
			check_slo(&o, &ls->s[i]);
		g_string_append(o.json, "]");
	}
	g_string_append(o.json, "}\n");
	for (size_t i = 0; q->little[0][0] && i < ls->n; i++)
		check_little(&o, &ls->s[i], rs);
	for (size_t i = 0; q->limit.set && i < ls->n; i++)
		check_limit(&o, &ls->s[i]);
	f->nline = o.lines->len;
	g_ptr_array_add(o.lines, NULL);
	f->line = (char **)g_ptr_array_free(o.lines, FALSE);
	f->json = g_string_free(o.json, FALSE);
	f->ncall = o.call->len;
	f->call = (struct bp_callout *)(void *)g_array_free(o.call, FALSE);
	return 0;
}

/* Whether v meets a condition of --slo or --limit (parsed in request.c). */
int
bp_cond_holds(const struct bp_cond *c, double v)
{
	const struct bs_cond lc = { (enum bs_cond_op)c->op, c->v };

	return bs_cond_holds(&lc, v);
}

void
bp_findings_free(struct bp_findings *f)
{
	if (f->line != NULL)
		g_strfreev(f->line);
	g_free(f->json);
	g_free(f->call);
	memset(f, 0, sizeof(*f));
}

int
bp_inputs_check(struct bp_inputs *in, const struct bp_request *q,
    double confidence, struct bs_err *e)
{
	struct bp_levels ls;
	int rc;

	if (bp_levels_gather(&in->r, q, confidence, &ls, e) == -1) {
		bp_levels_free(&ls);
		return -1;
	}
	rc = bp_levels_check(q, in->t, &ls, &in->found, e);
	bp_levels_free(&ls);
	return rc;
}
