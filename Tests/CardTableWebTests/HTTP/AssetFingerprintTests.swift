import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// A static file's address carries a hash of its bytes: the same bytes, the same address.
@Suite struct AssetFingerprintTests {
    @Test func theFingerprintIsTheStartOfTheSHA256() {
        // SHA-256 of "abc" is ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.
        #expect(AssetFingerprint(of: Array("abc".utf8)).description == "ba7816bf8f")
        #expect(AssetFingerprint(of: Array("abc".utf8)).address(of: "set.js") == "set.ba7816bf8f.js")
    }

    @Test(arguments: ["", "a", "body { color: red; }", String(repeating: "x", count: 5000)])
    func itChangesExactlyWhenTheBytesDo(text: String) {
        let bytes = Array(text.utf8)
        #expect(AssetFingerprint(of: bytes) == AssetFingerprint(of: Array(text.utf8)))
        #expect(AssetFingerprint(of: bytes + [0x20]) != AssetFingerprint(of: bytes))
        if let last = bytes.last {
            #expect(AssetFingerprint(of: bytes.dropLast() + [last ^ 1]) != AssetFingerprint(of: bytes))
        }
    }

    @Test(arguments: [
        ("set.0123456789.js", "set.js"), ("app.ba7816bf8f.css", "app.css"),
        ("set-player.0123456789abcdef.css", "set-player.css"),
    ])
    func aFingerprintedAddressNamesItsPlainFile(address: String, plain: String) {
        #expect(AssetFingerprint.plainName(of: address) == plain)
    }

    @Test(arguments: ["set.js", "set.0123.js", "set.0123456789", ".0123456789.js", "set.ABCDEF0123.js"])
    func otherNamesAreNotFingerprinted(name: String) {
        #expect(AssetFingerprint.plainName(of: name) == nil)
    }
}
