#!/bin/sh
# -j's byte identity (issue 33 item 2): the command of every CLI case
# that reads a file (one under testdata/ or tests/) is run twice, its
# tools given -j 1 and then -j 4 (wrappers first in PATH add it before
# the case's own options), and the two runs must agree byte for byte:
# standard output, standard error, exit status, and the files the case
# writes (tests/out/NAME.*, and every file under tests/out/ the command
# names, removed before each run).  -j 4 splits even a small file into chunks
# (the default splits from BS_CHUNK_MIN bytes a chunk), so every such
# input is read both ways.  A command whose output differs between two
# runs with -j 1 as well (a time, a load) is no test of -j: skipped.
#
#   sh tests/jcheck.sh              every case, two at a time
#   sh tests/jcheck.sh FILE.case    one case
# Prints "jcheck: N cases, M differ" and exits 1 when M > 0.
root=$(pwd)
out=${BTOOLS_OUT:-tests/out}
w=$out/jcheck
export LC_ALL=C.UTF-8

wrappers() {
	for j in 1 4; do
		mkdir -p "$w/bin$j"
		for t in bstat bcompare boutlier bplot btrend; do
			printf '#!/bin/sh\nexec "%s/%s" -j %s "$@"\n' \
			    "$root" "$t" "$j" > "$w/bin$j/$t"
			chmod +x "$w/bin$j/$t"
		done
	done
}

section() {
	awk -v want="--- $2" '
		/^--- / { on = ($0 == want); next }
		on { print }' "$1"
}

# The files a command names under tests/out/ (report.md, kept.csv): it
# may write them, and a file appended to must start anew each run.
named() {
	printf '%s\n' "$cmd" | grep -o 'tests/out/[A-Za-z0-9_.,/-]*' |
	    sort -u
}

# run CASE J: the case's command with -j J; its signature on stdout.
run() {
	n=$(basename "$1" .case)
	rm -rf "$out/$n".*
	for f in $(named); do
		[ -f "$f" ] && rm -f "$f"
	done
	section "$1" stdin > "$w/$n.in"
	(PATH=$root/$w/bin$2:$root:$PATH sh -c "$cmd" < "$w/$n.in" \
	    > "$w/$n.o$2" 2> "$w/$n.e$2"; echo "exit $?" > "$w/$n.x$2")
	cat "$w/$n.o$2" "$w/$n.e$2" "$w/$n.x$2" | cksum
	for f in "$out/$n".* $(named); do
		[ -f "$f" ] && printf '%s ' "$f" && cksum < "$f"
	done
	rm -f "$w/$n.o$2" "$w/$n.e$2" "$w/$n.x$2"
}

one() {
	cmd=$(sed -n 's/^cmd: //p' "$1" | head -1)
	case $cmd in
	*testdata/*|*tests/*) ;;
	*) return 0 ;;
	esac
	case $cmd in
	*bstat*|*bcompare*|*boutlier*|*bplot*|*btrend*) ;;
	*) return 0 ;;
	esac
	n=$(basename "$1" .case)
	a=$(run "$1" 1)
	b=$(run "$1" 4)
	if [ "$a" != "$b" ]; then
		c=$(run "$1" 1)
		if [ "$a" = "$c" ]; then
			echo "jcheck: $n: -j 1 and -j 4 differ"
			return 1
		fi
		# Said, not hidden: the case is no test of -j.
		echo "jcheck: $n: differs between two runs with -j 1:" \
		    "not compared" >&2
	fi
	rm -f "$w/$n.in"
	echo "jcheck-ok $n"
}

if [ $# -gt 0 ]; then
	[ -x "$w/bin4/btrend" ] || wrappers
	for c in "$@"; do
		one "$c" || st=1
	done
	exit ${st:-0}
fi
mkdir -p "$w"
wrappers
ls tests/cli/*.case | xargs -P 2 -n 20 sh tests/jcheck.sh > "$w/log" 2>&1
ok=$(grep -c '^jcheck-ok ' "$w/log")
bad=$(grep -c ': -j 1 and -j 4 differ$' "$w/log")
grep -v '^jcheck-ok ' "$w/log"
echo "jcheck: $((ok + bad)) cases read files, $bad differ"
[ "$bad" -eq 0 ]
