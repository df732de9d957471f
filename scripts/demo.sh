#!/bin/sh
# The demo: the tools over a realistic benchmark result set (a message
# queue, baseline and candidate, 1-64 threads, 12 runs each; see
# testdata/demo/gen.py).  Prints the results and writes them under out/.
set -e
cd "$(dirname "$0")/.."
PATH=$(pwd):$PATH
D=testdata/demo
mkdir -p out

step() { printf '\n==> %s\n$ %s\n' "$1" "$2"; }

step "Summary per implementation and thread count (first 8 rows)" \
    "bstat -g impl,threads -c throughput_msg_per_sec $D/mq.csv"
bstat -g impl,threads -c throughput_msg_per_sec $D/mq.csv | head -9
bstat -f csv -g impl,threads -o out/summary.csv $D/mq.csv 2>/dev/null
echo "(all columns, both metrics: out/summary.csv)"

step "Outlier candidates: the warm-up run stands out" \
    "boutlier -g impl,threads -c latency_us $D/mq.csv > out/mq_flagged.csv"
boutlier -g impl,threads -c latency_us $D/mq.csv > out/mq_flagged.csv \
    2> out/mq_flagged.log
echo "flagged rows:"
grep -v ',none' out/mq_flagged.csv | head -8
echo "(summary per group: out/mq_flagged.log)"

# --stats chooses the columns: the table's fields move with the units
# (and r1 comes after p99), so no awk field number can cut it.
step "Leave the warm-up run out; check steady state and independence" \
    "bstat --skip 1 --steady 4 --autocorr --stats n,mean,median,p99,r1,steady_diff,steady -g impl,threads -c latency_us $D/mq.csv"
bstat --skip 1 --steady 4 --autocorr \
    --stats n,mean,median,p99,r1,steady_diff,steady -g impl,threads \
    -c latency_us $D/mq.csv 2>&1

if [ -x ./bcompare ]; then
	step "Baseline against candidate (latency, Mann-Whitney U)" \
	    "bcompare --test mwu -g op $D/latency_baseline.csv $D/latency_candidate.csv"
	bcompare --test mwu -g op $D/latency_baseline.csv \
	    $D/latency_candidate.csv || true
	bcompare --test mwu -g op -f md -o out/compare.md \
	    $D/latency_baseline.csv $D/latency_candidate.csv 2>/dev/null || true
	echo "(pull-request report: out/compare.md)"

	step "The tail: p99 latency of the candidate against the baseline" \
	    "bcompare --stat p99 -g op $D/latency_baseline.csv $D/latency_candidate.csv"
	bcompare --stat p99 -g op $D/latency_baseline.csv \
	    $D/latency_candidate.csv 2>/dev/null || true

	step "Throughput of the candidate implementation against the baseline, per thread count" \
	    "bcompare --gate --variant impl -g threads -c throughput_msg_per_sec --skip 1 $D/mq.csv"
	bcompare --gate --variant impl -g threads -c throughput_msg_per_sec \
	    --skip 1 $D/mq.csv 2>/dev/null || true
fi

if [ -x ./bplot ]; then
	step "Charts: throughput with a USL fit per implementation" \
	    "bplot scalability -x threads -y throughput_msg_per_sec --series impl --skip 1 --fit usl ..."
	bplot scalability -x threads -y throughput_msg_per_sec --series impl \
	    --skip 1 --fit usl --fit-report out/usl.json \
	    --title "Message queue throughput" --ylabel "Throughput (msg/s)" \
	    --xlabel "Threads" $D/mq.csv -o out/scalability.png
	echo "fitted parameters (out/usl.json):"
	cat out/usl.json

	step "Charts: latency means from bstat, baseline and candidate side by side" \
	    "bstat --skip 1 -f csv -g impl,threads -c latency_us $D/mq.csv | bplot scalability -x threads --series impl ..."
	bstat --skip 1 -f csv -g impl,threads -c latency_us $D/mq.csv \
	    2>/dev/null > out/mq_latency.csv
	# bstat's default level; bplot cannot know it from the means alone.
	bplot scalability -x threads --series impl --confidence 95 --logx \
	    --title "Message queue latency" --xlabel "Threads" \
	    --ylabel "Latency (µs)" \
	    out/mq_latency.csv -o out/latency.png

	step "Charts: throughput by payload and batch size; latency distributions" \
	    "bplot heatmap ... / bplot box ... / bplot cdf ..."
	bplot heatmap -x batch -y payload_bytes -z throughput_mb_s \
	    --title "Throughput by payload and batch size" \
	    --xlabel "Batch size (messages)" --ylabel "Payload (bytes)" \
	    $D/grid.csv -o out/heatmap.png
	bplot box -x op -y latency_us --series file \
	    --title "Latency per operation" --ylabel "Latency (µs)" \
	    $D/latency_baseline.csv $D/latency_candidate.csv \
	    -o out/compare_box.png
	bplot cdf -y latency_us --series file --logx \
	    --title "Latency distribution, all operations" \
	    $D/latency_baseline.csv $D/latency_candidate.csv \
	    -o out/compare_cdf.png
	step "Charts: eight implementations with USL fits and their parameters" \
	    "bplot scalability -x threads -y throughput_ops --series impl --fit usl --fit-table ..."
	bplot scalability -x threads -y throughput_ops --series impl \
	    --fit usl --fit-table --title "Eight queues, USL fits" \
	    --xlabel "Threads" testdata/plots/fit8.csv \
	    -o out/scalability_fit8.png 2>/dev/null
	bplot heatmap -x batch -y payload_bytes -z throughput_change_pct \
	    --title "Throughput change, candidate against baseline" \
	    --xlabel "Batch size (messages)" --ylabel "Payload (bytes)" \
	    --zlabel "Throughput change (%)" \
	    testdata/plots/change.csv -o out/heatmap_change.png

	step "Charts: a load test's latency against throughput, with an SLO" \
	    "bplot path -x throughput_rps -y p99_latency_ms --label clients --slo 'p99_latency_ms<=50' ..."
	# Clients 1 to 64, three runs each: throughput levels off at about
	# 11000 rps while p99 latency climbs (the hockey stick).  The SLO's
	# best level and Little's law are reported on standard error.
	bplot path -x throughput_rps -y p99_latency_ms --label clients \
	    --slo 'p99_latency_ms<=50' --fit-report out/slo.json \
	    --little N=clients,X=throughput_rps,R=mean_latency_ms \
	    --title "Load test: p99 latency against throughput" \
	    testdata/plots/loadtest.csv -o out/path.png
	cat out/slo.json
	bplot scalability -x clients -y throughput_rps \
	    --slo 'p99_latency_ms<=50' --limit 'throughput_rps<=10416' \
	    --title "Load test: throughput per client count" \
	    testdata/plots/loadtest.csv -o out/scalability_slo.png 2>/dev/null

	step "Charts: latency by percentile, from HdrHistogram's output" \
	    "bplot percentiles --series file base.hgrm cand.hgrm -o out/percentiles.png"
	bplot percentiles --series file --ylabel "Latency (ms)" \
	    --hline 20 --hline-label "20 ms" \
	    --title "Latency by percentile, baseline and candidate" \
	    testdata/real/generated-here-2/base.hgrm \
	    testdata/real/generated-here-2/cand.hgrm -o out/percentiles.png

	step "Analyse a load test: windows, errors, Apdex, heat map, timeline, knee" \
	    "bstat -c elapsed -t timeStamp --every 10s --ok success ... / bplot latency-map ... / bplot timeline ..."
	# JMeter-like request logs made by testdata/load/gen.py and ramp.py.
	bstat -c elapsed -t timeStamp --every 10s --ok success \
	    --stats n,median,p99,errors,error_rate,error_lo,error_hi \
	    testdata/load/windows.csv
	bstat -c elapsed -g label --ok success --apdex 500 \
	    --target 'error_rate<0.05' --target 'apdex>=0.9' \
	    --stats n,p95,error_rate,error_hi,apdex,apdex_lo \
	    testdata/load/cand.csv
	bcompare -c elapsed -g label --ok success --apdex 500 \
	    testdata/load/base.csv testdata/load/cand.csv
	bplot latency-map -x timeStamp -y elapsed testdata/load/windows.csv \
	    -o out/latency_map.png
	bplot latency-map -x timeStamp -y elapsed --ymax 400 \
	    testdata/load/windows.csv -o out/latency_map_clip.png
	bplot offset-map -x timeStamp testdata/load/periodic.csv \
	    -o out/offset_map.png
	bplot timeline -x timeStamp -y elapsed --series file --facet label \
	    testdata/load/base.csv \
	    testdata/load/cand.csv -o out/timeline.png
	bplot path -x throughput_rps -y p99_latency_ms --label clients \
	    --slo 'p99_latency_ms<=20' testdata/load/ramp.csv -o out/knee.png

	step "Charts: distributions as histograms and violins; runs in order" \
	    "bplot hist ... / bplot violin ... / bplot runs --skip 3 --steady 8 ..."
	bplot hist -y latency_us --series file \
	    --title "Latency histogram, all operations" \
	    $D/latency_baseline.csv $D/latency_candidate.csv -o out/hist.png
	bplot violin -x op -y latency_us --series file \
	    --title "Latency per operation" \
	    $D/latency_baseline.csv $D/latency_candidate.csv -o out/violin.png
	bplot runs -y time_ms --series build --skip 3 --steady 8 \
	    --title "Run times in order: warm-up and steady state" \
	    testdata/plots/runs.csv -o out/runs.png
	ls -l out/*.png out/usl.json
fi
if [ -x ./btrend ]; then
	# A history of 120 nightly revisions, three runs each: parse steps
	# up 10% at revision 41 and back down 5% at 86, render stays flat.
	# Numbers from a Park-Miller generator in awk (any awk, the same
	# numbers), so that the demo is the same everywhere.
	awk 'function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
	function norm() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }
	BEGIN { seed = 4242; print "commit_index,bench,time_ms"
	for (i = 1; i <= 120; i++) {
		lvl = i > 85 ? 104 : i > 40 ? 110 : 100
		for (r = 0; r < 3; r++) printf "%d,parse,%.3f\n", i, lvl + 2 * norm()
		printf "%d,render,%.3f\n", i, 50 + norm()
	} }' > out/history.csv
	step "Change points across a history: when did performance change?" \
	    "btrend -x commit_index -g bench out/history.csv"
	btrend -x commit_index -g bench out/history.csv
	step "The history with its segments and change points" \
	    "bplot trend -x commit_index -y time_ms --series bench out/history.csv -o out/trend.png"
	if [ -x ./bplot ]; then
		bplot trend -x commit_index -y time_ms --series bench \
		    --title "time_ms per revision, with change points" \
		    out/history.csv -o out/trend.png
		ls -l out/trend.png
	fi
fi

if [ -x ./bcompare ]; then
	step "The experiment record and the HTML report, with fingerprints" \
	    "bcompare -f html -g op -o out/report.html out/latency_baseline_env.csv out/latency_candidate_env.csv"
	# The demo's latency files with a fingerprint each, as benv -f
	# comment writes it; the candidate ran with another governor.
	fp() {
		printf '# cpu_model: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz\n'
		printf '# kernel: 6.1.0-18-amd64\n# threads: 40\n'
		printf '# governor: %s\n# boost: off\n# load1: %s\n' "$1" "$2"
	}
	{ fp performance 0.03; cat $D/latency_baseline.csv; } \
	    > out/latency_baseline_env.csv
	{ fp powersave 0.05; cat $D/latency_candidate.csv; } \
	    > out/latency_candidate_env.csv
	bcompare -f html -g op -o out/report.html out/latency_baseline_env.csv \
	    out/latency_candidate_env.csv || true
	bcompare -f record -g op -o out/record.md out/latency_baseline_env.csv \
	    out/latency_candidate_env.csv 2>/dev/null || true
	sed -n '/^## Conclusions/,$p' out/record.md
	echo "(one-file report: out/report.html; experiment record: out/record.md)"
fi
printf '\nResults are in out/.\n'
