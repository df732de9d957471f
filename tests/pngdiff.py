#!/usr/bin/env python3
"""pngdiff.py A.png B.png MAXSHARE: the share of pixels of two PNG images
of one size whose colour differs by more than 64 (of 255) in a channel,
over white; exit 0 when it is at most MAXSHARE, 1 otherwise, 2 on a
malformed or mismatched pair.  Used by tests/cli/bplot_svg_render.case to
compare bplot's PNG with its SVG as librsvg draws it.  Python's standard
library only (8-bit RGB and RGBA, not interlaced: what cairo and
rsvg-convert write)."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or lace != 0:
                raise ValueError("%s: unsupported PNG" % path)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, off = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[off], bytearray(raw[off + 1:off + 1 + stride])
        off += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def pixel(row, x, bpp):
    r, g, b = row[x * bpp], row[x * bpp + 1], row[x * bpp + 2]
    if bpp == 4:
        # cairo and librsvg write straight (not premultiplied) alpha
        al = row[x * bpp + 3] / 255.0
        r, g, b = (round(v * al + 255 * (1 - al)) for v in (r, g, b))
    return r, g, b


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: pngdiff.py A.png B.png MAXSHARE")
    try:
        wa, ha, pa, ra = read_png(sys.argv[1])
        wb, hb, pb, rb = read_png(sys.argv[2])
    except (OSError, ValueError, zlib.error, struct.error) as e:
        print(e, file=sys.stderr)
        sys.exit(2)
    if (wa, ha) != (wb, hb):
        print("sizes differ: %dx%d, %dx%d" % (wa, ha, wb, hb),
              file=sys.stderr)
        sys.exit(2)
    bad = 0
    for y in range(ha):
        for x in range(wa):
            p, q = pixel(ra[y], x, pa), pixel(rb[y], x, pb)
            if max(abs(p[i] - q[i]) for i in range(3)) > 64:
                bad += 1
    share = bad / float(wa * ha)
    print("%.5f" % share)
    sys.exit(0 if share <= float(sys.argv[3]) else 1)


main()
