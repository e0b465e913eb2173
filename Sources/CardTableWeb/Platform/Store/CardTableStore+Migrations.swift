import GRDB

extension CardTableStore {
    /// The schema, one migration at a time. A migration that has landed is never edited, not
    /// even to fix a typo: changes come as new migrations, registered after the others. Plain SQL
    /// strings, so no app type can change history. (v2-set-games was edited once after it
    /// landed; it is the last.) A database holding a migration this list lacks was written by a
    /// newer CardTable and is refused (see ``checkBeforeMigrating(_:path:)``).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player (
                        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
                        created_at DATETIME NOT NULL
                    );
                    CREATE TABLE theme (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL CHECK (length(name) > 0),
                        emojis TEXT NOT NULL,
                        removed_emojis TEXT NOT NULL,
                        number_of_pairs INTEGER NOT NULL CHECK (number_of_pairs >= 1),
                        color TEXT NOT NULL,
                        is_deleted INTEGER NOT NULL DEFAULT 0 CHECK (is_deleted IN (0, 1))
                    );
                    CREATE INDEX theme_by_player ON theme(player_id, position);
                    CREATE TABLE memorize_game (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        slot TEXT NOT NULL,
                        theme_id INTEGER NOT NULL REFERENCES theme(id) ON DELETE CASCADE,
                        state TEXT NOT NULL,
                        last_choice TEXT,
                        updated_at DATETIME NOT NULL,
                        PRIMARY KEY (player_id, slot)
                    );
                    CREATE INDEX memorize_game_by_theme ON memorize_game(theme_id);
                    """)
        }
        // One Set game per player: the engine's state, the last move and a timeout noticed with
        // it (for the announcement), the move counter every form carries (so a double post is
        // turned down), and the player's color-blind setting.
        migrator.registerMigration("v2-set-games") { db in
            try db.execute(
                sql: """
                    CREATE TABLE set_game (
                        player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        state TEXT NOT NULL,
                        last_move TEXT,
                        timeout TEXT,
                        version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                        color_blind INTEGER NOT NULL DEFAULT 0 CHECK (color_blind IN (0, 1)),
                        updated_at DATETIME NOT NULL
                    );
                    """)
        }
        // Rows that could not be read, set aside by the load that met them (see `DamagedRow`):
        // which table and key they had, every column as a JSON object, and the error.
        migrator.registerMigration("v3-quarantine") { db in
            try db.execute(
                sql: """
                    CREATE TABLE quarantine (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        table_name TEXT NOT NULL,
                        row_key TEXT NOT NULL,
                        row_text TEXT NOT NULL,
                        error TEXT NOT NULL,
                        quarantined_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
                    );
                    """)
        }
        return migrator
    }
}
