/*
 * Numbers for people: the short forms the tables and reports share (a
 * percentage change with its interval, a p-value, a value with six
 * significant digits, a quantity scaled to a readable unit).  Machine formats never use these; they keep every
 * digit (bs_fmt_double).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <strings.h>

#include "libstat.h"
#include "core/core.h"

void
bs_fmt_num(char *buf, size_t len, double x)
{
	/* Never fewer digits than the integer part: 10000000.2 is not 1e+07. */
	if (!isfinite(x))
		snprintf(buf, len, "-");
	else if (fabs(x) >= 1e6 && fabs(x) < 1e15)
		snprintf(buf, len, "%.0f", x);
	else
		snprintf(buf, len, "%.6g", x);
}

/*
 * x times 10^ex in exponent notation with sig significant digits: the
 * power of ten added to the exponent as written, so that a value whose
 * scaling would overflow the doubles (1e308 s in ms) is still written.
 */
static void
fmt_exp(char *buf, size_t len, double x, int ex, int sig, int plus)
{
	char t[64], *p;
	long e;

	snprintf(t, sizeof(t), plus ? "%+.*e" : "%.*e", sig - 1, x);
	if ((p = strchr(t, 'e')) == NULL) {
		snprintf(buf, len, "%s", t);
		return;
	}
	e = strtol(p + 1, NULL, 10) + ex;
	*p = '\0';
	snprintf(buf, len, "%se%s%02ld", t, e < 0 ? "-" : "+", labs(e));
}

/* Percentages in fixed notation up to here; beyond, exponents. */
#define PCT_FIXED	1e13

void
bs_fmt_pct(char *buf, size_t len, double x)
{
	char t[64];

	if (isnan(x))
		snprintf(buf, len, "n/a");
	else if (isinf(x)) {
		/*
		 * A change is a ratio of finite means less one: infinite
		 * only when the ratio overflowed, beyond the doubles.
		 */
		fmt_exp(t, sizeof(t), x > 0 ? DBL_MAX : -DBL_MAX, 2, 3, 1);
		snprintf(buf, len, "%c%s%%", x > 0 ? '>' : '<', t);
	} else if (fabs(x) >= PCT_FIXED) {
		/* 100 x can overflow: the 100 goes into the exponent. */
		fmt_exp(t, sizeof(t), x, 2, 3, 1);
		snprintf(buf, len, "%s%%", t);
	} else
		snprintf(buf, len, "%+.1f%%", 100 * x);
}

void
bs_fmt_change(char *buf, size_t len, double x, double lo, double hi)
{
	char a[40], b[40], c[40];

	if (isnan(x)) {
		snprintf(buf, len, "-");
		return;
	}
	bs_fmt_pct(a, sizeof(a), x);
	if (!isfinite(lo) && !isfinite(hi)) {
		snprintf(buf, len, "%s", a);
		return;
	}
	bs_fmt_pct(b, sizeof(b), lo);
	bs_fmt_pct(c, sizeof(c), hi);
	snprintf(buf, len, "%s [%s, %s]", a, isfinite(lo) ? b : "-inf",
	    isfinite(hi) ? c : "+inf");
}

/*
 * x with sig significant digits, trailing zeros kept (they say how
 * precise the number is), but never fewer digits than its integer part:
 * 2.918, 11.10, 387.7, 12345.
 */
#define SIG_FIXED_MAX	15	/* exponent from which fmt_sig uses e */

static void
fmt_sig(char *buf, size_t len, double x, int sig)
{
	int e, dec;

	if (x == 0) {
		snprintf(buf, len, "0");
		return;
	}
	if (!isfinite(x)) {
		snprintf(buf, len, "-");
		return;
	}
	e = (int)floor(log10(fabs(x)));
	/*
	 * Fixed notation of 1e15 and beyond: as many digits as the integer
	 * part, most of them noise (9.09e306 has 307), and more than a
	 * cell holds.  Exponent notation instead, as bs_fmt_num does; also
	 * below the 12 decimals fixed notation is given (1e-300 is not
	 * 0.000000000000).
	 */
	if (e >= SIG_FIXED_MAX || sig - 1 - e > 12) {
		fmt_exp(buf, len, x, 0, sig, 0);
		return;
	}
	dec = sig - 1 - e;
	if (dec < 0)
		dec = 0;
	if (dec > 12)
		dec = 12;
	/* 9.9996 rounds up to 10.000: one digit too many. */
	if (dec > 0 && fabs(x) + 0.5 * pow(10, -dec) >= pow(10, e + 1))
		dec--;
	snprintf(buf, len, "%.*f", dec, x);
	/* "-0.000" is zero, whatever its sign. */
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

void
bs_fmt_p(char *buf, size_t len, double p)
{
	if (!isfinite(p))
		snprintf(buf, len, "-");
	else if (p < 0.001)
		snprintf(buf, len, "<0.001");
	else
		fmt_sig(buf, len, p, 3);
}

const char *
bs_effect_name(double delta)
{
	double a = fabs(delta);

	/* Romano et al. (2006), the cut-offs for Cliff's delta. */
	if (!isfinite(delta))
		return "";
	if (a < 0.147)
		return "negligible";
	if (a < 0.33)
		return "small";
	if (a < 0.474)
		return "medium";
	return "large";
}

/* A unit and how many of the quantity's base unit it holds. */
struct unitdef {
	const char	*name;
	double		 size;
};

static const struct unitdef time_units[] = {
	{ "ns", 1e-9 }, { "\xc2\xb5s", 1e-6 }, { "ms", 1e-3 }, { "s", 1 },
	{ NULL, 0 }
};
static const struct unitdef bin_units[] = {
	{ "B", 1 }, { "KiB", 1024 }, { "MiB", 1048576 },
	{ "GiB", 1073741824.0 }, { "TiB", 1099511627776.0 }, { NULL, 0 }
};
static const struct unitdef dec_units[] = {
	{ "B", 1 }, { "kB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 },
	{ "TB", 1e12 }, { NULL, 0 }
};
static const struct unitdef si_prefixes[] = {
	{ "", 1 }, { "k", 1e3 }, { "M", 1e6 }, { "G", 1e9 }, { "T", 1e12 },
	{ NULL, 0 }
};

/* The size of a unit named in a list (the input's spelling), or 0. */
static double
unit_size(const struct unitdef *u, const char *name, size_t len)
{
	for (; u->name != NULL; u++)
		if (strlen(u->name) == len && strncasecmp(u->name, name,
		    len) == 0)
			return u->size;
	return 0;
}

/* The largest unit of a list that typical (in base units) fills once. */
static const struct unitdef *
pick(const struct unitdef *u, double typical)
{
	const struct unitdef *best = u;

	for (; u->name != NULL; u++)
		if (typical >= u->size * (1 - 1e-9))
			best = u;
	return best;
}

void
bs_scale_choose(struct bs_scale *sc, const struct bs_colunit *u,
    double typical)
{
	const struct unitdef *list, *d;
	const char *unit = u->unit;
	size_t ul = strlen(unit);
	double size;
	int rate;

	memset(sc, 0, sizeof(*sc));
	sc->factor = 1;
	if (!isfinite(typical) || typical <= 0)
		typical = 1;
	rate = u->qty == BS_QTY_RATE && ul > 2 &&
	    strcmp(unit + ul - 2, "/s") == 0;
	/* A percentage keeps its unit and its scale: 51.20 %. */
	if (strcmp(unit, "%") == 0 && u->per[0] == '\0') {
		sc->on = 1;
		snprintf(sc->unit, sizeof(sc->unit), "%%");
		return;
	}
	if (u->qty == BS_QTY_TIME) {
		/* The readers' spellings: "us" for microseconds. */
		size = strcmp(unit, "us") == 0 ? 1e-6 :
		    unit_size(time_units, unit, ul);
		list = time_units;
	} else if (u->qty == BS_QTY_SIZE) {
		size = unit_size(bin_units, unit, ul);
		if (size == 0)
			size = unit_size(dec_units, unit, ul);
		list = bin_units;
	} else if (rate && (size = unit_size(dec_units, unit, ul - 2)) > 0) {
		/* Bytes a second in decimal, as disks and networks count. */
		list = dec_units;
	} else if (rate && (size = unit_size(bin_units, unit, ul - 2)) > 0) {
		list = bin_units;
	} else if (u->qty == BS_QTY_RATE && strncmp(unit, "bit", 3) == 0) {
		/* Bits a second take the prefix as networks write it: Gbit/s. */
		d = pick(si_prefixes, typical);
		sc->on = 1;
		sc->factor = 1 / d->size;
		snprintf(sc->unit, sizeof(sc->unit), "%s%s%s", d->name, unit,
		    u->per);
		return;
	} else if (u->qty == BS_QTY_RATE) {
		/* Other rates keep their unit with a prefix: 387.7k msg/s. */
		d = pick(si_prefixes, typical);
		sc->on = 1;
		sc->factor = 1 / d->size;
		snprintf(sc->prefix, sizeof(sc->prefix), "%s", d->name);
		snprintf(sc->unit, sizeof(sc->unit), "%s%s", unit, u->per);
		return;
	} else
		return;
	if (size == 0)
		return;
	d = pick(list, typical * size);
	sc->on = 1;
	sc->factor = size / d->size;
	snprintf(sc->unit, sizeof(sc->unit), "%s%s%s", d->name,
	    rate ? "/s" : "", u->per);
}

void
bs_fmt_scaled(char *buf, size_t len, double x, const struct bs_scale *sc)
{
	char num[64];
	double y;

	if (sc == NULL || !sc->on) {
		bs_fmt_num(buf, len, x);
		return;
	}
	if (!isfinite(x)) {
		snprintf(buf, len, "-");
		return;
	}
	y = x * sc->factor;
	if ((isfinite(y) && (y != 0 || x == 0)) || !(sc->factor > 0) ||
	    !isfinite(sc->factor))
		fmt_sig(num, sizeof(num), y, BS_SIG_DIGITS);
	else {
		/*
		 * The scaled value leaves the doubles (1e308 s in ms, or a
		 * subnormal time in s): the factor's power of ten goes
		 * into the exponent, never into the value.
		 */
		int k = (int)ceil(log10(sc->factor));

		fmt_exp(num, sizeof(num), x * (sc->factor / pow(10, k)), k,
		    BS_SIG_DIGITS, 0);
	}
	snprintf(buf, len, "%s%s %s", num, sc->prefix, sc->unit);
}

double
bs_typical_scratch(double *v, size_t n)
{
	size_t i, k = 0;
	double hi, lo;

	/*
	 * The median magnitude: one outlier does not choose the unit.  By
	 * selection (the sort it replaced took a copy and a merge buffer
	 * as large as every cell of a million-row table).
	 */
	for (i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] != 0)
			v[k++] = fabs(v[i]);
	if (k == 0)
		return NAN;
	hi = bs_select(v, k, k / 2);
	if (k % 2)
		return hi;
	/* The largest of those below the upper middle one. */
	lo = bs_select(v, k / 2, k / 2 - 1);
	return (lo + hi) / 2;
}

double
bs_typical(const double *v, size_t n)
{
	double *a, t;

	if ((a = malloc((n + 1) * sizeof(*a))) == NULL)
		return NAN;
	memcpy(a, v, n * sizeof(*a));
	t = bs_typical_scratch(a, n);
	free(a);
	return t;
}
