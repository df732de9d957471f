#!/usr/bin/env python3
"""An independent parse, in Python's standard library only, of the real
output of stress-ng, pgbench, fio (normal text and terse), ApacheBench,
redis-benchmark, Google Benchmark's console and hyperfine's Markdown and
console text (testdata/real/generated-here-3/ and testdata/real/r29-tools/),
written as the bstat -f csv rows those files must give: per group and
column n, mean, min and max of the values this script reads from the
file by its own regular expressions, never by running b-tools.  One more
case holds Google Benchmark's console rows against the JSON the same run
wrote (--benchmark_out), to the console's printed precision.
Run from the repository root:
    python3 tests/oracle/readers_tools.py
"""
import csv
import json
import math
import re

G3 = "testdata/real/generated-here-3/"
R29 = "testdata/real/r29-tools/"
cases = []
NUM = r"[-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?"


def write(name, inp, groups, cols, rows, stats=("n", "mean", "min", "max"),
          rtol="1e-9"):
    """rows: list of dicts (one per input row).  Groups in the order they
    first appear, columns in the order given; a group and column pair no
    row has a value for is not written (bstat leaves it out), nor a
    column no row has (-c names only the input's)."""
    cols = [c for c in cols if any(r.get(c) is not None for r in rows)]
    order = []
    vals = {}
    for r in rows:
        g = tuple(r.get(k, "") for k in groups)
        if g not in vals:
            vals[g] = {c: [] for c in cols}
            order.append(g)
        for c in cols:
            if r.get(c) is not None:
                vals[g][c].append(float(r[c]))
    path = "tests/expected/bstat_tools_%s.csv" % name
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(list(groups) + ["column"] + list(stats))
        for g in order:
            for c in cols:
                v = vals[g][c]
                if not v:
                    continue
                out = {"n": len(v), "mean": math.fsum(v) / len(v),
                       "min": min(v), "max": max(v)}
                w.writerow(list(g) + [c] + [repr(float(out[s])) if s != "n"
                                            else out[s] for s in stats])
    args = ("-g " + ",".join(groups) + " " if groups else "") + \
        "-c " + ",".join(cols) + " --stats " + ",".join(stats)
    cases.append((name, inp, args, path, rtol))


# ---- stress-ng: the metrc table, and the YAML's metrics
SNG_TEXT = ["bogo_ops", "real_time", "usr_time", "sys_time",
            "bogo_ops_per_s_real", "bogo_ops_per_s_cpu", "cpu_used_percent",
            "rss_max"]


def stressng_text(path):
    rows = []
    table = False
    for line in open(path):
        m = re.match(r"stress-ng: (?:metrc|info): +\[\d+\] (.*)$", line)
        if not m:
            continue
        rest = m.group(1).strip()
        if "stressor" in rest and "bogo ops" in rest:
            table = True
            continue
        f = rest.split()
        if table and len(f) in (7, 9) and all(re.fullmatch(NUM, x)
                                             for x in f[1:]):
            r = {"stressor": f[0]}
            r.update(zip(SNG_TEXT, f[1:]))
            rows.append(r)
        elif table and not rest.startswith("("):
            table = False
    return rows


YKEYS = {"bogo-ops": "bogo_ops", "wall-clock-time": "real_time",
         "user-time": "usr_time", "system-time": "sys_time",
         "bogo-ops-per-second-real-time": "bogo_ops_per_s_real",
         "bogo-ops-per-second-usr-sys-time": "bogo_ops_per_s_cpu",
         "cpu-usage-per-instance": "cpu_used_percent", "max-rss": "rss_max"}


def stressng_yaml(path):
    rows = []
    sect = None
    for line in open(path):
        line = line.rstrip("\n")
        if re.match(r"^[a-z-]+:$", line):
            sect = line[:-1]
            continue
        m = re.match(r"^\s+(?:- )?([a-z-]+): (.*)$", line)
        if sect != "metrics" or not m:
            continue
        k, v = m.groups()
        if k == "stressor":
            rows.append({"stressor": v})
        elif k in YKEYS:
            rows[-1][YKEYS[k]] = v
    return rows


for name, path in (("stressng_brief", G3 + "stressng/brief.txt"),
                   ("stressng_older", R29 + "older/stressng09.txt"),
                   ("stressng_brief2", R29 + "stressng_brief2.txt"),
                   ("stressng_metrics", R29 + "stressng_metrics.txt")):
    write(name, path, ["stressor"], SNG_TEXT, stressng_text(path))
for name, path in (("stressng_yaml", G3 + "stressng/metrics.yaml"),
                   ("stressng_yaml2", R29 + "stressng.yaml")):
    write(name, path, ["stressor"], SNG_TEXT, stressng_yaml(path))

# ---- pgbench: progress lines, the summary, -l and aggregate logs


def pgbench_text(path):
    rows = []
    summ = {}
    for line in open(path):
        m = re.match(r"progress: (%s) s, (%s) tps, lat (%s) ms stddev (%s)"
                     % (NUM, NUM, NUM, NUM), line)
        if m:
            r = {"kind": "interval", "tps": m.group(2),
                 "latency": m.group(3), "latency_stddev": m.group(4)}
            lag = re.search(r", lag (%s) ms" % NUM, line)
            if lag:
                r["lag"] = lag.group(1)
            fl = re.search(r", (\d+) failed", line)
            if fl:
                r["failed"] = fl.group(1)
            rows.append(r)
            continue
        for pat, col in ((r"latency average = (%s) ms", "latency"),
                         (r"latency stddev = (%s) ms", "latency_stddev"),
                         (r"rate limit schedule lag: avg (%s)", "lag"),
                         (r"initial connection time = (%s) ms",
                          "connection_time"),
                         (r"number of failed transactions: (\d+)", "failed"),
                         (r"tps = (%s) \((?:without|excluding)", "tps")):
            m = re.match(pat.replace("%s", NUM), line)
            if m:
                summ[col] = m.group(1)
    summ["kind"] = "summary"
    return rows + [summ]


for name, path, cols in (
        ("pgbench_progress", G3 + "pgbench/progress.txt",
         ["tps", "latency", "latency_stddev", "failed", "connection_time"]),
        ("pgbench_select", R29 + "pgbench_select_P1.txt",
         ["tps", "latency", "latency_stddev", "connection_time"]),
        ("pgbench_rate", R29 + "pgbench_rate.txt",
         ["tps", "latency", "latency_stddev", "lag"]),
        ("pgbench_older", R29 + "older/pgbench13.txt",
         ["tps", "latency", "latency_stddev"])):
    write(name, path, ["kind"], cols, pgbench_text(path))


def pgbench_txlog(path):
    rows = []
    for line in open(path):
        f = line.split()
        rows.append({"client": f[0], "script": f[3],
                     "latency": None if not f[2].isdigit() else f[2]})
    return rows


write("pgbench_txlog", G3 + "pgbench/txlog.642", ["client"], ["latency"],
      pgbench_txlog(G3 + "pgbench/txlog.642"))
write("pgbench_txlog_scripts", R29 + "pgbench_txlog_scripts.log",
      ["client", "script"], ["latency"],
      pgbench_txlog(R29 + "pgbench_txlog_scripts.log"))


def pgbench_agg(path):
    rows = []
    for line in open(path):
        f = [int(x) for x in line.split()]
        n, s, s2 = f[1], f[2], f[3]
        m = s / n
        r = {"latency": m, "latency_stddev": math.sqrt(max(s2 / n - m * m,
                                                           0)),
             "latency_min": f[4], "latency_max": f[5]}
        if len(f) >= 10:
            lm = f[6] / n
            r["lag"] = lm
            r["lag_max"] = f[9]
        rows.append(r)
    return rows


write("pgbench_agg", R29 + "pgbench_agg.log", [],
      ["latency", "latency_stddev", "latency_min", "latency_max"],
      pgbench_agg(R29 + "pgbench_agg.log"))
write("pgbench_agg_rate", R29 + "pgbench_agg_rate.log", [],
      ["latency", "latency_stddev", "lag", "lag_max"],
      pgbench_agg(R29 + "pgbench_agg_rate.log"))
write("pgbench_agg_older", R29 + "older/pgbench14_agg.log", [],
      ["latency", "latency_stddev", "latency_min", "lag", "lag_max"],
      pgbench_agg(R29 + "older/pgbench14_agg.log"))

# ---- fio: terse v3 by position, normal text by its labels
FIO_COLS = ["iops", "bw_bytes", "lat_mean_ns", "clat_p50_ns", "clat_p99_ns",
            "clat_p99.9_ns"]


def fio_terse(path):
    rows = []
    for line in open(path):
        f = line.rstrip("\n").split(";")
        if f[0] != "3":
            continue
        for d, rw in enumerate(("read", "write")):
            o = 5 + 41 * d
            if float(f[o]) == 0 and float(f[o + 1]) == 0:
                continue
            r = {"jobname": f[2], "rw": rw, "iops": f[o + 2],
                 "bw_bytes": float(f[o + 1]) * 1024,
                 "lat_mean_ns": float(f[o + 34]) * 1000}
            for p in f[o + 12:o + 32]:
                k, v = p.split("=")
                pc = float(k.rstrip("%"))
                if pc > 0:
                    r["clat_p%s_ns" % ("%g" % pc)] = float(v) * 1000
            rows.append(r)
    return rows


UNIT_NS = {"nsec": 1, "usec": 1e3, "msec": 1e6}
BW = {"B/s": 1, "KiB/s": 1024, "MiB/s": 1024 ** 2, "GiB/s": 1024 ** 3}


def kfloat(s):
    return float(s[:-1]) * 1000 if s.endswith("k") else float(s)


def fio_normal(path):
    rows = []
    job = None
    pct = None
    cur = None
    for line in open(path):
        m = re.match(r"^(\S+): \(groupid=", line)
        if m:
            job = m.group(1)
            cur = None
            continue
        m = re.match(r"^\s+(read|write|trim): IOPS=([0-9.]+k?), "
                     r"BW=([0-9.]+)([KMG]?i?B/s)", line)
        if m and job:
            cur = {"jobname": job, "rw": m.group(1),
                   "iops": kfloat(m.group(2)),
                   "bw_bytes": float(m.group(3)) * BW[m.group(4)]}
            rows.append(cur)
            pct = None
            continue
        if cur is None:
            continue
        m = re.match(r"^\s+lat \((\w+)\): min=.*avg=\s*([0-9.]+)", line)
        if m:
            cur["lat_mean_ns"] = float(m.group(2)) * UNIT_NS[m.group(1)]
            continue
        m = re.match(r"^\s+(clat|slat|lat) percentiles \((\w+)\):", line)
        if m:
            pct = (m.group(1), UNIT_NS[m.group(2)])
            continue
        if pct and re.match(r"^\s+\|", line):
            for k, v in re.findall(r"([0-9.]+)th=\[\s*([0-9.]+k?)\]", line):
                cur["%s_p%s_ns" % (pct[0], "%g" % float(k))] = \
                    kfloat(v) * pct[1]
            continue
        pct = None
        if re.match(r"^\s+(cpu|lat \(\w+\)\s+:)", line):
            cur = None
    return rows


for name, path, rd in (
        ("fio_terse", G3 + "fio/fio_terse.txt", fio_terse),
        ("fio_terse_randrw", R29 + "fio_randrw.terse", fio_terse),
        ("fio_normal", G3 + "fio/fio_normal.txt", fio_normal),
        ("fio_normal_randrw", R29 + "fio_randrw.txt", fio_normal)):
    write(name, path, ["jobname", "rw"], FIO_COLS, rd(path))
write("fio_normal_latpct", R29 + "fio_latpct.txt", ["jobname", "rw"],
      ["iops", "lat_mean_ns", "clat_p99_ns", "lat_p50_ns", "lat_p99_ns"],
      fio_normal(R29 + "fio_latpct.txt"))

# ---- ApacheBench text
AB_SUM = [("Time taken for tests", "time_taken"),
          ("Requests per second", "requests_per_sec"),
          ("Transfer rate", "transfer_rate"),
          ("Failed requests", "failed_requests")]


def ab_text(path):
    rows = []
    summ = {"kind": "summary"}
    tpr = 0
    for line in open(path):
        for key, col in AB_SUM:
            m = re.match(r"%s:\s+(%s)" % (re.escape(key), NUM), line)
            if m:
                summ[col] = m.group(1)
        m = re.match(r"Time per request:\s+(%s)" % NUM, line)
        if m:
            summ["time_per_request_all" if tpr else "time_per_request"] = \
                m.group(1)
            tpr += 1
        m = re.match(r"(Connect|Processing|Waiting|Total):\s+(%s)\s+(%s)\s+"
                     r"(%s)\s+(%s)\s+(%s)\s*$" % (NUM, NUM, NUM, NUM, NUM),
                     line)
        if m:
            ph = m.group(1).lower()
            for st, v in zip(("min", "mean", "sd", "median", "max"),
                             m.groups()[1:]):
                summ["%s_%s" % (ph, st)] = v
        m = re.match(r"\s*(\d+)%\s+(\d+)", line)
        if m:
            rows.append({"kind": "percentile", "percentile": m.group(1),
                         "value": m.group(2)})
    return [summ] + rows


for name, path in (("ab_text", G3 + "ab/text.txt"),
                   ("ab_c8", R29 + "ab_c8.txt")):
    rows = ab_text(path)
    write(name, path, ["kind"],
          ["time_taken", "requests_per_sec", "time_per_request",
           "time_per_request_all", "transfer_rate", "failed_requests"] +
          ["%s_%s" % (ph, st) for ph in ("connect", "processing", "waiting",
                                         "total")
           for st in ("min", "mean", "sd", "median", "max")],
          rows)
    write(name + "_pct", path, ["kind", "percentile"], ["value"], rows)


def ab_tsv(path):
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f, delimiter="\t"):
            rows.append(r)
    return rows


write("ab_gnuplot_c2", R29 + "ab_c2.tsv", [], ["ctime", "dtime", "ttime",
                                              "wait"],
      ab_tsv(R29 + "ab_c2.tsv"))

# ---- redis-benchmark: report and -q, split at \r and \n


def redis(path):
    rows = []
    cur = None
    lat = None
    for seg in re.split(r"[\r\n]", open(path).read()):
        seg = seg.strip()
        m = re.search(r"====== (.+) ======$", seg)
        if m:
            cur = {"test": m.group(1)}
            rows.append(cur)
            lat = None
            continue
        if ": rps=" in seg:
            continue
        m = re.match(r"(\S+): (%s) requests per second(?:, p50=(%s) msec)?"
                     % (NUM, NUM), seg)
        if m and cur is None:
            r = {"test": m.group(1), "rps": m.group(2)}
            if m.group(3):
                r["p50_latency_ms"] = m.group(3)
            rows.append(r)
            continue
        if cur is None:
            continue
        m = re.match(r"(?:throughput summary: )?(%s) requests per second$"
                     % NUM, seg)
        if m:
            cur["rps"] = m.group(1)
        if seg.startswith("avg "):
            lat = seg.split()
        elif lat and re.match(NUM, seg):
            for k, v in zip(lat, seg.split()):
                cur["%s_latency_ms" % k] = v
            lat = None
    return rows


RCOLS = ["rps", "avg_latency_ms", "min_latency_ms", "p50_latency_ms",
         "p95_latency_ms", "p99_latency_ms", "max_latency_ms"]
for name, path in (("redis_quiet", G3 + "redis/quiet.txt"),
                   ("redis_quiet2", R29 + "redis_quiet.txt"),
                   ("redis_text", G3 + "redis/text.txt"),
                   ("redis_text2", R29 + "redis_text.txt"),
                   ("redis_older_text", R29 + "older/redis5_text.txt"),
                   ("redis_older_quiet", R29 + "older/redis5_quiet.txt")):
    write(name, path, ["test"], RCOLS, redis(path))

# ---- Google Benchmark console
TIME_NS = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
PREFIX = {"k": 1, "M": 2, "G": 3, "T": 4}


def gb_console(path):
    rows = []
    tab = []
    for line in open(path):
        if line.startswith("Benchmark "):
            tab = line.split()[4:]     # --benchmark_counters_tabular
            continue
        m = re.match(r"^(\S+)\s+(%s) (ns|us|ms|s)\s+(%s) (ns|us|ms|s)\s+(\d+)"
                     r"(.*)$" % (NUM, NUM), line)
        if not m or re.search(r"_(mean|median|stddev|cv)$", m.group(1)):
            continue
        r = {"name": m.group(1),
             "real_time": float(m.group(2)) * TIME_NS[m.group(3)],
             "cpu_time": float(m.group(4)) * TIME_NS[m.group(5)]}
        for k, v, p in re.findall(r"(\w+)=(%s)([kMGT]?)(?:/s)?" % NUM,
                                  m.group(7)):
            base = 1024 if k == "bytes_per_second" else 1000
            r[k] = float(v) * base ** PREFIX.get(p, 0)
        bare = [x for x in m.group(7).split() if "=" not in x]
        for k, x in zip(tab, bare):
            v, p = re.fullmatch(r"(%s)([kMGT]?)(?:/s)?" % NUM, x).groups()
            base = 1024 if k == "bytes_per_second" else 1000
            r[k] = float(v) * base ** PREFIX.get(p, 0)
        rows.append(r)
    return rows


GCOLS = ["real_time", "cpu_time", "items_per_second", "bytes_per_second"]
for name, path in (("gbench_console", R29 + "gbench_console.txt"),
                   ("gbench_console_reps", R29 + "gbench_console_reps.txt"),
                   ("gbench_same_console", R29 + "gbench_same.txt"),
                   ("gbench_tabular", R29 + "gbench_tabular.txt")):
    write(name, path, ["name"], GCOLS, gb_console(path))
# The console against the JSON of the same run: Google Benchmark's own
# numbers, to its console's three significant figures (rtol 5%: 0.017 us
# printed for 17.18 ns).
doc = json.load(open(R29 + "gbench_same.json"))
jrows = [b for b in doc["benchmarks"] if b.get("run_type") == "iteration"]
for b in jrows:
    for k in ("real_time", "cpu_time"):
        b[k] = b[k] * TIME_NS[b["time_unit"]]
write("gbench_same_vs_json", R29 + "gbench_same.txt", ["name"], GCOLS,
      jrows, rtol="5e-2")

# ---- hyperfine: Markdown export and console, summaries in seconds
HF_UNIT = {"s": 1, "ms": 1e-3, "µs": 1e-6, "us": 1e-6}


def hf_markdown(path):
    lines = open(path).read().splitlines()
    unit = HF_UNIT[re.search(r"Mean \[(.+?)\]", lines[0]).group(1)]
    rows = []
    for line in lines[2:]:
        c = [x.strip() for x in line.strip("|").split(" | ")]
        mean, sd = [float(x) * unit for x in c[1].split(" ± ")]
        rows.append({"command": c[0].strip("`"), "mean": mean, "sd": sd,
                     "min": float(c[2]) * unit, "max": float(c[3]) * unit})
    return rows


def hf_console(path):
    rows = []
    for line in open(path):
        m = re.match(r"Benchmark #?\d+: (.*)$", line)
        if m:
            rows.append({"command": m.group(1)})
        m = re.search(r"Time \(mean ± σ\):\s+(%s) (\S+) ±\s+(%s) (\S+)"
                      % (NUM, NUM), line)
        if m:
            rows[-1]["mean"] = float(m.group(1)) * HF_UNIT[m.group(2)]
            rows[-1]["sd"] = float(m.group(3)) * HF_UNIT[m.group(4)]
        m = re.search(r"Range \(min … max\):\s+(%s) (\S+) …\s+(%s) (\S+)\s+"
                      r"(\d+) runs" % (NUM, NUM), line)
        if m:
            rows[-1]["min"] = float(m.group(1)) * HF_UNIT[m.group(2)]
            rows[-1]["max"] = float(m.group(3)) * HF_UNIT[m.group(4)]
            rows[-1]["n"] = int(m.group(5))
    return rows


def write_summary(name, path, rows):
    """bstat passes summaries through: one row per command, metric time."""
    out = "tests/expected/bstat_tools_%s.csv" % name
    with open(out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["command", "column", "n", "mean", "sd", "min", "max"])
        for r in rows:
            w.writerow([r["command"], "time", r.get("n", "")] +
                       [repr(r[k]) for k in ("mean", "sd", "min", "max")])
    cases.append((name, path, "-g command --stats n,mean,sd,min,max", out,
                  "1e-9"))


write_summary("hyperfine_md", R29 + "hyperfine.md",
              hf_markdown(R29 + "hyperfine.md"))
write_summary("hyperfine_console", R29 + "hyperfine_console.txt",
              hf_console(R29 + "hyperfine_console.txt"))
write_summary("hyperfine_basic", R29 + "hyperfine_basic.txt",
              hf_console(R29 + "hyperfine_basic.txt"))
write_summary("hyperfine_param_md", R29 + "hyperfine_param.md",
              hf_markdown(R29 + "hyperfine_param.md"))
write_summary("hyperfine_param_console", R29 + "hyperfine_param_console.txt",
              hf_console(R29 + "hyperfine_param_console.txt"))
write_summary("hyperfine_older", R29 + "older/hyperfine_old.txt",
              hf_console(R29 + "older/hyperfine_old.txt"))

with open("tests/expected/bstat_tools_cases.tsv", "w") as f:
    f.write("case\tinput\targs\texpected\trtol\n")
    for c in cases:
        f.write("\t".join(c) + "\n")
