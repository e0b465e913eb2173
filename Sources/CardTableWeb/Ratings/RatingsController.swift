import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Hummingbird
import SetCore

/// Ratings over HTTP: a player's own (`GET /ratings`, JSON) and the leaderboards (a page, or JSON).
struct RatingsController: Sendable {
    let database: any CardTableDatabase
    let environment: WebEnvironment
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(RatingsRoute.Template.ratings, notingIn: routes) { _, context in
            let player = try context.requirePlayer()
            let now = environment.now()
            let ratings = try await database.ratings(of: player).map { RatingSummary($0, at: now) }
            return try PageRenderer.json(RatingsAnswer(ratings: ratings))
        }
        group.on(RatingsRoute.Template.leaderboard, notingIn: routes) { request, context in
            let pool = try Self.pool(request)
            let board = try await database.leaderboard(pool, for: context.playerID, at: environment.now())
            switch ResponseFormat(request) {
            case .html: return try renderer.html(LeaderboardPage(board))
            case .json: return try PageRenderer.json(LeaderboardAnswer(board: board))
            }
        }
    }

    /// The pool `?game=` and `?mode=` name: Set Normal without either, a game's first mode without
    /// `mode`.
    /// - Throws: ``AppError/badRequest(_:)`` naming the field that names none.
    static func pool(_ request: Request) throws -> RatingPool {
        let query = request.uri.queryParameters
        let game = query.get("game") ?? CardGame.set.rawValue
        guard let known = CardGame(rawValue: game) else {
            throw AppError.badRequest("game: set or memorize, not \(game.prefix(40)).")
        }
        let mode = query.get("mode") ?? (known == .set ? SetVariant.normal.rawValue : RatingPool.memorizeMode)
        guard let pool = RatingPool(game: game, mode: mode) else {
            throw AppError.badRequest(
                "mode: " + (known == .set ? "normal, junior, chain or ultra" : "standard")
                    + " for \(game), not \(mode.prefix(40)).")
        }
        return pool
    }
}
