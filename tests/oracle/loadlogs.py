#!/usr/bin/env python3
"""Oracle for bstat --every on real load testers' logs (issue 30): k6's
NDJSON, where every metric of a request is a row of its own, and
vegeta's CSV.  Written from the formats' documentation, not from
b-tools' code.  For each window of EVERY seconds (from the first stamp
of the log floored to a multiple of EVERY): n, the requests (rows with a
value in the column: k6's http_req_duration points), errors (k6: tag
expected_response "false"; vegeta: a non-empty error field), Apdex at T
(satisfied <= T, tolerating <= 4T, a failure frustrated) and throughput,
n over the seconds of the window the log covers (the first from the
first stamp, the last to the last).

Usage: loadlogs.py k6|vegeta FILE EVERY [T] > expected.csv
"""
import csv
import json
import math
import sys
from datetime import datetime, timezone
from fractions import Fraction


def k6_time(s):
    # 2026-12-02T04:18:28.516569000+02:00: nanoseconds kept exactly.
    main, frac = s[:19], s[20:29]
    tz = s[29:]
    dt = datetime.strptime(main + tz.replace(":", ""), "%Y-%m-%dT%H:%M:%S%z")
    return Fraction(int(dt.timestamp())) + Fraction(int(frac), 10**9)


def rows_k6(path):
    stamps, req = [], []
    with open(path) as f:
        for line in f:
            o = json.loads(line)
            if o.get("type") != "Point":
                continue
            t = k6_time(o["data"]["time"])
            stamps.append(t)
            if o["metric"] == "http_req_duration":
                ok = o["data"]["tags"].get("expected_response") == "true"
                req.append((t, float(o["data"]["value"]), ok))
    return stamps, req


def rows_vegeta(path):
    stamps, req = [], []
    with open(path, newline="") as f:
        for r in csv.reader(f):
            t = Fraction(int(r[0]), 10**9)
            stamps.append(t)
            req.append((t, int(r[2]) / 1e6, r[5] == ""))   # latency in ms
    return stamps, req


def main():
    kind, path, every = sys.argv[1], sys.argv[2], Fraction(sys.argv[3])
    T = float(sys.argv[4]) if len(sys.argv) > 4 else None
    stamps, req = rows_k6(path) if kind == "k6" else rows_vegeta(path)
    tmin, tmax = min(stamps), max(stamps)
    origin = math.floor(tmin / every) * every
    nw = math.floor((tmax - origin) / every) + 1
    col = "http_req_duration" if kind == "k6" else "latency"
    head = ["window", "column", "n", "errors"]
    head += ["apdex"] if T else []
    print(",".join(head + ["throughput"]))
    for k in range(nw):
        a, b = origin + k * every, origin + (k + 1) * every
        w = [r for r in req if a <= r[0] < b]
        n = len(w)
        err = sum(1 for r in w if not r[2])
        out = ["%.17g" % float(k * every), col, str(n), str(err)]
        if T:
            sat = sum(1 for r in w if r[2] and r[1] <= T)
            tol = sum(1 for r in w if r[2] and T < r[1] <= 4 * T)
            out.append("%.17g" % ((sat + tol / 2) / n) if n else "")
        lo, hi = max(a, tmin), min(b, tmax)
        span = hi - lo if hi > lo else every
        out.append("%.17g" % (n / float(span)))
        print(",".join(out))


main()
