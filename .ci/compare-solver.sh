#!/usr/bin/env bash
# Our solver beside the reference solver, in one run on this machine:
#   [SETS="Test_L1_R1 ..."] .ci/compare-solver.sh /path/to/c4solver [positions per set]
# The reference is Pascal Pons' c4solver (github.com/PascalPons/connect4,
# AGPL): build it by hand outside this repository (`make c4solver`); it is
# never committed. Both read the same positions of each of Pons' sets on
# stdin, one process each, back to back, and keep their tables between
# positions (the reference has no option to clear it). The reference runs
# without its opening book; ours once alone (--no-layer) and once with the
# 12-stone database. Every score must agree with the set's.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
reference=${1:?usage: .ci/compare-solver.sh /path/to/c4solver [positions per set]}
limit=${2:-1000}
cd "$root"
cargo build --release --locked --bin connect4 --quiet
ours=target/release/connect4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # command... < input: wall seconds, output to $work/out
  local start end
  start=$(date +%s.%N)
  "$@" > "$work/out"
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

printf '| set | positions | reference | ours alone | ours / reference | ours with the database | with / reference |\n'
printf '|---|---|---|---|---|---|---|\n'
for set in ${SETS:-Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3}; do
  head -n "$limit" "engine/tests/data/pons/$set" > "$work/expected"
  cut -d' ' -f1 "$work/expected" > "$work/moves"
  n=$(wc -l < "$work/moves")
  (cd "$work" && seconds "$reference" < moves > ref.time)
  cmp -s "$work/out" "$work/expected" || { echo "the reference disagrees with $set" >&2; exit 1; }
  seconds "$ours" solve --no-layer < "$work/moves" > "$work/alone.time"
  cmp -s "$work/out" "$work/expected" || { echo "our solver disagrees with $set" >&2; exit 1; }
  seconds "$ours" solve < "$work/moves" > "$work/with.time"
  cmp -s "$work/out" "$work/expected" || { echo "our solver with the database disagrees with $set" >&2; exit 1; }
  ref=$(cat "$work/ref.time"); alone=$(cat "$work/alone.time"); with=$(cat "$work/with.time")
  printf '| %s | %s | %.2f s | %.2f s | %.2f | %.2f s | %.2f |\n' "$set" "$n" "$ref" "$alone" \
    "$(echo "$alone / $ref" | bc -l)" "$with" "$(echo "$with / $ref" | bc -l)"
done
