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
	"heatmap", "box", "cdf", "trend" };

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
	G_NOZ = 1 << 14
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
	{ BP_MISUSE_REPORT_NOFIT, K_ALL, G_REPORT_NOFIT },
	{ BP_MISUSE_HEAT_ONLY, K_ALL & ~K(BP_KIND_HEAT),
	    G_Z | G_CMAP | G_CENTER | G_ZLABEL },
	{ BP_MISUSE_HEAT_AXES, K(BP_KIND_HEAT), G_SERIES | G_LOGX | G_LOGY },
	{ BP_MISUSE_HEAT_LEGEND, K(BP_KIND_HEAT), G_LEGEND },
	{ BP_MISUSE_BOX_LOGX, K(BP_KIND_BOX), G_LOGX },
	{ BP_MISUSE_CDF_LOGY, K(BP_KIND_CDF), G_LOGY },
	{ BP_MISUSE_CDF_X, K(BP_KIND_CDF), G_X },
	{ BP_MISUSE_CENTER_MAP, K_ALL, G_CENTER_MAP },
	{ BP_MISUSE_NEED_X, K(BP_KIND_SCAL), G_NOX },
	{ BP_MISUSE_NEED_XYZ, K(BP_KIND_HEAT), G_NOX | G_NOY | G_NOZ },
	{ BP_MISUSE_NEED_Y, K(BP_KIND_BOX) | K(BP_KIND_CDF) | K(BP_KIND_TREND),
	    G_NOY }
};

static unsigned
given(const struct bp_request *q)
{
	unsigned g = 0;

	g |= q->fit >= 0 ? G_FIT : 0;
	g |= (q->fitreport != NULL || q->fit_table) && q->fit < 0 ?
	    G_REPORT_NOFIT : 0;
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
	sc->r[BP_ROLE_X].col = q->x;
	sc->r[BP_ROLE_X].label = !scal;
	/* A history's revisions are many, and drawn along a number line. */
	sc->r[BP_ROLE_X].limit = !scal && q->kind != BP_KIND_TREND ?
	    BP_MAX_TICKS : 0;
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

	r->filecol = p->filecol;
	/* The series column "file" is the file column itself. */
	role[0] = p->sfile ? NULL : q->series;
	role[1] = q->x;
	role[2] = q->kind == BP_KIND_HEAT ? q->y : NULL;
	role[3] = p->bycol ? "column" : NULL;
	if (bp_roles_groups(r, role, &in->groups) == -1)
		return bp_err(e, "out of memory");
	to->groups = in->groups;
	to->columns = p->bstat ? "mean,ci_lo,ci_hi" :
	    q->kind == BP_KIND_HEAT ? q->z : q->y;
	to->file_group = p->filecol;
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
	free(in->groups);
	free(in->bufs);
	memset(in, 0, sizeof(*in));
}

/* ------------------------------------------------------------------ */
/* The chart options of a command line */

enum {
	O_SERIES = BP_OPT_BASE, O_FIT, O_FITREPORT, O_FITTABLE, O_LOGX,
	O_LOGY, O_TITLE, O_XLABEL, O_YLABEL, O_ZLABEL, O_LEGEND, O_WIDTH,
	O_HEIGHT, O_CMAP, O_CENTER, O_REVERSE
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

int
bp_request_opt(struct bp_request *q, int code, const char *arg,
    struct bs_err *e)
{
	switch (code) {
	case O_SERIES:
		q->series = arg;
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
	    "usl or --fit amdahl", NULL },
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
	    "-y", NULL }
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
