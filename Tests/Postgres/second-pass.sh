#!/usr/bin/env bash
# The PostgreSQL tests that load the machine most, as a pass of their own after `swift test` has
# built and run everything else, so the main pass's connection-deadline tests keep the machine
# they were written for: the store tests again on PostgreSQL over TLS alone (sslmode=verify-full,
# the throw-away authority of with-cluster.sh), and FailFastTests, which makes, stops and starts
# a cluster of its own.
#
#   bash Tests/Postgres/with-cluster.sh bash Tests/Postgres/second-pass.sh
set -euo pipefail
[ -n "${CARDTABLE_TEST_POSTGRES_TLS:-}" ] || { echo "run it inside Tests/Postgres/with-cluster.sh" >&2; exit 1; }
CARDTABLE_TEST_STORES=postgres-over-tls CARDTABLE_TEST_STOPS_CLUSTERS=1 swift test --skip-build --filter \
    'StorageTests|DamagedRowTests|DatabaseTransactionTests|PlayerNameTests|PlayerMergeTests|BackupTests|BackupStreamingTests|FailFastTests'
