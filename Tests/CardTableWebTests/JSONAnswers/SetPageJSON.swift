/// The Set page's JSON (`GET /set` and every Set post), as far as the tests read it. Optionals
/// are the keys sent only when they apply.
struct SetPageJSON: Decodable {
    /// The review of missed Sets.
    struct Missed: Decodable {
        struct MissedSet: Decodable {
            let cards: [SetCardJSON]
        }

        let heading: String
        let sets: [MissedSet]
    }

    /// `normal`, `junior`, `chain` or `ultra`.
    let mode: String
    /// The mode's name ("Set-Chain"), nil for Normal.
    let modeTitle: String?
    /// The mode's rule, said on the table; nil for Normal.
    let modeRule: String?
    /// `Set` or `UltraSet`.
    let matchName: String
    /// `solo` or `two-player`.
    let players: String
    /// In Set-Chain, the last Set taken (empty before the first); nil otherwise.
    let previousSet: [SetCardJSON]?
    let colorBlind: Bool
    let score: Int
    let cards: [SetCardJSON]
    let cardCount: Int
    let deckCount: Int
    let deckIsEmpty: Bool
    let discardCount: Int
    let discardTop: SetCardJSON?
    let canDeal: Bool
    /// `none`, `selected`, `match` or `mismatch`.
    let selectionState: String
    let selectionCount: Int
    let whyNot: String?
    let hint: String?
    let announcement: String
    /// Only while the game dealt in place of one that could not be read has no move.
    let setAsideNotice: String?
    let isOver: Bool
    let result: String?
    let canHint: Bool
    /// How long the game has been played.
    let time: PlayingClockJSON?
    let setsFound: Int
    let playerOne: SetPlayerPanelJSON?
    let playerTwo: SetPlayerPanelJSON?
    let missed: Missed?
    let version: Int
    let refreshAfter: Double?
}

/// A game's clock as a page's JSON gives it.
struct PlayingClockJSON: Decodable, Equatable {
    let seconds: Int
    let clock: String
    let isRunning: Bool
}
