/*
 * A comparison as a report: the machine-readable result (docs/INTERFACE.md's
 * columns, then ours), the table for people, the one-pair sentence, the
 * rules in force and the Markdown pull-request report.  What is decided
 * is verdict.c's; this is how it is written.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "libstat.h"
#include "report/report.h"

const char *
bs_direction_name(const struct bs_metric *m)
{
	return m->higher ? "higher" : "lower";
}

/*
 * The test column of a metric: the method's own label of it (with
 * --stat pNN the method behind its interval, which depends on its
 * sizes), else the method's name.
 */
static const char *
test_name(const struct bs_metric *m, const struct bs_cmp_opts *c)
{
	const struct bs_method *mt = bs_cmp_method(c);

	/* A rate of the requests is compared by its own test. */
	if (m->ratetest != NULL)
		return m->ratetest;
	return mt->label != NULL ? mt->label(m) : mt->name;
}

/*
 * The change as people read it; of a rate of the requests the
 * difference in percentage points with Newcombe's interval, which says
 * more than a relative change of a small rate (0.1% to 0.2%: +100%).
 */
static void
change_text(char *buf, size_t len, const struct bs_metric *r)
{
	if (r->rate && isfinite(r->diff_lo) && isfinite(r->diff_hi))
		snprintf(buf, len, "%+.2f pts [%+.2f, %+.2f]", 100 * r->diff,
		    100 * r->diff_lo, 100 * r->diff_hi);
	else
		bs_fmt_change(buf, len, r->change, r->change_lo,
		    r->change_hi);
}

/* A new row for people: the candidate (with several), the group key. */
static size_t
key_cells(struct bs_result *res, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_metric *r, int lead,
    size_t *c)
{
	size_t row = (size_t)bs_result_addrow(res);

	*c = 0;
	if (lead)
		bs_result_str(res, row, (*c)++, r->vc);
	for (size_t k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			bs_result_str(res, row, (*c)++, r->key[k]);
	return row;
}

/* The heading of a side's centre for people: "baseline (p99)". */
static void
centre_heading(char *buf, size_t len, const char *side,
    const struct bs_cmp_opts *c)
{
	snprintf(buf, len, bs_tr("%s (%s)"), bs_tr(side),
	    bs_tr(c->stat_name ? c->stat_name : bs_cmp_test(c)->centre_en));
}

/* The text cells of the machine columns: NULL leaves the cell empty. */
static const char *
mc_column(const struct bs_metric *r, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	(void)o, (void)buf, (void)len;
	return r->column;
}

static const char *
mc_test(const struct bs_metric *r, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	(void)buf, (void)len;
	return r->v != BS_V_MISSING ? test_name(r, o->c) : NULL;
}

static const char *
mc_verdict(const struct bs_metric *r, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	(void)o, (void)buf, (void)len;
	return bs_verdict_name(r->v);
}

static const char *
mc_direction(const struct bs_metric *r, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	(void)o, (void)buf, (void)len;
	return bs_direction_name(r);
}

static const char *
mc_note(const struct bs_metric *r, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	struct bs_report_opts en = *o;

	/* The machine formats' note is in English, whatever the report's. */
	en.zh = 0;
	bs_metric_note(r, 0, buf, len);
	bs_report_caveats(r, &en, 0, buf, len);
	return buf;
}

static const char *
mc_rule(const struct bs_metric *r, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	(void)o, (void)buf, (void)len;
	return bs_rule_name(r->rule);
}

/*
 * The columns of docs/INTERFACE.md, each with its cell: a count or a
 * number at off in struct bs_metric, or a text.
 */
enum mc_kind { MC_TEXT, MC_COUNT, MC_NUM };

#define COUNT(n, f)	{ n, MC_COUNT, offsetof(struct bs_metric, f), NULL }
#define NUM(n, f)	{ n, MC_NUM, offsetof(struct bs_metric, f), NULL }
#define TEXT(n, fn)	{ n, MC_TEXT, 0, fn }

static const struct mcol {
	const char	*name;
	enum mc_kind	 kind;
	size_t		 off;
	const char	*(*text)(const struct bs_metric *,
			    const struct bs_report_opts *, char *, size_t);
} mcols[] = {
	TEXT("column", mc_column),
	COUNT("n_base", nb), COUNT("n_cand", nc),
	NUM("mean_base", mean_b), NUM("mean_cand", mean_c),
	NUM("median_base", med_b), NUM("median_cand", med_c),
	NUM("diff", diff), NUM("diff_ci_lo", diff_lo),
	NUM("diff_ci_hi", diff_hi), NUM("change", change),
	NUM("change_ci_lo", change_lo), NUM("change_ci_hi", change_hi),
	TEXT("test", mc_test),
	NUM("statistic", stat), NUM("df", df), NUM("p", p),
	NUM("p_adj", p_adj), NUM("cohen_d", d), NUM("cliff_delta", delta),
	TEXT("verdict", mc_verdict), TEXT("direction", mc_direction),
	TEXT("note", mc_note), TEXT("direction_rule", mc_rule)
};

#undef COUNT
#undef NUM
#undef TEXT

/* Column k of mcols[] for metric r into cell (row, c). */
static void
mcol_put(struct bs_result *res, size_t row, size_t c, const struct mcol *m,
    const struct bs_metric *r, const struct bs_report_opts *o)
{
	const char *at = (const char *)r + m->off;
	char buf[1024];	/* notes with every caveat (--steady auto) */
	const char *t;

	switch (m->kind) {
	case MC_COUNT:
		bs_result_int(res, row, c, (long long)*(const size_t *)
		    (const void *)at);
		break;
	case MC_NUM:
		bs_result_num(res, row, c, *(const double *)(const void *)at);
		break;
	default:
		if ((t = m->text(r, o, buf, sizeof(buf))) != NULL)
			bs_result_str(res, row, c, t);
	}
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
	size_t i, k, c;

	if (res == NULL)
		return NULL;
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			bs_result_addcol(res, t->names[t->gcols[k]]);
	for (k = 0; k < sizeof(mcols) / sizeof(mcols[0]); k++)
		bs_result_addcol(res, mcols[k].name);
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

		c = 0;
		for (k = cmp->keyfrom; k < t->ngcols; k++)
			if ((long)k != cmp->keyskip)
				bs_result_str(res, row, c++, r->key[k]);
		for (k = 0; k < sizeof(mcols) / sizeof(mcols[0]); k++)
			mcol_put(res, row, c++, &mcols[k], r, o);
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

/*
 * The natural order of the metrics (bs_table_order's): candidate, then
 * the group key, numbers numerically and text as it first appeared,
 * then as compared (the value columns in the input's order).
 */
struct natctx {
	const struct bs_comparison *cmp;
	size_t		 nk;		/* key parts, the candidate first */
	double		*num;		/* n x nk: NaN if text */
	size_t		*rank;		/* n x nk: first appearance */
};

static const struct natctx *natc;	/* qsort has no argument */

static int
metric_natcmp(const void *a, const void *b)
{
	size_t ma = *(const size_t *)a, mb = *(const size_t *)b, k;
	const struct natctx *c = natc;

	for (k = 0; k < c->nk; k++) {
		double x = c->num[ma * c->nk + k], y = c->num[mb * c->nk + k];
		size_t rx = c->rank[ma * c->nk + k], ry = c->rank[mb * c->nk +
		    k];

		if (!isnan(x) && !isnan(y) && x != y)
			return x < y ? -1 : 1;
		if ((isnan(x) || isnan(y)) && rx != ry)
			return rx < ry ? -1 : 1;
	}
	return ma < mb ? -1 : ma > mb;
}

/* The key part k of metric m: the candidate, then the group columns. */
static const char *
keypart(const struct bs_comparison *cmp, const struct bs_table *t,
    size_t m, size_t k)
{
	const struct bs_metric *r = &cmp->m[m];
	size_t g;

	if (k == 0)
		return r->vc != NULL ? r->vc : "";
	for (g = cmp->keyfrom; g < t->ngcols; g++)
		if ((long)g != cmp->keyskip && --k == 0)
			return r->key[g];
	return "";
}

static int
natural_order(size_t *order, const struct bs_comparison *cmp,
    const struct bs_table *t)
{
	struct natctx c = { cmp, 1, NULL, NULL };
	struct bs_strhash *seen = NULL;
	struct bs_dec d;
	size_t i, k;
	double v;
	int rc = -1;

	for (k = cmp->keyfrom; k < t->ngcols; k++)
		c.nk += (long)k != cmp->keyskip;
	if (cmp->n < 2)
		return 0;
	if ((c.num = malloc(cmp->n * c.nk * sizeof(*c.num))) == NULL ||
	    (c.rank = malloc(cmp->n * c.nk * sizeof(*c.rank))) == NULL ||
	    (seen = calloc(c.nk, sizeof(*seen))) == NULL)
		goto out;
	for (i = 0; i < cmp->n; i++)
		for (k = 0; k < c.nk; k++) {
			const char *key = keypart(cmp, t, i, k);
			long r = bs_strhash_get(&seen[k], key, strlen(key));

			if (r < 0) {
				r = (long)seen[k].n;
				if (bs_strhash_put(&seen[k], key, strlen(key),
				    (size_t)r) == -1)
					goto out;
			}
			c.rank[i * c.nk + k] = (size_t)r;
			/* The candidates keep the order they were given. */
			c.num[i * c.nk + k] = k > 0 && bs_parse_number(key,
			    strlen(key), &d, &v) == BS_NUM_OK ? v : (double)NAN;
		}
	natc = &c;
	qsort(order, cmp->n, sizeof(*order), metric_natcmp);
	natc = NULL;
	rc = 0;
out:
	for (k = 0; seen != NULL && k < c.nk; k++)
		bs_strhash_free(&seen[k]);
	free(seen);
	free(c.num);
	free(c.rank);
	return rc;
}

/*
 * The order of the rows for people: natural with --sort natural (the
 * default of table and md), and Markdown puts regressions first.
 */
static size_t *
human_order(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o, int md)
{
	static const enum bs_verdict pri[] = { BS_V_REGRESSED, BS_V_IMPROVED,
	    BS_V_INCONCLUSIVE, BS_V_MISSING, BS_V_UNCHANGED };
	size_t *order, *by, i, j = 0;

	if ((order = malloc((cmp->n + 1) * sizeof(*order))) == NULL)
		return NULL;
	for (i = 0; i < cmp->n; i++)
		order[i] = i;
	if (o->natural && natural_order(order, cmp, t) == -1) {
		free(order);
		return NULL;
	}
	if (!md)
		return order;
	if ((by = malloc((cmp->n + 1) * sizeof(*by))) == NULL) {
		free(order);
		return NULL;
	}
	for (size_t q = 0; q < 5; q++)
		for (i = 0; i < cmp->n; i++)
			if (cmp->m[order[i]].v == pri[q])
				by[j++] = order[i];
	free(order);
	return by;
}

/* A geomean row per value column (and candidate), after the metrics. */
static void
geomean_rows(struct bs_result *res, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o, double conf, size_t lead)
{
	struct bs_geomean *gmv = NULL;
	char buf[160];
	size_t i, j, c, *cls, ncls, next = 0;

	if ((cls = malloc((cmp->n + 1) * sizeof(*cls))) == NULL ||
	    bs_geomean_classes(cmp, bs_cmp_test(o->c), conf, cls, &gmv,
	    &ncls) == -1) {
		free(cls);
		res->failed = -1;
		return;
	}
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		const struct bs_geomean *gm = &gmv[cls[i]];
		size_t row;

		/* One row per value column and candidate, at its first. */
		if (cls[i] != next)
			continue;
		next++;
		if (gm->k < 2)
			continue;
		row = (size_t)bs_result_addrow(res);
		c = lead + t->ngcols - cmp->keyfrom - (cmp->keyskip >= 0);
		for (j = 0; j < c; j++)
			bs_result_str(res, row, j, "");
		if (lead)
			bs_result_str(res, row, 0, m->vc);
		snprintf(buf, sizeof(buf), bs_tr("geomean %s"), m->column);
		bs_result_str(res, row, c, buf);
		bs_fmt_change(buf, sizeof(buf), gm->change, gm->lo, gm->hi);
		bs_result_str(res, row, c + 3, buf);
		snprintf(buf, sizeof(buf), bs_tr("(%zu metrics)"), gm->k);
		bs_result_str(res, row, c + 7, buf);
	}
	free(cls);
	free(gmv);
}

/*
 * A side's count after its centre: "(n=12)", or "(n=?)" for a summary
 * that states no n (hyperfine's CSV), where 0 would read as no runs.
 */
static void
sidecount(char *buf, size_t len, const struct bs_metric *r, size_t n)
{
	size_t l = strlen(buf);

	snprintf(buf + l, len - l, n == 0 && (r->note & BS_CN_NON) ?
	    " (n=?)" : " (n=%zu)", n);
}

/* The table for people, and the Markdown report. */
static struct bs_result *
human(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o, double conf, int md)
{
	struct bs_result *res = bs_result_new();
	char buf[160], note[1024];
	size_t k, c, j, row, lead = o->nvc > 1;
	size_t *order = human_order(cmp, t, o, md);
	struct bs_colscales cs;

	if (res == NULL || order == NULL || bs_colscales_init(&cs, cmp, o) == -1) {
		bs_result_free(res);
		free(order);
		return NULL;
	}
	res->width = o->width;
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
	snprintf(buf, sizeof(buf), bs_tr("change [%g%% CI]"), conf);
	bs_result_addcol(res, buf);
	bs_result_addcol(res, "p_adj");
	bs_result_addcol(res, "cohen_d");
	bs_result_addcol(res, "cliff_delta");
	bs_result_addcol(res, bs_tr("verdict"));
	bs_result_addcol(res, bs_tr("note"));
	for (j = 0; j < cmp->n; j++) {
		const struct bs_metric *r = &cmp->m[order[j]];

		row = key_cells(res, cmp, t, r, lead, &c);
		bs_result_str(res, row, c++, r->column);
		bs_fmt_scaled(buf, sizeof(buf), bs_report_centre(r, o->c, 0),
		    bs_colscale(&cs, r->column));
		sidecount(buf, sizeof(buf), r, r->nb);
		bs_result_str(res, row, c++, buf);
		bs_fmt_scaled(buf, sizeof(buf), bs_report_centre(r, o->c, 1),
		    bs_colscale(&cs, r->column));
		sidecount(buf, sizeof(buf), r, r->nc);
		bs_result_str(res, row, c++, buf);
		change_text(buf, sizeof(buf), r);
		if (r->v == BS_V_MISSING)
			snprintf(buf, sizeof(buf), "-");
		bs_result_str(res, row, c++, buf);
		bs_fmt_p(buf, sizeof(buf), r->p_adj);
		bs_result_str(res, row, c++, buf);
		bs_result_num(res, row, c++, isfinite(r->d) ?
		    round(r->d * 100) / 100 : NAN);
		bs_result_num(res, row, c++, isfinite(r->delta) ?
		    round(r->delta * 100) / 100 : NAN);
		bs_result_str(res, row, c++, bs_tr(bs_verdict_name(r->v)));
		bs_metric_note(r, o->zh, note, sizeof(note));
		bs_result_str(res, row, c++, note);
	}
	free(order);
	bs_colscales_free(&cs);
	geomean_rows(res, cmp, t, o, conf, lead);
	return res;
}

/* One pair: ministat's sentence, with the interval and the verdict. */
static void
sentence(FILE *fp, const struct bs_metric *r, const struct bs_report_opts *o,
    double conf)
{
	const struct bs_method *mt = bs_cmp_method(o->c);
	char ch[128], note[512];

	if (r->v == BS_V_MISSING)
		return;
	bs_fmt_change(ch, sizeof(ch), r->change, r->change_lo, r->change_hi);
	/* The level the rank test's interval has, where the asked is not. */
	if (r->note & BS_CN_CONF)
		conf = r->conf_got;
	if (isfinite(r->diff_lo))
		mt->sentence(mt, r, o->c, conf, ch, fp);
	bs_metric_note(r, o->zh, note, sizeof(note));
	switch (r->v) {
	case BS_V_IMPROVED:
	case BS_V_REGRESSED:
		fprintf(fp, bs_tr("%s (%s is better), beyond --threshold "
		    "%g%%.\n"), bs_tr(r->v == BS_V_IMPROVED ? "Improved" :
		    "Regressed"), bs_tr(bs_direction_name(r)),
		    100 * r->threshold);
		break;
	case BS_V_UNCHANGED:
		fprintf(fp, bs_tr("Unchanged: the change lies within +-%g%% "
		    "at %g%% confidence.\n"), 100 * r->margin, conf);
		break;
	default:
		fprintf(fp, bs_tr("Inconclusive: %s.\n"), *note ? note :
		    bs_tr("nothing could be concluded"));
		break;
	}
}

/* "Baseline V=B; candidates V=C1, V=C2." with the labels on one line. */
static void
variant_line(FILE *fp, const struct bs_report_opts *o)
{
	char *t1, *t2;

	fprintf(fp, bs_tr("Baseline %s="), bs_oneline(o->variant, &t1));
	fprintf(fp, bs_tr("%s; candidate%s "), bs_oneline(o->vbase, &t2),
	    o->nvc > 1 ? "s" : "");
	free(t2);
	for (size_t i = 0; i < o->nvc; i++) {
		fprintf(fp, "%s%s=", i ? ", " : "", t1 ? t1 : o->variant);
		fprintf(fp, "%s", bs_oneline(o->vc[i], &t2));
		free(t2);
	}
	free(t1);
	fputs(".\n\n", fp);
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
		fprintf(fp, bs_tr("%s%zu %s"), first ? "" : ", ", cnt[order[q]],
		    bs_tr(bs_verdict_name(order[q])));
		first = 0;
	}
	fputs("\n\n", fp);
}

/*
 * The rules in force, below a report: each value column's direction and
 * why, its threshold and the margin of "unchanged".
 */
/*
 * The design in time and the serial dependence, when a metric has them:
 * "design: 1 blocked (the change adjusted for a linear drift by ANCOVA:
 * interleave the sides), 0 interleaved, 2 unknown (no clock)".
 */
static void
rules_design(FILE *fp, const struct bs_comparison *cmp, int md)
{
	size_t nd[3] = { 0 }, dep = 0, rep = 0;

	for (size_t i = 0; i < cmp->n; i++) {
		nd[cmp->m[i].design]++;
		dep += (cmp->m[i].note & BS_CN_DEPEND) != 0;
		rep += cmp->m[i].lv_b.state == BS_LV_ON ||
		    cmp->m[i].lv_c.state == BS_LV_ON;
	}
	if (rep > 0)
		fprintf(fp, bs_tr("%sunit of replication: %zu metric%s "
		    "compared by the means of their top-level units (forks, "
		    "processes), not the values within them (Kalibera and "
		    "Jones)\n"),
		    md ? "- " : "  ", rep, rep == 1 ? "" : "s");
	if (nd[BS_DESIGN_BLOCKED] + nd[BS_DESIGN_INTERLEAVED] > 0)
		fprintf(fp, bs_tr("%sdesign in time: %zu blocked (the change "
		    "adjusted for a linear drift by ANCOVA: interleave the "
		    "sides), %zu interleaved, %zu unknown (no clock)\n"),
		    md ? "- " : "  ",
		    nd[BS_DESIGN_BLOCKED], nd[BS_DESIGN_INTERLEAVED],
		    nd[BS_DESIGN_UNKNOWN]);
	if (dep > 0)
		fprintf(fp, bs_tr("%sserially dependent runs: %zu metric%s "
		    "tested at the effective number of runs\n"), md ? "- " :
		    "  ", dep,
		    dep == 1 ? "" : "s");
}

static void
rules_text(FILE *fp, const struct bs_comparison *cmp, int md)
{
	struct bs_strhash seen = { 0 };	/* the columns said */
	size_t i;
	char *tmp;

	fprintf(fp, "\n%s\n", bs_tr(md ? "Rules in force:\n" : "Rules:"));
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		size_t len = strlen(m->column);

		/* Each column once, at its first metric. */
		if (bs_strhash_get(&seen, m->column, len) >= 0)
			continue;
		if (bs_strhash_put(&seen, m->column, len, i) == -1) {
			/* Out of memory: the rules said so far. */
			bs_strhash_free(&seen);
			return;
		}
		fprintf(fp, bs_tr("%s%s%s%s: %s is better (%s); threshold "
		    "%g%%; unchanged within +-%g%%\n"), md ? "- " : "  ",
		    md ? "`" : "", bs_oneline(m->column, &tmp), md ? "`" : "",
		    bs_tr(bs_direction_name(m)), bs_tr(
		    m->rule == BS_RULE_OPTION ? "option" :
		    m->rule == BS_RULE_DEFAULT ? "default: the name matches no "
		    "rule" : m->rule == BS_RULE_RATE ? "a rate, by its name" :
		    m->rule == BS_RULE_TIME ? "a time, by its name" :
		    m->rule == BS_RULE_COST ? "a cost, by its name" :
		    m->rule == BS_RULE_FORMAT ? "by the unit its input format "
		    "declares" : m->rule == BS_RULE_BENEFIT ? "hits or a "
		    "score, by its name" : bs_rule_name(m->rule)),
		    100 * m->threshold,
		    100 * m->margin);
		free(tmp);
	}
	bs_strhash_free(&seen);
	rules_design(fp, cmp, md);
}


/* The method and the adjustment, below the Markdown report's rules. */
static void
md_method(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_report_opts *o)
{
	const struct bs_method *mt = bs_cmp_method(o->c);
	size_t tested = 0;
	char what[128];

	for (size_t i = 0; i < cmp->n; i++)
		tested += cmp->m[i].testable;
	/* A method of a statistic names it. */
	if (mt->centre == BS_MC_STAT)
		snprintf(what, sizeof(what), bs_tr("Change of %s: %s"),
		    o->c->stat_name, bs_tr(mt->title));
	else
		snprintf(what, sizeof(what), "%s", bs_tr(mt->title));
	fprintf(fp, bs_tr("\n%s; p adjusted by %s across the %zu metric%s "
	    "tested; alpha %g; intervals at %g%%, not adjusted.\n"),
	    what, o->c->adjust == BS_ADJ_HOLM ? "Holm" :
	    o->c->adjust == BS_ADJ_BH ? "Benjamini-Hochberg" :
	    bs_tr("nothing"), tested, tested == 1 ? "" : "s", o->c->alpha,
	    o->confidence);
}

/* A verdict with an icon that code-hosting sites render. */
static const char *
verdict_icon(enum bs_verdict v)
{
	switch (v) {
	case BS_V_IMPROVED:
		return bs_tr("\xe2\x9c\x85 improved");
	case BS_V_REGRESSED:
		return bs_tr("\xe2\x9d\x8c regressed");
	case BS_V_UNCHANGED:
		return bs_tr("\xe2\x9e\x96 unchanged");
	case BS_V_INCONCLUSIVE:
		return bs_tr("\xe2\x9d\x94 inconclusive");
	default:
		return bs_tr("\xe2\x9a\xaa missing");
	}
}

/*
 * The probability of the quantile a centre is (0.5 for a median), or 0
 * for a mean.
 */
static double
centre_p(const struct bs_cmp_opts *c)
{
	if (c->stat == BS_STAT_QUANTILE)
		return c->stat_p;
	if (c->stat == BS_STAT_DEFAULT &&
	    bs_cmp_test(c)->centre == BS_MC_MEDIAN)
		return 0.5;
	return 0;
}

/*
 * The relative half-width of a side's centre's interval (BS_SPREAD_CI):
 * the t interval of the mean (of the units' means with nested runs, as
 * b and c then are), or the distribution-free interval of the quantile
 * from order statistics, its larger side as benchstat takes it.  NaN
 * when there is none (too few values, a summary's median).
 */
static double
centre_ci(const struct bs_metric *r, const struct bs_cmp_opts *c, int cand,
    double m, double sd, double x)
{
	const double *v = cand ? r->c : r->b;
	size_t n = cand ? r->nc : r->nb, l, u;
	double p = centre_p(c), *s, h;

	if (p == 0) {
		if (n < 2 || !isfinite(sd))
			return NAN;
		return gsl_cdf_tdist_Pinv(0.5 + c->confidence / 200,
		    (double)(n - 1)) * sd / sqrt((double)n) / fabs(m);
	}
	if (r->summary || v == NULL ||
	    bs_quantile_ci_index(n, p, c->confidence, &l, &u) == -1 ||
	    (s = malloc(n * sizeof(*s))) == NULL)
		return NAN;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), bs_cmp_double);
	h = fmax(x - s[l - 1], s[u - 1] - x) / fabs(x);
	free(s);
	return h;
}

/*
 * A side's centre with its spread for the report: "2.918 ms ± 1.2%",
 * the spread the relative half-width of the centre's interval, or with
 * BS_SPREAD_SD the coefficient of variation of its runs (sd / mean).
 */
static void
centre_spread(char *buf, size_t len, const struct bs_metric *r,
    const struct bs_report_opts *o, int cand, const struct bs_scale *sc)
{
	const struct bs_cmp_opts *c = o->c;
	double m, sd, h, x = bs_report_centre(r, c, cand);
	size_t l;

	if ((cand ? r->nc : r->nb) == 0 || !isfinite(x)) {
		snprintf(buf, len, "\xe2\x80\x93");
		return;
	}
	bs_fmt_scaled(buf, len, x, sc);
	if (r->summary) {
		m = cand ? r->mean_c : r->mean_b;
		sd = cand ? r->sd_c : r->sd_b;
	} else
		bs_mean_sd(cand ? r->c : r->b, cand ? r->nc : r->nb, &m, &sd);
	if (!isfinite(m) || m == 0)
		return;
	h = o->spread == BS_SPREAD_SD ? sd / fabs(m) :
	    centre_ci(r, c, cand, m, sd, x);
	l = strlen(buf);
	if (isfinite(h))
		snprintf(buf + l, len - l, " \xc2\xb1 %.1f%%", 100 * h);
}

/* The md report's centre heading says what its ± is. */
static void
md_centre_heading(char *buf, size_t len, const char *side,
    const struct bs_report_opts *o)
{
	const struct bs_cmp_opts *c = o->c;
	char pm[48];

	if (o->spread == BS_SPREAD_SD)
		snprintf(pm, sizeof(pm), "sd/mean");
	else
		snprintf(pm, sizeof(pm), bs_tr("%g%% CI"), o->confidence);
	snprintf(buf, len, bs_tr("%s (%s \xc2\xb1 %s)"), bs_tr(side),
	    bs_tr(c->stat_name ? c->stat_name : bs_cmp_test(c)->centre_en), pm);
}

/* One value column's table of the report, regressions first. */
static struct bs_result *
md_table(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o, const size_t *list, size_t nlist,
    const struct bs_scale *sc)
{
	struct bs_result *res = bs_result_new();
	char buf[256];
	size_t i, k, c, row, lead = o->nvc > 1;

	if (res == NULL)
		return NULL;
	if (lead)
		bs_result_addcol(res, "candidate");
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			bs_result_addcol(res, t->names[t->gcols[k]]);
	md_centre_heading(buf, sizeof(buf), "baseline", o);
	bs_result_addcol(res, buf);
	md_centre_heading(buf, sizeof(buf), "candidate", o);
	bs_result_addcol(res, buf);
	snprintf(buf, sizeof(buf), bs_tr("change [%g%% CI]"), o->confidence);
	bs_result_addcol(res, buf);
	bs_result_addcol(res, bs_tr("effect"));
	bs_result_addcol(res, bs_tr("verdict"));
	/* Centres and changes align right, as numbers do. */
	for (k = res->ncols - 5; k < res->ncols - 2; k++)
		res->numeric[k] = 1;
	for (i = 0; i < nlist; i++) {
		const struct bs_metric *r = &cmp->m[list[i]];

		row = key_cells(res, cmp, t, r, lead, &c);
		centre_spread(buf, sizeof(buf), r, o, 0, sc);
		bs_result_str(res, row, c++, buf);
		centre_spread(buf, sizeof(buf), r, o, 1, sc);
		bs_result_str(res, row, c++, buf);
		if (r->v == BS_V_MISSING)
			snprintf(buf, sizeof(buf), "\xe2\x80\x93");
		else
			change_text(buf, sizeof(buf), r);
		bs_result_str(res, row, c++, buf);
		if (isfinite(r->delta))
			snprintf(buf, sizeof(buf), "%s (\xce\xb4 = %.2f)",
			    bs_tr(bs_effect_name(r->delta)), r->delta);
		else
			snprintf(buf, sizeof(buf), "\xe2\x80\x93");
		bs_result_str(res, row, c++, buf);
		bs_result_str(res, row, c++, verdict_icon(r->v));
	}
	return res;
}

/*
 * The geometric mean of a column's changes, below its table: list holds
 * the column's metrics in their order, cls and gmv the classes of
 * bs_geomean_classes(), *next the next class to say.
 */
static void
md_geomean(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_report_opts *o, const size_t *list, size_t nlist,
    const size_t *cls, const struct bs_geomean *gmv, unsigned char *said)
{
	char buf[160];

	for (size_t i = 0; i < nlist; i++) {
		const struct bs_metric *m = &cmp->m[list[i]];
		const struct bs_geomean *gm = &gmv[cls[list[i]]];

		if (said[cls[list[i]]])
			continue;
		said[cls[list[i]]] = 1;
		if (gm->k < 2)
			continue;
		bs_fmt_change(buf, sizeof(buf), gm->change, gm->lo, gm->hi);
		fprintf(fp, bs_tr("\nGeometric mean of the changes%s%s: %s "
		    "(%zu metrics).\n"),
		    m->vc != NULL && o->nvc > 1 ? ", " : "",
		    m->vc != NULL && o->nvc > 1 ? m->vc : "", buf, gm->k);
	}
}

/*
 * What weakens the verdicts of a column's rows, a visible line each
 * below its table (not only in the collapsed statistics): a reviewer
 * never sees "regressed" without it.  The environments' difference has
 * its own section.
 */
static void
md_caveats(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_table *t, const size_t *list, size_t nlist)
{
	char label[512], cav[768];
	int head = 0;
	char *tmp;

	for (size_t i = 0; i < nlist; i++) {
		const struct bs_metric *m = &cmp->m[list[i]];

		bs_metric_caveats(m, bs_lang_get() == BS_LANG_ZH, 1, cav,
		    sizeof(cav));
		if (cav[0] == '\0')
			continue;
		if (!head++)
			fputs(bs_tr("\n**Caveats**\n\n"), fp);
		bs_metric_label(cmp, t, m, label, sizeof(label));
		fprintf(fp, "- %s %s: ", verdict_icon(m->v),
		    bs_oneline(label, &tmp));
		free(tmp);
		fprintf(fp, "%s\n", bs_oneline(cav, &tmp));
		free(tmp);
	}
}

/*
 * The pull-request report: the counts, one table per value column (the
 * columns with a regression first), each row a side's centre with its
 * spread, the change with its interval, the effect in words and the
 * verdict; then, collapsed, the full statistics and the rules in force.
 */
static int
md_report(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o)
{
	struct bs_colscales cs;
	struct bs_result *res, *full;
	struct bs_geomean *gmv = NULL;
	size_t *order, j, pass, i, ncls;
	size_t *off = NULL, *byord = NULL, *byidx = NULL, *fill = NULL;
	size_t *cls = NULL;
	unsigned char *bad = NULL, *said = NULL;
	int rc = 0;
	char *tmp;

	if ((order = human_order(cmp, t, o, 1)) == NULL)
		return -1;
	if (bs_colscales_init(&cs, cmp, o) == -1) {
		free(order);
		return -1;
	}
	fputs("**bcompare:** ", fp);
	summary_line(fp, cmp);
	if (o->variant != NULL)
		variant_line(fp, o);
	/*
	 * Each column's metrics, in the report's order (byord) and in
	 * theirs (byidx), from offsets: one pass, not one per column.
	 */
	if ((off = calloc(cs.n + 2, sizeof(*off))) == NULL ||
	    (byord = malloc((cmp->n + 1) * sizeof(*byord))) == NULL ||
	    (byidx = malloc((cmp->n + 1) * sizeof(*byidx))) == NULL ||
	    (fill = malloc((cs.n + 1) * sizeof(*fill))) == NULL ||
	    (bad = calloc(cs.n + 1, 1)) == NULL ||
	    (cls = malloc((cmp->n + 1) * sizeof(*cls))) == NULL ||
	    bs_geomean_classes(cmp, bs_cmp_test(o->c), o->confidence, cls, &gmv,
	    &ncls) == -1 || (said = calloc(ncls + 1, 1)) == NULL) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < cmp->n; i++) {
		j = bs_colindex(&cs, cmp->m[i].column);
		off[j + 1]++;
		bad[j] |= cmp->m[i].v == BS_V_REGRESSED;
	}
	for (j = 0; j < cs.n; j++)
		off[j + 1] += off[j];
	memcpy(fill, off, cs.n * sizeof(*fill));
	for (i = 0; i < cmp->n; i++)
		byord[fill[bs_colindex(&cs, cmp->m[order[i]].column)]++] =
		    order[i];
	memcpy(fill, off, cs.n * sizeof(*fill));
	for (i = 0; i < cmp->n; i++)
		byidx[fill[bs_colindex(&cs, cmp->m[i].column)]++] = i;
	for (pass = 0; pass < 2 && rc == 0; pass++)
		for (j = 0; j < cs.n && rc == 0; j++) {
			const struct bs_metric *first = &cmp->m[byidx[off[j]]];

			if (bad[j] != (pass == 0))
				continue;
			fprintf(fp, bs_tr("### `%s` (%s is better)\n\n"),
			    bs_oneline(cs.col[j], &tmp),
			    bs_tr(bs_direction_name(first)));
			free(tmp);
			if ((res = md_table(cmp, t, o, byord + off[j],
			    off[j + 1] - off[j], &cs.sc[j])) == NULL ||
			    res->failed) {
				bs_result_free(res);
				rc = -1;
				break;
			}
			rc = bs_result_write(res, BS_OUT_MD, fp);
			bs_result_free(res);
			md_caveats(fp, cmp, t, byord + off[j], off[j + 1] -
			    off[j]);
			md_geomean(fp, cmp, o, byidx + off[j], off[j + 1] - off[j],
			    cls, gmv, said);
			fputc('\n', fp);
		}
out:
	free(off);
	free(byord);
	free(byidx);
	free(fill);
	free(bad);
	free(cls);
	free(gmv);
	free(said);
	bs_colscales_free(&cs);
	free(order);
	if (rc == -1)
		return -1;
	if ((full = human(cmp, t, o, o->confidence, 1)) == NULL ||
	    full->failed) {
		bs_result_free(full);
		return -1;
	}
	fputs(bs_tr("<details>\n<summary>Full statistics and the rules in "
	    "force</summary>\n\n"), fp);
	rc = bs_result_write(full, BS_OUT_MD, fp);
	bs_result_free(full);
	if (cmp->n == 1) {
		fputc('\n', fp);
		sentence(fp, &cmp->m[0], o, o->confidence);
	}
	if (cmp->n > 0)
		rules_text(fp, cmp, 1);
	md_method(fp, cmp, o);
	if (o->spread == BS_SPREAD_SD)
		fputs(bs_tr("\nCentres are shown \xc2\xb1 the coefficient of "
		    "variation of their runs (sd / mean)"), fp);
	else
		fprintf(fp, bs_tr("\nCentres are shown \xc2\xb1 the "
		    "half-width of their own %g%% interval over the centre "
		    "(the larger side)"), o->confidence);
	fputs(bs_tr("; effect is Cliff's delta in words "
	    "(|\xce\xb4| < 0.147 negligible, < 0.33 small, < 0.474 medium, "
	    "else large; Romano et al. 2006).\n\n</details>\n"), fp);
	return rc;
}

int
bs_comparison_write(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o,
    enum bs_outfmt f)
{
	struct bs_result *res;
	int human_fmt = f == BS_OUT_TABLE, rc;

	if (f == BS_OUT_RECORD)
		return bs_record_write(fp, cmp, t, o);
	if (f == BS_OUT_HTML)
		return bs_html_write(fp, cmp, t, o);
	if (f == BS_OUT_MD) {
		if (md_report(fp, cmp, t, o) == -1) {
			if (!ferror(fp))
				errno = ENOMEM;
			return -1;
		}
		bs_env_section(fp, o, 1);
		return ferror(fp) ? -1 : 0;
	}
	res = human_fmt ? human(cmp, t, o, o->confidence, 0) :
	    bs_comparison_machine(cmp, t, o);
	if (res == NULL || res->failed) {
		bs_result_free(res);
		errno = ENOMEM;
		return -1;
	}
	if (human_fmt && o->variant != NULL)
		variant_line(fp, o);
	rc = bs_result_write(res, f, fp);
	bs_result_free(res);
	if (human_fmt && cmp->n == 1) {
		fputc('\n', fp);
		sentence(fp, &cmp->m[0], o, o->confidence);
	}
	if (human_fmt && cmp->n > 0)
		rules_text(fp, cmp, 0);
	if (human_fmt)
		bs_env_section(fp, o, 0);
	return rc == -1 || ferror(fp) ? -1 : 0;
}
