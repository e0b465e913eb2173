import CardTableBasics
import CardTableHTTP
import Crypto
import Foundation

extension Room {
    /// How long a room stays listed in its lobby: one nobody started by then leaves Open rooms
    /// (its host may list it again), so rooms that never start cannot hold the list.
    static let listingLifetime: TimeInterval = 10 * 60

    /// Lists the room under Open rooms (`open`), as its host at `address` (see
    /// ``listingAddress(_:)``), or takes it off; only the host does. Nothing happens when it is
    /// already so, but a listing run out, which starts again.
    mutating func setOpen(_ open: Bool, by player: PlayerID, from address: String?, at now: Date)
        throws(RoomRefusal) -> [RoomHappening]
    {
        let member = try requireMember(player)
        guard member.number == host.number else { throw .notTheHost }
        guard open != isOpen || (open && !isListed(at: now)) else { return [] }
        setOpenSince(open ? now : nil, from: address)
        let text =
            open
            ? "\(member.name) listed the room under Open rooms: anyone may join."
            : "\(member.name) took the room off Open rooms: friends join with the code."
        return [RoomHappening(kind: open ? .opened : .unlisted, text: text, member: member.number)]
    }

    /// Whether the room shows under Open rooms at `now`: listed by its host, with someone here,
    /// and playing, or gathering players for less than ``listingLifetime`` since it was listed.
    func isListed(at now: Date) -> Bool {
        guard let openSince, phase != .finished, !membersHere.isEmpty else { return false }
        return phase == .playing || now.timeIntervalSince(openSince) < Self.listingLifetime
    }

    /// How a client's address is kept with a room it lists: a digest (16 hex digits of its
    /// SHA-256), enough to count one address's rooms, not to read the address back at a glance;
    /// nil for a client without an IP address (the tests' in-process requests).
    static func listingAddress(_ client: ClientAddress) -> String? {
        guard client.key != "unknown" else { return nil }
        return SHA256.hash(data: Data(client.key.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The members here now (not away).
    var membersHere: [RoomMember] { members.filter { !$0.isAway } }

    /// How many play: those seated in the game under way, or in the lobby those here (up to
    /// ``maximumPlayers``, who the start would seat).
    var playerCount: Int {
        phase == .playing
            ? membersHere.filter { $0.seat != nil }.count : min(membersHere.count, Self.maximumPlayers)
    }

    /// How many more could play the next game: seats left once everyone here is seated.
    var freeSeats: Int { max(0, Self.maximumPlayers - membersHere.count) }

    /// Whether one more member could come in and play the next game.
    var hasFreeSeat: Bool { freeSeats > 0 && members.count < Self.maximumMembers }
}
