import Foundation
import Logging
import Synchronization

@testable import CardTableStorage
@testable import CardTableWeb

/// What a backup or a restore did, in order: the transactions it opened, the statements it ran
/// and the rows it read, and the lines it handed out or took in.
final class StreamLog: Sendable {
    enum Event: Equatable, Sendable {
        case readTransaction, writeTransaction
        /// A statement that reads rows, with the table it reads (its `FROM "…"`).
        case query(table: String?)
        /// A statement that reads none, by its first word (`INSERT`, `DELETE`…).
        case statement(String)
        /// A row a statement read, handed to the code that asked.
        case rowRead
        case lineOut, lineIn
    }

    private let events = Mutex<[Event]>([])

    var all: [Event] { events.withLock { $0 } }

    func record(_ event: Event) {
        events.withLock { $0.append(event) }
    }
}

/// A database that records in a ``StreamLog`` what is done with it, and does it with `base`.
struct RecordingDatabase<Base: CardTableDatabase>: CardTableDatabase {
    let base: Base
    let log: StreamLog

    func read<Value: Sendable>(
        _ body: @escaping @Sendable (RecordingTransaction<Base.Transaction>) throws -> Value
    ) async throws -> Value {
        log.record(.readTransaction)
        return try await base.read { [log] in try body(RecordingTransaction(base: $0, log: log)) }
    }

    func write<Value: Sendable>(
        _ body: @escaping @Sendable (RecordingTransaction<Base.Transaction>) throws -> Value
    ) async throws -> Value {
        log.record(.writeTransaction)
        return try await base.write { [log] in try body(RecordingTransaction(base: $0, log: log)) }
    }

    func move<Value: Sendable>(
        _ body: @escaping @Sendable (RecordingTransaction<Base.Transaction>) throws -> Value
    ) async throws -> Value {
        log.record(.writeTransaction)
        return try await base.move { [log] in try body(RecordingTransaction(base: $0, log: log)) }
    }
}

/// A transaction that records in a ``StreamLog`` the statements it runs and each row it reads.
struct RecordingTransaction<Base: DatabaseTransaction>: DatabaseTransaction {
    let base: Base
    let log: StreamLog

    var dialect: SQLDialect { base.dialect }
    var canWrite: Bool { base.canWrite }
    var damage: DamageLog { base.damage }
    var logger: Logger { base.logger }
    var savedRows: SavedRows? { base.savedRows }

    func execute(_ sql: SQL) throws -> Int {
        let text = sql.rendered(for: dialect).text.trimmingCharacters(in: .whitespacesAndNewlines)
        log.record(.statement(String(text.prefix { $0 != " " })))
        return try base.execute(sql)
    }

    func rows<Value>(_ sql: SQL, _ decode: (any DatabaseRow) throws -> Value) throws -> [Value] {
        log.record(.query(table: table(of: sql)))
        return try base.rows(sql) { row in
            log.record(.rowRead)
            return try decode(row)
        }
    }

    func forEachRow(_ sql: SQL, _ body: (any DatabaseRow) throws -> Void) throws {
        log.record(.query(table: table(of: sql)))
        try base.forEachRow(sql) { row in
            log.record(.rowRead)
            try body(row)
        }
    }

    func copyToQuarantine(
        from table: String, matching: [String: SQLValue], keyColumns: [String], because error: String,
        unchangedFrom: String?
    ) throws -> [String] {
        try base.copyToQuarantine(
            from: table, matching: matching, keyColumns: keyColumns, because: error,
            unchangedFrom: unchangedFrom)
    }

    private func table(of sql: SQL) -> String? {
        let text = sql.rendered(for: dialect).text
        guard let from = text.range(of: "FROM \"") else { return nil }
        return String(text[from.upperBound...].prefix { $0 != "\"" })
    }
}

/// A backup's lines kept in memory, as a restore takes them in, each recorded in a ``StreamLog``
/// as it is taken.
final class LinesInput: BackupInput {
    private let lines: [Data]
    private let log: StreamLog?
    private let position = Mutex(0)

    init(_ lines: [Data], log: StreamLog? = nil) {
        self.lines = lines
        self.log = log
    }

    convenience init(_ text: String) {
        self.init(text.split(separator: "\n", omittingEmptySubsequences: false).map { Data($0.utf8) })
    }

    func nextLine() throws -> Data? {
        let index = position.withLock { position in
            defer { position += 1 }
            return position
        }
        guard index < lines.count else { return nil }
        log?.record(.lineIn)
        return lines[index]
    }
}

/// A backup's lines kept in memory as they are handed out, each recorded in a ``StreamLog``.
final class LinesOutput: BackupOutput {
    private let log: StreamLog
    private let written = Mutex<[Data]>([])

    init(log: StreamLog) {
        self.log = log
    }

    var lines: [Data] { written.withLock { $0 } }

    func write(line: Data) throws {
        log.record(.lineOut)
        written.withLock { $0.append(line) }
    }
}
