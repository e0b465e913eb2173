import CardTableBasics
import CardTableHTTP
import Foundation
import Hummingbird
import SetCore

/// Rooms over HTTP: making one, joining, starting, moves, and the event log for clients without
/// a WebSocket. API clients send and get JSON; browsers post forms and are sent to the room page.
struct RoomController: Sendable {
    let referee: RoomReferee
    let renderer: PageRenderer
    /// What slows down guessing codes, on every route that names a room.
    let lookupLimit: RoomLookupLimit<CardTableRequestContext>

    /// The body of making a room.
    struct CreateForm: RoomForm {
        let game: CardGame
        /// One of the host's themes, for Memorize.
        let themeID: ThemeID?
        /// The host's name in the room; when missing, the player's name, or "Host".
        let name: String?
        /// The game of Set a Set room plays; Normal when missing.
        let mode: SetVariant?
        /// Whether to list the room under Open rooms (false when missing).
        let open: Bool?
        /// Whether the room's games count for ratings (false, casual, when missing).
        let rated: Bool?
        /// How fast a Memorize room plays: live when missing, or a turn a day.
        let pace: RoomPace?
        /// How many computer opponents to play against: the room is then unlisted, casual, and
        /// its game starts at once (see ``RoomReferee/startAgainstComputer(_:bots:level:for:)``).
        let bots: Int?
        /// How well they play; Casual when missing.
        let level: BotLevel?
    }

    /// The body of listing a room under Open rooms (`true`) or taking it off (`false`).
    struct ListingForm: RoomForm {
        let open: Bool
    }

    /// The body of joining.
    struct JoinForm: RoomForm {
        let name: String
    }

    /// The body of a claim: its cards (as in ``CardClaimForm``) and, optionally, `seen`, the last
    /// event the client had drawn when it chose them. A claim is judged by when its cards reached
    /// the player, whatever `seen` says; it is still checked, for pages that send it.
    struct ClaimForm: RoomForm {
        let cards: [Int]

        init(from decoder: any Decoder) throws {
            cards = try CardClaimForm(from: decoder).cards
            let key = AnyKey("seen")
            // NB: every way `seen` can be wrong is its own fault (JSON's 1.5 throws without a path).
            let container = try decoder.container(keyedBy: AnyKey.self)
            let decoded = Result { try container.decodeIfPresent(Int.self, forKey: key) }
            guard case .success(let seen) = decoded, (seen ?? 0) >= 0 else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [key], debugDescription: "not a whole number from 0"))
            }
        }
    }

    /// A body with nothing to read (start, deal, choose).
    struct EmptyForm: RoomForm {}

    /// What making a room answers.
    struct Created: Encodable {
        /// The code in links, `K7QX4P`.
        let code: String
        /// The code as players read it aloud, `K7Q-X4P`.
        let displayCode: String
        let pageURL: String
        let joinURL: String
        let startURL: String
        let socketURL: String
        let eventsURL: String

        /// The addresses of room `code`.
        init(_ code: RoomCode) {
            self.code = code.rawValue
            displayCode = code.description
            pageURL = RoomRoute.page(code).path
            joinURL = RoomRoute.join(code).path
            startURL = RoomRoute.start(code).path
            socketURL = RoomRoute.socket(code).path
            eventsURL = RoomRoute.events(code, after: 0).path
        }
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(RoomRoute.Template.new, notingIn: routes, use: new)
        group.on(RoomRoute.Template.create, notingIn: routes, use: create)
        let lookups = group.group().add(middleware: lookupLimit)
        lookups.on(RoomRoute.Template.find, notingIn: routes, use: find)
        lookups.on(RoomRoute.Template.page, notingIn: routes, use: show)
        lookups.on(RoomRoute.Template.join, notingIn: routes, use: join)
        lookups.on(RoomRoute.Template.start, notingIn: routes, use: start)
        lookups.on(RoomRoute.Template.claim, notingIn: routes, use: claim)
        lookups.on(RoomRoute.Template.deal, notingIn: routes, use: deal)
        lookups.on(RoomRoute.Template.choose, notingIn: routes, use: choose)
        lookups.on(RoomRoute.Template.events, notingIn: routes, use: events)
        lookups.on(RoomRoute.Template.replay, notingIn: routes, use: replay)
        lookups.on(RoomRoute.Template.listing, notingIn: routes, use: listing)
        RoomBotsController(rooms: self).addRoutes(to: lookups, notingIn: routes)
        RoomChatController(rooms: self).addRoutes(to: lookups, notingIn: routes)
        lookups.on(RoomRoute.Template.again, notingIn: routes, use: playAgain)
    }

    // MARK: - Routes

    /// The form that makes a room: `?game=set` (`&mode=chain` starts it on that game of Set), or
    /// `?game=memorize&themeID=12`; `?game=memorize` alone offers the player's themes.
    @Sendable func new(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard let game = query.get("game").flatMap(CardGame.init(rawValue:)) else {
            throw AppError.badRequest("game must be set or memorize.")
        }
        let themeID = try query.get("themeID").map { text in
            guard let id = ThemeID(text) else {
                throw AppError.badRequest("themeID must be the id of one of your themes, a whole number.")
            }
            return id
        }
        let mode = try query.get("mode").map { text in
            guard game == .set, let mode = SetVariant(rawValue: text) else {
                throw AppError.badRequest(
                    "mode must be a game of Set (\(SetVariant.allCases.map(\.rawValue).joined(separator: ", "))), for a Set room."
                )
            }
            return mode
        }
        let player = try context.requirePlayer()
        let name = try await referee.database.displayName(of: player)
        let themes = game == .memorize && themeID == nil ? try await referee.database.themes(of: player) : []
        return try renderer.respond(
            RoomNewPage(game: game, themeID: themeID, mode: mode, name: name, themes: themes), to: request)
    }

    @Sendable func create(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(CreateForm.self, from: request, context: context)
        var name: DisplayName?
        if let typed = form.name {
            do {
                name = try DisplayName(typed: typed)
            } catch {
                throw try await sendBack(
                    Self.nameError(error), of: request, field: "room-name", typed: typed,
                    message: error.description
                ) {
                    RoomNewPage(
                        game: form.game, themeID: form.themeID, mode: form.mode, rated: form.rated ?? false,
                        pace: form.pace,
                        nameProblem: $0)
                }
            }
        }
        let opponents = try Self.computerOpponents(form)
        var answer: RoomReferee.Answer
        do {
            answer = try await referee.create(
                form.game, themeID: form.themeID, mode: form.mode, hostName: name, open: form.open ?? false,
                rated: form.rated ?? false, pace: form.pace ?? .live,
                listedFrom: listingAddress(request, context),
                replacingComputerGames: opponents != nil, for: Self.host(context))
        } catch let error as AppError
            where error == RoomRefusal.tooManyListedRooms(maximum: referee.limits.listedRoomsPerHost).appError
            || error
                == RoomRefusal.tooManyListedFromAddress(maximum: referee.limits.listedRoomsPerAddress)
                .appError
        {
            // NB: a browser gets the form back, the box unticked, the name kept, the message beside the box.
            throw try await sendBack(error, of: request, field: "room-open", typed: "") {
                RoomNewPage(
                    game: form.game, themeID: form.themeID, mode: form.mode, rated: form.rated ?? false,
                    pace: form.pace,
                    name: name,
                    openProblem: $0)
            }
        }
        let code = answer.room.code
        if let opponents {
            answer = try await referee.startAgainstComputer(
                code, bots: opponents.count, level: opponents.level, for: Self.host(context))
        }
        switch ResponseFormat(request) {
        case .html: return .redirect(to: RoomRoute.page(code))
        case .json:
            return try PageRenderer.json(Created(code), status: .created)
        }
    }

    /// The room whose code a friend read out: `?code=k7q x4p` goes to `/rooms/K7QX4P`. A browser
    /// given a code that is none, or names no room, gets the home page back with the message
    /// beside its Join a room field.
    @Sendable func find(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        // NB: a form sends a space typed in the code as `+`, which the query keeps.
        let typed = (request.uri.queryParameters.get("code") ?? "").replacing("+", with: " ")
        do {
            guard let code = RoomCode(typed) else {
                throw AppError.badRequest(
                    "code must be the six letters and digits of a room, like K7Q-X4P (codes have no 0, 1, I, L or O)."
                )
            }
            _ = try await referee.current(code)
            return .redirect(to: RoomRoute.page(code))
        } catch let error as AppError {
            let player = try context.requirePlayer()
            throw try await sendBack(error, of: request, field: "room-code", typed: typed) {
                try await ChooserPage.home(of: player, in: referee.database, findRoomProblem: $0)
            }
        }
    }

    /// The room's page (`?after=N`: a page that drew event N, which says every event since), or
    /// its snapshot as JSON.
    @Sendable func show(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let code = try Self.code(context)
        let player = try context.requirePlayer()
        switch ResponseFormat(request) {
        case .html:
            let after = try request.uri.queryParameters.get("after").map { _ in try Self.after(request) }
            return try renderer.html(try await page(code, for: player, after: after, request: request))
        case .json:
            let stored = try await referee.current(code)
            let you = stored.room.currentMember(for: player)?.number
            return try PageRenderer.json(
                RoomMessage.Snapshot(lastEvent: stored.lastEvent, you: you, view: RoomView(stored.room)))
        }
    }

    /// Joins (or renames). A browser whose name is refused, as empty, too long or taken, gets the
    /// room page back with the name kept and the message beside the field.
    @Sendable func join(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(JoinForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let code = try Self.code(context)
        let sendBackForm = { (error: AppError, message: String) in
            try await sendBack(error, of: request, field: "room-name", typed: form.name, message: message) {
                try await page(code, for: player, joining: $0, request: request)
            }
        }
        let name: DisplayName
        do {
            name = try DisplayName(typed: form.name)
        } catch {
            throw try await sendBackForm(Self.nameError(error), error.description)
        }
        do {
            return try answer(try await referee.join(code, as: name, for: player), request)
        } catch let error as AppError where error == RoomRefusal.nameTaken(name).appError {
            throw try await sendBackForm(error, error.message)
        }
    }

    /// Lists the room under Open rooms or takes it off (the host).
    @Sendable func listing(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(ListingForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try answer(
            try await referee.setOpen(
                form.open, in: try Self.code(context), for: player, from: listingAddress(request, context)),
            request)
    }

    /// How the address of the client asking is kept with a room it lists (see
    /// ``Room/listingAddress(_:)``).
    private func listingAddress(_ request: Request, _ context: CardTableRequestContext) -> String? {
        Room.listingAddress(
            ClientAddress(request, peer: context.remoteAddress, trusting: lookupLimit.trustedProxies))
    }

    @Sendable func start(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try answer(try await referee.start(try Self.code(context), for: player), request)
    }

    @Sendable func claim(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(ClaimForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try answer(
            try await referee.claim(try Self.code(context), cards: form.cards, for: player),
            request)
    }

    @Sendable func deal(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try answer(try await referee.voteToDeal(try Self.code(context), for: player), request)
    }

    @Sendable func choose(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let card = try context.pathParameter("card", { Int($0) }, mustBe: "a card's id, a whole number")
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try answer(
            try await referee.choose(try Self.code(context), cardID: card, for: player), request)
    }

    /// The messages a client lacks after event `after` (0 when missing): each event (but the talk
    /// of members the player muted), or a snapshot when it is too far behind.
    @Sendable func events(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let code = try Self.code(context)
        let after = try Self.after(request)
        let (events, stored) = try await referee.catchUp(code, after: after)
        let player = try context.requirePlayer()
        let you = stored.room.currentMember(for: player)?.number
        let messages =
            after < stored.lastEvent && events.isEmpty
            ? [
                try JSONText.encode(
                    RoomMessage.Snapshot(lastEvent: stored.lastEvent, you: you, view: RoomView(stored.room)))
            ]
            : events.contains(where: TalkFilter.isTalk)
                ? try await referee.database.talkFilter(code, for: player).visible(events) : events
        return PageRenderer.response(
            body: ByteBuffer(string: RoomMessage.list(messages)),
            contentType: "application/json; charset=utf-8",
            status: .ok)
    }

    /// The replay of one finished game: a page at `?move=N` (the first move when missing), or
    /// every event of the game as JSON.
    @Sendable func replay(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let code = try Self.code(context)
        let game = try context.pathParameter(
            "game", { Int($0) }, mustBe: "a game's number, a whole number from 1")
        let (_, events) = try await referee.replay(code, game: game)
        guard !events.isEmpty else {
            throw AppError.notFound("Game \(game) of room \(code) has no moves to replay.")
        }
        let move = try Self.move(request, of: events.count)
        switch ResponseFormat(request) {
        case .html:
            return try renderer.respond(
                RoomReplayPage(
                    code: code, game: game, events: events, move: move, origin: request.origin),
                to: request)
        case .json:
            return PageRenderer.response(
                body: ByteBuffer(string: RoomMessage.list(events)),
                contentType: "application/json; charset=utf-8", status: .ok)
        }
    }

    // MARK: - Reading requests

    /// The `move` query item of a replay of `count` moves: 1 when missing.
    static func move(_ request: Request, of count: Int) throws -> Int {
        guard let text = request.uri.queryParameters.get("move") else { return 1 }
        guard let move = Int(text), (1...count).contains(move) else {
            throw AppError.badRequest("move must be a whole number from 1 to \(count), the move to show.")
        }
        return move
    }

    static func code(_ context: CardTableRequestContext) throws -> RoomCode {
        try context.pathParameter("code", { RoomCode($0) }, mustBe: "a room code of six letters and digits")
    }

    /// The `after` query item: the last event a client applied.
    static func after(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("after") else { return 0 }
        guard let after = Int(text), after >= 0 else {
            throw AppError.badRequest(
                "after must be the number of the last event you have, a whole number from 0.")
        }
        return after
    }

    /// Who makes a room: a player who came with their cookie. A request without one (or with one
    /// this site did not sign) is refused and stores nothing, neither a room nor a player that
    /// nobody could come back as.
    static func host(_ context: CardTableRequestContext) throws -> PlayerID {
        guard !context.isNewVisitor else {
            throw AppError.forbidden(
                "Making a room needs your player cookie, and this request came without one: open the home "
                    + "page first (with cookies allowed), then make the room from there.")
        }
        return try context.requirePlayer()
    }

    /// How many computer opponents a new room plays against, and how well, or nil for a room of
    /// people; refuses what cannot go with them, naming the field.
    static func computerOpponents(_ form: CreateForm) throws -> (count: Int, level: BotLevel)? {
        let most = Room.maximumPlayers - 1
        guard let count = form.bots else {
            guard form.level == nil else {
                throw AppError.badRequest(
                    "bots: say how many computer opponents play at that level, 1 to \(most).")
            }
            return nil
        }
        guard (1...most).contains(count) else {
            throw AppError.badRequest(
                "bots must be a whole number from 1 to \(most): how many computer opponents.")
        }
        guard form.open != true else {
            throw AppError.badRequest("open: a room against the computer is not listed under Open rooms.")
        }
        guard form.rated != true else {
            throw AppError.badRequest(
                "rated: games against the computer are casual; ratings count people only.")
        }
        guard (form.pace ?? .live) == .live else {
            throw AppError.badRequest(
                "pace: games against the computer are live; a turn a day is for people.")
        }
        return (count, form.level ?? .casual)
    }

    /// The error that says why a typed name cannot be used, naming the field.
    private static func nameError(_ problem: DisplayName.Problem) -> AppError {
        AppError.badRequest("name: \(problem.description)")
    }

    // MARK: - Private

    /// The room's page as `player` sees it: saying what happened since event `after` (see
    /// ``RoomReferee/currentWithWords(_:after:)``), with the join form sent back with `joining`.
    func page(
        _ code: RoomCode, for player: PlayerID, after: Int? = nil, joining: FieldProblem? = nil,
        chatting: FieldProblem? = nil, request: Request
    ) async throws -> RoomPage {
        let (stored, words) = try await referee.currentWithWords(code, after: after)
        // NB: the join form starts with the player's name; a member's, or a closed room's, is not shown.
        let name =
            stored.room.member(for: player) == nil && stored.closedAt == nil
            ? try await referee.database.displayName(of: player) : nil
        let chat = try await RoomChatPanel.read(
            stored, for: player, from: referee.database, sentBack: chatting)
        return RoomPage(
            stored, for: player, announcement: words, origin: request.origin, name: name, joining: joining,
            chat: chat, now: referee.environment.now())
    }

    /// What a refused form answers: `error` to an API client; to a browser, the form's page again
    /// (`page` draws it), what was typed into `field` kept and `message` (the error's own when
    /// nil) beside it.
    func sendBack(
        _ error: AppError, of request: Request, field: String, typed: String, message: String? = nil,
        page: (FieldProblem) async throws -> any PageModel
    ) async throws -> any Error {
        guard ResponseFormat(request) == .html else { return error }
        let problem = FieldProblem(field: field, typed: typed, message: message ?? error.message)
        return FormRejection(error: error, page: try await page(problem))
    }

    /// The events a request added (JSON), or the room page (a form post).
    func answer(_ answer: RoomReferee.Answer, _ request: Request) throws -> Response {
        switch ResponseFormat(request) {
        case .html: return .redirect(to: RoomRoute.page(answer.room.code))
        case .json:
            return PageRenderer.response(
                body: ByteBuffer(string: RoomMessage.list(answer.events)),
                contentType: "application/json; charset=utf-8", status: .ok)
        }
    }
}

/// A room form: its fields' values in words, for error messages.
protocol RoomForm: DescribedInput {}

extension RoomForm {
    static var fieldDescriptions: [String: String] {
        [
            "game": "set or memorize",
            "themeID": "the id of one of your themes, a whole number",
            "name": "your name in the room, 1 to 40 characters",
            "cards": "three card numbers from 0 to 80, like [5, 17, 44] (four in UltraSet)",
            "mode": "normal, junior, chain or ultra",
            "seen": "the number of the last event your page drew, a whole number from 0",
            "open": "true to list the room under Open rooms, false not to",
            "rated": "true for a rated room (its games change the players' ratings), false for a casual one",
            "pace": "live (everyone at the table at once) or daily (a turn a day), for a Memorize room",
            "bots":
                "how many computer opponents to play against, a whole number from 1 to \(Room.maximumPlayers - 1)",
            "level": "how well computer opponents play: \(BotLevel.choices)",
            "text": "a chat message, 1 to \(ChatMessage.maximumLength) characters",
            "emoji": "a reaction: one of \(Reaction.choices)",
            "audience": "who may chat: \(ChatAudience.choices)",
            "muted": "true to mute the member, false to hear them again",
        ]
    }
}
