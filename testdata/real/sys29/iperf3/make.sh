#!/bin/sh
# iperf3 variants (iperf 3.12, Debian 12), server and client on
# 127.0.0.1:15229, made by issue 29's helper: UDP, two streams, reverse.
set -x
srv() { iperf3 -s -p 15229 -1 > /dev/null 2>&1 & sleep 1; }
srv; iperf3 -c 127.0.0.1 -p 15229 -t 3 -u -b 50M -J > udp.json
srv; iperf3 -c 127.0.0.1 -p 15229 -t 3 -u -b 50M > udp.txt
srv; iperf3 -c 127.0.0.1 -p 15229 -t 3 -P 2 -J > par2.json
srv; iperf3 -c 127.0.0.1 -p 15229 -t 3 -P 2 > par2.txt
srv; iperf3 -c 127.0.0.1 -p 15229 -t 3 -P 2 -R > par2r.txt
wait
