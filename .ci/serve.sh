#!/usr/bin/env bash
# Builds the app and serves it at http://127.0.0.1:8080 (the bridge takes
# this over once it exists; until then a plain static server).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh
trunk build --release
exec node tests/e2e/static-server.mjs dist "${PORT:-8080}"
