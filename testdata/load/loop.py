#!/usr/bin/env python3
"""Two JMeter logs of the same service for the coordinated-omission
check (issue 30 item 6); run from the root.

testdata/load/closed.csv: a closed loop, as JMeter's threads run: 4
threads, each sending its next request 0 to 3 ms after the answer to
its previous one (start[i+1] >= start[i] + elapsed[i]), 50 requests
each, latency lognormal (median 40 ms) with a stall of 900 ms now and
then.  testdata/load/open.csv: an open loop at a constant rate, as wrk2
sends: the same 4 threads each send a request every 50 ms whatever the
answers, so a stall's answer comes after the next requests were sent
(start[i+1] < start[i] + elapsed[i] for those)."""
import math
import random

random.seed(3006)
T0 = 1764640800000


def latency():
    if random.random() < 0.04:
        return 900
    return max(1, round(40 * math.exp(random.gauss(0, 0.3))))


def write(path, rows):
    rows.sort()
    with open(path, "w") as f:
        f.write("timeStamp,elapsed,label,responseCode,success,threadName\n")
        for t, ms, th in rows:
            f.write(f"{t},{ms},api,200,true,t-{th}\n")


closed = []
for th in range(1, 5):
    t = T0 + th
    for i in range(50):
        ms = latency()
        closed.append((t, ms, th))
        t += ms + random.randint(0, 3)
write("testdata/load/closed.csv", closed)
opened = []
for th in range(1, 5):
    for i in range(50):
        opened.append((T0 + th + 50 * i, latency(), th))
write("testdata/load/open.csv", opened)
