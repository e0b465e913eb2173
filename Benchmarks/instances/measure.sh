#!/usr/bin/env bash
# One set-up of Benchmarks/instances/run.sh, run by deploy/try-out.sh with CARDTABLE_URL (nginx)
# and CARDTABLE_PIDS set: seeds players over HTTP, runs the tap and select loads with wrk and the
# room bots, and prints one JSON line, with the instances' and PostgreSQL's CPU per tap and select
# (from /proc/PID/task/*/schedstat), how often the instances' threads were put on a CPU per tap
# and select (`instances_runs`: wake-ups, a count that stays put when the machine's noise moves
# CPU time; `instances_runs_by_thread` splits it by kind of thread), and per room claim (the
# bots' whole run, rooms made and every event sent to every socket, over the claims judged). With
# CARDTABLE_DATABASE set
# (try-out.sh's PG_STATEMENTS=1), it also counts PostgreSQL's statements, plans and planning time
# per request (pg_stat_statements).
#
#   measure.sh STORE INSTANCES
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
STORE=$1
INSTANCES=$2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-measure.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

python3 "$ROOT/Benchmarks/http/seed.py" play --url "$CARDTABLE_URL" --players "$PLAYERS" \
    --cookies "$WORK/cookies.txt" >&2

# Runs SQL on the set-up's cluster (CARDTABLE_DATABASE), unaligned and without headers.
pg() { psql -X -q -A -t -F ' ' "$CARDTABLE_DATABASE" -c "$1"; }

# The CPU time, in nanoseconds, that the threads of processes "$@" have run so far.
cpu_ns() {
    local total=0 pid task ns _
    for pid in "$@"; do
        for task in /proc/"$pid"/task/*/schedstat; do
            read -r ns _ <"$task" 2>/dev/null && total=$((total + ns))
        done
    done
    echo "$total"
}

# How many times the threads of processes "$@" have been put on a CPU so far (schedstat's third
# field): a thread's every wake-up counts one, so it counts hops between threads, and unlike CPU
# time it hardly moves with the machine's noise.
runs() {
    local total=0 pid task _ _ count
    for pid in "$@"; do
        for task in /proc/"$pid"/task/*/schedstat; do
            read -r _ _ count <"$task" 2>/dev/null && total=$((total + count))
        done
    done
    echo "$total"
}

# The same count by kind of thread, one "name count" line each: a thread's name with its digits
# taken out (NIO's event loops, the thread pool PostgreSQL's transactions wait on, Swift's shared
# threads under the process's own name), so a change can be placed.
runs_by_thread() {
    local pid task _ count name
    for pid in "$@"; do
        for task in /proc/"$pid"/task/*; do
            read -r _ _ count <"$task/schedstat" 2>/dev/null || continue
            name=$(tr -d '0-9' <"$task/comm" 2>/dev/null) || continue
            echo "$name $count"
        done
    done | awk '{ total[$1] += $2 } END { for (name in total) print name, total[name] }'
}

for mode in tap select; do
    # A short unmeasured run first, so every set-up is measured warm.
    for run in warmup measured; do
        length=$DURATION
        [ "$run" = warmup ] && length=2s
        # NB: PostgreSQL's CPU is every `postgres` process's on the machine (only the set-up's
        # cluster runs during a benchmark); a backend that ends meanwhile takes its time along.
        [ -n "${CARDTABLE_DATABASE:-}" ] && pg 'SELECT pg_stat_statements_reset()' >/dev/null
        instances0=$(cpu_ns $CARDTABLE_PIDS) postgres0=$(cpu_ns $(pgrep -x postgres || true))
        runs0=$(runs $CARDTABLE_PIDS)
        runs_by_thread $CARDTABLE_PIDS >"$WORK/$mode-$run.threads0"
        BENCH_MODE=$mode BENCH_ACCEPT=application/json BENCH_COOKIES="$WORK/cookies.txt" \
            BENCH_RESULT="$WORK/$mode-$run.json" \
            wrk -t1 -c"$CONNECTIONS" -d"$length" --timeout 10s -s "$ROOT/Benchmarks/http/bench.lua" \
            "$CARDTABLE_URL" >/dev/null
        echo "$(($(cpu_ns $CARDTABLE_PIDS) - instances0)) $(($(cpu_ns $(pgrep -x postgres || true)) - postgres0))" \
            >"$WORK/$mode-$run.cpu"
        echo "$(($(runs $CARDTABLE_PIDS) - runs0))" >"$WORK/$mode-$run.runs"
        runs_by_thread $CARDTABLE_PIDS >"$WORK/$mode-$run.threads"
        if [ -n "${CARDTABLE_DATABASE:-}" ]; then
            # NB: the statements that read pg_stat_statements itself are left out.
            pg "SELECT sum(calls), sum(plans), round(sum(total_plan_time)::numeric, 3),
                    round(sum(total_exec_time)::numeric, 3)
                FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'" >"$WORK/$mode-$run.statements"
            [ "$run" = measured ] && pg "SELECT calls, plans, round(total_plan_time::numeric, 1),
                    round(total_exec_time::numeric, 1), left(regexp_replace(query, '\s+', ' ', 'g'), 90)
                FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'
                ORDER BY total_plan_time + total_exec_time DESC LIMIT 6" \
                | sed "s/^/$mode: calls plans plan_ms exec_ms | /" >&2
        fi
    done
done

instances0=$(cpu_ns $CARDTABLE_PIDS) postgres0=$(cpu_ns $(pgrep -x postgres || true))
BASE=$CARDTABLE_URL DURATION=${ROOM_SECONDS} ROOMS=$ROOMS "$ROOT/.venv-bench/bin/python" \
    "$ROOT/Benchmarks/rooms/bots.py" >"$WORK/claims.json"
# NB: a room's making, joining and starting count too, and every event's fan-out to its sockets.
echo "$(($(cpu_ns $CARDTABLE_PIDS) - instances0)) $(($(cpu_ns $(pgrep -x postgres || true)) - postgres0))" \
    >"$WORK/claims.cpu"

# The instances' peak resident memory; an instance that died counts 0 and is said.
rss_mb=0
for pid in $CARDTABLE_PIDS; do
    kb=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$kb" ] || { echo "instance $pid is not running" >&2; kb=0; }
    rss_mb=$((rss_mb + kb / 1024))
done
python3 - "$STORE" "$INSTANCES" "$WORK" "$rss_mb" <<'EOF'
import json, sys
store, instances, work, rss_mb = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
def wrk(mode):
    r = json.load(open(f"{work}/{mode}-measured.json"))
    seconds = r["duration_us"] / 1e6
    instances_ns, postgres_ns = map(int, open(f"{work}/{mode}-measured.cpu").read().split())
    statements = {}
    try:
        calls, plans, plan_ms, exec_ms = open(f"{work}/{mode}-measured.statements").read().split()
        n = r["requests"]
        statements = {"postgres_statements": {
            "per_request": round(int(calls) / n, 2), "plans_per_request": round(int(plans) / n, 3),
            "plan_ms_per_request": round(float(plan_ms) / n, 4),
            "exec_ms_per_request": round(float(exec_ms) / n, 4)}}
    except FileNotFoundError:
        pass
    before = dict(line.split() for line in open(f"{work}/{mode}-measured.threads0"))
    by_thread = {}
    for name, count in (line.split() for line in open(f"{work}/{mode}-measured.threads")):
        runs = (int(count) - int(before.get(name, 0))) / r["requests"]
        if runs >= 0.05:
            by_thread[name] = round(runs, 2)
    return statements | {
        "instances_runs_by_thread": by_thread,
        "instances_cpu_us": round(instances_ns / r["requests"] / 1000),
        "postgres_cpu_us": round(postgres_ns / r["requests"] / 1000),
        "instances_runs": round(int(open(f"{work}/{mode}-measured.runs").read()) / r["requests"], 2),
        "per_s": round(r["requests"] / seconds), "p50_ms": round(r["latency_us"]["p50"] / 1000, 1),
        "p99_ms": round(r["latency_us"]["p99"] / 1000, 1), "statuses": r["statuses"],
        "outcomes": r["outcomes"], "socket_errors": r["socket_errors"],
    }
def claims():
    """The room bots' figures, with the instances' and PostgreSQL's CPU per claim judged."""
    result = json.load(open(f"{work}/claims.json"))
    instances_ns, postgres_ns = map(int, open(f"{work}/claims.cpu").read().split())
    judged = max(result["claims_judged"], 1)
    return result | {"instances_cpu_us_per_claim": round(instances_ns / judged / 1000),
                     "postgres_cpu_us_per_claim": round(postgres_ns / judged / 1000)}
print(json.dumps({
    "store": store, "instances": instances, "tap": wrk("tap"), "select": wrk("select"),
    "claims": claims(), "instances_rss_mb": rss_mb,
}))
EOF
