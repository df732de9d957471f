#!/bin/sh
# Speed and memory of the load-test paths (issue 30 item 7), on a request
# log generated here (JMeter-like CSV: timeStamp in epoch ms, elapsed ms,
# label, responseCode, success), N rows (default 10^6):
#   sh bench/load.sh [N]          after make; writes bench/LOAD.md
# (%.0f for the stamps: mawk's %d stops at 2^31 - 1.)
# Each command is timed once (wall seconds and the peak resident set,
# GNU time's %e and %M); the machine is whatever runs it.
set -eu
cd "$(dirname "$0")/.."
N=${1:-1000000}
D=bench/data
mkdir -p "$D" bench/out
F=$D/requests_$N.csv
[ -s "$F" ] || sh bench/requests.sh "$N" "$F"
run() {
	name=$1; shift
	/usr/bin/time -f "%e %M" -o bench/out/load.time "$@" > bench/out/load.out 2> bench/out/load.err ||
	    { echo "bench: $name failed: $(head -1 bench/out/load.err)" >&2; exit 1; }
	read -r sec kb < bench/out/load.time
	printf '| `%s` | %s | %.1f |\n' "$name" "$sec" "$(echo "$kb / 1024" | bc -l)"
}
{
	echo "# Load-test paths: speed and memory"
	echo
	echo "$N requests ($(du -h "$F" | cut -f1)), $(nproc) cores, $(date -u +%Y-%m-%d); \`sh bench/load.sh $N\`."
	echo
	echo "| command | seconds | peak MiB |"
	echo "|---|---|---|"
	run "bstat -c elapsed --sketch" ./bstat -c elapsed --sketch "$F"
	run "bstat -c elapsed -g label --ok success --apdex 500" ./bstat -c elapsed -g label --ok success --apdex 500 "$F"
	run "bstat -c elapsed -g label --ok success --apdex 500 --sketch" ./bstat -c elapsed -g label --ok success --apdex 500 --sketch "$F"
	run "bstat -c elapsed -t timeStamp --every 10s" ./bstat -c elapsed -t timeStamp --every 10s "$F"
	run "bstat -c elapsed -t timeStamp --every 10s --ok success --sketch" ./bstat -c elapsed -t timeStamp --every 10s --ok success --sketch "$F"
	run "bplot latency-map -x timeStamp -y elapsed" ./bplot latency-map -x timeStamp -y elapsed "$F" -o bench/out/load_map.png
} > bench/LOAD.md
cat bench/LOAD.md
