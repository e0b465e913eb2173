#!/usr/bin/env bash
# Schemathesis against a live server: builds cardtable, starts it on a free port with a
# temporary database, and runs every operation of docs/openapi.yaml
# with schemathesis' default checks and its stateful phase (Tests/Contract/schemathesis.toml),
# bounded in examples and time. Exits non-zero on any failure.
#
#   bash Tests/Contract/run.sh [schemathesis options]
set -euo pipefail
cd "$(dirname "$0")/../.."

bash Tests/Browser/install.sh
swift build --product cardtable
BINARY="$(swift build --show-bin-path)/cardtable"

WORK_DIR="$(mktemp -d)"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# NB: one client from one address plays every player here, so the room limits meant for abuse
# are lifted (RoomLimits.lifted): with them, its room requests were mostly answered 429 (codes
# that name no room from its address) or 422 (the 5 open rooms one player may host) and went
# untested.
CARDTABLE_TEST_ROOM_LIMITS=off "$BINARY" serve --port "$PORT" --database "$WORK_DIR/cardtable.sqlite" --drain-seconds 0 >"$WORK_DIR/server.log" 2>&1 &
SERVER=$!
stop() {
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    if [[ -n "${KEEP_LOG:-}" ]]; then cp "$WORK_DIR/server.log" "$KEEP_LOG"; fi
    rm -rf "$WORK_DIR"
}
trap stop EXIT
URL="http://127.0.0.1:$PORT"
# Waits for the server to answer, for up to 30 seconds.
.venv/bin/python - "$URL" <<'PYTHON'
import sys, time, urllib.request
for _ in range(300):
    try:
        urllib.request.urlopen(sys.argv[1] + "/health", timeout=1)
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("cardtable did not start")
PYTHON

# Runs schemathesis as a new player: any page's answer sets a new visitor's cookie.
# NB: every answer is JSON only when asked for; without Accept the same URLs answer HTML.
new_cookie() {
    .venv/bin/python -c '
import sys, urllib.request
answer = urllib.request.urlopen(sys.argv[1] + "/")
cookie = next(value for name, value in answer.headers.items() if name.lower() == "set-cookie")
print(cookie.split(";")[0].split("=", 1)[1])' "$URL"
}
run() {
    CARDTABLE_PLAYER="$(new_cookie)" .venv/bin/schemathesis --config-file Tests/Contract/schemathesis.toml \
        run docs/openapi.yaml --url "$URL" --header "Accept: application/json" --seed "${SEED:-1}" \
        --workers 1 --no-color "$@"
}
# Forgetting a device and linking one change whose a cookie is for good. schemathesis reuses the
# ids its answers held, so `GET /devices` gave it the player's own device, `forgetDevice` signed
# that cookie out (204), and every later request was a new visitor's: the stateful phase then
# found no theme it had just made, and was refused making rooms (403), as if it had no cookie.
# So these two run as a throwaway player of their own, and everything else as one player.
DEVICE_CHANGES=(--include-operation-id forgetDevice --include-operation-id linkDevice)
status=0
# Every other operation: its examples, its coverage cases, fuzzing, then the stateful phase
# following the contract's links (a theme: edit, download, replace, move, play; a room: join,
# start, list, look, events). NB: the contract has no link from a theme to its delete:
# schemathesis takes only an HTTP DELETE for a deletion, and reported the theme's next link
# answering 404 after the POST to `/themes/{id}/delete` as a created resource gone missing.
run --phases examples,coverage,fuzzing,stateful --max-examples "${EXAMPLES:-100}" \
    --exclude-operation-id forgetDevice --exclude-operation-id linkDevice \
    ${MAX_TIME:+--max-time "$MAX_TIME"} "$@" || status=1
run --phases examples,coverage,fuzzing --max-examples "${EXAMPLES:-100}" "${DEVICE_CHANGES[@]}" "$@" \
    || status=1
# The stateful phase again, longer, as a new player, on the themes and rooms alone.
run --phases stateful --include-tag Themes --include-tag Rooms --include-tag Memorize \
    --max-time "${STATEFUL_SECONDS:-90}" "$@" || status=1
exit "$status"
