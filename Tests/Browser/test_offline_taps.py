"""A tap made offline: the game stays on the page, a notice says the tap was not sent and the
game is saved up to the last move shown, and back online the next tap plays. The offline page
(for a page loaded while offline) promises no more than that. Screenshots go to
Tests/Browser/screenshots/."""

import re

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from helpers import card as memorize_card, open_first_theme, tap
from set_helpers import THE_SET, act, card as set_card, companions, expect_selected, setup

NOTICE = "[data-connection-notice]"


def wait_for_the_worker(page):
    """Waits until the page's module has run (the load event comes after it), so a tap is the
    script's, and the service worker controls the page (it served the offline page for a tap)."""
    page.wait_for_load_state("load")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15000)


def installed_worker(page):
    """Opens the home page and waits there until the service worker is installed and controls it,
    before the test goes on to its own page. NB: a page registers the worker once it has loaded,
    and a navigation straight after (the Set set-up loads /set twice, a theme is opened from the
    home page) can leave that first registration unfinished: the test once waited 15 s in CI for
    a worker that never came."""
    page.goto("/")
    wait_for_the_worker(page)


def expect_not_sent(page):
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text("that tap was not sent")
    expect(notice).to_contain_text("Your game is saved up to the last move shown")
    expect(notice).to_have_attribute("role", "status")
    box = notice.bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, \
        f"the notice is in view: {box}"


def test_a_memorize_tap_offline_keeps_the_table_and_says_it_was_not_sent(player):
    page = player()
    installed_worker(page)
    theme = open_first_theme(page)
    wait_for_the_worker(page)
    cards = page.locator("[data-card-id]").count()
    assert cards >= 4
    expect(page.locator(NOTICE)).to_have_text("")
    page.context.set_offline(True)
    memorize_card(page, 1).click()
    expect_not_sent(page)
    # The table is still there, as it was: the card did not turn over.
    expect(page.locator("[data-card-id]")).to_have_count(cards)
    expect(memorize_card(page, 1)).not_to_have_attribute("aria-label", re.compile("face up"))
    expect(page).not_to_have_title(re.compile("Offline"))
    assert page.url.endswith(f"/play/{theme}"), page.url
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "offline-tap-memorize-390x844.png"))
    # A second tap offline is not sent either, and says so.
    memorize_card(page, 2).click()
    expect_not_sent(page)
    expect(memorize_card(page, 2)).not_to_have_attribute("aria-label", re.compile("face up"))
    # Back online, the next tap plays, and the notice goes.
    page.context.set_offline(False)
    tap(page, 1)
    expect(memorize_card(page, 1)).to_have_attribute("aria-label", re.compile("face up"))
    expect(page.locator(NOTICE)).to_have_text("")
    assert page.errors == []


def test_a_set_tap_offline_keeps_the_table_and_says_it_was_not_sent(player):
    page = player(width=844, height=390)
    others = companions(12)
    installed_worker(page)
    setup(page, table=THE_SET + others[:9], deck=others[9:])
    wait_for_the_worker(page)
    page.context.set_offline(True)
    set_card(page, THE_SET[0]).click()
    expect_not_sent(page)
    expect(page.locator("[data-set-card]")).to_have_count(12)
    expect_selected(page, THE_SET[0], selected=False)
    expect(page).not_to_have_title(re.compile("Offline"))
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "offline-tap-set-844x390.png"))
    # An action's form (Deal 3) offline is not sent either.
    page.locator("[data-set-deal]").click()
    expect_not_sent(page)
    expect(page.locator("[data-set-card]")).to_have_count(12)
    # No card is under the notice, and were one, a tap would go through it to the card.
    covered = page.evaluate("""() => {
        const notice = document.querySelector("[data-connection-notice]").getBoundingClientRect();
        const card = [...document.querySelectorAll("[data-set-card]")].find(card => {
            const box = card.getBoundingClientRect();
            return box.top < notice.bottom && box.bottom > notice.top && box.left < notice.right && box.right > notice.left;
        });
        if (!card) return null;
        const box = card.getBoundingClientRect();
        // NB: the middle of the part covered, away from the notice's rounded corners.
        const x = (Math.max(box.left, notice.left) + Math.min(box.right, notice.right)) / 2;
        const y = (Math.max(box.top, notice.top) + Math.min(box.bottom, notice.bottom)) / 2;
        return [card.dataset.setCard, document.elementFromPoint(x, y).closest("[data-set-card]")?.dataset.setCard ?? null];
    }""")
    assert covered is None or covered[0] == covered[1], f"the notice takes the tap meant for card {covered}"
    # Back online, the next taps play.
    page.context.set_offline(False)
    act(page, set_card(page, THE_SET[0]))
    expect_selected(page, THE_SET[0])
    expect(page.locator(NOTICE)).to_have_text("")
    act(page, set_card(page, THE_SET[1]))
    expect_selected(page, THE_SET[1])
    assert page.errors == []


# The cards of the page the notice's rectangle meets.
CARDS_UNDER_NOTICE = """(cards) => {
    const notice = document.querySelector("[data-connection-notice]").getBoundingClientRect();
    return [...document.querySelectorAll(cards)].filter(card => {
        const box = card.getBoundingClientRect();
        return box.top < notice.bottom && box.bottom > notice.top && box.left < notice.right && box.right > notice.left;
    }).length;
}"""


@pytest.mark.parametrize("game", ["set", "memorize"])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_notice_covers_no_card(player, game, width, height):
    """While the notice shows, the table makes room for it: every card stays in sight."""
    page = player(width=width, height=height, reduced_motion="reduce")
    installed_worker(page)
    if game == "set":
        others = companions(12)
        setup(page, table=THE_SET + others[:12], deck=[])
        cards, first = "[data-set-card]", set_card(page, THE_SET[0])
    else:
        open_first_theme(page)
        cards, first = "[data-card-id]", memorize_card(page, 1)
    wait_for_the_worker(page)
    page.context.set_offline(True)
    first.click()
    expect_not_sent(page)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"offline-notice-{game}-{width}x{height}.png"))
    assert page.evaluate(CARDS_UNDER_NOTICE, cards) == 0
    outside = page.evaluate("""(cards) => [...document.querySelectorAll(cards)].map(c => c.getBoundingClientRect())
        .filter(r => r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5).length""", cards)
    assert outside == 0
    page.context.set_offline(False)
    assert page.errors == []


def test_the_offline_page_claims_only_what_is_true(player):
    page = player()
    page.goto("/set")
    wait_for_the_worker(page)
    page.context.set_offline(True)
    page.goto("/set")
    expect(page.locator("h1")).to_have_text("You're offline")
    main = page.locator("main")
    expect(main).to_contain_text("saved on the server up to the last move it showed you")
    expect(main).to_contain_text("a tap made while offline was not sent")
    expect(main).not_to_contain_text("every move you made is kept")
    page.context.set_offline(False)
    assert page.errors == []


def test_a_tap_while_the_server_is_down_keeps_the_table_too(player, server):
    """Online, but the server out of reach (a restart): the fetch fails rather than the browser
    refusing, and the tap is kept off the page the same way."""
    page = player()
    open_first_theme(page)
    page.wait_for_load_state("load")
    cards = page.locator("[data-card-id]").count()
    server.stop()
    try:
        memorize_card(page, 1).click()
        expect_not_sent(page)
        expect(page.locator("[data-card-id]")).to_have_count(cards)
        expect(memorize_card(page, 1)).not_to_have_attribute("aria-label", re.compile("face up"))
    finally:
        server.start()
    tap(page, 1)
    expect(memorize_card(page, 1)).to_have_attribute("aria-label", re.compile("face up"))
    expect(page.locator(NOTICE)).to_have_text("")
    assert page.errors == []
