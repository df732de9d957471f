/*
 * Readers for what real benchmark tools write: hyperfine, Google
 * Benchmark, go test -bench, pyperf and fio.
 */
#include <string.h>

#include "libstat.h"
#include "extern.h"

enum bs_format
bs_detect_tool(const char *p, size_t len)
{
	(void)p;
	(void)len;
	return BS_FMT_AUTO;
}

int
bs_read_tools(struct bs_src *s, enum bs_format f,
    const struct bs_reader_cb *cb, struct bs_err *e)
{
	(void)cb;
	return bs_seterr(e, s->name, 0, "input format %s is not supported "
	    "yet", bs_format_name(f));
}
