#!/bin/sh
# Expected output of bstat --no-quantiles: R's expected files
# (tests/oracle/summary.R) without the order statistics that the
# streaming mode does not compute.  Run from the repository root.
set -e
keep='threads|impl|g|column|n|missing|mean|sd|se|ci_lo|ci_hi|min|max|cv'
out=tests/expected/bstat_stream_cases.tsv
printf 'case\tinput\targs\texpected\n' > "$out"
for c in latency_default:latency:"-g threads,impl" latency_skip3:latency:"-g threads,impl --skip 3" \
    small_default:small:"-g g" ties_default:ties:""; do
	name=${c%%:*}; rest=${c#*:}; input=${rest%%:*}; args=${rest#*:}
	awk -F, -v keep="^($keep)\$" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ keep) k[++n] = i }
		{ s = ""; for (j = 1; j <= n; j++) s = s (j > 1 ? "," : "") $(k[j]); print s }
	' "tests/expected/bstat_$name.csv" > "tests/expected/bstat_stream_$name.csv"
	printf '%s\t%s\t%s\t%s\n' "$name" "testdata/oracle/$input.csv" \
	    "--no-quantiles $args" "tests/expected/bstat_stream_$name.csv" >> "$out"
done
