/// One thing that happened in a room, as its event log keeps it: what kind, who did it, the
/// cards it concerned, and what the room's pages say about it.
struct RoomHappening: Hashable, Sendable, Codable {
    /// What happened; part of the published API (docs/API.md lists each).
    enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case joined, renamed, returned, left, started
        // Set
        case scored, wrongSet, tooLate, dealVote, dealt
        /// A claim named a card dealt after the table its player chose from; it cost nothing.
        case tableChanged
        // Memorize
        case turnedUp, matched, mismatched, turnedBack, turnPassed
        /// In a room played a turn a day, the member whose turn it was did not play within the
        /// day; the turn passed.
        case turnMissed
        /// In a room played a turn a day, the member missed three turns in a row and gave up
        /// their seat for the rest of the game.
        case forfeited
        case gameOver
        /// Nobody was connected for ``RoomSweep/idleTime``; the room takes no more moves.
        case closed
        /// The host listed the room under Open rooms (`opened`) or took it off (`unlisted`).
        case opened, unlisted
        // Talk at the table (issue 51)
        /// A member's chat message: `text` is the message as typed, `name` its sender's.
        case chat
        /// A member's quick reaction: `text` is its emoji, `name` its sender's.
        case reaction
        /// The host turned chat on or off, for everyone or for spectators.
        case chatChanged
        /// The host removed a member, who cannot join the room again.
        case removed
        /// After a game, a member made a new room for its players (the view's `nextRoom`).
        case invited
    }

    let kind: Kind
    /// In words, with the members' names: "Ana found a Set: one red solid diamond, …".
    let text: String
    /// The member who did it, if a member did.
    var member: Int?
    /// The cards it concerns: Set cards by number (0–80), Memorize cards by id.
    var cards: [Int] = []
    /// For a chat message or a reaction, its sender's name as it was when they sent it.
    var name: String? = nil

    /// Whether it is talk (a chat message or a reaction) rather than play: replays and the words
    /// a page says leave talk out, and a viewer does not get the talk of players they muted.
    var isTalk: Bool { kind.isTalk }
}

extension RoomHappening.Kind {
    /// Whether it names a member whose turn passed by itself (they made nothing happen).
    var isTurnKeeping: Bool { self == .turnPassed || self == .turnMissed || self == .forfeited }

    /// Whether events of this kind are talk: chat messages and reactions.
    var isTalk: Bool { self == .chat || self == .reaction }
}
