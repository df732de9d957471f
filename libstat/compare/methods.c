/*
 * The comparison methods, listed once: bs_methods[] is the only list
 * (bcompare's --test values and its "takes a or b" error come from it),
 * and the options choose a method here, nowhere else.  A method is one
 * file (method_*.c) and a line below.
 */
#include <stdio.h>
#include <string.h>

#include "libstat.h"
#include "compare/compare.h"

/* Each defined in its file, method_NAME.c. */
extern const struct bs_method bs_method_welch;
extern const struct bs_method bs_method_mwu;
extern const struct bs_method bs_method_paired_t;
extern const struct bs_method bs_method_signed_rank;
extern const struct bs_method bs_method_pctl;
extern const struct bs_method bs_method_ks;

const struct bs_method *const bs_methods[] = {
	&bs_method_welch,
	&bs_method_mwu,
	&bs_method_paired_t,
	&bs_method_signed_rank,
	&bs_method_pctl,
	&bs_method_ks,
	NULL
};

const struct bs_method *
bs_method_find(const char *test)
{
	for (size_t i = 0; bs_methods[i] != NULL; i++)
		if (bs_methods[i]->test != NULL &&
		    strcmp(bs_methods[i]->test, test) == 0)
			return bs_methods[i];
	return NULL;
}

void
bs_method_tests(char *buf, size_t len)
{
	size_t i, n = 0, k = 0, l = 0;

	for (i = 0; bs_methods[i] != NULL; i++)
		n += bs_methods[i]->test != NULL;
	buf[0] = '\0';
	for (i = 0; bs_methods[i] != NULL && l < len; i++) {
		if (bs_methods[i]->test == NULL)
			continue;
		k++;
		l += (size_t)snprintf(buf + l, len - l, "%s%s", k == 1 ? "" :
		    k == n ? " or " : ", ", bs_methods[i]->test);
	}
}

const char *
bs_test_name(const struct bs_cmp_opts *o)
{
	return bs_cmp_test(o)->name;
}

const struct bs_method *
bs_cmp_test(const struct bs_cmp_opts *o)
{
	const struct bs_method *m = o->test ? o->test : &bs_method_welch;

	return o->paired && m->paired != NULL ? m->paired : m;
}

const struct bs_method *
bs_cmp_method(const struct bs_cmp_opts *o)
{
	if (o->stat != BS_STAT_DEFAULT)
		for (size_t i = 0; bs_methods[i] != NULL; i++)
			if (bs_methods[i]->stat == o->stat)
				return bs_methods[i];
	return bs_cmp_test(o);
}

void
bs_method_option(const struct bs_method *m, const struct bs_cmp_opts *o,
    char *buf, size_t len)
{
	if (m->needs & BS_MN_PAIRS)
		snprintf(buf, len, "--paired");
	else if (m->stat != BS_STAT_DEFAULT)
		snprintf(buf, len, "--stat %s", o->stat_name ? o->stat_name :
		    "pNN");
	else
		snprintf(buf, len, "--test %s", m->test ? m->test : m->name);
}
