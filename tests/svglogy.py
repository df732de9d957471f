#!/usr/bin/env python3
"""Where a latency map's log y axis and its map end, in the axis' values.

    python3 tests/svglogy.py CHART.svg CHART.pdf

CHART.svg and CHART.pdf are the same bplot latency-map drawn to both
(the same layout in points).  From the SVG: the axes (the grey L-shaped
path: the plot area's left edge and top), the y ticks' marks (short grey
strokes left of it), the map's image (the rectangle painted with the
image pattern: its top, and the height of a row, the rectangle's over
the image's pixels).  From the PDF (pdftotext -bbox): the y tick labels
(numbers left of the plot area), each paired with the mark at its
vertical centre.
log10(label) = a + b y is fitted to the pairs by least squares; prints

    AXIS_TOP MAP_TOP ROWS_PER_DECADE RESIDUAL_PX

the values at the axis' top and at the map's top, how many rows of the
map one decade spans, and the largest distance of a tick from its
fitted place (px).  Exit 1 when the chart has fewer than two labelled
ticks or a label has no mark.
"""
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svgpaths import norm, paths  # noqa: E402

GREY = "stroke:rgb(35%,35%,35%)"


def pts(d):
    return [(float(x), float(y))
            for x, y in re.findall(r'[ML] ([-0-9.]+) ([-0-9.]+)', d)]


svg = norm(open(sys.argv[1]).read())
axes = None
marks = []
for style, d in paths(svg):
    p = pts(d)
    if GREY not in style:
        continue
    if len(p) == 3 and p[0][0] == p[1][0] and p[1][1] == p[2][1]:
        axes = p
    elif len(p) == 2 and p[0][1] == p[1][1] and p[1][0] < p[0][0]:
        marks.append(p[0][1])
if axes is None:
    sys.exit("no axes in %s" % sys.argv[1])
left, top = axes[0]
# The map: the rectangle filled with the image pattern.
# Its rows: the rectangle's height over the image's (one pixel a row).
m = re.search(r'<path style="[^"]*fill:url\(#pattern[^)]*\)[^"]*" '
              r'd="([^"]*)"', svg)
img = re.search(r'<image\b[^>]*\sheight="([0-9.]+)"', svg)
if m is None or img is None:
    sys.exit("no map image in %s" % sys.argv[1])
ys = [y for _, y in pts(m.group(1))]
map_top = min(ys)
row = (max(ys) - map_top) / float(img.group(1))

out = subprocess.run(["pdftotext", "-bbox", sys.argv[2], "-"],
                     capture_output=True, text=True, check=True).stdout
pairs = []
for x0, y0, x1, y1, w in re.findall(
        r'<word xMin="([-0-9.]+)" yMin="([-0-9.]+)" xMax="([-0-9.]+)" '
        r'yMax="([-0-9.]+)">([^<]*)</word>', out):
    if float(x1) >= left or not re.fullmatch(r'[0-9]+(\.[0-9]+)?', w):
        continue
    yc = (float(y0) + float(y1)) / 2
    near = min(marks, key=lambda y: abs(y - yc)) if marks else None
    if near is None or abs(near - yc) > 2:
        sys.exit("label %s at %.2f has no tick mark" % (w, yc))
    pairs.append((near, math.log10(float(w))))
if len(pairs) < 2:
    sys.exit("%d labelled ticks" % len(pairs))
n = len(pairs)
my = sum(y for y, _ in pairs) / n
mv = sum(v for _, v in pairs) / n
b = sum((y - my) * (v - mv) for y, v in pairs) / \
    sum((y - my) ** 2 for y, _ in pairs)
a = mv - b * my
res = max(abs((v - a) / b - y) for y, v in pairs)
print("%.6g %.6g %.4f %.3f" % (10 ** (a + b * top), 10 ** (a + b * map_top),
                               1 / abs(b) / row, res))
