/*
 * The fingerprint of a machine, for benv: what in the kernel, the CPU,
 * its clocking and idle states, memory, virtualisation and load makes
 * one run of a benchmark differ from another, read from /proc, /sys and
 * /etc only.  No program is run: what cannot be read is left out, and a
 * file that exists but cannot be read is named, so that the tool can
 * say so.  A root prefix lets the tests use a fake tree.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libstat.h"
#include "core/core.h"

#define EBUF	65536	/* enough for one /proc or /sys file we read */

struct ectx {
	struct bs_env	*env;
	const char	*root;
	int		 nomem;
};

static void
set(struct ectx *c, const char *key, const char *val)
{
	if (bs_meta_set(&c->env->kv, key, val) == -1)
		c->nomem = 1;
}

static void
joinpath(const struct ectx *c, const char *path, char *out, size_t len)
{
	snprintf(out, len, "%s%s", c->root, path);
}

/*
 * Read a file under the root into buf (NUL-terminated, trailing blanks
 * cut): 1 read, 0 missing (nothing said), -1 there but unreadable,
 * named in unreadable under its path.
 */
/*
 * fopen(path, "r") of a regular file only: opened without blocking (a
 * FIFO in the tree would wait for a writer for ever), then refused with
 * EINVAL unless regular; a directory is refused with EISDIR.
 */
static FILE *
open_regular(const char *path)
{
	struct stat st;
	FILE *fp;
	int fd, fl;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1)
		return NULL;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		int err = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;

		close(fd);
		errno = err;
		return NULL;
	}
	if ((fl = fcntl(fd, F_GETFL)) != -1)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	if ((fp = fdopen(fd, "r")) == NULL)
		close(fd);
	return fp;
}

static int
readfile(struct ectx *c, const char *path, char *buf, size_t len)
{
	char full[PATH_MAX];
	FILE *fp;
	size_t n;

	joinpath(c, path, full, sizeof(full));
	buf[0] = '\0';
	if ((fp = open_regular(full)) == NULL) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		if (errno == EINVAL) {
			if (bs_meta_set(&c->env->unreadable, path,
			    "not a regular file") == -1)
				c->nomem = 1;
			return -1;
		}
		goto unreadable;
	}
	n = fread(buf, 1, len - 1, fp);
	if (ferror(fp)) {
		fclose(fp);
		goto unreadable;
	}
	fclose(fp);
	buf[n] = '\0';
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return 1;
unreadable:
	if (bs_meta_set(&c->env->unreadable, path, strerror(errno)) == -1)
		c->nomem = 1;
	return -1;
}

/* One line of a file as a key's value; the file's first line. */
static void
fileval(struct ectx *c, const char *key, const char *path)
{
	char buf[512];
	char *nl;

	if (readfile(c, path, buf, sizeof(buf)) != 1 || buf[0] == '\0')
		return;
	if ((nl = strchr(buf, '\n')) != NULL)
		*nl = '\0';
	set(c, key, buf);
}

/* The value of "field : value" in a /proc/cpuinfo-like text, or NULL. */
static const char *
field(const char *text, const char *name, char *out, size_t len)
{
	size_t nl = strlen(name);
	const char *p = text;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, name, nl) == 0 && (p[nl] == ' ' ||
		    p[nl] == '\t' || p[nl] == ':')) {
			const char *v = strchr(p, ':'), *e;

			if (v == NULL)
				return NULL;
			for (v++; *v == ' ' || *v == '\t'; v++)
				;
			e = strchr(v, '\n');
			if (e == NULL)
				e = v + strlen(v);
			snprintf(out, len, "%.*s", (int)(e - v), v);
			return out;
		}
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	}
	return NULL;
}

/* Count the CPUs of a list such as "0-3,8-11" (sysfs cpu lists). */
#define CPULIST_MAX	(1L << 24)

static long
cpulist_count(const char *s)
{
	long n = 0, a, b;
	char *end;

	while (*s != '\0') {
		errno = 0;
		a = strtol(s, &end, 10);
		if (end == s || errno != 0 || a < 0)
			return -1;
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || errno != 0 || b < a)
				return -1;
		}
		/* No machine has more CPUs than this: a count that would
		 * overflow ("0-9223372036854775807") is no count. */
		if (b - a >= CPULIST_MAX || n + (b - a + 1) > CPULIST_MAX)
			return -1;
		n += b - a + 1;
		s = end;
		if (*s == ',')
			s++;
		else if (*s != '\0')
			return -1;
	}
	return n;
}

static void
setlong(struct ectx *c, const char *key, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	set(c, key, buf);
}

static void
os_release(struct ectx *c)
{
	char *buf = malloc(EBUF), v[256];
	const char *p;
	size_t n;

	if (buf == NULL) {
		c->nomem = 1;
		return;
	}
	if (readfile(c, "/etc/os-release", buf, EBUF) == 1 &&
	    (p = strstr(buf, "PRETTY_NAME=")) != NULL &&
	    (p == buf || p[-1] == '\n')) {
		p += strlen("PRETTY_NAME=");
		if (*p == '"' || *p == '\'')
			p++;
		for (n = 0; n + 1 < sizeof(v) && p[n] != '\0' && p[n] != '\n' &&
		    p[n] != '"' && p[n] != '\''; n++)
			v[n] = p[n];
		v[n] = '\0';
		if (n > 0)
			set(c, "os", v);
	}
	free(buf);
}

/*
 * The CPU from /proc/cpuinfo: its model, sockets and cores from the
 * distinct "physical id" and ("physical id", "core id") pairs, and the
 * "hypervisor" flag that a guest's CPUs carry.
 */
static int
cpuinfo(struct ectx *c, int *hypervisor)
{
	char *buf = malloc(4 * EBUF), v[256];
	char (*pairs)[32] = NULL, (*socks)[16] = NULL;
	size_t npairs = 0, nsocks = 0, i;
	const char *p;
	char phys[16] = "", core[16];

	*hypervisor = 0;
	if (buf == NULL) {
		c->nomem = 1;
		return -1;
	}
	if (readfile(c, "/proc/cpuinfo", buf, 4 * EBUF) != 1) {
		free(buf);
		return -1;
	}
	if (field(buf, "model name", v, sizeof(v)) != NULL ||
	    field(buf, "Model", v, sizeof(v)) != NULL ||
	    field(buf, "cpu model", v, sizeof(v)) != NULL ||
	    field(buf, "Hardware", v, sizeof(v)) != NULL)
		set(c, "cpu_model", v);
	if (field(buf, "flags", v, sizeof(v)) != NULL) {
		/* flags lines are long: look at the whole line. */
		const char *f = strstr(buf, "\nflags");
		const char *e = f ? strchr(f + 1, '\n') : NULL;
		const char *h = f ? strstr(f, " hypervisor") : NULL;

		*hypervisor = h != NULL && (e == NULL || h < e);
	}
	pairs = calloc(4096, sizeof(*pairs));
	socks = calloc(256, sizeof(*socks));
	if (pairs == NULL || socks == NULL) {
		c->nomem = 1;
		goto out;
	}
	/* Each processor's block: "physical id" then "core id". */
	for (p = buf; p != NULL && *p != '\0'; p = strchr(p, '\n') ?
	    strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, "physical id", 11) == 0 &&
		    field(p, "physical id", phys, sizeof(phys)) != NULL) {
			for (i = 0; i < nsocks; i++)
				if (strcmp(socks[i], phys) == 0)
					break;
			if (i == nsocks && nsocks < 256)
				snprintf(socks[nsocks++], sizeof(socks[0]), "%s",
				    phys);
		}
		if (strncmp(p, "core id", 7) == 0 &&
		    field(p, "core id", core, sizeof(core)) != NULL) {
			char key[32];

			snprintf(key, sizeof(key), "%s/%s", phys, core);
			for (i = 0; i < npairs; i++)
				if (strcmp(pairs[i], key) == 0)
					break;
			if (i == npairs && npairs < 4096)
				snprintf(pairs[npairs++], sizeof(pairs[0]), "%s",
				    key);
		}
	}
	if (nsocks > 0)
		setlong(c, "sockets", (long)nsocks);
	if (npairs > 0)
		setlong(c, "cores", (long)npairs);
out:
	free(pairs);
	free(socks);
	free(buf);
	return 0;
}

/* The same file of every CPU: its value, or "mixed" when they differ. */
static void
percpu(struct ectx *c, const char *key, const char *file)
{
	char path[PATH_MAX], full[PATH_MAX], v[128], first[128] = "";
	struct dirent *d;
	DIR *dir;
	int mixed = 0, any = 0;

	joinpath(c, "/sys/devices/system/cpu", full, sizeof(full));
	if ((dir = opendir(full)) == NULL)
		return;
	while ((d = readdir(dir)) != NULL) {
		if (strncmp(d->d_name, "cpu", 3) != 0 ||
		    !isdigit((unsigned char)d->d_name[3]))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/%s/%s",
		    d->d_name, file);
		if (readfile(c, path, v, sizeof(v)) != 1 || v[0] == '\0')
			continue;
		if (!any)
			snprintf(first, sizeof(first), "%s", v);
		else if (strcmp(first, v) != 0)
			mixed = 1;
		any = 1;
	}
	closedir(dir);
	if (any)
		set(c, key, mixed ? "mixed" : first);
}

/*
 * Turbo or boost: the generic cpufreq switch (acpi-cpufreq, amd), else
 * intel_pstate's no_turbo, which says the opposite.
 */
static void
boost(struct ectx *c)
{
	char v[32];

	if (readfile(c, "/sys/devices/system/cpu/cpufreq/boost", v,
	    sizeof(v)) == 1 && (v[0] == '0' || v[0] == '1'))
		set(c, "boost", v[0] == '1' ? "on" : "off");
	else if (readfile(c, "/sys/devices/system/cpu/intel_pstate/no_turbo",
	    v, sizeof(v)) == 1 && (v[0] == '0' || v[0] == '1'))
		set(c, "boost", v[0] == '1' ? "off" : "on");
}

/* C-state limits: the idle driver, intel_idle's limit, the command line. */
static void
cstates(struct ectx *c)
{
	/* The tokens kept are no longer than the line: out holds them all. */
	char buf[4096], out[4096] = "", *tok, *save;
	size_t len = 0;

	fileval(c, "idle_driver", "/sys/devices/system/cpu/cpuidle/"
	    "current_driver");
	fileval(c, "max_cstate", "/sys/module/intel_idle/parameters/"
	    "max_cstate");
	if (readfile(c, "/proc/cmdline", buf, sizeof(buf)) != 1)
		return;
	for (tok = strtok_r(buf, " \t\n", &save); tok != NULL;
	    tok = strtok_r(NULL, " \t\n", &save))
		if (strstr(tok, "max_cstate=") != NULL ||
		    strncmp(tok, "idle=", 5) == 0 ||
		    strncmp(tok, "cpuidle.off=", 12) == 0)
			len += (size_t)snprintf(out + len, len < sizeof(out) ?
			    sizeof(out) - len : 0, "%s%s", len ? " " : "", tok);
	if (len > 0 && len < sizeof(out))
		set(c, "cstate_cmdline", out);
}

static void
memory(struct ectx *c)
{
	char buf[8192], v[64];
	long kb;

	if (readfile(c, "/proc/meminfo", buf, sizeof(buf)) == 1 &&
	    field(buf, "MemTotal", v, sizeof(v)) != NULL &&
	    (kb = strtol(v, NULL, 10)) > 0)
		setlong(c, "memory_mib", kb / 1024);
}

static void
numa(struct ectx *c)
{
	char full[PATH_MAX];
	struct dirent *d;
	DIR *dir;
	long n = 0;

	joinpath(c, "/sys/devices/system/node", full, sizeof(full));
	if ((dir = opendir(full)) == NULL)
		return;
	while ((d = readdir(dir)) != NULL)
		if (strncmp(d->d_name, "node", 4) == 0 &&
		    isdigit((unsigned char)d->d_name[4]))
			n++;
	closedir(dir);
	if (n > 0)
		setlong(c, "numa_nodes", n);
}

static int
exists(const struct ectx *c, const char *path)
{
	char full[PATH_MAX];
	struct stat st;

	joinpath(c, path, full, sizeof(full));
	return stat(full, &st) == 0;
}

/*
 * Virtualisation as systemd-detect-virt tells it, from files only: a
 * container by the marker files and process 1's cgroups; a machine by
 * Xen's /sys/hypervisor, the firmware's vendor strings (DMI), then the
 * CPU's hypervisor flag, which every guest's CPUs carry.
 */
static void
virt(struct ectx *c, int hypervisor)
{
	static const struct { const char *s, *name; } dmi[] = {
		{ "KVM", "kvm" }, { "QEMU", "qemu" }, { "VMware", "vmware" },
		{ "VirtualBox", "oracle" }, { "innotek", "oracle" },
		{ "Xen", "xen" }, { "Microsoft Corporation", "microsoft" },
		{ "Amazon EC2", "amazon" }, { "Google", "google" },
		{ "Parallels", "parallels" }, { "Bochs", "bochs" },
		{ "BHYVE", "bhyve" }
	};
	static const char *const dmifiles[] = {
		"/sys/class/dmi/id/product_name", "/sys/class/dmi/id/sys_vendor",
		"/sys/class/dmi/id/board_vendor", "/sys/class/dmi/id/bios_vendor"
	};
	char buf[8192];
	const char *vm = NULL, *ct = NULL;
	size_t i, j;

	if (exists(c, "/.dockerenv"))
		ct = "docker";
	else if (exists(c, "/run/.containerenv"))
		ct = "podman";
	else if (readfile(c, "/proc/1/cgroup", buf, sizeof(buf)) == 1) {
		/* Unknown when unreadable: "none" only when it says so. */
		ct = "none";
		if (strstr(buf, "kubepods") != NULL)
			ct = "kubernetes";
		else if (strstr(buf, "docker") != NULL)
			ct = "docker";
		else if (strstr(buf, "lxc") != NULL)
			ct = "lxc";
	}
	if (ct != NULL)
		set(c, "container", ct);
	if (readfile(c, "/sys/hypervisor/type", buf, sizeof(buf)) == 1 &&
	    buf[0] != '\0')
		vm = strcmp(buf, "xen") == 0 ? "xen" : buf;
	for (i = 0; vm == NULL && i < sizeof(dmifiles) / sizeof(dmifiles[0]);
	    i++) {
		if (readfile(c, dmifiles[i], buf, sizeof(buf)) != 1)
			continue;
		for (j = 0; j < sizeof(dmi) / sizeof(dmi[0]); j++)
			if (strstr(buf, dmi[j].s) != NULL) {
				vm = dmi[j].name;
				break;
			}
	}
	if (vm == NULL && hypervisor)
		vm = "vm";
	set(c, "virt", vm ? vm : "none");
}

static void
load(struct ectx *c)
{
	char buf[256], a[32], b[32], d[32];

	if (readfile(c, "/proc/loadavg", buf, sizeof(buf)) == 1 &&
	    sscanf(buf, "%31s %31s %31s", a, b, d) == 3) {
		set(c, "load1", a);
		set(c, "load5", b);
		set(c, "load15", d);
	}
}

/*
 * Steal time since boot, as a percentage of all CPU time: the share a
 * hypervisor gave to other guests.  /proc/stat's "cpu" line holds user
 * nice system idle iowait irq softirq steal, in clock ticks.
 */
static void
steal(struct ectx *c)
{
	char buf[4096], v[32];
	unsigned long long x[8], tot = 0;
	int k;

	if (readfile(c, "/proc/stat", buf, sizeof(buf)) != 1 ||
	    strncmp(buf, "cpu ", 4) != 0)
		return;
	if (sscanf(buf + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &x[0],
	    &x[1], &x[2], &x[3], &x[4], &x[5], &x[6], &x[7]) != 8)
		return;
	for (k = 0; k < 8; k++)
		tot += x[k];
	if (tot == 0)
		return;
	snprintf(v, sizeof(v), "%.2f", 100.0 * (double)x[7] / (double)tot);
	set(c, "steal_pct", v);
}

/*
 * Compilers are not run (the library runs no program, and a compiler's
 * --version can be slow or interactive): their paths on PATH are given
 * with symbolic links resolved, which on most systems name the version
 * (/usr/bin/gcc -> x86_64-linux-gnu-gcc-12).
 */
static void
compilers(struct ectx *c, const char *path)
{
	static const char *const names[] = { "cc", "gcc", "clang", "go",
	    "rustc" };
	char *dirs, *d, *save, full[PATH_MAX], res[PATH_MAX], rootr[PATH_MAX];
	size_t i, rl = 0;

	/* Under a test root, paths are given as inside it. */
	if (*c->root != '\0' && realpath(c->root, rootr) != NULL)
		rl = strlen(rootr);

	for (i = 0; path != NULL && i < sizeof(names) / sizeof(names[0]);
	    i++) {
		if ((dirs = strdup(path)) == NULL) {
			c->nomem = 1;
			return;
		}
		for (d = strtok_r(dirs, ":", &save); d != NULL;
		    d = strtok_r(NULL, ":", &save)) {
			if (*d != '/')
				continue;
			snprintf(full, sizeof(full), "%s%s/%s", c->root, d,
			    names[i]);
			if (access(full, X_OK) != 0 || realpath(full, res) ==
			    NULL)
				continue;
			set(c, names[i], rl > 0 && strncmp(res, rootr, rl) ==
			    0 ? res + rl : res);
			break;
		}
		free(dirs);
	}
}

/* A file of a git directory (or its common directory), first line. */
static int
gitfile(const char *gitdir, const char *common, const char *name,
    char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *fp;
	size_t n;

	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "%.3000s/%.1000s", k == 0 ? gitdir : common,
		    name);
		if ((fp = open_regular(path)) == NULL)
			continue;
		n = fread(buf, 1, len - 1, fp);
		fclose(fp);
		buf[n] = '\0';
		while (n > 0 && isspace((unsigned char)buf[n - 1]))
			buf[--n] = '\0';
		return 0;
	}
	return -1;
}

/* The commit of a ref from packed-refs ("<sha> <ref>" lines). */
static int
packed(const char *common, const char *ref, char *out, size_t len)
{
	char path[PATH_MAX], line[1024];
	size_t rl = strlen(ref);
	FILE *fp;
	int rc = -1;

	snprintf(path, sizeof(path), "%.4000s/packed-refs", common);
	if ((fp = open_regular(path)) == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL) {
		char *sp = strchr(line, ' ');

		if (line[0] == '#' || line[0] == '^' || sp == NULL)
			continue;
		if (strncmp(sp + 1, ref, rl) == 0 && (sp[1 + rl] == '\n' ||
		    sp[1 + rl] == '\0')) {
			snprintf(out, len, "%.*s", (int)(sp - line), line);
			rc = 0;
			break;
		}
	}
	fclose(fp);
	return rc;
}

/*
 * The current commit without git: .git found from the working directory
 * up (a file "gitdir: ..." in a worktree or submodule), HEAD a commit or
 * "ref: refs/heads/...", the ref a loose file or a line of packed-refs
 * in the common directory.
 */
static void
gitcommit(struct ectx *c, const char *given)
{
	char dir[PATH_MAX], gitdir[PATH_MAX], common[PATH_MAX], buf[1024];
	char sha[128], *slash;
	struct stat st;

	if (given != NULL)
		snprintf(gitdir, sizeof(gitdir), "%s", given);
	else {
		if (getcwd(dir, sizeof(dir)) == NULL)
			return;
		for (;;) {
			snprintf(gitdir, sizeof(gitdir), "%.4000s/.git",
			    strcmp(dir, "/") == 0 ? "" : dir);
			if (stat(gitdir, &st) == 0)
				break;
			if ((slash = strrchr(dir, '/')) == NULL || dir[1] ==
			    '\0')
				return;
			if (slash == dir)
				slash[1] = '\0';
			else
				*slash = '\0';
		}
		if (S_ISREG(st.st_mode)) {
			FILE *fp = fopen(gitdir, "r");

			if (fp == NULL || fgets(buf, sizeof(buf), fp) == NULL) {
				if (fp)
					fclose(fp);
				return;
			}
			fclose(fp);
			buf[strcspn(buf, "\r\n")] = '\0';
			if (strncmp(buf, "gitdir: ", 8) != 0)
				return;
			if (buf[8] == '/')
				snprintf(gitdir, sizeof(gitdir), "%s", buf + 8);
			else
				snprintf(gitdir, sizeof(gitdir), "%.3000s/%.1000s", dir,
				    buf + 8);
		}
	}
	snprintf(common, sizeof(common), "%s", gitdir);
	if (gitfile(gitdir, gitdir, "commondir", buf, sizeof(buf)) == 0) {
		if (buf[0] == '/')
			snprintf(common, sizeof(common), "%s", buf);
		else
			snprintf(common, sizeof(common), "%.2000s/%.1000s",
			    gitdir, buf);
	}
	if (gitfile(gitdir, gitdir, "HEAD", buf, sizeof(buf)) == -1)
		return;
	if (strncmp(buf, "ref: ", 5) != 0) {
		set(c, "git_commit", buf);
		return;
	}
	if (strncmp(buf + 5, "refs/heads/", 11) == 0)
		set(c, "git_branch", buf + 16);
	if (gitfile(gitdir, common, buf + 5, sha, sizeof(sha)) == 0 ||
	    packed(common, buf + 5, sha, sizeof(sha)) == 0)
		set(c, "git_commit", sha);
}

int
bs_env_capture(struct bs_env *env, const char *root, const char *path,
    const char *gitdir, struct bs_err *e)
{
	struct ectx c = { env, root ? root : "", 0 };
	char buf[256];
	int hyp = 0;
	long n;

	memset(env, 0, sizeof(*env));
	fileval(&c, "hostname", "/proc/sys/kernel/hostname");
	fileval(&c, "kernel", "/proc/sys/kernel/osrelease");
	os_release(&c);
	cpuinfo(&c, &hyp);
	if (readfile(&c, "/sys/devices/system/cpu/online", buf, sizeof(buf)) ==
	    1 && (n = cpulist_count(buf)) > 0)
		setlong(&c, "threads", n);
	fileval(&c, "smt", "/sys/devices/system/cpu/smt/control");
	percpu(&c, "governor", "cpufreq/scaling_governor");
	percpu(&c, "freq_driver", "cpufreq/scaling_driver");
	boost(&c);
	if (readfile(&c, "/sys/devices/system/cpu/cpu0/cpufreq/"
	    "cpuinfo_max_freq", buf, sizeof(buf)) == 1 &&
	    (n = strtol(buf, NULL, 10)) > 0)
		setlong(&c, "cpu_max_mhz", n / 1000);
	cstates(&c);
	memory(&c);
	numa(&c);
	virt(&c, hyp);
	load(&c);
	steal(&c);
	compilers(&c, path);
	gitcommit(&c, gitdir);
	if (c.nomem) {
		bs_env_free(env);
		return bs_seterr(e, NULL, 0, "out of memory");
	}
	return 0;
}

void
bs_env_free(struct bs_env *env)
{
	bs_meta_free(&env->kv);
	bs_meta_free(&env->unreadable);
}

static size_t
warn(struct bs_envwarn *w, size_t n, size_t max, const char *key,
    const char *fmt, const char *a, const char *b)
{
	if (n < max) {
		snprintf(w[n].key, sizeof(w[n].key), "%s", key);
		/* Words for people: in the language --lang chose. */
		snprintf(w[n].msg, sizeof(w[n].msg), bs_tr(fmt), a, b);
	}
	return n + 1;
}

/*
 * What spoils a benchmark on this machine: a governor other than
 * performance lets the clock wander with the load; boost makes it
 * depend on temperature and on the other cores; a load average above a
 * tenth of the CPUs means others are running; more than 1% of steal
 * time means a hypervisor takes the CPU away.
 */
size_t
bs_env_check(const struct bs_meta *m, struct bs_envwarn *w, size_t max)
{
	const char *v, *t;
	size_t n = 0;
	char lim[32];

	if ((v = bs_meta_get(m, "governor")) != NULL &&
	    strcmp(v, "performance") != 0)
		n = warn(w, n, max, "governor", "frequency governor is '%s', "
		    "not 'performance': the clock follows the load%s", v, "");
	if ((v = bs_meta_get(m, "boost")) != NULL && strcmp(v, "on") == 0)
		n = warn(w, n, max, "boost", "turbo/boost is on: the clock "
		    "depends on temperature and the other cores%s%s", "", "");
	if ((v = bs_meta_get(m, "load1")) != NULL &&
	    (t = bs_meta_get(m, "threads")) != NULL &&
	    strtod(v, NULL) > 0.1 * strtod(t, NULL)) {
		snprintf(lim, sizeof(lim), "%g", 0.1 * strtod(t, NULL));
		n = warn(w, n, max, "load1", "load average %s is above %s "
		    "(a tenth of the CPUs): something else is running", v, lim);
	}
	if ((v = bs_meta_get(m, "steal_pct")) != NULL && strtod(v, NULL) > 1)
		n = warn(w, n, max, "steal_pct", "%s%% of CPU time since boot "
		    "was stolen by the hypervisor%s", v, "");
	if ((v = bs_meta_get(m, "smt")) != NULL && strcmp(v, "on") == 0)
		n = warn(w, n, max, "smt", "SMT (hyper-threading) is on: "
		    "sibling threads share a core%s%s", "", "");
	return n;
}
