#!/bin/sh
# cyclictest variants (rt-tests 2.4, Debian 12), made by issue 29's
# helper on a 2-core VM (not a real-time kernel: long tails).
set -x
cyclictest -q -t2 -i 1000 -l 2000 > summary.txt 2>&1
cyclictest -q -t2 -i 1000 -l 1000 -h 100 > hist2.txt 2>&1
cyclictest -q -t2 -i 1000 -l 1000 -H 100 > histall.txt 2>&1
cyclictest -q -t2 -i 1000 -l 1000 -h 50 --json=hist.json > /dev/null 2>&1
