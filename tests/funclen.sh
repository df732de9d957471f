#!/bin/sh
# usage: sh tests/funclen.sh
# No function over 120 lines, and no main over 150, in libstat/, plots/
# and tools/ (the code's style puts a function's name at the start of a
# line and its braces in column 0).  Names each one that is longer.
cd "$(dirname "$0")/.." || exit 2
find libstat plots tools -name '*.c' | sort | xargs awk '
	FNR == 1 { inbody = 0 }
	/^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name) }
	/^\{/ { start = FNR; inbody = 1 }
	/^\}/ && inbody {
		len = FNR - start + 1
		lim = name == "main" ? 150 : 120
		if (len > lim) {
			printf "%s:%d: %s is %d lines (at most %d)\n", FILENAME, start, name, len, lim
			bad++
		}
		inbody = 0
	}
	END { exit bad > 0 }'
