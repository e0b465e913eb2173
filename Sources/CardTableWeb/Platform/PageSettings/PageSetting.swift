import CardTableBasics
import CardTableStorage
import Foundation

/// A choice of the player's that their pages are drawn with, on every device of theirs
/// (``Appearance``, ``Sound``): kept in a table of its own, a row a player (no row is the
/// default), and chosen with a toggle that posts the new value as its one field.
protocol PageSetting: RawRepresentable<String>, Codable, Sendable {
    /// The form field and JSON key the setting is posted and answered as, and its column.
    static var field: String { get }
    /// The table that keeps it (`player_id`, the field's column, `updated_at`).
    static var table: String { get }
    /// The values it may have, in words, for a 400 that names the field ("on or off").
    static var values: String { get }
}

extension PageSetting {
    /// `player`'s stored value as a column named ``field`` of a statement that reads several
    /// settings at once (NULL when they never chose).
    static func stored(of player: PlayerID) -> SQL {
        "(SELECT \(identifier: field) FROM \(identifier: table) WHERE player_id = \(player.rawValue)) AS \(identifier: field)"
    }

    /// The value that column holds in `row`; nil when the player never chose, or the stored value
    /// no longer reads as one.
    static func stored(in row: any DatabaseRow) throws -> Self? {
        (try row(field) as String?).flatMap(Self.init(rawValue:))
    }
}

extension Appearance: PageSetting {
    static let field = "appearance"
    static let table = "player_appearance"
    static let values = "system, light or dark"
}

extension Sound: PageSetting {
    static let field = "sound"
    static let table = "player_sound"
    static let values = "on or off"
}

extension CardTableDatabase {
    /// Remembers `setting` for `player` on every device of theirs; the player is stored if they
    /// are not. Pages read it with the other settings (``pageSettings(of:)``).
    func setPageSetting<Setting: PageSetting>(_ setting: Setting, of player: PlayerID, at now: Date)
        async throws
    {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            try transaction.execute(
                """
                INSERT INTO \(identifier: Setting.table) (player_id, \(identifier: Setting.field), updated_at)
                VALUES (\(player.rawValue), \(setting.rawValue), \(now))
                ON CONFLICT (player_id) DO UPDATE
                    SET \(identifier: Setting.field) = excluded.\(identifier: Setting.field), updated_at = excluded.updated_at
                """)
        }
    }
}

extension DatabaseTransaction {
    /// The setting `read` found; when it could not be read, the player's row of its table is set
    /// aside and the setting is the one a player who never chose has.
    func readOrSetAside<Setting: PageSetting>(
        _ setting: Setting.Type, _ read: Result<Setting?, any Error>, of player: PlayerID
    ) throws -> Setting? {
        try readOrSetAside(from: Setting.table, key: ["player_id": .text(player.rawValue)]) { try read.get() }
            ?? nil
    }
}
