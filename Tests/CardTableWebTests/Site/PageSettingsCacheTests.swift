import Foundation
import Logging
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// The page settings one instance remembers (issue 48, item 5): read once per player, forgotten
/// when changed here, read again when old, and never outdated by a read that began before a change.
@Suite struct PageSettingsCacheTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let start = ContinuousClock.now
    let ana = PlayerID.random()

    @Test func aPlayersSettingsAreReadOnceThenRememberedUntilTheyAreOld() async throws {
        let database = try SQLiteDatabase(.inMemory, logger: Logger(label: "test"))
        let cache = PageSettingsCache(database: database)
        #expect(try await cache.settings(of: ana, at: start).appearance == .system)
        // A change that does not pass through the cache is not seen while the settings are fresh…
        try await database.setPageSetting(Appearance.dark, of: ana, at: now)
        let fresh = start + PageSettingsCache.freshness - .milliseconds(1)
        #expect(try await cache.settings(of: ana, at: fresh).appearance == .system)
        // …and is once they are old.
        #expect(
            try await cache.settings(of: ana, at: start + PageSettingsCache.freshness).appearance == .dark)
    }

    @Test func aForgottenPlayerIsReadAgainAtOnce() async throws {
        let database = try SQLiteDatabase(.inMemory, logger: Logger(label: "test"))
        let cache = PageSettingsCache(database: database)
        let bo = PlayerID.random()
        _ = try await cache.settings(of: ana, at: start)
        _ = try await cache.settings(of: bo, at: start)
        try await database.setPageSetting(Sound.off, of: ana, at: now)
        try await database.setPageSetting(Sound.off, of: bo, at: now)
        cache.forget(ana)
        #expect(try await cache.settings(of: ana, at: start).sound == .off)
        #expect(try await cache.settings(of: bo, at: start).sound == .on)
        cache.forgetAll()
        #expect(try await cache.settings(of: bo, at: start).sound == .off)
    }

    /// A page read the settings, a choice was stored and forgotten, then the page's read finished:
    /// what it read is not remembered, so the next page shows the choice.
    @Test func aReadThatBeganBeforeAChangeIsNotRemembered() async throws {
        let base = try SQLiteDatabase(.inMemory, logger: Logger(label: "test"))
        let database = ReadsHeldOpen(base: base)
        let cache = PageSettingsCache(database: database)
        let (ana, now, start) = (ana, now, start)
        let page = Task { try await cache.settings(of: ana, at: start) }
        await database.waitForARead()
        try await base.setPageSetting(Appearance.dark, of: ana, at: now)
        cache.forget(ana)
        database.letTheReadFinish()
        #expect(try await page.value.appearance == .system)
        #expect(try await cache.settings(of: ana, at: start).appearance == .dark)
    }

    /// A database whose first read, once it has read, waits to be let go; the others do not.
    private final class ReadsHeldOpen: CardTableDatabase {
        let base: SQLiteDatabase
        private let reads = AsyncStream.makeStream(of: Void.self)
        private let releases = AsyncStream.makeStream(of: Void.self)
        private let isFirst = Mutex(true)

        init(base: SQLiteDatabase) {
            self.base = base
        }

        func read<Value: Sendable>(
            _ body: @escaping @Sendable (SQLiteDatabase.Transaction) throws -> Value
        ) async throws -> Value {
            let value = try await base.read(body)
            let isHeld = isFirst.withLock { first in
                defer { first = false }
                return first
            }
            guard isHeld else { return value }
            reads.continuation.yield()
            for await _ in releases.stream { break }
            return value
        }

        func write<Value: Sendable>(
            _ body: @escaping @Sendable (SQLiteDatabase.Transaction) throws -> Value
        ) async throws -> Value {
            try await base.write(body)
        }

        func move<Value: Sendable>(
            _ body: @escaping @Sendable (SQLiteDatabase.Transaction) throws -> Value
        ) async throws -> Value {
            try await base.move(body)
        }

        func waitForARead() async {
            for await _ in reads.stream { break }
        }

        func letTheReadFinish() {
            releases.continuation.yield()
        }
    }
}
