/// Where the app's SQLite database is kept.
package enum StorageLocation: Sendable, Equatable {
    /// A database file at this path; missing folders are created.
    case file(path: String)
    /// A private in-memory database, lost when the app stops (for tests).
    case inMemory
}
