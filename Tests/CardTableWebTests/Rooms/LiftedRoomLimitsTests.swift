import HTTPTypes
import Testing

@testable import CardTableWeb

/// A test server with ``RoomLimits/lifted`` (what the contract's fuzzer runs against) lets one
/// player from one address do what a public site refuses: look up many codes that name no room,
/// and host and list many rooms.
@Suite struct LiftedRoomLimitsTests {
    @Test(arguments: [false, true])
    func oneAddressMayGuessAndHostWithoutLimit(lifted: Bool) async throws {
        var configuration = WebConfiguration()
        if lifted { configuration.roomLimits = .lifted }
        try await withTestApp(clock: .manual, configuration: configuration) { session in
            let (ana, guesser) = (try await session.newPlayer(), try await session.newPlayer())
            var guessed: [HTTPResponse.Status] = []
            for letter in "23456789ABCDEFGHJKMNPQRSTUVWXY" {
                guessed.append(try await guesser.get("/rooms/ZZZZZ\(letter)", json: true).status)
            }
            #expect(guessed.contains(.tooManyRequests) == !lifted)
            var made: [HTTPResponse.Status] = []
            for _ in 0..<8 {
                made.append(
                    try await ana.postJSON("/rooms", body: #"{"game": "set", "name": "Ana", "open": true}"#)
                        .status)
            }
            #expect(made.allSatisfy { $0 == .created } == lifted)
            #expect(
                made.filter { $0 == .created }.count == (lifted ? 8 : RoomLimits.standard.listedRoomsPerHost))
        }
    }
}
