#!/usr/bin/env python3
"""What chat costs a game (issue 51): ROOMS Set rooms of 8 players, each player on a WebSocket,
played with and without chat, in one sitting against a running cardtable at BASE (process PID).

Every player claims a Set a human pause (4-8 s) after the table last changed (or asks for more
cards when there is none), so the 8 of a room race for the same Set as people do; a finished game
is started again by its host. In a phase with chat every player also sends a chat message every
2.05 s on their socket, as fast as the limit lets (5 in any 10 s). Measured per phase: claim →
broadcast, from a claim's sending until the event that judges it has reached all 8 sockets of its
room (p50, p90, p99), and the claimer's own (p50); the claims judged, chat messages sent and
refused, and the server's CPU (each thread's time from /proc/PID/task/*/schedstat, with the
process total from /proc/PID/stat beside it) per second and per claim. Phases alternate (without,
with, with, without for ROUNDS=2), so drift on a noisy machine falls on both. Not a test: it prints
one JSON line per phase and a summary.

    BASE=http://127.0.0.1:PORT PID=1234 ROOMS=10 DURATION=40 python3 Benchmarks/rooms/chat.py
"""

import asyncio
import json
import os
import random
import statistics
import time

import websockets

import room_bench as helpers
from room_bench import BASE
ROOMS = int(os.environ.get("ROOMS", "10"))
PLAYERS = 8
DURATION = float(os.environ.get("DURATION", "40"))
ROUNDS = int(os.environ.get("ROUNDS", "2"))
CHAT_EVERY = float(os.environ.get("CHAT_EVERY", "2.05"))
JUDGED = {"scored", "tooLate", "wrongSet", "tableChanged"}


class Phase:
    def __init__(self, chat):
        self.chat = chat
        self.sent = {}  # (room, member) → when their claim went out
        self.arrivals = {}  # (room, event number) → [sent, sockets reached, last arrival]
        self.broadcast = []
        self.own = []
        self.chat_sent = 0
        self.chat_refused = 0


async def player(code, cookie, is_host, phase, deadline):
    url = f"ws://{BASE.hostname}:{BASE.port}/rooms/{code}/socket"
    async with websockets.connect(url, additional_headers={"Cookie": cookie}, max_size=2**22) as socket:
        me, view, table = None, None, None
        move_at = time.monotonic() + random.uniform(4, 8)
        chat_at = time.monotonic() + random.uniform(0, CHAT_EVERY)
        while time.monotonic() < deadline:
            wake = min(move_at, chat_at if phase.chat else deadline, deadline)
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=max(0.005, wake - time.monotonic()))
            except asyncio.TimeoutError:
                now = time.monotonic()
                if phase.chat and now >= chat_at:
                    phase.chat_sent += 1
                    await socket.send(json.dumps({"type": "chat", "text": f"nice one, {me}! {random.random():.4f}"}))
                    chat_at = now + CHAT_EVERY
                if now < move_at or not view:
                    continue
                if view.get("phase") == "finished" and is_host:
                    await socket.send(json.dumps({"type": "start"}))
                elif view.get("phase") == "playing" and (code, me) not in phase.sent:
                    found = helpers.sets_in(view["set"]["cards"])
                    if found:
                        phase.sent[(code, me)] = time.monotonic()
                        await socket.send(json.dumps({"type": "claim", "cards": random.choice(found)}))
                    elif me is not None and me - 1 not in view["set"]["dealVotes"]:
                        await socket.send(json.dumps({"type": "deal"}))
                move_at = time.monotonic() + random.uniform(4, 8)
                continue
            arrived = time.monotonic()
            message = json.loads(raw)
            if message["type"] == "snapshot":
                me = message.get("you")
            if message["type"] == "error":
                if "messages in 10 seconds" in message["message"]:
                    phase.chat_refused += 1
                else:
                    phase.sent.pop((code, me), None)
                continue
            if message.get("kind") in ("chat", "reaction"):
                continue
            view = message.get("view", view)
            if message["type"] == "event" and message.get("kind") in JUDGED:
                key = (code, message["number"])
                if key not in phase.arrivals:
                    sent = phase.sent.pop((code, message.get("member")), None)
                    phase.arrivals[key] = [sent, 0, arrived]
                record = phase.arrivals[key]
                record[1] += 1
                record[2] = arrived
                if record[0] is not None and message.get("member") == me:
                    phase.own.append(arrived - record[0])
                if record[0] is not None and record[1] == PLAYERS:
                    phase.broadcast.append(arrived - record[0])
            cards = view["set"]["cards"] if view and view.get("set") else None
            if cards != table:
                table = cards
                move_at = time.monotonic() + random.uniform(4, 8)


async def run_phase(chat):
    phase = Phase(chat)
    rooms = []
    for _ in range(ROOMS):
        host = helpers.Browser()
        code = host.request("POST", "/rooms", {"game": "set", "name": "Host"})["code"]
        guests = []
        for number in range(2, PLAYERS + 1):
            guest = helpers.Browser()
            guest.request("POST", f"/rooms/{code}/join", {"name": f"Player {number}"})
            guests.append(guest)
        host.request("POST", f"/rooms/{code}/start", {})
        rooms.append((code, [host] + guests))
    started = time.monotonic()
    deadline = started + DURATION
    measured = helpers.CPU()
    await asyncio.gather(*[
        player(code, browser.cookie, index == 0, phase, deadline)
        for code, browsers in rooms for index, browser in enumerate(browsers)])
    cpu, process_cpu = measured.elapsed()
    elapsed = time.monotonic() - started
    claims = len(phase.broadcast)
    result = {
        "chat": chat, "rooms": ROOMS, "players": ROOMS * PLAYERS, "seconds": round(elapsed, 1),
        "claim_to_broadcast_ms_p50": helpers.percentile(phase.broadcast, 0.5),
        "claim_to_broadcast_ms_p90": helpers.percentile(phase.broadcast, 0.9),
        "claim_to_broadcast_ms_p99": helpers.percentile(phase.broadcast, 0.99),
        "claim_to_own_socket_ms_p50": helpers.percentile(phase.own, 0.5),
        "claims_judged": claims,
        "chat_sent": phase.chat_sent, "chat_refused": phase.chat_refused,
        "server_cpu_s": round(cpu / 1e9, 2), "server_cpu_s_proc_stat": round(process_cpu / 1e9, 2),
        "server_cpu_share": round(cpu / 1e9 / elapsed, 3),
    }
    print(json.dumps(result), flush=True)
    return result


async def main():
    order = []
    for round_number in range(ROUNDS):
        order += [False, True] if round_number % 2 == 0 else [True, False]
    results = [await run_phase(chat) for chat in order]
    quiet = [r for r in results if not r["chat"]]
    talking = [r for r in results if r["chat"]]

    def mean(rows, key):
        return statistics.mean(row[key] for row in rows)

    chat_messages = sum(r["chat_sent"] - r["chat_refused"] for r in talking)
    summary = {
        "claim_to_broadcast_p50_ratio": round(
            mean(talking, "claim_to_broadcast_ms_p50") / mean(quiet, "claim_to_broadcast_ms_p50"), 3),
        "claim_to_broadcast_p99_ratio": round(
            mean(talking, "claim_to_broadcast_ms_p99") / mean(quiet, "claim_to_broadcast_ms_p99"), 3),
        "chat_messages_per_s": round(chat_messages / sum(r["seconds"] for r in talking), 1),
        "server_cpu_ms_per_chat_message": round(
            1000 * (sum(r["server_cpu_s"] for r in talking) - sum(r["server_cpu_s"] for r in quiet))
            / max(1, chat_messages), 3),
    }
    print(json.dumps({"summary": summary}), flush=True)


asyncio.run(main())
