"""Draws CardTable's home-screen icons from Tools/icons/app-icon.svg with Debian's chromium.

    bash Tests/Browser/install.sh && .venv/bin/python Tools/icons/render.py

Writes into Sources/CardTableWeb/Platform/Resources/ (and the PNGs are committed with the source):
    icon-180.png            apple-touch-icon: full-bleed square (iOS rounds the corners itself)
    icon-192.png, icon-512.png   "any" purpose: the square with rounded, transparent corners
    icon-maskable-512.png   "maskable" purpose: full-bleed; the drawing keeps to the safe circle
    icon.svg                the tab's icon: the same drawing, its corners rounded as the PNGs'
"""

import pathlib
import re

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = ROOT / "Tools/icons/app-icon.svg"
OUTPUT = ROOT / "Sources/CardTableWeb/Platform/Resources"

# The "any" icons' corner radius, as a share of the size.
CORNER = 0.1875

# name, size in pixels, corner radius as a share of the size (0: square)
ICONS = [
    ("icon-180.png", 180, 0),
    ("icon-192.png", 192, CORNER),
    ("icon-512.png", 512, CORNER),
    ("icon-maskable-512.png", 512, 0),
]


def page_for(svg, size, corner):
    radius = round(size * corner)
    return f"""<!doctype html><html><head><style>
        html, body {{ margin: 0; background: transparent; }}
        div {{ width: {size}px; height: {size}px; border-radius: {radius}px; overflow: hidden; }}
        svg {{ display: block; width: {size}px; height: {size}px; }}
    </style></head><body><div>{svg}</div></body></html>"""


def favicon(svg):
    """The drawing as the tab's icon: without its comments, the background's corners rounded."""
    svg = re.sub(r"\s*<!--.*?-->", "", svg, flags=re.S)
    background = '<rect width="512" height="512" '
    assert background in svg, "app-icon.svg's background is no longer its first rect"
    return svg.replace(background, f'{background}rx="{round(512 * CORNER)}" ', 1)


def main():
    svg = SOURCE.read_text()
    (OUTPUT / "icon.svg").write_text(favicon(svg))
    print(f"wrote {OUTPUT / 'icon.svg'}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, size, corner in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(page_for(svg, size, corner))
            page.locator("div").screenshot(path=str(OUTPUT / name), omit_background=True)
            page.close()
            print(f"wrote {OUTPUT / name}")
        browser.close()


if __name__ == "__main__":
    main()
