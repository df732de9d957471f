/*
 * Prints the name of every row of the registries, one "REGISTRY NAME"
 * line each, for tests/registry.sh: the input formats, the statistics,
 * the comparison methods (their --test values), the chart kinds and
 * the result formats.
 */
#include <stdio.h>

#include "libstat.h"
#include "compare/compare.h"	/* the registries of statistics and methods */
#include "plots.h"

int
main(void)
{
	const char *n;
	enum bs_outfmt f;
	size_t i;

	for (i = 0; (n = bs_format_nth(i)) != NULL; i++)
		printf("format %s\n", n);
	for (i = 0; bs_stats[i].name != NULL; i++)
		printf("stat %s\n", bs_stats[i].name);
	for (i = 0; bs_methods[i] != NULL; i++)
		if (bs_methods[i]->test != NULL)
			printf("method %s\n", bs_methods[i]->test);
	for (i = 0; bp_kinds[i] != NULL; i++)
		printf("kind %s\n", bp_kinds[i]->name);
	for (i = 0; (n = bs_outfmt_name(i, &f)) != NULL; i++)
		printf("outfmt %s\n", n);
	return 0;
}
