"""A Memorize player's pace: a peek at every card when a game starts, and a mismatch that turns
back after the delay they chose, both set in the game page's Options and remembered."""

import re

import pytest
from playwright.sync_api import expect

from helpers import card, create_theme, deal_new_game, tap

SIZES = {"phone": (390, 844), "phone-landscape": (844, 390), "tablet": (820, 1180), "tablet-landscape": (1180, 820)}


def open_options(page):
    page.locator("[data-options] > summary").click()
    expect(page.locator("[data-options-form]")).to_be_visible()


def close_options(page):
    page.locator("[data-options] > summary").click()
    expect(page.locator("[data-options-form]")).to_be_hidden()


def save_options(page):
    """Saves the options; the panel closes, and the page has the server's answer."""
    with page.expect_response(lambda r: r.url.endswith("/options")):
        page.locator("[data-options-form]").get_by_role("button", name="Save").click()
    expect(page.locator("[data-options-form]")).to_be_hidden()


def faces_shown(page):
    return page.locator("[data-card-id] .emoji").count()


def game_with_the_peek_ticked(page, name, emoji):
    """Opens a new theme's game with Options open and the peek ticked, not yet saved."""
    theme_id = create_theme(page, name, emoji)
    page.goto(f"/play/{theme_id}")
    open_options(page)
    page.get_by_label(re.compile("Show every card for 3 seconds")).check()


def test_the_peek_shows_every_card_then_turns_them_down(player, server):
    page = player()
    game_with_the_peek_ticked(page, "Peek", "🐧👻🏀")
    save_options(page)
    # Turning the peek on in a game not yet begun shows it at once.
    expect(page.locator("[data-board]")).to_have_class(re.compile("is-peeking"))
    expect(page.locator("[data-card-id] .emoji")).to_have_count(6)
    expect(page.locator("[data-announcement]")).to_contain_text("Memorize the cards")
    # Three seconds later the page asks again and the cards turn face down.
    expect(page.locator("[data-board]")).not_to_have_class(re.compile("is-peeking"), timeout=6000)
    expect(page.locator("[data-card-id] .emoji")).to_have_count(0, timeout=2000)
    assert all("face down" in card(page, n).get_attribute("aria-label") for n in range(1, 7))

    # Remembered: the next game peeks too, and so does a reload of the page.
    deal_new_game(page)
    expect(page.locator("[data-card-id] .emoji")).to_have_count(6)
    page.reload()
    expect(page.get_by_label(re.compile("Show every card for 3 seconds"))).to_be_checked()


def test_a_tap_during_the_peek_starts_the_game(player, server):
    page = player()
    game_with_the_peek_ticked(page, "Ready", "🐧👻")
    save_options(page)
    expect(page.locator("[data-board]")).to_have_class(re.compile("is-peeking"))
    tap(page, 2)
    expect(page.locator("[data-board]")).not_to_have_class(re.compile("is-peeking"))
    expect(page.locator("[data-card-id] .emoji")).to_have_count(1, timeout=2000)
    expect(card(page, 2)).to_have_attribute("aria-label", re.compile("face up"))


def test_a_mismatch_turns_back_after_the_chosen_delay(player, server):
    page = player()
    theme_id = create_theme(page, "Delay", "🐧👻🏀")
    page.goto(f"/play/{theme_id}")
    deal_new_game(page)
    cards = server.game_cards(theme_id)
    first = 1
    other = next(i + 1 for i, emoji in enumerate(cards) if emoji != cards[0])
    open_options(page)
    page.get_by_label("Turn a mismatch back").select_option("1000")
    save_options(page)

    tap(page, first)
    tap(page, other)
    expect(page.locator("[data-card-id].is-face-up")).to_have_count(2)
    score = page.locator("[data-score]").text_content()
    # The server turns both back once the page asks, a second later; nothing is tapped.
    expect(page.locator("[data-card-id].is-face-up")).to_have_count(0, timeout=4000)
    expect(page.locator("[data-announcement]")).to_have_text(f"The two cards turned face down. Score {score}.")
    expect(page.locator("[data-card-id] .emoji")).to_have_count(0, timeout=2000)
    # Both can be tapped again at once.
    tap(page, first)
    expect(card(page, first)).to_have_attribute("aria-label", re.compile("face up"))

    # "When I tap another card" leaves a mismatch up.
    deal_new_game(page)
    cards = server.game_cards(theme_id)
    other = next(i + 1 for i, emoji in enumerate(cards) if emoji != cards[0])
    open_options(page)
    page.get_by_label("Turn a mismatch back").select_option("tap")
    save_options(page)
    tap(page, 1)
    tap(page, other)
    page.wait_for_timeout(1500)
    expect(page.locator("[data-card-id].is-face-up")).to_have_count(2)


def test_an_open_panel_stays_open_while_playing_by_keyboard(player, server):
    page = player(width=1180, height=820)
    theme_id = create_theme(page, "Panels", "🐧👻")
    page.goto(f"/play/{theme_id}")
    page.get_by_text("How scoring works").click()
    card(page, 1).focus()
    page.keyboard.press("Enter")
    expect(card(page, 1)).to_have_attribute("aria-label", re.compile("face up"))
    expect(page.locator(".scoring-rules")).to_be_visible()
    # Escape closes it and leaves the keyboard on its summary.
    page.locator(".scoring-help summary").focus()
    page.keyboard.press("Escape")
    expect(page.locator(".scoring-rules")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_saving_options_closes_them_before_the_peek_shows_the_cards(player, server, size):
    width, height = SIZES[size]
    page = player(width=width, height=height)
    theme_id = create_theme(page, "Peek", "🐧👻🏀🐸🦄🐝")
    page.goto(f"/play/{theme_id}")
    # Notes, at the moment the cards first show face up, whether the panel is open and how many
    # cards it covers.
    page.evaluate("""() => {
      window.atPeek = null;
      const covered = () => {
        const form = document.querySelector("[data-options-form]");
        // NB: a closed panel's content keeps its layout box but is not drawn.
        if (!form.checkVisibility()) return 0;
        const panel = form.getBoundingClientRect();
        return [...document.querySelectorAll("[data-card-id]")].filter((card) => {
          const box = card.getBoundingClientRect();
          return panel.width > 0 && panel.height > 0 && box.left < panel.right && panel.left < box.right
            && box.top < panel.bottom && panel.top < box.bottom;
        }).length;
      };
      new MutationObserver(() => {
        if (window.atPeek === null && document.querySelector("[data-board].is-peeking")) {
          window.atPeek = { open: document.querySelector("[data-options]").open, covered: covered() };
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }""")
    open_options(page)
    page.get_by_label(re.compile("Show every card for 3 seconds")).check()
    page.locator("[data-options-form]").get_by_role("button", name="Save").click()
    expect(page.locator("[data-board]")).to_have_class(re.compile("is-peeking"))
    expect(page.locator("[data-card-id] .emoji")).to_have_count(12)
    assert page.evaluate("window.atPeek") == {"open": False, "covered": 0}
    expect(page.locator("[data-options]")).not_to_have_attribute("open", "")
    expect(page.locator("[data-options-form]")).to_be_hidden()
    page.screenshot(path=f"Tests/Browser/screenshots/memorize-peek-after-save-{size}.png")
    # The keyboard is back on the panel's summary, and the saved option shows when it opens.
    expect(page.locator("[data-options] > summary")).to_be_focused()
    open_options(page)
    expect(page.get_by_label(re.compile("Show every card for 3 seconds"))).to_be_checked()


def test_options_closed_without_saving_show_those_in_effect(player, server):
    page = player()
    game_with_the_peek_ticked(page, "Unsaved", "🐧👻")
    close_options(page)
    expect(page.locator("[data-board]")).not_to_have_class(re.compile("is-peeking"))
    open_options(page)
    expect(page.get_by_label(re.compile("Show every card for 3 seconds"))).not_to_be_checked()


def test_options_without_javascript(player, server):
    page = player(javascript=False)
    theme_id = create_theme_without_script(page)
    page.goto(f"/play/{theme_id}")
    page.locator("[data-options] > summary").click()
    page.get_by_label(re.compile("Show every card for 3 seconds")).check()
    page.get_by_label("Turn a mismatch back").select_option("2000")
    page.locator("[data-options-form]").get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(rf"/play/{theme_id}$"))
    assert faces_shown(page) > 0
    expect(page.get_by_label(re.compile("Show every card for 3 seconds"))).to_be_checked()
    expect(page.get_by_label("Turn a mismatch back")).to_have_value("2000")


def create_theme_without_script(page):
    """The first built-in theme's id (the editor needs no script, but the built-ins will do)."""
    page.goto("/")
    href = page.locator(".theme-row:not(.random-row) .row-link").first.get_attribute("href")
    return int(href.rsplit("/", 1)[1])


def test_options_panel_at_every_size(player, server):
    for name, (width, height) in SIZES.items():
        page = player(width=width, height=height)
        page.goto("/play/random")
        open_options(page)
        panel = page.locator("[data-options-form]").bounding_box()
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= width, name
        assert panel["y"] + panel["height"] <= height, name
        page.screenshot(path=f"Tests/Browser/screenshots/memorize-options-{name}.png")
