/*
 * The Wilcoxon signed rank test (--test mwu --paired): the
 * pseudo-median of the differences of the pairs with its interval, each
 * side summarised by its median.
 */
#include <math.h>
#include <stdlib.h>

#include "libstat.h"
#include "compare/compare.h"

static int
by_abs(const void *a, const void *b)
{
	double x = fabs(*(const double *)a), y = fabs(*(const double *)b);

	return (x > y) - (x < y);
}

/*
 * With ties or zeros R's wilcox.test() is normal; with few pairs we take
 * the exact p given the ties, zeros left out as R leaves them out
 * (exact.c), the interval staying R's.
 */
static void
exact_ties(const struct bs_metric *m, struct bs_mwu *w)
{
	double	*d, p;
	size_t	 k = 0;

	if (w->exact || (d = malloc((m->nb + 1) * sizeof(*d))) == NULL)
		return;
	for (size_t i = 0; i < m->nb; i++)
		if (!isnan(m->b[i]) && !isnan(m->c[i]) && m->c[i] != m->b[i])
			d[k++] = m->c[i] - m->b[i];
	if (k > 0 && k < BS_EXACT_TIES) {
		qsort(d, k, sizeof(*d), by_abs);
		if (!isnan(p = bs_signrank_exact_ties(d, k))) {
			w->p = p;
			w->exact = 1;
		}
	}
	free(d);
}

static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_mwu w;
	size_t nz = 0;
	int rc;

	rc = bs_signed_rank(m->b, m->c, m->nb, o->confidence, &w);
	if (rc == 0)
		exact_ties(m, &w);
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
