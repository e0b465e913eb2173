import Logging

/// One transaction on either database, as a feature's storage code sees it: statements written
/// once as ``SQL``, and rows read column by column. Each driver runs it its own way (GRDB's
/// writer or reader on SQLite, a leased connection on PostgreSQL); the code is the same.
package protocol DatabaseTransaction {
    /// The SQL the database speaks, for the few statements a feature must write per dialect.
    var dialect: SQLDialect { get }

    /// Whether damaged rows may be set aside: false in a read, and in a PostgreSQL move outside a
    /// transaction block, where meeting a damaged row sends the work to a write transaction
    /// that can set it aside (see ``setAside(from:key:because:)``).
    var canWrite: Bool { get }

    /// The rows this transaction set aside, which the driver sets aside again in a transaction
    /// of their own when this one fails.
    var damage: DamageLog { get }

    /// Where rows set aside are reported, at error level.
    var logger: Logger { get }

    /// What this instance's moves last saved, which a move may start from instead of reading
    /// (see ``SavedRows``): in a PostgreSQL move outside a transaction block, nil elsewhere.
    var savedRows: SavedRows? { get }

    /// Runs a statement that reads no rows.
    /// - Returns: How many rows it changed.
    @discardableResult
    func execute(_ sql: SQL) throws -> Int

    /// The rows `sql` reads, in order, each made a value by `decode` while the statement is on
    /// it (`decode` must not keep the row).
    func rows<Value>(_ sql: SQL, _ decode: (any DatabaseRow) throws -> Value) throws -> [Value]

    /// Hands each row `sql` reads to `body`, in order, holding only a few at a time: for reads
    /// too big to keep (a backup). `body` must not keep the row. PostgreSQL reads the rows
    /// through a cursor, so this must run inside a transaction block (a read or a write).
    func forEachRow(_ sql: SQL, _ body: (any DatabaseRow) throws -> Void) throws

    /// Makes a move's save on PostgreSQL and takes its answer (see ``MoveSave``): as a rule
    /// ``runSave(_:)``; a move run from what this instance saved last holds it, to send once
    /// the move has run (see ``PostgresDatabase/move(_:)``), and then returns at once: the move
    /// learns only after it returned whether the save was made.
    /// - Throws: ``ChangedMeanwhile`` when the row had changed, so nothing was saved (a held
    ///   save never throws it here).
    func makeSave(_ save: MoveSave) throws

    /// Copies every row of `table` whose columns hold `matching` to the `quarantine` table: its
    /// `keyColumns` as a JSON object, all its columns as JSON, and `error`. When `unchangedFrom`
    /// is given, only a row whose columns' JSON is still that text is copied.
    /// - Returns: The JSON of each row copied.
    func copyToQuarantine(
        from table: String, matching: [String: SQLValue], keyColumns: [String], because error: String,
        unchangedFrom: String?
    ) throws -> [String]
}

extension DatabaseTransaction {
    package func makeSave(_ save: MoveSave) throws {
        try runSave(save)
    }

    /// The first row `sql` reads, made a value by `decode`; nil when it reads none.
    package func firstRow<Value>(_ sql: SQL, _ decode: (any DatabaseRow) throws -> Value) throws -> Value? {
        try rows(sql, decode).first
    }
}

/// One row a statement read, on either database.
package protocol DatabaseRow {
    /// The value of `column`, of a kind both databases read (see ``DatabaseColumnValue``).
    /// - Throws: When the row has no such column, or its value is not of that kind.
    func decode<Value: DatabaseColumnValue>(_ type: Value.Type, forColumn column: String) throws -> Value

    /// Whether `column` is NULL.
    /// - Throws: When the row has no such column.
    func isNull(_ column: String) throws -> Bool
}

extension DatabaseRow {
    /// The value of `column`, of the kind the context needs.
    package func callAsFunction<Value: DatabaseColumnValue>(_ column: String) throws -> Value {
        try decode(Value.self, forColumn: column)
    }
}
