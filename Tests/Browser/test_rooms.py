"""Rooms: friends play one table from their own browsers, live over WebSockets."""

import json
import re
import time

from playwright.sync_api import expect

from helpers import create_theme
from room_helpers import (
    a_set_on, claim_through_api, join, make_room, set_among, snapshot, started_room, updates, wait_for_update,
    wait_until_new_cards_seen)


def test_two_friends_play_set_from_their_own_browsers(player):
    host, guest = player(390, 844), player(390, 844)
    url = make_room(host, "Ana")
    code = url.rsplit("/", 1)[1]
    expect(host.locator(".room-code").first).to_have_text(f"{code[:3]}-{code[3:]}")
    expect(host.locator(".room-link")).to_have_text(url)
    expect(host.locator(".room-qr svg")).to_be_visible()
    host.screenshot(path="Tests/Browser/screenshots/room-lobby-390x844.png")

    # Bo heard the code read out: types it on the home page, in lower case, and joins.
    guest.goto("/")
    guest.screenshot(path="Tests/Browser/screenshots/home-find-room-390x844.png")
    guest.get_by_label("Join a room").fill(f"{code[:3].lower()} {code[3:].lower()}")
    guest.get_by_role("button", name="Join").click()
    guest.wait_for_url(url)
    before = updates(host)
    join(guest, url, "<b>Bo</b>")
    # The host's page learns of the guest over the socket, and shows the name as text.
    wait_for_update(host, before)
    expect(host.locator("[data-room-members]")).to_contain_text("<b>Bo</b>")
    assert host.locator("[data-room-members] b").count() == 0

    before = updates(guest)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(guest, before)
    expect(guest.locator(".room-set-card").first).to_be_visible()
    assert guest.locator(".room-set-card").count() >= 12

    trio = a_set_on(guest)
    before = updates(host)
    wait_until_new_cards_seen(guest)
    for number in trio:
        guest.locator(f'[data-room-card="{number}"]').click()
    wait_for_update(host, before)
    expect(host.locator("[data-room-announcement]")).to_contain_text("<b>Bo</b> found a Set")
    expect(guest.locator(".room-member.is-you .room-score")).to_have_text("1")
    for number in trio:
        expect(host.locator(f'[data-room-card="{number}"]')).to_have_count(0)
    guest.screenshot(path="Tests/Browser/screenshots/room-set-390x844.png")
    assert host.errors == [] and guest.errors == []


def test_a_third_friend_and_dropped_connections_catch_up(player, server):
    host, guest, third = player(1180, 820), player(844, 390), player(820, 1180)
    url = make_room(host, "Ana")
    join(guest, url, "Bo")
    join(third, url, "Cy")
    before = updates(third)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(third, before)
    # The server restarts: every socket drops, and the room must come back as it was.
    server.restart()
    trio = a_set_on(third)
    third.reload()
    for number in trio:
        third.locator(f'[data-room-card="{number}"]').click()
    expect(third.locator("[data-room-announcement]")).to_contain_text("Cy found a Set", timeout=10000)
    # Ana's and Bo's pages reconnect by themselves, resuming after the last event they drew.
    for page in (host, guest):
        expect(page.locator("[data-room-announcement]")).to_contain_text("Cy found a Set", timeout=15000)
        for number in trio:
            expect(page.locator(f'[data-room-card="{number}"]')).to_have_count(0)
        assert int(page.evaluate("document.documentElement.dataset.roomSockets || 0")) >= 2
    for page, size in [(host, "1180x820"), (guest, "844x390"), (third, "820x1180")]:
        # The whole table and its actions are on screen, a phone on its side included.
        viewport = page.viewport_size
        for selector in [".room-table", "[data-room-claim-button]", "[data-room-deal]"]:
            box = page.locator(selector).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (size, selector, box)
        page.screenshot(path=f"Tests/Browser/screenshots/room-set-{size}.png")
    assert host.errors == [] and guest.errors == [] and third.errors == []


def test_two_sets_found_at_once_are_both_said_on_every_screen(player):
    host, guest = player(390, 844), player(844, 390)
    code = started_room(host, guest)
    expect(host.locator(".room-set-card").first).to_be_visible()
    # Both pages' redraws are held until Ana and Bo have each found a Set, as when their claims
    # cross: each page then draws both at once.
    held = {host: [], guest: []}
    holding = {"on": True}
    page_address = re.compile(rf"/rooms/{code}(\?after=\d+)?$")
    def holding_for(page):
        def hold(route):
            if holding["on"] and route.request.resource_type == "fetch":
                held[page].append(route)
            else:
                route.continue_()
        return hold

    for page in held:
        page.route(page_address, holding_for(page))
    for claimer in (host, guest):
        trio = set_among(snapshot(claimer, code)["view"]["set"]["cards"])
        events = claim_through_api(claimer, code, trio)
        assert events[0]["kind"] == "scored", events
    deadline = time.monotonic() + 60
    while not all(held.values()):
        assert time.monotonic() < deadline, "a page never asked to redraw"
        host.wait_for_timeout(50)
    holding["on"] = False
    for routes in held.values():
        for route in routes:
            route.continue_()
    for page in (host, guest):
        status = page.locator("[data-room-announcement]")
        expect(status).to_contain_text(re.compile(r"^Ana found a Set: .* Bo found a Set: "))
        expect(page.locator(".room-member .room-score")).to_have_text(["1", "1"])
    # Redraws with nothing new leave the words as they are; each event is said once.
    for page in (host, guest):
        page.wait_for_load_state("networkidle")
        text = page.locator("[data-room-announcement]").inner_text()
        assert text.count("Ana found a Set") == 1 and text.count("Bo found a Set") == 1, text
    guest.screenshot(path="Tests/Browser/screenshots/room-two-sets-844x390.png")
    host.screenshot(path="Tests/Browser/screenshots/room-two-sets-390x844.png")
    assert host.errors == [] and guest.errors == []


def test_friends_take_turns_at_memorize(player):
    host, guest = player(390, 844), player(844, 390)
    theme = create_theme(host, "Pets", "🐶🐱")
    host.goto(f"/play/{theme}")
    host.get_by_text("Options").click()
    host.get_by_role("link", name="Play this theme with friends").click()
    host.locator("#room-name").fill("Ana")
    host.get_by_role("button", name="Make a room").click()
    host.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    expect(host.locator(".page-title")).to_contain_text("Memorize: Pets")
    join(guest, host.url, "Bo")
    before = updates(guest)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(guest, before)
    expect(guest.locator("[data-room-turn]")).to_have_text("Ana's turn")
    expect(host.locator("[data-room-turn]")).to_have_text("Your turn")
    cards = guest.locator(".room-memorize-card")
    expect(cards).to_have_count(4)
    # The table fills the screen below the bar: every card in view and big enough to tap.
    for page in (host, guest):
        viewport = page.viewport_size
        for box in [card.bounding_box() for card in page.locator(".room-memorize-card").all()]:
            assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, box
            assert box["width"] >= 44, box
        assert page.locator(".room-memorize-card").first.bounding_box()["width"] > 70
    # Out of turn: refused, in words.
    cards.first.click()
    expect(guest.locator("[data-room-announcement]")).to_have_text("Wait for your turn: it is Ana's.")
    # Ana turns a card: Bo sees its emoji, never a face-down one.
    before = updates(guest)
    host.locator(".room-memorize-card").first.click()
    wait_for_update(guest, before)
    expect(cards.first.locator(".emoji")).to_have_count(1)
    assert guest.locator(".room-memorize-card .emoji").count() == 1
    guest.screenshot(path="Tests/Browser/screenshots/room-memorize-844x390.png")
    host.screenshot(path="Tests/Browser/screenshots/room-memorize-390x844.png")
    assert host.errors == [] and guest.errors == []
