"""No page is wider than the screen: every page a player can reach, with the longest names a
player can type (40 characters without a space to break at), at phone and tablet sizes in both
orientations, and a Memorize game whose score reached −1,000. (The Set pages' longest scores are
the Set tests' own.)"""

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, SIZES
from helpers import create_theme, deal_new_game, new_game_of, tap
from room_helpers import join, make_memorize_room, make_room, play_set_to_the_end, updates, wait_for_update

# As long as a theme or player name may be (ThemeDraft.maximumNameLength), and unbreakable.
LONGEST_NAME = "W" * 40
# Wide glyphs, each its own character: as long again on screen.
LONGEST_EMOJI_NAME = "🦒" * 40

# Every element wider than the page, or reaching past its right edge, unless something between
# it and the page clips it (a scrolling row, an ellipsis).
STICKING_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const clipped = element => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      if (getComputedStyle(node).overflowX !== "visible") return true;
    }
    return false;
  };
  const out = [...document.body.querySelectorAll("*")].filter(element => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") return false;
    return box.right > width + 0.5 && !clipped(element);
  });
  return {
    scrollWidth: document.documentElement.scrollWidth, width,
    out: out.slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${e.className}: ${Math.round(e.getBoundingClientRect().right)}`),
  };
}"""


def sticking_out_at_every_size(page, name, screenshot):
    """Shows the page at each size, taking a screenshot named `screenshot`-WxH.png, and returns
    what sticks out at each."""
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        problems.append(sticking_out(page, name, width))
        page.screenshot(path=str(SCREENSHOTS / f"{screenshot}-{width}x{height}.png"))
    return [problem for problem in problems if problem]


def sticking_out(page, name, width):
    """What of the page sticks out past the right edge of the screen, or `None`."""
    found = page.evaluate(STICKING_OUT)
    if found["scrollWidth"] <= width and found["out"] == []:
        return None
    page.screenshot(path=str(SCREENSHOTS / f"wider-{name.replace(' ', '-')}-{width}.png"))
    return f"{name} at {width} px: {found}"


@pytest.fixture(scope="module")
def long_named(browser, server):
    """A player called LONGEST_NAME with a theme of each longest name, in a Memorize room with a
    second player of the longest name, and the room's address."""
    context = browser.new_context(viewport={"width": 1180, "height": 820}, base_url=server.url)
    guest_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url)
    page = context.new_page()
    theme = create_theme(page, LONGEST_NAME, "🌷🌻🌼🌸🌺🍀🌵🌴")
    create_theme(page, LONGEST_EMOJI_NAME, "🐶🐱🐭🐹")
    page.goto("/devices")
    page.locator("#display-name").fill(LONGEST_NAME)
    page.locator(".devices-form").get_by_role("button", name="Save").click()
    expect(page.locator("[data-devices-name-saved]")).to_be_visible()
    room = make_memorize_room(page, theme, LONGEST_NAME)
    guest = guest_context.new_page()
    join(guest, room, LONGEST_EMOJI_NAME)
    yield page, theme, room
    context.close()
    guest_context.close()


def pages_of(page, theme, room):
    """(name, how to get there) for every page."""
    return [
        ("home", lambda: page.goto("/")),
        ("edit mode", lambda: page.goto("/?edit=1")),
        ("editor", lambda: page.goto(f"/themes/{theme}/edit")),
        ("new theme", lambda: page.goto("/themes/new")),
        ("Memorize", lambda: (page.goto(f"/play/{theme}"), tap(page, 1))),
        ("Set", lambda: page.goto("/set")),
        ("Set rules", lambda: page.goto("/set/rules")),
        ("daily", lambda: page.goto("/set/daily")),
        ("daily archive", lambda: page.goto("/set/daily/archive")),
        ("stats", lambda: page.goto("/stats")),
        ("devices", lambda: page.goto("/devices")),
        ("new room", lambda: page.goto(f"/rooms/new?game=memorize&themeID={theme}")),
        ("room", lambda: page.goto(room)),
        ("not found", lambda: page.goto("/play/999999")),
    ]


@pytest.mark.parametrize("width,height", SIZES)
def test_no_page_is_wider_than_the_screen(long_named, width, height):
    page, theme, room = long_named
    page.set_viewport_size({"width": width, "height": height})
    problems = []
    for name, go in pages_of(page, theme, room):
        go()
        page.wait_for_load_state()
        problems.append(sticking_out(page, name, width))
    assert [problem for problem in problems if problem] == []


def test_the_room_game_fits_with_the_longest_names(long_named):
    page, _, room = long_named
    page.goto(room)
    before = updates(page)
    page.get_by_role("button", name="Start the game").click()
    wait_for_update(page, before)
    assert sticking_out_at_every_size(page, "room game", "room-longest-names") == []


def test_a_memorize_score_of_minus_a_thousand_fits(player, server):
    page = player()
    theme, cards = new_game_of(page, server, LONGEST_NAME, "🌷🌻🌼🌸🌺🍀🌵🌴")
    # Three cards of three different emoji, chosen in turn: every second choice is a mismatch,
    # and each loses 2 points once both cards were seen. (Cards are numbered from 1 in the
    # order the database lists them.)
    numbers = [1 + cards.index(emoji) for emoji in list(dict.fromkeys(cards))[:3]]
    deal = page.locator("input[name=deal]").get_attribute("value")
    for tap_count in range(1012):
        response = page.request.post(
            f"/play/{theme}/choose/{numbers[tap_count % 3]}", form={"deal": deal}, max_redirects=0)
        assert response.status == 303, response.status
    page.goto(f"/play/{theme}")
    assert int(page.locator("[data-score]").text_content().replace(",", "").replace("−", "-")) <= -1000
    assert sticking_out_at_every_size(page, "Memorize at −1,000", "memorize-score-minus-1000") == []


def test_finished_games_fit_with_the_longest_names(long_named, browser, server):
    """Game over, a finished Set room's ranking and replay, and the stats they add to."""
    page, theme, _ = long_named
    page.set_viewport_size({"width": 1180, "height": 820})
    page.goto(f"/play/{theme}")
    deal_new_game(page)
    cards = server.game_cards(theme)
    for emoji in dict.fromkeys(cards):
        for number in [index + 1 for index, content in enumerate(cards) if content == emoji]:
            tap(page, number)
    page.wait_for_selector("[data-game-over]")
    guest_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url)
    guest = guest_context.new_page()
    room = make_room(page, LONGEST_NAME)
    code = room.rsplit("/", 1)[1]
    join(guest, room, LONGEST_EMOJI_NAME)
    before = updates(guest)
    page.get_by_role("button", name="Start the game").click()
    wait_for_update(guest, before)
    play_set_to_the_end([page, guest], code)
    guest_context.close()
    finished = [
        ("Memorize game over", lambda: page.goto(f"/play/{theme}")),
        ("room results", lambda: page.goto(room)),
        ("room replay", lambda: page.goto(f"/rooms/{code}/games/1")),
        ("stats", lambda: page.goto("/stats")),
    ]
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for name, go in finished:
            go()
            page.wait_for_load_state()
            problems.append(sticking_out(page, name, width))
            page.screenshot(path=str(SCREENSHOTS / f"longest-names-{name.replace(' ', '-')}-{width}x{height}.png"))
    # The stats page, last, lists the finished games under their long names.
    expect(page.get_by_text(LONGEST_NAME).first).to_be_visible()
    assert [problem for problem in problems if problem] == []
