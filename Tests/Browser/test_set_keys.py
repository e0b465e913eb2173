"""Set from the keyboard: a letter key for every card by its place, Shift for the actions, and
the game clock."""

import re

import pytest
from playwright.sync_api import expect

from set_helpers import THE_SET, act, announcement, companions, random_table, setup, updates

LETTER_ROWS = ["QWERTYUIOP", "ASDFGHJKL;", "ZXCVBNM,./"]
CODES = {";": "Semicolon", ",": "Comma", ".": "Period", "/": "Slash"}


def code_of(character):
    if character.isdigit():
        return f"Digit{character}"
    return CODES.get(character, f"Key{character}")

SIZES = {"phone": (390, 844), "phone-landscape": (844, 390), "tablet": (820, 1180), "tablet-landscape": (1180, 820)}


def places(page):
    """Each card's key and row and column on screen, read from where the card is drawn."""
    cards = page.eval_on_selector_all(
        "[data-set-card]",
        """cards => cards.map(c => {
            const box = c.getBoundingClientRect();
            return { id: Number(c.dataset.setCard), key: c.dataset.key || null,
                     shortcut: c.getAttribute('aria-keyshortcuts'), x: Math.round(box.left), y: Math.round(box.top) };
        })""")
    xs = sorted({card["x"] for card in cards})
    ys = sorted({card["y"] for card in cards})
    for card in cards:
        card["column"], card["row"] = xs.index(card["x"]), ys.index(card["y"])
    return cards, len(ys), len(xs)


def expected_key(card, rows, columns, solo=True):
    """The rule players are told: the board's rows are the keyboard's lowest rows (digits only
    for a fourth row, in a solo game), or its columns are when only they fit."""
    key_rows = (["1234567890"] if solo else []) + LETTER_ROWS
    if rows <= len(key_rows):
        return key_rows[len(key_rows) - rows + card["row"]][card["column"]]
    assert columns <= len(key_rows), "this table fits the keyboard only in reading order"
    return key_rows[len(key_rows) - columns + card["column"]][card["row"]]


def label_is_shown(page, id):
    return page.evaluate(
        """id => {
            const edge = document.querySelector(`[data-set-card="${id}"] .set-edge`);
            return getComputedStyle(edge, '::after').content;
        }""", id)


@pytest.mark.parametrize("size", SIZES)
def test_every_card_has_the_key_of_its_place(player, size):
    page = player(*SIZES[size])
    setup(page, **random_table(15))
    cards, rows, columns = places(page)
    assert len(cards) == 15
    for card in cards:
        letter = expected_key(card, rows, columns)
        assert card["key"] == code_of(letter), (size, card, rows, columns)
        assert card["shortcut"] == letter, card
    # The letters show once the keyboard is used, and go when the pointer is.
    first = cards[0]["id"]
    assert label_is_shown(page, first) == "none"
    page.keyboard.press("Shift")
    assert label_is_shown(page, first) == f'"{expected_key(cards[0], rows, columns)}"'
    page.screenshot(path=f"Tests/Browser/screenshots/set-keys-{size}.png")
    page.mouse.click(2, 200)
    assert label_is_shown(page, first) == "none"


def label_boxes(page):
    """For every card: its key label's top and bottom (drawn from its computed style: a
    pseudo-element has no box of its own), its top symbol's top, and the board's top."""
    return page.eval_on_selector_all(
        "[data-set-card]",
        """cards => cards.map(card => {
            const edge = card.querySelector('.set-edge');
            const style = getComputedStyle(edge, '::after');
            const height = parseFloat(style.height) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
            const shift = (style.translate.split(' ')[1] || '0px');
            const dy = shift.endsWith('%') ? parseFloat(shift) / 100 * height : parseFloat(shift);
            const top = edge.getBoundingClientRect().top + parseFloat(style.top) + dy;
            return { id: card.dataset.setCard, top, bottom: top + height,
                     symbol: card.querySelector('use').getBoundingClientRect().top,
                     board: card.closest('[data-set-board]').getBoundingClientRect().top };
        })""")


@pytest.mark.parametrize("size", SIZES)
def test_a_key_label_leaves_the_top_symbol_uncovered(player, size):
    page = player(*SIZES[size])
    # Eighteen cards of three symbols each, the tallest faces (on the smallest cards).
    threes = [c for c in range(81) if c // 27 == 2]
    setup(page, table=threes[:18], deck=[c for c in range(81) if c not in threes[:18]])
    page.keyboard.press("Shift")
    for box in label_boxes(page):
        assert box["bottom"] <= box["symbol"] + 0.5, (size, box)
        # Nor is the top row's cut off by the board.
        assert box["top"] >= box["board"] - 0.5, (size, box)
    page.screenshot(path=f"Tests/Browser/screenshots/set-keys-threes-{size}.png")


def press_card(page, id):
    key = page.locator(f'[data-set-card="{id}"]').get_attribute("data-key")
    before = updates(page)
    page.keyboard.press(key)
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)


def test_the_letter_keys_play_a_set_and_shift_keys_act(player):
    page = player(1180, 820)
    setup(page, table=THE_SET + companions(9), deck=companions(14)[9:])
    for id in THE_SET:
        press_card(page, id)
    expect(announcement(page)).to_contain_text("It's a Set!")
    # D is a card's key now: Shift+D deals.
    before = updates(page)
    page.keyboard.press("Shift+D")
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)
    expect(page.locator("[data-set-discard-count]")).to_have_text("3")
    before = updates(page)
    page.keyboard.press("Shift+H")
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)
    expect(page.locator("[data-set-hint]")).to_be_visible()
    # The new cards got keys too, and a held key touches once.
    cards, rows, columns = places(page)
    assert all(card["key"] for card in cards), cards
    first = cards[0]["id"]
    before = updates(page)
    for _ in range(3):  # after the first, Playwright sends them as repeats
        page.keyboard.down(cards[0]["key"])
    page.keyboard.up(cards[0]["key"])
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)
    page.wait_for_timeout(300)
    assert updates(page) == before + 1
    expect(page.locator(f'[data-set-card="{first}"]')).to_have_attribute("aria-label", re.compile(", selected"))
    before = updates(page)
    page.keyboard.press("Shift+N")
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)
    expect(announcement(page)).to_have_text("New game: 12 cards dealt.")
    assert page.errors == []


def test_two_players_keep_the_digits_for_their_claims(player):
    page = player(1180, 820)
    setup(page, table=THE_SET + companions(9), mode="two-player")
    cards, rows, columns = places(page)
    for card in cards:
        assert card["key"] == code_of(expected_key(card, rows, columns, solo=False)), card
    assert not any(card["key"].startswith("Digit") for card in cards)
    before = updates(page)
    page.keyboard.press("1")
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)
    expect(announcement(page)).to_contain_text("Player 1 claims a Set")
    for id in THE_SET:
        press_card(page, id)
    expect(announcement(page)).to_contain_text("It's a Set!")
    assert page.errors == []


def test_the_clock_runs_from_the_first_move_and_stops_at_the_end(player):
    page = player(390, 844)
    others = companions(3)
    setup(page, table=THE_SET + others)
    clock = page.locator("[data-clock]")
    expect(clock).to_have_text("0:00")
    page.wait_for_timeout(1200)
    expect(clock).to_have_text("0:00")  # nothing played yet
    act(page, page.locator(f'[data-set-card="{THE_SET[0]}"]'))
    expect(clock).to_have_attribute("data-running", "")
    expect(clock).to_have_text("0:01", timeout=2500)
    for id in THE_SET[1:]:
        act(page, page.locator(f'[data-set-card="{id}"]'))
    expect(page.locator("[data-set-game-over]")).to_be_visible()
    expect(page.locator("[data-set-summary]")).to_contain_text("Sets found 1 · Time 0:0")
    assert clock.get_attribute("data-running") is None
    stopped = clock.text_content()
    page.wait_for_timeout(1200)
    expect(clock).to_have_text(stopped)
    page.screenshot(path="Tests/Browser/screenshots/set-game-over-time-phone.png")
    assert page.errors == []
