import CardTableBasics
import SetCore

/// A game and mode that keeps ratings of its own (issue 49): each game of Set, and Memorize,
/// whose one mode is `standard`. A player has one rating in each pool they played rated games in.
enum RatingPool: Hashable, Sendable, CaseIterable {
    case set(SetVariant)
    case memorize

    static var allCases: [RatingPool] { SetVariant.allCases.map(RatingPool.set) + [.memorize] }

    /// Memorize's mode, as `mode` names it in the database and the API.
    static let memorizeMode = "standard"

    /// The pool a room's games are rated in.
    init(_ room: Room) {
        self = room.game == .set ? .set(room.setVariant) : .memorize
    }

    /// The pool named by `game` and `mode` as the API and the database name them (`set` and
    /// `normal`, `memorize` and `standard`); nil for any other pair.
    init?(game: String, mode: String) {
        switch (CardGame(rawValue: game), mode) {
        case (.set?, _):
            guard let variant = SetVariant(rawValue: mode) else { return nil }
            self = .set(variant)
        case (.memorize?, Self.memorizeMode): self = .memorize
        default: return nil
        }
    }

    var game: CardGame {
        switch self {
        case .set: .set
        case .memorize: .memorize
        }
    }

    var mode: String {
        switch self {
        case .set(let variant): variant.rawValue
        case .memorize: Self.memorizeMode
        }
    }

    /// The pool in words: "Set", "Set Junior", "Set-Chain", "UltraSet", "Memorize".
    var title: String {
        switch self {
        case .set(let variant): variant.gameName
        case .memorize: "Memorize"
        }
    }
}
