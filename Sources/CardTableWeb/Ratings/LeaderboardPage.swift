import CardTableBasics
import Foundation
import Mustache
import TemplateFields

/// A leaderboard: the pools to choose from, the best players of the one chosen, and where the
/// player asking stands (or why they are not listed).
@TemplateFields
struct LeaderboardPage: PageModel {
    static let template = "leaderboard"

    /// One pool's tab.
    @TemplateFields
    struct Tab: Encodable, Sendable {
        let title: String
        let url: String
        let isCurrent: Bool
    }

    /// One listed player.
    @TemplateFields
    struct Row: Encodable, Sendable {
        let rank: Int
        let name: String
        let rating: Int
        let games: Int
        let isYou: Bool
    }

    let title: String
    let heading: String
    let tabs: [Tab]
    let rows: [Row]
    let hasRows: Bool
    /// Where the player stands, in words: "You are number 4, with 1623 after 12 rated games.", or why
    /// they are not listed; nil for a player without a rating here.
    let youText: String?
    let devicesURL = DevicesRoute.page.path
    let newRoomURL = RoomRoute.new(game: .set, themeID: nil).path
    let chooserURL = ThemesRoute.chooser().path
    /// How many days back a listed player played: 30.
    let days = Self.activeDays
    static let activeDays = Int(Leaderboard.activeWithin / 86_400)

    init(_ board: Leaderboard) {
        title = "\(board.pool.title) leaderboard · CardTable"
        heading = "\(board.pool.title) leaderboard"
        tabs = RatingPool.allCases.map {
            Tab(title: $0.title, url: RatingsRoute.leaderboard($0).path, isCurrent: $0 == board.pool)
        }
        rows = board.players.map {
            Row(rank: $0.rank ?? 0, name: $0.name ?? "", rating: $0.rating, games: $0.games, isYou: $0.isYou)
        }
        hasRows = !rows.isEmpty
        youText = board.you.map { Self.words(you: $0, absence: board.youAbsence) }
    }

    private static func words(you: Leaderboard.Entry, absence: Leaderboard.Absence?) -> String {
        let games = "\(you.games) rated \(you.games == 1 ? "game" : "games")"
        switch absence {
        case nil:
            return "You are number \(you.rank ?? 0), with \(you.rating) after \(games)."
        case .provisional?:
            return
                "Your rating, \(you.rating)? (±\(you.deviation)) after \(games), is provisional: it is listed once "
                + "it settles, after a few more rated games."
        case .unnamed?:
            return
                "Your rating is \(you.rating) after \(games). Choose a name on your devices page to be listed."
        case .inactive?:
            return
                "Your rating is \(you.rating) after \(games). Play a rated game to be listed again: the board "
                + "shows players of the last \(activeDays) days."
        case .hidden?:
            return "Your rating is \(you.rating) after \(games). You chose to be hidden from leaderboards."
        }
    }
}

/// What `GET /leaderboard` answers as JSON.
struct LeaderboardAnswer: Encodable, Sendable {
    let board: Leaderboard

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(board.pool.game.rawValue, forKey: AnyKey("game"))
        try container.encode(board.pool.mode, forKey: AnyKey("mode"))
        try container.encode(board.players.map(ListedPlayer.init), forKey: AnyKey("players"))
        // NB: null for a player without a rating here, rather than left out.
        try container.encode(board.you.map { You($0, absence: board.youAbsence) }, forKey: AnyKey("you"))
    }

    struct ListedPlayer: Encodable {
        let rank: Int
        let name: String
        let rating: Int
        let games: Int

        init(_ entry: Leaderboard.Entry) {
            (rank, name, rating, games) = (entry.rank ?? 0, entry.name ?? "", entry.rating, entry.games)
        }
    }

    struct You: Encodable {
        let entry: Leaderboard.Entry
        let absence: Leaderboard.Absence?

        init(_ entry: Leaderboard.Entry, absence: Leaderboard.Absence?) {
            (self.entry, self.absence) = (entry, absence)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            // NB: what does not apply is left out (no rank while not listed, no name for none).
            try container.encodeIfPresent(entry.rank, forKey: AnyKey("rank"))
            try container.encodeIfPresent(entry.name, forKey: AnyKey("name"))
            try container.encode(entry.rating, forKey: AnyKey("rating"))
            try container.encode(entry.deviation, forKey: AnyKey("deviation"))
            try container.encode(entry.games, forKey: AnyKey("games"))
            try container.encode(entry.isProvisional, forKey: AnyKey("provisional"))
            try container.encode(absence == nil, forKey: AnyKey("listed"))
            try container.encodeIfPresent(absence?.rawValue, forKey: AnyKey("notListedBecause"))
        }
    }
}
