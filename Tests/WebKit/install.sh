#!/usr/bin/env bash
# Installs what the WebKit tests need, only when it is missing: WebKitGTK with its GObject
# introspection data (driven from Python through PyGObject), a virtual X server, pytest, and a
# color emoji font so screenshots show the cards. All from Debian, for the system python3.
set -euo pipefail

PACKAGES=(gir1.2-webkit2-4.1 xvfb xauth python3-gi python3-gi-cairo gir1.2-gtk-3.0
          python3-pytest fonts-noto-color-emoji)

missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

export DEBIAN_FRONTEND=noninteractive
# Try without refreshing the package lists first; a fresh machine's lists may be empty or stale.
if ! apt-get install -y --no-install-recommends "${missing[@]}"; then
    apt-get update
    apt-get install -y --no-install-recommends "${missing[@]}"
fi
