import GRDB

extension SQLiteDatabase {
    // MARK: - Closing

    /// Folds the write-ahead log into the database file and closes every connection, so the file
    /// alone holds every committed move. Call it once, after the server has answered its last
    /// request: any later load or save throws.
    /// - Throws: A `DatabaseError` when a read or write is still running, or the checkpoint fails.
    package func close() throws {
        // NB: a barrier waits for running reads; TRUNCATE leaves an empty -wal file, or throws
        // SQLITE_BUSY rather than leave part of the log behind.
        try dbWriter.barrierWriteWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" {
                try db.checkpoint(.truncate)
            }
        }
        try dbWriter.close()
    }
}
