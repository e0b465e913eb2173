import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Hummingbird
import SetCore

/// A player's stats page and their history as CSV.
struct StatsController: Sendable {
    let database: any CardTableDatabase
    let environment: WebEnvironment
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(StatsRoute.Template.page, notingIn: routes) { request, context in
            let player = try context.requirePlayer()
            async let history = database.finishedGames(of: player)
            async let solves = database.dailySolves(of: player)
            async let ratings = database.ratings(of: player)
            async let ratingChanges = database.ratingChanges(of: player)
            async let recentPlayers = database.recentPlayers(of: player)
            let now = environment.now()
            // NB: *Invite to a room* to Memorize names the player's theme of the name played.
            let recent = try await recentPlayers
            let themes = recent.contains { $0.game == .memorize } ? try await database.themes(of: player) : []
            let today = PuzzleDate(day: now)
            let streak = DailyStreak(
                solvedOnTheDay: try await solves.filter(\.isOnItsDay).map(\.date), today: today)
            return try renderer.respond(
                StatsPage(
                    history: try await history, streak: streak, ratings: try await ratings,
                    ratingChanges: try await ratingChanges,
                    recentPlayers: recent.map { RecentPlayerRow($0, themes: themes, now: now) }, now: now),
                to: request)
        }
        group.on(StatsRoute.Template.history, notingIn: routes) { _, context in
            let history = try await database.finishedGames(of: context.requirePlayer())
            var headers = HTTPFields()
            headers[.contentType] = "text/csv; charset=utf-8"
            headers[.contentDisposition] = #"attachment; filename="cardtable-history.csv""#
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: HistoryCSV.text(of: history))))
        }
    }
}
