import ArgumentParser
import CardTableStorage
import CardTableWeb

/// Why `cardtable serve` will not start on a database, in words and as an exit code a script can
/// tell apart from other failures.
struct StartupRefusal: Equatable {
    /// The exit code when the database was written by a newer CardTable.
    static let newerDatabase = ExitCode(3)
    /// The exit code when the database is damaged (or not a database).
    static let damagedDatabase = ExitCode(4)

    let message: String
    let exitCode: ExitCode

    init(_ error: DatabaseOpeningError) {
        switch error {
        case .writtenByNewerVersion:
            message = "\(error) Upgrade CardTable, or start it with another --database."
            exitCode = Self.newerDatabase
        case .damaged:
            message =
                "\(error) CardTable will not touch it: restore a backup, or start it with another --database."
            exitCode = Self.damagedDatabase
        }
    }
}
