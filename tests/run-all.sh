#!/bin/sh
# Run every test: the cmocka unit test binaries given as arguments, the
# R-oracle cases (tests/expected/*_cases.tsv), and the command-line cases
# in tests/cli/*.case.  Prints one line per failure and a closing line
# "N passed, N failed"; exits non-zero when anything failed.
cd "$(dirname "$0")/.." || exit 2
PATH=$(pwd):$PATH
export PATH LC_ALL=C.UTF-8
out=tests/out
mkdir -p "$out"
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Unit tests (cmocka prints its own summary per binary).
for t in "$@"; do
	if "./$t" > "$out/$(basename "$t").log" 2>&1; then
		ok
	else
		bad "$t (see $out/$(basename "$t").log)"
		tail -20 "$out/$(basename "$t").log"
	fi
done

# Oracle cases: name, input, arguments, expected csv.
for m in tests/expected/*_cases.tsv; do
	[ -f "$m" ] || continue
	tool=$(basename "$m" _cases.tsv)
	case "$tool" in
	bstat*) cmd="bstat -f csv" ;;
	outlier) cmd="boutlier" ;;
	*) cmd="$tool" ;;
	esac
	tail -n +2 "$m" | tr '\t' '|' > "$out/cases.$$"
	while IFS='|' read -r name input args exp rtol; do
		[ -n "$name" ] || continue
		# shellcheck disable=SC2086
		if ! $cmd $args $input > "$out/$tool-$name.csv" \
		    2> "$out/$tool-$name.err"; then
			bad "$tool $name: exit status $? ($(head -1 "$out/$tool-$name.err"))"
		elif ! tests/csvcmp -r ${rtol:-1e-9} "$exp" "$out/$tool-$name.csv" \
		    > "$out/$tool-$name.diff" 2>&1; then
			bad "$tool $name: differs from $exp"
			head -5 "$out/$tool-$name.diff"
		else
			ok
		fi
	done < "$out/cases.$$"
	rm -f "$out/cases.$$"
done

# Command-line cases.  A case file holds lines
#   cmd: a shell command run from the repository root
#   exit: the expected exit status (default 0)
# then optional sections, each up to the next "--- " line:
#   --- stdin      fed to the command
#   --- stdout     the exact expected standard output
#   --- stderr     extended regular expressions, each must match stderr
#   --- check      shell commands that must succeed afterwards
section() {
	awk -v want="--- $2" '
		/^--- / { on = ($0 == want); next }
		on { print }' "$1"
}
hassection() { grep -qx -- "--- $2" "$1"; }

for c in tests/cli/*.case; do
	[ -f "$c" ] || continue
	n=$(basename "$c" .case)
	cmd=$(sed -n 's/^cmd: //p' "$c" | head -1)
	want=$(sed -n 's/^exit: //p' "$c" | head -1)
	[ -n "$want" ] || want=0
	section "$c" stdin > "$out/$n.in"
	sh -c "$cmd" < "$out/$n.in" > "$out/$n.out" 2> "$out/$n.err"
	got=$?
	msg=""
	[ "$got" = "$want" ] || msg="exit $got, expected $want"
	if [ -z "$msg" ] && hassection "$c" stdout; then
		section "$c" stdout > "$out/$n.want"
		if ! cmp -s "$out/$n.want" "$out/$n.out"; then
			msg="standard output differs"
			diff "$out/$n.want" "$out/$n.out" | head -10
		fi
	fi
	if [ -z "$msg" ] && [ "$want" = 2 ] && [ -s "$out/$n.out" ]; then
		msg="error but standard output is not empty"
	fi
	if [ -z "$msg" ] && hassection "$c" stderr; then
		section "$c" stderr > "$out/$n.pat"
		while IFS= read -r pat; do
			grep -Eq -- "$pat" "$out/$n.err" ||
			    msg="stderr does not match: $pat"
		done < "$out/$n.pat"
		# Warnings may come first; the error itself is one line.
		if [ "$want" = 2 ] && [ "$(grep -cvE '^[a-z]+: (warning|note|hint): ' \
		    "$out/$n.err")" -ne 1 ]; then
			msg="an error must be one line on stderr"
		fi
	fi
	if [ -z "$msg" ] && hassection "$c" check; then
		section "$c" check > "$out/$n.chk"
		sh "$out/$n.chk" > "$out/$n.chkout" 2>&1 ||
		    msg="check failed: $(tail -1 "$out/$n.chkout")"
	fi
	if [ -n "$msg" ]; then
		bad "cli $n: $msg"
		head -3 "$out/$n.err"
	else
		ok
	fi
done

# The layers of libstat: no call goes back up (no cycle between files).
if sh tests/layers.sh > "$out/layers.log" 2>&1; then
	ok
else
	bad "libstat has a call cycle: $(cat "$out/layers.log" | tr '\n' ' ')"
fi

# The tools under deterministic mutations of every format (one mutant
# per seed here; `make sanitize` runs more under ASan/UBSan; valgrind
# would take too long and skips it).
if [ -z "$BTOOLS_NO_MUTANTS" ]; then
	if sh tests/fuzz/tools.sh "${BTOOLS_MUTANTS:-1}" > "$out/mutants.log" 2>&1
	then
		ok
	else
		bad "tools under mutation (see $out/mutants.log)"
		grep -A3 '^FAIL' "$out/mutants.log" | head -20
	fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
