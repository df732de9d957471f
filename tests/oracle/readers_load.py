#!/usr/bin/env python3
"""An independent parse of the load testers' files in testdata/real/load
(JMeter JTL, k6 JSON/CSV/summary, Locust stats and history, vegeta JSON
and CSV, autocannon, Artillery, HdrHistogram .hlog), with Python's
standard library only (csv, json, base64, zlib, struct), written as the
bstat -f csv output each should give: per group (the format's identity
columns, in the order the groups first appear), per column, the n, mean,
min and max of the values the file holds.  Truncated and interleaved logs
are read up to the record before the first broken one.  For the .hlog
files the expected values are hdr-histogram-js's own (its .expected.json,
written when the logs were made), not decoded here.  Run from the
repository root:
    python3 tests/oracle/readers_load.py
It writes tests/expected/load_*.csv and the manifest
tests/expected/bstat_load_cases.tsv.
"""
import csv
import json

L = "testdata/real/load/"
cases = []


def num(s):
    try:
        v = float(s)
    except (TypeError, ValueError):
        return None
    return v if v == v else None


def write(name, inp, args, keys, cols, rows, stats=("n", "mean", "min",
                                                      "max")):
    """rows: list of (groupkey tuple, {col: value}) in input order."""
    groups, order = {}, []
    for g, vals in rows:
        if g not in groups:
            groups[g] = {}
            order.append(g)
        for c, v in vals.items():
            if v is not None:
                groups[g].setdefault(c, []).append(v)
    path = "tests/expected/load_%s.csv" % name
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(list(keys) + ["column"] + list(stats))
        for g in order:
            for c in cols:
                xs = groups[g].get(c)
                if not xs:
                    continue
                st = {"n": len(xs), "mean": sum(xs) / len(xs),
                      "min": min(xs), "max": max(xs)}
                w.writerow(list(g) + [c] + [repr(float(st[s])) if s != "n"
                                            else st[s] for s in stats])
    cases.append((name, L + inp, args, path))


def csvrows(path, delim=",", header=True, names=None):
    with open(path, newline="") as f:
        text = f.read()
    lines = text.split("\n")
    whole = text.endswith("\n")
    out = []
    rd = csv.reader(lines[:-1] if whole else lines, delimiter=delim)
    hdr = names if not header else None
    width = None
    for rec in rd:
        if hdr is None:
            hdr = rec
            width = len(rec)
            continue
        width = width or len(rec)
        if len(rec) != width:
            break       # the first broken record ends the log
        out.append(dict(zip(hdr, rec)))
    if not whole and out:
        out.pop()       # a last record without its line end
    return out


def flag(s):
    return {"true": 1.0, "false": 0.0}.get(s.lower(), num(s))


# JMeter: per label.
for name, f, delim, cols in (
        ("jmeter", "jmeter/jmeter.jtl", ",",
         ["elapsed", "Latency", "Connect", "bytes", "success"]),
        ("jmeter_tab", "jmeter/jmeter-tab.jtl", "\t",
         ["elapsed", "Latency", "IdleTime", "success"])):
    rows = [((r["label"],), {c: flag(r[c]) if c == "success" else num(r[c])
                             for c in cols}) for r in csvrows(L + f, delim)]
    write(name, f, "-c %s --stats n,mean,min,max" % ",".join(cols),
          ["label"], cols, rows)


def k6_json_rows(path, cols):
    rows = []
    for line in open(path).read().split("\n"):
        if not line:
            continue
        try:
            o = json.loads(line)
        except ValueError:
            break
        if o.get("type") != "Point" or o["metric"] not in cols:
            continue
        t = o["data"].get("tags") or {}
        g = tuple(t.get(k, "") for k in ("name", "method", "status"))
        rows.append((g, {o["metric"]: float(o["data"]["value"])}))
    return rows


K6C = ["http_req_duration", "http_req_waiting", "data_received"]
for name, f in (("k6_json", "k6/k6.json"),
                ("k6_truncated", "k6/k6-truncated.json")):
    write(name, f, "-c %s --stats n,mean,min,max" % ",".join(K6C),
          ["name", "method", "status"], K6C, k6_json_rows(L + f, K6C))
rows = []
for r in csvrows(L + "k6/k6.csv"):
    if r["metric_name"] in K6C:
        rows.append(((r["name"], r["method"], r["status"]),
                     {r["metric_name"]: num(r["metric_value"])}))
write("k6_csv", "k6/k6.csv", "-c %s --stats n,mean,min,max" % ",".join(K6C),
      ["name", "method", "status"], K6C, rows)
s = json.load(open(L + "k6/k6-summary.json"))["metrics"]
SC = ["http_req_duration.avg", "http_req_duration.p(95)",
      "http_req_duration.max", "http_reqs.count", "data_received.rate"]
vals = {c: float(s[c.split(".")[0]][c.split(".", 1)[1]]) for c in SC}
write("k6_summary", "k6/k6-summary.json",
      "-c %s --stats n,mean" % ",".join(SC), [], SC, [((), vals)],
      ("n", "mean"))

# Locust: per Type (the Aggregated row's empty one is "all") and Name.
LC = ["Request Count", "Failure Count", "Requests/s", "50%", "99%", "100%"]
rows = [((r["Type"] or "all", r["Name"]), {c: num(r[c]) for c in LC})
        for r in csvrows(L + "locust/locust_stats.csv")]
write("locust", "locust/locust_stats.csv", "-c Requests/s,50%,99%,100% "
      "--stats n,mean,min,max", ["Type", "Name"],
      ["Requests/s", "50%", "99%", "100%"], rows)
HC = ["Requests/s", "50%", "95%", "Total Request Count"]
rows = [((r["Type"] or "all", r["Name"]), {c: num(r[c]) for c in HC})
        for r in csvrows(L + "locust/locust_stats_history.csv")]
write("locust_history", "locust/locust_stats_history.csv",
      "-c Requests/s,50%,95% --stats n,mean,min,max", ["Type", "Name"],
      ["Requests/s", "50%", "95%"], rows)

# vegeta: per url (attack and method do not vary in these files).
VC = ["latency", "bytes_in"]
VN = ["timestamp", "code", "latency", "bytes_out", "bytes_in", "error",
      "body", "attack", "seq", "method", "url", "headers"]
for name, f in (("vegeta_csv", "vegeta/vegeta.csv"),
                ("vegeta_interleaved", "vegeta/vegeta-interleaved.csv")):
    rows = [((r["url"],), {c: num(r[c]) for c in VC})
            for r in csvrows(L + f, header=False, names=VN)]
    write(name, f, "-c latency,bytes_in --stats n,mean,min,max", ["url"],
          VC, rows)
rows = [((o["url"],), {c: float(o[c]) for c in VC})
        for o in map(json.loads, open(L + "vegeta/vegeta.json"))]
write("vegeta_json", "vegeta/vegeta.json",
      "-c latency,bytes_in --stats n,mean,min,max", ["url"], VC, rows)

# autocannon: one row per report.
AC = ["latency_average", "latency_p99", "requests_average",
      "throughput_average", "requests_total"]
for name, f in (("autocannon", "autocannon/autocannon.json"),
                ("autocannon_pipelined",
                 "autocannon/autocannon-pipelined.json")):
    o = json.load(open(L + f))
    vals = {c: float(o[c.split("_")[0]][c.split("_", 1)[1]]) for c in AC}
    write(name, f, "-c %s --stats n,mean" % ",".join(AC), ["url"], AC,
          [((o["url"],), vals)], ("n", "mean"))

# Artillery: per kind and metric, intervals then the aggregate.
o = json.load(open(L + "artillery/artillery.json"))
rows = []
for kind, secs in (("interval", o["intermediate"]),
                   ("aggregate", [o["aggregate"]])):
    for sec in secs:
        for m, st in sec.get("summaries", {}).items():
            rows.append(((kind, m), {"p99": st.get("p99"),
                                     "mean": st.get("mean"),
                                     "count": st.get("count")}))
        for m, v in sec.get("counters", {}).items():
            rows.append(((kind, m), {"count": v}))
write("artillery", "artillery/artillery.json",
      "-c p99,mean,count --stats n,mean,min,max", ["kind", "metric"],
      ["p99", "mean", "count"], rows)

# HdrHistogram: hdr-histogram-js's own statistics of each interval.
HC = ["count", "min", "mean", "stddev", "max", "p50", "p90", "p99",
      "p99.9", "p99.99"]
for name, f in (("hlog", "hlog/latency"), ("hlog_tagged",
                                           "hlog/latency-tagged")):
    rows = []
    for e in json.load(open(L + f + ".expected.json")):
        v = {"count": e["count"], "min": e["min"], "mean": e["mean"],
             "stddev": e["stddev"], "max": e["max"]}
        for p in ("50", "90", "99", "99.9", "99.99"):
            v["p" + p] = e["pct"][p]
        rows.append(((), v))
    write(name, f + ".hlog", "-c %s --stats n,mean,min,max" %
          ",".join(HC), [], HC, rows)

with open("tests/expected/bstat_load_cases.tsv", "w") as f:
    f.write("case\tinput\targs\texpected\trtol\n")
    for c in cases:
        f.write("%s\t%s\t%s\t%s\t1e-9\n" % c)
