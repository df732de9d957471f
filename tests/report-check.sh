#!/bin/sh
# make report-check: bcompare's HTML report over the demo's latency files
# with fingerprints, validated by tidy (no error, no warning), then shown
# by a headless chromium and saved as a screenshot, tests/out/report.png,
# for a person to look at.  Not part of make check: chromium is large.
set -e
cd "$(dirname "$0")/.."
mkdir -p tests/out
./bcompare -f html -g op -o tests/out/report-check.html \
    testdata/env/lat_base.csv testdata/env/lat_cand.csv 2>/dev/null
tidy -errors -q tests/out/report-check.html
echo "report-check: tidy: no errors or warnings"
if command -v chromium >/dev/null 2>&1; then
	rm -f tests/out/report.png
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --window-size=1200,2400 --screenshot="$(pwd)/tests/out/report.png" \
	    "file://$(pwd)/tests/out/report-check.html" >/dev/null 2>&1 || true
	test -s tests/out/report.png
	echo "report-check: screenshot in tests/out/report.png"
else
	echo "report-check: chromium not installed: no screenshot" >&2
fi
