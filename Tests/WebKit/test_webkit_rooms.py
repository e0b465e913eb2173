"""Rooms in WebKit (Safari's engine): two players on their own WebViews play one Set table live
over WebSockets, the table fits at phone and tablet sizes, and a finished game's replay works.
Run with Tests/WebKit/run.sh."""

import itertools
import time

import pytest

from test_webkit import OUTSIDE, SIZES, assert_viewport, screenshot

UPDATES = "Number(document.documentElement.dataset.roomUpdates || 0)"


def a_set(cards):
    for trio in itertools.combinations(cards, 3):
        if all(sum(card // 3 ** digit % 3 for card in trio) % 3 == 0 for digit in range(4)):
            return list(trio)
    return None


def api(page, method, path, body=None):
    """A JSON request from the page, with its cookie; returns the decoded answer."""
    return page.evaluate("""
        const response = await fetch(path, {method, body: body === null ? undefined : JSON.stringify(body),
            headers: {"Content-Type": "application/json", "Accept": "application/json"}});
        if (!response.ok) throw new Error(path + " answered " + response.status + ": " + await response.text());
        return await response.json();
    """, method=method, path=path, body=body)


def started_room(player, host_size, guest_size):
    host, guest = player(*host_size), player(*guest_size)
    host.goto("/")
    room = api(host, "POST", "/rooms", {"game": "set", "name": "Ana"})
    host.goto(room["pageURL"])
    guest.goto(room["pageURL"])
    guest.fill("#room-name", "Bo")
    guest.click_and_wait_for_load("[data-room-join] button")
    guest.wait_for("document.querySelector('.room-member.is-you')")
    before = guest.evaluate(f"return {UPDATES};")
    host.wait_for(f"{UPDATES} > 0")  # Bo's arrival reached Ana's page over the socket
    host_before = host.evaluate(f"return {UPDATES};")
    host.click("[data-room-start]")  # sent over the socket: no page load
    # Both pages draw the start: the host's own page too, from its socket, in its own time.
    guest.wait_for(f"{UPDATES} > before", before=before)
    host.wait_for(f"{UPDATES} > before", before=host_before)
    return host, guest, room


def table(page, room):
    return api(page, "GET", room["pageURL"])["view"]["set"]["cards"]


def test_two_players_play_one_table_live(player):
    host, guest, room = started_room(player, (390, 844), (844, 390))
    trio = a_set(table(guest, room))
    before = host.evaluate(f"return {UPDATES};")
    # A tap on a card drawn less than a reaction time ago checks nothing: Bo looks first.
    guest.wait_for("!document.querySelector('.room-set-card.is-new')")
    for card in trio:
        guest.click(f'[data-room-card="{card}"]')
    host.wait_for(f"{UPDATES} > before", before=before)
    host.wait_for("document.querySelector('[data-room-announcement]').textContent.includes('Bo found a Set')")
    assert all(host.count(f'[data-room-card="{card}"]') == 0 for card in trio)
    guest.wait_for("document.querySelector('.room-member.is-you .room-score')?.textContent === '1'")


@pytest.mark.parametrize("width,height", SIZES)
def test_room_table_layout(player, width, height):
    host, guest, room = started_room(player, (width, height), (390, 844))
    assert_viewport(host)
    host.pause(0.3)
    screenshot(host, "room-set")
    assert host.evaluate(OUTSIDE, items=".room-set-card", board=".room-table") == []
    sizes = host.evaluate("""return [...document.querySelectorAll(".room-set-card")].map((card) => {
        const box = card.getBoundingClientRect();
        return [box.width, box.height];
    });""")
    for w, h in sizes:
        assert abs(h / w - 1.5) < 0.02, f"a {w} x {h} px card"
    on_screen = host.evaluate("""return [".room-table", "[data-room-claim-button]", "[data-room-deal]"].map((s) => {
        const box = document.querySelector(s).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight + 0.5;
    });""")
    assert on_screen == [True, True, True]


def test_a_finished_game_and_its_replay(player):
    host, guest, room = started_room(player, (390, 844), (820, 1180))
    code = room["code"]
    for turn in range(40):
        view = api(host, "GET", room["pageURL"])["view"]
        if view["phase"] != "playing":
            break
        claimer = (host, guest)[turn % 2]
        time.sleep(0.65)  # the cards a claim names must have been in view for a reaction time
        api(claimer, "POST", f"/rooms/{code}/claim", {"cards": a_set(view["set"]["cards"])})
    guest.wait_for("document.querySelector('.room-results')", timeout=15)
    assert guest.count("[data-room-ranking] > li") == 2
    screenshot(guest, "room-results")
    guest.click_and_wait_for_load(".room-replays a")
    guest.wait_for("document.querySelector('[data-replay-move]')")
    assert guest.text("[data-replay-move]").startswith("Move 1 of ")
    guest.click("[data-replay-next]")
    guest.wait_for("document.querySelector('[data-replay-move]').textContent.startsWith('Move 2 of ')")
    assert guest.url().endswith("?move=2")
    assert guest.count(".replay-trio .set-mini") == 3
    screenshot(guest, "room-replay")
