#!/usr/bin/env bash
# Raw and gzip size of every file of dist/, the total, and the app itself:
# everything but the worker's Wasm and the data files it fetches later.
set -euo pipefail
cd "$(dirname "$0")/../dist"
total=0
app=0
printf '%-40s %10s %10s\n' file raw gzip
for f in *; do
  raw=$(wc -c < "$f"); gz=$(gzip -9c "$f" | wc -c); total=$((total + gz))
  case "$f" in
    worker_bg.wasm | *.c4b | *.c4l) ;;
    *) app=$((app + gz)) ;;
  esac
  printf '%-40s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-40s %10s %10d\n' total "" "$total"
printf '%-40s %10s %10d\n' "app (no worker Wasm, book, database)" "" "$app"
