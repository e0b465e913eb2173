import Foundation
import HummingbirdTesting
import Logging
import Testing

@testable import CardTableWeb

/// A client that sends requests and leaves their answers unread: the server keeps a bounded amount
/// for it, then closes it with 1013, and the rest of the room carries on meanwhile.
@Suite struct RoomSocketSlowReaderTests {
    @Test func aClientThatLeavesItsAnswersUnreadIsClosedAndCatchesUpOnReconnecting() async throws {
        // NB: notice and above only: the app logs far more below, for each frame.
        let notices = RecordedLog(from: .notice)
        // NB: a grace period far longer than the test, so the closed socket adds no "left" event.
        try await withLiveTestApp(gracePeriod: .seconds(3600), logger: Logger(label: "test") { _ in notices })
        {
            session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            let slow = try await RawWebSocket.open(
                port: try #require(session.client.port), path: room.socketURL, cookie: bo.cookie,
                receiveBuffer: 4096)
            defer { slow.close() }
            let snapshot = try JSONDecoder().decode(
                RoomMessageJSON.self, from: Data(try #require(await slow.nextFrame()?.text).utf8))
            let lastEvent = try #require(snapshot.lastEvent)

            // Bad messages, without reading a single answer, until the server gives up on the client.
            // (Each answer names the unknown type, so the buffers on the way fill after few.)
            await slow.stopReading()
            let fellBehind = { notices.messages.contains { $0.contains("fell behind") } }
            let unknownType = RawWebSocket.text(#"{"type": "\#(String(repeating: "x", count: 1900))"}"#)
            let sent = await slow.flood(unknownType, atMost: 50_000, until: fellBehind)
            try #require(fellBehind(), "the server gave up on the client after \(sent) unread answers")

            // Reading at last: the answers the server had sent before it gave up, then 1013. NB: at
            // once, since the server drops a client that still reads nothing 15 s after giving up.
            await slow.resumeReading()
            let (frames, close) = await slow.framesUntilClose()
            #expect(close?.closeCode == 1013)
            let answers = frames.filter { $0.text?.contains(#""type":"error""#) == true }.count
            #expect(answers > 0)
            #expect(answers < sent, "the server stopped answering")
            #expect(frames.filter { $0.text != nil }.count == answers, "only answers, no event")

            // The room carries on for everyone else.
            try await ana.withRoomSocket(room.socketURL) { socket in
                _ = try await socket.next()
                try await socket.send(#"{"type": "start"}"#)
                #expect(try await socket.next().kind == "started")
            }

            // Reconnecting after the last event it had: exactly what it missed.
            let missed = try await bo.withRoomSocket(room.socketURL + "?after=\(lastEvent)") { socket in
                try await socket.next()
            }
            #expect(missed.number == lastEvent + 1)
            #expect(missed.kind == "started")
        }
    }
}
