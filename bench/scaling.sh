#!/bin/sh
# How each tool's time grows with its input: groups (bstat -g, bstat
# --sketch -g, bcompare -g), series (many value columns: bstat,
# bcompare), revisions (btrend over a history with a step, and with a
# drift) and points (bplot runs, cdf, box), each at 4 sizes growing x4.
# For each it prints the empirical slope of log time against log n and
# flags a slope above n log n (> 1.25): quadratic work shows as 2.
# A measurement, not a test (not part of make check); it asserts nothing.
#
#   sh bench/scaling.sh          (make bench-scaling builds the tools first)
#   BENCH_REPEATS=N              runs per point, the fastest kept (default 3)
#   BENCH_QUICK=1                the three smaller sizes only
#   SCALING_OUT=FILE             where the report goes (bench/SCALING.md)
#
# Time is CPU time (user + system, from wait4() through bench/rtime.c),
# the least of the repeats: on a shared machine the wall time measures
# the neighbours as much as the tool.  The data are made by awk with a
# Park-Miller generator (the same bytes under any awk) in
# bench/data/scaling/ (git-ignored), and reused.
#
# The slope is the least-squares slope of log(CPU s) on log(n) over the
# sizes that took at least 0.05 s (below that, start-up and the clock's
# grain dominate); "last" is the slope between the two largest sizes.
# Either above 1.25 is flagged (the last only when it took 0.05 s).
# n log n between n and 4n is a slope of 1 + log(4)/log(n): 1.12 at
# n = 10^5, so 1.25 leaves room for noise and flags anything quadratic.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
D=$ROOT/bench/data/scaling
REPEATS=${BENCH_REPEATS:-3}
QUICK=${BENCH_QUICK:-0}
OUT=${SCALING_OUT:-$ROOT/bench/SCALING.md}
CC=${CC:-cc}
export LC_ALL=C

for t in bstat bcompare btrend bplot; do
	[ -x "./$t" ] || { echo "bench: build the tools first (make)" >&2; exit 1; }
done
mkdir -p "$D"
[ -x "$D/rtime" ] && [ "$D/rtime" -nt bench/rtime.c ] ||
    $CC -O2 -o "$D/rtime" bench/rtime.c
TIMES=$D/times
: > "$TIMES"

# The sizes of a workload: 4 growing x4 from the first (3 with QUICK).
sizes() {
	n=$1
	k=4
	[ "$QUICK" = 1 ] && k=3
	while [ "$k" -gt 0 ]; do
		printf '%s\n' "$n"
		n=$((n * 4))
		k=$((k - 1))
	done
}

# Park-Miller in awk, with a normal deviate (Box-Muller).
AWKRNG='function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function norm() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }'

# gen KIND N FILE [SEED]: the input, made once.
gen() {
	[ -s "$3" ] && return 0
	awk -v kind="$1" -v N="$2" -v S="${4:-12345}" "$AWKRNG"'
	BEGIN {
		seed = S
		if (kind == "groups") {
			# N groups, 2 values each (every group, then again).
			print "id,time_ms"
			for (r = 0; r < 2; r++) for (i = 1; i <= N; i++)
				printf "g%d,%.3f\n", i, 100 + 5 * norm()
		} else if (kind == "series") {
			# N value columns, 50 rows.
			for (c = 1; c <= N; c++)
				printf "%sm%d_ms", (c > 1 ? "," : ""), c
			print ""
			for (r = 0; r < 50; r++) {
				for (c = 1; c <= N; c++)
					printf "%s%.3f", (c > 1 ? "," : ""),
					    100 + 5 * norm()
				print ""
			}
		} else if (kind == "step" || kind == "drift") {
			# One series of N revisions: a 10% step halfway, or
			# a drift of 10% from the first revision to the last.
			print "rev,time_ms"
			for (i = 1; i <= N; i++) {
				if (kind == "step")
					lvl = i > N / 2 ? 110 : 100
				else
					lvl = 100 + 10 * i / N
				printf "%d,%.3f\n", i, lvl + 2 * norm()
			}
		} else if (kind == "points") {
			# N latencies, lognormal, in run order.
			print "run,latency_ms"
			for (i = 1; i <= N; i++)
				printf "%d,%.4f\n", i, 10 * exp(0.3 * norm())
		}
	}' > "$3.tmp"
	mv "$3.tmp" "$3"
}

# measure LABEL N command...: the least CPU time of REPEATS runs.
measure() {
	label=$1 n=$2
	shift 2
	r=0
	while [ "$r" -lt "$REPEATS" ]; do
		if ! "$D/rtime" "$D/one" "$@" > "$D/out" 2> "$D/err"; then
			echo "bench: $label at $n failed: $(head -1 "$D/err")" >&2
			exit 1
		fi
		printf '%s %s %s\n' "$label" "$n" "$(cat "$D/one")" >> "$TIMES"
		r=$((r + 1))
	done
	awk -v l="$label" -v n="$n" '$1 == l && $2 == n {
		c = $4 + $5; if (b == "" || c < b) b = c }
		END { printf "  %-22s n = %-8s %8.3f s CPU\n", l, n, b }' "$TIMES" |
	    tr '~' ' '
}

echo "scaling: $REPEATS runs a point, the fastest kept"
for n in $(sizes 15625); do
	gen groups "$n" "$D/groups_$n.csv" 1
	gen groups "$n" "$D/groups_${n}_c.csv" 2
	measure "bstat~-g" "$n" ./bstat -g id -f csv "$D/groups_$n.csv"
	measure "bstat~--sketch~-g" "$n" ./bstat --sketch -g id -f csv \
	    "$D/groups_$n.csv"
	measure "bcompare~-g" "$n" ./bcompare -g id -f csv "$D/groups_$n.csv" \
	    "$D/groups_${n}_c.csv"
done
# 9984 columns at the largest: the readers take at most 10,000.
for n in $(sizes 156); do
	gen series "$n" "$D/series_$n.csv" 1
	gen series "$n" "$D/series_${n}_c.csv" 2
	measure "bstat~columns" "$n" ./bstat -f csv "$D/series_$n.csv"
	measure "bcompare~columns" "$n" ./bcompare -f csv "$D/series_$n.csv" \
	    "$D/series_${n}_c.csv"
	measure "bcompare~-f~md~columns" "$n" ./bcompare -f md \
	    "$D/series_$n.csv" "$D/series_${n}_c.csv"
done
for n in $(sizes 4000); do
	gen step "$n" "$D/step_$n.csv"
	gen drift "$n" "$D/drift_$n.csv"
	measure "btrend~step" "$n" ./btrend -x rev -f csv "$D/step_$n.csv"
	measure "btrend~drift" "$n" ./btrend -x rev -f csv "$D/drift_$n.csv"
done
for n in $(sizes 10000); do
	gen points "$n" "$D/points_$n.csv"
	for k in runs cdf box; do
		measure "bplot~$k" "$n" ./bplot "$k" -y latency_ms \
		    -o "$D/plot.png" "$D/points_$n.csv"
	done
done

# The report: per workload, the least CPU time at each size, the peak
# RSS at the largest, the slopes and the flag.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	commit="$commit (with uncommitted changes)"
fi
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
{
	echo "# Scaling: time against input size"
	echo
	echo "Made by \`sh bench/scaling.sh\` (\`make bench-scaling\`) at commit"
	echo "$commit on $(date -u +%Y-%m-%d): $(nproc) CPUs, ${cpu:-unknown CPU},"
	echo "$(uname -sm).  CPU time (user + system), the least of $REPEATS runs;"
	echo "the slope is that of log time on log n over the sizes of at least"
	echo "0.05 s, *last* between the two largest; either above 1.25 is flagged (n log n"
	echo "from n to 4n is 1 + log 4 / log n: 1.12 at 10^5)."
	echo
	echo "| workload | n (x4 each) | CPU seconds | peak RSS at the largest | slope | last | |"
	echo "|---|---|---|---:|---:|---:|---|"
	awk '
	{ k = $1 SUBSEP $2; c = $4 + $5
	  if (!(k in best) || c < best[k]) best[k] = c
	  if ($6 > rss[k]) rss[k] = $6
	  if (!($1 in seen)) { seen[$1] = 1; order[++nl] = $1 }
	  if (!(k in hasn)) { hasn[k] = 1; ns[$1] = ns[$1] " " $2 } }
	END {
		for (li = 1; li <= nl; li++) {
			l = order[li]; m = split(substr(ns[l], 2), n, " ")
			sx = sy = sxx = sxy = 0; q = 0; times = ""; sz = ""
			for (i = 1; i <= m; i++) {
				t = best[l, n[i]]
				times = times (i > 1 ? " / " : "") sprintf("%.3f", t)
				sz = sz (i > 1 ? ", " : "") n[i]
				if (t >= 0.05) {
					x = log(n[i]); y = log(t); q++
					sx += x; sy += y; sxx += x * x; sxy += x * y
				}
			}
			slope = q >= 2 ? (q * sxy - sx * sy) / (q * sxx - sx * sx) : ""
			a = best[l, n[m - 1]]; b = best[l, n[m]]
			last = a > 0 && b > 0 ? log(b / a) / log(n[m] / n[m - 1]) : ""
			# Either slope above: the fit, or the last step (where
			# start-up weighs least) when it is long enough to time.
			if (slope == "")
				flag = "too fast to tell"
			else if (slope > 1.25 || (b >= 0.05 && last > 1.25))
				flag = "**above n log n**"
			else
				flag = "ok"
			r = rss[l, n[m]]
			gsub("~", " ", l)
			ss = slope == "" ? "-" : sprintf("%.2f", slope)
			ls = last == "" ? "-" : sprintf("%.2f", last)
			printf "| %s | %s | %s | %.0f MiB | %s | %s | %s |\n", l, sz,
			    times, r / 1024, ss, ls, flag
		}
	}' "$TIMES"
	echo
	echo "Inputs: *groups*, \`id,time_ms\` with 2 values in each of n groups"
	echo "(bcompare: two such files); *columns*, n value columns of 50 rows;"
	echo "btrend, one series of n revisions with a 10% step halfway (*step*)"
	echo "or a 10% drift from first to last (*drift*); bplot, n latencies"
	echo "drawn as a PNG of 800 x 500."
} > "$OUT"
echo
cat "$OUT"
