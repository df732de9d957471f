#!/usr/bin/env python3
"""Are the points a chart drew at the values it was given?

    python3 tests/svglinear.py POINTS x|y V1 V2 ...

POINTS is tests/svgline.py's output ("x y" a line).  A linear axis maps
a value v to a + b v: a and b are fitted by least squares to the
points' x (or y) against V1, V2, ... (one value a point), and the
largest distance of a point from its fitted place is printed in px.  A
chart that drew another value at any point is off by more than a pixel.
"""
import sys

pts = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
axis = 0 if sys.argv[2] == "x" else 1
v = [float(a) for a in sys.argv[3:]]
if len(v) != len(pts):
    sys.exit("%d points, %d values" % (len(pts), len(v)))
p = [q[axis] for q in pts]
n = len(v)
mv, mp = sum(v) / n, sum(p) / n
b = sum((a - mv) * (c - mp) for a, c in zip(v, p)) / \
    sum((a - mv) ** 2 for a in v)
a = mp - b * mv
print("%.3f" % max(abs(a + b * x - y) for x, y in zip(v, p)))
