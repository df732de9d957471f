/*
 * Private to the plots layer: text drawing, the chart frame (two-pass
 * layout, axes, grid), legends and markers shared by the chart kinds.
 */
#ifndef PLOTS_EXTERN_H
#define PLOTS_EXTERN_H

#include <pango/pangocairo.h>

#include "plots.h"

/*
 * Strokes and fills, cut to the clip by hand when drawing into SVG
 * (clip.c: ImageMagick inverts SVG clip paths), cairo's otherwise;
 * every kind's cairo_stroke() and cairo_fill() come here.
 */
void	 bp_stroke(cairo_t *, int preserve);
void	 bp_fill(cairo_t *, int preserve);
#define cairo_stroke(cr)		bp_stroke((cr), 0)
#define cairo_stroke_preserve(cr)	bp_stroke((cr), 1)
#define cairo_fill(cr)			bp_fill((cr), 0)
#define cairo_fill_preserve(cr)		bp_fill((cr), 1)

/* Errors of the plotting layer: libstat's, with no file or line. */
#define bp_err(e, ...)	bs_seterr((e), NULL, 0, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Text */

enum bp_halign { BP_HLEFT, BP_HCENTER, BP_HRIGHT };
enum bp_valign { BP_VTOP, BP_VMIDDLE, BP_VBOTTOM };

/*
 * A Pango layout of text at size (user units), as markup when markup
 * is set (tick labels), else as plain text; wrapped at wrap user units
 * when wrap > 0, to at most BP_MAX_LINES lines per paragraph; one line
 * of at most -wrap units when wrap < 0; both end in an ellipsis where
 * text is left out.  Font metrics are unhinted so that PNG, PDF and SVG
 * lay out the same.
 */
#define BP_MAX_LINES	4
PangoLayout	*bp_layout(cairo_t *, const char *text, double size,
		    int markup, int bold, double wrap);
void		 bp_layout_size(PangoLayout *, double *w, double *h);
/* Measure text; 0 x 0 for NULL or "". */
void		 bp_measure(cairo_t *, const char *text, double size,
		    int markup, int bold, double wrap, double *w, double *h);
/*
 * Draw text anchored at (x, y) by its box (ha, va), rotated by angle
 * radians (counter-clockwise, about the anchor).  Wrapped lines are
 * centred when ha is BP_HCENTER.
 */
void		 bp_text(cairo_t *, const char *text, double size, int markup,
		    int bold, double wrap, double x, double y,
		    enum bp_halign ha, enum bp_valign va, double angle,
		    struct bp_rgb);

/* ------------------------------------------------------------------ */
/* Style */

struct bp_style {
	double	 tick;		/* tick label text */
	double	 label;		/* axis titles */
	double	 title;
	double	 legend;
	double	 small;		/* notes, cell values */
	double	 pad;		/* outer margin */
	double	 gap;		/* between text and what it labels */
	double	 ticklen;
	double	 line;		/* data line width */
	double	 thin;		/* grid, axes */
	double	 marker;	/* marker radius */
};

void	 bp_style_init(struct bp_style *, double w, double h,
	    double font_size);

void	 bp_set_rgb(cairo_t *, struct bp_rgb);
void	 bp_set_rgba(cairo_t *, struct bp_rgb, double alpha);
/* Grey of lightness v (0 black .. 1 white). */
struct bp_rgb	 bp_grey(double v);

/* Markers by index: circle, square, triangle, diamond, down triangle,
 * plus, cross (then again), or the star of BP_MARK_STAR; filled with c,
 * outlined darker.  With BP_MARK_OPEN
 * in kind, the outline alone in c (an open mark that shows what lies
 * under it). */
#define BP_MARK_OPEN	0x100
/* Is unit one of a family bp_unit_choose() steps through (ns, B, B/s)? */
int	 bp_unit_known(const char *unit);
/* No marker at all: a legend's line for a line drawn bare. */
#define BP_MARK_NONE	0x200
/*
 * The star, a mark of meaning (the USL peak N*): series are marked by
 * index with the seven other shapes, so that no series wears it.
 */
#define BP_MARK_STAR	0x400
/* The shape kind draws: 0 circle .. 6 cross, 7 the star; -1 none. */
int	 bp_marker_shape(size_t kind);
void	 bp_marker(cairo_t *, size_t kind, double x, double y, double r,
	    struct bp_rgb c);
/*
 * The markers of a long series (over BP_DOTS_MIN points), one on each
 * device pixel a point falls on (dots.c): open the grid on the frame's
 * plot area, add the points (user space), draw and free it.
 */
#define BP_DOTS_MIN	20000
struct bp_dots {
	unsigned char	*hit;
	size_t		 nx, ny;
	double		 x0, y0;	/* device space of the plot area */
};
struct bp_frame;
int	 bp_dots_open(struct bp_dots *, cairo_t *, const struct bp_frame *);
void	 bp_dots_add(struct bp_dots *, cairo_t *, double x, double y);
void	 bp_dots_draw(struct bp_dots *, cairo_t *, size_t kind, double r,
	    struct bp_rgb);

/* ------------------------------------------------------------------ */
/* Axes and frame */

/*
 * One axis of a chart: what the data range is and how it is drawn.
 * For BP_SCALE_CATEGORY the categories are cat[0..ncat).
 */
struct bp_axspec {
	enum bp_scale_kind kind;	/* LINEAR, LOG10, LOG2 or CATEGORY */
	double		 dmin, dmax;	/* data range, displayed units */
	int		 base2;		/* linear ticks in powers of two */
	int		 integer;	/* whole numbers: no step below 1 */
	const char *const *cat;
	size_t		 ncat;
	int		 reversed;	/* category 0 at the top (y) */
	const char	*label;
	int		 grid;		/* draw grid lines (1) */
	int		 fixed;		/* dmin/dmax are the axis range */
	/* Extra room beyond the ticks, fractions of the range (log: of
	 * the log range), so that markers clear the frame. */
	double		 padlo, padhi;
	/* The reference lines of the axis (bp_axspec_set() copies them). */
	const struct bp_ref *ref;
	size_t		 nref;
	double		 factor;
	/* Ticks the chart chose itself (percentile axes), or NULL. */
	const struct bp_ticks *given;
};

struct bp_frame {
	/* in */
	double		 w, h;
	struct bp_style	 st;
	const char	*title;
	struct bp_axspec ax, ay;
	double		 right;		/* reserved right of the plot area */
	double		 left;		/* the plot area starts here at least */
	double		 bottom;	/* reserved below the x-axis title */
	enum bp_legend_pos legend;	/* where bp_legend_place() puts it */
	const struct bp_chart *chart;	/* its callouts */
	/* Where the chart moved its callouts: dx, dy each; NULL: not. */
	const double	*calloff;
	/* out */
	struct bp_ticks	 xt, yt;
	double		 px, py, pw, ph; /* plot area */
	int		 xrot;		/* x tick labels rotated 90 degrees */
	unsigned char	 xskip[BP_MAX_TICKS]; /* x tick labels left out (overlap) */
	unsigned char	 yskip[BP_MAX_TICKS]; /* y tick labels left out */
	double		 xtick_h;	/* height of the x tick labels */
	double		 title_h;
	double		 xlabel_y;	/* top of the x-axis title */
	double		 bottom_y;	/* top of the reserved bottom area */
};

/*
 * Pass one and two of the layout: ticks from the data ranges, every
 * label measured, the plot area sized from what is left.
 */
/* A frame of w x h for a chart: style, title, legend position. */
void	 bp_frame_init(struct bp_frame *, double w, double h,
	    const struct bp_chart *);
int	 bp_frame_layout(cairo_t *, struct bp_frame *, struct bs_err *);
/* Axes and legend over the drawing, then cairo's status: 0 or -1. */
struct bp_legend;
int	 bp_frame_finish(cairo_t *, const struct bp_frame *,
	    const struct bp_legend *, struct bs_err *);
/* Lay the frame out and tell the caller where the plot area went. */
int	 bp_frame_place(cairo_t *, struct bp_frame *, const struct bp_chart *,
	    struct bs_err *);
/*
 * Place the legend and the frame, then draw the frame's background: the
 * start every chart shares once its axes are set; 0, or as
 * bp_frame_place() when the frame cannot be placed.
 */
int	 bp_frame_open(cairo_t *, struct bp_frame *, struct bp_legend *,
	    const struct bp_chart *, struct bs_err *);
/*
 * An axis from the caller's options, its kind already set: title, grid,
 * the data range dmin..dmax or the caller's fixed one; -1 when a log
 * axis would see a value that is not positive.
 */
int	 bp_axspec_set(struct bp_axspec *, const struct bp_axis *,
	    double dmin, double dmax, struct bs_err *);
/*
 * A frame with categories across and values up (box plots, violins): x
 * the categories, y from ymin to ymax padded by pad of the range; 0, or
 * -1 with err.
 */
int	 bp_frame_categories(struct bp_frame *, double w, double h,
	    const struct bp_chart *, const char *const *cat, size_t ncat,
	    double ymin, double ymax, double pad, struct bs_err *);
/*
 * The reference lines and callouts of the chart, over the data and
 * under the axes (bp_frame_finish() draws them).
 */
void	 bp_frame_refs(cairo_t *, const struct bp_frame *);
/*
 * Half the width of a callout of kind k as bp_frame_refs() draws it,
 * stroke included; *open (if not NULL) says whether it is open (shows
 * what lies under it).
 */
double	 bp_callout_extent(const struct bp_frame *, enum bp_callout_kind,
	    int *open);
/*
 * Where the i-th reference line of the x axis (vertical) or the y axis
 * is drawn: -1 when it is not; else 0, its band and its label (all 0:
 * none) as boxes x0, y0, x1, y1.
 */
int	 bp_frame_ref_box(cairo_t *, const struct bp_frame *, int vertical,
	    size_t i, double line[4], double label[4]);
/* Legend entries for the kinds of callout the chart has. */
struct bp_legend;
void	 bp_legend_callouts(struct bp_legend *, const struct bp_chart *);
/* Axis value to user coordinates. */
double	 bp_fx(const struct bp_frame *, double);
double	 bp_fy(const struct bp_frame *, double);
/* White plot background and grid lines. */
void	 bp_frame_back(cairo_t *, const struct bp_frame *);
/* Axis lines, ticks, tick labels, axis titles and the title. */
void	 bp_frame_axes(cairo_t *, const struct bp_frame *);
/* Clip to the plot area (cairo_save first; cairo_restore after). */
void	 bp_frame_clip(cairo_t *, const struct bp_frame *);

/* Common checks on a struct bp_axis: log needs positive data etc. */
enum bp_scale_kind bp_axis_kind(const struct bp_axis *, const double *v,
	    size_t n);
double	 bp_factor(const struct bp_axis *);

/* ------------------------------------------------------------------ */
/* Legend */

enum bp_legend_kind {
	BP_LEG_LINE,		/* line with marker */
	BP_LEG_MARKER,		/* marker only */
	BP_LEG_DOTTED,		/* dotted line */
	BP_LEG_DASHED,
	BP_LEG_BAND,		/* shaded band with a line */
	BP_LEG_BOX,		/* filled box */
	BP_LEG_TEXT		/* a note, no symbol */
};

struct bp_legend_item {
	enum bp_legend_kind kind;
	struct bp_rgb	 color;
	size_t		 marker;
	char		*text;		/* any length; owned */
	size_t		 row, col;	/* where it goes (measured) */
};

struct bp_legend {
	struct bp_legend_item *items;
	size_t		 n, cap;
	double		 w, h;		/* measured */
	double		 wrap;		/* text width limit */
	double		 notewrap;	/* of notes, in columns */
	int		 right;		/* placed right of the plot */
	size_t		 ncol;		/* below: entries per row (0, 1: one) */
	double		 colw;		/* measured width of a column */
	double		 xoff;		/* right: room kept before it */
};

int	 bp_legend_add(struct bp_legend *, enum bp_legend_kind,
	    struct bp_rgb, size_t marker, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));
/* s (allocated) with a word joiner after each hyphen; s freed; NULL. */
char	*bp_hyphen_join(char *s);
void	 bp_legend_measure(cairo_t *, struct bp_legend *,
	    const struct bp_style *);
void	 bp_legend_draw(cairo_t *, const struct bp_legend *,
	    const struct bp_style *, double x, double y);
void	 bp_legend_free(struct bp_legend *);

/*
 * Place a legend as f->legend says; BP_LEGEND_AUTO: to the right of
 * the plot when it fits in about a third of the width, else below.
 * Sets f->right or f->bottom; BP_LEGEND_NONE empties the legend.
 */
void	 bp_legend_place(cairo_t *, struct bp_legend *, struct bp_frame *);
void	 bp_legend_draw_placed(cairo_t *, const struct bp_legend *,
	    const struct bp_frame *);

/*
 * A number for legends and notes: 4 significant digits, whole numbers
 * from 1000 on, an exponent only beyond 1e6 or below 1e-3.
 */
void	 bp_fmt_num(char *buf, size_t len, double v);

/*
 * Cut buf, which snprintf may have truncated, back to whole UTF-8
 * characters: a label cut inside one would be drawn as U+FFFD.
 */
void	 bp_utf8_trim(char *buf);

/*
 * Column col as a 1-based number among n columns, as libstat resolves
 * a column that no name matches: its 0-based index, or -1.
 */
long	 bp_col_number(const char *col, size_t n);
/*
 * The finite values of v[0..n) times f, sorted (box plots and CDFs
 * draw them in order); NULL when out of memory.
 */
double	*bp_finite_sorted(const double *v, size_t n, double f, size_t *m);

/*
 * Sideways offsets off[0..ns) of ns series drawn at the same x, for the
 * distinct positions xs[0..nx) (ascending, user units) on a plot from lo
 * to hi: at most a few markers apart, the whole spread within a fraction
 * of the smallest gap between positions and inside lo..hi.
 */
void	 bp_dodge(const double *xs, size_t nx, double lo, double hi,
	    size_t ns, double marker, double *off);

/* ------------------------------------------------------------------ */
/* From a request to a chart's options (chart.c) */

/*
 * Title, legend, log axes, reference lines (into rf) and callouts of a
 * request; xcol and ycol are the columns on the axes (NULL: none).
 */
void	 bp_chart_request(struct bp_chart *, const struct bp_request *,
	    const struct bp_inputs *, struct bp_refs *rf, const char *xcol,
	    const char *ycol);
/* The axis title of column col (with its declared unit), allocated. */
int	 bp_axis_title_in(char **t, const struct bp_inputs *,
	    const char *col, const char *given, double maxabs, double *factor,
	    struct bs_err *);

/*
 * The unit a legend gives the values of column col in, drawn times
 * factor as its axis title says for values up to maxabs ("µs"), into
 * buf ("" none).
 */
void	 bp_legend_unit(const struct bp_inputs *, const char *col,
	    double maxabs, double factor, char *buf, size_t len);
/*
 * Small multiples (--facet): ncell cells (the panels, then the common
 * legend's) in a grid filling w x h under the image's title, cells as
 * near the image's own shape as the count allows.  font is the tick
 * size of the whole image, which every panel draws with so that its
 * text stays as readable as in one chart.  bp_panels_layout() draws the
 * title.
 */
#define BP_MAX_PANELS	64
struct bp_panels {
	size_t		 cols, rows;
	double		 top, cw, ch;	/* cells start below top */
	double		 left;		/* and right of left */
	double		 font;
};
void	 bp_panels_layout(cairo_t *, const char *title, double w, double h,
	    size_t ncell, struct bp_panels *);
/* The same, for cells tall times as tall for their width. */
void	 bp_panels_layout_as(cairo_t *, const char *title, double w,
	    double h, size_t ncell, double tall, struct bp_panels *);
/* Move cr's origin to the top left of cell i (inside cairo_save()). */
void	 bp_panels_cell(cairo_t *, const struct bp_panels *, size_t i);

/* The unit the reader declared for column col of t, or NULL. */
const char *bp_declared_unit(const struct bs_table *t, const char *col);
/*
 * A box plot's or CDF's gather: values per category and series
 * (struct bp_samples) into d->data; and its release.
 */
int	 bp_drawing_samples(struct bp_drawing *d, struct bs_err *e);
void	 bp_drawing_samples_free(struct bp_drawing *d);
/* Means with t intervals, no quantiles: what a point or a cell shows. */
void	 bp_drawing_summary(const struct bp_drawing *,
	    struct bs_summary_opts *);
/*
 * Values per series (one category) as the distribution charts take
 * them (dist.c, runs.c); NULL with e set.
 */
struct bp_dist_series *bp_dist_series_of(const struct bp_samples *,
	    const char *col, struct bs_err *e);

/* ------------------------------------------------------------------ */
/* Chart kinds (plots.h: struct bp_kind) */

/* The value columns of a table being chosen: "a,b" without repeats. */
struct bp_cols {
	GString		*g;
};

/* The column keying a request's points: a path's --label, else -x. */
static inline const char *
bp_keycol(const struct bp_request *q)
{
	return q->kind->flags & BP_KF_LABELKEY ? q->label : q->x;
}

/* Does the request's kind refuse any of the given bits (BP_REQ_*)? */
static inline int
bp_kind_refuses(const struct bp_kind *k, unsigned given)
{
	for (size_t i = 0; i < sizeof(k->refuses) / sizeof(k->refuses[0]) &&
	    k->refuses[i].given != 0; i++)
		if (k->refuses[i].given & given)
			return 1;
	return 0;
}

/*
 * The length of a time column or window (latmap.c): 1, 2, 5 ms, ... 1,
 * 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, ...: the shortest giving
 * at most 60 of them over span seconds, with 30 of the n requests each
 * on average.
 */
double	 bp_time_step(double span, size_t n);

/*
 * --steady auto over a load chart's windows (latmap.c): the medians of
 * the nw windows in time order (NaN: an empty window, left out)
 * classified as bstat --every --steady auto classifies them
 * (bs_steady_auto()); upto the windows before steady state, shaded (0
 * when flat or without steady state), n the windows classified.
 */
struct bp_warm {
	struct bs_steady st;
	size_t		 n, upto;
};
int	 bp_warmup(const double *med, size_t nw, int higher,
	    struct bp_warm *, struct bs_err *);
/*
 * Its legend entry: a shaded box for the windows before steady state
 * (who: a series' name, or NULL), else a note saying why none is; the
 * windows step s long, the first at 0.  bp_warm_note: the note saying
 * what the shade is, when any of n is shaded.
 */
int	 bp_warm_legend(struct bp_legend *, const struct bp_warm *,
	    const char *who, double step);
int	 bp_warm_note(struct bp_legend *, const struct bp_warm *, size_t n);
/* Its shade over the frame's plot area, from 0 to upto windows of step. */
void	 bp_warm_shade(cairo_t *, const struct bp_frame *,
	    const struct bp_warm *, double step);

#endif /* PLOTS_EXTERN_H */
