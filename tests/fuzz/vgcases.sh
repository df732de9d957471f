#!/bin/sh
# The command-line cases `make valgrind` runs: every case that does not
# call bplot, and of those that do, enough to run each chart kind with
# each of its options and each output format at least once (bplot takes
# 2-26 s a run under valgrind while Pango and fontconfig start: all 100
# of its cases would take most of the run).  Greedy: a bplot case is kept
# when it adds a (kind, option) or (kind, format) pair no kept case has.
# Prints the case files, one a line.
cd "$(dirname "$0")/../.." || exit 2
for c in tests/cli/*.case; do
	if ! grep -q 'bplot' "$c"; then
		echo "$c"
		continue
	fi
	# The pairs of this case: "kind option" for each bplot command line
	# in cmd: and check lines.
	pairs=$(grep -v '^#' "$c" | grep -o 'bplot [^|;&]*' | awk '{
		kind = $2
		if (kind ~ /^-/ || kind == "") kind = "-"
		for (i = 3; i <= NF; i++) {
			if ($i ~ /^--?[a-zA-Z]/) { o = $i; sub(/=.*/, "", o); print kind, o }
			if ($i ~ /\.(png|pdf|svg)$/) { e = $i; sub(/.*\./, "", e); print kind, "." e }
		}
		print kind, "(kind)"
	}' | sort -u | tr ' ' ':' | tr '\n' ' ')
	echo "$c $pairs"
done | awk '
	NF == 1 { print; next }
	{
		new = 0
		for (i = 2; i <= NF; i++)
			if (!($i in seen)) new = 1
		if (new) {
			for (i = 2; i <= NF; i++)
				seen[$i] = 1
			print $1
		}
	}'
