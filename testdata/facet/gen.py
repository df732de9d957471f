#!/usr/bin/env python3
"""Make locks.csv: eight lock implementations (bplot --facet impl), each
measured on two hosts (--series host) at 1..64 threads, three runs per
level, throughput from the USL X(N) = lambda N / (1 + a (N-1) + b N (N-1))
with 2% noise.  Deterministic (seeded); run from this folder."""
import random

random.seed(32)
IMPL = [("mutex", 0.08, 0.002), ("spinlock", 0.03, 0.004),
        ("rwlock", 0.05, 0.001), ("lock-free", 0.01, 0.0002),
        ("ticket", 0.04, 0.003), ("mcs", 0.02, 0.0005),
        ("rcu", 0.005, 0.0001), ("seqlock", 0.015, 0.0008)]
HOST = [("x86", 120000.0), ("arm", 90000.0)]
with open("locks.csv", "w") as f:
    f.write("impl,host,threads,throughput_ops_per_sec\n")
    for name, a, b in IMPL:
        for host, lam in HOST:
            for n in (1, 2, 4, 8, 16, 32, 64):
                x = lam * n / (1 + a * (n - 1) + b * n * (n - 1))
                for _ in range(3):
                    f.write("%s,%s,%d,%.1f\n" % (name, host, n,
                            x * random.gauss(1, 0.02)))
