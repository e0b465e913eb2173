"""The Set pages fit the screen with the longest values a game reaches: a four-digit score (or
minus a thousand, a long run of wrong trios), a clock past a hundred hours (a game left open for
days), both players' scores; the game-over box and the missed Sets sit beside the cards, never
over them. At every test size, both orientations. Screenshots go to Tests/Browser/screenshots/."""

import re
import sqlite3
import time

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from set_helpers import THE_SET, act, card, companions, setup

# Seconds from 1970 to 2001-01-01, where the server's stored dates count from.
REFERENCE_DATE = 978_307_200
HUNDRED_HOURS = 100 * 3600

# The rectangles of every card and of the box named, and which of them meet.
OVERLAPS = """(box) => {
    const b = document.querySelector(box).getBoundingClientRect();
    return [...document.querySelectorAll('[data-set-card]')].filter(card => {
        const a = card.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    }).map(card => card.dataset.setCard);
}"""

INSIDE_VIEWPORT = """(selector) => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length)
    .map(e => { const r = e.getBoundingClientRect();
        return { text: e.textContent.trim().slice(0, 40), left: r.left, right: r.right, top: r.top,
                 bottom: r.bottom, inside: r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.top >= -0.5
                 && r.bottom <= innerHeight + 0.5 }; })"""


def player_id(page):
    """The player the page's cookie names (its first part; the server signs it)."""
    cookie = next(c for c in page.context.cookies() if c["name"] == "cardtable_player")
    return cookie["value"].split(".")[0]


def seed_saved_game(server, page, scores, hours_played=None):
    """Rewrites the player's saved Set game in the test server's database, as a game that reached
    `scores` (player one's, player two's) would be stored, its clock started `hours_played` ago."""
    paths = {"$.scores.one": scores[0], "$.scores.two": scores[1],
             "$.tallies.one.setPoints": scores[0], "$.tallies.two.setPoints": scores[1]}
    if hours_played is not None:
        paths["$.clock.startedAt"] = time.time() - REFERENCE_DATE - hours_played * 3600
    assignments = ", ".join("?, ?" for _ in paths)
    values = [part for pair in paths.items() for part in pair]
    with sqlite3.connect(server.database, timeout=10) as db:
        changed = db.execute(
            f"UPDATE set_game SET state = json_set(state, {assignments}) WHERE player_id = ?",
            [*values, player_id(page)]).rowcount
    assert changed == 1, "the player's game was not in the database"


def seed_daily_clock(server, page, date, hours_played):
    with sqlite3.connect(server.database, timeout=10) as db:
        changed = db.execute(
            "UPDATE daily_play SET progress = json_set(progress, '$.clock.startedAt', ?)"
            " WHERE player_id = ? AND puzzle_date = ?",
            [time.time() - REFERENCE_DATE - hours_played * 3600, player_id(page), date]).rowcount
    assert changed == 1, "the player's daily puzzle was not in the database"


def check_fits(page, name):
    """Nothing wider than the viewport, and every top-bar control wholly on screen."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    widths = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert widths[0] <= widths[1], f"{name}: the page is {widths[0]} px wide in a {widths[1]} px window"
    outside = [box for box in page.evaluate(INSIDE_VIEWPORT, ".top-bar > *, .top-bar .button") if not box["inside"]]
    assert outside == [], f"{name}: cut off: {outside}"


@pytest.mark.parametrize("score", [1000, -1000])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_solo_header_fits_a_four_digit_score_and_a_long_clock(server, player, width, height, score):
    page = player(width=width, height=height, reduced_motion="reduce")
    setup(page, table=THE_SET + companions(9), deck=companions(12)[9:])
    act(page, card(page, THE_SET[0]))  # the clock starts at the first move
    seed_saved_game(server, page, (score, 0), hours_played=100)
    page.reload()
    expect(page.locator("[data-set-score]")).to_have_text(str(score))
    expect(page.locator("time[data-clock]")).to_have_text(re.compile(r"^100:00:\d\d$"))
    new_game = page.locator("[data-set-new-game]")
    expect(new_game).to_have_text("New Game")
    check_fits(page, f"set-fit-solo-{score}-{width}x{height}")


@pytest.mark.parametrize("width,height", SIZES)
def test_the_two_player_header_and_panels_fit_four_digit_scores(server, player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    setup(page, table=THE_SET + companions(9), mode="two-player")
    act(page, page.locator('[data-set-player="one"] [data-set-claim]'))
    seed_saved_game(server, page, (-1000, 1000), hours_played=100)
    page.reload()
    expect(page.locator('[data-set-player="one"] [data-set-player-score]')).to_have_text("-1000")
    check_fits(page, f"set-fit-two-player-{width}x{height}")
    outside = [box for box in page.evaluate(INSIDE_VIEWPORT, ".set-player, .set-player .button") if not box["inside"]]
    assert outside == [], f"cut off: {outside}"


@pytest.mark.parametrize("width,height", SIZES)
def test_the_daily_header_fits_a_long_clock(server, player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    page.goto("/set/daily")
    with page.expect_navigation():
        page.locator("[data-daily-start]").click()
    date = page.locator("[data-daily]").get_attribute("data-date")
    seed_daily_clock(server, page, date, hours_played=100)
    page.reload()
    expect(page.locator("time[data-clock]")).to_have_text(re.compile(r"^100:00:\d\d$"))
    check_fits(page, f"daily-fit-{width}x{height}")


@pytest.mark.parametrize("width,height", SIZES)
def test_the_game_over_and_the_missed_sets_cover_no_card(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    others = companions(12)
    # 12 cards with one Set, and a deck of three: dealing while the Set shows is a miss, and
    # taking the Set then ends the game with 12 cards left.
    setup(page, table=THE_SET + others[:9], deck=others[9:12])
    act(page, page.locator("[data-set-deal]"))
    missed = page.locator("[data-set-missed]")
    expect(missed).to_be_visible()
    assert page.evaluate(OVERLAPS, "[data-set-missed]") == [], "the missed Sets cover cards after a deal"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"set-fit-missed-{width}x{height}.png"))
    for id in THE_SET:
        act(page, card(page, id))
    over = page.locator("[data-set-game-over]")
    expect(over).to_be_visible()
    expect(missed).to_be_visible()
    expect(over.get_by_role("button", name="New Game")).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.set-flying')")  # the last Set has landed
    page.screenshot(path=str(SCREENSHOTS / f"set-fit-game-over-{width}x{height}.png"))
    assert page.locator("[data-set-card]").count() == 12
    assert page.evaluate(OVERLAPS, "[data-set-game-over]") == [], "the game-over text covers cards"
    assert page.evaluate(OVERLAPS, "[data-set-missed]") == [], "the missed Sets cover cards at the end"
    # Everything of the end shows: the box is not cut off by the screen either.
    outside = [box for box in page.evaluate(INSIDE_VIEWPORT, "[data-set-game-over] .button, [data-set-missed]")
               if not box["inside"]]
    assert outside == [], f"cut off: {outside}"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
