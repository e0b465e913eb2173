"""Talk at the table (issue 51), in the browser, with three friends in their own browsers (Ana
the host, Bo, Cy): a message reaches every member's page live (and a page without script posts a
form), never a visitor's; a message is text, never markup, and one over 200 characters is refused
before it is sent; at most 5 messages in 10 seconds; quick reactions show beside the sender's name
and go; muting takes a player's messages and reactions off the muter's screens, after a reload,
on the muter's other device and in later rooms; the host turns chat off (or off for those
watching) and removes a member, who cannot join again; screen readers are told of new messages,
but not while a card is checked. On phones (390x844, 844x390) the chat shares the screen with a
Set game and covers no card; screenshots go to Tests/Browser/screenshots/chat-*.png."""

import json
import re
import time

from playwright.sync_api import expect

from conftest import CSP_VIOLATIONS, SCREENSHOTS, is_csp_violation
from room_helpers import join, make_room, started_room, updates, wait_for_update, wait_until_new_cards_seen
from test_devices import link_from_home, show_code

SCRIPT = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
TOO_LONG = "text: a message can be up to 200 characters long."
CHAT_OFF = "The host turned chat off in this room."
WATCHERS_QUIET = "The host turned chat off for those watching: you can chat once you play in a game."
REMOVED = "The host removed you from this room: you cannot join it again."
PACE = re.compile(r"^That is 5 messages in 10 seconds: wait (\d+) seconds?, then try again\.$")


# MARK: - Steps


def code_of(page):
    return page.url.rsplit("/", 1)[1]


def listening(page):
    """Keeps what the page's sockets bring and send, as sent (JSON), in `page.received` and
    `page.sent`: what never came is what the server kept from the page. Call before the page
    opens its socket."""
    page.received, page.sent = [], []

    def watch(socket):
        socket.on("framereceived", lambda frame: page.received.append(frame))
        socket.on("framesent", lambda frame: page.sent.append(frame))

    page.on("websocket", watch)
    return page


def talk_received(page, member):
    """The texts of the chat messages and reactions of member `member` the page's sockets brought."""
    texts = []
    for frame in page.received:
        message = json.loads(frame)
        if message.get("kind") in ("chat", "reaction") and message.get("member") == member:
            texts.append(message["text"])
    return texts


def lines(page):
    """The texts of the chat's messages, in order."""
    return page.locator("[data-room-chat-log] .room-chat-text")


def senders(page):
    return page.locator("[data-room-chat-log] .room-chat-name")


def open_chat(page):
    """Taps 💬 when the chat is hidden (as it is at first on a phone held upright), once the
    page's script has shown 💬."""
    toggle = page.locator("[data-room-chat-toggle]")
    expect(toggle).to_be_visible()
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.locator("[data-room-chat]")).to_be_visible()


def say(page, text):
    """Types a message (opening the chat first when it is hidden) and presses Enter; waits until
    it is back from the room (it shows in the page's own list), as a person sees it go before
    typing the next."""
    open_chat(page)
    field = page.locator("#room-chat-text")
    field.fill(text)
    field.press("Enter")
    expect(field).to_have_value("")
    expect(lines(page).filter(has_text=text).last).to_be_visible()


def post(page, path, body, method="POST"):
    """The page's player sends `body` to the room's JSON API, as another app would."""
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    return page.request.fetch(
        f"/rooms/{code_of(page)}{path}", method=method, data=json.dumps(body),
        headers={"Content-Type": "application/json", "Accept": "application/json", "Origin": origin})


def say_through_api(page, text):
    response = post(page, "/chat", {"text": text})
    assert response.ok, response.text()
    (event,) = [event for event in response.json() if event["kind"] == "chat"]
    assert event["text"] == text, event
    return event


def refusal(response):
    return response.json()["error"]["message"]


def member_number(page, name):
    return int(page.locator("[data-room-members] .room-member", has_text=name).first.get_attribute("data-member"))


def open_chat_settings(page):
    settings = page.locator("[data-room-chat-settings]")
    if not settings.evaluate("details => details.open"):
        settings.locator("> summary").click()
    return settings


def choose_who_may_chat(page, label):
    """The host chooses in Chat settings' menu and presses Save: a form, the page comes back."""
    open_chat_settings(page).locator("#room-chat-audience").select_option(label=label)
    with page.expect_navigation():
        page.locator("[data-room-chat-audience]").get_by_role("button", name="Save").click()


def react(page, label):
    """Opens 😀 and taps a reaction; the menu closes."""
    menu = page.locator("[data-room-reactions-menu]")
    menu.locator("> summary").click()
    menu.get_by_role("button", name=f"React: {label}").click()
    expect(menu).not_to_have_attribute("open", "")


def confirming_tab(page):
    """Another tab of `page`'s player (the same browser, so the same cookie) whose confirm()
    questions are answered OK and kept in `tab.questions` (the fixture's pages dismiss every
    dialog, as an error). Its errors and Content Security Policy violations count as the
    fixture's pages' do."""
    tab = page.context.new_page()
    tab.errors, tab.questions = [], []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.on("dialog", lambda dialog: (tab.questions.append(dialog.message), dialog.accept()))
    tab.on("console", lambda message: is_csp_violation(message) and CSP_VIOLATIONS.append(
        f"{tab.url}: {message.text}"))
    return tab


def no_errors(*pages):
    for page in pages:
        assert page.errors == [], (page.url, page.errors)


# What covers the middle of each card, and where each card is against the screen and the board.
CARDS_IN_VIEW = """() => {
    const board = document.querySelector('.room-board');
    const b = board.getBoundingClientRect();
    const chat = document.querySelector('[data-room-chat]').getBoundingClientRect();
    return {
        scrollX, scrollY, boardScrolls: board.scrollHeight > board.clientHeight + 1
            || board.scrollWidth > board.clientWidth + 1,
        cards: [...document.querySelectorAll('.room-set-card')].map(card => {
            const r = card.getBoundingClientRect();
            const middle = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return { card: card.dataset.roomCard, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                uncovered: card.contains(middle),
                onScreen: r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5
                    && r.bottom <= innerHeight + 0.5,
                onBoard: r.left >= b.left - 0.5 && r.top >= b.top - 0.5 && r.right <= b.right + 0.5
                    && r.bottom <= b.bottom + 0.5,
                underChat: r.left < chat.right && chat.left < r.right && r.top < chat.bottom && chat.top < r.bottom };
        }),
    };
}"""


def table_fits_beside_the_chat(page):
    """Every card of the Set table is whole on the screen and on the board's visible box (nothing
    scrolled, on the page or in the board), the chat's box meets none, and what lies at the
    middle of each card is the card."""
    seen = page.evaluate(CARDS_IN_VIEW)
    size = page.viewport_size
    assert seen["cards"], "no cards on the table"
    assert (seen["scrollX"], seen["scrollY"], seen["boardScrolls"]) == (0, 0, False), (size, seen)
    bad = [card for card in seen["cards"]
           if not (card["uncovered"] and card["onScreen"] and card["onBoard"]) or card["underChat"]]
    assert bad == [], (size, bad)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (size, "sticks out sideways")
    expect(page.locator("#room-chat-text")).to_be_in_viewport(ratio=1)
    # The chat's controls are big enough to tap (WCAG 2.2: 24 by 24 px or more).
    controls = page.locator(
        "[data-room-chat-toggle], [data-room-reactions-menu] > summary, [data-room-chat-form] :is(input, button),"
        " [data-room-chat-settings] > summary")
    boxes = [control.bounding_box() for control in controls.all() if control.is_visible()]
    assert len(boxes) == 5, (size, boxes)
    assert [box for box in boxes if box["width"] < 24 or box["height"] < 24] == [], (size, boxes)


# MARK: - Chat


def test_a_message_reaches_every_member_live_and_never_a_visitor(player):
    """Ana (laptop) types a message and presses Enter, Bo's app posts one to the JSON API, and Cy,
    whose browser runs no script, sends one with the form (his page comes back with it). Ana's and
    Bo's pages show each message as it is sent, with its sender's name, in the same order; Cy's
    shows them all once his page comes back; screen readers on Ana's page hear "Cy says: …". A
    visitor who has not joined sees no chat, and the room's socket never brings them a message."""
    ana, bo, cy = player(1180, 820), player(820, 1180), player(390, 844, javascript=False)
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    visitor = listening(player(390, 844))
    visitor.goto(url)
    visitor.wait_for_function("() => Number(document.documentElement.dataset.roomSockets || 0) >= 1")
    expect(visitor.locator("[data-room-chat]")).to_be_hidden()
    expect(visitor.locator("[data-room-chat-toggle], [data-room-reactions-menu]")).to_have_count(0)
    # A wide screen opens the chat at first; it says there is nothing yet.
    expect(ana.locator("body")).to_have_attribute("data-chat", "open")
    expect(ana.locator("[data-room-chat-empty]")).to_be_visible()

    say(ana, "Hello both! One more game?")
    expect(lines(bo)).to_have_text(["Hello both! One more game?"])
    event = say_through_api(bo, "Yes, deal me in")
    assert (event["member"], event["name"]) == (2, "Bo"), event
    cy.locator("#room-chat-text").fill("Sure, I'm here")
    with cy.expect_navigation():
        cy.get_by_role("button", name="Send").click()

    said = ["Hello both! One more game?", "Yes, deal me in", "Sure, I'm here"]
    for page in (ana, bo, cy):
        expect(lines(page)).to_have_text(said)
        expect(senders(page)).to_have_text(["Ana", "Bo", "Cy"])
        expect(page.locator("[data-room-chat-empty]")).to_be_hidden()
    expect(ana.locator("[data-room-chat-log] .room-chat-line.is-you")).to_have_text([re.compile("^Ana")])
    expect(ana.locator("[data-room-chat-announcer]")).to_have_text("Cy says: Sure, I'm here")
    numbers = ana.locator("[data-room-chat-log] .room-chat-line").evaluate_all(
        "lines => lines.map(line => [Number(line.dataset.chatEvent), Number(line.dataset.member)])")
    assert [member for _, member in numbers] == [1, 2, 3] and numbers == sorted(numbers), numbers

    # The visitor: still no chat, not in the page's markup and not over the socket; once Bo's
    # message (sent after the others) has reached Ana, it would have reached the visitor too.
    say(bo, "Anyone watching?")
    expect(lines(ana)).to_have_text(said + ["Anyone watching?"])
    visitor.reload()
    expect(visitor.locator("[data-room-chat]")).to_be_hidden()
    assert "deal me in" not in visitor.content()
    assert [frame for frame in visitor.received if '"kind":"chat"' in frame] == []
    cy.screenshot(path=str(SCREENSHOTS / "chat-lobby-no-script-390x844.png"), full_page=True)
    ana.screenshot(path=str(SCREENSHOTS / "chat-lobby-1180x820.png"))
    no_errors(ana, bo, visitor)


def test_markup_is_shown_as_text_and_a_message_over_200_characters_is_refused(player):
    """Bo sends `<script>…</script><img onerror=…>`: every page shows those characters as Bo typed
    them, runs nothing and draws no image, also once reloaded (the server's page); a link is not
    made clickable. Ana types 201 characters: the page says what is wrong beside the field,
    keeps what she typed and sends nothing; 199 letters and 👍🏽, or 👍🏽 200 times, or 200 flags
    (200 characters as people see them, though more code points and bytes) go. The JSON API
    refuses 201 characters and an empty message, naming `text`."""
    ana, bo, cy = listening(player(390, 844)), player(844, 390), player(1180, 820)
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    open_chat(ana)
    open_chat(bo)

    bo.locator("#room-chat-text").fill(SCRIPT)
    bo.get_by_role("button", name="Send").click()
    say(bo, "rules at https://example.com/set?x=<b>1</b>")
    said = [SCRIPT, "rules at https://example.com/set?x=<b>1</b>"]
    for page in (ana, bo, cy):
        expect(lines(page)).to_have_text(said)
    for page in (ana, bo, cy):
        page.reload()
        expect(lines(page)).to_have_text(said)
    for page in (ana, bo, cy):
        assert page.evaluate("typeof window.pwned") == "undefined"
        expect(page.locator("[data-room-chat-log] :is(script, img, a, b)")).to_have_count(0)

    too_long = "x" * 201
    field = ana.locator("#room-chat-text")
    field.fill(too_long)
    ana.get_by_role("button", name="Send").click()
    problem = ana.locator("[data-room-chat-form] .field-messages")
    expect(problem).to_have_text(TOO_LONG)
    expect(field).to_have_value(too_long)
    expect(field).to_have_attribute("aria-invalid", "true")
    assert [frame for frame in ana.sent if '"chat"' in frame] == []

    # 200 characters as people see them, though more code points: they go.
    at_most = ["a" * 199 + "👍🏽", "👍🏽" * 200]
    field.fill(at_most[0])
    field.press("Enter")
    expect(problem).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")
    say(ana, at_most[1])
    at_most.append(say_through_api(bo, "🇫🇷" * 200)["text"])
    for page in (ana, bo, cy):
        expect(lines(page)).to_have_text(said + at_most)
    ana.screenshot(path=str(SCREENSHOTS / "chat-markup-390x844.png"))

    response = post(cy, "/chat", {"text": too_long})
    assert (response.status, refusal(response)) == (400, TOO_LONG)
    response = post(cy, "/chat", {"text": " \u200b "})
    assert (response.status, refusal(response)) == (400, "text: type a message (it shows nothing).")
    expect(lines(ana)).to_have_text(said + at_most)
    no_errors(ana, bo, cy)


def test_a_sixth_message_in_ten_seconds_is_refused_and_says_when_to_try_again(player):
    """Cy sends five messages, each seen before the next: the sixth is refused beside the field,
    which keeps it, saying how long to wait; the page stays connected (his reaction still shows
    on Ana's page: reactions are counted apart) and Ana may still talk. His app's sixth try gets
    429 with Retry-After; once that wait is over, a message goes again."""
    ana, bo, cy = player(1180, 820), player(820, 1180), player(844, 390)
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    for number in range(1, 6):
        say(cy, f"message {number}")
    field = cy.locator("#room-chat-text")
    field.fill("message 6")
    field.press("Enter")
    problem = cy.locator("[data-room-chat-form] .field-messages")
    expect(problem).to_have_text(PACE)
    expect(field).to_have_value("message 6")
    expect(field).to_have_attribute("aria-invalid", "true")
    # His app's try now: refused too, with when to try again.
    response = post(cy, "/chat", {"text": "message 6 again"})
    refused_at = time.monotonic()
    assert response.status == 429, response.text()
    wait = int(response.headers["retry-after"])
    match = PACE.match(refusal(response))
    assert match and 1 <= wait <= 10 and int(match.group(1)) == wait, (response.headers, refusal(response))
    cy.screenshot(path=str(SCREENSHOTS / "chat-pace-844x390.png"))

    watch_reactions(ana)
    react(cy, "fire")
    assert [(seen["member"], seen["emoji"]) for seen in reactions_seen(ana, 1)] == [(3, "🔥")]
    say(ana, "Slow down, Cy")
    expected = [f"message {number}" for number in range(1, 6)] + ["Slow down, Cy"]
    for page in (ana, bo, cy):
        expect(lines(page)).to_have_text(expected)

    # The room's clock is real time: waiting as long as it said is all it takes.
    time.sleep(max(0, refused_at + wait - time.monotonic()))
    say_through_api(cy, "message 6 again")
    for page in (ana, bo, cy):
        expect(lines(page)).to_have_text(expected + ["message 6 again"])
    no_errors(ana, bo, cy)


# MARK: - Reactions


def watch_reactions(page):
    """From now on the page notes each reaction it shows: whose, which emoji, where its middle was
    against the end of the sender's name in their chip when it came, and when it came and went (ms)."""
    page.evaluate("""() => {
        window.reactionsSeen = [];
        const nodes = new Map();
        new MutationObserver(records => {
            for (const record of records) {
                for (const node of record.addedNodes) {
                    if (!node.classList?.contains('room-reaction-bubble')) continue;
                    const chip = document.querySelector(`[data-room-members] .room-member[data-member="${
                        node.dataset.member}"] .room-member-name`).getBoundingClientRect();
                    const box = node.getBoundingClientRect();
                    const seen = { member: Number(node.dataset.member), emoji: node.textContent,
                        across: box.left + box.width / 2 - chip.right,
                        down: box.top + box.height / 2 - (chip.top + chip.height / 2),
                        came: performance.now(), went: null };
                    nodes.set(node, seen);
                    window.reactionsSeen.push(seen);
                }
                for (const node of record.removedNodes) if (nodes.has(node)) nodes.get(node).went = performance.now();
            }
        }).observe(document.body, { childList: true });
    }""")


def reactions_seen(page, count):
    """The reactions the page showed, once `count` have come and all have gone."""
    page.wait_for_function(
        "count => window.reactionsSeen.length >= count && window.reactionsSeen.every(seen => seen.went)",
        arg=count, timeout=8000)
    return page.evaluate("window.reactionsSeen")


def test_a_reaction_shows_beside_the_senders_name_on_every_screen_then_goes(player):
    """Bo opens 😀 and taps 🎉: every page (his own too) shows 🎉 at the end of Bo's name for a
    couple of seconds, then it goes by itself; Cy's app sends 😮 through the API and it shows at
    Cy's name. Reactions are not chat: the messages' list stays empty."""
    ana, bo, cy = player(390, 844), player(844, 390), player(1180, 820)
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    for page in (ana, bo, cy):
        watch_reactions(page)
    menu = bo.locator("[data-room-reactions-menu]")
    menu.locator("> summary").click()
    expect(menu.locator("[data-room-reactions] button")).to_have_text(["👍", "🎉", "😮", "😅", "🔥"])
    expect(menu.get_by_role("button", name="React: thumbs up")).to_be_visible()
    menu.get_by_role("button", name="React: party").click()
    expect(menu).not_to_have_attribute("open", "")
    ana.wait_for_function("() => window.reactionsSeen.length >= 1")
    ana.screenshot(path=str(SCREENSHOTS / "chat-reaction-390x844.png"))

    response = post(cy, "/reactions", {"emoji": "😮"})
    assert response.ok, response.text()
    assert [(e["kind"], e["text"], e["member"]) for e in response.json()] == [("reaction", "😮", 3)]
    for page in (ana, bo, cy):
        seen = reactions_seen(page, 2)
        assert [(s["member"], s["emoji"]) for s in seen] == [(2, "🎉"), (3, "😮")], seen
        for reaction in seen:
            # Its middle at the end of the name (8 px in; the host's × ends the chip), for the 2.4 s
            # it rises and fades.
            assert abs(reaction["across"] + 8) < 16 and abs(reaction["down"]) < 16, (page.viewport_size, reaction)
            assert reaction["went"] - reaction["came"] >= 2000, reaction
        expect(page.locator(".room-reaction-bubble")).to_have_count(0)
        expect(lines(page)).to_have_count(0)
    no_errors(ana, bo, cy)


# MARK: - Muting


def test_a_muted_player_is_not_heard_after_a_reload_on_another_device_or_in_a_later_room(player):
    """Ana has a second device, linked with a code, open on the room too. She mutes Bo in Chat
    settings: his messages leave her list at once; his later messages and reactions never reach
    either of her devices (the server keeps them back) while Cy's do, and Bo's and Cy's pages
    still show them; after a reload Bo's old ones are gone too and his button says Muted. In a
    new room Bo is still muted; pressing Muted hears him again."""
    ana, bo, cy = listening(player(1180, 820)), player(844, 390), player(390, 844)
    laptop = listening(player(820, 1180))
    link_from_home(laptop, show_code(ana))
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    laptop.goto(url)
    expect(laptop.locator(".room-member.is-you .room-member-name")).to_have_text("Ana")
    say(bo, "bo: first")
    say(cy, "cy: first")
    for page in (ana, laptop):
        expect(lines(page)).to_have_text(["bo: first", "cy: first"])

    settings = open_chat_settings(ana)
    mute = settings.get_by_role("button", name="Mute Bo")
    expect(mute).to_have_attribute("aria-pressed", "false")
    expect(settings.get_by_role("button", name="Mute Cy")).to_have_text("Mute")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(mute).to_have_text("Muted")
    expect(lines(ana)).to_have_text(["cy: first"])

    say(bo, "bo: after the mute")
    watch_reactions(cy)
    react(bo, "party")
    cy.wait_for_function("() => window.reactionsSeen.some(seen => seen.member === 2 && seen.emoji === '🎉')")
    say(cy, "cy: after the mute")
    # Cy's message came after Bo's: had Bo's come to Ana's pages, it would have come first.
    for page in (ana, laptop):
        expect(lines(page).last).to_have_text("cy: after the mute")
    expect(lines(ana)).to_have_text(["cy: first", "cy: after the mute"])
    expect(lines(laptop).filter(has_text="bo: after the mute")).to_have_count(0)
    for page in (ana, laptop):
        assert talk_received(page, 2) == ["bo: first"], page.received
    for page in (bo, cy):
        expect(lines(page)).to_have_text(["bo: first", "cy: first", "bo: after the mute", "cy: after the mute"])

    for page in (ana, laptop):
        page.reload()
        expect(lines(page)).to_have_text(["cy: first", "cy: after the mute"])
        expect(page.locator("[data-room-mute='2']")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("[data-room-mute='3']")).to_have_attribute("aria-pressed", "false")
        assert talk_received(page, 2) == ["bo: first"], page.received
    events = ana.request.get(f"/rooms/{code_of(ana)}/events?after=0", headers={"Accept": "application/json"}).json()
    assert [e["text"] for e in events if e["kind"] in ("chat", "reaction")] == ["cy: first", "cy: after the mute"]

    # A later room: Bo is muted there too, until Ana hears him again.
    later = make_room(ana, "Ana")
    join(bo, later, "Bo")
    say(bo, "bo: new room")
    say(ana, "ana: new room")
    expect(lines(ana)).to_have_text(["ana: new room"])
    mute = open_chat_settings(ana).get_by_role("button", name="Mute Bo")
    expect(mute).to_have_text("Muted")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    expect(mute).to_have_text("Mute")
    say(bo, "bo: heard again")
    expect(lines(ana)).to_have_text(["ana: new room", "bo: heard again"])
    response = post(ana, f"/members/{member_number(ana, 'Bo')}/mute", {"muted": True})
    assert response.ok and response.json() == {"member": 2, "muted": True}, response.text()
    ana.reload()
    expect(lines(ana)).to_have_text(["ana: new room"])
    ana.screenshot(path=str(SCREENSHOTS / "chat-muted-1180x820.png"))
    no_errors(ana, bo, cy, laptop)


# MARK: - The host's say


def test_the_host_turns_chat_off_for_those_watching_then_for_everyone(player):
    """During Ana and Bo's game Cy joins to watch. Ana chooses *Players only*: Cy's field and 😀
    go and his page says why, live; his app's message is refused (403), while Bo still chats.
    Ana chooses *Off*: the field goes for everyone, each page says the host turned chat off, and
    messages and reactions are refused. *Everyone* brings it back for all, Cy included."""
    ana, bo = player(1180, 820), player(844, 390)
    code = started_room(ana, bo)
    cy = player(820, 1180)
    join(cy, f"/rooms/{code}", "Cy")
    expect(cy.locator("[data-room-members] .is-you")).to_contain_text("watching")
    say(cy, "cy: watching")

    before = updates(cy)
    choose_who_may_chat(ana, "Players only")
    expect(ana.locator("#room-chat-audience")).to_have_value("players")
    wait_for_update(cy, before)
    expect(cy.locator("[data-room-chat-form], [data-room-reactions-menu]")).to_have_count(0)
    expect(cy.locator("[data-room-chat-quiet]")).to_have_text(WATCHERS_QUIET)
    expect(cy.locator("[data-room-announcement]")).to_contain_text(
        "Ana turned chat off for those watching: players can still chat.")
    response = post(cy, "/chat", {"text": "cy: can I?"})
    assert (response.status, refusal(response)) == (403, WATCHERS_QUIET)
    say(bo, "bo: still here")
    expect(lines(cy)).to_have_text(["cy: watching", "bo: still here"])

    before = updates(bo)
    choose_who_may_chat(ana, "Off")
    wait_for_update(bo, before)
    for page in (ana, bo, cy):
        expect(page.locator("[data-room-chat-form], [data-room-reactions-menu]")).to_have_count(0)
        expect(page.locator("[data-room-chat-quiet]")).to_have_text(CHAT_OFF)
        # What was said stays.
        expect(lines(page)).to_have_text(["cy: watching", "bo: still here"])
    expect(bo.locator("[data-room-announcement]")).to_contain_text("Ana turned chat off.")
    bo.screenshot(path=str(SCREENSHOTS / "chat-off-844x390.png"))
    for page, path, body in [(bo, "/chat", {"text": "bo: hello?"}), (bo, "/reactions", {"emoji": "👍"}),
                             (ana, "/chat", {"text": "ana: hello?"})]:
        response = post(page, path, body)
        assert (response.status, refusal(response)) == (403, CHAT_OFF), (path, response.text())

    before = updates(cy)
    choose_who_may_chat(ana, "Everyone")
    wait_for_update(cy, before)
    for page in (bo, cy):
        expect(page.locator("[data-room-chat-quiet]")).to_have_count(0)
        expect(page.locator("#room-chat-text")).to_be_visible()
    say(cy, "cy: back")
    for page in (ana, bo, cy):
        expect(lines(page)).to_have_text(["cy: watching", "bo: still here", "cy: back"])
    no_errors(ana, bo, cy)


def test_a_member_the_host_removes_leaves_and_cannot_join_again(player):
    """Ana presses × on Cy's name and confirms: Cy's chip goes from every page, Cy's page says the
    host removed him, with no form to join and no chat, and the room's later messages are not on
    it; joining again, chatting or reacting through the API is refused (403). (His socket right
    after the removal: test_a_removed_member_gets_no_talk_said_just_after.)"""
    ana, bo, cy = player(1180, 820), player(844, 390), player(390, 844)
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    say(cy, "cy: hi")
    expect(bo.locator("[data-room-remove-member]")).to_have_count(0)
    tab = confirming_tab(ana)
    tab.goto(url)
    tab.get_by_role("button", name="Remove Cy from the room").click()
    for page in (tab, ana, bo, cy):
        expect(page.locator("[data-room-members] .room-member-name")).to_have_text(["Ana", "Bo"])
        expect(page.locator("[data-room-announcement]")).to_contain_text("Ana removed Cy from the room.")
    assert tab.questions == ["Remove Cy from the room? They cannot join it again."]
    expect(cy.locator("[data-room-removed]")).to_be_visible()
    expect(cy.locator("[data-room-join], #room-name")).to_have_count(0)
    expect(cy.locator("[data-room-chat]")).to_be_hidden()
    expect(cy.locator("[data-room-chat-toggle], [data-room-reactions-menu]")).to_have_count(0)
    expect(open_chat_settings(ana).locator("[data-room-mute]")).to_have_count(1)

    say(bo, "bo: just us now")
    expect(lines(ana)).to_have_text(["cy: hi", "bo: just us now"])
    cy.reload()
    expect(cy.locator("[data-room-removed]")).to_be_visible()
    expect(cy.locator("[data-room-join], #room-name")).to_have_count(0)
    assert "just us now" not in cy.content()
    cy.screenshot(path=str(SCREENSHOTS / "chat-removed-390x844.png"))
    for path, body in [("/join", {"name": "Cy"}), ("/chat", {"text": "let me back"}),
                       ("/reactions", {"emoji": "😅"})]:
        response = post(cy, path, body)
        assert (response.status, refusal(response)) == (403, REMOVED), (path, response.text())
    no_errors(tab, ana, bo, cy)


# MARK: - During a Set game


def test_on_phones_the_chat_shares_the_screen_with_the_set_table_and_covers_no_card(player):
    """A Set game on two phones, Ana's upright (390x844, where the chat starts hidden: 💬 counts
    what she has not read), Bo's on its side (844x390, the chat beside the table once he opens
    it); Cy writes long
    messages from his laptop, one a 200-character link. With the chat open, every card is whole
    on the screen and on the board, nothing covers one, nothing sticks out sideways, and the
    field to type in is in view; the chat's controls are big enough to tap; the chat stays open
    after a reload. Screenshots of both phones."""
    ana, bo, cy = player(390, 844), player(844, 390), player(1180, 820)
    started_room(ana, bo, cy)
    expect(ana.locator("body")).to_have_attribute("data-chat", "closed")
    expect(ana.locator("[data-room-chat]")).to_be_hidden()
    # A phone on its side starts without the chat too: Bo opens it to write.
    expect(bo.locator("body")).to_have_attribute("data-chat", "closed")
    long = "that was quick, how did you see that one? " * 4
    for number in range(1, 4):
        say_through_api(cy, f"{number}: {long.strip()}")
    # 200 characters without a space to break at.
    say_through_api(cy, "https://example.com/" + "x" * 180)
    expect(lines(bo)).to_have_count(4)
    toggle = ana.locator("[data-room-chat-toggle]")
    expect(toggle.locator("[data-room-chat-unread]")).to_have_text("4")
    expect(toggle).to_have_attribute("aria-label", "Chat, 4 new")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(ana.locator("body")).to_have_attribute("data-chat", "open")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle.locator("[data-room-chat-unread]")).to_have_text("")
    expect(lines(ana)).to_have_count(4)
    say(ana, "Ana on her phone")
    say(bo, "Bo on his side")
    ana.reload()
    expect(ana.locator("body")).to_have_attribute("data-chat", "open")
    for page in (ana, bo):
        expect(lines(page)).to_have_count(6)
        expect(lines(page).last).to_be_in_viewport()
        table_fits_beside_the_chat(page)
        size = page.viewport_size
        page.screenshot(path=str(SCREENSHOTS / f"chat-set-{size['width']}x{size['height']}.png"))
    # Closed again, the table has the whole screen, and Ana's choice is kept.
    toggle.click()
    expect(ana.locator("[data-room-chat]")).to_be_hidden()
    ana.reload()
    expect(ana.locator("body")).to_have_attribute("data-chat", "closed")
    no_errors(ana, bo, cy)


def test_screen_readers_hear_a_message_once_no_card_is_checked_and_not_when_turned_off(player):
    """While Ana has a card checked, Bo's and Cy's messages show in her list but screen readers
    are not told; once she unchecks it they hear both ("Bo says: …"). Her own messages are never
    read to her. With *Screen readers read new messages aloud* unchecked in Chat settings (kept
    after a reload), new messages are shown and not read."""
    ana, bo, cy = player(1180, 820), player(820, 1180), player(844, 390)
    started_room(ana, bo, cy)
    announcer = ana.locator("[data-room-chat-announcer]")
    expect(announcer).to_have_attribute("aria-live", "polite")
    wait_until_new_cards_seen(ana)
    card = ana.locator(".room-set-card").first
    card.click()
    expect(ana.locator(".room-check:checked")).to_have_count(1)
    say(bo, "take your time")
    say(cy, "no rush")
    expect(lines(ana)).to_have_text(["take your time", "no rush"])
    expect(announcer).to_have_text("")
    card.click()
    expect(ana.locator(".room-check:checked")).to_have_count(0)
    expect(announcer).to_have_text("Bo says: take your time Cy says: no rush")
    say(ana, "thanks")
    expect(announcer).to_have_text("Bo says: take your time Cy says: no rush")

    setting = open_chat_settings(ana).get_by_label("Screen readers read new messages aloud")
    expect(setting).to_be_checked()
    setting.uncheck()
    ana.reload()
    expect(open_chat_settings(ana).get_by_label("Screen readers read new messages aloud")).not_to_be_checked()
    say(bo, "quietly now")
    expect(lines(ana).last).to_have_text("quietly now")
    expect(announcer).to_have_text("")
    no_errors(ana, bo, cy)


# MARK: - Talk just after a join or a removal

# Each socket keeps whom its viewer does not hear (TalkFilter) for up to 2 s, but a join or a
# removal makes it read that again before the next talk: a muted player who just joined is not
# heard, and a member just removed hears nothing more.


def wait_for_talk(page, text):
    """Waits until the page's chat shows `text` (its socket brought it)."""
    expect(lines(page).filter(has_text=text)).to_have_count(1)


def test_a_muted_player_who_joins_and_talks_at_once_is_not_heard(player):
    """Ana muted Bo in an earlier room. In her new room Cy says hi; Bo joins and says something
    at once (his app); Cy speaks again. Ana's page shows Cy's two messages and nothing of Bo's,
    and her socket never brought it."""
    ana, bo, cy = listening(player(1180, 820)), player(844, 390), player(820, 1180)
    join(bo, make_room(ana, "Ana"), "Bo")
    response = post(ana, f"/members/{member_number(ana, 'Bo')}/mute", {"muted": True})
    assert response.ok, response.text()
    join(cy, make_room(ana, "Ana"), "Cy")
    say_through_api(cy, "cy: hi")
    wait_for_talk(ana, "cy: hi")
    bo.goto(ana.url)
    response = post(bo, "/join", {"name": "Bo"})
    assert response.ok, response.text()
    bo_number = say_through_api(bo, "bo: I'm muted, am I?")["member"]
    say_through_api(cy, "cy: again")
    wait_for_talk(ana, "cy: again")
    assert talk_received(ana, bo_number) == [], ana.received
    expect(lines(ana)).to_have_text(["cy: hi", "cy: again"])


def test_a_removed_member_gets_no_talk_said_just_after(player):
    """Bo says something, Ana removes Cy through the API and Bo at once says something else: Cy's
    page draws the removal and then Ana's change of who may chat (which comes after Bo's second
    message), and his socket brought only Bo's first message."""
    ana, bo, cy = player(1180, 820), player(844, 390), listening(player(820, 1180))
    url = make_room(ana, "Ana")
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    say_through_api(bo, "bo: before")
    wait_for_talk(cy, "bo: before")
    response = post(ana, f"/members/{member_number(ana, 'Cy')}", {}, method="DELETE")
    assert response.ok, response.text()
    say_through_api(bo, "bo: after Cy left")
    response = post(ana, "/chat/audience", {"audience": "players"})
    assert response.ok, response.text()
    expect(cy.locator("[data-room-announcement]")).to_contain_text("Ana turned chat off for those watching")
    expect(cy.locator("[data-room-removed]")).to_be_visible()
    assert talk_received(cy, 2) == ["bo: before"], cy.received



# MARK: - Playing again with the same people


def play_memorize_to_the_end(pages, code):
    """The players of a started Memorize room (in seat order) turn its cards through the JSON API,
    remembering what they saw, until the game is over."""
    seen = {}
    for _ in range(60):
        view = get_json(pages[0], f"/rooms/{code}")["view"]
        if view["phase"] != "playing":
            return
        memorize = view["memorize"]
        hidden = [card["id"] for card in memorize["cards"] if not card["isFaceUp"] and not card["isMatched"]]
        face_up = [card for card in memorize["cards"] if card["isFaceUp"] and not card["isMatched"]]
        twins = [id for id, content in seen.items()
                 if face_up and content == face_up[0]["content"] and id in hidden]
        card = twins[0] if len(face_up) == 1 and twins else hidden[0]
        page = pages[memorize["turn"]]
        response = page.request.post(f"/rooms/{code}/cards/{card}/choose", headers={
            "Accept": "application/json", "Origin": re.match(r"https?://[^/]+", page.url).group(0)})
        assert response.ok, response.text()
        for event in response.json():
            for shown in event["view"]["memorize"]["cards"]:
                if "content" in shown:
                    seen[shown["id"]] = shown["content"]
    raise AssertionError("the game did not end")


def get_json(page, path):
    response = page.request.get(path, headers={"Accept": "application/json"})
    assert response.ok, response.text()
    return response.json()


def test_after_a_game_anyone_makes_a_new_room_and_everyone_is_pointed_to_it(player):
    """Ana's Memorize room (a theme of two pairs) with Bo and Cy plays to its end. Bo presses *New
    room with these players* and lands in a new room of his, the same theme; Ana's and Cy's pages
    offer *Join Bo's new room* without a reload, and one tap and *Join* (their names filled in)
    seats them there."""
    ana, bo, cy = player(1180, 820), player(390, 844), player(844, 390)
    ana.goto("/")
    origin = re.match(r"https?://[^/]+", ana.url).group(0)
    theme = ana.request.post("/themes", data=json.dumps(
        {"name": "Fruit", "emojis": ["🍎", "🍐"], "numberOfPairs": 2, "color": "red"}),
        headers={"Content-Type": "application/json", "Accept": "application/json", "Origin": origin})
    assert theme.ok, theme.text()
    created = ana.request.post("/rooms", data=json.dumps(
        {"game": "memorize", "themeID": theme.json()["theme"]["id"], "name": "Ana"}),
        headers={"Content-Type": "application/json", "Accept": "application/json", "Origin": origin})
    code = created.json()["code"]
    url = f"{origin}/rooms/{code}"
    ana.goto(url)
    join(bo, url, "Bo")
    join(cy, url, "Cy")
    ana.get_by_role("button", name="Start the game").click()
    for page in (bo, cy):
        expect(page.locator("[data-room-turn]")).to_be_visible()
    play_memorize_to_the_end([ana, bo, cy], code)
    for page in (ana, bo, cy):
        expect(page.locator("[data-room-ranking]")).to_be_visible()
    expect(ana.locator("[data-room-start]")).to_have_text("Rematch")

    with bo.expect_navigation():
        bo.get_by_role("button", name="New room with these players").click()
    new_code = bo.url.rsplit("/", 1)[1]
    assert new_code != code
    expect(bo.locator(".page-title")).to_contain_text("Memorize: Fruit")
    expect(bo.locator("[data-room-members] .room-member-name")).to_have_text(["Bo"])
    for page in (ana, cy):
        link = page.locator("[data-room-next]")
        expect(link).to_have_text("Join Bo's new room")
        expect(page.locator("[data-room-again]")).to_have_count(0)
        expect(page.locator("[data-room-announcement]")).to_contain_text("Bo made a new room for everyone here")
    ana.screenshot(path=str(SCREENSHOTS / "chat-play-again-1180x820.png"))
    for page, name in ((ana, "Ana"), (cy, "Cy")):
        page.locator("[data-room-next]").click()
        page.wait_for_url(re.compile(f"/rooms/{new_code}$"))
        expect(page.locator("#room-name")).to_have_value(name)
        page.get_by_role("button", name="Join").click()
    expect(bo.locator("[data-room-members] .room-member-name")).to_have_text(["Bo", "Ana", "Cy"])
    no_errors(ana, bo, cy)
