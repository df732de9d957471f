/*
 * What a command line asks of a chart, apart from its wording: the
 * chart kinds, which options apply to which kind (a table, so that a
 * new option or kind is one row), how the inputs are read for a kind,
 * and the chart data handed to the drawing functions.  Misuse is
 * returned as a code for the tool to word in the options' terms.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "plots_extern.h"

static const char *const kind_names[BP_KIND__N] = { "scalability",
	"heatmap", "box", "cdf", "trend", "path", "percentiles", "hist",
	"violin", "runs" };

int
bp_kind_parse(const char *s)
{
	for (size_t k = 0; k < BP_KIND__N; k++)
		if (strcmp(s, kind_names[k]) == 0)
			return (int)k;
	return -1;
}

const char *
bp_kind_name(enum bp_kind k)
{
	return kind_names[k];
}

void
bp_request_init(struct bp_request *q)
{
	memset(q, 0, sizeof(*q));
	q->fit = q->cmap = -1;
	q->center = NAN;
	q->width = 800;
	q->height = 500;
	q->legend = BP_LEGEND_AUTO;
}

/* ------------------------------------------------------------------ */
/* Which options apply to which kind */

/* What a request gives, or leaves out, as bits for the table below. */
enum {
	G_FIT = 1 << 0,
	G_REPORT_NOFIT = 1 << 1,	/* --fit-report without --fit */
	G_Z = 1 << 2,
	G_CMAP = 1 << 3,
	G_CENTER = 1 << 4,
	G_ZLABEL = 1 << 5,
	G_SERIES = 1 << 6,
	G_LOGX = 1 << 7,
	G_LOGY = 1 << 8,
	G_LEGEND = 1 << 9,		/* a legend other than auto */
	G_X = 1 << 10,
	G_CENTER_MAP = 1 << 11,		/* --center with a sequential map */
	G_NOX = 1 << 12,
	G_NOY = 1 << 13,
	G_NOZ = 1 << 14,
	G_PATHOPT = 1 << 15,		/* --label, --xlo, ... */
	G_CHECKS = 1 << 16,		/* --slo, --little, --limit */
	G_VLINE = 1 << 17,
	G_HLINE = 1 << 18,
	G_DENSITY = 1 << 19,
	G_STEADY = 1 << 20
};

#define K(k)	(1u << (k))
#define K_ALL	(K(BP_KIND__N) - 1)

/*
 * A rule: for the kinds in kinds, any of the bits in given is misuse.
 * The rules are tried in order and the first that holds is reported, so
 * that a command line with several faults always gets the same message.
 */
static const struct rule {
	enum bp_misuse	 misuse;
	unsigned	 kinds;
	unsigned	 given;
} rules[] = {
	{ BP_MISUSE_FIT_KIND, K_ALL & ~K(BP_KIND_SCAL), G_FIT },
	{ BP_MISUSE_PATH_ONLY, K_ALL & ~K(BP_KIND_PATH), G_PATHOPT },
	{ BP_MISUSE_CHECKS, K_ALL & ~(K(BP_KIND_PATH) | K(BP_KIND_SCAL)),
	    G_CHECKS },
	{ BP_MISUSE_REPORT_NOFIT, K_ALL, G_REPORT_NOFIT },
	{ BP_MISUSE_DENSITY, K_ALL & ~K(BP_KIND_HIST), G_DENSITY },
	{ BP_MISUSE_STEADY, K_ALL & ~K(BP_KIND_RUNS), G_STEADY },
	{ BP_MISUSE_VLINE, K(BP_KIND_BOX) | K(BP_KIND_HEAT) |
	    K(BP_KIND_VIOLIN), G_VLINE },
	{ BP_MISUSE_HLINE, K(BP_KIND_HEAT), G_HLINE },
	{ BP_MISUSE_HEAT_ONLY, K_ALL & ~K(BP_KIND_HEAT),
	    G_Z | G_CMAP | G_CENTER | G_ZLABEL },
	{ BP_MISUSE_HEAT_AXES, K(BP_KIND_HEAT), G_SERIES | G_LOGX | G_LOGY },
	{ BP_MISUSE_HEAT_LEGEND, K(BP_KIND_HEAT), G_LEGEND },
	{ BP_MISUSE_BOX_LOGX, K(BP_KIND_BOX), G_LOGX },
	{ BP_MISUSE_CDF_LOGY, K(BP_KIND_CDF), G_LOGY },
	{ BP_MISUSE_CDF_X, K(BP_KIND_CDF), G_X },
	{ BP_MISUSE_LOGX_KIND, K(BP_KIND_VIOLIN) | K(BP_KIND_PCTL) |
	    K(BP_KIND_RUNS), G_LOGX },
	{ BP_MISUSE_NOX, K(BP_KIND_HIST) | K(BP_KIND_PCTL) | K(BP_KIND_RUNS),
	    G_X },
	{ BP_MISUSE_CENTER_MAP, K_ALL, G_CENTER_MAP },
	{ BP_MISUSE_NEED_X, K(BP_KIND_SCAL), G_NOX },
	{ BP_MISUSE_NEED_XYZ, K(BP_KIND_HEAT), G_NOX | G_NOY | G_NOZ },
	{ BP_MISUSE_PATH_XY, K(BP_KIND_PATH), G_NOX | G_NOY },
	{ BP_MISUSE_NEED_Y, K(BP_KIND_BOX) | K(BP_KIND_CDF) | K(BP_KIND_TREND) |
	    K(BP_KIND_HIST) | K(BP_KIND_VIOLIN) | K(BP_KIND_RUNS), G_NOY }
};

static unsigned
given(const struct bp_request *q)
{
	unsigned g = 0;

	g |= q->fit >= 0 ? G_FIT : 0;
	g |= ((q->fitreport != NULL && !q->slo.set) || q->fit_table) &&
	    q->fit < 0 ? G_REPORT_NOFIT : 0;
	g |= q->label != NULL || q->lohi[0] != NULL || q->lohi[1] != NULL ||
	    q->lohi[2] != NULL || q->lohi[3] != NULL ? G_PATHOPT : 0;
	g |= q->slo.set || q->limit.set || q->little[0][0] ? G_CHECKS : 0;
	g |= q->nvline > 0 ? G_VLINE : 0;
	g |= q->nhline > 0 ? G_HLINE : 0;
	g |= q->density ? G_DENSITY : 0;
	g |= q->steady > 0 ? G_STEADY : 0;
	g |= q->z != NULL ? G_Z : G_NOZ;
	g |= q->cmap >= 0 ? G_CMAP : 0;
	g |= isfinite(q->center) ? G_CENTER : 0;
	g |= q->zlabel != NULL || q->reverse ? G_ZLABEL : 0;
	g |= q->series != NULL ? G_SERIES : 0;
	g |= q->logx ? G_LOGX : 0;
	g |= q->logy ? G_LOGY : 0;
	g |= q->legend != BP_LEGEND_AUTO ? G_LEGEND : 0;
	g |= q->x != NULL ? G_X : G_NOX;
	g |= q->y != NULL ? 0 : G_NOY;
	g |= q->cmap >= 0 && q->cmap != BP_CMAP_DIVERGING &&
	    isfinite(q->center) ? G_CENTER_MAP : 0;
	return g;
}

static int
same(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

enum bp_misuse
bp_request_check(const struct bp_request *q, size_t *which)
{
	const char *const txt[] = { q->title, q->xlabel, q->ylabel,
	    q->zlabel };
	unsigned g = given(q);

	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if ((rules[i].kinds & K(q->kind)) && (rules[i].given & g))
			return rules[i].misuse;
	if (same(q->x, q->y))
		return BP_MISUSE_SAME_XY;
	if (same(q->series, q->x) || same(q->series, q->y))
		return BP_MISUSE_SAME_SERIES;
	/* Titles are drawn as text: they must be UTF-8. */
	for (*which = 0; *which < 4; (*which)++)
		if (txt[*which] != NULL && !g_utf8_validate(txt[*which], -1,
		    NULL))
			return BP_MISUSE_TEXT_UTF8;
	return BP_MISUSE_NONE;
}

/* ------------------------------------------------------------------ */
/* Reading for a request */

/* A bstat percentile column: pNN, p99.9 (or the median, p50). */
static int
is_pcol(const char *s, double *p)
{
	char *end;

	if (strcmp(s, "median") == 0) {
		*p = 50;
		return 1;
	}
	if (s[0] != 'p' || s[1] < '0' || s[1] > '9')
		return 0;
	*p = strtod(s + 1, &end);
	return *end == '\0' && *p > 0 && *p < 100;
}

static enum bp_pctl_from
pctl_from(const struct bp_request *q, const struct bp_header *h)
{
	double p;

	/* HdrHistogram and wrk: rows of a percentile and its value. */
	if (bp_header_has(h, "percentile") && bp_header_has(h, "value") &&
	    (q->y == NULL || strcmp(q->y, "value") == 0))
		return BP_PCTL_ROWS;
	if (q->y != NULL)
		return BP_PCTL_RAW;
	for (size_t i = 0; i < h->n; i++)
		if (is_pcol(h->names[i], &p))
			return BP_PCTL_COLS;
	return BP_PCTL_NONE;
}

/* Append col to the list unless it is there already. */
static int
col_add(GString *g, const char *col)
{
	const char *p = g->str;
	size_t n;

	if (col == NULL || *col == '\0')
		return 0;
	n = strlen(col);
	while (*p) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);

		if (len == n && strncmp(p, col, n) == 0)
			return 0;
		p += len + (c != NULL);
	}
	if (g->len > 0)
		g_string_append_c(g, ',');
	g_string_append(g, col);
	return 0;
}

char *
bp_request_columns(const struct bp_request *q, const struct bp_plan *p,
    const struct bp_header *h, struct bs_err *e)
{
	GString *g = g_string_new(NULL);
	char buf[160], *s;
	double v;

	if (p->bstat) {
		col_add(g, "mean,ci_lo,ci_hi");
		/* With n and se the level of the intervals can be read back. */
		if (bp_header_has(h, "n") && bp_header_has(h, "se"))
			col_add(g, "n,se");
	}
	else if (q->kind == BP_KIND_HEAT)
		col_add(g, q->z);
	else if (q->kind == BP_KIND_PATH) {
		col_add(g, q->x);
		col_add(g, q->y);
		for (int i = 0; i < 4; i++) {
			const char *ax = i < 2 ? q->x : q->y;

			/* Intervals a join of bstat's outputs may hold. */
			snprintf(buf, sizeof(buf), "%s_ci_%s", ax, i % 2 ? "hi" :
			    "lo");
			if (q->lohi[i] != NULL)
				col_add(g, q->lohi[i]);
			else if (strlen(ax) < 100 && bp_header_has(h, buf))
				col_add(g, buf);
		}
	} else if (q->kind == BP_KIND_PCTL && p->pctl == BP_PCTL_ROWS)
		col_add(g, "percentile,value");
	else if (q->kind == BP_KIND_PCTL && p->pctl == BP_PCTL_COLS) {
		for (size_t i = 0; i < h->n; i++)
			if (is_pcol(h->names[i], &v))
				col_add(g, h->names[i]);
	} else
		col_add(g, q->y);
	/* The checks' columns; the level (x, --label) is a key already. */
	if (q->slo.set)
		col_add(g, q->slo.col);
	if (q->limit.set)
		col_add(g, q->limit.col);
	for (int i = 0; i < 3; i++)
		if (!same(q->little[i], q->kind == BP_KIND_PATH ? q->label :
		    q->x))
			col_add(g, q->little[i]);
	if (g->len == 0) {
		g_string_free(g, TRUE);
		bp_err(e, "no value column to read");
		return NULL;
	}
	s = strdup(g->str);
	g_string_free(g, TRUE);
	if (s == NULL)
		bp_err(e, "out of memory");
	return s;
}

void
bp_request_plan(const struct bp_request *q, const struct bp_header *h,
    size_t ninputs, struct bp_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->bstat = q->kind == BP_KIND_SCAL && bp_header_bstat(h, q->y,
	    &p->bycol);
	/*
	 * Several inputs get a first group column "file"; --series file
	 * asks for it even with one input, unless a real column has the
	 * name.
	 */
	p->sfile = q->series != NULL && strcmp(q->series, "file") == 0 &&
	    !bp_header_has(h, "file");
	p->filecol = ninputs > 1 || p->sfile;
	if (q->kind == BP_KIND_PCTL)
		p->pctl = pctl_from(q, h);
}

void
bp_request_scan(const struct bp_request *q, const struct bp_plan *p,
    struct bp_scan *sc)
{
	int scal = q->kind == BP_KIND_SCAL;

	memset(sc, 0, sizeof(*sc));
	sc->filecol = p->filecol;
	sc->xnum = scal;
	sc->xpos = q->fit >= 0;
	sc->r[BP_ROLE_SERIES].col = p->sfile ? NULL : q->series;
	sc->r[BP_ROLE_SERIES].label = 1;
	sc->r[BP_ROLE_SERIES].limit = BP_MAX_SERIES;
	/* A path's x is a value; its labels are the key of each point. */
	sc->r[BP_ROLE_X].col = q->kind == BP_KIND_PATH ? q->label : q->x;
	sc->r[BP_ROLE_X].label = !scal;
	/* A history's revisions are many, and drawn along a number line. */
	sc->r[BP_ROLE_X].limit = !scal && q->kind != BP_KIND_TREND &&
	    q->kind != BP_KIND_PATH ? BP_MAX_TICKS : 0;
	sc->r[BP_ROLE_Y].col = q->kind == BP_KIND_HEAT ? q->y : NULL;
	sc->r[BP_ROLE_Y].label = 1;
	sc->r[BP_ROLE_Y].limit = BP_MAX_TICKS;
}

int
bp_inputs_load(struct bp_inputs *in, const char *const *paths, size_t n,
    struct bs_err *e)
{
	memset(in, 0, sizeof(*in));
	if ((in->bufs = calloc(n + 1, sizeof(*in->bufs))) == NULL)
		return bp_err(e, "out of memory");
	in->nbufs = n;
	for (size_t i = 0; i < n; i++)
		if (bs_buf_load(&in->bufs[i], paths[i], e) == -1)
			return -1;
	return 0;
}

int
bp_inputs_table(struct bp_inputs *in, const struct bp_request *q,
    const struct bp_plan *p, struct bs_table_opts *to, size_t skip,
    struct bs_err *e)
{
	const char *role[4];
	struct bp_roles *r = &in->r;
	struct bp_header h;

	r->filecol = p->filecol;
	/* The series column "file" is the file column itself. */
	role[0] = p->sfile ? NULL : q->series;
	role[1] = q->kind == BP_KIND_PATH ? q->label : q->kind ==
	    BP_KIND_HIST || q->kind == BP_KIND_PCTL || q->kind ==
	    BP_KIND_RUNS ? NULL : q->x;
	role[2] = q->kind == BP_KIND_HEAT ? q->y : NULL;
	role[3] = p->bycol ? "column" : NULL;
	if (bp_roles_groups(r, role, &in->groups) == -1)
		return bp_err(e, "out of memory");
	to->groups = in->groups;
	if (q->pool && to->groups == NULL)
		to->groups = "";	/* pooled on purpose: no mixing warned */
	/*
	 * The roles are the groups; with none (and no series of files) a
	 * tool's format is grouped by what identifies a benchmark, as the
	 * other tools group it: one series per benchmark (--series '' pools).
	 */
	to->nodefault = to->groups != NULL || p->sfile || q->pool;
	if (bp_header_read(&h, &in->bufs[0], &to->read, e) == -1)
		return -1;
	in->columns = bp_request_columns(q, p, &h, e);
	bp_header_free(&h);
	if (in->columns == NULL)
		return -1;
	to->columns = in->columns;
	to->file_group = p->filecol;
	/*
	 * A percentile chart, and a path without labels, draw each row as
	 * it is; the other kinds draw a series as a sample, which the rows
	 * of a percentile distribution are not.
	 */
	to->use = q->kind == BP_KIND_PCTL || (q->kind == BP_KIND_PATH &&
	    q->label == NULL) ? BS_USE_ROWS : BS_USE_CHART;
	if ((in->t = bs_table_new(to)) == NULL)
		return bp_err(e, "out of memory");
	for (size_t k = 0; k < in->nbufs; k++)
		if (bs_table_read(in->t, &in->bufs[k], NULL, e) == -1)
			return -1;
	if (bs_table_finish(in->t, e) == -1)
		return -1;
	r->t = in->t;
	r->bufs = in->bufs;
	r->flabel = in->fname;
	r->nbufs = in->nbufs;
	r->skip = skip;
	return 0;
}

void
bp_inputs_free(struct bp_inputs *in)
{
	bs_table_free(in->t);
	for (size_t k = 0; in->bufs != NULL && k < in->nbufs; k++)
		bs_buf_free(&in->bufs[k]);
	bp_names_free(in->fname, in->nbufs);
	bp_findings_free(&in->found);
	free(in->groups);
	free(in->columns);
	free(in->bufs);
	memset(in, 0, sizeof(*in));
}

/* ------------------------------------------------------------------ */
/* The chart options of a command line */

enum {
	O_SERIES = BP_OPT_BASE, O_FIT, O_FITREPORT, O_FITTABLE, O_LOGX,
	O_LOGY, O_TITLE, O_XLABEL, O_YLABEL, O_ZLABEL, O_LEGEND, O_WIDTH,
	O_HEIGHT, O_CMAP, O_CENTER, O_REVERSE, O_LABEL, O_XLO, O_XHI, O_YLO,
	O_YHI, O_HLINE, O_HLABEL, O_VLINE, O_VLABEL, O_SLO, O_LITTLE,
	O_LIMIT, O_DENSITY, O_STEADY
};

const struct bp_optdef bp_optdefs[] = {
	{ "series", 1, O_SERIES },
	{ "fit", 1, O_FIT },
	{ "fit-report", 1, O_FITREPORT },
	{ "fit-table", 0, O_FITTABLE },
	{ "logx", 0, O_LOGX },
	{ "logy", 0, O_LOGY },
	{ "title", 1, O_TITLE },
	{ "xlabel", 1, O_XLABEL },
	{ "ylabel", 1, O_YLABEL },
	{ "zlabel", 1, O_ZLABEL },
	{ "legend", 1, O_LEGEND },
	{ "width", 1, O_WIDTH },
	{ "height", 1, O_HEIGHT },
	{ "colormap", 1, O_CMAP },
	{ "colourmap", 1, O_CMAP },
	{ "center", 1, O_CENTER },
	{ "centre", 1, O_CENTER },
	{ "reverse", 0, O_REVERSE },
	{ "label", 1, O_LABEL },
	{ "xlo", 1, O_XLO },
	{ "xhi", 1, O_XHI },
	{ "ylo", 1, O_YLO },
	{ "yhi", 1, O_YHI },
	{ "hline", 1, O_HLINE },
	{ "hline-label", 1, O_HLABEL },
	{ "vline", 1, O_VLINE },
	{ "vline-label", 1, O_VLABEL },
	{ "slo", 1, O_SLO },
	{ "little", 1, O_LITTLE },
	{ "limit", 1, O_LIMIT },
	{ "density", 0, O_DENSITY },
	{ "steady", 1, O_STEADY },
	{ NULL, 0, 0 }
};

static int
size_opt(const char *name, const char *arg, double *v, struct bs_err *e)
{
	if (bs_parse_double(arg, v) == -1 || !(*v >= 16 && *v <= 30000))
		return bp_err(e, "--%s takes a size from 16 to 30000 (pixels "
		    "for PNG, points for PDF and SVG), not '%s'", name, arg);
	return 0;
}

/* "COL<=V", "COL<V", "COL>=V" or "COL>V". */
static int
cond_opt(const char *name, const char *arg, struct bp_cond *c,
    struct bs_err *e)
{
	const char *op = strpbrk(arg, "<>");
	size_t n = op != NULL ? (size_t)(op - arg) : 0;
	struct bs_cond lc;

	memset(c, 0, sizeof(*c));
	if (op == NULL || n == 0 || n >= sizeof(c->col) ||
	    bs_cond_parse(op, &lc, NULL) == -1)
		return bp_err(e, "--%s takes COLUMN<=VALUE (or <, >=, >), not "
		    "'%s'", name, arg);
	memcpy(c->col, arg, n);
	c->op = (enum bp_op)lc.op;
	c->v = lc.v;
	snprintf(c->text, sizeof(c->text), "%s", arg);
	bp_utf8_trim(c->text);
	c->set = 1;
	return 0;
}

/* "N=clients,X=throughput_rps,R=mean_latency_ms", in any order. */
static int
little_opt(const char *arg, struct bp_request *q, struct bs_err *e)
{
	const char *p = arg;

	memset(q->little, 0, sizeof(q->little));
	while (*p) {
		const char *c = strchr(p, ','), *r = strchr("NXR", p[0]);
		size_t len = c ? (size_t)(c - p) : strlen(p);

		if (r == NULL || p[0] == '\0' || p[1] != '=' || len < 3 ||
		    len - 2 >= sizeof(q->little[0]))
			break;
		memcpy(q->little[r - "NXR"], p + 2, len - 2);
		q->little[r - "NXR"][len - 2] = '\0';
		p += len + (c != NULL);
		if (c != NULL && *p == '\0')
			break;
	}
	if (*p || !q->little[0][0] || !q->little[1][0] || !q->little[2][0])
		return bp_err(e, "--little takes N=COL,X=COL,R=COL (the load, "
		    "the throughput per second and the response time), not "
		    "'%s'", arg);
	return 0;
}

/* A reference line, or the label of the last one given. */
static int
ref_opt(const char *name, const char *arg, struct bp_ref *r, size_t *n,
    int label, struct bs_err *e)
{
	if (label) {
		if (*n == 0)
			return bp_err(e, "--%s-label comes after the --%s it "
			    "labels", name, name);
		if (!g_utf8_validate(arg, -1, NULL))
			return bp_err(e, "--%s-label: the text is not valid "
			    "UTF-8", name);
		r[*n - 1].label = arg;
		return 0;
	}
	if (*n == BP_MAX_REFS)
		return bp_err(e, "at most %d --%s", BP_MAX_REFS, name);
	if (bs_parse_double(arg, &r[*n].v) == -1 || !isfinite(r[*n].v))
		return bp_err(e, "--%s takes a number, not '%s'", name, arg);
	r[*n].label = NULL;
	r[*n].kind = BP_REF_PLAIN;
	(*n)++;
	return 0;
}

int
bp_request_opt(struct bp_request *q, int code, const char *arg,
    struct bs_err *e)
{
	double v;

	switch (code) {
	case O_LABEL:
		q->label = arg;
		return 0;
	case O_XLO:
	case O_XHI:
	case O_YLO:
	case O_YHI:
		q->lohi[code - O_XLO] = arg;
		return 0;
	case O_HLINE:
	case O_HLABEL:
		return ref_opt("hline", arg, q->hline, &q->nhline,
		    code == O_HLABEL, e);
	case O_VLINE:
	case O_VLABEL:
		return ref_opt("vline", arg, q->vline, &q->nvline,
		    code == O_VLABEL, e);
	case O_SLO:
		return cond_opt("slo", arg, &q->slo, e);
	case O_LIMIT:
		return cond_opt("limit", arg, &q->limit, e);
	case O_LITTLE:
		return little_opt(arg, q, e);
	case O_DENSITY:
		q->density = 1;
		return 0;
	case O_STEADY:
		if (bs_parse_double(arg, &v) == -1 || !(v >= 2 && v <= 1e6) ||
		    v != floor(v))
			return bp_err(e, "--steady takes a window of 2 runs or "
			    "more, not '%s'", arg);
		q->steady = (size_t)v;
		return 0;
	case O_SERIES:
		/* '' pools a tool format's benchmarks on purpose. */
		q->pool = *arg == '\0';
		q->series = q->pool ? NULL : arg;
		return 0;
	case O_FIT:
		if ((q->fit = bs_usl_model_parse(arg)) < 0)
			return bp_err(e, "--fit takes usl or amdahl, not '%s'",
			    arg);
		return 0;
	case O_FITREPORT:
		q->fitreport = arg;
		return 0;
	case O_FITTABLE:
		q->fit_table = 1;
		return 0;
	case O_LOGX:
		q->logx = 1;
		return 0;
	case O_LOGY:
		q->logy = 1;
		return 0;
	case O_TITLE:
		q->title = arg;
		return 0;
	case O_XLABEL:
		q->xlabel = arg;
		return 0;
	case O_YLABEL:
		q->ylabel = arg;
		return 0;
	case O_ZLABEL:
		q->zlabel = arg;
		return 0;
	case O_LEGEND:
		if ((q->legend = bp_legend_parse(arg)) < 0)
			return bp_err(e, "--legend takes auto, right, below or "
			    "none, not '%s'", arg);
		return 0;
	case O_WIDTH:
		return size_opt("width", arg, &q->width, e);
	case O_HEIGHT:
		return size_opt("height", arg, &q->height, e);
	case O_CMAP:
		if ((q->cmap = bp_cmap_parse(arg)) < 0)
			return bp_err(e, "--colormap takes viridis, cividis or "
			    "diverging, not '%s'", arg);
		return 0;
	case O_CENTER:
		if (bs_parse_double(arg, &q->center) == -1)
			return bp_err(e, "--center takes a number, not '%s'",
			    arg);
		return 0;
	case O_REVERSE:
		q->reverse = 1;
		return 0;
	default:
		return 1;
	}
}

/*
 * What a misuse says: pre, then the chart kind and post when post is
 * not NULL.
 */
static const struct {
	const char	*pre, *post;
} misuse_msg[] = {
	[BP_MISUSE_FIT_KIND] = { "--fit applies to scalability charts, not ",
	    "" },
	[BP_MISUSE_REPORT_NOFIT] = { "--fit-report and --fit-table need --fit "
	    "usl or --fit amdahl (--fit-report: or --slo)", NULL },
	[BP_MISUSE_HEAT_ONLY] = { "-z, --zlabel, --colormap, --center and "
	    "--reverse apply to heatmaps, not ", "" },
	[BP_MISUSE_HEAT_AXES] = { "--series, --logx and --logy do not apply "
	    "to heatmaps", NULL },
	[BP_MISUSE_HEAT_LEGEND] = { "--legend does not apply to heatmaps "
	    "(the colour bar is their legend)", NULL },
	[BP_MISUSE_BOX_LOGX] = { "--logx does not apply to box plots (x is "
	    "categories)", NULL },
	[BP_MISUSE_CDF_LOGY] = { "--logy does not apply to a CDF (y is a "
	    "fraction)", NULL },
	[BP_MISUSE_CDF_X] = { "a CDF has no -x: its values come from -y COL",
	    NULL },
	[BP_MISUSE_CENTER_MAP] = { "--center needs the diverging colour map",
	    NULL },
	[BP_MISUSE_NEED_X] = { "scalability needs -x COL (the concurrency "
	    "column)", NULL },
	[BP_MISUSE_NEED_XYZ] = { "heatmap needs -x COL, -y COL and -z COL",
	    NULL },
	[BP_MISUSE_NEED_Y] = { "", " needs -y COL (the values)" },
	[BP_MISUSE_SAME_SERIES] = { "--series names the same column as -x or "
	    "-y", NULL },
	[BP_MISUSE_PATH_ONLY] = { "--label, --xlo, --xhi, --ylo and --yhi "
	    "apply to path charts, not ", "" },
	[BP_MISUSE_CHECKS] = { "--slo, --little and --limit apply to path "
	    "and scalability charts, not ", "" },
	[BP_MISUSE_VLINE] = { "--vline needs a numeric x axis; a ", " chart's "
	    "x is categories" },
	[BP_MISUSE_HLINE] = { "--hline does not apply to heatmaps", NULL },
	[BP_MISUSE_DENSITY] = { "--density applies to hist charts, not ", "" },
	[BP_MISUSE_STEADY] = { "--steady applies to runs charts, not ", "" },
	[BP_MISUSE_LOGX_KIND] = { "--logx does not apply to ", " charts (x is "
	    "not a measured value)" },
	[BP_MISUSE_NOX] = { "", " has no -x: its values come from -y COL" },
	[BP_MISUSE_PATH_XY] = { "path needs -x COL and -y COL (joined in the "
	    "order of the input)", NULL }
};

void
bp_misuse_text(enum bp_misuse m, enum bp_kind k, char *buf, size_t len)
{
	if ((size_t)m >= sizeof(misuse_msg) / sizeof(misuse_msg[0]) ||
	    misuse_msg[m].pre == NULL) {
		snprintf(buf, len, "the options do not go together");
		return;
	}
	snprintf(buf, len, "%s%s%s", misuse_msg[m].pre, misuse_msg[m].post !=
	    NULL ? kind_names[k] : "", misuse_msg[m].post != NULL ?
	    misuse_msg[m].post : "");
}
