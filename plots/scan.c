/*
 * The first pass over a chart's inputs: every record's labels, its x
 * and the number of distinct series and categories, checked where the
 * record still has its file and line.  The first problem stops the pass
 * and is described for the tool to word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "plots_extern.h"

struct pass {
	struct bp_scan	*s;
	size_t		 file;
};

static int
stop(struct pass *p, enum bp_scan_fail why, size_t role,
    const struct bs_record *r, struct bs_err *e)
{
	p->s->fail = why;
	p->s->role = role;
	p->s->file = p->file;
	if (r != NULL) {
		p->s->line = r->line;
		p->s->recno = r->recno;
	}
	/* The reader stops at an error; the message is the tool's. */
	return bs_seterr(e, NULL, 0, "scan stopped");
}

/* Field index of col: by name, else by 1-based number; -1 none. */
static long
field_of(const char *col, const struct bs_field *h, size_t n)
{
	size_t cl = strlen(col);

	for (size_t i = 0; i < n; i++)
		if (h[i].len == cl && h[i].s != NULL &&
		    memcmp(h[i].s, col, cl) == 0)
			return (long)i;
	return bp_col_number(col, n);
}

static int
scan_header(void *arg, const struct bs_field *h, size_t n, struct bs_err *e)
{
	struct pass *p = arg;

	for (size_t k = 0; k < BP_ROLE__N; k++) {
		struct bp_scan_role *ro = &p->s->r[k];

		ro->idx = ro->col != NULL ? field_of(ro->col, h, n) : -1;
	}
	/* Names become axis titles. */
	for (size_t i = 0; i < n; i++)
		if (h[i].s != NULL && !g_utf8_validate(h[i].s,
		    (gssize)h[i].len, NULL)) {
			p->s->column = i + 1;
			return stop(p, BP_SCAN_NAME_UTF8, 0, NULL, e);
		}
	/*
	 * No role in this input: its records have nothing to check (a
	 * latency map of 10^7 requests read them all once for nothing).
	 */
	for (size_t k = 0; k < BP_ROLE__N; k++)
		if (p->s->r[k].idx >= 0)
			return 0;
	return bs_seterr(e, NULL, 0, "scan done");
}

/* Count a distinct value of role k: 0, or the failure. */
static enum bp_scan_fail
count_value(struct pass *p, size_t k, const char *s, size_t len)
{
	struct bp_scan_role *ro = &p->s->r[k];
	char *key;

	/* Series of several files are counted per file. */
	key = k == BP_ROLE_SERIES && p->s->filecol ?
	    g_strdup_printf("%zu\x1f%.*s", p->file, (int)len, s) :
	    g_strndup(s, len);
	if (g_hash_table_contains(ro->seen, key)) {
		g_free(key);
		return BP_SCAN_OK;
	}
	if (g_hash_table_size(ro->seen) >= ro->limit) {
		g_free(key);
		return BP_SCAN_LIMIT;
	}
	g_hash_table_add(ro->seen, key);
	return BP_SCAN_OK;
}

/* The checks of one role's value. */
static enum bp_scan_fail
check_value(struct pass *p, size_t k, const char *s, size_t len)
{
	struct bp_scan_role *ro = &p->s->r[k];
	struct bs_dec d;
	double x;

	if (ro->label && !g_utf8_validate(s, (gssize)len, NULL))
		return BP_SCAN_UTF8;
	if (k == BP_ROLE_X && p->s->xnum) {
		snprintf(p->s->value, sizeof(p->s->value), "%.*s",
		    (int)(len > 40 ? 40 : len), s);
		if (bs_parse_number(s, len, &d, &x) != BS_NUM_OK)
			return BP_SCAN_XNUM;
		if (p->s->xpos && !(x > 0))
			return BP_SCAN_XPOS;
	}
	return ro->seen != NULL ? count_value(p, k, s, len) : BP_SCAN_OK;
}

static int
scan_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct pass *p = arg;
	enum bp_scan_fail f;

	for (size_t k = 0; k < BP_ROLE__N; k++) {
		long idx = p->s->r[k].idx;
		const char *s;
		size_t len;

		if (idx < 0)
			continue;
		s = (size_t)idx < r->nf ? r->f[idx].s : NULL;
		len = s != NULL ? r->f[idx].len : 0;
		if ((f = check_value(p, k, s != NULL ? s : "", len)) !=
		    BP_SCAN_OK)
			return stop(p, f, k, r, e);
	}
	return 0;
}

int
bp_scan_inputs(struct bp_scan *s, const struct bs_buf *b, size_t n,
    const struct bs_read_opts *ro)
{
	struct bs_reader_cb cb;
	struct bs_err e;
	struct pass p;

	s->fail = BP_SCAN_OK;
	for (size_t k = 0; k < BP_ROLE__N; k++)
		s->r[k].seen = s->r[k].limit > 0 ? g_hash_table_new_full(
		    g_str_hash, g_str_equal, g_free, NULL) : NULL;
	memset(&cb, 0, sizeof(cb));
	cb.header = scan_header;
	cb.record = scan_record;
	cb.arg = &p;
	p.s = s;
	for (size_t i = 0; i < n && s->fail == BP_SCAN_OK; i++) {
		p.file = i;
		(void)bs_read(&b[i], NULL, ro, &cb, NULL, NULL, &e);
	}
	for (size_t k = 0; k < BP_ROLE__N; k++)
		if (s->r[k].seen != NULL)
			g_hash_table_destroy(s->r[k].seen);
	return s->fail == BP_SCAN_OK ? 0 : -1;
}
