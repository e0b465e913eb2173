#!/usr/bin/env bash
# Runs one room benchmark script against a release build of cardtable serving a fresh SQLite
# database with the room limits lifted, the server pinned to CPU 0 and the script to CPU 1 (BASE
# and PID in its environment); the server's RSS after. For computer-opponents.sh and chat.sh.
#
#   bash Benchmarks/rooms/pinned.sh Benchmarks/rooms/chat.py      SKIP_BUILD=1
#
# Needs python3 with venv (the websockets package is installed into .venv-bench from PyPI).
set -euo pipefail
SCRIPT=$(realpath "$1")
cd "$(dirname "$0")/../.."
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build -c release --product cardtable >&2; fi
BINARY="$(swift build -c release --show-bin-path)/cardtable"
if [ ! -x .venv-bench/bin/python ]; then
    python3 -m venv .venv-bench
    .venv-bench/bin/pip install --quiet websockets
fi
WORK=$(mktemp -d)
SERVER=
trap '[ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; rm -rf "$WORK"' EXIT
ulimit -n 20000 2>/dev/null || true
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
CARDTABLE_TEST_ROOM_LIMITS=off taskset -c 0 "$BINARY" serve --port "$PORT" --database "$WORK/cardtable.sqlite" \
    --log-level warning --connections-per-address 0 > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
BASE="http://127.0.0.1:$PORT" PID=$SERVER taskset -c 1 .venv-bench/bin/python "$SCRIPT"
echo "{\"server_rss_mb\": $(ps -o rss= -p "$SERVER" | awk '{printf "%.1f", $1/1024}')}"
