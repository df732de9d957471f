#!/usr/bin/env python3
"""An independent parse of the system tools' output that bstat reads
(iperf3, sysbench, perf stat, cyclictest; issue 29): each file is read
here with Python's json and re modules, by what the tools' documentation
and output say, into rows; the rows are grouped and summarised (n,
missing, mean, min, max per group and column), and written as the
expected `bstat -f csv` output of tests/expected/bstat_sys_cases.tsv.
Nothing here is computed by b-tools.  Run from the repository root:
    python3 tests/oracle/readers_sys.py
"""
import csv
import json
import math
import re

G3 = "testdata/real/generated-here-3/"
S = "testdata/real/sys29/"
cases = []


def summarise(name, inp, rows, groups, cols, extra=""):
    """rows: dicts; groups, cols: lists. Writes the expected csv."""
    order, byg = [], {}
    for r in rows:
        k = tuple(str(r.get(g, "")) for g in groups)
        if k not in byg:
            byg[k] = []
            order.append(k)
        byg[k].append(r)
    path = "tests/expected/bstat_sys_%s.csv" % name
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(list(groups) + ["column", "n", "missing", "mean", "min",
                                   "max"])
        for k in order:
            for c in cols:
                vals = [r[c] for r in byg[k] if r.get(c) is not None]
                if not vals:
                    continue
                miss = len(byg[k]) - len(vals)
                w.writerow(list(k) + [c, len(vals), miss,
                                      repr(math.fsum(vals) / len(vals)),
                                      repr(min(vals)), repr(max(vals))])
    args = ("-g %s " % ",".join(groups) if groups else "") + \
        "-c %s%s" % (",".join(cols), extra)
    cases.append((name, inp, args, path))


# ---- iperf3 -J: intervals per stream (SUM with several), end summaries.
def iperf_json(path):
    d = json.load(open(path))
    many = d["start"]["test_start"]["num_streams"] > 1
    keys = ("bytes", "bits_per_second", "retransmits", "snd_cwnd", "rtt",
            "jitter_ms", "lost_packets", "packets", "lost_percent")

    def row(o, kind, stream, side):
        r = {"kind": kind, "stream": stream, "side": side}
        r.update({k: float(o[k]) for k in keys if k in o})
        return r
    rows = []
    for iv in d["intervals"]:
        for s in iv["streams"]:
            rows.append(row(s, "interval", str(s["socket"]),
                            "sender" if s["sender"] else "receiver"))
        if many:
            s = iv["sum"]
            rows.append(row(s, "interval", "SUM",
                            "sender" if s["sender"] else "receiver"))
    for s in d["end"]["streams"]:
        for side in ("sender", "receiver", "udp"):
            if side in s:
                rows.append(row(s[side], "summary", str(s[side]["socket"]),
                                side))
    if many:
        e = d["end"]
        if "sum_sent" in e:
            rows.append(row(e["sum_sent"], "summary", "SUM", "sender"))
            rows.append(row(e["sum_received"], "summary", "SUM", "receiver"))
        else:
            rows.append(row(e["sum"], "summary", "SUM", "udp"))
    return rows


# ---- iperf3 text: "[  5]   0.00-1.00   sec  1012 MBytes  8.49 Gbits/sec ..."
BYTES = {"Bytes": 1, "KBytes": 1024, "MBytes": 1024 ** 2,
         "GBytes": 1024 ** 3}
BITS = {"bits/sec": 1, "Kbits/sec": 1e3, "Mbits/sec": 1e6,
        "Gbits/sec": 1e9}
LINE = re.compile(r"^\[\s*(\d+|SUM)\]\s+([\d.]+)-([\d.]+)\s+sec\s+([\d.]+) "
                  r"(\w+)\s+([\d.]+) (\S+)\s*(.*?)\s*$")


def iperf_text(path):
    rows, udp, reverse = [], False, False
    for ln in open(path):
        if "Jitter" in ln or "Datagrams" in ln:
            udp = True
        if ln.startswith("Reverse mode"):
            reverse = True
        m = LINE.match(ln.rstrip("\n"))
        if not m:
            continue
        rest = m.group(8).split()
        side = None
        if rest and rest[-1] in ("sender", "receiver"):
            side = rest.pop()
        r = {"kind": "summary" if side else "interval", "stream": m.group(1),
             "side": side or ("receiver" if reverse else "sender"),
             "bytes": float(m.group(4)) * BYTES[m.group(5)],
             "bits_per_second": float(m.group(6)) * BITS[m.group(7)]}
        if udp and not side and len(rest) == 1:
            r["packets"] = float(rest[0])
        elif udp and rest:
            # 0.021 ms  0/573 (0%)
            r["jitter_ms"] = float(rest[0])
            lost, tot = rest[2].split("/")
            r["lost_packets"], r["packets"] = float(lost), float(tot)
            r["lost_percent"] = float(rest[3].strip("()%"))
        elif rest:
            r["retransmits"] = float(rest[0])
            if len(rest) >= 3:
                r["snd_cwnd"] = float(rest[1]) * BYTES[rest[2]]
        rows.append(r)
    return rows


TCP = ["bytes", "bits_per_second", "retransmits"]
UDP = ["bytes", "bits_per_second", "packets", "jitter_ms", "lost_packets",
       "lost_percent"]
summarise("iperf_tcp_json", G3 + "iperf/tcp.json",
          iperf_json(G3 + "iperf/tcp.json"), ["kind", "side"],
          TCP + ["snd_cwnd", "rtt"])
summarise("iperf_tcp_txt", G3 + "iperf/tcp.txt",
          iperf_text(G3 + "iperf/tcp.txt"), ["kind", "side"],
          TCP + ["snd_cwnd"])
summarise("iperf_udp_json", S + "iperf3/udp.json",
          iperf_json(S + "iperf3/udp.json"), ["kind", "side"], UDP)
summarise("iperf_udp_txt", S + "iperf3/udp.txt",
          iperf_text(S + "iperf3/udp.txt"), ["kind", "side"], UDP)
for f in ("par2.json", "par2.txt", "par2r.txt"):
    p = S + "iperf3/" + f
    rows = iperf_json(p) if f.endswith(".json") else iperf_text(p)
    summarise("iperf_" + f.replace(".", "_"), p, rows,
              ["kind", "stream", "side"], TCP)


# ---- sysbench: summary lines, report-interval lines, histogram.
def sysbench(path):
    rows, summ, inlat, inhist = [], None, False, False
    text = open(path).read()
    for ln in text.splitlines():
        t = ln.strip()
        if t.startswith("Latency histogram"):
            inhist = True
            continue
        if inhist:
            m = re.match(r"^([\d.]+) \|[* ]*?(\d+)$", t)
            if m:
                rows += [{"kind": "histogram",
                          "latency": float(m.group(1))}] * int(m.group(2))
                continue
            inhist = False
        m = re.match(r"^\[ (\d+)s \] (.*)$", t)
        if m:
            r = {"kind": "interval", "time": float(m.group(1))}
            for k, col in (("eps", "events_per_sec"), ("tps", "tps"),
                           ("qps", "qps")):
                x = re.search(r"\b%s: ([\d.]+)" % k, m.group(2))
                if x:
                    r[col] = float(x.group(1))
            x = re.search(r"lat \(ms,(\d+)%\): ([\d.]+)", m.group(2))
            if x:
                r["latency_p" + x.group(1)] = float(x.group(2))
            rows.append(r)
            continue
        if t == "Latency (ms):":
            inlat = True
        m = re.match(r"^(.+?):\s+([\d.]+)(s?)(?:/([\d.]+))?$", t)
        if not m:
            m2 = re.match(r"^(Total operations): (\d+) \(([\d.]+) per", t)
            if m2:
                summ = summ or {"kind": "summary"}
                summ["operations"] = float(m2.group(2))
                summ["operations_per_sec"] = float(m2.group(3))
            m2 = re.match(r"^([\d.]+) MiB transferred \(([\d.]+) MiB/sec", t)
            if m2:
                summ = summ or {"kind": "summary"}
                summ["transferred_mib"] = float(m2.group(1))
                summ["transferred_mib_per_sec"] = float(m2.group(2))
            continue
        k, v = m.group(1), float(m.group(2))
        names = {"events per second": "events_per_sec",
                 "total time": "total_time",
                 "total number of events": "events",
                 "reads/s": "reads_per_sec", "writes/s": "writes_per_sec",
                 "fsyncs/s": "fsyncs_per_sec",
                 "read, MiB/s": "read_mib_per_sec",
                 "written, MiB/s": "written_mib_per_sec"}
        col = None
        if inlat and k in ("min", "avg", "max", "sum"):
            col = "latency_" + k
        elif inlat and k.endswith("th percentile"):
            col = "latency_p" + k.split("th")[0]
        elif k in names:
            col = names[k]
        elif k == "events (avg/stddev)":
            summ = summ or {"kind": "summary"}
            summ["fairness_events_avg"] = v
            summ["fairness_events_stddev"] = float(m.group(4))
        elif k == "execution time (avg/stddev)":
            summ = summ or {"kind": "summary"}
            summ["fairness_time_avg"] = v
            summ["fairness_time_stddev"] = float(m.group(4))
        if col:
            summ = summ or {"kind": "summary"}
            summ[col] = v
    if summ:
        rows.append(summ)
    return rows


SB = ["events_per_sec", "total_time", "events", "latency_min",
      "latency_avg", "latency_max", "latency_p95", "latency_sum",
      "fairness_events_avg", "fairness_events_stddev", "fairness_time_avg",
      "fairness_time_stddev"]
for f, extra in ((G3 + "sysbench/cpu.txt", []),
                 (G3 + "sysbench/memory.txt",
                  ["operations", "operations_per_sec", "transferred_mib",
                   "transferred_mib_per_sec"]),
                 (G3 + "sysbench/fileio.txt",
                  ["reads_per_sec", "writes_per_sec", "fsyncs_per_sec",
                   "read_mib_per_sec", "written_mib_per_sec"]),
                 (G3 + "sysbench/cpu_hist.txt", ["latency", "latency_p99"]),
                 (S + "sysbench/cpu_hist2.txt", ["latency"]),
                 (S + "sysbench/cpu_interval.txt", []),
                 (S + "sysbench/threads.txt", []),
                 (S + "sysbench/mutex.txt", [])):
    name = "sysbench_" + f.split("/")[-1][:-4] + (
        "_g3" if f.startswith(G3) else "")
    rows = sysbench(f)
    cols = [c for c in SB + extra if any(c in r for r in rows)]
    summarise(name, f, rows, ["kind"], cols)


# ---- perf stat: text, -x, CSV, -j JSON; -I; -r N.
def perf_rows(path):
    """Wide rows: {event: value} per run or interval; text or csv or json."""
    rows, cur, curtime = [], None, None
    runs = 0
    summ = []

    def put(t, ev, val, rse):
        nonlocal cur, curtime
        if runs or rse is not None:
            if val is not None:
                m = float(val)
                se = abs(m) * (rse or 0) / 100
                s = {"column": ev, "mean": m, "se": se}
                if runs:
                    s["n"] = float(runs)
                    s["sd"] = se * math.sqrt(runs)
                summ.append(s)
            return
        if cur is None or t != curtime or ev in cur:
            if cur is not None:
                rows.append(cur)
            cur, curtime = {}, t
            if t is not None:
                cur["time"] = float(t)
        cur[ev] = None if val is None else float(val.replace(",", ""))

    for ln in open(path):
        t = ln.strip()
        if not t:
            continue
        if t.startswith("# started on"):
            if cur is not None:
                rows.append(cur)
            cur = None
            continue
        if t.startswith("#"):
            continue
        m = re.search(r"Performance counter stats for '.*'(?: \((\d+) runs\))?",
                      t)
        if m:
            if cur is not None:
                rows.append(cur)
            cur = None
            runs = int(m.group(1) or 0)
            continue
        if t.startswith("{"):
            o = json.loads(t)
            v = o["counter-value"]
            put(("%.9f" % o["interval"]) if "interval" in o else None,
                o["event"], None if v.startswith("<not") else v,
                o.get("variance"))
            continue
        if "," in t:
            f = t.split(",")
            o = 1 if re.match(r"^([\d.]+|<not .*>)$", f[1]) else 0
            tm = f[0] if o else None
            rse = float(f[o + 3][:-1]) if f[o + 3].endswith("%") else None
            v = f[o]
            put(tm, f[o + 2], None if v.startswith("<not") else v, rse)
            continue
        m = re.match(r"^([\d.]+)(?: \+- [\d.]+)? seconds (time elapsed|user|"
                     r"sys)(?:\s+\( \+-\s+([\d.]+)% \))?$", t)
        if m:
            ev = "elapsed" if m.group(2) == "time elapsed" else m.group(2)
            put(curtime if not runs else None, ev, m.group(1),
                float(m.group(3)) if m.group(3) else None)
            continue
        m = re.match(r"^(?:(\d+\.\d{9})\s+)?([\d.,]+|<not \w+>)\s+(?:(msec)\s+)?"
                     r"(\S+)(.*)$", t)
        if m:
            x = re.search(r"\( \+-\s+([\d.]+)% \)", m.group(5))
            v = m.group(2)
            put(m.group(1), m.group(4), None if v.startswith("<not") else v,
                float(x.group(1)) if x else None)
    if cur is not None:
        rows.append(cur)
    return rows, summ


for f in (G3 + "perf/default.txt", G3 + "perf/csv.txt", G3 + "perf/json.txt",
          S + "perf/interval.txt", S + "perf/interval_csv.txt",
          S + "perf/interval_json.txt", S + "perf/two.txt"):
    rows, _ = perf_rows(f)
    for r in rows:
        r["all"] = ""
    evs = []
    for r in rows:
        evs += [k for k in r if k not in evs and k not in ("time", "all")]
    cols = [c for c in evs if any(r.get(c) is not None for r in rows)]
    name = "perf_" + f.split("/")[-1][:-4] + ("_g3" if f.startswith(G3)
                                              else "")
    # -g '': every row one series per column.
    summarise(name, f, rows, [], cols)
for f in (G3 + "perf/r5.txt", S + "perf/r5csv.txt", S + "perf/r3json.txt"):
    _, summ = perf_rows(f)
    for s in summ:
        # bstat passes a summary's mean through; its n and sd where given.
        s["value"] = s["mean"]
    name = "perf_" + f.split("/")[-1][:-4] + ("_g3" if f.startswith(G3)
                                              else "")
    path = "tests/expected/bstat_sys_%s.csv" % name
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        if "n" in summ[0]:
            w.writerow(["column", "mean", "n", "sd"])
            for s in summ:
                w.writerow([s["column"], repr(s["mean"]), int(s["n"]),
                            repr(s["sd"])])
        else:
            # No N: means, grouped by event, the value column "mean".
            w.writerow(["event", "column", "n", "mean"])
            for s in summ:
                w.writerow([s["column"], "mean", 1, repr(s["mean"])])
    cases.append((name, f, "", path))


# ---- cyclictest: summary lines, -h/-H histograms, --json.
def cyclic_text(path):
    rows, last, foot = [], {}, {}
    lines = open(path).read().splitlines()
    for ln in lines:
        m = re.match(r"^# (Total|Min Latencies|Avg Latencies|Max Latencies|"
                     r"Histogram Overflows): (.*)$", ln)
        if m:
            foot[m.group(1)] = [int(x) for x in m.group(2).split()]
    ncol = len(foot.get("Total", []))
    pooled = ncol > 0 and len(foot["Min Latencies"]) < ncol

    def tname(c):
        return "all" if pooled and c == ncol - 1 else str(c)
    for ln in lines:
        m = re.match(r"^T:\s*(\d+) \(\s*(\d+)\) P:\s*(\d+) I:\s*(\d+) "
                     r"C:\s*(\d+) Min:\s*(\d+) Act:\s*(\d+) Avg:\s*(\d+) "
                     r"Max:\s*(\d+)", ln)
        if m:
            g = [float(x) for x in m.groups()]
            last[m.group(1)] = {"thread": m.group(1), "lat_min": g[5],
                                "lat_act": g[6], "lat_avg": g[7],
                                "lat_max": g[8]}
            continue
        if ncol and re.match(r"^\d{6} ", ln):
            f = ln.split()
            for c, n in enumerate(f[1:]):
                rows += [{"kind": "histogram", "thread": tname(c),
                          "latency": float(f[0])}] * int(n)
    for c in range(ncol):
        rows += [{"kind": "histogram", "thread": tname(c)}] * \
            foot["Histogram Overflows"][c]
        r = {"kind": "summary", "thread": tname(c),
             "overflows": float(foot["Histogram Overflows"][c])}
        for k, col in (("Min Latencies", "lat_min"),
                       ("Avg Latencies", "lat_avg"),
                       ("Max Latencies", "lat_max")):
            if c < len(foot[k]):
                r[col] = float(foot[k][c])
        rows.append(r)
    rows += list(last.values())
    return rows


LAT = ["latency", "lat_min", "lat_avg", "lat_max", "overflows"]
for f in (G3 + "cyclic/hist.txt", S + "cyclictest/hist2.txt",
          S + "cyclictest/histall.txt"):
    name = "cyclic_" + f.split("/")[-1][:-4] + ("_g3" if f.startswith(G3)
                                                else "")
    summarise(name, f, cyclic_text(f), ["kind", "thread"], LAT)
summarise("cyclic_summary", S + "cyclictest/summary.txt",
          cyclic_text(S + "cyclictest/summary.txt"), ["thread"],
          ["lat_min", "lat_act", "lat_avg", "lat_max"])


def cyclic_json(path):
    d = json.load(open(path))
    rows = []
    hist = any(t.get("histogram") for t in d["thread"].values())
    for k, t in d["thread"].items():
        for lat, n in t.get("histogram", {}).items():
            rows += [{"kind": "histogram", "thread": k,
                      "latency": float(lat)}] * n
        r = {"thread": k, "lat_min": float(t["min"]),
             "lat_avg": float(t["avg"]), "lat_max": float(t["max"])}
        if hist:
            r["kind"] = "summary"
        rows.append(r)
    return rows


summarise("cyclic_json_hist", S + "cyclictest/hist.json",
          cyclic_json(S + "cyclictest/hist.json"), ["kind", "thread"],
          ["latency", "lat_min", "lat_avg", "lat_max"])

with open("tests/expected/bstat_sys_cases.tsv", "w") as f:
    f.write("case\tinput\targs\texpected\n")
    for c in cases:
        f.write("\t".join(c) + "\n")
