import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// The service worker's script and the offline page it keeps: served from the top of the site,
/// asked about on every visit, naming this deploy's version and the fingerprinted files it keeps.
@Suite struct ServiceWorkerTests {
    @Test func theScriptNamesTheVersionAndTheFilesItKeeps() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let answer = try await browser.get("/service-worker.js")
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(answer.headers[.cacheControl] == "no-cache")
            let script = answer.text
            // NB: as the app builds them.
            let assets = try StaticAssets(prefixes: ["app.css": CardGridLayout.sharedStylesheet])
            let renderer = try await PageRenderer(pages: [OfflinePage.self], assets: assets)
            let worker = try ServiceWorker(assets: assets, offlinePage: renderer.text(of: OfflinePage()))
            #expect(script.contains(#"const VERSION = "\#(worker.version)";"#))
            #expect(!script.contains("{{"))
            let kept = try #require(script.firstMatch(of: /const PRECACHED = \[([^\]]*)\];/)?.output.1)
            let expected =
                try ServiceWorker.precachedNames.map { "\"/static/\(try #require(assets.address(of: $0)))\"" }
                + [#""/offline""#]
            #expect(kept == expected.joined(separator: ", "))
            // Every file it keeps is served.
            for path in kept.split(separator: ", ").map({ String($0.dropFirst().dropLast()) }) {
                #expect(try await browser.get(path).status == .ok, "\(path)")
            }
        }
    }

    @Test func theScriptIsNotAStaticFile() async throws {
        try await withTestApp { session in
            let answer = try await session.newPlayer().get("/static/service-worker.js")
            #expect(answer.status == .notFound)
            #expect(try StaticAssets().address(of: ServiceWorker.sourceName) == nil)
        }
    }

    /// Each page loads one module: `home-screen.js`, or its own, which imports it.
    @Test func everyPageRegistersTheWorker() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            for page in StaticAssetTests.pages + ["/offline", "/stats", "/set/daily", "/set/daily/archive"] {
                let html = try await browser.get(page).text
                let modules = html.matches(of: /<script type="module" src="([^"]+)"><\/script>/).map {
                    String($0.output.1)
                }
                #expect(modules.count == 1, "\(page): \(modules)")
                var reached: [String] = []
                var toRead = modules
                while let address = toRead.popLast() {
                    reached.append(address)
                    let script = try await browser.get(address).text
                    for match in script.matches(of: /(?:from|import)\s*"\.\/([^"]+)"/) {
                        let next = "/static/" + match.output.1
                        if !reached.contains(next) { toRead.append(next) }
                    }
                }
                #expect(reached.contains { $0.hasPrefix("/static/home-screen.") }, "\(page): \(reached)")
            }
        }
    }

    @Test func theOfflinePageSaysTheGameIsSaved() async throws {
        try await withTestApp { session in
            let answer = try await session.client.execute(uri: "/offline", method: .get)
            #expect(answer.status == .ok)
            #expect(answer.text.contains("You're offline"))
            #expect(answer.text.contains("Your game is saved"))
            // It needs no player: the worker fetches it without one.
            #expect(answer.headers[.setCookie] == nil)
        }
    }
}
