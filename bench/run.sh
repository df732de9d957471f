#!/bin/sh
# The b-tools benchmark, side by side with the peers (`make bench`, which
# builds the tools first).  See bench/README.md for how to read it.
#
#   sh bench/run.sh             everything (about 5 minutes on 2 cores)
#   BENCH_QUICK=1 sh bench/run.sh    without the 100M-row growth runs
#   BENCH_REPEATS=N             A/B pairs per row (default 5; a peer that
#                               takes over 30 s gets 3)
#
# It installs the peers that are missing (apt-get, as scripts/deps.sh does),
# generates the data deterministically under bench/data/ (git-ignored; reused
# when present), runs every pair interleaved, ours then peer, N times, and
# writes the table with the machine's description to bench/RESULTS.md.  The
# outputs and the time of every run stay in bench/out/ (git-ignored).
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
B=$ROOT/bench
D=$B/data
O=$B/out
PY=/usr/bin/python3		# Debian's python3, where the peers live
REPEATS=${BENCH_REPEATS:-5}
QUICK=${BENCH_QUICK:-0}
CC=${CC:-cc}
export LC_ALL=C PYTHONDONTWRITEBYTECODE=1
START=$(date +%s)

say() { printf '%s\n' "$*"; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- peers
# valgrind (callgrind) profiles bstat; time is /usr/bin/time, for the
# cross-check of the peak RSS.
PEER_PKGS="datamash ministat python3-pandas python3-scipy python3-matplotlib \
valgrind time"
missing=""
for p in $PEER_PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done
if [ -n "$missing" ]; then
	say "bench: installing:$missing"
	if [ "$(id -u)" -eq 0 ]; then
		SUDO=""
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO="sudo"
	else
		echo "bench: missing packages; run as root:" >&2
		echo "  apt-get update && apt-get install -y" \
		    "--no-install-recommends$missing" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get update -qq >&2 || true
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
fi

for t in bstat bcompare boutlier; do
	[ -x "$ROOT/$t" ] || die "$t is not built: run make first"
done
BSTAT=$ROOT/bstat
BCOMPARE=$ROOT/bcompare
BOUTLIER=$ROOT/boutlier
BPLOT=$ROOT/bplot

# ---------------------------------------------------------------- helpers
mkdir -p "$D" "$O"
rm -f "$O"/*.times "$O"/*.rt "$O"/*.out "$O"/*.err "$O"/*.png \
    "$O"/table.md "$O"/growth.md "$O"/raw.md "$O"/notes.md

. "$B/lib.sh"

# row ID WORK PEERNAME TARGET CHECK: a row of the table for pair ID.
# TARGET: ">=X" (ratio peer/ours at least X) or "<=X"; CHECK: the
# agreement of the results.
row() {
	id=$1 work=$2 peer=$3 target=$4 agree=$5
	so=$(stat3 "$O/$id.ours.times" '$1')
	sp=$(stat3 "$O/$id.peer.times" '$1')
	sr=$(stat3 "$O/$id.ratio.times" '$1')
	rss=$(maxcol "$O/$id.ours.times" 4)
	ratio=$(echo "$sr" | cut -d' ' -f1)
	op=$(echo "$target" | cut -c1-2)
	x=$(echo "$target" | cut -c3-)
	met=$(awk -v r="$ratio" -v x="$x" -v op="$op" 'BEGIN {
		ok = op == ">=" ? r >= x : r <= x
		print ok ? "yes" : "**no**" }')
	rr=$(echo "$sr" | awk '{ printf "%.2f× (%.2f–%.2f)", $1, $2, $3 }')
	nruns=$(wc -l < "$O/$id.ours.times")
	tt=$(echo "$target" | sed 's/>=/≥ /; s/<=/≤ /')
	printf '| %s | %s | %s: %s | %s | %s× | %s | %s | %s | %s |\n' \
	    "$work" "$(fmt_t "$so")" "$peer" "$(fmt_t "$sp")" "$rr" "$tt" \
	    "$met" "$(mib "$rss")" "$nruns" "$agree" >> "$O/table.md"
	printf '%-9s ours %s  peer %s  ratio %s  target %s  met %s\n' "$id" \
	    "$(fmt_t "$so")" "$(fmt_t "$sp")" "$rr" "$tt" "$met"
	{
		printf -- '- %s: ours' "$id"
		awk '{ printf " %.3f", $1 }' "$O/$id.ours.times"
		printf '; peer'
		awk '{ printf " %.3f", $1 }' "$O/$id.peer.times"
		printf ' (s, in run order)\n'
	} >> "$O/raw.md"
}

failrow() {	# failrow ID WORK PEERNAME TARGET WHY
	printf '| %s | — | %s: — | — | %s | not measured | — | 0 | %s |\n' \
	    "$2" "$3" "$(echo "$4" | sed 's/>=/≥ /; s/<=/≤ /')×" "$5" \
	    >> "$O/table.md"
	printf '%-9s not measured: %s\n' "$1" "$5"
}

LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
say "bench: $REPEATS interleaved pairs per row; outputs in bench/out/"

# ---------------------------------------------------------------- 2. targets
L10=$D/lat10m.csv
STATARGS="-f csv -c latency_ns"

if pair datamash "$REPEATS" "$BSTAT $STATARGS $L10" \
    "datamash -t, -H mean 2 sstdev 2 q1 2 median 2 q3 2 perc:95 2 perc:99 2 \
< $L10"; then
	row datamash "bstat full summary, 10M-row CSV" \
	    "datamash mean sstdev q1 median q3 perc:95 perc:99" ">=8" \
	    "$($PY "$B/check.py" stat "$O/datamash.ours.out" \
	    "$O/datamash.peer.out" datamash)"
else
	failrow datamash "bstat full summary, 10M-row CSV" datamash ">=8" \
	    "failed: see bench/out/datamash.*.err"
fi

if pair pandas "$REPEATS" "$BSTAT $STATARGS $L10" \
    "$PY $B/peers/pandas_summary.py $L10 latency_ns"; then
	row pandas "bstat full summary, 10M-row CSV" \
	    "pandas read_csv + numpy mean/std/percentile" ">=2" \
	    "$($PY "$B/check.py" stat "$O/pandas.ours.out" \
	    "$O/pandas.peer.out" pandas)"
else
	failrow pandas "bstat full summary, 10M-row CSV" pandas ">=2" \
	    "failed: see bench/out/pandas.*.err"
fi

if pair ministat "$REPEATS" "$BSTAT -f csv $D/lat10m.txt" \
    "ministat -n $D/lat10m.txt"; then
	row ministat "bstat, 10M plain numbers" "ministat -n" ">=4" \
	    "$($PY "$B/check.py" stat "$O/ministat.ours.out" \
	    "$O/ministat.peer.out" ministat)"
else
	failrow ministat "bstat, 10M plain numbers" "ministat -n" ">=4" \
	    "failed: see bench/out/ministat.*.err"
fi

# same3 OURS PEER: do the two CSV outputs give the same n, median and p99
# (to 12 significant digits; the peer's columns by name)?
same3() {
	awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
	FNR == 2 { for (k = 1; k <= 3; k++) {
		w = k == 1 ? "n" : k == 2 ? "median" : "p99"
		v[FILENAME, w] = sprintf("%.12g", $(c[FILENAME, w])) } }
	END { ok = 1
		for (k = 1; k <= 3; k++) {
			w = k == 1 ? "n" : k == 2 ? "median" : "p99"
			if (v[ARGV[1], w] != v[ARGV[2], w]) ok = 0 }
		print ok ? "yes (n, median, p99)" : "NO" }' "$1" "$2"
}

# Issue 33: bstat against the single-thread floor (bench/floor.c: mmap,
# exact decimal parse, selection; the least a program of this kind does),
# on the same 10M-row CSV and the 10M plain numbers: at most 1.2x.
FLOORSTATS="--stats n,mean,sd,min,q1,median,q3,p95,p99,max"
# Item 2: with the default -j (the online CPUs, at most 4), faster than
# the floor (>= 1); with -j 1, item 1's 1.2x.
if pair floor "$REPEATS" "$BSTAT $STATARGS $FLOORSTATS $L10" \
    "$D/floor $L10 latency_ns"; then
	row floor "bstat (n, mean, sd, quartiles, p95, p99), 10M-row CSV, default -j ($(nproc) CPUs)" \
	    "the single-thread floor (bench/floor.c)" ">=1" \
	    "$(same3 "$O/floor.ours.out" "$O/floor.peer.out")"
else
	failrow floor "bstat, 10M-row CSV" "floor" ">=1" \
	    "failed: see bench/out/floor.*.err"
fi
if pair floor1 "$REPEATS" "$BSTAT -j 1 $STATARGS $FLOORSTATS $L10" \
    "$D/floor $L10 latency_ns"; then
	row floor1 "bstat -j 1 (n, mean, sd, quartiles, p95, p99), 10M-row CSV" \
	    "the single-thread floor (bench/floor.c)" ">=0.83" \
	    "$(same3 "$O/floor1.ours.out" "$O/floor1.peer.out")"
else
	failrow floor1 "bstat -j 1, 10M-row CSV" "floor" ">=0.83" \
	    "failed: see bench/out/floor1.*.err"
fi
if pair floorp "$REPEATS" "$BSTAT -f csv $FLOORSTATS $D/lat10m.txt" \
    "$D/floor $D/lat10m.txt"; then
	row floorp "bstat (n, mean, sd, quartiles, p95, p99), 10M plain numbers" \
	    "the single-thread floor (bench/floor.c)" ">=0.83" \
	    "$(same3 "$O/floorp.ours.out" "$O/floorp.peer.out")"
else
	failrow floorp "bstat, 10M plain numbers" "floor" ">=0.83" \
	    "failed: see bench/out/floorp.*.err"
fi
# Item 1's plain numbers in one thread too: at most 1.2x the floor.
if pair floorp1 "$REPEATS" "$BSTAT -j 1 -f csv $FLOORSTATS $D/lat10m.txt" \
    "$D/floor $D/lat10m.txt"; then
	row floorp1 "bstat -j 1 (n, mean, sd, quartiles, p95, p99), 10M plain numbers" \
	    "the single-thread floor (bench/floor.c)" ">=0.83" \
	    "$(same3 "$O/floorp1.ours.out" "$O/floorp1.peer.out")"
else
	failrow floorp1 "bstat -j 1, 10M plain numbers" "floor" ">=0.83" \
	    "failed: see bench/out/floorp1.*.err"
fi
# The sketch at least as fast as the exact path on the same file, both
# at the default -j (the sketch's exact sums merge from chunks as the
# exact path's values do), and through a pipe (segments of 8 MiB split
# into chunks, chunks.c), both at the default -j.
if pair sketch "$REPEATS" "$BSTAT $STATARGS --sketch $L10" \
    "$BSTAT $STATARGS $L10"; then
	row sketch "bstat --sketch, 10M-row CSV, default -j (2 CPUs)" \
	    "bstat (exact) on the same file, default -j" \
	    ">=1" "$(awk -F, 'NR == 2 { print $2 == 10000000 ? "yes (n)" : "NO" }' \
	    "$O/sketch.ours.out")"
else
	failrow sketch "bstat --sketch, 10M-row CSV" "bstat" ">=1" \
	    "failed: see bench/out/sketch.*.err"
fi
if pair sketchp "$REPEATS" "cat $L10 | $BSTAT $STATARGS --sketch -" \
    "cat $L10 | $BSTAT $STATARGS -"; then
	row sketchp "bstat --sketch, 10M-row CSV through a pipe, default -j" \
	    "bstat (exact) through the same pipe" \
	    ">=1" "$(awk -F, 'NR == 2 { print $2 == 10000000 ? "yes (n)" : "NO" }' \
	    "$O/sketchp.ours.out")"
else
	failrow sketchp "bstat --sketch through a pipe" "bstat" ">=1" \
	    "failed: see bench/out/sketchp.*.err"
fi

# Peak memory of bstat over every 10M-value run above, and once more
# through /usr/bin/time -f %M as a cross-check of rtime.
MEMBOUND_KB=$((1536 * 10000000 / 1024 / 128 + 65536))	# 1.5*8 B*n + 64 MiB
cat "$O"/datamash.ours.times "$O"/pandas.ours.times \
    "$O"/ministat.ours.times > "$O/mem.times" 2>/dev/null || true
if [ -s "$O/mem.times" ]; then
	rss=$(maxcol "$O/mem.times" 4)
	/usr/bin/time -f %M -o "$O/gnutime.rss" "$BSTAT" $STATARGS "$L10" \
	    > /dev/null 2>&1 || true
	gnu=$(tail -1 "$O/gnutime.rss" 2>/dev/null || echo "?")
	met=$(awk -v r="$rss" -v b="$MEMBOUND_KB" \
	    'BEGIN { print r <= b ? "yes" : "**no**" }')
	bpv=$(awk -v r="$rss" 'BEGIN { printf "%.1f", r * 1024 / 1e7 }')
	printf '| bstat peak memory, 10M values (CSV and plain runs above) | %s = %s B/value (/usr/bin/time -f %%M: %s) | — | — | ≤ %s (1.5 × 8 B/value + 64 MiB; 184 in the issue, which counts 120 MB as MiB) | %s | %s | %s | — |\n' \
	    "$(mib "$rss")" "$bpv" "$(mib "$gnu")" "$(mib "$MEMBOUND_KB")" \
	    "$met" "$(mib "$rss")" "$(wc -l < "$O/mem.times")" >> "$O/table.md"
	say "memory    bstat peak RSS $(mib "$rss") ($bpv B/value), bound $(mib "$MEMBOUND_KB"): $met"
fi

CA=$D/cmp_a.csv
CB=$D/cmp_b.csv
if pair bcompare "$REPEATS" \
    "$BCOMPARE -f csv --test mwu -c latency_ns $CA $CB && \
$BCOMPARE -f csv -c latency_ns $CA $CB" \
    "$PY $B/peers/scipy_compare.py $CA $CB latency_ns"; then
	row bcompare "bcompare 1M vs 1M: --test mwu (U test + Hodges-Lehmann shift with CI) then default welch" \
	    "pandas + scipy mannwhitneyu + ttest_ind" ">=2" \
	    "$($PY "$B/check.py" compare "$O/bcompare.ours.out" \
	    "$O/bcompare.peer.out")"
else
	failrow bcompare "bcompare 1M vs 1M (mwu + welch)" "pandas + scipy" \
	    ">=2" "failed: see bench/out/bcompare.*.err"
fi

# Issue 15: the change of p99 with its interval (order statistics at this
# n) in under twice the time of the U test on the same files.
if pair pctcmp "$REPEATS" "$BCOMPARE -f csv --stat p99 -c latency_ns $CA $CB" \
    "$BCOMPARE -f csv --test mwu -c latency_ns $CA $CB"; then
	row pctcmp "bcompare 1M vs 1M: --stat p99 (change of p99 with its interval)" \
	    "bcompare --test mwu on the same files" ">=0.5" \
	    "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	    NR == 2 { ok = $(c["stat"]) == "p99" && $(c["test"]) == "order-stat"
	    print ok ? "yes (order-stat interval)" : "NO" }' \
	    "$O/pctcmp.ours.out")"
else
	failrow pctcmp "bcompare 1M vs 1M: --stat p99" "bcompare --test mwu" \
	    ">=0.5" "failed: see bench/out/pctcmp.*.err"
fi

# Issue 33: the U test within 1.5x of Welch's t on the same files.
if pair mwu "$REPEATS" "$BCOMPARE -f csv --test mwu -c latency_ns $CA $CB" \
    "$BCOMPARE -f csv -c latency_ns $CA $CB"; then
	row mwu "bcompare 1M vs 1M: --test mwu" \
	    "bcompare (Welch) on the same files" ">=0.67" \
	    "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	    NR == 2 { print $(c["test"]) == "mwu" ? "yes (mwu)" : "NO" }' \
	    "$O/mwu.ours.out")"
else
	failrow mwu "bcompare 1M vs 1M: --test mwu" "bcompare welch" ">=0.67" \
	    "failed: see bench/out/mwu.*.err"
fi

if pair boutlier "$REPEATS" "$BOUTLIER -c latency_ns $L10" \
    "$BSTAT $STATARGS $L10"; then
	n_out=$(wc -l < "$O/boutlier.ours.out")
	row boutlier "boutlier pass-through, 10M-row CSV (every row written back with its flag)" \
	    "bstat on the same file" ">=0.77" \
	    "$(awk -v n="$n_out" 'BEGIN { if (n == 10000001) print "yes (10000001 lines out)"; else print "NO (" n " lines out)" }')"
else
	failrow boutlier "boutlier pass-through, 10M-row CSV" bstat ">=0.77" \
	    "failed: see bench/out/boutlier.*.err"
fi

# bplot against matplotlib: the same chart kind, size and data.
if [ -x "$BPLOT" ]; then
	help=$("$BPLOT" --help 2>&1 || true)
	# The heatmap is drawn at 3000x2000 so that bplot has room to write
	# the value in each of the 64x64 cells (it leaves them out when they
	# would be too small to read); matplotlib always writes them.
	case "$help" in
	*--width*)
		SZ="--width 1000 --height 700"; W=1000; H=700
		HSZ="--width 3000 --height 2000"; HW=3000; HH=2000 ;;
	*)	SZ=""; W=800; H=500; HSZ=""; HW=800; HH=500 ;;
	esac
	if pair bplot_scal "$REPEATS" \
	    "$BPLOT scalability -x threads -y throughput $SZ -o $O/bplot_scal.png $D/scal1m.csv" \
	    "$PY $B/peers/mpl_scalability.py $D/scal1m.csv threads throughput $O/mpl_scal.png $W $H"
	then
		row bplot_scal "bplot scalability, 1M raw rows (mean and CI per thread count, line, PNG ${W}x$H)" \
		    "matplotlib (pandas groupby, errorbar)" ">=3" \
		    "$($PY "$B/check.py" png "$O/bplot_scal.png" "$O/mpl_scal.png")"
	else
		failrow bplot_scal "bplot scalability, 1M raw rows" matplotlib \
		    ">=3" "failed: see bench/out/bplot_scal.*.err"
	fi
	heat() {	# heat ID GRIDFILE LABEL
		pair "$1" "$REPEATS" \
		    "$BPLOT heatmap -x batch -y payload_bytes -z throughput_mb_s $HSZ -o $O/$1.bplot.png $2" \
		    "$PY $B/peers/mpl_heatmap.py $2 batch payload_bytes throughput_mb_s $O/$1.mpl.png $HW $HH" &&
		row "$1" "$3" "matplotlib (pivot_table, imshow, text per cell, colorbar)" ">=3" \
		    "$($PY "$B/check.py" png "$O/$1.bplot.png" "$O/$1.mpl.png")"
	}
	if ! heat bplot_heat "$D/grid100.csv" \
	    "bplot heatmap 100x100 (cell means of 3 repeats, values in cells, colour bar, PNG ${HW}x$HH)"
	then
		# Time the peer alone, so that the row has its side.
		why=$(tail -1 "$O/bplot_heat.ours.err" 2>/dev/null || true)
		rm -f "$O/mpl_heat.times"
		for i in 1 2 3; do
			run1 mpl_heat "$PY $B/peers/mpl_heatmap.py $D/grid100.csv batch payload_bytes throughput_mb_s $O/mpl_heat.png $HW $HH" || break
		done
		printf '| bplot heatmap 100x100 (PNG %sx%s) | failed | matplotlib: %s | — | ≥ 3× | **no**: bplot refuses the chart | — | 0 | %s |\n' \
		    "$HW" "$HH" "$(fmt_t "$(stat3 "$O/mpl_heat.times" '$1')")" \
		    "bplot failed: $why" >> "$O/table.md"
		say "bplot_heat failed: $why"
		# The largest grid it accepts, for a number.
		heat bplot_heat64 "$D/grid64.csv" \
		    "bplot heatmap 64x64 instead (the largest it accepts; 3 repeats per cell, values in cells, PNG ${HW}x$HH)" ||
		    failrow bplot_heat64 "bplot heatmap 64x64" matplotlib ">=3" \
		    "failed: see bench/out/bplot_heat64.*.err"
	fi
else
	# Time the peers alone, so the row has their side at least.
	why="bplot is not built in this tree (no tools/bplot.c)"
	for i in 1 2 3; do
		run1 mpl_scal "$PY $B/peers/mpl_scalability.py $D/scal1m.csv threads throughput $O/mpl_scal.png 800 500" || break
		run1 mpl_heat "$PY $B/peers/mpl_heatmap.py $D/grid100.csv batch payload_bytes throughput_mb_s $O/mpl_heat.png 800 500" || break
	done
	ms=$(fmt_t "$(stat3 "$O/mpl_scal.times" '$1')")
	mh=$(fmt_t "$(stat3 "$O/mpl_heat.times" '$1')")
	printf '| bplot scalability, 1M raw rows | — | matplotlib: %s | — | ≥ 3× | not measured | — | 0 | %s |\n' \
	    "$ms" "$why" >> "$O/table.md"
	printf '| bplot heatmap 100x100 | — | matplotlib: %s | — | ≥ 3× | not measured | — | 0 | %s |\n' \
	    "$mh" "$why" >> "$O/table.md"
	say "bplot     not measured: $why (matplotlib alone: scalability $ms, heatmap $mh)"
fi

# Time bounds (btrend, every bplot kind on 10^6 raw values) and the
# accuracy of merged sketches: bench/targets.sh.
. "$B/targets.sh"

# ---------------------------------------------------------------- 3. growth
# The same bstat run at 1M, 10M and 100M rows, the values streamed from the
# generator through a pipe (so 100M rows never touch the disk), rtime around
# bstat alone.  Plus the 1M and 10M files, and --no-quantiles, which keeps
# no values, when this bstat has it.
say "bench: growth"
NOQ=""
"$BSTAT" --help 2>&1 | grep -q -- --no-quantiles && NOQ=1
SIZES="1000000 10000000"
[ "$QUICK" = 1 ] || SIZES="$SIZES 100000000"
growth() {	# growth ID N LABEL CMD [INNER]
	gid=$1 gn=$2 glabel=$3
	rm -f "$O/$gid.times"
	reps=$REPEATS
	[ "$gn" -ge 100000000 ] && reps=3
	i=0
	while [ "$i" -lt "$reps" ]; do
		i=$((i + 1))
		run1 "$gid" "$4" ${5:+"$5"} || return 1
	done
	st=$(stat3 "$O/$gid.times" '$1')
	cpu=$(stat3 "$O/$gid.times" '$2 + $3' | cut -d' ' -f1)
	rss=$(maxcol "$O/$gid.times" 4)
	nrow=$(awk -F, 'NR == 2 { print $2 }' "$O/$gid.out")
	case "$glabel" in
	*no-quantiles*) bound="—"; within="—" ;;
	*)
		bkb=$(awk -v n="$gn" 'BEGIN { printf "%d", (12 * n + 67108864) / 1024 }')
		bound=$(mib "$bkb")
		within=$(awk -v r="$rss" -v b="$bkb" \
		    'BEGIN { print r <= b ? "yes" : "**no**" }')
		;;
	esac
	printf '| %s | %s | %s | %s s | %s | %s | %s | %s | %s |\n' \
	    "$(echo "$gn" | awk '{ printf "%gM", $1 / 1e6 }')" "$glabel" \
	    "$(fmt_t "$st")" "$(printf '%.3f' "$cpu")" \
	    "$(awk -v c="$cpu" -v n="$gn" 'BEGIN { printf "%.1f", c * 1e9 / n }')" \
	    "$(mib "$rss")" \
	    "$(awk -v r="$rss" -v n="$gn" 'BEGIN { printf "%.1f", r * 1024 / n }')" \
	    "$bound" "$within" >> "$O/growth.md"
	printf '  %-12s %-10s wall %s, cpu %.3f s, rss %s, n=%s\n' "$gid" \
	    "$gn" "$(fmt_t "$st")" "$cpu" "$(mib "$rss")" "$nrow"
	[ "$nrow" = "$gn" ] || printf '| | **n reported: %s** | | | | | | | |\n' \
	    "$nrow" >> "$O/growth.md"
}
growth g_file1m 1000000 "file" "$BSTAT $STATARGS $D/lat1m.csv" || true
growth g_file10m 10000000 "file" "$BSTAT $STATARGS $L10" || true
for n in $SIZES; do
	growth "g_pipe$n" "$n" "pipe from gen" \
	    "$GEN lat $n 1 | $RT $O/g_pipe$n.in.rt $BSTAT $STATARGS -" \
	    "$O/g_pipe$n.in.rt" || true
done
if [ -n "$NOQ" ]; then
	for n in $SIZES; do
		growth "g_noq$n" "$n" "pipe, --no-quantiles" \
		    "$GEN lat $n 1 | $RT $O/g_noq$n.in.rt $BSTAT --no-quantiles $STATARGS -" \
		    "$O/g_noq$n.in.rt" || true
	done
fi
# Linearity: CPU ns/row at the largest piped size over that at the one
# before (100M over 10M; 10M over 1M with BENCH_QUICK=1).
big=$(echo "$SIZES" | awk '{ printf "%gM", $NF / 1e6 }')
small=$(echo "$SIZES" | awk '{ printf "%gM", $(NF - 1) / 1e6 }')
lin=$(awk -F'|' -v big="$big" -v small="$small" '
	$3 == " pipe from gen " && $2 == " " small " " { a = $6 + 0 }
	$3 == " pipe from gen " && $2 == " " big " " { b = $6 + 0 }
	END { if (a > 0 && b > 0) printf "%.2f", b / a }' "$O/growth.md")

# Many groups: bcompare pairs the metrics of two inputs by hash, so its
# time grows linearly with the number of groups (it was quadratic: 40k
# groups took 41 s).  One value per group and side, one run each.
say "bench: bcompare with many groups"
: > "$O/groups.md"
for n in 10000 20000 40000 1000000; do
	f=$D/groups$n.csv
	[ -f "$f" ] || { echo id,v; seq 0 $((n - 1)) |
	    awk '{ print $1 "," ($1 % 7) }'; } > "$f"
	rm -f "$O/groups$n.times"
	run1 "groups$n" "$BCOMPARE -g id -f csv $f $f 2>/dev/null | wc -l" ||
	    continue
	printf '| %s | %s s | %s |\n' "$n" \
	    "$(awk '{ printf "%.3f", $1 }' "$O/groups$n.times")" \
	    "$(mib "$(maxcol "$O/groups$n.times" 4)")" >> "$O/groups.md"
done

# ---------------------------------------------------------------- 4. profile
say "bench: profiling bstat on 1M values"
PROF=$O/profile.md
: > "$PROF"
# cgtop FILE N [OPTS]: the top N functions of callgrind_annotate, one line
# each (paths and object names cut, start-up frames left out).
cgtop() {
	f=$1 n=$2
	shift 2
	callgrind_annotate --auto=no "$@" "$f" 2>/dev/null |
	    sed 's| \[[^]]*\]$||; s|[^ ]*/||' | awk -v n="$n" '
	/PROGRAM TOTALS/ { print; next }
	/%\)/ {
		key = substr($0, index($0, "%)") + 2)
		if (key ~ /\?\?\?|below main|libc-start/ || seen[key]++)
			next
		if (++k <= n)
			print
	}'
}
# profile TITLE INPUT [ARGS]: perf and callgrind of bstat -f csv ARGS INPUT
profile() {
	name=$(basename "$2")
	pargs=${3:-}
	{
		echo "### $1: bstat -f csv $pargs${pargs:+ }bench/data/$name"
		echo
	} >> "$PROF"
	if [ -n "$PERF" ]; then
		perf record -q -F 20000 -o "$O/perf.$name.data" -- "$BSTAT" -f csv \
		    $pargs "$2" > /dev/null 2> "$O/perf.$name.err" || true
		{
			echo "perf record -F 20000; perf report --no-children --sort symbol (self time; [k] is the kernel):"
			echo
			echo '```'
			perf report -i "$O/perf.$name.data" --stdio --no-children \
			    --sort symbol --percent-limit 0.8 2>/dev/null |
			    grep '%' | grep -v '^#' | sed 's/[ -]*$//' | head -16
			echo '```'
			echo
		} >> "$PROF"
	fi
	if [ -n "$CALLGRIND" ]; then
		valgrind --tool=callgrind --callgrind-out-file="$O/callgrind.$name.out" \
		    "$BSTAT" -f csv $pargs "$2" > /dev/null \
		    2> "$O/callgrind.$name.err" || true
		{
			echo "valgrind --tool=callgrind; callgrind_annotate: instructions executed, self (exclusive) and inclusive (with everything called):"
			echo
			echo '```'
			cgtop "$O/callgrind.$name.out" 12
			echo '```'
			echo
			echo '```'
			cgtop "$O/callgrind.$name.out" 14 --inclusive=yes |
			    grep -v 'PROGRAM TOTALS'
			echo '```'
			echo
			# In one sentence: instructions per row, reading
			# against the statistics.
			cgtop "$O/callgrind.$name.out" 40 --inclusive=yes |
			    tr -d ',()%' | awk -v rows="$(wc -l < "$2")" '
			/PROGRAM TOTALS/ { tot = $1 }
			/:tool_read_table$/ { rd = $2 }
			/:bs_summarize$/ { sm = $2 }
			END {
				if (tot > 0)
					printf "In all %.0f instructions per input line: %.0f %% reading and parsing (tool_read_table and below), %.0f %% computing the statistics (bs_summarize and below), the rest start-up and output.\n\n", tot / rows, rd, sm
			}'
		} >> "$PROF"
	fi
}
PERF=""
command -v perf >/dev/null 2>&1 &&
    perf record -q -o "$O/perf.probe" true >/dev/null 2>&1 && PERF=1
CALLGRIND=""
command -v valgrind >/dev/null 2>&1 && CALLGRIND=1
[ -n "$PERF" ] || echo "perf is not usable here (missing, or perf_event_paranoid); callgrind only." >> "$PROF"
profile "CSV, 1M rows" "$D/lat1m.csv" "-c latency_ns"
profile "plain numbers, 1M (the ministat row's input format)" "$D/lat1m.txt"

# ---------------------------------------------------------------- RESULTS.md
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg)
ELAPSED=$(($(date +%s) - START))
ver() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo "?"; }
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo "?")
DIRTY=$(git status --porcelain --untracked-files=no -- . ':!bench' \
    2>/dev/null | wc -l)
[ "$DIRTY" -gt 0 ] && COMMIT="$COMMIT (plus uncommitted changes in $DIRTY files outside bench/)"
OSNAME=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || echo "?")
MEMTOTAL=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)

{
cat <<EOF
# b-tools benchmark results

Produced by \`make bench\` (\`sh bench/run.sh\`$( [ "$QUICK" = 1 ] && echo ", BENCH_QUICK=1")) on $(date -u '+%Y-%m-%d %H:%M UTC'),
in ${ELAPSED} s.  How to run and read it: [README.md](README.md).

## Machine

| | |
|---|---|
| CPUs (nproc) | $(nproc) |
| CPU model | $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') |
| memory | $MEMTOTAL |
| kernel | $(uname -srm) |
| system | $OSNAME |
| load average (1, 5, 15 min) at start / end | $LOAD0 / $LOAD1 |
| b-tools | $($BSTAT --version 2>&1 | head -1), commit $COMMIT, built with $($CC --version | head -1) |
| datamash | $(ver datamash) |
| ministat | $(ver ministat) |
| python3 (Debian) | $($PY -c 'import sys; print(sys.version.split()[0])') |
| pandas / numpy | $(ver python3-pandas) / $(ver python3-numpy) |
| scipy | $(ver python3-scipy) |
| matplotlib | $(ver python3-matplotlib) |

The machine is shared: other work ran beside the benchmark (see the load
average), so only ratios measured in the same run mean anything.  Each row
ran its two commands interleaved, ours then the peer's, back to back;
**ratio** is the median over those pairs of (peer time / our time), with
its range.  Times are wall-clock seconds, median (min–max) over the runs;
peak RSS is the largest over our runs.  The inputs were in the page cache.

## Targets

| work | ours | peer | ratio peer/ours | target | met | our peak RSS | runs | same results |
|---|---|---|---|---|---|---|---|---|
EOF
cat "$O/table.md"
cat <<EOF

"same results": the peer computed the same statistics on the same column
(bench/check.py compares the numbers both printed; the relative tolerance
is 1e-9, or 1e-6 where the peer prints rounded numbers or p-values).  The
peers do less than ours: datamash, pandas and ministat compute no
confidence interval (ministat -n: no quartiles or percentiles either), and
scipy has no Hodges-Lehmann shift, interval on the change or effect size;
bcompare computes all of these.

Runs of every row, in order (seconds):

EOF
cat "$O/raw.md"
cat <<EOF

## Time bounds

Targets that bound one command's time (issue 33 item 3), each run three
times: btrend on 1,000 series of 1,000 revisions, and bplot on 10^6 raw
values for every chart kind that reads them (shift: 10^6 a side;
latency-map, offset-map and timeline: a request log of 10^6 requests,
bench/requests.sh), PNG 800x500.  Seconds, median (min–max).

| work | wall | CPU (median) | target | met | peak RSS | runs |
|---|---|---|---|---|---|---|
EOF
cat "$O/abs.md"
cat <<EOF

## Merged sketches

The accuracy a merged sketch carries (issue 33 item 4): the 10M values of
bench/data/lat10m.csv cut into ten files of 1M, nine summarised as
DDSketch protobufs (bstat --sketch -f ddsketch, the encoding Datadog's
libraries share; tests/cli/ddsketch_merge_js.case merges those of
@datadog/sketches-js) and one as bstat's own -f sketch, merged by
bstat --merge; each percentile against the exact type-1 quantile of all
10M values (numpy's inverted_cdf).  The bound is the sketch's relative
accuracy, 0.5% by default.

| percentile | exact | merged | relative error |
|---|---|---|---|
EOF
cat "$O/merge.md"
cat <<EOF

## Growth

bstat -f csv -c latency_ns (the full summary: exact quartiles and
percentiles, so every value is kept) on the first 1M, 10M and 100M values of
the same generator stream.  "pipe from gen" streams the rows from
bench/gen.c through a pipe, so the 100M rows (1 GB of CSV) never touch the
disk, and times bstat alone (its wall time includes waiting for the
generator; its CPU time, user + system, does not).  Memory bound: 1.5 × 8 B
per value + 64 MiB.$( [ -n "$NOQ" ] && echo "  --no-quantiles keeps no values (moments only), so its memory does not grow with the input.")$( [ "$QUICK" = 1 ] && echo "  BENCH_QUICK=1: the 100M runs were skipped.")

| rows | input | bstat wall, median (min–max) | bstat CPU, median | CPU ns/row | peak RSS | RSS bytes/row | memory bound | within |
|---|---|---|---|---|---|---|---|---|
EOF
cat "$O/growth.md"
echo
if [ -n "$lin" ]; then
	echo "CPU time per row at $big over that at $small (piped): $lin (1.00 is exactly linear)."
	echo
fi
cat <<EOF
## Many groups

bcompare -g id on a file against itself, one value per group and side.

| groups | wall | peak RSS |
|---|---|---|
EOF
cat "$O/groups.md"
cat <<EOF

## Where the time goes

bstat on the first 1M values, as CSV and as plain numbers.  perf samples
time (cache misses and the kernel's page faults and pipe copies included);
callgrind counts instructions exactly, so it is the same on a noisy machine.

EOF
cat "$PROF"
} > "$B/RESULTS.md.tmp"
mv "$B/RESULTS.md.tmp" "$B/RESULTS.md"

say ""
say "bench: commit $COMMIT, done in ${ELAPSED} s; results in bench/RESULTS.md (the README's tables from it: python3 bench/readme_table.py)"
say ""
sed -n '/^## Targets/,/^"same results"/p' "$B/RESULTS.md" | sed '$d'
