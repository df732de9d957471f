#!/usr/bin/env python3
"""The points of a line of a bplot SVG, for checking what a chart drew.

    python3 tests/svgline.py FILE.svg STROKE [N|all]

Prints "x y" for each point (M and L commands) of the N-th (default 1st)
stroked path of colour STROKE (as cairo writes it: '0%,61.960784%,
45.098039%' is the third palette colour, a timeline's p99) with more
than one point; with all, of every such path in order (cairo writes a
line broken in pieces as a path a piece).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svgpaths import paths as svg_paths  # noqa: E402

svg = open(sys.argv[1]).read()
want = "stroke:rgb(%s)" % sys.argv[2]
arg = sys.argv[3] if len(sys.argv) > 3 else "1"
every = arg == "all"
nth = 0 if every else int(arg)
for style, d in svg_paths(svg):
    pts = re.findall(r'[ML] ([-0-9.]+) ([-0-9.]+)', d)
    if want in style and len(pts) > 1:
        nth -= 1
        if nth == 0 or every:
            for x, y in pts:
                print(x, y)
        if nth == 0:
            break
