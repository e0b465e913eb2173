import Foundation
import HTTPTypes
import HummingbirdTesting
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableWeb

/// Linking devices over HTTP: a link code makes another browser the same player (its own games
/// merged in), a recovery code does it at any time, and a forgotten device is a new visitor.
@Suite struct DevicesHTTPTests {
    struct CreatedCode: Decodable {
        let code: String
        let expiresAt: String
    }

    struct Linked: Decodable {
        struct Counts: Decodable {
            let finishedGames: Int
            let dailySolves: Int
        }
        struct Merged: Decodable {
            let finishedGames: Int
            let dailySolves: Int
            let themes: Int
        }
        let player: Counts
        let merged: Merged
    }

    struct Devices: Decodable {
        struct Device: Decodable {
            let id: String
            let name: String
            let firstSeenAt: String
            /// Null for a device that never linked.
            let linkedAt: String?
            let lastSeenAt: String
            let isThisDevice: Bool
        }
        let devices: [Device]
    }

    static func newCode(_ browser: Browser) async throws -> CreatedCode {
        let response = try await browser.post("/devices/codes", json: true)
        #expect(response.status == .created)
        return try JSONDecoder().decode(CreatedCode.self, from: Data(buffer: response.body))
    }

    static func link(_ browser: Browser, code: String) async throws -> TestResponse {
        try await browser.postJSON("/devices/link", body: #"{"code": "\#(code)"}"#)
    }

    @Test func aLinkedBrowserIsTheSamePlayerWithItsOwnGamesAdded() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            _ = try await StatsHTTPTests.finishSetGame(ana)
            let created = try await Self.newCode(ana)
            #expect(created.code.count == 9 && created.code.dropFirst(4).first == "-")
            #expect(created.expiresAt.hasSuffix("Z"))

            // Ana's laptop played two games of its own before it was linked.
            let laptop = try await session.newPlayer()
            _ = try await StatsHTTPTests.finishSetGame(laptop)
            _ = try await StatsHTTPTests.finishSetGame(laptop)
            // Typed in small letters with a space, as a player might.
            let typed = created.code.lowercased().replacing("-", with: " ")
            let response = try await Self.link(laptop, code: typed)
            #expect(response.status == .ok)
            let linked = try JSONDecoder().decode(Linked.self, from: Data(buffer: response.body))
            #expect(linked.player.finishedGames == 3 && linked.merged.finishedGames == 2)
            let linkedLaptop = try laptop.adopting(response)
            #expect(linkedLaptop.player == ana.player)
            #expect(try await session.store.finishedGames(of: ana.player).count == 3)
            #expect(try await session.store.finishedGames(of: laptop.player).isEmpty)

            // Both devices are listed, each knowing which one it is.
            let listed = try await linkedLaptop.get("/devices", json: true)
            let devices = try JSONDecoder().decode(Devices.self, from: Data(buffer: listed.body)).devices
            #expect(devices.count == 2)
            #expect(devices.filter(\.isThisDevice).count == 1)
            #expect(devices.first { $0.isThisDevice }?.linkedAt != nil)
            #expect(devices.first { !$0.isThisDevice }?.linkedAt == nil)
            let anaSees = try JSONDecoder().decode(
                Devices.self, from: Data(buffer: try await ana.get("/devices", json: true).body)
            ).devices
            #expect(Set(anaSees.map(\.id)) == Set(devices.map(\.id)))
            #expect(anaSees.first { $0.isThisDevice }?.id != devices.first { $0.isThisDevice }?.id)

            // A link code works once.
            let third = try await session.newPlayer()
            #expect(try await Self.link(third, code: created.code).status == .notFound)
        }
    }

    /// Issue 47: a link that would leave the player more themes than one player keeps is refused
    /// (409, saying how many to delete); nothing moves and the code still works.
    @Test func aLinkOverTheThemeCapIsRefusedAndTheCodeKeepsWorking() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            let code = try await Self.newCode(ana).code
            let laptop = try await session.newPlayer()
            let own = Theme.builtIn.count
            for _ in own..<ThemeList.maximumCount {
                _ = try await session.store.addTheme(ThemeStorageTests.sample, for: laptop.player, at: Date())
            }
            _ = try await session.store.addTheme(ThemeStorageTests.sample, for: ana.player, at: Date())

            let refused = try await Self.link(laptop, code: code)
            #expect(refused.status == .conflict)
            let message = try refused.decode(ErrorJSON.self).error.message
            #expect(message.contains("delete 1 on either device, then link again"), "\(message)")
            #expect(try await session.store.themes(of: laptop.player).count == ThemeList.maximumCount)

            let sample = try #require(try await session.store.themes(of: laptop.player).last)
            #expect(try await laptop.post("/themes/\(sample.id)/delete").status == .seeOther)
            #expect(try await Self.link(laptop, code: code).status == .ok)
            #expect(try await session.store.themes(of: ana.player).count == ThemeList.maximumCount)
        }
    }

    /// Issue 47: a browser that links brings its rooms along: the one it hosts mid-game (its seat
    /// and score), the one it waits in, and its listing; its old self answers for nothing.
    @Test func aLinkingBrowsersRoomsAndSeatsComeAlong() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            let code = try await Self.newCode(ana).code
            let laptop = try await session.newPlayer()
            let bea = try await session.newPlayer()
            let hosted = try await laptop.createRoom(#"{"game": "set", "name": "Lap"}"#)
            try await bea.join(hosted, as: "Bea")
            #expect(try await laptop.postJSON(hosted.startURL, body: "{}").status == .ok)
            let waiting = try await bea.createRoom(#"{"game": "set", "name": "Bea"}"#)
            try await laptop.join(waiting, as: "Lap")
            let listed = try await laptop.createRoom(#"{"game": "set", "name": "Lap"}"#)
            let listing = #"{"open": true}"#
            #expect(try await laptop.postJSON("/rooms/\(listed.code)/open", body: listing).status == .ok)

            let response = try await Self.link(laptop, code: code)
            #expect(response.status == .ok)
            let linked = try laptop.adopting(response)
            let playing = try await linked.snapshot(hosted)
            #expect(playing.you == 1)
            #expect(playing.view?.members.first?.seat == 0)
            #expect(try await ana.snapshot(hosted).you == 1)
            #expect(try await linked.snapshot(waiting).you == 2)
            #expect(try await bea.snapshot(hosted).you == 2)
            // The listed room is the player's to unlist, and a room of the player's starts.
            let unlisting = #"{"open": false}"#
            #expect(try await ana.postJSON("/rooms/\(listed.code)/open", body: unlisting).status == .ok)
            #expect(try await ana.postJSON(listed.startURL, body: "{}").status == .ok)
            let hostedCode = try #require(RoomCode(hosted.code))
            let stored = try #require(try await session.store.room(hostedCode, with: .none)).stored
            #expect(stored.room.member(for: laptop.player) == nil)
        }
    }

    @Test func aForgottenDeviceIsANewVisitor() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            _ = try await StatsHTTPTests.finishSetGame(ana)
            let phone = try (try await session.newPlayer()).adopting(
                try await Self.link(try await session.newPlayer(), code: try await Self.newCode(ana).code))
            #expect(phone.player == ana.player)
            let devices = try JSONDecoder().decode(
                Devices.self, from: Data(buffer: try await ana.get("/devices", json: true).body)
            ).devices
            let phoneDevice = try #require(devices.first { !$0.isThisDevice })

            let forgotten = try await ana.post("/devices/\(phoneDevice.id)/forget", json: true)
            #expect(forgotten.status == .noContent)
            // The phone's signed cookie now names nobody: it is welcomed as someone new.
            let next = try await phone.get("/", json: false)
            let newcomer = try #require(next.headers[.setCookie].flatMap { PlayerID(cookie: $0) })
            #expect(newcomer != ana.player)
            #expect(try await ana.post("/devices/\(phoneDevice.id)/forget", json: true).status == .notFound)

            // Forgetting this device answers with a new visitor's cookie at once.
            let own = try #require(devices.first { $0.isThisDevice })
            let signedOut = try await ana.post("/devices/\(own.id)/forget")
            #expect(signedOut.status == .seeOther)
            #expect(
                try #require(signedOut.headers[.setCookie].flatMap { PlayerID(cookie: $0) }) != ana.player)
            #expect(try await ana.get("/").headers[.setCookie].flatMap { PlayerID(cookie: $0) } != ana.player)
            // Ana's history stays, for her other devices.
            #expect(try await session.store.finishedGames(of: ana.player).count == 1)
        }
    }

    @Test func aRecoveryCodeLinksAnyTimeUntilANewOneIsMade() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            let first = try await ana.post("/devices/recovery-code", json: true)
            #expect(first.status == .created)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: first.body)) as? [String: String]
            let recovery = try #require(object?["recoveryCode"])
            #expect(recovery.count == 24 + 5)
            for _ in 1...2 {
                let browser = try await session.newPlayer()
                let response = try await Self.link(browser, code: recovery)
                #expect(response.status == .ok)
                #expect(try browser.adopting(response).player == ana.player)
            }
            _ = try await ana.post("/devices/recovery-code", json: true)
            #expect(try await Self.link(try await session.newPlayer(), code: recovery).status == .notFound)
        }
    }

    @Test func aLinkCodeExpiresAfterTenMinutes() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let ana = try await session.newPlayer()
            let code = try await Self.newCode(ana).code
            clock.advance(by: 10 * 60)
            #expect(try await Self.link(try await session.newPlayer(), code: code).status == .notFound)
        }
    }

    @Test func guessingIsSlowedByPrefixAndByAddress() async throws {
        try await withTestApp(clock: .manual) { session in
            let guesser = try await session.newPlayer()
            let malformed = try await Self.link(guesser, code: "hello")
            #expect(malformed.status == .badRequest)
            #expect(String(buffer: malformed.body).contains("code must be"))
            // Five wrong codes that start alike, then that start waits.
            for suffix in ["2222", "3333", "4444", "5555", "7777"] {
                #expect(try await Self.link(guesser, code: "ABCD-\(suffix)").status == .notFound)
            }
            let slowed = try await Self.link(guesser, code: "ABCD-6666")
            #expect(slowed.status == .tooManyRequests)
            #expect(slowed.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
            // Other codes from the address may still be tried, until it has failed ten times (the
            // malformed one counts).
            for prefix in ["BCDE", "CDEF", "DEFG", "EFGH"] {
                #expect(try await Self.link(guesser, code: "\(prefix)-2222").status == .notFound)
            }
            #expect(try await Self.link(guesser, code: "FGHJ-2222").status == .tooManyRequests)
        }
    }

    /// Linking is a state change: another site's page cannot make a visitor's browser link to
    /// the other site's player, nor make or void codes.
    @Test func anotherSitesPageCannotLinkOrMakeCodes() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let code = try await Self.newCode(ana).code
            let visitor = try await session.newPlayer()
            let elsewhere: HTTPFields = [.origin: "https://elsewhere.example"]
            let forged = try await visitor.post(
                "/devices/link", form: [("code", code)], extraHeaders: elsewhere)
            #expect(forged.status == .forbidden)
            #expect(try await ana.post("/devices/codes", extraHeaders: elsewhere).status == .forbidden)
            #expect(
                try await ana.post("/devices/recovery-code", extraHeaders: elsewhere).status == .forbidden)
            // The code is still good for Ana's own other device.
            #expect(try await Self.link(try await session.newPlayer(), code: code).status == .ok)
        }
    }

    @Test func aRefusedCodeIsSentBackToABrowserBesideTheField() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post("/devices/link", form: [("code", "<b>0000</b>")])
            #expect(response.status == .badRequest)
            let page = String(buffer: response.body)
            #expect(page.contains(#"aria-invalid="true""#))
            #expect(page.contains("value=\"&lt;b&gt;0000&lt;/b&gt;\""))
            #expect(page.contains(#"id="device-code-messages""#))
        }
    }

    /// A browser is shown the code with a QR code of the devices page with the code typed in,
    /// which the other device still sends itself.
    @Test func aLinkCodesQRCodeOpensThePageWithTheCodeTypedIn() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let page = String(buffer: try await ana.post("/devices/codes").body)
            let code = try #require(
                page.firstMatch(of: /data-devices-link-code>([2-9A-Z]{4}-[2-9A-Z]{4})</)?.output.1)
            #expect(page.contains("<svg") && page.contains(#"aria-label="QR code that opens CardTable"#))
            let other = try await session.newPlayer()
            let opened = String(buffer: try await other.get("/devices?code=\(code.lowercased())").body)
            #expect(opened.contains(#"value="\#(code)" autofocus"#))
            // A recovery code is never typed in from an address.
            let recovery = "ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2"
            let withRecovery = String(buffer: try await other.get("/devices?code=\(recovery)").body)
            #expect(!withRecovery.contains(recovery))
            // Opening it links nothing: the player sends the form.
            let anas = try JSONDecoder().decode(
                Devices.self, from: Data(buffer: try await ana.get("/devices", json: true).body))
            #expect(anas.devices.count == 1)
        }
    }

    @Test func aCookieFromBeforeDevicesIsAnsweredWithOneOfTheNewForm() async throws {
        try await withTestApp { session in
            let secret = session.secret
            let player = PlayerID.random()
            let old = "cardtable_player=" + PlayerCookie.valueBeforeDevices(for: player, secret: secret)
            var devices: Set<String> = []
            for _ in 1...2 {
                let response = try await session.client.execute(
                    uri: "/", method: .get, headers: [.cookie: old])
                let value = try #require(response.headers[.setCookie]?.split(separator: ";").first)
                let holder = try #require(
                    PlayerCookie.holder(
                        signedIn: String(value.dropFirst("cardtable_player=".count)), secret: secret))
                #expect(holder.player == player)
                devices.insert(holder.device.rawValue)
            }
            #expect(devices.count == 1, "every request of that browser names the same device")
        }
    }
}

extension Browser {
    /// This browser after `response` set its cookie (a link), or as it was.
    func adopting(_ response: TestResponse) throws -> Browser {
        guard let setCookie = response.headers[.setCookie], let pair = setCookie.split(separator: ";").first,
            let player = PlayerID(cookie: pair)
        else { return self }
        return Browser(client: client, cookie: String(pair), player: player)
    }
}
