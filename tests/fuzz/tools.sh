#!/bin/sh
# Mutated inputs of every format through every tool: the tools' own code
# (options, pairing of rows, labels, output formats, bplot's charts), not
# only the library the libFuzzer targets reach.  Deterministic: each seed
# of tests/fuzz/corpus/read_* gets N mutants (tests/fuzz/mutate.c).
#
# usage: sh tests/fuzz/tools.sh [N]   (from the repository root, after the
# tools are built; N defaults to 1; `make sanitize` runs it with more under
# AddressSanitizer and UBSan)
#
# Every run must end with status 0 (or 1 for a --gate that found a
# regression), or 2 with exactly one error line; within the time limit (a
# hang fails); with no sanitizer report and no temporary file left behind.
cd "$(dirname "$0")/../.." || exit 2
n=${1:-1}
w=$(mktemp -d "${TMPDIR:-/tmp}/btools-mut.XXXXXX") || exit 2
trap 'rm -rf "$w"' EXIT
PATH=$(pwd):$PATH
export PATH LC_ALL=C.UTF-8
${CC:-cc} -O1 -o "$w/mutate" tests/fuzz/mutate.c || exit 2
runs=0
fails=0

fail() {
	fails=$((fails + 1))
	echo "FAIL: $1: $2"
	echo "  input kept: tests/out/mutant-failure-$fails"
	mkdir -p tests/out && cp "$3" "tests/out/mutant-failure-$fails"
	head -3 "$w/err" | cut -c1-200 | sed 's/^/  /'
}

# check NAME INPUT GATE_OK -- command...
check() {
	name=$1 in=$2 gateok=$3
	shift 4
	runs=$((runs + 1))
	timeout 60 "$@" > "$w/out" 2> "$w/err"
	rc=$?
	case $rc in
	0|2) ;;
	1) [ "$gateok" = 1 ] || { fail "$name" "exit 1 without --gate" "$in"; return; } ;;
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
for seed in tests/fuzz/corpus/read_*/*; do
	[ -f "$seed" ] || continue
	fmt=$(basename "$(dirname "$seed")")
	fmt=${fmt#read_}
	"$w/mutate" "$seed" "$n" "$w/m" || exit 2
	i=0
	while [ "$i" -lt "$n" ]; do
		m=$w/m$i
		i=$((i + 1))
		f=auto
		case $fmt in
		auto) ;;
		*) f=$fmt ;;
		esac
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
		check "bplot box $fmt" "$m" 0 -- bplot box -y 2 "$m" \
		    -o "$w/o/b.png"
		check "bplot scalability $fmt" "$m" 0 -- bplot scalability \
		    -x 1 -y 2 "$m" -o "$w/o/s.svg"
		check "bplot heatmap $fmt" "$m" 0 -- bplot heatmap -x 1 -y 2 \
		    -z 3 "$m" -o "$w/o/h.pdf"
	done
done
echo "tools under mutation: $runs runs, $fails failed"
[ "$fails" -eq 0 ]
