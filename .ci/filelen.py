#!/usr/bin/env python3
"""Fails when a source file is longer than a newcomer can hold: 600 lines
anywhere (but the solver's search, `engine/src/solver/mod.rs`, kept whole
for its inner loop), 400 in the folders given with `--app`.

Usage: filelen.py [--app <folder>]... <source folder or file>...
"""
import os
import sys

LIMIT = 600
APP_LIMIT = 400
KEPT = {"engine/src/solver/mod.rs"}


def sources(root):
    if os.path.isfile(root):
        yield root
        return
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".rs"):
                yield os.path.join(folder, name)


def main(args):
    app, roots = [], []
    while args:
        if args[0] == "--app" and len(args) > 1:
            app.append(os.path.normpath(args[1]))
            args = args[2:]
        else:
            roots.append(args[0])
            args = args[1:]
    too_long = []
    for root in roots + app:
        for path in sources(root):
            path = os.path.normpath(path)
            if path in KEPT:
                continue
            with open(path, encoding="utf-8") as f:
                lines = f.read().count("\n")
            limit = APP_LIMIT if any(path.startswith(a + os.sep) for a in app) else LIMIT
            if lines > limit:
                too_long.append(f"{path}: {lines} lines (at most {limit})")
    for line in sorted(set(too_long)):
        print(line)
    if too_long:
        sys.exit(1)
    print(f"no file over {LIMIT} lines in {', '.join(roots)}; none over {APP_LIMIT} in {', '.join(app) or '-'}")


if __name__ == "__main__":
    main(sys.argv[1:])
