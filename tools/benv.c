/*
 * benv: the fingerprint of the machine a benchmark runs on, as key=value
 * lines that the readers carry with the results as metadata, and a
 * check of what spoils benchmarks.  What is read and how is libstat's
 * (env.c); this file holds the options and the writing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"

enum {
	OPT_CHECK = OPT_TOOL,
	OPT_ROOT
};

enum efmt { EF_KV, EF_JSON, EF_COMMENT };

static void
usage(FILE *fp, int status)
{
	fprintf(fp,
"usage: benv [-f kv|json|comment] [-o FILE] [--check] [--root DIR]\n"
"The fingerprint of this machine: kernel, OS, CPU, cores, SMT, governor,\n"
"boost, C-states, memory, NUMA, virtualisation, load, compilers, commit.\n"
"\n"
"  -f, --format F     kv (default: key=value between '# benv' and\n"
"                     '# end benv'), json, or comment ('# key: value'\n"
"                     lines to put before a CSV table)\n"
"  -o, --output FILE  write there (whole or not at all)\n"
"      --check        warn about what spoils benchmarks (governor, boost,\n"
"                     load, steal time, SMT); exit 1 if anything does\n"
"      --root DIR     read /proc, /sys and /etc under DIR (for testing;\n"
"                     also BENV_ROOT)\n"
"      --lang en|zh   the words of --check, Chinese with zh (en)\n"
"  -h, --help         this help\n"
"      --version      the version\n"
"Exit status: 0, 1 when --check found a problem, 2 on error.\n");
	exit(status);
}

struct out {
	const struct bs_meta	*m;
	enum efmt		 f;
};

/* A value as kv takes it back: quoted when it holds blanks or '='. */
static void
kvvalue(FILE *fp, const char *v)
{
	if (*v != '\0' && strpbrk(v, " \t=\",") == NULL) {
		fputs(v, fp);
		return;
	}
	/* kv has no escape for '"' inside quotes: it becomes '\''. */
	fputc('"', fp);
	for (; *v != '\0'; v++)
		fputc(*v == '"' ? '\'' : *v, fp);
	fputc('"', fp);
}

static int
put(FILE *fp, void *arg)
{
	const struct out *o = arg;
	const struct bs_meta *m = o->m;
	size_t i;

	switch (o->f) {
	case EF_KV:
		fprintf(fp, "# benv %s\n", BS_VERSION);
		for (i = 0; i < m->n; i++) {
			fprintf(fp, "%s=", m->key[i]);
			kvvalue(fp, m->val[i]);
			fputc('\n', fp);
		}
		fputs("# end benv\n", fp);
		break;
	case EF_COMMENT:
		for (i = 0; i < m->n; i++)
			fprintf(fp, "# %s: %s\n", m->key[i], m->val[i]);
		break;
	case EF_JSON:
		fputc('{', fp);
		for (i = 0; i < m->n; i++) {
			fputs(i ? ",\n  " : "\n  ", fp);
			bs_json_string(fp, m->key[i], strlen(m->key[i]));
			fputs(": ", fp);
			bs_json_string(fp, m->val[i], strlen(m->val[i]));
		}
		fputs("\n}\n", fp);
		break;
	}
	return ferror(fp) ? -1 : 0;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format",	required_argument, NULL, 'f' },
		{ "output",	required_argument, NULL, 'o' },
		{ "check",	no_argument,	   NULL, OPT_CHECK },
		{ "root",	required_argument, NULL, OPT_ROOT },
		{ "help",	no_argument,	   NULL, 'h' },
		{ "version",	no_argument,	   NULL, OPT_VERSION },
		{ "lang",	required_argument, NULL, OPT_LANG },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_common com;
	struct bs_env env;
	struct bs_envwarn w[16];
	struct bs_err e;
	struct out o = { NULL, EF_KV };
	const char *root = getenv("BENV_ROOT");
	struct stat st;
	int ch, check = 0;
	size_t i, nw;

	tool_init("benv", &com, argv);
	while ((ch = getopt_long(argc, argv, "f:o:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			if (strcmp(optarg, "kv") == 0)
				o.f = EF_KV;
			else if (strcmp(optarg, "json") == 0)
				o.f = EF_JSON;
			else if (strcmp(optarg, "comment") == 0)
				o.f = EF_COMMENT;
			else
				die("unknown output format '%s' (kv, json, "
				    "comment)", optarg);
			break;
		case OPT_CHECK:
			check = 1;
			break;
		case OPT_ROOT:
			root = optarg;
			break;
		default:
			/* -o, -h, --version and the one-line errors. */
			if (!tool_common_opt(ch, optarg, &com, usage))
				usage(stderr, 2);
		}
	}
	if (optind < argc)
		die("no operands, not '%s' (see benv --help)", argv[optind]);
	if (root != NULL && *root != '\0' && (stat(root, &st) == -1 ||
	    !S_ISDIR(st.st_mode)))
		die("--root %s: not a folder", root);
	if (bs_env_capture(&env, root, getenv("PATH"), getenv("GIT_DIR"),
	    &e) == -1)
		die_err(&e);
	/* Said, not fatal: a fingerprint with a gap is still one. */
	for (i = 0; i < env.unreadable.n; i++)
		warnmsg(bs_tr("note: %s: %s: left out"), env.unreadable.key[i],
		    env.unreadable.val[i]);
	if (check) {
		nw = bs_env_check(&env.kv, w, sizeof(w) / sizeof(w[0]));
		for (i = 0; i < nw && i < sizeof(w) / sizeof(w[0]); i++)
			warnmsg("warning: %s: %s", w[i].key, w[i].msg);
		bs_env_free(&env);
		return nw > 0 ? 1 : 0;
	}
	o.m = &env.kv;
	tool_write(&com, put, &o);
	bs_env_free(&env);
	return 0;
}
