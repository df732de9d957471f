/*
 * bplot: charts of benchmark results (scalability with CI error bars
 * and a fitted USL or Amdahl model, heatmap, box plot, empirical CDF)
 * as PNG, PDF or SVG.  The table is built and summarised by libstat,
 * the models fitted by libstat/usl, the drawing done by plots/; this
 * file only wires them together.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <glib.h>

#include "plots.h"
#include "tool.h"

enum {
	OPT_SERIES = OPT_TOOL,
	OPT_FIT,
	OPT_FITREPORT,
	OPT_LOGX,
	OPT_LOGY,
	OPT_TITLE,
	OPT_XLABEL,
	OPT_YLABEL,
	OPT_ZLABEL,
	OPT_LEGEND,
	OPT_WIDTH,
	OPT_HEIGHT,
	OPT_CMAP,
	OPT_CENTER
};

enum kind { K_SCAL, K_HEAT, K_BOX, K_CDF };

static const char *const kind_names[] = { "scalability", "heatmap", "box",
	"cdf" };

struct opts {
	enum kind	 kind;
	const char	*x, *y, *z, *series;
	const char	*title, *xlabel, *ylabel, *zlabel;
	int		 logx, logy;
	int		 legend;	/* BP_LEGEND_* */
	double		 width, height;
	int		 fit;		/* -1 or enum bs_usl_model */
	const char	*fitreport;
	int		 cmap;		/* -1: default */
	double		 center;	/* NaN: none */
	int		 confset;	/* --confidence was given */
};

/* Everything read: the table and what its group columns mean. */
struct input {
	struct bs_table	*t;
	struct bs_buf	*bufs;
	size_t		 nbufs;
	char		**fname;	/* display names of the files */
	int		 filecol;	/* key 0 is the file */
	long		 kseries, kx, ky, kcol;	/* key index or -1 */
	char		*groups;	/* the group columns, "a,b" */
};

static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: bplot scalability -x COL [-y COL] [--series COL] [--fit usl|amdahl]\n"
"             [--fit-report FILE] [options] [FILE...] -o OUT\n"
"       bplot heatmap -x COL -y COL -z COL [--colormap MAP] [--center V]\n"
"             [options] [FILE] -o OUT\n"
"       bplot box [-x COL] -y COL [--series COL] [options] [FILE...] -o OUT\n"
"       bplot cdf -y COL [--series COL] [options] [FILE...] -o OUT\n"
"Charts of benchmark results; the extension of OUT (.png, .pdf, .svg) chooses\n"
"the format.\n"
"\n"
"  -x COL                  x column (scalability: concurrency; heatmap and\n"
"                          box: categories)\n"
"  -y COL                  y column (the measured values; heatmap:\n"
"                          categories)\n"
"  -z COL                  heatmap: the value coloured in each cell\n"
"      --series COL        one line, box or curve per value of COL; with\n"
"                          several FILEs, 'file' names the input\n"
"      --fit usl|amdahl    scalability: fit the model per series and draw it\n"
"                          with its confidence band\n"
"      --fit-report FILE   write the fitted parameters there as JSON\n"
"      --logx, --logy      logarithmic axes\n"
"      --title T           chart title\n"
"      --xlabel T          x-axis title (default: the column name and unit)\n"
"      --ylabel T          y-axis title (default: the column name and unit)\n"
"      --zlabel T          heatmap colour bar title\n"
"      --legend WHERE      auto (default), right, below, or none\n"
"      --width W           image width: pixels for PNG, points for PDF and\n"
"                          SVG (default 800)\n"
"      --height H          image height (default 500)\n"
"      --colormap MAP      heatmap: viridis (default), cividis, diverging\n"
"      --center V          heatmap: diverging map centred at V (0 for\n"
"                          changes, 1 for ratios)\n"
"  -d, --delimiter C       field delimiter (default: detected)\n"
"      --no-header         the first row is data; columns are named 1, 2, ...\n"
"      --input-format F    auto, csv, tsv, json, ndjson, kv, plain,\n"
"                          hyperfine, gbench, gobench, pyperf, fio\n"
"  -o, --output OUT        the image (required; whole or not at all)\n"
"      --confidence P      confidence level of the error bars and the fit\n"
"                          band, percent (95)\n"
"      --skip N            drop the first N rows of every group (warm-up)\n"
"  -h, --help              this help\n"
"      --version           the version\n"
"\n"
"Repeated rows per x become their mean with a t confidence interval.  Input\n"
"with columns mean, ci_lo, ci_hi (bstat -f csv) is drawn as given.\n");
	exit(status);
}

/* ------------------------------------------------------------------ */
/* Units from column names */

struct unit_tok {
	const char	*tok;
	const char	*unit;
};

static const struct unit_tok time_toks[] = {
	{ "ns", "ns" }, { "nsec", "ns" }, { "nanos", "ns" },
	{ "nanoseconds", "ns" }, { "us", "us" }, { "usec", "us" },
	{ "\xc2\xb5s", "us" }, { "\xce\xbcs", "us" }, { "micros", "us" },
	{ "microseconds", "us" }, { "ms", "ms" }, { "msec", "ms" },
	{ "millis", "ms" }, { "milliseconds", "ms" }, { "s", "s" },
	{ "sec", "s" }, { "secs", "s" }, { "seconds", "s" },
	{ NULL, NULL }
};

static const struct unit_tok byte_toks[] = {
	{ "b", "B" }, { "bytes", "B" }, { "byte", "B" }, { "kib", "KiB" },
	{ "mib", "MiB" }, { "gib", "GiB" },
	{ NULL, NULL }
};

/* Byte counts before "/s" or "per sec": rates in bytes per second. */
static const struct unit_tok rate_toks[] = {
	{ "b", "B/s" }, { "bytes", "B/s" }, { "kb", "kB/s" },
	{ "mb", "MB/s" }, { "gb", "GB/s" },
	{ NULL, NULL }
};

static const char *
unit_lookup(const struct unit_tok *t, const char *s, size_t len)
{
	for (; t->tok != NULL; t++)
		if (strlen(t->tok) == len && strncasecmp(t->tok, s, len) == 0)
			return t->unit;
	return NULL;
}

static int
is_sep(char c)
{
	return c == '_' || c == '-' || c == '.' || c == ' ';
}

/*
 * What a column name says about its unit: "latency_us" is "latency" in
 * microseconds, "throughput_msg_per_sec" "throughput" in msg/s,
 * "throughput_mb_s" in MB/s, "size_bytes" in bytes, "latency (ms)" and
 * "latency[ms]" in milliseconds, "ns/op" nanoseconds per operation,
 * "time" seconds.  base receives the name without the unit, unit the
 * unit ("" when none is recognisable) and per a "/op" that follows it.
 */
static void
column_unit(const char *name, char *base, size_t blen, char *unit,
    size_t ulen, char *per, size_t plen)
{
	size_t len = strlen(name), tok[64], tlen[64], n = 0, i;
	const char *u, *sl, *br;

	snprintf(base, blen, "%s", name);
	*unit = *per = '\0';
	if (len == 0)
		return;

	/* "latency (us)", "latency [ms]" */
	if ((name[len - 1] == ')' && (br = strrchr(name, '(')) != NULL) ||
	    (name[len - 1] == ']' && (br = strrchr(name, '[')) != NULL)) {
		size_t b = (size_t)(br - name);

		while (b > 0 && name[b - 1] == ' ')
			b--;
		snprintf(base, blen, "%.*s", (int)b, name);
		snprintf(unit, ulen, "%.*s", (int)(len - (size_t)(br - name) -
		    2), br + 1);
		if ((u = unit_lookup(time_toks, unit, strlen(unit))) != NULL)
			snprintf(unit, ulen, "%s", u);
		return;
	}

	/* "ns/op", "B/op", "MB/s", "allocs/op" */
	if ((sl = strchr(name, '/')) != NULL) {
		size_t l = (size_t)(sl - name);

		*base = '\0';
		if (strcmp(sl, "/s") == 0 &&
		    (u = unit_lookup(rate_toks, name, l)) != NULL) {
			snprintf(unit, ulen, "%s", u);
			return;
		}
		if ((u = unit_lookup(time_toks, name, l)) != NULL ||
		    (u = unit_lookup(byte_toks, name, l)) != NULL) {
			snprintf(unit, ulen, "%s", u);
			snprintf(per, plen, "%s", sl);
			return;
		}
		snprintf(unit, ulen, "%s", name);
		return;
	}

	for (i = 0; i < len && n < 64;) {
		while (i < len && is_sep(name[i]))
			i++;
		if (i == len)
			break;
		tok[n] = i;
		while (i < len && !is_sep(name[i]))
			i++;
		tlen[n] = i - tok[n];
		n++;
	}
	if (n == 0 || n == 64)
		return;
#define TOK(k)		(name + tok[k]), tlen[k]
#define TOKIS(k, s)	(tlen[k] == strlen(s) && \
			    strncasecmp(name + tok[k], (s), tlen[k]) == 0)
#define BASE(k)		snprintf(base, blen, "%.*s", (int)(k > 0 ? \
			    tok[k - 1] + tlen[k - 1] : 0), name)

	/* ..._<what>_per_sec */
	if (n >= 3 && TOKIS(n - 2, "per") && (TOKIS(n - 1, "s") ||
	    TOKIS(n - 1, "sec") || TOKIS(n - 1, "second"))) {
		if ((u = unit_lookup(rate_toks, TOK(n - 3))) != NULL)
			snprintf(unit, ulen, "%s", u);
		else
			snprintf(unit, ulen, "%.*s/s", (int)tlen[n - 3],
			    name + tok[n - 3]);
		BASE(n - 3);
		return;
	}
	/* ..._mb_s */
	if (n >= 2 && TOKIS(n - 1, "s") &&
	    (u = unit_lookup(rate_toks, TOK(n - 2))) != NULL) {
		snprintf(unit, ulen, "%s", u);
		BASE(n - 2);
		return;
	}
	if (n == 1 && (TOKIS(0, "time") || TOKIS(0, "elapsed"))) {
		/* base stays the name: "time (s)" */
		snprintf(unit, ulen, "s");
		return;
	}
	if ((u = unit_lookup(time_toks, TOK(n - 1))) != NULL ||
	    (u = unit_lookup(byte_toks, TOK(n - 1))) != NULL) {
		/* A lone "b" is no unit unless it stands after a name. */
		if (n == 1 && TOKIS(0, "b"))
			return;
		snprintf(unit, ulen, "%s", u);
		BASE(n - 1);
	}
#undef TOK
#undef TOKIS
#undef BASE
}

/*
 * The title and factor of a value axis: the column name with the unit
 * the plot layer picks for values up to maxabs ("latency (ms)"), or
 * the caller's title with the values as they are.  A caller's title
 * that ends in the column's own unit in brackets ("Throughput (msg/s)"
 * for throughput_msg_per_sec) gets that unit rescaled with the values
 * ("Throughput (kmsg/s)"), so that title and ticks always agree.
 */
/* asprintf that ends the run when memory runs out. */
static char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (rc < 0)
		die("out of memory");
	return s;
}

static void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		die("out of memory");
	return p;
}

/*
 * Buffers for column_unit() of name: base and unit are parts of the
 * name, a unit at most two bytes longer ("x/s"), so none is ever cut.
 */
struct unitparts {
	char	*base, *unit, *per;
	size_t	 len;
};

static void
unitparts(const char *name, struct unitparts *p)
{
	p->len = strlen(name) + 8;
	p->base = xmalloc(p->len);
	p->unit = xmalloc(p->len);
	p->per = xmalloc(p->len);
	column_unit(name, p->base, p->len, p->unit, p->len, p->per, p->len);
}

static void
unitparts_free(struct unitparts *p)
{
	free(p->base);
	free(p->unit);
	free(p->per);
}

static char *
axis_title(const char *col, const char *given, double maxabs,
    double *factor)
{
	struct unitparts c, g;
	struct bp_unit u;
	char *t;
	size_t gl;

	*factor = 1;
	unitparts(col, &c);
	if (given != NULL) {
		gl = strlen(given);
		if (*c.unit == '\0' || gl == 0 || (given[gl - 1] != ')' &&
		    given[gl - 1] != ']')) {
			unitparts_free(&c);
			return xasprintf("%s", given);
		}
		unitparts(given, &g);
		/* "(ns/op)" against the column "ns/op" */
		if (*c.per != '\0' && strlen(g.unit) > strlen(c.per) &&
		    strcmp(g.unit + strlen(g.unit) - strlen(c.per),
		    c.per) == 0) {
			g.unit[strlen(g.unit) - strlen(c.per)] = '\0';
			if (strcmp(g.unit, "\xc2\xb5s") == 0 ||
			    strcmp(g.unit, "\xce\xbcs") == 0)
				snprintf(g.unit, g.len, "us");
		}
		bp_unit_choose(c.unit, maxabs, &u);
		if (strcmp(g.unit, c.unit) != 0 || *u.name == '\0')
			t = xasprintf("%s", given);
		else {
			*factor = u.factor;
			t = xasprintf(given[gl - 1] == ']' ? "%s%s[%s%s]" :
			    "%s%s(%s%s)", g.base, *g.base ? " " : "", u.name,
			    c.per);
		}
		unitparts_free(&g);
		unitparts_free(&c);
		return t;
	}
	bp_unit_choose(c.unit, maxabs, &u);
	*factor = u.factor;
	if (*u.name == '\0')
		t = xasprintf("%s", col);
	else if (*c.base == '\0' && *c.per == '\0' &&
	    unit_lookup(time_toks, c.unit, strlen(c.unit)) != NULL)
		/* A column named "ns": what it measures, then the unit. */
		t = xasprintf("time (%s)", u.name);
	else if (*c.base == '\0' && *c.per == '\0' &&
	    strcmp(c.unit, "B") == 0)
		t = xasprintf("size (%s)", u.name);
	else if (*c.base == '\0')
		/* "ns/op", "ops_per_sec": the unit says it all. */
		t = xasprintf("%s%s", u.name, c.per);
	else
		t = xasprintf("%s (%s%s)", c.base, u.name, c.per);
	unitparts_free(&c);
	return t;
}

/*
 * The name whose unit a column's values have: the column's own, except
 * where the input format says more than the name (pyperf's "value" is
 * in seconds).
 */
static const char *
unit_column(const struct bs_table *t, const char *col)
{
	if (t->format == BS_FMT_PYPERF && strcmp(col, "value") == 0)
		return "value_s";
	return col;
}

/* Cut s back to whole UTF-8 characters (after a byte-wise cut). */
static void
utf8_cut(char *s)
{
	const char *end;

	if (!g_utf8_validate(s, -1, &end))
		s[end - s] = '\0';
}

/* ------------------------------------------------------------------ */
/* Reading */

/* The header of the first input, to tell bstat's output from raw rows. */
struct probe {
	char	**names;
	size_t	 n;
	int	 got;
};

static int
probe_header(void *arg, const struct bs_field *h, size_t n, struct bs_err *e)
{
	struct probe *p = arg;

	if ((p->names = calloc(n + 1, sizeof(*p->names))) == NULL)
		return bs_seterr(e, NULL, 0, "out of memory");
	for (size_t i = 0; i < n; i++)
		if ((p->names[p->n++] = strndup(h[i].s ? h[i].s : "",
		    h[i].len)) == NULL)
			return bs_seterr(e, NULL, 0, "out of memory");
	p->got = 1;
	/* Enough: stop the reader here. */
	return bs_seterr(e, NULL, 0, "header read");
}

static int
probe_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	(void)arg;
	(void)r;
	return bs_seterr(e, NULL, 0, "record read");
}

static int
probe_has(const struct probe *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->names[i], name) == 0)
			return 1;
	return 0;
}

/*
 * A column named by an option must be in the header, by name or by
 * its 1-based number, as libstat resolves it; said here in the
 * option's terms rather than as an unknown group or value column.
 */
static void
probe_check(const struct probe *p, const char *file, const char *opt,
    const char *col)
{
	char *list = NULL, *l;
	size_t v = 0, i;

	if (col == NULL || probe_has(p, col))
		return;
	for (i = 0; col[i] >= '0' && col[i] <= '9' && v <= p->n; i++)
		v = v * 10 + (size_t)(col[i] - '0');
	if (i > 0 && col[i] == '\0' && v >= 1 && v <= p->n)
		return;
	/*
	 * The columns, up to about 400 bytes of them, cut at a character
	 * boundary: column names can be long and in any script.
	 */
	for (i = 0; i < p->n && (list == NULL || strlen(list) < 400); i++) {
		l = xasprintf("%s%s%s", list ? list : "", i ? ", " : "",
		    p->names[i]);
		free(list);
		list = l;
	}
	if (list != NULL && strlen(list) > 400) {
		list[400] = '\0';
		utf8_cut(list);
		l = xasprintf("%s...", list);
		free(list);
		list = l;
	} else if (i < p->n) {
		l = xasprintf("%s, ...", list);
		free(list);
		list = l;
	}
	die("%s: %s %s: no such column (columns are: %s)", file, opt, col,
	    list ? list : "");
}

static void
readwarn(const char *file, const char *msg)
{
	warnmsg("warning: %s: %s", file, msg);
}

/* ------------------------------------------------------------------ */
/*
 * A first pass over every input, record by record, before the table is
 * built.  What is wrong with one record is said here with its file and
 * line, which the table no longer knows once the records are grouped:
 * an x that is no number, a concurrency a fit cannot take, a label that
 * is not UTF-8.  Distinct series and categories are counted as they
 * arrive, so that input with 100000 of them stops at the first one too
 * many rather than after every one has been gathered.
 */

struct scan_role {
	const char	*opt;		/* "-x", "--series" */
	const char	*col;		/* the column the option names */
	long		 idx;		/* its field index, -1: none */
	int		 label;		/* drawn as text: must be UTF-8 */
	size_t		 limit;		/* distinct values allowed; 0: any */
	const char	*what;		/* "series", "categories" */
	GHashTable	*seen;
};

enum { SR_SERIES, SR_X, SR_Y, SR__N };

struct scan {
	const struct opts *o;
	const char	*file;
	size_t		 fileno;
	int		 filecol;	/* one series per file (and value) */
	struct scan_role r[SR__N];
};

/* Where a record is: "FILE:LINE", or "FILE: record N" for JSON. */
static const char *
scan_where(const struct scan *sc, const struct bs_record *r, char *buf,
    size_t len)
{
	if (r->line > 0)
		snprintf(buf, len, ":%zu", r->line);
	else
		snprintf(buf, len, ": record %zu", r->recno);
	(void)sc;
	return buf;
}

static int
scan_header(void *arg, const struct bs_field *h, size_t n, struct bs_err *e)
{
	struct scan *sc = arg;

	(void)e;
	for (size_t k = 0; k < SR__N; k++) {
		struct scan_role *ro = &sc->r[k];
		size_t i, v = 0, cl;

		ro->idx = -1;
		if (ro->col == NULL)
			continue;
		/* By name, else by 1-based number, as libstat resolves. */
		cl = strlen(ro->col);
		for (i = 0; i < n; i++)
			if (h[i].len == cl && h[i].s != NULL &&
			    memcmp(h[i].s, ro->col, cl) == 0)
				break;
		if (i == n) {
			for (i = 0; ro->col[i] >= '0' && ro->col[i] <= '9' &&
			    v <= n; i++)
				v = v * 10 + (size_t)(ro->col[i] - '0');
			i = i > 0 && ro->col[i] == '\0' && v >= 1 && v <= n ?
			    v - 1 : n;
		}
		if (i < n)
			ro->idx = (long)i;
	}
	/* Names become axis titles. */
	for (size_t i = 0; i < n; i++)
		if (h[i].s != NULL && !g_utf8_validate(h[i].s,
		    (gssize)h[i].len, NULL))
			die("%s: the name of column %zu is not valid UTF-8",
			    sc->file, i + 1);
	return 0;
}

static int
scan_record(void *arg, const struct bs_record *r, struct bs_err *e)
{
	struct scan *sc = arg;
	char at[64];

	(void)e;
	for (size_t k = 0; k < SR__N; k++) {
		struct scan_role *ro = &sc->r[k];
		const char *s;
		size_t len;
		char *key;

		if (ro->idx < 0)
			continue;
		s = (size_t)ro->idx < r->nf ? r->f[ro->idx].s : NULL;
		len = s != NULL ? r->f[ro->idx].len : 0;
		if (s == NULL)
			s = "";
		if (ro->label && !g_utf8_validate(s, (gssize)len, NULL))
			die("%s%s: %s %s: the value is not valid UTF-8",
			    sc->file, scan_where(sc, r, at, sizeof(at)),
			    ro->opt, ro->col);
		if (k == SR_X && sc->o->kind == K_SCAL) {
			struct bs_dec d;
			double x;

			if (bs_parse_number(s, len, &d, &x) != BS_NUM_OK)
				die("%s%s: -x %s: '%.*s' is not a number "
				    "(scalability needs a numeric x; for "
				    "categories use box)", sc->file,
				    scan_where(sc, r, at, sizeof(at)), ro->col,
				    (int)(len > 40 ? 40 : len), s);
			if (sc->o->fit >= 0 && !(x > 0))
				die("%s%s: -x %s: concurrency %.*s is not "
				    "positive (a %s fit needs N > 0)", sc->file,
				    scan_where(sc, r, at, sizeof(at)), ro->col,
				    (int)(len > 40 ? 40 : len), s,
				    bs_usl_model_name((enum bs_usl_model)
				    sc->o->fit));
		}
		if (ro->seen == NULL)
			continue;
		/* Series of several files are counted per file. */
		key = k == SR_SERIES && sc->filecol ?
		    g_strdup_printf("%zu\x1f%.*s", sc->fileno, (int)len, s) :
		    g_strndup(s, len);
		if (g_hash_table_contains(ro->seen, key)) {
			g_free(key);
			continue;
		}
		if (g_hash_table_size(ro->seen) >= ro->limit) {
			g_free(key);
			die("%s%s: more than %zu %s (%s %s): a chart shows at "
			    "most %zu", sc->file, scan_where(sc, r, at,
			    sizeof(at)), ro->limit, ro->what, ro->opt, ro->col,
			    ro->limit);
		}
		g_hash_table_add(ro->seen, key);
	}
	return 0;
}

static void
scan_input(struct input *in, struct tool_common *com, const struct opts *o,
    int sfile)
{
	struct scan sc;
	struct bs_reader_cb cb;
	struct bs_err e;
	int heat = o->kind == K_HEAT;

	memset(&sc, 0, sizeof(sc));
	sc.o = o;
	sc.filecol = in->filecol;
	sc.r[SR_SERIES].opt = "--series";
	sc.r[SR_SERIES].col = sfile ? NULL : o->series;
	sc.r[SR_SERIES].label = 1;
	sc.r[SR_SERIES].what = "series";
	sc.r[SR_SERIES].limit = BP_MAX_SERIES;
	sc.r[SR_X].opt = "-x";
	sc.r[SR_X].col = o->x;
	sc.r[SR_X].label = o->kind != K_SCAL;
	sc.r[SR_X].what = "categories";
	sc.r[SR_X].limit = o->kind != K_SCAL ? BP_MAX_TICKS : 0;
	sc.r[SR_Y].opt = "-y";
	sc.r[SR_Y].col = heat ? o->y : NULL;
	sc.r[SR_Y].label = 1;
	sc.r[SR_Y].what = "categories";
	sc.r[SR_Y].limit = BP_MAX_TICKS;
	if (sfile && in->nbufs > BP_MAX_SERIES)
		die("%zu files: a chart shows at most %d series", in->nbufs,
		    BP_MAX_SERIES);
	for (size_t k = 0; k < SR__N; k++)
		if (sc.r[k].limit > 0)
			sc.r[k].seen = g_hash_table_new_full(g_str_hash,
			    g_str_equal, g_free, NULL);
	memset(&cb, 0, sizeof(cb));
	cb.header = scan_header;
	cb.record = scan_record;
	cb.arg = &sc;
	for (size_t i = 0; i < in->nbufs; i++) {
		sc.file = in->bufs[i].name;
		sc.fileno = i;
		/* Reading errors are the table's to report, below. */
		(void)bs_read(&in->bufs[i], NULL, &com->topts.read, &cb, NULL,
		    NULL, &e);
	}
	for (size_t k = 0; k < SR__N; k++)
		if (sc.r[k].seen != NULL)
			g_hash_table_destroy(sc.r[k].seen);
}

/*
 * Names of the files for legends: without their folder and extension,
 * and without a prefix or suffix (ending or starting at _ - . or a
 * space) that they all share, so that latency_baseline.csv and
 * latency_candidate.csv become "baseline" and "candidate".  Names are
 * kept whole where trimming would make two equal or one empty.
 */
static char **
file_names(const struct bs_buf *b, size_t n)
{
	char **s = calloc(n + 1, sizeof(*s));
	size_t pre, suf, i, j, minlen = (size_t)-1;

	if (s == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		const char *p = strrchr(b[i].name, '/'), *dot;

		p = p ? p + 1 : b[i].name;
		if ((s[i] = strdup(p)) == NULL)
			return NULL;
		/* The extension, and .gz before it. */
		if ((dot = strrchr(s[i], '.')) != NULL && dot != s[i] &&
		    strcasecmp(dot, ".gz") == 0)
			s[i][dot - s[i]] = '\0';
		if ((dot = strrchr(s[i], '.')) != NULL && dot != s[i])
			s[i][dot - s[i]] = '\0';
		if (strlen(s[i]) < minlen)
			minlen = strlen(s[i]);
	}
	/*
	 * Legends show the names: a name that is not UTF-8 is shown with
	 * U+FFFD for its bad bytes, said once.
	 */
	for (i = 0; i < n; i++) {
		char *ok;

		if (g_utf8_validate(s[i], -1, NULL))
			continue;
		warnmsg("warning: a file name is not valid UTF-8: the legend "
		    "shows U+FFFD for its bad bytes");
		for (; i < n; i++) {
			if (g_utf8_validate(s[i], -1, NULL))
				continue;
			ok = g_utf8_make_valid(s[i], -1);
			free(s[i]);
			if ((s[i] = strdup(ok)) == NULL)
				return NULL;
			g_free(ok);
		}
	}
	if (n < 2)
		return s;
	/* Longest common prefix ending in a separator. */
	for (pre = 0, j = 0; j < minlen; j++) {
		for (i = 1; i < n && s[i][j] == s[0][j]; i++)
			;
		if (i < n)
			break;
		if (is_sep(s[0][j]))
			pre = j + 1;
	}
	for (suf = 0, j = 0; j < minlen; j++) {
		char c = s[0][strlen(s[0]) - 1 - j];

		for (i = 1; i < n && s[i][strlen(s[i]) - 1 - j] == c; i++)
			;
		if (i < n)
			break;
		if (is_sep(c))
			suf = j + 1;
	}
	if (pre + suf >= minlen)
		return s;
	for (i = 0; i < n; i++) {
		size_t l = strlen(s[i]) - pre - suf;

		memmove(s[i], s[i] + pre, l);
		s[i][l] = '\0';
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (strcmp(s[i], s[j]) == 0)
				goto whole;
	return s;
whole:
	for (i = 0; i < n; i++)
		free(s[i]);
	free(s);
	/* Identical names after trimming: keep the base names. */
	if ((s = calloc(n + 1, sizeof(*s))) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		const char *p = strrchr(b[i].name, '/');

		if ((s[i] = strdup(p ? p + 1 : b[i].name)) == NULL)
			return NULL;
	}
	return s;
}

/* Append name to a comma-separated list of group columns. */
static long
addgroup(char **list, size_t *ng, const char *name)
{
	char *l;

	if (name == NULL)
		return -1;
	l = xasprintf("%s%s%s", *list ? *list : "", *list ? "," : "", name);
	free(*list);
	*list = l;
	return (long)(*ng)++;
}

/*
 * Load every operand (standard input can be read only once, and the
 * first input's header decides between raw rows and bstat's output),
 * then build the table: groups are the roles (series, x, y) in that
 * order, after the file column that several inputs add.
 */
static void
read_input(struct input *in, struct tool_common *com, struct opts *o,
    int argc, char **argv, int *bstat_mode)
{
	const char *stdin_only[] = { "-" };
	struct probe pr;
	struct bs_reader_cb cb;
	struct bs_err e;
	size_t ng = 0;
	int i, wantcol = 0, sfile;

	memset(in, 0, sizeof(*in));
	in->kseries = in->kx = in->ky = in->kcol = -1;
	if (argc == 0) {
		argc = 1;
		argv = (char **)stdin_only;
	}
	in->nbufs = (size_t)argc;
	if ((in->bufs = calloc(in->nbufs, sizeof(*in->bufs))) == NULL)
		die("out of memory");
	for (i = 0; i < argc; i++)
		if (bs_buf_load(&in->bufs[i], argv[i], &e) == -1)
			die_err(&e);
	/* The first header: does it name what the options name? */
	memset(&pr, 0, sizeof(pr));
	memset(&cb, 0, sizeof(cb));
	cb.header = probe_header;
	cb.record = probe_record;
	cb.arg = &pr;
	if (bs_read(&in->bufs[0], NULL, &com->topts.read, &cb, NULL, NULL,
	    &e) == -1 && !pr.got)
		die_err(&e);

	/* bstat's output: mean, ci_lo, ci_hi, and -y naming no column. */
	*bstat_mode = 0;
	if (o->kind == K_SCAL) {
		if (probe_has(&pr, "mean") && probe_has(&pr, "ci_lo") &&
		    probe_has(&pr, "ci_hi") && (o->y == NULL ||
		    strcmp(o->y, "mean") == 0 || (!probe_has(&pr, o->y) &&
		    probe_has(&pr, "column"))))
			*bstat_mode = 1;
		wantcol = *bstat_mode && probe_has(&pr, "column");
		if (o->y == NULL && !*bstat_mode)
			die("scalability needs -y COL (or bstat's output with "
			    "columns mean, ci_lo and ci_hi)");
	}
	/*
	 * Several inputs get a first group column "file"; --series file
	 * asks for it even with one input, unless a real column has the
	 * name.
	 */
	sfile = o->series != NULL && strcmp(o->series, "file") == 0 &&
	    !probe_has(&pr, "file");
	in->filecol = argc > 1 || sfile;
	if (in->filecol && (in->fname = file_names(in->bufs, in->nbufs)) ==
	    NULL)
		die("out of memory");
	if (!com->topts.read.no_header) {
		probe_check(&pr, in->bufs[0].name, "-x", o->x);
		if (!*bstat_mode)
			probe_check(&pr, in->bufs[0].name, "-y", o->y);
		probe_check(&pr, in->bufs[0].name, "-z", o->z);
		if (!sfile)
			probe_check(&pr, in->bufs[0].name, "--series",
			    o->series);
	}
	for (size_t k = 0; k < pr.n; k++)
		free(pr.names[k]);
	free(pr.names);
	scan_input(in, com, o, sfile);

	/* The series column "file" is the file column itself. */
	if (o->series != NULL && !sfile)
		in->kseries = addgroup(&in->groups, &ng, o->series);
	in->kx = addgroup(&in->groups, &ng, o->x);
	if (o->kind == K_HEAT)
		in->ky = addgroup(&in->groups, &ng, o->y);
	if (wantcol)
		in->kcol = addgroup(&in->groups, &ng, "column");
	com->topts.groups = ng ? in->groups : NULL;
	com->topts.columns = *bstat_mode ? "mean,ci_lo,ci_hi" :
	    o->kind == K_HEAT ? o->z : o->y;
	com->topts.file_group = in->filecol;
	com->topts.warn = readwarn;
	if (in->filecol) {
		if (in->kseries >= 0)
			in->kseries++;
		if (in->kx >= 0)
			in->kx++;
		if (in->ky >= 0)
			in->ky++;
		if (in->kcol >= 0)
			in->kcol++;
	}
	if ((in->t = bs_table_new(&com->topts)) == NULL)
		die("out of memory");
	for (size_t k = 0; k < in->nbufs; k++)
		if (bs_table_read(in->t, &in->bufs[k], NULL, &e) == -1)
			die_err(&e);
	if (bs_table_finish(in->t, &e) == -1)
		die_err(&e);
}

/* Display name of the file of group g. */
static const char *
group_file(const struct input *in, size_t g)
{
	const char *k = in->t->groups[g].key[0];

	for (size_t i = 0; i < in->nbufs; i++)
		if (strcmp(in->bufs[i].name, k) == 0)
			return in->fname[i];
	return k;
}

/*
 * The series a group belongs to: its file (with several inputs) and
 * its --series value, joined by " / ".
 */
static char *
group_series(const struct input *in, size_t g)
{
	const char *f = in->filecol ? group_file(in, g) : "";
	const char *v = in->kseries >= 0 ? in->t->groups[g].key[in->kseries] :
	    "";

	return xasprintf("%s%s%s", f, *f && in->kseries >= 0 ? " / " : "",
	    v);
}

/* Index of s in the list names[0..*n), added when new. */
static size_t
intern(char ***names, size_t *n, const char *s)
{
	char **p;

	for (size_t i = 0; i < *n; i++)
		if (strcmp((*names)[i], s) == 0)
			return i;
	if ((p = realloc(*names, (*n + 1) * sizeof(*p))) == NULL ||
	    (p[*n] = strdup(s)) == NULL)
		die("out of memory");
	*names = p;
	return (*n)++;
}

static void
free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

struct cat {
	const char	*name;
	double		 v;
	size_t		 first;
};

static int
cat_cmp(const void *a, const void *b)
{
	const struct cat *p = a, *q = b;

	if (p->v != q->v)
		return p->v < q->v ? -1 : 1;
	return (p->first > q->first) - (p->first < q->first);
}

/*
 * Order categories: by number when every one is a number, else as they
 * first appeared.  map[i] receives the position of names[i].
 */
static void
order_categories(char **names, size_t n, size_t *map, int reverse)
{
	struct cat *c = calloc(n + 1, sizeof(*c));
	char **tmp = calloc(n + 1, sizeof(*tmp));
	struct bs_dec d;
	size_t i;
	int numeric = 1;

	if (c == NULL || tmp == NULL)
		die("out of memory");
	for (i = 0; i < n; i++) {
		c[i].name = names[i];
		c[i].first = i;
		if (bs_parse_number(names[i], strlen(names[i]), &d, &c[i].v) !=
		    BS_NUM_OK)
			numeric = 0;
	}
	if (numeric) {
		qsort(c, n, sizeof(*c), cat_cmp);
		if (reverse)
			for (i = 0; i < n / 2; i++) {
				struct cat t = c[i];

				c[i] = c[n - 1 - i];
				c[n - 1 - i] = t;
			}
	}
	for (i = 0; i < n; i++) {
		map[c[i].first] = i;
		tmp[i] = names[c[i].first];
	}
	memcpy(names, tmp, n * sizeof(*names));
	free(tmp);
	free(c);
}

/* The values of a series after --skip, missing ones left out. */
static double *
series_values(const struct bs_series *s, size_t skip, size_t *n)
{
	double *v = malloc((s->n ? s->n : 1) * sizeof(*v));
	size_t k = 0;

	if (v == NULL)
		die("out of memory");
	for (size_t i = skip; i < s->n; i++)
		if (!isnan(s->v[i]))
			v[k++] = bs_series_value(s, i);
	*n = k;
	return v;
}

/* ------------------------------------------------------------------ */
/* Scalability */

struct sline {
	char		*name;
	double		*x, *y, *lo, *hi;
	size_t		 n, cap;
	double		*rx, *ry;	/* the rows the fit uses */
	size_t		 nraw, rawcap;
	struct bs_usl	 fit;
};

static void
sline_point(struct sline *l, double x, double y, double lo, double hi)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;

		if ((l->x = realloc(l->x, cap * sizeof(double))) == NULL ||
		    (l->y = realloc(l->y, cap * sizeof(double))) == NULL ||
		    (l->lo = realloc(l->lo, cap * sizeof(double))) == NULL ||
		    (l->hi = realloc(l->hi, cap * sizeof(double))) == NULL)
			die("out of memory");
		l->cap = cap;
	}
	l->x[l->n] = x;
	l->y[l->n] = y;
	l->lo[l->n] = lo;
	l->hi[l->n] = hi;
	l->n++;
}

static void
sline_raw(struct sline *l, double x, const double *v, size_t n)
{
	if (l->nraw + n > l->rawcap) {
		size_t cap = l->rawcap ? l->rawcap : 64;

		while (cap < l->nraw + n)
			cap *= 2;
		if ((l->rx = realloc(l->rx, cap * sizeof(double))) == NULL ||
		    (l->ry = realloc(l->ry, cap * sizeof(double))) == NULL)
			die("out of memory");
		l->rawcap = cap;
	}
	for (size_t i = 0; i < n; i++) {
		l->rx[l->nraw] = x;
		l->ry[l->nraw++] = v[i];
	}
}

static void
json_num(FILE *fp, const char *key, double v)
{
	char buf[64];

	if (isfinite(v)) {
		bs_fmt_double(buf, sizeof(buf), v);
		fprintf(fp, ",\"%s\":%s", key, buf);
	} else
		fprintf(fp, ",\"%s\":null", key);
}

/*
 * One fit as the contract's object; with series set, a "series" key
 * comes first.
 */
static void
json_fit(FILE *fp, const struct bs_usl *u, const char *series)
{
	int usl = u->model == BS_USL_USL;

	fputc('{', fp);
	if (series != NULL) {
		fputs("\"series\":", fp);
		bs_json_string(fp, series, strlen(series));
		fputc(',', fp);
	}
	fprintf(fp, "\"model\":\"%s\"", bs_usl_model_name(u->model));
	json_num(fp, "lambda", u->lambda);
	json_num(fp, "alpha", u->alpha);
	json_num(fp, "beta", usl ? u->beta : 0);
	json_num(fp, "peak_n", usl ? u->peak_n : NAN);
	json_num(fp, "peak_y", usl ? u->peak_y : u->alpha > 0 ?
	    u->lambda / u->alpha : NAN);
	json_num(fp, "r2", u->r2);
	fputc('}', fp);
}

/*
 * The fit report is opened before the image is drawn, so that a path it
 * cannot be written to stops the run before the image replaces an
 * existing one; it is committed after the image.  A run that dies in
 * between removes its temporary file.
 */
static struct bs_afile report;

static void
report_abort(void)
{
	bs_afile_abort(&report);
}

static void
open_fit_report(const char *path)
{
	struct bs_err e;

	if (bs_afile_open(&report, path, &e) == -1)
		die_err(&e);
	atexit(report_abort);
}

static void
write_fit_report(const char *path, struct sline *l, size_t nl)
{
	struct bs_afile *a = &report;
	struct bs_err e;

	if (nl == 1)
		json_fit(a->fp, &l[0].fit, NULL);
	else {
		fputs("[\n", a->fp);
		for (size_t i = 0; i < nl; i++) {
			json_fit(a->fp, &l[i].fit, l[i].name);
			fputs(i + 1 < nl ? ",\n" : "\n", a->fp);
		}
		fputc(']', a->fp);
	}
	fputc('\n', a->fp);
	if (ferror(a->fp)) {
		bs_afile_abort(a);
		die("%s: write error", path);
	}
	if (bs_afile_commit(a, &e) == -1)
		die_err(&e);
}

/* A number for people: 4 significant digits, whole from 1000 on. */
static const char *
num(char *buf, size_t len, double v)
{
	if (isfinite(v) && fabs(v) >= 1000 && fabs(v) < 1e15)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.4g", v);
	return buf;
}

/* The fit in one line on standard error. */
static void
say_fit(const struct sline *l, int named)
{
	const struct bs_usl *u = &l->fit;
	char peak[160] = "", b[9][32];

	if (u->model == BS_USL_USL && isfinite(u->peak_n))
		snprintf(peak, sizeof(peak), ", peak N* = %s at %s%s",
		    num(b[0], 32, u->peak_n), num(b[1], 32, u->peak_y),
		    u->peak_outside ? " (outside the measured range)" : "");
	else if (isfinite(u->ceiling))
		snprintf(peak, sizeof(peak), ", ceiling lambda/alpha = %s",
		    num(b[0], 32, u->ceiling));
	num(b[0], 32, u->lambda);
	num(b[1], 32, u->lambda_lo);
	num(b[2], 32, u->lambda_hi);
	num(b[3], 32, u->alpha);
	num(b[4], 32, u->alpha_lo);
	num(b[5], 32, u->alpha_hi);
	num(b[6], 32, u->beta);
	num(b[7], 32, u->beta_lo);
	num(b[8], 32, u->beta_hi);
	if (u->model == BS_USL_USL)
		warnmsg("%s%susl fit: lambda = %s [%s, %s], alpha = %s "
		    "[%s, %s], beta = %s [%s, %s] (%g%% CIs), R^2 = %.4f%s",
		    named ? l->name : "", named ? ": " : "", b[0], b[1], b[2],
		    b[3], b[4], b[5], b[6], b[7], b[8], u->confidence, u->r2,
		    peak);
	else
		warnmsg("%s%samdahl fit: lambda = %s [%s, %s], alpha = %s "
		    "[%s, %s] (%g%% CIs), R^2 = %.4f%s",
		    named ? l->name : "", named ? ": " : "", b[0], b[1], b[2],
		    b[3], b[4], b[5], u->confidence, u->r2, peak);
	if (u->r2 < 0.9)
		warnmsg("warning: %s%sthe %s model fits poorly (R^2 = %.2f): "
		    "its parameters say little about this data",
		    named ? l->name : "", named ? ": " : "",
		    u->model == BS_USL_USL ? "USL" : "Amdahl", u->r2);
}

static struct bp_surface *
surface(const struct tool_common *com, const struct opts *o)
{
	struct bp_surface *s;
	struct bs_err e;

	if ((s = bp_surface_create(com->output, o->width, o->height, &e)) ==
	    NULL)
		die_err(&e);
	return s;
}

static void
finish(struct bp_surface *s, int rc, struct bs_err *e)
{
	if (rc != 0) {
		bp_surface_abort(s);
		die_err(e);
	}
	if (bp_surface_finish(s, e) != 0)
		die_err(e);
}

static void
plot_scalability(struct input *in, struct tool_common *com, struct opts *o,
    int bstat_mode)
{
	struct bs_table *t = in->t;
	struct bs_summary_opts so;
	struct bs_summary sum;
	struct bs_err e;
	struct sline *l = NULL;
	struct bp_scal_series *ss;
	struct bp_scal_opts po;
	struct bp_surface *s;
	char **names = NULL, *name, *xt, *yt;
	const char *ycol = o->y, *colkey = NULL;
	size_t nl = 0, before, npts = 0, g, i;
	double xmax = 0, ymax = 0;
	struct bs_dec d;
	int rc;

	bs_summary_opts_default(&so);
	so.confidence = com->confidence;
	so.skip = com->skip;
	so.no_quantiles = 1;

	for (g = 0; g < t->ngroups; g++) {
		struct bs_group *gr = &t->groups[g];
		const char *xs = gr->key[in->kx];
		double x, y, lo, hi;
		size_t k;

		if (in->kcol >= 0) {
			/* bstat's output: rows of the -y column only. */
			const char *c = gr->key[in->kcol];

			if (o->y != NULL && strcmp(o->y, "mean") != 0) {
				if (strcmp(c, o->y) != 0)
					continue;
			} else if (colkey != NULL && strcmp(colkey, c) != 0)
				die("the input holds means of several columns "
				    "(%s, %s, ...): choose one with -y", colkey,
				    c);
			colkey = c;
		}
		if (bs_parse_number(xs, strlen(xs), &d, &x) != BS_NUM_OK)
			die("-x %s: '%s' is not a number (scalability needs "
			    "a numeric x; for categories use box)", o->x, xs);
		name = group_series(in, g);
		before = nl;
		k = intern(&names, &nl, name);
		free(name);
		if (nl > before) {
			if ((l = realloc(l, nl * sizeof(*l))) == NULL)
				die("out of memory");
			memset(&l[k], 0, sizeof(*l));
		}
		if (bstat_mode) {
			struct bs_series *m = &gr->s[0];

			if (m->n > 1)
				die("%zu rows of means for %s = %s%s%s: tell "
				    "them apart with --series", m->n, o->x, xs,
				    *names[k] ? " in " : "", names[k]);
			if (m->n == 0 || isnan(m->v[0]))
				continue;
			y = bs_series_value(m, 0);
			lo = gr->s[1].n && !isnan(gr->s[1].v[0]) ?
			    bs_series_value(&gr->s[1], 0) : NAN;
			hi = gr->s[2].n && !isnan(gr->s[2].v[0]) ?
			    bs_series_value(&gr->s[2], 0) : NAN;
			sline_raw(&l[k], x, &y, 1);
		} else {
			double *raw;
			size_t nraw;

			if (bs_summarize(&gr->s[0], &so, 1, &sum, &e) == -1)
				die_err(&e);
			if (sum.n == 0)
				continue;
			y = sum.mean;
			lo = sum.ci_lo;
			hi = sum.ci_hi;
			raw = series_values(&gr->s[0], com->skip, &nraw);
			sline_raw(&l[k], x, raw, nraw);
			free(raw);
		}
		sline_point(&l[k], x, y, lo, hi);
		npts++;
		xmax = fmax(xmax, fabs(x));
		ymax = fmax(ymax, fabs(y));
		if (isfinite(hi))
			ymax = fmax(ymax, fabs(hi));
	}
	if (in->kcol >= 0 && colkey == NULL)
		die("the input holds no means of column '%s'", o->y);
	if (npts == 0)
		die("no values to draw (every %s value is missing)",
		    o->y ? o->y : "mean");
	for (i = 0; i < nl; i++) {
		/* names[] may have moved while it grew. */
		l[i].name = names[i];
		if (l[i].n == 0)
			warnmsg("warning: %s: no values", l[i].name);
	}

	/* Fit first: a refused fit leaves no image behind. */
	if (o->fit >= 0)
		for (i = 0; i < nl; i++) {
			if (bs_usl_fit(l[i].rx, l[i].ry, l[i].nraw,
			    (enum bs_usl_model)o->fit, com->confidence,
			    &l[i].fit, &e) == -1) {
				if (*l[i].name)
					die("%s: %s", l[i].name, e.msg);
				die_err(&e);
			}
		}

	bp_scal_opts_init(&po);
	po.chart.title = o->title;
	po.chart.legend = o->legend;
	po.chart.x.log = o->logx;
	po.chart.y.log = o->logy;
	if (ycol == NULL || strcmp(ycol, "mean") == 0)
		ycol = colkey ? colkey : "mean";
	xt = axis_title(o->x, o->xlabel, xmax, &po.chart.x.factor);
	yt = axis_title(unit_column(t, ycol), o->ylabel, ymax,
	    &po.chart.y.factor);
	po.chart.x.label = xt;
	po.chart.y.label = yt;
	/* The level of intervals read from bstat is known only if told. */
	po.ci_level = bstat_mode && !o->confset ? 0 : com->confidence;
	if ((ss = calloc(nl, sizeof(*ss))) == NULL)
		die("out of memory");
	for (i = 0; i < nl; i++) {
		/* One unnamed line: its points are means. */
		ss[i].name = *l[i].name ? l[i].name : "mean";
		ss[i].x = l[i].x;
		ss[i].y = l[i].y;
		ss[i].lo = l[i].lo;
		ss[i].hi = l[i].hi;
		ss[i].n = l[i].n;
		ss[i].fit = o->fit >= 0 ? &l[i].fit : NULL;
	}
	if (o->fit >= 0 && o->fitreport != NULL)
		open_fit_report(o->fitreport);	/* before the image */
	s = surface(com, o);
	rc = bp_scalability(s->cr, s->width, s->height, &po, ss, nl, &e);
	finish(s, rc, &e);

	if (o->fit >= 0) {
		if (o->fitreport != NULL)
			write_fit_report(o->fitreport, l, nl);
		else
			for (i = 0; i < nl; i++)
				say_fit(&l[i], nl > 1 || *l[i].name);
	}
	for (i = 0; i < nl; i++) {
		free(l[i].x);
		free(l[i].y);
		free(l[i].lo);
		free(l[i].hi);
		free(l[i].rx);
		free(l[i].ry);
	}
	free(l);
	free(ss);
	free(xt);
	free(yt);
	free_names(names, nl);
}

/* ------------------------------------------------------------------ */
/* Heatmap */

static void
plot_heatmap(struct input *in, struct tool_common *com, struct opts *o)
{
	struct bs_table *t = in->t;
	struct bs_summary_opts so;
	struct bs_summary sum;
	struct bs_err e;
	struct bp_heatmap_opts po;
	struct bp_surface *s;
	char **xn = NULL, **yn = NULL, *zt;
	size_t nx = 0, ny = 0, *gx, *gy, *mx, *my, g;
	double *z, maxabs = 0;
	int rc;

	if (in->filecol)
		die("heatmap draws one input at a time (got %zu files)",
		    in->nbufs);
	bs_summary_opts_default(&so);
	so.confidence = com->confidence;
	so.skip = com->skip;
	so.no_quantiles = 1;
	gx = calloc(t->ngroups + 1, sizeof(*gx));
	gy = calloc(t->ngroups + 1, sizeof(*gy));
	if (gx == NULL || gy == NULL)
		die("out of memory");
	for (g = 0; g < t->ngroups; g++) {
		gx[g] = intern(&xn, &nx, t->groups[g].key[in->kx]);
		gy[g] = intern(&yn, &ny, t->groups[g].key[in->ky]);
	}
	mx = calloc(nx + 1, sizeof(*mx));
	my = calloc(ny + 1, sizeof(*my));
	z = malloc((nx * ny + 1) * sizeof(*z));
	if (mx == NULL || my == NULL || z == NULL)
		die("out of memory");
	order_categories(xn, nx, mx, 0);
	/* Numbers grow upwards, as on any y axis. */
	order_categories(yn, ny, my, 1);
	for (size_t i = 0; i < nx * ny; i++)
		z[i] = NAN;
	for (g = 0; g < t->ngroups; g++) {
		if (bs_summarize(&t->groups[g].s[0], &so, 1, &sum, &e) == -1)
			die_err(&e);
		z[my[gy[g]] * nx + mx[gx[g]]] = sum.n ? sum.mean : NAN;
		if (sum.n)
			maxabs = fmax(maxabs, fabs(sum.mean));
	}

	bp_heatmap_opts_init(&po);
	po.chart.title = o->title;
	po.chart.x.label = o->xlabel ? o->xlabel : o->x;
	po.chart.y.label = o->ylabel ? o->ylabel : o->y;
	zt = axis_title(unit_column(t, o->z), o->zlabel, maxabs, &po.zfactor);
	po.zlabel = zt;
	if (o->cmap >= 0)
		po.cmap = (enum bp_cmap)o->cmap;
	if (isfinite(o->center)) {
		po.center = o->center * po.zfactor;
		if (o->cmap < 0)
			po.cmap = BP_CMAP_DIVERGING;
	}
	s = surface(com, o);
	rc = bp_heatmap(s->cr, s->width, s->height, &po,
	    (const char *const *)xn, nx, (const char *const *)yn, ny, z, &e);
	finish(s, rc, &e);
	free(z);
	free(mx);
	free(my);
	free(gx);
	free(gy);
	free_names(xn, nx);
	free_names(yn, ny);
	free(zt);
}

/* ------------------------------------------------------------------ */
/* Box plot and CDF: samples per category and series */

struct samples {
	char	**cat, **ser;
	size_t	 ncat, nser;
	double	**v;		/* ncat * nser arrays */
	size_t	*n;
	double	 maxabs;
};

static void
gather(struct input *in, struct tool_common *com, struct samples *sm)
{
	struct bs_table *t = in->t;
	size_t *gc, *gs, *mc, g, nc, k;
	char *name;

	memset(sm, 0, sizeof(*sm));
	gc = calloc(t->ngroups + 1, sizeof(*gc));
	gs = calloc(t->ngroups + 1, sizeof(*gs));
	if (gc == NULL || gs == NULL)
		die("out of memory");
	for (g = 0; g < t->ngroups; g++) {
		gc[g] = intern(&sm->cat, &sm->ncat, in->kx >= 0 ?
		    t->groups[g].key[in->kx] : "");
		name = group_series(in, g);
		gs[g] = intern(&sm->ser, &sm->nser, name);
		free(name);
	}
	if ((mc = calloc(sm->ncat + 1, sizeof(*mc))) == NULL)
		die("out of memory");
	order_categories(sm->cat, sm->ncat, mc, 0);
	nc = sm->ncat * sm->nser;
	sm->v = calloc(nc + 1, sizeof(*sm->v));
	sm->n = calloc(nc + 1, sizeof(*sm->n));
	if (sm->v == NULL || sm->n == NULL)
		die("out of memory");
	for (g = 0; g < t->ngroups; g++) {
		k = mc[gc[g]] * sm->nser + gs[g];
		sm->v[k] = series_values(&t->groups[g].s[0], com->skip,
		    &sm->n[k]);
		for (size_t i = 0; i < sm->n[k]; i++)
			sm->maxabs = fmax(sm->maxabs, fabs(sm->v[k][i]));
	}
	free(mc);
	free(gc);
	free(gs);
}

static void
samples_free(struct samples *sm)
{
	for (size_t i = 0; i < sm->ncat * sm->nser; i++)
		free(sm->v[i]);
	free(sm->v);
	free(sm->n);
	free_names(sm->cat, sm->ncat);
	free_names(sm->ser, sm->nser);
}

static void
plot_box(struct input *in, struct tool_common *com, struct opts *o)
{
	struct samples sm;
	struct bp_box_opts po;
	struct bp_sample *bs;
	struct bp_surface *s;
	struct bs_err e;
	char *yt;
	int rc;

	gather(in, com, &sm);
	if (in->kx < 0) {
		/* One category, named after the column. */
		free(sm.cat[0]);
		if ((sm.cat[0] = strdup(o->y)) == NULL)
			die("out of memory");
	}
	if ((bs = calloc(sm.ncat * sm.nser + 1, sizeof(*bs))) == NULL)
		die("out of memory");
	for (size_t i = 0; i < sm.ncat * sm.nser; i++) {
		bs[i].v = sm.v[i];
		bs[i].n = sm.n[i];
	}
	bp_box_opts_init(&po);
	po.chart.title = o->title;
	po.chart.legend = o->legend;
	po.chart.y.log = o->logy;
	po.chart.x.label = o->xlabel ? o->xlabel : o->x;
	yt = axis_title(unit_column(in->t, o->y), o->ylabel, sm.maxabs,
	    &po.chart.y.factor);
	po.chart.y.label = yt;
	po.series = (const char *const *)sm.ser;
	po.nseries = sm.nser;
	s = surface(com, o);
	rc = bp_box(s->cr, s->width, s->height, &po,
	    (const char *const *)sm.cat, sm.ncat, bs, &e);
	finish(s, rc, &e);
	free(bs);
	free(yt);
	samples_free(&sm);
}

static void
plot_cdf(struct input *in, struct tool_common *com, struct opts *o)
{
	struct samples sm;
	struct bp_cdf_opts po;
	struct bp_cdf_series *cs;
	struct bp_surface *s;
	struct bs_err e;
	char *xt;
	int rc;

	gather(in, com, &sm);
	if ((cs = calloc(sm.nser + 1, sizeof(*cs))) == NULL)
		die("out of memory");
	for (size_t i = 0; i < sm.nser; i++) {
		cs[i].name = *sm.ser[i] ? sm.ser[i] : o->y;
		cs[i].v = sm.v[i];
		cs[i].n = sm.n[i];
	}
	bp_cdf_opts_init(&po);
	po.chart.title = o->title;
	po.chart.legend = o->legend;
	po.chart.x.log = o->logx;
	xt = axis_title(unit_column(in->t, o->y), o->xlabel, sm.maxabs,
	    &po.chart.x.factor);
	po.chart.x.label = xt;
	po.chart.y.label = o->ylabel;
	s = surface(com, o);
	rc = bp_cdf(s->cr, s->width, s->height, &po, cs, sm.nser, &e);
	finish(s, rc, &e);
	free(cs);
	free(xt);
	samples_free(&sm);
}

/* ------------------------------------------------------------------ */

static double
size_opt(const char *name, const char *arg)
{
	double v;

	if (bs_parse_double(arg, &v) == -1 || !(v >= 16 && v <= 30000))
		die("--%s takes a size from 16 to 30000 (pixels for PNG, "
		    "points for PDF and SVG), not '%s'", name, arg);
	return v;
}

/* Options that mean nothing for this kind are errors, not ignored. */
static void
check_applies(const struct opts *o, const struct tool_common *com)
{
	const char *k = kind_names[o->kind];

	if (o->kind != K_SCAL && o->fit >= 0)
		die("--fit applies to scalability charts, not %s", k);
	if (o->fitreport != NULL && o->fit < 0)
		die("--fit-report needs --fit usl or --fit amdahl");
	if (o->kind != K_HEAT && (o->z != NULL || o->cmap >= 0 ||
	    isfinite(o->center) || o->zlabel != NULL))
		die("-z, --zlabel, --colormap and --center apply to heatmaps, "
		    "not %s", k);
	if (o->kind == K_HEAT && (o->series != NULL || o->logx || o->logy))
		die("--series, --logx and --logy do not apply to heatmaps");
	if (o->kind == K_HEAT && o->legend != BP_LEGEND_AUTO)
		die("--legend does not apply to heatmaps (the colour bar is "
		    "their legend)");
	if (o->kind == K_BOX && o->logx)
		die("--logx does not apply to box plots (x is categories)");
	if (o->kind == K_CDF && o->logy)
		die("--logy does not apply to a CDF (y is a fraction)");
	if (o->kind == K_CDF && o->x != NULL)
		die("a CDF has no -x: its values come from -y COL");
	if (o->cmap >= 0 && o->cmap != BP_CMAP_DIVERGING &&
	    isfinite(o->center))
		die("--center needs the diverging colour map");
	if (o->kind == K_SCAL && o->x == NULL)
		die("scalability needs -x COL (the concurrency column)");
	if (o->kind == K_HEAT && (o->x == NULL || o->y == NULL ||
	    o->z == NULL))
		die("heatmap needs -x COL, -y COL and -z COL");
	if ((o->kind == K_BOX || o->kind == K_CDF) && o->y == NULL)
		die("%s needs -y COL (the values)", k);
	if (o->x != NULL && o->y != NULL && strcmp(o->x, o->y) == 0)
		die("-x and -y name the same column '%s'", o->x);
	if (o->series != NULL && ((o->x != NULL &&
	    strcmp(o->series, o->x) == 0) || (o->y != NULL &&
	    strcmp(o->series, o->y) == 0)))
		die("--series names the same column as -x or -y");
	{
		/* Titles are drawn as text: they must be UTF-8. */
		const char *const txt[] = { o->title, o->xlabel, o->ylabel,
		    o->zlabel };
		const char *const name[] = { "--title", "--xlabel",
		    "--ylabel", "--zlabel" };

		for (size_t i = 0; i < 4; i++)
			if (txt[i] != NULL && !g_utf8_validate(txt[i], -1,
			    NULL))
				die("%s: the text is not valid UTF-8", name[i]);
	}
	if (com->output == NULL)
		die("no output file: give -o OUT with .png, .pdf or .svg");
	if (bp_format_from_path(com->output) < 0)
		die("%s: unknown image format (use .png, .pdf or .svg)",
		    com->output);
	if (o->fitreport != NULL && bs_same_output(o->fitreport, com->output))
		die("%s: --fit-report and -o name the same file", o->fitreport);
}

/*
 * GLib, under Pango, ends the process when it cannot allocate memory or
 * start a thread (g_error, then a trap).  That end is an error like any
 * other: one line, exit status 2, no temporary file left behind (the
 * plots layer has removed the image's already).
 */
static void
glib_fatal(const char *msg)
{
	report_abort();
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", progname, msg);
	_exit(2);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		TOOL_COMMON_LONGOPTS,
		{ "series",	required_argument, NULL, OPT_SERIES },
		{ "fit",	required_argument, NULL, OPT_FIT },
		{ "fit-report",	required_argument, NULL, OPT_FITREPORT },
		{ "logx",	no_argument,	   NULL, OPT_LOGX },
		{ "logy",	no_argument,	   NULL, OPT_LOGY },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ "xlabel",	required_argument, NULL, OPT_XLABEL },
		{ "ylabel",	required_argument, NULL, OPT_YLABEL },
		{ "zlabel",	required_argument, NULL, OPT_ZLABEL },
		{ "legend",	required_argument, NULL, OPT_LEGEND },
		{ "width",	required_argument, NULL, OPT_WIDTH },
		{ "height",	required_argument, NULL, OPT_HEIGHT },
		{ "colormap",	required_argument, NULL, OPT_CMAP },
		{ "colourmap",	required_argument, NULL, OPT_CMAP },
		{ "center",	required_argument, NULL, OPT_CENTER },
		{ "centre",	required_argument, NULL, OPT_CENTER },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct opts o;
	struct input in;
	const char *kind;
	size_t k;
	int ch, bstat_mode;

	tool_init("bplot", &com, argv);
	bp_log_init(glib_fatal);
	memset(&o, 0, sizeof(o));
	o.fit = o.cmap = -1;
	o.center = NAN;
	o.width = 800;
	o.height = 500;
	o.legend = BP_LEGEND_AUTO;
	/* -y is ours here; -c, -g and -f are not (see check below). */
	while ((ch = getopt_long(argc, argv, "x:y:z:c:g:d:f:o:h", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'x':
			o.x = optarg;
			continue;
		case 'y':
			o.y = optarg;
			continue;
		case 'z':
			o.z = optarg;
			continue;
		case 'c':
		case 'g':
			die("--%s does not apply: bplot takes its columns from "
			    "-x, -y, -z and --series", ch == 'c' ? "column" :
			    "group");
		case 'f':
			die("--format does not apply: the extension of -o OUT "
			    "chooses the image format");
		case OPT_CONFIDENCE:
			o.confset = 1;
			break;
		default:
			break;
		}
		if (tool_common_opt(ch, optarg, &com, usage))
			continue;
		switch (ch) {
		case OPT_SERIES:
			o.series = optarg;
			break;
		case OPT_FIT:
			if ((o.fit = bs_usl_model_parse(optarg)) < 0)
				die("--fit takes usl or amdahl, not '%s'",
				    optarg);
			break;
		case OPT_FITREPORT:
			o.fitreport = optarg;
			break;
		case OPT_LOGX:
			o.logx = 1;
			break;
		case OPT_LOGY:
			o.logy = 1;
			break;
		case OPT_TITLE:
			o.title = optarg;
			break;
		case OPT_XLABEL:
			o.xlabel = optarg;
			break;
		case OPT_YLABEL:
			o.ylabel = optarg;
			break;
		case OPT_ZLABEL:
			o.zlabel = optarg;
			break;
		case OPT_LEGEND:
			if (strcmp(optarg, "auto") == 0 ||
			    strcmp(optarg, "on") == 0)
				o.legend = BP_LEGEND_AUTO;
			else if (strcmp(optarg, "right") == 0)
				o.legend = BP_LEGEND_RIGHT;
			else if (strcmp(optarg, "below") == 0 ||
			    strcmp(optarg, "bottom") == 0)
				o.legend = BP_LEGEND_BELOW;
			else if (strcmp(optarg, "none") == 0 ||
			    strcmp(optarg, "off") == 0)
				o.legend = BP_LEGEND_NONE;
			else
				die("--legend takes auto, right, below or "
				    "none, not '%s'", optarg);
			break;
		case OPT_WIDTH:
			o.width = size_opt("width", optarg);
			break;
		case OPT_HEIGHT:
			o.height = size_opt("height", optarg);
			break;
		case OPT_CMAP:
			if ((o.cmap = bp_cmap_parse(optarg)) < 0)
				die("--colormap takes viridis, cividis or "
				    "diverging, not '%s'", optarg);
			break;
		case OPT_CENTER:
			if (bs_parse_double(optarg, &o.center) == -1)
				die("--center takes a number, not '%s'",
				    optarg);
			break;
		default:
			usage(stderr, 2);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		die("no chart kind given (scalability, heatmap, box, cdf; "
		    "see bplot --help)");
	kind = argv[0];
	for (k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++)
		if (strcmp(kind, kind_names[k]) == 0)
			break;
	if (k == sizeof(kind_names) / sizeof(kind_names[0]))
		die("unknown chart kind '%s' (scalability, heatmap, box, cdf)",
		    kind);
	o.kind = (enum kind)k;
	argc--;
	argv++;
	check_applies(&o, &com);

	read_input(&in, &com, &o, argc, argv, &bstat_mode);
	if (bstat_mode && com.skip)
		die("--skip drops raw rows; the input holds means already "
		    "(give --skip to bstat)");
	switch (o.kind) {
	case K_SCAL:
		plot_scalability(&in, &com, &o, bstat_mode);
		break;
	case K_HEAT:
		plot_heatmap(&in, &com, &o);
		break;
	case K_BOX:
		plot_box(&in, &com, &o);
		break;
	case K_CDF:
		plot_cdf(&in, &com, &o);
		break;
	}
	bs_table_free(in.t);
	for (k = 0; k < in.nbufs; k++) {
		bs_buf_free(&in.bufs[k]);
		if (in.fname != NULL)
			free(in.fname[k]);
	}
	free(in.fname);
	free(in.groups);
	free(in.bufs);
	return 0;
}
