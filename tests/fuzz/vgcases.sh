#!/bin/sh
# The command-line cases `make valgrind` runs: enough that every tool runs
# under valgrind with each of its options, each chart kind with each of
# its options and output formats, and each tool over each kind of input
# (the folder of testdata/ a file comes from, or its extension), at least
# once.  Greedy, in name order: a case is kept when one of its tool
# command lines adds a pair (tool, option), (tool, input) or, for bplot,
# (kind, option) that no kept case has.  Under valgrind a tool takes
# about a second to start (bplot 2-30 s, with Pango and fontconfig), so
# running every case would take most of CI's time for little more.
# Prints the case files, one a line.
cd "$(dirname "$0")/../.." || exit 2
for c in tests/cli/*.case; do
	pairs=$(grep -v '^#' "$c" | grep -oE '(^|[^a-z_./-])(bstat|bcompare|boutlier|bplot|btrend|benv)( [^|;&]*)?' | awk '{
		sub(/^[^a-z]/, "")
		tool = $1
		kind = tool
		if (tool == "bplot") kind = "bplot-" ($2 ~ /^[a-z]/ ? $2 : "-")
		print kind, "(run)"
		for (i = 2; i <= NF; i++) {
			if ($i ~ /^--?[a-zA-Z]/) { o = $i; sub(/=.*/, "", o); print kind, o }
			if ($i ~ /\.(png|pdf|svg)$/) { e = $i; sub(/.*\./, "", e); print kind, "." e }
			if ($i ~ /^testdata\//) {
				n = split($i, p, "/")
				print tool, "in:" p[n - 1]
				e = p[n]; if (e ~ /\./) { sub(/.*\./, "", e); print tool, "ext:" e }
			}
		}
	}' | sort -u | tr ' ' ':' | tr '\n' ' ')
	echo "$c $pairs"
done | awk '
	NF == 1 { next }
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
