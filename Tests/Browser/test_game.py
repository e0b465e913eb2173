"""Playing Memorize in the browser: taps, scoring, coming back, keyboard, no JavaScript."""

import json
import re
import time

from playwright.sync_api import expect

from conftest import CLOCK_RATE, SPEED_BONUS_SECONDS
from helpers import card, create_theme, face_up_emoji, new_game_of, open_first_theme, tap


def test_play_a_whole_game_by_taps_remembering_cards(player):
    page = player()
    open_first_theme(page)
    count = page.locator("[data-card-id]").count()
    seen = {}  # card number -> emoji, remembered as a player would

    def is_matched(number):
        return "matched" in card(page, number).get_attribute("aria-label")

    def remember(number):
        seen[number] = face_up_emoji(page, number)
        return seen[number]

    taps = 0
    while page.locator("[data-game-over]").count() == 0:
        assert taps <= count * 4, "the game should end"
        open_cards = {n: e for n, e in seen.items() if not is_matched(n)}
        pair = next(([a, b] for a, ea in open_cards.items() for b, eb in open_cards.items() if a < b and ea == eb), None)
        if pair:
            tap(page, pair[0])
            tap(page, pair[1])
            taps += 2
            continue
        unknown = [n for n in range(1, count + 1) if n not in seen]
        first = unknown[0]
        tap(page, first)
        emoji = remember(first)
        partner = next((n for n, e in open_cards.items() if e == emoji), None)
        second = partner or unknown[1]
        tap(page, second)
        remember(second)
        taps += 2
    expect(page.locator("[data-game-over]")).to_contain_text("Final score")
    assert all(is_matched(n) for n in range(1, count + 1))
    assert page.errors == []


def test_hint_20_scoring_example(fast_player, fast_server):
    page = fast_player()
    _, cards = new_game_of(page, fast_server, "Hint twenty", "🐧👻✏️🏀🐼")

    def place(emoji, occurrence=0):
        return [i + 1 for i, content in enumerate(cards) if content == emoji][occurrence]

    penguin = place("🐧")
    steps = [
        (penguin, place("👻"), 0, False), (place("✏️"), place("🏀"), 0, False),
        (place("👻"), place("👻", 1), 2, True), (penguin, place("🐼"), 1, False),
        (place("🏀"), penguin, -1, False), (place("🐧", 1), penguin, 1, True),
    ]
    for first, second, expected, is_match in steps:
        tap(page, first)
        if is_match:
            # Past the speed bonus, so a match earns the plain 2 points of hint 20.
            time.sleep(SPEED_BONUS_SECONDS / CLOCK_RATE + 0.3)
        tap(page, second)
        expect(page.locator("[data-score]")).to_have_text(str(expected))
    expect(page.locator("[data-announcement]")).to_contain_text("Score 1")


def test_leaving_and_coming_back_continues_the_game(player):
    page = player()
    theme_id = open_first_theme(page)
    tap(page, 3)
    emoji = face_up_emoji(page, 3)
    page.get_by_role("link", name="Themes").click()
    page.wait_for_url(re.compile(r"/$"))
    page.locator(f'a[href="/play/{theme_id}"]').click()
    expect(card(page, 3)).to_have_attribute("aria-label", re.compile(f"^{re.escape(emoji)}, face up"))


def test_new_game_without_reload(player):
    page = player()
    open_first_theme(page)
    page.evaluate("window.keptAcrossUpdates = true")
    tap(page, 1)
    page.get_by_role("button", name="New Game").first.click()
    expect(card(page, 1)).to_have_attribute("aria-label", "card 1, face down")
    assert page.evaluate("window.keptAcrossUpdates") is True  # the page was updated in place


def test_random_theme_entry(player):
    page = player()
    page.goto("/")
    page.get_by_role("link", name=re.compile("Random theme")).click()
    page.wait_for_url(re.compile(r"/play/random$"))
    expect(page.locator(".tag")).to_have_text("random")


def test_keyboard_only_play(player):
    page = player()
    page.goto("/")
    # Tab from the top of the page to the first theme and open it with Enter (past the top bar's
    # links and the appearance toggle, and Set's ways in).
    for _ in range(16):
        page.keyboard.press("Tab")
        href = page.evaluate("document.activeElement.getAttribute('href') || ''")
        if re.fullmatch(r"/play/\d+", href):
            break
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/play/\d+$"))
    first = card(page, 1)
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-label", re.compile("face up"))
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(card(page, 2)).to_have_attribute("aria-label", re.compile("face up|matched"))
    expect(page.locator("[data-announcement]")).to_contain_text("Score")


def test_the_keyboard_stays_where_the_player_was_and_arrows_move_through_the_grid(player, server):
    page = player()
    _, cards = new_game_of(page, server, "Keys", "🐧👻✏️🏀🐼🐸")
    count = len(cards)
    # A pair whose second card is not the last, so the keyboard has somewhere to move on to.
    first, second = next(
        (i + 1, j + 1) for i in range(count) for j in range(i + 1, count - 1) if cards[i] == cards[j])
    presses = 0

    def press(key):
        nonlocal presses
        presses += 1
        page.keyboard.press(key)

    def focused():
        return int(page.evaluate("document.activeElement.dataset.cardId || 0"))

    card(page, 1).focus()
    columns, _ = grid_shape(page)
    if count > columns:
        press("ArrowDown")
        assert focused() == 1 + columns
        press("ArrowUp")
    assert focused() == 1
    for _ in range(first - 1):
        press("ArrowRight")
    assert focused() == first
    press("Enter")
    expect(card(page, first)).to_have_attribute("aria-label", re.compile("face up"))
    for _ in range(second - first):
        press("ArrowRight")
    press("Enter")
    expect(card(page, first)).to_have_attribute("aria-label", re.compile("matched"))
    expect(page.locator("[data-announcement]")).to_contain_text(re.compile(r"Match! .* plus \d+"))
    # The played card is out of play: the keyboard moves on to the next card, not back to the first.
    page.wait_for_function(f"document.activeElement.dataset.cardId === '{second + 1}'")
    # Arrows pass over matched cards (and stay put when only matched cards lie that way).
    press("ArrowLeft")
    in_play_before = [number for number in range(1, second) if number != first]
    assert focused() == (in_play_before[-1] if in_play_before else second + 1)
    press("Home")
    assert focused() == min(number for number in range(1, count + 1) if number not in (first, second))
    press("End")
    assert focused() == count
    assert presses <= 2 * count


def test_moves_clock_scoring_help_and_the_game_over_breakdown(player, server):
    for motion in ["no-preference", "reduce"]:
        page = player(reduced_motion=motion)
        _, cards = new_game_of(page, server, f"Stats {motion}", "🐧👻")
        places = {emoji: [i + 1 for i, content in enumerate(cards) if content == emoji] for emoji in set(cards)}
        (a, b), (c, d) = places["🐧"], places["👻"]
        expect(page.locator("[data-moves]")).to_have_text("0")
        page.get_by_text("How scoring works").click()
        expect(page.locator(".scoring-rules")).to_be_visible()
        expect(page.locator(".scoring-rules")).to_contain_text("A match: +2")
        page.get_by_text("How scoring works").click()
        tap(page, a)
        tap(page, c)
        expect(page.locator("[data-moves]")).to_have_text("1")
        # The clock runs on in the page between answers.
        expect(page.locator("[data-clock]")).not_to_have_text("0:00", timeout=3000)
        for number in [b, a, c, d]:
            tap(page, number)
        over = page.locator("[data-game-over]")
        expect(over).to_be_visible()
        expect(over.locator(".breakdown")).to_contain_text("Matches")
        expect(over.locator(".breakdown")).to_contain_text("Moves3")
        animation = page.locator(".celebration span").first.evaluate("e => getComputedStyle(e).animationName")
        assert animation == ("none" if motion == "reduce" else "celebrate")
        page.screenshot(path=f"Tests/Browser/screenshots/game-over-breakdown-{motion}.png")


def test_plays_with_javascript_off(player):
    page = player(javascript=False)
    open_first_theme(page)
    card(page, 1).click()
    page.wait_for_load_state()
    expect(card(page, 1)).to_have_attribute("aria-label", re.compile("face up"))
    card(page, 2).click()
    page.wait_for_load_state()
    expect(page.locator("[data-announcement]")).to_contain_text("Score")
    page.get_by_role("button", name="New Game").first.click()
    expect(card(page, 1)).to_have_attribute("aria-label", "card 1, face down")


def grid_shape(page):
    """The grid's column count and whether every card lies inside the board."""
    return page.evaluate("""() => {
        const grid = document.querySelector("[data-grid]");
        const board = document.querySelector("[data-board]").getBoundingClientRect();
        const inside = [...grid.querySelectorAll("[data-card-id]")].every((card) => {
            const box = card.getBoundingClientRect();
            return box.left >= board.left - 0.5 && box.right <= board.right + 0.5
                && box.top >= board.top - 0.5 && box.bottom <= board.bottom + 0.5;
        });
        const cards = [...grid.querySelectorAll("[data-card-id]")];
        const firstRow = cards.filter((card) => card.offsetTop === cards[0].offsetTop);
        return [firstRow.length, inside];
    }""")


def test_a_last_row_that_is_not_full_is_centered(player, server):
    partial_rows = 0
    for width, height in [(390, 844), (844, 390), (820, 1180)]:
        page = player(width=width, height=height)
        theme_id = create_theme(page, f"Seven {width}", "🐧👻🏀🐼✏️🦊🐸")
        page.goto(f"/play/{theme_id}")
        rows = page.evaluate("""() => {
            const grid = document.querySelector("[data-grid]").getBoundingClientRect();
            const rows = new Map();
            for (const card of document.querySelectorAll("[data-card-id]")) {
                const box = card.getBoundingClientRect();
                const row = rows.get(Math.round(box.top)) || [];
                row.push(box);
                rows.set(Math.round(box.top), row);
            }
            return [...rows.values()].map((row) => [row.length,
                (Math.min(...row.map((b) => b.left)) - grid.left) - (grid.right - Math.max(...row.map((b) => b.right)))]);
        }""")
        counts = [count for count, _ in rows]
        assert sum(counts) == 14, (width, rows)
        partial_rows += counts[-1] < counts[0]
        for count, imbalance in rows:
            assert abs(imbalance) <= 1, (width, rows)
        # Arrow keys still move by whole rows.
        card(page, 1).focus()
        page.keyboard.press("ArrowDown")
        focused = page.evaluate("() => Number(document.activeElement.dataset.cardId)")
        assert focused == 1 + counts[0], (width, counts)
        page.screenshot(path=f"Tests/Browser/screenshots/memorize-last-row-{width}x{height}.png")
    assert partial_rows >= 2


def test_grid_fits_the_screen_and_follows_rotation(player):
    for javascript in [True, False]:
        page = player(width=390, height=844, javascript=javascript)
        open_first_theme(page)
        upright_columns, inside = grid_shape(page)
        assert inside
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_timeout(100)
        turned_columns, inside = grid_shape(page)
        assert inside
        assert 1 < upright_columns < turned_columns


def test_the_theme_name_shows_whole_on_a_phone(player):
    page = player(width=390, height=844)
    page.goto("/")
    page.locator(".theme-row", has_text="Halloween").locator(".row-link").click()
    title = page.locator(".page-title")
    expect(title).to_contain_text("Halloween")
    assert title.evaluate("t => t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight + 1")
    expect(page.locator("[data-score]")).to_be_visible()


def test_a_hundred_pairs_on_a_phone_keep_tappable_cards_and_the_board_scrolls(player):
    page = player(width=390, height=844)
    emoji = [chr(c) for c in range(0x1F400, 0x1F43D)] + [chr(c) for c in range(0x1F600, 0x1F638)]
    body = json.dumps({"name": "Hundred", "emojis": emoji[:100], "numberOfPairs": 100, "color": "blue"})
    page.goto("/")
    response = page.request.post(
        "/themes", data=body, headers={"Content-Type": "application/json", "Accept": "application/json"})
    assert response.ok, response.text()
    theme_id = response.json()["theme"]["id"]
    page.goto(f"/play/{theme_id}")
    cards = page.locator("[data-card-id]")
    expect(cards).to_have_count(200)
    widths = page.eval_on_selector_all("[data-card-id]", "cards => cards.map(c => c.getBoundingClientRect().width)")
    assert min(widths) >= 44 - 0.5, min(widths)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    board = page.locator("[data-board]")
    assert board.evaluate("b => b.scrollHeight > b.clientHeight")
    # The first row is not cut off above the scroll origin, and the last card can be reached and played.
    assert page.evaluate(
        "() => document.querySelector('[data-card-id=\"1\"]').getBoundingClientRect().top"
        " >= document.querySelector('[data-board]').getBoundingClientRect().top")
    last = cards.last
    last.scroll_into_view_if_needed()
    last.click()
    expect(last).to_have_attribute("aria-label", re.compile("face up"))
    page.screenshot(path="Tests/Browser/screenshots/game-200-cards-390x844.png")
