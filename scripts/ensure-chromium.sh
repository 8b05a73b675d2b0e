#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for Playwright (e2e/ launches /usr/bin/chromium).
# Browsers come from apt, never from `playwright install`.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run as root, or: sudo apt-get install -y chromium" >&2
  exit 1
fi

echo "Installing Chromium (apt-get)..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# No recommends (upower, notification daemons...); fonts-liberation renders Latin and Cyrillic.
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
