"""Room load benchmark (issue 13): ROOMS rooms of 4 bots each play Set against a CardTable server
through WebSockets on 127.0.0.1, for DURATION seconds.

Each bot has its own player (cookie). In each room the host makes the room, three bots join,
the host starts; every bot then watches the events, and after a human-like pause (0.3-1.5 s)
claims a Set it sees, or votes to deal when there is none; when a game ends the host starts a
rematch. Measured: events received per second (all bots), claims per second, the time from a
claim being sent to the bot receiving the event that judges it (scored, tooLate or wrongSet), p50
and p99, and the same time to the room's other bots receiving it (behind several instances,
their sockets may be on another instance than the claimer's). Each bot also pings its socket
every PING_SECONDS (2) and times the pong: the same path to the instance and back, and the same
bots' loop, without the claim's work on the instance, so a claim's time less the ping's is about
what the instance took to judge it, save it and send it out. Prints one JSON line.
"""

import asyncio
import itertools
import json
import os
import random
import statistics
import sys
import time
import urllib.request

import websockets

BASE = os.environ["BASE"]  # http://127.0.0.1:PORT
ROOMS = int(os.environ.get("ROOMS", "25"))
DURATION = float(os.environ.get("DURATION", "20"))
PING_SECONDS = float(os.environ.get("PING_SECONDS", "2"))
WS_BASE = BASE.replace("http://", "ws://")


def digits(card):
    return (card // 27 % 3, card // 9 % 3, card // 3 % 3, card % 3)


def sets_in(cards):
    found = []
    for a, b, c in itertools.combinations(cards, 3):
        if all((x + y + z) % 3 == 0 for x, y, z in zip(digits(a), digits(b), digits(c))):
            found.append([a, b, c])
    return found


def request(path, cookie=None, body=None):
    headers = {"Accept": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, headers=headers, method="POST" if data else "GET")
    with urllib.request.urlopen(req) as response:
        return response, response.read()


def new_player():
    response, _ = request("/health")
    response, _ = request("/", None)
    cookie = response.headers["Set-Cookie"].split(";")[0]
    return cookie


class Stats:
    def __init__(self):
        self.events = 0
        self.claims = 0
        self.latencies = []
        self.to_others = []
        self.errors = 0
        self.pings = []
        # When each (room, member)'s last claim went out, for the other bots' latency.
        self.sent = {}


async def bot(room, cookie, number, is_host, stats, deadline):
    url = f"{WS_BASE}/rooms/{room}/socket"
    pending = None  # the time our claim went out
    async with websockets.connect(url, additional_headers={"Cookie": cookie}, max_size=2**20) as socket:
        view = None
        next_move = time.monotonic() + random.uniform(0.3, 1.5)
        next_ping = time.monotonic() + random.uniform(0, PING_SECONDS)
        pings = set()

        async def ping():
            sent = time.monotonic()
            try:
                await (await socket.ping())
            except websockets.ConnectionClosed:
                return
            stats.pings.append(time.monotonic() - sent)

        async def act():
            nonlocal pending
            if view is None or view.get("phase") != "playing" or pending is not None:
                return
            table = view["set"]["cards"]
            found = sets_in(table)
            if found:
                pending = time.monotonic()
                stats.sent[(room, number)] = pending
                stats.claims += 1
                await socket.send(json.dumps({"type": "claim", "cards": random.choice(found)}))
            elif str(number - 1) not in map(str, view["set"]["dealVotes"]):
                await socket.send(json.dumps({"type": "deal"}))

        while time.monotonic() < deadline:
            if time.monotonic() >= next_ping:
                task = asyncio.create_task(ping())
                pings.add(task)
                task.add_done_callback(pings.discard)
                next_ping = time.monotonic() + PING_SECONDS
            timeout = max(0.01, min(next_move, next_ping, deadline) - time.monotonic())
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=timeout)
            except asyncio.TimeoutError:
                if time.monotonic() >= next_move:
                    await act()
                    next_move = time.monotonic() + random.uniform(0.3, 1.5)
                continue
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                pending = None
                continue
            stats.events += 1
            view = message.get("view", view)
            judged = message.get("kind") in ("scored", "tooLate", "wrongSet")
            if judged and message.get("member") != number:
                sent = stats.sent.get((room, message.get("member")))
                if sent is not None:
                    stats.to_others.append(time.monotonic() - sent)
            if message.get("member") == number and judged:
                if pending is not None:
                    stats.latencies.append(time.monotonic() - pending)
                    pending = None
            if is_host and view and view.get("phase") == "finished":
                await socket.send(json.dumps({"type": "start"}))


async def main():
    stats = Stats()
    rooms = []
    for _ in range(ROOMS):
        cookies = [new_player() for _ in range(4)]
        _, body = request("/rooms", cookies[0], {"game": "set", "name": "Host"})
        code = json.loads(body)["code"]
        for index, cookie in enumerate(cookies[1:], start=2):
            request(f"/rooms/{code}/join", cookie, {"name": f"Bot {index}"})
        request(f"/rooms/{code}/start", cookies[0], {})
        rooms.append((code, cookies))
    deadline = time.monotonic() + DURATION
    started = time.monotonic()
    await asyncio.gather(*[
        bot(code, cookie, index + 1, index == 0, stats, deadline)
        for code, cookies in rooms for index, cookie in enumerate(cookies)
    ])
    elapsed = time.monotonic() - started
    def percentile(p, values=sorted(stats.latencies)):
        return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 1) if values else None
    to_others = sorted(stats.to_others)
    pings = sorted(stats.pings)
    print(json.dumps({
        "rooms": ROOMS, "connections": ROOMS * 4, "seconds": round(elapsed, 1),
        "events_received_per_s": round(stats.events / elapsed), "claims_per_s": round(stats.claims / elapsed, 1),
        "claims_judged": len(stats.latencies), "errors": stats.errors,
        "claim_to_broadcast_ms_p50": percentile(0.5), "claim_to_broadcast_ms_p99": percentile(0.99),
        "claim_to_others_ms_p50": percentile(0.5, to_others), "claim_to_others_ms_p99": percentile(0.99, to_others),
        "pings": len(pings), "ping_ms_p50": percentile(0.5, pings), "ping_ms_p99": percentile(0.99, pings),
    }))


asyncio.run(main())
