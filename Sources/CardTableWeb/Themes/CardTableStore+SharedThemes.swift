import Foundation
import GRDB
import MemorizeCore

// Built-in themes are stored once and shared: a player sees them until they change their theme
// list (edit, add, delete or reorder), when they get their own copies (copy on write).

extension CardTableStore {
    /// The owner of the shared built-in themes: 32 characters, like a player id, but never one
    /// (it is not hex), so no cookie can name it.
    static let sharedThemesOwner = "cardtable-shared-built-in-themes"

    /// Stores the built-in themes as the shared ones unless they are there already.
    static func storeSharedThemes(in db: Database) throws {
        guard try !PlayerRecord.exists(db, key: sharedThemesOwner) else { return }
        try PlayerRecord(
            id: sharedThemesOwner, createdAt: Date(timeIntervalSince1970: 0), lastSeenAt: nil,
            ownsThemes: true,
            unsignedCookie: false
        ).insert(db)
        for (position, theme) in Theme.builtIn.enumerated() {
            var record = try ThemeRecord(theme, owner: sharedThemesOwner, position: position)
            try record.insertWithRandomID(db)
        }
    }
}

extension CardTableStore.Transaction {
    /// Whose theme rows the player sees: their own once they have copies, the shared ones before.
    func themeOwner(of player: PlayerID) throws -> String {
        let owns = try cachedRow("SELECT owns_themes FROM player WHERE id = ?", [player.rawValue])
        return owns?[0] == true ? player.rawValue : CardTableStore.sharedThemesOwner
    }

    /// Gives the player their own copies of the shared themes, unless they have them already, so
    /// their list can change. Their games move over to the copies; a copy answers to its
    /// built-in's id as well as its own, so pages opened before keep working.
    func takeOwnershipOfThemes(for player: PlayerID, at now: Date) throws {
        try storePlayer(player, at: now)
        guard try themeOwner(of: player) != player.rawValue else { return }
        let shared = try themeRecords(ownedBy: CardTableStore.sharedThemesOwner)
        for (position, builtIn) in shared.enumerated() {
            guard let builtInID = builtIn.id else { continue }
            var copy = builtIn.copy(for: player, at: position)
            try copy.insertWithRandomID(db)
            try moveMemorizeGames(of: player, from: ThemeID(builtInID), to: ThemeID(copy.id ?? builtInID))
        }
        try PlayerRecord.filter(key: player.rawValue).updateAll(
            db, PlayerRecord.Columns.ownsThemes.set(to: true))
    }

    /// How many shared built-in themes the player's list lacks (see ``missingBuiltInThemes(of:)``).
    func missingBuiltInThemeCount(of player: PlayerID) throws -> Int {
        guard try themeOwner(of: player) == player.rawValue else { return 0 }
        // NB: the same rule in one statement, compiled once: the chooser asks on every view.
        let row = try cachedRow(
            """
            SELECT count(*) FROM theme AS shared
            WHERE shared.player_id = ? AND shared.is_deleted = 0 AND NOT EXISTS (
                SELECT 1 FROM theme AS own WHERE own.player_id = ? AND own.is_deleted = 0
                AND (own.built_in_id = shared.id OR (own.built_in_id IS NULL AND own.name = shared.name)))
            """, [CardTableStore.sharedThemesOwner, player.rawValue])
        return row?[0] ?? 0
    }

    /// The shared built-in themes the player's list lacks: those they deleted. (A built-in they
    /// edited is still theirs; copies made before built-ins were shared are matched by name.)
    func missingBuiltInThemes(of player: PlayerID) throws -> [ThemeRecord] {
        guard try themeOwner(of: player) == player.rawValue else { return [] }
        let own = try themeRecords(ownedBy: player.rawValue)
        let presentIDs = Set(own.compactMap(\.builtInID))
        let presentNames = Set(own.filter { $0.builtInID == nil }.map(\.name))
        return try themeRecords(ownedBy: CardTableStore.sharedThemesOwner)
            .filter { builtIn in
                guard let id = builtIn.id else { return false }
                return !presentIDs.contains(id) && !presentNames.contains(builtIn.name)
            }
    }
}

extension CardTableStore {
    /// Brings back every built-in theme the player deleted, at the end of their list.
    /// - Returns: how many came back.
    /// - Throws: ``ThemeLimitReached`` when they would not fit under ``maximumThemesPerPlayer``.
    public func restoreBuiltInThemes(for player: PlayerID, at now: Date = Date()) async throws -> Int {
        try await write { transaction in
            let missing = try transaction.missingBuiltInThemes(of: player)
            guard !missing.isEmpty else { return 0 }
            let db = transaction.db
            let count = try Self.themeRows(ownedBy: player.rawValue).fetchCount(db)
            guard count + missing.count <= Self.maximumThemesPerPlayer else { throw ThemeLimitReached() }
            // NB: a deleted copy waiting for Undo would come back twice.
            try transaction.deletedThemes(of: player).filter(
                missing.compactMap(\.id).contains(ThemeRecord.Columns.builtInID)
            )
            .deleteAll(db)
            var position = try Self.nextPosition(of: player, in: db)
            for builtIn in missing {
                var copy = builtIn.copy(for: player, at: position)
                try copy.insertWithRandomID(db)
                position += 1
            }
            return missing.count
        }
    }
}
