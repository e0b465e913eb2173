import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// What a phone needs to put CardTable on its home screen: every page links the manifest and the
/// Apple touch icon, the manifest says how the app opens, and its icons are PNGs of the sizes it
/// says.
@Suite struct WebAppManifestTests {
    @Test func everyPageLinksTheManifestAndTheTouchIcon() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            for page in StaticAssetTests.pages {
                let html = try await browser.get(page).text
                #expect(html.contains(#"<link rel="manifest" href="/static/app."#), "\(page)")
                #expect(html.contains(#"<link rel="apple-touch-icon" href="/static/icon-180."#), "\(page)")
                #expect(
                    html.contains(
                        #"<meta name="theme-color" content="\#(Self.themeColor)" media="(prefers-color-scheme: light)">"#
                    ), "\(page)")
                #expect(html.contains("viewport-fit=cover"), "\(page)")
            }
        }
    }

    @Test func theManifestOpensTheAppStandaloneWithIconsOfEveryNeededSize() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let home = try await browser.get("/").text
            let link = try #require(home.firstMatch(of: /<link rel="manifest" href="([^"]+)">/)?.output.1)
            let answer = try await browser.get(String(link))
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType] == "application/manifest+json")
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let manifest = try decoder.decode(Manifest.self, from: Data(buffer: answer.body))
            #expect(manifest.name == "CardTable")
            #expect(manifest.shortName == "CardTable")
            #expect(manifest.startUrl == "/")
            #expect(manifest.display == "standalone")
            #expect(manifest.themeColor == Self.themeColor)
            let sizes = Set(manifest.icons.filter { $0.purpose == "any" }.map(\.sizes))
            #expect(sizes.isSuperset(of: ["192x192", "512x512"]))
            #expect(manifest.icons.contains { $0.purpose == "maskable" && $0.sizes == "512x512" })

            for icon in manifest.icons {
                let image = try await browser.get(icon.src)
                #expect(image.status == .ok, "\(icon.src)")
                #expect(image.headers[.contentType] == icon.type, "\(icon.src)")
                guard icon.type == "image/png" else { continue }
                let png = try #require(PNGHeader(Array(buffer: image.body)), "\(icon.src)")
                #expect("\(png.width)x\(png.height)" == icon.sizes, "\(icon.src)")
                if icon.purpose == "maskable" { #expect(!png.hasAlpha, "a maskable icon fills its square") }
            }
        }
    }

    /// iOS shows a touch icon's transparent pixels as black, so it must be opaque.
    @Test func theTouchIconIsAnOpaque180PixelSquare() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let home = try await browser.get("/").text
            let link = try #require(
                home.firstMatch(of: /<link rel="apple-touch-icon" href="([^"]+)">/)?.output.1)
            let image = try await browser.get(String(link))
            #expect(image.headers[.contentType] == "image/png")
            let png = try #require(PNGHeader(Array(buffer: image.body)))
            #expect((png.width, png.height) == (180, 180))
            #expect(!png.hasAlpha)
        }
    }

    static let themeColor = "#1a5fb4"

    private struct Manifest: Decodable {
        struct Icon: Decodable {
            let src: String
            let sizes: String
            let type: String
            let purpose: String
        }
        let name: String
        let shortName: String
        let startUrl: String
        let display: String
        let themeColor: String
        let icons: [Icon]
    }

    /// The size and color type of a PNG, from its IHDR chunk.
    private struct PNGHeader {
        let width: Int
        let height: Int
        let hasAlpha: Bool

        init?(_ bytes: [UInt8]) {
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard bytes.count > 26, Array(bytes[0..<8]) == signature,
                Array(bytes[12..<16]) == Array("IHDR".utf8)
            else { return nil }
            func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            width = number(at: 16)
            height = number(at: 20)
            // Color types 4 and 6 carry an alpha channel.
            hasAlpha = bytes[25] == 4 || bytes[25] == 6
        }
    }
}
