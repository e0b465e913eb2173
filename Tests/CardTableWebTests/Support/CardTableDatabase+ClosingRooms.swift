import Foundation

@testable import CardTableStorage
@testable import CardTableWeb

extension CardTableDatabase {
    /// Closes the live rooms idle since `idleSince` with `happening` (rooms played a turn a day are
    /// left open), as the storage tests written before there were paces do.
    func closeRooms(
        idleSince: Date, connected: [RoomCode], at now: Date, saying happening: RoomHappening
    ) async throws -> [RoomCode] {
        try await closeRooms(
            idleSince: idleSince, dailyIdleSince: .distantPast, connected: connected, at: now
        ) { _ in happening }
    }
}
