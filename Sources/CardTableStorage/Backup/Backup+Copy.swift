import Logging
import NIOCore
import PostgresNIO

extension PostgresDatabase {
    /// Restores the rows `reader` reads with PostgreSQL's `COPY … FROM STDIN`, one table after
    /// another, in one transaction: rows stream to PostgreSQL as they are read and checked, in
    /// pieces of about ``copyPiece`` bytes, rather than one `INSERT` (one round trip) a row.
    /// - Returns: How many rows each table got.
    func restoreByCopying(_ reader: BackupReader) async throws -> [String: Int] {
        try await transaction { [self] connection in
            try await run({ try $0.startRestore() }, on: connection, canWrite: true)
            var reader = reader
            var counts = Dictionary(uniqueKeysWithValues: BackupTable.all.map { ($0.name, 0) })
            var next = try reader.next()
            while let (table, _) = next {
                try await connection.copyFrom(
                    table: table.name, columns: table.columns.map(\.name), logger: logger
                ) { writer in
                    var piece = ByteBuffer()
                    while let (rowTable, row) = next, rowTable.name == table.name {
                        piece.writeCopyLine(of: row, in: table)
                        counts[table.name, default: 0] += 1
                        if piece.readableBytes >= Self.copyPiece {
                            try await writer.write(piece)
                            piece.clear()
                        }
                        next = try reader.next()
                    }
                    if piece.readableBytes > 0 { try await writer.write(piece) }
                }
            }
            try await run({ try $0.finishRestore() }, on: connection, canWrite: true)
            return counts
        }
    }

    /// About how many bytes of rows go to PostgreSQL at once during a restore.
    static let copyPiece = 256 * 1024
}

extension ByteBuffer {
    /// Appends `row` as a line of `COPY`'s text format: its columns in `table`'s order, separated
    /// by tabs, null as `\N`, a backslash, tab, newline or carriage return in text escaped.
    mutating func writeCopyLine(of row: [String: BackupValue], in table: BackupTable) {
        for (index, column) in table.columns.enumerated() {
            if index > 0 { writeInteger(UInt8(ascii: "\t")) }
            switch row[column.name] ?? .null {
            case .null: writeStaticString("\\N")
            case .text(let text): writeCopyText(text)
            case .integer(let integer): writeString(String(integer))
            // NB: Swift writes the shortest digits that read back the same Double (and inf, nan,
            // which PostgreSQL reads too).
            case .real(let real): writeString(String(real))
            case .flag(let flag): writeStaticString(flag ? "t" : "f")
            case .date(let date): writeString(BackupValue.dateText(date))
            }
        }
        writeInteger(UInt8(ascii: "\n"))
    }

    private mutating func writeCopyText(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): writeStaticString("\\\\")
            case UInt8(ascii: "\t"): writeStaticString("\\t")
            case UInt8(ascii: "\n"): writeStaticString("\\n")
            case UInt8(ascii: "\r"): writeStaticString("\\r")
            default: writeInteger(byte)
            }
        }
    }
}
