/*
 * csvcmp: compare two simple CSV files cell by cell, numbers within a
 * relative tolerance, text exactly.  Used by the test harness to compare
 * the tools' csv output with the R oracle's files.  Columns are matched
 * by name: the actual file may have more columns than the expected one.
 *
 * usage: csvcmp [-r RTOL] [-a ATOL] EXPECTED ACTUAL
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXF 256

static int
split(char *line, char **f)
{
	int n = 0;
	char *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	for (;;) {
		char *q;

		if (n == MAXF)
			return n;
		if (*p == '"') {
			/* Quoted: up to the closing quote, "" is a quote. */
			char *w = ++p;

			f[n++] = w;
			for (;;) {
				if (*p == '\0')
					break;
				if (*p == '"' && p[1] == '"') {
					*w++ = '"';
					p += 2;
				} else if (*p == '"') {
					p++;
					break;
				} else
					*w++ = *p++;
			}
			*w = '\0';
			if (*p == ',')
				p++;
			else
				return n;
			continue;
		}
		f[n++] = p;
		if ((q = strchr(p, ',')) == NULL)
			return n;
		*q = '\0';
		p = q + 1;
	}
}

static int
isnum(const char *s, double *d)
{
	char *end;

	if (*s == '\0')
		return 0;
	*d = strtod(s, &end);
	return *end == '\0';
}

int
main(int argc, char *argv[])
{
	double rtol = 1e-9, atol = 0, a, b;
	char *la = NULL, *lb = NULL, *fa[MAXF], *fb[MAXF], *hdr[MAXF];
	size_t ca = 0, cb = 0, line = 0;
	FILE *ea, *eb;
	int ch, na, nb, bad = 0, nh = 0, nact = 0, map[MAXF];

	while ((ch = getopt(argc, argv, "r:a:")) != -1)
		switch (ch) {
		case 'r':
			rtol = atof(optarg);
			break;
		case 'a':
			atol = atof(optarg);
			break;
		default:
			return 2;
		}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: csvcmp [-r rtol] [-a atol] expected "
		    "actual\n");
		return 2;
	}
	if ((ea = fopen(argv[optind], "r")) == NULL ||
	    (eb = fopen(argv[optind + 1], "r")) == NULL) {
		perror("csvcmp");
		return 2;
	}
	for (;;) {
		ssize_t ra = getline(&la, &ca, ea), rb = getline(&lb, &cb, eb);

		line++;
		if (ra < 0 && rb < 0)
			break;
		if (ra < 0 || rb < 0) {
			fprintf(stderr, "line %zu: %s has fewer rows\n", line,
			    ra < 0 ? "expected" : "actual");
			return 1;
		}
		na = split(la, fa);
		nb = split(lb, fb);
		if (line == 1) {
			/* Map each expected column to the actual one. */
			for (int i = 0; i < na; i++) {
				hdr[i] = strdup(fa[i]);
				map[i] = -1;
				for (int j = 0; j < nb; j++)
					if (strcmp(fa[i], fb[j]) == 0)
						map[i] = j;
				if (map[i] < 0) {
					fprintf(stderr, "column %s missing in "
					    "actual output\n", fa[i]);
					return 1;
				}
			}
			nh = na;
			nact = nb;
			continue;
		}
		if (na != nh || nb != nact) {
			fprintf(stderr, "line %zu: %d fields expected, %d "
			    "actual\n", line, na, nb);
			return 1;
		}
		for (int i = 0; i < na; i++) {
			const char *col = hdr[i];
			const char *act = fb[map[i]];

			if (isnum(fa[i], &a) && isnum(act, &b)) {
				double d = fabs(a - b);

				if ((isnan(a) && isnan(b)) || a == b ||
				    d <= atol || d <= rtol * fabs(a))
					continue;
				fprintf(stderr, "line %zu, %s: expected %s, got "
				    "%s (rel %.3g)\n", line, col, fa[i], act,
				    d / fabs(a));
				bad++;
			} else if (strcmp(fa[i], act) != 0) {
				fprintf(stderr, "line %zu, %s: expected '%s', "
				    "got '%s'\n", line, col, fa[i], act);
				bad++;
			}
			if (bad > 10)
				return 1;
		}
	}
	return bad ? 1 : 0;
}
