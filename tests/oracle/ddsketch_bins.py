#!/usr/bin/env python3
"""Decode a DDSketch protobuf message (Datadog's sketches encoding) on its
own, without b-tools' code, and print its mapping's relative accuracy and
its positive bins as CSV (key,count; the key as the message has it plus
the mapping's indexOffset moved out, so bin k holds (gamma^(k-1), gamma^k]).

usage: ddsketch_bins.py FILE.pb [accuracy]
With an accuracy, exits 1 unless gamma is (1 + a) / (1 - a) within 1e-12
and the mapping is the logarithmic one (interpolation 0).
"""
import struct
import sys


def varint(b, i):
    x = shift = 0
    while True:
        c = b[i]
        i += 1
        x |= (c & 0x7F) << shift
        shift += 7
        if not c & 0x80:
            return x, i


def fields(b):
    """(field number, wire type, value) of each field of a message."""
    i = 0
    while i < len(b):
        tag, i = varint(b, i)
        num, wt = tag >> 3, tag & 7
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 1:
            v = b[i:i + 8]
            i += 8
        elif wt == 2:
            n, i = varint(b, i)
            v = b[i:i + n]
            i += n
        elif wt == 5:
            v = b[i:i + 4]
            i += 4
        else:
            raise ValueError("wire type %d" % wt)
        yield num, wt, v


def zz(v):
    return (v >> 1) ^ -(v & 1)


def dbl(v):
    return struct.unpack("<d", v)[0]


def store(b):
    bins = {}
    contig, off = [], 0
    for num, wt, v in fields(b):
        if num == 1 and wt == 2:        # map<sint32, double> entry
            key, count = 0, 0.0
            for n2, w2, v2 in fields(v):
                if n2 == 1:
                    key = zz(v2)
                elif n2 == 2:
                    count = dbl(v2)
            bins[key] = bins.get(key, 0.0) + count
        elif num == 2 and wt == 2:      # packed doubles
            contig += [dbl(v[j:j + 8]) for j in range(0, len(v), 8)]
        elif num == 2 and wt == 1:
            contig.append(dbl(v))
        elif num == 3 and wt == 0:
            off = zz(v)
    for j, c in enumerate(contig):
        if c:
            bins[off + j] = bins.get(off + j, 0.0) + c
    return bins


def main():
    data = open(sys.argv[1], "rb").read()
    gamma, offset, interp, pos = None, 0.0, 0, {}
    for num, wt, v in fields(data):
        if num == 1:
            for n2, w2, v2 in fields(v):
                if n2 == 1:
                    gamma = dbl(v2)
                elif n2 == 2:
                    offset = dbl(v2)
                elif n2 == 3:
                    interp = v2
        elif num == 2:
            pos = store(v)
    if len(sys.argv) > 2:
        a = float(sys.argv[2])
        want = (1 + a) / (1 - a)
        if gamma is None or abs(gamma - want) > 1e-12 * want or interp:
            sys.exit("gamma %r, interpolation %r: not a = %g" %
                     (gamma, interp, a))
    print("key,count")
    for k in sorted(pos):
        print("%d,%d" % (k - int(offset), pos[k]))


main()
