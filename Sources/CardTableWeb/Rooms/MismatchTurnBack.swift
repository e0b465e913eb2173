import Logging
import ServiceLifecycle

/// Turns each Memorize mismatch back by itself once it has shown for the room's turn-back delay,
/// on every member's screen, whether or not the player whose turn it is is still here.
///
/// The referee asks for a turn-back after each mismatch, and again when a socket opens on a room
/// showing one (so one whose wait was lost, to a restart or to another instance that stopped,
/// still turns back); ``RoomSweep`` catches any left over. This waits each time asked, then has
/// the referee turn back what is due by then. It runs beside the server and stops with it,
/// cancelling the waits.
struct MismatchTurnBack: Service {
    let referee: RoomReferee
    let logger: Logger

    func run() async throws {
        await withDiscardingTaskGroup { group in
            for await request in referee.turnBacks.requests.cancelOnGracefulShutdown() {
                group.addTask {
                    guard (try? await Task.sleep(for: request.wait)) != nil else { return }
                    await turnBack(request.code)
                }
            }
            group.cancelAll()
        }
    }

    /// Turns the room's mismatch back if it is due, logging what fails (a page's next socket, or
    /// the sweep, asks again).
    private func turnBack(_ code: RoomCode) async {
        do {
            try await referee.turnMismatchBackWhenDue(code)
        } catch {
            logger.error("Turning a mismatch back failed", metadata: ["error": "\(error)"])
        }
    }
}
