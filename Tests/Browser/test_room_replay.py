"""The end of a room's game: the ranking with each player's Sets, Rematch, and the replay of the
game, move by move, with and without script."""

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from room_helpers import play_set_to_the_end, started_room, updates, wait_for_update


def finished_room(player, host_size, guest_size):
    host, guest = player(*host_size), player(*guest_size)
    code = started_room(host, guest)
    play_set_to_the_end([host, guest], code)
    return host, guest, code


def on_screen(page, selector):
    box = page.locator(selector).bounding_box()
    viewport = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5


def test_the_ranking_appears_on_every_screen_when_the_game_ends(player):
    host, guest, code = finished_room(player, (390, 844), (844, 390))
    for page in (host, guest):
        expect(page.locator(".room-results h2")).to_contain_text(re.compile(r"wins with|share first place"))
        expect(page.locator("[data-room-ranking] > li")).to_have_count(2)
        expect(page.locator("[data-room-claim-button]")).to_have_count(0)
    expect(host.get_by_role("button", name="Rematch")).to_be_visible()
    expect(guest.get_by_role("button", name="Rematch")).to_have_count(0)
    expect(guest.get_by_text("The host can start a rematch with everyone here, or anyone can make a new room for you all.")).to_be_visible()
    # Each player's Sets open below their row, drawn as small cards.
    guest.locator(".room-result-sets summary").first.click()
    minis = guest.locator(".room-result-sets[open] .set-mini")
    assert minis.count() >= 3 and minis.count() % 3 == 0
    expect(minis.first).to_be_visible()
    # "you" follows the player's own name, not the score at the row's other end.
    for page in (host, guest):
        # NB: where the name's letters end, not its box (which may stretch).
        gap = page.locator(".room-result.is-you").evaluate(
            """row => {
                const letters = document.createRange();
                letters.selectNodeContents(row.querySelector('.room-member-name'));
                return row.querySelector('.tag').getBoundingClientRect().left - letters.getBoundingClientRect().right;
            }""")
        assert 0 <= gap <= 12, gap
    host.screenshot(path="Tests/Browser/screenshots/room-results-390x844.png", full_page=True)
    guest.screenshot(path="Tests/Browser/screenshots/room-results-844x390.png")

    # Rematch: the same room, the same players, a new table on both screens.
    before = updates(guest)
    host.get_by_role("button", name="Rematch").click()
    wait_for_update(guest, before)
    expect(guest.locator(".room-set-card").first).to_be_visible()
    expect(guest.locator(".room-results")).to_have_count(0)
    assert host.errors == [] and guest.errors == []


def test_a_replay_steps_through_the_game(player):
    host, guest, code = finished_room(player, (390, 844), (820, 1180))
    expect(guest.get_by_role("link", name="Replay game 1")).to_be_visible()
    guest.get_by_role("link", name="Replay game 1").click()
    guest.wait_for_url(re.compile(rf"/rooms/{code}/games/1$"))
    moves = int(guest.locator("[data-replay-scrubber]").get_attribute("max"))
    expect(guest.locator("[data-replay-move]")).to_have_text(f"Move 1 of {moves}")
    expect(guest.locator("[data-replay-text]")).to_contain_text("The game begins")
    # Twelve cards, or more when the first twelve held no Set (about one deal in thirty).
    expect(guest.locator("[data-replay-card]").first).to_be_visible()
    opening = guest.locator("[data-replay-card]").count()
    assert opening in (12, 15, 18), opening
    # Script on: Go gives way to Play, and each step is drawn in place with its own address.
    expect(guest.locator("[data-replay-go]")).to_be_hidden()
    expect(guest.locator("[data-replay-play]")).to_be_visible()
    guest.get_by_role("link", name="Next move").click()
    expect(guest.locator("[data-replay-move]")).to_have_text(f"Move 2 of {moves}")
    expect(guest.locator("[data-replay-text]")).to_contain_text("found a Set")
    expect(guest.locator(".replay-trio .set-mini")).to_have_count(3)
    assert guest.url.endswith("?move=2")
    # The scrubber, from the keyboard: End goes to the last move.
    guest.locator("[data-replay-scrubber]").focus()
    guest.keyboard.press("End")
    expect(guest.locator("[data-replay-move]")).to_have_text(f"Move {moves} of {moves}")
    expect(guest.locator("[data-replay-text]")).to_contain_text("Game over!")
    assert guest.url.endswith(f"?move={moves}")
    expect(guest.locator("[data-replay-scrubber]")).to_be_focused()
    guest.screenshot(path="Tests/Browser/screenshots/room-replay-820x1180.png")
    # A shared link opens at that move, for anyone.
    stranger = player(844, 390)
    stranger.goto(f"/rooms/{code}/games/1?move=2")
    expect(stranger.locator("[data-replay-move]")).to_have_text(f"Move 2 of {moves}")
    assert on_screen(stranger, ".room-table") and on_screen(stranger, "[data-replay-scrubber]")
    stranger.screenshot(path="Tests/Browser/screenshots/room-replay-844x390.png")
    # Play steps on by itself.
    stranger.get_by_role("button", name="Play").click()
    expect(stranger.locator("[data-replay-move]")).to_have_text(f"Move 3 of {moves}", timeout=3000)
    stranger.get_by_role("button", name="Pause").click()
    host.goto(f"/rooms/{code}/games/1?move=2")
    assert on_screen(host, ".room-table") and on_screen(host, "[data-replay-scrubber]")
    # A phone's replay keeps ◐ in its top bar: unlike the table in play, it has the room.
    toggle = host.locator("[data-appearance-toggle] button")
    expect(toggle).to_be_visible()
    assert toggle.bounding_box()["x"] + toggle.bounding_box()["width"] <= 390
    assert host.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    host.screenshot(path="Tests/Browser/screenshots/room-replay-390x844.png")
    assert host.errors == [] and guest.errors == [] and stranger.errors == []


def test_a_replay_works_without_script(player):
    host, guest, code = finished_room(player, (390, 844), (390, 844))
    reader = player(390, 844, javascript=False)
    reader.goto(f"/rooms/{code}/games/1")
    expect(reader.locator("[data-replay-go]")).to_be_visible()
    reader.get_by_role("link", name="Next move").click()
    reader.wait_for_url(re.compile(r"\?move=2$"))
    expect(reader.locator("[data-replay-move]")).to_contain_text("Move 2 of")
    reader.locator("[data-replay-scrubber]").fill("4")
    reader.locator("[data-replay-go]").click()
    reader.wait_for_url(re.compile(r"\?move=4$"))
    expect(reader.locator("[data-replay-move]")).to_contain_text("Move 4 of")
    # The move's link is shown as text to copy; Share and Copy link need script.
    expect(reader.get_by_label("Link to this move")).to_have_value(reader.url)
    expect(reader.get_by_role("button", name="Copy link")).to_be_hidden()
    expect(reader.get_by_role("button", name="Share")).to_be_hidden()


# Where the browser has the Web Share API (Chromium on Linux has not), it is given the link.
RECORDED_SHARE = """
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: async (data) => { (window.sharedLinks ||= []).push(data); },
});
"""


def test_a_replay_move_is_shared_or_its_link_copied(player):
    host, guest, code = finished_room(player, (390, 844), (844, 390))
    guest.context.grant_permissions(["clipboard-read", "clipboard-write"])
    guest.add_init_script(RECORDED_SHARE)
    guest.goto(f"/rooms/{code}/games/1")
    guest.get_by_role("link", name="Next move").click()
    expect(guest.locator("[data-replay-move]")).to_contain_text("Move 2 of")
    address = guest.url
    assert address.endswith(f"/rooms/{code}/games/1?move=2")
    # The link follows the move shown.
    link = guest.get_by_label("Link to this move")
    expect(link).to_have_value(address)
    guest.get_by_role("button", name="Copy link").click()
    expect(guest.locator("[data-replay-shared]")).to_have_text("Link copied.")
    assert guest.evaluate("navigator.clipboard.readText()") == address
    guest.get_by_role("button", name="Share").click()
    guest.wait_for_function("(window.sharedLinks || []).length === 1")
    assert guest.evaluate("window.sharedLinks[0].url") == address
    # Where the clipboard is out of reach (plain http on the home network), the link is selected.
    guest.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('No', 'NotAllowedError')); }")
    guest.get_by_role("link", name="Next move").click()
    expect(guest.locator("[data-replay-move]")).to_contain_text("Move 3 of")
    expect(guest.locator("[data-replay-shared]")).to_have_text("")
    expect(link).to_have_value(guest.url)
    assert guest.url.endswith("?move=3")
    guest.get_by_role("button", name="Copy link").click()
    expect(guest.locator("[data-replay-shared]")).not_to_have_text("")
    expect(link).to_be_focused()
    assert guest.evaluate(
        "(field => field.selectionStart === 0 && field.selectionEnd === field.value.length)"
        "(document.querySelector('[data-replay-link]'))")
    results = Axe().run(guest)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()
    guest.screenshot(path="Tests/Browser/screenshots/room-replay-share-844x390.png", full_page=True)
    guest.set_viewport_size({"width": 390, "height": 844})
    guest.screenshot(path="Tests/Browser/screenshots/room-replay-share-390x844.png", full_page=True)
    assert host.errors == [] and guest.errors == []
