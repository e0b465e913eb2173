"""A flood of idle connections and players moving through it, for the open-file limit's tests and
Benchmarks/flood/open-files.py: what a server holds (files, memory) and what its players see."""

import http.client
import resource
import selectors
import socket
import threading
import time
from pathlib import Path


def raise_own_open_file_limit():
    """The flood holds thousands of sockets itself: lift this process's limit to its maximum."""
    _, maximum = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (maximum, maximum))


def open_files(pid):
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def resident_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def health(url, timeout=2):
    """The status of GET /health on a new connection, or the error that stopped it."""
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        connection.request("GET", "/health")
        return connection.getresponse().status
    except OSError as error:
        return type(error).__name__
    finally:
        connection.close()


class BackgroundLoop:
    """A loop (`_run`, while `running`) on a thread of its own, from start() until stop()."""

    def __init__(self):
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.running = False
        self.thread.join(timeout=30)

    def _run(self):
        raise NotImplementedError


class Flood(BackgroundLoop):
    """Idle connections to `port` from the loopback `addresses` (127.0.0.x, each taking its
    turn), `count` of them kept open: each sends one kept-alive request and then says nothing,
    and one the server closes is opened again, until stop()."""

    def __init__(self, port, count, addresses, request=b"GET /health HTTP/1.1\r\nHost: flood\r\n\r\n"):
        self.port = port
        self.count = count
        self.addresses = addresses
        self.request = request
        self.selector = selectors.DefaultSelector()
        self.sockets = set()
        self.opened = 0
        self.refused = 0
        self.closed_by_server = 0
        super().__init__()

    def stop(self):
        super().stop()
        for sock in list(self.sockets):
            self._drop(sock)

    @property
    def open(self):
        return len(self.sockets)

    def _open_one(self):
        address = self.addresses[self.opened % len(self.addresses)]
        try:
            sock = socket.socket()
        except OSError:
            self.refused += 1  # this process is out of files itself
            return
        sock.setblocking(False)
        try:
            sock.bind((address, 0))
            sock.connect_ex(("127.0.0.1", self.port))
        except OSError:
            self.refused += 1
            sock.close()
            return
        self.opened += 1
        self.sockets.add(sock)
        self.selector.register(sock, selectors.EVENT_WRITE, "connecting")

    def _drop(self, sock):
        self.sockets.discard(sock)
        try:
            self.selector.unregister(sock)
        except (KeyError, ValueError):
            pass
        sock.close()

    def _run(self):
        while self.running:
            for _ in range(min(200, self.count - len(self.sockets))):
                self._open_one()
            for key, events in self.selector.select(timeout=0.05):
                sock = key.fileobj
                if key.data == "connecting":
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                        self.refused += 1
                        self._drop(sock)
                        continue
                    try:
                        sock.send(self.request)
                    except OSError:
                        self.refused += 1
                        self._drop(sock)
                        continue
                    self.selector.modify(sock, selectors.EVENT_READ, "idle")
                else:
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        self.closed_by_server += 1
                        self._drop(sock)


class SetPlayer(BackgroundLoop):
    """A player dealing three more cards again and again (a new game when the deck runs out) over
    one kept-alive connection from `address`, opening another when one is lost."""

    def __init__(self, port, address):
        self.port = port
        self.address = address
        self.cookie = None
        self.moves = 0
        self.failures = []
        self.connection = None
        super().__init__()

    def _send(self, method, path):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=5, source_address=(self.address, 0))
        headers = {"Accept": "application/json", "Origin": f"http://127.0.0.1:{self.port}"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if method == "POST":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=b"" if method == "POST" else None, headers=headers)
            response = self.connection.getresponse()
            response.read()
        except OSError as error:
            self.connection.close()
            self.connection = None
            self.failures.append(type(error).__name__)
            return None
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return response.status

    def _run(self):
        while self.running and self._send("GET", "/set") != 200:
            time.sleep(0.2)
        dealt = 0
        while self.running:
            path = "/set/new" if dealt == 20 else "/set/deal"
            status = self._send("POST", path)
            if status == 200:
                self.moves += 1
                dealt = 0 if path == "/set/new" else dealt + 1
            elif status is not None:
                self.failures.append(status)
            time.sleep(0.05)
