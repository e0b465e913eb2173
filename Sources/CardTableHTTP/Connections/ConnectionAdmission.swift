import CoreMetrics
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// Keeps one listener within its ``ConnectionLimits``: counts its open connections, in all (its
/// ``acceptance`` tells the listener when to stop accepting) and by address (``admit(_:)``).
package final class ConnectionAdmission: Sendable {
    package let limits: ConnectionLimits
    private let refusals: Counter?
    private let logger: Logger
    private let counts = Mutex(Counts())

    private struct Counts {
        var open = 0
        var byAddress: [String: Int] = [:]
        /// When the listener was last said to be full (said at most once a minute).
        var lastFull: ContinuousClock.Instant?
    }

    /// - Parameter refusals: Counts the connections closed for their address's limit.
    package init(limits: ConnectionLimits, refusals: Counter? = nil, logger: Logger) {
        self.limits = limits
        self.refusals = refusals
        self.logger = logger
    }

    /// What the listener asks before each accept, and tells of each connection opened and closed.
    package var acceptance: some AvailableConnectionsDelegate { Acceptance(admission: self) }

    /// The connections open now.
    package var open: Int { counts.withLock { $0.open } }

    /// Counts `channel` against its address's limit until it closes.
    /// - Returns: False, counting nothing, when its address has its limit open already.
    package func admit(_ channel: any Channel) -> Bool {
        guard let limit = limits.perAddress, let peer = channel.remoteAddress else { return true }
        let address = ClientAddress.key(of: peer)
        let admitted = counts.withLock { counts in
            let open = counts.byAddress[address, default: 0]
            guard open < limit else { return false }
            counts.byAddress[address] = open + 1
            return true
        }
        guard admitted else {
            refusals?.increment()
            logger.debug(
                "Closing a connection past its address's limit",
                metadata: ["client": "\(address)", "limit": "\(limit)"])
            return false
        }
        channel.closeFuture.whenComplete { _ in
            self.counts.withLock { counts in
                let open = counts.byAddress[address, default: 1] - 1
                counts.byAddress[address] = open > 0 ? open : nil
            }
        }
        return true
    }

    fileprivate func opened() {
        counts.withLock { $0.open += 1 }
    }

    fileprivate func closed() {
        counts.withLock { $0.open -= 1 }
    }

    fileprivate func isAccepting() -> Bool {
        let now = ContinuousClock.now
        let (accepting, saying) = counts.withLock { counts -> (Bool, Bool) in
            guard counts.open >= limits.total else { return (true, false) }
            guard counts.lastFull.map({ now - $0 >= .seconds(60) }) ?? true else { return (false, false) }
            counts.lastFull = now
            return (false, true)
        }
        if saying {
            logger.warning(
                "Connections at their limit: accepting no more until one closes",
                metadata: ["limit": "\(limits.total)"])
        }
        return accepting
    }
}

/// The listener's side of a ``ConnectionAdmission``.
private struct Acceptance: AvailableConnectionsDelegate {
    let admission: ConnectionAdmission

    func connectionOpened() { admission.opened() }

    func connectionClosed() { admission.closed() }

    func isAcceptingNewConnections() -> Bool { admission.isAccepting() }
}
