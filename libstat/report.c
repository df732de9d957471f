/*
 * A comparison as a report: the machine-readable result (docs/INTERFACE.md's
 * columns, then ours), the table for people, the one-pair sentence, the
 * rules in force and the Markdown pull-request report.  What is decided
 * is verdict.c's; this is how it is written.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"

const char *
bs_direction_name(const struct bs_metric *m)
{
	return m->higher ? "higher" : "lower";
}

/*
 * The test column of a metric: with --stat pNN the method behind its
 * interval, which depends on its sizes; else the test of the options.
 */
static const char *
test_name(const struct bs_metric *m, const struct bs_cmp_opts *c)
{
	if (c->stat != BS_STAT_QUANTILE)
		return bs_test_name(c);
	return m->qmethod == BS_QM_ORDER ? "order-stat" :
	    m->qmethod == BS_QM_BOOT ? "bootstrap" : "";
}

/* The heading of a side's centre for people: "baseline (p99)". */
static void
centre_heading(char *buf, size_t len, const char *side,
    const struct bs_cmp_opts *c)
{
	snprintf(buf, len, "%s (%s)", side, c->stat_name ? c->stat_name :
	    c->mwu ? "median" : "mean");
}

/* The centre shown for people: the statistic compared. */
static double
centre(const struct bs_metric *r, const struct bs_cmp_opts *c, int cand)
{
	if (c->stat_name != NULL)
		return cand ? r->stat_c : r->stat_b;
	if (c->mwu)
		return cand ? r->med_c : r->med_b;
	return cand ? r->mean_c : r->mean_b;
}

/*
 * The machine-readable result: the columns of docs/INTERFACE.md, then
 * ours; with --stat, its name and each side's value at the end.
 */
struct bs_result *
bs_comparison_machine(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o)
{
	struct bs_result *res = bs_result_new();
	static const char *const cols[] = { "column", "n_base", "n_cand",
	    "mean_base", "mean_cand", "median_base", "median_cand", "diff",
	    "diff_ci_lo", "diff_ci_hi", "change", "change_ci_lo",
	    "change_ci_hi", "test", "statistic", "df", "p", "p_adj",
	    "cohen_d", "cliff_delta", "verdict", "direction", "note",
	    "direction_rule" };
	char note[512];
	size_t i, k, c;

	if (res == NULL)
		return NULL;
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
		bs_result_addcol(res, cols[k]);
	if (o->variant != NULL) {
		bs_result_addcol(res, "baseline");
		bs_result_addcol(res, "candidate");
	}
	if (o->c->stat_name != NULL) {
		bs_result_addcol(res, "stat");
		bs_result_addcol(res, "stat_base");
		bs_result_addcol(res, "stat_cand");
	}
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *r = &cmp->m[i];
		size_t row = (size_t)bs_result_addrow(res);
		const double v[] = { r->mean_b, r->mean_c, r->med_b,
		    r->med_c, r->diff, r->diff_lo, r->diff_hi, r->change,
		    r->change_lo, r->change_hi };

		c = 0;
		for (k = cmp->keyfrom; k < t->ngcols; k++)
			if ((long)k != cmp->keyskip)
				bs_result_str(res, row, c++, r->key[k]);
		bs_result_str(res, row, c++, r->column);
		bs_result_int(res, row, c++, (long long)r->nb);
		bs_result_int(res, row, c++, (long long)r->nc);
		for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
			bs_result_num(res, row, c++, v[k]);
		if (r->v != BS_V_MISSING)
			bs_result_str(res, row, c, test_name(r, o->c));
		c++;
		bs_result_num(res, row, c++, r->stat);
		bs_result_num(res, row, c++, r->df);
		bs_result_num(res, row, c++, r->p);
		bs_result_num(res, row, c++, r->p_adj);
		bs_result_num(res, row, c++, r->d);
		bs_result_num(res, row, c++, r->delta);
		bs_result_str(res, row, c++, bs_verdict_name(r->v));
		bs_result_str(res, row, c++, bs_direction_name(r));
		bs_metric_note(r, note, sizeof(note));
		bs_envnote(o, note, sizeof(note));
		bs_result_str(res, row, c++, note);
		bs_result_str(res, row, c++, bs_rule_name(r->rule));
		if (o->variant != NULL) {
			bs_result_str(res, row, c++, r->vb);
			bs_result_str(res, row, c++, r->vc);
		}
		if (o->c->stat_name != NULL) {
			bs_result_str(res, row, c++, o->c->stat_name);
			bs_result_num(res, row, c++, r->stat_b);
			bs_result_num(res, row, c++, r->stat_c);
		}
	}
	return res;
}

/* The order of the rows for people: Markdown puts regressions first. */
static size_t *
human_order(const struct bs_comparison *cmp, int md)
{
	static const enum bs_verdict pri[] = { BS_V_REGRESSED, BS_V_IMPROVED,
	    BS_V_INCONCLUSIVE, BS_V_MISSING, BS_V_UNCHANGED };
	size_t *order, i, j = 0;

	if ((order = malloc((cmp->n + 1) * sizeof(*order))) == NULL)
		return NULL;
	if (!md) {
		for (i = 0; i < cmp->n; i++)
			order[i] = i;
		return order;
	}
	for (size_t q = 0; q < 5; q++)
		for (i = 0; i < cmp->n; i++)
			if (cmp->m[i].v == pri[q])
				order[j++] = i;
	return order;
}

/* A geomean row per value column (and candidate), after the metrics. */
static void
geomean_rows(struct bs_result *res, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o, double conf, size_t lead)
{
	struct bs_geomean gm;
	char buf[160];
	size_t i, j, c;

	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		size_t row;

		/* One row per value column and candidate, at its first. */
		for (j = 0; j < i; j++)
			if (strcmp(cmp->m[j].column, m->column) == 0 &&
			    (m->vc == NULL || strcmp(cmp->m[j].vc, m->vc) == 0))
				break;
		if (j < i)
			continue;
		bs_geomean_change(cmp, o->c->mwu, m->column, m->vc, conf, &gm);
		if (gm.k < 2)
			continue;
		row = (size_t)bs_result_addrow(res);
		c = lead + t->ngcols - cmp->keyfrom - (cmp->keyskip >= 0);
		for (j = 0; j < c; j++)
			bs_result_str(res, row, j, "");
		if (lead)
			bs_result_str(res, row, 0, m->vc);
		snprintf(buf, sizeof(buf), "geomean %s", m->column);
		bs_result_str(res, row, c, buf);
		bs_fmt_change(buf, sizeof(buf), gm.change, gm.lo, gm.hi);
		bs_result_str(res, row, c + 3, buf);
		snprintf(buf, sizeof(buf), "(%zu metrics)", gm.k);
		bs_result_str(res, row, c + 7, buf);
	}
}

/* The table for people, and the Markdown report. */
static struct bs_result *
human(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o, double conf, int md)
{
	struct bs_result *res = bs_result_new();
	char buf[160], note[512];
	size_t k, c, j, row, lead = o->nvc > 1;
	size_t *order = human_order(cmp, md);

	if (res == NULL || order == NULL) {
		bs_result_free(res);
		free(order);
		return NULL;
	}
	if (lead)
		bs_result_addcol(res, "candidate");
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			bs_result_addcol(res, t->names[t->gcols[k]]);
	bs_result_addcol(res, "column");
	centre_heading(buf, sizeof(buf), "baseline", o->c);
	bs_result_addcol(res, buf);
	centre_heading(buf, sizeof(buf), "candidate", o->c);
	bs_result_addcol(res, buf);
	snprintf(buf, sizeof(buf), "change [%g%% CI]", conf);
	bs_result_addcol(res, buf);
	bs_result_addcol(res, "p_adj");
	bs_result_addcol(res, "cohen_d");
	bs_result_addcol(res, "cliff_delta");
	bs_result_addcol(res, "verdict");
	bs_result_addcol(res, "note");
	for (j = 0; j < cmp->n; j++) {
		const struct bs_metric *r = &cmp->m[order[j]];

		row = (size_t)bs_result_addrow(res);
		c = 0;
		if (lead)
			bs_result_str(res, row, c++, r->vc);
		for (k = cmp->keyfrom; k < t->ngcols; k++)
			if ((long)k != cmp->keyskip)
				bs_result_str(res, row, c++, r->key[k]);
		bs_result_str(res, row, c++, r->column);
		bs_fmt_num(buf, sizeof(buf), centre(r, o->c, 0));
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nb);
		bs_result_str(res, row, c++, buf);
		bs_fmt_num(buf, sizeof(buf), centre(r, o->c, 1));
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
		    " (n=%zu)", r->nc);
		bs_result_str(res, row, c++, buf);
		bs_fmt_change(buf, sizeof(buf), r->change, r->change_lo,
		    r->change_hi);
		if (r->v == BS_V_MISSING)
			snprintf(buf, sizeof(buf), "-");
		bs_result_str(res, row, c++, buf);
		bs_fmt_p(buf, sizeof(buf), r->p_adj);
		bs_result_str(res, row, c++, buf);
		bs_result_num(res, row, c++, isfinite(r->d) ?
		    round(r->d * 100) / 100 : NAN);
		bs_result_num(res, row, c++, isfinite(r->delta) ?
		    round(r->delta * 100) / 100 : NAN);
		bs_result_str(res, row, c++, bs_verdict_name(r->v));
		bs_metric_note(r, note, sizeof(note));
		bs_result_str(res, row, c++, note);
	}
	free(order);
	geomean_rows(res, cmp, t, o, conf, lead);
	return res;
}

/* One pair: ministat's sentence, with the interval and the verdict. */
static void
sentence(FILE *fp, const struct bs_metric *r, const struct bs_report_opts *o,
    double conf)
{
	char ch[128], note[512];

	if (r->v == BS_V_MISSING)
		return;
	bs_fmt_change(ch, sizeof(ch), r->change, r->change_lo, r->change_hi);
	if (!isfinite(r->diff_lo))
		;
	else if (o->c->stat == BS_STAT_QUANTILE)
		fprintf(fp, "Difference of %s at %g%% confidence: %.6g [%.6g, "
		    "%.6g]; change %s; p = %.4g (%s)\n", o->c->stat_name, conf,
		    r->diff, r->diff_lo, r->diff_hi, ch, r->p,
		    r->qmethod == BS_QM_ORDER ? "order statistics, MOVER" :
		    "percentile bootstrap, 2000 resamples");
	else if (o->c->mwu)
		fprintf(fp, "Shift (%s) at %g%% confidence: %.6g [%.6g, %.6g]; "
		    "change %s; p = %.4g (%s, %s = %.6g)\n", o->c->paired ?
		    "pseudo-median of the differences" : "Hodges-Lehmann",
		    conf, r->diff, r->diff_lo, r->diff_hi, ch, r->p,
		    o->c->paired ? "Wilcoxon signed rank" : "Mann-Whitney U",
		    o->c->paired ? "V" : "W", r->stat);
	else
		fprintf(fp, "Difference at %g%% confidence: %.6g +/- %.6g, "
		    "change %s%s; p = %.4g (%s, t = %.4g, df = %.4g)\n", conf,
		    r->diff, (r->diff_hi - r->diff_lo) / 2, ch, o->c->paired ?
		    "" : " (Fieller)", r->p, o->c->paired ? "paired t" :
		    "Welch", r->stat, r->df);
	bs_metric_note(r, note, sizeof(note));
	switch (r->v) {
	case BS_V_IMPROVED:
	case BS_V_REGRESSED:
		fprintf(fp, "%s (%s is better), beyond --threshold %g%%.\n",
		    r->v == BS_V_IMPROVED ? "Improved" : "Regressed",
		    bs_direction_name(r), 100 * r->threshold);
		break;
	case BS_V_UNCHANGED:
		fprintf(fp, "Unchanged: the change lies within +-%g%% at %g%% "
		    "confidence.\n", 100 * r->margin, conf);
		break;
	default:
		fprintf(fp, "Inconclusive: %s.\n", *note ? note :
		    "nothing could be concluded");
		break;
	}
}

static void
summary_line(FILE *fp, const struct bs_comparison *cmp)
{
	size_t cnt[5] = { 0 };
	static const enum bs_verdict order[] = { BS_V_REGRESSED, BS_V_IMPROVED,
	    BS_V_UNCHANGED, BS_V_INCONCLUSIVE, BS_V_MISSING };
	int first = 1;

	for (size_t i = 0; i < cmp->n; i++)
		cnt[cmp->m[i].v]++;
	for (size_t q = 0; q < 5; q++) {
		if (cnt[order[q]] == 0)
			continue;
		fprintf(fp, "%s%zu %s", first ? "" : ", ", cnt[order[q]],
		    bs_verdict_name(order[q]));
		first = 0;
	}
	fputs("\n\n", fp);
}

/*
 * The rules in force, below a report: each value column's direction and
 * why, its threshold and the margin of "unchanged".
 */
static void
rules_text(FILE *fp, const struct bs_comparison *cmp, int md)
{
	size_t i, j;

	fprintf(fp, "\n%s\n", md ? "Rules in force:\n" : "Rules:");
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		for (j = 0; j < i; j++)
			if (strcmp(cmp->m[j].column, m->column) == 0)
				break;
		if (j < i)
			continue;
		fprintf(fp, "%s%s%s%s: %s is better (%s); threshold %g%%; "
		    "unchanged within +-%g%%\n", md ? "- " : "  ",
		    md ? "`" : "", m->column, md ? "`" : "", bs_direction_name(m),
		    m->rule == BS_RULE_OPTION ? "option" :
		    m->rule == BS_RULE_DEFAULT ? "default: the name matches no "
		    "rule" : m->rule == BS_RULE_RATE ? "a rate, by its name" :
		    m->rule == BS_RULE_TIME ? "a time, by its name" :
		    m->rule == BS_RULE_COST ? "a cost, by its name" :
		    bs_rule_name(m->rule), 100 * m->threshold, 100 * m->margin);
	}
}


int
bs_comparison_write(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o,
    enum bs_outfmt f)
{
	struct bs_result *res;
	int md = f == BS_OUT_MD, human_fmt = f == BS_OUT_TABLE || md, rc;

	if (f == BS_OUT_RECORD)
		return bs_record_write(fp, cmp, t, o);
	if (f == BS_OUT_HTML)
		return bs_html_write(fp, cmp, t, o);
	res = human_fmt ? human(cmp, t, o, o->confidence, md) :
	    bs_comparison_machine(cmp, t, o);
	if (res == NULL || res->failed) {
		bs_result_free(res);
		errno = ENOMEM;
		return -1;
	}
	if (md) {
		fputs("**bcompare:** ", fp);
		summary_line(fp, cmp);
	}
	if (human_fmt && o->variant != NULL) {
		fprintf(fp, "Baseline %s=%s; candidate%s ", o->variant,
		    o->vbase, o->nvc > 1 ? "s" : "");
		for (size_t i = 0; i < o->nvc; i++)
			fprintf(fp, "%s%s=%s", i ? ", " : "", o->variant,
			    o->vc[i]);
		fputs(".\n\n", fp);
	}
	rc = bs_result_write(res, f, fp);
	bs_result_free(res);
	if (human_fmt && cmp->n == 1) {
		fputc('\n', fp);
		sentence(fp, &cmp->m[0], o, o->confidence);
	}
	if (human_fmt && cmp->n > 0)
		rules_text(fp, cmp, md);
	if (human_fmt)
		bs_env_section(fp, o, md);
	if (md) {
		size_t tested = 0;

		for (size_t i = 0; i < cmp->n; i++)
			tested += cmp->m[i].testable;
		char what[128];

		if (o->c->stat == BS_STAT_QUANTILE)
			snprintf(what, sizeof(what), "Change of %s: percentile "
			    "bootstrap, or order statistics for large samples",
			    o->c->stat_name);
		else
			snprintf(what, sizeof(what), "%s", o->c->paired ?
			    (o->c->mwu ? "Wilcoxon signed rank" : "paired t") :
			    (o->c->mwu ? "Mann-Whitney U" : "Welch's t"));
		fprintf(fp, "\n%s; p adjusted by %s across the %zu metric%s "
		    "tested; alpha %g; intervals at %g%%, not adjusted.\n",
		    what, o->c->adjust == BS_ADJ_HOLM ? "Holm" :
		    o->c->adjust == BS_ADJ_BH ? "Benjamini-Hochberg" :
		    "nothing", tested, tested == 1 ? "" : "s", o->c->alpha,
		    o->confidence);
	}
	return rc == -1 || ferror(fp) ? -1 : 0;
}
