/// The database could not be reached: PostgreSQL is down, restarting, or dropped the connection.
/// The move was not acknowledged (nothing was committed, or the connection dropped on commit),
/// and asking again in a moment may work. Players are answered 503 with a sentence.
package struct DatabaseUnavailable: Error, CustomStringConvertible {
    /// What the database driver reported.
    let underlying: any Error

    package var description: String { "The database could not be reached: \(String(reflecting: underlying))" }
}
