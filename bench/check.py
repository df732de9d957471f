"""Check that a peer computed the same statistics as ours (bench/run.sh).

  check.py stat OURS.csv PEER.out datamash|pandas|ministat
  check.py compare OURS.out PEER.out
  check.py png FILE...

OURS.csv is `bstat -f csv` output; for compare, OURS.out is the output of
`bcompare -f csv --test mwu` followed by `bcompare -f csv` (Welch).
Prints one word, "yes" or "NO", then the largest relative difference and
the statistics compared; exits 0 either way (the table reports it).
"""
import csv
import io
import sys

# The peers print rounded numbers in places (ministat: 3 decimals of the
# mean, 2 of the sd; datamash: about 14 significant digits).
TOL = {"datamash": 1e-9, "pandas": 1e-9, "ministat": 1e-6, "compare": 1e-6}


def rel(a, b):
    a, b = float(a), float(b)
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b))


def csv_blocks(path):
    """Rows of one or more concatenated CSV outputs, each with a header."""
    rows, header = [], None
    with open(path) as f:
        for rec in csv.reader(f):
            if not rec:
                continue
            if rec[0] == "column":
                header = rec
                continue
            rows.append(dict(zip(header, rec)))
    return rows


def report(pairs, tol):
    worst = max(rel(a, b) for _, a, b in pairs)
    names = ", ".join(n for n, _, _ in pairs)
    word = "yes" if worst <= tol else "NO"
    bad = [n for n, a, b in pairs if rel(a, b) > tol]
    extra = "; differ: " + ", ".join(bad) if bad else ""
    print("%s (max rel. diff %.1e over %s%s)" % (word, worst, names, extra))


def stat(ours_path, peer_path, kind):
    o = csv_blocks(ours_path)[0]
    with open(peer_path) as f:
        lines = [ln for ln in f.read().splitlines() if ln.strip()]
    if kind == "datamash":
        v = lines[-1].split(",")
        keys = ["mean", "sd", "q1", "median", "q3", "p95", "p99"]
        pairs = [(k, o[k], x) for k, x in zip(keys, v)]
    elif kind == "pandas":
        p = next(csv.DictReader(io.StringIO("\n".join(lines))))
        keys = ["n", "mean", "sd", "q1", "median", "q3", "p95", "p99"]
        pairs = [(k, o[k], p[k]) for k in keys]
    elif kind == "ministat":
        # "x N Min Max Median Avg Stddev"
        v = lines[-1].split()[1:]
        keys = ["n", "min", "max", "median", "mean", "sd"]
        pairs = [(k, o[k], x) for k, x in zip(keys, v)]
    else:
        sys.exit("check.py: unknown peer " + kind)
    report(pairs, TOL[kind])


def compare(ours_path, peer_path):
    rows = csv_blocks(ours_path)
    mwu = next(r for r in rows if r["test"] == "mwu")
    welch = next(r for r in rows if r["test"] == "welch")
    with open(peer_path) as f:
        p = next(csv.DictReader(f))
    pairs = [("median_base", mwu["median_base"], p["median_a"]),
             ("median_cand", mwu["median_cand"], p["median_b"]),
             ("U", mwu["statistic"], p["U"]),
             ("p(U)", mwu["p"], p["p_u"]),
             ("mean_base", welch["mean_base"], p["mean_a"]),
             ("mean_cand", welch["mean_cand"], p["mean_b"]),
             ("t", welch["statistic"], p["t"]),
             ("p(t)", welch["p"], p["p_t"])]
    report(pairs, TOL["compare"])


def png(paths):
    bad = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n":
                    bad.append(path)
        except OSError:
            bad.append(path)
    if bad:
        print("NO (not a PNG: %s)" % ", ".join(bad))
    else:
        print("yes (both wrote a PNG)")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    mode = sys.argv[1]
    try:
        if mode == "stat":
            stat(sys.argv[2], sys.argv[3], sys.argv[4])
        elif mode == "compare":
            compare(sys.argv[2], sys.argv[3])
        elif mode == "png":
            png(sys.argv[2:])
        else:
            sys.exit(__doc__)
    except (OSError, KeyError, IndexError, StopIteration, ValueError) as e:
        print("NO (could not read the outputs: %s)" % e)


if __name__ == "__main__":
    main()
