#!/usr/bin/env bash
# Schemathesis against a live server: builds cardtable, starts it on a free port with a
# temporary database, makes a player's cookie, and runs every operation of docs/openapi.yaml
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
"$BINARY" serve --port "$PORT" --database "$WORK_DIR/cardtable.sqlite" --drain-seconds 0 >"$WORK_DIR/server.log" 2>&1 &
SERVER=$!
stop() {
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    if [[ -n "${KEEP_LOG:-}" ]]; then cp "$WORK_DIR/server.log" "$KEEP_LOG"; fi
    rm -rf "$WORK_DIR"
}
trap stop EXIT
URL="http://127.0.0.1:$PORT"
for _ in $(seq 100); do
    curl -sf "$URL/health" >/dev/null && break
    sleep 0.1
done

# A player: any page sets the cookie, which names a new player.
CARDTABLE_PLAYER="$(curl -sf -c - "$URL/" -o /dev/null | awk '$6 == "cardtable_player" { print $7 }')"
[[ -n "$CARDTABLE_PLAYER" ]] || { echo "no player cookie from $URL/" >&2; exit 1; }
export CARDTABLE_PLAYER

# NB: every answer is JSON only when asked for; without Accept the same URLs answer HTML.
.venv/bin/schemathesis --config-file Tests/Contract/schemathesis.toml run docs/openapi.yaml \
    --url "$URL" --header "Accept: application/json" \
    --max-examples "${EXAMPLES:-25}" --seed "${SEED:-1}" --max-time "${MAX_TIME:-240}" \
    --workers 1 --no-color "$@"
