import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// The server secret is made once, beside the database, readable by its owner only, and kept
/// across restarts, so every cookie stays valid.
@Suite struct ServerSecretTests {
    @Test func theSecretIsMadeBesideTheDatabaseAndKept() async throws {
        try await withTemporaryDatabase { path in
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let first = try ServerSecret(for: .file(path: path))
            let file = ServerSecret.path(besideDatabaseAt: path)
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let again = try ServerSecret(for: .file(path: path))
            let (player, device) = (PlayerID.random(), DeviceID.random())
            let cookie = PlayerCookie.value(for: player, on: device, secret: first)
            #expect(
                PlayerCookie.holder(signedIn: cookie, secret: again) == .init(player: player, device: device))
            #expect(PlayerCookie.holder(signedIn: cookie, secret: .random()) == nil)
        }
    }

    /// The player middleware remembers only cookie values of this length, so it must be every
    /// signed value's.
    @Test func everySignedCookieValueHasTheSignedLength() throws {
        let secret = try ServerSecret(for: .inMemory)
        for _ in 1...200 {
            let (player, device) = (PlayerID.random(), DeviceID.random())
            let value = PlayerCookie.value(for: player, on: device, secret: secret)
            #expect(value.utf8.count == PlayerCookie.signedValueLength)
            #expect(
                PlayerCookie.holder(signedIn: value, secret: secret) == .init(player: player, device: device))
            let before = PlayerCookie.valueBeforeDevices(for: player, secret: secret)
            #expect(before.utf8.count == PlayerCookie.signedPlayerValueLength)
            #expect(PlayerCookie.holder(signedIn: before, secret: secret)?.player == player)
        }
    }

    /// Base64 spells the same bytes in other ways (the last character's two unused bits); only
    /// the spelling the server wrote is accepted.
    @Test func aSignatureIsAcceptedInItsOwnSpellingOnly() throws {
        let secret = try ServerSecret(for: .inMemory)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in 1...50 {
            let value = PlayerCookie.value(for: PlayerID.random(), on: DeviceID.random(), secret: secret)
            let lastCharacter = try #require(value.last)
            let last = try #require(alphabet.firstIndex(of: lastCharacter))
            #expect(last % 4 == 0, "the server writes the unused bits as zeros")
            for spare in 1...3 {
                let respelled = String(value.dropLast()) + String(alphabet[last + spare])
                #expect(PlayerCookie.holder(signedIn: respelled, secret: secret) == nil, "\(respelled)")
            }
        }
    }

    @Test func aSecretFileThatHoldsNoSecretStopsTheServerWithAMessage() async throws {
        try await withTemporaryDatabase { path in
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "not a secret".write(
                toFile: ServerSecret.path(besideDatabaseAt: path), atomically: true, encoding: .utf8)
            #expect {
                _ = try ServerSecret(for: .file(path: path))
            } throws: { error in
                "\(error)".contains("cannot be read (it does not hold 64 hex digits)")
            }
        }
    }
}
