#!/usr/bin/env python3
"""Server CPU per claim that ends a room's Set game, rated rooms against casual ones (issue 49).

Against a running cardtable at BASE (process PID), made with CARDTABLE_TEST_ROOM_LIMITS=off and a
fast test clock (CARDTABLE_TEST_CLOCK_RATE, so a card's reaction time passes in milliseconds).
Each round makes ROOMS rated and ROOMS casual two-player rooms, measures each kind's first claims
(a claim in mid-game) as one batch, plays every room up to its last Set (the one claim whose
answer ends the game: the deck is out and no Set is left once it is taken), then measures each
kind's ending claims as one batch. CPU is the server's: the sum of /proc/PID/task/*/schedstat's
time on CPU, before and after a batch, divided by its claims. The two kinds take turns going first.
Not a test: it prints figures, one JSON line per batch and a summary.

    BASE=http://127.0.0.1:PORT PID=1234 ROOMS=60 ROUNDS=3 python3 Benchmarks/rooms/ending.py
"""

import glob
import http.client
import itertools
import json
import os
import time
from urllib.parse import urlparse

BASE = urlparse(os.environ["BASE"])
PID = os.environ["PID"]
ROOMS = int(os.environ.get("ROOMS", "60"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))


def cpu_ns():
    total = 0
    for path in glob.glob(f"/proc/{PID}/task/*/schedstat"):
        try:
            with open(path) as file:
                total += int(file.read().split()[0])
        except OSError:
            pass  # a thread that ended meanwhile
    return total


class Player:
    """A browser: one kept-alive connection and its cookie."""

    def __init__(self):
        self.connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30)
        self.cookie = None
        status, _ = self.request("GET", "/")
        assert status == 200 and self.cookie, status

    def request(self, method, path, body=None):
        headers = {"Accept": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/json"
        payload = None if body is None else json.dumps(body)
        try:
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # NB: the server closes a kept-alive connection left idle while the other rooms play
            # (its idle time runs on the fast test clock); the request was not taken: send it anew.
            self.connection.close()
            self.connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30)
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
        text = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie and cookie.startswith("cardtable_player="):
            self.cookie = cookie.split(";", 1)[0]
        return response.status, (json.loads(text) if text and text[:1] in b"[{" else None)


def set_among(cards):
    for trio in itertools.combinations(cards, 3):
        if all(sum(card // 3 ** digit % 3 for card in trio) % 3 == 0 for digit in range(4)):
            return list(trio)
    return None


class Room:
    def __init__(self, rated):
        self.rated = rated
        self.host, self.guest = Player(), Player()
        status, made = self.host.request("POST", "/rooms", {"game": "set", "name": "Host", "rated": rated})
        assert status == 201, (status, made)
        self.code = made["code"]
        status, _ = self.guest.request("POST", f"/rooms/{self.code}/join", {"name": "Guest"})
        assert status == 200, status
        status, _ = self.host.request("POST", f"/rooms/{self.code}/start", {})
        assert status == 200, status
        self.turn = 0
        self.ending = None

    def view(self):
        status, snapshot = self.host.request("GET", f"/rooms/{self.code}")
        assert status == 200, status
        return snapshot["view"]

    def claim(self, trio):
        """Claims `trio`; the kinds of the events it added."""
        player = (self.host, self.guest)[self.turn % 2]
        self.turn += 1
        status, events = player.request("POST", f"/rooms/{self.code}/claim", {"cards": trio})
        assert status == 200, (status, events)
        return [event["kind"] for event in events]

    def first_claim(self):
        trio = set_among(self.view()["set"]["cards"])
        return trio

    def play_to_the_last_set(self):
        """Claims until the next claim would end the game, and keeps that claim's cards. A game
        that a claim ended sooner (the last cards of the deck, dealt after it, held no Set: which
        the deck's hidden order keeps from being foreseen) has no ending claim to measure."""
        for _ in range(200):
            view = self.view()
            if view["phase"] != "playing":
                return
            table = view["set"]["cards"]
            trio = set_among(table)
            if trio is None:
                for player in (self.host, self.guest):
                    player.request("POST", f"/rooms/{self.code}/deal", {})
                continue
            if view["set"]["deckCount"] == 0 and set_among([c for c in table if c not in trio]) is None:
                self.ending = trio
                return
            kinds = self.claim(trio)
            if "scored" not in kinds:
                time.sleep(0.05)  # the cards had only just reached the player: look again
        raise AssertionError("no end in sight")


def batch(label, rooms, claims):
    before = cpu_ns()
    start = time.monotonic()
    kinds = [room.claim(trio) for room, trio in zip(rooms, claims)]
    seconds = time.monotonic() - start
    used = cpu_ns() - before
    line = {"batch": label, "claims": len(rooms), "cpu_us_per_claim": round(used / len(rooms) / 1000, 1),
            "wall_ms_per_claim": round(seconds / len(rooms) * 1000, 2)}
    print(json.dumps(line), flush=True)
    return kinds, used / len(rooms) / 1000


results = {}
for round_number in range(ROUNDS):
    kinds_first = (True, False) if round_number % 2 == 0 else (False, True)
    rooms = {rated: [Room(rated) for _ in range(ROOMS)] for rated in (True, False)}
    time.sleep(0.2)
    for rated in kinds_first:
        name = "rated" if rated else "casual"
        kinds, cost = batch(f"{name} mid-game", rooms[rated], [room.first_claim() for room in rooms[rated]])
        assert all("scored" in k for k in kinds), kinds
        results.setdefault(f"{name} mid-game", []).append(cost)
    for room in rooms[True] + rooms[False]:
        room.play_to_the_last_set()
    time.sleep(0.2)
    for rated in kinds_first:
        name = "rated" if rated else "casual"
        ending = [room for room in rooms[rated] if room.ending]
        kinds, cost = batch(f"{name} ending", ending, [room.ending for room in ending])
        assert all("gameOver" in k for k in kinds), kinds
        results.setdefault(f"{name} ending", []).append(cost)
    for room in rooms[True]:
        changes = room.view().get("ratingChanges")
        assert changes and len(changes) == 2, changes

summary = {name: [round(value, 1) for value in values] for name, values in results.items()}
summary["rated/casual ending, per round"] = [
    round(rated / casual, 2) for rated, casual in zip(results["rated ending"], results["casual ending"])]
print(json.dumps(summary))
