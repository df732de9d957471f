#!/usr/bin/env python3
"""Test data and expectations for -j (issue 33 item 2), written without
b-tools: testdata/jobs/ and tests/expected/jobs_*.csv.

- lat.csv: "op,latency_us", 20000 rows of decimals (3 places), with
  what a chunk must read as one thread reads it: the header again in
  the middle (skipped), blank lines, CRLF line ends in one stretch, a
  last line without a line end.
- lat.txt: the same values as plain numbers, with '#' comments and
  blank lines.
- quoted.csv: lat.csv with a quoted field holding a line feed past the
  middle (a chunk cannot be read alone there: read in one thread); the
  same values.
- badline.csv: lat.csv with a word for a number on line BADLINE.

The expectations are n, mean, min, median and max of the values
(Python's statistics and fractions: the exact mean, rounded once), the
median as R's type 7 (the mean of the two middle values).

usage (from the repository root): python3 tests/oracle/jobs.py
"""
import random
from fractions import Fraction

BADLINE = 15001
N = 20000


def values():
    r = random.Random(33)
    return ["%.3f" % (r.lognormvariate(3.0, 0.6)) for _ in range(N)]


def csv_lines(vals, override=None):
    """The lines of lat.csv (override: value index -> its line), and the
    line number of each value's record."""
    out = ["op,latency_us\n"]
    where = []
    for i, v in enumerate(vals):
        eol = "\r\n" if 5000 <= i < 5200 else "\n"
        where.append(sum(x.count("\n") for x in out) + 1)
        if override and i in override:
            out.append(override[i])
        else:
            out.append("op%d,%s%s" % (i % 3, v, eol))
        if i == 9000:
            out.append("op,latency_us\n")   # the header again: skipped
        if i in (3000, 12000, 17000):
            out.append("\n")                # blank lines
    out[-1] = out[-1].rstrip("\n")          # no last line end
    return out, where


def expect(vals, path):
    x = sorted(Fraction(v) for v in vals)
    n = len(x)
    mean = sum(x) / n
    med = (x[(n - 1) // 2] + x[n // 2]) / 2
    with open(path, "w") as f:
        f.write("n,mean,min,median,max\n")
        f.write("%d,%r,%r,%r,%r\n" % (n, float(mean),
                float(x[0]), float(med), float(x[-1])))


def main():
    vals = values()
    lines, where = csv_lines(vals)
    with open("testdata/jobs/lat.csv", "w", newline="") as f:
        f.writelines(lines)
    with open("testdata/jobs/lat.txt", "w") as f:
        f.write("# latency_us, one a line\n")
        for i, v in enumerate(vals):
            f.write(v + ("  # slow\n" if i % 997 == 0 else "\n"))
            if i % 4999 == 0:
                f.write("\n")
    # a quoted field across two lines, past the middle: the same values
    q, _ = csv_lines(vals, {14000: '"op\nx",%s\n' % vals[14000]})
    with open("testdata/jobs/quoted.csv", "w", newline="") as f:
        f.writelines(q)
    # a word for a number on line BADLINE
    i = where.index(BADLINE)
    b, _ = csv_lines(vals, {i: "op1,fast\n"})
    with open("testdata/jobs/badline.csv", "w", newline="") as f:
        f.writelines(b)
    expect(vals, "tests/expected/jobs_lat.csv")


if __name__ == "__main__":
    main()
