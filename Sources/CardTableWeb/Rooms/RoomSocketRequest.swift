import CardTableBasics

/// What a member sends on a room's WebSocket: `{"type": "claim", "cards": [5, 17, 44]}` (older
/// pages add `"seen": 9`, the last event drawn, which is checked but no longer decides anything),
/// `{"type": "deal"}`, `{"type": "choose", "card": 7}`, `{"type": "start"}`,
/// `{"type": "join", "name": "Ana"}`, `{"type": "chat", "text": "nice one!"}` or
/// `{"type": "react", "emoji": "🎉"}`.
enum RoomSocketRequest: Decodable, Equatable {
    case claim([Int])
    case deal
    case choose(Int)
    case start
    case join(String)
    case chat(String)
    case react(Reaction)

    private enum CodingKeys: String, CodingKey {
        case type, cards, seen, card, name, text, emoji
    }

    /// The message as a request, or why it is not one, in words for the sender.
    static func parse(_ text: String) -> Result<RoomSocketRequest, RoomSocketProblem> {
        guard text.utf8.count <= maximumBytes else {
            return .failure(.init("That message is too long: a request fits in \(maximumBytes) bytes."))
        }
        do {
            return .success(try JSONText.decode(RoomSocketRequest.self, from: text))
        } catch let problem as RoomSocketProblem {
            return .failure(problem)
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(.init("The message needs \(key.stringValue)."))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty
        {
            // NB: the top field is named: a list's item (`cards.Index 1`) is the list's fault.
            return .failure(.init(Self.mistyped(context.codingPath.first?.stringValue ?? "")))
        } catch {
            return .failure(.init("That message is not JSON: send an object such as {\"type\": \"deal\"}."))
        }
    }

    /// The longest request read; longer ones are answered with an error (up to the socket's
    /// frame limit, above which the connection closes).
    static let maximumBytes = 2048

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "claim":
            let cards = try container.decode([Int].self, forKey: .cards)
            guard CardClaimForm.couldBeAClaim(cards) else {
                throw RoomSocketProblem(
                    "cards is not what a claim names: three card numbers from 0 to 80 (four in UltraSet).")
            }
            // NB: every way `seen` can be wrong is its own fault (JSON's 1.5 throws without a path).
            let decoded = Result { try container.decodeIfPresent(Int.self, forKey: .seen) }
            guard case .success(let seen) = decoded, (seen ?? 0) >= 0 else {
                throw RoomSocketProblem(Self.mistyped("seen"))
            }
            self = .claim(cards)
        case "deal": self = .deal
        case "choose": self = .choose(try container.decode(Int.self, forKey: .card))
        case "start": self = .start
        case "join": self = .join(try container.decode(String.self, forKey: .name))
        case "chat": self = .chat(try container.decode(String.self, forKey: .text))
        case "react": self = .react(try container.decode(Reaction.self, forKey: .emoji))
        default:
            throw RoomSocketProblem(
                "There is no request of type \"\(type)\": send claim, deal, choose, start, join, chat or react."
            )
        }
    }

    /// What is wrong with `field`, in words.
    private static func mistyped(_ field: String) -> String {
        switch field {
        case "cards": "cards is not what a claim names: three card numbers from 0 to 80 (four in UltraSet)."
        case "seen": "seen must be the number of the last event you drew, a whole number from 0."
        case "card": "card is not what a choice names: a card's id, a whole number."
        case "name": "name is not what a join names: your name in the room."
        case "text": "text is not what a chat message holds: the message, as text."
        case "emoji": "emoji is not a reaction: send one of \(Reaction.choices)."
        default: "\(field) is not what a request names: claim, deal, choose, start, join, chat or react."
        }
    }
}

/// A socket message the room could not take, and why.
struct RoomSocketProblem: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
