# Sourced by bench/run.sh (its helpers: run1, stat3, fmt_t, mib, maxcol,
# say; its variables ROOT, D, O, PY, BSTAT, BPLOT).  The targets that are
# bounds on one command's time, not ratios (issue 33 item 3: btrend
# 1,000 x 1,000 and every bplot kind that reads raw values on 10^6
# points, each under 2 s), and the accuracy sketches carry merged (item
# 4): into out/abs.md and out/merge.md for RESULTS.md.
BTREND=$ROOT/btrend
: > "$O/abs.md"
: > "$O/merge.md"

# absrow ID WORK LIMIT CMD: CMD three times under rtime; met when its
# median wall time is under LIMIT seconds.
absrow() {
	id=$1 work=$2 lim=$3 cmd=$4
	rm -f "$O/$id.times"
	for i in 1 2 3; do
		if ! run1 "$id" "$cmd"; then
			printf '| %s | failed: see bench/out/%s.err | — | < %s s | **no** | — | %s |\n' \
			    "$work" "$id" "$lim" "$((i - 1))" >> "$O/abs.md"
			return 0
		fi
	done
	st=$(stat3 "$O/$id.times" '$1')
	cpu=$(stat3 "$O/$id.times" '$2 + $3' | cut -d' ' -f1)
	met=$(echo "$st" | awk -v l="$lim" '{ print $1 < l ? "yes" : "**no**" }')
	printf '| %s | %s | %.3g s | < %s s | %s | %s | 3 |\n' "$work" \
	    "$(fmt_t "$st")" "$cpu" "$lim" "$met" \
	    "$(mib "$(maxcol "$O/$id.times" 4)")" >> "$O/abs.md"
	printf '%-11s wall %s  target < %s s  met %s\n' "$id" "$(fmt_t "$st")" \
	    "$lim" "$met"
}

say "bench: time bounds (btrend, bplot kinds on 10^6 points)"
# btrend: 1,000 series of 1,000 revisions, a 10% step in the middle of
# each (bench/trend.sh's generator, the same seed).
if [ ! -s "$D/trend1k.csv" ]; then
	awk -v S=1000 -v N=1000 'function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
	function norm() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }
	BEGIN { seed = 12345; print "series,rev,time_ms"
	for (s = 1; s <= S; s++) for (i = 1; i <= N; i++)
		printf "%d,%d,%.3f\n", s, i, (i > N / 2 ? 110 : 100) + 2 * norm() }' \
	    > "$D/trend1k.csv.tmp" && mv "$D/trend1k.csv.tmp" "$D/trend1k.csv"
fi
[ -s "$D/requests1m.csv" ] || { sh "$B/requests.sh" 1000000 \
    "$D/requests1m.csv.tmp" && mv "$D/requests1m.csv.tmp" "$D/requests1m.csv"; }
# The offset map draws at most 600 s (a column a second): the same
# requests with their time stamps 4 times closer (385 s, 2,600 a second).
[ -s "$D/requests1m_dense.csv" ] || { awk -F, -v OFS=, '
    NR == 1 { print; next } NR == 2 { t0 = $1 }
    { $1 = sprintf("%.0f", t0 + int(($1 - t0) / 4)); print }' \
    "$D/requests1m.csv" > "$D/requests1m_dense.csv.tmp" &&
    mv "$D/requests1m_dense.csv.tmp" "$D/requests1m_dense.csv"; }
cat "$D/trend1k.csv" "$D/requests1m.csv" "$D/requests1m_dense.csv" > /dev/null

# Each found 1,000 change points (one a series), or the row says not.
absrow btrend "btrend, 1,000 series × 1,000 revisions (1M rows, CSV read included)" 2 \
    "$BTREND -x rev -g series -f csv $D/trend1k.csv"
steps=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "kind") k = i; next } !k || $k == "step"' \
    "$O/btrend.out" 2>/dev/null | wc -l)
[ "$steps" = 1000 ] || echo "| (btrend found $steps change points, not 1,000) | | | | **no** | | |" >> "$O/abs.md"

# Every kind that reads raw values, 10^6 of them (shift: 10^6 a side;
# offset-map: the request log 4 times denser, as it draws at most 600 s),
# PNG 800x500; the chart must be a PNG.
L1=$D/lat1m.csv
R1=$D/requests1m.csv
for spec in \
    "box|box -y latency_ns $L1" \
    "cdf|cdf -y latency_ns $L1" \
    "hist|hist -y latency_ns $L1" \
    "violin|violin -y latency_ns $L1" \
    "runs|runs -y latency_ns $L1" \
    "percentiles|percentiles -y latency_ns $L1" \
    "trend|trend -y latency_ns $L1" \
    "shift|shift -y latency_ns $D/cmp_a.csv $D/cmp_b.csv" \
    "scalability|scalability -x threads -y throughput $D/scal1m.csv" \
    "heatmap|heatmap -x batch -y payload_bytes -z throughput_mb_s $D/grid1m.csv" \
    "path|path -x threads -y throughput $D/scal1m.csv" \
    "path --label|path -x run -y throughput --label threads $D/scal1m.csv" \
    "latency-map|latency-map -x timeStamp -y elapsed $R1" \
    "offset-map|offset-map -x timeStamp $D/requests1m_dense.csv" \
    "timeline|timeline -x timeStamp -y elapsed $R1"; do
	kind=${spec%%|*}
	args=${spec#*|}
	id=$(printf '%s' "$kind" | tr -c 'a-z0-9\n' '_')
	absrow "plot_$id" "bplot $kind, 10^6 raw values" 2 \
	    "$BPLOT $args -o $O/abs_$id.png && file $O/abs_$id.png | grep -q 'PNG image data, 800 x 500'"
done

# Item 4: the accuracy a merged sketch carries.  The 10M values in ten
# DDSketch files (bstat -f ddsketch, the protobuf Datadog's libraries
# read and write) and one of bstat's own (-f sketch), merged by
# bstat --merge; their quantiles against the exact type-1 quantiles
# (numpy's inverted_cdf) of all 10M values.
say "bench: merged sketches against the exact quantiles"
rm -rf "$O/merge" && mkdir -p "$O/merge"
awk -v d="$O/merge" 'NR == 1 { h = $0; next }
    { f = d "/part" int((NR - 2) / 1000000) ".csv"
      if (!(f in seen)) { print h > f; seen[f] = 1 } print > f }' "$D/lat10m.csv"
ok=1
for i in 0 1 2 3 4 5 6 7 8; do
	"$BSTAT" --sketch -f ddsketch -c latency_ns "$O/merge/part$i.csv" \
	    -o "$O/merge/part$i.pb" 2>> "$O/merge.err" || ok=0
done
"$BSTAT" --sketch -f sketch -c latency_ns "$O/merge/part9.csv" \
    > "$O/merge/part9.json" 2>> "$O/merge.err" || ok=0
PCTS="1,5,25,50,75,90,95,99,99.9"
if [ "$ok" = 1 ] && "$BSTAT" --merge -f csv --percentiles "$PCTS" \
    "$O/merge"/part*.pb "$O/merge/part9.json" > "$O/merge.out" \
    2>> "$O/merge.err"; then
	$PY - "$D/lat10m.csv" "$O/merge.out" "$PCTS" >> "$O/merge.md" <<'EOF'
import csv, sys
import numpy as np
vals = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1, usecols=1)
row = next(csv.DictReader(open(sys.argv[2])))
worst = 0.0
for p in sys.argv[3].split(","):
    exact = np.percentile(vals, float(p), method="inverted_cdf")
    key = [k for k in row if k in ("p" + p, "p" + p.replace(".", "_"))]
    if not key:
        print("| p%s | %g | (not in bstat's output) | — |" % (p, exact))
        worst = float("inf")
        continue
    got = float(row[key[0]])
    rel = abs(got - exact) / exact
    worst = max(worst, rel)
    print("| p%s | %.6g | %.6g | %.3f %% |" % (p, exact, got, 100 * rel))
print("| all | n = %d (bstat: %s) | | worst %.3f %% (the sketch's bound: 0.5 %%) |"
      % (len(vals), row.get("n", "?"), 100 * worst))
EOF
else
	echo "| — | merge failed: see bench/out/merge.err | | |" >> "$O/merge.md"
fi
