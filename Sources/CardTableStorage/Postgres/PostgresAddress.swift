import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, as `cardtable serve --database` takes it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (`postgresql://` too), optionally with
/// `?sslmode=require` or `?sslmode=verify-full` and `&sslrootcert=CA.pem`, as libpq reads them.
package struct PostgresAddress: Equatable, Sendable {
    package let host: String
    package let port: Int
    let username: String
    package let password: String?
    package private(set) var database: String
    /// Whether and how the connection is encrypted.
    package let security: Security

    /// How the connection to PostgreSQL is protected (`sslmode`).
    package enum Security: Equatable, Sendable {
        /// Plain TCP: for a private network or the same machine only (the default).
        case disable
        /// TLS, without checking whose certificate it is: safe from eavesdroppers, not from a
        /// machine that poses as the database.
        case require
        /// TLS with the server's certificate checked against `rootCertificate` (a PEM file of the
        /// certificate authorities to trust; the system's when nil) and the host's name.
        case verifyFull(rootCertificate: String?)
    }

    /// Reads `text`; nil unless it is a `postgres://` URL with a user, a host and a database, and
    /// no `sslmode` but `disable`, `require` or `verify-full`.
    package init?(_ text: String) {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme),
            let host = url.host, !host.isEmpty, let username = url.user, !username.isEmpty
        else { return nil }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        guard !database.isEmpty, !database.contains("/"), let security = Self.security(url.queryItems ?? [])
        else { return nil }
        self.host = host
        port = url.port ?? 5432
        self.username = username.removingPercentEncoding ?? username
        password = url.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database
        self.security = security
    }

    /// The same server, another database on it.
    package func database(_ name: String) -> PostgresAddress {
        var address = self
        address.database = name
        return address
    }

    /// What `PostgresClient` needs to connect.
    var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: tlsConfiguration.map { .require($0) } ?? .disable)
    }

    /// What a single `PostgresConnection` (the room-event listener's) needs to connect.
    /// - Throws: When the certificate authorities' file cannot be read.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: try tlsConfiguration.map { .require(try NIOSSLContext(configuration: $0)) } ?? .disable)
    }

    // MARK: - Private

    private var tlsConfiguration: TLSConfiguration? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch security {
        case .disable:
            return nil
        case .require:
            configuration.certificateVerification = .none
        case .verifyFull(let rootCertificate):
            configuration.certificateVerification = .fullVerification
            if let rootCertificate { configuration.trustRoots = .file(rootCertificate) }
        }
        return configuration
    }

    private static func security(_ items: [URLQueryItem]) -> Security? {
        var mode = "disable"
        var rootCertificate: String?
        for item in items {
            switch item.name {
            case "sslmode": mode = item.value ?? ""
            case "sslrootcert": rootCertificate = item.value
            default: return nil
            }
        }
        switch mode {
        case "disable" where rootCertificate == nil: return .disable
        case "require" where rootCertificate == nil: return .require
        case "verify-full": return .verifyFull(rootCertificate: rootCertificate)
        default: return nil
        }
    }
}

/// A database that is not a `postgres://` address CardTable can use.
/// (It does not repeat the text, which may hold a password.)
package struct PostgresAddressError: Error, CustomStringConvertible {
    /// The `sslrootcert` file that could not be read, if that was what was wrong.
    package var unreadableRootCertificate: String?

    /// The address is not one CardTable can use.
    package init() {}

    package init(unreadableRootCertificate: String) {
        self.unreadableRootCertificate = unreadableRootCertificate
    }

    package var description: String {
        if let unreadableRootCertificate {
            return "database's sslrootcert \(unreadableRootCertificate) cannot be read"
        }
        return "database must be postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, with a user, a host and a "
            + "database, and optionally ?sslmode=require or ?sslmode=verify-full[&sslrootcert=CA.pem]"
    }
}
