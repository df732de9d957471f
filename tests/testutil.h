/*
 * Shared helpers for the cmocka unit tests.  cmocka 1.1 has no double
 * comparison, so assert_close() checks a relative or absolute tolerance.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Pass when |a-b| <= rtol*|b| or |a-b| <= atol; NaN equals NaN. */
#define assert_close(a, b, rtol, atol) \
	tu_assert_close((a), (b), (rtol), (atol), #a, __FILE__, __LINE__)

static inline void
tu_assert_close(double a, double b, double rtol, double atol,
    const char *what, const char *file, int line)
{
	if (isnan(a) && isnan(b))
		return;
	if (a == b)
		return;
	if (fabs(a - b) <= atol || fabs(a - b) <= rtol * fabs(b))
		return;
	print_error("%s:%d: %s = %.17g, expected %.17g (rtol %g, atol %g)\n",
	    file, line, what, a, b, rtol, atol);
	_fail(file, line);
}

/*
 * Read a simple CSV written by R's write.csv(row.names = FALSE) with
 * unquoted or double-quoted fields and no embedded commas: returns the
 * rows as arrays of strings.  Good enough for oracle output files.
 */
struct tu_csv {
	char	***rows;
	size_t	  nrows;
	size_t	  ncols;
	char	**hdr;
};

static inline char **
tu_split(char *line, size_t *n)
{
	size_t cap = 8, k = 0;
	char **v = malloc(cap * sizeof(*v));
	char *p = line, *q;

	line[strcspn(line, "\r\n")] = '\0';
	for (;;) {
		if (k == cap)
			v = realloc(v, (cap *= 2) * sizeof(*v));
		q = strchr(p, ',');
		if (q)
			*q = '\0';
		if (*p == '"') {
			p++;
			if (*p && p[strlen(p) - 1] == '"')
				p[strlen(p) - 1] = '\0';
		}
		v[k++] = strdup(p);
		if (!q)
			break;
		p = q + 1;
	}
	*n = k;
	return v;
}

static inline int
tu_csv_load(struct tu_csv *c, const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, n;

	memset(c, 0, sizeof(*c));
	if (fp == NULL)
		return -1;
	if (getline(&line, &cap, fp) < 0) {
		fclose(fp);
		return -1;
	}
	c->hdr = tu_split(line, &c->ncols);
	while (getline(&line, &cap, fp) >= 0) {
		c->rows = realloc(c->rows, (c->nrows + 1) * sizeof(*c->rows));
		c->rows[c->nrows++] = tu_split(line, &n);
	}
	free(line);
	fclose(fp);
	return 0;
}

/* Column index by name, or -1. */
static inline int
tu_csv_col(const struct tu_csv *c, const char *name)
{
	for (size_t i = 0; i < c->ncols; i++)
		if (strcmp(c->hdr[i], name) == 0)
			return (int)i;
	return -1;
}

/* Numeric value of a cell; "NA" and "" give NaN, "Inf" gives inf. */
static inline double
tu_num(const char *s)
{
	if (*s == '\0' || strcmp(s, "NA") == 0 || strcmp(s, "NaN") == 0)
		return NAN;
	if (strcmp(s, "Inf") == 0)
		return INFINITY;
	if (strcmp(s, "-Inf") == 0)
		return -INFINITY;
	return strtod(s, NULL);
}

/* Parse "1;2;3" (R's paste(x, collapse=";")) into a malloc'ed array. */
static inline double *
tu_vec(const char *s, size_t *n)
{
	size_t cap = 16, k = 0;
	double *v = malloc(cap * sizeof(*v));
	char *end;

	while (*s) {
		if (k == cap)
			v = realloc(v, (cap *= 2) * sizeof(*v));
		v[k++] = strtod(s, &end);
		if (end == s)
			break;
		s = end;
		if (*s == ';')
			s++;
	}
	*n = k;
	return v;
}

#endif /* TESTUTIL_H */
