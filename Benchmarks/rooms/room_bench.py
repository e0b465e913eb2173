"""What the room benchmarks share: the server's CPU from /proc, a browser with a kept-alive
connection and its cookie, the Sets on a table, and percentiles. BASE and PID come from the
environment, as the benchmark scripts are run."""

import glob
import http.client
import itertools
import json
import os
from urllib.parse import urlparse

BASE = urlparse(os.environ["BASE"])
PID = os.environ["PID"]


def task_cpu():
    """Each live thread's time on CPU (ns), from /proc/PID/task/*/schedstat."""
    times = {}
    for path in glob.glob(f"/proc/{PID}/task/*/schedstat"):
        try:
            with open(path) as file:
                times[path] = int(file.read().split()[0])
        except OSError:
            pass  # a thread that ended meanwhile
    return times


def process_cpu_ns():
    """The whole process's user and system time (ns), threads that ended included: /proc/PID/stat."""
    with open(f"/proc/{PID}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


class CPU:
    """The server's CPU over a stretch: schedstat's per-thread time (a thread that started meanwhile
    counts in full; one that ended is lost, so the process's own total from /proc/PID/stat, in clock
    ticks, is kept beside it)."""

    def __init__(self):
        self.tasks, self.process = task_cpu(), process_cpu_ns()

    def elapsed(self):
        now = task_cpu()
        schedstat = sum(value - self.tasks.get(path, 0) for path, value in now.items())
        return schedstat, process_cpu_ns() - self.process


def features(card):
    return (card // 27 % 3, card // 9 % 3, card // 3 % 3, card % 3)


def sets_in(cards):
    return [list(trio) for trio in itertools.combinations(cards, 3)
            if all(sum(values) % 3 == 0 for values in zip(*(features(card) for card in trio)))]


def percentile(values, share):
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2) if ordered else None


class Browser:
    """A person's browser: a kept-alive connection and its cookie."""

    def __init__(self):
        self.connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30)
        self.cookie = None
        self.request("GET", "/")

    def request(self, method, path, body=None):
        headers = {"Accept": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.connection.getresponse()
        data = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie and not self.cookie:
            self.cookie = cookie.split(";")[0]
        assert response.status < 400, (method, path, response.status, data[:300])
        return json.loads(data) if data and "json" in (response.getheader("Content-Type") or "") else None
