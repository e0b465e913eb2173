/// The row a move starts from, and whether it was read or is what this instance last saved in
/// it (see ``SavedRows``).
package struct MoveStart<Value> {
    package let value: Value
    package let version: RowVersion
    /// The row, as its save names it.
    package let key: SavedRows.Key
    /// Whether `value` is what this instance last saved, unread. Only the move's save can tell
    /// whether the row is still so; a move that ends without saving it must not answer from it
    /// (see ``DatabaseTransaction/endWithoutSaving(from:)``).
    package let isRemembered: Bool

    /// A start the move read from the database.
    package init(read value: Value, version: RowVersion, key: SavedRows.Key) {
        (self.value, self.version, self.key, isRemembered) = (value, version, key, false)
    }

    fileprivate init(remembered value: Value, version: RowVersion, key: SavedRows.Key) {
        (self.value, self.version, self.key, isRemembered) = (value, version, key, true)
    }
}

extension DatabaseTransaction {
    /// What this instance last saved in the row `key` names, as a move's start, while it is
    /// fresh and this transaction keeps ``savedRows``; nil when the move must read the row.
    package func remembered<Value: Sendable>(_ key: SavedRows.Key, as type: Value.Type) -> MoveStart<Value>? {
        savedRows?.value(key, as: type).map { MoveStart(remembered: $0.value, version: $0.version, key: key) }
    }

    /// For a move that started from `start` and ends without saving it (it refused, or had
    /// nothing to save): when `start` was remembered rather than read, another instance may have
    /// changed the row since, so the memo is forgotten and ``ChangedMeanwhile`` sends the move
    /// to run again on the row as read. A move that started from a read ends as it is.
    package func endWithoutSaving<Value>(from start: MoveStart<Value>) throws {
        guard start.isRemembered else { return }
        savedRows?.forget(start.key, at: start.version)
        throw ChangedMeanwhile()
    }
}
