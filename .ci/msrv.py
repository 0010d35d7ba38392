#!/usr/bin/env python3
"""The workspace's rust-version must be true: no older than the
rust-version of any package in Cargo.lock. Prints the newest they need."""
import json
import subprocess
import sys

meta = json.loads(subprocess.run(
    ["cargo", "metadata", "--format-version", "1", "--locked"],
    check=True, capture_output=True, text=True).stdout)
members = set(meta["workspace_members"])


def version(text):
    return tuple(int(part) for part in text.split("."))[:2]


ours = {version(p["rust_version"]) for p in meta["packages"]
        if p["id"] in members and p.get("rust_version")}
if len(ours) != 1:
    sys.exit(f"the workspace's crates name {len(ours)} rust-versions: give them one")
ours = ours.pop()
needed = max((version(p["rust_version"]), f'{p["name"]} {p["version"]}')
             for p in meta["packages"]
             if p["id"] not in members and p.get("rust_version"))
if needed[0] > ours:
    sys.exit(f"rust-version = {'.'.join(map(str, ours))} is not true: "
             f"{needed[1]} needs Rust {'.'.join(map(str, needed[0]))}")
print(f"rust-version {'.'.join(map(str, ours))}: every locked package builds with it "
      f"(the newest need: {needed[1]}, Rust {'.'.join(map(str, needed[0]))})")
