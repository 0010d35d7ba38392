#!/usr/bin/env bash
# The native crates' tests (the engine, the bridge, the protocol and the
# texts; not the app's, nor the bridge against the emulated Uno, which has
# a step of its own): built once in the `ci` profile (Cargo.toml:
# optimised, for the solver, without release's whole-program link), then
# every test binary run, three at a time, each in its package's folder as
# cargo runs it (the bridge's mostly wait, on timeouts and the simulated
# robot, so three share two cores well). Then the documentation's
# examples. Each binary's report goes to
# target/rust-tests/NAME.log; a failed one's is printed whole, the others'
# results. The list of test binaries is left in
# target/rust-tests/binaries for the steps after (the emulated Uno's).
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$PWD/target/rust-tests
rm -rf "$logs"
mkdir -p "$logs"
cargo test --workspace --exclude app --profile ci --locked --no-run --message-format=json-render-diagnostics \
  | python3 .ci/executables.py > "$logs/binaries" || exit 1
run() { # package folder, binary
  local log
  log=$logs/$(basename "$2")
  if (cd "$1" && "$2" --skip on_the_emulated_uno) > "$log.log" 2>&1; then
    echo passed > "$log.result"
  else
    echo failed > "$log.result"
  fi
}
export -f run
export logs
# Four tests at a time in each binary: the bridge's are one binary
# (bridge/tests/integration), most of them waiting on timeouts.
export RUST_TEST_THREADS=${RUST_TEST_THREADS:-4}
# The bridge's first: its attack, crowd and robot tests wait the longest.
# (Its tests start bridges on ports drawn where the kernel hands out none
# for connections, so the thousands another binary opens cannot take one.)
sort "$logs/binaries" | tr '\t' '\n' | xargs -d '\n' -n 2 -P "${TEST_JOBS:-3}" bash -c 'run "$0" "$1"'
failed=""
while IFS=$'\t' read -r _ binary; do
  name=$(basename "$binary")
  if [ "$(cat "$logs/$name.result" 2>/dev/null)" = passed ]; then
    grep -E "^test result" "$logs/$name.log" | sed "s/^/$name: /"
  else
    echo "---- $name: failed; its whole report:"
    cat "$logs/$name.log"
    failed="$failed $name"
  fi
done < "$logs/binaries"
if [ -n "$failed" ]; then
  echo "the Rust tests failed in:$failed" >&2
  exit 1
fi
cargo test --workspace --exclude app --profile ci --locked --doc
