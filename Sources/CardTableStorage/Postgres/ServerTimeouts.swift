import PostgresNIO

/// What PostgreSQL is told, as each pooled connection starts, to give up on by itself, a fifth
/// before the instance's own deadline for an answer (``PostgresDatabase/statementDeadline``)
/// would close the connection:
/// - a statement still running (slow, or waiting for a lock another transaction holds) is
///   cancelled there, so it answers with an error (SQLSTATE 57014, a 503) rather than going
///   silent, and no backend is left waiting for a client that stopped listening. An unnamed
///   statement's connection stays open; a prepared one's is replaced, as after any server error
///   on a prepared statement (see `PostgresTransaction`);
/// - a session idle inside a transaction block (its instance stopped or cut off mid-transaction)
///   is ended, so the rows it locked do not hold every other instance's moves on them.
struct ServerTimeouts: Equatable {
    /// How long PostgreSQL lets a statement run, and a transaction block sit idle, in milliseconds.
    let milliseconds: Int

    /// The longest PostgreSQL takes for either setting: 2³¹ − 1 ms, about 24 days.
    static let longest = Int(Int32.max)

    init(within deadline: Duration) {
        let (seconds, attoseconds) = deadline.components
        let deadlineMilliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        milliseconds = Int(min(max(deadlineMilliseconds * 0.8, 1), Double(Self.longest)))
    }

    /// The start-up parameters that set them.
    var parameters: [(String, String)] {
        [
            ("statement_timeout", "\(milliseconds)"),
            ("idle_in_transaction_session_timeout", "\(milliseconds)"),
        ]
    }

    /// Whether PostgreSQL cancelled the statement that failed with `error` (SQLSTATE 57014):
    /// it ran past `statement_timeout`, or someone cancelled it by hand.
    static func cancelledStatement(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return error.serverInfo?[.sqlState] == "57014"
    }
}
