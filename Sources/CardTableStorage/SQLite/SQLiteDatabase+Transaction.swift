import GRDB

/// SQLite's ``DatabaseTransaction``: GRDB's connection inside one of its transactions, with each
/// statement compiled once per connection and cached.
extension SQLiteDatabase.Transaction: DatabaseTransaction {
    package var dialect: SQLDialect { .sqlite }

    @discardableResult
    package func execute(_ sql: SQL) throws -> Int {
        let (text, values) = sql.rendered(for: .sqlite)
        try db.cachedStatement(sql: text).execute(arguments: Self.arguments(values))
        return db.changesCount
    }

    package func rows<Value>(_ sql: SQL, _ decode: (any DatabaseRow) throws -> Value) throws -> [Value] {
        let (text, values) = sql.rendered(for: .sqlite)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: text), arguments: Self.arguments(values))
        var decoded: [Value] = []
        while let row = try rows.next() {
            decoded.append(try decode(SQLiteRow(row: row)))
        }
        return decoded
    }

    package func forEachRow(_ sql: SQL, _ body: (any DatabaseRow) throws -> Void) throws {
        let (text, values) = sql.rendered(for: .sqlite)
        // NB: GRDB's cursor steps the statement, so only the row it is on is in memory.
        let rows = try Row.fetchCursor(db.makeStatement(sql: text), arguments: Self.arguments(values))
        while let row = try rows.next() {
            try body(SQLiteRow(row: row))
        }
    }

    package static func arguments(_ values: [SQLValue]) -> StatementArguments {
        // NB: GRDB's initialiser for a sequence of values maps them with a key path, which is
        // built at run time on every statement (the generic code is not specialised across
        // modules); this one maps with a closure.
        StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in value.databaseValue })
    }
}

/// A row of a SQLite statement, read while the statement is on it.
package struct SQLiteRow: DatabaseRow {
    package let row: Row

    package func decode<Value: DatabaseColumnValue>(_ type: Value.Type, forColumn column: String) throws
        -> Value
    {
        // NB: read exactly, so that the text "x" in an integer column is damage, not 0.
        try row.decodeExactly(Value.self, forColumn: column)
    }

    package func isNull(_ column: String) throws -> Bool {
        let value: DatabaseValue = try row.decode(forColumn: column)
        return value.isNull
    }
}

extension SQLValue {
    /// The value as GRDB binds it: a truth value as 0 or 1, a moment as GRDB's date text
    /// (``SQLiteMoment``).
    package var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .bool(let bool): bool.databaseValue
        case .date(let date): SQLiteMoment.databaseValue(date)
        }
    }
}
