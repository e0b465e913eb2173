"""Rooms played a turn a day (issue 52), in the browser: the room form offers the pace (live
first), the room says whose turn it is and how long is left, *Your games* lists it with *Play* on
your turn, and the home page says "Your turn in 1 game". Nothing sticks out sideways at phone and
tablet sizes in both orientations, and axe finds nothing serious. Screenshots go to
Tests/Browser/screenshots/daily-*.png."""

import re

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES, players_of, started_server
from helpers import create_theme
from room_helpers import join, updates, wait_for_update
from test_bots import no_serious_violations, sticks_out_sideways


def photograph(page, name):
    """The whole page at each phone and tablet size, both orientations; nothing sticks out."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        page.screenshot(path=str(SCREENSHOTS / f"daily-{name}-{width}x{height}.png"), full_page=True,
                        animations="disabled")
        assert not sticks_out_sideways(page), (name, width, height)
    page.set_viewport_size({"width": 390, "height": 844})


def test_a_room_played_a_turn_a_day_and_your_games(player):
    ana, bo = player(390, 844), player(390, 844)
    theme = create_theme(ana, "Pets", "🐶🐱🐭")
    ana.goto(f"/rooms/new?game=memorize&themeID={theme}")
    expect(ana.locator("input[data-room-pace=live]")).to_be_checked()
    ana.locator("input[data-room-pace=daily]").check()
    ana.locator("#room-name").fill("Ana")
    photograph(ana, "room-new")
    no_serious_violations(ana)
    ana.get_by_role("button", name="Make a room").click()
    ana.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    join(bo, ana.url, "Bo")
    before = updates(bo)
    ana.get_by_role("button", name="Start the game").click()
    wait_for_update(bo, before)

    expect(ana.locator("span[data-room-pace]")).to_have_text("A turn a day")
    expect(ana.locator("[data-room-turn]")).to_have_text("Your turn · 23 h left")
    expect(bo.locator("[data-room-turn]")).to_have_text("Ana's turn · 23 h left")
    expect(ana.locator("[data-room-pace-rule]")).to_contain_text("three turns missed in a row")
    photograph(ana, "room")
    no_serious_violations(ana)

    # Bo's games: Ana's turn; Ana's home page: her turn, one click from her games.
    bo.goto("/rooms/mine")
    expect(bo.locator("[data-your-game-turn]")).to_have_text("Ana's turn · 23 h left")
    expect(bo.locator("[data-your-games-summary]")).to_have_count(0)
    ana.goto("/")
    expect(ana.locator("[data-your-turns]")).to_have_text("Your turn in 1 game")
    ana.locator("[data-your-turns]").click()
    ana.wait_for_url(re.compile(r"/rooms/mine$"))
    expect(ana.locator("[data-your-games-summary]")).to_have_text("Your turn in 1 game")
    game = ana.locator("[data-your-game]")
    expect(game).to_have_count(1)
    expect(game).to_contain_text("Memorize · Pets")
    expect(game.get_by_role("link", name="Play")).to_be_visible()
    photograph(ana, "your-games")
    no_serious_violations(ana)
    assert ana.errors == [] and bo.errors == []


def test_your_games_with_none_says_how_to_start_one(player):
    page = player(390, 844)
    page.goto("/rooms/mine")
    expect(page.locator("[data-your-games-empty]")).to_be_visible()
    expect(page.locator("[data-your-game]")).to_have_count(0)
    no_serious_violations(page)


@pytest.fixture(scope="module")
def daily_server():
    """A server whose day passes in about 4 s and whose sweeps run twice a second."""
    server = started_server("daily-pages", {"CARDTABLE_TEST_CLOCK_RATE": "20000",
                                            "CARDTABLE_TEST_SWEEP_SECONDS": "0.5"})
    server.start()
    yield server
    server.stop()


@pytest.fixture
def daily_player(browser, daily_server):
    yield from players_of(browser, daily_server)


def test_a_player_who_misses_three_turns_gives_up_the_seat(daily_player):
    """Ana plays alone and never moves: each day her turn passes back to her, the third miss gives
    up her seat, and with no seat left in play the game ends; the page says so as it happens."""
    ana = daily_player(390, 844)
    theme = create_theme(ana, "Pets", "🐶🐱🐭")
    ana.goto(f"/rooms/new?game=memorize&themeID={theme}")
    ana.locator("input[data-room-pace=daily]").check()
    ana.locator("#room-name").fill("Ana")
    ana.get_by_role("button", name="Make a room").click()
    ana.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    ana.get_by_role("button", name="Start the game").click()
    expect(ana.locator(".room-member.is-you")).to_contain_text("gave up", timeout=40_000)
    expect(ana.locator("main")).to_contain_text("No seat is left in play")
    expect(ana.locator("main")).not_to_contain_text("Everyone left")
    photograph(ana, "gave-up")
    no_serious_violations(ana)
    assert ana.errors == []
