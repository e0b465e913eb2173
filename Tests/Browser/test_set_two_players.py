"""Two players on one device: claims, the claim countdown and its timeout, both scores."""

import re

from playwright.sync_api import expect

from set_helpers import THE_SET, act, announcement, card, companions, setup


def test_claim_select_and_score(player):
    page = player(width=820, height=1180)
    setup(page, table=THE_SET + companions(9), mode="two-player")
    top = page.locator('[data-set-player="two"]')
    bottom = page.locator('[data-set-player="one"]')
    assert page.evaluate("getComputedStyle(document.querySelector('[data-set-player=\"two\"]')).rotate") == "180deg"
    act(page, card(page, THE_SET[0]))
    expect(announcement(page)).to_have_text("Press Set! first to claim the table.")
    act(page, top.locator("[data-set-claim]"))
    expect(top).to_have_class(re.compile("is-claiming"))
    expect(top.locator("[data-set-countdown]")).to_be_visible()
    expect(bottom.locator("[data-set-claim]")).to_be_disabled()
    for id in THE_SET:
        act(page, card(page, id))
    expect(announcement(page)).to_contain_text("for Player 2")
    # A match within 10 s of the deal: 3 points and the full speed bonus of 3.
    expect(top.locator("[data-set-player-score]")).to_have_text("6")
    expect(bottom.locator("[data-set-player-score]")).to_have_text("0")


def test_claim_times_out(player):
    page = player()
    setup(page, table=THE_SET + companions(9), mode="two-player")
    bottom = page.locator('[data-set-player="one"]')
    act(page, bottom.locator("[data-set-claim]"))
    seconds = bottom.locator("[data-set-countdown-seconds]")
    expect(seconds).to_have_text(re.compile("^(10|9)$"))
    page.wait_for_timeout(1600)
    assert int(seconds.text_content()) <= 9  # the script counts down locally
    expect(announcement(page)).to_have_text("Player 1 ran out of time, minus 2.", timeout=15000)
    expect(bottom.locator("[data-set-player-score]")).to_have_text("-2")
    expect(bottom.locator("[data-set-countdown]")).to_have_attribute("data-kind", "lockout")
    expect(bottom.locator("[data-set-claim]")).to_be_disabled()
    # After the lockout the script asks the server again and the button comes back.
    expect(bottom.locator("[data-set-claim]")).to_be_enabled(timeout=8000)
