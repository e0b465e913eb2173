import SeededRandom
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

@Suite struct RoomCodeTests {
    @Test func theAlphabetHasNoLookAlikes() {
        #expect(ReadableCode.alphabet.count == 31)
        for confusable in "01ILO" {
            #expect(!ReadableCode.alphabet.contains(confusable))
        }
        #expect(Set(ReadableCode.alphabet).count == ReadableCode.alphabet.count)
    }

    @Test(arguments: [
        ("K7QX4P", "K7QX4P"), ("k7qx4p", "K7QX4P"), ("K7Q-X4P", "K7QX4P"), (" k7q x4p ", "K7QX4P"),
    ])
    func codesAreReadAsPlayersTypeThem(typed: String, code: String) throws {
        #expect(try #require(RoomCode(typed)).rawValue == code)
    }

    @Test(arguments: [
        "K7QX4", "K7QX4PP", "K7QX0P", "K7QXOP", "K7QX1P", "K7QXIP", "K7QXLP", "K7QX4!", "", "ÄÄÄÄÄÄ",
    ])
    func anythingElseIsNotACode(typed: String) {
        #expect(RoomCode(typed) == nil)
    }

    @Test func codesAreShownInTwoGroups() throws {
        #expect(try #require(RoomCode("K7QX4P")).description == "K7Q-X4P")
    }

    @Test func randomCodesUseTheWholeAlphabetAndReadBack() {
        var generator = SeededGenerator(seed: 3)
        var seen = Set<Character>()
        for _ in 0..<200 {
            let code = RoomCode.random(using: &generator)
            #expect(RoomCode(code.rawValue) == code)
            #expect(RoomCode(code.description) == code)
            seen.formUnion(code.rawValue)
        }
        #expect(seen == Set(ReadableCode.alphabet))
    }
}
