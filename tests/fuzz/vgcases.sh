#!/bin/sh
# The command-line cases `make valgrind` runs: enough that every tool runs
# under valgrind with each of its options, each chart kind with each of
# its options and output formats, and each tool over each kind of input
# (the folder of testdata/ a file comes from, or its extension), at least
# once.  Greedy set cover over the pairs (tool, option), (tool, input)
# and, for bplot, (kind, option) the cases' tool command lines have: the
# case that adds the most pairs no kept case has, first, until every
# pair is covered (231 cases in name order, 170 so, 547 tool runs 423).  Under valgrind a tool takes
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
		name[++n] = $1
		np[n] = NF - 1
		for (i = 2; i <= NF; i++)
			pair[n, i - 1] = $i
	}
	# Greedy set cover: the case adding the most pairs not yet covered
	# first (the first in name order of equals), until none adds any:
	# every pair of the cases is covered, by fewer cases than taking
	# each case in name order that adds one.
	END {
		for (;;) {
			best = 0
			bg = 0
			for (c = 1; c <= n; c++) {
				if (c in taken)
					continue
				g = 0
				for (i = 1; i <= np[c]; i++)
					if (!(pair[c, i] in seen))
						g++
				if (g > bg) {
					bg = g
					best = c
				}
			}
			if (best == 0)
				break
			taken[best] = 1
			for (i = 1; i <= np[best]; i++)
				seen[pair[best, i]] = 1
		}
		for (c = 1; c <= n; c++)
			if (c in taken)
				print name[c]
	}'
