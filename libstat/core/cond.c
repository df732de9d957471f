/*
 * A comparison with a threshold, "<=50": --target's, bplot's --slo and
 * --limit, --ok's (which the table judges as it reads each row, so below
 * the stat layer that judges summaries).
 */
#include <math.h>
#include <string.h>

#include "libstat.h"
#include "core/core.h"

static const struct {
	const char	*s;
	enum bs_cond_op	 op;
} ops[] = {
	{ ">=", BS_COND_GE }, { "<=", BS_COND_LE }, { ">", BS_COND_GT },
	{ "<", BS_COND_LT }
};

int
bs_cond_parse(const char *s, struct bs_cond *c, const char **rest)
{
	size_t i;

	if (rest != NULL)
		*rest = s;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strncmp(s, ops[i].s, strlen(ops[i].s)) == 0)
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		return -1;
	c->op = ops[i].op;
	s += strlen(ops[i].s);
	if (rest != NULL)
		*rest = s;
	if (bs_parse_double(s, &c->v) == -1 || !isfinite(c->v))
		return -1;
	return 0;
}

int
bs_cond_holds(const struct bs_cond *c, double x)
{
	switch (c->op) {
	case BS_COND_GE:
		return x >= c->v;
	case BS_COND_GT:
		return x > c->v;
	case BS_COND_LE:
		return x <= c->v;
	default:
		return x < c->v;
	}
}

const char *
bs_cond_op_text(enum bs_cond_op op)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i].op == op)
			return ops[i].s;
	return "?";
}
