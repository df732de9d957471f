/*
 * What a column's name says: the quantity (a time, a size, a rate), its
 * unit, and whether higher values are better.  One table decides this
 * for every tool: bcompare's verdicts and bplot's axis titles read it
 * from here, so that "throughput_msg_per_sec" cannot be a rate to one
 * and a time to the other.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "libstat.h"
#include "core/core.h"

struct unit_tok {
	const char	*tok;
	const char	*unit;
};

static const struct unit_tok time_toks[] = {
	{ "ns", "ns" }, { "nsec", "ns" }, { "nanos", "ns" },
	{ "nanoseconds", "ns" }, { "us", "us" }, { "usec", "us" },
	{ "\xc2\xb5s", "us" }, { "\xce\xbcs", "us" }, { "micros", "us" },
	{ "microseconds", "us" }, { "ms", "ms" }, { "msec", "ms" },
	{ "millis", "ms" }, { "milliseconds", "ms" }, { "s", "s" },
	{ "sec", "s" }, { "secs", "s" }, { "seconds", "s" },
	{ NULL, NULL }
};

static const struct unit_tok byte_toks[] = {
	{ "b", "B" }, { "bytes", "B" }, { "byte", "B" }, { "kib", "KiB" },
	{ "mib", "MiB" }, { "gib", "GiB" },
	{ NULL, NULL }
};

/* Byte counts before "/s" or "per sec": rates in bytes per second. */
static const struct unit_tok rate_toks[] = {
	{ "b", "B/s" }, { "bytes", "B/s" }, { "kb", "kB/s" },
	{ "mb", "MB/s" }, { "gb", "GB/s" }, { "kib", "KiB/s" },
	{ "mib", "MiB/s" }, { "gib", "GiB/s" },
	{ NULL, NULL }
};

/*
 * Words that make a name a rate (higher is better) wherever they stand
 * as a token: "throughput", "ops_per_sec", "req_rps", "bw_bytes".
 */
static const char *const rate_words[] = {
	"throughput", "tput", "bandwidth", "bw", "rps", "qps", "tps", "iops",
	"mbps", "gbps", "kbps", "speedup",
	/* operations (per second, as benchmarks print them) */
	"ops", "kops", "mops", "gops", "flops", "kflops", "mflops", "gflops",
	"tflops", "pflops", "fps", NULL
};

/*
 * Things counted before "_s", "_sec", "/s": "ops_sec", "req_s",
 * "msgs_s", "rows_s", "tx_s" are so many per second, rates (higher is
 * better), not seconds.
 */
static const char *const count_words[] = {
	"op", "ops", "kops", "mops", "operations", "req", "reqs", "request",
	"requests", "msg", "msgs", "message", "messages", "row", "rows",
	"tx", "txs", "txn", "txns", "transaction", "transactions", "query",
	"queries", "q", "item", "items", "event", "events", "call", "calls",
	"iter", "iters", "iteration", "iterations", "packet", "packets",
	"pkt", "pkts", "record", "records", "rec", "recs", "doc", "docs",
	"key", "keys", "hits", "lookup", "lookups", "insert", "inserts",
	"update", "updates", "write", "writes", "read", "reads", "frame",
	"frames", "job", "jobs", "task", "tasks", "sample", "samples",
	"conn", "conns", "connection", "connections", "commit", "commits",
	"tuple", "tuples", "page", "pages", "file", "files", "flops",
	"gflops", "instr", "elem", "elems", "element", "elements", NULL
};

/*
 * Words of what is wanted more of: hits (a cache's "hit_rate",
 * "hit_ratio"), a score (JMH's thrpt score; its declared unit decides
 * in JMH's own output), instructions per cycle (perf stat's "ipc").
 */
static const char *const benefit_words[] = {
	"hit", "hits", "score", "ipc", NULL
};

/*
 * A "rate" is so much per unit of time, higher is better (Google
 * Benchmark's rate counters, kIsRate, are named freely: "rate",
 * "items_rate"), unless it is a rate of something unwanted: an error,
 * miss or drop rate is a cost.
 */
static const char *const rate_names[] = { "rate", "rates", NULL };
static const char *const unwanted_words[] = {
	"err", "error", "errors", "miss", "misses", "fail", "fails",
	"failure", "failures", "drop", "drops", "dropped", "loss", "lost",
	"retry", "retries", "abort", "aborts", "timeout", "timeouts",
	"reject", "rejects", "rejected", "evict", "evictions", "bounce",
	NULL
};

/* Words that make a name a time (lower is better). */
static const char *const time_words[] = {
	"time", "latency", "lat", "elapsed", "duration", "wall", "cpu",
	"clat", "slat", "delay", "rtt", "response", "wait", "real", "user",
	"sys", "runtime", NULL
};

/* Words that make a name a size or a count of work (lower is better). */
static const char *const cost_words[] = {
	"alloc", "allocs", "allocations", "memory", "mem", "rss", "heap",
	"size", "instructions", "cycles", "misses", "faults", "errors",
	"retries", NULL
};

static const char *
unit_lookup(const struct unit_tok *t, const char *s, size_t len)
{
	for (; t->tok != NULL; t++)
		if (strlen(t->tok) == len && strncasecmp(t->tok, s, len) == 0)
			return t->unit;
	return NULL;
}

static int
word_in(const char *const *w, const char *s, size_t len)
{
	for (; *w != NULL; w++)
		if (strlen(*w) == len && strncasecmp(*w, s, len) == 0)
			return 1;
	return 0;
}

static int
is_sep(char c)
{
	return c == '_' || c == '-' || c == '.' || c == ' ' || c == ':';
}

static int
is_sep(char c);

/* Is any token of name (split at _ - . space : / ( ) [ ]) one of w? */
static int
any_word(const char *name, const char *const *w)
{
	size_t len = strlen(name), i = 0, s;

	while (i < len) {
		while (i < len && (is_sep(name[i]) || strchr("/()[]",
		    name[i]) != NULL))
			i++;
		s = i;
		while (i < len && !(is_sep(name[i]) || strchr("/()[]",
		    name[i]) != NULL))
			i++;
		if (i > s && word_in(w, name + s, i - s))
			return 1;
	}
	return 0;
}

static void
setunit(struct bs_colunit *u, enum bs_qty q, const char *s, size_t len)
{
	u->qty = q;
	snprintf(u->unit, sizeof(u->unit), "%.*s", (int)len, s);
}

/*
 * A unit in brackets at the end: "latency (us)", "latency [ms]"; 0 when
 * the name has none.
 */
static int
bracket_unit(const char *name, size_t len, struct bs_colunit *u)
{
	const char *s, *br;
	size_t b, ul;

	if (!((name[len - 1] == ')' && (br = strrchr(name, '(')) != NULL) ||
	    (name[len - 1] == ']' && (br = strrchr(name, '[')) != NULL)))
		return 0;
	b = (size_t)(br - name);
	ul = len - b - 2;
	while (b > 0 && name[b - 1] == ' ')
		b--;
	u->baselen = b;
	if ((s = unit_lookup(time_toks, br + 1, ul)) != NULL)
		setunit(u, BS_QTY_TIME, s, strlen(s));
	else if ((s = unit_lookup(byte_toks, br + 1, ul)) != NULL)
		setunit(u, BS_QTY_SIZE, s, strlen(s));
	else if (ul > 2 && strncmp(br + 1 + ul - 2, "/s", 2) == 0)
		setunit(u, BS_QTY_RATE, br + 1, ul);
	else
		setunit(u, BS_QTY_NONE, br + 1, ul);
	return 1;
}

/*
 * A unit per something: "ns/op", "B/op", "MB/s", "allocs/op", "req/s";
 * 0 when the name has no '/'.
 */
static int
slash_unit(const char *name, size_t len, struct bs_colunit *u)
{
	const char *s, *sl;
	size_t l;

	if ((sl = strchr(name, '/')) == NULL)
		return 0;
	l = (size_t)(sl - name);
	u->baselen = 0;
	/* Per any time unit is a rate: ops/s, ops/ms, req/us. */
	if (unit_lookup(time_toks, sl + 1, strlen(sl + 1)) != NULL ||
	    strcmp(sl, "/min") == 0) {
		if (strcmp(sl, "/s") != 0 && strcmp(sl, "/sec") != 0)
			setunit(u, BS_QTY_RATE, name, len);
		else if ((s = unit_lookup(rate_toks, name, l)) != NULL)
			setunit(u, BS_QTY_RATE, s, strlen(s));
		else {
			setunit(u, BS_QTY_RATE, name, l);
			strncat(u->unit, "/s", sizeof(u->unit) -
			    strlen(u->unit) - 1);
		}
		return 1;
	}
	if ((s = unit_lookup(time_toks, name, l)) != NULL) {
		setunit(u, BS_QTY_TIME, s, strlen(s));
		snprintf(u->per, sizeof(u->per), "%s", sl);
	} else if ((s = unit_lookup(byte_toks, name, l)) != NULL) {
		setunit(u, BS_QTY_SIZE, s, strlen(s));
		snprintf(u->per, sizeof(u->per), "%s", sl);
	} else
		setunit(u, BS_QTY_COUNT, name, len);
	return 1;
}

/*
 * The unit in the name's last words: "latency_us", "msg_per_sec",
 * "throughput_mb_s", "ops_s", "size_bytes".
 */
static void
token_unit(const char *name, size_t len, struct bs_colunit *u)
{
	size_t tok[64], tlen[64], n = 0, i;
	const char *s;

	for (i = 0; i < len && n < 64;) {
		while (i < len && is_sep(name[i]))
			i++;
		if (i == len)
			break;
		tok[n] = i;
		while (i < len && !is_sep(name[i]))
			i++;
		tlen[n] = i - tok[n];
		n++;
	}
	if (n == 0 || n == 64)
		return;
#define TOK(k)		(name + tok[k]), tlen[k]
#define TOKIS(k, w)	(tlen[k] == strlen(w) && \
			    strncasecmp(name + tok[k], (w), tlen[k]) == 0)
#define BASE(k)		(u->baselen = k > 0 ? tok[k - 1] + tlen[k - 1] : 0)

	/* ..._<what>_per_sec */
	if (n >= 3 && TOKIS(n - 2, "per") && (TOKIS(n - 1, "s") ||
	    TOKIS(n - 1, "sec") || TOKIS(n - 1, "second"))) {
		if ((s = unit_lookup(rate_toks, TOK(n - 3))) != NULL)
			setunit(u, BS_QTY_RATE, s, strlen(s));
		else {
			setunit(u, BS_QTY_RATE, TOK(n - 3));
			strncat(u->unit, "/s", sizeof(u->unit) -
			    strlen(u->unit) - 1);
		}
		BASE(n - 3);
		return;
	}
	/* ..._mb_s */
	if (n >= 2 && TOKIS(n - 1, "s") &&
	    (s = unit_lookup(rate_toks, TOK(n - 2))) != NULL) {
		setunit(u, BS_QTY_RATE, s, strlen(s));
		BASE(n - 2);
		return;
	}
	/* ..._ops_s, ..._req_sec: so many per second */
	if (n >= 2 && (TOKIS(n - 1, "s") || TOKIS(n - 1, "sec") ||
	    TOKIS(n - 1, "second")) && word_in(count_words, TOK(n - 2))) {
		setunit(u, BS_QTY_RATE, TOK(n - 2));
		strncat(u->unit, "/s", sizeof(u->unit) - strlen(u->unit) - 1);
		BASE(n - 2);
		return;
	}
	/*
	 * A bare "time" or "elapsed" has no unit of its own: the format
	 * declares one (hyperfine's seconds), else it is a time in no unit.
	 */
	if (n == 1 && (TOKIS(0, "time") || TOKIS(0, "elapsed")))
		return;
	/* A lone "b" is no unit unless it stands after a name. */
	if (n == 1 && TOKIS(0, "b"))
		return;
	if ((s = unit_lookup(time_toks, TOK(n - 1))) != NULL) {
		setunit(u, BS_QTY_TIME, s, strlen(s));
		BASE(n - 1);
	} else if ((s = unit_lookup(byte_toks, TOK(n - 1))) != NULL) {
		setunit(u, BS_QTY_SIZE, s, strlen(s));
		BASE(n - 1);
	}
#undef TOK
#undef TOKIS
#undef BASE
}

/*
 * The unit part: "latency_us" is "latency" in microseconds,
 * "throughput_msg_per_sec" "throughput" in msg/s, "throughput_mb_s" in
 * MB/s, "size_bytes" in bytes, "latency (ms)" and "latency[ms]" in
 * milliseconds, "ns/op" nanoseconds per operation, "time" seconds.
 */
static void
parse_unit(const char *name, struct bs_colunit *u)
{
	size_t len = strlen(name);

	u->baselen = len;
	if (len == 0 || bracket_unit(name, len, u) || slash_unit(name, len, u))
		return;
	token_unit(name, len, u);
}

/*
 * The direction: a rate in its unit, or a rate word anywhere in the name
 * (ops, flops, fps), is higher-is-better, and so is a word of what is
 * wanted more of (hits, a hit rate, a score: rule "benefit"); a time, a size, or a word of time or cost is
 * lower-is-better; a name that matches nothing is lower-is-better by
 * default, and says so (matched = 0).
 */
static void
direction(const char *name, struct bs_colunit *u)
{
	size_t len = strlen(name), i = 0, s;

	if (u->qty == BS_QTY_RATE) {
		u->higher = 1;
		u->rule = BS_RULE_RATE;
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		for (i = 0; i < len;) {
			while (i < len && (is_sep(name[i]) || name[i] == '/' ||
			    name[i] == '(' || name[i] == ')' || name[i] == '['
			    || name[i] == ']'))
				i++;
			s = i;
			while (i < len && !(is_sep(name[i]) || name[i] == '/'
			    || name[i] == '(' || name[i] == ')' ||
			    name[i] == '[' || name[i] == ']'))
				i++;
			if (i == s)
				continue;
			/* Rates first: "latency_throughput" is a rate. */
			if (pass == 0 && word_in(rate_words, name + s, i - s)) {
				u->higher = 1;
				u->rule = BS_RULE_RATE;
				return;
			}
			if (pass == 0 && word_in(benefit_words, name + s,
			    i - s)) {
				u->higher = 1;
				u->rule = BS_RULE_BENEFIT;
				return;
			}
			if (pass == 0 && word_in(rate_names, name + s, i - s)) {
				u->higher = !any_word(name, unwanted_words);
				u->rule = u->higher ? BS_RULE_RATE :
				    BS_RULE_COST;
				return;
			}
			if (pass == 1 && (word_in(time_words, name + s, i - s)
			    || unit_lookup(time_toks, name + s, i - s))) {
				u->rule = BS_RULE_TIME;
				return;
			}
			if (pass == 1 && word_in(cost_words, name + s, i - s)) {
				u->rule = BS_RULE_COST;
				return;
			}
		}
	if (u->qty == BS_QTY_TIME)
		u->rule = BS_RULE_TIME;
	else if (u->qty == BS_QTY_SIZE || u->qty == BS_QTY_COUNT)
		u->rule = BS_RULE_COST;
	else
		u->rule = BS_RULE_DEFAULT;
}

void
bs_column_unit(const char *name, struct bs_colunit *u)
{
	memset(u, 0, sizeof(*u));
	parse_unit(name, u);
	direction(name, u);
}

void
bs_column_unit_as(const char *name, const char *declared,
    struct bs_colunit *u)
{
	struct bs_colunit d;
	const char *s;

	bs_column_unit(name, u);
	if (declared == NULL || *declared == '\0' ||
	    strcmp(u->unit, declared) == 0)
		return;
	/*
	 * The declared unit read as a name would be ("us/op": a time per
	 * operation; "ops/ms": a rate); the whole column name is the base
	 * when the name itself carries no unit.
	 */
	bs_column_unit(declared, &d);
	/*
	 * A unit declared alone is a unit, not a name: "B" is bytes (a
	 * lone "b" in a name is not; declared in lower case it may be bits).
	 */
	if (d.unit[0] == '\0' && strcmp(declared, "b") != 0 &&
	    (s = unit_lookup(byte_toks, declared, strlen(declared))) != NULL) {
		setunit(&d, BS_QTY_SIZE, s, strlen(s));
		d.per[0] = '\0';
	}
	/* vmstat's "us" in %: the name is no unit, but what is measured. */
	if (u->unit[0] == '\0' || (u->qty == BS_QTY_TIME &&
	    d.qty != BS_QTY_TIME))
		u->baselen = strlen(name);
	if (d.unit[0] != '\0') {
		memcpy(u->unit, d.unit, sizeof(u->unit));
		memcpy(u->per, d.per, sizeof(u->per));
	} else {
		snprintf(u->unit, sizeof(u->unit), "%s", declared);
		u->per[0] = '\0';
	}
	u->qty = d.qty != BS_QTY_NONE ? d.qty : BS_QTY_COUNT;
	if (u->qty == BS_QTY_RATE) {
		u->higher = 1;
		u->rule = BS_RULE_FORMAT;
	} else if (u->rule == BS_RULE_DEFAULT || u->rule == BS_RULE_RATE ||
	    u->rule == BS_RULE_BENEFIT ||
	    (u->rule == BS_RULE_TIME && u->qty != BS_QTY_TIME)) {
		/*
		 * "score" in us/op is a time, whatever its name says;
		 * vmstat's "us" in % is no time, though its name is one.
		 */
		u->higher = 0;
		u->rule = BS_RULE_FORMAT;
	}
}

const char *
bs_rule_name(enum bs_rule r)
{
	switch (r) {
	case BS_RULE_RATE:
		return "rate";
	case BS_RULE_TIME:
		return "time";
	case BS_RULE_COST:
		return "cost";
	case BS_RULE_OPTION:
		return "option";
	case BS_RULE_FORMAT:
		return "format";
	case BS_RULE_BENEFIT:
		return "benefit";
	default:
		return "default";
	}
}

int
bs_is_time_unit(const char *unit)
{
	return unit_lookup(time_toks, unit, strlen(unit)) != NULL;
}
