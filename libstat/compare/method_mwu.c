/*
 * Mann-Whitney U (--test mwu): the rank test, the Hodges-Lehmann shift
 * with its interval, each side summarised by its median.
 */
#include <math.h>

#include "libstat.h"
#include "compare/compare.h"

extern const struct bs_method bs_method_signed_rank;

static double
choose_log(size_t n, size_t k)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) -
	    lgamma((double)(n - k) + 1);
}

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_mwu w;
	int rc;

	rc = bs_mann_whitney(m->b, m->nb, m->c, m->nc, o->confidence, &w);
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
	.sentence = bs_sentence_ranks,
	.centre_en = "median",
	.centre_zh = "中位数",
	.title = "Mann-Whitney U",
	.words = "Mann-Whitney U",
	.symbol = "W",
	.effect = "Hodges-Lehmann",
};
