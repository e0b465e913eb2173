import Foundation
import PropertyBased
import SeededRandom
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

@Suite struct DeviceCodeTests {
    /// A recovery code cannot be guessed: at least 100 bits.
    @Test func aRecoveryCodeHoldsAtLeast100Bits() {
        let bits = Double(DeviceCode.recoveryLength) * log2(Double(ReadableCode.alphabet.count))
        #expect(bits >= 100)
        #expect(Double(DeviceCode.linkLength) * log2(Double(ReadableCode.alphabet.count)) < bits)
    }

    @Test(arguments: [
        ("ABCD-EFGH", DeviceCode.Kind.link, "ABCDEFGH"), ("abcd efgh", .link, "ABCDEFGH"),
        (" AbCdEfGh ", .link, "ABCDEFGH"), ("a-b-c-d-2-3-4-5", .link, "ABCD2345"),
        ("WXYZ-2345-6789-ABCD-EFGH-JKMN", .recovery, "WXYZ23456789ABCDEFGHJKMN"),
        ("wxyz 2345 6789 abcd efgh jkmn", .recovery, "WXYZ23456789ABCDEFGHJKMN"),
    ])
    func codesAreReadAsPlayersTypeThem(typed: String, kind: DeviceCode.Kind, code: String) throws {
        let read = try #require(DeviceCode(typed))
        #expect(read.kind == kind)
        #expect(read.rawValue == code)
    }

    @Test(arguments: [
        "", "ABCDEFG", "ABCDEFGHJ", "ABCDEFG0", "ABCDEFGO", "ABCDEFG1", "ABCDEFGI", "ABCDEFGL", "ABCD_EFGH",
        "ABCDEFGHJKMNPQRSTUVWXYZ", "ABCDEFGHJKMNPQRSTUVWXYZ23", "ÄBCDEFGH", "ABCD\nEFGH",
    ])
    func anythingElseIsNotACode(typed: String) {
        #expect(DeviceCode(typed) == nil)
    }

    @Test func codesAreShownInGroupsOfFour() throws {
        #expect(try #require(DeviceCode("abcdefgh")).description == "ABCD-EFGH")
        #expect(
            try #require(DeviceCode("WXYZ23456789ABCDEFGHJKMN")).description
                == "WXYZ-2345-6789-ABCD-EFGH-JKMN")
        #expect(try #require(DeviceCode("ABCD-EFGH")).guessedPrefix == "ABCD")
    }

    /// Every new code reads back from what the player is shown, typed in any case and spacing.
    @Test func newCodesReadBackHoweverTheyAreTyped() async {
        await propertyCheck(input: Gen.int64(in: 0...Int64.max), Gen.bool) { seed, isRecovery in
            var generator = SeededGenerator(seed: UInt64(seed))
            let code =
                isRecovery
                ? DeviceCode.newRecoveryCode(using: &generator) : DeviceCode.newLinkCode(using: &generator)
            #expect(code.kind == (isRecovery ? .recovery : .link))
            #expect(DeviceCode(code.description) == code)
            #expect(DeviceCode(code.description.lowercased()) == code)
            #expect(DeviceCode(code.description.replacingOccurrences(of: "-", with: " ")) == code)
        }
    }

    @Test func newCodesUseTheWholeAlphabet() {
        var generator = SeededGenerator(seed: 30)
        var seen = Set<Character>()
        for _ in 0..<100 {
            seen.formUnion(DeviceCode.newLinkCode(using: &generator).rawValue)
        }
        #expect(seen == Set(ReadableCode.alphabet))
    }

    /// A code is stored as a digest that only the server's secret gives.
    @Test func aCodeIsStoredAsADigestUnderTheSecret() throws {
        let code = try #require(DeviceCode("ABCD-EFGH"))
        let (secret, other) = (ServerSecret.random(), ServerSecret.random())
        #expect(code.digest(keyedBy: secret) == code.digest(keyedBy: secret))
        #expect(code.digest(keyedBy: secret).count == 64)
        #expect(!code.digest(keyedBy: secret).contains("ABCD"))
        #expect(code.digest(keyedBy: secret) != code.digest(keyedBy: other))
        let neighbour = try #require(DeviceCode("ABCD-EFGJ"))
        #expect(code.digest(keyedBy: secret) != neighbour.digest(keyedBy: secret))
    }
}
