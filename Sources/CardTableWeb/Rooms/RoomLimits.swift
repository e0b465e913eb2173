import CardTableHTTP

/// What one player, or one address, may do with rooms: how many they host and list, how fast
/// they make moves, and how often a room code they try may name no room. The standard limits
/// stop one client from filling the site or guessing codes; a test server that one client drives
/// from one address has them lifted.
package struct RoomLimits: Sendable {
    /// The most rooms one player may host that are not closed.
    var openRoomsPerHost: Int
    /// The most rooms one player may list under Open rooms at once.
    var listedRoomsPerHost: Int
    /// The most rooms listed under Open rooms at once from one address (a household, or one
    /// client with many cookies), so that nobody can fill the list.
    var listedRoomsPerAddress: Int
    /// How fast one player may make moves in one room (``RoomMoveRules``).
    var moves: FailedAttemptLimiter<RoomMover>.Rules
    /// How often one player may chat, and react (``TalkPace``).
    var talk: TalkPace.Rules
    /// How often room codes may name no room, per address, on the whole site, and per address
    /// while the site is over its budget (``RoomLookupRules``).
    var lookupsPerAddress: FailedAttemptLimiter<ClientAddress>.Rules
    var lookupsBySite: FailedAttemptLimiter<RoomLookupGuard.Site>.Rules
    var lookupsWhileBusy: FailedAttemptLimiter<ClientAddress>.Rules

    /// A public site's.
    package static let standard = RoomLimits(
        openRoomsPerHost: 5, listedRoomsPerHost: 3, listedRoomsPerAddress: 6, moves: RoomMoveRules.standard,
        talk: .standard,
        lookupsPerAddress: RoomLookupRules.perAddress, lookupsBySite: RoomLookupRules.site,
        lookupsWhileBusy: RoomLookupRules.whileBusy)

    /// For a test server that a contract fuzzer drives as one player from one address
    /// (`CARDTABLE_TEST_ROOM_LIMITS=off cardtable serve`): a thousand rooms hosted and listed, and
    /// moves and look-ups that name no room never slowed, so its requests reach the rooms instead
    /// of 429. Never for a site people use: it lets anyone guess room codes as fast as they send.
    package static let lifted = RoomLimits(
        openRoomsPerHost: 1000, listedRoomsPerHost: 1000, listedRoomsPerAddress: 1000,
        moves: neverSlowing(), talk: TalkPace.Rules(messages: 1_000_000, window: 0.001, capacity: 10_000),
        lookupsPerAddress: neverSlowing(), lookupsBySite: neverSlowing(capacity: 1),
        lookupsWhileBusy: neverSlowing())

    /// Rules no test run reaches: a billion failures in a row, a thousand forgiven each second.
    private static func neverSlowing<Key>(capacity: Int = 10_000) -> FailedAttemptLimiter<Key>.Rules {
        .init(allowance: 1_000_000_000, forgivenAfter: 0.001, capacity: capacity)
    }
}
