/*
 * The charts of bcompare's HTML report (htmlchart.c), handed to libstat
 * as bs_report_opts.chart.
 */
#ifndef HTMLCHART_H
#define HTMLCHART_H

#include <stdio.h>

#include "libstat.h"

struct html_charts {
	unsigned	 n;	/* charts drawn: their ids' prefix */
};

int	 html_chart(void *arg, FILE *, const struct bs_metric *, int cdf);

#endif
