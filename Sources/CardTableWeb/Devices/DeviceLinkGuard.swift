import CardTableHTTP
import Foundation

/// Slows down guessing of device codes: an address that failed to link 10 times, or codes that
/// start alike (one ``DeviceCode/guessedPrefix``) that failed 5 times, must wait before the next
/// try (429 with `Retry-After`). Failures are forgiven at the pace they are allowed: 10 an
/// address and 5 a prefix every 10 minutes, so no one guesses faster than that for long.
///
/// Counting by prefix as well keeps guesses spread over many addresses from going unnoticed;
/// the price is that someone failing on purpose can make a player whose code shares the prefix
/// (one code in 923,521) wait too. Like every ``FailedAttemptLimiter``, it is kept in memory, by
/// each server instance.
struct DeviceLinkGuard<Address: Hashable & Sendable>: Sendable {
    /// 10 failures in a row, then one every minute, per address.
    static var standardForAddresses: FailedAttemptLimiter<Address>.Rules {
        .init(allowance: 10, forgivenAfter: 60, capacity: 10_000)
    }

    /// 5 failures in a row, then one every two minutes, per code prefix.
    static var standardForPrefixes: FailedAttemptLimiter<String>.Rules {
        .init(allowance: 5, forgivenAfter: 120, capacity: 10_000)
    }

    private let addresses: FailedAttemptLimiter<Address>
    private let prefixes: FailedAttemptLimiter<String>

    init(
        addresses: FailedAttemptLimiter<Address>.Rules = standardForAddresses,
        prefixes: FailedAttemptLimiter<String>.Rules = standardForPrefixes
    ) {
        self.addresses = FailedAttemptLimiter(addresses)
        self.prefixes = FailedAttemptLimiter(prefixes)
    }

    /// How many seconds a try from `address` with `code` (nil: not a code at all) must wait at
    /// `now`; nil when it may be tried now.
    func waitTime(from address: Address, for code: DeviceCode?, at now: Date) -> TimeInterval? {
        let waits = [
            addresses.waitTime(for: address, at: now),
            code.flatMap { prefixes.waitTime(for: Self.start(of: $0), at: now) },
        ]
        return waits.compactMap { $0 }.max()
    }

    /// Counts a failed try from `address` with `code`: unknown, used or expired, or (nil) not a
    /// code at all, which counts against the address only.
    func recordFailure(from address: Address, for code: DeviceCode?, at now: Date) {
        addresses.recordFailure(of: address, at: now)
        if let code { prefixes.recordFailure(of: Self.start(of: code), at: now) }
    }

    /// What failures are counted under: the code's kind and first characters, so failing on
    /// link codes on purpose does not block recovery codes that start alike.
    private static func start(of code: DeviceCode) -> String {
        code.kind.rawValue + "|" + code.guessedPrefix
    }
}
