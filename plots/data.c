/*
 * Chart data from a libstat table: the groups of a table, whose group
 * columns are a chart's roles (series, x, y), become the samples, grids
 * and lines that the charts take.  Nothing here draws or words a
 * message: what is wrong with the data goes back to the tool as a code.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <glib.h>

#include "plots_extern.h"

void
bp_names_free(char **names, size_t n)
{
	if (names == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* ------------------------------------------------------------------ */
/* File labels */

static int
is_sep(char c)
{
	return c == '_' || c == '-' || c == '.' || c == ' ';
}

static const char *
base_name(const char *path)
{
	const char *p = strrchr(path, '/');

	return p ? p + 1 : path;
}

/* Folder, extension and a .gz before it gone; U+FFFD for bad bytes. */
static char *
bare_name(const char *path, int *repaired)
{
	char *s = strdup(base_name(path)), *dot, *ok;

	if (s == NULL)
		return NULL;
	if ((dot = strrchr(s, '.')) != NULL && dot != s &&
	    strcasecmp(dot, ".gz") == 0)
		*dot = '\0';
	if ((dot = strrchr(s, '.')) != NULL && dot != s)
		*dot = '\0';
	if (g_utf8_validate(s, -1, NULL))
		return s;
	*repaired = 1;
	ok = g_utf8_make_valid(s, -1);
	free(s);
	s = strdup(ok);
	g_free(ok);
	return s;
}

/* Prefix and suffix lengths shared by all, ending at a separator. */
static void
shared_ends(char *const *s, size_t n, size_t minlen, size_t *pre,
    size_t *suf)
{
	size_t i, j;

	for (*pre = 0, j = 0; j < minlen; j++) {
		for (i = 1; i < n && s[i][j] == s[0][j]; i++)
			;
		if (i < n)
			break;
		if (is_sep(s[0][j]))
			*pre = j + 1;
	}
	for (*suf = 0, j = 0; j < minlen; j++) {
		char c = s[0][strlen(s[0]) - 1 - j];

		for (i = 1; i < n && s[i][strlen(s[i]) - 1 - j] == c; i++)
			;
		if (i < n)
			break;
		if (is_sep(c))
			*suf = j + 1;
	}
}

static int
all_distinct(char *const *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (strcmp(s[i], s[j]) == 0)
				return 0;
	return 1;
}

char **
bp_file_labels(const struct bs_buf *b, size_t n, int *repaired)
{
	char **s = calloc(n + 1, sizeof(*s));
	size_t pre, suf, i, minlen = (size_t)-1;

	*repaired = 0;
	if (s == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		if ((s[i] = bare_name(b[i].name, repaired)) == NULL)
			goto fail;
		if (strlen(s[i]) < minlen)
			minlen = strlen(s[i]);
	}
	if (n < 2)
		return s;
	shared_ends(s, n, minlen, &pre, &suf);
	if (pre + suf >= minlen)
		return s;
	for (i = 0; i < n; i++) {
		size_t l = strlen(s[i]) - pre - suf;

		memmove(s[i], s[i] + pre, l);
		s[i][l] = '\0';
	}
	if (all_distinct(s, n))
		return s;
	/* Identical names after trimming: keep the base names. */
	for (i = 0; i < n; i++) {
		free(s[i]);
		if ((s[i] = strdup(base_name(b[i].name))) == NULL)
			goto fail;
	}
	return s;
fail:
	bp_names_free(s, n);
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Groups, series and categories */

/* Label of the file of group g. */
static const char *
group_file(const struct bp_roles *r, size_t g)
{
	const char *k = r->t->groups[g].key[0];

	for (size_t i = 0; i < r->nbufs; i++)
		if (strcmp(r->bufs[i].name, k) == 0)
			return r->flabel[i];
	return k;
}

char *
bp_group_series(const struct bp_roles *r, size_t g)
{
	const char *f = r->filecol ? group_file(r, g) : "";
	const char *v = r->kseries >= 0 ? r->t->groups[g].key[r->kseries] :
	    "";
	char *s, *id = NULL;

	/* No series role: the benchmark's identity (the default groups). */
	if (r->kseries < 0 && r->t->nauto > 0) {
		for (size_t k = 0; k < r->t->nauto; k++) {
			const char *kv = r->t->groups[g].key[r->t->autofrom +
			    k];
			char *n;

			if (asprintf(&n, "%s%s%s", id ? id : "", id ? ", " :
			    "", kv) < 0) {
				free(id);
				return NULL;
			}
			free(id);
			id = n;
		}
		v = id;
	}
	if (asprintf(&s, "%s%s%s", f, *f && (r->kseries >= 0 || *v) ?
	    " / " : "", v) < 0)
		s = NULL;
	free(id);
	return s;
}

/* Index of s in names[0..*n), added when new; -1 when out of memory. */
static long
intern(char ***names, size_t *n, const char *s)
{
	char **p;

	for (size_t i = 0; i < *n; i++)
		if (strcmp((*names)[i], s) == 0)
			return (long)i;
	if ((p = realloc(*names, (*n + 1) * sizeof(*p))) == NULL)
		return -1;
	*names = p;
	if ((p[*n] = strdup(s)) == NULL)
		return -1;
	return (long)(*n)++;
}

struct cat {
	const char	*name;
	double		 v;
	size_t		 first;
};

static int
cat_cmp(const void *a, const void *b)
{
	const struct cat *p = a, *q = b;

	if (p->v != q->v)
		return p->v < q->v ? -1 : 1;
	return (p->first > q->first) - (p->first < q->first);
}

int
bp_order_categories(char **names, size_t n, size_t *map, int reverse)
{
	struct cat *c = calloc(n + 1, sizeof(*c)), t;
	char **tmp = calloc(n + 1, sizeof(*tmp));
	struct bs_dec d;
	size_t i;
	int numeric = 1;

	if (c == NULL || tmp == NULL) {
		free(c);
		free(tmp);
		return -1;
	}
	for (i = 0; i < n; i++) {
		c[i].name = names[i];
		c[i].first = i;
		if (bs_parse_number(names[i], strlen(names[i]), &d, &c[i].v) !=
		    BS_NUM_OK)
			numeric = 0;
	}
	if (numeric) {
		qsort(c, n, sizeof(*c), cat_cmp);
		for (i = 0; reverse && i < n / 2; i++) {
			t = c[i];
			c[i] = c[n - 1 - i];
			c[n - 1 - i] = t;
		}
	}
	for (i = 0; i < n; i++) {
		map[c[i].first] = i;
		tmp[i] = names[c[i].first];
	}
	memcpy(names, tmp, n * sizeof(*names));
	free(tmp);
	free(c);
	return 0;
}

/*
 * Intern key k (or "" when k < 0) of every group into names: ix[g] is
 * group g's index; then order the names, ix[] following.
 */
static int
intern_keys(const struct bp_roles *r, long k, int reverse, char ***names,
    size_t *n, size_t *ix)
{
	const struct bs_table *t = r->t;
	size_t *map;
	long j;

	for (size_t g = 0; g < t->ngroups; g++) {
		if ((j = intern(names, n, k >= 0 ? t->groups[g].key[k] :
		    "")) < 0)
			return -1;
		ix[g] = (size_t)j;
	}
	if ((map = calloc(*n + 1, sizeof(*map))) == NULL ||
	    bp_order_categories(*names, *n, map, reverse) == -1) {
		free(map);
		return -1;
	}
	for (size_t g = 0; g < t->ngroups; g++)
		ix[g] = map[ix[g]];
	free(map);
	return 0;
}

/* The series of every group, in order of first appearance. */
static int
intern_series(const struct bp_roles *r, char ***names, size_t *n,
    size_t *ix)
{
	char *name;
	long j;

	for (size_t g = 0; g < r->t->ngroups; g++) {
		if ((name = bp_group_series(r, g)) == NULL)
			return -1;
		j = intern(names, n, name);
		free(name);
		if (j < 0)
			return -1;
		ix[g] = (size_t)j;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Samples (box plot, CDF) and grid (heatmap) */

int
bp_samples_gather(const struct bp_roles *r, struct bp_samples *sm)
{
	const struct bs_table *t = r->t;
	size_t *gc, *gs, k, nc;
	int rc = -1;

	memset(sm, 0, sizeof(*sm));
	gc = calloc(t->ngroups + 1, sizeof(*gc));
	gs = calloc(t->ngroups + 1, sizeof(*gs));
	if (gc == NULL || gs == NULL ||
	    intern_keys(r, r->kx, 0, &sm->cat, &sm->ncat, gc) == -1 ||
	    intern_series(r, &sm->ser, &sm->nser, gs) == -1)
		goto out;
	nc = sm->ncat * sm->nser;
	sm->v = calloc(nc + 1, sizeof(*sm->v));
	sm->n = calloc(nc + 1, sizeof(*sm->n));
	if (sm->v == NULL || sm->n == NULL)
		goto out;
	for (size_t g = 0; g < t->ngroups; g++) {
		double *v, *all;
		size_t n;

		k = gc[g] * sm->nser + gs[g];
		if ((v = bs_series_values(&t->groups[g].s[0], r->skip, &n)) ==
		    NULL)
			goto out;
		for (size_t i = 0; i < n; i++)
			sm->maxabs = fmax(sm->maxabs, fabs(v[i]));
		if (sm->v[k] == NULL) {
			sm->v[k] = v;
			sm->n[k] = n;
			continue;
		}
		/* --facet: groups of other panels share the cell; joined. */
		if ((all = realloc(sm->v[k], (sm->n[k] + n + 1) *
		    sizeof(*all))) == NULL) {
			free(v);
			goto out;
		}
		memcpy(all + sm->n[k], v, n * sizeof(*v));
		sm->v[k] = all;
		sm->n[k] += n;
		free(v);
	}
	rc = 0;
out:
	free(gc);
	free(gs);
	return rc;
}

void
bp_samples_free(struct bp_samples *sm)
{
	if (sm->v != NULL)
		for (size_t i = 0; i < sm->ncat * sm->nser; i++)
			free(sm->v[i]);
	free(sm->v);
	free(sm->n);
	bp_names_free(sm->cat, sm->ncat);
	bp_names_free(sm->ser, sm->nser);
	memset(sm, 0, sizeof(*sm));
}

int
bp_grid_gather(const struct bp_roles *r, const struct bs_summary_opts *so,
    struct bp_grid *gr, struct bs_err *e)
{
	const struct bs_table *t = r->t;
	struct bs_summary sum;
	size_t *gx, *gy;
	int rc = -1;

	memset(gr, 0, sizeof(*gr));
	gx = calloc(t->ngroups + 1, sizeof(*gx));
	gy = calloc(t->ngroups + 1, sizeof(*gy));
	if (gx == NULL || gy == NULL ||
	    intern_keys(r, r->kx, 0, &gr->xcat, &gr->nx, gx) == -1 ||
	    /* Numbers grow upwards, as on any y axis. */
	    intern_keys(r, r->ky, 1, &gr->ycat, &gr->ny, gy) == -1 ||
	    (gr->z = malloc((gr->nx * gr->ny + 1) * sizeof(*gr->z))) ==
	    NULL) {
		bs_seterr(e, NULL, 0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < gr->nx * gr->ny; i++)
		gr->z[i] = NAN;
	for (size_t g = 0; g < t->ngroups; g++) {
		if (bs_summarize(&t->groups[g].s[0], so, 1, &sum, e) == -1)
			goto out;
		/* --facet: another panel's group of the cell is empty. */
		if (sum.n) {
			gr->z[gy[g] * gr->nx + gx[g]] = sum.mean;
			gr->maxabs = fmax(gr->maxabs, fabs(sum.mean));
		}
	}
	rc = 0;
out:
	free(gx);
	free(gy);
	return rc;
}

void
bp_grid_free(struct bp_grid *gr)
{
	free(gr->z);
	bp_names_free(gr->xcat, gr->nx);
	bp_names_free(gr->ycat, gr->ny);
	memset(gr, 0, sizeof(*gr));
}

struct bp_dist_series *
bp_dist_series_of(const struct bp_samples *sm, const char *col,
    struct bs_err *e)
{
	struct bp_dist_series *d = calloc(sm->ncat * sm->nser + 1,
	    sizeof(*d));

	if (d == NULL) {
		bp_err(e, "out of memory");
		return NULL;
	}
	for (size_t i = 0; i < sm->ncat * sm->nser; i++) {
		d[i].name = *sm->ser[i % sm->nser] ? sm->ser[i % sm->nser] :
		    col;
		d[i].v = sm->v[i];
		d[i].n = sm->n[i];
	}
	return d;
}

/* Box plots and CDFs: values per category and series, before the image. */
int
bp_drawing_samples(struct bp_drawing *d, struct bs_err *e)
{
	struct bp_samples *sm;

	if ((sm = calloc(1, sizeof(*sm))) == NULL)
		return bp_err(e, "out of memory");
	d->data = sm;
	if (bp_samples_gather(&d->in->r, sm) == -1)
		return bp_err(e, "out of memory");
	return 0;
}

void
bp_drawing_samples_free(struct bp_drawing *d)
{
	if (d->data != NULL)
		bp_samples_free(d->data);
	free(d->data);
}
