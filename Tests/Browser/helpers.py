"""Steps a player takes, shared by the browser tests."""

import re

from playwright.sync_api import expect


def open_first_theme(page):
    """From the chooser, taps the first theme and returns its id."""
    page.goto("/")
    row = page.locator(".theme-row:not(.random-row) .row-link").first
    href = row.get_attribute("href")
    row.click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    return int(href.rsplit("/", 1)[1])


def deal_new_game(page):
    """Presses New Game on a Memorize page and waits for the new deal to be drawn. A first deal
    is stored only by its first move, so tests that read the database as an oracle deal first."""
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/new")):
        page.locator("[data-new-game] button").first.click()
    page.wait_for_load_state("networkidle")


def card(page, number):
    return page.locator(f'[data-card-id="{number}"]')


def tap(page, number):
    """Taps a card and waits for the page to show the server's answer."""
    before = page.locator("[data-announcement]").text_content()
    button = card(page, number)
    button.click()
    page.wait_for_function(
        """([number, before]) => {
            const card = document.querySelector(`[data-card-id="${number}"]`);
            const label = card ? card.getAttribute("aria-label") : "";
            const status = document.querySelector("[data-announcement]");
            return !card || /face up|matched/.test(label) || (status && status.textContent !== before)
                || document.querySelector("[data-game-over]");
        }""",
        arg=[number, before])


def score(page):
    return int(page.locator("[data-score]").text_content())


def face_up_emoji(page, number):
    return card(page, number).locator(".emoji").text_content()


def create_theme(page, name, emoji, pairs=None):
    """Adds a theme through the editor and returns its id."""
    page.goto("/")
    page.get_by_role("link", name="+ New theme").click()
    dialog = page.locator("dialog[data-editor]")
    expect(dialog).to_be_visible()
    page.fill("#theme-name", name)
    page.fill("#new-emoji", emoji)
    page.get_by_role("button", name="Add", exact=True).click()
    if pairs is not None:
        page.fill("#pairs", str(pairs))
    page.locator(".editor-footer").get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"/\?edit=1"))
    row = page.locator(".theme-row").last
    return int(row.get_attribute("id").split("-")[1])


def new_game_of(page, server, name, emoji):
    """Creates a theme, opens its game with a fresh deal, and returns the theme's id and the
    emoji of every card in layout order (read from the database: the page never tells)."""
    theme_id = create_theme(page, name, emoji)
    page.goto(f"/play/{theme_id}")
    deal_new_game(page)
    return theme_id, server.game_cards(theme_id)
