/// Why ``SQLiteDatabase`` refused to open a database. Nothing in the file was changed.
package enum DatabaseOpeningError: Error, Equatable, CustomStringConvertible {
    /// The database holds migrations this build does not know: a newer CardTable wrote it, and
    /// this one could misread or damage what the newer one saved.
    case writtenByNewerVersion(path: String?, migrations: [String])
    /// The file is not a database, or SQLite's `PRAGMA quick_check` found damage.
    case damaged(path: String?, details: [String])

    package var description: String {
        switch self {
        case .writtenByNewerVersion(let path, let migrations):
            "The database\(Self.at(path)) was written by a newer CardTable "
                + "(migration \(migrations.joined(separator: ", "))); this version cannot read it safely."
        case .damaged(let path, let details):
            "The database\(Self.at(path)) is damaged: "
                + details.prefix(3).joined(separator: "; ")
                + (details.count > 3 ? "; and \(details.count - 3) more problems" : "") + "."
        }
    }

    private static func at(_ path: String?) -> String {
        path.map { " at \($0)" } ?? ""
    }
}
