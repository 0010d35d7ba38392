#!/usr/bin/env python3
"""Fails when a function outside tests is longer than 100 lines, apart from
the ones listed in KEPT: a search's inner loop that measurably slows down
when split (docs/decisions.md says how it was measured). Lengths are
counted from the `fn` line to its closing brace; `tests.rs`, `tests/`
folders and `#[cfg(test)] mod tests` are left out.

Usage: fnlen.py <source folder or file>...
"""
import os
import re
import sys

LIMIT = 100
KEPT = {("engine/src/solver/mod.rs", "negamax")}
FN = re.compile(r"\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def code_of(line):
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])'", "''", line)
    return re.sub(r"//.*", "", line)


def long_functions(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    end = len(lines)
    for i in range(len(lines) - 1):
        if re.match(r"\s*#\[cfg\(test\)\]", lines[i]) and re.match(r"\s*mod tests", lines[i + 1]):
            end = i
            break
    for i in range(end):
        m = FN.match(lines[i])
        if not m:
            continue
        depth, opened, j = 0, False, i
        while j < end:
            code = code_of(lines[j])
            depth += code.count("{") - code.count("}")
            opened = opened or "{" in code
            if (opened and depth <= 0) or (not opened and code.rstrip().endswith(";")):
                break
            j += 1
        if j - i + 1 > LIMIT:
            yield m.group(6), i + 1, j - i + 1


def sources(root):
    if root.endswith(".rs"):
        yield root
        return
    for folder, _, files in os.walk(root):
        if "/tests" in folder.replace(os.sep, "/") + "/":
            continue
        for name in sorted(files):
            if name.endswith(".rs") and name != "tests.rs":
                yield os.path.join(folder, name)


def main():
    found = []
    for root in sys.argv[1:]:
        for path in sources(root):
            for name, line, length in long_functions(path):
                if (path.replace(os.sep, "/"), name) not in KEPT:
                    found.append(f"{path}:{line}: `{name}` is {length} lines")
    if found:
        print(f"functions over {LIMIT} lines:\n  " + "\n  ".join(found))
        sys.exit(1)
    print(f"no function over {LIMIT} lines in {', '.join(sys.argv[1:])} (kept: the solver's search loop)")


main()
