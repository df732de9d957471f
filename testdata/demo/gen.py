#!/usr/bin/env python3
"""Generate the demo data set: a message-queue benchmark, baseline and
candidate, 1 to 64 threads, 12 runs each, with a warm-up spike in the
first run, throughput that follows a Universal Scalability Law curve, and
latencies with a long tail; plus a payload x batch throughput grid.
Deterministic (fixed seed); run from this folder."""
import math
import random

random.seed(20261130)

def usl(n, lam, a, b):
    return lam * n / (1 + a * (n - 1) + b * n * (n - 1))

rows = []
for impl, lam, a, b, lat0 in (("baseline", 52000, 0.045, 0.0009, 180.0),
                              ("candidate", 55000, 0.030, 0.0006, 165.0)):
    for run in range(1, 13):
        for threads in (1, 2, 4, 8, 16, 32, 64):
            x = usl(threads, lam, a, b) * random.gauss(1, 0.025)
            lat = lat0 * (1 + 0.02 * threads) * random.lognormvariate(0, 0.18)
            if run == 1:
                x *= 0.78          # warm-up: slow first run
                lat *= 1.9
            rows.append((run, threads, impl, x, lat))
order = list(range(len(rows)))
with open("mq.csv", "w") as f:
    f.write("run,threads,impl,throughput_msg_per_sec,latency_us\n")
    for i in order:
        r = rows[i]
        f.write("%d,%d,%s,%.2f,%.1f\n" % r)

# Latency samples of one configuration, baseline vs candidate.
# The candidate publishes 9% faster, consumes 12% slower, acks the same.
for impl in ("baseline", "candidate"):
    with open("latency_%s.csv" % impl, "w") as f:
        f.write("op,latency_us\n")
        for op, med, factor in (("publish", 210, 0.91), ("consume", 260, 1.12),
                                ("ack", 120, 1.0)):
            m = med * (factor if impl == "candidate" else 1)
            for _ in range(40):
                f.write("%s,%.1f\n" % (op, random.lognormvariate(math.log(m), 0.15)))

# Throughput over payload size x batch size, 3 repetitions per cell.
with open("grid.csv", "w") as f:
    f.write("payload_bytes,batch,throughput_mb_s\n")
    for payload in (64, 256, 1024, 4096, 16384):
        for batch in (1, 8, 32, 128, 512):
            base = 900 * (1 - math.exp(-batch * payload / 20000.0))
            base *= 1 / (1 + payload / 60000.0)
            for _ in range(3):
                f.write("%d,%d,%.1f\n" % (payload, batch,
                                         base * random.gauss(1, 0.03)))

# What a benchmark program prints, one key=value line per run, with a
# slow first run per thread count.
with open("bench.log", "w") as f:
    f.write("# mq-bench 1.4, 2026-11-30, 10 runs per thread count\n")
    for t in (1, 2, 4, 8):
        for r in range(1, 11):
            x = usl(t, 52000, 0.045, 0.0009) * random.gauss(1, 0.02)
            if r == 1:
                x *= 0.8
            us = 50000 / x * 1e6
            f.write("run %d: messages=50000 threads=%d elapsed_us=%d "
                    "throughput_msg_per_sec=%.2f\n" % (r, t, us, x))
