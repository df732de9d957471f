#!/bin/sh
# A/A false-alarm rate and power of `bcompare --gate` on the pairs that
# tests/oracle/aa.R wrote.
#
#   Rscript tests/oracle/aa.R /tmp/aa          # once: the data (not in git)
#   sh tests/oracle/aa.sh /tmp/aa [ARGS...]    # from the repository root
#
# Runs `bcompare --gate -q -f csv ARGS BASE CAND` on every pair of every
# scenario in DIR/manifest.tsv, two at a time (xargs -P 2; AA_JOBS=1 for
# one), and prints a Markdown table on standard output:
#   scenario, pairs, A/A false alarms (exit 1, or any row's verdict
#   improved or regressed), their rate with a 95% Clopper-Pearson interval
#   (Wilson's when Rscript is missing), power at the 5% slowdown (verdict
#   regressed, exit 1) with its interval, and errors (exit 2 or no row;
#   left out of both rates).
# ARGS go to every call (`--test mwu`, `--alpha 0.01`, `--threshold 2`).
#
# --replicate: when this bcompare has it (its --help names it), the two
# nested scenarios are run twice, as they are (pooled) and with
# `--replicate fork` (AA_REPLICATE=no: only pooled).  When it has not,
# the script says so on standard error and in a line under the table: the
# nested rows then treat the 100 iterations of a side as independent runs.
#
# Environment: BCOMPARE (default ./bcompare), AA_JOBS (1 or 2; default 2),
# AA_REPLICATE (auto or no), AA_SCENARIOS (a blank-separated list to run
# only those).  Timing goes to standard error.
set -eu
if [ $# -lt 1 ]; then
	echo "usage: sh tests/oracle/aa.sh DIR [BCOMPARE ARGS...]" >&2
	exit 2
fi
dir=$1
shift
bc=${BCOMPARE:-./bcompare}
jobs=${AA_JOBS:-2}
case $jobs in 1|2) ;; *) jobs=2 ;; esac
[ -x "$bc" ] || { echo "aa.sh: no executable $bc (make all, or BCOMPARE=)" >&2; exit 2; }
[ -r "$dir/manifest.tsv" ] || { echo "aa.sh: no $dir/manifest.tsv (Rscript tests/oracle/aa.R $dir)" >&2; exit 2; }
bc=$(cd "$(dirname "$bc")" && pwd)/$(basename "$bc")

hasrep=no
if "$bc" --help 2>&1 | grep -q -e '--replicate'; then
	hasrep=yes
fi
for a in "$@"; do
	case $a in --replicate*)
		if [ $hasrep = no ]; then
			echo "aa.sh: $bc has no --replicate option (not implemented yet)" >&2
			exit 2
		fi ;;
	esac
done
if [ $hasrep = no ]; then
	echo "aa.sh: note: $bc has no --replicate (not implemented yet): the nested rows pool the 5 x 20 iterations as 100 independent runs" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/aa.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# One pair: prints "ID RC VERDICTS" (verdicts ;-joined, - when none).
worker='id=$1; shift
out=$("$AA_BC" --gate -q -f csv "$@" "$AA_D/${id}_base.$AA_EXT" "$AA_D/${id}_cand.$AA_EXT" 2>/dev/null)
rc=$?
v=$(printf "%s\n" "$out" | awk -F, '\''NR == 1 { for (i = 1; i <= NF; i++) if ($i == "verdict") c = i; next }
    c && NF >= c { printf "%s%s", s, $c; s = ";" }'\'')
printf "%s %s %s\n" "$id" "$rc" "${v:--}"'

# run LABEL SCENARIO KIND EXT PAIRS [EXTRA ARGS...]: one line of counts
run() {
	label=$1 scen=$2 kind=$3 ext=$4 pairs=$5
	shift 5
	res=$tmp/$(echo "$label" | tr ' /' '__').$kind
	i=1
	while [ $i -le "$pairs" ]; do
		printf '%04d\n' $i
		i=$((i + 1))
	done | AA_BC=$bc AA_D=$dir/$scen/$kind AA_EXT=$ext \
	    xargs -P "$jobs" -I @ID@ sh -c "$worker" sh @ID@ "$@" > "$res"
	awk -v label="$label" -v kind="$kind" '
	{ n++
	  if ($2 == 2 || $3 == "-") { err++; next }
	  if ($2 == 1 || $3 ~ /improved|regressed/) fire++
	  if ($3 ~ /regressed/) reg++
	  if ($3 ~ /improved/) imp++ }
	END { printf "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", label, kind, n, err + 0,
	    fire + 0, reg + 0, imp + 0 }' "$res"
}

start=$(date +%s)
counts=$tmp/counts.tsv
: > "$counts"
# manifest: scenario kind pairs ext note
tail -n +2 "$dir/manifest.tsv" | while IFS='	' read -r scen kind pairs ext _note; do
	if [ -n "${AA_SCENARIOS:-}" ]; then
		case " $AA_SCENARIOS " in *" $scen "*) ;; *) continue ;; esac
	fi
	t0=$(date +%s)
	run "$scen" "$scen" "$kind" "$ext" "$pairs" "$@" >> "$counts"
	case $scen in nested_*)
		if [ $hasrep = yes ] && [ "${AA_REPLICATE:-auto}" != no ]; then
			run "$scen --replicate fork" "$scen" "$kind" "$ext" \
			    "$pairs" "$@" --replicate fork >> "$counts"
		fi ;;
	esac
	echo "aa.sh: $scen $kind: $(($(date +%s) - t0)) s" >&2
done

if [ ! -s "$counts" ]; then
	echo "aa.sh: no scenario run (AA_SCENARIOS='${AA_SCENARIOS:-}'?)" >&2
	exit 2
fi

# Intervals: Clopper-Pearson by R's qbeta, else Wilson's score interval.
ci() {
	if command -v Rscript > /dev/null 2>&1; then
		Rscript -e 'x <- read.table(file("stdin"), sep = "\t", col.names = c("k", "n"))
lo <- ifelse(x$k == 0, 0, qbeta(0.025, x$k, x$n - x$k + 1))
hi <- ifelse(x$k == x$n, 1, qbeta(0.975, x$k + 1, x$n - x$k))
write.table(data.frame(lo, hi), sep = "\t", quote = FALSE, row.names = FALSE, col.names = FALSE)'
	else
		awk -F'\t' '{ n = $2; p = $1 / n; z = 1.959964; d = 1 + z*z/n
		    c = (p + z*z/(2*n)) / d; h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / d
		    printf "%.6f\t%.6f\n", c - h, c + h }'
	fi
}
method="Clopper-Pearson"
command -v Rscript > /dev/null 2>&1 || method="Wilson"

# rates: label, A/A valid n, fires; power valid n, detections
awk -F'\t' '
$2 == "aa"    { order[++m] = $1; an[$1] = $3 - $4; af[$1] = $5; ae[$1] = $4 }
$2 == "power" { pn[$1] = $3 - $4; pd[$1] = $6; pw[$1] = $7; pe[$1] = $4 }
END { for (i = 1; i <= m; i++) { l = order[i]
	printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", l, an[l], af[l], ae[l],
	    pn[l], pd[l], pw[l], pe[l] } }' "$counts" > "$tmp/rates.tsv"
awk -F'\t' '{ print $3 "\t" ($2 > 0 ? $2 : 1) }' "$tmp/rates.tsv" | ci > "$tmp/aci.tsv"
awk -F'\t' '{ print $6 "\t" ($5 > 0 ? $5 : 1) }' "$tmp/rates.tsv" | ci > "$tmp/pci.tsv"

echo "bcompare --gate $*" | sed 's/ *$//' | sed 's/^/Arguments: `/; s/$/`/'
echo
echo "| scenario | pairs (A/A, power) | A/A false alarms | A/A false-alarm rate [95% CI] | power at +5% [95% CI] | wrong-way detections | errors |"
echo "|---|---|---|---|---|---|---|"
paste "$tmp/rates.tsv" "$tmp/aci.tsv" "$tmp/pci.tsv" | awk -F'\t' '
function pct(x) { return sprintf("%.1f%%", 100 * x) }
{ ar = $2 ? $3 / $2 : 0; pr = $5 ? $6 / $5 : 0
  printf "| %s | %d, %d | %d | %s [%s, %s] | %s [%s, %s] | %d | %d |\n", $1,
      $2, $5, $3, pct(ar), pct($9), pct($10), pct(pr), pct($11), pct($12),
      $7, $4 + $8 }'
echo
echo "95% intervals: $method. A false alarm: exit 1 or a verdict improved/regressed on an A/A pair; power: verdict regressed on a pair whose candidate is 5% slower; wrong-way: verdict improved on such a pair (not counted as power). Errors (exit 2, no row) are left out of both rates."
if [ $hasrep = no ]; then
	echo "This bcompare has no \`--replicate\`: the nested rows pool each side's 5 forks x 20 iterations as 100 independent runs."
fi
echo "aa.sh: $(($(date +%s) - start)) s in all" >&2
