#!/usr/bin/env python3
"""Slow and malformed clients against a running CardTable server (not a test; numbers for a person to read).

Opens many sockets that each misbehave in one way (--mode), times normal GETs of /health and /
while they are open, and reports how many of them the server closed and when, with the server's
open files and memory before and after when --pid names it. Only talks to 127.0.0.1, and stops
after --duration seconds.

  trickle-head    the start of a request head, then a byte every --interval (never finished)
  malformed-head  one request head the server cannot read (an unknown method, HTTP/1.2, a
                  control byte, two lengths, a TLS greeting, ...), then nothing; never closed by
                  the client
  slow-body       a whole head promising 60,000 bytes of body, then a byte every --interval

    swift run -c release cardtable serve --port 8091 --database /tmp/slowbench.sqlite &
    python3 Benchmarks/slow-clients.py --url http://127.0.0.1:8091 --mode malformed-head --pid $!
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
    parser.add_argument("--mode", choices=["trickle-head", "malformed-head", "slow-body"], default="trickle-head")
    parser.add_argument("--pid", type=int, help="the server's process, for its open files and memory")
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


MALFORMED_HEADS = [
    b"BREW /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"get /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /health HTTP/1.2\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /he\x01alth HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"POST /set/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10, 10\r\n\r\n",
    b"POST /set/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + b"*" * 32,
]


class Trickler:
    """One socket that misbehaves in the chosen way until the server closes it."""

    def __init__(self, port, mode, index):
        self.port = port
        self.mode = mode
        self.index = index
        self.opened = None
        self.closed_after = None  # seconds from opening until the server closed it
        self.status = None  # the first line the server answered, if any
        self.failed = None

    async def run(self, interval, until):
        if self.mode == "trickle-head":
            await self.send_slowly(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", interval, until)
        elif self.mode == "slow-body":
            head = (
                b"POST /set/new HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n"
            )
            await self.send_slowly(head, interval, until)
        else:
            await self.send_slowly(MALFORMED_HEADS[self.index % len(MALFORMED_HEADS)], None, until)

    async def send_slowly(self, start, interval, until):
        """Sends `start`, then a byte every `interval` (or nothing when it is None) until the
        server closes the connection or time runs out."""
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError as error:
            self.failed = str(error)
            return
        self.opened = time.monotonic()
        watcher = asyncio.ensure_future(self.watch(reader))
        try:
            writer.write(start)
            if interval is None:
                await asyncio.wait({watcher}, timeout=max(0, until - time.monotonic()))
                return
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
            while chunk := await reader.read(4096):
                if self.status is None:
                    self.status = chunk.split(b"\r\n", 1)[0].decode(errors="replace")
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


def server_resources(pid):
    """(open files, resident memory in MB) of process `pid`, or None without one."""
    if pid is None:
        return None
    import os

    files = len(os.listdir(f"/proc/{pid}/fd"))
    with open(f"/proc/{pid}/status") as status:
        rss_kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return files, rss_kb / 1024


def describe_resources(label, resources):
    if resources is not None:
        print(f"Server {label}: {resources[0]} open files, {resources[1]:.1f} MB resident")


async def main():
    arguments = parse_arguments()
    limit = raise_open_file_limit()
    if limit < arguments.sockets + 100:
        sys.exit(f"This process may open only {limit} files; ask for fewer --sockets.")

    describe_resources("before", server_resources(arguments.pid))
    started = time.monotonic()
    until = started + arguments.duration
    tricklers = [Trickler(arguments.port, arguments.mode, index) for index in range(arguments.sockets)]
    tasks = []
    for batch in range(0, len(tricklers), 100):
        for trickler in tricklers[batch : batch + 100]:
            tasks.append(asyncio.ensure_future(trickler.run(arguments.interval, until)))
        await asyncio.sleep(0.05)
    while sum(t.opened is not None or t.failed is not None for t in tricklers) < len(tricklers):
        await asyncio.sleep(0.05)
    opened = sum(t.opened is not None for t in tricklers)
    print(f"{opened} {arguments.mode} sockets opened after {time.monotonic() - started:.1f} s", end="")
    print(f" ({len(tricklers) - opened} refused)" if opened < len(tricklers) else "")

    describe_resources("with them open", server_resources(arguments.pid))
    for path in ("/health", "/"):
        times, statuses = [], {}
        for _ in range(arguments.requests):
            seconds, status = await timed_get(arguments.port, path)
            times.append(seconds)
            statuses[status] = statuses.get(status, 0) + 1
        still_open = sum(t.opened is not None and t.closed_after is None for t in tricklers)
        print(
            f"{arguments.requests} GETs of {path} meanwhile ({still_open} {arguments.mode} sockets still open): "
            f"p50 {describe(statistics.median(times))}, max {describe(max(times))}; {statuses}"
        )

    await asyncio.gather(*tasks)
    closed = sorted(t.closed_after for t in tricklers if t.closed_after is not None)
    print(f"After {arguments.duration:.0f} s the server had closed {len(closed)} of {opened} {arguments.mode} sockets", end="")
    if closed:
        print(
            f", {closed[0]:.2f} s to {closed[-1]:.2f} s after each opened "
            f"(median {statistics.median(closed):.2f} s)"
        )
    else:
        print()
    answers = {}
    for trickler in tricklers:
        answers[trickler.status or "(no answer)"] = answers.get(trickler.status or "(no answer)", 0) + 1
    print(f"Answers: {dict(sorted(answers.items()))}")
    describe_resources("after", server_resources(arguments.pid))


if __name__ == "__main__":
    asyncio.run(main())
