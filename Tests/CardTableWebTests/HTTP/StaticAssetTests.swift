import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Issue 11: pages link to static files by content-hashed addresses that browsers keep for a year;
/// the plain and outdated addresses keep working but are always revalidated.
@Suite struct StaticAssetTests {
    static let immutable = "public, max-age=31536000, immutable"

    /// Every page a player can see, and an error page.
    static let pages = [
        "/", ThemesRoute.chooser(editing: true).path, ThemesRoute.newTheme.path,
        MemorizeRoute.game(.random).path, SetRoute.page.path, "/no/such/page",
    ]

    @Test func everyLinkOnEveryPageIsAFingerprintedAddressKeptForAYear() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            var linked: Set<String> = []
            for page in Self.pages {
                let links = Self.staticLinks(in: try await browser.get(page).text)
                #expect(!links.isEmpty, "\(page)")
                for link in links {
                    #expect(link.wholeMatch(of: Self.fingerprinted) != nil, "\(page): \(link)")
                    linked.insert(link)
                }
            }
            for link in linked {
                let asset = try await browser.get(link)
                #expect(asset.status == .ok, "\(link)")
                #expect(asset.headers[.cacheControl] == Self.immutable, "\(link)")
                #expect(asset.headers[.eTag] != nil, "\(link)")
            }
            for file in [
                "app.css", "icon.svg", "set.css", "set.js", "memorize.css", "memorize.js", "themes.css",
                "themes.js",
            ] {
                #expect(
                    linked.contains { $0.hasPrefix("/static/\(file.split(separator: ".")[0]).") }, "\(file)")
            }
        }
    }

    @Test func scriptsImportTheirSiblingsByFingerprintedAddress() async throws {
        let assets = try StaticAssets()
        let shared = try #require(assets.address(of: "cardtable.js"))
        for script in ["set.js", "memorize.js"] {
            let text = String(buffer: try #require(assets.asset(named: script)).body)
            #expect(text.contains("from \"./\(shared)\""), "\(script)")
            #expect(!text.contains("\"./cardtable.js\""), "\(script)")
        }
        try await withTestApp { session in
            let shared = try await session.client.execute(uri: "/static/\(shared)", method: .get)
            #expect(shared.status == .ok)
            #expect(shared.headers[.cacheControl] == Self.immutable)
        }
    }

    @Test func aChangedImportChangesTheImportingScriptsAddress() throws {
        func addresses(sharedScript: String) throws -> (shared: String, page: String, pageText: String) {
            var loader = AssetLoader(sources: [
                "page.js": Self.source("import { go } from \"./shared.js\";\ngo();\n"),
                "shared.js": Self.source(sharedScript),
            ])
            let page = try loader.load("page.js", importedBy: [])
            let shared = try #require(loader.loaded["shared.js"])
            return (shared.address, page.address, String(buffer: page.body))
        }
        let before = try addresses(sharedScript: "export function go() {}\n")
        let same = try addresses(sharedScript: "export function go() {}\n")
        let after = try addresses(sharedScript: "export function go() { return 1; }\n")
        #expect(before.shared == same.shared && before.page == same.page)
        #expect(after.shared != before.shared)
        #expect(after.page != before.page)
        #expect(before.pageText == "import { go } from \"./\(before.shared)\";\ngo();\n")
    }

    @Test func aFileAScriptFindsBesideItselfIsNamedByItsAddress() throws {
        let script = "const found = new URL(\"./found.wav\", import.meta.url);\n"
        var loader = AssetLoader(sources: [
            "sound.js": Self.source(script),
            "found.wav": AssetSource(bytes: [1, 2, 3], contentType: "audio/wav"),
        ])
        let sound = try loader.load("sound.js", importedBy: [])
        let found = try #require(loader.loaded["found.wav"])
        #expect(
            String(buffer: sound.body) == "const found = new URL(\"./\(found.address)\", import.meta.url);\n")
        var missing = AssetLoader(sources: ["sound.js": Self.source(script)])
        #expect(throws: BrokenImport.self) { try missing.load("sound.js", importedBy: []) }
    }

    @Test func aBrokenOrCircularImportStopsTheStart() throws {
        var missing = AssetLoader(sources: ["page.js": Self.source("import \"./gone.js\";")])
        #expect(throws: BrokenImport.self) { try missing.load("page.js", importedBy: []) }
        var circle = AssetLoader(sources: [
            "a.js": Self.source("import \"./b.js\";"), "b.js": Self.source("import \"./a.js\";"),
        ])
        #expect(throws: BrokenImport.self) { try circle.load("a.js", importedBy: []) }
    }

    @Test func aTemplateLinkingToAnUnknownFileStopsTheStart() throws {
        let assets = try StaticAssets()
        let linked = try AssetLinks.rewriting(
            "<link href=\"/static/app.css\"><img src=\"/static/icon.svg\">", of: "t.mustache", to: assets)
        let css = try #require(assets.address(of: "app.css"))
        let icon = try #require(assets.address(of: "icon.svg"))
        #expect(linked == "<link href=\"/static/\(css)\"><img src=\"/static/\(icon)\">")
        #expect(throws: UnknownAssetLink.self) {
            try AssetLinks.rewriting("<script src=\"/static/nowhere.js\">", of: "t.mustache", to: assets)
        }
    }

    @Test func plainNamesAreStillServedButAlwaysRevalidated() async throws {
        try await withTestApp { session in
            for file in ["app.css", "set.js", "cardtable.js", "icon.svg"] {
                let plain = try await session.client.execute(uri: "/static/\(file)", method: .get)
                #expect(plain.status == .ok, "\(file)")
                #expect(plain.headers[.cacheControl] == "no-cache", "\(file)")
                let etag = try #require(plain.headers[.eTag])
                let again = try await session.client.execute(
                    uri: "/static/\(file)", method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified, "\(file)")
                #expect(again.body.readableBytes == 0, "\(file)")
                #expect(again.headers[.cacheControl] == "no-cache", "\(file)")
            }
        }
    }

    @Test func anOutdatedFingerprintGetsTodaysFileButNeverForAYear() async throws {
        let assets = try StaticAssets()
        let current = try #require(assets.asset(named: "set.js"))
        try await withTestApp { session in
            let stale = try await session.client.execute(uri: "/static/set.0123456789.js", method: .get)
            #expect(stale.status == .ok)
            #expect(stale.body == current.body)
            #expect(stale.headers[.cacheControl] == "no-cache")
            #expect(stale.headers[.contentType] == "text/javascript; charset=utf-8")
            for unknown in [
                "nothing.0123456789.js", "chooser.0123456789.css", "set.XYZ0123456.js", "set.01.js",
            ] {
                let missing = try await session.client.execute(uri: "/static/\(unknown)", method: .get)
                #expect(missing.status == .notFound, "\(unknown)")
            }
        }
    }

    // MARK: - Helpers

    /// `/static/<stem>.<10 hex digits>.<extension>`.
    nonisolated(unsafe) static let fingerprinted = /\/static\/[a-z0-9_-]+\.[0-9a-f]{10}\.[a-z]+/

    static func staticLinks(in html: String) -> [String] {
        html.matches(of: /(?:href|src)="(\/static\/[^"]+)"/).map { String($0.output.1) }
    }

    static func source(_ script: String) -> AssetSource {
        AssetSource(bytes: Array(script.utf8), contentType: "text/javascript; charset=utf-8")
    }
}
