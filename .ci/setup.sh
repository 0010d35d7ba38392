#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing or of
# the wrong version, so a second run takes seconds. Sourced by the other
# scripts in .ci/. This machine reaches crates.io, npm and Debian only:
# Trunk must not download its own tools (see Trunk.toml).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TRUNK_VERSION=0.21.14

have_target() { rustup target list --installed | grep -qx "$1"; }
for target in wasm32-unknown-unknown wasm32-wasip1 aarch64-unknown-linux-gnu; do
  have_target "$target" || rustup target add "$target"
done
for component in rustfmt clippy; do
  rustup component list --installed | grep -q "^$component" || rustup component add "$component"
done
apt_install() {
  local sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "$@" >/dev/null
}
# pip fetches the pinned wheel the position database is checked against
# (.ci/layer.sh).
if ! python3 -m pip --version >/dev/null 2>&1; then
  echo "setup: installing Debian's python3-pip"
  apt_install python3-pip
fi
# A real QR decoder for the browser tests of the take-home code
# (tests/e2e/decode-qr.py): zxing-cpp's wheel, and Pillow to read the
# screenshot.
if ! python3 -c "import zxingcpp, PIL" 2>/dev/null; then
  echo "setup: installing zxing-cpp and Pillow from PyPI"
  qr_decoder=(zxing-cpp==3.1.1 pillow==13.0.0)
  # Debian's own Python refuses a package beside its own unless told.
  python3 -m pip install --quiet "${qr_decoder[@]}" 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages "${qr_decoder[@]}"
fi
# A C compiler: the linker for every Rust binary, and the bridge's bundled
# SQLite (rusqlite).
if ! command -v cc >/dev/null; then
  echo "setup: installing Debian's gcc"
  apt_install gcc libc6-dev
fi
# The Raspberry Pi build: Debian's cross toolchain, qemu to run it here,
# and curl to ask it for the app (.ci/pi.sh).
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v qemu-aarch64 >/dev/null || ! command -v curl >/dev/null; then
  echo "setup: installing Debian's aarch64 cross compiler, qemu-user and curl"
  apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user curl
fi
# The robot's reference firmware (arduino-mk and the AVR toolchain) and the
# emulated Uno it runs on in the tests (simavr); built here, in seconds
# once built.
if ! command -v avr-gcc >/dev/null || [ ! -f /usr/share/arduino/Arduino.mk ] \
  || [ ! -f /usr/include/simavr/sim_avr.h ] || [ ! -f /usr/share/arduino/hardware/arduino/avr/cores/arduino/Arduino.h ]; then
  echo "setup: installing Debian's gcc-avr, avr-libc, arduino-core-avr, arduino-mk and simavr"
  apt_install gcc-avr avr-libc arduino-core-avr arduino-mk simavr libsimavr-dev libsimavrparts1
fi
make -C "$root/robot" --no-print-directory -s >/dev/null
# Zopfli: the app's gzip copies a few per cent smaller than GNU gzip's
# (app/post-build.mjs), for a booth's phones on plain HTTP.
if ! command -v zopfli >/dev/null; then
  echo "setup: installing Debian's zopfli"
  apt_install zopfli
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "setup: installing Debian's nodejs and npm"
  apt_install nodejs npm
fi

export PATH="$HOME/.cargo/bin:$root/tests/e2e/node_modules/.bin:$PATH"

# Cargo's intermediate files (every dependency compiled, for each profile
# and target) in one folder per machine, outside the checkout; the
# binaries stay in target/. A clean clone on a machine that has built
# before compiles only the workspace's own crates again: Cargo's
# fingerprints decide what is fresh, so nothing stale is reused (a crate
# at another path, or changed, is another unit). Emptied when it grows
# past 24 GB. CARGO_BUILD_BUILD_DIR set by the caller wins.
export CARGO_BUILD_BUILD_DIR="${CARGO_BUILD_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/connect4-build}"
if [ -d "$CARGO_BUILD_BUILD_DIR" ] && [ "$(du -sm "$CARGO_BUILD_BUILD_DIR" | cut -f1)" -gt 24000 ]; then
  echo "setup: emptying Cargo's shared build folder $CARGO_BUILD_BUILD_DIR (over 24 GB)"
  rm -rf "$CARGO_BUILD_BUILD_DIR"
fi

# The tools are built without their own whole-program optimisation (fat
# LTO in one codegen unit: trunk took over 10 minutes on 2 cores, 4 without
# it, 2026-11-28) and without TLS: they run a few times a build and never
# download anything here.
tool_install() {
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo install "$@"
}

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  echo "setup: installing trunk $TRUNK_VERSION (about 4 minutes on 2 cores)"
  tool_install trunk --version "$TRUNK_VERSION" --locked --no-default-features
fi

# The wasm-bindgen CLI must equal the library in Cargo.lock exactly.
bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen" ]; then
  echo "setup: installing wasm-bindgen-cli $bindgen"
  # Not --locked: its own lock file names a crate version the registry lacks.
  tool_install wasm-bindgen-cli --version "$bindgen" --no-default-features
fi
if ! grep -q "wasm_bindgen = \"$bindgen\"" "$root/Trunk.toml"; then
  echo "setup: Trunk.toml must pin wasm_bindgen = \"$bindgen\" (the version in Cargo.lock)" >&2
  exit 1
fi

# npm's binaryen (wasm-opt for the release build; Debian's is too old),
# terser (the release build's JS minifier), and selenium-webdriver,
# dom-accessibility-api and playwright-core for the browser tests: each
# at the version package.json pins, so a checkout that changed them
# installs again.
if ! (cd "$root/tests/e2e" && node -e '
  const fs = require("fs");
  for (const [name, version] of Object.entries(require("./package.json").devDependencies)) {
    const installed = `node_modules/${name}/package.json`;
    if (!fs.existsSync(installed) || JSON.parse(fs.readFileSync(installed)).version !== version) process.exit(1);
  }'); then
  (cd "$root/tests/e2e" && npm ci --no-audit --no-fund)
fi

# The three browser engines the app is tested in, each behind its
# WebDriver server: Chromium, Firefox, and WebKit (Safari's engine, in
# WebKitGTK's MiniBrowser) under a virtual display.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || [ ! -x /usr/bin/firefox-esr ] \
  || ! command -v WebKitWebDriver >/dev/null || ! command -v xvfb-run >/dev/null; then
  echo "setup: installing Debian's chromium, firefox-esr, webkit2gtk-driver and xvfb"
  apt_install chromium chromium-driver firefox-esr webkit2gtk-driver xvfb xauth
fi
# WebKitGTK takes its pointer from its display's seat, and Xvfb's is a
# mouse: a phone's session runs on Weston's headless display, which has
# none (tests/e2e/webdriver.mjs).
if ! command -v weston >/dev/null; then
  echo "setup: installing Debian's weston (a display without a mouse for WebKit)"
  apt_install weston
fi
# WebKitGTK takes a visitor's languages from the system's locale: the
# tests build the ones they ask for from glibc's sources (tests/e2e/webdriver.mjs).
if [ ! -d /usr/share/i18n/locales ]; then
  echo "setup: installing Debian's locales (the sources of the tests' locales)"
  apt_install locales
fi
# geckodriver is not a Debian package; crates.io has it (about 4 minutes).
if ! command -v geckodriver >/dev/null; then
  echo "setup: installing geckodriver"
  tool_install geckodriver --version 0.37.1 --locked
fi
