import Foundation

/// When something happened in a room: the number of its event and the moment on the server's
/// clock.
struct RoomMoment: Hashable, Sendable, Codable {
    let event: Int
    let at: Date
}
