/// What a member sends on a room's WebSocket: `{"type": "claim", "cards": [5, 17, 44]}`,
/// `{"type": "deal"}`, `{"type": "choose", "card": 7}`, `{"type": "start"}`, or
/// `{"type": "join", "name": "Ana"}`.
enum RoomSocketRequest: Decodable, Equatable {
    case claim([Int])
    case deal
    case choose(Int)
    case start
    case join(String)

    private enum CodingKeys: String, CodingKey {
        case type, cards, card, name
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
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(.init("\(field) is not what a \(Self.expectation(of: field))."))
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
                throw RoomSocketProblem("cards is not what a claim names: three card numbers from 0 to 80.")
            }
            self = .claim(cards)
        case "deal": self = .deal
        case "choose": self = .choose(try container.decode(Int.self, forKey: .card))
        case "start": self = .start
        case "join": self = .join(try container.decode(String.self, forKey: .name))
        default:
            throw RoomSocketProblem(
                "There is no request of type \"\(type)\": send claim, deal, choose, start or join.")
        }
    }

    private static func expectation(of field: String) -> String {
        switch field {
        case "cards": "claim names: three card numbers from 0 to 80"
        case "card": "choice names: a card's id, a whole number"
        case "name": "join names: your name in the room"
        default: "request names: claim, deal, choose, start or join"
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
