#!/usr/bin/env python3
"""Do a bplot path SVG's point labels and markers keep off each other?

    python3 tests/svglabels.py FILE.svg MIN_LABELS MAX_GAP

Exit 1 (and say why) when, inside the plot area (the white rectangle),
a point label (text filled grey 25%: cairo writes a label's glyphs as
one path, its box the box of their outlines) overlaps a data marker (the
series' filled disc) or a callout (the red cross, the rings, square and
diamond), or crosses a line drawn (the dashed SLO line, the path, an
error bar); when a label is further than MAX_GAP from every marker (it
floats away from its point); when a marker overlaps another (two data
discs, or the red cross, filled, and another point's disc); or when
there are fewer than MIN_LABELS labels.
"""
import math
import re
import sys

sys.path.insert(0, sys.path[0])
from svgpaths import norm, paths  # noqa: E402

SERIES = "rgb(0%,44.705882%,69.803922%)"
LABEL = "fill:rgb(25%,25%,25%)"
CROSS = "stroke:rgb(80%,12%,10%)"
RINGS = ("stroke:rgb(5%,50%,25%)", "stroke:rgb(85%,42%,0%)",
         "stroke:rgb(50%,20%,60%)")
SLO = "stroke:rgb(85%,37%,0%)"


def subpaths(d):
    """The points of each subpath of d (control points included)."""
    out = []
    for part in re.split(r"(?=M )", d):
        nums = [float(v) for v in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?",
                                             part)]
        if nums:
            out.append(list(zip(nums[0::2], nums[1::2])))
    return out


def bbox(pts):
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return [min(xs), min(ys), max(xs), max(ys)]


def inside(b, area):
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    return area[0] < cx < area[2] and area[1] < cy < area[3]


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(seg, b):
    """Liang-Barsky: does segment seg cross box b?"""
    (x0, y0), (x1, y1) = seg
    t0, t1 = 0.0, 1.0
    for p, q in ((x0 - x1, x0 - b[0]), (x1 - x0, b[2] - x0),
                 (y0 - y1, y0 - b[1]), (y1 - y0, b[3] - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
        if t0 > t1:
            return False
    return True


def gap(a, b):
    """How far apart boxes a and b are (0: they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0)
    dy = max(b[1] - a[3], a[1] - b[3], 0)
    return math.hypot(dx, dy)


def width(style):
    m = re.search(r"stroke-width:([0-9.]+)", style)
    return float(m.group(1)) if m else 0.0


def main():
    svg = norm(open(sys.argv[1]).read())
    need = int(sys.argv[2])
    far = float(sys.argv[3])
    area = None
    glyphs, discs, marks, lines = [], [], [], []
    for style, d in paths(svg):
        sub = subpaths(d)
        if not sub:
            continue
        b = bbox([p for s in sub for p in s])
        if area is None and "fill:rgb(100%,100%,100%)" in style and \
                b[0] > 0:
            area = b
            continue
        if area is None or not inside(b, area):
            continue
        w = width(style) / 2
        if LABEL in style:
            glyphs.append(b)
        elif "fill:" + SERIES in style and "stroke:" not in \
                style.replace(" stroke:none", ""):
            discs.append(b)
        elif CROSS in style or any(r in style for r in RINGS):
            marks.append(([b[0] - w, b[1] - w, b[2] + w, b[3] + w],
                          CROSS in style))
        elif SLO in style or "stroke:" + SERIES in style or \
                "stroke:rgba(0%,44.705882%,69.803922%" in style:
            for s in sub:
                lines += [(s[i], s[i + 1]) for i in range(len(s) - 1)]
    bad = []
    if len(glyphs) < need:
        bad.append("%d labels, fewer than %d" % (len(glyphs), need))
    for g in glyphs:
        if min(gap(g, m) for m in discs + [m for m, _ in marks]) > far:
            bad.append("label %s further than %g from every marker" %
                       (g, far))
        for m in discs + [m for m, _ in marks]:
            if overlap(g, m):
                bad.append("label %s over marker %s" % (g, m))
        for s in lines:
            if crosses(s, g):
                bad.append("label %s on line %s" % (g, s))

    def centre(b):
        return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2)

    cs = [centre(b) for b in discs]
    for i, a in enumerate(cs):
        for b in cs[i + 1:]:
            if math.hypot(a[0] - b[0], a[1] - b[1]) < a[2] + b[2] - 0.05:
                bad.append("markers at %s and %s overlap" % (a, b))
    for m, filled in marks:
        if not filled:
            continue
        x = centre(m)
        for a in cs:
            dist = math.hypot(a[0] - x[0], a[1] - x[1])
            if 0.01 < dist < a[2] + x[2] - 0.05:
                bad.append("cross at %s hides the marker at %s" % (x, a))
    for b in bad:
        print(sys.argv[1] + ": " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
