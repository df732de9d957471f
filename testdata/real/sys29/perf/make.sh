#!/bin/sh
# perf stat variants (linux-perf 6.1, Debian 12), made by issue 29's
# helper on a 2-core VM without hardware counters (cycles and the other
# hardware events are "<not supported>"); the workload sorts 200k numbers.
set -x
seq 1 200000 | sort -R > nums.txt
perf stat -r 5 -x, -o r5csv.txt -- sort -n nums.txt > /dev/null
perf stat -r 3 -j -o r3json.txt -- sort -n nums.txt > /dev/null
perf stat -e task-clock,context-switches,page-faults -I 200 -o interval.txt -- sh -c 'sort -n nums.txt >/dev/null; sort -n nums.txt >/dev/null; sleep 0.5'
perf stat -e task-clock,context-switches,page-faults -I 200 -x, -o interval_csv.txt -- sh -c 'sort -n nums.txt >/dev/null; sort -n nums.txt >/dev/null; sleep 0.5'
perf stat -e task-clock,context-switches,page-faults -I 200 -j -o interval_json.txt -- sh -c 'sort -n nums.txt >/dev/null; sort -n nums.txt >/dev/null; sleep 0.5'
perf stat -e task-clock,page-faults,cycles -o two.txt -- sort -n nums.txt > /dev/null
perf stat -e task-clock,page-faults,cycles --append -o two.txt -- sort -n nums.txt > /dev/null
rm -f nums.txt
