/*
 * Metadata carried beside the data: key/value lists that readers fill
 * through the meta hook, how much a difference in a key matters, and
 * the difference of two sides' lists.  Metadata is never a column: it
 * describes the run, it does not measure it.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "core/core.h"

int
bs_meta_set(struct bs_meta *m, const char *key, const char *val)
{
	char *k, *v;

	if ((v = strdup(val)) == NULL)
		return -1;
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->key[i], key) == 0) {
			free(m->val[i]);
			m->val[i] = v;
			return 0;
		}
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 16;
		char **nk = realloc(m->key, cap * sizeof(*nk)), **nv;

		if (nk == NULL) {
			free(v);
			return -1;
		}
		m->key = nk;
		if ((nv = realloc(m->val, cap * sizeof(*nv))) == NULL) {
			free(v);
			return -1;
		}
		m->val = nv;
		m->cap = cap;
	}
	if ((k = strdup(key)) == NULL) {
		free(v);
		return -1;
	}
	m->key[m->n] = k;
	m->val[m->n++] = v;
	return 0;
}

const char *
bs_meta_get(const struct bs_meta *m, const char *key)
{
	for (size_t i = 0; m != NULL && i < m->n; i++)
		if (strcmp(m->key[i], key) == 0)
			return m->val[i];
	return NULL;
}

void
bs_meta_free(struct bs_meta *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->key[i]);
		free(m->val[i]);
	}
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}

/*
 * Keys whose difference changes what a benchmark measures: the CPU and
 * how it is clocked, the kernel, the cores, the virtualisation; benv's
 * own and the real tools' names for them.  Globs, any case.
 */
static const char *const perfkeys[] = {
	"cpu_model", "cores", "threads", "sockets", "smt", "governor",
	"boost", "kernel", "numa_nodes", "virt", "max_cstate",
	"idle_driver", "cpu_max_mhz", "freq_driver",
	/* go test -bench, Google Benchmark, pyperf, pytest-benchmark */
	"cpu", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled",
	"cpu_model_name", "cpu_count", "cpu_config", "cpu.brand_raw",
	"cpu.count", "cpu.hz_advertised*", "platform", "goarch",
	NULL
};

/* Keys that differ from one run to the next whatever was changed. */
static const char *const volatilekeys[] = {
	"load1", "load5", "load15", "load_avg*", "steal_pct", "date",
	"datetime", "time", "timestamp", "*_time", "*uptime*", "boot_time",
	"duration", "runnable_threads", "mem_max_rss", "mem_peak_pagefile*",
	"commit_info.*", "hostname_ts", "executable", "cpu_freq",
	"cpu_temp", "aslr", "loops", "calibrate_*",
	NULL
};

static int
matches(const char *const *pats, const char *key)
{
	for (size_t i = 0; pats[i] != NULL; i++)
		if (fnmatch(pats[i], key, FNM_CASEFOLD) == 0)
			return 1;
	return 0;
}

enum bs_metakind
bs_meta_kind(const char *key)
{
	if (matches(volatilekeys, key))
		return BS_MK_VOLATILE;
	return matches(perfkeys, key) ? BS_MK_PERF : BS_MK_NOTE;
}

static int
adddiff(struct bs_metadiff **d, size_t *n, size_t *cap, const char *key,
    const char *b, const char *c)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 8;
		struct bs_metadiff *nd = realloc(*d, nc * sizeof(*nd));

		if (nd == NULL)
			return -1;
		*d = nd;
		*cap = nc;
	}
	(*d)[*n].key = key;
	(*d)[*n].b = b;
	(*d)[*n].c = c;
	(*d)[(*n)++].kind = bs_meta_kind(key);
	return 0;
}

int
bs_meta_diff(const struct bs_meta *b, const struct bs_meta *c,
    struct bs_metadiff **d, size_t *n)
{
	size_t cap = 0, i;
	const char *v;

	*d = NULL;
	*n = 0;
	/* One side without a fingerprint: nothing to compare it with. */
	if (b == NULL || c == NULL || b->n == 0 || c->n == 0)
		return 0;
	for (i = 0; i < b->n; i++) {
		if (bs_meta_kind(b->key[i]) == BS_MK_VOLATILE)
			continue;
		v = bs_meta_get(c, b->key[i]);
		if ((v == NULL || strcmp(v, b->val[i]) != 0) &&
		    adddiff(d, n, &cap, b->key[i], b->val[i], v) == -1)
			goto nomem;
	}
	for (i = 0; i < c->n; i++)
		if (bs_meta_kind(c->key[i]) != BS_MK_VOLATILE &&
		    bs_meta_get(b, c->key[i]) == NULL &&
		    adddiff(d, n, &cap, c->key[i], NULL, c->val[i]) == -1)
			goto nomem;
	return 0;
nomem:
	free(*d);
	*d = NULL;
	*n = 0;
	return -1;
}

int
bs_meta_same(const struct bs_meta *b, const struct bs_meta *c,
    const char ***keys, size_t *n)
{
	const char *v;

	*keys = NULL;
	*n = 0;
	if (b == NULL || c == NULL || b->n == 0)
		return 0;
	if ((*keys = calloc(b->n, sizeof(**keys))) == NULL)
		return -1;
	for (size_t i = 0; i < b->n; i++)
		if (bs_meta_kind(b->key[i]) != BS_MK_VOLATILE &&
		    (v = bs_meta_get(c, b->key[i])) != NULL &&
		    strcmp(v, b->val[i]) == 0)
			(*keys)[(*n)++] = b->key[i];
	return 0;
}

/*
 * A JSON value as metadata: scalars as text, arrays of scalars joined by
 * commas, objects flattened with dotted keys (pytest-benchmark's
 * "cpu.brand_raw"); arrays of objects (Google Benchmark's caches) say
 * too little in one line and are left out.
 */
void
bs_meta_json(const struct bs_reader_cb *cb, const char *prefix,
    json_t *v)
{
	char buf[512], key[256];
	const char *k;
	json_t *x;
	size_t i, len;

	if (cb->meta == NULL || v == NULL)
		return;
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		json_object_foreach(v, k, x) {
			snprintf(key, sizeof(key), "%s%s%s", prefix ? prefix :
			    "", prefix && *prefix ? "." : "", k);
			bs_meta_json(cb, key, x);
		}
		return;
	case JSON_ARRAY:
		len = 0;
		buf[0] = '\0';
		json_array_foreach(v, i, x) {
			char one[128];

			if (json_is_object(x) || json_is_array(x))
				return;
			if (bs_meta_scalar(x, one, sizeof(one)) == -1)
				continue;
			len += (size_t)snprintf(buf + len, len < sizeof(buf) ?
			    sizeof(buf) - len : 0, "%s%s", i ? "," : "", one);
			if (len >= sizeof(buf))
				return;
		}
		break;
	default:
		if (bs_meta_scalar(v, buf, sizeof(buf)) == -1)
			return;
		break;
	}
	if (prefix != NULL && *prefix != '\0')
		cb->meta(cb->arg, prefix, buf);
}

/* A JSON scalar as text; -1 for null and containers. */
int
bs_meta_scalar(json_t *v, char *buf, size_t len)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		snprintf(buf, len, "%s", json_string_value(v));
		return 0;
	case JSON_INTEGER:
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
		return 0;
	case JSON_REAL:
		bs_fmt_double(buf, len, json_real_value(v));
		return 0;
	case JSON_TRUE:
		snprintf(buf, len, "true");
		return 0;
	case JSON_FALSE:
		snprintf(buf, len, "false");
		return 0;
	default:
		return -1;
	}
}

int
bs_meta_comment(const char *s, size_t len, const char **k, size_t *klen,
    const char **v, size_t *vlen)
{
	size_t i = 1, ks;

	if (len < 2 || s[0] != '#')
		return 0;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	ks = i;
	/* A key is one word: a sentence with a colon is a comment. */
	while (i < len && s[i] != ':' && s[i] != ' ' && s[i] != '\t' &&
	    s[i] != '=')
		i++;
	if (i == ks || i >= len || s[i] != ':' || (i + 1 < len &&
	    s[i + 1] != ' ' && s[i + 1] != '\t'))
		return 0;
	*k = s + ks;
	*klen = i - ks;
	for (i++; i < len && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	while (len > i && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\r'))
		len--;
	*v = s + i;
	*vlen = len - i;
	return 1;
}

size_t
bs_skip_comments(const char *p, size_t len)
{
	size_t i = 0;
	const char *nl;

	while (i < len && p[i] == '#') {
		if ((nl = memchr(p + i, '\n', len - i)) == NULL)
			return i;
		i = (size_t)(nl - p) + 1;
	}
	return i;
}
