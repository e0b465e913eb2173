#!/usr/bin/env bash
# A network in the test bed (issue 31): CardTable as a site of several hosts, each a Linux network
# namespace of its own on one bridge, with a delay on every host's link, so a move pays real
# round trips between the instances and PostgreSQL:
#
#   db       10.203.0.10   a throw-away PostgreSQL cluster
#   app1…N   10.203.0.11…  INSTANCES × `cardtable serve`, sharing the cluster and one secret
#   lb       10.203.0.20   nginx with deploy/nginx/cardtable.conf in front of them
#   load     10.203.0.30   wrk and the room bots (Benchmarks/instances/measure.sh)
#
# For each delay in DELAYS (milliseconds), every host holds what it sends for that long before it
# leaves, so a round trip between two hosts takes twice the delay; then measure.sh seeds players
# through nginx, loads taps and selects with wrk and plays ROOMS rooms × 4 bots, and a table
# follows. The delay is Benchmarks/hosts/delay.c behind an NFQUEUE rule on each host's link, not
# `tc netem`, which this machine's kernel is built without; it adds about 0.5 ms of its own to
# a round trip (1.45–1.63 ms measured for 0.5 ms a link), so the script measures and prints
# each run's actual one.
#
#   sudo bash Benchmarks/hosts/run.sh       DELAYS="0 0.5 5" INSTANCES=2 DURATION=10s
#                                           CONNECTIONS=16 PLAYERS=32 ROOMS=100 ROOM_SECONDS=20
#                                           TIME_LIMIT=1200 (seconds, for the whole run)
#                                           BY_PLAYER=1 (nginx routes rooms by player, as
#                                           before rooms stayed on one instance)
#                                           BINARY=path to cardtable (default: a release build)
#                                           STORE=sqlite (one instance on a SQLite file on
#                                           app1, to compare: no database host on the path)
#
# Needs root (namespaces, the cluster as the postgres user) on Debian: installs postgresql,
# nginx-light, wrk, iproute2, iptables and libnetfilter-queue-dev when missing. It touches no
# address outside the namespaces it makes (named ctbed-*), and removes them, the cluster and its
# files when it ends, is interrupted, or runs out of time.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
DELAYS=${DELAYS:-0 0.5 5}
INSTANCES=${INSTANCES:-2}
STORE=${STORE:-postgres}
TIME_LIMIT=${TIME_LIMIT:-1200}
export DURATION=${DURATION:-10s} CONNECTIONS=${CONNECTIONS:-16} PLAYERS=${PLAYERS:-32}
export ROOMS=${ROOMS:-100} ROOM_SECONDS=${ROOM_SECONDS:-20}
PREFIX=ctbed
NET=10.203.0
PORT=8080

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'hosts: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run it as root: it makes network namespaces"
((INSTANCES >= 1 && INSTANCES <= 8)) || fail "INSTANCES is 1 to 8, not $INSTANCES"
case $STORE in
    postgres) ;;
    sqlite) [ "$INSTANCES" = 1 ] || fail "SQLite serves from one process: use INSTANCES=1 with STORE=sqlite" ;;
    *) fail "STORE is postgres or sqlite, not $STORE" ;;
esac

wanted=()
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || wanted+=(postgresql)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || wanted+=(nginx-light)
command -v wrk >/dev/null || wanted+=(wrk)
command -v ip >/dev/null || wanted+=(iproute2)
command -v iptables >/dev/null || wanted+=(iptables)
[ -f /usr/include/libnetfilter_queue/libnetfilter_queue.h ] || wanted+=(libnetfilter-queue-dev)
command -v cc >/dev/null || wanted+=(gcc libc6-dev)
if ((${#wanted[@]})); then
    say "apt-get install ${wanted[*]}"
    apt-get install -y --no-install-recommends "${wanted[@]}" >&2 \
        || { apt-get update >&2 && apt-get install -y --no-install-recommends "${wanted[@]}" >&2; }
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
if [ -z "${BINARY:-}" ]; then
    say "swift build -c release --product cardtable"
    swift build -c release --product cardtable >&2
    BINARY="$(swift build -c release --show-bin-path)/cardtable"
fi
[ -x "$BINARY" ] || fail "no cardtable executable at $BINARY"
if [ ! -x .venv-bench/bin/python ]; then
    python3 -m venv .venv-bench
    .venv-bench/bin/pip install --quiet websockets
fi

# The hosts: name and last byte of the address.
HOSTS=(db:10 lb:20 load:30)
for n in $(seq "$INSTANCES"); do HOSTS+=("app$n:$((10 + n))"); done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-hosts.XXXXXX")
chmod 755 "$WORK"
PIDS=()
DELAYERS=()
cleanup() {
    trap '' INT TERM
    set +e
    for pid in "${DELAYERS[@]}"; do kill -TERM "$pid"; done 2>/dev/null
    if [ -n "${WATCHDOG:-}" ]; then pkill -P "$WATCHDOG"; kill "$WATCHDOG"; wait "$WATCHDOG"; fi 2>/dev/null
    [ -f "$WORK/nginx/nginx.pid" ] && "$NGINX" -p "$WORK/nginx" -c nginx.conf -s stop 2>/dev/null
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null
    done
    [ -f "$WORK/pg/data/postmaster.pid" ] \
        && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m fast stop >/dev/null 2>&1
    for host in "${HOSTS[@]}" switch:0; do ip netns del "$PREFIX-${host%%:*}" 2>/dev/null; done
    rm -rf "$WORK"
    return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# NB: bounded in time: the whole run ends after TIME_LIMIT seconds, cleaned up all the same.
(sleep "$TIME_LIMIT" && say "out of time after $TIME_LIMIT s" && kill -TERM $$) &
WATCHDOG=$!

# The namespaces: one switch holding a bridge, and each host with one link to it.
in_host() { local host=$1; shift; ip netns exec "$PREFIX-$host" "$@"; }
for host in "${HOSTS[@]}" switch:0; do
    ip netns list | grep -q "^$PREFIX-${host%%:*}\b" && fail "namespace $PREFIX-${host%%:*} exists: another run?"
done
ip netns add "$PREFIX-switch"
ip -n "$PREFIX-switch" link add bridge type bridge
ip -n "$PREFIX-switch" link set bridge up
for host in "${HOSTS[@]}"; do
    name=${host%%:*}
    ip netns add "$PREFIX-$name"
    ip link add eth0 netns "$PREFIX-$name" type veth peer name "$name" netns "$PREFIX-switch"
    ip -n "$PREFIX-switch" link set "$name" master bridge up
    ip -n "$PREFIX-$name" addr add "$NET.${host##*:}/24" dev eth0
    ip -n "$PREFIX-$name" link set eth0 up
    ip -n "$PREFIX-$name" link set lo up
    # What the host sends goes through its delay (none until one runs: the queue is bypassed).
    ip netns exec "$PREFIX-$name" iptables -A OUTPUT -o eth0 -j NFQUEUE --queue-num 0 --queue-bypass
done
cc -O2 -o "$WORK/delay" "$ROOT/Benchmarks/hosts/delay.c" -lnetfilter_queue -lnfnetlink
address() {
    local host
    for host in "${HOSTS[@]}"; do
        if [ "${host%%:*}" = "$1" ]; then echo "$NET.${host##*:}"; fi
    done
}

# PostgreSQL on db, taking connections from the bed's hosts only.
mkdir -p "$WORK/pg/data" "$WORK/pg/socket"
chown -R postgres:postgres "$WORK/pg"
runuser -u postgres -- "$PG_BIN/initdb" -D "$WORK/pg/data" --auth=trust --username=postgres \
    --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }
echo "host all all $NET.0/24 trust" >>"$WORK/pg/data/pg_hba.conf"
in_host db runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/socket/server.log" -w \
    -o "-p 5432 -k $WORK/pg/socket -c listen_addresses=$(address db)" start >/dev/null \
    || { cat "$WORK/pg/socket/server.log" >&2; exit 1; }
in_host db runuser -u postgres -- "$PG_BIN/createdb" -h "$(address db)" -p 5432 cardtable
python3 -c 'import secrets; print(secrets.token_hex(32))' >"$WORK/secret"
chmod 600 "$WORK/secret"
say "PostgreSQL on $(address db):5432"

# The instances, then nginx in front of them.
servers=()
for n in $(seq "$INSTANCES"); do
    host=$(address "app$n")
    store=(--database "postgres://postgres@$(address db):5432/cardtable" --secret-file "$WORK/secret")
    [ "$STORE" = sqlite ] && store=(--database "$WORK/app$n.sqlite")
    # NB: `ip netns exec` runs the program in its own process, so $! is the instance itself.
    ip netns exec "$PREFIX-app$n" "$BINARY" serve --hostname "$host" --port "$PORT" --log-level error \
        --connections-per-address 0 "${store[@]}" >"$WORK/app$n.log" 2>&1 &
    PIDS+=($!)
    servers+=("$host:$PORT")
done
for n in $(seq "$INSTANCES"); do
    for _ in $(seq 300); do
        in_host load curl -fs -o /dev/null --max-time 1 "http://$(address "app$n"):$PORT/health" && break
        kill -0 "${PIDS[$((n - 1))]}" 2>/dev/null || { cat "$WORK/app$n.log" >&2; fail "app$n stopped"; }
        sleep 0.1
    done
    say "app$n (pid ${PIDS[$((n - 1))]}) on $(address "app$n"):$PORT"
done
# NB: the load host is one client address with hundreds of room sockets.
by_player=()
[ "${BY_PLAYER:-0}" = 1 ] && by_player=(--by-player)
python3 "$ROOT/deploy/nginx/configure.py" --per-client 4096 "${by_player[@]}" "$WORK/nginx" "$(address lb):$PORT" "${servers[@]}"
in_host lb "$NGINX" -p "$WORK/nginx" -c nginx.conf
URL="http://$(address lb):$PORT"
in_host load curl -fs -o /dev/null --retry 20 --retry-connrefused --retry-delay 0 "$URL/health" \
    || fail "nginx does not answer at $URL"
say "nginx on $URL in front of $INSTANCES instance(s)"

ulimit -n 20000 2>/dev/null || true
for delay in $DELAYS; do
    for pid in "${DELAYERS[@]}"; do kill -TERM "$pid" && wait "$pid"; done 2>/dev/null
    DELAYERS=()
    microseconds=$(python3 -c 'import sys; print(round(float(sys.argv[1]) * 1000))' "$delay")
    if ((microseconds > 0)); then
        for host in "${HOSTS[@]}"; do
            ip netns exec "$PREFIX-${host%%:*}" "$WORK/delay" 0 "$microseconds" &
            DELAYERS+=($!)
        done
        sleep 0.5
    fi
    rtt=$(in_host load python3 "$ROOT/Benchmarks/hosts/round-trip.py" "$(address db)" 5432)
    say "each link delays by $delay ms: a TCP connect from load to db takes $rtt ms"
    in_host load env CARDTABLE_URL="$URL" CARDTABLE_PIDS="${PIDS[*]}" \
        bash "$ROOT/Benchmarks/instances/measure.sh" "$STORE, $delay ms a link ($rtt ms round trip)" \
        "$INSTANCES" | tee -a "$WORK/runs.jsonl"
done
python3 "$ROOT/Benchmarks/instances/report.py" "$WORK/runs.jsonl"
