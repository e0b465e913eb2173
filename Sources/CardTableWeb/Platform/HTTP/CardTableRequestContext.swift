import CardTableBasics
import CardTableHTTP
import Hummingbird
import NIOCore

/// The per-request context of the CardTable app: Hummingbird's core storage plus the player
/// the request belongs to (set by ``PlayerMiddleware``).
package struct CardTableRequestContext: PlayerRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The player who sent the request, once ``PlayerMiddleware`` has run.
    package var playerID: PlayerID?
    package var deviceID: DeviceID?
    package var isNewVisitor = false
    /// The connection the request came on.
    let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.playerID = nil
        self.channel = source.channel
        self.remoteAddress = source.channel.remoteAddress
    }

    /// The address the connection came from (a proxy's, behind one: see ``ClientAddress``), read
    /// when the request arrives (a channel forgets it once closed).
    package let remoteAddress: SocketAddress?

    /// Bodies larger than this are refused with 413 Content Too Large.
    package var maxUploadSize: Int { WebLimits.maximumBodyBytes }
}

/// A request context that knows whose request it is, once ``PlayerMiddleware`` has run.
package protocol PlayerRequestContext: RequestContext {
    var playerID: PlayerID? { get set }
    /// The browser that sent the request, a device session of the player (see ``DeviceID``).
    var deviceID: DeviceID? { get set }
    /// Whether the request named no player (no cookie, or one this site did not sign), so
    /// ``playerID`` is a new one that nothing has stored.
    var isNewVisitor: Bool { get set }
}
