/*
 * What a chart's inputs are before a table is built from them: the
 * first header (to tell bstat's output from raw rows, and to check the
 * columns the options name), and the group columns of the roles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "plots_extern.h"

long
bp_col_number(const char *col, size_t n)
{
	size_t i, v = 0;

	for (i = 0; col[i] >= '0' && col[i] <= '9' && v <= n; i++)
		v = v * 10 + (size_t)(col[i] - '0');
	return i > 0 && col[i] == '\0' && v >= 1 && v <= n ? (long)v - 1 : -1;
}

static int
on_header(void *arg, const struct bs_field *h, size_t n, struct bs_err *e)
{
	struct bp_header *p = arg;

	if ((p->names = calloc(n + 1, sizeof(*p->names))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (size_t i = 0; i < n; i++)
		if ((p->names[p->n++] = strndup(h[i].s ? h[i].s : "",
		    h[i].len)) == NULL) {
			bp_header_free(p);
			return bs_seterr(e, NULL, 0, "out of memory");
		}
	/* Enough: stop the reader here. */
	return bs_seterr(e, NULL, 0, "header read");
}

static void
on_format(void *arg, const struct bs_fmt *f)
{
	struct bp_header *p = arg;

	p->fmt = f;
}

static int
on_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	(void)arg;
	(void)r;
	return bs_seterr(e, NULL, 0, "record read");
}

int
bp_header_read(struct bp_header *p, const struct bs_buf *b,
    const struct bs_read_opts *ro, struct bs_err *e)
{
	struct bs_reader_cb cb;

	memset(p, 0, sizeof(*p));
	memset(&cb, 0, sizeof(cb));
	cb.header = on_header;
	cb.record = on_record;
	cb.format = on_format;
	cb.arg = p;
	if (bs_read(b, NULL, ro, &cb, NULL, NULL, e) == -1 &&
	    p->names == NULL)
		return -1;
	return 0;
}

void
bp_header_free(struct bp_header *p)
{
	bp_names_free(p->names, p->n);
	memset(p, 0, sizeof(*p));
}

int
bp_header_has(const struct bp_header *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->names[i], name) == 0)
			return 1;
	return 0;
}

int
bp_header_resolves(const struct bp_header *p, const char *col)
{
	return bp_header_has(p, col) || bp_col_number(col, p->n) >= 0;
}

/* s, then a, freed; NULL when out of memory (s freed too). */
static char *
append(char *s, const char *a, const char *b)
{
	char *t;

	if (s == NULL || asprintf(&t, "%s%s%s", s, a, b) < 0)
		t = NULL;
	free(s);
	return t;
}

char *
bp_header_list(const struct bp_header *p, size_t max)
{
	char *list = strdup(""), *end;
	size_t i;

	for (i = 0; i < p->n && list != NULL && strlen(list) < max; i++)
		list = append(list, i ? ", " : "", p->names[i]);
	if (list == NULL)
		return NULL;
	if (strlen(list) > max) {
		/* Column names can be long and in any script. */
		list[max] = '\0';
		if (!g_utf8_validate(list, -1, (const char **)&end))
			*end = '\0';
		return append(list, "...", "");
	}
	return i < p->n ? append(list, ", ...", "") : list;
}

int
bp_header_bstat(const struct bp_header *p, const char *y, int *bycolumn)
{
	int bstat = bp_header_has(p, "mean") && bp_header_has(p, "ci_lo") &&
	    bp_header_has(p, "ci_hi") && (y == NULL ||
	    strcmp(y, "mean") == 0 || (!bp_header_has(p, y) &&
	    bp_header_has(p, "column")));

	*bycolumn = bstat && bp_header_has(p, "column");
	return bstat;
}

int
bp_roles_groups(struct bp_roles *r, const char *const role[5],
    char **groups)
{
	long *key[5] = { &r->kseries, &r->kx, &r->ky, &r->kcol, &r->kfacet },
	    ng = 0;

	*groups = NULL;
	for (size_t k = 0; k < 5; k++) {
		*key[k] = -1;
		if (role[k] == NULL)
			continue;
		if ((*groups = append(*groups != NULL ? *groups : strdup(""),
		    ng ? "," : "", role[k])) == NULL)
			return -1;
		/* Key 0 is the file, when there is a file column. */
		*key[k] = ng++ + (r->filecol ? 1 : 0);
	}
	return 0;
}

/* Append col to the list unless it is there already. */
void
bp_cols_add(struct bp_cols *c, const char *col)
{
	GString *g = c->g;
	const char *p = g->str;
	size_t n;

	if (col == NULL || *col == '\0')
		return;
	n = strlen(col);
	while (*p) {
		const char *s = strchr(p, ',');
		size_t len = s ? (size_t)(s - p) : strlen(p);

		if (len == n && strncmp(p, col, n) == 0)
			return;
		p += len + (s != NULL);
	}
	if (g->len > 0)
		g_string_append_c(g, ',');
	g_string_append(g, col);
}
