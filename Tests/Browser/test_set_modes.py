"""Junior, Set-Chain and UltraSet as a player meets them: choosing the mode under Options,
taking a chained Set with a card of the last Set, an UltraSet of four cards, the same without
script, a room whose host chose UltraSet, and every mode at phone and tablet sizes."""

import itertools
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from room_helpers import join, snapshot, updates as room_updates, wait_for_update, wait_until_new_cards_seen
from set_helpers import THE_SET, act, announcement, card, card_id, setup


def digits(card):
    return [card // 27 % 3, card // 9 % 3, card // 3 % 3, card % 3]


def completing(a, b):
    """The card that makes a Set with cards a and b."""
    return sum((-(x + y)) % 3 * place for x, y, place in zip(digits(a), digits(b), (27, 9, 3, 1)))


def is_set(a, b, c):
    return completing(a, b) == c and a != b


def ultra_sets(cards):
    """Every UltraSet among card numbers: two disjoint pairs completed by the same card."""
    found = []
    for four in itertools.combinations(cards, 4):
        a, b, c, d = four
        if any(completing(p, q) == completing(r, s) for (p, q), (r, s) in
               [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]):
            found.append(list(four))
    return found


# Set-Chain: the last Set is 1111 2222 3333; 1211 3233 make a Set with 2222.
PREVIOUS = [card_id(0, 0, 0, 0), card_id(1, 1, 1, 1), card_id(2, 2, 2, 2)]
CHAINED = [card_id(0, 1, 0, 0), card_id(2, 1, 2, 2)]
TABLE_ONLY_SET = [card_id(0, 0, 1, 0), card_id(0, 0, 1, 1), card_id(0, 0, 1, 2)]


def chain_position():
    rest = [c for c in range(81) if c not in PREVIOUS + CHAINED + TABLE_ONLY_SET]
    table = CHAINED + TABLE_ONLY_SET + rest[:7]
    return {"mode": "chain", "previousSet": PREVIOUS, "table": table, "deck": rest[7:]}


def ultra_position():
    """Eight table cards with exactly one UltraSet (found by search), and the rest as the deck."""
    for start in range(0, 81 - 8):
        table = [(start + 9 * k + k * k) % 81 for k in range(8)]
        if len(set(table)) == 8 and len(ultra_sets(table)) == 1:
            deck = [c for c in range(81) if c not in table]
            return {"mode": "ultra", "table": table, "deck": deck}, ultra_sets(table)[0]
    raise AssertionError("no table with exactly one UltraSet")


def test_the_mode_is_chosen_under_options_and_kept_for_the_next_new_game(player):
    page = player()
    page.goto("/set")
    page.get_by_text("Options").click()
    page.get_by_label("Mode").select_option("chain")
    page.locator("[data-set-new-in-mode]").click()
    expect(page.locator("[data-set-mode-title]")).to_have_text("Set-Chain")
    expect(page.locator("[data-set-mode-rule]")).to_contain_text("reuses one card of the last Set")
    expect(page.locator("[data-set-chain]")).to_contain_text("The first Set starts the chain.")
    assert page.title().startswith("Set-Chain")
    page.locator("[data-set-new-game]").click()
    expect(page.locator("[data-set-mode-title]")).to_have_text("Set-Chain")
    page.get_by_text("Options").click()
    page.get_by_label("Mode").select_option("junior")
    page.locator("[data-set-new-in-mode]").click()
    expect(page.locator("[data-set-mode-title]")).to_have_text("Junior")
    expect(page.locator("[data-set-card]")).to_have_count(9)
    assert page.errors == []


def test_playing_a_mode_from_the_keyboard_leaves_the_keyboard_on_the_table(player):
    page = player(1180, 820)
    page.goto("/set")
    page.locator(".set-options > summary").focus()
    page.keyboard.press("Enter")
    page.get_by_label("Mode").select_option("junior")
    page.locator("[data-set-new-in-mode]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-set-mode-title]")).to_have_text("Junior")
    # Options closed with the new game: the keyboard goes on to the cards, not to <body>.
    expect(page.locator("[data-set-card]").first).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-set-card]").nth(1)).to_be_focused()
    assert page.errors == []


def test_a_chained_set_reuses_a_card_of_the_last_set(player):
    page = player()
    setup(page, **chain_position())
    chain = page.locator("[data-set-chain]")
    expect(chain.locator("[data-set-card]")).to_have_count(3)
    # Three table cards that are a Set do not count once a Set was taken.
    for id in TABLE_ONLY_SET:
        act(page, card(page, id))
    expect(page.locator("[data-set-why]")).to_have_text("A Set must reuse exactly one card of the last Set.")
    act(page, card(page, CHAINED[0]))
    act(page, chain.locator(f'[data-set-card="{PREVIOUS[1]}"]'))
    act(page, card(page, CHAINED[1]))
    expect(announcement(page)).to_contain_text("It's a Set!")
    # The next touch takes it: it becomes the last Set, the reused card with it.
    act(page, card(page, TABLE_ONLY_SET[0]))
    expect(chain.locator("[data-set-card]")).to_have_count(3)
    shown = sorted(int(x) for x in chain.locator("[data-set-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.setCard)"))
    assert shown == sorted([PREVIOUS[1]] + CHAINED)
    assert page.errors == []


def test_an_ultraset_is_four_cards(player):
    page = player()
    position, ultra = ultra_position()
    setup(page, **position)
    for id in ultra[:3]:
        act(page, card(page, id))
    expect(announcement(page)).to_contain_text("(3 of 4)")
    act(page, card(page, ultra[3]))
    expect(announcement(page)).to_contain_text("It's an UltraSet!")
    expect(page.locator(".set-card.is-match")).to_have_count(4)
    assert page.errors == []


def test_modes_play_without_script(player):
    page = player(javascript=False)
    setup(page, **chain_position())
    for id in CHAINED[:1]:
        card(page, id).click()
    page.locator(f'[data-set-chain] [data-set-card="{PREVIOUS[1]}"]').click()
    card(page, CHAINED[1]).click()
    expect(announcement(page)).to_contain_text("It's a Set!")
    page.get_by_text("Options").click()
    page.get_by_label("Mode").select_option("ultra")
    page.locator("[data-set-new-in-mode]").click()
    expect(page.locator("[data-set-mode-title]")).to_have_text("UltraSet")


def first_match(mode, cards, previous):
    """The first match of `mode` among the table's card numbers (and Set-Chain's last Set)."""
    if mode == "ultra":
        return ultra_sets(cards)[0]
    if mode == "chain" and previous:
        return next([r, a, b] for r in previous for a, b in itertools.combinations(cards, 2) if is_set(r, a, b))
    return next(list(trio) for trio in itertools.combinations(cards, 3) if is_set(*trio))


@pytest.mark.parametrize("mode,claim,found", [
    ("ultra", "Claim UltraSet", "Bo found an UltraSet"),
    ("chain", "Claim Set", "Bo found a Set"),
    ("junior", "Claim Set", "Bo found a Set"),
])
def test_a_room_plays_the_mode_its_host_chose(player, mode, claim, found):
    host, guest = player(), player()
    host.goto("/rooms/new?game=set")
    host.locator(f'[data-room-mode="{mode}"]').check()
    host.locator("#room-name").fill("Ana")
    host.get_by_role("button", name="Make a room").click()
    host.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    join(guest, host.url, "Bo")
    before = room_updates(guest)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(guest, before)
    code = host.url.rsplit("/", 1)[1]
    view = snapshot(guest, code)["view"]
    assert view["set"]["mode"] == mode
    expect(guest.locator("[data-room-claim-button]")).to_have_text(claim)
    expect(guest.locator("[data-room-mode-rule]")).to_be_visible()
    for turn in range(2):
        table = snapshot(guest, code)["view"]["set"]
        match = first_match(mode, table["cards"], table.get("previousSet"))
        before = room_updates(host)
        # Checking the last card of the match sends the claim (once the new cards are seen).
        wait_until_new_cards_seen(guest)
        for number in match:
            guest.locator(f'[data-room-card="{number}"]').click()
        wait_for_update(host, before)
        expect(host.locator("[data-room-announcement]")).to_contain_text(found)
        assert snapshot(host, code)["view"]["set"]["scores"][1] == turn + 1
    if mode == "chain":
        # The second Set reused a card of the first, which the table shows beside it.
        expect(host.locator("[data-room-chain] [data-room-card]")).to_have_count(3)
    assert host.errors == [] and guest.errors == []


def test_the_chain_page_has_no_serious_accessibility_violations(player):
    page = player()
    setup(page, **chain_position())
    page.locator("[data-set-chain] [data-set-card]").first.click()
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


@pytest.mark.parametrize("width,height", SIZES)
def test_every_mode_fits_phones_and_tablets(player, width, height):
    page = player(width=width, height=height)
    SCREENSHOTS.mkdir(exist_ok=True)
    position, ultra = ultra_position()
    for name, body in [("chain", chain_position()), ("ultra", position), ("junior", {"mode": "junior", "seed": 4})]:
        setup(page, **body)
        if name == "chain":
            page.locator("[data-set-chain] [data-set-card]").nth(1).click()
        page.screenshot(path=str(SCREENSHOTS / f"set-mode-{name}-{width}x{height}.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
        # Every card of the table and of the last Set is inside the window.
        for box in page.locator("[data-set-card]").evaluate_all(
                "cards => cards.map(c => c.getBoundingClientRect().toJSON())"):
            assert box["bottom"] <= height + 1 and box["right"] <= width + 1, (name, box)
        page.get_by_text("Options").click()
        options = page.locator(".set-options-panel").bounding_box()
        assert options["y"] >= 0 and options["y"] + options["height"] <= height + 1, (name, options)
        page.screenshot(path=str(SCREENSHOTS / f"set-mode-{name}-options-{width}x{height}.png"))


@pytest.mark.parametrize("width,height", SIZES)
def test_a_junior_game_that_takes_every_card_ends_in_the_middle_of_the_table(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    # The last three of Junior's 27 cards: taking them leaves the table empty.
    setup(page, mode="junior", table=THE_SET, deck=[])
    for id in THE_SET:
        act(page, card(page, id))
    over = page.locator("[data-set-game-over]")
    expect(over).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.set-flying')")
    expect(page.locator("[data-set-card]")).to_have_count(0)
    # The end takes the table (beside Junior's rule), not a box beside (or above) an empty board.
    table, box = page.locator("[data-set-table]").bounding_box(), over.bounding_box()
    assert box["width"] * box["height"] >= 0.6 * table["width"] * table["height"], (table, box)
    expect(page.locator("[data-set-board]")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENSHOTS / f"set-junior-over-{width}x{height}-{scheme}.png"))
