"""Two tabs of one player on one Memorize game (a tap from the tab showing the earlier game changes
nothing, and that tab reloads), and restoring deleted built-in themes from the chooser."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import CSP_VIOLATIONS, SCREENSHOTS, SIZES, is_csp_violation
from helpers import card, tap

EARLIER_GAME = "This page shows an earlier game"


# MARK: - Helpers


def second_tab(page):
    """Opens another tab of the same player (same browser context), recording its CSP violations
    as the `player` fixture does for its own pages."""
    tab = page.context.new_page()
    tab.on("console", lambda message: is_csp_violation(message) and CSP_VIOLATIONS.append(
        f"{tab.url}: {message.text}"))
    return tab


def shown_deal(page):
    return page.locator('[data-grid] input[name="deal"]').input_value()


def press_new_game(page):
    """Presses New Game and waits until the page shows another deal."""
    before = shown_deal(page)
    page.locator("[data-new-game] button").first.click()
    expect(page.locator('[data-grid] input[name="deal"]')).not_to_have_value(before)
    return shown_deal(page)


def stored_game(page, slot="random"):
    """The game as the server has it, read as JSON with the page's cookies."""
    response = page.request.get(f"/play/{slot}", headers={"Accept": "application/json"})
    assert response.ok
    return response.json()


def face_up_cards(game):
    return [c["id"] for c in game["cards"] if c["isFaceUp"] or c["isMatched"]]


def theme_names(page):
    return page.locator(".theme-list .theme-row:not(.random-row) .row-name").all_text_contents()


def delete_in_edit_mode(page, names):
    """Deletes the named themes with their Delete buttons in Edit mode."""
    page.goto("/?edit=1")
    for name in names:
        page.get_by_role("button", name=f"Delete {name}", exact=True).click()
        expect(page.locator(".notice")).to_contain_text(f"Deleted “{name}”")


def restore_button(page):
    return page.locator(".restore-built-ins").get_by_role("button")


# MARK: - Two tabs on one game


def test_a_tap_from_a_tab_showing_an_earlier_game_reloads_it_and_changes_nothing(player):
    tab_a = player()
    tab_a.goto("/play/random")
    tap(tab_a, 1)  # the first deal is stored by its first tap
    earlier = shown_deal(tab_a)
    tab_b = second_tab(tab_a)
    tab_b.goto("/play/random")
    assert shown_deal(tab_b) == earlier
    newer = press_new_game(tab_b)
    tab_a.evaluate("window.beforeTheReload = true")
    with tab_a.expect_response(lambda r: "/choose/" in r.url) as answer, tab_a.expect_navigation():
        card(tab_a, 2).click()
    assert answer.value.status == 409
    assert tab_a.evaluate("window.beforeTheReload") is None  # the page reloaded itself
    assert shown_deal(tab_a) == newer
    expect(card(tab_a, 2)).to_have_attribute("aria-label", "card 2, face down")
    game = stored_game(tab_a)
    assert str(game["deal"]) == newer
    assert face_up_cards(game) == []
    assert game["score"] == 0
    assert tab_a.errors == []


def test_without_javascript_a_stale_tap_shows_a_409_page_and_changes_nothing(player):
    tab_a = player(javascript=False)
    tab_a.goto("/play/random")
    card(tab_a, 1).click()
    expect(card(tab_a, 1)).to_have_attribute("aria-label", re.compile("face up"))
    tab_b = second_tab(tab_a)
    tab_b.goto("/play/random")
    tab_b.locator("[data-new-game] button").first.click()
    tab_b.wait_for_load_state()
    newer = shown_deal(tab_b)
    with tab_a.expect_response(lambda r: "/choose/" in r.url) as answer:
        card(tab_a, 2).click()
    assert answer.value.status == 409
    expect(tab_a.locator(".error-page")).to_contain_text(EARLIER_GAME)
    game = stored_game(tab_a)
    assert str(game["deal"]) == newer
    assert face_up_cards(game) == []


# MARK: - Restoring built-in themes


def test_restore_brings_back_two_deleted_built_in_themes_at_the_end(player):
    page = player()
    page.goto("/?edit=1")
    names = theme_names(page)
    deleted = names[1:3]
    delete_in_edit_mode(page, deleted)
    expect(restore_button(page)).to_have_text("Restore 2 built-in themes")
    restore_button(page).click()
    expect(page.locator(".theme-list .theme-row")).to_have_count(len(names))
    after = theme_names(page)
    assert sorted(after) == sorted(names)
    assert sorted(after[-2:]) == sorted(deleted)
    expect(restore_button(page)).to_have_count(0)


def test_an_empty_list_offers_restore_and_the_random_game_comes_back(player):
    page = player()
    page.goto("/?edit=1")
    names = theme_names(page)
    delete_in_edit_mode(page, names)
    response = page.goto("/play/random")
    assert response.status == 404
    expect(page.locator(".error-page")).to_contain_text("restore the built-in ones")
    page.goto("/")
    expect(page.locator(".empty")).to_contain_text("bring back the built-in ones")
    expect(restore_button(page)).to_have_text(f"Restore {len(names)} built-in themes")
    restore_button(page).click()
    expect(page.locator(".theme-list .theme-row:not(.random-row)")).to_have_count(len(names))
    assert sorted(theme_names(page)) == sorted(names)
    response = page.goto("/play/random")
    assert response.status == 200
    expect(card(page, 1)).to_be_visible()


@pytest.mark.parametrize("listing", ["edit-mode", "empty-list"])
def test_the_chooser_with_the_restore_button_has_no_serious_accessibility_violations(player, listing):
    page = player()
    page.goto("/?edit=1")
    names = theme_names(page)
    delete_in_edit_mode(page, names[1:3] if listing == "edit-mode" else names)
    page.goto("/?edit=1" if listing == "edit-mode" else "/")
    expect(restore_button(page)).to_be_visible()
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


def test_restore_button_screenshots_in_edit_mode(player):
    page = player()
    page.goto("/?edit=1")
    delete_in_edit_mode(page, theme_names(page)[1:3])
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto("/?edit=1")
        button = restore_button(page)
        expect(button).to_be_visible()
        page.screenshot(path=str(SCREENSHOTS / f"restore-edit-mode-{width}x{height}.png"), full_page=True)
        box = button.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= width
        # Room under the button when the list scrolls: it does not touch the page's end.
        space_below = page.evaluate(
            "b => document.documentElement.scrollHeight - (b.getBoundingClientRect().bottom + scrollY)",
            button.element_handle())
        assert space_below >= 24
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
