"""CardTable as a home-screen app: every page links a valid manifest whose icons all load at the
sizes it claims; the service worker takes control of the whole site; offline, a page shows the
offline page, and back online pages come fresh from the server (never from the cache); and with
a simulated notch (the safe-area insets of a phone held either way) nothing sits under it.
Screenshots go to Tests/Browser/screenshots/."""

import re
import struct
from urllib.parse import urljoin

from playwright.sync_api import Error, expect

from conftest import SCREENSHOTS
from set_helpers import setup

PAGES_WITH_HEAD = ["/", "/set", "/set/daily", "/set/daily/archive", "/stats", "/offline"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data):
    """The width and height a PNG's IHDR chunk gives."""
    assert data[:8] == PNG_SIGNATURE, "a PNG file"
    assert data[12:16] == b"IHDR", "a PNG starts with its IHDR chunk"
    return struct.unpack(">II", data[16:24])


def decoded_size(page, url):
    """The size Chromium decodes the image at `url` to."""
    return page.evaluate(
        """url => new Promise((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve([image.naturalWidth, image.naturalHeight]);
            image.onerror = () => reject(new Error("cannot decode " + url));
            image.src = url;
        })""", url)


def wait_for_the_worker(page):
    """Waits until the service worker controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15000)


def test_every_page_links_the_manifest_and_the_apple_touch_icon(player):
    page = player()
    links = set()
    for path in PAGES_WITH_HEAD:
        page.goto(path)
        manifest = page.locator('link[rel="manifest"]').get_attribute("href")
        icon = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
        assert re.fullmatch(r"/static/app\.[0-9a-f]{6,}\.webmanifest", manifest or ""), f"{path}: {manifest}"
        assert re.fullmatch(r"/static/icon-180\.[0-9a-f]{6,}\.png", icon or ""), f"{path}: {icon}"
        viewport = page.locator('meta[name="viewport"]').get_attribute("content")
        assert "viewport-fit=cover" in viewport, f"{path}: {viewport}"
        # One theme color for light and one for dark, each for its color scheme.
        colors = page.locator('meta[name="theme-color"]')
        assert [colors.nth(i).get_attribute("media") for i in range(colors.count())] == [
            "(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"], path
        assert all(colors.nth(i).get_attribute("content") for i in range(2)), f"{path}: no theme-color"
        links.add((manifest, icon))
    assert len(links) == 1, f"every page links the same files: {links}"


def test_the_manifest_is_valid_and_every_icon_loads_at_its_size(player):
    page = player()
    page.goto("/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    response = page.request.get(href)
    assert response.status == 200, response.status
    assert response.headers["content-type"].startswith("application/manifest+json"), response.headers
    manifest = response.json()
    for field in ["name", "short_name", "start_url", "theme_color", "icons"]:
        assert manifest.get(field), f"the manifest has {field}: {manifest}"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] == page.locator('meta[name="theme-color"]').first.get_attribute("content")
    icons = manifest["icons"]
    kinds = {(icon["sizes"], icon["type"], icon.get("purpose", "any")) for icon in icons}
    for kind in [("192x192", "image/png", "any"), ("512x512", "image/png", "any"),
                 ("512x512", "image/png", "maskable"), ("any", "image/svg+xml", "any")]:
        assert kind in kinds, f"the manifest lists a {kind} icon: {icons}"
    manifest_url = urljoin(page.url, href)
    for icon in icons:
        url = urljoin(manifest_url, icon["src"])
        assert url.startswith(page.url.rstrip("/")), f"icons are the site's own: {url}"
        response = page.request.get(url)
        assert response.status == 200, f"{url}: {response.status}"
        assert response.headers["content-type"] == icon["type"], f"{url}: {response.headers['content-type']}"
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(response.body()) == (width, height), f"{url} is {png_size(response.body())}"
            assert decoded_size(page, url) == [width, height], url
        else:
            assert b"<svg" in response.body(), url
            assert decoded_size(page, url)[0] > 0, url
    # The apple-touch-icon: a 180×180 PNG.
    icon = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    response = page.request.get(icon)
    assert response.status == 200 and response.headers["content-type"] == "image/png", response.headers
    assert png_size(response.body()) == (180, 180)
    assert decoded_size(page, icon) == [180, 180]
    # Chromium's own reading of the manifest: no error, and nothing but the private window (every
    # test context is one) stops it from being installed.
    wait_for_the_worker(page)
    cdp = page.context.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert read["url"] == manifest_url and read["errors"] == [], read["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors


# How far apart two icons are drawn at 180 px: the mean difference of a color channel (0–255)
# over the circle every icon keeps its drawing in (the corners differ: rounded or square).
DRAWING_DIFFERENCE = """async ([first, second]) => {
  const size = 180;
  const pixels = async src => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0, size, size);
    return context.getImageData(0, 0, size, size).data;
  };
  const [a, b] = await Promise.all([pixels(first), pixels(second)]);
  let total = 0, count = 0;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
    if (Math.hypot(x - size / 2, y - size / 2) > size * 0.4) continue;
    for (let channel = 0; channel < 3; channel++) {
      const i = (y * size + x) * 4 + channel;
      total += Math.abs(a[i] - b[i]);
      count++;
    }
  }
  return total / count;
}"""


def test_the_tab_icon_is_the_home_screen_icon(player):
    page = player()
    page.goto("/")
    favicon = page.locator("link[rel=icon]").get_attribute("href")
    touch_icon = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    difference = page.evaluate(DRAWING_DIFFERENCE, [favicon, touch_icon])
    assert difference < 3, f"the tab icon differs from the home-screen icon by {difference:.1f} a channel"


def test_the_service_worker_controls_every_page_of_the_site(player):
    page = player()
    page.goto("/set")
    wait_for_the_worker(page)
    worker = page.evaluate(
        """() => navigator.serviceWorker.ready.then(r => ({
            scope: r.scope, script: r.active.scriptURL, state: r.active.state,
            controller: navigator.serviceWorker.controller.scriptURL }))""")
    root = page.url.rsplit("/set", 1)[0] + "/"
    assert worker["scope"] == root, worker
    assert worker["script"] == root + "service-worker.js" == worker["controller"], worker
    assert worker["state"] == "activated", worker
    response = page.request.get("/service-worker.js")
    assert response.headers["content-type"].startswith("text/javascript"), response.headers
    assert response.headers["cache-control"] == "no-cache", response.headers
    # Another page, deeper in the site, is controlled from its first load.
    page.goto("/set/daily/archive")
    assert page.evaluate("() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL") \
        == root + "service-worker.js"
    assert page.errors == []


CACHED = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map(request => new URL(request.url).pathname));
    }
    return urls;
}"""


def test_offline_shows_the_offline_page_and_online_pages_are_fresh(player):
    page = player()
    page.goto("/set/daily")
    wait_for_the_worker(page)
    expect(page.locator("[data-daily-start]")).to_be_visible()
    page.goto("/set")
    expect(page.locator("[data-set-card]").first).to_be_visible()
    page.context.set_offline(True)
    for path in ["/set", "/play/random"]:
        page.goto(path)
        expect(page).to_have_title("Offline · CardTable")
        expect(page.locator("h1")).to_have_text("You're offline")
        expect(page.locator("main")).to_contain_text("Your game is saved")
        expect(page.locator("main")).to_contain_text("when the connection returns")
        expect(page.get_by_role("link", name="Try again")).to_be_visible()
        assert page.url.endswith(path), f"the offline page answers at the address asked for: {page.url}"
        # The offline page is styled: its stylesheet comes from the worker's cache.
        assert page.evaluate("() => document.styleSheets.length > 0 && getComputedStyle(document.body).margin === '0px'"), \
            "the offline page has its stylesheet"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "offline-390x844.png"))
    # While this player is offline, the same player (the same cookie) starts today's puzzle on
    # another device.
    other = player()
    other.context.add_cookies(page.context.cookies())
    other.goto("/set/daily")
    with other.expect_navigation():
        other.locator("[data-daily-start]").click()
    expect(other.locator("[data-daily-card]")).to_have_count(12)
    # Back online: Try again brings the real page, and the daily page shows the start made
    # meanwhile, so it came from the server, not from a cache.
    page.context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    page.wait_for_load_state()
    expect(page).not_to_have_title("Offline · CardTable")
    page.goto("/set")
    expect(page).to_have_title(re.compile("Set"))
    expect(page.locator("[data-set-card]").first).to_be_visible()
    page.goto("/set/daily")
    expect(page.locator("[data-daily-card]")).to_have_count(12)
    expect(page.locator("[data-daily-start]")).to_have_count(0)
    # The worker keeps the offline page and fingerprinted static files, and no other page.
    cached = page.evaluate(CACHED)
    assert "/offline" in cached, cached
    others = [url for url in cached if url != "/offline" and not re.fullmatch(r"/static/[^/]+\.[0-9a-f]{6,}\.[a-z]+", url)]
    assert others == [], f"only the offline page and static files are kept: {others}"
    assert page.errors == []


# A phone's safe-area insets, in CSS pixels: the notch on top (or at the side when the phone is
# turned) and the home indicator at the bottom.
NOTCHES = {
    "portrait": (390, 844, {"top": 47, "right": 0, "bottom": 34, "left": 0}),
    "landscape": (844, 390, {"top": 0, "right": 47, "bottom": 21, "left": 47}),
}


def simulate_notch(page, insets):
    """Asks Chromium to report `insets` as env(safe-area-inset-*); False when it cannot."""
    try:
        page.notch_session = page.context.new_cdp_session(page)
        page.notch_session.send("Emulation.setSafeAreaInsetsOverride", {"insets": insets})
        return True
    except Error:
        return False


def check_insets(page, insets, by_chromium):
    if not by_chromium:
        # NB: the fallback when Chromium cannot override the insets: the body's padding as
        # env(safe-area-inset-*) would give it, set through the CSSOM (an injected <style> would
        # break the Content Security Policy).
        page.evaluate("i => { document.body.style.padding = `${i.top}px ${i.right}px ${i.bottom}px ${i.left}px`; }", insets)
    padding = page.evaluate(
        "() => { const s = getComputedStyle(document.body); return [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft]; }")
    assert padding == [f"{insets[side]}px" for side in ["top", "right", "bottom", "left"]], \
        f"the body keeps clear of the insets: {padding}"


OUT_OF_INSETS = """([selector, insets]) => [...document.querySelectorAll(selector)]
    .filter(element => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
    .map(element => {
        const box = element.getBoundingClientRect();
        return { what: element.className || element.tagName, box: [box.left, box.top, box.right, box.bottom] };
    })
    .filter(({ box: [left, top, right] }) =>
        top + scrollY < insets.top - 0.5 || left < insets.left - 0.5 || right > innerWidth - insets.right + 0.5)"""


def show(page, name):
    if name == "set":
        setup(page, seed=2024)
    elif name == "daily":
        page.goto("/set/daily")
        with page.expect_navigation():
            page.locator("[data-daily-start]").click()
        expect(page.locator("[data-daily-card]")).to_have_count(12)
    elif name == "stats":
        page.goto("/stats")


FIRST = {"set": "[data-set-card]", "daily": "[data-daily-card]", "stats": ".stats-figures > div"}


def test_nothing_sits_under_a_notch(player):
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for orientation, (width, height, insets) in NOTCHES.items():
        page = player(width=width, height=height, reduced_motion="reduce")
        by_chromium = simulate_notch(page, insets)
        for name in ["set", "daily", "stats"]:
            show(page, name)
            check_insets(page, insets, by_chromium)
            page.wait_for_timeout(300)
            page.screenshot(path=str(SCREENSHOTS / f"notch-{name}-{width}x{height}.png"))
            first = page.locator(FIRST[name]).first.bounding_box()
            assert first is not None, f"{name}: the first card is shown"
            if first["y"] < insets["top"] or first["x"] < insets["left"] \
                    or first["x"] + first["width"] > width - insets["right"]:
                problems.append(f"{name} {width}x{height}: the first card {first} is under the notch")
            for selector in [".top-bar > *", FIRST[name], "main .button, main button"]:
                for clash in page.evaluate(OUT_OF_INSETS, [selector, insets]):
                    problems.append(f"{name} {width}x{height}: {clash['what']} at {clash['box']} is under the notch")
            # The puzzle promises its twelve cards in view, above the home indicator (with the
            # script the third card claims, and there is no Claim Set button to show).
            if name == "daily":
                expect(page.locator("[data-daily-card]")).to_have_count(12)
                last = page.locator("[data-daily-card]").last.bounding_box()
                if last["y"] + last["height"] > height - insets["bottom"] + 0.5:
                    problems.append(f"daily {width}x{height}: the last card ends at "
                                    f"{last['y'] + last['height']:.0f}px, under the home indicator")
            # When the page does not scroll, nothing may sit on the home indicator either.
            if page.evaluate("document.documentElement.scrollHeight <= innerHeight"):
                bottom = page.evaluate(
                    "() => Math.max(...[...document.querySelectorAll('main button, main .button, main a')]"
                    ".filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().bottom))")
                if bottom > height - insets["bottom"] + 0.5:
                    problems.append(f"{name} {width}x{height}: a control reaches {bottom}px, over the home indicator")
        assert page.errors == []
    assert problems == [], "\n".join(problems)
