import CardTableStorage
import CardTableWeb
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization

/// A log handler that keeps every entry (from `minimumLevel` up), for tests that check what the
/// app logged.
final class RecordedLog: LogHandler, Sendable {
    /// One logged line.
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let recorded = Mutex<[Entry]>([])
    private let minimumLevel: Logger.Level

    /// - Parameter minimumLevel: The least important entries kept (`notice` for a test that
    ///   floods the app with what it logs below).
    init(from minimumLevel: Logger.Level = .trace) {
        self.minimumLevel = minimumLevel
    }

    var entries: [Entry] { recorded.withLock { $0 } }
    var messages: [String] { entries.map(\.message) }
    /// The messages logged at error level or above.
    var errors: [String] { entries.filter { $0.level >= .error }.map(\.message) }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}  // NB: the app's own metadata is not what these tests look at.
    }
    var logLevel: Logger.Level {
        get { minimumLevel }
        set {}
    }

    subscript(metadataKey _: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        let entry = Entry(
            level: event.level, message: event.message.description,
            metadata: (event.metadata ?? [:]).mapValues(\.description))
        recorded.withLock { $0.append(entry) }
    }
}

/// Builds the real app on an in-memory store with its log recorded, and runs `test` against
/// its router.
/// - Returns: What `test` returned, and the log.
func withRecordedLog<Value: Sendable>(
    live: Bool = false, _ test: @Sendable (any TestClientProtocol) async throws -> Value
) async throws -> (Value, RecordedLog) {
    let log = RecordedLog()
    let app = try await buildApplication(
        WebConfiguration(port: 0), database: .sqlite(SQLiteDatabase(.inMemory)),
        logger: Logger(label: "test") { _ in log })
    return (try await app.test(live ? .live : .router, test), log)
}
