/*
 * Unit tests for the plots layer: ticks, colour maps, contrast, units,
 * box statistics, text fallback, and rendering of every chart kind to
 * PNG, PDF and SVG in tests/out/ (size, header, reproducibility, pixel
 * colours of known heatmap cells, atomic writing).
 */
#include "testutil.h"

#include <sys/stat.h>

#include <dirent.h>
#include <time.h>

#include <cairo-svg.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

#include "plots_extern.h"
#include "plots.h"

#define OUT	"tests/out"

/* ------------------------------------------------------------------ */
/* Ticks */

static void
check_extended(double dmin, double dmax, size_t m, double lmin, double lmax,
    double lstep)
{
	double a, b, s;

	assert_int_equal(bp_extended(dmin, dmax, m, 0, &a, &b, &s), 0);
	assert_close(a, lmin, 1e-12, 1e-12);
	assert_close(b, lmax, 1e-12, 1e-12);
	assert_close(s, lstep, 1e-12, 0);
}

/* Expected values from R: labeling::extended(dmin, dmax, m). */
static void
test_ticks_extended(void **state)
{
	struct bp_ticks t;

	(void)state;
	check_extended(8.1, 14.1, 4, 8, 14, 2);
	check_extended(0, 1, 5, 0, 1, 0.25);
	check_extended(-3.7, 12.2, 5, -4, 12, 4);
	check_extended(0.0013, 0.0171, 5, 0, 0.016, 0.004);
	check_extended(1, 64, 5, 0, 60, 20);
	check_extended(123456, 987654, 6, 0, 1e6, 2e5);

	assert_int_equal(bp_ticks_linear(8.1, 14.1, 4, &t), 0);
	assert_int_equal(t.n, 4);
	assert_string_equal(t.label[0], "8");
	assert_string_equal(t.label[1], "10");
	assert_string_equal(t.label[2], "12");
	assert_string_equal(t.label[3], "14");
	/* The axis covers data and ticks. */
	assert_close(t.lo, 8, 0, 1e-12);
	assert_close(t.hi, 14.1, 0, 1e-12);

	/* Decimals from the step, no binary noise. */
	assert_int_equal(bp_ticks_linear(0.0013, 0.0171, 5, &t), 0);
	assert_string_equal(t.label[1], "0.004");
	assert_string_equal(t.label[3], "0.012");
	assert_int_equal(bp_ticks_linear(0, 1, 5, &t), 0);
	assert_string_equal(t.label[1], "0.25");
	/* U+2212 minus. */
	assert_int_equal(bp_ticks_linear(-3.7, 12.2, 5, &t), 0);
	assert_string_equal(t.label[0], "\xe2\x88\x92" "4");
	assert_string_equal(t.label[1], "0");

	/* A single value still gets an axis. */
	assert_int_equal(bp_ticks_linear(5, 5, 5, &t), 0);
	assert_true(t.n >= 2 && t.lo <= 5 && t.hi >= 5);
	assert_int_equal(bp_ticks_linear(NAN, 5, 5, &t), -1);
}

static void
test_ticks_log(void **state)
{
	struct bp_ticks t;
	double p2[] = { 1, 2, 4, 8, 16, 32, 64 }, notp2[] = { 1, 2, 3, 4 };

	(void)state;
	/*
	 * The axis fits the data, the decades inside it ticked (issue 32:
	 * 3 to 45000 was drawn on 1 to 100000).
	 */
	assert_int_equal(bp_ticks_log10(3, 45000, &t), 0);
	assert_int_equal(t.kind, BP_SCALE_LOG10);
	assert_int_equal(t.n, 4);
	for (size_t i = 0; i < t.n; i++)
		assert_close(t.v[i], pow(10, (double)i + 1), 1e-12, 0);
	assert_string_equal(t.label[0], "10");
	assert_string_equal(t.label[2], "1000");
	assert_close(t.lo, 3, 1e-12, 0);
	assert_close(t.hi, 45000, 1e-12, 0);
	/* Clients 1 to 256: 1, 10, 100 on an axis that ends at 256. */
	assert_int_equal(bp_ticks_log10(1, 256, &t), 0);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.label[2], "100");
	assert_close(t.hi, 256, 1e-12, 0);
	/* 0.27 to 10.4 ms: under two decades, 1-2-5 steps (not 0.1-100). */
	assert_int_equal(bp_ticks_log10(0.27, 10.4, &t), 0);
	assert_int_equal(t.n, 5);
	assert_string_equal(t.label[0], "0.5");
	assert_string_equal(t.label[1], "1");
	assert_string_equal(t.label[2], "2");
	assert_string_equal(t.label[3], "5");
	assert_string_equal(t.label[4], "10");
	assert_true(t.lo > 0.2 && t.hi < 13);

	/* Many decades: labels as powers. */
	assert_int_equal(bp_ticks_log10(1e-9, 1e-3, &t), 0);
	assert_string_equal(t.label[0], "10<sup>\xe2\x88\x92" "9</sup>");

	/* Under a decade: 1..9 multiples inside the range. */
	assert_int_equal(bp_ticks_log10(200, 900, &t), 0);
	assert_int_equal(t.n, 8);
	assert_close(t.v[0], 200, 1e-12, 0);
	assert_close(t.v[7], 900, 1e-12, 0);

	/* 1-2-5 over a decade and a bit. */
	assert_int_equal(bp_ticks_log10(15, 120, &t), 0);
	assert_true(t.n >= 3);
	assert_int_equal(bp_ticks_log10(0, 10, &t), -1);

	/* Thread counts: powers of two. */
	assert_int_equal(bp_all_pow2(p2, 7), 1);
	assert_int_equal(bp_all_pow2(notp2, 4), 0);
	assert_int_equal(bp_ticks_pow2(1, 64, 5, 1, &t), 0);
	assert_int_equal(t.kind, BP_SCALE_LOG2);
	assert_int_equal(t.n, 7);
	assert_string_equal(t.label[6], "64");
	assert_close(t.v[3], 8, 0, 0);
	/* Linear axis: multiples of a power of two. */
	assert_int_equal(bp_ticks_pow2(1, 64, 5, 0, &t), 0);
	assert_int_equal(t.n, 5);
	assert_close(t.v[1], 16, 0, 0);
	assert_close(t.v[4], 64, 0, 0);
	/* Many powers: thinned. */
	assert_int_equal(bp_ticks_pow2(1, 65536, 5, 1, &t), 0);
	assert_true(t.n <= 10);
}

/*
 * Linear power-of-two ticks where the least power of two at or above
 * the data lies above them all (9.007e15 < 2^53): no tick was placed,
 * then t->v[t->n - 1] read t->v[-1].  One value (2^53, or 4) found no
 * step at all.  Every one now gets ticks that cover the data.
 */
static void
test_ticks_pow2_one(void **state)
{
	static const double x[] = { 9.007e15, 0x1p53, 1e17, 4, 3, 0.5 };
	struct bp_ticks t;

	(void)state;
	for (size_t i = 0; i < sizeof(x) / sizeof(x[0]); i++) {
		memset(&t, 0xff, sizeof(t));	/* no stale ticks count */
		assert_int_equal(bp_ticks_pow2(x[i], x[i], 5, 0, &t), 0);
		assert_true(t.n >= 2 && t.n <= BP_MAX_TICKS);
		assert_true(t.lo <= x[i] && t.hi >= x[i]);
		assert_true(t.v[0] <= x[i] && t.v[t.n - 1] >= x[i]);
	}
	/* 4 alone: 0 1 2 3 4, as threads are counted. */
	assert_int_equal(bp_ticks_pow2(4, 4, 5, 0, &t), 0);
	assert_int_equal(t.n, 5);
	assert_close(t.v[0], 0, 0, 0);
	assert_close(t.v[4], 4, 0, 0);
	/* A narrow range just below 2^53: multiples of a power of two. */
	assert_int_equal(bp_ticks_pow2(9.007e15, 9.0071e15, 5, 0, &t), 0);
	assert_true(t.n >= 2);
	assert_true(t.v[0] <= 9.007e15 && t.v[t.n - 1] >= 9.0071e15);
	assert_close(fmod(t.v[0], t.step), 0, 0, 0);
}

/*
 * Subnormal and extreme ranges: the tick search ends at once (it used to
 * loop for minutes, or for ever at 5e-324) and gives the ticks that the
 * same data at ordinary size get, labelled with every digit.
 */
static void
test_ticks_extreme(void **state)
{
	struct bp_ticks t;
	double a, b, s;
	clock_t c0 = clock();

	(void)state;
	assert_int_equal(bp_ticks_linear(1e-310, 3e-310, 5, &t), 0);
	assert_int_equal(t.n, 5);
	assert_close(t.v[0], 1e-310, 1e-9, 0);
	assert_close(t.v[4], 3e-310, 1e-9, 0);
	assert_close(t.step, 5e-311, 1e-9, 0);
	assert_string_equal(t.label[0], "1.0\xc3\x97" "10<sup>\xe2\x88\x92"
	    "310</sup>");
	assert_string_equal(t.label[1], "1.5\xc3\x97" "10<sup>\xe2\x88\x92"
	    "310</sup>");
	/* The same ticks as for 1 .. 3. */
	assert_int_equal(bp_extended(1e-310, 3e-310, 5, 0, &a, &b, &s), 0);
	assert_close(a, 1e-310, 1e-9, 0);
	assert_close(s, 5e-311, 1e-9, 0);
	assert_int_equal(bp_ticks_linear(0, 3e-310, 5, &t), 0);
	assert_string_equal(t.label[0], "0");
	assert_int_equal(bp_ticks_linear(1e-300, 3e-300, 5, &t), 0);
	assert_int_equal(t.n, 5);
	assert_int_equal(bp_ticks_log10(1e-300, 3e-300, &t), 0);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.label[0], "10<sup>\xe2\x88\x92" "300</sup>");
	assert_int_equal(bp_ticks_log10(1e-320, 3e-320, &t), 0);
	assert_string_equal(t.label[0], "10<sup>\xe2\x88\x92" "320</sup>");
	/* One subnormal value: a range around it. */
	assert_int_equal(bp_ticks_linear(1e-310, 1e-310, 5, &t), 0);
	assert_true(t.n >= 2 && t.lo < 1e-310 && t.hi > 1e-310);
	/* The very bottom of the doubles: no ticks, said at once. */
	assert_int_equal(bp_ticks_linear(5e-324, 1e-323, 5, &t), -1);
	assert_int_equal(bp_ticks_linear(0, 5e-324, 5, &t), -1);
	assert_int_equal(bp_extended(0, 5e-324, 5, 0, &a, &b, &s) == 0 ?
	    s > 0 : 1, 1);
	/* Near the top: no overflow in the range or the labels. */
	assert_int_equal(bp_ticks_linear(-1e308, 1e308, 5, &t), 0);
	assert_string_equal(t.label[t.n - 1], "1.0\xc3\x97" "10<sup>308</sup>");
	assert_int_equal(bp_ticks_log10(1e300, 1.7e308, &t), 0);
	assert_true(isfinite(t.hi));
	assert_int_equal(bp_ticks_pow2(1, 0x1p1000, 5, 0, &t), 0);
	assert_true(t.n >= 2 && t.n <= 10);
	/* All of it well under a second (it took minutes). */
	assert_true((double)(clock() - c0) / CLOCKS_PER_SEC < 2);
}

static void
test_format_tick(void **state)
{
	char b[64];

	(void)state;
	bp_format_tick(2e6, 1e6, b, sizeof(b));
	assert_string_equal(b, "2\xc3\x97" "10<sup>6</sup>");
	bp_format_tick(1e6, 1e6, b, sizeof(b));
	assert_string_equal(b, "10<sup>6</sup>");
	bp_format_tick(2.5, 2.5, b, sizeof(b));
	assert_string_equal(b, "2.5");
	bp_format_tick(-1e-17, 0.5, b, sizeof(b));
	assert_string_equal(b, "0");
	/* Subnormal values keep their digits; 9.99... is 10^(e+1). */
	bp_format_tick(3e-320, 1e-320, b, sizeof(b));
	assert_string_equal(b, "3\xc3\x97" "10<sup>\xe2\x88\x92" "320</sup>");
	bp_format_tick(9.9999999e6, 1e6, b, sizeof(b));
	assert_string_equal(b, "10<sup>7</sup>");
}

/* ------------------------------------------------------------------ */
/* Colours */

static void
assert_hex(struct bp_rgb c, unsigned int hex)
{
	unsigned int r = (unsigned int)lround(c.r * 255);
	unsigned int g = (unsigned int)lround(c.g * 255);
	unsigned int b = (unsigned int)lround(c.b * 255);

	if (((r << 16) | (g << 8) | b) != hex)
		fail_msg("colour #%02X%02X%02X, expected #%06X", r, g, b, hex);
}

static void
test_colormaps(void **state)
{
	struct bp_rgb c;

	(void)state;
	/* Published endpoints (matplotlib; viridisLite). */
	c = bp_cmap_color(BP_CMAP_VIRIDIS, 0);
	assert_close(c.r, 0.267004, 0, 1e-6);
	assert_close(c.g, 0.004874, 0, 1e-6);
	assert_close(c.b, 0.329415, 0, 1e-6);
	assert_hex(c, 0x440154);
	c = bp_cmap_color(BP_CMAP_VIRIDIS, 1);
	assert_close(c.r, 0.993248, 0, 1e-6);
	assert_close(c.g, 0.906157, 0, 1e-6);
	assert_close(c.b, 0.143936, 0, 1e-6);
	assert_hex(c, 0xFDE725);
	/* R: viridisLite::viridis(3)[2], the middle. */
	assert_hex(bp_cmap_color(BP_CMAP_VIRIDIS, 0.5), 0x21908C);
	assert_hex(bp_cmap_color(BP_CMAP_CIVIDIS, 0), 0x00204D);
	assert_hex(bp_cmap_color(BP_CMAP_CIVIDIS, 1), 0xFFEA46);
	assert_hex(bp_cmap_color(BP_CMAP_DIVERGING, 0), 0x053061);
	assert_hex(bp_cmap_color(BP_CMAP_DIVERGING, 0.5), 0xF7F7F7);
	assert_hex(bp_cmap_color(BP_CMAP_DIVERGING, 1), 0x67001F);
	/* Clamped, NaN-safe. */
	assert_hex(bp_cmap_color(BP_CMAP_VIRIDIS, -3), 0x440154);
	assert_hex(bp_cmap_color(BP_CMAP_VIRIDIS, 7), 0xFDE725);
	assert_hex(bp_cmap_color(BP_CMAP_VIRIDIS, NAN), 0x440154);

	assert_int_equal(bp_cmap_parse("viridis"), BP_CMAP_VIRIDIS);
	assert_int_equal(bp_cmap_parse("Cividis"), BP_CMAP_CIVIDIS);
	assert_int_equal(bp_cmap_parse("rdbu"), BP_CMAP_DIVERGING);
	assert_int_equal(bp_cmap_parse("jet"), -1);
	assert_string_equal(bp_cmap_name(BP_CMAP_CIVIDIS), "cividis");

	assert_hex(bp_palette(0), 0x0072B2);
	assert_hex(bp_palette(1), 0xD55E00);
	assert_hex(bp_palette(8), 0x0072B2);
}

static void
test_contrast(void **state)
{
	struct bp_rgb white = { 1, 1, 1 }, black = { 0, 0, 0 };
	struct bp_rgb g77 = { 0x77 / 255.0, 0x77 / 255.0, 0x77 / 255.0 };
	struct bp_rgb g70 = { 0x70 / 255.0, 0x70 / 255.0, 0x70 / 255.0 };

	(void)state;
	assert_close(bp_luminance(white), 1, 1e-12, 0);
	assert_close(bp_luminance(black), 0, 0, 1e-12);
	assert_close(bp_contrast_text(white).r, 0, 0, 0);
	assert_close(bp_contrast_text(black).r, 1, 0, 0);
	/* The switch lies at luminance 0.179: #777 (0.184) and #707070. */
	assert_close(bp_contrast_text(g77).r, 0, 0, 0);
	assert_close(bp_contrast_text(g70).r, 1, 0, 0);
	/* Dark end of viridis: white text; yellow end: black. */
	assert_close(bp_contrast_text(bp_cmap_color(BP_CMAP_VIRIDIS, 0)).r,
	    1, 0, 0);
	assert_close(bp_contrast_text(bp_cmap_color(BP_CMAP_VIRIDIS, 1)).r,
	    0, 0, 0);
	assert_close(bp_contrast_text(bp_cmap_color(BP_CMAP_DIVERGING,
	    0.5)).r, 0, 0, 0);
	assert_close(bp_contrast_text(bp_cmap_color(BP_CMAP_DIVERGING,
	    0)).r, 1, 0, 0);
}

static void
check_unit(const char *in, double maxabs, double factor, const char *name)
{
	struct bp_unit u;

	bp_unit_choose(in, maxabs, &u);
	assert_close(u.factor, factor, 1e-12, 0);
	assert_string_equal(u.name, name);
}

static void
test_units(void **state)
{
	(void)state;
	check_unit("ns", 500, 1, "ns");
	check_unit("ns", 1500, 1e-3, "µs");
	check_unit("ns", 2.5e6, 1e-6, "ms");
	check_unit("ns", 3e10, 1e-9, "s");
	check_unit("us", 999, 1, "µs");
	check_unit("us", 5e6, 1e-6, "s");
	check_unit("ms", 0.5, 1e3, "µs");
	check_unit("s", 0.002, 1e3, "ms");
	check_unit("s", 3e-8, 1e9, "ns");
	check_unit("B", 3 * 1048576.0, 1 / 1048576.0, "MiB");
	check_unit("B", 1000, 1, "B");
	check_unit("B/s", 2.5e9, 1e-9, "GB/s");
	check_unit("ops/s", 387732, 1e-3, "kops/s");
	check_unit("msg/s", 2.5e7, 1e-6, "Mmsg/s");
	check_unit("msg/s", 8000, 1, "msg/s");
	check_unit("", 5e6, 1e-6, "millions");
	check_unit("ns", 0, 1, "ns");
}

/* R: quantile(x, type = 7) and the fences by hand. */
static void
test_box_stats(void **state)
{
	double v[] = { 10, 11, 12, 12, 13, 13, 13, 14, 14, 15, 16, 30, NAN,
	    -5 };
	struct bp_boxstat b;

	(void)state;
	assert_int_equal(bp_box_stats(v, 14, 1.5, &b), 0);
	assert_int_equal(b.n, 13);
	/* sorted: -5 10 11 12 12 13 13 13 14 14 15 16 30 */
	assert_close(b.q1, 12, 1e-12, 0);
	assert_close(b.median, 13, 1e-12, 0);
	assert_close(b.q3, 14, 1e-12, 0);
	assert_close(b.lo_fence, 9, 1e-12, 0);
	assert_close(b.hi_fence, 17, 1e-12, 0);
	assert_close(b.wlo, 10, 1e-12, 0);
	assert_close(b.whi, 16, 1e-12, 0);
	assert_int_equal(b.noutliers, 2);
}

/* Axis titles from column names, through libstat's one unit parser. */
static void
test_axis_title(void **state)
{
	static const struct {
		const char *col, *given;
		double maxabs;
		const char *want;
	} c[] = {
		{ "latency_us", NULL, 1500, "latency (ms)" },
		/*
		 * The reader's unit kept, the numbers scaled (issue 32: it
		 * was "kmsg/s"), a Chinese title's too (its ticks said
		 * 700000).
		 */
		{ "throughput_msg_per_sec", "Throughput (msg/s)", 50000,
		    "Throughput (10\xc2\xb3 msg/s)" },
		{ "throughput_msg_per_sec", "\xe5\x90\x9e\xe5\x90\x90\xe9\x87\x8f",
		    700000, "\xe5\x90\x9e\xe5\x90\x90\xe9\x87\x8f (10\xc2\xb3)" },
		{ "throughput_ops", "\xe5\x90\x9e\xe5\x90\x90\xe9\x87\x8f\xef\xbc\x88"
		    "ops\xef\xbc\x89", 2.5e6, "\xe5\x90\x9e\xe5\x90\x90\xe9\x87\x8f"
		    "\xef\xbc\x88" "10\xe2\x81\xb6 ops\xef\xbc\x89" },
		{ "throughput_msg_per_sec", "Throughput (msg/s)", 8000,
		    "Throughput (msg/s)" },
		{ "ns/op", NULL, 10, "ns/op" },
		{ "ms", NULL, 10, "time (ms)" },
		{ "threads", "Threads", 64, "Threads" },
		{ "size (bytes)", "Size (bytes)", 10, "Size (bytes)" },
	};
	double f;
	char *t;

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		t = bp_axis_title(c[i].col, c[i].given, c[i].maxabs, &f);
		assert_non_null(t);
		assert_string_equal(t, c[i].want);
		/* The ticks scaled as the title says. */
		if (strstr(c[i].want, "10\xc2\xb3") != NULL)
			assert_close(f, 1e-3, 1e-12, 0);
		if (strstr(c[i].want, "10\xe2\x81\xb6") != NULL)
			assert_close(f, 1e-6, 1e-12, 0);
		free(t);
	}
}

/*
 * A unit the input format declared wins over the name: Google
 * Benchmark's real_time is in ns (it was titled "real_time (millions)"),
 * pyperf's value in s.
 */
static void
test_axis_title_declared(void **state)
{
	double f;
	char *t;

	(void)state;
	t = bp_axis_title_as("real_time", "ns", NULL, 31000, &f);
	assert_string_equal(t, "real_time (\xc2\xb5s)");
	assert_true(fabs(f - 1e-3) < 1e-15);
	free(t);
	t = bp_axis_title_as("value", "s", NULL, 0.002, &f);
	assert_string_equal(t, "value (ms)");
	free(t);
}

/* Chinese and µ through the font fallback: no unknown glyphs. */
static void
test_text_fallback(void **state)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    10, 10);
	cairo_t *cr = cairo_create(s);
	const char *texts[] = { "吞吐量随线程数的变化", "延迟 (µs)",
	    "Latency (µs)", "α β λ ± ×" };

	(void)state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		PangoLayout *l = bp_layout(cr, texts[i], 12, 0, 0, 0);
		double w, h;

		assert_int_equal(pango_layout_get_unknown_glyphs_count(l), 0);
		bp_layout_size(l, &w, &h);
		assert_true(w > 10 && h > 5);
		g_object_unref(l);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

/*
 * Text that is not UTF-8 is laid out with U+FFFD (Pango laid out nothing
 * and warned on standard error), and a chart whose label has such bytes
 * draws to SVG without failing.  Too many series are refused.
 */
static void
test_text_invalid_utf8(void **state)
{
	cairo_surface_t *s = cairo_svg_surface_create(OUT "/invalid.svg",
	    400, 300);
	cairo_t *cr = cairo_create(s);
	const char *cat[] = { "caf\xe9", "ok" };
	double v[] = { 1, 2, 3 }, w, h;
	struct bp_sample smp[2] = { { v, 3 }, { v, 3 } };
	struct bp_box_opts o;
	struct bp_cdf_series cs[BP_MAX_SERIES + 1];
	struct bp_cdf_opts co;
	struct bs_err e;

	(void)state;
	bp_measure(cr, "caf\xe9 \xff", 12, 0, 0, 0, &w, &h);
	assert_true(w > 10 && h > 5);
	bp_box_opts_init(&o);
	o.chart.title = "t\xc3";	/* cut inside a character */
	assert_int_equal(bp_box(cr, 400, 300, &o, cat, 2, smp, &e), 0);
	assert_int_equal(cairo_status(cr), CAIRO_STATUS_SUCCESS);

	bp_cdf_opts_init(&co);
	for (size_t i = 0; i < BP_MAX_SERIES + 1; i++) {
		cs[i].name = "s";
		cs[i].v = v;
		cs[i].n = 3;
	}
	assert_int_equal(bp_cdf(cr, 400, 300, &co, cs, BP_MAX_SERIES + 1,
	    &e), -1);
	assert_non_null(strstr(e.msg, "at most 256"));
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

/* ------------------------------------------------------------------ */
/* Rendering */

enum kind { K_SCAL, K_SCAL_LOG, K_SCAL_ZH, K_HEAT, K_HEAT_DIV, K_BOX,
	K_CDF, K_CDF_LOG };

static const char *const kind_name[] = { "scalability", "scalability-log",
	"scalability-zh", "heatmap", "heatmap-diverging", "box", "cdf",
	"cdf-log" };

/* The USL data sets of test_usl, summarised per thread count. */
struct scal_data {
	double	 n[200], x[200];
	size_t	 len;
	double	 mx[32], my[32], lo[32], hi[32];
	size_t	 m;
	struct bs_usl fit;
};

static void
scal_load(const char *name, int model, struct scal_data *d)
{
	char path[128];
	struct tu_csv c;

	snprintf(path, sizeof(path), "testdata/usl/%s.csv", name);
	assert_int_equal(tu_csv_load(&c, path), 0);
	d->len = c.nrows;
	for (size_t i = 0; i < c.nrows; i++) {
		d->n[i] = tu_num(c.rows[i][0]);
		d->x[i] = tu_num(c.rows[i][1]);
	}
	d->m = 0;
	for (size_t i = 0; i < d->len;) {
		size_t j = i, k;
		double mean = 0, ss = 0, half;

		while (j < d->len && d->n[j] == d->n[i])
			j++;
		k = j - i;
		for (size_t q = i; q < j; q++)
			mean += d->x[q] / (double)k;
		for (size_t q = i; q < j; q++)
			ss += (d->x[q] - mean) * (d->x[q] - mean);
		/* t_{0.975, k-1} for k = 3 or 4 repetitions. */
		half = (k == 3 ? 4.302653 : 3.182446) *
		    sqrt(ss / (double)(k - 1) / (double)k);
		d->mx[d->m] = d->n[i];
		d->my[d->m] = mean;
		d->lo[d->m] = mean - half;
		d->hi[d->m] = mean + half;
		d->m++;
		i = j;
	}
	if (model >= 0) {
		struct bs_err err;

		assert_int_equal(bs_usl_fit(d->n, d->x, d->len, model, 95,
		    &d->fit, &err), 0);
	}
}

static const double heat_z[12] = {
	120, 340, 560, 780,
	900, NAN, 450, 150,
	60, 610, 1000, 300
};
static const char *const heat_x[] = { "64 B", "1 KiB", "16 KiB",
	"1 MiB" };
static const char *const heat_y[] = { "1 thread", "4 threads",
	"16 threads" };

/* Draw chart k on s; area receives the plot area. */
static int
draw(enum kind k, struct bp_surface *s, struct bp_rect *area, int values,
    struct bs_err *err)
{
	static struct scal_data peak, lin, amd;
	static int loaded;
	double fw = s->width, fh = s->height;

	if (!loaded) {
		scal_load("peak", BS_USL_USL, &peak);
		scal_load("linear", BS_USL_USL, &lin);
		scal_load("amdahl", BS_USL_AMDAHL, &amd);
		loaded = 1;
	}
	switch (k) {
	case K_SCAL:
	case K_SCAL_ZH: {
		struct bp_scal_opts o;
		struct bp_scal_series ss[2] = {
			{ "candidate", peak.mx, peak.my, peak.lo, peak.hi,
			    peak.m, &peak.fit, 0, NULL },
			{ "baseline", amd.mx, amd.my, amd.lo, amd.hi, amd.m,
			    &amd.fit, 0, NULL },
		};
		struct bp_unit u;
		char yl[64];

		bp_scal_opts_init(&o);
		o.chart.plot_area = area;
		if (k == K_SCAL_ZH) {
			ss[0].name = "新版本";
			ss[1].name = "基线";
			o.chart.title = "吞吐量随线程数的变化";
			o.chart.x.label = "线程数";
			o.chart.y.label = "吞吐量 (消息/秒)";
		} else {
			bp_unit_choose("msg/s", 7400, &u);
			snprintf(yl, sizeof(yl), "Throughput (%s)", u.name);
			o.chart.title = "Message throughput by thread count "
			    "(USL and Amdahl fits)";
			o.chart.x.label = "Threads";
			o.chart.y.label = yl;
		}
		return bp_scalability(s->cr, fw, fh, &o, ss, 2, err);
	}
	case K_SCAL_LOG: {
		struct bp_scal_opts o;
		double y2[32];
		struct bp_scal_series ss[2] = {
			{ "lock-free queue", lin.mx, lin.my, lin.lo, lin.hi,
			    lin.m, &lin.fit, 0, NULL },
			{ "mutex queue", lin.mx, y2, NULL, NULL, lin.m, NULL, 0, NULL },
		};

		for (size_t i = 0; i < lin.m; i++)
			y2[i] = lin.my[i] / (1 + 0.15 * (lin.mx[i] - 1));
		bp_scal_opts_init(&o);
		o.chart.plot_area = area;
		o.chart.title = "Near-linear scaling, log-log";
		o.chart.x.label = "Threads";
		o.chart.y.label = "Throughput (ops/s)";
		o.chart.x.log = o.chart.y.log = 1;
		return bp_scalability(s->cr, fw, fh, &o, ss, 2, err);
	}
	case K_HEAT:
	case K_HEAT_DIV: {
		struct bp_heatmap_opts o;
		double d[12];

		bp_heatmap_opts_init(&o);
		o.chart.plot_area = area;
		o.values = values;
		o.chart.x.label = "Message size";
		o.chart.y.label = "Concurrency";
		if (k == K_HEAT) {
			o.chart.title = "Throughput by message size and "
			    "concurrency";
			o.zlabel = "Throughput (MB/s)";
			return bp_heatmap(s->cr, fw, fh, &o, heat_x, 4, heat_y,
			    3, heat_z, err);
		}
		for (size_t i = 0; i < 12; i++)
			d[i] = (heat_z[i] - 500) / 10;
		o.chart.title = "Change against baseline";
		o.zlabel = "Change (%)";
		o.cmap = BP_CMAP_DIVERGING;
		o.center = 0;
		return bp_heatmap(s->cr, fw, fh, &o, heat_x, 4, heat_y, 3, d,
		    err);
	}
	case K_BOX: {
		static double v[6][40];
		struct bp_sample smp[6];
		const char *cats[] = { "parse", "encode", "compress" };
		const char *series[] = { "baseline", "candidate" };
		struct bp_box_opts o;

		/* Deterministic skewed samples with a few outliers. */
		for (size_t c = 0; c < 6; c++) {
			for (size_t i = 0; i < 40; i++) {
				double u = (double)((i * 37 + c * 11) % 40) /
				    40.0;

				v[c][i] = (100 + 60 * (double)(c / 2)) *
				    (c % 2 ? 0.85 : 1.0) *
				    (1 + 0.2 * u * u);
			}
			v[c][3] *= 1.9;
			v[c][17] *= 0.55;
		}
		for (size_t i = 0; i < 6; i++) {
			smp[i].v = v[i];
			smp[i].n = 40;
		}
		bp_box_opts_init(&o);
		o.chart.plot_area = area;
		o.series = series;
		o.nseries = 2;
		o.chart.title = "Latency per stage";
		o.chart.x.label = "Stage";
		o.chart.y.label = "Latency (µs)";
		return bp_box(s->cr, fw, fh, &o, cats, 3, smp, err);
	}
	case K_CDF:
	case K_CDF_LOG: {
		static double a[500], b[500];
		struct bp_cdf_series cs[2] = {
			{ "baseline", a, 500 }, { "candidate", b, 500 }
		};
		struct bp_cdf_opts o;
		struct bp_unit u;
		char xl[64];

		for (size_t i = 0; i < 500; i++) {
			double p = ((double)i + 0.5) / 500;

			double zq = gsl_cdf_ugaussian_Pinv(p);

			/* Log-normal quantiles, in ns; a heavier tail in b. */
			a[i] = 20000 * exp(0.35 * zq);
			b[i] = 15000 * exp(0.6 * zq);
		}
		bp_cdf_opts_init(&o);
		o.chart.plot_area = area;
		bp_unit_choose("ns", 200000, &u);
		o.chart.x.factor = u.factor;
		snprintf(xl, sizeof(xl), "Latency (%s)", u.name);
		o.chart.x.label = xl;
		o.chart.title = "Request latency distribution";
		o.chart.x.log = k == K_CDF_LOG;
		return bp_cdf(s->cr, fw, fh, &o, cs, 2, err);
	}
	}
	return -1;
}

static int
render(enum kind k, const char *path, double w, double h, int values,
    struct bp_rect *area)
{
	struct bs_err err;
	struct bp_surface *s;
	struct bp_rect dummy;

	if ((s = bp_surface_create(path, w, h, &err)) == NULL) {
		print_error("%s: %s\n", path, err.msg);
		return -1;
	}
	if (draw(k, s, area ? area : &dummy, values, &err) != 0) {
		print_error("%s: %s\n", path, err.msg);
		bp_surface_abort(s);
		return -1;
	}
	if (bp_surface_finish(s, &err) != 0) {
		print_error("%s: %s\n", path, err.msg);
		return -1;
	}
	return 0;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (fp == NULL)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

/*
 * What pdfinfo (poppler-utils, installed by scripts/deps.sh) says of a PDF,
 * dates in ISO form and UTC: the document information dictionary may sit
 * in a compressed object stream (cairo 1.18 writes PDF 1.7 so), where the
 * bytes of the file do not show it.
 */
static char *
pdfinfo(const char *path)
{
	char cmd[512], *buf = calloc(1, 8192);
	size_t n = 0, k;
	FILE *p;

	assert_non_null(buf);
	snprintf(cmd, sizeof(cmd), "TZ=UTC LC_ALL=C pdfinfo -isodates '%s'",
	    path);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (n < 8191 && (k = fread(buf + n, 1, 8191 - n, p)) > 0)
		n += k;
	assert_int_equal(pclose(p), 0);
	return buf;
}

/* A line of pdfinfo's output: "KEY:", blanks, then VALUE. */
static int
pdfinfo_has(const char *info, const char *key, const char *value)
{
	size_t kl = strlen(key);

	for (const char *l = info; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (strncmp(l, key, kl) == 0 && l[kl] == ':') {
			const char *v = l + kl + 1;

			while (*v == ' ')
				v++;
			return strncmp(v, value, strlen(value)) == 0;
		}
	}
	return 0;
}

/* strstr() stops at NUL bytes, which PDF streams contain. */
static int
contains(const char *buf, size_t len, const char *s)
{
	return memmem(buf, len, s, strlen(s)) != NULL;
}

static void
test_render_all(void **state)
{
	static const char *const ext[] = { "png", "pdf", "svg" };
	char p1[256], p2[256];

	(void)state;
	mkdir(OUT, 0777);
	for (int k = K_SCAL; k <= K_CDF_LOG; k++)
		for (int e = 0; e < 3; e++) {
			char *a, *b;
			size_t la, lb;

			snprintf(p1, sizeof(p1), OUT "/%s.%s", kind_name[k],
			    ext[e]);
			snprintf(p2, sizeof(p2), OUT "/%s-again.%s",
			    kind_name[k], ext[e]);
			assert_int_equal(render(k, p1, 800, 500, 1, NULL), 0);
			assert_int_equal(render(k, p2, 800, 500, 1, NULL), 0);
			a = slurp(p1, &la);
			b = slurp(p2, &lb);
			assert_non_null(a);
			assert_non_null(b);
			assert_true(la > 500);
			/* The same input gives the same bytes. */
			if (la != lb || memcmp(a, b, la) != 0)
				fail_msg("%s and %s differ", p1, p2);
			if (e == 0) {
				cairo_surface_t *img =
				    cairo_image_surface_create_from_png(p1);

				assert_int_equal(cairo_surface_status(img),
				    CAIRO_STATUS_SUCCESS);
				assert_int_equal(
				    cairo_image_surface_get_width(img), 800);
				assert_int_equal(
				    cairo_image_surface_get_height(img), 500);
				cairo_surface_destroy(img);
			} else if (e == 1) {
				char *info = pdfinfo(p1);

				assert_memory_equal(a, "%PDF-", 5);
				/* No clock time: the fixed date. */
				if (!pdfinfo_has(info, "CreationDate",
				    "1970-01-01T00:00:00"))
					fail_msg("%s: date not 1970:\n%s", p1, info);
				if (!pdfinfo_has(info, "Page size", "800 x 500 pts"))
					fail_msg("%s: not 800x500:\n%s", p1, info);
				if (!pdfinfo_has(info, "Pages", "1"))
					fail_msg("%s: not one page:\n%s", p1, info);
				free(info);
			} else {
				assert_memory_equal(a, "<?xml", 5);
				assert_true(contains(a, la, "width=\"800pt\""));
			}
			free(a);
			free(b);
			unlink(p2);
		}
}

static void
test_source_date_epoch(void **state)
{
	char *a;

	(void)state;
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	assert_int_equal(render(K_BOX, OUT "/sde.pdf", 400, 300, 1, NULL), 0);
	unsetenv("SOURCE_DATE_EPOCH");
	a = pdfinfo(OUT "/sde.pdf");
	/* 1700000000 is 2023-11-14 22:13:20 UTC. */
	if (!pdfinfo_has(a, "CreationDate", "2023-11-14T22:13:20"))
		fail_msg("sde.pdf: date not 2023-11-14T22:13:20:\n%s", a);
	free(a);
	unlink(OUT "/sde.pdf");
}

/* Read the pixel at (x, y) of a PNG as 0xRRGGBB. */
static unsigned int
pixel(cairo_surface_t *img, double x, double y)
{
	unsigned char *d = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	uint32_t v = *(uint32_t *)(void *)(d + stride * (int)y +
	    4 * (int)x);

	return v & 0xffffff;
}

static void
assert_pixel_near(unsigned int got, struct bp_rgb want, const char *what)
{
	int r = (int)((got >> 16) & 0xff), g = (int)((got >> 8) & 0xff);
	int b = (int)(got & 0xff);

	if (abs(r - (int)lround(want.r * 255)) > 1 ||
	    abs(g - (int)lround(want.g * 255)) > 1 ||
	    abs(b - (int)lround(want.b * 255)) > 1)
		fail_msg("%s: pixel #%06X, expected #%02lX%02lX%02lX", what,
		    got, lround(want.r * 255), lround(want.g * 255),
		    lround(want.b * 255));
}

/*
 * The colour in every known heatmap cell is the colour map's value for
 * that cell: min 60 maps to 0, max 1000 to 1.  Cells are sampled at
 * their centre with values off, and near a corner with values on.
 */
static void
test_heatmap_pixels(void **state)
{
	struct bp_rect a;
	cairo_surface_t *img;

	(void)state;
	mkdir(OUT, 0777);
	for (int values = 0; values <= 1; values++) {
		const char *path = values ? OUT "/heatmap-px-values.png" :
		    OUT "/heatmap-px.png";

		assert_int_equal(render(K_HEAT, path, 640, 420, values, &a),
		    0);
		img = cairo_image_surface_create_from_png(path);
		assert_int_equal(cairo_surface_status(img),
		    CAIRO_STATUS_SUCCESS);
		for (int iy = 0; iy < 3; iy++)
			for (int ix = 0; ix < 4; ix++) {
				double v = heat_z[iy * 4 + ix];
				double cw = a.w / 4, ch = a.h / 3;
				double fx = values ? 0.15 : 0.5;
				double x = a.x + cw * (ix + fx);
				double y = a.y + ch * (iy + fx);
				char what[64];

				snprintf(what, sizeof(what), "cell %d,%d", ix,
				    iy);
				if (isnan(v)) {
					/* Empty: not a colour-map colour. */
					unsigned int p = pixel(img, x, y);

					assert_true(((p >> 16) & 0xff) ==
					    (p & 0xff));
					continue;
				}
				assert_pixel_near(pixel(img, x, y),
				    bp_cmap_color(BP_CMAP_VIRIDIS,
				    (v - 60) / (1000 - 60)), what);
			}
		cairo_surface_destroy(img);
	}
}

/* Errors: nothing half-written, no temporary files left. */
static void
test_render_errors(void **state)
{
	struct bs_err err;
	struct bp_surface *s;
	struct bp_scal_opts o;
	struct bp_heatmap_opts ho;
	double x[] = { 0, 1, 2 }, y[] = { 1, 2, 3 };
	struct bp_scal_series ss = { "s", x, y, NULL, NULL, 3, NULL, 0, NULL };
	DIR *d;
	struct dirent *de;

	(void)state;
	mkdir(OUT, 0777);
	assert_null(bp_surface_create(OUT "/x.gif", 100, 100, &err));
	assert_non_null(strstr(err.msg, "unknown image format"));
	assert_null(bp_surface_create(OUT "/x.png", 0, 100, &err));
	assert_null(bp_surface_create("/nonexistent-dir/x.png", 10, 10, &err));
	assert_int_equal(bp_format_from_path("a.PDF"), BP_FMT_PDF);
	assert_int_equal(bp_format_from_path("a.svg"), BP_FMT_SVG);
	assert_int_equal(bp_format_from_path("a.png.txt"), -1);

	unlink(OUT "/fail.png");
	s = bp_surface_create(OUT "/fail.png", 300, 200, &err);
	assert_non_null(s);
	bp_scal_opts_init(&o);
	o.chart.x.log = 1;	/* x = 0 on a log axis */
	assert_int_equal(bp_scalability(s->cr, 300, 200, &o, &ss, 1, &err),
	    -1);
	assert_non_null(strstr(err.msg, "log axis"));
	bp_surface_abort(s);
	assert_int_not_equal(access(OUT "/fail.png", F_OK), 0);

	s = bp_surface_create(OUT "/fail.pdf", 300, 200, &err);
	assert_non_null(s);
	bp_heatmap_opts_init(&ho);
	assert_int_equal(bp_heatmap(s->cr, 300, 200, &ho, heat_x, 0, heat_y,
	    3, heat_z, &err), -1);
	bp_surface_abort(s);
	assert_int_not_equal(access(OUT "/fail.pdf", F_OK), 0);

	/* Too small for its labels. */
	s = bp_surface_create(OUT "/fail.svg", 40, 30, &err);
	assert_non_null(s);
	bp_scal_opts_init(&o);
	o.chart.title = "a title";
	o.chart.x.label = "x";
	o.chart.y.label = "y";
	assert_int_equal(bp_scalability(s->cr, 40, 30, &o, &ss, 1, &err), -1);
	bp_surface_abort(s);

	assert_non_null(d = opendir(OUT));
	while ((de = readdir(d)) != NULL)
		if (strncmp(de->d_name, "fail.svg.tmp", 12) == 0 ||
		    strncmp(de->d_name, ".fail", 5) == 0)
			fail_msg("temporary file left: %s", de->d_name);
	closedir(d);
}

/* Thread counts in powers of two: base-2 ticks, log and linear. */
static void
test_render_pow2(void **state)
{
	double x[] = { 1, 2, 4, 8, 16, 32, 64, 128 };
	double y[8], y2[8];
	struct bp_scal_series ss[2] = {
		{ "ring buffer", x, y, NULL, NULL, 8, NULL, 0, NULL },
		{ "channel", x, y2, NULL, NULL, 8, NULL, 0, NULL },
	};
	struct bp_scal_opts o;
	struct bs_err err;
	struct bp_surface *s;
	struct bs_usl fit;

	(void)state;
	mkdir(OUT, 0777);
	for (int i = 0; i < 8; i++) {
		y[i] = 2.1e6 * x[i] / (1 + 0.04 * (x[i] - 1) +
		    0.0004 * x[i] * (x[i] - 1));
		y2[i] = 1.3e6 * x[i] / (1 + 0.12 * (x[i] - 1));
	}
	/* A fit on a log y axis with a linear x from 0: lambda N = 0. */
	assert_int_equal(bs_usl_fit(x, y, 8, BS_USL_USL, 95, &fit, &err), 0);
	ss[0].fit = &fit;
	for (int lg = 0; lg <= 2; lg++) {
		struct bp_unit u;
		char yl[64];

		bp_scal_opts_init(&o);
		o.chart.y.log = lg == 2;
		bp_unit_choose("ops/s", 2e7, &u);
		snprintf(yl, sizeof(yl), "Throughput (%s)", u.name);
		o.chart.y.factor = u.factor;
		o.chart.y.label = yl;
		o.chart.x.label = "Threads";
		o.chart.x.log = lg == 1;
		o.chart.title = lg == 1 ? "Log2 thread axis" : lg == 2 ?
		    "Log throughput axis" : "Linear thread axis";
		s = bp_surface_create(lg == 1 ? OUT "/scalability-pow2-log.png" :
		    lg == 2 ? OUT "/scalability-pow2-logy.pdf" :
		    OUT "/scalability-pow2.png", 700, 450, &err);
		assert_non_null(s);
		assert_int_equal(bp_scalability(s->cr, s->width, s->height, &o,
		    ss, 2, &err), 0);
		assert_int_equal(bp_surface_finish(s, &err), 0);
	}
}

/* Other sizes and narrow images still lay out (smoke). */
static void
test_render_sizes(void **state)
{
	(void)state;
	mkdir(OUT, 0777);
	assert_int_equal(render(K_SCAL, OUT "/scalability-small.png", 420,
	    300, 1, NULL), 0);
	assert_int_equal(render(K_HEAT_DIV, OUT "/heatmap-small.png", 360,
	    260, 1, NULL), 0);
	assert_int_equal(render(K_CDF, OUT "/cdf-wide.png", 1400, 500, 1,
	    NULL), 0);
}

/*
 * Which options apply to which chart kind: every kind accepts its own
 * options, and the first rule that a request breaks is the one named.
 */
static void
test_request_check(void **state)
{
	struct bp_request q;
	size_t which;

	(void)state;
	assert_non_null(bp_kind_find("heatmap"));
	assert_string_equal(bp_kind_find("heatmap")->name, "heatmap");
	assert_null(bp_kind_find("pie"));
	/* Every kind of the registry is found by its name, once. */
	for (size_t i = 0; bp_kinds[i] != NULL; i++) {
		assert_ptr_equal(bp_kind_find(bp_kinds[i]->name), bp_kinds[i]);
		assert_non_null(bp_kinds[i]->synopsis);
		/* A refusal or a need says why. */
		for (size_t j = 0; j < 3; j++)
			assert_true(bp_kinds[i]->refuses[j].given == 0 ||
			    bp_kinds[i]->refuses[j].misuse != BP_MISUSE_NONE);
		assert_true(bp_kinds[i]->needs.given == 0 ||
		    bp_kinds[i]->needs.misuse != BP_MISUSE_NONE);
	}

	bp_request_init(&q);
	q.kind = bp_kind_find("scalability");
	q.x = "threads";
	q.y = "tput";
	q.fit = BS_USL_USL;
	q.logx = q.logy = 1;
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_NONE);
	q.kind = bp_kind_find("box");
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_FIT_KIND);
	q.fit = -1;
	q.fitreport = "r.json";
	assert_int_equal(bp_request_check(&q, &which),
	    BP_MISUSE_REPORT_NOFIT);
	q.fitreport = NULL;
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_BOX_LOGX);
	q.kind = bp_kind_find("cdf");
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_CDF_LOGY);
	q.logy = 0;
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_CDF_X);

	bp_request_init(&q);
	q.kind = bp_kind_find("heatmap");
	q.x = "a";
	q.y = "b";
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_NEED_XYZ);
	q.z = "c";
	q.center = 0;
	q.cmap = BP_CMAP_VIRIDIS;
	assert_int_equal(bp_request_check(&q, &which),
	    BP_MISUSE_CENTER_MAP);
	q.cmap = BP_CMAP_DIVERGING;
	q.ylabel = "\xff";
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_TEXT_UTF8);
	assert_int_equal(which, 2);
	q.ylabel = NULL;
	q.legend = BP_LEGEND_NONE;
	assert_int_equal(bp_request_check(&q, &which),
	    BP_MISUSE_HEAT_LEGEND);
	q.kind = bp_kind_find("scalability");
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_HEAT_ONLY);
	q.z = NULL;
	q.cmap = -1;
	q.center = NAN;
	q.y = "a";
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_SAME_XY);
	q.y = NULL;
	q.series = "a";
	assert_int_equal(bp_request_check(&q, &which),
	    BP_MISUSE_SAME_SERIES);
}


/* ------------------------------------------------------------------ */
/* Charts for load tests and tails: the defects of issue "Charts for
 * load tests and tails", each with the test that showed it. */

/* Thread counts get whole ticks; a few powers of two get themselves. */
static void
test_ticks_threads(void **state)
{
	struct bp_ticks t;

	(void)state;
	/* 1, 2, 4 threads: ticks at 1, 2, 4 (were 0, 0.5, ..., 4). */
	assert_int_equal(bp_ticks_pow2(1, 4, 10, 0, &t), 0);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.label[0], "1");
	assert_string_equal(t.label[1], "2");
	assert_string_equal(t.label[2], "4");
	/* 1, 2: no 1.000, 1.125, ... */
	assert_int_equal(bp_ticks_pow2(1, 2, 10, 0, &t), 0);
	assert_int_equal(t.n, 2);
	assert_string_equal(t.label[0], "1");
	assert_string_equal(t.label[1], "2");
	/* Many powers: multiples of a power of two, none below one. */
	assert_int_equal(bp_ticks_pow2(1, 256, 12, 0, &t), 0);
	for (size_t i = 0; i < t.n; i++)
		assert_true(t.v[i] == floor(t.v[i]));
	/* Whole numbers that are not powers of two: a step of one. */
	assert_int_equal(bp_ticks_integer(1, 3, 10, &t), 0);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.label[0], "1");
	assert_string_equal(t.label[2], "3");
	assert_int_equal(bp_ticks_integer(0, 100, 5, &t), 0);
	assert_close(t.step, 25, 0, 0);
	/* Counts 0 to 23 (a histogram): not 2.5, 7.5, ... (issue 32). */
	assert_int_equal(bp_ticks_integer(0, 23, 10, &t), 0);
	assert_true(t.n >= 4);
	for (size_t i = 0; i < t.n; i++) {
		assert_true(t.v[i] == floor(t.v[i]));
		assert_null(strchr(t.label[i], '.'));
	}
}

/*
 * Eight series dodged at 1, 2, 4 threads on a linear axis: no point
 * leaves the plot, none overlaps its neighbour, and the groups at 1 and
 * 2 stay apart.
 */
static void
test_dodge(void **state)
{
	double lo = 100, hi = 700, xs[3], off[8], marker = 4;

	(void)state;
	/* Axis from 1 - pad to 4 + pad, as the chart pads for a dodge. */
	for (int i = 0; i < 3; i++) {
		double v = i == 0 ? 1 : i == 1 ? 2 : 4;

		xs[i] = lo + (v - 0.67) / (4.33 - 0.67) * (hi - lo);
	}
	bp_dodge(xs, 3, lo, hi, 8, marker, off);
	assert_true(xs[0] + off[0] - marker >= lo);
	assert_true(xs[2] + off[7] + marker <= hi);
	for (int i = 1; i < 8; i++)
		assert_true(off[i] - off[i - 1] >= 2 * marker);
	assert_true(xs[0] + off[7] < xs[1] + off[0]);
	/* Crowded: the spread shrinks to the room there is. */
	xs[0] = 110;
	xs[1] = 120;
	bp_dodge(xs, 2, lo, hi, 8, marker, off);
	assert_true(xs[0] + off[0] >= lo);
	assert_true(off[7] - off[0] <= 0.6 * 10 + 1e-9);
}

/* Throughputs of n series with USL fits, in fit[]. */
static void
usl_series(struct bp_scal_series *ss, size_t n, struct bs_usl *fit,
    double (*y)[8], const double *x)
{
	struct bs_err err;

	for (size_t i = 0; i < n; i++) {
		for (int j = 0; j < 8; j++)
			y[i][j] = (1e5 + 2e4 * (double)i) * x[j] / (1 + 0.03 *
			    (x[j] - 1) + 0.0008 * (double)(i + 1) * x[j] *
			    (x[j] - 1));
		assert_int_equal(bs_usl_fit(x, y[i], 8, BS_USL_USL, 95,
		    &fit[i], &err), 0);
		ss[i].x = x;
		ss[i].y = y[i];
		ss[i].n = 8;
		ss[i].fit = &fit[i];
	}
}

/*
 * Six fitted series draw at 800 x 500, with the legend right, below,
 * and with the fit table; the plot keeps most of the image.
 */
static void
test_fit_legend(void **state)
{
	static const char *const names[] = { "ring buffer", "channel",
	    "mutex queue", "lock-free list", "disruptor", "actor mailbox" };
	double x[8] = { 1, 2, 4, 8, 16, 32, 48, 64 }, y[6][8];
	struct bp_scal_series ss[6];
	struct bs_usl fit[6];
	struct bp_scal_opts o;
	struct bp_rect a;
	struct bs_err err;
	struct bp_surface *s;

	(void)state;
	mkdir(OUT, 0777);
	memset(ss, 0, sizeof(ss));
	usl_series(ss, 6, fit, y, x);
	for (int i = 0; i < 6; i++)
		ss[i].name = names[i];
	for (int v = 0; v < 4; v++) {
		bp_scal_opts_init(&o);
		o.chart.plot_area = &a;
		o.chart.x.label = "Threads";
		o.chart.y.label = "Throughput (ops/s)";
		o.chart.legend = v == 1 ? BP_LEGEND_BELOW : BP_LEGEND_AUTO;
		o.fit_table = v >= 2;
		s = bp_surface_create(v == 3 ? OUT "/scal-fit6-table.png" :
		    OUT "/scal-fit6.png", 800, 500, &err);
		assert_non_null(s);
		if (bp_scalability(s->cr, s->width, s->height, &o, ss, 6,
		    &err) != 0)
			fail_msg("variant %d: %s", v, err.msg);
		assert_int_equal(bp_surface_finish(s, &err), 0);
		assert_true(a.w > 800 * 0.45 && a.h > 500 * 0.3);
	}
}

/* A scalability chart drawn into a new image surface. */
static cairo_surface_t *
scal_image(const struct bp_scal_opts *o, const struct bp_scal_series *ss,
    size_t n)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    700, 450);
	cairo_t *cr = cairo_create(img);
	struct bs_err err;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	assert_int_equal(bp_scalability(cr, 700, 450, o, ss, n, &err), 0);
	cairo_destroy(cr);
	cairo_surface_flush(img);
	return img;
}

/*
 * The USL peak mark leaves the point measured there in sight: the pixels
 * of that point's marker (what changes when the point is left out) are
 * the same with the peak marked as without.
 */
static void
test_peak_visible(void **state)
{
	double x[8] = { 1, 2, 4, 8, 16, 32, 48, 64 }, y[1][8], y2[8];
	struct bp_scal_series ss[1];
	struct bs_usl fit[1];
	struct bp_scal_opts o;
	cairo_surface_t *a, *b, *c;
	size_t marker = 0, same = 0;
	struct bp_rgb pc0 = bp_palette(0);
	unsigned int fill = (unsigned int)lround(pc0.r * 255) << 16 |
	    (unsigned int)lround(pc0.g * 255) << 8 |
	    (unsigned int)lround(pc0.b * 255);

	(void)state;
	memset(ss, 0, sizeof(ss));
	usl_series(ss, 1, fit, y, x);
	/* The peak on a measured point that is not the highest. */
	fit[0].peak_n = 16;
	fit[0].peak_y = y[0][4];
	fit[0].peak_outside = 0;
	bp_scal_opts_init(&o);
	o.band = o.linear = o.ceiling = 0;
	o.peak = 0;
	a = scal_image(&o, ss, 1);
	memcpy(y2, y[0], sizeof(y2));
	y2[4] = NAN;
	ss[0].y = y2;
	c = scal_image(&o, ss, 1);
	ss[0].y = y[0];
	o.peak = 1;
	b = scal_image(&o, ss, 1);
	for (int yy = 0; yy < 450; yy++)
		for (int xx = 0; xx < 700; xx++) {
			unsigned int pa = pixel(a, xx, yy), pc = pixel(c, xx,
			    yy);

			/* The marker's inside: its fill, the series colour. */
			if (pa == pc || pa != fill)
				continue;
			marker++;
			same += pixel(b, xx, yy) == pa;
		}
	assert_true(marker > 10);
	assert_true(same == marker);
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	cairo_surface_destroy(c);
}

/*
 * One series: no column of legend beside the plot, the plot takes the
 * width; intervals whose level is unknown say so.
 */
static void
test_single_series(void **state)
{
	double x[] = { 1, 2, 4, 8 }, y[] = { 10, 19, 35, 60 };
	double lo[] = { 9, 18, 33, 57 }, hi[] = { 11, 20, 37, 63 };
	struct bp_scal_series ss = { "mean", x, y, lo, hi, 4, NULL, 0, NULL };
	struct bp_scal_opts o;
	struct bp_rect a;
	struct bs_err err;
	struct bp_surface *s;

	(void)state;
	mkdir(OUT, 0777);
	bp_scal_opts_init(&o);
	o.chart.plot_area = &a;
	o.ci_level = 0;
	s = bp_surface_create(OUT "/scal-single.png", 800, 500, &err);
	assert_non_null(s);
	assert_int_equal(bp_scalability(s->cr, s->width, s->height, &o, &ss,
	    1, &err), 0);
	assert_int_equal(bp_surface_finish(s, &err), 0);
	assert_true(a.w > 800 * 0.8);
}


/* Heatmap cells: three significant digits each, not the largest's. */
static void
test_cell_values(void **state)
{
	char b[64];

	(void)state;
	/* 9 MB/s among values in GB/s. */
	bp_cell_value(0.009, 0, b, sizeof(b));
	assert_string_equal(b, "0.009");
	bp_cell_value(0.0123, 0, b, sizeof(b));
	assert_string_equal(b, "0.0123");
	bp_cell_value(12.3456, 0, b, sizeof(b));
	assert_string_equal(b, "12.3");
	bp_cell_value(-2.5, 0, b, sizeof(b));
	assert_string_equal(b, "\xe2\x88\x92" "2.5");
	bp_cell_value(1500, 1, b, sizeof(b));
	assert_string_equal(b, "1500");
	bp_cell_value(-0.0001, 0, b, sizeof(b));
	assert_string_equal(b, "\xe2\x88\x92" "0.0001");
}

/*
 * Signed data get a diverging map centred on 0, blue on the better
 * side: a throughput gain is blue, a latency rise red.
 */
static void
test_heat_colors(void **state)
{
	double z[] = { -5, 2, 12 }, zp[] = { 1, 2, 3 };
	struct bp_heatmap_opts o;

	(void)state;
	bp_heatmap_opts_init(&o);
	bp_heat_colors(&o, "throughput_change_pct", NULL, z, 3, -1, NAN, 0);
	assert_int_equal(o.cmap, BP_CMAP_DIVERGING);
	assert_true(o.center == 0);
	assert_int_equal(o.better, 1);
	/* The map's high end (red) turned round: gains are blue. */
	assert_int_equal(o.reverse, 1);
	bp_heatmap_opts_init(&o);
	bp_heat_colors(&o, "p99_latency_ms", NULL, z, 3, -1, NAN, 0);
	assert_int_equal(o.reverse, 0);
	assert_int_equal(o.better, -1);
	/* --center 0 orients the same way. */
	bp_heatmap_opts_init(&o);
	bp_heat_colors(&o, "throughput_ops", NULL, zp, 3, -1, 0, 0);
	assert_int_equal(o.cmap, BP_CMAP_DIVERGING);
	assert_int_equal(o.reverse, 1);
	/* --reverse turns it round again; the better end stays. */
	bp_heatmap_opts_init(&o);
	bp_heat_colors(&o, "throughput_ops", NULL, z, 3, -1, NAN, 1);
	assert_int_equal(o.reverse, 0);
	assert_int_equal(o.better, 1);
	/* Positive data: viridis as before; no direction, no word. */
	bp_heatmap_opts_init(&o);
	bp_heat_colors(&o, "throughput_ops", NULL, zp, 3, -1, NAN, 0);
	assert_int_equal(o.cmap, BP_CMAP_VIRIDIS);
	assert_int_equal(o.better, 0);
	bp_heatmap_opts_init(&o);
	bp_heat_colors(&o, "delta", NULL, z, 3, -1, NAN, 0);
	assert_int_equal(o.cmap, BP_CMAP_DIVERGING);
	assert_int_equal(o.better, 0);
}

/* Legend text never breaks inside "-O2"; p99 stays with its value. */
static void
test_legend_breaks(void **state)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    10, 10);
	cairo_t *cr = cairo_create(img);
	char *t = strdup("clang-O2-march-native-lto");
	PangoLayout *lay;
	PangoLayoutIter *it;

	(void)state;
	assert_non_null(t = bp_hyphen_join(t));
	lay = bp_layout(cr, t, 12, 0, 0, 60);
	it = pango_layout_get_iter(lay);
	do {
		int i = pango_layout_iter_get_index(it);

		assert_true(strncmp(t + i, "O2", 2) != 0);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	g_object_unref(lay);
	free(t);
	cairo_destroy(cr);
	cairo_surface_destroy(img);
}

/* The kinds of issue items 9-13 draw, each to a PNG; their misuse. */
static void
test_new_kinds(void **state)
{
	static const double x[] = { 1000, 1900, 3400, 5800, 8700, 10100,
	    10900, 11300, 11100 };
	static const double y[] = { 2, 2.1, 2.4, 3.4, 7, 14, 27, 77, 175 };
	static const double pp[] = { 50, 90, 99, 99.9 };
	static const double pv[] = { 1, 2, 5, 40 };
	struct bp_level lv[9];
	struct bp_path_series ps = { "p99", lv, 9 };
	struct bp_path_opts po;
	struct bp_hist_opts ho;
	struct bp_violin_opts vo;
	struct bp_pctl_opts qo;
	struct bp_runs_opts ro;
	struct bp_pctl_series qs = { "base", pp, pv, 4, 0, NULL, NULL };
	struct bp_dist_series ds[2] = { { "a", y, 9 }, { "b", x, 9 } };
	const char *cat[] = { "one" };
	struct bp_surface *sf;
	struct bp_request q;
	struct bs_err e;
	double lo, w;
	size_t nb, which;

	(void)state;
	mkdir(OUT, 0777);
	memset(lv, 0, sizeof(lv));
	for (int i = 0; i < 9; i++) {
		lv[i].x = x[i];
		lv[i].y = y[i];
		lv[i].xlo = lv[i].xhi = lv[i].ylo = lv[i].yhi = NAN;
	}
	bp_path_opts_init(&po);
	bp_hist_opts_init(&ho);
	bp_violin_opts_init(&vo);
	bp_pctl_opts_init(&qo);
	bp_runs_opts_init(&ro);
	ro.skip = 2;
	ro.steady = 3;
	for (int k = 0; k < 5; k++) {
		char path[64];
		int rc;

		snprintf(path, sizeof(path), OUT "/kind%d.png", k);
		assert_non_null(sf = bp_surface_create(path, 640, 400, &e));
		rc = k == 0 ? bp_path(sf->cr, 640, 400, &po, &ps, 1, &e) :
		    k == 1 ? bp_hist(sf->cr, 640, 400, &ho, ds, 1, &e) :
		    k == 2 ? bp_violin(sf->cr, 640, 400, &vo, cat, 1, ds, &e) :
		    k == 3 ? bp_pctl(sf->cr, 640, 400, &qo, &qs, 1, &e) :
		    bp_runs(sf->cr, 640, 400, &ro, ds, 1, &e);
		assert_int_equal(rc, 0);
		assert_int_equal(bp_surface_finish(sf, &e), 0);
	}
	/*
	 * Freedman-Diaconis of y: IQR 27 - 2.4 = 24.6 (type 7), width
	 * 2 * 24.6 / 9^(1/3) = 23.65, so 175 - 2 spans 8 bins.
	 */
	assert_int_equal(bp_hist_bins(ds, 1, 1, BP_BINS_FD, 0, &lo, &w, &nb),
	    0);
	assert_true(fabs(w - 2 * 24.6 / cbrt(9)) < 1e-9);
	assert_true(lo == 2);
	assert_int_equal(nb, 8);
	bp_request_init(&q);
	q.kind = bp_kind_find("box");
	q.y = "v";
	q.nvline = 1;
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_VLINE);
	q.kind = bp_kind_find("path");
	q.nvline = 0;
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_PATH_XY);
	q.x = "u";
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_NONE);
	q.density = 1;
	assert_int_equal(bp_request_check(&q, &which), BP_MISUSE_DENSITY);
}


/*
 * bstat's intervals carry no level, but n and se give it back: bstat
 * --confidence 90 output is drawn as a 90% CI (it was "level not
 * stated"); rows of different levels say nothing.
 */
/*
 * Percentiles from raw values (issue 32): 980 values of 1 and 20 of 10,
 * a jump at p98.  Nine computed percentiles drew a ramp from p95 to p99;
 * the curve of every order statistic has 1 up to p98, then 10, and the
 * tail's points one by one.
 */
static void
test_pctl_curve(void **state)
{
	double x[1000], p[1000], v[1000];
	size_t n, tail = 0;

	(void)state;
	for (int i = 0; i < 1000; i++)
		x[i] = i % 50 == 0 ? 10 : 1;
	n = bp_pctl_curve(x, 1000, p, v);
	assert_true(n > 20 && n < 1000);
	for (size_t i = 0; i < n; i++) {
		assert_true(p[i] > 0 && p[i] < 100);
		assert_true(i == 0 || p[i] > p[i - 1]);
		assert_close(v[i], p[i] <= 98 + 1e-9 ? 1 : 10, 0, 0);
		tail += p[i] > 95;
	}
	/* 95.1, 95.2, ..., 99.9: every order statistic of the tail. */
	assert_int_equal(tail, 49);
	assert_close(p[n - 1], 99.9, 1e-9, 0);
	assert_int_equal(bp_pctl_curve(x, 1, p, v), 0);
}

/*
 * No series wears the star of the USL peak N* (issue 32: the eighth
 * series was marked with it); the first seven get seven shapes.
 */
/*
 * --ci (issue 32 item 13): each percentile's distribution-free interval
 * from the order statistics; of 1..120, R's qbinom(c(.025, .975), 120,
 * p) (+ 1 above): p50 49 and 72, p90 101 and 115, p95 109 and 119; none
 * at p99 (n too small).
 */
static void
test_pctl_band(void **state)
{
	double x[120], p[] = { 50, 90, 95, 99 }, lo[4], hi[4];

	(void)state;
	for (int i = 0; i < 120; i++)
		x[i] = i + 1;
	bp_pctl_band(x, 120, p, 4, 95, lo, hi);
	assert_close(lo[0], 49, 0, 0);
	assert_close(hi[0], 72, 0, 0);
	assert_close(lo[1], 101, 0, 0);
	assert_close(hi[1], 115, 0, 0);
	assert_close(lo[2], 109, 0, 0);
	assert_close(hi[2], 119, 0, 0);
	assert_true(isnan(lo[3]) && isnan(hi[3]));
}

static void
test_marker_shapes(void **state)
{
	int peak = bp_marker_shape(BP_MARK_STAR | BP_MARK_OPEN), seen = 0;

	(void)state;
	assert_int_equal(peak, 7);
	for (size_t i = 0; i < BP_MAX_SERIES; i++) {
		assert_int_not_equal(bp_marker_shape(i), peak);
		assert_int_not_equal(bp_marker_shape(i | BP_MARK_OPEN), peak);
		if (i < 7)
			seen |= 1 << bp_marker_shape(i);
	}
	assert_int_equal(seen, 0x7f);
	assert_int_equal(bp_marker_shape(BP_MARK_NONE), -1);
}

static void
test_lines_level(void **state)
{
	static const char *const csv[2] = {
	    "threads,column,n,mean,se,ci_lo,ci_hi\n"
	    "1,lat,10,100,2,96.33376,103.66624\n"
	    "2,lat,5,120,3,113.60434,126.39566\n",
	    "threads,column,n,mean,se,ci_lo,ci_hi\n"
	    "1,lat,10,100,2,96.33376,103.66624\n"
	    "2,lat,5,120,3,111.67,128.33\n" };
	const double want[2] = { 90, -1 };

	(void)state;
	for (int i = 0; i < 2; i++) {
		struct bs_table_opts o;
		struct bs_table *t;
		struct bs_buf b;
		struct bs_err e;
		struct bp_roles r;
		struct bp_lines ls;
		struct bs_summary_opts so;

		memset(&o, 0, sizeof(o));
		o.groups = "threads,column";
		o.columns = "mean,ci_lo,ci_hi,n,se";
		memset(&b, 0, sizeof(b));
		b.data = (char *)csv[i];
		b.len = strlen(csv[i]);
		b.name = (char *)"test";
		assert_non_null(t = bs_table_new(&o));
		assert_int_equal(bs_table_read(t, &b, "test", &e), 0);
		assert_int_equal(bs_table_finish(t, &e), 0);
		memset(&r, 0, sizeof(r));
		r.t = t;
		r.kseries = -1;
		r.kx = 0;
		r.ky = -1;
		r.kcol = 1;
		r.kfacet = -1;
		bs_summary_opts_default(&so);
		assert_int_equal(bp_lines_gather(&r, NULL, 1, &so, &ls), 0);
		assert_true(fabs(ls.level - want[i]) < 1e-9);
		bp_lines_free(&ls);
		bs_table_free(t);
	}
}

/* bp_png_write()'s bytes into memory. */
struct pngmem {
	unsigned char	*p;
	size_t		 n;
};

static int
pngmem_put(void *arg, const unsigned char *d, unsigned int len)
{
	struct pngmem *m = arg;
	unsigned char *q = realloc(m->p, m->n + len);

	if (q == NULL)
		return -1;
	memcpy(q + m->n, d, len);
	m->p = q;
	m->n += len;
	return 0;
}

struct pngread {
	const struct pngmem	*m;
	size_t			 at;
};

static cairo_status_t
pngmem_get(void *arg, unsigned char *d, unsigned int len)
{
	struct pngread *r = arg;

	if (r->at + len > r->m->n)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(d, r->m->p + r->at, len);
	r->at += len;
	return CAIRO_STATUS_SUCCESS;
}

/*
 * bp_png_write(), read back by cairo's own PNG reader: the same pixels,
 * opaque (an RGB file) and with every alpha from 0 to 255 over
 * premultiplied colours (RGBA, unpremultiplied and premultiplied
 * again by cairo), and the same bytes twice.
 */
static void
test_png_write(void **state)
{
	(void)state;
	for (int alpha = 0; alpha < 2; alpha++) {
		cairo_surface_t *im = cairo_image_surface_create(
		    CAIRO_FORMAT_ARGB32, 256, 40), *back;
		struct pngmem m = { NULL, 0 }, m2 = { NULL, 0 };
		struct pngread r = { &m, 0 };
		unsigned char *a, *b;
		int sa, sb;

		assert_int_equal(cairo_surface_status(im), CAIRO_STATUS_SUCCESS);
		cairo_surface_flush(im);
		a = cairo_image_surface_get_data(im);
		sa = cairo_image_surface_get_stride(im);
		for (int y = 0; y < 40; y++)
			for (int x = 0; x < 256; x++) {
				uint32_t al = alpha ? (uint32_t)x : 255;
				uint32_t c = (uint32_t)(y * 37 + x) % (al + 1);

				((uint32_t *)(void *)(a + y * sa))[x] = al << 24 |
				    c << 16 | (al - c) << 8 | (c / 2);
			}
		cairo_surface_mark_dirty(im);
		assert_int_equal(bp_png_write(im, pngmem_put, &m), 0);
		assert_int_equal(bp_png_write(im, pngmem_put, &m2), 0);
		assert_int_equal(m.n, m2.n);
		assert_memory_equal(m.p, m2.p, m.n);
		/* Colour type: 2 (RGB) opaque, 6 (RGBA) else. */
		assert_true(m.n > 26);
		assert_int_equal(m.p[25], alpha ? 6 : 2);
		back = cairo_image_surface_create_from_png_stream(pngmem_get, &r);
		assert_int_equal(cairo_surface_status(back), CAIRO_STATUS_SUCCESS);
		cairo_surface_flush(back);
		b = cairo_image_surface_get_data(back);
		sb = cairo_image_surface_get_stride(back);
		for (int y = 0; y < 40; y++)
			assert_memory_equal(a + y * sa, b + y * sb, 256 * 4);
		cairo_surface_destroy(back);
		cairo_surface_destroy(im);
		free(m.p);
		free(m2.p);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ticks_extended),
		cmocka_unit_test(test_ticks_log),
		cmocka_unit_test(test_ticks_extreme),
		cmocka_unit_test(test_ticks_pow2_one),
		cmocka_unit_test(test_format_tick),
		cmocka_unit_test(test_colormaps),
		cmocka_unit_test(test_contrast),
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_box_stats),
		cmocka_unit_test(test_axis_title),
		cmocka_unit_test(test_axis_title_declared),
		cmocka_unit_test(test_lines_level),
		cmocka_unit_test(test_pctl_curve),
		cmocka_unit_test(test_marker_shapes),
		cmocka_unit_test(test_pctl_band),
		cmocka_unit_test(test_text_fallback),
		cmocka_unit_test(test_text_invalid_utf8),
		cmocka_unit_test(test_render_all),
		cmocka_unit_test(test_source_date_epoch),
		cmocka_unit_test(test_heatmap_pixels),
		cmocka_unit_test(test_render_errors),
		cmocka_unit_test(test_render_pow2),
		cmocka_unit_test(test_render_sizes),
		cmocka_unit_test(test_request_check),
		cmocka_unit_test(test_ticks_threads),
		cmocka_unit_test(test_dodge),
		cmocka_unit_test(test_fit_legend),
		cmocka_unit_test(test_peak_visible),
		cmocka_unit_test(test_single_series),
		cmocka_unit_test(test_cell_values),
		cmocka_unit_test(test_heat_colors),
		cmocka_unit_test(test_legend_breaks),
		cmocka_unit_test(test_new_kinds),
		cmocka_unit_test(test_png_write),
	};

	gsl_set_error_handler_off();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
