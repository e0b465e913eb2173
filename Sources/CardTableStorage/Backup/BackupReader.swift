import Foundation

/// A backup's lines as rows, read one at a time and each checked: the first line must name a
/// backup of a schema this CardTable restores, and each after it a row of a known table, with
/// every column of the kind it keeps (a column added after the backup's schema may be missing: it
/// is null), the tables in ``BackupTable/all``'s order. A line that is not is refused by its
/// number (blank lines are skipped, and counted).
struct BackupReader: Sendable {
    private let input: any BackupInput
    private let decoder = JSONDecoder()
    /// The number of the line last read, from 1.
    private var number = 0
    /// Where the table of the last row read is in ``BackupTable/all``.
    private var tableIndex = 0
    /// The migrations that came after the backup's schema: columns they added may be missing.
    private var laterMigrations: Set<String> = []

    /// Reads and checks the first line of `input`.
    /// - Throws: ``BackupError/notABackup(line:)`` or ``BackupError/otherSchema(found:expected:)``.
    init(_ input: any BackupInput) throws {
        self.input = input
        let first = try nextText()
        guard let first, let header = try? decoder.decode(Backup.Header.self, from: first),
            header.cardtable == "backup", header.format == 1
        else { throw BackupError.notABackup(line: max(number, 1)) }
        guard header.schema == Backup.schema || Backup.earlierSchemas.contains(header.schema) else {
            throw BackupError.otherSchema(found: header.schema, expected: Backup.schema)
        }
        let migrations = SQLiteDatabase.migrator.migrations
        if let index = migrations.firstIndex(of: header.schema) {
            laterMigrations = Set(migrations[(index + 1)...])
        }
    }

    /// The next row, checked; nil after the last.
    /// - Throws: A ``BackupError`` naming the line that is not a row CardTable can restore.
    package mutating func next() throws -> (table: BackupTable, row: [String: BackupValue])? {
        guard let text = try nextText() else { return nil }
        guard let line = try? decoder.decode(Backup.Line.self, from: text) else {
            throw BackupError.notABackup(line: number)
        }
        guard let index = BackupTable.all.firstIndex(where: { $0.name == line.table }) else {
            throw BackupError.unknownTable(line.table, line: number)
        }
        guard index >= tableIndex else {
            throw BackupError.tableOutOfOrder(
                line.table, after: BackupTable.all[tableIndex].name, line: number)
        }
        tableIndex = index
        let table = BackupTable.all[index]
        if let extra = Set(line.row.keys).subtracting(table.columns.map(\.name)).sorted().first {
            throw BackupError.badValue(table: table.name, column: extra, line: number)
        }
        var row: [String: BackupValue] = [:]
        for (name, kind) in table.columns {
            let absent =
                table.addedLater[name].map(laterMigrations.contains) == true ? BackupScalar.null : nil
            guard let scalar = line.row[name] ?? absent, let value = BackupValue(scalar, kind: kind) else {
                throw BackupError.badValue(table: table.name, column: name, line: number)
            }
            row[name] = value
        }
        return (table, row)
    }

    /// The next line that is not blank.
    private mutating func nextText() throws -> Data? {
        while let text = try input.nextLine() {
            number += 1
            if !text.isEmpty { return text }
        }
        return nil
    }
}
