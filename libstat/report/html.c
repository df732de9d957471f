/*
 * The HTML report (bcompare -f html): one self-contained file that reads
 * offline -- a summary, the verdict table (sorted by a click, a few lines
 * of inline script), a box plot and a CDF per metric as inline SVG (drawn
 * by the tool's chart hook: the drawing layer lies above libstat), the
 * fingerprints side by side, and the experiment record (as HTML).  No link leaves
 * the file: no script, style sheet, font or image is fetched.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "report/report.h"

#define MAXCHARTS	60	/* metrics charted; more make a heavy page */

#define L(o, en_, zh_)	((o)->zh ? (zh_) : (en_))

static void
esc(FILE *fp, const char *s)
{
	for (; s != NULL && *s != '\0'; s++) {
		if ((unsigned char)*s >= 0x80) {
			size_t n = bs_utf8_seq((const unsigned char *)s,
			    strlen(s));

			/* The page is UTF-8: a byte outside it is U+FFFD. */
			if (n == 0)
				fputs("\xef\xbf\xbd", fp);
			else {
				fwrite(s, 1, n, fp);
				s += n - 1;
			}
			continue;
		}
		switch (*s) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		default:
			fputc(*s, fp);
		}
	}
}

/*
 * The record as HTML: the Markdown subset bs_record_write writes
 * (headings, pipe tables with their alignment row, "- " lists,
 * paragraphs; `code` and **bold** inline), converted here rather than
 * by a Markdown library because it is our own output, of a few known
 * shapes, and a library would be one more build dependency for them.
 * Headings go down two levels: the record sits in a section of the
 * page.
 */
static void
md_inline(FILE *fp, const char *s, size_t n)
{
	char *t;
	int code = 0, bold = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '`') {
			fputs(code ? "</code>" : "<code>", fp);
			code = !code;
		} else if (!code && s[i] == '*' && i + 1 < n &&
		    s[i + 1] == '*') {
			fputs(bold ? "</strong>" : "<strong>", fp);
			bold = !bold;
			i++;
		} else if (s[i] == '\\' && i + 1 < n && s[i + 1] == '|') {
			fputc('|', fp);
			i++;
		} else {
			size_t j = i;

			while (j < n && s[j] != '`' && s[j] != '*' &&
			    s[j] != '\\')
				j++;
			if (j == i)
				j++;
			if ((t = bs_strndup(s + i, j - i)) != NULL)
				esc(fp, t);
			free(t);
			i = j - 1;
		}
	}
	if (code)
		fputs("</code>", fp);
	if (bold)
		fputs("</strong>", fp);
}

/* The cells of a table row "| a | b |": their starts and lengths. */
static size_t
md_cells(const char *s, size_t n, const char **cell, size_t *len,
    size_t max)
{
	size_t k = 0, i = 0;

	if (i < n && s[i] == '|')
		i++;
	while (i < n && k < max) {
		size_t j = i;

		while (j < n && !(s[j] == '|' && (j == 0 || s[j - 1] != '\\')))
			j++;
		if (j == n && j == i)
			break;
		/* Trimmed of the blanks around the pipes. */
		while (i < j && s[i] == ' ')
			i++;
		cell[k] = s + i;
		len[k] = j - i;
		while (len[k] > 0 && cell[k][len[k] - 1] == ' ')
			len[k]--;
		k++;
		i = j + 1;
	}
	return k;
}

#define MD_MAXCOLS	32

/* A pipe table from line s on (nl lines): the lines it took. */
static size_t
md_table(FILE *fp, const char *const *line, const size_t *llen, size_t nl)
{
	const char *cell[MD_MAXCOLS];
	size_t len[MD_MAXCOLS], nc, k, i;
	int right[MD_MAXCOLS] = { 0 };

	if (nl > 1) {
		nc = md_cells(line[1], llen[1], cell, len, MD_MAXCOLS);
		for (k = 0; k < nc; k++)
			right[k] = len[k] > 0 && cell[k][len[k] - 1] == ':';
	}
	fputs("<table class=\"record\">\n<thead><tr>", fp);
	nc = md_cells(line[0], llen[0], cell, len, MD_MAXCOLS);
	for (k = 0; k < nc; k++) {
		fputs("<th>", fp);
		md_inline(fp, cell[k], len[k]);
		fputs("</th>", fp);
	}
	fputs("</tr></thead>\n<tbody>\n", fp);
	for (i = 2; i < nl && llen[i] > 0 && line[i][0] == '|'; i++) {
		nc = md_cells(line[i], llen[i], cell, len, MD_MAXCOLS);
		fputs("<tr>", fp);
		for (k = 0; k < nc; k++) {
			fputs(right[k] ? "<td class=\"num\">" : "<td>", fp);
			md_inline(fp, cell[k], len[k]);
			fputs("</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	return i > nl ? nl : i;
}

/* One block of lines from line[0] on: the lines it took. */
static size_t
md_block(FILE *fp, const char *const *line, const size_t *llen, size_t nl)
{
	const char *s = line[0];
	size_t n = llen[0], h = 0, i;

	while (h < n && s[h] == '#')
		h++;
	if (h > 0 && h <= 4 && h < n && s[h] == ' ') {
		fprintf(fp, "<h%zu>", h + 2);
		md_inline(fp, s + h + 1, n - h - 1);
		fprintf(fp, "</h%zu>\n", h + 2);
		return 1;
	}
	if (s[0] == '|')
		return md_table(fp, line, llen, nl);
	if (n >= 2 && s[0] == '-' && s[1] == ' ') {
		fputs("<ul>\n", fp);
		for (i = 0; i < nl && llen[i] >= 2 && line[i][0] == '-' &&
		    line[i][1] == ' '; i++) {
			fputs("<li>", fp);
			md_inline(fp, line[i] + 2, llen[i] - 2);
			fputs("</li>\n", fp);
		}
		fputs("</ul>\n", fp);
		return i;
	}
	/* A paragraph: up to a blank line or another kind of block. */
	fputs("<p>", fp);
	for (i = 0; i < nl && llen[i] > 0 && (i == 0 || (line[i][0] != '#' &&
	    line[i][0] != '|' && strncmp(line[i], "- ", 2) != 0)); i++) {
		if (i > 0)
			fputc('\n', fp);
		md_inline(fp, line[i], llen[i]);
	}
	fputs("</p>\n", fp);
	return i;
}

/* The record's Markdown md as HTML; -1 out of memory. */
static int
md_html(FILE *fp, const char *md)
{
	const char **line;
	size_t *llen, nl = 0, cap = 1, i;
	const char *p;

	for (p = md; *p != '\0'; p++)
		cap += *p == '\n';
	if ((line = malloc(cap * sizeof(*line))) == NULL ||
	    (llen = malloc(cap * sizeof(*llen))) == NULL) {
		free(line);
		return -1;
	}
	for (p = md; *p != '\0' && nl < cap; nl++) {
		const char *e = strchr(p, '\n');

		line[nl] = p;
		llen[nl] = e ? (size_t)(e - p) : strlen(p);
		p += llen[nl] + (e != NULL);
	}
	for (i = 0; i < nl;) {
		if (llen[i] == 0) {
			i++;
			continue;
		}
		i += md_block(fp, line + i, llen + i, nl - i);
	}
	free(line);
	free(llen);
	return 0;
}

static const char style[] =
"body{font-family:'DejaVu Sans',system-ui,sans-serif;margin:2em auto;"
"max-width:72em;padding:0 1em;color:#222;line-height:1.4}\n"
"table{border-collapse:collapse;margin:1em 0}\n"
"th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left}\n"
"td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
"th{background:#f2f2f2}\n"
"table.sortable th{cursor:pointer}\n"
"table.sortable th:after{content:' \\2195';color:#999}\n"
".regressed{background:#fde0dc}.improved{background:#e0f2e0}\n"
".inconclusive{background:#fff6d5}.perf{color:#b00;font-weight:bold}\n"
".caveat{color:#8a4b00}\n"
/*
 * A caption sits just above its charts, and a figure's bottom margin
 * is several times that gap: a caption belongs to one chart only.
 */
"figure{margin:0 0 2.5em;page-break-inside:avoid}\n"
"figcaption{margin:0 0 .25em;font-weight:bold}\n"
"figure svg{max-width:100%;height:auto;margin-right:1em}\n"
"#record{background:#f8f8f8;padding:0 1em;border:1px solid #ddd}\n";

/* Sorting without a server: a click on a heading sorts by that column. */
static const char script[] =
"document.querySelectorAll('table.sortable th').forEach(function(th,i){\n"
"  th.addEventListener('click',function(){\n"
"    var tb=th.closest('table').tBodies[0],up=th.dataset.dir!=='up';\n"
"    th.dataset.dir=up?'up':'down';\n"
"    Array.from(tb.rows).sort(function(a,b){\n"
"      var x=a.cells[i].dataset.v,y=b.cells[i].dataset.v,r;\n"
"      if(x!==undefined&&y!==undefined)r=parseFloat(x)-parseFloat(y);\n"
"      else r=a.cells[i].textContent.localeCompare(b.cells[i].textContent);\n"
"      return up?r:-r;\n"
"    }).forEach(function(r){tb.appendChild(r);});\n"
"  });\n"
"});\n";

/* A numeric cell: shown for people, sorted by its value (none: last). */
static void
numcell(FILE *fp, const char *shown, double v)
{
	char b[64];

	bs_fmt_double(b, sizeof(b), isfinite(v) ? v : INFINITY);
	fprintf(fp, "<td class=\"num\" data-v=\"%s\">", isfinite(v) ? b :
	    "Infinity");
	esc(fp, shown);
	fputs("</td>", fp);
}

/*
 * The verdict table; the centres in the units and digits of the table
 * and md report (bs_colscales).  -1 out of memory.
 */
static int
verdicts(FILE *fp, const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o)
{
	/* The centre of the method used (--stat's statistic under it). */
	const struct bs_method *mt = bs_cmp_method(o->c);
	const char *cw = mt->centre_en == NULL ? (o->c->stat_name ?
	    o->c->stat_name : "statistic") : L(o, mt->centre_en,
	    mt->centre_zh);
	char label[512], b[160], note[1280], hb[96], hc[96], hch[96];
	struct bs_colscales cs;

	if (bs_colscales_init(&cs, cmp, o) == -1)
		return -1;
	snprintf(hb, sizeof(hb), o->zh ? "基线（%s）" : "baseline (%s)", cw);
	snprintf(hc, sizeof(hc), o->zh ? "候选（%s）" : "candidate (%s)", cw);
	snprintf(hch, sizeof(hch), bs_tr("change [%g%% CI]"), o->confidence);
	fprintf(fp, "<table class=\"sortable\" id=\"verdicts\">\n<thead><tr>"
	    "<th>%s</th><th>%s</th><th>%s</th><th>%s</th>"
	    "<th>p_adj</th><th>Cohen's d</th><th>Cliff's delta</th>"
	    "<th>%s</th><th>%s</th></tr></thead>\n<tbody>\n",
	    L(o, "metric", "指标"), hb, hc, hch, L(o, "verdict", "结论"),
	    L(o, "note", "备注"));
	for (size_t i = 0; i < cmp->n; i++) {
		const struct bs_metric *m = &cmp->m[i];
		double vb = mt->centre == BS_MC_MEDIAN ? m->med_b :
		    mt->centre == BS_MC_STAT ? m->stat_b : m->mean_b;
		double vc = mt->centre == BS_MC_MEDIAN ? m->med_c :
		    mt->centre == BS_MC_STAT ? m->stat_c : m->mean_c;

		bs_metric_label(cmp, t, m, label, sizeof(label));
		fprintf(fp, "<tr class=\"%s\"><td>", bs_verdict_name(m->v));
		esc(fp, label);
		fputs("</td>", fp);
		bs_fmt_scaled(b, sizeof(b), vb, bs_colscale(&cs, m->column));
		snprintf(b + strlen(b), sizeof(b) - strlen(b), " (n=%zu)",
		    m->nb);
		numcell(fp, b, vb);
		bs_fmt_scaled(b, sizeof(b), vc, bs_colscale(&cs, m->column));
		snprintf(b + strlen(b), sizeof(b) - strlen(b), " (n=%zu)",
		    m->nc);
		numcell(fp, b, vc);
		bs_fmt_change(b, sizeof(b), m->change, m->change_lo,
		    m->change_hi);
		numcell(fp, m->v == BS_V_MISSING ? "-" : b, m->change);
		bs_fmt_p(b, sizeof(b), m->p_adj);
		numcell(fp, b, m->p_adj);
		snprintf(b, sizeof(b), isfinite(m->d) ? "%.2f" : "-", m->d);
		numcell(fp, b, m->d);
		snprintf(b, sizeof(b), isfinite(m->delta) ? "%.2f" : "-",
		    m->delta);
		numcell(fp, b, m->delta);
		fprintf(fp, "<td>%s</td><td>", bs_tr(bs_verdict_name(m->v)));
		bs_metric_note(m, o->zh, note, sizeof(note));
		esc(fp, note);
		/* What weakens the verdict, beside it and set apart. */
		note[0] = '\0';
		bs_report_caveats(m, o, 0, note, sizeof(note));
		if (note[0] != '\0') {
			fprintf(fp, "<div class=\"caveat\"><b>%s</b> ", L(o,
			    "Caveats:", "注意："));
			esc(fp, note);
			fputs("</div>", fp);
		}
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	bs_colscales_free(&cs);
	return 0;
}

static void
envtable(FILE *fp, const struct bs_report_opts *o)
{
	const struct bs_meta *b = o->meta_b, *c = o->meta_c;
	size_t i;

	if ((b == NULL || b->n == 0) && (c == NULL || c->n == 0)) {
		fprintf(fp, "<p>%s</p>\n", L(o, "Neither input carries a "
		    "fingerprint (run benv and put its output before the "
		    "results).", "两个输入都没有环境指纹。"));
		return;
	}
	fprintf(fp, "<table id=\"env\">\n<thead><tr><th>%s</th><th>%s</th>"
	    "<th>%s</th><th></th></tr></thead>\n<tbody>\n", L(o, "key", "键"),
	    L(o, "baseline", "基线"), L(o, "candidate", "候选"));
	for (i = 0; b != NULL && i < b->n; i++) {
		const char *cv = bs_meta_get(c, b->key[i]);
		enum bs_metakind k = bs_meta_kind(b->key[i]);
		int same = cv != NULL && strcmp(cv, b->val[i]) == 0;

		fputs("<tr><td>", fp);
		esc(fp, b->key[i]);
		fputs("</td><td>", fp);
		esc(fp, b->val[i]);
		fputs("</td><td>", fp);
		esc(fp, cv ? cv : "-");
		fprintf(fp, "</td><td%s>%s</td></tr>\n", !same && k ==
		    BS_MK_PERF ? " class=\"perf\"" : "", same ? "" : k ==
		    BS_MK_VOLATILE ? L(o, "varies", "易变") : k == BS_MK_PERF ?
		    L(o, "differs: changes performance", "不同：影响性能") :
		    L(o, "differs", "不同"));
	}
	for (i = 0; c != NULL && i < c->n; i++) {
		if (bs_meta_get(b, c->key[i]) != NULL)
			continue;
		fputs("<tr><td>", fp);
		esc(fp, c->key[i]);
		fputs("</td><td>-</td><td>", fp);
		esc(fp, c->val[i]);
		fprintf(fp, "</td><td>%s</td></tr>\n", L(o, "candidate only",
		    "仅候选"));
	}
	fputs("</tbody>\n</table>\n", fp);
}

static void
charts(FILE *fp, const struct bs_comparison *cmp, const struct bs_table *t,
    const struct bs_report_opts *o)
{
	char label[512];
	size_t i, drawn = 0;

	for (i = 0; i < cmp->n && drawn < MAXCHARTS; i++) {
		const struct bs_metric *m = &cmp->m[i];

		/* Summaries have no values to draw. */
		if (m->summary || m->b == NULL || m->c == NULL ||
		    m->nb + m->nc == 0)
			continue;
		bs_metric_label(cmp, t, m, label, sizeof(label));
		fputs("<figure>\n<figcaption>", fp);
		esc(fp, label);
		fprintf(fp, "%s</figcaption>\n", L(o, ": box plot "
		    "(whiskers to Tukey's fences) and empirical CDF, baseline "
		    "and candidate", "：箱线图（须至 Tukey 栅栏）与经验累积分布，基线"
		    "与候选"));
		(void)o->chart(o->chart_arg, fp, m, 0);
		(void)o->chart(o->chart_arg, fp, m, 1);
		fputs("</figure>\n", fp);
		drawn++;
	}
	if (drawn < cmp->n)
		fprintf(fp, "<p>%s %zu.</p>\n", L(o, "Charts of the first "
		    "metrics only:", "仅绘制前若干指标："), drawn);
}

int
bs_html_write(FILE *fp, const struct bs_comparison *cmp,
    const struct bs_table *t, const struct bs_report_opts *o)
{
	struct bs_metadiff *d = NULL;
	size_t cnt[5] = { 0 }, nd = 0, i, nc;
	static const enum bs_verdict order[] = { BS_V_REGRESSED, BS_V_IMPROVED,
	    BS_V_UNCHANGED, BS_V_INCONCLUSIVE, BS_V_MISSING };
	char *rec = NULL;
	size_t reclen = 0;
	FILE *mf;

	if (bs_meta_diff(o->meta_b, o->meta_c, &d, &nd) == -1) {
		errno = ENOMEM;
		return -1;
	}
	/* The record, written first to memory, goes in as text. */
	if ((mf = open_memstream(&rec, &reclen)) == NULL) {
		free(d);
		return -1;
	}
	if (bs_record_write(mf, cmp, t, o) == -1 || fclose(mf) == EOF) {
		free(rec);
		free(d);
		errno = ENOMEM;
		return -1;
	}
	fprintf(fp, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n<title>%s"
	    "</title>\n<style>\n%s</style>\n</head>\n<body>\n", o->zh ? "zh" :
	    "en", L(o, "bcompare report", "bcompare 报告"), style);
	fprintf(fp, "<h1>%s</h1>\n<section id=\"summary\">\n<h2>%s</h2>\n<p>",
	    L(o, "Baseline against candidate", "基线与候选对比"),
	    L(o, "Summary", "摘要"));
	if (o->variant == NULL) {
		fputs(L(o, "Baseline ", "基线 "), fp);
		esc(fp, o->name_b ? o->name_b : "baseline");
		fputs(L(o, ", candidate ", "，候选 "), fp);
		esc(fp, o->name_c ? o->name_c : "candidate");
	} else {
		fputs(L(o, "Baseline ", "基线 "), fp);
		esc(fp, o->variant);
		fputc('=', fp);
		esc(fp, o->vbase);
	}
	fprintf(fp, "%s", L(o, ": ", "："));
	for (i = 0; i < cmp->n; i++)
		cnt[cmp->m[i].v]++;
	for (i = 0, nc = 0; i < 5; i++)
		if (cnt[order[i]] > 0)
			fprintf(fp, "%s<strong>%zu %s</strong>", nc++ ? ", " :
			    "", cnt[order[i]],
			    bs_tr(bs_verdict_name(order[i])));
	fputs(".</p>\n", fp);
	/* Keys that change performance first, as a warning; then the rest. */
	for (int k = 1; k >= 0; k--) {
		size_t nk = 0;

		for (i = 0; i < nd; i++) {
			if ((d[i].kind == BS_MK_PERF) != k)
				continue;
			if (nk++ == 0)
				fprintf(fp, "<p%s>%s", k ? " class=\"perf\"" : "",
				    k ? L(o, "Warning: the environments differ "
				    "in what changes performance:", "警告：环境在影响"
				    "性能的方面不同：") : L(o, "The environments "
				    "also differ in:", "环境的其他不同之处："));
			fputs(nk > 1 ? ", " : " ", fp);
			esc(fp, d[i].key);
		}
		if (nk > 0)
			fputs(".</p>\n", fp);
	}
	fprintf(fp, "</section>\n<section>\n<h2>%s</h2>\n<p>%s %s; alpha %g."
	    "</p>\n", L(o, "Verdicts", "结论表"), L(o, "Click a heading to "
	    "sort. Test:", "点击表头排序。检验："), bs_test_name(o->c),
	    o->c->alpha);
	if (verdicts(fp, cmp, t, o) == -1) {
		free(rec);
		free(d);
		errno = ENOMEM;
		return -1;
	}
	fputs("</section>\n", fp);
	if (o->chart != NULL) {
		fprintf(fp, "<section id=\"charts\">\n<h2>%s</h2>\n",
		    L(o, "Distributions", "分布"));
		charts(fp, cmp, t, o);
		fputs("</section>\n", fp);
	}
	fprintf(fp, "<section>\n<h2>%s</h2>\n", L(o, "Environment",
	    "环境"));
	envtable(fp, o);
	fprintf(fp, "</section>\n<section>\n<h2>%s</h2>\n<div id=\"record\">\n",
	    L(o, "Experiment record", "实验记录"));
	if (md_html(fp, rec) == -1) {
		free(rec);
		free(d);
		errno = ENOMEM;
		return -1;
	}
	fprintf(fp, "</div>\n</section>\n<script>\n%s</script>\n</body>\n"
	    "</html>\n", script);
	free(rec);
	free(d);
	return ferror(fp) ? -1 : 0;
}
