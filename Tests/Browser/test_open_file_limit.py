"""A server at its open-file limit stays up (issue 47, item 1): flooded past it with idle
connections, to the site and to the metrics port, while four players move, it keeps serving the
players and answers /health again within seconds of the flood ending."""

import time

import pytest

from conftest import free_port, started_server
from flood import Flood, SetPlayer, health, open_files, raise_own_open_file_limit, resident_kib

OPEN_FILE_LIMIT = 1024
FLOOD_SECONDS = 15


@pytest.fixture
def limited_server():
    raise_own_open_file_limit()
    metrics_port = free_port()
    server = started_server(
        "open-files", {}, arguments=["--metrics-port", str(metrics_port)], open_file_limit=OPEN_FILE_LIMIT)
    server.metrics_port = metrics_port
    server.start()
    yield server
    if server.process and server.process.poll() is None:
        server.stop()


def figures(server, label):
    pid = server.process.pid
    line = f"{label}: {open_files(pid)} files open, {resident_kib(pid) // 1024} MiB resident"
    print(line)
    return line


@pytest.mark.parametrize("addresses", [1, 20], ids=["one-address", "twenty-addresses"])
def test_a_flood_past_the_open_file_limit_leaves_the_server_up(limited_server, addresses):
    server = limited_server
    figures(server, "before")
    players = [SetPlayer(server.port, f"127.0.0.{2 + n}").start() for n in range(4)]
    time.sleep(1)
    moves_before = sum(player.moves for player in players)
    floods = [
        Flood(server.port, 2 * OPEN_FILE_LIMIT, [f"127.0.1.{n}" for n in range(1, 1 + addresses)]).start(),
        Flood(server.metrics_port, OPEN_FILE_LIMIT // 2, ["127.0.2.1"],
              request=b"GET /metrics HTTP/1.1\r\nHost: flood\r\n\r\n").start(),
    ]
    started = time.monotonic()
    most_files = 0
    while time.monotonic() - started < FLOOD_SECONDS:
        time.sleep(1)
        assert server.process.poll() is None, f"the server exited with {server.process.returncode}"
        most_files = max(most_files, open_files(server.process.pid))
    during = figures(server, "during")
    moves_during = sum(player.moves for player in players) - moves_before
    opened = sum(flood.opened for flood in floods)
    for flood in floods:
        flood.stop()
    print(f"flood: {opened} connections opened, at most {most_files} files open; "
          f"players' moves during it: {moves_during}")

    recovered = None
    for tenth in range(50):
        if health(server.url) == 200:
            recovered = tenth / 10
            break
        time.sleep(0.1)
    for player in players:
        player.stop()
    figures(server, "after")
    assert server.process.poll() is None, f"the server exited with {server.process.returncode}"
    assert most_files < OPEN_FILE_LIMIT, during
    assert recovered is not None, "/health did not answer within 5 s of the flood ending"
    print(f"/health answered {recovered:.1f} s after the flood ended")
    # Each player moved on through the flood: at 20 moves a second each, 15 s gives 300.
    for player in players:
        assert player.moves > 50, (player.address, player.moves, player.failures[-5:])
