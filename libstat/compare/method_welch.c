/*
 * Welch's t (bcompare's default, --test welch): the difference of the
 * means with its t interval, the change the ratio of the means with
 * Fieller's interval.  The one method that also compares summaries
 * (n, mean, sd without the values), from their moments.
 */
#include <math.h>

#include "libstat.h"
#include "compare/compare.h"

extern const struct bs_method bs_method_paired_t;

/*
 * Serially dependent runs (m->neff_b > 0): the same test with each
 * side's variance over its effective size, and Welch-Satterthwaite's df
 * from those.
 */
static int
compare(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_welch w;
	double mb, vb, mc, vc;
	int rc;

	if (m->neff_b > 0) {
		bs_mean_var(m->b, m->nb, &mb, &vb);
		bs_mean_var(m->c, m->nc, &mc, &vc);
		rc = bs_welch_eff(m->neff_b, mb, vb, m->neff_c, mc, vc,
		    o->confidence, &w);
	} else
		rc = bs_welch(m->b, m->nb, m->c, m->nc, o->confidence, &w);
	if (rc == 0)
		bs_metric_take_t(m, &w);
	m->testable = isfinite(m->p);
	return 0;
}

/* The ratio of the means with Fieller's interval (effective sizes too). */
static void
change(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	double ratio, lo, hi, mb, vb, mc, vc;
	int rc;

	if (!(m->mean_b > 0)) {
		if (isfinite(m->mean_b))
			m->note |= BS_CN_NOREL;
		return;
	}
	m->change = m->mean_c / m->mean_b - 1;
	if (m->neff_b > 0) {
		bs_mean_var(m->b, m->nb, &mb, &vb);
		bs_mean_var(m->c, m->nc, &mc, &vc);
		rc = bs_fieller_eff(m->neff_b, mb, vb, m->neff_c, mc, vc,
		    o->confidence, &ratio, &lo, &hi);
	} else
		rc = bs_fieller(m->b, m->nb, m->c, m->nc, o->confidence,
		    &ratio, &lo, &hi);
	if (rc == 0) {
		m->change_lo = lo - 1;
		m->change_hi = hi - 1;
	}
}

/* The same from each side's n, mean and sd. */
static void
moments(struct bs_metric *m, const struct bs_cmp_opts *o)
{
	struct bs_welch w;
	double ratio, lo, hi, vb = m->sd_b * m->sd_b, vc = m->sd_c * m->sd_c;

	if (bs_welch_moments(m->nb, m->mean_b, vb, m->nc, m->mean_c, vc,
	    o->confidence, &w) == 0)
		bs_metric_take_t(m, &w);
	m->testable = isfinite(m->p);
	if (!m->testable)
		m->note |= BS_CN_NOTEST;
	if (!(m->mean_b > 0)) {
		if (isfinite(m->mean_b))
			m->note |= BS_CN_NOREL;
		return;
	}
	m->change = m->mean_c / m->mean_b - 1;
	if (bs_fieller_moments(m->nb, m->mean_b, vb, m->nc, m->mean_c, vc,
	    o->confidence, &ratio, &lo, &hi) == 0) {
		m->change_lo = lo - 1;
		m->change_hi = hi - 1;
	}
}

const struct bs_method bs_method_welch = {
	.name = "welch",
	.test = "welch",
	.paired = &bs_method_paired_t,
	.centre = BS_MC_MEAN,
	.neff = 1,
	.compare = compare,
	.change = change,
	.moments = moments,
	.runs = bs_runs_welch,
	.sentence = bs_sentence_t,
	.centre_en = "mean",
	.centre_zh = "均值",
	.title = "Welch's t",
	.words = "Welch",
	.symbol = "t",
	.effect = "Fieller",
};
