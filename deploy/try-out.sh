#!/usr/bin/env bash
# Tries CardTable as a site of several instances, all on 127.0.0.1 of this machine: a throw-away
# PostgreSQL cluster, INSTANCES × `cardtable serve` sharing it and one secret file, and nginx in
# front of them with deploy/nginx/cardtable.conf. Everything lives in a temporary folder that is
# removed at the end (KEEP=1 keeps it). Run as root on Debian (it installs postgresql and
# nginx-light when missing; the cluster runs as the postgres user).
#
#   bash deploy/try-out.sh                  serves until Ctrl-C; open the address it prints
#   bash deploy/try-out.sh -- COMMAND ...   runs COMMAND with CARDTABLE_URL (the nginx address),
#                                           CARDTABLE_PIDS (the instances' process ids),
#                                           CARDTABLE_METRICS (their metrics addresses) and
#                                           CARDTABLE_WORK (the folder: the cluster's data is in
#                                           pg/data) set, then stops everything and exits with
#                                           its status
#
# Settings (environment): PORT=8080 nginx's port · INSTANCES=3 · STORE=postgres, or sqlite for one
# instance on a SQLite file (to compare) · BINARY=path to cardtable (default: a release build)
# · LOG_LEVEL=warning for the instances · TLS=1 for nginx to speak HTTPS with a throw-away
# certificate for 127.0.0.1 and localhost, made by openssl (browsers warn about it: it is
# signed by nobody they know) · PROMETHEUS=1 to run Debian's prometheus too, scraping every
# instance's metrics port every 2 s (CARDTABLE_PROMETHEUS is its address) · PER_CLIENT=N for the
# connections one client address may hold through nginx (256 by default; a load test's more)
# · BY_PLAYER=1 for nginx to route rooms by player, as before rooms stayed on one instance
# · PG_STATEMENTS=1 to load pg_stat_statements with track_planning in the cluster
# (CARDTABLE_DATABASE is then its address; it costs PostgreSQL some CPU per statement).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PORT=${PORT:-8080}
INSTANCES=${INSTANCES:-3}
STORE=${STORE:-postgres}
LOG_LEVEL=${LOG_LEVEL:-warning}
if [ "${1:-}" = "--" ]; then shift; fi

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'try-out: %s\n' "$*" >&2; exit 1; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

case $STORE in
    postgres) [ "$(id -u)" = 0 ] || fail "run it as root: the PostgreSQL cluster runs as the postgres user" ;;
    sqlite) [ "$INSTANCES" = 1 ] || fail "SQLite serves from one process: use INSTANCES=1 with STORE=sqlite" ;;
    *) fail "STORE is postgres or sqlite, not $STORE" ;;
esac

install_missing() {
    local wanted=()
    ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || wanted+=(postgresql)
    command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || wanted+=(nginx-light)
    command -v curl >/dev/null || wanted+=(curl)
    [ "${TLS:-0}" != 1 ] || command -v openssl >/dev/null || wanted+=(openssl)
    [ "${PROMETHEUS:-0}" != 1 ] || command -v prometheus >/dev/null || wanted+=(prometheus)
    if ((${#wanted[@]})); then
        say "apt-get install ${wanted[*]}"
        apt-get install -y --no-install-recommends "${wanted[@]}" >&2 \
            || { apt-get update >&2 && apt-get install -y --no-install-recommends "${wanted[@]}" >&2; }
    fi
}
install_missing
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

if [ -z "${BINARY:-}" ]; then
    say "swift build -c release --product cardtable"
    swift build -c release --product cardtable >&2
    BINARY="$(swift build -c release --show-bin-path)/cardtable"
fi
[ -x "$BINARY" ] || fail "no cardtable executable at $BINARY"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-try-out.XXXXXX")
chmod 755 "$WORK"
PIDS=()
PG_BIN=
PROMETHEUS_PID=
cleanup() {
    trap '' INT TERM # a second Ctrl-C must not leave the cluster running
    [ -z "$PROMETHEUS_PID" ] || kill "$PROMETHEUS_PID" 2>/dev/null || true
    [ -f "$WORK/nginx/nginx.pid" ] && "$NGINX" -p "$WORK/nginx" -c nginx.conf -s stop 2>/dev/null || true
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    # SIGTERM lets an instance answer what is in flight; one still running after 20 s is killed.
    for _ in $(seq 200); do
        running=0
        for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
        ((running)) || break
        sleep 0.1
    done
    for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    if [ -n "$PG_BIN" ]; then
        runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m fast stop >/dev/null 2>&1 || true
    fi
    if [ "${KEEP:-0}" = 1 ]; then say "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# PostgreSQL: a cluster of its own (trust authentication, listening on 127.0.0.1 only).
if [ "$STORE" = postgres ]; then
    PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    PG_PORT=$(free_port)
    mkdir -p "$WORK/pg/data" "$WORK/pg/socket"
    chown -R postgres:postgres "$WORK/pg"
    say "PostgreSQL cluster on 127.0.0.1:$PG_PORT"
    runuser -u postgres -- "$PG_BIN/initdb" -D "$WORK/pg/data" --auth=trust --username=postgres \
        --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }
    statements=""
    [ "${PG_STATEMENTS:-0}" = 1 ] \
        && statements=" -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on"
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/socket/server.log" -w \
        -o "-p $PG_PORT -k $WORK/pg/socket -c listen_addresses=127.0.0.1$statements" start >/dev/null \
        || { cat "$WORK/pg/socket/server.log" >&2; exit 1; }
    runuser -u postgres -- "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" cardtable
    DATABASE="postgres://postgres@127.0.0.1:$PG_PORT/cardtable"
    if [ "${PG_STATEMENTS:-0}" = 1 ]; then
        "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d cardtable \
            -c 'CREATE EXTENSION pg_stat_statements' >/dev/null
        export CARDTABLE_DATABASE=$DATABASE
    fi
    # One secret for every instance, made before any starts (DEPLOY.md: copy it to each machine).
    python3 -c 'import secrets; print(secrets.token_hex(32))' >"$WORK/secret"
    chmod 600 "$WORK/secret"
    STORE_OPTIONS=(--database "$DATABASE" --secret-file "$WORK/secret")
else
    STORE_OPTIONS=(--database "$WORK/cardtable.sqlite")
fi

# The instances, started together: the first to take the advisory lock migrates, the others wait.
INSTANCE_PORTS=()
METRICS=()
for n in $(seq "$INSTANCES"); do
    port=$(free_port)
    metrics_port=$(free_port)
    INSTANCE_PORTS+=("$port")
    METRICS+=("127.0.0.1:$metrics_port")
    "$BINARY" serve --hostname 127.0.0.1 --port "$port" --log-level "$LOG_LEVEL" "${STORE_OPTIONS[@]}" \
        --connections-per-address 0 \
        --metrics-port "$metrics_port" >"$WORK/instance-$n.log" 2>&1 &
    PIDS+=($!)
done
for n in $(seq "$INSTANCES"); do
    port=${INSTANCE_PORTS[$((n - 1))]}
    for _ in $(seq 300); do
        curl -fs -o /dev/null --max-time 1 "http://127.0.0.1:$port/health" && break
        kill -0 "${PIDS[$((n - 1))]}" 2>/dev/null || { cat "$WORK/instance-$n.log" >&2; fail "instance $n stopped"; }
        sleep 0.1
    done
    curl -fs -o /dev/null "http://127.0.0.1:$port/health" || fail "instance $n did not answer /health in 30 s"
    say "instance $n (pid ${PIDS[$((n - 1))]}) on 127.0.0.1:$port, metrics on ${METRICS[$((n - 1))]}, log $WORK/instance-$n.log"
done

# Prometheus, scraping every instance's metrics port.
if [ "${PROMETHEUS:-0}" = 1 ]; then
    PROMETHEUS_PORT=$(free_port)
    targets=$(printf '"%s", ' "${METRICS[@]}")
    cat >"$WORK/prometheus.yml" <<YAML
global: { scrape_interval: 2s }
scrape_configs:
  - job_name: cardtable
    static_configs: [ { targets: [ ${targets%, } ] } ]
YAML
    prometheus --config.file="$WORK/prometheus.yml" --storage.tsdb.path="$WORK/prometheus" \
        --web.listen-address="127.0.0.1:$PROMETHEUS_PORT" >"$WORK/prometheus.log" 2>&1 &
    PROMETHEUS_PID=$!
    for _ in $(seq 100); do
        curl -fs -o /dev/null "http://127.0.0.1:$PROMETHEUS_PORT/-/ready" && break
        sleep 0.1
    done
    curl -fs -o /dev/null "http://127.0.0.1:$PROMETHEUS_PORT/-/ready" || fail "prometheus did not start: see $WORK/prometheus.log"
    export CARDTABLE_PROMETHEUS="http://127.0.0.1:$PROMETHEUS_PORT"
    say "prometheus on $CARDTABLE_PROMETHEUS scraping ${METRICS[*]}"
fi

# nginx: the deployment's configuration with this try-out's ports, under a prefix of its own.
servers=()
for port in "${INSTANCE_PORTS[@]}"; do servers+=("127.0.0.1:$port"); done
tls=()
SCHEME=http
if [ "${TLS:-0}" = 1 ]; then
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
        -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -keyout "$WORK/tls-key.pem" -out "$WORK/tls-certificate.pem" 2>/dev/null
    tls=(--tls "$WORK/tls-certificate.pem" "$WORK/tls-key.pem")
    SCHEME=https
fi
per_client=()
[ -n "${PER_CLIENT:-}" ] && per_client=(--per-client "$PER_CLIENT")
[ "${BY_PLAYER:-0}" = 1 ] && per_client+=(--by-player)
python3 "$ROOT/deploy/nginx/configure.py" "${tls[@]}" "${per_client[@]}" "$WORK/nginx" "127.0.0.1:$PORT" "${servers[@]}"
"$NGINX" -p "$WORK/nginx" -c nginx.conf -t >/dev/null 2>&1 || "$NGINX" -p "$WORK/nginx" -c nginx.conf -t
"$NGINX" -p "$WORK/nginx" -c nginx.conf
URL="$SCHEME://127.0.0.1:$PORT"
curl -fsk -o /dev/null --retry 20 --retry-connrefused --retry-delay 0 "$URL/health" || fail "nginx does not answer at $URL"
say "nginx on $URL in front of $INSTANCES instance(s) ($STORE); files in $WORK"

export CARDTABLE_URL=$URL CARDTABLE_PIDS="${PIDS[*]}" CARDTABLE_METRICS="${METRICS[*]}" CARDTABLE_WORK=$WORK
if (($#)); then
    status=0
    "$@" || status=$?
    exit "$status"
fi
echo "CardTable is running at $URL — press Ctrl-C to stop it all."
wait "${PIDS[@]}" || true
