/*
 * The report layer of libstat (libstat/report/), private to the
 * library: the experiment record, the HTML report and their wording.
 * Includes the compare layer's header; the API is libstat.h
 * (libstat(3)).
 */
#ifndef LIBSTAT_REPORT_H
#define LIBSTAT_REPORT_H

#include "compare/compare.h"

/* ------------------------------------------------------------------ */
/* A comparison written out (report.c) */

/* "higher" or "lower": which way the metric improves. */
const char *bs_direction_name(const struct bs_metric *);

/*
 * The experiment record (record.c, -f record, Markdown) and the HTML
 * report (html.c, -f html: one file, charts inline, no network); both
 * are reached through bs_comparison_write.  0, or -1 with errno.
 */
int	 bs_record_write(FILE *, const struct bs_comparison *,
	    const struct bs_table *, const struct bs_report_opts *);
int	 bs_html_write(FILE *, const struct bs_comparison *,
	    const struct bs_table *, const struct bs_report_opts *);
/* Append "environment differs: k1, k2" to a note when the sides do. */
void	 bs_envnote(const struct bs_report_opts *, char *note, size_t len);
/*
 * Append what weakens a metric's verdict (bs_metric_caveats, with the
 * dependence when dep) and the environments' difference, in the
 * report's language, to buf.
 */
void	 bs_report_caveats(const struct bs_metric *,
	    const struct bs_report_opts *, int dep, char *buf, size_t len);
/* The differing keys as a section of table (md 0) or Markdown output. */
void	 bs_env_section(FILE *, const struct bs_report_opts *, int md);

/* One arm of a metric as the record tells it. */
struct bs_arm {
	size_t	 n;
	double	 mean, lo, hi;		/* t interval; NaN when n < 2 */
	int	 steady;		/* 1, 0, -1 unknown (n < 4) */
	double	 steady_diff;		/* of the last two windows of n/2 */
	size_t	 mild, severe;		/* beyond Tukey's fences (1.5, 3) */
};
void	 bs_arm_stats(const double *x, size_t n, double confidence,
	    struct bs_arm *);
/* "[candidate ]g1=v1 ... column" of a metric. */
void	 bs_metric_label(const struct bs_comparison *,
	    const struct bs_table *, const struct bs_metric *, char *buf,
	    size_t len);
/* One line concluding a metric ("single observation, ..." at n = 1). */
void	 bs_metric_conclusion(const struct bs_metric *,
	    const struct bs_report_opts *, char *buf, size_t len);

/* ------------------------------------------------------------------ */
/* What the reports for people show (scales.c) */

/* The centre shown for people: the statistic compared (cand: 1). */
double	 bs_report_centre(const struct bs_metric *,
	    const struct bs_cmp_opts *, int cand);
/*
 * The display scale of each value column: its unit from its name (or
 * the format's declaration), the size from the median magnitude of the
 * centres on both sides; none with o->raw.  init: 0, or -1 out of
 * memory; bs_colscale: NULL for a column not compared.
 */
struct bs_colscales {
	const char	**col;
	struct bs_scale	*sc;
	size_t		 n;
	struct bs_strhash h;	/* column name -> index */
};
int	 bs_colscales_init(struct bs_colscales *,
	    const struct bs_comparison *, const struct bs_report_opts *);
const struct bs_scale *bs_colscale(const struct bs_colscales *,
	    const char *column);
/* The index of a metric's column (every metric's column is there). */
size_t	 bs_colindex(const struct bs_colscales *, const char *column);
void	 bs_colscales_free(struct bs_colscales *);

#endif /* LIBSTAT_REPORT_H */
