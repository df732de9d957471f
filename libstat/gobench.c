/*
 * go test -bench text (the benchfmt of golang.org/x/perf): one row per
 * result line, its unit pairs as columns, the configuration lines
 * ("goos: linux") above it as columns too.
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#include <jansson.h>

#include "libstat.h"
#include "extern.h"

/* Is s[0..len) a configuration key (lower-case start, no space/upper)? */
static int
configkey(const char *s, size_t len)
{
	if (len == 0 || !islower((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (isspace((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

struct kvpair {
	char	*k, *v;
};

static void
gobench(const char *p, size_t len, struct bs_rows *r)
{
	struct kvpair *cfg = NULL;
	size_t ncfg = 0, cap = 0, pos = 0, line = 0, i;
	char *tok[64];	/* whole tokens: a number cut short is another */

	while (pos < len) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len, ll;
		const char *s = p + pos, *c;
		int nt = 0;

		line++;
		ll = end - pos;
		if (ll > 0 && s[ll - 1] == '\r')
			ll--;
		pos = end + 1;
		if (ll > 9 && memcmp(s, "Benchmark", 9) == 0 &&
		    !isspace((unsigned char)s[9])) {
			size_t k = 0, l;

			/* Split at runs of blanks. */
			while (k < ll && nt < 64) {
				while (k < ll && (s[k] == ' ' || s[k] == '\t'))
					k++;
				if (k == ll)
					break;
				l = k;
				while (k < ll && s[k] != ' ' && s[k] != '\t')
					k++;
				if ((tok[nt] = strndup(s + l, k - l)) == NULL) {
					r->failed = 1;
					break;
				}
				nt++;
			}
			if (r->failed || nt < 4 || (nt % 2) != 0)
				goto freetok;	/* a name alone, or no result */
			{
				char *name = tok[0] + 9, *dash;
				const char *procs = NULL;
				char *iend;

				strtoll(tok[1], &iend, 10);
				if (*iend != '\0')
					goto freetok;
				dash = strrchr(name, '-');
				if (dash && dash[1] && strspn(dash + 1,
				    "0123456789") == strlen(dash + 1)) {
					*dash = '\0';
					procs = dash + 1;
				}
				bs_rows_set(r, "name", name);
				if (procs)
					bs_rows_set(r, "procs", procs);
				bs_rows_set(r, "iterations", tok[1]);
				for (int t = 2; t + 1 < nt; t += 2)
					bs_rows_set(r, tok[t + 1], tok[t]);
				for (i = 0; i < ncfg; i++)
					if (cfg[i].v[0])
						bs_rows_set(r, cfg[i].k,
						    cfg[i].v);
				bs_rows_endrow(r, line);
			}
freetok:
			while (nt > 0)
				free(tok[--nt]);
			continue;
		}
		c = memchr(s, ':', ll);
		if (c && configkey(s, (size_t)(c - s)) &&
		    (c + 1 == s + ll || c[1] == ' ' || c[1] == '\t')) {
			size_t kl = (size_t)(c - s);
			const char *v = c + 1;
			size_t vl = ll - kl - 1;

			while (vl > 0 && (*v == ' ' || *v == '\t'))
				v++, vl--;
			for (i = 0; i < ncfg; i++)
				if (strlen(cfg[i].k) == kl &&
				    memcmp(cfg[i].k, s, kl) == 0)
					break;
			if (i == ncfg) {
				if (bs_grow(&cfg, &cap, ncfg + 1,
				    sizeof(*cfg)) == -1) {
					r->failed = 1;
					break;
				}
				cfg[ncfg].k = strndup(s, kl);
				cfg[ncfg].v = NULL;
				ncfg++;
			}
			free(cfg[i].v);
			cfg[i].v = strndup(v, vl);
			if (cfg[i].k == NULL || cfg[i].v == NULL)
				r->failed = 1;
		}
	}
	for (i = 0; i < ncfg; i++) {
		free(cfg[i].k);
		free(cfg[i].v);
	}
	free(cfg);
}

/* A go test -bench result line anywhere in the first lines. */
int
bs_gobench_detect(const char *p, size_t len)
{
	for (size_t pos = 0; pos < len; ) {
		const char *nl = memchr(p + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - p) : len;

		if (end - pos > 12 && memcmp(p + pos, "Benchmark", 9) == 0) {
			const char *t = memchr(p + pos, '\t', end - pos);
			const char *sp = memchr(p + pos, ' ', end - pos);

			if ((t || sp) && (memmem(p + pos, end - pos, "/op", 3) ||
			    memmem(p + pos, end - pos, "/s", 2)))
				return 1;
		}
		if (nl == NULL)
			break;
		pos = end + 1;
	}
	return 0;
}

int
bs_read_gobench(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	int rc;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	memset(&r, 0, sizeof(r));
	gobench(s->win, s->len, &r);
	rc = bs_rows_emit(&r, s->name, "go test -bench", cb, e);
	bs_rows_free(&r);
	return rc;
}
