"""The daily Set puzzle and the stats page: the day's twelve cards hold exactly six Sets; a player
solves them by clicking cards (the script claims at the third) or, without JavaScript, with the
Claim button; a wrong trio is explained and counted; the solved box has a share text that names
no card; a replay starts over while the first solve still counts; the archive and the stats page
show the solve; a finished Set game lands in the stats, its chart, the CSV history and the
game-over's comparison with the best score. Screenshots go to Tests/Browser/screenshots/."""

import datetime
import itertools
import re

from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from set_helpers import THE_SET, act, card, card_id, companions, features, setup

JSON = {"Accept": "application/json"}
# Words that would give a card away in the share text.
CARD_WORDS = ["red", "green", "purple", "oval", "diamond", "squiggle", "solid", "striped", "open"]


def digits(id):
    """A card's four features, the base-3 digits of its id."""
    return (id // 27 % 3, id // 9 % 3, id // 3 % 3, id % 3)


def is_set(trio):
    return all(sum(values) % 3 == 0 for values in zip(*(digits(id) for id in trio)))


def sets_among(ids):
    return [trio for trio in itertools.combinations(ids, 3) if is_set(trio)]


def utc_today():
    return datetime.datetime.now(datetime.timezone.utc).date()


def daily_json(page, path="/set/daily"):
    response = page.request.get(path, headers=JSON)
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return response.json()


def start(page):
    """Opens today's puzzle, shows its cards, and returns their ids in page order."""
    page.goto("/set/daily")
    expect(page.locator(".daily-intro")).to_be_visible()
    with page.expect_navigation():
        page.locator("[data-daily-start]").click()
    expect(page.locator("[data-daily-card]")).to_have_count(12)
    return [int(id) for id in page.locator("[data-daily-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.dailyCard)")]


def claim(page, trio, javascript=True):
    """Chooses three cards by clicking their labels. With the script the third click sends the
    claim by itself; without, the Claim button does."""
    labels = [page.locator(f'label[data-daily-card="{id}"]') for id in trio]
    for label in labels[:2]:
        label.click()
    if javascript:
        # NB: no Claim press here: if the script did not send the claim, this times out.
        with page.expect_navigation(timeout=5000):
            labels[2].click()
    else:
        labels[2].click()
        for id in trio:
            expect(page.locator(f'input[name="card-{id}"]')).to_be_checked()
        with page.expect_navigation():
            page.locator("[data-daily-claim-button]").click()


def wrong_trio(ids):
    return next(trio for trio in itertools.combinations(ids, 3) if not is_set(trio))


def progress(page):
    return page.locator("[data-daily-progress]")


def solve(page, javascript=True, wrong_first=True):
    """Starts today's puzzle and finds its six Sets (after one wrong trio, if asked); returns the
    share text."""
    ids = start(page)
    if wrong_first:
        claim(page, wrong_trio(ids), javascript)
    for trio in sets_among(ids):
        claim(page, trio, javascript)
    expect(page.locator("section.daily-solved")).to_be_visible()
    return page.locator("[data-daily-share]").input_value()


def check_share_text(text, date, tries):
    lines = text.split("\n")
    assert len(lines) == 3, f"the share text has three lines: {text!r}"
    assert lines[0] == f"CardTable daily Set {date}", lines
    assert re.fullmatch(rf"All 6 Sets in \d+:\d\d, {tries}", lines[1]), lines
    assert lines[2] == "Streak: 1 day", lines
    named = [word for word in CARD_WORDS if word in text.lower()]
    assert named == [], f"the share text must name no card, but says {named}: {text!r}"


def test_the_days_puzzle_has_twelve_cards_and_exactly_six_sets(player):
    page = player()
    page.goto("/")
    before = utc_today()
    puzzle = daily_json(page)
    assert puzzle["date"] in {before.isoformat(), utc_today().isoformat()}, puzzle["date"]
    today = datetime.date.fromisoformat(puzzle["date"])
    ids = [c["id"] for c in puzzle["cards"]]
    assert len(ids) == 12 and len(set(ids)) == 12, f"twelve different cards: {ids}"
    assert all(0 <= id < 81 for id in ids), ids
    for c in puzzle["cards"]:
        number, color, shading, shape = features(c["description"])
        assert card_id(number, shape, shading, color) == c["id"], f"the id tells the card's features: {c}"
    assert len(sets_among(ids)) == 6, f"exactly six Sets among {ids}"
    assert puzzle["isStarted"] is False and puzzle["found"] == [] and puzzle["wrongTries"] == 0
    assert [c["id"] for c in daily_json(page)["cards"]] == ids, "the same cards on a second look"
    assert [c["id"] for c in daily_json(page, f"/set/daily/{today}")["cards"]] == ids, "/set/daily is today's page"
    # Another player sees the same puzzle.
    other = player()
    other.goto("/")
    assert [c["id"] for c in daily_json(other)["cards"]] == ids, "everyone gets the same puzzle"
    # An earlier day has its own six Sets.
    yesterday = daily_json(page, f"/set/daily/{today - datetime.timedelta(days=1)}")
    assert yesterday["date"] == (today - datetime.timedelta(days=1)).isoformat()
    assert len(sets_among([c["id"] for c in yesterday["cards"]])) == 6
    # A day still to come, and something that is not a day, are not found.
    tomorrow = today + datetime.timedelta(days=1)
    response = page.request.get(f"/set/daily/{tomorrow}")
    assert response.status == 404, response.status
    assert f"The puzzle of {tomorrow} is not out yet" in response.text()
    assert page.request.get("/set/daily/yesterday").status == 404
    assert page.request.get("/set/daily/2026-02-30").status == 404


def test_solve_todays_puzzle_by_clicking_cards(player):
    page = player()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ids = start(page)
    date = daily_json(page)["date"]
    clock = page.locator("time[data-clock]")
    expect(clock).to_have_attribute("data-running", "")
    shown = clock.text_content()
    expect(clock).not_to_have_text(shown, timeout=3000)  # the clock runs on the page
    # A wrong trio is explained and counted.
    wrong = wrong_trio(ids)
    claim(page, wrong)
    message = page.locator("[data-daily-message]")
    expect(message).to_have_attribute("role", "status")
    expect(message).to_have_text(re.compile(r"^Not a Set: .*two are \w+, one is \w+"))
    expect(progress(page)).to_have_text("Sets found 0 of 6 · Wrong tries 1")
    expect(page.locator("ol[data-daily-found] li")).to_have_count(0)
    for checkbox in page.locator("input.daily-check").all():
        expect(checkbox).not_to_be_checked()
    descriptions = page.locator("input.daily-check").evaluate_all(
        "boxes => boxes.map(box => box.getAttribute('aria-label'))")
    assert all(re.fullmatch(r"(one|two|three) \w+ \w+ \w+", d) for d in descriptions), descriptions
    # The six Sets, one at a time.
    for found, trio in enumerate(sets_among(ids), start=1):
        claim(page, trio)
        expect(page.locator("ol[data-daily-found] li")).to_have_count(found)
        expect(progress(page)).to_have_text(f"Sets found {found} of 6 · Wrong tries 1")
        if found < 6:
            expect(message).to_have_text(re.compile(r"^A Set: "))
    solved = page.locator("section.daily-solved")
    expect(solved).to_be_visible()
    expect(solved.get_by_role("heading")).to_have_text("Solved!")
    expect(page.locator("[data-daily-claim]")).to_have_count(0)
    expect(clock).not_to_have_attribute("data-running", "")
    share = page.locator("[data-daily-share]")
    expect(share).to_have_attribute("readonly", "")
    text = share.input_value()
    check_share_text(text, date, "1 wrong try")
    solve_time = re.search(r"in (\d+:\d\d),", text).group(1)
    expect(solved).to_contain_text(f"All 6 Sets in {solve_time} with 1 wrong try.")
    expect(solved).to_contain_text("Streak 1 · Longest 1")
    # Copying the result, with the script and a clipboard.
    copy = page.locator("[data-daily-copy]")
    expect(copy).to_be_visible()
    copy.click()
    expect(copy).to_have_text("Copied!")
    assert page.evaluate("() => navigator.clipboard.readText()") == text
    state = daily_json(page)
    assert state["isSolved"] is True and state["wrongTries"] == 1 and state["shareText"] == text
    assert sorted(map(sorted, state["found"])) == sorted(map(sorted, sets_among(ids)))
    assert state["streak"] == 1 and state["longestStreak"] == 1
    assert page.errors == []
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for width, height in [(390, 844), (1180, 820)]:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.screenshot(path=str(SCREENSHOTS / f"daily-solved-{width}x{height}.png"))
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            problems.append(f"{width}x{height}: the page sticks out sideways")
        if not share.evaluate("box => box.scrollHeight <= box.clientHeight + 1"):
            problems.append(f"{width}x{height}: the share text does not fit its box (its last lines are cut off)")
    assert problems == [], "\n".join(problems)


def test_solve_todays_puzzle_without_javascript(player):
    page = player(javascript=False)
    ids = start(page)
    expect(page.locator("[data-daily-claim-button]")).to_be_visible()
    # Two cards are not a claim; the Claim button says so.
    sets = sets_among(ids)
    page.locator(f'label[data-daily-card="{sets[0][0]}"]').click()
    page.locator(f'label[data-daily-card="{sets[0][1]}"]').click()
    with page.expect_navigation():
        page.locator("[data-daily-claim-button]").click()
    expect(page.locator("[data-daily-message]")).to_have_text("Choose three different cards of the puzzle.")
    claim(page, wrong_trio(ids), javascript=False)
    expect(page.locator("[data-daily-message]")).to_contain_text("Not a Set: ")
    expect(progress(page)).to_have_text("Sets found 0 of 6 · Wrong tries 1")
    claim(page, sets[0], javascript=False)
    expect(page.locator("[data-daily-message]")).to_contain_text("A Set: ")
    claim(page, sets[0], javascript=False)
    expect(page.locator("[data-daily-message]")).to_contain_text("Found already: ")
    # Only the trio that was not a Set counts as a wrong try.
    expect(progress(page)).to_have_text("Sets found 1 of 6 · Wrong tries 1")
    for trio in sets[1:]:
        claim(page, trio, javascript=False)
    expect(page.locator("section.daily-solved")).to_be_visible()
    expect(page.locator("ol[data-daily-found] li")).to_have_count(6)
    text = page.locator("[data-daily-share]").input_value()
    check_share_text(text, daily_json(page)["date"], "1 wrong try")
    expect(page.locator("[data-daily-copy]")).to_be_hidden()  # copying needs the script


def test_play_again_starts_over_and_the_first_solve_still_counts(player):
    page = player()
    text = solve(page)
    first = re.search(r"in (\d+:\d\d),", text).group(1)
    with page.expect_navigation():
        page.get_by_role("button", name="Play again").click()
    expect(page.locator("ol[data-daily-found] li")).to_have_count(0)
    expect(progress(page)).to_have_text("Sets found 0 of 6 · Wrong tries 0")
    expect(page.locator(".daily-replay")).to_have_text(
        f"A replay. First solve, the one that counts: {first}, 1 wrong try.")
    expect(page.locator("[data-daily-card]")).to_have_count(12)
    expect(page.locator("time[data-clock]")).to_have_attribute("data-running", "")
    # The replay is kept slower than the first solve, so the two times differ.
    minutes, seconds = map(int, first.split(":"))
    slower = minutes * 60 + seconds + 2
    page.wait_for_function(
        """n => { const [m, s] = document.querySelector('[data-clock]').textContent.split(':').map(Number);
                  return m * 60 + s >= n; }""", arg=slower, timeout=slower * 1000 + 5000)
    ids = [int(id) for id in page.locator("[data-daily-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.dailyCard)")]
    for trio in sets_among(ids):
        claim(page, trio)
    solved = page.locator("section.daily-solved")
    expect(solved.get_by_role("heading")).to_have_text("Solved again!")
    replay_time = re.search(r"All 6 Sets in (\d+:\d\d) with no wrong tries", solved.text_content()).group(1)
    assert replay_time != first, "the replay took longer than the first solve"
    assert page.locator("[data-daily-share]").input_value() == text, "the share text keeps the first solve"
    # The archive shows today solved in the first solve's time.
    page.goto("/set/daily/archive")
    days = page.locator("ol.daily-days li")
    expect(days).to_have_count(30)
    today = days.filter(has=page.locator(".tag", has_text="today"))
    expect(today).to_have_count(1)
    expect(today).to_contain_text(f"Solved in {first}")
    expect(days.nth(1)).to_contain_text("Not solved")
    expect(page.locator(".daily-archive .hint")).to_contain_text("Solved 1 of these days")
    # The date form goes to that day's puzzle.
    earlier = datetime.date.fromisoformat(daily_json(page)["date"]) - datetime.timedelta(days=3)
    page.fill("input[name=date]", earlier.isoformat())
    with page.expect_navigation():
        page.get_by_role("button", name="Go").click()
    assert page.url.endswith(f"/set/daily/{earlier}"), page.url
    expect(page.locator(".daily-date")).to_contain_text("Today's puzzle")
    assert page.errors == []


def test_stats_show_the_streak_and_a_finished_set_game(player, tmp_path):
    page = player()
    page.goto("/stats")
    expect(page.locator("[data-stats-played]")).to_have_text("0")
    expect(page.locator("[data-stats-streak]")).to_have_text("0")
    expect(page.locator(".stats")).to_contain_text("No finished games yet")
    expect(page.get_by_role("link", name="Download history (CSV)")).to_have_count(0)
    solve(page, wrong_first=False)
    page.goto("/stats")
    expect(page.locator("[data-stats-streak]")).to_have_text("1")
    expect(page.locator("dl.stats-figures")).to_contain_text("Longest streak1")
    expect(page.locator("[data-stats-played]")).to_have_text("0")
    # A Set game, set up one Set from its end and played to it.
    setup(page, table=THE_SET + companions(3))
    for id in THE_SET:
        act(page, card(page, id))
    expect(page.locator("[data-set-game-over]")).to_be_visible()
    score = int(re.search(r"Final score (-?\d+)", page.locator("[data-set-final]").text_content()).group(1))
    page.goto("/stats")
    expect(page.locator("[data-stats-played]")).to_have_text("1")
    expect(page.locator("[data-stats-streak]")).to_have_text("1")
    expect(page.locator(".stats")).not_to_contain_text("No finished games yet")
    chart = page.locator("svg.stats-svg")
    expect(chart).to_have_count(1)
    expect(chart).to_have_attribute("role", "img")
    expect(chart).to_have_attribute("aria-label", re.compile(r"\S.*The table below lists them\."))
    expect(chart.locator("circle.stats-dot")).to_have_count(1)
    table = page.locator("details.stats-chart-table")
    table.locator("summary").click()
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table.locator("tbody td.number")).to_have_text(str(score))
    recent = page.locator("[data-stats-recent] tbody tr")
    expect(recent).to_have_count(1)
    expect(recent.locator("td").nth(1)).to_contain_text("Set")
    expect(recent.locator("td").nth(2)).to_have_text(str(score))
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "stats-390x844.png"), full_page=True)
    phone_widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    page.set_viewport_size({"width": 1180, "height": 820})
    page.reload()
    page.locator("details.stats-chart-table summary").click()
    page.screenshot(path=str(SCREENSHOTS / "stats-1180x820.png"), full_page=True)
    # The history as CSV, downloaded through the link.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download history (CSV)").click()
    assert download.value.suggested_filename == "cardtable-history.csv"
    path = tmp_path / "history.csv"
    download.value.save_as(path)
    lines = path.read_text().splitlines()
    assert len(lines) == 2, f"a header and one game: {lines}"
    assert lines[0].startswith("finished_at,game,theme,mode,score,seconds,moves,"), lines[0]
    fields = dict(zip(lines[0].split(","), lines[1].split(",")))
    assert fields["game"] == "set" and fields["score"] == str(score), fields
    response = page.request.get("/stats/history.csv")
    assert response.headers["content-type"].startswith("text/csv"), response.headers
    assert response.headers["content-disposition"].startswith("attachment"), response.headers
    assert page.errors == []
    # Last: on a phone nothing may stick out sideways (the last games' table scrolls by itself).
    assert phone_widths[0] <= phone_widths[1], f"the stats page is {phone_widths[0]}px wide on a {phone_widths[1]}px phone"


def test_the_set_game_over_compares_with_the_best_score(player):
    page = player()
    # A first game with a hint: the hinted match earns no speed bonus, so its score is -1.
    setup(page, table=THE_SET + companions(3))
    act(page, page.locator("[data-set-hint-button]"))
    for id in THE_SET:
        act(page, card(page, id))
    over = page.locator("[data-set-game-over]")
    expect(over).to_be_visible()
    expect(page.locator("[data-set-final]")).to_contain_text("Final score -1")
    expect(over.locator(".set-breakdown")).to_be_visible()
    best = over.locator("[data-best]")
    expect(best).to_have_text("Your first finished game of Set, solo: the score to beat next time.")
    expect(best).not_to_have_class(re.compile("is-new-best"))
    # A second game without the hint beats it.
    setup(page, table=THE_SET + companions(3))
    for id in THE_SET:
        act(page, card(page, id))
    expect(over).to_be_visible()
    expect(best).to_have_text("New best! Your best for Set, solo was -1.")
    expect(best).to_have_class(re.compile("is-new-best"))
    assert page.errors == []


def test_all_twelve_cards_and_claim_fit_on_screen(player):
    """The puzzle's promise (daily.css): on phones and tablets either way up, all twelve cards and
    Claim Set are in view without scrolling, and no card is too small to touch. Without script,
    where Claim Set shows (with it, the third card claims and the button is hidden)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for width, height in SIZES:
        page = player(width=width, height=height, javascript=False)
        start(page)
        page.screenshot(path=str(SCREENSHOTS / f"daily-started-{width}x{height}.png"))
        button = page.locator("[data-daily-claim-button]").bounding_box()
        if button["y"] + button["height"] > height:
            problems.append(f"{width}x{height}: Claim Set ends at {button['y'] + button['height']:.0f}px, below the screen")
        boxes = [c.bounding_box() for c in page.locator("[data-daily-card]").all()]
        out = [box for box in boxes if box["y"] < 0 or box["y"] + box["height"] > height]
        if out:
            lowest = max(box["y"] + box["height"] for box in boxes)
            problems.append(f"{width}x{height}: {len(out)} cards are out of view (the last ends at {lowest:.0f}px)")
        if min(box["width"] for box in boxes) < 44:
            problems.append(f"{width}x{height}: a card is {min(box['width'] for box in boxes):.0f}px wide")
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            problems.append(f"{width}x{height}: the page sticks out sideways")
        first = page.locator(".daily-grid").bounding_box()
        for name in ["[data-daily-progress]", "[data-daily-message]", ".daily-date"]:
            text = page.locator(name).evaluate(
                "p => { const r = document.createRange(); r.selectNodeContents(p); const b = r.getBoundingClientRect();"
                " return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, box: p.getBoundingClientRect().height }; }")
            if text["bottom"] > first["y"] and text["top"] < first["y"] + first["height"] \
                    and text["right"] > first["x"] and text["left"] < first["x"] + first["width"] and text["bottom"] > text["top"]:
                problems.append(f"{width}x{height}: the text of {name} runs under the cards (its box is {text['box']:.0f}px tall)")
    assert problems == [], "\n".join(problems)
