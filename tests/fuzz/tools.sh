#!/bin/sh
# Mutated inputs of every format through every tool: the tools' own code
# (options, pairing of rows, labels, output formats, bplot's charts,
# btrend's histories, bstat --merge of sketch files, benv's fingerprint of
# a machine root), not only the library the libFuzzer targets reach.
# Deterministic: each hand-made seed of tests/fuzz/corpus/read_* (the
# fuzzer's own entries, named by their SHA-1, are replayed by the fuzz
# targets instead) gets N mutants (tests/fuzz/mutate.c); so does a sketch
# file made from each seed, and each file of the benv roots under
# testdata/env/.
#
# usage: sh tests/fuzz/tools.sh [N]   (from the repository root, after the
# tools are built; N defaults to 1; `make sanitize` runs it with 3 under
# AddressSanitizer and UBSan).  The seeds run as many at once as there
# are processors (BTOOLS_JOBS), each in a folder of its own.
#
# Every run must end with status 0 (or 1 for a --gate that found a
# regression, or benv --check that found a problem), or 2 with exactly one
# error line; within the time limit (a hang fails); with no sanitizer
# report and no temporary file left behind.
cd "$(dirname "$0")/../.." || exit 2
if [ "$1" = --one ]; then
	shift
	one=1
fi
n=${1:-1}
PATH=$(pwd):$PATH
export PATH LC_ALL=C.UTF-8

if [ -z "$one" ]; then
	w=$(mktemp -d "${TMPDIR:-/tmp}/btools-mut.XXXXXX") || exit 2
	trap 'rm -rf "$w"' EXIT
	${CC:-cc} -O1 -o "$w/mutate" tests/fuzz/mutate.c || exit 2
	jobs=${BTOOLS_JOBS:-$(nproc 2>/dev/null || echo 2)}
	{
		for seed in tests/fuzz/corpus/read_*/*; do
			[ -f "$seed" ] || continue
			case $(basename "$seed") in
			????????????????????????????????????????) continue ;;
			esac
			echo "seed $seed"
		done
		for f in $(cd testdata/env && find host vm -type f | sort); do
			echo "env $f"
		done
	} | BTOOLS_MUTATE=$w/mutate BTOOLS_MUTW=$w xargs -P "$jobs" -L 1 \
	    sh tests/fuzz/tools.sh --one "$n" > "$w/log" 2>&1
	grep -v '^runs ' "$w/log"
	runs=$(awk '$1 == "runs" { r += $2 } END { print r + 0 }' "$w/log")
	fails=$(awk '$1 == "runs" { f += $4 } END { print f + 0 }' "$w/log")
	echo "tools under mutation: $runs runs, $fails failed"
	[ "$fails" -eq 0 ] && [ "$runs" -gt 0 ]
	exit
fi

# One job: "seed FILE" or "env FILE" (a file of the benv roots).
kind=$2
what=$3
w=$(mktemp -d "$BTOOLS_MUTW/job.XXXXXX") || exit 2
runs=0
fails=0

fail() {
	fails=$((fails + 1))
	k=$(basename "$w")
	echo "FAIL: $1: $2"
	echo "  input kept: tests/out/mutant-failure-$k"
	mkdir -p tests/out && cp -r "$3" "tests/out/mutant-failure-$k"
	head -3 "$w/err" | cut -c1-200 | sed 's/^/  /'
}

# check NAME INPUT ONE_OK -- command...
check() {
	name=$1 in=$2 oneok=$3
	shift 4
	runs=$((runs + 1))
	timeout 60 "$@" > "$w/out" 2> "$w/err"
	rc=$?
	case $rc in
	0|2) ;;
	1) [ "$oneok" = 1 ] || { fail "$name" "exit 1 without --gate" "$in"; return; } ;;
	124) fail "$name" "no answer within 60 s" "$in"; return ;;
	*) fail "$name" "exit $rc" "$in"; return ;;
	esac
	if grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' "$w/err"; then
		fail "$name" "sanitizer report" "$in"
		return
	fi
	if [ "$rc" = 2 ] &&
	    [ "$(grep -cvE '^[a-z]+: (warning|note|hint): ' "$w/err")" -ne 1 ]
	then
		fail "$name" "the error is not one line" "$in"
		return
	fi
	if ls "$w"/o/.*tmp* "$w"/o/*tmp* >/dev/null 2>&1; then
		fail "$name" "a temporary file was left behind" "$in"
		rm -f "$w"/o/.*tmp* "$w"/o/*tmp*
	fi
}

mkdir -p "$w/o"
case $kind in
seed)
	seed=$what
	fmt=$(basename "$(dirname "$seed")")
	fmt=${fmt#read_}
	f=auto
	[ "$fmt" = auto ] || f=$fmt
	"$BTOOLS_MUTATE" "$seed" "$n" "$w/m" || exit 2
	# A sketch file of the seed, mutated for bstat --merge.
	sk=""
	if bstat --sketch -f sketch --input-format "$f" -o "$w/seed.sketch" \
	    "$seed" > /dev/null 2>&1; then
		"$BTOOLS_MUTATE" "$w/seed.sketch" "$n" "$w/s" || exit 2
		sk=1
	fi
	# A DDSketch protobuf, mutated, once (with the plain seeds).
	dds=""
	if [ "$fmt" = plain ]; then
		"$BTOOLS_MUTATE" testdata/ddsketch/mixed.pb "$n" "$w/d" || exit 2
		dds=1
	fi
	i=0
	while [ "$i" -lt "$n" ]; do
		m=$w/m$i
		check "bstat $fmt" "$m" 0 -- bstat --input-format "$f" -f csv "$m"
		check "bstat -g $fmt" "$m" 0 -- bstat -g 1 --autocorr --steady 3 \
		    -f md "$m"
		check "bstat -o $fmt" "$m" 0 -- bstat -g 1 -f json \
		    -o "$w/o/s.json" "$m"
		check "boutlier $fmt" "$m" 0 -- boutlier --drop mild \
		    --rejects "$w/o/rej" -o "$w/o/kept" "$m"
		check "bcompare $fmt" "$m" 1 -- bcompare --gate -g 1 "$seed" "$m"
		check "bcompare mwu $fmt" "$m" 0 -- bcompare --test mwu -f md \
		    "$m" "$m"
		check "bcompare variant $fmt" "$m" 0 -- bcompare --variant 1 \
		    -f csv "$m"
		check "btrend $fmt" "$m" 0 -- btrend -f csv "$m"
		check "btrend -x $fmt" "$m" 1 -- btrend --gate -x 1 -g 2 -f md \
		    "$m"
		check "btrend files $fmt" "$m" 0 -- btrend -f json "$seed" "$m" \
		    "$seed"
		check "bplot box $fmt" "$m" 0 -- bplot box -y 2 "$m" \
		    -o "$w/o/b.png"
		check "bplot scalability $fmt" "$m" 0 -- bplot scalability \
		    -x 1 -y 2 "$m" -o "$w/o/s.svg"
		check "bplot heatmap $fmt" "$m" 0 -- bplot heatmap -x 1 -y 2 \
		    -z 3 "$m" -o "$w/o/h.pdf"
		if [ -n "$dds" ]; then
			check "bstat --merge ddsketch" "$w/d$i" 0 -- bstat --merge \
			    -f csv testdata/ddsketch/a.pb "$w/d$i"
			check "bstat --merge ddsketch -f sketch" "$w/d$i" 0 -- \
			    bstat --merge -f sketch -o "$w/o/merged" "$w/d$i"
		fi
		if [ -n "$sk" ]; then
			check "bstat --merge $fmt" "$w/s$i" 0 -- bstat --merge \
			    -f csv "$w/seed.sketch" "$w/s$i"
			check "bstat --merge -f sketch $fmt" "$w/s$i" 0 -- bstat \
			    --merge -f sketch -o "$w/o/merged" "$w/s$i"
		fi
		i=$((i + 1))
	done
	;;
env)
	# A copy of the machine root with this one file mutated.
	top=${what%%/*}
	"$BTOOLS_MUTATE" "testdata/env/$what" "$n" "$w/m" || exit 2
	i=0
	while [ "$i" -lt "$n" ]; do
		rm -rf "$w/root"
		cp -r "testdata/env/$top" "$w/root"
		cp "$w/m$i" "$w/root/${what#*/}"
		check "benv $what" "$w/root" 0 -- benv --root "$w/root"
		check "benv --check $what" "$w/root" 1 -- benv --check -f json \
		    --root "$w/root" -o "$w/o/env.json"
		i=$((i + 1))
	done
	;;
esac
echo "runs $runs fails $fails"
rm -rf "$w"
