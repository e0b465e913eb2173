import Foundation
import SetCore
import Testing

@testable import CardTableWeb

/// Set's variants through HTTP: a Normal and a Set-Chain solo game have their own best, chart and
/// game-over comparison; the JSON and the CSV name the variant, and keep what they had.
@Suite struct SetVariantStatsHTTPTests {
    /// The stats JSON as a client that knows variants reads it.
    struct VariantsJSON: Decodable {
        struct Best: Decodable, Equatable {
            let game: String
            let name: String
            let variant: String?
            let score: Int
        }
        struct Game: Decodable, Equatable {
            let game: String
            let mode: String
            let variant: String?
            let score: Int
        }
        let bests: [Best]
        let recent: [Game]
    }

    @Test func aChainGameAndANormalGameKeepTheirOwnBestsAndCharts() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            // A Set-Chain solo game worth more than any Normal one, finished earlier.
            let chain = FinishedGame(
                game: .set, theme: nil, mode: .solo, score: 30,
                breakdown: .set(SetTally(sets: 6, setPoints: 30)),
                seconds: 120, moves: 6, finishedAt: Date(timeIntervalSince1970: 86_400), variant: .chain)
            try await session.store.write { try $0.record(chain, for: ana.player) }

            // The Normal game is the first of its record: Set-Chain's 30 is not its best to beat.
            _ = try await StatsHTTPTests.finishSetGame(ana, wrongTries: 1)
            let over = try await ana.get("/set").text
            #expect(over.contains("Your first finished game of Set, solo: the score to beat next time."))

            let page = try await ana.get("/stats").text
            #expect(page.contains(#"<dd data-stats-played>2</dd>"#))
            #expect(
                page.contains(
                    #"<tr><td>Set</td><td class="stats-name">solo</td><td class="number">4</td></tr>"#))
            #expect(
                page.contains(
                    #"<tr><td>Set-Chain</td><td class="stats-name">solo</td><td class="number">30</td></tr>"#)
            )
            #expect(page.occurrences(of: #"class="stats-svg" role="img""#) == 2)
            #expect(page.contains(#"<h2 id="stats-chart-set-solo">Set, solo: score over time</h2>"#))
            #expect(
                page.contains(#"<h2 id="stats-chart-set-chain-solo">Set-Chain, solo: score over time</h2>"#))
            #expect(
                page.contains("Set-Chain, solo: the score of 1 game, on 1970-01-02 (UTC), between 0 and 30."))
            // The last games name the variant.
            #expect(
                page.contains(#"stats-game stats-name">Set-Chain<span class="stats-detail"> solo</span>"#))
            // Seconds per Set counts the Normal game only (no clock: 0 s for 1 Set).
            #expect(page.contains("<dd>0.0 s</dd>"))

            let json = try await ana.get("/stats", json: true).decode(VariantsJSON.self)
            #expect(
                json.bests == [
                    .init(game: "Set", name: "solo", variant: "normal", score: 4),
                    .init(game: "Set", name: "solo", variant: "chain", score: 30),
                ])
            #expect(
                json.recent == [
                    .init(game: "set", mode: "solo", variant: "normal", score: 4),
                    .init(game: "set", mode: "solo", variant: "chain", score: 30),
                ])
            // A client from before variants reads the same fields as ever.
            let old = try await ana.get("/stats", json: true).decode(StatsPageJSON.self)
            #expect(old.bests.map(\.game) == ["Set", "Set"] && old.recent.map(\.mode) == ["solo", "solo"])

            let csv = try await ana.get("/stats/history.csv").text.components(separatedBy: "\r\n")
            #expect(csv[0].hasSuffix(",claims_out_of_time,claim_out_of_time_penalties,variant"))
            #expect(csv[1].hasSuffix(",set,,solo,30,120.000,6,,,,,6,30,0,0,0,0,0,0,chain"), "\(csv[1])")
            #expect(csv[2].hasSuffix(",set,,solo,4,0.000,2,,,,,1,6,1,2,0,0,0,0,normal"), "\(csv[2])")
        }
    }

    @Test func aMemorizeGameHasNoVariant() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            try await session.store.write {
                try $0.record(PlayerStatsTests.memorize("Animals", score: 12, at: 1), for: ana.player)
            }
            let json = try await ana.get("/stats", json: true).decode(VariantsJSON.self)
            #expect(json.bests == [.init(game: "Memorize", name: "Animals", variant: nil, score: 12)])
            #expect(json.recent.map(\.variant) == [nil])
            let csv = try await ana.get("/stats/history.csv").text.components(separatedBy: "\r\n")
            #expect(csv[1].hasSuffix(",,,,,,,,,"), "\(csv[1])")
        }
    }
}
