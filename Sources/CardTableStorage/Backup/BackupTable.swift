/// A table as a backup holds it: its columns, each with the kind of value it keeps, in the order
/// a restore fills the tables (a row's references come before it).
package struct BackupTable: Sendable {
    /// What a column keeps, as both databases agree on it in a backup.
    package enum Kind: Sendable, Equatable {
        case text, integer
        /// A floating-point number (SQLite's REAL, PostgreSQL's DOUBLE PRECISION), written as JSON
        /// writes a Double: the shortest digits that read back the same.
        case real
        /// SQLite's 0/1, PostgreSQL's BOOLEAN; `true`/`false` in a backup.
        case flag
        /// A moment, as ISO 8601 with milliseconds in a backup.
        case date
    }

    package let name: String
    package let columns: [(name: String, kind: Kind)]
    /// The columns rows are written in order of (text by its bytes, on either database), so a backup
    /// of the same data is the same file.
    let orderBy: [String]
    /// The column PostgreSQL numbers by itself, if any (its counter is moved past the restored
    /// rows).
    var identity: String? = nil
    /// The columns a migration added to the table once it was there (nullable, each named with
    /// that migration): a backup of an earlier schema lacks them, and its rows restore with null.
    var addedLater: [String: String] = [:]

    /// Every table of the schema (as of migration `v17-daily-rooms`), in restore order. A
    /// migration that adds a table or a column adds it here too (a test compares this with the
    /// schema).
    package static let all: [BackupTable] = [
        BackupTable(
            name: "player",
            columns: [
                ("id", .text), ("created_at", .date), ("last_seen_at", .date), ("owns_themes", .flag),
                ("unsigned_cookie", .flag),
            ],
            orderBy: ["id"]),
        BackupTable(
            name: "theme",
            columns: [
                ("id", .integer), ("player_id", .text), ("position", .integer), ("name", .text),
                ("emojis", .text),
                ("removed_emojis", .text), ("number_of_pairs", .integer), ("color", .text),
                ("is_deleted", .flag),
                ("built_in_id", .integer),
            ],
            orderBy: ["id"], identity: "id"),
        BackupTable(
            name: "memorize_game",
            columns: [
                ("player_id", .text), ("slot", .text), ("theme_id", .integer), ("state", .text),
                ("last_choice", .text), ("updated_at", .date), ("deal", .integer),
            ],
            orderBy: ["player_id", "slot"]),
        BackupTable(
            name: "set_game",
            columns: [
                ("player_id", .text), ("state", .text), ("last_move", .text), ("timeout", .text),
                ("version", .integer),
                ("color_blind", .flag), ("updated_at", .date),
            ],
            orderBy: ["player_id"]),
        BackupTable(
            name: "memorize_preferences",
            columns: [
                ("player_id", .text), ("peeks_at_start", .flag), ("turn_back_after_ms", .integer),
                ("updated_at", .date),
            ],
            orderBy: ["player_id"]),
        BackupTable(
            name: "room",
            columns: [
                ("code", .text), ("game", .text), ("host_id", .text), ("state", .text),
                ("last_event", .integer),
                ("created_at", .date), ("active_at", .date), ("closed_at", .date), ("pace", .text),
                ("turn_due_at", .date), ("turn_player_id", .text),
            ],
            orderBy: ["code"],
            addedLater: [
                "pace": "v17-daily-rooms", "turn_due_at": "v17-daily-rooms",
                "turn_player_id": "v17-daily-rooms",
            ]),
        BackupTable(
            name: "room_seat",
            columns: [("player_id", .text), ("room_code", .text)],
            orderBy: ["player_id", "room_code"]),
        BackupTable(
            name: "room_event",
            columns: [
                ("room_code", .text), ("number", .integer), ("game_number", .integer), ("body", .text),
                ("created_at", .date), ("talk", .text),
            ],
            orderBy: ["room_code", "number"], addedLater: ["talk": "v14-chat"]),
        BackupTable(
            name: "finished_game",
            columns: [
                ("id", .integer), ("player_id", .text), ("game", .text), ("theme", .text), ("mode", .text),
                ("score", .integer), ("breakdown", .text), ("duration_ms", .integer), ("moves", .integer),
                ("finished_at", .date), ("variant", .text),
            ],
            orderBy: ["id"], identity: "id", addedLater: ["variant": "v10-set-variants"]),
        BackupTable(
            name: "daily_play",
            columns: [
                ("player_id", .text), ("puzzle_date", .text), ("progress", .text), ("last_claim", .text),
                ("updated_at", .date),
            ],
            orderBy: ["player_id", "puzzle_date"]),
        BackupTable(
            name: "daily_solve",
            columns: [
                ("player_id", .text), ("puzzle_date", .text), ("duration_ms", .integer),
                ("wrong_tries", .integer), ("solved_at", .date),
            ],
            orderBy: ["player_id", "puzzle_date"]),
        BackupTable(
            name: "device",
            columns: [
                ("id", .text), ("player_id", .text), ("name", .text), ("first_seen_at", .date),
                ("linked_at", .date), ("last_seen_at", .date), ("forgotten_at", .date),
            ],
            orderBy: ["id"]),
        BackupTable(
            name: "device_code",
            columns: [
                ("digest", .text), ("selector", .text), ("player_id", .text), ("device_id", .text),
                ("kind", .text),
                ("created_at", .date), ("expires_at", .date), ("used_at", .date),
            ],
            orderBy: ["digest"]),
        BackupTable(
            name: "player_name",
            columns: [("player_id", .text), ("name", .text), ("updated_at", .date)],
            orderBy: ["player_id"]),
        BackupTable(
            name: "player_appearance",
            columns: [("player_id", .text), ("appearance", .text), ("updated_at", .date)],
            orderBy: ["player_id"]),
        BackupTable(
            name: "player_sound",
            columns: [("player_id", .text), ("sound", .text), ("updated_at", .date)],
            orderBy: ["player_id"]),
        BackupTable(
            name: "player_rating",
            columns: [
                ("player_id", .text), ("game", .text), ("mode", .text), ("rating", .real),
                ("deviation", .real),
                ("volatility", .real), ("games", .integer), ("last_played_at", .date),
            ],
            orderBy: ["player_id", "game", "mode"]),
        BackupTable(
            name: "rating_change",
            columns: [
                ("id", .integer), ("player_id", .text), ("game", .text), ("mode", .text),
                ("room_code", .text),
                ("game_number", .integer), ("rating_before", .real), ("rating", .real), ("deviation", .real),
                ("rated_at", .date),
            ],
            orderBy: ["id"], identity: "id"),
        BackupTable(
            name: "leaderboard_hidden",
            columns: [("player_id", .text), ("hidden_at", .date)],
            orderBy: ["player_id"]),
        BackupTable(
            name: "player_mute",
            columns: [("player_id", .text), ("muted_id", .text), ("muted_at", .date)],
            orderBy: ["player_id", "muted_id"]),
        BackupTable(
            name: "recent_player",
            columns: [
                ("player_id", .text), ("other_id", .text), ("name", .text), ("game", .text),
                ("variant", .text), ("theme", .text), ("played_at", .date),
            ],
            orderBy: ["player_id", "other_id"]),
        BackupTable(
            name: "push_subscription",
            columns: [
                ("endpoint", .text), ("device_id", .text), ("player_id", .text), ("p256dh", .text),
                ("auth", .text), ("notify", .text), ("daily_hour", .integer), ("failures", .integer),
                ("created_at", .date),
            ],
            orderBy: ["endpoint"]),
        BackupTable(
            name: "push_sent",
            columns: [("key", .text), ("sent_at", .date)],
            orderBy: ["key"]),
        BackupTable(
            name: "quarantine",
            columns: [
                ("id", .integer), ("table_name", .text), ("row_key", .text), ("row_text", .text),
                ("error", .text),
                ("quarantined_at", .date),
            ],
            orderBy: ["id"], identity: "id"),
    ]
}
