import Foundation
import SetCore
import SetTestSupport
import Testing

/// The game clock runs from the first move played to the move that ends the game.
@Suite struct SetGameClockTests {
    private static let set = Fixtures.set

    @Test func aNewGameHasAClockThatHasNotStarted() throws {
        let game = try Fixtures.game()
        let clock = try #require(game.clock)
        #expect(clock.startedAt == nil)
        #expect(!clock.isRunning)
        #expect(clock.playingTime(at: moment(30)) == 0)
    }

    enum FirstMove: CaseIterable { case touch, deal, hint, claim }

    @Test(arguments: FirstMove.allCases)
    func theFirstMoveStartsTheClock(_ move: FirstMove) throws {
        var game = try Fixtures.game(mode: move == .claim ? .twoPlayer(.standard) : .solo)
        switch move {
        case .touch: game.select(Fixtures.table[5], at: moment(7))
        case .deal: game.dealThreeMore(at: moment(7))
        case .hint: game.revealHint(at: moment(7))
        case .claim: game.claim(by: .two, at: moment(7))
        }
        #expect(game.clock == SetGameClock(startedAt: moment(7)))
        #expect(game.clock?.isRunning == true)
        #expect(game.clock?.playingTime(at: moment(50)) == 43)
        // Later moves leave the start alone.
        game.select(Fixtures.table[6], by: move == .claim ? .two : .one, at: moment(9))
        #expect(game.clock?.startedAt == moment(7))
    }

    @Test func aRefusedMoveDoesNotStartTheClock() throws {
        var game = try SetGame(deck: [], table: Fixtures.table, at: moment(0))
        #expect(game.dealThreeMore(at: moment(3)) == .rejected(.deckEmpty))
        var twoPlayers = try Fixtures.game(mode: .twoPlayer(.standard))
        #expect(twoPlayers.select(Fixtures.table[0], by: .one, at: moment(4)) == .rejected(.claimRequired))
        #expect(game.clock?.startedAt == nil)
        #expect(twoPlayers.clock?.startedAt == nil)
    }

    @Test func theMatchThatEndsTheGameStopsTheClock() throws {
        let table = Self.set + Array(Fixtures.cardsWithoutSet[1...2])
        var game = try SetGame(deck: [], table: table, at: moment(0))
        game.select(Self.set[0], at: moment(2))
        game.select(Self.set[1], at: moment(20))
        #expect(game.clock?.finishedAt == nil)
        game.select(Self.set[2], at: moment(95))
        #expect(game.isOver)
        #expect(game.clock == SetGameClock(startedAt: moment(2), finishedAt: moment(95)))
        #expect(game.clock?.isRunning == false)
        #expect(game.clock?.playingTime(at: moment(5000)) == 93)
    }

    @Test func aDealThatLeavesNoSetAndNoDeckStopsTheClock() throws {
        // Twelve cards without a Set, and a deck of three that cannot make one with them.
        let cards = Fixtures.cardsWithoutSet
        var game = try SetGame(deck: Array(cards[12...14]), table: Array(cards.prefix(12)), at: moment(0))
        game.dealThreeMore(at: moment(40))
        #expect(game.isOver)
        #expect(game.clock == SetGameClock(startedAt: moment(40), finishedAt: moment(40)))
    }

    @Test func aGameSavedBeforeTheClockHasNone() throws {
        let json = try JSONEncoder().encode(try Fixtures.game())
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["clock"] != nil)
        object["clock"] = nil
        let old = try JSONDecoder().decode(SetGame.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.clock == nil)
        var played = old
        played.select(Fixtures.table[0], at: moment(3))
        #expect(played.clock == nil)
    }
}
