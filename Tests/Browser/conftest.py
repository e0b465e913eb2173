"""Fixtures for the browser tests: the cardtable server and Debian's chromium."""

import os
import resource
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

SCREENSHOTS = Path(__file__).parent / "screenshots"
SIZES = [(390, 844), (844, 390), (820, 1180), (1180, 820)]
# The fast server's clock runs this many times faster than real time (a test-only setting of
# `cardtable serve`), so the 10-second speed bonus runs out in half a second. The main server
# keeps real time, which the Set page's two-player claims and countdowns need.
CLOCK_RATE = 20
SPEED_BONUS_SECONDS = 10


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One cardtable process on a free port with a temporary database; restartable."""

    def __init__(self, binary, folder, environment, arguments=(), open_file_limit=None):
        self.binary = binary
        self.arguments = list(arguments)
        self.open_file_limit = open_file_limit
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.environment = environment
        self.database = self.folder / "data" / "cardtable.sqlite"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        log = open(self.folder / "server.log", "ab")
        self.process = subprocess.Popen(
            # No drain on stopping (a restart would wait for it), as in the Swift tests.
            [self.binary, "serve", "--port", str(self.port), "--database", str(self.database),
             "--drain-seconds", "0", *self.arguments],
            stdout=log, stderr=subprocess.STDOUT, preexec_fn=self._limit_open_files,
            env={**os.environ, **self.environment})
        (self.folder / "server.pid").write_text(str(self.process.pid))
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("cardtable did not start")

    def _limit_open_files(self):
        """In the child before it runs the server: the soft and hard open-file limit, when set
        (the server raises its soft limit to the hard one)."""
        if self.open_file_limit:
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_file_limit, self.open_file_limit))

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=15)
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def kill(self):
        """SIGKILL: the process gets no chance to finish anything (as after a crash)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=15)
        self.process = None

    def game_cards(self, theme_id):
        """The emoji of every card of a game, read straight from the database (a test oracle:
        the pages never tell)."""
        import json
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            rows = db.execute(
                "SELECT state FROM memorize_game WHERE slot = ?", (f"theme-{theme_id}",)).fetchall()
        assert len(rows) == 1
        return [card["content"] for card in json.loads(rows[0][0])["cards"]]


def started_server(name, environment, **options):
    binary = os.environ.get("CARDTABLE_BIN")
    folder = os.environ.get("CARDTABLE_TEST_DIR")
    assert binary and folder, "run the browser tests with Tests/Browser/run.sh"
    return Server(binary, Path(folder) / name, environment, **options)


@pytest.fixture(scope="session")
def server():
    """The server most tests use: real time, and Set games may be set up by tests."""
    server = started_server("main", {"CARDTABLE_TEST_SETUPS": "1"})
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def fast_server():
    """A server whose clock runs CLOCK_RATE times faster, for tests that wait out the speed bonus."""
    server = started_server("fast", {"CARDTABLE_TEST_CLOCK_RATE": str(CLOCK_RATE)})
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def player(browser, server):
    """A new player: a fresh browser context (so a fresh cookie) with JavaScript on."""
    yield from players_of(browser, server)


@pytest.fixture
def fast_player(browser, fast_server):
    """A new player of the fast-clock server."""
    yield from players_of(browser, fast_server)


# Every Content Security Policy violation any page of the suite met, as Chromium reported it.
CSP_VIOLATIONS = []


def is_csp_violation(message):
    return "Content Security Policy" in message.text


def players_of(browser, server):
    contexts = []
    violations_before = len(CSP_VIOLATIONS)

    def make(width=390, height=844, javascript=True, reduced_motion="no-preference", color_scheme="light"):
        context = browser.new_context(
            viewport={"width": width, "height": height}, java_script_enabled=javascript,
            reduced_motion=reduced_motion, color_scheme=color_scheme, base_url=server.url)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("dialog", lambda dialog: (page.errors.append("dialog: " + dialog.message), dialog.dismiss()))
        # Chromium reports every blocked inline script or style, with or without JavaScript.
        page.on("console", lambda message: is_csp_violation(message) and CSP_VIOLATIONS.append(
            f"{page.url}: {message.text}"))
        page.on("pageerror", lambda error: "Content Security Policy" in str(error) and CSP_VIOLATIONS.append(
            f"{page.url}: {error}"))
        return page

    yield make
    for context in contexts:
        context.close()
    violations = CSP_VIOLATIONS[violations_before:]
    assert violations == [], "Content Security Policy violations:\n" + "\n".join(violations)


def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line(f"Content Security Policy violations: {len(CSP_VIOLATIONS)}")
