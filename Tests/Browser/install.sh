#!/usr/bin/env bash
# Installs what the browser tests need, only when it is missing: Debian's chromium and color
# emoji font, and a Python virtual environment (.venv) with pytest, Playwright and axe, and for
# the API's contract openapi-spec-validator, websockets and schemathesis (Tests/Contract), and
# http-ece and py-vapid, the Web Push oracles.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s fonts-noto-color-emoji >/dev/null 2>&1; then
    apt-get update
    apt-get install -y --no-install-recommends chromium fonts-noto-color-emoji
fi

if ! .venv/bin/python -c "import playwright, pytest, axe_playwright_python, openapi_spec_validator, websockets, schemathesis, http_ece, py_vapid" >/dev/null 2>&1; then
    python3 -m venv .venv
    .venv/bin/pip install --quiet playwright pytest axe-playwright-python openapi-spec-validator websockets \
        schemathesis==4.32.5 http-ece==1.2.1 py-vapid==1.9.6
fi
