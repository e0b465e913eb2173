#!/usr/bin/env bash
# The browser test suite: builds cardtable, then pytest starts it on a free port with a
# temporary database (and restarts it when a test asks), drives Debian's chromium through
# Playwright, and stops it. Screenshots land in Tests/Browser/screenshots/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash Tests/Browser/install.sh
swift build --product cardtable
CARDTABLE_BIN="$(swift build --show-bin-path)/cardtable"
export CARDTABLE_BIN

WORK_DIR="$(mktemp -d)"
export CARDTABLE_TEST_DIR="$WORK_DIR"
cleanup() {
    for pid_file in "$WORK_DIR"/*/server.pid; do
        [[ -f "$pid_file" ]] && kill "$(cat "$pid_file")" 2>/dev/null || true
    done
    rm -rf "$WORK_DIR"
}
trap cleanup EXIT

.venv/bin/python -m pytest Tests/Browser -q "$@"
