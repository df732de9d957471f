/*
 * Where each record of an input lies, recorded by bs_read() as the
 * records go by, so that bs_passthru() can write them back by copying
 * their bytes instead of reading the input a second time.
 */
#include <stdlib.h>
#include <string.h>

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

/*
 * Append s's records to d's, as if noted one by one after them: s's
 * first jump is dropped when its record starts where d's next would.
 */
int
bs_spans_append(struct bs_spans *d, const struct bs_spans *s)
{
	if (s->n == 0)
		return 0;
	if (bs_grow(&d->len, &d->cap, d->n + s->n, sizeof(*d->len)) == -1)
		return -1;
	for (size_t j = 0; j < s->njump; j++) {
		if (s->jump[j].row == 0 && d->n > 0 &&
		    s->jump[j].off == d->next)
			continue;
		if (bs_grow(&d->jump, &d->jcap, d->njump + 1,
		    sizeof(*d->jump)) == -1)
			return -1;
		d->jump[d->njump].row = d->n + s->jump[j].row;
		d->jump[d->njump].off = s->jump[j].off;
		d->njump++;
	}
	memcpy(d->len + d->n, s->len, s->n * sizeof(*s->len));
	d->n += s->n;
	d->next = s->next;
	return 0;
}
