import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A generated corpus of hostile requests: none gets a 5xx, and none that is refused changes
/// what the player who sent it has saved.
/// It runs in the second pass (`Tests/Postgres/second-pass.sh`, which sets
/// `CARDTABLE_TEST_HEAVY_WALKS`), for the same reason as ``DamageWalkTests``.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARDTABLE_TEST_HEAVY_WALKS"] == "1"))
struct HostileCorpusTests {
    static let theme = Theme(name: "Frogs", emojis: ["🐸", "🦄", "🐝", "🐼"], numberOfPairs: 3, color: "teal")

    @Test func noHostileRequestGetsA5xxOrChangesWhatARefusalShouldNot() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let other = try await session.newPlayer()
            // NB: themes of their own (built-in ones are shared until a player changes their list).
            let mine = try await session.store.addTheme(Self.theme, for: browser.player)
            let theirs = try await session.store.addTheme(Self.theme, for: other.player)
            // Games in play (stored by a first move), so refusals have something to leave alone.
            _ = try await browser.post("/play/\(mine.id)/choose/1")
            _ = try await browser.post("/play/random/new")
            _ = try await browser.post("/set/new", form: [("mode", "solo")])

            let startingThemes = Set(try await session.store.themes(of: browser.player).map(\.id))
            let corpus = HostileCorpus(themeID: mine.id.rawValue, otherPlayersThemeID: theirs.id.rawValue)
                .cases
            #expect(corpus.count >= 2000)
            var statuses: [Int: Int] = [:]
            for request in corpus {
                let before = try await SavedState(of: browser.player, in: session.store)
                let response = try await browser.send(request)
                statuses[response.status.code, default: 0] += 1
                #expect(response.status.code < 500, "\(response.status.code) for \(request)")
                if (400..<500).contains(response.status.code) {
                    let after = try await SavedState(of: browser.player, in: session.store)
                    #expect(after == before, "\(response.status.code) changed the saved state: \(request)")
                }
                // NB: themes that accepted requests added go again, so every request meets the
                // same short list (long lists only make pages slower to draw).
                for added in try await session.store.themes(of: browser.player)
                where !startingThemes.contains(added.id) {
                    _ = try await session.store.deleteTheme(added.id, for: browser.player)
                }
            }
            #expect(try await session.store.themes(of: other.player).contains(theirs))
            print("Hostile corpus: \(corpus.count) requests; statuses \(statuses.sorted { $0.key < $1.key })")
        }
    }
}

/// Every row a player has saved, as the database holds it.
private struct SavedState: Equatable {
    /// Each table's rows, every column's value written out.
    let rows: [[String]]

    init(of player: PlayerID, in store: SQLiteDatabase) async throws {
        rows = try await store.read { transaction in
            try ["theme", "memorize_game", "set_game"].map { table in
                try Row.fetchAll(
                    transaction.db, sql: "SELECT * FROM \(table) WHERE player_id = ? ORDER BY rowid",
                    arguments: [player.rawValue]
                ).map(\.description)
            }
        }
    }
}

extension Browser {
    /// Sends one corpus request with this browser's cookie.
    fileprivate func send(_ request: HostileCorpus.Case) async throws -> TestResponse {
        var headers: HTTPFields = [.cookie: cookie]
        if request.wantsJSON { headers[.accept] = "application/json" }
        if let type = request.contentType { headers[.contentType] = type }
        return try await client.execute(
            uri: request.path, method: request.method, headers: headers, body: ByteBuffer(bytes: request.body)
        )
    }
}
