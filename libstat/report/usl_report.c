/*
 * The report of a scalability fit, beside the fit: the JSON of
 * --fit-report and the lines a tool shows on standard error.  Written to
 * a FILE the caller passes, or returned as a string, so that the library
 * never decides where text goes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "core/core.h"

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
 * One fit as docs/INTERFACE.md's object; with series set, a "series" key
 * comes first.  Amdahl has no beta and no peak, only a ceiling, which
 * docs/INTERFACE.md reports as its peak_y.
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

int
bs_usl_report_json(FILE *fp, const struct bs_usl *u,
    const char *const *names, size_t n)
{
	if (n == 1)
		json_fit(fp, &u[0], NULL);
	else {
		fputs("[\n", fp);
		for (size_t i = 0; i < n; i++) {
			json_fit(fp, &u[i], names != NULL ? names[i] : NULL);
			fputs(i + 1 < n ? ",\n" : "\n", fp);
		}
		fputc(']', fp);
	}
	fputc('\n', fp);
	return ferror(fp) ? -1 : 0;
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

char *
bs_usl_report_text(const struct bs_usl *u, const char *name)
{
	const char *pre = name != NULL ? name : "", *sep = name ? ": " : "";
	char peak[160] = "", b[9][32], *line, *s;
	int rc;

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
		rc = asprintf(&line, "%s%susl fit: lambda = %s [%s, %s], "
		    "alpha = %s [%s, %s], beta = %s [%s, %s] (%g%% CIs), "
		    "R^2 = %.4f%s", pre, sep, b[0], b[1], b[2], b[3], b[4],
		    b[5], b[6], b[7], b[8], u->confidence, u->r2, peak);
	else
		rc = asprintf(&line, "%s%samdahl fit: lambda = %s [%s, %s], "
		    "alpha = %s [%s, %s] (%g%% CIs), R^2 = %.4f%s", pre, sep,
		    b[0], b[1], b[2], b[3], b[4], b[5], u->confidence, u->r2,
		    peak);
	if (rc < 0)
		return NULL;
	/* Below 0.95 the parameters of either model mean little. */
	if (u->poor & BS_USL_POOR_R2) {
		rc = asprintf(&s, "%s\nwarning: %s%sthe %s model fits poorly "
		    "(R^2 = %.2f): its parameters say little about this data",
		    line, pre, sep, u->model == BS_USL_USL ? "USL" : "Amdahl",
		    u->r2);
		free(line);
		if (rc < 0)
			return NULL;
		line = s;
	}
	if (u->poor & BS_USL_POOR_LAMBDA) {
		rc = asprintf(&s, "%s\nwarning: %s%sthe fit's lambda %s is "
		    "%.0f%% off the throughput measured at N = 1 (%s): a poor "
		    "fit", line, pre, sep, num(b[0], 32, u->lambda),
		    100 * fabs(u->lambda - u->x1) / fabs(u->x1),
		    num(b[1], 32, u->x1));
		free(line);
		if (rc < 0)
			return NULL;
		line = s;
	}
	return line;
}
