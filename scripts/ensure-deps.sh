#!/usr/bin/env bash
# Installs what `npm start` and `npm test` need on a fresh clone: npm packages, Java for
# DynamoDB Local, and (for tests) Debian's Chromium. Quiet and quick when all is present.
set -euo pipefail
cd "$(dirname "$0")/.."

lock_hash() { sha256sum package-lock.json | cut -d' ' -f1; }
# A plain `npm ci` since the lockfile last changed counts as installed: npm writes its hidden
# lockfile (node_modules/.package-lock.json) after installing, so it is newer than the lockfile.
if [ ! -f node_modules/.lock-hash ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  lock_hash > node_modules/.lock-hash
fi
if [ ! -d node_modules ] || [ ! -f node_modules/.lock-hash ] || [ "$(cat node_modules/.lock-hash)" != "$(lock_hash)" ]; then
  echo "Installing npm packages..."
  npm ci --no-audit --no-fund --loglevel=error
  lock_hash > node_modules/.lock-hash
fi

apt_install() {
  if [ "$(id -u)" != "0" ]; then
    echo "Missing system package(s): $*. Install them with: sudo apt-get install -y $*" >&2
    exit 1
  fi
  if [ ! -f /tmp/.timesheets-apt-updated ]; then
    apt-get update -qq && touch /tmp/.timesheets-apt-updated
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if ! command -v java >/dev/null 2>&1; then
  echo "Installing Java for DynamoDB Local..."
  apt_install openjdk-17-jre-headless
fi

if [ "${1:-}" = "--test" ] && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium for the browser tests..."
  apt_install chromium
fi
