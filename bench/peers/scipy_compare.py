"""Peer of `bcompare [--test mwu] -c COL A B`: pandas read_csv of both
samples, then scipy's Mann-Whitney U test (mannwhitneyu, two-sided,
continuity-corrected normal approximation, as bcompare at these sizes)
and Welch's t test (ttest_ind, equal_var=False), with the medians and
means of both sides.

It does less than bcompare: no Hodges-Lehmann shift or its interval, no
interval on the change, no effect sizes (scipy has no Hodges-Lehmann
estimator, and the n*m pairwise differences of 1M x 1M samples do not fit
in memory).

usage: python3 scipy_compare.py A B COLUMN
"""
import sys

import numpy as np
import pandas as pd
from scipy import stats


def main():
    a_path, b_path, col = sys.argv[1], sys.argv[2], sys.argv[3]
    a = pd.read_csv(a_path, usecols=[col])[col].to_numpy(dtype=float)
    b = pd.read_csv(b_path, usecols=[col])[col].to_numpy(dtype=float)
    u = stats.mannwhitneyu(b, a, alternative="two-sided")
    t = stats.ttest_ind(b, a, equal_var=False)
    print("median_a,median_b,U,p_u,mean_a,mean_b,t,p_t")
    print(",".join(repr(float(v)) for v in
                   [np.median(a), np.median(b), u.statistic, u.pvalue,
                    a.mean(), b.mean(), t.statistic, t.pvalue]))


if __name__ == "__main__":
    main()
