"""Computer opponents ("bots") in rooms, in the browser: the host adds bots in the lobby and takes
them out (a guest sees them, and no controls), and hands the seat of a player who left to one; a
person plays a whole Set game against an Expert bot by tapping cards, the bot's Sets showing up
live; *Play against the computer* in Set's and Memorize's Options lands in a room whose game is
under way with the bots seated; axe audits and screenshots at phone and tablet sizes, in light and
dark (Tests/Browser/screenshots/bots-*.png, git-ignored)."""

import itertools
import random
import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from helpers import open_first_theme
from room_helpers import (
    claim_through_api, join, make_room, memorize_room_cards, set_among, snapshot, started_room, updates,
    wait_for_update, wait_until_new_cards_seen)
from set_helpers import features, is_set

ROOM_URL = re.compile(r"/rooms/[2-9A-Z]{6}$")
# What a bot's move in a room can be: the same events as a person's (and its arrival).
BOT_EVENT_KINDS = {"joined", "scored", "wrongSet", "tooLate", "tableChanged", "dealVote", "dealt",
                   "turnedUp", "matched", "mismatched"}


# MARK: - Steps


def chip_names(page):
    """The names on the members' chips, in the room's order."""
    return page.locator("[data-room-members] .room-member .room-member-name")


def computer_names(page):
    """The names on the chips tagged "computer"."""
    return page.locator("[data-room-members] .room-member:has(.tag:text-is('computer')) .room-member-name")


def bot_controls(page):
    """The host's controls for computer opponents: the level menu and Add, and each bot's ×."""
    return page.locator("[data-room-add-bot], [data-room-remove-bot]")


def add_bot(page, level):
    """The host chooses a level in the lobby's menu and presses Add (a form: the page comes back)."""
    form = page.locator("[data-room-add-bot]")
    form.get_by_label("Computer opponent").select_option(label=level)
    with page.expect_navigation():
        form.get_by_role("button", name="Add", exact=True).click()


def open_computer_game(page):
    """In an open Options panel: opens *Play against the computer*, shut until pressed."""
    expect(page.locator("[data-computer-game]")).to_be_hidden()
    page.locator("[data-computer-game-options] > summary").click()
    expect(page.locator("[data-computer-game]")).to_be_visible()


def open_set_options(page):
    page.goto("/set")
    page.locator("details.set-options > summary").click()
    open_computer_game(page)


def open_memorize_options(page):
    theme = open_first_theme(page)
    page.locator("details[data-options] > summary").click()
    open_computer_game(page)
    return theme


def play_against_the_computer(page, level, opponents):
    """In an open Options panel: chooses the level and the number of opponents, presses Play, and
    returns the code of the room it lands in."""
    form = page.locator("[data-computer-game]")
    expect(page.locator("[data-computer-game-options] > summary")).to_have_text("Play against the computer")
    form.get_by_label("Level").select_option(label=level)
    form.get_by_label("Opponents").select_option(str(opponents))
    form.get_by_role("button", name="Play").click()
    page.wait_for_url(ROOM_URL)
    return page.url.rsplit("/", 1)[1]


def events(page, code):
    response = page.request.get(f"/rooms/{code}/events?after=0", headers={"Accept": "application/json"})
    assert response.ok, response.text()
    messages = response.json()
    assert all(message["type"] == "event" for message in messages), "a snapshot instead of the events"
    return messages


def no_serious_violations(page):
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


def a_set_on_the_table(page):
    """The card numbers of a Set on the page's table, from the cards' spoken labels; None when
    the page shows none (the game just ended)."""
    cards = page.eval_on_selector_all(
        ".room-check", "boxes => boxes.map(b => [Number(b.name.slice(5)), b.getAttribute('aria-label')])")
    for a, b, c in itertools.combinations(cards, 3):
        if is_set(features(a[1]), features(b[1]), features(c[1])):
            return [a[0], b[0], c[0]]
    return None


def uncheck_every_card(page):
    """Takes back the checks left on the table when the other player's Set came in the middle of
    a claim (a check follows its card), as a person would before looking again: a tap on each
    (one that lands as the table changes checks nothing, and the card is tapped again)."""
    checked = page.locator(".room-check:checked")
    deadline = time.monotonic() + 10
    while checked.count():
        assert time.monotonic() < deadline, "a card stays checked"
        try:
            number = checked.first.get_attribute("name", timeout=1000).removeprefix("card-")
            page.locator(f'[data-room-card="{number}"]').click(timeout=2000)
        except PlaywrightTimeoutError:
            pass  # The card went, and its check with it.


def claim_by_tapping(page, trio):
    """Taps the three cards of a Set, the third sending the claim, and waits for the page to draw
    what came of it. Returns False when the claim was not sent: one of the cards went meanwhile
    (the bot took it), or the table changed under the finger (the page then checks nothing)."""
    before = updates(page)
    for number in trio:
        try:
            page.locator(f'[data-room-card="{number}"]').click(timeout=2000)
        except PlaywrightTimeoutError:
            return False
    # A claim sent on the socket takes the checks off at once.
    if page.locator(".room-check:checked").count():
        return False
    wait_for_update(page, before)
    return True


def last_event_drawn(page):
    return int(page.locator("[data-room]").get_attribute("data-last-event"))


def sticks_out_sideways(page):
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def small_targets(page, selector):
    """The visible controls matching `selector` smaller than 24 by 24 px (WCAG 2.2's minimum)."""
    boxes = [box.bounding_box() for box in page.locator(selector).all() if box.is_visible()]
    assert boxes, f"no {selector} on the page"
    return [box for box in boxes if box["width"] < 24 or box["height"] < 24]


def photograph_at_every_size(page, name, check=None):
    """Screenshots of the whole page at each of the phone and tablet sizes, both orientations: at
    each, `check(page)` (when given) must hold first (it may scroll what it checks into view), and
    nothing may stick out sideways."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # Two frames: the layout settles on the new size before the checks and the picture.
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        if check:
            check(page)
        page.screenshot(path=str(SCREENSHOTS / f"bots-{name}-{width}x{height}.png"), full_page=True,
                        animations="disabled")
        assert not sticks_out_sideways(page), (name, width, height)


# MARK: - Checks at every size


def bot_controls_big_enough(page):
    """The lobby's level menu, Add and each bot's × are 24 px or more."""
    small = small_targets(page, "[data-room-remove-bot], [data-room-add-bot] select, [data-room-add-bot] button")
    assert small == [], (page.viewport_size, small)


def table_and_actions_on_screen(page):
    """The Set table, Claim and Deal are on the screen, none cut off at the top or bottom."""
    viewport = page.viewport_size
    for selector in [".room-table", "[data-room-claim-button]", "[data-room-deal]"]:
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (viewport, selector, box)


def computer_form_reachable(page):
    """Every control of *Play against the computer* can be scrolled to (where Options is taller
    than the screen) and is big enough to tap; the form is left in view for the picture."""
    form = page.locator("[data-computer-game]")
    for control in [form.get_by_label("Level"), form.get_by_label("Opponents"), form.get_by_role("button")]:
        control.scroll_into_view_if_needed()
        expect(control).to_be_in_viewport()
    small = small_targets(page, "[data-computer-game] select, [data-computer-game] button")
    assert small == [], (page.viewport_size, small)
    form.scroll_into_view_if_needed()


def hand_over_reachable(page):
    """The Hand over form, its menu and button 24 px or more, can be scrolled to; the Set table
    with Claim and Deal stays on the screen."""
    form = page.locator("[data-room-left-seats]")
    for control in [form.locator("select"), form.get_by_role("button", name="Hand over")]:
        control.scroll_into_view_if_needed()
        expect(control).to_be_in_viewport()
    assert small_targets(page, "[data-room-left-seats] select, [data-room-left-seats] button") == []
    table_and_actions_on_screen(page)


# MARK: - The lobby


def test_the_host_adds_and_takes_out_bots_and_a_guest_sees_no_bot_controls(player):
    """The host picks Expert in the lobby's menu (Casual is chosen at first) and presses Add:
    "Expert bot" appears with the tag "computer", on the guest's page too without a reload; a
    second is "Expert bot 2"; the × takes the first out. The guest sees the bots but no menu and
    no ×. The game then starts with the bot seated, and the host's bot controls go."""
    host, guest = player(390, 844), player(844, 390)
    url = make_room(host, "Ana")
    code = url.rsplit("/", 1)[1]
    join(guest, url, "Bo")
    expect(host.get_by_label("Computer opponent")).to_have_value("casual")

    before = updates(guest)
    add_bot(host, "Expert")
    expect(chip_names(host)).to_have_text(["Ana", "Bo", "Expert bot"])
    expect(computer_names(host)).to_have_text(["Expert bot"])
    wait_for_update(guest, before)
    expect(computer_names(guest)).to_have_text(["Expert bot"])

    before = updates(guest)
    add_bot(host, "Expert")
    expect(computer_names(host)).to_have_text(["Expert bot", "Expert bot 2"])
    wait_for_update(guest, before)
    expect(computer_names(guest)).to_have_text(["Expert bot", "Expert bot 2"])
    view = snapshot(host, code)["view"]
    assert [(m["name"], m.get("bot", False), m.get("level")) for m in view["members"]] == [
        ("Ana", False, None), ("Bo", False, None), ("Expert bot", True, "expert"), ("Expert bot 2", True, "expert")]
    # The guest sees the bots as players, and none of the host's controls.
    expect(bot_controls(guest)).to_have_count(0)
    expect(guest.get_by_text("Waiting for the host to start the game.")).to_be_visible()

    before = updates(guest)
    with host.expect_navigation():
        host.get_by_role("button", name="Take Expert bot out of the room", exact=True).click()
    expect(chip_names(host)).to_have_text(["Ana", "Bo", "Expert bot 2"])
    expect(host.locator("[data-room-remove-bot]")).to_have_count(1)
    wait_for_update(guest, before)
    expect(chip_names(guest)).to_have_text(["Ana", "Bo", "Expert bot 2"])
    expect(bot_controls(guest)).to_have_count(0)

    before = updates(guest)
    host.get_by_role("button", name="Start the game").click()
    wait_for_update(guest, before)
    for page in (host, guest):
        expect(page.locator(".room-set-card").first).to_be_visible()
        expect(computer_names(page)).to_have_text(["Expert bot 2"])
        expect(bot_controls(page)).to_have_count(0)
    view = snapshot(guest, code)["view"]
    assert view["phase"] == "playing"
    assert [(m["name"], m.get("seat")) for m in view["members"]] == [("Ana", 0), ("Bo", 1), ("Expert bot 2", 2)]
    assert host.errors == [] and guest.errors == []


def test_the_host_hands_the_seat_of_a_player_who_left_to_a_bot(player):
    """During a game, once Bo's page has closed (and the grace time has passed), the host gets
    *Hand over* for Bo's seat, and only the host; handing it to an Expert bot seats "Expert bot"
    in Bo's place with Bo's score, the form goes, and the bot plays on."""
    host, guest = player(390, 844), player(390, 844)
    code = started_room(host, guest)
    watcher = player(844, 390)
    join(watcher, host.url, "Cy")
    trio = set_among(snapshot(guest, code)["view"]["set"]["cards"])
    assert claim_through_api(guest, code, trio)[0]["kind"] == "scored"
    expect(host.locator("[data-room-left-seats]")).to_have_count(0)

    guest.context.close()
    hand_over = host.locator("[data-room-left-seats]")
    # A member is marked away 10 s after their last socket closed.
    expect(hand_over).to_be_visible(timeout=30000)
    expect(watcher.locator("[data-room-members]")).to_contain_text("away")
    expect(watcher.locator("[data-room-left-seats]")).to_have_count(0)
    photograph_at_every_size(host, "hand-over", hand_over_reachable)
    host.set_viewport_size({"width": 390, "height": 844})
    hand_over.get_by_label("Bo left: hand the seat to").select_option(label="Expert bot")
    with host.expect_navigation():
        hand_over.get_by_role("button", name="Hand over").click()
    expect(computer_names(host)).to_have_text(["Expert bot"])
    expect(host.locator("[data-room-left-seats]")).to_have_count(0)
    view = snapshot(host, code)["view"]
    seats = {m["name"]: m.get("seat") for m in view["members"]}
    assert seats == {"Ana": 0, "Bo": None, "Cy": None, "Expert bot": 1}, seats
    # The bot sat down with Bo's Set to its score, and plays on: its Sets show on the others' pages.
    bot = next(m["number"] for m in view["members"] if m.get("bot"))
    (seated,) = [event for event in events(host, code) if event["kind"] == "joined" and event["member"] == bot]
    assert seated["text"] == "Expert bot takes Bo's seat: a computer opponent."
    assert seated["view"]["set"]["scores"] == [0, 1], seated["view"]["set"]
    # (An Expert bot needs 17 s or less for nine Sets in ten: docs/SET.md.)
    expect(watcher.locator("[data-room-announcement]")).to_contain_text("Expert bot found a Set", timeout=60000)
    bot_score = host.locator("[data-room-members] .room-member:has(.tag:text-is('computer')) .room-score")
    expect(bot_score).to_have_text(re.compile(r"^([2-9]|\d\d)$"))
    assert host.errors == [] and watcher.errors == []


# MARK: - A whole game against an Expert bot


def test_a_person_plays_set_to_the_end_against_an_expert_bot(player):
    """Ana plays a Normal game against an Expert bot in one page, never reloaded: she finds each
    Set from the cards' labels and taps its cards after 3-6 s of looking, as a person would, so
    the bot takes some Sets first; its Sets show up live (the announcement and its chip's score).
    At the end the ranking lists both, each scored Sets, every event of the bot's is an ordinary
    room event (its claims all real Sets, its score its Sets), and the replay of game 1 opens."""
    page = player(390, 844)
    url = make_room(page, "Ana")
    code = url.rsplit("/", 1)[1]
    add_bot(page, "Expert")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".room-set-card").first).to_be_visible()
    page.evaluate("window.stillTheSamePage = true")
    bot_chip_score = page.locator("[data-room-members] .room-member:has(.tag:text-is('computer')) .room-score")

    thinking = random.Random(2026)
    started = time.monotonic()
    bot_sets_seen_live = 0
    claims = 0
    while True:
        assert time.monotonic() - started < 420, "the game did not end in 7 minutes"
        uncheck_every_card(page)
        if page.locator(".room-results").count():
            break
        wait_until_new_cards_seen(page)
        trio = a_set_on_the_table(page)
        if trio is None:
            # The redraw that ends the game takes the table away and shows the ranking at once.
            expect(page.locator(".room-results")).to_be_visible()
            break
        before, last_event, bot_score = updates(page), last_event_drawn(page), int(bot_chip_score.inner_text())
        try:
            wait_for_update(page, before, timeout=thinking.uniform(3000, 6000))
        except PlaywrightTimeoutError:
            claims += claim_by_tapping(page, trio)
            continue
        # Something happened while Ana looked: a Set of the bot's shows at once, with its chip's
        # new score; then she looks again.
        if last_event_drawn(page) > last_event and "Expert bot found a Set" in page.locator(
                "[data-room-announcement]").inner_text():
            bot_sets_seen_live += 1
            assert int(bot_chip_score.inner_text()) > bot_score
    duration = time.monotonic() - started

    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
    assert bot_sets_seen_live >= 1, "no Set of the bot's showed while Ana played"
    view = snapshot(page, code)["view"]
    assert view["phase"] == "finished"
    scores, sets = view["set"]["scores"], [len(pile) for pile in view["set"]["sets"]]
    # Ana claimed only Sets, and an Expert bot is never wrong: each score is its player's Sets.
    assert scores == sets, (scores, sets)
    assert sets[0] >= 1 and sets[1] >= 1, sets
    assert claims >= sets[0]
    rows = page.locator("[data-room-ranking] > li")
    expect(rows).to_have_count(2)
    ranked = sorted([("Ana", scores[0]), ("Expert bot", scores[1])], key=lambda row: -row[1])
    for row, (name, score) in zip(rows.all(), ranked):
        expect(row.locator(".room-member-name")).to_have_text(name)
        expect(row.locator(".room-score")).to_have_text(str(score))
    expect(bot_chip_score).to_have_text(str(scores[1]))

    bot = next(m["number"] for m in view["members"] if m.get("bot"))
    by_bot = [event for event in events(page, code) if event.get("member") == bot]
    assert {event["kind"] for event in by_bot} <= BOT_EVENT_KINDS, by_bot
    assert "wrongSet" not in {event["kind"] for event in by_bot}
    bot_sets = [event for event in by_bot if event["kind"] == "scored"]
    assert len(bot_sets) == sets[1]
    for event in bot_sets:
        assert event["text"].startswith("Expert bot found a Set: "), event
        assert set_among(event["cards"]) is not None, event

    replay = page.locator(f'.room-replays a[href="/rooms/{code}/games/1"]')
    expect(replay).to_be_visible()
    replay.click()
    page.wait_for_url(re.compile(rf"/rooms/{code}/games/1"))
    expect(page.locator("main")).to_contain_text("Expert bot")
    print(f"\nNormal game against an Expert bot: {duration:.0f} s; scores Ana {scores[0]}, Expert bot "
          f"{scores[1]}; Sets Ana {sets[0]}, Expert bot {sets[1]}; Ana's claims sent {claims}; "
          f"the bot's Sets seen live {bot_sets_seen_live}")
    assert page.errors == []


# MARK: - Play against the computer


def test_play_against_the_computer_from_set_options(player):
    """Set's Options, Quick and 2 opponents, Play: the room page with the game under way, the
    player seated with "Quick bot" and "Quick bot 2" tagged computer, and the room is not under
    Open rooms (a listed room of someone else's is, on the same list)."""
    page, other = player(390, 844), player(390, 844)
    other.goto("/")  # (for the player cookie)
    response = other.request.post("/rooms", data={"game": "set", "name": "Cy", "open": True},
                                  headers={"Accept": "application/json"})
    assert response.ok, response.text()
    listed = response.json()["code"]

    open_set_options(page)
    code = play_against_the_computer(page, "Quick", 2)
    expect(page.locator(".room-set-card").first).to_be_visible()
    expect(page.locator("[data-room-claim-button]")).to_be_visible()
    expect(chip_names(page)).to_have_count(3)
    expect(page.locator(".room-member.is-you .tag").first).to_have_text("you")
    expect(computer_names(page)).to_have_text(["Quick bot", "Quick bot 2"])
    expect(bot_controls(page)).to_have_count(0)
    snap = snapshot(page, code)
    view = snap["view"]
    assert view["phase"] == "playing" and view["set"]["mode"] == "normal"
    assert not view["rated"]
    assert [(m.get("bot", False), m.get("level"), m.get("seat")) for m in view["members"]] == [
        (False, None, 0), (True, "quick", 1), (True, "quick", 2)]
    assert snap["you"] == view["members"][0]["number"]

    rooms = page.request.get("/rooms/open", headers={"Accept": "application/json"}).json()["rooms"]
    assert listed in [room["code"] for room in rooms] and code not in [room["code"] for room in rooms]
    page.goto("/rooms")
    expect(page.locator(f".lobby-room[data-code='{listed}']")).to_be_visible()
    expect(page.locator(f".lobby-room[data-code='{code}']")).to_have_count(0)
    assert page.errors == []


def test_play_against_the_computer_from_a_memorize_game(player, server):
    """A Memorize game's Options, 1 Casual opponent, Play: a Memorize room under way with the
    player's turn first; once the player's two cards mismatch, the turn passes to "Casual bot",
    which turns a card by itself, shown live on the page and as its own event."""
    page = player(390, 844)
    open_memorize_options(page)
    code = play_against_the_computer(page, "Casual", 1)
    expect(page.locator(".page-title")).to_contain_text("Memorize")
    expect(computer_names(page)).to_have_text(["Casual bot"])
    turn = page.locator("[data-room-turn]")
    expect(turn).to_have_text("Your turn")
    view = snapshot(page, code)["view"]
    assert view["phase"] == "playing" and view["game"] == "memorize"
    bot = next(m["number"] for m in view["members"] if m.get("bot"))

    # Two cards that do not match (the database says which: the page never shows face-down cards).
    cards = memorize_room_cards(server, code)
    first = cards[0]
    second = next(card for card in cards[1:] if card[1] != first[1])
    for card_id, _ in (first, second):
        before = updates(page)
        page.locator(f'.room-memorize-card[data-card-id="{card_id}"]').click()
        wait_for_update(page, before)
    expect(turn).to_have_text("Casual bot's turn")
    # The bot waits until the mismatch has shown, then turns a card after its thinking time.
    expect(page.locator("[data-room-announcement]")).to_contain_text(re.compile("Casual bot turn"), timeout=20000)
    by_bot = [event for event in events(page, code) if event.get("member") == bot]
    assert [event["kind"] for event in by_bot][:2] == ["joined", "turnedUp"], by_bot
    assert {event["kind"] for event in by_bot} <= BOT_EVENT_KINDS, by_bot
    assert page.errors == []


# MARK: - Accessibility and looks


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_bot_controls_pass_axe(player, scheme):
    """No serious or critical axe violation on the host's lobby with two bots (menu, Add, ×), nor
    on Set's and Memorize's Options open on *Play against the computer*."""
    page = player(390, 844, color_scheme=scheme)
    make_room(page, "Ana")
    add_bot(page, "Expert")
    add_bot(page, "Casual")
    expect(computer_names(page)).to_have_text(["Expert bot", "Casual bot"])
    no_serious_violations(page)
    open_set_options(page)
    no_serious_violations(page)
    open_memorize_options(page)
    no_serious_violations(page)
    assert page.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_bots_at_every_size(player, scheme):
    """The host's lobby with two bots, a Set game under way against two bots, and Set's and
    Memorize's Options on *Play against the computer*, photographed at the four sizes: nothing
    sticks out sideways, the bot controls are 24 px or more, the Set table with Claim and Deal
    fits the screen, and the computer form's controls can be reached."""
    page = player(390, 844, color_scheme=scheme)
    make_room(page, "Ana")
    add_bot(page, "Expert")
    add_bot(page, "Expert")
    expect(computer_names(page)).to_have_text(["Expert bot", "Expert bot 2"])
    photograph_at_every_size(page, f"lobby-{scheme}", bot_controls_big_enough)

    page.set_viewport_size({"width": 390, "height": 844})
    open_set_options(page)
    photograph_at_every_size(page, f"set-options-{scheme}", computer_form_reachable)

    page.set_viewport_size({"width": 390, "height": 844})
    open_memorize_options(page)
    photograph_at_every_size(page, f"memorize-options-{scheme}", computer_form_reachable)

    # Beginners: the table stays still long enough for the pictures.
    page.set_viewport_size({"width": 390, "height": 844})
    open_set_options(page)
    play_against_the_computer(page, "Beginner", 2)
    expect(page.locator(".room-set-card").first).to_be_visible()
    wait_until_new_cards_seen(page)
    photograph_at_every_size(page, f"set-game-{scheme}", table_and_actions_on_screen)
    assert page.errors == []
