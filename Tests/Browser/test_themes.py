"""Managing themes in the browser: add, edit, remove and restore emoji, reorder, delete,
restart the server, and a theme named like a script."""

import base64
import re

import pytest
from playwright.sync_api import expect

from helpers import card, create_theme, tap

SCRIPT = "<script>alert(1)</script>"


def editor(page):
    return page.locator("dialog[data-editor]")


def wait_for_modal_editor(page):
    """Waits for the script to make the editor modal: the page shows it open before that, and only
    a modal dialog turns Escape into a cancel."""
    page.wait_for_function("() => document.querySelector('dialog[data-editor]')?.matches(':modal')")


def start_new_theme(page, name, emoji):
    """Opens the editor for a new theme, names it and adds `emoji`, without saving."""
    page.goto("/themes/new")
    page.fill("#theme-name", name)
    page.fill("#new-emoji", emoji)
    page.get_by_role("button", name="Add", exact=True).click()
    # NB: the emoji are in once the field is empty again; typing on before then could land on the
    # page being replaced (seen once in the full suite: the pairs typed were lost).
    expect(page.locator("#new-emoji")).to_have_value("")


def save(page):
    page.locator(".editor-footer").get_by_role("button", name="Save").click()


def test_add_a_theme_refusing_non_emoji_and_ignoring_repeats(player):
    page = player()
    page.goto("/")
    page.get_by_role("link", name="+ New theme").click()
    expect(editor(page)).to_be_visible()
    page.fill("#theme-name", "Frogs")
    page.fill("#new-emoji", "🐸🦄 hello 🐸🐝")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("[data-errors]")).to_contain_text("hello")
    expect(page.locator("#new-emoji")).to_have_value("hello")
    expect(page.locator("#theme-name")).to_have_value("Frogs")
    expect(page.locator(".emoji-chips:not(.removed) .chip")).to_have_count(3)
    page.fill("#new-emoji", "")
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    expect(page.locator(".theme-row").last).to_contain_text("Frogs")
    expect(page.locator(".theme-row").last).to_contain_text("6 cards")


def test_edit_remove_restore_pairs_and_gradient(player):
    page = player()
    theme_id = create_theme(page, "Bugs", "🐝🐞🦋🐛🐜")
    page.goto(f"/themes/{theme_id}/edit")
    page.get_by_role("button", name="Remove 🐞").click()
    page.get_by_role("button", name="Remove 🐛").click()
    expect(page.get_by_role("button", name="Restore 🐞")).to_be_visible()
    page.get_by_role("button", name="Restore 🐞").click()
    expect(page.get_by_role("button", name="Remove 🐞")).to_be_visible()
    page.fill("#pairs", "1")
    save(page)
    expect(page.locator("#pairs-messages")).to_contain_text("A game needs at least 2 pairs, not 1.")
    expect(page.locator("#pairs")).to_have_value("1")
    page.fill("#pairs", "3")
    page.check("#color-kind-gradient")
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    row = page.locator(f"#theme-{theme_id}")
    expect(row).to_contain_text("6 cards")
    expect(row).to_contain_text("gradient")
    page.goto(f"/themes/{theme_id}/edit")
    expect(page.get_by_role("button", name="Restore 🐛")).to_be_visible()


def test_cancel_changes_nothing(player):
    page = player()
    page.goto("/?edit=1")
    page.locator(".theme-row .row-link").first.click()
    expect(editor(page)).to_be_visible()
    wait_for_modal_editor(page)
    page.fill("#theme-name", "Changed")
    page.keyboard.press("Escape")
    page.wait_for_url(re.compile(r"/\?edit=1$"))
    expect(page.locator(".theme-row").first).to_contain_text("Halloween")


def test_editing_a_theme_restarts_its_game(player):
    page = player()
    theme_id = create_theme(page, "Restart", "🍎🍐🍊")
    page.goto(f"/play/{theme_id}")
    tap(page, 1)
    page.goto(f"/themes/{theme_id}/edit")
    page.fill("#theme-name", "Restarted")
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    page.goto(f"/play/{theme_id}")
    expect(card(page, 1)).to_have_attribute("aria-label", "card 1, face down")


def test_reorder_and_delete_with_undo(player):
    page = player()
    page.goto("/?edit=1")
    names = page.locator(".theme-row .row-name").all_text_contents()
    page.get_by_role("button", name=f"Move {names[1]} up").click()
    expect(page.locator(".theme-row .row-name").first).to_have_text(names[1])
    page.get_by_role("button", name=f"Delete {names[1]}").click()
    expect(page.locator(".notice")).to_contain_text(f"Deleted “{names[1]}”")
    expect(page.locator(".theme-row .row-name").first).to_have_text(names[0])
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".theme-row .row-name").first).to_have_text(names[1])


def in_view(page, locator):
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_moving_deleting_and_undoing_happen_in_place_keeping_the_row_in_view_and_the_keyboard(player):
    page = player(390, 844)
    page.goto("/?edit=1")
    names = page.locator(".theme-row .row-name").all_text_contents()
    last, before_last = names[-1], names[-2]
    page.evaluate("window.arrangedInPlace = true")
    # The last row, far down a phone's list, moved up from the keyboard: a new visitor's first
    # change gives every built-in theme a new id, which must not lose the row or the keyboard.
    up = page.get_by_role("button", name=f"Move {last} up")
    up.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".theme-row .row-name")).to_have_text(names[:-2] + [last, before_last])
    expect(page.get_by_role("button", name=f"Move {last} up")).to_be_focused()
    assert in_view(page, page.locator(".theme-row").nth(len(names) - 2))
    assert page.evaluate("window.scrollY") > 0
    # Two presses before the first is answered move it two places: each is read in its turn.
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page.locator(".theme-row .row-name").nth(len(names) - 4)).to_have_text(last)
    expect(page.get_by_role("button", name=f"Move {last} up")).to_be_focused()
    # At the top "up" is disabled: the keyboard goes to the same row's "down".
    page.goto("/?edit=1")
    page.evaluate("window.arrangedInPlace = true")
    second = page.locator(".theme-row .row-name").nth(1).text_content()
    page.get_by_role("button", name=f"Move {second} up").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".theme-row .row-name").first).to_have_text(second)
    expect(page.get_by_role("button", name=f"Move {second} down")).to_be_focused()
    # Delete: the row goes and the keyboard is on Undo; Undo brings it back, the keyboard on its Delete.
    rows = page.locator(".theme-row .row-name").all_text_contents()
    page.get_by_role("button", name=f"Delete {rows[2]}").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-theme-status]")).to_contain_text(f"Deleted “{rows[2]}”")
    expect(page.get_by_role("button", name="Undo")).to_be_focused()
    expect(page.locator(".theme-row .row-name")).to_have_text(rows[:2] + rows[3:])
    page.keyboard.press("Enter")
    expect(page.locator(".theme-row .row-name")).to_have_text(rows)
    expect(page.get_by_role("button", name=f"Delete {rows[2]}")).to_be_focused()
    expect(page.locator("[data-theme-status]")).to_have_text("")
    assert page.evaluate("window.arrangedInPlace") is True
    assert page.errors == []
    # What was done in place is what the server has.
    page.reload()
    expect(page.locator(".theme-row .row-name")).to_have_text(rows)


def test_moving_and_deleting_work_without_script(player):
    page = player(javascript=False)
    page.goto("/?edit=1")
    names = page.locator(".theme-row .row-name").all_text_contents()
    page.get_by_role("button", name=f"Move {names[1]} up").click()
    expect(page.locator(".theme-row .row-name").first).to_have_text(names[1])
    page.get_by_role("button", name=f"Delete {names[0]}").click()
    expect(page.locator(".notice")).to_contain_text(f"Deleted “{names[0]}”")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".theme-row .row-name")).to_have_text([names[1], names[0]] + names[2:])


def test_script_name_shows_as_text(player):
    page = player()
    theme_id = create_theme(page, SCRIPT, "🐸🦄")
    for url in ["/", "/?edit=1", f"/themes/{theme_id}/edit", f"/play/{theme_id}"]:
        page.goto(url)
        expect(page.get_by_text(SCRIPT).first).to_be_visible()
    assert page.errors == []


def test_editor_works_without_javascript(player):
    page = player(javascript=False)
    page.goto("/themes/new")
    page.fill("#theme-name", "No script")
    page.fill("#new-emoji", "🌵🌴")
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_role("button", name="Remove 🌴").click()
    page.fill("#new-emoji", "🌲🌳")
    page.get_by_role("button", name="Add", exact=True).click()
    # A removed emoji, restored, goes back where it stood (by form posts alone).
    page.get_by_role("button", name="Remove 🌵").click()
    page.get_by_role("button", name="Restore 🌵").click()
    expect(page.locator(".emoji-chips:not(.removed) .chip")).to_have_text(["🌵", "🌲", "🌳"])
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    expect(page.locator(".theme-row").last).to_contain_text("No script")
    expect(page.locator(".theme-row").last).to_contain_text("6 cards")


def test_restart_finds_everything(player, server):
    page = player()
    theme_id = create_theme(page, "Survivor", "🦖🦕🐊")
    page.goto(f"/themes/{theme_id}/edit")
    page.get_by_role("button", name="Remove 🐊").click()
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    page.goto(f"/play/{theme_id}")
    tap(page, 2)
    emoji = card(page, 2).locator(".emoji").text_content()
    server.restart()
    page.goto(f"/play/{theme_id}")
    expect(card(page, 2)).to_have_attribute("aria-label", re.compile(f"^{re.escape(emoji)}, face up"))
    page.goto(f"/themes/{theme_id}/edit")
    expect(page.locator("#theme-name")).to_have_value("Survivor")
    expect(page.get_by_role("button", name="Restore 🐊")).to_be_visible()


def test_pairs_that_are_not_a_number_stay_in_the_form_with_a_message_beside_them(player):
    page = player()
    start_new_theme(page, "Frogs", "🐸🦄🐝")
    for typed in ["e", "-", "2.5", "1e3"]:
        page.fill("#pairs", typed)
        save(page)
        expect(page.locator("#pairs-messages")).to_contain_text(f"Pairs must be a whole number from 2 to 3, not “{typed}”.")
        expect(page.locator("#pairs")).to_have_value(typed)
        expect(page.locator("#pairs")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#theme-name")).to_have_value("Frogs")
    page.screenshot(path="Tests/Browser/screenshots/editor-pairs-error.png")
    page.goto("/")
    expect(page.locator(".theme-row", has_text="Frogs")).to_have_count(0)


def test_more_pairs_than_emoji_are_noted_as_typed_and_saved_as_every_emoji(player):
    page = player()
    start_new_theme(page, "Frogs", "🐸🦄🐝")
    note = page.locator("[data-pairs-note]")
    expect(note).to_be_hidden()
    page.fill("#pairs", "47")
    expect(note).to_be_visible()
    expect(note).to_have_text("3 pairs: the theme has 3 emoji.")
    page.fill("#pairs", "2")
    expect(note).to_be_hidden()
    page.fill("#pairs", "47")
    page.screenshot(path="Tests/Browser/screenshots/editor-pairs-note.png")
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    expect(page.locator(".theme-row", has_text="Frogs")).to_contain_text("6 cards")


def test_the_color_preview_follows_the_choice_at_once(player):
    page = player()
    page.goto("/themes/new")
    words = page.locator("[data-preview-words]")
    swatch = page.locator("[data-preview-swatch]")
    url = page.url
    page.select_option("#color-name", "blue")
    expect(words).to_have_text("blue")
    expect(page.locator("#color-kind-named")).to_be_checked()
    assert swatch.evaluate("s => getComputedStyle(s).getPropertyValue('--theme-fill').trim()") == "#1c6dd0"
    page.locator("#color-hex").evaluate(
        "e => { e.value = '#123456'; e.dispatchEvent(new Event('input', { bubbles: true })); }"
    )
    expect(words).to_have_text("custom color #123456")
    expect(page.locator("#color-kind-custom")).to_be_checked()
    page.check("#color-kind-gradient")
    expect(words).to_contain_text("gradient from custom color")
    assert "linear-gradient" in swatch.evaluate("s => getComputedStyle(s).getPropertyValue('--theme-fill')")
    assert page.url == url


def test_opening_the_editor_leaves_the_caret_after_the_name_instead_of_selecting_it(player):
    page = player()
    theme_id = create_theme(page, "Bugs", "🐝🐞🦋🐛🐜")
    page.goto(f"/themes/{theme_id}/edit")
    name = page.locator("#theme-name")
    expect(name).to_be_focused()
    assert name.evaluate("e => [e.selectionStart, e.selectionEnd]") == [4, 4]
    page.keyboard.type("!")
    expect(page.locator("#theme-name")).to_have_value("Bugs!")


def test_emoji_outside_cards_ask_for_a_color_emoji_font_first(player):
    page = player()
    theme_id = create_theme(page, "Bugs", "🐝🐞🦋🐛🐜")
    page.goto("/")
    first_font = "e => getComputedStyle(e).fontFamily.split(',')[0].trim().replace(/\"/g, '')"
    assert page.locator(".row-emoji").first.evaluate(first_font) == "Noto Color Emoji"
    page.goto(f"/themes/{theme_id}/edit")
    assert page.locator(".chip").first.evaluate(first_font) == "Noto Color Emoji"


def most_color_in(page, locator):
    """How far from gray the most colorful pixel of `locator` is drawn (0 to 255: max − min channel)."""
    png = base64.b64encode(locator.screenshot()).decode()
    return page.evaluate(
        """async (png) => {
            const image = new Image();
            image.src = `data:image/png;base64,${png}`;
            await image.decode();
            const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height).data;
            let most = 0;
            for (let i = 0; i < pixels.length; i += 4) {
                const channels = [pixels[i], pixels[i + 1], pixels[i + 2]];
                most = Math.max(most, Math.max(...channels) - Math.min(...channels));
            }
            return most;
        }""", png)


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_add_emoji_example_is_drawn_faded_not_like_typed_emoji(player, color_scheme):
    page = player(color_scheme=color_scheme)
    page.goto("/themes/new")
    field = page.locator("#new-emoji")
    expect(field).to_have_attribute("placeholder", re.compile("🐸"))
    assert most_color_in(page, field) < 40
    # The same emoji typed keep their colors (so the measure sees color where there is some).
    field.fill("🐸🦄🐝")
    field.blur()
    assert most_color_in(page, field) > 100


def test_a_long_name_is_refused_with_a_message_not_cut(player):
    page = player()
    long_name = "A theme whose name runs past forty characters"
    start_new_theme(page, long_name, "🐸🦄🐝")
    save(page)
    expect(page.locator("#name-messages")).to_contain_text("Keep the name to 40 characters or fewer.")
    expect(page.locator("#theme-name")).to_have_value(long_name)
    # Forty emoji are forty characters, though each takes two UTF-16 units.
    page.fill("#theme-name", "🐸" * 40)
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    expect(page.locator(".theme-row").last).to_contain_text("🐸" * 40)


def test_repeated_emoji_are_named_and_text_symbols_are_taken_alike(player):
    page = player()
    start_new_theme(page, "Marks", "©™🐸🐸")
    expect(page.locator(".emoji-chips:not(.removed) .chip")).to_have_count(3)
    expect(page.locator("#emoji-messages")).to_have_text("Each emoji is in a theme once; already there: 🐸")
    page.fill("#new-emoji", "™️ 🦄")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#emoji-messages")).to_have_text("Each emoji is in a theme once; already there: ™️")
    expect(page.locator(".emoji-chips:not(.removed) .chip")).to_have_count(4)
    page.screenshot(path="Tests/Browser/screenshots/editor-repeated-emoji.png")


def kept_chips(page):
    return page.locator(".emoji-chips:not(.removed) .chip")


def test_emoji_are_removed_and_restored_in_place_keeping_focus_scroll_and_order(player):
    page = player(width=844, height=390)
    theme_id = create_theme(page, "Bugs", "🐝🐞🦋🐛🐜")
    page.goto(f"/themes/{theme_id}/edit")
    # A page loaded anew would lose this mark.
    page.evaluate("window.editedInPlace = true")
    page.get_by_role("button", name="Remove 🐞").scroll_into_view_if_needed()
    scrolled = editor(page).evaluate("d => d.scrollTop")
    assert scrolled > 0
    page.get_by_role("button", name="Remove 🐞").click()
    # The keyboard moves to the emoji that took its place, and the dialog stays where it was.
    expect(page.get_by_role("button", name="Remove 🦋")).to_be_focused()
    assert abs(editor(page).evaluate("d => d.scrollTop") - scrolled) <= 2
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Remove 🐛")).to_be_focused()
    expect(kept_chips(page)).to_have_text(["🐝", "🐛", "🐜"])
    page.get_by_role("button", name="Restore 🐞").click()
    expect(page.get_by_role("button", name="Restore 🦋")).to_be_focused()
    page.keyboard.press("Enter")
    # The last removed emoji put back, the keyboard is on it, back in its place.
    expect(page.get_by_role("button", name="Remove 🦋")).to_be_focused()
    expect(kept_chips(page)).to_have_text(["🐝", "🐞", "🦋", "🐛", "🐜"])
    assert page.evaluate("window.editedInPlace") is True
    page.screenshot(path="Tests/Browser/screenshots/editor-in-place-phone-landscape.png")
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    page.goto(f"/themes/{theme_id}/edit")
    expect(kept_chips(page)).to_have_text(["🐝", "🐞", "🦋", "🐛", "🐜"])


def test_a_message_about_typed_text_stays_while_the_text_does(player):
    page = player()
    start_new_theme(page, "Frogs", "🐸🦄🐝")
    page.evaluate("window.editedInPlace = true")
    page.fill("#new-emoji", "abc 🐞")
    page.keyboard.press("Enter")
    messages = page.locator("#emoji-messages")
    expect(messages).to_have_text("Only emoji can be cards; these are not emoji: abc")
    expect(page.locator("#new-emoji")).to_have_value("abc")
    expect(page.locator("#new-emoji")).to_be_focused()
    expect(kept_chips(page)).to_have_text(["🐸", "🦄", "🐝", "🐞"])
    # Another edit leaves it said: "abc" is still there, and Save would refuse it.
    page.get_by_role("button", name="Remove 🦄").click()
    expect(page.get_by_role("button", name="Restore 🦄")).to_be_visible()
    expect(messages).to_have_text("Only emoji can be cards; these are not emoji: abc")
    expect(page.locator("[data-errors]")).to_contain_text("abc")
    page.screenshot(path="Tests/Browser/screenshots/editor-message-stays.png")
    page.locator("#new-emoji").press("End")
    page.keyboard.type(" 🐢")
    expect(messages).to_have_text("Only emoji can be cards; these are not emoji: abc")
    # Once the text is gone, so is what was said about it.
    page.fill("#new-emoji", "")
    expect(messages).to_have_count(0)
    expect(page.locator("[data-errors]")).to_have_count(0)
    expect(page.locator("#new-emoji")).not_to_have_attribute("aria-invalid", "true")
    assert page.evaluate("window.editedInPlace") is True
    save(page)
    page.wait_for_url(re.compile(r"/\?edit=1"))
    expect(page.locator(".theme-row").last).to_contain_text("Frogs")


SIZES = {"phone": (390, 844), "phone-landscape": (844, 390), "tablet": (820, 1180), "tablet-landscape": (1180, 820)}


@pytest.mark.parametrize("size", SIZES)
def test_the_editor_after_an_edit_in_place_at_every_size(player, size):
    width, height = SIZES[size]
    page = player(width=width, height=height)
    start_new_theme(page, "Sizes", "🐸🦄🐝🐢🐙")
    page.fill("#new-emoji", "abc")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#emoji-messages")).to_be_visible()
    page.get_by_role("button", name="Remove 🐝").click()
    expect(page.get_by_role("button", name="Remove 🐢")).to_be_focused()
    box = editor(page).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] >= 0 and box["y"] + box["height"] <= height
    page.screenshot(path=f"Tests/Browser/screenshots/editor-in-place-{size}.png")
