#!/usr/bin/env bash
# The native crates' tests (the engine, the bridge, the protocol and the
# texts; not the app's, nor the bridge against the emulated Uno, which has
# a step of its own): built once in the release profile (the solver is
# slow unoptimised), then every test binary run, each in its package's
# folder as cargo runs it: the bridge's one after another (they mostly
# wait, on timeouts and the simulated robot) beside the others'. Then the
# documentation's examples. Each binary's
# report goes to target/rust-tests/NAME.log; a failed one's is printed
# whole, the others' results. The list of test binaries is left in
# target/rust-tests/binaries for the steps after (the emulated Uno's).
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$PWD/target/rust-tests
rm -rf "$logs"
mkdir -p "$logs"
cargo test --workspace --exclude app --release --locked --no-run --message-format=json-render-diagnostics \
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
# The bridge's binaries one after another, beside the others two at a
# time: the bridge's tests start bridges on ports they found free, and the
# attack and crowd tests' thousands of connections take ports too, so two
# of its binaries at once could take a port another had just found.
grep -P '/bridge\t' "$logs/binaries" | while IFS=$'\t' read -r dir binary; do run "$dir" "$binary"; done &
bridge_lane=$!
grep -vP '/bridge\t' "$logs/binaries" | tr '\t' '\n' | xargs -d '\n' -n 2 -P 2 bash -c 'run "$0" "$1"'
wait "$bridge_lane"
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
cargo test --workspace --exclude app --release --locked --doc
