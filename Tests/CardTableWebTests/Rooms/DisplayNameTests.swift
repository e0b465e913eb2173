import Foundation
import Testing

@testable import CardTableWeb

@Suite struct DisplayNameTests {
    @Test(arguments: [("Ann", "Ann"), ("  Ann Lee \n", "Ann Lee"), ("<b>Bo</b>", "<b>Bo</b>"), ("🐸🦄", "🐸🦄")])
    func aNameIsTrimmedAndKeptAsTyped(typed: String, name: String) throws {
        #expect(try DisplayName(typed: typed).text == name)
    }

    @Test(arguments: [
        ("", DisplayName.Problem.empty), ("   ", .empty),
        (String(repeating: "x", count: 41), .tooLong(maximum: 40)),
        ("Ann\u{0}", .controlCharacters), ("A\tB", .controlCharacters),
    ])
    func aNameThatCannotBeShownIsRefusedInWords(typed: String, problem: DisplayName.Problem) {
        #expect(throws: problem) { try DisplayName(typed: typed) }
        #expect(!problem.description.isEmpty)
    }

    /// Issue 47: a name that turns the direction of text around ("\u{202E}oB" shows as "Bo", and
    /// reverses the status line it is in) is refused when typed; one stored before still reads.
    @Test(arguments: [
        "\u{202E}oB", "B\u{202D}o", "Bo\u{200F}", "\u{200E}Bo", "B\u{2066}o\u{2069}", "\u{2067}Bo",
        "Bo\u{2068}",
        "\u{202A}Bo", "\u{202B}Bo", "Bo\u{202C}", "B\u{061C}o",
    ])
    func aNameWithDirectionControlsIsRefusedWhenTyped(typed: String) throws {
        #expect(throws: DisplayName.Problem.directionControls) { try DisplayName(typed: typed) }
        #expect(try DisplayName(stored: typed).text == typed)
        let stored = try JSONEncoder().encode(typed)
        #expect(try JSONDecoder().decode(DisplayName.self, from: stored).text == typed)
    }

    @Test func fortyCharactersAreEnough() throws {
        let name = String(repeating: "é", count: 40)
        #expect(try DisplayName(typed: name).text == name)
    }

    /// A stored name is checked again when read: a damaged one fails to decode.
    @Test func aStoredNameIsCheckedWhenRead() throws {
        let name = try DisplayName(typed: "Ann")
        let data = try JSONEncoder().encode(name)
        #expect(String(decoding: data, as: UTF8.self) == #""Ann""#)
        #expect(try JSONDecoder().decode(DisplayName.self, from: data) == name)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DisplayName.self, from: Data(#""""#.utf8))
        }
    }
}
