/*
 * Baseline against candidate, metric by metric: pairing the metrics of
 * two inputs (or of one input split by a variant column), the test, the
 * change and its interval, effect sizes, p-values adjusted across the
 * run, the direction of each metric and the verdict.  Every decision a
 * comparison makes is here, once; bcompare only words and writes it.
 * What a tool may want to warn about comes back as flags (BS_CW_*).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "extern.h"

static const char *const vnames[] = { "improved", "regressed", "unchanged",
	"inconclusive", "missing" };

const char *
bs_verdict_name(enum bs_verdict v)
{
	return (unsigned)v < sizeof(vnames) / sizeof(vnames[0]) ? vnames[v] :
	    "?";
}

const char *
bs_test_name(const struct bs_cmp_opts *o)
{
	if (o->paired)
		return o->mwu ? "signed-rank" : "paired-t";
	return o->mwu ? "mwu" : "welch";
}

void
bs_comparison_free(struct bs_comparison *cmp)
{
	if (cmp == NULL)
		return;
	for (size_t i = 0; i < cmp->n; i++) {
		free(cmp->m[i].b);
		free(cmp->m[i].c);
	}
	free(cmp->m);
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
	return m;
}

/* One side of a metric: its values after the warm-up rows. */
static int
setside(struct bs_metric *m, int cand, const struct bs_series *s,
    size_t skip)
{
	double **v = cand ? &m->c : &m->b;
	size_t *n = cand ? &m->nc : &m->nb;

	free(*v);
	return (*v = bs_series_values(s, skip, n)) == NULL ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Pairing */

/* Metrics for the value columns of group g; index of the first. */
static long
groupmetrics(struct bs_comparison *cmp, const struct bs_table *t, size_t g)
{
	size_t first = cmp->n;

	for (size_t c = 0; c < t->nvcols; c++)
		if (addmetric(cmp, t->groups[g].key, bs_table_vname(t, c)) ==
		    NULL)
			return -1;
	return (long)first;
}

/*
 * One input split by its first group column: each group of the baseline
 * or candidate value meets its partner (the same key with the other
 * value) through the table's hash, so pairing stays linear in the number
 * of groups.  Metrics come in the order their first side appears.
 */
static int
pair_variant(struct bs_comparison *cmp, const struct bs_table *t,
    const char *vb, const char *vc, size_t skip)
{
	size_t *base = NULL, g, c;
	char **key = NULL;
	int rc = -1;

	cmp->keyfrom = 1;
	if ((base = calloc(t->ngroups + 1, sizeof(*base))) == NULL ||
	    (key = calloc(t->ngcols + 1, sizeof(*key))) == NULL)
		goto out;
	for (g = 0; g < t->ngroups; g++) {
		char *const *gk = t->groups[g].key;
		int isb = strcmp(gk[0], vb) == 0;
		long p, first;

		if (!isb && strcmp(gk[0], vc) != 0)
			continue;
		memcpy(key, gk, t->ngcols * sizeof(*key));
		key[0] = (char *)(isb ? vc : vb);
		if ((p = bs_table_find_group(t, key)) == -2)
			goto out;
		if (p >= 0 && (size_t)p < g)
			first = (long)base[p] - 1;
		else if ((first = groupmetrics(cmp, t, g)) < 0)
			goto out;
		base[g] = (size_t)first + 1;
		for (c = 0; c < t->nvcols; c++)
			if (setside(&cmp->m[(size_t)first + c], !isb,
			    &t->groups[g].s[c], skip) == -1)
				goto out;
	}
	rc = 0;
out:
	free(base);
	free(key);
	return rc;
}

/*
 * Two inputs: the baseline's metrics in its order, then each candidate
 * metric joins its baseline metric (group by the baseline table's hash,
 * column by name) or, when the baseline lacks it, comes after them.
 */
static int
pair_tables(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, size_t skip)
{
	long *colmap, gb, first;
	size_t g, c, k;
	int rc = -1;

	cmp->keyfrom = 0;
	if ((colmap = calloc(tc->nvcols + 1, sizeof(*colmap))) == NULL)
		return -1;
	for (c = 0; c < tc->nvcols; c++) {
		colmap[c] = -1;
		for (k = 0; k < tb->nvcols; k++)
			if (strcmp(bs_table_vname(tb, k),
			    bs_table_vname(tc, c)) == 0) {
				colmap[c] = (long)k;
				break;
			}
	}
	for (g = 0; g < tb->ngroups; g++) {
		if ((first = groupmetrics(cmp, tb, g)) < 0)
			goto out;
		for (c = 0; c < tb->nvcols; c++)
			if (setside(&cmp->m[(size_t)first + c], 0,
			    &tb->groups[g].s[c], skip) == -1)
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
			if (setside(m, 1, &tc->groups[g].s[c], skip) == -1)
				goto out;
		}
	}
	rc = 0;
out:
	free(colmap);
	return rc;
}

int
bs_variant_sides(const struct bs_table *t, const char *col,
    const char **vbp, const char **vcp, struct bs_err *e)
{
	const char *vb = *vbp, *vc = *vcp;
	size_t g;

	for (g = 0; g < t->ngroups && (!vb || !vc); g++) {
		const char *v = t->groups[g].key[0];

		if (!vb && (!vc || strcmp(v, vc) != 0))
			vb = v;
		else if (!vc && strcmp(v, vb) != 0)
			vc = v;
	}
	if (!vb || !vc)
		return bs_seterr(e, NULL, 0, "--variant %s: needs two distinct "
		    "values, found %s", col, vb ? "one" : "none");
	for (int s = 0; s < 2; s++) {
		const char *want = s ? vc : vb;

		for (g = 0; g < t->ngroups; g++)
			if (strcmp(t->groups[g].key[0], want) == 0)
				break;
		if (g == t->ngroups)
			return bs_seterr(e, NULL, 0, "--variant %s: no row has "
			    "the %s value '%s'", col, s ? "candidate" :
			    "baseline", want);
	}
	if (strcmp(vb, vc) == 0)
		return bs_seterr(e, NULL, 0, "--baseline and --candidate are "
		    "both '%s'", vb);
	*vbp = vb;
	*vcp = vc;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Direction */

static int
inlist(const char *list, const char *name)
{
	size_t l = strlen(name);
	const char *p = list;

	while (p && *p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);

		if (n == l && strncmp(p, name, n) == 0)
			return 1;
		p = c ? c + 1 : NULL;
	}
	return 0;
}

int
bs_cmp_check_list(const char *opt, const char *list,
    const struct bs_table *t, struct bs_err *e)
{
	const char *p = list;

	while (p && *p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p), k;

		for (k = 0; k < t->nvcols; k++)
			if (strlen(bs_table_vname(t, k)) == n &&
			    strncmp(bs_table_vname(t, k), p, n) == 0)
				break;
		if (k == t->nvcols)
			return bs_seterr(e, NULL, 0, "%s: '%.*s' is not a "
			    "value column", opt, (int)n, p);
		p = c ? c + 1 : NULL;
	}
	return 0;
}

/* The options first, then what the column's name says (units.c). */
static void
direction(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_colunit u;

	if (o->hib && inlist(o->hib, m->column)) {
		m->higher = 1;
		m->rule = BS_RULE_OPTION;
		return;
	}
	if (o->lib && inlist(o->lib, m->column)) {
		m->higher = 0;
		m->rule = BS_RULE_OPTION;
		return;
	}
	bs_column_unit(m->column, &u);
	m->higher = u.higher;
	m->rule = u.rule;
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

static double
choose_log(size_t n, size_t k)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) -
	    lgamma((double)(n - k) + 1);
}

/*
 * The change of medians for the rank tests, with a CI from the
 * Hodges-Lehmann interval of the log values when every value is
 * positive: exp() of it is a distribution-free interval for the ratio,
 * and it carries the uncertainty of both samples.  Otherwise the shift
 * interval is divided by the baseline median.  The log test is as costly
 * as the test itself, so it runs on a second thread meanwhile.
 */
struct logtest {
	const struct bs_metric *m;
	double		 conf;
	double		 lo, hi;
	int		 ok;
	pthread_t	 th;
	int		 started;
};

static void *
logtest_run(void *arg)
{
	struct logtest *lt = arg;
	const struct bs_metric *m = lt->m;
	struct bs_mwu lm;
	double *lb, *lc;
	size_t i;

	lb = malloc((m->nb + 1) * sizeof(*lb));
	lc = malloc((m->nc + 1) * sizeof(*lc));
	if (lb != NULL && lc != NULL) {
		for (i = 0; i < m->nb; i++)
			lb[i] = log(m->b[i]);
		for (i = 0; i < m->nc; i++)
			lc[i] = log(m->c[i]);
		if (bs_mann_whitney(lb, m->nb, lc, m->nc, lt->conf, &lm) == 0) {
			lt->lo = exp(lm.hl_lo) - 1;
			lt->hi = exp(lm.hl_hi) - 1;
			lt->ok = 1;
		}
	}
	free(lb);
	free(lc);
	return NULL;
}

static void
logtest_start(struct logtest *lt, const struct bs_metric *m,
    const struct bs_cmp_opts *o)
{
	size_t i;
	int pos = 1;

	memset(lt, 0, sizeof(*lt));
	lt->m = m;
	lt->conf = o->confidence;
	for (i = 0; i < m->nb && pos; i++)
		pos = m->b[i] > 0;
	for (i = 0; i < m->nc && pos; i++)
		pos = m->c[i] > 0;
	if (!pos || o->paired)
		return;
	if (pthread_create(&lt->th, NULL, logtest_run, lt) == 0)
		lt->started = 1;
	else
		logtest_run(lt);	/* no thread: the same, in turn */
}

static void
rank_change(struct bs_metric *m, struct logtest *lt, int paired)
{
	if (lt->started)
		pthread_join(lt->th, NULL);
	m->change = m->med_b != 0 ? m->med_c / m->med_b - 1 : NAN;
	if (paired) {
		/*
		 * Paired: the pseudo-median of the differences relative to
		 * the baseline median, so that the change and its interval
		 * come from one estimator.
		 */
		if (m->med_b != 0) {
			m->change = m->diff / fabs(m->med_b);
			m->change_lo = m->diff_lo / fabs(m->med_b);
			m->change_hi = m->diff_hi / fabs(m->med_b);
		}
	} else if (lt->ok) {
		m->change_lo = lt->lo;
		m->change_hi = lt->hi;
	} else if (m->med_b != 0) {
		m->change_lo = m->diff_lo / fabs(m->med_b);
		m->change_hi = m->diff_hi / fabs(m->med_b);
	}
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

static void
welch(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_welch w;
	double ratio, lo, hi;
	int rc;

	rc = o->paired ? bs_paired_t(m->b, m->c, m->nb, o->confidence, &w) :
	    bs_welch(m->b, m->nb, m->c, m->nc, o->confidence, &w);
	if (rc == 0) {
		m->stat = w.t;
		m->df = w.df;
		m->p = w.p;
		m->diff = w.diff;
		m->diff_lo = w.ci_lo;
		m->diff_hi = w.ci_hi;
	}
	m->change = m->mean_b != 0 ? m->mean_c / m->mean_b - 1 : NAN;
	if (o->paired) {
		/* The paired CI of the difference over the mean. */
		if (m->mean_b != 0) {
			m->change_lo = m->diff_lo / fabs(m->mean_b);
			m->change_hi = m->diff_hi / fabs(m->mean_b);
		}
	} else if (bs_fieller(m->b, m->nb, m->c, m->nc, o->confidence,
	    &ratio, &lo, &hi) == 0) {
		m->change_lo = lo - 1;
		m->change_hi = hi - 1;
	}
	m->testable = isfinite(m->p);
}

static void
ranks(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct logtest lt;
	struct bs_mwu w;
	int rc;

	logtest_start(&lt, m, o);
	rc = o->paired ? bs_signed_rank(m->b, m->c, m->nb, o->confidence,
	    &w) : bs_mann_whitney(m->b, m->nb, m->c, m->nc, o->confidence, &w);
	if (rc == 0) {
		m->stat = w.w;
		m->p = w.p;
		m->diff = w.hl;
		m->diff_lo = w.hl_lo;
		m->diff_hi = w.hl_hi;
	}
	rank_change(m, &lt, o->paired);
	/* The smallest p the exact test can give at these sizes. */
	m->minp = o->paired ? 2.0 / pow(2.0, (double)m->nb) :
	    2.0 * exp(-choose_log(m->nb + m->nc, m->nb));
	m->testable = isfinite(m->p);
	if (m->minp > o->alpha) {
		m->warn |= BS_CW_MINP;
		m->testable = 0;
	}
}

static void
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	m->diff = m->diff_lo = m->diff_hi = NAN;
	m->change = m->change_lo = m->change_hi = NAN;
	m->stat = m->df = m->p = m->p_adj = m->d = m->delta = NAN;
	m->mean_b = m->mean_c = m->med_b = m->med_c = NAN;
	m->r1_b = m->r1_c = m->minp = NAN;
	centres(m);
	if (m->b == NULL || m->c == NULL) {
		m->warn |= BS_CW_ONESIDE;
		m->v = BS_V_MISSING;
		return;
	}
	m->v = BS_V_UNCHANGED;
	if (m->nb < 2 || m->nc < 2) {
		double cb = o->mwu ? m->med_b : m->mean_b;
		double cc = o->mwu ? m->med_c : m->mean_c;

		/* No test, but the change is still what was seen. */
		if (isfinite(cb) && isfinite(cc) && cb != 0)
			m->change = cc / cb - 1;
		m->v = BS_V_INCONCLUSIVE;
		m->warn |= BS_CW_TOOFEW;
		return;
	}
	if (m->nb < 10 || m->nc < 10)
		m->warn |= BS_CW_FEWREPS;
	m->d = bs_cohen_d(m->b, m->nb, m->c, m->nc);
	m->delta = bs_cliff_delta(m->b, m->nb, m->c, m->nc);
	if (allsame(m->b, m->nb) && allsame(m->c, m->nc)) {
		m->warn |= BS_CW_NOSPREAD;
		m->v = BS_V_INCONCLUSIVE;
		m->diff = m->mean_c - m->mean_b;
		m->change = m->mean_b != 0 ? m->mean_c / m->mean_b - 1 : NAN;
		return;
	}
	if (o->mwu)
		ranks(m, o);
	else
		welch(m, o);
	m->r1_b = bs_autocorr1(m->b, m->nb, m->mean_b);
	m->r1_c = bs_autocorr1(m->c, m->nc, m->mean_c);
	if (m->nb >= 10 && fabs(m->r1_b) > bs_autocorr_limit(m->nb))
		m->warn |= BS_CW_AC_BASE;
	if (m->nc >= 10 && fabs(m->r1_c) > bs_autocorr_limit(m->nc))
		m->warn |= BS_CW_AC_CAND;
}

static void
decide(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	double ch;

	if (m->v == BS_V_MISSING || m->v == BS_V_INCONCLUSIVE)
		return;
	if (!m->testable) {
		m->v = BS_V_INCONCLUSIVE;
		return;
	}
	ch = m->change;
	/* From a baseline of zero the change is infinite, signed by diff. */
	if (isnan(ch) && isfinite(m->diff) && m->diff != 0)
		ch = copysign(INFINITY, m->diff);
	if (m->p_adj < o->alpha && !isnan(ch) && fabs(ch) >= o->threshold) {
		int up = ch > 0;

		m->v = up == m->higher ? BS_V_IMPROVED : BS_V_REGRESSED;
	} else
		m->v = BS_V_UNCHANGED;
}

/* Compare every paired metric, adjust the p-values, decide. */
static int
run(struct bs_comparison *cmp, const struct bs_cmp_opts *o,
    struct bs_err *e)
{
	double *ps;
	size_t i;

	for (i = 0; o->paired && i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		if (m->b && m->c && m->nb != m->nc)
			return bs_seterr(e, NULL, 0, "%s: --paired needs as "
			    "many candidate as baseline values (%zu and %zu)",
			    m->column, m->nc, m->nb);
	}
	if ((ps = calloc(cmp->n + 1, sizeof(*ps))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (i = 0; i < cmp->n; i++) {
		struct bs_metric *m = &cmp->m[i];

		direction(m, o);
		compare(m, o);
		ps[i] = m->testable ? m->p : NAN;
	}
	if (bs_p_adjust(ps, cmp->n, o->adjust, ps) == -1) {
		free(ps);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	for (i = 0; i < cmp->n; i++) {
		cmp->m[i].p_adj = cmp->m[i].testable ? ps[i] : NAN;
		decide(&cmp->m[i], o);
	}
	free(ps);
	return 0;
}

int
bs_compare_tables(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc, const struct bs_cmp_opts *o, struct bs_err *e)
{
	memset(cmp, 0, sizeof(*cmp));
	if (pair_tables(cmp, tb, tc, o->skip) == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	return run(cmp, o, e);
}

int
bs_compare_variant(struct bs_comparison *cmp, const struct bs_table *t,
    const char *vb, const char *vc, const struct bs_cmp_opts *o,
    struct bs_err *e)
{
	memset(cmp, 0, sizeof(*cmp));
	if (pair_variant(cmp, t, vb, vc, o->skip) == -1)
		return bs_seterr(e, NULL, 0, "out of memory");
	return run(cmp, o, e);
}

double
bs_geomean_change(const struct bs_comparison *cmp, int mwu,
    const char *column, size_t *k)
{
	double s = 0;

	*k = 0;
	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		double b = mwu ? m->med_b : m->mean_b;
		double c = mwu ? m->med_c : m->mean_c;

		if (strcmp(m->column, column) != 0 || m->v == BS_V_MISSING ||
		    m->nb < 2 || m->nc < 2 || !(b > 0) || !(c > 0))
			continue;
		s += log(c / b);
		(*k)++;
	}
	return *k ? exp(s / (double)*k) - 1 : NAN;
}
