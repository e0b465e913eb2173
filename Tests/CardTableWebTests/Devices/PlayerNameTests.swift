import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// A player's name (issue 30): set on `/devices` or by the first room they name themselves in,
/// the name rooms start with on every device, kept by a merge, and always shown as text.
@Suite struct PlayerNameTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    struct Named: Decodable {
        let name: String?
    }

    @Test(arguments: TestStores.available)
    func aNameIsSetTakenAwayAndNotReplacedByARoomsName(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let ana = PlayerID.random()
            #expect(try await database.displayName(of: ana) == nil)
            try await database.rememberDisplayName(DisplayName(typed: "Ana in a room"), of: ana, at: now)
            #expect(try await database.displayName(of: ana)?.text == "Ana in a room")
            try await database.setDisplayName(DisplayName(typed: " Ana "), of: ana, at: now + 1)
            #expect(try await database.displayName(of: ana)?.text == "Ana")
            // A name typed in a later room does not replace the one she chose.
            try await database.rememberDisplayName(DisplayName(typed: "Annie"), of: ana, at: now + 2)
            #expect(try await database.displayName(of: ana)?.text == "Ana")
            // Taken away, it stays away: the next room's name is not taken for hers.
            try await database.setDisplayName(nil, of: ana, at: now + 3)
            #expect(try await database.displayName(of: ana) == nil)
            try await database.rememberDisplayName(DisplayName(typed: "Annie"), of: ana, at: now + 4)
            #expect(try await database.displayName(of: ana) == nil)
        }
    }

    /// The player keeps their name (or their choice of none); one who never chose takes the
    /// other's.
    @Test(arguments: TestStores.available)
    func aMergeKeepsThePlayersNameOrTakesTheOthers(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone, tablet) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
            try await database.setDisplayName(DisplayName(typed: "Ana"), of: phone, at: now)
            try await database.setDisplayName(DisplayName(typed: "Tablet Ana"), of: tablet, at: now)
            let now = now
            try await database.write { try $0.storePlayer(ana, at: now) }

            _ = try await database.mergePlayer(phone, into: ana, at: now + 1)
            #expect(try await database.displayName(of: ana)?.text == "Ana")
            _ = try await database.mergePlayer(tablet, into: ana, at: now + 2)
            #expect(try await database.displayName(of: ana)?.text == "Ana")
            #expect(try await instances[0].count("SELECT count(*) FROM player_name") == 1)

            let (bea, laptop) = (PlayerID.random(), PlayerID.random())
            try await database.setDisplayName(nil, of: bea, at: now)
            try await database.setDisplayName(DisplayName(typed: "Laptop"), of: laptop, at: now)
            _ = try await database.mergePlayer(laptop, into: bea, at: now + 1)
            #expect(try await database.displayName(of: bea) == nil)
        }
    }

    @Test func theNameIsSetAndClearedOverJSONAndListedWithTheDevices() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let saved = try await ana.postJSON("/devices/name", body: #"{"name": "  Ana  "}"#)
            #expect(saved.status == .ok)
            #expect(try saved.decode(Named.self).name == "Ana")
            // NB: decoded as it is, since a device's `linkedAt` is null.
            let listed = try await ana.get("/devices", json: true)
            #expect(try JSONDecoder().decode(Named.self, from: Data(buffer: listed.body)).name == "Ana")
            #expect(try await session.store.displayName(of: ana.player)?.text == "Ana")

            let cleared = try await ana.postJSON("/devices/name", body: #"{"name": ""}"#)
            #expect(String(buffer: cleared.body) == #"{"name":null}"#)
            #expect(
                String(buffer: try await ana.get("/devices", json: true).body).hasPrefix(#"{"name":null,"#))

            for (body, message) in [
                (
                    #"{"name": "\#(String(repeating: "x", count: 41))"}"#,
                    "name: A name can be up to 40 characters long."
                ),
                (
                    #"{"name": "A\tB"}"#,
                    "name: A name cannot hold control characters (such as line breaks or tabs)."
                ),
                (#"{"name": 7}"#, nil),
            ] {
                let refused = try await ana.postJSON("/devices/name", body: body)
                #expect(refused.status == .badRequest, "\(body)")
                let error = try refused.decode(ErrorJSON.self).error.message
                #expect(error.hasPrefix("name"), "\(error)")
                if let message { #expect(error == message) }
            }
            #expect(try await session.store.displayName(of: ana.player) == nil)
        }
    }

    @Test func aBrowserSavesItsNameWithAFormAndIsToldWhatIsWrong() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let saved = try await ana.post("/devices/name", form: [("name", "<b>Ana</b>")])
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Saved: rooms will call you &lt;b&gt;Ana&lt;/b&gt;."))
            #expect(
                saved.text.contains(
                    #"id="display-name" name="name" maxlength="80" autocomplete="nickname" value="&lt;b&gt;Ana&lt;/b&gt;""#
                ))
            #expect(!saved.text.contains("<b>Ana"))

            let refused = try await ana.post(
                "/devices/name", form: [("name", String(repeating: "é", count: 41))])
            #expect(refused.status == .badRequest)
            try RoomFormTests.expectSentBack(
                refused.text, field: "display-name", holding: String(repeating: "é", count: 41),
                message: "A name can be up to 40 characters long.")
            #expect(try await session.store.displayName(of: ana.player)?.text == "<b>Ana</b>")
        }
    }

    /// The first name a player gives in a room is their name; the forms of later rooms start with
    /// it, and a room made over the API without a name uses it.
    @Test func roomsStartWithThePlayersName() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            #expect(
                !(try await bo.get("/rooms/new?game=set").text.contains(#"autocomplete="nickname" value="#)))
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana"}"#)
            try await bo.join(room, as: "Bo & Co")
            #expect(try await session.store.displayName(of: bo.player)?.text == "Bo & Co")

            let newRoom = try await bo.get("/rooms/new?game=set").text
            #expect(newRoom.contains(#"autocomplete="nickname" value="Bo &amp; Co">"#))
            let another = try await ana.createRoom(#"{"game": "set"}"#)
            #expect(try await ana.snapshot(another).view?.members.first?.name == "Ana")
            let joinForm = try await bo.get(another.pageURL).text
            #expect(joinForm.contains(#"autocomplete="nickname" value="Bo &amp; Co">"#))

            // A player with no name who makes a room without one is its Host, and stays nameless.
            let carl = try await session.newPlayer()
            let carls = try await carl.createRoom(#"{"game": "set"}"#)
            #expect(try await carl.snapshot(carls).view?.members.first?.name == "Host")
            #expect(try await session.store.displayName(of: carl.player) == nil)
        }
    }
}
