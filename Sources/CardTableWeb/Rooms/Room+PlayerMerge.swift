import CardTableBasics

extension Room {
    /// Makes the member `other` was `player`'s, as `other` links into `player` (see
    /// ``DatabaseTransaction/mergePlayer(_:into:at:)``): their seat, score and hosting come along.
    ///
    /// Where both were members, one member stays `player`'s: the host, else (in a game under way)
    /// one with a seat, else the first to join. The other keeps `other`, who is deleted, and is
    /// away: nobody can act as them again, and the games they played keep their names.
    /// - Returns: Whether the room changed (`other` was a member).
    @discardableResult
    mutating func mergeMember(_ other: PlayerID, into player: PlayerID) -> Bool {
        guard other != player, let theirs = members.firstIndex(where: { $0.player == other }) else {
            return false
        }
        guard let own = members.firstIndex(where: { $0.player == player }) else {
            replaceMember(members[theirs].played(by: player))
            return true
        }
        let (kept, left) = keeps(theirs, over: own) ? (theirs, own) : (own, theirs)
        let leaving = members[left]
        replaceMember(members[kept].played(by: player))
        var ghost = leaving.played(by: other)
        ghost.isAway = true
        ghost.isMergedAway = true
        replaceMember(ghost)
        return true
    }

    /// Whether of two members of one player, the one at `index` is the one to keep.
    private func keeps(_ index: Int, over rival: Int) -> Bool {
        if index == 0 || rival == 0 { return index == 0 }
        if phase == .playing, (members[index].seat == nil) != (members[rival].seat == nil) {
            return members[index].seat != nil
        }
        return index < rival
    }
}

extension RoomMember {
    /// The same member, as `player`.
    fileprivate func played(by player: PlayerID) -> RoomMember {
        RoomMember(
            number: number, player: player, name: name, seat: seat, isAway: isAway,
            isMergedAway: isMergedAway,
            bot: bot, isRemoved: isRemoved)
    }
}
