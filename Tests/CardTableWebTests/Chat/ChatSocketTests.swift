import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// Talk over a room's live WebSocket: a message sent on one socket reaches the others as an
/// event; a refusal answers its sender only and the socket stays open; a mute stops a player's
/// talk reaching the muter's sockets at once.
@Suite struct ChatSocketTests {
    @Test func aMessageSentOnOneSocketReachesTheOthersAndARefusalOnlyItsSender() async throws {
        try await withLiveTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            try await ana.withRoomSocket(room.socketURL) { anaSocket in
                #expect(try await anaSocket.next().type == "snapshot")
                try await bo.withRoomSocket(room.socketURL) { boSocket in
                    #expect(try await boSocket.next().type == "snapshot")
                    try await boSocket.send(#"{"type": "chat", "text": "   "}"#)
                    let refused = try await boSocket.next()
                    #expect(refused.type == "error")
                    #expect(refused.message == "text: type a message (it shows nothing).")
                    try await boSocket.send(#"{"type": "react", "emoji": "🐙"}"#)
                    #expect(
                        try await boSocket.next().message == "emoji is not a reaction: send one of 👍 🎉 😮 😅 🔥."
                    )
                    try await boSocket.send(#"{"type": "chat", "text": "good luck!"}"#)
                    for socket in [anaSocket, boSocket] {
                        let said = try await socket.next()
                        #expect(said.kind == "chat")
                        #expect(said.text == "good luck!")
                        #expect(said.member == 2)
                    }
                    try await anaSocket.send(#"{"type": "react", "emoji": "👍"}"#)
                    for socket in [anaSocket, boSocket] {
                        let reaction = try await socket.next()
                        #expect(reaction.kind == "reaction")
                        #expect(reaction.text == "👍")
                    }
                }
            }
        }
    }

    @Test func aMuteStopsThePlayersTalkOnTheMutersOpenSocket() async throws {
        try await withLiveTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            try await ana.withRoomSocket(room.socketURL) { socket in
                #expect(try await socket.next().type == "snapshot")
                _ = try await bo.postJSON("/rooms/\(room.code)/chat", body: #"{"text": "one"}"#)
                #expect(try await socket.next().text == "one")
                _ = try await ana.postJSON("/rooms/\(room.code)/members/2/mute", body: #"{"muted": true}"#)
                _ = try await bo.postJSON("/rooms/\(room.code)/chat", body: #"{"text": "two"}"#)
                _ = try await bo.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "🔥"}"#)
                _ = try await ana.postJSON("/rooms/\(room.code)/chat", body: #"{"text": "three"}"#)
                // Ana's own message is the next she gets: Bo's talk never came.
                let next = try await socket.next()
                #expect(next.text == "three")
                #expect(next.number == 6)
            }
            // A socket opened later, catching up from the start, leaves out all of Bo's talk, the
            // message before the mute too (as the page does).
            try await ana.withRoomSocket(room.socketURL + "?after=2") { socket in
                let first = try await socket.next()
                #expect(first.number == 6)
                #expect(first.text == "three")
            }
        }
    }
}
