"""Memorize and Set in WebKit (Safari's engine): the smoke path of both games, and the layout at
phone and tablet sizes with screenshots. Run with Tests/WebKit/run.sh."""

import json
import random
import re

import pytest

from conftest import SCREENSHOTS

SIZES = [(390, 844), (844, 390), (820, 1180)]

# Every element matching `items` lies inside the element matching `board` (half a pixel of
# rounding allowed); the answer lists the ones outside, with their boxes.
OUTSIDE = """
    const frame = document.querySelector(board).getBoundingClientRect();
    return [...document.querySelectorAll(items)].map((item) => {
        const box = item.getBoundingClientRect();
        const inside = box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5
            && box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5;
        return inside ? null : {item: item.getAttribute("aria-label"), box: [box.left, box.top, box.right, box.bottom],
                                board: [frame.left, frame.top, frame.right, frame.bottom]};
    }).filter(Boolean);
"""
NO_SIDEWAYS_SCROLL = "return [document.documentElement.scrollWidth, innerWidth];"


def screenshot(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.screenshot(SCREENSHOTS / f"webkit-{name}-{page.width}x{page.height}.png")
    assert size == (page.width, page.height)


def assert_viewport(page):
    """The harness's window gives the page exactly the size asked for."""
    assert page.evaluate("return [innerWidth, innerHeight];") == [page.width, page.height]


# -- Memorize -----------------------------------------------------------------------------

def open_first_theme(page):
    page.goto("/")
    page.click_and_wait_for_load(".theme-row:not(.random-row) .row-link")
    assert re.search(r"/play/\d+$", page.url()), page.url()


def label(page, number):
    return page.evaluate("return document.querySelector(`[data-card-id='${n}']`).getAttribute('aria-label');", n=number)


def tap(page, number):
    """Taps a card and waits until the page shows the server's answer (as helpers.tap does)."""
    before = page.text("[data-announcement]")
    page.click(f'[data-card-id="{number}"]')
    page.wait_for("""(() => {
        const card = document.querySelector(`[data-card-id="${number}"]`);
        const status = document.querySelector("[data-announcement]");
        return /face up|matched/.test(card.getAttribute("aria-label"))
            || status.textContent.trim() !== before || document.querySelector("[data-game-over]");
    })()""", number=number, before=before)


def emoji(page, number):
    return page.text(f'[data-card-id="{number}"] .emoji')


def test_memorize_smoke_tap_mismatch_match_and_new_game(player):
    page = player()
    open_first_theme(page)
    count = page.count("[data-card-id]")
    assert count >= 4
    seen = {}  # card number -> emoji, remembered as a player would
    saw_match = saw_mismatch = False
    for _ in range(count):  # enough turns to look at every card and match every pair
        if saw_match and saw_mismatch:
            break
        unmatched = {n: e for n, e in seen.items() if "matched" not in label(page, n)}
        known_pair = next(([a, b] for a in unmatched for b in unmatched if a < b and unmatched[a] == unmatched[b]), None)
        if known_pair:
            first, second = known_pair
        else:
            first = next(n for n in range(1, count + 1) if n not in seen)
        tap(page, first)
        seen[first] = emoji(page, first)
        if not known_pair:
            partner = next((n for n, e in unmatched.items() if e == seen[first]), None)
            second = partner or next(n for n in range(1, count + 1) if n not in seen)
        tap(page, second)
        seen[second] = emoji(page, second)
        if seen[first] == seen[second]:
            assert "matched" in label(page, first) and "matched" in label(page, second)
            saw_match = True
        else:
            assert "matched" not in label(page, first) + label(page, second)
            saw_mismatch = True
    assert saw_match and saw_mismatch
    page.click("[data-new-game] button")
    page.wait_for("[...document.querySelectorAll('[data-card-id]')].every(c => /face down/.test(c.getAttribute('aria-label')))")
    assert label(page, 1) == "card 1, face down"
    assert page.text("[data-score]") == "0"


def test_editor_saves_a_new_theme(player):
    page = player()
    page.goto("/themes/new")
    page.fill("#theme-name", "WebKit frogs")
    page.fill("#new-emoji", "🐸🦄🐝")
    page.evaluate("window.editedInPlace = true; return true")
    page.click("[data-add-button]")  # Add goes to the server and back, and the editor changes in place
    page.wait_for("document.querySelectorAll('.emoji-chips:not(.removed) .chip').length === 3")
    assert page.evaluate("return window.editedInPlace === true")
    page.click_and_wait_for_load(".editor-footer button[name=save]")
    assert "/?edit=1" in page.url(), page.url()
    last = page.text(".theme-row:last-of-type")
    assert "WebKit frogs" in last and "6 cards" in last, last


# Each of the editor's sections ends where its content does (its bottom padding and border
# only), and the next one starts the form's gap below it: the answer lists the sections that
# are taller than that, with the extra pixels.
SECTION_SLACK = """
    const slack = [];
    const sections = [...document.querySelectorAll(".editor-form fieldset")];
    for (const section of sections) {
        const box = section.getBoundingClientRect();
        const style = getComputedStyle(section);
        const bottom = Math.max(...[...section.children].filter((child) => child.tagName !== "LEGEND").map(
            (child) => child.getBoundingClientRect().bottom + parseFloat(getComputedStyle(child).marginBottom)));
        const extra = box.bottom - bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
        if (Math.abs(extra) > 1) slack.push([section.querySelector("legend").textContent, Math.round(extra)]);
    }
    return slack;
"""


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180)])
def test_editor_sections_have_no_blank_space(player, width, height):
    page = player(width, height)
    page.goto("/themes/new")
    assert page.count(".editor-form fieldset") == 4
    screenshot(page, "editor")
    assert page.evaluate(SECTION_SLACK) == []


@pytest.mark.parametrize("width,height", SIZES)
def test_memorize_layout(player, width, height):
    page = player(width, height)
    open_first_theme(page)
    assert_viewport(page)
    screenshot(page, "memorize")
    assert page.evaluate(OUTSIDE, items="[data-card-id]", board="[data-board]") == []
    scroll_width, inner_width = page.evaluate(NO_SIDEWAYS_SCROLL)
    assert scroll_width <= inner_width


# -- Set ----------------------------------------------------------------------------------

def features(card):
    """A card id's four features (number, shape, shading, color), each 0, 1 or 2."""
    return (card // 27, card // 9 % 3, card // 3 % 3, card % 3)


def is_set(*cards):
    return all(sum(values) % 3 == 0 for values in zip(*map(features, cards)))


THE_SET = [0, 1, 2]  # one solid diamond in red, in green and in purple


def without_other_sets(count):
    """`count` cards that, with THE_SET, hold no Set but THE_SET (so dealing is never a miss)."""
    chosen = []
    for card in range(3, 81):
        table = THE_SET + chosen
        if not any(is_set(a, b, card) for i, a in enumerate(table) for b in table[i + 1:]):
            chosen.append(card)
            if len(chosen) == count:
                return chosen
    raise AssertionError("not enough cards")


def set_up(page, **position):
    """Starts this player's Set game from a test position (the test-only endpoint) and opens it."""
    page.goto("/set")
    status = page.evaluate("""
        const response = await fetch("/set/test-setup", {method: "POST", body,
            headers: {"Content-Type": "application/json", "Accept": "application/json"}});
        return response.status;
    """, body=json.dumps(position))
    assert status == 200
    page.goto("/set")
    page.wait_for("document.querySelector('[data-set-card]')")
    # NB: clicks land at a card's place on screen, so wait for the deal's cards to stop moving
    # (WebKitGTK cannot be asked for reduced motion); a click on a card still flying in can miss.
    page.wait_for("""document.getAnimations().every((animation) =>
        animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity)""")


def act(page, selector):
    """Clicks a card or button and waits until the page's script has applied the server's answer."""
    count = "Number(document.documentElement.dataset.setUpdates || 0)"
    before = page.evaluate(f"return {count};")
    page.click(selector)
    page.wait_for(f"{count} > before", before=before)


def test_set_smoke_select_a_set_and_deal_3(player):
    page = player()
    others = without_other_sets(14)
    set_up(page, table=THE_SET + others[:9], deck=others[9:])
    for card in THE_SET:
        act(page, f'[data-set-card="{card}"]')
    assert page.count(".is-match") == 3
    act(page, "[data-set-deal]")
    page.wait_for("document.querySelector('[data-set-discard-count]').textContent.trim() === '3'")
    assert page.text("[data-set-deck-count]") == "2"
    page.wait_for("document.querySelectorAll('[data-set-card]').length === 12")
    assert all(page.count(f'[data-set-card="{card}"]') == 0 for card in THE_SET)


def twelve_card_table(page):
    cards = list(range(81))
    random.Random(5).shuffle(cards)  # the Chromium suite's seed, so screenshots compare
    set_up(page, table=cards[:12], deck=cards[12:])
    page.pause(0.8)  # WebKitGTK cannot be asked for reduced motion: let the deal land
    assert page.count("[data-set-card]") == 12


@pytest.mark.parametrize("width,height", SIZES)
def test_set_layout(player, width, height):
    page = player(width, height)
    twelve_card_table(page)
    assert_viewport(page)
    screenshot(page, "set-12")
    assert page.evaluate(OUTSIDE, items="[data-set-card]", board="[data-set-board]") == []
    symbols_outside = page.evaluate("""
        return [...document.querySelectorAll("[data-set-card]")].filter((card) => {
            const box = card.getBoundingClientRect();
            return [...card.querySelectorAll("use")].some((use) => {
                const s = use.getBoundingClientRect();
                return s.left < box.left - 0.5 || s.right > box.right + 0.5 || s.top < box.top - 0.5 || s.bottom > box.bottom + 0.5;
            });
        }).map((card) => card.getAttribute("aria-label"));
    """)
    assert symbols_outside == []
    scroll_width, inner_width = page.evaluate(NO_SIDEWAYS_SCROLL)
    assert scroll_width <= inner_width
    assert page.evaluate("const b = document.querySelector('[data-set-board]'); return b.scrollHeight <= b.clientHeight + 1;"), \
        "12 cards fit without scrolling"


@pytest.mark.parametrize("width,height", SIZES)
def test_set_cards_keep_their_aspect_ratio(player, width, height):
    """Cards are 1.5 times as tall as wide, as in Chromium (an issue reports them 2 px too tall
    in WebKit)."""
    page = player(width, height)
    twelve_card_table(page)
    sizes = page.evaluate("""return [...document.querySelectorAll("[data-set-card]")].map((card) => {
        const box = card.getBoundingClientRect();
        return [box.width, box.height];
    });""")
    ratios = sorted({round(h / w, 4) for w, h in sizes})
    print(f"\nSet cards at {width}x{height}: width x height {sorted(set(map(tuple, sizes)))}, "
          f"height / width {ratios}, {height_excess(sizes):+.2f} px against 1.5")
    for w, h in sizes:
        assert abs(h / w - 1.5) < 0.02, f"a {w} x {h} px card: height / width {h / w:.4f}, not 1.5"


def height_excess(sizes):
    """How much taller than 1.5 times its width the tallest card is, in pixels."""
    return max(h - 1.5 * w for w, h in sizes)
