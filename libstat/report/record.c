/*
 * The experiment record (bcompare -f record): the template of a
 * benchmark's record filled from the comparison and the inputs'
 * fingerprints -- the environment of both sides, what was varied and
 * what was held, the procedure per arm (repetitions, warm-up, steady
 * state), the results with their test and effect size, the outlier
 * candidates, and one conclusion per metric.  Also the fingerprint
 * differences every other format mentions.  English or Chinese headings.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "report/report.h"

/* Text in the two languages: English first, then Chinese. */
#define L(o, en_, zh_)	((o)->zh ? (zh_) : (en_))

/* "environment differs: k1, k2" appended, in Chinese with zh. */
static void
envwords(const struct bs_report_opts *o, int zh, char *note, size_t len)
{
	struct bs_metadiff *d;
	size_t n, l;

	if (bs_meta_diff(o->meta_b, o->meta_c, &d, &n) == -1 || n == 0)
		return;
	l = strlen(note);
	l += (size_t)snprintf(note + l, l < len ? len - l : 0, "%s%s",
	    l ? "; " : "", zh ? "环境不同：" : "environment differs:");
	for (size_t i = 0; i < n && l < len; i++)
		l += (size_t)snprintf(note + l, len - l, "%s%s", i ? ", " :
		    zh ? "" : " ", d[i].key);
	free(d);
}

void
bs_envnote(const struct bs_report_opts *o, char *note, size_t len)
{
	envwords(o, 0, note, len);
}

void
bs_report_caveats(const struct bs_metric *m, const struct bs_report_opts *o,
    int dep, char *buf, size_t len)
{
	char cav[768];
	size_t l = strlen(buf);

	bs_metric_caveats(m, o->zh, dep, cav, sizeof(cav));
	if (cav[0] != '\0' && l < len)
		snprintf(buf + l, len - l, "%s%s", l ? "; " : "", cav);
	envwords(o, o->zh, buf, len);
}

/* A value in a Markdown table cell: bars escaped, "-" when absent. */
static void
mdcell(FILE *fp, const char *s)
{
	if (s == NULL || *s == '\0') {
		fputs("-", fp);
		return;
	}
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputc('\\', fp);
		fputc(*s == '\n' ? ' ' : *s, fp);
	}
}

void
bs_env_section(FILE *fp, const struct bs_report_opts *o, int md)
{
	struct bs_metadiff *d;
	size_t n;

	if (bs_meta_diff(o->meta_b, o->meta_c, &d, &n) == -1 || n == 0)
		return;
	fprintf(fp, "\n%s\n", bs_tr(md ? "Environment differences:\n" :
	    "Environment differences (baseline -> candidate):"));
	for (size_t i = 0; i < n; i++) {
		if (md) {
			fputs("- `", fp);
			fputs(d[i].key, fp);
			fputs("`: ", fp);
			mdcell(fp, d[i].b);
			fputs(" → ", fp);
			mdcell(fp, d[i].c);
		} else
			fprintf(fp, "  %s: %s -> %s", d[i].key, d[i].b ?
			    d[i].b : bs_tr("(none)"), d[i].c ? d[i].c :
			    bs_tr("(none)"));
		if (d[i].kind == BS_MK_PERF)
			fputs(bs_tr(md ? " (**changes performance**)" :
			    " (changes performance)"), fp);
		fputc('\n', fp);
	}
	free(d);
}

void
bs_arm_stats(const double *x, size_t n, double confidence,
    struct bs_arm *a)
{
	double s1 = 0, s2 = 0, sd;
	size_t w, i;
	struct bs_fences f;

	memset(a, 0, sizeof(*a));
	a->n = n;
	a->mean = a->lo = a->hi = a->steady_diff = NAN;
	a->steady = -1;
	if (n == 0)
		return;
	bs_mean_sd(x, n, &a->mean, &sd);
	if (n == 1)
		a->mean = x[0];
	if (n >= 2 && isfinite(sd)) {
		double h = bs_t_halfwidth(sd, n, confidence);

		a->lo = a->mean - h;
		a->hi = a->mean + h;
	}
	/*
	 * Steady state as bstat --steady w judges it, with w = n/2: the
	 * means of the last two windows of w values within 2% of each
	 * other.  Fewer than 4 values make windows of one: unknown.
	 */
	w = n / 2;
	if (w >= 2) {
		for (i = n - 2 * w; i < n - w; i++)
			s1 += x[i];
		for (; i < n; i++)
			s2 += x[i];
		s1 /= (double)w;
		s2 /= (double)w;
		if (s1 != 0) {
			a->steady_diff = fabs(s2 - s1) / fabs(s1);
			a->steady = a->steady_diff < 0.02;
		}
	}
	/* Outlier candidates: beyond Tukey's inner fences (k = 1.5). */
	if (n >= 4 && bs_tukey_fences(x, n, 1.5, &f) == 0)
		for (i = 0; i < n; i++)
			switch (bs_classify(&f, x[i])) {
			case BS_OUT_LOW_MILD:
			case BS_OUT_HIGH_MILD:
				a->mild++;
				break;
			case BS_OUT_LOW_SEVERE:
			case BS_OUT_HIGH_SEVERE:
				a->severe++;
				break;
			default:
				break;
			}
}

/*
 * One side of a metric: from its values, or from the moments a summary
 * gave (bstat's output, hyperfine's CSV), which tell no steady state and
 * no outliers.
 */
static void
arm(const struct bs_metric *m, int cand, double confidence, struct bs_arm *a)
{
	double sd = cand ? m->sd_c : m->sd_b, h;

	if (!m->summary && (cand ? m->c : m->b) != NULL) {
		bs_arm_stats(cand ? m->c : m->b, cand ? m->nc : m->nb,
		    confidence, a);
		return;
	}
	bs_arm_stats(NULL, 0, confidence, a);
	a->n = cand ? m->nc : m->nb;
	a->mean = cand ? m->mean_c : m->mean_b;
	if (a->n >= 2 && isfinite(sd)) {
		h = bs_t_halfwidth(sd, a->n, confidence);
		a->lo = a->mean - h;
		a->hi = a->mean + h;
	}
}

/* "g1=v1 g2=v2 column" of a metric, into buf. */
void
bs_metric_label(const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_metric *m, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	if (m->vc != NULL)
		l += (size_t)snprintf(buf, len, "%s ", m->vc);
	for (size_t k = cmp->keyfrom; k < t->ngcols && l < len; k++)
		if ((long)k != cmp->keyskip)
			l += (size_t)snprintf(buf + l, len - l, "%s=%s ",
			    t->names[t->gcols[k]], m->key[k]);
	if (l < len)
		snprintf(buf + l, len - l, "%s", m->column);
	/* On one line, in a heading or a list item: a label's newline as
	 * \n (quoted CSV may hold one). */
	if (bs_has_ctl(buf)) {
		char *e = bs_escape_ctl(buf);

		if (e != NULL) {
			snprintf(buf, len, "%s", e);
			free(e);
		}
	}
}

static void
num(FILE *fp, double x)
{
	char b[64];

	bs_fmt_num(b, sizeof(b), x);
	fputs(b, fp);
}

static void
arm_row(FILE *fp, const struct bs_report_opts *o, const char *arm,
    const struct bs_arm *a)
{
	fprintf(fp, "| %s | %zu | %zu | ", arm, a->n, o->c->skip);
	num(fp, a->mean);
	fputs(" | ", fp);
	if (isfinite(a->lo)) {
		fputc('[', fp);
		num(fp, a->lo);
		fputs(", ", fp);
		num(fp, a->hi);
		fputc(']', fp);
	} else
		fputs("-", fp);
	fputs(" | ", fp);
	if (a->steady < 0)
		fputs(L(o, "unknown (n < 4)", "未知（n < 4）"), fp);
	else
		fprintf(fp, "%s (%.2f%%)", a->steady ? L(o, "yes", "是") :
		    L(o, "no", "否"), 100 * a->steady_diff);
	fprintf(fp, " | %zu / %zu |\n", a->mild, a->severe);
}

/* The sentence that concludes one metric. */
/* "; caveats: ..." after a conclusion, when something weakens it. */
static void
conclusion_caveats(const struct bs_metric *m, const struct bs_report_opts *o,
    char *buf, size_t len)
{
	char cav[768] = "";
	size_t l = strlen(buf);

	bs_report_caveats(m, o, 1, cav, sizeof(cav));
	if (cav[0] != '\0' && l < len)
		snprintf(buf + l, len - l, o->zh ? "；注意：%s" :
		    "; caveats: %s", cav);
}

void
bs_metric_conclusion(const struct bs_metric *m,
    const struct bs_report_opts *o, char *buf, size_t len)
{
	char ch[128], p[32];

	if (m->v == BS_V_MISSING) {
		snprintf(buf, len, "%s", L(o, "measured on one side only: no "
		    "comparison", "只在一侧测得：无法比较"));
		return;
	}
	if (m->nb == 1 || m->nc == 1) {
		snprintf(buf, len, "%s", L(o, "single observation, no "
		    "statistical inference", "单次观测，不做统计推断"));
		return;
	}
	bs_fmt_change(ch, sizeof(ch), m->change, m->change_lo, m->change_hi);
	bs_fmt_p(p, sizeof(p), m->p_adj);
	switch (m->v) {
	case BS_V_IMPROVED:
	case BS_V_REGRESSED:
		snprintf(buf, len, o->zh ? "%s：变化 %s，调整后 p %s%s，"
		    "超过阈值 %g%%" : "%s: changed by %s, adjusted p %s%s, "
		    "beyond the threshold of %g%%", m->v == BS_V_IMPROVED ?
		    L(o, "improved", "改进") : L(o, "regressed", "退化"), ch,
		    p[0] == '<' ? "" : "= ", p, 100 * m->threshold);
		break;
	case BS_V_UNCHANGED:
		snprintf(buf, len, o->zh ? "未变：变化 %s 在 ±%g%% 之内" :
		    "unchanged: the change %s lies within +-%g%%", ch,
		    100 * m->margin);
		break;
	default:
		snprintf(buf, len, o->zh ? "无定论：变化 %s，调整后 p %s%s" :
		    "inconclusive: change %s, adjusted p %s%s", ch, p[0] == '<' ?
		    "" : "= ", p);
		break;
	}
	conclusion_caveats(m, o, buf, len);
}

static void
envtable(FILE *fp, const struct bs_report_opts *o)
{
	const struct bs_meta *b = o->meta_b, *c = o->meta_c;
	size_t i;

	if ((b == NULL || b->n == 0) && (c == NULL || c->n == 0)) {
		fprintf(fp, "%s\n", L(o, "Neither input carries a fingerprint "
		    "(run `benv` and put its output before the results).",
		    "两个输入都没有环境指纹（运行 `benv`，把输出放在结果之前）。"));
		return;
	}
	fprintf(fp, "| %s | %s | %s | |\n|---|---|---|---|\n", L(o, "key",
	    "键"), L(o, "baseline", "基线"), L(o, "candidate", "候选"));
	for (i = 0; b != NULL && i < b->n; i++) {
		const char *cv = bs_meta_get(c, b->key[i]);
		int same = cv != NULL && strcmp(cv, b->val[i]) == 0;

		fputs("| ", fp);
		mdcell(fp, b->key[i]);
		fputs(" | ", fp);
		mdcell(fp, b->val[i]);
		fputs(" | ", fp);
		mdcell(fp, cv);
		fprintf(fp, " | %s |\n", same ? "" : bs_meta_kind(b->key[i]) ==
		    BS_MK_VOLATILE ? L(o, "varies", "易变") :
		    bs_meta_kind(b->key[i]) == BS_MK_PERF ? L(o, "**differs, "
		    "changes performance**", "**不同，影响性能**") :
		    L(o, "differs", "不同"));
	}
	for (i = 0; c != NULL && i < c->n; i++) {
		if (bs_meta_get(b, c->key[i]) != NULL)
			continue;
		fputs("| ", fp);
		mdcell(fp, c->key[i]);
		fputs(" | - | ", fp);
		mdcell(fp, c->val[i]);
		fprintf(fp, " | %s |\n", L(o, "candidate only", "仅候选"));
	}
}

/* The method of a metric's test: its own label (--stat's), else name. */
static const char *
test_label(const struct bs_report_opts *o, const struct bs_metric *m)
{
	const struct bs_method *mt = bs_cmp_method(o->c);
	const char *l = mt->label != NULL ? mt->label(m) : NULL;

	return l != NULL && *l != '\0' ? l : mt->name;
}

/*
 * The methodology's template, after the variables (issue 32 item 6):
 * the warm-up and steady-state criteria, the repetitions, the results
 * (each arm's table), the statistical test and the outliers' handling,
 * each a section of its own.
 */
static void
criteria(FILE *fp, const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o)
{
	char label[512];

	fprintf(fp, "\n## %s\n\n", L(o, "Warm-up and steady state",
	    "预热与稳态判据"));
	fprintf(fp, o->zh ? "预热：每组每侧跳过前 %zu 行（--skip）。稳态：后两个窗口"
	    "（各 n/2 个值）的均值相差在 2%% 之内（见结果表的稳态列）。\n" :
	    "Warm-up: the first %zu rows of every group and side skipped "
	    "(--skip). Steady state: the means of the last two windows of "
	    "n/2 values within 2%% (the results' steady state column).\n",
	    o->c->skip);
	fprintf(fp, "\n## %s\n\n", L(o, "Repetitions", "重复次数"));
	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];

		bs_metric_label(cmp, t, m, label, sizeof(label));
		fprintf(fp, o->zh ? "- %s：基线 %zu，候选 %zu\n" :
		    "- %s: baseline %zu, candidate %zu\n", label, m->nb, m->nc);
	}
}

/* The results: per metric each arm's repetitions, interval, steadiness. */
static void
results(FILE *fp, const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o)
{
	char label[512];

	fprintf(fp, "\n## %s\n", L(o, "Results", "结果"));
	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		struct bs_arm ab, ac;

		bs_metric_label(cmp, t, m, label, sizeof(label));
		fprintf(fp, "\n### %s\n\n", label);
		arm(m, 0, o->confidence, &ab);
		arm(m, 1, o->confidence, &ac);
		fprintf(fp, o->zh ? "| 组 | 重复次数 | 跳过预热 | 均值 | %g%% 置信区间 | "
		    "稳态 | 离群候选（轻度 / 严重） |\n" : "| arm | repetitions | "
		    "warm-up skipped | mean | %g%% CI | steady state | outlier "
		    "candidates (mild / severe) |\n", o->confidence);
		fputs("|---|---:|---:|---:|---|---|---|\n", fp);
		arm_row(fp, o, L(o, "baseline", "基线"), &ab);
		arm_row(fp, o, L(o, "candidate", "候选"), &ac);
	}
}

/*
 * The statistical test: the method and adjustment, then per metric its
 * result; then how outliers were handled.
 */
static void
tests(FILE *fp, const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o)
{
	char label[512], buf[512];
	size_t i;

	fprintf(fp, "\n## %s\n\n", L(o, "Statistical test", "统计检验"));
	fprintf(fp, o->zh ? "检验：%s；p 值经 %s 调整；显著性水平 %g；区间置信度 "
	    "%g%%。\n" : "Test: %s; p adjusted by %s; alpha %g; intervals at "
	    "%g%%.\n", bs_cmp_method(o->c)->name, o->c->adjust ==
	    BS_ADJ_HOLM ? "Holm" : o->c->adjust == BS_ADJ_BH ?
	    "Benjamini-Hochberg" : L(o, "nothing", "无"), o->c->alpha,
	    o->confidence);
	for (i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		char p[32];

		bs_metric_label(cmp, t, m, label, sizeof(label));
		fprintf(fp, "\n### %s\n\n", label);
		if (m->nb < 2 || m->nc < 2 || m->v == BS_V_MISSING)
			fprintf(fp, "%s\n", L(o, "No test: single observation, "
			    "no statistical inference.", "未检验：单次观测，"
			    "不做统计推断。"));
		else {
			bs_fmt_p(p, sizeof(p), m->p);
			fprintf(fp, o->zh ? "- 检验：%s，统计量 %.4g，p %s%s" :
			    "- test: %s, statistic %.4g, p %s%s", test_label(o, m),
			    m->stat, p[0] == '<' ? "" : "= ", p);
			bs_fmt_p(p, sizeof(p), m->p_adj);
			fprintf(fp, o->zh ? "（调整后 %s）\n" : " (adjusted %s)\n",
			    p);
			bs_fmt_change(buf, sizeof(buf), m->change, m->change_lo,
			    m->change_hi);
			fprintf(fp, o->zh ? "- 变化：%s\n" : "- change: %s\n", buf);
			fprintf(fp, o->zh ? "- 效应量：Cohen's d = %.2f，Cliff's "
			    "delta = %.2f\n" : "- effect size: Cohen's d = %.2f, "
			    "Cliff's delta = %.2f\n", m->d, m->delta);
		}
		buf[0] = '\0';
		bs_report_caveats(m, o, 1, buf, sizeof(buf));
		if (buf[0] != '\0')
			fprintf(fp, o->zh ? "- 注意：%s\n" : "- caveats: %s\n",
			    buf);
	}
	fprintf(fp, "\n## %s\n\n%s\n", L(o, "Outlier handling",
	    "离群值处理"),
	    L(o, "Outlier candidates: values beyond Tukey's fences (k = 1.5), "
	    "mild / severe, counted in the results; all kept, none dropped.",
	    "离群候选：Tukey 栅栏（k = 1.5）之外的值（轻度 / 严重），计数见结果表；"
	    "均保留，未剔除。"));
}

/*
 * The experiment's id: FNV-1a (32 bits) over the inputs' names, the
 * variant and both fingerprints, so that the same experiment on the
 * same machines gets the same id and a record can be cited by it.
 */
static void
fnv(uint32_t *h, const char *s)
{
	for (; s != NULL && *s != '\0'; s++) {
		*h ^= (unsigned char)*s;
		*h *= 16777619u;
	}
	*h ^= 0xff;
	*h *= 16777619u;
}

static uint32_t
record_id(const struct bs_report_opts *o)
{
	const struct bs_meta *side[2] = { o->meta_b, o->meta_c };
	uint32_t h = 2166136261u;

	fnv(&h, o->name_b);
	fnv(&h, o->name_c);
	fnv(&h, o->variant);
	fnv(&h, o->vbase);
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; side[k] != NULL && i < side[k]->n; i++) {
			/* Load and dates vary from run to run: not the id's. */
			if (bs_meta_kind(side[k]->key[i]) == BS_MK_VOLATILE)
				continue;
			fnv(&h, side[k]->key[i]);
			fnv(&h, side[k]->val[i]);
		}
	return h;
}

int
bs_record_write(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o)
{
	struct bs_metadiff *d = NULL;
	const char **same = NULL;
	size_t nd = 0, ns = 0, i, k;
	char label[512], buf[512];
	const char *nb = o->variant ? o->vbase : o->name_b ? o->name_b :
	    "baseline", *nc = o->name_c ? o->name_c : "candidate";

	if (bs_meta_diff(o->meta_b, o->meta_c, &d, &nd) == -1 ||
	    bs_meta_same(o->meta_b, o->meta_c, &same, &ns) == -1) {
		free(d);
		errno = ENOMEM;
		return -1;
	}
	fprintf(fp, "# %s\n\n", L(o, "Experiment record", "实验记录"));
	fprintf(fp, "## %s\n\n", L(o, "Experiment", "实验编号"));
	fprintf(fp, "%s `%08" PRIx32 "`\n\n", L(o, "Id:", "编号："),
	    record_id(o));
	if (o->variant != NULL) {
		fprintf(fp, o->zh ? "%s=%s 相对于基线 %s=%s 是否改变了指标？\n\n" :
		    "Did %s=%s change the metrics against the baseline %s=%s?\n\n",
		    o->variant, o->nvc == 1 ? o->vc[0] : "…", o->variant,
		    o->vbase);
		nc = o->nvc == 1 ? o->vc[0] : "candidates";
	} else
		fprintf(fp, o->zh ? "候选 `%s` 相对于基线 `%s` 是否改变了指标？\n\n" :
		    "Did the candidate `%s` change the metrics against the "
		    "baseline `%s`?\n\n", nc, nb);

	fprintf(fp, "## %s\n\n", L(o, "Environment fingerprint",
	    "环境指纹"));
	envtable(fp, o);
	for (i = k = 0; i < nd; i++)
		k += d[i].kind == BS_MK_PERF;
	if (k > 0)
		fprintf(fp, "\n%s\n", L(o, "**Warning:** the two sides ran on "
		    "machines that differ in what changes performance: the "
		    "comparison mixes the change with the machine.",
		    "**警告：** 两侧运行环境在影响性能的方面不同：比较结果混入了机器差异。"));

	fprintf(fp, "\n## %s\n\n", L(o, "Independent variables", "自变量"));
	fprintf(fp, "- %s: %s → %s\n", o->variant ? o->variant :
	    L(o, "input", "输入"), nb, nc);
	for (k = cmp->keyfrom; k < t->ngcols; k++)
		if ((long)k != cmp->keyskip)
			fprintf(fp, o->zh ? "- `%s`（分组列：每个值单独比较）\n" :
			    "- `%s` (grouping column: each value compared on "
			    "its own)\n", t->names[t->gcols[k]]);
	for (i = 0; i < nd; i++)
		fprintf(fp, o->zh ? "- `%s`（环境，未受控：%s → %s）\n" :
		    "- `%s` (environment, not controlled: %s → %s)\n", d[i].key,
		    d[i].b ? d[i].b : "-", d[i].c ? d[i].c : "-");

	fprintf(fp, "\n## %s\n\n", L(o, "Controlled variables", "控制变量"));
	if (ns == 0)
		fprintf(fp, "%s\n", L(o, "None recorded: no metadata key is "
		    "equal on both sides.", "无记录：没有两侧相同的元数据键。"));
	for (i = 0; i < ns; i++) {
		fprintf(fp, "- `%s` = ", same[i]);
		mdcell(fp, bs_meta_get(o->meta_b, same[i]));
		fputc('\n', fp);
	}

	criteria(fp, cmp, t, o);
	results(fp, cmp, t, o);
	tests(fp, cmp, t, o);

	fprintf(fp, "\n## %s\n\n", L(o, "Conclusions", "结论"));
	for (i = 0; i < cmp->n; i++) {
		bs_metric_label(cmp, t, &cmp->m[i], label, sizeof(label));
		bs_metric_conclusion(&cmp->m[i], o, buf, sizeof(buf));
		fprintf(fp, "- **%s**: %s\n", label, buf);
	}
	if (nd > 0) {
		fprintf(fp, "\n%s", L(o, "The environments differ in:",
		    "环境不同之处："));
		for (i = 0; i < nd; i++)
			fprintf(fp, "%s`%s`", i ? ", " : " ", d[i].key);
		fprintf(fp, "%s\n", L(o, ".", "。"));
	}
	free(d);
	free(same);
	return ferror(fp) ? -1 : 0;
}
