"""The stats page with a long history: a chart per game and mode (never one line joining solo
scores and a room's results), and for Set per variant, with the days under its x axis, readable
on a phone; and the last games' table inside the screen, phone either way up, even with the
longest theme names and big scores. Screenshots go to Tests/Browser/screenshots/."""

import json
import re
import sqlite3
from datetime import datetime, timedelta, timezone

from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES

# A theme's name is at most 40 characters (ThemeDraft.maximumNameLength): one word, and words.
LONG_WORD = "Supercalifragilisticexpialidociousnesses"
LONG_WORDS = "The longest theme name a player can type"
assert len(LONG_WORD) == 40 and len(LONG_WORDS) == 40
START = datetime(2026, 11, 2, 9, 30, tzinfo=timezone.utc)

# (day, game, theme, mode, score, seconds, moves): the Memorize games, solo 60, 78, 50
# then a room's 3 and 5, and Set in each mode, with scores and times as big as they come.
HISTORY = [
    (0, "memorize", LONG_WORD, "solo", 60, 95, 30),
    (1, "memorize", LONG_WORDS, "solo", 78, 80, 24),
    (3, "memorize", LONG_WORD, "solo", 50, 120, 41),
    (4, "memorize", LONG_WORDS, "room", 3, 200, 16),
    (6, "memorize", LONG_WORD, "room", 5, 210, 18),
    (2, "set", None, "solo", 123456, 3 * 3600 + 121, 12345),
    (5, "set", None, "solo", -9876, 59 * 60, 999),
    (8, "set", None, "two-player", 42, 600, 40),
    (9, "set", None, "room", 27, 900, 30),
]


def breakdown(game, score):
    if game == "memorize":
        return {"matches": 12, "matchPoints": 24, "speedBonusPoints": max(0, score - 24),
                "mismatchPenalties": max(0, 24 - score)}
    return {"sets": 27, "setPoints": max(0, score), "wrongSets": 99, "wrongSetPenalties": max(0, -score),
            "dealPenalties": 12, "hintPenalties": 30}


def moment(day, minute):
    return (START + timedelta(days=day, minutes=minute)).strftime("%Y-%m-%d %H:%M:%S.000")


def seed_history(page, server, history=HISTORY, variants=None):
    """Writes `history` (HISTORY unless given) into this player's history, straight into the
    database as the games' storage would: finishing nine games, rooms and 40-character themes
    included, through the pages would take minutes and test other things. `variants` gives each
    game's Set variant (none: a game recorded before there were variants)."""
    variants = variants or [None] * len(history)
    page.goto("/stats")
    cookie = next(c for c in page.context.cookies() if c["name"] == "cardtable_player")
    player = cookie["value"].split(".")[0]
    with sqlite3.connect(server.database, timeout=10) as db:
        db.execute(
            "INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)"
            " VALUES (?, ?, ?, 0, 0) ON CONFLICT (id) DO NOTHING", (player, moment(0, 0), moment(0, 0)))
        for index, (day, game, theme, mode, score, seconds, moves) in enumerate(history):
            db.execute(
                "INSERT INTO finished_game (player_id, game, theme, mode, score, breakdown, duration_ms, moves,"
                " finished_at, variant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (player, game, theme, mode, score, json.dumps(breakdown(game, score)), seconds * 1000, moves,
                 moment(day, index), variants[index]))
    page.goto("/stats")
    expect(page.locator("[data-stats-played]")).to_have_text(str(len(history)))


OUT_OF_VIEW = """() => {
    const table = document.querySelector("[data-stats-recent]");
    const problems = [];
    if (document.documentElement.scrollWidth > innerWidth) {
        problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    const box = table.getBoundingClientRect();
    if (box.left < 0 || box.right > innerWidth) problems.push(`the table runs from ${box.left} to ${box.right}`);
    for (const cell of table.querySelectorAll("td")) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        const edge = cell.getBoundingClientRect();
        if (text.right > innerWidth + 0.5 || text.right > edge.right + 0.5 || cell.scrollWidth > cell.clientWidth) {
            problems.push(`"${cell.textContent}" ends at ${text.right}px (its cell at ${edge.right}px)`);
        }
    }
    return problems;
}"""


def test_the_last_games_fit_phones_and_tablets_either_way_up(player, server):
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for width, height in SIZES:
        page = player(width=width, height=height)
        seed_history(page, server)
        rows = page.locator("[data-stats-recent] tbody tr")
        expect(rows).to_have_count(len(HISTORY))
        # The newest first: the room's Set game, its score, time and moves labelled on a phone.
        expect(rows.first).to_contain_text("Set room")
        expect(page.locator("[data-stats-recent]")).to_contain_text(LONG_WORD)
        expect(page.locator("[data-stats-recent]")).to_contain_text("123456")
        page.locator("h2#stats-recent-heading").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"stats-long-{width}x{height}.png"), full_page=True)
        problems += [f"{width}x{height}: {problem}" for problem in page.evaluate(OUT_OF_VIEW)]
        assert page.errors == []
    assert problems == [], "\n".join(problems)


def test_each_game_and_mode_has_its_own_line_with_dates(player, server):
    page = player()
    seed_history(page, server)
    charts = page.locator("[data-stats-chart]")
    expect(charts).to_have_count(5)
    assert charts.evaluate_all("charts => charts.map(c => c.dataset.statsChart)") == [
        "memorize-solo", "memorize-room", "set-solo", "set-two-player", "set-room"]
    expect(charts.locator("h2")).to_have_text([
        "Memorize, solo: score over time", "Memorize, room: score over time", "Set, solo: score over time",
        "Set, two players: score over time", "Set, room: score over time"])
    # Solo scores and the room's results are lines of their own, each labelled in words.
    for slug, scores in [("memorize-solo", ["60", "78", "50"]), ("memorize-room", ["3", "5"])]:
        chart = page.locator(f'[data-stats-chart="{slug}"]')
        expect(chart.locator("polyline.stats-line")).to_have_count(1)
        expect(chart.locator("circle.stats-dot")).to_have_count(len(scores))
        expect(chart.locator("svg")).to_have_attribute("aria-label", re.compile(r"^Memorize, (solo|room): "))
        chart.locator("summary").click()
        expect(chart.locator("tbody td.number")).to_have_text(scores)
    # The days under each chart, readable on a 390px phone: inside the chart, apart, big enough.
    dates = page.locator('[data-stats-chart="memorize-solo"] .stats-date')
    expect(dates.first).to_have_text("2 Nov")
    expect(dates.last).to_have_text("5 Nov")
    problems = page.evaluate("""() => [...document.querySelectorAll("[data-stats-chart]")].flatMap(chart => {
        const svg = chart.querySelector("svg").getBoundingClientRect();
        const boxes = [...chart.querySelectorAll(".stats-date")].map(text => [text.textContent, text.getBoundingClientRect()]);
        const problems = boxes.length ? [] : [`${chart.dataset.statsChart} has no dates`];
        for (const label of chart.querySelectorAll(".stats-label")) {
            const box = label.getBoundingClientRect();
            if (box.left < svg.left || box.right > svg.right) problems.push(`the label ${label.textContent} is cut`);
        }
        boxes.forEach(([text, box], index) => {
            if (box.left < svg.left || box.right > svg.right || box.bottom > svg.bottom) problems.push(`${text} sticks out`);
            if (box.height < 10) problems.push(`${text} is ${box.height}px tall`);
            const next = boxes[index + 1];
            if (next && next[1].left < box.right + 2) problems.push(`${text} touches ${next[0]}`);
        });
        return problems;
    })""")
    assert problems == [], "\n".join(problems)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "stats-charts-390x844.png"), full_page=True)
    assert page.errors == []


# Set in two variants and a room of a third, beside a game recorded before there were variants.
VARIANT_HISTORY = [
    (0, "set", None, "solo", 58, 870, 24),
    (1, "set", None, "solo", 31, 600, 12),
    (2, "set", None, "solo", 36, 640, 14),
    (3, "set", None, "room", 9, 400, 9),
    (4, "set", None, "solo", 61, 800, 25),
    (5, "set", None, "two-player", 18, 300, 8),
]
VARIANTS = [None, "chain", "chain", "ultra", "normal", "junior"]


def test_each_set_variant_has_its_own_best_and_line(player, server):
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page = player(width=width, height=height)
        seed_history(page, server, VARIANT_HISTORY, VARIANTS)
        # Normal Set keeps its names; each variant of each mode is a best and a line of its own.
        expect(page.locator("[data-stats-chart]")).to_have_count(4)
        assert page.locator("[data-stats-chart]").evaluate_all(
            "charts => charts.map(c => c.dataset.statsChart)") == [
            "set-solo", "set-junior-two-player", "set-chain-solo", "set-ultra-room"]
        expect(page.locator("[data-stats-chart] h2")).to_have_text([
            "Set, solo: score over time", "Set Junior, two players: score over time",
            "Set-Chain, solo: score over time", "UltraSet, room: score over time"])
        expect(page.locator("#stats-bests-heading + table tbody tr")).to_have_text([
            re.compile(r"^Set\s*solo\s*61$"), re.compile(r"^Set Junior\s*two players\s*18$"),
            re.compile(r"^Set-Chain\s*solo\s*36$"), re.compile(r"^UltraSet\s*room\s*9$")])
        expect(page.locator('[data-stats-chart="set-solo"] circle.stats-dot')).to_have_count(2)
        expect(page.locator("[data-stats-recent] tbody tr").first).to_contain_text("Set Junior two players")
        page.screenshot(path=str(SCREENSHOTS / f"stats-variants-{width}x{height}.png"), full_page=True)
        problems = page.evaluate(OUT_OF_VIEW)
        assert problems == [], f"{width}x{height}: " + "\n".join(problems)
        assert page.errors == []
