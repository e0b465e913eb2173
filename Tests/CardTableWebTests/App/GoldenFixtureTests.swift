import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Every stored Codable type reads its golden file (see ``GoldenFixture``), and writes it back
/// byte for byte: a change that can no longer read a saved game, or that silently changes what is
/// written, fails here.
@Suite struct GoldenFixtureTests {
    // MARK: - Memorize

    @Test func aMemorizeGameWithMatchesSeenCardsAndARunningBonusReads() throws {
        let game = try GoldenFixture.decode(MemoryGame<String>.self, from: "memorize-game.json")
        #expect(game.cards.count == 6)
        #expect(Set(game.cards.filter(\.isMatched).map(\.id)) == [0, 1])
        #expect(Set(game.cards.filter(\.hasBeenSeen).map(\.id)) == [0, 1, 2, 4, 5])
        #expect(game.cards.filter(\.isFaceUp).map(\.id) == [4])
        #expect(game.cards.first { $0.id == 4 }?.content == "👩🏽‍🚀")
        #expect(
            game.scoreBreakdown == ScoreBreakdown(matchPoints: 2, speedBonusPoints: 8, mismatchPenalties: 1))
        #expect(game.speedBonus == .standard)
        let faceUp = try #require(game.cards.first { $0.isFaceUp })
        #expect(game.bonusTimeRemaining(for: faceUp, at: Date(timeIntervalSinceReferenceDate: 34)) == 6)
        // NB: stored before moves and time were counted.
        #expect(game.progress == nil)
        try expectRewritten(game, as: "memorize-game.json")
    }

    @Test func aMemorizeGameWithItsMovesAndStartReads() throws {
        let game = try GoldenFixture.decode(MemoryGame<String>.self, from: "memorize-game-with-progress.json")
        #expect(game.progress == GameProgress(moves: 4, startedAt: Date(timeIntervalSinceReferenceDate: 12)))
        #expect(game.progress?.playingTime(at: Date(timeIntervalSinceReferenceDate: 40)) == 28)
        try expectRewritten(game, as: "memorize-game-with-progress.json")
    }

    @Test func aMemorizeGameWithoutASpeedBonusReads() throws {
        let game = try GoldenFixture.decode(MemoryGame<String>.self, from: "memorize-game-without-bonus.json")
        #expect(game.speedBonus == nil)
        #expect(game.cards.map(\.content) == ["A", "B", "B", "A"])
        #expect(game.cards.map(\.isFaceUp) == [true, false, false, false])
        try expectRewritten(game, as: "memorize-game-without-bonus.json")
    }

    @Test func everyKindOfMemorizeChoiceReads() throws {
        let choices = try GoldenFixture.decode([MemorizeLastChoice].self, from: "memorize-last-choices.json")
        #expect(
            choices == [
                MemorizeLastChoice(cardID: 0, outcome: .turnedUp),
                MemorizeLastChoice(cardID: 1, outcome: .matched(points: 10)),
                MemorizeLastChoice(cardID: 4, outcome: .mismatched(penalty: 0)),
                MemorizeLastChoice(cardID: 2, outcome: .mismatched(penalty: 1)),
                MemorizeLastChoice(cardID: 4, outcome: .ignored),
            ])
        try expectRewritten(choices, as: "memorize-last-choices.json")
    }

    /// The `last_choice` column holds a choice, or (later) the mark of a game dealt in place of one
    /// that could not be read.
    @Test func aLastChoiceColumnReadsChoicesAndTheSetAsideMark() throws {
        let stored = try GoldenFixture.decode([StoredLastChoice].self, from: "memorize-last-choices.json")
        let choices = try GoldenFixture.decode([MemorizeLastChoice].self, from: "memorize-last-choices.json")
        #expect(stored == choices.map(StoredLastChoice.choice))
        try expectRewritten(stored, as: "memorize-last-choices.json")
        let mark = try GoldenFixture.decode(
            StoredLastChoice.self, from: "memorize-last-choice-set-aside.json")
        #expect(mark == .setAside)
        try expectRewritten(mark, as: "memorize-last-choice-set-aside.json")
    }

    // MARK: - Themes

    @Test func everyKindOfThemeColorReads() throws {
        let colors = try GoldenFixture.decode([ThemeColor].self, from: "theme-colors.json")
        let orange = try #require(RGBAColor(hex: "#ff8000bf"))
        let blue = try #require(RGBAColor(hex: "#336699"))
        #expect(
            colors == [
                .named("orange"), .named("not-a-color"), .rgba(orange),
                .gradient(.named("teal"), .rgba(blue)),
            ])
        try expectRewritten(colors, as: "theme-colors.json")
    }

    @Test func themeEmojiListsRead() throws {
        let emojis = try GoldenFixture.decode([String].self, from: "theme-emojis.json")
        #expect(emojis == ["🐸", "👍🏿", "🇳🇱", "👩🏽‍🚀", "❤️", "1️⃣", "<b>&"])
        try expectRewritten(emojis, as: "theme-emojis.json")
    }

    // MARK: - Set

    @Test func aSoloSetGameWithAHintAndMissedSetsReads() throws {
        let game = try GoldenFixture.decode(SetGame.self, from: "set-game-solo.json")
        #expect(game.mode == .solo)
        #expect(game.table.count == 15)
        #expect(game.deck.count == 63)
        #expect(game.discardPile == cards(5, 43, 72))
        #expect(game.selection == cards(13))
        #expect(game.hint == SetTrio(card(0), card(44), card(76)).map { SetHint.match(.set($0)) })
        #expect(game.missedSets.count == 1)
        #expect(game.missedSets.first?.matches.count == 5)
        #expect(game.missedSets.first?.player == .one)
        #expect(game.missedSets.first?.date == Date(timeIntervalSinceReferenceDate: 120))
        #expect(game.score == -1)
        #expect(game.scoring == .standard)
        #expect(game.tableChangedAt == Date(timeIntervalSinceReferenceDate: 120))
        // NB: stored before the game's clock was kept.
        #expect(game.clock == nil)
        try expectRewritten(game, as: "set-game-solo.json")
    }

    @Test func aFinishedSetGameWithItsClockReads() throws {
        let game = try GoldenFixture.decode(SetGame.self, from: "set-game-finished-with-clock.json")
        #expect(game.isOver)
        #expect(
            game.clock
                == SetGameClock(
                    startedAt: Date(timeIntervalSinceReferenceDate: 60),
                    finishedAt: Date(timeIntervalSinceReferenceDate: 300.5)))
        #expect(game.clock?.playingTime(at: .distantFuture) == 240.5)
        try expectRewritten(game, as: "set-game-finished-with-clock.json")
    }

    @Test func aTwoPlayerGameMidClaimWithAGracePeriodAndALockoutReads() throws {
        let game = try GoldenFixture.decode(SetGame.self, from: "set-game-two-players.json")
        let state = try #require(game.twoPlayer)
        #expect(state.rules == .standard)
        #expect(state.claim?.player == .two)
        #expect(state.claim?.isPenaltyFree == true)
        #expect(state.claimTimeRemaining(at: Date(timeIntervalSinceReferenceDate: 210)) == 4)
        #expect(state.gracePeriod?.player == .two)
        #expect(state.graceTimeRemaining(at: Date(timeIntervalSinceReferenceDate: 213)) == 10)
        #expect(state.lockedOutUntil.one == Date(timeIntervalSinceReferenceDate: 207.2))
        #expect(state.lockedOutUntil.two == nil)
        #expect(game.scores == PlayerPair(one: -5, two: 0))
        #expect(game.selection == cards(31))
        #expect(game.missedSets.first?.player == .one)
        try expectRewritten(game, as: "set-game-two-players.json")
    }

    @Test func everySetLastMoveReads() throws {
        let moves = try GoldenFixture.decode([SetLastMove].self, from: "set-last-moves.json")
        let later = try GoldenFixture.decode(SetLastMove.self, from: "set-last-move-set-aside.json")
        #expect(Set((moves + [later]).map(Self.caseName)) == Set(Self.allCaseNames))
        #expect(moves[1] == .selected(card(40)))
        #expect(
            moves[3]
                == .matched(.set(try #require(SetTrio(card(5), card(43), card(72)))), by: .two, points: 5))
        #expect(moves[6] == .dealt(cards(0, 40, 80), by: .one, penalty: 0, missed: nil))
        guard case .dealt(let dealt, .two, 3, let missed?) = moves[7] else {
            Issue.record("The eighth move should be a deal that missed Sets: \(moves[7])")
            return
        }
        #expect(dealt == cards(1, 41, 78))
        #expect(missed.matches.count == 5)
        // NB: hints saved before their cost was kept read without one.
        #expect(moves[8] == .hint(by: .two, cost: nil))
        #expect(moves[21] == .rejected(.lockedOut(until: Date(timeIntervalSinceReferenceDate: 207))))
        #expect(
            moves[22] == .rejected(.gracePeriod(for: .one, until: Date(timeIntervalSinceReferenceDate: 223))))
        try expectRewritten(moves, as: "set-last-moves.json")
        #expect(later == .setAside)
        try expectRewritten(later, as: "set-last-move-set-aside.json")
    }

    @Test func aHintWithItsCostReads() throws {
        let move = try GoldenFixture.decode(SetLastMove.self, from: "set-last-move-hint-cost.json")
        #expect(move == .hint(by: .one, cost: 4))
        try expectRewritten(move, as: "set-last-move-hint-cost.json")
    }

    @Test func aSetTimeoutReads() throws {
        let timeout = try GoldenFixture.decode(SetTimeout.self, from: "set-timeout.json")
        #expect(timeout == SetTimeout(player: .two, penalty: 2))
        try expectRewritten(timeout, as: "set-timeout.json")
    }

    @Test func aSetGameWithEachPlayersTallyReads() throws {
        let game = try GoldenFixture.decode(SetGame.self, from: "set-game-with-tallies.json")
        let tallies = try #require(game.tallies)
        #expect(
            tallies.one
                == SetTally(
                    sets: 1, setPoints: 6, wrongSets: 1, wrongSetPenalties: 2, dealPenalties: 3,
                    hintPenalties: 4))
        #expect(tallies.one.total == game.score)
        #expect(tallies.two == SetTally())
        try expectRewritten(game, as: "set-game-with-tallies.json")
    }

    /// Two players: player one's claim ran out, which the tally keeps apart from wrong Sets.
    @Test func aTwoPlayerGameWithAClaimOutOfTimeReads() throws {
        let game = try GoldenFixture.decode(SetGame.self, from: "set-game-with-a-claim-out-of-time.json")
        let tallies = try #require(game.tallies)
        #expect(tallies.one == SetTally(claimsOutOfTime: 1, claimOutOfTimePenalties: 2))
        #expect(tallies.one.total == game.scores.one)
        #expect(tallies.two == SetTally())
        #expect(game.twoPlayer?.lockedOutUntil.one == Date(timeIntervalSinceReferenceDate: 219))
        try expectRewritten(game, as: "set-game-with-a-claim-out-of-time.json")
    }

    @Test func aSetGameSavedBeforeTalliesReadsWithoutOne() throws {
        #expect(try GoldenFixture.decode(SetGame.self, from: "set-game-solo.json").tallies == nil)
    }

    // MARK: - Stats and the daily puzzle

    @Test func finishedGameBreakdownsRead() throws {
        let memorizeText = try GoldenFixture.text("finished-game-memorize-breakdown.json")
        let setText = try GoldenFixture.text("finished-game-set-breakdown.json")
        let moment = Date(timeIntervalSinceReferenceDate: 200)
        let memorize = try FinishedGameRecord(
            game: "memorize", theme: "Animals", mode: "solo", score: 17, breakdown: memorizeText,
            durationMilliseconds: 61_250, moves: 14, finishedAt: moment
        ).finishedGame()
        #expect(
            memorize.breakdown
                == .memorize(
                    matches: 8,
                    points: ScoreBreakdown(matchPoints: 16, speedBonusPoints: 4, mismatchPenalties: 3)))
        #expect(memorize.seconds == 61.25)
        #expect(try FinishedGameRecord(memorize).breakdown == memorizeText)
        let set = try FinishedGameRecord(
            game: "set", theme: nil, mode: "two-player", score: -3, breakdown: setText,
            durationMilliseconds: 20_000,
            moves: 2, finishedAt: moment
        ).finishedGame()
        #expect(set.mode == .twoPlayer)
        #expect(
            set.breakdown
                == .set(
                    SetTally(
                        sets: 1, setPoints: 6, wrongSets: 1, wrongSetPenalties: 2, dealPenalties: 3,
                        hintPenalties: 4)))
        #expect(try FinishedGameRecord(set).breakdown == setText)
        // Written before claims out of time were kept: none.
        #expect(
            set.breakdownText == "1 Set: 6 points − 2 for 1 wrong Set − 3 for needless deals − 4 for hints")
    }

    @Test func aFinishedSetGameWithAClaimOutOfTimeReads() throws {
        let text = try GoldenFixture.text("finished-game-set-breakdown-with-claims-out-of-time.json")
        let game = try FinishedGameRecord(
            game: "set", theme: nil, mode: "two-player", score: 2, breakdown: text,
            durationMilliseconds: 30_000,
            moves: 2, finishedAt: Date(timeIntervalSinceReferenceDate: 300)
        ).finishedGame()
        #expect(
            game.breakdown
                == .set(
                    SetTally(
                        sets: 1, setPoints: 6, wrongSets: 1, wrongSetPenalties: 2, claimsOutOfTime: 1,
                        claimOutOfTimePenalties: 2)))
        #expect(game.breakdownText == "1 Set: 6 points − 2 for 1 wrong Set − 2 for 1 claim out of time")
        #expect(try FinishedGameRecord(game).breakdown == text)
    }

    /// A row written before `finished_game.variant` (migration `v10-set-variants`) has none: its
    /// game of Set is Normal, and is written back as `normal`; Memorize stays without one.
    @Test func aFinishedSetGameFromBeforeVariantsReadsAsNormal() throws {
        let text = try GoldenFixture.text("finished-game-set-breakdown.json")
        let game = try FinishedGameRecord(
            game: "set", theme: nil, mode: "solo", score: -3, breakdown: text, durationMilliseconds: 20_000,
            moves: 2, finishedAt: Date(timeIntervalSinceReferenceDate: 200)
        ).finishedGame()
        #expect(game.variant == .normal)
        #expect(PlayerStats.record(of: game) == .set(.solo, variant: .normal))
        #expect(try FinishedGameRecord(game).variant == "normal")
        let memorize = try FinishedGameRecord(
            game: "memorize", theme: "Animals", mode: "solo", score: 17,
            breakdown: try GoldenFixture.text("finished-game-memorize-breakdown.json"),
            durationMilliseconds: 61_250, moves: 14, finishedAt: Date(timeIntervalSinceReferenceDate: 200)
        ).finishedGame()
        #expect(memorize.variant == nil)
        #expect(try FinishedGameRecord(memorize).variant == nil)
        #expect(throws: UnreadableFinishedGame.self) {
            try FinishedGameRecord(
                game: "memorize", theme: "Animals", mode: "solo", variant: "chain", score: 17,
                breakdown: try GoldenFixture.text("finished-game-memorize-breakdown.json"),
                durationMilliseconds: 61_250, moves: 14, finishedAt: Date(timeIntervalSinceReferenceDate: 200)
            ).finishedGame()
        }
    }

    @Test func aDailyPuzzleGoReads() throws {
        let progress = try GoldenFixture.decode(DailyPuzzleProgress.self, from: "daily-progress.json")
        #expect(progress.date.description == "2026-11-25")
        #expect(progress.found.map { $0.cards.map(\.id) } == [[16, 30, 74], [17, 29, 77]])
        #expect(progress.wrongTries == 1)
        #expect(progress.clock == SetGameClock(startedAt: Date(timeIntervalSinceReferenceDate: 100)))
        try expectRewritten(progress, as: "daily-progress.json")
    }

    @Test func everyKindOfDailyClaimReads() throws {
        let claims = try GoldenFixture.decode([DailyLastClaim].self, from: "daily-last-claims.json")
        #expect(claims.map(\.outcome) == [.found, .notASet, .alreadyFound, .notThreeCards, .alreadySolved])
        #expect(claims[1].cards == [29, 70, 77])
        #expect(claims[1].message.hasPrefix("Not a Set: "))
        try expectRewritten(claims, as: "daily-last-claims.json")
    }

    // MARK: - Rooms

    /// A Memorize room showing a mismatch, stored before the time a mismatch showed was kept: it
    /// reads, and its mismatch is overdue, so it turns back at once.
    @Test func aMemorizeRoomShowingAMismatchReads() throws {
        var room = try GoldenFixture.decode(Room.self, from: "room-memorize-mismatch.json")
        #expect(room.members.map(\.name.text) == ["Ana", "Bo"])
        #expect(room.phase == .playing)
        #expect(room.isShowingMismatch)
        #expect(room.mismatchTurnsBack(after: 1.5) == .distantPast)
        try expectRewritten(room, as: "room-memorize-mismatch.json")
        let turned = room.turnMismatchBack(shownFor: 1.5, at: Date(timeIntervalSinceReferenceDate: 0))
        #expect(turned.map(\.kind) == [.turnedBack])
        #expect(!room.isShowingMismatch)
    }

    /// A Set room stored before deal times were kept (only the event that dealt each card): it
    /// reads and writes back unchanged, its cards reached everyone long ago (a claim of them is
    /// judged), and the next change notes when it dealt its cards.
    @Test func aSetRoomStoredBeforeDealTimesReads() throws {
        var room = try GoldenFixture.decode(Room.self, from: "room-set-dealt-events.json")
        #expect(room.members.map(\.name.text) == ["Ana", "Bo"])
        #expect(room.setCardsDealtAt?.count == 12 && room.setCardsDealtTime == nil)
        #expect(room.setCardArrivals(through: nil).isEmpty)
        try expectRewritten(room, as: "room-set-dealt-events.json")
        guard case .set(let game)? = room.table else {
            Issue.record("A Set room's table is a Set game")
            return
        }
        let wrong = try #require(
            game.table.indices.lazy.compactMap { index -> [Int]? in
                let cards = [game.table[0], game.table[1], game.table[index]]
                return index > 1 && !SetRules.isSet(cards[0], cards[1], cards[2]) ? cards.map(\.id) : nil
            }.first)
        let moment = Date(timeIntervalSinceReferenceDate: 100)
        let host = room.host.player
        #expect(try room.claim(wrong, by: host, at: moment).map(\.kind) == [.wrongSet])
        let before = room
        let trio = try #require(game.matchesOnTable.first).cards.map(\.id)
        _ = try room.claim(trio, by: host, at: moment)
        room.noteCardsDealt(since: before, firstEvent: 5, at: moment)
        guard case .set(let after)? = room.table else { return }
        let dealt = Set(after.table).subtracting(game.table)
        #expect(Set(room.setCardArrivals(through: nil).keys) == dealt)
    }

    // MARK: - Rows

    @Test func storedRowsMadeOfTheFixturesLoad() async throws {
        let store = try SQLiteDatabase(.inMemory)
        let player = PlayerID.random()
        let now = Date(timeIntervalSinceReferenceDate: 300)
        try await store.storePlayer(player, at: now)
        let theme = try #require(try await store.themes(of: player).first)
        let texts = try [
            "memorize-game.json", "memorize-last-choices.json", "set-game-two-players.json",
            "set-last-moves.json", "set-timeout.json", "theme-emojis.json", "theme-colors.json",
        ].map(GoldenFixture.text)
        try await store.dbWriter.write { db in
            try db.execute(
                sql: """
                    INSERT INTO memorize_game (player_id, slot, theme_id, state, last_choice, updated_at)
                    VALUES (?, ?, ?, ?, json_extract(?, '$[3]'), ?);
                    INSERT INTO set_game (player_id, state, last_move, timeout, version, color_blind, updated_at)
                    VALUES (?, ?, json_extract(?, '$[7]'), ?, 12, 1, ?);
                    UPDATE theme SET emojis = ?, removed_emojis = '["🐝"]', color = json_extract(?, '$[3]') WHERE id = ?;
                    """,
                arguments: [
                    player.rawValue, "theme-\(theme.id)", theme.id.rawValue, texts[0], texts[1], now,
                    player.rawValue, texts[2], texts[3], texts[4], now,
                    texts[5], texts[6], theme.id.rawValue,
                ])
        }

        let memorize = try #require(try await store.memorizeGame(in: .theme(theme.id), for: player))
        #expect(
            memorize.game == (try GoldenFixture.decode(MemoryGame<String>.self, from: "memorize-game.json")))
        #expect(memorize.lastChoice == MemorizeLastChoice(cardID: 2, outcome: .mismatched(penalty: 1)))
        #expect(
            memorize.theme.theme.emojis
                == (try GoldenFixture.decode([String].self, from: "theme-emojis.json")))
        #expect(memorize.theme.theme.removedEmojis == ["🐝"])
        #expect(
            memorize.theme.theme.color
                == .gradient(.named("teal"), .rgba(try #require(RGBAColor(hex: "#336699")))))

        let set = try #require(try await store.setGame(for: player))
        #expect(set.game == (try GoldenFixture.decode(SetGame.self, from: "set-game-two-players.json")))
        #expect(
            set.lastMove == (try GoldenFixture.decode([SetLastMove].self, from: "set-last-moves.json"))[7])
        #expect(set.timeout == SetTimeout(player: .two, penalty: 2))
        #expect(set.colorBlind)
        #expect(set.version == 12)
        #expect(try await quarantineCount(in: store) == 0)
    }

    // MARK: - Helpers

    /// Today's code writes `value` as the fixture's exact text.
    private func expectRewritten(
        _ value: some Encodable, as name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try JSONText.encode(value) == GoldenFixture.text(name), sourceLocation: sourceLocation)
    }

    private func card(_ id: Int) -> SetCard { SetCard(id: id)! }

    private func cards(_ ids: Int...) -> [SetCard] { ids.map(card) }

    private func quarantineCount(in store: SQLiteDatabase) async throws -> Int {
        try await store.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quarantine") ?? 0
        }
    }

    private static let allCaseNames = [
        "newGame", "selected", "deselected", "matched", "mismatched", "clearedMatch", "dealt", "hint",
        "claimed",
        "timedOut", "colorBlindMode", "outdated", "rejected", "setAside",
    ]

    /// NB: a switch without `default`, so a new case does not compile until the fixture has it too.
    private static func caseName(_ move: SetLastMove) -> String {
        switch move {
        case .newGame: "newGame"
        case .selected: "selected"
        case .deselected: "deselected"
        case .matched: "matched"
        case .mismatched: "mismatched"
        case .clearedMatch: "clearedMatch"
        case .dealt: "dealt"
        case .hint: "hint"
        case .claimed: "claimed"
        case .timedOut: "timedOut"
        case .colorBlindMode: "colorBlindMode"
        case .outdated: "outdated"
        case .rejected: "rejected"
        case .setAside: "setAside"
        }
    }
}
