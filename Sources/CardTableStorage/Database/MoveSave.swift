import CardTableBasics

/// A move's save on PostgreSQL (see
/// ``DatabaseTransaction/saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``):
/// one statement that saves the row unless it changed since the move read it, and answers the
/// version the save gave the row (no row: it had changed, and nothing was saved).
package struct MoveSave: Sendable {
    /// The save's steps, as the `WITH` list of a statement: each step's name starts with the
    /// prefix given, and the step named `<prefix>saved` answers the saved row's `row_version`.
    /// Several saves made as one statement (see ``PostgresDatabase/sendTogether(_:)``) each have
    /// a prefix of their own.
    package let steps: @Sendable (_ prefix: String) -> SQL
    /// What to tell PostgreSQL's listeners once the save commits (a `pg_notify` call), if it is
    /// made.
    package let notice: SQL?
    /// The row it saves.
    package let row: SavedRows.Key
    /// The players it stores if need be (whose rows its added rows may name).
    package let players: [PlayerID]
    /// The version of the row the move started from.
    package let version: RowVersion
    /// What the row holds once saved, which the move's next run may start from.
    package let value: (any Sendable)?

    /// The save as a statement of its own, answering `row_version` for the row it saved.
    package let statement: SQL
    /// ``statement`` as PostgreSQL takes it, rendered once.
    package let rendered: (text: String, values: [SQLValue])

    package init(
        steps: @escaping @Sendable (_ prefix: String) -> SQL, notice: SQL?, row: SavedRows.Key,
        players: [PlayerID], version: RowVersion, value: (any Sendable)?
    ) {
        (self.steps, self.notice, self.row, self.players, self.version, self.value) =
            (steps, notice, row, players, version, value)
        let notify: SQL = notice.map { ", \($0)" } ?? ""
        statement = "WITH \(steps(""))\nSELECT row_version\(notify) FROM saved"
        rendered = statement.rendered(for: .postgres)
    }

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
