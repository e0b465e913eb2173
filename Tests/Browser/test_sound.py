"""Issue 46, item 10: the games' sounds. A Set found, a wrong claim, cards dealt and a Memorize
match each play their own short sound; nothing loads or plays before the player's first tap, on
a page without a game, or while the player has sounds off, which is remembered for them.

Which sound played is told by its length: each file has its own (read from the files here)."""

import pathlib
import wave

from playwright.sync_api import expect

from helpers import create_theme, face_up_emoji, tap
from room_helpers import a_set_on, claim_through_api, started_room, updates as room_updates, wait_for_update
from set_helpers import THE_SET, act, card, companions, find_set, setup, table

RESOURCES = pathlib.Path(__file__).resolve().parents[2] / "Sources/CardTableWeb/Platform/Resources"


def centiseconds(name):
    with wave.open(str(RESOURCES / f"{name}.wav")) as sound:
        return round(100 * sound.getnframes() / sound.getframerate())


LENGTHS = {name: centiseconds(name) for name in ["found", "wrong", "dealt", "match"]}

# Notes each sound a page starts (its length in hundredths of a second) on <html data-played>.
RECORDER = """
(() => {
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    const root = document.documentElement;
    root.dataset.played = `${root.dataset.played || ""} ${Math.round(100 * this.buffer.duration)}`.trim();
    return start.apply(this, args);
  };
})();
"""


def listening(page):
    page.add_init_script(RECORDER)
    return page


def played(page):
    """The names of the sounds the page played, in order."""
    names = {length: name for name, length in LENGTHS.items()}
    text = page.evaluate("() => document.documentElement.dataset.played || ''")
    return [names.get(int(length), length) for length in text.split()]


def wait_for_sounds(page, count):
    page.wait_for_function(
        "n => (document.documentElement.dataset.played || '').split(' ').filter(Boolean).length >= n", arg=count)


def sound_files_fetched(page):
    return page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\/static\\/(sound|found|wrong|dealt|match)\\./.test(n))")


def test_the_lengths_tell_the_sounds_apart():
    assert len(set(LENGTHS.values())) == 4, LENGTHS


def test_a_set_found_a_wrong_claim_and_a_deal_each_sound_and_sounds_off_stays_off(player):
    page = listening(player())
    on_table = THE_SET + companions(9)
    setup(page, table=on_table, deck=[id for id in range(81) if id not in on_table])
    assert sound_files_fetched(page) == []
    for id in THE_SET:
        act(page, card(page, id))
    wait_for_sounds(page, 1)
    assert played(page) == ["found"]
    assert len(sound_files_fetched(page)) == 5, "sound.js and its four files, once the player tapped"
    wrong = companions(3)
    for id in wrong:
        act(page, card(page, id))
    wait_for_sounds(page, 2)
    assert played(page) == ["found", "wrong"]
    act(page, page.locator("[data-set-deal]"))
    wait_for_sounds(page, 3)
    assert played(page) == ["found", "wrong", "dealt"]

    page.get_by_text("Options").click()
    toggle = page.locator("[data-sound-button]")
    expect(toggle).to_have_text("Sound: on")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_text("Sound: off")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    trio = find_set(table(page))
    assert trio is not None
    for id in trio:
        act(page, card(page, id))
    expect(page.locator(".is-match")).to_have_count(3)
    assert played(page) == ["found", "wrong", "dealt"], "nothing plays while sounds are off"

    page.reload()
    expect(page.locator("[data-sound-button]")).to_have_text("Sound: off")


def test_sounds_off_is_remembered_without_script_and_on_another_page(player):
    page = player(javascript=False)
    page.goto("/set")
    page.get_by_text("Options").click()
    page.get_by_role("button", name="Sound: on").click()
    page.wait_for_url("**/set")
    toggle = page.locator("[data-sound-button]")
    expect(toggle).to_have_text("Sound: off")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.goto("/play/random")
    expect(toggle).to_have_text("Sound: off")


def test_a_page_without_a_game_loads_no_sound(player):
    page = listening(player())
    page.goto("/")
    expect(page.locator("[data-sounds]")).to_have_count(0)
    page.locator("body").click()
    page.wait_for_timeout(300)
    assert sound_files_fetched(page) == []


def test_a_memorize_match_sounds(player):
    page = listening(player())
    theme = create_theme(page, "Chimes", "🍎🍐")
    page.goto(f"/play/{theme}")
    tap(page, 1)
    tap(page, 2)
    first, second = face_up_emoji(page, 1), face_up_emoji(page, 2)
    if first != second:
        # A mismatch: the third card turns them back, and is the partner of one of them.
        tap(page, 3)
        tap(page, 1 if face_up_emoji(page, 3) == first else 2)
    wait_for_sounds(page, 1)
    assert played(page) == ["match"]


def test_in_a_room_nothing_plays_before_the_first_tap_then_the_table_is_heard(player):
    host, guest = player(), listening(player())
    code = started_room(host, guest)

    def host_takes_a_set():
        """Ana takes a Set from her table; returns the kinds of the events it made, once both
        pages have drawn the change."""
        before = room_updates(host), room_updates(guest)
        events = claim_through_api(host, code, a_set_on(host))
        wait_for_update(host, before[0])
        wait_for_update(guest, before[1])
        return [event["kind"] for event in events]

    host_takes_a_set()
    assert sound_files_fetched(guest) == [] and played(guest) == []

    guest.locator("[data-room-announcement]").click()
    guest.wait_for_function("() => performance.getEntriesByType('resource').some(e => /match\\./.test(e.name))")
    kinds = host_takes_a_set()
    wait_for_sounds(guest, 1)
    # When the Set left none on the table, three more cards came in an event of their own
    # (kinds ["scored", "dealt"]): that deal is heard in the Set's sound, not a second time.
    assert played(guest) == ["dealt"], f"another player's Set brings new cards (events: {kinds})"
