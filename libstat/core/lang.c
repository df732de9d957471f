/*
 * The words the tools and the charts write for people, in the language
 * --lang chose (issue 32 item 6): one table, English to Chinese, looked
 * up by the English text itself, so that a string in a tool, in the
 * report layer or in plots/ is one wrapped call, bs_tr("...").  A text
 * the table lacks comes back in English.  Machine output (csv, tsv,
 * json, the column names of the result tables) never goes through it:
 * scripts read the same names in every language.
 */
#include <stddef.h>
#include <string.h>

#include "libstat.h"

static enum bs_lang lang = BS_LANG_EN;

/*
 * English, then Chinese.  A format keeps its conversions, in the same
 * order, in both.  Searched linearly: a few dozen rows, looked up once
 * per label or line written, never per value.
 */
static const struct {
	const char *en, *zh;
} msgs[] = {
	/* Verdicts and effect sizes (bcompare's table, md, html). */
	{ "improved", "改进" },
	{ "regressed", "退化" },
	{ "unchanged", "未变" },
	{ "inconclusive", "无定论" },
	{ "missing", "缺失" },
	{ "\xe2\x9c\x85 improved", "\xe2\x9c\x85 改进" },
	{ "\xe2\x9d\x8c regressed", "\xe2\x9d\x8c 退化" },
	{ "\xe2\x9e\x96 unchanged", "\xe2\x9e\x96 未变" },
	{ "\xe2\x9d\x94 inconclusive", "\xe2\x9d\x94 无定论" },
	{ "\xe2\x9a\xaa missing", "\xe2\x9a\xaa 缺失" },
	{ "%s (%s)", "%s（%s）" },
	{ "negligible", "可忽略" },
	{ "small", "小" },
	{ "medium", "中" },
	{ "large", "大" },
	/* Headings of the tables for people. */
	{ "baseline", "基线" },
	{ "candidate", "候选" },
	{ "baseline (%s)", "基线（%s）" },
	{ "candidate (%s)", "候选（%s）" },
	{ "%s (%s \xc2\xb1 %s)", "%s（%s \xc2\xb1 %s）" },
	{ "change [%g%% CI]", "变化 [%g%% 置信区间]" },
	{ "%g%% CI", "%g%% 置信区间" },
	{ "effect", "效应" },
	{ "verdict", "结论" },
	{ "note", "备注" },
	{ "column", "列" },
	{ "mean", "均值" },
	{ "median", "中位数" },
	{ "\xc2\xb1 CI", "\xc2\xb1 置信区间" },
	{ "min", "最小值" },
	{ "max", "最大值" },
	{ "sd", "标准差" },
	/* The md report. */
	{ "### `%s` (%s is better)\n\n", "### `%s`（越%s越好）\n\n" },
	{ "higher", "高" },
	{ "lower", "低" },
	{ "\n**Caveats**\n\n", "\n**注意**\n\n" },
	{ "\nGeometric mean of the changes%s%s: %s (%zu metrics).\n",
	    "\n变化的几何平均%s%s：%s（%zu 个指标）。\n" },
	{ "%s%zu %s", "%s%zu 个%s" },
	/* Charts (bplot): axis defaults, legends, notes. */
	{ "Cumulative fraction", "累积比例" },
	{ "%s (no data)", "%s（无数据）" },
	{ "count", "计数" },
	{ "density", "密度" },
	{ "box: quartiles and median; whiskers: most extreme values "
	    "within %g IQR; points: beyond",
	    "箱：四分位数与中位数；须：%g IQR 之内最极端的值；点：其外的值" },
	{ "error bars: %g%% CI of the mean", "误差线：均值的 %g%% 置信区间" },
	{ "error bars: the intervals given", "误差线：输入给出的区间" },
	{ "error bars: %g%% CI %s", "误差线：%g%% 置信区间 %s" },
	{ "error bars: the input's intervals (level not stated)",
	    "误差线：输入的区间（未说明置信水平）" },
	{ "line: moving median of %d runs", "线：%d 次运行的移动中位数" },
	/* %.0s: Chinese has no plural; the argument is read, not shown. */
	{ "warm-up: the %zu run%s --skip drops",
	    "预热：--skip 去掉的 %zu 次运行%.0s" },
	{ "bars: means of the two windows --steady %zu compares",
	    "条：--steady %zu 比较的两个窗口的均值" },
	{ "shaded: the runs before the steady state (--steady auto)",
	    "阴影：稳态之前的运行（--steady auto）" },
	{ "%s: %s, steady from run %zu", "%s：%s，从第 %zu 次运行起稳定" },
	{ "flat", "平稳" },
	{ "warm-up", "预热" },
	{ "slowdown", "变慢" },
	{ "no steady state", "无稳态" },
	{ "regression", "退化" },
	{ "improvement", "改进" },
	{ "%s fit, %g%% band", "%s 拟合，%g%% 置信带" },
	{ "%s fit", "%s 拟合" },
	{ "linear scaling \xce\xbb" "N", "线性扩展 \xce\xbb" "N" },
	{ "ceiling \xce\xbb/\xce\xb1", "上限 \xce\xbb/\xce\xb1" },
	{ "peak N* of the fit", "拟合的峰值 N*" },
	/* Notes the tools write. */
	{ "note: %s: single observation: no statistical inference",
	    "note: %s：单次观测，不做统计推断" },
	{ "%s: %s %s %s | %s %s: %zu of %zu flagged (%.1f%%): %zu "
	    "low-severe, %zu low-mild, %zu high-mild, %zu high-severe",
	    "%s：%s %s %s | %s %s：标记 %zu 个（共 %zu 个，%.1f%%）：低侧严重 "
	    "%zu，低侧轻度 %zu，高侧轻度 %zu，高侧严重 %zu" },
	{ "fences", "栅栏" },
	{ "limits", "界限" },
	{ "no change point in %zu revisions", "%zu 个修订中没有变化点" },
};

void
bs_lang_set(enum bs_lang l)
{
	lang = l;
}

enum bs_lang
bs_lang_get(void)
{
	return lang;
}

const char *
bs_tr(const char *en)
{
	if (lang != BS_LANG_ZH || en == NULL)
		return en;
	for (size_t i = 0; i < sizeof(msgs) / sizeof(msgs[0]); i++)
		if (strcmp(msgs[i].en, en) == 0)
			return msgs[i].zh;
	return en;
}
