/// A daily puzzle's JSON (`GET /set/daily…` and its posts), as far as the tests read it.
struct DailyPageJSON: Decodable {
    let date: String
    let cards: [SetCardJSON]
    let isStarted: Bool
    let isSolved: Bool
    /// The Sets found, as card ids.
    let found: [[Int]]
    let wrongTries: Int
    let time: PlayingClockJSON?
    let message: String?
    let streak: Int
    let longestStreak: Int
    let firstSolve: String?
    let isReplay: Bool
    let shareText: String?
    let claimURL: String
}

/// The stats page's JSON, as far as the tests read it.
struct StatsPageJSON: Decodable {
    struct Best: Decodable, Equatable {
        let game: String
        let name: String
        let score: Int
    }

    struct Game: Decodable {
        let game: String
        let theme: String?
        let mode: String
        let score: Int
        let breakdown: [String: Int]
        let seconds: Double
        let moves: Int
        let finishedAt: String
    }

    let gamesPlayed: Int
    let bests: [Best]
    let secondsPerSet: Double?
    let streak: Int
    /// A line of *Recent players*.
    struct RecentPlayer: Decodable, Equatable {
        let name: String
        let game: String
        let variant: String?
        let theme: String?
        let gameName: String
        let playedAt: String
        let inviteURL: String
    }

    let longestStreak: Int
    let recent: [Game]
    let recentPlayers: [RecentPlayer]
}
