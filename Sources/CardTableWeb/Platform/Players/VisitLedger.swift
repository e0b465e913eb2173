import Foundation

/// Remembers until when each recently seen player's noted visit stays fresh, so that only the
/// first page view of a day asks the database about it.
///
/// It only ever skips work: a player it forgets (it keeps at most ``capacity`` players, and
/// every server instance keeps its own) is simply looked up again.
final class VisitLedger: Sendable {
    /// The most players remembered at once (about 100 bytes each).
    static let capacity = 20_000

    private let freshUntil = Memo<PlayerID, Date>(capacity: capacity)

    /// Whether `player`'s visit must be looked up at `now`: not remembered, or remembered as due.
    func isDue(_ player: PlayerID, at now: Date) -> Bool {
        freshUntil.remembered(for: player).map { now >= $0 } ?? true
    }

    /// Remembers that `player`'s visit needs no noting before `date`.
    func remember(_ player: PlayerID, freshUntil date: Date) {
        freshUntil.remember(date, for: player)
    }
}
