# Helpers shared by bench/run.sh and bench/compare.sh, sourced by them
# after they set ROOT, B (bench/), D (bench/data), O (the outputs), CC,
# say and die: building the helpers, the deterministic data, and timing
# commands interleaved in pairs.
build() {	# build BIN SRC: compile a helper when missing or stale
	if [ ! -x "$D/$1" ] || [ -n "$(find "$B/$2" -newer "$D/$1")" ]; then
		$CC -O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -o "$D/$1" \
		    "$B/$2" -lm || die "cannot build bench/$2"
	fi
}
build gen gen.c
build rtime rtime.c
build floor floor.c
GEN=$D/gen
RT=$D/rtime

# Data: deterministic; regenerated when gen.c changed.
sum=$(cksum < "$B/gen.c")
if [ "$(cat "$D/gen.sum" 2>/dev/null || true)" != "$sum" ]; then
	rm -f "$D"/*.csv "$D"/*.txt
	printf '%s\n' "$sum" > "$D/gen.sum"
fi
gen_file() {	# gen_file NAME ARGS...: bench/data/NAME from gen ARGS
	f=$1
	shift
	[ -s "$D/$f" ] && return 0
	say "bench: generating bench/data/$f (gen $*)"
	"$GEN" "$@" > "$D/$f.tmp" || die "gen $* failed"
	mv "$D/$f.tmp" "$D/$f"
}
gen_file lat10m.csv lat 10000000 1	# op,latency_ns; 10M rows
gen_file lat10m.txt plain 10000000 1	# the same values, one per line
gen_file lat1m.csv lat 1000000 1	# the first 1M of them
gen_file lat1m.txt plain 1000000 1	# and as plain numbers
gen_file cmp_a.csv lat 1000000 11	# baseline
gen_file cmp_b.csv lat 1000000 12 1.03	# candidate, 3 % slower
gen_file scal1m.csv scal 1000000 21	# threads,run,throughput
gen_file grid100.csv grid 100 100 3 31	# batch,payload_bytes,...; 3/cell
gen_file grid64.csv grid 64 64 3 31	# the same at 64x64
gen_file grid1m.csv grid 100 100 100 31	# 100x100 cells, 100 each: 10^6 rows
# Inputs are read once untimed, so every timed run finds them in the
# page cache alike.
cat "$D"/*.csv "$D"/*.txt > /dev/null

# run1 ID CMD [INNER]: run the shell command CMD once under rtime; append
# "wall user sys maxrss_kb" to out/ID.times (from the file INNER instead
# when CMD runs rtime itself, inside a pipe).  Output: out/ID.out, .err.
run1() {
	if ! "$RT" "$O/$1.rt" sh -c "$2" > "$O/$1.out" 2> "$O/$1.err"; then
		printf 'bench: failed: %s\n' "$2" >&2
		sed 's/^/    /' "$O/$1.err" | tail -5 >&2
		return 1
	fi
	cat "${3:-$O/$1.rt}" >> "$O/$1.times"
}

# stat3 FILE EXPR: "median min max" of the awk expression over the runs.
stat3() {
	awk "{ print $2 }" "$1" | sort -g | awk '
	{ v[NR] = $1 }
	END {
		if (NR == 0) { print "nan nan nan"; exit }
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.6f %.6f %.6f\n", m, v[1], v[NR]
	}'
}
# maxcol FILE COL: the largest value of a column.
maxcol() { awk -v c="$2" '$c > m { m = $c } END { print m + 0 }' "$1"; }
# fmt_t "median min max": "0.642 s (0.611–0.702)"
fmt_t() {
	echo "$1" | awk '{ printf "%.3g s (%.3g–%.3g)", $1, $2, $3 }'
}
mib() { awk -v k="$1" 'BEGIN { printf "%.0f MiB", k / 1024 }'; }

# pair ID N OURS PEER: N interleaved runs: ours, peer, ours, peer, ...
# (3 when the peer's first run took over 30 s).  Returns 1 on a failure.
pair() {
	id=$1
	n=$2
	i=0
	rm -f "$O/$id".*.times
	while [ "$i" -lt "$n" ]; do
		i=$((i + 1))
		run1 "$id.ours" "$3" || return 1
		run1 "$id.peer" "$4" || return 1
		printf '  %-10s %d/%d  ours %8.3f s  peer %8.3f s\n' "$id" \
		    "$i" "$n" "$(tail -1 "$O/$id.ours.times" | cut -d' ' -f1)" \
		    "$(tail -1 "$O/$id.peer.times" | cut -d' ' -f1)"
		if [ "$i" -eq 1 ] && [ "$n" -gt 3 ] && awk '$1 > 30 { f = 1 }
		    END { exit !f }' "$O/$id.peer.times"; then
			n=3
		fi
	done
	# per-pair ratios peer/ours: each pair ran back to back, so its
	# ratio sees the same machine state
	paste -d' ' "$O/$id.ours.times" "$O/$id.peer.times" |
	    awk '{ print $5 / $1 }' > "$O/$id.ratio.times"
}
