#!/bin/sh
# The README's nightly recipe ("Track performance over time"), run as it
# is written there: its commands are taken from README.md itself.  Eight
# nights append to one history.csv (render slows from 50 to 60 ms at the
# fifth); git and date are stand-ins that name each night.  Then the
# report and the picture, as the README has them.  Usage: readme_nightly.sh DIR
set -e
dir=$1
readme=$(pwd)/README.md
recipe=$(awk '/^## Track performance over time/ { on = 1 }
	on && /^```sh/ { code = 1; next }
	code && /^```/ { exit }
	code' "$readme")
nightly=$(printf '%s\n' "$recipe" | awk '/^bstat /,!/\\$/')
report=$(printf '%s\n' "$recipe" | grep '^btrend ')
picture=$(printf '%s\n' "$recipe" | grep '^bplot ')
test -n "$nightly" && test -n "$report" && test -n "$picture"
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
for night in 1 2 3 4 5 6 7 8; do
	git() { echo "c$night"; }
	date() { echo "2026-11-0${night}T02:00:00Z"; }
	# Five runs a night around a level: the night's mean is the level
	# plus the night's offset (the runs' deviations sum to zero).
	off=$(echo "0.0 0.1 -0.1 0.2 0.0 -0.2 0.1 0.1" | cut -d' ' -f$night)
	level=50
	test "$night" -lt 5 || level=60
	awk -v off="$off" -v level="$level" 'BEGIN {
		print "bench,time_ms"
		split("-0.4 -0.2 0 0.2 0.4", d, " ")
		for (i = 1; i <= 5; i++) {
			printf "parse,%.1f\n", 100 + off + d[i]
			printf "render,%.1f\n", level + off + d[i]
		}
	}' > bench.log
	eval "$nightly"
done
unset -f git date
echo "history: $(wc -l < history.csv) lines"
rc=0
eval "$report" || rc=$?
echo "btrend: exit $rc"
eval "$picture"
