/*
 * Shared pieces of the libFuzzer targets: an input as a bs_buf (NUL
 * terminated as bs_buf_load makes it) or as a file streamed by path, a
 * trap for broken invariants, and checks on what the library writes.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <jansson.h>

#include "libstat.h"
#include "read/read.h"

/* An invariant the library must keep: report and crash. */
#define FUZZ_CHECK(cond, what) do {					\
	if (!(cond)) {							\
		fprintf(stderr, "fuzz invariant broken: %s (%s:%d)\n",	\
		    (what), __FILE__, __LINE__);			\
		abort();						\
	}								\
} while (0)

static inline void
fuzz_buf(struct bs_buf *b, const uint8_t *data, size_t size)
{
	memset(b, 0, sizeof(*b));
	b->data = malloc(size + 1);
	FUZZ_CHECK(b->data != NULL, "malloc");
	memcpy(b->data, data, size);
	b->data[size] = '\0';
	b->len = size;
	b->name = strdup("fuzz");
}

/*
 * The input as a file the reader opens and streams (the path the tools
 * take for a file operand); returns the fd to close, path filled.
 */
static inline int
fuzz_file(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("fuzz", 0);
	size_t off = 0;

	FUZZ_CHECK(fd != -1, "memfd_create");
	while (off < size) {
		ssize_t w = write(fd, data + off, size - off);

		FUZZ_CHECK(w > 0, "write to memfd");
		off += (size_t)w;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/* An error must be one line, with a message. */
static inline void
fuzz_check_err(const struct bs_err *e)
{
	char buf[1024];

	FUZZ_CHECK(e->msg[0] != '\0', "error without a message");
	bs_err_format(e, buf, sizeof(buf));
	FUZZ_CHECK(strchr(e->msg, '\n') == NULL, "error message spans lines");
}

/* Write a result in every format; JSON output must parse back. */
static inline void
fuzz_write_result(const struct bs_result *r)
{
	static const enum bs_outfmt fmts[] = { BS_OUT_TABLE, BS_OUT_CSV,
	    BS_OUT_TSV, BS_OUT_JSON, BS_OUT_MD };

	for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		char *p = NULL;
		size_t n = 0;
		FILE *fp = open_memstream(&p, &n);
		int rc;

		FUZZ_CHECK(fp != NULL, "open_memstream");
		rc = bs_result_write(r, fmts[i], fp);
		fclose(fp);
		if (rc == 0 && fmts[i] == BS_OUT_JSON) {
			json_error_t je;
			json_t *j = json_loadb(p, n, JSON_ALLOW_NUL, &je);

			if (j == NULL)
				fprintf(stderr, "bad JSON output: %s\n%.*s\n",
				    je.text, (int)(n > 2000 ? 2000 : n), p);
			FUZZ_CHECK(j != NULL, "JSON output does not parse");
			json_decref(j);
		}
		free(p);
	}
}

#endif
