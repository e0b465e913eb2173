import CardTableBasics
import CardTableStorage
import Foundation

extension CardTableDatabase {
    /// The open rooms `player` is seated in whose game is under way (at most ``yourGamesLimit``);
    /// a room whose state cannot be read is left out (its own page sets it aside).
    func roomsSeating(_ player: PlayerID) async throws -> [Room] {
        try await read { transaction in
            try transaction.rows(
                """
                SELECT room.state FROM room_seat JOIN room ON room.code = room_seat.room_code
                WHERE room_seat.player_id = \(player.rawValue) AND room.closed_at IS NULL
                ORDER BY room.code LIMIT \(yourGamesLimit)
                """
            ) { row in try? JSONText.decode(Room.self, from: row("state")) }.compactMap { $0 }
        }
    }

    /// In how many open rooms played a turn a day it is `player`'s turn.
    func dailyTurnCount(of player: PlayerID) async throws -> Int {
        try await read { transaction in
            try transaction.firstRow(
                "SELECT count(*) AS turns FROM room WHERE turn_player_id = \(player.rawValue) AND closed_at IS NULL"
            ) { try $0("turns") as Int } ?? 0
        }
    }
}

/// The most games `/rooms/mine` lists.
let yourGamesLimit = 100
