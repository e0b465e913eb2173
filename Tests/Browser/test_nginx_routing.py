"""deploy/nginx/cardtable.conf routes a room's page, moves and socket to one instance by the
room's code, whoever asks, and every other request by player; with --by-player (the set-up
before), rooms go by player too. nginx runs from deploy/nginx/configure.py in front of three
stand-in instances that answer with their own name, so what is checked is nginx's choice alone."""

import http.server
import shutil
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest

from conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ["K7QX4P", "ABC234", "ZZ9XY8", "H4K2MN", "PQ7RS3", "W8V6T5", "N3M9B2", "C6D5E4", "J2K3Q9",
         "U7Y6T5", "R5E4W3", "F8G9H2"]


class StandIn(http.server.BaseHTTPRequestHandler):
    """An instance that says which it is."""

    def answer(self):
        name = self.server.name.encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(name)))
        self.end_headers()
        self.wfile.write(name)

    do_GET = do_POST = answer

    def log_message(self, *arguments):
        pass


def nginx_binary():
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        # As deploy/try-out.sh does: a fresh machine may need its package lists first.
        install = ["apt-get", "install", "-y", "nginx-light"]
        if subprocess.run(install, capture_output=True).returncode != 0:
            subprocess.run(["apt-get", "update"], check=True, capture_output=True)
            subprocess.run(install, check=True, capture_output=True)
        found = shutil.which("nginx") or "/usr/sbin/nginx"
    return found


@pytest.fixture(scope="module")
def instances():
    servers = []
    for name in ["one", "two", "three"]:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), StandIn)
        server.name = name
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    yield [f"127.0.0.1:{server.server_address[1]}" for server in servers]
    for server in servers:
        server.shutdown()


def nginx(tmp_path, instances, *options):
    """nginx configured as deploy/nginx/configure.py makes it, started; its address."""
    port = free_port()
    folder = tmp_path / "nginx"
    subprocess.run(["python3", str(ROOT / "deploy/nginx/configure.py"), *options, str(folder),
                    f"127.0.0.1:{port}", *instances], check=True)
    binary = nginx_binary()
    subprocess.run([binary, "-p", str(folder), "-c", "nginx.conf"], check=True)
    return f"http://127.0.0.1:{port}", lambda: subprocess.run(
        [binary, "-p", str(folder), "-c", "nginx.conf", "-s", "stop"], check=False)


def reached(url, path, player, method="GET"):
    request = urllib.request.Request(url + path, method=method, data=b"" if method == "POST" else None,
                                     headers={"Cookie": f"cardtable_player={player}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def test_a_rooms_requests_all_reach_one_instance_whoever_sends_them(tmp_path, instances):
    url, stop = nginx(tmp_path, instances)
    try:
        chosen = {}
        for code in ROOMS:
            reached_by = {reached(url, path, player, method)
                          for player in ["ana", "bo", "cy", "dee", "eve"]
                          for path, method in [(f"/rooms/{code}", "GET"), (f"/rooms/{code}/claim", "POST"),
                                               (f"/rooms/{code}/socket", "GET"),
                                               (f"/rooms/{code}/cards/3/choose", "POST")]}
            assert len(reached_by) == 1, f"room {code} reached {reached_by}"
            chosen[code] = reached_by.pop()
        # Rooms spread over the instances.
        assert len(set(chosen.values())) >= 2, chosen
        # Everything else goes by player: the same player always reaches the same instance.
        for player in ["ana", "bo", "cy", "dee", "eve", "fay"]:
            by_player = {reached(url, path, player, method)
                         for path, method in [("/", "GET"), ("/rooms/mine", "GET"), ("/rooms/new", "GET"),
                                              ("/set/hint", "POST"), ("/rooms", "POST")]}
            assert len(by_player) == 1, f"{player} reached {by_player}"
    finally:
        stop()


def test_by_player_rooms_follow_their_player(tmp_path, instances):
    url, stop = nginx(tmp_path, instances, "--by-player")
    try:
        players = [f"player{n}" for n in range(12)]
        home = {player: reached(url, "/", player) for player in players}
        for player in players:
            assert reached(url, f"/rooms/{ROOMS[0]}/claim", player, "POST") == home[player]
        # So one room's players are spread over the instances.
        assert len({reached(url, f"/rooms/{ROOMS[0]}", player) for player in players}) >= 2
    finally:
        stop()
