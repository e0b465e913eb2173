"""Open rooms: a host lists a room and a stranger sees it appear on /rooms and sits down without a
code; Quick play seats the next player in the room a first player waits in; the list without
script."""

import re

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from room_helpers import updates, wait_for_update

ROOM_URL = re.compile(r"/rooms/[2-9A-Z]{6}$")


def lobby_updates(page):
    return int(page.evaluate("Number(document.documentElement.dataset.lobbyUpdates || 0)"))


def wait_for_lobby_update(page, before):
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.lobbyUpdates || 0) > n", arg=before, timeout=15000)


def open_room(page, name):
    """Makes a Set room listed under Open rooms from the home page's With friends."""
    page.goto("/")
    page.locator(".hub-set").get_by_role("link", name="With friends").click()
    page.locator("#room-name").fill(name)
    page.get_by_label("List it under Open rooms").check()
    size = page.viewport_size
    page.screenshot(path=str(SCREENSHOTS / f"room-new-open-{size['width']}x{size['height']}.png"))
    page.get_by_role("button", name="Make a room").click()
    page.wait_for_url(ROOM_URL)
    expect(page.locator("[data-room-listing]")).to_be_visible()
    return page.url


def test_a_stranger_sees_an_open_room_appear_and_joins_it_without_a_code(player):
    host, stranger = player(390, 844), player(390, 844)
    stranger.goto("/")
    stranger.locator(".hub-set").get_by_role("link", name="Open rooms").click()
    stranger.wait_for_url(re.compile(r"/rooms$"))
    before = lobby_updates(stranger)

    url = open_room(host, "Lobby Ana")
    code = url.rsplit("/", 1)[1]
    host.screenshot(path=str(SCREENSHOTS / "room-lobby-open-390x844.png"), full_page=True)
    row = stranger.locator(f".lobby-room[data-code='{code}']")
    # The list refreshes itself: the room appears without a reload.
    wait_for_lobby_update(stranger, before)
    expect(row).to_be_visible(timeout=15000)
    expect(row).to_contain_text("Set")
    expect(row).not_to_contain_text("normal")
    expect(row).to_contain_text("Waiting for players")
    expect(row).to_contain_text("1 player · 7 seats free")

    # Bo has no name yet: Join leads to the room's name form, and in he is.
    host_before = updates(host)
    row.get_by_role("link", name="Join").click()
    stranger.wait_for_url(url)
    stranger.locator("#room-name").fill("Lobby Bo")
    stranger.get_by_role("button", name="Join").click()
    stranger.wait_for_selector(".room-member.is-you")
    wait_for_update(host, host_before)
    expect(host.locator("[data-room-members]")).to_contain_text("Lobby Bo")

    # The host takes the room off the list: it leaves the list at once.
    host.get_by_role("button", name="Take off Open rooms").click()
    expect(host.get_by_role("button", name="List under Open rooms")).to_be_visible()
    stranger.goto("/rooms")
    expect(stranger.locator(f".lobby-room[data-code='{code}']")).to_have_count(0)
    assert host.errors == [] and stranger.errors == []


def test_quick_play_seats_the_second_player_in_the_first_players_room(player):
    first, second = player(390, 844), player(390, 844)
    first.goto("/")
    first.locator(".hub-set").get_by_role("button", name="Quick play").click()
    # A player without a name is asked for one first.
    first.locator("#room-name").fill("Quick Ana")
    first.get_by_role("button", name="Find a table").click()
    first.wait_for_url(ROOM_URL)
    url = first.url

    before = updates(first)
    second.goto("/")
    second.locator(".hub-set").get_by_role("button", name="Quick play").click()
    second.locator("#room-name").fill("Quick Bo")
    second.get_by_role("button", name="Find a table").click()
    second.wait_for_url(url)
    wait_for_update(first, before)
    expect(first.locator("[data-room-members]")).to_contain_text("Quick Bo")
    expect(second.locator(".room-member.is-you")).to_contain_text("Quick Bo")
    assert first.errors == [] and second.errors == []


def test_the_list_works_without_script(player):
    host = player(390, 844)
    url = open_room(host, "Plain Ana")
    code = url.rsplit("/", 1)[1]
    guest = player(390, 844, javascript=False)
    guest.goto("/rooms")
    guest.get_by_role("link", name="Refresh").click()
    row = guest.locator(f".lobby-room[data-code='{code}']")
    expect(row).to_be_visible()
    row.get_by_role("link", name="Join").click()
    guest.locator("#room-name").fill("Plain Bo")
    guest.get_by_role("button", name="Join").click()
    expect(guest.locator(".room-member.is-you")).to_contain_text("Plain Bo")


@pytest.mark.parametrize("width,height", SIZES)
def test_open_rooms_at_every_size(player, width, height):
    host = player(width, height)
    open_room(host, "Size Ana")
    page = player(width, height)
    page.goto("/rooms")
    expect(page.locator(".lobby-room").first).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"/rooms is {overflow}px wider than {width}×{height}"
    page.screenshot(path=str(SCREENSHOTS / f"lobby-{width}x{height}.png"))
