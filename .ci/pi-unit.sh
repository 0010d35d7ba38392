#!/usr/bin/env bash
# Checks the Pi's systemd unit (docs/pi/connect4-bridge.service) as the Pi
# runs it: `systemd-analyze verify`, then the install steps of
# docs/raspberry-pi.md in a private mount namespace (nothing on this
# machine changes) with the unit's sandbox: the whole file system
# read-only but the unit's writable paths, a private /tmp, no /home. The
# bridge runs there as the booth user with the unit's command line, and a
# save from the operator page must reach /etc/connect4/bridge.toml.
# Needs root (for the namespace) and target/release/connect4-bridge.
set -euo pipefail
cd "$(dirname "$0")/.."
unit=docs/pi/connect4-bridge.service
binary=${1:-target/release/connect4-bridge}
[ -x "$binary" ] || { echo "no $binary: build it first" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "$0 needs root (a private mount namespace)" >&2; exit 1; }
key() { sed -n "s/^$1=//p" "$unit"; }
exec_start=$(key ExecStart)
state_dir=/var/lib/$(key StateDirectory)
writable=$(key ReadWritePaths)
[ "$(key ProtectSystem)" = strict ] || { echo "$unit: ProtectSystem=strict expected" >&2; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
token=unitCheckToken2026
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

unshare --mount --propagation private bash -s "$binary" "$unit" "$exec_start" "$state_dir" "$writable" "$port" "$token" "$scratch" <<'SANDBOX'
set -euo pipefail
binary=$1 unit=$2 exec_start=$3 state_dir=$4 writable=$5 port=$6 token=$7 scratch=$8
# A machine of our own: /etc copied, /usr/local/bin and /var/lib empty.
cp -a /etc "$scratch/etc" && mount --bind "$scratch/etc" /etc
mount -t tmpfs tmpfs /usr/local/bin
mount -t tmpfs tmpfs /var/lib
# docs/raspberry-pi.md, "Install".
install -m 755 "$binary" /usr/local/bin/connect4-bridge
getent group dialout >/dev/null || groupadd --system dialout
useradd --system --user-group --groups dialout booth
install -d -o booth -g booth -m 0750 /etc/connect4
# The example, with an operator token.
sed "s/^operator_token = \"\"/operator_token = \"$token\"/" bridge/bridge.example.toml > "$scratch/bridge.toml"
install -o booth -g booth -m 0600 "$scratch/bridge.toml" /etc/connect4/bridge.toml
runuser -u booth -- connect4-bridge check-config /etc/connect4/bridge.toml >/dev/null
if command -v systemd-analyze >/dev/null; then
  systemd-analyze verify "$unit"
  echo "systemd-analyze verify: $unit is valid"
fi
# systemd makes StateDirectory= for the unit's user.
install -d -o booth -g booth -m 0755 "$state_dir"
# ProtectSystem=strict: every mount read-only...
findmnt -rn -o TARGET | sort -r | while read -r m; do
  case "$m" in /proc*|/sys*|/dev*) continue ;; esac
  mount -o remount,bind,ro "$m" 2>/dev/null || true
done
# ...but the unit's writable paths; PrivateTmp= and ProtectHome=.
for p in $writable "$state_dir"; do
  mount --bind "$p" "$p" && mount -o remount,bind,rw "$p"
done
mount -t tmpfs tmpfs /tmp
mount -t tmpfs -o ro tmpfs /home
mount -t tmpfs -o ro tmpfs /root
if runuser -u booth -- touch /etc/connect4-not-writable 2>/dev/null; then
  echo "the sandbox is not read-only" >&2; exit 1
fi
# The unit's command line, on a free port with no robot.
read -r -a command <<< "$exec_start"
runuser -u booth -- env XDG_STATE_HOME="$state_dir" "${command[@]}" --port "$port" --robot dummy \
  > /tmp/bridge.log 2>&1 &
server=$!
for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done
settings=$(curl -fs -H "X-Operator-Token: $token" "http://127.0.0.1:$port/operator/state" \
  | python3 -c 'import json, sys; s = json.load(sys.stdin)["settings"]; s["idle_ask_s"] = 25; print(json.dumps(s))')
status=$(curl -s -o /tmp/answer -w '%{http_code}' -H "X-Operator-Token: $token" \
  -H 'Content-Type: application/json' --data "$settings" "http://127.0.0.1:$port/operator/settings")
kill "$server"; wait "$server" || true
if [ "$status" != 200 ] || ! grep -q '^idle_ask_s = 25' /etc/connect4/bridge.toml; then
  echo "the operator page could not save /etc/connect4/bridge.toml under the unit's sandbox: $status $(cat /tmp/answer)" >&2
  cat /tmp/bridge.log >&2
  exit 1
fi
mode=$(stat -c '%a %U' /etc/connect4/bridge.toml)
[ "$mode" = "600 booth" ] || { echo "the saved config is $mode, not 600 booth" >&2; exit 1; }
ls "$state_dir"/connect4-bridge/booth.sqlite >/dev/null
echo "under the unit's sandbox the bridge runs as booth, saves the operator's settings to /etc/connect4/bridge.toml (kept 600 booth) and keeps its records in $state_dir"
SANDBOX
