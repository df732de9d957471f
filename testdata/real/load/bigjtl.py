#!/usr/bin/env python3
"""A JTL (JMeter's CSV results, the header of jmeter.jtl) of N requests
for the memory measurement in README.md: three labels, elapsed and
latency from a fixed-seed generator.  usage: bigjtl.py N > big.jtl"""
import random
import sys

n = int(sys.argv[1])
r = random.Random(29)
out = sys.stdout
out.write("timeStamp,elapsed,label,responseCode,responseMessage,"
          "threadName,dataType,success,failureMessage,bytes,grpThreads,"
          "allThreads,URL,Latency,Hostname,IdleTime,Connect\n")
labels = ("home", "big, file", "missing")
t = 1796177279009
buf = []
for i in range(n):
    k = i % 3
    e = int(r.expovariate(1 / 20.0)) + 1
    t += r.randrange(3)
    buf.append('%d,%d,%s,%s,OK,users 1-%d,text,%s,,%d,3,3,'
               'http://127.0.0.1:18929/x,%d,vm,0,%d\n' % (
                   t, e, '"big, file"' if k == 1 else labels[k],
                   "404" if k == 2 else "200", i % 3 + 1,
                   "false" if k == 2 else "true", 190 + 1000 * k,
                   e - (e > 1), r.randrange(4)))
    if len(buf) == 10000:
        out.write("".join(buf))
        buf = []
out.write("".join(buf))
