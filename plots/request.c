/*
 * What a command line asks of a chart, apart from its wording: which
 * options apply to the kind asked for (the rules below, over what each
 * kind's descriptor says it takes and refuses), how the inputs are read
 * for it, and the chart data handed to the drawing functions.  Misuse
 * is returned as a code for the tool to word in the options' terms.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "plots_extern.h"

void
bp_request_init(struct bp_request *q)
{
	memset(q, 0, sizeof(*q));
	q->fit = q->cmap = -1;
	q->center = NAN;
	q->ymax = NAN;
	q->width = 800;
	q->height = 500;
	q->legend = BP_LEGEND_AUTO;
}

/* ------------------------------------------------------------------ */
/* Which options apply to which kind */

/*
 * A rule: for the kinds that do not take the option families in takes
 * (0: every kind), any of the bits in given is misuse.  The rules are
 * tried in order, the kind's own refusals where the marker RULE_KIND
 * stands and its needs at RULE_NEEDS, and the first that holds is
 * reported, so that a command line with several faults always gets the
 * same message.
 */
#define RULE_KIND	((enum bp_misuse)-1)
#define RULE_NEEDS	((enum bp_misuse)-2)

static const struct rule {
	enum bp_misuse	 misuse;
	unsigned	 takes;
	unsigned	 given;
} rules[] = {
	{ BP_MISUSE_FIT_KIND, BP_REQ_FIT, BP_REQ_FIT },
	{ BP_MISUSE_PATH_ONLY, BP_REQ_PATHOPT, BP_REQ_PATHOPT },
	{ BP_MISUSE_CHECKS, BP_REQ_CHECKS, BP_REQ_CHECKS },
	{ BP_MISUSE_REPORT_NOFIT, 0, BP_REQ_REPORT_NOFIT },
	{ BP_MISUSE_DENSITY, BP_REQ_DENSITY, BP_REQ_DENSITY },
	{ BP_MISUSE_STEADY, BP_REQ_STEADY, BP_REQ_STEADY },
	{ BP_MISUSE_STEADY_AUTO, BP_REQ_STEADY_AUTO, BP_REQ_STEADY_AUTO },
	{ BP_MISUSE_CI, BP_REQ_CI, BP_REQ_CI },
	{ BP_MISUSE_YMAX, BP_REQ_YMAX, BP_REQ_YMAX },
	{ BP_MISUSE_EVERY, BP_REQ_EVERY, BP_REQ_EVERY },
	{ BP_MISUSE_FACET, BP_REQ_FACET, BP_REQ_FACET },
	{ BP_MISUSE_FACET_OPTS, 0, BP_REQ_FACET_OPTS },
	{ BP_MISUSE_VLINE, BP_REQ_VLINE, BP_REQ_VLINE },
	{ BP_MISUSE_HLINE, BP_REQ_HLINE, BP_REQ_HLINE },
	{ BP_MISUSE_HEAT_ONLY, BP_REQ_Z,
	    BP_REQ_Z | BP_REQ_CMAP | BP_REQ_CENTER | BP_REQ_ZLABEL },
	{ RULE_KIND, 0, 0 },
	{ BP_MISUSE_CENTER_MAP, 0, BP_REQ_CENTER_MAP },
	{ RULE_NEEDS, 0, 0 }
};

static unsigned
given(const struct bp_request *q)
{
	unsigned g = 0;

	g |= q->fit >= 0 ? BP_REQ_FIT : 0;
	g |= ((q->fitreport != NULL && !q->slo.set) || q->fit_table) &&
	    q->fit < 0 ? BP_REQ_REPORT_NOFIT : 0;
	g |= q->label != NULL || q->lohi[0] != NULL || q->lohi[1] != NULL ||
	    q->lohi[2] != NULL || q->lohi[3] != NULL ? BP_REQ_PATHOPT : 0;
	g |= q->slo.set || q->limit.set || q->little[0][0] ? BP_REQ_CHECKS : 0;
	g |= q->nvline > 0 ? BP_REQ_VLINE : 0;
	g |= q->nhline > 0 ? BP_REQ_HLINE : 0;
	g |= q->density ? BP_REQ_DENSITY : 0;
	g |= q->steady > 0 ? BP_REQ_STEADY : 0;
	g |= q->steady_auto ? BP_REQ_STEADY_AUTO : 0;
	g |= q->ci ? BP_REQ_CI : 0;
	g |= isfinite(q->ymax) ? BP_REQ_YMAX : 0;
	g |= q->every > 0 ? BP_REQ_EVERY : 0;
	g |= q->facet != NULL ? BP_REQ_FACET : 0;
	/* A panel is too small for the table; the checks see the whole. */
	g |= q->facet != NULL && (q->fit_table || q->slo.set ||
	    q->limit.set || q->little[0][0]) ? BP_REQ_FACET_OPTS : 0;
	g |= q->z != NULL ? BP_REQ_Z : BP_REQ_NOZ;
	g |= q->cmap >= 0 ? BP_REQ_CMAP : 0;
	g |= isfinite(q->center) ? BP_REQ_CENTER : 0;
	g |= q->zlabel != NULL || q->reverse ? BP_REQ_ZLABEL : 0;
	g |= q->series != NULL ? BP_REQ_SERIES : 0;
	g |= q->logx ? BP_REQ_LOGX : 0;
	g |= q->logy ? BP_REQ_LOGY : 0;
	g |= q->legend != BP_LEGEND_AUTO ? BP_REQ_LEGEND : 0;
	/* A time kind's x may come from the input's format (BP_KF_XTIME). */
	g |= q->x != NULL || (q->kind != NULL && (q->kind->flags &
	    BP_KF_XTIME)) ? BP_REQ_X : BP_REQ_NOX;
	g |= q->y != NULL ? 0 : BP_REQ_NOY;
	g |= q->cmap >= 0 && q->cmap != BP_CMAP_DIVERGING &&
	    isfinite(q->center) ? BP_REQ_CENTER_MAP : 0;
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

	const struct bp_kind *k = q->kind;
	unsigned g = given(q);

	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct rule *r = &rules[i];

		if (r->misuse == RULE_KIND) {
			for (size_t j = 0; j < sizeof(k->refuses) /
			    sizeof(k->refuses[0]); j++)
				if (k->refuses[j].given & g)
					return k->refuses[j].misuse;
		} else if (r->misuse == RULE_NEEDS) {
			if (k->needs.given & g)
				return k->needs.misuse;
		} else if (!(k->takes & r->takes) && (r->given & g))
			return r->misuse;
	}
	if (same(q->x, q->y))
		return BP_MISUSE_SAME_XY;
	if (same(q->series, q->x) || same(q->series, q->y))
		return BP_MISUSE_SAME_SERIES;
	if (same(q->facet, q->x) || same(q->facet, q->y) ||
	    same(q->facet, q->series))
		return BP_MISUSE_SAME_FACET;
	/* Titles are drawn as text: they must be UTF-8. */
	for (*which = 0; *which < 4; (*which)++)
		if (txt[*which] != NULL && !g_utf8_validate(txt[*which], -1,
		    NULL))
			return BP_MISUSE_TEXT_UTF8;
	return BP_MISUSE_NONE;
}

/* ------------------------------------------------------------------ */
/* Reading for a request */

char *
bp_request_columns(const struct bp_request *q, const struct bp_plan *p,
    const struct bp_header *h, struct bs_err *e)
{
	struct bp_cols c = { g_string_new(NULL) };
	GString *g = c.g;
	char *s;

	if (p->bstat) {
		bp_cols_add(&c, "mean,ci_lo,ci_hi");
		/* With n and se the level of the intervals can be read back. */
		if (bp_header_has(h, "n") && bp_header_has(h, "se"))
			bp_cols_add(&c, "n,se");
	} else if (q->kind->columns != NULL)
		q->kind->columns(&c, q, p, h);
	else
		bp_cols_add(&c, q->y);
	/* The checks' columns; the level (x, --label) is a key already. */
	if (q->slo.set)
		bp_cols_add(&c, q->slo.col);
	if (q->limit.set)
		bp_cols_add(&c, q->limit.col);
	for (int i = 0; i < 3; i++)
		if (!same(q->little[i], bp_keycol(q)))
			bp_cols_add(&c, q->little[i]);
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
	p->bstat = (q->kind->flags & BP_KF_MEANS) && bp_header_bstat(h, q->y,
	    &p->bycol);
	/*
	 * Several inputs get a first group column "file"; --series file
	 * asks for it even with one input, unless a real column has the
	 * name.
	 */
	p->sfile = q->series != NULL && strcmp(q->series, "file") == 0 &&
	    !bp_header_has(h, "file");
	p->filecol = ninputs > 1 || p->sfile;
	if (q->kind->plan != NULL)
		q->kind->plan(q, h, p);
}

void
bp_request_scan(const struct bp_request *q, const struct bp_plan *p,
    struct bp_scan *sc)
{
	unsigned f = q->kind->flags;

	memset(sc, 0, sizeof(*sc));
	sc->filecol = p->filecol;
	sc->xnum = (f & BP_KF_XNUM) != 0;
	sc->xpos = q->fit >= 0;
	sc->r[BP_ROLE_SERIES].col = p->sfile ? NULL : q->series;
	sc->r[BP_ROLE_SERIES].label = 1;
	sc->r[BP_ROLE_SERIES].limit = BP_MAX_SERIES;
	/* A path's x is a value; its labels are the key of each point. */
	sc->r[BP_ROLE_X].col = bp_keycol(q);
	sc->r[BP_ROLE_X].label = !(f & BP_KF_XNUM);
	/* A history's revisions are many, and drawn along a number line. */
	sc->r[BP_ROLE_X].limit = f & BP_KF_XLINE ? 0 : BP_MAX_TICKS;
	sc->r[BP_ROLE_Y].col = f & BP_KF_YKEY ? q->y : NULL;
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
	const char *role[5];
	struct bp_roles *r = &in->r;
	struct bp_header h;

	r->filecol = p->filecol;
	/* The series column "file" is the file column itself. */
	role[0] = p->sfile ? NULL : q->series;
	/* A kind that refuses -x has no x role. */
	role[1] = q->kind->flags & BP_KF_LABELKEY ? q->label :
	    bp_kind_refuses(q->kind, BP_REQ_X) ? NULL : q->x;
	role[2] = q->kind->flags & BP_KF_YKEY ? q->y : NULL;
	role[3] = p->bycol ? "column" : NULL;
	role[4] = q->facet;
	if (bp_roles_groups(r, role, &in->groups) == -1)
		return bp_err(e, "out of memory");
	to->groups = in->groups;
	to->group_opt = "--facet";	/* how a chart keeps series apart */
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
	/* A map's time stamps are its x values, checked as a log's. */
	if ((q->kind->flags & BP_KF_XTIME) && !(q->kind->flags & BP_KF_TIME)) {
		to->timecol = q->x;
		to->time_check = 1;
	}
	if (q->kind->flags & BP_KF_TIME) {
		char okcol[64];
		const char *ok = bs_format_ok(h.fmt);

		/* The format's own success flag, where the log has it. */
		snprintf(okcol, sizeof(okcol), "%.*s", (int)strcspn(ok, "<>="),
		    ok);
		to->timecol = q->x;
		to->ok = bp_header_has(&h, okcol) ? "" : NULL;
	}
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
	to->use = (q->kind->flags & BP_KF_ROWS) || ((q->kind->flags &
	    BP_KF_LABELKEY) && q->label == NULL) ? BS_USE_ROWS : BS_USE_CHART;
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
	O_LIMIT, O_DENSITY, O_STEADY, O_CI, O_YMAX, O_EVERY, O_FACET
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
	{ "ci", 0, O_CI },
	{ "ymax", 1, O_YMAX },
	{ "every", 1, O_EVERY },
	{ "facet", 1, O_FACET },
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

/* --steady W (runs) or auto (the load charts' windows). */
static int
steady_opt(struct bp_request *q, const char *arg, struct bs_err *e)
{
	double v;

	q->steady_auto = strcmp(arg, "auto") == 0;
	q->steady = 0;
	if (q->steady_auto)
		return 0;
	if (bs_parse_double(arg, &v) == -1 || !(v >= 2 && v <= 1e6) ||
	    v != floor(v))
		return bp_err(e, "--steady takes a window of 2 runs or "
		    "more, not '%s'", arg);
	q->steady = (size_t)v;
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
	case O_CI:
		q->ci = 1;
		return 0;
	case O_EVERY:
		if (bs_parse_duration(arg, &q->every) == -1)
			return bp_err(e, "--every takes a duration (10s, 500ms, "
			    "1m), not '%s'", arg);
		return 0;
	case O_YMAX:
		if (bs_parse_double(arg, &v) == -1 || !(v > 0) ||
		    !isfinite(v))
			return bp_err(e, "--ymax takes a latency > 0, not '%s'",
			    arg);
		q->ymax = v;
		return 0;
	case O_FACET:
		q->facet = arg;
		return 0;
	case O_STEADY:
		return steady_opt(q, arg, e);
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
	    "order of the input)", NULL },
	[BP_MISUSE_CI] = { "--ci applies to percentiles charts, not ", "" },
	[BP_MISUSE_YMAX] = { "--ymax applies to latency-map charts, not ", "" },
	[BP_MISUSE_EVERY] = { "--every applies to latency-map and timeline "
	    "charts, not ", "" },
	[BP_MISUSE_LATMAP_AXES] = { "--series, --logx and --logy do not apply "
	    "to ", " (its scales are its own, every request in one map)" },
	[BP_MISUSE_LATMAP_XY] = { "latency-map needs -y COL (the latencies) "
	    "and the time stamps (-x COL, or a request log's own)", NULL },
	[BP_MISUSE_TIMELINE_XY] = { "timeline needs -y COL (the latencies) "
	    "and the time stamps (-x COL, or a request log's own)", NULL },
	[BP_MISUSE_TIMELINE_LOGY] = { "--logy does not apply to a timeline "
	    "(its panels share linear scales from 0)", NULL },
	[BP_MISUSE_OFFMAP_X] = { "offset-map needs -x COL (the time stamps)",
	    NULL },
	[BP_MISUSE_FACET] = { "--facet is not drawn for ", " charts yet "
	    "(scalability, box, cdf, hist, violin, runs, percentiles, path, "
	    "trend, heatmap, latency-map, offset-map, timeline)" },
	[BP_MISUSE_FACET_OPTS] = { "--facet does not go with --fit-table, "
	    "--slo, --little or --limit (one panel each is too small, the "
	    "checks read the whole table)", NULL },
	[BP_MISUSE_SAME_FACET] = { "--facet names the same column as -x, -y "
	    "or --series", NULL },
	[BP_MISUSE_STEADY_AUTO] = { "--steady auto applies to runs, "
	    "latency-map and timeline charts, not ", "" }
};

void
bp_misuse_text(enum bp_misuse m, const struct bp_kind *k, char *buf,
    size_t len)
{
	if ((size_t)m >= sizeof(misuse_msg) / sizeof(misuse_msg[0]) ||
	    misuse_msg[m].pre == NULL) {
		snprintf(buf, len, "the options do not go together");
		return;
	}
	snprintf(buf, len, "%s%s%s", misuse_msg[m].pre, misuse_msg[m].post !=
	    NULL ? k->name : "", misuse_msg[m].post != NULL ?
	    misuse_msg[m].post : "");
}
