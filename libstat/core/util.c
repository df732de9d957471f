/*
 * Small shared pieces: errors, growable buffers, option parsing.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libstat.h"
#include "core/core.h"

/*
 * A message cut to its fixed size may end inside a UTF-8 sequence: drop
 * the incomplete tail so that the line stays valid text.
 */
static void
utf8_cut(char *s, size_t size, int n)
{
	size_t len, i, need;

	if (n < 0 || (size_t)n < size)
		return;
	len = strlen(s);
	i = len;
	while (i > 0 && ((unsigned char)s[i - 1] & 0xc0) == 0x80)
		i--;
	if (i == 0)
		return;
	i--;
	need = (unsigned char)s[i] >= 0xf0 ? 4 : (unsigned char)s[i] >= 0xe0 ?
	    3 : (unsigned char)s[i] >= 0xc0 ? 2 : 1;
	if (len - i < need)
		s[i] = '\0';
}

/* s[] (of size bytes) with its control characters escaped, cut to fit. */
static void
escape_in(char *s, size_t size)
{
	char *t;
	int n;

	if (!bs_has_ctl(s))
		return;
	if ((t = bs_escape_ctl(s)) == NULL) {
		for (char *c = s; *c; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				*c = '?';
		return;
	}
	n = snprintf(s, size, "%s", t);
	free(t);
	utf8_cut(s, size, n);
	/* A cut escape ("\x0") would say another byte: drop it. */
	for (size_t l = strlen(s), k = l; k > 0 && k + 4 > l; k--)
		if (s[k - 1] == '\\' && (size_t)n >= size) {
			s[k - 1] = '\0';
			break;
		}
}

int
bs_seterr(struct bs_err *e, const char *file, size_t line, const char *fmt,
    ...)
{
	va_list ap;
	int n;

	if (e == NULL)
		return -1;
	n = snprintf(e->file, sizeof(e->file), "%s", file ? file : "");
	utf8_cut(e->file, sizeof(e->file), n);
	e->line = line;
	va_start(ap, fmt);
	n = vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	utf8_cut(e->msg, sizeof(e->msg), n);
	/*
	 * An error is one line: input quoted in a message (a field, the
	 * text jansson shows "near") may hold line ends or other control
	 * characters, which are written escaped (\n, \t, \x01); a file
	 * name too.
	 */
	escape_in(e->msg, sizeof(e->msg));
	escape_in(e->file, sizeof(e->file));
	return -1;
}

void
bs_err_format(const struct bs_err *e, char *buf, size_t len)
{
	if (e->file[0] && e->line)
		snprintf(buf, len, "%s:%zu: %s", e->file, e->line, e->msg);
	else if (e->file[0])
		snprintf(buf, len, "%s: %s", e->file, e->msg);
	else
		snprintf(buf, len, "%s", e->msg);
}

int
bs_grow(void *pp, size_t *cap, size_t need, size_t sz)
{
	void **p = pp, *np;
	size_t nc;

	if (need <= *cap)
		return 0;
	nc = *cap ? *cap : 16;
	while (nc < need) {
		if (nc > SIZE_MAX / 2 / sz)
			return -1;
		nc *= 2;
	}
	if ((np = realloc(*p, nc * sz)) == NULL)
		return -1;
	*p = np;
	*cap = nc;
	return 0;
}

struct bs_ablock {
	struct bs_ablock *next;
	max_align_t	  data[];
};

/* Pointers, doubles and 64-bit integers: what the callers keep. */
#define ARENA_ALIGN	((size_t)8)
#define ARENA_FIRST	((size_t)4096)
#define ARENA_MAX	((size_t)1 << 20)

void *
bs_arena_alloc(struct bs_arena *a, size_t n)
{
	struct bs_ablock *b;
	size_t sz;

	n = n ? (n + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1) : ARENA_ALIGN;
	if (n < ARENA_ALIGN)
		return NULL;	/* wrapped */
	if (a->head != NULL && a->size - a->used >= n) {
		void *p = (char *)a->head->data + a->used;

		a->used += n;
		return p;
	}
	if (a->next == 0)
		a->next = ARENA_FIRST;
	if (n > a->next / 4) {
		/* Large: a block of its own, behind the current one. */
		if (n > SIZE_MAX - sizeof(*b) ||
		    (b = malloc(sizeof(*b) + n)) == NULL)
			return NULL;
		if (a->head != NULL) {
			b->next = a->head->next;
			a->head->next = b;
		} else {
			b->next = NULL;
			a->head = b;
			a->used = a->size = n;
		}
		return b->data;
	}
	sz = a->next;
	if ((b = malloc(sizeof(*b) + sz)) == NULL)
		return NULL;
	if (a->next < ARENA_MAX)
		a->next *= 2;
	b->next = a->head;
	a->head = b;
	a->size = sz;
	a->used = n;
	return b->data;
}

char *
bs_arena_strndup(struct bs_arena *a, const char *s, size_t n)
{
	char *p;

	if (n == SIZE_MAX || (p = bs_arena_alloc(a, n + 1)) == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void
bs_arena_free(struct bs_arena *a)
{
	struct bs_ablock *b, *nb;

	for (b = a->head; b != NULL; b = nb) {
		nb = b->next;
		free(b);
	}
	memset(a, 0, sizeof(*a));
}

int
bs_sbuf_add(struct bs_sbuf *b, const void *s, size_t n)
{
	if (bs_grow(&b->p, &b->cap, b->len + n + 1, 1) == -1)
		return -1;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

void
bs_sbuf_free(struct bs_sbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

/*
 * The probability of a percentile as its decimal says it: 99.9 is the
 * double nearest 0.999, where 99.9 / 100 is 0.99900000000000011 and puts
 * R's type-1 quantile of 1000 values on the 1000th (R's quantile(x,
 * 0.999, type = 1) is the 999th).  Through the shortest decimal of pct
 * (15 digits give back any decimal of 15), shifted by "e-2" and read by
 * strtod(), which rounds correctly.
 */
double
bs_pct_prob(double pct)
{
	char	 buf[40];

	if (!isfinite(pct))
		return pct / 100;
	snprintf(buf, sizeof(buf), "%.15ge-2", pct);
	return strtod(buf, NULL);
}

int
bs_parse_double(const char *s, double *out)
{
	char *end;
	double d;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	d = strtod(s, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(d))
		return -1;
	*out = d;
	return 0;
}

struct unit_s {
	const char	*u;
	double		 s;
};

/*
 * A positive finite number followed by one of the nu units' names:
 * *sec its seconds.  With bare, a number alone goes there instead.  -1
 * when it is none of these.
 */
static int
number_in(const char *s, const struct unit_s *units, size_t nu, double *sec,
    double *bare)
{
	char *end;
	double d;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	d = strtod(s, &end);
	if (end == s || errno == ERANGE || !(d > 0) || !isfinite(d))
		return -1;
	if (bare != NULL && *end == '\0') {
		*bare = d;
		return 0;
	}
	for (size_t i = 0; i < nu; i++)
		if (strcmp(end, units[i].u) == 0) {
			*sec = d * units[i].s;
			return 0;
		}
	return -1;
}

int
bs_parse_duration(const char *s, double *sec)
{
	static const struct unit_s units[] = {
		{ "", 1 }, { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 },
		{ "m", 60 }, { "min", 60 }, { "h", 3600 }
	};

	return number_in(s, units, sizeof(units) / sizeof(units[0]), sec,
	    NULL);
}

int
bs_parse_apdex(const char *s, double *raw, double *sec)
{
	static const struct unit_s units[] = {
		{ "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 },
		{ "\xc2\xb5s", 1e-6 }, { "ns", 1e-9 }
	};

	*raw = *sec = 0;
	return number_in(s, units, sizeof(units) / sizeof(units[0]), sec, raw);
}

int
bs_parse_change(const char *arg, double *ratio, const char **col,
    size_t *collen)
{
	const char *eq = strrchr(arg, '=');
	double v;

	*col = NULL;
	*collen = 0;
	if (bs_parse_double(eq ? eq + 1 : arg, &v) == -1 || !(v >= 0) ||
	    !isfinite(v))
		return -1;
	*ratio = v / 100;
	if (eq == NULL)
		return 0;
	*col = arg;
	*collen = (size_t)(eq - arg);
	return eq == arg ? -2 : 0;
}

int
bs_parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end != '\0' || errno == ERANGE || v > SIZE_MAX)
		return -1;
	*out = (size_t)v;
	return 0;
}

int
bs_parse_dlist(const char *s, double *out, size_t max)
{
	char buf[64];
	size_t n = 0, l;
	const char *c;

	if (s == NULL || *s == '\0')
		return -1;
	for (;;) {
		c = strchr(s, ',');
		l = c ? (size_t)(c - s) : strlen(s);
		if (l == 0 || l >= sizeof(buf) || n == max)
			return -1;
		memcpy(buf, s, l);
		buf[l] = '\0';
		if (bs_parse_double(buf, &out[n]) == -1)
			return -1;
		n++;
		if (c == NULL)
			break;
		s = c + 1;
	}
	return (int)n;
}

/*
 * String sets by content (open addressing, FNV-1a), so that the readers
 * find a column by name in constant time: a line of 100,000 distinct
 * keys took minutes with a linear search per key.
 */
size_t
bs_threads(long jobs, size_t max, size_t work, size_t per, int fit)
{
	long c = jobs > 0 ? jobs : sysconf(_SC_NPROCESSORS_ONLN);
	size_t cap = jobs > 0 ? max : BS_JOBS_DEFAULT;

	if (c < 1)
		c = 1;
	if ((size_t)c > cap)
		c = (long)cap;
	if ((jobs <= 0 || fit) && (size_t)c > work / per)
		c = (long)(work / per);
	return c < 1 ? 1 : (size_t)c;
}

uint64_t
bs_fnv1a(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

long
bs_strhash_get(const struct bs_strhash *h, const char *s, size_t len)
{
	size_t j;

	if (h->cap == 0)
		return -1;
	for (j = bs_fnv1a(s, len) & (h->cap - 1); h->e[j].s != NULL;
	    j = (j + 1) & (h->cap - 1))
		if (h->e[j].len == len && memcmp(h->e[j].s, s, len) == 0)
			return (long)h->e[j].idx;
	return -1;
}

int
bs_strhash_put(struct bs_strhash *h, const char *s, size_t len, size_t idx)
{
	size_t j;

	if ((h->n + 1) * 2 > h->cap) {
		struct bs_strhash n = { NULL, h->cap ? h->cap * 2 : 64, 0 };

		if (n.cap < h->cap || (n.e = calloc(n.cap, sizeof(*n.e))) ==
		    NULL)
			return -1;
		for (j = 0; j < h->cap; j++)
			if (h->e[j].s != NULL)
				bs_strhash_put(&n, h->e[j].s, h->e[j].len,
				    h->e[j].idx);
		free(h->e);
		*h = n;
	}
	for (j = bs_fnv1a(s, len) & (h->cap - 1); h->e[j].s != NULL;
	    j = (j + 1) & (h->cap - 1))
		;
	h->e[j].s = s;
	h->e[j].len = len;
	h->e[j].idx = idx;
	h->n++;
	return 0;
}

void
bs_strhash_free(struct bs_strhash *h)
{
	free(h->e);
	memset(h, 0, sizeof(*h));
}

/*
 * strndup() that reads no byte past s[n - 1]: fields handed over by the
 * readers are not terminated, and some C libraries' strndup (and
 * AddressSanitizer's) may look one byte further.
 */
char *
bs_strndup(const char *s, size_t n)
{
	size_t l = 0;
	char *d;

	while (l < n && s[l] != '\0')
		l++;
	if ((d = malloc(l + 1)) == NULL)
		return NULL;
	memcpy(d, s, l);
	d[l] = '\0';
	return d;
}

/* Does s hold a control character (below 0x20, or DEL)? */
int
bs_has_ctl(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/*
 * s for people, on one line: its control characters written as C
 * escapes (\n, \t, \r, else \xNN), everything else as it is.  A label
 * may hold a newline (quoted CSV); a message or a table cell must not
 * split over lines.  Malloc'd; NULL when out of memory.
 */
char *
bs_escape_ctl(const char *s)
{
	size_t n = 0, i;
	char *out, *o;

	for (i = 0; s[i]; i++)
		n += (unsigned char)s[i] < 0x20 || s[i] == 0x7f ?
		    (s[i] == '\n' || s[i] == '\t' || s[i] == '\r' ? 2 : 4) : 1;
	if ((out = malloc(n + 1)) == NULL)
		return NULL;
	for (o = out, i = 0; s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c != 0x7f)
			*o++ = (char)c;
		else if (c == '\n' || c == '\t' || c == '\r') {
			*o++ = '\\';
			*o++ = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
		} else
			o += sprintf(o, "\\x%02x", c);
	}
	*o = '\0';
	return out;
}

void *
bs_line_calloc(size_t n)
{
	size_t sz = (n + 63) / 64 * 64;
	void *v = aligned_alloc(64, sz ? sz : 64);

	if (v != NULL)
		memset(v, 0, sz ? sz : 64);
	return v;
}
