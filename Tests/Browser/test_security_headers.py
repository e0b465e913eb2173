"""Every response carries the security headers, and the browser enforces the policy."""

import urllib.request

import conftest

POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def test_pages_carry_the_policy_and_chromium_enforces_it(player):
    page = player()
    response = page.goto("/")
    assert response.headers["content-security-policy"] == POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"
    # An inline style attribute is refused, and the suite's listener hears of it.
    seen = len(conftest.CSP_VIOLATIONS)
    blocked = page.evaluate("""() => new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.violatedDirective), { once: true });
        document.body.insertAdjacentHTML("beforeend", '<div id="probe" style="color: red"></div>');
    })""")
    assert blocked.startswith("style-src")
    page.wait_for_timeout(200)
    assert len(conftest.CSP_VIOLATIONS) > seen
    del conftest.CSP_VIOLATIONS[seen:]  # expected: this test's own probe


def test_generated_stylesheets_are_cached_and_marked_nosniff(server):
    for path in ["/styles/grid/16.css", "/styles/set-grid/21.css", "/styles/colors/e5383b.css"]:
        with urllib.request.urlopen(server.url + path) as response:
            assert response.headers["Content-Type"] == "text/css; charset=utf-8"
            assert "max-age=31536000" in response.headers["Cache-Control"]
            assert response.headers["ETag"]
            # Browsers enforce a policy only on documents and workers, so stylesheets go without.
            assert response.headers["Content-Security-Policy"] is None
            assert response.headers["X-Content-Type-Options"] == "nosniff"
