#!/usr/bin/env bash
# The PostgreSQL tests that load the machine most, as passes of their own after `swift test` has
# built and run everything else, so the main pass's connection-deadline tests keep the machine
# they were written for: the store tests again on PostgreSQL over TLS alone (sslmode=verify-full,
# the throw-away authority of with-cluster.sh), then FailFastTests alone, which makes, stops and
# starts a cluster of its own and times the answers meanwhile, then SilentDatabaseTests alone,
# which freezes a cluster of its own (SIGSTOP) and thaws it, then the two walks that keep both
# cores busy for a minute (every damaged column on both stores; the hostile corpus).
#
#   bash Tests/Postgres/with-cluster.sh bash Tests/Postgres/second-pass.sh
set -euo pipefail
[ -n "${CARDTABLE_TEST_POSTGRES_TLS:-}" ] || { echo "run it inside Tests/Postgres/with-cluster.sh" >&2; exit 1; }
CARDTABLE_TEST_STORES=postgres-over-tls swift test --skip-build --filter \
    'StorageTests|DamagedRowTests|DatabaseTransactionTests|PlayerNameTests|PlayerMergeTests|BackupTests|BackupStreamingTests'
CARDTABLE_TEST_STOPS_CLUSTERS=1 swift test --skip-build --filter FailFastTests
CARDTABLE_TEST_STOPS_CLUSTERS=1 swift test --skip-build --filter SilentDatabaseTests
CARDTABLE_TEST_HEAVY_WALKS=1 swift test --skip-build --filter 'DamageWalkTests|HostileCorpusTests'
