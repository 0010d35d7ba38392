#!/usr/bin/env bash
# The product on one machine: builds the app and runs the bridge, which
# serves it at http://127.0.0.1:8080 and drives the simulated robot.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh
trunk build --release
cargo build --release --locked -p bridge --features embed-app
exec target/release/connect4-bridge serve "$@"
