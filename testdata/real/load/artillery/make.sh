#!/bin/sh
# How artillery.json was made: artillery (npm, the version in
# artillery-version.txt; installed with --ignore-scripts, no browser)
# running plan.yml against a local python3 -m http.server 18929
# --bind 127.0.0.1, its report written by --output.
set -e
AR=${AR:-/tmp/lt29/node_modules/.bin/artillery}
ARTILLERY_DISABLE_TELEMETRY=true $AR run --output artillery.json plan.yml > /dev/null 2>&1
$AR version 2>/dev/null | grep -i "artillery" | head -1 > artillery-version.txt
