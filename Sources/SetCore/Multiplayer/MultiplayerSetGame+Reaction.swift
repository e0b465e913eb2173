#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a card in play reached one player, as far as the referee knows.
public enum CardArrival: Hashable, Sendable {
    /// The card was sent to the player at this moment (for a player the referee cannot follow, the
    /// moment it was dealt).
    case at(Date)
    /// The card has not been sent to the player yet.
    case notYet
}

extension MultiplayerSetGame {
    /// How long a card must have been in front of a player before a claim of theirs may name it:
    /// about the time a person needs to notice that a card is new and see what it is.
    public static let reactionTime: TimeInterval = 0.6

    /// Judges `seat`'s claim of `cards` as ``claim(_:by:at:unseen:)`` does, counting as unseen
    /// every card that had not reached the claimer ``reactionTime`` before `now` (by `arrivals`;
    /// a card it lacks reached them long ago). A claim naming one is "the table changed": no
    /// penalty, no point; any other claim is judged, whatever the claimer says it saw.
    @discardableResult
    public mutating func claim(
        _ cards: [SetCard], by seat: Seat, at now: Date, arrivals: [SetCard: CardArrival]
    ) -> MultiplayerClaimOutcome {
        claim(cards, by: seat, at: now, unseen: Self.unseen(cards, arrivals: arrivals, at: now))
    }

    /// The cards of `cards` that had not reached their claimer ``reactionTime`` before `now`.
    public static func unseen(
        _ cards: [SetCard], arrivals: [SetCard: CardArrival], at now: Date
    ) -> Set<SetCard> {
        Set(
            cards.filter { card in
                switch arrivals[card] {
                case .notYet: true
                case .at(let moment): now.timeIntervalSince(moment) < reactionTime
                case nil: false
                }
            })
    }
}
