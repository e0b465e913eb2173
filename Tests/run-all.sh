#!/usr/bin/env bash
# Every check CardTable has, one after another: the format lint, the Swift tests on SQLite and a
# throw-away PostgreSQL cluster, their second pass (TLS, a stopped database), the Chromium suite,
# the WebKit suite and schemathesis against the API's contract. Each part runs even when one before it failed; the last line sums them up
# and the exit status is non-zero when any failed. `.ci/run` runs exactly this.
#
#     bash Tests/run-all.sh
#
# Each part's output goes to the terminal and to test-output/PART.log.
set -uo pipefail
cd "$(dirname "$0")/.."
# Ctrl-C stops the whole run, not only the part it interrupted.
trap 'echo "run-all: interrupted"; exit 130' INT

LOGS=test-output
mkdir -p "$LOGS"
started=$SECONDS
summary=()
failed_logs=()
failed=0

# How many tests a part ran: the sum of Swift Testing's "Test run with N tests" lines, the sum of
# schemathesis' "N generated" (its runs' cases), or pytest's last "N passed".
count_in() {
    local log=$1
    local swift cases pytest
    swift=$(grep -aoE "Test run with [0-9]+ tests?" "$log" | grep -oE "[0-9]+" | awk '{ s += $1 } END { if (NR) print s }')
    cases=$(grep -aoE "[0-9]+ generated" "$log" | grep -oE "[0-9]+" | awk '{ s += $1 } END { if (NR) print s }')
    pytest=$(grep -aoE "[0-9]+ passed" "$log" | tail -1 | grep -oE "[0-9]+")
    if [[ -n "$swift" ]]; then
        echo " ($swift tests)"
    elif [[ -n "$cases" ]]; then
        echo " ($cases cases)"
    elif [[ -n "$pytest" ]]; then
        echo " ($pytest passed)"
    fi
}

# part NAME COMMAND…: runs the command, keeps its output, and notes how it went.
part() {
    local name=$1
    shift
    local log="$LOGS/$name.log" begun=$SECONDS
    echo "== $name: $*"
    "$@" 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    local took=$((SECONDS - begun))
    if ((status == 0)); then
        summary+=("$name ok$(count_in "$log") ${took}s")
    else
        summary+=("$name FAILED (exit $status, $LOGS/$name.log) ${took}s")
        failed_logs+=("$log")
        failed=1
    fi
}

part lint swift format lint --strict -r Sources Tests
part swift bash Tests/Postgres/with-cluster.sh swift test
part second-pass bash Tests/Postgres/with-cluster.sh bash Tests/Postgres/second-pass.sh
part chromium bash Tests/Browser/run.sh
part webkit bash Tests/WebKit/run.sh
part contract bash Tests/Contract/run.sh

# A failed part's own words, repeated at the end where CI's excerpt of the output shows them:
# Swift Testing's recorded issues and crashes, compiler errors, pytest's FAILED/ERROR lines and
# schemathesis' failure headings.
for log in ${failed_logs[@]+"${failed_logs[@]}"}; do
    echo "== what failed in $log:"
    grep -aE "recorded an issue|Fatal error|error: |^(FAILED|ERROR) |^_+ .* _+$|^[0-9]+\. Test Case ID" "$log" | head -30
done

total=$((SECONDS - started))
line=$(IFS=';'; echo "${summary[*]}")
if ((failed)); then
    echo "run-all: FAILED · ${line//;/ · } · $((total / 60)) min $((total % 60)) s"
else
    echo "run-all: all passed · ${line//;/ · } · $((total / 60)) min $((total % 60)) s"
fi
exit "$failed"
