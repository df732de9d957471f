#!/bin/sh
# How autocannon.json and autocannon-pipelined.json were made: autocannon
# (npm, the version in autocannon-version.txt) against a local
# python3 -m http.server 18929 --bind 127.0.0.1, its --json report on
# standard output.  NODE_PATH: where npm install autocannon put it.
set -e
AC=${AC:-/tmp/lt29/node_modules/.bin/autocannon}
$AC -c 4 -d 3 -j http://127.0.0.1:18929/index.html > autocannon.json 2>/dev/null
$AC -c 2 -p 4 -a 200 -j http://127.0.0.1:18929/big.txt > autocannon-pipelined.json 2>/dev/null
$AC --version 2>/dev/null | head -1 > autocannon-version.txt
