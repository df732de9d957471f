/*
 * Deterministic mutations of a seed input, for running the tools
 * themselves (tests/fuzz/tools.sh): option parsing, pairing, labels and
 * output formatting live in tools/, where the libFuzzer targets do not
 * reach.  The same seed file and number give the same mutants on every
 * machine (xorshift64*, seeded from the number and the file's bytes).
 *
 * usage: mutate SEEDFILE N OUTPREFIX
 * writes OUTPREFIX0 ... OUTPREFIX<N-1>.  With BTOOLS_MUTATE_FROM=B in
 * the environment they are mutants B ... B+N-1 instead of 0 ... N-1, so
 * that a campaign can run mutants no earlier campaign ran.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint64_t
next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * UINT64_C(2685821657736338717);
}

static size_t
below(size_t n)
{
	return n ? (size_t)(next() % n) : 0;
}

/* Text that has hurt parsers of this kind: extremes, quotes, breaks. */
static const char *const tokens[] = {
	"1e308", "-1e308", "1.7976931348623157e308", "1e-310", "3e-310",
	"4.9e-324", "1e999", "NaN", "nan(0x1)", "-0", "0x10", "1_000",
	"\xe2\x88\x92" "3", "\"", "\"\"", ",", ";", "\t", "|", "\n", "\r\n",
	"\r", "#", "=", " = ", "{", "}", "[", "]", "\":", "null", "true",
	"\xc3\xa9", "\xe5\x90\x9e\xe5\x90\x90\xe9\x87\x8f", "\xff\xfe",
	"\xc3", "\x80", ",,,,,,,,", "a=1 b=2", "9999999999999999999999",
	"18446744073709551616", "-9223372036854775809", "0.000000000000001",
	"Benchmark", "ns/op", "/threads:", "_mean", "BenchmarkX-8 100 5 ns/op",
};

static void
emit_long(FILE *fp)
{
	size_t n = 500 + below(5000);
	int c = "AZé9,\" "[below(7)];

	for (size_t i = 0; i < n; i++)
		fputc(c, fp);
}

int
main(int argc, char *argv[])
{
	FILE *fp;
	char *buf = NULL, *m, path[4096];
	size_t len = 0, cap = 0, nm, i;
	long n, from = 0;
	const char *fe = getenv("BTOOLS_MUTATE_FROM");

	if (fe != NULL && (from = strtol(fe, NULL, 10)) < 0)
		from = 0;
	if (argc != 4 || (n = strtol(argv[2], NULL, 10)) < 0) {
		fprintf(stderr, "usage: mutate SEEDFILE N OUTPREFIX\n");
		return 2;
	}
	if ((fp = fopen(argv[1], "rb")) == NULL) {
		perror(argv[1]);
		return 2;
	}
	for (;;) {
		if (len + 4096 > cap && (buf = realloc(buf,
		    cap = 2 * cap + 4096)) == NULL)
			return 2;
		if ((nm = fread(buf + len, 1, 4096, fp)) == 0)
			break;
		len += nm;
	}
	fclose(fp);
	for (long k = 0; k < n; k++) {
		size_t mlen = len, cut;
		int muts;

		rng = UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)(k + from + 1);
		for (i = 0; i < len; i++)
			rng = (rng ^ (unsigned char)buf[i]) *
			    UINT64_C(1099511628211);
		if (rng == 0)
			rng = 1;
		if ((m = malloc(len + 1)) == NULL)
			return 2;
		memcpy(m, buf, len);
		snprintf(path, sizeof(path), "%s%ld", argv[3], k);
		if ((fp = fopen(path, "wb")) == NULL) {
			perror(path);
			return 2;
		}
		/* A few byte-level changes in place, then one structural. */
		for (muts = 1 + (int)below(3); muts > 0 && mlen; muts--)
			m[below(mlen)] = (char)next();
		cut = below(mlen + 1);
		switch (below(5)) {
		case 0:		/* insert a token */
			fwrite(m, 1, cut, fp);
			fputs(tokens[below(sizeof(tokens) /
			    sizeof(tokens[0]))], fp);
			fwrite(m + cut, 1, mlen - cut, fp);
			break;
		case 1:		/* insert a long run (labels, fields) */
			fwrite(m, 1, cut, fp);
			emit_long(fp);
			fwrite(m + cut, 1, mlen - cut, fp);
			break;
		case 2:		/* truncate */
			fwrite(m, 1, cut, fp);
			break;
		case 3: {	/* repeat the line at cut many times */
			size_t s = cut, e = cut, r = 2 + below(200);

			while (s > 0 && m[s - 1] != '\n')
				s--;
			while (e < mlen && m[e] != '\n')
				e++;
			fwrite(m, 1, e, fp);
			while (r-- > 0) {
				fputc('\n', fp);
				fwrite(m + s, 1, e - s, fp);
			}
			fwrite(m + e, 1, mlen - e, fp);
			break;
		}
		default: {	/* delete a range */
			size_t d = below(mlen - cut + 1);

			fwrite(m, 1, cut, fp);
			fwrite(m + cut + d, 1, mlen - cut - d, fp);
			break;
		}
		}
		free(m);
		if (fclose(fp) == EOF) {
			perror(path);
			return 2;
		}
	}
	free(buf);
	return 0;
}
