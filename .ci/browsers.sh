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
# A run whose only failures are the browser's own page process dying
# ("page crash or hang", seen once in WebKitGTK under Xvfb while loading the
# page, and not again in 3 runs of that shard side by side) runs once more;
# its first report is kept as NAME.crash.log and the summary names the test.
# Any other failure, or a second crash, fails the step.
only_crashes() { # log
  local errors
  errors=$(grep -E "^ +error: " "$1" | grep -v -E "subtests? failed")
  [ -n "$errors" ] && ! grep -q -v "page crash or hang" <<<"$errors"
}
run() { # engine file shard
  local name=$1-$2-$3
  cd tests/e2e || exit 1
  for attempt in 1 2; do
    if E2E_ENGINES=$1 E2E_SHARD=$3/$shards node --test "$2.test.mjs" > "$logs/$name.log" 2>&1; then
      echo passed > "$logs/$name.result"
      return
    fi
    [ "$attempt" = 1 ] && only_crashes "$logs/$name.log" || break
    mv "$logs/$name.log" "$logs/$name.crash.log"
  done
  echo failed > "$logs/$name.result"
}
export -f run only_crashes
export logs shards
printf '%s\n' "${jobs[@]}" | xargs -P "${E2E_JOBS:-3}" -I{} bash -c 'run {}'
failed=""
for job in "${jobs[@]}"; do
  name=${job// /-}
  if [ "$(cat "$logs/$name.result" 2>/dev/null)" = passed ]; then
    echo "---- $job:"
    if [ -f "$logs/$name.crash.log" ]; then
      echo "  passed on its second run; in its first the browser's page crashed in:"
      grep -E "^ *not ok .* - " "$logs/$name.crash.log" | grep -v -E "not ok [0-9]+ - (chromium|firefox|webkit)$" | sed 's/^ */    /'
    fi
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
