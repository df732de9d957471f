/*
 * Where each record of an input lies, recorded by bs_read() as the
 * records go by, so that bs_passthru() can write them back by copying
 * their bytes instead of reading the input a second time.
 */
#include <stdlib.h>

#include "libstat.h"
#include "read/read.h"

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
	free(sp->len);
	free(sp->jump);
	free(sp);
}

int
bs_spans_jump(struct bs_spans *sp, size_t off)
{
	if (bs_grow(&sp->jump, &sp->jcap, sp->njump + 1,
	    sizeof(*sp->jump)) == -1)
		return -1;
	sp->jump[sp->njump].row = sp->n;
	sp->jump[sp->njump].off = off;
	sp->njump++;
	return 0;
}

int
bs_spans_grow(struct bs_spans *sp)
{
	return bs_grow(&sp->len, &sp->cap, sp->n + 1, sizeof(*sp->len));
}
