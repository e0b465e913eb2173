#!/usr/bin/env bash
# HTTP benchmark of CardTable (issue 11): release build, a database of 10,000 players with games,
# the server pinned to one CPU and wrk on another, every page and action measured in turn.
#
#   bash Benchmarks/http/run.sh
#
# Prints a table of req/s, p50, p99, the share of /health and the status mix of every run, then
# page weights (raw, over the wire, gzipped) with their assets, RSS after the load and start-up
# time. Settings (environment):
#   DURATION=10s      length of each measured run      WARMUP=2s   unmeasured run before each
#   CONNECTIONS=16    wrk connections                  THREADS=1   wrk threads
#   SERVER_CPU=0      CPU the server is pinned to      CLIENT_CPU=1  CPU wrk is pinned to
#   PLAYERS=10000     players in the database          REAL_PLAYERS=36  of them made over HTTP
#   PORT=<free>       port on 127.0.0.1                LOG_LEVEL=info   the server's log level
#   ACCEPT_ENCODING='gzip, deflate, br'  sent with every GET, as a browser does (moves go
#                     without it, so their JSON answers can be read and counted)
#   SKIP_BUILD=1      use the existing release build   KEEP=1      keep the work directory
# Needs: swift, python3, curl, taskset, wrk (installed with apt-get when missing). Everything
# runs on 127.0.0.1; the database, logs and results go to a temporary directory.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
HERE=$ROOT/Benchmarks/http

DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-1}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
PLAYERS=${PLAYERS:-10000}
REAL_PLAYERS=${REAL_PLAYERS:-36}
LOG_LEVEL=${LOG_LEVEL:-info}
ACCEPT_ENCODING=${ACCEPT_ENCODING-gzip, deflate, br}
HTML_ACCEPT='text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

log() { printf '== %s\n' "$*" >&2; }

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    log "swift build -c release --product cardtable"
    swift build -c release --product cardtable >&2
fi
BIN=$(swift build -c release --show-bin-path)/cardtable
[ -x "$BIN" ] || { echo "no release build at $BIN" >&2; exit 1; }

if ! command -v wrk >/dev/null; then
    log "apt-get install -y wrk"
    apt-get install -y wrk >&2 || { apt-get update >&2 && apt-get install -y wrk >&2; }
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-bench.XXXXXX")
DB=$WORK/cardtable.sqlite
RESULTS=$WORK/results
mkdir -p "$RESULTS"
PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
URL=http://127.0.0.1:$PORT
SERVER_PID=

stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=
}
cleanup() {
    stop_server
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# Starts the server (with the given prefix, e.g. taskset) and waits for /health; sets SERVER_PID
# and STARTUP_MS.
start_server() {
    local logfile=$1
    shift
    local started=$(date +%s%N)
    "$@" "$BIN" serve --hostname 127.0.0.1 --port "$PORT" --database "$DB" --log-level "$LOG_LEVEL" \
        >"$logfile" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 3000); do
        if curl -sf -o /dev/null --max-time 1 "$URL/health"; then
            STARTUP_MS=$((($(date +%s%N) - started) / 1000000))
            return 0
        fi
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$logfile" >&2; echo "the server stopped" >&2; exit 1; }
        sleep 0.005
    done
    echo "the server did not answer /health within 30 s" >&2
    exit 1
}

log "seeding: $REAL_PLAYERS players over HTTP, then copies up to $PLAYERS players ($WORK)"
start_server "$WORK/seed-server.log"
python3 "$HERE/seed.py" play --url "$URL" --players "$REAL_PLAYERS" --cookies "$WORK/cookies.txt" >&2
stop_server
python3 "$HERE/seed.py" clone --database "$DB" --total "$PLAYERS" >&2
DATABASE_MB=$(python3 -c 'import os, sys; print(f"{os.path.getsize(sys.argv[1]) / 1e6:.1f}")' "$DB")

log "starting the server on CPU $SERVER_CPU"
SERVER_LOG=$WORK/server.log
start_server "$SERVER_LOG" taskset -c "$SERVER_CPU"
rss() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$SERVER_PID/status"; }
RSS_START_KB=$(rss VmRSS)

# id | label | mode | path | Accept
RUNS=(
    "health|GET /health|get|/health|*/*"
    "chooser|chooser GET / (HTML)|get|/|$HTML_ACCEPT"
    "memorize-html|Memorize page GET /play/random (HTML)|get|/play/random|$HTML_ACCEPT"
    "memorize-json|the same page as JSON|get|/play/random|application/json"
    "tap|Memorize tap POST /play/random/choose/N (JSON)|tap||application/json"
    "set-html|Set page GET /set (HTML)|get|/set|$HTML_ACCEPT"
    "set-select|Set select POST /set/cards/ID/select (JSON)|select||application/json"
    "set-hint|Set hint POST /set/hint (JSON)|hint||application/json"
    "health-again|GET /health again (drift check)|get|/health|*/*"
)

RUN_META=$WORK/runs.jsonl
: >"$RUN_META"
for run in "${RUNS[@]}"; do
    IFS='|' read -r id label mode path accept <<<"$run"
    case $id in
        health*) cookies= ;; # /health is asked without a cookie
        *) cookies=$WORK/cookies.txt ;;
    esac
    # NB: moves are asked for plain JSON, so every answer's announcement can be counted.
    case $mode in
        get) encoding=$ACCEPT_ENCODING ;;
        *) encoding= ;;
    esac
    wrk_run() {
        BENCH_MODE=$mode BENCH_PATH=$path BENCH_ACCEPT=$accept BENCH_ENCODING=$encoding \
            BENCH_COOKIES=$cookies BENCH_RESULT=$1 \
            taskset -c "$CLIENT_CPU" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2" --timeout 10s \
            -s "$HERE/bench.lua" "$URL" >/dev/null
    }
    log "$label: warm-up $WARMUP, then $DURATION"
    wrk_run "$WORK/warmup.json" "$WARMUP"
    before=$(python3 "$HERE/report.py" set-versions "$DB")
    wrk_run "$RESULTS/$id.json" "$DURATION"
    after=$(python3 "$HERE/report.py" set-versions "$DB")
    python3 -c 'import json, sys; print(json.dumps({"id": sys.argv[1], "label": sys.argv[2], "mode": sys.argv[3],
        **({"set_versions": int(sys.argv[5]) - int(sys.argv[4])} if sys.argv[3] in ("select", "hint") else {})}))' \
        "$id" "$label" "$mode" "$before" "$after" >>"$RUN_META"
done
RSS_AFTER_KB=$(rss VmRSS)
HWM_AFTER_KB=$(rss VmHWM)

log "page weights"
python3 "$HERE/report.py" weights --url "$URL" --cookie "$(head -1 "$WORK/cookies.txt" | cut -d' ' -f1)" \
    --out "$RESULTS/weights.json"
stop_server

export ROOT WORK RESULTS RUN_META SERVER_LOG DURATION WARMUP CONNECTIONS THREADS SERVER_CPU CLIENT_CPU \
    PLAYERS REAL_PLAYERS LOG_LEVEL STARTUP_MS RSS_START_KB RSS_AFTER_KB HWM_AFTER_KB DATABASE_MB ACCEPT_ENCODING
python3 - <<'EOF'
import json, os, platform, re, subprocess
e = os.environ
cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
problems, non_2xx, samples, lines = 0, 0, [], 0
request = re.compile(r" (GET|HEAD|POST|PUT|DELETE|PATCH) \S+ (\d{3})$")
for line in open(e["SERVER_LOG"], errors="replace"):
    lines += 1
    line = line.rstrip("\n")
    bad = False
    if re.search(r"^\S+ (warning|error|critical) ", line):
        problems += 1
        bad = True
    m = request.search(line)
    if m and not m.group(2).startswith(("2", "3")):
        non_2xx += 1
        bad = True
    if bad and len(samples) < 8:
        samples.append(line[:200])
meta = {
    "date": subprocess.run(["date", "-u", "+%Y-%m-%d %H:%M UTC"], capture_output=True, text=True).stdout.strip(),
    "commit": subprocess.run(["git", "-C", e["ROOT"], "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
              + (" (uncommitted changes)" if subprocess.run(["git", "-C", e["ROOT"], "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True).stdout.strip() else ""),
    "machine": f"{os.cpu_count()} CPUs ({cpu}), Linux {platform.release()}",
    "runs": [json.loads(line) for line in open(e["RUN_META"])],
    "duration": e["DURATION"], "warmup": e["WARMUP"], "connections": e["CONNECTIONS"], "threads": e["THREADS"],
    "server_cpu": e["SERVER_CPU"], "client_cpu": e["CLIENT_CPU"], "log_level": e["LOG_LEVEL"],
    "total_players": int(e["PLAYERS"]), "real_players": int(e["REAL_PLAYERS"]),
    "startup_ms": int(e["STARTUP_MS"]), "database_mb": e["DATABASE_MB"],
    "rss_start_kb": int(e["RSS_START_KB"]), "rss_after_kb": int(e["RSS_AFTER_KB"]), "hwm_after_kb": int(e["HWM_AFTER_KB"]),
    "log_lines": lines, "log_problems": problems, "log_non_2xx": non_2xx, "log_samples": samples,
}
json.dump(meta, open(os.path.join(e["RESULTS"], "meta.json"), "w"), indent=1)
EOF
python3 "$HERE/report.py" table "$RESULTS"
