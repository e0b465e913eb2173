import Foundation
import GRDB
import Synchronization

/// A row that could not be read: a format change gone wrong, or a damaged file. It is moved to
/// the `quarantine` table with the error, in the same transaction that found it, so the page
/// that met it carries on without it, and it can still be looked at (and repaired) by hand.
struct DamagedRow: Sendable {
    /// Thrown in a read-only transaction that met a damaged row: the work is done again in a write
    /// transaction, which can move the row.
    struct NeedsWriting: Error {}

    /// The table the row was in.
    let table: String
    /// The row's primary key, column by column.
    let key: [String: DatabaseValue]
    /// Every column of the row.
    let columns: [String: DatabaseValue]
    /// Why it could not be read.
    let error: String

    init(_ row: Row, of table: String, key columns: [String], error: any Error) {
        self.init(row, of: table, key: columns, error: String(describing: error))
    }

    init(_ row: Row, of table: String, key columns: [String], error: String) {
        self.table = table
        self.key = Dictionary(uniqueKeysWithValues: columns.map { ($0, row[$0] ?? DatabaseValue.null) })
        self.columns = Self.columns(of: row)
        self.error = error
    }

    /// The key as a JSON object.
    var keyText: String { Self.json(key) }

    /// Every column of the row as it was read, as a JSON object.
    var text: String { Self.json(columns) }

    /// Moves the row to the quarantine, if it is still there as it was found. A room takes its
    /// events with it (the foreign key's cascade would delete them): they are moved to the
    /// quarantine first, so nothing is deleted that the quarantine does not hold.
    func setAside(in db: Database) throws {
        guard let current = try copyToQuarantine(in: db) else { return }
        if let (dependent, column, parentColumn) = Self.dependents[table] {
            let parent: DatabaseValue = current[parentColumn] ?? .null
            let key = try db.primaryKey(dependent).columns
            let sql =
                "SELECT * FROM \(dependent.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) = ?"
            for row in try Row.fetchAll(db, sql: sql, arguments: [parent]) {
                let goingWithIt = DamagedRow(
                    row, of: dependent, key: key, error: "Its \(table) was set aside.")
                _ = try goingWithIt.copyToQuarantine(in: db)
            }
        }
        try db.execute(
            sql: "DELETE FROM \(table.quotedDatabaseIdentifier) WHERE \(condition)", arguments: arguments)
    }

    /// Keeps the row, repaired: a copy of it as it was goes to the quarantine, then `repairs` are
    /// written over its columns. For a row whose loss would take more with it than it holds (a
    /// player's row: their themes and games would go by the foreign keys' cascade).
    /// - Returns: Whether the row was still there as it was found (and so was repaired).
    @discardableResult
    func keepRepaired(_ repairs: [String: DatabaseValue], in db: Database) throws -> Bool {
        guard try copyToQuarantine(in: db) != nil, !repairs.isEmpty else { return false }
        let columns = repairs.keys.sorted()
        let assignments = columns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE \(table.quotedDatabaseIdentifier) SET \(assignments) WHERE \(condition)",
            arguments: StatementArguments(columns.map { repairs[$0] ?? .null }) + arguments)
        return true
    }

    // MARK: - Private

    /// The tables whose rows go with a row of another table by a foreign key's cascade, and are
    /// moved to the quarantine with it: the dependent table, its column and the column it names.
    private static let dependents = ["room": ("room_event", "room_code", "code")]

    /// The key's condition, for `arguments`.
    private var condition: String {
        key.keys.sorted().map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
    }

    private var arguments: StatementArguments {
        StatementArguments(key.keys.sorted().map { key[$0] ?? .null })
    }

    /// Copies the row, every column of it as it is now, to the quarantine, if the columns that
    /// were read still hold what was found.
    /// - Returns: The row as it is, or nil when it is gone or changed.
    private func copyToQuarantine(in db: Database) throws -> Row? {
        guard
            let current = try Row.fetchOne(
                db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) WHERE \(condition)",
                arguments: arguments),
            Self.columns(of: current).filter({ columns[$0.key] != nil }) == columns
        else { return nil }
        try db.execute(
            sql: "INSERT INTO quarantine (table_name, row_key, row_text, error) VALUES (?, ?, ?, ?)",
            arguments: [table, keyText, Self.json(Self.columns(of: current)), error])
        return current
    }

    private static func columns(of row: Row) -> [String: DatabaseValue] {
        Dictionary(row.map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
    }

    private static func json(_ values: [String: DatabaseValue]) -> String {
        (try? JSONText.encode(values.mapValues(StoredValue.init))) ?? "{}"
    }

    /// A column's value as JSON: as it is, except a blob (base64) and a number JSON cannot hold.
    private struct StoredValue: Encodable {
        let value: DatabaseValue

        init(_ value: DatabaseValue) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value.storage {
            case .null: try container.encodeNil()
            case .int64(let number): try container.encode(number)
            case .double(let number) where number.isFinite: try container.encode(number)
            case .double(let number): try container.encode(String(number))
            case .string(let text): try container.encode(text)
            case .blob(let data): try container.encode(data.base64EncodedString())
            }
        }
    }
}

/// The rows one transaction set aside, so that a transaction that fails afterwards (a 404 for a
/// theme that was just set aside) still moves them in a transaction of their own.
final class DamageLog: Sendable {
    private let found = Mutex<[DamagedRow]>([])

    var rows: [DamagedRow] { found.withLock { $0 } }

    func append(_ row: DamagedRow) {
        found.withLock { $0.append(row) }
    }
}

extension CardTableStore.Transaction {
    // MARK: - Reading rows that may be damaged

    /// What `read` makes of `row`, a row of `table`; when it throws, the row is moved to the
    /// quarantine, the error is logged, and the answer is `nil`.
    ///
    /// `read` must only decode: it is called again when a read-only transaction has to be
    /// repeated as a write.
    func readOrSetAside<Value>(_ row: Row, of table: String, _ read: () throws -> Value) throws -> Value? {
        do {
            return try read()
        } catch {
            guard canWrite else { throw DamagedRow.NeedsWriting() }
            let damaged = DamagedRow(row, of: table, key: try db.primaryKey(table).columns, error: error)
            try damaged.setAside(in: db)
            damage.append(damaged)
            logger.error(
                "A row could not be read and was moved to the quarantine",
                metadata: ["table": "\(table)", "key": "\(damaged.keyText)", "error": "\(damaged.error)"])
            return nil
        }
    }

    /// Keeps `row` of `table`, which could not be read (`error`), with `repairs` written over
    /// its unreadable columns: a copy of it as it was goes to the quarantine, and the repair is
    /// logged at error level. For a row whose loss would take more with it than it holds.
    func keepRepaired(
        _ row: Row, of table: String, _ repairs: [String: DatabaseValue], because error: any Error
    )
        throws
    {
        guard canWrite else { throw DamagedRow.NeedsWriting() }
        let damaged = DamagedRow(row, of: table, key: try db.primaryKey(table).columns, error: error)
        guard try damaged.keepRepaired(repairs, in: db) else { return }
        logger.error(
            "A row could not be read: a copy was moved to the quarantine and the row repaired",
            metadata: [
                "table": "\(table)", "key": "\(damaged.keyText)", "error": "\(damaged.error)",
                "repaired": "\(repairs.keys.sorted().joined(separator: ", "))",
            ])
    }

    /// How many rows of `table` this transaction moved to the quarantine.
    func setAsideCount(in table: String) -> Int {
        damage.rows.count { $0.table == table }
    }
}
