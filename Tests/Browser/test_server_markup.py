"""The scripts draw nothing themselves: after every move they patch the page from the server's
HTML, so what they show is the same markup as a full page load, and the grid is laid out by the
server's CardGridLayout with or without JavaScript."""

import re

from playwright.sync_api import expect

from helpers import card, deal_new_game, open_first_theme, tap
from set_helpers import THE_SET, act, companions, random_table, setup, table

OUTER_HTML = "elements => elements.map(element => element.outerHTML)"


def test_cards_dealt_by_deal_3_are_the_servers_markup(player):
    page = player(width=820, height=1180)
    others = companions(12)
    setup(page, table=THE_SET + others[:9], deck=others[9:])
    act(page, page.locator("[data-set-deal]"))  # a needless deal: three new cards and a missed Set
    cards = page.eval_on_selector_all("[data-set-card]", OUTER_HTML)
    missed = page.locator("[data-set-missed-body]").inner_html()
    columns = page.evaluate("getComputedStyle(document.querySelector('[data-set-grid]')).gridTemplateColumns")
    assert page.locator("[data-set-missed] .set-mini").count() == 3
    page.reload()
    page.wait_for_selector("[data-set-card]")
    assert page.eval_on_selector_all("[data-set-card]", OUTER_HTML) == cards
    assert page.locator("[data-set-missed-body]").inner_html() == missed
    # The page's <style> followed the new card count, as on a full load.
    assert page.evaluate("getComputedStyle(document.querySelector('[data-set-grid]')).gridTemplateColumns") == columns


def test_a_selected_card_and_the_discard_pile_are_the_servers_markup(player):
    page = player()
    setup(page, table=THE_SET + companions(9), deck=companions(12)[9:])
    for id in THE_SET:
        act(page, page.locator(f'[data-set-card="{id}"]'))
    act(page, page.locator("[data-set-deal]"))
    page.wait_for_timeout(1200)  # the discard pile shows its top card once the cards have landed
    cards = page.eval_on_selector_all("[data-set-card]", OUTER_HTML)
    discard = page.locator("[data-set-discard-card]").inner_html()
    page.reload()
    page.wait_for_selector("[data-set-card]")
    assert page.eval_on_selector_all("[data-set-card]", OUTER_HTML) == cards
    assert page.locator("[data-set-discard-card]").inner_html() == discard


def test_a_memorize_face_is_the_servers_markup(player):
    page = player()
    open_first_theme(page)
    tap(page, 1)
    emoji = card(page, 1).locator(".emoji").evaluate("element => element.outerHTML")
    page.reload()
    assert card(page, 1).locator(".emoji").evaluate("element => element.outerHTML") == emoji


def module_scripts(page):
    """Each script of the page as [type, src], its content hash replaced by HASH."""
    scripts = page.eval_on_selector_all("script[src]", "s => s.map(x => [x.type, x.getAttribute('src')])")
    return [[kind, re.sub(r"\.[0-9a-f]{10}\.js$", ".HASH.js", src)] for kind, src in scripts]


def test_pages_load_one_module_each_and_no_global(player):
    page = player()
    for url, module in [("/", "themes"), ("/themes/new", "themes"), ("/set", "set")]:
        page.goto(url)
        assert module_scripts(page) == [["module", f"/static/{module}.HASH.js"]]
    open_first_theme(page)
    assert module_scripts(page) == [["module", "/static/memorize.HASH.js"]]
    assert page.evaluate("typeof window.CardTable") == "undefined"
    assert page.errors == []


def test_the_set_grid_fits_without_javascript(player):
    for count, width, height in [(12, 390, 844), (21, 844, 390), (81, 390, 844)]:
        page = player(width=width, height=height, javascript=False)
        setup(page, **random_table(count))
        boxes = page.eval_on_selector_all(
            "[data-set-card]", "cards => cards.map(c => { const b = c.getBoundingClientRect(); return [b.width, b.height]; })")
        assert len(boxes) == count
        for width_, height_ in boxes:
            assert abs(height_ / width_ - 1.5) < 0.02
            assert width_ >= 44
        fits = page.evaluate(
            "(() => { const b = document.querySelector('[data-set-board]'); return b.scrollHeight <= b.clientHeight + 1; })()")
        assert fits == (count <= 21)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_arrow_keys_follow_the_grids_columns(player):
    page = player(width=820, height=1180)
    setup(page, **random_table(12))
    columns = len(page.evaluate("getComputedStyle(document.querySelector('[data-set-grid]')).gridTemplateColumns").split())
    ids = [c[0] for c in table(page)]
    page.locator(f'[data-set-card="{ids[0]}"]').focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("Number(document.activeElement.dataset.setCard)") == ids[columns]


def test_editor_enter_adds_and_a_color_value_picks_its_kind(player):
    page = player()
    page.goto("/themes/new")
    expect(page.locator("dialog[data-editor]")).to_be_visible()
    assert page.evaluate("document.querySelector('dialog[data-editor]').matches(':modal')")
    page.fill("#theme-name", "Keys")
    page.fill("#new-emoji", "🐸🦄")
    page.locator("#new-emoji").press("Enter")
    expect(page.locator(".emoji-chips:not(.removed) .chip")).to_have_count(2)
    expect(page.locator("#theme-name")).to_have_value("Keys")  # added, not saved
    page.locator("#gradient-from").evaluate(
        "input => { input.value = '#123456'; input.dispatchEvent(new Event('input', { bubbles: true })); }")
    expect(page.locator("#color-kind-gradient")).to_be_checked()
    page.select_option("#color-name", index=1)
    expect(page.locator("#color-kind-named")).to_be_checked()


def test_matching_by_keyboard_moves_focus_to_the_next_card_in_play(fast_player, fast_server):
    page = fast_player()
    theme_id = open_first_theme(page)
    deal_new_game(page)
    cards = fast_server.game_cards(theme_id)
    first, second = [i + 1 for i, emoji in enumerate(cards) if emoji == cards[0]]
    card(page, first).focus()
    page.keyboard.press("Enter")
    expect(card(page, first)).to_have_attribute("aria-label", re.compile("face up"))
    card(page, second).focus()
    page.keyboard.press("Enter")
    expect(card(page, second)).to_be_disabled()
    in_play = [number for number in range(1, len(cards) + 1) if number not in (first, second)]
    expected = next((number for number in in_play if number > second), in_play[-1])
    expect(card(page, expected)).to_be_focused()
