import Foundation
import Testing

/// A JSON number that no whole number can be (a fraction, one too large for 64 bits) is a 400 that
/// names its field, as every other wrong value is. Foundation's decoder calls such a body "not
/// valid JSON" and names no field; schemathesis found the vague answer with `"numberOfPairs":
/// 67332852778563715072`.
@Suite struct JSONNumberFieldTests {
    @Test(arguments: [
        (
            "/themes",
            #"{"name": "Frogs", "emojis": ["🐸", "🦄"], "numberOfPairs": 67332852778563715072, "color": "red"}"#,
            "numberOfPairs must be a whole number."
        ),
        (
            "/set/deal", #"{"player": "one", "version": 2.5}"#,
            "version must be the page's move count, a whole number."
        ),
        ("/set/daily/2026-01-01/claim", #"{"cards": [1, 2, 3.5]}"#, "cards must be three card numbers"),
        // A field the request does not read is not named before one it reads.
        ("/set/deal", #"{"a": 0.5, "player": "one", "version": 2.5}"#, "version must be"),
    ])
    func aNumberNoWholeNumberFitsIsRefusedNamingItsField(path: String, body: String, message: String)
        async throws
    {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.postJSON(path, body: body)
            #expect(response.status == .badRequest)
            #expect(response.text.contains(message), "\(response.text)")
        }
    }

    @Test func aBrokenBodyIsStillCalledBroken() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.postJSON("/set/deal", body: #"{"player": "one""#)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("The body is not well-formed JSON."))
        }
    }
}
