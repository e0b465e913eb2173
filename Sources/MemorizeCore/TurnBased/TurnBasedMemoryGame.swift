import Foundation

/// The classic table game of Memorize for up to ``maximumSeats`` players taking turns.
///
/// The player whose turn it is turns two cards. A match wins them the pair and they go again; a
/// mismatch stays face up for everyone until it is turned back
/// (``turnMismatchBack(shownFor:at:)``, once it has shown for the room's delay) or the next player
/// turns a card, and the turn passes to the next player who is present. There is no speed bonus
/// and no penalty: a player's result is their pairs.
public struct TurnBasedMemoryGame<CardContent: Equatable> {
    /// A player's place at the table, `0..<seatCount`.
    public typealias Seat = Int

    /// The most players one table takes.
    public static var maximumSeats: Int { 8 }

    /// The cards, as in a one-player game without a speed bonus.
    public private(set) var game: MemoryGame<CardContent>
    /// Whose turn it is.
    public private(set) var turn: Seat
    /// Each seat's matched pairs.
    public private(set) var pairs: [Int]
    /// The seats whose players left or dropped; their turns are skipped until they come back.
    public private(set) var absentSeats: Set<Seat> = []
    /// When the mismatch face up now was turned up; nil when none is, and for a mismatch stored
    /// before this was kept (it is overdue).
    public private(set) var mismatchShownAt: Date?

    /// A game for `seatCount` players of `game`'s cards; seat 0 starts.
    /// - Precondition: `1...maximumSeats` contains `seatCount`.
    public init(_ game: MemoryGame<CardContent>, seatCount: Int) {
        precondition((1...Self.maximumSeats).contains(seatCount), "A table seats 1 to 8 players.")
        self.game = game
        turn = 0
        pairs = Array(repeating: 0, count: seatCount)
    }

    // MARK: - Reading the game

    /// How many players sit at the table.
    public var seatCount: Int { pairs.count }

    /// Whether every pair is matched.
    public var isOver: Bool { game.isOver }

    /// Whether two cards that do not match are face up.
    public var isShowingMismatch: Bool {
        game.cards.filter { $0.isFaceUp && !$0.isMatched }.count == 2
    }

    /// When the mismatch face up now is due to turn back, `delay` seconds after it was turned up:
    /// nil when none is showing, `.distantPast` for one stored before its time was kept.
    public func mismatchTurnsBack(after delay: TimeInterval) -> Date? {
        guard isShowingMismatch else { return nil }
        return mismatchShownAt?.addingTimeInterval(delay) ?? .distantPast
    }

    /// The seats with the most pairs (more than one on a tie); empty before any pair is matched.
    public var leaders: [Seat] {
        guard let most = pairs.max(), most > 0 else { return [] }
        return pairs.indices.filter { pairs[$0] == most }
    }

    // MARK: - Moves

    /// Turns the card with id `cardID` for `seat`.
    ///
    /// A mismatch still face up turns back first. Refused, changing nothing, when it is not
    /// `seat`'s turn, the card does not exist, is face up (the turn's first card) or matched, or
    /// the game is over.
    @discardableResult
    public mutating func choose(cardID: Int, by seat: Seat, at now: Date) -> TurnOutcome {
        guard pairs.indices.contains(seat) else { return .refused(.notASeat) }
        guard !isOver else { return .refused(.gameOver) }
        guard seat == turn else { return .refused(.notYourTurn(turn)) }
        guard let card = game.cards.first(where: { $0.id == cardID }) else { return .refused(.noSuchCard) }
        // A mismatch still showing turns back first, so either of its cards can be played.
        var next = game
        next.turnMismatchBack()
        let outcome = next.choose(card, at: now)
        guard outcome != .ignored else { return .refused(.cardNotPlayable) }
        game = next
        mismatchShownAt = nil
        switch outcome {
        case .ignored:
            return .refused(.cardNotPlayable)
        case .turnedUp:
            return .turnedUp
        case .matched:
            pairs[seat] += 1
            return .matched(goesAgain: !isOver)
        case .mismatched:
            mismatchShownAt = now
            passTurn()
            return .mismatched(nextTurn: turn)
        }
    }

    /// Turns a mismatch face down, as the next player's first card would.
    /// - Returns: Whether two unmatched cards were face up.
    @discardableResult
    public mutating func turnMismatchBack() -> Bool {
        guard game.turnMismatchBack() else { return false }
        mismatchShownAt = nil
        return true
    }

    /// Turns a mismatch face down once it has been face up for `delay` seconds at `now`; one
    /// turned up later stays (a timer of an earlier mismatch must not cut a later one short).
    /// - Returns: Whether a mismatch turned back.
    @discardableResult
    public mutating func turnMismatchBack(shownFor delay: TimeInterval, at now: Date) -> Bool {
        guard let due = mismatchTurnsBack(after: delay), due <= now else { return false }
        return turnMismatchBack()
    }

    /// Marks `seat` absent (its player left, or dropped and did not come back in time): if it
    /// was their turn, a card they had turned goes back down and the turn passes on.
    public mutating func leave(_ seat: Seat) {
        guard pairs.indices.contains(seat) else { return }
        absentSeats.insert(seat)
        if turn == seat, !isOver {
            game.turnLoneCardBack()
            passTurn()
        }
    }

    /// Passes the turn on unplayed, as when its player ran out of time: a card they had turned
    /// goes back down, and the next present seat plays.
    public mutating func passTurnUnplayed() {
        guard !isOver else { return }
        game.turnLoneCardBack()
        passTurn()
    }

    /// Marks `seat` present again; they play when their turn comes round. If every other seat
    /// was absent, the turn is theirs now.
    public mutating func rejoin(_ seat: Seat) {
        guard pairs.indices.contains(seat) else { return }
        absentSeats.remove(seat)
        if absentSeats.contains(turn) {
            turn = seat
        }
    }

    // MARK: - Private

    /// Passes the turn to the next present seat after the current one (it stays if nobody else is present).
    private mutating func passTurn() {
        for step in 1...seatCount {
            let next = (turn + step) % seatCount
            if !absentSeats.contains(next) {
                turn = next
                return
            }
        }
    }
}

extension TurnBasedMemoryGame: Equatable {}
extension TurnBasedMemoryGame: Sendable where CardContent: Sendable {}
extension TurnBasedMemoryGame: Codable where CardContent: Codable {}

/// What a turn-based choice did.
public enum TurnOutcome: Hashable, Sendable {
    /// The first card of the turn is face up.
    case turnedUp
    /// The two cards match; the same player goes again unless the game is over.
    case matched(goesAgain: Bool)
    /// The two cards differ; the turn passed to `nextTurn`.
    case mismatched(nextTurn: Int)
    /// Nothing changed.
    case refused(TurnRefusal)
}

/// Why a choice at a turn-based table changed nothing.
public enum TurnRefusal: Hashable, Sendable {
    case notASeat
    case gameOver
    /// It is the turn of this seat.
    case notYourTurn(Int)
    case noSuchCard
    /// The card is face up or matched.
    case cardNotPlayable
}
