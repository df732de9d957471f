#!/usr/bin/env python3
# Request logs for the load-test cases (issue 30): JMeter-like CSV, the
# columns of a JTL written as CSV (timeStamp in epoch ms, elapsed in ms,
# label, responseCode, success, threadName), made here rather than by
# JMeter so that the counts are known.  Seeded: a rerun writes the same
# bytes.  Run from the repository root: python3 testdata/load/gen.py
import math
import random

HEADER = "timeStamp,elapsed,label,responseCode,success,threadName"


def lognormal(rng, median, sigma):
    return median * math.exp(rng.gauss(0.0, sigma))


def run(path, seed, n, t0, err, median, slow):
    """n requests over 60 s: home and search; search fails with
    probability err (code 500, success false); a share slow of the
    requests are 6 times slower (the tolerating and frustrated ones)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        label = "home" if i % 3 == 0 else "search"
        ts = t0 + int(i * 60000 / n) + rng.randrange(0, 50)
        ms = lognormal(rng, median if label == "search" else median / 2, 0.35)
        if rng.random() < slow:
            ms *= 6
        fail = label == "search" and rng.random() < err
        code = 500 if fail else 200
        rows.append("%d,%d,%s,%d,%s,vu-%d" % (ts, max(1, round(ms)), label,
                    code, "false" if fail else "true", 1 + i % 8))
    with open(path, "w") as f:
        f.write(HEADER + "\n")
        f.write("\n".join(rows) + "\n")


run("testdata/load/base.csv", 301, 900, 1764633600000, 0.02, 180.0, 0.05)
run("testdata/load/cand.csv", 302, 900, 1764637200000, 0.06, 210.0, 0.08)
# Few requests: Fisher's exact test rather than the normal approximation.
run("testdata/load/small_base.csv", 303, 30, 1764633600000, 0.03, 180.0, 0.05)
run("testdata/load/small_cand.csv", 304, 30, 1764637200000, 0.3, 180.0, 0.05)


def windows(path, seed):
    """60 s of requests at about 20 a second from 3.5 s on, none from 20
    to 30 s of the clock (a stall: that window is empty), every seventh
    row written out of time order (swapped with the one before it)."""
    rng = random.Random(seed)
    t0 = 1764640800000 + 3500
    rows = []
    t = 0.0
    while t < 60000:
        t += rng.expovariate(1 / 50.0)
        if 16500 <= t < 26500 or t >= 60000:
            continue
        ms = lognormal(rng, 120.0 if t < 40000 else 260.0, 0.3)
        fail = rng.random() < (0.01 if t < 40000 else 0.08)
        rows.append([t0 + int(t), max(1, round(ms)), "home",
                     500 if fail else 200])
    for i in range(7, len(rows), 7):
        rows[i - 1], rows[i] = rows[i], rows[i - 1]
    with open(path, "w") as f:
        f.write(HEADER + "\n")
        for r in rows:
            f.write("%d,%d,%s,%d,%s,vu-1\n" % (r[0], r[1], r[2], r[3],
                    "true" if r[3] == 200 else "false"))


windows("testdata/load/windows.csv", 305)
# A log whose fifth time stamp is in seconds, the others in ms.
with open("testdata/load/mixed_units.csv", "w") as f:
    f.write(HEADER + "\n")
    for i in range(8):
        ts = 1764640800000 + 250 * i
        if i == 4:
            ts //= 1000
        f.write("%d,%d,home,200,true,vu-1\n" % (ts, 100 + i))

# Periodic work (the subsecond-offset map): 30 s of 40 requests a second,
# 25 of them in the first 50 ms of the second, 10 from 500 to 520 ms, 5
# anywhere.
rng = random.Random(307)
with open("testdata/load/periodic.csv", "w") as f:
    f.write(HEADER + "\n")
    for sec in range(30):
        for k in range(40):
            off = (rng.randrange(0, 50) if k < 25 else
                   500 + rng.randrange(0, 20) if k < 35 else
                   rng.randrange(0, 1000))
            f.write("%d,%d,job,200,true,vu-1\n" % (1764640800000 +
                    sec * 1000 + off, 50 + rng.randrange(0, 30)))
