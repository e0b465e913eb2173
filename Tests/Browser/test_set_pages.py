"""The Set page: an axe audit, and screenshots of 12, 21 and 81 cards at phone and tablet sizes
in both orientations, with every card recognizable and every symbol inside its card."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import SCREENSHOTS, SIZES
from set_helpers import THE_SET, act, card, companions, random_table, setup

GEOMETRY = """() => [...document.querySelectorAll('[data-set-card]')].map(card => {
    const box = card.getBoundingClientRect();
    const symbols = [...card.querySelectorAll('use')].map(use => use.getBoundingClientRect());
    return {
        width: box.width, height: box.height,
        inside: symbols.every(s => s.left >= box.left - 0.5 && s.right <= box.right + 0.5
            && s.top >= box.top - 0.5 && s.bottom <= box.bottom + 0.5),
        symbolWidth: Math.min(...symbols.map(s => s.width)),
    };
})"""


@pytest.mark.parametrize("state", ["solo", "mismatch-hint", "two-player", "color-blind", "game-over"])
def test_no_serious_accessibility_violations(player, state):
    page = player()
    others = companions(9)
    if state == "two-player":
        setup(page, table=THE_SET + others, mode="two-player")
    elif state == "game-over":
        setup(page, table=THE_SET + others[:3])
        for id in THE_SET:  # the last Set leaves the table at once
            act(page, card(page, id))
        page.wait_for_selector("[data-set-game-over]:not([hidden])")
    else:
        setup(page, table=THE_SET + others, deck=companions(12)[9:])
        if state == "mismatch-hint":
            act(page, page.locator("[data-set-hint-button]"))
            for id in [THE_SET[0], THE_SET[1], others[0]]:
                act(page, card(page, id))
        if state == "color-blind":
            page.get_by_text("Options").click()
            act(page, page.locator("[data-set-color-blind]"))
    page.wait_for_timeout(600)
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


@pytest.mark.parametrize("count", [12, 15, 21, 81])
@pytest.mark.parametrize("width,height", SIZES)
def test_screenshots_every_card_recognizable(player, count, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    setup(page, **random_table(count))
    page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(exist_ok=True)
    if count != 15:
        page.screenshot(path=str(SCREENSHOTS / f"set-{count}-{width}x{height}.png"))
    cards = page.evaluate(GEOMETRY)
    assert len(cards) == count
    for geometry in cards:
        assert abs(geometry["height"] / geometry["width"] - 1.5) < 0.02, "cards keep one aspect ratio"
        assert geometry["width"] >= 44, "cards never shrink below the minimum"
        assert geometry["inside"], "every symbol stays inside its card"
    # Nothing sticks out sideways; only the grid scrolls.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    board_fits = page.evaluate(
        "(() => { const b = document.querySelector('[data-set-board]'); return b.scrollHeight <= b.clientHeight + 1; })()")
    if count <= 21:
        assert board_fits, "up to 21 cards all fit without scrolling"


@pytest.mark.parametrize("width,height", [(390, 844), (1180, 820)])
def test_screenshots_of_states(player, width, height):
    """Selection, mismatch with its reason, hint, two players and color-blind mode, to look at."""
    page = player(width=width, height=height, reduced_motion="reduce")
    others = companions(9)
    SCREENSHOTS.mkdir(exist_ok=True)
    setup(page, table=THE_SET + others, deck=companions(12)[9:])
    act(page, page.locator("[data-set-hint-button]"))
    for id in [THE_SET[0], THE_SET[1], others[0]]:
        act(page, card(page, id))
    act(page, card(page, others[1]))
    act(page, card(page, others[2]))
    page.screenshot(path=str(SCREENSHOTS / f"set-selection-{width}x{height}.png"))
    act(page, card(page, others[3]))
    page.wait_for_timeout(600)
    page.screenshot(path=str(SCREENSHOTS / f"set-mismatch-{width}x{height}.png"))
    page.get_by_text("Options").click()
    act(page, page.locator("[data-set-color-blind]"))
    page.screenshot(path=str(SCREENSHOTS / f"set-colorblind-{width}x{height}.png"))
    setup(page, table=THE_SET + others, mode="two-player")
    act(page, page.locator('[data-set-player="two"] [data-set-claim]'))
    act(page, card(page, THE_SET[0]))
    page.screenshot(path=str(SCREENSHOTS / f"set-two-player-{width}x{height}.png"))


@pytest.mark.parametrize("width,height", [(390, 844), (1180, 820)])
def test_screenshot_of_the_end_with_missed_sets(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    others = companions(6)
    setup(page, table=THE_SET + others[:3], deck=others[3:])
    act(page, page.locator("[data-set-deal]"))
    for id in THE_SET:  # the last Set leaves the table at once
        act(page, card(page, id))
    over = page.locator("[data-set-game-over]")
    assert over.is_visible()
    assert "Final score 3." in over.text_content()
    missed = page.locator("[data-set-missed]")
    assert "Sets missed this game (1)" in missed.text_content()
    assert missed.locator(".set-mini").count() == 3
    page.wait_for_timeout(600)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"set-game-over-{width}x{height}.png"))


INSIDE = """([inner, outer]) => {
    const a = document.querySelector(inner).getBoundingClientRect();
    const b = outer === 'viewport' ? { left: 0, top: 0, right: innerWidth, bottom: innerHeight }
        : document.querySelector(outer).getBoundingClientRect();
    return a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
}"""

# Whether what shows of `one` (clipped by the box it scrolls in, if any) overlaps `other`.
OVERLAP = """([one, other]) => {
    const element = document.querySelector(one);
    let a = element.getBoundingClientRect();
    for (let box = element.parentElement; box; box = box.parentElement) {
        if (!['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowY)) continue;
        const c = box.getBoundingClientRect();
        a = { left: Math.max(a.left, c.left), right: Math.min(a.right, c.right),
              top: Math.max(a.top, c.top), bottom: Math.min(a.bottom, c.bottom) };
    }
    const b = document.querySelector(other).getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


@pytest.mark.parametrize("width,height", [(844, 390), (1180, 820), (390, 844), (820, 1180)])
def test_the_options_panel_opens_whole_on_screen(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    setup(page, seed=4)
    page.get_by_text("Options").click()
    panel = page.locator(".set-options-panel")
    panel.wait_for()
    assert page.evaluate(INSIDE, [".set-options-panel", "viewport"])
    # Clipped by a scrolling ancestor, it would be on screen yet partly invisible: its buttons
    # must be the topmost element where they are.
    for button in panel.locator(".button:visible").all():
        box = button.bounding_box()
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('.set-options-panel') !== null",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit, button.text_content()
    page.screenshot(path=str(SCREENSHOTS / f"set-options-{width}x{height}.png"))


@pytest.mark.parametrize("width,height", [(844, 390), (390, 844), (1180, 820)])
def test_long_messages_push_the_piles_instead_of_covering_them(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    others = companions(9)
    setup(page, table=THE_SET + others, deck=companions(12)[9:])
    act(page, page.locator("[data-set-hint-button]"))
    for id in [THE_SET[0], THE_SET[1], others[0]]:
        act(page, card(page, id))
    for controls in ["[data-set-deck]", "[data-set-discard]"]:
        for text in [".set-why", ".set-hint", ".set-status"]:
            assert not page.evaluate(OVERLAP, [text, controls]), f"{text} covers {controls}"
    # What does not fit scrolls into view in its own box.
    info = page.locator(".set-info")
    info.evaluate("box => box.scrollTop = box.scrollHeight")
    assert page.evaluate(
        "() => { const i = document.querySelector('.set-info').getBoundingClientRect();"
        " const h = document.querySelector('.set-hint').getBoundingClientRect();"
        " return h.bottom <= i.bottom + 1; }")
    page.screenshot(path=str(SCREENSHOTS / f"set-messages-{width}x{height}.png"))


@pytest.mark.parametrize("width,height", SIZES)
def test_lifted_cards_and_badges_are_not_clipped(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    others = companions(9)
    setup(page, table=THE_SET + others, deck=companions(12)[9:])
    page.get_by_text("Options").click()
    act(page, page.locator("[data-set-color-blind]"))
    act(page, page.locator("[data-set-hint-button]"))
    act(page, card(page, THE_SET[0]))
    act(page, card(page, THE_SET[1]))
    # The whole first row, lifted card and ? badges included, shows inside the board.
    tops = page.evaluate("""() => {
        const board = document.querySelector('[data-set-board]');
        const b = board.getBoundingClientRect();
        return [...document.querySelectorAll('[data-set-card]')].slice(0, 3).map(card => {
            const r = card.getBoundingClientRect();
            const s = getComputedStyle(card, '::before');
            const badgeTop = s.content === 'none' ? r.top
                : (s.top !== 'auto' ? r.top + card.clientTop + parseFloat(s.top) : r.top);
            return { top: Math.min(r.top, badgeTop) - b.top, scrolled: board.scrollTop };
        });
    }""")
    for top in tops:
        assert top["scrolled"] == 0 and top["top"] >= -0.5, tops


@pytest.mark.parametrize("width,height", SIZES)
def test_the_missed_sets_leave_every_card_in_sight(player, width, height):
    page = player(width=width, height=height, reduced_motion="reduce")
    others = companions(12)
    setup(page, table=THE_SET + others[:9], deck=others[9:])
    act(page, page.locator("[data-set-deal]"))
    missed = page.locator("[data-set-missed]")
    missed.wait_for()
    # What shows of each card (the board may scroll) is never under the missed Sets.
    for id in page.eval_on_selector_all("[data-set-card]", "cards => cards.map(c => c.dataset.setCard)"):
        assert not page.evaluate(OVERLAP, [f'[data-set-card="{id}"]', "[data-set-missed]"]), id
    page.screenshot(path=str(SCREENSHOTS / f"set-missed-{width}x{height}.png"))
    missed.locator("[data-set-missed-close]").click()
    assert missed.is_hidden()


@pytest.mark.parametrize("width,height", SIZES)
def test_how_to_play_from_the_options(player, width, height):
    page = player(width=width, height=height)
    setup(page, seed=4)
    page.get_by_text("Options").click()
    page.get_by_role("link", name="How to play and score").click()
    page.wait_for_url("**/set/rules")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SCREENSHOTS / f"set-rules-{width}x{height}.png"), full_page=True)
    page.get_by_role("link", name="Play Set").click()
    page.wait_for_selector("[data-set-card]")
