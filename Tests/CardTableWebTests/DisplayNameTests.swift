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
