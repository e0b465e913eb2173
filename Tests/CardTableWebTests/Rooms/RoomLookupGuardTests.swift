import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Issue 47: failed room look-ups are counted for the whole site as well as per address. Guesses
/// spread over many addresses (each under its own limit) make the site busy, and then every
/// address is held to a few failures; a player behind a new address still gets in.
@Suite struct RoomLookupGuardTests {
    let start = Date(timeIntervalSinceReferenceDate: 900_000_000)

    private func address(_ number: Int) throws -> ClientAddress {
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "cardtable", path: "/"),
            body: .init(buffer: ByteBuffer()))
        let peer = try SocketAddress(ipAddress: "10.0.\(number / 250).\(number % 250 + 1)", port: 40_000)
        return ClientAddress(request, peer: peer, trusting: TrustedProxies())
    }

    @Test func aQuietSiteHoldsEachAddressToItsOwnTen() throws {
        let limits = RoomLookupGuard()
        let guesser = try address(1)
        for _ in 0..<10 {
            #expect(limits.waitTime(for: guesser, at: start) == nil)
            limits.recordFailure(of: guesser, at: start)
        }
        #expect(limits.waitTime(for: guesser, at: start) == 10)
        #expect(!limits.isBusy(at: start))
    }

    @Test func aBusySiteHoldsEveryAddressToThreeButLetsANewOneIn() throws {
        let limits = RoomLookupGuard(
            site: .init(allowance: 5, forgivenAfter: 1, capacity: 1),
            whileBusy: .init(allowance: 3, forgivenAfter: 300, capacity: 100))
        let ana = try address(1)
        for number in 2...6 { limits.recordFailure(of: try address(number), at: start) }
        #expect(limits.isBusy(at: start))
        for _ in 0..<3 {
            #expect(limits.waitTime(for: ana, at: start) == nil)
            limits.recordFailure(of: ana, at: start)
        }
        #expect(limits.waitTime(for: ana, at: start) == 300)
        #expect(limits.waitTime(for: try address(7), at: start) == nil, "a player behind a new address")
        // Once the site is quiet again, each address has its own ten.
        let later = start + 10
        #expect(!limits.isBusy(at: later))
        #expect(limits.waitTime(for: ana, at: later) == nil)
    }

    /// The hostile run's campaign: 20,000 guesses from 2,000 addresses at 3,555 a second. Each
    /// address alone stays under its ten, so before this every guess was answered.
    @Test func guessesFromManyAddressesAreSlowedForAll() throws {
        let limits = RoomLookupGuard()
        let addresses = try (0..<2_000).map(address)
        var answered = 0
        for guess in 0..<20_000 {
            let now = start + Double(guess) / 3_555
            let client = addresses[guess % addresses.count]
            guard limits.waitTime(for: client, at: now) == nil else { continue }
            answered += 1
            limits.recordFailure(of: client, at: now)
        }
        // The site's 600, then 3 an address (2,000 of them), and what the 5.6 s forgave.
        #expect(answered <= 600 + 3 * 2_000 + 100, "\(answered) answered")
        #expect(answered < 20_000 / 3)
    }
}
