#!/usr/bin/env python3
"""A bplot SVG's paths in cairo 1.16's form, whichever cairo wrote it.

    python3 tests/svgpaths.py FILE.svg     # the SVG, normalised, on stdout

cairo 1.16 (Debian 12) writes a path's paint as one attribute,
style="fill:none;stroke-width:1.7;...;stroke:rgb(0%,44.7%,69.8%);",
and cairo 1.18 (Debian 13) as attributes of their own, fill="none"
stroke-width="1.7" ... stroke="rgb(0%, 44.7%, 69.8%)".  norm() rewrites
the second form as the first (the same properties in the same order,
rgb() without its spaces, d right after style), so that the checks of
tests/svgline.py, tests/svgshade.py and the cases' greps read both.
"""
import re
import sys

KEEP = ("d", "transform", "id", "clip-path", "mask")


def _path(m):
    attrs = m.group(1)
    if re.search(r'\sstyle="', attrs):
        return m.group(0)
    kv = re.findall(r'([a-z-]+)="([^"]*)"', attrs)
    style = "".join("%s:%s;" % (k, re.sub(r",\s+", ",", v))
                    for k, v in kv if k not in KEEP)
    d = [v for k, v in kv if k == "d"]
    rest = "".join(' %s="%s"' % (k, v) for k, v in kv
                   if k in KEEP and k != "d")
    return '<path style="%s"%s%s' % (style, ' d="%s"' % d[0] if d else "",
                                      rest)


def norm(svg):
    return re.sub(r'<path((?:\s+[a-z-]+="[^"]*")*)', _path, svg)


def paths(svg):
    """(style, d) of every path, in order."""
    return re.findall(r'<path style="([^"]*)" d="([^"]*)"', norm(svg))


if __name__ == "__main__":
    sys.stdout.write(norm(open(sys.argv[1]).read()))
