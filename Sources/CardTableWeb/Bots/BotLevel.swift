import MemorizeCore
import SetCore

/// How well a computer opponent in a room plays: the same four names for both games.
enum BotLevel: String, CaseIterable, Hashable, Sendable, Codable {
    case beginner, casual, quick, expert

    /// The level of a Set bot.
    var setLevel: SetBotLevel { SetBotLevel(rawValue: rawValue)! }

    /// The level of a Memorize bot.
    var memoryLevel: MemoryBotLevel { MemoryBotLevel(rawValue: rawValue)! }

    /// "Beginner", as names and buttons say it.
    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// What a request names a level by, in an error: "beginner, casual, quick or expert".
    static let choices = "beginner, casual, quick or expert"
}
