#!/usr/bin/env bash
# Make sure Debian's Chromium (and a font with card suits) is there for the browser tests.
# Installs them with apt-get when missing and running as root; otherwise says what is missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure_chromium: installing chromium" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
else
  echo "ensure_chromium: chromium is missing (apt-get install chromium); browser tests will skip" >&2
fi
