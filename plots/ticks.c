/*
 * Axis ticks and display units.
 *
 * Linear axes use the extended Wilkinson algorithm of Talbot, Lin and
 * Hanrahan, "An Extension of Wilkinson's Algorithm for Positioning Tick
 * Labels on Axes" (InfoVis 2010), written after the authors' R package
 * labeling (function extended) so that the same inputs give the same
 * ticks.  Legibility is taken as constant, as there.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plots.h"

static const double Q[] = { 1, 5, 2, 2.5, 4, 3 };
#define NQ	(sizeof(Q) / sizeof(Q[0]))
static const double W[4] = { 0.25, 0.2, 0.5, 0.05 };

static double
simplicity(size_t i, double j, double lmin, double lmax, double lstep)
{
	double eps = DBL_EPSILON * 100, m = fmod(lmin, lstep);
	int v;

	if (m < 0)
		m += lstep;	/* R's %% has the sign of the divisor */
	v = (m < eps || lstep - m < eps) && lmin <= 0 && lmax >= 0;
	return 1 - (double)i / (NQ - 1) - j + v;
}

static double
simplicity_max(size_t i, double j)
{
	return 1 - (double)i / (NQ - 1) - j + 1;
}

static double
coverage(double dmin, double dmax, double lmin, double lmax)
{
	double r = dmax - dmin;

	return 1 - 0.5 * ((dmax - lmax) * (dmax - lmax) +
	    (dmin - lmin) * (dmin - lmin)) / ((0.1 * r) * (0.1 * r));
}

static double
coverage_max(double dmin, double dmax, double span)
{
	double r = dmax - dmin, half;

	if (span > r) {
		half = (span - r) / 2;
		return 1 - 0.5 * (2 * half * half) / ((0.1 * r) * (0.1 * r));
	}
	return 1;
}

static double
density(double k, double m, double dmin, double dmax, double lmin,
    double lmax)
{
	double r = (k - 1) / (lmax - lmin);
	double rt = (m - 1) / (fmax(lmax, dmax) - fmin(dmin, lmin));

	return 2 - fmax(r / rt, rt / r);
}

static double
density_max(double k, double m)
{
	return k >= m ? 2 - (k - 1) / (m - 1) : 1;
}

/*
 * x * 10^n for any n a double's exponent allows: the power is applied in
 * pieces, because 10^n alone overflows (n > 308) or loses its digits
 * as a subnormal (n < -307) where the product itself is fine.
 */
static double
scale10(double x, int n)
{
	while (n > 300) {
		x *= 1e300;
		n -= 300;
	}
	while (n < -300) {
		x /= 1e300;
		n += 300;
	}
	return n >= 0 ? x * pow(10, n) : x / pow(10, -n);
}

/*
 * The power of ten that brings a range of data to a width between 1 and
 * 10, or 0 when the data are of ordinary size.  Very small ranges (down
 * to subnormal numbers, 1e-310) and very large values make the search's
 * coverage and density terms underflow or overflow, so that its bounds
 * stop bounding: it then runs on numbers of ordinary size instead.
 */
static int
range_shift(double dmin, double dmax)
{
	double r = dmax - dmin, mag = fmax(fabs(dmin), fabs(dmax));
	double lr;

	if (isfinite(r) && r >= 1e-100 && mag <= 1e100)
		return 0;
	/* Halves first: the difference of two huge values can overflow. */
	lr = isfinite(r) ? log10(r) : log10(dmax / 2 - dmin / 2) + log10(2);
	if (!isfinite(lr))
		return 0;
	return -(int)floor(lr);
}

/*
 * Upper bound on the labellings scored in one search.  The score bounds
 * end the search long before this for any data of ordinary size (a few
 * thousand); the budget only guarantees an end for input on which
 * floating point makes them useless.
 */
#define EXTENDED_BUDGET	2000000L

static int
extended(double dmin, double dmax, double m, int loose, double *lmin_out,
    double *lmax_out, double *lstep_out)
{
	double best = -2;
	double bmin = dmin, bmax = dmax, bstep = 0;
	long budget = EXTENDED_BUDGET;
	int found = 0;

	for (double j = 1; j < 1000 && budget > 0; j++) {
		int stop = 0;

		for (size_t qi = 0; qi < NQ && budget > 0; qi++) {
			double q = Q[qi];
			double sm = simplicity_max(qi, j);

			if (W[0] * sm + W[1] + W[2] + W[3] < best) {
				stop = 1;
				break;
			}
			for (double k = 2; k < 1e4 && budget > 0; k++) {
				double dm = density_max(k, m);
				double delta, z0;

				if (W[0] * sm + W[1] + W[2] * dm + W[3] < best)
					break;
				delta = (dmax - dmin) / (k + 1) / j / q;
				z0 = ceil(log10(delta));
				if (!isfinite(z0))
					continue;
				/*
				 * Each z widens the span tenfold; coverage
				 * ends the loop within a few.
				 */
				for (double z = z0; z < z0 + 30 && z < 400 &&
				    budget > 0; z++) {
					double step = j * q * pow(10, z);
					double cm = coverage_max(dmin, dmax,
					    step * (k - 1));
					double minst, maxst;

					budget--;
					if (W[0] * sm + W[1] * cm + W[2] * dm +
					    W[3] < best)
						break;
					if (!(step > 0) || !isfinite(step))
						continue;
					minst = floor(dmax / step) * j -
					    (k - 1) * j;
					maxst = ceil(dmin / step) * j;
					/*
					 * st must count exactly (st++ is a
					 * no-op from 2^53 on) and in range.
					 */
					if (!isfinite(minst) ||
					    !isfinite(maxst) || minst > maxst ||
					    fabs(minst) > 0x1p52 ||
					    fabs(maxst) > 0x1p52 ||
					    maxst - minst > 1e6)
						continue;
					for (double st = minst; st <= maxst &&
					    budget > 0; st++) {
						double lmin = st * (step / j);
						double lmax = lmin +
						    step * (k - 1);
						double s = simplicity(qi, j,
						    lmin, lmax, step);
						double c = coverage(dmin, dmax,
						    lmin, lmax);
						double g = density(k, m, dmin,
						    dmax, lmin, lmax);
						double score = W[0] * s +
						    W[1] * c + W[2] * g + W[3];

						budget--;
						if (score > best && (!loose ||
						    (lmin <= dmin &&
						    lmax >= dmax))) {
							best = score;
							bmin = lmin;
							bmax = lmax;
							bstep = step;
							found = 1;
						}
					}
				}
			}
		}
		if (stop)
			break;
	}
	if (!found || !(bstep > 0))
		return -1;
	*lmin_out = bmin;
	*lmax_out = bmax;
	*lstep_out = bstep;
	return 0;
}

int
bp_extended(double dmin, double dmax, size_t msz, int loose,
    double *lmin_out, double *lmax_out, double *lstep_out)
{
	double m = (double)msz, a, b, c;
	int sh;

	if (!isfinite(dmin) || !isfinite(dmax) || dmax <= dmin)
		return -1;
	if (m < 2)
		m = 2;
	if (m > BP_MAX_TICKS)
		m = BP_MAX_TICKS;
	if ((sh = range_shift(dmin, dmax)) == 0)
		return extended(dmin, dmax, m, loose, lmin_out, lmax_out,
		    lstep_out);
	a = scale10(dmin, sh);
	b = scale10(dmax, sh);
	if (!isfinite(a) || !isfinite(b) || !(b > a) ||
	    extended(a, b, m, loose, &a, &b, &c) != 0)
		return -1;
	*lmin_out = scale10(a, -sh);
	*lmax_out = scale10(b, -sh);
	*lstep_out = scale10(c, -sh);
	return *lstep_out > 0 ? 0 : -1;
}

/* Decimals that multiples of step need: 2.5 -> 1, 0.25 -> 2, 20 -> 0. */
static int
step_decimals(double step)
{
	int d;

	if (!(step > 0) || !isfinite(step))
		return 0;
	for (d = 0; d < 12; d++) {
		double s = step * pow(10, d);

		if (fabs(s - round(s)) < 1e-6 * s)
			break;
	}
	return d;
}

/*
 * The tick v x 10^shift on an axis of step x 10^shift.  The shift lets
 * ticks of subnormal or huge data be labelled from the numbers of
 * ordinary size they were computed as, with every digit intact.
 */
static void
format_tick(double v, double step, int shift, char *buf, size_t len)
{
	char tmp[64], *p;
	double av = fabs(v), mant;
	int e, d, sci;
	const char *minus = v < 0 ? "\xe2\x88\x92" : "";	/* U+2212 */

	if (v == 0 || av < 1e-12 * fabs(step) || !isfinite(v)) {
		snprintf(buf, len, "0");
		return;
	}
	if (shift == 0)
		sci = av >= 1e6 || (av < 1e-3 && step < 1e-3);
	else
		sci = log10(av) + shift >= 6 || (log10(av) + shift < -3 &&
		    log10(fabs(step)) + shift < -3);
	if (sci) {
		/* m×10^e with as many mantissa decimals as the step needs. */
		e = (int)floor(log10(av) + 1e-9) + shift;
		d = step_decimals(scale10(fabs(step), shift - e));
		if (d > 6)
			d = 6;
		mant = scale10(av, shift - e);
		snprintf(tmp, sizeof(tmp), "%.*f", d, mant);
		if (strtod(tmp, NULL) >= 10) {
			/* 9.99... rounded up: 10×10^e is 10^(e+1). */
			e++;
			snprintf(tmp, sizeof(tmp), "%.*f", d,
			    scale10(av, shift - e));
		}
		if (strcmp(tmp, "1") == 0)
			snprintf(buf, len, "%s10<sup>%s%d</sup>", minus,
			    e < 0 ? "\xe2\x88\x92" : "", e < 0 ? -e : e);
		else
			snprintf(buf, len, "%s%s\xc3\x97" "10<sup>%s%d</sup>",
			    minus, tmp, e < 0 ? "\xe2\x88\x92" : "",
			    e < 0 ? -e : e);
		return;
	}
	if (shift != 0) {
		av = scale10(av, shift);
		step = scale10(step, shift);
	}
	d = step_decimals(step);
	snprintf(tmp, sizeof(tmp), "%.*f", d, av);
	/* "-0.0" style leftovers from rounding. */
	for (p = tmp; *p == '0' || *p == '.'; p++)
		;
	if (*p == '\0')
		minus = "";
	snprintf(buf, len, "%s%s", minus, tmp);
}

/*
 * x, which was a subnormal number x0 before scaling, rounded to the
 * significant digits x0 held (about log10(x0 / 5e-324) of them), so
 * that 3e-320, stored as 2.99997e-320, reads 3 again.
 */
static double
subnormal_digits(double x, double x0)
{
	double ax0 = fabs(x0), p;
	int sig;

	if (!(ax0 < DBL_MIN) || ax0 == 0 || x == 0 || !isfinite(x))
		return x;
	sig = (int)floor(log10(ax0 / DBL_TRUE_MIN));
	if (sig < 1)
		sig = 1;
	p = pow(10, sig - 1 - (int)floor(log10(fabs(x))));
	return round(x * p) / p;
}

void
bp_format_tick(double v, double step, char *buf, size_t len)
{
	double av = fabs(v);
	int sh = 0;

	/* Bring extreme values to ordinary size before formatting. */
	if (isfinite(av) && av != 0 && (av < 1e-290 || av > 1e290))
		sh = -(int)floor(log10(av));
	format_tick(subnormal_digits(scale10(v, sh), v),
	    subnormal_digits(scale10(step, sh), step), -sh, buf, len);
}

/* Callers may give a data range either way round. */
static void
order_range(double *lo, double *hi)
{
	double x = *lo;

	if (*lo > *hi) {
		*lo = *hi;
		*hi = x;
	}
}

static void
ticks_clear(struct bp_ticks *t, enum bp_scale_kind kind)
{
	memset(t, 0, sizeof(*t));
	t->kind = kind;
}

/*
 * 0 when the ticks are strictly increasing finite numbers.  Near the
 * bottom of the subnormal range (5e-324, 1e-323) neighbouring ticks
 * round to the same double, or land a good part of a step off: such an
 * axis cannot be drawn truthfully, and the caller says so.
 */
static int
ticks_check(const struct bp_ticks *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (!isfinite(t->v[i]) || (i > 0 && !(t->v[i] > t->v[i - 1])))
			return -1;
	if (t->kind == BP_SCALE_LINEAR && t->n > 1 &&
	    !(t->step >= 1e3 * DBL_TRUE_MIN))
		return -1;
	return t->n > 0 && isfinite(t->lo) && isfinite(t->hi) &&
	    t->hi > t->lo ? 0 : -1;
}

static void
ticks_add(struct bp_ticks *t, double v, double step)
{
	if (t->n >= BP_MAX_TICKS)
		return;
	t->v[t->n] = v;
	bp_format_tick(v, step, t->label[t->n], BP_TICK_LABEL);
	t->n++;
}

int
bp_ticks_linear(double dmin, double dmax, size_t m, struct bp_ticks *t)
{
	double lmin, lmax, lstep, a, b;
	long i, nt;
	int sh;

	ticks_clear(t, BP_SCALE_LINEAR);
	if (!isfinite(dmin) || !isfinite(dmax))
		return -1;
	order_range(&dmin, &dmax);
	if (dmax - dmin <= 1e-12 * fmax(fabs(dmin), fabs(dmax))) {
		/*
		 * One value: a range around it.  A tenth of a subnormal
		 * value can round to nothing; the smallest normal number
		 * then gives the range its width.
		 */
		double c = dmin, h = c == 0 ? 1 : fabs(c) * 0.1;

		if (!(c - h < c + h))
			h = DBL_MIN;
		dmin = c - h;
		dmax = c + h;
		if (!isfinite(dmin) || !isfinite(dmax))
			return -1;
	}
	/*
	 * The ticks are computed and labelled at ordinary size and only
	 * their positions scaled back, so that the labels of subnormal
	 * data keep all their digits.
	 */
	sh = range_shift(dmin, dmax);
	a = scale10(dmin, sh);
	b = scale10(dmax, sh);
	if (!isfinite(a) || !isfinite(b) || !(b > a))
		return -1;
	if (bp_extended(a, b, m < 2 ? 2 : m, 0, &lmin, &lmax, &lstep) != 0)
		return -1;
	nt = lround((lmax - lmin) / lstep);
	for (i = 0; i <= nt && t->n < BP_MAX_TICKS; i++) {
		double v = lmin + (double)i * lstep;

		/* Snap away binary noise: 0.30000000000000004 -> 0.3. */
		if (fabs(v) < 1e-9 * lstep)
			v = 0;
		t->v[t->n] = scale10(v, -sh);
		format_tick(v, lstep, -sh, t->label[t->n], BP_TICK_LABEL);
		t->n++;
	}
	t->step = scale10(lstep, -sh);
	t->lo = fmin(dmin, scale10(lmin, -sh));
	t->hi = fmax(dmax, scale10(lmax, -sh));
	return ticks_check(t);
}

/*
 * A step of 2.5 between whole numbers (the counts 0 to 23 of a
 * histogram ticked at 2.5, 7.5, ...): the 1-2-5 whole step whose tick
 * count is nearest the count the linear ticks had, at its multiples
 * within the data.
 */
static int
integer_steps(double dmin, double dmax, struct bp_ticks *t)
{
	double want = (double)t->n, best = HUGE_VAL, step = 1;

	order_range(&dmin, &dmax);
	for (double d = 1; d < 1e15; d *= 10)
		for (int k = 0; k < 3; k++) {
			double s = d * (k == 0 ? 1 : k == 1 ? 2 : 5);
			double n = floor(dmax / s) - ceil(dmin / s) + 1;

			if (n >= 2 && fabs(n - want) < best) {
				best = fabs(n - want);
				step = s;
			}
		}
	ticks_clear(t, BP_SCALE_LINEAR);
	for (double v = ceil(dmin / step) * step; v <= dmax; v += step)
		ticks_add(t, v, step);
	t->step = step;
	t->lo = fmin(dmin, t->v[0]);
	t->hi = fmax(dmax, t->v[t->n - 1]);
	return ticks_check(t);
}

int
bp_ticks_integer(double dmin, double dmax, size_t m, struct bp_ticks *t)
{
	double lo, hi;

	if (bp_ticks_linear(dmin, dmax, m, t) != 0)
		return -1;
	if (t->step >= 1 && t->step == floor(t->step))
		return 0;
	if (t->step > 1)
		return integer_steps(dmin, dmax, t);
	/* Whole numbers get whole ticks: every integer of the range. */
	order_range(&dmin, &dmax);
	lo = floor(dmin);
	hi = ceil(dmax);
	if (hi - lo < 1)
		hi = lo + 1;
	if (hi - lo >= BP_MAX_TICKS)
		return 0;
	ticks_clear(t, BP_SCALE_LINEAR);
	for (double v = lo; v <= hi; v++)
		ticks_add(t, v, 1);
	t->step = 1;
	t->lo = fmin(dmin, lo);
	t->hi = fmax(dmax, hi);
	return ticks_check(t);
}

int
bp_ticks_log10(double dmin, double dmax, struct bp_ticks *t)
{
	double e0, e1, every;

	ticks_clear(t, BP_SCALE_LOG10);
	if (!(dmin > 0) || !(dmax > 0) || !isfinite(dmin) || !isfinite(dmax))
		return -1;
	order_range(&dmin, &dmax);
	e0 = floor(log10(dmin) + 1e-9);
	e1 = ceil(log10(dmax) - 1e-9);
	/*
	 * Decade ticks when three powers of ten or more lie in the data;
	 * the axis fits the data, not the whole decades around them
	 * (clients 1 to 256 were drawn on 1 to 1000), and only the powers
	 * of ten inside are ticked.
	 */
	if (floor(log10(dmax) + 1e-9) - ceil(log10(dmin) - 1e-9) >= 2) {
		/* Whole decades, thinned when there are many. */
		every = ceil((e1 - e0) / 10);
		e0 = floor(e0 / every) * every;
		e1 = ceil(e1 / every) * every;
		for (double e = e0; e <= e1; e += every) {
			double v = scale10(1, (int)e);

			if (t->n >= BP_MAX_TICKS)
				break;
			if (!(v > 0) || !isfinite(v))
				continue;	/* 10^-324, 10^309 */
			if (v < dmin * (1 - 1e-9) || v > dmax * (1 + 1e-9))
				continue;
			t->v[t->n] = v;
			if (e >= -2 && e <= 5)
				bp_format_tick(v, v, t->label[t->n],
				    BP_TICK_LABEL);
			else
				snprintf(t->label[t->n], BP_TICK_LABEL,
				    "10<sup>%s%d</sup>", e < 0 ?
				    "\xe2\x88\x92" : "", (int)fabs(e));
			t->n++;
		}
		t->lo = dmin;
		t->hi = dmax;
		return ticks_check(t);
	}

	/*
	 * Under two decades or so (0.27 to 10.4 ms were drawn on 0.1 to
	 * 100): 1-2-5 multiples, or all of 1..9 under a decade.
	 */
	if (dmax / dmin < 1.0001) {
		dmin /= 1.5;
		dmax *= 1.5;
	}
	t->lo = dmin / pow(dmax / dmin, 0.04);
	t->hi = dmax * pow(dmax / dmin, 0.04);
	if (!(t->lo > 0))
		t->lo = dmin;
	if (!isfinite(t->hi))
		t->hi = dmax;
	for (int pass = 0; pass < 2; pass++) {
		static const double m125[] = { 1, 2, 5 };
		static const double m19[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
		const double *mult = pass == 0 ? m125 : m19;
		size_t nm = pass == 0 ? 3 : 9;

		t->n = 0;
		/* e1 - e0 is 3 at most here: a handful of rounds. */
		for (double e = e0 - 1; e <= e1; e++)
			for (size_t i = 0; i < nm; i++) {
				double v = scale10(mult[i], (int)e);

				if (v < t->lo * 0.999999 ||
				    v > t->hi * 1.000001)
					continue;
				if (t->n >= BP_MAX_TICKS)
					break;
				t->v[t->n] = v;
				format_tick(mult[i], 1, (int)e,
				    t->label[t->n], BP_TICK_LABEL);
				t->n++;
			}
		if (t->n >= 3)
			break;
	}
	if (t->n < 2) {
		/* Very narrow: linear ticks placed on the log axis. */
		struct bp_ticks lin;

		if (bp_ticks_linear(dmin, dmax, 3, &lin) != 0)
			return -1;
		t->n = 0;
		for (size_t i = 0; i < lin.n; i++)
			if (lin.v[i] > 0) {
				t->v[t->n] = lin.v[i];
				memcpy(t->label[t->n], lin.label[i],
				    BP_TICK_LABEL);
				t->n++;
			}
		if (t->n == 0)
			return -1;
		t->lo = fmin(t->lo, t->v[0]);
		t->hi = fmax(t->hi, t->v[t->n - 1]);
	}
	return ticks_check(t);
}

/* Log 2: powers of two, every so many so that about m are drawn. */
static int
pow2_log(double dmin, double dmax, size_t m, struct bp_ticks *t)
{
	double e0 = floor(log2(dmin) + 1e-9);
	double e1 = ceil(log2(dmax) - 1e-9);
	double every;

	if (e1 <= e0)
		e1 = e0 + 1;
	every = ceil((e1 - e0) / (double)(m > 12 ? 12 : m * 2));
	if (every < 1)
		every = 1;
	e0 = floor(e0 / every) * every;
	e1 = ceil(e1 / every) * every;
	for (double e = e0; e <= e1 && t->n < BP_MAX_TICKS; e += every) {
		double v = pow(2, e);

		if (!(v > 0) || !isfinite(v))
			continue;	/* 2^-1075, 2^1024 */
		t->v[t->n] = v;
		if (v >= 1)
			snprintf(t->label[t->n], BP_TICK_LABEL, "%.0f", v);
		else
			snprintf(t->label[t->n], BP_TICK_LABEL,
			    "2<sup>\xe2\x88\x92%d</sup>", (int)-e);
		t->n++;
	}
	t->lo = pow(2, e0);
	t->hi = pow(2, e1);
	if (!(t->lo > 0))
		t->lo = dmin;
	if (!isfinite(t->hi))
		t->hi = dmax;
	return ticks_check(t);
}

/*
 * Linear: the power-of-two step whose tick count from 0 (or the
 * floor below dmin) up to dmax is closest to m, looked for around
 * the step that gives m ticks, so that the search is the same few
 * rounds whatever the magnitude of the data.
 */
static int
pow2_linear(double dmin, double dmax, size_t m, struct bp_ticks *t)
{
	double bestd = HUGE_VAL, step = 0, lo, hi, span, ec;
	double p0;

	/*
	 * One value: an axis from zero up to it (thread counts
	 * start at zero), or a linear range around it.  The search
	 * below finds no step for a range of width zero.
	 */
	if (dmax - dmin <= 1e-12 * fmax(fabs(dmin), fabs(dmax))) {
		if (!(dmax > 0))
			return bp_ticks_linear(dmin, dmax, m, t);
		dmin = 0;
	}
	p0 = dmin >= 1 && dmax < 0x1p60 ?
	    ldexp(1, (int)ceil(log2(dmin) - 1e-9)) : 0;

	/*
	 * A few thread counts (1, 2, 4, up to 16 times the
	 * least) are ticked where they are: multiples of a step
	 * would put ticks at 3 or 0.5, where no run was made.
	 */
	if (p0 > 0 && dmax / dmin <= 16 && dmax / p0 < 2 * (double)m) {
		for (double v = p0; v <= dmax * (1 + 1e-12); v *= 2)
			ticks_add(t, v, 1);
		/*
		 * The least power of two at or above dmin can lie
		 * above dmax (9.007e15 .. 9.007e15 < 2^53): fewer
		 * than two ticks, and the multiples of a step
		 * below instead.
		 */
		if (t->n >= 2) {
			t->step = p0;
			t->lo = fmin(dmin, p0);
			t->hi = fmax(dmax, t->v[t->n - 1]);
			return ticks_check(t);
		}
		t->n = 0;
	}

	/* Halves: the span of huge values can overflow. */
	span = dmax / 2 - fmin(dmin, 0) / 2;
	ec = span > 0 && isfinite(span) ?
	    floor(log2(span / (double)m)) + 1 : 0;
	if (ec < -1070)
		ec = -1070;
	if (ec > 1020)
		ec = 1020;
	for (int e = (int)ec - 4; e <= (int)ec + 4; e++) {
		double s = ldexp(1, e);
		double l = floor(dmin / s) * s, h = ceil(dmax / s) * s;
		double cnt = (h - l) / s + 1;
		double dd = fabs(cnt - (double)m);

		if (!(s > 0) || !isfinite(cnt) || cnt > BP_MAX_TICKS)
			continue;
		/* Thread counts are whole: no step below one. */
		if (dmin >= 1 && s < 1)
			continue;
		if (dd < bestd) {
			bestd = dd;
			step = s;
		}
	}
	if (!(step > 0))
		return -1;
	lo = floor(dmin / step) * step;
	if (dmin >= 0 && lo > 0 && lo <= 2 * step)
		lo = 0;
	hi = ceil(dmax / step) * step;
	for (double v = lo; v <= hi + step * 1e-9 && t->n < BP_MAX_TICKS;
	    v += step)
		ticks_add(t, v, step);
	t->step = step;
	t->lo = lo;
	t->hi = hi;
	return ticks_check(t);
}

int
bp_ticks_pow2(double dmin, double dmax, size_t m, int log, struct bp_ticks *t)
{
	ticks_clear(t, log ? BP_SCALE_LOG2 : BP_SCALE_LINEAR);
	if (!isfinite(dmin) || !isfinite(dmax) || (log && !(dmin > 0)))
		return -1;
	order_range(&dmin, &dmax);
	if (m < 2)
		m = 2;
	return log ? pow2_log(dmin, dmax, m, t) : pow2_linear(dmin, dmax, m,
	    t);
}

int
bp_all_pow2(const double *x, size_t n)
{
	size_t seen = 0;

	for (size_t i = 0; i < n; i++) {
		double l;

		if (!isfinite(x[i]))
			continue;
		if (!(x[i] >= 1))
			return 0;
		l = log2(x[i]);
		if (fabs(l - round(l)) > 1e-9)
			return 0;
		seen++;
	}
	return seen > 0;
}

/* ------------------------------------------------------------------ */
/* Units */

struct unit_step {
	const char	*name;
	double		 size;	/* in the family's base unit */
};

static const struct unit_step time_units[] = {
	{ "ns", 1e-9 }, { "µs", 1e-6 }, { "ms", 1e-3 }, { "s", 1 },
	{ NULL, 0 }
};
static const struct unit_step byte_units[] = {
	{ "B", 1 }, { "KiB", 1024.0 }, { "MiB", 1048576.0 },
	{ "GiB", 1073741824.0 }, { "TiB", 1099511627776.0 }, { NULL, 0 }
};
static const struct unit_step rate_units[] = {
	{ "B/s", 1 }, { "kB/s", 1e3 }, { "MB/s", 1e6 }, { "GB/s", 1e9 },
	{ "TB/s", 1e12 }, { NULL, 0 }
};

static const struct {
	const char		*in;
	const struct unit_step	*family;
	double			 size;
} unit_aliases[] = {
	{ "ns", time_units, 1e-9 },
	{ "us", time_units, 1e-6 },
	{ "µs", time_units, 1e-6 },
	{ "μs", time_units, 1e-6 },	/* Greek mu */
	{ "ms", time_units, 1e-3 },
	{ "s", time_units, 1 },
	{ "sec", time_units, 1 },
	{ "B", byte_units, 1 },
	{ "bytes", byte_units, 1 },
	{ "KiB", byte_units, 1024.0 },
	{ "MiB", byte_units, 1048576.0 },
	{ "GiB", byte_units, 1073741824.0 },
	{ "B/s", rate_units, 1 },
	{ "kB/s", rate_units, 1e3 },
	{ "MB/s", rate_units, 1e6 },
	{ "GB/s", rate_units, 1e9 },
};

int
bp_unit_known(const char *unit)
{
	for (size_t i = 0; i < sizeof(unit_aliases) / sizeof(unit_aliases[0]);
	    i++)
		if (unit != NULL && strcmp(unit, unit_aliases[i].in) == 0)
			return 1;
	return 0;
}

void
bp_unit_choose(const char *unit, double maxabs, struct bp_unit *u)
{
	size_t i;

	if (unit == NULL)
		unit = "";
	u->factor = 1;
	/*
	 * A unit too long for name, prefix included, is left alone and
	 * unnamed: a cut unit would name the wrong thing, or end inside a
	 * UTF-8 character.
	 */
	if (strlen(unit) + 2 > sizeof(u->name)) {
		u->name[0] = '\0';
		return;
	}
	snprintf(u->name, sizeof(u->name), "%s", unit);
	if (!isfinite(maxabs) || maxabs <= 0)
		return;

	for (i = 0; i < sizeof(unit_aliases) / sizeof(unit_aliases[0]); i++) {
		const struct unit_step *f = unit_aliases[i].family, *pick;
		double base;

		if (strcmp(unit, unit_aliases[i].in) != 0)
			continue;
		/* The largest unit that keeps the maximum at 1 or more. */
		base = maxabs * unit_aliases[i].size;
		pick = &f[0];
		for (; f->name != NULL; f++)
			if (base / f->size >= 1 * (1 - 1e-12))
				pick = f;
		u->factor = unit_aliases[i].size / pick->size;
		snprintf(u->name, sizeof(u->name), "%s", pick->name);
		return;
	}

	/* Counts and unknown units: SI prefixes for big numbers. */
	if (maxabs >= 1e4) {
		static const char *const pfx[] = { "k", "M", "G", "T" };
		static const char *const words[] = { "thousands", "millions",
		    "billions", "trillions" };
		int k = (int)floor(log10(maxabs) / 3);

		if (k > 4)
			k = 4;
		if (k < 1)
			return;
		u->factor = pow(10, -3 * k);
		if (*unit == '\0')
			snprintf(u->name, sizeof(u->name), "%s",
			    bs_tr(words[k - 1]));
		else
			snprintf(u->name, sizeof(u->name), "%s%s", pfx[k - 1],
			    unit);
	}
}
