#!/usr/bin/env bash
# Every test of the project: formatting, lints, unit, property, data-driven
# and end-to-end tests (the CLI as a process, the app in Chromium, Firefox
# and WebKit), and the WebAssembly builds. Run from anywhere. Each step
# says how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
SETUP_STARTED=$(date +%s)
source .ci/setup.sh

start=$(date +%s)
last=$start
current=""
step() {
  local now
  now=$(date +%s)
  if [ -n "$current" ]; then printf '   (%s: %d s)\n' "$current" $((now - last)); fi
  current="$*"
  last=$now
  printf '\n== %s\n' "$*"
}
printf "set-up: %d s\n" $((start - SETUP_STARTED))
# What runs beside the steps (a build, the emulated Uno) is stopped when
# the script ends early; their logs go to one scratch folder.
scratch=$(mktemp -d)
background=()
trap 'for job in "${background[@]}"; do kill "$job" 2>/dev/null || true; done; rm -rf "$scratch"' EXIT

step "format"
cargo fmt --all -- --check

step "lints (native crates, and the app and engine for wasm32), no import circles, no function over 100 lines, no file over 600"
python3 .ci/imports.py engine/src engine/src/bin/connect4 app/src shared/locales/src bridge/src shared/protocol/src
python3 .ci/msrv.py
python3 .ci/fnlen.py engine/src app/src app/build.rs shared/locales/src bridge/src shared/protocol/src bridge/build.rs shared/protocol/build.rs
python3 .ci/filelen.py --app app/src engine/src shared/locales/src bridge/src shared/protocol/src
# In the profiles of the builds after them (the tests' `ci`, Trunk's
# `wasm`): the build scripts and proc macros they compile serve those
# builds too.
cargo clippy --workspace --exclude app --all-targets --profile ci --locked -- -D warnings
cargo clippy -p engine --lib --no-default-features --target wasm32-unknown-unknown --profile wasm --locked -- -D warnings
cargo clippy -p app --target wasm32-unknown-unknown --profile wasm --locked -- -D warnings
# The app's own tests natively, in their profile (the tests step builds it).
cargo clippy -p app --lib --tests --profile app-test --locked -- -D warnings

step "tests: the native crates' binaries three at a time, and the app's built beside them"
# The app's own tests (the app-test profile, a build folder of its own)
# are built beside the crates' build and test runs, not after them.
cargo test -p app --lib --test golden --profile app-test --locked --no-run >"$scratch/app-build.log" 2>&1 &
app_build=$!
background+=("$app_build")
.ci/rust-tests.sh
if ! wait "$app_build"; then cat "$scratch/app-build.log"; echo "the app's tests did not build" >&2; exit 1; fi

step "the robot: its firmware's size; the bridge against the firmware on the emulated Uno starts beside the next steps"
make -C robot --no-print-directory -s size
# About 80 s of the robot's own real time (its motors, its baud rate),
# mostly waiting, each emulated Uno about a tenth of a core: it runs beside the app's native tests, the
# book checks, WASI and the app's release build, and is waited for before
# the browsers.
robot_log=$scratch/robot.log
sample=$scratch/sample
# The test binary itself, built by the tests step: a running `cargo test`
# would hold the build folder's lock and stop the next steps' builds.
robot_bin=$(awk -F '\t' '$1 ~ /\/bridge$/ && $2 ~ /\/integration-[0-9a-f]+$/ { print $2 }' target/rust-tests/binaries)
[ -n "$robot_bin" ] || { echo "the bridge's integration test binary is missing from target/rust-tests/binaries" >&2; exit 1; }
(cd bridge && "$robot_bin" firmware::) >"$robot_log" 2>&1 &
robot_tests=$!
background+=("$robot_tests")

step "the app's own tests (unit and golden), natively"
cargo test -p app --lib --test golden --profile app-test --locked

step "the opening book and the position database: samples solved again without them; the database converted again from the pinned wheel"
# The CLI of the tests' build (its `ci` profile, Cargo.toml), as every
# native binary of the later steps.
cargo build --profile ci --locked --bin connect4
target/ci/connect4 book verify engine/book/book.c4b --sample 2 --min-plies 8
target/ci/connect4 book verify engine/book/layer12.c4l --sample 8
CARGO_PROFILE=ci .ci/layer.sh

step "connect4 under WASI in Node agrees with the native binary"
# In the `ci` profile too: the same code as the release build, without
# its whole-program link.
cargo build --profile ci --locked --bin connect4 --target wasm32-wasip1
awk 'NR % 50 == 1' engine/tests/data/pons/Test_L2_R1 engine/tests/data/pons/Test_L1_R1 > "$sample"
native=$(target/ci/connect4 solve --analyze < "$sample")
wasi=$(node --no-warnings engine/wasi/connect4.mjs target/wasm32-wasip1/ci/connect4.wasm solve --analyze < "$sample")
if [ "$native" != "$wasi" ]; then
  echo "the WASI build disagrees with the native one:" >&2
  diff <(echo "$native") <(echo "$wasi") >&2 || true
  exit 1
fi
echo "$(wc -l < "$sample") positions analysed alike natively and under WASI"

step "the web app: release build and its sizes"
trunk build --release
.ci/sizes.sh

step "the bridge against the firmware on the emulated Uno (games at 115200 and 9600 baud, every fault at both, the bring-up check): its result"
if ! wait "$robot_tests"; then
  cat "$robot_log"
  echo "the bridge against the emulated Uno failed" >&2
  exit 1
fi
grep -E "^test |^test result" "$robot_log"

step "the web app in Chromium, Firefox and WebKit side by side (from a static server and from the bridge)"
cargo build --profile ci --locked -p bridge --features embed-app
E2E_BINARIES=$PWD/target/ci E2E_SHARDS=2 .ci/browsers.sh

step "the Pi's systemd unit: verified, and the operator page saves the config under its sandbox"
.ci/pi-unit.sh target/ci/connect4-bridge

step "the bridge for the Raspberry Pi (aarch64), run under qemu-user with the simulated robot"
CARGO_PROFILE=ci .ci/pi.sh check

step "all tests passed"
printf 'total: %d s\n' $(($(date +%s) - SETUP_STARTED))
