#!/usr/bin/env python3
"""pngshade.py A.png B.png FRAC: where the shading from a chart's left
edge ends, along the row at FRAC of the image's height: the first span
of more than 20 pixels that are not white in each image.  Exit 0 when
both have one, starting at the same column and ending within 2 pixels
of each other; 1 otherwise.  Used by tests/cli/bplot_runs_steady_auto.case:
bplot runs --steady auto shades a warm-up up to the run where its steady
state begins, as --skip N shades the N runs it drops.  The PNG reader is
tests/pngdiff.py's."""
import os
import sys

src = open(os.path.join(os.path.dirname(__file__), "pngdiff.py")).read()
exec(src[:src.index("def main")])


def span(path, frac):
    w, h, bpp, rows = read_png(path)
    r = rows[int(h * frac)]
    s = p = None
    for x in range(w):
        if pixel(r, x, bpp) != (255, 255, 255):
            if s is None:
                s = p = x
            elif x == p + 1:
                p = x
            else:
                if p - s > 20:
                    return s, p
                s = p = x
    return (s, p) if s is not None and p - s > 20 else None


a = span(sys.argv[1], float(sys.argv[3]))
b = span(sys.argv[2], float(sys.argv[3]))
print(a, b)
sys.exit(0 if a and b and a[0] == b[0] and abs(a[1] - b[1]) <= 2 else 1)
