/*
 * The chart kinds: one descriptor each (struct bp_kind), defined in the
 * kind's own file; this list is the only place that names them all.  A
 * new kind is its file and a line here (and its declaration above it).
 * The order is the order they are named in (bplot's usage and errors),
 * nothing else.
 */
#include <string.h>

#include "plots_extern.h"

extern const struct bp_kind bp_kind_scalability, bp_kind_heatmap,
    bp_kind_box, bp_kind_cdf, bp_kind_trend, bp_kind_path,
    bp_kind_percentiles, bp_kind_hist, bp_kind_violin, bp_kind_runs,
    bp_kind_latmap, bp_kind_offmap, bp_kind_timeline, bp_kind_shift;

const struct bp_kind *const bp_kinds[] = {
	&bp_kind_scalability,	/* scalability.c */
	&bp_kind_heatmap,	/* heatmap.c */
	&bp_kind_box,		/* box.c */
	&bp_kind_cdf,		/* cdf.c */
	&bp_kind_trend,		/* trend.c */
	&bp_kind_path,		/* path.c */
	&bp_kind_percentiles,	/* pctl.c */
	&bp_kind_hist,		/* dist.c */
	&bp_kind_violin,	/* dist.c */
	&bp_kind_runs,		/* runs.c */
	&bp_kind_latmap,	/* latmap.c */
	&bp_kind_offmap,	/* latmap.c */
	&bp_kind_timeline,	/* timeline.c */
	&bp_kind_shift,		/* shift.c */
	NULL
};

const struct bp_kind *
bp_kind_find(const char *name)
{
	for (size_t i = 0; bp_kinds[i] != NULL; i++)
		if (strcmp(name, bp_kinds[i]->name) == 0)
			return bp_kinds[i];
	return NULL;
}
