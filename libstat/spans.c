/*
 * Where each record of an input lies, recorded by bs_read() as the
 * records go by, so that bs_passthru() can write them back by copying
 * their bytes instead of reading the input a second time.
 */
#include <stdlib.h>

#include "libstat.h"
#include "extern.h"

struct bs_spans *
bs_spans_new(void)
{
	return calloc(1, sizeof(struct bs_spans));
}

void
bs_spans_free(struct bs_spans *sp)
{
	if (sp == NULL)
		return;
	free(sp->off);
	free(sp->len);
	free(sp);
}

int
bs_spans_add(struct bs_spans *sp, const struct bs_record *r)
{
	size_t cap = sp->cap;

	if (sp->n == sp->cap && (bs_grow(&sp->off, &cap, sp->n + 1,
	    sizeof(*sp->off)) == -1 || bs_grow(&sp->len, &sp->cap, sp->n + 1,
	    sizeof(*sp->len)) == -1))
		return -1;
	sp->off[sp->n] = r->off;
	sp->len[sp->n] = (uint32_t)r->len | (uint32_t)r->eollen << 30;
	sp->n++;
	return 0;
}
