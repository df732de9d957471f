#!/bin/sh
# bstat --sketch against --no-quantiles (speed, through a pipe) and
# against the exact type-1 percentiles (accuracy).  A measurement, not a
# test: it prints, asserts nothing.
#
#   sh bench/sketch.sh [N [REPEATS]]    N latencies (default 10000000)
#
# Speed: `gen lat N 1 | bstat MODE -g op -` for each mode, interleaved,
# REPEATS times (default 3): wall and user seconds, peak RSS.  Accuracy:
# the relative error of the sketch's p50, p99 and p99.9 against R's
# quantile(type = 1) of the same data when Rscript is there (else against
# bstat's own exact type 1, which is then said).
set -eu
cd "$(dirname "$0")/.."
N=${1:-10000000}
REPEATS=${2:-3}
D=bench/data
mkdir -p "$D"
cc -O2 -std=c11 -D_GNU_SOURCE -o "$D/gen" bench/gen.c -lm
[ -x ./bstat ] || { echo "bench: build bstat first (make)" >&2; exit 1; }
P=50,99,99.9
for i in $(seq "$REPEATS"); do
	for m in --no-quantiles --sketch; do
		/usr/bin/time -f "$m %e %U %M" sh -c "$D/gen lat $N 1 |
		    ./bstat $m -g op -f csv --percentiles $P - \
		    > $D/sketch$m.csv 2>/dev/null" 2>> "$D/sketch.times"
	done
done
echo "speed, $N values through a pipe, mean of $REPEATS (wall s, user s, peak RSS KiB):"
awk '{ w[$1] += $2; u[$1] += $3; if ($4 > r[$1]) r[$1] = $4; n[$1]++ }
END { for (k in w) printf "  %-15s %7.2f %7.2f %9d\n", k, w[k] / n[k],
    u[k] / n[k], r[k] }' "$D/sketch.times"
rm -f "$D/sketch.times"
"$D/gen" lat "$N" 1 > "$D/sketch_lat.csv"
if command -v Rscript > /dev/null 2>&1; then
	src="R quantile(type = 1)"
	Rscript -e 'd <- read.csv("bench/data/sketch_lat.csv")
	for (g in unique(d$op)) { x <- d$latency_ns[d$op == g]
	cat(g, sprintf("%.17g", quantile(x, c(.5, .99, .999), type = 1)),
	    "\n") }' > "$D/sketch_exact.txt"
else
	src="bstat --quantile-type 1 (exact)"
	./bstat --quantile-type 1 -g op -f csv --percentiles $P \
	    "$D/sketch_lat.csv" | awk -F, 'NR > 1 { print $1, $(NF-2), $(NF-1),
	    $NF }' > "$D/sketch_exact.txt"
fi
echo "accuracy against $src, relative error of the sketch:"
awk -F, 'NR == FNR { e[$1] = $0; next }
FNR > 1 { split(e[$1], x, " ")
	printf "  %-4s p50 %+.4f%%  p99 %+.4f%%  p99.9 %+.4f%%\n", $1,
	    100 * ($(NF-3) / x[2] - 1), 100 * ($(NF-2) / x[3] - 1),
	    100 * ($(NF-1) / x[4] - 1) }' "$D/sketch_exact.txt" \
    "$D/sketch--sketch.csv"
