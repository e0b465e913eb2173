import CardTableBasics
import CardTableStorage
import Mustache
import TemplateFields

/// The chat beside a room's table (`room-chat.mustache`): the last messages the viewer hears,
/// the field to send one, the quick reactions, whom they mute, and for the host who may chat.
/// `room.js` adds each new message as it comes; without script every control is a form.
@TemplateFields
struct RoomChatPanel: Encodable, Sendable {
    /// A message in the list: the sender's name and the message, both text.
    @TemplateFields
    struct Line: Encodable, Sendable {
        let number: Int
        let member: Int
        let name: String
        let text: String
        let isYou: Bool
    }

    /// Another member, whom the viewer may mute or hear again.
    @TemplateFields
    struct Person: Encodable, Sendable {
        let number: Int
        let name: String
        let isMuted: Bool
        let muteURL: String
    }

    /// A quick reaction's button.
    @TemplateFields
    struct ReactionButton: Encodable, Sendable {
        let emoji: String
        let label: String
    }

    /// A choice of the host's menu of who may chat.
    @TemplateFields
    struct AudienceChoice: Encodable, Sendable {
        let value: String
        let label: String
        let isSelected: Bool
    }

    /// How many messages a page shows when it loads.
    static let shownMessages = 30

    let lines: [Line]
    @TemplateField
    var hasLines: Bool { !lines.isEmpty }
    let isMember: Bool
    /// Whether the viewer may send messages and reactions now.
    let canTalk: Bool
    /// Why they may not, when they are a member who may not.
    let quietText: String?
    let chatURL: String
    let reactionsURL: String
    let reactions = Reaction.allCases.map { ReactionButton(emoji: $0.rawValue, label: $0.label) }
    let people: [Person]
    @TemplateField
    var hasPeople: Bool { !people.isEmpty }
    let isHost: Bool
    let audienceURL: String
    let audiences: [AudienceChoice]
    /// A message the server sent back, with what was wrong with it.
    let sentBack: FieldProblem?
    let maximumLength = ChatMessage.maximumLength

    /// The panel of room `stored` as `player` sees it, reading the messages they hear.
    static func read(
        _ stored: StoredRoom, for player: PlayerID, from database: any CardTableDatabase,
        sentBack: FieldProblem? = nil
    ) async throws -> RoomChatPanel {
        let room = stored.room
        guard room.currentMember(for: player) != nil else {
            return RoomChatPanel(stored, for: player, lines: [], muted: [], sentBack: sentBack)
        }
        let (bodies, muted) = try await database.read { transaction in
            (
                try transaction.roomEvents(room.code, .lastChat(shownMessages), lastEvent: stored.lastEvent),
                try transaction.mutedPlayers(of: player)
            )
        }
        let lines = bodies.compactMap { try? JSONText.decode(ChatLine.self, from: $0) }
        return RoomChatPanel(stored, for: player, lines: lines, muted: muted, sentBack: sentBack)
    }

    init(
        _ stored: StoredRoom, for player: PlayerID, lines: [ChatLine], muted: Set<PlayerID>,
        sentBack: FieldProblem?
    ) {
        let room = stored.room
        let code = room.code
        let you = room.currentMember(for: player)
        let hidden = room.talkHidden(from: player, muting: muted)
        let isOpen = stored.closedAt == nil
        isMember = you != nil
        isHost = isOpen && you?.number == room.host.number
        self.lines = lines.compactMap { line in
            guard let member = line.member, !hidden.hides(member) else { return nil }
            return Line(
                number: line.number, member: member, name: line.name ?? "", text: line.text,
                isYou: member == you?.number)
        }
        var quiet: String?
        if let you {
            do { try room.requireMayTalk(you) } catch { quiet = error.description }
            if !isOpen { quiet = "This room is closed." }
        }
        quietText = quiet
        canTalk = you != nil && quiet == nil
        chatURL = RoomRoute.chat(code).path
        reactionsURL = RoomRoute.reactions(code).path
        audienceURL = RoomRoute.chatAudience(code).path
        people =
            you == nil
            ? []
            : room.listedMembers.filter { $0.number != you?.number && $0.bot == nil }.map {
                Person(
                    number: $0.number, name: $0.name.text, isMuted: muted.contains($0.player),
                    muteURL: RoomRoute.mute(code, member: $0.number).path)
            }
        audiences = ChatAudience.allCases.map {
            AudienceChoice(value: $0.rawValue, label: $0.label, isSelected: $0 == room.chatAudience)
        }
        self.sentBack = sentBack
    }
}
