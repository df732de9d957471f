/*
 * The Wilcoxon signed rank test (--test mwu --paired): the
 * pseudo-median of the differences of the pairs with its interval, each
 * side summarised by its median.
 */
#include <math.h>

#include "libstat.h"
#include "compare/compare.h"

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_mwu w;
	size_t nz = 0;
	int rc;

	rc = bs_signed_rank(m->b, m->c, m->nb, o->confidence, &w);
	/* V's mean under the null, over the pairs that differ. */
	for (size_t i = 0; i < m->nb; i++)
		nz += m->c[i] != m->b[i];
	bs_metric_take_ranks(m, o, rc, &w, (double)nz * (double)(nz + 1) / 4,
	    2.0 / pow(2.0, (double)m->nb));
	return 0;
}

const struct bs_method bs_method_signed_rank = {
	.name = "signed-rank",
	.centre = BS_MC_MEDIAN,
	.needs = BS_MN_VALUES | BS_MN_PAIRS,
	.constp = 1,
	.compare = compare,
	.sentence = bs_sentence_ranks,
	.centre_en = "median",
	.centre_zh = "中位数",
	.title = "Wilcoxon signed rank",
	.words = "Wilcoxon signed rank",
	.symbol = "V",
	.effect = "pseudo-median of the differences",
};
