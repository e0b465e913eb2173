import CardTableStorage
import Logging

extension ServedDatabase {
    /// The rows every CardTable database starts with: the shared built-in themes.
    package static let seed: DatabaseSeed = SharedThemes.seed
}

extension SQLiteDatabase {
    /// Opens (creating if needed) CardTable's database at `location`, up to date and with the rows
    /// it starts with (see ``ServedDatabase/seed``).
    /// - Throws: ``DatabaseOpeningError`` when the file is damaged or was written by a newer CardTable.
    package convenience init(_ location: StorageLocation, logger: Logger = Logger(label: "cardtable.store"))
        throws
    {
        try self.init(location, logger: logger, seed: ServedDatabase.seed)
    }
}

extension PostgresDatabase {
    /// Brings the schema up to date and stores the rows every database starts with (see
    /// ``ServedDatabase/seed``).
    package func migrate() async throws {
        try await migrate(seed: ServedDatabase.seed)
    }
}
