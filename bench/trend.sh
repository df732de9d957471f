#!/bin/sh
# btrend's speed: S series of N revisions (one run each, a 10% step in
# the middle of every series), end to end (reading the CSV included),
# for N = 250, 500, 1000, 2000, 4000; and 1,000 x 1,000, the target
# (< 3 s on this two-core machine, issue 28 item 8); then appending one
# revision with and without --state.  Wall time and, as
# the machine is shared, the CPU time (user + system, GNU time) too.  Numbers from a Park-Miller generator in awk,
# the same under any awk.  Writes bench/TREND.md.
cd "$(dirname "$0")/.." || exit 2
tmp=${TMPDIR:-/tmp}/btrend-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
gen() {
	awk -v S="$1" -v N="$2" 'function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
	function norm() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }
	BEGIN { seed = 12345; print "series,rev,time_ms"
	for (s = 1; s <= S; s++) for (i = 1; i <= N; i++)
		printf "%d,%d,%.3f\n", s, i, (i > N / 2 ? 110 : 100) + 2 * norm() }'
}
{
	echo "# btrend timing"
	echo
	echo "$(nproc) CPUs; $(uname -m); end to end, CSV read included; best of 3."
	echo
	echo "| series | revisions | rows | seconds | CPU seconds | change points found |"
	echo "|---:|---:|---:|---:|---:|---:|"
	for sn in "100 250" "100 500" "100 1000" "100 2000" "100 4000" "1000 1000"; do
		set -- $sn
		gen "$1" "$2" > "$tmp/h.csv"
		best=
		cpu=
		for r in 1 2 3; do
			s=$(date +%s.%N)
			/usr/bin/time -f '%U %S' -o "$tmp/cpu" ./btrend -x rev -g series -f csv "$tmp/h.csv" > "$tmp/out.csv" 2>/dev/null
			e=$(date +%s.%N)
			t=$(echo "$e - $s" | bc)
			c=$(awk '{ print $1 + $2 }' "$tmp/cpu")
			if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
			if [ -z "$cpu" ] || [ "$(echo "$c < $cpu" | bc)" = 1 ]; then cpu=$c; fi
		done
		echo "| $1 | $2 | $(($1 * $2)) | $(printf %.2f "$best") | $(printf %.2f "$cpu") | $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "kind") k = i; next } !k || $k == "step"' "$tmp/out.csv" | wc -l) |"
	done
	# Appending one revision to a 10,000-revision history (steps at
	# 5,000 and 8,000): without --state the night's run searches the
	# whole history (and it without its last revision, sharing their
	# windows); with the state the 10,000-revision run left, only the
	# last window (issue 28 item 8).  The outputs must be identical.
	echo
	echo "Appending one revision to a history of 10,000 (steps at 5,000 and 8,000), CPU seconds, best of 3; segments searched from btrend's --state note:"
	echo
	echo "| series | revisions | --state | CPU seconds | segments searched | change points found | output as without --state |"
	echo "|---:|---:|---|---:|---:|---:|---|"
	for S in 1 100; do
		for N in 10000 10001; do
			awk -v S="$S" -v N="$N" 'function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
			function norm() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }
			BEGIN { print "series,rev,time_ms"
			for (s = 1; s <= S; s++) { seed = 12345 + s; for (i = 1; i <= N; i++)
				printf "%d,%d,%.3f\n", s, i, (i > 5000 ? 110 : 100) - (i > 8000 ? 5 : 0) + 2 * norm() } }' > "$tmp/h$N.csv"
		done
		./btrend -x rev -g series -f csv "$tmp/h10001.csv" > "$tmp/plain.csv" 2>/dev/null
		for mode in none state; do
			cpu=
			for r in 1 2 3; do
				rm -f "$tmp/st"
				[ "$mode" = state ] && ./btrend -x rev -g series -f csv --state "$tmp/st" "$tmp/h10000.csv" > /dev/null 2>&1
				set -- -x rev -g series -f csv
				[ "$mode" = state ] && set -- "$@" --state "$tmp/st"
				/usr/bin/time -f '%U %S' -o "$tmp/cpu" ./btrend "$@" "$tmp/h10001.csv" > "$tmp/out.csv" 2> "$tmp/err"
				c=$(awk '{ print $1 + $2 }' "$tmp/cpu")
				if [ -z "$cpu" ] || [ "$(echo "$c < $cpu" | bc)" = 1 ]; then cpu=$c; fi
			done
			seg=$(awk '/--state/ { print $5 " of " $7 }' "$tmp/err")
			same=no
			cmp -s "$tmp/out.csv" "$tmp/plain.csv" && same=yes
			echo "| $S | 10001 | $([ "$mode" = state ] && echo "from the 10,000 run" || echo none) | $(printf %.2f "$cpu") | ${seg:-all} | $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "kind") k = i; next } !k || $k == "step"' "$tmp/out.csv" | wc -l) | $same |"
		done
	done
} > bench/TREND.md
cat bench/TREND.md
