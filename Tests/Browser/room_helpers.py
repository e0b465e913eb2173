"""Helpers for the room tests: making and joining rooms as a player would, waiting for a page
to draw the room's next event, and finding or playing Sets through the room's JSON API."""

import itertools
import json
import re
import sqlite3
import time

from set_helpers import features, is_set


# MultiplayerSetGame.reactionTime: a claim naming a card that reached its player less than this
# before is "the table changed" (no point, no penalty), and the page checks nothing on a tap on
# such a card. A test's second pair of hands waits this long, as a person would.
REACTION_SECONDS = 0.6


def wait_until_new_cards_seen(page):
    """Waits until no card on the page is still marked new (tapping one would check nothing)."""
    page.wait_for_function("() => !document.querySelector('.room-set-card.is-new')")


def claim_through_api(page, code, cards, fresh=True):
    """`page`'s player claims `cards` through the JSON API, as another phone would; when some
    of them may have just been dealt (`fresh`), after looking at them for a reaction time.
    Returns the answer's events."""
    if fresh:
        time.sleep(REACTION_SECONDS + 0.05)
    response = page.request.post(
        f"/rooms/{code}/claim", data=json.dumps({"cards": cards}),
        headers={"Content-Type": "application/json", "Accept": "application/json"})
    assert response.ok, response.text()
    return response.json()


def updates(page):
    return int(page.evaluate("Number(document.documentElement.dataset.roomUpdates || 0)"))


def wait_for_update(page, before, timeout=5000):
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.roomUpdates || 0) > n", arg=before, timeout=timeout)


def make_room(page, name):
    """Makes a Set room from the Set page's Options, as a player would."""
    page.goto("/set")
    page.get_by_text("Options").click()
    page.get_by_role("link", name="Play with friends").click()
    page.locator("#room-name").fill(name)
    page.get_by_role("button", name="Make a room").click()
    page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    return page.url


def started_room(host, *guests):
    """Ana makes a Set room, each guest joins it (Bo, Cy, …) and Ana starts the game once every
    guest's page has drawn the start; returns the room's code."""
    url = make_room(host, "Ana")
    for index, guest in enumerate(guests):
        join(guest, url, ["Bo", "Cy", "Dee", "Eve"][index])
    before = [updates(guest) for guest in guests]
    host.get_by_role("button", name="Start the game").click()
    for guest, count in zip(guests, before):
        wait_for_update(guest, count)
    return url.rsplit("/", 1)[1]


def make_memorize_room(page, theme, name):
    """Makes a Memorize room of the theme from its game's Options, as a player would."""
    page.goto(f"/play/{theme}")
    page.get_by_text("Options").click()
    page.get_by_role("link", name="Play this theme with friends").click()
    page.locator("#room-name").fill(name)
    page.get_by_role("button", name="Make a room").click()
    page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    return page.url


def memorize_room_cards(server, code):
    """The id and emoji of every card of a Memorize room's game, read straight from the
    database (a test oracle: the pages never show a face-down card)."""
    with sqlite3.connect(f"file:{server.database}?mode=ro", uri=True) as db:
        (state,) = db.execute("SELECT state FROM room WHERE code = ?", (code,)).fetchone()
    cards = json.loads(state)["table"]["memorize"]["_0"]["game"]["cards"]
    return [(card["id"], card["content"]) for card in cards]


def join(page, url, name):
    page.goto(url)
    page.locator("#room-name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.wait_for_selector(".room-member.is-you")


def a_set_on(page):
    """The card numbers of a Set on the table, found from the cards' spoken labels."""
    cards = page.eval_on_selector_all(
        ".room-check", "boxes => boxes.map(b => [Number(b.name.slice(5)), b.getAttribute('aria-label')])")
    for a, b, c in itertools.combinations(cards, 3):
        if is_set(features(a[1]), features(b[1]), features(c[1])):
            return [a[0], b[0], c[0]]
    raise AssertionError("no Set on the table")


def members(page):
    return page.locator("[data-room-members] .room-member").all_inner_texts()


def set_among(numbers):
    """A Set among card numbers (0-80): each of the four base-3 digits all equal or all
    different, that is, summing to a multiple of 3."""
    for trio in itertools.combinations(numbers, 3):
        if all(sum(card // 3 ** digit % 3 for card in trio) % 3 == 0 for digit in range(4)):
            return list(trio)
    return None


def snapshot(page, code):
    response = page.request.get(f"/rooms/{code}", headers={"Accept": "application/json"})
    assert response.ok, response.text()
    return response.json()


def play_set_to_the_end(pages, code, limit=40):
    """The players take turns claiming the first Set on the table through the JSON API until
    the game ends, each claim once its cards have been in view for a reaction time (counted from
    when this first saw each card, no sooner than its deal); returns how many claims scored."""
    first_seen = {}
    for turn in range(limit):
        view = snapshot(pages[0], code)["view"]
        if view["phase"] != "playing":
            return turn
        now = time.monotonic()
        for card in view["set"]["cards"]:
            first_seen.setdefault(card, now)
        trio = set_among(view["set"]["cards"])
        assert trio, "no Set on the table of a game under way"
        wait = max(first_seen[card] for card in trio) + REACTION_SECONDS + 0.05 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        events = claim_through_api(pages[turn % len(pages)], code, trio, fresh=False)
        assert events[0]["kind"] == "scored", events
    raise AssertionError(f"the game did not end within {limit} claims")
