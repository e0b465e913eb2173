import SetCore

/// How the pages name each game of Set and say its rule.
extension SetVariant {
    /// The mode's name: "Normal", "Junior", "Set-Chain", "UltraSet".
    var title: String {
        switch self {
        case .normal: "Normal"
        case .junior: "Junior"
        case .chain: "Set-Chain"
        case .ultra: "UltraSet"
        }
    }

    /// The game in words, where the game is named with its mode (stats, rooms, the open list):
    /// "Set" (Normal, as before there were others), "Set Junior", "Set-Chain", "UltraSet".
    var gameName: String {
        switch self {
        case .normal: "Set"
        case .junior: "Set Junior"
        case .chain: "Set-Chain"
        case .ultra: "UltraSet"
        }
    }

    /// What a player finds in this mode: "Set" or "UltraSet".
    var matchName: String { self == .ultra ? "UltraSet" : "Set" }

    /// The match's name with its article: "a Set", "an UltraSet".
    var aMatch: String { self == .ultra ? "an UltraSet" : "a Set" }

    /// The rule in one line, shown on the table and on the New Game choice.
    var rule: String {
        switch self {
        case .normal: "Find three cards that are a Set: each feature all the same or all different."
        case .junior: "27 solid cards, 9 on the table: find a Set in number, shape and color."
        case .chain: "After the first Set, every Set reuses one card of the last Set."
        case .ultra: "Find four cards: two pairs that need the same third card to be a Set."
        }
    }

    /// The mode in a few words, beside its name where New Game offers it.
    var summary: String {
        switch self {
        case .normal: "the classic game, 12 cards"
        case .junior: "27 solid cards, 9 on the table"
        case .chain: "each Set reuses a card of the last"
        case .ultra: "four cards: two pairs, one missing card"
        }
    }

    /// Why a complete selection that is not a match fails for the mode's own reason (the features
    /// are fine, see ``SetVariant/violations(_:)``).
    var ownMismatchReason: String {
        switch self {
        case .ultra: "Not an UltraSet: no two pairs of these four need the same third card."
        case .chain: "A Set must reuse exactly one card of the last Set."
        case .normal, .junior: "Not a Set."
        }
    }
}
