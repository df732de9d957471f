#!/bin/sh
# The "bad input" files of the CLI cases, cut from the real output here
# (a run killed mid-write; two writers in one log; two runs appended).
# sh cut.sh
set -e
head -c 1000 stressng.yaml > cut_stressng.yaml
head -c 620 stressng_metrics.txt > cut_stressng_metrics.txt
head -c 5000 pgbench_txlog_scripts.log > cut_pgbench_txlog.log
{ head -50 pgbench_txlog_scripts.log; echo 'stress-ng: info:  [1] dispatching hogs: 1 cpu'; tail -5 pgbench_txlog_scripts.log; } > interleaved_pgbench_txlog.log
head -c 3900 redis_text.txt > cut_redis_text.txt
head -c 1290 ab_c8.txt > cut_ab.txt
printf '2;fio-2.0.13;rw;0;0;100;50;12;2000\n' > terse_v2.txt
cat ../generated-here-3/ab/text.txt ab_c8.txt > appended_ab.txt
head -c 1000 fio_randrw.txt > cut_fio.txt
head -c 180 hyperfine.md > cut_hyperfine.md
head -c 300 hyperfine_console.txt > cut_hyperfine_console.txt
