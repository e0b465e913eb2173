#!/usr/bin/env bash
# Where an instance's CPU goes under one load: runs deploy/try-out.sh with one instance, seeds
# players, and records the instance with `perf` while wrk sends Memorize taps (or Set selects),
# then prints the hottest symbols and shared objects by the instance's own CPU.
#
#   bash Benchmarks/instances/profile.sh    STORE=postgres (or sqlite) MODE=tap (or select)
#                                           CONNECTIONS=1 DURATION=10s PLAYERS=32
#                                           BINARY=path to cardtable (default: a release build)
#                                           OUT=folder to keep perf.data and the reports in
#
# Not a test: a profile of this machine, to find what to measure next. Needs root and `perf`
# (Debian's linux-perf; installed here when missing). Swift release builds keep their symbols.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
export STORE=${STORE:-postgres} MODE=${MODE:-tap} CONNECTIONS=${CONNECTIONS:-1}
export DURATION=${DURATION:-10s} PLAYERS=${PLAYERS:-32}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/cardtable-profile.XXXXXX")}
mkdir -p "$OUT"
export OUT
command -v perf >/dev/null || apt-get install -y linux-perf >&2
command -v wrk >/dev/null || apt-get install -y wrk >&2
if [ -z "${BINARY:-}" ]; then
    swift build -c release --product cardtable >&2
    BINARY="$(swift build -c release --show-bin-path)/cardtable"
fi
export BINARY

# NB: runs inside try-out.sh, with CARDTABLE_URL and CARDTABLE_PIDS set.
cat >"$OUT/load.sh" <<'LOAD'
set -euo pipefail
python3 "$ROOT/Benchmarks/http/seed.py" play --url "$CARDTABLE_URL" --players "$PLAYERS" \
    --cookies "$OUT/cookies.txt" >&2
run_wrk() {
    BENCH_MODE=$MODE BENCH_ACCEPT=application/json BENCH_COOKIES="$OUT/cookies.txt" \
        wrk -t1 -c"$CONNECTIONS" -d"$1" --timeout 10s -s "$ROOT/Benchmarks/http/bench.lua" "$CARDTABLE_URL"
}
run_wrk 2s >/dev/null  # warm
seconds=${DURATION%s}
perf record -e cpu-clock -F 2000 -g -o "$OUT/perf.data" -p "${CARDTABLE_PIDS%% *}" -- sleep "$((seconds + 1))" 2>"$OUT/perf-record.log" &
recorder=$!
sleep 0.5
run_wrk "$DURATION" >"$OUT/wrk.txt"
wait "$recorder"
LOAD
ROOT=$ROOT STORE=$STORE INSTANCES=1 LOG_LEVEL=error PER_CLIENT=4096 \
    PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') \
    bash deploy/try-out.sh -- env ROOT="$ROOT" bash "$OUT/load.sh"
grep -E "Requests/sec|Latency" "$OUT/wrk.txt" >&2
perf report -i "$OUT/perf.data" --no-children --sort dso --stdio 2>/dev/null | grep -v '^#' | grep . | head -15 \
    | tee "$OUT/by-object.txt"
perf report -i "$OUT/perf.data" --no-children --sort symbol --stdio -g none 2>/dev/null | grep -v '^#' | grep . \
    | head -60 | tee "$OUT/by-symbol.txt"
echo "perf.data and reports in $OUT" >&2
