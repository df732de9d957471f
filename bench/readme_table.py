#!/usr/bin/env python3
"""The README's performance tables, made from bench/RESULTS.md (what
`make bench` wrote), so that the README says what the last run measured
and nothing else: each ratio with its range, the target, whether it was
met; the time bounds; the worst error of the merged sketches.

    python3 bench/readme_table.py [bench/RESULTS.md]   prints the tables
    python3 bench/readme_table.py --check README.md    exit 1 when the
        README's copy (between the markers) differs
"""
import re
import sys

BEGIN = "<!-- bench/readme_table.py: begin -->"
END = "<!-- bench/readme_table.py: end -->"


def rows(text, heading):
    """The rows of the first table after '## heading', as cell lists."""
    part = text.split("## " + heading, 1)[1]
    out = []
    for line in part.splitlines():
        if line.startswith("## "):
            break
        if line.startswith("|") and not line.startswith("|---"):
            out.append([c.strip() for c in line.strip().strip("|").split("|")])
    return out[1:]                      # without the header


def tables(path):
    text = open(path).read()
    m = re.search(r"on (\d{4}-\d{2}-\d{2}) [\d:]+ UTC", text)
    commit = re.search(r"commit (\w+)", text)
    load = re.search(r"at start / end \| ([^|]+) \|", text)
    out = ["From `bench/RESULTS.md` (commit %s, %s; load average at start / "
           "end %s), each figure the median of its interleaved runs, "
           "the range in brackets:" % (commit.group(1), m.group(1),
                                       load.group(1).strip()), "",
           "| work | against | ratio (range) | target | met |",
           "|---|---|---|---|---|"]
    for r in rows(text, "Targets"):
        work, ours, peer, ratio, target, met = r[:6]
        against = re.sub(r":\s*[\d.]+ s \(.*\)$", "", peer)
        if ratio == "—":
            ratio = ours
        out.append("| %s | %s | %s | %s | %s |" % (work, against, ratio,
                                                  target, met))
    out += ["", "| work (time bound) | wall, median (range) | target | met |",
            "|---|---|---|---|"]
    for r in rows(text, "Time bounds"):
        out.append("| %s | %s | %s | %s |" % (r[0], r[1], r[3], r[4]))
    worst = [r for r in rows(text, "Merged sketches") if r[0] == "all"]
    if worst:
        out += ["", "Ten sketches merged (nine DDSketch protobufs, one of "
                "ours) against the exact quantiles of all 10M values: %s."
                % worst[0][3]]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--check":
        readme = open(sys.argv[2]).read()
        got = readme.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
        want = tables(sys.argv[3] if len(sys.argv) > 3 else
                      "bench/RESULTS.md")
        if got != want:
            sys.stderr.write("%s: the performance tables are not those of "
                             "bench/RESULTS.md: python3 bench/readme_table.py "
                             "makes them\n" % sys.argv[2])
            sys.exit(1)
        return
    sys.stdout.write(tables(sys.argv[1] if len(sys.argv) > 1 else
                            "bench/RESULTS.md"))


main()
