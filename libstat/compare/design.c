/*
 * The design of a comparison in time: when both inputs carry a clock (a
 * value column timestamp, start, started_at or epoch: seconds or
 * milliseconds since the epoch, one per run), the two sides' runs are
 * ordered on it.  Interleaved (their times overlap) or blocked (every
 * run of one side before every run of the other, AAA...BBB).  A blocked
 * design confounds a drift of the machine with the change: the change
 * is then estimated adjusted for a linear time trend fitted within the
 * sides (ANCOVA, value ~ side + time), whose interval widens with the
 * confounding.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "compare/compare.h"

static const char *const clocknames[] = { "timestamp", "start",
	"started_at", "epoch", "timeStamp", NULL };

/* The clock column of a table, or -1. */
static long
clockcol(const struct bs_table *t)
{
	for (size_t i = 0; clocknames[i] != NULL; i++)
		for (size_t c = 0; c < t->nvcols; c++)
			if (strcmp(bs_table_vname(t, c), clocknames[i]) == 0)
				return (long)c;
	return -1;
}

int
bs_is_clock(const char *name)
{
	for (size_t i = 0; clocknames[i] != NULL; i++)
		if (strcmp(name, clocknames[i]) == 0)
			return 1;
	return 0;
}

/* The clock of one side of a metric, when it has one per value. */
static int
sidetimes(const struct bs_table *t, size_t g, long cc, size_t skip,
    size_t n, double **tm)
{
	const struct bs_series *s = &t->groups[g].s[cc];
	size_t k;

	*tm = NULL;
	if (s->missing > 0 || s->v == NULL)
		return 0;
	if ((*tm = bs_series_values(s, skip, &k)) == NULL)
		return -1;
	if (k != n) {
		free(*tm);
		*tm = NULL;
	}
	return 0;
}

int
bs_cmp_clocks(struct bs_comparison *cmp, const struct bs_table *tb,
    const struct bs_table *tc)
{
	long cb = clockcol(tb), cc = clockcol(tc), gc;
	size_t g, c;

	if (cb < 0 || cc < 0)
		return 0;
	/* Both sides on a clock: it orders the runs, it is not compared. */
	for (size_t i = 0; i < cmp->n; i++)
		if (bs_is_clock(cmp->m[i].column))
			cmp->m[i].isclock = 1;
	/* pair_tables(): the baseline's metrics first, nvcols a group. */
	for (g = 0; g < tb->ngroups; g++) {
		if ((gc = bs_table_find_group(tc, tb->groups[g].key)) == -2)
			return -1;
		for (c = 0; gc >= 0 && c < tb->nvcols; c++) {
			struct bs_metric *m = &cmp->m[g * tb->nvcols + c];
			const struct bs_series *sb = &tb->groups[g].s[c];

			if (m->isclock || !m->has_c || sb->missing > 0)
				continue;
			if (sidetimes(tb, g, cb, m->skip[0], m->nb,
			    &m->tm_b) == -1 || sidetimes(tc, (size_t)gc, cc,
			    m->skip[1], m->nc, &m->tm_c) == -1)
				return -1;
			if (m->tm_b == NULL || m->tm_c == NULL) {
				free(m->tm_b);
				free(m->tm_c);
				m->tm_b = m->tm_c = NULL;
			}
		}
	}
	return 0;
}

/* The least and greatest of x[0..n). */
static void
range(const double *x, size_t n, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		*lo = fmin(*lo, x[i]);
		*hi = fmax(*hi, x[i]);
	}
}

/*
 * value ~ side + time by least squares, side 0 for the baseline and 1
 * for the candidate: side and values residualised on (1, time), the
 * side's coefficient their regression, its standard error from the
 * residuals on N - 3 df (R's lm()).
 */
static void
ancova(struct bs_metric *m, double confidence)
{
	size_t n = m->nb + m->nc, i;
	double mt = 0, ms = 0, my = 0, stt = 0, sts = 0, sty = 0, b, g, q;
	double sss = 0, ssy = 0, rss = 0, se, t, df;

	for (i = 0; i < n; i++) {
		mt += i < m->nb ? m->tm_b[i] : m->tm_c[i - m->nb];
		my += i < m->nb ? m->b[i] : m->c[i - m->nb];
	}
	mt /= (double)n;
	my /= (double)n;
	ms = (double)m->nc / (double)n;
	for (i = 0; i < n; i++) {
		double dt = (i < m->nb ? m->tm_b[i] : m->tm_c[i - m->nb]) - mt;
		double ds = (i < m->nb ? 0 : 1) - ms;
		double dy = (i < m->nb ? m->b[i] : m->c[i - m->nb]) - my;

		stt += dt * dt;
		sts += dt * ds;
		sty += dt * dy;
	}
	if (!(stt > 0))
		return;
	g = sts / stt;
	q = sty / stt;
	for (i = 0; i < n; i++) {
		double dt = (i < m->nb ? m->tm_b[i] : m->tm_c[i - m->nb]) - mt;
		double rs = (i < m->nb ? 0 : 1) - ms - g * dt;
		double ry = (i < m->nb ? m->b[i] : m->c[i - m->nb]) - my - q * dt;

		sss += rs * rs;
		ssy += rs * ry;
		rss += ry * ry;
	}
	if (!(sss > 0) || n < 4)
		return;
	b = ssy / sss;
	rss = fmax(0, rss - b * ssy);
	df = (double)n - 3;
	se = sqrt(rss / df / sss);
	m->note |= BS_CN_ANCOVA;
	m->diff = b;
	m->stat = t = se > 0 ? b / se : NAN;
	m->df = df;
	m->p = isfinite(t) ? 2 * gsl_cdf_tdist_Q(fabs(t), df) : NAN;
	q = gsl_cdf_tdist_Qinv((1 - confidence / 100) / 2, df);
	m->diff_lo = b - q * se;
	m->diff_hi = b + q * se;
	m->sign = (b > 0) - (b < 0);
	m->testable = isfinite(m->p);
	m->change = m->change_lo = m->change_hi = NAN;
	if (m->mean_b > 0) {
		m->change = b / m->mean_b;
		m->change_lo = m->diff_lo / m->mean_b;
		m->change_hi = m->diff_hi / m->mean_b;
	}
}

void
bs_design(struct bs_metric *m, double confidence)
{
	double lb, hb, lc, hc;

	m->design = BS_DESIGN_UNKNOWN;
	if (m->tm_b == NULL || m->tm_c == NULL || m->nb < 2 || m->nc < 2)
		return;
	range(m->tm_b, m->nb, &lb, &hb);
	range(m->tm_c, m->nc, &lc, &hc);
	if (hb < lc || hc < lb) {
		m->design = BS_DESIGN_BLOCKED;
		ancova(m, confidence);
	} else
		m->design = BS_DESIGN_INTERLEAVED;
}
