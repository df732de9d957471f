#!/bin/sh
# bench/latmap.sh [N] [REV]: bplot latency-map on a generated request log
# of N rows (default 10^7; issue 30: under 5 s at 10^7), timed once with
# GNU time (wall, user, sys seconds, peak MiB).  With REV, the same
# command of commit REV (built from git archive in a scratch folder) is
# timed in the same run, before and after ours (old, new, old, new), and
# the two images are compared byte for byte: a faster map must draw the
# same one.  The current tree is named by its commit, "+" when it has
# uncommitted changes.
#   sh bench/latmap.sh 10000000 HEAD~3      after make
# The log is bench/load.sh's (JMeter-like CSV: timeStamp in epoch ms,
# elapsed ms, label, responseCode, success), made here when missing.
set -eu
cd "$(dirname "$0")/.."
N=${1:-10000000}
REV=${2:-}
D=bench/data
O=bench/out
mkdir -p "$D" "$O"
F=$D/requests_$N.csv
[ -s "$F" ] || sh bench/requests.sh "$N" "$F"
cat "$F" > /dev/null	# in the page cache for every run alike
old=
if [ -n "$REV" ]; then
	old=$(mktemp -d)
	trap 'rm -rf "$old"' EXIT INT TERM
	git archive "$REV" | tar -x -C "$old"
	make -C "$old" -j2 bplot > "$old/build.log" 2>&1 ||
	    { echo "bench/latmap.sh: cannot build $REV" >&2; exit 1; }
fi
one() {	# one LABEL BPLOT PNG: a timed run, its table row
	/usr/bin/time -f "%e %U %S %M" -o "$O/latmap.time" "$2" latency-map \
	    -x timeStamp -y elapsed "$F" -o "$3" 2> "$O/latmap.err" ||
	    { echo "bench/latmap.sh: $1 failed: $(head -1 "$O/latmap.err")" >&2;
	    exit 1; }
	read -r w u s kb < "$O/latmap.time"
	printf '| %s | %s | %s | %s | %.1f |\n' "$1" "$w" "$u" "$s" \
	    "$(echo "$kb / 1024" | bc -l)"
}
echo "$N requests ($(du -h "$F" | cut -f1)), $(nproc) cores, load" \
    "$(cut -d' ' -f1 /proc/loadavg), $(date -u +%Y-%m-%d):" \
    "\`bplot latency-map -x timeStamp -y elapsed\`"
echo
echo "| build | wall s | user s | sys s | peak MiB |"
echo "|---|--:|--:|--:|--:|"
new=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || new="$new+"
if [ -n "$old" ]; then
	r="$(git rev-parse --short "$REV") (old)"
	one "$r" "$old/bplot" "$O/latmap_old.png"
	one "$new" ./bplot "$O/latmap_new.png"
	one "$r" "$old/bplot" "$O/latmap_old.png"
	one "$new" ./bplot "$O/latmap_new.png"
	if cmp -s "$O/latmap_old.png" "$O/latmap_new.png"; then
		echo
		echo "The two images are byte-identical."
	else
		echo
		echo "THE IMAGES DIFFER: $O/latmap_old.png $O/latmap_new.png"
	fi
else
	one "$new" ./bplot "$O/latmap_new.png"
fi
