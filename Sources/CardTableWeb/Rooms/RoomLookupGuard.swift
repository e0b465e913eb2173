import CardTableHTTP
import Foundation

/// The counts of failed room look-ups (issue 47): each address's, and the whole site's. An
/// address that failed too often waits (``RoomLookupRules/perAddress``); and while the site as a
/// whole fails faster than players ever do (``RoomLookupRules/site``: guesses spread over many
/// addresses), every address is held to a few failures (``RoomLookupRules/whileBusy``), so a
/// player who mistypes a code still gets in, and many addresses guess no faster than a few.
/// Kept in memory, by each server instance.
final class RoomLookupGuard: Sendable {
    private let perAddress: FailedAttemptLimiter<ClientAddress>
    private let site: FailedAttemptLimiter<Site>
    private let whileBusy: FailedAttemptLimiter<ClientAddress>

    /// The one key of the site's count.
    enum Site: Hashable, Sendable { case all }

    init(
        perAddress: FailedAttemptLimiter<ClientAddress>.Rules = RoomLookupRules.perAddress,
        site: FailedAttemptLimiter<Site>.Rules = RoomLookupRules.site,
        whileBusy: FailedAttemptLimiter<ClientAddress>.Rules = RoomLookupRules.whileBusy
    ) {
        self.perAddress = FailedAttemptLimiter(perAddress)
        self.site = FailedAttemptLimiter(site)
        self.whileBusy = FailedAttemptLimiter(whileBusy)
    }

    /// A guard with `limits`' rules for look-ups.
    convenience init(_ limits: RoomLimits) {
        self.init(
            perAddress: limits.lookupsPerAddress, site: limits.lookupsBySite,
            whileBusy: limits.lookupsWhileBusy)
    }

    /// How many seconds `client` must wait at `now` before its next look-up; nil when it may look
    /// up now.
    func waitTime(for client: ClientAddress, at now: Date) -> TimeInterval? {
        if let wait = perAddress.waitTime(for: client, at: now) { return wait }
        guard isBusy(at: now) else { return nil }
        return whileBusy.waitTime(for: client, at: now)
    }

    /// Counts a look-up of `client`'s at `now` that named no room.
    func recordFailure(of client: ClientAddress, at now: Date) {
        perAddress.recordFailure(of: client, at: now)
        site.recordFailure(of: .all, at: now)
        whileBusy.recordFailure(of: client, at: now)
    }

    /// Whether the site has failed more look-ups than its budget at `now`.
    func isBusy(at now: Date) -> Bool {
        site.waitTime(for: .all, at: now) != nil
    }
}
