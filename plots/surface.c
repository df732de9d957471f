/*
 * Output files: a cairo surface per format, drawn in memory and written
 * when finished through libstat's bs_afile, so that the file appears
 * whole or not at all and follows the same rules as every other output
 * (links followed, devices and FIFOs written in place, permissions
 * kept, the temporary file listed for a signal handler).  The temporary
 * file exists only while the finished image is written, not while it is
 * drawn: a run that is stopped while it draws leaves nothing.
 *
 * Every format goes through a cairo write callback (the _for_stream
 * constructors) into one buffer, so that every error is seen.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "plots_extern.h"

int
bp_format_from_path(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (dot == NULL || strchr(dot, '/') != NULL)
		return -1;
	if (strcasecmp(dot, ".png") == 0)
		return BP_FMT_PNG;
	if (strcasecmp(dot, ".pdf") == 0)
		return BP_FMT_PDF;
	if (strcasecmp(dot, ".svg") == 0)
		return BP_FMT_SVG;
	return -1;
}

static cairo_status_t
write_cb(void *arg, const unsigned char *data, unsigned int len)
{
	struct bp_surface *s = arg;

	if (s->memlen + len > s->memcap) {
		size_t cap = s->memcap ? s->memcap : 65536;
		char *p;

		while (cap < s->memlen + len)
			cap *= 2;
		if ((p = realloc(s->mem, cap)) == NULL) {
			s->werr = ENOMEM;
			return CAIRO_STATUS_NO_MEMORY;
		}
		s->mem = p;
		s->memcap = cap;
	}
	memcpy(s->mem + s->memlen, data, len);
	s->memlen += len;
	return CAIRO_STATUS_SUCCESS;
}

/* write_cb() for bp_png_write(): 0 or -1. */
static int
png_put(void *arg, const unsigned char *data, unsigned int len)
{
	return write_cb(arg, data, len) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

/*
 * The PDF creation date: SOURCE_DATE_EPOCH when it is set to a number
 * of seconds (reproducible-builds.org), else a fixed date, never the
 * clock, so that the same drawing gives the same bytes.
 */
static void
pdf_date(char *buf, size_t len)
{
	const char *e = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;
	time_t t;
	struct tm tm;

	snprintf(buf, len, "1970-01-01T00:00:00Z");
	if (e == NULL || *e == '\0')
		return;
	errno = 0;
	v = strtoll(e, &end, 10);
	if (errno != 0 || *end != '\0' || v < 0)
		return;
	t = (time_t)v;
	if (gmtime_r(&t, &tm) == NULL)
		return;
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * A colour and its opacity as one rgba() colour: ImageMagick's SVG
 * renderer drops fill-opacity and stroke-opacity (a confidence band
 * drawn opaque over its curve); librsvg and browsers read CSS3 rgba()
 * the same as the pair.  In place: the result is shorter.
 */
/*
 * At buf[i], "Z M x y " ending a path's d: where the quote is, else 0.
 * cairo ends closed paths with a move to their start, which ImageMagick
 * draws as a speck (beside every glyph and clip rectangle).
 */
static size_t
lone_move(const char *buf, size_t i, size_t n)
{
	size_t j = i + 4;

	if (n - i < 8 || memcmp(buf + i, "Z M ", 4) != 0)
		return 0;
	for (int k = 0; k < 2; k++) {
		size_t j0 = j;

		while (j < n && (isdigit((unsigned char)buf[j]) ||
		    buf[j] == '.' || buf[j] == '-' || buf[j] == 'e'))
			j++;
		if (j == j0 || j >= n || buf[j] != ' ')
			return 0;
		j++;
	}
	return buf[j] == '"' ? j : 0;
}

static void
svg_rgba(char *buf, size_t *len)
{
	static const char *const key[2][2] = {
		{ "fill:rgb(", ";fill-opacity:" },
		{ "stroke:rgb(", ";stroke-opacity:" } };
	size_t i = 0, o = 0, n = *len;

	while (i < n) {
		int hit = -1;
		size_t kl = 0, end = 0, ol, al = 0;
		const char *close = NULL, *num;
		char tmp[160];

		for (int k = 0; k < 2 && hit < 0; k++) {
			kl = strlen(key[k][0]);
			ol = strlen(key[k][1]);
			if (n - i <= kl || memcmp(buf + i, key[k][0], kl) != 0 ||
			    (close = memchr(buf + i + kl, ')', n - i - kl)) ==
			    NULL || (size_t)(buf + n - close) <= ol + 1 ||
			    memcmp(close + 1, key[k][1], ol) != 0)
				continue;
			num = close + 1 + ol;
			while (num + al < buf + n && (isdigit((unsigned char)
			    num[al]) || num[al] == '.' || num[al] == 'e' ||
			    num[al] == '-'))
				al++;
			if (num + al >= buf + n || num[al] != ';' || al == 0 ||
			    (al == 1 && num[0] == '1'))
				continue;
			/* "stroke:rgba(" inner "," number ")" */
			if (snprintf(tmp, sizeof(tmp), "%.*sa(%.*s,%.*s)",
			    (int)(kl - 1), key[k][0], (int)(close - buf - i - kl),
			    buf + i + kl, (int)al, num) >= (int)sizeof(tmp))
				continue;
			hit = k;
			end = (size_t)(num + al - buf);
		}
		if (hit < 0 && (end = lone_move(buf, i, n)) > 0) {
			/* Keep "Z", drop the move; the quote follows. */
			buf[o++] = buf[i];
			i = end;
			continue;
		}
		if (hit < 0) {
			buf[o++] = buf[i++];
			continue;
		}
		memcpy(buf + o, tmp, strlen(tmp));
		o += strlen(tmp);
		i = end;
	}
	*len = o;
}

/*
 * cairo 1.16 names SVG elements after surface ids that count every
 * surface the process ever made ("surface184", "image16"), so a second
 * drawing in one process differs from the first.  Renumber those ids,
 * where they appear as id="..." or a #... reference, in order of first
 * appearance; the other ids (glyphs, clips, patterns) are counted per
 * document already.
 */
static int
svg_write_canonical(const char *buf, size_t len, FILE *fp)
{
	/* cairo 1.18 also numbers its images' sources ("source-872") by a
	 * counter of the whole process. */
	static const char *const pfx[] = { "surface", "image", "source-" };
	unsigned long map[3][256], next[3] = { 0, 0, 0 };
	size_t nmap[3] = { 0, 0, 0 }, i = 0, start = 0;

	while (i < len) {
		int hit = -1;
		size_t pl = 0, j;
		unsigned long num = 0, newnum = 0;

		if ((buf[i] == '"' || buf[i] == '#') && i + 1 < len)
			for (int k = 0; k < 3; k++) {
				pl = strlen(pfx[k]);
				if (i + 1 + pl < len &&
				    memcmp(buf + i + 1, pfx[k], pl) == 0 &&
				    buf[i + 1 + pl] >= '0' &&
				    buf[i + 1 + pl] <= '9') {
					hit = k;
					break;
				}
			}
		if (hit < 0) {
			i++;
			continue;
		}
		j = i + 1 + pl;
		while (j < len && buf[j] >= '0' && buf[j] <= '9')
			num = num * 10 + (unsigned long)(buf[j++] - '0');
		if (j >= len || (buf[j] != '"' && buf[j] != ')')) {
			i = j;
			continue;
		}
		for (size_t m = 0; m < nmap[hit]; m++)
			if (map[hit][m] == num) {
				newnum = m + 1;
				break;
			}
		if (newnum == 0) {
			if (nmap[hit] >= 256) {
				i = j;
				continue;	/* leave the rest as is */
			}
			map[hit][nmap[hit]++] = num;
			newnum = ++next[hit];
		}
		if (fwrite(buf + start, 1, i + 1 + pl - start, fp) !=
		    i + 1 + pl - start ||
		    fprintf(fp, "%lu", newnum) < 0)
			return -1;
		start = i = j;
	}
	if (fwrite(buf + start, 1, len - start, fp) != len - start)
		return -1;
	return 0;
}

/*
 * A run that a library ends (GLib's fatal errors) removes the temporary
 * files: this one's, while it is written, and any other output's.
 */
void
bp_surface_cleanup(void)
{
	bs_tmp_cleanup();
}

static void
surface_free(struct bp_surface *s)
{
	if (s->cr != NULL)
		cairo_destroy(s->cr);
	if (s->surface != NULL)
		cairo_surface_destroy(s->surface);
	free(s->path);
	free(s->mem);
	free(s);
}

struct bp_surface *
bp_surface_create(const char *path, double width, double height,
    struct bs_err *err)
{
	struct bp_surface *s;
	char date[64];
	int fmt;

	if ((fmt = bp_format_from_path(path)) < 0) {
		bp_err(err, "%s: unknown image format (use .png, .pdf or "
		    ".svg)", path);
		return NULL;
	}
	if (!(width >= 1 && width <= 30000 && height >= 1 &&
	    height <= 30000)) {
		bp_err(err, "%s: image size %g x %g out of range "
		    "(1 to 30000)", path, width, height);
		return NULL;
	}
	/* A folder that cannot be written to stops the run before drawing. */
	if (bs_afile_check(path, err) == -1)
		return NULL;
	if ((s = calloc(1, sizeof(*s))) == NULL) {
		bp_err(err, "out of memory");
		return NULL;
	}
	s->format = fmt;
	s->width = fmt == BP_FMT_PNG ? ceil(width) : width;
	s->height = fmt == BP_FMT_PNG ? ceil(height) : height;
	if ((s->path = strdup(path)) == NULL) {
		bp_err(err, "out of memory");
		goto fail;
	}

	switch (fmt) {
	case BP_FMT_PNG:
		s->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
		    (int)s->width, (int)s->height);
		break;
	case BP_FMT_PDF:
		s->surface = cairo_pdf_surface_create_for_stream(write_cb, s,
		    s->width, s->height);
		pdf_date(date, sizeof(date));
		cairo_pdf_surface_set_metadata(s->surface,
		    CAIRO_PDF_METADATA_CREATE_DATE, date);
		cairo_pdf_surface_set_metadata(s->surface,
		    CAIRO_PDF_METADATA_CREATOR, "b-tools bplot");
		break;
	default:
		s->surface = cairo_svg_surface_create_for_stream(write_cb, s,
		    s->width, s->height);
		cairo_svg_surface_set_document_unit(s->surface,
		    CAIRO_SVG_UNIT_PT);
		break;
	}
	if (cairo_surface_status(s->surface) != CAIRO_STATUS_SUCCESS) {
		bp_err(err, "%s: %s", path, cairo_status_to_string(
		    cairo_surface_status(s->surface)));
		goto fail;
	}
	s->cr = cairo_create(s->surface);
	if (cairo_status(s->cr) != CAIRO_STATUS_SUCCESS) {
		bp_err(err, "%s: %s", path,
		    cairo_status_to_string(cairo_status(s->cr)));
		goto fail;
	}
	/*
	 * ImageMagick strokes a polyline wider than 2 with mitred joins
	 * as a closed outline (a chord across every fitted curve): round
	 * joins draw the same lines in every SVG renderer.
	 */
	if (s->format == BP_FMT_SVG)
		cairo_set_line_join(s->cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_source_rgb(s->cr, 1, 1, 1);
	cairo_paint(s->cr);
	return s;
fail:
	surface_free(s);
	return NULL;
}

int
bp_surface_finish(struct bp_surface *s, struct bs_err *err)
{
	struct bs_afile a;
	cairo_status_t st;
	int rc;

	if (s == NULL)
		return bp_err(err, "no surface");
	if ((st = cairo_status(s->cr)) != CAIRO_STATUS_SUCCESS) {
		bp_err(err, "%s: drawing failed: %s", s->path,
		    cairo_status_to_string(st));
		goto fail;
	}
	cairo_destroy(s->cr);
	s->cr = NULL;
	if (s->format == BP_FMT_PNG)
		st = bp_png_write(s->surface, png_put, s) == 0 ?
		    CAIRO_STATUS_SUCCESS : s->werr ? CAIRO_STATUS_WRITE_ERROR :
		    CAIRO_STATUS_NO_MEMORY;
	else {
		cairo_surface_finish(s->surface);
		st = cairo_surface_status(s->surface);
	}
	if (st != CAIRO_STATUS_SUCCESS || s->werr) {
		bp_err(err, "%s: %s", s->path, s->werr ? strerror(s->werr) :
		    cairo_status_to_string(st));
		goto fail;
	}
	if (bs_afile_open(&a, s->path, err) == -1)
		goto fail;
	if (s->format == BP_FMT_SVG) {
		svg_rgba(s->mem, &s->memlen);
		rc = svg_write_canonical(s->mem, s->memlen, a.fp);
	}
	else
		rc = fwrite(s->mem, 1, s->memlen, a.fp) == s->memlen ? 0 : -1;
	if (rc != 0) {
		bp_err(err, "%s: write error: %s", s->path, strerror(errno));
		bs_afile_abort(&a);
		goto fail;
	}
	if (bs_afile_commit(&a, err) == -1)
		goto fail;
	surface_free(s);
	return 0;
fail:
	surface_free(s);
	return -1;
}

void
bp_surface_abort(struct bp_surface *s)
{
	if (s != NULL)
		surface_free(s);
}
