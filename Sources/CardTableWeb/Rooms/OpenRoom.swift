import CardTableBasics
import Foundation

/// A room as Open rooms lists it (`GET /rooms/open`): what someone choosing a table wants to
/// know, never who is in it.
struct OpenRoom: Encodable, Equatable, Sendable {
    /// The code in links, `K7QX4P`.
    let code: String
    let displayCode: String
    let game: CardGame
    /// "normal" for Set, nil (JSON null) for Memorize.
    let mode: String?
    let players: Int
    /// How many more could play the next game.
    let seats: Int
    let spectators: Int
    let phase: Room.Phase
    /// When the room was made.
    let createdAt: Date
    let pageURL: String
    /// Whether its games count for ratings.
    let rated: Bool
    /// The ratings of the members who are here, in the room's game and mode, in the order they
    /// joined (names stay out of the list).
    let ratings: [RatingSummary.Brief]

    init(_ room: Room, createdAt: Date, ratings book: RatingBook) {
        rated = room.isRated
        ratings = book.ratings(in: room).map(RatingSummary.Brief.init)
        code = room.code.rawValue
        displayCode = room.code.description
        game = room.game
        mode = room.modeName
        players = room.playerCount
        seats = room.freeSeats
        spectators = room.membersHere.count - room.playerCount
        phase = room.phase
        self.createdAt = createdAt
        pageURL = RoomRoute.page(room.code).path
    }

    // NB: `mode` is written as null for Memorize rather than left out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(code, forKey: AnyKey("code"))
        try container.encode(displayCode, forKey: AnyKey("displayCode"))
        try container.encode(game, forKey: AnyKey("game"))
        try container.encode(mode, forKey: AnyKey("mode"))
        try container.encode(players, forKey: AnyKey("players"))
        try container.encode(seats, forKey: AnyKey("seats"))
        try container.encode(spectators, forKey: AnyKey("spectators"))
        try container.encode(phase, forKey: AnyKey("phase"))
        try container.encode(createdAt.formatted(.iso8601), forKey: AnyKey("createdAt"))
        try container.encode(pageURL, forKey: AnyKey("pageURL"))
        try container.encode(rated, forKey: AnyKey("rated"))
        try container.encode(ratings, forKey: AnyKey("ratings"))
    }
}
