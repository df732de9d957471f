#!/bin/sh
# Remakes testdata/ddsketch with Datadog's @datadog/sketches-js (from the
# npm registry, into a scratch folder), then checks the other direction:
# the library reads what bstat -f ddsketch writes of a.csv.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm init -y >/dev/null
# protobufjs is a peer dependency the library needs for toProto()
npm install --silent @datadog/sketches-js@2.1.1 protobufjs@7 >/dev/null
cp "$here/make.js" .
OUT=$here node make.js
cd "$here/../.."
./bstat --sketch --sketch-accuracy 1 -f ddsketch -c latency_ms \
    testdata/ddsketch/a.csv > "$tmp/ours.pb"
cd "$tmp" && node make.js ours.pb | tee "$here/js_reads_ours.txt"
