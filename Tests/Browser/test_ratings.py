"""Ratings: three friends play two rated Set rooms and a rated Memorize room to the end from their
own browsers; the results show each change, /stats draws the rating's chart, and the leaderboard
lists only established players. Screenshots go to Tests/Browser/screenshots/."""

import re
import sqlite3
import time
from datetime import datetime, timezone

from playwright.sync_api import expect

from conftest import SCREENSHOTS
from helpers import create_theme
from room_helpers import join, memorize_room_cards, play_set_to_the_end, snapshot, updates, wait_for_update


def make_rated_room(page, name, url):
    """Makes a rated room from the new-room form at `url`, ticking its Rated box."""
    page.goto(url)
    page.locator("#room-name").fill(name)
    page.locator("#room-rated").check()
    page.get_by_role("button", name="Make a room").click()
    page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    expect(page.locator("[data-room-rated]")).to_have_text("Rated")
    return page.url


def start(host, guests):
    before = [updates(guest) for guest in guests]
    host.get_by_role("button", name="Start the game").click()
    for guest, count in zip(guests, before):
        wait_for_update(guest, count)


def rating_changes(page):
    """Each result row's rating change and new rating, as the page shows them."""
    return page.locator("[data-room-rating-change]").all_inner_texts()


def seed_established_player(server, name, rating):
    """A player with a settled Set rating played today, written straight into the database (as
    many rated games would leave them)."""
    player = f"{abs(hash(name)):032x}"[:32]
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")
    with sqlite3.connect(server.database, timeout=10) as db:
        db.execute(
            "INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie) VALUES (?, ?, ?, 0, 0)",
            (player, now, now))
        db.execute("INSERT INTO player_name (player_id, name, updated_at) VALUES (?, ?, ?)", (player, name, now))
        db.execute(
            "INSERT INTO player_rating (player_id, game, mode, rating, deviation, volatility, games, last_played_at)"
            " VALUES (?, 'set', 'normal', ?, 62.5, 0.06, 40, ?)", (player, rating, now))


def test_three_friends_play_rated_rooms_and_see_their_ratings(player, server):
    ana, bo, cy = player(390, 844), player(844, 390), player(1180, 820)
    # A rated Set room of three, made from Set's Options.
    url = make_rated_room(ana, "Ana", "/rooms/new?game=set")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    start(ana, [bo, cy])
    code = url.rsplit("/", 1)[1]
    before = updates(bo)
    play_set_to_the_end([ana, bo, cy], code, limit=60)
    wait_for_update(bo, before)
    for page in (ana, bo, cy):
        expect(page.locator("[data-room-rating-change]")).to_have_count(3)
    changes = rating_changes(bo)
    assert all(re.fullmatch(r"[+−±]\d+ → \d{4}\?", text) for text in changes), changes
    view = snapshot(ana, code)["view"]
    first = view["ratingChanges"]
    assert [change["before"] for change in first] == [1500, 1500, 1500]
    scores = view["set"]["scores"]
    if len(set(scores)) == 3:
        best = scores.index(max(scores))
        assert view["ratingChanges"][best]["after"] > 1500
    bo.screenshot(path=str(SCREENSHOTS / "ratings-room-results-844x390.png"), full_page=True)
    ana.screenshot(path=str(SCREENSHOTS / "ratings-room-results-390x844.png"), full_page=True)

    # A second rated Set room, Bo's, for two: it starts from the ratings the first left.
    url = make_rated_room(bo, "Bo", "/rooms/new?game=set")
    join(ana, url, "Ana")
    start(bo, [ana])
    code = url.rsplit("/", 1)[1]
    play_set_to_the_end([bo, ana], code, limit=60)
    expect(ana.locator("[data-room-rating-change]")).to_have_count(2)
    second = snapshot(ana, code)["view"]["ratingChanges"]
    # Bo (member 1 here, 2 there) and Ana (2 here, 1 there) start from where the first game left them.
    assert [change["before"] for change in second] == [first[1]["after"], first[0]["after"]], (first, second)

    # A rated Memorize room, Cy's, with a theme of two pairs, played by turns.
    theme = create_theme(cy, "Pets", "🐶🐱")
    url = make_rated_room(cy, "Cy", f"/rooms/new?game=memorize&themeID={theme}")
    join(ana, url, "Ana")
    start(cy, [ana])
    code = url.rsplit("/", 1)[1]
    cards = memorize_room_cards(server, code)
    pairs = {}
    for card_id, emoji in cards:
        pairs.setdefault(emoji, []).append(card_id)
    for first, second in pairs.values():
        for card_id in (first, second):
            response = cy.request.post(f"/rooms/{code}/cards/{card_id}/choose", headers={"Accept": "application/json"})
            assert response.ok, response.text()
    expect(ana.locator("[data-room-rating-change]")).to_have_count(2)
    memorize = snapshot(ana, code)["view"]["ratingChanges"]
    assert memorize[0]["after"] > 1500 > memorize[1]["after"], memorize
    ana.screenshot(path=str(SCREENSHOTS / "ratings-memorize-results-390x844.png"), full_page=True)

    # /stats: Ana's two ratings, each with its chart.
    ana.goto("/stats")
    expect(ana.locator("[data-stats-rating]")).to_have_count(2)
    expect(ana.locator('[data-stats-chart="rating-set-normal"] .stats-dot')).to_have_count(2)
    expect(ana.locator('[data-stats-chart="rating-memorize-standard"] .stats-dot')).to_have_count(1)
    for width, height in ((390, 844), (844, 390), (1180, 820), (820, 1180)):
        ana.set_viewport_size({"width": width, "height": height})
        ana.screenshot(path=str(SCREENSHOTS / f"ratings-stats-{width}x{height}.png"), full_page=True)
        assert ana.evaluate("document.documentElement.scrollWidth") <= width

    # The leaderboard lists only established players: Dee and Eve, not the three newcomers.
    seed_established_player(server, "Dee", 1712.4)
    seed_established_player(server, "Eve <b>", 1650)
    for page in (ana, cy):
        page.goto("/leaderboard")
        expect(page.locator("[data-leaderboard] tbody tr")).to_have_count(2)
        expect(page.locator("[data-leaderboard] tbody tr").first).to_contain_text("Dee")
        expect(page.locator("[data-leaderboard] tbody tr").nth(1)).to_contain_text("Eve <b>")
        expect(page.locator("[data-leaderboard-you]")).to_contain_text("provisional")
    for width, height in ((390, 844), (844, 390), (1180, 820), (820, 1180)):
        ana.set_viewport_size({"width": width, "height": height})
        ana.screenshot(path=str(SCREENSHOTS / f"ratings-leaderboard-{width}x{height}.png"), full_page=True)
        assert ana.evaluate("document.documentElement.scrollWidth") <= width
    assert ana.errors == [] and bo.errors == [] and cy.errors == []
