import MemorizeCore

/// The most recent card a player chose and what choosing it did.
package struct MemorizeLastChoice: Hashable, Sendable, Codable {
    /// The engine's id of the card (stored only; pages name cards by place).
    package var cardID: Int
    package var outcome: ChoiceOutcome

    package init(cardID: Int, outcome: ChoiceOutcome) {
        self.cardID = cardID
        self.outcome = outcome
    }
}

/// What a game's `last_choice` column holds: the last choice, or the mark of a game dealt in
/// place of one that could not be read (`{"setAside":true}`), which the page announces until the
/// first choice.
enum StoredLastChoice: Codable, Hashable, Sendable {
    case choice(MemorizeLastChoice)
    case setAside

    private enum MarkKey: String, CodingKey {
        case setAside
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MarkKey.self)
        if try container.decodeIfPresent(Bool.self, forKey: .setAside) == true {
            self = .setAside
        } else {
            self = .choice(try MemorizeLastChoice(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .choice(let choice):
            try choice.encode(to: encoder)
        case .setAside:
            var container = encoder.container(keyedBy: MarkKey.self)
            try container.encode(true, forKey: .setAside)
        }
    }
}
