#!/bin/sh
# Run every test: the cmocka unit test binaries given as arguments, the
# R-oracle cases (tests/expected/*_cases.tsv), and the command-line cases
# in tests/cli/*.case.  Prints one line per failure and a closing line
# "N passed, N failed"; exits non-zero when anything failed.
cd "$(dirname "$0")/.." || exit 2
PATH=${BTOOLS_BIN:+$BTOOLS_BIN:}$(pwd):$PATH
export PATH LC_ALL=C.UTF-8
out=tests/out
# No file of an earlier run may stand in for one a case should write.
rm -rf "$out"
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
	[ -f "$m" ] && [ -z "$BTOOLS_NO_ORACLE" ] || continue
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

# The case runner can fail: a case of each kind of mistake fails.
if sh tests/selftest.sh > "$out/selftest.log" 2>&1; then
	ok
else
	bad "the case runner: $(tr '\n' ' ' < "$out/selftest.log")"
fi

# Command-line cases (tests/run-case.sh says what a case holds), as
# many at once as there are processors (BTOOLS_JOBS to change it).
# BTOOLS_CASES names a file listing the cases to run instead of all.
jobs=${BTOOLS_JOBS:-$(nproc 2>/dev/null || echo 2)}
if [ -n "$BTOOLS_CASES" ]; then
	cat "$BTOOLS_CASES"
else
	ls tests/cli/*.case
fi > "$out/cases.list"
xargs -P "$jobs" -n 1 sh tests/run-case.sh < "$out/cases.list" \
    > "$out/cli.log" 2>&1
npass=$(grep -c '^ok ' "$out/cli.log")
ncases=$(grep -c . "$out/cases.list")
pass=$((pass + npass))
fail=$((fail + ncases - npass))
grep -v '^ok ' "$out/cli.log"
[ "$(grep -c '^FAIL: ' "$out/cli.log")" -eq $((ncases - npass)) ] ||
    bad "cli: $((ncases - npass)) cases failed without a FAIL line"

# Every command README.md shows runs, and prints what it shows
# (tests/readme.py).
if python3 tests/readme.py > "$out/readme.log" 2>&1; then
	ok
else
	bad "README.md: $(grep -c '^FAIL' "$out/readme.log") commands (see $out/readme.log)"
	grep '^FAIL' "$out/readme.log" | head -5
fi

# The README's performance tables are those of bench/RESULTS.md
# (bench/readme_table.py makes them).
if python3 bench/readme_table.py --check README.md 2> "$out/readme_table.log"
then
	ok
else
	bad "$(cat "$out/readme_table.log")"
fi

# The layers: no call goes back up (no cycle between the files of
# libstat/, nor between those of plots/).
for d in libstat plots; do
	if sh tests/layers.sh "$d" > "$out/layers-$d.log" 2>&1; then
		ok
	else
		bad "$d has a call cycle: $(tr '\n' ' ' < "$out/layers-$d.log")"
	fi
done

# Every registry's names documented (tests/registry.sh); no function
# over 120 lines, no main over 150 (tests/funclen.sh).
for c in registry funclen; do
	if sh "tests/$c.sh" > "$out/$c.log" 2>&1; then
		ok
	else
		bad "tests/$c.sh: $(tr '\n' ' ' < "$out/$c.log")"
	fi
done

# make install gives a libstat that a program builds against with
# pkg-config alone (not in the sanitizer build: its objects need the
# sanitizers' run time).
if [ -z "$BTOOLS_NO_INSTALL" ]; then
	if sh tests/install/check.sh > "$out/install.log" 2>&1; then
		ok
	else
		bad "make install: $(tail -1 "$out/install.log")"
	fi
fi

# The tools under deterministic mutations of the hand-made seeds of every
# format, when BTOOLS_MUTANTS=N asks for N mutants a seed: `make sanitize`
# runs them under ASan/UBSan (not here as well: the same runs without the
# sanitizers find nothing more).
if [ "${BTOOLS_MUTANTS:-0}" -gt 0 ]; then
	if sh tests/fuzz/tools.sh "$BTOOLS_MUTANTS" > "$out/mutants.log" 2>&1
	then
		ok
		tail -1 "$out/mutants.log"
	else
		bad "tools under mutation (see $out/mutants.log)"
		grep -A3 '^FAIL' "$out/mutants.log" | head -20
	fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
