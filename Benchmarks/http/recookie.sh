#!/usr/bin/env bash
# Re-signs a seeded benchmark's cookies with another build of cardtable: serves a copy of the
# seeded database with BINARY, sends each player's cookie once and keeps the cookie the answer
# sets, so that build is loaded with cookies it takes as they are (a build that signs cookies
# another way would otherwise sign a new one on every answer).
#
#   bash Benchmarks/http/recookie.sh BINARY KEPT_DIRECTORY > after-cookies.txt
set -euo pipefail
[ $# = 2 ] || { sed -n 2,7p "$0" >&2; exit 2; }
BINARY=$1 SEEDED=$2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-recookie.XXXXXX")
trap 'kill "$SERVER" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT
cp "$SEEDED"/cardtable.sqlite* "$WORK/"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BINARY" serve --hostname 127.0.0.1 --port "$PORT" --database "$WORK/cardtable.sqlite" --log-level error \
    >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 200); do curl -sf --max-time 2 -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.05; done
while read -r cookie rest; do
    fresh=$(curl -sf --max-time 5 -o /dev/null -D - -H "Cookie: cardtable_player=$cookie" "http://127.0.0.1:$PORT/" |
        sed -n 's/^[Ss]et-[Cc]ookie: cardtable_player=\([^;]*\).*/\1/p' | tr -d '\r')
    [ -n "$fresh" ] || { echo "no cookie came back for $cookie" >&2; exit 1; }
    echo "$fresh $rest"
done <"$SEEDED/cookies.txt"
