import Hummingbird
import HummingbirdWebSocket

/// The context of a room's WebSocket upgrade request: the player, from the same signed cookie
/// as every page, and where the upgraded connection's handler is kept.
public struct RoomSocketContext: PlayerRequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    public var playerID: PlayerID?
    public var isNewVisitor = false

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        playerID = nil
    }
}
