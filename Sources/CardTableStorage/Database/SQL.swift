/// A statement written once for both databases. Interpolated values are bound, never spliced
/// into the text: `"SELECT * FROM player WHERE id = \(player.rawValue)"` becomes
/// `… WHERE id = ?` on SQLite and `… WHERE id = $1` on PostgreSQL, with the id bound.
///
/// What differs between the two dialects is written with ``SQL/dialect(sqlite:postgres:)``
/// fragments, so a feature's SQL stays one string.
package struct SQL: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// One piece of a statement.
    package enum Part: Sendable, Hashable {
        case text(String)
        case value(SQLValue)
        /// Text that differs between the dialects.
        case dialect(sqlite: String, postgres: String)
    }

    package private(set) var parts: [Part]

    package init(stringLiteral text: String) {
        parts = [.text(text)]
    }

    package init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// Text that differs between the dialects: `FOR UPDATE` on PostgreSQL, nothing on SQLite
    /// (whose single writer already serialises every write transaction), say.
    package static func dialect(sqlite: String, postgres: String) -> SQL {
        var sql = SQL(stringLiteral: "")
        sql.parts = [.dialect(sqlite: sqlite, postgres: postgres)]
        return sql
    }

    /// Locks the rows a `SELECT` reads until the transaction ends, where the database locks rows.
    package static let forUpdate = dialect(sqlite: "", postgres: " FOR UPDATE")

    /// `statements` one after another, with `separator` between each two.
    package static func joined(_ statements: [SQL], separator: String) -> SQL {
        var joined = SQL(stringLiteral: "")
        for (index, statement) in statements.enumerated() {
            if index > 0 { joined.parts.append(.text(separator)) }
            joined.parts += statement.parts
        }
        return joined
    }

    /// Each of `values`' columns equal to its value, joined by `AND`, in the columns' order.
    package static func equal(_ values: [String: SQLValue]) -> SQL {
        joined(values.keys.sorted().map { "\(identifier: $0) = \(values[$0] ?? .null)" }, separator: " AND ")
    }

    /// This statement as `dialect` takes it: its text, with a placeholder for each value, and the
    /// values in order.
    package func rendered(for dialect: SQLDialect) -> (text: String, values: [SQLValue]) {
        var text = ""
        var values: [SQLValue] = []
        for part in parts {
            switch part {
            case .text(let piece):
                text += piece
            case .value(let value):
                values.append(value)
                text += dialect == .sqlite ? "?" : "$\(values.count)"
            case .dialect(let sqlite, let postgres):
                text += dialect == .sqlite ? sqlite : postgres
            }
        }
        return (text, values)
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        package init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        package mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            parts.append(.text(literal))
        }

        /// A value, bound in its place.
        package mutating func appendInterpolation(_ value: some SQLBindable) {
            parts.append(.value(value.sqlValue))
        }

        /// A value already made a ``SQLValue``, bound in its place.
        package mutating func appendInterpolation(_ value: SQLValue) {
            parts.append(.value(value))
        }

        /// The name of a table or column, quoted. Only for names the code holds, never for input.
        package mutating func appendInterpolation(identifier name: String) {
            // NB: a move's save names every column it sets, so the usual name (no quote in it)
            // skips the splitting.
            let escaped =
                name.utf8.contains(UInt8(ascii: "\""))
                ? name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
                : name
            parts.append(.text("\"" + escaped + "\""))
        }

        /// A value that may be missing: `NULL` when it is.
        package mutating func appendInterpolation(_ value: (some SQLBindable)?) {
            parts.append(.value(value?.sqlValue ?? .null))
        }

        /// Several values, separated by commas, for `IN (…)`: each is bound.
        /// - Precondition: `values` is not empty (`IN ()` is not SQL).
        package mutating func appendInterpolation(list values: [some SQLBindable]) {
            precondition(!values.isEmpty, "An SQL list needs at least one value.")
            for (index, value) in values.enumerated() {
                if index > 0 { parts.append(.text(", ")) }
                parts.append(.value(value.sqlValue))
            }
        }

        /// Another statement's text and values, in place.
        package mutating func appendInterpolation(_ sql: SQL) {
            parts += sql.parts
        }
    }
}

/// The two SQL dialects CardTable speaks.
package enum SQLDialect: Sendable, Hashable {
    case sqlite, postgres

    /// Whether a transaction must lock the rows it changes (``SQL/forUpdate``) to keep other
    /// writers out: SQLite has one writer at a time, so it never needs to.
    package var locksRows: Bool { self == .postgres }
}
