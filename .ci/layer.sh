#!/usr/bin/env bash
# Rebuilds the 12-stone position database from the pinned PyPI wheel and
# checks that it equals the committed engine/book/layer12.c4l byte for byte.
# `.ci/layer.sh --write` replaces the committed file instead (after a change
# of the format). The wheel is kept in target/bitbully/, so a second run
# downloads nothing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

WHEEL=bitbully_databases-0.0.2-py3-none-any.whl
WHEEL_SHA256=42d4431d964dc37d58a8e776729b247ac3e2096c575f27b185ac013a45e26d74
DAT=bitbully_databases/assets/book_12ply_distances.dat
DAT_SHA256=1e01874dbb9b296a96baa2f5483ae69333ac7009377b34b222f112d9d8e89704
dir=target/bitbully

mkdir -p "$dir"
if [ ! -f "$dir/$WHEEL" ]; then
  python3 -m pip download --quiet --no-deps --dest "$dir" bitbully-databases==0.0.2
fi
echo "$WHEEL_SHA256  $dir/$WHEEL" | sha256sum --check --quiet
python3 - "$dir/$WHEEL" "$DAT" "$dir/book_12ply_distances.dat" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[3], "wb") as out:
    out.write(wheel.read(sys.argv[2]))
PY
echo "$DAT_SHA256  $dir/book_12ply_distances.dat" | sha256sum --check --quiet

# CARGO_PROFILE names the profile to build the converter in (CI's `ci`).
profile=${CARGO_PROFILE:-release}
cargo build --profile "$profile" --locked --bin connect4 --quiet
"target/$profile/connect4" book import "$dir/book_12ply_distances.dat" --out "$dir/layer12.c4l"
if [ "${1:-}" = "--write" ]; then
  cp "$dir/layer12.c4l" engine/book/layer12.c4l
  echo "wrote engine/book/layer12.c4l"
elif cmp -s "$dir/layer12.c4l" engine/book/layer12.c4l; then
  echo "engine/book/layer12.c4l is what the converter makes of the pinned wheel, byte for byte"
else
  echo "engine/book/layer12.c4l differs from the converted wheel: run .ci/layer.sh --write and commit" >&2
  exit 1
fi
