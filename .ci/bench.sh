#!/usr/bin/env bash
# The solver benchmark over all six Pons files, natively and under WASI in
# Node, with the Wasm/native ratio. Test_L1_R3 runs its first 20 positions
# (as the reference figures do) unless BENCH_HARD_LIMIT says otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh
cargo build --release --locked --bin connect4
cargo build --release --locked --bin connect4 --target wasm32-wasip1
data=engine/tests/data/pons
easy=("$data/Test_L3_R1" "$data/Test_L2_R1" "$data/Test_L2_R2" "$data/Test_L1_R1" "$data/Test_L1_R2")
hard="$data/Test_L1_R3"
limit=${BENCH_HARD_LIMIT:-20}
wasm() { node --no-warnings engine/wasi/connect4.mjs target/wasm32-wasip1/release/connect4.wasm "$@"; }

echo "== native"
native=$( { target/release/connect4 bench "${easy[@]}"; target/release/connect4 bench "$hard" --limit "$limit" | tail -n +2; } )
echo "$native"
echo "== wasm32-wasip1 in Node $(node --version)"
wasi=$( { wasm bench "${easy[@]}"; wasm bench "$hard" --limit "$limit" | tail -n +2; } )
echo "$wasi"
echo "== wasm / native (mean time per position)"
paste <(echo "$native" | tail -n +2) <(echo "$wasi" | tail -n +2) |
  awk '{ printf "%-12s %6.2f\n", $1, $9 / $3 }'
