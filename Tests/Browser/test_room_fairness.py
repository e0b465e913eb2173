"""A room's table is fair to the last tap: a card another player's move just dealt is marked
new for a reaction time (0.6 s), a tap on it meanwhile checks nothing and sends no claim, and a
claim made after it is judged as any claim. Taken Sets fly to their taker; new cards come in."""

import json
import re

import pytest
from playwright.sync_api import expect

from room_helpers import (
    REACTION_SECONDS, claim_through_api, set_among, snapshot, started_room, updates, wait_for_update,
    wait_until_new_cards_seen)

# Installs, before the table changes, a tap that comes `delay` ms after the page draws another
# card in the table's place `index` instead of the card numbered `was`, as a finger already on
# its way would land. (The place, not the point on the screen: a longer announcement or three
# cards more may move the table.) It records how long after the drawing the tap really came,
# what it landed on, whether it checked it, and how many redraws the page had made by then.
SCHEDULE_TAP = """([index, delay, was]) => {
  window.__tap = null;
  const cardAt = () => document.querySelectorAll('.set-grid [data-room-card]')[index];
  const observer = new MutationObserver(() => {
    // NB: a redraw of an earlier event (its card still there) is not the change.
    if (Number(cardAt()?.dataset.roomCard) === was) return;
    observer.disconnect();
    const start = performance.now();
    window.setTimeout(() => {
      const card = cardAt();
      const after = performance.now() - start;
      // NB: a box checked by the tap is cleared again as its claim goes out: its change says it.
      let checked = false;
      card?.querySelector('input')?.addEventListener('change', () => { checked = true; }, { once: true });
      card?.click();
      const updates = Number(document.documentElement.dataset.roomUpdates || 0);
      window.__tap = { card: Number(card?.dataset.roomCard), after, checked, updates };
    }, delay);
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-room-updates'] });
}"""


def checked(page):
    return page.eval_on_selector_all(".room-check:checked", "boxes => boxes.map(b => Number(b.name.slice(5)))")


def is_set(cards):
    return set_among(cards) is not None and len(cards) == 3


def down_to_twelve(ana, cy, code):
    """Ana takes Sets until 12 cards are left, so the next Set's places are refilled in place."""
    while len(table := snapshot(cy, code)["view"]["set"]["cards"]) > 12:
        before = updates(cy)
        claim_through_api(ana, code, set_among(table))
        wait_for_update(cy, before)
    return table


@pytest.mark.parametrize("delay", [50, 100, 200, 300, 500, 1000])
def test_a_tap_on_a_card_drawn_less_than_a_reaction_time_ago_checks_nothing(player, delay):
    ana, bo, cy = player(820, 1180), player(390, 844), player(820, 1180)
    claims = []
    cy.on("websocket", lambda socket: socket.on(
        "framesent", lambda payload: claims.append(json.loads(payload)) if '"claim"' in payload else None))
    code = started_room(ana, bo, cy)
    table = down_to_twelve(ana, cy, code)
    taken = set_among(table)
    # Cy checks two cards Ana is not about to take, and moves a finger to a card of Ana's Set.
    wait_until_new_cards_seen(cy)
    kept = [card for card in table if card not in taken]
    first = kept[0]
    second = next(card for card in kept[1:] if not is_set([first, card, taken[1]]))
    for number in (first, second):
        cy.locator(f'[data-room-card="{number}"]').click()
    assert sorted(checked(cy)) == sorted([first, second])
    place = cy.eval_on_selector_all(
        ".set-grid [data-room-card]", "(cards, was) => cards.findIndex(card => Number(card.dataset.roomCard) === was)",
        taken[1])
    cy.evaluate(SCHEDULE_TAP, [place, delay, taken[1]])
    scores_before = snapshot(ana, code)["view"]["set"]["scores"]
    claim_through_api(ana, code, taken)
    cy.wait_for_function("() => window.__tap !== null", timeout=10_000)
    tap = cy.evaluate("window.__tap")
    new_card = tap["card"]
    assert new_card not in table, "the tap landed on the card dealt in that place"
    # NB: the page's own clock and this one differ by microseconds: right at the reaction time
    # either answer is right, so only what the tap did decides what follows there.
    reaction = REACTION_SECONDS * 1000
    assert tap["after"] < reaction + 10 if not tap["checked"] else tap["after"] >= reaction - 10, tap
    if not tap["checked"]:
        # Nobody could have seen it: the tap checked nothing, and nothing was sent.
        cy.wait_for_timeout(300)
        assert sorted(checked(cy)) == sorted([first, second])
        assert claims == []
        assert snapshot(ana, code)["view"]["set"]["scores"][2] == scores_before[2]
        card = cy.locator(f'[data-room-card="{new_card}"]')
        expect(card).not_to_have_class(re.compile(r"\bis-new\b"), timeout=2000)
        # Once it has been in view for the reaction time, the same tap checks it.
        before = updates(cy)
        card.click()
    else:
        before = tap["updates"]
    # A claim made after the reaction time is judged as any claim: a Set scores, else −1.
    wait_for_update(cy, before)
    assert [sorted(claim["cards"]) for claim in claims] == [sorted([first, second, new_card])]
    kind = "scored" if is_set([first, second, new_card]) else "wrongSet"
    events = cy.request.get(f"/rooms/{code}/events?after=0", headers={"Accept": "application/json"}).json()
    assert events[-1]["kind"] == kind, events[-1]
    assert events[-1]["member"] == 3
    score = snapshot(ana, code)["view"]["set"]["scores"][2]
    assert score == scores_before[2] + (1 if kind == "scored" else -1)
    print(f"tap {delay} ms after the redraw came {tap['after']:.0f} ms after it: "
          + ("checked nothing" if not tap["checked"] else f"claimed ({kind})"))
    for page in (ana, bo, cy):
        assert page.errors == []


@pytest.mark.parametrize("reduced_motion", ["no-preference", "reduce"])
def test_new_cards_are_marked_while_they_are_new_and_taken_ones_fly_to_their_taker(player, reduced_motion):
    ana, cy = player(390, 844), player(390, 844, reduced_motion=reduced_motion)
    code = started_room(ana, cy)
    table = down_to_twelve(ana, cy, code)
    taken = set_among(table)
    wait_until_new_cards_seen(cy)
    # Watches the page from the moment it draws the change: what is new, what flies.
    cy.evaluate("""taken => {
      window.__drawn = null;
      const observer = new MutationObserver(() => {
        // NB: a redraw of an earlier event (the Set still on the table) is not the change.
        if (taken.some(number => document.querySelector(`.set-grid [data-room-card="${number}"]`))) return;
        observer.disconnect();
        window.__drawn = {
          fresh: [...document.querySelectorAll('.room-set-card.is-new')].map(card => Number(card.dataset.roomCard)),
          flying: document.querySelectorAll('.set-flying').length,
          animated: document.getAnimations().length,
        };
      });
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-room-updates'] });
    }""", taken)
    claim_through_api(ana, code, taken)
    cy.wait_for_function("() => window.__drawn !== null")
    drawn = cy.evaluate("window.__drawn")
    now = snapshot(cy, code)["view"]["set"]["cards"]
    dealt = sorted(card for card in now if card not in table)
    assert sorted(drawn["fresh"]) == dealt, "exactly the dealt cards are marked new"
    assert drawn["flying"] == len(taken), "each taken card leaves visibly"
    assert drawn["animated"] >= len(taken) + len(dealt)
    cy.screenshot(path=f"Tests/Browser/screenshots/room-new-cards-{reduced_motion}-390x844.png")
    # The mark lasts the reaction time, then goes; the flying copies are gone too.
    expect(cy.locator(".room-set-card.is-new")).to_have_count(0, timeout=2000)
    expect(cy.locator(".set-flying")).to_have_count(0, timeout=2000)
    assert cy.errors == [] and ana.errors == []
