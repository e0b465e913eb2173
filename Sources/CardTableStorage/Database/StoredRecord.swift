import Foundation

/// A record kept as one row of ``table``, read and written through its `Codable` conformance:
/// each stored property is the column of its name in snake case (`lastMove` is `last_move`,
/// `playerID` is `player_id`). So a column is named once, by its property; adding one is its
/// migrations and the property.
///
/// A column holds a text, a whole number, a real, a truth value or a moment (see
/// ``DatabaseColumnValue``); an optional property is NULL when nil.
package protocol StoredRecord: Codable {
    /// The table whose rows hold such records.
    static var table: String { get }
}

extension StoredRecord {
    /// Reads the record from `row`.
    /// - Throws: When a column is missing or holds a value of another kind, so a damaged row is
    ///   set aside.
    package init(_ row: any DatabaseRow) throws {
        try self.init(from: RowDecoder(row: row))
    }

    /// The row that stores the record: every column, in the order of the properties.
    package func row() throws -> AddedRow {
        let encoder = RowEncoder()
        try encode(to: encoder)
        return AddedRow(table: Self.table, values: encoder.columns.values)
    }
}

/// The column a property is kept in: its name in snake case (`playerID` is `player_id`).
package func columnName(of property: String) -> String {
    // NB: read for every column of every record saved or loaded, so an ASCII name (all of them)
    // is read byte by byte rather than as Characters.
    let bytes = Array(property.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return columnName(ofUnicode: property) }
    func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    var name: [UInt8] = []
    name.reserveCapacity(bytes.count + 4)
    for (index, byte) in bytes.enumerated() {
        if isUpper(byte), index > 0 {
            let previous = bytes[index - 1]
            let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
            if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                name.append(UInt8(ascii: "_"))
            }
        }
        name.append(isUpper(byte) ? byte + 32 : byte)
    }
    return String(decoding: name, as: UTF8.self)
}

/// ``columnName(of:)`` for a name that is not all ASCII, by its Characters.
func columnName(ofUnicode property: String) -> String {
    let characters = Array(property)
    var name = ""
    for (index, character) in characters.enumerated() {
        if character.isUppercase, index > 0 {
            let previous = characters[index - 1]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if previous.isLowercase || previous.isNumber
                || (previous.isUppercase && next?.isLowercase == true)
            {
                name.append("_")
            }
        }
        name.append(contentsOf: character.lowercased())
    }
    return name
}
