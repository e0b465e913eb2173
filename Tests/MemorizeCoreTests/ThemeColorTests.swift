import MemorizeCore
import Testing

@Suite struct ThemeColorTests {
    @Test func literalsReadNamesAndHex() {
        #expect(("orange" as ThemeColor) == .named("orange"))
        #expect(("Orange " as ThemeColor) == .named("orange"))
        #expect(("#ff8000" as ThemeColor) == .rgba(RGBAColor(red: 1, green: 128 / 255, blue: 0)))
    }

    @Test(arguments: ["#ff8000", "ff8000", "#FF8000FF"])
    func hexParses(text: String) throws {
        let color = try #require(RGBAColor(hex: text))
        #expect(color.hex == "#ff8000ff")
        #expect(color.opaqueHex == "#ff8000")
    }

    @Test(arguments: ["", "#", "#ff80", "#ff80000", "#gg8000", "orange", "#ff8000ff00"])
    func badHexIsRefused(text: String) {
        #expect(RGBAColor(hex: text) == nil)
    }

    @Test func componentsAreClamped() {
        let color = RGBAColor(red: 2, green: -1, blue: .nan, alpha: 0.5)
        #expect(color == RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(color.hex == "#ff000080")
    }

    @Test func colorValueTextRoundTrips() {
        for value in [
            ColorValue.named("teal"), .rgba(RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)),
        ] {
            #expect(ColorValue(value.text).text == value.text)
        }
    }
}
