"""Recent players (issue 51), in the browser: after a room game each player finds the other under
*Recent players* on the stats page, with the game and when; *Invite to a room* opens the form on
that game of Set, and the room it makes has the link the inviter sends, which the other follows
to join. A long name wraps, nothing sticks out sideways at phone and tablet sizes in both
orientations, axe finds nothing serious, and a Memorize invite offers the player's themes
(without script too). Screenshots go to Tests/Browser/screenshots/recent-players-*.png."""

import json
import re
import sqlite3

from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from room_helpers import join, make_room, play_set_to_the_end, updates, wait_for_update
from test_bots import no_serious_violations, small_targets, sticks_out_sideways

LONG_NAME = "Bartholomew" * 3 + "Barthol"  # one word as long as a name may be (40 characters)


def played_a_room(ana, bo, bo_name="Bo"):
    """Ana makes a Set room, Bo joins as `bo_name`, and they play it to the end; returns its code."""
    url = make_room(ana, "Ana")
    join(bo, url, bo_name)
    before = updates(bo)
    ana.get_by_role("button", name="Start the game").click()
    wait_for_update(bo, before)
    code = url.rsplit("/", 1)[1]
    play_set_to_the_end([ana, bo], code)
    return code


def test_after_a_room_game_each_finds_the_other_and_invites_them_to_a_new_room(player):
    ana, bo = player(390, 844), player(1180, 820)
    played_a_room(ana, bo)
    ana.goto("/stats")
    people = ana.locator("[data-recent-player]")
    expect(people).to_have_count(1)
    expect(people.locator(".stats-person-name")).to_have_text("Bo")
    expect(people.locator(".stats-detail")).to_have_text(re.compile(r"^Set · (just now|\d+ min ago)$"))
    bo.goto("/stats")
    expect(bo.locator("[data-recent-player] .stats-person-name")).to_have_text("Ana")
    # The invite: the form on that game of Set, Ana's name in it, then the room and its link.
    ana.get_by_role("link", name="Invite Bo to a room").click()
    ana.wait_for_url(re.compile(r"/rooms/new\?game=set&mode=normal$"))
    expect(ana.locator("[data-room-mode=normal]")).to_be_checked()
    expect(ana.locator("#room-name")).to_have_value("Ana")
    ana.get_by_role("button", name="Make a room").click()
    ana.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    link = ana.locator(".room-link").get_attribute("href")
    assert link.endswith(ana.url.rsplit("/", 1)[1]), link
    join(bo, link, "Bo")
    expect(ana.locator("[data-room-members] .room-member-name")).to_have_text(["Ana", "Bo"])
    assert ana.errors == [] and bo.errors == []


def test_a_long_name_wraps_and_the_list_fits_every_screen(player):
    ana, bo = player(390, 844), player(390, 844)
    played_a_room(ana, bo, LONG_NAME)
    ana.goto("/stats")
    expect(ana.locator(".stats-person-name")).to_have_text(LONG_NAME)
    no_serious_violations(ana)
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        ana.set_viewport_size({"width": width, "height": height})
        ana.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        section = ana.locator("[data-stats-recent-players]")
        section.scroll_into_view_if_needed()
        assert not sticks_out_sideways(ana), (width, height)
        assert small_targets(ana, "[data-invite]") == [], (width, height)
        # The invite stays inside the list's box.
        person, invite = ana.locator("[data-recent-player]").bounding_box(), ana.locator("[data-invite]").bounding_box()
        assert invite["x"] + invite["width"] <= person["x"] + person["width"] + 0.5, (width, height)
        section.screenshot(path=str(SCREENSHOTS / f"recent-players-{width}x{height}.png"), animations="disabled")
    assert ana.errors == []


def test_a_memorize_invite_offers_the_players_themes_without_script(player, server):
    ana = player(390, 844, javascript=False)
    ana.goto("/rooms/new?game=memorize")
    theme = ana.locator("#room-theme")
    expect(theme).to_be_visible()
    chosen = theme.locator("option").nth(1)
    name = chosen.inner_text()
    theme.select_option(chosen.get_attribute("value"))
    ana.locator("#room-name").fill("Ana")
    ana.get_by_role("button", name="Make a room").click()
    ana.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    code = ana.url.rsplit("/", 1)[1]
    with sqlite3.connect(f"file:{server.database}?mode=ro", uri=True) as db:
        (state,) = db.execute("SELECT state FROM room WHERE code = ?", (code,)).fetchone()
    assert json.loads(state)["theme"]["name"] == name
