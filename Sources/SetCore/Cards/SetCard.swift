/// One card of the Set deck: four features, each with three values.
///
/// A card is stored as its index in the 81-card deck (`number * 27 + shape * 9 + shading * 3 + color`),
/// so it is one byte, compares in one instruction and indexes lookup tables directly.
public struct SetCard: Hashable, Sendable {
    /// The card's position in ``allCards``, `0..<81`; stable across runs and versions.
    public let id: Int

    // MARK: - Creating cards

    /// The card with these four feature values.
    public init(number: Trit, shape: Trit, shading: Trit, color: Trit) {
        id =
            Int(number.rawValue) * 27 + Int(shape.rawValue) * 9 + Int(shading.rawValue) * 3
            + Int(color.rawValue)
    }

    /// The card with this ``id``, or `nil` unless `id` is in `0..<81`.
    public init?(id: Int) {
        guard Self.idRange.contains(id) else { return nil }
        self.id = id
    }

    /// The card with this ``id``, which the caller guarantees is in `0..<81`.
    init(uncheckedID id: Int) {
        self.id = id
    }

    // MARK: - The deck

    /// The number of distinct cards, which is the size of a full deck.
    public static let deckSize = 81

    /// The valid card ids.
    public static let idRange = 0..<deckSize

    /// The 81 distinct cards, ordered by ``id``.
    public static let allCards: [SetCard] = idRange.map(SetCard.init(uncheckedID:))

    // MARK: - Features

    /// How many symbols the card shows.
    public var number: Trit { trit(dividing: 27) }
    /// The symbols' shape.
    public var shape: Trit { trit(dividing: 9) }
    /// How the symbols are filled.
    public var shading: Trit { trit(dividing: 3) }
    /// The symbols' color.
    public var color: Trit { trit(dividing: 1) }

    /// The card's value for `feature`.
    public subscript(feature: SetCardFeature) -> Trit {
        switch feature {
        case .number: number
        case .shape: shape
        case .shading: shading
        case .color: color
        }
    }

    // MARK: - Private

    private func trit(dividing place: Int) -> Trit {
        // NB: `(id / place) % 3` is always 0, 1 or 2.
        Trit(rawValue: UInt8((id / place) % 3))!
    }
}
