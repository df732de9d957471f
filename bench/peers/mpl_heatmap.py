"""Peer of `bplot heatmap -x X -y Y -z Z FILE -o OUT.png`: pandas
read_csv, the mean of z per (x, y) cell (pivot_table), imshow with
viridis, each cell's value written in it (3 significant digits, in black
or white by the cell's value, as bplot does by luminance), a colour bar, saved as PNG.

usage: python3 mpl_heatmap.py FILE X Y Z OUT.png [WIDTH HEIGHT]
"""
import math
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def fmt3(v):
    """Three significant digits, without an exponent (bplot's cells)."""
    if v == 0 or not math.isfinite(v):
        return "%g" % v
    d = max(0, 2 - int(math.floor(math.log10(abs(v)))))
    return "%.*f" % (d, v)


def main():
    path, xcol, ycol, zcol, out = sys.argv[1:6]
    w, h = (int(sys.argv[6]), int(sys.argv[7])) if len(sys.argv) > 7 \
        else (800, 500)
    df = pd.read_csv(path, usecols=[xcol, ycol, zcol])
    p = df.pivot_table(index=ycol, columns=xcol, values=zcol, aggfunc="mean",
                       sort=False)
    z = p.to_numpy()
    fig, ax = plt.subplots(figsize=(w / 100, h / 100), dpi=100)
    im = ax.imshow(z, cmap="viridis", aspect="auto", interpolation="nearest")
    lo, hi = float(z.min()), float(z.max())
    mid = (lo + hi) / 2
    ny, nx = z.shape
    fs = max(1.0, min(8.0, 0.6 * w / nx))
    for iy in range(ny):
        for ix in range(nx):
            v = z[iy, ix]
            ax.text(ix, iy, fmt3(v), ha="center", va="center",
                    fontsize=fs, color="black" if v > mid else "white")
    ax.set_xticks(range(nx), labels=[str(c) for c in p.columns])
    ax.set_yticks(range(ny), labels=[str(i) for i in p.index])
    ax.set_xlabel(xcol)
    ax.set_ylabel(ycol)
    fig.colorbar(im, ax=ax, label=zcol)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
