import CardTableBasics
import CardTableStorage
import Synchronization

/// The page settings of returning players (``PageSettings``), remembered so that a page costs no
/// read of its own; ``PageSettingsMiddleware`` asks it for every page.
///
/// Only for a database no other instance writes (SQLite): every change passes through this
/// instance, which forgets what it changed (``forget(_:)``, ``forgetAll()``). A setting remembered
/// longer than ``freshness`` is read again all the same, should a change come by another way.
final class PageSettingsCache: Sendable {
    /// How long a player's settings are trusted before they are read again (by the machine's
    /// steady clock: this is the server's bookkeeping, not a game's time).
    static let freshness = Duration.seconds(10)
    /// The most players remembered at once; past it, all are forgotten and read again.
    static let capacity = 20_000

    private struct Known {
        var settings: [PlayerID: (settings: PageSettings, readAt: ContinuousClock.Instant)] = [:]
        /// One more at each forgetting, so a read that began before it is not remembered.
        var forgettings = 0
    }

    private let database: any CardTableDatabase
    private let known = Mutex(Known())

    init(database: any CardTableDatabase) {
        self.database = database
    }

    /// `player`'s settings at `now`: remembered, or read.
    func settings(of player: PlayerID, at now: ContinuousClock.Instant = .now) async throws -> PageSettings {
        let (remembered, forgettings) = known.withLock { ($0.settings[player], $0.forgettings) }
        if let remembered, now - remembered.readAt < Self.freshness {
            return remembered.settings
        }
        let settings = try await database.pageSettings(of: player)
        known.withLock { known in
            guard known.forgettings == forgettings else { return }
            if known.settings.count >= Self.capacity { known.settings.removeAll(keepingCapacity: true) }
            known.settings[player] = (settings, now)
        }
        return settings
    }

    /// Forgets `player`'s settings, which they just changed.
    func forget(_ player: PlayerID) {
        known.withLock { known in
            known.settings[player] = nil
            known.forgettings += 1
        }
    }

    /// Forgets every player's settings (players were merged).
    func forgetAll() {
        known.withLock { known in
            known.settings.removeAll()
            known.forgettings += 1
        }
    }
}
