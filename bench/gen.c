/*
 * gen: deterministic data for the b-tools benchmark (bench/run.sh).
 *
 *   gen lat   N SEED [SCALE]   CSV "op,latency_ns": op get or put, latency
 *                              lognormal (median 20 us, sigma 0.6) x SCALE,
 *                              in whole nanoseconds
 *   gen plain N SEED [SCALE]   the same values, one number per line
 *   gen scal  N SEED           CSV "threads,run,throughput": thread counts
 *                              1..64 (powers of two), throughput from the
 *                              Universal Scalability Law with 3 % noise
 *   gen grid  NX NY REP SEED   CSV "batch,payload_bytes,throughput_mb_s":
 *                              an NX x NY grid, REP repeats per cell
 *
 * The generator is splitmix64 + Box-Muller, so the same arguments give the
 * same bytes on every machine (up to the last ulp of libm's log/cos/sin,
 * which the rounding to the printed digits hides).  Output is buffered
 * and fast enough (> 20 M rows/s) to feed bstat through a pipe.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t st;

static uint64_t
next(void)
{
	uint64_t z = (st += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in (0, 1). */
static double
unif(void)
{
	return ((next() >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

static int have_spare;
static double spare;

static double
gauss(void)
{
	double r, t;

	if (have_spare) {
		have_spare = 0;
		return spare;
	}
	r = sqrt(-2.0 * log(unif()));
	t = 2.0 * M_PI * unif();
	spare = r * sin(t);
	have_spare = 1;
	return r * cos(t);
}

/* Output buffer: stdio's fwrite per field costs more than the numbers. */
static char ob[1 << 20];
static size_t olen;

static void
oflush(void)
{
	if (olen != 0 && fwrite(ob, 1, olen, stdout) != olen) {
		perror("gen");
		exit(1);
	}
	olen = 0;
}

static void
oput(const char *s, size_t len)
{
	if (olen + len > sizeof(ob))
		oflush();
	memcpy(ob + olen, s, len);
	olen += len;
}

/* Unsigned decimal into buf (backwards); returns the start. */
static char *
utoa(char *end, uint64_t v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	return end;
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: gen lat|plain N SEED [SCALE]\n"
	    "       gen scal N SEED\n"
	    "       gen grid NX NY REP SEED\n");
	exit(2);
}

int
main(int argc, char *argv[])
{
	static char obuf[1 << 20];
	char num[32], *p, *end = num + sizeof(num);
	unsigned long long n, i;
	double scale = 1.0, v;

	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	if (argc < 4)
		usage();
	if (strcmp(argv[1], "lat") == 0 || strcmp(argv[1], "plain") == 0) {
		int csv = argv[1][0] == 'l';

		n = strtoull(argv[2], NULL, 10);
		st = strtoull(argv[3], NULL, 10);
		if (argc > 4)
			scale = strtod(argv[4], NULL);
		if (csv)
			fputs("op,latency_ns\n", stdout);
		for (i = 0; i < n; i++) {
			int put = (next() & 3) == 0;	/* 25 % writes */

			/* writes are 30 % slower */
			v = scale * (put ? 26000.0 : 20000.0) *
			    exp(0.6 * gauss());
			end[-1] = '\n';
			p = utoa(end - 1, (uint64_t)llround(v));
			if (csv)
				oput(put ? "put," : "get,", 4);
			oput(p, (size_t)(end - p));
		}
		oflush();
	} else if (strcmp(argv[1], "scal") == 0) {
		static const int th[] = { 1, 2, 4, 8, 16, 32, 64 };
		const double lambda = 52000, sigma = 0.04, kappa = 0.0006;

		n = strtoull(argv[2], NULL, 10);
		st = strtoull(argv[3], NULL, 10);
		fputs("threads,run,throughput\n", stdout);
		for (i = 0; i < n; i++) {
			int t = th[i % 7];
			double c = lambda * t /
			    (1 + sigma * (t - 1) + kappa * t * (t - 1));

			v = c * (1 + 0.03 * gauss());
			printf("%d,%llu,%.2f\n", t, i / 7 + 1, v);
		}
	} else if (strcmp(argv[1], "grid") == 0) {
		unsigned long nx, ny, rep, x, y, r;

		if (argc < 6)
			usage();
		nx = strtoul(argv[2], NULL, 10);
		ny = strtoul(argv[3], NULL, 10);
		rep = strtoul(argv[4], NULL, 10);
		st = strtoull(argv[5], NULL, 10);
		fputs("batch,payload_bytes,throughput_mb_s\n", stdout);
		for (y = 0; y < ny; y++)
			for (x = 0; x < nx; x++)
				for (r = 0; r < rep; r++) {
					double b = (double)(x + 1);
					double pl = 64.0 * (double)(y + 1);

					/* saturating in batch and payload */
					v = 3000.0 * (b / (b + 8)) *
					    (pl / (pl + 1024)) *
					    (1 + 0.02 * gauss());
					printf("%lu,%lu,%.1f\n", x + 1,
					    64 * (y + 1), v);
				}
	} else
		usage();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("gen");
		return 1;
	}
	return 0;
}
