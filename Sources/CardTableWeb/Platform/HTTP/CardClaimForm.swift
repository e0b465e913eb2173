/// The body of a claim that three Set cards are a Set (in a room, or the daily puzzle):
/// `{"cards": [5, 17, 44]}`, or a form of checked boxes named `card-5`, `card-17`, `card-44`.
struct CardClaimForm: DescribedInput {
    let cards: [Int]

    static let fieldDescriptions = [
        "cards": "three card numbers from 0 to 80, like [5, 17, 44] (four in UltraSet)"
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let cards = try container.decodeIfPresent([Int].self, forKey: AnyKey("cards")) {
            self.cards = cards
        } else {
            let boxes = container.allKeys.filter { $0.stringValue.hasPrefix("card-") }
            // NB: reading a box refuses it when it was sent twice, as any field that is read.
            for box in boxes { _ = try container.decodeNil(forKey: box) }
            cards = boxes.compactMap { Int($0.stringValue.dropFirst(5)) }.sorted()
        }
        // NB: fewer than a match's cards is the game's to explain ("choose three cards"); more
        // than an UltraSet's four, or a number that is no card, is not a claim at all.
        guard Self.couldBeAClaim(cards) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [AnyKey("cards")], debugDescription: "not card numbers of a claim"))
        }
    }

    /// Whether `cards` are at most four numbers of Set's cards (0 to 80): an UltraSet's four.
    static func couldBeAClaim(_ cards: [Int]) -> Bool {
        cards.count <= 4 && cards.allSatisfy { (0...80).contains($0) }
    }
}

/// A coding key of any name, for bodies whose field names carry values (`card-17`).
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
