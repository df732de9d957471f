#!/bin/sh
# The case runner itself can fail: tests/selftest/pass.case must pass
# and every tests/selftest/fail_*.case must fail (each one way a case can
# be wrong: a middle check line, "! cmd", "a || b", a loop, a quoted
# multi-line program, stdout, exit status, stderr, a two-line error), the
# failing check lines named by their line number.
cd "$(dirname "$0")/.." || exit 2
out=${BTOOLS_OUT:-tests/out}
rc=0
for c in tests/selftest/*.case; do
	n=selftest_$(basename "$c" .case)
	cp "$c" "$out/$n.case"
	r=$(sh tests/run-case.sh "$out/$n.case")
	st=$?
	case $n in
	selftest_pass) [ $st -eq 0 ] || { echo "runner: $n fails: $r"; rc=1; } ;;
	*) [ $st -ne 0 ] || { echo "runner: $n passes"; rc=1; } ;;
	esac
	rm -f "$out/$n.case"
done
# The line number is the case file's.
r=$(cp tests/selftest/fail_middle.case "$out/selftest_fail_middle.case" &&
    sh tests/run-case.sh "$out/selftest_fail_middle.case")
echo "$r" | grep -q '^FAIL: cli selftest_fail_middle: check line 4 failed: grep -q y' ||
    { echo "runner: no line number: $r"; rc=1; }
rm -f "$out/selftest_fail_middle.case"
exit $rc
