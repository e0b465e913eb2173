import Foundation
import Synchronization

/// Remembers until when each recently seen player's noted visit stays fresh, so that only the
/// first page view of a day asks the database about it.
///
/// It only ever skips work: a player it forgets (it keeps at most ``capacity`` players, and
/// every server instance keeps its own) is simply looked up again.
final class VisitLedger: Sendable {
    /// The most players remembered at once (about 100 bytes each).
    static let capacity = 20_000

    private let freshUntil = Mutex<[PlayerID: Date]>([:])

    /// Whether `player`'s visit must be looked up at `now`: not remembered, or remembered as due.
    func isDue(_ player: PlayerID, at now: Date) -> Bool {
        freshUntil.withLock { $0[player].map { now >= $0 } ?? true }
    }

    /// Remembers that `player`'s visit needs no noting before `date`.
    func remember(_ player: PlayerID, freshUntil date: Date) {
        freshUntil.withLock { dates in
            if dates.count >= Self.capacity, dates[player] == nil {
                dates.removeAll(keepingCapacity: true)
            }
            dates[player] = date
        }
    }
}
