import CardTableBasics
import Foundation
import Mustache
import TemplateFields

/// Open rooms: the tables hosts listed for anyone, each with its game, mode, players, free seats,
/// spectators and how long it has run, and Join (in the lobby) or Watch (playing). `lobby.js`
/// keeps the list fresh; without script it is a plain list with a Refresh link.
@TemplateFields
struct LobbyPage: PageModel {
    static let template = "lobby"

    /// One room in the list.
    @TemplateFields
    struct Row: Encodable, Sendable {
        let code: String
        let displayCode: String
        /// "Set · normal", "Memorize".
        let gameText: String
        /// "3 players · 5 seats free · 1 watching".
        let countsText: String
        /// "Waiting for players" or "Playing".
        let phaseText: String
        /// "made 4 min ago".
        let ageText: String
        let isPlaying: Bool
        /// Whether the player is in it already (the row links back to it).
        let isYours: Bool
        /// Whether a newcomer could sit down for the next game.
        let hasFreeSeat: Bool
        let pageURL: String
        let joinURL: String
        /// "Rated" or "Casual".
        let kindText: String
        let isRated: Bool
        /// The ratings of the players here: "Ratings 1523, 1500?".
        let ratingsText: String
    }

    let title = "Open rooms · CardTable"
    let rows: [Row]
    let hasRooms: Bool
    /// The player's name, which Join sends at once; nil sends them to the room's name form.
    let name: String?
    let refreshURL = LobbyRoute.list.path
    let quickPlayURL = LobbyRoute.quickPlay.path
    let newRoomURL = RoomRoute.new(game: .set, themeID: nil).path
    let chooserURL = ThemesRoute.chooser().path

    init(
        rooms: [(room: Room, createdAt: Date)], ratings: RatingBook, for player: PlayerID, name: DisplayName?,
        now: Date
    ) {
        rows = rooms.map { room, createdAt in
            Self.row(room, createdAt: createdAt, ratings: ratings, for: player, now: now)
        }
        hasRooms = !rows.isEmpty
        self.name = name?.text
    }

    private static func row(
        _ room: Room, createdAt: Date, ratings: RatingBook, for player: PlayerID, now: Date
    ) -> Row {
        let listed = OpenRoom(room, createdAt: createdAt, ratings: ratings)
        let ratingTexts = listed.ratings.map(\.text)
        let gameName = room.theme.map { "Memorize: \($0.name)" } ?? room.setVariant.gameName
        var counts = [count(listed.players, "player", "players")]
        counts.append(listed.seats == 0 ? "no seat free" : count(listed.seats, "seat free", "seats free"))
        if listed.spectators > 0 { counts.append("\(listed.spectators) watching") }
        return Row(
            code: listed.code, displayCode: listed.displayCode,
            gameText: gameName,
            countsText: counts.joined(separator: " · "),
            phaseText: room.phase == .playing ? "Playing" : "Waiting for players",
            ageText: "made " + age(now.timeIntervalSince(createdAt)),
            isPlaying: room.phase == .playing, isYours: room.member(for: player) != nil,
            hasFreeSeat: room.hasFreeSeat, pageURL: listed.pageURL, joinURL: RoomRoute.join(room.code).path,
            kindText: room.isRated ? "Rated" : "Casual", isRated: room.isRated,
            ratingsText: ratingTexts.isEmpty
                ? "" : (ratingTexts.count == 1 ? "Rating " : "Ratings ") + ratingTexts.joined(separator: ", ")
        )
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    /// "just now", "4 min ago", "1 h 5 min ago".
    static func age(_ seconds: TimeInterval) -> String {
        let minutes = max(0, Int(seconds / 60))
        if minutes < 1 { return "just now" }
        if minutes < 60 { return "\(minutes) min ago" }
        let rest = minutes % 60
        return "\(minutes / 60) h" + (rest > 0 ? " \(rest) min" : "") + " ago"
    }
}
