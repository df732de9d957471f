/*
 * What the comparison methods (method_*.c) share: a t test's or a rank
 * test's result taken as the metric's, and the sentence of each family.
 * Below the methods and the list of them (methods.c): it calls neither.
 */
#include <math.h>
#include <stdio.h>

#include "libstat.h"
#include "compare/compare.h"

void
bs_metric_take_t(struct bs_metric *m, const struct bs_welch *w)
{
	m->stat = w->t;
	m->df = w->df;
	m->p = w->p;
	m->diff = w->diff;
	m->diff_lo = w->ci_lo;
	m->diff_hi = w->ci_hi;
	m->sign = (w->t > 0) - (w->t < 0);
}

void
bs_metric_take_ranks(struct bs_metric *m, const struct bs_cmp_opts *o,
    int rc, const struct bs_mwu *w, double mid, double minp)
{
	if (rc == 0) {
		m->stat = w->w;
		m->p = w->p;
		m->diff = w->hl;
		m->diff_lo = w->hl_lo;
		m->diff_hi = w->hl_hi;
		/*
		 * The test's own direction: W (or V) against its mean under
		 * the null, for when the shift is 0 but the ranks are not.
		 */
		m->sign = (w->w > mid) - (w->w < mid);
		if (w->conf != o->confidence) {
			m->conf_got = w->conf;
			m->note |= BS_CN_CONF;
		}
	}
	m->minp = minp;
	m->testable = isfinite(m->p);
	if (m->minp > o->alpha) {
		m->warn |= BS_CW_MINP;
		m->note |= BS_CN_MINP;
		m->testable = 0;
	}
}

/* "Difference at 95% confidence: d +/- h, change ...; p = ... (Welch, t = ...)" */
void
bs_sentence_t(const struct bs_method *mt, const struct bs_metric *r,
    const struct bs_cmp_opts *o, double conf, const char *ch, FILE *fp)
{
	(void)o;
	fprintf(fp, bs_tr("Difference at %g%% confidence: %.6g +/- %.6g, "
	    "change %s%s%s%s; p = %.4g (%s, %s = %.4g, df = %.4g)\n"), conf,
	    r->diff, (r->diff_hi - r->diff_lo) / 2, ch, mt->effect ? " (" : "",
	    mt->effect ? bs_tr(mt->effect) : "", mt->effect ? ")" : "", r->p,
	    bs_tr(mt->words), mt->symbol, r->stat, r->df);
}

/* "Shift (Hodges-Lehmann) at 95% confidence: d [lo, hi]; ... (Mann-Whitney U, W = ...)" */
void
bs_sentence_ranks(const struct bs_method *mt, const struct bs_metric *r,
    const struct bs_cmp_opts *o, double conf, const char *ch, FILE *fp)
{
	(void)o;
	fprintf(fp, bs_tr("Shift (%s) at %g%% confidence: %.6g [%.6g, "
	    "%.6g]; change %s; p = %.4g (%s, %s = %.6g)\n"), bs_tr(mt->effect),
	    conf, r->diff,
	    r->diff_lo, r->diff_hi, ch, r->p, bs_tr(mt->words), mt->symbol,
	    r->stat);
}
