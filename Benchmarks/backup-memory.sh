#!/usr/bin/env bash
# Peak memory of `cardtable backup` and `cardtable restore` against the size of the site (issue
# 32): a SQLite database of 1,000 and of 10,000 players with games, each backed up and restored
# under /usr/bin/time -v by every binary given, which prints peak RSS, time and sizes.
#
#   bash Benchmarks/backup-memory.sh [CARDTABLE_BINARY ...]
#
# The binaries default to this checkout's release build (build it first:
# `swift build -c release --product cardtable`). Given two (say, a build of the base commit and
# one of this branch), each backs up the same databases, and the script says whether their
# backups are the same bytes.
#
# The databases are made as Benchmarks/http/run.sh makes its own: REAL_PLAYERS real players over
# HTTP (Benchmarks/http/seed.py play: a Memorize game, a theme game for one in two, reordered
# themes for one in three, a solo Set game), then their rows (player, theme, memorize_game,
# set_game) copied by direct SQL under new random ids up to each size (seed.py clone). Settings
# (environment): PLAYERS="1000 10000", REAL_PLAYERS=36, LIMIT=600 (seconds allowed to each
# command), KEEP=1 keeps the work directory, POSTGRES=1 also restores each backup into a new
# database of a throw-away PostgreSQL cluster (as root: the cluster runs as the postgres user),
# times it, backs that database up again and says whether it is the same bytes. Needs python3
# and curl; runs on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PLAYERS=${PLAYERS:-1000 10000}
REAL_PLAYERS=${REAL_PLAYERS:-36}
LIMIT=${LIMIT:-600}
if [ $# -gt 0 ]; then BINARIES=("$@"); else BINARIES=("$ROOT/.build/release/cardtable"); fi
for binary in "${BINARIES[@]}"; do
    [ -x "$binary" ] || { echo "no cardtable binary at $binary" >&2; exit 1; }
done

log() { printf '== %s\n' "$*" >&2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-backup-memory.XXXXXX")
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SERVER_PID=
PG_BIN=
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    if [ -n "$PG_BIN" ]; then
        runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m fast stop >/dev/null 2>&1 || true
    fi
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# The real players, once, over HTTP with the first binary.
SEED=$WORK/seed.sqlite
log "seeding $REAL_PLAYERS players over HTTP ($WORK)"
"${BINARIES[0]}" serve --hostname 127.0.0.1 --port "$PORT" --database "$SEED" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do
    curl -sf -o /dev/null --max-time 1 "http://127.0.0.1:$PORT/health" && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.05
done
timeout "$LIMIT" python3 Benchmarks/http/seed.py play --url "http://127.0.0.1:$PORT" \
    --players "$REAL_PLAYERS" --cookies "$WORK/cookies.txt" >&2
kill -TERM "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=

# Runs a command under /usr/bin/time -v; prints "<peak RSS in MB> <seconds>".
measure() {
    local report=$WORK/time.txt
    timeout "$LIMIT" /usr/bin/time -v "$@" >"$WORK/command.log" 2>"$report" \
        || { cat "$WORK/command.log" "$report" >&2; exit 1; }
    awk -F': ' '/Maximum resident set size/ { rss = $2 }
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
        END { printf "%.1f %.1f\n", rss / 1024, s }' "$report"
}
megabytes() { python3 -c 'import os, sys; print(f"{os.path.getsize(sys.argv[1]) / 1e6:.1f}")' "$1"; }

# A throw-away PostgreSQL cluster for POSTGRES=1, fsync on as a site's would be.
if [ "${POSTGRES:-0}" = 1 ]; then
    PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    PG_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mkdir -p "$WORK/pg/data" "$WORK/pg/socket"
    chmod 755 "$WORK"
    chown -R postgres:postgres "$WORK/pg"
    runuser -u postgres -- "$PG_BIN/initdb" -D "$WORK/pg/data" --auth=trust --username=postgres \
        --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/server.log" -w \
        -o "-p $PG_PORT -k $WORK/pg/socket -c listen_addresses=127.0.0.1" start >/dev/null
    log "PostgreSQL cluster on 127.0.0.1:$PG_PORT"
fi
restored=0

printf '%-8s %-10s %-48s %9s %14s %8s %15s %8s\n' players "db MB" binary "backup MB" "backup RSS MB" seconds \
    "restore RSS MB" seconds
for players in $PLAYERS; do
    DB=$WORK/site-$players.sqlite
    cp "$SEED" "$DB"
    if [ -f "$SEED-wal" ]; then cp "$SEED-wal" "$DB-wal"; fi
    timeout "$LIMIT" python3 Benchmarks/http/seed.py clone --database "$DB" --total "$players" >&2
    backups=()
    for index in "${!BINARIES[@]}"; do
        binary=${BINARIES[$index]}
        backup=$WORK/backup-$players-$index.jsonl
        read -r backup_rss backup_seconds < <(measure "$binary" backup "$backup" --database "$DB")
        read -r restore_rss restore_seconds < <(
            measure "$binary" restore "$backup" --database "$WORK/restored-$players-$index.sqlite")
        printf '%-8s %-10s %-48s %9s %14s %8s %15s %8s\n' "$players" "$(megabytes "$DB")" "$binary" \
            "$(megabytes "$backup")" "$backup_rss" "$backup_seconds" "$restore_rss" "$restore_seconds"
        backups+=("$backup")
        if [ -n "$PG_BIN" ]; then
            restored=$((restored + 1))
            "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres "restored$restored"
            database="postgres://postgres@127.0.0.1:$PG_PORT/restored$restored"
            read -r pg_rss pg_seconds < <(measure "$binary" restore "$backup" --database "$database")
            measure "$binary" backup "$WORK/again-$players-$index.jsonl" --database "$database" >/dev/null
            same="the same bytes"
            cmp -s "$backup" "$WORK/again-$players-$index.jsonl" || same="NOT the same bytes"
            echo "  restored into PostgreSQL in $pg_seconds s (peak RSS $pg_rss MB); its backup is $same"
        fi
    done
    for backup in "${backups[@]:1}"; do
        if cmp -s "${backups[0]}" "$backup"; then
            echo "  $players players: every binary's backup is the same bytes"
        else
            echo "  $players players: the backups differ (${backups[0]} and $backup)"
        fi
    done
done
