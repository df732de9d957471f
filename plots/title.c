/*
 * Axis titles from column names: what the name measures and the unit
 * its values are drawn in.  The name is read by libstat's one parser of
 * column names (bs_column_unit), so that a column is the same quantity
 * to every tool; only the wording of the title is decided here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots_extern.h"

/*
 * The "/op" after a unit, whole: bs_colunit keeps a bounded copy, and a
 * title must not lose the end of a long one.
 */
static const char *
per_of(const char *name, const struct bs_colunit *c)
{
	const char *sl;

	if (c->per[0] == '\0' || (sl = strchr(name, '/')) == NULL)
		return "";
	return sl;
}

/*
 * The unit that a caller's title names in its closing brackets, as a
 * column's unit is spelled: time units in their short form, anything
 * else as written, and without the column's "/op".
 */
static char *
given_unit(const char *given, size_t gl, const char *per)
{
	struct bs_colunit g;
	const char *br = strrchr(given, given[gl - 1] == ')' ? '(' : '[');
	char *s;
	size_t sl, pl = strlen(per);

	bs_column_unit(given, &g);
	if (br != NULL && g.qty != BS_QTY_TIME)
		s = strndup(br + 1, (size_t)(given + gl - 1 - (br + 1)));
	else
		s = strdup(g.unit);
	if (s == NULL)
		return NULL;
	sl = strlen(s);
	/* "(ns/op)" against the column "ns/op" */
	if (pl > 0 && sl > pl && strcmp(s + sl - pl, per) == 0) {
		s[sl - pl] = '\0';
		if (strcmp(s, "\xc2\xb5s") == 0 || strcmp(s, "\xce\xbcs") == 0)
			strcpy(s, "us");
	}
	return s;
}

/*
 * A caller's title over values of no unit family (counts, "msg/s"): the
 * title as written, the numbers scaled by a power of a thousand named
 * inside its closing brackets ("Throughput (msg/s)" becomes "Throughput
 * (10³ msg/s)", "吞吐量（条/秒）" "吞吐量（10³ 条/秒）") or after it
 * ("吞吐量 (10³)").  A prefix glued to the reader's unit ("kmsg/s")
 * would be a unit nobody wrote; ticks of 700000 are hard to read.
 */
static char *
given_powers(const char *given, double maxabs, double *factor)
{
	static const char *const sup[] = { "10\xc2\xb3", "10\xe2\x81\xb6",
	    "10\xe2\x81\xb9", "10\xc2\xb9\xc2\xb2" };
	size_t gl = strlen(given), at = 0;
	int k;
	char *t;

	if (!(maxabs >= 1e4) || !isfinite(maxabs))
		return strdup(given);
	k = (int)floor(log10(maxabs) / 3);
	k = k > 4 ? 4 : k < 1 ? 1 : k;
	*factor = pow(10, -3 * k);
	if (gl > 0 && given[gl - 1] == ')' && strrchr(given, '(') != NULL)
		at = (size_t)(strrchr(given, '(') - given) + 1;
	else if (gl > 0 && given[gl - 1] == ']' && strrchr(given, '[') != NULL)
		at = (size_t)(strrchr(given, '[') - given) + 1;
	else if (gl >= 3 && strcmp(given + gl - 3, "\xef\xbc\x89") == 0) {
		/* Full-width brackets, as Chinese titles write them. */
		for (size_t i = gl - 3; i-- > 0;)
			if (strncmp(given + i, "\xef\xbc\x88", 3) == 0) {
				at = i + 3;
				break;
			}
	}
	if (at > 0 && asprintf(&t, "%.*s%s %s", (int)at, given, sup[k - 1],
	    given + at) >= 0)
		return t;
	if (at == 0 && asprintf(&t, "%s (%s)", given, sup[k - 1]) >= 0)
		return t;
	return NULL;
}

/*
 * A caller's title keeps its words; only a unit in closing brackets that
 * is the column's own is rescaled with the values ("Latency (ns)"
 * becomes "Latency (ms)"), so that title and ticks agree.
 */
static char *
given_title(const char *col, const struct bs_colunit *c, const char *given,
    double maxabs, double *factor)
{
	struct bs_colunit g;
	struct bp_unit u;
	const char *per = per_of(col, c);
	size_t gl = strlen(given);
	char *gu, *t;

	if (!bp_unit_known(c->unit))
		return given_powers(given, maxabs, factor);
	if (gl == 0 || (given[gl - 1] != ')' && given[gl - 1] != ']'))
		return strdup(given);
	if ((gu = given_unit(given, gl, per)) == NULL)
		return NULL;
	bs_column_unit(given, &g);
	bp_unit_choose(c->unit, maxabs, &u);
	if (strcmp(gu, c->unit) != 0 || u.name[0] == '\0')
		t = strdup(given);
	else {
		*factor = u.factor;
		if (asprintf(&t, given[gl - 1] == ']' ? "%.*s%s[%s%s]" :
		    "%.*s%s(%s%s)", (int)g.baselen, given, g.baselen ? " " :
		    "", u.name, per) < 0)
			t = NULL;
	}
	free(gu);
	return t;
}

char *
bp_axis_title(const char *col, const char *given, double maxabs,
    double *factor)
{
	return bp_axis_title_as(col, NULL, given, maxabs, factor);
}

char *
bp_axis_title_as(const char *col, const char *declared, const char *given,
    double maxabs, double *factor)
{
	struct bs_colunit c;
	struct bp_unit u;
	const char *per;
	char *t;
	int rc;

	*factor = 1;
	bs_column_unit_as(col, declared, &c);
	if (given != NULL)
		return given_title(col, &c, given, maxabs, factor);
	per = per_of(col, &c);
	bp_unit_choose(c.unit, maxabs, &u);
	*factor = u.factor;
	if (u.name[0] == '\0')
		return strdup(col);
	if (c.baselen == 0 && *per == '\0' && bs_is_time_unit(c.unit))
		/* A column named "ns": what it measures, then the unit. */
		rc = asprintf(&t, bs_tr("time (%s)"), u.name);
	else if (c.baselen == 0 && *per == '\0' && strcmp(c.unit, "B") == 0)
		rc = asprintf(&t, bs_tr("size (%s)"), u.name);
	else if (c.baselen == 0)
		/* "ns/op", "ops_per_sec": the unit says it all. */
		rc = asprintf(&t, "%s%s", u.name, per);
	else
		rc = asprintf(&t, "%.*s (%s%s)", (int)c.baselen, col, u.name,
		    per);
	return rc < 0 ? NULL : t;
}
