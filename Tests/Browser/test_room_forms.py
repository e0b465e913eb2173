"""Room forms the server refuses keep the player on their page, with and without script: a code
that finds no room (the home page), a name taken (the room page) or refused (the new-room form)
comes back with the error's status, what was typed kept, and the message beside the field."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from room_helpers import join, make_room, updates, wait_for_update


def no_serious_violations(page):
    """The axe audit (it runs as script: the pages without script have the same markup)."""
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


def screenshots(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    for width, height in [(390, 844), (844, 390)]:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size(size)


def submit(page, button, path_end):
    """Presses `button` and returns the status of the answer to the form."""
    with page.expect_response(lambda r: r.request.resource_type == "document" and path_end in r.url) as answer:
        page.get_by_role("button", name=button).click()
    page.wait_for_load_state()
    return answer.value.status


def expect_sent_back(page, field, typed, message):
    expect(field).to_have_value(typed)
    expect(field).to_have_attribute("aria-invalid", "true")
    # (The message's list item starts with a warning sign.)
    expect(field).to_have_accessible_description(re.compile(re.escape(message) + "$"))
    expect(field).to_be_focused()


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_code_that_finds_no_room_keeps_the_player_on_the_home_page(player, javascript):
    page = player(390, 844, javascript=javascript)
    page.goto("/")
    page.get_by_label("Join a room").fill("k0q x4p")
    assert submit(page, "Join", "/rooms/find") == 400
    expect(page).to_have_title("CardTable")
    expect_sent_back(
        page, page.get_by_label("Join a room"), "k0q x4p",
        "code must be the six letters and digits of a room, like K7Q-X4P (codes have no 0, 1, I, L or O).")
    if javascript:
        no_serious_violations(page)
        screenshots(page, "home-find-room-error")
    # A code that names no room, the same way.
    page.get_by_label("Join a room").fill("zzz-zzz")
    assert submit(page, "Join", "/rooms/find") == 404
    expect_sent_back(
        page, page.get_by_label("Join a room"), "zzz-zzz",
        "There is no room ZZZ-ZZZ: check the code, or make a new room.")
    assert page.errors == []


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_name_taken_keeps_the_player_on_the_room_page(player, javascript):
    host = player(390, 844)
    url = make_room(host, "Ana")
    guest = player(390, 844, javascript=javascript)
    guest.goto(url)
    guest.locator("#room-name").fill("ana")
    assert submit(guest, "Join", "/join") == 422
    expect(guest).to_have_title(re.compile(r"^Room "))
    message = "Someone in the room is already called ana; pick another name."
    expect_sent_back(guest, guest.get_by_label("Your name"), "ana", message)
    if javascript:
        no_serious_violations(guest)
        screenshots(guest, "room-join-error")
        # The page stays live, and keeps the name and its message when it redraws.
        before = updates(guest)
        join(player(), url, "Cy")
        wait_for_update(guest, before)
        expect(guest.locator("[data-room-members]")).to_contain_text("Cy")
        expect(guest.get_by_label("Your name")).to_have_value("ana")
        expect(guest.get_by_label("Your name")).to_have_accessible_description(re.compile(re.escape(message)))
    # Another name joins.
    guest.get_by_label("Your name").fill("Bo")
    guest.get_by_role("button", name="Join").click()
    guest.wait_for_selector(".room-member.is-you")
    expect(guest.locator(".room-member.is-you")).to_contain_text("Bo")
    assert host.errors == [] and guest.errors == []


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_refused_name_keeps_the_host_on_the_new_room_form(player, javascript):
    page = player(844, 390, javascript=javascript)
    page.goto("/rooms/new?game=set")
    # Zero-width spaces pass the field's `required`, and show nothing.
    page.get_by_label("Your name").fill("\u200b\u200b")
    assert submit(page, "Make a room", "/rooms") == 400
    expect(page).to_have_title("Play with friends · CardTable")
    expect_sent_back(page, page.get_by_label("Your name"), "\u200b\u200b", "Type a name to show the others.")
    if javascript:
        no_serious_violations(page)
        screenshots(page, "room-new-error")
    page.get_by_label("Your name").fill("Ana")
    page.get_by_role("button", name="Make a room").click()
    page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
    assert page.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_modes_of_the_new_room_form_line_up(player, width, height, scheme):
    """The modes are one list: each a row as wide as the form (a target of 44 px or more), its
    radio button a small circle at the same place in every row, its name beside it."""
    page = player(width=width, height=height, color_scheme=scheme)
    page.goto("/rooms/new?game=set")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"room-new-{scheme}-{width}x{height}.png"), full_page=True)
    rows = [label.bounding_box() for label in page.locator(".room-mode-choice").all()]
    radios = [radio.bounding_box() for radio in page.locator(".room-mode-choice input").all()]
    names = [name.bounding_box() for name in page.locator(".room-mode-choice strong").all()]
    form = page.locator(".room-join").bounding_box()
    assert len(rows) == len(radios) == len(names) == 4
    for row, radio, name in zip(rows, radios, names):
        assert abs(row["x"] - form["x"]) < 1 and abs(row["width"] - form["width"]) < 1, (row, form)
        assert row["height"] >= 44, row
        assert radio["width"] <= 24 and abs(radio["x"] - radios[0]["x"]) < 1, radio
        assert abs(name["x"] - names[0]["x"]) < 1, name
    # The title leaves the appearance toggle in the bar's one row.
    toggle = page.locator("[data-appearance-toggle] button").bounding_box()
    title = page.locator(".page-title").bounding_box()
    assert toggle["y"] < title["y"] + title["height"] and toggle["x"] + toggle["width"] <= width, (toggle, title)
    no_serious_violations(page)
