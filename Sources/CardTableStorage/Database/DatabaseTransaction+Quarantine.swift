import Synchronization

/// A row moved to the quarantine: where it was, and what it held.
package struct SetAsideRow: Sendable {
    /// The table the row was in.
    package let table: String
    /// The row's primary key, column by column.
    package let key: [String: SQLValue]
    /// Why it could not be read.
    package let error: String
    /// Every column of the row, as JSON, as the driver copied it.
    package let text: String
}

/// The rows one transaction set aside, so that a transaction that fails afterwards (a 404 for a
/// theme that was just set aside) still moves them, in a transaction of its own.
package final class DamageLog: Sendable {
    private let found = Mutex<[SetAsideRow]>([])

    package var rows: [SetAsideRow] { found.withLock { $0 } }

    package func append(_ row: SetAsideRow) {
        found.withLock { $0.append(row) }
    }
}

/// A row that could not be read: a format change gone wrong, or a damaged file. It is moved to
/// the `quarantine` table with the error, in the transaction that found it, so the page that met
/// it carries on without it, and it can still be looked at (and repaired) by hand. The rules are
/// written once here; each driver only copies a row to the quarantine its own way.
extension DatabaseTransaction {
    /// Moves the row of `table` whose key is `key` to the quarantine, with the rows that go with
    /// it by a foreign key's cascade (a room's events), and reports it.
    /// - Throws: ``DamagedRow/NeedsWriting`` in a read, which the driver then runs again as a
    ///   write.
    package func setAside(from table: String, key: [String: SQLValue], because error: any Error) throws {
        guard canWrite else { throw DamagedRow.NeedsWriting() }
        let reason = String(describing: error)
        guard let text = try move(from: table, key: key, because: reason, unchangedFrom: nil) else { return }
        damage.append(SetAsideRow(table: table, key: key, error: reason, text: text))
        logger.error(
            "A row could not be read and was moved to the quarantine",
            metadata: ["table": "\(table)", "key": "\(Self.keyText(key))", "error": "\(reason)"])
    }

    /// Moves `row` to the quarantine again, if it is still there as it was: for a transaction
    /// that set it aside and then failed.
    package func setAsideAgain(_ row: SetAsideRow) throws {
        _ = try move(from: row.table, key: row.key, because: row.error, unchangedFrom: row.text)
    }

    /// What `read` answers; when it throws, the row of `table` whose key is `key` is set aside
    /// and the answer is nil. `read` must only decode: a read runs again as a write when it meets
    /// a damaged row.
    package func readOrSetAside<Value>(
        from table: String, key: [String: SQLValue], _ read: () throws -> Value
    )
        throws -> Value?
    {
        do {
            return try read()
        } catch {
            try setAside(from: table, key: key, because: error)
            return nil
        }
    }

    /// The rows `sql` reads from `table`, each made a value by `decode`; a row `decode` cannot
    /// read is set aside once the statement is done (its key read by `key`) and left out.
    package func rows<Value>(
        _ sql: SQL, settingAsideFrom table: String, key: (any DatabaseRow) throws -> [String: SQLValue],
        _ decode: (any DatabaseRow) throws -> Value
    ) throws -> [Value] {
        let readings = try rows(sql) { row -> Result<Value, UnreadableRow> in
            do {
                return .success(try decode(row))
            } catch {
                return .failure(UnreadableRow(key: try key(row), error: error))
            }
        }
        var values: [Value] = []
        for reading in readings {
            switch reading {
            case .success(let value): values.append(value)
            case .failure(let unreadable):
                try setAside(from: table, key: unreadable.key, because: unreadable.error)
            }
        }
        return values
    }

    /// Keeps the row of `table` whose key is `key`, which could not be read (`error`), with
    /// `repairs` written over its unreadable columns: a copy of it as it was goes to the
    /// quarantine. For a row whose loss would take more with it than it holds (a player's row:
    /// their themes and games would go by the foreign keys' cascade).
    package func keepRepaired(
        from table: String, key: [String: SQLValue], _ repairs: [String: SQLValue], because error: any Error
    ) throws {
        guard canWrite else { throw DamagedRow.NeedsWriting() }
        let reason = String(describing: error)
        let copied = try copyToQuarantine(
            from: table, matching: key, keyColumns: key.keys.sorted(), because: reason, unchangedFrom: nil)
        guard !copied.isEmpty, !repairs.isEmpty else { return }
        let assignments = SQL.joined(
            repairs.keys.sorted().map { "\(identifier: $0) = \(repairs[$0] ?? .null)" }, separator: ", ")
        try execute("UPDATE \(identifier: table) SET \(assignments) WHERE \(SQL.equal(key))")
        logger.error(
            "A row could not be read: a copy was moved to the quarantine and the row repaired",
            metadata: [
                "table": "\(table)", "key": "\(Self.keyText(key))", "error": "\(reason)",
                "repaired": "\(repairs.keys.sorted().joined(separator: ", "))",
            ])
    }

    /// How many rows of `table` this transaction moved to the quarantine.
    package func setAsideCount(in table: String) -> Int {
        damage.rows.count { $0.table == table }
    }

    // MARK: - Private

    /// Copies the row to the quarantine (if it is still `unchangedFrom`, when given) with its
    /// dependents, and deletes it.
    /// - Returns: The row's JSON, or nil when it is gone (or changed).
    private func move(
        from table: String, key: [String: SQLValue], because error: String, unchangedFrom: String?
    )
        throws -> String?
    {
        guard
            let text = try copyToQuarantine(
                from: table, matching: key, keyColumns: key.keys.sorted(), because: error,
                unchangedFrom: unchangedFrom
            ).first
        else { return nil }
        if let dependent = QuarantineDependent.of[table], let parent = key[dependent.parentColumn] {
            _ = try copyToQuarantine(
                from: dependent.table, matching: [dependent.column: parent], keyColumns: dependent.keyColumns,
                because: "Its \(table) was set aside.", unchangedFrom: nil)
        }
        try execute("DELETE FROM \(identifier: table) WHERE \(SQL.equal(key))")
        return text
    }

    private static func keyText(_ key: [String: SQLValue]) -> String {
        key.keys.sorted().map { "\($0)=\(key[$0] ?? .null)" }.joined(separator: ", ")
    }
}

/// A row `decode` could not read: its key, and why.
private struct UnreadableRow: Error {
    let key: [String: SQLValue]
    let error: any Error
}

/// Rows that go with a row of another table by a foreign key's cascade, and so are moved to the
/// quarantine with it: nothing is deleted that the quarantine does not hold.
private struct QuarantineDependent {
    /// The dependent table, its column naming the row, and the row's column it names.
    let table: String, column: String, parentColumn: String
    /// The dependent table's key.
    let keyColumns: [String]

    static let of = [
        "room": QuarantineDependent(
            table: "room_event", column: "room_code", parentColumn: "code",
            keyColumns: ["number", "room_code"])
    ]
}

/// A row that could not be read (see ``DatabaseTransaction/setAside(from:key:because:)``).
package enum DamagedRow {
    /// Thrown in a read-only transaction that met a damaged row: the work is done again in a write
    /// transaction, which can move the row.
    package struct NeedsWriting: Error {}
}
