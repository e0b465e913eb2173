import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// Issue 10: every response carries the Content Security Policy and the other security headers,
/// and no page needs inline script or style for the policy to allow it.
@Suite struct SecurityHeadersTests {
    static let policy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// `policy: false` for stylesheets and scripts, where browsers do not enforce one.
    private func expectSecurityHeaders(_ response: TestResponse, _ what: String, policy: Bool = true) {
        #expect(response.headers[.contentSecurityPolicy] == (policy ? Self.policy : nil), "\(what)")
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(what)")
        #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(what)")
    }

    @Test func everyKindOfResponseCarriesTheHeaders() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/")
            expectSecurityHeaders(page, "page")
            expectSecurityHeaders(try await browser.get("/", json: true), "JSON")
            expectSecurityHeaders(try await browser.get("/health"), "health")
            let asset = try await browser.get("/static/app.css")
            expectSecurityHeaders(asset, "stylesheet", policy: false)
            expectSecurityHeaders(try await browser.get("/static/set.js"), "script", policy: false)
            expectSecurityHeaders(try await browser.get("/static/icon.svg"), "image")
            let etag = try #require(asset.headers[.eTag])
            let notModified = try await session.client.execute(
                uri: "/static/app.css", method: .get, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            expectSecurityHeaders(notModified, "304")
            expectSecurityHeaders(try await browser.get("/no/such/page"), "404")
            expectSecurityHeaders(try await browser.get("/no/such/page", json: true), "JSON 404")
            let redirect = try await browser.post(MemorizeRoute.newGame(.random).path)
            #expect(redirect.status == .seeOther)
            expectSecurityHeaders(redirect, "redirect")
            expectSecurityHeaders(try await browser.post("/static/app.css"), "405")
            expectSecurityHeaders(
                try await browser.get("/styles/grid/16.css"), "grid stylesheet", policy: false)
        }
    }

    @Test func noPageHoldsInlineStyleOrScript() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let paths = [
                "/", ThemesRoute.chooser(editing: true).path, ThemesRoute.newTheme.path,
                MemorizeRoute.game(.random).path, SetRoute.page.path, "/no/such/page",
            ]
            for path in paths {
                let html = try await browser.get(path).text
                #expect(!html.contains("<style"), "\(path)")
                #expect(!html.contains(" style="), "\(path)")
                #expect(!html.contains("<script>"), "\(path)")
                #expect(!html.contains("<script type=\"module\">"), "\(path)")
            }
            // A face-up card with its speed bonus running: the pie's numbers are data attributes.
            let game = MemorizeRoute.game(.random).path
            _ = try await browser.get(game)
            _ = try await browser.post(MemorizeRoute.choose(card: 1, in: .random).path)
            let html = try await browser.get(game).text
            #expect(!html.contains(" style="))
        }
    }

    @Test func gridsAreStylesheetsKeyedByCardCount() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let game = try await browser.get(MemorizeRoute.game(.random).path).text
            #expect(game.contains(#"<link rel="stylesheet" href="/styles/grid/"#))
            let set = try await browser.get(SetRoute.page.path).text
            #expect(set.contains(#"<link rel="stylesheet" href="/styles/set-grid/12.css">"#))

            let grid = try await browser.get("/styles/grid/16.css")
            #expect(grid.status == .ok)
            #expect(grid.text == CardGridLayout(cardCount: 16).stylesheet)
            #expect(grid.headers[.contentType] == "text/css; charset=utf-8")
            #expect(grid.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(grid.headers[.eTag])
            let again = try await session.client.execute(
                uri: "/styles/grid/16.css", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            let setGrid = try await browser.get("/styles/set-grid/21.css")
            #expect(setGrid.text == CardGridLayout.setTable(cardCount: 21).stylesheet)
            for bad in ["016.css", "0.css", "x.css", "16", "-1.css", "99999999.css"] {
                #expect(try await browser.get("/styles/grid/" + bad).status == .notFound, "\(bad)")
            }
        }
    }

    @Test func themeColorsAreClassesFromAGeneratedStylesheet() async throws {
        let style = ThemeColorStyle(.gradient(.named("red"), .named("blue")))
        #expect(style.className == "theme-color-e5383b-1c6dd0")
        #expect(style.stylesheetURL == "/styles/colors/e5383b-1c6dd0.css")
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let chooser = try await browser.get("/").text
            #expect(chooser.contains(#"<link rel="stylesheet" href="/styles/colors/"#))
            #expect(chooser.contains(#"class="theme-row theme-color-"#))
            let css = try await browser.get("/styles/colors/e5383b-1c6dd0_ff880080.css")
            #expect(
                css.text == """
                    .theme-color-e5383b-1c6dd0 { --theme-accent: #e5383b; --theme-fill: linear-gradient(135deg, #e5383b, #1c6dd0); }
                    .theme-color-ff880080 { --theme-accent: #ff880080; --theme-fill: #ff880080; }

                    """)
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            for bad in ["E5383B.css", "e5383b", "e5383b_.css", "e5383b-.css", "e53;}.css", "1-2-3.css"] {
                #expect(try await browser.get("/styles/colors/" + bad).status == .notFound, "\(bad)")
            }
        }
    }
}
