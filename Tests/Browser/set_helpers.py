"""Steps a Set player takes, shared by the Set browser tests. The bot reads the cards' spoken
labels ("two red striped ovals") and finds Sets itself; the page never tells it where they are."""

import itertools
import json
import random

from playwright.sync_api import expect

NUMBERS = {"one": 0, "two": 1, "three": 2}
COLORS = {"red": 0, "green": 1, "purple": 2}
SHADINGS = {"solid": 0, "striped": 1, "open": 2}
SHAPES = {"diamond": 0, "squiggle": 1, "oval": 2}


def card_id(number, shape, shading, color):
    """A card's id from its features, 0-based (number 0 is one symbol)."""
    return number * 27 + shape * 9 + shading * 3 + color


def features(label):
    """The features of a card from its label: 'two red striped ovals, selected' -> (1, 0, 1, 2)."""
    words = label.split(",")[0].split()
    shape = words[3].rstrip("s")
    return (NUMBERS[words[0]], COLORS[words[1]], SHADINGS[words[2]], SHAPES[shape])


def is_set(a, b, c):
    return all((x + y + z) % 3 == 0 for x, y, z in zip(a, b, c))


def has_set(ids):
    def f(i):
        return (i // 27 % 3, i // 9 % 3, i // 3 % 3, i % 3)
    return any(is_set(f(a), f(b), f(c)) for a, b, c in itertools.combinations(ids, 3))


# A Set: one red solid diamond, one green solid diamond, one purple solid diamond.
THE_SET = [card_id(0, 0, 0, 0), card_id(0, 0, 0, 1), card_id(0, 0, 0, 2)]


def companions(count):
    """Cards that, with THE_SET, hold THE_SET as their only Set."""
    cards = []
    for card in range(81):
        if card in THE_SET:
            continue
        if not has_set([c for c in cards + [card]]) and not any(
                has_set([a, b, card]) for a in THE_SET for b in cards):
            cards.append(card)
        if len(cards) == count:
            return cards
    raise AssertionError("not enough companions")


def setup(page, **body):
    """Starts this player's game from a test position and opens the page."""
    page.goto("/set")
    response = page.request.post(
        "/set/test-setup", data=json.dumps(body),
        headers={"Content-Type": "application/json", "Accept": "application/json"})
    assert response.ok, response.text()
    page.goto("/set")
    page.wait_for_selector("[data-set-card]")


def random_table(count, seed=5):
    """`count` cards for the table and the rest as the deck, shuffled with `seed`."""
    cards = list(range(81))
    random.Random(seed).shuffle(cards)
    return {"table": cards[:count], "deck": cards[count:]}


def updates(page):
    return int(page.evaluate("Number(document.documentElement.dataset.setUpdates || 0)"))


def act(page, locator):
    """Clicks `locator` (a card or a button) and waits until the script has applied the answer."""
    before = updates(page)
    locator.click()
    page.wait_for_function("n => Number(document.documentElement.dataset.setUpdates || 0) > n", arg=before)


def card(page, id):
    return page.locator(f'[data-set-card="{id}"]')


def table(page):
    """The cards on the table as (id, label, classes)."""
    return page.eval_on_selector_all(
        "[data-set-card]",
        "cards => cards.map(c => [Number(c.dataset.setCard), c.getAttribute('aria-label'), c.className])")


def find_set(cards):
    for a, b, c in itertools.combinations(cards, 3):
        if is_set(features(a[1]), features(b[1]), features(c[1])):
            return [a[0], b[0], c[0]]
    return None


def announcement(page):
    return page.locator("[data-set-announcement]")


def expect_selected(page, id, selected=True):
    pattern = r", selected" if selected else r"^[a-z ]+$"
    import re
    expect(card(page, id)).to_have_attribute("aria-label", re.compile(pattern))
