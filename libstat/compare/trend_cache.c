/*
 * What btrend's searches found, kept for the next run (btrend --state):
 * the best split of a segment of revision means depends on those means
 * and the shortest segment alone, so it is kept under a hash of them.
 * A history that grew by a revision shares every window but the last
 * with the one before it, so only that window is searched again; every
 * test of the splits is made again (they use the whole history's
 * model, cheap), and the answer is the one a search from scratch gives.
 * The history without its last revision, searched for stability, shares
 * all but its last window with the whole one: a run without --state
 * searches each window once too.
 *
 * Open addressing with linear probing over two 64-bit hashes and the
 * segment's length: a table of a few dozen lines where a library's
 * would need its keys as strings.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "compare/compare.h"

#define STATE_MAGIC	"# btrend --state 1"

struct tc_ent {
	uint64_t	 h1, h2;
	size_t		 n, m, t;
	double		 q;
	int		 live, used;
};

struct bs_trend_cache {
	struct tc_ent	*e;
	size_t		 cap, n;
	size_t		 reused, computed;
};

struct bs_trend_cache *
bs_trend_cache_new(void)
{
	return calloc(1, sizeof(struct bs_trend_cache));
}

void
bs_trend_cache_free(struct bs_trend_cache *c)
{
	if (c == NULL)
		return;
	free(c->e);
	free(c);
}

void
bs_trend_cache_counts(const struct bs_trend_cache *c, size_t *reused,
    size_t *computed)
{
	*reused = c->reused;
	*computed = c->computed;
}

/*
 * Two multiply-xorshift mixes of the values' bits, a word at a time,
 * with different constants: 128 bits and the length name a segment.
 */
void
trend_cache_key(struct tc_key *k, const double *x, size_t n, size_t m)
{
	uint64_t a = 0xcbf29ce484222325ULL, b = 0x9e3779b97f4a7c15ULL, v;
	size_t i;

	for (i = 0; i < n; i++) {
		memcpy(&v, &x[i], sizeof(v));
		a = (a ^ v) * 0x100000001b3ULL;
		a ^= a >> 29;
		b = (b + v) * 0xbf58476d1ce4e5b9ULL;
		b ^= b >> 31;
	}
	k->h1 = a;
	k->h2 = b;
	k->n = n;
	k->m = m;
}

static struct tc_ent *
slot(struct tc_ent *e, size_t cap, const struct tc_key *k)
{
	size_t i = (size_t)(k->h1 ^ k->h2) & (cap - 1);

	while (e[i].live && (e[i].h1 != k->h1 || e[i].h2 != k->h2 ||
	    e[i].n != k->n || e[i].m != k->m))
		i = (i + 1) & (cap - 1);
	return &e[i];
}

int
trend_cache_get(struct bs_trend_cache *c, const struct tc_key *k,
    size_t *t, double *q)
{
	struct tc_ent *s;

	if (c->cap == 0 || !(s = slot(c->e, c->cap, k))->live)
		return 0;
	*t = s->t;
	*q = s->q;
	if (!s->used)
		c->reused++;
	s->used = 1;
	return 1;
}

static int
grow(struct bs_trend_cache *c)
{
	struct tc_ent *e, *s;
	size_t cap = c->cap ? 2 * c->cap : 64, i;
	struct tc_key k;

	if ((e = calloc(cap, sizeof(*e))) == NULL)
		return -1;
	for (i = 0; i < c->cap; i++) {
		if (!c->e[i].live)
			continue;
		k.h1 = c->e[i].h1;
		k.h2 = c->e[i].h2;
		k.n = c->e[i].n;
		k.m = c->e[i].m;
		s = slot(e, cap, &k);
		*s = c->e[i];
	}
	free(c->e);
	c->e = e;
	c->cap = cap;
	return 0;
}

static int
put(struct bs_trend_cache *c, const struct tc_key *k, size_t t, double q,
    int used)
{
	struct tc_ent *s;

	if (2 * (c->n + 1) > c->cap && grow(c) == -1)
		return -1;
	s = slot(c->e, c->cap, k);
	if (!s->live)
		c->n++;
	s->h1 = k->h1;
	s->h2 = k->h2;
	s->n = k->n;
	s->m = k->m;
	s->t = t;
	s->q = q;
	s->live = 1;
	s->used = used;
	return 0;
}

int
trend_cache_put(struct bs_trend_cache *c, const struct tc_key *k, size_t t,
    double q)
{
	c->computed++;
	return put(c, k, t, q, 1);
}

/* One line "m n h1 h2 t q" (hashes in hex, q as a hex float). */
static int
parse_line(const char *s, struct tc_key *k, size_t *t, double *q)
{
	int end = -1;

	if (sscanf(s, "%zu %zu %" SCNx64 " %"
	    SCNx64 " %zu %la%n", &k->m, &k->n, &k->h1, &k->h2, t, q,
	    &end) != 6 || end < 0 || s[end] != '\0')
		return -1;
	/* A split leaves m revisions on each side ("-1" reads as huge). */
	if (k->m < 2 || k->m > k->n / 2 || *t < k->m || *t > k->n - k->m)
		return -1;
	return 0;
}

int
bs_trend_cache_load(struct bs_trend_cache *c, const struct bs_buf *b,
    struct bs_err *e)
{
	const char *p = b->data, *end = b->data + b->len, *nl;
	char line[256];
	struct tc_key k;
	size_t lineno = 1, t, l;
	double q;

	if (b->len == 0)
		return 0;
	l = strlen(STATE_MAGIC);
	if (b->len < l || memcmp(p, STATE_MAGIC, l) != 0 ||
	    (b->len > l && p[l] != '\n'))
		return bs_seterr(e, b->name, 0, "not a btrend --state file "
		    "(its first line is not '%s')", STATE_MAGIC);
	/* p at the newline that ends a line, or at the end. */
	for (p += l; p < end && ++p < end; p = nl) {
		lineno++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		l = (size_t)(nl - p);
		if (l >= sizeof(line))
			l = sizeof(line) - 1;
		memcpy(line, p, l);
		line[l] = '\0';
		if ((size_t)(nl - p) >= sizeof(line) ||
		    parse_line(line, &k, &t, &q) == -1)
			return bs_seterr(e, b->name, lineno, "not a line of "
			    "a btrend --state file (m n hash hash split q)");
		if (put(c, &k, t, q, 0) == -1)
			return bs_seterr(e, b->name, 0, "out of memory");
	}
	return 0;
}

/* The splits this run used or made: what the next run can reuse. */
int
bs_trend_cache_write(const struct bs_trend_cache *c, FILE *fp)
{
	size_t i;

	if (fprintf(fp, "%s\n", STATE_MAGIC) < 0)
		return -1;
	for (i = 0; i < c->cap; i++)
		if (c->e[i].live && c->e[i].used && fprintf(fp,
		    "%zu %zu %016" PRIx64 " %016" PRIx64 " %zu %a\n",
		    c->e[i].m, c->e[i].n, c->e[i].h1, c->e[i].h2, c->e[i].t,
		    c->e[i].q) < 0)
			return -1;
	return 0;
}
