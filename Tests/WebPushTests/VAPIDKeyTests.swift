import Crypto
import Foundation
import PushTestSupport
import Testing

@testable import WebPush

/// The server's VAPID key: its public key as browsers take it, and a token a push service can
/// check (ES256 over the endpoint's origin, an expiry and a contact), signed by that key alone.
@Suite struct VAPIDKeyTests {
    let expiry = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func thePublicKeyIsTheUncompressedPointInBase64URL() throws {
        let key = VAPIDKey()
        let point = try #require(Base64URL.decode(key.publicKey))
        #expect(point.count == 65 && point.first == 0x04)
        #expect(!key.publicKey.contains("=") && !key.publicKey.contains("+") && !key.publicKey.contains("/"))
        // Kept and read back, it is the same key.
        let kept = try #require(VAPIDKey(rawRepresentation: key.rawRepresentation))
        #expect(kept.publicKey == key.publicKey)
        #expect(VAPIDKey(rawRepresentation: Data(count: 31)) == nil)
    }

    @Test func theTokenNamesTheOriginAndIsSignedByTheKey() throws {
        let key = VAPIDKey()
        let endpoint = try #require(URL(string: "https://push.example.net:8443/send/abc?x=1"))
        let header = try key.authorization(
            for: endpoint, contact: "mailto:admin@example.org", expiresAt: expiry)
        let claims = try PushReceiver.claims(ofAuthorization: header, signedBy: key.publicKey)
        #expect(claims["aud"] as? String == "https://push.example.net:8443")
        #expect(claims["exp"] as? Int == 1_800_000_000)
        #expect(claims["sub"] as? String == "mailto:admin@example.org")
        // Another server's key does not check it.
        #expect(throws: PushReceiver.Unreadable.self) {
            try PushReceiver.claims(ofAuthorization: header, signedBy: VAPIDKey().publicKey)
        }
    }

    /// The audience is the push service's origin as RFC 6454 writes it: an IPv6 address in
    /// brackets, a default port left out, in lower case.
    @Test(arguments: [
        ("http://[::1]:8080/push/1", "http://[::1]:8080"),
        ("https://Push.Example.NET:443/send", "https://push.example.net"),
        ("https://[2001:db8::1]/send", "https://[2001:db8::1]"),
        ("http://127.0.0.1:80/x", "http://127.0.0.1"),
    ])
    func theAudienceIsTheEndpointsOrigin(endpoint: String, origin: String) throws {
        let key = VAPIDKey()
        let header = try key.authorization(
            for: try #require(URL(string: endpoint)), contact: "mailto:admin@example.org", expiresAt: expiry)
        let claims = try PushReceiver.claims(ofAuthorization: header, signedBy: key.publicKey)
        #expect(claims["aud"] as? String == origin)
    }

    @Test func aTokenWhoseClaimsWereChangedFailsItsSignature() throws {
        let key = VAPIDKey()
        let header = try key.authorization(
            for: try #require(URL(string: "https://push.example.net/a")), contact: "mailto:a@b.c",
            expiresAt: expiry)
        let token = try #require(header.firstMatch(of: /t=([^,]+)/)).1
        let parts = token.split(separator: ".")
        let forged = Base64URL.encode(
            Data(#"{"aud":"https://evil.example","exp":1800000000,"sub":"mailto:a@b.c"}"#.utf8))
        let changed = header.replacingOccurrences(of: String(parts[1]), with: forged)
        #expect(throws: PushReceiver.Unreadable.self) {
            try PushReceiver.claims(ofAuthorization: changed, signedBy: key.publicKey)
        }
    }

    @Test func base64URLReadsWhatItWritesAndRefusesPlainBase64() {
        for length in 0...40 {
            let bytes = Data((0..<length).map { UInt8(($0 * 37 + 251) % 256) })
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("-_8") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("AAE=") == Data([0, 1]))
        #expect(Base64URL.decode("AA=") == nil)
    }
}
