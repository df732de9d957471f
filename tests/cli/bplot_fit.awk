# Compare a bplot --fit-report object (-v json=...) with R's nls() fit
# of the same data set in tests/expected/usl.csv (written by
# tests/oracle/usl.R): lambda, alpha, beta, peak_n and peak_y within
# 2 percent (-v tol= to change), 0 exactly where R has 0, null where R
# has NA.  Usage:
#   awk -F, -f tests/cli/bplot_fit.awk -v set=peak -v model=usl \
#       -v json="$(cat report.json)" tests/expected/usl.csv
function field(name,	s) {
	s = json
	if (index(s, "\"" name "\":") == 0)
		return "missing"
	sub(".*\"" name "\":", "", s)
	sub("[,}].*", "", s)
	return s
}
BEGIN { if (tol == "") tol = 0.02 }
NR == 1 {
	for (i = 1; i <= NF; i++)
		col[$i] = i
	next
}
$1 == set && $2 == model {
	found = 1
	n = split("lambda alpha beta peak_n peak_y", k, " ")
	for (i = 1; i <= n; i++) {
		got = field(k[i])
		want = $(col[k[i]])
		if (want == "NA")
			ok = got == "null"
		else if (want + 0 == 0)
			ok = got != "null" && got != "missing" && got + 0 == 0
		else
			ok = got != "null" && got != "missing" &&
			    (got - want) / want <= tol &&
			    (want - got) / want <= tol
		if (!ok) {
			printf "%s %s: bplot %s, R %s\n", set, k[i], got, want
			bad = 1
		}
	}
}
END {
	if (!found)
		print "no row " set "," model " in the oracle file"
	exit !(found && !bad)
}
