import CardTableHTTP
import Foundation
import Hummingbird

/// Open rooms over HTTP: the list (a page, or JSON) and Quick play.
struct LobbyController: Sendable {
    let referee: RoomReferee
    let renderer: PageRenderer
    /// The proxies believed about the client's address, which a room Quick play lists is kept with.
    let trustedProxies: TrustedProxies

    /// The body of Quick play: the name to play under, when the player has none yet.
    struct QuickPlayForm: RoomForm {
        let name: String?
    }

    /// What `GET /rooms/open` answers.
    struct OpenRooms: Encodable {
        let rooms: [OpenRoom]

        init(_ listed: (rooms: [(room: Room, createdAt: Date)], ratings: RatingBook)) {
            rooms = listed.rooms.map { OpenRoom($0.room, createdAt: $0.createdAt, ratings: listed.ratings) }
        }
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(LobbyRoute.Template.list, notingIn: routes, use: list)
        group.on(LobbyRoute.Template.openRooms, notingIn: routes, use: openRooms)
        group.on(LobbyRoute.Template.quickPlay, notingIn: routes, use: quickPlay)
    }

    /// The page of open rooms (JSON: as `GET /rooms/open`).
    @Sendable func list(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let rooms = try await referee.openRooms()
        switch ResponseFormat(request) {
        case .html:
            let player = try context.requirePlayer()
            let name = try await referee.database.displayName(of: player)
            return try renderer.html(
                LobbyPage(
                    rooms: rooms.rooms, ratings: rooms.ratings, for: player, name: name,
                    now: referee.environment.now()))
        case .json: return try PageRenderer.json(OpenRooms(rooms))
        }
    }

    /// The open rooms as JSON, whatever the request accepts.
    @Sendable func openRooms(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        try PageRenderer.json(OpenRooms(try await referee.openRooms()))
    }

    /// Seats the player at an open Set table (see ``RoomReferee/quickPlay(as:for:)``) and sends
    /// them there (JSON: `{"code", "pageURL"}`). Without a name, the player's own is used; a
    /// player who has none is asked for one first (a browser gets the name form).
    @Sendable func quickPlay(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(QuickPlayForm.self, from: request, context: context)
        let player = try RoomController.host(context)
        let name: DisplayName
        if let typed = form.name {
            do {
                name = try DisplayName(typed: typed)
            } catch {
                let error = AppError.badRequest("name: \(error.description)")
                guard ResponseFormat(request) == .html else { throw error }
                let problem = FieldProblem(field: "room-name", typed: typed, message: error.message)
                throw FormRejection(error: error, page: RoomNewPage(quickPlayNameProblem: problem))
            }
        } else if let known = try await referee.database.displayName(of: player) {
            name = known
        } else {
            guard ResponseFormat(request) == .html else {
                throw AppError.badRequest("name: Type a name to show the others (you have none yet).")
            }
            return try renderer.respond(RoomNewPage(quickPlayNameProblem: nil), to: request)
        }
        let address = ClientAddress(request, peer: context.remoteAddress, trusting: trustedProxies)
        let code = try await referee.quickPlay(as: name, for: player, from: Room.listingAddress(address))
        switch ResponseFormat(request) {
        case .html: return .redirect(to: RoomRoute.page(code))
        case .json:
            return try PageRenderer.json(
                QuickPlayAnswer(code: code.rawValue, pageURL: RoomRoute.page(code).path))
        }
    }

    /// What Quick play answers an API client: the room it is in now.
    struct QuickPlayAnswer: Encodable {
        let code: String
        let pageURL: String
    }
}
