"""One player on every device: a code shown on /devices, typed on another browser's home page,
makes that browser the same player (stats, streak, themes), its own finished games added;
forgetting a device makes it a new visitor, even on a room page it has open; a name set on one
device starts the room forms of all. Screenshots of /devices and the home page's form at phone
and tablet sizes go to Tests/Browser/screenshots/."""

import re

from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from helpers import create_theme
from room_helpers import join, make_room
from set_helpers import THE_SET, act, card, companions, setup
from test_daily_and_stats import solve


def finish_set_game(page):
    """Plays a Set game set up one Set from its end to the end."""
    setup(page, table=THE_SET + companions(3))
    for id in THE_SET:
        act(page, card(page, id))
    expect(page.locator("[data-set-game-over]")).to_be_visible()


def games_played(page):
    page.goto("/stats")
    return page.locator("[data-stats-played]").text_content().strip()


def show_code(page):
    page.goto("/devices")
    page.get_by_role("button", name="Show a code").click()
    code = page.locator("[data-devices-link-code]")
    expect(code).to_have_text(re.compile(r"^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$"))
    return code.text_content()


def link_from_home(page, code):
    page.goto("/")
    page.locator(".link-device summary").click()
    page.fill("#home-device-code", code)
    page.locator(".link-device form").get_by_role("button", name="Link").click()
    expect(page.locator("[data-devices-linked]")).to_be_visible()


def test_a_second_browser_linked_with_a_code_is_the_same_player_until_forgotten(player):
    phone = player()
    solve(phone, wrong_first=False)
    finish_set_game(phone)
    create_theme(phone, "Linked Fruit", "🍎🍐🍊🍋")
    code = show_code(phone)
    for width, height in SIZES:
        phone.set_viewport_size({"width": width, "height": height})
        phone.screenshot(path=str(SCREENSHOTS / f"devices-code-{width}x{height}.png"), full_page=True)
        widths = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], f"/devices is {widths[0]}px wide in a {widths[1]}px window"
    phone.set_viewport_size({"width": 390, "height": 844})

    laptop = player(1180, 820)
    # Typed as a player might: small letters, a space for the dash.
    link_from_home(laptop, code.lower().replace("-", " "))
    assert games_played(laptop) == "1"
    expect(laptop.locator("[data-stats-streak]")).to_have_text("1")
    laptop.goto("/")
    expect(laptop.locator(".theme-row", has_text="Linked Fruit")).to_have_count(1)

    phone.goto("/devices")
    devices = phone.locator(".devices-list li")
    expect(devices).to_have_count(2)
    for width, height in SIZES:
        phone.set_viewport_size({"width": width, "height": height})
        phone.screenshot(path=str(SCREENSHOTS / f"devices-list-{width}x{height}.png"), full_page=True)
    other = devices.filter(has_not_text="(this device)")
    other.get_by_role("button", name=re.compile("^Forget")).click()
    expect(phone.locator(".devices-list li")).to_have_count(1)
    # The laptop's cookie names nobody now: it is a new visitor with nothing played.
    assert games_played(laptop) == "0"
    assert games_played(phone) == "1"
    assert phone.errors == [] and laptop.errors == []


def test_linking_adds_the_second_browsers_own_finished_games(player):
    phone = player()
    finish_set_game(phone)
    laptop = player()
    finish_set_game(laptop)
    finish_set_game(laptop)
    link_from_home(laptop, show_code(phone))
    expect(laptop.locator("[data-devices-linked]")).to_contain_text("2 finished games")
    assert games_played(laptop) == "3"
    assert games_played(phone) == "3"


def test_forgetting_this_device_asks_first_then_starts_over(player):
    page = player()
    finish_set_game(page)
    page.goto("/devices")
    forget = page.get_by_role("button", name="Forget this device")
    expect(forget).to_be_hidden()
    page.locator(".devices-forget summary").click()
    expect(forget).to_be_visible()
    forget.click()
    page.wait_for_url(re.compile(r"/$"))
    assert games_played(page) == "0"


def test_a_mistyped_code_is_sent_back_beside_the_field(player):
    page = player()
    page.goto("/")
    page.locator(".link-device summary").click()
    page.fill("#home-device-code", "OOPS-1234")
    page.locator(".link-device form").get_by_role("button", name="Link").click()
    field = page.locator("#device-code")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value("OOPS-1234")
    expect(page.locator("#device-code-messages")).to_contain_text("code must be")
    for width, height in [(390, 844), (820, 1180)]:
        page.set_viewport_size({"width": width, "height": height})
        page.goto("/")
        page.locator(".link-device summary").click()
        page.locator(".hub-set").screenshot(path=str(SCREENSHOTS / f"home-link-form-{width}x{height}.png"))


def test_a_name_chosen_on_one_device_starts_the_room_forms_of_another(player):
    phone = player()
    phone.goto("/devices")
    phone.fill("#display-name", "<i>Ana</i>")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator("[data-devices-name-saved]")).to_have_text("Saved: rooms will call you <i>Ana</i>.")
    for width, height in SIZES:
        phone.set_viewport_size({"width": width, "height": height})
        phone.locator("#display-name").scroll_into_view_if_needed()
        phone.screenshot(path=str(SCREENSHOTS / f"devices-name-{width}x{height}.png"))
    laptop = player(1180, 820)
    link_from_home(laptop, show_code(phone))
    laptop.goto("/set")
    laptop.get_by_text("Options").click()
    laptop.get_by_role("link", name="Play with friends").click()
    expect(laptop.locator("#room-name")).to_have_value("<i>Ana</i>")
    laptop.get_by_role("button", name="Make a room").click()
    expect(laptop.locator(".room-member.is-you .room-member-name")).to_have_text("<i>Ana</i>")
    assert laptop.locator("[data-room-members] i").count() == 0
    assert phone.errors == [] and laptop.errors == []


def test_a_room_page_open_on_a_forgotten_device_starts_over_as_a_new_visitor(player):
    phone, friend = player(), player()
    url = make_room(phone, "Ana")
    laptop = player(1180, 820)
    link_from_home(laptop, show_code(phone))
    phone.goto(url)
    phone.wait_for_function("() => Number(document.documentElement.dataset.roomSockets || 0) >= 1")
    expect(phone.locator(".room-member.is-you")).to_have_text(re.compile("Ana"))
    laptop.goto("/devices")
    laptop.locator(".devices-list li", has_not_text="(this device)").get_by_role(
        "button", name=re.compile("^Forget")).click()
    expect(laptop.locator(".devices-list li")).to_have_count(1)
    # The friend's join reaches the phone's socket, which the server closes: the page reloads as
    # a newcomer, who is not Ana.
    join(friend, url, "Bo")
    expect(phone.locator("#room-name")).to_be_visible()
    expect(phone.locator(".room-member.is-you")).to_have_count(0)
    assert phone.errors == [] and laptop.errors == [] and friend.errors == []
