"""Dark mode (issue 34): every page follows the system's light/dark preference unless the player
chose one with the toggle in the top bar (remembered by the server, so every new page load has
it); the toggle works without script (a form that comes back) and with it (at once, no reload);
every page passes axe in dark mode, both as the system's choice and as the player's; the Set
colors keep 4.5:1 against the card and stay apart (in color-blind mode for protan, deutan and
tritan vision too). Screenshots of every page in both themes at the four sizes."""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from helpers import create_theme, tap
from room_helpers import play_set_to_the_end, started_room
from set_helpers import THE_SET, companions, setup


def choose(page, appearance):
    response = page.request.post(
        "/appearance", data=json.dumps({"appearance": appearance}),
        headers={"Content-Type": "application/json", "Accept": "application/json"})
    assert response.ok, response.text()
    assert response.json() == {"appearance": appearance}


def luminance(css_color):
    """The relative luminance (WCAG) of a computed `rgb(…)`/`rgba(…)` color."""
    red, green, blue = [int(part) / 255 for part in re.findall(r"[\d.]+", css_color)[:3]]

    def linear(channel):
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first, second):
    high, low = sorted([luminance(first), luminance(second)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def page_is_dark(page):
    return luminance(page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05


def toggle(page):
    return page.locator("[data-appearance-toggle] button")


# MARK: - The toggle


def test_the_toggle_works_without_script_and_is_remembered(player):
    page = player(javascript=False)
    page.goto("/stats")
    assert page.locator("html").get_attribute("data-appearance") == "system"
    assert not page_is_dark(page)
    expect(toggle(page)).to_have_accessible_name("Appearance: system. Switch to light.")
    toggle(page).click()
    page.wait_for_url(re.compile(r"/stats$"))
    assert page.locator("html").get_attribute("data-appearance") == "light"
    toggle(page).click()
    page.wait_for_url(re.compile(r"/stats$"))
    assert page.locator("html").get_attribute("data-appearance") == "dark"
    assert page_is_dark(page)
    expect(toggle(page)).to_have_accessible_name("Appearance: dark. Switch to system.")
    # A new page load, of another page, is dark from the first paint (the server draws it so).
    other = page.context.new_page()
    other.goto("/set/rules")
    assert other.locator("html").get_attribute("data-appearance") == "dark"
    assert page_is_dark(other)


def test_the_toggle_switches_at_once_with_script(player):
    page = player(color_scheme="dark")
    page.goto("/set/rules")
    page.wait_for_load_state("networkidle")
    assert page_is_dark(page)  # the system's preference
    page.evaluate("window.notReloaded = true")
    toggle(page).click()
    expect(page.locator("html")).to_have_attribute("data-appearance", "light")
    assert not page_is_dark(page)
    expect(toggle(page)).to_have_accessible_name("Appearance: light. Switch to dark.")
    assert page.locator('meta[name="theme-color"]').first.get_attribute("media") == "all"
    assert page.locator('meta[name="color-scheme"]').get_attribute("content") == "light"
    toggle(page).click()
    expect(page.locator("html")).to_have_attribute("data-appearance", "dark")
    assert page_is_dark(page)
    assert page.evaluate("window.notReloaded") is True
    assert page.errors == []
    # Remembered: a reload, and another device's page load of the same player, are dark.
    page.reload()
    assert page.locator("html").get_attribute("data-appearance") == "dark"
    assert page_is_dark(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_toggle_is_in_the_top_bar_without_crowding_it(player, scheme):
    page = player(color_scheme=scheme)
    page.goto("/")
    theme = page.locator(".theme-row:not(.random-row) .row-link").first.get_attribute("href").rsplit("/", 1)[1]
    for path in ["/", "/stats", "/devices", "/set/rules", "/set/daily/archive", "/rooms/new?game=set",
                 f"/rooms/new?game=memorize&themeID={theme}", "/rooms"]:
        page.goto(path)
        button = toggle(page).bounding_box()
        bar = page.locator(".top-bar").bounding_box()
        assert button and button["x"] + button["width"] <= 390 and button["y"] < bar["y"] + bar["height"], path
        # The bar stays one row: nothing wraps under the title.
        assert bar["height"] <= 70, path
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


# MARK: - Every page in dark mode

PAGES = [
    "home", "edit-mode", "new-theme", "memorize", "set", "set-two-players", "set-color-blind",
    "set-rules", "daily", "daily-archive", "room-new", "room-lobby", "room-playing", "room-finished",
    "room-replay", "stats", "devices", "not-found", "offline",
]


class Tour:
    """Brings a player's page to each named page: a theme, a room (with a guest) as it goes."""

    def __init__(self, page, guest):
        self.page, self.guest = page, guest
        self.theme = create_theme(page, "Garden", "🌷🌻🌼🌸🌺🍀🌵🌴")
        self.room = None

    def show(self, name):
        page = self.page
        if name == "home":
            page.goto("/")
        elif name == "edit-mode":
            page.goto("/?edit=1")
        elif name == "new-theme":
            page.goto("/themes/new")
        elif name == "memorize":
            page.goto(f"/play/{self.theme}")
            tap(page, 1)
        elif name == "set":
            setup(page, table=THE_SET + companions(9), deck=companions(12)[9:])
        elif name == "set-two-players":
            setup(page, table=THE_SET + companions(9), mode="two-player")
        elif name == "set-color-blind":
            setup(page, table=THE_SET + companions(9), deck=companions(12)[9:])
            response = page.request.post("/set/color-blind", form={"enabled": "true"})
            assert response.ok, response.text()
            page.goto("/set")
        elif name == "set-rules":
            page.goto("/set/rules")
        elif name == "daily":
            page.goto("/set/daily")
        elif name == "daily-archive":
            page.goto("/set/daily/archive")
        elif name == "room-new":
            page.goto("/rooms/new?game=set")
        elif name == "room-lobby":
            self.guest.goto("/")
            page.goto("/rooms/new?game=set")
            page.locator("#room-name").fill("Ana")
            page.get_by_role("button", name="Make a room").click()
            page.wait_for_url(re.compile(r"/rooms/[2-9A-Z]{6}$"))
            self.room = page.url
        elif name == "room-playing":
            self.code = started_room(page, self.guest)
        elif name == "room-finished":
            play_set_to_the_end([page, self.guest], self.code)
            page.goto(f"/rooms/{self.code}")
        elif name == "room-replay":
            page.goto(f"/rooms/{self.code}/games/1?move=2")
        elif name == "stats":
            page.goto("/stats")
        elif name == "devices":
            page.goto("/devices")
        elif name == "not-found":
            page.goto("/play/999999")
        elif name == "offline":
            page.goto("/offline")
        page.wait_for_timeout(400)


def serious_violations(page):
    results = Axe().run(page)
    return [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")], results


@pytest.mark.parametrize("how", ["system-dark", "chosen-dark", "chosen-light"])
def test_every_page_passes_axe_in_both_themes_and_is_photographed(player, how):
    """Dark as the system's preference, dark as the player's choice over a light system, and
    light chosen over a dark system; each page is audited at a phone's size, then photographed
    at the four sizes."""
    system = "dark" if how in ("system-dark", "chosen-light") else "light"
    page, guest = player(color_scheme=system), player(color_scheme=system)
    tour = Tour(page, guest)
    if how.startswith("chosen"):
        choose(page, how.removeprefix("chosen-"))
    expected_dark = how != "chosen-light"
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = {}
    for name in PAGES:
        page.set_viewport_size({"width": 390, "height": 844})
        tour.show(name)
        # NB: the error and offline pages are drawn outside the player's pages (they follow the
        # system), so only a system preference makes them dark.
        dark = expected_dark if name not in ("not-found", "offline") else system == "dark"
        assert page_is_dark(page) == dark, name
        serious, results = serious_violations(page)
        if serious:
            problems[name] = results.generate_report()
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            theme = "dark" if dark else "light"
            page.screenshot(path=str(SCREENSHOTS / f"{theme}-{how}-{name}-{width}x{height}.png"))
    assert problems == {}, "\n\n".join(f"{name}:\n{report}" for name, report in problems.items())
    assert page.errors == []


# MARK: - Set colors

# Machado, Oliveira and Fernandes (2009), severity 1: linear RGB as protan, deutan and tritan
# vision sees it.
DICHROMACY = {
    "protan": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deutan": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritan": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def linear_rgb(css_color):
    channels = [int(part) / 255 for part in re.findall(r"[\d.]+", css_color)[:3]]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def lab(rgb):
    """CIELAB (D65) of linear RGB."""
    r, g, b = [min(1, max(0, c)) for c in rgb]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]


def distance(first, second):
    return sum((a - b) ** 2 for a, b in zip(lab(first), lab(second))) ** 0.5


def set_colors(page):
    """The stroke of a symbol of each color, the cards' face, and the color-blind letters' fill."""
    return page.evaluate("""() => {
        const style = (selector, property) => {
            const element = document.querySelector(selector);
            return element ? getComputedStyle(element)[property] : null;
        };
        return {
            red: style(".set-red use", "stroke"), green: style(".set-green use", "stroke"),
            purple: style(".set-purple use", "stroke"), face: style(".set-card", "backgroundColor"),
            cues: [...document.querySelectorAll(".set-cue")].filter(c => getComputedStyle(c).display !== "none")
                .map(c => getComputedStyle(c).fill),
        };
    }""")


def every_color(page):
    """A table with all three colors: the Set (one of each color) and companions."""
    setup(page, table=THE_SET + companions(9), deck=companions(12)[9:])


@pytest.mark.parametrize("color_blind", [False, True])
def test_set_colors_keep_their_contrast_and_stay_apart_in_both_themes(player, color_blind):
    seen = {}
    for theme in ["light", "dark"]:
        page = player(color_scheme=theme)
        every_color(page)
        if color_blind:
            response = page.request.post("/set/color-blind", form={"enabled": "true"})
            assert response.ok, response.text()
            page.goto("/set")
        assert page_is_dark(page) == (theme == "dark")
        colors = set_colors(page)
        seen[theme] = colors
        names = ["red", "green", "purple"]
        for name in names:
            assert colors[name], name
            ratio = contrast(colors[name], colors["face"])
            assert ratio >= 4.5, f"{theme} {name} {colors[name]} on {colors['face']}: {ratio:.2f}"
        if color_blind:
            # The letters are drawn in the card's color: text, so 4.5:1.
            assert colors["cues"], "no color-blind letters shown"
            assert all(contrast(cue, colors["face"]) >= 4.5 for cue in colors["cues"]), colors["cues"]
        rgb = {name: linear_rgb(colors[name]) for name in names}
        visions = {"typical": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}
        if color_blind:
            visions.update(DICHROMACY)
        for vision, matrix in visions.items():
            seen_as = {name: [sum(m * c for m, c in zip(row, rgb[name])) for row in matrix] for name in names}
            for first, second in [("red", "green"), ("red", "purple"), ("green", "purple")]:
                apart = distance(seen_as[first], seen_as[second])
                assert apart >= 20, f"{theme} {vision}: {first} and {second} are {apart:.1f} apart"
    # The card face stays light, so the colors look the same in both themes.
    assert seen["light"] == seen["dark"]
