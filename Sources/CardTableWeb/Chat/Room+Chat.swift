import CardTableBasics
import Foundation

extension Room {
    /// The members a room shows: all but those the host removed, who stay listed only while a
    /// seat of theirs is on the table (their score counts).
    var listedMembers: [RoomMember] {
        members.filter { !$0.wasRemoved || (phase != .lobby && $0.seat != nil) }
    }

    /// Whether `member` may chat and react now: they were not removed, and the host's
    /// ``chatAudience`` lets them (with `players`, once a game has begun, only those seated at it).
    /// - Throws: Why not.
    func requireMayTalk(_ member: RoomMember) throws(RoomRefusal) {
        guard !member.wasRemoved else { throw .removed }
        switch chatAudience {
        case .everyone: return
        case .nobody: throw .chatOff(spectators: false)
        case .players where phase != .lobby && member.seat == nil: throw .chatOff(spectators: true)
        case .players: return
        }
    }

    /// `player`'s chat message, for everyone in the room.
    mutating func say(_ message: ChatMessage, by player: PlayerID) throws(RoomRefusal) -> [RoomHappening] {
        let member = try requireMember(player)
        try requireMayTalk(member)
        return [
            RoomHappening(kind: .chat, text: message.text, member: member.number, name: member.name.text)
        ]
    }

    /// `player`'s quick reaction, for everyone in the room.
    mutating func react(_ reaction: Reaction, by player: PlayerID) throws(RoomRefusal) -> [RoomHappening] {
        let member = try requireMember(player)
        try requireMayTalk(member)
        return [
            RoomHappening(
                kind: .reaction, text: reaction.rawValue, member: member.number, name: member.name.text)
        ]
    }

    /// Lets `audience` chat (the host only); nothing happens when it already may.
    mutating func changeChat(to audience: ChatAudience, by player: PlayerID) throws(RoomRefusal)
        -> [RoomHappening]
    {
        let member = try requireMember(player)
        guard member.number == host.number else { throw .notTheHost }
        guard audience != chatAudience else { return [] }
        setChatAudience(audience)
        let text =
            switch audience {
            case .everyone: "\(member.name) turned chat on for everyone."
            case .players: "\(member.name) turned chat off for those watching: players can still chat."
            case .nobody: "\(member.name) turned chat off."
            }
        return [RoomHappening(kind: .chatChanged, text: text, member: member.number)]
    }

    /// Removes the member numbered `number` (the host only): they leave at once (a seat of theirs
    /// in the game under way is left, as by a player who left) and cannot join again, so they stay
    /// on the list as removed (``RoomMember/isRemoved``), shown only while a seat of theirs is on
    /// the table. A computer opponent is taken out as ``removeBot(_:by:)`` does.
    mutating func remove(_ number: Int, by player: PlayerID, at now: Date) throws(RoomRefusal)
        -> [RoomHappening]
    {
        let member = try requireMember(player)
        guard member.number == host.number else { throw .notTheHost }
        guard number != host.number else { throw .hostStays }
        guard let removed = members.first(where: { $0.number == number }), !removed.wasRemoved else {
            throw .noSuchMember(number)
        }
        if removed.bot != nil { return try removeBot(number, by: player) }
        var happenings = removed.isAway ? [] : leave(removed.player, at: now)
        // NB: "left" is said as "removed": the words that follow (a turn passed) stay.
        happenings.removeAll { $0.kind == .left }
        updateMember(number) {
            $0.isAway = true
            $0.isRemoved = true
        }
        return [
            RoomHappening(
                kind: .removed, text: "\(member.name) removed \(removed.name) from the room.", member: number)
        ] + happenings
    }
}
