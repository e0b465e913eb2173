#!/usr/bin/env bash
# Server CPU per request of two builds of cardtable, side by side: both serve a copy of the same
# seeded database, pinned to the same CPU, and wrk loads both at once from the other CPU, so a
# busy or slowing machine weighs on both alike. Prints each build's CPU per request (from
# /proc/PID/stat, exited threads included) and their ratio, per action and round, then each
# build's share of /health for the Set page and the chooser (/health's CPU per request over the
# page's).
#
#   KEEP=1 bash Benchmarks/http/run.sh        # seeds a database; note the directory it keeps
#   bash Benchmarks/http/compare.sh BEFORE_BINARY AFTER_BINARY KEPT_DIRECTORY
#
# A build of an older commit: `git worktree add /tmp/before <commit>`, then
# `swift build -c release --product cardtable` there (its binary is
# /tmp/before/.build/release/cardtable). Compare binaries where they were built: a copied binary
# still finds its templates and static files by its build directory's path (SwiftPM's resource
# bundle), so a copy of an older build would draw the newer templates. Settings (environment):
#   ROUNDS=3          rounds of every action        DURATION=8s   measured run per action
#   CONNECTIONS=8     wrk connections per build     ONLY=<regex>  actions to run, e.g. '^(tap|select)$'
#   SERVER_CPU=0  CLIENT_CPU=1
#   AFTER_COOKIES=<file>  the after build's cookies, when it signs cookies another way (made by
#                 Benchmarks/http/recookie.sh from the seeded cookies)
set -euo pipefail
[ $# = 3 ] || { sed -n 2,21p "$0" >&2; exit 2; }
BEFORE=$1 AFTER=$2 SEEDED=$3
HERE=$(cd "$(dirname "$0")" && pwd)
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-8s}
CONNECTIONS=${CONNECTIONS:-8}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
HTML_ACCEPT='text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
ENCODING='gzip, deflate, br'
# action | path | Accept | Accept-Encoding, as run.sh sends them
ACTIONS=(
    "get|/health|application/json|"
    "tap||application/json|" "hint||application/json|" "select||application/json|"
    "get|/set|$HTML_ACCEPT|$ENCODING" "get|/|$HTML_ACCEPT|$ENCODING" "get|/play/random|$HTML_ACCEPT|$ENCODING"
)
for file in "$SEEDED/cardtable.sqlite" "$SEEDED/cookies.txt"; do
    [ -f "$file" ] || { echo "no $file: seed with KEEP=1 bash Benchmarks/http/run.sh" >&2; exit 1; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-compare.XXXXXX")
declare -A PID PORT
stop() {
    for label in before after; do
        if [ -n "${PID[$label]:-}" ] && kill "${PID[$label]}" 2>/dev/null; then
            wait "${PID[$label]}" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap stop EXIT

# The CPU time `$1` has used, in nanoseconds, its exited threads' included: the kernel adds a
# thread's time to its process's when it exits, so /proc/PID/stat counts it; a sum over
# /proc/PID/task/*/schedstat would lose the time of dispatch threads that exited during a run
# (the sum even went backwards). The kernel scales these clock ticks to the exact run time.
cpu_nanoseconds() {
    local fields
    read -r -a fields <<<"$(sed 's/.*) //' "/proc/$1/stat")"
    # utime and stime are the stat line's fields 14 and 15 (11 and 12 after the command).
    echo $(((fields[11] + fields[12]) * 1000000000 / $(getconf CLK_TCK)))
}

requests() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d.get("requests") or sum(d.get("statuses", {}).values()))' "$1"
}

for label in before after; do
    mkdir "$WORK/$label"
    cp "$SEEDED"/cardtable.sqlite* "$WORK/$label/"
    binary=$BEFORE
    [ "$label" = after ] && binary=$AFTER
    PORT[$label]=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    taskset -c "$SERVER_CPU" "$binary" serve --hostname 127.0.0.1 --port "${PORT[$label]}" \
        --database "$WORK/$label/cardtable.sqlite" --log-level error >"$WORK/$label/server.log" 2>&1 &
    PID[$label]=$!
done
for label in before after; do
    for attempt in $(seq 1 200); do
        curl -sf --max-time 2 -o /dev/null "http://127.0.0.1:${PORT[$label]}/health" && break
        if ! kill -0 "${PID[$label]}" 2>/dev/null || [ "$attempt" = 200 ]; then
            echo "the $label build did not start:" >&2
            cat "$WORK/$label/server.log" >&2
            exit 1
        fi
        sleep 0.05
    done
done

# The cookies build `$1` is loaded with.
cookies_of() {
    if [ "$1" = after ] && [ -n "${AFTER_COOKIES:-}" ]; then echo "$AFTER_COOKIES"; else echo "$SEEDED/cookies.txt"; fi
}

# Loads one build for `$2` with the action in $mode, $path, $accept and $encoding.
load() {
    BENCH_MODE=$mode BENCH_PATH=$path BENCH_ACCEPT=$accept BENCH_ENCODING=$encoding \
        BENCH_COOKIES=$(cookies_of "$1") BENCH_RESULT=$WORK/$1/result.json \
        taskset -c "$CLIENT_CPU" wrk -t1 -c"$CONNECTIONS" -d"$2" --timeout 10s -s "$HERE/bench.lua" \
        "http://127.0.0.1:${PORT[$1]}" >/dev/null
}

# Loads both builds at once for `$1`; fails when either load does.
load_both() {
    rm -f "$WORK"/*/result.json
    load before "$1" &
    local before=$!
    load after "$1" &
    local after=$!
    wait "$before"
    wait "$after"
}

printf '%-6s %-16s %18s %18s %8s\n' round action 'before µs CPU/req' 'after µs CPU/req' ratio
for round in $(seq 1 "$ROUNDS"); do
    for action in "${ACTIONS[@]}"; do
        IFS='|' read -r mode path accept encoding <<<"$action"
        [[ "$mode$path" =~ ${ONLY:-.} ]] || continue
        load_both 1s
        before0=$(cpu_nanoseconds "${PID[before]}") after0=$(cpu_nanoseconds "${PID[after]}")
        load_both "$DURATION"
        before1=$(cpu_nanoseconds "${PID[before]}") after1=$(cpu_nanoseconds "${PID[after]}")
        python3 -c '
import sys
round, action, before_ns, before_n, after_ns, after_n = sys.argv[1:]
before = int(before_ns) / int(before_n) / 1000
after = int(after_ns) / int(after_n) / 1000
print(f"{round:<6} {action:<16} {before:18.1f} {after:18.1f} {after / before:8.3f}")
' "$round" "$mode$path" $((before1 - before0)) "$(requests "$WORK/before/result.json")" \
            $((after1 - after0)) "$(requests "$WORK/after/result.json")" | tee -a "$WORK/table"
    done
done

# A page's share of /health: /health's CPU per request over the page's, per build and round.
python3 - "$WORK/table" <<'SHARES'
import collections, sys
rows = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    round, action, before, after, _ = line.split()
    rows[round][action] = (float(before), float(after))
for round, actions in rows.items():
    if "get/health" not in actions:
        continue
    health = actions["get/health"]
    for page in ("get/set", "get/"):
        if page in actions:
            before, after = (h / p for h, p in zip(health, actions[page]))
            print(f"round {round}: {page[3:]} share of /health: before {before:.3f}, after {after:.3f}")
SHARES
