import Foundation
import MemorizeCore
import Mustache
import SeededRandom
import SetCore
import SetTestSupport
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableWeb

/// The page models answer the templates' lookups by name (`MustacheParent`) instead of by
/// reflection, which is most of what rendering used to cost. These tests hold every such answer
/// to what reflection finds: for each page in many states, every CardTableWeb value a template
/// can reach answers each of its stored properties with the same value.
@Suite struct TemplateValuesTests {
    @Test(arguments: SetPageCase.allCases)
    func setPage(_ state: SetPageCase) throws {
        try expectAnswersMatchReflection(state.page(), path: "SetPage(\(state))")
    }

    @Test(arguments: [false, true])
    func memorizePage(isOver: Bool) throws {
        try expectAnswersMatchReflection(Self.memorizePage(isOver: isOver), path: "MemorizePage")
    }

    /// A peek at the start, and a mismatch that turns back after the player's delay.
    @Test(arguments: [false, true])
    func memorizePageAtThePlayersPace(isPeeking: Bool) throws {
        let start = Date(timeIntervalSince1970: 1_000_000)
        var generator = SeededGenerator(seed: 5)
        var game = MemoryGame<String>(numberOfPairsOfCards: 3, using: &generator) { ["🐶", "🐱", "🐭"][$0] }
        if isPeeking {
            game.startPeek(at: start, lasting: MemorizePreferences.peekDuration)
        } else {
            let other = try #require(game.cards.first { $0.content != game.cards[0].content })
            game.choose(game.cards[0], at: start)
            game.choose(other, at: start)
        }
        let table = MemorizeTable(
            game: SavedMemorizeGame(slot: .random, theme: Self.themes[0], game: game, deal: 7),
            preferences: MemorizePreferences(peeksAtStart: true, turnBackDelay: .oneAndAHalfSeconds))
        let page = MemorizePage(table, now: start.addingTimeInterval(1))
        #expect((page.peek != nil) == isPeeking)
        #expect((page.turnBackAfter != nil) == !isPeeking)
        expectAnswersMatchReflection(page, path: "MemorizePage")
    }

    @Test func chooserPage() {
        let themes = Self.themes
        let pages = [
            ChooserPage(themes: themes, isEditing: false),
            ChooserPage(
                themes: themes, isEditing: true, deleted: themes[0], setAsideCount: 2, missingBuiltInCount: 3),
            ChooserPage(themes: [], isEditing: false, missingBuiltInCount: 1),
            ChooserPage(themes: themes, isEditing: true, editor: ThemeEditorState(themes[1])),
            ChooserPage(themes: themes, isEditing: true, editor: Self.editorWithErrors()),
            ChooserPage(
                themes: themes, isEditing: false,
                findRoomProblem: FieldProblem(field: "room-code", typed: "K0Q", message: "code must be…")),
        ]
        for (index, page) in pages.enumerated() {
            expectAnswersMatchReflection(page, path: "ChooserPage#\(index)")
        }
    }

    @Test func setRulesPage() {
        expectAnswersMatchReflection(SetRulesPage(), path: "SetRulesPage")
    }

    /// A room's page in the lobby, during a Set game and a Memorize game, and after one.
    @Test func roomPage() throws {
        let (host, guest) = (PlayerID.random(), PlayerID.random())
        let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
        var generator = SeededGenerator(seed: 4)
        for game in [CardGame.set, .memorize] {
            var room = Room(
                code: RoomCode("K7QX4P")!, game: game, theme: game == .memorize ? Self.themes[0].theme : nil,
                host: host, hostName: try DisplayName(typed: "Ana"))
            _ = try room.join(guest, as: try DisplayName(typed: "<b>Bo</b>"))
            let lines = [
                ChatLine(number: 3, member: 2, name: "<b>Bo</b>", text: "<i>hi</i>"),
                ChatLine(number: 4, member: 1, name: "Ana", text: "hello"),
            ]
            var pages = [
                RoomPage(
                    StoredRoom(room: room, lastEvent: 2), for: host, announcement: "Bo joined.",
                    origin: "http://127.0.0.1:8080",
                    chat: RoomChatPanel(
                        StoredRoom(room: room, lastEvent: 4), for: host, lines: lines, muted: [guest],
                        sentBack: FieldProblem(field: "room-chat-text", typed: "<x>", message: "text: …")))
            ]
            _ = try room.start(by: host, using: &generator, at: now)
            _ = room.leave(guest, at: now)
            pages.append(
                RoomPage(
                    StoredRoom(room: room, lastEvent: 4), for: guest, announcement: "", origin: "http://h"))
            pages.append(
                RoomPage(
                    StoredRoom(room: room, lastEvent: 4), for: PlayerID.random(), announcement: "",
                    origin: "http://h",
                    joining: FieldProblem(field: "room-name", typed: "Ana", message: "Someone is called Ana.")
                ))
            pages.append(
                RoomPage(
                    StoredRoom(room: room, lastEvent: 5, closedAt: now), for: PlayerID.random(),
                    announcement: "The room closed.", origin: "http://h"))
            _ = room.comeBack(guest)
            var events: [String] = []
            try Self.playToTheEnd(&room, players: [host, guest], at: now) { happening, room in
                events.append(
                    try JSONText.encode(
                        RoomEvent(
                            number: events.count + 1, game: 1, kind: happening.kind, text: happening.text,
                            member: happening.member, cards: happening.cards, view: RoomView(room))))
            }
            pages.append(
                RoomPage(
                    StoredRoom(room: room, lastEvent: 40), for: guest, announcement: "Game over!",
                    origin: "http://h"))
            for (index, page) in pages.enumerated() {
                expectAnswersMatchReflection(page, path: "RoomPage.\(game)#\(index)")
            }
            for move in [1, events.count / 2, events.count] {
                expectAnswersMatchReflection(
                    try RoomReplayPage(
                        code: room.code, game: 1, events: events, move: move, origin: "http://h"),
                    path: "RoomReplayPage.\(game)@\(move)")
            }
        }
    }

    /// Plays `room`'s game to its end, the players taking turns (Set: the first Set on the table;
    /// Memorize: a pair, read from the table), calling `record` after each move.
    static func playToTheEnd(
        _ room: inout Room, players: [PlayerID], at now: Date,
        record: (RoomHappening, Room) throws -> Void
    ) throws {
        for turn in 0..<200 where room.phase == .playing {
            let happenings: [RoomHappening]
            switch room.table {
            case .set(let game)?:
                let trio = try #require(SetRules.allSets(in: game.table).first)
                happenings = try room.claim(trio.cards.map(\.id), by: players[turn % 2], at: now)
            case .memorize(let game)?:
                let player = try #require(room.member(atSeat: game.turn)).player
                let open = game.game.cards.filter { !$0.isMatched }
                let pair = try #require(
                    open.first { card in open.contains { $0.id != card.id && $0.content == card.content } })
                let match = try #require(open.first { $0.id != pair.id && $0.content == pair.content })
                happenings =
                    try room.choose(cardID: pair.id, by: player, at: now)
                    + room.choose(cardID: match.id, by: player, at: now)
            case nil:
                happenings = []
            }
            for happening in happenings { try record(happening, room) }
        }
        try #require(room.phase == .finished)
    }

    @Test func roomNewPage() {
        expectAnswersMatchReflection(RoomNewPage(game: .set, themeID: nil), path: "RoomNewPage.set")
        expectAnswersMatchReflection(
            RoomNewPage(
                game: .set, themeID: nil,
                nameProblem: FieldProblem(field: "room-name", typed: " ", message: "Type a name.")),
            path: "RoomNewPage.set, sent back")
        expectAnswersMatchReflection(
            RoomNewPage(game: .memorize, themeID: ThemeID(12)), path: "RoomNewPage.memorize")
    }

    @Test(arguments: DailyPageCase.allCases)
    func dailyPage(_ state: DailyPageCase) {
        expectAnswersMatchReflection(state.page(), path: "DailyPage(\(state))")
    }

    @Test func dailyArchivePage() {
        let today = PuzzleDate(daysSince1970: 20_000)
        let solve = DailySolve(
            date: today.adding(days: -2)!, seconds: 95, wrongTries: 1,
            solvedAt: Date(timeIntervalSince1970: 86_400 * 19_998 + 600))
        for last in [today, today.adding(days: -40)!] {
            expectAnswersMatchReflection(
                DailyArchivePage(endingOn: last, today: today, solves: [solve]), path: "DailyArchivePage")
        }
    }

    @Test func statsPage() {
        let streak = DailyStreak(solvedOnTheDay: [], today: PuzzleDate(daysSince1970: 20_000))
        expectAnswersMatchReflection(StatsPage(history: [], streak: streak), path: "StatsPage.empty")
        let history = [
            PlayerStatsTests.memorize("Animals", score: 10, at: 1),
            PlayerStatsTests.memorize("Faces", score: 14, at: 2),
            PlayerStatsTests.set(.solo, score: 40, sets: 20, seconds: 600, at: 3),
            PlayerStatsTests.set(.room, score: 4, sets: 5, seconds: 200, at: 4),
        ]
        expectAnswersMatchReflection(StatsPage(history: history, streak: streak), path: "StatsPage")
    }

    @Test func offlinePage() {
        expectAnswersMatchReflection(OfflinePage(), path: "OfflinePage")
    }

    @Test func errorPage() {
        expectAnswersMatchReflection(ErrorPage(AppError.badRequest("name must be text.")), path: "ErrorPage")
    }

    /// The check is not vacuous: a value that forgets a property is caught.
    @Test func aForgottenPropertyIsCaught() {
        let problems = TemplateValueCheck.problems(
            in: Forgetful(shown: "a", forgotten: "b"), path: "Forgetful")
        #expect(problems == ["Forgetful.forgotten: reflection finds \"b\", the template would find nil"])
    }

    // MARK: - Pages

    enum DailyPageCase: CaseIterable {
        case notStarted, started, wrongTry, solved, replay

        func page() -> DailyPage {
            let date = PuzzleDate(daysSince1970: 20_000)
            let puzzle = DailySetPuzzle(date: date)
            let morning = Date(timeIntervalSince1970: 86_400 * 20_000 + 3_600)
            var progress = DailyPuzzleProgress(date: date)
            var lastClaim: DailyLastClaim?
            var firstSolve: DailySolve?
            if self != .notStarted { progress.start(at: morning) }
            if self == .wrongTry {
                let cards = Array(puzzle.cards.filter { !puzzle.sets[0].cards.contains($0) }.prefix(3))
                let outcome = progress.claim(cards, of: puzzle, at: morning + 30)
                lastClaim = DailyLastClaim(cards: cards, outcome: outcome)
            }
            if self == .solved || self == .replay {
                for (index, trio) in puzzle.sets.enumerated() {
                    let outcome = progress.claim(
                        trio.cards, of: puzzle, at: morning + Double(10 * (index + 1)))
                    lastClaim = DailyLastClaim(cards: trio.cards, outcome: outcome)
                }
                firstSolve = DailySolve(date: date, seconds: 60, wrongTries: 0, solvedAt: morning + 60)
            }
            if self == .replay {
                progress = DailyPuzzleProgress(date: date)
                progress.start(at: morning + 600)
                lastClaim = nil
            }
            let play: DailyPlay? =
                self == .notStarted ? nil : DailyPlay(progress: progress, lastClaim: lastClaim)
            return DailyPage(
                DailyReferee.Snapshot(
                    puzzle: puzzle, today: date, play: play, firstSolve: firstSolve,
                    streak: DailyStreak(solvedOnTheDay: firstSolve.map { [$0.date] } ?? [], today: date),
                    now: morning + 900))
        }
    }

    enum SetPageCase: CaseIterable {
        case fresh, twoSelected, notASet, hinted, needlessDeal, over, twoPlayerClaim, colorBlind

        func page() throws -> SetPage {
            let now = Date(timeIntervalSince1970: 1_000_000)
            var generator = SeededGenerator(seed: 11)
            var saved = SavedSetGame(game: SetGame(using: &generator, at: now))
            let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
            let deck = Array(SetCard.allCards.filter { !table.contains($0) }.prefix(9))
            switch self {
            case .fresh:
                break
            case .twoSelected:
                saved.game = try SetGame(deck: deck, table: table, at: now)
                _ = saved.game.select(table[0], at: now)
                _ = saved.game.select(table[1], at: now)
            case .notASet:
                saved.game = try SetGame(deck: deck, table: SetFixtures.noSetTable, at: now)
                for card in SetFixtures.noSetTable.prefix(3) { _ = saved.game.select(card, at: now) }
            case .hinted:
                saved.game = try SetGame(deck: deck, table: table, at: now)
                _ = saved.game.revealHint(at: now)
            case .needlessDeal:
                saved.game = try SetGame(deck: deck, table: table, at: now)
                saved.lastMove = SetLastMove(saved.game.dealThreeMore(at: now), by: .one)
            case .over:
                saved.game = try SetGame(deck: [], table: table, at: now)
                _ = saved.game.dealThreeMore(at: now)
                for card in SetFixtures.set { _ = saved.game.select(card, at: now) }
                _ = saved.game.dealThreeMore(at: now)
            case .twoPlayerClaim:
                saved.game = try SetGame(deck: deck, table: table, mode: .twoPlayer(.standard), at: now)
                _ = saved.game.claim(by: .two, at: now)
            case .colorBlind:
                saved.colorBlind = true
                _ = saved.game.select(saved.game.table[0], at: now)
            }
            let finished = FinishedGame(finishing: nil, as: saved, at: now)
            let best = BestComparison(
                gameFinishedAt: saved.game.clock?.finishedAt, game: .set, in: finished.map { [$0] } ?? [])
            return SetPage(SetReferee.Snapshot(saved: saved, now: now.addingTimeInterval(1)), best: best)
        }
    }

    static let themes = [
        SavedTheme(id: ThemeID(7), theme: Theme("Animals", "🐶🐱🐭🐹🐰🦊🐻🐼", color: .named("orange"))),
        SavedTheme(
            id: ThemeID(8),
            theme: Theme("Faces", "😀😃😄😁😆", pairs: 4, color: .gradient(.named("red"), .named("blue")))),
    ]

    static func memorizePage(isOver: Bool) throws -> MemorizePage {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let theme = themes[0]
        var generator = SeededGenerator(seed: 5)
        var game = MemoryGame<String>(numberOfPairsOfCards: 2, speedBonus: .standard, using: &generator) {
            theme.theme.emojis[$0]
        }
        let first = game.cards[0]
        _ = game.choose(first, at: start)
        var saved = SavedMemorizeGame(
            slot: .theme(theme.id), theme: theme, game: game,
            lastChoice: MemorizeLastChoice(cardID: first.id, outcome: .turnedUp), deal: 42)
        // NB: the face-up card's partner makes a match; with none face up, any unmatched card.
        for _ in 0..<(isOver ? saved.game.cards.count : 0) {
            let cards = saved.game.cards
            let faceUp = cards.first { $0.isFaceUp && !$0.isMatched }
            let partner = faceUp.flatMap { up in cards.first { $0.content == up.content && $0.id != up.id } }
            guard let next = partner ?? cards.first(where: { !$0.isMatched }) else { break }
            _ = saved.game.choose(next, at: start.addingTimeInterval(1))
        }
        #expect(saved.game.isOver == isOver)
        let finished = FinishedGame(finishing: nil, as: saved, at: start.addingTimeInterval(1))
        let earlier = PlayerStatsTests.memorize(theme.theme.name, score: -2, at: 0)
        let best = BestComparison(
            gameFinishedAt: saved.game.progress?.finishedAt, game: .memorize,
            in: [earlier] + (finished.map { [$0] } ?? []))
        #expect((best != nil) == isOver)
        return MemorizePage(MemorizeTable(game: saved), now: start.addingTimeInterval(0.5), best: best)
    }

    static func editorWithErrors() -> ThemeEditorState {
        var state = ThemeEditorState(themes[1])
        state.colorInputs = ColorInputs(.gradient(.named("red"), .named("green")))
        state.errors = [
            EditorMessage(.name, "Name must not be empty."),
            EditorMessage(.pairs, "Pairs must be a whole number."),
            EditorMessage(.notEmoji(["abc"])),
        ]
        state.unreadablePairs = "2.5"
        state.draft.removedEmojis = ["🐙"]
        return state
    }

    private func expectAnswersMatchReflection(_ page: some PageModel, path: String) {
        let problems = TemplateValueCheck.problems(in: page, path: path)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

/// A value that answers one of its two properties, to show the check catches that.
private struct Forgetful: MustacheParent {
    let shown: String
    let forgotten: String

    func child(named key: String) -> Any? { key == "shown" ? shown : nil }
}
