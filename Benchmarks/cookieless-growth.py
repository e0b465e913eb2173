#!/usr/bin/env python3
"""How much 10,000 cookieless page views grow the database.

Run against a server started on its own database file, e.g.

    swift run cardtable serve --port 8093 --database /tmp/growth.sqlite &
    python3 Benchmarks/cookieless-growth.py --url http://127.0.0.1:8093 --database /tmp/growth.sqlite

It sends GETs of every page in turn, without a cookie (as a crawler or a stranger would), and
prints the size of the database file and its write-ahead log before and after, and the row
counts of the player, theme and game tables. Only 127.0.0.1 is accepted.
"""
import argparse
import http.client
import json
import os
import sqlite3
import time
import urllib.parse


def sizes(path):
    return {suffix or "db": os.path.getsize(path + suffix) if os.path.exists(path + suffix) else 0
            for suffix in ("", "-wal")}


def rows(path):
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return {table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("player", "theme", "memorize_game", "set_game")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--database", required=True)
    parser.add_argument("--visits", type=int, default=10_000)
    args = parser.parse_args()
    url = urllib.parse.urlparse(args.url)
    if url.hostname not in ("127.0.0.1", "localhost"):
        raise SystemExit("only 127.0.0.1 is measured")

    connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=10)

    def get(path, accept="text/html"):
        connection.request("GET", path, headers={"Accept": accept})
        response = connection.getresponse()
        body = response.read()
        return response.status, body

    status, body = get("/", "application/json")
    theme = json.loads(body)["rows"][0]["theme"]["id"]
    pages = ["/", "/?edit=1", "/themes/new", f"/themes/{theme}/edit", f"/themes/{theme}.json",
             "/play/random", f"/play/{theme}", "/set"]

    before_sizes, before_rows = sizes(args.database), rows(args.database)
    statuses = {}
    started = time.monotonic()
    for visit in range(args.visits):
        status, _ = get(pages[visit % len(pages)])
        statuses[status] = statuses.get(status, 0) + 1
    elapsed = time.monotonic() - started
    after_sizes, after_rows = sizes(args.database), rows(args.database)

    print(f"{args.visits} cookieless GETs of {len(pages)} pages in {elapsed:.1f} s "
          f"({args.visits / elapsed:.0f}/s), statuses {statuses}")
    for part in before_sizes:
        print(f"{part:>4}: {before_sizes[part]} -> {after_sizes[part]} bytes "
              f"(grew {after_sizes[part] - before_sizes[part]})")
    print(f"rows before {before_rows}, after {after_rows}")
    growth = sum(after_sizes.values()) - sum(before_sizes.values())
    print(f"growth: {growth} bytes ({'under' if growth < 100 * 1024 else 'OVER'} the 100 KB budget)")


if __name__ == "__main__":
    main()
