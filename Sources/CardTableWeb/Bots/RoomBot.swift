import MemorizeCore

/// What makes a room member a computer opponent: its level and, in Memorize, what it remembers
/// of the cards it saw face up. Kept with the room on the server; pages and events say only
/// that a member is a bot, and its level.
struct RoomBot: Hashable, Sendable, Codable {
    let level: BotLevel
    /// Nil in a Set room, and until a Memorize game starts.
    var memory: MemoryBot<String>?
    /// A Set bot's last wrong claim in the game under way, from which its next search of the
    /// same table counts (with draws of its own); nil when it made none.
    var missed: RoomMoment?
}
