#!/usr/bin/env bash
# The leaderboard's query plan with 100,000 rated players (issue 49), on SQLite and (when
# CARDTABLE_TEST_POSTGRES names a database, as Tests/Postgres/with-cluster.sh sets it) PostgreSQL:
# a release build of cardtable makes each schema (`cardtable serve` migrates, then stops), the
# players are added with SQL (each with a name, a Set Normal rating spread over 1000-2400, a third
# provisional, a tenth idle 40 days, one in fifty hidden), and the query Leaderboard.swift sends is
# explained and timed. Not a test: it prints the plans.
#
#   bash Tests/Postgres/with-cluster.sh bash Benchmarks/ratings/leaderboard-plan.sh     PLAYERS=100000
set -euo pipefail
cd "$(dirname "$0")/../.."
PLAYERS=${PLAYERS:-100000}
BINARY="$(swift build -c release --show-bin-path)/cardtable"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

migrate() {  # migrate DATABASE [serve options…]: starts cardtable on it once, so it migrates
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$BINARY" serve --port "$port" --database "$@" --log-level warning > "$WORK/serve.log" 2>&1 &
    local server=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
    kill "$server"
    wait "$server" 2>/dev/null || true
}

# The rows, in SQL both databases run: n from 1 to PLAYERS.
seed() {  # seed NOW_EXPRESSION IDLE_EXPRESSION: the SELECT over `n` each table takes its rows from
    cat <<SQL
INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
    SELECT printf_id, $1, $1, (1 = 0), (1 = 0) FROM numbers;
INSERT INTO player_name (player_id, name, updated_at) SELECT printf_id, 'Player ' || n, $1 FROM numbers;
INSERT INTO player_rating (player_id, game, mode, rating, deviation, volatility, games, last_played_at)
    SELECT printf_id, 'set', 'normal', 1000 + (n * 7919 % 1400), CASE WHEN n % 3 = 0 THEN 150 ELSE 60 END,
        0.06, 20, CASE WHEN n % 10 = 0 THEN $2 ELSE $1 END FROM numbers;
INSERT INTO leaderboard_hidden (player_id, hidden_at) SELECT printf_id, $1 FROM numbers WHERE n % 50 = 0;
SQL
}

query() {  # query CUTOFF_EXPRESSION: the leaderboard's query, with the 30 days' cutoff
    echo "SELECT r.player_id, n.name, r.rating, r.deviation, r.games FROM player_rating AS r
JOIN player_name AS n ON n.player_id = r.player_id
WHERE r.game = 'set' AND r.mode = 'normal' AND r.deviation < 110.0
    AND r.last_played_at >= $1 AND n.name IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM leaderboard_hidden AS h WHERE h.player_id = r.player_id)
ORDER BY r.rating DESC, r.player_id LIMIT 100"
}
QUERY_SQLITE=$(query "strftime('%Y-%m-%d %H:%M:%f', 'now', '-30 days')")
QUERY_POSTGRES=$(query "now() - interval '30 days'")

echo "== SQLite, $PLAYERS rated players"
migrate "$WORK/cardtable.sqlite"
{
    echo "CREATE TEMP TABLE numbers AS WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < $PLAYERS)"
    echo "    SELECT n, printf('%032x', n) AS printf_id FROM c;"
    seed "strftime('%Y-%m-%d %H:%M:%f', 'now')" "strftime('%Y-%m-%d %H:%M:%f', 'now', '-40 days')"
    echo "ANALYZE;"
    echo "EXPLAIN QUERY PLAN $QUERY_SQLITE;"
    echo ".timer on"
    echo "SELECT count(*) FROM ($QUERY_SQLITE);"
} | sqlite3 "$WORK/cardtable.sqlite"

if [ -n "${CARDTABLE_TEST_POSTGRES:-}" ]; then
    echo "== PostgreSQL, $PLAYERS rated players"
    migrate "$CARDTABLE_TEST_POSTGRES" --secret-file "$WORK/secret"
    {
        echo "CREATE TEMP TABLE numbers AS SELECT n, lpad(to_hex(n), 32, '0') AS printf_id FROM generate_series(1, $PLAYERS) AS n;"
        seed "now()" "now() - interval '40 days'"
        echo "ANALYZE;"
        echo "EXPLAIN (ANALYZE, BUFFERS) $QUERY_POSTGRES;"
    } | psql -X -q "$CARDTABLE_TEST_POSTGRES"
fi
