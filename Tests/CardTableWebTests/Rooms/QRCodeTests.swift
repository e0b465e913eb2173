import Testing

@testable import CardTableWeb

/// Rooms' QR codes come from libqrencode; these check the symbols it gives have the structure
/// every reader looks for, and that the SVG draws exactly their dark modules.
@Suite struct QRCodeTests {
    static let link = "http://127.0.0.1:8080/rooms/K7QX-M4PB"

    @Test func aLinkBecomesASymbolOfAVersionsSize() throws {
        let code = try #require(QRCode(encoding: Self.link))
        #expect((code.size - 17) % 4 == 0 && code.size >= 21)
        #expect(code.modules.count == code.size * code.size)
        #expect(QRCode(encoding: Self.link) == code, "the same link draws the same symbol")
        #expect(QRCode(encoding: Self.link + "X") != code)
    }

    /// Three finder patterns (a dark ring, a light ring, a dark 3×3 core) in three corners, each
    /// with a light separator, and the timing patterns between them alternating.
    @Test func theSymbolHasFindersAndTimingPatterns() throws {
        let code = try #require(QRCode(encoding: Self.link))
        let last = code.size - 7
        for (left, top) in [(0, 0), (last, 0), (0, last)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = min(row, column, 6 - row, 6 - column)
                    #expect(
                        code.isDark(column: left + column, row: top + row) == (ring != 1), "\(left),\(top)")
                }
            }
        }
        for index in 0..<8 {
            #expect(!code.isDark(column: 7, row: index) && !code.isDark(column: index, row: 7))
            #expect(!code.isDark(column: code.size - 8, row: index))
            #expect(!code.isDark(column: index, row: code.size - 8))
        }
        for index in 8..<(code.size - 8) {
            #expect(code.isDark(column: index, row: 6) == index.isMultiple(of: 2))
            #expect(code.isDark(column: 6, row: index) == index.isMultiple(of: 2))
        }
    }

    @Test func textNoVersionHoldsIsRefused() {
        #expect(QRCode(encoding: String(repeating: "x", count: 3000)) == nil)
        #expect(QRCode(encoding: "a\u{0}b") == nil)
    }

    /// The path's runs cover exactly the dark modules, inside a white quiet zone of 4 modules.
    @Test func theSVGDrawsTheDarkModules() throws {
        let code = try #require(QRCode(encoding: Self.link))
        let svg = code.svg(label: "Join <Room> & play")
        let side = code.size + 2 * QRCode.quietZone
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(side) \#(side)""#))
        #expect(svg.contains(#"aria-label="Join &lt;Room&gt; &amp; play""#))
        let path = try #require(svg.split(separator: #"d=""#).last?.split(separator: "\"").first)
        var drawn = Set<Int>()
        for run in path.split(separator: "M") {
            let numbers = run.split(whereSeparator: { "hvz ".contains($0) }).compactMap { Int($0) }
            let (column, row, length) = (
                numbers[0] - QRCode.quietZone, numbers[1] - QRCode.quietZone, numbers[2]
            )
            for offset in 0..<length {
                #expect(drawn.insert(row * code.size + column + offset).inserted)
            }
        }
        #expect(drawn == Set(code.modules.indices.filter { code.modules[$0] }))
    }
}
