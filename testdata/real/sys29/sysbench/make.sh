#!/bin/sh
# sysbench variants (sysbench 1.0.20, Debian 12), made by issue 29's helper.
set -x
sysbench cpu --time=4 --threads=1 --report-interval=1 run > cpu_interval.txt
sysbench threads --time=3 --threads=2 run > threads.txt
sysbench mutex --threads=2 run > mutex.txt
sysbench memory --memory-total-size=1G --threads=2 --report-interval=1 --time=3 run > memory_interval.txt
sysbench cpu --time=2 --threads=2 --histogram=on run > cpu_hist2.txt
