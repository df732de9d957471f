#!/bin/sh
# make check-harness: the command-line cases can fail.  Every case runs
# twice more, each time with every tool replaced by a broken one (a
# folder of wrappers put first in PATH, BTOOLS_BIN):
#
#   silent   prints nothing and exits 0;
#   digit    runs the real tool and changes the digits of what it writes
#            (standard output, and the text file it writes with -o,
#            --rejects or --fit-report): each digit 0<->1, 2<->3, ...; so
#            a case that checks any number the tools print fails, wherever
#            in the output it stands.
#
# A case that has an expected standard output or a check section must
# fail under both.  Under "digit", a case whose tools wrote no digit at
# all is not counted (there was nothing to change).  The cases that
# still pass are listed, except those that say why they cannot fail that
# way in a line "harness: silent|digit: reason" of their comments.
# Exits 1 when any is listed.
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)
w=$(mktemp -d "${TMPDIR:-/tmp}/btools-harness.XXXXXX") || exit 2
trap 'rm -rf "$w"' EXIT
# Twice as many cases at once as there are processors: broken tools
# spend most of a case waiting (a FIFO nobody opens, a signal's sleep).
jobs=${BTOOLS_JOBS:-$(($(nproc 2>/dev/null || echo 2) * 2))}
tools="bstat bcompare boutlier bplot btrend benv"
for t in $tools; do
	[ -x "$root/$t" ] || { echo "harness: $t is not built (make all)"; exit 2; }
done

# The digit changer, over a text file, in place.
cat > "$w/flip" <<'EOF'
#!/bin/sh
# flip FILE: change every digit, in place (0<->1, 2<->3, ...); exit 0
# when something was changed, 1 when the file has no digit or is binary
# (a PNG, a PDF).
f=$1
[ -f "$f" ] || exit 1
if tr -d '\000' < "$f" | cmp -s - "$f"; then :; else exit 1; fi
grep -q '[0-9]' "$f" || exit 1
tr 0123456789 1032547698 < "$f" > "$f.flip" && cat "$f.flip" > "$f" && rm -f "$f.flip"
EOF
chmod +x "$w/flip"

mkdir -p "$w/silent" "$w/digit"
for t in $tools; do
	printf '#!/bin/sh\nexit 0\n' > "$w/silent/$t"
	cat > "$w/digit/$t" <<EOF
#!/bin/sh
# $t, with one digit of its output changed.
files=""
prev=""
for a in "\$@"; do
	case "\$prev" in
	-o|--output|--rejects|--fit-report) files="\$files \$a" ;;
	esac
	case "\$a" in
	-o?*) files="\$files \${a#-o}" ;;
	--rejects=*|--fit-report=*|--output=*) files="\$files \${a#*=}" ;;
	esac
	prev=\$a
done
o=\$(mktemp "$w/out.XXXXXX")
"$root/$t" "\$@" > "\$o"
st=\$?
"$w/flip" "\$o" && touch "\$BTOOLS_MARK"
for f in \$files; do
	case "\$f" in -|/dev/*) continue ;; esac
	"$w/flip" "\$f" && touch "\$BTOOLS_MARK"
done
cat "\$o"
rm -f "\$o"
exit \$st
EOF
	chmod +x "$w/silent/$t" "$w/digit/$t"
done

# Each mode runs in a copy of the tree whose tests/out/ starts empty, so
# that no file a real tool wrote earlier stands in for a broken tool's.
copytree() {
	mkdir -p "$1"
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -co --exclude-standard | while IFS= read -r f; do
			[ -e "$f" ] && printf '%s\n' "$f"
		done | tar -cf - -T - | (cd "$1" && tar -xf -)
	else
		tar -cf - --exclude=./tests/out --exclude=./.git . |
		    (cd "$1" && tar -xf -)
	fi
	rm -rf "$1/tests/out"
	mkdir -p "$1/tests/out"
}

rc=0
# The two modes at once, each in its own copy of the tree (the broken
# tools mostly wait, so the processors have room for both).
runmode() {
	mode=$1
	copytree "$w/tree-$mode"
	# Each case in a shell of its own, with the mark its digit-changing
	# tools leave when they changed something.
	(cd "$w/tree-$mode" && ls tests/cli/*.case | W=$w MODE=$mode xargs -P "$jobs" -n 1 sh -c '
		c=$1; n=$(basename "$c" .case)
		grep -Eqx -- "--- (stdout|check)" "$c" || { echo "n/a $n"; exit 0; }
		# A case the broken tools leave hanging (a signal sent to the
		# wrapper, not the tool) is ended: it failed.
		BTOOLS_MARK=$W/changed.$n BTOOLS_BIN=$W/$MODE \
		    timeout -k 5 120 sh tests/run-case.sh "$c" > /dev/null
		st=$?
		if [ "$MODE" = digit ] && [ ! -e "$W/changed.$n" ]; then
			echo "unchanged $n"
		elif [ $st -ne 0 ]; then
			echo "failed $n"
		else
			echo "passed $n"
		fi' sh > "$w/$mode.log" 2>&1)
	rm -rf "$w/tree-$mode"
}
runmode silent &
runmode digit &
wait
for mode in silent digit; do
	total=$(grep -c . "$w/$mode.log")
	failed=$(grep -c '^failed ' "$w/$mode.log")
	unchanged=$(grep -c '^unchanged ' "$w/$mode.log")
	listed=0
	for n in $(sed -n 's/^passed //p' "$w/$mode.log" | sort); do
		why=$(sed -n "s/^# harness: $mode: //p" "tests/cli/$n.case" | head -1)
		if [ -n "$why" ]; then
			echo "harness: $mode: $n passes ($why)"
		else
			echo "FAIL: harness: $mode: $n passes with broken tools"
			listed=$((listed + 1))
		fi
	done
	echo "harness: $mode: $total cases, $failed failed as they must," \
	    "$unchanged with no digit written, $listed passed unexplained"
	[ "$listed" -eq 0 ] || rc=1
done
exit "$rc"
