import CardTableBasics
import CardTableStorage
import Foundation

extension Room {
    /// The people seated in the game under way who still play (not the computer's seats, nor
    /// those removed or given up); none between games.
    var playingPeople: Set<PlayerID> {
        guard phase == .playing else { return [] }
        return Set(
            members.filter {
                $0.seat != nil && $0.bot == nil && !$0.wasRemoved && !hasForfeited(seat: $0.seat)
            }
            .map(\.player))
    }

    /// In a game played a turn a day, the person whose turn it is; nil otherwise.
    var dailyTurnPlayer: PlayerID? {
        guard pace == .daily, let member = memberToPlay, member.bot == nil else { return nil }
        return member.player
    }
}

extension DatabaseTransaction {
    /// Keeps the room's seats in step with a change from `before`: who plays in the game under
    /// way. Written only when they changed (a start, an end, a seat given up or removed), in a
    /// write transaction with the room's row, so most moves write nothing more. (The turn's
    /// columns are saved with the room's row: see ``record(_:in:at:unlessChangedSince:finishing:savingState:)``.)
    func noteSeats(of room: Room, since before: Room, at now: Date) throws {
        guard room.phase == .playing || before.phase == .playing else { return }
        let seated = room.playingPeople
        let wasSeated = before.playingPeople
        guard seated != wasSeated else { return }
        try requireWriteTransaction()
        let code = room.code.rawValue
        for player in wasSeated.subtracting(seated) {
            try execute("DELETE FROM room_seat WHERE room_code = \(code) AND player_id = \(player.rawValue)")
        }
        for player in seated.subtracting(wasSeated).sorted(by: { $0.rawValue < $1.rawValue }) {
            try insert(
                AddedRow(
                    table: "room_seat",
                    values: [("player_id", .text(player.rawValue)), ("room_code", .text(code))],
                    onConflict: " ON CONFLICT DO NOTHING"),
                storing: player, at: now)
        }
    }
}
