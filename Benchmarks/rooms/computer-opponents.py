#!/usr/bin/env python3
"""What computer opponents cost a server (issue 50): ROOMS Set rooms, each with one person on a
WebSocket, with three bots and without, in one sitting against a running cardtable at BASE
(process PID).

A phase makes ROOMS rooms (with bots: `"bots": 3` at LEVEL, started at once; without: a room of
one, started by its host), opens every person's socket, and plays for DURATION seconds: each person
claims a Set a human pause (4-8 s) after the table last changed, or asks for more cards when
there is none; when a game ends the person starts a rematch. Meanwhile a prober asks GET /health
every 20 ms on a connection of its own. Measured per phase: /health latency (p50, p90), a person's
claim → the event that judges it on their socket (p50, p90), the bots' moves (events by a bot:
scored, wrongSet, dealVote), and the server's CPU (each thread's time on CPU from
/proc/PID/task/*/schedstat, before and after, with /proc/PID/stat's process total beside it). Then the people close their sockets; once the grace period has marked them
away, the rooms are idle: for IDLE seconds the script counts the events any room still gets and
the server's CPU. Phases alternate (without, with, with, without for ROUNDS=2), so drift on a noisy
machine falls on both. Not a test: it prints one JSON line per phase and a summary.

    BASE=http://127.0.0.1:PORT PID=1234 ROOMS=200 DURATION=30 python3 Benchmarks/rooms/computer-opponents.py
"""

import asyncio
import http.client
import json
import os
import random
import statistics
import time

import websockets

from room_bench import BASE, CPU, Browser, percentile, sets_in

ROOMS = int(os.environ.get("ROOMS", "200"))
DURATION = float(os.environ.get("DURATION", "30"))
ROUNDS = int(os.environ.get("ROUNDS", "2"))
LEVEL = os.environ.get("LEVEL", "quick")
# The server's grace period before a closed socket's person is away (WebConfiguration: 10 s), and
# a margin.
GRACE = float(os.environ.get("GRACE", "13"))
IDLE = float(os.environ.get("IDLE", "10"))
BOT_MOVES = {"scored", "wrongSet", "dealVote"}


class Phase:
    def __init__(self, with_bots):
        self.with_bots = with_bots
        self.claim_latencies = []
        self.health_latencies = []
        self.bot_moves = 0
        self.claims = 0


async def person(code, cookie, phase, deadline):
    """Plays one room until the deadline: claims a Set 4-8 s after the table changed."""
    url = f"ws://{BASE.hostname}:{BASE.port}/rooms/{code}/socket"
    async with websockets.connect(url, additional_headers={"Cookie": cookie}, max_size=2**22) as socket:
        me, view, table = None, None, None
        move_at = time.monotonic() + random.uniform(4, 8)
        pending = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=max(0.01, min(move_at, deadline) - time.monotonic()))
            except asyncio.TimeoutError:
                if view and view.get("phase") == "finished":
                    await socket.send(json.dumps({"type": "start"}))
                elif view and view.get("phase") == "playing" and pending is None and time.monotonic() >= move_at:
                    found = sets_in(view["set"]["cards"])
                    if found:
                        pending = time.monotonic()
                        phase.claims += 1
                        await socket.send(json.dumps({"type": "claim", "cards": random.choice(found)}))
                    elif me is not None and me - 1 not in view["set"]["dealVotes"]:
                        await socket.send(json.dumps({"type": "deal"}))
                    move_at = time.monotonic() + random.uniform(4, 8)
                continue
            message = json.loads(raw)
            if message["type"] == "snapshot":
                me = message.get("you")
            if message["type"] == "error":
                pending = None
                continue
            view = message.get("view", view)
            if message["type"] == "event":
                member = message.get("member")
                if member != me and message.get("kind") in BOT_MOVES:
                    phase.bot_moves += 1
                if member == me and pending is not None and message.get("kind") in (
                        "scored", "tooLate", "wrongSet", "tableChanged"):
                    phase.claim_latencies.append(time.monotonic() - pending)
                    pending = None
            cards = view["set"]["cards"] if view and view.get("set") else None
            if cards != table:
                table = cards
                move_at = time.monotonic() + random.uniform(4, 8)


async def probe_health(phase, deadline):
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=10)
    while time.monotonic() < deadline:
        started = time.monotonic()
        await asyncio.to_thread(lambda: (connection.request("GET", "/health"), connection.getresponse().read()))
        phase.health_latencies.append(time.monotonic() - started)
        await asyncio.sleep(0.02)


def last_events(rooms):
    return [Browser.request(browser, "GET", f"/rooms/{code}")["lastEvent"] for code, browser in rooms]


async def run_phase(with_bots):
    phase = Phase(with_bots)
    rooms = []
    for _ in range(ROOMS):
        browser = Browser()
        if with_bots:
            code = browser.request("POST", "/rooms", {"game": "set", "bots": 3, "level": LEVEL})["code"]
        else:
            code = browser.request("POST", "/rooms", {"game": "set"})["code"]
            browser.request("POST", f"/rooms/{code}/start", {})
        rooms.append((code, browser))
    started = time.monotonic()
    deadline = started + DURATION
    measured = CPU()
    await asyncio.gather(probe_health(phase, deadline),
                         *[person(code, browser.cookie, phase, deadline) for code, browser in rooms])
    cpu, process_cpu = measured.elapsed()
    elapsed = time.monotonic() - started
    # The people left: once the grace period has marked them away, the rooms are idle.
    await asyncio.sleep(GRACE)
    events_before = last_events(rooms)
    idle_measured = CPU()
    await asyncio.sleep(IDLE)
    idle_cpu, _ = idle_measured.elapsed()
    still_moving = sum(1 for before, after in zip(events_before, last_events(rooms)) if after != before)
    result = {
        "bots": 3 if with_bots else 0, "level": LEVEL if with_bots else None, "rooms": ROOMS,
        "seconds": round(elapsed, 1),
        "health_ms_p50": percentile(phase.health_latencies, 0.5),
        "health_ms_p90": percentile(phase.health_latencies, 0.9),
        "health_requests": len(phase.health_latencies),
        "claim_to_broadcast_ms_p50": percentile(phase.claim_latencies, 0.5),
        "claim_to_broadcast_ms_p90": percentile(phase.claim_latencies, 0.9),
        "person_claims_judged": len(phase.claim_latencies),
        "bot_moves": phase.bot_moves,
        "server_cpu_s": round(cpu / 1e9, 2),
        "server_cpu_s_proc_stat": round(process_cpu / 1e9, 2),
        "server_cpu_share": round(cpu / 1e9 / elapsed, 3),
        "idle_rooms_still_moving": still_moving,
        "idle_server_cpu_ms_per_s": round(idle_cpu / 1e6 / IDLE, 1),
    }
    print(json.dumps(result), flush=True)
    return result


async def main():
    order = []
    for round_number in range(ROUNDS):
        order += [False, True] if round_number % 2 == 0 else [True, False]
    results = [await run_phase(with_bots) for with_bots in order]
    without = [r for r in results if r["bots"] == 0]
    with_bots = [r for r in results if r["bots"] == 3]

    def mean(rows, key):
        values = [row[key] for row in rows if row[key] is not None]
        return statistics.mean(values) if values else None

    summary = {
        "health_p50_ratio": round(mean(with_bots, "health_ms_p50") / mean(without, "health_ms_p50"), 3),
        "claim_to_broadcast_p50_ratio": round(
            mean(with_bots, "claim_to_broadcast_ms_p50") / mean(without, "claim_to_broadcast_ms_p50"), 3),
        "server_cpu_ms_per_bot_move": round(
            1000 * (sum(r["server_cpu_s"] for r in with_bots) - sum(r["server_cpu_s"] for r in without))
            / max(1, sum(r["bot_moves"] for r in with_bots)), 3),
        "bot_moves_per_s": round(mean(with_bots, "bot_moves") / DURATION, 1),
    }
    print(json.dumps({"summary": summary}), flush=True)


asyncio.run(main())
