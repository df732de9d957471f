#!/bin/sh
# bench/requests.sh N FILE: a JMeter-like request log of N rows
# (timeStamp in epoch ms with exponential gaps of 2 ms on average,
# elapsed lognormal about 120 ms, label home or search, 1% answered
# 500), the same under any awk run (srand(30)); bench/load.sh's and
# bench/latmap.sh's input.
set -eu
awk -v n="$1" 'BEGIN {
	srand(30); print "timeStamp,elapsed,label,responseCode,success";
	t = 1764640800000;
	for (i = 0; i < n; i++) {
		t += int(-log(1 - rand()) * 2);
		ms = int(exp(log(120) + 0.35 * sqrt(-2 * log(1 - rand())) * cos(6.2831853 * rand())));
		code = rand() < 0.01 ? 500 : 200;
		printf "%.0f,%d,%s,%d,%s\n", t, ms < 1 ? 1 : ms, i % 3 ? "search" : "home", code, code == 200 ? "true" : "false";
	}
}' > "$2"
