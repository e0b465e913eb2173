import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Rows exactly as earlier versions stored them keep reading: saved games are never lost to a
/// format change. Each fixture is the text a landed version wrote.
@Suite struct SavedFormatTests {
    let store: SQLiteDatabase
    let player = PlayerID.random()

    init() async throws {
        store = try SQLiteDatabase(.inMemory)
        try await store.storePlayer(player, at: Date(timeIntervalSinceReferenceDate: 0))
    }

    // MARK: - Set

    @Test func aDealSavedBeforeItNamedTheMissedSetsStillReads() throws {
        let move = try JSONText.decode(SetLastMove.self, from: Golden.dealWithoutMissedSets)
        #expect(move == .dealt(cards(12, 13, 14), by: .one, penalty: 3, missed: nil))
    }

    @Test func aDealNamesTheSetsItMissed() throws {
        let move = try JSONText.decode(SetLastMove.self, from: Golden.dealWithMissedSets)
        guard case .dealt(_, .one, 3, let missed?) = move else {
            Issue.record("The deal should name its missed Sets: \(move)")
            return
        }
        #expect(missed.matches.count == 13)
        #expect(try JSONText.encode(move) == Golden.dealWithMissedSets)
    }

    @Test func aSetGameRowFromBeforeMissedSetsPlaysOn() async throws {
        try await insertSetGame(state: Golden.setGame, lastMove: Golden.dealWithoutMissedSets)
        let saved = try #require(try await store.setGame(for: player))
        #expect(saved.game.table == cards(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14))
        #expect(saved.game.deck == cards(15, 16, 17))
        #expect(saved.game.score == -3)
        #expect(saved.version == 4)
        // NB: the old row does not say which Sets the deal missed, so no review is drawn for it.
        #expect(SetMissedReview(saved) == nil)

        let referee = SetReferee(
            games: store, environment: WebEnvironment(), secret: .random(), logger: .init(label: "test"))
        let dealt = try await referee.deal(by: .one, version: 4, for: player).saved
        #expect(dealt.game.table.count == 18)
        #expect(dealt.version == 5)
    }

    // MARK: - Memorize

    @Test func aMemorizeGameRowReadsAsItWasSaved() async throws {
        let theme = try #require(try await store.themes(of: player).first)
        try await store.dbWriter.write { [player] db in
            try db.execute(
                sql: """
                    INSERT INTO memorize_game (player_id, slot, theme_id, state, last_choice, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    player.rawValue, "theme-\(theme.id)", theme.id.rawValue, Golden.memorizeGame,
                    Golden.memorizeChoice, Date(timeIntervalSinceReferenceDate: 10),
                ])
        }
        let saved = try #require(try await store.memorizeGame(in: .theme(theme.id), for: player))
        #expect(saved.game.cards.map(\.content) == ["🦄", "🐸", "🦄", "🐸"])
        #expect(saved.game.cards.map(\.isFaceUp) == [true, false, false, false])
        #expect(saved.lastChoice == MemorizeLastChoice(cardID: 1, outcome: .turnedUp))
        #expect(saved.game.speedBonus == .standard)
    }

    // MARK: - Helpers

    private func cards(_ ids: Int...) -> [SetCard] { ids.compactMap(SetCard.init(id:)) }

    private func insertSetGame(state: String, lastMove: String) async throws {
        try await store.dbWriter.write { [player] db in
            try db.execute(
                sql: """
                    INSERT INTO set_game (player_id, state, last_move, timeout, version, color_blind, updated_at)
                    VALUES (?, ?, ?, NULL, 4, 0, ?)
                    """,
                arguments: [player.rawValue, state, lastMove, Date(timeIntervalSinceReferenceDate: 5)])
        }
    }
}

/// The stored text of landed versions, byte for byte.
private enum Golden {
    /// A `set_game.state`: 15 cards on the table after a needless Deal 3 (format of v2-set-games).
    static let setGame = """
        {"deck":[15,16,17],"discardPile":[],"missedSets":[{"date":5,"player":"one","sets":[[0,1,2],[0,3,6],\
        [0,4,8],[0,5,7],[1,3,8],[1,4,7],[1,5,6],[2,3,7],[2,4,6],[2,5,8],[3,4,5],[6,7,8],[9,10,11]]}],\
        "scores":{"one":-3,"two":0},"scoring":{"hintPenalty":4,"matchPoints":3,"mismatchPenalty":2,\
        "needlessDealPenalty":3,"speedBonusMaximum":3,"speedBonusStep":10},"selection":[],\
        "table":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14],"tableChangedAt":5}
        """
    /// A `set_game.last_move` for that deal as the first landed version wrote it, before a deal
    /// named its missed Sets.
    static let dealWithoutMissedSets = #"{"dealt":{"_0":[12,13,14],"by":"one","penalty":3}}"#
    /// The same deal as it is written now.
    static let dealWithMissedSets = """
        {"dealt":{"_0":[12,13,14],"by":"one","missed":{"date":5,"player":"one","sets":[[0,1,2],[0,3,6],\
        [0,4,8],[0,5,7],[1,3,8],[1,4,7],[1,5,6],[2,3,7],[2,4,6],[2,5,8],[3,4,5],[6,7,8],[9,10,11]]},\
        "penalty":3}}
        """
    /// A `memorize_game.state`: two pairs, the first card face up, the speed bonus running.
    static let memorizeGame = """
        {"cards":[{"content":"🦄","hasBeenSeen":false,"id":1,"isFaceUp":true,"isMatched":false},\
        {"content":"🐸","hasBeenSeen":false,"id":3,"isFaceUp":false,"isMatched":false},\
        {"content":"🦄","hasBeenSeen":false,"id":0,"isFaceUp":false,"isMatched":false},\
        {"content":"🐸","hasBeenSeen":false,"id":2,"isFaceUp":false,"isMatched":false}],\
        "oneAndOnlyTurnedUpAt":10,"scoreBreakdown":{"matchPoints":0,"mismatchPenalties":0,\
        "speedBonusPoints":0},"speedBonus":{"maxExtraPoints":8,"window":10}}
        """
    /// A `memorize_game.last_choice`.
    static let memorizeChoice = #"{"cardID":1,"outcome":{"turnedUp":{}}}"#
}
