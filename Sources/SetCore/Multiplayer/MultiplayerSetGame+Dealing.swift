#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MultiplayerSetGame {
    /// Records that `seat` asks for three more cards, and deals them once every seat in
    /// `activeSeats` (the players still connected) has asked. A vote stands until the table
    /// changes.
    /// - Returns: The vote and what it needed, or the cards dealt; rejected when the deck is
    ///   empty, the game is over, or `seat` is not an active seat.
    @discardableResult
    public mutating func voteToDeal(by seat: Seat, activeSeats: Set<Seat>, at now: Date) -> DealVoteOutcome {
        guard isSeat(seat) else { return .rejected(.notASeat) }
        guard activeSeats.contains(seat) else { return .rejected(.notActive) }
        guard !isOver else { return .rejected(.gameOver) }
        guard !deck.isEmpty else { return .rejected(.deckEmpty) }
        dealVotes.insert(seat)
        clock.record(moveAt: now, endingTheGame: false)
        return settleDealVotes(activeSeats: activeSeats, at: now)
            ?? .voted(votes: dealVotes.intersection(activeSeats).count, needed: activeSeats.count)
    }

    /// Deals three more cards if every seat in `activeSeats` has asked for them, as when a player
    /// who had not asked leaves the table.
    /// - Returns: `.dealt` if cards were dealt, otherwise `nil`.
    @discardableResult
    public mutating func settleDealVotes(activeSeats: Set<Seat>, at now: Date) -> DealVoteOutcome? {
        guard !deck.isEmpty, !activeSeats.isEmpty, activeSeats.isSubset(of: dealVotes) else { return nil }
        let dealt = dealThree() + dealWhileNoMatch()
        clock.record(moveAt: now, endingTheGame: isOver)
        return .dealt(dealt)
    }
}

/// What a request for three more cards did.
public enum DealVoteOutcome: Hashable, Sendable {
    /// The vote counts; `votes` of the `needed` active players have asked.
    case voted(votes: Int, needed: Int)
    /// Everyone agreed: these cards were dealt (more than three if the first three made no Set).
    case dealt([SetCard])
    /// Nothing changed.
    case rejected(MultiplayerRejection)
}
