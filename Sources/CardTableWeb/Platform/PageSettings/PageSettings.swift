import CardTableBasics
import CardTableHTTP
import CardTableStorage

/// What a player chose for how their pages look and sound, on every device of theirs.
struct PageSettings: Equatable, Sendable {
    var appearance = Appearance.system
    var sound = Sound.on
}

extension CardTableDatabase {
    /// The settings `player`'s pages are drawn with, in one statement: each the default when they
    /// never chose (or its stored value no longer reads as one).
    func pageSettings(of player: PlayerID) async throws -> PageSettings {
        try await read { transaction in
            let found = try transaction.firstRow(
                "SELECT \(Appearance.stored(of: player)), \(Sound.stored(of: player))"
            ) { row in
                (
                    appearance: Result { try Appearance.stored(in: row) },
                    sound: Result { try Sound.stored(in: row) }
                )
            }
            guard let found else { return PageSettings() }
            return PageSettings(
                appearance: try transaction.readOrSetAside(Appearance.self, found.appearance, of: player)
                    ?? .system,
                sound: try transaction.readOrSetAside(Sound.self, found.sound, of: player) ?? .on)
        }
    }
}
