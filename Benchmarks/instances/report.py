"""The table of Benchmarks/instances/run.sh: one row per set-up, from its JSON lines."""

import json
import os
import subprocess
import sys


def cpu(run):
    """A load's CPU per request, as "instances + PostgreSQL" microseconds, with the instances'
    wake-ups per request where the line has them (— for older lines)."""
    if "instances_cpu_us" not in run:
        return "—"
    runs = f" ({run['instances_runs']} wake-ups)" if "instances_runs" in run else ""
    return f"{run['instances_cpu_us']} + {run['postgres_cpu_us']}{runs}"


def ping(claims):
    """The bots' ping over the same path, " [ping p50]", where the line has it."""
    return f" [ping {claims['ping_ms_p50']}]" if claims.get("ping_ms_p50") is not None else ""


def others(claims):
    """The claim's time to the room's other bots, " (p50 / p99)", where the line has it."""
    if "claim_to_others_ms_p50" not in claims:
        return ""
    return f" ({claims['claim_to_others_ms_p50']} / {claims['claim_to_others_ms_p99']})"


rows = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
print(f"\ncommit {commit} (binary {os.environ.get('BINARY', 'of this commit')}), "
      f"{os.cpu_count()} CPUs shared by nginx, the instances, PostgreSQL and the load")
print("| set-up | taps/s (p50 / p99 ms) | selects/s (p50 / p99 ms) | claims/s (judged) | "
      "claim → broadcast p50 / p99 ms (to the others) [ping p50] | CPU µs a tap, a select (instances + PostgreSQL) (instances' wake-ups) | "
      "non-2xx, socket errors, bot errors | instances' peak RSS |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for row in rows:
    tap, select, claims = row["tap"], row["select"], row["claims"]
    socket_errors = sum(sum(run["socket_errors"].values()) for run in (tap, select))
    refused = sum(
        count for run in (tap, select) for status, count in run["statuses"].items() if not status.startswith("2"))
    print(
        f"| {row['instances']} × {row['store']} "
        f"| {tap['per_s']:,} ({tap['p50_ms']} / {tap['p99_ms']}) "
        f"| {select['per_s']:,} ({select['p50_ms']} / {select['p99_ms']}) "
        f"| {claims['claims_per_s']} ({claims['claims_judged']:,}) "
        f"| {claims['claim_to_broadcast_ms_p50']} / {claims['claim_to_broadcast_ms_p99']}{others(claims)}{ping(claims)} "
        f"| {cpu(tap)}, {cpu(select)} "
        f"| {refused}, {socket_errors}, {claims['errors']} | {row['instances_rss_mb']} MB |"
    )
