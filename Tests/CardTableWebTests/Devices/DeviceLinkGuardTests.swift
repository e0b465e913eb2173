import Foundation
import SeededRandom
import Testing

@testable import CardTableWeb

/// Guessing device codes is slowed by address and by code prefix.
@Suite struct DeviceLinkGuardTests {
    let start = Date(timeIntervalSince1970: 2_000_000)

    private func code(_ text: String) throws -> DeviceCode {
        try #require(DeviceCode(text))
    }

    /// A brute force from one address, a new code each try: 10 failures pass, the 11th try waits,
    /// and after that the address gets one try a minute.
    @Test func oneAddressMayFailTenTimesThenOneTryAMinute() throws {
        let guardian = DeviceLinkGuard<String>()
        var generator = SeededGenerator(seed: 11)
        var tried = 0
        while guardian.waitTime(from: "203.0.113.7", for: nil, at: start) == nil {
            let guess = DeviceCode.newLinkCode(using: &generator)
            #expect(guardian.waitTime(from: "203.0.113.7", for: guess, at: start) == nil)
            guardian.recordFailure(from: "203.0.113.7", for: guess, at: start)
            tried += 1
        }
        #expect(tried == 10)
        #expect(guardian.waitTime(from: "203.0.113.7", for: nil, at: start) == 60)
        #expect(guardian.waitTime(from: "203.0.113.7", for: nil, at: start + 60) == nil)
        // Another address is not slowed.
        #expect(guardian.waitTime(from: "198.51.100.2", for: try code("WXYZ-2345"), at: start) == nil)
    }

    /// Guesses at one code from many addresses: 5 failures on its prefix, then every address waits
    /// for that prefix (and only that one).
    @Test func onePrefixMayFailFiveTimesFromAnyAddresses() throws {
        let guardian = DeviceLinkGuard<String>()
        for index in 0..<5 {
            let guess = try code("ABCD-EF\(["G", "H", "J", "K", "M"][index])2")
            #expect(guardian.waitTime(from: "address \(index)", for: guess, at: start) == nil)
            guardian.recordFailure(from: "address \(index)", for: guess, at: start)
        }
        #expect(guardian.waitTime(from: "a new address", for: try code("ABCD-2345"), at: start) == 120)
        #expect(guardian.waitTime(from: "a new address", for: try code("ABCE-2345"), at: start) == nil)
        #expect(guardian.waitTime(from: "a new address", for: try code("ABCD-2345"), at: start + 120) == nil)
    }

    /// What is not a code at all counts against the address only.
    @Test func aMalformedCodeCountsAgainstTheAddressOnly() throws {
        let guardian = DeviceLinkGuard<String>(
            addresses: .init(allowance: 2, forgivenAfter: 60, capacity: 10),
            prefixes: .init(allowance: 1, forgivenAfter: 60, capacity: 10))
        guardian.recordFailure(from: "a", for: nil, at: start)
        #expect(guardian.waitTime(from: "b", for: try code("ABCD-EFGH"), at: start) == nil)
        guardian.recordFailure(from: "a", for: nil, at: start)
        #expect(guardian.waitTime(from: "a", for: nil, at: start) == 60)
    }
}
