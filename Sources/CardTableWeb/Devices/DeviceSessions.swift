import CardTableBasics
import CardTableStorage
import Foundation
import Synchronization

/// Whose each device is (see ``DeviceSession``), remembered for ``freshness`` so that a request
/// costs no database read; ``PlayerMiddleware`` asks it on every request with a device cookie.
///
/// Linking and forgetting on this server instance are remembered at once (a merged player's
/// other devices too). Another instance learns of them within ``freshness``: a device forgotten
/// there may be served here as its player for up to that long; whatever it tries to link or make
/// meanwhile is refused, since the database is asked again.
final class DeviceSessions: Sendable {
    /// How long a device's session is trusted before it is read again.
    static let freshness: TimeInterval = 10
    /// The most devices remembered at once; past it, all are forgotten and read again.
    static let capacity = 20_000

    private let database: any CardTableDatabase
    private let known = Mutex<[DeviceID: (session: DeviceSession, readAt: Date)]>([:])

    init(database: any CardTableDatabase) {
        self.database = database
    }

    /// Whose `device` is at `now`: remembered, or read.
    func session(of device: DeviceID, at now: Date) async throws -> DeviceSession {
        if let known = known.withLock({ $0[device] }),
            now >= known.readAt, now.timeIntervalSince(known.readAt) < Self.freshness
        {
            return known.session
        }
        let session = try await database.deviceSession(device, at: now)
        remember(session, for: device, at: now)
        return session
    }

    /// Remembers that `device` is `session` as of `now` (a link or a forget made here). A device
    /// remembered as forgotten stays so: forgetting is final, and a read that began before it
    /// must not bring the device back.
    func remember(_ session: DeviceSession, for device: DeviceID, at now: Date) {
        known.withLock { known in
            if known[device]?.session == .forgotten { return }
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[device] = (session, now)
        }
    }
}
