import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of a room's WebSocket upgrade request: the player, from the same signed cookie
/// as every page, the address it came from, where the upgraded connection's handler is kept, and
/// the connection itself.
public struct RoomSocketContext: PlayerRequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    public var playerID: PlayerID?
    public var deviceID: DeviceID?
    public var isNewVisitor = false
    /// Read when the request arrives (a channel forgets it once closed).
    public let remoteAddress: SocketAddress?
    /// The connection, for what the WebSocket library does not do: checking that frames are
    /// masked, and cutting off a client that stopped reading.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        playerID = nil
        channel = source.channel
        remoteAddress = source.channel.remoteAddress
    }
}
