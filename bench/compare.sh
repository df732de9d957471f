#!/bin/sh
# bench/compare.sh REV: the tools of the current tree against those of
# commit REV, on the same files, interleaved (new, old, new, old, ...),
# so that a slowdown is seen before it lands.
#
#   sh bench/compare.sh HEAD~5
#   BENCH_REPEATS=N       pairs per row (default 5)
#
# REV is exported with git archive into a scratch folder and built there
# (make all); the current tree is built with make all.  The data are
# bench/run.sh's (bench/data/, made when missing).  It prints, per
# command, both times (median, min-max of the runs) and the ratio
# old/new of each pair (above 1: the current tree is faster), with the
# two commits; the times of every run stay in bench/out/compare/.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
B=$ROOT/bench
D=$B/data
O=$B/out/compare
CC=${CC:-cc}
REPEATS=${BENCH_REPEATS:-5}
export LC_ALL=C

say() { printf '%s\n' "$*"; }
die() { printf 'bench/compare.sh: %s\n' "$*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: sh bench/compare.sh REV"
rev=$(git rev-parse --verify --quiet "$1^{commit}") ||
    die "$1: not a commit of this repository"
NEWC=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
    NEWC="$NEWC (plus uncommitted changes)"
OLDC=$(git rev-parse --short "$rev")

old=$(mktemp -d)
trap 'rm -rf "$old"' EXIT INT TERM
say "bench/compare.sh: building $OLDC in $old"
git archive "$rev" | tar -x -C "$old"
make -C "$old" -j2 all > "$old/build.log" 2>&1 ||
    die "cannot build $OLDC: see the end of $old/build.log"
say "bench/compare.sh: building the current tree"
make -j2 all > /dev/null || die "cannot build the current tree"

mkdir -p "$D" "$O"
rm -f "$O"/*
. "$B/lib.sh"
cat "$D"/lat10m.csv "$D"/lat10m.txt "$D"/cmp_a.csv "$D"/cmp_b.csv \
    "$D"/lat1m.csv > /dev/null

L10=$D/lat10m.csv
CA=$D/cmp_a.csv
CB=$D/cmp_b.csv
# ID|ARGUMENTS after the tool's path|TOOL
JOBS="bstat_csv|bstat|-f csv -c latency_ns $L10
bstat_plain|bstat|-f csv $D/lat10m.txt
bstat_sketch|bstat|-f csv -c latency_ns --sketch $L10
bcompare_welch|bcompare|-f csv -c latency_ns $CA $CB
bcompare_mwu|bcompare|-f csv --test mwu -c latency_ns $CA $CB
boutlier|boutlier|-c latency_ns $L10
bplot_runs|bplot|runs -y latency_ns $D/lat1m.csv -o $O/runs.png"

printf '\n%s against %s, %d pairs a row, load %s\n\n' "$NEWC" "$OLDC" \
    "$REPEATS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '| command | new %s | old %s | old / new |\n|---|---|---|---|\n' \
    "$NEWC" "$OLDC"
echo "$JOBS" | while IFS='|' read -r id tool args; do
	[ -x "$old/$tool" ] || { printf '| %s | — | not in %s | — |\n' \
	    "$tool $args" "$OLDC"; continue; }
	pair "$id" "$REPEATS" "$ROOT/$tool $args" "$old/$tool $args" \
	    > /dev/null || { printf '| %s | failed: see %s | | |\n' \
	    "$tool $args" "$O/$id.*.err"; continue; }
	printf '| `%s %s` | %s | %s | %s |\n' "$tool" \
	    "$(echo "$args" | sed "s|$D/||g; s|$O/||g")" \
	    "$(fmt_t "$(stat3 "$O/$id.ours.times" '$1')")" \
	    "$(fmt_t "$(stat3 "$O/$id.peer.times" '$1')")" \
	    "$(stat3 "$O/$id.ratio.times" '$1' |
	    awk '{ printf "%.2f× (%.2f–%.2f)", $1, $2, $3 }')"
done
