import Foundation
import MemorizeCore
import RatingCore
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Which room games count for ratings, and how each seated player finished one: rated rooms only,
/// two players or more, a game ended by its rules or by everyone else leaving, each game once.
@Suite struct RoomRatingTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let ana = PlayerID.random()
    let bo = PlayerID.random()
    let cy = PlayerID.random()

    func room(rated: Bool, players: Int = 2, game: CardGame = .set) throws -> Room {
        let theme = game == .memorize ? Theme(name: "Pets", emojis: ["🐶", "🐱"], color: "blue") : nil
        var room = Room(
            code: RoomCode("K7QX4P")!, game: game, theme: theme, rated: rated, host: ana,
            hostName: try DisplayName(typed: "Ana"))
        for (player, name) in [(bo, "Bo"), (cy, "Cy")].prefix(players - 1) {
            _ = try room.join(player, as: DisplayName(typed: name))
        }
        return room
    }

    /// Plays the Set game on `room`'s table to its end, `claimer` taking every Set.
    func playToTheEnd(_ room: inout Room, claimer: (Int) -> PlayerID) throws {
        var turn = 0
        while room.phase == .playing, case .set(let game)? = room.table {
            if let trio = SetRules.allSets(in: game.table).first {
                _ = try room.claim(trio.cards.map(\.id), by: claimer(turn), at: now)
                turn += 1
            } else {
                for member in room.members where member.seat != nil {
                    _ = try room.voteToDeal(by: member.player, at: now)
                }
            }
        }
    }

    @Test func aRatedRoomNeedsTwoPlayersToStart() throws {
        var alone = try room(rated: true, players: 1)
        var generator = SeededGenerator(seed: 1)
        #expect(throws: RoomRefusal.ratedNeedsTwoPlayers) {
            try alone.start(by: ana, using: &generator, at: now)
        }
        #expect(alone.phase == .lobby)
        var casual = try room(rated: false, players: 1)
        _ = try casual.start(by: ana, using: &generator, at: now)
        #expect(casual.phase == .playing)
    }

    @Test func aRatedGamePlayedToItsEndGivesEachSeatItsPlaceOnce() throws {
        var room = try room(rated: true, players: 3)
        var generator = SeededGenerator(seed: 2)
        _ = try room.start(by: ana, using: &generator, at: now)
        let started = room
        #expect(room.ratedPlaces(since: started).isEmpty)
        try playToTheEnd(&room) { [ana, bo] turn in turn % 3 == 2 ? bo : ana }
        #expect(room.phase == .finished)
        let places = room.ratedPlaces(since: started)
        guard case .set(let game)? = room.table else { throw RoomRefusal.wrongGame }
        #expect(places.map(\.member.player) == [ana, bo, cy])
        #expect(places.map(\.score) == game.scores)
        #expect(places.allSatisfy { !$0.left })
        // The same game is not rated again by a later change.
        #expect(room.ratedPlaces(since: room).isEmpty)
        #expect(!room.endedByLeavers)
    }

    @Test func aCasualGameIsNeverRated() throws {
        var room = try room(rated: false)
        var generator = SeededGenerator(seed: 3)
        _ = try room.start(by: ana, using: &generator, at: now)
        let started = room
        try playToTheEnd(&room) { [ana] _ in ana }
        #expect(room.phase == .finished)
        #expect(room.ratedPlaces(since: started).isEmpty)
    }

    @Test func aRatedGameEndsWhenEveryoneElseLeavesAndTheLeaverRanksLast() throws {
        var room = try room(rated: true)
        var generator = SeededGenerator(seed: 4)
        _ = try room.start(by: ana, using: &generator, at: now)
        guard case .set(let game)? = room.table, let trio = SetRules.allSets(in: game.table).first else {
            throw RoomRefusal.wrongGame
        }
        _ = try room.claim(trio.cards.map(\.id), by: ana, at: now)
        let before = room
        let happenings = room.leave(ana, at: now)
        #expect(room.phase == .finished)
        #expect(room.endedByLeavers)
        #expect(happenings.map(\.kind) == [.left, .gameOver])
        #expect(happenings.last?.text == "Game over! Everyone else left: Bo wins.")
        let places = room.ratedPlaces(since: before)
        #expect(places.map(\.left) == [true, false])
        // Ana leads on points, but she left: the rating counts her last.
        #expect(places.map(\.score) == [1, 0])
        let standings = places.map {
            RatedStanding(player: $0.member.player, rating: .newcomer, score: $0.score, left: $0.left)
        }
        let rated = PlayerRating.system.rated(standings)
        #expect(try #require(rated[bo]).rating > 1500)
        #expect(try #require(rated[ana]).rating < 1500)
        // Her history keeps no game: it did not end by its rules.
        #expect(room.finishedGames(since: before, at: now).isEmpty)
        // The results rank her last too, and say she left.
        room.setRatingChanges(
            places.map { place in
                RoomRatingChange(
                    member: place.member.number, before: .newcomer, after: rated[place.member.player]!,
                    left: place.left)
            })
        let results = try #require(RoomResults(room, for: room.member(for: bo)))
        #expect(results.headline == "Everyone else left: Bo wins.")
        #expect(results.rows.map(\.name) == ["Bo", "Ana"])
        #expect(results.rows.map(\.rank) == [1, 2])
        #expect(results.rows.map(\.detail) == ["0 Sets", "1 Set, left"])
        #expect(results.rows.map(\.isYou) == [true, false])
    }

    @Test func aCasualGameGoesOnWhenPlayersLeave() throws {
        var room = try room(rated: false)
        var generator = SeededGenerator(seed: 5)
        _ = try room.start(by: ana, using: &generator, at: now)
        _ = room.leave(bo, at: now)
        #expect(room.phase == .playing)
    }

    @Test func aMemorizeRatedGameRanksByPairs() throws {
        var room = try room(rated: true, game: .memorize)
        var generator = SeededGenerator(seed: 6)
        _ = try room.start(by: ana, using: &generator, at: now)
        let started = room
        while room.phase == .playing, case .memorize(let game)? = room.table {
            let player = room.member(atSeat: game.turn)!.player
            let cards = game.game.cards.filter { !$0.isMatched }
            let first = cards[0]
            let second = cards.first { $0.id != first.id && $0.content == first.content }!
            _ = try room.choose(cardID: first.id, by: player, at: now)
            _ = try room.choose(cardID: second.id, by: player, at: now)
        }
        let places = room.ratedPlaces(since: started)
        #expect(places.map(\.score) == [2, 0])
        #expect(RatingPool(room) == .memorize)
    }

    @Test func aSeatLeftBehindByALinkedDeviceIsNotRated() throws {
        var room = try room(rated: true, players: 3)
        var generator = SeededGenerator(seed: 7)
        _ = try room.start(by: ana, using: &generator, at: now)
        // Cy's browser links into Bo: one player, who keeps one seat.
        let merged = room.mergeMember(cy, into: bo)
        #expect(merged)
        let started = room
        try playToTheEnd(&room) { [ana] _ in ana }
        let places = room.ratedPlaces(since: started)
        #expect(places.map(\.member.player) == [ana, bo])
    }

    @Test func aRoomStoredBeforeRatingsIsCasual() throws {
        var room = try room(rated: false)
        var generator = SeededGenerator(seed: 8)
        _ = try room.start(by: ana, using: &generator, at: now)
        let text = try JSONText.encode(room)
        #expect(!text.contains(#""rated""#))
        #expect(!text.contains(#""ratingChanges""#))
        #expect(try !JSONText.decode(Room.self, from: text).isRated)
        let rated = try JSONText.encode(try self.room(rated: true))
        #expect(rated.contains(#""rated":true"#))
        #expect(try JSONText.decode(Room.self, from: rated).isRated)
    }
}
