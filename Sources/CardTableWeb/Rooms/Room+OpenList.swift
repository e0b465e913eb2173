import Foundation

extension Room {
    /// Lists the room under Open rooms (`open`) or takes it off; only the host does. Nothing
    /// happens when it is already so.
    mutating func setOpen(_ open: Bool, by player: PlayerID, at now: Date) throws(RoomRefusal)
        -> [RoomHappening]
    {
        let member = try requireMember(player)
        guard member.number == host.number else { throw .notTheHost }
        guard open != isOpen else { return [] }
        setOpenSince(open ? now : nil)
        let text =
            open
            ? "\(member.name) listed the room under Open rooms: anyone may join."
            : "\(member.name) took the room off Open rooms: friends join with the code."
        return [RoomHappening(kind: open ? .opened : .unlisted, text: text, member: member.number)]
    }

    /// Whether the room shows under Open rooms: listed by its host, and gathering players or playing.
    var isListed: Bool { isOpen && phase != .finished }

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
