#!/bin/sh
# btrend on the peers' own test series: Apache Otava's (formerly Hunter)
# and MongoDB signal-processing-algorithms' (testdata/trend/peers/, where
# README.md says what came from where).
#
#   sh tests/oracle/peers.sh            # from the repository root, after make
#
# Every row of testdata/trend/peers/manifest.tsv states the change points
# a peer's test expects, as 1-based row numbers of the CSV (expected_rows;
# the CSV's rev column is the row number, so btrend -x rev reports them
# directly). Prints two Markdown tables on standard output, rows per suite
# with the suite's totals and the grand total:
#
#   1. btrend at its defaults (btrend -x rev -c value -f csv FILE) on the
#      rows whose role is main (one expectation per series);
#   2. btrend with the peer's own parameters where btrend has an
#      equivalent option, on the rows of role main or variant whose params
#      name one: window_len -> --window, max_pvalue (Otava) and pvalue
#      (MongoDB's permutation test) -> --max-p, min_magnitude -> --min-change
#      (times 100); the others (seed, permutations, orig_edivisive) have
#      none and are left out; rows of role superseded (an older commit's
#      expectation) are not run.
#
# found: expected points with a reported one within +-1 revision (each
# reported point counts once; exact matches are paired first). extra:
# reported points left over. Where the test states only how many change
# points there are (expected_rows ?, or fewer positions than
# expected_count), found counts the stated positions only and the
# unstated ones may take up as many leftover points before they count as
# extra; the table says "of N" for them.
#
# Environment: BTREND (default ./btrend). It records what btrend does,
# compares nothing and exits 0 unless btrend fails (exit 2) on a series.
set -eu
bt=${BTREND:-./btrend}
dir=testdata/trend/peers
man=$dir/manifest.tsv
[ -x "$bt" ] || { echo "peers.sh: no executable $bt (make all, or BTREND=)" >&2; exit 2; }
[ -r "$man" ] || { echo "peers.sh: no $man (run from the repository root)" >&2; exit 2; }

# the btrend options of a params cell, or nothing when none has an equivalent
opts_of() {
	echo "$1" | awk '{
		n = split($1, kv, ";"); o = ""
		for (i = 1; i <= n; i++) {
			split(kv[i], a, "=")
			if (a[1] == "window_len") o = o " --window " a[2]
			else if (a[1] == "max_pvalue" || a[1] == "pvalue") o = o " --max-p " a[2]
			else if (a[1] == "min_magnitude") o = o " --min-change " a[2] * 100
		}
		sub(/^ /, "", o); print o
	}'
}

# the reported revisions, comma-separated (an empty line for none)
reported() {
	file=$1
	shift
	out=$("$bt" -x rev -c value -f csv "$@" "$dir/$file" 2>/dev/null) || {
		echo "peers.sh: btrend $* $dir/$file failed" >&2
		: >"$failed"
		exit 2
	}
	# change points only (steps, drifts): outlier revisions and withdrawn points are not
	printf '%s\n' "$out" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "rev") c = i
			if ($i == "kind") k = i; if ($i == "status") st = i }; next }
		k && ($k == "outlier" || $st == "withdrawn") { next }
		{ printf "%s%s", (n++ ? "," : ""), $c } END { print "" }'
}

# table MODE: MODE is defaults or params
table() {
	mode=$1
	if [ "$mode" = defaults ]; then
		echo "btrend at its defaults (btrend -x rev -c value -f csv FILE):"
		echo
		echo "| suite | series | test | expected (rows) | btrend reports | found ±1 | extra |"
		echo "|---|---|---|---|---|---:|---:|"
	else
		echo "btrend with the peer's parameters where it has an equivalent option:"
		echo
		echo "| suite | series | test | peer's parameters | btrend options | expected (rows) | btrend reports | found ±1 | extra |"
		echo "|---|---|---|---|---|---|---|---:|---:|"
	fi
	tail -n +2 "$man" | while IFS='	' read -r file suite test _ _ _ _ erows ecount _ params role _; do
		case $role in
		main) ;;
		variant) [ "$mode" = params ] || continue ;;
		*) continue ;;
		esac
		o=
		if [ "$mode" = params ]; then
			o=$(opts_of "$params")
			[ -n "$o" ] || continue
		fi
		# shellcheck disable=SC2086
		rep=$(reported "$file" $o)
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$suite" "$file" "$test" "$params" "$o" "$erows" "$ecount" "$rep"
	done | awk -F'\t' -v mode="$mode" '
	function fcell(found, ne, unst) { return found " of " ne (unst ? " (+" unst " unstated)" : "") }
	function flush(s) {
		if (s == "") return
		line(s, "**" s ": " T[s, "series"] unit "**", "", "", "", T[s, "exp"] " points", T[s, "rep"] " points",
			fcell(T[s, "found"], T[s, "exp"], T[s, "unst"]), T[s, "extra"])
	}
	function line(suite, series, test, params, o, ecell, rcell, fc, extra) {
		if (mode == "defaults")
			printf "| %s | %s | %s | %s | %s | %s | %s |\n", suite, series, test, ecell, rcell, fc, extra
		else
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", suite, series, test, params, o, ecell, rcell, fc, extra
	}
	function shown(list, n) { return n == 0 ? "none" : (n > 12 ? n " points" : list) }
	BEGIN { unit = (mode == "defaults") ? " series" : " tests" }
	{
		suite = $1; file = $2; sub(/\.csv$/, "", file)
		ne = ($6 == "-" || $6 == "?") ? 0 : split($6, E, ",")
		nr = ($8 == "") ? 0 : split($8, R, ",")
		delete used
		found = 0
		for (i = 1; i <= ne; i++) M[i] = 0
		for (pass = 0; pass <= 1; pass++)
			for (i = 1; i <= ne; i++) {
				if (M[i]) continue
				for (j = 1; j <= nr; j++) {
					if (used[j]) continue
					d = R[j] - E[i]; if (d < 0) d = -d
					if ((pass == 0 && d == 0) || (pass == 1 && d == 1)) { used[j] = 1; M[i] = 1; found++; break }
				}
			}
		unst = $7 - ne; if (unst < 0) unst = 0
		extra = nr - found - unst; if (extra < 0) extra = 0
		if (suite != cur) { flush(cur); cur = suite }
		T[suite, "series"]++; T[suite, "exp"] += ne; T[suite, "rep"] += nr; T[suite, "found"] += found
		T[suite, "extra"] += extra; T[suite, "unst"] += unst
		G["series"]++; G["exp"] += ne; G["rep"] += nr; G["found"] += found; G["extra"] += extra; G["unst"] += unst
		ex = ($6 == "-") ? "none" : ($6 == "?" ? $7 " (how many only)" : shown($6, ne) (unst ? " + " unst " unstated" : ""))
		line(suite, file, $3, $4, $5, ex, shown($8, nr), fcell(found, ne, unst), extra)
	}
	END {
		flush(cur)
		line("", "**all: " G["series"] unit "**", "", "", "", G["exp"] " points", G["rep"] " points",
			fcell(G["found"], G["exp"], G["unst"]), G["extra"])
	}'
	echo
}

failed=${TMPDIR:-/tmp}/peers.$$.failed
rm -f "$failed"
trap 'rm -f "$failed"' EXIT
table defaults
table params
echo "Totals: the expected column is the number of stated positions, the reports column the number of"
echo "points btrend reports; \"found\" counts stated positions matched within ±1 revision, and a test that"
echo "states only how many points there are (\"unstated\") lets as many leftover reports go before"
echo "\"extra\" counts them."
[ ! -e "$failed" ] || exit 2
