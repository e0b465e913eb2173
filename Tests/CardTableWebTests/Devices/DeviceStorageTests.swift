import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Devices and their codes in the database, on SQLite and (with a test cluster) on PostgreSQL: codes
/// are kept as keyed digests, a link code works once and not after it expires, a new code voids
/// the old of its kind, a forgotten device stays refused, and a merged player's devices follow.
@Suite struct DeviceStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let secret = ServerSecret.random()
    let name = DeviceName(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1")

    func typed(_ text: String) throws -> DeviceCode { try #require(DeviceCode(text)) }

    @Test(arguments: TestStores.available)
    func aLinkCodeIsStoredAsADigestAndWorksOnceBeforeItExpires(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone, laptop) = (PlayerID.random(), DeviceID.random(), DeviceID.random())
            let code = try typed("ABCD-EFGH")
            try await database.storeDeviceCode(
                code, expiresAt: now + 600, for: ana, on: phone, named: name, at: now, secret: secret)
            // The row holds the keyed digest, and the code nowhere (G and H are no hex digits).
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM device_code WHERE digest = '\(code.digest(keyedBy: secret))'") == 1)
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM device_code WHERE upper(digest || selector) LIKE '%ABCDEFGH%'") == 0
            )
            #expect(try await database.deviceSession(phone, at: now) == .player(ana))

            let wrong = try typed("ABCD-EFGJ")
            let visitor = PlayerID.random()
            #expect(
                try await database.linkDevice(
                    laptop, named: name, of: visitor, with: wrong, at: now, secret: secret)
                    == nil)
            let link = try await database.linkDevice(
                laptop, named: name, of: visitor, with: code, at: now + 60, secret: secret)
            #expect(link == DeviceLink(player: ana, merge: .nothing))
            #expect(try await database.deviceSession(laptop, at: now) == .player(ana))
            #expect(
                try await database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: code, at: now + 61,
                    secret: secret)
                    == nil)

            let late = try typed("WXYZ-2345")
            try await database.storeDeviceCode(
                late, expiresAt: now + 600, for: ana, on: phone, named: name, at: now, secret: secret)
            #expect(
                try await database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: late, at: now + 600,
                    secret: secret)
                    == nil)
        }
    }

    @Test(arguments: TestStores.available)
    func aNewRecoveryCodeVoidsTheOldOne(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone) = (PlayerID.random(), DeviceID.random())
            var random = SystemRandomNumberGenerator()
            let (first, second) = (
                DeviceCode.newRecoveryCode(using: &random), DeviceCode.newRecoveryCode(using: &random)
            )
            try await database.storeDeviceCode(
                first, expiresAt: nil, for: ana, on: phone, named: name, at: now, secret: secret)
            for _ in 1...2 {
                let link = try await database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: first,
                    at: now + 86_400 * 365,
                    secret: secret)
                #expect(link?.player == ana)
            }
            try await database.storeDeviceCode(
                second, expiresAt: nil, for: ana, on: phone, named: name, at: now, secret: secret)
            #expect(
                try await database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: first, at: now,
                    secret: secret) == nil)
            #expect(
                try await database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: second, at: now,
                    secret: secret)?
                    .player == ana)
        }
    }

    @Test(arguments: TestStores.available)
    func aForgottenDeviceStaysForgottenAndIsNotListed(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone, laptop) = (PlayerID.random(), DeviceID.random(), DeviceID.random())
            try await PlayerMergeTests.finishSetGame(for: ana, in: database, at: now)
            _ = try await database.devices(of: ana, recording: phone, named: name, at: now)
            let listed = try await database.devices(of: ana, recording: laptop, named: name, at: now + 60)
            #expect(listed.map(\.id) == [laptop, phone])
            #expect(listed.first?.name == "Safari on iPhone")

            #expect(try await database.forgetDevice(phone, of: PlayerID.random(), at: now) == false)
            #expect(try await database.forgetDevice(phone, of: ana, at: now + 120))
            #expect(try await database.forgetDevice(phone, of: ana, at: now + 180) == false)
            #expect(try await database.deviceSession(phone, at: now) == .forgotten)
            // Seen again (a request that raced the forgetting), it stays forgotten.
            try await database.noteVisit(of: ana, on: phone, named: name, at: now + 86_400 * 2)
            #expect(try await database.deviceSession(phone, at: now) == .forgotten)
            #expect(
                try await database.devices(of: ana, recording: laptop, named: name, at: now).map(\.id) == [
                    laptop
                ])
            #expect(try await database.deviceSession(DeviceID.random(), at: now) == .unrecorded)
        }
    }

    /// A phone taken and then forgotten cannot come back through a code it made beforehand.
    @Test(arguments: TestStores.available)
    func forgettingADeviceVoidsTheCodesItMade(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone, laptop) = (PlayerID.random(), DeviceID.random(), DeviceID.random())
            var random = SystemRandomNumberGenerator()
            let (link, recovery) = (
                DeviceCode.newLinkCode(using: &random), DeviceCode.newRecoveryCode(using: &random)
            )
            for code in [link, recovery] {
                try await database.storeDeviceCode(
                    code, expiresAt: code.kind == .link ? now + 600 : nil, for: ana, on: phone, named: name,
                    at: now,
                    secret: secret)
            }
            _ = try await database.devices(of: ana, recording: laptop, named: name, at: now)
            #expect(try await database.forgetDevice(phone, of: ana, at: now + 1))
            for code in [link, recovery] {
                #expect(
                    try await database.linkDevice(
                        DeviceID.random(), named: name, of: PlayerID.random(), with: code, at: now + 2,
                        secret: secret)
                        == nil)
            }
            // Nor can it make new ones, or link, should a request of its still be on the way.
            var another = SystemRandomNumberGenerator()
            await #expect(throws: DeviceRefusal.forgotten) {
                try await database.storeDeviceCode(
                    DeviceCode.newLinkCode(using: &another), expiresAt: now + 600, for: ana, on: phone,
                    named: name,
                    at: now + 3, secret: secret)
            }
            try await database.storeDeviceCode(
                link, expiresAt: now + 600, for: ana, on: laptop, named: name, at: now + 4, secret: secret)
            await #expect(throws: DeviceRefusal.forgotten) {
                try await database.linkDevice(
                    phone, named: name, of: ana, with: link, at: now + 5, secret: secret)
            }
        }
    }

    /// A read that began before a forget must not bring the device back in the memory.
    @Test func aDeviceRememberedAsForgottenStaysForgotten() async throws {
        let sessions = DeviceSessions(database: try SQLiteDatabase(.inMemory))
        let (phone, ana) = (DeviceID.random(), PlayerID.random())
        sessions.remember(.player(ana), for: phone, at: now)
        #expect(try await sessions.session(of: phone, at: now + 1) == .player(ana))
        sessions.remember(.forgotten, for: phone, at: now + 2)
        sessions.remember(.player(ana), for: phone, at: now + 3)
        #expect(try await sessions.session(of: phone, at: now + 4) == .forgotten)
    }

    /// Two browsers typing one link code at the same moment: one of them links.
    @Test(arguments: TestStores.available)
    func aLinkCodeTypedTwiceAtOnceLinksOnce(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let ana = PlayerID.random()
            let code = try typed("ABCD-EFGH")
            try await instances[0].database.storeDeviceCode(
                code, expiresAt: now + 600, for: ana, on: DeviceID.random(), named: name, at: now,
                secret: secret)
            for _ in 1...5 {
                try await instances[0].execute("UPDATE device_code SET used_at = NULL")
                async let first = instances[0].database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: code, at: now, secret: secret
                )
                async let second = instances[1].database.linkDevice(
                    DeviceID.random(), named: name, of: PlayerID.random(), with: code, at: now, secret: secret
                )
                let links = [try await first, try await second].compactMap { $0 }
                #expect(links.count == 1)
            }
        }
    }

    @Test(arguments: TestStores.available)
    func aMergedPlayersDevicesFollowIt(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, bea) = (PlayerID.random(), PlayerID.random())
            let (anaPhone, beaPhone, beaLaptop) = (DeviceID.random(), DeviceID.random(), DeviceID.random())
            let code = try typed("KMNP-QRST")
            try await database.storeDeviceCode(
                code, expiresAt: now + 600, for: ana, on: anaPhone, named: name, at: now, secret: secret)
            try await PlayerMergeTests.finishSetGame(for: bea, in: database, at: now)
            _ = try await database.devices(of: bea, recording: beaLaptop, named: name, at: now)

            let link = try await database.linkDevice(
                beaPhone, named: name, of: bea, with: code, at: now, secret: secret)
            #expect(link?.player == ana && link?.merge.finishedGames == 1)
            #expect(link?.merge.devices == [beaLaptop])
            #expect(try await database.deviceSession(beaLaptop, at: now) == .player(ana))
            #expect(try await database.deviceSession(beaPhone, at: now) == .player(ana))
            #expect(
                Set(try await database.devices(of: ana, recording: anaPhone, named: name, at: now).map(\.id))
                    == [anaPhone, beaPhone, beaLaptop])
        }
    }
}
