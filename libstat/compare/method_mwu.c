/*
 * Mann-Whitney U (--test mwu): the rank test, the Hodges-Lehmann shift
 * with its interval, each side summarised by its median.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "compare/compare.h"

extern const struct bs_method bs_method_signed_rank;

static double
choose_log(size_t n, size_t k)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) -
	    lgamma((double)(n - k) + 1);
}

/*
 * With ties R's wilcox.test() is normal; with few runs we take the
 * exact p given the ties instead (exact.c), the interval staying R's.
 */
static void
exact_ties(const struct bs_metric *m, struct bs_mwu *w)
{
	double	*x, *y, p;

	if (w->exact || m->nb >= BS_EXACT_TIES || m->nc >= BS_EXACT_TIES)
		return;
	x = malloc((m->nc + 1) * sizeof(*x));
	y = malloc((m->nb + 1) * sizeof(*y));
	if (x != NULL && y != NULL) {
		memcpy(x, m->c, m->nc * sizeof(*x));
		memcpy(y, m->b, m->nb * sizeof(*y));
		qsort(x, m->nc, sizeof(*x), bs_cmp_double);
		qsort(y, m->nb, sizeof(*y), bs_cmp_double);
		p = bs_mwu_exact_ties(x, m->nc, y, m->nb);
		if (!isnan(p)) {
			w->p = p;
			w->exact = 1;
		}
	}
	free(x);
	free(y);
}

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_mwu w;
	int rc;

	rc = bs_mann_whitney_delta(m->b, m->nb, m->c, m->nc, o->confidence,
	    &w, &m->delta);
	if (rc == 0)
		exact_ties(m, &w);
	/* W's mean under the null; the smallest p of the exact test. */
	bs_metric_take_ranks(m, o, rc, &w, (double)m->nb * (double)m->nc / 2,
	    2.0 * exp(-choose_log(m->nb + m->nc, m->nb)));
	return 0;
}
const struct bs_method bs_method_mwu = {
	.name = "mwu",
	.test = "mwu",
	.paired = &bs_method_signed_rank,
	.centre = BS_MC_MEDIAN,
	.needs = BS_MN_VALUES,
	.constp = 1,
	.compare = compare,
	.runs = bs_runs_mwu,
	.runs_sim = 1,
	.own_delta = 1,
	.sentence = bs_sentence_ranks,
	.centre_en = "median",
	.centre_zh = "中位数",
	.title = "Mann-Whitney U",
	.words = "Mann-Whitney U",
	.symbol = "W",
	.effect = "Hodges-Lehmann",
};
