#!/usr/bin/env python3
"""Helpers for Benchmarks/http/run.sh.

    report.py set-versions DB          the sum of every Set game's move counter (read-only)
    report.py weights --url U --cookie C --out FILE
                                       page weights of /, /play/random and /set and their assets
    report.py table DIR                prints the results kept in DIR as tables
"""
import argparse
import gzip
import html.parser
import http.client
import json
import os
import re
import sqlite3
import sys
import urllib.parse

PAGES = ["/", "/play/random", "/set"]
SCRIPT_IMPORT = re.compile(r"""\b(?:from|import)\s*\(?\s*["'](\./[^"']+)["']""")


def set_versions(args):
    with sqlite3.connect(f"file:{args.database}?mode=ro", uri=True) as db:
        print(db.execute("SELECT coalesce(sum(version), 0) FROM set_game").fetchone()[0])


class Assets(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        url = None
        if tag == "link" and attrs.get("href") and not attrs["href"].startswith("#"):
            url = attrs["href"]
        elif tag in ("script", "img") and attrs.get("src"):
            url = attrs["src"]
        if url and url.startswith("/") and url not in self.urls:
            self.urls.append(url)


def fetch(connection, path, cookie, headers=None):
    all_headers = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8",
                   "Cookie": "cardtable_player=" + cookie}
    all_headers.update(headers or {})
    connection.request("GET", path, headers=all_headers)
    response = connection.getresponse()
    body = response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def weigh(connection, path, cookie):
    status, headers, raw = fetch(connection, path, cookie)
    wire_status, wire_headers, wire = fetch(connection, path, cookie, {"Accept-Encoding": "gzip, deflate, br"})
    cache = headers.get("cache-control", "")
    revalidated = None
    if "max-age" not in cache or "no-cache" in cache:
        conditional = {}
        if "etag" in headers:
            conditional["If-None-Match"] = headers["etag"]
        if "last-modified" in headers:
            conditional["If-Modified-Since"] = headers["last-modified"]
        if conditional:
            revalidated = fetch(connection, path, cookie, conditional)[0]
    return {"path": path, "status": status, "raw": len(raw), "wire": len(wire),
            "wire_encoding": wire_headers.get("content-encoding", "identity"),
            "gzip": len(gzip.compress(raw, compresslevel=6)), "cache_control": cache,
            "revalidation_status": revalidated, "body": raw}


def weights(args):
    url = urllib.parse.urlparse(args.url)
    if url.hostname != "127.0.0.1":
        raise SystemExit("only 127.0.0.1 is used")
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    pages = []
    for page in PAGES:
        weighed = weigh(connection, page, args.cookie)
        parser = Assets()
        parser.feed(weighed.pop("body").decode("utf-8", "replace"))
        assets = []
        urls = list(parser.urls)
        for asset in urls:
            a = weigh(connection, asset, args.cookie)
            body = a.pop("body")
            if asset.endswith(".js"):
                # A module's imports are fetched too (cardtable.js, under its content-hashed name).
                for imported in SCRIPT_IMPORT.findall(body.decode("utf-8", "replace")):
                    url = urllib.parse.urljoin(asset, imported)
                    if url not in urls:
                        urls.append(url)
            assets.append(a)
        weighed["assets"] = assets
        pages.append(weighed)
    with open(args.out, "w") as file:
        json.dump(pages, file, indent=1)


def kib(n):
    return f"{n / 1024:.1f} KB" if n >= 1024 else f"{n} B"


def table(args):
    directory = args.directory
    meta = json.load(open(os.path.join(directory, "meta.json")))
    runs = meta["runs"]
    results = {}
    for run in runs:
        with open(os.path.join(directory, run["id"] + ".json")) as file:
            results[run["id"]] = json.load(file)
    health = results[runs[0]["id"]]
    health_rate = health["requests"] / (health["duration_us"] / 1e6)

    print(f"## CardTable HTTP benchmark — {meta['date']}")
    print()
    print(f"commit {meta['commit']}; {meta['machine']}")
    print(f"server: `taskset -c {meta['server_cpu']} cardtable serve` (release, log level {meta['log_level']}), "
          f"{meta['total_players']} players in the database ({meta['real_players']} real ones drive the load); "
          f"load: `taskset -c {meta['client_cpu']} wrk -t{meta['threads']} -c{meta['connections']} -d{meta['duration']}` "
          f"after a {meta['warmup']} warm-up of each request; GETs send `Accept-Encoding: "
          f"{os.environ.get('ACCEPT_ENCODING') or '(none)'}`, moves send none")
    print()
    print("| request | req/s | p50 ms | p99 ms | share of /health | statuses |")
    print("|---|---:|---:|---:|---:|---|")
    notes = []
    for run in runs:
        r = results[run["id"]]
        rate = r["requests"] / (r["duration_us"] / 1e6)
        statuses = ", ".join(f"{code}×{count}" for code, count in sorted(r["statuses"].items()))
        errors = {k: v for k, v in r["socket_errors"].items() if v}
        if errors:
            statuses += " · socket errors " + ", ".join(f"{k} {v}" for k, v in errors.items())
        share = rate / health_rate * 100
        print(f"| {run['label']} | {rate:,.0f} | {r['latency_us']['p50'] / 1000:.2f} | "
              f"{r['latency_us']['p99'] / 1000:.2f} | {share:.1f} % | {statuses} |")
        if r["outcomes"]:
            outcome = ", ".join(f"{k} {v}" for k, v in sorted(r["outcomes"].items(), key=lambda kv: -kv[1]))
            line = f"- {run['label']}: answers were {outcome}"
            if "set_versions" in run:
                line += f"; Set moves saved during the run (sum of `set_game.version`): +{run['set_versions']}"
            notes.append(line)
    last = results[runs[-1]["id"]]
    if runs[-1]["id"] != runs[0]["id"] and runs[-1]["mode"] == "get" and "health" in runs[-1]["id"]:
        last_rate = last["requests"] / (last["duration_us"] / 1e6)
        change = (last_rate / health_rate - 1) * 100
        print()
        print(f"`/health` went from {health_rate:,.0f} to {last_rate:,.0f} req/s ({change:+.0f} %) between the first "
              f"and the last run: differences of that size are noise on this machine.")
    if notes:
        print()
        print("What the writes did (announcements in the answers, warm-up excluded):")
        print("\n".join(notes))

    print()
    print("### Page weights (bodies only)")
    print()
    print("| resource | raw | over the wire (Accept-Encoding: gzip) | gzip -6 of raw | Cache-Control | repeat visit |")
    print("|---|---:|---:|---:|---|---|")
    pages = json.load(open(os.path.join(directory, "weights.json")))
    summaries = []
    for page in pages:
        first_raw, first_wire, first_gzip = page["raw"], page["wire"], page["gzip"]
        repeat_requests, repeat_bytes, revalidations = 1, page["wire"], 0
        rows = [page] + page["assets"]
        for index, item in enumerate(rows):
            cache = item["cache_control"] or "—"
            if index == 0:
                repeat = "fetched"
            elif "immutable" in cache or ("max-age" in cache and "no-cache" not in cache):
                repeat = "from cache"
            elif item["revalidation_status"] == 304:
                repeat = "revalidated (304)"
                repeat_requests += 1
                revalidations += 1
            else:
                repeat = "fetched"
                repeat_requests += 1
                repeat_bytes += item["wire"]
            if index > 0:
                first_raw += item["raw"]
                first_wire += item["wire"]
                first_gzip += item["gzip"]
            name = f"**{item['path']}**" if index == 0 else f"  {item['path']}"
            status = "" if item["status"] == 200 else f" (status {item['status']})"
            encoding = "" if item["wire_encoding"] == "identity" else f" ({item['wire_encoding']})"
            print(f"| {name}{status} | {item['raw']:,} | {item['wire']:,}{encoding} | {item['gzip']:,} | {cache} | {repeat} |")
        print(f"| {page['path']} first visit, page + {len(page['assets'])} assets | {first_raw:,} | "
              f"{first_wire:,} | {first_gzip:,} | | |")
        summaries.append(f"- {page['path']}: first visit {kib(first_wire)} over the wire ({kib(first_raw)} raw, "
                         f"{kib(first_gzip)} if gzipped); repeat visit {repeat_requests} requests "
                         f"({revalidations} answered 304), {kib(repeat_bytes)} of bodies")
    print()
    print("\n".join(summaries))

    print()
    print("### Server")
    print()
    print(f"- start-up until `GET /health` answered: {meta['startup_ms']} ms "
          f"(database {meta['database_mb']} MB)")
    print(f"- RSS: {meta['rss_start_kb'] / 1024:.1f} MB after start-up, {meta['rss_after_kb'] / 1024:.1f} MB "
          f"after the load (peak VmHWM {meta['hwm_after_kb'] / 1024:.1f} MB)")
    print(f"- server log: {meta['log_lines']:,} lines; {meta['log_problems']} at warning level or above; "
          f"request lines not 2xx/3xx: {meta['log_non_2xx']}")
    for line in meta.get("log_samples", []):
        print(f"    {line}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("set-versions")
    s.add_argument("database")
    w = commands.add_parser("weights")
    w.add_argument("--url", required=True)
    w.add_argument("--cookie", required=True)
    w.add_argument("--out", required=True)
    t = commands.add_parser("table")
    t.add_argument("directory")
    args = parser.parse_args()
    {"set-versions": set_versions, "weights": weights, "table": table}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
