"""The JSON API against its contract, docs/openapi.yaml: the contract is a valid OpenAPI 3.1
document, the server serves it, and players walk through every operation (themes, Memorize, Set
solo and with two players and in every mode, the daily puzzle, stats, rooms of both games played
to the end, devices, appearance), each answer checked against the schema its operation documents
for its status. The schemas are closed (`additionalProperties: false`), so an answer that gains a
field fails here, and one that loses a required field fails too; the last test fails when a field
the contract names came in no answer of the walk (a field the server stopped sending, or one
the contract should not name)."""

import base64
import copy
import functools
import itertools
import json
import sqlite3
import time
import urllib.request

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from openapi_spec_validator import validate as validate_openapi
from websockets.sync.client import connect

from api_contract import CONTRACT, Client, Contract, load_contract
from conftest import started_server
from set_helpers import THE_SET, companions, has_set

# A card must be in view this long before a claim may name it (MultiplayerSetGame.reactionTime).
REACTION_SECONDS = 0.65

WALKS = []
WALKED = set()


@pytest.fixture(scope="module")
def contract_server():
    """A server of its own, so the room-code guesses below slow down no other test's address."""
    server = started_server("contract", {"CARDTABLE_TEST_SETUPS": "1"}, arguments=["--allow-local-push-endpoints"])
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def contract():
    return Contract()


@pytest.fixture
def client(contract_server, contract):
    def make():
        player = Client(contract_server.url, contract)
        player.get("/")
        return player
    return make


def walked(function):
    """Marks a walk, so the coverage test knows whether every walk ran, and passed, before it."""
    WALKS.append(function.__name__)

    @functools.wraps(function)
    def walk(*arguments, **options):
        function(*arguments, **options)
        WALKED.add(function.__name__)
    return walk


def features(card):
    return (card // 27 % 3, card // 9 % 3, card // 3 % 3, card % 3)


def sets_among(cards):
    return [list(trio) for trio in itertools.combinations(cards, 3)
            if all(sum(values) % 3 == 0 for values in zip(*(features(card) for card in trio)))]


# MARK: - The document


def test_the_contract_is_a_valid_openapi_3_1_document():
    document = load_contract()
    assert document["openapi"].startswith("3.1")
    validate_openapi(document)


def test_the_server_serves_the_contract_it_is_built_with(contract_server):
    with urllib.request.urlopen(contract_server.url + "/openapi.yaml") as response:
        assert response.headers["Content-Type"].startswith("application/yaml")
        served = response.read().decode("utf-8")
    assert served == CONTRACT.read_text(encoding="utf-8")


def test_a_changed_answer_breaks_the_contract(client, contract):
    """The check itself: a Set page with a field more, or a required field less, fails it."""
    player = client()
    page = player.get("/set")
    schema, _ = contract.response_schema("GET", "/set", 200, "application/json")
    assert contract.errors(schema, page) == []
    gained = {**page, "deckOrder": [1, 2, 3]}
    assert any("deckOrder" in error for error in contract.errors(schema, gained))
    lost = copy.deepcopy(page)
    del lost["cards"][0]["label"]
    assert any("label" in error for error in contract.errors(schema, lost))


# MARK: - Walks through every operation


@walked
def test_themes(client):
    ana = client()
    chooser = ana.get("/")
    built_in = chooser["rows"][0]["theme"]["id"]
    ana.get("/", query={"edit": "1"})
    ana.get("/themes/new")
    created = ana.post("/themes", json_body={
        "name": "Frogs", "emojis": ["🐸", "🦄", "🐝"], "numberOfPairs": 2,
        "color": {"gradient": ["green", "#1a5fb4"]}})
    frogs = created["theme"]["id"]
    ana.get("/themes/{id}.json", path={"id": frogs})
    ana.post("/themes", json_body={"name": "Rainbow", "emojis": ["🌈", "☀️"], "numberOfPairs": 2,
                                   "color": "#ff8800cc"})
    ana.post("/themes", 422, json_body={"name": "One", "emojis": ["🐸"], "numberOfPairs": 2, "color": "red"})
    ana.post("/themes", 400, json_body={"name": 5})
    # The editor's buttons, as a form: add (with text that is not emoji), remove, restore.
    editor = {"name": "Frogs", "emojis": "🐸 🦄", "removed": "", "newEmoji": "🐝 abc", "pairs": "2",
              "colorKind": "named", "colorName": "green", "gradientFrom": "#00ff00", "gradientTo": "#0000ff",
              "colorHex": "#00ff00"}
    ana.post("/themes/{id}", 422, path={"id": frogs}, form={**editor, "add": "1"})
    # Every field wrong at once: each gets its messages; a color name not in the menu is kept.
    ana.post("/themes/{id}", 422, path={"id": frogs}, form={
        **editor, "name": " ", "emojis": "🐸", "newEmoji": "", "pairs": "many", "colorName": "chartreuse",
        "save": "1"})
    ana.post("/themes/{id}", 422, path={"id": frogs}, form={
        **editor, "colorKind": "custom", "colorHex": "#12", "newEmoji": "", "save": "1"})
    # More pairs asked than the theme has emoji: the editor says how many it plays.
    ana.post("/themes/{id}", path={"id": frogs},
             form={**editor, "emojis": "🐸 🦄 🐝", "newEmoji": "", "pairs": "9", "add": "1"})
    ana.post("/themes/{id}", path={"id": frogs}, form={**editor, "newEmoji": "", "remove": "🦄"})
    ana.post("/themes/{id}", path={"id": frogs},
             form={**editor, "newEmoji": "", "emojis": "🐸", "removed": "🦄", "restore": "🦄"})
    ana.post("/themes/{id}", path={"id": frogs},
             form={**editor, "newEmoji": "", "colorKind": "custom", "save": "1"})
    ana.get("/themes/{id}/edit", path={"id": frogs})
    ana.get("/themes/{id}.json", path={"id": frogs})
    ana.post("/themes/{id}", path={"id": frogs}, json_body={
        "name": "Frogs", "emojis": ["🐸", "🦄", "🐝"], "numberOfPairs": 3, "color": "green"})
    ana.post("/themes/{id}/move", path={"id": frogs}, json_body={"to": 0})
    deleted = ana.post("/themes/{id}/delete", path={"id": built_in})["theme"]["id"]
    assert "deleted" in ana.get("/", query={"edit": "1", "deleted": str(deleted)})
    ana.post("/themes/{id}/undo-delete", path={"id": deleted})
    ana.post("/themes/{id}/delete", path={"id": deleted})
    ana.post("/themes/{id}/delete", path={"id": frogs})
    chooser = ana.get("/", query={"edit": "1"})
    assert "restoreBuiltIns" in chooser
    ana.post("/built-in-themes/restore")
    ana.get("/themes/{id}/edit", 404, path={"id": 12345})


def memorize_contents(player, slot, deal, count):
    """Turns up every card once (pairs of taps) and returns each card's content."""
    contents = {}
    for first in range(1, count + 1, 2):
        for card in (first, first + 1):
            answer = player.post("/play/{slot}/choose/{card}", path={"slot": slot, "card": card},
                                 form={"deal": deal})
            contents[card] = answer["cards"][card - 1].get("content", contents.get(card))
    return contents


def finish_memorize(player, slot):
    game = player.get("/play/{slot}", path={"slot": slot})
    contents = memorize_contents(player, slot, game["deal"], len(game["cards"]))
    pairs = {}
    for card, content in contents.items():
        pairs.setdefault(content, []).append(card)
    for first, second in pairs.values():
        for card in (first, second):
            game = player.post("/play/{slot}/choose/{card}", path={"slot": slot, "card": card},
                               form={"deal": game["deal"]})
    assert game["isOver"]
    return game


@walked
def test_memorize(client, contract_server):
    bo = client()
    theme = bo.post("/themes", json_body={"name": "Pets", "emojis": ["🐶", "🐱", "🐭"], "numberOfPairs": 2,
                                          "color": "blue"})["theme"]["id"]
    game = bo.get("/play/{slot}", path={"slot": theme})
    bo.post("/play/{slot}/choose/{card}", 409, path={"slot": theme, "card": 1}, form={"deal": game["deal"] + 1})
    bo.post("/play/{slot}/options", path={"slot": theme}, form={"turnBack": "1000"})
    bo.post("/play/{slot}/options", 400, path={"slot": theme}, form={"turnBack": "7"})
    finish_memorize(bo, theme)
    bo.post("/play/{slot}/new", path={"slot": theme})
    finish_memorize(bo, theme)  # a second game, compared with the best of the first
    game = bo.post("/play/{slot}/new", path={"slot": theme})
    # A mismatch shown with a delay, then turned back.
    bo.post("/play/{slot}/choose/{card}", path={"slot": theme, "card": 1}, form={"deal": game["deal"]})
    contents = contract_server.game_cards(theme)
    other = next(place for place, content in enumerate(contents, start=1) if content != contents[0])
    shown = bo.post("/play/{slot}/choose/{card}", path={"slot": theme, "card": other}, form={"deal": game["deal"]})
    assert shown["turnBackAfter"] == 1000
    bo.post("/play/{slot}/turn-back", path={"slot": theme}, form={"deal": game["deal"]})
    bo.post("/play/{slot}/options", path={"slot": theme}, form={"turnBack": "tap", "peek": "true"})
    game = bo.post("/play/{slot}/new", path={"slot": theme})
    assert "peek" in game
    bo.get("/play/{slot}", path={"slot": "random"})
    bo.post("/play/{slot}/new", path={"slot": "random"})
    bo.get("/play/{slot}", 404, path={"slot": 987654})


def set_setup(player, **body):
    """Starts the player's Set game from a position (a test-only route, outside the contract)."""
    response = player.session.post(player.url + "/set/test-setup", json=body, timeout=15)
    assert response.ok, response.text


@walked
def test_set_solo(client):
    cy = client()
    page = cy.get("/set")
    # Three cards that are not a Set, then a Set.
    cards = [card["id"] for card in page["cards"]]
    wrong = next(trio for trio in itertools.combinations(cards, 3) if list(trio) not in sets_among(trio))
    for card in wrong:
        cy.post("/set/cards/{card}/select", path={"card": card}, form={"version": cy.get("/set")["version"]})
    cy.post("/set/hint", json_body={"player": "one"})
    table = cy.get("/set")["cards"]
    found = sets_among([card["id"] for card in table])
    if found:
        for card in found[0]:
            cy.post("/set/cards/{card}/select", path={"card": card})
    cy.post("/set/deal", form={"player": "one"})
    cy.post("/set/deal", 400, form={"player": "three"})
    cy.post("/set/cards/{card}/select", 404, path={"card": 81})
    cy.post("/set/color-blind", json_body={"enabled": True})
    cy.post("/set/color-blind", 400, form={"enabled": "maybe"})
    # Dealing with a Set on the table, then the game's last Set: over, with what was missed.
    extra = companions(6)
    set_setup(cy, mode="normal", players="solo", table=THE_SET + extra[:3], deck=extra[3:6])
    cy.post("/set/deal")
    over = None
    for trio in sets_among([card["id"] for card in cy.get("/set")["cards"]]):
        for card in trio:
            over = cy.post("/set/cards/{card}/select", path={"card": card})
        break
    over = cy.get("/set")
    assert over["isOver"], over["announcement"]
    cy.post("/set/new", json_body={"mode": "normal", "players": "solo"})
    cy.post("/set/new", 400, json_body={"mode": "sideways"})


@walked
def test_set_modes(client):
    dee = client()
    for mode in ("junior", "chain", "ultra"):
        page = dee.post("/set/new", json_body={"mode": mode})
        assert page["mode"] == mode
    # Set-Chain with a last Set on the table beside it.
    set_setup(dee, mode="chain", players="solo", table=[9, 10, 11], previousSet=THE_SET)
    page = dee.get("/set")
    assert page["previousSet"]


@walked
def test_set_two_players(client):
    eve = client()
    eve.post("/set/new", json_body={"players": "two-player"})
    page = eve.post("/set/claim", json_body={"player": "two"})
    assert page["playerTwo"]["isClaiming"]
    # A wrong Set: player two is locked out.
    cards = [card["id"] for card in page["cards"]]
    wrong = next(trio for trio in itertools.combinations(cards, 3) if not has_set(list(trio)))
    for card in wrong:
        page = eve.post("/set/cards/{card}/select", path={"card": card})
    eve.post("/set/deal", json_body={"player": "one"})
    eve.post("/set/hint", json_body={"player": "one"})


@walked
def test_daily(client):
    fay = client()
    today = fay.get("/set/daily")
    date = today["date"]
    fay.get("/set/daily/{date}", path={"date": date})
    fay.get("/set/daily/{date}", 404, path={"date": "2999-01-01"})
    fay.post("/set/daily/{date}/replay", 409, path={"date": date})
    fay.post("/set/daily/{date}/start", path={"date": date})
    cards = [card["id"] for card in today["cards"]]
    wrong = next(list(trio) for trio in itertools.combinations(cards, 3) if list(trio) not in sets_among(trio))
    fay.post("/set/daily/{date}/claim", path={"date": date}, json_body={"cards": wrong})
    fay.post("/set/daily/{date}/claim", 400, path={"date": date}, json_body={"cards": [99, 1, 2]})
    found = sets_among(cards)
    assert len(found) == 6
    for trio in found:
        day = fay.post("/set/daily/{date}/claim", path={"date": date}, json_body={"cards": trio})
    assert day["isSolved"] and "shareText" in day
    fay.post("/set/daily/{date}/claim", path={"date": date}, json_body={"cards": found[0]})
    fay.post("/set/daily/{date}/replay", path={"date": date})


@walked
def test_stats(client):
    gus = client()
    gus.get("/stats")
    theme = gus.post("/themes", json_body={"name": "Sea", "emojis": ["🐟", "🐙"], "numberOfPairs": 2,
                                           "color": "teal"})["theme"]["id"]
    finish_memorize(gus, theme)
    extra = companions(3)
    set_setup(gus, mode="normal", players="solo", table=THE_SET + extra, deck=[])
    for card in THE_SET:
        gus.post("/set/cards/{card}/select", path={"card": card})
    assert gus.get("/set")["isOver"]
    set_setup(gus, mode="chain", players="two-player", table=THE_SET + extra, deck=[])
    gus.post("/set/claim", json_body={"player": "one"})
    for card in THE_SET:
        gus.post("/set/cards/{card}/select", path={"card": card})
    gus.get("/stats")
    gus.get("/stats/history.csv")


def room_view(player, code):
    return player.get("/rooms/{code}", path={"code": code})["view"]


@walked
def test_set_room(client):
    host, guest, late = client(), client(), client()
    room = host.post("/rooms", 201, json_body={"game": "set", "mode": "normal", "name": "Ana", "open": True})
    code = room["code"]
    host.get("/rooms/open")
    host.get("/rooms")
    host.get("/rooms/find", 303, query={"code": room["displayCode"]})
    host.get("/rooms/find", 400, query={"code": "K0Q-X4P"})
    guest.get("/rooms/{code}", path={"code": code})
    guest.post("/rooms/{code}/start", 403, path={"code": code})
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    guest.post("/rooms/{code}/join", 422, path={"code": code}, json_body={"name": "ANA"})
    host.post("/rooms/{code}/open", path={"code": code}, json_body={"open": False})
    host.post("/rooms/{code}/start", path={"code": code})
    host.post("/rooms/{code}/start", 409, path={"code": code})
    late.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Cy"})
    view = room_view(host, code)
    cards = view["set"]["cards"]
    wrong = next(list(trio) for trio in itertools.combinations(cards, 3) if list(trio) not in sets_among(trio))
    # At once, the cards have not been in view for the reaction time: "the table changed".
    assert host.post("/rooms/{code}/claim", path={"code": code}, json_body={"cards": wrong})[0]["kind"] == "tableChanged"
    time.sleep(REACTION_SECONDS)
    host.post("/rooms/{code}/claim", path={"code": code}, json_body={"cards": wrong})
    host.post("/rooms/{code}/claim", 409, path={"code": code}, json_body={"cards": [c for c in range(81)
                                                                                    if c not in cards][:3]})
    late.post("/rooms/{code}/claim", 403, path={"code": code}, json_body={"cards": wrong})
    host.post("/rooms/{code}/deal", path={"code": code})
    for turn in range(60):
        view = room_view(host, code)
        if view["phase"] != "playing":
            break
        trio = (sets_among(view["set"]["cards"]) or [None])[0]
        player = (host, guest)[turn % 2]
        if trio:
            time.sleep(REACTION_SECONDS)
            player.post("/rooms/{code}/claim", path={"code": code},
                        json_body={"cards": trio, "seen": 0 if turn == 3 else 10_000})
        else:
            host.post("/rooms/{code}/deal", path={"code": code})
            guest.post("/rooms/{code}/deal", path={"code": code})
    assert view["phase"] == "finished"
    # Recent players: each lists the other, a Set one with its game of Set.
    bo = next(person for person in host.get("/stats")["recentPlayers"] if person["name"] == "Bo")
    assert bo["variant"] == "normal" and bo["inviteURL"] == "/rooms/new?game=set&mode=normal", bo
    events = host.get("/rooms/{code}/events", path={"code": code}, query={"after": "0"})
    host.get("/rooms/{code}/events", path={"code": code}, query={"after": str(events[-1]["number"])})
    host.get("/rooms/{code}/games/{game}", path={"code": code, "game": 1})
    host.get("/rooms/{code}/games/{game}", 404, path={"code": code, "game": 2})
    # Moves faster than anyone plays are refused (each counts, even one the game refuses). The
    # host's own moves of the game are forgiven first (four a second: ten in 2.5 s), so ten are let
    # through; then moves faster than four a second are refused, however long each one takes.
    time.sleep(10 * 0.25)
    for _ in range(10):
        host.post("/rooms/{code}/deal", 409, path={"code": code})
    statuses = []
    while 429 not in statuses and len(statuses) < 10:
        statuses.append(host.attempt("POST", "/rooms/{code}/deal", path={"code": code})[0])
    assert statuses[-1] == 429 and set(statuses[:-1]) <= {409}, statuses
    guest.post("/rooms/quick-play", json_body={"name": "Bo"})
    host.post("/rooms/{code}/start", path={"code": code})
    host.get("/rooms/{code}/games/{game}", 409, path={"code": code, "game": 2})


@walked
def test_room_bots(client):
    """Bots added, refused and taken out in a lobby, a seat that cannot go to one, and a game
    against the computer that starts at once."""
    host, guest = client(), client()
    code = host.post("/rooms", 201, json_body={"game": "set", "name": "Ana"})["code"]
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    added = host.post("/rooms/{code}/bots", path={"code": code}, json_body={"level": "expert"})
    bot = added[0]["member"]
    assert [m.get("bot") for m in added[0]["view"]["members"]] == [None, None, True]
    assert added[0]["view"]["members"][-1]["level"] == "expert"
    guest.post("/rooms/{code}/bots", 403, path={"code": code}, json_body={"level": "casual"})
    host.post("/rooms/{code}/bots", 400, path={"code": code}, json_body={"level": "perfect"})
    host.call("DELETE", "/rooms/{code}/bots/{number}", 409, path={"code": code, "number": 1})
    host.call("DELETE", "/rooms/{code}/bots/{number}", 200, path={"code": code, "number": bot})
    again = host.post("/rooms/{code}/bots", path={"code": code}, json_body={"level": "beginner"})[0]["member"]
    host.post("/rooms/{code}/bots/{number}/remove", path={"code": code, "number": again})
    host.post("/rooms/{code}/bots", path={"code": code}, json_body={"level": "casual"})
    host.post("/rooms/{code}/start", path={"code": code})
    host.post("/rooms/{code}/members/{number}/bot", 409, path={"code": code, "number": 2},
              json_body={"level": "quick"})
    alone = host.post("/rooms", 201, json_body={"game": "set", "bots": 2, "level": "quick"})["code"]
    assert room_view(host, alone)["phase"] == "playing"
    host.post("/rooms", 400, json_body={"game": "set", "bots": 1, "rated": True})


@walked
def test_room_chat(client):
    """Chat and a reaction (and what is refused), a mute and its undoing, who may chat, and
    members removed: one during a game, listed as removed while their seat is on the table."""
    host, guest, third = client(), client(), client()
    code = host.post("/rooms", 201, json_body={"game": "set", "name": "Ana"})["code"]
    room = {"code": code}
    guest.post("/rooms/{code}/join", path=room, json_body={"name": "Bo"})
    third.post("/rooms/{code}/join", path=room, json_body={"name": "Cy"})
    said = guest.post("/rooms/{code}/chat", path=room, json_body={"text": "hello <b>all</b>"})
    assert (said[0]["kind"], said[0]["text"], said[0]["name"]) == ("chat", "hello <b>all</b>", "Bo")
    guest.post("/rooms/{code}/chat", 400, path=room, json_body={"text": " \u200b "})
    reacted = host.post("/rooms/{code}/reactions", path=room, json_body={"emoji": "🎉"})
    assert (reacted[0]["kind"], reacted[0]["text"]) == ("reaction", "🎉")
    host.post("/rooms/{code}/reactions", 400, path=room, json_body={"emoji": "🐙"})
    muted = host.post("/rooms/{code}/members/{number}/mute", path={"code": code, "number": 2},
                      json_body={"muted": True})
    assert muted == {"member": 2, "muted": True}
    host.post("/rooms/{code}/members/{number}/mute", 409, path={"code": code, "number": 1},
              json_body={"muted": True})
    host.post("/rooms/{code}/members/{number}/mute", 404, path={"code": code, "number": 9},
              json_body={"muted": True})
    host.post("/rooms/{code}/members/{number}/mute", path={"code": code, "number": 2}, json_body={"muted": False})
    guest.post("/rooms/{code}/chat/audience", 403, path=room, json_body={"audience": "nobody"})
    changed = host.post("/rooms/{code}/chat/audience", path=room, json_body={"audience": "players"})
    assert changed[0]["kind"] == "chatChanged" and changed[0]["view"]["chatAudience"] == "players"
    host.post("/rooms/{code}/start", path=room)
    removed = host.call("DELETE", "/rooms/{code}/members/{number}", 200, path={"code": code, "number": 3})
    assert removed[0]["kind"] == "removed"
    assert removed[0]["view"]["members"][-1] == {**removed[0]["view"]["members"][-1], "removed": True}
    third.post("/rooms/{code}/chat", 403, path=room, json_body={"text": "let me back"})
    third.post("/rooms/{code}/join", 403, path=room, json_body={"name": "Cy"})
    guest.post("/rooms/{code}/members/{number}/remove", 403, path={"code": code, "number": 1})
    host.post("/rooms/{code}/members/{number}/remove", path={"code": code, "number": 2})


@walked
def test_memorize_room(client, contract_server):
    host, guest = client(), client()
    theme = host.post("/themes", json_body={"name": "Fruit", "emojis": ["🍎", "🍐"], "numberOfPairs": 2,
                                            "color": "red"})["theme"]["id"]
    code = host.post("/rooms", 201, json_body={"game": "memorize", "themeID": theme, "name": "Ana"})["code"]
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    host.post("/rooms/{code}/start", path={"code": code})
    seen = {}
    for _ in range(40):
        view = room_view(host, code)
        if view["phase"] != "playing":
            break
        memorize = view["memorize"]
        player = (host, guest)[memorize["turn"]]
        cards = memorize["cards"]
        face_up = [card for card in cards if card["isFaceUp"] and not card["isMatched"]]
        hidden = [card["id"] for card in cards if not card["isFaceUp"] and not card["isMatched"]]
        if len(face_up) == 1:
            content = face_up[0]["content"]
            twin = [id for id, seen_content in seen.items()
                    if seen_content == content and id != face_up[0]["id"] and id in hidden]
            card = twin[0] if twin else hidden[0]
        else:
            card = hidden[0]
        events = player.post("/rooms/{code}/cards/{card}/choose", path={"code": code, "card": card})
        for event in events:
            for shown in event["view"]["memorize"]["cards"]:
                if "content" in shown:
                    seen[shown["id"]] = shown["content"]
    assert view["phase"] == "finished"
    # Recent players: a Memorize one with its theme, inviting to the host's theme of that name.
    [ana] = guest.get("/stats")["recentPlayers"]
    assert ana["name"] == "Ana" and ana["theme"] == "Fruit" and ana["inviteURL"] == "/rooms/new?game=memorize", ana
    assert host.get("/stats")["recentPlayers"][0]["inviteURL"] == f"/rooms/new?game=memorize&themeID={theme}"
    # New room with these players: the old room points everyone to it.
    next_room = guest.post("/rooms/{code}/again", 201, path={"code": code})["code"]
    assert room_view(host, code)["nextRoom"] == next_room
    assert host.post("/rooms/{code}/again", 201, path={"code": code})["code"] == next_room
    invited = host.get("/rooms/{code}/events", path={"code": code}, query={"after": "0"})
    assert any(event.get("kind") == "invited" for event in invited)
    client().post("/rooms/{code}/again", 403, path={"code": code})
    host.get("/rooms/{code}/games/{game}", path={"code": code, "game": 1}, query={"move": "2"})
    host.get("/rooms/{code}/games/{game}", 400, path={"code": code, "game": 1}, query={"move": "0"})


@pytest.fixture(scope="module")
def daily_server():
    """A server whose day passes in about 4 s and whose sweeps run twice a second, for a room
    played a turn a day (its turns pass after a day)."""
    server = started_server("daily", {"CARDTABLE_TEST_CLOCK_RATE": "20000", "CARDTABLE_TEST_SWEEP_SECONDS": "0.5"})
    server.start()
    yield server
    server.stop()


@walked
def test_daily_room(daily_server, contract):
    """A Memorize room played a turn a day: Ana plays whenever it is her turn, Bo never does, so
    his turns pass after a day and the third missed in a row gives up his seat; your games list
    the room with whose turn it is, since when and until when."""
    host, guest = Client(daily_server.url, contract), Client(daily_server.url, contract)
    host.get("/")
    guest.get("/")
    emojis = ["🍎", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇", "🍓"]
    theme = host.post("/themes", json_body={"name": "Fruit", "emojis": emojis, "numberOfPairs": 8,
                                            "color": "red"})["theme"]["id"]
    refusal = host.post("/rooms", 400, json_body={"game": "set", "pace": "daily"})
    assert "pace" in refusal["error"]["message"], refusal
    code = host.post("/rooms", 201, json_body={"game": "memorize", "themeID": theme, "name": "Ana",
                                               "pace": "daily"})["code"]
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    assert guest.get("/rooms/mine") == {"games": [], "yourTurns": 0}
    host.post("/rooms/{code}/start", path={"code": code})
    view = room_view(host, code)
    assert view["pace"] == "daily" and "turnEnds" in view["memorize"], view
    [mine] = host.get("/rooms/mine")["games"]
    assert mine["code"] == code and mine["yourTurn"] and mine["turn"] == "Ana" and mine["pace"] == "daily", mine
    assert "turnSince" in mine and "turnEnds" in mine, mine
    assert guest.get("/rooms/mine")["games"][0]["yourTurn"] is False
    assert host.get("/")["yourTurnText"] == "Your turn in 1 game"
    assert "yourTurnText" not in guest.get("/")
    seen = {}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        view = room_view(host, code)
        bo = next(member for member in view["members"] if member["name"] == "Bo")
        if bo.get("forfeited") or view["phase"] != "playing":
            break
        memorize = view["memorize"]
        if memorize["turn"] != 0:
            time.sleep(0.2)
            continue
        cards = memorize["cards"]
        for card in cards:
            if "content" in card:
                seen[card["id"]] = card["content"]
        hidden = [card["id"] for card in cards if not card["isFaceUp"] and not card["isMatched"]]
        lone = [card for card in cards if card["isFaceUp"] and not card["isMatched"]]
        if len(lone) == 1:
            # The second card: one known to differ from the first, so the turn passes to Bo.
            differing = [id for id in hidden if id in seen and seen[id] != lone[0]["content"]]
            card = (differing or hidden)[0]
        else:
            card = hidden[0]
        host.post("/rooms/{code}/cards/{card}/choose", path={"code": code, "card": card})
    assert bo.get("forfeited") is True, view
    assert view["phase"] == "playing", view
    events = host.get("/rooms/{code}/events", path={"code": code}, query={"after": "0"})
    kinds = [event.get("kind") for event in events]
    assert kinds.count("turnMissed") == 2 and kinds.count("forfeited") == 1, kinds
    assert guest.get("/rooms/mine") == {"games": [], "yourTurns": 0}


@walked
def test_ratings(client, contract_server):
    """A rated Memorize room played to its end, the ratings it made, the leaderboards (a listed
    player, one who is not, a player with no rating there) and hiding from them."""
    host, guest = client(), client()
    theme = host.post("/themes", json_body={"name": "Pets", "emojis": ["🐶", "🐱"], "numberOfPairs": 2,
                                            "color": "blue"})["theme"]["id"]
    room = {"game": "memorize", "themeID": theme, "name": "Ana", "rated": True, "open": True}
    code = host.post("/rooms", 201, json_body=room)["code"]
    host.post("/rooms/{code}/start", 409, path={"code": code})
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    guest.get("/rooms/open")
    host.post("/rooms/{code}/start", path={"code": code})
    with sqlite3.connect(f"file:{contract_server.database}?mode=ro", uri=True) as db:
        (state,) = db.execute("SELECT state FROM room WHERE code = ?", (code,)).fetchone()
    pairs = {}
    for card in json.loads(state)["table"]["memorize"]["_0"]["game"]["cards"]:
        pairs.setdefault(card["content"], []).append(card["id"])
    for first, second in pairs.values():
        for card in (first, second):
            host.post("/rooms/{code}/cards/{card}/choose", path={"code": code, "card": card})
    view = room_view(host, code)
    assert view["phase"] == "finished" and len(view["ratingChanges"]) == 2, view
    assert host.get("/ratings")["ratings"][0]["mode"] == "standard"
    host.get("/stats")
    host.get("/leaderboard", query={"game": "memorize", "mode": "standard"})
    host.get("/leaderboard", 400, query={"game": "memorize", "mode": "ultra"})
    # A listed player: a settled rating, written as many rated games would leave it.
    listed = client()
    listed.post("/devices/name", json_body={"name": "Cy"})
    player = listed.session.cookies["cardtable_player"][:32]
    with sqlite3.connect(contract_server.database, timeout=10) as db:
        db.execute(
            "INSERT INTO player_rating (player_id, game, mode, rating, deviation, volatility, games, last_played_at)"
            " VALUES (?, 'set', 'normal', 1712.5, 61.0, 0.06, 40, strftime('%Y-%m-%d %H:%M:%f', 'now'))",
            (player,))
    board = listed.get("/leaderboard", query={"game": "set", "mode": "normal"})
    assert board["players"][0]["name"] == "Cy" and board["you"]["rank"] == 1, board
    listed.post("/devices/leaderboards", json_body={"hidden": True})
    assert listed.get("/leaderboard")["you"]["notListedBecause"] == "hidden"
    listed.post("/devices/leaderboards", 400, json_body={"hidden": "maybe"})
    listed.get("/devices")
    guest.get("/leaderboard")
    # A rated game that ends because the other player left: gone from the socket past the grace
    # period (10 s), Bo is away, the game is over and he is counted last.
    code = host.post("/rooms", 201, json_body={"game": "set", "name": "Ana", "rated": True})["code"]
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    host.post("/rooms/{code}/start", path={"code": code})
    address = host.url.replace("http://", "ws://") + f"/rooms/{code}/socket"
    cookie = "cardtable_player=" + guest.session.cookies["cardtable_player"]
    with connect(address, additional_headers={"Cookie": cookie}, open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "snapshot"
    for _ in range(40):
        view = room_view(host, code)
        if view["phase"] == "finished":
            break
        time.sleep(0.5)
    assert view["phase"] == "finished", view
    assert [change.get("left", False) for change in view["ratingChanges"]] == [False, True], view


@walked
def test_room_socket(client, contract):
    """The socket's messages: a snapshot first, an event per move, and an error for a request the
    room cannot take."""
    host, guest = client(), client()
    code = host.post("/rooms", 201, json_body={"game": "set", "name": "Ana"})["code"]
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    address = host.url.replace("http://", "ws://") + f"/rooms/{code}/socket"
    cookie = "cardtable_player=" + host.session.cookies["cardtable_player"]
    with connect(address, additional_headers={"Cookie": cookie}, open_timeout=10) as socket:
        snapshot = json.loads(socket.recv(timeout=10))
        contract.check_message("RoomMessage", snapshot)
        assert snapshot["type"] == "snapshot" and snapshot["you"] == 1
        socket.send(json.dumps({"type": "fly"}))
        error = json.loads(socket.recv(timeout=10))
        contract.check_message("RoomSocketError", error)
        socket.send(json.dumps({"type": "start"}))
        started = json.loads(socket.recv(timeout=10))
        contract.check_message("RoomMessage", started)
        assert started["kind"] == "started"


@walked
def test_set_chain_room(client):
    host, guest = client(), client()
    code = host.post("/rooms", 201, json_body={"game": "set", "mode": "chain", "name": "Ana"})["code"]
    guest.post("/rooms/{code}/join", path={"code": code}, json_body={"name": "Bo"})
    host.post("/rooms/{code}/start", path={"code": code})
    view = room_view(guest, code)
    trio = sets_among(view["set"]["cards"])[0]
    time.sleep(REACTION_SECONDS)
    events = guest.post("/rooms/{code}/claim", path={"code": code}, json_body={"cards": trio})
    assert sorted(events[-1]["view"]["set"]["previousSet"]) == sorted(trio)


def player_id(client):
    return client.session.cookies["cardtable_player"].split(".")[0]


@walked
def test_damaged_saves(client, contract_server):
    """A saved game or theme that can no longer be read is set aside, and the answer says so."""
    hal = client()
    theme = hal.post("/themes", json_body={"name": "Moon", "emojis": ["🌑", "🌕"], "numberOfPairs": 2,
                                           "color": "gray"})["theme"]["id"]
    game = hal.get("/play/{slot}", path={"slot": theme})
    hal.post("/play/{slot}/choose/{card}", path={"slot": theme, "card": 1}, form={"deal": game["deal"]})
    hal.post("/set/deal")
    with sqlite3.connect(contract_server.database, timeout=10) as db:
        for table in ("set_game", "memorize_game"):
            changed = db.execute(f"UPDATE {table} SET state = 'not a game' WHERE player_id = ?",
                                 [player_id(hal)]).rowcount
            assert changed == 1, table
    assert "setAsideNotice" in hal.get("/set")
    assert "setAsideNotice" in hal.get("/play/{slot}", path={"slot": theme})
    with sqlite3.connect(contract_server.database, timeout=10) as db:
        db.execute("UPDATE theme SET emojis = 'not emoji' WHERE id = ?", [theme])
    assert "setAsideNotice" in hal.get("/")


@walked
def test_devices_and_appearance(client):
    ana, phone = client(), client()
    ana.post("/devices/name", json_body={"name": "Ana"})
    ana.post("/devices/name", 400, json_body={"name": "x" * 41})
    code = ana.post("/devices/codes", 201)["code"]
    ana.post("/devices/recovery-code", 201)
    finish_memorize(phone, phone.get("/")["rows"][0]["theme"]["id"])
    phone.post("/devices/link", json_body={"code": code})
    phone.post("/devices/link", 404, json_body={"code": code})
    phone.post("/devices/link", 400, json_body={"code": "?"})
    devices = ana.get("/devices")["devices"]
    other = next(device for device in devices if not device["isThisDevice"])
    ana.post("/devices/{device}/forget", 204, path={"device": other["id"]})
    ana.post("/devices/{device}/forget", 404, path={"device": other["id"]})
    ana.post("/devices/name", json_body={"name": None})
    ana.post("/appearance", json_body={"appearance": "dark"})
    ana.post("/appearance", 400, json_body={"appearance": "sepia"})
    ana.post("/sound", json_body={"sound": "off"})
    ana.post("/sound", 400, json_body={"sound": "loud"})


@walked
def test_push_key(client):
    """The VAPID public key: an uncompressed P-256 point, the same for every player (py-vapid's
    cryptography reads it as a key on the curve)."""
    key = client().get("/push/key")["publicKey"]
    assert client().get("/push/key")["publicKey"] == key
    point = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    assert public.curve.name == "secp256r1" and len(point) == 65


@walked
def test_push_subscriptions(client):
    """A subscription kept (the contract's server takes loopback endpoints), replaced, refused
    for an endpoint that is not https on a public address, and removed."""
    ana = client()
    browser = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    keys = {"p256dh": base64.urlsafe_b64encode(browser).rstrip(b"=").decode(), "auth": "AAECAwQFBgcICQoLDA0ODw"}
    endpoint = "http://127.0.0.1:9/push/contract"
    kept = ana.post("/push/subscriptions", 201, json_body={"endpoint": endpoint, "keys": keys})
    assert kept == {"endpoint": endpoint, "notify": ["yourTurn", "roomStarted"]}
    kept = ana.post("/push/subscriptions", 201,
                    json_body={"endpoint": endpoint, "keys": keys, "notify": ["daily"], "dailyHour": 8})
    assert kept["notify"] == ["daily"] and kept["dailyHour"] == 8
    for refused in ("https://10.0.0.1/push", "https://192.168.1.9/push", "http://push.example.net/push"):
        ana.post("/push/subscriptions", 400, json_body={"endpoint": refused, "keys": keys})
    ana.post("/push/subscriptions", 400, json_body={"endpoint": endpoint, "keys": {**keys, "auth": "AAEC"}})
    client().delete("/push/subscriptions", 404, json_body={"endpoint": endpoint})
    ana.delete("/push/subscriptions", 204, json_body={"endpoint": endpoint})
    ana.delete("/push/subscriptions", 404, json_body={"endpoint": endpoint})


@walked
def test_platform_and_errors(client):
    visitor = client()
    visitor.get("/health")
    visitor.get("/ready")
    visitor.get("/openapi.yaml")
    anonymous = Client(visitor.url, visitor.contract)
    anonymous.post("/rooms", 403, json_body={"game": "set"})
    # Guessing room codes: the eleventh miss in a row waits.
    for _ in range(10):
        visitor.get("/rooms/{code}", 404, path={"code": "ZZZZZZ"})
    visitor.get("/rooms/{code}", 429, path={"code": "ZZZZZZ"})


def test_every_documented_field_came_in_some_answer(contract):
    """Runs after the walks: a property the contract names that no answer carried."""
    if WALKED != set(WALKS):
        pytest.skip("needs every walk of this file to have run and passed before it")
    missing = sorted(f"{schema.split('#')[-1]}: {field}" for schema, field in
                     contract.documented_properties() - contract.seen)
    assert missing == [], "documented, never answered:\n" + "\n".join(missing)
