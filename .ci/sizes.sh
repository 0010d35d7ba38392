#!/usr/bin/env bash
# Raw and gzip size of every file of dist/.
set -euo pipefail
cd "$(dirname "$0")/../dist"
total=0
printf '%-40s %10s %10s\n' file raw gzip
for f in *; do
  raw=$(wc -c < "$f"); gz=$(gzip -9c "$f" | wc -c); total=$((total + gz))
  printf '%-40s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-40s %10s %10d\n' total "" "$total"
