import CardTableHTTP
import Hummingbird
import SetCore

/// The daily Set puzzle: today's, any earlier day's, starting, claiming, replaying, and the
/// archive. Browsers are redirected back to the day's page after each post; API clients get the
/// page's state as JSON.
struct DailyController: Sendable {
    let referee: DailyReferee
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(DailyRoute.Template.today, notingIn: routes) { request, context in
            try await show(referee.today, request, context)
        }
        // NB: registered before `{date}`, which would otherwise take "archive" for a date.
        group.on(DailyRoute.Template.archive, notingIn: routes, use: archive)
        group.on(DailyRoute.Template.day, notingIn: routes) { request, context in
            try await show(try date(in: context), request, context)
        }
        group.on(DailyRoute.Template.start, notingIn: routes) { request, context in
            let date = try date(in: context)
            return try answer(try await referee.start(date, for: context.requirePlayer()), request)
        }
        group.on(DailyRoute.Template.claim, notingIn: routes) { request, context in
            let date = try date(in: context)
            let form = try await RequestInput.decode(CardClaimForm.self, from: request, context: context)
            return try answer(
                try await referee.claim(form.cards, on: date, for: context.requirePlayer()), request)
        }
        group.on(DailyRoute.Template.replay, notingIn: routes) { request, context in
            let date = try date(in: context)
            return try answer(try await referee.replay(date, for: context.requirePlayer()), request)
        }
    }

    // MARK: - Private

    private func show(_ date: PuzzleDate, _ request: Request, _ context: CardTableRequestContext) async throws
        -> Response
    {
        try renderer.respond(
            DailyPage(try await referee.snapshot(of: date, for: context.requirePlayer())), to: request)
    }

    /// The archive: the 30 days up to `?before=` (today by default), or, with `?date=`, a
    /// redirect to that day's puzzle (what the archive's date form sends).
    @Sendable private func archive(_ request: Request, context: CardTableRequestContext) async throws
        -> Response
    {
        let query = request.uri.queryParameters
        let today = referee.today
        if let text = query["date"] {
            if PuzzleDate.isDayBeforeFirst(text) {
                throw AppError.badRequest(DailyDays.noPuzzle(on: String(text), field: "date", today: today))
            }
            guard let date = PuzzleDate(text) else {
                if let why = PuzzleDate.whyNoDay(text) {
                    throw AppError.badRequest("date: there is no day \(text): \(why).")
                }
                throw AppError.badRequest("date must be a day written YYYY-MM-DD, like 2026-11-25.")
            }
            guard date <= today else {
                throw AppError.badRequest(DailyDays.notOutYet(date, field: "date", today: today))
            }
            return .redirect(to: DailyRoute.day(date))
        }
        var last = today
        if let text = query["before"] {
            guard let before = PuzzleDate(text) else {
                throw AppError.badRequest("before must be a day written YYYY-MM-DD, like 2026-11-25.")
            }
            last = min(today, before.adding(days: -1) ?? before)
        }
        let solves = try await referee.solves(of: context.requirePlayer())
        return try renderer.respond(
            DailyArchivePage(endingOn: last, today: today, solves: solves), to: request)
    }

    /// The day the address names; one after today is turned down by the referee.
    private func date(in context: CardTableRequestContext) throws -> PuzzleDate {
        if let text = context.parameters.get("date"), PuzzleDate.isDayBeforeFirst(text) {
            throw AppError.notFound(DailyDays.noPuzzle(on: text, field: "its date", today: referee.today))
        }
        if let text = context.parameters.get("date"), let why = PuzzleDate.whyNoDay(text) {
            throw AppError.notFound("There is nothing at this address: there is no day \(text), \(why).")
        }
        return try context.pathParameter(
            "date", { PuzzleDate($0) }, mustBe: "a day written YYYY-MM-DD, like 2026-11-25")
    }

    private func answer(_ snapshot: DailyReferee.Snapshot, _ request: Request) throws -> Response {
        switch ResponseFormat(request) {
        case .html: .redirect(to: DailyRoute.day(snapshot.puzzle.date))
        case .json: try PageRenderer.json(DailyPage(snapshot))
        }
    }
}
