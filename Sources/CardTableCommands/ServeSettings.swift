import ArgumentParser

/// The server's settings, from the command line first, then the environment, then defaults.
struct ServeSettings: Equatable {
    var hostname: String
    var port: Int
    var databasePath: String
    /// Whether tests may set up Set games (`CARDTABLE_TEST_SETUPS=1`, for the browser tests only).
    var allowsTestSetups: Bool

    init(
        hostname: String?, port: Int?, database: String?, environment: [String: String],
        defaultDatabasePath: String
    ) throws {
        self.hostname = hostname ?? environment["CARDTABLE_HOSTNAME"] ?? "127.0.0.1"
        if let port {
            self.port = port
        } else if let text = environment["CARDTABLE_PORT"] {
            guard let port = Int(text) else {
                throw ValidationError("CARDTABLE_PORT must be a number, not \(text).")
            }
            self.port = port
        } else {
            self.port = 8080
        }
        guard (0...65535).contains(self.port) else {
            throw ValidationError("The port must be between 0 and 65535.")
        }
        self.databasePath = database ?? environment["CARDTABLE_DATABASE"] ?? defaultDatabasePath
        self.allowsTestSetups = environment["CARDTABLE_TEST_SETUPS"] == "1"
    }

    /// The address to open in a browser.
    var url: String {
        let host = hostname == "0.0.0.0" || hostname == "::" ? "127.0.0.1" : hostname
        return "http://\(host):\(port)"
    }
}
