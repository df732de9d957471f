#!/bin/sh
# Run one command-line case, tests/cli/NAME.case, from the repository root.
# Prints "ok NAME" or "FAIL: cli NAME: why" followed by a few lines of
# context, and exits 0 or 1.  tests/run-all.sh runs the cases through this
# script, several at once; each case's scratch files are tests/out/NAME.*
# (and whatever else under tests/out/ the case itself names, NAME first).
#
# A case file holds lines
#   cmd: a shell command run from the repository root
#   exit: the expected exit status (default 0)
# then optional sections, each up to the next "--- " line:
#   --- stdin      fed to the command
#   --- stdout     the exact expected standard output
#   --- stderr     extended regular expressions, each must match stderr
#   --- check      shell commands that must all succeed afterwards: every
#                  line counts (a line at the top level that fails, "! ..."
#                  lines included, fails the case with its line number;
#                  inside a loop or an if, `sh -e` stops at the first
#                  failing command)
# A case that expects exit 2 must print nothing on standard output and
# exactly one line on standard error that is not a warning, note or hint.
c=$1
out=${BTOOLS_OUT:-tests/out}
PATH=${BTOOLS_BIN:+$BTOOLS_BIN:}$(pwd):$PATH
export PATH LC_ALL=C.UTF-8
n=$(basename "$c" .case)

section() {
	awk -v want="--- $2" '
		/^--- / { on = ($0 == want); next }
		on { print }' "$1"
}
hassection() { grep -qx -- "--- $2" "$1"; }

# The check section as a script for `sh -e`: each logical command at the
# top level (continued lines and quoted text joined) is followed by
# "|| exit 1", so that "! cmd" and "a || b" lines count too, and records
# its line number in the case file for the message.
checkscript() {
	section "$1" check | awk -v first="$(grep -nx -- '--- check' "$1" | head -1 | cut -d: -f1)" '
	function scan(s,    i, ch, w, cur) {
		# Track quotes and command substitutions across lines (a
		# stack: single or double quotes, "(" for $(...), whose
		# quotes are its own even inside double quotes), and count
		# the compound openers and closers at the top level.
		w = ""
		for (i = 1; i <= length(s); i++) {
			ch = substr(s, i, 1)
			cur = st[sp]
			if (cur == "\x27") { if (ch == "\x27") sp--; continue }
			if (cur == "\"") {
				if (ch == "\\") { i++; continue }
				if (ch == "\"") { sp--; continue }
				if (ch == "$" && substr(s, i + 1, 1) == "(") {
					i++; st[++sp] = "("; par[sp] = 0
				}
				continue
			}
			if (ch == "\\") { i++; continue }
			if (ch == "\x27" || ch == "\"") {
				if (sp == 0) { word(w); w = "" }
				st[++sp] = ch
				continue
			}
			if (ch == "$" && substr(s, i + 1, 1) == "(") {
				if (sp == 0) { word(w); w = "" }
				i++; st[++sp] = "("; par[sp] = 0
				continue
			}
			if (cur == "(") {
				if (ch == "(") par[sp]++
				else if (ch == ")") { if (par[sp] == 0) sp--; else par[sp]-- }
				continue
			}
			if (ch ~ /[ \t;&|()]/) { word(w); w = ""; continue }
			w = w ch
		}
		word(w)
	}
	function word(w) {
		if (w == "") return
		if (w ~ /^(for|while|until|if|case|\{)$/) depth++
		else if (w ~ /^(done|fi|esac|\})$/) depth--
	}
	BEGIN { sp = 0; st[0] = ""; depth = 0; buf = ""; start = 0 }
	{
		if (buf == "") { start = NR; d0 = depth }
		buf = buf (buf == "" ? "" : "\n") $0
		scan($0)
		if (sp > 0 || $0 ~ /\\$/)
			next
		ln = first + start
		if (d0 == 0 && depth == 0 && buf !~ /^[ \t]*(for|while|until|if|case|\{)[ \t]/ &&
		    buf !~ /^[ \t]*(#|$)/ && buf !~ /[^&]&[ \t]*$/)
			printf "__l=%d\n%s || exit 1\n", ln, buf
		else if (d0 == 0)
			printf "__l=%d\n%s\n", ln, buf
		else
			print buf
		buf = ""
	}
	END {
		# A quote left open would swallow the lines after it: a
		# check that cannot fail.  Say so, and fail.
		if (buf != "")
			printf "__l=%d\necho \"check section: a quote or $( opened at line %d is never closed\" >&2; exit 1\n", first + start, first + start
	}'
}

cmd=$(sed -n 's/^cmd: //p' "$c" | head -1)
want=$(sed -n 's/^exit: //p' "$c" | head -1)
[ -n "$want" ] || want=0
t0=$(date +%s)
section "$c" stdin > "$out/$n.in"
sh -c "$cmd" < "$out/$n.in" > "$out/$n.out" 2> "$out/$n.err"
got=$?
msg=""
ctx=""
[ "$got" = "$want" ] || msg="exit $got, expected $want"
if [ -z "$msg" ] && hassection "$c" stdout; then
	section "$c" stdout > "$out/$n.want"
	if ! cmp -s "$out/$n.want" "$out/$n.out"; then
		msg="standard output differs"
		ctx=$(diff "$out/$n.want" "$out/$n.out" | head -10)
	fi
fi
if [ -z "$msg" ] && [ "$want" = 2 ] && [ -s "$out/$n.out" ]; then
	msg="error but standard output is not empty"
fi
if [ -z "$msg" ] && hassection "$c" stderr; then
	section "$c" stderr > "$out/$n.pat"
	while IFS= read -r pat; do
		grep -Eq -- "$pat" "$out/$n.err" ||
		    { msg="stderr does not match: $pat"; break; }
	done < "$out/$n.pat"
	# Warnings may come first; the error itself is one line.
	if [ -z "$msg" ] && [ "$want" = 2 ] &&
	    [ "$(grep -cvE '^[a-z]+: (warning|note|hint): ' "$out/$n.err")" -ne 1 ]
	then
		msg="an error must be one line on stderr"
	fi
fi
if [ -z "$msg" ] && hassection "$c" check; then
	{
		echo 'trap '\''s=$?; [ $s -eq 0 ] || echo "${__l:-?}" > "$BTOOLS_CHKLINE"'\'' EXIT'
		checkscript "$c"
	} > "$out/$n.chk"
	rm -f "$out/$n.chkline"
	if ! BTOOLS_CHKLINE="$out/$n.chkline" sh -e "$out/$n.chk" \
	    > "$out/$n.chkout" 2>&1; then
		l=$(cat "$out/$n.chkline" 2>/dev/null)
		msg="check line ${l:-?} failed: $(sed -n "${l:-0}p" "$c" 2>/dev/null | cut -c1-160)"
		ctx=$(tail -3 "$out/$n.chkout")
	fi
fi
if [ -n "$msg" ]; then
	echo "FAIL: cli $n: $msg"
	[ -z "$ctx" ] || printf '%s\n' "$ctx" | sed 's/^/  /'
	head -3 "$out/$n.err" | sed 's/^/  /'
	exit 1
fi
echo "ok $n ($(($(date +%s) - t0)) s)"
