import Synchronization

/// What this instance's moves last saved in a few rows, each beside the version its save gave the
/// row, so the next move of the row can start from it without reading the row again: on
/// PostgreSQL, where a move's save names the version it started from (see
/// ``DatabaseTransaction/saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``),
/// a row changed meanwhile by anyone (another instance, a merge, a close) is found changed at the
/// save, its entry is forgotten and the move runs again on the row as read. A room's claims and
/// a Set game's selects then make one statement each, not two.
///
/// Only a save outside a transaction block is kept: it is a transaction of its own, so no later
/// statement can change the row under the same transaction id. An entry is trusted for
/// ``lifetime`` after the save that kept it: the version is PostgreSQL's 32-bit `xmin` (with the
/// server's start, see ``RowVersion``), which could only come round to the same value after
/// billions of transactions.
package final class SavedRows: Sendable {
    /// Names one row: its table and the values of the columns that name it, in the order the
    /// save names those columns.
    package struct Key: Hashable, Sendable {
        package let table: String
        package let values: [SQLValue]

        package init(table: String, values: [SQLValue]) {
            (self.table, self.values) = (table, values)
        }
    }

    private struct Entry {
        let value: any Sendable
        let version: RowVersion
        let savedAt: ContinuousClock.Instant
    }

    /// How many rows are kept; past it, one is forgotten for each new one.
    package let limit: Int
    /// How long after its save an entry is used.
    package let lifetime: Duration
    private let entries = Mutex<[Key: Entry]>([:])

    package init(limit: Int = 2_000, lifetime: Duration = .seconds(60)) {
        (self.limit, self.lifetime) = (limit, lifetime)
    }

    /// What was last saved in the row `key` names, as a `Value`, with the version of the row
    /// that save made; nil when nothing fresh is kept for it.
    package func value<Value: Sendable>(_ key: Key, as type: Value.Type) -> (
        value: Value, version: RowVersion
    )? {
        let now = ContinuousClock.now
        return entries.withLock { entries in
            guard let entry = entries[key], now - entry.savedAt < lifetime,
                let value = entry.value as? Value
            else { return nil }
            return (value, entry.version)
        }
    }

    /// Keeps `value` as what the row `key` names holds at `version`.
    package func remember(_ value: any Sendable, as key: Key, version: RowVersion) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= limit, let forgotten = entries.keys.first {
                entries[forgotten] = nil
            }
            entries[key] = Entry(value: value, version: version, savedAt: now)
        }
    }

    /// Forgets the row `key` names if it is still kept at `version` (a save that found the row
    /// changed since then), so a newer entry another move kept meanwhile stays.
    package func forget(_ key: Key, at version: RowVersion) {
        entries.withLock { entries in
            if entries[key]?.version == version { entries[key] = nil }
        }
    }

    /// How many rows are kept (stale ones included).
    package var count: Int { entries.withLock(\.count) }
}
