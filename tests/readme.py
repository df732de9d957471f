#!/usr/bin/env python3
# Every command README.md shows runs from a clone as written, and prints
# what the README says it prints (issue 32 item 1).
#
# The README's ```sh and ```console blocks are read in order.  In a block
# with prompts, a line "$ CMD" (continued by lines ending in a backslash)
# is a command and the lines up to the next prompt its output: the lines
# that begin "TOOL: " (bstat:, bplot:, ...) what it writes on standard
# error, the others what it writes on standard output, each compared
# exactly (trailing blanks aside); a line "..." ends what is compared of
# both streams (the rest is cut in the README); a command the README
# shows no output for is only run.  In a block without prompts every line that is not blank or
# a comment is a command, only run.  Every command must exit 0.
#
# Each block runs in its own scratch directory, tests/out/readme/LINE/
# (BTOOLS_README_OUT for another than tests/out/readme),
# that holds a symbolic link to each entry of the repository's root, so
# that a command runs as from the root of a clone and the files it
# writes (charts, -o FILE, > flagged.csv) stay out of the tree.  The
# commands of a block run one after the other in that directory, each
# in its own sh -c.
#
# Deliberate exceptions are an HTML comment on the line before the
# fence, which a reader of the rendered README does not see:
#   <!-- readme-check: skip REASON -->   not run (a benchmark of yours,
#                                        a CI job, make check itself)
#   <!-- readme-check: cd DIR -->        run in a copy of DIR instead
#   <!-- readme-check: exit N -->        every command exits N
#   <!-- readme-check: output CMD -->    a block of any kind (a Markdown
#                                        report) is the start of what CMD
#                                        prints on standard output
# Prints one line per failure and "readme: N commands, N failed"; exits
# 1 when one failed.  Run from the repository root (run-all.sh does):
#     python3 tests/readme.py [FILE]      # FILE: README.md
import os
import re
import shutil
import subprocess
import sys

TOOLS = ("bstat", "bcompare", "boutlier", "bplot", "btrend", "benv")
STDERR_LINE = re.compile(r"^(%s): " % "|".join(TOOLS))
MARK = re.compile(r"^<!--\s*readme-check:\s*(\w+)\s*(.*?)\s*-->\s*$")


def blocks(lines):
    """Yield (line number of the fence, marks, body lines) per sh block."""
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        lang, start = m.group(1), i
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        marks = {}
        k = start - 1
        while k >= 0:
            mm = MARK.match(lines[k])
            if not mm:
                break
            marks[mm.group(1)] = mm.group(2)
            k -= 1
        if lang in ("sh", "console") or "output" in marks:
            yield start + 1, marks, lines[start + 1:j]
        i = j + 1


def joined(body, i):
    """The command starting at body[i], with its continuation lines."""
    cmd = body[i]
    while cmd.endswith("\\") and i + 1 < len(body):
        i += 1
        cmd += "\n" + body[i]
    return cmd, i + 1


def commands(body):
    """[(command, expected output lines or None)] of one block."""
    out = []
    if any(l.startswith("$ ") for l in body):
        i = 0
        while i < len(body):
            if not body[i].startswith("$ "):
                i += 1
                continue
            cmd, i = joined(body, i)
            cmd = cmd[2:]
            exp = []
            while i < len(body) and not body[i].startswith("$ "):
                exp.append(body[i])
                i += 1
            out.append((cmd, exp if exp else None))
        return out
    i = 0
    while i < len(body):
        s = body[i].strip()
        if s == "" or s.startswith("#"):
            i += 1
            continue
        cmd, i = joined(body, i)
        out.append((cmd, None))
    return out


def same(what, exp, got):
    """None when got is exp (up to a "..." line of exp), else why not."""
    if "..." in exp:
        exp = exp[:exp.index("...")]
        got = got[:len(exp)]
    if exp == got:
        return None
    for n, (e, g) in enumerate(zip(exp, got)):
        if e != g:
            return "%s line %d: README %r, printed %r" % (what, n + 1, e, g)
    return "%s: README shows %d lines, printed %d" % (what, len(exp),
                                                       len(got))


def scratch(root, line, marks):
    top = os.environ.get("BTOOLS_README_OUT", "tests/out/readme")
    d = os.path.join(root, top, str(line))
    shutil.rmtree(d, ignore_errors=True)
    if "cd" in marks:
        shutil.copytree(os.path.join(root, marks["cd"]), d, symlinks=False)
        return d
    os.makedirs(d)
    for e in os.listdir(root):
        if e not in (".git", "out"):
            os.symlink(os.path.join(root, e), os.path.join(d, e))
    return d


def main():
    root = os.getcwd()
    env = dict(os.environ)
    # As run-all.sh: the tools of BTOOLS_BIN (a sanitizer build) first.
    bins = [b for b in (env.get("BTOOLS_BIN"), root) if b]
    env["PATH"] = os.pathsep.join(bins + [env.get("PATH", "")])
    env["LC_ALL"] = "C.UTF-8"
    env.pop("COLUMNS", None)
    readme = sys.argv[1] if len(sys.argv) > 1 else "README.md"
    with open(readme, encoding="utf-8") as f:
        lines = f.read().split("\n")
    ncmd = nbad = 0
    for line, marks, body in blocks(lines):
        if "skip" in marks:
            continue
        d = scratch(root, line, marks)
        want = int(marks.get("exit", "0"))
        todo = commands(body)
        if "output" in marks:
            # The block shows the first lines of the command's output.
            todo = [(marks["output"], [l.rstrip() for l in body] + ["..."])]
        for cmd, exp in todo:
            ncmd += 1
            p = subprocess.run(["sh", "-c", cmd], cwd=d, env=env,
                               stdin=subprocess.DEVNULL,
                               capture_output=True)
            got_out = [l.rstrip() for l in
                       p.stdout.decode("utf-8", "replace").splitlines()]
            got_err = [l.rstrip() for l in
                       p.stderr.decode("utf-8", "replace").splitlines()]
            why = None
            if p.returncode != want:
                why = "exit status %d, not %d (%s)" % (p.returncode, want,
                    got_err[0] if got_err else "no message")
            elif exp is not None:
                exp = [l.rstrip() for l in exp]
                exp_err = [l for l in exp if STDERR_LINE.match(l)]
                exp_out = [l for l in exp if not STDERR_LINE.match(l)]
                if "..." in exp_out:
                    exp_err.append("...")
                why = (same("standard output", exp_out, got_out) or
                       same("standard error", exp_err, got_err))
            if why:
                nbad += 1
                first = cmd.split("\n")[0]
                print("FAIL: %s:%d: %s: %s" % (readme, line, first, why))
    print("readme: %d commands, %d failed" % (ncmd, nbad))
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main())
