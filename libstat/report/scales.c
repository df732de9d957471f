/*
 * What the reports for people show of a metric (report.c's table and
 * md, html.c's verdict table): the centre of the statistic compared and
 * one display scale per value column, so that every report reads in the
 * same units and digits.
 */
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "report/report.h"

/* The centre shown for people: the statistic compared. */
double
bs_report_centre(const struct bs_metric *r, const struct bs_cmp_opts *c,
    int cand)
{
	if (c->stat_name != NULL)
		return cand ? r->stat_c : r->stat_b;
	if (bs_cmp_test(c)->centre == BS_MC_MEDIAN)
		return cand ? r->med_c : r->med_b;
	return cand ? r->mean_c : r->mean_b;
}

/*
 * The display scale of each value column: its unit from its name (or the
 * format's declaration), the size from the median magnitude of the
 * centres on both sides, so that one column reads in one unit.
 */
int
bs_colscales_init(struct bs_colscales *cs, const struct bs_comparison *cmp,
    const struct bs_report_opts *o)
{
	struct bs_colunit u;
	const char **unit = NULL;
	double **v = NULL;
	size_t *nv = NULL, *cof = NULL, i, j;
	long f;
	int rc = -1;

	memset(cs, 0, sizeof(*cs));
	/* The columns, in order of appearance, through a hash: linear. */
	if ((cs->col = malloc((cmp->n + 1) * sizeof(*cs->col))) == NULL ||
	    (cof = malloc((cmp->n + 1) * sizeof(*cof))) == NULL)
		goto out;
	for (i = 0; i < cmp->n; i++) {
		const char *c = cmp->m[i].column;

		if ((f = bs_strhash_get(&cs->h, c, strlen(c))) < 0) {
			f = (long)cs->n;
			if (bs_strhash_put(&cs->h, c, strlen(c), cs->n) == -1)
				goto out;
			cs->col[cs->n++] = c;
		}
		cof[i] = (size_t)f;
	}
	if ((cs->sc = calloc(cs->n + 1, sizeof(*cs->sc))) == NULL ||
	    (v = calloc(cs->n + 1, sizeof(*v))) == NULL ||
	    (nv = calloc(cs->n + 1, sizeof(*nv))) == NULL ||
	    (unit = calloc(cs->n + 1, sizeof(*unit))) == NULL)
		goto out;
	if (o->raw) {
		rc = 0;
		goto out;
	}
	/* Each column's centres on both sides, then its unit and scale. */
	for (i = 0; i < cmp->n; i++)
		nv[cof[i]] += 2;
	for (j = 0; j < cs->n; j++)
		if ((v[j] = malloc(nv[j] * sizeof(*v[j]))) == NULL)
			goto out;
	memset(nv, 0, (cs->n + 1) * sizeof(*nv));
	for (i = 0; i < cmp->n; i++) {
		j = cof[i];
		/* The last unit a metric of the column declared. */
		if (cmp->m[i].unit != NULL)
			unit[j] = cmp->m[i].unit;
		v[j][nv[j]++] = bs_report_centre(&cmp->m[i], o->c, 0);
		v[j][nv[j]++] = bs_report_centre(&cmp->m[i], o->c, 1);
	}
	for (j = 0; j < cs->n; j++) {
		bs_column_unit_as(cs->col[j], unit[j], &u);
		bs_scale_choose(&cs->sc[j], &u, bs_typical_scratch(v[j],
		    nv[j]));
	}
	rc = 0;
out:
	for (j = 0; v != NULL && j < cs->n; j++)
		free(v[j]);
	free(v);
	free(nv);
	free(cof);
	free(unit);
	if (rc == -1) {
		free(cs->col);
		free(cs->sc);
		bs_strhash_free(&cs->h);
		memset(cs, 0, sizeof(*cs));
	}
	return rc;
}

const struct bs_scale *
bs_colscale(const struct bs_colscales *cs, const char *column)
{
	long j = bs_strhash_get(&cs->h, column, strlen(column));

	return j < 0 ? NULL : &cs->sc[j];
}

/* The index of a metric's column (every metric's column is there). */
size_t
bs_colindex(const struct bs_colscales *cs, const char *column)
{
	return (size_t)bs_strhash_get(&cs->h, column, strlen(column));
}

void
bs_colscales_free(struct bs_colscales *cs)
{
	free(cs->col);
	free(cs->sc);
	bs_strhash_free(&cs->h);
}
