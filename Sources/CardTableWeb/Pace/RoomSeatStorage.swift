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
    /// Keeps the room's row and its seats in step with a change from `before`: when its turn
    /// passes and whose it is (a room played a turn a day), and who is seated in the game under
    /// way. Written only when they changed, so most moves write nothing more.
    func noteTurnAndSeats(of room: Room, since before: Room, at now: Date) throws {
        let code = room.code.rawValue
        if room.turnDue != before.turnDue || room.dailyTurnPlayer != before.dailyTurnPlayer {
            try execute(
                """
                UPDATE room SET turn_due_at = \(room.turnDue), turn_player_id = \(room.dailyTurnPlayer?.rawValue)
                WHERE code = \(code)
                """)
        }
        let seated = room.playingPeople
        let wasSeated = before.playingPeople
        guard seated != wasSeated else { return }
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
