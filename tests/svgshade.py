#!/usr/bin/env python3
"""The warm-up shades of a bplot SVG (issue 30: --steady auto), measured
against the chart's own time scale.

    python3 tests/svgshade.py FILE.svg STROKE WINDOWS

Each shade is a path filled rgba(60%,60%,60%,0.25) (cairo 1.18: rgb()
and fill-opacity 0.25; a rectangle: M x0 y0 L x1 ...).  The time scale is taken from the first line of colour
STROKE (e.g. '0%,44.705882%,69.803922%', the first palette colour: the
p50 of a timeline, whose points sit at the windows' centres): its
points' pitch is one window.  Prints the number of shades, then for
each its left edge in windows from the first window's start and its
width in windows, rounded to 2 decimals, e.g. "3" then "0.00 4.00"
three times.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svgpaths import paths as svg_paths  # noqa: E402

svg = open(sys.argv[1]).read()
stroke = sys.argv[2]
paths = svg_paths(svg)


def points(d):
    return [(float(x), float(y)) for x, y in
            re.findall(r'[ML] ([-0-9.]+) ([-0-9.]+)', d)]


line = next(points(d) for st, d in paths
            if "stroke:rgb(%s)" % stroke in st and len(points(d)) > 2)
pitch = line[1][0] - line[0][0]
start = line[0][0] - pitch / 2
shades = [points(d) for st, d in paths
          if "fill:rgba(60%,60%,60%,0.25)" in st or
          ("fill:rgb(60%,60%,60%);" in st and "fill-opacity:0.25;" in st)]
print(len(shades))
for p in shades:
    xs = [x for x, _ in p]
    print("%.2f %.2f" % (round((min(xs) - start) / pitch, 2) + 0.0,
                         (max(xs) - min(xs)) / pitch))
