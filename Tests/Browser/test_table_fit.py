"""Every card on a Set table, and every card of Set-Chain's last Set, is in view at once: inside
the window, inside the board it scrolls in, and under no bar (Claim and Deal, the piles, a
notice), at every test size, light and dark, with 12 to 21 cards, in every mode, on the Set page
and in rooms. Screenshots go to Tests/Browser/screenshots/."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from room_helpers import set_among, snapshot, updates as room_updates, wait_for_update
from set_helpers import card_id, setup

CARDS = "[data-set-card], [data-room-card]"

# The cards (by number) that are not wholly in view, and why: outside the window or the box they
# scroll in, or under something else at one of five points (the middle and four inner points, off
# the corners where a neighbour's ✓ badge may reach). Also the narrowest card of the grid (the
# last Set's are smaller on purpose).
CARDS_IN_VIEW = """(selector) => {
    const problems = [], widths = [];
    for (const card of document.querySelectorAll(selector)) {
        const r = card.getBoundingClientRect();
        const name = card.dataset.setCard ?? card.dataset.roomCard;
        if (card.closest(".card-grid")) widths.push(r.width);
        let clip = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
        for (let e = card.parentElement; e; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (style.overflowX === "visible" && style.overflowY === "visible") continue;
            const b = e.getBoundingClientRect();
            const left = b.left + e.clientLeft, top = b.top + e.clientTop;
            clip = { left: Math.max(clip.left, left), top: Math.max(clip.top, top),
                     right: Math.min(clip.right, left + e.clientWidth),
                     bottom: Math.min(clip.bottom, top + e.clientHeight) };
        }
        if (r.left < clip.left - 0.5 || r.top < clip.top - 0.5 || r.right > clip.right + 0.5
                || r.bottom > clip.bottom + 0.5) {
            problems.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},`
                + `${Math.round(r.bottom)} is outside ${JSON.stringify(clip)}`);
            continue;
        }
        for (const [x, y] of [[.5, .5], [.25, .25], [.75, .25], [.25, .75], [.75, .75]]) {
            const hit = document.elementFromPoint(r.left + x * r.width, r.top + y * r.height);
            if (hit?.closest("[data-set-card], [data-room-card]") !== card) {
                problems.push(`${name} is under ${hit?.tagName}.${hit?.className?.baseVal ?? hit?.className}`);
                break;
            }
        }
    }
    return { problems, smallest: Math.min(...widths), count: widths.length };
}"""


def cards_in_view(page, name):
    """Takes a screenshot and returns how many cards the grid shows and the narrowest one's width,
    after checking that every card, of the grid and of the last Set, is wholly in view."""
    SCREENSHOTS.mkdir(exist_ok=True)
    # Cards dealt have come in and landed (a fade, under reduced motion).
    page.wait_for_function("""() => !document.querySelector('.set-flying') && document.getAnimations()
        .every(a => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)""")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    seen = page.evaluate(CARDS_IN_VIEW, CARDS)
    assert seen["problems"] == [], f"{name}: {seen['problems']}"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
    return seen["count"], seen["smallest"]


# MARK: - The Set page

# Set-Chain: a last Set beside the table (1111 2222 3333), and the rest for the table and deck.
PREVIOUS = [card_id(0, 0, 0, 0), card_id(1, 1, 1, 1), card_id(2, 2, 2, 2)]
OTHERS = [c for c in range(81) if c not in PREVIOUS]
JUNIOR = [card_id(number, shape, 0, color) for number in range(3) for shape in range(3) for color in range(3)]


def position(mode, count):
    if mode == "junior":
        return {"mode": "junior", "table": JUNIOR[:count], "deck": JUNIOR[count:]}
    body = {"table": OTHERS[:count], "deck": OTHERS[count:]}
    if mode == "chain":
        body.update(mode="chain", previousSet=PREVIOUS)
    elif mode == "ultra":
        body.update(mode="ultra")
    return body


def counts(mode):
    return [9, 12, 15, 18] if mode == "junior" else [12, 15, 18, 21]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("mode", ["normal", "junior", "chain", "ultra"])
@pytest.mark.parametrize("width,height", SIZES)
def test_every_card_of_the_set_page_is_in_view(player, width, height, mode, scheme):
    page = player(width=width, height=height, reduced_motion="reduce", color_scheme=scheme)
    for count in counts(mode):
        setup(page, **position(mode, count))
        shown, smallest = cards_in_view(page, f"fit-set-{mode}-{count}-{scheme}-{width}x{height}")
        assert shown == count
        assert smallest >= 44, (count, smallest)
    assert page.errors == []


def test_the_hint_shows_whole_on_a_phone_on_its_side(player):
    """A long hint (four cards of three symbols, in UltraSet) beside 18 cards at 844×390:
    nothing of it is cut off, nor of the piles and buttons below it."""
    page = player(width=844, height=390, reduced_motion="reduce")
    threes = [card_id(2, shape, shading, color) for shape in range(3) for shading in range(3) for color in range(3)]
    rest = [c for c in range(81) if c not in threes]
    setup(page, mode="ultra", table=threes[:18], deck=threes[18:] + rest)
    page.locator("[data-set-hint-button]").click()
    hint = page.locator("[data-set-hint]")
    expect(hint).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "fit-set-hint-844x390.png"))
    info = page.evaluate("""() => { const i = document.querySelector('.set-info');
        return { scroll: i.scrollHeight, client: i.clientHeight }; }""")
    assert info["scroll"] <= info["client"] + 1, f"the hint is cut off: {info}"
    outside = page.evaluate("""() => [...document.querySelectorAll('.set-side .button, .set-pile, .set-hint')]
        .map(e => e.getBoundingClientRect()).filter(r => r.top < 0 || r.bottom > innerHeight + 0.5).length""")
    assert outside == 0
    cards_in_view(page, "fit-set-hint-cards-844x390")


# MARK: - Rooms


# The height between the last line of the mode's rule and the table below it.
RULE_TO_TABLE = """() => {
    const words = document.createRange();
    words.selectNodeContents(document.querySelector("[data-room-mode-rule]"));
    return document.querySelector("[data-room-claim]").getBoundingClientRect().top - words.getBoundingClientRect().bottom;
}"""


def json_post(page, path, body=None):
    response = page.request.post(
        path, data=json.dumps(body or {}),
        headers={"Content-Type": "application/json", "Accept": "application/json"})
    assert response.ok, response.text()
    return response.json()


def started_alone(page, mode):
    """Ana makes a room of `mode` and starts it on her own; returns its code."""
    page.goto("/rooms/new?game=set")
    page.locator(f'[data-room-mode="{mode}"]').check()
    page.locator("#room-name").fill("Ana")
    page.get_by_role("button", name="Make a room").click()
    page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("[data-room-claim] [data-room-card]")
    return page.url.rsplit("/", 1)[1]


def table_count(page):
    return page.locator("[data-room-claim] .set-grid [data-room-card]").count()


def take_a_set(page, code):
    """Ana takes the first Set of the game (in Set-Chain, it starts the chain) through the API,
    and waits for her page to draw it."""
    trio = set_among(snapshot(page, code)["view"]["set"]["cards"])
    assert trio, "no Set to take"
    # NB: a claim naming a card dealt under 0.6 s ago only says the table changed.
    page.wait_for_timeout(650)
    before = room_updates(page)
    events = json_post(page, f"/rooms/{code}/claim", {"cards": trio})
    assert events[0]["kind"] == "scored", events
    wait_for_update(page, before)


def deal_until(page, code, count):
    while table_count(page) < count:
        before = table_count(page)
        json_post(page, f"/rooms/{code}/deal")
        page.wait_for_function(
            "n => document.querySelectorAll('[data-room-claim] .set-grid [data-room-card]').length > n", arg=before)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("mode", ["normal", "junior", "chain", "ultra"])
@pytest.mark.parametrize("width,height", SIZES)
def test_every_card_of_a_room_table_is_in_view(player, width, height, mode, scheme):
    page = player(width=width, height=height, reduced_motion="reduce", color_scheme=scheme)
    code = started_alone(page, mode)
    if mode == "chain":
        take_a_set(page, code)
        expect(page.locator("[data-room-chain] [data-room-card]")).to_have_count(3)
    for count in counts(mode):
        deal_until(page, code, count)
        shown, smallest = cards_in_view(page, f"fit-room-{mode}-{count}-{scheme}-{width}x{height}")
        assert shown >= count
        assert smallest >= 44, (count, smallest)
        for selector in ["[data-room-claim-button]", "[data-room-deal]"]:
            box = page.locator(selector).bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= height + 0.5, (selector, box)
        if mode != "normal":
            # The table starts right below the mode's rule: no empty band between them.
            band = page.evaluate(RULE_TO_TABLE)
            assert band <= 16, f"{band:.0f} px between the rule and the table"
    assert page.errors == []
