/*
 * The lines of a scalability chart from a table's groups: one point per
 * (series, x) group, the mean and its interval, and the raw rows beside
 * them for a fitted model.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "plots_extern.h"

static int
grow(double **a, size_t cap)
{
	double *p = realloc(*a, cap * sizeof(double));

	if (p == NULL)
		return -1;
	*a = p;
	return 0;
}

static int
line_point(struct bp_line *l, double x, double y, double lo, double hi)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;

		if (grow(&l->x, cap) || grow(&l->y, cap) ||
		    grow(&l->lo, cap) || grow(&l->hi, cap))
			return -1;
		l->cap = cap;
	}
	l->x[l->n] = x;
	l->y[l->n] = y;
	l->lo[l->n] = lo;
	l->hi[l->n] = hi;
	l->n++;
	return 0;
}

static int
line_raw(struct bp_line *l, double x, const double *v, size_t n)
{
	if (l->nraw + n > l->rawcap) {
		size_t cap = l->rawcap ? l->rawcap : 64;

		while (cap < l->nraw + n)
			cap *= 2;
		if (grow(&l->rx, cap) || grow(&l->ry, cap))
			return -1;
		l->rawcap = cap;
	}
	for (size_t i = 0; i < n; i++) {
		l->rx[l->nraw] = x;
		l->ry[l->nraw++] = v[i];
	}
	return 0;
}

static int
fail(struct bp_lines *ls, enum bp_lines_fail why, const char *a,
    const char *b, size_t count)
{
	ls->fail = why;
	ls->a = a;
	ls->b = b;
	ls->count = count;
	return -1;
}

/*
 * The name of group g's line: its series, after its panel's value with
 * --facet ("facet / series", as the fit report names it); *off is where
 * the series starts.  NULL: out of memory.
 */
static char *
line_name(const struct bp_roles *r, size_t g, size_t *off)
{
	const char *f;
	char *ser, *name;

	*off = 0;
	if ((ser = bp_group_series(r, g)) == NULL || r->kfacet < 0)
		return ser;
	f = r->t->groups[g].key[r->kfacet];
	if (asprintf(&name, "%s%s%s", f, *ser ? " / " : "", ser) < 0)
		name = NULL;
	else
		*off = strlen(name) - strlen(ser);
	free(ser);
	return name;
}

/* The line of group g, added (empty) when its series is new; NULL: OOM. */
static struct bp_line *
line_of(const struct bp_roles *r, size_t g, struct bp_lines *ls)
{
	struct bp_line *l;
	char *name;
	size_t i, off;

	if ((name = line_name(r, g, &off)) == NULL)
		return NULL;
	for (i = 0; i < ls->n; i++)
		if (strcmp(ls->l[i].name, name) == 0) {
			free(name);
			return &ls->l[i];
		}
	if ((l = realloc(ls->l, (ls->n + 1) * sizeof(*l))) == NULL) {
		free(name);
		return NULL;
	}
	ls->l = l;
	memset(&l[ls->n], 0, sizeof(*l));
	l[ls->n].name = name;
	l[ls->n].series = name + off;
	if (r->kfacet >= 0 && (l[ls->n].facet =
	    strdup(r->t->groups[g].key[r->kfacet])) == NULL) {
		free(name);
		return NULL;
	}
	return &l[ls->n++];
}

/* A value of bstat's output, NaN where it is missing. */
static double
given(const struct bs_series *s)
{
	return s->n && !isnan(s->v[0]) ? bs_series_value(s, 0) : NAN;
}

/*
 * bstat's interval is mean + t(c, n - 1) se: its level c, read back from
 * a row, must be the same on every row to be said.
 */
static void
read_level(struct bp_lines *ls, double mean, double hi, double n, double se)
{
	double c;

	if (ls->level < 0 || !(n >= 2) || !(se > 0) || !isfinite(hi))
		return;
	c = 100 * (2 * gsl_cdf_tdist_P((hi - mean) / se, n - 1) - 1);
	c = round(c * 10) / 10;
	if (ls->level == 0)
		ls->level = c;
	else if (fabs(ls->level - c) > 0.05)
		ls->level = -1;
}

/*
 * The point of group gr: 1 made, 0 none (no values), -1 failed.  The
 * rows behind it go to the line as the fit's data.
 */
static int
group_point(const struct bp_roles *r, const struct bs_group *gr, int bstat,
    const struct bs_summary_opts *so, struct bp_lines *ls,
    struct bp_line *l, double x, double *p)
{
	struct bs_summary sum;
	double *raw;
	size_t nraw;
	int rc;

	if (bstat) {
		if (gr->s[0].n > 1)
			return fail(ls, BP_LINES_MEANS, gr->key[r->kx], l->name,
			    gr->s[0].n);
		if (gr->s[0].n == 0 || isnan(gr->s[0].v[0]))
			return 0;
		p[0] = bs_series_value(&gr->s[0], 0);
		p[1] = given(&gr->s[1]);
		p[2] = given(&gr->s[2]);
		if (r->t->nvcols >= 5)
			read_level(ls, p[0], p[2], given(&gr->s[3]),
			    given(&gr->s[4]));
		return line_raw(l, x, p, 1) == 0 ? 1 :
		    fail(ls, BP_LINES_NOMEM, NULL, NULL, 0);
	}
	if (bs_summarize(&gr->s[0], so, 1, &sum, &ls->err) == -1)
		return fail(ls, BP_LINES_SUMMARY, NULL, NULL, 0);
	if (sum.n == 0)
		return 0;
	p[0] = sum.mean;
	p[1] = sum.ci_lo;
	p[2] = sum.ci_hi;
	if ((raw = bs_series_values(&gr->s[0], r->skip, &nraw)) == NULL)
		return fail(ls, BP_LINES_NOMEM, NULL, NULL, 0);
	rc = line_raw(l, x, raw, nraw);
	free(raw);
	return rc == 0 ? 1 : fail(ls, BP_LINES_NOMEM, NULL, NULL, 0);
}

/* With bstat's "column": is group g's column the one drawn? */
static int
column_wanted(const char *y, const char *c)
{
	if (y != NULL && strcmp(y, "mean") != 0)
		return strcmp(c, y) == 0;
	return 1;
}

int
bp_lines_gather(const struct bp_roles *r, const char *y, int bstat,
    const struct bs_summary_opts *so, struct bp_lines *ls)
{
	struct bs_dec d;
	double x, p[3];
	int rc;

	memset(ls, 0, sizeof(*ls));
	for (size_t g = 0; g < r->t->ngroups; g++) {
		const struct bs_group *gr = &r->t->groups[g];
		const char *xs = gr->key[r->kx];
		struct bp_line *l;

		if (r->kcol >= 0) {
			const char *c = gr->key[r->kcol];

			if (!column_wanted(y, c))
				continue;
			if ((y == NULL || strcmp(y, "mean") == 0) &&
			    ls->colkey != NULL && strcmp(ls->colkey, c) != 0)
				return fail(ls, BP_LINES_COLUMNS, ls->colkey, c,
				    0);
			ls->colkey = c;
		}
		if (bs_parse_number(xs, strlen(xs), &d, &x) != BS_NUM_OK)
			return fail(ls, BP_LINES_XNUM, xs, NULL, 0);
		if ((l = line_of(r, g, ls)) == NULL)
			return fail(ls, BP_LINES_NOMEM, NULL, NULL, 0);
		if ((rc = group_point(r, gr, bstat, so, ls, l, x, p)) <= 0) {
			if (rc < 0)
				return -1;
			continue;
		}
		if (line_point(l, x, p[0], p[1], p[2]) == -1)
			return fail(ls, BP_LINES_NOMEM, NULL, NULL, 0);
		ls->npts++;
		ls->xmax = fmax(ls->xmax, fabs(x));
		ls->ymax = fmax(ls->ymax, fabs(p[0]));
		if (isfinite(p[2]))
			ls->ymax = fmax(ls->ymax, fabs(p[2]));
	}
	return 0;
}

void
bp_lines_free(struct bp_lines *ls)
{
	for (size_t i = 0; i < ls->n; i++) {
		free(ls->l[i].name);
		free(ls->l[i].facet);
		free(ls->l[i].x);
		free(ls->l[i].y);
		free(ls->l[i].lo);
		free(ls->l[i].hi);
		free(ls->l[i].rx);
		free(ls->l[i].ry);
	}
	free(ls->l);
	ls->l = NULL;
	ls->n = 0;
}
