/// What a driver does about the damaged rows its transactions meet (``DamagedRow``), written once
/// for both: a read that meets one runs again as a write, which can set it aside; a write that
/// set rows aside and then failed sets them aside again, since its rollback took them back.
enum DamagedRowPolicy {
    /// Runs `read`; when it met a damaged row, runs `write` instead.
    static func read<Value>(
        _ read: () async throws -> Value, elseWrite write: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await read()
        } catch is DamagedRow.NeedsWriting {
            return try await write()
        }
    }

    /// Runs `write` with a log of the rows it sets aside; when it throws, runs `setAsideAgain`
    /// on those rows (in a transaction of its own) before the error goes on.
    static func write<Value>(
        _ write: (DamageLog) async throws -> Value,
        setAsideAgain: ([SetAsideRow]) async throws -> Void
    ) async throws -> Value {
        let damage = DamageLog()
        do {
            return try await write(damage)
        } catch {
            let rows = damage.rows
            if !rows.isEmpty { try await setAsideAgain(rows) }
            throw error
        }
    }
}
