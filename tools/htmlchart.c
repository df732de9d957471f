/*
 * The charts of bcompare's HTML report: a box plot and a CDF of each
 * metric's two sides, drawn by plots/ onto a cairo SVG surface that
 * writes into memory, then inlined.  libstat's html.c calls this through
 * bs_report_opts.chart: the library lies below the drawing layer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "plots.h"
#include "htmlchart.h"

#define CW	480	/* chart size in SVG user units (points) */
#define CH	300

struct svgbuf {
	char	*p;
	size_t	 n, cap;
	int	 err;
};

static cairo_status_t
collect(void *closure, const unsigned char *data, unsigned int len)
{
	struct svgbuf *b = closure;

	if (b->n + len + 1 > b->cap) {
		size_t cap = (b->n + len + 1) * 2;
		char *np = realloc(b->p, cap);

		if (np == NULL) {
			b->err = 1;
			return CAIRO_STATUS_WRITE_ERROR;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->n, data, len);
	b->n += len;
	b->p[b->n] = '\0';
	return CAIRO_STATUS_SUCCESS;
}

/*
 * Write the SVG element without its XML declaration, every id and every
 * reference to one prefixed with the chart's number: cairo names glyphs
 * and clips alike in every file, and one page holds many charts.
 */
static void
inline_svg(FILE *fp, const char *s, unsigned no)
{
	static const char *const refs[] = { "id=\"", "href=\"#", "url(#" };
	const char *p = strstr(s, "<svg");

	if (p == NULL)
		return;
	while (*p != '\0') {
		size_t k, best = 0, at = (size_t)-1;

		for (k = 0; k < 3; k++) {
			const char *q = strstr(p, refs[k]);

			if (q != NULL && (size_t)(q - p) < at) {
				at = (size_t)(q - p);
				best = k;
			}
		}
		if (at == (size_t)-1) {
			fputs(p, fp);
			break;
		}
		fwrite(p, 1, at + strlen(refs[best]), fp);
		fprintf(fp, "c%u-", no);
		p += at + strlen(refs[best]);
	}
}

int
html_chart(void *arg, FILE *fp, const struct bs_metric *m, int cdf)
{
	struct html_charts *hc = arg;
	struct svgbuf b = { NULL, 0, 0, 0 };
	static const char *const names[] = { "baseline", "candidate" };
	struct bs_err e;
	cairo_surface_t *sf;
	cairo_t *cr;
	int rc;

	sf = cairo_svg_surface_create_for_stream(collect, &b, CW, CH);
	/* Sizes without "pt": HTML's width and height take plain numbers. */
	cairo_svg_surface_set_document_unit(sf, CAIRO_SVG_UNIT_USER);
	cr = cairo_create(sf);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (cdf) {
		struct bp_cdf_opts co;
		struct bp_cdf_series s[2] = { { names[0], m->b, m->nb },
		    { names[1], m->c, m->nc } };

		bp_cdf_opts_init(&co);
		co.chart.x.label = m->column;
		co.chart.y.label = "F(x)";
		rc = bp_cdf(cr, CW, CH, &co, s, 2, &e);
	} else {
		struct bp_box_opts bo;
		struct bp_sample s[2] = { { m->b, m->nb }, { m->c, m->nc } };
		const char *cat[1] = { "" };

		bp_box_opts_init(&bo);
		bo.series = names;
		bo.nseries = 2;
		bo.chart.y.label = m->column;
		rc = bp_box(cr, CW, CH, &bo, cat, 1, s, &e);
	}
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
		rc = -1;
	cairo_surface_destroy(sf);
	if (rc == 0 && !b.err && b.p != NULL)
		inline_svg(fp, b.p, hc->n++);
	free(b.p);
	return rc == 0 && !b.err ? 0 : -1;
}
