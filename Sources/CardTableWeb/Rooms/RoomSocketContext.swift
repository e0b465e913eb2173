import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of a room's WebSocket upgrade request: the player, from the same signed cookie
/// as every page, the address it came from, and where the upgraded connection's handler is kept.
public struct RoomSocketContext: PlayerRequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    public var playerID: PlayerID?
    public var isNewVisitor = false
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        playerID = nil
        remoteAddress = source.channel.remoteAddress
    }
}
