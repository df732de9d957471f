#!/usr/bin/env python3
# The message table of libstat/core/lang.c (--lang, issue 32 item 6):
# each row's Chinese keeps the printf conversions of its English, in the
# same order ("%.0s" stands for a "%s" Chinese does not show), no
# English text is there twice, and a row's two sides differ.  Prints one
# line per bad row; exits 1 when there is one.
import re
import sys

src = open(sys.argv[1] if len(sys.argv) > 1 else "libstat/core/lang.c",
           encoding="utf-8").read()
body = src[src.index("msgs[] = {"):]
body = body[:body.index("\n};")]
body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
conv = re.compile(r"%(?:%|[-+ #0]*[0-9*]*(?:\.[0-9*]+)?(?:zu|ll|l|h|z)?[a-zA-Z])")


ESC = {b"n": b"\n", b"t": b"\t", b"\\": b"\\", b'"': b'"'}


def text(lits):
    """The bytes of C string literals, joined, as UTF-8 text."""
    b = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', lits)).encode()
    out = bytearray()
    i = 0
    while i < len(b):
        if b[i:i + 2] == b"\\x":
            out.append(int(b[i + 2:i + 4], 16))
            i += 4
        elif b[i:i + 1] == b"\\":
            out += ESC.get(b[i + 1:i + 2], b[i + 1:i + 2])
            i += 2
        else:
            out.append(b[i])
            i += 1
    return out.decode("utf-8")


bad = 0
seen = set()
for row in re.findall(r"\{(.*?)\},", body, flags=re.S):
    # The two sides meet at a quote, a comma and a quote: a comma at the
    # start of a literal (", red worse") is the text's.
    en, zh = re.split(r'",\s*"', row, 1)
    en, zh = text(en + '"'), text('"' + zh)
    ce = [c for c in conv.findall(en) if c != "%%"]
    cz = [c if c != "%.0s" else "%s" for c in conv.findall(zh) if c != "%%"]
    why = None
    if ce != cz:
        why = "conversions %s against %s" % (ce, cz)
    elif en in seen:
        why = "twice"
    elif en == zh:
        why = "not translated"
    seen.add(en)
    if why:
        bad += 1
        print("lang.c: %r: %s" % (en, why))
print("lang.c: %d rows, %d bad" % (len(seen), bad))
sys.exit(1 if bad else 0)
