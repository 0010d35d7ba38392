#!/usr/bin/env bash
# The booth's Raspberry Pi build: the bridge with the app inside, for
# aarch64-unknown-linux-gnu, cross-compiled with Debian's toolchain.
#
#   .ci/pi.sh          builds target/aarch64-unknown-linux-gnu/release/connect4-bridge
#   .ci/pi.sh check    builds it, runs it under qemu-user with the simulated
#                      robot and checks that it serves the app and that its
#                      link drives the simulated robot
#
# CARGO_PROFILE names the cargo profile (release by default; CI's check
# builds its `ci` profile: the same code without release's whole-program
# link).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
[ -f dist/index.html ] || trunk build --release
profile=${CARGO_PROFILE:-release}
cargo build --profile "$profile" --locked -p bridge --features embed-app --target aarch64-unknown-linux-gnu
binary=target/aarch64-unknown-linux-gnu/$profile/connect4-bridge
echo "built $binary ($(du -h "$binary" | cut -f1))"
[ "${1:-}" = check ] || exit 0

work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
qemu-aarch64 "$binary" check-config bridge/bridge.example.toml
token=piqemucheck2026
printf 'language = "de"\noperator_token = "%s"\n' "$token" > "$work/bridge.toml"
qemu-aarch64 "$binary" serve --config "$work/bridge.toml" --robot sim --port "$port" --records "$work/booth.sqlite" > "$work/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do
  curl -fs "$base/" -o "$work/index.html" && break
  sleep 0.3
done
grep -q '<title>Vier gewinnt' "$work/index.html" || { echo "the Pi build does not serve the app:" >&2; cat "$work/log" >&2; exit 1; }
# The booth's page loads the booth's build of the app (app/post-build.mjs).
wasm=$(grep -o 'app-booth-[0-9a-f]*_bg.wasm' "$work/index.html" | head -1) \
  || { echo "the Pi build's page names no booth build of the app (app-booth-<hash>_bg.wasm)" >&2; exit 1; }
curl -fs "$base/$wasm" -o "$work/app.wasm"
[ "$(head -c 4 "$work/app.wasm" | od -An -c | tr -d ' ')" = '\0asm' ] || { echo "no WebAssembly at /$wasm" >&2; exit 1; }
grep -q '"columns"' <(curl -fs "$base/sim/grid") || { echo "no simulated robot" >&2; exit 1; }
# The link opens the simulator's pseudo-terminal (qemu-user 7.2 lacks the
# termios2 ioctls: the classic set-up in bridge/src/serial.rs takes over),
# clears the grid and finds the robot ready.
state=
for _ in $(seq 100); do
  state=$(curl -fs -H "X-Operator-Token: $token" "$base/operator/state" || true)
  grep -q '"state":"ready"' <<< "$state" && grep -q 'CLEAR: done' <<< "$state" && break
  sleep 0.3
done
grep -q '"state":"ready"' <<< "$state" || { echo "the link never found the simulated robot ready: $state" >&2; cat "$work/log" >&2; exit 1; }
echo "the aarch64 bridge under qemu serves the app ($(wc -c < "$work/app.wasm") bytes of wasm), and its link drives the simulated robot: $(grep -o 'CLEAR: done in [0-9]* ms' <<< "$state" | head -1)"
