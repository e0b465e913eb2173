import CardTableBasics
import Foundation

extension Room {
    /// Whether `player` may make a new room for this room's players: a member (not removed) once
    /// a game has ended.
    func requireMayPlayAgain(_ player: PlayerID) throws(RoomRefusal) -> RoomMember {
        let member = try requireMember(player)
        guard phase == .finished else { throw phase == .lobby ? .notStarted : .gameNotOver }
        return member
    }

    /// Points this room's members to `next`, the room `player` made for them; a room that points
    /// to one already keeps it (two members who tap at once go to the first).
    mutating func pointTo(_ next: RoomCode, madeBy player: PlayerID) throws(RoomRefusal) -> [RoomHappening] {
        let member = try requireMayPlayAgain(player)
        guard nextRoom == nil else { return [] }
        setNextRoom(NextRoom(code: next, member: member.number))
        return [
            RoomHappening(
                kind: .invited, text: "\(member.name) made a new room for everyone here: join them there.",
                member: member.number)
        ]
    }

    /// A new room like this one (its game, Set mode, Memorize theme, pace and rating) hosted by
    /// `player` under `name`, with `code`; never listed.
    func nextGame(code: RoomCode, host player: PlayerID, name: DisplayName) -> Room {
        Room(
            code: code, game: game, theme: theme, setVariant: setVariant, rated: isRated, pace: pace,
            host: player,
            hostName: name)
    }
}
