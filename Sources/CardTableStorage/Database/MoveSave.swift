/// A move's save on PostgreSQL (see
/// ``DatabaseTransaction/saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``):
/// one statement that saves the row unless it changed since the move read it, and answers the
/// version the save gave the row (no row: it had changed, and nothing was saved).
package struct MoveSave: Sendable {
    /// The save, answering `row_version` for the row it saved.
    package let statement: SQL
    /// The row it saves.
    package let row: SavedRows.Key
    /// The version of the row the move started from.
    package let version: RowVersion
    /// What the row holds once saved, which the move's next run may start from.
    package let value: (any Sendable)?

    /// Takes the save's answer, the versions `statement` answered: keeps ``value`` in
    /// `savedRows` beside the version the save made, or, when nothing was saved, forgets what was
    /// kept of the row at ``version``.
    /// - Parameter savedRows: Where a move outside a transaction block keeps what it saved; nil
    ///   inside one, where a later statement may change the row again under the same `xmin` (a
    ///   room closed after its closing event), which the version kept would still match.
    /// - Throws: ``ChangedMeanwhile`` when the row had changed, so nothing was saved.
    package func conclude(answer saved: [RowVersion], keepingIn savedRows: SavedRows?) throws {
        guard let made = saved.first else {
            savedRows?.forget(row, at: version)
            throw ChangedMeanwhile()
        }
        if let value { savedRows?.remember(value, as: row, version: made) }
    }
}
