"""The test binaries a `cargo test --no-run --message-format=json` build
made, read from its messages on stdin.

    executables.py           each one's package folder (where cargo runs
                             it), a tab, the binary
    executables.py NAME      only the binary of the test target NAME
"""
import json
import os
import sys

name = sys.argv[1] if len(sys.argv) > 1 else None
for line in sys.stdin:
    if not line.startswith("{"):
        continue
    m = json.loads(line)
    if m.get("reason") != "compiler-artifact" or not m.get("executable") or not m["profile"]["test"]:
        continue
    if name is not None:
        if m["target"]["name"] == name:
            print(m["executable"])
    else:
        print(f'{os.path.dirname(m["manifest_path"])}\t{m["executable"]}')
