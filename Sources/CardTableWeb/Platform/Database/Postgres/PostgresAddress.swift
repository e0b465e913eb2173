import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, as `cardtable serve --database` takes it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (`postgresql://` too).
public struct PostgresAddress: Equatable, Sendable {
    let host: String
    let port: Int
    let username: String
    let password: String?
    let database: String

    /// Reads `text`; nil unless it is a `postgres://` URL with a user, a host and a database.
    public init?(_ text: String) {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme),
            let host = url.host, !host.isEmpty, let username = url.user, !username.isEmpty
        else { return nil }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        guard !database.isEmpty, !database.contains("/") else { return nil }
        self.host = host
        port = url.port ?? 5432
        self.username = username.removingPercentEncoding ?? username
        password = url.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database
    }

    /// The same server, another database on it.
    func database(_ name: String) -> PostgresAddress {
        PostgresAddress(host: host, port: port, username: username, password: password, database: name)
    }

    /// What `PostgresClient` needs to connect. No TLS: the database is meant to be reached on
    /// the site's private network.
    var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }

    private init(host: String, port: Int, username: String, password: String?, database: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }
}

/// A database that is not a `postgres://` address CardTable can use.
/// (It does not repeat the text, which may hold a password.)
public struct PostgresAddressError: Error, CustomStringConvertible {
    public var description: String {
        "database must be postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, with a user, a host and a database"
    }
}
