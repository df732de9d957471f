"""Peer of `bplot scalability -x X -y Y FILE -o OUT.png`: pandas read_csv
of the raw rows, per x the mean and the 95 % t confidence interval of the
mean (as bplot's error bars), a line plot with error bars on linear axes from 0 (as bplot), saved as PNG.

usage: python3 mpl_scalability.py FILE X Y OUT.png [WIDTH HEIGHT]
"""
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from scipy import stats  # noqa: E402


def main():
    path, xcol, ycol, out = sys.argv[1:5]
    w, h = (int(sys.argv[5]), int(sys.argv[6])) if len(sys.argv) > 6 \
        else (800, 500)
    df = pd.read_csv(path, usecols=[xcol, ycol])
    g = df.groupby(xcol)[ycol].agg(["mean", "std", "count"]).sort_index()
    half = stats.t.ppf(0.975, g["count"] - 1) * g["std"] / np.sqrt(g["count"])
    fig, ax = plt.subplots(figsize=(w / 100, h / 100), dpi=100)
    ax.errorbar(g.index, g["mean"], yerr=half, marker="o", capsize=3,
                label=ycol + " (95% CI of the mean)")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    ax.set_xlabel(xcol)
    ax.set_ylabel(ycol)
    ax.set_title("Scalability")
    ax.legend()
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
