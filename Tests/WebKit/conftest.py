"""Fixtures for the WebKit tests. Tests/WebKit/run.sh starts cardtable and passes its address."""

import os
from pathlib import Path

import pytest

from webview import Page

SCREENSHOTS = Path(__file__).parent.parent / "Browser" / "screenshots"  # git-ignored


@pytest.fixture
def player():
    """Makes new players: each a fresh WebView with its own ephemeral cookie store. At the end
    every page must have met no JavaScript error, dialog or Content Security Policy violation."""
    url = os.environ.get("CARDTABLE_URL")
    assert url, "run the WebKit tests with Tests/WebKit/run.sh"
    pages = []

    def make(width=390, height=844):
        page = Page(url, width, height)
        pages.append(page)
        return page

    yield make
    errors = [error for page in pages for error in page.errors]
    for page in pages:
        page.close()
    assert errors == [], "errors in the pages:\n" + "\n".join(errors)
