import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// Taps that arrive together, on the production store: a `DatabasePool` on a file, whose readers
/// run beside its writer. A tap that loaded and saved its game in two transactions would lose
/// writes here (an in-memory `DatabaseQueue` runs everything one after the other).
@Suite struct ConcurrentTapTests {
    @Test func simultaneousTapsNeverCorruptAGame() async throws {
        try await withFileStoreApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            _ = try await browser.get("/play/\(theme.id)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<40 {
                    group.addTask {
                        let response = try await browser.post("/play/\(theme.id)/choose/\(round % 16 + 1)")
                        #expect(response.status == .seeOther)
                    }
                }
                try await group.waitForAll()
            }
            let game = try #require(
                try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player)
            )
            .game
            #expect(game.cards.filter { $0.isFaceUp && !$0.isMatched }.count <= 2)
            #expect(game.cards.filter(\.isMatched).count % 2 == 0)
            #expect(Set(game.cards.map(\.id)).count == game.cards.count)
        }
    }

    /// Two taps at once on a fresh game must both count: a lost write would leave one card. The
    /// tap applied second is timed after the first (the test clock steps 30 s a reading), so a
    /// match never earns a speed bonus here, whichever tap commits first.
    @Test func simultaneousTapsOnTwoCardsBothCount() async throws {
        try await withFileStoreApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            for _ in 0..<12 {
                _ = try await browser.post("/play/\(theme.id)/new")
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for card in 1...2 {
                        group.addTask {
                            let response = try await browser.post("/play/\(theme.id)/choose/\(card)")
                            #expect(response.status == .seeOther)
                        }
                    }
                    try await group.waitForAll()
                }
                let game = try #require(
                    try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player)
                )
                .game
                let touched = game.cards.filter { $0.isFaceUp || $0.isMatched }
                #expect(touched.count == 2)
                #expect(touched.map(\.id) == Array(game.cards.prefix(2)).map(\.id))
                let isMatch = game.cards[0].content == game.cards[1].content
                #expect(touched.allSatisfy { $0.isMatched == isMatch })
                // Neither card had been seen before, so a mismatch costs nothing.
                #expect(game.score == (isMatch ? 2 : 0))
            }
        }
    }

    /// Runs `test` against the app on the production store: a `DatabasePool` on a temporary file.
    private func withFileStoreApp(_ test: @Sendable (TestSession) async throws -> Void) async throws {
        try await withTemporaryDatabase { path in
            try await withTestApp(store: try SQLiteDatabase(.file(path: path)), test)
        }
    }
}
