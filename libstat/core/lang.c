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
	{ "throughput", "吞吐量" },
	{ "errors", "错误数" },
	{ "error_rate", "错误率" },
	{ "error_lo", "错误率下限" },
	{ "error_hi", "错误率上限" },
	{ "units", "单元数" },
	{ "target", "目标" },
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
	{ "error bars: %g%% CI %s", "误差线：%g%% 置信区间%s" },
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
	/* Warnings and notes on standard error ("PROG: warning: " stays). */
	{ "note: %s: the medians agree (the shift function's interval at the "
	    "median holds 0) but decile%s %s differ%s: the tails or the spread "
	    "changed",
	    "note: %s：中位数一致（位移函数在中位数处的区间包含 0），但第%.0s "
	    "%s 个十分位数不同%.0s：尾部或离散程度变了" },
	{ "note: %s: fewer than 10 values on a side: the shift function's "
	    "intervals may not hold together at 95%%",
	    "note: %s：一侧少于 10 个值：位移函数的各区间未必同时达到 95%%" },
	{ "note: %s: more than %d values on a side: the shift function's "
	    "standard errors are the jackknife's (Harrell and Davis 1982), "
	    "not the bootstrap's",
	    "note: %s：一侧多于 %d 个值：位移函数的标准误取自刀切法（Harrell 与 "
	    "Davis 1982），而非自助法" },
	{ "warning: %s: %s runs trend over run order (%+.1f%% from first to "
	    "last run, slope p %.2g): a drift of the machine may be the change; "
	    "interleave the two sides",
	    "warning: %s：%s运行随顺序有趋势（首末之间 %+.1f%%，斜率 p %.2g）："
	    "变化可能是机器的漂移；请交错运行两侧" },
	{ "note: %s: no value in either input: left out",
	    "note: %s：两个输入中都没有值：略去" },
	{ "warning: %s: only in the %s: verdict missing",
	    "warning: %s：仅见于%s：结论缺失" },
	{ "warning: %s: fewer than 2 values on a side (%zu baseline, %zu "
	    "candidate): no test",
	    "warning: %s：一侧少于 2 个值（基线 %zu 个，候选 %zu 个）：不做检验" },
	{ "warning: %s: %zu baseline and %zu candidate %s (units of "
	    "replication): run at least 10",
	    "warning: %s：基线 %zu 个、候选 %zu 个%s（重复单元）：至少运行 10 个" },
	{ "warning: %s: %zu baseline and %zu candidate values: run at least 10 "
	    "repetitions",
	    "warning: %s：基线 %zu 个值、候选 %zu 个值：至少重复 10 次" },
	{ "warning: %s: every value on each side is identical: no spread",
	    "warning: %s：每一侧的值都相同：无离散" },
	{ "warning: %s: with %zu and %zu values the %s test cannot reach p < %g "
	    "(smallest p %.3g): add repetitions",
	    "warning: %s：%zu 和 %zu 个值时 %s 检验达不到 p < %g（可能的最小 p 为 "
	    "%.3g）：请增加重复次数" },
	{ "baseline and candidate look multimodal (mvalue %.2f and %.2f)",
	    "基线和候选看似多峰（mvalue %.2f 和 %.2f）" },
	{ "%s looks multimodal (mvalue %.2f)", "%s看似多峰（mvalue %.2f）" },
	{ "warning: %s: the %s: a mean hides the modes; compare medians and "
	    "percentiles (--test mwu, --stat pNN)",
	    "warning: %s：%s：均值掩盖了峰；请比较中位数和百分位数（--test mwu、"
	    "--stat pNN）" },
	{ "warning: %zu more metrics %s", "warning: 另有 %zu 个指标%s" },
	{ "in one input only", "只在一个输入中" },
	{ "with fewer than 2 values on a side", "一侧少于 2 个值" },
	{ "with fewer than 10 values on a side", "一侧少于 10 个值" },
	{ "without spread", "无离散" },
	{ "whose rank test cannot reach alpha", "秩检验达不到 alpha" },
	{ "with autocorrelated baseline runs", "基线运行自相关" },
	{ "with autocorrelated candidate runs", "候选运行自相关" },
	{ "that look multimodal", "看似多峰" },
	{ "whose baseline runs trend", "基线运行有趋势" },
	{ "whose candidate runs trend", "候选运行有趋势" },
	{ "note: %s: compared at the unit of replication: %s vs %s (%s)",
	    "note: %s：按重复单元比较：%s 对 %s（%s）" },
	{ "the values", "各个值" },
	{ "the percentiles of the values, the interval by resampling the units",
	    "百分位数取自各个值，区间按单元重抽样" },
	{ "the methods take the units' means", "各方法取单元的均值" },
	{ "%s: environment differs in %s%s: %s -> %s",
	    "%s: 环境不同：%s%s：%s -> %s" },
	{ ", which changes performance", "，它影响性能" },
	{ "(none)", "（无）" },
	{ "note: replicated by %s (the format's nesting); --replicate '' "
	    "treats every value as a run",
	    "note: 按 %s 分重复单元（该格式的嵌套）；--replicate '' 把每个值当作一次运行" },
	{ "%zu %s, %zu values", "%zu 个 %s，%zu 个值" },
	{ "warning: %s: one %s: no interval across %s; its %zu values taken as "
	    "runs (the interval is too narrow if they are not)",
	    "warning: %s：只有一个 %s：无法给出跨 %s 的区间；其 %zu 个值当作运行"
	    "（若它们并非独立运行，区间会过窄）" },
	{ "warning: %s: %s are positively autocorrelated (r1 = %.*f > %.*f): "
	    "they are not independent; intervals are too narrow and p-values "
	    "too small",
	    "warning: %s：%s正自相关（r1 = %.*f > %.*f）：并不独立；区间过窄，"
	    "p 值过小" },
	{ "warning: %s: %s are negatively autocorrelated (r1 = %.*f < -%.*f): "
	    "they are not independent; intervals are too wide and p-values too "
	    "large",
	    "warning: %s：%s负自相关（r1 = %.*f < -%.*f）：并不独立；区间过宽，"
	    "p 值过大" },
	{ "baseline runs", "基线运行" },
	{ "candidate runs", "候选运行" },
	/* bstat's notes. */
	{ "note: grouped by %s (the benchmarks of the input); %s pools them",
	    "note: 按 %s 分组（输入中的各个基准）；%s 把它们合在一起" },
	{ "note: %s: no values (n = 0)", "note: %s：没有值（n = 0）" },
	{ "note: %s: fewer than 2 x %zu samples: steady state not judged",
	    "note: %s：样本少于 2 x %zu 个：不判定稳态" },
	{ "warning: %s: looks multimodal (mvalue %.2f >= %.1f): a mean hides "
	    "the modes; split the runs, or compare medians and percentiles",
	    "warning: %s：看似多峰（mvalue %.2f >= %.1f）：均值掩盖了峰；"
	    "请拆分运行，或比较中位数和百分位数" },
	{ "note: %s: p%g at %g%% needs at least %zu values for an interval "
	    "(%zu here)",
	    "note: %s：p%g 的 %g%% 区间至少需要 %zu 个值（此处 %zu 个）" },
	{ "note: %zu group and column pairs that no row has left out",
	    "note: 略去 %zu 个没有任何行的分组与列组合" },
	{ "note: %zu more series with a single observation: no statistical "
	    "inference", "note: 另有 %zu 个序列只有单次观测：不做统计推断" },
	{ "note: %zu more series with no values (n = 0)",
	    "note: 另有 %zu 个序列没有值（n = 0）" },
	{ "note: mvalue left empty for %zu series with fewer than %d values "
	    "(too few for its histogram)",
	    "note: %zu 个序列少于 %d 个值，mvalue 留空（直方图所需的值太少）" },
	{ "warning: %zu more series look multimodal",
	    "warning: 另有 %zu 个序列看似多峰" },
	{ "note: %zu more series with fewer than %zu values: no interval of "
	    "p%g at %g%%",
	    "note: 另有 %zu 个序列少于 %zu 个值：没有 p%g 的 %g%% 区间" },
	{ "hint: %s: the first samples sit far from the rest (warm-up?); "
	    "consider --skip",
	    "hint: %s：最初的样本远离其余样本（预热？）；可考虑 --skip" },
	{ "hint: %zu series (%s, ...): the first samples sit far from the rest "
	    "(warm-up?); consider --skip",
	    "hint: %zu 个序列（%s 等）：最初的样本远离其余样本（预热？）；"
	    "可考虑 --skip" },
	{ "warning: %s keeps no values: the format's nesting (%s) is not used, "
	    "every value is taken as a run (the interval is too narrow if they "
	    "are not)",
	    "warning: %s 不保留各个值：不使用该格式的嵌套（%s），每个值都当作一次"
	    "运行（若它们并非独立运行，区间会过窄）" },
	{ "note: q1, median, q3 and percentiles from a sketch: each within "
	    "+-%g%% (relative) of R's quantile(type = 1); n exact; mean, min and "
	    "max estimated from the buckets of DDSketch input (within +-%g%% for "
	    "values of one sign), sd from them too (not bounded relative to "
	    "itself)",
	    "note: q1、中位数、q3 和百分位数来自草图：与 R 的 quantile(type = 1) "
	    "相差均在 \xc2\xb1%g%%（相对）之内；n 精确；均值、最小值和最大值由 "
	    "DDSketch 输入的桶估计（同号的值在 \xc2\xb1%g%% 之内），标准差也由桶"
	    "估计（相对于自身没有界）" },
	{ "note: q1, median, q3 and percentiles from a sketch: each within "
	    "+-%g%% (relative) of R's quantile(type = 1); n, mean, sd, min and "
	    "max exact",
	    "note: q1、中位数、q3 和百分位数来自草图：与 R 的 quantile(type = 1) "
	    "相差均在 \xc2\xb1%g%%（相对）之内；n、均值、标准差、最小值和最大值"
	    "精确" },
	{ "note: the input holds summaries (n, mean, sd): passed through with "
	    "the median, min and max they state; other order statistics need "
	    "the values",
	    "note: 输入是汇总（n、均值、标准差）：连同其给出的中位数、最小值和最大值"
	    "原样输出；其他次序统计量需要原始值" },
	{ "note: %s: %ssteady state: flat (no change point in %zu %s)",
	    "note: %s：%s稳态：平稳（%zu 个%s中没有变化点）" },
	{ "note: %s: %ssteady state: none (%zu segments; the last from %s holds "
	    "under a quarter of the %zu %s)",
	    "note: %s：%s稳态：无（%zu 段；始于%s的最后一段不足 %zu 个%s的"
	    "四分之一）" },
	{ "note: %s: %ssteady state: %s, from %s (%zu segments in %zu %s)",
	    "note: %s：%s稳态：%s，始于%s（%zu 段，共 %zu 个%s）" },
	{ "flat", "平稳" },
	{ "warm-up", "预热" },
	{ "slowdown", "变慢" },
	{ "no steady state", "无稳态" },
	{ "run %zu", "第 %zu 次运行" },
	{ "window %g s", "%g 秒处的窗口" },
	{ "the windows' medians: ", "各窗口的中位数：" },
	{ "windows", "窗口" },
	{ "note: %s: %s: the mean and its interval over the %s' means, the "
	    "other statistics over every value",
	    "note: %s：%s：均值及其区间取自各 %s 的均值，其他统计量取自每个值" },
	{ "note: %zu series replicated by %s (%s: %s): the mean and its "
	    "interval over the %s' means, the other statistics over every value",
	    "note: %zu 个序列按 %s 分重复单元（%s：%s）：均值及其区间取自各 %s "
	    "的均值，其他统计量取自每个值" },
	{ "note: %s: time stamps out of order: each window takes its rows in "
	    "time order%s",
	    "note: %s：时间戳乱序：每个窗口按时间顺序取其行%s" },
	{ " (a sketch counts them in any order)", "（草图按任意顺序计数）" },
	{ "note: q1, median, q3 and percentiles of each window from a sketch: "
	    "each within +-%g%% (relative) of R's quantile(type = 1); n, mean, "
	    "sd, min, max, throughput and the rates exact",
	    "note: 每个窗口的 q1、中位数、q3 和百分位数来自草图：与 R 的 "
	    "quantile(type = 1) 相差均在 \xc2\xb1%g%%（相对）之内；n、均值、标准差、"
	    "最小值、最大值、吞吐量和各比率精确" },
	/* btrend's table for people and its notes. */
	{ "metric", "指标" },
	{ "kind", "类型" },
	{ "status", "状态" },
	{ "before", "之前" },
	{ "after", "之后" },
	{ "revisions", "修订数" },
	{ "step", "阶跃" },
	{ "outlier", "离群" },
	{ "drift", "漂移" },
	{ "confirmed", "已确认" },
	{ "provisional", "暂定" },
	{ "moved", "已移动" },
	{ "withdrawn", "已撤回" },
	{ "moved (was %s)", "已移动（原为 %s）" },
	{ "drift to %s (%s/rev [%s, %s])", "漂移至 %s（每修订 %s [%s, %s]）" },
	{ "too short to test: %zu revision%s, %zu needed",
	    "太短，无法检验：%zu 个修订%.0s，需要 %zu 个" },
	{ "no change point since %s (%zu before)",
	    "%s 以来没有变化点（此前 %zu 个）" },
	{ "no change point in the last %zu revisions (%zu before)",
	    "最近 %zu 个修订中没有变化点（此前 %zu 个）" },
	{ "warning: the rows are not in order of %s: revisions sorted by it",
	    "warning: 各行未按 %s 排序：已按它对修订排序" },
	{ "warning: %s=%s: rows of this revision lie apart in the input (a "
	    "history appended twice?): taken together as its repetitions",
	    "warning: %s=%s：这一修订的行在输入中不相邻（历史被追加了两次？）："
	    "合在一起作为它的重复" },
	{ "note: %zu more series too short to test",
	    "note: 另有 %zu 个序列太短，无法检验" },
	{ "note: %zu more series without a change point",
	    "note: 另有 %zu 个序列没有变化点" },
	/* bplot's findings on standard error (--slo, --little, --limit). */
	{ "slo %s: met up to %s, %s %s at %s %s%s%s%s%s",
	    "SLO %s：直到 %s 均满足，%s 为 %s 时 %s 为 %s%s%s%s%s" },
	{ "upper bound ", "上界 " },
	{ "lower bound ", "下界 " },
	{ "slo %s: met at %s: not contiguous, broken at %s between them",
	    "SLO %s：在 %s 满足：不连续，其间的 %s 未满足" },
	{ "slo %s: met at %s", "SLO %s：在 %s 满足" },
	{ "%s saturated from %s (flat within its intervals from there on): "
	    "best level %s, %s %s, the lowest saturated one meeting the slo",
	    "%s 从 %s 起饱和（此后在区间内持平）：最佳水平 %s，%s 为 %s，"
	    "即满足 SLO 的最低饱和水平" },
	{ "note: throughput falls from %s to %s while %s rises: a closed-loop "
	    "load tool waits for each answer and sends less while the system is "
	    "slow (coordinated omission), so its percentiles are understated; "
	    "measure at a constant rate (wrk2) or correct the histogram "
	    "(HdrHistogram's expected interval)",
	    "note: 吞吐量从 %s 到 %s 下降而 %s 上升：闭环压测工具等待每个应答，"
	    "系统变慢时发送得更少（协调遗漏），因此其百分位数被低估；请以恒定速率"
	    "测量（wrk2）或校正直方图（HdrHistogram 的 expected interval）" },
	{ "slo %s: out of memory", "SLO %s：内存不足" },
	{ "slo %s: no level meets it", "SLO %s：没有水平满足它" },
	{ "slo %s: no level breaks it", "SLO %s：没有水平违反它" },
	{ "slo %s: first broken at %s, %s %s at %s %s",
	    "SLO %s：首次在 %s 违反，%s 为 %s 时 %s 为 %s" },
	{ "little: %s: N %s but X\xc2\xb7R %s, %s %s: %s",
	    "Little 定律：%s：N 为 %s 而 X\xc2\xb7R 为 %s，相差 %s，偏%s：%s" },
	{ "fewer", "少" },
	{ "more", "多" },
	{ "think time, client-side queueing or coordinated omission in the "
	    "load tool", "思考时间、客户端排队或压测工具的协调遗漏" },
	{ "more requests in flight than N (an open-loop load, or latencies "
	    "corrected for coordinated omission)",
	    "在途请求多于 N（开环负载，或已校正协调遗漏的延迟）" },
	{ "little: N and X\xc2\xb7R agree within 10%% at all %zu levels",
	    "Little 定律：全部 %zu 个水平上 N 与 X\xc2\xb7R 相差在 10%% 之内" },
	{ "warning: %s: %s %s is beyond the limit %s",
	    "warning: %s：%s %s 超出界限 %s" },
	/* Charts: legends, notes and axis defaults (bplot). */
	{ "limit", "界限" },
	{ "%s (n\xc2\xa0=\xc2\xa0%zu): median\xc2\xa0%s%s%s, mean\xc2\xa0%s%s%s",
	    "%s（n\xc2\xa0=\xc2\xa0%zu）：中位数\xc2\xa0%s%s%s，均值\xc2\xa0%s%s%s" },
	{ "width: kernel density, one scale for all",
	    "宽度：核密度，各组同一比例" },
	{ "best level within the SLO", "满足 SLO 的最佳水平" },
	{ "first level past the SLO", "首个超出 SLO 的水平" },
	{ "beyond the limit", "超出界限" },
	{ "N \xe2\x89\xa0 X\xc2\xb7R (Little's law, > 10%)",
	    "N \xe2\x89\xa0 X\xc2\xb7R（Little 定律，相差 > 10%）" },
	{ "\xe2\x96\xb2 better", "\xe2\x96\xb2 更好" },
	{ "\xe2\x96\xbc better", "\xe2\x96\xbc 更好" },
	{ "no data", "无数据" },
	{ "cells: 1 s \xc3\x97 %d ms of the offset in it",
	    "单元格：1 秒 \xc3\x97 秒内偏移 %d 毫秒" },
	{ "cells: %g s \xc3\x97 %d latency buckets a decade (\xc3\x97" "1.259)",
	    "单元格：%g 秒 \xc3\x97 每十倍 %d 个延迟桶（\xc3\x97" "1.259）" },
	{ "colour: log10(1 + count), max %g",
	    "颜色：log10(1 + 请求数)，最大 %g" },
	{ "p99 of each column", "每列的 p99" },
	{ "p50 (white)", "p50（白线）" },
	{ "%zu above --ymax %g left out of the cells, not of p50 and p99",
	    "%zu 个高于 --ymax %g，不入格子，仍计入 p50 和 p99" },
	{ "offset in the second (ms)", "秒内偏移（ms）" },
	{ "time (s from the first column)", "时间（自第一列起的秒数）" },
	/* bplot --steady auto's shading, .hlog charts (latmap.c, timeline.c) */
	{ "%s%s%s to %g s", "%s%s%s至 %g 秒" },
	{ "%s%s--steady auto: no steady state (%zu segments in %zu windows), "
	    "none shaded", "%s%s--steady auto：无稳态（%zu 段，共 %zu 个窗口），"
	    "未加阴影" },
	{ "%s%s--steady auto: flat (no change point in %zu windows), none "
	    "shaded", "%s%s--steady auto：平稳（%zu 个窗口中无变化点），未加阴影" },
	{ "shaded: before steady state (--steady auto, %zu window%s)",
	    "阴影：稳态之前（--steady auto，%zu 个窗口）%.0s" },
	{ "%zu requests of %zu intervals at the histograms' bucket values "
	    "(their precision)", "%zu 个请求，%zu 个区间，取直方图的桶值（其精度）" },
	{ "latency (the recorder's unit)", "延迟（记录器的单位）" },
	{ "the log's intervals (%.3g to %.3g s), each run from its start",
	    "日志的区间（%.3g 至 %.3g 秒），每次运行从其开始计" },
	{ "p50, p90, p99: the histograms' bucket values (their precision)",
	    "p50、p90、p99：直方图的桶值（其精度）" },
	{ "%g%% interval of each percentile (order statistics)",
	    "每个百分位数的 %g%% 区间（次序统计量）" },
	{ "percentile", "百分位" },
	{ "last %zu vs previous %zu: %.1f%%", "最后 %zu 次对比之前 %zu 次：%.1f%%" },
	{ "run", "运行序号" },
	{ "%s%spoor fit (R\xc2\xb2 %.3f)", "%s%s拟合不佳（R\xc2\xb2 %.3f）" },
	{ "%s%spoor fit (\xce\xbb %.0f%% off N\xc2\xa0=\xc2\xa0" "1)",
	    "%s%s拟合不佳（\xce\xbb 与 N\xc2\xa0=\xc2\xa0" "1 处相差 %.0f%%）" },
	{ "%s%speak N* %s beyond the data (extrapolated)",
	    "%s%s峰值 N* %s 超出数据范围（外推）" },
	{ "series %zu", "序列 %zu" },
	{ " (extrap.)", "（外推）" },
	{ "of the mean", "（均值）" },
	{ "thousands", "千" },
	{ "millions", "百万" },
	{ "billions", "十亿" },
	{ "trillions", "万亿" },
	{ "windows of %g s, each run from its start",
	    "窗口 %g 秒，每次运行从其开始计" },
	{ "time (s from each run's start)", "时间（自每次运行开始的秒数）" },
	{ "req/s", "请求/秒" },
	{ "errors (%)", "错误 (%)" },
	{ "time (%s)", "时间（%s）" },
	{ "size (%s)", "大小（%s）" },
	{ "%s%s revisions, ~%s a pixel column: its range light, its middle "
	    "half darker",
	    "%s%s 个修订，每像素列约 %s 个：浅色为其范围，深色为其中间一半" },
	{ "up to ", "至多 " },
	{ "outlier revisions: %s (too many to ring: a dot each%s)",
	    "离群修订：%s（太多，无法逐个圈出：各画一点%s）" },
	{ ", red worse, green better", "，红色变差，绿色变好" },
	{ "change labels: %zu of %zu left out where they would overlap "
	    "(every change keeps its line)",
	    "变化标签：省略 %zu 个（共 %zu 个），以免重叠（每个变化保留其线）" },
	{ "each revision: mean, %g%% CI of its runs",
	    "每个修订：均值及其运行的 %g%% 置信区间" },
	{ "revision", "修订" },
	/* bplot shift: the legend and the axes. */
	{ "%s \xe2\x88\x92 %s at each decile (n\xc2\xa0=\xc2\xa0%zu, %zu), "
	    "simultaneous 95%% intervals",
	    "各十分位数处的 %s \xe2\x88\x92 %s（n\xc2\xa0=\xc2\xa0%zu, %zu），"
	    "同时 95%% 区间" },
	{ "median: %s%s%s%s", "中位数：%s%s%s%s" },
	{ "the medians agree, deciles %s differ",
	    "中位数一致，第 %s 个十分位数不同" },
	{ "fewer than 10 values on a side: the intervals may not hold together",
	    "一侧少于 10 个值：各区间未必同时成立" },
	{ "standard errors by the jackknife (over %d values a side)",
	    "标准误取自刀切法（一侧多于 %d 个值）" },
	{ "Baseline's deciles, %s", "基线的十分位数，%s" },
	{ "Candidate \xe2\x88\x92 baseline, %s", "候选 \xe2\x88\x92 基线，%s" },
	/* benv --check. */
	{ "frequency governor is '%s', not 'performance': the clock follows "
	    "the load%s",
	    "频率调节器为 '%s'，不是 'performance'：时钟随负载变化%s" },
	{ "turbo/boost is on: the clock depends on temperature and the other "
	    "cores%s%s", "睿频（boost）已开启：时钟取决于温度和其他核心%s%s" },
	{ "load average %s is above %s (a tenth of the CPUs): something else "
	    "is running",
	    "平均负载 %s 高于 %s（CPU 数的十分之一）：有其他程序在运行" },
	{ "%s%% of CPU time since boot was stolen by the hypervisor%s",
	    "自启动以来 %s%% 的 CPU 时间被虚拟机管理程序占用%s" },
	{ "SMT (hyper-threading) is on: sibling threads share a core%s%s",
	    "SMT（超线程）已开启：同一核心上的线程共享该核心%s%s" },
	{ "note: %s: %s: left out", "note: %s：%s：略去" },
	/* bcompare's notes (the reports for people; csv keeps English). */
	{ "only in the %s", "仅见于%s" },
	{ "too few values (%zu and %zu): no test",
	    "值太少（%zu 和 %zu 个）：不做检验" },
	{ "too few values for the rank test to reach alpha (smallest p %.3g)",
	    "值太少，秩检验达不到 alpha（可能的最小 p 为 %.3g）" },
	{ "the test could not be computed", "无法计算检验" },
	{ "the distributions differ (Kolmogorov-Smirnov D %.3g) though the "
	    "shift's interval holds 0: the medians agree, the tails or the "
	    "spread do not",
	    "分布不同（Kolmogorov-Smirnov D %.3g），而位移的区间包含 0："
	    "中位数一致，尾部或离散程度不一致" },
	{ "the interval is at %.4g%% confidence, the level the ranks of %zu "
	    "and %zu values can attain",
	    "区间的置信水平为 %.4g%%，即 %zu 和 %zu 个值的秩所能达到的水平" },
	{ "no spread, the same value on both sides", "无离散：两侧的值相同" },
	{ "no spread on either side: a certain difference",
	    "两侧均无离散：差异是确定的" },
	{ "baseline centre <= 0: no relative change",
	    "基线中心值 <= 0：无相对变化" },
	{ "not significant, and the interval reaches beyond +-%g%%: more runs "
	    "needed", "不显著，且区间超出 \xc2\xb1%g%%：需要更多次运行" },
	{ "about %zu %s would detect a change of %g%% with %g%% power at the "
	    "spread seen",
	    "按所见的离散程度，约 %zu %s可检出 %g%% 的变化（功效 %g%%）" },
	{ "top-level units per side", "个顶层单元（每侧）" },
	{ "runs per side", "次运行（每侧）" },
	{ "runs", "运行" },
	{ "significant but below the threshold, and the interval reaches "
	    "beyond +-%g%%", "显著但低于阈值，且区间超出 \xc2\xb1%g%%" },
	{ "significant, but within +-%g%%", "显著，但在 \xc2\xb1%g%% 之内" },
	{ "a summary without n: no test", "汇总缺少 n：不做检验" },
	{ "from summaries (n, mean, sd): Welch's t; ranks and medians need "
	    "the values",
	    "来自汇总（n、均值、标准差）：Welch t 检验；秩检验和中位数需要原始值" },
	{ "fewer than half a value expected beyond the percentile on a side: "
	    "too few runs for a verdict on it",
	    "一侧预期超出该百分位数的值不到半个：运行次数太少，无法对它下结论" },
	{ "compared at the unit of replication: %zu and %zu top-level units "
	    "of %zu and %zu values",
	    "按重复单元比较：%zu 和 %zu 个顶层单元，分别含 %zu 和 %zu 个值" },
	{ "blocked design (every run of one side before every run of the "
	    "other, by the clock): the change is adjusted for a linear drift "
	    "over time (ANCOVA, value ~ side + time); interleave the sides",
	    "分块设计（按时钟，一侧的每次运行都在另一侧之前）：变化已按随时间的"
	    "线性漂移调整（ANCOVA，value ~ side + time）；请交错运行两侧" },
	{ "blocked design (by the clock): interleave the sides",
	    "分块设计（按时钟）：请交错运行两侧" },
	{ "interleaved design (the sides' runs overlap in time)",
	    "交错设计（两侧的运行在时间上重叠）" },
	{ "lower is better by default (the name matches no rule)",
	    "默认越低越好（名称不匹配任何规则）" },
	/* bcompare's rules, counts and sentences. */
	{ "Environment differences:\n", "环境差异：\n" },
	{ "Environment differences (baseline -> candidate):",
	    "环境差异（基线 -> 候选）：" },
	{ " (**changes performance**)", "（**影响性能**）" },
	{ " (changes performance)", "（影响性能）" },
	{ "geomean %s", "几何平均 %s" },
	{ "(%zu metrics)", "（%zu 个指标）" },
	{ "Rules:", "规则：" },
	{ "Rules in force:\n", "生效的规则：\n" },
	{ "%s%s%s%s: %s is better (%s); threshold %g%%; unchanged within "
	    "+-%g%%\n",
	    "%s%s%s%s：越%s越好（%s）；阈值 %g%%；\xc2\xb1%g%% 之内视为未变\n" },
	{ "option", "选项指定" },
	{ "default: the name matches no rule", "默认：名称不匹配任何规则" },
	{ "a rate, by its name", "按名称是速率" },
	{ "a time, by its name", "按名称是时间" },
	{ "a cost, by its name", "按名称是代价" },
	{ "by the unit its input format declares", "按输入格式声明的单位" },
	{ "hits or a score, by its name", "按名称是命中数或得分" },
	{ "%sunit of replication: %zu metric%s compared by the means of their "
	    "top-level units (forks, processes), not the values within them "
	    "(Kalibera and Jones)\n",
	    "%s重复单元：%zu 个指标%.0s按其顶层单元（fork、进程）的均值比较，"
	    "而非单元内的各个值（Kalibera 与 Jones）\n" },
	{ "%sdesign in time: %zu blocked (the change adjusted for a linear "
	    "drift by ANCOVA: interleave the sides), %zu interleaved, %zu "
	    "unknown (no clock)\n",
	    "%s时间上的设计：分块 %zu 个（变化已用 ANCOVA 按线性漂移调整："
	    "请交错运行两侧），交错 %zu 个，未知 %zu 个（无时钟）\n" },
	{ "%sserially dependent runs: %zu metric%s tested at the effective "
	    "number of runs\n",
	    "%s序列相关的运行：%zu 个指标%.0s按有效运行次数检验\n" },
	{ "Change of %s: %s", "%s 的变化：%s" },
	{ "\n%s; p adjusted by %s across the %zu metric%s tested; alpha %g; "
	    "intervals at %g%%, not adjusted.\n",
	    "\n%s；p 值按 %s 校正（检验的 %zu 个指标%.0s之间）；alpha %g；"
	    "区间为 %g%%，未校正。\n" },
	{ "nothing", "无" },
	{ "Welch's t", "Welch t 检验" },
	{ "paired t", "配对 t 检验" },
	{ "Wilcoxon signed rank", "Wilcoxon 符号秩检验" },
	{ "pseudo-median of the differences", "差值的伪中位数" },
	{ "percentile bootstrap, or order statistics for large samples",
	    "百分位 bootstrap，大样本用次序统计量" },
	{ "order statistics, MOVER", "次序统计量，MOVER" },
	{ "percentile bootstrap, 2000 resamples",
	    "百分位 bootstrap，2000 次重抽样" },
	{ "<details>\n<summary>Full statistics and the rules in force"
	    "</summary>\n\n",
	    "<details>\n<summary>完整统计量与生效的规则</summary>\n\n" },
	{ "\nCentres are shown \xc2\xb1 the coefficient of variation of their "
	    "runs (sd / mean)",
	    "\n中心值后的 \xc2\xb1 为其运行的变异系数（标准差 / 均值）" },
	{ "\nCentres are shown \xc2\xb1 the half-width of their own %g%% "
	    "interval over the centre (the larger side)",
	    "\n中心值后的 \xc2\xb1 为其自身 %g%% 区间的半宽除以中心值（取较大的一侧）" },
	{ "; effect is Cliff's delta in words (|\xce\xb4| < 0.147 negligible, "
	    "< 0.33 small, < 0.474 medium, else large; Romano et al. "
	    "2006).\n\n</details>\n",
	    "；效应为 Cliff's delta 的文字描述（|\xce\xb4| < 0.147 可忽略，"
	    "< 0.33 小，< 0.474 中，否则大；Romano 等，2006）。\n\n</details>\n" },
	{ "%s (%s is better), beyond --threshold %g%%.\n",
	    "%s（越%s越好），超出 --threshold %g%%。\n" },
	{ "Improved", "改进" },
	{ "Regressed", "退化" },
	{ "Unchanged: the change lies within +-%g%% at %g%% confidence.\n",
	    "未变：变化位于 \xc2\xb1%g%% 之内（%g%% 置信水平）。\n" },
	{ "Inconclusive: %s.\n", "无定论：%s。\n" },
	{ "nothing could be concluded", "无法得出结论" },
	{ "Baseline %s=", "基线 %s=" },
	{ "%s; candidate%s ", "%s；候选%.0s " },
	{ "Difference at %g%% confidence: %.6g +/- %.6g, change %s%s%s%s; "
	    "p = %.4g (%s, %s = %.4g, df = %.4g)\n",
	    "%g%% 置信水平下的差值：%.6g \xc2\xb1 %.6g，变化 %s%s%s%s；"
	    "p = %.4g（%s，%s = %.4g，df = %.4g）\n" },
	{ "Shift (%s) at %g%% confidence: %.6g [%.6g, %.6g]; change %s; "
	    "p = %.4g (%s, %s = %.6g)\n",
	    "%s 位移（%g%% 置信水平）：%.6g [%.6g, %.6g]；变化 %s；"
	    "p = %.4g（%s，%s = %.6g）\n" },
	{ "Difference of %s at %g%% confidence: %.6g [%.6g, %.6g]; change %s; "
	    "p = %.4g (%s)\n",
	    "%s 在 %g%% 置信水平下的差值：%.6g [%.6g, %.6g]；变化 %s；"
	    "p = %.4g（%s）\n" },
	/*
	 * The input readers' warnings and notes (bs_reader_warn(),
	 * bs_reader_note() look their format up here), and the table's.
	 * The tools put "warning: FILE: " before them.
	 */
	{ "%zu tables (%s): read %s; --table chooses",
	    "%zu 个表（%s）：读取 %s；用 --table 选择" },
	{ "%s: the first %s is the average since boot, not an interval%s: "
	    "--skip 1 leaves it out",
	    "%s：第一个%s是自启动以来的平均值，而非一个区间%s：--skip 1 可略去它" },
	{ "line", "行" },
	{ "report", "报告" },
	{ " (unless iostat ran with -y)", "（除非 iostat 带 -y 运行）" },
	{ "ab: line %zu is cut short (the input ends within it): read up to "
	    "line %zu", "ab：第 %zu 行不完整（输入在其中结束）：读到第 %zu 行" },
	{ "%s:%zu: Catch2 benchmark '%s' has no mean (failed?): left out",
	    "%s:%zu：Catch2 基准 '%s' 没有均值（失败了？）：略去" },
	{ "custom-json: entry %zu has no name or no numeric value: left out",
	    "custom-json：第 %zu 项没有名称或没有数值：略去" },
	{ "cyclictest: %llu of %llu latencies above the histogram's last "
	    "bucket (overflows): counted as missing, the percentiles are of the "
	    "rest",
	    "cyclictest：%llu 个延迟（共 %llu 个）高于直方图的最后一个桶（溢出）："
	    "计为缺失，百分位数取自其余的值" },
	{ "cyclictest: a histogram without its footer (cut short?): its "
	    "overflows and summary are unknown",
	    "cyclictest：直方图缺少其结尾（被截断？）：其溢出数和汇总未知" },
	{ "cyclictest: %zu line%s not read, the first line %zu",
	    "cyclictest：%zu 行%.0s未读取，第一行为第 %zu 行" },
	{ "fio: line %zu is cut short (%zu fields): read up to line %zu",
	    "fio：第 %zu 行不完整（%zu 个字段）：读到第 %zu 行" },
	{ "fio: the report of the direction on line %zu is cut short at line "
	    "%zu (the input ends within it): left out",
	    "fio：第 %zu 行那个方向的报告在第 %zu 行被截断（输入在其中结束）：略去" },
	{ "gbench: %zu aggregate row%s (%s) left out: statistics of the "
	    "repetitions, which are read",
	    "gbench：略去 %zu 个聚合行%.0s（%s）：它们是各次重复的统计量，"
	    "而各次重复已读取" },
	{ "gbench: the library was built as DEBUG: timings may be affected",
	    "gbench：该库以 DEBUG 方式构建：计时可能受影响" },
	{ "gbench: '%s' failed (%zu run%s): %s: left out",
	    "gbench：'%s' 失败（%zu 次运行%.0s）：%s：略去" },
	{ "error", "错误" },
	{ "gbench: line %zu is cut short (the input ends within it): read up "
	    "to line %zu",
	    "gbench：第 %zu 行不完整（输入在其中结束）：读到第 %zu 行" },
	{ "gbench: %zu benchmark%s reported an error: left out",
	    "gbench：%zu 个基准%.0s报告了错误：略去" },
	{ "HdrHistogram: line %zu: a tag first seen after the start of the "
	    "log: its intervals are read untagged",
	    "HdrHistogram：第 %zu 行：日志开始之后才首次出现的标签：其区间按无标签"
	    "读取" },
	{ "hyperfine: '%s': %zu of %zu runs exited with a non-zero status or a "
	    "signal: left out",
	    "hyperfine：'%s'：%zu 次运行（共 %zu 次）以非零状态或信号退出：略去" },
	{ "hyperfine: --export-csv holds one summary per command (mean, "
	    "stddev, min, max), not the runs: read as summaries; the time of "
	    "every run is in --export-json",
	    "hyperfine：--export-csv 每个命令只有一条汇总（mean、stddev、min、"
	    "max），没有各次运行：按汇总读取；每次运行的时间在 --export-json 中" },
	{ "hyperfine: line %zu is cut short (the input ends within it): read "
	    "up to line %zu",
	    "hyperfine：第 %zu 行不完整（输入在其中结束）：读到第 %zu 行" },
	{ "hyperfine: the benchmark of line %zu is cut short: read up to the "
	    "one before it",
	    "hyperfine：第 %zu 行的基准不完整：读到它之前的那个" },
	{ "hyperfine: its %s holds one summary per command (mean, stddev, min, "
	    "max), not the runs: read as summaries; the time of every run is in "
	    "--export-json",
	    "hyperfine：其%s每个命令只有一条汇总（mean、stddev、min、max），"
	    "没有各次运行：按汇总读取；每次运行的时间在 --export-json 中" },
	{ "console text", "控制台文本" },
	{ "iperf3: %zu line%s of --json-stream not an event: left out, the "
	    "first line %zu",
	    "iperf3：--json-stream 中 %zu 行%.0s不是事件：略去，第一行为第 %zu 行" },
	{ "iperf3: %zu line%s of numbers not read (a unit not iperf3's), the "
	    "first line %zu",
	    "iperf3：%zu 行%.0s数字未读取（单位不是 iperf3 的），第一行为第 %zu 行" },
	{ "jmh: '%s': no rawData (sample-mode histograms are not read): left "
	    "out", "jmh：'%s'：没有 rawData（不读取 sample 模式的直方图）：略去" },
	{ "jmh: scores in several units (%s, %s): score has no declared unit; "
	    "group by score_unit",
	    "jmh：得分有多种单位（%s、%s）：score 没有声明的单位；请按 score_unit "
	    "分组" },
	{ "k6: line %zu: %s '%.*s' first seen after the start of the log, "
	    "which fixed the columns: left out",
	    "k6：第 %zu 行：%s '%.*s' 在日志开始（它确定了各列）之后才首次出现："
	    "略去" },
	{ "tag", "标签" },
	{ "%s: line %zu is cut short (no line end): left out, read up to line "
	    "%zu", "%s：第 %zu 行不完整（没有行尾）：略去，读到第 %zu 行" },
	{ "lmbench: %zu failed measurement%s (-1) left out, the first of '%s' "
	    "on line %zu",
	    "lmbench：略去 %zu 个失败的测量%.0s（-1），第一个是 '%s'，在第 %zu 行" },
	{ "perf stat: %zu line%s not read, the first line %zu",
	    "perf stat：%zu 行%.0s未读取，第一行为第 %zu 行" },
	{ "perf stat: %zu event%s without a count (%s: <not supported> or "
	    "<not counted>) left out of the summaries",
	    "perf stat：%zu 个没有计数的事件%.0s（%s：<not supported> 或 "
	    "<not counted>）不计入汇总" },
	{ "pgbench: line %zu is cut short (the log ends within it): read up to "
	    "line %zu",
	    "pgbench：第 %zu 行不完整（日志在其中结束）：读到第 %zu 行" },
	{ "pgbench: line %zu is no line of its --aggregate-interval log "
	    "(another writer's?): read up to line %zu",
	    "pgbench：第 %zu 行不是其 --aggregate-interval 日志的行（另一个写入者"
	    "的？）：读到第 %zu 行" },
	{ "pgbench: line %zu is no line of its -l log (another writer's?): "
	    "read up to line %zu",
	    "pgbench：第 %zu 行不是其 -l 日志的行（另一个写入者的？）：读到第 %zu "
	    "行" },
	{ "pgbench: line %zu is cut short (the input ends within it): read up "
	    "to line %zu",
	    "pgbench：第 %zu 行不完整（输入在其中结束）：读到第 %zu 行" },
	{ "pgbench: the summary ends at line %zu without its tps (cut short?): "
	    "read as far as it goes",
	    "pgbench：汇总在第 %zu 行结束，没有其 tps（被截断？）：能读多少读多少" },
	{ "pyperf: values in several units (%s, %s): value has no declared "
	    "unit; group by unit",
	    "pyperf：值有多种单位（%s、%s）：value 没有声明的单位；请按 unit 分组" },
	{ "pytest-benchmark: stats.data of %zu benchmark%s is not all the "
	    "rounds: the summaries are read",
	    "pytest-benchmark：%zu 个基准%.0s的 stats.data 不含全部轮次：读取其汇总" },
	{ "redis-benchmark: the report of the test of line %zu is cut short "
	    "(the input ends within it, or before its requests per second): "
	    "left out",
	    "redis-benchmark：第 %zu 行那个测试的报告不完整（输入在其中或在其每秒"
	    "请求数之前结束）：略去" },
	{ "%s: line %zu is no whole record (%s: a log cut short or written by "
	    "two at once): read up to line %zu, %zu line%s from it on left out",
	    "%s：第 %zu 行不是完整的记录（%s：日志被截断，或由两个写入者同时写入）："
	    "读到第 %zu 行，从它起的 %zu 行%.0s略去" },
	{ "%s: line %zu is no whole record (%s: a log cut short or written by "
	    "two at once): read up to line %zu",
	    "%s：第 %zu 行不是完整的记录（%s：日志被截断，或由两个写入者同时写入）："
	    "读到第 %zu 行" },
	{ "no line end", "没有行尾" },
	{ "not whole", "不完整" },
	{ "%s: each of the %zu threads sent every request only after the "
	    "answer to its previous one (a closed loop, %zu requests): a slow "
	    "answer delayed the requests behind it, which are not counted as "
	    "waiting, so the latency percentiles are understated (coordinated "
	    "omission: measure at a constant rate, as wrk2 does, or correct the "
	    "histogram for the expected interval, as HdrHistogram does)",
	    "%s：%zu 个线程都在收到上一个请求的应答之后才发送下一个请求（闭环，"
	    "%zu 个请求）：慢的应答推迟了其后的请求，而这段等待没有计入，因此延迟"
	    "百分位数被低估（协调遗漏：请像 wrk2 那样以恒定速率测量，或像 "
	    "HdrHistogram 那样按预期间隔校正直方图）" },
	{ "stress-ng: line %zu is cut short (the input ends within it): read "
	    "up to line %zu",
	    "stress-ng：第 %zu 行不完整（输入在其中结束）：读到第 %zu 行" },
	{ "stress-ng: the YAML ends at line %zu without its end (\"...\"), cut "
	    "short: read up to the last whole stressor",
	    "stress-ng：YAML 在第 %zu 行结束，没有其结尾（\"...\"），被截断："
	    "读到最后一个完整的 stressor" },
	{ "stress-ng: the stressor of line %zu is cut short at line %zu (the "
	    "input ends within it): read up to the one before it",
	    "stress-ng：第 %zu 行的 stressor 在第 %zu 行被截断（输入在其中结束）："
	    "读到它之前的那个" },
	{ "sysbench: line %zu is no report line: left out",
	    "sysbench：第 %zu 行不是报告行：略去" },
	{ "%s%s mixes rows of different %s ('%s', '%.*s'): add %s %s to keep "
	    "them apart",
	    "%s%s 混有不同 %s 的行（'%s'、'%.*s'）：加 %s %s 把它们分开" },
	{ "group ", "分组 " },
	{ "the input", "输入" },
	{ "%zu row%s no %s: grouped under an empty %s",
	    "%zu 行%.0s没有 %s：归入空的 %s 之下" },
	{ "%zu more group%s mix%s rows of different %s: add %s %s to keep "
	    "them apart",
	    "另有 %zu 个分组%.0s%.0s混有不同 %s 的行：加 %s %s 把它们分开" },
	/* --steady auto and --skip auto (bcompare, boutlier, tool.c). */
	{ "note: %s: --skip auto: flat: no run dropped (%zu runs)",
	    "note: %s：--skip auto：平稳：未去掉任何运行（%zu 次运行）" },
	{ "note: %s: --skip auto: no steady state: no run dropped (%zu runs)",
	    "note: %s：--skip auto：无稳态：未去掉任何运行（%zu 次运行）" },
	{ "note: %s: --skip auto: runs 1-%zu dropped (%s; steady state from "
	    "run %zu of %zu)",
	    "note: %s：--skip auto：去掉第 1-%zu 次运行（%s；稳态始于第 %zu 次"
	    "运行，共 %zu 次）" },
	{ "note: %s: steady state: none (%zu segments; the last from run %zu "
	    "holds under a quarter of the %zu runs): the verdict is of a moving "
	    "level",
	    "note: %s：稳态：无（%zu 段；始于第 %zu 次运行的最后一段不足 %zu 次"
	    "运行的四分之一）：结论针对的是一个移动的水平" },
	{ "note: %s: not steady: %s, steady state from run %zu (%zu segments "
	    "in %zu runs): the verdict includes the runs before it; --skip auto "
	    "drops them",
	    "note: %s：未达稳态：%s，稳态始于第 %zu 次运行（%zu 段，共 %zu 次"
	    "运行）：结论包含其之前的运行；--skip auto 会去掉它们" },
	{ "note: --steady auto: the runs of every side are flat (%zu sides, no "
	    "change point)",
	    "note: --steady auto：每一侧的运行都平稳（%zu 侧，没有变化点）" },
	{ "note: %s: steady state: flat (no change point in %zu runs)",
	    "note: %s：稳态：平稳（%zu 次运行中没有变化点）" },
	{ "note: %s: steady state: none (%zu segments; the last from run %zu "
	    "holds under a quarter of the %zu runs): the fences are of a moving "
	    "level",
	    "note: %s：稳态：无（%zu 段；始于第 %zu 次运行的最后一段不足 %zu 次"
	    "运行的四分之一）：栅栏针对的是一个移动的水平" },
	{ "note: %s: steady state: %s, from run %zu (%zu segments in %zu runs): "
	    "%zu of the %zu flagged come before it (a %s is not a set of "
	    "outliers)%s",
	    "note: %s：稳态：%s，始于第 %zu 次运行（%zu 段，共 %zu 次运行）："
	    "标记的值中有 %zu 个（共 %zu 个）在其之前（%s并非一组离群值）%s" },
	{ "; --skip auto leaves those runs out of the fences",
	    "；--skip auto 把这些运行排除在栅栏之外" },
	/* The factor columns the table left out (tool_factor_note()). */
	{ "hint: %s: %zu integer values, each in several rows: a factor, not "
	    "summarised; the medians of %s across them lie %.2fx apart: %s%s "
	    "splits the runs (-c %s summarises it)",
	    "hint: %s：%zu 个整数值，各出现在多行中：是一个因子，不做汇总；%s 在"
	    "其各值下的中位数相差 %.2f 倍：%s%s 可把这些运行分开（-c %s 则对它做"
	    "汇总）" },
	{ "adding it to -g ", "把它加入 -g " },
	{ "note: %s: %zu integer values, each in several rows: a factor, not "
	    "summarised (-c %s summarises it)",
	    "note: %s：%zu 个整数值，各出现在多行中：是一个因子，不做汇总"
	    "（-c %s 则对它做汇总）" },
	/* The tools' other warnings and notes on standard error. */
	{ "warning: --same-env: %s no fingerprint (put benv's output before "
	    "the results); an error with --gate",
	    "warning: --same-env：%s环境指纹（请把 benv 的输出放在结果之前）；"
	    "带 --gate 时为错误" },
	{ "both sides carry", "两侧都没有" },
	{ "the baseline carries", "基线没有" },
	{ "the candidate carries", "候选没有" },
	{ "warning: --same-env: the environments differ in %s: the comparison "
	    "is not valid; an error with --gate",
	    "warning: --same-env：环境在 %s 上不同：比较无效；带 --gate 时为错误" },
	{ "warning: a file name is not valid UTF-8: the legend shows U+FFFD "
	    "for its bad bytes",
	    "warning: 有文件名不是有效的 UTF-8：图例中其无效字节显示为 U+FFFD" },
	{ "warning: %s: no values", "warning: %s：没有值" },
	{ "note: the repetitions assume the same cost for one repetition at "
	    "every level (Kalibera and Jones 2013; --level-cost gives them)",
	    "note: 各重复次数假定每一层的一次重复代价相同（Kalibera 与 Jones 2013；"
	    "--level-cost 可给出代价）" },
	/* %s: the levels are the input's names (fork, iteration), kept. */
	{ "note: %s: %s add %.1f%% of the variance, %s none of their own: "
	    "more %s per %s, not more %s",
	    "note: %s：%s 占方差的 %.1f%%，%s 自身不占：应增加 %s（每个 %s 之内），"
	    "而非增加 %s" },
	{ "note: %s: %s add %.1f%% of the variance: %zu per %s %s enough "
	    "(%.3g now); run more %s",
	    "note: %s：%s 占方差的 %.1f%%：%zu 个（每个 %s）%.0s即足够（现为 "
	    "%.3g）；请运行更多 %s" },
	{ "note: %s: %s add %.1f%% of the variance: %zu per %s are worth their "
	    "cost (%.3g now)",
	    "note: %s：%s 占方差的 %.1f%%：%zu 个（每个 %s）值得其代价（现为 %.3g）" },
	{ "note: %d more series: their levels in the table",
	    "note: 另有 %d 个序列：其各层见表中" },
	{ "note: --state %s: %zu of %zu segments searched, %zu kept from the "
	    "run before",
	    "note: --state %s：搜索了 %zu 段（共 %zu 段），%zu 段沿用上次运行的结果" },
	{ "note: --confidence %s read as a fraction: a %g%% interval (95 or "
	    "0.95 both mean 95%%)",
	    "note: --confidence %s 按比例读取：%g%% 区间（95 和 0.95 都表示 95%%）" },
	/* bstat --target: the table for people (csv keeps the names). */
	{ "measured", "实测" },
	{ "%s of %s %s %s", "%s（%s）%s %s" },
	{ "met", "达标" },
	{ "missed", "未达标" },
	{ "unproven", "未证实" },
	{ "%s (too few values for an interval)", "%s（值太少，没有区间）" },
	{ "\xe2\x9c\x85 met", "\xe2\x9c\x85 达标" },
	{ "\xe2\x9d\x8c missed", "\xe2\x9d\x8c 未达标" },
	{ "\xe2\x9d\x94 unproven", "\xe2\x9d\x94 未证实" },
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
