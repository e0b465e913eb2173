import CardTableBasics
import CardTableHTTP
import Hummingbird

/// Talk at a room's table over HTTP: chat messages, reactions, muting, and the host's say over
/// who talks and who stays. API clients get the events each change added (a mute, what it is
/// now); browsers post forms and are sent back to the room page.
struct RoomChatController: Sendable {
    let rooms: RoomController

    /// The body of a chat message.
    struct ChatForm: RoomForm {
        let text: String
    }

    /// The body of a reaction.
    struct ReactionForm: RoomForm {
        let emoji: Reaction
    }

    /// The body of the host's choice of who may chat.
    struct AudienceForm: RoomForm {
        let audience: ChatAudience
    }

    /// The body of muting a member (`true`) or hearing them again (`false`).
    struct MuteForm: RoomForm {
        let muted: Bool
    }

    /// What muting answers an API client.
    struct Muted: Encodable {
        let member: Int
        let muted: Bool
    }

    func addRoutes(to lookups: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        lookups.on(RoomRoute.Template.chat, notingIn: routes, use: say)
        lookups.on(RoomRoute.Template.reactions, notingIn: routes, use: react)
        lookups.on(RoomRoute.Template.chatAudience, notingIn: routes, use: changeAudience)
        lookups.on(RoomRoute.Template.member, notingIn: routes, use: remove)
        lookups.on(RoomRoute.Template.removeMember, notingIn: routes, use: remove)
        lookups.on(RoomRoute.Template.mute, notingIn: routes, use: mute)
    }

    // MARK: - Routes

    /// Sends a chat message. A browser whose message is refused (empty, too long) gets the room
    /// page back with the message kept and what was wrong beside it.
    @Sendable func say(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(ChatForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let code = try RoomController.code(context)
        do {
            return try rooms.answer(try await rooms.referee.say(form.text, in: code, for: player), request)
        } catch let error as AppError where error.status == .badRequest || error.status == .tooManyRequests {
            throw try await rooms.sendBack(error, of: request, field: "room-chat-text", typed: form.text) {
                try await rooms.page(code, for: player, chatting: $0, request: request)
            }
        }
    }

    @Sendable func react(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(ReactionForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try rooms.answer(
            try await rooms.referee.react(form.emoji, in: try RoomController.code(context), for: player),
            request)
    }

    @Sendable func changeAudience(_ request: Request, context: CardTableRequestContext) async throws
        -> Response
    {
        let form = try await RequestInput.decode(AudienceForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try rooms.answer(
            try await rooms.referee.changeChat(
                to: form.audience, in: try RoomController.code(context), for: player),
            request)
    }

    /// Removes a member: `DELETE /rooms/{code}/members/{number}`, or a form's post to `…/remove`.
    @Sendable func remove(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let number = try RoomBotsController.member(context)
        _ = try await RequestInput.decode(RoomController.EmptyForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try rooms.answer(
            try await rooms.referee.remove(number, from: try RoomController.code(context), for: player),
            request)
    }

    @Sendable func mute(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let number = try RoomBotsController.member(context)
        let form = try await RequestInput.decode(MuteForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let code = try RoomController.code(context)
        try await rooms.referee.setMuted(form.muted, member: number, in: code, for: player)
        switch ResponseFormat(request) {
        case .html: return .redirect(to: RoomRoute.page(code))
        case .json: return try PageRenderer.json(Muted(member: number, muted: form.muted))
        }
    }
}
