"""Claims in a room: a tap the table changed under lands on nothing, checks follow their cards,
a claim says which table it was made on, and a spectator's table takes no taps."""

import json
import re

from playwright.sync_api import expect

from room_helpers import claim_through_api, join, play_set_to_the_end, set_among, snapshot, started_room, updates, wait_for_update, wait_until_new_cards_seen

WATCHING = "You are watching this game; you can play in the next one."


def take_set(page, code, trio):
    """`page`'s player claims `trio` through the API, as another phone would."""
    events = claim_through_api(page, code, trio)
    assert events[0]["kind"] == "scored", events


def checked(page):
    return page.eval_on_selector_all(".room-check:checked", "boxes => boxes.map(b => Number(b.name.slice(5)))")


def centre(page, number):
    box = page.locator(f'[data-room-card="{number}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def card_at(page, x, y):
    return page.evaluate(
        "([x, y]) => Number(document.elementFromPoint(x, y)?.closest('[data-room-card]')?.dataset.roomCard)",
        [x, y])


def is_set(trio):
    return set_among(trio) is not None


def test_a_tap_the_table_changed_under_is_never_a_claim(player):
    ana, bo, cy = player(390, 844), player(844, 390), player(390, 844)
    claims = []
    cy.on("websocket", lambda socket: socket.on(
        "framesent", lambda payload: claims.append(json.loads(payload)) if '"claim"' in payload else None))
    code = started_room(ana, bo, cy)
    # Bo takes Sets until 12 cards are left, so the next Set's places are refilled in place.
    while len(table := snapshot(cy, code)["view"]["set"]["cards"]) > 12:
        before = updates(cy)
        take_set(bo, code, set_among(table))
        wait_for_update(cy, before)
    taken = set_among(table)
    # Cy checks a card Bo is about to take and one he is not (once the new cards are seen).
    wait_until_new_cards_seen(cy)
    kept = next(card for card in table if card not in taken)
    for number in (taken[0], kept):
        cy.locator(f'[data-room-card="{number}"]').click()
    assert sorted(checked(cy)) == sorted([taken[0], kept])
    # Cy's finger comes down on another card of that Set; Bo's claim lands before it lifts.
    x, y = centre(cy, taken[1])
    cy.mouse.move(x, y)
    cy.mouse.down()
    before = updates(cy)
    take_set(bo, code, taken)
    wait_for_update(cy, before)
    dealt = card_at(cy, x, y)
    assert dealt != taken[1]
    cy.mouse.up()
    # The finger lifted from the card dealt in that place: it checked nothing. The taken card
    # left, and its check with it; the card Cy kept is still checked, wherever it is now.
    assert checked(cy) == [kept], "only the card Cy chose and still on the table is checked"
    cy.evaluate("Promise.allSettled(document.getAnimations().map(animation => animation.finished))")
    cy.screenshot(path="Tests/Browser/screenshots/room-claim-crossed-390x844.png")

    # Cy goes on: two more cards make a claim of cards Cy chose, each on the table Cy saw.
    now = snapshot(cy, code)["view"]["set"]["cards"]
    other = next(card for card in now if card not in (kept, dealt) and not is_set([kept, dealt, card]))
    wrong = [kept, other, next(
        card for card in now if card not in (kept, dealt, other) and not is_set([kept, other, card]))]
    before = updates(cy)
    for number in wrong[1:]:
        cy.locator(f'[data-room-card="{number}"]').click()
    wait_for_update(cy, before)
    expect(cy.locator("[data-room-announcement]")).to_contain_text("Cy: not a Set")
    # It named only cards Cy chose (the referee knows when each reached Cy: no `seen`).
    assert [sorted(claim["cards"]) for claim in claims] == [sorted(wrong)]
    assert "seen" not in claims[0]
    scores = snapshot(ana, code)["view"]["set"]["scores"]
    assert scores[0] == 0 and scores[2] == -1, "one wrong claim, and no other"
    assert checked(cy) == []
    for page in (ana, bo, cy):
        assert page.errors == []


def test_a_claim_that_crossed_a_new_deal_costs_nothing(player):
    ana, bo, cy = player(390, 844), player(390, 844), player(844, 390)
    code = started_room(ana, bo, cy)
    # Bo takes a Set (Sets taken from more than 12 cards deal none: Bo goes on until one does).
    # NB: the table Bo's claim left is read from its answer, so Ana claims at once after it.
    after = snapshot(cy, code)
    while True:
        table = after["view"]["set"]["cards"]
        events = claim_through_api(bo, code, set_among(table))
        assert events[0]["kind"] == "scored", events
        after = events[-1]
        dealt = next((card for card in after["view"]["set"]["cards"] if card not in table), None)
        if dealt is not None:
            break
    kept = [card for card in after["view"]["set"]["cards"] if card in table]
    wrong = next([dealt, a, b] for a in kept for b in kept if a < b and not is_set([dealt, a, b]))
    # Ana's claim names a card Bo's Set dealt the moment before (as a client whose check outran
    # its drawing would, or one without the page's guard): nobody could have seen it, so it is
    # not judged.
    events = claim_through_api(ana, code, wrong, fresh=False)
    assert [event["kind"] for event in events] == ["tableChanged"]
    for page in (ana, bo, cy):
        expect(page.locator("[data-room-announcement]")).to_contain_text(
            "The table changed as Ana claimed: no penalty.")
    scores = snapshot(ana, code)["view"]["set"]["scores"]
    assert scores[0] == 0 and scores == after["view"]["set"]["scores"]
    ana.screenshot(path="Tests/Browser/screenshots/room-table-changed-390x844.png")
    cy.screenshot(path="Tests/Browser/screenshots/room-table-changed-844x390.png")


def test_a_spectators_table_takes_no_taps_and_says_why_once(player):
    ana, bo = player(390, 844), player(390, 844)
    code = started_room(ana, bo)
    url = ana.url
    cy, visitor = player(390, 844), player(844, 390)
    join(cy, url, "Cy")
    visitor.goto(url)
    for page, text in [(cy, WATCHING), (visitor, "You are watching this game; join to play in the next one.")]:
        expect(page.locator(".room-watch-card").first).to_be_visible()
        assert page.locator(".room-watch-card").count() >= 12
        assert page.locator(".room-check").count() == 0, "nothing to check"
        assert page.locator("[data-room-claim-button]").count() == 0
        expect(page.locator("[data-room-watching]")).to_have_text(text)
        assert page.get_by_text(re.compile("You are watching this game")).count() == 1
    # Cy taps three cards anyway: nothing is checked, nothing is sent, nothing is refused.
    sent = []
    cy.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(payload)))
    cy.reload()
    expect(cy.locator(".room-watch-card").first).to_be_visible()
    cy.wait_for_function("() => Number(document.documentElement.dataset.roomSockets || 0) >= 1")
    trio = set_among(snapshot(cy, code)["view"]["set"]["cards"])
    for number in trio:
        cy.locator(f'[data-room-card="{number}"]').click()
    expect(cy.locator("[data-room-announcement]")).not_to_contain_text(WATCHING)
    assert sent == []
    assert snapshot(cy, code)["view"]["set"]["scores"] == [0, 0]
    # The table still fits the screen above the words, upright and on its side.
    for page, size in [(cy, "390x844"), (visitor, "844x390")]:
        viewport = page.viewport_size
        for selector in [".room-table", "[data-room-watching]"]:
            box = page.locator(selector).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (size, selector, box)
        page.screenshot(path=f"Tests/Browser/screenshots/room-watching-{size}.png")
    # At the rematch Cy plays: the same page now takes taps, and the words are gone.
    play_set_to_the_end([ana, bo], code)
    before = updates(cy)
    ana.get_by_role("button", name="Rematch").click()
    wait_for_update(cy, before)
    expect(cy.locator(".room-check").first).to_be_attached()
    assert cy.locator("[data-room-watching]").count() == 0
    number = snapshot(cy, code)["view"]["set"]["cards"][0]
    wait_until_new_cards_seen(cy)
    cy.locator(f'[data-room-card="{number}"]').click()
    assert checked(cy) == [number]
    for page in (ana, bo, cy, visitor):
        assert page.errors == []
