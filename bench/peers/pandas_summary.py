"""Peer of `bstat -c COL FILE`: pandas read_csv, then numpy mean, sample
standard deviation and the percentiles 25, 50, 75, 95, 99 (linear
interpolation, as bstat's default type 7) of one column.

usage: python3 pandas_summary.py FILE COLUMN
"""
import sys

import numpy as np
import pandas as pd


def main():
    path, col = sys.argv[1], sys.argv[2]
    x = pd.read_csv(path, usecols=[col])[col].to_numpy(dtype=float)
    x = x[~np.isnan(x)]
    q = np.percentile(x, [25, 50, 75, 95, 99])
    print("n,mean,sd,q1,median,q3,p95,p99")
    print(",".join(repr(float(v)) for v in
                   [len(x), x.mean(), x.std(ddof=1), *q]))


if __name__ == "__main__":
    main()
