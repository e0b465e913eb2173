#!/usr/bin/env bash
# What ending a rated room game costs (issue 49): a release build of cardtable serves a fresh
# SQLite database, then (when CARDTABLE_TEST_POSTGRES names a database, as
# Tests/Postgres/with-cluster.sh sets it) PostgreSQL, and Benchmarks/rooms/ending.py measures the
# server's CPU per claim: mid-game and game-ending, rated rooms against casual ones. Pinned to
# CPU 0, the client on CPU 1. Not a test: it prints figures.
#
#   bash Tests/Postgres/with-cluster.sh bash Benchmarks/rooms/ending.sh    ROOMS=60 ROUNDS=3 SKIP_BUILD=1
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build -c release --product cardtable >&2; fi
BINARY="$(swift build -c release --show-bin-path)/cardtable"
WORK=$(mktemp -d)
SERVER=
trap '[ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; rm -rf "$WORK"' EXIT

run() {  # run NAME DATABASE [serve options…]
    local name=$1 database=$2
    shift 2
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    CARDTABLE_TEST_ROOM_LIMITS=off CARDTABLE_TEST_CLOCK_RATE=20 taskset -c 0 "$BINARY" serve --port "$port" \
        --database "$database" --log-level warning --connections-per-address 0 "$@" > "$WORK/$name.log" 2>&1 &
    SERVER=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
    echo "== $name"
    BASE="http://127.0.0.1:$port" PID=$SERVER taskset -c 1 python3 Benchmarks/rooms/ending.py
    kill "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    SERVER=
}

run sqlite "$WORK/cardtable.sqlite"
if [ -n "${CARDTABLE_TEST_POSTGRES:-}" ]; then
    run postgres "$CARDTABLE_TEST_POSTGRES" --secret-file "$WORK/secret"
fi
