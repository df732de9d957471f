/*
 * key=value lines (logfmt, the output of many benchmark harnesses): the
 * columns are the keys in the order they are first seen, which takes a
 * first pass over the whole input before the header can be handed over.
 */
#include <stdlib.h>
#include <string.h>

#include "libstat.h"
#include "read/read.h"

/* Does the line hold a key=value token? */
int
bs_kv_line(const char *s, size_t len)
{
	size_t i = 0, k;

	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		k = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '=' &&
		    s[i] != ',' && s[i] != '"')
			i++;
		if (i < len && s[i] == '=' && i > k && i + 1 < len &&
		    s[i + 1] != ' ')
			return 1;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
	}
	return 0;
}

/*
 * Call fn for every line of the (whole, in memory) source with its
 * bounds, line end length and number.
 */
static int
eachline(struct bs_src *s, int (*fn)(void *, const char *, size_t, size_t,
    size_t, size_t, struct bs_err *), void *arg, struct bs_err *e)
{
	size_t pos = bs_skipbom(s->win, s->len), line = 1, end, k, eol;
	const char *nl;

	while (pos < s->len) {
		nl = memchr(s->win + pos, '\n', s->len - pos);
		end = nl ? (size_t)(nl - s->win) : s->len;
		eol = nl ? 1 : 0;
		k = end;
		if (k > pos && s->win[k - 1] == '\r') {
			k--;
			eol++;
		}
		if (k - pos > BS_MAX_RECORD)
			return bs_seterr(e, s->name, line,
			    "line longer than %u bytes", BS_MAX_RECORD);
		if (fn(arg, s->win + pos, k - pos, line, s->base + pos, eol,
		    e) == -1)
			return -1;
		line++;
		pos = end + 1;
	}
	return 0;
}

struct kvctx {
	const struct bs_reader_cb *cb;
	const char	*name;
	struct bs_field	*keys;		/* distinct keys, first-seen order */
	size_t		 nkeys, kcap;
	struct bs_field	*vals;		/* per record, by key index */
	size_t		 vcap;
	int		 pass;
	size_t		 nrec;
	struct bs_strhash hash;		/* key -> index */
	const char	*dup;		/* a key given twice on a line */
	size_t		 duplen;
	size_t		 envline;	/* inside a benv block from this line */
};

/* Split a kv line into (key, value) tokens; calls tok for each. */
static int
kvtokens(const char *s, size_t len,
    int (*tok)(struct kvctx *, const char *, size_t, const char *, size_t),
    struct kvctx *c)
{
	size_t i = 0, k, v, n = 0;

	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		k = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '=')
			i++;
		if (i < len && s[i] == '=' && i > k) {
			size_t klen = i - k;

			v = ++i;
			if (i < len && s[i] == '"') {
				v = ++i;
				while (i < len && s[i] != '"')
					i++;
				if (tok(c, s + k, klen, s + v, i - v) == -1)
					return -1;
				if (i < len)
					i++;
			} else {
				while (i < len && s[i] != ' ' && s[i] != '\t')
					i++;
				/* A trailing comma separates, it is no digit. */
				size_t vl = i - v;

				if (vl > 0 && s[v + vl - 1] == ',')
					vl--;
				if (tok(c, s + k, klen, s + v, vl) == -1)
					return -1;
			}
			n++;
		} else
			while (i < len && s[i] != ' ' && s[i] != '\t')
				i++;
	}
	return (int)n;
}

static long
kvfind(struct kvctx *c, const char *k, size_t klen)
{
	return bs_strhash_get(&c->hash, k, klen);
}

static int
kvtok(struct kvctx *c, const char *k, size_t klen, const char *v,
    size_t vlen)
{
	long i = kvfind(c, k, klen);

	if (c->pass == 0) {
		if (i >= 0)
			return 0;
		if (bs_grow(&c->keys, &c->kcap, c->nkeys + 1,
		    sizeof(*c->keys)) == -1 ||
		    bs_strhash_put(&c->hash, k, klen, c->nkeys) == -1)
			return -1;
		c->keys[c->nkeys].s = k;
		c->keys[c->nkeys].len = klen;
		c->nkeys++;
		return 0;
	}
	if (i >= 0) {
		if (c->vals[i].s != NULL) {
			/* Which one counts?  No silent pick. */
			c->dup = k;
			c->duplen = klen;
			return -1;
		}
		c->vals[i].s = v;
		c->vals[i].len = vlen;
	}
	return 0;
}

/* A pair of a benv block: metadata, not a column. */
static int
metatok(struct kvctx *c, const char *k, size_t klen, const char *v,
    size_t vlen)
{
	char *key = bs_strndup(k, klen), *val = bs_strndup(v, vlen);
	int rc = key != NULL && val != NULL ? 0 : -1;

	if (rc == 0 && c->cb->meta != NULL)
		c->cb->meta(c->cb->arg, key, val);
	free(key);
	free(val);
	return rc;
}

/*
 * benv's output concatenated before a log: from a line "# benv" to a
 * line "# end benv", the pairs are the machine's fingerprint.  The end
 * line is required, so that a log of single pairs is never taken for
 * one.  1 when the line belongs to such a block.
 */
static int
envblock(struct kvctx *c, const char *s, size_t len, size_t line)
{
	if (c->envline == 0) {
		if (len >= 6 && memcmp(s, "# benv", 6) == 0 && (len == 6 ||
		    s[6] == ' ')) {
			c->envline = line;
			return 1;
		}
		return 0;
	}
	if (len >= 10 && memcmp(s, "# end benv", 10) == 0)
		c->envline = 0;
	else if (c->pass == 0 && kvtokens(s, len, metatok, c) == -1)
		return -1;
	return 1;
}

static int
kvline_cb(void *arg, const char *s, size_t len, size_t line, size_t off,
    size_t eol, struct bs_err *e)
{
	struct kvctx *c = arg;
	struct bs_record r;
	int n;

	if ((n = envblock(c, s, len, line)) == -1)
		return bs_seterr(e, c->name, line, "out of memory");
	if (n == 1)
		return 0;
	if (c->pass == 1)
		for (size_t i = 0; i < c->nkeys; i++) {
			c->vals[i].s = NULL;
			c->vals[i].len = 0;
		}
	if ((n = kvtokens(s, len, kvtok, c)) == -1 && c->dup != NULL)
		return bs_seterr(e, c->name, line, "key '%.*s' appears twice "
		    "on the line", (int)(c->duplen > 40 ? 40 : c->duplen),
		    c->dup);
	if (n == -1)
		return bs_seterr(e, c->name, line, "out of memory");
	if (c->pass == 0 || n == 0)
		return 0;
	r = (struct bs_record){ .f = c->vals, .nf = c->nkeys, .line = line,
	    .recno = ++c->nrec, .off = off, .len = len, .eollen = eol };
	return c->cb->record(c->cb->arg, &r, e);
}

static int
bs_read_kv(struct bs_src *s, const struct bs_reader_cb *cb,
    struct bs_err *e)
{
	struct kvctx c;
	int rc = -1;

	memset(&c, 0, sizeof(c));
	c.cb = cb;
	c.name = s->name;
	if (bs_src_slurp(s, e) == -1)
		return -1;
	if (eachline(s, kvline_cb, &c, e) == -1)
		goto out;
	if (c.envline != 0) {
		bs_seterr(e, s->name, c.envline, "a benv block without its "
		    "'# end benv' line");
		goto out;
	}
	if (c.nkeys == 0) {
		bs_seterr(e, s->name, 0, "no key=value pairs in the input");
		goto out;
	}
	if ((c.vals = calloc(c.nkeys, sizeof(*c.vals))) == NULL) {
		bs_seterr(e, s->name, 0, "out of memory");
		goto out;
	}
	if (cb->header(cb->arg, c.keys, c.nkeys, e) == -1)
		goto out;
	c.pass = 1;
	if (eachline(s, kvline_cb, &c, e) == -1)
		goto out;
	rc = 0;
out:
	free(c.keys);
	free(c.vals);
	bs_strhash_free(&c.hash);
	return rc;
}

const struct bs_fmt bs_fmt_kv = {
	.name = "kv",
	.read = bs_read_kv,
	.spans = 1,
	.refuse = BS_REFUSE_BSTAT | BS_REFUSE_XML |
	    BS_REFUSE_REDIS,
};
