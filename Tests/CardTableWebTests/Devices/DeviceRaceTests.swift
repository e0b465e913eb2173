import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// Issue 47: a device being signed out can change nothing, on any instance. Two CardTable
/// instances on one PostgreSQL database (each with its own connections) race: forgetting a
/// device while it links does one of the two, never both; a forgotten device can neither forget
/// another of the player's nor rename the player, though its instance still takes it for the
/// player's. SQLite runs one writer at a time, and needs no such test.
@Suite(.enabled(if: TestStores.available.contains(.postgres)))
struct DeviceRaceTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let secret = ServerSecret.random()
    let name = DeviceName(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1")
    static let rounds = 20

    /// Ana with her phone and her laptop, linked.
    private func anaWithTwoDevices(_ database: any CardTableDatabase) async throws -> (
        ana: PlayerID, phone: DeviceID, laptop: DeviceID
    ) {
        let (ana, phone, laptop) = (PlayerID.random(), DeviceID.random(), DeviceID.random())
        let code = try await linkCode(of: ana, on: phone, in: database)
        let linked = try await database.linkDevice(
            laptop, named: name, of: PlayerID.random(), with: code, at: now, secret: secret)
        #expect(linked?.player == ana)
        return (ana, phone, laptop)
    }

    private func linkCode(of player: PlayerID, on device: DeviceID, in database: any CardTableDatabase)
        async throws -> DeviceCode
    {
        var random = SystemRandomNumberGenerator()
        let code = DeviceCode.newLinkCode(using: &random)
        try await database.storeDeviceCode(
            code, expiresAt: now + 600, for: player, on: device, named: name, at: now, secret: secret)
        return code
    }

    @Test func forgettingADeviceWhileItLinksDoesOneOfTheTwo() async throws {
        try await TestStores.withInstances(.postgres, count: 2) { instances in
            let (first, second) = (instances[0].database, instances[1].database)
            var (forgot, linked) = (0, 0)
            for _ in 0..<Self.rounds {
                let (ana, phone, laptop) = try await anaWithTwoDevices(first)
                let bea = PlayerID.random()
                let beasCode = try await linkCode(of: bea, on: DeviceID.random(), in: first)
                // The phone forgets the laptop on one instance as the laptop links to Bea on the other.
                async let forgetting = outcome {
                    try await first.forgetDevice(laptop, of: ana, by: phone, at: now + 1)
                }
                async let linking = outcome {
                    try await second.linkDevice(
                        laptop, named: name, of: ana, with: beasCode, at: now + 1, secret: secret)
                }
                let (forgotten, link) = (await forgetting, await linking)
                let didForget = (try? forgotten.get()) == true
                let didLink = ((try? link.get()) ?? nil) != nil
                #expect(didForget != didLink, "forgot: \(forgotten), linked: \(link)")
                if didForget {
                    forgot += 1
                    #expect(try await first.deviceSession(phone, at: now + 2) == .player(ana))
                    #expect(try await first.deviceSession(laptop, at: now + 2) == .forgotten)
                } else if didLink {
                    // Linking takes the laptop's player along, her phone too (docs/API.md).
                    linked += 1
                    #expect(try await first.deviceSession(laptop, at: now + 2) == .player(bea))
                }
            }
            // NB: which one wins is up to the race; each round had exactly one.
            #expect(forgot + linked == Self.rounds)
        }
    }

    @Test func aForgottenDeviceCanNeitherForgetAnotherNorRenameThePlayer() async throws {
        try await TestStores.withInstances(.postgres, count: 2) { instances in
            let (first, second) = (instances[0].database, instances[1].database)
            for _ in 0..<Self.rounds {
                let (ana, phone, laptop) = try await anaWithTwoDevices(first)
                #expect(try await first.forgetDevice(laptop, of: ana, by: phone, at: now + 1))
                // The second instance still remembers the laptop as Ana's: the database says no.
                await #expect(throws: AppError.self) {
                    try await second.forgetDevice(phone, of: ana, by: laptop, at: now + 2)
                }
                await #expect(throws: AppError.self) {
                    try await second.setDisplayName(
                        try DisplayName(typed: "Mallory"), of: ana, by: laptop, at: now + 2)
                }
                await #expect(throws: AppError.self) {
                    _ = try await linkCode(of: ana, on: laptop, in: second)
                }
                #expect(try await first.deviceSession(phone, at: now + 3) == .player(ana))
                #expect(try await first.displayName(of: ana) == nil)
            }
        }
    }

    @Test func forgettingEachOtherAtOnceSignsOutOneAndNeverWaitsForever() async throws {
        try await TestStores.withInstances(.postgres, count: 2) { instances in
            let (first, second) = (instances[0].database, instances[1].database)
            for _ in 0..<Self.rounds {
                let (ana, phone, laptop) = try await anaWithTwoDevices(first)
                async let phoneForgets = outcome {
                    try await first.forgetDevice(laptop, of: ana, by: phone, at: now + 1)
                }
                async let laptopForgets = outcome {
                    try await second.forgetDevice(phone, of: ana, by: laptop, at: now + 1)
                }
                let outcomes = [await phoneForgets, await laptopForgets]
                #expect(outcomes.filter { (try? $0.get()) == true }.count == 1, "\(outcomes)")
            }
        }
    }

    /// What `body` answers or throws.
    private func outcome<Value: Sendable>(_ body: @Sendable () async throws -> Value) async -> Result<
        Value, any Error
    > {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
