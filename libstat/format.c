/*
 * Numbers for people: the short forms the tables and reports share (a
 * percentage change with its interval, a p-value, a value with six
 * significant digits).  Machine formats never use these; they keep every
 * digit (bs_fmt_double).
 */
#include <math.h>
#include <stdio.h>

#include "libstat.h"

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

void
bs_fmt_pct(char *buf, size_t len, double x)
{
	if (isnan(x))
		snprintf(buf, len, "n/a");
	else if (isinf(x))
		snprintf(buf, len, "%cinf%%", x > 0 ? '+' : '-');
	else
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

void
bs_fmt_p(char *buf, size_t len, double p)
{
	if (!isfinite(p))
		snprintf(buf, len, "-");
	else if (p < 0.0001)
		snprintf(buf, len, "<0.0001");
	else
		snprintf(buf, len, "%.4f", p);
}
