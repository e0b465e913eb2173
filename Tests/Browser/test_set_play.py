"""Playing Set in the browser: a bot plays a whole game by the cards' labels; selection,
mismatch, Deal 3, the hint, the missed Sets, color-blind mode, keyboard play, no JavaScript."""

import re

from playwright.sync_api import expect

from set_helpers import (
    THE_SET, act, announcement, card, card_id, companions, expect_selected, find_set, setup, table, updates)


def test_bot_plays_a_whole_solo_game_to_the_end(player):
    page = player(reduced_motion="reduce")
    setup(page, seed=2024)
    moves = 0
    while page.locator("[data-set-game-over]").is_hidden():
        assert moves < 400, "the game should end"
        cards = table(page)
        matched = [c for c in cards if "is-match" in c[2]]
        if matched:
            act(page, card(page, matched[0][0]))
        elif (found := find_set(cards)) is not None:
            for id in found:
                act(page, card(page, id))
            expect(announcement(page)).to_contain_text("It's a Set!")
        else:
            act(page, page.locator("[data-set-deal]"))
        moves += 1
    expect(page.locator("[data-set-game-over]")).to_contain_text("Final score")
    expect(page.locator("[data-set-deck-count]")).to_have_text("0")
    assert find_set(table(page)) is None
    assert int(page.locator("[data-set-discard-count]").text_content()) >= 3 * 20
    expect(page.locator("[data-set-deal]")).to_be_disabled()
    assert page.errors == []


def test_deselection(player):
    page = player()
    setup(page, seed=3)
    first = table(page)[0][0]
    act(page, card(page, first))
    expect_selected(page, first)
    expect(card(page, first)).to_have_class(re.compile("is-selected"))
    act(page, card(page, first))
    expect_selected(page, first, selected=False)
    expect(announcement(page)).to_contain_text("Deselected")


def test_mismatch_says_why_shakes_then_a_touch_selects_one_card(player):
    page = player()
    two_red = card_id(1, 0, 0, 0)
    assert two_red in companions(9)
    setup(page, table=[THE_SET[0], THE_SET[1]] + companions(9), deck=companions(12)[9:])
    for id in [THE_SET[0], THE_SET[1], two_red]:
        act(page, card(page, id))
    for id in [THE_SET[0], THE_SET[1], two_red]:
        expect(card(page, id)).to_have_class(re.compile("is-mismatch"))
    expect(page.locator(".is-shaking")).to_have_count(3)
    expect(page.locator("[data-set-why]")).to_contain_text("two are red, one is green")
    expect(page.locator("[data-set-score]")).to_have_text("-2")
    act(page, card(page, two_red))
    expect(card(page, two_red)).to_have_class(re.compile("is-selected"))
    expect(page.locator(".is-selected")).to_have_count(1)
    expect(page.locator("[data-set-why]")).to_be_hidden()


def test_a_match_celebrates_and_deal_3_sends_it_to_the_discard_pile(player):
    page = player()
    others = companions(14)
    setup(page, table=THE_SET + others[:9], deck=others[9:])
    for id in THE_SET:
        act(page, card(page, id))
    expect(page.locator(".is-match")).to_have_count(3)
    expect(page.locator(".is-celebrating")).to_have_count(3)
    act(page, page.locator("[data-set-deal]"))
    expect(page.locator(".set-flying")).not_to_have_count(0)
    expect(page.locator("[data-set-discard-count]")).to_have_text("3")
    expect(page.locator("[data-set-deck-count]")).to_have_text("2")
    expect(page.locator("[data-set-card]")).to_have_count(12)
    expect(page.locator("[data-set-discard-card] svg")).to_have_count(1)
    for id in THE_SET:
        expect(card(page, id)).to_have_count(0)


def test_deal_3_with_a_set_on_the_table_shows_the_missed_set(player):
    page = player()
    others = companions(12)
    setup(page, table=THE_SET + others[:9], deck=others[9:])
    act(page, page.locator("[data-set-deal]"))
    expect(page.locator("[data-set-card]")).to_have_count(15)
    expect(page.locator("[data-set-score]")).to_have_text("-3")
    missed = page.locator("[data-set-missed]")
    expect(missed).to_be_visible()
    expect(missed).to_contain_text("You dealt while a Set was on the table")
    expect(missed.locator(".set-mini")).to_have_count(3)
    expect(page.locator("[data-set-deal]")).to_be_disabled()
    missed.locator("[data-set-missed-close]").click()
    expect(missed).to_be_hidden()


def test_deal_3_without_a_set_is_free(player):
    page = player()
    cap = [0, 1, 3, 4, 9, 10, 12, 13, 27, 28, 30, 31, 36, 37, 39, 40]
    setup(page, table=cap[:12], deck=cap[12:] + [2, 5])
    act(page, page.locator("[data-set-deal]"))
    expect(page.locator("[data-set-card]")).to_have_count(15)
    expect(page.locator("[data-set-score]")).to_have_text("0")
    expect(page.locator("[data-set-missed]")).to_be_hidden()


def test_hint_marks_a_set(player):
    page = player()
    setup(page, table=THE_SET + companions(9))
    act(page, page.locator("[data-set-hint-button]"))
    expect(page.locator(".is-hinted")).to_have_count(3)
    for id in THE_SET:
        expect(card(page, id)).to_have_attribute("aria-label", re.compile("hinted$"))
    expect(page.locator("[data-set-hint]")).to_contain_text("Hint: one red solid diamond")
    expect(page.locator("[data-set-score]")).to_have_text("-4")


def test_the_hint_is_read_once_and_its_cost_announced(player):
    page = player()
    setup(page, table=THE_SET + companions(9))
    act(page, page.locator("[data-set-hint-button]"))
    expect(announcement(page)).to_have_text("Hint shown below: minus 4. Score -4.")
    live = page.locator(".set-info").inner_text()
    assert live.count("one red solid diamond") == 1, live
    act(page, page.locator("[data-set-hint-button]"))
    expect(announcement(page)).to_have_text("The same hint again, at no cost.")


def test_the_hint_badge_leaves_the_color_letters_visible(player):
    page = player()
    setup(page, table=THE_SET + companions(9))
    page.get_by_text("Options").click()
    act(page, page.locator("[data-set-color-blind]"))
    act(page, page.locator("[data-set-hint-button]"))
    for id in THE_SET:
        boxes = card(page, id).evaluate(
            """card => {
                const r = card.getBoundingClientRect();
                const s = getComputedStyle(card, "::before");
                const w = parseFloat(s.width), h = parseFloat(s.height);
                const left = r.left + card.clientLeft + parseFloat(s.left);
                const top = s.top !== "auto" ? r.top + card.clientTop + parseFloat(s.top)
                    : r.top + card.clientTop + card.clientHeight - parseFloat(s.bottom) - h;
                const cues = [...card.querySelectorAll(".set-cue")].map((t) => {
                    const b = t.getBoundingClientRect();
                    return [b.left, b.top, b.right, b.bottom];
                });
                return { badge: [left, top, left + w, top + h], cues };
            }"""
        )
        x0, y0, x1, y1 = boxes["badge"]
        assert len(boxes["cues"]) == 2
        for cx0, cy0, cx1, cy1 in boxes["cues"]:
            assert cx1 <= x0 or cx0 >= x1 or cy1 <= y0 or cy0 >= y1, boxes
    page.screenshot(path="Tests/Browser/screenshots/set-hint-colorblind.png")


def test_new_game_keeps_the_keyboard_on_its_button(player):
    page = player()
    setup(page, seed=4)
    button = page.locator("[data-set-new-game]")
    button.focus()
    before = updates(page)
    page.keyboard.press("Enter")
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)
    expect(page.locator("[data-set-new-game]")).to_be_focused()


def test_color_blind_mode_is_remembered(player):
    page = player()
    setup(page, seed=4)
    red = page.evaluate("getComputedStyle(document.querySelector('[data-set-app]')).getPropertyValue('--set-red')")
    page.get_by_text("Options").click()
    act(page, page.locator("[data-set-color-blind]"))
    app = page.locator("[data-set-app]")
    expect(app).to_have_class(re.compile("is-colorblind"))
    expect(page.locator(".set-card .set-cue").first).to_be_visible()
    palette = page.evaluate("getComputedStyle(document.querySelector('[data-set-app]')).getPropertyValue('--set-red')")
    assert palette != red
    page.reload()
    expect(page.locator("[data-set-app]")).to_have_class(re.compile("is-colorblind"))
    letters = set(page.locator(".set-card .set-cue").all_text_contents())
    assert letters <= {"R", "G", "P"} and len(letters) >= 2


def test_keyboard_only_play(player):
    page = player()
    setup(page, table=THE_SET + companions(9), deck=companions(14)[9:])
    page.keyboard.press("Tab")  # skip link
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.setCard !== undefined"):
            break
    assert page.evaluate("Number(document.activeElement.dataset.setCard)") == THE_SET[0]
    page.keyboard.press("Enter")
    expect_selected(page, THE_SET[0])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect_selected(page, THE_SET[1])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(announcement(page)).to_contain_text("It's a Set!")
    page.keyboard.press("Shift+D")
    expect(page.locator("[data-set-discard-count]")).to_have_text("3")
    page.keyboard.press("Shift+H")
    expect(page.locator("[data-set-hint]")).to_be_visible()
    # Every card can be reached from the keyboard.
    page.locator("[data-set-card]").first.focus()
    page.keyboard.press("End")
    last = page.locator("[data-set-card]").last.get_attribute("data-set-card")
    assert page.evaluate("document.activeElement.dataset.setCard") == last


def submit(page, locator):
    """Clicks a form button with JavaScript off and waits for the page the redirect leads to."""
    with page.expect_navigation():
        locator.click()


def test_plays_with_javascript_off(player):
    page = player(javascript=False)
    setup(page, seed=2024)  # a seeded deal, so the test never depends on the shuffle
    assert page.locator("[data-set-card]").count() == 12
    found = find_set(table(page))
    assert found is not None, "seed 2024 deals a Set"
    for id in found:
        submit(page, card(page, id))
    expect(announcement(page)).to_contain_text("It's a Set!")
    submit(page, page.locator("[data-set-deal]"))
    expect(page.locator("[data-set-discard-count]")).to_have_text("3")
    submit(page, page.locator("[data-set-hint-button]"))
    expect(page.locator("[data-set-hint]")).to_be_visible()
    # Color-blind mode (the Options panel opens without a script).
    page.get_by_text("Options").click()
    submit(page, page.locator("[data-set-color-blind]"))
    expect(page.locator("[data-set-app]")).to_have_class(re.compile("is-colorblind"))
    expect(page.locator("[data-set-color-blind]")).to_have_text("Color-blind mode: on")
    # New Game deals 12 fresh cards and keeps the setting.
    submit(page, page.locator("[data-set-new-game]"))
    expect(announcement(page)).to_have_text("New game: 12 cards dealt.")
    expect(page.locator("[data-set-card]")).to_have_count(12)
    expect(page.locator("[data-set-discard-count]")).to_have_text("0")
    expect(page.locator("[data-set-app]")).to_have_class(re.compile("is-colorblind"))


def test_two_players_claim_and_select_with_javascript_off(player):
    page = player(javascript=False)
    setup(page, table=THE_SET + companions(9), mode="two-player")
    top = page.locator('[data-set-player="two"]')
    submit(page, top.locator("[data-set-claim]"))
    expect(announcement(page)).to_contain_text("Player 2 claims a Set")
    expect(page.locator('[data-set-player="one"] [data-set-claim]')).to_be_disabled()
    for id in THE_SET:
        submit(page, card(page, id))
    expect(announcement(page)).to_contain_text("It's a Set!")
    expect(announcement(page)).to_contain_text("for Player 2")
    expect(page.locator('[data-set-player="one"] [data-set-player-score]')).to_have_text("0")


def test_the_game_survives_a_server_restart(player, server):
    page = player()
    setup(page, seed=9)
    labels = [c[1] for c in table(page)]
    server.restart()
    page.goto("/set")
    assert [c[1] for c in table(page)] == labels


RECORD_ANIMATIONS = """
window.recordedFrames = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
    window.recordedFrames.push(...frames.map((frame) => Object.keys(frame).filter((key) => key !== "offset")));
    return animate.call(this, frames, options);
};
"""




def test_cards_fly_and_reduced_motion_turns_flights_into_fades(player):
    others = companions(14)
    for reduced_motion, expected in [("no-preference", "transform"), ("reduce", "opacity")]:
        page = player(reduced_motion=reduced_motion)
        page.add_init_script(RECORD_ANIMATIONS)
        setup(page, table=THE_SET + others[:9], deck=others[9:])
        for id in THE_SET:
            act(page, card(page, id))
        act(page, page.locator("[data-set-deal]"))  # the Set flies away, three new cards fly in
        properties = {key for frame in page.evaluate("window.recordedFrames") for key in frame}
        assert expected in properties
        if reduced_motion == "reduce":
            assert "transform" not in properties
