#!/usr/bin/env bash
# Several instances benchmark (issue 14): tap and claim throughput through nginx with one, two and
# three instances on PostgreSQL, against one instance on SQLite, all on 127.0.0.1. Each set-up is
# started fresh by deploy/try-out.sh (a new cluster or file, nginx in front, even for one
# instance, so every row pays the same proxy); then, through nginx:
#
#   tap      wrk: Memorize taps, POST /play/random/choose/N, by PLAYERS players in turn
#   select   wrk: Set selects, POST /set/cards/ID/select (each a saved move)
#   claims   Benchmarks/rooms/bots.py: ROOMS rooms × 4 bots claiming Sets over WebSockets
#
#   bash Benchmarks/instances/run.sh        SETUPS="sqlite:1 postgres:1 postgres:2 postgres:3"
#                                           DURATION=10s CONNECTIONS=16 PLAYERS=32 ROOMS=100
#                                           ROOM_SECONDS=20 SKIP_BUILD=1 KEEP=1
#                                           BINARY=path to another build of cardtable
#
# Prints one JSON line per set-up and a table. Not a test: the figures depend on the machine; on a
# small one every process (nginx, instances, PostgreSQL, wrk, the bots) shares the same cores.
# Needs root on Debian (try-out.sh installs postgresql and nginx-light; wrk is installed here).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SETUPS=${SETUPS:-sqlite:1 postgres:1 postgres:2 postgres:3}
export DURATION=${DURATION:-10s} CONNECTIONS=${CONNECTIONS:-16} PLAYERS=${PLAYERS:-32}
export ROOMS=${ROOMS:-100} ROOM_SECONDS=${ROOM_SECONDS:-20}

if [ -z "${BINARY:-}" ]; then
    if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build -c release --product cardtable >&2; fi
    BINARY="$(swift build -c release --show-bin-path)/cardtable"
fi
export BINARY
command -v wrk >/dev/null || apt-get install -y wrk >&2 || { apt-get update >&2 && apt-get install -y wrk >&2; }
if [ ! -x .venv-bench/bin/python ]; then
    python3 -m venv .venv-bench
    .venv-bench/bin/pip install --quiet websockets
fi
ulimit -n 20000 2>/dev/null || true

RESULTS=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-instances.XXXXXX")
trap 'rm -rf "$RESULTS"' EXIT
for setup in $SETUPS; do
    store=${setup%%:*}
    instances=${setup##*:}
    printf '== %s instance(s) on %s\n' "$instances" "$store" >&2
    STORE=$store INSTANCES=$instances LOG_LEVEL=error \
        PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') \
        PER_CLIENT=4096 bash deploy/try-out.sh -- bash "$ROOT/Benchmarks/instances/measure.sh" "$store" "$instances" \
        | tee -a "$RESULTS/runs.jsonl"
done
python3 "$ROOT/Benchmarks/instances/report.py" "$RESULTS/runs.jsonl"
