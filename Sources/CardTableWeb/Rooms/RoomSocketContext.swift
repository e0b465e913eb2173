import CardTableBasics
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of a room's WebSocket upgrade request: the player, from the same signed cookie
/// as every page, the address it came from, where the upgraded connection's handler is kept, and
/// the connection itself.
package struct RoomSocketContext: PlayerRequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let webSocket: WebSocketHandlerReference<Self>
    package var playerID: PlayerID?
    package var deviceID: DeviceID?
    package var isNewVisitor = false
    /// Read when the request arrives (a channel forgets it once closed).
    package let remoteAddress: SocketAddress?
    /// The connection, for what the WebSocket library does not do: checking that frames are
    /// masked, and cutting off a client that stopped reading.
    let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        playerID = nil
        channel = source.channel
        remoteAddress = source.channel.remoteAddress
    }
}
