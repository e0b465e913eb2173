/// How many connections a listener keeps open at once: in all, safely below the process's limit
/// on open files, and from any one address.
///
/// Every connection holds an open file. A process that reaches its limit fails more than
/// `accept`: libdispatch, watching its worker threads, opens `/proc` files once a second and
/// traps when it cannot, so the whole server would die. Past ``total`` the listener stops
/// accepting (new connections wait in the system's queue) until one closes; past ``perAddress``
/// a new connection from that address is closed at once.
package struct ConnectionLimits: Sendable, Equatable {
    /// The most connections open at once.
    package var total: Int
    /// The most connections open at once from one IP address (an IPv6 one counts by its /64);
    /// nil for no such limit. Behind a proxy every connection comes from the proxy's address, so
    /// this limit must be off (the proxy limits each client; see deploy/nginx/cardtable.conf) or
    /// above what the proxy opens.
    package var perAddress: Int?

    /// Creates limits of `total` connections, at most `perAddress` from one address.
    package init(total: Int, perAddress: Int? = Self.standardPerAddress) {
        self.total = total
        self.perAddress = perAddress
    }

    /// The limits of the site's listener in a process allowed `openFiles` open files: all of them
    /// but a reserve (64 and a sixteenth, for the database's files, the ones the server reads,
    /// the system's own) and the metrics listener's ``metricsListener`` connections.
    package init(openFiles: UInt64, perAddress: Int? = Self.standardPerAddress) {
        let files = Int(clamping: openFiles)
        let reserve = 64 + files / 16
        self.init(total: max(1, files - reserve - Self.metricsListener.total), perAddress: perAddress)
    }

    /// A phone or a household behind one router opens a few connections for each page and one
    /// for each room it shows; 256 leaves room for a school or an office behind one address.
    package static let standardPerAddress = 256

    /// The metrics listener's: Prometheus needs one connection, a person looking a few more.
    static let metricsListener = ConnectionLimits(total: 16, perAddress: nil)
}
