#!/bin/sh
# The hardening runs behind `make sanitize`, `make valgrind` and
# `make fuzz`.  Each builds in its own place, never over the objects of
# the ordinary build (others may be using it):
#
#   sanitize   copy the working tree (tracked and new files, no build
#              products) to a temporary folder, build everything there
#              with clang -fsanitize=address,undefined, run the whole
#              suite (tests/run-all.sh: unit, oracle and CLI cases), then
#              build the fuzz targets and replay the seed corpus and the
#              regression inputs (tests/fuzz/corpus, tests/fuzz/regress);
#              the suite includes the tools under three deterministic
#              mutants of every hand-made seed (tests/fuzz/tools.sh).
#   valgrind   the ordinary build (make builds it first); every tool
#              wrapped in valgrind --leak-check=full; the command-line
#              cases that run each tool with each of its options and
#              inputs, and each chart kind, once (tests/fuzz/vgcases.sh).
#   fuzz [S]   build the fuzz targets in tests/fuzz/build and run each
#              for S seconds (default 60), as many at once as there are
#              processors; new inputs go to tests/fuzz/build/corpus,
#              crashes to tests/fuzz/build/crashes.
#   replay [DIR]  run the fuzz targets built in DIR (default
#              tests/fuzz/build) once over the corpus and regress inputs.
#
# The temporary copy is removed when everything passed and kept (its
# path printed) when something failed.  BTOOLS_KEEP=1 keeps it always.
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
ncpu=$(nproc 2>/dev/null || echo 2)
targets="read_auto read_csv read_tsv read_json read_ndjson read_kv read_plain
read_hyperfine read_gbench read_gobench read_pyperf read_fio opts
read_ws read_wrk read_hgrm
read_jmh read_bdn read_pytest_benchmark read_libtest read_criterion
read_catch2 read_benchmarkjs read_custom_json read_lmbench
read_cyclictest
read_iperf3 read_sysbench read_perf_stat
read_stress_ng read_pgbench read_ab read_redis_benchmark
read_jmeter read_k6 read_locust read_locust_history read_vegeta
read_autocannon read_artillery read_hlog"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

# Sanitizer run-time settings: a finding fails with its own exit status
# (86 is no status the tools use), leaks count, and a failed allocation
# returns NULL as it does without ASan, so "out of memory" paths run.
ASAN_OPTIONS="detect_leaks=1:exitcode=86:allocator_may_return_null=1:check_initialization_order=1:strict_string_checks=1:detect_stack_use_after_return=1"
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86"
LSAN_OPTIONS="exitcode=86:suppressions=$root/tests/fuzz/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS

now() { date +%s; }

# Copy the working tree without build products into a new folder.
copytree() {
	dir=$(mktemp -d "${TMPDIR:-/tmp}/btools-$1.XXXXXX") || exit 2
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -co --exclude-standard | while IFS= read -r f; do
			[ -e "$f" ] && printf '%s\n' "$f"
		done | tar -cf - -T - | (cd "$dir" && tar -xf -) || exit 2
	else
		tar -cf - --exclude=./.git --exclude=./tests/fuzz/build . |
		    (cd "$dir" && tar -xf -) || exit 2
		make -C "$dir" clean >/dev/null
	fi
}

finish() {
	if [ "$1" -eq 0 ] && [ -z "$BTOOLS_KEEP" ]; then
		rm -rf "$dir"
	else
		echo "$2: build and logs kept in $dir"
	fi
	exit "$1"
}

replay() {
	bdir=$1
	rc=0
	for t in $targets; do
		set --
		for d in tests/fuzz/corpus/$t tests/fuzz/regress/$t; do
			[ -d "$d" ] && set -- "$@" "$d"/*
		done
		[ $# -gt 0 ] || continue
		if ! "$bdir/fuzz_$t" "$@" > "$bdir/replay-$t.log" 2>&1
		then
			echo "FAIL: fuzz_$t on its corpus (see $bdir/replay-$t.log)"
			grep -m 5 -E 'ERROR|runtime error|invariant|Running' \
			    "$bdir/replay-$t.log" | tail -5
			rc=1
		fi
	done
	n=$(find tests/fuzz/corpus tests/fuzz/regress -type f 2>/dev/null |
	    wc -l)
	[ "$rc" -eq 0 ] && echo "fuzz replay: $n inputs, no finding"
	return "$rc"
}

case "$1" in
sanitize)
	t0=$(now)
	copytree sanitize
	# One build for the suite and the fuzz targets: the coverage
	# instrumentation libFuzzer needs (fuzzer-no-link) is in every object.
	echo "sanitize: building in $dir with clang $SAN"
	if ! make -C "$dir" -j"$ncpu" CC=clang OPT=-O1 \
	    EXTRA_CFLAGS="$SAN -fsanitize=fuzzer-no-link" \
	    EXTRA_LDFLAGS="$SAN -fsanitize=fuzzer-no-link" all build-tests \
	    > "$dir/build.log" 2>&1; then
		tail -20 "$dir/build.log"
		finish 1 sanitize
	fi
	units=$(cd "$dir" && ls tests/test_*.c | sed 's/\.c$//')
	# A case that cannot run under the sanitizers says why in a line
	# "# sanitizers: no (...)" (a memory cap smaller than ASan's shadow).
	(cd "$dir" && for c in tests/cli/*.case; do
		grep -q '^# sanitizers: no' "$c" || echo "$c"
	done) > "$dir/.cases"
	echo "sanitize: not under the sanitizers: $(cd "$dir" &&
	    grep -l '^# sanitizers: no' tests/cli/*.case | xargs -n1 basename |
	    tr '\n' ' ')"
	rc=0
	# shellcheck disable=SC2086
	(cd "$dir" && BTOOLS_MUTANTS=3 BTOOLS_NO_INSTALL=1 CC=clang \
	    BTOOLS_CASES=$dir/.cases sh tests/run-all.sh $units) || rc=1
	if ! make -C "$dir" -f tests/fuzz/fuzz.mk -j"$ncpu" \
	    FUZZ_LIB=libstat/libstat.a > "$dir/fuzzbuild.log" 2>&1; then
		tail -20 "$dir/fuzzbuild.log"
		finish 1 sanitize
	fi
	(cd "$dir" && replay tests/fuzz/build) || rc=1
	echo "sanitize: $(($(now) - t0)) s"
	finish "$rc" sanitize
	;;
valgrind)
	# The ordinary build (make valgrind builds it first), each tool
	# wrapped in valgrind --leak-check=full in a folder put first in
	# PATH.  A finding exits 99 (not a status the tools use) and prints
	# to stderr, which fails the case.
	t0=$(now)
	dir=$(mktemp -d "${TMPDIR:-/tmp}/btools-valgrind.XXXXXX") || exit 2
	mkdir -p "$dir/bin"
	for tool in bstat bcompare boutlier bplot btrend benv; do
		[ -x "$root/$tool" ] || { echo "valgrind: $tool not built"; exit 2; }
		cat > "$dir/bin/$tool" <<EOF
#!/bin/sh
exec valgrind -q --leak-check=full --error-exitcode=99 \\
    --suppressions="$root/tests/fuzz/valgrind.supp" "$root/$tool" "\$@"
EOF
		chmod +x "$dir/bin/$tool"
	done
	# The command-line cases that run each tool with each option, each
	# kind of input and each chart kind once (tests/fuzz/vgcases.sh).  Not the R-oracle
	# comparisons: valgrind computes long double with 64-bit precision
	# (not the x87's 80), so those of the exact-decimal code would differ
	# in the last bits.
	# A case that cannot run under valgrind says why in a line
	# "# valgrind: no (...)" (a memory cap too small for valgrind).
	sh tests/fuzz/vgcases.sh | while IFS= read -r c; do
		grep -q '^# valgrind: no' "$c" || echo "$c"
	done > "$dir/cases"
	echo "valgrind: $(wc -l < "$dir/cases") cases, every tool under valgrind;" \
	    "not under it: $(grep -l '^# valgrind: no' tests/cli/*.case |
	    xargs -n1 basename | tr '\n' ' ')"
	rc=0
	BTOOLS_BIN=$dir/bin BTOOLS_CASES=$dir/cases BTOOLS_NO_ORACLE=1 \
	    BTOOLS_NO_INSTALL=1 sh tests/run-all.sh || rc=1
	echo "valgrind: $(($(now) - t0)) s"
	finish "$rc" valgrind
	;;
fuzz)
	secs=${2:-60}
	make --no-print-directory -f tests/fuzz/fuzz.mk -j"$ncpu" >/dev/null ||
	    exit 2
	b=tests/fuzz/build
	mkdir -p "$b/crashes" "$b/logs"
	echo "fuzz: $(echo $targets | wc -w) targets, $secs s each," \
	    "$ncpu at a time; logs in $b/logs"
	for t in $targets; do echo "$t"; done |
	xargs -P "$ncpu" -I{} sh -c '
		t={}; b='"$b"'; secs='"$secs"'
		case $t in
		read_json|read_ndjson|read_hyperfine|read_gbench|read_pyperf|read_fio)
			dict=tests/fuzz/json.dict ;;
		read_jmh|read_bdn|read_pytest_benchmark|read_custom_json)
			dict=tests/fuzz/json.dict ;;
		*)	dict=tests/fuzz/text.dict ;;
		esac
		mkdir -p "$b/corpus/$t"
		"$b/fuzz_$t" -max_total_time="$secs" -timeout=10 \
		    -rss_limit_mb=2560 -max_len=65536 -dict="$dict" \
		    -artifact_prefix="$b/crashes/$t-" -print_final_stats=1 \
		    "$b/corpus/$t" "tests/fuzz/corpus/$t" \
		    > "$b/logs/$t.log" 2>&1
		st=$?
		execs=$(sed -n "s/^stat::number_of_executed_units: *//p" \
		    "$b/logs/$t.log")
		echo "fuzz_$t: exit $st, ${execs:-?} runs"
		exit 0'
	if ls "$b"/crashes/* >/dev/null 2>&1; then
		echo "fuzz: findings:"
		ls -l "$b"/crashes/
		exit 1
	fi
	echo "fuzz: no finding"
	;;
replay)
	replay "${2:-tests/fuzz/build}"
	;;
*)
	echo "usage: $0 sanitize | valgrind | fuzz [SECONDS] | replay [DIR]" >&2
	exit 2
	;;
esac
