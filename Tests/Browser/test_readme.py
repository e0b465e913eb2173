"""The README's steps work as written: a player follows them, pressing each control by the
name the README gives it (in *italics*), in the README's order."""

import re
from pathlib import Path

from playwright.sync_api import expect

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def names_in(lead, before_brackets=False):
    """The names in *italics* of the README sentence that starts with `lead`, in order (only
    those before its first bracket, which tells other ways to the same place, if asked)."""
    start = README.index(lead)
    sentence = re.split(r"(?<=[a-z*)])\.\s", README[start:], maxsplit=1)[0]
    if before_brackets:
        sentence = sentence.split(" (")[0]
    return re.findall(r"(?<!\*)\*([^*]+)\*(?!\*)", sentence)


def press(page, name):
    control = page.get_by_role("link", name=name, exact=True).or_(
        page.get_by_role("button", name=name, exact=True)).or_(page.get_by_text(name, exact=True))
    expect(control.first).to_be_visible()
    control.first.click()


def test_making_a_room_as_the_readme_says(player):
    page = player()
    page.goto("/set")
    names = names_in("**Play together, each on their own phone:**", before_brackets=True)
    assert names and names[-1] == "Make a room", names
    for name in names[:-1]:
        press(page, name)
    page.get_by_label(re.compile("name", re.I)).first.fill("Ana")
    press(page, "Make a room")
    page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))


def test_linking_a_device_as_the_readme_says(player):
    page = player()
    page.goto("/")
    names = names_in("player, with its own themes and games, until you link it:")
    assert {"Your devices", "I have a code", "Show a code"} <= set(names), names
    # "open *Your devices* (under *I have a code* on the home page, …), press *Show a code*"
    press(page, "I have a code")
    press(page, "Your devices")
    press(page, "Show a code")
    expect(page.locator("[data-devices-link-code]")).to_be_visible()
