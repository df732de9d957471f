/*
 * Time windows (bstat --every): the rows of a series cut by their time
 * stamps into windows of a fixed length, each window summarised as a
 * series of its own, with its requests per second.  The windows start
 * at the table's first stamp floored to a multiple of the length, so a
 * boundary never depends on the order of the input, and every window
 * from there to the last stamp is there, an empty one empty (n = 0),
 * never interpolated.  Rows out of time order are taken in time order.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "stat/stat.h"

/* Row order by time stamp, then input order (a stable sort). */
static const double *sort_time;

static int
bytime(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;

	if (sort_time[i] != sort_time[j])
		return sort_time[i] < sort_time[j] ? -1 : 1;
	return (i > j) - (i < j);
}

/*
 * The seconds of window k (of nw from origin) the group's log covers:
 * the first from its first stamp, the last to its last, the others
 * whole; what its throughput divides by (a partial window is no dip).
 */
static double
window_span(double tmin, double tmax, double every, double origin,
    size_t k, size_t nw)
{
	double a = origin + (double)k * every, b = a + every;

	(void)nw;
	if (tmin > a)
		a = tmin;
	if (tmax < b)
		b = tmax;
	return b - a > 0 ? b - a : every;
}

/*
 * The first and last stamp of group g's run: of every group read from
 * the same input (the labels of one log share its clock: a label's
 * throughput is its requests over the time the test ran).
 */
static void
run_span(const struct bs_table *t, size_t g, double *lo, double *hi)
{
	size_t line;
	const char *src = bs_table_group_source(t, g, &line), *o;

	*lo = t->groups[g].tmin;
	*hi = t->groups[g].tmax;
	for (size_t i = 0; src != NULL && i < t->ngroups; i++) {
		if (t->groups[i].tn == 0 || (o = bs_table_group_source(t, i,
		    &line)) == NULL || strcmp(o, src) != 0)
			continue;
		*lo = fmin(*lo, t->groups[i].tmin);
		*hi = fmax(*hi, t->groups[i].tmax);
	}
}

double
bs_window_origin(const struct bs_table *t, double every)
{
	return floor(t->tmin / every) * every;
}

size_t
bs_window_count(const struct bs_table *t, double every)
{
	double o = bs_window_origin(t, every);

	if (t->nrows == 0)
		return 0;
	/* Streamed: the windows of the stamps' floor(seconds / every). */
	if (t->every > 0)
		return (size_t)(floor(t->tmax / every) - floor(t->tmin /
		    every)) + 1;
	return (size_t)floor((t->tmax - o) / every) + 1;
}

/*
 * The windows of a table streamed with bs_table_opts.every (a sketch a
 * window): as bs_windows(), the quantiles within the sketch's accuracy,
 * everything else exact.  Order does not matter to a sketch: *unsorted
 * says only that stamps came out of order.
 */
int
bs_windows_sketched(const struct bs_table *t, size_t g, size_t c,
    const struct bs_summary_opts *so, struct bs_window *w, int *unsorted,
    struct bs_err *e)
{
	return bs_windows_sketched_range(t, g, c, so, 0,
	    bs_window_count(t, t->every), w, unsorted, e);
}

/*
 * Windows first .. first + nw - 1 of them into w[0 .. nw): a caller
 * that takes them a slice at a time keeps a slice of summaries (1 KiB
 * each), not one a window of a long log.
 */
int
bs_windows_sketched_range(const struct bs_table *t, size_t g, size_t c,
    const struct bs_summary_opts *so, size_t first, size_t nw,
    struct bs_window *w, int *unsorted, struct bs_err *e)
{
	const struct bs_group *gr = &t->groups[g];
	struct bs_summary_opts wo = *so;
	size_t all = bs_window_count(t, t->every);
	int64_t j0 = (int64_t)floor(t->tmin / t->every), j;
	double rlo, rhi;

	wo.skip = 0;
	*unsorted = gr->unsorted;
	run_span(t, g, &rlo, &rhi);
	if (first > all)
		first = all;
	if (nw > all - first)
		nw = all - first;
	for (size_t k = 0; k < nw; k++) {
		struct bs_sketch_series ss;
		const struct bs_series *s = NULL;

		j = j0 + (int64_t)(first + k) - gr->wlo;
		if (j >= 0 && (size_t)j < gr->nwin)
			s = &gr->win[(size_t)j * t->nvcols + c];
		memset(&ss, 0, sizeof(ss));
		if (s != NULL) {
			ss.missing = s->missing;
			ss.req = s->req;
			ss.err = s->err;
			ss.sat = s->sat;
			ss.tol = s->tol;
			ss.apn = s->apn;
			if (s->mom != NULL && s->mom->n > 0) {
				ss.n = s->mom->n;
				ss.mean = bs_moments_mean(s->mom, s->refd);
				ss.m2 = bs_moments_m2(s->mom);
				ss.min = s->mom->rmin;
				ss.max = s->mom->rmax;
				ss.sk = s->mom->sk;
			}
		}
		w[k].start = (double)(first + k) * t->every;
		/* A request: a row with a value (k6 writes a row a metric). */
		w[k].requests = s != NULL ? s->n - s->missing : 0;
		w[k].throughput = (double)w[k].requests / window_span(rlo,
		    rhi, t->every, (double)j0 * t->every, first + k, all);
		if (bs_sketch_summarize(&ss, &wo, &w[k].s, e) == -1)
			return -1;
	}
	return 0;
}

/*
 * Window w's rows (idx[lo..hi) in time order) of series s into ws:
 * their values (NaN: missing), and the requests' rates as the table
 * counts them (failed by ok, within Apdex's T).
 */
static void
window_series(const struct bs_group *gr,
    const struct bs_series *s, const size_t *idx, size_t lo, size_t hi,
    double T, struct bs_series *ws)
{
	for (size_t k = lo; k < hi; k++) {
		size_t i = idx[k];
		double v = isnan(s->v[i]) ? (double)NAN : bs_series_value(s, i);
		int ok = gr->okrow == NULL || gr->okrow[i];

		ws->v[ws->n++] = v;
		if (isnan(v)) {		/* no request of this column's */
			ws->missing++;
			continue;
		}
		ws->req++;
		ws->err += !ok;
		if (T > 0) {
			ws->apn++;
			if (ok && v <= T)
				ws->sat++;
			else if (ok && v <= 4 * T)
				ws->tol++;
		}
	}
}

int
bs_windows(const struct bs_table *t, size_t g, size_t c, double every,
    const struct bs_summary_opts *so, struct bs_window *w, int *unsorted,
    struct bs_err *e)
{
	return bs_windows_at(t, g, c, every, bs_window_origin(t, every),
	    bs_window_count(t, every), so, w, unsorted, e);
}

int
bs_windows_at(const struct bs_table *t, size_t g, size_t c, double every,
    double origin, size_t nw, const struct bs_summary_opts *so,
    struct bs_window *w, int *unsorted, struct bs_err *e)
{
	const struct bs_group *gr = &t->groups[g];
	const struct bs_series *s = &gr->s[c];
	struct bs_summary_opts wo = *so;
	size_t n = s->n, *idx, k, j, lo;
	struct bs_series ws;
	double rlo, rhi;
	int rc = -1;

	*unsorted = 0;
	run_span(t, g, &rlo, &rhi);
	/* The warm-up is the group's first rows, not each window's. */
	wo.skip = 0;
	idx = malloc((n + 1) * sizeof(*idx));
	memset(&ws, 0, sizeof(ws));
	ws.hasref = 1;		/* shifted by zero: the values as parsed */
	ws.v = malloc((n + 1) * sizeof(*ws.v));
	if (idx == NULL || ws.v == NULL) {
		bs_seterr(e, NULL, 0, "out of memory");
		goto out;
	}
	for (j = 0, k = so->skip < n ? so->skip : n; k < n; k++) {
		if (j > 0 && gr->time[k] < gr->time[idx[j - 1]])
			*unsorted = 1;
		idx[j++] = k;
	}
	n = j;
	if (*unsorted) {
		sort_time = gr->time;
		qsort(idx, n, sizeof(*idx), bytime);
	}
	for (k = 0, lo = 0; k < nw; k++) {
		double end = origin + (double)(k + 1) * every;
		size_t hi = lo;

		while (hi < n && (gr->time[idx[hi]] < end || k + 1 == nw))
			hi++;
		ws.n = ws.missing = ws.req = ws.err = 0;
		ws.sat = ws.tol = ws.apn = 0;
		ws.cap = n + 1;
		window_series(gr, s, idx, lo, hi, so->apdex > 0 ||
		    so->apdex_s > 0 ? bs_table_apdex(t, c) : 0, &ws);
		w[k].start = (double)k * every;
		/* A request: a row with a value (k6 writes a row a metric). */
		w[k].requests = ws.n - ws.missing;
		w[k].throughput = (double)w[k].requests / window_span(rlo,
		    rhi, every, origin, k, nw);
		if (bs_summarize(&ws, &wo, 1, &w[k].s, e) == -1)
			goto out;
		lo = hi;
	}
	rc = 0;
out:
	free(idx);
	free(ws.v);
	return rc;
}
