"""A Memorize mismatch in a room turns back by itself, on every player's screen."""

import json

from playwright.sync_api import expect

from helpers import create_theme
from room_helpers import join, make_memorize_room, memorize_room_cards, updates, wait_for_update

# Generous: the turn-back comes 1.5 s after the mismatch, but a loaded machine may be slow.
DEADLINE_MS = 60_000


def test_a_mismatch_turns_back_by_itself_on_every_screen(player, server):
    host, guest, third = player(390, 844), player(844, 390), player(820, 1180)
    theme = create_theme(host, "Pets", "🐶🐱🐭")
    url = make_memorize_room(host, theme, "Ana")
    code = url.rsplit("/", 1)[1]
    join(guest, url, "Bo")
    join(third, url, "Cy")
    before = updates(third)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(third, before)
    for page in (host, guest, third):
        expect(page.locator(".room-memorize-card")).to_have_count(6)

    # Ana turns two cards that do not match; then nobody taps anything.
    cards = memorize_room_cards(server, code)
    first = cards[0]
    second = next(card for card in cards if card[1] != first[1])
    host.locator(f'[data-card-id="{first[0]}"]').click()
    expect(host.locator(".room-memorize-card.is-face-up")).to_have_count(1)
    host.locator(f'[data-card-id="{second[0]}"]').click()

    # On every screen it becomes Bo's turn with every card face down again, by itself.
    for page, turn in [(host, "Bo's turn"), (guest, "Your turn"), (third, "Bo's turn")]:
        expect(page.locator("[data-room-turn]")).to_have_text(turn, timeout=DEADLINE_MS)
        expect(page.locator(".room-memorize-card.is-face-up")).to_have_count(0, timeout=DEADLINE_MS)
        expect(page.locator(".room-memorize-card .emoji")).to_have_count(0)
    # The log says it was the turn-back, right after the mismatch, that put them down.
    response = host.request.get(f"/rooms/{code}/events?after=0", headers={"Accept": "application/json"})
    kinds = [event["kind"] for event in json.loads(response.text())]
    assert kinds[-3:] == ["turnedUp", "mismatched", "turnedBack"], kinds
    for page, size in [(host, "390x844"), (guest, "844x390"), (third, "820x1180")]:
        page.screenshot(path=f"Tests/Browser/screenshots/room-memorize-turned-back-{size}.png")
    assert host.errors == [] and guest.errors == [] and third.errors == []
