#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing, so a
# second run takes seconds. Sourced by the other scripts in .ci/.
set -euo pipefail

have_target() { rustup target list --installed | grep -qx "$1"; }
for target in wasm32-unknown-unknown wasm32-wasip1; do
  have_target "$target" || rustup target add "$target"
done
for component in rustfmt clippy; do
  rustup component list --installed | grep -q "^$component" || rustup component add "$component"
done
command -v node >/dev/null || { echo "setup: node (20 or newer) is needed for the WASI benchmark runner" >&2; exit 1; }
