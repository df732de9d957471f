#!/usr/bin/env python3
# Requests of two endpoints for bplot latency-map / offset-map --facet
# (issue 32 item 16): "early" from 0 to 30 s, "late" from 30 to 60 s
# after the first stamp, 10 a second each, latencies lognormal around
# 20 ms (early) and 80 ms (late), each request at a random offset in
# its second.  Panels that share the columns show "late" from 30 s on,
# both on one 0..60 s axis.  Writes latmap.csv; seeded, so the file is
# the same on every run:  python3 testdata/facet/latmap.py
import random

random.seed(32)
T0 = 1764640800000  # ms since the epoch
with open("testdata/facet/latmap.csv", "w") as f:
    f.write("timeStamp,elapsed,label\n")
    for label, start, mu in (("early", 0, 20.0), ("late", 30, 80.0)):
        for s in range(start, start + 30):
            for _ in range(10):
                ms = T0 + s * 1000 + random.randrange(1000)
                v = max(1, round(random.lognormvariate(0, 0.5) * mu))
                f.write("%d,%d,%s\n" % (ms, v, label))
