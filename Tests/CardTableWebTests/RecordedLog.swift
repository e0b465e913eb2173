import Logging
import Synchronization

/// A log handler that keeps every entry, for tests that check what the app logged.
final class RecordedLog: LogHandler, Sendable {
    /// One logged line.
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let recorded = Mutex<[Entry]>([])

    var entries: [Entry] { recorded.withLock { $0 } }
    var messages: [String] { entries.map(\.message) }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}  // NB: the app's own metadata is not what these tests look at.
    }
    var logLevel: Logger.Level {
        get { .trace }
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
