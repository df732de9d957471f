#!/bin/sh
# How the locust_* files were made (Debian 12: python3-locust 2.12.1):
# 4 users for 25 s against a local python3 -m http.server 18929
# (--bind 127.0.0.1), headless, --csv locust (locust_stats.csv,
# locust_stats_history.csv; the failures and exceptions files are not
# read), --csv-full-history adding a row per name each second (flushed every 10 s: the rows of the last seconds are not in it, as locust leaves them).
set -e
locust -f locustfile.py --headless -u 4 -r 4 -t 25s \
    -H http://127.0.0.1:18929 --csv locust --csv-full-history \
    > /dev/null 2>&1 || true
rm -f locust_failures.csv locust_exceptions.csv
