#!/usr/bin/env python3
"""Test data and expectations for --sketch read in chunks (-j, issue 33
item 3), written without b-tools: testdata/jobs/sketch*.csv and
tests/expected/jobs_sketch*.csv.

- sketch.csv: "op,x", 40000 rows whose values take every form a
  benchmark prints: zeros first ("0", "0.00", "-0"), integers, two and
  four decimals, scientific notation, negatives, an empty field (missing)
  every 997 rows.  Their exact sums fit (xsum.c): the chunks merge.
- sketch_wide.csv: the same with a value of 25 significant digits (more
  than the 19 a number keeps exactly) at row 31000, in the last chunk of
  four: from there the moments are Welford's, read in one thread.
- jobs_pipe.csv (expectation only): sketch.csv's rows 30 times, as
  tests/cli/jobs_pipe.case pipes them.

The expectations are n, mean, sd, min and max of the values (Python's
fractions: the exact mean and variance, rounded once; sd the square
root of the variance's double).

usage (from the repository root): python3 tests/oracle/jobs_sketch.py
"""
import math
import random
from fractions import Fraction

N = 40000


def values():
    r = random.Random(3307)
    out = ["0", "0.00", "-0"]
    while len(out) < N:
        x = r.lognormvariate(6.0, 0.8)
        k = len(out) % 7
        if k == 0:
            out.append("%d" % round(x))
        elif k == 1:
            out.append("%.2f" % x)
        elif k == 2:
            out.append("%.4e" % x)
        elif k == 3:
            out.append("-%.2f" % (x / 10))
        elif k == 4:
            out.append("%.4f" % (x / 1000))
        elif k == 5:
            out.append("%de2" % round(x / 100))
        else:
            out.append("%.1f" % x)
    return out


def write(path, vals):
    with open(path, "w") as f:
        f.write("op,x\n")
        for i, v in enumerate(vals):
            f.write("op,%s\n" % ("" if i % 997 == 500 else v))


def expect(path, vals, copies=1):
    x = [Fraction(v) for i, v in enumerate(vals) if i % 997 != 500]
    x = x * copies
    n = len(x)
    mean = sum(x) / n
    var = sum((v - mean) ** 2 for v in x) / (n - 1)
    with open(path, "w") as f:
        f.write("n,mean,sd,min,max\n")
        f.write("%d,%r,%r,%r,%r\n" % (n, float(mean),
                math.sqrt(float(var)), float(min(x)), float(max(x))))


def main():
    vals = values()
    write("testdata/jobs/sketch.csv", vals)
    expect("tests/expected/jobs_sketch.csv", vals)
    wide = list(vals)
    wide[31000] = "1234.567890123456789012345"
    write("testdata/jobs/sketch_wide.csv", wide)
    expect("tests/expected/jobs_sketch_wide.csv", wide)
    # tests/cli/jobs_pipe.case: sketch.csv's rows 30 times through a
    # pipe (11 MB, more than one segment), a quoted row without a value
    # among them.
    expect("tests/expected/jobs_pipe.csv", vals, 30)


if __name__ == "__main__":
    main()
