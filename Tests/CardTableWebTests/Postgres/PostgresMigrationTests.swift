import Foundation
import GRDB
import Logging
import PostgresNIO
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// The PostgreSQL schema: migrated once when instances start together, the same tables, columns,
/// keys and cascades as SQLite's, its checks enforced, and a newer database refused.
@Suite struct PostgresMigrationTests {
    let logger = Logger(label: "postgres-migration-tests")

    @Test(arguments: PostgresTestCluster.clusters)
    func threeInstancesStartingTogetherMigrateOnce(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await PostgresTestCluster.withClient(address) { client in
                            try await PostgresMigrator.migrate(client, logger: logger)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(
                applied.sorted { $0.count > $1.count } == [
                    PostgresSchema.migrations.map(\.identifier), [], [],
                ])
            let rows = try await PostgresTestCluster.withClient(address) { client in
                try await Self.strings(
                    client, "SELECT identifier FROM cardtable_migration ORDER BY identifier")
            }
            #expect(rows == PostgresSchema.migrations.map(\.identifier).sorted())
        }
    }

    @Test(arguments: PostgresTestCluster.clusters)
    func theSchemaMatchesSQLites(cluster: PostgresAddress) async throws {
        let sqlite = try await Self.sqliteSchema()
        let postgres = try await PostgresTestCluster.withDatabase(on: cluster) { address in
            try await PostgresTestCluster.withClient(address) { client in
                try await PostgresMigrator.migrate(client, logger: logger)
                return try await Self.postgresSchema(client)
            }
        }
        #expect(Set(postgres.columns.keys) == Set(sqlite.columns.keys))
        for table in sqlite.columns.keys.sorted() {
            #expect(postgres.columns[table] == sqlite.columns[table], "columns of \(table)")
        }
        #expect(postgres.foreignKeys == sqlite.foreignKeys)
        #expect(postgres.primaryKeys == sqlite.primaryKeys)
    }

    @Test(arguments: PostgresTestCluster.clusters)
    func itsConstraintsRefuseBadRowsAndDeletesCascade(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            try await PostgresTestCluster.withClient(address) { client in
                try await PostgresMigrator.migrate(client, logger: logger)
                let player = String(repeating: "a", count: 32)
                try await client.query("INSERT INTO player (id, created_at) VALUES (\(player), now())")
                let refused = [
                    "INSERT INTO player (id, created_at) VALUES ('short', now())",
                    "INSERT INTO player (id) VALUES ('\(String(repeating: "b", count: 32))')",
                    "INSERT INTO theme (player_id, position, name, emojis, removed_emojis, number_of_pairs, color) VALUES ('\(String(repeating: "c", count: 32))', 0, 'Pets', '', '', 2, 'red')",
                    "INSERT INTO theme (player_id, position, name, emojis, removed_emojis, number_of_pairs, color) VALUES ('\(player)', 0, '', '', '', 2, 'red')",
                    "INSERT INTO theme (player_id, position, name, emojis, removed_emojis, number_of_pairs, color) VALUES ('\(player)', 0, 'Pets', '', '', 0, 'red')",
                    "INSERT INTO set_game (player_id, state, version, updated_at) VALUES ('\(player)', '{}', -1, now())",
                    "INSERT INTO room (code, game, host_id, state, created_at, active_at) VALUES ('K7QX4P', 'chess', '\(player)', '{}', now(), now())",
                    "INSERT INTO room_event (room_code, number, game_number, body, created_at) VALUES ('NOROOM', 1, 0, '{}', now())",
                ]
                for statement in refused {
                    await #expect(throws: PSQLError.self, "\(statement)") {
                        try await client.query(PostgresQuery(unsafeSQL: statement))
                    }
                }
                try await client.query(
                    """
                    INSERT INTO room (code, game, host_id, state, created_at, active_at)
                    VALUES ('K7QX4P', 'set', \(player), '{}', now(), now())
                    """)
                try await client.query(
                    "INSERT INTO room_event (room_code, number, game_number, body, created_at) VALUES ('K7QX4P', 1, 0, '{}', now())"
                )
                try await client.query("DELETE FROM player WHERE id = \(player)")
                let left = try await Self.strings(
                    client, "SELECT (SELECT count(*) FROM room) + (SELECT count(*) FROM room_event) AS n",
                    as: Int.self)
                #expect(left == [0])
            }
        }
    }

    @Test(arguments: PostgresTestCluster.clusters)
    func aDatabaseMigratedByANewerVersionIsRefused(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            try await PostgresTestCluster.withClient(address) { client in
                try await PostgresMigrator.migrate(client, logger: logger)
                try await client.query(
                    "INSERT INTO cardtable_migration (identifier) VALUES ('v99-future')")
                await #expect(
                    throws: DatabaseOpeningError.writtenByNewerVersion(path: nil, migrations: ["v99-future"])
                ) {
                    try await PostgresMigrator.migrate(client, logger: logger)
                }
            }
        }
    }

    // MARK: - Reading schemas

    /// A schema as these tests compare it: each table's columns (name and whether it may be
    /// NULL), primary keys, and foreign keys with their ON DELETE action.
    struct Schema: Equatable {
        var columns: [String: [String]] = [:]
        var primaryKeys: Set<String> = []
        var foreignKeys: Set<String> = []
    }

    static func sqliteSchema() async throws -> Schema {
        let store = try SQLiteDatabase(.inMemory)
        return try await store.read { transaction in
            let db = transaction.db
            var schema = Schema()
            let tables = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'"
            )
            for table in tables {
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))")
                schema.columns[table] = columns.map { column in
                    let mayBeNull = (column["notnull"] as Int) == 0 && (column["pk"] as Int) == 0
                    return "\(column["name"] as String)\(mayBeNull ? "?" : "")"
                }.sorted()
                let keys = columns.filter { ($0["pk"] as Int) > 0 }.sorted {
                    ($0["pk"] as Int) < ($1["pk"] as Int)
                }
                .map { $0["name"] as String }
                schema.primaryKeys.insert("\(table)(\(keys.joined(separator: ", ")))")
                for key in try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))") {
                    let action = (key["on_delete"] as String).lowercased()
                    schema.foreignKeys.insert(
                        "\(table).\(key["from"] as String) → \(key["table"] as String).\(key["to"] as String) \(action)"
                    )
                }
            }
            return schema
        }
    }

    static func postgresSchema(_ client: PostgresClient) async throws -> Schema {
        var schema = Schema()
        let columns = try await client.query(
            """
            SELECT table_name, column_name, is_nullable FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name <> 'cardtable_migration'
            """)
        for try await (table, column, nullable) in columns.decode((String, String, String).self) {
            schema.columns[table, default: []].append(column + (nullable == "YES" ? "?" : ""))
        }
        for table in schema.columns.keys { schema.columns[table]?.sort() }
        let keys = try await client.query(
            """
            SELECT c.conrelid::regclass::text, c.contype::text,
                (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum),
                coalesce(c.confrelid::regclass::text, ''),
                coalesce((SELECT string_agg(a.attname, ', ') FROM unnest(c.confkey) AS k(attnum)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum), ''),
                c.confdeltype::text
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE n.nspname = 'public' AND c.contype IN ('p', 'f') AND c.conrelid::regclass::text <> 'cardtable_migration'
            """)
        for try await (table, kind, columns, target, targetColumns, onDelete) in keys.decode(
            (String, String, String, String, String, String).self)
        {
            if kind == "p" {
                schema.primaryKeys.insert("\(table)(\(columns))")
            } else {
                let action =
                    ["c": "cascade", "a": "no action", "r": "restrict", "n": "set null"][onDelete]
                    ?? onDelete
                schema.foreignKeys.insert("\(table).\(columns) → \(target).\(targetColumns) \(action)")
            }
        }
        return schema
    }

    static func strings<Value: PostgresDecodable & Sendable>(
        _ client: PostgresClient, _ sql: String, as type: Value.Type = String.self
    ) async throws -> [Value] {
        var values: [Value] = []
        for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(Value.self) {
            values.append(value)
        }
        return values
    }
}
