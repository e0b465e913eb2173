#!/usr/bin/env python3
"""Slow clients against a running CardTable server (not a test; numbers for a person to read).

Opens many sockets that each send the start of a request head and then a byte now and then,
times normal GETs of / while they are open, and reports how many of the slow sockets the server
closed and when. Only talks to 127.0.0.1, and stops after --duration seconds.

    swift run cardtable serve --port 8091 --database /tmp/slowbench.sqlite &
    python3 Benchmarks/slow-clients.py --url http://127.0.0.1:8091
"""

import argparse
import asyncio
import random
import resource
import statistics
import sys
import time
from urllib.parse import urlsplit


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server (127.0.0.1 only)")
    parser.add_argument("--sockets", type=int, default=1000, help="trickling sockets (at most 5,000)")
    parser.add_argument("--requests", type=int, default=50, help="normal GETs of / to time")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a socket's bytes")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds to keep trickling")
    arguments = parser.parse_args()
    parts = urlsplit(arguments.url)
    if parts.hostname not in ("127.0.0.1", "localhost"):
        parser.error("only a server on 127.0.0.1 may be tried")
    if not 1 <= arguments.sockets <= 5000 or not 1 <= arguments.requests <= 1000:
        parser.error("--sockets must be 1 to 5,000 and --requests 1 to 1,000")
    if not 0 < arguments.duration <= 600 or arguments.interval <= 0:
        parser.error("--duration must be up to 600 seconds and --interval above 0")
    arguments.port = parts.port or 80
    return arguments


def raise_open_file_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Trickler:
    """One socket that sends a request head a byte at a time and never finishes it."""

    def __init__(self, port):
        self.port = port
        self.opened = None
        self.closed_after = None  # seconds from opening until the server closed it
        self.failed = None

    async def run(self, interval, until):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError as error:
            self.failed = str(error)
            return
        self.opened = time.monotonic()
        watcher = asyncio.ensure_future(self.watch(reader))
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            # NB: spread the bytes out so the sockets do not all write at once.
            await asyncio.sleep(random.uniform(0, interval))
            while time.monotonic() < until and self.closed_after is None:
                writer.write(b"a")
                await writer.drain()
                await asyncio.wait({watcher}, timeout=interval)
        except (ConnectionError, OSError):
            await asyncio.wait({watcher}, timeout=1)
        finally:
            watcher.cancel()
            writer.close()

    async def watch(self, reader):
        try:
            while await reader.read(4096):
                pass
        except (ConnectionError, OSError):
            pass
        self.closed_after = time.monotonic() - self.opened


async def timed_get(port, path):
    """A new player's request on a fresh connection: (seconds, status line)."""
    start = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    answer = await asyncio.wait_for(reader.read(), timeout=30)
    seconds = time.monotonic() - start
    writer.close()
    return seconds, answer.split(b"\r\n", 1)[0].decode(errors="replace")


def describe(seconds):
    return f"{seconds * 1000:.1f} ms"


async def main():
    arguments = parse_arguments()
    limit = raise_open_file_limit()
    if limit < arguments.sockets + 100:
        sys.exit(f"This process may open only {limit} files; ask for fewer --sockets.")

    started = time.monotonic()
    until = started + arguments.duration
    tricklers = [Trickler(arguments.port) for _ in range(arguments.sockets)]
    tasks = []
    for batch in range(0, len(tricklers), 100):
        for trickler in tricklers[batch : batch + 100]:
            tasks.append(asyncio.ensure_future(trickler.run(arguments.interval, until)))
        await asyncio.sleep(0.05)
    while sum(t.opened is not None or t.failed is not None for t in tricklers) < len(tricklers):
        await asyncio.sleep(0.05)
    opened = sum(t.opened is not None for t in tricklers)
    print(f"{opened} trickling sockets open after {time.monotonic() - started:.1f} s", end="")
    print(f" ({len(tricklers) - opened} refused)" if opened < len(tricklers) else "")

    health_time, health_status = await timed_get(arguments.port, "/health")
    print(f"GET /health: {health_status} in {describe(health_time)}")
    times, statuses = [], {}
    for _ in range(arguments.requests):
        seconds, status = await timed_get(arguments.port, "/")
        times.append(seconds)
        statuses[status] = statuses.get(status, 0) + 1
    still_open = sum(t.opened is not None and t.closed_after is None for t in tricklers)
    print(
        f"{arguments.requests} GETs of / with {still_open} trickling sockets open: "
        f"min {describe(min(times))}, median {describe(statistics.median(times))}, "
        f"max {describe(max(times))}; {statuses}"
    )

    await asyncio.gather(*tasks)
    closed = sorted(t.closed_after for t in tricklers if t.closed_after is not None)
    print(f"After {arguments.duration:.0f} s the server had closed {len(closed)} of {opened} trickling sockets", end="")
    if closed:
        print(
            f", {closed[0]:.2f} s to {closed[-1]:.2f} s after each opened "
            f"(median {statistics.median(closed):.2f} s)"
        )
    else:
        print()


if __name__ == "__main__":
    asyncio.run(main())
