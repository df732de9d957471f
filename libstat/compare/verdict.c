/*
 * Baseline against candidate, metric by metric: pairing the metrics of
 * two inputs (or of one input split by a variant column), the test, the
 * change and its interval, effect sizes, p-values adjusted across the
 * run, the direction of each metric and the verdict.  Every decision a
 * comparison makes is here, once; bcompare only words and writes it.
 * What a tool may want to warn about comes back as flags (BS_CW_*).
 */
#include <fnmatch.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "compare/compare.h"

static const struct {
	enum bs_verdict	 v;
	const char	*name;
} vnames[] = {
	{ BS_V_IMPROVED, "improved" }, { BS_V_REGRESSED, "regressed" },
	{ BS_V_UNCHANGED, "unchanged" }, { BS_V_INCONCLUSIVE, "inconclusive" },
	{ BS_V_MISSING, "missing" },
};

const char *
bs_verdict_name(enum bs_verdict v)
{
	for (size_t i = 0; i < sizeof(vnames) / sizeof(vnames[0]); i++)
		if (vnames[i].v == v)
			return vnames[i].name;
	return "?";
}

void
bs_cmp_opts_default(struct bs_cmp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->alpha = 0.05;
	o->equivalence = 0.01;
	o->confidence = 95;
	o->adjust = BS_ADJ_HOLM;
	o->power = 0.8;
}

void
bs_comparison_free(struct bs_comparison *cmp)
{
	if (cmp == NULL)
		return;
	for (size_t i = 0; i < cmp->n; i++) {
		free(cmp->m[i].b);
		free(cmp->m[i].c);
		free(cmp->m[i].ub);
		free(cmp->m[i].uc);
		free(cmp->m[i].tm_b);
		free(cmp->m[i].tm_c);
	}
	free(cmp->m);
	free(cmp->unmeasured);
	memset(cmp, 0, sizeof(*cmp));
}

/* Room for one more metric; NULL when out of memory. */
static struct bs_metric *
addmetric(struct bs_comparison *cmp, char *const *key, const char *column)
{
	struct bs_metric *m;

	if (bs_grow(&cmp->m, &cmp->cap, cmp->n + 1, sizeof(*cmp->m)) == -1)
		return NULL;
	m = &cmp->m[cmp->n++];
	memset(m, 0, sizeof(*m));
	m->key = key;
	m->column = column;
	m->v = BS_V_MISSING;
	m->stat_b = m->stat_c = NAN;
	return m;
}

/*
 * One side of a metric, series c of group g: its values after the
 * warm-up rows, or of nested runs (the table's units of replication)
 * the means of its top-level units, which are what replicates
 * (bs_levels_compute()): the methods then compare those.  A percentile
 * is one of the values, not of the units' means: the values, with the
 * unit of each for its bootstrap to resample.
 */
/*
 * --steady auto, --skip auto: the side's series as bs_cmp_steady()
 * classified it (o->side_b, side_c), and the rows left out at its start:
 * m->skip[cand] (o->skip without them).
 */
static void
side_steady(struct bs_metric *m, int cand, const struct bs_table *t,
    size_t g, size_t c, const struct bs_cmp_opts *o)
{
	const struct bs_side_steady *ss = cand ? o->side_c : o->side_b;

	m->skip[cand] = o->skip;
	m->has_st[cand] = 0;
	if (ss == NULL || !ss[g * t->nvcols + c].has)
		return;
	ss += g * t->nvcols + c;
	m->has_st[cand] = 1;
	m->st[cand] = ss->st;
	m->nst[cand] = ss->n;
	m->skip[cand] = ss->skip;
}

static int
setside(struct bs_metric *m, int cand, const struct bs_table *t, size_t g,
    size_t c, const struct bs_cmp_opts *o)
{
	double **v = cand ? &m->c : &m->b;
	size_t *n = cand ? &m->nc : &m->nb;
	struct bs_levels *lv = cand ? &m->lv_c : &m->lv_b;
	uint32_t **u = cand ? &m->uc : &m->ub;
	size_t skip;

	if (cand)
		m->has_c = 1;
	else
		m->has_b = 1;
	free(*v);
	*v = NULL;
	side_steady(m, cand, t, g, c, o);
	skip = m->skip[cand];
	if (o->stat != BS_STAT_QUANTILE) {
		if (bs_levels_compute(t, g, c, skip, o->confidence, lv,
		    v) == -1)
			return -1;
		*n = lv->n[0];
		return 0;
	}
	free(*u);
	*u = NULL;
	if (bs_levels_compute(t, g, c, skip, o->confidence, lv, NULL) ==
	    -1)
		return -1;
	if (lv->state == BS_LV_ON && (*u = bs_levels_units(t, g, c, skip,
	    cand ? &m->nuc : &m->nub)) == NULL)
		return -1;
	return (*v = bs_series_values(&t->groups[g].s[c], skip, n)) ==
	    NULL ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Pairing */

/* Metrics for the value columns of group g; index of the first. */
static long
groupmetrics(struct bs_comparison *cmp, const struct bs_table *t, size_t g)
{
	size_t first = cmp->n;

	for (size_t c = 0; c < t->nvcols; c++) {
		struct bs_metric *m = addmetric(cmp, t->groups[g].key,
		    bs_table_vname(t, c));

		if (m == NULL)
			return -1;
		m->unit = bs_table_unit(t, c);
	}
	return (long)first;
}

/*
 * One input split by its first group column, for one candidate value:
 * the baseline's groups bg[0..nbg) and the candidate's cg[0..ncg), both
 * in input order, are merged by that order; a group meets its partner
 * (the same key with the other value) through the table's hash.  The
 * metrics come in the order their first side appears, and the work is
 * linear in the groups of the two values.
 */
static int
pair_variant(struct bs_comparison *cmp, const struct bs_table *t,
    const char *vb, const char *vc, const size_t *bg, size_t nbg,
    const size_t *cg, size_t ncg, const struct bs_cmp_opts *o, char **key,
    size_t *base)
{
	size_t i = 0, j = 0, c, g;
	long p, first;
	int isb;

	while (i < nbg || j < ncg) {
		isb = j == ncg || (i < nbg && bg[i] < cg[j]);
		g = isb ? bg[i++] : cg[j++];
		memcpy(key, t->groups[g].key, t->ngcols * sizeof(*key));
		key[0] = (char *)(isb ? vc : vb);
		if ((p = bs_table_find_group(t, key)) == -2)
			return -1;
		if (p >= 0 && (size_t)p < g && base[p] > 0)
			first = (long)base[p] - 1;	/* the partner's */
		else if ((first = groupmetrics(cmp, t, g)) < 0)
			return -1;
		base[g] = (size_t)first + 1;
		for (c = 0; c < t->nvcols; c++) {
			struct bs_metric *m = &cmp->m[(size_t)first + c];

			m->vb = vb;
			m->vc = vc;
			if (setside(m, !isb, t, g, c, o) == -1)
				return -1;
		}
	}
	for (i = 0; i < nbg; i++)
		base[bg[i]] = 0;
	for (j = 0; j < ncg; j++)
		base[cg[j]] = 0;
	return 0;
}

/* The rates asked for: error_rate, apdex; their count. */
static size_t
rate_kinds(const struct bs_cmp_opts *o, int *kind)
{
	size_t n = 0;

	if (o->rates)
		kind[n++] = BS_RATE_ERRORS;
	if (o->apdex > 0)
		kind[n++] = BS_RATE_APDEX;
	return n;
}

/* One side of a rate metric: the counts of group g's first series. */
static void
rate_side(struct bs_metric *m, int cand, const struct bs_table *t,
    size_t g)
{
	const struct bs_series *s = &t->groups[g].s[0];
	double x, n;

	if (m->rate == BS_RATE_ERRORS) {
		x = (double)s->err;
		n = (double)s->req;
	} else {
		x = (double)s->sat + (double)s->tol / 2;
		n = (double)s->apn;
	}
	if (cand) {
		m->has_c = 1;
		m->rx_c = x;
		m->rn_c = n;
		m->nc = (size_t)n;
	} else {
		m->has_b = 1;
		m->rx_b = x;
		m->rn_b = n;
		m->nb = (size_t)n;
	}
}

/*
 * The rates of the groups of both tables, after the values' metrics:
 * the baseline's groups in order (first its rates, at first + g * nk),
 * a candidate group joining its baseline group or coming after them.
 */
static int
pair_rates(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, const struct bs_cmp_opts *o)
{
	static const char *const names[] = { NULL, "error_rate", "apdex" };
	int kind[2];
	size_t nk = rate_kinds(o, kind), first = cmp->n, g, k;
	long gb;

	if (nk == 0 || tb->nvcols == 0 || tc->nvcols == 0)
		return 0;
	for (g = 0; g < tb->ngroups; g++)
		for (k = 0; k < nk; k++) {
			struct bs_metric *m = addmetric(cmp,
			    tb->groups[g].key, names[kind[k]]);

			if (m == NULL)
				return -1;
			m->rate = kind[k];
			rate_side(m, 0, tb, g);
		}
	for (g = 0; g < tc->ngroups; g++) {
		if ((gb = bs_table_find_group(tb, tc->groups[g].key)) == -2)
			return -1;
		for (k = 0; k < nk; k++) {
			struct bs_metric *m;

			if (gb >= 0)
				m = &cmp->m[first + (size_t)gb * nk + k];
			else if ((m = addmetric(cmp, tc->groups[g].key,
			    names[kind[k]])) == NULL)
				return -1;
			m->rate = kind[k];
			rate_side(m, 1, tc, g);
		}
	}
	return 0;
}

/*
 * Two inputs: the baseline's metrics in its order, then each candidate
 * metric joins its baseline metric (group by the baseline table's hash,
 * column by name) or, when the baseline lacks it, comes after them.
 */
static int
pair_tables(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, const struct bs_cmp_opts *o)
{
	struct bs_strhash h = { 0 };
	long *colmap, gb, first;
	size_t g, c, k;
	int rc = -1;

	cmp->keyfrom = 0;
	if ((colmap = calloc(tc->nvcols + 1, sizeof(*colmap))) == NULL)
		return -1;
	/* By name through a hash (the first of a name, as a scan finds). */
	for (k = 0; k < tb->nvcols; k++) {
		const char *v = bs_table_vname(tb, k);

		if (bs_strhash_get(&h, v, strlen(v)) < 0 &&
		    bs_strhash_put(&h, v, strlen(v), k) == -1)
			goto out;
	}
	for (c = 0; c < tc->nvcols; c++) {
		const char *v = bs_table_vname(tc, c);

		colmap[c] = bs_strhash_get(&h, v, strlen(v));
	}
	for (g = 0; g < tb->ngroups; g++) {
		if ((first = groupmetrics(cmp, tb, g)) < 0)
			goto out;
		for (c = 0; c < tb->nvcols; c++)
			if (setside(&cmp->m[(size_t)first + c], 0, tb, g, c,
			    o) == -1)
				goto out;
	}
	for (g = 0; g < tc->ngroups; g++) {
		if ((gb = bs_table_find_group(tb, tc->groups[g].key)) == -2)
			goto out;
		for (c = 0; c < tc->nvcols; c++) {
			struct bs_metric *m;

			if (gb >= 0 && colmap[c] >= 0)
				m = &cmp->m[(size_t)gb * tb->nvcols +
				    (size_t)colmap[c]];
			else if ((m = addmetric(cmp, tc->groups[g].key,
			    bs_table_vname(tc, c))) == NULL)
				goto out;
			else
				m->unit = bs_table_unit(tc, c);
			if (setside(m, 1, tc, g, c, o) == -1)
				goto out;
		}
	}
	rc = pair_rates(cmp, tb, tc, o);
out:
	free(colmap);
	bs_strhash_free(&h);
	return rc;
}

int
bs_variant_sides(const struct bs_table *t, const char *col,
    const char **vbp, const char *vcgiven, const char ***vcp, size_t *nvc,
    struct bs_err *e)
{
	const char *vb = *vbp, **vc;
	size_t g, n = 0;

	*vcp = NULL;
	*nvc = 0;
	if (vb == NULL && t->ngroups > 0)
		vb = t->groups[0].key[0];
	if (vb == NULL)
		return bs_seterr(e, NULL, 0, "--variant %s: no value", col);
	if (vcgiven != NULL && strcmp(vb, vcgiven) == 0)
		return bs_seterr(e, NULL, 0, "--baseline and --candidate are "
		    "both '%s'", vb);
	for (int s = 0; s < 2; s++) {
		const char *want = s ? vcgiven : vb;

		for (g = 0; want != NULL && g < t->ngroups; g++)
			if (strcmp(t->groups[g].key[0], want) == 0)
				break;
		if (want != NULL && g == t->ngroups)
			return bs_seterr(e, NULL, 0, "--variant %s: no row has "
			    "the %s value '%s'", col, s ? "candidate" :
			    "baseline", want);
	}
	if ((vc = calloc(t->ngroups + 1, sizeof(*vc))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	if (vcgiven != NULL)
		vc[n++] = vcgiven;
	else {
		/* Every other value, once, in input order. */
		struct bs_strhash seen = { 0 };

		for (g = 0; g < t->ngroups; g++) {
			const char *v = t->groups[g].key[0];

			if (strcmp(v, vb) == 0 ||
			    bs_strhash_get(&seen, v, strlen(v)) >= 0)
				continue;
			if (bs_strhash_put(&seen, v, strlen(v), n) == -1) {
				bs_strhash_free(&seen);
				free(vc);
				return bs_seterr(e, NULL, 0, "out of memory");
			}
			vc[n++] = v;
		}
		bs_strhash_free(&seen);
	}
	if (n == 0) {
		free(vc);
		return bs_seterr(e, NULL, 0, "--variant %s: needs two distinct "
		    "values, found one", col);
	}
	*vbp = vb;
	*vcp = vc;
	*nvc = n;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rules: direction and threshold per column */

/* Does a comma list of names or globs name this column? */
static int
inlist(const char *list, const char *name)
{
	const char *p = list;
	char pat[1024];

	while (p && *p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);

		if (n < sizeof(pat)) {
			memcpy(pat, p, n);
			pat[n] = '\0';
			if (strcmp(pat, name) == 0 || fnmatch(pat, name, 0) == 0)
				return 1;
		}
		p = c ? c + 1 : NULL;
	}
	return 0;
}

static int
matches_any(const struct bs_table *t, const char *pat)
{
	for (size_t k = 0; k < t->nvcols; k++)
		if (strcmp(bs_table_vname(t, k), pat) == 0 ||
		    fnmatch(pat, bs_table_vname(t, k), 0) == 0)
			return 1;
	return 0;
}

int
bs_cmp_check_list(const char *opt, const char *list,
    const struct bs_table *t, struct bs_err *e)
{
	const char *p = list;
	char pat[1024];

	while (p && *p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);

		if (n >= sizeof(pat))
			return bs_seterr(e, NULL, 0, "%s: a name longer than "
			    "%zu bytes", opt, sizeof(pat) - 1);
		memcpy(pat, p, n);
		pat[n] = '\0';
		if (!matches_any(t, pat))
			return bs_seterr(e, NULL, 0, "%s: '%s' is not a value "
			    "column", opt, pat);
		p = c ? c + 1 : NULL;
	}
	return 0;
}

int
bs_cmp_check_rules(const struct bs_cmp_opts *o, const struct bs_table *t,
    struct bs_err *e)
{
	for (size_t i = 0; i < o->nthr; i++)
		if (!matches_any(t, o->thr[i].pat))
			return bs_seterr(e, NULL, 0, "--threshold %s=...: '%s' "
			    "is not a value column", o->thr[i].pat,
			    o->thr[i].pat);
	return 0;
}

/*
 * The options first, then what the column's name says (units.c); the
 * threshold by exact name, else the last glob that matches, else the
 * default; the margin of "unchanged" is the threshold, or the
 * equivalence default when no threshold applies.
 */
void
bs_cmp_direction(const char *column, const char *unit,
    const struct bs_cmp_opts *o, int *higher, enum bs_rule *rule)
{
	struct bs_colunit u;

	if (o->hib && inlist(o->hib, column)) {
		*higher = 1;
		*rule = BS_RULE_OPTION;
	} else if (o->lib && inlist(o->lib, column)) {
		*higher = 0;
		*rule = BS_RULE_OPTION;
	} else {
		bs_column_unit_as(column, unit, &u);
		*higher = u.higher;
		*rule = u.rule;
	}
}

static void
rules(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	size_t i;
	int exact = 0;

	bs_cmp_direction(m->column, m->unit, o, &m->higher, &m->rule);
	if (m->rule == BS_RULE_DEFAULT)
		m->note |= BS_CN_DEFDIR;
	m->threshold = o->threshold;
	for (i = 0; i < o->nthr; i++)
		if (strcmp(o->thr[i].pat, m->column) == 0) {
			m->threshold = o->thr[i].v;
			exact = 1;
		}
	for (i = 0; !exact && i < o->nthr; i++)
		if (fnmatch(o->thr[i].pat, m->column, 0) == 0)
			m->threshold = o->thr[i].v;
	m->margin = m->threshold > 0 ? m->threshold : o->equivalence;
}

/* ------------------------------------------------------------------ */
/* The comparison of one metric */

static int
allsame(const double *x, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (x[i] != x[0])
			return 0;
	return 1;
}

static void
centres(struct bs_metric *m)
{
	double sd;

	if (m->nb > 0) {
		bs_mean_sd(m->b, m->nb, &m->mean_b, &sd);
		m->mean_b = bs_snap(m->mean_b);
		m->med_b = bs_median(m->b, m->nb);
	}
	if (m->nc > 0) {
		bs_mean_sd(m->c, m->nc, &m->mean_c, &sd);
		m->mean_c = bs_snap(m->mean_c);
		m->med_c = bs_median(m->c, m->nc);
	}
}

/* A side's centre as the method summarises it. */
static double
centre(const struct bs_method *mt, const struct bs_metric *m, int cand)
{
	if (mt->centre == BS_MC_STAT)
		return cand ? m->stat_c : m->stat_b;
	if (mt->centre == BS_MC_MEDIAN)
		return cand ? m->med_c : m->med_b;
	return cand ? m->mean_c : m->mean_b;
}

/*
 * The relative change of the estimator whose interval is given, unless
 * the method has its own (Welch's: the ratio of means with Fieller's
 * interval): the difference (of means, the Hodges-Lehmann shift, of
 * quantiles) over the baseline's centre, with the interval of the
 * difference over the same centre.  No relative change from a centre
 * <= 0: its sign would turn the change around.
 */
static void
relchange(struct bs_metric *m, const struct bs_method *mt,
    const struct bs_cmp_opts *o)
{
	double cb = centre(mt, m, 0);

	if (mt->change != NULL) {
		mt->change(m, o);
		return;
	}
	if (!(cb > 0)) {
		if (isfinite(cb))
			m->note |= BS_CN_NOREL;
		return;
	}
	m->change = m->diff / cb;
	m->change_lo = m->diff_lo / cb;
	m->change_hi = m->diff_hi / cb;
}

/*
 * A side with one value, no test: the change is still what was seen,
 * the difference of the centres over the baseline's (unless the method
 * says otherwise).
 */
static int
untested(struct bs_metric *m, const struct bs_method *mt,
    const struct bs_cmp_opts *o)
{
	double cb;

	if (mt->untested != NULL)
		return mt->untested(m, o);
	cb = centre(mt, m, 0);
	m->diff = centre(mt, m, 1) - cb;
	if (cb > 0)
		m->change = m->diff / cb;
	return 0;
}

/*
 * Both sides without spread.  The same value: no change, for certain.
 * Different values: a certain difference, with p = 0 for the t tests
 * (t is infinite) and the rank test's own p otherwise.
 */
static void
nospread(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	const struct bs_method *mt = bs_cmp_method(o);

	m->warn |= BS_CW_NOSPREAD;
	m->diff = m->diff_lo = m->diff_hi = m->mean_c - m->mean_b;
	m->sign = (m->diff > 0) - (m->diff < 0);
	if (m->diff == 0) {
		m->note |= BS_CN_SAME;
		m->p = 1;
	} else {
		m->note |= BS_CN_CERTAIN;
		if (mt->constp) {
			(void)mt->compare(m, o);
			m->diff = m->diff_lo = m->diff_hi = m->mean_c -
			    m->mean_b;
		} else
			m->p = 0;
	}
	m->testable = isfinite(m->p) && !(m->note & BS_CN_MINP);
	if (m->mean_b > 0) {
		m->change = m->change_lo = m->change_hi = m->diff / m->mean_b;
	} else if (isfinite(m->mean_b))
		m->note |= BS_CN_NOREL;
}

/*
 * A metric from two summaries: the method's test from the moments
 * (Welch's t, the change with Fieller's interval), Cohen's d.
 */
static void
summary_compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	double vb, vc;

	m->note |= BS_CN_SUMMARY;
	m->diff = m->diff_lo = m->diff_hi = NAN;
	m->change = m->change_lo = m->change_hi = NAN;
	m->stat = m->df = m->p = m->p_adj = m->d = m->delta = NAN;
	m->r1_b = m->r1_c = m->minp = m->mv_b = m->mv_c = NAN;
	if (!m->has_b || !m->has_c) {
		m->warn |= BS_CW_ONESIDE;
		m->note |= BS_CN_ONESIDE;
		m->v = BS_V_MISSING;
		return;
	}
	m->v = BS_V_INCONCLUSIVE;
	m->diff = m->mean_c - m->mean_b;
	if (m->nb == 0 || m->nc == 0) {
		m->note |= BS_CN_NON;
		if (m->mean_b > 0)
			m->change = m->diff / m->mean_b;
		return;
	}
	if (m->nb < 2 || m->nc < 2 || !isfinite(m->sd_b) ||
	    !isfinite(m->sd_c)) {
		m->warn |= BS_CW_TOOFEW;
		m->note |= BS_CN_TOOFEW;
		return;
	}
	if (m->nb < 10 || m->nc < 10)
		m->warn |= BS_CW_FEWREPS;
	vb = m->sd_b * m->sd_b;
	vc = m->sd_c * m->sd_c;
	m->d = bs_cohen_d_moments(m->nb, m->mean_b, vb, m->nc, m->mean_c,
	    vc);
	if (vb == 0 && vc == 0) {
		m->warn |= BS_CW_NOSPREAD;
		m->diff_lo = m->diff_hi = m->diff;
		m->sign = (m->diff > 0) - (m->diff < 0);
		m->note |= m->diff == 0 ? BS_CN_SAME : BS_CN_CERTAIN;
		m->p = m->diff == 0 ? 1 : 0;
		m->testable = 1;
		if (m->mean_b > 0)
			m->change = m->change_lo = m->change_hi = m->diff /
			    m->mean_b;
		return;
	}
	bs_cmp_method(o)->moments(m, o);
}

/*
 * A side of at least 10 runs whose values trend over their order: the
 * fitted line's change from the first run to the last, over the mean.
 * Without a clock that orders the two sides, the design (interleaved or
 * blocked) is unknown, and a drift of the machine may be the change.
 */
static void
trend(struct bs_metric *m)
{
	double b;

	m->trend_b = m->trend_c = m->trend_pb = m->trend_pc = NAN;
	if (m->nb >= 10 && isfinite(b = bs_order_trend(m->b, m->nb,
	    &m->trend_pb)) && m->mean_b != 0) {
		m->trend_b = b * (double)(m->nb - 1) / m->mean_b;
		if (m->trend_pb < BS_TREND_P)
			m->warn |= BS_CW_TREND_B;
	}
	if (m->nc >= 10 && isfinite(b = bs_order_trend(m->c, m->nc,
	    &m->trend_pc)) && m->mean_c != 0) {
		m->trend_c = b * (double)(m->nc - 1) / m->mean_c;
		if (m->trend_pc < BS_TREND_P)
			m->warn |= BS_CW_TREND_C;
	}
}

/*
 * Serially dependent runs (depend.c): the test again on the effective
 * sizes, or scaled to them, so that the verdict cannot rest on the
 * dependence alone; the p of independent runs kept for the note.  A
 * paired test's pairs carry the dependence in their differences: left
 * as they are; values in units of replication (--stat pNN over nested
 * runs) are resampled by whole units, which carries the dependence
 * within a unit (its runs' r1 is the units' blocks, not a drift).
 */
static int
dependence(struct bs_metric *m, const struct bs_method *mt,
    const struct bs_cmp_opts *o)
{
	m->p_indep = m->p;
	if ((mt->needs & BS_MN_PAIRS) || m->ub != NULL || m->uc != NULL ||
	    !bs_dependent(m))
		return 0;
	if (!mt->neff) {
		bs_dep_scale(m);
		return 0;
	}
	return mt->compare(m, o);
}

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	const struct bs_method *mt = bs_cmp_method(o);

	if (m->summary) {
		summary_compare(m, o);
		m->stat_b = m->stat_c = NAN;
		if (o->stat == BS_STAT_MEAN) {
			m->stat_b = m->mean_b;
			m->stat_c = m->mean_c;
		}
		return 0;
	}
	m->diff = m->diff_lo = m->diff_hi = NAN;
	m->change = m->change_lo = m->change_hi = NAN;
	m->stat = m->df = m->p = m->p_adj = m->d = m->delta = NAN;
	m->mean_b = m->mean_c = m->med_b = m->med_c = NAN;
	m->r1_b = m->r1_c = m->minp = m->mv_b = m->mv_c = NAN;
	m->stat_b = m->stat_c = NAN;
	m->qmethod = BS_QM_NONE;
	centres(m);
	if (o->stat == BS_STAT_MEAN) {
		m->stat_b = m->mean_b;
		m->stat_c = m->mean_c;
	}
	if (!m->has_b || !m->has_c) {
		m->warn |= BS_CW_ONESIDE;
		m->note |= BS_CN_ONESIDE;
		m->v = BS_V_MISSING;
		/* Each side's own statistic, where it has values. */
		if (mt->sides != NULL && mt->sides(m, o) == -1)
			return -1;
		return 0;
	}
	m->v = BS_V_INCONCLUSIVE;
	if (m->nb < 2 || m->nc < 2) {
		m->warn |= BS_CW_TOOFEW;
		m->note |= BS_CN_TOOFEW;
		/* No test, but the change is still what was seen. */
		if (m->nb > 0 && m->nc > 0)
			return untested(m, mt, o);
		return 0;
	}
	if (m->nb < 10 || m->nc < 10)
		m->warn |= BS_CW_FEWREPS;
	m->d = bs_cohen_d(m->b, m->nb, m->c, m->nc);
	if (!mt->own_delta || (allsame(m->b, m->nb) && allsame(m->c, m->nc)))
		m->delta = bs_cliff_delta(m->b, m->nb, m->c, m->nc);
	if (allsame(m->b, m->nb) && allsame(m->c, m->nc)) {
		/* A constant side's statistic is its value. */
		if (mt->centre == BS_MC_STAT) {
			m->stat_b = m->b[0];
			m->stat_c = m->c[0];
		}
		nospread(m, o);
		return 0;
	}
	m->r1_b = bs_autocorr1(m->b, m->nb, m->mean_b);
	m->r1_c = bs_autocorr1(m->c, m->nc, m->mean_c);
	if (mt->compare(m, o) == -1 || dependence(m, mt, o) == -1)
		return -1;
	if (!isfinite(m->p) && !(m->note & BS_CN_MINP))
		m->note |= BS_CN_NOTEST;
	relchange(m, mt, o);
	if (!(mt->needs & BS_MN_PAIRS)) {
		bs_design(m, o->confidence);
		/* The ANCOVA decides; its t takes the runs as they are. */
		if (m->note & BS_CN_ANCOVA) {
			m->note &= ~(BS_CN_DEPEND | BS_CN_DEPSIG |
			    BS_CN_DEPFEW);
			m->neff_b = m->neff_c = 0;
		}
	}
	m->mv_b = bs_mvalue(m->b, m->nb);
	m->mv_c = bs_mvalue(m->c, m->nc);
	if (m->mv_b >= BS_MVALUE_MODES || m->mv_c >= BS_MVALUE_MODES)
		m->warn |= BS_CW_MODES;
	if (m->nb >= 10 && fabs(m->r1_b) > bs_autocorr_limit(m->nb))
		m->warn |= BS_CW_AC_BASE;
	if (m->nc >= 10 && fabs(m->r1_c) > bs_autocorr_limit(m->nc))
		m->warn |= BS_CW_AC_CAND;
	trend(m);
	return 0;
}

/*
 * The verdict (see bcompare(1), VERDICTS):
 *   improved/regressed  p_adj < alpha and |change| >= threshold, in the
 *                       direction of the estimated difference (of the
 *                       test statistic when the difference is 0);
 *   unchanged           otherwise, when the change's interval lies
 *                       within +-margin (it is shown to be small);
 *   inconclusive        otherwise, or when nothing could be tested.
 */
static void
decide(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	int sig, dir, beyond, small;

	if (m->v == BS_V_MISSING)
		return;
	m->v = BS_V_INCONCLUSIVE;
	/*
	 * A percentile that a side does not reach (fewer than
	 * BS_QTHIN_TAIL values expected beyond it) has an interval whose
	 * coverage nothing checked: no verdict rests on it.
	 */
	if (m->note & (BS_CN_TOOFEW | BS_CN_NON | BS_CN_THINTAIL))
		return;
	dir = isfinite(m->diff) && m->diff != 0 ? (m->diff > 0) -
	    (m->diff < 0) : m->sign;
	if (dir == 0 && isfinite(m->delta))
		dir = (m->delta > 0) - (m->delta < 0);
	sig = m->testable && m->p_adj < o->alpha && dir != 0;
	if (isfinite(m->change))
		beyond = fabs(m->change) >= m->threshold;
	else
		/* No relative change: only a threshold of 0 can be met. */
		beyond = m->threshold == 0;
	if (sig && beyond) {
		m->v = (dir > 0) == m->higher ? BS_V_IMPROVED :
		    BS_V_REGRESSED;
		return;
	}
	/* Dependent runs: would independent ones have decided? */
	if ((m->note & BS_CN_DEPEND) && beyond && dir != 0 && m->testable &&
	    m->p_indep_adj < o->alpha)
		m->note |= BS_CN_DEPSIG;
	small = isfinite(m->change_lo) && isfinite(m->change_hi) &&
	    m->change_lo >= -m->margin && m->change_hi <= m->margin;
	/* A rate is shown unchanged within +-margin of its own scale. */
	if (m->rate)
		small = m->diff_lo >= -m->margin && m->diff_hi <= m->margin;
	if (!isfinite(m->change) && m->diff_lo == 0 && m->diff_hi == 0)
		small = 1;	/* the same constant on both sides */
	if (small) {
		m->v = BS_V_UNCHANGED;
		if (sig)
			m->note |= BS_CN_SMALL;
		return;
	}
	if (m->testable)
		m->note |= sig ? BS_CN_SMALLWIDE : BS_CN_WIDE;
}

/*
 * A metric whose test the caller made (btrend's change points): the same
 * rules and the same decision as bcompare's, so that a change point is
 * called improved or regressed exactly as a comparison of its two
 * segments would be.
 */
void
bs_metric_judge(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	rules(m, o);
	m->v = BS_V_INCONCLUSIVE;
	decide(m, o);
}

/*
 * Leave out the metrics that nobody measured (no value on either side),
 * naming each column once.
 */
static int
drop_unmeasured(struct bs_comparison *cmp)
{
	struct bs_strhash h = { 0 };
	size_t i, w = 0, k;

	for (i = 0; i < cmp->n; i++) {
		struct bs_metric *m = &cmp->m[i];

		/* A clock orders the runs; it is not compared. */
		if (m->isclock) {
			free(m->b);
			free(m->c);
			continue;
		}
		if (m->nb > 0 || m->nc > 0 || (m->summary &&
		    (isfinite(m->mean_b) || isfinite(m->mean_c)))) {
			cmp->m[w++] = *m;
			continue;
		}
		/* Each column once, found through a hash. */
		if (bs_strhash_get(&h, m->column, strlen(m->column)) < 0) {
			const char **u;

			k = cmp->nunmeasured;
			if ((u = realloc(cmp->unmeasured, (k + 1) *
			    sizeof(*u))) == NULL || bs_strhash_put(&h,
			    m->column, strlen(m->column), k) == -1) {
				if (u != NULL)
					cmp->unmeasured = u;
				bs_strhash_free(&h);
				return -1;
			}
			cmp->unmeasured = u;
			cmp->unmeasured[cmp->nunmeasured++] = m->column;
		}
		free(m->b);
		free(m->c);
		free(m->ub);
		free(m->uc);
	}
	cmp->n = w;
	bs_strhash_free(&h);
	return 0;
}

/*
 * A rate's direction by its meaning, not its name (an error rate is a
 * rate, and fewer errors are better), unless an option says; compared.
 */
static void
rate_rules(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	if (m->rule != BS_RULE_OPTION) {
		m->higher = m->rate == BS_RATE_APDEX;
		m->rule = m->higher ? BS_RULE_BENEFIT : BS_RULE_COST;
		m->note &= ~BS_CN_DEFDIR;
	}
	bs_rate_compare(m, o);
}

/*
 * An inconclusive metric whose interval is too wide: how many runs per
 * side would detect a change of the threshold (the equivalence margin
 * when it is 0) with the power asked, at the spread seen (the method's
 * runs hook: the t tests by the noncentral t, the rank test and
 * percentiles by simulation, power.c), relative to the baseline's centre.
 */
static void
need_runs(struct bs_metric *m, const struct bs_method *mt,
    const struct bs_cmp_opts *o)
{
	double	 r = m->threshold > 0 ? m->threshold : m->margin;

	/*
	 * A rate of requests has counts, not runs: no figure for it.  A
	 * simulated figure only when asked for (--plan, --power).
	 */
	if (!((m->note & BS_CN_WIDE) || (o->plan && m->testable)) ||
	    mt->runs == NULL || (mt->runs_sim && !o->simulate) ||
	    m->rate != 0 || !(r > 0) ||
	    !isfinite(centre(mt, m, 0)))
		return;
	m->need_n = mt->runs(m, o, r * fabs(centre(mt, m, 0)));
	m->power_asked = o->power;
}

/* Compare every paired metric, adjust the p-values, decide. */
static int
run(struct bs_comparison *cmp, const struct bs_cmp_opts *o,
    struct bs_err *e)
{
	const struct bs_method *mt = bs_cmp_method(o);
	char opt[128];
	double *ps;
	size_t i;

	if (drop_unmeasured(cmp) == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	/*
	 * A method without a paired form (a percentile of paired samples
	 * would need the pairs resampled together) is refused rather than
	 * run as unpaired.
	 */
	if (o->paired && !(mt->needs & BS_MN_PAIRS)) {
		bs_method_option(mt, o, opt, sizeof(opt));
		return bs_seterr(e, NULL, 0, "%s: not with --paired (%s)", opt,
		    mt->unpaired ? mt->unpaired : "it has no paired form");
	}
	for (i = 0; (mt->needs & BS_MN_PAIRS) && i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		if (m->has_b && m->has_c && m->nb != m->nc)
			return bs_seterr(e, NULL, 0, "%s: --paired needs as "
			    "many candidate as baseline values (%zu and %zu)",
			    m->column, m->nc, m->nb);
	}
	if ((ps = calloc(cmp->n + 1, sizeof(*ps))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (i = 0; i < cmp->n; i++) {
		struct bs_metric *m = &cmp->m[i];

		rules(m, o);
		if (m->rate)
			rate_rules(m, o);
		else if (compare(m, o) == -1) {
			free(ps);
			return bs_seterr(e, NULL, 0, "out of memory");
		}
		ps[i] = m->testable ? m->p : NAN;
	}
	if (bs_p_adjust(ps, cmp->n, o->adjust, ps) == -1) {
		free(ps);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	for (i = 0; i < cmp->n; i++) {
		struct bs_metric *m = &cmp->m[i];

		m->p_adj = m->testable ? ps[i] : NAN;
		ps[i] = m->testable ? (m->note & BS_CN_DEPEND ? m->p_indep :
		    m->p) : NAN;
	}
	/* The same adjustment of the p of runs taken as independent. */
	if (bs_p_adjust(ps, cmp->n, o->adjust, ps) == -1) {
		free(ps);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	for (i = 0; i < cmp->n; i++) {
		cmp->m[i].p_indep_adj = cmp->m[i].testable ? ps[i] : NAN;
		decide(&cmp->m[i], o);
		need_runs(&cmp->m[i], mt, o);
	}
	free(ps);
	return 0;
}

int
bs_compare_tables(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, const struct bs_cmp_opts *o, struct bs_err *e)
{
	memset(cmp, 0, sizeof(*cmp));
	cmp->keyskip = -1;
	if (pair_tables(cmp, tb, tc, o) == -1 ||
	    bs_cmp_clocks(cmp, tb, tc) == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	return run(cmp, o, e);
}

int
bs_compare_variant(struct bs_comparison *cmp, const struct bs_table *t,
    const char *vb, const char *const *vc, size_t nvc,
    const struct bs_cmp_opts *o, struct bs_err *e)
{
	struct bs_strhash ids = { 0 };
	size_t *list = NULL, *start = NULL, *fill = NULL, *base = NULL;
	size_t g, k, nb = 0;
	char **key = NULL;
	long id;
	int rc = -1;

	memset(cmp, 0, sizeof(*cmp));
	cmp->keyfrom = 1;
	cmp->keyskip = -1;
	/*
	 * The groups of each value in input order, in one pass: value k
	 * (0 the baseline, k the candidate vc[k - 1]) owns
	 * list[start[k] .. start[k + 1]).
	 */
	if ((list = calloc(t->ngroups + 1, sizeof(*list))) == NULL ||
	    (base = calloc(t->ngroups + 1, sizeof(*base))) == NULL ||
	    (start = calloc(nvc + 2, sizeof(*start))) == NULL ||
	    (fill = calloc(nvc + 2, sizeof(*fill))) == NULL ||
	    (key = calloc(t->ngcols + 1, sizeof(*key))) == NULL ||
	    bs_strhash_put(&ids, vb, strlen(vb), 0) == -1)
		goto out;
	for (k = 0; k < nvc; k++)
		if (bs_strhash_put(&ids, vc[k], strlen(vc[k]), k + 1) == -1)
			goto out;
	for (g = 0; g < t->ngroups; g++)
		if ((id = bs_strhash_get(&ids, t->groups[g].key[0],
		    strlen(t->groups[g].key[0]))) >= 0)
			start[id + 1]++;
	for (k = 1; k <= nvc + 1; k++)
		start[k] += start[k - 1];
	for (g = 0; g < t->ngroups; g++)
		if ((id = bs_strhash_get(&ids, t->groups[g].key[0],
		    strlen(t->groups[g].key[0]))) >= 0)
			list[start[id] + fill[id]++] = g;
	nb = start[1];
	for (k = 0; k < nvc; k++)
		if (pair_variant(cmp, t, vb, vc[k], list, nb, list +
		    start[k + 1], start[k + 2] - start[k + 1], o, key,
		    base) == -1)
			goto out;
	rc = 0;
out:
	bs_strhash_free(&ids);
	free(list);
	free(base);
	free(start);
	free(fill);
	free(key);
	if (rc == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	return run(cmp, o, e);
}

/* The value column of this name, or -1. */
static long
valcol(const struct bs_table *t, const char *name)
{
	for (size_t i = 0; i < t->nvcols; i++)
		if (strcmp(bs_table_vname(t, i), name) == 0)
			return (long)i;
	return -1;
}

int
bs_table_is_summary(const struct bs_table *t)
{
	return valcol(t, "mean") >= 0 && valcol(t, "sd") >= 0;
}

/* The one value of a summary's column in group g (NaN when none). */
static double
cell(const struct bs_table *t, size_t g, long c)
{
	const struct bs_series *s;

	if (c < 0)
		return NAN;
	s = &t->groups[g].s[c];
	/*
	 * A streamed table (bstat --no-quantiles, --sketch) keeps no
	 * values: a summary's one value is the extreme as parsed.
	 */
	if (s->v == NULL && s->raw == NULL)
		return s->mom != NULL && s->mom->n >= 1 ? s->mom->rmin : NAN;
	return s->n - s->missing >= 1 ? bs_series_value(s, 0) : NAN;
}

/*
 * A summary's n: NaN when it has none (n unknown), else a count of runs,
 * a whole number from 0 to 2^53 (beyond it the doubles skip counts, and
 * 1e20 does not fit a size_t).  Anything else is an error naming the
 * row: 2.5 was taken as 2, -5 as no n, 1e20 as 0.
 */
static int
summary_n(const struct bs_table *t, size_t g, long cn, double *n,
    struct bs_err *e)
{
	const char *file;
	size_t line;
	char num[40];

	*n = cell(t, g, cn);
	if (isnan(*n) || (*n >= 0 && *n <= 0x1p53 && *n == floor(*n)))
		return 0;
	file = bs_table_group_source(t, g, &line);
	bs_fmt_double(num, sizeof(num), *n);
	return bs_seterr(e, file, line, "n = %s is not a count of runs "
	    "(a whole number from 0 to 2^53)", num);
}

const char *
bs_summary_name(const struct bs_table *t, size_t g)
{
	const char *name;

	for (size_t k = 0; k < t->ngcols; k++)
		if (strcmp(t->names[t->gcols[k]], "column") == 0)
			return t->groups[g].key[k];
	name = bs_format_summary_name(t->format);
	return name ? name : "mean";
}

const char *
bs_summary_unit(const struct bs_table *t)
{
	long cm = valcol(t, "mean");

	return cm >= 0 ? bs_table_unit(t, (size_t)cm) : NULL;
}

int
bs_summary_row(const struct bs_table *t, size_t g, double confidence,
    struct bs_summary *r, const char **column, struct bs_err *e)
{
	long cm = valcol(t, "mean"), cs = valcol(t, "sd"), cn = valcol(t, "n");
	double n, hw;
	const char *file;
	size_t line;

	bs_summary_clear(r);
	/* The place: the group's first row. */
	if (t->groups[g].s[cm].n > 1) {
		file = bs_table_group_source(t, g, &line);
		return bs_seterr(e, file, line, "%zu summaries in one group: "
		    "group by the columns that name them (-g)",
		    t->groups[g].s[cm].n);
	}
	if (summary_n(t, g, cn, &n, e) == -1)
		return -1;
	*column = bs_summary_name(t, g);
	r->n_unknown = !(n >= 0 && isfinite(n));
	r->n = r->n_unknown ? 0 : (size_t)n;
	r->mean = cell(t, g, cm);
	r->sd = cell(t, g, cs);
	/* The order statistics the summary states (NaN where it has none). */
	r->min = cell(t, g, valcol(t, "min"));
	r->q1 = cell(t, g, valcol(t, "q1"));
	r->median = cell(t, g, valcol(t, "median"));
	r->q3 = cell(t, g, valcol(t, "q3"));
	r->max = cell(t, g, valcol(t, "max"));
	r->iqr = r->q3 - r->q1;
	if (r->n > 0)
		r->se = r->sd / sqrt((double)r->n);
	if (r->n > 1 && isfinite(r->sd)) {
		hw = bs_t_halfwidth(r->sd, r->n, confidence);
		r->ci_lo = r->mean - hw;
		r->ci_hi = r->mean + hw;
	}
	if (r->mean != 0)
		r->cv = r->sd / r->mean;
	return 0;
}

/* One side of a summary metric from group g of t. */
static int
summary_side(struct bs_metric *m, int cand, const struct bs_table *t,
    size_t g, struct bs_err *e)
{
	long cn = valcol(t, "n"), cm = valcol(t, "mean"), cs = valcol(t, "sd");
	long cmed = valcol(t, "median");
	double n;
	const char *file;
	size_t line;

	/* The place: the group's first row. */
	if (t->groups[g].s[cm].n > 1) {
		file = bs_table_group_source(t, g, &line);
		return bs_seterr(e, file, line, "%zu summaries in one group "
		    "(%s): add the columns that tell them apart to -g (bstat's "
		    "output: -g ...,column)", t->groups[g].s[cm].n,
		    t->ngcols ? t->groups[g].key[0] : "all rows");
	}
	if (summary_n(t, g, cn, &n, e) == -1)
		return -1;
	m->summary = 1;
	if (m->unit == NULL)
		m->unit = bs_summary_unit(t);
	if (cand) {
		m->has_c = 1;
		m->nc = n >= 0 && isfinite(n) ? (size_t)n : 0;
		m->mean_c = cell(t, g, cm);
		m->sd_c = cell(t, g, cs);
		m->med_c = cell(t, g, cmed);
	} else {
		m->has_b = 1;
		m->nb = n >= 0 && isfinite(n) ? (size_t)n : 0;
		m->mean_b = cell(t, g, cm);
		m->sd_b = cell(t, g, cs);
		m->med_b = cell(t, g, cmed);
	}
	return 0;
}

/*
 * Summaries: one metric per group, named by bs_summary_name() (a group
 * column "column" when there is one, as in bstat's output; else what
 * the format's summaries describe, "time"; else "mean"); paired by the
 * group key through the baseline table's hash.
 */
int
bs_compare_summaries(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, const struct bs_cmp_opts *o, struct bs_err *e)
{
	const struct bs_method *mt[] = { bs_cmp_test(o), bs_cmp_method(o) };
	long kb = -1, gb;
	size_t g, k, nbm;
	char opt[128];

	memset(cmp, 0, sizeof(*cmp));
	/* The test first, then a --stat's method: the one named first. */
	for (k = 0; k < 2; k++)
		if (mt[k]->moments == NULL) {
			bs_method_option(mt[k], o, opt, sizeof(opt));
			return bs_seterr(e, NULL, 0, "summaries (n, mean, sd) "
			    "carry no values: %s needs the raw values", opt);
		}
	for (k = 0; k < tb->ngcols; k++)
		if (strcmp(tb->names[tb->gcols[k]], "column") == 0)
			kb = (long)k;
	cmp->keyskip = kb;
	for (g = 0; g < tb->ngroups; g++) {
		struct bs_metric *m = addmetric(cmp, tb->groups[g].key,
		    bs_summary_name(tb, g));

		if (m == NULL)
			return bs_seterr(e, NULL, 0, "out of memory");
		m->mean_c = m->sd_c = m->med_c = m->mean_b = m->sd_b =
		    m->med_b = NAN;
		if (summary_side(m, 0, tb, g, e) == -1)
			return -1;
	}
	nbm = cmp->n;
	for (g = 0; g < tc->ngroups; g++) {
		struct bs_metric *m;

		if ((gb = bs_table_find_group(tb, tc->groups[g].key)) == -2)
			return bs_seterr(e, NULL, 0, "out of memory");
		if (gb >= 0 && (size_t)gb < nbm)
			m = &cmp->m[gb];
		else {
			if ((m = addmetric(cmp, tc->groups[g].key,
			    bs_summary_name(tc, g))) == NULL)
				return bs_seterr(e, NULL, 0, "out of memory");
			m->mean_c = m->sd_c = m->med_c = m->mean_b =
			    m->sd_b = m->med_b = NAN;
		}
		if (summary_side(m, 1, tc, g, e) == -1)
			return -1;
	}
	return run(cmp, o, e);
}

/*
 * Does metric m count in the geometric mean of its column's changes, and
 * with what log ratio?
 */
static int
gm_term(const struct bs_metric *m, const struct bs_method *test, double *l)
{
	int med = test->centre == BS_MC_MEDIAN;
	double b = med ? m->med_b : m->mean_b;
	double c = med ? m->med_c : m->mean_c;

	/* With --stat, the ratio of the statistic compared. */
	if (!isnan(m->stat_b) || !isnan(m->stat_c)) {
		b = m->stat_b;
		c = m->stat_c;
	}
	/* The requests' rates are proportions, not the work's ratios. */
	if (m->rate || m->v == BS_V_MISSING || m->nb < 2 || m->nc < 2 ||
	    !(b > 0) || !(c > 0))
		return 0;
	/* A ratio beyond the doubles (1e308 / 0.002): in logs. */
	*l = isfinite(c / b) && c / b > 0 ? log(c / b) : log(c) - log(b);
	return 1;
}

static void
gm_finish(double s, double ss, size_t k, double confidence,
    struct bs_geomean *gm)
{
	double mean, sd, hw;

	gm->change = gm->lo = gm->hi = NAN;
	gm->k = k;
	if (k == 0)
		return;
	mean = s / (double)k;
	gm->change = exp(mean) - 1;
	if (k < 2)
		return;
	/*
	 * A t interval over the metrics' log ratios: the metrics are taken
	 * as a sample of the suite's benchmarks (each ratio's own noise is
	 * in their spread).
	 */
	sd = sqrt(fmax(0, (ss - s * s / (double)k) / (double)(k - 1)));
	hw = gsl_cdf_tdist_Pinv(0.5 + confidence / 200.0, (double)(k - 1)) *
	    sd / sqrt((double)k);
	gm->lo = exp(mean - hw) - 1;
	gm->hi = exp(mean + hw) - 1;
}

void
bs_geomean_change(const struct bs_comparison *cmp,
    const struct bs_method *test, const char *column, const char *vc, double confidence,
    struct bs_geomean *gm)
{
	double s = 0, ss = 0, l;
	size_t k = 0;

	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		if (strcmp(m->column, column) != 0 ||
		    (vc != NULL && (m->vc == NULL || strcmp(m->vc, vc) != 0)) ||
		    !gm_term(m, test, &l))
			continue;
		s += l;
		ss += l * l;
		k++;
	}
	gm_finish(s, ss, k, confidence, gm);
}

int
bs_geomean_classes(const struct bs_comparison *cmp,
    const struct bs_method *test, double confidence, size_t *cls, struct bs_geomean **gmp, size_t *ncls)
{
	struct bs_strhash h = { 0 };
	struct bs_arena a = { 0 };
	struct bs_sbuf kb = { 0 };
	struct gsum { double s, ss; size_t k; } *sum = NULL;
	struct bs_geomean *gm = NULL;
	size_t i, n = 0;
	double l;
	long f;
	int rc = -1;

	*gmp = NULL;
	*ncls = 0;
	if ((sum = calloc(cmp->n + 1, sizeof(*sum))) == NULL)
		goto out;
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		char *k;

		/* The class: the column, and the candidate when there is one. */
		kb.len = 0;
		if (bs_sbuf_add(&kb, m->column, strlen(m->column) + 1) == -1 ||
		    (m->vc != NULL && bs_sbuf_add(&kb, m->vc,
		    strlen(m->vc)) == -1) || bs_sbuf_add(&kb, m->vc ? "v" :
		    "n", 1) == -1)
			goto out;
		if ((f = bs_strhash_get(&h, kb.p, kb.len)) < 0) {
			if ((k = bs_arena_alloc(&a, kb.len)) == NULL)
				goto out;
			memcpy(k, kb.p, kb.len);
			if (bs_strhash_put(&h, k, kb.len, n) == -1)
				goto out;
			f = (long)n++;
		}
		cls[i] = (size_t)f;
		if (gm_term(m, test, &l)) {
			sum[f].s += l;
			sum[f].ss += l * l;
			sum[f].k++;
		}
	}
	if ((gm = calloc(n + 1, sizeof(*gm))) == NULL)
		goto out;
	for (i = 0; i < n; i++)
		gm_finish(sum[i].s, sum[i].ss, sum[i].k, confidence, &gm[i]);
	*gmp = gm;
	*ncls = n;
	rc = 0;
out:
	free(sum);
	bs_strhash_free(&h);
	bs_arena_free(&a);
	bs_sbuf_free(&kb);
	return rc;
}

static void
add(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
add(char *buf, size_t len, const char *fmt, ...)
{
	size_t l = strlen(buf);
	va_list ap;

	if (l >= len)
		return;
	if (l > 0 && l + 2 < len) {
		memcpy(buf + l, "; ", 3);
		l += 2;
	}
	va_start(ap, fmt);
	vsnprintf(buf + l, len - l, fmt, ap);
	va_end(ap);
}

/*
 * "runs are serially dependent (baseline r1 0.45, effective n 9 of 30):
 * not significant once that is accounted for"; in Chinese with zh.
 */
static void
dep_note(const struct bs_metric *m, int zh, char *buf, size_t len)
{
	double lb = bs_dep_limit(m->nb), lc = bs_dep_limit(m->nc);
	int db = m->r1_b > lb, dc = m->r1_c > lc;
	const char *sb = zh ? "基线" : "baseline", *sc = zh ? "候选" :
	    "candidate", *en = zh ? "有效 n" : "effective n", *of = zh ?
	    "/" : " of ";
	char side[200];

	if (db && dc)
		snprintf(side, sizeof(side), "%s r1 %.2f, %s %.0f%s%zu; %s r1 "
		    "%.2f, %s %.0f%s%zu", sb, m->r1_b, en, m->neff_b, of, m->nb,
		    sc, m->r1_c, en, m->neff_c, of, m->nc);
	else
		snprintf(side, sizeof(side), "%s r1 %.2f, %s %.0f%s%zu", db ?
		    sb : sc, db ? m->r1_b : m->r1_c, en, db ? m->neff_b :
		    m->neff_c, of, db ? m->nb : m->nc);
	if (zh)
		add(buf, len, "运行序列相关（%s）：%s", side,
		    (m->note & BS_CN_DEPSIG) ? "计入后不显著" :
		    "区间和 p 已计入");
	else
		add(buf, len, "runs are serially dependent (%s): %s", side,
		    (m->note & BS_CN_DEPSIG) ? "not significant once that is "
		    "accounted for" : "the interval and p account for it");
	if (m->note & BS_CN_DEPFEW)
		add(buf, len, zh ? "少于 %d 次运行：有效 n 的区间仍偏窄" :
		    "fewer than %d runs: even the effective n under-covers",
		    BS_DEP_FEWN);
}

/* A side's r1 beyond 2/sqrt(n) that the effective sizes did not take. */
static void
ac_caveat(const struct bs_metric *m, int cand, int zh, char *buf,
    size_t len)
{
	double r1 = cand ? m->r1_c : m->r1_b;
	const char *side = cand ? (zh ? "候选" : "candidate") : (zh ? "基线" :
	    "baseline");

	if (r1 > 0 && (m->note & BS_CN_DEPEND))
		return;		/* said by the dependence note */
	if (zh)
		add(buf, len, "%s运行%s自相关（r1 %.2f）：%s", side, r1 > 0 ?
		    "正" : "负", r1, r1 > 0 ? "p 值偏小" : "区间偏宽");
	else
		add(buf, len, "%s runs %s autocorrelated (r1 %.2f): %s", side,
		    r1 > 0 ? "positively" : "negatively", r1, r1 > 0 ?
		    "p-values too small" : "intervals too wide");
}

/*
 * "baseline runs trend over run order (+4.1% from first to last, p
 * 0.002): design unknown (no clock orders the sides): interleave them".
 */
static void
trend_caveat(const struct bs_metric *m, int zh, char *buf, size_t len)
{
	int tb = (m->warn & BS_CW_TREND_B) != 0, tc = (m->warn &
	    BS_CW_TREND_C) != 0;
	char what[160];

	if (tb && tc)
		snprintf(what, sizeof(what), zh ? "基线首末之间 %+.1f%%，斜率 p "
		    "%.2g；候选 %+.1f%%，p %.2g" : "baseline %+.1f%% from first "
		    "to last run, slope p %.2g; candidate %+.1f%%, p %.2g",
		    100 * m->trend_b, m->trend_pb, 100 * m->trend_c,
		    m->trend_pc);
	else
		snprintf(what, sizeof(what), zh ? "%s首末之间 %+.1f%%，斜率 p "
		    "%.2g" : "%s %+.1f%% from first to last run, slope p %.2g",
		    tb ? (zh ? "基线" : "baseline") : (zh ? "候选" :
		    "candidate"), 100 * (tb ? m->trend_b : m->trend_c), tb ?
		    m->trend_pb : m->trend_pc);
	if (m->design != BS_DESIGN_UNKNOWN)
		add(buf, len, zh ? "运行随顺序有趋势（%s）" : "runs trend over "
		    "run order (%s)", what);
	else
		add(buf, len, zh ? "运行随顺序有趋势（%s）：设计未知（没有时钟排列"
		    "两侧）：请交错运行两侧" : "runs trend over run order (%s): "
		    "design unknown (no clock orders the sides): interleave "
		    "them", what);
}

/*
 * A class's name (bs_steady_auto()'s, steady.c); here, where the
 * verdicts' notes name it, for steady.c calls btrend's engine, which
 * judges its change points by this file's rules.
 */
const char *
bs_steady_name(enum bs_steady_class c)
{
	static const char *const names[] = { "flat", "warm-up", "slowdown",
		"no steady state" };

	return names[c];
}

/*
 * --steady auto, --skip auto: a side whose runs are not steady, which
 * the verdict rests on (the runs before its steady state kept, or none
 * reached); with --skip auto, from which run a side was compared.
 */
static void
steady_words(const struct bs_metric *m, int zh, char *buf, size_t len)
{
	for (int k = 0; k < 2; k++) {
		const struct bs_steady *st = &m->st[k];
		const char *side = k ? (zh ? "候选" : "candidate") : (zh ?
		    "基线" : "baseline");

		if (!m->has_st[k] || st->cls == BS_SC_FLAT)
			continue;
		if (st->cls == BS_SC_NONE)
			add(buf, len, zh ? "%s运行没有稳态（%zu 段）：结论基于变动"
			    "的水平" : "the %s runs reach no steady state (%zu "
			    "segments): the verdict is of a moving level", side,
			    st->nseg);
		else if (m->skip[k] < st->start)
			add(buf, len, zh ? "%s运行不稳定（%s，稳态从第 %zu 次运行"
			    "起）：结论包含之前的运行；--skip auto 会去掉它们" :
			    "the %s runs are not steady (%s; steady state from "
			    "run %zu): the verdict includes the runs before it; "
			    "--skip auto drops them", side,
			    bs_steady_name(st->cls), st->start + 1);
		else
			add(buf, len, zh ? "%s从第 %zu 次运行（其稳态）起比较"
			    "（--skip auto；%s）" : "the %s compared from run "
			    "%zu, its steady state (--skip auto; %s)", side,
			    st->start + 1, bs_steady_name(st->cls));
	}
}

void
bs_metric_caveats(const struct bs_metric *m, int zh, int dep, char *buf,
    size_t len)
{
	int mb = m->mv_b >= BS_MVALUE_MODES, mc = m->mv_c >= BS_MVALUE_MODES;

	buf[0] = '\0';
	if (dep && (m->note & BS_CN_DEPEND))
		dep_note(m, zh, buf, len);
	if (dep && m->design == BS_DESIGN_BLOCKED)
		add(buf, len, zh ? "分块设计（按时钟，一侧的运行全在另一侧之前）：%s"
		    "请交错运行两侧" : "blocked design (by the clock): %sinterleave "
		    "the sides", (m->note & BS_CN_ANCOVA) ? (zh ? "变化已按时间的"
		    "线性漂移调整（ANCOVA）；" : "the change is adjusted for a "
		    "linear drift (ANCOVA); ") : "");
	if (m->warn & BS_CW_AC_BASE)
		ac_caveat(m, 0, zh, buf, len);
	if (m->warn & BS_CW_AC_CAND)
		ac_caveat(m, 1, zh, buf, len);
	if ((m->warn & BS_CW_MODES) && mb && mc)
		add(buf, len, zh ? "基线和候选看似多峰（mvalue %.2f 和 %.2f）：均值"
		    "掩盖了峰" : "baseline and candidate look multimodal "
		    "(mvalue %.2f and %.2f): a mean hides the modes", m->mv_b,
		    m->mv_c);
	else if (m->warn & BS_CW_MODES)
		add(buf, len, zh ? "%s看似多峰（mvalue %.2f）：均值掩盖了峰" :
		    "%s looks multimodal (mvalue %.2f): a mean hides the modes",
		    mb ? (zh ? "基线" : "baseline") : (zh ? "候选" :
		    "candidate"), mb ? m->mv_b : m->mv_c);
	if (m->warn & (BS_CW_TREND_B | BS_CW_TREND_C))
		trend_caveat(m, zh, buf, len);
	if (m->warn & BS_CW_FEWREPS)
		add(buf, len, zh ? "一侧少于 10 次运行（%zu 和 %zu）" : "fewer "
		    "than 10 runs on a side (%zu and %zu)", m->nb, m->nc);
	steady_words(m, zh, buf, len);
}

/*
 * The note of a metric, in the language --lang chose where zh (the
 * reports for people), in English otherwise (the machine formats' note
 * column: scripts match it).
 */
#define NT(s)	(zh ? bs_tr(s) : (s))
void
bs_metric_note(const struct bs_metric *m, int zh, char *buf, size_t len)
{
	const unsigned n = m->note;

	buf[0] = '\0';
	if (n & BS_CN_ONESIDE)
		add(buf, len, NT("only in the %s"), NT(m->has_b ? "baseline" :
		    "candidate"));
	if (n & BS_CN_TOOFEW)
		add(buf, len, NT("too few values (%zu and %zu): no test"),
		    m->nb, m->nc);
	if (n & BS_CN_MINP)
		add(buf, len, NT("too few values for the rank test to reach "
		    "alpha (smallest p %.3g)"), m->minp);
	if (n & BS_CN_NOTEST)
		add(buf, len, "%s", NT("the test could not be computed"));
	if (n & BS_CN_TAILS)
		add(buf, len, NT("the distributions differ (Kolmogorov-Smirnov "
		    "D %.3g) though the shift's interval holds 0: the medians "
		    "agree, the tails or the spread do not"), m->stat);
	if (n & BS_CN_CONF)
		add(buf, len, NT("the interval is at %.4g%% confidence, the "
		    "level the ranks of %zu and %zu values can attain"),
		    m->conf_got, m->nb, m->nc);
	if (n & BS_CN_SAME)
		add(buf, len, "%s", NT("no spread, the same value on both sides"
		    ));
	if (n & BS_CN_CERTAIN)
		add(buf, len, "%s", NT("no spread on either side: a certain "
		    "difference"));
	if (n & BS_CN_NOREL)
		add(buf, len, "%s", NT("baseline centre <= 0: no relative "
		    "change"));
	if (n & BS_CN_WIDE)
		add(buf, len, NT("not significant, and the interval reaches "
		    "beyond +-%g%%: more runs needed"), 100 * m->margin);
	if (m->need_n > 0)
		add(buf, len, NT("about %zu %s would detect a change of %g%% "
		    "with %g%% power at the spread seen"), m->need_n,
		    m->lv_b.state == BS_LV_ON || m->lv_c.state == BS_LV_ON ?
		    NT("top-level units per side") : NT("runs per side"),
		    100 * (m->threshold > 0 ? m->threshold : m->margin),
		    100 * m->power_asked);
	if (n & BS_CN_SMALLWIDE)
		add(buf, len, NT("significant but below the threshold, and the "
		    "interval reaches beyond +-%g%%"), 100 * m->margin);
	if (n & BS_CN_SMALL)
		add(buf, len, NT("significant, but within +-%g%%"),
		    100 * m->margin);
	if (n & BS_CN_NON)
		add(buf, len, "%s", NT("a summary without n: no test"));
	if ((n & BS_CN_SUMMARY) && !(n & BS_CN_NON))
		add(buf, len, "%s", NT("from summaries (n, mean, sd): Welch's "
		    "t; ranks and medians need the values"));
	if (n & BS_CN_THINTAIL)
		add(buf, len, "%s", NT("fewer than half a value expected "
		    "beyond the percentile on a side: too few runs for a "
		    "verdict on it"));
	if (n & BS_CN_DEPEND)
		dep_note(m, zh, buf, len);
	if (m->lv_b.state == BS_LV_ON || m->lv_c.state == BS_LV_ON)
		add(buf, len, NT("compared at the unit of replication: %zu and "
		    "%zu top-level units of %zu and %zu values"),
		    m->lv_b.nlev ? m->lv_b.n[0] : m->nb,
		    m->lv_c.nlev ? m->lv_c.n[0] : m->nc,
		    m->lv_b.nlev ? m->lv_b.n[m->lv_b.nlev - 1] : m->nb,
		    m->lv_c.nlev ? m->lv_c.n[m->lv_c.nlev - 1] : m->nc);
	if (n & BS_CN_ANCOVA)
		add(buf, len, "%s", NT("blocked design (every run of one side "
		    "before every run of the other, by the clock): the change "
		    "is adjusted for a linear drift over time (ANCOVA, value ~ "
		    "side + time); interleave the sides"));
	else if (m->design == BS_DESIGN_BLOCKED)
		add(buf, len, "%s", NT("blocked design (by the clock): "
		    "interleave the sides"));
	else if (m->design == BS_DESIGN_INTERLEAVED)
		add(buf, len, "%s", NT("interleaved design (the sides' runs "
		    "overlap in time)"));
	if (n & BS_CN_DEFDIR)
		add(buf, len, "%s", NT("lower is better by default (the name "
		    "matches no rule)"));
}
#undef NT
