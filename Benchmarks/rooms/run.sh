#!/usr/bin/env bash
# Room load benchmark (issue 13): a release build of cardtable on 127.0.0.1 with a fresh database,
# then Benchmarks/rooms/bots.py with ROOMS rooms × 4 bots playing Set over WebSockets, for each
# room count in ROOM_COUNTS; after each run, the server's RSS. Not a test: it prints figures.
#
#   bash Benchmarks/rooms/run.sh            ROOM_COUNTS="25 250" DURATION=20 SKIP_BUILD=1
#                                           BINARY=path to another build of cardtable
#
# Needs swift, python3 with venv (the websockets package is installed into .venv-bench from PyPI).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
ROOM_COUNTS=${ROOM_COUNTS:-25 250}
export DURATION=${DURATION:-20}

if [ -z "${BINARY:-}" ]; then
    if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build -c release --product cardtable >&2; fi
    BINARY="$(swift build -c release --show-bin-path)/cardtable"
fi
if [ ! -x .venv-bench/bin/python ]; then
    python3 -m venv .venv-bench
    .venv-bench/bin/pip install --quiet websockets
fi

WORK=$(mktemp -d)
trap 'kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
ulimit -n 20000 2>/dev/null || true
"$BINARY" serve --port "$PORT" --database "$WORK/cardtable.sqlite" --log-level warning \
    --connections-per-address 0 > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
export BASE="http://127.0.0.1:$PORT"
for rooms in $ROOM_COUNTS; do
    ROOMS=$rooms .venv-bench/bin/python "$ROOT/Benchmarks/rooms/bots.py"
    echo "{\"rooms\": $rooms, \"server_rss_mb\": $(ps -o rss= -p "$SERVER" | awk '{printf "%.1f", $1/1024}')}"
done
