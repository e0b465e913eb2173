import ArgumentParser

extension ServeSettings {
    /// How long the server drains by default: `GET /ready` answers 503 while requests are still
    /// served, long enough for nginx or an orchestrator to notice.
    static let standardDrain: Duration = .seconds(3)

    /// The metrics listener's port from the command line, else from `CARDTABLE_METRICS_PORT`;
    /// nil (no listener) when neither says.
    /// - Throws: `ValidationError` unless it is a port number.
    static func metricsPort(_ option: Int?, _ environment: [String: String]) throws -> Int? {
        var port = option
        if port == nil, let text = environment["CARDTABLE_METRICS_PORT"] {
            guard let number = Int(text) else {
                throw ValidationError("CARDTABLE_METRICS_PORT must be a number, not \(text).")
            }
            port = number
        }
        if let port, !(0...65535).contains(port) {
            throw ValidationError("The metrics port must be between 0 and 65535.")
        }
        return port
    }

    /// How long the server drains after SIGTERM, from the command line, else from
    /// `CARDTABLE_DRAIN_SECONDS`, else ``standardDrain``.
    /// - Throws: `ValidationError` unless it is a number of seconds, 0 or more.
    static func drain(_ option: Double?, _ environment: [String: String]) throws -> Duration {
        var seconds = option
        if seconds == nil, let text = environment["CARDTABLE_DRAIN_SECONDS"] {
            guard let number = Double(text) else {
                throw ValidationError("CARDTABLE_DRAIN_SECONDS must be a number of seconds, not \(text).")
            }
            seconds = number
        }
        guard let seconds else { return standardDrain }
        guard seconds.isFinite, seconds >= 0 else {
            throw ValidationError("The drain must be a number of seconds, 0 or more, not \(seconds).")
        }
        return .seconds(seconds)
    }
}
