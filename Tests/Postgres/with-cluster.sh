#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL cluster: installs Debian's postgresql when it is
# missing, makes a cluster in a temporary folder (initdb as the postgres user, trust
# authentication, a Unix socket folder of its own and a free port on 127.0.0.1, and
# pg_stat_statements loaded, which RoundTripTests counts statements with), starts it, runs the
# command with CARDTABLE_TEST_POSTGRES set to it, then stops the cluster and removes it. The
# cluster also speaks TLS with a certificate of a throw-away authority (openssl), for the store
# tests that run over it: CARDTABLE_TEST_POSTGRES_TLS is the same database with
# sslmode=verify-full and that authority as sslrootcert.
#
#   bash Tests/Postgres/with-cluster.sh swift test
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || ! command -v openssl >/dev/null; then
    apt-get update
    apt-get install -y --no-install-recommends postgresql openssl
fi
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"

FOLDER="$(mktemp -d)"
chmod 755 "$FOLDER"
mkdir "$FOLDER/data" "$FOLDER/socket" "$FOLDER/tls"
# A certificate authority of its own, and the server's certificate for 127.0.0.1 signed by it.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=CardTable test authority" \
    -keyout "$FOLDER/tls/ca-key.pem" -out "$FOLDER/tls/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$FOLDER/tls/server-key.pem" -out "$FOLDER/tls/server.csr" 2>/dev/null
openssl x509 -req -in "$FOLDER/tls/server.csr" -CA "$FOLDER/tls/ca.pem" -CAkey "$FOLDER/tls/ca-key.pem" \
    -CAcreateserial -days 2 -extfile <(printf 'subjectAltName=IP:127.0.0.1,DNS:localhost') \
    -out "$FOLDER/tls/server.pem" 2>/dev/null
chmod 600 "$FOLDER/tls/server-key.pem"
chown postgres:postgres "$FOLDER/data" "$FOLDER/socket" "$FOLDER/tls/server.pem" "$FOLDER/tls/server-key.pem"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

stop() {
    runuser -u postgres -- "$BIN/pg_ctl" -D "$FOLDER/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$FOLDER"
}
trap stop EXIT

runuser -u postgres -- "$BIN/initdb" -D "$FOLDER/data" --auth=trust --username=postgres \
    --encoding=UTF8 --locale=C.UTF-8 >"$FOLDER/initdb.log" 2>&1 || { cat "$FOLDER/initdb.log"; exit 1; }
# fsync stays on, as on a real site: what PostgreSQL acknowledged is on disk.
runuser -u postgres -- "$BIN/pg_ctl" -D "$FOLDER/data" -l "$FOLDER/socket/server.log" -w \
    -o "-p $PORT -k $FOLDER/socket -c listen_addresses=127.0.0.1 -c max_connections=1000 -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=50000 -c ssl=on -c ssl_cert_file=$FOLDER/tls/server.pem -c ssl_key_file=$FOLDER/tls/server-key.pem" start >/dev/null \
    || { cat "$FOLDER/socket/server.log"; exit 1; }

export CARDTABLE_TEST_POSTGRES="postgres://postgres@127.0.0.1:$PORT/postgres"
export CARDTABLE_TEST_POSTGRES_TLS="$CARDTABLE_TEST_POSTGRES?sslmode=verify-full&sslrootcert=$FOLDER/tls/ca.pem"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT for the tests"
"$@"
