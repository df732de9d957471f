#!/usr/bin/env python3
"""A request log with a warm-up (bstat --every --steady auto, issue 30
item 1): 24 windows of 10 s, 20 requests a second, latency lognormal
(sdlog 0.2) with median 300 ms in the first 40 s and 100 ms from then
on: the truth is a warm-up whose steady state starts at window 40 s.
Writes testdata/load/warmup.csv (JMeter CSV); run from the root."""
import math
import random

random.seed(3011)
t0 = 1764640800000
with open("testdata/load/warmup.csv", "w") as f:
    f.write("timeStamp,elapsed,label,responseCode,success\n")
    for i in range(24 * 10 * 20):
        t = t0 + i * 50
        med = 300 if i * 50 < 40000 else 100
        ms = round(med * math.exp(random.gauss(0, 0.2)))
        f.write(f"{t},{ms},home,200,true\n")
