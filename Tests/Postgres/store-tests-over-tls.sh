#!/usr/bin/env bash
# The store tests once more, on PostgreSQL over TLS alone (sslmode=verify-full, the throw-away
# authority of with-cluster.sh), after `swift test` has built and run everything else: run as
# their own pass so the main run's load on the machine stays what it was.
#
#   bash Tests/Postgres/with-cluster.sh bash Tests/Postgres/store-tests-over-tls.sh
set -euo pipefail
[ -n "${CARDTABLE_TEST_POSTGRES_TLS:-}" ] || { echo "run it inside Tests/Postgres/with-cluster.sh" >&2; exit 1; }
CARDTABLE_TEST_STORES=postgres-over-tls swift test --skip-build --filter \
    'StorageTests|DamagedRowTests|DatabaseTransactionTests|PlayerNameTests|PlayerMergeTests|BackupTests|BackupStreamingTests'
