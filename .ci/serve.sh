#!/usr/bin/env bash
# The product on one machine: builds the app and runs the bridge, which
# serves it at http://127.0.0.1:8080 and drives the robot's reference
# firmware on an emulated Arduino Uno. Arguments go to `serve` instead
# (`--robot sim`, `--config bridge.toml`, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh
trunk build --release
cargo build --release --locked -p bridge --features embed-app
if [ $# -eq 0 ]; then set -- --robot emulated; fi
exec target/release/connect4-bridge serve "$@"
