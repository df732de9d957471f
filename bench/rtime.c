/*
 * rtime: run a command, then write one line "WALL USER SYS MAXRSS_KB" to
 * FILE (seconds with microseconds; the peak resident set size in KiB).
 *
 *   rtime FILE command [arg ...]
 *
 * The same numbers as /usr/bin/time -f "%e %U %S %M" (GNU time reads
 * ru_maxrss and the CPU times from wait4() as here), at microsecond
 * instead of centisecond resolution, and the wall time from
 * CLOCK_MONOTONIC.  The peak RSS is that of the command and of every
 * descendant it waited for (a "sh -c 'a | b'" reports the larger).
 * Exit status: the command's; 127 if it could not be run.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double
tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

int
main(int argc, char *argv[])
{
	struct timespec t0, t1;
	struct rusage ru;
	FILE *fp;
	pid_t pid;
	int status;

	if (argc < 3) {
		fprintf(stderr, "usage: rtime FILE command [arg ...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid == -1) {
		perror("rtime: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "rtime: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) == -1)
		if (errno != EINTR) {
			perror("rtime: wait4");
			return 127;
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if ((fp = fopen(argv[1], "w")) == NULL) {
		perror(argv[1]);
		return 127;
	}
	fprintf(fp, "%.6f %.6f %.6f %ld\n",
	    (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	    tv(ru.ru_utime), tv(ru.ru_stime), ru.ru_maxrss);
	if (fclose(fp) != 0) {
		perror(argv[1]);
		return 127;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
