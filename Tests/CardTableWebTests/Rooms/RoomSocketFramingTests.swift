import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// Broken WebSocket frames on a live server: each closes the socket with the code RFC 6455 gives
/// it, and what it carried is not acted on.
@Suite struct RoomSocketFramingTests {
    @Test(arguments: HostileWebSocketFrames.cases)
    func aBrokenFrameClosesTheSocketWithItsCode(_ hostile: HostileWebSocketFrames.Case) async throws {
        try await withLiveTestApp { session in
            let (ana, stranger) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            let socket = try await RawWebSocket.open(
                port: try #require(session.client.port), path: room.socketURL, cookie: stranger.cookie)
            defer { socket.close() }
            let snapshot = try #require(await socket.nextFrame()?.text)
            #expect(snapshot.contains(#""type":"snapshot""#))
            for frame in hostile.frames { await socket.send(frame) }
            let (frames, close) = await socket.framesUntilClose()
            #expect(close?.closeCode == hostile.closeCode)
            #expect(frames.isEmpty, "nothing answered: \(frames.compactMap(\.text))")
            let members = try await ana.snapshot(room).view?.members.map(\.name)
            #expect(members == ["Ana"], "\(HostileWebSocketFrames.intruder) did not join")
        }
    }

    /// An unmasked frame in the same packet as the upgrade request reaches the server before the
    /// socket is handed to the room: it is refused all the same.
    @Test func anUnmaskedFrameRightBehindTheUpgradeRequestIsRefused() async throws {
        try await withLiveTestApp { session in
            let (ana, stranger) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            let unmasked = try #require(HostileWebSocketFrames.cases.first { $0.closeCode == 1002 }).frames[0]
            let socket = try await RawWebSocket.open(
                port: try #require(session.client.port), path: room.socketURL, cookie: stranger.cookie,
                sendingAtOnce: unmasked)
            defer { socket.close() }
            let (frames, close) = await socket.framesUntilClose()
            #expect(close?.closeCode == 1002)
            #expect(frames.allSatisfy { $0.text?.contains(#""type":"snapshot""#) == true })
            let members = try await ana.snapshot(room).view?.members.map(\.name)
            #expect(members == ["Ana"], "\(HostileWebSocketFrames.intruder) did not join")
        }
    }
}
