#!/bin/sh
# Instruction counts (valgrind's callgrind) of bstat and of the
# single-thread floor (bench/floor.c) on 1M rows, the figures of
# bench/SPEED.md.  Instructions do not depend on the load of the machine,
# as wall time does: on a shared machine they tell a change in the hot
# path apart from noise.  A measurement, not a test.
#
#   sh bench/icount.sh [BSTAT]     from the top of the tree; BSTAT: ./bstat
#
# The data is bench/gen.c's, the first 1M rows of bench/data/lat10m.csv
# and lat10m.txt (gen lat 1000000 1, gen plain 1000000 1).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BSTAT=${1:-$ROOT/bstat}
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/icount.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
command -v valgrind > /dev/null || { echo "icount: needs valgrind" >&2; exit 2; }
$CC -O2 -std=c11 -D_GNU_SOURCE -o "$T/gen" "$ROOT/bench/gen.c" -lm
$CC -O2 -std=c11 -D_GNU_SOURCE -o "$T/floor" "$ROOT/bench/floor.c" -lm
"$T/gen" lat 1000000 1 > "$T/l1m.csv"
"$T/gen" plain 1000000 1 > "$T/l1m.txt"

ir() {	# ir CMD...: the instructions CMD runs, in millions
	valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$@" \
	    > /dev/null 2> "$T/err" || { cat "$T/err" >&2; exit 1; }
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/err" |
	    awk '{ printf "%.1f", $1 / 1e6 }'
}

fc=$(ir "$T/floor" "$T/l1m.csv" latency_ns)
fp=$(ir "$T/floor" "$T/l1m.txt")
printf '| run | M instructions | / floor |\n|---|--:|--:|\n'
printf '| floor, CSV | %s | 1.00 |\n' "$fc"
printf '| floor, plain | %s | 1.00 |\n' "$fp"
for m in "" --sketch --no-quantiles; do
	c=$(ir "$BSTAT" -f csv -c latency_ns $m "$T/l1m.csv")
	p=$(ir "$BSTAT" -f csv $m "$T/l1m.txt")
	printf '| bstat -f csv -c latency_ns%s, CSV | %s | %.2f |\n' "${m:+ $m}" "$c" \
	    "$(echo "$c $fc" | awk '{ print $1 / $2 }')"
	printf '| bstat -f csv%s, plain | %s | %.2f |\n' "${m:+ $m}" "$p" \
	    "$(echo "$p $fp" | awk '{ print $1 / $2 }')"
done
