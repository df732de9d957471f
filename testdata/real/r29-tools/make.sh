#!/bin/sh
# Real output of the Debian 12 tools, made on the b-tools development
# machine (2 shared cores, Debian 12 packages: stress-ng 0.15.06,
# PostgreSQL 15 pgbench, apache2-utils 2.4 ab, redis 7.0 redis-benchmark,
# fio 3.33, hyperfine 1.15, libbenchmark-dev 1.7.1).  Run as root from
# this folder: sh make.sh.  Timings are noisy; only the readers matter.
set -x
# stress-ng: --metrics (the long table), --metrics-brief with two
# stressors, --yaml
stress-ng --cpu 1 --vm 1 --vm-bytes 32m -t 2 --metrics > stressng_metrics.txt 2>&1
stress-ng --cpu 2 --matrix 1 -t 2 --metrics-brief > stressng_brief2.txt 2>&1
stress-ng --cpu 1 --hash 1 -t 2 --metrics-brief --yaml stressng.yaml > /dev/null 2>&1
# pgbench on a throwaway cluster (port 15434)
PGB=/usr/lib/postgresql/15/bin
D=/tmp/r29_pg
rm -rf $D; mkdir -p $D; chown postgres $D
su postgres -c "$PGB/initdb -D $D/data > /dev/null"
su postgres -c "$PGB/pg_ctl -D $D/data -o '-p 15434 -k $D -c listen_addresses=' -l $D/log start" > /dev/null
sleep 2
su postgres -c "pgbench -h $D -p 15434 -i -s 1 postgres" > /dev/null 2>&1
su postgres -c "pgbench -h $D -p 15434 -c 4 -j 2 -T 4 -P 1 -S postgres" > pgbench_select_P1.txt 2>&1
su postgres -c "cd $D && pgbench -h $D -p 15434 -c 2 -j 1 -T 2 -l --log-prefix=tx -b select-only@2 -b simple-update@1 postgres" > /dev/null 2>&1
cat $D/tx.* > pgbench_txlog_scripts.log
su postgres -c "cd $D && pgbench -h $D -p 15434 -c 2 -j 1 -T 4 -l --aggregate-interval=1 --log-prefix=agg postgres" > /dev/null 2>&1
cat $D/agg.* > pgbench_agg.log
su postgres -c "cd $D && pgbench -h $D -p 15434 -c 2 -j 1 -T 3 -R 200 -l --aggregate-interval=1 --log-prefix=aggr postgres" > pgbench_rate.txt 2>&1
cat $D/aggr.* > pgbench_agg_rate.log
su postgres -c "$PGB/pg_ctl -D $D/data stop" > /dev/null
rm -rf $D
# ab against python3 -m http.server
mkdir -p /tmp/r29_www; echo hello > /tmp/r29_www/index.html
python3 -m http.server 18433 --bind 127.0.0.1 --directory /tmp/r29_www > /dev/null 2>&1 &
SP=$!; sleep 1
ab -n 300 -c 8 http://127.0.0.1:18433/ > ab_c8.txt 2>&1
ab -n 200 -c 2 -g ab_c2.tsv http://127.0.0.1:18433/ > /dev/null 2>&1
kill $SP; rm -rf /tmp/r29_www
# redis-benchmark
redis-server --port 16391 --bind 127.0.0.1 --save '' --appendonly no --daemonize no > /dev/null 2>&1 &
SP=$!; sleep 1
redis-benchmark -p 16391 -n 5000 -t set,lpush > redis_text.txt
redis-benchmark -p 16391 -n 20000 -t ping,set,get,lpush -q > redis_quiet.txt
kill $SP
# fio: randrw (both directions), normal and terse
mkdir -p /tmp/r29_fio
fio --name=rw --directory=/tmp/r29_fio --size=8m --runtime=1 --time_based --rw=randrw --bs=4k --output-format=normal > fio_randrw.txt
fio --name=rw --directory=/tmp/r29_fio --size=8m --runtime=1 --time_based --rw=randrw --bs=4k --output-format=terse > fio_randrw.terse
fio --name=rd --directory=/tmp/r29_fio --size=8m --runtime=1 --time_based --rw=randread --bs=4k --lat_percentiles=1 --output-format=normal > fio_latpct.txt
rm -rf /tmp/r29_fio
# hyperfine: markdown export and the console text (not a terminal: no colour)
hyperfine -N --runs 10 --warmup 2 'sleep 0.01' 'sleep 0.02' --export-markdown hyperfine.md > hyperfine_console.txt
hyperfine -N --runs 5 'true' --style basic > hyperfine_basic.txt
# Google Benchmark console (gbench_demo.cc)
g++ -O2 -o /tmp/r29_gb gbench_demo.cc -lbenchmark -lpthread
/tmp/r29_gb --benchmark_min_time=0.01 > gbench_console.txt 2>/dev/null
/tmp/r29_gb --benchmark_min_time=0.01 --benchmark_repetitions=3 --benchmark_filter=BM_Sum > gbench_console_reps.txt 2>/dev/null
rm -f /tmp/r29_gb
# The same run as console text and JSON (--benchmark_out): the console
# reader's rows against the JSON reader's
g++ -O2 -o /tmp/r29_gb gbench_demo.cc -lbenchmark -lpthread
/tmp/r29_gb --benchmark_min_time=0.01 --benchmark_repetitions=2 --benchmark_out=gbench_same.json --benchmark_out_format=json > gbench_same.txt 2>/dev/null
rm -f /tmp/r29_gb
# Other options: gbench --benchmark_counters_tabular=true; hyperfine -P
# (a parameter; its console warnings between the benchmarks)
g++ -O2 -o /tmp/r29_gb gbench_demo.cc -lbenchmark -lpthread
/tmp/r29_gb --benchmark_min_time=0.01 --benchmark_counters_tabular=true > gbench_tabular.txt 2>/dev/null
rm -f /tmp/r29_gb
hyperfine -N --runs 5 -P n 1 2 'sleep 0.0{n}' --export-markdown hyperfine_param.md > hyperfine_param_console.txt 2>&1
