#!/usr/bin/env bash
# Lighthouse 12 (mobile preset, headless Debian Chromium) on the public
# demo (dist/ from a static host that serves the build's compressed copies:
# tests/e2e/static-server.mjs) and on the booth (the release bridge with
# the simulated robot). Each is audited RUNS times (3 by default), alone on
# the machine as far as this script can tell; the median of each figure is
# printed and held against the goals: performance >= 95, total blocking
# time <= 200 ms, accessibility, best practices and SEO 100, CLS <= 0.1.
# The benchmark index Lighthouse measured of this machine is printed too:
# its figures depend on the CPU, so compare builds only within one run. Reports go to
# target/lighthouse/. Needs dist/ and target/release/connect4-bridge
# (.ci/serve.sh builds both); APP_DIR and BRIDGE name others (an older
# build, for a before-and-after in one session; the bridge serves
# APP_DIR's booth page, not the one built into it), OUT the reports'
# folder.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
APP_DIR=${APP_DIR:-dist}
BRIDGE=${BRIDGE:-target/release/connect4-bridge}
[ -f "$APP_DIR/index.html" ] && [ -x "$BRIDGE" ] \
  || { echo "build the app and the bridge first (.ci/serve.sh, or trunk build --release and cargo build --release -p bridge --features embed-app)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "Debian's chromium is missing (.ci/setup.sh installs it)" >&2; exit 1; }
if [ ! -x tests/lighthouse/node_modules/.bin/lighthouse ]; then
  (cd tests/lighthouse && npm ci --no-audit --no-fund)
fi
out=${OUT:-target/lighthouse}
mkdir -p "$out"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
demo_port=$(free_port)
booth_port=$(free_port)
work=$(mktemp -d)
node tests/e2e/static-server.mjs "$APP_DIR" "$demo_port" > "$work/demo.log" 2>&1 &
demo=$!
"$BRIDGE" serve --robot sim --port "$booth_port" --records "$work/booth.sqlite" --app-dir "$APP_DIR" > "$work/booth.log" 2>&1 &
booth=$!
trap 'kill $demo $booth 2>/dev/null || true; rm -rf "$work"' EXIT
for port in "$demo_port" "$booth_port"; do
  for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
done

audit() { # name url
  for run in $(seq "$RUNS"); do
    # Chromium's profile and lock folders go into the run's own folder,
    # removed at the end: Chromium leaves one behind in /tmp per audit.
    TMPDIR="$work" CHROME_PATH=/usr/bin/chromium tests/lighthouse/node_modules/.bin/lighthouse "$2" --quiet \
      --form-factor=mobile --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
      --output=json --output-path="$out/$1-$run.json"
  done
  python3 - "$1" "$out" "$RUNS" <<'PY'
import json, statistics, sys
name, out, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
reports = [json.load(open(f"{out}/{name}-{i}.json")) for i in range(1, runs + 1)]
def median(get):
    return statistics.median(get(r) for r in reports)
score = lambda c: lambda r: round(r["categories"][c]["score"] * 100)
metric = lambda a: lambda r: r["audits"][a]["numericValue"]
figures = {
    "performance": median(score("performance")),
    "accessibility": median(score("accessibility")),
    "best-practices": median(score("best-practices")),
    "seo": median(score("seo")),
    "LCP s": round(median(metric("largest-contentful-paint")) / 1000, 2),
    "TBT ms": round(median(metric("total-blocking-time"))),
    "CLS": round(median(metric("cumulative-layout-shift")), 3),
    "benchmark index": round(median(lambda r: r["environment"]["benchmarkIndex"])),
}
print(f"{name} (median of {runs}): " + ", ".join(f"{k} {v}" for k, v in figures.items()))
for r in reports:
    for c in ("accessibility", "best-practices", "seo"):
        for ref in r["categories"][c]["auditRefs"]:
            a = r["audits"][ref["id"]]
            if ref["weight"] and a["score"] is not None and a["score"] < 1:
                print(f"  {c}: {a['id']}: {a['title']}")
    break
goals = [figures["performance"] >= 95, figures["TBT ms"] <= 200, figures["accessibility"] == 100,
         figures["best-practices"] == 100, figures["seo"] == 100, figures["CLS"] <= 0.1]
open(f"{out}/{name}.ok", "w").write("yes" if all(goals) else "no")
PY
}
audit demo "http://127.0.0.1:$demo_port/"
audit booth "http://127.0.0.1:$booth_port/"
if [ "$(cat "$out/demo.ok")" != yes ] || [ "$(cat "$out/booth.ok")" != yes ]; then
  echo "below the goals (performance >= 95, TBT <= 200 ms, accessibility, best practices and SEO 100, CLS <= 0.1)" >&2
  exit 1
fi
echo "both meet the goals"
