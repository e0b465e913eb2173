import Foundation
import PropertyBased
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Names that only look alike cannot share a room: compared after NFKC, in any case, without
/// invisible characters or accents, and by their confusable skeletons (UTS #39, ICU's data: a
/// Cyrillic, Greek, Cherokee, Lisu or Armenian letter drawn like a Latin one is that letter, "0"
/// is "O"); names that look different, emoji included, are all welcome.
@Suite struct NameSkeletonTests {
    let host = PlayerID.random()

    private func roomWithBo() throws -> Room {
        Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: host,
            hostName: try DisplayName(typed: "Bo"))
    }

    /// The four names of issue 27 that got into a room where "Bo" was, and more of their kind.
    @Test(arguments: [
        "B\u{043E}", "\u{FF22}\u{FF2F}", "B\u{200D}o", "bo",
        "\u{0412}\u{043E}", "\u{0392}\u{03BF}", "B\u{00AD}o", "\u{FEFF}Bo", "B\u{2060}o\u{FE0F}", "𝐁𝐨",
        "B\u{200B}\u{200C}o", "Bo\u{E0041}", "Bo\u{3164}",
        // Issue 47: Cherokee, Lisu, Armenian, small capitals, a zero, an accent.
        "\u{13F4}o", "\u{A4D0}o", "B\u{0585}", "\u{0299}\u{1D0F}", "B0", "B\u{00F3}", "BO",
    ])
    func aLookAlikeOfAPresentNameIsRefused(typed: String) throws {
        var room = try roomWithBo()
        let name = try DisplayName(typed: typed)
        #expect(throws: RoomRefusal.nameTaken(name)) { try room.join(PlayerID.random(), as: name) }
        #expect(room.members.count == 1)
    }

    /// The issue's four names, over HTTP: each is refused in words, and the room keeps one Bo.
    @Test func theFourLookAlikesOfTheIssueAreTurnedAway() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            for typed in ["B\u{043E}", "\u{FF22}\u{FF2F}", "B\u{200D}o", "bo"] {
                let body = try JSONText.encode(["name": typed])
                let response = try await session.newPlayer().postJSON(room.joinURL, body: body)
                #expect(response.status == .unprocessableContent, "\(typed.debugDescription)")
                #expect(
                    try response.decode(ErrorJSON.self).error.message
                        == "Someone in the room is already called \(typed); pick another name.")
            }
            #expect(try await ana.snapshot(room).view?.members.map(\.name) == ["Ana", "Bo"])
        }
    }

    @Test(arguments: [
        ("Bo", "Bob"), ("Bo", "B o"), ("Bo", "Bi"), ("Ana", "Anna"),
        ("\u{0432}", "b"),  // a small Cyrillic ve looks like nothing Latin
        ("👨‍👩‍👧", "👨👩👧"),  // a family is not three people
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿"),  // Scotland is not Wales
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴"),
        ("Ana 🐸", "Ana 🦄"), ("👍🏽", "👍"),
        ("\u{0421}\u{0430}\u{0448}\u{0430}", "\u{041C}\u{0430}\u{0448}\u{0430}"),  // Саша and Маша
    ])
    func namesThatLookDifferentAreBothWelcome(first: String, second: String) throws {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: host,
            hostName: try DisplayName(typed: first))
        let joined = try room.join(PlayerID.random(), as: DisplayName(typed: second))
        #expect(joined.map(\.kind) == [.joined])
        #expect(room.members.map(\.name.text) == [first, second])
    }

    @Test(arguments: [
        ("❤️", "❤"),  // the emoji and the text heart differ only by a variation selector
        ("Ana 🐸", "ana 🐸\u{200B}"),
        ("Bo  Li", "Bo Li"), ("Bo\u{2003}Li", "Bo Li"),
        ("Ёлка", "Ëлка"),  // a Cyrillic Yo is E with a diaeresis
        ("Ana", "\u{0410}na"), ("IAN", "ian"), ("Ian", "lan"), ("José", "Jose"), ("Bö", "Bo"),
    ])
    func lookAlikesWithEmojiOrAccentsShareASkeleton(first: String, second: String) throws {
        #expect(try DisplayName(typed: first).looksLike(DisplayName(typed: second)))
    }

    /// A name of invisible characters only shows nothing, so it is refused as an empty one.
    @Test(arguments: ["\u{200B}", "\u{2060}\u{FEFF}", "\u{3164}", "\u{200D}\u{200D}", "\u{00AD}", "\u{2800}"])
    func aNameThatShowsNothingIsRefused(typed: String) throws {
        #expect(throws: DisplayName.Problem.empty) { try DisplayName(typed: typed) }
    }

    /// A name stored before that rule still reads, so its room does too.
    @Test(arguments: ["\u{2060}\u{FEFF}", "\u{3164}", "\u{00AD}"])
    func aStoredNameThatShowsNothingStillReads(stored: String) throws {
        #expect(try JSONText.decode(DisplayName.self, from: try JSONText.encode(stored)).text == stored)
    }

    /// Emoji names keep every emoji: a skeleton only drops what cannot be seen.
    @Test(arguments: ["🐸🦄", "👨‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👍🏽", "1️⃣", "🇫🇷"])
    func emojiNamesAreNamesOfTheirOwn(name: String) throws {
        let typed = try DisplayName(typed: name)
        #expect(typed.text == name)
        #expect(!NameSkeleton.of(name).isEmpty)
        #expect(typed.looksLike(typed))
    }

    // MARK: - Properties

    static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüß0123456789-'ДжЯ")
    static let invisibles: [Character] = [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{FE0F}", "\u{FE0E}",
        "\u{034F}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{2066}", "\u{180E}", "\u{3164}", "\u{E0041}",
    ]

    /// However many invisible characters are put wherever in a name, it still looks like itself.
    @Test func invisibleCharactersAnywhereChangeNothing() async {
        await propertyCheck(
            count: 300,
            input: Self.any(of: Self.letters).array(of: 1...12),
            Self.any(of: Self.invisibles).array(of: 1...6),
            Gen.int(in: 0...1_000).array(of: 6)
        ) { letters, inserted, places in
            var name = letters
            for (invisible, place) in zip(inserted, places) {
                name.insert(invisible, at: place % (name.count + 1))
            }
            #expect(
                NameSkeleton.of(String(name)) == NameSkeleton.of(String(letters)),
                "\(String(name).debugDescription)")
        }
    }

    /// Letters of other scripts drawn like Latin ones (test data: the skeleton knows them from
    /// Unicode's confusables, not from a list of the project's).
    static let lookAlikes: [Character: [Character]] = [
        "A": ["\u{0410}", "\u{0391}", "\u{13AA}", "\u{A4EE}"],
        "B": ["\u{0412}", "\u{0392}", "\u{13F4}", "\u{A4D0}"],
        "C": ["\u{0421}", "\u{13DF}", "\u{A4DA}"], "E": ["\u{0415}", "\u{0395}", "\u{13AC}", "\u{A4F0}"],
        "H": ["\u{041D}", "\u{0397}", "\u{13BB}", "\u{A4E7}"], "K": ["\u{041A}", "\u{039A}", "\u{13E6}"],
        "M": ["\u{041C}", "\u{039C}", "\u{13B7}"], "O": ["\u{041E}", "\u{039F}", "\u{0555}", "0"],
        "P": ["\u{0420}", "\u{03A1}", "\u{13E2}"], "T": ["\u{0422}", "\u{03A4}", "\u{13A2}"],
        "a": ["\u{0430}"], "e": ["\u{0435}"], "o": ["\u{043E}", "\u{03BF}", "\u{0585}"], "p": ["\u{0440}"],
        "c": ["\u{0441}"], "x": ["\u{0445}"], "y": ["\u{0443}"],
    ]

    /// A Latin name with any of its letters written in look-alikes of other scripts, in any width,
    /// looks like the name; and any name looks like itself in the other case.
    @Test func lookAlikeLettersAndWidthsChangeNothing() async {
        let latin = Self.lookAlikes.keys.sorted() + Array("bdfgz")
        await propertyCheck(
            count: 300,
            input: Self.any(of: latin).array(of: 1...12), Gen.int(in: 0...4).array(of: 12),
            Gen.bool.array(of: 12)
        ) { letters, choices, widen in
            let original = String(letters)
            var disguised = ""
            for (index, letter) in letters.enumerated() {
                let others = Self.lookAlikes[letter] ?? []
                var shown = choices[index] < others.count ? others[choices[index]] : letter
                if widen[index], let wide = Self.fullwidth(shown) { shown = wide }
                disguised.append(shown)
            }
            let names = (try? DisplayName(typed: disguised), try? DisplayName(typed: original))
            #expect(names.0.flatMap { one in names.1.map(one.looksLike) } == true, "\(disguised)")
            #expect(NameSkeleton.of(original.uppercased()) == NameSkeleton.of(original.lowercased()))
        }
    }

    /// One of `characters`, drawn at random.
    private static func any(of characters: [Character]) -> Generator<Character, Shrink.Integer<Int>> {
        Gen.int(in: 0..<characters.count).map { characters[$0] }
    }

    /// The fullwidth form of an ASCII letter, if it is one.
    private static func fullwidth(_ letter: Character) -> Character? {
        guard let ascii = letter.asciiValue, (0x21...0x7E).contains(ascii) else { return nil }
        return Unicode.Scalar(UInt32(ascii) - 0x21 + 0xFF01).map(Character.init)
    }
}
