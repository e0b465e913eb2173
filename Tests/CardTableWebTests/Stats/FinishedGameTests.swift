import Foundation
import MemorizeCore
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Which changes finish a game, and what each game's record holds.
@Suite struct FinishedGameTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    @Test func onlyTheChangeThatEndsASetGameFinishesIt() throws {
        let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
        let before = SavedSetGame(game: try SetGame(deck: [], table: table, at: now))
        var after = before
        for card in SetFixtures.set { after.game.select(card, at: now + 12) }
        #expect(after.game.isOver)
        let finished = try #require(FinishedGame(finishing: before, as: after, at: now + 12))
        #expect(finished.score == 5 && finished.seconds == 0 && finished.moves == 1)
        #expect(FinishedGame(finishing: nil, as: after, at: now) != nil)
        // Saving a finished game again, a new game, nothing saved: none of them finishes one.
        #expect(FinishedGame(finishing: after, as: after, at: now) == nil)
        #expect(FinishedGame(finishing: after, as: before, at: now) == nil)
        #expect(FinishedGame(finishing: before, as: nil, at: now) == nil)
        #expect(FinishedGame(finishing: before, as: before, at: now) == nil)
    }

    @Test(arguments: [CardGame.set, .memorize])
    func aRoomsGameEndsInEverySeatedMembersHistory(game: CardGame) throws {
        let (ana, bo, cy) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        var generator = SeededGenerator(seed: 9)
        let theme = Theme(name: "Pets", emojis: ["🐶", "🐱", "🐭", "🐹"], color: "orange")
        var room = Room(
            code: RoomCode("K7QX4P")!, game: game, theme: game == .memorize ? theme : nil, host: ana,
            hostName: try DisplayName(typed: "Ana"))
        _ = try room.join(bo, as: try DisplayName(typed: "Bo"))
        _ = try room.start(by: ana, using: &generator, at: now)
        // Cy joins during the game: a spectator until the next.
        _ = try room.join(cy, as: try DisplayName(typed: "Cy"))
        var before = room
        var finishedAlong: [[(player: PlayerID, game: FinishedGame)]] = []
        try TemplateValuesTests.playToTheEnd(&room, players: [ana, bo], at: now + 60) { _, after in
            finishedAlong.append(after.finishedGames(since: before, at: now + 60))
            before = after
        }
        // Exactly one move finished it.
        let finished = try #require(finishedAlong.filter { !$0.isEmpty }.only)
        #expect(Set(finished.map(\.player)) == [ana, bo])
        #expect(finished.allSatisfy { $0.game.mode == .room && $0.game.game.rawValue == game.rawValue })
        switch game {
        case .set:
            #expect(finished.map(\.game.setsFound).reduce(0) { $0 + ($1 ?? 0) } * 3 <= 81)
            #expect(finished.allSatisfy { $0.game.score == $0.game.setsFound })
        case .memorize:
            #expect(finished.map(\.game.score).reduce(0, +) == 4)
            #expect(finished.allSatisfy { $0.game.theme == "Pets" })
        }
        #expect(room.finishedGames(since: room, at: now).isEmpty)
    }
}

extension Array {
    /// The one element, when there is exactly one.
    var only: Element? { count == 1 ? first : nil }
}
