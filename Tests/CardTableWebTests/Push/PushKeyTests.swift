import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableWeb
@testable import WebPush

/// The VAPID key: made once beside the cookie secret, readable by its owner only, the same after a
/// restart and for every instance sharing the secret's file, and given out by `GET /push/key`.
@Suite struct PushKeyTests {
    @Test func theKeyIsMadeBesideTheSecretAndKept() async throws {
        try await withTemporaryDatabase { path in
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let first = try ServerSecret(for: .file(path: path))
            let file = path + ".vapid"
            #expect(
                ServerSecret.pushKeyPath(besideSecretAt: ServerSecret.path(besideDatabaseAt: path)) == file)
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try ServerSecret(for: .file(path: path)).pushKey.publicKey == first.pushKey.publicKey)
            #expect(try ServerSecret(file: path + ".secret").pushKey.publicKey == first.pushKey.publicKey)
            #expect(ServerSecret.random().pushKey.publicKey != first.pushKey.publicKey)
            // A file that holds no key stops the server with a message naming it.
            try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: file))
            #expect(throws: ServerSecretError.self) { try ServerSecret(for: .file(path: path)) }
            do {
                _ = try ServerSecret(for: .file(path: path))
            } catch {
                #expect("\(error)".hasPrefix("The push key at \(file) cannot be read"))
            }
        }
    }

    @Test func aSecretFileNotEndingInSecretGetsTheKeyBesideIt() {
        #expect(
            ServerSecret.pushKeyPath(besideSecretAt: "/etc/cardtable/secret") == "/etc/cardtable/secret.vapid"
        )
        #expect(ServerSecret.pushKeyPath(besideSecretAt: "/srv/site.secret") == "/srv/site.vapid")
    }

    @Test func theKeyIsGivenOut() async throws {
        try await withTestApp { session in
            let answer = try await session.newPlayer().get("/push/key", json: true)
            #expect(answer.status == .ok)
            let key = try answer.decode([String: String].self)["publicKey"]
            #expect(key == session.secret.pushKey.publicKey)
            #expect(Base64URL.decode(key ?? "")?.count == 65)
        }
    }
}
