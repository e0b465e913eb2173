import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// *Recent players* on the stats page, and *Invite to a room*: the form that makes a room of the
/// game played (the same game of Set; Memorize with the inviter's theme of that name, or their
/// themes to choose from).
@Suite struct RecentPlayersHTTPTests {
    @Test func theStatsPageListsWhoYouPlayedWithAndInvitesThemToARoomOfThatGame() async throws {
        try await withTestApp { session in
            let (_, ana, bo) = try await RoomReplayTests().finishedSetRoom(session)
            let stats = try await ana.get("/stats", json: true).decode(StatsPageJSON.self)
            let bos = try #require(stats.recentPlayers.first)
            #expect(stats.recentPlayers.count == 1)
            #expect(bos.name == "<i>Bo</i>" && bos.game == "set" && bos.variant == "normal")
            #expect(bos.gameName == "Set" && bos.theme == nil)
            #expect(bos.inviteURL == "/rooms/new?game=set&mode=normal")
            #expect(
                try await bo.get("/stats", json: true).decode(StatsPageJSON.self).recentPlayers.map(\.name)
                    == ["Ana"])
            // The page shows the name as text, when, and the invite.
            let page = try await ana.get("/stats").text
            #expect(page.contains(#"<strong class="stats-person-name">&lt;i&gt;Bo&lt;/i&gt;</strong>"#))
            // NB: the test clock moves 30 s a request.
            #expect(page.contains(#"<time datetime="\#(bos.playedAt)">3 min ago</time>"#))
            #expect(
                page.contains(
                    #"href="/rooms/new?game=set&amp;mode=normal" data-invite>Invite<span class="visually-hidden"> &lt;i&gt;Bo&lt;/i&gt;</span> to a room</a>"#
                ))
            #expect(!page.contains("<i>Bo</i>"))
            // The invite opens the form on that game of Set.
            let form = try await ana.get(bos.inviteURL)
            #expect(form.status == .ok)
            #expect(form.text.contains(#"value="normal" checked"#))
            // A player with no room game yet has nobody to list.
            let newcomer = try await session.newPlayer()
            #expect(
                try await newcomer.get("/stats", json: true).decode(StatsPageJSON.self).recentPlayers.isEmpty)
            #expect(!(try await newcomer.get("/stats").text.contains("Recent players")))
        }
    }

    @Test func theFormStartsOnTheGameOfSetItIsGivenAndRefusesOneThatIsNone() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let chain = try await ana.get("/rooms/new?game=set&mode=chain").text
            #expect(chain.contains(#"value="chain" checked"#) && !chain.contains(#"value="normal" checked"#))
            var response = try await ana.get("/rooms/new?game=set&mode=poker")
            #expect(response.status == .badRequest)
            #expect(
                response.text.contains(
                    "mode must be a game of Set (normal, junior, chain, ultra), for a Set room."))
            response = try await ana.get("/rooms/new?game=memorize&mode=chain")
            #expect(response.status == .badRequest)
        }
    }

    @Test func aMemorizeInviteNamesTheInvitersThemeOfThatNameOrOffersTheirThemes() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            // A player's themes start as the built-in ones; the first is chosen.
            let page = try await ana.get("/rooms/new?game=memorize").text
            let options = page.matches(of: #/<option value="(\d+)"( selected)?>([^<]+)</option>/#)
            #expect(options.count > 1)
            let first = try #require(options.first)
            #expect(first.output.2 != nil && options.dropFirst().allSatisfy { $0.output.2 == nil })
            #expect(page.contains(#"<select id="room-theme" name="themeID" data-room-theme>"#))
            // Posting the form makes a room of that theme.
            let made = try await ana.post(
                "/rooms", form: [("game", "memorize"), ("themeID", String(first.output.1)), ("name", "Ana")])
            #expect(made.status == .seeOther)
            let themes = try await session.store.themes(of: ana.player)
            let theme = try #require(themes.first { $0.id.description == first.output.1 })
            let recent = RecentPlayer(
                name: "Bo", game: .memorize, variant: nil, theme: theme.theme.name, playedAt: Date())
            #expect(
                RecentPlayerRow(recent, themes: themes, now: Date()).inviteURL
                    == "/rooms/new?game=memorize&themeID=\(theme.id)")
            let elsewhere = RecentPlayer(
                name: "Bo", game: .memorize, variant: nil, theme: "Bo's own theme", playedAt: Date())
            let row = RecentPlayerRow(elsewhere, themes: themes, now: Date())
            #expect(
                row.inviteURL == "/rooms/new?game=memorize" && row.gameName == "Memorize · Bo's own theme")
            // Without themes the form says where to make one.
            #expect(
                RoomNewPage(game: .memorize, themeID: nil, themes: []).lacksThemes
                    && !RoomNewPage(game: .memorize, themeID: nil, themes: themes).lacksThemes)
        }
    }

    @Test func howLongAgoIsSaidInWords() {
        let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
        let cases: [(TimeInterval, String)] = [
            (-30, "just now"), (0, "just now"), (59, "just now"), (60, "1 min ago"), (59 * 60, "59 min ago"),
            (60 * 60, "1 h ago"), (23 * 3600 + 3599, "23 h ago"), (24 * 3600, "yesterday"),
            (47 * 3600, "yesterday"), (48 * 3600, "2 days ago"), (13 * 86400, "13 days ago"),
            (14 * 86400, "on 2029-06-25"),
        ]
        for (seconds, words) in cases {
            #expect(RecentPlayerRow.ago(now.addingTimeInterval(-seconds), now: now) == words, "\(seconds)")
        }
    }
}
