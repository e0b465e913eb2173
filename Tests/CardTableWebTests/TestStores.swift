import Foundation
import Logging
import Testing

@testable import CardTableWeb

/// The stores a parameterised store test runs on: SQLite always, PostgreSQL when the tests have
/// a cluster (``PostgresTestCluster``).
enum TestStores {
    enum Kind: String, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static var available: [Kind] { [.sqlite] + (PostgresTestCluster.address == nil ? [] : [.postgres]) }

    /// Runs `body` with `count` handles on one new, empty database of `kind`: the same SQLite
    /// store `count` times, or `count` PostgreSQL stores, each with its own connections, as
    /// several CardTable instances would have.
    static func withRoomStores<Value>(
        _ kind: Kind, count: Int, _ body: ([any RoomStore]) async throws -> Value
    ) async throws -> Value {
        switch kind {
        case .sqlite:
            let store = try CardTableStore(.inMemory)
            return try await body(Array(repeating: store, count: count))
        case .postgres:
            let cluster = try #require(PostgresTestCluster.address)
            return try await PostgresTestCluster.withDatabase(on: cluster) { address in
                let stores = (0..<count).map { _ in PostgresStore(address, logger: Logger(label: "test")) }
                return try await withThrowingTaskGroup(of: Void.self) { group in
                    for store in stores { group.addTask { await store.run() } }
                    defer { group.cancelAll() }
                    try await stores[0].migrate()
                    return try await body(stores)
                }
            }
        }
    }
}
