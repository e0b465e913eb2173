"""The daily puzzle's two ways of claiming agree: with the script the third card claims and no
Claim button is offered (nor can the form be sent with fewer cards); without it, the Claim button
does. A day with no puzzle says which days there are."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from test_daily_and_stats import claim, daily_json, sets_among, start

# Sends the claim form the way a press of its button or Enter would, and tells whether the page's
# script stopped it (the test stops it either way, to stay on the page).
SEND_THE_FORM = """() => new Promise(resolve => {
    window.addEventListener('submit', event => { resolve(event.defaultPrevented); event.preventDefault(); },
                            { once: true });
    document.querySelector('[data-daily-claim]').requestSubmit();
})"""


def test_with_the_script_the_third_card_claims_and_nothing_else_does(player):
    page = player()
    ids = start(page)
    button = page.locator("[data-daily-claim-button]")
    expect(button).to_be_hidden()
    expect(page.locator("#daily-how")).to_have_text("Choose three cards: the third one claims them.")
    claim(page, sets_among(ids)[0])
    message = page.locator("[data-daily-message]")
    expect(message).to_have_text(re.compile(r"^A Set: "))
    expect(button).to_be_hidden()
    expect(page.get_by_role("button", name="Claim Set")).to_have_count(0)
    # Sending the form with no card chosen, or two, sends nothing: "A Set: …" stays.
    assert page.evaluate(SEND_THE_FORM) is True
    page.locator(f'label[data-daily-card="{ids[0]}"]').click()
    page.locator(f'label[data-daily-card="{ids[1]}"]').click()
    assert page.evaluate(SEND_THE_FORM) is True
    expect(message).to_have_text(re.compile(r"^A Set: "))
    assert daily_json(page)["message"].startswith("A Set: ")
    assert page.errors == []


def test_without_the_script_the_claim_button_claims(player):
    page = player(javascript=False)
    ids = start(page)
    expect(page.locator("[data-daily-claim-button]")).to_be_visible()
    claim(page, sets_among(ids)[0], javascript=False)
    expect(page.locator("[data-daily-message]")).to_have_text(re.compile(r"^A Set: "))
    expect(page.locator("[data-daily-claim-button]")).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False])
def test_a_day_with_no_puzzle_says_which_days_there_are(player, javascript):
    page = player(javascript=javascript)
    page.goto("/")
    today = datetime.date.fromisoformat(daily_json(page)["date"])
    days = f"a day from 1970-01-01 (the first puzzle) to {today} (today, UTC)."
    for date, said in [("1969-12-31", "There is no puzzle of 1969-12-31"),
                       (today + datetime.timedelta(days=1), f"The puzzle of {today + datetime.timedelta(days=1)} is not out yet")]:
        response = page.goto(f"/set/daily/{date}")
        assert response.status == 404, response.status
        expect(page.locator("main")).to_contain_text(f"{said}: its date must be {days}")
        expect(page.locator("main")).not_to_contain_text("YYYY-MM-DD")
