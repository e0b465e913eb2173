"""A room played through deploy/try-out.sh with TLS=1: nginx speaks HTTPS with a throw-away
certificate in front of one instance, as an operator would run a site. The instance learns the
scheme only from nginx (`X-Forwarded-Proto`), so this is where secure cookies, `https://` share
links and a socket over `wss://` meet a real browser."""

import os
import signal
import ssl
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import free_port
from room_helpers import a_set_on, join, make_room, updates, wait_for_update, wait_until_new_cards_seen

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tls_site(tmp_path_factory):
    """nginx with TLS on a free port in front of one instance of the build under test, on a
    SQLite file; stopped (and its folder removed) afterwards."""
    port = free_port()
    log = open(tmp_path_factory.mktemp("tls") / "try-out.log", "wb")
    process = subprocess.Popen(
        ["bash", str(ROOT / "deploy/try-out.sh")], stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "TLS": "1", "STORE": "sqlite", "INSTANCES": "1", "PORT": str(port),
             "BINARY": os.environ["CARDTABLE_BIN"]},
        start_new_session=True)
    url = f"https://127.0.0.1:{port}"
    unverified = ssl._create_unverified_context()
    deadline = time.time() + 120
    while True:
        try:
            with urllib.request.urlopen(url + "/health", timeout=1, context=unverified) as response:
                if response.status == 200:
                    break
        except OSError:
            assert process.poll() is None, f"try-out.sh stopped: see {log.name}"
            assert time.time() < deadline, "nginx did not answer over HTTPS"
            time.sleep(0.2)
    yield url
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)


@pytest.fixture
def tls_player(browser, tls_site):
    contexts = []

    def make(width=390, height=844):
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=tls_site, ignore_https_errors=True)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def test_a_room_over_https_has_secure_cookies_an_https_link_and_a_live_socket(tls_player, tls_site):
    host, guest = tls_player(), tls_player()
    url = make_room(host, "Ana")
    assert url.startswith("https://")
    code = url.rsplit("/", 1)[1]
    # The link a friend is sent, and the QR code beside it, are the https:// address.
    expect(host.locator(".room-link")).to_have_text(f"{tls_site}/rooms/{code}")
    expect(host.locator(".room-qr svg")).to_be_visible()

    cookie = next(c for c in host.context.cookies() if c["name"] == "cardtable_player")
    assert cookie["secure"] and cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    response = host.request.get("/")
    assert response.headers["strict-transport-security"] == "max-age=31536000"

    # The guest joins over HTTPS; the host's page hears it over wss:// through nginx.
    before = updates(host)
    join(guest, url, "Bo")
    wait_for_update(host, before)
    expect(host.locator("[data-room-members]")).to_contain_text("Bo")

    before = updates(guest)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(guest, before)
    trio = a_set_on(guest)
    before = updates(host)
    wait_until_new_cards_seen(guest)
    for number in trio:
        guest.locator(f'[data-room-card="{number}"]').click()
    wait_for_update(host, before)
    expect(host.locator("[data-room-announcement]")).to_contain_text("Bo found a Set")
    host.screenshot(path="Tests/Browser/screenshots/room-over-https-390x844.png")
