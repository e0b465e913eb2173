import Foundation
import MemorizeCore
import PropertyBased
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableWeb

/// The streaming encoder writes every value the server encodes byte for byte as `JSONEncoder`
/// does (`.withoutEscapingSlashes`, sorted keys or not): stored games must keep their exact text
/// (golden fixtures), and page answers their shape.
@Suite struct StreamingJSONEncoderTests {
    @Test(arguments: [false, true])
    func scalarsAndEscapes(sortsKeys: Bool) throws {
        var controls = ""
        for byte in 0..<32 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(byte))) }
        try expectSameBytes(
            [controls, "\"quoted\" \\ back/slash", "é 😀 👩‍👩‍👧 \u{7F}\u{2028} <b>&amp;</b>", ""],
            sortsKeys: sortsKeys)
        try expectSameBytes(
            [
                1.5, 5, -0.0, 0, 1e21, 1e16, 1e15, 123_456_789_012_345_680, 1e-7, 0.1 + 0.2,
                .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            ],
            sortsKeys: sortsKeys)
        try expectSameBytes([Float(1.5), 0.1, 3, -Float.greatestFiniteMagnitude], sortsKeys: sortsKeys)
        try expectSameBytes(Widths.extremes, sortsKeys: sortsKeys)
        try expectSameBytes([true, false], sortsKeys: sortsKeys)
        try expectSameBytes("top-level text", sortsKeys: sortsKeys)
        try expectSameBytes(42, sortsKeys: sortsKeys)
        try expectSameBytes(Int?.none, sortsKeys: sortsKeys)
    }

    @Test(arguments: [false, true])
    func containers(sortsKeys: Bool) throws {
        try expectSameBytes(Mixed.sample, sortsKeys: sortsKeys)
        try expectSameBytes([Mixed.sample, Mixed.sample], sortsKeys: sortsKeys)
        try expectSameBytes([[1, 2], [], [3]], sortsKeys: sortsKeys)
        try expectSameBytes([Int?.none, 1, nil], sortsKeys: sortsKeys)
        try expectSameBytes(
            ["zebra": 1, "Apple": 2, "apple": 3, "_": 4, "é": 5, "aa": 6, "a": 7], sortsKeys: true)
        try expectSameBytes([3: "c", 1: "a", 20: "t"], sortsKeys: true)
        try expectSameBytes([Silent(), Silent()], sortsKeys: sortsKeys)
        try expectSameBytes(["quiet": Silent()], sortsKeys: sortsKeys)
        try expectSameBytes(HandWritten(), sortsKeys: sortsKeys)
    }

    @Test func datesURLsAndData() throws {
        let dates = [
            Date(timeIntervalSince1970: 1.5e9), Date(timeIntervalSinceReferenceDate: 815_000_000.125),
        ]
        try expectSameBytes(dates, sortsKeys: true)
        try expectSameBytes(dates, sortsKeys: true, datesAsISO8601: true)
        try expectSameBytes([URL(string: "https://example.com/a%20b?c=d")!], sortsKeys: true)
        try expectSameBytes([Data(), Data([0, 1, 254, 255]), Data("CardTable".utf8)], sortsKeys: true)
    }

    @Test func aNumberJSONCannotHoldIsAnErrorNamingItsPlace() {
        #expect {
            try StreamingJSONEncoder().encode(["a": [1, Double.nan]])
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["a", "Index 1"]
        }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode([Float.infinity]) }
    }

    @Test func aValueEncodedTwiceIsAnError() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(Twice()) }
    }

    @Test func aValueThatEncodesNothingAtAllIsAnError() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(Silent()) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Silent()) }
    }

    /// A container kept after its place was closed throws instead of writing into whatever
    /// container took its place.
    @Test func aContainerUsedAfterItsPlaceClosedIsAnError() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(StaleNested()) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(StaleSuper()) }
    }

    @Test func aCaughtNumberErrorLeavesValidJSON() throws {
        try expectSameBytes(SkipsNaN(), sortsKeys: true)
    }

    @Test func aContainerThatCouldNotOpenStillAnswersItsPath() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(KeyedAfterUnkeyed()) }
    }

    @Test func anArrayCountsItsElements() throws {
        let json = try StreamingJSONEncoder().encode(Counted())
        #expect(String(decoding: json, as: UTF8.self) == "[0,1,2]")
    }

    // MARK: - What the server encodes

    /// Remembered JSON is what encoding the value afresh writes, for every state a Set card
    /// shows and every layout a game uses.
    @Test func rememberedJSONIsTheFreshJSON() throws {
        for card in SetCard.allCards {
            for selection in SetCardView.Selection.allCases {
                for isHinted in [false, true] {
                    let view = SetCardView.view(of: card, selection: selection, isHinted: isHinted)
                    let remembered = try #require(view.rememberedJSON)
                    #expect(remembered == view.freshJSON())
                    #expect(
                        remembered == (try Self.encodings(of: view, sortsKeys: true, datesAsISO8601: false).1)
                    )
                }
            }
        }
        for count in 0...81 {
            for layout in [CardGridLayout.setTable(cardCount: count), .grid(cardCount: count)] {
                let remembered = try #require(layout.rememberedJSON)
                #expect(
                    remembered == (try Self.encodings(of: layout, sortsKeys: true, datesAsISO8601: false).1))
            }
        }
    }

    /// The encoder copies remembered JSON instead of encoding: a value whose remembered text
    /// differs from its own encoding shows which one was written.
    @Test func rememberedJSONIsCopied() throws {
        let json = try StreamingJSONEncoder(sortsKeys: false).encode(["card": Remembering()])
        #expect(String(decoding: json, as: UTF8.self) == #"{"card":{"remembered":true}}"#)
        let fresh = try StreamingJSONEncoder(sortsKeys: false, usesRememberedJSON: false).encode([
            "card": Remembering()
        ])
        #expect(String(decoding: fresh, as: UTF8.self) == #"{"card":{"remembered":false}}"#)
    }

    @Test(arguments: TemplateValuesTests.SetPageCase.allCases)
    func setPages(_ state: TemplateValuesTests.SetPageCase) throws {
        let page = try state.page()
        try expectSameBytes(page, sortsKeys: true, datesAsISO8601: true)
        try expectSameBytes(page, sortsKeys: false, datesAsISO8601: true)
    }

    @Test func memorizeAndChooserPages() throws {
        for isOver in [false, true] {
            try expectSameBytes(
                TemplateValuesTests.memorizePage(isOver: isOver), sortsKeys: true, datesAsISO8601: true)
        }
        let themes = TemplateValuesTests.themes
        let chooserPages = [
            ChooserPage(themes: themes, isEditing: false),
            ChooserPage(
                themes: themes, isEditing: true, deleted: themes[0], setAsideCount: 2, missingBuiltInCount: 3),
            ChooserPage(themes: themes, isEditing: true, editor: TemplateValuesTests.editorWithErrors()),
        ]
        for page in chooserPages {
            try expectSameBytes(page, sortsKeys: true, datesAsISO8601: true)
        }
        try expectSameBytes(
            ErrorPage(AppError.badRequest("name must be text.")), sortsKeys: true, datesAsISO8601: true)
    }

    @Test func memorizeGames() async {
        await propertyCheck(input: StateRoundTripTests.seeds, StateRoundTripTests.moves) { seed, moves in
            var generator = SeededGenerator(seed: UInt64(seed))
            let theme = Theme.builtIn[seed % Theme.builtIn.count]
            var game = theme.makeGame(speedBonus: .standard, using: &generator)
            var now = Date(timeIntervalSinceReferenceDate: 785_000_000.123_456_789)
            for move in moves {
                now += Double(move % 37) / 7
                _ = game.choose(game.cards[move % game.cards.count], at: now)
            }
            #expect(Self.encodesAlike(game))
            #expect(Self.encodesAlike(theme))
        }
    }

    @Test(arguments: [false, true])
    func setGames(twoPlayer: Bool) async {
        await propertyCheck(input: StateRoundTripTests.seeds, StateRoundTripTests.moves) { seed, moves in
            var generator = SeededGenerator(seed: UInt64(seed))
            var now = Date(timeIntervalSinceReferenceDate: 785_000_000.987_654_321)
            var saved = SavedSetGame(
                game: SetGame(using: &generator, mode: twoPlayer ? .twoPlayer(.standard) : .solo, at: now))
            for move in moves {
                now += Double(move % 29) / 3
                let player: SetPlayer = move % 2 == 0 ? .one : .two
                switch move % 10 {
                case 0:
                    saved.lastMove = SetLastMove(saved.game.dealThreeMore(by: player, at: now), by: player)
                case 1: _ = saved.game.revealHint(by: player, at: now)
                case 2 where twoPlayer: _ = saved.game.claim(by: player, at: now)
                case 3: _ = saved.game.tick(at: now)
                default:
                    guard !saved.game.table.isEmpty else { continue }
                    let toucher = saved.game.twoPlayer?.claim?.player ?? .one
                    _ = saved.game.select(
                        saved.game.table[move % saved.game.table.count], by: toucher, at: now)
                }
            }
            #expect(Self.encodesAlike(saved.game))
            #expect(Self.encodesAlike(saved.lastMove))
            let page = SetPage(SetReferee.Snapshot(saved: saved, now: now))
            #expect(Self.encodesAlike(page, datesAsISO8601: true))
        }
    }

    // MARK: - Helpers

    private func expectSameBytes(
        _ value: some Encodable, sortsKeys: Bool, datesAsISO8601: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (streamed, reference) = try Self.encodings(
            of: value, sortsKeys: sortsKeys, datesAsISO8601: datesAsISO8601)
        if sortsKeys {
            #expect(
                String(decoding: streamed, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
                sourceLocation: sourceLocation)
        } else {
            // NB: unsorted, JSONEncoder's order is its dictionaries'; the values must still agree.
            let options: JSONSerialization.ReadingOptions = [.fragmentsAllowed]
            let streamedValue = try JSONSerialization.jsonObject(with: Data(streamed), options: options)
            let referenceValue = try JSONSerialization.jsonObject(with: Data(reference), options: options)
            #expect(
                NSArray(object: streamedValue).isEqual(NSArray(object: referenceValue)),
                "\(String(decoding: streamed, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    /// Whether both encoders write `value` (with sorted keys) as the same bytes.
    private static func encodesAlike(_ value: some Encodable, datesAsISO8601: Bool = false) -> Bool {
        guard
            let (streamed, reference) = try? encodings(
                of: value, sortsKeys: true, datesAsISO8601: datesAsISO8601)
        else { return false }
        return streamed == reference
    }

    private static func encodings(of value: some Encodable, sortsKeys: Bool, datesAsISO8601: Bool) throws -> (
        [UInt8], [UInt8]
    ) {
        let reference = JSONEncoder()
        reference.outputFormatting =
            sortsKeys ? [.sortedKeys, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        if datesAsISO8601 { reference.dateEncodingStrategy = .iso8601 }
        let streaming = StreamingJSONEncoder(sortsKeys: sortsKeys, datesAsISO8601: datesAsISO8601)
        return (try streaming.encode(value), Array(try reference.encode(value)))
    }
}

// MARK: - Fixtures

/// Every integer width at its extremes.
private struct Widths: Encodable {
    var int8: Int8, int16: Int16, int32: Int32, int64: Int64, uint: UInt, uint8: UInt8, uint16: UInt16
    var uint32: UInt32, uint64: UInt64, int: Int

    static let extremes = [
        Widths(
            int8: .min, int16: .min, int32: .min, int64: .min, uint: .min, uint8: .min, uint16: .min,
            uint32: .min,
            uint64: .min, int: .min),
        Widths(
            int8: .max, int16: .max, int32: .max, int64: .max, uint: .max, uint8: .max, uint16: .max,
            uint32: .max,
            uint64: .max, int: .max),
    ]
}

/// Nested structs, optionals present and absent, enums with and without values.
private struct Mixed: Encodable {
    enum Shape: String, Encodable { case oval, diamond }
    enum Move: Encodable {
        case dealt(cards: [Int], by: String?)
        case claimed(Int)
        case passed
    }
    struct Inner: Encodable {
        var zeta = 1
        var alpha: String? = "a"
        var missing: Int? = nil
    }
    var name = "Mixed"
    var shapes: [Shape] = [.oval, .diamond]
    var inner = Inner()
    var inners = [Inner(), Inner(zeta: 2, alpha: nil)]
    var moves: [Move] = [.dealt(cards: [1, 2, 3], by: nil), .claimed(7), .passed]
    var empty: [String] = []
    var score = -3.25
    var absent: Inner? = nil
    var table = ["b": [1], "a": []]

    static let sample = Mixed()
}

/// A value whose `encode(to:)` writes nothing: `{}`.
private struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// A hand-written `encode(to:)` with nested containers and super encoders.
private struct HandWritten: Encodable {
    enum Keys: String, CodingKey { case title, nested, list, parent }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("hand", forKey: .title)
        var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        try nested.encode(1, forKey: .list)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode("x")
        var inner = list.nestedContainer(keyedBy: Keys.self)
        try inner.encodeNil(forKey: .title)
        try list.encode(2)
        try Mixed.Inner().encode(to: container.superEncoder(forKey: .parent))
        try Silent().encode(to: container.superEncoder())
    }
}

/// A value whose remembered JSON says so.
private struct Remembering: RememberedJSON {
    var remembered = false
    var rememberedJSON: [UInt8]? { Array(#"{"remembered":true}"#.utf8) }
}

/// Keeps a nested object and writes to it after the next member opened its own.
private struct StaleNested: Encodable {
    enum Keys: String, CodingKey { case a, b, x }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var first = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
        var second = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
        try second.encode(2, forKey: .x)
        try first.encode(1, forKey: .x)
    }
}

/// Keeps a super encoder and writes through it after the next member.
private struct StaleSuper: Encodable {
    enum Keys: String, CodingKey { case a, b, x }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let first = container.superEncoder(forKey: .a)
        try container.encode(2, forKey: .b)
        var value = first.singleValueContainer()
        try value.encode(1)
    }
}

/// Tries to write a number JSON cannot hold, catches the error and goes on.
private struct SkipsNaN: Encodable {
    enum Keys: String, CodingKey { case first, skipped, last }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .first)
        try? container.encode(Double.nan, forKey: .skipped)
        try container.encode(2, forKey: .last)
    }
}

/// Asks for an array, then for an object: the object cannot open, and says where it is.
private struct KeyedAfterUnkeyed: Encodable {
    enum Keys: String, CodingKey { case x }

    func encode(to encoder: any Encoder) throws {
        _ = encoder.unkeyedContainer()
        var container = encoder.container(keyedBy: Keys.self)
        _ = container.codingPath
        try container.encode(1, forKey: .x)
    }
}

/// Writes each element's index, read from the array's count.
private struct Counted: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for _ in 0..<3 { try container.encode(container.count) }
    }
}

/// A single value container written twice.
private struct Twice: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
    }
}
