/*
 * A program outside the tree, built against the installed libstat through
 * pkg-config (tests/install/check.sh): the mean and sd of 1, 2, 3, 4.
 */
#include <stdio.h>

#include <libstat.h>

int
main(void)
{
	const double x[] = { 1, 2, 3, 4 };
	double mean, sd;

	bs_mean_sd(x, 4, &mean, &sd);
	printf("%.17g %.17g\n", mean, sd);
	return 0;
}
