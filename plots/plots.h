/*
 * plots: the drawing layer of b-tools (prefix bp_).
 *
 * Charts draw into a caller-owned cairo_t, so PNG, PDF and SVG share
 * one drawing path; bp_surface_create() makes a suitable cairo_t for a
 * file name and bp_surface_finish() writes the file atomically.
 *
 * Inputs are plain arrays of doubles and UTF-8 strings (invalid bytes are
 * drawn as U+FFFD); every chart
 * takes an options struct that its _init function fills with defaults.
 * Like libstat, the layer never prints and never exits: functions
 * return 0 (or a pointer) on success, -1 (or NULL) with a struct bs_err
 * filled on failure.  Nothing here keeps global mutable state.
 *
 * A typical caller (error handling elided):
 *
 *	struct bp_surface *s = bp_surface_create("out.png", 800, 500, &err);
 *	struct bp_scal_opts o;
 *	bp_scal_opts_init(&o);
 *	o.chart.title = "Throughput";
 *	o.chart.x.label = "Threads";
 *	o.chart.y.label = "Throughput (msg/s)";
 *	bp_scalability(s->cr, s->width, s->height, &o, series, 2, &err);
 *	bp_surface_finish(s, &err);	(frees s; bp_surface_abort() on error)
 *
 * Layout is two-pass, after kplot: every label (title, axis titles,
 * tick labels, legend, colour bar) is measured first, the plot area is
 * sized from what is left, then everything is drawn.  Sizes are in the
 * surface's user units (pixels for PNG, points for PDF and SVG); text
 * sizes scale with the image unless font_size is given.
 */
#ifndef PLOTS_H
#define PLOTS_H

#include <stddef.h>

#include <cairo.h>

#include "libstat.h"

/* ------------------------------------------------------------------ */
/* Colours */

struct bp_rgb {
	double	 r, g, b;	/* 0..1, sRGB */
};

enum bp_cmap {
	BP_CMAP_VIRIDIS = 0,	/* sequential, matplotlib's viridis */
	BP_CMAP_CIVIDIS,	/* sequential, Nunez et al. 2018 */
	BP_CMAP_DIVERGING,	/* blue - white - red, ColorBrewer RdBu */
	BP_CMAP__MAX
};

/* "viridis", "cividis", "diverging" (also "rdbu"); -1 if unknown. */
int		 bp_cmap_parse(const char *);
const char	*bp_cmap_name(enum bp_cmap);
/*
 * Colour of map at t in [0, 1] (clamped), linearly interpolated
 * between the table entries: viridis and cividis are the published
 * 256-entry tables, the diverging map ColorBrewer's 11-class RdBu
 * reversed (0 dark blue, 0.5 near-white, 1 dark red).
 */
struct bp_rgb	 bp_cmap_color(enum bp_cmap, double t);
/*
 * Series colour i of the Okabe-Ito palette (colour-blind safe), in an
 * order that keeps the light yellow last; cycles after 8.
 */
struct bp_rgb	 bp_palette(size_t i);
/* WCAG relative luminance, 0 (black) .. 1 (white). */
double		 bp_luminance(struct bp_rgb);
/* Black or white, whichever contrasts more with bg (WCAG ratio). */
struct bp_rgb	 bp_contrast_text(struct bp_rgb bg);

/* ------------------------------------------------------------------ */
/* Ticks and units */

#define BP_MAX_TICKS	256
/*
 * Most series a chart draws (lines, boxes side by side, CDF curves) and
 * most categories on an axis (box plot x, heatmap x and y): more give no
 * readable picture, and the charts refuse them.
 */
#define BP_MAX_SERIES	256
#define BP_TICK_LABEL	48

enum bp_scale_kind {
	BP_SCALE_LINEAR = 0,
	BP_SCALE_LOG10,		/* log axis, decade ticks */
	BP_SCALE_LOG2,		/* log axis, powers of two (thread counts) */
	BP_SCALE_CATEGORY	/* categories at 0, 1, ..., n - 1 */
};

struct bp_ticks {
	enum bp_scale_kind kind;
	double	 v[BP_MAX_TICKS];		/* tick values */
	char	 label[BP_MAX_TICKS][BP_TICK_LABEL]; /* Pango markup */
	size_t	 n;
	double	 lo, hi;	/* axis range: covers the data and ticks */
	double	 step;		/* linear: distance between ticks */
};

/*
 * Talbot, Lin and Hanrahan's extended Wilkinson algorithm (InfoVis
 * 2010) as R's labeling::extended(dmin, dmax, m): the labelling
 * lmin, lmin + lstep, ..., lmax of about m ticks that maximises
 * simplicity, coverage and density.  loose forces the labels to cover
 * [dmin, dmax].  Returns 0, or -1 for a non-finite range.
 */
int	 bp_extended(double dmin, double dmax, size_t m, int loose,
	    double *lmin, double *lmax, double *lstep);
/*
 * Linear ticks for data in [dmin, dmax] (about m of them), labels
 * formatted with the decimals the step needs.  lo/hi is the union of
 * the data range and the ticks.  A zero-width range is widened.
 */
int	 bp_ticks_linear(double dmin, double dmax, size_t m,
	    struct bp_ticks *);
/*
 * Linear ticks for whole numbers (counts of clients or threads): as
 * bp_ticks_linear(), but never a step below one.
 */
int	 bp_ticks_integer(double dmin, double dmax, size_t m,
	    struct bp_ticks *);
/*
 * Log10 ticks for positive data: decades (every k-th when there are
 * more than about 10); 1-2-5 or 1..9 multiples when the data span
 * less than a decade.  lo/hi: whole decades around the data, or the
 * data range itself when it spans less than a decade.
 */
int	 bp_ticks_log10(double dmin, double dmax, struct bp_ticks *);
/*
 * Base-2 ticks for thread counts.  log: powers of two on a log axis
 * (every k-th when there are more than about m).  Linear: multiples
 * of a power of two (never below one), about m of them, starting at
 * 0; a few powers spanning at most a factor 16 are ticked themselves
 * (1, 2, 4).
 */
int	 bp_ticks_pow2(double dmin, double dmax, size_t m, int log,
	    struct bp_ticks *);
/* 1 when every finite x[i] is a positive power of two (1, 2, 4, ...). */
int	 bp_all_pow2(const double *x, size_t n);
/*
 * A tick value as Pango markup: fixed decimals from step, U+2212 for
 * the minus sign, m×10^e (superscript) for very large or small values.
 */
void	 bp_format_tick(double v, double step, char *buf, size_t len);

/*
 * A display unit for an axis whose values are in unit and reach at
 * most maxabs: the values are multiplied by factor and the axis label
 * names name.  Time ("ns", "us"/"µs", "ms", "s") goes to the largest
 * unit that keeps maxabs >= 1 (1500000 ns -> 1.5 ms); bytes ("B") to
 * KiB, MiB, GiB, TiB (1024); rates in bytes ("B/s") to kB/s, MB/s,
 * GB/s (1000); any other unit, or "" for plain counts, takes an SI
 * prefix k, M, G, T when maxabs >= 10000 ("ops/s" -> "Mops/s"; "" ->
 * "thousands", "millions", ...).  Small values of unknown units are
 * left alone, and so is a unit too long for name (30 bytes or more):
 * factor 1 and name "", for the caller to title the axis itself.
 */
struct bp_unit {
	double	 factor;
	char	 name[32];
};
void	 bp_unit_choose(const char *unit, double maxabs, struct bp_unit *);

/*
 * The title of a value axis for column col whose values reach at most
 * maxabs, and the factor its values are drawn with.  Without a given
 * title: the column's name and the unit bp_unit_choose() picks ("latency
 * (ms)"), the name alone when it has no unit.  A given title is kept,
 * except that a unit in closing brackets that is the column's own
 * ("Throughput (msg/s)" for throughput_msg_per_sec) is rescaled with the
 * values ("Throughput (kmsg/s)").  Allocated; NULL when out of memory.
 */
char	*bp_axis_title(const char *col, const char *given, double maxabs,
	    double *factor);
/* The same, where the input format declared the column's unit. */
char	*bp_axis_title_as(const char *col, const char *declared,
	    const char *given, double maxabs, double *factor);

/* ------------------------------------------------------------------ */
/* Text */

/*
 * The font list handed to Pango: DejaVu Sans first, then CJK fonts
 * for Chinese (the dependency script installs WenQuanYi Micro Hei);
 * fontconfig falls back further for anything else.
 */
#define BP_FONT	"DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif"

/* Size of plain UTF-8 text at font size (user units) in cr's font setup. */
void	 bp_text_size(cairo_t *, const char *text, double size,
	    double *w, double *h);

/* ------------------------------------------------------------------ */
/* Setup */

/*
 * Route the messages of GLib and Pango away from the terminal; call once,
 * before any drawing (GLib takes one writer per process).  Warnings are
 * dropped: text that Pango would warn about (not UTF-8) is repaired
 * before it reaches Pango.  After a fatal message (GLib cannot allocate
 * or start a thread, and aborts next) the file being written is removed
 * and fatal, when not NULL, gets the message as one line of UTF-8; it
 * should report it and end the process (_exit) without returning.
 */
void	 bp_log_init(void (*fatal)(const char *msg));
/*
 * Set up the fonts text layout needs (fontconfig, then Pango's font map
 * and the chart font) before the first chart: -1 and err filled when
 * that fails (out of memory, no configuration), where Pango itself would
 * crash.  Only what draws text calls it.
 */
int	 bp_fonts_init(struct bs_err *err);

/* ------------------------------------------------------------------ */
/* Output files */

enum bp_format {
	BP_FMT_PNG = 0,
	BP_FMT_PDF,
	BP_FMT_SVG
};

/* Format from the extension of path (case-insensitive); -1 unknown. */
int	 bp_format_from_path(const char *path);

/*
 * A drawing surface for path, written as the file appears whole or not
 * at all: drawn in memory, then bp_surface_finish() checks every cairo
 * status and writes the file through bs_afile (a temporary file beside
 * path, renamed over it; nothing exists on disk while drawing).
 * Width and height are pixels for PNG, points for PDF and SVG.
 * The same drawing gives the same bytes: the PDF creation date is fixed
 * (SOURCE_DATE_EPOCH when set, else 1970-01-01), and the SVG ids that
 * cairo numbers from process-wide counters (surfaceN, imageN) are
 * renumbered in order of appearance.
 * The surface is cleared to white.
 */
struct bp_surface {
	cairo_surface_t	*surface;
	cairo_t		*cr;		/* draw here */
	enum bp_format	 format;
	double		 width, height;
	/* private */
	char		*path;
	int		 werr;		/* a write failed */
	char		*mem;		/* the file's bytes, until finished */
	size_t		 memlen, memcap;
};

struct bp_surface *bp_surface_create(const char *path, double width,
	    double height, struct bs_err *);
/* Finish, write, rename; frees s whatever the outcome. */
int	 bp_surface_finish(struct bp_surface *s, struct bs_err *);
/* png.c: an ARGB32 image surface as PNG bytes through put (0 or -1). */
int	 bp_png_write(cairo_surface_t *, int (*put)(void *,
	    const unsigned char *, unsigned int), void *arg);
/* Discard: remove the temporary file and free s.  NULL is fine. */
void	 bp_surface_abort(struct bp_surface *s);
/*
 * Remove the temporary files of the outputs being written, this surface's
 * and the others' (bs_tmp_cleanup()); safe in a fatal-error path (it only
 * unlinks), for a run a library ends.
 */
void	 bp_surface_cleanup(void);

/* ------------------------------------------------------------------ */
/* Charts: common options */

#define BP_AUTO	(-1)

/*
 * A reference line across the plot at value v of an axis (in the
 * axis's data units, before factor): a level to compare with, an SLO,
 * a limit the system cannot pass.  The axis range grows to show it.
 */
enum bp_ref_kind { BP_REF_PLAIN, BP_REF_SLO, BP_REF_LIMIT };
#define BP_MAX_REFS	8
struct bp_ref {
	double		 v;
	const char	*label;		/* NULL: none */
	enum bp_ref_kind kind;
};

struct bp_axis {
	const char	*label;	/* full title with unit, "Latency (µs)"; NULL: none */
	int		 log;	/* 1: logarithmic scale */
	/*
	 * Base-2 ticks (thread counts): BP_AUTO (default) when every
	 * value is a power of two, 0 never, 1 always.
	 */
	int		 base2;
	double		 min, max;	/* NaN (default): from the data */
	/*
	 * Multiplier applied to every value of this axis before drawing,
	 * e.g. bp_unit.factor; 0 or 1: none.  min/max are in displayed
	 * units.
	 */
	double		 factor;
	const struct bp_ref *ref;	/* nref reference lines, or NULL */
	size_t		 nref;
	/*
	 * Small multiples (--facet): the range every panel's data span
	 * (bp_axspec_set() widens it on a first pass, then covers it), so
	 * that all panels get the same axis; NULL: the axis's own.
	 */
	struct bp_axshare *share;
};

struct bp_axshare {
	double		 lo, hi;	/* displayed units */
	int		 apply;		/* 0: widen lo..hi; 1: cover it */
};

struct bp_rect {
	double	 x, y, w, h;
};

/* Where a chart's legend goes. */
enum bp_legend_pos {
	BP_LEGEND_AUTO = 0,	/* right of the plot if narrow, else below */
	BP_LEGEND_RIGHT,	/* right of the plot, entries wrapped */
	BP_LEGEND_BELOW,	/* below the x-axis title */
	BP_LEGEND_NONE		/* no legend */
};

/* "auto" (or "on"), "right", "below" ("bottom"), "none" ("off"); -1. */
int	 bp_legend_parse(const char *);

struct bp_chart {
	const char	*title;		/* NULL: none */
	double		 font_size;	/* tick label size; 0: from the image */
	struct bp_axis	 x, y;
	enum bp_legend_pos legend;	/* BP_LEGEND_AUTO by default */
	/*
	 * Points to call out (the best level under an SLO, the first that
	 * breaks it, points beyond a limit), drawn over the data.
	 */
	const struct bp_callout *callout;
	size_t		 ncallout;
	/*
	 * Out, optional: where the plot area (inside the axes) ended up,
	 * in user units, for callers that annotate or test the image.
	 */
	struct bp_rect	*plot_area;
	/*
	 * Out, optional: the range of the data drawn, x lo, hi, y lo, hi in
	 * displayed units (scalability), for panels that share axes.
	 */
	double		*range;
	/*
	 * Small multiples' common legend: only the legend is drawn, in the
	 * middle of the image (the chart is laid out and thrown away);
	 * *legend_n (if set) says how many entries it has.
	 */
	int		 legend_only;
	size_t		*legend_n;
};

/*
 * A point called out: the best level under an SLO (a green ring), the
 * first that breaks it (a red cross), one beyond a limit (an orange
 * square), one where Little's law does not hold (a purple diamond).
 * The legend says which is which.
 */
enum bp_callout_kind { BP_CALL_GOOD, BP_CALL_BAD, BP_CALL_LIMIT,
	BP_CALL_LITTLE, BP_CALL__N };
struct bp_callout {
	double		 x, y;		/* data units, before factor */
	enum bp_callout_kind kind;
	const char	*text;		/* NULL: none */
};

/* Defaults: no title or labels, linear axes, base2 auto, NaN limits. */
void	 bp_chart_init(struct bp_chart *);

/* ------------------------------------------------------------------ */
/* Scalability chart: throughput (or any y) against concurrency */

struct bp_scal_series {
	const char	*name;		/* legend entry; NULL: "series N" */
	const double	*x, *y;		/* n points, x ascending not required */
	const double	*lo, *hi;	/* CI bounds per point, or NULL */
	size_t		 n;
	/*
	 * A fitted model of this series (in the same units as x and y,
	 * before factor), or NULL.  Drawn as a curve with its shaded
	 * confidence band, the linear-scaling bound lambda N and, for
	 * Amdahl (or USL with beta = 0), the ceiling lambda / alpha
	 * dotted; the USL peak is marked, and a peak outside the
	 * measured range is stated in the legend.
	 */
	const struct bs_usl *fit;
	/* Palette colour and marker + 1, kept across panels; 0: its place. */
	size_t		 color;
	/* The panel it is drawn in (small multiples), for notes; or NULL. */
	const char	*panel;
};

struct bp_scal_opts {
	struct bp_chart	 chart;
	/*
	 * Confidence level of the error bars in percent, stated in the
	 * legend as "error bars: 95% CI of the mean" (ci_of: "of the
	 * mean" by default).  0: the legend states no level.
	 */
	double		 ci_level;
	const char	*ci_of;
	int		 band;		/* shade the fit's CI band (1) */
	int		 linear;	/* draw the linear-scaling bound (1) */
	int		 ceiling;	/* draw the Amdahl ceiling (1) */
	int		 peak;		/* mark the USL peak (1) */
	int		 zero;		/* linear y axis starts at 0 (1) */
	/*
	 * The fitted parameters (alpha, beta, lambda, N*, R^2) as a table
	 * under the plot, a row per series (0).
	 */
	int		 fit_table;
	/* A single series gets a legend entry too (0: the axis names it). */
	int		 single_entry;
	/* Draw the legend alone, filling the image: small multiples' (0). */
	int		 legend_only;
	/*
	 * Small multiples: the data range of every panel (x lo, hi, y lo,
	 * hi, displayed units) that this one's axes cover too, so that all
	 * get the same axes; NULL: its own.
	 */
	const double	*share;
};

void	 bp_scal_opts_init(struct bp_scal_opts *);
int	 bp_scalability(cairo_t *, double width, double height,
	    const struct bp_scal_opts *, const struct bp_scal_series *,
	    size_t nseries, struct bs_err *);

/* ------------------------------------------------------------------ */
/* Heatmap: categorical x and y, one coloured cell per pair */

struct bp_heatmap_opts {
	struct bp_chart	 chart;		/* x.label, y.label, title */
	enum bp_cmap	 cmap;		/* default viridis */
	int		 reverse;	/* flip the map */
	/*
	 * Centre of a diverging scale (e.g. 0 for differences, 1 for
	 * ratios): the map is made symmetric around it.  NaN: none.
	 */
	double		 center;
	double		 zmin, zmax;	/* NaN: from the data */
	const char	*zlabel;	/* colour bar title, with unit */
	double		 zfactor;	/* multiplier for z (unit); 0: 1 */
	int		 values;	/* write each cell's value (1) */
	/* printf format for a cell value; NULL: 3 significant digits */
	const char	*fmt;
	/*
	 * Which end of the colour bar is better, said beside it: 1 the
	 * top (higher values), -1 the bottom, 0 not said.
	 */
	int		 better;
	/*
	 * The colour bar: BP_BAR_BESIDE the cells (default), BP_BAR_NONE
	 * (a panel of small multiples) or BP_BAR_ALONE (their common
	 * legend: the bar by itself, filling the cell).
	 */
	int		 bar;
	/*
	 * Small multiples: the size of the cells' values, the smallest any
	 * panel can take (lo; 0: some panel has no room for them, so none
	 * writes them), found on the first passes; NULL: the chart's own.
	 */
	struct bp_axshare *vsize;
	/* BP_BAR_ALONE: some panel has an empty cell (the key says so). */
	int		 anyempty;
};
enum { BP_BAR_BESIDE, BP_BAR_NONE, BP_BAR_ALONE };

/*
 * A cell value as the heatmap writes it: three significant digits of
 * the value itself (none after the point when whole is set), U+2212
 * for minus.
 */
void	 bp_cell_value(double v, int whole, char *buf, size_t len);
/*
 * The colour map of a heatmap of column col (unit declared by the input
 * format, or NULL) from what the caller asked: cmap < 0 none, center NaN
 * none, reverse.  Signed data (below and above 0) get the diverging map
 * centred on 0; a diverging map is oriented by the column's direction,
 * better values blue and worse red, and the bar says which end is
 * better.
 */
void	 bp_heat_colors(struct bp_heatmap_opts *, const char *col,
	    const char *declared, const double *z, size_t n, int cmap,
	    double center, int reverse);

void	 bp_heatmap_opts_init(struct bp_heatmap_opts *);
/*
 * z holds ny rows of nx values, z[iy * nx + ix] for the cell of x
 * category xcat[ix] and y category ycat[iy]; NaN is an empty cell
 * (drawn hatched, no value).  x categories run left to right, y
 * categories top to bottom, both in the order given.  The cells are
 * drawn as one image (nearest-neighbour scaled), so there are no seams.
 */
int	 bp_heatmap(cairo_t *, double width, double height,
	    const struct bp_heatmap_opts *, const char *const *xcat,
	    size_t nx, const char *const *ycat, size_t ny, const double *z,
	    struct bs_err *);

/* ------------------------------------------------------------------ */
/* Box plot: per category a box of type-7 quartiles */

struct bp_sample {
	const double	*v;		/* NaN values are skipped */
	size_t		 n;
};

struct bp_box_opts {
	struct bp_chart	 chart;
	/* Series side by side in each category (e.g. baseline, candidate). */
	const char *const *series;	/* nseries names; NULL with 1 */
	size_t		 nseries;	/* 0 is taken as 1 */
	double		 k;		/* Tukey fence factor, 1.5 */
};

void	 bp_box_opts_init(struct bp_box_opts *);

/* What one box shows; bp_box_stats() computes it as bp_box() does. */
struct bp_boxstat {
	size_t	 n;		/* finite values */
	double	 q1, median, q3;	/* type 7 */
	double	 lo_fence, hi_fence;	/* Q1 - k IQR, Q3 + k IQR */
	double	 wlo, whi;	/* most extreme values within the fences */
	size_t	 noutliers;	/* values beyond the fences */
};

int	 bp_box_stats(const double *v, size_t n, double k,
	    struct bp_boxstat *);
/*
 * Boxes from Q1 to Q3 with the median, whiskers to the most extreme
 * values within the fences Q1 - k IQR and Q3 + k IQR, the values
 * beyond drawn as points.  s holds ncat * nseries samples,
 * s[icat * nseries + iseries].
 */
int	 bp_box(cairo_t *, double width, double height,
	    const struct bp_box_opts *, const char *const *cat, size_t ncat,
	    const struct bp_sample *s, struct bs_err *);

/* ------------------------------------------------------------------ */
/* Trend: a history with its change points (btrend's) */

struct bp_trend_cp {
	size_t		 at;		/* first revision after the change (>= 1) */
	double		 before, after;	/* the segments' levels */
	double		 change;	/* relative */
	int		 regressed;
	int		 provisional;	/* too few revisions after it yet */
	int		 outlier;	/* revision at alone: no step */
	size_t		 end;		/* a drift's last revision; else at */
};

struct bp_trend_series {
	const char	*name;
	const double	*x, *y;		/* per revision: position, mean */
	const double	*lo, *hi;	/* per revision interval, or NULL */
	size_t		 n;
	double		 mean;		/* the level without a change point */
	const struct bp_trend_cp *cp;
	size_t		 ncp;
};

struct bp_trend_opts {
	struct bp_chart	 chart;
	int		 band;		/* the revisions' intervals (1) */
	double		 conf;		/* their level, percent, for the legend */
	/* x ticks the history chose (dates, commits), or NULL: numbers. */
	const struct bp_ticks *xticks;
};

void	 bp_trend_opts_init(struct bp_trend_opts *);
int	 bp_trend(cairo_t *, double width, double height,
	    const struct bp_trend_opts *, const struct bp_trend_series *,
	    size_t nseries, struct bs_err *);

/* ------------------------------------------------------------------ */
/* Path: y against x in the order of the input (a load test's levels) */

struct bp_level;
struct bp_path_series {
	const char	*name;
	const struct bp_level *p;	/* x, y, intervals, label */
	size_t		 n;
};

struct bp_path_opts {
	struct bp_chart	 chart;
	int		 labels;	/* each point's label (1) */
	double		 ci_level;	/* of the error bars; 0: given */
	const char	*note;		/* a line for the legend, or NULL */
};

void	 bp_path_opts_init(struct bp_path_opts *);
int	 bp_path(cairo_t *, double width, double height,
	    const struct bp_path_opts *, const struct bp_path_series *,
	    size_t nseries, struct bs_err *);

/* ------------------------------------------------------------------ */
/* Distributions: histogram, violin, percentiles, runs */

/* Values of one series (and, for violins, category). */
struct bp_dist_series {
	const char	*name;
	const double	*v;		/* NaN skipped */
	size_t		 n;
};

enum bp_binrule { BP_BINS_FD, BP_BINS_SCOTT };

struct bp_hist_opts {
	struct bp_chart	 chart;		/* x.log: log-spaced bins */
	int		 density;	/* density, not counts */
	enum bp_binrule	 rule;		/* Freedman-Diaconis by default */
	const char	*unit;		/* the legend's values' unit; NULL none */
	/*
	 * The series whose pooled values choose the bins (small multiples:
	 * every panel's, so that all bin alike); NULL: those drawn.
	 */
	const struct bp_dist_series *bins;
	size_t		 nbins;
};

void	 bp_hist_opts_init(struct bp_hist_opts *);
/*
 * The shared bins of samples s: their width by the rule (on log10 of
 * the values for a log axis) from the pooled values, between 1 and 200
 * bins; *lo and *width (log10 units when logx).  -1: no finite values.
 */
int	 bp_hist_bins(const struct bp_dist_series *, size_t ns, double f,
	    enum bp_binrule, int logx, double *lo, double *width,
	    size_t *nbins);
/* One outline of counts (or density) per series over shared bins. */
int	 bp_hist(cairo_t *, double width, double height,
	    const struct bp_hist_opts *, const struct bp_dist_series *,
	    size_t nseries, struct bs_err *);

struct bp_violin_opts {
	struct bp_chart	 chart;
	const char *const *series;	/* names, nseries of them */
	size_t		 nseries;
};

void	 bp_violin_opts_init(struct bp_violin_opts *);
/*
 * Per category (and series side by side) the Gaussian kernel density of
 * the values mirrored about the category, the bandwidth by Silverman's
 * rule (R's bw.nrd0), cut at the extreme values; median and mean marked.
 * s holds ncat * nseries samples, s[icat * nseries + iseries].
 */
int	 bp_violin(cairo_t *, double width, double height,
	    const struct bp_violin_opts *, const char *const *cat,
	    size_t ncat, const struct bp_dist_series *s, struct bs_err *);

/* Percentile curves: value against p on a 1/(1 - p) axis. */
struct bp_pctl_series {
	const char	*name;
	const double	*p;		/* percentiles, 0 < p < 100 */
	const double	*v;
	size_t		 n;
	int		 curve;		/* every order statistic: no markers */
	const double	*lo, *hi;	/* each p's interval (NaN none), or NULL */
};

struct bp_pctl_opts {
	struct bp_chart	 chart;		/* y.log for long tails */
	double		 ci_level;	/* the series' intervals: their level */
};

/*
 * The empirical percentile curve of raw values x[0..m) (sorted here):
 * the order statistics at p = 100 i/m, i = 1 .. m - 1, the body thinned
 * to what the axis can show, into p and v (m of each); their count.
 */
size_t	 bp_pctl_curve(double *x, size_t m, double *p, double *v);
/*
 * The distribution-free interval at confidence (percent) of each of
 * the n percentiles p of sorted x[0..m) (bs_quantile_ci_index), into lo
 * and hi; NaN where m values have none.
 */
void	 bp_pctl_band(const double *x, size_t m, const double *p, size_t n,
	    double confidence, double *lo, double *hi);
void	 bp_pctl_opts_init(struct bp_pctl_opts *);
int	 bp_pctl(cairo_t *, double width, double height,
	    const struct bp_pctl_opts *, const struct bp_pctl_series *,
	    size_t nseries, struct bs_err *);

/* Runs: value against run number, moving median, warm-up, steady state. */
#define BP_RUNS_WINDOW	5
struct bp_runs_opts {
	struct bp_chart	 chart;
	size_t		 skip;		/* warm-up runs shaded; 0 none */
	size_t		 steady;	/* the two windows compared; 0 none */
	int		 steady_auto;	/* --steady auto, --skip auto: each
					   series' runs before its steady
					   state shaded (bs_steady_auto()) */
	int		 higher;	/* the values improve upward */
};

void	 bp_runs_opts_init(struct bp_runs_opts *);
int	 bp_runs(cairo_t *, double width, double height,
	    const struct bp_runs_opts *, const struct bp_dist_series *,
	    size_t nseries, struct bs_err *);

/* ------------------------------------------------------------------ */
/* Empirical CDF */

struct bp_cdf_series {
	const char	*name;
	const double	*v;		/* NaN values are skipped */
	size_t		 n;
};

struct bp_cdf_opts {
	struct bp_chart	 chart;		/* x.log for latencies */
	int		 guides;	/* p50, p95, p99 guides (1) */
	const char	*unit;		/* of the values, in the legend */
};

void	 bp_cdf_opts_init(struct bp_cdf_opts *);
/* Step function F(x) = #{v <= x} / n per series. */
int	 bp_cdf(cairo_t *, double width, double height,
	    const struct bp_cdf_opts *, const struct bp_cdf_series *,
	    size_t nseries, struct bs_err *);

/* ------------------------------------------------------------------ */
/*
 * Chart data from a libstat table (data.c): the samples, grid and lines
 * the charts above take, gathered from the groups of a table whose group
 * columns are the chart's roles.  Functions return 0, or -1 when out of
 * memory (or with the struct bs_err of a summary); nothing is worded for
 * a user except libstat's own errors.
 */

/* What a table's group keys are: indices into a group's key[], or -1. */
struct bp_roles {
	const struct bs_table *t;
	long		 kseries, kx, ky, kcol;
	long		 kfacet;	/* --facet: the panel's key, or -1 */
	int		 filecol;	/* key 0 is the input file */
	const struct bs_buf *bufs;	/* the inputs */
	char *const	*flabel;	/* their names in legends */
	size_t		 nbufs;
	size_t		 skip;		/* rows left out of every group */
};

/*
 * Names of the files for legends: without their folder and extension,
 * and without a prefix or suffix (ending or starting at _ - . or a
 * space) that they all share, so that latency_baseline.csv and
 * latency_candidate.csv become "baseline" and "candidate".  Names are
 * kept whole where trimming would make two equal or one empty; bytes
 * that are not UTF-8 become U+FFFD, and *repaired says so.  n + 1
 * entries, NULL last; NULL when out of memory.
 */
char	**bp_file_labels(const struct bs_buf *, size_t n, int *repaired);
/*
 * The series of group g: its file's label (with several inputs) and its
 * series key, joined by " / ".  Allocated; NULL when out of memory.
 */
char	*bp_group_series(const struct bp_roles *, size_t g);
/*
 * Order categories: by number when every one is a number (descending
 * when reverse is set), else as they first appeared.  map[i] receives
 * the new position of names[i].
 */
int	 bp_order_categories(char **names, size_t n, size_t *map,
	    int reverse);
void	 bp_names_free(char **names, size_t n);

/* Values per category (key kx, or one category "") and series. */
struct bp_samples {
	char		**cat, **ser;
	size_t		 ncat, nser;
	double		**v;		/* ncat * nser arrays */
	size_t		*n;
	double		 maxabs;
};
int	 bp_samples_gather(const struct bp_roles *, struct bp_samples *);
void	 bp_samples_free(struct bp_samples *);

/* The header of an input: its column names. */
struct bp_header {
	char		**names;
	size_t		 n;
	const struct bs_fmt *fmt;	/* the input's format, detected */
};

/* Read only the header of b; -1 with e set when there is none. */
int	 bp_header_read(struct bp_header *, const struct bs_buf *b,
	    const struct bs_read_opts *, struct bs_err *e);
void	 bp_header_free(struct bp_header *);
int	 bp_header_has(const struct bp_header *, const char *name);
/* col names a column: by name, or by 1-based number as libstat takes. */
int	 bp_header_resolves(const struct bp_header *, const char *col);
/*
 * The names as "a, b, c" for a message: about max bytes of them, cut at
 * a character boundary, "..." where some are left out.  NULL: no memory.
 */
char	*bp_header_list(const struct bp_header *, size_t max);
/*
 * Is the input bstat's output (columns mean, ci_lo and ci_hi, and y
 * NULL, "mean" or naming no column where a "column" column tells the
 * measured columns apart)?  *bycolumn: its rows are told apart by
 * "column".
 */
int	 bp_header_bstat(const struct bp_header *, const char *y,
	    int *bycolumn);
/*
 * The group columns of a chart's table in role order, role[] being
 * series, x, y, bstat's "column" and the facet (NULL: none), after the
 * file column
 * that r->filecol adds: their list for bs_table_opts.groups ("a,b"),
 * and r's key indices.  *groups NULL: no groups.  -1: no memory.
 */
int	 bp_roles_groups(struct bp_roles *r, const char *const role[5],
	    char **groups);

/* Means per (kx, ky) pair, y categories growing upwards. */
struct bp_grid {
	char		**xcat, **ycat;
	size_t		 nx, ny;
	double		*z;		/* ny * nx, NaN where empty */
	double		 maxabs;
};
int	 bp_grid_gather(const struct bp_roles *, const struct bs_summary_opts *,
	    struct bp_grid *, struct bs_err *);
void	 bp_grid_free(struct bp_grid *);

/* One line of a scalability chart: means with intervals, and raw rows. */
struct bp_line {
	char		*name;		/* with a facet: "facet / series" */
	char		*facet;		/* the panel's value, or NULL */
	const char	*series;	/* the name without the facet */
	double		*x, *y, *lo, *hi;
	size_t		 n, cap;
	double		*rx, *ry;	/* the rows a fit uses */
	size_t		 nraw, rawcap;
};

/* Why the groups make no lines; the tool words it. */
enum bp_lines_fail {
	BP_LINES_OK,
	BP_LINES_NOMEM,
	BP_LINES_SUMMARY,	/* err says why */
	BP_LINES_XNUM,		/* x key a is no number */
	BP_LINES_COLUMNS,	/* means of columns a and b: which one? */
	BP_LINES_MEANS		/* n rows of means at x = a in series b */
};

struct bp_lines {
	struct bp_line	*l;
	size_t		 n;
	size_t		 npts;		/* points in all lines */
	double		 xmax, ymax;	/* largest |x|, |y| and |hi| */
	const char	*colkey;	/* bstat's "column" drawn, or NULL */
	double		 level;		/* bstat's intervals: their confidence,
					   read back from n and se (percent);
					   0 unknown, -1 not one level */
	/* out, on failure */
	enum bp_lines_fail fail;
	const char	*a, *b;		/* keys of the table */
	size_t		 count;
	struct bs_err	 err;
};

/*
 * Lines from the groups: the mean and t interval of every (series, x)
 * group, or with bstat set the means and intervals the input holds
 * (value columns mean, ci_lo, ci_hi); with kcol, only the rows of column
 * y ("mean" or NULL: the one column there is).  -1 with fail set.
 */
int	 bp_lines_gather(const struct bp_roles *, const char *y, int bstat,
	    const struct bs_summary_opts *, struct bp_lines *);
void	 bp_lines_free(struct bp_lines *);

/*
 * The points of a path, or the load levels of a scalability line
 * (levels.c): a point per group of (series, level) in the order of the
 * input, its x and y the means of their rows with t intervals (or the
 * intervals the input gives), and the means of the columns that --slo,
 * --limit and --little look at.  Without a level column (a path without
 * --label) every row is a point.
 */
struct bp_request;
enum { BP_C_SLO, BP_C_LIMIT, BP_C_N, BP_C_X, BP_C_R, BP_C__N };

struct bp_level {
	const char	*label;		/* the level's key, or NULL */
	double		 load;		/* the key as a number, or NaN */
	double		 x, y, xlo, xhi, ylo, yhi;
	double		 c[BP_C__N], clo[BP_C__N], chi[BP_C__N];
};

struct bp_lvseries {
	char		*name;
	struct bp_level	*p;
	size_t		 n, cap;
};

struct bp_levels {
	struct bp_lvseries *s;
	size_t		 n;
	size_t		 npts;
	double		 xmax, ymax;	/* largest |x|, |y| with intervals */
};

int	 bp_levels_gather(const struct bp_roles *, const struct bp_request *,
	    double confidence, struct bp_levels *, struct bs_err *);
void	 bp_levels_free(struct bp_levels *);

/*
 * What --slo, --little and --limit find: a line each for standard
 * error, the same as a JSON object for --fit-report, and the points to
 * call out on the chart.
 */
struct bp_findings {
	char		**line;
	size_t		 nline;
	char		*json;
	struct bp_callout *call;
	size_t		 ncall;
};

int	 bp_levels_check(const struct bp_request *, const struct bs_table *,
	    const struct bp_levels *, struct bp_findings *, struct bs_err *);
void	 bp_findings_free(struct bp_findings *);

/* ------------------------------------------------------------------ */
/*
 * A first pass over the inputs, record by record, before the table is
 * built (scan.c): what is wrong with one record is found here with its
 * file and line, which the table no longer knows once the records are
 * grouped.  Distinct series and categories are counted as they arrive,
 * so that input with 100000 of them stops at the first one too many.
 */

enum { BP_ROLE_SERIES, BP_ROLE_X, BP_ROLE_Y, BP_ROLE__N };

struct bp_scan_role {
	const char	*col;		/* the column, by name or number */
	int		 label;		/* drawn as text: must be UTF-8 */
	size_t		 limit;		/* distinct values allowed; 0: any */
	/* private */
	long		 idx;
	void		*seen;
};

enum bp_scan_fail {
	BP_SCAN_OK,
	BP_SCAN_NAME_UTF8,	/* the name of column `column` */
	BP_SCAN_UTF8,		/* a value of role `role` */
	BP_SCAN_XNUM,		/* an x that is no number */
	BP_SCAN_XPOS,		/* an x that is not positive */
	BP_SCAN_LIMIT		/* one distinct value more than the limit */
};

struct bp_scan {
	struct bp_scan_role r[BP_ROLE__N];
	int		 xnum;		/* x must be a number */
	int		 xpos;		/* ... and positive */
	int		 filecol;	/* series are counted per file */
	/* out: the first problem found */
	enum bp_scan_fail fail;
	size_t		 role;
	size_t		 file;		/* index of the input */
	size_t		 line, recno;	/* line 0: unknown (JSON) */
	size_t		 column;	/* 1-based */
	char		 value[41];	/* the value, its first 40 bytes */
};

/* 0, or -1 with s->fail set.  Errors of reading are left to the table. */
int	 bp_scan_inputs(struct bp_scan *s, const struct bs_buf *, size_t n,
	    const struct bs_read_opts *);

/* ------------------------------------------------------------------ */
/*
 * What a command line asks of a chart (request.c), apart from the
 * wording, which is the tool's: the kinds, which options apply to
 * which kind, and how the inputs are read for them.
 */

/* A chart kind: its descriptor, struct bp_kind, is below. */
struct bp_kind;

/*
 * A condition on a column, "p99_latency_ms<=50": what an SLO asks of
 * a latency, or a limit (a link's bandwidth) that no point may pass.
 */
enum bp_op { BP_OP_LE = BS_COND_LE, BP_OP_LT = BS_COND_LT,
	BP_OP_GE = BS_COND_GE, BP_OP_GT = BS_COND_GT };	/* libstat's */
struct bp_cond {
	int		 set;
	char		 col[128];
	enum bp_op	 op;
	double		 v;
	char		 text[160];	/* as given, for messages */
};
/* Does v meet the condition? */
int	 bp_cond_holds(const struct bp_cond *, double v);

struct bp_request {
	const struct bp_kind *kind;	/* set before the request is used */
	const char	*x, *y, *z, *series;	/* the roles' columns */
	int		 pool;		/* --series '': no default series */
	const char	*title, *xlabel, *ylabel, *zlabel;
	int		 logx, logy;
	int		 legend;	/* BP_LEGEND_* */
	double		 width, height;
	int		 fit;		/* -1 or enum bs_usl_model */
	const char	*fitreport;
	int		 cmap;		/* -1: default */
	double		 center;	/* NaN: none */
	int		 reverse;	/* heatmap: the colour map turned round */
	int		 fit_table;	/* scalability: the fit's table */
	int		 confset;	/* the confidence level was given */
	const char	*label;		/* path: the points' labels */
	const char	*lohi[4];	/* path: xlo, xhi, ylo, yhi columns */
	struct bp_ref	 hline[BP_MAX_REFS], vline[BP_MAX_REFS];
	size_t		 nhline, nvline;
	struct bp_cond	 slo, limit;
	char		 little[3][128]; /* N, X, R; "" none */
	int		 density;	/* hist: density, not counts */
	size_t		 steady;	/* runs: the window of --steady */
	int		 steady_auto;	/* --steady auto: runs, latency-map and
					   timeline shaded (or --skip auto) */
	int		 ci;		/* percentiles: the intervals' band */
	double		 ymax;		/* latency-map: --ymax, NaN none */
	double		 every;		/* latency-map, timeline: --every, s; 0 */
	const char	*facet;		/* --facet: a panel per value, or NULL */
};

/*
 * No kind, columns or titles, no fit, 800 x 500, legend auto, no
 * centre.
 */
void	 bp_request_init(struct bp_request *);

/*
 * The chart options of a command line, as getopt_long() takes them: a
 * name, whether it takes a value (0 no, 1 yes) and its code, numbered
 * from BP_OPT_BASE so that a tool's own codes stay below.  The table
 * ends with a NULL name.
 */
#define BP_OPT_BASE	1200
struct bp_optdef {
	const char	*name;
	int		 arg;
	int		 code;
};
extern const struct bp_optdef bp_optdefs[];
/*
 * Apply option code with its value to a request: 0; -1 with e set to
 * what is wrong with the value, in the option's terms; 1 when code is
 * not a chart option.
 */
int	 bp_request_opt(struct bp_request *, int code, const char *arg,
	    struct bs_err *e);


/* How a request misuses the options, in the order they are checked. */
enum bp_misuse {
	BP_MISUSE_NONE = 0,
	BP_MISUSE_FIT_KIND,	/* --fit on a chart other than scalability */
	BP_MISUSE_REPORT_NOFIT,	/* --fit-report without --fit */
	BP_MISUSE_HEAT_ONLY,	/* -z, --zlabel, --colormap, --center */
	BP_MISUSE_HEAT_AXES,	/* --series, --logx, --logy on a heatmap */
	BP_MISUSE_HEAT_LEGEND,	/* --legend on a heatmap */
	BP_MISUSE_BOX_LOGX,
	BP_MISUSE_CDF_LOGY,
	BP_MISUSE_CDF_X,
	BP_MISUSE_CENTER_MAP,	/* --center with a sequential map */
	BP_MISUSE_NEED_X,	/* scalability without -x */
	BP_MISUSE_NEED_XYZ,	/* heatmap without one of -x, -y, -z */
	BP_MISUSE_NEED_Y,	/* box or CDF without -y */
	BP_MISUSE_SAME_XY,	/* -x and -y name one column */
	BP_MISUSE_SAME_SERIES,	/* --series names -x or -y */
	BP_MISUSE_TEXT_UTF8,	/* title *which (title, x, y, z) not UTF-8 */
	BP_MISUSE_PATH_ONLY,	/* --label, --xlo, ... off a path */
	BP_MISUSE_CHECKS,	/* --slo, --little, --limit off path/scal */
	BP_MISUSE_VLINE,	/* --vline on a category x */
	BP_MISUSE_HLINE,	/* --hline on a heatmap */
	BP_MISUSE_DENSITY,	/* --density off a histogram */
	BP_MISUSE_STEADY,	/* --steady off a runs chart */
	BP_MISUSE_LOGX_KIND,	/* --logx where x is not a value */
	BP_MISUSE_NOX,		/* -x on hist, percentiles, runs */
	BP_MISUSE_PATH_XY,	/* path without -x or -y */
	BP_MISUSE_CI,		/* --ci off a percentiles chart */
	BP_MISUSE_YMAX,		/* --ymax off a latency map */
	BP_MISUSE_LATMAP_AXES,	/* --series, --logx, --logy on a latency map */
	BP_MISUSE_LATMAP_XY,	/* latency-map without -x or -y */
	BP_MISUSE_TIMELINE_XY,	/* timeline without -x or -y */
	BP_MISUSE_TIMELINE_LOGY,	/* --logy on a timeline */
	BP_MISUSE_OFFMAP_X,	/* offset-map without -x */
	BP_MISUSE_EVERY,		/* --every off a latency map or timeline */
	BP_MISUSE_FACET,	/* --facet on a kind not drawn in panels */
	BP_MISUSE_FACET_OPTS,	/* --facet with --fit-table or the checks */
	BP_MISUSE_SAME_FACET,	/* --facet names -x, -y or --series */
	BP_MISUSE_STEADY_AUTO	/* --steady auto off a map or timeline */
};

/*
 * A misuse as the tool says it (kind is the chart asked for), into
 * buf.  Misuses worded by the tool with the request's columns
 * (BP_MISUSE_SAME_XY, BP_MISUSE_TEXT_UTF8) are not worded here.
 */
void	 bp_misuse_text(enum bp_misuse, const struct bp_kind *, char *buf,
	    size_t len);
/* The first misuse of the options, or BP_MISUSE_NONE. */
enum bp_misuse bp_request_check(const struct bp_request *, size_t *which);

/* How the inputs are read for a request, from the first header. */
struct bp_plan {
	int	 bstat;		/* bstat's output: means with intervals */
	int	 bycol;		/* ... told apart by its "column" */
	int	 sfile;		/* --series file names the file column */
	int	 filecol;	/* the table has a file column */
	int	 pctl;		/* percentiles: enum bp_pctl_from */
};

/* Where a percentile chart's percentiles come from. */
enum bp_pctl_from {
	BP_PCTL_UNUSED,		/* not a percentile chart */
	BP_PCTL_NONE,		/* no way found: the tool says so */
	BP_PCTL_RAW,		/* raw values of -y: computed at fixed p */
	BP_PCTL_ROWS,		/* rows of percentile (0-100) and value */
	BP_PCTL_COLS		/* columns pNN (and median) per row */
};

void	 bp_request_plan(const struct bp_request *, const struct bp_header *,
	    size_t ninputs, struct bp_plan *);
/*
 * The value columns of a request's table, "a,b" without repeats
 * (allocated), given the first header: the path's x and y and their
 * intervals, the columns of --slo, --little and --limit, a percentile
 * chart's percentile and value (hgrm, wrk) or pNN columns (bstat).
 * NULL with e set: no memory, or percentiles with no column to read.
 */
char	*bp_request_columns(const struct bp_request *, const struct bp_plan *,
	    const struct bp_header *, struct bs_err *e);
/* The first pass over the inputs that the request needs. */
void	 bp_request_scan(const struct bp_request *, const struct bp_plan *,
	    struct bp_scan *);

/* Room for the reference lines of a chart's axes and their labels. */
struct bp_refs {
	struct bp_ref	 x[BP_MAX_REFS + 2], y[BP_MAX_REFS + 2];
	char		 xl[2][200], yl[2][200];
};

/* The inputs of a chart and the table of their groups by role. */
struct bp_inputs {
	struct bs_buf	*bufs;
	size_t		 nbufs;
	char		**fname;	/* bp_file_labels(), or NULL */
	char		*groups;	/* the group columns, "a,b" */
	char		*columns;	/* the value columns, "a,b" */
	struct bs_table	*t;
	struct bp_roles	 r;
	struct bp_findings found;	/* of bp_inputs_check() */
	/* A panel of small multiples (bp_chart_draw()), or NULL. */
	struct bp_facet	*facet;
};

/*
 * What the panels of small multiples share, through their inputs: every
 * chart's bp_chart_request() takes the panel's title, font size, axes
 * and legend from it, bp_axis_title_in() and bp_legend_unit() the unit
 * that the largest value of every panel chose (recorded on the first,
 * discarded pass, used on the second).
 */
#define BP_FACET_UNITS	4
struct bp_facet {
	const char	*title;		/* the panel's value */
	double		 font;
	int		 legend_only;	/* the common legend's cell */
	int		 apply;		/* 0: first pass, ranges gathered */
	size_t		 legend_n;	/* the common legend's entries */
	const struct bp_inputs *whole;	/* every panel's inputs */
	struct bp_axshare x, y;
	/* The colour scale (heatmap, latency and offset maps) of all. */
	struct bp_axshare z;
	/* The size of a heatmap's cell values in every panel (lo). */
	struct bp_axshare vsize;
	/* A timeline's three panels' y (up to hi). */
	struct bp_axshare sub[3];
	int		 anyempty;	/* a heatmap panel has an empty cell */
	struct {
		const char	*col;
		double		 maxabs;
	}		 unit[BP_FACET_UNITS];
};

/* Load every path (whole, as standard input can be read only once). */
int	 bp_inputs_load(struct bp_inputs *, const char *const *paths,
	    size_t n, struct bs_err *);
/*
 * Build the table: groups are the roles (series, x, y, bstat's
 * "column") after the file column the plan adds, values the request's
 * column or bstat's mean, ci_lo and ci_hi; to supplies the rest (the
 * reader's options, the warning function).  skip: rows left out of
 * every group by the charts.
 */
int	 bp_inputs_table(struct bp_inputs *, const struct bp_request *,
	    const struct bp_plan *, struct bs_table_opts *to, size_t skip,
	    struct bs_err *);
void	 bp_inputs_free(struct bp_inputs *);
/*
 * The checks of --slo, --little and --limit over the load levels of the
 * table, into in->found (drawn as callouts, worded by the tool).
 */
int	 bp_inputs_check(struct bp_inputs *, const struct bp_request *,
	    double confidence, struct bs_err *);

/*
 * The scalability chart, drawn by the tool (its kind has no draw): the
 * tool fits the lines (libstat's usl), writes the fit report and draws
 * through this.  fit holds the model of every line or is NULL; the
 * error bars' level is stated unless bstat's means with intervals were
 * read and no level was given.  0, or -1 with e set.
 */
int	 bp_draw_scalability(struct bp_surface *s, const struct bp_request *,
	    const struct bp_inputs *, const struct bp_lines *,
	    const struct bs_usl *fit, double confidence, int bstat,
	    struct bs_err *e);

/* ------------------------------------------------------------------ */
/*
 * Chart kinds.  Each kind is one descriptor, defined in the kind's own
 * file (box.c, heatmap.c, dist.c, ...) and listed once in registry.c:
 * its name, what it reads of the roles, which options it takes and why
 * it refuses the others, how its inputs are read, and how its chart is
 * gathered and drawn.  Nothing depends on the order of the list but the
 * order kinds are named in (bplot's usage and errors).
 */

/*
 * What a request gives (or leaves out), as bits: the options a kind
 * takes (bp_kind.takes) and those it refuses (bp_refusal.given).
 */
enum {
	BP_REQ_FIT = 1 << 0,		/* --fit */
	BP_REQ_REPORT_NOFIT = 1 << 1,	/* --fit-report without --fit */
	BP_REQ_Z = 1 << 2,		/* -z */
	BP_REQ_CMAP = 1 << 3,		/* --colormap */
	BP_REQ_CENTER = 1 << 4,		/* --center */
	BP_REQ_ZLABEL = 1 << 5,		/* --zlabel, --reverse */
	BP_REQ_SERIES = 1 << 6,		/* --series */
	BP_REQ_LOGX = 1 << 7,
	BP_REQ_LOGY = 1 << 8,
	BP_REQ_LEGEND = 1 << 9,		/* a legend other than auto */
	BP_REQ_X = 1 << 10,		/* -x */
	BP_REQ_CENTER_MAP = 1 << 11,	/* --center with a sequential map */
	BP_REQ_NOX = 1 << 12,		/* no -x */
	BP_REQ_NOY = 1 << 13,		/* no -y */
	BP_REQ_NOZ = 1 << 14,		/* no -z */
	BP_REQ_PATHOPT = 1 << 15,	/* --label, --xlo, ... */
	BP_REQ_CHECKS = 1 << 16,	/* --slo, --little, --limit */
	BP_REQ_VLINE = 1 << 17,
	BP_REQ_HLINE = 1 << 18,
	BP_REQ_DENSITY = 1 << 19,
	BP_REQ_STEADY = 1 << 20,
	BP_REQ_CI = 1 << 21,
	BP_REQ_YMAX = 1 << 22,		/* --ymax */
	BP_REQ_EVERY = 1 << 23,		/* --every */
	BP_REQ_FACET = 1 << 24,		/* --facet */
	BP_REQ_FACET_OPTS = 1 << 25,	/* --facet with --fit-table, --slo... */
	BP_REQ_STEADY_AUTO = 1 << 26	/* --steady auto */
};

/* Any of the bits given is refused with misuse. */
struct bp_refusal {
	unsigned	 given;		/* BP_REQ_*; 0 ends a list */
	enum bp_misuse	 misuse;
};

/* What a kind reads of its roles (bp_kind.flags). */
enum {
	/* bstat's means with intervals are drawn as given (-y optional) */
	BP_KF_MEANS = 1 << 0,
	/*
	 * x is a measured value and the points are keyed by --label
	 * (without it each row is a point, read as it is)
	 */
	BP_KF_LABELKEY = 1 << 1,
	/* x is a number, the load of a level: levels are sorted by it */
	BP_KF_XNUM = 1 << 2,
	/* x lies along a number line: no limit on how many values */
	BP_KF_XLINE = 1 << 3,
	/* y is categories: a key of the table, as x is */
	BP_KF_YKEY = 1 << 4,
	/* each row is drawn as it is, never pooled into a sample */
	BP_KF_ROWS = 1 << 5,
	/*
	 * x is the time stamps: the table keeps them (bs_table_opts.timecol)
	 * and, when the input has a column success, each request's success.
	 */
	BP_KF_TIME = 1 << 6,
	/*
	 * --facet: the common legend (a colour bar, a few lines) is a
	 * strip down the right of the panels, not a cell of their grid.
	 */
	BP_KF_LEGEND_STRIP = 1 << 7,
	/* --facet: a panel is three charts high (timeline): tall cells. */
	BP_KF_TALL_PANELS = 1 << 8,
	/*
	 * x is the time stamps: with no -x, the column the input's format
	 * keeps them in (bs_format_time(): JMeter's timeStamp, k6's and
	 * vegeta's timestamp), found once the input is read.
	 */
	BP_KF_XTIME = 1 << 9
};

/* What a kind's chart is drawn with; data is what its gather made. */
struct bp_drawing {
	const struct bp_request	*q;
	const struct bp_inputs	*in;
	const struct bp_plan	*pl;
	double			 conf;	/* the confidence level */
	size_t			 skip;	/* rows dropped per group */
	void			*data;
};

/* The value columns a kind adds to its table (bp_cols_add()). */
struct bp_cols;
void	 bp_cols_add(struct bp_cols *, const char *col);

struct bp_kind {
	const char	*name;		/* as a command line names it */
	/* bplot's usage after the name; a newline is a continuation */
	const char	*synopsis;
	unsigned	 flags;		/* BP_KF_* */
	/*
	 * The option families it takes, BP_REQ_FIT, _PATHOPT, _CHECKS,
	 * _DENSITY, _STEADY, _VLINE, _HLINE, _Z (with --colormap,
	 * --center, --zlabel); any other is misuse.
	 */
	unsigned	 takes;
	/* Options it refuses, why, in the order they are checked. */
	struct bp_refusal refuses[3];
	/* The columns it cannot do without (BP_REQ_NOX, _NOY, _NOZ). */
	struct bp_refusal needs;
	/* How the inputs are read, from the first header; or NULL. */
	void	(*plan)(const struct bp_request *, const struct bp_header *,
		    struct bp_plan *);
	/* Its value columns; NULL: -y's. */
	void	(*columns)(struct bp_cols *, const struct bp_request *,
		    const struct bp_plan *, const struct bp_header *);
	/*
	 * What the chart takes from the table, before the image is made
	 * (NULL: nothing); then the chart, drawn on s (NULL: the tool
	 * draws it, as scalability's fits are the tool's); release frees
	 * what gather made.  0, or -1 with e set.
	 */
	int	(*gather)(struct bp_drawing *, struct bs_err *e);
	int	(*draw)(struct bp_surface *s, struct bp_drawing *,
		    struct bs_err *e);
	void	(*release)(struct bp_drawing *);
};

/* Every kind, in the order they are named; NULL ends the list. */
extern const struct bp_kind *const bp_kinds[];
/* The kind of that name, or NULL. */
const struct bp_kind *bp_kind_find(const char *name);

/*
 * A request's chart through its kind: gathered from the inputs (before
 * the image is made), drawn on s, then freed.  0, or -1 with e set.
 */
int	 bp_chart_gather(struct bp_drawing *, const struct bp_request *,
	    const struct bp_inputs *, const struct bp_plan *,
	    double confidence, size_t skip, struct bs_err *e);
int	 bp_chart_draw(struct bp_surface *s, struct bp_drawing *,
	    struct bs_err *e);
void	 bp_chart_free(struct bp_drawing *);

#endif /* PLOTS_H */
