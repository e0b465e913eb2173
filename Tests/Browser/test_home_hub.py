"""The home page is the hub for both games: it says CardTable, and its first screen holds every
way into Set beside the start of the Memorize themes, on a landscape phone too."""

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES

# The bottom edge of each named element, and the first screen's height.
BOTTOMS = """selectors => ({
  height: window.innerHeight,
  bottoms: Object.fromEntries(selectors.map(s => [s, document.querySelector(s).getBoundingClientRect().bottom])),
})"""

FIRST_SCREEN = [
    ".hub-set a[href='/set']",
    ".hub-set a[href^='/rooms/new']",
    ".hub-set a[href='/set/daily']",
    ".hub-set .quick-play button",
    ".hub-set a[href='/rooms']",
    "#room-code",
    "#memorize-heading",
    ".theme-row:nth-child(2)",
]


@pytest.mark.parametrize("width,height", SIZES)
def test_the_home_page_is_the_hub_for_every_game(player, width, height):
    page = player(width=width, height=height)
    page.goto("/")
    expect(page).to_have_title("CardTable")
    expect(page.get_by_role("heading", level=1)).to_have_text("CardTable")
    expect(page.get_by_role("heading", name="Set", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Memorize", exact=True)).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / f"home-hub-{width}x{height}.png"))
    # Both games' ways in and the first Memorize theme show without scrolling.
    found = page.evaluate(BOTTOMS, FIRST_SCREEN)
    late = {s: bottom for s, bottom in found["bottoms"].items() if bottom > found["height"]}
    assert late == {}, f"below the first screen at {width}×{height}: {late}"


def test_edit_mode_keeps_to_the_themes(player):
    page = player(width=844, height=390)
    page.goto("/?edit=1")
    expect(page).to_have_title("Edit themes · CardTable")
    expect(page.locator(".hub-set")).to_have_count(0)
    expect(page.get_by_role("link", name="Done")).to_be_visible()
