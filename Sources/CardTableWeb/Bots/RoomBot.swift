import MemorizeCore

/// What makes a room member a computer opponent: its level and, in Memorize, what it remembers
/// of the cards it saw face up. Kept with the room on the server; pages and events say only
/// that a member is a bot, and its level.
struct RoomBot: Hashable, Sendable, Codable {
    let level: BotLevel
    /// Nil in a Set room, and until a Memorize game starts.
    var memory: MemoryBot<String>?
    /// When a Set bot began searching the table again after its last change: at its own wrong
    /// claim (with draws of its own), or when it took a seat mid-game; nil otherwise.
    var searchRestarted: RoomMoment?
}
