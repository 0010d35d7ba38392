#!/usr/bin/env bash
# The browser suites (tests/e2e: the public demo from a static server and
# the booth from the bridge) in Chromium, Firefox and WebKit, three at a
# time: one `node --test` per engine and file, each with its own driver,
# servers and bridges on free ports, the longest first (on 2 cores the
# step kept the CPU 93 % busy, 2026-12-01: more runs at once would not
# help). Each run's report goes to
# target/e2e/ENGINE-FILE-K.log; a failed run's is printed whole, the
# others' summaries. E2E_ENGINES picks engines, E2E_JOBS how many run at
# once, E2E_SHARDS in how many runs each engine's file is split (every
# n-th test in each: webdriver.mjs's `test`).
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$PWD/target/e2e
rm -rf "$logs"
mkdir -p "$logs"
engines=${E2E_ENGINES:-chromium,firefox,webkit}
jobs=()
# Longest first (Firefox's runs took the longest, Chromium's the least).
shards=${E2E_SHARDS:-1}
for engine in firefox webkit chromium; do
  [[ ",$engines," == *",$engine,"* ]] || continue
  for file in app booth; do
    for shard in $(seq "$shards"); do jobs+=("$engine $file $shard"); done
  done
done
run() { # engine file shard
  local name=$1-$2-$3
  cd tests/e2e || exit 1
  if E2E_ENGINES=$1 E2E_SHARD=$3/$shards node --test "$2.test.mjs" > "$logs/$name.log" 2>&1; then
    echo passed > "$logs/$name.result"
  else
    echo failed > "$logs/$name.result"
  fi
}
export -f run
export logs shards
printf '%s\n' "${jobs[@]}" | xargs -P "${E2E_JOBS:-3}" -I{} bash -c 'run {}'
failed=""
for job in "${jobs[@]}"; do
  name=${job// /-}
  if [ "$(cat "$logs/$name.result" 2>/dev/null)" = passed ]; then
    echo "---- $job:"
    grep -E "^# (tests|pass|fail|skipped|duration_ms)" "$logs/$name.log"
  else
    echo "---- $job: failed; its whole report:"
    cat "$logs/$name.log"
    failed="$failed $name"
  fi
done
if [ -n "$failed" ]; then
  echo "the browser tests failed in:$failed" >&2
  exit 1
fi
