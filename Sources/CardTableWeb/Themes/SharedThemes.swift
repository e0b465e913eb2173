import CardTableBasics
import CardTableStorage
import Foundation
import MemorizeCore

/// Built-in themes are stored once and shared: a player sees them until they change their theme
/// list (edit, add, delete or reorder), when they get their own copies (copy on write).
enum SharedThemes {
    /// The owner of the shared built-in themes (see ``ReservedPlayer/sharedThemesOwner``).
    static let owner = ReservedPlayer.sharedThemesOwner

    /// Stores the shared built-in themes in a database that opens without them.
    static let seed: DatabaseSeed = { try $0.storeSharedThemes() }
}

extension DatabaseTransaction {
    /// Stores the built-in themes as the shared ones unless they are there already. Instances
    /// starting together store them once: on PostgreSQL the others wait on the shared owner's
    /// row, then find it.
    func storeSharedThemes() throws {
        let isNew =
            try execute(
                """
                INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
                VALUES (\(SharedThemes.owner), \(Date(timeIntervalSince1970: 0)), \(nil as Date?), \(true), \(false))
                ON CONFLICT (id) DO NOTHING
                """) == 1
        guard isNew else { return }
        for (position, theme) in Theme.builtIn.enumerated() {
            var record = try ThemeRecord(theme, owner: SharedThemes.owner, position: position)
            try insertWithRandomID(&record)
        }
    }

    /// Whose theme rows the player sees: their own once they have copies, the shared ones before.
    ///
    /// A player's row is never set aside: when whether they have copies cannot be read, their
    /// theme rows say (a copy of the row as it was goes to the quarantine).
    func themeOwner(of player: PlayerID) throws -> String {
        let found = try firstRow("SELECT owns_themes FROM player WHERE id = \(player.rawValue)") { row in
            Result { try row("owns_themes") as Bool }
        }
        var owns = false
        switch found {
        case nil: break
        case .success(let read): owns = read
        case .failure(let error):
            owns =
                try firstRow("SELECT 1 AS found FROM theme WHERE player_id = \(player.rawValue) LIMIT 1") {
                    _ in
                    true
                } ?? false
            try keepRepaired(
                from: "player", key: ["id": .text(player.rawValue)], ["owns_themes": .bool(owns)],
                because: error)
        }
        return owns ? player.rawValue : SharedThemes.owner
    }

    /// Gives the player their own copies of the shared themes unless they have them already, so
    /// their list can change (the player is stored and locked: see ``lockPlayer(_:at:)``). Their
    /// games move over to the copies; a copy answers to its built-in's id as well as its own, so
    /// pages opened before keep working.
    func takeOwnershipOfThemes(for player: PlayerID) throws {
        guard try themeOwner(of: player) != player.rawValue else { return }
        let shared = try readableThemeRecords(ownedBy: SharedThemes.owner)
        for (position, builtIn) in shared.enumerated() {
            guard let builtInID = builtIn.id else { continue }
            var copy = builtIn.copy(for: player, at: position)
            try insertWithRandomID(&copy)
            try moveMemorizeGames(of: player, from: ThemeID(builtInID), to: ThemeID(copy.id ?? builtInID))
        }
        try execute("UPDATE player SET owns_themes = \(true) WHERE id = \(player.rawValue)")
    }

    /// How many shared built-in themes the list of a player who has their own copies lacks (see
    /// ``missingBuiltInThemes(of:)``), in one statement: the chooser asks on every view.
    func missingBuiltInThemeCount(ofOwner player: PlayerID) throws -> Int {
        try firstRow(
            """
            SELECT count(*) AS missing FROM theme AS shared
            WHERE shared.player_id = \(SharedThemes.owner) AND shared.is_deleted = \(false) AND NOT EXISTS (
                SELECT 1 FROM theme AS own WHERE own.player_id = \(player.rawValue) AND own.is_deleted = \(false)
                AND (own.built_in_id = shared.id OR (own.built_in_id IS NULL AND own.name = shared.name)))
            """
        ) { try $0("missing") } ?? 0
    }

    /// The shared built-in themes the player's list lacks: those they deleted. (A built-in they
    /// edited is still theirs; copies made before built-ins were shared are matched by name.)
    func missingBuiltInThemes(of player: PlayerID) throws -> [ThemeRecord] {
        guard try themeOwner(of: player) == player.rawValue else { return [] }
        let own = try readableThemeRecords(ownedBy: player.rawValue)
        let presentIDs = Set(own.compactMap(\.builtInID))
        let presentNames = Set(own.filter { $0.builtInID == nil }.map(\.name))
        return try readableThemeRecords(ownedBy: SharedThemes.owner).filter { builtIn in
            guard let id = builtIn.id else { return false }
            return !presentIDs.contains(id) && !presentNames.contains(builtIn.name)
        }
    }
}
