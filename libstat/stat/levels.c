/*
 * Nested runs (Kalibera and Jones, "Rigorous benchmarking in reasonable
 * time", ISMM 2013): a series whose values sit in units of replication
 * (JMH's forks, pyperf's runs, a CSV's --replicate columns), outermost
 * first.  The units of the top level are what replicates: the grand
 * mean is the mean of their means (each unit's mean the mean of its
 * sub-units' means), its interval Ybar +- t_{r-1} sqrt(S^2 / r) over
 * the r top-level means.  Each level's variance component T_i^2 and the
 * repetitions per level worth their cost come from the pooled
 * within-unit variances S_i^2 (their formulas, for unbalanced data the
 * pooled form).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "stat/stat.h"

/*
 * Per level (outermost first, the values last): for each unit its
 * parent's number at the level above, its sum (of values or of its
 * children's means), its count (of values or children) and its mean;
 * compact numbers (a unit with no value after --skip has none).
 */
struct lvl {
	size_t	 n;
	size_t	*parent;
	double	*sum, *mean;
	size_t	*cnt;
	long	*map;	/* table's unit number -> compact, -1 none */
};

static void
lvl_free(struct lvl *l, size_t nl)
{
	for (size_t L = 0; L < nl; L++) {
		free(l[L].parent);
		free(l[L].sum);
		free(l[L].mean);
		free(l[L].cnt);
		free(l[L].map);
	}
}

static int
lvl_alloc(struct lvl *l, size_t n)
{
	l->parent = calloc(n + 1, sizeof(*l->parent));
	l->sum = calloc(n + 1, sizeof(*l->sum));
	l->mean = calloc(n + 1, sizeof(*l->mean));
	l->cnt = calloc(n + 1, sizeof(*l->cnt));
	l->map = malloc((n + 1) * sizeof(*l->map));
	if (l->parent == NULL || l->sum == NULL || l->mean == NULL ||
	    l->cnt == NULL || l->map == NULL)
		return -1;
	for (size_t u = 0; u <= n; u++)
		l->map[u] = -1;
	return 0;
}

/*
 * The units of the replicate levels that hold a value of the series
 * from row `start` on, numbered compactly in order of appearance, and
 * each one's parent; the innermost units' sums and counts of values.
 */
static int
units_of(const struct bs_table *t, size_t g, const struct bs_series *s,
    size_t start, struct lvl *l)
{
	const size_t nr = t->nrep;
	const uint32_t *ids[BS_MAX_LEVELS];
	size_t nu;

	for (size_t L = 0; L < nr; L++) {
		if ((ids[L] = bs_table_units(t, g, L, &nu)) == NULL)
			return -1;
		if (lvl_alloc(&l[L], nu) == -1)
			return -1;
	}
	for (size_t i = start; i < s->n; i++) {
		if (isnan(s->v[i]))
			continue;
		for (size_t L = 0; L < nr; L++) {
			long *m = &l[L].map[ids[L][i]];

			if (*m < 0) {
				*m = (long)l[L].n++;
				l[L].parent[*m] = L > 0 ?
				    (size_t)l[L - 1].map[ids[L - 1][i]] : 0;
			}
		}
		l[nr - 1].sum[l[nr - 1].map[ids[nr - 1][i]]] +=
		    bs_series_value(s, i);
		l[nr - 1].cnt[l[nr - 1].map[ids[nr - 1][i]]]++;
	}
	return 0;
}

/*
 * Means bottom-up (a unit's mean is that of its children's), then the
 * pooled within-unit variances: of the values about their innermost
 * unit's mean, and of each level's means about their parent's.
 */
static void
components(const struct bs_table *t, const struct bs_series *s,
    size_t start, size_t g, struct lvl *l, struct bs_levels *lv)
{
	const size_t nr = t->nrep;
	const uint32_t *in;
	double ss = 0, grand = 0;
	size_t df = 0, nu, u;

	for (size_t L = nr; L-- > 0;) {
		for (u = 0; u < l[L].n; u++) {
			l[L].mean[u] = l[L].sum[u] / (double)l[L].cnt[u];
			if (L > 0) {
				l[L - 1].sum[l[L].parent[u]] += l[L].mean[u];
				l[L - 1].cnt[l[L].parent[u]]++;
			}
		}
	}
	for (u = 0; u < l[0].n; u++)
		grand += l[0].mean[u];
	grand /= (double)l[0].n;
	in = bs_table_units(t, g, nr - 1, &nu);
	for (size_t i = start; i < s->n; i++) {
		double d;

		if (isnan(s->v[i]))
			continue;
		d = bs_series_value(s, i) - l[nr - 1].mean[
		    l[nr - 1].map[in[i]]];
		ss += d * d;
	}
	for (u = 0; u < l[nr - 1].n; u++)
		df += l[nr - 1].cnt[u] - 1;
	lv->s2[nr] = df > 0 ? ss / (double)df : NAN;
	for (size_t L = 0; L < nr; L++) {
		ss = 0;
		for (u = 0; u < l[L].n; u++) {
			double d = l[L].mean[u] - (L > 0 ?
			    l[L - 1].mean[l[L].parent[u]] : grand);

			ss += d * d;
		}
		df = l[L].n - (L > 0 ? l[L - 1].n : 1);
		lv->s2[L] = df > 0 ? ss / (double)df : NAN;
	}
	lv->mean = bs_snap(grand);
}

/*
 * Kalibera and Jones: T_1^2 = S_1^2 (the values), T_i^2 = S_i^2 -
 * S_{i-1}^2 / r_{i-1} (clamped at 0), r_{i-1} the level below's units
 * per unit; the repetitions of a level per unit of the one above worth
 * their cost, ceil(sqrt(c_{i+1} T_i^2 / (c_i T_{i+1}^2))), with equal
 * costs (0: the level above adds no variance, any number will do).
 */
static void
advice(struct bs_levels *lv)
{
	const size_t nl = lv->nlev;
	double tot = 0;

	for (size_t L = 1; L < nl; L++)
		lv->reps[L] = (double)lv->n[L] / (double)lv->n[L - 1];
	lv->t2[nl - 1] = lv->s2[nl - 1];
	for (size_t L = nl - 1; L-- > 0;) {
		lv->t2[L] = lv->s2[L] - lv->s2[L + 1] / lv->reps[L + 1];
		if (lv->t2[L] < 0)
			lv->t2[L] = 0;
	}
	for (size_t L = 0; L < nl; L++)
		tot += isfinite(lv->t2[L]) ? lv->t2[L] : 0;
	for (size_t L = 0; L < nl; L++)
		lv->share[L] = tot > 0 ? lv->t2[L] / tot : NAN;
	bs_levels_advise(lv, NULL);
}

void
bs_levels_advise(struct bs_levels *lv, const double *cost)
{
	for (size_t L = 1; L < lv->nlev; L++) {
		double k = cost != NULL ? cost[L - 1] / cost[L] : 1, r;

		if (!(lv->t2[L - 1] > 0) || !isfinite(lv->t2[L]))
			lv->advice[L] = 0;
		else {
			r = ceil(sqrt(k * lv->t2[L] / lv->t2[L - 1]));
			lv->advice[L] = r < 1 ? 1 : r > 1e9 ? 1000000000 :
			    (size_t)r;
		}
	}
}

/* The values as runs (no replication in effect): the means asked. */
static int
as_runs(const struct bs_series *s, size_t start, double **means)
{
	size_t n;

	if (means != NULL && (*means = bs_series_values(s, start, &n)) ==
	    NULL)
		return -1;
	return 0;
}

int
bs_levels_compute(const struct bs_table *t, size_t g, size_t c,
    size_t skip, double confidence, struct bs_levels *lv, double **means)
{
	const struct bs_series *s = &t->groups[g].s[c];
	struct lvl l[BS_MAX_LEVELS];
	size_t start = skip < s->n ? skip : s->n, nr = t->nrep, L, i;
	int rc = -1;

	memset(lv, 0, sizeof(*lv));
	memset(l, 0, sizeof(l));
	lv->mean = lv->se = lv->ci_lo = lv->ci_hi = NAN;
	lv->nlev = 1;
	for (L = 0; L < BS_MAX_LEVELS; L++)
		lv->s2[L] = lv->t2[L] = lv->share[L] = lv->reps[L] = NAN;
	if (means != NULL)
		*means = NULL;
	if (s->v == NULL)	/* streaming: running moments only */
		return 0;
	for (i = start; i < s->n; i++)
		lv->n[0] += !isnan(s->v[i]);
	if (nr == 0 || nr >= BS_MAX_LEVELS)
		return as_runs(s, start, means);
	if (units_of(t, g, s, start, l) == -1)
		goto out;
	lv->nlev = nr + 1;
	for (L = 0; L < nr; L++)
		lv->n[L] = l[L].n;
	lv->n[nr] = 0;
	for (i = start; i < s->n; i++)
		lv->n[nr] += !isnan(s->v[i]);
	if (lv->n[nr] == 0 || lv->n[nr] == lv->n[nr - 1])
		lv->state = BS_LV_FLAT;
	else if (lv->n[0] == 1)
		lv->state = BS_LV_ONE;
	else
		lv->state = BS_LV_ON;
	if (lv->state != BS_LV_ON) {
		rc = as_runs(s, start, means);
		goto out;
	}
	components(t, s, start, g, l, lv);
	advice(lv);
	lv->se = sqrt(lv->s2[0] / (double)lv->n[0]);
	{
		double hw = gsl_cdf_tdist_Pinv(0.5 + confidence / 200.0,
		    (double)(lv->n[0] - 1)) * lv->se;

		lv->ci_lo = lv->mean - hw;
		lv->ci_hi = lv->mean + hw;
	}
	if (means != NULL) {
		if ((*means = malloc(l[0].n * sizeof(**means))) == NULL)
			goto out;
		memcpy(*means, l[0].mean, l[0].n * sizeof(**means));
	}
	rc = 0;
out:
	lvl_free(l, nr < BS_MAX_LEVELS ? nr : 0);
	return rc;
}

uint32_t *
bs_levels_units(const struct bs_table *t, size_t g, size_t c, size_t skip,
    size_t *nunits)
{
	const struct bs_series *s = &t->groups[g].s[c];
	size_t start = skip < s->n ? skip : s->n, nu, w = 0;
	const uint32_t *ids;
	uint32_t *out;
	long *map;

	*nunits = 0;
	if (t->nrep == 0 || s->v == NULL ||
	    (ids = bs_table_units(t, g, 0, &nu)) == NULL)
		return NULL;
	out = malloc((s->n + 1) * sizeof(*out));
	map = malloc((nu + 1) * sizeof(*map));
	if (out == NULL || map == NULL) {
		free(out);
		free(map);
		return NULL;
	}
	for (size_t u = 0; u < nu; u++)
		map[u] = -1;
	for (size_t i = start; i < s->n; i++) {
		if (isnan(s->v[i]))
			continue;
		if (map[ids[i]] < 0)
			map[ids[i]] = (long)(*nunits)++;
		out[w++] = (uint32_t)map[ids[i]];
	}
	free(map);
	return out;
}
