import Foundation

/// A value bound to a statement, as both databases take it. Each driver turns it into its own:
/// a moment is GRDB's date text on SQLite and a `timestamptz` on PostgreSQL; a truth value is
/// 0 or 1 on SQLite and a `boolean` on PostgreSQL.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)
    case date(Date)
}

/// A Swift value that can be bound to a statement.
package protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension Int: SQLBindable {
    package var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLBindable {
    package var sqlValue: SQLValue { .integer(self) }
}

extension Double: SQLBindable {
    package var sqlValue: SQLValue { .real(self) }
}

extension String: SQLBindable {
    package var sqlValue: SQLValue { .text(self) }
}

extension Bool: SQLBindable {
    package var sqlValue: SQLValue { .bool(self) }
}

extension Date: SQLBindable {
    package var sqlValue: SQLValue { .date(self) }
}
