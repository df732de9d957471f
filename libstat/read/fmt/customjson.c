/*
 * The "custom" JSON of continuous-benchmarking services (github-action-
 * benchmark's customSmallerIsBetter and customBiggerIsBetter): an array
 * of {name, unit, value, range, extra}, one row per entry.  Nothing in
 * the file says which way is better; each unit has its own column,
 * "value [req/s]", its unit declared, so a rate is higher-is-better and
 * anything else needs the option.
 *
 * Also the loader the readers of JSON arrays share (JMH writes an array
 * too), since bs_rows_read_json() takes objects only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/*
 * Load an input that holds one JSON value (array or object) and build
 * rows from it through fill.  Text before the first '[' or '{' is
 * skipped, as tools print notices first; line numbers count it.
 */
int
bs_rows_read_anyjson(struct bs_src *s, const char *what,
    int (*fill)(json_t *, struct bs_rows *, const struct bs_reader_cb *,
    const char *, struct bs_err *), const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct bs_rows r;
	json_error_t je;
	json_t *root;
	size_t st = 0, i, line;
	int rc = -1;

	if (bs_src_slurp(s, e) == -1)
		return -1;
	while (st < s->len && s->win[st] != '[' && s->win[st] != '{')
		st++;
	root = json_loadb(s->win + st, s->len - st, JSON_ALLOW_NUL, &je);
	if (root == NULL) {
		if (JSON_OOM(&je))
			return bs_seterr(e, s->name, 0, "out of memory");
		line = je.line > 0 ? (size_t)je.line : 0;
		for (i = 0; line > 0 && i < st; i++)
			line += s->win[i] == '\n';
		return bs_seterr(e, s->name, line, "invalid JSON: %s",
		    je.text);
	}
	memset(&r, 0, sizeof(r));
	if (fill(root, &r, cb, s->name, e) == 0)
		rc = bs_rows_emit(&r, s->name, what, cb, e);
	json_decref(root);
	bs_rows_free(&r);
	return rc;
}

/*
 * A unit every row of a column shares, declared once at the end: a
 * column holds one unit, so values in several are left undeclared.
 */
void
bs_unitvote(struct bs_unitvote *v, const char *unit)
{
	if (unit == NULL || *unit == '\0' || v->mixed)
		return;
	if (v->unit[0] == '\0')
		snprintf(v->unit, sizeof(v->unit), "%s", unit);
	else if (strcmp(v->unit, unit) != 0) {
		v->mixed = 1;
		snprintf(v->other, sizeof(v->other), "%s", unit);
	}
}

/*
 * Julia BenchmarkTools JSON comes here too, to be refused with its
 * reason: its TrialEstimates hold one estimate per benchmark, with
 * neither samples nor a spread.
 */
static int
julia(json_t *root)
{
	return json_is_object(json_array_get(root, 0)) &&
	    json_object_get(json_array_get(root, 0), "BenchmarkTools") != NULL;
}

static int
custom(json_t *root, struct bs_rows *r, const struct bs_reader_cb *cb,
    const char *file, struct bs_err *e)
{
	json_t *o;
	size_t i;
	char *col;

	if (julia(root))
		return bs_seterr(e, file, 0, "Julia BenchmarkTools JSON is not "
		    "read: it holds one estimate per benchmark, no samples");
	if (!json_is_array(root))
		return bs_seterr(e, file, 0, "not custom-json output: the "
		    "input is not an array of {name, unit, value}");
	json_array_foreach(root, i, o) {
		const char *name = json_string_value(json_object_get(o,
		    "name"));
		const char *unit = json_string_value(json_object_get(o,
		    "unit"));
		json_t *v = json_object_get(o, "value");

		if (name == NULL || !json_is_number(v)) {
			bs_reader_warn(cb, "custom-json: entry %zu has no name "
			    "or no numeric value: left out", i + 1);
			continue;
		}
		/*
		 * A column holds one unit, and one file mixes them ("req/s"
		 * beside "Megabytes"): a column per unit, so that each is
		 * declared and a rate is higher-is-better.
		 */
		if (unit == NULL || *unit == '\0')
			col = strdup("value");
		else if (asprintf(&col, "value [%s]", unit) == -1)
			col = NULL;
		if (col == NULL) {
			r->failed = 1;
			break;
		}
		bs_rows_set(r, "name", name);
		bs_rows_setjson(r, col, v);
		if (unit != NULL && *unit != '\0')
			bs_rows_unit(r, col, unit);
		/* Free text ("3", "5%", "± 0.3"): kept as written. */
		bs_rows_setjson(r, "range", json_object_get(o, "range"));
		free(col);
		bs_rows_endrow(r, 0);
	}
	return 0;
}

/* An array whose first object has "name", "unit" and "value". */
static int
bs_customjson_detect(const char *p, size_t len)
{
	const char *o;

	if (len == 0 || p[0] != '[')
		return 0;
	for (o = p + 1; o < p + len && (*o == ' ' || *o == '\n' ||
	    *o == '\r' || *o == '\t'); o++)
		;
	if (o < p + len && *o == '{' && bs_contains(p, len, "\"Julia\"") &&
	    bs_contains(p, len, "\"BenchmarkTools\""))
		return 1;
	return o < p + len && *o == '{' && bs_contains(p, len, "\"name\"") &&
	    bs_contains(p, len, "\"unit\"") &&
	    bs_contains(p, len, "\"value\"");
}

static int
bs_read_customjson(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	return bs_rows_read_anyjson(s, "custom-json", custom, cb, e);
}

static const struct bs_idcol idcols[] = { { "name", 0 }, { NULL, 0 } };

const struct bs_fmt bs_fmt_customjson = {
	.name = "custom-json",
	.detect = { { bs_customjson_detect, 110 } },
	.read = bs_read_customjson,
	.name_errors = 1,
	.identity = idcols,
};
