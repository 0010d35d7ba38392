#!/usr/bin/env bash
# Raw, gzip and Brotli size of every file of dist/ (as the build compressed
# it ahead: name.gz, name.br; a file without such a copy goes out as it
# is), the total, and what a first visit loads before the data files, on
# each of the two pages: everything but the opening book and the position
# database (fetched after the first render), the manifest's two large PNG
# icons (fetched only to put the app on a home screen), the other page's
# own files and the texts files (English is built into the Wasm; a
# visitor in another language loads that language's file, and its figure
# is printed too); the tab's icon and the Apple touch icon (which the
# service worker keeps for offline use) count. The public demo
# (index.html) loads the demo's build of the app (app-<hash>), the booth's
# page (index.bridge.html, which the bridge serves) the booth's
# (app-booth-<hash>). The product's goal for the demo's first visit is
# 300 KB gzip (300,000 bytes) in every language; the run fails above it
# (297,945 in French, the heaviest, on 2026-11-30). `sizes.sh [DIR]`
# measures another build's folder (another commit's, for a before and
# after).
set -euo pipefail
cd "${1:-$(dirname "$0")/../dist}"
total=0
declare -A first=([demo]=0 [booth]=0) first_br=([demo]=0 [booth]=0) texts=() texts_br=()
printf '%-40s %10s %10s %10s\n' file raw gzip brotli
for f in *; do
  [ -f "$f" ] || continue
  case "$f" in *.gz | *.br) continue ;; esac
  raw=$(wc -c < "$f")
  gz=$raw; [ -f "$f.gz" ] && gz=$(wc -c < "$f.gz")
  br=$gz; [ -f "$f.br" ] && br=$(wc -c < "$f.br")
  case "$f" in
    *.c4b | *.c4l | icon-192.png | icon-512.png) pages= ;;
    texts-*.txt) pages=; texts[${f#texts-}]=$gz; texts_br[${f#texts-}]=$br ;;
    index.bridge.html | app-booth-*) pages=booth ;;
    index.html | app-*) pages=demo ;;
    *) pages="demo booth" ;;
  esac
  for page in $pages; do
    first[$page]=$((first[$page] + gz)); first_br[$page]=$((first_br[$page] + br))
  done
  [ "$f" = index.bridge.html ] || total=$((total + gz))
  printf '%-40s %10d %10d %10d\n' "$f" "$raw" "$gz" "$br"
done
printf '%-40s %10s %10d\n' total "" "$total"
printf '%-40s %10s %10d %10d\n' "demo's first visit (goal 300 KB)" "" "${first[demo]}" "${first_br[demo]}"
printf '%-40s %10s %10d %10d\n' "booth's first visit" "" "${first[booth]}" "${first_br[booth]}"
# English is built into the Wasm; a visitor in another language loads its
# texts file too. The limits hold for the heaviest language.
heaviest=${first[demo]}
for file in "${!texts[@]}"; do
  tag=${file%%-*}
  gz=$((first[demo] + texts[$file])); br=$((first_br[demo] + texts_br[$file]))
  printf '%-40s %10s %10d %10d\n' "demo's first visit in '$tag'" "" "$gz" "$br"
  [ "$gz" -le "$heaviest" ] || heaviest=$gz
done
first[demo]=$heaviest
if [ "${first[demo]}" -gt 300000 ]; then
  echo "the demo's first visit loads ${first[demo]} bytes gzip before the data: over the goal of 300,000" >&2
  exit 1
fi
