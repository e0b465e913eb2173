"""Every page: an axe audit with no serious or critical violation, and screenshots at phone
and tablet sizes in both orientations (into Tests/Browser/screenshots/, git-ignored)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from helpers import create_theme, tap

PAGES = ["chooser", "edit-mode", "editor", "new-theme", "game", "game-over", "not-found"]


def show(page, server, name, theme_id):
    """Brings `page` to the named page."""
    if name == "chooser":
        page.goto("/")
    elif name == "edit-mode":
        page.goto("/?edit=1")
    elif name == "editor":
        page.goto(f"/themes/{theme_id}/edit")
    elif name == "new-theme":
        page.goto("/themes/new")
    elif name == "game":
        page.goto(f"/play/{theme_id}")
        page.get_by_role("button", name="New Game").first.click()
        page.wait_for_timeout(300)
        tap(page, 1)
    elif name == "game-over":
        page.goto(f"/play/{theme_id}")
        cards = server.game_cards(theme_id)
        for emoji in dict.fromkeys(cards):
            for number in [i + 1 for i, content in enumerate(cards) if content == emoji]:
                tap(page, number)
        page.wait_for_selector("[data-game-over]")
    elif name == "not-found":
        page.goto("/play/999999")
    page.wait_for_timeout(500)


@pytest.fixture(scope="module")
def theme_page(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url)
    page = context.new_page()
    theme_id = create_theme(page, "Garden", "🌷🌻🌼🌸🌺🍀🌵🌴")
    yield page, theme_id
    context.close()


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violations(theme_page, server, name):
    page, theme_id = theme_page
    show(page, server, name, theme_id)
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


@pytest.mark.parametrize("width,height", SIZES)
def test_screenshots(theme_page, server, width, height):
    page, theme_id = theme_page
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    for name in PAGES:
        show(page, server, name, theme_id)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}x{height}.png"))
    # Nothing may stick out sideways on any page.
    page.goto(f"/play/{theme_id}")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_an_error_page_leads_to_the_games(player):
    page = player()
    page.goto("/play/999999")
    page.get_by_role("link", name="Back to the games").click()
    expect(page.get_by_role("heading", name="Set")).to_be_visible()
    expect(page.get_by_role("heading", name="Memorize")).to_be_visible()
