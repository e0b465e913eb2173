import CardTableHTTP

/// Where and how the CardTable web app listens, and how long clients and rooms may wait. The
/// database is given beside it (see ``ServedDatabase``).
package struct WebConfiguration: Sendable {
    /// The address the server binds to: `127.0.0.1` for this computer only, `0.0.0.0` for the network.
    package var hostname: String
    /// The TCP port the server listens on.
    package var port: Int
    /// How long a client may keep the server waiting before its connection is closed.
    package var connectionTimeouts: ConnectionTimeouts
    /// How many connections the site keeps open at once, in all and from one address: by default
    /// those of the 1,024 open files a shell usually allows; `cardtable serve` sets them from the
    /// limit it runs with.
    package var connectionLimits = ConnectionLimits(openFiles: 1024)
    /// How long a room waits for a player whose last connection dropped before it marks them
    /// away (their turns skipped, their vote to deal no longer awaited).
    package var roomGracePeriod: Duration = .seconds(10)
    /// How long a Memorize mismatch in a room stays face up before it turns back by itself.
    package var roomTurnBackDelay: Duration = .milliseconds(1500)
    /// How many rooms a player may host and list, how fast they may move, and how often room
    /// codes may name no room: ``RoomLimits/standard``, or ``RoomLimits/lifted`` for a test server.
    package var roomLimits = RoomLimits.standard
    /// How often ``RoomSweep`` closes idle rooms, deletes long-closed ones and turns back a
    /// mismatch whose turn-back was lost.
    package var roomSweepInterval: Duration = .seconds(60)
    /// How long the server, told to stop, waits for the requests and sockets it has open before
    /// it closes them: a client still sending a body (or a room socket) holds it no longer.
    package var shutdownGracePeriod: Duration = .seconds(10)
    /// The proxies (nginx) believed when they say who the client is (`X-Forwarded-For`: in logs
    /// and limits) and that it came over HTTPS (`X-Forwarded-Proto`: secure cookies, `https://`
    /// links); loopback addresses only, unless told more.
    package var trustedProxies = TrustedProxies()
    /// How long a browser that came over HTTPS is told to come only over HTTPS
    /// (`Strict-Transport-Security`); nil sends no such header.
    package var strictTransportSecurityMaxAge: Duration? = .seconds(31_536_000)
    /// The port of a second listener that answers only `GET /metrics` (Prometheus' text format);
    /// nil, the default, for none. The site's own port never answers it.
    package var metricsPort: Int?
    /// The address the metrics listener binds to: this computer only, unless Prometheus scrapes
    /// from another.
    package var metricsHostname = "127.0.0.1"
    /// Whether push subscriptions may name plain-http endpoints on loopback (127.0.0.1, ::1):
    /// for tests' push services only, never a site's (`--allow-local-push-endpoints`).
    package var allowsLocalPushEndpoints = false
    /// Whom push services may write to about the site's notifications, in every push's VAPID
    /// token (`--push-contact`): a `mailto:` or `https:` address.
    package var pushContact = "mailto:webmaster@localhost"
    /// How long one push may take to reach its push service, connecting included.
    package var pushTimeout: Duration = .seconds(10)

    /// Creates a configuration.
    /// - Parameters:
    ///   - hostname: The address to bind to.
    ///   - port: The port to listen on.
    ///   - connectionTimeouts: How long a slow or idle client keeps its connection (10 s for a
    ///     request head or a pause in a body, 60 s idle, by default).
    package init(
        hostname: String = "127.0.0.1", port: Int = 8080,
        connectionTimeouts: ConnectionTimeouts = ConnectionTimeouts()
    ) {
        self.hostname = hostname
        self.port = port
        self.connectionTimeouts = connectionTimeouts
    }
}
