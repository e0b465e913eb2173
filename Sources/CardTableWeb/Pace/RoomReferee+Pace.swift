import CardTableBasics
import CardTableStorage
import Foundation

extension RoomReferee {
    /// The most rooms whose turn is overdue that one sweep passes (the next takes the rest).
    static let overdueBatch = 200

    /// Passes the turn in each room played a turn a day whose turn's day is over, each as a move
    /// of its own (judged again at its own time: a move may have come in between).
    /// - Returns: How many rooms' turns passed.
    func passOverdueTurns() async throws -> Int {
        let due = try await database.roomsWithTurnDue(by: environment.now(), limit: Self.overdueBatch)
        var passed = 0
        for code in due {
            do {
                let answer = try await act(on: code) { room, now in room.passOverdueTurn(at: now) }
                if !answer.events.isEmpty { passed += 1 }
            } catch {
                logger.warning(
                    "An overdue turn was not passed", metadata: ["room": "\(code)", "error": "\(error)"])
            }
        }
        return passed
    }
}

extension CardTableDatabase {
    /// The open rooms whose turn's day is over by `now`, the most overdue first, at most `limit`.
    func roomsWithTurnDue(by now: Date, limit: Int) async throws -> [RoomCode] {
        try await read { transaction in
            try transaction.rows(
                """
                SELECT code FROM room WHERE turn_due_at <= \(now) AND closed_at IS NULL
                ORDER BY turn_due_at LIMIT \(limit)
                """
            ) { RoomCode(try $0("code") as String) }.compactMap { $0 }
        }
    }
}
