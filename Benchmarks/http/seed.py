#!/usr/bin/env python3
"""Fill a CardTable database for the HTTP benchmark (Benchmarks/http/run.sh).

    seed.py play  --url http://127.0.0.1:PORT --players 36 --cookies FILE
        With a server running on a fresh database: creates that many real players over HTTP.
        Each plays a Memorize game (New Game on the random slot, a few taps; every second one
        also taps a game of a theme of its own; every third one reorders its themes, so it owns
        copies of them) and a solo Set game (New Game, a found Set selected, one card selected and
        deselected), leaving no Set card selected. Writes one line per player to FILE:
        `<cookie value> <a card id on its Set table>`.

    seed.py clone --database DB --total 10000
        With the server stopped: copies the real players' rows (player, theme, memorize_game,
        set_game) under new random player ids until the database holds TOTAL players, then
        checkpoints the write-ahead log. Copied players cannot be driven over HTTP (cookies are
        signed with the server's secret), they are there to make the tables the right size.

Only 127.0.0.1 is accepted.
"""
import argparse
import http.client
import itertools
import json
import random
import sqlite3
import sys
import time
import urllib.parse

SHARED_THEMES_OWNER = "cardtable-shared-built-in-themes"


class Player:
    def __init__(self, host, port):
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.cookie = None

    def request(self, method, path, form=None, accept="application/json", ok=(200,)):
        headers = {"Accept": accept}
        body = None
        if self.cookie:
            headers["Cookie"] = "cardtable_player=" + self.cookie
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif method == "POST":
            body = ""
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("cardtable_player="):
                self.cookie = value.split(";", 1)[0].split("=", 1)[1]
        if response.status not in ok:
            raise SystemExit(f"{method} {path} answered {response.status}: {data[:300]!r}")
        return json.loads(data) if accept == "application/json" and data else data


def is_set(a, b, c):
    # Card id = number·27 + shape·9 + shading·3 + color; each feature all same or all different.
    for weight in (27, 9, 3, 1):
        if ((a // weight) % 3 + (b // weight) % 3 + (c // weight) % 3) % 3 != 0:
            return False
    return True


def play(args):
    url = urllib.parse.urlparse(args.url)
    # NB: this machine only, or the network test bed's namespaces (Benchmarks/hosts/run.sh).
    if url.hostname != "127.0.0.1" and not (url.hostname or "").startswith("10.203.0."):
        raise SystemExit("only 127.0.0.1 and the test bed's 10.203.0.x are used")
    lines = []
    for index in range(args.players):
        player = Player(url.hostname, url.port)
        chooser = player.request("GET", "/")
        if index % 3 == 0:
            # A change to the theme list gives the player its own copies of the themes.
            first = chooser["rows"][0]["theme"]["id"]
            chooser = player.request("POST", f"/themes/{first}/move", form={"to": 1})
        player.request("POST", "/play/random/new")
        for card in range(1, 2 + index % 5):
            player.request("POST", f"/play/random/choose/{card}")
        if index % 2 == 0:
            slot = chooser["rows"][index % len(chooser["rows"])]["theme"]["id"]
            for card in (1, 2, 3):
                player.request("POST", f"/play/{slot}/choose/{card}")

        player.request("POST", "/set/new", form={"mode": "solo"})
        table = [card["id"] for card in player.request("GET", "/set")["cards"]]
        found = next((trio for trio in itertools.combinations(table, 3) if is_set(*trio)), None)
        if found:
            for card in found:
                state = player.request("POST", f"/set/cards/{card}/select")
            if state["selectionState"] != "match":
                raise SystemExit(f"expected a match, got {state['selectionState']}")
        table = [card["id"] for card in player.request("GET", "/set")["cards"]]
        # Touching a card clears a matched Set; then the card may or may not be selected.
        toggle = next(card for card in table if not found or card not in found)
        state = player.request("POST", f"/set/cards/{toggle}/select")
        while state["selectionCount"]:
            selected = [card["id"] for card in state["cards"] if card.get("selection") not in (None, "none")]
            state = player.request("POST", f"/set/cards/{selected[0]}/select")
        toggle = state["cards"][index % len(state["cards"])]["id"]
        if not player.cookie or len(player.cookie.split(".")[0]) != 32:
            raise SystemExit(f"no player cookie for player {index}")
        lines.append(f"{player.cookie} {toggle}")
    with open(args.cookies, "w") as file:
        file.write("\n".join(lines) + "\n")
    print(f"created {len(lines)} players over HTTP")


def clone(args):
    rng = random.Random(args.seed)
    db = sqlite3.connect(args.database)
    db.execute("PRAGMA foreign_keys = ON")
    players = [row for row in db.execute("SELECT * FROM player WHERE id != ?", (SHARED_THEMES_OWNER,))]
    if not players:
        raise SystemExit("no players to copy")
    player_columns = [d[0] for d in db.execute("SELECT * FROM player LIMIT 0").description]

    def rows(table, player_id):
        cursor = db.execute(f"SELECT * FROM {table} WHERE player_id = ?", (player_id,))
        return [d[0] for d in cursor.description], cursor.fetchall()

    templates = []
    for player in players:
        player_id = player[player_columns.index("id")]
        templates.append((player, rows("theme", player_id), rows("memorize_game", player_id),
                          rows("set_game", player_id)))

    taken_themes = {row[0] for row in db.execute("SELECT id FROM theme")}
    taken_players = {row[0] for row in db.execute("SELECT id FROM player")}
    needed = args.total - len(players)
    started = time.monotonic()
    with db:
        for n in range(max(0, needed)):
            player, themes, games, set_games = templates[n % len(templates)]
            new_id = f"{rng.getrandbits(128):032x}"
            while new_id in taken_players:
                new_id = f"{rng.getrandbits(128):032x}"
            taken_players.add(new_id)
            row = list(player)
            row[player_columns.index("id")] = new_id
            db.execute(f"INSERT INTO player ({', '.join(player_columns)}) VALUES ({', '.join('?' * len(row))})", row)
            theme_map = {}
            columns, theme_rows = themes
            for theme in theme_rows:
                theme_id = rng.randint(1, 2**53 - 1)
                while theme_id in taken_themes:
                    theme_id = rng.randint(1, 2**53 - 1)
                taken_themes.add(theme_id)
                theme_map[theme[columns.index("id")]] = theme_id
                theme = list(theme)
                theme[columns.index("id")] = theme_id
                theme[columns.index("player_id")] = new_id
                db.execute(f"INSERT INTO theme ({', '.join(columns)}) VALUES ({', '.join('?' * len(theme))})", theme)
            for table, (columns, table_rows) in (("memorize_game", games), ("set_game", set_games)):
                for game in table_rows:
                    game = list(game)
                    game[columns.index("player_id")] = new_id
                    if table == "memorize_game":
                        theme_id = game[columns.index("theme_id")]
                        game[columns.index("theme_id")] = theme_map.get(theme_id, theme_id)
                        slot = game[columns.index("slot")]  # "random" or "theme-<id>"
                        if slot.startswith("theme-") and int(slot[6:]) in theme_map:
                            game[columns.index("slot")] = f"theme-{theme_map[int(slot[6:])]}"
                    db.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(game))})", game)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    counts = {table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
              for table in ("player", "theme", "memorize_game", "set_game")}
    db.close()
    print(f"copied {max(0, needed)} players in {time.monotonic() - started:.1f} s; rows now {counts} "
          f"(player counts the shared built-in themes' owner row)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("play")
    p.add_argument("--url", required=True)
    p.add_argument("--players", type=int, default=36)
    p.add_argument("--cookies", required=True)
    c = commands.add_parser("clone")
    c.add_argument("--database", required=True)
    c.add_argument("--total", type=int, default=10_000)
    c.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    {"play": play, "clone": clone}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
