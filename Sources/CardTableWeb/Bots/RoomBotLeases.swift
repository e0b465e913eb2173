import CardTableStorage

/// Which instance drives a room's computer opponents: exactly one at a time. With one instance
/// (SQLite) it is always this one; with several (PostgreSQL) the one holding the room's advisory
/// lock, which goes with the instance when it dies.
protocol RoomBotLeases: Sendable {
    /// Takes (or keeps) the right to drive room `code`'s bots: false while another instance has it.
    func take(_ code: RoomCode) async -> Bool
    /// Whether this instance still has the right to drive room `code`'s bots.
    func holds(_ code: RoomCode) async -> Bool
    /// Gives up the right to drive room `code`'s bots.
    func release(_ code: RoomCode) async
}

/// The leases of an instance that runs alone: it drives every room.
struct SoleInstanceBotLeases: RoomBotLeases {
    func take(_ code: RoomCode) async -> Bool { true }
    func holds(_ code: RoomCode) async -> Bool { true }
    func release(_ code: RoomCode) async {}
}

/// The leases of instances that share PostgreSQL: an advisory lock per room, in a space of
/// their own.
struct SharedBotLeases: RoomBotLeases {
    let locks: PostgresAdvisoryLocks

    /// The locks' space: "CTBT" in ASCII.
    static let space: Int32 = 0x4354_4254

    func take(_ code: RoomCode) async -> Bool { await locks.tryLock(Self.key(code)) }
    func holds(_ code: RoomCode) async -> Bool { await locks.isHeld(Self.key(code)) }
    func release(_ code: RoomCode) async { await locks.unlock(Self.key(code)) }

    /// The lock of room `code`: FNV-1a of its code, folded to 32 bits. Two rooms that share one
    /// are driven by the same instance, which is harmless.
    static func key(_ code: RoomCode) -> Int32 {
        var hash: UInt32 = 0x811c_9dc5
        for byte in code.rawValue.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return Int32(bitPattern: hash)
    }
}
