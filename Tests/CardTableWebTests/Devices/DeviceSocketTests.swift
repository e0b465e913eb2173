import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing

@testable import CardTableWeb

/// A room socket opened by a device that is then forgotten is closed with 1008 at its next
/// request or event, so a signed-out phone can no longer play as its player (issue 30).
@Suite struct DeviceSocketTests {
    enum Nudge: String, CaseIterable, Sendable {
        /// The phone sends a request.
        case request
        /// Someone else's move reaches the phone.
        case event
    }

    @Test(arguments: Nudge.allCases)
    func aForgottenDevicesSocketIsClosed(by nudge: Nudge) async throws {
        try await withLiveTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            let phone = try (try await session.newPlayer()).adopting(
                try await DevicesHTTPTests.link(
                    try await session.newPlayer(), code: try await DevicesHTTPTests.newCode(ana).code))
            #expect(phone.player == ana.player)
            let devices = try JSONDecoder().decode(
                DevicesHTTPTests.Devices.self,
                from: Data(buffer: try await ana.get("/devices", json: true).body)
            ).devices
            let phoneDevice = try #require(devices.first { !$0.isThisDevice })
            let bo = try await session.newPlayer()

            var headers = HTTPFields()
            headers[.cookie] = phone.cookie
            let seen = Counter()
            let close = try await session.client.ws(
                room.socketURL, configuration: .init(additionalHeaders: headers)
            ) { inbound, outbound, _ in
                let messages = RoomSocketConnection.Messages(inbound)
                let snapshot = try await messages.iterator.next()
                guard case .text(let text) = snapshot, text.contains(#""you":1"#) else {
                    Issue.record("The phone's socket began with \(String(describing: snapshot))")
                    return
                }
                // While the phone is Ana's, it plays as her: a rename is event 2.
                try await outbound.write(.text(#"{"type": "join", "name": "Ana on the phone"}"#))
                guard case .text(let renamed) = try await messages.iterator.next(),
                    renamed.contains(#""number":2"#)
                else {
                    Issue.record("The phone's rename was not answered with event 2")
                    return
                }
                #expect(
                    try await ana.post("/devices/\(phoneDevice.id)/forget", json: true).status == .noContent)
                switch nudge {
                case .request: try await outbound.write(.text(#"{"type": "join", "name": "Eve"}"#))
                case .event: try await bo.join(room, as: "Bo")
                }
                // NB: a socket left open ends the test after 10 seconds, failed.
                let closed = try await withThrowingTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        while try await messages.iterator.next() != nil { seen.add() }
                        return true
                    }
                    group.addTask {
                        try await Task.sleep(for: .seconds(10))
                        return false
                    }
                    defer { group.cancelAll() }
                    return try await group.next() ?? false
                }
                #expect(closed, "the server closed the phone's socket")
            }
            #expect(close?.closeCode == .init(codeNumber: 1008))
            #expect(seen.count == 0, "nothing more reached the signed-out phone")
            // The phone renamed Ana once; forgotten, it played nothing more as her (its socket's
            // close may have marked her away since, which renames nobody).
            let names = try await ana.snapshot(room).view?.members.map(\.name)
            #expect(names == (nudge == .event ? ["Ana on the phone", "Bo"] : ["Ana on the phone"]))
        }
    }
}
