import CardTableBasics
import Foundation

/// Remembers until when each recently seen device's noted visit stays fresh, so that only the
/// first page view of a day on each device asks the database about it.
///
/// It only ever skips work: a device it forgets (it keeps at most ``capacity`` devices, and
/// every server instance keeps its own) is simply looked up again.
final class VisitLedger: Sendable {
    /// The most devices remembered at once (about 100 bytes each).
    static let capacity = 20_000

    private let freshUntil = Memo<DeviceID, Date>(capacity: capacity)

    /// Whether a visit on `device` must be looked up at `now`: not remembered, or remembered as
    /// due.
    func isDue(_ device: DeviceID, at now: Date) -> Bool {
        freshUntil.remembered(for: device).map { now >= $0 } ?? true
    }

    /// Remembers that a visit on `device` needs no noting before `date`.
    func remember(_ device: DeviceID, freshUntil date: Date) {
        freshUntil.remember(date, for: device)
    }
}
