"""Memory of idle connections (issue 47, item 2): the server's resident memory before, while
COUNT idle kept-alive connections (or room sockets) are open, and after they close. Not a test: it
prints figures.

    python3 Benchmarks/flood/idle-memory.py BINARY [COUNT] [kind: http|socket|silent]

Starts BINARY serve on a free port with a fresh database and an open-file limit above COUNT;
the connections come from 40 loopback addresses, so no address reaches its limit."""

import http.client
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "Browser"))
from flood import Flood, open_files, raise_own_open_file_limit, resident_kib  # noqa: E402

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
kind = sys.argv[3] if len(sys.argv) > 3 else "http"
raise_own_open_file_limit()
folder = Path(tempfile.mkdtemp())
port = 18000 + os.getpid() % 1000


def limit():
    resource.setrlimit(resource.RLIMIT_NOFILE, (count * 2 + 1024, count * 2 + 1024))


server = subprocess.Popen(
    [binary, "serve", "--port", str(port), "--database", str(folder / "db.sqlite"), "--log-level", "error",
     "--drain-seconds", "0", "--metrics-port", str(port + 1000)], preexec_fn=limit)
try:
    for _ in range(300):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                break
        except OSError:
            time.sleep(0.1)
    request = b"GET /health HTTP/1.1\r\nHost: idle\r\n\r\n" if kind == "http" else b""
    if kind == "socket":
        connection = http.client.HTTPConnection("127.0.0.1", port)
        connection.request("GET", "/set")
        first = connection.getresponse()
        first.read()
        cookie = first.getheader("Set-Cookie").split(";")[0]
        connection.request("POST", "/rooms", body=json.dumps({"game": "set", "name": "Ana"}),
                           headers={"Content-Type": "application/json", "Accept": "application/json",
                                    "Origin": f"http://127.0.0.1:{port}", "Cookie": cookie})
        response = connection.getresponse()
        code = json.loads(response.read())["code"]
        request = (f"GET /rooms/{code}/socket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n").encode()
    time.sleep(1)
    before = resident_kib(server.pid)
    flood = Flood(port, count, [f"127.0.3.{n}" for n in range(1, 41)], request=request).start()
    deadline = time.time() + 120
    while open_files(server.pid) < count and time.time() < deadline:
        time.sleep(0.5)
    time.sleep(3)
    during = resident_kib(server.pid)
    files = open_files(server.pid)
    flood.stop()
    closed = time.monotonic()
    # NB: the server looks at its connections every 10 s; 25 s leaves it two looks.
    time.sleep(float(os.environ.get("SETTLE", "25")))
    after = resident_kib(server.pid)
    print(f"files open after: {open_files(server.pid)}")
    if os.environ.get("METRICS"):
        metrics = http.client.HTTPConnection("127.0.0.1", port + 1000)
        metrics.request("GET", "/metrics")
        print("\n".join(line for line in metrics.getresponse().read().decode().splitlines()
                        if line.startswith(("cardtable_room_sockets_open", "cardtable_http_connections_open",
                                            "cardtable_rooms_open"))))
    if os.environ.get("TRIM_WITH_GDB"):
        subprocess.run(["gdb", "-p", str(server.pid), "-batch", "-ex", "call (int)malloc_trim(0)"],
                       capture_output=True, timeout=120)
        print(f"after malloc_trim(0): {resident_kib(server.pid) // 1024} MiB")
    if os.environ.get("AGAIN"):
        flood = Flood(port, count, [f"127.0.3.{n}" for n in range(1, 41)], request=request).start()
        while open_files(server.pid) < count and time.time() < deadline + 120:
            time.sleep(0.5)
        time.sleep(3)
        print(f"a second flood: {resident_kib(server.pid) // 1024} MiB")
        flood.stop()
        time.sleep(25)
        print(f"25 s after the second: {resident_kib(server.pid) // 1024} MiB")
    print(f"{kind}: {files} files open; resident {before // 1024} MiB before, {during // 1024} MiB with "
          f"{count} idle ({(during - before) / count:.1f} KiB each), {after // 1024} MiB 25 s after they closed "
          f"({(after - before) / 1024:.1f} MiB above before)")
finally:
    server.terminate()
    server.wait(timeout=30)
