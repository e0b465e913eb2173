import GRDB

extension SQLiteDatabase {
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
        // Page views cost nothing (issue 10): a player's row is written with their first move;
        // until they change their theme list they see shared built-in themes (a player's copy
        // remembers the built-in it came from); the last visit is noted for the sweep of
        // forgotten players; players from before cookies were signed are marked so their unsigned
        // cookie still works; and each Memorize deal has a number, so a tap from a page that
        // shows an older game is turned down. Rows from before keep their values: they own their
        // themes, their cookies are unsigned, their games are deal 0.
        migrator.registerMigration("v4-lazy-players") { db in
            try db.execute(
                sql: """
                    ALTER TABLE player ADD COLUMN last_seen_at DATETIME;
                    ALTER TABLE player ADD COLUMN owns_themes INTEGER NOT NULL DEFAULT 1
                        CHECK (owns_themes IN (0, 1));
                    ALTER TABLE player ADD COLUMN unsigned_cookie INTEGER NOT NULL DEFAULT 1
                        CHECK (unsigned_cookie IN (0, 1));
                    CREATE INDEX player_by_last_visit ON player(coalesce(last_seen_at, created_at));
                    ALTER TABLE theme ADD COLUMN built_in_id INTEGER;
                    ALTER TABLE memorize_game ADD COLUMN deal INTEGER NOT NULL DEFAULT 0;
                    """)
        }
        // How each player paces Memorize (issue 12): a peek at every card when a game starts, and
        // how many milliseconds a mismatch stays up before it turns back (NULL: until the next tap).
        migrator.registerMigration("v5-memorize-preferences") { db in
            try db.execute(
                sql: """
                    CREATE TABLE memorize_preferences (
                        player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        peeks_at_start INTEGER NOT NULL DEFAULT 0 CHECK (peeks_at_start IN (0, 1)),
                        turn_back_after_ms INTEGER CHECK (turn_back_after_ms > 0),
                        updated_at DATETIME NOT NULL
                    );
                    """)
        }
        // Rooms (issue 13): friends playing one game from their own devices. A room keeps its
        // whole state as JSON (members, game, table); every change appends numbered events, each
        // carrying what everyone may see after it, so a client that missed some catches up and a
        // finished game can be replayed (`game_number`). `active_at` is the last time a member
        // was connected or moved; a room idle for 30 minutes is closed, its events kept.
        migrator.registerMigration("v6-rooms") { db in
            try db.execute(
                sql: """
                    CREATE TABLE room (
                        code TEXT PRIMARY KEY NOT NULL CHECK (length(code) = 6),
                        game TEXT NOT NULL CHECK (game IN ('set', 'memorize')),
                        host_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        state TEXT NOT NULL,
                        last_event INTEGER NOT NULL DEFAULT 0 CHECK (last_event >= 0),
                        created_at DATETIME NOT NULL,
                        active_at DATETIME NOT NULL,
                        closed_at DATETIME
                    );
                    CREATE INDEX room_by_activity ON room(active_at) WHERE closed_at IS NULL;
                    CREATE TABLE room_event (
                        room_code TEXT NOT NULL REFERENCES room(code) ON DELETE CASCADE,
                        number INTEGER NOT NULL CHECK (number >= 1),
                        game_number INTEGER NOT NULL CHECK (game_number >= 0),
                        body TEXT NOT NULL,
                        created_at DATETIME NOT NULL,
                        PRIMARY KEY (room_code, number)
                    ) WITHOUT ROWID;
                    """)
        }
        // Stats and the daily puzzle (issue 15): every finished game of a player's history, with
        // its breakdown as JSON (its shape depends on `game`); the daily Set puzzle as played now
        // (a replay starts it again), and each day's first solve, which replays never change.
        migrator.registerMigration("v7-stats") { db in
            try db.execute(
                sql: """
                    CREATE TABLE finished_game (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        game TEXT NOT NULL CHECK (game IN ('memorize', 'set')),
                        theme TEXT,
                        mode TEXT NOT NULL CHECK (mode IN ('solo', 'two-player', 'room')),
                        score INTEGER NOT NULL,
                        breakdown TEXT NOT NULL,
                        duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
                        moves INTEGER NOT NULL CHECK (moves >= 0),
                        finished_at DATETIME NOT NULL
                    );
                    CREATE INDEX finished_game_by_player ON finished_game(player_id, finished_at);
                    CREATE TABLE daily_play (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        puzzle_date TEXT NOT NULL CHECK (length(puzzle_date) = 10),
                        progress TEXT NOT NULL,
                        last_claim TEXT,
                        updated_at DATETIME NOT NULL,
                        PRIMARY KEY (player_id, puzzle_date)
                    ) WITHOUT ROWID;
                    CREATE TABLE daily_solve (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        puzzle_date TEXT NOT NULL CHECK (length(puzzle_date) = 10),
                        duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
                        wrong_tries INTEGER NOT NULL CHECK (wrong_tries >= 0),
                        solved_at DATETIME NOT NULL,
                        PRIMARY KEY (player_id, puzzle_date)
                    ) WITHOUT ROWID;
                    """)
        }
        // Devices (issue 30): a player's browsers, each a device session named by its cookie
        // (a forgotten one is kept, so its cookie stays refused; `linked_at` only for a device
        // that linked), and the codes that link another browser to the player, stored only as
        // keyed digests: `selector` finds a code's row by its first characters, `digest` is then
        // compared in constant time; `device_id` made it (forgetting it voids its codes).
        migrator.registerMigration("v8-devices") { db in
            try db.execute(
                sql: """
                    CREATE TABLE device (
                        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        first_seen_at DATETIME NOT NULL,
                        linked_at DATETIME,
                        last_seen_at DATETIME NOT NULL,
                        forgotten_at DATETIME
                    ) WITHOUT ROWID;
                    CREATE INDEX device_by_player ON device(player_id);
                    CREATE TABLE device_code (
                        digest TEXT PRIMARY KEY NOT NULL CHECK (length(digest) = 64),
                        selector TEXT NOT NULL CHECK (length(selector) = 16),
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        device_id TEXT,
                        kind TEXT NOT NULL CHECK (kind IN ('link', 'recovery')),
                        created_at DATETIME NOT NULL,
                        expires_at DATETIME,
                        used_at DATETIME
                    ) WITHOUT ROWID;
                    CREATE INDEX device_code_by_selector ON device_code(selector);
                    CREATE INDEX device_code_by_player ON device_code(player_id);
                    CREATE UNIQUE INDEX device_code_one_recovery ON device_code(player_id) WHERE kind = 'recovery';
                    """)
        }
        // The name a player chose to show (issue 30): the default name in rooms. A player who
        // chose to have none has a row with no name (so a room's name is not taken for theirs);
        // a player who never chose has no row.
        migrator.registerMigration("v9-player-names") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player_name (
                        player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        name TEXT,
                        updated_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        // Set's variants in the stats (issue 34): which game of Set a finished game was, so each
        // variant keeps its own bests and charts. NULL for Memorize, and for every game of Set
        // recorded before, which was Normal. No CHECK, so a later variant needs no table rebuilt:
        // a row naming a variant this CardTable does not know is set aside when it is read.
        migrator.registerMigration("v10-set-variants") { db in
            try db.execute(sql: "ALTER TABLE finished_game ADD COLUMN variant TEXT;")
        }
        // The appearance a player chose (issue 34): light or dark on every device of theirs.
        // A player who never chose has no row, and pages follow their system.
        migrator.registerMigration("v11-appearance") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player_appearance (
                        player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        appearance TEXT NOT NULL CHECK (appearance IN ('system', 'light', 'dark')),
                        updated_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        // Whether a player hears the games' sounds (issue 46), on every device of theirs. A player
        // who never chose has no row, and hears them.
        migrator.registerMigration("v12-sound") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player_sound (
                        player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        sound TEXT NOT NULL CHECK (sound IN ('on', 'off')),
                        updated_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        // Ratings (issue 49): each player's Glicko-2 rating in each game and mode (a Set variant;
        // Memorize has one mode, `standard`), kept as the last rated game left it (a reader widens
        // the deviation for the idle months since); every change a rated room game made, for the
        // charts and the results; and the players who keep out of the leaderboards. The index
        // lists a game and mode's players best first, for the leaderboard.
        migrator.registerMigration("v13-ratings") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player_rating (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        game TEXT NOT NULL CHECK (game IN ('set', 'memorize')),
                        mode TEXT NOT NULL,
                        rating REAL NOT NULL,
                        deviation REAL NOT NULL CHECK (deviation > 0),
                        volatility REAL NOT NULL CHECK (volatility > 0),
                        games INTEGER NOT NULL CHECK (games >= 1),
                        last_played_at DATETIME NOT NULL,
                        PRIMARY KEY (player_id, game, mode)
                    ) WITHOUT ROWID;
                    CREATE INDEX player_rating_by_rank ON player_rating(game, mode, rating DESC);
                    CREATE TABLE rating_change (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        game TEXT NOT NULL CHECK (game IN ('set', 'memorize')),
                        mode TEXT NOT NULL,
                        room_code TEXT NOT NULL CHECK (length(room_code) = 6),
                        game_number INTEGER NOT NULL CHECK (game_number >= 1),
                        rating_before REAL NOT NULL,
                        rating REAL NOT NULL,
                        deviation REAL NOT NULL CHECK (deviation > 0),
                        rated_at DATETIME NOT NULL
                    );
                    CREATE INDEX rating_change_by_player ON rating_change(player_id, game, mode, rated_at);
                    CREATE TABLE leaderboard_hidden (
                        player_id TEXT PRIMARY KEY NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        hidden_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        // Talk at the table (issue 51): a room's chat messages and reactions are events of its log,
        // marked in `talk` so that replays and the words a page says leave them out and the chat
        // a page shows is found by the index; and whom each player muted, on every device of
        // theirs and in every room.
        migrator.registerMigration("v14-chat") { db in
            try db.execute(
                sql: """
                    ALTER TABLE room_event ADD COLUMN talk TEXT CHECK (talk IN ('chat', 'reaction'));
                    CREATE INDEX room_event_chat ON room_event(room_code, number) WHERE talk = 'chat';
                    CREATE TABLE player_mute (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        muted_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        muted_at DATETIME NOT NULL,
                        PRIMARY KEY (player_id, muted_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX player_mute_by_muted ON player_mute(muted_id);
                    """)
        }
        // Recent players (issue 51): whom each player last shared a finished room game with, by
        // the name they had there, in which game, and when; what *Invite to a room* offers.
        migrator.registerMigration("v15-recent-players") { db in
            try db.execute(
                sql: """
                    CREATE TABLE recent_player (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        other_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        game TEXT NOT NULL CHECK (game IN ('memorize', 'set')),
                        variant TEXT,
                        theme TEXT,
                        played_at DATETIME NOT NULL,
                        PRIMARY KEY (player_id, other_id),
                        CHECK (player_id <> other_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX recent_player_by_time ON recent_player(player_id, played_at);
                    CREATE INDEX recent_player_by_other ON recent_player(other_id);
                    """)
        }
        // Notifications (issue 52): each browser's push subscription, whose device and player it
        // is, what it asked to be told; and the notifications already sent, so that several
        // instances send each once.
        migrator.registerMigration("v16-push") { db in
            try db.execute(
                sql: """
                    CREATE TABLE push_subscription (
                        endpoint TEXT PRIMARY KEY NOT NULL,
                        device_id TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        notify TEXT NOT NULL,
                        daily_hour INTEGER CHECK (daily_hour BETWEEN 0 AND 23),
                        failures INTEGER NOT NULL DEFAULT 0,
                        created_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX push_subscription_by_player ON push_subscription(player_id);
                    CREATE INDEX push_subscription_by_device ON push_subscription(device_id);
                    CREATE TABLE push_sent (
                        key TEXT PRIMARY KEY NOT NULL,
                        sent_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX push_sent_by_time ON push_sent(sent_at);
                    """)
        }
        // Rooms played a turn a day (issue 52): a room's pace; in a game played so, when its turn
        // passes and whose it is; and the people seated in each game under way, for "your games".
        migrator.registerMigration("v17-daily-rooms") { db in
            try db.execute(
                sql: """
                    ALTER TABLE room ADD COLUMN pace TEXT CHECK (pace IN ('daily'));
                    ALTER TABLE room ADD COLUMN turn_due_at DATETIME;
                    ALTER TABLE room ADD COLUMN turn_player_id TEXT;
                    CREATE INDEX room_by_turn_due ON room(turn_due_at) WHERE turn_due_at IS NOT NULL;
                    CREATE INDEX room_by_turn_player ON room(turn_player_id) WHERE turn_player_id IS NOT NULL;
                    CREATE TABLE room_seat (
                        player_id TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                        room_code TEXT NOT NULL REFERENCES room(code) ON DELETE CASCADE,
                        PRIMARY KEY (player_id, room_code)
                    ) WITHOUT ROWID;
                    CREATE INDEX room_seat_by_room ON room_seat(room_code);
                    """)
        }
        return migrator
    }
}
