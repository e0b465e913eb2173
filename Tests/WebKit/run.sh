#!/usr/bin/env bash
# The WebKit browser suite: builds cardtable, starts it on a free port with a temporary database
# (Set test positions allowed), and runs Tests/WebKit with Debian's pytest and WebKitGTK under a
# virtual X server. Extra arguments go to pytest, e.g. -k 'not aspect_ratio'.
# Screenshots land in Tests/Browser/screenshots/webkit-*.png (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash Tests/WebKit/install.sh
swift build --product cardtable
BINARY="$(swift build --show-bin-path)/cardtable"

WORK_DIR="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then
        kill -INT "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK_DIR"
}
trap cleanup EXIT

PORT="$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
CARDTABLE_TEST_SETUPS=1 CARDTABLE_DRAIN_SECONDS=0 "$BINARY" serve --port "$PORT" --database "$WORK_DIR/data/cardtable.sqlite" \
    >"$WORK_DIR/server.log" 2>&1 &
SERVER_PID=$!
export CARDTABLE_URL="http://127.0.0.1:$PORT"
# Wait for it (python3, since a fresh Debian has no curl).
/usr/bin/python3 - "$CARDTABLE_URL/health" <<'WAIT' || { cat "$WORK_DIR/server.log"; exit 1; }
import sys, time, urllib.request
for _ in range(300):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=1)
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("cardtable did not start")
WAIT

# System python3: PyGObject comes from Debian and cannot be imported by the project's .venv.
# -p no:cacheprovider: no .pytest_cache in the work tree.
# On a failure the server's log ends the output (its warnings and errors; the work directory
# goes with the run).
status=0
xvfb-run -a -s "-screen 0 1920x1200x24" \
    /usr/bin/python3 -m pytest Tests/WebKit -q -p no:cacheprovider --rootdir Tests/WebKit "$@" || status=$?
if [[ $status != 0 ]]; then
    echo "== server log, warnings and errors (of $(wc -l <"$WORK_DIR/server.log") lines)"
    grep -E ' (warning|error|critical) ' "$WORK_DIR/server.log" | tail -50 || true
fi
exit "$status"
