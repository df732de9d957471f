/*
 * The paired t test (--paired): the mean of the differences of the
 * pairs with its t interval, the change that difference over the
 * baseline's mean.
 */
#include <math.h>

#include "libstat.h"
#include "compare/compare.h"

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_welch w;

	if (bs_paired_t(m->b, m->c, m->nb, o->confidence, &w) == 0)
		bs_metric_take_t(m, &w);
	m->testable = isfinite(m->p);
	return 0;
}

const struct bs_method bs_method_paired_t = {
	.name = "paired-t",
	.centre = BS_MC_MEAN,
	.needs = BS_MN_VALUES | BS_MN_PAIRS,
	.compare = compare,
	.runs = bs_runs_paired_t,
	.sentence = bs_sentence_t,
	.centre_en = "mean",
	.centre_zh = "均值",
	.title = "paired t",
	.words = "paired t",
	.symbol = "t",
};
